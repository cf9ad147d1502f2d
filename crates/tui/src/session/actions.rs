//! What each command does to the game.

use super::{Event, Session};
use crate::command::Command;
use crate::setup::Player;
use crate::thinker::Purpose;
use crate::words;
use damier_core::Color;
use damier_game::takeback::{self, TakebackRefused, Taker};
use damier_game::GameError;

/// Asked before a game that was never saved is lost, in the full screen and the line mode
/// alike (both read `y`/`yes` and `n`/`no`).
pub const QUIT_QUESTION: &str = "The game is not saved. Quit anyway? (yes/no; or save FILE first)";

impl Session {
    pub(super) fn command(&mut self, command: Command) {
        match command {
            Command::Move { text, offer } => self.human_move(&text, offer),
            Command::Moves => self.list_moves(),
            Command::Undo => self.undo(),
            Command::Draw => self.draw(),
            Command::Accept => self.accept(),
            Command::Decline => self.decline(),
            Command::Resign => self.resign(),
            Command::Flip => {
                self.bottom = self.bottom.opponent();
                self.events.push(Event::Board);
            }
            Command::Hint => self.hint(Purpose::Hint),
            Command::Threat => self.hint(Purpose::Threat),
            Command::Now => self.move_now(),
            Command::Pass => self.pass(),
            Command::Save(path) => self.save(path),
            Command::Board => self.events.push(Event::Board),
            Command::Pieces => {
                let text = words::pieces_text(self.game().position());
                self.info(text);
            }
            Command::Help => self.events.push(Event::Help),
            Command::Quit => {
                // With --save the game goes to that file; only if that fails is the player
                // asked whether to lose it.
                self.save_to_named_file();
                if self.unsaved() && !self.game().plies().is_empty() {
                    self.confirm_quit = true;
                    self.events.push(Event::Question(QUIT_QUESTION.into()));
                } else {
                    self.quit_now();
                }
            }
            Command::Yes | Command::No => self.warn("There is no question to answer."),
            Command::Empty => {}
            Command::Unknown(word) => self.warn(format!(
                "Unknown command '{word}': type help for the commands."
            )),
        }
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.events.push(Event::Info(text.into()));
    }

    pub(super) fn warn(&mut self, text: impl Into<String>) {
        self.events.push(Event::Warning(text.into()));
    }

    /// Refuse an action that needs a person to move now, saying why; true when one may.
    fn may_act(&mut self) -> bool {
        let game = self.game();
        if let Some(r) = game.result() {
            let text = words::result_text(&r, game.position());
            let undo = if takeback::takebacks_open(&self.timed).is_ok() {
                "undo takes back moves, "
            } else {
                ""
            };
            self.warn(format!(
                "The game is over ({text}): {undo}save FILE keeps it."
            ));
            return false;
        }
        if self.watching() {
            self.warn("You are watching: Damier plays both sides.");
            return false;
        }
        if !self.human_to_move() {
            let side = game.side_to_move();
            self.warn(format!(
                "It is {}'s turn: Damier is thinking (now makes it move).",
                side.name()
            ));
            return false;
        }
        // A flag that fell before the player acted takes effect first.
        let before = self.game().plies().len();
        self.timed.check_time();
        if self.game().plies().len() != before || self.game().is_over() {
            self.drop_stale_search();
            self.after_change(false);
            return false;
        }
        true
    }

    fn human_move(&mut self, text: &str, offer: bool) {
        if !self.may_act() {
            return;
        }
        let mv = match self.game().position().parse_move(text) {
            Ok(mv) => mv,
            Err(e) => return self.warn(capitalised(&e.to_string()) + "."),
        };
        self.stop_hint();
        let offer = offer || self.offer_next;
        match self.timed.play(&mv, offer) {
            Ok(()) => self.offer_next = false,
            Err(GameError::TurnForfeited | GameError::Over(_)) => {}
            Err(e) => self.warn(capitalised(&e.to_string()) + "."),
        }
        self.after_change(false);
    }

    fn list_moves(&mut self) {
        let board = *self.game().position();
        let moves = self.game().legal_moves();
        if moves.is_empty() {
            return self.info("No legal moves.");
        }
        let texts: Vec<String> = moves.iter().map(|m| board.short(m)).collect();
        let what = match (board.must_capture(), texts.len()) {
            (true, 1) => "capture (compulsory)",
            (true, _) => "captures (compulsory)",
            (false, 1) => "move",
            (false, _) => "moves",
        };
        self.info(format!(
            "{} {what} for {}: {}",
            texts.len(),
            board.side().name(),
            texts.join(" ")
        ));
    }

    fn undo(&mut self) {
        if self.watching() {
            return self.warn("You are watching: there is nothing of yours to take back.");
        }
        let humans = [Color::White, Color::Black].map(|c| self.player(c).is_human());
        // The game layer's rule, as on the server: against the engine back before your last
        // move, at one keyboard for two the last move.
        let n = match takeback::plies_to_take_back(&self.timed, humans, Taker::Owner) {
            Ok(n) => n,
            Err(TakebackRefused::Nothing | TakebackRefused::NoMoveOf(_)) => {
                return self.warn("Nothing to take back.")
            }
            Err(refused) => return self.warn(format!("{}.", capitalised(&refused.to_string()))),
        };
        if let Some(t) = self.thinker.take() {
            t.cancel();
        }
        self.thinking = None;
        self.offer_next = false;
        let plies = self.game().plies();
        let taken: Vec<String> = plies[plies.len() - n..]
            .iter()
            .map(|p| p.notation.clone())
            .collect();
        for _ in 0..n {
            self.timed.undo();
        }
        self.info(format!("Took back {}.", taken.join(" ")));
        self.after_change(false);
    }

    fn draw(&mut self) {
        if !self.may_act() {
            return;
        }
        if self.game().draw_offer().is_some() {
            return self.accept();
        }
        self.offer_next = true;
        let side = self.game().side_to_move();
        self.info(format!(
            "{} offers a draw with the next move.",
            words::title(side)
        ));
    }

    fn accept(&mut self) {
        if !self.may_act() {
            return;
        }
        match self.timed.accept_draw() {
            Ok(_) => self.after_change(false),
            Err(_) => self.warn("There is no draw offer to accept."),
        }
    }

    fn decline(&mut self) {
        if !self.may_act() {
            return;
        }
        match self.timed.decline_draw() {
            Ok(()) => {
                let side = self.game().side_to_move();
                self.info(format!("{} declines the draw.", words::title(side)));
            }
            Err(_) => self.warn("There is no draw offer to decline."),
        }
    }

    fn resign(&mut self) {
        if self.game().is_over() {
            return self.warn("The game is already over.");
        }
        let Some(side) = self.acting_side() else {
            return self.warn("You are watching: there is nobody to resign for.");
        };
        if let Some(t) = self.thinker.take() {
            t.cancel();
        }
        // The game is running, so resigning cannot fail.
        let _ = self.timed.resign_side(side);
        self.after_change(false);
    }

    fn pass(&mut self) {
        if !self.may_act() {
            return;
        }
        if !self.game().may_pass() {
            return self
                .warn("You may pass only right after the opponent forfeited a turn on time.");
        }
        self.stop_hint();
        let _ = self.timed.pass();
        self.after_change(false);
    }

    /// A hint or the threat: a search for the person, from the current position.
    fn hint(&mut self, purpose: Purpose) {
        if !self.may_act() {
            return;
        }
        if matches!(self.searching(), Some(Purpose::Hint | Purpose::Threat)) {
            return self.warn("Damier is already looking for a hint.");
        }
        self.start_search(purpose);
    }

    fn move_now(&mut self) {
        match &self.thinker {
            Some(t) if t.purpose == Purpose::Move => {
                t.stop();
                let side = self.game().side_to_move();
                self.info(format!("{} moves now.", words::title(side)));
            }
            Some(t) => t.stop(),
            None => self.warn("Damier is not thinking."),
        }
    }

    /// A hint or threat being looked for is no longer wanted (the player moved).
    fn stop_hint(&mut self) {
        if matches!(self.searching(), Some(Purpose::Hint | Purpose::Threat)) {
            if let Some(t) = self.thinker.take() {
                t.cancel();
            }
            self.thinking = None;
        }
    }

    /// Whether `color` is played by the engine.
    pub(super) fn is_engine(&self, color: damier_core::Color) -> bool {
        matches!(self.player(color), Player::Engine(_))
    }
}

/// A message with its first letter in capitals, for a sentence of its own.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
