//! The game layer's integration tests, as one test binary (one binary compiles the rules core's
//! generics once, not once per file). Run one part with a filter, e.g. `cargo test -p
//! damier-game --test game draws::`.

mod ballots;
mod claim_limit;
mod clocks;
mod draws;
mod game;
mod giveaway;
mod lidraughts_variants;
mod pdn;
mod pdn_files;
mod pdn_props;
mod record;
