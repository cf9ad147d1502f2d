//! The fuzzers' kept inputs, replayed through the same checks on every test run: the
//! minimised corpus of each target (`fuzz/corpus/<target>/`) and the inputs that once made
//! one fail (`fuzz/regressions/<target>/`). How the fuzzers run: docs/fuzzing.md.

#[path = "../../../../fuzz/checks.rs"]
mod checks;

use std::path::PathBuf;

/// Every kept input of `target`, with its file name.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut all = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(kind).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            all.push((path, bytes));
        }
    }
    all.sort();
    all
}

fn replay(target: &str, check: impl Fn(&[u8])) {
    let inputs = inputs(target);
    assert!(
        inputs.len() >= 10,
        "{target}: only {} kept inputs",
        inputs.len()
    );
    for (path, bytes) in &inputs {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(bytes)));
        assert!(outcome.is_ok(), "{target}: {} fails", path.display());
    }
}

#[test]
fn fen_inputs() {
    replay("fen", checks::fen);
}

#[test]
fn move_text_inputs() {
    replay("move_text", checks::move_text);
}

#[test]
fn pdn_inputs() {
    replay("pdn", checks::pdn);
}

#[test]
fn hub_line_inputs() {
    replay("hub_lines", checks::hub_lines);
}

#[test]
fn dxp_inputs() {
    replay("dxp", checks::dxp);
}

#[test]
fn api_body_inputs() {
    let (router, runtime) = checks::api_server();
    replay("api_body", |data| checks::api_body(&router, &runtime, data));
}
