//! [`GameRecord`] and [`TimedRecord`]: a game (and its clock) as plain data that a server
//! keeps on disk and rebuilds after a restart.
//!
//! A move is written as its long notation with its captured squares, the notation players
//! read, so a record stays readable and survives changes to the rules core's internal square
//! numbering; rebuilding replays every ply through the rules, so a record that does not fit
//! its start position is refused, never trusted.

use crate::board::Board;
use crate::clock::{Clock, ClockState, TimeControl, TimeSource, TimeoutPenalty};
use crate::game::{Game, PlyKind};
use crate::result::{GameResult, Outcome, Reason};
use crate::timed::TimedGame;
use damier_core::{Color, Variant};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Why a record could not be rebuilt into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The variant id is not one Damier plays.
    #[error("unknown variant '{0}'")]
    Variant(String),
    /// The start position does not read.
    #[error("bad start position: {0}")]
    Start(String),
    /// A ply is not legal where the record puts it.
    #[error("ply {ply} ({text}) is not legal there")]
    Ply {
        /// 1-based ply number.
        ply: usize,
        /// What the record says.
        text: String,
    },
    /// The recorded result names a reason a game cannot be ended with from outside.
    #[error("ply {0}: the game cannot end this way")]
    Ending(usize),
}

/// One turn as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlyRecord {
    /// A move: long notation, and the captured squares (which tell apart two captures along
    /// the same path).
    Move {
        /// Long notation.
        text: String,
        /// Captured squares, by name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        captured: Vec<String>,
        /// A draw offered with it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        offer: bool,
    },
    /// A turn lost on time (giveaway, loss of turn).
    Forfeit,
    /// A pass after the opponent's forfeit.
    Pass,
}

/// A result reached by the players' actions rather than by the rules (resignation, an agreed
/// draw, time, a recorded or adjudicated result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndingRecord {
    /// Who won.
    pub outcome: OutcomeRecord,
    /// Why.
    pub reason: EndingReason,
}

/// Who won, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeRecord {
    /// White won.
    White,
    /// Black won.
    Black,
    /// A draw.
    Draw,
}

impl From<Outcome> for OutcomeRecord {
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Win(Color::White) => OutcomeRecord::White,
            Outcome::Win(Color::Black) => OutcomeRecord::Black,
            Outcome::Draw => OutcomeRecord::Draw,
        }
    }
}

impl From<OutcomeRecord> for Outcome {
    fn from(o: OutcomeRecord) -> Self {
        match o {
            OutcomeRecord::White => Outcome::Win(Color::White),
            OutcomeRecord::Black => Outcome::Win(Color::Black),
            OutcomeRecord::Draw => Outcome::Draw,
        }
    }
}

/// The reasons a game ends by an action; the others follow from the plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingReason {
    /// A player resigned.
    Resignation,
    /// A player's time ran out.
    Time,
    /// A draw offer was accepted.
    Agreement,
    /// Recorded elsewhere.
    Recorded,
    /// An arbiter's decision.
    Adjudication,
}

/// A game as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Variant id.
    pub variant: String,
    /// The start position (FEN).
    pub start: String,
    /// Every ply, in order.
    pub plies: Vec<PlyRecord>,
    /// Plies taken back that may be replayed, the next one last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone: Vec<PlyRecord>,
    /// How the game ended, when an action ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<EndingRecord>,
    /// The last move's draw offer was declined.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub offer_declined: bool,
}

/// A game on a clock as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedRecord {
    /// The game.
    pub game: GameRecord,
    /// The time control.
    pub control: TimeControl,
    /// What running out of time costs.
    pub penalty: TimeoutPenalty,
    /// The clock's state.
    pub clock: ClockState,
}

fn ply_record(before: &Board, kind: PlyKind, offer: bool) -> PlyRecord {
    match kind {
        PlyKind::Move(mv) => {
            let info = before.describe(&mv);
            PlyRecord::Move {
                text: info.long,
                captured: info.captured,
                offer,
            }
        }
        PlyKind::Forfeit => PlyRecord::Forfeit,
        PlyKind::Pass => PlyRecord::Pass,
    }
}

impl Game {
    /// The game as plain data ([`Game::from_record`] rebuilds it).
    pub fn record(&self) -> GameRecord {
        let plies = self
            .plies()
            .iter()
            .zip(self.positions())
            .map(|(p, before)| ply_record(before, p.kind, p.offers_draw))
            .collect();
        // A ply taken back is replayed from the position it was taken back from: replay the
        // stack on a copy to name each one on its own board.
        let mut replay = self.clone();
        let mut undone = Vec::new();
        // Only what can still be replayed: none once the game is over.
        for &(kind, offer) in self.undone_plies().iter().rev() {
            if replay.is_over() {
                break;
            }
            undone.push(ply_record(replay.position(), kind, offer));
            replay.redo();
        }
        undone.reverse();
        let ending = self.result().and_then(|r| {
            let reason = match r.reason {
                Reason::Resignation => EndingReason::Resignation,
                Reason::Time => EndingReason::Time,
                Reason::Agreement => EndingReason::Agreement,
                Reason::Recorded => EndingReason::Recorded,
                Reason::Adjudication => EndingReason::Adjudication,
                Reason::NoLegalMove | Reason::ForfeitedTurns | Reason::Rule(_) => return None,
            };
            Some(EndingRecord {
                outcome: r.outcome.into(),
                reason,
            })
        });
        GameRecord {
            variant: self.variant().to_string(),
            start: self.start().fen(),
            plies,
            undone,
            ending,
            offer_declined: self.draw_offer_declined(),
        }
    }

    /// Rebuild a game from its record, replaying every ply through the rules.
    ///
    /// # Errors
    /// [`RecordError`] naming the first thing that does not fit.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        let variant: Variant = record
            .variant
            .parse()
            .map_err(|_| RecordError::Variant(record.variant.clone()))?;
        let mut game = Game::from_fen(variant, &record.start)
            .map_err(|e| RecordError::Start(e.to_string()))?;
        for (i, ply) in record.plies.iter().enumerate() {
            game.replay(ply).ok_or_else(|| RecordError::Ply {
                ply: i + 1,
                text: describe(ply),
            })?;
        }
        // Take the undone plies back onto the redo stack: replay them, then undo them.
        if !game.is_over() && !record.undone.is_empty() {
            let mut replayed = 0;
            for ply in record.undone.iter().rev() {
                if game.replay(ply).is_none() {
                    break;
                }
                replayed += 1;
            }
            for _ in 0..replayed {
                game.undo();
            }
        }
        // After the redo stack is rebuilt (taking a ply back forgets a declined offer) and
        // before the ending (a finished game has no offer standing).
        if record.offer_declined {
            // Only a standing offer can have been declined; anything else is no offer at all.
            let _ = game.decline_draw();
        }
        if let Some(ending) = record.ending {
            let reason = match ending.reason {
                EndingReason::Resignation => Reason::Resignation,
                EndingReason::Time => Reason::Time,
                EndingReason::Agreement => Reason::Agreement,
                EndingReason::Recorded => Reason::Recorded,
                EndingReason::Adjudication => Reason::Adjudication,
            };
            if game.is_over() {
                return Err(RecordError::Ending(record.plies.len()));
            }
            game.set_result(GameResult {
                outcome: ending.outcome.into(),
                reason,
            });
        }
        Ok(game)
    }

    /// Play a recorded ply; `None` when it does not fit.
    fn replay(&mut self, ply: &PlyRecord) -> Option<()> {
        match ply {
            PlyRecord::Move {
                text,
                captured,
                offer,
            } => {
                let captured = (!captured.is_empty()).then_some(captured.as_slice());
                let mv = self.position().find_move(text, captured).ok()?;
                self.play_offering(&mv, *offer).ok()?;
            }
            PlyRecord::Forfeit => {
                self.time_out(TimeoutPenalty::LossOfTurn).ok()?;
            }
            PlyRecord::Pass => {
                self.pass().ok()?;
            }
        }
        Some(())
    }
}

fn describe(ply: &PlyRecord) -> String {
    match ply {
        PlyRecord::Move { text, .. } => text.clone(),
        PlyRecord::Forfeit => "a forfeited turn".into(),
        PlyRecord::Pass => "a pass".into(),
    }
}

impl TimedGame {
    /// The game and its clock as plain data. A running turn keeps the time it has used so
    /// far; rebuilt, it goes on from there (time while nothing ran is not charged).
    pub fn record(&self) -> TimedRecord {
        TimedRecord {
            game: self.game().record(),
            control: self.clock().control(),
            penalty: self.penalty(),
            clock: self.clock().state(),
        }
    }

    /// Rebuild a game on a clock reading `source`.
    ///
    /// # Errors
    /// As [`Game::from_record`].
    pub fn from_record(
        record: &TimedRecord,
        source: Arc<dyn TimeSource>,
    ) -> Result<TimedGame, RecordError> {
        let game = Game::from_record(&record.game)?;
        let clock = Clock::restore(record.control, source, &record.clock);
        // The clock is as it was: its running turn, if any, goes on.
        Ok(TimedGame::starting_at_first_move(
            game,
            clock,
            record.penalty,
        ))
    }
}
