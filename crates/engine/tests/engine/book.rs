//! The engine and its opening book: a game move from the book, a search everywhere else, and
//! the engine as the analyst that grows a book.

use damier_book::{Book, Settings, Step};
use damier_engine::{
    BookAnalyst, BookChoice, Control, Engine, EngineOptions, Level, Limits, SearchInfo,
    SearchInput, Silent, Style,
};
use damier_game::Board;
use std::sync::Arc;

fn engine() -> Engine {
    Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 8,
    })
}

/// A small international book grown by the engine itself at a shallow depth.
fn small_book(engine: &Engine) -> Book {
    let control = Control::new();
    let mut analyst = BookAnalyst::new(engine, &control);
    let settings = Settings {
        depth: 4,
        lines: 4,
        ..Settings::default()
    };
    let mut book = Book::new("international".parse().unwrap(), settings);
    while book.len() < 8 {
        assert!(matches!(book.grow(&mut analyst), Step::Grown(_)));
    }
    // A grow run's report counts the analyst's nodes.
    assert!(damier_book::Analyst::nodes(&analyst) > 0);
    book
}

#[test]
fn the_analyst_scores_as_many_moves_as_asked_best_first() {
    let engine = engine();
    let book = small_book(&engine);
    let start = Board::start("international".parse().unwrap());
    let moves = book.moves(&start).unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.windows(2).all(|w| w[0].value >= w[1].value));
    let legal = start.legal_moves();
    assert!(moves.iter().all(|m| legal.contains(&m.mv)));
}

#[test]
fn a_game_move_in_a_known_position_comes_from_the_book() {
    let mut engine = engine();
    let book = Arc::new(small_book(&engine));
    engine.set_book(BookChoice::File(book.clone()));
    let start = Board::start("international".parse().unwrap());
    let input = SearchInput::new(start);
    let mut reported = Vec::new();
    let mut listen = |info: &SearchInfo| reported.push(info.book);
    let r = engine.search(
        &input,
        &Limits::depth(6),
        Style::default(),
        &Control::new(),
        &mut listen,
    );
    assert!(r.book);
    assert_eq!((r.depth, r.nodes), (0, 0));
    let best = book.moves(&start).unwrap()[0].value;
    let chosen = book
        .moves(&start)
        .unwrap()
        .into_iter()
        .find(|m| Some(m.mv) == r.best)
        .unwrap();
    assert!(chosen.value >= best - damier_engine::BOOK_MARGIN);
    assert_eq!(r.score.0, chosen.value);
    assert_eq!(reported, vec![true], "one report, saying it is the book's");
    // Out of the book, the engine searches.
    let mut far = start;
    for _ in 0..12 {
        far = far.play_unchecked(&far.legal_moves()[0]);
    }
    let r = engine.search(
        &SearchInput::new(far),
        &Limits::depth(3),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    assert!(!r.book && r.depth == 3);
}

#[test]
fn analysis_pondering_weak_levels_and_no_book_search_instead() {
    let mut engine = engine();
    let book = Arc::new(small_book(&engine));
    engine.set_book(BookChoice::File(book));
    let input = SearchInput::new(Board::start("international".parse().unwrap()));
    let depth = Limits::depth(3);
    let searched =
        |engine: &Engine, limits: &Limits, style: Style, lines: usize, control: &Control| {
            !engine
                .search_lines(&input, limits, style, lines, control, &mut Silent)
                .book
        };
    let normal = Style::default();
    assert!(!searched(&engine, &depth, normal, 1, &Control::new()));
    assert!(
        searched(&engine, &depth, normal, 3, &Control::new()),
        "several lines"
    );
    let analysis = Style {
        skip_book: true,
        ..normal
    };
    assert!(
        searched(&engine, &depth, analysis, 1, &Control::new()),
        "skip_book"
    );
    assert!(
        searched(
            &engine,
            &depth,
            Style::of_level(Level::new(3).unwrap(), 1),
            1,
            &Control::new()
        ),
        "a weak level"
    );
    let ponder = Control::pondering();
    ponder.stop();
    assert!(searched(&engine, &depth, normal, 1, &ponder), "pondering");
    engine.set_book(BookChoice::None);
    assert!(
        searched(&engine, &depth, normal, 1, &Control::new()),
        "no book"
    );
}

#[test]
fn equal_book_moves_take_turns() {
    let mut engine = engine();
    let start = Board::start("international".parse().unwrap());
    let book = Arc::new(small_book(&engine));
    let best = book.moves(&start).unwrap()[0].value;
    let near = book
        .moves(&start)
        .unwrap()
        .iter()
        .filter(|m| m.value >= best - damier_engine::BOOK_MARGIN)
        .count();
    engine.set_book(BookChoice::File(book));
    let input = SearchInput::new(start);
    let played: std::collections::HashSet<_> = (0..60)
        .map(|_| {
            engine
                .search(
                    &input,
                    &Limits::depth(3),
                    Style::default(),
                    &Control::new(),
                    &mut Silent,
                )
                .best
        })
        .collect();
    assert_eq!(played.len(), near);
}

#[test]
fn a_seeded_style_picks_the_same_book_move_every_time() {
    let mut engine = engine();
    let book = Arc::new(small_book(&engine));
    engine.set_book(BookChoice::File(book));
    let input = SearchInput::new(Board::start("international".parse().unwrap()));
    let seeded = Style {
        seed: 42,
        ..Style::default()
    };
    let first = engine.search(
        &input,
        &Limits::depth(3),
        seeded,
        &Control::new(),
        &mut Silent,
    );
    assert!(first.book);
    for _ in 0..10 {
        let again = engine.search(
            &input,
            &Limits::depth(3),
            seeded,
            &Control::new(),
            &mut Silent,
        );
        assert_eq!(again.best, first.best);
    }
}
