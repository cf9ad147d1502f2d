//! [`Clocked`]: a game and an optional clock kept in step, as `damier_game::TimedGame` does,
//! but letting either side resign or answer a draw offer (two people on two screens act
//! independently of whose turn it is) and allowing takebacks when there is no clock.

use damier_core::Color;
use damier_game::{
    AnyMove, Clock, Game, GameError, GameResult, SystemTime, TimeControl, TimeoutPenalty,
};
use std::sync::Arc;
use std::time::Duration;

/// A game with its clock, if it has one.
#[derive(Debug)]
pub struct Clocked {
    game: Game,
    clock: Option<Clock>,
    penalty: TimeoutPenalty,
}

impl Clocked {
    /// Start `game` under `control` (no clock for [`TimeControl::Unlimited`]), real time.
    pub fn new(game: Game, control: TimeControl, penalty: TimeoutPenalty) -> Clocked {
        let clock = match control {
            TimeControl::Unlimited => None,
            c => Some(Clock::new(c, Arc::new(SystemTime::new()))),
        };
        let mut timed = Clocked {
            game,
            clock,
            penalty,
        };
        timed.start_turn();
        timed
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The time-out penalty.
    pub fn penalty(&self) -> TimeoutPenalty {
        self.penalty
    }

    /// Time left for the side to move's turn, if a clock runs.
    pub fn time_left_to_move(&self) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        clock.remaining(clock.running()?)
    }

    /// Apply a time-out if the side to move has used all its time. Returns whether anything
    /// changed.
    pub fn check_time(&mut self) -> bool {
        let flagged =
            !self.game.is_over() && self.clock.as_ref().is_some_and(|c| c.flagged().is_some());
        if flagged {
            self.apply_time_out();
        }
        flagged
    }

    /// Play a legal move, optionally offering a draw with it.
    ///
    /// # Errors
    /// As [`Game::play`]; [`GameError::Over`] or [`GameError::TurnForfeited`] when the mover's
    /// time had already run out (the penalty is applied).
    pub fn play(&mut self, mv: &AnyMove, offer_draw: bool) -> Result<(), GameError> {
        self.ensure_in_time()?;
        if !self.game.legal_moves().contains(mv) {
            return Err(GameError::Illegal);
        }
        if let Some(clock) = &mut self.clock {
            if clock.end_turn().is_err() {
                self.apply_time_out();
                return Err(self.over_or_late());
            }
        }
        self.game.play_offering(mv, offer_draw)?;
        self.start_turn();
        Ok(())
    }

    /// Pass, right after the opponent forfeited a turn on time.
    ///
    /// # Errors
    /// As [`Game::pass`].
    pub fn pass(&mut self) -> Result<(), GameError> {
        self.ensure_in_time()?;
        if !self.game.may_pass() {
            return Err(GameError::CannotPass);
        }
        if let Some(clock) = &mut self.clock {
            if clock.end_turn().is_err() {
                self.apply_time_out();
                return Err(self.over_or_late());
            }
        }
        self.game.pass()?;
        self.start_turn();
        Ok(())
    }

    /// Accept the standing draw offer.
    ///
    /// # Errors
    /// As [`Game::accept_draw`].
    pub fn accept_draw(&mut self) -> Result<GameResult, GameError> {
        let result = self.game.accept_draw()?;
        self.stop_clock();
        Ok(result)
    }

    /// Decline the standing draw offer.
    ///
    /// # Errors
    /// As [`Game::decline_draw`].
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        self.game.decline_draw()
    }

    /// `color` resigns, whoever is to move.
    ///
    /// # Errors
    /// As [`Game::resign`].
    pub fn resign(&mut self, color: Color) -> Result<GameResult, GameError> {
        let result = self.game.resign(color)?;
        self.stop_clock();
        Ok(result)
    }

    /// Take back the last ply. Only without a clock: time already spent cannot be given back
    /// fairly. Returns false at the start or with a clock.
    pub fn undo(&mut self) -> bool {
        self.clock.is_none() && self.game.undo()
    }

    /// Replay the last ply taken back (no clock only).
    pub fn redo(&mut self) -> bool {
        self.clock.is_none() && self.game.redo()
    }

    fn ensure_in_time(&mut self) -> Result<(), GameError> {
        if let Some(r) = self.game.result() {
            return Err(GameError::Over(r.describe()));
        }
        if self.check_time() {
            return Err(self.over_or_late());
        }
        Ok(())
    }

    fn apply_time_out(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.abandon_turn();
        }
        // The game is running here (callers check), so `time_out` cannot fail.
        let _ = self.game.time_out(self.penalty);
        self.start_turn();
    }

    fn stop_clock(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.abandon_turn();
        }
    }

    fn start_turn(&mut self) {
        if self.game.is_over() {
            return;
        }
        let Some(clock) = &mut self.clock else {
            return;
        };
        let legal = self.game.position().legal_moves();
        let forced_capture = legal.len() == 1 && legal[0].captured != 0;
        clock.start_turn(self.game.side_to_move(), forced_capture);
    }

    fn over_or_late(&self) -> GameError {
        match self.game.result() {
            Some(r) => GameError::Over(r.describe()),
            None => GameError::TurnForfeited,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;

    #[test]
    fn either_side_resigns_and_undo_needs_no_clock() {
        let mut g = Clocked::new(
            Game::new(Variant::INTERNATIONAL),
            TimeControl::Unlimited,
            TimeoutPenalty::LossOfGame,
        );
        let mv = g.game().legal_moves()[0];
        g.play(&mv, false).unwrap();
        assert!(g.undo());
        g.play(&mv, false).unwrap();
        // White resigns on Black's turn.
        let r = g.resign(Color::White).unwrap();
        assert_eq!(r.outcome.winner(), Some(Color::Black));

        let mut timed = Clocked::new(
            Game::new(Variant::INTERNATIONAL),
            TimeControl::Fischer {
                base: Duration::from_secs(60),
                increment: Duration::ZERO,
            },
            TimeoutPenalty::LossOfGame,
        );
        timed.play(&mv, false).unwrap();
        assert!(!timed.undo());
        assert!(timed.time_left_to_move().is_some());
    }
}
