//! The ranges of the engine's settings (threads, a search's depth, nodes and lines) and of the
//! runs built on it (self-play, training), checked in one place and said in one wording for the
//! command line (`--first-game must be …`), Python (`first_game must be …`), match player
//! specifications, the Hub's parameters and the web API.

use crate::limits::Limits;
use crate::{MAX_LINES, MAX_THREADS};
use damier_game::time_text::{self, Unit};
use std::fmt::Display;
use std::time::Duration;

/// A setting out of its range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{setting} must be {rule}, got {got}")]
pub struct SettingError {
    /// The setting, as Python spells its argument (`first_game`).
    pub setting: &'static str,
    /// What it must be (`between 1 and 10000`).
    pub rule: String,
    /// What it was.
    pub got: String,
}

impl SettingError {
    /// The command line's option for the setting (`--first-game`).
    pub fn option(&self) -> String {
        format!("--{}", self.setting.replace('_', "-"))
    }

    /// The error as the command line says it, naming its option.
    pub fn with_option(&self) -> String {
        self.with_option_named(&self.option())
    }

    /// The error naming `option` for the setting, for a command whose option has a name of
    /// its own (`--concurrency` for the threads of a match).
    pub fn with_option_named(&self, option: &str) -> String {
        format!("{option} must be {}, got {}", self.rule, self.got)
    }
}

/// `value` within `low..=high`, or the error saying so.
///
/// # Errors
/// [`SettingError`] naming `setting`.
pub fn within<T: PartialOrd + Display>(
    setting: &'static str,
    value: T,
    low: T,
    high: T,
) -> Result<(), SettingError> {
    require(
        value >= low && value <= high,
        setting,
        &format!("between {low} and {high}"),
        value,
    )
}

/// `holds`, or `setting` must be `rule`.
///
/// # Errors
/// [`SettingError`] when it does not hold.
pub fn require(
    holds: bool,
    setting: &'static str,
    rule: &str,
    got: impl Display,
) -> Result<(), SettingError> {
    if holds {
        Ok(())
    } else {
        Err(SettingError {
            setting,
            rule: rule.to_string(),
            got: got.to_string(),
        })
    }
}

/// Threads of a search or of a run of games: 1 to [`MAX_THREADS`] (a negative count is out
/// of range too, said as it was given).
///
/// # Errors
/// [`SettingError`] outside that.
pub fn threads<T>(threads: T) -> Result<usize, SettingError>
where
    T: TryInto<usize> + Display + Copy,
{
    count_within("threads", threads, MAX_THREADS)
}

/// A search's depth: 1 to [`Limits::MAX_DEPTH`] plies.
///
/// # Errors
/// [`SettingError`] outside that.
pub fn depth(depth: i32) -> Result<(), SettingError> {
    within("depth", depth, 1, Limits::MAX_DEPTH)
}

/// A search's node cap: at least 1.
///
/// # Errors
/// [`SettingError`] for 0.
pub fn nodes(nodes: u64) -> Result<(), SettingError> {
    require(nodes >= 1, "nodes", "at least 1", nodes)
}

/// Best lines a search reports (multi-PV): 1 to [`MAX_LINES`] (a negative count is out of
/// range too, said as it was given).
///
/// # Errors
/// [`SettingError`] outside that.
pub fn lines<T>(lines: T) -> Result<usize, SettingError>
where
    T: TryInto<usize> + Display + Copy,
{
    count_within("lines", lines, MAX_LINES)
}

/// A count of any integer type from 1 to `most`, returned as a `usize`; a negative one is out
/// of range too, said as it was given.
fn count_within<T>(setting: &'static str, count: T, most: usize) -> Result<usize, SettingError>
where
    T: TryInto<usize> + Display + Copy,
{
    let n = count.try_into().unwrap_or(0);
    let rule = format!("between 1 and {most}");
    require((1..=most).contains(&n), setting, &rule, count).map(|()| n)
}

/// A hash table's size asked for: at least 1 MiB (a negative size is out of range too, said
/// as it was given). The largest is the table's own check
/// ([`crate::tt::Table::check_size`]), which asks the machine too.
///
/// # Errors
/// [`SettingError`] below 1.
pub fn hash<T>(megabytes: T) -> Result<usize, SettingError>
where
    T: TryInto<usize> + Display + Copy,
{
    let n = megabytes.try_into().unwrap_or(0);
    require(n >= 1, "hash", "at least 1 MiB", megabytes).map(|()| n)
}

/// A fixed time a move in milliseconds: at least 1 (no time at all would play no search).
///
/// # Errors
/// [`SettingError`] for 0.
pub fn movetime_ms(ms: u64) -> Result<(), SettingError> {
    require(ms >= 1, "movetime", "at least 1 ms", ms)
}

/// A search's time given as text: seconds (`5`, `0.5`) or with units (`1.5s`, `250ms`, `2m`),
/// as [`time_text::parse_duration`] reads it, and more than nothing.
///
/// # Errors
/// [`SettingError`] for `time`: nothing or less (`-1`, `0`), or not a duration (which
/// includes one of more than ten days).
pub fn move_time(text: &str) -> Result<Duration, SettingError> {
    let got = format!("'{text}'");
    // A negative time is short of the floor, not a text that cannot be read.
    let short = || SettingError {
        setting: "time",
        rule: "more than nothing".into(),
        got: got.clone(),
    };
    if text.trim_start().starts_with('-') {
        return Err(short());
    }
    let time = time_text::parse_duration(text, Unit::Seconds).map_err(|_| SettingError {
        setting: "time",
        rule: "a duration of at most ten days (e.g. 5, 0.5, 1.5s, 250ms, 2m)".into(),
        got: got.clone(),
    })?;
    if time.is_zero() {
        return Err(short());
    }
    Ok(time)
}

/// A search's depth and node caps, where set.
///
/// # Errors
/// The first [`SettingError`].
pub fn limits(limits: &Limits) -> Result<(), SettingError> {
    limits.depth.map_or(Ok(()), depth)?;
    limits.nodes.map_or(Ok(()), nodes)
}

/// The limits of an analysis asked for by `depth`, `nodes` and `time` (text, as
/// [`move_time`] reads it), each checked in that order; with none of them, the analysis takes
/// [`Limits::DEFAULT_MOVE_TIME`] ([`Limits::or_default_time`]).
///
/// # Errors
/// The first [`SettingError`].
pub fn analysis_limits(
    depth: Option<i32>,
    nodes: Option<u64>,
    time: Option<&str>,
) -> Result<Limits, SettingError> {
    let mut asked = Limits {
        depth,
        nodes,
        ..Limits::default()
    };
    self::limits(&asked)?;
    asked.move_time = time.map(move_time).transpose()?;
    Ok(asked.or_default_time())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_is_limited_as_asked_or_by_the_default_time() {
        let given = analysis_limits(Some(8), Some(5000), Some("250ms")).unwrap();
        assert_eq!(given.depth, Some(8));
        assert_eq!(given.nodes, Some(5000));
        assert_eq!(given.move_time, Some(Duration::from_millis(250)));
        let none = analysis_limits(None, None, None).unwrap();
        assert_eq!(none.move_time, Some(Limits::DEFAULT_MOVE_TIME));
        assert_eq!((none.depth, none.nodes), (None, None));
        // The depth is checked first, then the nodes, then the time.
        let err = |d, n, t| analysis_limits(d, n, t).unwrap_err().setting;
        assert_eq!(err(Some(0), Some(0), Some("0")), "depth");
        assert_eq!(err(Some(1), Some(0), Some("0")), "nodes");
        assert_eq!(err(None, None, Some("-1")), "time");
    }

    #[test]
    fn says_the_setting_as_python_and_the_command_line_name_it() {
        let e = within("first_game", 0, 1, 10).unwrap_err();
        assert_eq!(e.to_string(), "first_game must be between 1 and 10, got 0");
        assert_eq!(
            e.with_option(),
            "--first-game must be between 1 and 10, got 0"
        );
        assert!(limits(&Limits::nodes(0)).is_err());
        assert!(limits(&Limits::depth(0)).is_err());
        assert!(limits(&Limits::depth(Limits::MAX_DEPTH + 1)).is_err());
        assert!(limits(&Limits::nodes(1)).is_ok());
        assert_eq!(
            nodes(0).unwrap_err().to_string(),
            "nodes must be at least 1, got 0"
        );
        assert!(threads(0).is_err() && threads(1).is_ok());
        assert_eq!(threads(4i64), Ok(4));
        assert_eq!(
            threads(-1i64)
                .unwrap_err()
                .with_option_named("--concurrency"),
            format!("--concurrency must be between 1 and {MAX_THREADS}, got -1")
        );
        assert_eq!(
            lines(0).unwrap_err().to_string(),
            format!("lines must be between 1 and {MAX_LINES}, got 0")
        );
        assert!(lines(1).is_ok() && lines(MAX_LINES).is_ok() && lines(MAX_LINES + 1).is_err());
        assert_eq!(
            lines(-2i64).unwrap_err().with_option_named("--multipv"),
            format!("--multipv must be between 1 and {MAX_LINES}, got -2")
        );
    }

    #[test]
    fn a_hash_table_and_a_move_time_have_a_floor() {
        assert_eq!(
            hash(0).unwrap_err().with_option(),
            "--hash must be at least 1 MiB, got 0"
        );
        assert_eq!(hash(-3i64).unwrap_err().got, "-3");
        assert_eq!(hash(64u32), Ok(64));
        assert_eq!(
            movetime_ms(0).unwrap_err().with_option(),
            "--movetime must be at least 1 ms, got 0"
        );
        assert!(movetime_ms(1).is_ok());
    }

    #[test]
    fn a_move_time_is_a_duration_of_more_than_nothing() {
        assert_eq!(move_time("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(move_time("2"), Ok(Duration::from_secs(2)));
        for short in ["-1", "0", "0ms"] {
            assert_eq!(
                move_time(short).unwrap_err().with_option(),
                format!("--time must be more than nothing, got '{short}'")
            );
        }
        for unread in ["5x", "1000000", "11d"] {
            assert_eq!(
                move_time(unread).unwrap_err().with_option(),
                format!(
                    "--time must be a duration of at most ten days (e.g. 5, 0.5, 1.5s, 250ms, \
                     2m), got '{unread}'"
                )
            );
        }
    }
}
