//! [`TimedGame`]: a [`Game`] played on a [`Clock`], with the time-out penalty applied.

use crate::board::AnyMove;
use crate::clock::{Clock, TimeControl, TimeoutPenalty};
use crate::game::{Game, GameError};
use crate::result::GameResult;
use damier_core::Color;
use std::time::Duration;

/// A game and its clock, kept in step: each move ends the mover's turn on the clock and
/// starts the opponent's.
#[derive(Debug)]
pub struct TimedGame {
    game: Game,
    clock: Clock,
    penalty: TimeoutPenalty,
}

impl TimedGame {
    /// Start timing `game` for the side to move.
    pub fn new(game: Game, clock: Clock, penalty: TimeoutPenalty) -> TimedGame {
        let mut timed = TimedGame {
            game,
            clock,
            penalty,
        };
        timed.start_turn();
        timed
    }

    /// Time `game` from its first move on: the first mover's time does not run before it (a
    /// game made in a web page may wait for its players), the opponent's starts with it.
    pub fn starting_at_first_move(game: Game, clock: Clock, penalty: TimeoutPenalty) -> TimedGame {
        TimedGame {
            game,
            clock,
            penalty,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock, unless the game is untimed ([`TimeControl::Unlimited`]).
    pub fn timed_clock(&self) -> Option<&Clock> {
        match self.clock.control() {
            TimeControl::Unlimited => None,
            _ => Some(&self.clock),
        }
    }

    /// What running out of time costs.
    pub fn penalty(&self) -> TimeoutPenalty {
        self.penalty
    }

    /// Time left for the side to move's turn, if a clock runs.
    pub fn time_left_to_move(&self) -> Option<Duration> {
        self.clock.remaining(self.clock.running()?)
    }

    /// Apply a time-out if the side to move has used all its time; returns the result if
    /// the game is over. Interfaces call this while waiting for a move.
    pub fn check_time(&mut self) -> Option<GameResult> {
        self.apply_flag_fall();
        self.game.result()
    }

    /// Apply a time-out if the side to move has used all its time; returns whether it did
    /// (the game ended, or the turn passed to the opponent).
    pub fn apply_flag_fall(&mut self) -> bool {
        let flagged = !self.game.is_over() && self.clock.flagged().is_some();
        if flagged {
            self.apply_time_out();
        }
        flagged
    }

    /// Play a move, unless the mover's time has run out: then the penalty applies and the move
    /// is refused.
    ///
    /// # Errors
    /// As [`Game::play`]; [`GameError::Over`] when time ran out and lost the game,
    /// [`GameError::TurnForfeited`] when it cost the turn.
    pub fn play(&mut self, mv: &AnyMove, offer_draw: bool) -> Result<(), GameError> {
        self.ensure_in_time()?;
        if !self.game.position().legal_moves().contains(mv) {
            return Err(GameError::Illegal);
        }
        if self.clock.end_turn().is_err() {
            self.apply_time_out();
            return Err(self.over_or_late());
        }
        self.game.play_offering(mv, offer_draw)?;
        self.start_turn();
        Ok(())
    }

    /// Pass after the opponent forfeited a turn.
    ///
    /// # Errors
    /// As [`Game::pass`].
    pub fn pass(&mut self) -> Result<(), GameError> {
        self.ensure_in_time()?;
        if !self.game.may_pass() {
            return Err(GameError::CannotPass);
        }
        if self.clock.end_turn().is_err() {
            self.apply_time_out();
            return Err(self.over_or_late());
        }
        self.game.pass()?;
        self.start_turn();
        Ok(())
    }

    /// Accept the opponent's draw offer.
    ///
    /// # Errors
    /// As [`Game::accept_draw`].
    pub fn accept_draw(&mut self) -> Result<GameResult, GameError> {
        let result = self.game.accept_draw()?;
        self.clock.abandon_turn();
        Ok(result)
    }

    /// The side to move resigns.
    ///
    /// # Errors
    /// As [`Game::resign`].
    pub fn resign(&mut self) -> Result<GameResult, GameError> {
        let side = self.game.side_to_move();
        let result = self.game.resign(side)?;
        self.clock.abandon_turn();
        Ok(result)
    }

    /// Decline the opponent's draw offer without moving yet (moving declines it too).
    ///
    /// # Errors
    /// As [`Game::decline_draw`].
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        self.game.decline_draw()
    }

    /// `color` resigns, whoever is to move (a player may resign while the opponent thinks).
    ///
    /// # Errors
    /// As [`Game::resign`].
    pub fn resign_side(&mut self, color: Color) -> Result<GameResult, GameError> {
        let result = self.game.resign(color)?;
        self.clock.abandon_turn();
        Ok(result)
    }

    /// Take back the last ply (and any result), then time the side to move again from now.
    /// Time already used stays used: a take-back gives no time back, and under "moves in
    /// time" the move count toward the next control is not lowered. Returns false at the start.
    pub fn undo(&mut self) -> bool {
        if self.game.plies().is_empty() {
            return false;
        }
        self.clock.abandon_turn();
        self.game.undo();
        self.start_turn();
        true
    }

    /// Replay the last ply taken back, then time the side to move from now. Returns false
    /// when there is nothing to replay.
    pub fn redo(&mut self) -> bool {
        self.clock.abandon_turn();
        let redone = self.game.redo();
        self.start_turn();
        redone
    }

    /// Refuse to act for a side whose time has run out, applying the penalty.
    fn ensure_in_time(&mut self) -> Result<(), GameError> {
        if self.game.is_over() {
            return Err(self.over());
        }
        if self.clock.flagged().is_some() {
            self.apply_time_out();
            return Err(self.over_or_late());
        }
        Ok(())
    }

    fn apply_time_out(&mut self) {
        self.clock.abandon_turn();
        // The game is running here, so `time_out` cannot fail.
        let _ = self.game.time_out(self.penalty);
        self.start_turn();
    }

    fn start_turn(&mut self) {
        if self.game.is_over() {
            return;
        }
        let legal = self.game.position().legal_moves();
        let forced_capture = legal.len() == 1 && legal[0].captured != 0;
        self.clock
            .start_turn(self.game.side_to_move(), forced_capture);
    }

    fn over(&self) -> GameError {
        GameError::Over(
            self.game
                .result()
                .map(|r| r.describe())
                .unwrap_or_else(|| "time ran out".into()),
        )
    }

    fn over_or_late(&self) -> GameError {
        if self.game.is_over() {
            self.over()
        } else {
            GameError::TurnForfeited
        }
    }
}
