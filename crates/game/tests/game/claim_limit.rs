//! How far a win without the move-counting draws may run before a count of RULES.md §3
//! would draw it: the shortest count of the ending and of every ending it can lead to.

use damier_core::Variant;
use damier_game::{claim_limit, EndingLimit, Material};

fn material(white_men: u32, white_kings: u32, black_men: u32, black_kings: u32) -> Material {
    Material {
        white_men,
        white_kings,
        black_men,
        black_kings,
    }
}

fn limit(variant: &str, m: Material) -> EndingLimit {
    claim_limit(variant.parse::<Variant>().unwrap(), &m)
}

#[test]
fn counts_of_the_endings_ahead_bound_a_win() {
    // Pool: two kings and a man against a king can crown into three kings against a lone
    // king, which must be won before the lone king's 13th move.
    assert_eq!(limit("pool", material(1, 2, 0, 1)), EndingLimit::Plies(24));
    // International: a lone king against two pieces with a king, 5 moves each.
    assert_eq!(
        limit("international", material(0, 2, 0, 1)),
        EndingLimit::Plies(9)
    );
    // Russian: three kings against one may meet the long-diagonal rule at any time.
    assert_eq!(
        limit("russian", material(0, 3, 0, 1)),
        EndingLimit::Plies(9)
    );
    // English has no ending count; Turkish one against one is drawn as it stands.
    assert_eq!(
        limit("english", material(0, 3, 0, 1)),
        EndingLimit::Unlimited
    );
    assert_eq!(limit("turkish", material(0, 1, 0, 1)), EndingLimit::Drawn);
    assert_eq!(
        limit("turkish", material(0, 2, 0, 1)),
        EndingLimit::Unlimited
    );
}
