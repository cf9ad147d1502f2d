//! The full-screen view: the board as large as the terminal allows, both clocks ticking, the
//! engine's thinking as it goes, moves typed or clicked. Built on ratatui over crossterm.

mod app;
mod board;
mod input;
mod look;
mod panels;

pub use look::ColorMode;

use crate::session::Session;
use app::App;
use damier_game::ManualTime;
use look::Look;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind,
};
use ratatui::crossterm::execute;
use std::io;
use std::time::Duration;

/// How the full screen looks and keeps time.
#[derive(Clone, Debug)]
pub struct ScreenOptions {
    /// Colour or not.
    pub color: ColorMode,
    /// A hand-moved clock and the time each entered line takes on it (tests).
    pub fake_clock: Option<(ManualTime, Duration)>,
}

/// How often the screen is redrawn while nothing is typed: often enough for a clock showing
/// tenths of a second.
const FRAME: Duration = Duration::from_millis(50);
/// Least time between two moves when engines play both sides, so that people can follow.
const WATCH_PACE: Duration = Duration::from_millis(600);

/// Play `session` on the full screen until the players quit. The last messages (the result,
/// where the game was saved) are printed again on the normal screen afterwards.
///
/// # Errors
/// A terminal that cannot be set up, read or drawn on.
pub fn run(mut session: Session, options: ScreenOptions) -> io::Result<()> {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            let _ = ratatui::try_restore();
            return Err(e);
        }
    };
    // Without mouse reporting the game is still fully playable from the keyboard.
    let _ = execute!(io::stdout(), EnableMouseCapture);
    session.set_pace(WATCH_PACE);
    let look = Look {
        mode: options.color,
        numbers: true,
    };
    let mut app = App::new(look, options.fake_clock);
    let result = event_loop(&mut terminal, &mut session, &mut app);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    // Leave the result and any saving on the normal screen.
    let game = session.game();
    if let Some(r) = game.result() {
        println!(
            "Game over: {}.",
            crate::words::result_text(&r, game.position())
        );
    }
    for line in app
        .log
        .iter()
        .filter(|l| l.text.starts_with("Saved the game"))
    {
        println!("{}", line.text);
    }
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    session: &mut Session,
    app: &mut App,
) -> io::Result<()> {
    loop {
        session.poll(Duration::ZERO);
        app.absorb(session);
        if session.has_quit() {
            return Ok(());
        }
        terminal.draw(|f| panels::frame(f, session, app))?;
        if event::poll(FRAME)? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key, session),
                Event::Mouse(m) => app.mouse(m, session),
                _ => {}
            }
        }
    }
}
