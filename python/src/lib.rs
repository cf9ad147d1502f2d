//! `damier` for Python: boards of every variant with their legal moves, push and pop, perft
//! and FEN; PDN games read and written; Damier's engine, which searches without holding the
//! interpreter's lock; endgame databases (`egdb`) and self-play (`selfplay`), whose jobs
//! `damier/cluster.py` runs on Ray. Errors are `damier.DamierError` (a `ValueError`) with
//! the messages the command line gives.

use damier_core::{Color, Variant};
use damier_engine::{
    Control, Engine as Search, EngineOptions, Limits, LineReport, SearchInfo, SearchInput, Style,
};
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{Board as Position, Game, MoveInfo, PlyKind};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::time::Duration;

mod egdb;
mod selfplay;

pyo3::create_exception!(
    damier,
    DamierError,
    PyValueError,
    "A variant, FEN, move, PDN or limit that Damier refuses; the message says what and where."
);

fn error(e: impl std::fmt::Display) -> PyErr {
    DamierError::new_err(e.to_string())
}

fn variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(error)
}

fn side_name(c: Color) -> &'static str {
    c.name()
}

/// The ids of every variant (`international`, `english`, …, `english-giveaway`, …).
#[pyfunction]
fn variants() -> Vec<String> {
    Variant::all().map(|v| v.to_string()).collect()
}

/// A legal move, described in the variant's notation.
#[pyclass(frozen, module = "damier")]
#[derive(Clone)]
struct Move {
    info: MoveInfo,
}

#[pymethods]
impl Move {
    /// Short notation (`32-28`, `28x19`; the long form when two moves share their ends).
    #[getter]
    fn short(&self) -> &str {
        &self.info.short
    }
    /// Long notation: every landing square (`28x19x10`).
    #[getter]
    fn long(&self) -> &str {
        &self.info.long
    }
    /// The start square's name.
    #[getter(from_square)]
    fn start_square(&self) -> &str {
        &self.info.from
    }
    /// The end square's name.
    #[getter]
    fn to_square(&self) -> &str {
        &self.info.to
    }
    /// The start square, then every landing square.
    #[getter]
    fn path(&self) -> Vec<String> {
        self.info.path.clone()
    }
    /// The squares of the captured pieces.
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.info.captured.clone()
    }
    /// Whether a man is crowned.
    #[getter]
    fn promotes(&self) -> bool {
        self.info.promotes
    }
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.info.long)
    }
    fn __str__(&self) -> String {
        self.info.short.clone()
    }
    fn __eq__(&self, other: &Move) -> bool {
        self.info == other.info
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&self.info.long, &self.info.captured).hash(&mut h);
        h.finish()
    }
}

/// A position of any variant with the moves that led to it: legal moves, push and pop,
/// perft, FEN, and the rules' verdict.
#[pyclass(module = "damier")]
#[derive(Clone)]
struct Board {
    game: Game,
}

impl Board {
    fn position(&self) -> &Position {
        self.game.position()
    }
}

#[pymethods]
impl Board {
    /// The start position of `variant`, or the position of `fen` (PDN FEN).
    #[new]
    #[pyo3(signature = (variant = "international", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let v = self::variant(variant)?;
        let game = match fen {
            None => Game::new(v),
            Some(f) => Game::from_fen(v, f).map_err(error)?,
        };
        Ok(Board { game })
    }

    /// The variant's id.
    #[getter]
    fn variant(&self) -> String {
        self.game.variant().to_string()
    }

    /// The position in PDN FEN.
    #[getter]
    fn fen(&self) -> String {
        self.position().fen()
    }

    /// `"white"` or `"black"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        side_name(self.position().side())
    }

    /// The legal moves, captures first as the rules require (only captures when one is due).
    fn legal_moves(&self) -> Vec<Move> {
        self.position()
            .describe_moves()
            .into_iter()
            .map(|info| Move { info })
            .collect()
    }

    /// Play `move` (a `Move`, or its short or long text) and return it as a `Move`.
    #[pyo3(signature = (r#move))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = match r#move.downcast::<Move>() {
            Ok(m) => m.get().info.long.clone(),
            Err(_) => r#move.extract::<String>().map_err(|_| {
                DamierError::new_err("a move is a damier.Move or its text, such as '32-28'")
            })?,
        };
        let board = *self.position();
        let mv = board.find_move(&text, None).map_err(error)?;
        let info = board.describe(&mv);
        self.game.play(&mv).map_err(error)?;
        Ok(Move { info })
    }

    /// Take the last move back and return it.
    fn pop(&mut self) -> PyResult<Move> {
        let plies = self.game.plies().len();
        let Some(ply) = self.game.plies().last() else {
            return Err(DamierError::new_err("no move to take back"));
        };
        let PlyKind::Move(mv) = ply.kind else {
            return Err(DamierError::new_err("the last turn was passed, not a move"));
        };
        let before = self.game.positions()[plies - 1];
        let info = before.describe(&mv);
        self.game.undo();
        Ok(Move { info })
    }

    /// The moves played, in short notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game
            .plies()
            .iter()
            .map(|p| p.notation.clone())
            .collect()
    }

    /// Leaf positions `depth` plies on (captures with the same start, end and captured
    /// pieces count once, as the published counts do). Runs without the interpreter's lock.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let board = *self.position();
        py.allow_threads(move || board.perft(depth))
    }

    /// Whether the game is over by the rules (no move, or a draw rule).
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The result when the game is over: `"1-0"`, `"0-1"` or `"1/2-1/2"`; else `None`.
    fn result(&self) -> Option<&'static str> {
        self.game
            .result()
            .map(|r| pdn::PdnResult::of(Some(r.outcome)).text())
    }

    /// The game so far as PDN, with `tags` (`{"White": "…"}`) added.
    #[pyo3(signature = (tags = None))]
    fn pdn(&self, tags: Option<HashMap<String, String>>) -> String {
        let mut tags: Vec<(String, String)> = tags.unwrap_or_default().into_iter().collect();
        tags.sort();
        pdn::write_game(
            &PdnGame::from_game(&self.game, &tags),
            &WriteOptions::default(),
        )
    }

    /// A copy that moves on its own.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Board('{}', fen='{}')",
            self.game.variant(),
            self.position().fen()
        )
    }
}

/// A game read from PDN.
#[pyclass(frozen, module = "damier")]
struct PdnRecord {
    #[pyo3(get)]
    /// The variant's id.
    variant: String,
    #[pyo3(get)]
    /// The tags other than the variant and the start position.
    tags: HashMap<String, String>,
    #[pyo3(get)]
    /// The main line's moves in short notation.
    moves: Vec<String>,
    #[pyo3(get)]
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    result: String,
    #[pyo3(get)]
    /// The start position (PDN FEN).
    start_fen: String,
    #[pyo3(get)]
    /// What reading chose or read past (the notation the squares were read in, a wrong
    /// variation left out), and a recorded end the rules contradict, as `damier pdn check`
    /// says it.
    read_notes: Vec<String>,
    game: Game,
}

#[pymethods]
impl PdnRecord {
    /// The position after the main line, with its moves (to push and pop from there).
    fn board(&self) -> Board {
        Board {
            game: self.game.clone(),
        }
    }
    fn __repr__(&self) -> String {
        format!(
            "PdnRecord('{}', {} moves, '{}')",
            self.variant,
            self.moves.len(),
            self.result
        )
    }
}

/// Read every game of a PDN text. `variant` is used for games without a GameType tag. A
/// game that does not read raises `DamierError` naming the game, line and column.
#[pyfunction]
#[pyo3(signature = (text, variant = "international"))]
fn read_pdn(text: &str, variant: &str) -> PyResult<Vec<PdnRecord>> {
    let default = self::variant(variant)?;
    pdn::read_checked(text.as_bytes(), pdn::Untagged::Given(default))
        .into_iter()
        .map(|checked| {
            let read_notes = checked.all_notes("the variant argument", None);
            let g = checked.game.map_err(error)?;
            let game = g.to_game().map_err(error)?;
            Ok(PdnRecord {
                variant: g.variant.to_string(),
                tags: g.tags.iter().cloned().collect(),
                moves: g.main.moves.iter().map(|m| m.notation.clone()).collect(),
                result: g.result.text().to_string(),
                start_fen: g.start.fen(),
                read_notes,
                game,
            })
        })
        .collect()
}

/// One line of an analysis.
#[pyclass(frozen, module = "damier", get_all)]
struct Line {
    /// 1 for the best line, then 2, 3, …
    multipv: usize,
    /// Depth searched.
    depth: i32,
    /// Score for the side to move, hundredths of a man (a win or loss is far beyond ±10000).
    score: i32,
    /// The score in words: `+0.35`, `win in 7` (plies).
    score_text: String,
    /// The line's moves, short notation.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        format!(
            "Line({}, depth {}, {}, {})",
            self.multipv,
            self.depth,
            self.score_text,
            self.pv.join(" ")
        )
    }
}

/// Damier's engine: a transposition table and search threads, kept between analyses.
#[pyclass(module = "damier")]
struct Engine {
    search: Search,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 64))]
    fn new(threads: usize, hash_mb: usize) -> PyResult<Engine> {
        if threads == 0 || hash_mb == 0 {
            return Err(DamierError::new_err(
                "threads and hash_mb must be at least 1",
            ));
        }
        let search = Search::try_new(EngineOptions { threads, hash_mb }).map_err(error)?;
        Ok(Engine { search })
    }

    /// The `multipv` best moves of `board`, each with its score and line, searched to
    /// `depth`, for `time` seconds or `nodes` nodes (at least one limit). Searches without
    /// the interpreter's lock: other Python threads run meanwhile.
    #[pyo3(signature = (board, depth = None, time = None, nodes = None, multipv = 1))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<i32>,
        time: Option<f64>,
        nodes: Option<u64>,
        multipv: usize,
    ) -> PyResult<Vec<Line>> {
        if depth.is_none() && time.is_none() && nodes.is_none() {
            return Err(DamierError::new_err("give a limit: depth, time or nodes"));
        }
        if !(1..=damier_engine::MAX_LINES).contains(&multipv) {
            return Err(DamierError::new_err(format!(
                "multipv must be 1 to {}, got {multipv}",
                damier_engine::MAX_LINES
            )));
        }
        if let Some(t) = time.filter(|t| !t.is_finite() || *t <= 0.0) {
            return Err(DamierError::new_err(format!(
                "time must be above 0 s, got {t}"
            )));
        }
        if board.position().legal_moves().is_empty() {
            return Err(DamierError::new_err("the side to move has no legal move"));
        }
        let limits = Limits {
            depth,
            nodes,
            move_time: time.map(Duration::from_secs_f64),
            clock: None,
        };
        let input = SearchInput::from_game(&board.game);
        let position = *board.position();
        let search = &self.search;
        let infos: Vec<SearchInfo> = py.allow_threads(move || {
            let mut infos = Vec::new();
            search.search_lines(
                &input,
                &limits,
                Style::default(),
                multipv,
                &Control::new(),
                &mut |info: &SearchInfo| infos.push(info.clone()),
            );
            infos
        });
        // A time limit can cut the last depth's other lines short: the deepest depth with
        // every line asked for (or every move, where there are fewer) is the answer, and only
        // without one the deepest depth at all.
        let wanted = multipv.min(position.legal_moves().len());
        let lines_at = |depth| infos.iter().filter(|i| i.depth == depth).count();
        let Some(deepest) = infos
            .iter()
            .map(|i| i.depth)
            .filter(|&d| lines_at(d) >= wanted)
            .max()
            .or_else(|| infos.iter().map(|i| i.depth).max())
        else {
            return Ok(Vec::new());
        };
        let mut lines: Vec<Line> = infos
            .iter()
            .filter(|i| i.depth == deepest)
            .map(|i| {
                let report = LineReport::new(&position, i);
                Line {
                    multipv: report.multipv,
                    depth: report.depth,
                    score: report.score,
                    score_text: report.score_text,
                    pv: report.pv,
                    nodes: report.nodes,
                }
            })
            .collect();
        lines.sort_by_key(|l| l.multipv);
        lines.dedup_by_key(|l| l.multipv);
        Ok(lines)
    }
}

/// The compiled half of the `damier` package (`damier/__init__.py` re-exports it).
#[pymodule]
#[pyo3(name = "_damier")]
fn damier(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DamierError", m.py().get_type::<DamierError>())?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(read_pdn, m)?)?;
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<PdnRecord>()?;
    m.add_class::<Line>()?;
    m.add_class::<Engine>()?;
    m.add_class::<egdb::Egdb>()?;
    m.add_class::<egdb::EgdbValue>()?;
    m.add_function(wrap_pyfunction!(egdb::egdb_default_dir, m)?)?;
    m.add_function(wrap_pyfunction!(egdb::egdb_plan, m)?)?;
    m.add_function(wrap_pyfunction!(egdb::egdb_build_slice, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::selfplay, m)?)?;
    Ok(())
}
