//! The engine options of the commands that search a position (`analyze`, `play`): threads,
//! table size, evaluation, book and databases, checked and read in one place.

use crate::output::Usage;
use anyhow::Result;
use clap::Args;
use damier_core::Variant;
use damier_egdb::Egdb;
use damier_engine::{setting, BookChoice, EngineOptions, EvalChoice, Table};
use std::sync::Arc;

/// Arguments that set up the engine.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Search threads.
    #[arg(long, short = 't', default_value_t = 1, allow_negative_numbers = true)]
    threads: i64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, allow_negative_numbers = true)]
    hash: i64,
    #[arg(long, help = crate::eval_arg::HELP)]
    eval: Option<String>,
    #[arg(long, help = crate::book_arg::HELP)]
    book: Option<String>,
    #[arg(long, help = crate::egdb_arg::HELP)]
    egdb: Option<String>,
}

/// The engine [`EngineArgs`] asks for, checked, with its files read.
pub struct EngineSetup {
    /// Threads and table size.
    pub options: EngineOptions,
    /// The evaluation.
    pub eval: EvalChoice,
    /// The opening book.
    pub book: BookChoice,
    /// The endgame databases, if any.
    pub egdb: Option<Arc<Egdb>>,
}

impl EngineArgs {
    /// Check the options (a table past the machine's means too) and read the files they name
    /// for `variant`, in the order they are given on the help page.
    pub fn setup(&self, variant: Variant) -> Result<EngineSetup> {
        let threads = crate::output::check_threads("--threads", self.threads)?;
        let hash_mb = setting::hash(self.hash).map_err(Usage::from)?;
        Table::check_size(hash_mb).map_err(crate::hash_arg::refusal)?;
        Ok(EngineSetup {
            options: EngineOptions { threads, hash_mb },
            eval: crate::eval_arg::parse(self.eval.as_deref(), Some(variant))?,
            book: crate::book_arg::parse(self.book.as_deref(), Some(variant))?,
            egdb: crate::egdb_arg::open(self.egdb.as_deref(), variant)?,
        })
    }
}
