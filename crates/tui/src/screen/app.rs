//! What the full screen remembers between frames, and what keys and clicks do.

use super::board::{BoardLayout, Selection};
use super::input::LineEditor;
use super::look::Look;
use crate::command::Command;
use crate::grid::Grid;
use crate::session::{Event, Session};
use crate::thinker::Purpose;
use damier_game::ManualTime;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::Duration;

/// Lines kept in the message log.
const LOG_LINES: usize = 50;

/// A line of the message log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal or an error.
    pub warning: bool,
}

/// The full screen's state.
pub struct App {
    /// The line being typed.
    pub input: LineEditor,
    /// Recent messages, oldest first.
    pub log: Vec<LogLine>,
    /// The help is open.
    pub help: bool,
    /// Colours and glyphs.
    pub look: Look,
    /// A piece picked up with the mouse, and where it can go.
    pub selection: Selection,
    /// Where the board was last drawn.
    pub layout: Option<BoardLayout>,
    /// A hand-moved clock and the time each entered line takes on it (tests).
    pub fake_clock: Option<(ManualTime, Duration)>,
}

impl App {
    /// A screen with nothing typed yet.
    pub fn new(look: Look, fake_clock: Option<(ManualTime, Duration)>) -> App {
        App {
            input: LineEditor::default(),
            log: Vec::new(),
            help: false,
            look,
            selection: Selection::default(),
            layout: None,
            fake_clock,
        }
    }

    /// Take in the session's events.
    pub fn absorb(&mut self, session: &mut Session) {
        for event in session.take_events() {
            match event {
                Event::Info(text) => self.say(text, false),
                Event::Warning(text) => self.say(text, true),
                Event::Played {
                    number,
                    mover,
                    text,
                    note: Some(note),
                } => self.say(format!("{number} {} {text} ({note})", mover.name()), false),
                Event::Played { .. } | Event::Turn(_) => self.selection = Selection::default(),
                Event::Help => self.help = true,
                // The line above the log shows the result and the question.
                Event::Over(_) | Event::Question(_) => {}
                Event::Thinking(_) | Event::Board | Event::Quit => {}
            }
        }
    }

    fn say(&mut self, text: String, warning: bool) {
        self.log.push(LogLine { text, warning });
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
    }

    /// Act on a key.
    pub fn key(&mut self, key: KeyEvent, session: &mut Session) {
        if self.help {
            self.help = false;
            // Esc, Enter and F1 only close the help; other keys also do their usual work, so
            // that the first letter typed after `help` is not lost.
            if matches!(key.code, KeyCode::Esc | KeyCode::Enter | KeyCode::F(1)) {
                return;
            }
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if session.confirming_quit() {
            match key.code {
                KeyCode::Char('y' | 'Y') => return self.submit("yes", session),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => return self.submit("no", session),
                _ => {}
            }
        }
        match key.code {
            KeyCode::Char('c' | 'd') if ctrl => self.submit("quit", session),
            KeyCode::Char('u') if ctrl => self.input.clear(),
            KeyCode::Char(c) if !ctrl => self.input.insert(c),
            KeyCode::Enter => {
                // A move typed while the engine thinks stays in the line, ready for its turn.
                let early = session.searching() == Some(Purpose::Move)
                    && matches!(Command::parse(&self.input.text()), Command::Move { .. });
                if early {
                    self.say(
                        "Wait for your turn: Damier is thinking (Esc makes it move now).".into(),
                        true,
                    );
                } else {
                    let line = self.input.take();
                    self.submit(&line, session);
                }
            }
            KeyCode::Esc => {
                if session.searching() == Some(Purpose::Move) {
                    self.submit("now", session);
                } else {
                    self.input.clear();
                    self.selection = Selection::default();
                }
            }
            KeyCode::Tab => self.complete(session),
            KeyCode::Backspace => self.input.backspace(),
            KeyCode::Delete => self.input.delete(),
            KeyCode::Left => self.input.left(),
            KeyCode::Right => self.input.right(),
            KeyCode::Home => self.input.home(),
            KeyCode::End => self.input.end(),
            KeyCode::Up => self.input.up(),
            KeyCode::Down => self.input.down(),
            KeyCode::F(1) => self.help = true,
            _ => {}
        }
    }

    /// Enter a line, as if typed.
    fn submit(&mut self, line: &str, session: &mut Session) {
        if let Some((time, per_line)) = &self.fake_clock {
            time.advance(*per_line);
        }
        session.handle(line);
    }

    /// Complete the move typed so far from the legal moves.
    fn complete(&mut self, session: &mut Session) {
        let prefix = self.input.text().trim().to_ascii_lowercase();
        let board = *session.game().position();
        let mut forms: Vec<String> = Vec::new();
        for m in session.game().legal_moves() {
            for f in [board.short(&m), board.long(&m)] {
                if f.to_ascii_lowercase().starts_with(&prefix) && !forms.contains(&f) {
                    forms.push(f);
                }
            }
        }
        match forms.len() {
            0 => self.say(format!("No legal move starts with '{prefix}'."), true),
            1 => self.input.set(&forms[0]),
            _ => {
                let common = common_prefix(&forms);
                if common.len() > prefix.len() {
                    self.input.set(&common);
                }
                self.say(format!("Moves: {}", forms.join(" ")), false);
            }
        }
    }

    /// Act on a click: pick up a piece, then put it down on one of its targets.
    pub fn mouse(&mut self, event: MouseEvent, session: &mut Session) {
        if event.kind != MouseEventKind::Down(MouseButton::Left) || self.help {
            return;
        }
        let Some(layout) = self.layout else {
            return;
        };
        let Some((r, c)) = layout.cell_at(event.column, event.row) else {
            self.selection = Selection::default();
            return;
        };
        if !session.human_to_move() {
            return;
        }
        let grid = Grid::new(session.game().position(), session.bottom(), None);
        let Some(square) = grid.rows[r][c].square else {
            self.selection = Selection::default();
            return;
        };
        let board = *session.game().position();
        let legal = session.game().legal_moves();
        if let Some(from) = self.selection.from {
            let fits: Vec<_> = legal
                .iter()
                .filter(|m| m.from == from && m.to == square)
                .collect();
            if let [only] = fits.as_slice() {
                let text = board.short(only);
                self.selection = Selection::default();
                return self.submit(&text, session);
            }
            if fits.len() > 1 {
                let long: Vec<String> = fits.iter().map(|m| board.long(m)).collect();
                self.say(
                    format!("Several captures end there; type one: {}", long.join(" ")),
                    true,
                );
                self.input.set(&board.short(fits[0]));
                self.selection = Selection::default();
                return;
            }
        }
        let targets: Vec<_> = legal
            .iter()
            .filter(|m| m.from == square)
            .map(|m| m.to)
            .collect();
        self.selection = if targets.is_empty() {
            Selection::default()
        } else {
            Selection {
                from: Some(square),
                targets,
            }
        };
    }
}

/// The longest start shared by every text.
fn common_prefix(texts: &[String]) -> String {
    let first = texts.first().map(String::as_str).unwrap_or("");
    let mut len = first.len();
    for t in texts {
        len = len.min(
            first
                .char_indices()
                .zip(t.chars())
                .take_while(|((_, a), b)| a.eq_ignore_ascii_case(b))
                .count(),
        );
    }
    first.chars().take(len).collect()
}
