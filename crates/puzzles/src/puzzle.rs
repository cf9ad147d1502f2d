//! A puzzle: a position, the line that solves it, what it wins, and how hard it is.

use damier_core::Color;
use damier_game::{AnyMove, Board};
use std::fmt;

/// What the solving line achieves for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// It wins the game by force.
    Win,
    /// It wins this many pieces (men or kings) more than it gives.
    Material(u32),
    /// It crowns a man that the other side cannot stop, without losing material.
    Crown,
}

impl Goal {
    /// The goal as the puzzle states it: "White to play and win 2 pieces".
    pub fn task(self, side: Color) -> String {
        let side = side.title();
        match self {
            Goal::Win => format!("{side} to play and win"),
            Goal::Material(1) => format!("{side} to play and win a piece"),
            Goal::Material(n) => format!("{side} to play and win {n} pieces"),
            Goal::Crown => format!("{side} to play and crown"),
        }
    }

    /// Whether reaching this goal achieves `wanted`: a win achieves every goal, more material
    /// achieves less, and any gain achieves a crowning.
    pub fn achieves(self, wanted: Goal) -> bool {
        match (self, wanted) {
            (Goal::Win, _) | (_, Goal::Crown) => true,
            (Goal::Material(got), Goal::Material(want)) => got >= want,
            (Goal::Material(_) | Goal::Crown, Goal::Win) | (Goal::Crown, Goal::Material(_)) => {
                false
            }
        }
    }

    /// The form kept in a file's `Goal` tag: `win`, `material 2`, `crown`.
    pub fn tag(self) -> String {
        match self {
            Goal::Win => "win".into(),
            Goal::Material(n) => format!("material {n}"),
            Goal::Crown => "crown".into(),
        }
    }

    /// Read a `Goal` tag.
    pub fn from_tag(text: &str) -> Option<Goal> {
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            ["win"] => Some(Goal::Win),
            ["crown"] => Some(Goal::Crown),
            ["material", n] => n.parse().ok().filter(|&n| n > 0).map(Goal::Material),
            _ => None,
        }
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its name in its set: `russian-17`.
    pub id: String,
    /// The position; its side to move is the solver.
    pub start: Board,
    /// The solving line: the solver's move, the reply, the solver's next move, ... ending
    /// with a move of the solver's.
    pub line: Vec<AnyMove>,
    /// What the line achieves.
    pub goal: Goal,
    /// How hard it is, on the scale of the solver's rating (about 800 to 2200).
    pub rating: u32,
    /// The depth, in plies, of the search that found the first move the only one to achieve
    /// the goal.
    pub depth: i32,
    /// Where the position came from (a game of a file, a self-play game).
    pub source: String,
}

impl Puzzle {
    /// The solver's colour.
    pub fn solver(&self) -> Color {
        self.start.side()
    }

    /// The goal in words.
    pub fn task(&self) -> String {
        self.goal.task(self.solver())
    }

    /// The moves the solver must find (every other move of the line).
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The line in the variant's short notation.
    pub fn line_text(&self) -> String {
        self.start.line_short(&self.line)
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.id, self.rating, self.task())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_read_back_and_read_well() {
        for goal in [Goal::Win, Goal::Material(1), Goal::Material(3), Goal::Crown] {
            assert_eq!(Goal::from_tag(&goal.tag()), Some(goal));
        }
        assert_eq!(Goal::from_tag("material 0"), None);
        assert!(Goal::Win.achieves(Goal::Material(3)));
        assert!(Goal::Material(2).achieves(Goal::Material(2)));
        assert!(!Goal::Material(1).achieves(Goal::Material(2)));
        assert!(Goal::Material(1).achieves(Goal::Crown));
        assert!(!Goal::Crown.achieves(Goal::Material(1)));
        assert!(!Goal::Material(5).achieves(Goal::Win));
        assert_eq!(Goal::from_tag("mate"), None);
        assert_eq!(
            Goal::Material(2).task(Color::Black),
            "Black to play and win 2 pieces"
        );
        assert_eq!(
            Goal::Material(1).task(Color::White),
            "White to play and win a piece"
        );
    }
}
