//! The bench fingerprint (as Stockfish's `bench` has one): the node total of the fixed
//! positions at the default depth. It changes when, and only when, the search or the
//! evaluation does; when a change is meant, update `bench::FINGERPRINT` in the same commit and
//! say why there.

use damier_core::capture_path::{self, CapturePath};
use damier_engine::bench;

/// The fingerprint on one capture path.
fn fingerprint_on(path: CapturePath) -> u64 {
    capture_path::set(path).unwrap();
    let lines = bench::run(bench::DEPTH, |_| {});
    assert_eq!(lines.len(), bench::POSITIONS.len());
    bench::fingerprint(&lines)
}

#[test]
fn the_fingerprint_is_pinned_on_every_capture_path() {
    // The processor picks the capture path (capture_path::detect); both find the same moves
    // in the same order, so the pin must hold on every machine, not only on the one that set
    // it. One test does both, because the path is process-wide.
    let mut paths = vec![CapturePath::Shifts];
    if capture_path::gather_built() {
        paths.push(CapturePath::Gather);
    }
    for path in paths {
        assert_eq!(
            fingerprint_on(path),
            bench::FINGERPRINT,
            "{path}: the search or the evaluation changed: if that was meant, update \
             bench::FINGERPRINT and say why in the commit"
        );
    }
}

#[test]
fn a_position_counts_the_same_whatever_was_searched_before() {
    // Each search starts from a cleared table: the positions in reverse order give the same
    // count each, and a second run in the same process gives the same counts again.
    let depth = 9;
    let forward: Vec<u64> = bench::run(depth, |_| {}).iter().map(|l| l.nodes).collect();
    let reversed: Vec<_> = bench::POSITIONS.iter().rev().copied().collect();
    let mut backward: Vec<u64> = bench::run_positions(&reversed, depth, |_| {})
        .iter()
        .map(|l| l.nodes)
        .collect();
    backward.reverse();
    assert_eq!(forward, backward);
    let again: Vec<u64> = bench::run(depth, |_| {}).iter().map(|l| l.nodes).collect();
    assert_eq!(forward, again);
}
