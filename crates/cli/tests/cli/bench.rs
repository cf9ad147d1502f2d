//! `damier bench` prints the pinned fingerprint (bench::FINGERPRINT, pinned in
//! crates/engine/tests/engine/bench.rs) at its default depth, in text and in JSON, on either capture
//! path.

use damier_engine::bench;
use std::process::{Command, Stdio};

fn bench_output(args: &[&str], path: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_damier"))
        .arg("bench")
        .args(args)
        .env("DAMIER_CAPTURE_PATH", path)
        .stdin(Stdio::null())
        .output()
        .expect("damier runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn the_default_bench_prints_the_pinned_fingerprint() {
    // Text on the shifts path, JSON on the gather path where the build has it: both paths
    // checked, in two runs rather than four.
    let text = bench_output(&[], "shifts");
    assert_eq!(
        text.lines().last(),
        Some(
            format!(
                "bench fingerprint: {} nodes at depth {}",
                bench::FINGERPRINT,
                bench::DEPTH
            )
            .as_str()
        )
    );
    let path = if damier_core::capture_path::gather_built() {
        "gather"
    } else {
        "shifts"
    };
    let json = bench_output(&["--json"], path);
    let totals: serde_json::Value =
        serde_json::from_str(json.lines().last().expect("a totals line")).unwrap();
    assert_eq!(totals["fingerprint"], bench::FINGERPRINT, "{path}");
    assert_eq!(totals["total_nodes"], bench::FINGERPRINT, "{path}");
    assert_eq!(totals["depth"], bench::DEPTH, "{path}");
}
