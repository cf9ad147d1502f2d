//! `damier perft` says which capture path ran (on standard error, beside the counts), and `DAMIER_CAPTURE_PATH` forces one
//! (docs/capture-path.md); both paths count alike.

use crate::common::text;
use std::process::{Command, Output};

fn perft(path: Option<&str>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_damier"));
    cmd.arg("perft").args(args);
    match path {
        Some(p) => cmd.env("DAMIER_CAPTURE_PATH", p),
        None => cmd.env_remove("DAMIER_CAPTURE_PATH"),
    };
    cmd.output().expect("damier runs")
}

#[test]
fn perft_names_the_path_chosen_for_this_processor() {
    let out = perft(None, &["--variant", "frisian", "--depth", "3"]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).starts_with("depth  1 "),
        "only the counts on stdout"
    );
    let first = text(&out.stderr).lines().next().unwrap().to_string();
    let chosen = damier_core::capture_path::detect().name();
    assert_eq!(
        first,
        format!(
            "capture path: {chosen} ({}), chosen for this processor",
            damier_core::capture_path::detect().describe()
        )
    );
}

#[test]
fn a_forced_path_is_reported_and_counts_alike() {
    // frisian.perft, frisian-midgame: men capturing in eight directions.
    let fen = "W:W46,41,47,42,48,49,44,34,40,45,35:B6,1,7,2,8,43,3,4,10,25,15,5";
    let mut paths = vec!["shifts"];
    if damier_core::capture_path::gather_built() {
        paths.push("gather");
    }
    for path in paths {
        let out = perft(
            Some(path),
            &["-v", "frisian", "--fen", fen, "-d", "6", "--json"],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let last: serde_json::Value =
            serde_json::from_str(text(&out.stdout).lines().last().unwrap()).unwrap();
        assert_eq!(last["nodes"], 140043, "{path}");
        assert_eq!(last["capture_path"], path);
        let plain = perft(Some(path), &["-v", "frisian", "-d", "1"]);
        assert!(text(&plain.stderr).starts_with(&format!("capture path: {path} ")));
        assert!(text(&plain.stderr).contains("forced by DAMIER_CAPTURE_PATH"));
    }
}

#[test]
fn an_unknown_path_is_a_usage_error() {
    let out = perft(Some("pdep"), &["--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim(),
        "damier: reading DAMIER_CAPTURE_PATH: unknown capture path 'pdep' (expected gather or shifts)"
    );
    assert!(out.stdout.is_empty());
}
