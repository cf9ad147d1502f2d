//! The search: iterative deepening over principal-variation alpha-beta, a capture quiescence
//! search, and Lazy SMP threads sharing one transposition table.
//!
//! - [`node`]: the alpha-beta and quiescence searches of one thread.
//! - [`order`]: move ordering (table move, killers, history).
//! - [`root`]: iterative deepening with aspiration windows for one thread.
//!
//! The search reads no input and prints nothing: it reports [`SearchInfo`] to a
//! [`SearchListener`] and is stopped through a [`Control`].

pub(crate) mod node;
mod order;
pub(crate) mod root;

use crate::score::{Depth, Score};
use damier_game::AnyMove;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Deepest ply the search can reach (search and quiescence together).
pub const MAX_PLY: usize = 128;

/// What the search knows after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Which line this is, 1 for the best (see [`crate::Engine::set_lines`]): a depth with
    /// several lines reports each, best first.
    pub multipv: usize,
    /// Depth of the completed iteration.
    pub depth: Depth,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Score of this line for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// The line: the principal variation for line 1.
    pub pv: Vec<AnyMove>,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
    /// Positions the endgame databases answered so far, all threads.
    pub egdb_hits: u64,
    /// The databases' value of the root position for its side to move, when they hold it.
    pub egdb: Option<damier_egdb::Value>,
    /// Whether this is the opening book's move and value rather than a search's.
    pub book: bool,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<AnyMove>,
    /// The reply expected (for pondering).
    pub ponder: Option<AnyMove>,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Deepest completed iteration.
    pub depth: Depth,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<AnyMove>,
    /// The databases' value of the position searched, when they hold it.
    pub egdb: Option<damier_egdb::Value>,
    /// Whether the move is the opening book's (no search was made: `depth` and `nodes` are
    /// 0 and `score` is the book's value).
    pub book: bool,
}

/// Receives the search's progress.
pub trait SearchListener {
    /// Called after each completed iteration (from the main search thread).
    fn on_info(&mut self, info: &SearchInfo);

    /// Whether lines are shown to someone, and so worth continuing by the endgame databases
    /// (a probe of every move along up to 60 plies: milliseconds when the blocks are cold,
    /// more than a whole move of a fast game). A listener that ignores lines says no.
    fn shows_lines(&self) -> bool {
        true
    }
}

/// A listener that ignores everything.
pub struct Silent;

impl SearchListener for Silent {
    fn on_info(&mut self, _: &SearchInfo) {}

    fn shows_lines(&self) -> bool {
        false
    }
}

impl<F: FnMut(&SearchInfo)> SearchListener for F {
    fn on_info(&mut self, info: &SearchInfo) {
        self(info)
    }
}

/// Controls a running search from another thread: stop it, or tell it that a pondered move
/// was played.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// A control whose stop stops this one too.
    parent: Option<Arc<Control>>,
}

impl Control {
    /// A control for a normal search.
    pub fn new() -> Control {
        Control::default()
    }

    /// A control for a ponder search: no time limit applies until [`Control::ponder_hit`].
    pub fn pondering() -> Control {
        let c = Control::default();
        c.pondering.store(true, Ordering::Relaxed);
        c
    }

    /// A control that also stops when `parent` does: a scheduler can stop one slice of a
    /// search with it, while the owner of `parent` stops the whole.
    pub fn linked(parent: Arc<Control>) -> Control {
        Control {
            parent: Some(parent),
            ..Control::default()
        }
    }

    /// Ask the search to stop as soon as it can; it still returns its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The opponent played the expected move: time limits apply from now on.
    pub fn ponder_hit(&self) {
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.parent.as_ref().is_some_and(|p| p.is_stopped())
    }

    /// Whether the search is still pondering.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Ready the control for another search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }
}
