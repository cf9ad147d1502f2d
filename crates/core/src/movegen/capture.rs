//! Capture sequences, generated depth first from each piece that can jump.
//!
//! Each finished sequence gets a precedence key from the variant's capture-choice rule; a
//! higher key clears the list, a lower one is dropped, and equal keys are kept once per
//! (start, end, captured set). So majority and the other precedence rules cost no second pass.

use super::dirs::{self, unroll_dirs};
use super::rule_set::RuleSet;
use crate::bitset::BitSet;
use crate::capture_path::{self, CapturePath};
use crate::geometry::{
    jump_masks, jump_sources, short_jump_lands, step, Dir, Geometry, JumpMasks, Tables, NONE,
};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{CaptureChoice, KingLanding, KingRange, MidCapturePromotion, Removal};
use crate::square::Square;
use crate::Color;
use std::marker::PhantomData;

/// No previous jump direction.
const NO_DIR: u8 = u8::MAX;

/// Recorded paths, when asked for: each move with its key and landing squares.
type PathLog<B> = Vec<(Move<B>, u64, Vec<Square>)>;

/// Every legal capture with one of its paths (landing squares).
pub(super) type Paths<B> = Vec<(Move<B>, Vec<Square>)>;

/// What a search from one start square needs to know, and where it writes.
/// `GATHER`: find short jumps by gathering (see `capture_path`), chosen once per generation.
struct Search<'a, G: Geometry, R: RuleSet, const PATHS: bool, const GATHER: bool> {
    t: &'static Tables<G::Bits>,
    rules: PhantomData<(G, R)>,
    /// The side capturing.
    side: Color,
    /// Our crowning row.
    promotion: G::Bits,
    enemies: G::Bits,
    enemy_kings: G::Bits,
    /// Every piece on the board.
    board: G::Bits,
    /// Every piece but the one capturing (its start square is free during the move).
    occupied: G::Bits,
    from: Square,
    by_king: bool,
    /// Keep one entry per path instead of one per (start, end, captured set).
    keep_duplicates: bool,
    best: u64,
    out: &'a mut MoveList<G::Bits>,
    path: [Square; 64],
    depth: usize,
    log: Option<&'a mut PathLog<G::Bits>>,
}

/// A capture sequence under way: what it has taken so far and how it arrived.
#[derive(Clone, Copy)]
struct Chain<B> {
    /// Squares of the pieces taken.
    captured: B,
    /// How many of them were kings.
    kings: u32,
    /// Italian rule (d): bit `31 - i` is set when the `i`-th piece taken was a king.
    order: u32,
    /// Direction of the last jump, or [`NO_DIR`]: before the first, and where no rule reads
    /// it (only Turkish forbids turning back).
    last: u8,
}

impl<B: BitSet> Chain<B> {
    /// Nothing taken yet.
    const START: Chain<B> = Chain {
        captured: B::ZERO,
        kings: 0,
        order: 0,
        last: NO_DIR,
    };

    /// The chain after jumping `over` (a king or not) in direction `d`; `track_order` only
    /// where the Italian rule needs it.
    #[inline(always)]
    fn then(self, over: u32, is_king: bool, d: u8, track_order: bool) -> Chain<B> {
        let is_king = is_king as u32;
        let order = if track_order {
            let n = self.captured.count();
            self.order | (is_king << (31 - n.min(31)))
        } else {
            0
        };
        Chain {
            captured: self.captured | B::bit(over),
            kings: self.kings + is_king,
            order,
            last: d,
        }
    }
}

impl<G: Geometry, R: RuleSet, const PATHS: bool, const GATHER: bool>
    Search<'_, G, R, PATHS, GATHER>
{
    /// Whether the order in which kings are taken matters (Italian rule (d)).
    const ITALIAN: bool = matches!(R::RULES.choice, CaptureChoice::Italian);

    /// Squares that block the capturing piece, given what it has captured so far.
    #[inline(always)]
    fn blockers(&self, captured: G::Bits) -> G::Bits {
        match R::RULES.removal {
            Removal::AtEnd => self.occupied,
            Removal::Immediate => self.occupied & !captured,
        }
    }

    /// Enemy pieces the capturing piece may still jump.
    #[inline(always)]
    fn jumpable(&self, captured: G::Bits, as_king: bool) -> G::Bits {
        let mut set = self.enemies & !captured;
        if !as_king && !R::RULES.man_takes_king {
            set &= !self.enemy_kings;
        }
        set
    }

    /// The short jumps of a man of the side capturing, or of a king (their directions, and the
    /// squares passed over and landed on from each square): tables built at compile time, so
    /// that the choice is a constant, or a test of the side.
    #[inline(always)]
    fn jumps(&self, as_king: bool) -> &'static JumpMasks {
        if as_king {
            const { &jump_masks(G::KIND, dirs::mask(dirs::king_captures(R::RULES))) }
        } else if self.side == Color::White {
            const {
                &jump_masks(
                    G::KIND,
                    dirs::mask(dirs::man_captures(R::RULES, Color::White)),
                )
            }
        } else {
            const {
                &jump_masks(
                    G::KIND,
                    dirs::mask(dirs::man_captures(R::RULES, Color::Black)),
                )
            }
        }
    }

    /// Direction of the jump from `s` over `over`, where a jump may not reverse the last one
    /// (Turkish); elsewhere nothing needs it and it is [`NO_DIR`].
    #[inline(always)]
    fn jump_dir(s: u32, over: u32) -> u8 {
        if !R::RULES.no_reversal {
            return NO_DIR;
        }
        let delta = over as i32 - s as i32;
        Dir::ALL
            .iter()
            .position(|&d| G::KIND.delta(d) == delta)
            .map_or(NO_DIR, |d| d as u8)
    }

    /// Start capturing with the piece on `from`, whose square is free while it moves.
    #[inline(always)]
    fn begin(&mut self, from: u32, by_king: bool) {
        self.from = Square::new(from);
        self.by_king = by_king;
        self.occupied = self.board & !G::Bits::bit(from);
    }

    /// Every capture sequence by the men `men`.
    #[inline(always)]
    fn search_men(&mut self, men: G::Bits) {
        for s in men.iter() {
            self.begin(s, false);
            self.short::<false>(s, Chain::START);
        }
    }

    /// Precedence key of a finished sequence (higher is preferred).
    #[inline(always)]
    fn key(&self, chain: &Chain<G::Bits>) -> u64 {
        let n = chain.captured.count() as u64;
        let (k, by_king) = (chain.kings as u64, self.by_king as u64);
        match R::RULES.choice {
            CaptureChoice::Free => 0,
            CaptureChoice::Majority => n,
            CaptureChoice::MajorityThenKings => (n << 8) | k,
            CaptureChoice::KingFirst => by_king,
            CaptureChoice::Italian => (n << 40) | (by_king << 39) | (k << 32) | chain.order as u64,
            CaptureChoice::FrisianValue => {
                let value = CaptureChoice::FRISIAN_KING * k + CaptureChoice::FRISIAN_MAN * (n - k);
                (value << 1) | by_king
            }
        }
    }

    #[inline(always)]
    fn push_path(&mut self, square: u32) {
        if PATHS {
            self.path[self.depth] = Square::new(square);
            self.depth += 1;
        }
    }

    #[inline(always)]
    fn pop_path(&mut self) {
        if PATHS {
            self.depth -= 1;
        }
    }

    fn finish(&mut self, to: u32, chain: &Chain<G::Bits>, promotes: bool) {
        let key = self.key(chain);
        let mv = Move {
            from: self.from,
            to: Square::new(to),
            promotes,
            captured: chain.captured,
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
    fn short<const KING: bool>(&mut self, s: u32, chain: Chain<G::Bits>) {
        let free = G::ALL & !self.blockers(chain.captured);
        let jumpable = self.jumpable(chain.captured, KING);
        // The landing squares of every jump, without a branch per direction (those
        // mispredict); each direction lands on its own square, and `over` is halfway back.
        let jumps = self.jumps(KING);
        let lands = if G::Bits::FAST_GATHER && GATHER {
            short_jump_lands::<G>(jumps, s, jumpable, free)
        } else {
            let allowed = jumps.dirs;
            let at = G::Bits::bit(s);
            let mut lands = G::Bits::ZERO;
            unroll_dirs!(8, D => {
                let d = Dir::ALL[D];
                if allowed & (1 << D) != 0 {
                    lands |= step::<G>(step::<G>(at, d) & jumpable, d) & free;
                }
            });
            lands
        };
        let mut found = false;
        for land in lands.iter() {
            let over = (land + s) / 2;
            let d = Self::jump_dir(s, over);
            if R::RULES.no_reversal && d == chain.last ^ 1 {
                continue;
            }
            found = true;
            let next = chain.then(over, self.enemy_kings.has(over), d, Self::ITALIAN);
            self.push_path(land);
            if !KING && self.promotion.has(land) {
                match R::RULES.promotion {
                    MidCapturePromotion::Stop => self.finish(land, &next, true),
                    MidCapturePromotion::ContinueAsKing => self.king(land, next, true),
                    MidCapturePromotion::PassThrough => self.short::<false>(land, next),
                }
            } else {
                self.short::<KING>(land, next);
            }
            self.pop_path();
        }
        if !found && !chain.captured.is_empty() {
            let promotes = !KING && self.promotion.has(s);
            self.finish(s, &chain, promotes);
        }
    }

    /// The first piece from `s` in direction `d`, if any, given the blocking set.
    #[inline(always)]
    fn first_blocker(&self, s: u32, d: usize, blockers: G::Bits) -> Option<u32> {
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
    fn landings(&self, over: u32, d: usize, blockers: G::Bits) -> G::Bits {
        let ray = self.t.ray[d][over as usize];
        match self.first_blocker(over, d, blockers) {
            None => ray,
            Some(b) => ray & !self.t.ray[d][b as usize] & !G::Bits::bit(b),
        }
    }

    /// Whether a flying king on `s` could jump again.
    fn king_can_jump(&self, s: u32, captured: G::Bits, last: u8) -> bool {
        let jumpable = self.jumpable(captured, true);
        let blockers = self.blockers(captured);
        dirs::king_captures(R::RULES).iter().any(|&d| {
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
    fn king(&mut self, s: u32, chain: Chain<G::Bits>, promoted: bool) {
        let jumpable = self.jumpable(chain.captured, true);
        let blockers = self.blockers(chain.captured);
        let mut found = false;
        for &d in dirs::king_captures(R::RULES) {
            let d = d as usize;
            if R::RULES.no_reversal && d as u8 == chain.last ^ 1 {
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
            let next = chain.then(over, self.enemy_kings.has(over), d as u8, Self::ITALIAN);
            match R::RULES.king_landing {
                KingLanding::Any => {}
                KingLanding::DirectlyBehind => {
                    landings &= G::Bits::bit(self.t.next[d][over as usize] as u32);
                }
                KingLanding::MustContinue => {
                    let going_on = landings
                        .iter()
                        .filter(|&l| self.king_can_jump(l, next.captured, d as u8))
                        .fold(G::Bits::ZERO, |acc, l| acc | G::Bits::bit(l));
                    if !going_on.is_empty() {
                        landings = going_on;
                    }
                }
            }
            for land in landings.iter() {
                self.push_path(land);
                self.king(land, next, promoted);
                self.pop_path();
            }
        }
        if !found && !chain.captured.is_empty() {
            self.finish(s, &chain, promoted);
        }
    }
}

/// The pieces a man of the side to move may take: the opponent's, less their kings where men
/// may not take kings.
#[inline(always)]
pub(super) fn man_targets<G: Geometry, R: RuleSet>(pos: &Position<G>) -> G::Bits {
    let mut targets = pos.pieces(pos.side().opponent());
    if !R::RULES.man_takes_king {
        targets &= !pos.kings();
    }
    targets
}

/// The members of `pieces` with a jump in one of `dirs` over one of `targets` onto an empty
/// square.
#[inline(always)]
fn can_jump<G: Geometry>(
    pieces: G::Bits,
    targets: G::Bits,
    empty: G::Bits,
    dirs: &[Dir],
) -> G::Bits {
    let sources = dirs.iter().fold(G::Bits::ZERO, |acc, &d| {
        acc | jump_sources::<G>(targets, empty, d)
    });
    pieces & sources
}

/// Men of the side to move that have a first jump available.
#[inline(always)]
fn men_that_can_jump<G: Geometry, R: RuleSet>(pos: &Position<G>) -> G::Bits {
    let us = pos.side();
    let men = pos.pieces(us) & !pos.kings();
    let targets = man_targets::<G, R>(pos);
    can_jump::<G>(men, targets, pos.empty(), dirs::man_captures(R::RULES, us))
}

/// Short kings of the side to move that have a first jump available.
#[inline(always)]
pub(super) fn short_kings_that_can_jump<G: Geometry, R: RuleSet>(pos: &Position<G>) -> G::Bits {
    let us = pos.side();
    let kings = pos.pieces(us) & pos.kings();
    if kings.is_empty() {
        return kings;
    }
    let targets = pos.pieces(us.opponent());
    can_jump::<G>(kings, targets, pos.empty(), dirs::king_captures(R::RULES))
}

/// Whether this generation finds short jumps by gathering: once per generation rather than
/// once per jump, which would cost about 1 % of the perft time.
#[inline(always)]
fn gather_now<B: BitSet>() -> bool {
    B::FAST_GATHER && capture_path::current() == CapturePath::Gather
}

fn new_search<'a, G: Geometry, R: RuleSet, const PATHS: bool, const GATHER: bool>(
    pos: &Position<G>,
    out: &'a mut MoveList<G::Bits>,
    log: Option<&'a mut PathLog<G::Bits>>,
) -> Search<'a, G, R, PATHS, GATHER> {
    let us = pos.side();
    let enemies = pos.pieces(us.opponent());
    Search {
        t: G::tables(),
        rules: PhantomData,
        side: us,
        promotion: G::PROMOTION[us as usize],
        enemies,
        enemy_kings: enemies & pos.kings(),
        board: pos.occupied(),
        occupied: pos.occupied(),
        from: Square::default(),
        by_king: false,
        keep_duplicates: false,
        best: 0,
        out,
        path: [Square::default(); 64],
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
    if gather_now::<G::Bits>() {
        generate_with::<G, R, PATHS, true>(pos, out, paths, keep_duplicates)
    } else {
        generate_with::<G, R, PATHS, false>(pos, out, paths, keep_duplicates)
    }
}

fn generate_with<G: Geometry, R: RuleSet, const PATHS: bool, const GATHER: bool>(
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
    let mut search = new_search::<G, R, PATHS, GATHER>(pos, out, PATHS.then_some(&mut log));
    search.keep_duplicates = keep_duplicates;
    search.search_men(men);
    for s in kings.iter() {
        search.begin(s, true);
        match rules.king {
            KingRange::Short => search.short::<true>(s, Chain::START),
            KingRange::Flying => search.king(s, Chain::START, false),
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

/// Generate every legal capture into `out` (assumed empty) when only men can capture, and
/// `men` are those with a jump.
#[inline(always)]
pub(super) fn generate_from_men<G: Geometry, R: RuleSet>(
    pos: &Position<G>,
    men: G::Bits,
    out: &mut MoveList<G::Bits>,
) {
    if gather_now::<G::Bits>() {
        new_search::<G, R, false, true>(pos, out, None).search_men(men);
    } else {
        new_search::<G, R, false, false>(pos, out, None).search_men(men);
    }
}

/// Generate every legal capture into `out` (assumed empty) when only men capture and the
/// capture rule puts any multiple capture above every single one: the search starts from the
/// men's first jumps that go on, given as landing squares per direction.
pub(super) fn generate_going_on<G: Geometry, R: RuleSet, const N: usize>(
    pos: &Position<G>,
    dirs: [Dir; N],
    lands: [G::Bits; N],
    out: &mut MoveList<G::Bits>,
) {
    if gather_now::<G::Bits>() {
        going_on_with::<G, R, N, true>(pos, dirs, lands, out);
    } else {
        going_on_with::<G, R, N, false>(pos, dirs, lands, out);
    }
}

fn going_on_with<G: Geometry, R: RuleSet, const N: usize, const GATHER: bool>(
    pos: &Position<G>,
    dirs: [Dir; N],
    lands: [G::Bits; N],
    out: &mut MoveList<G::Bits>,
) {
    let mut search = new_search::<G, R, false, GATHER>(pos, out, None);
    unroll_dirs!(N, I => {
        let delta = G::KIND.delta(dirs[I]);
        for land in lands[I].iter() {
            let over = (land as i32 - delta) as u32;
            let from = (over as i32 - delta) as u32;
            search.begin(from, false);
            let chain = Chain::START.then(
                over,
                search.enemy_kings.has(over),
                dirs[I] as u8,
                Search::<G, R, false, GATHER>::ITALIAN,
            );
            search.short::<false>(land, chain);
        }
    });
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
            let mut search = new_search::<G, R, false, false>(pos, &mut out, None);
            (pos.pieces(us) & pos.kings()).iter().any(|s| {
                search.begin(s, true);
                search.king_can_jump(s, G::Bits::ZERO, NO_DIR)
            })
        }
    }
}
