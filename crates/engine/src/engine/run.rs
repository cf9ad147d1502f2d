//! One search on a board: the main thread and its helpers (Lazy SMP) over one table, each
//! completed depth reported, then a weaker level's deliberate mistake.

use super::lines::{extended, line_deadline, pv_moves, OtherLines};
use super::{Engine, SearchInput, Style};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::score::{Depth, Score};
use crate::search::node::{Searcher, Shared, Watch};
use crate::search::root::{iterate, Iteration, IterationSink};
use crate::search::{Control, SearchInfo, SearchListener, SearchResult, MAX_PLY};
use crate::time::TimeBudget;
use crate::tt::Table;
use damier_core::{Geometry, Move, Position};
use damier_egdb::Egdb;
use damier_game::{quiet_king_limit, widen, Board};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

impl Engine {
    /// One search of `root` (the board of `input`), on as many threads as the engine has.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_on<G: Geometry>(
        &self,
        root: &Position<G>,
        input: &SearchInput,
        limits: &Limits,
        style: Style,
        lines: usize,
        control: &Control,
        listener: &mut dyn SearchListener,
    ) -> SearchResult {
        let start = Instant::now();
        let variant = root.rules().variant;
        let moves = root.legal_moves();
        if moves.is_empty() {
            return no_move(variant.giveaway, start);
        }
        let egdb = self.egdb.as_deref().filter(|db| db.variant() == variant);
        let egdb_root = egdb.and_then(|db| db.probe(root).ok().flatten());
        self.tt.new_search();
        let eval = self.evaluator::<G>(variant);
        let setup = Setup {
            engine: self,
            root,
            input,
            eval: &eval,
            style,
            egdb,
        };
        let shared = Shared::new(&self.tt, limits.nodes, self.key_salt(variant));
        // The other lines of a multi-line analysis search on a table of their own.
        let other_table = (lines > 1 && moves.len() > 1).then(|| self.side_table());
        if let Some(tt) = other_table {
            tt.new_search();
        }
        let other_shared = other_table.map(|tt| Shared::new(tt, None, self.key_salt(variant)));
        let budget = TimeBudget::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_PLY as Depth);
        let main_result = std::thread::scope(|scope| {
            for id in 1..self.options.threads {
                let mut helper = setup.searcher(&shared);
                scope.spawn(move || {
                    // Odd helpers search one ply deeper than the main thread, to spread the
                    // threads over different depths of the same tree.
                    let first = 1 + (id % 2) as Depth;
                    iterate(
                        &mut helper,
                        root,
                        input.quiet_plies,
                        max_depth,
                        (first, 1),
                        &mut HelperSink,
                    );
                    helper.flush_nodes();
                    // A helper that reaches the depth limit first just ends: stopping the
                    // others here would cut the main thread's last iteration short.
                });
            }
            let watch = Watch {
                control,
                budget,
                start,
                pondering: control.is_pondering(),
            };
            let mut main = setup.searcher(&shared);
            main.watch = Some(watch);
            let other_lines = other_shared.as_ref().map(|other_shared| {
                let mut searcher = setup.searcher(other_shared);
                searcher.watch = Some(watch);
                OtherLines {
                    searcher,
                    shared: other_shared,
                    root,
                    quiet: input.quiet_plies,
                    lines: lines.min(moves.len()),
                }
            });
            let mut sink = MainSink {
                listener,
                shared: &shared,
                tt: &self.tt,
                start,
                budget,
                control,
                board: input.board,
                egdb_root,
                egdb,
                other_lines,
            };
            let result = iterate(
                &mut main,
                root,
                input.quiet_plies,
                max_depth,
                (1, 1),
                &mut sink,
            );
            main.flush_nodes();
            shared.stop.store(true, Relaxed);
            result
        });
        // The other lines' searches count too, as in each depth's report.
        let nodes =
            shared.nodes.load(Relaxed) + other_shared.as_ref().map_or(0, |o| o.nodes.load(Relaxed));
        let (best, score, depth, pv) = match main_result {
            Some(it) => (it.pv[0], it.score, it.depth, it.pv),
            None => (moves[0], Score::DRAW, 0, vec![moves[0]]),
        };
        let best = self.maybe_blunder(root, &moves, best, score, style, &input.history);
        let pv = if best == pv[0] { pv } else { vec![best] };
        let any_pv = pv_moves(&input.board, &pv);
        let any_pv = if best == pv[0] && listener.shows_lines() {
            extended(egdb, &input.board, any_pv, line_deadline(budget, start))
        } else {
            any_pv
        };
        SearchResult {
            best: Some(widen(&best)),
            ponder: any_pv.get(1).copied(),
            score,
            depth,
            nodes,
            time: start.elapsed(),
            pv: any_pv,
            egdb: egdb_root,
            book: false,
        }
    }

    /// Weaker levels sometimes play another move whose shallow score is close to the best
    /// one's: a plausible mistake rather than a random one.
    fn maybe_blunder<G: Geometry>(
        &self,
        root: &Position<G>,
        moves: &[Move<G::Bits>],
        best: Move<G::Bits>,
        best_score: Score,
        style: Style,
        history: &[u64],
    ) -> Move<G::Bits> {
        if style.blunder_percent == 0 || moves.len() < 2 {
            return best;
        }
        let roll =
            |salt: u64| (style.seed ^ root.hash() ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
        if roll(1) % 100 >= u64::from(style.blunder_percent) {
            return best;
        }
        let eval = self.evaluator::<G>(root.rules().variant);
        let eval = &*eval;
        let table = Table::new(1);
        let shared = Shared::new(&table, None, 0);
        let mut s = Searcher::new(
            &shared,
            eval,
            history,
            None,
            root.rules().variant.giveaway,
            self.tuning,
        );
        let candidates: Vec<Move<G::Bits>> = moves
            .iter()
            .copied()
            .filter(|mv| {
                let child = root.play_unchecked(mv);
                let score = -s.alpha_beta(&child, 1, 1, -Score::INFINITE, Score::INFINITE, 0);
                score.0 >= best_score.0 - 150 && !score.is_decisive()
            })
            .collect();
        if candidates.is_empty() {
            return best;
        }
        candidates[(roll(2) % candidates.len() as u64) as usize]
    }
}

/// The result of a search of a position without a legal move: lost, or won in a giveaway
/// variant.
fn no_move(giveaway: bool, start: Instant) -> SearchResult {
    SearchResult {
        best: None,
        ponder: None,
        score: if giveaway {
            Score::win_in(0)
        } else {
            Score::loss_in(0)
        },
        depth: 0,
        nodes: 0,
        time: start.elapsed(),
        pv: Vec::new(),
        egdb: None,
        book: false,
    }
}

/// What every thread of one search is made from: the position with its history, the
/// evaluation, the style and the engine's databases and tuning.
struct Setup<'a, G: Geometry> {
    engine: &'a Engine,
    root: &'a Position<G>,
    input: &'a SearchInput,
    eval: &'a Evaluator<G>,
    style: Style,
    /// The engine's databases, when they are of the variant searched.
    egdb: Option<&'a Egdb>,
}

impl<'a, G: Geometry> Setup<'a, G> {
    /// A thread's searcher on `shared`, with its own history, killers and noise.
    fn searcher(&self, shared: &'a Shared<'a>) -> Searcher<'a, G> {
        let variant = self.root.rules().variant;
        let mut s = Searcher::new(
            shared,
            self.eval,
            &self.input.history,
            quiet_king_limit(variant),
            variant.giveaway,
            self.engine.tuning,
        );
        s.set_noise(self.style.noise, self.style.seed);
        if let Some(db) = self.egdb {
            s.set_egdb(db, self.input.ending_plies);
        }
        s
    }
}

struct MainSink<'a, 'l, G: Geometry> {
    listener: &'l mut dyn SearchListener,
    shared: &'a Shared<'a>,
    tt: &'a Table,
    start: Instant,
    budget: Option<TimeBudget>,
    control: &'a Control,
    board: Board,
    egdb_root: Option<damier_egdb::Value>,
    egdb: Option<&'a Egdb>,
    other_lines: Option<OtherLines<'a, G>>,
}

impl<G: Geometry> MainSink<'_, '_, G> {
    /// Tell the listener `lines` (best first) at the depth of `it`; returns the time so far.
    fn report(
        &mut self,
        it: &Iteration<G::Bits>,
        lines: &[(Score, Vec<Move<G::Bits>>)],
    ) -> Duration {
        let (other_nodes, other_hits) = self.other_lines.as_ref().map_or((0, 0), |o| {
            (
                o.shared.nodes.load(Relaxed),
                o.shared.egdb_hits.load(Relaxed),
            )
        });
        let time = self.start.elapsed();
        let nodes = self.shared.nodes.load(Relaxed) + other_nodes;
        let continued = self.listener.shows_lines().then_some(self.egdb).flatten();
        for (k, (score, pv)) in lines.iter().enumerate() {
            self.listener.on_info(&SearchInfo {
                multipv: k + 1,
                depth: it.depth,
                seldepth: it.seldepth,
                score: *score,
                nodes,
                time,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                pv: extended(
                    continued,
                    &self.board,
                    pv_moves(&self.board, pv),
                    line_deadline(self.budget, self.start),
                ),
                hashfull: self.tt.permille_full(),
                egdb_hits: self.shared.egdb_hits.load(Relaxed) + other_hits,
                egdb: self.egdb_root,
                book: false,
            });
        }
        time
    }
}

impl<G: Geometry> IterationSink<G::Bits> for MainSink<'_, '_, G> {
    fn completed(&mut self, it: &Iteration<G::Bits>, changes: u32) -> bool {
        let mut lines = vec![(it.score, it.pv.clone())];
        if let Some(other) = &mut self.other_lines {
            // The first line is the move the search chose, proved best to this depth; another
            // move searched anew with a table of its own can come out a hair above it (its
            // reductions differ). Lines are shown best first, so such a one is shown level.
            let first = it.score;
            lines.extend(
                other
                    .search(it.depth, it.pv[0])
                    .into_iter()
                    .map(|(score, pv)| (score.min(first), pv)),
            );
        }
        let time = self.report(it, &lines);
        if self.control.is_stopped() || self.shared.stop.load(Relaxed) {
            return false;
        }
        match self.budget {
            Some(b) if !self.control.is_pondering() => time < b.target(f64::from(changes)),
            _ => true,
        }
    }

    fn adopted(&mut self, it: &Iteration<G::Bits>) {
        // The new best line alone: a multi-line analysis's other lines stay as the last
        // complete depth showed them.
        self.report(it, &[(it.score, it.pv.clone())]);
    }
}

/// Helper threads report nothing.
struct HelperSink;

impl<B> IterationSink<B> for HelperSink {
    fn completed(&mut self, _: &Iteration<B>, _: u32) -> bool {
        true
    }
}
