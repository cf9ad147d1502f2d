//! Bit sets over a board's squares: `u64` for boards that fit, `u128` for 12x12.

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
    /// Narrow from `u128`, dropping bits that do not fit.
    fn from_u128(v: u128) -> Self;

    /// Iterate over members from lowest to highest.
    #[inline]
    fn iter(self) -> Bits<Self> {
        Bits(self)
    }
}

macro_rules! impl_bitset {
    ($t:ty) => {
        impl BitSet for $t {
            const ZERO: Self = 0;
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
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}

impl_bitset!(u64);
impl_bitset!(u128);

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
        assert_eq!(b.shift(100).highest(), 107);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![4, 5, 7]);
        assert!(u64::ZERO.is_empty());
    }
}
