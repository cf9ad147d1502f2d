//! Running the `damier` binary from a test: its output, success, or the one line of a refusal.

#![allow(dead_code)] // each test module uses a part

use std::process::{Command, Output, Stdio};

/// Run `damier` with `args` and no input. `DAMIER_EGDB` is removed, so that databases installed
/// on the machine never change what a test sees.
pub fn damier(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(args)
        .env_remove("DAMIER_EGDB")
        .stdin(Stdio::null())
        .output()
        .expect("damier runs")
}

/// Run `damier` with `args`, `input` on its standard input and the environment variables
/// `envs` (`DAMIER_EGDB` removed unless given), to its end.
pub fn damier_fed(args: &[&str], input: &str, envs: &[(&str, &std::path::Path)]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(args)
        .env_remove("DAMIER_EGDB")
        .envs(envs.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("damier runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let out = damier(args);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// What a command printed, which must be UTF-8.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

pub fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

pub fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

/// The error of a run refused as a mistake in what was typed: status 2 (as clap's own checks
/// give) and exactly one line.
pub fn usage_error(args: &[&str]) -> String {
    let out = damier(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}

/// The error of a run that must fail with exactly one line.
pub fn fails(args: &[&str]) -> String {
    let out = damier(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}
