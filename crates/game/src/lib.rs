//! # damier-game: games of draughts on top of the rules core
//!
//! A position knows its legal moves; a game knows its history, its clock and how it ends.
//! Every interface (terminal, browser, engine protocols, match runner) plays through this
//! crate, so games end the same way everywhere. No rule of play lives here: moves, notation
//! and FEN come from `damier-core`.
//!
//! - [`Board`] holds a position of any variant (the core is generic over the board shape);
//!   moves cross it as [`AnyMove`], described for interfaces by [`MoveInfo`].
//! - [`Game`] records the start position, every [`Ply`], the position after each, undo/redo,
//!   draw offers, resignation and the [`GameResult`] with its [`Reason`]; the automatic draws
//!   of RULES.md §3 are in [`DrawRule`].
//!   [`Game::play_line`] plays a line of moves as a person types it ("32-28 19-23");
//!   [`PositionRequest`] is a position asked for by variant, FEN and such a line.
//! - [`Clock`] implements the time controls of §5 ([`TimeControl`]) over an injectable
//!   [`TimeSource`]; [`TimedGame`] keeps a game and a clock in step, with the giveaway
//!   [`TimeoutPenalty`].
//! - [`pdn`] reads and writes PDN 3.0 files, validating every move.
//! - [`takeback`] says when moves may be taken back and how many, for every interface.
//! - [`ColorName`] and [`SideChoice`] read a side as a player names it (`white`, `b`,
//!   `random`).
//! - [`ballot`] holds the English two- and three-move ballot decks; [`diagram`] draws a board
//!   as text.
//! - [`quote`] quotes the user's own input inside an error message: a long text cut to its
//!   start and length, control characters escaped.
//! - For the files users keep: [`replace_file`] writes one whole or not at all, and
//!   [`LeReader`] reads a binary one field by field (weights, opening books).
//!
//! ```
//! use damier_game::{Game, Outcome, Reason};
//! use damier_core::Variant;
//! let mut game = Game::new(Variant::INTERNATIONAL);
//! game.play_text("32-28").unwrap();
//! game.play_text("19-23").unwrap();
//! game.play_text("28x19").unwrap();
//! assert_eq!(game.position().legal_moves().len(), 2);
//! let result = game.resign(game.side_to_move()).unwrap();
//! assert_eq!(result.outcome, Outcome::Win(damier_core::Color::White));
//! assert_eq!(result.reason, Reason::Resignation);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ballot;
mod board;
mod clock;
mod data_dir;
pub mod diagram;
mod draw;
mod game;
mod le_reader;
mod line_gain;
mod move_line;
pub mod pdn;
pub mod pdn_pick;
mod position_request;
pub mod quote;
mod record;
mod replace_file;
mod result;
mod side_name;
pub mod takeback;
pub mod time_text;
mod timed;

pub use board::{narrow, widen, AnyMove, Board, Material, MoveInfo, MoveLine};
pub use clock::{
    Clock, ClockState, ManualTime, SystemTime, TimeControl, TimeSource, TimeUp, TimeoutPenalty,
    TurnState, UnknownPenalty,
};
pub use data_dir::user_data_dir;
pub use draw::{
    claim_limit, draw_rules, drawn_as_it_stands, ending_limit, quiet_king_limit, win_within_counts,
    DrawRule, EndingLimit,
};
pub use game::{Game, GameError, Ply, PlyKind};
pub use le_reader::{CutShort, LeReader};
pub use line_gain::{explain, line_gain, material_gain, LineGain};
pub use move_line::{line_moves, play_line_on, PlayLineError};
pub use position_request::{PositionRequest, PositionRequestError};
pub use record::{
    EndingReason, EndingRecord, GameRecord, OutcomeRecord, PlyRecord, RecordError, TimedRecord,
};
pub use replace_file::replace_file;
pub use result::{GameResult, Outcome, Reason};
pub use side_name::{ColorName, SideChoice, UnknownSide};
pub use timed::TimedGame;

/// A value in hundredths of a man, in men with its sign (`+0.35`, `-1.20`): how every report
/// writes a score short of a game's end (the engine's, an opening book's).
pub fn men_text(hundredths: i32) -> String {
    format!("{:+.2}", f64::from(hundredths) / 100.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_are_written_in_men_with_their_sign() {
        assert_eq!(super::men_text(35), "+0.35");
        assert_eq!(super::men_text(-120), "-1.20");
        assert_eq!(super::men_text(0), "+0.00");
    }
}
