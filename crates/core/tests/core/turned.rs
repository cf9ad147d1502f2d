//! `Position::turned`: the board turned round with the colours swapped is the same game seen
//! from the other side, in every variant.

use damier_core::{perft::perft, with_geometry, Geometry, Position, Variant};

fn check<G: Geometry>(variant: Variant) {
    let mut pos = Position::<G>::start(variant.rules());
    // A few plies in, so that both sides have moved and captures may be near.
    for _ in 0..6 {
        let moves = pos.legal_moves();
        let Some(mv) = moves.iter().last() else { break };
        pos = pos.play_unchecked(mv);
    }
    let turned = pos.turned();
    assert_eq!(
        turned.turned(),
        pos,
        "{variant}: turning twice is the identity"
    );
    assert_eq!(turned.side(), pos.side().opponent());
    assert_eq!(perft(&turned, 3), perft(&pos, 3), "{variant}");
    assert_eq!(turned.hash(), turned.compute_hash());
}

#[test]
fn a_turned_position_has_the_same_moves_in_every_variant() {
    for variant in Variant::all() {
        with_geometry!(variant.rules().board, G => check::<G>(variant));
    }
}
