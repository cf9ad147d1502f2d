//! Solving puzzles line by line.

use damier_game::Board;
use damier_puzzles::{Goal, Puzzle, Rating};
use damier_tui::puzzles::PuzzleSession;
use std::collections::HashSet;

/// "Seeing is Believing" (The Checker Maven, 2013): White to play and win.
fn stroke(id: &str, rating: u32) -> Puzzle {
    let start = Board::from_fen(
        "english".parse().unwrap(),
        "W:W30,29,22,21,9,6:B24,20,16,13,8,7",
    )
    .unwrap();
    let mut line = Vec::new();
    let mut b = start;
    for text in ["22-17", "13x22", "29-25", "22x29", "30-25"] {
        let mv = b.parse_move(text).unwrap();
        b = b.play_unchecked(&mv);
        line.push(mv);
    }
    Puzzle {
        id: id.into(),
        start,
        line,
        goal: Goal::Win,
        rating,
        depth: 16,
        source: "test".into(),
    }
}

fn says(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

#[test]
fn a_puzzle_is_solved_move_by_move_and_rated() {
    let mut s = PuzzleSession::new(
        vec![stroke("a", 1500), stroke("b", 1000)],
        Rating::default(),
        HashSet::new(),
    );
    // The unseen puzzle nearest 1200 comes first.
    assert!(says(
        &s.show(),
        "Puzzle b (rated 1000). White to play and win."
    ));
    let out = s.handle("21-17");
    assert!(says(&out, "21-17 is not the move"), "{out:?}");
    let out = s.handle("hint");
    assert_eq!(out, vec!["Move the piece on 22.".to_string()]);
    let out = s.handle("22-17");
    assert!(
        says(&out, "22-17 is right.") && says(&out, "Reply: 13x22."),
        "{out:?}"
    );
    assert!(says(&out, "Your move."));
    s.handle("29-25");
    let out = s.handle("30-25");
    // Solved, but with a wrong move and a hint: it counts as not solved.
    assert!(says(&out, "Solved, with help: rating"), "{out:?}");
    assert!(s.rating().value < 1200.0);
    assert_eq!(s.rating().failed, 1);
    let out = s.handle("next");
    assert!(says(&out, "Puzzle a (rated 1500)"), "{out:?}");
    // Solved cleanly: the rating rises.
    for m in ["22-17", "29-25", "30-25"] {
        s.handle(m);
    }
    assert_eq!(s.rating().solved, 1);
    assert_eq!(s.seen().len(), 2);
    let out = s.handle("next");
    assert!(says(&out, "Every puzzle of the set is done"), "{out:?}");
}

#[test]
fn next_passes_over_a_puzzle_not_tried_without_counting_it() {
    let mut s = PuzzleSession::new(
        vec![stroke("a", 1500), stroke("b", 1000)],
        Rating::default(),
        HashSet::new(),
    );
    assert!(says(&s.show(), "Puzzle b"));
    let out = s.handle("next");
    assert!(says(&out, "Puzzle a (rated 1500)"), "{out:?}");
    let out = s.handle("hint");
    assert_eq!(out, vec!["Move the piece on 22.".to_string()]);
    // Nothing counted: both are still unseen, and next goes back to b.
    let out = s.handle("skip");
    assert!(says(&out, "Puzzle b"), "{out:?}");
    assert!(s.seen().is_empty());
    assert_eq!(s.rating().solved + s.rating().failed, 0);
}

#[test]
fn the_solution_can_be_shown_and_bad_input_is_answered() {
    let mut s = PuzzleSession::new(vec![stroke("a", 900)], Rating::default(), HashSet::new());
    let out = s.handle("22-99");
    assert!(out[0].contains("'22-99'"), "{out:?}");
    let out = s.handle("22-18");
    assert_eq!(
        out[0].matches("22-18").count(),
        1,
        "a wrong move is named once: {out:?}"
    );
    // A word that is no move is an unknown command, not an unreadable move.
    let out = s.handle("foo");
    assert_eq!(
        out,
        vec!["Unknown command 'foo': type help for the commands.".to_string()]
    );
    let out = s.handle("solution");
    assert!(
        says(&out, "The solution: 22-17 13x22 29-25 22x29 30-25."),
        "{out:?}"
    );
    assert!(says(&out, "Not solved: rating"));
    assert!(says(&s.handle("help"), "hint"));
    s.handle("quit");
    assert!(s.finished());
}

/// Trying a puzzle again after a wrong move counts it as not solved first, once: a retry
/// cannot make a clean solve of it, nor count it twice.
#[test]
fn a_retry_after_a_wrong_move_counts_the_puzzle_once_as_not_solved() {
    let mut s = PuzzleSession::new(vec![stroke("a", 1200)], Rating::default(), HashSet::new());
    s.handle("21-17");
    let out = s.handle("retry");
    assert!(says(&out, "Not solved: rating"), "{out:?}");
    assert!(says(&out, "Puzzle a (rated 1200)"), "{out:?}");
    assert_eq!((s.rating().solved, s.rating().failed), (0, 1));
    for m in ["22-17", "29-25", "30-25"] {
        s.handle(m);
    }
    s.handle("retry");
    for m in ["22-17", "29-25", "30-25"] {
        s.handle(m);
    }
    assert_eq!((s.rating().solved, s.rating().failed), (0, 1));
    // A retry with no wrong move counts nothing.
    let mut s = PuzzleSession::new(vec![stroke("b", 1200)], Rating::default(), HashSet::new());
    s.handle("22-17");
    s.handle("retry");
    assert_eq!(s.rating().solved + s.rating().failed, 0);
}

/// The help's example moves are written as the puzzle's variant writes moves: numbers in
/// English, a1–h8 and `:` in Russian.
#[test]
fn help_writes_moves_as_the_variant_does() {
    let mut s = PuzzleSession::new(vec![stroke("a", 1500)], Rating::default(), HashSet::new());
    let out = s.handle("help");
    assert!(says(&out, "(as 9-13 or 13x22)"), "{out:?}");
    let russian = "russian".parse().unwrap();
    let start = Board::from_fen(russian, "W:Wa1,b2,c3:Be5").unwrap();
    let mut line = Vec::new();
    let mut b = start;
    for text in ["c3-d4", "e5:c3", "b2:d4"] {
        let mv = b.parse_move(text).unwrap();
        b = b.play_unchecked(&mv);
        line.push(mv);
    }
    let puzzle = Puzzle {
        id: "r".into(),
        start,
        line,
        goal: Goal::Win,
        rating: 1000,
        depth: 4,
        source: "test".into(),
    };
    let mut s = PuzzleSession::new(vec![puzzle], Rating::default(), HashSet::new());
    let out = s.handle("help");
    assert!(says(&out, "(as a3-b4 or b4:d6)"), "{out:?}");
}
