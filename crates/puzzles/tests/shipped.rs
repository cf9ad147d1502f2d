//! The shipped sets: every variant has one, and every puzzle in them still holds — its first
//! move the only one that wins, by the search at the depth it states.

use damier_core::Variant;
use damier_puzzles::find::{default_depth, Finder};
use damier_puzzles::Puzzle;
use damier_puzzles::{file, shipped};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

fn main_variant(v: Variant) -> bool {
    [
        "international",
        "english",
        "russian",
        "brazilian",
        "frisian",
    ]
    .contains(&v.to_string().as_str())
}

#[test]
fn every_variant_has_its_set() {
    for v in Variant::all() {
        let puzzles = shipped::puzzles(v).unwrap();
        let least = if main_variant(v) { 200 } else { 50 };
        assert!(puzzles.len() >= least, "{v}: {} puzzles", puzzles.len());
        let mut ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), puzzles.len(), "{v}: names are unique");
        assert!(puzzles.iter().all(|p| p.start.variant() == v));
    }
}

#[test]
fn every_shipped_puzzle_holds() {
    // Puzzles are handed out one at a time, so every core stays busy to the end (variants
    // differ tenfold in what their puzzles cost, and a split by variant left one core idle).
    let work: Vec<(Variant, Puzzle)> = Variant::all()
        .flat_map(|v| {
            shipped::puzzles(v)
                .unwrap()
                .into_iter()
                .map(move |p| (v, p))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    let failures: Vec<String> = std::thread::scope(|scope| {
        let jobs: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut bad = Vec::new();
                    let mut finder: Option<(Variant, Finder)> = None;
                    while let Some((v, p)) = work.get(next.fetch_add(1, Relaxed)) {
                        if !matches!(&finder, Some((of, _)) if of == v) {
                            finder = Some((*v, Finder::new(default_depth(*v), None)));
                        }
                        let (_, judge) = finder.as_mut().expect("made above");
                        if let Err(why) = judge.check(p) {
                            bad.push(format!("{}: {why}", p.id));
                        }
                    }
                    bad
                })
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_saved_set_reads_back_and_an_empty_one_is_refused() {
    let variant: Variant = "english".parse().unwrap();
    let set = shipped::puzzles(variant).unwrap();
    let path = std::env::temp_dir().join(format!("damier-puzzles-{}.pdn", std::process::id()));
    file::save(&path, &set).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(file::read(&text, variant).unwrap(), set);
    let err = file::save(&path, &[]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "a refused set leaves the file as it was"
    );
    std::fs::remove_file(&path).unwrap();
}
