//! [`App`]: what every handler shares — the games, the limit on concurrent searches, and the
//! server's options.

use crate::error::ApiError;
use crate::store::{GameEntry, Store};
use damier_core::Variant;
use damier_egdb::Egdb;
use damier_engine::EvalChoice;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Games held at once; when full, the game unused the longest is dropped.
    pub max_games: usize,
    /// Transposition table of each game's engine, MiB.
    pub hash_mb: usize,
    /// Searches running at once, all games together (default: the number of cores), so that
    /// many games cannot oversubscribe the machine: a search waits for a free slot.
    pub search_slots: usize,
    /// The engines' evaluation (a weights file plays its own variant; the others play their
    /// builtin weights).
    pub eval: EvalChoice,
    /// Endgame databases, by variant: each game's engine probes its variant's.
    pub egdb: HashMap<Variant, Arc<Egdb>>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            max_games: 2000,
            hash_mb: 16,
            search_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            eval: EvalChoice::Builtin,
            egdb: HashMap::new(),
        }
    }
}

/// The server's shared state.
pub struct App {
    /// The games.
    pub store: Store,
    /// One permit per search allowed to run.
    pub search_slots: Arc<Semaphore>,
    /// The options.
    pub options: ServeOptions,
}

impl App {
    /// A server state with `options`.
    pub fn new(options: ServeOptions) -> Arc<App> {
        Arc::new(App {
            store: Store::new(options.max_games),
            search_slots: Arc::new(Semaphore::new(options.search_slots.max(1))),
            options,
        })
    }

    /// The game with this id.
    ///
    /// # Errors
    /// [`ApiError::UnknownGame`].
    pub fn game(&self, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        self.store
            .get(id)
            .ok_or_else(|| ApiError::UnknownGame(id.to_string()))
    }
}
