//! The bench fingerprint (as Stockfish's `bench` has one): the node total of the fixed
//! positions at the default depth. It changes when, and only when, the search or the
//! evaluation does; when a change is meant, update `bench::FINGERPRINT` in the same commit and
//! say why there.

use damier_engine::bench;

#[test]
fn the_fingerprint_is_pinned() {
    let lines = bench::run(bench::DEPTH, |_| {});
    assert_eq!(lines.len(), bench::POSITIONS.len());
    assert_eq!(
        bench::fingerprint(&lines),
        bench::FINGERPRINT,
        "the search or the evaluation changed: if that was meant, update bench::FINGERPRINT \
         and say why in the commit"
    );
}
