//! Perft speed per variant: one thread, bulk counting at the last ply. Each bench asserts the
//! published count it measures (shared/reference/perft.md), so a fast wrong generator fails.
//!
//! `cargo bench -p damier-core --bench perft`; throughput is reported in leaf nodes/second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use damier_core::{perft, with_geometry, Geometry, Position, Variant};
use std::hint::black_box;

fn bench_one<G: Geometry>(c: &mut Criterion, variant: &str, depth: u32, nodes: u64) {
    let rules = variant.parse::<Variant>().unwrap().rules();
    let pos = Position::<G>::start(rules);
    assert_eq!(perft::perft(&pos, depth), nodes, "{variant} perft {depth}");
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("{variant}-d{depth}"), |b| {
        b.iter(|| perft::perft(black_box(&pos), depth))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let cases: [(&str, u32, u64); 7] = [
        ("international", 8, 6_483_961),
        ("english", 10, 18_391_564),
        ("russian", 9, 4_570_586),
        ("brazilian", 9, 4_431_766),
        ("italian", 9, 3_860_875),
        ("turkish", 6, 931_312),
        ("canadian", 7, 4_369_366),
    ];
    for (variant, depth, nodes) in cases {
        let board = variant.parse::<Variant>().unwrap().rules().board;
        with_geometry!(board, G => bench_one::<G>(c, variant, depth, nodes));
    }
}

/// Copy-make against make/unmake, same tree.
fn make_styles(c: &mut Criterion) {
    let rules = Variant::INTERNATIONAL.rules();
    let start = Position::<damier_core::Diagonal10>::start(rules);
    let nodes = 6_483_961;
    let mut group = c.benchmark_group("make");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function("copy-make international-d8", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&start), 8), nodes))
    });
    group.bench_function("make-unmake international-d8", |b| {
        b.iter(|| {
            let mut pos = start;
            assert_eq!(perft::perft_make_unmake(black_box(&mut pos), 8), nodes)
        })
    });
    group.finish();
}

criterion_group!(perft_benches, benches, make_styles);
criterion_main!(perft_benches);
