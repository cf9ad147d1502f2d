//! lidraughts' two variants through the game layer (RULES.md §2 and §3): Breakthrough, won by
//! the first king, and Frysk!, Frisian from five men a side; their PDN `GameType`s as lidraughts
//! writes them (96 and 97, bare).

use damier_core::{Color, Variant};
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{draw_rules, DrawRule, Game, Outcome, Reason};

fn variant(id: &str) -> Variant {
    id.parse().unwrap()
}

#[test]
fn the_first_king_wins_breakthrough_and_loses_its_giveaway_form() {
    // White's man on 6 steps to 1 and is crowned; Black, to move, has lost at once.
    for (id, winner, why) in [
        ("breakthrough", Color::White, "white crowned a king first"),
        (
            "breakthrough-giveaway",
            Color::Black,
            "white crowned a king, and in giveaway that loses",
        ),
    ] {
        let mut game = Game::from_fen(variant(id), "W:W6:B45").unwrap();
        game.play_text("6-1").unwrap();
        let result = game.result().unwrap_or_else(|| panic!("{id}: not over"));
        assert_eq!(result.outcome, Outcome::Win(winner), "{id}");
        assert_eq!(result.reason, Reason::NoLegalMove, "{id}");
        let text = result.describe_at(game.position());
        assert!(text.contains(why), "{id}: {text}");
        assert!(game.legal_moves().is_empty(), "{id}");
    }
    // In international the same move only crowns a king.
    let mut game = Game::from_fen(Variant::INTERNATIONAL, "W:W6:B45").unwrap();
    game.play_text("6-1").unwrap();
    assert_eq!(game.result(), None);
}

#[test]
fn a_capture_over_the_far_row_does_not_crown_in_breakthrough() {
    // 12x34 takes 8, 9, 19 and 29 by way of square 3 on the far row, and ends on 34: no
    // king, and the game goes on (lidraughts' rules page: only a move that ends there wins).
    let mut game =
        Game::from_fen(variant("breakthrough"), "W:W7,12,27,33,38:B8,9,19,29,43").unwrap();
    let moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.position().short(m))
        .collect();
    assert_eq!(moves, ["12x34"]);
    game.play_text("12x34").unwrap();
    assert_eq!(game.result(), None);
    assert_eq!(game.position().kings(), 0);
}

#[test]
fn breakthrough_has_no_automatic_draw_and_frysk_has_frisians() {
    assert!(draw_rules(variant("breakthrough")).is_empty());
    assert_eq!(draw_rules(variant("frysk")), draw_rules(variant("frisian")));
}

#[test]
fn frysk_draws_two_kings_against_one_after_seven_moves_each() {
    // RULES.md §3 (Frisian, lidraughts): two kings against one king, 7 moves each. The kings
    // shuffle far from each other, never in reach of a capture.
    let mut game = Game::from_fen(variant("frysk"), "W:WK48,K49:BK3").unwrap();
    let shuffle = ["48-42", "3-8", "42-48", "8-3"];
    for (ply, mv) in shuffle.iter().cycle().take(14).enumerate() {
        assert_eq!(game.result(), None, "over before ply {}", ply + 1);
        game.play_text(mv).unwrap();
    }
    let result = game.result().expect("drawn after 14 plies");
    assert_eq!(result.outcome, Outcome::Draw);
    assert_eq!(result.reason, Reason::Rule(DrawRule::FrisianTwoKings));
}

#[test]
fn frysk_starts_from_five_men_a_side_and_holds_no_more() {
    let game = Game::new(variant("frysk"));
    assert_eq!(game.position().fen(), "W:W46,47,48,49,50:B1,2,3,4,5");
    let err = Game::from_fen(variant("frysk"), "W:W41,46,47,48,49,50:B1").unwrap_err();
    assert!(err.to_string().contains("at most 5"), "{err}");
}

#[test]
fn lidraughts_game_types_read_and_write() {
    // As lidraughts exports them: a bare GameType, and for Frysk! the start as a FEN tag.
    let text = "[GameType \"97\"]\n[FEN \"W:W46,47,48,49,50:B1,2,3,4,5\"]\n\n1. 47-42 4-9 *\n\n\
                [GameType \"96\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let games: Vec<PdnGame> = pdn::read(text, Variant::INTERNATIONAL)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games[0].variant, variant("frysk"));
    assert_eq!(games[0].main.moves.len(), 2);
    assert_eq!(games[1].variant, variant("breakthrough"));
    assert_eq!(games[1].main.moves.len(), 4);
    let written = pdn::write(&games, &WriteOptions::default());
    assert!(written.contains("[GameType \"97\"]"), "{written}");
    assert!(written.contains("[GameType \"96\"]"), "{written}");
    let again: Vec<PdnGame> = pdn::read(&written, Variant::INTERNATIONAL)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(again[0].variant, variant("frysk"));
    assert_eq!(again[1].variant, variant("breakthrough"));
}
