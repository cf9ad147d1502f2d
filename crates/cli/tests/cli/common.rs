//! Running the `damier` binary from a test: its output, success, or the one line of a refusal.

#![allow(dead_code)] // each test module uses a part

use std::process::{Command, Output, Stdio};

/// Run `damier` with `args` and no input.
pub fn damier(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("damier runs")
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let out = damier(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The error of a run that must fail with exactly one line.
pub fn fails(args: &[&str]) -> String {
    let out = damier(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}
