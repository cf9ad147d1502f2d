//! A game being played: the timed game, who plays each side, the engine's searches, and what
//! the players type. Views feed it lines ([`Session::handle`]) and time ([`Session::poll`]) and
//! show the [`Event`]s it reports; it reads no terminal and prints nothing, so tests drive it
//! with an injected clock.

mod actions;
pub(crate) use actions::QUIT_QUESTION;
mod engine_turn;
mod save;

use crate::command::Command;
use crate::grid::LastMove;
use crate::setup::{PlayConfig, Player};
use crate::thinker::{Purpose, Thinker};
use crate::words::{self, ThinkingLine};
use damier_core::Color;
use damier_egdb::Egdb;
use damier_engine::{BookChoice, Engine, EngineOptions, EvalChoice, Level};
use damier_game::{Clock, Game, GameResult, Material, PlyKind, TimeControl, TimeSource, TimedGame};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What happened, for a view to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Information for the players.
    Info(String),
    /// Input that could not be acted on, and why.
    Warning(String),
    /// A question the next line answers (quit without saving?).
    Question(String),
    /// A turn was played: a move, or a turn forfeited on time or passed.
    Played {
        /// `12.` for the first mover's turn, `12...` for the second's.
        number: String,
        /// Who played.
        mover: Color,
        /// The move in the variant's notation, `--` for a forfeit, `pass` for a pass.
        text: String,
        /// What the engine thought of it, or why the turn was lost.
        note: Option<String>,
    },
    /// The engine completed a depth.
    Thinking(ThinkingLine),
    /// A person is to play: the line mode shows the board and whose turn it is.
    Turn(Color),
    /// The board should be shown again (it was turned round, or asked for).
    Board,
    /// The game ended.
    Over(GameResult),
    /// The commands should be shown.
    Help,
    /// The session is over.
    Quit,
}

/// A game being played. See the module documentation.
pub struct Session {
    timed: TimedGame,
    players: [Player; 2],
    engine: Option<Arc<Engine>>,
    engine_options: EngineOptions,
    eval: EvalChoice,
    book: BookChoice,
    egdb: Option<Arc<Egdb>>,
    depth: Option<i32>,
    seed: u64,
    thinker: Option<Thinker>,
    thinking: Option<ThinkingLine>,
    bottom: Color,
    offer_next: bool,
    confirm_quit: bool,
    quit: bool,
    events: Vec<Event>,
    /// Plies already reported as [`Event::Played`].
    announced_plies: usize,
    /// Whether the current result was reported.
    announced_over: bool,
    /// Note to attach to the next reported ply (the engine's depth and score).
    next_note: Option<String>,
    /// Counts changes to the game, to know whether it was saved since.
    revision: u64,
    saved_revision: u64,
    save_path: Option<PathBuf>,
    /// Files this session wrote, each with the revision it holds.
    written: Vec<(PathBuf, u64)>,
    save_at_end: Option<PathBuf>,
    save_failure: Arc<Mutex<Option<String>>>,
    tags: Vec<(String, String)>,
    control: TimeControl,
    show_thinking: bool,
    start_material: Material,
    /// Least time between two engine moves when engines play both sides, so people can watch.
    pace: Duration,
    last_move_at: Option<Instant>,
}

impl Session {
    /// A session playing `config`, its clock reading `time`.
    pub fn new(config: PlayConfig, time: Arc<dyn TimeSource>) -> Session {
        let clock = Clock::new(config.control, time);
        let start_material = config.game.start().material();
        let mut session = Session {
            timed: TimedGame::new(config.game, clock, config.penalty),
            players: config.players,
            engine: None,
            engine_options: config.engine,
            eval: config.eval.clone(),
            book: config.book.clone(),
            egdb: config.egdb.clone(),
            depth: config.depth,
            seed: config.seed,
            thinker: None,
            thinking: None,
            bottom: config.bottom,
            offer_next: false,
            confirm_quit: false,
            quit: false,
            events: Vec::new(),
            announced_plies: 0,
            announced_over: false,
            next_note: None,
            revision: 0,
            saved_revision: 0,
            save_path: None,
            written: Vec::new(),
            save_at_end: config.save_at_end,
            save_failure: config.save_failure,
            tags: config.tags,
            control: config.control,
            show_thinking: config.show_thinking,
            start_material,
            pace: Duration::ZERO,
            last_move_at: None,
        };
        session.announced_plies = session.game().plies().len();
        session.events.push(Event::Info(session.intro()));
        for note in config.notes {
            session.events.push(Event::Info(note));
        }
        session.after_change(true);
        session
    }

    /// Least time between two engine moves when engines play both sides.
    pub fn set_pace(&mut self, pace: Duration) {
        self.pace = pace;
    }

    /// The events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.timed.game()
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        self.timed.clock()
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color as usize]
    }

    /// The side shown at the bottom.
    pub fn bottom(&self) -> Color {
        self.bottom
    }

    /// The last move, to mark on the board.
    pub fn last_move(&self) -> Option<LastMove> {
        LastMove::of(self.game())
    }

    /// Whether the engine is searching, and what for.
    pub fn searching(&self) -> Option<Purpose> {
        self.thinker.as_ref().map(|t| t.purpose)
    }

    /// The running search's latest completed depth.
    pub fn thinking(&self) -> Option<&ThinkingLine> {
        self.thinking.as_ref()
    }

    /// Whether the session asks the player to confirm quitting.
    pub fn confirming_quit(&self) -> bool {
        self.confirm_quit
    }

    /// Whether the session is over.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Whether engines play both sides.
    pub fn watching(&self) -> bool {
        !self.players.iter().any(|p| p.is_human())
    }

    /// Whether a person is to move now.
    pub fn human_to_move(&self) -> bool {
        !self.game().is_over() && self.player(self.game().side_to_move()).is_human()
    }

    /// Pieces of `color`'s opponent that `color` has captured since the start.
    pub fn captured_by(&self, color: Color) -> u32 {
        let them = color.opponent();
        self.start_material
            .pieces(them)
            .saturating_sub(self.game().position().material().pieces(them))
    }

    /// `color`'s clock, as people read it; `None` without a clock.
    pub fn clock_reading(&self, color: Color) -> Option<String> {
        self.clock()
            .remaining(color)
            .map(crate::clock_text::clock_reading)
    }

    /// Whether the game has changes that were never saved.
    pub fn unsaved(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// One line about whose turn it is, with a standing draw offer or a pass allowed.
    pub fn turn_text(&self) -> String {
        let game = self.game();
        if let Some(r) = game.result() {
            return format!("Game over: {}.", words::result_text(&r, game.position()));
        }
        let side = game.side_to_move();
        let mut text = format!("{} to move", words::title(side));
        match self.player(side) {
            engine @ Player::Engine(_) => text.push_str(&format!(" ({})", engine.name(self.depth))),
            Player::Human if self.players.iter().filter(|p| p.is_human()).count() == 1 => {
                text.push_str(" (you)")
            }
            Player::Human => {}
        }
        text.push('.');
        if let Some(by) = game.draw_offer() {
            text.push_str(&format!(
                " {} offers a draw: accept, decline, or move on to decline.",
                words::title(by)
            ));
        }
        if game.may_pass() {
            text.push_str(" You may pass: the opponent forfeited a turn.");
        }
        text
    }

    /// One line with both clocks and what each side has captured.
    pub fn status_text(&self) -> String {
        [Color::White, Color::Black]
            .iter()
            .map(|&c| {
                let clock = self
                    .clock_reading(c)
                    .map(|r| format!(" {r},"))
                    .unwrap_or_default();
                format!("{}{clock} took {}", c.name(), self.captured_by(c))
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// Understand and act on a line the player typed.
    pub fn handle(&mut self, line: &str) {
        let command = Command::parse(line);
        if self.confirm_quit {
            self.confirm_quit = false;
            match command {
                Command::Yes => return self.quit_now(),
                Command::No | Command::Empty => {
                    return self.events.push(Event::Info("Not quitting.".into()))
                }
                _ => {}
            }
        }
        self.command(command);
    }

    /// Let time pass: apply a flag fall, take the engine's news (waiting up to `wait` for
    /// it), and start the engine when it is to move.
    pub fn poll(&mut self, wait: Duration) {
        if self.quit {
            return;
        }
        if !self.game().is_over() {
            let before = self.game().plies().len();
            self.timed.check_time();
            if self.game().plies().len() != before || self.game().is_over() {
                self.drop_stale_search();
                self.after_change(false);
            }
        }
        self.take_news(wait);
        self.maybe_start_engine();
    }

    /// Standard input ended. Returns whether the session goes on (engines still playing).
    /// The game is saved to the `--save` file if there is one.
    pub fn end_of_input(&mut self) -> bool {
        if self.watching() && !self.game().is_over() {
            return true;
        }
        if self.save_at_end.is_some() {
            self.save_to_named_file();
        } else if self.unsaved() && !self.game().plies().is_empty() {
            self.events
                .push(Event::Info("Input ended; the game was not saved.".into()));
        }
        self.quit_now();
        false
    }

    fn quit_now(&mut self) {
        if let Some(t) = self.thinker.take() {
            t.cancel();
        }
        self.quit = true;
        self.events.push(Event::Quit);
    }

    /// The first line: what is played, by whom, on what clock.
    fn intro(&self) -> String {
        let variant = self.game().variant();
        let engine = |l: Level| Player::Engine(l).name(self.depth);
        let who = match (self.player(Color::White), self.player(Color::Black)) {
            (Player::Human, Player::Human) => "two players at this keyboard".to_string(),
            (Player::Human, Player::Engine(l)) => format!("you play white against {}", engine(l)),
            (Player::Engine(l), Player::Human) => format!("you play black against {}", engine(l)),
            (Player::Engine(a), Player::Engine(b)) if engine(a) == engine(b) => {
                format!("{} against itself", engine(a))
            }
            (Player::Engine(a), Player::Engine(b)) => {
                format!("{} (white) against {} (black)", engine(a), engine(b))
            }
        };
        let example = match self.game().legal_moves().first() {
            _ if self.watching() => " Type now to hurry a move, save FILE to keep the game;".into(),
            Some(m) if self.human_to_move() => {
                format!(" Type a move such as {};", self.game().position().short(m))
            }
            _ => " Type your moves in the variant's notation;".into(),
        };
        format!(
            "Damier: {variant}, {who}, {}.{example} help lists the commands.",
            crate::clock_text::control_words(self.control)
        )
    }

    /// Report what changed since the last report: new plies, a draw offer, the result, and
    /// whose turn it is. `force`: report the turn even if nothing changed.
    fn after_change(&mut self, force: bool) {
        let plies = self.game().plies().len();
        let mut changed = force;
        if plies < self.announced_plies {
            self.announced_plies = plies;
            changed = true;
        }
        for i in self.announced_plies..plies {
            let ply = self.game().plies()[i].clone();
            let (text, note) = match ply.kind {
                PlyKind::Move(_) => (ply.notation.clone(), self.next_note.take()),
                PlyKind::Forfeit => (
                    "--".to_string(),
                    Some("out of time: the turn is forfeited".into()),
                ),
                PlyKind::Pass => ("pass".to_string(), None),
            };
            self.events.push(Event::Played {
                number: self.move_number(i),
                mover: ply.mover,
                text,
                note,
            });
            if ply.offers_draw && i + 1 == plies {
                self.events.push(Event::Info(format!(
                    "{} offers a draw.",
                    words::title(ply.mover)
                )));
            }
            self.last_move_at = Some(Instant::now());
            changed = true;
        }
        self.announced_plies = plies;
        self.next_note = None;
        let over = self.game().result();
        if over.is_some() != self.announced_over {
            changed = true;
        }
        if changed && !force {
            self.revision += 1;
        }
        match over {
            Some(result) if !self.announced_over => {
                self.announced_over = true;
                self.events.push(Event::Over(result));
                self.game_ended();
            }
            Some(_) => {}
            None => {
                self.announced_over = false;
                if changed && self.human_to_move() {
                    self.events.push(Event::Turn(self.game().side_to_move()));
                }
            }
        }
    }

    /// The game just ended: save it if asked to, or offer to.
    fn game_ended(&mut self) {
        self.offer_next = false;
        if self.save_at_end.is_some() {
            self.save_to_named_file();
        } else {
            self.events.push(Event::Info(
                "Type save FILE to keep the game, undo to take back moves, or quit.".into(),
            ));
        }
    }

    /// `12.` or `12...` for ply `i` of the game.
    fn move_number(&self, i: usize) -> String {
        let start = self.game().start();
        let first = start.rules().first;
        let offset = usize::from(start.side() != first);
        let n = (i + offset) / 2 + 1;
        if (i + offset).is_multiple_of(2) {
            format!("{n}.")
        } else {
            format!("{n}...")
        }
    }

    /// The one person acting: the only human, or in a game between two people the side to
    /// move; `None` when engines play both sides.
    fn acting_side(&self) -> Option<Color> {
        let humans: Vec<Color> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| self.player(c).is_human())
            .collect();
        match humans.as_slice() {
            [one] => Some(*one),
            [] => None,
            _ => Some(self.game().side_to_move()),
        }
    }
}
