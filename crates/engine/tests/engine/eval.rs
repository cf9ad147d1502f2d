//! The evaluations are colour-symmetric: a position with the board turned round, the colours
//! swapped and the other side to move scores the negation from White's point of view (the
//! same for the side to move), in every variant, for the classic evaluation, the builtin
//! weights and arbitrary weights alike.

use crate::Rng;
use damier_core::{with_geometry, Color, Geometry, Position, Variant};
use damier_engine::eval::learned::{Layout, PatternView};
use damier_engine::eval::{EvalChoice, Evaluator};
use damier_engine::Weights;
use std::sync::Arc;

fn arbitrary_weights(variant: Variant, rng: &mut Rng) -> Arc<Weights> {
    let entries = Layout::of(variant.rules().board).entries();
    let values: Vec<[f32; 2]> = (0..entries)
        .map(|_| [rng.below(600) as f32 - 300.0, rng.below(600) as f32 - 300.0])
        .collect();
    // Either view: both must be evaluated as the trainer reads them.
    let view = PatternView::ALL[rng.below(2)];
    Arc::new(Weights::from_centimen(
        variant,
        view,
        &values,
        150.0,
        "arbitrary",
    ))
}

/// Positions reached by random play, kings and all.
fn random_positions<G: Geometry>(variant: Variant, rng: &mut Rng) -> Vec<Position<G>> {
    let mut out = Vec::new();
    for _ in 0..40 {
        let mut pos = Position::<G>::start(variant.rules());
        let plies = 10 + rng.below(90);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out
}

#[test]
fn every_evaluation_is_colour_symmetric_in_every_variant() {
    let mut rng = Rng(0x5eed);
    for variant in Variant::all() {
        let choices = [
            EvalChoice::Classic,
            EvalChoice::Builtin,
            EvalChoice::Weights(arbitrary_weights(variant, &mut rng)),
        ];
        with_geometry!(variant.rules().board, G => {
            let positions = random_positions::<G>(variant, &mut rng);
            for choice in &choices {
                let eval = Evaluator::<G>::choose(variant, choice);
                let for_white = |pos: &Position<G>| match pos.side() {
                    Color::White => eval.evaluate(pos),
                    Color::Black => -eval.evaluate(pos),
                };
                for pos in &positions {
                    let turned = pos.turned();
                    assert_eq!(
                        for_white(&turned),
                        -for_white(pos),
                        "{variant}, {}: {pos:?} against {turned:?}",
                        choice.describe()
                    );
                }
            }
        });
    }
}

#[test]
fn weights_of_another_variant_are_not_used() {
    let mut rng = Rng(3);
    let russian: Variant = "russian".parse().unwrap();
    let choice = EvalChoice::Weights(arbitrary_weights(russian, &mut rng));
    // An English search given Russian weights evaluates as English's default does.
    let english: Variant = "english".parse().unwrap();
    with_geometry!(english.rules().board, G => {
        let pos = Position::<G>::start(english.rules());
        let moved = pos.play_unchecked(&pos.legal_moves()[0]);
        assert_eq!(
            Evaluator::<G>::choose(english, &choice).evaluate(&moved),
            Evaluator::<G>::new(english).evaluate(&moved)
        );
    });
}

#[test]
fn the_search_evaluates_what_the_trainer_fits_in_every_variant() {
    // The trainer scores positions through `FeatureReader`; the search through the
    // evaluator's own fast path. They must agree exactly, or learned weights mean one thing
    // in training and another in play.
    let mut rng = Rng(0xfea7);
    for variant in Variant::all() {
        let weights = arbitrary_weights(variant, &mut rng);
        with_geometry!(variant.rules().board, G => {
            let eval = Evaluator::<G>::choose(variant, &EvalChoice::Weights(Arc::clone(&weights)));
            let reader = damier_engine::eval::learned::FeatureReader::<G>::new(variant, weights.view());
            for pos in random_positions::<G>(variant, &mut rng) {
                assert_eq!(
                    eval.evaluate(&pos),
                    reader.read(&pos).score(weights.values()),
                    "{variant}: {pos:?}"
                );
            }
        });
    }
}
