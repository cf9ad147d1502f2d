//! [`Store`]: the games the server holds, each a [`GameEntry`] that pairs the session with
//! the channels that tell watchers about changes.
//!
//! A session sits behind a `std::sync::Mutex`: every operation on it is short and never
//! awaits, so the lock is never held across a search or a network write.

use crate::error::ApiError;
use crate::session::Session;
use crate::storage::GameStorage;
use damier_egdb::Egdb;
use damier_engine::{BookChoice, Engine, EngineOptions, EvalChoice, Table};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write as _;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;
use tokio::sync::{broadcast, watch};

/// The side table every game's multi-line analyses share (MiB): the other lines search it,
/// so that the first is what a one-line search finds.
pub const SIDE_TABLE_MB: usize = 4;

/// The tables every game's engine searches, made once by the server: the engine's memory
/// does not grow with the games, nor churn with each analysis.
#[derive(Clone)]
pub struct Tables {
    /// The transposition table (`--hash`).
    pub main: Arc<Table>,
    /// The side table of multi-line analyses ([`SIDE_TABLE_MB`]).
    pub side: Arc<Table>,
}

/// A game unused for this long no longer counts among its client's running games.
pub const ACTIVE_MS: u64 = 30 * 60 * 1000;

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
    tables: Tables,
    eval: EvalChoice,
    book: BookChoice,
    egdb: Option<Arc<Egdb>>,
    last_used: AtomicU64,
    /// The address that made the game, for the limit of games a client runs at once.
    creator: OnceLock<IpAddr>,
    storage: Option<Arc<dyn GameStorage>>,
    /// Hash of the record last written, so that a change only clients see (an analysis
    /// line) writes nothing.
    saved: AtomicU64,
    /// Deleted by its creator: nothing writes it again, and its tasks and watchers end.
    deleted: AtomicBool,
}

impl GameEntry {
    /// An entry for `session`.
    pub fn new(
        session: Session,
        tables: Tables,
        eval: EvalChoice,
        book: BookChoice,
        egdb: Option<Arc<Egdb>>,
        now: u64,
        storage: Option<Arc<dyn GameStorage>>,
    ) -> GameEntry {
        let (changes, _) = watch::channel(session.version());
        let (events, _) = broadcast::channel(64);
        GameEntry {
            id: session.id.clone(),
            session: Mutex::new(session),
            changes,
            events,
            engine: OnceLock::new(),
            tables,
            eval,
            book,
            egdb,
            last_used: AtomicU64::new(now),
            creator: OnceLock::new(),
            storage,
            saved: AtomicU64::new(0),
            deleted: AtomicBool::new(false),
        }
    }

    /// Mark the game deleted, stop its search and tell its watchers (WebSockets, long polls),
    /// which end. Done before the storage forgets it: a task still holding the entry (a clock
    /// watcher, a search, a request under way) would otherwise write it back.
    pub fn mark_deleted(&self) {
        {
            let mut s = self.lock();
            // Set with the session locked: every save runs locked and looks at it.
            self.deleted.store(true, Ordering::SeqCst);
            s.cancel_busy();
        }
        // Wakes every watcher although the version is unchanged.
        self.changes.send_modify(|_| {});
    }

    /// Whether the game was deleted ([`GameEntry::mark_deleted`]).
    pub fn is_deleted(&self) -> bool {
        self.deleted.load(Ordering::SeqCst)
    }

    /// Lock the session. A panic elsewhere while it was held leaves it usable: every
    /// operation leaves the session consistent before it can panic.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keep the session's change, then tell watchers its current version. Every change
    /// passes here before its request is answered, with the session locked, so the storage
    /// holds each answered change, in order.
    pub fn publish(&self, session: &Session) {
        self.save(session);
        self.changes.send_if_modified(|v| {
            let changed = *v != session.version();
            *v = session.version();
            changed
        });
    }

    fn save(&self, session: &Session) {
        let Some(storage) = &self.storage else {
            return;
        };
        if self.is_deleted() {
            return;
        }
        let saved = session.saved();
        // What a client sees change with every analysis line (the version) or every instant
        // (the time a running turn has used) is no reason to write; but a version entering a
        // new block is, so that a restart never goes back below a version clients saw.
        let mut steady = saved.clone();
        steady.version = crate::saved::version_block(saved.version);
        steady.written_at_ms = None;
        if let Some(turn) = &mut steady.play.clock.turn {
            turn.used = std::time::Duration::ZERO;
        }
        let hash = {
            let mut h = std::hash::DefaultHasher::new();
            serde_json::to_string(&steady)
                .expect("a saved game is plain data")
                .hash(&mut h);
            h.finish()
        };
        if self.saved.load(Ordering::Relaxed) == hash {
            return;
        }
        let json = serde_json::to_string(&saved).expect("a saved game is plain data");
        match storage.save(&self.id, &json) {
            Ok(()) => self.saved.store(hash, Ordering::Relaxed),
            // The game goes on in memory; the next change tries again.
            Err(e) => {
                // A closed standard error loses the line, never the server.
                let _ = writeln!(
                    std::io::stderr(),
                    "damier serve: game {} not saved: {e}",
                    self.id
                );
            }
        }
    }

    /// The game's engine, made on first use: one per game, so that one game's searches never
    /// wait for another's lock, on the table all games share, so that the server's memory
    /// does not grow with its games.
    pub fn engine(&self) -> Arc<Engine> {
        self.engine
            .get_or_init(|| {
                let mut engine = Engine::with_table(
                    EngineOptions {
                        threads: 1,
                        hash_mb: SIDE_TABLE_MB,
                    },
                    Arc::clone(&self.tables.main),
                );
                engine.set_side_table(Arc::clone(&self.tables.side));
                engine.set_eval(self.eval.clone());
                engine.set_book(self.book.clone());
                engine.set_egdb(self.egdb.clone());
                Arc::new(engine)
            })
            .clone()
    }

    /// Milliseconds since the game was last asked for, and whether anyone follows it now
    /// (a WebSocket, a long poll).
    pub fn unwatched_for(&self, now: u64) -> Option<u64> {
        (self.changes.receiver_count() == 0)
            .then(|| now.saturating_sub(self.last_used.load(Ordering::Relaxed)))
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
        self.insert_into(&mut map, entry);
    }

    /// Add a game made by `client`, unless it has `limit` games running already (not over,
    /// not deleted, used in the last [`ACTIVE_MS`]): counted and added under one lock, so
    /// that requests at once cannot pass the limit together.
    ///
    /// # Errors
    /// [`ApiError::TooMany`].
    pub fn insert_for(
        &self,
        entry: Arc<GameEntry>,
        client: Option<IpAddr>,
        limit: usize,
    ) -> Result<(), ApiError> {
        let mut map = self.map();
        if let Some(ip) = client {
            let now = self.now();
            let running = map
                .values()
                .filter(|e| e.creator.get() == Some(&ip))
                .filter(|e| now.saturating_sub(e.last_used.load(Ordering::Relaxed)) < ACTIVE_MS)
                .filter(|e| !e.is_deleted() && !e.lock().game().is_over())
                .count();
            if running >= limit {
                return Err(ApiError::TooMany(format!(
                    "this client has {running} games running, as many as one client may: \
                     finish or delete one first"
                )));
            }
        }
        if let Some(ip) = client {
            let _ = entry.creator.set(ip);
        }
        self.insert_into(&mut map, entry);
        Ok(())
    }

    fn insert_into(&self, map: &mut HashMap<String, Arc<GameEntry>>, entry: Arc<GameEntry>) {
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

    /// Remove a game, its search stopped; returns it if it was held.
    pub fn remove(&self, id: &str) -> Option<Arc<GameEntry>> {
        let gone = self.map().remove(id)?;
        gone.lock().cancel_busy();
        Some(gone)
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.map().len()
    }
}
