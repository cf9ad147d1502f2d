//! Score and Elo difference with a 95% confidence interval, from a series of game results.

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference and its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate (positive: the first player is stronger); infinite after a clean sweep.
    pub elo: f64,
    /// Half-width of the 95% interval (0 after a clean sweep: see `bound`).
    pub margin: f64,
    /// The end of the 95% Wilson interval nearer to zero: after a clean sweep, the Elo
    /// difference is at least this (or at most, for a sweep against).
    pub bound: f64,
}

/// Elo difference for a score fraction `p` (0 < p < 1).
fn elo_of(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

impl Tally {
    /// Count a game worth `points` (1, ½ or 0) to the first player.
    pub fn add(&mut self, points: f64) {
        if points >= 1.0 {
            self.wins += 1;
        } else if points <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points of the first player (a draw is half a point).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The first player's score fraction.
    pub fn score(&self) -> f64 {
        self.points() / f64::from(self.games().max(1))
    }

    /// The Elo difference, with the interval from the standard error of the mean score
    /// (each game scoring 1, ½ or 0). `None` before the first game; a clean sweep gives an
    /// infinite estimate.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let p = self.score();
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let variance = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
        let se = (variance / n).sqrt();
        let clamp = |x: f64| x.clamp(1e-9, 1.0 - 1e-9);
        let (lo, hi) = (clamp(p - 1.96 * se), clamp(p + 1.96 * se));
        let elo = if p <= 0.0 {
            f64::NEG_INFINITY
        } else if p >= 1.0 {
            f64::INFINITY
        } else {
            elo_of(p)
        };
        // Wilson's interval stays inside (0, 1) even when every game went one way.
        let z2 = 1.96f64 * 1.96;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        let bound = if p >= 0.5 {
            elo_of(clamp(centre - half))
        } else {
            elo_of(clamp(centre + half))
        };
        Some(EloEstimate {
            elo,
            margin: (elo_of(hi) - elo_of(lo)) / 2.0,
            bound,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_and_lopsided_scores() {
        let even = Tally {
            wins: 10,
            draws: 80,
            losses: 10,
        };
        let e = even.elo().unwrap();
        assert!(e.elo.abs() < 1e-9);
        assert!(e.margin > 10.0 && e.margin < 60.0, "{}", e.margin);
        // 75% is about +191 Elo.
        let strong = Tally {
            wins: 60,
            draws: 30,
            losses: 10,
        };
        let s = strong.elo().unwrap();
        assert!((s.elo - 190.8).abs() < 1.0, "{}", s.elo);
        assert_eq!(Tally::default().elo(), None);
        let sweep = Tally {
            wins: 10,
            draws: 0,
            losses: 0,
        }
        .elo()
        .unwrap();
        assert!(sweep.elo.is_infinite());
        // Ten wins out of ten: at least +125 Elo or so with 95% confidence.
        assert!(
            sweep.bound > 100.0 && sweep.bound < 300.0,
            "{}",
            sweep.bound
        );
    }
}
