//! The judge against published problems, and the making of sets.

use damier_core::Variant;
use damier_game::Board;
use damier_puzzles::find::Finder;
use damier_puzzles::generate::{generate, Games, Settings};
use damier_puzzles::{file, Goal};
use std::sync::atomic::AtomicBool;

fn english(fen: &str) -> Board {
    Board::from_fen("english".parse().unwrap(), fen).unwrap()
}

/// Three stroke problems of English checkers, each "to play and win" with one key move, as
/// published with their solutions in The Checker Maven ("Seeing is Believing", 2013;
/// "Two-Fisted Checkers", 2010, first published some 85 years before; "Hard Problem", 2017).
/// The judge finds each a puzzle won by force, its line the published solution.
#[test]
fn published_stroke_problems_are_found_with_their_solutions() {
    let problems = [
        (
            "W:W30,29,22,21,9,6:B24,20,16,13,8,7",
            "22-17 13x22 29-25 22x29 30-25 29x22 21-17 22x13 6-1 13x6",
        ),
        (
            "B:W32,29,27,24,K17,11,K8:BK26,22,20,18,K15,5,2",
            "2-7 11x2 15-11 8x15 18-23 27x18 20x27 32x23 26x10 17x26 10-6 2x9 5x30 29-25 30x21",
        ),
        (
            "W:W23,19,18,15,14,11,9,K6,K2,K1:B28,K27,26,25,20,17,K13,12,5,3",
            // After 6x24 the published line answers 20x27; 13x6 loses as surely.
            "14-10 5x14 18x9 27x18 19-16 12x19 10-7 3x10 11-7 18x11 6x24",
        ),
    ];
    let mut finder = Finder::thorough(16, None);
    for (fen, solution) in problems {
        let board = english(fen);
        let p = finder
            .examine(&board, "p", "published")
            .unwrap_or_else(|| panic!("{fen} is a puzzle"));
        assert_eq!(p.goal, Goal::Win, "{fen}");
        let line = p.line_text();
        assert!(line.starts_with(solution), "{fen}: {line}");
        assert_eq!(finder.check(&p), Ok(()));
    }
}

/// A start position hides no shot.
#[test]
fn the_start_is_no_puzzle() {
    let mut finder = Finder::new(8, None);
    for name in ["english", "international", "russian", "frisian", "turkish"] {
        let board = Board::start(name.parse::<Variant>().unwrap());
        assert_eq!(finder.examine(&board, "p", "start"), None, "{name}");
    }
}

/// A set is the same whatever the number of threads, reads back from its file, and every
/// puzzle in it holds when judged again.
#[test]
fn sets_are_made_alike_on_any_number_of_threads() {
    let variant: Variant = "english".parse().unwrap();
    let make = |threads| {
        let settings = Settings {
            variant,
            depth: 8,
            count: 3,
            threads,
            egdb: None,
        };
        let games = Games::SelfPlay { games: 30, seed: 7 };
        generate(&settings, &games, &|_| {}, &AtomicBool::new(false))
    };
    let one = make(1);
    assert!(!one.is_empty(), "30 games hold a puzzle");
    assert_eq!(make(3), one);
    let text = file::write(&one);
    assert_eq!(file::read(&text, variant).unwrap(), one);
    let mut finder = Finder::new(8, None);
    for p in &one {
        assert_eq!(finder.check(p), Ok(()), "{}", p.id);
        assert!(p.line.len() % 2 == 1);
        assert!(p.id.starts_with("english-"));
    }
}

#[test]
fn bad_files_are_refused_with_the_game_named() {
    let variant: Variant = "english".parse().unwrap();
    let no_tags = "[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 *\n";
    let err = file::read(no_tags, variant).unwrap_err().to_string();
    assert!(err.contains("game 1") && err.contains("Goal"), "{err}");
    let bad_goal = "[Puzzle \"x\"]\n[Goal \"mate\"]\n[Rating \"900\"]\n[Depth \"8\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 *\n";
    let err = file::read(bad_goal, variant).unwrap_err().to_string();
    assert!(err.contains("mate"), "{err}");
    let illegal = "[Puzzle \"x\"]\n[Goal \"win\"]\n[Rating \"900\"]\n[Depth \"8\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-26 *\n";
    assert!(file::read(illegal, variant).is_err());
    let even = "[Puzzle \"x\"]\n[Goal \"win\"]\n[Rating \"900\"]\n[Depth \"8\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 13x22 *\n";
    let err = file::read(even, variant).unwrap_err().to_string();
    assert!(
        err.contains("must end with a move of the side to play"),
        "{err}"
    );
}
