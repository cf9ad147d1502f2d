//! [`Postgres`]: the games kept in a PostgreSQL database, for a deployment that outgrows one
//! machine's SQLite file — the same table, one row per game, written before the request that
//! changed it is answered (a committed statement: PostgreSQL's own write-ahead log makes it
//! survive a crash).
//!
//! The client library blocks on a runtime of its own, which must not run on the server's
//! async threads: one thread of its own holds the connection and serves requests in turn,
//! and a caller waits for its answer as it would wait for SQLite's disk.

use crate::storage::{GameStorage, StorageError};
use postgres::{Client, NoTls};
use std::sync::mpsc::{self, Sender};
use std::thread;

type Reply<T> = Sender<Result<T, postgres::Error>>;

/// A request to the connection's thread.
enum Request {
    Save(String, String, Reply<()>),
    Load(String, Reply<Option<String>>),
    Delete(String, Reply<()>),
    Count(Reply<i64>),
}

/// Games in a PostgreSQL database.
pub struct Postgres {
    /// The address without its password, for messages.
    shown: String,
    requests: Sender<Request>,
}

impl Postgres {
    /// Connect to `url` (`postgres://user:password@host:port/database`) and make the table
    /// if it is not there.
    ///
    /// # Errors
    /// [`StorageError::Postgres`] when the server cannot be reached or refuses.
    pub fn connect(url: &str) -> Result<Postgres, StorageError> {
        let shown = without_password(url);
        let (requests, inbox) = mpsc::channel();
        let (ready, connected) = mpsc::channel();
        let url = url.to_string();
        // Connecting blocks too: it happens on the connection's own thread.
        thread::Builder::new()
            .name("damier-postgres".into())
            .spawn(move || match open(&url) {
                Ok(client) => {
                    let _ = ready.send(Ok(()));
                    serve(client, inbox);
                }
                Err(e) => {
                    let _ = ready.send(Err(e));
                }
            })
            .map_err(|e| StorageError::Thread(e.to_string()))?;
        match connected.recv() {
            Ok(Ok(())) => Ok(Postgres { shown, requests }),
            Ok(Err(reason)) => Err(StorageError::Postgres { url: shown, reason }),
            Err(_) => Err(StorageError::Thread(format!(
                "the connection to {shown} ended before it was made"
            ))),
        }
    }

    /// Send `request` made with a reply channel, and wait for the answer.
    fn ask<T>(&self, request: impl FnOnce(Reply<T>) -> Request) -> Result<T, StorageError> {
        let (reply, answer) = mpsc::channel();
        let sent = self.requests.send(request(reply));
        let lost = || StorageError::Thread(format!("the connection to {} ended", self.shown));
        sent.map_err(|_| lost())?;
        answer
            .recv()
            .map_err(|_| lost())?
            .map_err(|reason| StorageError::Postgres {
                url: self.shown.clone(),
                reason,
            })
    }
}

/// Connect and make the table if it is not there.
fn open(url: &str) -> Result<Client, postgres::Error> {
    let mut client = Client::connect(url, NoTls)?;
    client.batch_execute(
        "CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            record TEXT NOT NULL,
            updated BIGINT NOT NULL
        )",
    )?;
    Ok(client)
}

/// The connection's thread: one request at a time, until the storage is dropped.
fn serve(mut client: Client, inbox: mpsc::Receiver<Request>) {
    for request in inbox {
        // A caller that gave up waiting is no reason to stop.
        match request {
            Request::Save(id, record, reply) => {
                let done = client
                    .execute(
                        "INSERT INTO games (id, record, updated) VALUES ($1, $2, $3)
                         ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record,
                         updated = EXCLUDED.updated",
                        &[&id, &record, &crate::storage::unix_seconds()],
                    )
                    .map(|_| ());
                let _ = reply.send(done);
            }
            Request::Load(id, reply) => {
                let row = client
                    .query_opt("SELECT record FROM games WHERE id = $1", &[&id])
                    .map(|row| row.map(|r| r.get(0)));
                let _ = reply.send(row);
            }
            Request::Delete(id, reply) => {
                let done = client
                    .execute("DELETE FROM games WHERE id = $1", &[&id])
                    .map(|_| ());
                let _ = reply.send(done);
            }
            Request::Count(reply) => {
                let n = client
                    .query_one("SELECT COUNT(*) FROM games", &[])
                    .map(|r| r.get(0));
                let _ = reply.send(n);
            }
        }
    }
}

impl GameStorage for Postgres {
    fn save(&self, id: &str, record: &str) -> Result<(), StorageError> {
        self.ask(|r| Request::Save(id.to_string(), record.to_string(), r))
    }

    fn load(&self, id: &str) -> Result<Option<String>, StorageError> {
        self.ask(|r| Request::Load(id.to_string(), r))
    }

    fn delete(&self, id: &str) -> Result<(), StorageError> {
        self.ask(|r| Request::Delete(id.to_string(), r))
    }

    fn count(&self) -> Result<usize, StorageError> {
        self.ask(Request::Count).map(|n| n as usize)
    }

    fn describe(&self) -> String {
        self.shown.clone()
    }
}

/// `url` with any password replaced, so that messages and logs do not show it.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((user_info, host)) = rest.split_once('@') else {
        return url.to_string();
    };
    match user_info.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            without_password("postgres://damier:secret@db.example:5432/games"),
            "postgres://damier:***@db.example:5432/games"
        );
        assert_eq!(
            without_password("postgres://damier@localhost/games"),
            "postgres://damier@localhost/games"
        );
        assert_eq!(without_password("host=/tmp user=x"), "host=/tmp user=x");
    }

    #[test]
    fn an_unreachable_server_is_a_clear_error() {
        // Port 1 on loopback: nothing listens there.
        let err = Postgres::connect("postgres://damier:pw@127.0.0.1:1/games")
            .err()
            .expect("no server there");
        let text = err.to_string();
        assert!(
            text.starts_with("game database postgres://damier:***@127.0.0.1:1/games: "),
            "{text}"
        );
    }
}
