//! Retrograde analysis of one slice and its swap.
//!
//! A slice's positions lead, by a quiet move, into its swap (the same pieces, the other side
//! to move), and by a capture or promotion into smaller slices that are already solved
//! ("exits"). One forward pass counts each position's moves within the pair and scores its
//! exits; then values spread backwards level by level: a position finalised at distance n
//! makes every predecessor a win in n+1 (if it is lost) or counts down the predecessor's
//! unrefuted moves (if it is won), and a predecessor whose moves are all refuted is lost.
//! Predecessors come from "unmoves" (a piece of the side that just moved slid back) checked
//! against the predecessor's own legal moves, so the rules core stays the only judge of
//! legality in every variant.

use crate::index::Indexer;
use crate::pending::{Batch, Item, Level, Pending};
use crate::slice::{oriented, Slice};
use crate::value::Value;
use damier_core::geometry::Dir;
use damier_core::rules::KingRange;
use damier_core::{BitSet, Color, Geometry, KingRun, MoveList, Position, Rules, Square};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

/// Code of an index that holds no position (two men on one square).
pub const HOLE: u16 = u16::MAX;

/// Solved slices that a build reads: their codes, by material.
pub type Solved = HashMap<Slice, Arc<Vec<u16>>>;

/// How a build is getting on, for a progress display.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// The forward pass: positions scored so far, of the pair's total.
    Scan {
        /// Done.
        done: u64,
        /// Of.
        total: u64,
    },
    /// Values spreading back: the distance reached and how many positions are decided.
    Spread {
        /// Plies.
        level: u16,
        /// Positions won or lost so far.
        decided: u64,
        /// Positions in the pair.
        total: u64,
    },
}

impl Progress {
    /// The steps done and their total, for a bar: positions scanned, or decided.
    pub fn fraction(&self) -> (u64, u64) {
        match *self {
            Progress::Scan { done, total } => (done, total),
            Progress::Spread { decided, total, .. } => (decided, total),
        }
    }
}

impl std::fmt::Display for Progress {
    /// `scanned 100 of 992 positions`, `40 of 992 decided, 7 plies from the end`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Progress::Scan { done, total } => write!(f, "scanned {done} of {total} positions"),
            Progress::Spread {
                level,
                decided,
                total,
            } => write!(
                f,
                "{decided} of {total} decided, {level} plies from the end"
            ),
        }
    }
}

/// One slice's values, in index order (holes hold [`HOLE`]).
pub struct Table {
    /// The slice.
    pub material: Slice,
    /// One code per index (see [`Value::code`]).
    pub codes: Vec<u16>,
}

struct Work {
    ix: Indexer,
    value: Vec<AtomicU16>,
    /// Quiet moves not yet known to lose for the mover (one more if an exit draws).
    /// Three bytes a position in all: the loss distance the exits force is not kept but
    /// scored again when a position falls lost, which few do, so that the largest pairs fit.
    open: Vec<AtomicU8>,
    /// Some positions of the slice may be drawn by rule as they stand (two pieces).
    rule_draws: bool,
}

impl Work {
    fn new<G: Geometry>(rules: &Rules, material: Slice) -> Work {
        let ix = Indexer::new::<G>(rules, material);
        let n = ix.size() as usize;
        Work {
            ix,
            value: (0..n).map(|_| AtomicU16::new(0)).collect(),
            open: (0..n).map(|_| AtomicU8::new(0)).collect(),
            rule_draws: material.pieces() == 2,
        }
    }
}

/// Whether the position still holds the code it was queued with.
fn current(item: Item, works: &[Work]) -> bool {
    works[item.table()].value[item.index() as usize].load(Relaxed) == item.code()
}

/// The most decided positions the queues hold at once (8 bytes each: 256 MiB). Past it, a
/// level's positions are found by scanning the pair's arrays instead ([`Pending`]).
const QUEUE_CAP: usize = 1 << 25;

/// Solve `material` and its swap (one table when they are the same), reading captures and
/// promotions from `solved`, which must hold every slice they lead to.
///
/// # Panics
/// If a slice that an exit needs is missing from `solved` (the caller builds in
/// [`Slice::build_order`]).
pub fn build_pair<G: Geometry>(
    rules: &'static Rules,
    material: Slice,
    solved: &Solved,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Table> {
    build_pair_queued::<G>(rules, material, solved, QUEUE_CAP, progress)
}

/// [`build_pair`] with queues of at most `queue_cap` positions.
fn build_pair_queued<G: Geometry>(
    rules: &'static Rules,
    material: Slice,
    solved: &Solved,
    queue_cap: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Table> {
    let mut works = vec![Work::new::<G>(rules, material)];
    if material.swapped() != material {
        works.push(Work::new::<G>(rules, material.swapped()));
    }
    let total: u64 = works.iter().map(|w| w.ix.size()).sum();
    let exits = Lookup::<G>::new(rules, solved);
    let pending = Pending::new(queue_cap);

    // Forward pass: count quiet moves inside the pair, score the exits.
    let scanned = AtomicU64::new(0);
    for (t, work) in works.iter().enumerate() {
        (0..work.ix.size() as usize)
            .into_par_iter()
            .with_min_len(1 << 12)
            .for_each_init(
                || Batch::new(&pending, &level_of),
                |batch, index| {
                    let index = index as u64;
                    if let Some(item) = scan::<G>(rules, t as u8, work, index, &exits) {
                        batch.push(item);
                    }
                    if index.is_multiple_of(1 << 16) {
                        let done = scanned.fetch_add(1 << 16, Relaxed) + (1 << 16);
                        progress(Progress::Scan {
                            done: done.min(total),
                            total,
                        });
                    }
                },
            );
    }

    // Spread, one distance at a time: what a level decides goes to later levels only.
    let mut decided = 0u64;
    while let Some((level, positions)) = pending.pop() {
        decided += match positions {
            Level::Listed(items) => spread_level::<G>(
                rules,
                &works,
                &exits,
                &pending,
                items
                    .into_par_iter()
                    .with_min_len(64)
                    .filter(|&item| current(item, &works)),
            ),
            Level::Scan => {
                let codes = [Value::Loss(level).code(), Value::Win(level).code()];
                (0..works.len())
                    .map(|t| {
                        let value = &works[t].value;
                        let found = (0..value.len())
                            .into_par_iter()
                            .with_min_len(1 << 14)
                            .filter_map(move |index| {
                                let code = value[index].load(Relaxed);
                                codes
                                    .contains(&code)
                                    .then(|| Item::new(t as u8, index as u64, code))
                            });
                        spread_level::<G>(rules, &works, &exits, &pending, found)
                    })
                    .sum()
            }
        };
        progress(Progress::Spread {
            level,
            decided,
            total,
        });
    }

    works
        .into_iter()
        .map(|w| Table {
            material: w.ix.material(),
            codes: w.value.into_iter().map(AtomicU16::into_inner).collect(),
        })
        .collect()
}

/// Spread every position of `items` (one level's), queueing what they decide; how many
/// there were.
fn spread_level<G: Geometry>(
    rules: &'static Rules,
    works: &[Work],
    exits: &Lookup<'_, G>,
    pending: &Pending,
    items: impl ParallelIterator<Item = Item>,
) -> u64 {
    items
        .map_init(
            || Batch::new(pending, &level_of),
            |batch, item| spread::<G>(rules, works, exits, item, batch),
        )
        .count() as u64
}

fn level_of(code: u16) -> u16 {
    match Value::from_code(code) {
        Value::Win(n) | Value::Loss(n) => n,
        Value::Draw => unreachable!("draws are not spread"),
    }
}

/// Values of positions in solved slices.
pub(crate) struct Lookup<'a, G: Geometry> {
    rules: &'static Rules,
    /// Where each material's slice is in `slices`, by [`Slice::dense_key`]: the check
    /// looks up every successor, and a hash of the material cost a fifth of its time.
    at: Vec<Option<u16>>,
    slices: Vec<(&'a [u16], Indexer)>,
    _board: std::marker::PhantomData<G>,
}

impl<'a, G: Geometry> Lookup<'a, G> {
    pub(crate) fn new(rules: &'static Rules, solved: &'a Solved) -> Self {
        let mut at = vec![None; Slice::DENSE_KEYS];
        let mut slices = Vec::with_capacity(solved.len());
        for (&m, codes) in solved {
            at[m.dense_key()] = Some(slices.len() as u16);
            slices.push((codes.as_slice(), Indexer::new::<G>(rules, m)));
        }
        Lookup {
            rules,
            at,
            slices,
            _board: std::marker::PhantomData,
        }
    }

    /// The value of `pos` (for its side to move), which lies outside the pair being built.
    pub(crate) fn value(&self, pos: &Position<G>) -> Value {
        self.read(self.find(pos))
    }

    /// Where the value of `pos` is stored. Finding a value and reading it are apart so that a
    /// caller can find all of a position's successors first and then read them together: the
    /// reads go to memory in no order, and issued together they wait side by side.
    pub(crate) fn find(&self, pos: &Position<G>) -> Stored {
        if pos.pieces(pos.side()).is_empty() {
            return Stored::Terminal;
        }
        let pos = oriented(pos);
        let m = Slice::of(&pos);
        let Some(at) = self.at[m.dense_key()] else {
            panic!("slice {m} is needed before this one");
        };
        let index = self.slices[usize::from(at)].1.index(&pos);
        Stored::At(at, index)
    }

    /// The value stored where [`Lookup::find`] said.
    pub(crate) fn read(&self, stored: Stored) -> Value {
        match stored {
            Stored::Terminal => terminal(self.rules),
            Stored::At(at, index) => {
                Value::from_code(self.slices[usize::from(at)].0[index as usize])
            }
        }
    }
}

/// Where [`Lookup`] finds a position's value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stored {
    /// Nowhere: the side to move has no piece (the game is over).
    Terminal,
    /// In a slice of the lookup, at an index.
    At(u16, u64),
}

/// Whether the game's draw rules end the game in `pos` as it stands (RULES.md §3: Turkish,
/// one piece each; Frisian, king against king with no capture forced), given its moves.
pub fn drawn_as_it_stands<G: Geometry>(pos: &Position<G>, moves: &MoveList<G::Bits>) -> bool {
    !moves.is_empty()
        && pos.occupied().count() == 2
        && damier_game::drawn_as_it_stands(
            pos.rules().variant,
            &game_material(Slice::of(pos)),
            moves.iter().any(|mv| mv.is_capture()),
        )
}

/// A slice's material in the game layer's terms (the side to move as White).
fn game_material(material: Slice) -> damier_game::Material {
    damier_game::Material {
        white_men: material.own_men.into(),
        white_kings: material.own_kings.into(),
        black_men: material.opp_men.into(),
        black_kings: material.opp_kings.into(),
    }
}

/// The value of having no move: a loss, or in a giveaway form a win.
pub fn terminal(rules: &Rules) -> Value {
    if rules.no_move_wins() {
        Value::Win(0)
    } else {
        Value::Loss(0)
    }
}

/// Score one position's moves; return it if its value is already known (to queue).
fn scan<G: Geometry>(
    rules: &'static Rules,
    table: u8,
    work: &Work,
    index: u64,
    exits: &Lookup<'_, G>,
) -> Option<Item> {
    let i = index as usize;
    let Some(pos) = work.ix.position::<G>(rules, index) else {
        work.value[i].store(HOLE, Relaxed);
        return None;
    };
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let code = terminal(rules).code();
        work.value[i].store(code, Relaxed);
        return Some(Item::new(table, index, code));
    }
    if drawn_as_it_stands(&pos, &moves) {
        // Stays 0: a draw, never spread, and never decided by its successors.
        work.open[i].store(DRAWN_BY_RULE, Relaxed);
        return None;
    }
    let (inside, best) = score_exits(&pos, &moves, exits);
    let decided = |v: Value| {
        let code = v.code();
        work.value[i].store(code, Relaxed);
        Some(Item::new(table, index, code))
    };
    match best {
        // Only exits: the best of them is the value.
        Some(v) if inside == 0 => (v != Value::Draw).then(|| decided(v))?,
        // A winning exit: queued for its distance; a shorter win inside may overtake it.
        Some(v @ Value::Win(_)) => decided(v),
        Some(Value::Draw) => {
            // Never lost: one count more than the quiet moves can refute.
            work.open[i].store(clamp(inside + 1), Relaxed);
            None
        }
        // Lost through every exit, or no exit: the quiet moves decide.
        Some(Value::Loss(_)) | None => {
            work.open[i].store(clamp(inside), Relaxed);
            None
        }
    }
}

/// The quiet moves of `pos` (which stay in the pair), and the best of its exits (captures
/// and crownings, read from the solved slices) for the side to move.
fn score_exits<G: Geometry>(
    pos: &Position<G>,
    moves: &MoveList<G::Bits>,
    exits: &Lookup<'_, G>,
) -> (u32, Option<Value>) {
    let mut inside = 0u32;
    let mut best: Option<Value> = None;
    for mv in moves.iter() {
        if !mv.is_capture() && !mv.promotes {
            inside += 1;
            continue;
        }
        let v = exits.value(&pos.play_unchecked(mv)).before();
        if best.is_none_or(|b| v.better_than(b)) {
            best = Some(v);
        }
    }
    (inside, best)
}

/// The loss distance the exits of a position force, for one whose quiet moves have all been
/// refuted (its exits are then all lost: a drawn or winning exit would have kept it from
/// falling): the longest, or 0 without exits.
fn exit_loss<G: Geometry>(pos: &Position<G>, exits: &Lookup<'_, G>) -> u16 {
    match score_exits(pos, &pos.legal_moves(), exits).1 {
        Some(Value::Loss(n)) => n,
        None => 0,
        Some(other) => unreachable!("a position with a {other:?} exit fell lost"),
    }
}

/// The open count of a position the draw rules end as it stands: above any real count, so
/// that its successors' wins never make it a loss.
const DRAWN_BY_RULE: u8 = u8::MAX;

fn clamp(n: u32) -> u8 {
    u8::try_from(n)
        .ok()
        .filter(|&n| n < DRAWN_BY_RULE)
        .expect("fewer than 255 quiet moves in an endgame position")
}

/// Decide the predecessors of a decided position.
fn spread<G: Geometry>(
    rules: &'static Rules,
    works: &[Work],
    exits: &Lookup<'_, G>,
    item: Item,
    out: &mut Batch<'_, impl Fn(u16) -> u16>,
) {
    let here = &works[item.table()];
    let pred_table = (item.table() + 1) % works.len();
    let there = &works[pred_table];
    let pos = here
        .ix
        .position::<G>(rules, item.index())
        .expect("a decided index holds a position");
    let value = Value::from_code(item.code());
    for_each_predecessor(&pos, |pred| {
        let j = there.ix.index(&pred) as usize;
        match value {
            Value::Loss(n) => {
                if there.rule_draws && drawn_as_it_stands(&pred, &pred.legal_moves()) {
                    return;
                }
                let win = Value::Win(n + 1).code();
                let mut current = there.value[j].load(Relaxed);
                loop {
                    if let Value::Win(m) = Value::from_code(current) {
                        if m <= n + 1 {
                            return;
                        }
                    }
                    match there.value[j].compare_exchange_weak(current, win, Relaxed, Relaxed) {
                        Ok(_) => {
                            out.push(Item::new(pred_table as u8, j as u64, win));
                            return;
                        }
                        Err(seen) => current = seen,
                    }
                }
            }
            Value::Win(n) => {
                if there.open[j].fetch_sub(1, Relaxed) != 1 {
                    return;
                }
                if matches!(
                    Value::from_code(there.value[j].load(Relaxed)),
                    Value::Win(_)
                ) {
                    return;
                }
                // Scored on the position as the forward pass saw it, from the index.
                let fallen = there
                    .ix
                    .position::<G>(rules, j as u64)
                    .expect("a predecessor's index holds a position");
                let distance = (n + 1).max(exit_loss(&fallen, exits));
                let code = Value::Loss(distance).code();
                there.value[j].store(code, Relaxed);
                out.push(Item::new(pred_table as u8, j as u64, code));
            }
            Value::Draw => unreachable!("draws are not spread"),
        }
    });
}

/// Call `f` with every position (oriented, White to move) from which a quiet move that
/// neither captures nor crowns leads to `pos` (oriented, White to move).
pub fn for_each_predecessor<G: Geometry>(pos: &Position<G>, mut f: impl FnMut(Position<G>)) {
    // In `pos` Black has just moved: slide each Black piece back.
    let rules = pos.rules();
    let t = G::tables();
    let empty = pos.empty();
    let black = pos.pieces(Color::Black);
    let runs = KingRuns::of(pos);
    let dirs: &[Dir] = if G::KIND.is_diagonal() {
        &Dir::ALL[..4]
    } else {
        &Dir::ALL[4..]
    };
    for to in black.iter() {
        let king = pos.kings().has(to);
        if !runs.may_have_moved(king, to) {
            continue;
        }
        let reach = if king && rules.king == KingRange::Flying {
            u32::MAX
        } else {
            1
        };
        for &d in dirs {
            let back = d.opposite() as usize;
            let mut from = to;
            for _ in 0..reach {
                let s = t.next[back][from as usize];
                if s == damier_core::geometry::NONE || !empty.has(u32::from(s)) {
                    break;
                }
                from = u32::from(s);
                let moved = (black & !G::Bits::bit(to)) | G::Bits::bit(from);
                let kings = if king {
                    (pos.kings() & !G::Bits::bit(to)) | G::Bits::bit(from)
                } else {
                    pos.kings()
                };
                let Ok(mut pred) = Position::from_parts(
                    rules,
                    pos.pieces(Color::White),
                    moved,
                    kings,
                    Color::Black,
                ) else {
                    continue;
                };
                if !rules.king_move_limit {
                    if pred.is_legal_quiet(Square::new(from), Square::new(to)) {
                        f(oriented(&pred));
                    }
                    continue;
                }
                // White has not moved since: its run stands.
                pred.set_king_run(Color::White, pos.king_run(Color::White));
                runs.before(king, from, kings & moved, |run| {
                    pred.set_king_run(Color::Black, run);
                    if pred.is_legal_quiet(Square::new(from), Square::new(to)) {
                        f(oriented(&pred));
                    }
                });
            }
        }
    }
}

/// Frisian: what Black's king run in a position says about Black's last move, and the runs
/// Black may have had before it (RULES.md §2: while a side has men, one king may make at most
/// three quiet moves in a row).
struct KingRuns {
    /// Black has men and kings, so its run bars moves and is part of the position.
    limited: bool,
    /// Black's run now (moves 0: its last move was a man's).
    now: KingRun,
}

impl KingRuns {
    fn of<G: Geometry>(pos: &Position<G>) -> KingRuns {
        let black = pos.pieces(Color::Black);
        let kings = black & pos.kings();
        let limited = pos.rules().king_move_limit && !kings.is_empty() && kings != black;
        let run = pos.king_run(Color::Black);
        let now = if limited && run.moves > 0 && kings.has(u32::from(run.square)) {
            KingRun {
                moves: run.moves.min(3),
                ..run
            }
        } else {
            KingRun::default()
        };
        KingRuns { limited, now }
    }

    /// Whether Black's last move can have been made by its piece on `to`: a run names the
    /// king that moved; no run, a man.
    fn may_have_moved(&self, king: bool, to: u32) -> bool {
        !self.limited
            || match (king, self.now.moves) {
                (false, moves) => moves == 0,
                (true, 0) => false,
                (true, _) => u32::from(self.now.square) == to,
            }
    }

    /// Call `f` with each run Black may have had before its piece moved back to `from`
    /// (`kings`: Black's kings then).
    fn before<B: BitSet>(&self, king: bool, from: u32, kings: B, mut f: impl FnMut(KingRun)) {
        if !self.limited {
            return f(KingRun::default());
        }
        let square = Square::new(from);
        if king && self.now.moves >= 2 {
            // The same king's run, one move shorter.
            return f(KingRun {
                square,
                moves: self.now.moves - 1,
            });
        }
        // A man moved, or a king began a run: before it, no run, or another king's of any
        // length (a run of three bars only that king).
        f(KingRun::default());
        for k in kings.iter().filter(|&k| !king || k != from) {
            for moves in 1..=3 {
                f(KingRun {
                    square: Square::new(k),
                    moves,
                });
            }
        }
    }
}

/// Solve every slice up to `pieces` pieces that `keep` accepts, in memory, in build order
/// (for tests and small sets; `damier egdb build` writes each slice to disk as it goes).
/// `keep` must accept every slice the kept ones lead to (kings only, for example).
pub fn solve_in_memory<G: Geometry>(
    rules: &'static Rules,
    pieces: u32,
    keep: impl Fn(Slice) -> bool,
) -> Solved {
    let mut solved = Solved::new();
    for material in Slice::build_order(pieces, rules.men)
        .into_iter()
        .filter(|&m| keep(m))
    {
        for table in build_pair::<G>(rules, material, &solved, &|_| {}) {
            solved.insert(table.material, Arc::new(table.codes));
        }
    }
    solved
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{with_geometry, Variant};

    fn solve_queued<G: Geometry>(rules: &'static Rules, pieces: u32, queue_cap: usize) -> Solved {
        let mut solved = Solved::new();
        for material in Slice::build_order(pieces, rules.men) {
            for table in build_pair_queued::<G>(rules, material, &solved, queue_cap, &|_| {}) {
                solved.insert(table.material, Arc::new(table.codes));
            }
        }
        solved
    }

    /// Scanning the arrays for a level finds the positions its list would hold: with no
    /// queue, a small one that overflows now and then, and the full one, every slice comes
    /// out the same, code for code.
    #[test]
    fn scanned_levels_solve_as_listed_ones() {
        for name in ["english", "russian", "frisian", "thai-giveaway"] {
            let variant: Variant = name.parse().unwrap();
            let rules = variant.rules();
            with_geometry!(rules.board, G => {
                let listed = solve_queued::<G>(rules, 3, QUEUE_CAP);
                for cap in [0, 500] {
                    let scanned = solve_queued::<G>(rules, 3, cap);
                    assert_eq!(scanned.len(), listed.len());
                    for (material, codes) in &listed {
                        assert!(scanned[material] == *codes, "{name} {material}, queue of {cap}");
                    }
                }
            });
        }
    }

    #[test]
    fn progress_says_how_far_a_pair_is() {
        let scan = Progress::Scan {
            done: 100,
            total: 992,
        };
        assert_eq!(scan.fraction(), (100, 992));
        assert_eq!(scan.to_string(), "scanned 100 of 992 positions");
        let spread = Progress::Spread {
            level: 7,
            decided: 40,
            total: 992,
        };
        assert_eq!(spread.fraction(), (40, 992));
        assert_eq!(
            spread.to_string(),
            "40 of 992 decided, 7 plies from the end"
        );
    }
}
