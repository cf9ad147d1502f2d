//! `damier puzzles`: generate, check, list and play, and bad input answered with one line.

use crate::common::{damier, damier_fed, fails, ok, stderr, stdout};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("damier-puzzles-{}-{name}", std::process::id()))
}

/// A set made from self-play reads back, lists, checks, and is played to the end through
/// standard input.
#[test]
fn a_set_is_made_checked_listed_and_played() {
    let file = temp("set.pdn");
    let f = file.to_str().unwrap();
    let made = ok(&[
        "puzzles",
        "generate",
        "-v",
        "english",
        "--selfplay",
        "30",
        "--count",
        "1",
        "--depth",
        "8",
        "--seed",
        "7",
        "--out",
        f,
    ]);
    assert!(made.contains("english puzzles (depth 8)"), "{made}");
    let list = ok(&["puzzles", "list", "-v", "english", "--file", f]);
    assert!(list.lines().count() >= 1, "{list}");
    assert!(list.contains("to play and"), "{list}");
    // The file's games name their variant: --variant is not needed to list them.
    assert_eq!(ok(&["puzzles", "list", "--file", f]), list);
    let check = ok(&["puzzles", "check", "-v", "english", "--file", f]);
    assert!(check.contains("1 puzzle, 1 as stated"), "{check}");

    // A goal the line does not keep is found, and `--out` writes the set as judged now.
    let text = std::fs::read_to_string(&file).unwrap();
    let overstated = temp("overstated.pdn");
    let goal = text
        .lines()
        .find(|l| l.starts_with("[Goal "))
        .unwrap()
        .to_string();
    std::fs::write(&overstated, text.replace(&goal, "[Goal \"material 9\"]")).unwrap();
    let o = overstated.to_str().unwrap();
    let out = damier(&["puzzles", "check", "-v", "english", "--file", o]);
    assert_eq!(out.status.code(), Some(1));
    let said = stdout(&out);
    assert!(
        said.contains("english-1: the goal is now") && said.contains("to play and win 9 pieces\""),
        "{said}"
    );
    assert!(
        stderr(&out).contains("1 puzzle no longer as stated"),
        "{}",
        stderr(&out)
    );
    let mended = temp("mended.pdn");
    let m = mended.to_str().unwrap();
    let wrote = ok(&["puzzles", "check", "-v", "english", "--file", o, "--out", m]);
    assert!(wrote.contains(&format!("{m}: 1 puzzle")), "{wrote}");
    assert_eq!(std::fs::read_to_string(&mended).unwrap(), text);
    for f in [&overstated, &mended] {
        let _ = std::fs::remove_file(f);
    }

    // Play the one puzzle: its solution, typed move by move.
    let first = list.lines().next().unwrap();
    // The name, the rating, the task in words, then the moves.
    let solution: Vec<&str> = first
        .split_whitespace()
        .skip(2)
        .skip_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    let solver_moves: Vec<&str> = solution.iter().step_by(2).copied().collect();
    let progress = temp("progress.json");
    let mut input = String::from("hint\n");
    for m in &solver_moves {
        input.push_str(m);
        input.push('\n');
    }
    input.push_str("quit\n");
    let out = damier_fed(
        &[
            "puzzles",
            "play",
            "-v",
            "english",
            "--file",
            f,
            "--progress",
            progress.to_str().unwrap(),
        ],
        &input,
        &[],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Move the piece on"), "{text}");
    assert!(text.contains("Solved, with help: rating"), "{text}");
    // The rating is kept for the next run.
    let kept = std::fs::read_to_string(&progress).unwrap();
    assert!(
        kept.contains("\"english\"") && kept.contains("\"failed\": 1"),
        "{kept}"
    );
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&progress);
}

#[test]
fn every_variant_has_a_shipped_set() {
    let list = ok(&["puzzles", "list"]);
    assert_eq!(list.lines().count(), 34, "{list}");
    for line in list.lines() {
        let n: usize = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(n >= 50, "{line}");
    }
}

#[test]
fn bad_input_gets_one_line() {
    let err = fails(&["puzzles", "generate", "-v", "english", "--out", "x.pdn"]);
    assert!(
        err.contains("--from") || err.contains("--selfplay"),
        "{err}"
    );
    let err = fails(&[
        "puzzles",
        "generate",
        "-v",
        "nonesuch",
        "--selfplay",
        "1",
        "--out",
        "x.pdn",
    ]);
    assert!(err.contains("--variant"), "{err}");
    let err = fails(&["puzzles", "generate", "--selfplay", "0", "--out", "x.pdn"]);
    assert!(
        err.contains("--selfplay must be at least 1, got 0"),
        "{err}"
    );
    let err = fails(&[
        "puzzles",
        "generate",
        "--selfplay",
        "1",
        "--depth",
        "99",
        "--out",
        "x.pdn",
    ]);
    assert!(err.contains("--depth"), "{err}");
    let bad = temp("bad.pdn");
    std::fs::write(&bad, "[Event \"x\"]\n1. 32-28 *\n").unwrap();
    let err = fails(&[
        "puzzles",
        "list",
        "-v",
        "international",
        "--file",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("game 1: no Goal tag"), "{err}");
    let err = fails(&[
        "puzzles",
        "list",
        "-v",
        "international",
        "--file",
        "/nonexistent/p.pdn",
    ]);
    assert!(err.contains("--file /nonexistent/p.pdn"), "{err}");
    let _ = std::fs::remove_file(&bad);
}

/// A puzzle file's content is the file's fault, not the command line's: an empty file and
/// an unreadable one exit alike (1), as `pdn check` does; a bad argument exits 2.
#[test]
fn a_bad_puzzle_file_exits_1_and_a_bad_argument_2() {
    let empty = temp("empty.pdn");
    let garbage = temp("garbage.pdn");
    std::fs::write(&empty, "").unwrap();
    std::fs::write(&garbage, "garbage here\n").unwrap();
    for (file, says) in [(&empty, "no puzzles in it"), (&garbage, "cannot read move")] {
        for command in ["list", "check"] {
            let args = ["puzzles", command, "--file", file.to_str().unwrap()];
            let out = damier(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
            assert_eq!(fails(&args).lines().count(), 1);
        }
    }
    // A run that finds nothing writes no file (which every reader would refuse).
    let quiet = temp("quiet.pdn");
    let made = temp("made.pdn");
    std::fs::write(&quiet, "[GameType \"20\"]\n1. 32-28 19-23 *\n").unwrap();
    let out = damier(&[
        "puzzles",
        "generate",
        "--from",
        quiet.to_str().unwrap(),
        "--out",
        made.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no puzzle found;"),
        "{}",
        stderr(&out)
    );
    assert!(!made.exists());
    let _ = std::fs::remove_file(&quiet);
    let out = damier(&["puzzles", "list", "-v", "nonesuch"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let _ = std::fs::remove_file(&empty);
    let _ = std::fs::remove_file(&garbage);
}
