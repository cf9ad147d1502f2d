//! One thread's search: principal-variation alpha-beta with late-move reductions, and a
//! quiescence search that plays out forced captures.
//!
//! Captures are compulsory, so a position where the side to move must capture is never
//! judged statically: the quiescence search plays every capture until the position is
//! quiet, and a node with a single legal move is extended by a ply.

use super::order::{self, History, Killers};
use super::MAX_PLY;
use crate::eval::Evaluator;
use crate::movecode;
use crate::score::{Depth, Ply, Score};
use crate::time::TimeBudget;
use crate::tt::{Bound, Entry, Table};
use crate::tuning::Tuning;
use damier_core::{BitSet, Color, Geometry, Move, MoveList, Position, Role, Square};
use damier_egdb::{Egdb, InMemory, Value};
use damier_game::{claim_limit, drawn_as_it_stands, win_within_counts, EndingLimit};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// What every thread of one search shares.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a Table,
    /// Set when the search must end (by the main thread, or by [`super::Control::stop`]).
    pub stop: AtomicBool,
    /// Nodes of all threads, updated every few hundred nodes.
    pub nodes: AtomicU64,
    /// Stop after this many nodes.
    pub node_limit: Option<u64>,
    /// Positions the endgame databases answered, all threads (published with the nodes).
    pub egdb_hits: AtomicU64,
    /// Mixed into every key of the table: 0 for an engine's own table, the variant's salt
    /// for a table that engines of several variants share (the same pieces on the same
    /// squares are another position under other rules).
    pub key_salt: u64,
}

/// The clock the main thread watches.
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// The caller's control (stop, ponder-hit).
    pub control: &'a super::Control,
    /// Time budget, if the search has one.
    pub budget: Option<TimeBudget>,
    /// When the clock started (the ponder-hit, for a ponder search).
    pub start: Instant,
    /// Whether the clock is waiting for a ponder-hit.
    pub pondering: bool,
}

impl<'a> Shared<'a> {
    /// A search's state on `tt`: not stopped, no nodes counted yet.
    pub fn new(tt: &'a Table, node_limit: Option<u64>, key_salt: u64) -> Shared<'a> {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit,
            egdb_hits: AtomicU64::new(0),
            key_salt,
        }
    }
}

impl Watch<'_> {
    /// Whether the hard time limit has passed (never while pondering).
    pub fn out_of_time(&mut self) -> bool {
        if self.pondering {
            if self.control.is_pondering() {
                return false;
            }
            self.pondering = false;
            self.start = Instant::now();
        }
        self.budget
            .is_some_and(|b| self.start.elapsed() >= b.maximum)
    }
}

/// ProbCut leaves alone endings of this many pieces or fewer: there a few pieces make long
/// forced lines that a search of 40 % of the depth does not see, and exact search finds the
/// shortest win (as the databases do where they are built).
const PROBCUT_MIN_PIECES: u32 = 6;

/// How often (in nodes) a thread publishes its node count and checks for a stop.
const POLL_NODES: u64 = 512;

/// Whether a database probe may read a block from its file, or answers only from the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockReads {
    Allowed,
    CachedOnly,
}

/// One thread's search state.
pub struct Searcher<'a, G: Geometry> {
    shared: &'a Shared<'a>,
    eval: &'a Evaluator<G>,
    /// The main thread's clock; helper threads have none.
    pub watch: Option<Watch<'a>>,
    nodes: u64,
    unpublished: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// The search was stopped; results of the running iteration are unreliable.
    pub aborted: bool,
    /// The score of the root's best move in the search from the root under way (or last
    /// run), valid while [`Searcher::root_pv`] is not empty.
    root_score: Score,
    killers: Killers,
    history: History,
    /// Keys of the positions before the root (oldest first), then one per ply from the root.
    keys: Vec<u64>,
    root_index: usize,
    quiet_limit: Option<usize>,
    giveaway: bool,
    noise: i32,
    noise_seed: u64,
    pv: Vec<Move<G::Bits>>,
    pv_len: Vec<usize>,
    reductions: Vec<[i8; 64]>,
    /// Half the first aspiration window ([`Tuning::aspiration`]).
    pub(super) aspiration: i32,
    /// [`Tuning::probcut`]'s margin per ply.
    probcut: i32,
    /// [`Tuning::sort_late`].
    sort_late: bool,
    /// Whether ProbCut may cut here: not inside its own shallow search.
    prune: bool,
    egdb: Option<&'a Egdb>,
    /// Pieces up to which the databases hold every position.
    egdb_pieces: u32,
    /// Per ply from the root: plies since the material last changed.
    ending: Vec<usize>,
    /// Positions answered by the databases, not yet added to the shared count.
    egdb_hits: u64,
    /// The claim limit of each material met so far (a search meets few): finding it walks
    /// every material the ending can lead to, too slow to repeat at every probe.
    claim_limits: Vec<(damier_game::Material, EndingLimit)>,
    /// Root moves left out of the search (multi-line analysis: the lines already found).
    root_excluded: Vec<Move<G::Bits>>,
}

impl<'a, G: Geometry> Searcher<'a, G> {
    /// A thread searching from a root whose earlier positions (since the last irreversible
    /// move, oldest first) had keys `history`.
    pub fn new(
        shared: &'a Shared<'a>,
        eval: &'a Evaluator<G>,
        history: &[u64],
        quiet_limit: Option<usize>,
        giveaway: bool,
        tuning: Tuning,
    ) -> Searcher<'a, G> {
        let mut keys = history.to_vec();
        let root_index = keys.len();
        keys.resize(root_index + MAX_PLY + 2, 0);
        let reductions = tuning.reductions();
        Searcher {
            shared,
            eval,
            watch: None,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            aborted: false,
            root_score: Score::DRAW,
            killers: Killers::new(),
            history: History::new(),
            keys,
            root_index,
            quiet_limit,
            giveaway,
            noise: 0,
            noise_seed: 0,
            pv: vec![Move::default_quiet(); (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 2],
            reductions,
            aspiration: tuning.aspiration,
            probcut: tuning.probcut,
            sort_late: tuning.sort_late,
            prune: true,
            egdb: None,
            egdb_pieces: 0,
            ending: vec![0; MAX_PLY + 2],
            egdb_hits: 0,
            claim_limits: Vec::new(),
            root_excluded: Vec::new(),
        }
    }

    /// Probe `egdb` below the root, whose material has stood for `ending_plies` plies.
    pub fn set_egdb(&mut self, egdb: &'a Egdb, ending_plies: usize) {
        self.egdb_pieces = egdb.max_pieces();
        self.egdb = Some(egdb);
        self.ending[0] = ending_plies;
    }

    /// The databases' score of `pos`, when they hold it: exact when the win (or loss) can be
    /// converted before a draw rule that counts moves would end the game, else a likely win
    /// ([`Score::LIKELY_WIN`] less the distance); `None` when they do not hold it, or when
    /// answering would read a block and `reads` says not to.
    fn probe_egdb(
        &mut self,
        pos: &Position<G>,
        ply: Ply,
        quiet: usize,
        reads: BlockReads,
    ) -> Option<Score> {
        let db = self.egdb?;
        if pos.occupied().count() > self.egdb_pieces {
            return None;
        }
        let value = match db.probe_cached(pos) {
            InMemory::Answer(value) => value?,
            InMemory::OnDisk(at) if reads == BlockReads::Allowed => {
                // A file that cannot be read answers nothing rather than something wrong.
                let value = db.read(at).ok();
                // A block read takes as long as hundreds of nodes: look at the clock now,
                // not a few hundred reads later.
                self.poll();
                value?
            }
            InMemory::OnDisk(_) => return None,
        };
        let plies = match value {
            Value::Draw => {
                self.egdb_hits += 1;
                return Some(Score::DRAW);
            }
            Value::Win(n) | Value::Loss(n) => usize::from(n),
        };
        let limit = self.claim_limit(pos);
        if limit == EndingLimit::Drawn {
            self.egdb_hits += 1;
            return Some(Score::DRAW);
        }
        self.egdb_hits += 1;
        let won = matches!(value, Value::Win(_));
        if !win_within_counts(self.quiet_limit, limit, plies, quiet, self.ending[ply]) {
            // A count may draw this win first, so it is no game end; but the shortest win is
            // the best chance to beat the count, and any such win beats what the evaluation
            // can see: a score above every evaluation, falling with the distance.
            let likely = Score(Score::LIKELY_WIN.0 - plies as i32);
            return Some(if won { likely } else { -likely });
        }
        Some(if won {
            Score::win_in(ply + plies)
        } else {
            Score::loss_in(ply + plies)
        })
    }

    /// [`claim_limit`] of the material of `pos`, remembered.
    fn claim_limit(&mut self, pos: &Position<G>) -> EndingLimit {
        let material = material(pos);
        if let Some(&(_, limit)) = self.claim_limits.iter().find(|(m, _)| *m == material) {
            return limit;
        }
        let limit = claim_limit(pos.rules().variant, &material);
        self.claim_limits.push((material, limit));
        limit
    }

    /// Whether the draw rules end the game as it stands, once the side to move has a move
    /// (Turkish: one piece each; Frisian: king against king with no capture forced). Only two
    /// pieces can be such a position.
    fn drawn_as_it_stands(pos: &Position<G>, capture_forced: bool) -> bool {
        pos.occupied().count() == 2
            && pos.pieces(Color::White).count() == 1
            && drawn_as_it_stands(pos.rules().variant, &material(pos), capture_forced)
    }

    /// Search the root without these moves from now on: the best of the others is the next
    /// line of a multi-line analysis.
    pub fn exclude_at_root(&mut self, moves: &[Move<G::Bits>]) {
        self.root_excluded = moves.to_vec();
    }

    /// Plies since the material changed, after `mv` from the position at `ply`.
    fn ending_after(&self, mv: &Move<G::Bits>, ply: Ply) -> usize {
        if mv.is_capture() || mv.promotes {
            0
        } else {
            self.ending[ply] + 1
        }
    }

    /// Add evaluation noise of up to ± `amount`, varying with `seed` (weaker levels).
    pub fn set_noise(&mut self, amount: i32, seed: u64) {
        self.noise = amount.max(0);
        self.noise_seed = seed;
    }

    /// The principal variation found by the last search from the root.
    pub fn root_pv(&self) -> &[Move<G::Bits>] {
        &self.pv[..self.pv_len[0]]
    }

    /// The root's best move so far in the search from the root under way or last run, with
    /// its line and score: only moves whose search finished count, so an iteration cut short
    /// still tells which of the moves it finished beat the others at its depth.
    pub fn root_best(&self) -> Option<(Score, &[Move<G::Bits>])> {
        (self.pv_len[0] > 0).then(|| (self.root_score, self.root_pv()))
    }

    /// Prepare for a new iteration.
    pub fn start_iteration(&mut self) {
        self.seldepth = 0;
    }

    /// Count a node; every few hundred, publish the count and look for a reason to stop.
    #[inline]
    fn count_node(&mut self, ply: Ply) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.unpublished += 1;
        if self.unpublished >= POLL_NODES {
            self.poll();
        }
    }

    fn poll(&mut self) {
        let total = self.shared.nodes.fetch_add(self.unpublished, Relaxed) + self.unpublished;
        self.unpublished = 0;
        if self.egdb_hits > 0 {
            self.shared.egdb_hits.fetch_add(self.egdb_hits, Relaxed);
            self.egdb_hits = 0;
        }
        if let Some(watch) = &mut self.watch {
            let nodes_out = self.shared.node_limit.is_some_and(|n| total >= n);
            if watch.control.is_stopped() || nodes_out || watch.out_of_time() {
                self.shared.stop.store(true, Relaxed);
            }
        }
        if self.shared.stop.load(Relaxed) {
            self.aborted = true;
        }
    }

    /// Publish the last nodes counted (at the end of a search).
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unpublished, Relaxed);
        self.unpublished = 0;
        self.shared.egdb_hits.fetch_add(self.egdb_hits, Relaxed);
        self.egdb_hits = 0;
    }

    /// Start the table's bucket for the position after `mv` on its way into the cache. The
    /// child is made whole for its key (the move is made again when it is searched): the key's
    /// update lives in one place, the rules core's move, whose copy costs a few instructions.
    #[inline(always)]
    fn prefetch_child(&self, pos: &Position<G>, mv: &Move<G::Bits>) {
        let key = pos.play_unchecked(mv).hash() ^ self.shared.key_salt;
        self.shared.tt.prefetch(key);
    }

    fn evaluate(&self, pos: &Position<G>, ply: Ply) -> Score {
        let mut v = self.eval.evaluate(pos);
        if self.noise > 0 && ply > 0 {
            // The weaker levels' error: one offset per root move, shared by every leaf below
            // it. Noise drawn per leaf would instead favour moves that leave the opponent few
            // replies (a minimum over fewer noisy values is higher), and so grow with depth.
            let root_move = self.keys[self.root_index + 1];
            let h = (root_move ^ self.noise_seed).wrapping_mul(0x2545_F491_4F6C_DD1D);
            let offset = (h >> 40) as i32 % (2 * self.noise + 1) - self.noise;
            v += if ply % 2 == 1 { -offset } else { offset };
        }
        Score(v.clamp(-Score::DECISIVE.0 + 1, Score::DECISIVE.0 - 1))
    }

    /// The score of a side to move without a legal move: lost, or won in a giveaway form.
    fn no_moves(&self, ply: Ply) -> Score {
        if self.giveaway {
            Score::win_in(ply)
        } else {
            Score::loss_in(ply)
        }
    }

    /// A draw by the variant's quiet-move limit, or a repetition within the search or of a
    /// position before the root (positions can only repeat since the last irreversible move).
    fn is_draw(&self, ply: Ply, quiet: usize) -> bool {
        if self.quiet_limit.is_some_and(|limit| quiet >= limit) {
            return true;
        }
        let i = self.root_index + ply;
        let key = self.keys[i];
        let mut back = 4;
        while back <= quiet && back <= i {
            if self.keys[i - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    fn update_pv(&mut self, ply: Ply, mv: Move<G::Bits>) {
        let row = ply * (MAX_PLY + 1);
        let child_row = (ply + 1) * (MAX_PLY + 1);
        let child_len = self.pv_len[ply + 1];
        self.pv[row] = mv;
        for k in 0..child_len {
            self.pv[row + 1 + k] = self.pv[child_row + k];
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// Plies since the last irreversible move, after `mv`.
    fn quiet_after(pos: &Position<G>, mv: &Move<G::Bits>, quiet: usize) -> usize {
        if pos.is_reversible(mv) {
            quiet + 1
        } else {
            0
        }
    }

    /// The alpha-beta search of `pos`, `ply` plies from the root, with `quiet` plies since
    /// the last irreversible move.
    pub fn alpha_beta(
        &mut self,
        pos: &Position<G>,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        mut beta: Score,
        quiet: usize,
    ) -> Score {
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta, quiet);
        }
        self.pv_len[ply] = 0;
        self.count_node(ply);
        if self.aborted {
            return Score::DRAW;
        }
        let pv_node = beta.0 - alpha.0 > 1;
        if ply > 0 {
            if self.is_draw(ply, quiet) {
                return Score::DRAW;
            }
            // No line from here can end sooner than the best already found.
            alpha = alpha.max(Score::loss_in(ply));
            beta = beta.min(Score::win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        if ply > 0 {
            if let Some(score) = self.probe_egdb(pos, ply, quiet, BlockReads::Allowed) {
                return score;
            }
        }
        let key = pos.hash() ^ self.shared.key_salt;
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            if !pv_node && e.cuts(depth, alpha, beta, ply) {
                return e.score_at(ply);
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return self.no_moves(ply);
        }
        // A forced move costs the opponent nothing to foresee: look one ply further.
        let depth = if moves.len() == 1 { depth + 1 } else { depth };
        let excluding = ply == 0 && !self.root_excluded.is_empty();
        if excluding {
            moves.retain(|mv| !self.root_excluded.contains(mv));
            if moves.is_empty() {
                return -Score::INFINITE;
            }
        }
        if Self::drawn_as_it_stands(pos, moves[0].is_capture()) {
            if ply == 0 {
                // Every move is worth the draw; one is still named, for a caller that must
                // have a move.
                self.pv_len[1] = 0;
                self.update_pv(0, moves[0]);
                self.root_score = Score::DRAW;
            }
            return Score::DRAW;
        }
        let tt_move = entry.map_or(0, |e| e.mv);
        // The table's move goes first; with late sorting the rest are sorted only when it
        // does not cut off (most nodes that have one do).
        let tt_first = tt_move != 0
            && match moves.iter().position(|m| movecode::encode(m) == tt_move) {
                Some(k) => {
                    moves.swap(0, k);
                    true
                }
                None => false,
            };
        // The first child probes the table soon: start its bucket on the way now, while this
        // node runs ProbCut and orders its moves (children at depth 0 go to the quiescence
        // search, which does not probe).
        if depth >= 2 {
            self.prefetch_child(pos, &moves[0]);
        }
        if let Some(score) = self.probcut(pos, depth, ply, beta, quiet, &moves, pv_node) {
            return score;
        }
        let side = pos.side();
        let mut scores = order::Keys::new();
        if !self.sort_late {
            scores = order::scores(&moves, side, tt_move, self.killers.at(ply), &self.history);
        }
        self.killers.clear_from(ply + 1);
        let alpha_before = alpha;
        let mut best = -Score::INFINITE;
        let mut best_code = 0;
        for i in 0..moves.len() {
            if i > 0 || !tt_first {
                if scores.is_empty() {
                    let killers = self.killers.at(ply);
                    scores = order::scores(&moves, side, tt_move, killers, &self.history);
                    // The first move did not cut: most of the rest will be searched (the
                    // first listed was sent for already).
                    if depth >= 2 {
                        for mv in &moves[i.max(1)..] {
                            self.prefetch_child(pos, mv);
                        }
                    }
                }
                order::pick(&mut moves, &mut scores, i);
            }
            let mv = moves[i];
            let child = pos.play_unchecked(&mv);
            let child_quiet = Self::quiet_after(pos, &mv, quiet);
            self.keys[self.root_index + ply + 1] = child.hash();
            self.ending[ply + 1] = self.ending_after(&mv, ply);
            let plain = !mv.is_capture() && !mv.promotes;
            let mut score;
            if i == 0 {
                score = -self.alpha_beta(&child, depth - 1, ply + 1, -beta, -alpha, child_quiet);
            } else {
                let mut r = 0;
                if depth >= 3 && plain && i >= 3 {
                    r = Depth::from(self.reductions[depth.min(63) as usize][i.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let null = -alpha - 1;
                score = -self.alpha_beta(&child, depth - 1 - r, ply + 1, null, -alpha, child_quiet);
                if r > 0 && score > alpha {
                    score = -self.alpha_beta(&child, depth - 1, ply + 1, null, -alpha, child_quiet);
                }
                if pv_node && score > alpha && score < beta {
                    score =
                        -self.alpha_beta(&child, depth - 1, ply + 1, -beta, -alpha, child_quiet);
                }
            }
            if self.aborted {
                return Score::DRAW;
            }
            if score > best {
                best = score;
                best_code = movecode::encode(&mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if alpha >= beta {
                        if plain {
                            self.killers.add(ply, best_code);
                            self.history.update(side, &mv, depth, true);
                            for earlier in &moves[..i] {
                                if !earlier.is_capture() && !earlier.promotes {
                                    self.history.update(side, earlier, depth, false);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if excluding {
            // Not the root's value: some of its moves were left out.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                mv: if bound == Bound::Upper { 0 } else { best_code },
                score: best.to_tt(ply),
                depth: depth.clamp(0, 127) as i8,
                bound,
            },
        );
        best
    }

    /// ProbCut: off the principal variation, with no capture pending and more than
    /// [`PROBCUT_MIN_PIECES`] on the board, a search of 40 % of
    /// the depth whose score beats beta by a margin growing with the depth says that the full
    /// search would beat beta too. Returns the cut-off score, the margin taken off.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &Position<G>,
        depth: Depth,
        ply: Ply,
        beta: Score,
        quiet: usize,
        moves: &MoveList<G::Bits>,
        pv_node: bool,
    ) -> Option<Score> {
        if self.probcut == 0
            || !self.prune
            || pv_node
            || ply == 0
            || depth < 3
            || beta.is_decisive()
            || moves[0].is_capture()
            || pos.occupied().count() <= PROBCUT_MIN_PIECES
        {
            return None;
        }
        let margin = self.probcut * depth;
        let high = beta + margin;
        if high.is_decisive() {
            return None;
        }
        self.prune = false;
        let score = self.alpha_beta(pos, depth * 2 / 5, ply, high - 1, high, quiet);
        self.prune = true;
        // The shallow search's line is not this node's.
        self.pv_len[ply] = 0;
        (score >= high && !self.aborted).then_some(score - margin)
    }

    /// Plays out forced captures; a quiet position is judged by the evaluation.
    fn quiesce(
        &mut self,
        pos: &Position<G>,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        quiet: usize,
    ) -> Score {
        self.pv_len[ply] = 0;
        self.count_node(ply);
        if self.aborted {
            return Score::DRAW;
        }
        if ply > 0 && self.is_draw(ply, quiet) {
            return Score::DRAW;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        if ply > 0 {
            // Leaves are many and each read costs tens of microseconds: here the databases
            // answer only from blocks already in memory.
            if let Some(score) = self.probe_egdb(pos, ply, quiet, BlockReads::CachedOnly) {
                return score;
            }
        }
        // Most nodes here are quiet: their moves are counted, not built.
        let mut moves = MoveList::new();
        pos.captures_into(&mut moves);
        let capture_forced = !moves.is_empty();
        if !capture_forced {
            let mobility = pos.mobility(pos.side());
            if mobility.men + mobility.kings == 0 {
                return self.no_moves(ply);
            }
        }
        if ply > 0 && Self::drawn_as_it_stands(pos, capture_forced) {
            return Score::DRAW;
        }
        if !capture_forced {
            return self.evaluate(pos, ply);
        }
        let mut best = -Score::INFINITE;
        for mv in moves.iter() {
            let child = pos.play_unchecked(mv);
            self.keys[self.root_index + ply + 1] = child.hash();
            self.ending[ply + 1] = 0;
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, 0);
            if self.aborted {
                return Score::DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, *mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A placeholder move for unused PV slots.
trait DefaultQuiet {
    fn default_quiet() -> Self;
}

impl<B: BitSet> DefaultQuiet for Move<B> {
    fn default_quiet() -> Self {
        Move {
            from: Square::default(),
            to: Square::default(),
            promotes: false,
            captured: B::ZERO,
        }
    }
}

/// The men and kings of each side, as the draw rules count them.
fn material<G: Geometry>(pos: &Position<G>) -> damier_game::Material {
    damier_game::Material {
        white_men: pos.count(Color::White, Role::Man),
        white_kings: pos.count(Color::White, Role::King),
        black_men: pos.count(Color::Black, Role::Man),
        black_kings: pos.count(Color::Black, Role::King),
    }
}
