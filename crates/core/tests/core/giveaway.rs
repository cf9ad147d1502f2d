//! The giveaway forms (RULES.md §1, "End of game"; seed 000): the moves are the base
//! variant's, but the side to move with no legal move — no pieces left, or all blocked — wins
//! instead of losing. Perft cannot see this; these positions can.

use damier_core::{fen, with_geometry, Color, Geometry, Position, SquareNames, Variant};

/// The winner in `fen_text`, where the side to move has no legal move.
fn winner<G: Geometry>(variant: Variant, fen_text: &str) -> Option<Color> {
    let pos: Position<G> = fen::parse(variant.rules(), fen_text)
        .unwrap_or_else(|e| panic!("{variant} {fen_text}: {e}"));
    pos.no_move_winner()
}

fn winner_of(variant: Variant, fen_text: &str) -> Option<Color> {
    with_geometry!(variant.rules().board, G => winner::<G>(variant, fen_text))
}

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

#[test]
fn no_pieces_left_loses_in_the_base_and_wins_in_giveaway() {
    for base in Variant::all().filter(|v| !v.giveaway) {
        let giveaway = Variant::giveaway(base.base);
        // White to move with nothing on the board; Black keeps one man on its own back row.
        let row = base.rules().board.size() - 1;
        let file = if base.rules().board.is_diagonal() {
            1
        } else {
            0
        };
        let black = square(base, row, file);
        let fen_text = format!("W:W:B{black}");
        assert_eq!(winner_of(base, &fen_text), Some(Color::Black), "{base}");
        assert_eq!(
            winner_of(giveaway, &fen_text),
            Some(Color::White),
            "{giveaway}"
        );
    }
}

#[test]
fn a_blocked_side_loses_in_the_base_and_wins_in_giveaway() {
    for base in Variant::all().filter(|v| !v.giveaway && v.rules().board.is_diagonal()) {
        let giveaway = Variant::giveaway(base.base);
        // White's only man on a1 (the single corner), Black's men on b2 and c3: a1 cannot move
        // to b2, nor take it (c3 is occupied); in Frisian it could also take straight ahead
        // or sideways, but a3 and c1 are empty.
        let fen_text = format!(
            "W:W{}:B{},{}",
            square(base, 0, 0),
            square(base, 1, 1),
            square(base, 2, 2)
        );
        assert_eq!(winner_of(base, &fen_text), Some(Color::Black), "{base}");
        assert_eq!(
            winner_of(giveaway, &fen_text),
            Some(Color::White),
            "{giveaway}"
        );
    }
    // Turkish men move forward and sideways: a1 is blocked by a2 and b1, each backed up (the
    // pieces on row 1 are kings: a black man there would have been crowned).
    let turkish = Variant::new(damier_core::Base::Turkish);
    let fen_text = "W:Wa1:Ba2,a3,Kb1,Kc1";
    assert_eq!(winner_of(turkish, fen_text), Some(Color::Black));
    assert_eq!(
        winner_of(Variant::giveaway(turkish.base), fen_text),
        Some(Color::White)
    );
}

#[test]
fn a_side_with_a_move_has_not_won_yet() {
    for variant in Variant::all() {
        let pos_text = if variant.rules().board.is_diagonal() {
            format!(
                "W:W{}:B{}",
                square(variant, 0, 0),
                square(variant, variant.rules().board.size() - 1, 1)
            )
        } else {
            "W:Wa2:Bh7".to_string()
        };
        assert_eq!(winner_of(variant, &pos_text), None, "{variant}");
    }
}
