//! Growing a book by drop-out expansion: the position to search next is the one the book is
//! most likely to meet and least sure of, found as the cheapest path from a start position,
//! where each ply costs a little and each move worse than the best costs by how much worse.
//!
//! Every position of the book was searched once, with several lines, so each of its moves has
//! a score; a move whose position is in the book too takes that position's value instead (the
//! minimax below it). Main lines therefore grow deep, side lines that lose little grow almost
//! as deep, and moves that lose more than the widest drop are never followed.

use crate::book::Book;
use crate::BookError;
use crate::GrowReport;
use damier_core::Variant;
use damier_game::{AnyMove, Board};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often [`Book::grow_to`] saves the book as it grows: a killed run loses this much.
pub const SAVE_EVERY: Duration = Duration::from_secs(60);

/// How a book grows. Stored in the book, so a book grows on as it began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Depth of the search of each position, in plies.
    pub depth: u16,
    /// Moves scored by that search (its best lines).
    pub lines: u8,
    /// Every position within this many plies of a start position is searched, whatever
    /// its moves lose (openings drawn at random start there).
    pub breadth: u8,
    /// Cost of a ply along a path.
    pub ply_cost: u16,
    /// Cost of each hundredth of a man a move loses against the best, counted from `breadth`.
    pub drop_cost: u16,
    /// Moves losing more than this (hundredths of a man) beyond `breadth` are not followed.
    pub widest_drop: u16,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            depth: 12,
            lines: 6,
            breadth: 2,
            ply_cost: 10,
            drop_cost: 2,
            widest_drop: 40,
        }
    }
}

/// A book's settings a run asks for instead of the book's own (or the defaults, for a new
/// book); `None` keeps what the book has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// [`Settings::depth`].
    pub depth: Option<u16>,
    /// [`Settings::lines`].
    pub lines: Option<u8>,
    /// [`Settings::breadth`].
    pub breadth: Option<u8>,
    /// [`Settings::widest_drop`].
    pub widest_drop: Option<u16>,
}

impl Settings {
    /// These settings with each one `overrides` gives in its place. The search's own
    /// ranges (depth, lines) are the analyst's to check.
    pub fn overridden(self, overrides: &Overrides) -> Settings {
        Settings {
            depth: overrides.depth.unwrap_or(self.depth),
            lines: overrides.lines.unwrap_or(self.lines),
            breadth: overrides.breadth.unwrap_or(self.breadth),
            widest_drop: overrides.widest_drop.unwrap_or(self.widest_drop),
            ..self
        }
    }
}

/// The file a book of `variant` is grown in when none is named: `<variant>.book`.
pub fn default_path(variant: Variant) -> PathBuf {
    PathBuf::from(format!("{variant}.book"))
}

/// What scores the moves of a position: the engine, in practice.
pub trait Analyst {
    /// Up to `lines` moves of `board` with their scores in hundredths of a man for the side
    /// to move, from a search `depth` plies deep; `None` when the search was stopped (the
    /// book then stays as it was).
    fn analyse(&mut self, board: &Board, depth: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>>;

    /// Nodes searched so far, for a run's report ([`GrowReport::nodes`]); 0 where nothing
    /// is counted.
    fn nodes(&self) -> u64 {
        0
    }
}

/// A position searched by [`Book::grow`].
#[derive(Clone, Debug)]
pub struct Grown {
    /// The position.
    pub board: Board,
    /// Its distance from the start positions, in plies.
    pub ply: u32,
    /// The path cost that chose it.
    pub cost: u32,
    /// The best move found and its score.
    pub best: Option<(AnyMove, i32)>,
}

/// What one step of [`Book::grow`] did.
#[derive(Clone, Debug)]
pub enum Step {
    /// A position was searched and added.
    Grown(Grown),
    /// No position is left to grow within the settings.
    Finished,
    /// The analyst was stopped; the book is unchanged.
    Stopped,
}

/// How a run of [`Book::grow_to`] ended; the book is saved in every case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrowEnd {
    /// The book holds the positions asked for.
    Reached,
    /// No position is left to grow within the settings.
    Finished,
    /// The analyst was stopped: the same run started again goes on from here.
    Stopped,
}

/// The next position to search: where it is, how far, at what cost.
struct Leaf {
    board: Board,
    ply: u32,
    cost: u32,
}

impl Book {
    /// Search the cheapest position not yet in the book and add it.
    pub fn grow(&mut self, analyst: &mut dyn Analyst) -> Step {
        let Some(leaf) = self.next_leaf() else {
            return Step::Finished;
        };
        let s = self.settings;
        let Some(scored) = analyst.analyse(&leaf.board, s.depth, usize::from(s.lines)) else {
            return Step::Stopped;
        };
        let best = scored.iter().copied().max_by_key(|&(_, score)| score);
        // A position whose search scored nothing is kept without moves, so it is not chosen
        // again.
        self.insert(leaf.board, &scored);
        Step::Grown(Grown {
            board: leaf.board,
            ply: leaf.ply,
            cost: leaf.cost,
            best,
        })
    }

    /// The book in `path` to grow on, or a new one of `variant` with the default settings
    /// when there is no such file.
    ///
    /// # Errors
    /// The errors of [`Book::load`], and [`BookError::WrongVariant`] for another variant's
    /// book.
    pub fn open_to_grow(path: &Path, variant: Variant) -> Result<Book, BookError> {
        if !path.exists() {
            return Ok(Book::new(variant, Settings::default()));
        }
        let book = Book::load(path)?;
        book.check_variant(variant)?;
        Ok(book)
    }

    /// Grow until the book holds `target` positions, nothing is left to grow, or the
    /// analyst is stopped, telling `on_grown` of each position added. The book is written to
    /// `path` every [`SAVE_EVERY`] and at the end; the report says how the run went.
    ///
    /// # Errors
    /// [`BookError::Io`] when the book cannot be written.
    pub fn grow_to(
        &mut self,
        target: usize,
        path: &Path,
        analyst: &mut dyn Analyst,
        on_grown: &mut dyn FnMut(&Book, &Grown),
    ) -> Result<GrowReport, BookError> {
        let (started, first, nodes) = (Instant::now(), self.len(), analyst.nodes());
        let mut saved = Instant::now();
        let mut end = GrowEnd::Reached;
        while self.len() < target {
            match self.grow(analyst) {
                Step::Grown(grown) => on_grown(self, &grown),
                Step::Finished => {
                    end = GrowEnd::Finished;
                    break;
                }
                Step::Stopped => {
                    end = GrowEnd::Stopped;
                    break;
                }
            }
            if saved.elapsed() >= SAVE_EVERY {
                self.save(path)?;
                saved = Instant::now();
            }
        }
        self.save(path)?;
        Ok(GrowReport {
            path: path.to_path_buf(),
            positions: self.len(),
            grown: self.len() - first,
            seconds: started.elapsed().as_secs_f64(),
            nodes: analyst.nodes() - nodes,
            end,
        })
    }

    /// The cheapest position one move beyond the book (or a start position not yet in it).
    fn next_leaf(&self) -> Option<Leaf> {
        let s = self.settings;
        let mut heap = BinaryHeap::new();
        let mut boards: HashMap<u64, (Board, u32)> = HashMap::new();
        let mut done = std::collections::HashSet::new();
        for root in &self.roots {
            heap.push(Reverse((0u32, root.hash())));
            boards.insert(root.hash(), (*root, 0));
        }
        while let Some(Reverse((cost, key))) = heap.pop() {
            if !done.insert(key) {
                continue;
            }
            let (board, ply) = boards[&key];
            let Some(node) = self.nodes.get(&key) else {
                if board.legal_moves().is_empty() {
                    continue;
                }
                return Some(Leaf { board, ply, cost });
            };
            let Some(best) = node.entries.iter().map(|e| self.entry_value(e)).max() else {
                continue;
            };
            for e in &node.entries {
                let drop = (best - self.entry_value(e)).max(0) as u32;
                let counted = ply >= u32::from(s.breadth);
                if counted && drop > u32::from(s.widest_drop) {
                    continue;
                }
                let step = u32::from(s.ply_cost)
                    + if counted {
                        drop * u32::from(s.drop_cost)
                    } else {
                        0
                    };
                let child_cost = cost.saturating_add(step);
                if done.contains(&e.child) {
                    continue;
                }
                let entry = boards
                    .entry(e.child)
                    .or_insert_with(|| (board.play_unchecked(&e.mv), ply + 1));
                entry.1 = entry.1.min(ply + 1);
                heap.push(Reverse((child_cost, e.child)));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_only_what_they_give() {
        let s = Settings::default();
        assert_eq!(s.overridden(&Overrides::default()), s);
        let o = Overrides {
            depth: Some(9),
            widest_drop: Some(10),
            ..Overrides::default()
        };
        assert_eq!(
            s.overridden(&o),
            Settings {
                depth: 9,
                widest_drop: 10,
                ..s
            }
        );
        let english = "english".parse().unwrap();
        assert_eq!(default_path(english), PathBuf::from("english.book"));
    }
}
