//! Bit sets over a board's squares: `u64` for boards that fit, `u128` for 12x12.

use crate::square::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The operations move generation needs from a board-sized set of bits.
///
/// Bit `i` is the square with internal index `i` (see [`crate::geometry`]).
pub trait BitSet:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// Number of bits in the type.
    const WIDTH: u32;
    /// The set holding only `i`.
    fn bit(i: u32) -> Self;
    /// Whether `i` is in the set.
    fn has(self, i: u32) -> bool;
    /// Number of members.
    fn count(self) -> u32;
    /// Lowest member; undefined (returns `WIDTH`) on an empty set.
    fn lowest(self) -> u32;
    /// Highest member; undefined on an empty set.
    fn highest(self) -> u32;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Shift towards higher indices by `n` (positive) or lower (negative).
    fn shift(self, n: i32) -> Self;
    /// Widen to `u128` (for notation and I/O code that is not generic).
    fn to_u128(self) -> u128;
    /// The 64 bits from bit `first` up (`first` below [`BitSet::WIDTH`]).
    fn bits_from(self, first: u32) -> u64;
    /// Narrow from `u128`, dropping bits that do not fit.
    fn from_u128(v: u128) -> Self;

    /// Whether [`BitSet::gather`] and [`BitSet::scatter`] are single instructions on this
    /// build (PEXT and PDEP, for `u64` where the target has BMI2).
    const FAST_GATHER: bool;
    /// The members of `self` within `mask`, packed into the low bits in the order of `mask`'s
    /// members (`mask` has at most 64).
    fn gather(self, mask: Self) -> u64;
    /// The low bits of `bits` placed on `mask`'s members, in order: the inverse of
    /// [`BitSet::gather`].
    fn scatter(bits: u64, mask: Self) -> Self;

    /// Iterate over members from lowest to highest.
    #[inline]
    fn iter(self) -> Bits<Self> {
        Bits(self)
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    fn contains(self, square: Square) -> bool {
        self.has(square.index())
    }

    /// The set holding only `square`.
    #[inline(always)]
    fn of(square: Square) -> Self {
        Self::bit(square.index())
    }

    /// The members as squares, lowest first.
    #[inline]
    fn squares(self) -> impl Iterator<Item = Square> {
        self.iter().map(Square::new)
    }
}

macro_rules! impl_bitset {
    ($t:ty, $gather:ident) => {
        impl BitSet for $t {
            const ZERO: Self = 0;
            const FAST_GATHER: bool = $gather::FAST;
            #[inline(always)]
            fn gather(self, mask: Self) -> u64 {
                $gather::gather(self, mask)
            }
            #[inline(always)]
            fn scatter(bits: u64, mask: Self) -> Self {
                $gather::scatter(bits, mask)
            }
            const WIDTH: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn has(self, i: u32) -> bool {
                (self >> i) & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn shift(self, n: i32) -> Self {
                if n >= 0 {
                    self << n
                } else {
                    self >> -n
                }
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn bits_from(self, first: u32) -> u64 {
                (self >> first) as u64
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}

impl_bitset!(u64, gather64);
impl_bitset!(u128, gather128);

/// Gather and scatter for `u64` by the processor's PEXT and PDEP, where the build targets
/// processors that have them (BMI2: Intel Core since 2013, AMD since 2015).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod gather64 {
    pub const FAST: bool = true;
    #[inline(always)]
    pub fn gather(v: u64, mask: u64) -> u64 {
        safe_arch::population_extract_u64(v, mask)
    }
    #[inline(always)]
    pub fn scatter(bits: u64, mask: u64) -> u64 {
        safe_arch::population_deposit_u64(bits, mask)
    }
}

/// Gather and scatter for `u64` one bit at a time, where the build has no PEXT and PDEP;
/// move generation then does not use them.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
mod gather64 {
    pub const FAST: bool = false;
    pub fn gather(v: u64, mask: u64) -> u64 {
        super::gather128::gather(v as u128, mask as u128)
    }
    pub fn scatter(bits: u64, mask: u64) -> u64 {
        super::gather128::scatter(bits, mask as u128) as u64
    }
}

/// Gather and scatter one bit at a time (no processor has them for 128 bits).
mod gather128 {
    pub const FAST: bool = false;
    pub fn gather(v: u128, mut mask: u128) -> u64 {
        let (mut out, mut i) = (0, 0);
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            out |= ((v & low != 0) as u64) << i;
            mask ^= low;
            i += 1;
        }
        out
    }
    pub fn scatter(bits: u64, mut mask: u128) -> u128 {
        let (mut out, mut i) = (0, 0);
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if (bits >> i) & 1 != 0 {
                out |= low;
            }
            mask ^= low;
            i += 1;
        }
        out
    }
}

/// Iterator over the members of a [`BitSet`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits<B>(B);

impl<B: BitSet> Iterator for Bits<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 ^= B::bit(i);
            Some(i)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: BitSet> ExactSizeIterator for Bits<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_ops_agree_between_widths() {
        let a: u64 = 0b1011_0000;
        let b: u128 = 0b1011_0000;
        assert_eq!(a.count(), b.count());
        assert_eq!(a.lowest(), 4);
        assert_eq!(b.highest(), 7);
        assert_eq!(a.shift(-4), 0b1011);
        assert_eq!(a.bits_from(5), 0b101);
        assert_eq!((b << 90).bits_from(94), 0b1011);
        assert_eq!(b.shift(100).highest(), 107);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![4, 5, 7]);
        assert!(u64::ZERO.is_empty());
    }

    #[test]
    fn gather_and_scatter_follow_the_mask_order() {
        let mask: u64 = 0b1011_0100;
        assert_eq!(0b1001_0000u64.gather(mask), 0b1010);
        assert_eq!(u64::scatter(0b1010, mask), 0b1001_0000);
        assert_eq!(u128::scatter(0b11, 1 << 100 | 1 << 3), 1 << 100 | 1 << 3);
        assert_eq!((1u128 << 100).gather(1 << 100 | 1 << 3), 0b10);
        // Both widths agree with each other, whichever way the build does them.
        for v in [0u64, u64::MAX, 0x0123_4567_89ab_cdef] {
            for m in [0u64, u64::MAX, 0xf0f0_0000_ffff_0001] {
                assert_eq!(v.gather(m), (v as u128).gather(m as u128));
                assert_eq!(u64::scatter(v, m) as u128, u128::scatter(v, m as u128));
            }
        }
    }
}
