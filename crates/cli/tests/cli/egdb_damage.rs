//! A database damaged past its headers (one block of a file): the commands that read it say
//! so, naming the file.

use crate::common::{damier, ok};
use crate::egdb::{bend, build, own_root, says};

#[test]
fn verify_goes_on_past_damaged_files_and_names_each() {
    let root = own_root("verify-damage");
    let dir = root.to_str().unwrap();
    ok(&build("english", "3", dir));
    let english = root.join("english");
    bend(&english.join("K2-K1.egdb"));
    bend(&english.join("M2-M1.egdb"));
    let out = damier(&["egdb", "verify", "-v", "english", "--dir", dir]);
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    // The slices that need neither file are checked; those that do are said to be left.
    says(
        &text,
        &[
            "K1-K1: 992 positions, 0 wrong",
            "M2-K1: 11340 positions, 0 wrong",
            "K2-K1: not checked: ",
            "M2-M1: not checked: ",
            "english: 10 slices, 125312 positions checked, 0 wrong, 6 not checked",
        ],
    );
    for name in ["K2-K1.egdb", "M2-M1.egdb"] {
        let named: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("english: damaged: ") && l.contains(name))
            .collect();
        assert_eq!(named.len(), 1, "{name} once at the end:\n{text}");
    }
    says(&err, &["2 damaged files, the first ", "K2-K1.egdb"]);
    std::fs::remove_dir_all(&root).unwrap();
}
