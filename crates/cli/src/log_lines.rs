//! Progress for runs left in the background. Without a terminal on stderr indicatif hides
//! its bars, so a log would say nothing until the end: a line every half minute says how far
//! the run is instead.

use std::io::{IsTerminal, Write};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a line is written.
const EVERY: Duration = Duration::from_secs(30);

/// Writes a progress line on stderr at most every half minute, and only when stderr is not
/// a terminal (where the bar says it already). Threads may share it.
pub struct LogLines {
    enabled: bool,
    last: Mutex<Instant>,
}

impl LogLines {
    /// Lines when stderr is not a terminal.
    pub fn new() -> Self {
        LogLines {
            enabled: !std::io::stderr().is_terminal(),
            last: Mutex::new(Instant::now()),
        }
    }

    /// Write the line `text` makes if half a minute has passed since the last one, or
    /// `now` is true (the run's last step). A closed stderr loses the line, never the work.
    pub fn offer(&self, now: bool, text: impl FnOnce() -> String) {
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if self.enabled && (now || last.elapsed() >= EVERY) {
            *last = Instant::now();
            let _ = writeln!(std::io::stderr(), "{}", text());
        }
    }
}
