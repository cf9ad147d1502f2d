//! The engine with endgame databases: exact scores where a win can be converted within the
//! variant's move counts, the shortest win played out, and no claim where a count would draw
//! (but the shortest win still sought).

use damier_core::{with_geometry, Geometry, Variant};
use damier_egdb::store::build_set;
use damier_egdb::{Egdb, Indexer, Slice, Value};
use damier_engine::{
    Control, Engine, EngineOptions, Limits, Score, SearchInfo, SearchInput, SearchResult, Silent,
    Style,
};
use damier_game::{Board, Game};
use std::path::PathBuf;
use std::sync::Arc;

fn databases(name: &str, pieces: u32) -> (Variant, Arc<Egdb>, PathBuf) {
    let variant: Variant = name.parse().unwrap();
    let root =
        std::env::temp_dir().join(format!("damier-engine-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    build_set(&root, variant, pieces, &|_| {}).unwrap();
    let db = Arc::new(Egdb::open(&root, variant, 8).unwrap());
    (variant, db, root)
}

fn engine(db: &Arc<Egdb>) -> Engine {
    let mut e = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 4,
    });
    e.set_egdb(Some(Arc::clone(db)));
    e
}

fn search(engine: &Engine, game: &Game, depth: i32) -> (String, Score) {
    let input = SearchInput::from_game(game);
    let r = search_input(engine, &input, depth);
    (input.board.short(&r.best.expect("a legal move")), r.score)
}

/// A search whose lines are shown, so continued by the databases.
fn search_input(engine: &Engine, input: &SearchInput, depth: i32) -> SearchResult {
    engine.search(
        input,
        &Limits::depth(depth),
        Style::default(),
        &Control::new(),
        &mut |_: &SearchInfo| {},
    )
}

fn probe(db: &Egdb, board: &Board) -> Option<Value> {
    match board {
        Board::D8(p) => db.probe(p).unwrap(),
        Board::D10(p) => db.probe(p).unwrap(),
        Board::D12(p) => db.probe(p).unwrap(),
        Board::O8(p) => db.probe(p).unwrap(),
    }
}

#[test]
fn two_kings_take_one_by_the_shortest_road() {
    let (variant, db, root) = databases("english", 3);
    let mut game = Game::from_fen(variant, "W:WK29,K30:BK1").unwrap();
    let Some(Value::Win(n)) = probe(&db, game.position()) else {
        panic!("two kings against one in the corner is a database win");
    };
    let engine = engine(&db);
    let r = search_input(&engine, &SearchInput::from_game(&game), 4);
    assert_eq!(r.score, Score::win_in(n as usize));
    assert_eq!(r.egdb, Some(Value::Win(n)));
    // The line goes on through the databases to the capture that ends the game; a caller
    // that shows no lines gets the search's own, which stops at its first probe.
    assert_eq!(r.pv.len(), n as usize);
    let unseen = engine.search(
        &SearchInput::from_game(&game),
        &Limits::depth(4),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    assert_eq!((unseen.best, unseen.pv.len()), (r.best, 1));
    // Both sides play with the databases: every move keeps the value, one ply nearer.
    for ply in 0..n {
        let (mv, _) = search(&engine, &game, 4);
        game.play_text(&mv).unwrap();
        let expected = if ply % 2 == 0 {
            Value::Loss(n - ply - 1)
        } else {
            Value::Win(n - ply - 1)
        };
        assert_eq!(probe(&db, game.position()), Some(expected), "after {mv}");
    }
    assert!(
        game.result().is_some(),
        "the lone king is taken in {n} plies"
    );
    std::fs::remove_dir_all(root).unwrap();
}

/// Frisian: the same pieces with a king barred by three quiet moves in a row are another
/// position. Found by a playout that lost a database draw: the table entry of a position
/// searched moves before (Black's king free) answered for the one after Black's king's third
/// move, with the same pieces. Both sides play the database draw of that playout with one
/// engine (its table kept from move to move), and every move must keep the draw.
#[test]
fn a_frisian_king_run_is_part_of_the_position_searched() {
    let (variant, db, root) = databases("frisian", 3);
    let engine = engine(&db);
    let mut game = Game::from_fen(variant, "W:WK36:BK2,7").unwrap();
    assert_eq!(probe(&db, game.position()), Some(Value::Draw));
    for _ in 0..24 {
        if game.result().is_some() {
            break;
        }
        let input = SearchInput::from_game(&game);
        let r = engine.search(
            &input,
            &Limits::nodes(20_000),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        let mv = input.board.short(&r.best.expect("a legal move"));
        game.play_text(&mv).unwrap();
        assert_eq!(
            probe(&db, game.position()),
            Some(Value::Draw),
            "{mv} in {}",
            input.board.fen()
        );
    }
    std::fs::remove_dir_all(root).unwrap();
}

/// International: a lone king against two pieces with a king is drawn after 5 moves each
/// (RULES.md §3): a database win is claimed when it ends within the count left, and not when
/// the plies already spent in the ending leave too few.
#[test]
fn a_win_the_five_move_count_would_draw_is_not_claimed() {
    let (variant, db, root) = databases("international", 3);
    let rules = variant.rules();
    let m: Slice = "K2-K1".parse().unwrap();
    let (fen, n) = with_geometry!(rules.board, G => find_win::<G>(&db, rules, m));
    let engine = engine(&db);
    let game = Game::from_fen(variant, &fen).unwrap();
    // Two plies: the moves' positions are searched, not only played out by quiescence, which
    // answers from the databases only what is already in memory.
    let mut input = SearchInput::from_game(&game);
    let r = search_input(&engine, &input, 2);
    assert_eq!(r.score, Score::win_in(n as usize), "{fen}");
    input.ending_plies = 10 - n as usize;
    engine.new_game();
    let r = search_input(&engine, &input, 2);
    assert!(
        r.score != Score::win_in(n as usize),
        "{fen}: {} after {} plies",
        r.score,
        input.ending_plies
    );
    // Not a claim, yet still the databases' win: a likely win above every evaluation, and a
    // move that keeps it, one ply nearer (the shortest way is the best chance to beat the
    // count).
    assert!(
        !r.score.is_decisive() && r.score > Score(Score::LIKELY_WIN.0 - 100),
        "{fen}: {}",
        r.score
    );
    let mut after = game.clone();
    after
        .play_text(&input.board.short(&r.best.expect("a move")))
        .unwrap();
    assert_eq!(
        probe(&db, after.position()),
        Some(Value::Loss(n - 1)),
        "{fen}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

/// A win in 7 to 9 plies (too far for a two-ply search to see), as FEN and distance.
fn find_win<G: Geometry>(db: &Egdb, rules: &'static damier_core::Rules, m: Slice) -> (String, u16) {
    let ix = Indexer::new::<G>(rules, m);
    (0..ix.size())
        .filter_map(|i| ix.position::<G>(rules, i))
        .find_map(|pos| match db.probe(&pos).unwrap() {
            Some(Value::Win(n)) if (7..=9).contains(&n) => Some((damier_core::fen::write(&pos), n)),
            _ => None,
        })
        .expect("a win of a few plies")
}
