//! Opening books: growth by drop-out expansion, values by minimax, the file format and its
//! refusals, the compiled books.

use damier_book::{builtin, Analyst, Book, BookError, GrowEnd, Settings, Step};
use damier_core::Variant;
use damier_game::{AnyMove, Board};

fn international() -> Variant {
    "international".parse().unwrap()
}

/// Scores each move by a number drawn from the position and the move: a stand-in for a
/// search that is the same every time.
struct Hashed;

impl Analyst for Hashed {
    fn analyse(&mut self, board: &Board, _: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
        let mut scored: Vec<(AnyMove, i32)> = board
            .legal_moves()
            .into_iter()
            .map(|m| {
                let h = board.play_unchecked(&m).hash();
                (m, (h % 61) as i32 - 30)
            })
            .collect();
        scored.sort_by_key(|s| -s.1);
        scored.truncate(lines);
        Some(scored)
    }
}

/// Likes the first legal move and finds every other one a man worse.
struct FirstOnly;

impl Analyst for FirstOnly {
    fn analyse(&mut self, board: &Board, _: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
        let moves = board.legal_moves();
        Some(
            moves
                .iter()
                .enumerate()
                .take(lines)
                .map(|(i, &m)| (m, if i == 0 { 0 } else { -100 }))
                .collect(),
        )
    }
}

fn grown(variant: Variant, settings: Settings, analyst: &mut dyn Analyst, n: usize) -> Book {
    let mut book = Book::new(variant, settings);
    while book.len() < n {
        match book.grow(analyst) {
            Step::Grown(_) => {}
            other => panic!("the book stopped growing at {}: {other:?}", book.len()),
        }
    }
    book
}

#[test]
fn moves_that_lose_more_than_the_widest_drop_are_not_followed() {
    let settings = Settings {
        breadth: 0,
        widest_drop: 40,
        ..Settings::default()
    };
    let book = grown(international(), settings, &mut FirstOnly, 12);
    // Only the line of first moves grows: one position a ply.
    let plies: Vec<u32> = book.positions().iter().map(|p| p.1).collect();
    assert_eq!(plies, (0..12).collect::<Vec<u32>>());
}

#[test]
fn every_position_within_the_breadth_is_searched_first() {
    let settings = Settings {
        breadth: 2,
        lines: 3,
        ..Settings::default()
    };
    // 1 + 3 + 9 positions lie within two plies when each scores three moves.
    let book = grown(international(), settings, &mut FirstOnly, 13);
    let plies: Vec<u32> = book.positions().iter().map(|p| p.1).collect();
    assert_eq!(plies.iter().filter(|&&p| p == 1).count(), 3);
    assert_eq!(plies.iter().filter(|&&p| p == 2).count(), 9);
    assert_eq!(book.positions_by_ply(), vec![1, 3, 9]);
}

#[test]
fn the_text_export_has_a_line_per_position_with_its_moves_best_first() {
    let book = grown(international(), Settings::default(), &mut Hashed, 20);
    let text = book.to_text();
    assert_eq!(text.lines().count(), 20);
    let start = Board::start(international());
    let first: Vec<&str> = text.lines().next().unwrap().split('\t').collect();
    assert_eq!(first[0], start.fen());
    let values: Vec<i32> = first[1..]
        .iter()
        .map(|m| m.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(values.len(), Settings::default().lines as usize);
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    let best = book.moves(&start).unwrap()[0];
    assert_eq!(
        first[1],
        format!("{} {}", start.short(&best.mv), best.value)
    );
}

/// An analyst told what to answer, position by position.
struct Scripted(Vec<(Board, Vec<(AnyMove, i32)>)>);

impl Analyst for Scripted {
    fn analyse(&mut self, board: &Board, _: u16, _: usize) -> Option<Vec<(AnyMove, i32)>> {
        let i = self.0.iter().position(|(b, _)| b == board)?;
        Some(self.0.remove(i).1)
    }
}

#[test]
fn a_move_takes_the_value_of_what_the_book_found_below_it() {
    let start = Board::start(international());
    let moves = start.legal_moves();
    let (a, b) = (moves[0], moves[1]);
    let after_a = start.play_unchecked(&a);
    let reply = after_a.legal_moves()[0];
    let mut analyst = Scripted(vec![
        (start, vec![(a, 10), (b, 5)]),
        // Deeper, the reply to `a` turns out good for the other side.
        (after_a, vec![(reply, 30)]),
    ]);
    // Counted from the start, `b`'s drop makes `a`'s position the next one searched.
    let settings = Settings {
        breadth: 0,
        ..Settings::default()
    };
    let mut book = Book::new(international(), settings);
    assert!(matches!(book.grow(&mut analyst), Step::Grown(_)));
    let first = book.moves(&start).unwrap();
    assert_eq!((first[0].mv, first[0].value), (a, 10));
    assert!(matches!(book.grow(&mut analyst), Step::Grown(g) if g.board == after_a));
    let moves = book.moves(&start).unwrap();
    assert_eq!(
        (moves[0].mv, moves[0].value, moves[0].followed),
        (b, 5, false)
    );
    assert_eq!(
        (moves[1].mv, moves[1].value, moves[1].followed),
        (a, -30, true)
    );
    assert_eq!(book.main_line(&start), vec![b]);
    // A stopped search leaves the book as it was.
    let len = book.len();
    assert!(matches!(
        book.grow(&mut Scripted(Vec::new())),
        Step::Stopped
    ));
    assert_eq!(book.len(), len);
}

#[test]
fn choose_plays_each_move_within_the_margin_and_no_other() {
    let start = Board::start(international());
    let moves = start.legal_moves();
    let mut analyst = Scripted(vec![(
        start,
        vec![(moves[0], 12), (moves[1], 10), (moves[2], 9), (moves[3], 2)],
    )]);
    let mut book = Book::new(international(), Settings::default());
    book.grow(&mut analyst);
    let mut seen = std::collections::HashSet::new();
    for draw in 0..200 {
        let m = book.choose(&start, 4, draw).unwrap();
        assert!(m.value >= 8, "{m:?} is more than 4 below the best");
        seen.insert(m.mv);
    }
    assert_eq!(
        seen.len(),
        3,
        "each of the three near-equal moves is played"
    );
    assert_eq!(book.choose(&start, 0, 7).unwrap().mv, moves[0]);
    // Another position, or another variant's, is not in the book.
    assert!(book
        .choose(&start.play_unchecked(&moves[3]), 4, 0)
        .is_none());
    let english = Board::start("english".parse().unwrap());
    assert!(book.moves(&english).is_none());
}

#[test]
fn a_book_reads_back_as_it_was_written() {
    let book = grown(international(), Settings::default(), &mut Hashed, 60);
    let bytes = book.to_bytes();
    let again = Book::from_bytes(&bytes).unwrap();
    assert_eq!(again.len(), book.len());
    assert_eq!(again.settings(), book.settings());
    for (board, _) in book.positions() {
        assert_eq!(again.moves(&board), book.moves(&board));
    }
    // And grows on exactly as the first would have.
    let (mut a, mut b) = (book, again);
    for _ in 0..5 {
        let (Step::Grown(x), Step::Grown(y)) = (a.grow(&mut Hashed), b.grow(&mut Hashed)) else {
            panic!("both grow");
        };
        assert_eq!(x.board, y.board);
    }
}

#[test]
fn english_books_grow_from_every_ballot_in_play() {
    let book = Book::new("english".parse().unwrap(), Settings::default());
    assert_eq!(book.roots().len(), 1 + 156);
    let book = Book::new("russian".parse().unwrap(), Settings::default());
    assert_eq!(book.roots().len(), 1);
}

#[test]
fn damaged_or_foreign_files_are_refused_with_the_reason() {
    let book = grown(international(), Settings::default(), &mut Hashed, 10);
    let bytes = book.to_bytes();
    assert!(matches!(
        Book::from_bytes(b"DAMIEREV whatever"),
        Err(BookError::NotABook)
    ));
    let mut other_format = bytes.clone();
    other_format[8] = 9;
    assert!(matches!(
        Book::from_bytes(&other_format),
        Err(BookError::Format { found: 9 })
    ));
    let mut damaged = bytes.clone();
    let last = damaged.len() - 3;
    damaged[last] ^= 0x40;
    assert!(matches!(
        Book::from_bytes(&damaged),
        Err(BookError::Corrupt)
    ));
    assert!(matches!(
        Book::from_bytes(&bytes[..bytes.len() - 10]),
        Err(BookError::Truncated { .. })
    ));
    // The start key follows the variant's name: another program's keys are told apart.
    let mut keys = bytes.clone();
    let at = 8 + 2 + 1 + "international".len();
    keys[at] ^= 1;
    assert!(matches!(Book::from_bytes(&keys), Err(BookError::Keys)));
    let e = book.check_variant("frisian".parse().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "the book is for international, not frisian");
}

#[test]
fn every_compiled_book_reads_and_knows_its_start_position() {
    for (id, bytes) in builtin::files() {
        let book = Book::from_bytes(bytes).unwrap_or_else(|e| panic!("{id}.book: {e}"));
        assert_eq!(book.variant().to_string(), id);
        let start = Board::start(book.variant());
        assert!(
            book.moves(&start).is_some(),
            "{id}: the start is not in its book"
        );
        assert!(builtin::book(book.variant()).is_some());
    }
}

/// Scores like [`Hashed`] until it has searched `left` positions, then is stopped.
struct StopsAfter {
    left: usize,
}

impl Analyst for StopsAfter {
    fn analyse(&mut self, board: &Board, depth: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
        self.left = self.left.checked_sub(1)?;
        Hashed.analyse(board, depth, lines)
    }
}

#[test]
fn grow_to_saves_the_book_and_a_stopped_run_goes_on_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("international.book");
    let mut book = Book::open_to_grow(&path, international()).unwrap();
    assert!(book.is_empty(), "no file: a new book");
    let mut told = Vec::new();
    let end = book
        .grow_to(20, &path, &mut StopsAfter { left: 7 }, &mut |b, g| {
            told.push((b.len(), g.ply))
        })
        .unwrap();
    assert_eq!(end.end, GrowEnd::Stopped);
    assert_eq!((end.positions, end.grown), (7, 7));
    assert_eq!(end.path, path);
    assert_eq!(
        told.iter().map(|t| t.0).collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );
    assert_eq!(told[0].1, 0, "the start position is searched first");

    let mut again = Book::open_to_grow(&path, international()).unwrap();
    assert_eq!(again.len(), 7, "the stopped run's positions were saved");
    let end = again
        .grow_to(20, &path, &mut Hashed, &mut |_, _| {})
        .unwrap();
    assert_eq!(end.end, GrowEnd::Reached);
    assert_eq!((end.positions, end.grown, end.nodes), (20, 13, 0));
    assert_eq!(Book::load(&path).unwrap().len(), 20);
    let whole = grown(international(), Settings::default(), &mut Hashed, 20);
    assert_eq!(
        Book::load(&path).unwrap().to_text(),
        whole.to_text(),
        "growing in two runs makes the book one run makes"
    );
}

/// Finds no move worth keeping anywhere.
struct ScoresNothing;

impl Analyst for ScoresNothing {
    fn analyse(&mut self, _: &Board, _: u16, _: usize) -> Option<Vec<(AnyMove, i32)>> {
        Some(Vec::new())
    }
}

#[test]
fn grow_to_ends_when_nothing_is_left_within_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bare.book");
    // The start position is searched, keeps no move, and leaves nothing to follow.
    let mut book = Book::new(international(), Settings::default());
    let end = book
        .grow_to(100, &path, &mut ScoresNothing, &mut |_, _| {})
        .unwrap();
    assert_eq!(end.end, GrowEnd::Finished);
    assert!(end
        .to_string()
        .ends_with("; nothing is left to grow within the settings"));
    assert_eq!(book.len(), 1);
    assert_eq!(Book::load(&path).unwrap().len(), 1, "saved at the end");
}

#[test]
fn open_to_grow_refuses_another_variants_book() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.book");
    grown(international(), Settings::default(), &mut Hashed, 3)
        .save(&path)
        .unwrap();
    let english: Variant = "english".parse().unwrap();
    let err = Book::open_to_grow(&path, english).unwrap_err();
    assert!(matches!(err, BookError::WrongVariant { .. }), "{err}");
}
