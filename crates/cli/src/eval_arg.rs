//! `--eval`: which evaluation the engine plays with, as every command that searches takes it.

use crate::output::usage;
use anyhow::Result;
use damier_core::Variant;
use damier_engine::{EvalChoice, WeightsError};

/// Help text shared by every `--eval`.
pub const HELP: &str = "Evaluation: a weights file made by `damier train`, `classic` (the \
    hand-set evaluation) or `builtin` (the weights compiled in; the default)";

/// Read `--eval` for `variant` (a file must be for that variant); a file that cannot be
/// used is a usage error naming it.
pub fn parse(text: Option<&str>, variant: Option<Variant>) -> Result<EvalChoice> {
    match text.map(|t| (t, EvalChoice::parse(t, variant))) {
        None => Ok(EvalChoice::Builtin),
        Some((_, Ok(choice))) => Ok(choice),
        // The error of an unreadable file names it already.
        Some((_, Err(e @ WeightsError::Io { .. }))) => usage!("--eval: {e}"),
        Some((text, Err(e))) => usage!("--eval {text}: {e}"),
    }
}
