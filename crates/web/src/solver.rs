//! The solver's side of the puzzles: the rating a result moves, and the puzzle met next, as
//! `damier puzzles play` moves and chooses them ([`Rating::record`], [`next_puzzle`]). The page
//! keeps the solver's rating and the puzzles met in the browser, and asks here, so that the
//! formula and the choice are written once.
//!
//! - `POST /api/variants/{id}/puzzles/{puzzle}/result` `{"rating": {…}, "solved": true}`
//! - `POST /api/variants/{id}/puzzles/next` `{"rating": 1234.5, "seen": […], "current": "…"}`

use crate::error::ApiError;
use crate::extract::Body;
use axum::extract::Path;
use axum::Json;
use damier_core::Variant;
use damier_puzzles::{next_puzzle, shipped, Puzzle, Rating};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A rating further from the scale's middle than this is not one a solver can have reached.
const RATING_BOUND: f64 = 100_000.0;

/// A result to count.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRequest {
    /// The solver's rating in the variant before the puzzle.
    rating: Rating,
    /// Solved cleanly: no wrong move, hint or solution shown.
    solved: bool,
}

/// The rating after the result, and the change.
#[derive(Serialize)]
pub struct Counted {
    rating: Rating,
    change: f64,
}

/// What the next puzzle is chosen from.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextRequest {
    /// The solver's rating.
    rating: f64,
    /// The puzzles met (names); names of other sets are ignored.
    #[serde(default)]
    seen: Vec<String>,
    /// The puzzle on view, passed over.
    #[serde(default)]
    current: Option<String>,
}

/// The puzzle chosen, by name; `again` when every puzzle had been met and the set starts
/// over (the page then empties its list of puzzles met).
#[derive(Serialize)]
pub struct Chosen {
    id: String,
    again: bool,
}

/// The shipped set of the variant `id`; an unknown variant is a 404 naming `path`.
fn variant_set(id: &str, path: &str) -> Result<Vec<Puzzle>, ApiError> {
    let variant = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(path.to_string()))?;
    shipped::puzzles(variant)
        .map_err(|e| ApiError::Internal(format!("the shipped puzzles of {variant}: {e}")))
}

/// The shipped puzzle `name` of the variant `id` (the routes under
/// `/api/variants/{id}/puzzles/{name}/`): an unknown variant is a 404 naming `path`, an
/// unknown puzzle a 404 `unknown_puzzle`.
pub fn shipped_puzzle(id: &str, name: String, path: &str) -> Result<Puzzle, ApiError> {
    variant_set(id, path)?
        .into_iter()
        .find(|p| p.id == name)
        .ok_or(ApiError::UnknownPuzzle(name))
}

fn check_rating(field: &str, value: f64) -> Result<(), ApiError> {
    if value.abs() > RATING_BOUND {
        return Err(ApiError::Invalid(format!(
            "{field} must be between -{RATING_BOUND} and {RATING_BOUND}, got {value}"
        )));
    }
    Ok(())
}

/// Count a result into the solver's rating.
pub async fn result(
    Path((id, name)): Path<(String, String)>,
    Body(req): Body<ResultRequest>,
) -> Result<Json<Counted>, ApiError> {
    let path = format!("/api/variants/{id}/puzzles/{name}/result");
    let puzzle = shipped_puzzle(&id, name, &path)?;
    check_rating("rating.value", req.rating.value)?;
    let mut rating = req.rating;
    let change = rating.record(puzzle.rating, req.solved);
    Ok(Json(Counted { rating, change }))
}

/// The puzzle the solver meets next.
pub async fn next(
    Path(id): Path<String>,
    Body(req): Body<NextRequest>,
) -> Result<Json<Chosen>, ApiError> {
    let set = variant_set(&id, &format!("/api/variants/{id}/puzzles/next"))?;
    check_rating("rating", req.rating)?;
    let seen: HashSet<String> = req.seen.into_iter().collect();
    let next = next_puzzle(&set, req.rating, &seen, req.current.as_deref()).ok_or_else(|| {
        ApiError::NotFound(format!(
            "/api/variants/{id}/puzzles/next: no puzzles are shipped for it"
        ))
    })?;
    Ok(Json(Chosen {
        id: set[next.index].id.clone(),
        again: next.again,
    }))
}
