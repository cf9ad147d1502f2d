//! How a game ended: who won, or a draw, and why.

use crate::board::Board;
use crate::draw::DrawRule;
use damier_core::Color;
use serde::Serialize;

/// Who won, or a draw. Serialised as `"white"`, `"black"` or `"draw"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(c) => Some(c),
            Outcome::Draw => None,
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Outcome::Win(c) => c.name(),
            Outcome::Draw => "draw",
        })
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Reason {
    /// The side to move had no legal move (it loses; in a giveaway form it wins).
    NoLegalMove,
    /// A player resigned.
    Resignation,
    /// A player's time ran out.
    Time,
    /// A player forfeited three turns in a row on time (giveaway, loss-of-turn penalty).
    ForfeitedTurns,
    /// A draw offer was accepted.
    Agreement,
    /// An automatic draw of RULES.md §3.
    Rule(DrawRule),
    /// The result was recorded elsewhere (a PDN file) without a reason.
    Recorded,
    /// An arbiter (the match runner) ended a game that went on too long.
    Adjudication,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
}

impl GameResult {
    /// A win for `winner`.
    pub fn win(winner: Color, reason: Reason) -> GameResult {
        GameResult {
            outcome: Outcome::Win(winner),
            reason,
        }
    }

    /// A draw.
    pub fn draw(reason: Reason) -> GameResult {
        GameResult {
            outcome: Outcome::Draw,
            reason,
        }
    }

    /// One line for people: "white wins: black resigned", "draw: third repetition …".
    pub fn describe(&self) -> String {
        self.describe_why(None)
    }

    /// As [`describe`](Self::describe), telling from the final position whether the side
    /// that could not move had no pieces left or was blocked (and that this wins in giveaway).
    pub fn describe_at(&self, final_board: &Board) -> String {
        self.describe_why(Some(final_board))
    }

    fn describe_why(&self, final_board: Option<&Board>) -> String {
        let loser = self
            .outcome
            .winner()
            .map_or("a player", |w| w.opponent().name());
        let why = match (self.reason, final_board) {
            (Reason::NoLegalMove, None) => "the side to move had no legal move".to_string(),
            (Reason::NoLegalMove, Some(board)) if board.ended_by_crowning() => {
                let crowner = board.side().opponent().name();
                if board.variant().giveaway {
                    format!("{crowner} crowned a king, and in giveaway that loses")
                } else {
                    format!("{crowner} crowned a king first")
                }
            }
            (Reason::NoLegalMove, Some(board)) => {
                let stuck = board.side();
                let how = if board.pieces(stuck) == 0 {
                    "has no pieces left"
                } else {
                    "cannot move"
                };
                if board.variant().giveaway {
                    format!("{} {how}, and in giveaway that wins", stuck.name())
                } else {
                    format!("{} {how}", stuck.name())
                }
            }
            (Reason::Resignation, _) => format!("{loser} resigned"),
            (Reason::Time, _) => format!("{loser} ran out of time"),
            (Reason::ForfeitedTurns, _) => {
                format!("{loser} lost three turns in a row on time")
            }
            (Reason::Agreement, _) => "agreed by both players".to_string(),
            (Reason::Rule(rule), _) => rule.describe().to_string(),
            (Reason::Recorded, _) => "as recorded".to_string(),
            (Reason::Adjudication, _) => "adjudicated after the move limit".to_string(),
        };
        match self.outcome {
            Outcome::Win(w) => format!("{} wins: {why}", w.name()),
            Outcome::Draw => format!("draw: {why}"),
        }
    }
}
