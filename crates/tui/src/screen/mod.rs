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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{PlayConfig, Player};
    use damier_core::Variant;
    use damier_game::Game;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };
    use ratatui::Terminal;
    use std::sync::Arc;

    fn screen(width: u16, height: u16, mode: ColorMode) -> (Session, App, Terminal<TestBackend>) {
        let config = PlayConfig::new(Game::new(Variant::INTERNATIONAL), [Player::Human; 2]);
        let session = Session::new(config, Arc::new(ManualTime::new()));
        let app = App::new(
            Look {
                mode,
                numbers: true,
            },
            None,
        );
        let terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        (session, app, terminal)
    }

    fn text(terminal: &Terminal<TestBackend>) -> String {
        let buf = terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                out.push_str(buf[(x, y)].symbol());
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn draws_the_board_and_the_game_without_colour() {
        let (mut session, mut app, mut terminal) = screen(80, 24, ColorMode::None);
        app.absorb(&mut session);
        terminal
            .draw(|f| panels::frame(f, &session, &mut app))
            .unwrap();
        let screen = text(&terminal);
        assert!(screen.contains("Damier · international"), "{screen}");
        assert!(screen.contains("White to move."));
        assert_eq!(
            screen.matches('○').count(),
            20 + 1,
            "20 men and the player line"
        );
        assert_eq!(screen.matches('●').count(), 20 + 1);
        session.handle("32-28");
        app.absorb(&mut session);
        terminal
            .draw(|f| panels::frame(f, &session, &mut app))
            .unwrap();
        let screen = text(&terminal);
        assert!(screen.contains("[○]") && screen.contains("(·)"), "{screen}");
        assert!(screen.contains("1. 32-28"));
    }

    #[test]
    fn a_small_terminal_is_asked_to_grow() {
        let (session, mut app, mut terminal) = screen(30, 12, ColorMode::Indexed);
        terminal
            .draw(|f| panels::frame(f, &session, &mut app))
            .unwrap();
        assert!(text(&terminal).contains("Enlarge"));
        assert_eq!(app.layout, None);
    }

    #[test]
    fn a_move_by_two_clicks() {
        let (mut session, mut app, mut terminal) = screen(100, 30, ColorMode::Rgb);
        terminal
            .draw(|f| panels::frame(f, &session, &mut app))
            .unwrap();
        let layout = app.layout.expect("the board fits");
        // Square 32 is d4 (row 6 from the top, column 3); 28 is e5 (row 5, column 4).
        let click = |r: u16, c: u16| MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: layout.x + c * layout.cw,
            row: layout.y + r * layout.ch,
            modifiers: KeyModifiers::NONE,
        };
        app.mouse(click(6, 3), &mut session);
        assert_eq!(app.selection.targets.len(), 2, "32-27 and 32-28");
        app.mouse(click(5, 4), &mut session);
        assert_eq!(session.game().plies().len(), 1);
        assert_eq!(session.game().plies()[0].notation, "32-28");
    }

    /// Type `text` and Enter, as a person at the keyboard.
    fn type_line(app: &mut App, session: &mut Session, text: &str) {
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        for c in text.chars() {
            app.key(key(KeyCode::Char(c)), session);
        }
        app.key(key(KeyCode::Enter), session);
        app.absorb(session);
    }

    #[test]
    fn the_key_that_closes_the_help_is_typed_too() {
        let (mut session, mut app, _) = screen(80, 24, ColorMode::None);
        app.absorb(&mut session);
        type_line(&mut app, &mut session, "help");
        assert!(app.help);
        type_line(&mut app, &mut session, "quit");
        assert!(!app.help);
        assert!(session.has_quit(), "{:?}", app.log);
        // Esc and Enter only close it: nothing is typed or entered.
        let (mut session, mut app, _) = screen(80, 24, ColorMode::None);
        app.absorb(&mut session);
        let said = app.log.len();
        for code in [KeyCode::Esc, KeyCode::Enter] {
            type_line(&mut app, &mut session, "help");
            app.key(KeyEvent::new(code, KeyModifiers::NONE), &mut session);
            assert!(!app.help && app.input.text().is_empty(), "{code:?}");
        }
        assert_eq!(app.log.len(), said, "{:?}", app.log);
    }

    #[test]
    fn any_terminal_size_draws_without_failing() {
        for width in (0..=60).step_by(3) {
            for height in 0..=16 {
                let (session, mut app, mut terminal) = screen(width, height, ColorMode::Rgb);
                for c in "a very long line typed into a narrow input box".chars() {
                    app.input.insert(c);
                }
                app.help = height % 2 == 0;
                terminal
                    .draw(|f| panels::frame(f, &session, &mut app))
                    .unwrap();
            }
        }
    }
}
