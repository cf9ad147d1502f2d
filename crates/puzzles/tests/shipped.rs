//! The shipped sets: every variant has one, and every puzzle in them still holds — its first
//! move the only one that wins, by the search at the depth it states.

use damier_core::Variant;
use damier_puzzles::find::{default_depth, Finder};
use damier_puzzles::shipped;

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
    let variants: Vec<Variant> = Variant::all().collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let halves = variants.chunks(variants.len().div_ceil(2));
        let jobs: Vec<_> = halves
            .map(|part| {
                scope.spawn(move || {
                    let mut bad = Vec::new();
                    for &v in part {
                        let mut finder = Finder::new(default_depth(v), None);
                        for p in shipped::puzzles(v).unwrap() {
                            if let Err(why) = finder.check(&p) {
                                bad.push(format!("{}: {why}", p.id));
                            }
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
