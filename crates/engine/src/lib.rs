//! # damier-engine: search and evaluation for every variant
//!
//! - [`Engine`] owns the transposition table and the threads; [`Engine::search`] takes a
//!   [`SearchInput`] (a position of any variant and what came before it), [`Limits`], a
//!   [`Style`] (noise and blunders of a [`Level`]), a [`Control`] to stop or ponder-hit it
//!   from another thread, and a [`SearchListener`] that receives a [`SearchInfo`] after each
//!   iteration. It returns a [`SearchResult`].
//! - [`eval`]: the evaluation, its terms shared by every variant and its weights per family.
//! - [`limits`]: depth, nodes, time and clock limits, and the playing levels.
//! - [`time`]: time management; [`tt`]: the shared transposition table.
//!
//! The engine reads no input and prints nothing; interfaces (terminal, Hub, web) do that.
//!
//! ```
//! use damier_engine::{Control, Engine, EngineOptions, Limits, SearchInput, Silent, Style};
//! use damier_game::Board;
//! let engine = Engine::new(EngineOptions { threads: 1, hash_mb: 4 });
//! let input = SearchInput::new(Board::start("english".parse().unwrap()));
//! let result = engine.search(&input, &Limits::depth(6), Style::default(), &Control::new(), &mut Silent);
//! assert!(result.best.is_some());
//! ```

// Two `unsafe` calls, both hints that change no memory: the kernel hint in `huge_pages` and
// the cache prefetch in `tt` (each measured to pay, docs/speed.md); nothing else may use it.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod book;
mod engine;
pub mod eval;
mod huge_pages;
pub mod limits;
pub mod report;
pub mod score;
pub mod search;
pub mod setting;
pub mod speed;
pub mod time;
pub mod tt;
pub mod tuning;

pub use book::{BookAnalyst, BOOK_MARGIN};
pub use damier_book::{Book, Choice as BookChoice};
/// Moves as 32-bit codes (moved to the rules core, which opening books share).
pub use damier_core::move_code as movecode;
pub use engine::{
    Engine, EngineOptions, NoMoveToSearch, SearchInput, Style, MAX_LINES, MAX_THREADS,
};
pub use eval::{EvalChoice, PatternView, Weights, WeightsError};
pub use limits::{ClockLimit, Level, LevelError, LevelSettings, Limits, Player};
pub use report::{LineReport, ThreatLine, ThreatReport};
pub use score::Score;
pub use search::{Control, SearchInfo, SearchListener, SearchResult, Silent};
pub use setting::SettingError;
pub use tt::{Table, TableError};
pub use tuning::Tuning;
