//! The engine facade: one transposition table, a number of threads, and `search`, which
//! takes a position of any variant, limits and a control, and returns the move to play.

use crate::eval::{EvalChoice, Evaluator};
use crate::limits::{Level, Limits};
use crate::score::{Depth, Score};
use crate::search::node::{Searcher, Shared, Watch};
use crate::search::root::{iterate, Iteration, IterationSink};
use crate::search::{Control, SearchInfo, SearchListener, SearchResult, MAX_PLY};
use crate::time::TimeBudget;
use crate::tt::{Table, TableError};
use crate::tuning::Tuning;
use damier_book::Choice as BookChoice;
use damier_core::{Geometry, Move, PlayError, Position};
use damier_egdb::Egdb;
use damier_game::{quiet_king_limit, widen, AnyMove, Board, Game, PlyKind};
use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most lines a multi-line analysis reports ([`Engine::set_lines`]).
pub const MAX_LINES: usize = 64;

/// The most threads a search (or any of Damier's parallel jobs) may be given: every
/// interface checks against it, with the same words.
pub const MAX_THREADS: usize = 256;

/// How the engine is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            hash_mb: 64,
        }
    }
}

/// A position to search and what came before it, for draws by repetition and by the
/// variant's move limits during the search.
#[derive(Clone, Debug)]
pub struct SearchInput {
    /// The position.
    pub board: Board,
    /// Keys ([`Board::hash`]) of the positions since the last irreversible move (see
    /// [`Board::is_reversible`]), oldest first, not counting `board` itself.
    pub history: Vec<u64>,
    /// Plies played since the last irreversible move. Where a quiet-move limit applies, these
    /// are also the plies it counts (none since a capture or a man's move): the men of those
    /// variants only step forward.
    pub quiet_plies: usize,
    /// Plies played since the material last changed (a capture or a crowning): how much of
    /// an ending's move count is spent, for endgame-database wins.
    pub ending_plies: usize,
}

impl SearchInput {
    /// A position with no history.
    pub fn new(board: Board) -> SearchInput {
        SearchInput {
            board,
            history: Vec::new(),
            quiet_plies: 0,
            ending_plies: 0,
        }
    }

    /// The threat of `board`: the same position with the other side to move, and no history
    /// (the moves that led there were not this side's) — what the opponent would play if
    /// the side to move passed.
    pub fn threat(board: &Board) -> SearchInput {
        SearchInput::new(board.with_side(board.side().opponent()))
    }

    /// The position after `mv`, its history carried on: a line tried from a game's
    /// position (an analysis board's variation) is searched with the game behind it.
    ///
    /// # Errors
    /// [`PlayError`] when `mv` is not legal here.
    pub fn played(&self, mv: &AnyMove) -> Result<SearchInput, PlayError> {
        let next = self.board.play(mv)?;
        let mut input = self.clone();
        if !self.board.is_reversible(mv) {
            input.history.clear();
            input.quiet_plies = 0;
        } else {
            input.history.push(self.board.hash());
            input.quiet_plies += 1;
        }
        if next.material() == self.board.material() {
            input.ending_plies += 1;
        } else {
            input.ending_plies = 0;
        }
        input.board = next;
        Ok(input)
    }

    /// The current position of a game, with its history.
    pub fn from_game(game: &Game) -> SearchInput {
        let positions = game.positions();
        let mut quiet = 0;
        for (i, ply) in game.plies().iter().enumerate().rev() {
            match ply.kind {
                PlyKind::Move(mv) if !positions[i].is_reversible(&mv) => break,
                _ => quiet += 1,
            }
        }
        let n = positions.len() - 1;
        let material = positions[n].material();
        let ending = positions[..n]
            .iter()
            .rev()
            .take_while(|p| p.material() == material)
            .count();
        SearchInput {
            board: *game.position(),
            history: positions[n - quiet..n].iter().map(Board::hash).collect(),
            quiet_plies: quiet,
            ending_plies: ending,
        }
    }
}

/// A playing style on top of the limits: the noise and blunders of a [`Level`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Evaluation noise, in hundredths of a man.
    pub noise: i32,
    /// Chance in percent of playing a reasonable move other than the best.
    pub blunder_percent: u8,
    /// Seed for the noise, the blunders and the choice between equal book moves (0: book
    /// moves vary from search to search).
    pub seed: u64,
    /// Search even where the opening book knows the position (an analysis board asks for
    /// the engine's own view).
    pub skip_book: bool,
}

impl Style {
    /// The style of a level, seeded.
    pub fn of_level(level: Level, seed: u64) -> Style {
        let s = level.settings();
        Style {
            noise: s.noise,
            blunder_percent: s.blunder_percent,
            seed,
            skip_book: false,
        }
    }
}

/// A different start for each engine's book draws, so that equal book moves vary between
/// runs as well as between games.
fn book_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The engine.
pub struct Engine {
    tt: Arc<Table>,
    /// The table is shared with other engines (whose variants may differ).
    shared_table: bool,
    options: EngineOptions,
    eval: EvalChoice,
    egdb: Option<Arc<Egdb>>,
    book: BookChoice,
    /// Advanced at each book move, so that equal book moves take turns.
    book_draws: AtomicU64,
    lines: usize,
    tuning: Tuning,
    /// The evaluation made ready for the variant last searched. Making a learned one (its
    /// table of pattern weights net of the opponent's) takes milliseconds on the larger
    /// boards: too long to repeat at every move of a fast game.
    prepared: Mutex<Option<Prepared>>,
}

/// Evaluations made ready, shared by every engine of the process that uses the same one
/// (a server's games, a match's players): a learned evaluation's tables take hundreds of KB,
/// and an engine for each of many games must not copy them. Held weakly: an evaluation no
/// engine uses any more is freed.
type SharedEvaluators = Vec<(
    (damier_core::Variant, usize),
    std::sync::Weak<dyn Any + Send + Sync>,
)>;
static SHARED_EVALUATORS: Mutex<SharedEvaluators> = Mutex::new(Vec::new());

/// The evaluation of `variant` by `choice`, made once while some engine holds it.
fn shared_evaluator<G: Geometry>(
    variant: damier_core::Variant,
    choice: &EvalChoice,
) -> Arc<dyn Any + Send + Sync> {
    // Builtin and classic are the same for every engine; a weights file is the same when it
    // is the same loaded file.
    let choice_key = match choice {
        EvalChoice::Builtin => 0,
        EvalChoice::Classic => 1,
        EvalChoice::Weights(w) => Arc::as_ptr(w) as usize,
    };
    let key = (variant, choice_key);
    let mut cache = SHARED_EVALUATORS.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|(_, weak)| weak.strong_count() > 0);
    if let Some(live) = cache
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, weak)| weak.upgrade())
        .filter(|e| e.is::<Evaluator<G>>())
    {
        return live;
    }
    let made: Arc<dyn Any + Send + Sync> = Arc::new(Evaluator::<G>::choose(variant, choice));
    cache.push((key, Arc::downgrade(&made)));
    made
}

/// An [`Evaluator`] of some board, for one variant.
struct Prepared {
    variant: damier_core::Variant,
    evaluator: Arc<dyn Any + Send + Sync>,
}

/// The lines after the first of a multi-line analysis: after each depth the main thread
/// completes, the best root move leaving out the lines found so far, to the same depth.
/// They are searched with their own table, history and killers, so that the first line is
/// exactly what a one-line search finds.
struct OtherLines<'a, G: Geometry> {
    searcher: Searcher<'a, G>,
    shared: &'a Shared<'a>,
    root: &'a Position<G>,
    quiet: usize,
    /// Lines wanted in all, the first included.
    lines: usize,
}

impl<G: Geometry> OtherLines<'_, G> {
    /// The next lines at `depth` after `best`, best first; fewer if the search was stopped
    /// or the root has fewer moves.
    fn search(&mut self, depth: Depth, best: Move<G::Bits>) -> Vec<(Score, Vec<Move<G::Bits>>)> {
        let mut excluded = vec![best];
        let mut found = Vec::new();
        while excluded.len() < self.lines {
            self.searcher.exclude_at_root(&excluded);
            self.searcher.start_iteration();
            let score = self.searcher.alpha_beta(
                self.root,
                depth,
                0,
                -Score::INFINITE,
                Score::INFINITE,
                self.quiet,
            );
            let pv = self.searcher.root_pv().to_vec();
            if self.searcher.aborted || pv.is_empty() {
                break;
            }
            excluded.push(pv[0]);
            found.push((score, pv));
        }
        self.searcher.flush_nodes();
        // Each is the best of the moves left, but searched anew: keep them in score order.
        found.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        found
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

impl<G: Geometry> IterationSink<G::Bits> for MainSink<'_, '_, G> {
    fn completed(&mut self, it: &Iteration<G::Bits>, changes: u32) -> bool {
        let mut lines = vec![(it.score, it.pv.clone())];
        let mut other_nodes = 0;
        let mut other_hits = 0;
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
            other_nodes = other.shared.nodes.load(Relaxed);
            other_hits = other.shared.egdb_hits.load(Relaxed);
        }
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
        if self.control.is_stopped() || self.shared.stop.load(Relaxed) {
            return false;
        }
        match self.budget {
            Some(b) if !self.control.is_pondering() => time < b.target(f64::from(changes)),
            _ => true,
        }
    }
}

/// Plies a line is continued by the databases, at most.
const EGDB_LINE: usize = 60;

/// A timed search gives each database continuation of a line at most this share of the time
/// it has taken so far, so that the lines of a fast game cost it no depth: in 8-piece Italian
/// endings at 0.1 s + 0.01 s a move, unbounded continuations took up to 6.5 ms each against
/// a budget of about 10 ms a move, and lost games on time.
const LINE_SHARE: u32 = 16;

/// When a line's database continuation must stop: never in an untimed search.
fn line_deadline(budget: Option<TimeBudget>, start: Instant) -> Option<Instant> {
    budget.map(|_| {
        let now = Instant::now();
        now + now.duration_since(start) / LINE_SHARE
    })
}

/// A line that ends in a database win or loss, continued by the databases' best moves (until
/// `deadline`, if any): the search stops at its first probe, so its own line ends where the
/// database's begins.
fn extended(
    db: Option<&Egdb>,
    board: &Board,
    mut line: Vec<AnyMove>,
    deadline: Option<Instant>,
) -> Vec<AnyMove> {
    let Some(db) = db else {
        return line;
    };
    let mut b = *board;
    for mv in &line {
        match b.play(mv) {
            Ok(next) => b = next,
            Err(_) => return line,
        }
    }
    while line.len() < EGDB_LINE && deadline.is_none_or(|d| Instant::now() < d) {
        match db.best_move(&b) {
            Some(mv) if push_if_legal(&mut b, &mut line, mv) => {}
            _ => break,
        }
    }
    line
}

/// Play `mv` on `board` and add it to `line` if it is legal; false, and nothing changed, if
/// it is not.
fn push_if_legal(board: &mut Board, line: &mut Vec<AnyMove>, mv: AnyMove) -> bool {
    match board.play(&mv) {
        Ok(next) => {
            *board = next;
            line.push(mv);
            true
        }
        Err(_) => false,
    }
}

/// The moves of a line as moves of any variant, checked against the position as it goes
/// (a line ends at the first move that is not legal, which cannot happen for a line the
/// search built, but costs nothing to guard).
fn pv_moves<B: damier_core::BitSet>(board: &Board, pv: &[Move<B>]) -> Vec<AnyMove> {
    let mut b = *board;
    let mut out = Vec::with_capacity(pv.len());
    for mv in pv {
        if !push_if_legal(&mut b, &mut out, widen(mv)) {
            break;
        }
    }
    out
}

impl Engine {
    /// An engine with `options`.
    ///
    /// # Panics
    /// Where [`Engine::try_new`] fails (a hash table too large for the machine).
    pub fn new(options: EngineOptions) -> Engine {
        Engine::try_new(options).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An engine with `options`, or why its hash table cannot be made.
    pub fn try_new(options: EngineOptions) -> Result<Engine, TableError> {
        Ok(Engine::on_table(
            options,
            Arc::new(Table::try_new(options.hash_mb)?),
            false,
        ))
    }

    /// An engine whose transposition table is `table`, shared with other engines (a
    /// server's games: one memory budget for them all, searches of any variants at once).
    /// `options.hash_mb` then sizes only the side table of a multi-line analysis.
    pub fn with_table(options: EngineOptions, table: Arc<Table>) -> Engine {
        Engine::on_table(options, table, true)
    }

    fn on_table(options: EngineOptions, tt: Arc<Table>, shared_table: bool) -> Engine {
        Engine {
            tt,
            shared_table,
            options: EngineOptions {
                threads: options.threads.clamp(1, 256),
                ..options
            },
            eval: EvalChoice::Builtin,
            egdb: None,
            book: BookChoice::None,
            book_draws: AtomicU64::new(book_seed()),
            lines: 1,
            tuning: Tuning::PLAY,
            prepared: Mutex::new(None),
        }
    }

    /// What [`Shared::key_salt`] is for `variant` on this engine's table.
    fn key_salt(&self, variant: damier_core::Variant) -> u64 {
        if !self.shared_table {
            return 0;
        }
        let id = (variant.base as u64) << 1 | u64::from(variant.giveaway);
        (id + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The options in use.
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// Use `choice` for the searches from now on.
    pub fn set_eval(&mut self, choice: EvalChoice) {
        self.eval = choice;
        *self.prepared.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The evaluation in use for `variant`, made once and kept until the variant or the
    /// choice changes.
    fn evaluator<G: Geometry>(&self, variant: damier_core::Variant) -> Arc<Evaluator<G>> {
        let mut prepared = self.prepared.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = prepared.as_ref().filter(|p| p.variant == variant) {
            if let Ok(evaluator) = Arc::clone(&p.evaluator).downcast::<Evaluator<G>>() {
                return evaluator;
            }
        }
        let evaluator = shared_evaluator::<G>(variant, &self.eval);
        let typed = Arc::clone(&evaluator)
            .downcast::<Evaluator<G>>()
            .unwrap_or_else(|_| Arc::new(Evaluator::<G>::choose(variant, &self.eval)));
        *prepared = Some(Prepared { variant, evaluator });
        typed
    }

    /// The evaluation in use.
    pub fn eval(&self) -> &EvalChoice {
        &self.eval
    }

    /// Search with these constants ([`Tuning::PLAY`] unless set).
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = tuning;
    }

    /// The search's tuned constants in use.
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// Probe these endgame databases during searches of their variant (`None`: no
    /// databases). Searches of other variants ignore them.
    pub fn set_egdb(&mut self, egdb: Option<Arc<Egdb>>) {
        self.egdb = egdb;
    }

    /// Play from this opening book from now on ([`BookChoice::None`], the default for a new
    /// engine: no book). A search plays the book's move instead of searching when the book
    /// knows the position and the search is a game move at full strength (one line, bounded,
    /// not pondering, no noise).
    pub fn set_book(&mut self, book: BookChoice) {
        self.book = book;
    }

    /// The opening book in use.
    pub fn book(&self) -> &BookChoice {
        &self.book
    }

    /// Report the `lines` best root moves at each depth, each with its score and line (a
    /// multi-line analysis; at least 1, the default). The move played is still the first
    /// line's; the other lines cost a search each.
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines.clamp(1, MAX_LINES);
    }

    /// Lines reported at each depth.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The endgame databases in use.
    pub fn egdb(&self) -> Option<&Arc<Egdb>> {
        self.egdb.as_ref()
    }

    /// Forget what earlier searches learned (a new, unrelated game). A table shared with
    /// other engines is left alone: their games go on.
    pub fn new_game(&self) {
        if !self.shared_table {
            self.tt.clear();
        }
    }

    /// Search `input` within `limits`, reporting each iteration to `listener`, until a limit
    /// is reached or `control` says stop. With no legal move, returns no move at once.
    pub fn search(
        &self,
        input: &SearchInput,
        limits: &Limits,
        style: Style,
        control: &Control,
        listener: &mut dyn SearchListener,
    ) -> SearchResult {
        self.search_lines(input, limits, style, self.lines, control, listener)
    }

    /// [`Engine::search`] reporting the `lines` best root moves at each depth (clamped to 1
    /// and [`MAX_LINES`]) instead of the engine's [`Engine::set_lines`], for one engine that
    /// serves both play and multi-line analysis.
    pub fn search_lines(
        &self,
        input: &SearchInput,
        limits: &Limits,
        style: Style,
        lines: usize,
        control: &Control,
        listener: &mut dyn SearchListener,
    ) -> SearchResult {
        let lines = lines.clamp(1, MAX_LINES);
        let book = crate::book::may_answer(limits, style, lines, control)
            .then(|| self.book.book_for(input.board.variant()))
            .flatten();
        if let Some(book) = book {
            // A seeded style (a level, a reproducible game) picks its book moves by its seed;
            // otherwise equal moves take turns.
            let draw = match style.seed {
                0 => self.book_draws.fetch_add(1, Relaxed),
                seed => seed ^ input.board.hash(),
            };
            if let Some(result) = crate::book::book_move(&book, input, draw, listener) {
                return result;
            }
        }
        match input.board {
            Board::D8(p) => self.search_on(&p, input, limits, style, lines, control, listener),
            Board::D10(p) => self.search_on(&p, input, limits, style, lines, control, listener),
            Board::D12(p) => self.search_on(&p, input, limits, style, lines, control, listener),
            Board::O8(p) => self.search_on(&p, input, limits, style, lines, control, listener),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search_on<G: Geometry>(
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
            return SearchResult {
                best: None,
                ponder: None,
                score: if variant.giveaway {
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
            };
        }
        let egdb_root = self
            .egdb
            .as_deref()
            .filter(|db| db.variant() == variant)
            .and_then(|db| db.probe(root).ok().flatten());
        self.tt.new_search();
        let eval = self.evaluator::<G>(variant);
        let eval = &*eval;
        let shared = Shared {
            tt: &self.tt,
            stop: Default::default(),
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes,
            egdb_hits: AtomicU64::new(0),
            key_salt: self.key_salt(variant),
        };
        let other_table =
            (lines > 1 && moves.len() > 1).then(|| Table::new((self.options.hash_mb / 4).max(1)));
        let other_shared = other_table.as_ref().map(|tt| Shared {
            tt,
            stop: Default::default(),
            nodes: AtomicU64::new(0),
            node_limit: None,
            egdb_hits: AtomicU64::new(0),
            key_salt: 0,
        });
        let budget = TimeBudget::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_PLY as Depth);
        let quiet_limit = quiet_king_limit(variant);
        let new_searcher_on = |shared| {
            let mut s = Searcher::new(
                shared,
                eval,
                &input.history,
                quiet_limit,
                variant.giveaway,
                self.tuning,
            );
            s.set_noise(style.noise, style.seed);
            if let Some(db) = self.egdb.as_deref().filter(|db| db.variant() == variant) {
                s.set_egdb(db, input.ending_plies);
            }
            s
        };
        let new_searcher = || new_searcher_on(&shared);
        let main_result = std::thread::scope(|scope| {
            for id in 1..self.options.threads {
                let mut helper = new_searcher();
                scope.spawn(move || {
                    // Odd helpers search one ply deeper than the main thread, to spread the
                    // threads over different depths of the same tree.
                    let first = 1 + (id % 2) as Depth;
                    let mut sink = HelperSink;
                    iterate(
                        &mut helper,
                        root,
                        input.quiet_plies,
                        max_depth,
                        (first, 1),
                        &mut sink,
                    );
                    helper.flush_nodes();
                    // A helper that reaches the depth limit first just ends: stopping the
                    // others here would cut the main thread's last iteration short.
                });
            }
            let mut main = new_searcher();
            main.watch = Some(Watch {
                control,
                budget,
                start,
                pondering: control.is_pondering(),
            });
            let other_lines = other_shared.as_ref().map(|other_shared| {
                let mut searcher = new_searcher_on(other_shared);
                searcher.watch = Some(Watch {
                    control,
                    budget,
                    start,
                    pondering: control.is_pondering(),
                });
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
                egdb: self.egdb.as_deref().filter(|db| db.variant() == variant),
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
            extended(
                self.egdb.as_deref().filter(|db| db.variant() == variant),
                &input.board,
                any_pv,
                line_deadline(budget, start),
            )
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
        let shared = Shared {
            tt: &table,
            stop: Default::default(),
            nodes: AtomicU64::new(0),
            node_limit: None,
            egdb_hits: AtomicU64::new(0),
            key_salt: 0,
        };
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

/// Helper threads report nothing.
struct HelperSink;

impl<B> IterationSink<B> for HelperSink {
    fn completed(&mut self, _: &Iteration<B>, _: u32) -> bool {
        true
    }
}
