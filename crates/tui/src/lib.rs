//! # damier-tui: play draughts in the terminal
//!
//! `damier play` is built from these parts:
//!
//! - [`setup`]: who plays each side ([`Player`]), the clock, and where the game starts
//!   ([`PlayConfig`]; a PDN game to continue, an English ballot).
//! - [`Session`]: the game being played. It takes lines typed by the players
//!   ([`command::Command`]) and the passing of time, runs the engine on its own thread
//!   ([`thinker`]), and reports [`Event`]s. It reads no terminal and prints nothing, so tests
//!   drive it with a hand-moved clock.
//! - [`grid`]: the board seen from one side, with the variant's coordinates and the last move
//!   marked; [`text_board`] draws it in ASCII, [`screen`] in colour.
//! - [`plain`]: the line mode, for pipes, scripts and screen readers; [`screen`]: the
//!   full-screen view with live clocks and the engine's thinking, built on ratatui.
//! - [`words`] and [`clock_text`]: the sentences and clock readings both views share.
//! - [`puzzles`]: solving puzzles line by line (`damier puzzles play`).
//!
//! ```
//! use damier_tui::{PlayConfig, Player, Session, Event};
//! use damier_game::{Game, ManualTime};
//! use std::sync::Arc;
//! let config = PlayConfig::new(Game::new("russian".parse().unwrap()), [Player::Human; 2]);
//! let mut session = Session::new(config, Arc::new(ManualTime::new()));
//! session.handle("c3-e5");
//! assert!(session.take_events().iter().any(|e| matches!(e, Event::Warning(w)
//!     if w == "Illegal move c3-e5: that piece can play c3-d4 or c3-b4.")));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock_text;
pub mod command;
pub mod grid;
pub mod plain;
pub mod puzzles;
pub mod screen;
pub mod session;
pub mod setup;
pub mod text_board;
pub mod thinker;
pub mod words;

pub use session::{Event, Session};
pub use setup::{PlayConfig, Player, SetupError};

use damier_game::{ManualTime, SystemTime, TimeSource};
use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

/// How to show the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The full screen when standard input and output are a terminal, else the line mode.
    #[default]
    Auto,
    /// The line mode.
    Plain,
    /// The full screen.
    Screen,
}

/// Play `config` in the terminal until the players quit.
///
/// `fake_clock`: time moves only when a line is entered, by this much each time, instead of
/// with the wall clock (for tests of time-outs).
///
/// # Errors
/// A terminal that cannot be set up or written to.
pub fn play(config: PlayConfig, view: View, fake_clock: Option<Duration>) -> std::io::Result<()> {
    let manual = fake_clock.map(|per_line| (ManualTime::new(), per_line));
    let time: Arc<dyn TimeSource> = match &manual {
        Some((t, _)) => Arc::new(t.clone()),
        None => Arc::new(SystemTime::new()),
    };
    let screen_possible = std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && std::env::var("TERM").map_or(true, |t| t != "dumb");
    let full_screen = match view {
        View::Auto => screen_possible,
        View::Plain => false,
        View::Screen => true,
    };
    let save_failure = Arc::clone(&config.save_failure);
    let session = Session::new(config, time);
    let played = if full_screen {
        screen::run(
            session,
            screen::ScreenOptions {
                color: screen::ColorMode::detect(),
                fake_clock: manual,
            },
        )
    } else {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        plain::run(
            session,
            std::io::BufReader::new(std::io::stdin()),
            &mut out,
            plain::LineOptions {
                prompt: std::io::stdin().is_terminal(),
                fake_clock: manual,
            },
        )
    };
    played?;
    let failure = save_failure
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    match failure {
        Some(message) => Err(std::io::Error::other(message)),
        None => Ok(()),
    }
}
