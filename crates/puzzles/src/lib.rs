//! # damier-puzzles: tactical puzzles for every variant
//!
//! - [`Puzzle`]: a position, the line that solves it, its [`Goal`] and rating.
//! - [`find`]: whether a position is a puzzle — exactly one move wins material, crowns or
//!   wins the game, hidden from a shallow look — judged by a search (and the endgame
//!   databases where they hold the position); [`find::Finder::check`] re-judges one.
//! - [`source`]: positions to judge, from recorded games or self-play games with errors;
//!   [`generate`] judges many games on several threads.
//! - [`file`]: sets as PDN; [`shipped`]: the sets compiled into the program; [`set`]: a set
//!   as a command loads, lists and saves it, with what it says of each.
//! - [`Attempt`]: solving one puzzle move by move; [`Rating`]: the solver's rating;
//!   [`next_puzzle`]: the puzzle met next; [`Progress`]: ratings and puzzles met, kept
//!   between runs ([`KeptProgress`]: where a run keeps them).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attempt;
pub mod file;
pub mod find;
pub mod generate;
mod next;
mod progress;
mod puzzle;
mod rating;
pub mod set;
pub mod shipped;
pub mod source;

pub use attempt::{Attempt, Verdict};
pub use find::Unsound;
pub use next::{next_puzzle, Next};
pub use progress::{KeptProgress, Progress, ProgressError, VariantProgress};
pub use puzzle::{Goal, Puzzle};
pub use rating::Rating;
