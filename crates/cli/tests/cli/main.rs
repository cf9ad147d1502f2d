//! The `damier` binary's integration tests, as one test binary (one link, not one per file);
//! each runs the real binary. Run one part with a filter, e.g. `cargo test -p damier --test cli
//! egdb::`.

mod bench;
mod book;
mod capture_path;
mod cli;
mod common;
mod completions;
mod diagram;
mod doc_links;
mod dxp;
mod egdb;
mod egdb_damage;
mod fuzz_corpus;
mod guide;
mod learn;
mod pdn;
mod play;
mod puzzles;
mod robustness;
mod rules;
mod serve_client;
mod serve_restart;
