//! Time controls as people type them (`5m+3s`, `40/2h`, `move:60s/12s`): the one syntax of
//! every command (`damier play --clock`, `damier match --tc`) and of saved games.

use crate::clock::TimeControl;
use std::time::Duration;

/// A clock text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read clock '{text}': {reason}")]
pub struct ClockSpecError {
    /// What was given.
    pub text: String,
    /// What was wrong, with the accepted forms.
    pub reason: String,
}

/// The forms [`parse_control`] accepts, for help texts and error messages.
pub const CLOCK_FORMS: &str = "none; BASE+INC, sudden death with an increment (5m+3s, or 5+3 \
for minutes+seconds); MOVES/TIME, that many moves in TIME, repeated (40/2h); \
move:TIME[/CAPTURE], a fixed time per move, CAPTURE (default TIME/5) when the only legal move \
is a capture (move:60s/12s)";

/// Read a time control (RULES.md §5) from text. See [`CLOCK_FORMS`].
///
/// # Errors
/// [`ClockSpecError`] naming the part that is wrong.
pub fn parse_control(text: &str) -> Result<TimeControl, ClockSpecError> {
    let t = text.trim().to_ascii_lowercase();
    let fail = |reason: String| ClockSpecError {
        text: text.to_string(),
        reason,
    };
    if t.is_empty() || t == "none" || t == "unlimited" || t == "off" {
        return Ok(TimeControl::Unlimited);
    }
    let positive = |d: Duration, what: &str| {
        if d.is_zero() {
            Err(fail(format!("{what} must be more than zero")))
        } else {
            Ok(d)
        }
    };
    if let Some(rest) = t.strip_prefix("move:") {
        let (time, capture) = match rest.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (rest, None),
        };
        let time = positive(
            parse_duration(time, Unit::Seconds).map_err(|e| fail(e.to_string()))?,
            "TIME",
        )?;
        let forced_capture = match capture {
            Some(c) => positive(
                parse_duration(c, Unit::Seconds).map_err(|e| fail(e.to_string()))?,
                "CAPTURE",
            )?,
            None => (time / 5).max(Duration::from_secs(1)).min(time),
        };
        if forced_capture > time {
            return Err(fail("CAPTURE must not be longer than TIME".into()));
        }
        return Ok(TimeControl::PerMove {
            time,
            forced_capture,
        });
    }
    if let Some((moves, time)) = t.split_once('/') {
        let moves: u32 = moves
            .trim()
            .parse()
            .ok()
            .filter(|&m| m > 0)
            .ok_or_else(|| fail(format!("'{moves}' is not a number of moves")))?;
        let time = positive(
            parse_duration(time, Unit::Minutes).map_err(|e| fail(e.to_string()))?,
            "TIME",
        )?;
        return Ok(TimeControl::MovesIn { moves, time });
    }
    if let Some((base, inc)) = t.split_once('+') {
        let base = positive(
            parse_duration(base, Unit::Minutes).map_err(|e| fail(e.to_string()))?,
            "BASE",
        )?;
        let increment = parse_duration(inc, Unit::Seconds).map_err(|e| fail(e.to_string()))?;
        return Ok(TimeControl::Fischer { base, increment });
    }
    // A lone duration: sudden death without increment.
    match parse_duration(&t, Unit::Minutes) {
        Ok(base) => Ok(TimeControl::Fischer {
            base: positive(base, "the time")?,
            increment: Duration::ZERO,
        }),
        Err(_) => Err(fail(format!("expected {CLOCK_FORMS}"))),
    }
}

/// The unit of a bare number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// `5` means five seconds.
    Seconds,
    /// `5` means five minutes (base times, as `5+3` is written in online play).
    Minutes,
}

/// A text that is not a duration (or not one under ten days).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a duration (e.g. 90s, 5m, 1h30m)")]
pub struct DurationError {
    /// The text given, trimmed.
    pub text: String,
}

/// Read a duration: a bare number in `bare` units, or numbers with units `h`, `m`, `s`, `ms`
/// (`1h30m`, `90s`, `1.5m`, `250ms`).
///
/// # Errors
/// [`DurationError`] naming the text.
pub fn parse_duration(text: &str, bare: Unit) -> Result<Duration, DurationError> {
    let t = text.trim();
    let bad = || DurationError {
        text: t.to_string(),
    };
    if t.is_empty() {
        return Err(bad());
    }
    if let Ok(n) = t.parse::<f64>() {
        let secs = match bare {
            Unit::Seconds => n,
            Unit::Minutes => n * 60.0,
        };
        return seconds(secs).ok_or_else(bad);
    }
    let mut total = 0.0;
    let mut rest = t;
    while !rest.is_empty() {
        let num_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let unit_len = rest[num_len..]
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len() - num_len);
        let n: f64 = rest[..num_len].parse().map_err(|_| bad())?;
        let factor = match &rest[num_len..num_len + unit_len] {
            "h" => 3600.0,
            "m" | "min" => 60.0,
            "s" => 1.0,
            "ms" => 0.001,
            _ => return Err(bad()),
        };
        total += n * factor;
        rest = &rest[num_len + unit_len..];
    }
    seconds(total).ok_or_else(bad)
}

/// A duration of `s` seconds, if that is a sensible clock time (under ten days).
fn seconds(s: f64) -> Option<Duration> {
    (s.is_finite() && (0.0..=864_000.0).contains(&s)).then(|| Duration::from_secs_f64(s))
}

/// A duration in the shortest form [`parse_duration`] reads back (`1h30m`, `45s`, `1500ms`).
pub fn duration_spec(d: Duration) -> String {
    let ms = d.as_millis();
    if !ms.is_multiple_of(1000) {
        return format!("{ms}ms");
    }
    let s = ms / 1000;
    if s == 0 {
        return "0s".into();
    }
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut out = String::new();
    for (n, unit) in [(h, "h"), (m, "m"), (s, "s")] {
        if n > 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    out
}

/// A time control written so that [`parse_control`] reads it back (`5m+3s`, `40/2h`,
/// `move:60s/12s`, `none`).
pub fn control_spec(control: TimeControl) -> String {
    match control {
        TimeControl::Unlimited => "none".into(),
        TimeControl::Fischer { base, increment } => {
            format!("{}+{}", duration_spec(base), duration_spec(increment))
        }
        TimeControl::MovesIn { moves, time } => format!("{moves}/{}", duration_spec(time)),
        TimeControl::PerMove {
            time,
            forced_capture,
        } => format!(
            "move:{}/{}",
            duration_spec(time),
            duration_spec(forced_capture)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn reads_every_form_and_writes_it_back() {
        let cases = [
            (
                "5m+3s",
                TimeControl::Fischer {
                    base: secs(300),
                    increment: secs(3),
                },
            ),
            (
                "5+3",
                TimeControl::Fischer {
                    base: secs(300),
                    increment: secs(3),
                },
            ),
            (
                "90s",
                TimeControl::Fischer {
                    base: secs(90),
                    increment: Duration::ZERO,
                },
            ),
            (
                "40/2h",
                TimeControl::MovesIn {
                    moves: 40,
                    time: secs(7200),
                },
            ),
            (
                "25/50",
                TimeControl::MovesIn {
                    moves: 25,
                    time: secs(3000),
                },
            ),
            (
                "move:60s/12s",
                TimeControl::PerMove {
                    time: secs(60),
                    forced_capture: secs(12),
                },
            ),
            (
                "move:5m",
                TimeControl::PerMove {
                    time: secs(300),
                    forced_capture: secs(60),
                },
            ),
            ("none", TimeControl::Unlimited),
        ];
        for (text, control) in cases {
            assert_eq!(parse_control(text), Ok(control), "{text}");
            assert_eq!(parse_control(&control_spec(control)), Ok(control), "{text}");
        }
        assert_eq!(control_spec(cases[0].1), "5m+3s");
        assert_eq!(parse_duration("1h30m", Unit::Seconds), Ok(secs(5400)));
        assert_eq!(parse_duration("1.5m", Unit::Seconds), Ok(secs(90)));
        assert_eq!(duration_spec(Duration::from_millis(1500)), "1500ms");
    }

    #[test]
    fn refuses_nonsense_with_a_reason() {
        for bad in [
            "5x",
            "0+3",
            "x/5m",
            "move:",
            "move:10s/20s",
            "-5",
            "1e99",
            "3q+2",
        ] {
            let err = parse_control(bad).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with(&format!("cannot read clock '{bad}'")),
                "{err}"
            );
        }
    }
}
