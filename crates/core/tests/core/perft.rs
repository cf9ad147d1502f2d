//! Perft counts from `tests/perft/*.perft`, each with the source that vouches for it.
//!
//! Format, after shakmaty: blocks of `id`, `variant`, `fen` (or `start`), `source KIND D1-D2:
//! where` lines, then `perft D N` lines (`perft-paths D N` for counts that keep duplicate
//! captures) and optionally one `moves` line listing every legal move (short form). A source is
//! of one of three kinds: `published` (a named program or publication outside Damier), `external`
//! (an outside generator run here, with its version) or `refgen` (tools/xcheck/refgen.py, our own
//! second generator: a check, not an independent authority). The normal
//! test runs each count whose expected node total is within a budget; the ignored test runs
//! them all (`cargo test --release -- --ignored`).

use damier_core::{fen, notation, perft, with_geometry, Geometry, Position, Variant};
use std::path::Path;

struct Case {
    file: String,
    id: String,
    variant: Variant,
    fen: String,
    counts: Vec<(u32, u64)>,
    /// Counts that keep duplicate captures (one per path).
    path_counts: Vec<(u32, u64)>,
    moves: Option<Vec<String>>,
    /// Who vouches for which depths: (kind, first depth, last depth).
    sources: Vec<(String, u32, u32)>,
}

const SOURCE_KINDS: [&str; 3] = ["published", "external", "refgen"];

/// `KIND D1-D2: where` (or `KIND D: where`).
fn parse_source(value: &str, at: &str) -> (String, u32, u32) {
    let (head, place) = value
        .split_once(':')
        .unwrap_or_else(|| panic!("{at}: source needs 'KIND D1-D2: where'"));
    assert!(!place.trim().is_empty(), "{at}: source names no place");
    let (kind, depths) = head
        .trim()
        .split_once(' ')
        .unwrap_or_else(|| panic!("{at}: source needs a depth range"));
    assert!(
        SOURCE_KINDS.contains(&kind),
        "{at}: source kind '{kind}' is not one of {SOURCE_KINDS:?}"
    );
    let (lo, hi) = depths.split_once('-').unwrap_or((depths, depths));
    let parse = |d: &str| -> u32 {
        d.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{at}: bad depth '{d}'"))
    };
    (kind.to_string(), parse(lo), parse(hi))
}

fn load() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut cases: Vec<Case> = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let at = format!("{file}:{}", n + 1);
            match key {
                "id" => cases.push(Case {
                    file: file.clone(),
                    id: value.to_string(),
                    variant: Variant::INTERNATIONAL,
                    fen: "start".into(),
                    counts: vec![],
                    path_counts: vec![],
                    moves: None,
                    sources: vec![],
                }),
                "source" => {
                    let source = parse_source(value, &at);
                    cases.last_mut().unwrap().sources.push(source);
                }
                "variant" => {
                    cases.last_mut().unwrap().variant =
                        value.parse().unwrap_or_else(|e| panic!("{at}: {e}"))
                }
                "fen" => cases.last_mut().unwrap().fen = value.to_string(),
                "perft" => {
                    let (d, c) = value.split_once(' ').expect("perft D N");
                    let entry = (d.parse().unwrap(), c.parse().unwrap());
                    cases.last_mut().unwrap().counts.push(entry);
                }
                "perft-paths" => {
                    let (d, c) = value.split_once(' ').expect("perft-paths D N");
                    let entry = (d.parse().unwrap(), c.parse().unwrap());
                    cases.last_mut().unwrap().path_counts.push(entry);
                }
                "moves" => {
                    let mut list: Vec<String> =
                        value.split_whitespace().map(str::to_string).collect();
                    list.sort();
                    cases.last_mut().unwrap().moves = Some(list);
                }
                other => panic!("{at}: unknown key '{other}'"),
            }
        }
    }
    cases
}

fn run_case<G: Geometry>(case: &Case, variant: Variant, budget: u64) -> usize {
    let rules = variant.rules();
    let pos: Position<G> = if case.fen == "start" {
        Position::start(rules)
    } else {
        fen::parse(rules, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id))
    };
    if let Some(expected) = &case.moves {
        let mut got: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| notation::short(&pos, m))
            .collect();
        got.sort();
        assert_eq!(
            &got, expected,
            "{} ({}, {variant}): legal moves",
            case.id, case.file
        );
    }
    let mut checked = 0;
    for &(depth, expected) in &case.counts {
        if expected > budget {
            continue;
        }
        let got = perft::perft(&pos, depth);
        assert_eq!(
            got, expected,
            "{} ({}, {variant}): perft {depth}",
            case.id, case.file
        );
        checked += 1;
    }
    for &(depth, expected) in &case.path_counts {
        if expected > budget {
            continue;
        }
        let got = perft::perft_per_path(&pos, depth);
        assert_eq!(
            got, expected,
            "{} ({}): perft-paths {depth}",
            case.id, case.file
        );
        checked += 1;
    }
    checked
}

fn run_all(budget: u64) {
    let cases = load();
    assert!(cases.len() >= 10, "perft data went missing");
    // Every base variant has checked counts from its start. A giveaway form has its base's
    // moves (perft cannot see who wins), so each block is also run on it: the counts then test
    // that the giveaway form plays by its base's rules; giveaway.rs tests who wins.
    for variant in Variant::all().filter(|v| !v.giveaway) {
        assert!(
            cases
                .iter()
                .any(|c| c.variant == variant && c.fen == "start" && !c.counts.is_empty()),
            "no perft counts from the start position of {variant}"
        );
        let giveaway = Variant::giveaway(variant.base);
        assert!(
            giveaway.rules().same_moves_as(variant.rules()),
            "{giveaway}"
        );
    }
    for case in &cases {
        assert!(
            !case.sources.is_empty(),
            "{} ({}): no source line says where its counts come from",
            case.id,
            case.file
        );
        for &(depth, _) in case.counts.iter().chain(&case.path_counts) {
            assert!(
                case.sources
                    .iter()
                    .any(|&(_, lo, hi)| (lo..=hi).contains(&depth)),
                "{} ({}): no source vouches for depth {depth}",
                case.id,
                case.file
            );
        }
    }
    let mut checked = 0;
    for case in &cases {
        let forms = [case.variant, Variant::giveaway(case.variant.base)];
        for variant in forms
            .into_iter()
            .take(if case.variant.giveaway { 1 } else { 2 })
        {
            checked +=
                with_geometry!(variant.rules().board, G => run_case::<G>(case, variant, budget));
        }
    }
    eprintln!("{checked} perft counts checked in {} cases", cases.len());
}

#[test]
fn perft_references_within_budget() {
    // About a second per case with the optimised test profile.
    run_all(12_000_000);
}

#[test]
#[ignore = "deep counts: minutes in release"]
fn perft_references_deep() {
    run_all(u64::MAX);
}
