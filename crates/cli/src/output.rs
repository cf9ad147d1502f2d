//! What the commands print, and how they end.
//!
//! Lines go to standard output through [`outln!`], which returns the write's error instead of
//! panicking as `println!` does: a reader that closes the pipe early (`damier perft | head -1`)
//! ends the command quietly with status 0, as ripgrep does. Mistakes in what the user typed
//! are [`Usage`] errors and exit with status 2, as clap's own checks do; failures while
//! running exit with 1.

use damier_game::quote::{printable, shorten_arguments};
use std::fmt;
use std::io::{self, Write};

/// Write one line to standard output, returning any error (a closed pipe) to the caller.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// One line to standard output, flushed so that a closed pipe is seen at once.
pub fn line(args: fmt::Arguments) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// A mistake in the command line: a value out of range, an unknown name, a malformed
/// position or move. Exits with status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A setting out of the engine's range, in the command line's words (its option named).
impl From<damier_engine::SettingError> for Usage {
    fn from(e: damier_engine::SettingError) -> Usage {
        Usage(e.with_option())
    }
}

/// One report as a line: its JSON object with `--json`, its text otherwise.
pub fn report<T: fmt::Display + serde::Serialize>(json: bool, item: &T) -> io::Result<()> {
    if json {
        json_line(item)
    } else {
        line(format_args!("{item}"))
    }
}

/// One object as a line of JSON.
pub fn json_line(item: &impl serde::Serialize) -> io::Result<()> {
    line(format_args!("{}", serde_json::to_string(item)?))
}

/// Standard output for a run that goes on when its reader leaves (the games still reach
/// their file, the weights are saved): the first failed write (a closed pipe) stops the
/// printing, and [`Sink::done`] returns it at the end.
#[derive(Debug)]
pub struct Sink(io::Result<()>);

impl Sink {
    /// Standard output, not yet written to.
    pub fn new() -> Sink {
        Sink(Ok(()))
    }

    /// Make the write, unless one has failed; whether standard output is still read.
    pub fn write(&mut self, write: impl FnOnce() -> io::Result<()>) -> bool {
        if self.0.is_ok() {
            self.0 = write();
        }
        self.0.is_ok()
    }

    /// The first write that failed, if one did.
    pub fn done(self) -> io::Result<()> {
        self.0
    }
}

/// Return early with a [`Usage`] error.
macro_rules! usage {
    ($($arg:tt)*) => {
        return Err(anyhow::Error::new($crate::output::Usage(format!($($arg)*))))
    };
}
pub(crate) use usage;

/// Refuse a `--threads` (or `--concurrency`, named by `option`) outside the engine's range
/// ([`damier_engine::setting::threads`]), in its words.
pub fn check_threads<T>(option: &str, threads: T) -> anyhow::Result<usize>
where
    T: TryInto<usize> + fmt::Display + Copy,
{
    damier_engine::setting::threads(threads)
        .map_err(|e| anyhow::Error::new(Usage(e.with_option_named(option))))
}

/// Refuse a search `--depth` outside the engine's range ([`damier_engine::setting::depth`]),
/// in its words.
pub fn check_depth(depth: Option<i32>) -> anyhow::Result<()> {
    depth
        .map(damier_engine::setting::depth)
        .transpose()
        .map_err(Usage::from)?;
    Ok(())
}

/// Write a line to standard error, as `eprintln!` does, except that a standard error its
/// reader has closed (`damier … 2>&1 | head -1`) loses the line instead of aborting the
/// program (`eprintln!` panics, and the release build aborts on a panic).
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use tell;

/// Mark an error about the command line's own input (a `--fen`, a `--variant`) as a usage
/// error, keeping its message and context.
pub trait UsageContext<T> {
    /// As `anyhow::Context::with_context`, and the result counts as a usage error.
    fn usage_context<F: FnOnce() -> String>(self, what: F) -> anyhow::Result<T>;
}

impl<T, E: fmt::Display> UsageContext<T> for Result<T, E> {
    fn usage_context<F: FnOnce() -> String>(self, what: F) -> anyhow::Result<T> {
        self.map_err(|e| anyhow::Error::new(Usage(format!("{}: {e}", what()))))
    }
}

/// An error as one line: each cause in turn, as anyhow's `{:#}` gives them (an error type
/// either tells its source or returns it, never both), with control characters from the input
/// escaped rather than sent to the terminal.
pub fn describe(error: &anyhow::Error) -> String {
    printable(&shorten_arguments(&format!("{error:#}"), &arguments()))
}

/// The command line's arguments, each as text (lossy: one that is not UTF-8 must not stop
/// a message).
pub fn arguments() -> Vec<String> {
    std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// Whether the error came from a closed standard output.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The exit status for an error: 2 for a usage error, 1 for anything else.
pub fn exit_status(error: &anyhow::Error) -> i32 {
    if error.chain().any(|cause| cause.is::<Usage>()) {
        2
    } else {
        1
    }
}

/// A progress bar of `len` steps on standard error, drawn by `template` (indicatif's).
/// indicatif draws nothing when standard error is not a terminal: a log gets
/// [`crate::log_lines::LogLines`] instead.
pub fn bar(len: u64, template: &'static str) -> indicatif::ProgressBar {
    let style = indicatif::ProgressStyle::with_template(template).expect("the template is valid");
    indicatif::ProgressBar::new(len).with_style(style)
}
