//! Matches between Damier players: colours reversed per opening, every game decided by the
//! rules, the move limit adjudicated.

use damier_core::Variant;
use damier_game::{Outcome, Reason};
use damier_match::{from_spec, run_match, MatchConfig};
use damier_openings as openings;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[test]
fn openings_are_played_twice_with_colours_reversed() {
    let v: Variant = "english".parse().unwrap();
    let set = openings::three_move_ballots();
    let first = || from_spec("damier:depth=4,name=deep");
    let second = || from_spec("damier:depth=1,name=shallow");
    let mut seen = 0;
    let records = run_match(
        &first,
        &second,
        &set,
        6,
        &MatchConfig::default(),
        2,
        &mut |_, t| {
            seen = t.games();
            true
        },
    )
    .unwrap();
    assert_eq!(seen, 6);
    assert_eq!(records.len(), 6);
    for pair in records.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(
            (pair[0].white.as_str(), pair[0].black.as_str()),
            ("deep", "shallow")
        );
        assert_eq!(
            (pair[1].white.as_str(), pair[1].black.as_str()),
            ("shallow", "deep")
        );
        assert_eq!(pair[0].game.variant(), v);
    }
    for r in &records {
        let result = r.game.result().expect("every game ends");
        assert!(matches!(
            result.reason,
            Reason::NoLegalMove | Reason::Rule(_) | Reason::Adjudication
        ));
        // The ballot's three moves are the start of every game.
        assert!(r.game.plies().len() > 3);
    }
    let points: f64 = records.iter().map(|r| r.first_player_points()).sum();
    assert!(
        points >= 3.0,
        "depth 4 should not lose to depth 1: {points}"
    );
}

#[test]
fn long_games_are_adjudicated_drawn() {
    let set = openings::random_balanced(Variant::INTERNATIONAL, 1, 6, 5, 60);
    let player = || from_spec("damier:depth=1");
    let config = MatchConfig {
        max_plies: 8,
        ..MatchConfig::default()
    };
    let records = run_match(&player, &player, &set, 2, &config, 1, &mut |_, _| true).unwrap();
    for r in records {
        let result = r.game.result().unwrap();
        assert_eq!(result.outcome, Outcome::Draw);
        assert_eq!(result.reason, Reason::Adjudication);
        assert_eq!(r.game.plies().len(), 6 + 8);
    }
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let set = openings::random_balanced(Variant::INTERNATIONAL, 1, 4, 5, 100);
    let good = || from_spec("damier:depth=1");
    let broken = || from_spec("hub:/nonexistent/engine hub");
    let err = run_match(
        &good,
        &broken,
        &set,
        2,
        &MatchConfig::default(),
        1,
        &mut |_, _| true,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("cannot start '/nonexistent/engine hub'"),
        "{err}"
    );
}

/// Each of the weak levels beats the one below it: the ladder a player climbs is a ladder.
/// (Levels 1–4 are depth-limited, so these games are quick and reproducible.)
#[test]
fn each_weak_level_beats_the_one_below() {
    let set = openings::random_balanced(Variant::INTERNATIONAL, 10, 4, 3, 60);
    for level in 2..=4 {
        let upper = || from_spec(&format!("damier:level={level}"));
        let lower = || from_spec(&format!("damier:level={}", level - 1));
        let records = run_match(
            &upper,
            &lower,
            &set,
            20,
            &MatchConfig::default(),
            2,
            &mut |_, _| true,
        )
        .unwrap();
        let points: f64 = records.iter().map(|r| r.first_player_points()).sum();
        assert!(
            points >= 13.0,
            "level {level} scored only {points}/20 against level {}",
            level - 1
        );
    }
}

/// Raising the stop ends the match with the games finished so far; the game under way is
/// left out rather than reported half played.
#[test]
fn a_raised_stop_ends_the_match_with_the_finished_games() {
    let set = openings::three_move_ballots();
    let player = || from_spec("damier:depth=2");
    let stop = Arc::new(AtomicBool::new(false));
    let config = MatchConfig {
        stop: Some(Arc::clone(&stop)),
        ..MatchConfig::default()
    };
    let records = run_match(&player, &player, &set, 50, &config, 1, &mut |_, t| {
        if t.games() == 3 {
            stop.store(true, Ordering::Relaxed);
        }
        true
    })
    .unwrap();
    assert_eq!(records.len(), 3);
    assert!(records.iter().all(|r| r.game.result().is_some()));
    assert_eq!(
        records.iter().map(|r| r.number).collect::<Vec<_>>(),
        [1, 2, 3]
    );
}
