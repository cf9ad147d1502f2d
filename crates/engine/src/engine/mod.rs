//! The engine facade: one transposition table, a number of threads, and `search`, which
//! takes a position of any variant, limits and a control, and returns the move to play.
//! What a search is given is in `input`, the evaluations it keeps ready in `evaluators`,
//! the threads of one search in `run`, the lines it reports in `lines`.

mod evaluators;
mod input;
mod lines;
mod run;

pub use input::{NoMoveToSearch, SearchInput, Style};

use crate::eval::EvalChoice;
use crate::limits::Limits;
use crate::report::ThreatReport;
use crate::search::{Control, SearchListener, SearchResult, Silent};
use crate::tt::{Table, TableError};
use crate::tuning::Tuning;
use damier_book::Choice as BookChoice;
use damier_egdb::Egdb;
use damier_game::Board;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

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
    /// The table the other lines of a multi-line analysis search (see [`Engine::side_table`]).
    side_table: OnceLock<Arc<Table>>,
    /// The evaluation made ready for the variant last searched. Making a learned one (its
    /// table of pattern weights net of the opponent's) takes milliseconds on the larger
    /// boards: too long to repeat at every move of a fast game.
    prepared: Mutex<Option<evaluators::Prepared>>,
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
    /// `options.hash_mb` then sizes only the side table of a multi-line analysis, when none is
    /// given ([`Engine::set_side_table`]).
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
            // A different start for each engine's book draws, so that equal book moves vary
            // between runs as well as between games.
            book_draws: AtomicU64::new(damier_core::rng::time_seed()),
            lines: 1,
            tuning: Tuning::PLAY,
            prepared: Mutex::new(None),
            side_table: OnceLock::new(),
        }
    }

    /// Search the other lines of multi-line analyses on `table`: one for every engine on a
    /// shared table (a server's games), rather than one each.
    pub fn set_side_table(&mut self, table: Arc<Table>) {
        self.side_table = OnceLock::from(table);
    }

    /// The table of the other lines of a multi-line analysis: the one given, or a quarter of
    /// `hash_mb` made at the first such analysis and kept. Made and freed at every analysis,
    /// a table of a few MiB raised glibc's threshold for handing memory back to the system,
    /// and a server kept up to 150 MiB of freed memory after 60 games (crates/web/tests/memory.rs).
    ///
    /// # Panics
    /// Where the machine has not the memory for it (as [`Engine::new`]).
    fn side_table(&self) -> &Table {
        self.side_table
            .get_or_init(|| Arc::new(Table::new((self.options.hash_mb / 4).max(1))))
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
            if let Some(side) = self.side_table.get() {
                side.clear();
            }
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

    /// What the opponent would play if the side to move of `board` passed
    /// ([`SearchInput::threat`]), searched within `limits` for one line, and what it wins.
    /// The book is not asked (it knows positions reached in play, not the ones a pass
    /// makes), and what earlier searches learned is forgotten first: the pass's position
    /// has no history.
    pub fn threat(&self, board: &Board, limits: &Limits, control: &Control) -> ThreatReport {
        self.new_game();
        let input = SearchInput::threat(board);
        let style = Style {
            skip_book: true,
            ..Style::default()
        };
        let result = self.search_lines(&input, limits, style, 1, control, &mut Silent);
        ThreatReport::new(&input.board, &result)
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
}
