//! Iterative deepening for one thread, with aspiration windows around the last score.

use super::node::Searcher;
use super::MAX_PLY;
use crate::score::{Depth, Score};
use damier_core::{Geometry, Move, Position};

/// The result of the deepest completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration<B> {
    /// Depth completed.
    pub depth: Depth,
    /// Score for the side to move.
    pub score: Score,
    /// The principal variation (never empty when the root has a move).
    pub pv: Vec<Move<B>>,
    /// Deepest ply reached.
    pub seldepth: usize,
}

/// What the iteration loop asks of its caller after each completed iteration.
pub trait IterationSink<B> {
    /// A new iteration is complete; return false to stop deepening.
    fn completed(&mut self, it: &Iteration<B>, best_move_changes: u32) -> bool;

    /// An iteration cut short found a better root move than the last complete one: `it` is
    /// the last iteration with that move's line and score (its depth still the last complete).
    fn adopted(&mut self, _it: &Iteration<B>) {}
}

/// Deepen from depth `first` up to `max_depth`, each iteration `step` plies deeper (helper
/// threads start and step differently so that threads search different depths).
pub fn iterate<G: Geometry>(
    s: &mut Searcher<'_, G>,
    root: &Position<G>,
    quiet: usize,
    max_depth: Depth,
    (first, step): (Depth, Depth),
    sink: &mut dyn IterationSink<G::Bits>,
) -> Option<Iteration<G::Bits>> {
    let mut last: Option<Iteration<G::Bits>> = None;
    let mut changes = 0u32;
    let mut depth = first.max(1);
    let max_depth = max_depth.min(MAX_PLY as Depth - 8);
    while depth <= max_depth {
        s.start_iteration();
        let score = aspiration(s, root, depth, quiet, last.as_ref().map(|l| l.score));
        let pv = s.root_pv().to_vec();
        if s.aborted {
            // Cut short, the iteration still searched some moves to the new depth, the last
            // best first: the best of those (its line finished, inside the window) is the
            // better guess. With no earlier iteration, any move it finished is kept.
            if let Some((score, line)) = s.root_best() {
                let line = line.to_vec();
                match last.as_mut() {
                    Some(known) => {
                        let moved = known.pv[0] != line[0];
                        known.score = score;
                        known.pv = line;
                        if moved {
                            sink.adopted(known);
                        }
                    }
                    None => {
                        last = Some(Iteration {
                            depth,
                            score,
                            pv: line,
                            seldepth: s.seldepth,
                        })
                    }
                }
            }
            break;
        }
        if pv.is_empty() {
            break;
        }
        if last.as_ref().is_some_and(|l| l.pv[0] != pv[0]) {
            changes += 1;
        }
        changes = changes.saturating_sub(u32::from(depth % 4 == 0));
        let it = Iteration {
            depth,
            score,
            pv,
            seldepth: s.seldepth,
        };
        s.flush_nodes();
        let go_on = sink.completed(&it, changes);
        last = Some(it);
        if !go_on || score.is_decisive() && depth > 2 * score.plies_to_end().unwrap_or(0) as i32 {
            break;
        }
        depth += step.max(1);
    }
    last
}

/// Search with a narrow window around the last score, widening on failure.
fn aspiration<G: Geometry>(
    s: &mut Searcher<'_, G>,
    root: &Position<G>,
    depth: Depth,
    quiet: usize,
    last: Option<Score>,
) -> Score {
    let Some(center) = last.filter(|c| depth >= 5 && !c.is_decisive()) else {
        return s.alpha_beta(root, depth, 0, -Score::INFINITE, Score::INFINITE, quiet);
    };
    let mut delta = s.aspiration;
    let mut alpha = center - delta;
    let mut beta = center + delta;
    loop {
        let score = s.alpha_beta(root, depth, 0, alpha, beta, quiet);
        if s.aborted {
            return score;
        }
        if score <= alpha {
            beta = Score((alpha.0 + beta.0) / 2);
            alpha = (score - delta).max(-Score::INFINITE);
        } else if score >= beta {
            beta = (score + delta).min(Score::INFINITE);
        } else {
            return score;
        }
        delta += delta / 2 + 10;
        if delta > 600 {
            alpha = -Score::INFINITE;
            beta = Score::INFINITE;
        }
    }
}
