//! One test per clock rule of RULES.md §5, with time moved by hand: a move made one
//! millisecond before the limit stands, one made at the limit is too late.

use damier_core::{Base, Color, Variant};
use damier_game::{
    Clock, Game, GameError, GameResult, ManualTime, PlyKind, Reason, TimeControl, TimedGame,
    TimeoutPenalty,
};
use std::sync::Arc;
use std::time::Duration;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

const MS: Duration = Duration::from_millis(1);

fn timed(
    variant: Variant,
    control: TimeControl,
    penalty: TimeoutPenalty,
) -> (TimedGame, ManualTime) {
    let time = ManualTime::new();
    let clock = Clock::new(control, Arc::new(time.clone()));
    (TimedGame::new(Game::new(variant), clock, penalty), time)
}

/// Play the first legal move after `think` of thinking.
fn play_after(g: &mut TimedGame, time: &ManualTime, think: Duration) -> Result<(), GameError> {
    time.advance(think);
    let mv = g.game().position().legal_moves()[0];
    g.play(&mv, false)
}

#[test]
fn moves_in_time_repeats_and_keeps_unused_time() {
    let control = TimeControl::MovesIn {
        moves: 2,
        time: secs(10.0),
    };
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    play_after(&mut g, &time, secs(6.0)).unwrap(); // White: 4 s left, one move to go
    play_after(&mut g, &time, secs(1.0)).unwrap();
    assert_eq!(g.clock().remaining(Color::White), Some(secs(4.0)));
    assert_eq!(g.clock().moves_to_control(Color::White), Some(1));
    // The second move one millisecond before the flag: the 1 s left is kept, 10 s added.
    play_after(&mut g, &time, secs(4.0) - MS).unwrap();
    assert_eq!(g.clock().remaining(Color::White), Some(secs(10.0) + MS));
    assert_eq!(g.clock().moves_to_control(Color::White), Some(2));
    play_after(&mut g, &time, secs(1.0)).unwrap();
    // The next period: at exactly 10.001 s the flag falls.
    time.advance(secs(10.0) + MS);
    assert_eq!(g.clock().flagged(), Some(Color::White));
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::Black, Reason::Time))
    );
}

#[test]
fn running_out_before_the_required_moves_loses() {
    let control = TimeControl::MovesIn {
        moves: 2,
        time: secs(10.0),
    };
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    play_after(&mut g, &time, secs(6.0)).unwrap();
    play_after(&mut g, &time, secs(1.0)).unwrap();
    // White's second move comes when its 4 s are used up: too late.
    let err = play_after(&mut g, &time, secs(4.0)).unwrap_err();
    assert!(matches!(err, GameError::Over(_)), "{err}");
    assert_eq!(
        g.game().result(),
        Some(GameResult::win(Color::Black, Reason::Time))
    );
}

#[test]
fn fixed_time_per_move() {
    let control = TimeControl::PerMove {
        time: secs(10.0),
        forced_capture: secs(3.0),
    };
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    play_after(&mut g, &time, secs(10.0) - MS).unwrap();
    // Unused time is not kept: Black has 10 s again, and 10 s is too long.
    assert_eq!(g.clock().remaining(Color::Black), Some(secs(10.0)));
    time.advance(secs(10.0));
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::White, Reason::Time))
    );
}

#[test]
fn fixed_time_is_shorter_when_the_only_move_is_a_capture() {
    let control = TimeControl::PerMove {
        time: secs(10.0),
        forced_capture: secs(3.0),
    };
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    let play = |g: &mut TimedGame, text: &str, think: Duration| {
        time.advance(think);
        let mv = g.game().position().parse_move(text).unwrap();
        g.play(&mv, false)
    };
    play(&mut g, "32-28", secs(1.0)).unwrap();
    play(&mut g, "19-23", secs(1.0)).unwrap();
    // 28x19 is White's only legal move: 3 s.
    assert_eq!(g.clock().remaining(Color::White), Some(secs(3.0)));
    play(&mut g, "28x19", secs(3.0) - MS).unwrap();
    // Black has two ways to retake: an ordinary 10 s turn.
    assert_eq!(g.clock().remaining(Color::Black), Some(secs(10.0)));
    play(&mut g, "14x23", secs(9.0)).unwrap();
    // The same forced capture at exactly 3 s is too late.
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    for text in ["32-28", "19-23"] {
        let mv = g.game().position().parse_move(text).unwrap();
        g.play(&mv, false).unwrap();
    }
    time.advance(secs(3.0));
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::Black, Reason::Time))
    );
}

#[test]
fn fischer_increment_after_each_move() {
    let control = TimeControl::Fischer {
        base: secs(5.0),
        increment: secs(2.0),
    };
    let (mut g, time) = timed(
        Variant::new(Base::Russian),
        control,
        TimeoutPenalty::LossOfGame,
    );
    play_after(&mut g, &time, secs(4.0)).unwrap();
    assert_eq!(g.clock().remaining(Color::White), Some(secs(3.0)));
    play_after(&mut g, &time, secs(0.5)).unwrap();
    assert_eq!(g.clock().remaining(Color::Black), Some(secs(6.5)));
    play_after(&mut g, &time, secs(3.0) - MS).unwrap();
    assert_eq!(g.clock().remaining(Color::White), Some(secs(2.0) + MS));
    play_after(&mut g, &time, secs(1.0)).unwrap();
    time.advance(secs(2.0) + MS);
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::Black, Reason::Time))
    );
}

#[test]
fn unlimited_never_falls() {
    let (mut g, time) = timed(
        Variant::INTERNATIONAL,
        TimeControl::Unlimited,
        TimeoutPenalty::LossOfGame,
    );
    time.advance(Duration::from_secs(1_000_000));
    assert_eq!(g.check_time(), None);
    assert_eq!(g.clock().remaining(Color::White), None);
    play_after(&mut g, &time, Duration::from_secs(3600)).unwrap();
}

fn giveaway_per_move() -> (TimedGame, ManualTime) {
    let control = TimeControl::PerMove {
        time: secs(5.0),
        forced_capture: secs(5.0),
    };
    timed(
        Variant::giveaway(Base::English),
        control,
        TimeoutPenalty::LossOfTurn,
    )
}

#[test]
fn giveaway_loss_of_turn_lets_the_opponent_move_or_pass() {
    let (mut g, time) = giveaway_per_move();
    assert!(g.pass().is_err(), "no pass without a forfeit");
    // Black (first in English) runs out: its turn is forfeited, the game goes on.
    time.advance(secs(5.0));
    assert_eq!(g.check_time(), None);
    let last = g.game().plies().last().unwrap();
    assert_eq!((last.kind, last.mover), (PlyKind::Forfeit, Color::Black));
    assert_eq!(g.game().side_to_move(), Color::White);
    // White may pass, handing the move back.
    g.pass().unwrap();
    assert_eq!(g.game().side_to_move(), Color::Black);
    // Black moves in time; White may not pass now.
    play_after(&mut g, &time, secs(1.0)).unwrap();
    assert!(matches!(g.pass(), Err(GameError::CannotPass)));
}

#[test]
fn a_move_made_after_the_flag_forfeits_the_turn() {
    let (mut g, time) = giveaway_per_move();
    let err = play_after(&mut g, &time, secs(5.0)).unwrap_err();
    assert_eq!(err, GameError::TurnForfeited);
    assert_eq!(g.game().side_to_move(), Color::White);
    assert_eq!(g.game().result(), None);
}

#[test]
fn three_forfeited_turns_in_a_row_lose() {
    let (mut g, time) = giveaway_per_move();
    for n in 1..=2 {
        time.advance(secs(5.0));
        assert_eq!(g.check_time(), None, "forfeit {n}");
        g.pass().unwrap();
    }
    time.advance(secs(5.0));
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::White, Reason::ForfeitedTurns))
    );
}

#[test]
fn forfeits_not_in_a_row_do_not_lose() {
    let (mut g, time) = giveaway_per_move();
    for _ in 0..2 {
        time.advance(secs(5.0));
        g.check_time();
        g.pass().unwrap();
    }
    // Black moves once, which breaks the run; two more forfeits are not three in a row.
    play_after(&mut g, &time, secs(1.0)).unwrap();
    play_after(&mut g, &time, secs(1.0)).unwrap();
    for _ in 0..2 {
        time.advance(secs(5.0));
        assert_eq!(g.check_time(), None);
        g.pass().unwrap();
    }
    assert_eq!(g.game().result(), None);
}

#[test]
fn loss_of_game_penalty_in_giveaway() {
    let control = TimeControl::PerMove {
        time: secs(5.0),
        forced_capture: secs(5.0),
    };
    let (mut g, time) = timed(
        Variant::giveaway(Base::English),
        control,
        TimeoutPenalty::LossOfGame,
    );
    time.advance(secs(5.0) - MS);
    assert_eq!(g.check_time(), None);
    time.advance(MS);
    assert_eq!(
        g.check_time(),
        Some(GameResult::win(Color::White, Reason::Time))
    );
}

#[test]
fn take_backs_restart_the_turn_without_giving_time_back() {
    let control = TimeControl::Fischer {
        base: secs(60.0),
        increment: Duration::ZERO,
    };
    let (mut g, time) = timed(Variant::INTERNATIONAL, control, TimeoutPenalty::LossOfGame);
    play_after(&mut g, &time, secs(10.0)).unwrap();
    time.advance(secs(5.0));
    assert!(g.undo());
    // White's 10 s stay spent, Black's 5 s too; White is timed again from now.
    assert_eq!(g.game().plies().len(), 0);
    assert_eq!(g.clock().running(), Some(Color::White));
    assert_eq!(g.clock().remaining(Color::White), Some(secs(50.0)));
    assert_eq!(g.clock().remaining(Color::Black), Some(secs(55.0)));
    assert!(!g.undo());
}

#[test]
fn a_side_resigns_or_declines_while_the_other_is_to_move() {
    let (mut g, time) = timed(
        Variant::INTERNATIONAL,
        TimeControl::Unlimited,
        TimeoutPenalty::LossOfGame,
    );
    let mv = g.game().position().legal_moves()[0];
    g.play(&mv, true).unwrap();
    assert_eq!(g.game().draw_offer(), Some(Color::White));
    g.decline_draw().unwrap();
    assert_eq!(g.game().draw_offer(), None);
    assert_eq!(g.decline_draw(), Err(GameError::NoDrawOffer));
    play_after(&mut g, &time, secs(1.0)).unwrap();
    // White to move; Black resigns.
    assert_eq!(
        g.resign_side(Color::Black),
        Ok(GameResult::win(Color::White, Reason::Resignation))
    );
    assert_eq!(g.clock().running(), None);
}

#[test]
fn untimed_games_have_no_clock_and_replay_takebacks() {
    let (mut g, _) = timed(
        Variant::INTERNATIONAL,
        TimeControl::Unlimited,
        TimeoutPenalty::LossOfGame,
    );
    assert!(g.timed_clock().is_none());
    assert_eq!(g.time_left_to_move(), None);
    let first = g.game().position().legal_moves()[0];
    g.play(&first, false).unwrap();
    assert!(g.undo());
    assert!(g.game().plies().is_empty());
    assert!(g.redo());
    assert_eq!(g.game().plies().len(), 1);
    assert!(!g.redo(), "nothing left to replay");
    assert!(!g.apply_flag_fall(), "no flag falls without a clock");
}

#[test]
fn a_flag_fall_is_applied_once_and_passes_the_turn() {
    let control = TimeControl::Fischer {
        base: secs(5.0),
        increment: Duration::ZERO,
    };
    let (mut g, time) = timed(
        Variant::giveaway(Base::International),
        control,
        TimeoutPenalty::LossOfTurn,
    );
    assert!(g.timed_clock().is_some());
    assert_eq!(g.penalty(), TimeoutPenalty::LossOfTurn);
    time.advance(secs(2.0));
    assert_eq!(g.time_left_to_move(), Some(secs(3.0)));
    time.advance(secs(3.0));
    assert!(g.apply_flag_fall(), "White's flag fell");
    assert_eq!(g.game().side_to_move(), Color::Black);
    assert!(!g.apply_flag_fall(), "Black's time is running, not gone");
    assert_eq!(g.time_left_to_move(), Some(secs(5.0)));
}

/// Loss of turn on time is a giveaway rule (RULES.md §5): refused in the other forms; loss
/// of the game is every variant's.
#[test]
fn loss_of_turn_is_only_a_giveaway_penalty() {
    let english = Variant::new(Base::English);
    let giveaway: Variant = "english-giveaway".parse().unwrap();
    for v in [english, giveaway] {
        assert_eq!(
            TimeoutPenalty::LossOfGame.in_variant(v),
            Ok(TimeoutPenalty::LossOfGame)
        );
    }
    assert_eq!(
        TimeoutPenalty::LossOfTurn.in_variant(giveaway),
        Ok(TimeoutPenalty::LossOfTurn)
    );
    let refused = TimeoutPenalty::LossOfTurn.in_variant(english).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "loss of turn on time is a giveaway rule (RULES.md §5); english loses the game on time"
    );
}
