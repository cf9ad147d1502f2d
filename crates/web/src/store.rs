//! [`Store`]: the games the server holds, each a [`GameEntry`] that pairs the session with
//! the channels that tell watchers about changes.
//!
//! A session sits behind a `std::sync::Mutex`: every operation on it is short and never
//! awaits, so the lock is never held across a search or a network write.

use crate::session::Session;
use damier_egdb::Egdb;
use damier_engine::{Engine, EngineOptions, EvalChoice};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;
use tokio::sync::{broadcast, watch};

/// One game and its watchers' channels.
pub struct GameEntry {
    /// Game id.
    pub id: String,
    session: Mutex<Session>,
    /// The session's version after each change; watchers wait on it.
    pub changes: watch::Sender<u64>,
    /// Engine output (JSON text of `analysis` events) for WebSocket watchers.
    pub events: broadcast::Sender<Arc<str>>,
    engine: OnceLock<Arc<Engine>>,
    hash_mb: usize,
    eval: EvalChoice,
    egdb: Option<Arc<Egdb>>,
    last_used: AtomicU64,
}

impl GameEntry {
    /// An entry for `session`.
    pub fn new(
        session: Session,
        hash_mb: usize,
        eval: EvalChoice,
        egdb: Option<Arc<Egdb>>,
        now: u64,
    ) -> GameEntry {
        let (changes, _) = watch::channel(session.version());
        let (events, _) = broadcast::channel(64);
        GameEntry {
            id: session.id.clone(),
            session: Mutex::new(session),
            changes,
            events,
            engine: OnceLock::new(),
            hash_mb,
            eval,
            egdb,
            last_used: AtomicU64::new(now),
        }
    }

    /// Lock the session. A panic elsewhere while it was held leaves it usable: every
    /// operation leaves the session consistent before it can panic.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tell watchers the session's current version.
    pub fn publish(&self, session: &Session) {
        self.changes.send_if_modified(|v| {
            let changed = *v != session.version();
            *v = session.version();
            changed
        });
    }

    /// The game's engine, made on first use: one per game so that what it learns about this
    /// game stays in its table, and one game's searches never wait for another's lock.
    pub fn engine(&self) -> Arc<Engine> {
        self.engine
            .get_or_init(|| {
                let mut engine = Engine::new(EngineOptions {
                    threads: 1,
                    hash_mb: self.hash_mb,
                });
                engine.set_eval(self.eval.clone());
                engine.set_egdb(self.egdb.clone());
                Arc::new(engine)
            })
            .clone()
    }

    fn touch(&self, now: u64) {
        self.last_used.store(now, Ordering::Relaxed);
    }
}

/// Every game on the server, up to a limit: when full, the game unused the longest goes.
pub struct Store {
    games: Mutex<HashMap<String, Arc<GameEntry>>>,
    max_games: usize,
    origin: Instant,
}

impl Store {
    /// A store holding at most `max_games` games.
    pub fn new(max_games: usize) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
            origin: Instant::now(),
        }
    }

    /// Milliseconds since the store was made: the clock of "last used".
    pub fn now(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<GameEntry>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Add a game, evicting the least recently used one if the store is full.
    pub fn insert(&self, entry: Arc<GameEntry>) {
        let mut map = self.map();
        while map.len() >= self.max_games {
            let oldest = map
                .values()
                .min_by_key(|e| e.last_used.load(Ordering::Relaxed))
                .map(|e| e.id.clone());
            match oldest.and_then(|id| map.remove(&id)) {
                Some(gone) => gone.lock().cancel_busy(),
                None => break,
            }
        }
        map.insert(entry.id.clone(), entry);
    }

    /// The game with this id, marked as used.
    pub fn get(&self, id: &str) -> Option<Arc<GameEntry>> {
        let entry = self.map().get(id).cloned()?;
        entry.touch(self.now());
        Some(entry)
    }

    /// Remove a game; returns whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        match self.map().remove(id) {
            Some(gone) => {
                gone.lock().cancel_busy();
                true
            }
            None => false,
        }
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.map().len()
    }
}
