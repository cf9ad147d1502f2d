//! The line mode: one line of input at a time, plain text out, for pipes, scripts and screen
//! readers.
//!
//! Input is read on its own thread so that the clock runs and flags fall while nobody types.
//! Lines typed while the engine thinks wait for the player's turn (so a script's moves land
//! where they were meant), except `now`, which makes the engine move at once.

use crate::grid::Grid;
use crate::session::{Event, Session};
use crate::text_board;
use damier_game::ManualTime;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::time::Duration;

/// How the line mode reads and writes.
#[derive(Clone, Debug, Default)]
pub struct LineOptions {
    /// Show a `> ` prompt when a line is wanted (for a person at a terminal).
    pub prompt: bool,
    /// A hand-moved clock and the time each line of input takes on it (tests).
    pub fake_clock: Option<(ManualTime, Duration)>,
}

/// How often the loop looks at the clock while nothing happens.
const TICK: Duration = Duration::from_millis(50);

/// Play `session` reading lines from `input` and writing to `out` until the player quits or
/// input ends.
///
/// # Errors
/// Only a failure to write (a closed pipe ends the game quietly).
pub fn run<R, W>(
    mut session: Session,
    input: R,
    out: &mut W,
    options: LineOptions,
) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (tx, lines) = mpsc::channel::<String>();
    // The reader ends by itself at end of input; if the game ends first it is left blocked
    // on its read, which the process exit ends.
    std::thread::Builder::new()
        .name("damier-input".into())
        .spawn(move || read_lines(input, tx))?;
    let mut queue: VecDeque<String> = VecDeque::new();
    let mut eof = false;
    let mut printer = Printer {
        out,
        prompt: options.prompt,
        prompted: false,
    };
    loop {
        let waiting_for_engine = session.searching().is_some();
        session.poll(if waiting_for_engine {
            TICK
        } else {
            Duration::ZERO
        });
        if !printer.show(&mut session)? {
            return Ok(());
        }
        loop {
            match lines.try_recv() {
                Ok(l) => queue.push_back(l),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    eof = true;
                    break;
                }
            }
        }
        let watching = session.watching();
        if session.searching().is_some() && !watching {
            if queue
                .front()
                .is_some_and(|l| l.trim().eq_ignore_ascii_case("now"))
            {
                queue.pop_front();
                session.handle("now");
            }
            continue;
        }
        let wants_line = watching || session.human_to_move() || session.game().is_over();
        if !wants_line {
            // The engine is about to start.
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let line = match queue.pop_front() {
            Some(l) => l,
            None if eof => {
                if session.end_of_input() {
                    // Engines play on without input.
                    std::thread::sleep(Duration::from_millis(1));
                    continue;
                }
                printer.show(&mut session)?;
                return Ok(());
            }
            None => {
                printer.prompt()?;
                match lines.recv_timeout(if watching { TICK } else { TICK * 2 }) {
                    Ok(l) => l,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => {
                        eof = true;
                        continue;
                    }
                }
            }
        };
        if let Some((time, per_line)) = &options.fake_clock {
            time.advance(*per_line);
        }
        printer.prompted = false;
        session.handle(&line);
    }
}

/// Send each line of `input` (bytes that are not UTF-8 replaced) until it ends.
fn read_lines<R: BufRead>(mut input: R, tx: mpsc::Sender<String>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                if tx.send(line).is_err() {
                    return;
                }
            }
        }
    }
}

struct Printer<'w, W: Write> {
    out: &'w mut W,
    prompt: bool,
    prompted: bool,
}

impl<W: Write> Printer<'_, W> {
    /// Write the session's events; false once it has quit (or the output is closed).
    fn show(&mut self, session: &mut Session) -> io::Result<bool> {
        let events = session.take_events();
        if events.is_empty() {
            return Ok(!session.has_quit());
        }
        if self.prompted {
            writeln!(self.out)?;
            self.prompted = false;
        }
        let mut go_on = true;
        for event in events {
            let text = match event {
                Event::Info(t) | Event::Warning(t) | Event::Question(t) => t,
                Event::Played {
                    number,
                    mover,
                    text,
                    note,
                } => match note {
                    Some(n) => format!("{number} {} {text} ({n})", mover.name()),
                    None => format!("{number} {} {text}", mover.name()),
                },
                Event::Thinking(line) => format!("  {}", line.text()),
                Event::Turn(_) | Event::Board | Event::Over(_) => {
                    let grid = Grid::new(
                        session.game().position(),
                        session.bottom(),
                        session.last_move().as_ref(),
                    );
                    format!(
                        "{}{}\n{}",
                        text_board::draw(&grid),
                        session.status_text(),
                        session.turn_text()
                    )
                }
                Event::Help => crate::command::help(session.game().variant()),
                Event::Quit => {
                    go_on = false;
                    continue;
                }
            };
            if let Err(e) = writeln!(self.out, "{text}") {
                return quiet_pipe(e);
            }
        }
        if let Err(e) = self.out.flush() {
            return quiet_pipe(e);
        }
        Ok(go_on)
    }

    fn prompt(&mut self) -> io::Result<()> {
        if self.prompt && !self.prompted {
            write!(self.out, "> ")?;
            self.out.flush()?;
            self.prompted = true;
        }
        Ok(())
    }
}

/// A reader that went away (`damier play | head`) ends the game without an error.
fn quiet_pipe(e: io::Error) -> io::Result<bool> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(false)
    } else {
        Err(e)
    }
}
