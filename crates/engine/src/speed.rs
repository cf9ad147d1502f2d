//! Node counts and their speed as `damier perft` and `damier bench` report them, in text
//! and as JSON: one wording for whatever front end measures.

use crate::bench::{fingerprint, BenchLine};
use damier_core::capture_path;
use serde_json::{json, Value};
use std::fmt;

/// The capture search's path as the JSON reports name it.
fn capture_path_name() -> &'static str {
    capture_path::current().name()
}

/// A perft count at one depth, or the total of a divide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerftLine {
    /// The depth counted.
    pub depth: u32,
    /// Leaves at that depth.
    pub nodes: u64,
    /// Seconds the count took.
    pub seconds: f64,
}

impl PerftLine {
    /// Leaves a second (0 when no time was measured).
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The count as a JSON object, with the capture path that made it.
    pub fn json(&self) -> Value {
        json!({"depth": self.depth, "nodes": self.nodes, "seconds": self.seconds,
               "nps": self.nps().round() as u64, "capture_path": capture_path_name()})
    }
}

impl fmt::Display for PerftLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {:>2}  nodes {:>14}  time {:>9.3}s  {:>8.2} Mnps",
            self.depth,
            self.nodes,
            self.seconds,
            self.nps() / 1e6
        )
    }
}

/// One first move's count under perft's divide, as text (`json` false) or JSON.
pub fn divide_line(mv: &str, nodes: u64, json: bool) -> String {
    if json {
        json!({"move": mv, "nodes": nodes}).to_string()
    } else {
        format!("{mv:>12}  {nodes}")
    }
}

impl BenchLine {
    /// Nodes a second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }

    /// The position's result as a JSON object.
    pub fn json(&self) -> Value {
        json!({"variant": self.variant, "fen": self.fen, "nodes": self.nodes,
               "seconds": self.time.as_secs_f64(), "nps": self.nps().round() as u64})
    }
}

impl fmt::Display for BenchLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<24} {:>11} nodes {:>8.3}s {:>7.2} Mnps",
            self.variant,
            self.nodes,
            self.time.as_secs_f64(),
            self.nps() / 1e6
        )
    }
}

/// A bench run's totals.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchTotal {
    /// Nodes of every search.
    pub nodes: u64,
    /// Seconds of every search.
    pub seconds: f64,
    /// The depth searched.
    pub depth: i32,
    /// The evaluation searched with, as named: `builtin` (whose node total is the
    /// fingerprint) or `classic`.
    pub eval: String,
}

impl BenchTotal {
    /// The totals of `lines`, searched to `depth` with the evaluation `eval`.
    pub fn of(lines: &[BenchLine], depth: i32, eval: &str) -> BenchTotal {
        BenchTotal {
            nodes: fingerprint(lines),
            seconds: lines.iter().map(|l| l.time.as_secs_f64()).sum(),
            depth,
            eval: eval.to_string(),
        }
    }

    /// Nodes a second over the run.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }

    /// The node total, when it is a fingerprint: the builtin evaluation's.
    pub fn fingerprint(&self) -> Option<u64> {
        (self.eval == "builtin").then_some(self.nodes)
    }

    /// The totals as a JSON object.
    pub fn json(&self) -> Value {
        json!({"total_nodes": self.nodes, "eval": self.eval, "fingerprint": self.fingerprint(),
               "depth": self.depth, "seconds": self.seconds, "nps": self.nps().round() as u64,
               "capture_path": capture_path_name()})
    }

    /// The total line: nodes, time, speed.
    pub fn speed_line(&self) -> String {
        format!(
            "total {} nodes in {:.3}s: {:.2} Mnps",
            self.nodes,
            self.seconds,
            self.nps() / 1e6
        )
    }

    /// What the node total means: the fingerprint of the search and the builtin evaluation,
    /// which changes when, and only when, either does; or none for another evaluation.
    pub fn fingerprint_line(&self) -> String {
        match self.fingerprint() {
            Some(nodes) => format!("bench fingerprint: {nodes} nodes at depth {}", self.depth),
            None => format!(
                "evaluation {}: no fingerprint (that is the builtin evaluation's)",
                self.eval
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_perft_line_gives_its_speed() {
        let line = PerftLine {
            depth: 5,
            nodes: 4_000_000,
            seconds: 2.0,
        };
        assert_eq!(
            line.to_string(),
            "depth  5  nodes        4000000  time     2.000s      2.00 Mnps"
        );
        assert_eq!(line.json()["nps"], 2_000_000);
        let instant = PerftLine {
            seconds: 0.0,
            ..line
        };
        assert_eq!(instant.nps(), 0.0);
        assert_eq!(divide_line("32-28", 9, false), "       32-28  9");
        assert_eq!(
            divide_line("32-28", 9, true),
            r#"{"move":"32-28","nodes":9}"#
        );
    }

    fn lines() -> Vec<BenchLine> {
        let line = |nodes, ms| BenchLine {
            variant: "international".into(),
            fen: "start".into(),
            nodes,
            time: Duration::from_millis(ms),
        };
        vec![line(3000, 1000), line(1000, 1000)]
    }

    #[test]
    fn bench_totals_are_a_fingerprint_only_for_the_builtin_evaluation() {
        let lines = lines();
        assert_eq!(
            lines[0].to_string(),
            "international                   3000 nodes    1.000s    0.00 Mnps"
        );
        assert_eq!(lines[0].json()["nps"], 3000);
        let total = BenchTotal::of(&lines, 7, "builtin");
        assert_eq!(total.speed_line(), "total 4000 nodes in 2.000s: 0.00 Mnps");
        assert_eq!(
            total.fingerprint_line(),
            "bench fingerprint: 4000 nodes at depth 7"
        );
        assert_eq!(total.json()["fingerprint"], 4000);
        let classic = BenchTotal::of(&lines, 7, "classic");
        assert_eq!(classic.fingerprint(), None);
        assert!(classic.json()["fingerprint"].is_null());
        assert_eq!(
            classic.fingerprint_line(),
            "evaluation classic: no fingerprint (that is the builtin evaluation's)"
        );
    }
}
