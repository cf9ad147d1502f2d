//! # damier-learn: the evaluation learned from self-play
//!
//! - [`data`]: the training file, quiet positions with their game's result and the search's
//!   score, written a game at a time so that an interrupted run leaves a valid file.
//! - [`selfplay`]: engine-against-engine games from balanced openings, into a folder that a
//!   later run continues and that merges with others by listing them.
//! - [`train`]: fits the learned evaluation's weights to those positions by logistic
//!   regression, with a validation set kept apart.
//!
//! - [`report`]: what those runs say of themselves, a line at a time.
//!
//! The engine knows how to evaluate with weights; this crate knows how to make them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod data;
pub mod report;
pub mod rng;
pub mod selfplay;
pub mod train;
