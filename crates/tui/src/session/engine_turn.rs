//! The engine's side of the game: starting its searches, reading their news, playing or
//! answering a draw offer with the move it found, and hints for people.

use super::{Event, Session};
use crate::setup::Player;
use crate::thinker::{Purpose, Thinker, Thought};
use crate::words::{self, ThinkingLine};
use damier_core::Color;
use damier_engine::{Engine, Level, Limits, Score, SearchInput, SearchResult, Style};
use damier_game::Board;
use std::sync::Arc;
use std::time::Duration;

/// How long a hint may think when no depth is set.
const HINT_TIME: Duration = Duration::from_secs(1);

/// The engine accepts a draw when it thinks it stands this much worse (hundredths of a man)…
const ACCEPT_WHEN_WORSE: i32 = 20;
/// …or when only kings are left and it sees no more than this edge either way.
const ACCEPT_LEVEL_KINGS: i32 = 10;

impl Session {
    /// Start the engine when it is to move.
    pub(super) fn maybe_start_engine(&mut self) {
        if self.thinker.is_some() || self.quit || self.game().is_over() {
            return;
        }
        let side = self.game().side_to_move();
        if !self.is_engine(side) {
            return;
        }
        if self.watching() {
            if let Some(at) = self.last_move_at {
                if at.elapsed() < self.pace {
                    return;
                }
            }
        }
        self.start_search(Purpose::Move);
    }

    /// Start a search of the current position, for the engine's move or a hint.
    pub(super) fn start_search(&mut self, purpose: Purpose) {
        let side = self.game().side_to_move();
        let level = match (purpose, self.player(side)) {
            (Purpose::Move, Player::Engine(level)) => level,
            _ => Level::new(Level::MAX).unwrap_or(Level::DEFAULT),
        };
        let clock = Limits::for_clock(self.clock(), side);
        let limits = match (self.depth, purpose) {
            (Some(depth), _) => Limits::depth(depth),
            (None, Purpose::Move) => level.limits(clock),
            (None, Purpose::Hint | Purpose::Threat) => {
                // A hint spends the player's own time: a second, less when time is short.
                let left = self.clock().remaining(side).unwrap_or(HINT_TIME * 10);
                Limits::move_time(HINT_TIME.min(left / 10))
            }
        };
        let style = match purpose {
            Purpose::Move => Style::of_level(level, self.seed.wrapping_add(self.ply_count())),
            Purpose::Hint | Purpose::Threat => Style::default(),
        };
        let input = match purpose {
            // The same position with the other side to move: what it threatens.
            Purpose::Threat => SearchInput::threat(self.game().position()),
            _ => SearchInput::from_game(self.game()),
        };
        let engine = self.engine();
        self.thinking = None;
        self.thinker = Some(Thinker::start(
            engine,
            input,
            limits,
            style,
            purpose,
            self.game().plies().len(),
        ));
    }

    fn ply_count(&self) -> u64 {
        self.game().plies().len() as u64
    }

    /// The engine, made on first use (its hash table takes a moment to allocate).
    fn engine(&mut self) -> Arc<Engine> {
        let options = self.engine_options;
        let eval = &self.eval;
        let book = &self.book;
        let egdb = &self.egdb;
        Arc::clone(self.engine.get_or_insert_with(|| {
            let mut engine = Engine::new(options);
            engine.set_eval(eval.clone());
            engine.set_book(book.clone());
            engine.set_egdb(egdb.clone());
            Arc::new(engine)
        }))
    }

    /// Read what the running search says, waiting up to `wait` for the first news.
    pub(super) fn take_news(&mut self, wait: Duration) {
        let mut wait = wait;
        while let Some(thinker) = &self.thinker {
            let Some(thought) = thinker.next(wait) else {
                return;
            };
            wait = Duration::ZERO;
            match thought {
                Thought::Info(info) => {
                    let line = ThinkingLine::new(&thinker.board, &info);
                    if self.show_thinking {
                        self.events.push(Event::Thinking(line.clone()));
                    }
                    self.thinking = Some(line);
                }
                Thought::Done(result) => {
                    let Some(thinker) = self.thinker.take() else {
                        return;
                    };
                    self.thinking = None;
                    if thinker.ply == self.game().plies().len() && !self.game().is_over() {
                        self.finish(thinker.purpose, &thinker.board, result);
                    }
                }
                Thought::Lost => {
                    self.thinker = None;
                    self.thinking = None;
                    self.warn("The engine stopped without a move; it plays its first legal move.");
                    if let Some(mv) = self.game().legal_moves().first().copied() {
                        let _ = self.timed.play(&mv, false);
                        self.after_change(false);
                    }
                    return;
                }
            }
        }
    }

    /// The game changed under a running search (a flag fell): forget it.
    pub(super) fn drop_stale_search(&mut self) {
        let stale = self
            .thinker
            .as_ref()
            .is_some_and(|t| t.ply != self.game().plies().len() || self.game().is_over());
        if stale {
            if let Some(t) = self.thinker.take() {
                t.cancel();
            }
            self.thinking = None;
        }
    }

    fn finish(&mut self, purpose: Purpose, board: &Board, result: SearchResult) {
        let side = board.side();
        let score = match result.egdb {
            Some(value) => words::egdb_text(value, side),
            None => words::score_text(result.score, side),
        };
        match purpose {
            Purpose::Hint | Purpose::Threat => {
                let Some(best) = result.best else {
                    if purpose == Purpose::Threat {
                        let side = words::title(side);
                        self.info(format!("No threat: {side} would have no move."));
                    }
                    return;
                };
                let what = match purpose {
                    Purpose::Threat => format!(
                        "Threat: if {} passed, {} would play",
                        words::title(side.opponent()),
                        words::title(side)
                    ),
                    _ => "Hint:".to_string(),
                };
                let line = board.line_short(&result.pv);
                let depth = result.depth;
                let best = board.short(&best);
                self.info(format!(
                    "{what} {best} (depth {depth}, {score}; line {line})."
                ));
                if let Some(why) = damier_game::explain(board, &result.pv) {
                    self.info(format!("{why}."));
                }
            }
            Purpose::Move => {
                if self.game().draw_offer().is_some() {
                    if accepts_draw(result.score, board) {
                        self.info(format!("{} accepts the draw.", words::title(side)));
                        let _ = self.timed.accept_draw();
                        return self.after_change(false);
                    }
                    self.info(format!("{} declines the draw.", words::title(side)));
                }
                let Some(best) = result.best else {
                    return;
                };
                self.next_note = Some(if result.book {
                    format!("book move, {score}")
                } else {
                    format!("depth {}, {score}", result.depth)
                });
                // A late move is refused with the penalty applied; after_change reports it.
                let _ = self.timed.play(&best, false);
                self.after_change(false);
            }
        }
    }
}

/// Whether the engine, with `score` for the side to move of `board`, takes a draw: when it
/// stands worse, or when only kings are left and neither side has an edge.
fn accepts_draw(score: Score, board: &Board) -> bool {
    let m = board.material();
    let kings_only = m.men(Color::White) + m.men(Color::Black) == 0;
    score.0 <= -ACCEPT_WHEN_WORSE || (kings_only && score.0.abs() <= ACCEPT_LEVEL_KINGS)
}
