//! The ranges of self-play's and training's settings, checked in one place for the command
//! line, Python and any other caller, in one wording.

use damier_engine::{Limits, MAX_THREADS};

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
        format!("{} must be {}, got {}", self.option(), self.rule, self.got)
    }
}

/// `value` within `low..=high`, or the error saying so.
pub(crate) fn within<T>(
    setting: &'static str,
    value: T,
    low: T,
    high: T,
) -> Result<(), SettingError>
where
    T: PartialOrd + std::fmt::Display,
{
    if value >= low && value <= high {
        Ok(())
    } else {
        Err(SettingError {
            setting,
            rule: format!("between {low} and {high}"),
            got: value.to_string(),
        })
    }
}

/// `holds`, or `setting` must be `rule`.
pub(crate) fn require(
    holds: bool,
    setting: &'static str,
    rule: &str,
    got: impl std::fmt::Display,
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

/// Threads for games or training: 1 to the engine's most.
pub(crate) fn threads(threads: usize) -> Result<(), SettingError> {
    within("threads", threads, 1, MAX_THREADS)
}

/// A search's node or depth cap.
pub(crate) fn limits(limits: &Limits) -> Result<(), SettingError> {
    if let Some(nodes) = limits.nodes {
        require(nodes >= 1, "nodes", "at least 1", nodes)?;
    }
    if let Some(depth) = limits.depth {
        within("depth", depth, 1, Limits::MAX_DEPTH)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(threads(0).is_err() && threads(1).is_ok());
    }
}
