//! Legal move generation. Captures are compulsory, so captures are generated first and quiet
//! moves only when there are none.
//!
//! - [`dirs`]: which directions each piece moves and captures in, per variant.
//! - [`capture`]: capture sequences, with every precedence rule applied while generating.
//! - [`quiet`]: non-capturing moves, and their bulk count for perft.

mod capture;
pub(crate) mod dirs;
mod quiet;
mod single;

use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use single::FirstJumps;

/// Fill `out` (assumed empty) with every legal move.
pub(crate) fn generate<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    match single::first_jumps(pos, Some(out)) {
        FirstJumps::None => quiet::generate(pos, out),
        FirstJumps::Single(_) => {}
        FirstJumps::Search => {
            if !capture::generate::<G, false>(pos, out, None, false) {
                quiet::generate(pos, out);
            }
        }
    }
}

/// Number of legal moves; quiet moves are counted without being built.
#[inline]
pub(crate) fn count<G: Geometry>(pos: &Position<G>) -> usize {
    match single::first_jumps(pos, None) {
        FirstJumps::None => quiet::count(pos),
        FirstJumps::Single(n) => n,
        FirstJumps::Search => {
            let mut out = MoveList::new();
            if capture::generate::<G, false>(pos, &mut out, None, false) {
                out.len()
            } else {
                quiet::count(pos)
            }
        }
    }
}

/// Every legal move, a capture listed once per path that makes it (for counts that keep
/// duplicate captures, as some published perft tables do).
pub(crate) fn generate_per_path<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    if !capture::generate::<G, false>(pos, out, None, true) {
        quiet::generate(pos, out);
    }
}

/// Whether the side to move has a capture.
pub(crate) fn has_capture<G: Geometry>(pos: &Position<G>) -> bool {
    capture::exists(pos)
}

/// Every legal capture with each path that makes it.
pub(crate) fn capture_paths<G: Geometry>(pos: &Position<G>) -> Vec<(Move<G::Bits>, Vec<u8>)> {
    let mut out = MoveList::new();
    let mut paths = Vec::new();
    capture::generate::<G, true>(pos, &mut out, Some(&mut paths), false);
    paths
}
