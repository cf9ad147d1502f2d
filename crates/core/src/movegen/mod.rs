//! Legal move generation. Captures are compulsory, so captures are generated first and quiet
//! moves only when there are none.
//!
//! - [`rule_set`]: the variant's rules as compile-time constants, one compiled generator per
//!   family of variants.
//! - [`dirs`]: which directions each piece moves and captures in, per variant.
//! - [`single`]: the common case of captures (single jumps by men) by whole-board bit operations.
//! - [`capture`]: capture sequences, with every precedence rule applied while generating.
//! - [`quiet`]: non-capturing moves, and their bulk count for perft.
//!
//! Each entry point dispatches once on the variant; the `*_with` forms are for loops (perft)
//! that dispatch once themselves and stay inside one compiled generator.

mod capture;
pub(crate) mod dirs;
mod quiet;
pub(crate) mod rule_set;
mod single;

use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square::Square;
pub(crate) use rule_set::{with_rule_set, RuleSet};
use single::FirstJumps;

/// Whether the game is over by a rule of `R` that leaves the side to move without moves
/// however its pieces stand: in Breakthrough, a king on the board (its side has won).
#[inline(always)]
fn over_by_rule<G: Geometry, R: RuleSet>(pos: &Position<G>) -> bool {
    // The constant folds the check away for every family but Breakthrough's.
    R::RULES.crowning_wins && pos.ended_by_crowning()
}

/// Fill `out` (assumed empty) with every legal move.
pub(crate) fn generate<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    with_rule_set!(pos.rules(), R => generate_with::<G, R>(pos, out))
}

/// [`generate`] for a position whose variant belongs to `R`.
#[inline]
pub(crate) fn generate_with<G: Geometry, R: RuleSet>(
    pos: &Position<G>,
    out: &mut MoveList<G::Bits>,
) {
    if over_by_rule::<G, R>(pos) {
        return;
    }
    match single::first_jumps::<G, R>(pos, Some(out)) {
        FirstJumps::None => quiet::generate::<G, R>(pos, out),
        FirstJumps::Found(_) => {}
        FirstJumps::Search => {
            if !capture::generate::<G, R, false>(pos, out, None, false) {
                quiet::generate::<G, R>(pos, out);
            }
        }
    }
}

/// Fill `out` (assumed empty) with the legal captures, and nothing when there is none: the
/// quiescence search's moves, without building the quiet moves of a quiet position.
pub(crate) fn generate_captures<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    with_rule_set!(pos.rules(), R => {
        if over_by_rule::<G, R>(pos) {
            return;
        }
        if let FirstJumps::Search = single::first_jumps::<G, R>(pos, Some(out)) {
            capture::generate::<G, R, false>(pos, out, None, false);
        }
    })
}

/// Number of legal moves; quiet moves are counted without being built.
pub(crate) fn count<G: Geometry>(pos: &Position<G>) -> usize {
    with_rule_set!(pos.rules(), R => count_with::<G, R>(pos))
}

/// [`count`] for a position whose variant belongs to `R`.
#[inline]
pub(crate) fn count_with<G: Geometry, R: RuleSet>(pos: &Position<G>) -> usize {
    if over_by_rule::<G, R>(pos) {
        return 0;
    }
    match single::first_jumps::<G, R>(pos, None) {
        FirstJumps::None => quiet::count::<G, R>(pos),
        FirstJumps::Found(n) => n,
        FirstJumps::Search => {
            let mut out = MoveList::new();
            if capture::generate::<G, R, false>(pos, &mut out, None, false) {
                out.len()
            } else {
                quiet::count::<G, R>(pos)
            }
        }
    }
}

/// Every legal move, a capture listed once per path that makes it (for counts that keep
/// duplicate captures, as some published perft tables do).
pub(crate) fn generate_per_path<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    with_rule_set!(pos.rules(), R => {
        if over_by_rule::<G, R>(pos) {
            return;
        }
        if !capture::generate::<G, R, false>(pos, out, None, true) {
            quiet::generate::<G, R>(pos, out);
        }
    })
}

/// Quiet moves `color` would have if it were to move.
pub(crate) fn mobility<G: Geometry>(pos: &Position<G>, color: crate::Color) -> crate::Mobility {
    with_rule_set!(pos.rules(), R => {
        if over_by_rule::<G, R>(pos) {
            return crate::Mobility::default();
        }
        quiet::mobility::<G, R>(pos, color)
    })
}

/// Whether the side to move has a capture.
pub(crate) fn has_capture<G: Geometry>(pos: &Position<G>) -> bool {
    with_rule_set!(pos.rules(), R => !over_by_rule::<G, R>(pos) && capture::exists::<G, R>(pos))
}

/// Whether the quiet move `from`→`to` is legal: the side to move has it and no capture.
pub(crate) fn is_legal_quiet<G: Geometry>(pos: &Position<G>, from: u32, to: u32) -> bool {
    with_rule_set!(pos.rules(), R => {
        !over_by_rule::<G, R>(pos)
            && quiet::reaches::<G, R>(pos, from, to)
            && !capture::exists::<G, R>(pos)
    })
}

/// Every legal capture with each path that makes it.
pub(crate) fn capture_paths<G: Geometry>(pos: &Position<G>) -> Vec<(Move<G::Bits>, Vec<Square>)> {
    let mut out = MoveList::new();
    let mut paths = Vec::new();
    with_rule_set!(pos.rules(), R => {
        if !over_by_rule::<G, R>(pos) {
            capture::generate::<G, R, true>(pos, &mut out, Some(&mut paths), false);
        }
    });
    paths
}
