//! The English ballot decks: sizes as published, every ballot legal under the rules core.

use damier_core::{Base, Color, Variant};
use damier_game::ballot::{self, BallotChoice, BallotError, Deck};
use std::collections::HashSet;

#[test]
fn three_move_deck_has_174_openings_156_in_play() {
    let list = Deck::ThreeMove.list();
    assert_eq!(list.len(), 174);
    let numbers: Vec<u16> = list.iter().map(|b| b.number).collect();
    assert_eq!(numbers, (1..=174).collect::<Vec<_>>());
    assert_eq!(Deck::ThreeMove.in_play().count(), 156);
    assert!(Deck::ThreeMove.get(3).unwrap().barred);
    assert_eq!(Deck::ThreeMove.get(1).unwrap().text(), "9-13 21-17 5-9");
    let distinct: HashSet<_> = list.iter().map(|b| b.text()).collect();
    assert_eq!(distinct.len(), 174);
}

#[test]
fn every_three_move_ballot_is_legal_and_leaves_white_to_move() {
    // Black moves first, so after three moves it is White's turn, and the game goes on.
    for b in Deck::ThreeMove.list() {
        let game = b
            .game()
            .unwrap_or_else(|e| panic!("ballot {}: {e}", b.number));
        assert_eq!(game.plies().len(), 3);
        assert_eq!(game.side_to_move(), Color::White, "ballot {}", b.number);
        assert!(!game.is_over());
    }
}

#[test]
fn two_move_deck_is_the_beginnings_of_the_three_move_list() {
    let two: Vec<String> = Deck::TwoMove.list().iter().map(|b| b.text()).collect();
    assert_eq!(two.len(), 47);
    let mut beginnings: Vec<String> = Vec::new();
    for b in Deck::ThreeMove.list() {
        let pair = b.moves[..2].join(" ");
        if !beginnings.contains(&pair) {
            beginnings.push(pair);
        }
    }
    assert_eq!(two, beginnings);
    for b in Deck::TwoMove.list() {
        let game = b.game().unwrap();
        assert_eq!(game.side_to_move(), Color::Black);
    }
}

#[test]
fn drawing_a_ballot_is_deterministic_and_covers_the_deck() {
    assert_eq!(Deck::ThreeMove.draw(7), Deck::ThreeMove.draw(7 + 156));
    let drawn: HashSet<u16> = (0..156).map(|i| Deck::ThreeMove.draw(i).number).collect();
    assert_eq!(drawn.len(), 156);
    assert!(drawn
        .iter()
        .all(|&n| !Deck::ThreeMove.get(n).unwrap().barred));
}

#[test]
fn ballots_in_other_english_numbered_variants() {
    let b = Deck::ThreeMove.get(4).unwrap(); // 9-13 22-17 13x22
    let game = b.game_in(Variant::giveaway(Base::English)).unwrap();
    assert_eq!(game.plies()[2].notation, "13x22");
    assert!(b.game_in(Variant::new(Base::Pool)).is_ok());
}

#[test]
fn a_ballot_opens_english_and_pool_games_only_and_names_its_deck() {
    let english = Variant::new(Base::English);
    let (game, ballot) = ballot::open(english, Deck::ThreeMove, BallotChoice::Number(3)).unwrap();
    assert_eq!(game.plies().len(), 3);
    assert_eq!(
        ballot.describe(Deck::ThreeMove),
        "Ballot 3 of the three-move deck: 9-13 21-17 10-14 (barred: left out of ACF play)."
    );
    let pool = Variant::new(Base::Pool);
    let (_, drawn) = ballot::open(pool, Deck::TwoMove, BallotChoice::Random(7)).unwrap();
    assert!(!drawn.barred, "a drawn ballot is one in play");
    assert_eq!(
        drawn.describe(Deck::TwoMove),
        format!(
            "Ballot {} of the two-move deck: {}.",
            drawn.number,
            drawn.text()
        )
    );

    let err = ballot::open(
        Variant::INTERNATIONAL,
        Deck::TwoMove,
        BallotChoice::Random(7),
    )
    .unwrap_err();
    assert!(matches!(err, BallotError::Variant(_)), "{err}");
    assert!(err
        .to_string()
        .starts_with("ballots are English checkers openings"));
    let err = ballot::open(english, Deck::TwoMove, BallotChoice::Number(99)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is no ballot 99 in the two-move deck (1 to 47)"
    );
}

#[test]
fn decks_are_named_as_the_command_line_and_the_api_write_them() {
    for (text, deck) in [
        ("three-move", Deck::ThreeMove),
        ("Three", Deck::ThreeMove),
        ("3", Deck::ThreeMove),
        ("two-move", Deck::TwoMove),
        ("TWO", Deck::TwoMove),
        ("2", Deck::TwoMove),
    ] {
        assert_eq!(text.parse::<Deck>(), Ok(deck), "{text}");
    }
    assert_eq!(Deck::ThreeMove.name(), "three-move");
    let err = "four".parse::<Deck>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "the deck must be three-move or two-move, got 'four'"
    );
}
