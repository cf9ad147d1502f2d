//! Time management: turns [`Limits`] into a soft target (stop after an iteration past it) and
//! a hard maximum (stop at once). A fixed time per move has no later move to save for, so its
//! target is its maximum: the search deepens until the time is up, and the iteration cut short
//! still counts for the moves it finished (`search::root`).

use crate::limits::Limits;
use std::time::Duration;

/// Time kept in reserve for the interface and the operating system on every move.
const OVERHEAD: Duration = Duration::from_millis(20);

/// What a move costs beyond its search, at worst, on a busy machine: waiting to be scheduled,
/// the interface's messages.
const LATENCY: Duration = Duration::from_millis(10);

/// The reserve out of a fixed time per move: [`OVERHEAD`], but never more than a fifth of it,
/// so that a short time per move (a fast match, `--time 15ms`) still searches most of it.
fn reserve_of(move_time: Duration) -> Duration {
    OVERHEAD.min(move_time / 5)
}

/// A search's time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Start no new iteration after this much time.
    pub optimum: Duration,
    /// Stop searching at once after this much time.
    pub maximum: Duration,
    /// A fixed time per move: what a move leaves unused is lost, not saved for later moves.
    pub per_move: bool,
}

impl TimeBudget {
    /// The budget for `limits`; `None` when no time limit applies.
    pub fn new(limits: &Limits) -> Option<TimeBudget> {
        if let Some(t) = limits.move_time {
            let t = t
                .saturating_sub(reserve_of(t))
                .max(Duration::from_millis(1));
            return Some(TimeBudget {
                optimum: t,
                maximum: t,
                per_move: true,
            });
        }
        let c = limits.clock?;
        // Sudden death: plan as if 30 more moves were to come, fewer as time runs short.
        let moves = c.moves_to_go.unwrap_or(30).clamp(1, 50);
        // Without an increment nothing pays for what each move costs beyond its search: keep
        // that for the moves to come (to the control, or a long game's last 80 in sudden
        // death: a match adjudicates at 200), so that a long game at a short clock still ends
        // on the board (5 s sudden death, 131 moves: a loss on time without it).
        let reserve = match (c.increment.is_zero(), c.moves_to_go) {
            (false, _) => Duration::ZERO,
            (true, Some(to_go)) => LATENCY * to_go,
            (true, None) => LATENCY * 80,
        };
        let left = c.remaining.saturating_sub(OVERHEAD + reserve);
        let share = left / moves + c.increment.mul_f64(0.8);
        let cap = if moves == 1 {
            left.mul_f64(0.9)
        } else {
            left.mul_f64(0.4)
        };
        let optimum = share.min(cap).max(Duration::from_millis(1));
        let maximum = (share * 4).min(cap).max(optimum);
        Some(TimeBudget {
            optimum,
            maximum,
            per_move: false,
        })
    }

    /// The soft target scaled by how unsettled the search is: `instability` 0 (the same best
    /// move for several iterations) gives a little less than the optimum, higher values more,
    /// never past the maximum. A fixed time per move is spent whole.
    pub fn target(&self, instability: f64) -> Duration {
        if self.per_move {
            return self.maximum;
        }
        let factor = (0.6 + 0.5 * instability).clamp(0.5, 2.5);
        self.optimum.mul_f64(factor).min(self.maximum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::ClockLimit;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let fixed = TimeBudget::new(&Limits::move_time(Duration::from_secs(2))).unwrap();
        assert!(fixed.maximum <= Duration::from_secs(2));
        let clock = |remaining, moves_to_go| Limits {
            clock: Some(ClockLimit {
                remaining,
                increment: Duration::ZERO,
                moves_to_go,
            }),
            ..Limits::default()
        };
        // 10 moves in 60 s: about 6 s each, never more than 40% of what is left.
        let b = TimeBudget::new(&clock(Duration::from_secs(60), Some(10))).unwrap();
        assert!(b.optimum > Duration::from_secs(5) && b.optimum < Duration::from_secs(7));
        assert!(b.maximum <= Duration::from_secs(24));
        // The last move before the control may use most of the time.
        let last = TimeBudget::new(&clock(Duration::from_secs(10), Some(1))).unwrap();
        assert!(last.maximum <= Duration::from_secs(9));
        assert!(TimeBudget::new(&Limits::depth(5)).is_none());
        assert!(b.target(3.0) <= b.maximum && b.target(0.0) < b.optimum);
    }

    #[test]
    fn a_fixed_time_per_move_is_searched_to_its_end_however_settled() {
        let fixed = TimeBudget::new(&Limits::move_time(Duration::from_millis(300))).unwrap();
        assert!(fixed.per_move);
        assert_eq!(fixed.target(0.0), fixed.maximum);
        assert_eq!(fixed.target(3.0), fixed.maximum);
        let clock = Limits {
            clock: Some(ClockLimit {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves_to_go: Some(10),
            }),
            ..Limits::default()
        };
        let b = TimeBudget::new(&clock).unwrap();
        assert!(!b.per_move && b.target(0.0) < b.maximum);
    }

    /// Sudden death without an increment, each move taking its target and a worst-case
    /// latency besides: a game of 200 moves still ends with time on the clock.
    #[test]
    fn a_long_game_at_a_short_clock_keeps_time_for_every_move() {
        let mut remaining = Duration::from_secs(5);
        for _ in 0..200 {
            let limits = Limits {
                clock: Some(ClockLimit {
                    remaining,
                    increment: Duration::ZERO,
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
            let b = TimeBudget::new(&limits).unwrap();
            let used = b.target(0.8).max(Duration::from_millis(1)) + LATENCY / 2;
            assert!(used < remaining, "{remaining:?} left, {used:?} used");
            remaining -= used;
        }
    }

    #[test]
    fn a_short_time_per_move_is_mostly_searched() {
        let budget = |ms| {
            TimeBudget::new(&Limits::move_time(Duration::from_millis(ms)))
                .unwrap()
                .maximum
        };
        // Long enough: the whole reserve is kept.
        assert_eq!(budget(1000), Duration::from_millis(980));
        assert_eq!(budget(100), Duration::from_millis(80));
        // Shorter: a fifth is kept, where the whole reserve would leave 1 ms of 15.
        assert_eq!(budget(15), Duration::from_millis(12));
        assert_eq!(budget(50), Duration::from_millis(40));
    }
}
