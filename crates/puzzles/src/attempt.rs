//! Solving a puzzle move by move: the solver's moves are checked against the line, the
//! other side's replies are played for it.

use crate::puzzle::Puzzle;
use damier_game::{AnyMove, Board};

/// What a move of the solver's did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line's move: the other side answered with `reply` (none at the end).
    Right {
        /// The other side's answer, already played.
        reply: Option<AnyMove>,
        /// The puzzle is solved.
        solved: bool,
    },
    /// Not the line's move: the position is as it was; try again.
    Wrong,
}

/// One solver's way through one puzzle.
#[derive(Clone, Debug)]
pub struct Attempt {
    puzzle: Puzzle,
    /// Plies of the line played so far.
    played: usize,
    mistakes: u32,
    hints: u32,
    shown: bool,
}

impl Attempt {
    /// A fresh attempt at `puzzle`.
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            puzzle,
            played: 0,
            mistakes: 0,
            hints: 0,
            shown: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position the solver faces now.
    pub fn position(&self) -> Board {
        self.puzzle.line[..self.played]
            .iter()
            .fold(self.puzzle.start, |b, mv| b.play_unchecked(mv))
    }

    /// Whether every move of the line has been played.
    pub fn solved(&self) -> bool {
        self.played >= self.puzzle.line.len()
    }

    /// Whether it was solved with no wrong move, no hint and the solution not shown: what
    /// counts for the solver's rating.
    pub fn clean(&self) -> bool {
        self.solved() && self.mistakes == 0 && self.hints == 0 && !self.shown
    }

    /// Wrong moves so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Play the solver's `mv`.
    pub fn try_move(&mut self, mv: &AnyMove) -> Verdict {
        if self.solved() || self.puzzle.line[self.played] != *mv {
            if !self.solved() {
                self.mistakes += 1;
            }
            return Verdict::Wrong;
        }
        self.played += 1;
        let reply = self.puzzle.line.get(self.played).copied();
        if reply.is_some() {
            self.played += 1;
        }
        Verdict::Right {
            reply,
            solved: self.solved(),
        }
    }

    /// The square of the piece the solver should move next (internal numbering), and the
    /// hint counted; `None` once solved.
    pub fn hint(&mut self) -> Option<u8> {
        let mv = self.puzzle.line.get(self.played)?;
        self.hints += 1;
        Some(mv.from)
    }

    /// The rest of the line from here, and the solution counted as shown.
    pub fn show(&mut self) -> &[AnyMove] {
        self.shown = true;
        &self.puzzle.line[self.played.min(self.puzzle.line.len())..]
    }
}
