//! # damier-match: matches between engines
//!
//! Two players — Damier at some setting ([`player::EnginePlayer`]) or any engine speaking Hub
//! ([`hub_player::HubPlayer`]) — play a set of [`openings`] twice each with colours reversed,
//! under a clock, with results decided by the game layer's rules ([`runner`]). [`elo`] turns
//! the score into an Elo difference with its error bar.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dxp_player;
pub mod elo;
pub mod hub_player;
pub mod openings;
pub mod player;
pub mod playout;
mod pool;
mod report;
pub mod runner;
pub mod spec;
pub mod sprt;

pub use elo::{EloEstimate, Tally};
pub use openings::Opening;
pub use player::{from_spec, Player, PlayerError};
pub use report::{ending, Damaged, GameLine, Report, Summary, TestState};
pub use runner::{play_game, run_match, GameRecord, MatchConfig};
pub use spec::{PlayerSpec, SpecError};
