//! The lines a search reports: its own moves as moves of any variant, continued by the
//! endgame databases where the search stopped at a probe, and the other lines of a
//! multi-line analysis.

use crate::score::{Depth, Score};
use crate::search::node::{Searcher, Shared};
use crate::time::TimeBudget;
use damier_core::{Geometry, Move, Position};
use damier_egdb::Egdb;
use damier_game::{widen, AnyMove, Board};
use std::time::Instant;

/// Plies a line is continued by the databases, at most.
const EGDB_LINE: usize = 60;

/// A timed search gives each database continuation of a line at most this share of the time
/// it has taken so far, so that the lines of a fast game cost it no depth: in 8-piece Italian
/// endings at 0.1 s + 0.01 s a move, unbounded continuations took up to 6.5 ms each against
/// a budget of about 10 ms a move, and lost games on time.
const LINE_SHARE: u32 = 16;

/// When a line's database continuation must stop: never in an untimed search.
pub(super) fn line_deadline(budget: Option<TimeBudget>, start: Instant) -> Option<Instant> {
    budget.map(|_| {
        let now = Instant::now();
        now + now.duration_since(start) / LINE_SHARE
    })
}

/// A line that ends in a database win or loss, continued by the databases' best moves (until
/// `deadline`, if any): the search stops at its first probe, so its own line ends where the
/// database's begins.
pub(super) fn extended(
    db: Option<&Egdb>,
    board: &Board,
    mut line: Vec<AnyMove>,
    deadline: Option<Instant>,
) -> Vec<AnyMove> {
    let Some(db) = db else {
        return line;
    };
    let mut b = *board;
    for mv in &line {
        match b.play(mv) {
            Ok(next) => b = next,
            Err(_) => return line,
        }
    }
    while line.len() < EGDB_LINE && deadline.is_none_or(|d| Instant::now() < d) {
        match db.best_move(&b) {
            Some(mv) if push_if_legal(&mut b, &mut line, mv) => {}
            _ => break,
        }
    }
    line
}

/// Play `mv` on `board` and add it to `line` if it is legal; false, and nothing changed, if
/// it is not.
fn push_if_legal(board: &mut Board, line: &mut Vec<AnyMove>, mv: AnyMove) -> bool {
    match board.play(&mv) {
        Ok(next) => {
            *board = next;
            line.push(mv);
            true
        }
        Err(_) => false,
    }
}

/// The moves of a line as moves of any variant, checked against the position as it goes
/// (a line ends at the first move that is not legal, which cannot happen for a line the
/// search built, but costs nothing to guard).
pub(super) fn pv_moves<B: damier_core::BitSet>(board: &Board, pv: &[Move<B>]) -> Vec<AnyMove> {
    let mut b = *board;
    let mut out = Vec::with_capacity(pv.len());
    for mv in pv {
        if !push_if_legal(&mut b, &mut out, widen(mv)) {
            break;
        }
    }
    out
}

/// The lines after the first of a multi-line analysis: after each depth the main thread
/// completes, the best root move leaving out the lines found so far, to the same depth.
/// They are searched with their own table, history and killers, so that the first line is
/// exactly what a one-line search finds.
pub(super) struct OtherLines<'a, G: Geometry> {
    pub(super) searcher: Searcher<'a, G>,
    pub(super) shared: &'a Shared<'a>,
    pub(super) root: &'a Position<G>,
    pub(super) quiet: usize,
    /// Lines wanted in all, the first included.
    pub(super) lines: usize,
}

impl<G: Geometry> OtherLines<'_, G> {
    /// The next lines at `depth` after `best`, best first; fewer if the search was stopped
    /// or the root has fewer moves.
    pub(super) fn search(
        &mut self,
        depth: Depth,
        best: Move<G::Bits>,
    ) -> Vec<(Score, Vec<Move<G::Bits>>)> {
        let mut excluded = vec![best];
        let mut found = Vec::new();
        while excluded.len() < self.lines {
            self.searcher.exclude_at_root(&excluded);
            self.searcher.start_iteration();
            let score = self.searcher.alpha_beta(
                self.root,
                depth,
                0,
                -Score::INFINITE,
                Score::INFINITE,
                self.quiet,
            );
            let pv = self.searcher.root_pv().to_vec();
            if self.searcher.aborted || pv.is_empty() {
                break;
            }
            excluded.push(pv[0]);
            found.push((score, pv));
        }
        self.searcher.flush_nodes();
        // Each is the best of the moves left, but searched anew: keep them in score order.
        found.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        found
    }
}
