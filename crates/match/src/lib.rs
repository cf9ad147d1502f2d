//! # damier-match: matches between engines
//!
//! Two players, named by a [`PlayerSpec`] — Damier at some setting ([`player::EnginePlayer`]),
//! any engine speaking Hub ([`hub_player::HubPlayer`]) or a DamExchange follower — play a set
//! of openings (`damier-openings`) twice each with colours reversed, under a clock, with
//! results decided by the game layer's rules ([`runner`]). A [`Report`] counts the score as
//! the games finish: [`elo`] turns it into an Elo difference with its error bar, [`sprt`]
//! decides a sequential test.

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

pub use damier_openings::Opening;
pub use elo::{EloEstimate, Tally};
pub use openings::{openings_for, OpeningSource, OpeningsError};
pub use player::{from_spec, Player, PlayerError};
pub use report::{ending, Damaged, GameLine, Report, Summary, TestState};
pub use runner::{play_game, run_match, GameRecord, MatchConfig};
pub use spec::{PlayerSpec, SpecError};
