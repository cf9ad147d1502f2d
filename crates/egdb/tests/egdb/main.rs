//! The endgame databases' integration tests, as one test binary (one binary compiles the
//! generic solver once, not once per file). Run one part with a filter, e.g. `cargo test -p
//! damier-egdb --test egdb published::`.

mod every_variant;
mod frisian;
mod published;
mod store;
