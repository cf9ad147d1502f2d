//! The web server's integration tests, as one test binary (one binary links the server and its
//! dependencies once, not once per file). The load test stays a binary of its own
//! (`tests/load.rs`), so its long run can be asked for by name. Run one part with a filter,
//! e.g. `cargo test -p damier-web --test web e2e::`.

#[path = "../common/mod.rs"]
mod common;

mod analysis_board;
mod api;
#[cfg(unix)] // chromedriver runs in a process group of its own
mod e2e;
mod endings;
mod puzzles;
mod races;
mod saved;
mod scheduling;
mod security;
mod takebacks;
