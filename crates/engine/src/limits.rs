//! What bounds a search: depth, nodes, a time per move, or a game clock; and the playing
//! levels offered to casual players.

use crate::score::Depth;
use damier_core::Color;
use damier_game::{Clock, TimeControl};
use std::time::Duration;

/// A game clock as the side to move sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLimit {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move (Fischer).
    pub increment: Duration,
    /// Moves to make before the next time control, if the control is "moves in time".
    pub moves_to_go: Option<u32>,
}

/// Everything that may stop a search. The search stops at the first limit reached; with none
/// set it runs until told to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<Depth>,
    /// Nodes to search (all threads together).
    pub nodes: Option<u64>,
    /// Time to spend on this move.
    pub move_time: Option<Duration>,
    /// A clock to manage.
    pub clock: Option<ClockLimit>,
}

impl Limits {
    /// The deepest iteration a caller may ask for (`analyze --depth`, Hub's `level depth=`, a
    /// match's `damier:depth=`): the search's ply limit less room for the quiescence search
    /// beyond the last iteration.
    pub const MAX_DEPTH: Depth = 100;

    /// Search to `depth` plies.
    pub fn depth(depth: Depth) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for `time`.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }

    /// No limit: analysis until stopped.
    pub fn infinite() -> Limits {
        Limits::default()
    }

    /// The limits a game clock sets for `color`'s move (RULES.md §5 controls). `None` when
    /// the game has no clock.
    pub fn for_clock(clock: &Clock, color: Color) -> Option<Limits> {
        let remaining = clock.remaining(color)?;
        Some(match clock.control() {
            TimeControl::Unlimited => return None,
            TimeControl::PerMove { .. } => Limits::move_time(remaining),
            TimeControl::MovesIn { .. } => Limits {
                clock: Some(ClockLimit {
                    remaining,
                    increment: Duration::ZERO,
                    moves_to_go: clock.moves_to_control(color),
                }),
                ..Limits::default()
            },
            TimeControl::Fischer { increment, .. } => Limits {
                clock: Some(ClockLimit {
                    remaining,
                    increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
        })
    }

    /// Whether any limit is set.
    pub fn is_bounded(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.move_time.is_some()
            || self.clock.is_some()
    }

    /// The time an analysis given no limit takes ([`Limits::or_default_time`]).
    pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

    /// These limits, or [`Limits::DEFAULT_MOVE_TIME`] when none is set: an analysis asked for
    /// without a limit ends by itself rather than running until stopped.
    pub fn or_default_time(self) -> Limits {
        if self.is_bounded() {
            self
        } else {
            Limits::move_time(Limits::DEFAULT_MOVE_TIME)
        }
    }
}

/// Who plays a side of a game: a person, or the engine at a level. The terminal and the
/// server seat their players with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person.
    Human,
    /// The engine at a level.
    Engine(Level),
}

impl Player {
    /// Whether a person plays this side.
    pub fn is_human(self) -> bool {
        self == Player::Human
    }

    /// The name shown and written in a saved game's `White`/`Black` tag. A fixed search
    /// `depth` replaces the level's own limits, so it is what the engine is named by; a level
    /// below full strength is named too, as its style (noise, slips) still plays.
    pub fn name(self, depth: Option<i32>) -> String {
        match (self, depth) {
            (Player::Human, _) => "Human".into(),
            (Player::Engine(level), Some(d)) if level.number() == Level::MAX => {
                format!("Damier at depth {d}")
            }
            (Player::Engine(level), Some(d)) => {
                format!("Damier level {} at depth {d}", level.number())
            }
            (Player::Engine(level), None) => format!("Damier level {}", level.number()),
        }
    }
}

/// A playing strength for casual players: 1 (a beginner who blunders plausibly) to
/// [`Level::MAX`] (full strength within the time given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Deepest iteration (`None`: no depth limit).
    pub depth: Option<Depth>,
    /// Time per move at most (`None`: the clock or the caller decides).
    pub move_time: Option<Duration>,
    /// Random noise added to the evaluation, in hundredths of a man (plausible misjudgements).
    pub noise: i32,
    /// Chance, in percent, of playing a random one of the better-looking moves instead of the
    /// best (plausible blunders).
    pub blunder_percent: u8,
}

impl Level {
    /// The strongest level.
    pub const MAX: u8 = 10;
    /// The level `damier play` offers by default.
    pub const DEFAULT: Level = Level(5);

    /// Level `n`, if it is between 1 and [`Level::MAX`].
    pub fn new(n: u8) -> Option<Level> {
        (1..=Level::MAX).contains(&n).then_some(Level(n))
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// How the level plays. Depth grows and noise shrinks level by level; the top level is
    /// limited only by the time the caller gives.
    pub fn settings(self) -> LevelSettings {
        let (depth, ms, noise, blunder) = match self.0 {
            1 => (Some(1), 100, 120, 30),
            2 => (Some(2), 150, 80, 20),
            3 => (Some(3), 200, 50, 12),
            4 => (Some(4), 300, 30, 6),
            5 => (Some(6), 500, 15, 3),
            6 => (Some(8), 800, 8, 0),
            7 => (Some(11), 1200, 0, 0),
            8 => (Some(14), 2000, 0, 0),
            9 => (None, 3000, 0, 0),
            _ => (None, 5000, 0, 0),
        };
        LevelSettings {
            depth,
            move_time: Some(Duration::from_millis(ms)),
            noise,
            blunder_percent: blunder,
        }
    }

    /// The limits of a move at this level, tightened by a clock's limits if there is one.
    pub fn limits(self, clock: Option<Limits>) -> Limits {
        let s = self.settings();
        let mut limits = clock.unwrap_or_default();
        limits.depth = match (limits.depth, s.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if limits.clock.is_none() {
            limits.move_time = match (limits.move_time, s.move_time) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        limits
    }
}

/// A level that is not a number from 1 to [`Level::MAX`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level must be a number from 1 to {max}, got '{text}'", max = Level::MAX)]
pub struct LevelError {
    /// The text given.
    pub text: String,
}

impl std::str::FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError {
                text: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_without_a_limit_takes_five_seconds() {
        assert_eq!(
            Limits::default().or_default_time(),
            Limits::move_time(Duration::from_secs(5))
        );
        assert_eq!(Limits::depth(3).or_default_time(), Limits::depth(3));
    }

    #[test]
    fn a_level_is_a_number_from_one_to_ten() {
        assert_eq!("3".parse::<Level>(), Ok(Level::new(3).unwrap()));
        let err = "11".parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "level must be a number from 1 to 10, got '11'"
        );
    }

    #[test]
    fn levels_grow_stronger() {
        let all: Vec<LevelSettings> = (1..=Level::MAX)
            .map(|n| Level::new(n).unwrap().settings())
            .collect();
        for pair in all.windows(2) {
            assert!(pair[0].noise >= pair[1].noise);
            assert!(pair[0].blunder_percent >= pair[1].blunder_percent);
            assert!(pair[0].move_time <= pair[1].move_time);
        }
        assert_eq!(Level::new(0), None);
        assert!("11".parse::<Level>().is_err());
        assert_eq!("3".parse::<Level>().unwrap().number(), 3);
    }

    #[test]
    fn a_level_respects_a_clock() {
        let clock = Limits::move_time(Duration::from_millis(50));
        let l = Level::new(10).unwrap().limits(Some(clock));
        assert_eq!(l.move_time, Some(Duration::from_millis(50)));
    }
}
