//! Taking moves back: when it is allowed and how far it goes. The terminal and the server
//! both ask here, so that a takeback means the same wherever a game is played.
//!
//! The rule: no takeback in a game with a clock (time is part of the game there), nor after
//! the players or the clock decided it (a resignation, an agreed draw, a time-out: taking a
//! move back must not reopen it). A game the board ended (no move left, a draw rule) can be
//! taken back. A person takes back their own last move and every reply after it; with nobody
//! or everybody at the seats of one person (the engine against itself, two people at one
//! screen) the last ply goes back.

use crate::{GameResult, Reason, TimedGame};
use damier_core::Color;

/// Who asks to take moves back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taker {
    /// Whoever holds every person's seat: a person against the engine, two people at one
    /// screen, or the watcher of the engine playing itself.
    Owner,
    /// One of two people playing each other from their own seats (by a request the other
    /// accepts).
    Side(Color),
}

/// Why no move can be taken back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TakebackRefused {
    /// The game is played on a clock.
    #[error("takebacks are not allowed in a game with a clock")]
    Clock,
    /// The players or the clock decided the game.
    #[error("the game was decided ({}): no takebacks", .0.describe())]
    Decided(GameResult),
    /// No move has been played.
    #[error("nothing to take back")]
    Nothing,
    /// The side asking has not moved yet.
    #[error("{} has made no move to take back", .0.name())]
    NoMoveOf(Color),
}

/// Whether moves may be taken back in `game` at all (the clock and the result).
///
/// # Errors
/// [`TakebackRefused::Clock`] or [`TakebackRefused::Decided`].
pub fn takebacks_open(game: &TimedGame) -> Result<(), TakebackRefused> {
    if game.timed_clock().is_some() {
        return Err(TakebackRefused::Clock);
    }
    match game.game().result() {
        Some(r) if decided_by_players(r.reason) => Err(TakebackRefused::Decided(r)),
        _ => Ok(()),
    }
}

/// How many plies `taker` takes back from the end of `game`, where `humans[c]` says whether a
/// person plays colour `c` (`Color::index`).
///
/// # Errors
/// As [`takebacks_open`]; [`TakebackRefused::Nothing`] at the start with no one person asking;
/// [`TakebackRefused::NoMoveOf`] when the person asking has not moved (at the start too).
pub fn plies_to_take_back(
    game: &TimedGame,
    humans: [bool; 2],
    taker: Taker,
) -> Result<usize, TakebackRefused> {
    takebacks_open(game)?;
    let plies = game.game().plies();
    let person = match taker {
        Taker::Side(side) => Some(side),
        Taker::Owner => match humans {
            [true, false] => Some(Color::White),
            [false, true] => Some(Color::Black),
            _ => None,
        },
    };
    let Some(person) = person else {
        return if plies.is_empty() {
            Err(TakebackRefused::Nothing)
        } else {
            Ok(1)
        };
    };
    plies
        .iter()
        .rposition(|p| p.mover == person)
        .map(|i| plies.len() - i)
        .ok_or(TakebackRefused::NoMoveOf(person))
}

/// The endings a takeback must not reopen.
fn decided_by_players(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Resignation | Reason::Agreement | Reason::Time | Reason::ForfeitedTurns
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Clock, Game, ManualTime, TimeControl, TimeoutPenalty};
    use damier_core::{Base, Variant};
    use std::sync::Arc;
    use std::time::Duration;

    fn untimed(moves: &[&str]) -> TimedGame {
        let mut game = Game::new(Variant::new(Base::English));
        for m in moves {
            game.play_text(m).unwrap();
        }
        let clock = Clock::new(TimeControl::Unlimited, Arc::new(ManualTime::new()));
        TimedGame::new(game, clock, TimeoutPenalty::LossOfGame)
    }

    const WHITE_HUMAN: [bool; 2] = [true, false];
    const BLACK_HUMAN: [bool; 2] = [false, true];

    #[test]
    fn a_person_against_the_engine_goes_back_before_their_own_last_move() {
        // English: Black moves first. Black (the person) moved, White (the engine) replied.
        let game = untimed(&["11-15", "23-19"]);
        assert_eq!(plies_to_take_back(&game, BLACK_HUMAN, Taker::Owner), Ok(2));
        // The engine is still thinking on its reply: only the person's move goes back.
        let game = untimed(&["11-15", "23-19", "8-11"]);
        assert_eq!(plies_to_take_back(&game, BLACK_HUMAN, Taker::Owner), Ok(1));
        // White's person has made no move yet: the engine's first move is not theirs to undo.
        let game = untimed(&["11-15"]);
        assert_eq!(
            plies_to_take_back(&game, WHITE_HUMAN, Taker::Owner),
            Err(TakebackRefused::NoMoveOf(Color::White))
        );
    }

    #[test]
    fn one_screen_or_no_person_takes_back_one_ply() {
        let game = untimed(&["11-15", "23-19"]);
        assert_eq!(plies_to_take_back(&game, [true, true], Taker::Owner), Ok(1));
        assert_eq!(
            plies_to_take_back(&game, [false, false], Taker::Owner),
            Ok(1)
        );
    }

    #[test]
    fn a_request_between_two_seats_goes_back_through_the_askers_last_move() {
        let game = untimed(&["11-15", "23-19", "8-11"]);
        let both = [true, true];
        assert_eq!(
            plies_to_take_back(&game, both, Taker::Side(Color::White)),
            Ok(2)
        );
        assert_eq!(
            plies_to_take_back(&game, both, Taker::Side(Color::Black)),
            Ok(1)
        );
    }

    #[test]
    fn the_start_a_clock_and_a_resignation_refuse() {
        let start = untimed(&[]);
        assert_eq!(
            plies_to_take_back(&start, [true, true], Taker::Owner),
            Err(TakebackRefused::Nothing)
        );
        assert_eq!(
            plies_to_take_back(&start, BLACK_HUMAN, Taker::Owner),
            Err(TakebackRefused::NoMoveOf(Color::Black))
        );

        let mut game = Game::new(Variant::new(Base::English));
        game.play_text("11-15").unwrap();
        let control = TimeControl::Fischer {
            base: Duration::from_secs(60),
            increment: Duration::ZERO,
        };
        let clock = Clock::new(control, Arc::new(ManualTime::new()));
        let timed = TimedGame::new(game, clock, TimeoutPenalty::LossOfGame);
        assert_eq!(takebacks_open(&timed), Err(TakebackRefused::Clock));

        let mut resigned = untimed(&["11-15"]);
        resigned.resign_side(Color::White).unwrap();
        let refused = plies_to_take_back(&resigned, BLACK_HUMAN, Taker::Owner).unwrap_err();
        assert!(matches!(refused, TakebackRefused::Decided(_)));
        assert!(refused.to_string().starts_with("the game was decided ("));
    }

    #[test]
    fn a_game_the_board_ended_can_be_taken_back() {
        // White is left without a move: the board decided, not the players.
        let mut game = Game::from_fen(Variant::new(Base::English), "B:W29:B25,18").unwrap();
        game.play_text("18-22").unwrap();
        assert!(game.is_over());
        let clock = Clock::new(TimeControl::Unlimited, Arc::new(ManualTime::new()));
        let timed = TimedGame::new(game, clock, TimeoutPenalty::LossOfGame);
        assert_eq!(plies_to_take_back(&timed, BLACK_HUMAN, Taker::Owner), Ok(1));
    }
}
