//! The directions in which each kind of piece moves and captures, per variant and side.

use crate::geometry::Dir::{self, *};
use crate::rules::{ManCapture, Rules};
use crate::Color;

/// The four diagonal directions.
const DIAGONAL: [Dir; 4] = [NorthEast, SouthWest, NorthWest, SouthEast];

/// The four orthogonal directions.
const ORTHOGONAL: [Dir; 4] = [North, South, East, West];

/// Directions of a man's quiet moves.
#[inline]
pub(crate) const fn man_moves(rules: &Rules, side: Color) -> &'static [Dir] {
    match (rules.board.is_diagonal(), side) {
        (true, Color::White) => &[NorthEast, NorthWest],
        (true, Color::Black) => &[SouthEast, SouthWest],
        (false, Color::White) => &[North, East, West],
        (false, Color::Black) => &[South, East, West],
    }
}

/// Directions of a man's jumps.
#[inline]
pub(crate) const fn man_captures(rules: &Rules, side: Color) -> &'static [Dir] {
    match rules.man_capture {
        ManCapture::Forward | ManCapture::OrthogonalForwardSideways => man_moves(rules, side),
        ManCapture::ForwardBackward => &DIAGONAL,
        ManCapture::AllEight => &Dir::ALL,
    }
}

/// Directions of a king's quiet moves.
#[inline]
pub(crate) const fn king_moves(rules: &Rules) -> &'static [Dir; 4] {
    if rules.board.is_diagonal() {
        &DIAGONAL
    } else {
        &ORTHOGONAL
    }
}

/// Directions of a king's jumps.
#[inline]
pub(crate) const fn king_captures(rules: &Rules) -> &'static [Dir] {
    if matches!(rules.man_capture, ManCapture::AllEight) {
        &Dir::ALL
    } else {
        king_moves(rules)
    }
}

/// The directions of `dirs` as a bit set (bit `d` for direction `d`).
pub(crate) const fn mask(dirs: &[Dir]) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < dirs.len() {
        mask |= 1 << dirs[i] as u8;
        i += 1;
    }
    mask
}

/// Evaluate `$body` with `$dirs` bound to a constant array of a man's capture directions, so
/// that loops over it unroll and each step compiles to a constant shift.
macro_rules! with_man_capture_dirs {
    ($rules:expr, $side:expr, $dirs:ident => $body:expr) => {{
        use $crate::geometry::Dir::*;
        use $crate::rules::ManCapture;
        match ($rules.man_capture, $side) {
            (ManCapture::ForwardBackward, _) => {
                let $dirs = [NorthEast, SouthWest, NorthWest, SouthEast];
                $body
            }
            (ManCapture::Forward, $crate::Color::White) => {
                let $dirs = [NorthEast, NorthWest];
                $body
            }
            (ManCapture::Forward, $crate::Color::Black) => {
                let $dirs = [SouthWest, SouthEast];
                $body
            }
            (ManCapture::AllEight, _) => {
                let $dirs = $crate::geometry::Dir::ALL;
                $body
            }
            (ManCapture::OrthogonalForwardSideways, $crate::Color::White) => {
                let $dirs = [North, East, West];
                $body
            }
            (ManCapture::OrthogonalForwardSideways, $crate::Color::Black) => {
                let $dirs = [South, East, West];
                $body
            }
        }
    }};
}

/// Evaluate `$body` with `$dirs` bound to a constant array of a man's quiet-move directions.
macro_rules! with_man_move_dirs {
    ($rules:expr, $side:expr, $dirs:ident => $body:expr) => {{
        use $crate::geometry::Dir::*;
        match ($rules.board.is_diagonal(), $side) {
            (true, $crate::Color::White) => {
                let $dirs = [NorthEast, NorthWest];
                $body
            }
            (true, $crate::Color::Black) => {
                let $dirs = [SouthWest, SouthEast];
                $body
            }
            (false, $crate::Color::White) => {
                let $dirs = [North, East, West];
                $body
            }
            (false, $crate::Color::Black) => {
                let $dirs = [South, East, West];
                $body
            }
        }
    }};
}

/// `$body` once for each index `$i` below `$n` (at most 8), with `$i` a constant each time.
/// A loop over a direction array of eight does not unroll by itself, and a direction known
/// only at run time makes each step a jump table on the direction and a branch on its sign,
/// which mispredict; unrolled, each step is a constant shift.
macro_rules! unroll_dirs {
    ($n:expr, $i:ident => $body:block) => {
        unroll_dirs!(@each $n, $i, $body; 0 1 2 3 4 5 6 7)
    };
    (@each $n:expr, $i:ident, $body:block; $($k:literal)*) => {{
        const { assert!($n <= 8) };
        $({
            const $i: usize = $k;
            if $i < $n $body
        })*
    }};
}

pub(crate) use {unroll_dirs, with_man_capture_dirs, with_man_move_dirs};
