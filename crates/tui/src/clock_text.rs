//! Clock readings as people read them (`4:32`, `0:09.3`) and time controls in words; the
//! time-control syntax itself lives in `damier_game::time_text`, shared by every command.

pub use damier_game::time_text::{
    control_spec, duration_spec, parse_control, parse_duration, ClockSpecError, Unit, CLOCK_FORMS,
};
use damier_game::TimeControl;
use std::time::Duration;

/// A time control in words, for the opening line of a game.
pub fn control_words(control: TimeControl) -> String {
    match control {
        TimeControl::Unlimited => "no clock".into(),
        TimeControl::Fischer { base, increment } if increment.is_zero() => {
            format!("{} each, sudden death", duration_spec(base))
        }
        TimeControl::Fischer { base, increment } => format!(
            "{} each plus {} a move",
            duration_spec(base),
            duration_spec(increment)
        ),
        TimeControl::MovesIn { moves, time } => {
            format!("{moves} moves in {}, repeated", duration_spec(time))
        }
        TimeControl::PerMove {
            time,
            forced_capture,
        } => format!(
            "{} a move ({} for a forced capture)",
            duration_spec(time),
            duration_spec(forced_capture)
        ),
    }
}

/// A clock reading: `1:05:00`, `4:32`, and tenths under ten seconds (`0:09.3`). Time is
/// rounded down, so `0:00.0` shows only when the time is up.
pub fn clock_reading(d: Duration) -> String {
    let ms = d.as_millis();
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 10 {
        format!("{}:{:02}", s / 60, s % 60)
    } else {
        format!("0:{:02}.{}", s, ms % 1000 / 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn clock_readings() {
        assert_eq!(clock_reading(secs(3900)), "1:05:00");
        assert_eq!(clock_reading(secs(272)), "4:32");
        assert_eq!(clock_reading(Duration::from_millis(9390)), "0:09.3");
        assert_eq!(clock_reading(Duration::ZERO), "0:00.0");
    }
}
