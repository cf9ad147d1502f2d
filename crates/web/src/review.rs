//! The review of a finished game, as lidraughts gives it: each move whose evaluation fell is
//! an inaccuracy, a mistake or a blunder, with the move the engine preferred, from the
//! evaluations of the positions before and after it (one analysis pass of the game fills
//! them in).
//!
//! A fall is measured in the mover's share of the game — `½ + ½·tanh(score / 250)`, the
//! page's gauge — not in men: giving up a man in a level game is a blunder, giving one up
//! with five more on the board changes nothing that matters.

use crate::session::{Eval, Session};
use damier_core::Color;
use damier_engine::Score;
use damier_game::PlyKind;
use serde::Serialize;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The mover's share fell by 5 % or more (`?!`).
    Inaccuracy,
    /// By 9 % or more (`?`): half a man lost in a level position.
    Mistake,
    /// By 18 % or more (`??`): a man lost in a level position.
    Blunder,
}

impl Judgement {
    /// The judgement of a fall in share, if it is one.
    fn of(fall: f64) -> Option<Judgement> {
        match fall {
            f if f >= 0.18 => Some(Judgement::Blunder),
            f if f >= 0.09 => Some(Judgement::Mistake),
            f if f >= 0.05 => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }

    /// Its mark in PDN and in the move list.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// One move judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JudgedMove {
    /// The move's ply number (1 for the first move of the game).
    pub ply: usize,
    /// Who made it.
    pub mover: &'static str,
    /// How bad.
    pub judgement: Judgement,
    /// [`Judgement::mark`].
    pub mark: &'static str,
    /// The mover's score before and after it, hundredths of a man, from the mover's side.
    pub before: i32,
    /// After the move.
    pub after: i32,
    /// `before` as scores are written (`+0.04`, `win in 7`).
    pub before_text: String,
    /// `after` so.
    pub after_text: String,
    /// The move the engine preferred, when it was another.
    pub better: Option<String>,
}

/// How many moves of each kind a side made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// `?!`.
    pub inaccuracies: usize,
    /// `?`.
    pub mistakes: usize,
    /// `??`.
    pub blunders: usize,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The moves judged, in order.
    pub moves: Vec<JudgedMove>,
    /// White's tally.
    pub white: Tally,
    /// Black's tally.
    pub black: Tally,
    /// Moves whose positions before and after are both evaluated, and moves in all: the
    /// review is whole when they are equal (else an analysis pass is still to come).
    pub judged: usize,
    /// Moves in the game.
    pub moves_in_game: usize,
}

/// The mover's share of the game at `score` (its own side's view).
fn share(score: i32) -> f64 {
    0.5 + 0.5 * (f64::from(score) / 250.0).tanh()
}

/// The review of `s`'s game from the evaluations it has, `None` while the game runs (a
/// review during the game would be the engine's help).
pub fn review(s: &Session) -> Option<Review> {
    let game = s.game();
    let result = game.result()?;
    let positions = game.positions();
    let eval = |i: usize| s.evals.get(i).and_then(Option::as_ref);
    // The mover's score after move `i`: the next position's evaluation, or, for a last
    // position without a move (never searched), the result the rules gave it.
    let after = |i: usize, mover: Color| {
        eval(i + 1).map(|e| -e.score.0).or_else(|| {
            let last = i + 1 == positions.len() - 1;
            (last && positions[i + 1].legal_moves().is_empty()).then(|| {
                match result.outcome.winner() {
                    Some(w) if w == mover => Score::win_in(0).0,
                    Some(_) => Score::loss_in(0).0,
                    None => Score::DRAW.0,
                }
            })
        })
    };
    let mut out = Review {
        moves: Vec::new(),
        white: Tally::default(),
        black: Tally::default(),
        judged: 0,
        moves_in_game: 0,
    };
    for (i, ply) in game.plies().iter().enumerate() {
        let PlyKind::Move(_) = ply.kind else {
            continue;
        };
        out.moves_in_game += 1;
        let (Some(before), Some(after_score)) = (eval(i), after(i, ply.mover)) else {
            continue;
        };
        out.judged += 1;
        let before_score = before.score.0;
        let Some(judgement) = Judgement::of(share(before_score) - share(after_score)) else {
            continue;
        };
        let tally = match ply.mover {
            Color::White => &mut out.white,
            Color::Black => &mut out.black,
        };
        match judgement {
            Judgement::Inaccuracy => tally.inaccuracies += 1,
            Judgement::Mistake => tally.mistakes += 1,
            Judgement::Blunder => tally.blunders += 1,
        }
        out.moves.push(JudgedMove {
            ply: i + 1,
            mover: ply.mover.name(),
            judgement,
            mark: judgement.mark(),
            before: before_score,
            after: after_score,
            before_text: Score(before_score).to_string(),
            after_text: Score(after_score).to_string(),
            better: better_move(before, &ply.notation),
        });
    }
    Some(out)
}

/// The first move of the engine's line before a move, when it is not the move played.
fn better_move(before: &Eval, played: &str) -> Option<String> {
    before.pv.first().filter(|m| m.as_str() != played).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falls_are_judged_by_the_share_of_the_game_not_by_men() {
        // A man given up from a level game: a blunder.
        assert_eq!(
            Judgement::of(share(0) - share(-100)),
            Some(Judgement::Blunder)
        );
        // Half a man: a mistake; a quarter: an inaccuracy; a tenth: nothing.
        assert_eq!(
            Judgement::of(share(0) - share(-50)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            Judgement::of(share(0) - share(-26)),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(Judgement::of(share(0) - share(-10)), None);
        // A man given up five men ahead changes nothing that matters.
        assert_eq!(Judgement::of(share(600) - share(500)), None);
        assert_eq!(Judgement::Blunder.mark(), "??");
    }
}
