//! `--book`: which opening book the engine plays from, as every command that plays takes it.

use crate::output::usage;
use anyhow::Result;
use damier_book::{BookError, Choice};
use damier_core::Variant;

/// Help text shared by every `--book`.
pub const HELP: &str = "Opening book: a book file made by `damier book build`, `none` (search \
    every move) or `builtin` (the book compiled in for the variant, where there is one; the \
    default)";

/// Read `--book` for `variant` (a file must be for that variant); a file that cannot be used
/// is a usage error naming it.
pub fn parse(text: Option<&str>, variant: Option<Variant>) -> Result<Choice> {
    match text.map(|t| (t, Choice::parse(t, variant))) {
        None => Ok(Choice::Builtin),
        Some((_, Ok(choice))) => Ok(choice),
        Some((_, Err(e @ BookError::Io { .. }))) => usage!("--book: {e}"),
        Some((text, Err(e))) => usage!("--book {text}: {e}"),
    }
}
