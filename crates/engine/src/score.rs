//! Scores: hundredths of a man from the side to move's point of view, and the distance to a
//! won or lost game end.

use damier_core::Color;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// An evaluation or search result in hundredths of a man, from the side to move's point of
/// view. Scores beyond [`Score::DECISIVE`] mean the game ends within the search: a win
/// (positive) or loss (negative) that many plies from the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

/// A search depth in plies.
pub type Depth = i32;

/// A distance from the root in plies.
pub type Ply = usize;

impl Score {
    /// A drawn position.
    pub const DRAW: Score = Score(0);
    /// A win at the root itself (never reached: a win is always some plies away).
    pub const WIN: Score = Score(30_000);
    /// Above this, a score is a forced game end.
    pub const DECISIVE: Score = Score(29_000);
    /// Above every evaluation, below every game end: a database win that a draw rule
    /// counting moves might still spoil, less its distance in plies.
    pub const LIKELY_WIN: Score = Score(20_000);
    /// Outside every real score: the initial bounds of a search window.
    pub const INFINITE: Score = Score(32_000);

    /// Winning in `ply` plies.
    pub const fn win_in(ply: Ply) -> Score {
        Score(Score::WIN.0 - ply as i32)
    }

    /// Losing in `ply` plies.
    pub const fn loss_in(ply: Ply) -> Score {
        Score(-Score::WIN.0 + ply as i32)
    }

    /// Whether the score is a forced win or loss.
    pub const fn is_decisive(self) -> bool {
        self.0 > Score::DECISIVE.0 || self.0 < -Score::DECISIVE.0
    }

    /// Plies to the game end for a decisive score.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_decisive() {
            Some((Score::WIN.0 - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// The score as stored in the transposition table: game ends counted from the node,
    /// not the root, so an entry is valid wherever the position is met again.
    pub const fn to_tt(self, ply: Ply) -> i16 {
        let v = if self.0 > Score::DECISIVE.0 {
            self.0 + ply as i32
        } else if self.0 < -Score::DECISIVE.0 {
            self.0 - ply as i32
        } else {
            self.0
        };
        v as i16
    }

    /// A score read from the table at `ply` from the root (see [`Score::to_tt`]).
    pub const fn from_tt(v: i16, ply: Ply) -> Score {
        let v = v as i32;
        Score(if v > Score::DECISIVE.0 {
            v - ply as i32
        } else if v < -Score::DECISIVE.0 {
            v + ply as i32
        } else {
            v
        })
    }

    /// This score, of a position with `side` to move, seen from White's side.
    pub fn for_white(self, side: Color) -> Score {
        match side {
            Color::White => self,
            Color::Black => -self,
        }
    }

    /// The score in men, as the Hub protocol writes it.
    pub fn men(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Display for Score {
    /// `+0.35`, or `win in 7` / `loss in 4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(n) if self.0 > 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {n}"),
            None => f.write_str(&damier_game::men_text(self.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_for_white_turns_with_the_side_to_move() {
        assert_eq!(Score(35).for_white(Color::White), Score(35));
        assert_eq!(Score(35).for_white(Color::Black), Score(-35));
        assert_eq!(Score::win_in(3).for_white(Color::Black), Score::loss_in(3));
    }

    #[test]
    fn game_end_distances_survive_the_table() {
        let s = Score::win_in(9);
        assert!(s.is_decisive());
        assert_eq!(s.plies_to_end(), Some(9));
        // Stored at ply 4 (5 plies from that node), read back at ply 2: a win in 7.
        assert_eq!(Score::from_tt(s.to_tt(4), 2), Score::win_in(7));
        assert_eq!(Score::from_tt(Score(-123).to_tt(5), 1), Score(-123));
        assert_eq!(Score::loss_in(3).to_string(), "loss in 3");
        assert_eq!(Score(35).to_string(), "+0.35");
        assert!(!Score(28_000).is_decisive());
    }
}
