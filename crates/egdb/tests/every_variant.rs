//! Every variant's databases agree with its rules: each value is what the position's moves
//! and their values make it (which, with distances counting down to the end, is exactness).

use damier_core::{with_geometry, Geometry, Rules, Variant};
use damier_egdb::build::solve_in_memory;
use damier_egdb::store::check_supported;
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
    for variant in Variant::all().filter(|v| check_supported(*v).is_ok()) {
        let rules = variant.rules();
        let n = with_geometry!(rules.board, G => check::<G>(rules, 3));
        assert!(n > 10_000, "{variant}: {n}");
    }
}

#[test]
fn frisian_is_refused_until_its_king_limit_is_modelled() {
    let err = check_supported("frisian".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("three quiet king moves"), "{err}");
}
