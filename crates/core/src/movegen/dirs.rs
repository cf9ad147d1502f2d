//! The directions in which each kind of piece moves and captures, per variant and side.

use crate::geometry::Dir::{self, *};
use crate::rules::{ManCapture, Rules};
use crate::Color;

/// Directions of a man's quiet moves.
#[inline]
pub(crate) fn man_moves(rules: &Rules, side: Color) -> &'static [Dir] {
    match (rules.board.is_diagonal(), side) {
        (true, Color::White) => &[NorthEast, NorthWest],
        (true, Color::Black) => &[SouthEast, SouthWest],
        (false, Color::White) => &[North, East, West],
        (false, Color::Black) => &[South, East, West],
    }
}

/// Directions of a man's jumps.
#[inline]
pub(crate) fn man_captures(rules: &Rules, side: Color) -> &'static [Dir] {
    match rules.man_capture {
        ManCapture::Forward | ManCapture::OrthogonalForwardSideways => man_moves(rules, side),
        ManCapture::ForwardBackward => &[NorthEast, SouthWest, NorthWest, SouthEast],
        ManCapture::AllEight => &Dir::ALL,
    }
}

/// Directions of a king's quiet moves.
#[inline]
pub(crate) fn king_moves(rules: &Rules) -> &'static [Dir] {
    if rules.board.is_diagonal() {
        &[NorthEast, SouthWest, NorthWest, SouthEast]
    } else {
        &[North, South, East, West]
    }
}

/// Directions of a king's jumps.
#[inline]
pub(crate) fn king_captures(rules: &Rules) -> &'static [Dir] {
    if rules.man_capture == ManCapture::AllEight {
        &Dir::ALL
    } else {
        king_moves(rules)
    }
}
