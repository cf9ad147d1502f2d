//! `Rules::same_game_as`: variants that are one game under two names (RULES.md §2) play the
//! same moves from the same start, so self-play data of one serves the other.

use damier_core::{with_geometry, Geometry, Position, Variant};

/// Every pair of distinct variants the rules call one game, by id, sorted.
fn same_game_pairs() -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for a in Variant::all() {
        for b in Variant::all() {
            if a.index() < b.index() && a.rules().same_game_as(b.rules()) {
                let (x, y) = (a.to_string(), b.to_string());
                pairs.push(if x < y { (x, y) } else { (y, x) });
            }
        }
    }
    pairs.sort();
    pairs
}

#[test]
fn the_same_game_pairs_are_the_renamed_variants_of_rules_md() {
    let expected = [
        ("brazilian", "german"),
        ("brazilian-giveaway", "german-giveaway"),
        ("canadian", "sri-lankan"),
        ("canadian-giveaway", "sri-lankan-giveaway"),
        ("portuguese", "spanish"),
        ("portuguese-giveaway", "spanish-giveaway"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(same_game_pairs(), expected);
}

/// Walk `a` and `b` side by side with the same choices: every position must offer the same
/// moves, internal square for internal square.
fn walk_together<G: Geometry>(a: Variant, b: Variant, seed: u64) {
    let mut pa = Position::<G>::start(a.rules());
    let mut pb = Position::<G>::start(b.rules());
    let mut state = seed;
    for ply in 0..200 {
        let ma: Vec<_> = pa.legal_moves().iter().copied().collect();
        let mb: Vec<_> = pb.legal_moves().iter().copied().collect();
        assert_eq!(ma, mb, "{a} and {b}, game {seed}, ply {ply}");
        if ma.is_empty() {
            return;
        }
        // A fixed linear congruential walk: the same games on every run.
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = &ma[(state >> 33) as usize % ma.len()];
        pa = pa.play_unchecked(mv);
        pb = pb.play_unchecked(mv);
    }
}

#[test]
fn variants_of_one_game_offer_the_same_moves_along_random_games() {
    for (a, b) in same_game_pairs() {
        let (a, b): (Variant, Variant) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(a.rules().board, b.rules().board);
        for seed in 1..=20 {
            with_geometry!(a.rules().board, G => walk_together::<G>(a, b, seed));
        }
    }
}
