//! [`App`]: what every handler shares — the games, the limit on concurrent searches, and the
//! server's options.

use crate::caps::AnalysisCaps;
use crate::endings::Endings;
use crate::engine_task;
use crate::error::ApiError;
use crate::judge::Judge;
use crate::per_client::PerClient;
use crate::postgres::Postgres;
use crate::scheduler::Scheduler;
use crate::server::ServeError;
use crate::session::Session;
use crate::storage::{GameStorage, Sqlite};
use crate::store::{GameEntry, Store, Tables, SIDE_TABLE_MB};
use damier_core::Variant;
use damier_egdb::Egdb;
use damier_engine::setting::{require, SettingError};
use damier_engine::{BookChoice, EvalChoice, Table};
use std::collections::HashMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Games held at once; when full, the game unused the longest is dropped.
    pub max_games: usize,
    /// The transposition table all the games' engines share, MiB: the server's whole
    /// budget for it, however many games run.
    pub hash_mb: usize,
    /// Search threads, all games together (default: the number of cores), so that many
    /// games cannot oversubscribe the machine: a search waits for a free thread, and an
    /// engine move goes before any analysis.
    pub search_slots: usize,
    /// The engines' evaluation (a weights file plays its own variant; the others play their
    /// builtin weights).
    pub eval: EvalChoice,
    /// The engines' opening book (a book file plays its own variant; the others play their
    /// compiled books).
    pub book: BookChoice,
    /// Endgame databases, by variant: each game's engine probes its variant's.
    pub egdb: HashMap<Variant, Arc<Egdb>>,
    /// The databases' folder (`None` with `--egdb none`): where a page's build writes.
    pub egdb_root: Option<PathBuf>,
    /// Whether a page may build a variant's recommended set on the server's machine (minutes
    /// of every core): for a server of one's own, not for the open internet.
    pub egdb_builds: bool,
    /// An engine-against-engine game nobody has asked about for this long stops before its
    /// next move, until someone does.
    pub idle_after: std::time::Duration,
    /// Folder of the games database (`games.sqlite`): games survive restarts. `None` keeps
    /// them in memory only.
    pub data: Option<PathBuf>,
    /// A PostgreSQL database (`postgres://user:password@host:port/database`) that keeps the
    /// games instead of the data folder's SQLite file.
    pub database: Option<String>,
    /// Games one client (one address) may analyse at once.
    pub analyses_per_client: usize,
    /// Games one client (one address) may have created and not finished (a finished or
    /// deleted game no longer counts).
    pub games_per_client: usize,
    /// Domain names the server answers to, beyond IP addresses and `localhost` (a request
    /// for another name is refused: DNS rebinding).
    pub host_names: Vec<String>,
    /// A connection that has not sent a whole request head for this long is closed (a
    /// half-open connection, or one idle between requests).
    pub header_timeout: std::time::Duration,
    /// Connections one client (one address) may hold open at once.
    pub connections_per_client: usize,
    /// PDN imports read at once, all clients together (each may take tens of MB while it
    /// runs); more wait their turn.
    pub imports_at_once: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            max_games: 2000,
            hash_mb: 128,
            search_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            eval: EvalChoice::Builtin,
            book: BookChoice::Builtin,
            egdb: HashMap::new(),
            egdb_root: None,
            egdb_builds: false,
            data: None,
            idle_after: std::time::Duration::from_secs(60),
            analyses_per_client: 8,
            games_per_client: 20,
            host_names: Vec::new(),
            header_timeout: std::time::Duration::from_secs(10),
            connections_per_client: 64,
            imports_at_once: 2,
            database: None,
        }
    }
}

impl ServeOptions {
    /// The largest shared hash table, MiB.
    pub const MAX_HASH_MB: usize = 65536;

    /// A shared table's size asked for, MiB: 1 to [`ServeOptions::MAX_HASH_MB`] (a negative
    /// size is out of range too, said as it was given).
    ///
    /// # Errors
    /// [`SettingError`] outside that.
    pub fn hash_size<T>(megabytes: T) -> Result<usize, SettingError>
    where
        T: TryInto<usize> + std::fmt::Display + Copy,
    {
        let n = megabytes.try_into().unwrap_or(0);
        let rule = format!("between 1 and {}", Self::MAX_HASH_MB);
        require(
            (1..=Self::MAX_HASH_MB).contains(&n),
            "hash",
            &rule,
            megabytes,
        )
        .map(|()| n)
    }

    /// Whether every setting is in its range, said as the command line names it: a hash of
    /// 1 to [`ServeOptions::MAX_HASH_MB`] MiB, every count at least 1, host names without a
    /// port or a scheme.
    ///
    /// # Errors
    /// The first [`SettingError`].
    pub fn check(&self) -> Result<(), SettingError> {
        Self::hash_size(self.hash_mb)?;
        for (setting, n) in [
            ("engine_threads", self.search_slots),
            ("analyses_per_client", self.analyses_per_client),
            ("max_games", self.max_games),
            ("games_per_client", self.games_per_client),
            ("connections_per_client", self.connections_per_client),
        ] {
            require(n >= 1, setting, "at least 1", n)?;
        }
        for name in &self.host_names {
            let bare = !name.is_empty() && !name.contains(['/', ':', ' ']);
            let rule = "a domain name without port or scheme";
            require(bare, "host_name", rule, format!("'{name}'"))?;
        }
        Ok(())
    }
}

impl ServeOptions {
    /// The data folder named on the command line: `none` keeps the games in memory only;
    /// none named, Damier's own data folder.
    pub fn data_folder(named: Option<&str>) -> Option<PathBuf> {
        match named {
            Some("none") => None,
            Some(folder) => Some(PathBuf::from(folder)),
            None => Some(damier_game::user_data_dir()),
        }
    }

    /// Where the games are kept, in words, for the line that says the server is up.
    pub fn games_kept(&self) -> String {
        match (&self.database, &self.data) {
            (Some(_), _) => "games are kept in the PostgreSQL database of --database".into(),
            (None, None) => "games are kept in memory only".into(),
            (None, Some(folder)) => format!(
                "games are kept in {}",
                folder.join(crate::storage::FILE_NAME).display()
            ),
        }
    }
}

/// The server's shared state.
pub struct App {
    /// The games.
    pub store: Store,
    /// The search threads, engine moves first.
    pub scheduler: Arc<Scheduler>,
    /// Analyses running, by client.
    pub caps: Arc<AnalysisCaps>,
    /// The judge of puzzle moves other than the line's.
    pub judge: Arc<Judge>,
    /// The endgame databases new games probe, and the page's builds of them.
    pub endings: Arc<Endings>,
    /// The tables every game's engine searches with.
    tables: Tables,
    /// PDN imports being read, all clients together.
    pub imports: Arc<tokio::sync::Semaphore>,
    /// WebSockets open, by client: an upgraded connection leaves the accept loop's count,
    /// so the watchers are counted here, under the same limit.
    pub(crate) sockets: Arc<PerClient>,
    /// The options.
    pub options: ServeOptions,
    /// Where games are kept between runs.
    storage: Option<Arc<dyn GameStorage>>,
    /// Held while a kept game is read back, so that two requests for it make one session.
    reloading: Mutex<()>,
    /// Damaged database files already written to the server's log: each once a run, though
    /// every game's engine of that variant meets it.
    told_damage: Mutex<Vec<PathBuf>>,
}

impl App {
    /// A server state with `options`, its games database opened and its engines' table
    /// made.
    ///
    /// # Errors
    /// [`ServeError::Storage`] when the data folder or its database cannot be opened,
    /// [`ServeError::Table`] when the table's memory cannot be had.
    pub fn new(options: ServeOptions) -> Result<Arc<App>, ServeError> {
        let tables = Tables {
            main: Arc::new(Table::try_new(options.hash_mb)?),
            side: Arc::new(Table::try_new(SIDE_TABLE_MB)?),
        };
        let storage: Option<Arc<dyn GameStorage>> = match (&options.database, &options.data) {
            (Some(url), _) => Some(Arc::new(Postgres::connect(url)?)),
            (None, Some(folder)) => Some(Arc::new(Sqlite::open_in(folder)?)),
            (None, None) => None,
        };
        Ok(Arc::new(App {
            store: Store::new(options.max_games),
            scheduler: Scheduler::new(options.search_slots),
            caps: AnalysisCaps::new(options.analyses_per_client),
            judge: Judge::new(),
            endings: Arc::new(Endings::new(
                options.egdb.clone(),
                options.egdb_root.clone(),
                options.egdb_builds,
            )),
            tables,
            imports: Arc::new(tokio::sync::Semaphore::new(options.imports_at_once.max(1))),
            sockets: Arc::new(PerClient::new(options.connections_per_client)),
            options,
            storage,
            reloading: Mutex::new(()),
            told_damage: Mutex::new(Vec::new()),
        }))
    }

    /// Say in the server's log, once a run for each file, that a search of `entry`'s engine
    /// met a damaged database block and went on without it.
    pub fn log_damage(&self, entry: &GameEntry) {
        let engine = entry.engine();
        let Some(db) = engine.egdb() else {
            return;
        };
        let Some(damage) = db.damage() else {
            return;
        };
        let mut told = self.told_damage.lock().unwrap_or_else(|e| e.into_inner());
        if told.contains(&damage.file) {
            return;
        }
        told.push(damage.file.clone());
        // A closed standard error loses the warning, never the server (`eprintln!` panics).
        let _ = writeln!(
            std::io::stderr(),
            "damier serve: warning: {}; the server reads the new file when it is restarted",
            damage.warning()
        );
    }

    /// A new entry for `session`, kept in the storage from its first publication on.
    pub fn entry(&self, session: Session) -> Arc<GameEntry> {
        let egdb = self.endings.get(session.game().variant());
        Arc::new(GameEntry::new(
            session,
            self.tables.clone(),
            self.options.eval.clone(),
            self.options.book.clone(),
            egdb,
            self.store.now(),
            self.storage.clone(),
        ))
    }

    /// The game with this id: in memory, or read back from the storage (after a restart, or
    /// once the memory limit dropped it), with its engine and clock set going again.
    ///
    /// # Errors
    /// [`ApiError::UnknownGame`]; [`ApiError::Internal`] when the storage fails or holds a
    /// record that does not rebuild.
    pub fn game(self: &Arc<Self>, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        if let Some(entry) = self.store.get(id) {
            let woken = {
                let mut s = entry.lock();
                std::mem::take(&mut s.idle)
            };
            if woken {
                engine_task::after_change(self, &entry);
            }
            return Ok(entry);
        }
        let unknown = || ApiError::UnknownGame(id.to_string());
        let Some(storage) = &self.storage else {
            return Err(unknown());
        };
        let _one_at_a_time = self.reloading.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = self.store.get(id) {
            return Ok(entry);
        }
        let json = storage
            .load(id)
            .map_err(|e| ApiError::Internal(e.to_string()))?
            .ok_or_else(unknown)?;
        let session = Session::from_saved_json(&json)
            .map_err(|e| ApiError::Internal(format!("game {id} cannot be read back: {e}")))?;
        let entry = self.entry(session);
        self.store.insert(entry.clone());
        engine_task::after_change(self, &entry);
        engine_task::watch_clock(self, &entry);
        Ok(entry)
    }

    /// Delete a game, from memory and from the storage.
    ///
    /// # Errors
    /// [`ApiError::Internal`] when the storage fails.
    pub fn delete(&self, id: &str) -> Result<(), ApiError> {
        if let Some(gone) = self.store.remove(id) {
            gone.mark_deleted();
        }
        if let Some(storage) = &self.storage {
            storage
                .delete(id)
                .map_err(|e| ApiError::Internal(e.to_string()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_games_are_kept_where_the_options_say() {
        let memory = ServeOptions {
            data: ServeOptions::data_folder(Some("none")),
            ..ServeOptions::default()
        };
        assert_eq!(memory.games_kept(), "games are kept in memory only");
        let folder = ServeOptions {
            data: ServeOptions::data_folder(Some("/srv/damier")),
            ..ServeOptions::default()
        };
        assert_eq!(
            folder.games_kept(),
            format!(
                "games are kept in {}",
                Path::new("/srv/damier")
                    .join(crate::storage::FILE_NAME)
                    .display()
            )
        );
        let postgres = ServeOptions {
            database: Some("postgres://u:p@h:5432/d".into()),
            ..folder
        };
        assert_eq!(
            postgres.games_kept(),
            "games are kept in the PostgreSQL database of --database"
        );
        assert_eq!(
            ServeOptions::data_folder(None),
            Some(damier_game::user_data_dir())
        );
    }

    #[test]
    fn options_out_of_range_are_said_as_the_command_line_names_them() {
        assert_eq!(ServeOptions::default().check(), Ok(()));
        let said = |options: ServeOptions| options.check().unwrap_err().with_option();
        let hash = ServeOptions {
            hash_mb: ServeOptions::MAX_HASH_MB + 1,
            ..ServeOptions::default()
        };
        assert_eq!(said(hash), "--hash must be between 1 and 65536, got 65537");
        assert_eq!(
            ServeOptions::hash_size(-3i64).unwrap_err().with_option(),
            "--hash must be between 1 and 65536, got -3"
        );
        assert_eq!(ServeOptions::hash_size(64i64), Ok(64));
        let games = ServeOptions {
            games_per_client: 0,
            ..ServeOptions::default()
        };
        assert_eq!(said(games), "--games-per-client must be at least 1, got 0");
        let threads = ServeOptions {
            search_slots: 0,
            ..ServeOptions::default()
        };
        assert_eq!(said(threads), "--engine-threads must be at least 1, got 0");
        let host = ServeOptions {
            host_names: vec!["damier.example".into(), "example.org:80".into()],
            ..ServeOptions::default()
        };
        assert_eq!(
            said(host),
            "--host-name must be a domain name without port or scheme, got 'example.org:80'"
        );
    }
}
