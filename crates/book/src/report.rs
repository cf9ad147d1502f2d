//! What a book says of itself to a reader: its summary (`damier book info`), a position's moves
//! with the line below each (`damier book probe`), a grown position, and a grow run's opening
//! and closing lines. Front ends print these; they word nothing of their own.

use crate::{Book, GrowEnd, Grown, Settings};
use damier_core::Variant;
use damier_game::{men_text, Board};
use std::fmt;
use std::path::{Path, PathBuf};

/// Width of the longest bar of [`Summary`]'s by-ply histogram.
const BAR_WIDTH: usize = 40;

/// What a book holds: [`Book::summary`]. Its `Display` is the report of `damier book info`.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Where the book came from: a file's path, or "compiled in".
    pub source: String,
    /// The book's variant.
    pub variant: Variant,
    /// Positions in the book.
    pub positions: usize,
    /// Start positions it grows from.
    pub roots: usize,
    /// The settings it was grown with.
    pub settings: Settings,
    /// Positions at each distance in plies from the start positions.
    pub by_ply: Vec<usize>,
    /// The book's line from the start position and that position's value, when the book
    /// holds the start.
    pub main_line: Option<(String, i32)>,
}

impl Book {
    /// The book's summary, naming the `file` it was read from, or else saying it is the one
    /// compiled in.
    pub fn summary(&self, file: Option<&Path>) -> Summary {
        let start = Board::start(self.variant);
        let main_line = self.moves(&start).and_then(|moves| {
            let best = moves.first()?.value;
            Some((start.line_short(&self.main_line(&start)), best))
        });
        Summary {
            source: file.map_or_else(|| "compiled in".to_string(), |p| p.display().to_string()),
            variant: self.variant,
            positions: self.len(),
            roots: self.roots.len(),
            settings: self.settings,
            by_ply: self.positions_by_ply(),
            main_line,
        }
    }

    /// Each move the book knows in `board`, best first, with the book's line after it, or
    /// `None` when the position is not in the book.
    pub fn probe(&self, board: &Board) -> Option<Vec<ProbeLine>> {
        let moves = self.moves(board)?;
        Some(
            moves
                .into_iter()
                .map(|m| {
                    let after = board.play_unchecked(&m.mv);
                    ProbeLine {
                        mv: board.short(&m.mv),
                        value: m.value,
                        followed: m.followed,
                        line: after.line_short(&self.main_line(&after)),
                    }
                })
                .collect(),
        )
    }

    /// The line that opens a run growing this book, kept in `path`, to `target` positions.
    pub fn growing_line(&self, path: &Path, target: usize) -> String {
        format!(
            "growing {} ({}) from {} to {target} positions: depth {}, {} lines",
            path.display(),
            self.variant,
            self.len(),
            self.settings.depth,
            self.settings.lines
        )
    }

    /// A line of a grow run's log, where no bar shows it: positions so far of `target`, the
    /// `seconds` the run has taken and the position `last` grown.
    pub fn progress_line(&self, target: usize, seconds: f64, last: &Grown) -> String {
        format!(
            "{}/{target} positions, {seconds:.0} s; last at {last}",
            self.len()
        )
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        writeln!(f, "book:      {}", self.source)?;
        writeln!(f, "variant:   {}", self.variant)?;
        writeln!(
            f,
            "positions: {} (from {} start positions)",
            self.positions, self.roots
        )?;
        writeln!(
            f,
            "grown:     depth {}, {} lines, every position to ply {}, moves within {} of the best",
            s.depth,
            s.lines,
            s.breadth,
            men_text(i32::from(s.widest_drop))
        )?;
        write!(f, "by ply:")?;
        let widest = self.by_ply.iter().copied().max().unwrap_or(1).max(1);
        for (ply, n) in self.by_ply.iter().enumerate() {
            let bar = "#".repeat((n * BAR_WIDTH).div_ceil(widest));
            write!(f, "\n  {ply:>3} {n:>7} {bar}")?;
        }
        if let Some((line, value)) = &self.main_line {
            write!(f, "\nmain line: {line} ({})", men_text(*value))?;
        }
        Ok(())
    }
}

/// A move of a probed position ([`Book::probe`]); its `Display` is a line of `damier book
/// probe`: the move, its value, whether only this position's search scored it, the line after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeLine {
    /// The move in the variant's short notation.
    pub mv: String,
    /// Its value in hundredths of a man.
    pub value: i32,
    /// Whether the book holds the position it leads to.
    pub followed: bool,
    /// The book's line after it (empty when the book ends there).
    pub line: String,
}

impl fmt::Display for ProbeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<8} {:>6}", self.mv, men_text(self.value))?;
        if !self.followed {
            f.write_str("  (searched here only)")?;
        }
        if !self.line.is_empty() {
            write!(f, "  {}", self.line)?;
        }
        Ok(())
    }
}

impl fmt::Display for Grown {
    /// `ply 3: 32-28 +0.12`: where the position is, and its best move and score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}:", self.ply)?;
        if let Some((mv, score)) = &self.best {
            write!(f, " {} {}", self.board.short(mv), men_text(*score))?;
        }
        Ok(())
    }
}

/// How a grow run went: its `Display` is the run's closing line.
#[derive(Clone, Debug, PartialEq)]
pub struct GrowReport {
    /// The book file.
    pub path: PathBuf,
    /// Positions in the book now.
    pub positions: usize,
    /// Positions this run added.
    pub grown: usize,
    /// Seconds the run took.
    pub seconds: f64,
    /// Nodes the analyst searched.
    pub nodes: u64,
    /// Why the run ended.
    pub end: GrowEnd,
}

impl fmt::Display for GrowReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} positions ({} new in {:.0} s, {:.2} s each, {} nodes searched)",
            self.path.display(),
            self.positions,
            self.grown,
            self.seconds,
            self.seconds / self.grown.max(1) as f64,
            self.nodes
        )?;
        f.write_str(match self.end {
            GrowEnd::Finished => "; nothing is left to grow within the settings",
            GrowEnd::Stopped => "; stopped, run the same command to go on",
            GrowEnd::Reached => "",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analyst, Step};
    use damier_game::AnyMove;

    /// Scores moves by their order, best first: the first 30, the next 20, ...
    struct Ranked;
    impl Analyst for Ranked {
        fn analyse(&mut self, board: &Board, _: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
            let moves = board.legal_moves().into_iter().take(lines);
            Some(moves.zip([30, 20, 10, 0, -10, -20]).collect())
        }
    }

    fn grown(positions: usize) -> Book {
        let mut book = Book::new("international".parse().unwrap(), Settings::default());
        while book.len() < positions {
            book.grow(&mut Ranked);
        }
        book
    }

    #[test]
    fn the_summary_counts_positions_by_ply_and_gives_the_main_line() {
        let book = grown(8);
        let summary = book.summary(None);
        assert_eq!(summary.positions, 8);
        assert_eq!(summary.by_ply.iter().sum::<usize>(), 8);
        assert_eq!(summary.by_ply[0], 1);
        let text = summary.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "book:      compiled in");
        assert_eq!(lines[1], "variant:   international");
        assert_eq!(lines[2], "positions: 8 (from 1 start positions)");
        assert_eq!(
            lines[3],
            "grown:     depth 12, 6 lines, every position to ply 2, moves within +0.40 of the best"
        );
        assert_eq!(lines[4], "by ply:");
        // The widest ply's bar is 40 wide; the start's single position gets its share.
        let widest = summary.by_ply.iter().max().copied().unwrap();
        assert!(
            text.contains(&format!("{widest:>7} {}", "#".repeat(40))),
            "{text}"
        );
        assert_eq!(
            lines[5],
            format!("    0       1 {}", "#".repeat(40usize.div_ceil(widest)))
        );
        let (line, _) = summary.main_line.clone().unwrap();
        assert!(!line.is_empty());
        assert!(
            lines
                .last()
                .unwrap()
                .starts_with(&format!("main line: {line} (")),
            "{text}"
        );
    }

    #[test]
    fn a_progress_line_counts_positions_and_names_the_last() {
        let mut book = grown(2);
        let Step::Grown(last) = book.grow(&mut Ranked) else {
            panic!("the book grows on");
        };
        let (mv, score) = last.best.unwrap();
        assert_eq!(
            book.progress_line(10, 61.4, &last),
            format!(
                "3/10 positions, 61 s; last at ply {}: {} {}",
                last.ply,
                last.board.short(&mv),
                men_text(score)
            )
        );
    }

    #[test]
    fn an_empty_book_has_no_main_line() {
        let book = Book::new("english".parse().unwrap(), Settings::default());
        let summary = book.summary(Some(Path::new("x.book")));
        assert_eq!(summary.source, "x.book");
        assert_eq!(summary.main_line, None);
        assert!(summary.roots > 1, "English grows from its ballots too");
        assert!(summary.to_string().ends_with("by ply:"));
    }

    #[test]
    fn a_probe_gives_each_move_its_value_and_the_line_after_it() {
        let book = grown(3);
        let start = Board::start(book.variant());
        let lines = book.probe(&start).unwrap();
        assert_eq!(lines.len(), 6);
        assert!(
            lines.windows(2).all(|w| w[0].value >= w[1].value),
            "best first"
        );
        // The start and two of its children were searched: their moves are followed.
        let followed = lines.iter().find(|l| l.followed).unwrap();
        assert!(!followed.line.is_empty());
        assert_eq!(
            followed.to_string(),
            format!(
                "{:<8} {:>6}  {}",
                followed.mv,
                men_text(followed.value),
                followed.line
            )
        );
        let unfollowed = lines.iter().find(|l| !l.followed).unwrap();
        assert!(unfollowed.line.is_empty());
        assert!(
            unfollowed.to_string().ends_with("  (searched here only)"),
            "{unfollowed}"
        );
        let elsewhere = start.play_unchecked(&start.legal_moves()[0]);
        let elsewhere = elsewhere.play_unchecked(&elsewhere.legal_moves()[5]);
        assert_eq!(book.probe(&elsewhere), None);
    }

    #[test]
    fn the_closing_line_says_why_the_run_ended() {
        let mut report = GrowReport {
            path: PathBuf::from("x.book"),
            positions: 30,
            grown: 10,
            seconds: 25.0,
            nodes: 1234,
            end: GrowEnd::Reached,
        };
        assert_eq!(
            report.to_string(),
            "x.book: 30 positions (10 new in 25 s, 2.50 s each, 1234 nodes searched)"
        );
        report.end = GrowEnd::Stopped;
        report.grown = 0;
        assert!(report.to_string().contains("(0 new in 25 s, 25.00 s each"));
        assert!(report
            .to_string()
            .ends_with("; stopped, run the same command to go on"));
    }

    #[test]
    fn a_grown_position_says_its_ply_and_best_move() {
        let mut book = grown(0);
        let crate::Step::Grown(g) = book.grow(&mut Ranked) else {
            panic!("the start grows")
        };
        let best = g.board.short(&g.best.unwrap().0);
        assert_eq!(g.to_string(), format!("ply 0: {best} +0.30"));
        assert!(book.growing_line(Path::new("b.book"), 9).starts_with(
            "growing b.book (international) from 1 to 9 positions: depth 12, 6 lines"
        ));
    }
}
