//! Capture sequences, generated depth first from each piece that can jump.
//!
//! Each finished sequence gets a precedence key from the variant's capture-choice rule; a
//! higher key clears the list, a lower one is dropped, and equal keys are kept once per
//! (start, end, captured set). So majority and the other precedence rules cost no second pass.

use super::dirs;
use super::rule_set::RuleSet;
use crate::bitset::BitSet;
use crate::geometry::{step_back, Dir, Geometry, Tables, NONE};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{CaptureChoice, KingLanding, KingRange, MidCapturePromotion, Removal};
use std::marker::PhantomData;

/// No previous jump direction.
const NO_DIR: u8 = u8::MAX;

/// Recorded paths, when asked for: each move with its key and landing squares.
type PathLog<B> = Vec<(Move<B>, u64, Vec<u8>)>;

/// Every legal capture with one of its paths (landing squares).
pub(super) type Paths<B> = Vec<(Move<B>, Vec<u8>)>;

/// What a search from one start square needs to know, and where it writes.
struct Search<'a, B: BitSet, R: RuleSet, const PATHS: bool> {
    t: &'static Tables<B>,
    rules: PhantomData<R>,
    man_dirs: &'static [Dir],
    king_dirs: &'static [Dir],
    /// Our crowning row.
    promotion: B,
    enemies: B,
    enemy_kings: B,
    /// Every piece but the one capturing (its start square is free during the move).
    occupied: B,
    from: u8,
    by_king: bool,
    /// Keep one entry per path instead of one per (start, end, captured set).
    keep_duplicates: bool,
    best: u64,
    out: &'a mut MoveList<B>,
    path: [u8; 64],
    depth: usize,
    log: Option<&'a mut PathLog<B>>,
}

impl<B: BitSet, R: RuleSet, const PATHS: bool> Search<'_, B, R, PATHS> {
    /// Squares that block the capturing piece, given what it has captured so far.
    #[inline(always)]
    fn blockers(&self, captured: B) -> B {
        match R::RULES.removal {
            Removal::AtEnd => self.occupied,
            Removal::Immediate => self.occupied & !captured,
        }
    }

    /// Enemy pieces the capturing piece may still jump.
    #[inline(always)]
    fn jumpable(&self, captured: B, as_king: bool) -> B {
        let mut set = self.enemies & !captured;
        if !as_king && !R::RULES.man_takes_king {
            set &= !self.enemy_kings;
        }
        set
    }

    /// Precedence key of a finished sequence (higher is preferred).
    #[inline(always)]
    fn key(&self, count: u32, kings: u32, order: u32) -> u64 {
        let (n, k, by_king) = (count as u64, kings as u64, self.by_king as u64);
        match R::RULES.choice {
            CaptureChoice::Free => 0,
            CaptureChoice::Majority => n,
            CaptureChoice::MajorityThenKings => (n << 8) | k,
            CaptureChoice::KingFirst => by_king,
            CaptureChoice::Italian => (n << 40) | (by_king << 39) | (k << 32) | order as u64,
            CaptureChoice::FrisianValue => ((199 * k + 100 * (n - k)) << 1) | by_king,
        }
    }

    #[inline(always)]
    fn push_path(&mut self, square: u32) {
        if PATHS {
            self.path[self.depth] = square as u8;
            self.depth += 1;
        }
    }

    #[inline(always)]
    fn pop_path(&mut self) {
        if PATHS {
            self.depth -= 1;
        }
    }

    fn finish(&mut self, to: u32, captured: B, promotes: bool, kings: u32, order: u32) {
        let key = self.key(captured.count(), kings, order);
        let mv = Move {
            from: self.from,
            to: to as u8,
            promotes,
            captured,
        };
        if PATHS {
            let path = self.path[..self.depth].to_vec();
            if let Some(log) = self.log.as_deref_mut() {
                log.push((mv, key, path));
            }
        }
        if key < self.best {
            return;
        }
        if key > self.best {
            self.out.clear();
            self.best = key;
        }
        if self.keep_duplicates || !self.out.contains(&mv) {
            self.out.push(mv);
        }
    }

    /// Jumps to adjacent squares only: men, and the kings of short-king variants.
    fn short(&mut self, s: u32, as_king: bool, captured: B, kings: u32, order: u32, last: u8) {
        let dirs = if as_king {
            self.king_dirs
        } else {
            self.man_dirs
        };
        let jumpable = self.jumpable(captured, as_king);
        let blockers = self.blockers(captured);
        let mut found = false;
        for &d in dirs {
            let d = d as u8;
            if R::RULES.no_reversal && d == last ^ 1 {
                continue;
            }
            let over = self.t.next[d as usize][s as usize];
            if over == NONE || !jumpable.has(over as u32) {
                continue;
            }
            let land = self.t.next[d as usize][over as usize];
            if land == NONE || blockers.has(land as u32) {
                continue;
            }
            found = true;
            let (over, land) = (over as u32, land as u32);
            let is_king = self.enemy_kings.has(over) as u32;
            let captured2 = captured | B::bit(over);
            let n = captured.count();
            let order2 = order | (is_king << (31 - n.min(31)));
            let kings2 = kings + is_king;
            self.push_path(land);
            if !as_king && self.promotion.has(land) {
                match R::RULES.promotion {
                    MidCapturePromotion::Stop => {
                        self.finish(land, captured2, true, kings2, order2);
                    }
                    MidCapturePromotion::ContinueAsKing => {
                        self.king(land, captured2, kings2, order2, d, true);
                    }
                    MidCapturePromotion::PassThrough => {
                        self.short(land, false, captured2, kings2, order2, d);
                    }
                }
            } else {
                self.short(land, as_king, captured2, kings2, order2, d);
            }
            self.pop_path();
        }
        if !found && !captured.is_empty() {
            let promotes = !as_king && self.promotion.has(s);
            self.finish(s, captured, promotes, kings, order);
        }
    }

    /// The first piece from `s` in direction `d`, if any, given the blocking set.
    #[inline(always)]
    fn first_blocker(&self, s: u32, d: usize, blockers: B) -> Option<u32> {
        let hits = self.t.ray[d][s as usize] & blockers;
        if hits.is_empty() {
            None
        } else if Dir::ALL[d].is_forward() {
            Some(hits.lowest())
        } else {
            Some(hits.highest())
        }
    }

    /// Empty squares beyond `over` in direction `d`, up to the next piece.
    #[inline(always)]
    fn landings(&self, over: u32, d: usize, blockers: B) -> B {
        let ray = self.t.ray[d][over as usize];
        match self.first_blocker(over, d, blockers) {
            None => ray,
            Some(b) => ray & !self.t.ray[d][b as usize] & !B::bit(b),
        }
    }

    /// Whether a flying king on `s` could jump again.
    fn king_can_jump(&self, s: u32, captured: B, last: u8) -> bool {
        let jumpable = self.jumpable(captured, true);
        let blockers = self.blockers(captured);
        self.king_dirs.iter().any(|&d| {
            let d = d as usize;
            if R::RULES.no_reversal && d as u8 == last ^ 1 {
                return false;
            }
            match self.first_blocker(s, d, blockers) {
                Some(over) if jumpable.has(over) => {
                    let land = self.t.next[d][over as usize];
                    land != NONE && !blockers.has(land as u32)
                }
                _ => false,
            }
        })
    }

    /// Jumps of a flying king. `promoted`: a man crowned during this move (Russian).
    fn king(&mut self, s: u32, captured: B, kings: u32, order: u32, last: u8, promoted: bool) {
        let jumpable = self.jumpable(captured, true);
        let blockers = self.blockers(captured);
        let mut found = false;
        for &d in self.king_dirs {
            let d = d as usize;
            if R::RULES.no_reversal && d as u8 == last ^ 1 {
                continue;
            }
            let Some(over) = self.first_blocker(s, d, blockers) else {
                continue;
            };
            if !jumpable.has(over) {
                continue;
            }
            let mut landings = self.landings(over, d, blockers);
            if landings.is_empty() {
                continue;
            }
            found = true;
            let is_king = self.enemy_kings.has(over) as u32;
            let captured2 = captured | B::bit(over);
            let n = captured.count();
            let order2 = order | (is_king << (31 - n.min(31)));
            let kings2 = kings + is_king;
            match R::RULES.king_landing {
                KingLanding::Any => {}
                KingLanding::DirectlyBehind => {
                    landings &= B::bit(self.t.next[d][over as usize] as u32);
                }
                KingLanding::MustContinue => {
                    let going_on = landings
                        .iter()
                        .filter(|&l| self.king_can_jump(l, captured2, d as u8))
                        .fold(B::ZERO, |acc, l| acc | B::bit(l));
                    if !going_on.is_empty() {
                        landings = going_on;
                    }
                }
            }
            for land in landings.iter() {
                self.push_path(land);
                self.king(land, captured2, kings2, order2, d as u8, promoted);
                self.pop_path();
            }
        }
        if !found && !captured.is_empty() {
            self.finish(s, captured, promoted, kings, order);
        }
    }
}

/// Men of the side to move that have a first jump available.
#[inline(always)]
fn men_that_can_jump<G: Geometry, R: RuleSet>(pos: &Position<G>) -> G::Bits {
    let rules = R::RULES;
    let us = pos.side();
    let men = pos.pieces(us) & !pos.kings();
    let mut targets = pos.pieces(us.opponent());
    if !rules.man_takes_king {
        targets &= !pos.kings();
    }
    let empty = pos.empty();
    let mut can = G::Bits::ZERO;
    for &d in dirs::man_captures(rules, us) {
        can |= step_back::<G>(targets & step_back::<G>(empty, d), d);
    }
    men & can
}

/// Short kings that have a first jump available.
#[inline(always)]
fn short_kings_that_can_jump<G: Geometry, R: RuleSet>(pos: &Position<G>) -> G::Bits {
    let us = pos.side();
    let kings = pos.pieces(us) & pos.kings();
    if kings.is_empty() {
        return kings;
    }
    let targets = pos.pieces(us.opponent());
    let empty = pos.empty();
    let mut can = G::Bits::ZERO;
    for &d in dirs::king_captures(R::RULES) {
        can |= step_back::<G>(targets & step_back::<G>(empty, d), d);
    }
    kings & can
}

fn new_search<'a, G: Geometry, R: RuleSet, const PATHS: bool>(
    pos: &Position<G>,
    out: &'a mut MoveList<G::Bits>,
    log: Option<&'a mut PathLog<G::Bits>>,
) -> Search<'a, G::Bits, R, PATHS> {
    let rules = R::RULES;
    let us = pos.side();
    let enemies = pos.pieces(us.opponent());
    Search {
        t: G::tables(),
        rules: PhantomData,
        man_dirs: dirs::man_captures(rules, us),
        king_dirs: dirs::king_captures(rules),
        promotion: G::PROMOTION[us as usize],
        enemies,
        enemy_kings: enemies & pos.kings(),
        occupied: pos.occupied(),
        from: 0,
        by_king: false,
        keep_duplicates: false,
        best: 0,
        out,
        path: [0; 64],
        depth: 0,
        log,
    }
}

/// Generate every legal capture into `out` (assumed empty); false if there is none.
/// With `PATHS`, also log every path of every capture sequence found.
pub(super) fn generate<G: Geometry, R: RuleSet, const PATHS: bool>(
    pos: &Position<G>,
    out: &mut MoveList<G::Bits>,
    paths: Option<&mut Paths<G::Bits>>,
    keep_duplicates: bool,
) -> bool {
    let us = pos.side();
    let rules = R::RULES;
    let men = men_that_can_jump::<G, R>(pos);
    let kings = match rules.king {
        KingRange::Short => short_kings_that_can_jump::<G, R>(pos),
        KingRange::Flying => pos.pieces(us) & pos.kings(),
    };
    if men.is_empty() && kings.is_empty() {
        return false;
    }
    let mut log = PathLog::new();
    let mut search = new_search::<G, R, PATHS>(pos, out, PATHS.then_some(&mut log));
    search.keep_duplicates = keep_duplicates;
    let all_occupied = search.occupied;
    for s in men.iter() {
        search.from = s as u8;
        search.by_king = false;
        search.occupied = all_occupied & !G::Bits::bit(s);
        search.short(s, false, G::Bits::ZERO, 0, 0, NO_DIR);
    }
    for s in kings.iter() {
        search.from = s as u8;
        search.by_king = true;
        search.occupied = all_occupied & !G::Bits::bit(s);
        match rules.king {
            KingRange::Short => search.short(s, true, G::Bits::ZERO, 0, 0, NO_DIR),
            KingRange::Flying => search.king(s, G::Bits::ZERO, 0, 0, NO_DIR, false),
        }
    }
    let best = search.best;
    if let Some(paths) = paths {
        paths.extend(
            log.into_iter()
                .filter(|(_, key, _)| *key == best)
                .map(|(mv, _, path)| (mv, path)),
        );
    }
    !out.is_empty()
}

/// Whether the side to move has any capture.
pub(super) fn exists<G: Geometry, R: RuleSet>(pos: &Position<G>) -> bool {
    if !men_that_can_jump::<G, R>(pos).is_empty() {
        return true;
    }
    let us = pos.side();
    match R::RULES.king {
        KingRange::Short => !short_kings_that_can_jump::<G, R>(pos).is_empty(),
        KingRange::Flying => {
            let mut out = MoveList::new();
            let mut search = new_search::<G, R, false>(pos, &mut out, None);
            let all_occupied = search.occupied;
            (pos.pieces(us) & pos.kings()).iter().any(|s| {
                search.occupied = all_occupied & !G::Bits::bit(s);
                search.king_can_jump(s, G::Bits::ZERO, NO_DIR)
            })
        }
    }
}
