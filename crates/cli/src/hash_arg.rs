//! `--hash`: a size past Damier's limit is a mistake in the command line (status 2); one this
//! machine cannot give is a failure where it runs (status 1).

use crate::output::Usage;
use damier_engine::TableError;

/// The error for a hash table that could not be made, told as `--hash: …`.
pub fn refusal(error: TableError) -> anyhow::Error {
    match error {
        TableError::TooLarge { .. } => anyhow::Error::new(Usage(format!("--hash: {error}"))),
        _ => anyhow::Error::new(error).context("--hash"),
    }
}
