//! [`GameStorage`]: where games outlive the server process — one row per game, its record as
//! JSON ([`crate::saved`]), written before the request that changed it is answered.
//!
//! [`Sqlite`] keeps them in one SQLite file in write-ahead-log mode: a commit is in the log
//! before the write returns, so a crash of the process (even `kill -9`) loses no answered
//! change; `synchronous=NORMAL` leaves out the disk flush per commit, which only a power cut
//! could make matter.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// A storage failure.
// Each variant tells its reason in its message and does not also return it as a source, so that
// a chain of causes (anyhow's `{:#}`) says it once.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The database refused.
    #[error("game database {path}: {reason}")]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: rusqlite::Error,
    },
    /// The PostgreSQL server refused or could not be reached.
    #[error("game database {url}: {reason}")]
    Postgres {
        /// The database's address, without its password.
        url: String,
        /// Why.
        reason: postgres::Error,
    },
    /// The thread that holds the database connection could not start or has ended.
    #[error("game database: {0}")]
    Thread(String),
    /// The folder could not be made.
    #[error("cannot make the data folder {path}: {reason}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
}

/// Where games are kept between runs.
pub trait GameStorage: Send + Sync {
    /// Write the record of game `id`, replacing any earlier one.
    ///
    /// # Errors
    /// [`StorageError`] when it could not be written.
    fn save(&self, id: &str, record: &str) -> Result<(), StorageError>;

    /// The record of game `id`, if kept.
    ///
    /// # Errors
    /// [`StorageError`] when it could not be read.
    fn load(&self, id: &str) -> Result<Option<String>, StorageError>;

    /// Forget game `id`.
    ///
    /// # Errors
    /// [`StorageError`] when it could not be removed.
    fn delete(&self, id: &str) -> Result<(), StorageError>;

    /// How many games are kept.
    ///
    /// # Errors
    /// [`StorageError`] when the count could not be read.
    fn count(&self) -> Result<usize, StorageError>;

    /// Where, for messages.
    fn describe(&self) -> String;
}

/// Games in a SQLite file.
pub struct Sqlite {
    path: PathBuf,
    connection: Mutex<Connection>,
}

/// The file in a data folder.
pub const FILE_NAME: &str = "games.sqlite";

impl Sqlite {
    /// Open (or make) `games.sqlite` in `folder`, making the folder if needed.
    ///
    /// # Errors
    /// [`StorageError`] when the folder or the database cannot be made or opened.
    pub fn open_in(folder: &Path) -> Result<Sqlite, StorageError> {
        std::fs::create_dir_all(folder).map_err(|reason| StorageError::Folder {
            path: folder.to_path_buf(),
            reason,
        })?;
        let path = folder.join(FILE_NAME);
        owner_only(&path).map_err(|reason| StorageError::Folder {
            path: path.clone(),
            reason,
        })?;
        let fail = |reason| StorageError::Sqlite {
            path: path.clone(),
            reason,
        };
        let connection = Connection::open(&path).map_err(fail)?;
        connection
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(fail)?;
        connection
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(fail)?;
        // Another server on the same folder waits for the lock rather than failing at once.
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(fail)?;
        connection
            .execute_batch(
                "CREATE TABLE IF NOT EXISTS games (
                    id TEXT PRIMARY KEY,
                    record TEXT NOT NULL,
                    updated INTEGER NOT NULL
                )",
            )
            .map_err(fail)?;
        Ok(Sqlite {
            path,
            connection: Mutex::new(connection),
        })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.connection.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fail(&self, reason: rusqlite::Error) -> StorageError {
        StorageError::Sqlite {
            path: self.path.clone(),
            reason,
        }
    }
}

/// Make the database file (if new) readable and writable by its owner only, and narrow an
/// older one and its log files to that: they hold every game's moves and its tokens' hashes.
/// SQLite makes the `-wal` and `-shm` files with the database file's permissions.
#[cfg(unix)]
fn owner_only(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)?;
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        match std::fs::set_permissions(&name, std::fs::Permissions::from_mode(0o600)) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            other => other?,
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn owner_only(_: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Milliseconds since 1970 by the system's clock (0 if it is set before).
pub(crate) fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub(crate) fn unix_seconds() -> i64 {
    (unix_ms() / 1000) as i64
}

impl GameStorage for Sqlite {
    fn save(&self, id: &str, record: &str) -> Result<(), StorageError> {
        self.connection()
            .prepare_cached(
                "INSERT INTO games (id, record, updated) VALUES (?1, ?2, ?3)
                 ON CONFLICT(id) DO UPDATE SET record = excluded.record, updated = excluded.updated",
            )
            .and_then(|mut s| s.execute(params![id, record, unix_seconds()]))
            .map(|_| ())
            .map_err(|e| self.fail(e))
    }

    fn load(&self, id: &str) -> Result<Option<String>, StorageError> {
        self.connection()
            .prepare_cached("SELECT record FROM games WHERE id = ?1")
            .and_then(|mut s| s.query_row(params![id], |row| row.get(0)).optional())
            .map_err(|e| self.fail(e))
    }

    fn delete(&self, id: &str) -> Result<(), StorageError> {
        self.connection()
            .execute("DELETE FROM games WHERE id = ?1", params![id])
            .map(|_| ())
            .map_err(|e| self.fail(e))
    }

    fn count(&self) -> Result<usize, StorageError> {
        self.connection()
            .query_row("SELECT COUNT(*) FROM games", [], |row| row.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(|e| self.fail(e))
    }

    fn describe(&self) -> String {
        self.path.display().to_string()
    }
}
