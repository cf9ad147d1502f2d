//! Non-capturing moves: men step, kings step or fly.

use super::dirs::{self, unroll_dirs, with_man_move_dirs};
use super::rule_set::RuleSet;
use crate::bitset::BitSet;
use crate::geometry::{step, Dir, Geometry, Tables};
use crate::moves::{Mobility, Move, MoveList};
use crate::position::Position;
use crate::rules::KingRange;
use crate::square::Square;
use crate::Color;

/// Squares a flying king on `s` reaches in direction `d` before the first piece.
#[inline(always)]
fn slide<B: BitSet>(t: &Tables<B>, s: u32, d: usize, occupied: B) -> B {
    let ray = t.ray[d][s as usize];
    let hits = ray & occupied;
    if hits.is_empty() {
        return ray;
    }
    let first = if Dir::ALL[d].is_forward() {
        hits.lowest()
    } else {
        hits.highest()
    };
    ray ^ t.ray[d][first as usize] ^ B::bit(first)
}

/// Kings of the side to move that may make quiet moves (Frisian bars a king that has just
/// made three in a row while its side still has men).
#[inline(always)]
fn movable_kings<G: Geometry, R: RuleSet>(pos: &Position<G>, us: Color) -> G::Bits {
    let kings = pos.pieces(us) & pos.kings();
    if R::RULES.king_move_limit && !kings.is_empty() {
        if let Some(barred) = pos.barred_king(us) {
            return kings & !G::Bits::bit(u32::from(barred));
        }
    }
    kings
}

/// Destinations of one-square steps in direction `d` from `pieces`.
#[inline(always)]
fn steps<G: Geometry>(pieces: G::Bits, d: Dir, empty: G::Bits) -> G::Bits {
    step::<G>(pieces, d) & empty
}

#[inline(always)]
fn push_steps<G: Geometry, const N: usize>(
    pieces: G::Bits,
    dirs: [Dir; N],
    empty: G::Bits,
    promotion: G::Bits,
    out: &mut MoveList<G::Bits>,
) {
    unroll_dirs!(N, I => {
        let delta = G::KIND.delta(dirs[I]);
        // `extend` reserves once from the exact count instead of checking at every push.
        out.extend(steps::<G>(pieces, dirs[I], empty).iter().map(|to| Move {
            from: Square::new((to as i32 - delta) as u32),
            to: Square::new(to),
            promotes: promotion.has(to),
            captured: G::Bits::ZERO,
        }));
    });
}

/// Append every quiet move.
pub(super) fn generate<G: Geometry, R: RuleSet>(pos: &Position<G>, out: &mut MoveList<G::Bits>) {
    let t = G::tables();
    let rules = R::RULES;
    let us = pos.side();
    let empty = pos.empty();
    let men = pos.pieces(us) & !pos.kings();
    let promotion = G::PROMOTION[us as usize];
    with_man_move_dirs!(rules, us, d => push_steps::<G, _>(men, d, empty, promotion, out));
    let kings = movable_kings::<G, R>(pos, us);
    if kings.is_empty() {
        return;
    }
    match rules.king {
        KingRange::Short => {
            push_steps::<G, 4>(kings, *dirs::king_moves(rules), empty, G::Bits::ZERO, out);
        }
        KingRange::Flying => {
            let occupied = pos.occupied();
            for from in kings.iter() {
                for &d in dirs::king_moves(rules) {
                    out.extend(slide(t, from, d as usize, occupied).iter().map(|to| Move {
                        from: Square::new(from),
                        to: Square::new(to),
                        promotes: false,
                        captured: G::Bits::ZERO,
                    }));
                }
            }
        }
    }
}

/// Whether `from`→`to` is one of the side to move's quiet moves, leaving aside whether a
/// capture is due: the retrograde analysis asks this of every unmove, and a whole move list
/// per question cost it a fifth of its time.
#[inline]
pub(super) fn reaches<G: Geometry, R: RuleSet>(pos: &Position<G>, from: u32, to: u32) -> bool {
    let rules = R::RULES;
    let us = pos.side();
    let piece = G::Bits::bit(from);
    if !pos.pieces(us).has(from) || !pos.empty().has(to) {
        return false;
    }
    let empty = pos.empty();
    if !pos.kings().has(from) {
        return with_man_move_dirs!(rules, us, dirs => {
            dirs.iter().any(|&d| steps::<G>(piece, d, empty).has(to))
        });
    }
    if !movable_kings::<G, R>(pos, us).has(from) {
        return false;
    }
    let king_dirs = dirs::king_moves(rules);
    match rules.king {
        KingRange::Short => king_dirs
            .iter()
            .any(|&d| steps::<G>(piece, d, empty).has(to)),
        KingRange::Flying => {
            let t = G::tables();
            let occupied = pos.occupied();
            king_dirs
                .iter()
                .any(|&d| slide(t, from, d as usize, occupied).has(to))
        }
    }
}

/// Number of quiet moves of the side to move, by population counts.
#[inline]
pub(super) fn count<G: Geometry, R: RuleSet>(pos: &Position<G>) -> usize {
    let m = mobility::<G, R>(pos, pos.side());
    (m.men + m.kings) as usize
}

/// Number of quiet moves `us` would have with the move, by men and by kings.
#[inline(always)]
pub(super) fn mobility<G: Geometry, R: RuleSet>(pos: &Position<G>, us: Color) -> Mobility {
    let rules = R::RULES;
    let empty = pos.empty();
    let men = pos.pieces(us) & !pos.kings();
    let men_moves = with_man_move_dirs!(rules, us, dirs => {
        dirs.iter().map(|&d| steps::<G>(men, d, empty).count()).sum::<u32>()
    });
    let mut n = 0;
    let kings = movable_kings::<G, R>(pos, us);
    if !kings.is_empty() {
        let king_dirs = dirs::king_moves(rules);
        match rules.king {
            KingRange::Short => {
                n += king_dirs
                    .iter()
                    .map(|&d| steps::<G>(kings, d, empty).count())
                    .sum::<u32>();
            }
            KingRange::Flying => {
                let t = G::tables();
                let occupied = pos.occupied();
                for from in kings.iter() {
                    for &d in king_dirs {
                        n += slide(t, from, d as usize, occupied).count();
                    }
                }
            }
        }
    }
    Mobility {
        men: men_moves,
        kings: n,
    }
}
