//! The solver's rating, on the puzzles' scale: Elo's expected score against each puzzle's
//! rating, moved further by the first results than by later ones.

use serde::{Deserialize, Serialize};

/// Where a new solver starts.
pub const START: f64 = 1200.0;

/// A solver's rating in one variant.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub value: f64,
    /// Puzzles solved cleanly (no wrong move, hint or solution shown).
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            value: START,
            solved: 0,
            failed: 0,
        }
    }
}

impl Rating {
    /// The chance Elo's formula gives a solver of this rating against a puzzle rated `puzzle`.
    pub fn expected(&self, puzzle: u32) -> f64 {
        1.0 / (1.0 + 10f64.powf((f64::from(puzzle) - self.value) / 400.0))
    }

    /// Record a puzzle rated `puzzle`, solved cleanly or not; the change made.
    pub fn record(&mut self, puzzle: u32, solved: bool) -> f64 {
        let k = if self.solved + self.failed < 20 {
            40.0
        } else {
            20.0
        };
        let change = k * (f64::from(u8::from(solved)) - self.expected(puzzle));
        self.value += change;
        if solved {
            self.solved += 1;
        } else {
            self.failed += 1;
        }
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_failing_lowers_by_how_expected_it_was() {
        let mut r = Rating::default();
        let easy = r.record(800, true);
        let hard = Rating::default().clone().record(1800, true);
        assert!(0.0 < easy && easy < hard, "{easy} {hard}");
        let lost = r.record(800, false);
        assert!(lost < -30.0, "an easy puzzle failed costs most: {lost}");
        assert_eq!((r.solved, r.failed), (1, 1));
        assert!((Rating::default().expected(1200) - 0.5).abs() < 1e-9);
    }
}
