//! The common case of captures, done with whole-board bit operations: only men can capture,
//! and none of their first jumps can be continued. Then every capture is a single jump, each
//! (start, direction) pair is a distinct move, and counting them is a few population counts.
//! Where some first jumps go on and a longer capture outranks any single jump (majority,
//! Frisian value), the search in [`super::capture`] starts from just those jumps; otherwise
//! (a man crowned mid-capture that would go on as a king, a free choice among captures of
//! which some go on) it starts from the men this pass found able to jump. Only where a king
//! might capture is the whole search left to the caller.

use super::capture;
use super::dirs::{unroll_dirs, with_man_capture_dirs};
use super::rule_set::RuleSet;
use crate::bitset::BitSet;
use crate::geometry::{jump_sources, step, Dir, Geometry};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{CaptureChoice, KingRange, MidCapturePromotion};
use crate::square::Square;

/// What a quick look at the first jumps found.
pub(super) enum FirstJumps {
    /// No capture at all.
    None,
    /// This many captures, all found (and written out, if a list was given).
    Found(usize),
    /// A king might capture: the full search is needed.
    Search,
}

/// The men's first jumps, by the landing squares in each direction.
enum Landings<B, const N: usize> {
    /// No man can jump.
    None,
    /// Every capture is one of these single jumps (at least one).
    Single([B; N]),
    /// Some of these jumps go on, and only they need searching.
    GoingOn([B; N]),
    /// The search is needed from these men (the only pieces that can capture).
    Search(B),
}

/// Whether a king of the side to move might capture (flying kings: if there is one at all).
#[inline(always)]
fn kings_may_capture<G: Geometry, R: RuleSet>(pos: &Position<G>) -> bool {
    match R::RULES.king {
        KingRange::Flying => !(pos.pieces(pos.side()) & pos.kings()).is_empty(),
        KingRange::Short => !capture::short_kings_that_can_jump::<G, R>(pos).is_empty(),
    }
}

/// Landing squares of the men's first jumps per direction, and whether any goes on.
#[inline(always)]
fn landings<G: Geometry, R: RuleSet, const N: usize>(
    pos: &Position<G>,
    dirs: [Dir; N],
) -> Landings<G::Bits, N> {
    let rules = R::RULES;
    let us = pos.side();
    let men = pos.pieces(us) & !pos.kings();
    let targets = capture::man_targets::<G, R>(pos);
    let empty = pos.empty();
    let mut sources = [G::Bits::ZERO; N];
    let mut any = G::Bits::ZERO;
    unroll_dirs!(N, I => {
        sources[I] = jump_sources::<G>(targets, empty, dirs[I]);
        any |= sources[I];
    });
    if (men & any).is_empty() {
        return Landings::None;
    }
    let mut land = [G::Bits::ZERO; N];
    // Branch-free over the directions: a test per direction would mispredict.
    let (mut all_land, mut over_kings) = (G::Bits::ZERO, G::Bits::ZERO);
    unroll_dirs!(N, I => {
        let over = step::<G>(men & sources[I], dirs[I]);
        land[I] = step::<G>(over, dirs[I]);
        all_land |= land[I];
        over_kings |= over & pos.kings();
    });
    if rules.promotion == MidCapturePromotion::ContinueAsKing
        && !(all_land & G::PROMOTION[us as usize]).is_empty()
    {
        return Landings::Search(men & any);
    }
    // Could a man landing here jump again? The board as it stands answers for every direction
    // but back over the piece it took, and there it says no (the square beyond is the man's
    // own), which is the right answer. A man crowned on landing stops there.
    let mut going_on = any;
    if rules.promotion == MidCapturePromotion::Stop {
        going_on &= !G::PROMOTION[us as usize];
    }
    if !(all_land & going_on).is_empty() {
        if !rules.choice.multiple_beats_single() {
            return Landings::Search(men & any);
        }
        unroll_dirs!(N, I => { land[I] &= going_on });
        return Landings::GoingOn(land);
    }
    // Where taking a king outranks taking a man, keep only the jumps over kings.
    if !over_kings.is_empty()
        && matches!(
            rules.choice,
            CaptureChoice::MajorityThenKings | CaptureChoice::FrisianValue
        )
    {
        unroll_dirs!(N, I => {
            let over_king = step::<G>(land[I], dirs[I].opposite()) & over_kings;
            land[I] = step::<G>(over_king, dirs[I]);
        });
    }
    Landings::Single(land)
}

/// Count (and, with `out`, write) the captures if only men can capture; the search is left
/// to the caller only where a king might capture.
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
            Landings::None => FirstJumps::None,
            Landings::Single(land) => {
                if let Some(out) = out {
                    push_moves(pos, dirs, land, out);
                }
                FirstJumps::Found(land.iter().map(|l| l.count() as usize).sum())
            }
            Landings::GoingOn(land) => {
                let mut own = MoveList::new();
                let out = out.unwrap_or(&mut own);
                capture::generate_going_on::<G, R, _>(pos, dirs, land, out);
                FirstJumps::Found(out.len())
            }
            Landings::Search(men) => {
                let mut own = MoveList::new();
                let out = out.unwrap_or(&mut own);
                capture::generate_from_men::<G, R>(pos, men, out);
                FirstJumps::Found(out.len())
            }
        }
    })
}

#[inline(always)]
fn push_moves<G: Geometry, const N: usize>(
    pos: &Position<G>,
    dirs: [Dir; N],
    land: [G::Bits; N],
    out: &mut MoveList<G::Bits>,
) {
    let promotion = G::PROMOTION[pos.side() as usize];
    unroll_dirs!(N, I => {
        let delta = G::KIND.delta(dirs[I]);
        for to in land[I].iter() {
            let over = (to as i32 - delta) as u32;
            out.push(Move {
                from: Square::new((to as i32 - 2 * delta) as u32),
                to: Square::new(to),
                promotes: promotion.has(to),
                captured: G::Bits::bit(over),
            });
        }
    });
}
