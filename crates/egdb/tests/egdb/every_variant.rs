//! Every variant's databases agree with its rules: each value is what the position's moves
//! and their values make it (which, with distances counting down to the end, is exactness).

use damier_core::{with_geometry, Geometry, Rules, Variant};
use damier_egdb::build::solve_in_memory;
use damier_egdb::verify::check_slice;

fn check<G: Geometry>(rules: &'static Rules, pieces: u32) -> u64 {
    let solved = solve_in_memory::<G>(rules, pieces, |_| true);
    let mut checked = 0;
    for &m in solved.keys() {
        let (n, bad) = check_slice::<G>(rules, m, &solved, &|_| {});
        assert!(
            bad.is_empty(),
            "{}: {:?}",
            rules.variant,
            &bad[..bad.len().min(3)]
        );
        checked += n;
    }
    checked
}

#[test]
fn three_pieces_in_every_variant() {
    for variant in Variant::all() {
        let rules = variant.rules();
        let n = with_geometry!(rules.board, G => check::<G>(rules, 3));
        assert!(n > 10_000, "{variant}: {n}");
    }
}

/// Turkish: one piece against one piece is a draw by rule (RULES.md §3), unless the side to
/// move has no move at all; the databases must not count it as a win.
#[test]
fn turkish_one_piece_each_is_drawn() {
    let rules = "turkish".parse::<Variant>().unwrap().rules();
    let solved = solve_in_memory::<damier_core::Orthogonal8>(rules, 2, |_| true);
    for (m, codes) in &solved {
        for &c in codes.iter().filter(|&&c| c != damier_egdb::build::HOLE) {
            let v = damier_egdb::Value::from_code(c);
            assert!(
                matches!(v, damier_egdb::Value::Draw | damier_egdb::Value::Loss(0)),
                "{m}: {v}"
            );
        }
    }
}
