//! What the commands print, and how they end.
//!
//! Lines go to standard output through [`outln!`], which returns the write's error instead of
//! panicking as `println!` does: a reader that closes the pipe early (`damier perft | head -1`)
//! ends the command quietly with status 0, as ripgrep does. Mistakes in what the user typed
//! are [`Usage`] errors and exit with status 2, as clap's own checks do; failures while
//! running exit with 1.

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

/// `message` with each long argument of the command line it quotes (or the value of a long
/// `--option=value`) cut to an [`excerpt`]: a parser that names the input it could not read
/// quotes it whole, and 3000 digits given to `--clock` should come back as one line.
pub fn shorten_arguments(message: &str, args: &[String]) -> String {
    let mut long: Vec<&str> = args
        .iter()
        .flat_map(|a| [Some(a.as_str()), a.split_once('=').map(|(_, value)| value)])
        .flatten()
        .filter(|a| a.chars().count() > EXCERPT + 20)
        .collect();
    // The longest first, so that an argument holding another is cut whole.
    long.sort_by_key(|a| std::cmp::Reverse(a.len()));
    long.dedup();
    let whole = long
        .iter()
        .fold(message.to_string(), |out, a| out.replace(a, &excerpt(a)));
    shorten_quoted_parts(&whole, &long)
}

/// `message` with each long quoted part of one of `long` (a FEN's field, a move of a list)
/// cut to an [`excerpt`]. A quote that opens nothing (an apostrophe) only fails to match.
fn shorten_quoted_parts(message: &str, long: &[&str]) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '"']) {
        let quote = rest[open..].chars().next().expect("found a quote there");
        let inside = &rest[open + 1..];
        let part = inside.find(quote).map(|close| &inside[..close]);
        match part {
            Some(part)
                if part.chars().count() > EXCERPT + 20 && long.iter().any(|a| a.contains(part)) =>
            {
                out.push_str(&rest[..=open]);
                out.push_str(&excerpt(part));
                out.push(quote);
                rest = &inside[part.len() + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = inside;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with control characters and other invisible ones escaped (`\u{1b}`), so that a
/// message quoting a damaged file cannot move the cursor or change colours.
pub fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let visible = !c.is_control() && c != '\u{feff}';
            let escaped: Vec<char> = if visible {
                vec![c]
            } else {
                c.escape_unicode().collect()
            };
            escaped
        })
        .collect()
}

/// The user's input as an error quotes it: whole when short, otherwise its first
/// [`EXCERPT`] characters and its length, so that a 60 KB `--fen` still gives one line that
/// says what was wrong, not the whole text back.
fn excerpt(text: &str) -> String {
    let count = text.chars().count();
    // A few characters more than the excerpt are shown whole: cutting them saves nothing.
    if count <= EXCERPT + 20 {
        return text.to_string();
    }
    let start: String = text.chars().take(EXCERPT).collect();
    format!("{start}… ({count} characters)")
}

/// How many characters of a long input [`excerpt`] shows.
const EXCERPT: usize = 60;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            printable("bad \u{1b}[31mred\u{7}"),
            "bad \\u{1b}[31mred\\u{7}"
        );
        assert_eq!(printable("28x19 ♛"), "28x19 ♛");
    }

    #[test]
    fn long_arguments_are_quoted_by_their_start_and_length() {
        let digits = "9".repeat(3000);
        let spec = format!("damier:depth={}", "7".repeat(500));
        let args = [
            "play".to_string(),
            format!("--clock={digits}"),
            spec.clone(),
            "short".to_string(),
        ];
        let message = format!("--clock: cannot read clock '{digits}'; player '{spec}'; 'short'");
        let said = shorten_arguments(&message, &args);
        assert_eq!(
            said,
            format!(
                "--clock: cannot read clock '{}'; player '{}'; 'short'",
                excerpt(&digits),
                excerpt(&spec)
            )
        );
        assert!(said.len() < 300, "{said}");
        // A quoted part of a long argument, after an apostrophe that opens nothing.
        let fen = format!("W:W{digits}");
        let message = format!("can't read --fen: column 4: '{digits}' is not a square");
        assert_eq!(
            shorten_arguments(&message, &[fen]),
            format!(
                "can't read --fen: column 4: '{}' is not a square",
                excerpt(&digits)
            )
        );
    }

    #[test]
    fn long_input_is_quoted_by_its_start_and_length() {
        assert_eq!(excerpt("W:W31-50:B1-20"), "W:W31-50:B1-20");
        let long = format!("W:W{}", "é".repeat(60_000));
        let quoted = excerpt(&long);
        assert!(quoted.starts_with("W:Wéé"), "{quoted}");
        assert!(quoted.ends_with("é… (60003 characters)"), "{quoted}");
        assert_eq!(
            quoted.chars().count(),
            EXCERPT + " (60003 characters)".len() + 1
        );
    }
}
