//! Non-capturing moves: men step, kings step or fly.

use super::dirs;
use crate::bitset::BitSet;
use crate::geometry::{Geometry, Tables};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::KingRange;

/// Squares a flying king on `s` reaches in direction `d` before the first piece.
#[inline(always)]
fn slide<B: BitSet>(t: &Tables<B>, s: u32, d: usize, occupied: B) -> B {
    let ray = t.ray[d][s as usize];
    let hits = ray & occupied;
    if hits.is_empty() {
        return ray;
    }
    let first = if t.delta[d] > 0 {
        hits.lowest()
    } else {
        hits.highest()
    };
    ray ^ t.ray[d][first as usize] ^ B::bit(first)
}

/// Kings of the side to move that may make quiet moves (Frisian bars a king that has just
/// made three in a row while its side still has men).
#[inline(always)]
fn movable_kings<G: Geometry>(pos: &Position<G>) -> G::Bits {
    let us = pos.side();
    let kings = pos.pieces(us) & pos.kings();
    if pos.rules().king_move_limit {
        let run = pos.king_run(us);
        let has_men = !(pos.pieces(us) & !pos.kings()).is_empty();
        if has_men && run.moves >= 3 {
            return kings & !G::Bits::bit(run.square as u32);
        }
    }
    kings
}

/// Append every quiet move.
pub(super) fn generate<G: Geometry>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    let t = G::tables();
    let rules = pos.rules();
    let us = pos.side();
    let empty = pos.empty();
    let men = pos.pieces(us) & !pos.kings();
    let promotion = t.promotion[us as usize];
    for &d in dirs::man_moves(rules, us) {
        let delta = t.delta[d as usize];
        for to in (t.step(men, d) & empty).iter() {
            out.push(Move {
                from: (to as i32 - delta) as u8,
                to: to as u8,
                promotes: promotion.has(to),
                captured: G::Bits::ZERO,
            });
        }
    }
    let kings = movable_kings(pos);
    match rules.king {
        KingRange::Short => {
            for &d in dirs::king_moves(rules) {
                let delta = t.delta[d as usize];
                for to in (t.step(kings, d) & empty).iter() {
                    out.push(Move {
                        from: (to as i32 - delta) as u8,
                        to: to as u8,
                        promotes: false,
                        captured: G::Bits::ZERO,
                    });
                }
            }
        }
        KingRange::Flying => {
            let occupied = pos.occupied();
            for from in kings.iter() {
                for &d in dirs::king_moves(rules) {
                    for to in slide(t, from, d as usize, occupied).iter() {
                        out.push(Move {
                            from: from as u8,
                            to: to as u8,
                            promotes: false,
                            captured: G::Bits::ZERO,
                        });
                    }
                }
            }
        }
    }
}

/// Number of quiet moves, by population counts.
#[inline]
pub(super) fn count<G: Geometry>(pos: &Position<G>) -> usize {
    let t = G::tables();
    let rules = pos.rules();
    let us = pos.side();
    let empty = pos.empty();
    let men = pos.pieces(us) & !pos.kings();
    let mut n = 0;
    for &d in dirs::man_moves(rules, us) {
        n += (t.step(men, d) & empty).count();
    }
    let kings = movable_kings(pos);
    if !kings.is_empty() {
        match rules.king {
            KingRange::Short => {
                for &d in dirs::king_moves(rules) {
                    n += (t.step(kings, d) & empty).count();
                }
            }
            KingRange::Flying => {
                let occupied = pos.occupied();
                for from in kings.iter() {
                    for &d in dirs::king_moves(rules) {
                        n += slide(t, from, d as usize, occupied).count();
                    }
                }
            }
        }
    }
    n as usize
}
