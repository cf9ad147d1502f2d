//! The benchmark: fixed positions across variants, each searched to a fixed depth on one
//! thread from an empty table. Its node total is the engine's fingerprint: it changes when,
//! and only when, the search or the evaluation changes.

use crate::engine::{Engine, EngineOptions, SearchInput, Style};
use crate::eval::EvalChoice;
use crate::limits::Limits;
use crate::search::{Control, Silent};
use damier_core::Variant;
use damier_game::Board;
use std::time::{Duration, Instant};

/// The positions: each variant's start, and positions reached by random play.
pub const POSITIONS: &[(&str, &str)] = &[
    ("international", "start"),
    (
        "international",
        "W:W34,35,36,38,39,40,41,42,43,44,45,49,50:B1,2,3,4,5,6,7,9,10,11,14,18,20,26,32",
    ),
    (
        "international",
        "W:W34,35,38,40,41,42,45,46,47,49:B1,4,5,7,9,10,16,17,18,19,20,23,28",
    ),
    ("english", "start"),
    ("english", "B:W21,23,24,27,29,31,32:B1,3,4,6,8,12,13,16"),
    ("russian", "start"),
    ("russian", "W:Wa1,e1,g1,b2,f2,g3:Bd4,g5,h6,a7,e7,b8,h8"),
    (
        "brazilian",
        "W:Wa1,e1,g1,b2,h2,h4:Be3,b4,d6,f6,a7,e7,g7,d8,h8",
    ),
    ("italian", "W:W9,19,22,23,25,27,29,31,32:B1,2,4,5,6,8,12,24"),
    ("turkish", "start"),
    (
        "turkish",
        "W:Wa2,b2,d2,e2,f2,g2,a3,b3,d3,e3,b4,Kg8:BKa5,b6,c6,f6,g6,h6,b7,e7,f7,g7,h7",
    ),
    (
        "frisian",
        "W:W16,21,35,38,39,42,43,44,45,46,47,48,50:B1,2,4,5,7,8,10,12,13,14,15,18,19",
    ),
    ("canadian", "start"),
    ("pool", "B:W20,24,27,28,29,30,31:B1,2,3,4,5,7,11,12,17,23"),
    (
        "spanish",
        "W:W1,2,3,4,5,8,10,14,16,24:B9,17,22,23,25,28,30,31,32",
    ),
    (
        "czech",
        "W:Wa1,g1,b2,f2,h2,a3,c3,e3,d6:Bd4,a5,e5,a7,e7,g7,d8,f8,h8",
    ),
    ("thai", "B:W1,2,3,4,8,9,14,K21:B20,24,25,29,30"),
    (
        "international-giveaway",
        "W:W30,33,34,39,40,41,42,43,44,45,46,48,49,50:B1,2,3,4,5,6,7,8,9,10,13,14,15,17,23,25,26",
    ),
    (
        "russian-giveaway",
        "W:Wa1,c1,e1,g1,h2,a3,c3,e3,b4:Bf6,h6,c7,e7,g7,b8,d8,f8",
    ),
];

/// The default depth of `damier bench`.
pub const DEPTH: i32 = 11;

/// One position's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// Variant id.
    pub variant: String,
    /// The position searched.
    pub fen: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// The node total of [`run`] at [`DEPTH`], as of the last deliberate change to the search or
/// the evaluation. A test pins it: change it only with such a change, and say why in the
/// commit.
pub const FINGERPRINT: u64 = 2_195_545;

/// The fingerprint of a run: its total node count.
pub fn fingerprint(lines: &[BenchLine]) -> u64 {
    lines.iter().map(|l| l.nodes).sum()
}

/// Search every position of [`POSITIONS`] to `depth` on one thread, calling `each` after each
/// position.
pub fn run(depth: i32, each: impl FnMut(&BenchLine)) -> Vec<BenchLine> {
    run_positions(POSITIONS, depth, each)
}

/// [`run`] with the evaluation `eval` (the fingerprint is that of the builtin evaluation).
pub fn run_with(depth: i32, eval: &EvalChoice, each: impl FnMut(&BenchLine)) -> Vec<BenchLine> {
    search_positions(POSITIONS, depth, eval, each)
}

/// [`run`] over any `(variant, fen or "start")` list. Each search starts from an empty table,
/// so a position's node count does not depend on the positions searched before it.
///
/// # Panics
/// On an unknown variant or an invalid FEN.
pub fn run_positions(
    positions: &[(&str, &str)],
    depth: i32,
    each: impl FnMut(&BenchLine),
) -> Vec<BenchLine> {
    search_positions(positions, depth, &EvalChoice::Builtin, each)
}

fn search_positions(
    positions: &[(&str, &str)],
    depth: i32,
    eval: &EvalChoice,
    mut each: impl FnMut(&BenchLine),
) -> Vec<BenchLine> {
    let mut engine = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 16,
    });
    engine.set_eval(eval.clone());
    positions
        .iter()
        .map(|&(variant, fen)| {
            let v: Variant = variant.parse().expect("a known variant");
            let board = if fen == "start" {
                Board::start(v)
            } else {
                Board::from_fen(v, fen).expect("a valid position")
            };
            engine.new_game();
            let start = Instant::now();
            let r = engine.search(
                &SearchInput::new(board),
                &Limits::depth(depth),
                Style::default(),
                &Control::new(),
                &mut Silent,
            );
            let line = BenchLine {
                variant: variant.to_string(),
                fen: board.fen(),
                nodes: r.nodes,
                time: start.elapsed(),
            };
            each(&line);
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn node_counts_are_deterministic() {
        let a: Vec<u64> = super::run(5, |_| {}).iter().map(|l| l.nodes).collect();
        let b: Vec<u64> = super::run(5, |_| {}).iter().map(|l| l.nodes).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|&n| n > 0));
    }
}
