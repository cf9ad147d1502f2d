//! Solving a puzzle move by move: the solver's moves are checked against the line, the
//! other side's replies are played for it.

use crate::puzzle::Puzzle;
use damier_core::Square;
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
    /// The line followed: the puzzle's, or from an accepted other move on, the judge's.
    line: Vec<AnyMove>,
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
            line: puzzle.line.clone(),
            puzzle,
            played: 0,
            mistakes: 0,
            hints: 0,
            shown: false,
        }
    }

    /// The puzzle, as given.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position the solver faces now.
    pub fn position(&self) -> Board {
        self.line[..self.played]
            .iter()
            .fold(self.puzzle.start, |b, mv| b.play_unchecked(mv))
    }

    /// Whether every move of the line has been played.
    pub fn solved(&self) -> bool {
        self.played >= self.line.len()
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

    /// Play the solver's `mv`: right only if it is the line's move.
    pub fn try_move(&mut self, mv: &AnyMove) -> Verdict {
        self.try_move_or(mv, |_, _, _| None)
    }

    /// Play the solver's `mv`, asking `judge` about a move other than the line's after the
    /// first (the first is the only one that wins; later ones need not be): given the puzzle,
    /// the plies played and the move, it answers with the rest of a line from that move that
    /// achieves the goal ([`crate::find::Finder::alternative`]), which the attempt follows
    /// from then on.
    pub fn try_move_or(
        &mut self,
        mv: &AnyMove,
        judge: impl FnOnce(&Puzzle, usize, &AnyMove) -> Option<Vec<AnyMove>>,
    ) -> Verdict {
        if self.solved() {
            return Verdict::Wrong;
        }
        if self.line[self.played] != *mv {
            let rest = if self.played > 0 {
                let mut followed = self.puzzle.clone();
                followed.line.clone_from(&self.line);
                judge(&followed, self.played, mv).filter(|rest| rest.first() == Some(mv))
            } else {
                None
            };
            let Some(rest) = rest else {
                self.mistakes += 1;
                return Verdict::Wrong;
            };
            self.line.truncate(self.played);
            self.line.extend(rest);
        }
        self.played += 1;
        let reply = self.line.get(self.played).copied();
        if reply.is_some() {
            self.played += 1;
        }
        Verdict::Right {
            reply,
            solved: self.solved(),
        }
    }

    /// The square of the piece the solver should move next, and the hint counted; `None` once
    /// solved.
    pub fn hint(&mut self) -> Option<Square> {
        let mv = self.line.get(self.played)?;
        self.hints += 1;
        Some(mv.from)
    }

    /// The rest of the line from here, and the solution counted as shown.
    pub fn show(&mut self) -> &[AnyMove] {
        self.shown = true;
        &self.line[self.played.min(self.line.len())..]
    }
}
