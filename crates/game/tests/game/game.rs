//! The game record: plies and positions, undo/redo, draw offers and resignation.

use damier_core::{Base, Color, Variant};
use damier_game::{Board, Game, GameError, GameResult, Outcome, PlyKind, Reason, TimeoutPenalty};

#[test]
fn records_moves_and_positions() {
    let mut g = Game::new(Variant::new(Base::Russian));
    for text in ["c3-d4", "f6-e5", "d4xf6"] {
        g.play_text(text).unwrap();
    }
    let notations: Vec<&str> = g.plies().iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(notations, ["c3-d4", "f6-e5", "d4:f6"]);
    assert_eq!(g.positions().len(), 4);
    assert_eq!(g.positions()[0], Board::start(Variant::new(Base::Russian)));
    // The position after each ply is the previous one with the move played.
    for (i, mv) in g.moves().enumerate() {
        assert_eq!(g.positions()[i].play(&mv).unwrap(), g.positions()[i + 1]);
    }
    assert_eq!(g.side_to_move(), Color::Black);
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut g = Game::new(Variant::INTERNATIONAL);
    let err = g.play_text("31-26x").unwrap_err();
    assert!(matches!(err, GameError::Move(_)), "{err}");
    g.play_text("32-28").unwrap();
    g.play_text("19-23").unwrap();
    let err = g.play_text("31-27").unwrap_err().to_string();
    assert!(err.contains("capture is compulsory"), "{err}");
    assert_eq!(g.plies().len(), 2);
}

/// A capture typed only as far as its first landing is told that the jumps go on, with the
/// whole capture (RULES.md §1: a capture is taken to its end).
#[test]
fn a_capture_stopped_short_is_told_it_goes_on() {
    let english: Variant = "english".parse().unwrap();
    let mut g = Game::from_fen(english, "B:W18,27:B14").unwrap();
    let err = g.play_text("14x23").unwrap_err().to_string();
    assert!(
        err.ends_with("the capture does not end on 23: 14x32"),
        "{err}"
    );
    let russian: Variant = "russian".parse().unwrap();
    let mut g = Game::from_fen(russian, "W:Wc3:Bd4,f6").unwrap();
    let err = g.play_text("c3:e5").unwrap_err().to_string();
    assert!(
        err.ends_with("the capture does not end on e5: c3:g7"),
        "{err}"
    );
    g.play_text("c3:g7").unwrap();
}

/// PDN allows algebraic moves without a separator: `c3d4`, and a capture `c3e5g7`.
#[test]
fn algebraic_moves_may_omit_the_separator() {
    let russian: Variant = "russian".parse().unwrap();
    let mut g = Game::new(russian);
    g.play_text("c3d4").unwrap();
    assert_eq!(g.plies()[0].notation, "c3-d4");
    let mut g = Game::from_fen(russian, "W:Wc3:Bd4,f6").unwrap();
    g.play_text("c3e5g7").unwrap();
    assert_eq!(g.plies()[0].notation, "c3:g7");
    // So does a PDN file.
    let games = damier_game::pdn::read("[GameType \"25\"]\n1. c3d4 f6g5 *", russian);
    let record = games[0].as_ref().unwrap();
    assert_eq!(record.main.moves.len(), 2);
    // Numbered boards keep their separators: "3228" is no move.
    let mut g = Game::new(Variant::INTERNATIONAL);
    assert!(g.play_text("3228").is_err());
}

#[test]
fn undo_and_redo() {
    let mut g = Game::new(Variant::new(Base::English));
    g.play_text("11-15").unwrap();
    g.play_text("23-19").unwrap();
    let after_two = *g.position();
    assert!(g.undo());
    assert_eq!(g.plies().len(), 1);
    assert!(g.redo());
    assert_eq!(*g.position(), after_two);
    assert!(!g.redo());
    assert!(g.undo() && g.undo());
    assert!(!g.undo());
    assert_eq!(g.position(), g.start());
    // A new move drops what could have been redone.
    g.play_text("9-13").unwrap();
    assert!(!g.redo());
}

#[test]
fn undo_takes_back_a_result() {
    let mut g = Game::from_fen(Variant::INTERNATIONAL, "W:W32:B27").unwrap();
    g.play_text("32x21").unwrap();
    assert!(g.is_over());
    assert!(g.undo());
    assert_eq!(g.result(), None);
    assert_eq!(g.legal_moves().len(), 1);
}

#[test]
fn draw_offer_made_with_a_move_and_accepted() {
    let mut g = Game::new(Variant::INTERNATIONAL);
    assert_eq!(g.accept_draw(), Err(GameError::NoDrawOffer));
    let mv = g.position().parse_move("32-28").unwrap();
    g.play_offering(&mv, true).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    assert_eq!(g.accept_draw(), Ok(GameResult::draw(Reason::Agreement)));
    assert!(g.play_text("19-23").is_err());
}

#[test]
fn draw_offer_declined_by_moving_or_explicitly() {
    let mut g = Game::new(Variant::INTERNATIONAL);
    let mv = g.position().parse_move("32-28").unwrap();
    g.play_offering(&mv, true).unwrap();
    g.play_text("19-23").unwrap();
    assert_eq!(g.draw_offer(), None, "moving declines");
    assert_eq!(g.accept_draw(), Err(GameError::NoDrawOffer));
    let mv = g.position().parse_move("28x19").unwrap();
    g.play_offering(&mv, true).unwrap();
    g.decline_draw().unwrap();
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw(), Err(GameError::NoDrawOffer));
    assert_eq!(g.result(), None);
}

#[test]
fn resignation() {
    let mut g = Game::new(Variant::new(Base::Turkish));
    let r = g.resign(Color::White).unwrap();
    assert_eq!(r.outcome, Outcome::Win(Color::Black));
    assert_eq!(r.reason, Reason::Resignation);
    assert!(matches!(g.resign(Color::Black), Err(GameError::Over(_))));
    assert_eq!(r.describe(), "black wins: white resigned");
}

#[test]
fn a_side_left_without_a_move_by_a_forfeit_is_judged_by_the_no_move_rule() {
    // Black forfeits on time; White's only man, on 5, is blocked by Black's man on 1.
    let mut g = Game::from_fen(Variant::giveaway(Base::English), "B:W5:B1,12").unwrap();
    assert_eq!(
        g.time_out(TimeoutPenalty::LossOfTurn),
        Ok(Some(GameResult::win(Color::White, Reason::NoLegalMove)))
    );
    assert_eq!(g.plies().last().unwrap().kind, PlyKind::Forfeit);
    // The same in English proper: the side without a move loses.
    let mut g = Game::from_fen(Variant::new(Base::English), "B:W5:B1,12").unwrap();
    let r = g.time_out(TimeoutPenalty::LossOfTurn).unwrap().unwrap();
    assert_eq!(r.outcome, Outcome::Win(Color::Black));
}

#[test]
fn play_on_goes_past_a_draw_by_rule_and_judges_again() {
    let mut g = Game::from_fen(Variant::new(Base::English), "B:WK29,K21:BK1,K3").unwrap();
    for text in [
        "1-6", "29-25", "6-1", "25-29", "1-6", "29-25", "6-1", "25-29",
    ] {
        g.play_text(text).unwrap();
    }
    let drawn = g.result().unwrap();
    assert!(matches!(drawn.reason, Reason::Rule(_)), "{drawn:?}");
    // The refereed way refuses; an illegal move leaves the draw standing.
    assert!(matches!(g.play_text("1-6"), Err(GameError::Over(_))));
    let again = g.position().parse_move("1-6").unwrap();
    let other_side = g.position().with_side(Color::White);
    let not_here = other_side.legal_moves()[0];
    assert_eq!(g.play_on(&not_here), Err(GameError::Illegal));
    assert_eq!(g.result(), Some(drawn));
    // Played on: the position after 1-6 has been seen twice before, so it is a third time.
    g.play_on(&again).unwrap();
    assert_eq!(g.plies().len(), 9);
    assert_eq!(g.result().map(|r| r.reason), Some(drawn.reason));
    // A move to a new square makes a new position: the game is on again by Damier's rules.
    let fresh = g.position().parse_move("29-25").unwrap();
    g.play_on(&fresh).unwrap();
    let new = g.position().parse_move("6-10").unwrap();
    g.play_on(&new).unwrap();
    assert_eq!(g.result(), None);
    g.play_text("25-22").unwrap();
    // Any other result stands: play_on plays past draws by rule only.
    g.resign(Color::Black).unwrap();
    let mv = g.position().legal_moves()[0];
    assert!(matches!(g.play_on(&mv), Err(GameError::Over(_))));
}
