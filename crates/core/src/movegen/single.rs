//! The common case of captures, done with whole-board bit operations: only men can capture,
//! and none of their first jumps can be continued. Then every capture is a single jump, each
//! (start, direction) pair is a distinct move, and counting them is a few population counts.
//! Anything else (a capturing king, a jump that could go on, a man crowned mid-capture that
//! would go on as a king) is left to the depth-first search in [`super::capture`].

use super::dirs::{self, with_man_capture_dirs};
use super::rule_set::RuleSet;
use crate::bitset::BitSet;
use crate::geometry::{step, step_back, Dir, Geometry};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{CaptureChoice, KingRange, MidCapturePromotion};

/// What a quick look at the first jumps found.
pub(super) enum FirstJumps {
    /// No capture at all.
    None,
    /// Every capture is a single jump; this many of them (they have been written out, if a
    /// list was given).
    Single(usize),
    /// Some capture needs the full search.
    Search,
}

/// Squares from which a man could jump in direction `d`.
#[inline(always)]
fn jump_sources<G: Geometry>(targets: G::Bits, empty: G::Bits, d: Dir) -> G::Bits {
    step_back::<G>(targets & step_back::<G>(empty, d), d)
}

/// Whether a king of the side to move might capture (flying kings: if there is one at all).
#[inline(always)]
fn kings_may_capture<G: Geometry, R: RuleSet>(pos: &Position<G>) -> bool {
    let us = pos.side();
    let kings = pos.pieces(us) & pos.kings();
    if kings.is_empty() {
        return false;
    }
    let rules = R::RULES;
    match rules.king {
        KingRange::Flying => true,
        KingRange::Short => {
            let enemies = pos.pieces(us.opponent());
            let empty = pos.empty();
            dirs::king_captures(rules)
                .iter()
                .any(|&d| !(kings & jump_sources::<G>(enemies, empty, d)).is_empty())
        }
    }
}

/// Landing squares of single-jump captures per direction, or `Err` if the search is needed.
#[inline(always)]
fn landings<G: Geometry, R: RuleSet, const N: usize>(
    pos: &Position<G>,
    dirs: [Dir; N],
) -> Result<[G::Bits; N], ()> {
    let rules = R::RULES;
    let us = pos.side();
    let men = pos.pieces(us) & !pos.kings();
    let mut targets = pos.pieces(us.opponent());
    if !rules.man_takes_king {
        targets &= !pos.kings();
    }
    let empty = pos.empty();
    let mut sources = [G::Bits::ZERO; N];
    let mut any = G::Bits::ZERO;
    for i in 0..N {
        sources[i] = jump_sources::<G>(targets, empty, dirs[i]);
        any |= sources[i];
    }
    let mut land = [G::Bits::ZERO; N];
    if (men & any).is_empty() {
        return Ok(land);
    }
    let mut over_kings = G::Bits::ZERO;
    for i in 0..N {
        let from = men & sources[i];
        if !from.is_empty() {
            let over = step::<G>(from, dirs[i]);
            land[i] = step::<G>(over, dirs[i]);
            // Could a man landing here jump again? The board as it stands answers for every
            // direction but back over the piece it took, and there it says no (the square
            // beyond is the man's own), which is the right answer.
            if !(land[i] & any).is_empty() {
                return Err(());
            }
            if rules.promotion == MidCapturePromotion::ContinueAsKing
                && !(land[i] & G::PROMOTION[us as usize]).is_empty()
            {
                return Err(());
            }
            over_kings |= over & pos.kings();
        }
    }
    // Where taking a king outranks taking a man, keep only the jumps over kings.
    if !over_kings.is_empty()
        && matches!(
            rules.choice,
            CaptureChoice::MajorityThenKings | CaptureChoice::FrisianValue
        )
    {
        for i in 0..N {
            let over_king = step::<G>(land[i], dirs[i].opposite()) & over_kings;
            land[i] = step::<G>(over_king, dirs[i]);
        }
    }
    Ok(land)
}

/// Count (and, with `out`, write) the captures if they are all single jumps by men.
#[inline(always)]
pub(super) fn first_jumps<G: Geometry, R: RuleSet>(
    pos: &Position<G>,
    out: Option<&mut MoveList<G::Bits>>,
) -> FirstJumps {
    if kings_may_capture::<G, R>(pos) {
        return FirstJumps::Search;
    }
    with_man_capture_dirs!(R::RULES, pos.side(), dirs => {
        match landings::<G, R, _>(pos, dirs) {
            Err(()) => FirstJumps::Search,
            Ok(land) => {
                let n: u32 = land.iter().map(|l| l.count()).sum();
                if n == 0 {
                    FirstJumps::None
                } else {
                    if let Some(out) = out {
                        push_moves(pos, &dirs, &land, out);
                    }
                    FirstJumps::Single(n as usize)
                }
            }
        }
    })
}

fn push_moves<G: Geometry>(
    pos: &Position<G>,
    dirs: &[Dir],
    land: &[G::Bits],
    out: &mut MoveList<G::Bits>,
) {
    let promotion = G::PROMOTION[pos.side() as usize];
    for (&d, &l) in dirs.iter().zip(land) {
        let delta = G::KIND.delta(d);
        for to in l.iter() {
            let over = (to as i32 - delta) as u32;
            out.push(Move {
                from: (to as i32 - 2 * delta) as u8,
                to: to as u8,
                promotes: promotion.has(to),
                captured: G::Bits::bit(over),
            });
        }
    }
}
