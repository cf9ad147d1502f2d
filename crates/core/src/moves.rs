//! Moves and move lists.

use crate::bitset::BitSet;
use crate::square::Square;
use smallvec::SmallVec;

/// A move: where the piece starts and ends, and which squares it captures.
///
/// Equality is the distinct-move rule of RULES.md §1: two capture sequences with the same start,
/// end and captured set are one move. The path is not stored; notation rebuilds it when two
/// moves would print alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move<B> {
    /// The starting square.
    pub from: Square,
    /// The final square (may equal `from` after a round-trip capture).
    pub to: Square,
    /// Whether a man is crowned by this move.
    pub promotes: bool,
    /// Squares of the captured pieces.
    pub captured: B,
}

impl<B: BitSet> Move<B> {
    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Number of pieces captured.
    #[inline]
    pub fn capture_count(&self) -> u32 {
        self.captured.count()
    }
}

/// How many quiet moves a side has, by the kind of piece that makes them (an evaluation
/// term; captures are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mobility {
    /// Steps of men.
    pub men: u32,
    /// Moves of kings.
    pub kings: u32,
}

/// A list of moves. Sixty-four fit without allocating; positions with more (many kings on a
/// large board) spill to the heap rather than overflow.
pub type MoveList<B> = SmallVec<[Move<B>; 64]>;
