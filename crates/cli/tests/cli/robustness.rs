//! What a newcomer meets in the first hour: a closed pipe, sizes too large, negative or zero
//! counts, misspelt time controls. Each ends with one clear line and the right status: 0 when
//! the reader simply stopped reading, 2 for a mistake in what was typed, 1 for a failure
//! while running.

use crate::common::{self, damier};
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

/// Run `args`, read one line of its output and close the pipe, as `| head -1` does.
fn first_line_then_close(args: &[&str]) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("damier runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    (line, out)
}

#[test]
fn a_closed_pipe_ends_every_printing_command_quietly() {
    let commands: [&[&str]; 5] = [
        &["perft", "--depth", "9"],
        &["analyze", "--depth", "12"],
        &["bench", "--depth", "5"],
        &["moves", "-v", "canadian"],
        &[
            "match",
            "--json",
            "--games",
            "4",
            "--first",
            "damier:depth=1",
            "--second",
            "damier:depth=1",
        ],
    ];
    for args in commands {
        let (line, out) = first_line_then_close(args);
        assert!(!line.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Standard output and standard error both on a pipe nobody reads (`damier … 2>&1 | head`
/// after `head` has ended): the error line is lost, the status is still the error's, and
/// the program neither panics nor aborts.
#[test]
fn an_error_told_to_a_closed_pipe_keeps_its_status() {
    let cases: [(&[&str], i32); 4] = [
        (&["moves", "-v", "klingon"], 2),
        (&["moves", "--fen", "X"], 2),
        (&["analyze", "--hash", "900000", "--depth", "1"], 1),
        (&["perft", "--depth", "0"], 2),
    ];
    for (args, status) in cases {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_damier"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer.try_clone().unwrap())
            .stderr(writer)
            .status()
            .unwrap();
        // A signal (an abort) leaves no code.
        assert_eq!(out.code(), Some(status), "{args:?}: {out}");
    }
}

fn refused_with(args: &[&str], needle: &str) {
    let err = common::usage_error(args);
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn counts_and_depths_out_of_range_say_so() {
    refused_with(
        &["analyze", "--depth", "0"],
        "--depth must be between 1 and 100, got 0",
    );
    refused_with(
        &["analyze", "--depth=-1"],
        "--depth must be between 1 and 100, got -1",
    );
    refused_with(
        &["analyze", "--depth", "100000"],
        "--depth must be between 1 and 100",
    );
    // Every command that searches takes the engine's one range.
    let selfplay = ["selfplay", "--games", "1", "--out", "unused"];
    let dxp = ["dxp", "--listen", "0"];
    for command in [&["play"][..], &dxp, &selfplay] {
        refused_with(
            &[command, &["--depth", "101"]].concat(),
            "--depth must be between 1 and 100, got 101",
        );
    }
    refused_with(
        &["egdb", "playout", "-v", "english", "--threads", "0"],
        "--threads must be between 1 and 256, got 0",
    );
    refused_with(
        &["perft", "--depth", "-1"],
        "--depth must be between 1 and 30, got -1",
    );
    refused_with(
        &["bench", "--depth", "-3"],
        "--depth must be between 1 and 100, got -3",
    );
    refused_with(
        &["match", "--concurrency", "0"],
        "--concurrency must be between 1 and 256, got 0",
    );
    refused_with(
        &["analyze", "--multipv", "0"],
        "--multipv must be between 1 and 64, got 0",
    );
}

#[test]
fn a_hash_table_larger_than_the_machine_is_a_message_not_an_abort() {
    for args in [
        &["analyze", "--hash", "900000", "--depth", "3"][..],
        &["play", "--side", "black", "--hash", "900000"][..],
        &[
            "match",
            "--first",
            "damier:depth=2,hash=900000",
            "--second",
            "damier:depth=2",
            "--games",
            "2",
        ][..],
    ] {
        let out = damier(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("900000 MiB does not fit in this machine's memory"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn time_controls_share_one_syntax_and_its_messages() {
    // `match --tc` reads what `play --clock` reads.
    let out = damier(&[
        "match",
        "--tc",
        "1s+0.05s",
        "--games",
        "2",
        "--first",
        "damier:depth=1",
        "--second",
        "damier:depth=1",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    refused_with(&["match", "--tc", "5x"], "--tc: cannot read clock '5x'");
    refused_with(
        &["play", "--clock", "5x"],
        "--clock: cannot read clock '5x'",
    );
    let out = damier(&["match", "--tc", "5q+3s"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("float literal"));
    refused_with(
        &["play", "--variant", "english", "--ballot", "x"],
        "--ballot must be a number or random, got 'x'",
    );
}

#[test]
fn causes_are_told_once() {
    let broken = std::env::temp_dir().join(format!("damier-broken-{}.pdn", std::process::id()));
    std::fs::write(&broken, "[Event \"x\"]\n1. 32-28 19-23 2. zz *\n").unwrap();
    let out = damier(&["play", "--pdn", broken.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    std::fs::remove_file(&broken).ok();
    assert_eq!(
        err.matches("is not a square of this board").count(),
        1,
        "{err}"
    );
}

#[test]
fn bench_prints_the_library_fingerprint() {
    let out = damier(&["bench", "--depth", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lib = damier_engine::bench::fingerprint(&damier_engine::bench::run(4, |_| {}));
    assert_eq!(
        text.lines().last().unwrap(),
        format!("bench fingerprint: {lib} nodes at depth 4")
    );
}

#[test]
fn a_save_file_that_cannot_be_written_is_refused_before_the_game() {
    let out = damier(&["play", "--save", "/nonexistent-damier-dir/x.pdn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--save: cannot write /nonexistent-damier-dir/x.pdn"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no game was started");
    let existing = std::env::temp_dir().join(format!("damier-exists-{}.pdn", std::process::id()));
    std::fs::write(&existing, "kept").unwrap();
    refused_with(
        &["play", "--save", existing.to_str().unwrap()],
        "already exists; name a new file",
    );
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "kept");
    std::fs::remove_file(&existing).ok();
}

#[test]
fn a_busy_port_is_told_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = damier(&["serve", "--port", &port]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("damier: cannot listen on 127.0.0.1:{port}: ")),
        "{err}"
    );
    assert_eq!(err.matches("in use").count(), 1, "{err}");
}

/// One rule for every file the command line names: missing, it is a mistake in the command
/// line (status 2), told on one line that names the file.
#[test]
fn a_missing_file_is_a_command_line_mistake_everywhere() {
    let missing = "/nonexistent/damier-missing";
    for args in [
        &["pdn", "check", missing][..],
        &["pdn", "convert", missing, "--to", "fen"][..],
        &["play", "--pdn", missing][..],
        &["puzzles", "play", "--file", missing][..],
        &[
            "puzzles",
            "generate",
            "--from",
            missing,
            "--out",
            "/tmp/x.pdn",
        ][..],
        &[
            "train",
            "--variant",
            "frisian",
            "--data",
            missing,
            "--out",
            "/tmp/x.weights",
        ][..],
        &["analyze", "--eval", missing, "--depth", "1"][..],
        &["analyze", "--egdb", missing, "--depth", "1"][..],
        &["match", "--openings", missing, "--games", "2"][..],
    ] {
        let out = damier(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(missing), "{args:?}: {err}");
    }
}
