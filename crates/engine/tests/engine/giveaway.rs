//! The giveaway forms through the game layer and the engine: the same moves as the base
//! variant, the opposite aim (RULES.md §1: a side with no legal move wins). The engine must
//! give its pieces away where the base variant's engine keeps them, and the game must record
//! the giveaway winner.

use damier_core::{Color, Variant};
use damier_engine::{Control, Engine, EngineOptions, Limits, SearchInput, Silent, Style};
use damier_game::{Game, Outcome, Reason};

fn variant(name: &str) -> Variant {
    name.parse().unwrap()
}

/// The engine's move in `game`, in the variant's notation.
fn engine_move(game: &Game, depth: i32) -> String {
    let engine = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 4,
    });
    let input = SearchInput::from_game(game);
    let r = engine.search(
        &input,
        &Limits::depth(depth),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    input.board.short(&r.best.expect("a legal move"))
}

#[test]
fn the_last_capture_decides_the_winner_by_the_variant() {
    // English: Black's 14x23 takes White's last man; White, to move, has no move.
    for (name, winner, pdn) in [
        ("english", Color::Black, "0-1"),
        ("english-giveaway", Color::White, "1-0"),
    ] {
        let mut game = Game::from_fen(variant(name), "B:W18:B14").unwrap();
        game.play_text("14x23").unwrap();
        let result = game.result().expect("the game is over");
        assert_eq!(result.outcome, Outcome::Win(winner), "{name}");
        assert_eq!(result.reason, Reason::NoLegalMove, "{name}");
        assert_eq!(result.outcome.pdn(), pdn, "{name}");
    }
}

#[test]
fn the_engine_keeps_its_man_in_the_base_and_gives_it_away_in_giveaway() {
    // Russian, White's man on c3 and Black's on e5: c3-d4 walks into e5:c3 (White's last
    // piece gone), c3-b4 keeps it. Shashki's engine keeps it; poddavki's gives it away, after
    // which White, with nothing left to move, has won.
    let fen = "W:Wc3:Be5";
    let base = Game::from_fen(variant("russian"), fen).unwrap();
    assert_eq!(engine_move(&base, 6), "c3-b4");
    let mut giveaway = Game::from_fen(variant("poddavki"), fen).unwrap();
    let mv = engine_move(&giveaway, 6);
    assert_eq!(mv, "c3-d4");
    giveaway.play_text(&mv).unwrap();
    let reply = engine_move(&giveaway, 6);
    assert_eq!(reply, "e5:c3", "the capture is compulsory");
    giveaway.play_text(&reply).unwrap();
    let result = giveaway.result().expect("White has no piece left");
    assert_eq!(result.outcome, Outcome::Win(Color::White));
}

#[test]
fn a_won_giveaway_ending_is_converted() {
    // International giveaway, White's man on 38 against Black's on 19: a win for White in four
    // plies (`damier analyze --variant antidraughts --fen W:W38:B19` proves it at depth 9):
    // White walks its man into Black's, and a capture is compulsory. Played out by the engine
    // on both sides, White must win.
    let fen = "W:W38:B19";
    let mut game = Game::from_fen(variant("antidraughts"), fen).unwrap();
    for _ in 0..20 {
        if game.result().is_some() {
            break;
        }
        let mv = engine_move(&game, 10);
        game.play_text(&mv).unwrap();
    }
    let result = game
        .result()
        .expect("the ending is decided within 20 plies");
    assert_eq!(
        result.outcome,
        Outcome::Win(Color::White),
        "{}",
        game.position().fen()
    );
}

#[test]
fn short_kings_too_the_engine_keeps_or_gives_its_man_by_the_variant() {
    // English numbering (short kings, free capture): White's man on 23, Black's on 14. 23-18
    // walks into 14x23 and leaves White without a piece; 23-19 keeps it (19 is not next to
    // 14). English keeps the man; giveaway gives it away and wins at once.
    let fen = "W:W23:B14";
    let base = Game::from_fen(variant("english"), fen).unwrap();
    assert_eq!(engine_move(&base, 6), "23-19");
    let giveaway = Game::from_fen(variant("giveaway"), fen).unwrap();
    assert_eq!(engine_move(&giveaway, 6), "23-18");
}
