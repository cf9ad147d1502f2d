//! Giveaway results through the game layer (RULES.md §1, "End of game"; seed 000): a game whose
//! last move leaves the side to move without a legal move is won by that side in the giveaway
//! form and lost in the base; the base's draw rules still apply (RULES.md §3, "giveaway
//! forms: those of the base variant").

use damier_core::{Base, Color, SquareNames, Variant};
use damier_game::{DrawRule, Game, GameResult, Outcome, Reason};

/// A square seen from White's side on the real board (mirrored boards swap the files).
fn square(variant: Variant, row: u32, file: u32) -> String {
    let rules = variant.rules();
    let names = SquareNames::of(rules);
    let col = if rules.mirrored {
        rules.board.size() - 1 - file
    } else {
        file
    };
    names.name(names.at_real(row, col).expect("a playing square"))
}

fn play(variant: Variant, fen: &str, moves: &[String]) -> Game {
    let mut game = Game::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(game.result(), None, "{variant}: over before ply {}", i + 1);
        game.play_text(mv)
            .unwrap_or_else(|e| panic!("{variant} {fen} {mv}: {e}"));
    }
    game
}

fn assert_won(game: &Game, winner: Color) {
    let variant = game.variant();
    let result = game
        .result()
        .unwrap_or_else(|| panic!("{variant}: not over"));
    assert_eq!(
        result,
        GameResult {
            outcome: Outcome::Win(winner),
            reason: Reason::NoLegalMove
        },
        "{variant}"
    );
    let pdn = if winner == Color::White { "1-0" } else { "0-1" };
    assert_eq!(result.outcome.pdn(), pdn, "{variant}");
}

#[test]
fn a_move_that_blocks_the_last_piece_wins_for_the_mover_only_in_the_base() {
    // White's only man on a1 (the single corner), Black's men on b2 and d4. Black plays d4-c3:
    // a1 can no longer move to b2 nor take it (c3 is taken), so White, to move, has no move.
    // Black has no capture before it (b2 cannot jump a1 off the board). In Frisian a1 could
    // also take orthogonally, but a3 and c1 are empty.
    for base in Variant::all().filter(|v| !v.giveaway && v.rules().board.is_diagonal()) {
        let giveaway = Variant::giveaway(base.base);
        let fen = format!(
            "B:W{}:B{},{}",
            square(base, 0, 0),
            square(base, 1, 1),
            square(base, 3, 3)
        );
        let mv = format!("{}-{}", square(base, 3, 3), square(base, 2, 2));
        assert_won(&play(base, &fen, std::slice::from_ref(&mv)), Color::Black);
        assert_won(&play(giveaway, &fen, &[mv]), Color::White);
    }
}

#[test]
fn taking_the_last_piece_wins_for_the_taker_only_in_the_base() {
    // English numbering: White's man on 18, Black's on 14; Black must take 14x23, and White,
    // with no piece left, loses in English and wins in giveaway.
    let fen = "B:W18:B14";
    let english = Variant::new(Base::English);
    assert_won(&play(english, fen, &["14x23".into()]), Color::Black);
    assert_won(
        &play(Variant::giveaway(Base::English), fen, &["14x23".into()]),
        Color::White,
    );
    // Turkish (orthogonal men, immediate removal): White's man on d4 takes d5 and lands on d6;
    // Black, with nothing left, loses in Turkish and wins in its giveaway form. White has a
    // second man on a2: one piece against one is a Turkish draw (RULES.md §3).
    let fen = "W:Wa2,d4:Bd5";
    assert_won(
        &play(Variant::new(Base::Turkish), fen, &["d4xd6".into()]),
        Color::White,
    );
    assert_won(
        &play(Variant::giveaway(Base::Turkish), fen, &["d4xd6".into()]),
        Color::Black,
    );
}

#[test]
fn a_game_that_starts_without_a_move_is_already_decided() {
    // Black to move with no piece: over before any move, either way round.
    for base in Variant::all().filter(|v| !v.giveaway) {
        let giveaway = Variant::giveaway(base.base);
        let white = if base.rules().board.is_diagonal() {
            square(base, 0, 0)
        } else {
            "a2".to_string()
        };
        let fen = format!("B:W{white}:B");
        assert_won(&play(base, &fen, &[]), Color::White);
        assert_won(&play(giveaway, &fen, &[]), Color::Black);
    }
}

#[test]
fn the_base_draw_rules_still_apply() {
    // RULES.md §3: third repetition draws in every giveaway form as in its base. Two English
    // kings shuffle 29-25 / 4-8 and back: the start position returns after 4 and 8 plies, and
    // the 8th ply is its third occurrence.
    let cycle = ["29-25", "4-8", "25-29", "8-4"];
    let moves: Vec<String> = cycle.iter().chain(&cycle).map(|s| s.to_string()).collect();
    for variant in [
        Variant::new(Base::English),
        Variant::giveaway(Base::English),
    ] {
        let before = play(variant, "W:WK29:BK4", &moves[..7]);
        assert_eq!(
            before.result(),
            None,
            "{variant}: the position occurred twice"
        );
        let game = play(variant, "W:WK29:BK4", &moves);
        assert_eq!(
            game.result(),
            Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::Rule(DrawRule::Repetition)
            }),
            "{variant}"
        );
        assert_eq!(game.result().unwrap().outcome.pdn(), "1/2-1/2");
    }
}
