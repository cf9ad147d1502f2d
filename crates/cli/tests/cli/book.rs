//! `damier book` as a user runs it: a book grown, grown on after a stop, read by `info`,
//! `probe`, `export`, and played from by `analyze`; a book of another variant or a damaged one
//! refused in one line.

use crate::common::{damier, fails, ok, stderr, usage_error};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("damier-book-{name}-{}.book", std::process::id()))
}

fn build(path: &str, positions: &str) -> String {
    ok(&[
        "book",
        "build",
        "-v",
        "russian",
        "--out",
        path,
        "--positions",
        positions,
        "--depth",
        "3",
        "--lines",
        "3",
    ])
}

#[test]
fn a_book_grows_on_and_every_command_reads_it() {
    let file = scratch("grown");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    let first = build(path, "6");
    assert!(first.contains(": 6 positions (6 new"), "{first}");
    let second = build(path, "10");
    assert!(second.contains(": 10 positions (4 new"), "{second}");

    let info = ok(&["book", "info", "-v", "russian", "--book", path]);
    assert!(
        info.contains("positions: 10 (from 1 start positions)"),
        "{info}"
    );
    assert!(info.contains("grown:     depth 3, 3 lines"), "{info}");
    assert!(info.contains("main line: "), "{info}");

    let probe = ok(&["book", "probe", "-v", "russian", "--book", path]);
    assert_eq!(probe.lines().count(), 3, "{probe}");
    let not_in = ok(&[
        "book",
        "probe",
        "-v",
        "russian",
        "--book",
        path,
        "--fen",
        "W:WK1:BK32",
    ]);
    assert_eq!(not_in.trim(), "not in the book");

    let export = ok(&["book", "export", "-v", "russian", "--book", path]);
    assert_eq!(export.lines().count(), 10, "{export}");
    assert!(
        export.lines().all(|l| l.split('\t').count() >= 2),
        "{export}"
    );

    let analysis = ok(&["analyze", "-v", "russian", "--depth", "4", "--book", path]);
    assert!(analysis.starts_with("book moves: "), "{analysis}");
    assert!(analysis.contains("book move"), "{analysis}");
    let searched = ok(&["analyze", "-v", "russian", "--depth", "4", "--book", "none"]);
    assert!(!searched.contains("book"), "{searched}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_book_of_another_variant_or_a_damaged_one_is_refused_in_one_line() {
    let file = scratch("refused");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    build(path, "3");
    let err = usage_error(&["analyze", "-v", "brazilian", "--depth", "2", "--book", path]);
    assert!(
        err.contains("the book is for russian, not brazilian"),
        "{err}"
    );
    let err = fails(&[
        "match",
        "-v",
        "brazilian",
        "--first",
        &format!("damier:depth=1,book={path}"),
        "--second",
        "damier:depth=1",
        "-n",
        "2",
    ]);
    assert!(
        err.contains("book: the book is for russian, not brazilian"),
        "{err}"
    );

    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 0x10;
    std::fs::write(&file, &bytes).unwrap();
    let err = usage_error(&["book", "info", "-v", "russian", "--book", path]);
    assert!(err.contains("damaged"), "{err}");
    let err = usage_error(&["book", "info", "--book", "Cargo.toml"]);
    assert!(err.contains("not a Damier opening book"), "{err}");
    let _ = std::fs::remove_file(&file);

    let err = usage_error(&["book", "build", "-v", "russian", "--depth", "0"]);
    assert_eq!(
        err.trim(),
        "damier: --depth must be between 1 and 100, got 0"
    );
    let err = usage_error(&["book", "build", "-v", "russian", "--lines", "0"]);
    assert!(
        err.contains("--lines must be between 1 and 64, got 0"),
        "{err}"
    );

    let out = damier(&["book", "info", "-v", "turkish"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("no book is compiled in for turkish"),
        "{}",
        stderr(&out)
    );
}
