//! Whether a position is a puzzle: exactly one move wins material, crowns or wins the game,
//! and a shallow look does not see it.
//!
//! The judge is a search with the hand-set evaluation and the first search tuning (the learned
//! weights change as they are retrained, and play's search constants as matches retune them;
//! a puzzle set should not), one thread, a fresh table for each position, so that a verdict
//! is the same on every machine. With endgame databases the search's scores of the
//! positions they hold are exact.

use crate::puzzle::{Goal, Puzzle};
use damier_core::Variant;
use damier_egdb::Egdb;
use damier_engine::{
    Control, Engine, EngineOptions, EvalChoice, Limits, Score, SearchInfo, SearchInput,
    SearchListener, Style, Tuning,
};
use damier_game::{line_gain, material_gain, AnyMove, Board, LineGain};
use std::sync::Arc;

/// A move wins when it keeps at least this (hundredths of a man) for the solver.
pub const WINNING: i32 = 90;
/// The winning move must be worth this much more than the next best move, and than what a
/// shallow search expects of the position: the shot is hidden, and it is the only one.
pub const MARGIN: i32 = 90;
/// The depth of the shallow look.
const SHALLOW: i32 = 2;
/// The longest line kept for a puzzle won by force (plies).
const LONGEST_WIN: usize = 25;

/// One line of a multi-line search.
#[derive(Clone, Debug)]
struct Line {
    score: Score,
    pv: Vec<AnyMove>,
}

/// What a search found: the two best lines and, for the best, since which depth it has not
/// changed its first move.
struct Lines {
    best: Line,
    second: Option<Line>,
    settled_at: i32,
}

/// Keeps each depth's lines.
#[derive(Default)]
struct Collect {
    infos: Vec<SearchInfo>,
}

impl SearchListener for Collect {
    fn on_info(&mut self, info: &SearchInfo) {
        self.infos.push(info.clone());
    }
}

/// Judges positions of one variant.
pub struct Finder {
    engine: Engine,
    depth: i32,
    /// Look 4 plies shallower first, and give up a position that shows nothing there: about
    /// eight times faster over a game, at the cost of the deepest shots.
    prefilter: bool,
}

/// How many plies shallower the prefilter looks.
const PREFILTER: i32 = 4;

/// The verification depth for a variant when none is given: deeper on smaller boards, where
/// a ply costs less (Turkish's 64 squares and orthogonal men cost as much as 10x10).
pub fn default_depth(variant: Variant) -> i32 {
    let board = variant.rules().board;
    match board.size() {
        8 if board.is_diagonal() => 12,
        8 | 10 => 10,
        _ => 9,
    }
}

/// Why a puzzle does not hold at its depth ([`Finder::rejudge`], [`Finder::check`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsound {
    /// The start position has no legal move.
    #[error("no legal move")]
    NoLegalMove,
    /// The search plays another first move.
    #[error("the search plays {played} (score {score})")]
    AnotherMove {
        /// The search's move, or "nothing".
        played: String,
        /// Its score.
        score: Score,
    },
    /// The first move wins, but so does another.
    #[error("not the only winning move: {first} scores {score}, the next {}", next.map_or("nothing".to_string(), |s| s.to_string()))]
    NotTheOnlyWin {
        /// The puzzle's first move.
        first: String,
        /// Its score.
        score: Score,
        /// The next move's score, if there is another move.
        next: Option<Score>,
    },
    /// The search's line reaches none of the goals.
    #[error("the line {line} wins nothing")]
    WinsNothing {
        /// The line.
        line: String,
    },
    /// It holds, but its goal, line or rating is not what the search gives now.
    #[error("{0}")]
    Changed(String),
}

impl Finder {
    /// A judge searching `depth` plies, probing `egdb` where it holds the position, that
    /// gives up a position early when a search [`PREFILTER`] plies shallower shows nothing.
    pub fn new(depth: i32, egdb: Option<Arc<Egdb>>) -> Finder {
        let mut engine = Engine::new(EngineOptions {
            threads: 1,
            hash_mb: 16,
        });
        engine.set_eval(EvalChoice::Classic);
        engine.set_tuning(Tuning::FIRST);
        engine.set_egdb(egdb);
        Finder {
            engine,
            depth,
            prefilter: true,
        }
    }

    /// A judge that searches every position to the full depth.
    pub fn thorough(depth: i32, egdb: Option<Arc<Egdb>>) -> Finder {
        Finder {
            prefilter: false,
            ..Finder::new(depth, egdb)
        }
    }

    /// The depth searched.
    pub fn depth(&self) -> i32 {
        self.depth
    }

    fn search(&mut self, board: &Board, depth: i32, lines: usize) -> Option<Lines> {
        self.engine.new_game();
        self.engine.set_lines(lines);
        let mut seen = Collect::default();
        let input = SearchInput::new(*board);
        let r = self.engine.search(
            &input,
            &Limits::depth(depth),
            Style::default(),
            &Control::new(),
            &mut seen,
        );
        let best_move = r.best?;
        let last = seen.infos.iter().map(|i| i.depth).max()?;
        let line = |k: usize| {
            seen.infos
                .iter()
                .rev()
                .find(|i| i.depth == last && i.multipv == k)
                .map(|i| Line {
                    score: i.score,
                    pv: i.pv.clone(),
                })
        };
        // The earliest depth from which every iteration put the final best move first.
        let mut settled_at = last;
        for info in seen.infos.iter().rev().filter(|i| i.multipv == 1) {
            if info.pv.first() != Some(&best_move) {
                break;
            }
            settled_at = info.depth;
        }
        Some(Lines {
            best: Line {
                score: r.score,
                pv: r.pv,
            },
            second: line(2),
            settled_at,
        })
    }

    /// The puzzle in `board`, if it is one: named `id`, its origin `source`.
    pub fn examine(&mut self, board: &Board, id: &str, source: &str) -> Option<Puzzle> {
        if board.legal_moves().len() < 2 {
            return None;
        }
        let giveaway = board.rules().no_move_wins();
        let shallow = self.search(board, SHALLOW, 1)?.best.score;
        if shallow.is_decisive() {
            return None;
        }
        // A shot the shallow look does not see: a forced win, or material it does not expect.
        let hidden = |score: Score| is_won(score) || (!giveaway && score.0 >= shallow.0 + MARGIN);
        // One line first (shallower, then at full depth): most positions hide nothing, and
        // the second line costs as much as the first.
        let depths: &[i32] = if self.prefilter {
            &[self.depth - PREFILTER, self.depth]
        } else {
            &[self.depth]
        };
        for &depth in depths {
            let first = self.search(board, depth, 1)?.best.score;
            if !wins(first, giveaway) || !hidden(first) {
                return None;
            }
        }
        let lines = self.search(board, self.depth, 2)?;
        if !only_winner(&lines, giveaway) {
            return None;
        }
        let (goal, line) = goal_of(board, &lines.best, giveaway)?;
        Some(Puzzle {
            id: id.to_string(),
            start: *board,
            rating: rating(lines.settled_at, &line),
            line,
            goal,
            depth: self.depth,
            source: source.to_string(),
        })
    }

    /// `puzzle` judged again at its depth: its first move must still be the one move that
    /// wins; its goal, line and rating are what the search gives now (they change when the
    /// search or the goal's reading does). Its name, source and depth are kept.
    ///
    /// # Errors
    /// [`Unsound`]: what the search found instead, when the first move no longer holds.
    pub fn rejudge(&mut self, puzzle: &Puzzle) -> Result<Puzzle, Unsound> {
        let start = &puzzle.start;
        let giveaway = start.rules().no_move_wins();
        let lines = self
            .search(start, puzzle.depth, 2)
            .ok_or(Unsound::NoLegalMove)?;
        let best = lines.best.pv.first().copied();
        if best != puzzle.line.first().copied() {
            return Err(Unsound::AnotherMove {
                played: best.map_or("nothing".into(), |mv| start.short(&mv)),
                score: lines.best.score,
            });
        }
        if !only_winner(&lines, giveaway) {
            return Err(Unsound::NotTheOnlyWin {
                first: start.short(&puzzle.line[0]),
                score: lines.best.score,
                next: lines.second.as_ref().map(|l| l.score),
            });
        }
        let (goal, line) =
            goal_of(start, &lines.best, giveaway).ok_or_else(|| Unsound::WinsNothing {
                line: start.line_short(&lines.best.pv),
            })?;
        Ok(Puzzle {
            rating: rating(lines.settled_at, &line),
            goal,
            line,
            ..puzzle.clone()
        })
    }

    /// Whether `puzzle` still holds at its depth: its first move the one move that wins, and
    /// its goal, line and rating those the search gives ([`Finder::rejudge`]).
    ///
    /// # Errors
    /// [`Unsound`]: why it no longer holds, or what the search gives now instead.
    pub fn check(&mut self, puzzle: &Puzzle) -> Result<(), Unsound> {
        let now = self.rejudge(puzzle)?;
        difference(puzzle, &now).map_or(Ok(()), |d| Err(Unsound::Changed(d)))
    }
}

/// A set judged again ([`Finder::recheck`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recheck {
    /// The puzzles that still hold, each as judged now, in the set's order.
    pub kept: Vec<Puzzle>,
    /// Puzzles that hold with another goal, line or rating.
    pub changed: usize,
    /// Puzzles that no longer hold.
    pub dropped: usize,
}

impl Recheck {
    /// Puzzles that hold as the set states them.
    pub fn as_stated(&self) -> usize {
        self.kept.len() - self.changed
    }

    /// Whether any puzzle differs from what the set says.
    pub fn differs(&self) -> bool {
        self.changed + self.dropped > 0
    }
}

impl Finder {
    /// Every puzzle of a set judged again ([`Finder::rejudge`]); `note` hears, as the check
    /// goes, each puzzle that changed or no longer holds, with why.
    pub fn recheck(&mut self, puzzles: &[Puzzle], note: &mut dyn FnMut(&Puzzle, &str)) -> Recheck {
        let mut report = Recheck::default();
        for p in puzzles {
            match self.rejudge(p) {
                Ok(now) => {
                    if let Some(why) = difference(p, &now) {
                        report.changed += 1;
                        note(p, &why);
                    }
                    report.kept.push(now);
                }
                Err(why) => {
                    report.dropped += 1;
                    note(p, &why.to_string());
                }
            }
        }
        report
    }
}

impl Finder {
    /// Whether the solver's `mv`, played where the line has another move after its first
    /// `played` plies, achieves the puzzle's goal as well: then the rest of the line from `mv`
    /// on (the search's line, cut where the goal is reached). Only the first move of a
    /// puzzle is judged the only one that wins; later on, another way to the goal counts.
    pub fn alternative(
        &mut self,
        puzzle: &Puzzle,
        played: usize,
        mv: &AnyMove,
    ) -> Option<Vec<AnyMove>> {
        let start = &puzzle.start;
        let giveaway = start.rules().no_move_wins();
        let line = puzzle.line.get(..played)?;
        let before = line.iter().fold(*start, |b, m| b.play_unchecked(m));
        if before.side() != start.side() {
            return None;
        }
        let after = before.play(mv).ok()?;
        if after.no_move_winner() == Some(start.side()) {
            return Some(vec![*mv]);
        }
        // As deep as the judge looked from here, and never a mere glance.
        let depth = (puzzle.depth - played as i32 - 1).max(SHALLOW + 2);
        let reply = self.search(&after, depth, 1)?.best;
        let score = Score(-reply.score.0);
        if !wins(score, giveaway) {
            return None;
        }
        let whole: Vec<AnyMove> = line
            .iter()
            .chain(std::iter::once(mv))
            .chain(&reply.pv)
            .copied()
            .collect();
        let (goal, cut) = goal_of(start, &Line { score, pv: whole }, giveaway)?;
        if !goal.achieves(puzzle.goal) {
            return None;
        }
        // The goal may stand already with `mv` (the search's line can reach it sooner).
        Some(
            cut.get(played..)
                .filter(|rest| !rest.is_empty())
                .map_or_else(|| vec![*mv], <[_]>::to_vec),
        )
    }
}

/// How a puzzle judged again (`now`) differs from what its set says (`was`), in words; `None`
/// when it does not.
pub fn difference(was: &Puzzle, now: &Puzzle) -> Option<String> {
    if now.goal != was.goal {
        Some(format!(
            "the goal is now \"{}\" ({}), not \"{}\"",
            now.task(),
            now.line_text(),
            was.task()
        ))
    } else if now.line != was.line {
        Some(format!(
            "the line is now {}, not {}",
            now.line_text(),
            was.line_text()
        ))
    } else if now.rating != was.rating {
        Some(format!(
            "the rating is now {}, not {}",
            now.rating, was.rating
        ))
    } else {
        None
    }
}

/// A puzzle's rating: 700, 100 for each ply of the depth from which the search has not changed
/// its mind about the first move, 60 for each further move the solver must find.
fn rating(settled_at: i32, line: &[AnyMove]) -> u32 {
    let solver_moves = line.len().div_ceil(2) as i32;
    (700 + 100 * settled_at + 60 * (solver_moves - 1)).clamp(600, 2400) as u32
}

/// A proven win for the side to move.
fn is_won(score: Score) -> bool {
    score.is_decisive() && score.0 > 0
}

/// Whether a score wins: a proven win, or (outside the giveaway forms, whose evaluation is no
/// measure of material) at least [`WINNING`].
fn wins(score: Score, giveaway: bool) -> bool {
    is_won(score) || (!giveaway && score.0 >= WINNING)
}

/// The best line wins, the second does not, and (outside giveaway) by a clear margin.
fn only_winner(lines: &Lines, giveaway: bool) -> bool {
    let best = lines.best.score;
    let Some(second) = lines.second.as_ref().map(|l| l.score) else {
        return false;
    };
    wins(best, giveaway)
        && !wins(second, giveaway)
        && (giveaway || is_won(best) || best.0 - second.0 >= MARGIN)
}

/// What the best line achieves, and the part of it the solver must play (ending with a move of
/// the solver's): a forced win within [`LONGEST_WIN`] plies, else material or a crowning on
/// the way ([`material_gain`]); in the giveaway forms only a forced win. `None` when it shows
/// none.
fn goal_of(board: &Board, best: &Line, giveaway: bool) -> Option<(Goal, Vec<AnyMove>)> {
    let pv = &best.pv;
    let n = pv.len();
    if is_won(best.score) && n <= LONGEST_WIN && line_gain(board, pv) == Some(LineGain::Win) {
        if n % 2 == 1 {
            return Some((Goal::Win, pv.clone()));
        }
        // The other side ends the game (in a giveaway form, by taking the solver's last
        // piece): the line stops at the solver's move that leaves it no other.
        let before_last = pv[..n - 1]
            .iter()
            .fold(*board, |b, mv| b.play_unchecked(mv));
        if before_last.legal_moves().len() == 1 {
            return Some((Goal::Win, pv[..n - 1].to_vec()));
        }
    }
    if giveaway {
        return None;
    }
    match material_gain(board, pv)? {
        LineGain::Material { pieces, plies } => {
            Some((Goal::Material(pieces), pv[..plies].to_vec()))
        }
        LineGain::Crown { plies } => Some((Goal::Crown, pv[..plies].to_vec())),
        LineGain::Win => None,
    }
}
