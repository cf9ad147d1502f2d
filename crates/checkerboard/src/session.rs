//! One engine as CheckerBoard drives it: its settings (`enginecommand`), the game history
//! CheckerBoard sends before each move, and the search `getmove` asks for.

use crate::board::{self, CbMove, Cells, GameType, MoveRecord};
use crate::text;
use damier_egdb::source::open_sound_set;
use damier_egdb::{store, Egdb};
use damier_engine::{
    BookChoice, ClockLimit, Control, Engine, EngineOptions, Limits, Score, SearchInfo, SearchInput,
    SearchListener, Style, MAX_THREADS,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// CheckerBoard's result codes, from the mover's side.
pub mod result {
    /// A draw.
    pub const DRAW: i32 = 0;
    /// A win.
    pub const WIN: i32 = 1;
    /// A loss.
    pub const LOSS: i32 = 2;
    /// Nothing known.
    pub const UNKNOWN: i32 = 3;
}

/// `info` bit 0: a new game, position or loaded game.
pub const RESET: i32 = 1;
/// `info` bit 1: the user asked for exactly `maxtime`.
pub const EXACT_TIME: i32 = 2;

/// CheckerBoard's "infinite" analysis asks for this many seconds or more.
const ANALYSIS_SECONDS: f64 = 1.0e6;

/// An answer to `enginecommand`: whether the command was understood, and the reply text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Whether the engine handled the command (the function returns 1).
    pub handled: bool,
    /// The text written into the reply buffer.
    pub text: String,
}

impl Reply {
    fn ok(text: impl Into<String>) -> Reply {
        Reply {
            handled: true,
            text: text.into(),
        }
    }

    /// What an engine answers to a command it does not know, as CheckerBoard asks.
    fn unknown() -> Reply {
        Reply {
            handled: false,
            text: "?".into(),
        }
    }

    fn refused(text: impl Into<String>) -> Reply {
        Reply {
            handled: false,
            text: text.into(),
        }
    }
}

/// The time CheckerBoard gives a move: `getmove`'s `maxtime`, `info` and `moreinfo`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeRequest {
    /// Seconds for this move (an average unless `info` says exact).
    pub maxtime: f64,
    /// Flags: [`RESET`], [`EXACT_TIME`], and in bits 2–3 the unit of an incremental clock.
    pub info: i32,
    /// With an incremental clock: time left in the high 16 bits, increment in the low 16.
    pub moreinfo: i32,
}

impl TimeRequest {
    /// The limits of the search.
    pub fn limits(&self) -> Limits {
        let unit = match (self.info >> 2) & 3 {
            1 => 0.001,
            2 => 0.01,
            3 => 0.1,
            _ => 0.0,
        };
        if unit > 0.0 {
            let remaining = f64::from((self.moreinfo >> 16) & 0xffff) * unit;
            let increment = f64::from(self.moreinfo & 0xffff) * unit;
            return Limits {
                clock: Some(ClockLimit {
                    remaining: Duration::from_secs_f64(remaining),
                    increment: Duration::from_secs_f64(increment),
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
        }
        if !(self.maxtime.is_finite()) || self.maxtime >= ANALYSIS_SECONDS {
            return Limits::infinite();
        }
        // A level's time is the average CheckerBoard keeps a match to; spending it on every
        // move keeps to it and never loses on its clock.
        Limits::move_time(Duration::from_secs_f64(self.maxtime.max(0.01)))
    }
}

/// What `getmove` gives back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The board after the move (the same board when there is none).
    pub cells: Cells,
    /// The move made.
    pub mv: Option<CbMove>,
    /// One of [`result`]'s codes.
    pub result: i32,
    /// The last status line.
    pub status: String,
}

/// Settings CheckerBoard's Engine Options change.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Settings {
    hash_mb: usize,
    threads: usize,
    /// CheckerBoard's book setting: 0 none, 1 to 3 the book (Damier's has one kind).
    book: u32,
    egdb_enabled: bool,
    egdb_path: PathBuf,
}

/// One CheckerBoard engine: a game type, its settings, and the engine they make.
pub struct Session {
    game: GameType,
    settings: Settings,
    engine: Arc<Engine>,
    /// The game so far as the last `set gamehist` gave it.
    history: Option<SearchInput>,
}

impl Session {
    /// An engine for `game` with Damier's defaults (one thread, 128 MiB, the book on, the
    /// endgame databases of the default folder where there are any).
    pub fn new(game: GameType) -> Session {
        let settings = Settings {
            hash_mb: 128,
            threads: 1,
            book: 3,
            egdb_enabled: true,
            egdb_path: store::default_root(),
        };
        Session {
            game,
            engine: Arc::new(build_engine(game, &settings).unwrap_or_else(|_| fallback())),
            settings,
            history: None,
        }
    }

    /// The game type this engine plays.
    pub fn game(&self) -> GameType {
        self.game
    }

    /// The answer to `enginecommand(command)`.
    pub fn command(&mut self, command: &str) -> Reply {
        let command = command.trim();
        let (verb, rest) = split_word(command);
        match verb {
            "name" => Reply::ok(format!("Damier {}", env!("CARGO_PKG_VERSION"))),
            "about" => Reply::ok(format!(
                "Damier {} ({})\nA draughts engine for every variant: alpha-beta search, \
                 a learned evaluation, opening book and endgame databases.\n\
                 Licence: MIT or Apache-2.0.",
                env!("CARGO_PKG_VERSION"),
                self.game.name()
            )),
            "get" => self.get(rest),
            "set" => self.set(rest),
            _ => Reply::unknown(),
        }
    }

    fn get(&self, what: &str) -> Reply {
        let (key, argument) = split_word(what);
        let s = &self.settings;
        match key {
            "protocolversion" => Reply::ok("2"),
            "gametype" => Reply::ok(self.game.code().to_string()),
            "hashsize" => Reply::ok(s.hash_mb.to_string()),
            "book" => Reply::ok(s.book.to_string()),
            "searchthreads" => Reply::ok(s.threads.to_string()),
            "cpus" => Reply::ok(format!(
                "{} logical processors",
                std::thread::available_parallelism().map_or(1, |n| n.get())
            )),
            "dbpath" => Reply::ok(s.egdb_path.display().to_string()),
            "enable_wld" => Reply::ok(u8::from(s.egdb_enabled).to_string()),
            "movelist" => match text::movelist_of(self.game, argument) {
                Ok(list) => Reply::ok(list),
                Err(e) => Reply::refused(e.to_string()),
            },
            _ => Reply::unknown(),
        }
    }

    fn set(&mut self, what: &str) -> Reply {
        let (key, value) = split_word(what);
        let mut next = self.settings.clone();
        let number = |low: usize, high: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    format!("set {key}: expected a number from {low} to {high}, got '{value}'")
                })
        };
        let parsed = match key {
            "gamehist" => return self.set_history(value),
            "check_wld_dir" => return Reply::ok(egdb_note(self.game, &PathBuf::from(value))),
            "hashsize" => number(1, 1 << 16).map(|n| next.hash_mb = n),
            "searchthreads" => number(1, MAX_THREADS).map(|n| next.threads = n),
            "book" => number(0, 3).map(|n| next.book = n as u32),
            "enable_wld" => number(0, 1).map(|n| next.egdb_enabled = n == 1),
            "dbpath" if !value.is_empty() => {
                next.egdb_path = PathBuf::from(value);
                Ok(())
            }
            _ => return Reply::unknown(),
        };
        if let Err(e) = parsed {
            return Reply::refused(e);
        }
        match build_engine(self.game, &next) {
            Ok(engine) => {
                self.engine = Arc::new(engine);
                self.settings = next;
                Reply::ok("")
            }
            Err(e) => Reply::refused(format!("set {key}: {e}")),
        }
    }

    /// `set gamehist FEN [a-b …]`: the position after the last irreversible move, then the
    /// quiet king moves since, for repetitions.
    fn set_history(&mut self, value: &str) -> Reply {
        let mut words = value.split_whitespace();
        let Some(fen) = words.next() else {
            return Reply::refused("set gamehist: expected a position");
        };
        let result = text::parse_fen(self.game, fen).and_then(|board| {
            let mut input = SearchInput::new(board);
            for word in words {
                let mv = text::parse_move(self.game, &input.board, word)?;
                input = input.played(&mv).map_err(|_| {
                    text::TextError::Illegal(word.into(), text::write_fen(self.game, &input.board))
                })?;
            }
            Ok(input)
        });
        match result {
            Ok(input) => {
                self.history = Some(input);
                Reply::ok("")
            }
            Err(e) => {
                self.history = None;
                Reply::refused(format!("set gamehist: {e}"))
            }
        }
    }

    /// What a search of `cells` needs, taken from the session so that it runs without it
    /// (CheckerBoard asks for the engine's name while it thinks).
    pub fn prepare(
        &self,
        cells: &Cells,
        color: i32,
        time: TimeRequest,
    ) -> Result<Search, board::BoardError> {
        let board = board::read(self.game, cells, color)?;
        // A new game, set-up position or loaded game: what the table learned is of another game.
        if time.info & RESET != 0 {
            self.engine.new_game();
        }
        let input = match &self.history {
            Some(h) if h.board == board => h.clone(),
            _ => SearchInput::new(board),
        };
        Ok(Search {
            game: self.game,
            engine: Arc::clone(&self.engine),
            input,
            limits: time.limits(),
        })
    }

    /// The legal move of `cells` from CheckerBoard's square `from` to its square `to` (the
    /// first, where two captures share them), for `islegal`.
    pub fn legal_move(&self, cells: &Cells, color: i32, from: u32, to: u32) -> Option<CbMove> {
        let board = board::read(self.game, cells, color).ok()?;
        let mv = text::moves_between(self.game, &board, from, to)
            .into_iter()
            .next()?;
        Some(MoveRecord::of(self.game, &board, &mv).to_cb())
    }
}

/// A search `getmove` runs.
pub struct Search {
    game: GameType,
    engine: Arc<Engine>,
    input: SearchInput,
    limits: Limits,
}

impl Search {
    /// The position searched, with the history behind it.
    pub fn input(&self) -> &SearchInput {
        &self.input
    }

    /// Search until the limits or `control` stop it, telling `status` a line after each depth.
    pub fn run(&self, control: &Control, status: &mut dyn FnMut(&str)) -> Answer {
        let board = self.input.board;
        let mut listener = Status {
            game: self.game,
            board,
            line: String::new(),
            status,
        };
        let result = self.engine.search(
            &self.input,
            &self.limits,
            Style::default(),
            control,
            &mut listener,
        );
        let line = listener.line;
        let Some(best) = result.best else {
            // No move: the side to move has lost (none of these games is a losing game).
            return Answer {
                cells: board::write(self.game, &board),
                mv: None,
                result: result::LOSS,
                status: line,
            };
        };
        let record = MoveRecord::of(self.game, &board, &best);
        let after = board.play_unchecked(&best);
        Answer {
            cells: board::write(self.game, &after),
            mv: Some(record.to_cb()),
            result: outcome(result.score),
            status: line,
        }
    }
}

/// CheckerBoard's result code for a search's `score`.
fn outcome(score: Score) -> i32 {
    match score.plies_to_end() {
        Some(_) if score > Score::DRAW => result::WIN,
        Some(_) => result::LOSS,
        None => result::UNKNOWN,
    }
}

/// Writes the status line after each depth.
struct Status<'a> {
    game: GameType,
    board: damier_game::Board,
    line: String,
    status: &'a mut dyn FnMut(&str),
}

impl SearchListener for Status<'_> {
    fn on_info(&mut self, info: &SearchInfo) {
        if info.multipv != 1 {
            return;
        }
        let pv = text::line_text(self.game, &self.board, &info.pv);
        self.line = if info.book {
            format!("Damier: book move {pv}")
        } else {
            format!(
                "Damier: depth {}/{}  {}  {:.2}s  {:.1} Mnodes  {:.2} MN/s  pv {pv}",
                info.depth,
                info.seldepth,
                info.score,
                info.time.as_secs_f64(),
                info.nodes as f64 / 1e6,
                info.nps as f64 / 1e6,
            )
        };
        (self.status)(&self.line);
    }

    fn shows_lines(&self) -> bool {
        true
    }
}

fn split_word(text: &str) -> (&str, &str) {
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

fn build_engine(game: GameType, s: &Settings) -> Result<Engine, damier_engine::TableError> {
    let mut engine = Engine::try_new(EngineOptions {
        threads: s.threads,
        hash_mb: s.hash_mb,
    })?;
    engine.set_book(if s.book == 0 {
        BookChoice::None
    } else {
        BookChoice::Builtin
    });
    if s.egdb_enabled {
        engine.set_egdb(open_egdb(game, &s.egdb_path));
    }
    Ok(engine)
}

/// An engine with the smallest table, where the chosen size could not be had.
fn fallback() -> Engine {
    let mut engine = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 1,
    });
    engine.set_book(BookChoice::Builtin);
    engine
}

/// The sound databases of `game` under `root`, if there are any.
fn open_egdb(game: GameType, root: &std::path::Path) -> Option<Arc<Egdb>> {
    open_sound_set(root, game.variant(), store::SEARCH_CACHE_MB)
        .db
        .map(Arc::new)
}

/// What `set check_wld_dir` tells: the databases found under `root`, or how to build them.
fn egdb_note(game: GameType, root: &std::path::Path) -> String {
    match open_egdb(game, root) {
        Some(db) => format!(
            "{} databases of {} up to {} pieces in {}",
            db.slices().len(),
            game.name(),
            db.max_pieces(),
            root.display()
        ),
        None => {
            let variant = game.variant();
            // The command builds in the default folder unless told another.
            format!(
                "{} (add --dir \"{}\" to build them there)",
                damier_egdb::recommended(variant).missing_note(variant, root),
                root.display()
            )
        }
    }
}
