//! The `damier` binary as a user runs it: output formats, and one clear line for bad input.

use crate::common::{damier, stderr, stdout, usage_error};
use std::process::Command;

/// A bug report can say which build it was: the version and the commit (the tests run in a
/// git checkout; a source archive says `unknown`).
#[test]
fn version_names_the_commit() {
    let out = damier(&["--version"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let head = Command::new("git")
        .args(["rev-parse", "--short=9", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or("unknown".to_string(), |o| {
            String::from_utf8_lossy(&o.stdout).trim().to_string()
        });
    let expected = format!("damier {} ({head})\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(text, expected);
}

/// A newcomer's `damier --help` starts with what most people came for.
#[test]
fn help_lists_playing_first() {
    let out = damier(&["--help"]);
    let text = stdout(&out);
    let commands: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take(3)
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(commands, ["play", "serve", "analyze"], "{text}");
}

#[test]
fn perft_json_ends_with_the_requested_depth() {
    let out = damier(&["perft", "--depth", "5", "--json"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    let nodes: Vec<u64> = lines.iter().map(|l| l["nodes"].as_u64().unwrap()).collect();
    assert_eq!(nodes, [9, 81, 658, 4265, 27117]);
    assert_eq!(lines[4]["depth"], 5);
    assert!(lines[4]["seconds"].is_number() && lines[4]["nps"].is_number());
}

#[test]
fn perft_threads_and_divide_agree_with_the_reference() {
    let out = damier(&[
        "perft",
        "-v",
        "russian",
        "-d",
        "6",
        "--threads",
        "2",
        "--json",
    ]);
    let last = stdout(&out).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(v["nodes"], 37986);
    let out = damier(&["perft", "-v", "english", "-d", "3", "--divide"]);
    let text = stdout(&out);
    let total: u64 = text
        .lines()
        .filter(|l| !l.starts_with("depth"))
        .map(|l| l.split_whitespace().last().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 302);
    assert_eq!(
        text.lines().count(),
        8,
        "7 first moves and a total line (the capture path goes to standard error)"
    );
}

#[test]
fn moves_json_describes_each_move() {
    let out = damier(&["moves", "-v", "russian", "--fen", "W:Wb6:Bc7,e7", "--json"]);
    assert!(out.status.success());
    let mut moves: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    moves.sort_by_key(|m| m["to"].as_str().unwrap().to_string());
    assert_eq!(moves.len(), 3);
    let m = &moves[0];
    assert_eq!(m["move"], "b6:f6");
    assert_eq!(m["long"], "b6:d8:f6");
    assert_eq!(m["from"], "b6");
    assert_eq!(m["path"], serde_json::json!(["b6", "d8", "f6"]));
    assert_eq!(m["captured"], serde_json::json!(["c7", "e7"]));
    assert_eq!(m["fen"], "B:WKf6:B");
}

#[test]
fn moves_after_played_moves() {
    let out = damier(&["moves", "--play", "32-28 19-23"]);
    assert_eq!(stdout(&out).trim(), "28x19");
}

#[test]
fn moves_of_a_finished_position_say_who_won() {
    // White, to move, has no piece left.
    let out = damier(&["moves", "-v", "english", "--fen", "W:W:BK1"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out).trim(), "White has no legal move: black wins");
    let out = damier(&["moves", "-v", "english-giveaway", "--fen", "W:W:BK1"]);
    assert_eq!(stderr(&out).trim(), "White has no legal move: white wins");
}

#[test]
fn moves_read_a_russian_fen_numbered_as_in_english_checkers() {
    let out = damier(&["moves", "-v", "russian", "--fen", "W:W21:B1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).split_whitespace().collect::<Vec<_>>(),
        ["a3-b4"]
    );
    let out = damier(&["moves", "-v", "russian", "--fen", "W:W21:B40"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'40' is not a square of this board (squares are numbered 1-32)"));
}

#[test]
fn show_draws_the_board_with_coordinates() {
    let out = damier(&["show", "-v", "english"]);
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(text.contains("a b c d e f g h"));
    assert!(text.contains("black to move"));
    let board: String = text.lines().take(8).collect();
    assert_eq!(board.matches('b').count(), 12);
    assert_eq!(board.matches('w').count(), 12);
    let out = damier(&["show", "-v", "canadian"]);
    assert!(stdout(&out).contains("a b c d e f g h i j k l"));
}

#[test]
fn bad_input_gets_one_clear_line_and_the_usage_status() {
    let cases: [(&[&str], &str); 14] = [
        (&["moves", "--variant", "chess"], "unknown variant 'chess'"),
        (&["moves", "--fen", "W:W31,32:B1,99"], "column 13"),
        (&["moves", "--fen", "W:W1-50:B"], "at most 20"),
        (&["moves", "--fen", "W:W2:B40"], "crowning row"),
        (&["moves", "--fen", "Q:W31"], "side to move"),
        (
            &[
                "moves",
                "-v",
                "english",
                "--fen",
                "B:W18:B14,9",
                "--play",
                "9-13",
            ],
            "capture is compulsory: 14x23",
        ),
        (&["perft", "--depth", "0"], "--depth"),
        (
            &["analyze", "--hash", "999999999", "--depth", "1"],
            "--hash: a hash table of 999999999 MiB",
        ),
        (
            &["rules", "--compare", "english,foo"],
            "damier: --compare: unknown variant 'foo' (known: ",
        ),
        (&["rules", "foo"], "damier: unknown variant 'foo' (known: "),
        (&["play", "--hash", "999999999"], "--hash: a hash table of"),
        (
            &["analyze", "--time", "0"],
            "--time must be more than nothing",
        ),
        (
            &["analyze", "--time", "5x"],
            "--time must be a duration of at most ten days (e.g. 5, 0.5, 1.5s, 250ms, 2m), got '5x'",
        ),
        // Past the longest duration read, which is the reason given.
        (
            &["analyze", "--time", "1000000"],
            "--time must be a duration of at most ten days (e.g. 5, 0.5, 1.5s, 250ms, 2m), got '1000000'",
        ),
    ];
    for (args, needle) in cases {
        let err = usage_error(args);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

/// What clap itself refuses (a value out of range, an unknown option, a missing argument, a
/// bad choice) is told on one line too, with the command's help named, and status 2.
#[test]
fn command_line_mistakes_caught_by_the_parser_are_one_line() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["play", "--level", "0"],
            "damier: invalid value '0' for '--level <LEVEL>'",
        ),
        (
            &["analyze", "--frobnicate"],
            "damier: unexpected argument '--frobnicate' found",
        ),
        (
            &["pdn", "convert", "x.pdn", "--to", "xyz"],
            "damier: invalid value 'xyz' for '--to <TO>'",
        ),
        (
            &["frobnicate"],
            "damier: unrecognized subcommand 'frobnicate'",
        ),
    ];
    for (args, start) in cases {
        let err = usage_error(args);
        assert!(err.starts_with(start), "{args:?}: {err}");
        assert!(err.trim_end().ends_with("--help`)"), "{args:?}: {err}");
    }
    // Help is still printed whole, and succeeds.
    let help = damier(&["play", "--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).lines().count() > 10);
}

/// A negative value, or one out of the engine's range, is refused by the option's own check,
/// naming the option, not by clap as an "unexpected argument '-1'"; a long input is quoted
/// by its start and length.
#[test]
fn values_out_of_range_name_their_option() {
    let cases: [(&[&str], &str); 12] = [
        // 0 is refused, not played as 1 (the match library's check).
        (
            &["match", "--max-plies", "0"],
            "damier: --max-plies must be at least 1, got 0",
        ),
        (
            &["egdb", "playout", "--max-plies", "0"],
            "damier: --max-plies must be at least 1, got 0",
        ),
        (
            &["analyze", "--time", "-1"],
            "damier: --time must be more than nothing, got '-1'",
        ),
        (&["play", "--clock", "-5m"], "damier: --clock: "),
        (&["match", "--tc", "-1m"], "damier: --tc: "),
        (
            &["analyze", "--nodes", "-5"],
            "damier: invalid value '-5' for '--nodes <NODES>'",
        ),
        (
            &["play", "--threads", "-1"],
            "damier: --threads must be between 1 and 256, got -1",
        ),
        (
            &["dxp", "--movetime", "-1"],
            "damier: invalid value '-1' for '--movetime <MS>'",
        ),
        (
            &["dxp", "--connect", "127.0.0.1:9", "--movetime", "0"],
            "damier: --movetime must be at least 1 ms, got 0",
        ),
        (
            &["match", "--first", "damier:depth=0"],
            "damier: --first: player 'damier:depth=0': depth must be between 1 and 100, got 0",
        ),
        (
            &["match", "--second", "damier:nodes=0"],
            "damier: --second: player 'damier:nodes=0': nodes must be at least 1, got 0",
        ),
        (
            &["match", "--first", "damier:threads=0"],
            "damier: --first: player 'damier:threads=0': threads must be between 1 and 256, got 0",
        ),
    ];
    for (args, start) in cases {
        let err = usage_error(args);
        assert!(err.starts_with(start), "{args:?}: {err}");
    }
    let fen = format!("W:W31-50:B{}", ",1".repeat(30_000));
    let err = usage_error(&["analyze", "--fen", &fen]);
    assert!(err.len() < 400, "{}", &err[..400]);
    assert!(
        err.starts_with("damier: reading --fen \"W:W31-50:B,1,1"),
        "{err}"
    );
    assert!(
        err.contains("… (60010 characters)\" for international: "),
        "{err}"
    );
    // Any parser's quote of a long argument, or of a long part of one, is cut the same way.
    let digits = "9".repeat(3000);
    let long_fen = format!("W:W{digits}");
    let player = format!("damier:depth={digits}");
    for args in [
        vec!["play", "--clock", &digits],
        vec!["match", "--first", &player],
        vec!["play", "--variant", &digits],
        vec!["analyze", "--fen", &long_fen],
    ] {
        let err = usage_error(&args);
        assert!(err.len() < 600, "{}: {}", args[1], &err[..600]);
        assert!(err.contains("… (3000 characters)"), "{err}");
    }
}

#[test]
fn ambiguous_moves_list_the_candidates() {
    // An English man on 22 reaches 6 over 17 and 9 (via 13) or over 18 and 10 (via 15).
    let fen = "W:W22:B17,9,18,10";
    let out = damier(&["moves", "-v", "english", "--fen", fen]);
    let mut moves: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    moves.sort();
    assert_eq!(moves, ["22x13x6", "22x15x6"]);
    let out = damier(&["moves", "-v", "english", "--fen", fen, "--play", "22x6"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("ambiguous move 22x6: could be 22x13x6 or 22x15x6")
            || err.contains("ambiguous move 22x6: could be 22x15x6 or 22x13x6"),
        "{err}"
    );
    let out = damier(&["show", "-v", "english", "--fen", fen, "--play", "22x15x6"]);
    // The position is the last line alone, as tools/wine-check and other scripts read it.
    let shown = stdout(&out);
    let mut last = shown.lines().rev();
    assert_eq!(last.next(), Some("B:W6:B9,17"), "{shown}");
    assert_eq!(last.next(), Some("black to move · english"), "{shown}");
}

#[test]
fn match_against_damier_speaking_hub_writes_pdn() {
    let dir = std::env::temp_dir().join(format!("damier-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("games.pdn");
    let hub = format!(
        "hub[name=hubdamier,depth=2]:{} hub",
        env!("CARGO_BIN_EXE_damier")
    );
    let out = damier(&[
        "match",
        "--variant",
        "russian",
        "--first",
        "damier:depth=2",
        "--second",
        &hub,
        "--games",
        "2",
        "--json",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["black"], "hubdamier");
    assert_eq!(lines[1]["white"], "hubdamier");
    assert_eq!(lines[2]["games"], 2);
    // The PDN file reads back with every move checked by the rules.
    let check = damier(&["pdn", "check", pdn.to_str().unwrap(), "--json"]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    assert_eq!(String::from_utf8_lossy(&check.stdout).lines().count(), 2);
    // Each game says why it ended, as the JSON line does, in a comment after its last move.
    let written = std::fs::read_to_string(&pdn).unwrap();
    for line in &lines[..2] {
        let why = line["result"].as_str().unwrap();
        assert!(
            written.contains(&format!("{{{why}}}")),
            "{why} in {written}"
        );
    }
}

/// Ctrl-C on a long match keeps what was played: the score of the finished games on
/// stdout, the same games in the PDN file, and a clean exit.
#[cfg(unix)]
#[test]
fn match_stopped_by_ctrl_c_keeps_the_finished_games() {
    let dir = std::env::temp_dir().join(format!("damier-match-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("games.pdn");
    let child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args([
            "match",
            "--variant",
            "english",
            "--first",
            "damier:depth=2",
            "--second",
            "damier:depth=1",
            "--games",
            "100000",
            "--json",
            "--pdn",
            pdn.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("damier runs");
    // Long enough for some games to finish, far too short for all of them.
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("stopping after the moves under way"));
    let text = stdout(&out);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = lines.last().expect("a summary line");
    assert_eq!(summary["stopped"], true);
    let games = summary["games"].as_u64().unwrap() as usize;
    assert!(games < 100_000);
    // One line per finished game before the summary, and each of them in the file.
    assert_eq!(lines.len(), games + 1);
    let played = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(played.matches("[Round ").count(), games);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_rejects_bad_players_and_time_controls() {
    // A spec that cannot be read is a command-line mistake (status 2); an engine that does
    // not start is a failure (status 1).
    let out = damier(&["match", "--first", "stockfish", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("damier: --first: player 'stockfish'"));
    let out = damier(&["match", "--second", "damier:level=11", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .starts_with("damier: --second: player 'damier:level=11'"));
    let out = damier(&[
        "match",
        "--second",
        "hub:/nonexistent/engine",
        "--games",
        "2",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = damier(&["match", "--tc", "40/x", "--games", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tc"));
}

#[test]
fn match_plays_every_game_from_fen() {
    let fen = "W:W28,33,38:B12,17";
    let out = damier(&[
        "match",
        "--fen",
        fen,
        "--first",
        "damier:depth=2",
        "--second",
        "damier:depth=2",
        "--games",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<serde_json::Value> = text
        .lines()
        .take(2)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(games.iter().all(|g| g["opening"] == fen), "{text}");
    // A bad position, or one where the game is over, is a mistake in the command line.
    let out = damier(&["match", "--fen", "W:W99:B1", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fen"));
    let out = damier(&["match", "--fen", "B:W28:B", "--games", "2"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn hub_starts_in_the_variant_asked_for() {
    let out = crate::common::damier_fed(&["hub", "--variant", "russian"], "hub\nquit\n", &[]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("param name=variant value=russian"),
        "{}",
        stdout(&out)
    );
    let out = damier(&["hub", "--variant", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A data folder that cannot be made is named with its reason, said once.
#[test]
fn serve_names_a_data_folder_it_cannot_make() {
    let out = damier(&["serve", "--port", "0", "--data", "/proc/no/such/folder"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with("damier: cannot make the data folder /proc/no/such/folder: "),
        "{err}"
    );
    assert_eq!(err.matches("os error").count(), 1, "{err}");
}

#[test]
fn serve_refuses_a_hash_size_out_of_range() {
    for hash in ["-1", "0", "100000"] {
        let out = damier(&["serve", "--port", "0", "--hash", hash]);
        assert_eq!(out.status.code(), Some(2), "--hash {hash}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--hash must be between 1 and 65536"), "{err}");
    }
}

#[test]
fn serve_refuses_limits_of_zero_and_a_host_name_with_a_port() {
    for (flag, value, says) in [
        (
            "--games-per-client",
            "0",
            "--games-per-client must be at least 1",
        ),
        (
            "--connections-per-client",
            "0",
            "--connections-per-client must be at least 1",
        ),
        (
            "--host-name",
            "example.org:80",
            "--host-name must be a domain name without port or scheme",
        ),
    ] {
        let out = damier(&["serve", "--port", "0", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
}

/// `analyze --time` takes a duration written as clocks are: bare seconds or with units.
#[test]
fn analyze_time_takes_units() {
    for time in ["0.2", "200ms"] {
        let out = damier(&["analyze", "-v", "english", "--time", time]);
        assert!(out.status.success(), "{time}: {}", stderr(&out));
        assert!(
            stdout(&out).lines().last().unwrap().starts_with("best "),
            "{time}"
        );
    }
}

/// `analyze --multipv 3 --json`: three objects per depth, lines 1 to 3, three different
/// first moves; the text form names each line.
#[test]
fn analyze_shows_several_lines() {
    let out = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args([
            "analyze",
            "-v",
            "english",
            "--depth",
            "6",
            "--multipv",
            "3",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("multipv").is_some())
        .collect();
    for depth in 1..=6 {
        let at: Vec<&serde_json::Value> = lines.iter().filter(|v| v["depth"] == depth).collect();
        let ranks: Vec<u64> = at.iter().map(|v| v["multipv"].as_u64().unwrap()).collect();
        assert_eq!(ranks, [1, 2, 3], "depth {depth}: {text}");
        let firsts: std::collections::HashSet<&str> =
            at.iter().map(|v| v["pv"][0].as_str().unwrap()).collect();
        assert_eq!(firsts.len(), 3, "depth {depth}: {text}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(["analyze", "-v", "english", "--depth", "3", "--multipv", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("line  2"), "{text}");
}

/// `analyze --threat`: Black to move, and White's man on 23 threatens 23x14; the threat line
/// says so and counts what it wins. Without the threat (the man on 18 gone) none is won.
#[test]
fn analyze_shows_the_threat() {
    let threat_of = |fen: &str| {
        let out = damier(&[
            "analyze", "-v", "english", "--fen", fen, "--depth", "6", "--threat", "--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let last = stdout(&out).lines().last().unwrap().to_string();
        let v: serde_json::Value = serde_json::from_str(&last).unwrap();
        v["threat"].clone()
    };
    let threat = threat_of("B:W23,27:B18,1");
    assert_eq!(threat["side"], "white", "{threat}");
    assert!(
        threat["pv"].as_str().unwrap().starts_with("23x14"),
        "{threat}"
    );
    assert!(threat["gain"].as_i64().unwrap() >= 1, "{threat}");
    assert!(
        threat["explain"]
            .as_str()
            .unwrap()
            .starts_with("23x14 wins"),
        "{threat}"
    );
    let quiet = threat_of("B:W23,27:B1,2");
    assert_eq!(quiet["gain"], 0, "{quiet}");
    assert!(quiet["explain"].is_null(), "{quiet}");
    let text = stdout(&damier(&[
        "analyze",
        "-v",
        "english",
        "--fen",
        "B:W23,27:B18,1",
        "--depth",
        "6",
        "--threat",
    ]));
    assert!(
        text.contains("threat (if black passed, white would play): 23x14"),
        "{text}"
    );
}

/// The best line explained in words: the published stroke of "Seeing is Believing" (The
/// Checker Maven, 2013) wins the game; a quiet start position wins nothing.
#[test]
fn analyze_explains_what_the_best_line_wins() {
    let stroke = [
        "analyze",
        "-v",
        "english",
        "--fen",
        "W:W30,29,22,21,9,6:B24,20,16,13,8,7",
        "--depth",
        "16",
    ];
    let text = stdout(&damier(&stroke));
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("22-17 wins the game: 22-17 13x22"),
        "{text}"
    );
    let mut json = stroke.to_vec();
    json.push("--json");
    let last = stdout(&damier(&json)).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert!(
        v["explain"].as_str().unwrap().contains("wins the game"),
        "{v}"
    );
    let quiet = stdout(&damier(&[
        "analyze", "-v", "english", "--depth", "6", "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(quiet.lines().last().unwrap()).unwrap();
    assert_eq!(v["explain"], serde_json::Value::Null, "{v}");
    // In giveaway a capture that leaves Black a piece ahead is no gain, and is not called one.
    let giveaway = stdout(&damier(&[
        "analyze",
        "-v",
        "giveaway",
        "--fen",
        "B:W18,31:B14,9",
        "--depth",
        "3",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(giveaway.lines().last().unwrap()).unwrap();
    assert_eq!(v["best"], "14x23", "{v}");
    assert_eq!(v["explain"], serde_json::Value::Null, "{v}");
}
