//! The engine's side of Hub: read commands line by line, answer, and run searches on a thread
//! so that `ping`, `stop` and `ponder-hit` are answered while the engine thinks.
//!
//! Unknown commands and arguments are ignored, as the protocol asks; a line that cannot be
//! read or a command that cannot be carried out gets `error message="..."`, and the session
//! goes on.

use super::moves::{parse_move, parse_position, write_move};
use super::syntax::{self, Line};
use damier_core::Variant;
use damier_egdb::source::open_sound_set;
use damier_egdb::store::SEARCH_CACHE_MB;
use damier_egdb::{left_out_warning, Egdb, EgdbError};
use damier_engine::{
    BookChoice, ClockLimit, Control, Engine, EngineOptions, EvalChoice, Level, Limits, SearchInfo,
    SearchInput, Style, MAX_THREADS,
};
use damier_game::{Board, Game};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The most moves to the next time control `level moves=` may give.
const MAX_MOVES_TO_GO: u64 = 1000;

/// Where the session writes its lines.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Whether to go on reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

struct Running {
    control: Arc<Control>,
    handle: JoinHandle<()>,
    /// Whether the search ends by itself (a limit and no pondering).
    bounded: bool,
}

/// The engine's settings, as `param` lines declare them.
#[derive(Clone, Copy, Debug)]
struct Params {
    variant: Variant,
    threads: usize,
    hash_mb: usize,
    /// Lines each search reports (`multipv`).
    lines: usize,
    /// `None`: full strength.
    strength: Option<Level>,
    /// The `ponder` parameter, as the GUI last set it. Scan declares it and GUIs set it;
    /// Damier ponders whenever it is sent `go ponder`, so the value changes nothing.
    ponder: bool,
}

/// One Hub session.
pub struct Session {
    out: Output,
    params: Params,
    engine: Option<Arc<Engine>>,
    /// The `eval` parameter: `builtin`, `classic` or a weights file's path, and the choice
    /// it reads as.
    eval: (String, EvalChoice),
    /// The `egdb-path` parameter: a folder of endgame databases (empty: the default folder).
    egdb_path: String,
    /// The `book` parameter: `builtin`, `none` or a book file's path, and the choice it
    /// reads as.
    book: (String, BookChoice),
    game: Option<Game>,
    limits: Limits,
    running: Option<Running>,
    seed: u64,
    /// Damaged database files already told to the GUI: each is told once a session, though
    /// a new engine (a parameter changed) opens the databases again and meets it again.
    told_damage: Arc<Mutex<Vec<PathBuf>>>,
}

/// The folder the `egdb-path` parameter names (empty: the default one).
fn egdb_root(value: &str) -> std::path::PathBuf {
    if value.is_empty() {
        damier_egdb::store::default_root()
    } else {
        std::path::PathBuf::from(value)
    }
}

fn write_line(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    // A closed output means the GUI is gone; the read loop ends on its own then.
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// Values the `variant` parameter accepts: every Damier variant, and Scan's names for the
/// three it shares ("normal", "losing", "bt").
fn parse_variant(value: &str) -> Option<Variant> {
    match value {
        "normal" => Some(Variant::INTERNATIONAL),
        "losing" => "international-giveaway".parse().ok(),
        "bt" => "breakthrough".parse().ok(),
        other => other.parse().ok(),
    }
}

impl Session {
    /// A session whose `variant` parameter starts at `variant` (`damier hub --variant`).
    pub fn with_variant(out: Output, variant: Variant) -> Session {
        let mut session = Session::new(out);
        session.params.variant = variant;
        session
    }

    /// A session writing to `out`.
    pub fn new(out: Output) -> Session {
        Session {
            out,
            params: Params {
                variant: Variant::INTERNATIONAL,
                threads: 1,
                hash_mb: 64,
                lines: 1,
                strength: None,
                ponder: false,
            },
            engine: None,
            eval: ("builtin".to_string(), EvalChoice::Builtin),
            egdb_path: String::new(),
            book: ("builtin".to_string(), BookChoice::Builtin),
            game: None,
            limits: Limits::infinite(),
            running: None,
            seed: 0x5EED,
            told_damage: Arc::default(),
        }
    }

    fn say(&self, line: &str) {
        write_line(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&syntax::format("error", &[("message", Some(message))]));
    }

    /// Handle one line from the GUI.
    pub fn handle(&mut self, text: &str) -> Flow {
        let line = match syntax::parse(text) {
            Ok(Some(line)) => line,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.error(&format!("cannot read '{}': {e}", text.trim()));
                return Flow::Continue;
            }
        };
        match line.command.as_str() {
            "ping" => self.say("pong"),
            "stop" => self.finish_search(),
            "ponder-hit" => {
                if let Some(r) = &self.running {
                    r.control.ponder_hit();
                }
            }
            "quit" => {
                self.finish_search();
                return Flow::Quit;
            }
            // Everything else waits for a running search to end first.
            command => {
                if self.running.is_some() && !matches!(command, "hub") {
                    self.finish_search();
                }
                match command {
                    "hub" => self.hello(),
                    "set-param" => self.set_param(&line),
                    "init" => {
                        self.engine();
                        self.say("ready");
                    }
                    "new-game" => {
                        if let Some(e) = &self.engine {
                            e.new_game();
                        }
                    }
                    "pos" => self.position(&line),
                    "level" => self.level(&line),
                    "go" => self.go(&line),
                    _ => {}
                }
            }
        }
        Flow::Continue
    }

    fn hello(&self) {
        self.say(&syntax::format(
            "id",
            &[
                ("name", Some("Damier")),
                ("version", Some(env!("CARGO_PKG_VERSION"))),
                ("author", Some("The Damier authors")),
                ("country", Some("International")),
            ],
        ));
        let variants: Vec<String> = Variant::all().map(|v| v.to_string()).collect();
        let params = [
            syntax::format(
                "param",
                &[
                    ("name", Some("variant")),
                    ("value", Some(&self.params.variant.to_string())),
                    ("type", Some("enum")),
                    ("values", Some(&variants.join(" "))),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("threads")),
                    ("value", Some(&self.params.threads.to_string())),
                    ("type", Some("int")),
                    ("min", Some("1")),
                    ("max", Some(&MAX_THREADS.to_string())),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("hash")),
                    ("value", Some(&self.params.hash_mb.to_string())),
                    ("type", Some("int")),
                    ("min", Some("1")),
                    ("max", Some("16384")),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("multipv")),
                    ("value", Some(&self.params.lines.to_string())),
                    ("type", Some("int")),
                    ("min", Some("1")),
                    ("max", Some(&damier_engine::MAX_LINES.to_string())),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("eval")),
                    ("value", Some(&self.eval.0)),
                    ("type", Some("string")),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("egdb-path")),
                    ("value", Some(&self.egdb_path)),
                    ("type", Some("string")),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("book")),
                    ("value", Some(&self.book.0)),
                    ("type", Some("string")),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("ponder")),
                    (
                        "value",
                        Some(if self.params.ponder { "true" } else { "false" }),
                    ),
                    ("type", Some("bool")),
                ],
            ),
            syntax::format(
                "param",
                &[
                    ("name", Some("strength")),
                    ("value", Some("max")),
                    ("type", Some("enum")),
                    ("values", Some("1 2 3 4 5 6 7 8 9 10 max")),
                ],
            ),
        ];
        for p in params {
            self.say(&p);
        }
        self.say("wait");
    }

    fn set_param(&mut self, line: &Line) {
        let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
            self.error("set-param needs name=... and value=...");
            return;
        };
        let bad = |what: &str| format!("set-param {name}: {what}, got '{value}'");
        match name {
            "variant" => match parse_variant(value) {
                Some(v) => {
                    self.params.variant = v;
                    self.game = None;
                    // The databases are opened per variant.
                    self.engine = None;
                }
                None => self.error(&bad("unknown variant")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.params.threads = n;
                    self.engine = None;
                }
                _ => self.error(&bad(&format!("expected a number from 1 to {MAX_THREADS}"))),
            },
            "hash" => match value.parse::<usize>() {
                Ok(n) if (1..=16384).contains(&n) => {
                    match damier_engine::tt::Table::check_size(n) {
                        Ok(()) => {
                            self.params.hash_mb = n;
                            self.engine = None;
                        }
                        Err(e) => self.error(&e.to_string()),
                    }
                }
                _ => self.error(&bad("expected a size in MiB from 1 to 16384")),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if damier_engine::setting::lines(n).is_ok() => {
                    self.params.lines = n;
                    if let Some(engine) = self.engine.as_mut().and_then(Arc::get_mut) {
                        engine.set_lines(n);
                    } else {
                        self.engine = None;
                    }
                }
                _ => self.error(&bad(&format!(
                    "expected a number of lines from 1 to {}",
                    damier_engine::MAX_LINES
                ))),
            },
            // A weights file must be for the variant set when it is read; a later change of
            // variant plays that variant's builtin weights, as the engine does.
            "eval" => match EvalChoice::parse(value, Some(self.params.variant)) {
                Ok(choice) => {
                    self.eval = (value.to_string(), choice);
                    self.engine = None;
                }
                Err(e) => self.error(&format!("set-param eval: {e}")),
            },
            // As `eval`: a book file must be for the variant set; another variant then plays
            // without a book.
            "book" => match BookChoice::parse(value, Some(self.params.variant)) {
                Ok(choice) => {
                    self.book = (value.to_string(), choice);
                    self.engine = None;
                }
                Err(e) => self.error(&format!("set-param book: {e}")),
            },
            "egdb-path" => {
                let root = egdb_root(value);
                match Egdb::open(&root, self.params.variant, 1) {
                    Ok(_) if value.is_empty() || root.is_dir() => {
                        self.egdb_path = value.to_string();
                        self.engine = None;
                    }
                    Ok(_) => self.error(&bad("no such folder")),
                    Err(e) => self.error(&format!("set-param egdb-path: {e}")),
                }
            }
            "ponder" => match value {
                "true" => self.params.ponder = true,
                "false" => self.params.ponder = false,
                _ => self.error(&bad("expected true or false")),
            },
            "strength" => {
                if value == "max" {
                    self.params.strength = None;
                } else {
                    match value.parse::<Level>() {
                        Ok(l) => self.params.strength = Some(l),
                        Err(_) => self.error(&bad(&format!(
                            "expected a level from 1 to {} or max",
                            Level::MAX
                        ))),
                    }
                }
            }
            _ => {}
        }
    }

    fn engine(&mut self) -> Arc<Engine> {
        if let Some(engine) = &self.engine {
            return engine.clone();
        }
        let params = self.params;
        let mut engine = Engine::new(EngineOptions {
            threads: params.threads,
            hash_mb: params.hash_mb,
        });
        engine.set_eval(self.eval.1.clone());
        engine.set_book(self.book.1.clone());
        engine.set_lines(params.lines);
        // A damaged file was refused when the path was set; one in the default folder, or
        // damaged since, is told and left out, and the engine goes on with the rest. A folder
        // that cannot be read leaves it without databases rather than without an answer.
        let root = egdb_root(&self.egdb_path);
        let opened = open_sound_set(&root, params.variant, SEARCH_CACHE_MB);
        for e in &opened.left_out {
            if let Some(line) = unread_line(e, params.variant, &self.told_damage) {
                self.say(&line);
            }
        }
        engine.set_egdb(opened.db.map(Arc::new));
        let engine = Arc::new(engine);
        self.engine = Some(engine.clone());
        engine
    }

    fn position(&mut self, line: &Line) {
        // A position that is refused leaves none: a `go` after it is refused too, rather than
        // searching the previous position for a GUI that missed the error line.
        self.game = None;
        let Some(text) = line.get("pos") else {
            self.error("pos needs pos=<position>");
            return;
        };
        let board = match parse_position(self.params.variant, text) {
            Ok(b) => b,
            Err(e) => {
                self.error(&format!("pos: {e}"));
                return;
            }
        };
        // The GUI is the arbiter: its draw rules may differ from Damier's, or it may apply
        // none, so every legal move is played on, past any draw of Damier's rules.
        let mut game = Game::from_board(board);
        for word in line.get("moves").unwrap_or("").split_whitespace() {
            let mv = match parse_move(game.position(), word) {
                Ok(mv) => mv,
                Err(e) => {
                    self.error(&format!("pos moves: {e}"));
                    return;
                }
            };
            if let Err(e) = game.play_on(&mv) {
                self.error(&format!("pos moves: '{word}': {e}"));
                return;
            }
        }
        self.game = Some(game);
    }

    fn level(&mut self, line: &Line) {
        // Out of range is refused like unreadable, naming the argument, and the previous
        // level holds: a depth the search cannot reach, no nodes or no time at all would
        // otherwise be searched as something the GUI did not ask for.
        let seconds = |name: &str, zero: bool| -> Result<Option<Duration>, String> {
            let Some(v) = line.get(name) else {
                return Ok(None);
            };
            let s = v
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite())
                .ok_or_else(|| format!("level {name}: expected seconds, got '{v}'"))?;
            let least = if zero { "from 0" } else { "more than 0" };
            if s < 0.0 || (s == 0.0 && !zero) || s >= 1e7 {
                return Err(format!(
                    "level {name}: expected seconds {least} to less than 10000000, got '{v}'"
                ));
            }
            Ok(Some(Duration::from_secs_f64(s)))
        };
        let number = |name: &str, range: std::ops::RangeInclusive<u64>| {
            let Some(v) = line.get(name) else {
                return Ok(None);
            };
            let n = v
                .parse::<u64>()
                .map_err(|_| format!("level {name}: expected a whole number, got '{v}'"))?;
            if !range.contains(&n) {
                let expected = match range.end() {
                    &u64::MAX => format!("at least {}", range.start()),
                    end => format!("{} to {end}", range.start()),
                };
                return Err(format!("level {name}: expected {expected}, got '{v}'"));
            }
            Ok(Some(n))
        };
        let read = || -> Result<Limits, String> {
            if line.has("infinite") {
                return Ok(Limits::infinite());
            }
            let mut limits = Limits {
                depth: number("depth", 1..=Limits::MAX_DEPTH as u64)?.map(|d| d as i32),
                nodes: number("nodes", 1..=u64::MAX)?,
                move_time: seconds("move-time", false)?,
                clock: None,
            };
            if let Some(time) = seconds("time", false)? {
                limits.clock = Some(ClockLimit {
                    remaining: time,
                    increment: seconds("inc", true)?.unwrap_or_default(),
                    moves_to_go: number("moves", 1..=MAX_MOVES_TO_GO)?.map(|m| m as u32),
                });
            }
            Ok(limits)
        };
        match read() {
            Ok(limits) => self.limits = limits,
            Err(e) => self.error(&e),
        }
    }

    fn go(&mut self, line: &Line) {
        let Some(game) = &self.game else {
            self.error("go: no position (send pos first)");
            return;
        };
        if game.position().legal_moves().is_empty() {
            self.error("go: the side to move has no legal move");
            return;
        }
        let input = SearchInput::from_game(game);
        let board = input.board;
        let analyze = line.has("analyze");
        let mut limits = self.limits;
        let mut style = Style::default();
        if let (Some(level), false) = (self.params.strength, analyze) {
            limits = level.limits(limits.is_bounded().then_some(limits));
            self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            style = Style::of_level(level, self.seed);
        }
        // `go analyze` asks for the engine's own lines; `go think` for a move, which the book
        // may give.
        style.skip_book = analyze;
        let bounded = limits.is_bounded() && !line.has("ponder");
        let control = Arc::new(if line.has("ponder") {
            Control::pondering()
        } else {
            Control::new()
        });
        let engine = self.engine();
        let lines = engine.lines();
        let out = self.out.clone();
        let thread_control = control.clone();
        let told_damage = self.told_damage.clone();
        let handle = std::thread::spawn(move || {
            let mut report = |info: &SearchInfo| write_line(&out, &info_line(&board, lines, info));
            let r = engine.search(&input, &limits, style, &thread_control, &mut report);
            // Before `done`, so that the GUI reads it as part of this search's answer.
            if let Some(line) = damage_line(&engine, &told_damage) {
                write_line(&out, &line);
            }
            let mut args = Vec::new();
            let best = r.best.map(|m| write_move(&board, &m));
            let ponder = match (r.best, r.ponder) {
                (Some(b), Some(p)) => Some(write_move(&board.play_unchecked(&b), &p)),
                _ => None,
            };
            if let Some(b) = &best {
                args.push(("move", Some(b.as_str())));
            }
            if let Some(p) = &ponder {
                args.push(("ponder", Some(p.as_str())));
            }
            write_line(&out, &syntax::format("done", &args));
        });
        self.running = Some(Running {
            control,
            handle,
            bounded,
        });
    }

    /// Stop a running search and wait for its `done`.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.stop();
            r.control.ponder_hit();
            if r.handle.join().is_err() {
                self.error("the search thread failed");
            }
        }
    }

    /// At the end of the input: let a running search with a limit finish, stop one without
    /// (an infinite or ponder search would never end), and wait for its `done`.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            if !r.bounded {
                r.control.stop();
                r.control.ponder_hit();
            }
            let _ = r.handle.join();
        }
    }
}

/// The `error` line for a damaged database block `engine`'s searches met (the protocol's
/// one message a GUI shows), if its file was not told yet.
fn damage_line(engine: &Engine, told: &Mutex<Vec<PathBuf>>) -> Option<String> {
    let damage = engine.egdb()?.damage()?;
    tell_once(told, &damage.file, &damage.warning())
}

/// The `error` line for a database file that could not be opened, if it was not told yet.
fn unread_line(e: &EgdbError, variant: Variant, told: &Mutex<Vec<PathBuf>>) -> Option<String> {
    let EgdbError::File { path, .. } = e else {
        return None;
    };
    tell_once(told, path, &left_out_warning(e, variant))
}

/// An `error` line saying `message` of `file`, unless the session has told of it already.
fn tell_once(told: &Mutex<Vec<PathBuf>>, file: &Path, message: &str) -> Option<String> {
    let mut told = told.lock().unwrap_or_else(|e| e.into_inner());
    if told.iter().any(|f| f == file) {
        return None;
    }
    told.push(file.to_path_buf());
    Some(syntax::format("error", &[("message", Some(message))]))
}

/// An `info` line: depth, mean depth, score in men, nodes, time, speed in millions of nodes
/// per second, and the principal variation in Hub move form.
fn info_line(board: &Board, lines: usize, info: &SearchInfo) -> String {
    let mut b = *board;
    let mut pv = Vec::new();
    for mv in &info.pv {
        pv.push(write_move(&b, mv));
        b = b.play_unchecked(mv);
    }
    let depth = info.depth.to_string();
    let mean = format!("{:.1}", (info.depth as f64 + info.seldepth as f64) / 2.0);
    let score = format!("{:.2}", info.score.men());
    let nodes = info.nodes.to_string();
    let time = format!("{:.3}", info.time.as_secs_f64());
    let nps = format!("{:.1}", info.nps as f64 / 1e6);
    let pv = pv.join(" ");
    // Only a multi-line search names its lines, so that a one-line `info` reads as Scan's.
    let multipv = info.multipv.to_string();
    let mut args = Vec::with_capacity(8);
    if lines > 1 {
        args.push(("multipv", Some(multipv.as_str())));
    }
    args.extend([
        ("depth", Some(depth.as_str())),
        ("mean-depth", Some(&mean)),
        ("score", Some(&score)),
        ("nodes", Some(&nodes)),
        ("time", Some(&time)),
        ("nps", Some(&nps)),
        ("pv", Some(&pv)),
    ]);
    syntax::format("info", &args)
}
