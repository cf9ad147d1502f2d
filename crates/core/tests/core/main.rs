//! The rules core's integration tests, as one test binary: every test binary instantiates the
//! generic move generator for every board geometry anew, so six binaries cost about six times
//! the compile time of one. Run one part with a filter, e.g. `cargo test -p damier-core --test
//! core perft::`.

mod giveaway;
mod perft;
mod properties;
mod rules;
mod same_game;
mod turned;
