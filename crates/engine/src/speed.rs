//! Node counts and their speed as `damier perft` and `damier bench` report them, in text
//! and as JSON: one wording for whatever front end measures.

use crate::bench::{fingerprint, BenchLine};
use crate::setting::{self, SettingError};
use damier_core::{capture_path, notation, perft, Geometry, Position};
use damier_game::Board;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use std::fmt;
use std::time::Instant;

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

/// A report whose JSON object is its `json()` (keys in alphabetical order, as the command
/// line has always printed them), so that a front end prints it as text or JSON alike.
macro_rules! serialize_as_json {
    ($($report:ty),*) => {$(
        impl Serialize for $report {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.json().serialize(s)
            }
        }
    )*};
}
serialize_as_json!(PerftLine, PerftOut, BenchLine, BenchTotal);

/// The deepest perft count asked for (beyond it a count takes longer than anyone waits).
pub const MAX_PERFT_DEPTH: u32 = 30;

/// A perft depth asked for: 1 to [`MAX_PERFT_DEPTH`].
///
/// # Errors
/// [`SettingError`] for `depth` outside that, said as it was given.
pub fn perft_depth<T>(depth: T) -> Result<u32, SettingError>
where
    T: TryInto<u32> + fmt::Display + Copy,
{
    let d = depth.try_into().unwrap_or(0);
    let rule = format!("between 1 and {MAX_PERFT_DEPTH}");
    setting::require((1..=MAX_PERFT_DEPTH).contains(&d), "depth", &rule, depth).map(|()| d)
}

/// A line of a perft run ([`perft_lines`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PerftOut {
    /// Under divide: a first move and the count under it.
    Move {
        /// The move in short form.
        mv: String,
        /// Leaves under it.
        nodes: u64,
    },
    /// A depth's count, or the total of a divide.
    Count(PerftLine),
}

impl PerftOut {
    /// The line as a JSON object.
    pub fn json(&self) -> Value {
        match self {
            PerftOut::Move { mv, nodes } => json!({"move": mv, "nodes": nodes}),
            PerftOut::Count(line) => line.json(),
        }
    }
}

impl fmt::Display for PerftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftOut::Move { mv, nodes } => write!(f, "{mv:>12}  {nodes}"),
            PerftOut::Count(line) => line.fmt(f),
        }
    }
}

/// Count the leaves of `pos` at every depth from 1 to `depth` on `threads` threads, each
/// count timed; or, with `divide`, under each first move at `depth`, then their total timed.
/// `each` hears every line as it is counted; its first error stops the run and is returned.
///
/// # Errors
/// The first error of `each`.
pub fn perft_lines<E>(
    board: &Board,
    depth: u32,
    threads: usize,
    divide: bool,
    each: impl FnMut(PerftOut) -> Result<(), E>,
) -> Result<(), E> {
    match board {
        Board::D8(p) => perft_lines_on(p, depth, threads, divide, each),
        Board::D10(p) => perft_lines_on(p, depth, threads, divide, each),
        Board::D12(p) => perft_lines_on(p, depth, threads, divide, each),
        Board::O8(p) => perft_lines_on(p, depth, threads, divide, each),
    }
}

/// [`perft_lines`] on a board of one geometry.
fn perft_lines_on<G: Geometry, E>(
    pos: &Position<G>,
    depth: u32,
    threads: usize,
    divide: bool,
    mut each: impl FnMut(PerftOut) -> Result<(), E>,
) -> Result<(), E> {
    if divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, nodes) in perft::divide(pos, depth) {
            total += nodes;
            let mv = notation::short(pos, &mv);
            each(PerftOut::Move { mv, nodes })?;
        }
        let seconds = start.elapsed().as_secs_f64();
        return each(PerftOut::Count(PerftLine {
            depth,
            nodes: total,
            seconds,
        }));
    }
    for depth in 1..=depth {
        let start = Instant::now();
        let nodes = perft::perft_parallel(pos, depth, threads);
        let seconds = start.elapsed().as_secs_f64();
        each(PerftOut::Count(PerftLine {
            depth,
            nodes,
            seconds,
        }))?;
    }
    Ok(())
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
    fn speed_line(&self) -> String {
        format!(
            "total {} nodes in {:.3}s: {:.2} Mnps",
            self.nodes,
            self.seconds,
            self.nps() / 1e6
        )
    }

    /// What the node total means: the fingerprint of the search and the builtin evaluation,
    /// which changes when, and only when, either does; or none for another evaluation.
    fn fingerprint_line(&self) -> String {
        match self.fingerprint() {
            Some(nodes) => format!("bench fingerprint: {nodes} nodes at depth {}", self.depth),
            None => format!(
                "evaluation {}: no fingerprint (that is the builtin evaluation's)",
                self.eval
            ),
        }
    }
}

impl fmt::Display for BenchTotal {
    /// `bench`'s closing lines: the totals, the capture search's path, and what the node
    /// total means.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.speed_line())?;
        writeln!(f, "{}", capture_path::report_line())?;
        f.write_str(&self.fingerprint_line())
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
        let divided = PerftOut::Move {
            mv: "32-28".into(),
            nodes: 9,
        };
        assert_eq!(divided.to_string(), "       32-28  9");
        assert_eq!(
            serde_json::to_string(&divided).unwrap(),
            r#"{"move":"32-28","nodes":9}"#
        );
    }

    #[test]
    fn perft_counts_each_depth_or_divides_the_last() {
        let start = Board::start(damier_core::Variant::INTERNATIONAL);
        let mut counts = Vec::new();
        perft_lines(&start, 2, 1, false, |out| {
            counts.push(out);
            Ok::<(), ()>(())
        })
        .unwrap();
        let nodes: Vec<u64> = counts
            .iter()
            .map(|c| match c {
                PerftOut::Count(line) => line.nodes,
                PerftOut::Move { .. } => panic!("no divide asked"),
            })
            .collect();
        assert_eq!(nodes, [9, 81]);
        let mut divided = Vec::new();
        perft_lines(&start, 2, 1, true, |out| {
            divided.push(out);
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(divided.len(), 10);
        assert_eq!(divided[0].to_string(), "       31-27  9");
        assert!(matches!(
            divided[9],
            PerftOut::Count(PerftLine {
                depth: 2,
                nodes: 81,
                ..
            })
        ));
        assert!(serde_json::to_string(&divided[9])
            .unwrap()
            .contains(r#""nodes":81"#));
        // A closed reader stops the run at its first line.
        let mut heard = 0;
        assert_eq!(
            perft_lines(&start, 3, 1, false, |_| {
                heard += 1;
                Err("closed")
            }),
            Err("closed")
        );
        assert_eq!(heard, 1);
    }

    #[test]
    fn a_perft_depth_is_one_to_thirty() {
        assert_eq!(perft_depth(30i64), Ok(30));
        assert_eq!(
            perft_depth(0i64).unwrap_err().with_option(),
            "--depth must be between 1 and 30, got 0"
        );
        assert_eq!(perft_depth(-4i64).unwrap_err().got, "-4");
        assert!(perft_depth(31u32).is_err());
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
        let text = total.to_string();
        assert!(
            text.starts_with("total 4000 nodes in 2.000s: 0.00 Mnps\n"),
            "{text}"
        );
        assert!(
            text.ends_with("\nbench fingerprint: 4000 nodes at depth 7"),
            "{text}"
        );
        let classic = BenchTotal::of(&lines, 7, "classic");
        assert_eq!(classic.fingerprint(), None);
        assert!(classic.json()["fingerprint"].is_null());
        assert_eq!(
            classic.fingerprint_line(),
            "evaluation classic: no fingerprint (that is the builtin evaluation's)"
        );
    }
}
