//! The puzzle sets compiled into the program (`data/<variant>.pdn`, made by `damier puzzles
//! generate`).

use crate::file::{read, FileError};
use crate::puzzle::Puzzle;
use damier_core::Variant;

include!(concat!(env!("OUT_DIR"), "/shipped_puzzles.rs"));

/// The shipped puzzles of `variant` (none for a variant without a set).
///
/// # Errors
/// A shipped file that does not read (a build from a damaged checkout).
pub fn puzzles(variant: Variant) -> Result<Vec<Puzzle>, FileError> {
    match text(variant) {
        Some(text) => read(text, variant),
        None => Ok(Vec::new()),
    }
}

/// The PDN text of `variant`'s shipped set.
pub fn text(variant: Variant) -> Option<&'static str> {
    let id = variant.to_string();
    FILES.iter().find(|(name, _)| *name == id).map(|(_, t)| *t)
}

/// How many shipped puzzles each variant has, in `Variant::all()` order.
pub fn counts() -> Vec<(Variant, usize)> {
    Variant::all()
        .map(|v| {
            let n = text(v).map_or(0, |t| t.matches("[Puzzle ").count());
            (v, n)
        })
        .collect()
}
