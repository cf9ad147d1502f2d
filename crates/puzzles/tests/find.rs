//! The judge against published problems, and the making of sets.

use damier_core::Variant;
use damier_game::{AnyMove, Board};
use damier_puzzles::find::Finder;
use damier_puzzles::generate::{generate, Games, Settings};
use damier_puzzles::{file, Attempt, Goal, Puzzle, Verdict};
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
        let settings = Settings::new(variant, 8, 3, threads).unwrap();
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
    // Judged again as a set: every puzzle as stated. With a rating and a first move
    // changed, one puzzle is counted changed and one dropped, each told once with why.
    let mut notes = Vec::new();
    let same = finder.recheck(&one, &mut |p, why| {
        notes.push((p.id.clone(), why.to_string()))
    });
    assert_eq!(
        (same.kept.as_slice(), same.as_stated(), same.differs()),
        (one.as_slice(), one.len(), false)
    );
    assert!(notes.is_empty(), "{notes:?}");
    let mut edited = one.clone();
    edited[0].rating += 100;
    let other_first = edited[0]
        .start
        .legal_moves()
        .into_iter()
        .find(|m| *m != one[0].line[0]);
    let dropped = other_first.map(|mv| {
        let mut p = one[0].clone();
        p.id = "moved".into();
        p.line = vec![mv];
        p
    });
    edited.extend(dropped.clone());
    let judged = finder.recheck(&edited, &mut |p, why| {
        notes.push((p.id.clone(), why.to_string()))
    });
    assert_eq!(judged.changed, 1);
    assert_eq!(judged.dropped, usize::from(dropped.is_some()));
    assert_eq!(judged.kept[0], one[0], "judged again as it was found");
    assert_eq!(judged.as_stated(), one.len() - 1);
    assert!(judged.differs());
    assert_eq!(notes.len(), 1 + judged.dropped);
    assert!(notes[0].1.starts_with("the rating is now"), "{notes:?}");
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
    let deep = "[Goal \"win\"]\n[Depth \"99\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 *\n";
    let err = file::read(deep, variant).unwrap_err().to_string();
    assert!(err.contains("Depth is not 1 to 64"), "{err}");
}

/// A puzzle written by hand needs its position, its line and its goal; the name, rating and
/// depth have defaults, the depth the variant's judging depth.
#[test]
fn a_hand_written_puzzle_needs_only_its_goal() {
    let variant: Variant = "english".parse().unwrap();
    let text = "[Goal \"win\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 *\n\n\
                [Goal \"win\"]\n[FEN \"W:W30,29,22,21,9,6:B24,20,16,13,8,7\"]\n1. 22-17 *\n";
    let set = file::read(text, variant).unwrap();
    let names: Vec<&str> = set.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(names, ["english-1", "english-2"]);
    assert_eq!(set[0].rating, 1200);
    assert_eq!(set[0].depth, 12);
    assert_eq!(set[0].goal, Goal::Win);
}

/// A self-play puzzle of international draughts (White crowns after a shot): only its first
/// move is the one move that wins; further on, another way to the goal is taken, and the
/// attempt follows the judge's line from there. A move that gives the goal up is not.
#[test]
fn another_way_to_the_goal_counts_after_the_first_move() {
    let v: Variant = "international".parse().unwrap();
    let start = Board::from_fen(v, "W:W26,27,31,32,36,37,38,43:B4,5,11,16,18,22,30,K49").unwrap();
    let mut board = start;
    let line: Vec<AnyMove> =
        "32-28 22x42 37x48 49x21 26x6 18-23 6-1 23-28 1-6 28-32 6-44 30-35 44-49 5-10 49x27"
            .split_whitespace()
            .map(|t| {
                let mv = board.parse_move(t).unwrap();
                board = board.play_unchecked(&mv);
                mv
            })
            .collect();
    let puzzle = Puzzle {
        id: "international-18".into(),
        start,
        line,
        goal: Goal::Crown,
        rating: 1200,
        depth: 10,
        source: "selfplay".into(),
    };
    let mut finder = Finder::new(10, None);
    let mut attempt = Attempt::new(puzzle.clone());
    let mut play = |attempt: &mut Attempt, text: &str| {
        let mv = attempt.position().parse_move(text).unwrap();
        attempt.try_move_or(&mv, |p, played, mv| finder.alternative(p, played, mv))
    };
    // The first move has no other: 38-33 is wrong, and the judge is not asked.
    assert_eq!(play(&mut attempt, "38-33"), Verdict::Wrong);
    for text in ["32-28", "37x48", "26x6", "6-1", "1-6"] {
        assert!(
            matches!(
                play(&mut attempt, text),
                Verdict::Right { solved: false, .. }
            ),
            "{text}"
        );
    }
    // The line has 6-44; 6-39 keeps the crowned king too (and wins a man), 6-17 does not.
    assert_eq!(play(&mut attempt, "6-17"), Verdict::Wrong);
    assert!(matches!(
        play(&mut attempt, "6-39"),
        Verdict::Right {
            reply: Some(_),
            solved: false
        }
    ));
    // From there the judge's line is followed: 30-35 39-43 32-37 31x42.
    assert!(matches!(
        play(&mut attempt, "39-43"),
        Verdict::Right { solved: false, .. }
    ));
    assert_eq!(
        play(&mut attempt, "31x42"),
        Verdict::Right {
            reply: None,
            solved: true
        }
    );
    assert_eq!(attempt.mistakes(), 2);
    // The puzzle itself is as it was: a retry follows its own line.
    assert_eq!(attempt.puzzle(), &puzzle);
}
