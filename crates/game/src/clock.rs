//! Clocks of RULES.md §5, reading time from an injectable [`TimeSource`] so that tests move
//! time by hand instead of sleeping.

use damier_core::{Color, Variant};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where a clock reads the time: a monotonic duration since any fixed origin.
pub trait TimeSource: Send + Sync {
    /// Time elapsed since the source's origin.
    fn now(&self) -> Duration;
}

/// Real time, from [`Instant`].
#[derive(Clone, Copy, Debug)]
pub struct SystemTime {
    origin: Instant,
}

impl SystemTime {
    /// A source whose origin is now.
    pub fn new() -> SystemTime {
        SystemTime {
            origin: Instant::now(),
        }
    }
}

impl Default for SystemTime {
    fn default() -> Self {
        SystemTime::new()
    }
}

impl TimeSource for SystemTime {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// Time that moves only when told to; clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualTime(Arc<Mutex<Duration>>);

impl ManualTime {
    /// A source at time zero.
    pub fn new() -> ManualTime {
        ManualTime::default()
    }

    /// Move time forward.
    pub fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How much time the players have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clock.
    Unlimited,
    /// `moves` moves in `time`, repeated: after each `moves` moves the player gets `time`
    /// more and keeps what was unused (International, Canadian, Russian).
    MovesIn {
        /// Moves per period.
        moves: u32,
        /// Time per period.
        time: Duration,
    },
    /// A fixed time for each move, shorter when the only legal move is a capture (English,
    /// Pool; seed 004: "less time allowed for situations in which there is one, and only one,
    /// capturing move possible"). Unused time is not kept.
    PerMove {
        /// Time for an ordinary move.
        time: Duration,
        /// Time when the only legal move is a capture.
        forced_capture: Duration,
    },
    /// Sudden death with a Fischer increment: `base` for the game, `increment` added after each
    /// move.
    Fischer {
        /// Time for the game.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

/// What happens to a player whose time runs out (seed 000 for giveaway play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeoutPenalty {
    /// The player loses the game.
    #[default]
    LossOfGame,
    /// The player loses the turn; the opponent may move or pass; three in a row lose.
    LossOfTurn,
}

impl TimeoutPenalty {
    /// The penalty if `variant` plays by it: every variant may lose the game on time; loss of
    /// turn is a giveaway rule (RULES.md §5).
    ///
    /// # Errors
    /// [`PenaltyRefused`] for loss of turn outside the giveaway forms.
    pub fn in_variant(self, variant: Variant) -> Result<TimeoutPenalty, PenaltyRefused> {
        match self {
            TimeoutPenalty::LossOfTurn if !variant.giveaway => Err(PenaltyRefused { variant }),
            penalty => Ok(penalty),
        }
    }
}

/// A penalty name that is neither penalty's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the time-out penalty must be game or turn, got '{0}'")]
pub struct UnknownPenalty(pub String);

impl std::str::FromStr for TimeoutPenalty {
    type Err = UnknownPenalty;

    /// `game` (or `loss`) and `turn`, in any case: what a player loses on time.
    fn from_str(text: &str) -> Result<TimeoutPenalty, UnknownPenalty> {
        match text.to_ascii_lowercase().as_str() {
            "game" | "loss" => Ok(TimeoutPenalty::LossOfGame),
            "turn" => Ok(TimeoutPenalty::LossOfTurn),
            _ => Err(UnknownPenalty(text.to_string())),
        }
    }
}

/// Loss of turn asked for in a variant that is not a giveaway form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("loss of turn on time is a giveaway rule (RULES.md §5); {variant} loses the game on time")]
pub struct PenaltyRefused {
    /// The variant asked for.
    pub variant: Variant,
}

/// A player ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} ran out of time", .color.name())]
pub struct TimeUp {
    /// Whose time ran out.
    pub color: Color,
}

#[derive(Clone, Copy, Debug)]
struct Turn {
    color: Color,
    started: Duration,
    /// Time the player may use on this turn.
    allowed: Duration,
}

/// A clock as plain data ([`Clock::state`], [`Clock::restore`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Time banked per side, White first.
    pub bank: [Duration; 2],
    /// Moves made per side.
    pub moves_made: [u32; 2],
    /// The running turn.
    pub turn: Option<TurnState>,
}

/// A running turn as plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// White's turn (else Black's).
    pub white: bool,
    /// Time used so far.
    pub used: Duration,
    /// Time the turn may use.
    pub allowed: Duration,
}

/// Both players' clocks.
///
/// A turn is timed from [`Clock::start_turn`] to [`Clock::end_turn`]; time is up as soon as a
/// player's allowance reaches zero (a move made at that instant is too late).
pub struct Clock {
    control: TimeControl,
    source: Arc<dyn TimeSource>,
    /// Time banked per side (unused for `PerMove` and `Unlimited`).
    bank: [Duration; 2],
    moves_made: [u32; 2],
    turn: Option<Turn>,
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clock")
            .field("control", &self.control)
            .field("bank", &self.bank)
            .field("moves_made", &self.moves_made)
            .field("turn", &self.turn)
            .finish()
    }
}

impl Clock {
    /// A clock for `control`, reading `source`.
    pub fn new(control: TimeControl, source: Arc<dyn TimeSource>) -> Clock {
        let start = match control {
            TimeControl::MovesIn { time, .. } => time,
            TimeControl::Fischer { base, .. } => base,
            TimeControl::Unlimited | TimeControl::PerMove { .. } => Duration::ZERO,
        };
        Clock {
            control,
            source,
            bank: [start; 2],
            moves_made: [0; 2],
            turn: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose turn is being timed.
    pub fn running(&self) -> Option<Color> {
        self.turn.map(|t| t.color)
    }

    /// Start timing `color`'s turn. `forced_capture`: the only legal move is a capture (it
    /// shortens the turn under [`TimeControl::PerMove`]). A turn already running is replaced.
    pub fn start_turn(&mut self, color: Color, forced_capture: bool) {
        let allowed = match self.control {
            TimeControl::Unlimited => Duration::MAX,
            TimeControl::PerMove {
                time,
                forced_capture: short,
            } => {
                if forced_capture {
                    short
                } else {
                    time
                }
            }
            TimeControl::MovesIn { .. } | TimeControl::Fischer { .. } => self.bank[color as usize],
        };
        self.turn = Some(Turn {
            color,
            started: self.source.now(),
            allowed,
        });
    }

    /// Time `color` has left: on its running turn, what remains of the turn; otherwise its
    /// bank (or the per-move allowance). `None` without a clock.
    pub fn remaining(&self, color: Color) -> Option<Duration> {
        match (self.control, self.turn) {
            (TimeControl::Unlimited, _) => None,
            (_, Some(t)) if t.color == color => Some(t.allowed.saturating_sub(self.used(&t))),
            (TimeControl::PerMove { time, .. }, _) => Some(time),
            _ => Some(self.bank[color as usize]),
        }
    }

    /// Moves `color` must still make before its next time allowance (`MovesIn` only).
    pub fn moves_to_control(&self, color: Color) -> Option<u32> {
        match self.control {
            TimeControl::MovesIn { moves, .. } if moves > 0 => {
                Some(moves - self.moves_made[color as usize] % moves)
            }
            _ => None,
        }
    }

    /// The player whose running turn has used all of its time.
    pub fn flagged(&self) -> Option<Color> {
        let t = self.turn?;
        (self.used(&t) >= t.allowed).then_some(t.color)
    }

    /// End the running turn with a move: charge the time used, then add what the control
    /// gives after a move (a new period, an increment).
    ///
    /// # Errors
    /// [`TimeUp`] if the turn used all of its time; nothing is charged or added then.
    pub fn end_turn(&mut self) -> Result<Duration, TimeUp> {
        let Some(t) = self.turn else {
            return Ok(Duration::ZERO);
        };
        let used = self.used(&t);
        if used >= t.allowed {
            return Err(TimeUp { color: t.color });
        }
        self.turn = None;
        let c = t.color as usize;
        self.moves_made[c] += 1;
        match self.control {
            TimeControl::MovesIn { moves, time } => {
                self.bank[c] -= used;
                if moves > 0 && self.moves_made[c].is_multiple_of(moves) {
                    self.bank[c] += time;
                }
            }
            TimeControl::Fischer { increment, .. } => {
                self.bank[c] = self.bank[c] - used + increment;
            }
            TimeControl::PerMove { .. } | TimeControl::Unlimited => {}
        }
        Ok(used)
    }

    /// Stop the running turn without a move (a forfeited turn): the time used is charged.
    pub fn abandon_turn(&mut self) {
        if let Some(t) = self.turn.take() {
            let used = self.used(&t);
            let c = t.color as usize;
            if matches!(
                self.control,
                TimeControl::MovesIn { .. } | TimeControl::Fischer { .. }
            ) {
                self.bank[c] = self.bank[c].saturating_sub(used);
            }
        }
    }

    /// What the clock holds, as plain data; a running turn with the time it has used.
    pub fn state(&self) -> ClockState {
        ClockState {
            bank: self.bank,
            moves_made: self.moves_made,
            turn: self.turn.map(|t| TurnState {
                white: t.color == Color::White,
                used: self.used(&t),
                allowed: t.allowed,
            }),
        }
    }

    /// A clock for `control` in `state`, reading `source`: a running turn goes on from the
    /// time it had used.
    pub fn restore(control: TimeControl, source: Arc<dyn TimeSource>, state: &ClockState) -> Clock {
        let now = source.now();
        let turn = state.turn.map(|t| Turn {
            color: if t.white { Color::White } else { Color::Black },
            // A source that started less than `used` ago cannot go back that far: the turn
            // then starts now with its allowance cut by what it had used.
            started: now.saturating_sub(t.used),
            allowed: t.allowed.saturating_sub(t.used.saturating_sub(now)),
        });
        Clock {
            control,
            source,
            bank: state.bank,
            moves_made: state.moves_made,
            turn,
        }
    }

    fn used(&self, t: &Turn) -> Duration {
        self.source.now().saturating_sub(t.started)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_penalty_is_read_by_its_name_and_refused_outside_giveaway() {
        assert_eq!("Game".parse(), Ok(TimeoutPenalty::LossOfGame));
        assert_eq!("loss".parse(), Ok(TimeoutPenalty::LossOfGame));
        assert_eq!("TURN".parse(), Ok(TimeoutPenalty::LossOfTurn));
        assert_eq!(
            "move".parse::<TimeoutPenalty>().unwrap_err().to_string(),
            "the time-out penalty must be game or turn, got 'move'"
        );
        let giveaway: Variant = "antidraughts".parse().unwrap();
        assert!(TimeoutPenalty::LossOfTurn.in_variant(giveaway).is_ok());
        assert!(TimeoutPenalty::LossOfTurn
            .in_variant(Variant::INTERNATIONAL)
            .is_err());
    }
}
