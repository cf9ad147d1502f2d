//! A game written as a record and rebuilt is the same game: its plies, positions, result,
//! draw offer, what can be replayed, and its clock; a record that does not fit is refused.

use damier_core::{Base, Color, Variant};
use damier_game::{
    Clock, Game, GameRecord, ManualTime, PlyRecord, RecordError, TimeControl, TimedGame,
    TimeoutPenalty,
};
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;

fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.plies(), b.plies());
    assert_eq!(a.positions(), b.positions());
    assert_eq!(a.result(), b.result());
    assert_eq!(a.draw_offer(), b.draw_offer());
    assert_eq!(a.can_redo(), b.can_redo());
    assert_eq!(a.may_pass(), b.may_pass());
}

/// Plays a game of `steps` choices drawn from `picks`: moves (some offering a draw),
/// takebacks, replays, declined offers, a forfeit, a resignation.
fn play_out(variant: Variant, picks: &[u32]) -> Game {
    let mut game = Game::new(variant);
    for &pick in picks {
        if game.is_over() {
            break;
        }
        match pick % 16 {
            0 => {
                game.undo();
            }
            1 => {
                game.redo();
            }
            2 => {
                let _ = game.decline_draw();
            }
            3 if pick % 7 == 0 => {
                let _ = game.time_out(TimeoutPenalty::LossOfTurn);
            }
            4 if pick % 97 == 0 => {
                let _ = game.resign(game.side_to_move());
            }
            _ => {
                if game.may_pass() && pick % 3 == 0 {
                    game.pass().unwrap();
                    continue;
                }
                let moves = game.legal_moves();
                let mv = moves[(pick as usize / 16) % moves.len()];
                game.play_offering(&mv, pick % 11 == 0).unwrap();
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_rebuilt_game_is_the_same_game(
        v in 0..Variant::COUNT,
        picks in proptest::collection::vec(any::<u32>(), 0..160),
    ) {
        let variant = Variant::all().nth(v).unwrap();
        let game = play_out(variant, &picks);
        let record = game.record();
        let json = serde_json::to_string(&record).unwrap();
        let read: GameRecord = serde_json::from_str(&json).unwrap();
        let rebuilt = Game::from_record(&read).unwrap();
        same_game(&game, &rebuilt);
        prop_assert_eq!(rebuilt.record(), record);
        // What was taken back is replayed the same way.
        let (mut a, mut b) = (game.clone(), rebuilt);
        while a.redo() {
            prop_assert!(b.redo());
        }
        prop_assert!(!b.redo());
        same_game(&a, &b);
    }
}

/// Found by the property above: an offer declined after a takeback, with the taken-back ply
/// still to replay, was offered again once rebuilt.
#[test]
fn an_offer_declined_after_a_takeback_stays_declined() {
    let mut game = Game::new(Variant::new(Base::English));
    let offer = game.position().find_move("9-13", None).unwrap();
    game.play_offering(&offer, true).unwrap();
    game.play_text("21-17").unwrap();
    game.undo();
    game.decline_draw().unwrap();
    assert_eq!(game.draw_offer(), None);
    let rebuilt = Game::from_record(&game.record()).unwrap();
    same_game(&game, &rebuilt);
}

#[test]
fn a_resigned_game_stays_resigned_and_an_agreed_draw_stays_agreed() {
    let mut game = Game::new(Variant::INTERNATIONAL);
    game.play_text("32-28").unwrap();
    game.resign(Color::Black).unwrap();
    let rebuilt = Game::from_record(&game.record()).unwrap();
    assert_eq!(rebuilt.result(), game.result());

    let mut game = Game::new(Variant::new(Base::English));
    let mv = game.legal_moves()[0];
    game.play_offering(&mv, true).unwrap();
    game.accept_draw().unwrap();
    let rebuilt = Game::from_record(&game.record()).unwrap();
    assert_eq!(rebuilt.result(), game.result());
}

#[test]
fn a_running_clock_goes_on_from_the_time_it_had_used() {
    let time = ManualTime::new();
    let control = TimeControl::Fischer {
        base: Duration::from_secs(60),
        increment: Duration::from_secs(1),
    };
    let mut play = TimedGame::new(
        Game::new(Variant::new(Base::Brazilian)),
        Clock::new(control, Arc::new(time.clone())),
        TimeoutPenalty::LossOfGame,
    );
    time.advance(Duration::from_secs(5));
    let mv = play.game().legal_moves()[0];
    play.play(&mv, false).unwrap();
    time.advance(Duration::from_secs(7));
    let record = play.record();

    // Restored later, on a clock that started at zero: Black has used 7 s of 60.
    let later = ManualTime::new();
    let rebuilt = TimedGame::from_record(&record, Arc::new(later.clone())).unwrap();
    assert_eq!(
        rebuilt.clock().remaining(Color::White),
        Some(Duration::from_secs(56))
    );
    assert_eq!(
        rebuilt.clock().remaining(Color::Black),
        Some(Duration::from_secs(53))
    );
    assert_eq!(rebuilt.clock().running(), Some(Color::Black));
    later.advance(Duration::from_secs(3));
    assert_eq!(
        rebuilt.clock().remaining(Color::Black),
        Some(Duration::from_secs(50))
    );
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        serde_json::from_str::<damier_game::TimedRecord>(&json).unwrap(),
        record
    );
}

#[test]
fn a_record_that_does_not_fit_is_refused() {
    let mut game = Game::new(Variant::new(Base::English));
    game.play_text("11-15").unwrap();
    let good = game.record();

    let mut bad = good.clone();
    bad.variant = "chess".into();
    assert_eq!(
        Game::from_record(&bad).unwrap_err(),
        RecordError::Variant("chess".into())
    );

    let mut bad = good.clone();
    bad.start = "W:W99:B1".into();
    assert!(matches!(
        Game::from_record(&bad),
        Err(RecordError::Start(_))
    ));

    let mut bad = good.clone();
    bad.plies.push(PlyRecord::Move {
        text: "11-15".into(),
        captured: vec![],
        offer: false,
    });
    let err = Game::from_record(&bad).unwrap_err();
    assert_eq!(
        err,
        RecordError::Ply {
            ply: 2,
            text: "11-15".into()
        }
    );
    assert_eq!(err.to_string(), "ply 2 (11-15) is not legal there");
}
