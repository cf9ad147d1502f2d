//! The sequential probability ratio test that engine testing frameworks run: play until the
//! games say, with chosen error rates, whether the first player is `elo1` stronger (H1) or
//! only `elo0` (H0).
//!
//! Games are counted in pairs (the same opening with colours reversed), each pair scoring 0,
//! ½, 1, 1½ or 2 for the first player (the pentanomial model, which takes the openings'
//! bias out of the variance). The log-likelihood ratio is the generalised one: for each
//! hypothesis the most likely distribution of pair scores whose mean is that hypothesis's
//! expected score, compared on the observed frequencies. Elo is logistic: a difference `d`
//! gives an expected score `1 / (1 + 10^(−d/400))`.

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H1: the first player is at least `elo1` stronger.
    AcceptH1,
    /// H0: it is at most `elo0` stronger.
    AcceptH0,
}

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative.
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Why a test's settings were refused.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("--sprt {text}: {message}")]
pub struct SprtError {
    text: String,
    message: String,
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (default 0.05 each).
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let bad = |message: &str| SprtError {
            text: text.to_string(),
            message: message.to_string(),
        };
        let numbers: Vec<f64> = text
            .split(',')
            .map(|w| w.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad("expected ELO0,ELO1[,ALPHA,BETA], numbers separated by commas"))?;
        let (elo0, elo1, alpha, beta) = match numbers[..] {
            [a, b] => (a, b, 0.05, 0.05),
            [a, b, c, d] => (a, b, c, d),
            _ => {
                return Err(bad(
                    "expected two numbers (ELO0,ELO1) or four (ELO0,ELO1,ALPHA,BETA)",
                ))
            }
        };
        if !numbers.iter().all(|x| x.is_finite()) || elo0.abs() > 1000.0 || elo1.abs() > 1000.0 {
            return Err(bad("the Elo bounds must be between -1000 and 1000"));
        }
        if elo1 <= elo0 {
            return Err(bad("ELO1 must be greater than ELO0"));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(bad("ALPHA and BETA must be between 0 and 0.5"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

/// Pair scores for the first player, in half points: index `k` is `k/2` points of 2.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The expected score of an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution closest to `p` (most likely, given outcomes observed with frequencies
/// `p`) among those over `scores` whose mean is `mean`: `q_i = p_i / (1 + λ(a_i − mean))`
/// with `λ` the root of `Σ p_i (a_i − mean) / (1 + λ(a_i − mean)) = 0`.
fn closest_with_mean(p: &[f64], scores: &[f64], mean: f64) -> Vec<f64> {
    let lo_a = scores.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi_a = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    // 1 + λ(a − mean) > 0 for every outcome bounds λ on both sides.
    let (mut lo, mut hi) = (-1.0 / (hi_a - mean), 1.0 / (mean - lo_a));
    let f = |l: f64| -> f64 {
        p.iter()
            .zip(scores)
            .map(|(pi, a)| pi * (a - mean) / (1.0 + l * (a - mean)))
            .sum()
    };
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        // f falls as λ grows.
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = (lo + hi) / 2.0;
    p.iter()
        .zip(scores)
        .map(|(pi, a)| pi / (1.0 + l * (a - mean)))
        .collect()
}

impl Sprt {
    /// The bounds (lower, upper) of the log-likelihood ratio: below the lower one H0 is
    /// accepted, above the upper one H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs[k]` pairs scored `k/2` points.
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        let n: f64 = pairs.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return 0.0;
        }
        // An outcome not yet seen counts as a sliver, so that a one-sided start does not
        // make the ratio infinite (as the testing frameworks do).
        let counts: Vec<f64> = pairs
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { f64::from(c) })
            .collect();
        let total: f64 = counts.iter().sum();
        let p: Vec<f64> = counts.iter().map(|c| c / total).collect();
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let q0 = closest_with_mean(&p, &PAIR_SCORES, s0);
        let q1 = closest_with_mean(&p, &PAIR_SCORES, s1);
        n * p
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(pi, (a, b))| pi * (b / a).ln())
            .sum::<f64>()
    }

    /// The decision the ratio calls for, if any.
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::AcceptH1)
        } else if llr <= lower {
            Some(Decision::AcceptH0)
        } else {
            None
        }
    }
}

/// Pairs of games as they finish, in any order: game `2k` and `2k + 1` (0-based) share an
/// opening.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    halves: std::collections::HashMap<usize, f64>,
    /// `counts[k]`: pairs where the first player scored `k/2` points.
    pub counts: [u32; 5],
}

impl Pairs {
    /// Count game `number` (1-based, as in a match) where the first player scored `points`;
    /// returns true when it completed a pair.
    pub fn add(&mut self, number: usize, points: f64) -> bool {
        let pair = (number - 1) / 2;
        match self.halves.remove(&pair) {
            Some(other) => {
                let half_points = ((points + other) * 2.0).round() as usize;
                self.counts[half_points.min(4)] += 1;
                true
            }
            None => {
                self.halves.insert(pair, points);
                false
            }
        }
    }

    /// Pairs completed.
    pub fn completed(&self) -> u32 {
        self.counts.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(text: &str) -> Sprt {
        text.parse().unwrap()
    }

    #[test]
    fn settings_are_read_and_checked() {
        let s = sprt("0,10");
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        let (lower, upper) = s.bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
        assert_eq!(sprt("-5, 5, 0.1, 0.2").beta, 0.2);
        for bad in ["10", "10,0", "0,10,0.7,0.05", "a,b", "0,10,0.05", "0,5000"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_closest_distribution_has_the_mean_asked_for() {
        let p = [0.1, 0.2, 0.4, 0.2, 0.1];
        for mean in [0.3, 0.5, 0.62] {
            let q = closest_with_mean(&p, &PAIR_SCORES, mean);
            assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            let m: f64 = q.iter().zip(&PAIR_SCORES).map(|(a, b)| a * b).sum();
            assert!((m - mean).abs() < 1e-9, "{m} {mean}");
        }
        // A mean the data already has leaves it as it is.
        let q = closest_with_mean(&p, &PAIR_SCORES, 0.5);
        assert!(q.iter().zip(&p).all(|(a, b)| (a - b).abs() < 1e-9));
    }

    #[test]
    fn the_ratio_follows_the_evidence() {
        let s = sprt("0,20");
        assert_eq!(s.llr(&[0; 5]), 0.0);
        // Balanced results favour H0; a steady edge favours H1; both grow with the games.
        let even = [5, 20, 50, 20, 5];
        let edge = [2, 15, 50, 25, 8];
        assert!(s.llr(&even) < 0.0);
        assert!(s.llr(&edge) > 0.0);
        let twice = |c: [u32; 5]| c.map(|x| 2 * x);
        assert!((s.llr(&twice(edge)) - 2.0 * s.llr(&edge)).abs() < 1e-9);
        assert_eq!(
            s.decide(s.llr(&twice(twice(edge)))),
            Some(Decision::AcceptH1)
        );
        assert_eq!(
            s.decide(s.llr(&twice(twice(even)))),
            Some(Decision::AcceptH0)
        );
        assert_eq!(s.decide(0.5), None);
        // 100 pairs with mean 0.555 and variance 0.04695 against H0 0.5 and H1 0.52875: the
        // normal approximation N·(s1 − s0)(2·mean − s0 − s1) / (2·variance) gives 2.49; the
        // generalised ratio, computed separately in Python, 2.4254.
        assert!((s.llr(&edge) - 2.4254).abs() < 1e-3, "{}", s.llr(&edge));
    }

    #[test]
    fn pairs_complete_in_any_order() {
        let mut pairs = Pairs::default();
        assert!(!pairs.add(2, 1.0));
        assert!(!pairs.add(3, 0.5));
        assert!(pairs.add(1, 0.5));
        assert!(pairs.add(4, 0.0));
        assert_eq!(pairs.counts, [0, 1, 0, 1, 0]);
        assert_eq!(pairs.completed(), 2);
    }
}
