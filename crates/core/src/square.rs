//! Squares by their internal index.

/// A playing square, by its internal index on the canonical board (a1 playing): the bit that
/// stands for it in a [`crate::BitSet`]. Not its name: [`crate::SquareNames`] turns a square
/// into the variant's number or letters and back, so that an index and a PDN number, both small
/// integers, cannot be taken for each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square of internal index `index`; every board's indices are below 128.
    #[inline]
    pub const fn new(index: u32) -> Square {
        debug_assert!(index < 128, "a square index is below 128");
        Square(index as u8)
    }

    /// The internal index: the square's bit in a [`crate::BitSet`].
    #[inline]
    pub const fn index(self) -> u32 {
        self.0 as u32
    }
}

impl From<Square> for u32 {
    #[inline]
    fn from(square: Square) -> u32 {
        square.index()
    }
}

impl From<Square> for usize {
    #[inline]
    fn from(square: Square) -> usize {
        square.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_keeps_its_index() {
        for i in 0..128 {
            assert_eq!(Square::new(i).index(), i);
            assert_eq!(usize::from(Square::new(i)), i as usize);
        }
        assert!(Square::new(3) < Square::new(40));
        assert_eq!(std::mem::size_of::<Square>(), 1);
    }

    #[test]
    fn a_set_holds_squares_by_their_bits() {
        use crate::BitSet;
        let (a, b) = (Square::new(5), Square::new(100));
        let set = u128::of(a) | u128::of(b);
        assert_eq!(set, 1 << 5 | 1 << 100);
        assert!(set.contains(a) && set.contains(b) && !set.contains(Square::new(6)));
        assert_eq!(set.squares().collect::<Vec<_>>(), [a, b]);
        assert_eq!(u64::of(Square::new(63)), 1 << 63);
    }
}
