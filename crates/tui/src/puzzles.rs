//! Solving puzzles in the terminal, one line at a time: the board, the task, and a reply to
//! each move typed. Like [`crate::Session`] it reads no terminal and prints nothing: it
//! takes lines and gives the lines to show, so that tests drive it.

use crate::grid::{Grid, LastMove};
use crate::text_board;
use crate::words;
use damier_game::{AnyMove, Board};
use damier_puzzles::find::Finder;
use damier_puzzles::{next_puzzle, Attempt, Puzzle, Rating, Verdict};
use std::collections::HashSet;

/// A run of puzzles of one set.
pub struct PuzzleSession {
    puzzles: Vec<Puzzle>,
    attempt: Attempt,
    /// The move that led to the position shown (the other side's reply), to mark.
    last: Option<(Board, AnyMove)>,
    rating: Rating,
    seen: HashSet<String>,
    /// Whether the current puzzle's result has gone into the rating.
    counted: bool,
    quit: bool,
    /// Judges a move other than the line's, made when first needed.
    judge: Option<Finder>,
}

impl PuzzleSession {
    /// A run over `puzzles` (not empty) for a solver of `rating` who has already met the
    /// puzzles named in `seen`: it starts at the unseen puzzle nearest the rating.
    ///
    /// # Panics
    /// If `puzzles` is empty.
    pub fn new(puzzles: Vec<Puzzle>, rating: Rating, seen: HashSet<String>) -> PuzzleSession {
        let first = next_puzzle(&puzzles, rating.value, &seen, None).expect("a set has puzzles");
        let attempt = Attempt::new(puzzles[first.index].clone());
        PuzzleSession {
            puzzles,
            attempt,
            last: None,
            rating,
            seen,
            counted: false,
            quit: false,
            judge: None,
        }
    }

    /// The solver's rating now.
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The puzzles met so far (this run and before).
    pub fn seen(&self) -> &HashSet<String> {
        &self.seen
    }

    /// Whether the solver asked to stop.
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// The current puzzle, as shown first: its name, rating, task and board.
    pub fn show(&self) -> Vec<String> {
        let p = self.attempt.puzzle();
        let mut out = vec![format!(
            "Puzzle {} (rated {}). {}.",
            p.id,
            p.rating,
            p.task()
        )];
        out.extend(self.board());
        out
    }

    fn board(&self) -> Vec<String> {
        let board = self.attempt.position();
        let last = self.last.as_ref().map(|(b, mv)| LastMove::played(b, mv));
        let grid = Grid::new(&board, self.attempt.puzzle().solver(), last.as_ref());
        text_board::draw(&grid)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Take one typed line; the lines to show.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let word = line.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => Vec::new(),
            "help" | "?" => vec![self.help()],
            "quit" | "q" | "exit" => {
                self.quit = true;
                vec![self.rating_line()]
            }
            "board" => self.board(),
            "rating" => vec![self.rating_line()],
            "hint" => self.hint(),
            "solution" | "show" => self.solution(),
            "next" | "skip" => self.next(),
            "retry" => {
                // A wrong move counts, as it does when the solver moves on: trying again
                // cannot turn it into a clean solve.
                let mut out = Vec::new();
                if !self.counted && self.attempt.mistakes() > 0 {
                    out.push(self.finish());
                }
                self.attempt = Attempt::new(self.attempt.puzzle().clone());
                self.last = None;
                out.extend(self.show());
                out
            }
            // As in a game: a word with a digit is a move, for the rules to judge.
            _ if word.chars().any(|c| c.is_ascii_digit()) => self.try_move(word),
            _ => vec![format!(
                "Unknown command '{word}': type help for the commands."
            )],
        }
    }

    /// What `help` prints, with moves written as the puzzle's variant writes them.
    fn help(&self) -> String {
        let examples = words::example_moves(self.attempt.position().variant()).join(" or ");
        format!(
            "Type the move that achieves the goal (as {examples}). Commands: hint (the piece \
             to move), solution (show the rest of the line), next (another puzzle), retry \
             (this one from the start), board, rating, quit."
        )
    }

    fn try_move(&mut self, text: &str) -> Vec<String> {
        if self.attempt.solved() {
            return vec!["Solved already: type next for another puzzle, or retry.".into()];
        }
        let before = self.attempt.position();
        let mv = match before.parse_move(text) {
            Ok(mv) => mv,
            // The error names the move already ("illegal move a1-b2: …").
            Err(e) => return vec![e.to_string()],
        };
        // `alternative` searches at the depth each puzzle states; a finder's own depth is for
        // finding puzzles, not used here.
        let judge = self.judge.get_or_insert_with(|| Finder::new(1, None));
        match self
            .attempt
            .try_move_or(&mv, |p, played, mv| judge.alternative(p, played, mv))
        {
            Verdict::Wrong => vec![format!(
                "{} is not the move. Try again (hint, solution, next).",
                before.short(&mv)
            )],
            Verdict::Right { reply, solved } => {
                let mut out = vec![format!("{} is right.", before.short(&mv))];
                if let Some(reply) = reply {
                    let after = before.play_unchecked(&mv);
                    out.push(format!("Reply: {}.", after.short(&reply)));
                    self.last = Some((after, reply));
                } else {
                    self.last = Some((before, mv));
                }
                out.extend(self.board());
                if solved {
                    out.push(self.finish());
                } else {
                    out.push("Your move.".into());
                }
                out
            }
        }
    }

    fn hint(&mut self) -> Vec<String> {
        let board = self.attempt.position();
        match self.attempt.hint() {
            Some(square) => vec![format!("Move the piece on {}.", board.names().name(square))],
            None => vec!["Solved already.".into()],
        }
    }

    fn solution(&mut self) -> Vec<String> {
        let board = self.attempt.position();
        let rest = self.attempt.show().to_vec();
        if rest.is_empty() {
            return vec!["Solved already.".into()];
        }
        let mut out = vec![format!("The solution: {}.", board.line_short(&rest))];
        out.push(self.finish());
        out
    }

    fn next(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.counted && (self.attempt.mistakes() > 0 || self.attempt.solved()) {
            out.push(self.finish());
        }
        // A puzzle passed over without a move counts for nothing and stays unseen, but is not
        // the next one while another is unseen.
        let current = self.attempt.puzzle().id.clone();
        let next = next_puzzle(&self.puzzles, self.rating.value, &self.seen, Some(&current))
            .expect("a set has puzzles");
        if next.again {
            self.seen.clear();
            out.push("Every puzzle of the set is done: starting again.".into());
        }
        self.attempt = Attempt::new(self.puzzles[next.index].clone());
        self.last = None;
        self.counted = false;
        out.extend(self.show());
        out
    }

    /// Count the current puzzle once: into the rating, and as seen.
    fn finish(&mut self) -> String {
        let p = self.attempt.puzzle();
        self.seen.insert(p.id.clone());
        let clean = self.attempt.clean();
        let what = if clean {
            "Solved"
        } else if self.attempt.solved() {
            "Solved, with help"
        } else {
            "Not solved"
        };
        if self.counted {
            return format!("{what}.");
        }
        self.counted = true;
        let change = self.rating.record(p.rating, clean);
        format!(
            "{what}: rating {:.0} ({change:+.0}). Type next for another puzzle.",
            self.rating.value
        )
    }

    fn rating_line(&self) -> String {
        format!(
            "Rating {:.0}: {} solved, {} not.",
            self.rating.value, self.rating.solved, self.rating.failed
        )
    }
}
