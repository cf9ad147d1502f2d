//! `damier play` driven through its line mode with scripted input, as a script or a screen
//! reader would use it. Engine games use `--depth` and `--seed`, so they are reproducible;
//! assertions about the engine's moves rest only on forced moves or on the rules, so that a
//! stronger engine does not break them.

use damier_core::Variant;
use damier_game::{pdn, Outcome};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    out: String,
    err: String,
    ok: bool,
}

/// Run `damier play --plain ARGS` with `input` on standard input, at most 60 seconds, in the
/// system's temporary directory (where a `save` without a name writes).
fn play(args: &[&str], input: &str) -> Run {
    play_in(&std::env::temp_dir(), args, input)
}

fn play_in(dir: &std::path::Path, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .current_dir(dir)
        .arg("play")
        .arg("--plain")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("damier runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        // The game may end before reading everything: a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("damier play {args:?} did not end within 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    writer.join().unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
        ok: output.status.success(),
    }
}

/// The lines that are not part of a drawn board.
fn said(run: &Run) -> Vec<&str> {
    run.out.lines().filter(|l| !is_board_line(l)).collect()
}

fn is_board_line(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with(|c: char| c.is_ascii_digit()) && !t.contains(". ") && !t.contains("...")
        || t.starts_with("a ")
        || t.starts_with("h ")
}

fn has(run: &Run, line: &str) -> bool {
    run.out.lines().any(|l| l == line)
}

/// A fresh directory, removed when the test ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("damier-play-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn scripted_games_to_a_win_by_no_moves_in_three_variants() {
    let cases = [
        (
            "international",
            "W:W33,38,43:B23",
            "33-28\n23x32\n38x27\n",
            ["1. white 33-28", "1... black 23x32", "2. white 38x27"],
            "Game over: white wins: black has no pieces left (1-0).",
        ),
        (
            "russian",
            "W:Wa1,b2,c3:Be5",
            "c3-d4\ne5:c3\nb2:d4\n",
            ["1. white c3-d4", "1... black e5:c3", "2. white b2:d4"],
            "Game over: white wins: black has no pieces left (1-0).",
        ),
        (
            "english",
            "B:W19:B3,7,10",
            "10-15\n19x10\n7x14\n",
            ["1. black 10-15", "1... white 19x10", "2. black 7x14"],
            "Game over: black wins: white has no pieces left (0-1).",
        ),
    ];
    for (variant, fen, script, moves, result) in cases {
        let run = play(
            &["--opponent", "human", "-v", variant, "--fen", fen],
            script,
        );
        assert!(run.ok, "{variant}: {}", run.err);
        for m in moves {
            assert!(has(&run, m), "{variant}: no '{m}' in\n{}", run.out);
        }
        assert!(has(&run, result), "{variant}:\n{}", run.out);
        assert!(has(
            &run,
            "Type save FILE to keep the game, undo to take back moves, or quit."
        ));
        assert_eq!(
            said(&run).last(),
            Some(&"Input ended; the game was not saved.")
        );
    }
}

#[test]
fn whole_engine_games_end_by_the_rules_and_save_what_was_played() {
    let dir = TempDir::new("watch");
    for variant in ["international", "russian", "english"] {
        let file = dir.join(format!("{variant}.pdn"));
        let file_arg = file.to_str().unwrap();
        let run = play(
            &[
                "--watch", "-v", variant, "--level", "1", "--depth", "2", "--seed", "7", "--save",
                file_arg,
            ],
            "",
        );
        assert!(run.ok, "{variant}: {}", run.err);
        assert!(
            run.out.contains("Damier level 1 at depth 2 against itself"),
            "{}",
            run.out
        );
        let lines = said(&run);
        let over = lines
            .iter()
            .find(|l| l.starts_with("Game over: "))
            .unwrap_or_else(|| panic!("{variant}: no result in\n{}", run.out));
        assert!(has(&run, &format!("Saved the game to {file_arg}.")));
        let moves = lines
            .iter()
            .filter(|l| l.contains(" white ") || l.contains(" black "))
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .count();
        // The saved game replays under the rules to the same end.
        let text = std::fs::read_to_string(&file).unwrap();
        let v: Variant = variant.parse().unwrap();
        let record = pdn::read(&text, v).remove(0).unwrap();
        assert_eq!(record.main.moves.len(), moves, "{variant}");
        let game = record.to_game().unwrap();
        let result = game.result().unwrap();
        let expected = match result.outcome {
            Outcome::Win(c) => format!("Game over: {} wins: ", c.name()),
            Outcome::Draw => "Game over: draw: ".to_string(),
        };
        assert!(
            over.starts_with(&expected),
            "{variant}: {over} vs {result:?}"
        );
        assert_ne!(result.reason, damier_game::Reason::Recorded, "{variant}");
    }
}

#[test]
fn illegal_and_ambiguous_moves_say_why() {
    let run = play(
        &["--opponent", "human", "--fen", "W:WK45:B31,33,7,28,40"],
        "45-40\n12-17\n45x26\nhepl\n45x29x26\n",
    );
    let lines = said(&run);
    assert!(
        lines.contains(&"Illegal move 45-40: capture is compulsory: 45x29x42x26 or 45x23x37x26.")
    );
    assert!(lines.contains(&"Illegal move 12-17: no white piece on 12."));
    assert!(lines.contains(&"Ambiguous move 45x26: could be 45x29x42x26 or 45x23x37x26."));
    assert!(lines.contains(&"Unknown command 'hepl': type help for the commands."));
    assert!(lines.contains(&"1. white 45x29x42x26"));
    let run = play(&["--opponent", "human"], "32-28\n19-23\n33-29\nmoves\n");
    assert!(has(
        &run,
        "Illegal move 33-29: capture is compulsory: 28x19."
    ));
    assert!(has(&run, "1 capture (compulsory) for white: 28x19"));
}

#[test]
fn undo_takes_back_to_the_players_own_turn() {
    // Against the engine: the engine's forced reply and the player's move go together.
    let run = play(
        &["--depth", "2", "--seed", "1", "--fen", "W:W33,38,43:B23"],
        "33-28\nundo\nundo\n",
    );
    let lines = said(&run);
    // A fixed depth, not the level, sets how the engine plays, and the opening line says so.
    assert!(
        run.out.lines().next().unwrap().starts_with(
            "Damier: international, you play white against Damier at depth 2, no clock."
        ),
        "{}",
        run.out
    );
    assert!(lines.iter().any(|l| l.starts_with("1... black 23x32")));
    assert!(lines.contains(&"Took back 33-28 23x32."));
    assert!(lines.contains(&"Nothing to take back."));
    // Between two people: one move at a time.
    let run = play(&["--opponent", "human"], "32-28\n19-23\nundo\n");
    assert!(has(&run, "Took back 19-23."));
    assert_eq!(
        said(&run)
            .iter()
            .filter(|l| **l == "Black to move.")
            .count(),
        2
    );
}

#[test]
fn draw_offers_accepted_and_declined() {
    let run = play(
        &["--opponent", "human"],
        "draw\n32-28\ndecline\n19-23\ndraw 28x19\naccept\n",
    );
    let lines = said(&run);
    assert!(lines.contains(&"White offers a draw with the next move."));
    assert!(lines.contains(&"White offers a draw."));
    assert!(lines.contains(&"Black declines the draw."));
    assert!(lines.contains(&"Game over: draw: agreed by both players (1/2-1/2)."));
    // The engine takes a draw when it stands worse and refuses one when it stands better.
    let losing = play(
        &[
            "--depth",
            "3",
            "--seed",
            "1",
            "--fen",
            "W:W31,32,33,34,35,36,37:B3",
        ],
        "draw 31-26\n",
    );
    assert!(has(&losing, "Black accepts the draw."), "{}", losing.out);
    assert!(has(
        &losing,
        "Game over: draw: agreed by both players (1/2-1/2)."
    ));
    let winning = play(
        &[
            "--depth",
            "3",
            "--seed",
            "1",
            "--fen",
            "W:W50:B1,2,3,4,5,6,7",
        ],
        "draw 50-45\n",
    );
    assert!(has(&winning, "Black declines the draw."), "{}", winning.out);
    assert!(said(&winning).iter().any(|l| l.starts_with("1... black ")));
}

#[test]
fn time_forfeits_on_an_injected_clock() {
    // Sudden death, 1 minute, each line taking 40 s: White's second move is too late.
    let run = play(
        &[
            "--opponent",
            "human",
            "--clock",
            "1m+0",
            "--fake-clock",
            "40s",
        ],
        "32-28\n19-23\n33-29\n",
    );
    assert!(has(&run, "white 0:20, took 0 · black 1:00, took 0"));
    assert!(!has(&run, "2. white 33-29"));
    assert!(has(
        &run,
        "Game over: black wins: white ran out of time (0-1)."
    ));
    // Giveaway with loss of turn: an empty line lets 40 s pass; two of them use up the minute
    // a move. The opponent may pass; three forfeits in a row lose.
    let run = play(
        &[
            "-v",
            "antidraughts",
            "--opponent",
            "human",
            "--clock",
            "move:60s",
            "--timeout",
            "turn",
            "--fake-clock",
            "40s",
        ],
        "32-28\n\n\npass\n\n\npass\n\n\n",
    );
    let lines = said(&run);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.ends_with("black -- (out of time: the turn is forfeited)"))
            .count(),
        3
    );
    assert!(lines.contains(&"White to move. You may pass: the opponent forfeited a turn."));
    assert!(lines.contains(&"2. white pass"));
    assert!(
        lines.contains(&"Game over: white wins: black lost three turns in a row on time (1-0).")
    );
    let run = play(&["--timeout", "turn"], "");
    assert!(!run.ok);
    assert!(
        run.err
            .contains("--timeout turn: loss of turn on time is a giveaway rule"),
        "{}",
        run.err
    );
}

#[test]
fn save_and_quit_ask_before_losing_a_game() {
    let dir = TempDir::new("save");
    let file = dir.join("game.pdn");
    let script = format!(
        "32-28\nquit\nno\nsave {0}\n19-23\nquit\nyes\n",
        file.display()
    );
    let run = play(&["--opponent", "human"], &script);
    let lines = said(&run);
    assert!(lines.contains(&"The game is not saved. Quit anyway? (yes/no; or save FILE first)"));
    assert!(lines.contains(&"Not quitting."));
    assert!(lines.contains(&format!("Saved the game to {}.", file.display()).as_str()));
    assert_eq!(
        lines.last(),
        Some(&"The game is not saved. Quit anyway? (yes/no; or save FILE first)")
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[White \"Human\"]"), "{text}");
    assert!(text.contains("1. 32-28 *"), "{text}");
    // A saved game quits at once; an existing file is not replaced.
    let script = format!("save {0}\n32-28\nsave\nquit\n", file.display());
    let run = play_in(&dir, &["--opponent", "human"], &script);
    assert!(has(
        &run,
        &format!(
            "{} already exists; save to another name (it is not replaced).",
            file.display()
        )
    ));
    // `save` alone names a new file after the variant and the time.
    let fresh: Vec<_> = std::fs::read_dir(dir.as_path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("damier-international-") && n.ends_with(".pdn"))
        .collect();
    assert_eq!(fresh.len(), 1, "{fresh:?}");
    assert!(has(&run, &format!("Saved the game to {}.", fresh[0])));
    assert!(!has(
        &run,
        "The game is not saved. Quit anyway? (yes/no; or save FILE first)"
    ));
}

/// `--save FILE` keeps the game when the player quits or input ends, as at the end of a game.
#[test]
fn save_keeps_the_game_on_quit_and_at_the_end_of_input() {
    let dir = TempDir::new("save-quit");
    for (name, script) in [
        ("quit.pdn", "32-28\n19-23\nquit\n"),
        ("eof.pdn", "32-28\n19-23\n"),
    ] {
        let file = dir.join(name);
        let run = play(
            &["--opponent", "human", "--save", file.to_str().unwrap()],
            script,
        );
        assert!(run.ok, "{name}: {}", run.err);
        assert_eq!(
            said(&run).last(),
            Some(&format!("Saved the game to {}.", file.display()).as_str()),
            "{name}"
        );
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("1. 32-28 19-23 *"), "{name}: {text}");
    }
}

#[test]
fn continue_a_pdn_game_or_open_with_a_ballot() {
    let dir = TempDir::new("pdn");
    let file = dir.join("in.pdn");
    std::fs::write(
        &file,
        "[Event \"Club\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
         [GameType \"25\"]\n1. c3-d4 f6-e5 *\n\n\
         [Event \"untagged\"]\n1. 11-15 23-18 *\n",
    )
    .unwrap();
    let out = dir.join("out.pdn");
    let run = play(
        &[
            "--opponent",
            "human",
            "--pdn",
            file.to_str().unwrap(),
            "--game",
            "2",
            "--save",
            out.to_str().unwrap(),
        ],
        "d4:f6\nresign\n",
    );
    assert!(has(
        &run,
        &format!(
            "Continuing game 2 of {} after 2 plies (move 2, White to play).",
            file.display()
        )
    ));
    assert!(has(&run, "2. white d4:f6"));
    assert!(has(&run, "Game over: white wins: black resigned (1-0)."));
    let saved = std::fs::read_to_string(&out).unwrap();
    assert!(saved.contains("1. c3-d4 f6-e5 2. d4:f6 1-0"), "{saved}");
    // A game without a GameType tag is read as the variant its moves fit, as `pdn check`
    // reads it, and the player is told.
    let run = play(
        &[
            "--opponent",
            "human",
            "--pdn",
            file.to_str().unwrap(),
            "--game",
            "3",
        ],
        "quit\nyes\n",
    );
    assert!(
        has(
            &run,
            "Game 3 has no GameType tag and its moves are not international's: read as english."
        ),
        "{}{}",
        run.out,
        run.err
    );
    assert!(has(
        &run,
        &format!(
            "Continuing game 3 of {} after 2 plies (move 2, Black to play).",
            file.display()
        )
    ));
    let args = [
        "play",
        "--plain",
        "--pdn",
        file.to_str().unwrap(),
        "--game",
        "4",
    ];
    assert_eq!(crate::common::damier(&args).status.code(), Some(2));
    assert_eq!(
        crate::common::fails(&args).trim_end(),
        format!(
            "damier: --game: {} has 3 games; there is no game 4",
            file.display()
        )
    );
    let run = play(
        &["-v", "english", "--ballot", "1", "--opponent", "human"],
        "",
    );
    assert!(run
        .out
        .lines()
        .any(|l| l.starts_with("Ballot 1 of the three-move deck: ")));
    // A barred ballot may be asked for by number, and is said to be one.
    let run = play(
        &["-v", "english", "--ballot", "3", "--opponent", "human"],
        "",
    );
    assert!(
        has(
            &run,
            "Ballot 3 of the three-move deck: 9-13 21-17 10-14 (barred: left out of ACF play)."
        ),
        "{}",
        run.out
    );
    let run = play(&["--ballot", "random"], "");
    assert!(!run.ok);
    assert!(
        run.err.contains("ballots are English checkers openings"),
        "{}",
        run.err
    );
}

#[test]
fn flip_pieces_hint_and_help() {
    let run = play(
        &[
            "--opponent",
            "human",
            "--depth",
            "2",
            "--fen",
            "W:W31,K5:B1",
        ],
        "flip\npieces\nhint\nhelp\n",
    );
    let lines: Vec<&str> = run.out.lines().collect();
    let flipped = lines
        .iter()
        .position(|l| l.starts_with("50 "))
        .expect("board from Black");
    assert!(lines[flipped + 9].starts_with(" 5 "), "{}", run.out);
    assert!(has(
        &run,
        "white men 31; white kings 5. black men 1; black kings none"
    ));
    assert!(lines.iter().any(|l| l.starts_with("Hint: ")));
    assert!(has(&run, "  hint           ask the engine for a move"));
}

#[test]
fn now_makes_a_long_search_move_at_once() {
    // Level 10 thinks for seconds; `now` cuts it short. Without the book: a book move is
    // played at once, and `now` would then find the engine idle (a race this test lost once).
    let start = Instant::now();
    let run = play(
        &["--level", "10", "--side", "black", "--book", "none"],
        "now\n",
    );
    assert!(has(&run, "White moves now."), "{}", run.out);
    assert!(said(&run).iter().any(|l| l.starts_with("1. white ")));
    assert!(start.elapsed() < Duration::from_secs(4));
}
