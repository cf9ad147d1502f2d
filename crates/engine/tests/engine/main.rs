//! The engine's integration tests, as one test binary: every test binary links and instantiates
//! the generic search for every board geometry anew, so one binary compiles in a fraction of the
//! time of five. Run one part with a filter, e.g. `cargo test -p damier-engine --test engine
//! search::`.

mod bench;
mod egdb;
mod eval;
mod giveaway;
mod search;
