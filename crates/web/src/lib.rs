//! # damier-web: `damier serve`, play and analyse every variant in the browser
//!
//! A local web server (axum on tokio) with a JSON and WebSocket API — documented in
//! `crates/web/API.md` — and a page that uses it (plain HTML, CSS and JavaScript, compiled
//! into the binary: no network is needed at run time).
//!
//! - [`Server`] binds an address and serves; [`serve_blocking`] is the whole of
//!   `damier serve`.
//! - Each game on the server is a `Session` (game, clock, players, tokens, evaluations)
//!   behind a mutex, paired with channels that push changes and engine output to
//!   WebSocket watchers. Searches run on blocking threads, a bounded number at once.
//! - With a data folder ([`ServeOptions::data`]) every game is kept in a SQLite file
//!   ([`Sqlite`]), written before a change is answered, and read back on first use after a
//!   restart.
//! - Every refusal is an [`ApiError`]: a 4xx status with a JSON body, and no change made.
//!
//! ```no_run
//! # async fn run() -> Result<(), damier_web::ServeError> {
//! let server = damier_web::Server::bind("127.0.0.1:0", Default::default()).await?;
//! println!("http://{}/", server.local_addr()?);
//! server.run().await
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod app;
mod assets;
mod caps;
mod create;
mod endings;
mod engine_task;
mod error;
mod export;
mod extract;
mod guard;
mod ids;
mod judge;
mod notes;
mod per_client;
mod postgres;
mod review;
mod routes;
mod saved;
mod scheduler;
mod server;
mod session;
mod solver;
mod storage;
mod store;
mod variants;
mod view;
mod ws;

pub use app::ServeOptions;
pub use endings::builds_by_default as egdb_builds_by_default;
pub use error::ApiError;
pub use postgres::Postgres;
pub use server::{app_router, serve_blocking, ServeError, Server, BODY_LIMIT};
pub use storage::{GameStorage, Sqlite, StorageError, FILE_NAME as GAMES_FILE};

/// The port `damier serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8642;
