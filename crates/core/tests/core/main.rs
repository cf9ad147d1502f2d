//! The rules core's integration tests, as one test binary: every test binary instantiates the
//! generic move generator for every board geometry anew, and the six files as six binaries took
//! four times as long to compile (193 s against 49 s). Run one part with a filter, e.g. `cargo
//! test -p damier-core --test core perft::`.

mod giveaway;
mod perft;
mod properties;
mod rules;
mod same_game;
mod turned;
