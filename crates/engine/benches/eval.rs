//! The cost of one static evaluation, classic against learned, over the same positions
//! (quiet positions reached by random play), per board: `cargo bench -p damier-engine --bench eval`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use damier_core::{with_geometry, Geometry, Position, Variant};
use damier_engine::eval::learned::{material_only, Layout, PatternView};
use damier_engine::eval::{EvalChoice, Evaluator};
use damier_engine::Weights;
use std::sync::Arc;

fn quiet_positions<G: Geometry>(variant: Variant) -> Vec<Position<G>> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut out = Vec::new();
    while out.len() < 4096 {
        let mut pos = Position::<G>::start(variant.rules());
        for _ in 0..below(80) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[below(moves.len())]);
            if !pos.must_capture() {
                out.push(pos);
            }
        }
    }
    out
}

/// Weights with every entry set, as trained weights have (a table of zeros would sit in
/// the cache more than real ones do).
fn dense_weights(variant: Variant) -> Arc<Weights> {
    let mut values = material_only(variant, 250.0);
    let entries = Layout::of(variant.rules().board).entries();
    for (i, v) in values.iter_mut().enumerate().take(entries - 14) {
        *v = [(i % 17) as f32 - 8.0, (i % 13) as f32 - 6.0];
    }
    Arc::new(Weights::from_centimen(
        variant,
        PatternView::Pieces,
        &values,
        150.0,
        "bench",
    ))
}

fn bench(c: &mut Criterion) {
    for id in ["international", "english", "canadian", "turkish"] {
        let variant: Variant = id.parse().unwrap();
        with_geometry!(variant.rules().board, G => {
            let positions = quiet_positions::<G>(variant);
            let choices = [
                ("classic", EvalChoice::Classic),
                ("learned", EvalChoice::Weights(dense_weights(variant))),
            ];
            for (name, choice) in &choices {
                let eval = Evaluator::<G>::choose(variant, choice);
                c.bench_function(&format!("{id} {name} (4096 positions)"), |b| {
                    b.iter(|| {
                        let mut sum = 0i64;
                        for pos in &positions {
                            sum += i64::from(eval.evaluate(black_box(pos)));
                        }
                        sum
                    })
                });
            }
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
