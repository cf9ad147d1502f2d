//! The session driven directly, with time moved by hand: flags that fall while the engine
//! thinks or while nobody types, and the events the views are given.

use damier_core::{Base, Color, Variant};
use damier_engine::Level;
use damier_game::{Game, ManualTime, TimeControl};
use damier_tui::{Event, PlayConfig, Player, Session};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn session(game: Game, players: [Player; 2], control: TimeControl) -> (Session, ManualTime) {
    let time = ManualTime::new();
    let mut config = PlayConfig::new(game, players);
    config.control = control;
    config.depth = Some(2);
    config.seed = 1;
    config.engine.hash_mb = 1;
    (Session::new(config, Arc::new(time.clone())), time)
}

fn sudden_death(secs: u64) -> TimeControl {
    TimeControl::Fischer {
        base: Duration::from_secs(secs),
        increment: Duration::ZERO,
    }
}

/// Poll until the engine has nothing more to do, or 20 s pass.
fn settle(s: &mut Session) -> Vec<Event> {
    let mut events = Vec::new();
    let start = Instant::now();
    loop {
        s.poll(Duration::from_millis(20));
        events.extend(s.take_events());
        let engine_to_move = !s.game().is_over() && !s.human_to_move();
        if (s.searching().is_none() && !engine_to_move) || start.elapsed().as_secs() > 20 {
            return events;
        }
    }
}

fn over_text(events: &[Event], s: &Session) -> Option<String> {
    events.iter().find_map(|e| match e {
        Event::Over(r) => Some(damier_tui::words::result_text(r, s.game().position())),
        _ => None,
    })
}

#[test]
fn a_flag_falls_while_nobody_types() {
    let engine = Player::Engine(Level::new(1).unwrap());
    let (mut s, time) = session(
        Game::new(Variant::INTERNATIONAL),
        [Player::Human, engine],
        sudden_death(60),
    );
    let start = s.take_events();
    assert!(matches!(start.last(), Some(Event::Turn(Color::White))));
    time.advance(Duration::from_secs(59));
    s.poll(Duration::ZERO);
    assert!(s.take_events().is_empty());
    assert_eq!(s.clock_reading(Color::White).as_deref(), Some("0:01.0"));
    time.advance(Duration::from_secs(1));
    s.poll(Duration::ZERO);
    let events = s.take_events();
    assert_eq!(
        over_text(&events, &s).as_deref(),
        Some("black wins: white ran out of time (0-1)")
    );
    // Nothing more can be played, but the game can be taken back and saved.
    s.handle("32-28");
    assert!(
        matches!(&s.take_events()[..], [Event::Warning(w)] if w.starts_with("The game is over"))
    );
}

#[test]
fn the_engine_loses_on_time_while_it_thinks() {
    // Black is the engine, at full level with no depth limit: it thinks for seconds.
    let time = ManualTime::new();
    let mut config = PlayConfig::new(
        Game::new(Variant::INTERNATIONAL),
        [Player::Human, Player::Engine(Level::new(10).unwrap())],
    );
    config.control = sudden_death(30);
    config.engine.hash_mb = 1;
    let mut s = Session::new(config, Arc::new(time.clone()));
    s.handle("32-28");
    s.poll(Duration::ZERO);
    assert!(s.searching().is_some());
    time.advance(Duration::from_secs(31));
    s.poll(Duration::ZERO);
    let events = s.take_events();
    assert_eq!(
        over_text(&events, &s).as_deref(),
        Some("white wins: black ran out of time (1-0)")
    );
    assert!(s.searching().is_none(), "the search is dropped");
}

#[test]
fn the_engine_plays_its_only_move_and_undo_goes_back_past_it() {
    let game = Game::from_fen(Variant::new(Base::Russian), "W:Wa1,b2,c3:Be5").unwrap();
    let engine = Player::Engine(Level::new(3).unwrap());
    let (mut s, _time) = session(game, [Player::Human, engine], TimeControl::Unlimited);
    s.take_events();
    s.handle("c3-d4");
    let events = settle(&mut s);
    let played: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Played { number, text, .. } => Some(format!("{number} {text}")),
            _ => None,
        })
        .collect();
    assert_eq!(played, ["1. c3-d4", "1... e5:c3"]);
    assert!(matches!(events.last(), Some(Event::Turn(Color::White))));
    assert_eq!(s.captured_by(Color::Black), 1);
    assert!(s.unsaved());
    s.handle("undo");
    let events = s.take_events();
    assert!(events.contains(&Event::Info("Took back c3-d4 e5:c3.".into())));
    assert_eq!(s.game().plies().len(), 0);
    assert_eq!(s.captured_by(Color::Black), 0);
}

#[test]
fn undo_follows_the_servers_rule_a_clock_or_a_resignation_refuses_it() {
    let warnings = |s: &mut Session| -> Vec<String> {
        s.take_events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Warning(w) => Some(w),
                _ => None,
            })
            .collect()
    };
    // Two people at one keyboard.
    let two_people = |control| {
        session(
            Game::new(Variant::INTERNATIONAL),
            [Player::Human; 2],
            control,
        )
    };
    // Undo takes back the last move only.
    let (mut s, _time) = two_people(TimeControl::Unlimited);
    s.handle("32-28");
    s.handle("19-23");
    s.take_events();
    s.handle("undo");
    assert!(s
        .take_events()
        .contains(&Event::Info("Took back 19-23.".into())));
    assert_eq!(s.game().plies().len(), 1);

    let (mut s, _time) = two_people(sudden_death(60));
    s.handle("32-28");
    s.take_events();
    s.handle("undo");
    assert_eq!(
        warnings(&mut s),
        ["Takebacks are not allowed in a game with a clock."]
    );
    assert_eq!(s.game().plies().len(), 1);

    let (mut s, _time) = two_people(TimeControl::Unlimited);
    s.handle("32-28");
    s.handle("resign");
    s.take_events();
    s.handle("undo");
    let refused = warnings(&mut s);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with("The game was decided (") && refused[0].ends_with("no takebacks."),
        "{refused:?}"
    );
    assert!(s.game().is_over());
}

#[test]
fn quitting_an_unsaved_game_asks_first() {
    let (mut s, _time) = session(
        Game::new(Variant::INTERNATIONAL),
        [Player::Human, Player::Human],
        TimeControl::Unlimited,
    );
    s.take_events();
    s.handle("32-28");
    s.handle("q");
    assert!(s.confirming_quit());
    s.handle("n");
    assert!(!s.confirming_quit() && !s.has_quit());
    s.handle("quit");
    s.handle("y");
    assert!(s.has_quit());
    assert_eq!(s.take_events().last(), Some(&Event::Quit));
    // With nothing played there is nothing to lose.
    let (mut fresh, _time) = session(
        Game::new(Variant::INTERNATIONAL),
        [Player::Human, Player::Human],
        TimeControl::Unlimited,
    );
    fresh.handle("quit");
    assert!(fresh.has_quit());
}

#[test]
fn nonsense_gets_a_message_never_a_failure() {
    let inputs = [
        "",
        " ",
        "x",
        "-",
        "x-x",
        "32-",
        "-28",
        "99-100",
        "0-0",
        "32-28-19-10-5",
        "ü1-2",
        "é",
        "a1-b2",
        "c3:e5:g7",
        "1234567890123456789012345",
        "draw draw",
        "undo",
        "accept",
        "decline",
        "pass",
        "now",
        "hint",
        "moves",
        "32x28x",
        "🙂",
        "\u{0}",
        "32 28",
        "32--28",
        "save /nonexistent-dir/x.pdn",
        "yes",
        "no",
        "resign",
        "undo",
        "undo",
    ];
    for variant in ["international", "russian", "turkish", "italian", "canadian"] {
        let game = Game::new(variant.parse().unwrap());
        let (mut s, _time) = session(game, [Player::Human, Player::Human], TimeControl::Unlimited);
        let mut warnings = 0;
        for line in inputs {
            s.handle(line);
            s.poll(Duration::ZERO);
            warnings += settle(&mut s)
                .iter()
                .filter(|e| matches!(e, Event::Warning(_)))
                .count();
        }
        assert!(warnings > 20, "{variant}: {warnings}");
        assert!(!s.has_quit());
    }
}

/// A hint says what its line wins: the stroke of "Seeing is Believing" (The Checker Maven,
/// 2013) wins the game.
#[test]
fn a_hint_explains_what_it_wins() {
    let said = infos_after("W:W30,29,22,21,9,6:B24,20,16,13,8,7", "hint");
    assert!(
        said.iter().any(|t| t.starts_with("Hint: 22-17")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|t| t.starts_with("22-17 wins the game: 22-17 13x22")),
        "{said:?}"
    );
}

/// The threat is the opponent's best move if the side to move passed: with Black to move in
/// the position of "Seeing is Believing", White threatens the winning stroke.
#[test]
fn the_threat_is_what_the_opponent_would_play_if_it_moved_again() {
    let said = infos_after("B:W30,29,22,21,9,6:B24,20,16,13,8,7", "threat");
    assert!(
        said.iter()
            .any(|t| t.starts_with("Threat: if Black passed, White would play 22-17")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|t| t.starts_with("22-17 wins the game")),
        "{said:?}"
    );
}

/// What the session says (its info lines) after `command` in the English position `fen`,
/// searched to depth 16; the game itself must be untouched.
fn infos_after(fen: &str, command: &str) -> Vec<String> {
    let game = Game::from_fen("english".parse().unwrap(), fen).unwrap();
    let before = game.position().fen();
    let mut config = PlayConfig::new(game, [Player::Human, Player::Human]);
    config.depth = Some(16);
    config.engine.hash_mb = 1;
    let mut s = Session::new(config, Arc::new(ManualTime::new()));
    s.handle(command);
    let said = settle(&mut s)
        .iter()
        .filter_map(|e| match e {
            Event::Info(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(s.game().plies().is_empty(), "{command} played a move");
    assert_eq!(s.game().position().fen(), before);
    said
}

/// A file in the system's temporary folder for this test alone, removed first.
fn temp_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("damier-tui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The engine is named alike on the screen and in the saved game: by its fixed depth when
/// there is one (it replaces the level's limits) and its level unless at full strength (a
/// level's style still plays), else by its level.
#[test]
fn the_engine_is_named_by_its_depth_or_its_level() {
    for (level, depth, name) in [
        (10, Some(3), "Damier at depth 3"),
        (4, Some(3), "Damier level 4 at depth 3"),
        (4, None, "Damier level 4"),
    ] {
        let level = Level::new(level).unwrap();
        let mut config = PlayConfig::new(
            Game::new(Variant::INTERNATIONAL),
            [Player::Engine(level), Player::Human],
        );
        config.depth = depth;
        config.engine.hash_mb = 1;
        let mut s = Session::new(config, Arc::new(ManualTime::new()));
        assert_eq!(s.turn_text(), format!("White to move ({name})."));
        let file = temp_file(&format!("named-{depth:?}.pdn"));
        s.handle(&format!("save {}", file.display()));
        let text = std::fs::read_to_string(&file).unwrap();
        let _ = std::fs::remove_file(&file);
        assert!(text.contains(&format!("[White \"{name}\"]")), "{text}");
        assert!(text.contains("[Black \"Human\"]"), "{text}");
    }
}

/// Two people's session that saves to `file` as `--save` asks, after 32-28 19-23.
fn saving_to(file: &std::path::Path) -> Session {
    let mut config = PlayConfig::new(Game::new(Variant::INTERNATIONAL), [Player::Human; 2]);
    config.save_at_end = Some(file.to_path_buf());
    let mut s = Session::new(config, Arc::new(ManualTime::new()));
    s.handle("32-28");
    s.handle("19-23");
    s.take_events();
    s
}

/// `--save FILE` keeps the game as it stands when the player quits or input ends, as it does
/// when the game ends; without it, quitting asks first (see above).
#[test]
fn with_save_quitting_or_the_end_of_input_saves_the_game() {
    let file = temp_file("quit.pdn");
    let mut s = saving_to(&file);
    s.handle("quit");
    let saved = format!("Saved the game to {}.", file.display());
    assert_eq!(s.take_events(), [Event::Info(saved.clone()), Event::Quit]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. 32-28 19-23 *"), "{text}");
    let _ = std::fs::remove_file(&file);

    let file = temp_file("eof.pdn");
    let mut s = saving_to(&file);
    assert!(!s.end_of_input());
    let saved = format!("Saved the game to {}.", file.display());
    assert_eq!(s.take_events(), [Event::Info(saved), Event::Quit]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. 32-28 19-23 *"), "{text}");
    let _ = std::fs::remove_file(&file);
}

/// The file is written again after more moves, even after a save elsewhere, and not at all
/// when it holds the game already.
#[test]
fn the_save_file_follows_the_game_to_the_end() {
    let file = temp_file("follow.pdn");
    let other = temp_file("other.pdn");
    let mut s = saving_to(&file);
    s.handle(&format!("save {}", file.display()));
    s.handle("28x19");
    s.handle(&format!("save {}", other.display()));
    s.take_events();
    s.handle("quit");
    let saved = format!("Saved the game to {}.", file.display());
    assert_eq!(s.take_events(), [Event::Info(saved), Event::Quit]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. 32-28 19-23 2. 28x19 *"), "{text}");
    let _ = std::fs::remove_file(&other);
    let _ = std::fs::remove_file(&file);
    // Saved already: input ending writes nothing more.
    let mut s = saving_to(&file);
    s.handle(&format!("save {}", file.display()));
    s.take_events();
    assert!(!s.end_of_input());
    assert_eq!(s.take_events(), [Event::Quit]);
    let _ = std::fs::remove_file(&file);
}

/// A file that cannot be written is a warning and the usual question on quit, and an error
/// for the caller to report when input ends; never a panic.
#[test]
fn a_save_file_that_cannot_be_written_is_reported() {
    let file = std::env::temp_dir()
        .join("damier-no-such-folder")
        .join("x.pdn");
    let failure = Arc::default();
    let mut config = PlayConfig::new(Game::new(Variant::INTERNATIONAL), [Player::Human; 2]);
    config.save_at_end = Some(file.clone());
    config.save_failure = Arc::clone(&failure);
    let mut s = Session::new(config, Arc::new(ManualTime::new()));
    s.handle("32-28");
    s.take_events();
    s.handle("quit");
    let events = s.take_events();
    assert!(
        matches!(&events[..], [Event::Warning(w), Event::Question(_)]
            if w.starts_with(&format!("Cannot save to {}: ", file.display()))),
        "{events:?}"
    );
    assert!(s.confirming_quit() && !s.has_quit());
    s.handle("no");
    assert!(!s.end_of_input());
    assert!(s.has_quit());
    assert_eq!(
        failure.lock().unwrap().as_deref(),
        Some(format!("the game could not be saved to {}", file.display()).as_str())
    );
}

/// Frisian bars a king's fourth quiet move in a row while its side has men: typing one is
/// answered with the rule, not with a piece that cannot move.
#[test]
fn a_barred_frisian_king_is_refused_by_naming_the_rule() {
    let game = Game::from_fen("frisian".parse().unwrap(), "W:W46,K28:BK2").unwrap();
    let (mut s, _time) = session(game, [Player::Human; 2], TimeControl::Unlimited);
    for m in ["28-33", "2-7", "33-28", "7-2", "28-33", "2-7"] {
        s.handle(m);
    }
    s.take_events();
    s.handle("33-28");
    assert_eq!(
        s.take_events(),
        [Event::Warning(
            "Illegal move 33-28: in Frisian a king may not make a fourth move in a row while \
             its side has men; move a man."
                .into()
        )]
    );
}
