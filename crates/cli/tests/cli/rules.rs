//! `damier rules`: the list, one variant's rules with examples, the comparison table, the
//! ballots, and bad input answered with one line.

use crate::common::{fails, ok};

#[test]
fn lists_every_variant_with_what_sets_it_apart() {
    let list = ok(&["rules"]);
    assert_eq!(
        list.lines().filter(|l| l.contains(" men each")).count(),
        34,
        "{list}"
    );
    let line = |id: &str| {
        list.lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("no line for {id}"))
            .to_string()
    };
    assert!(line("english").contains("kings short"));
    assert!(line("thai").contains("land directly behind"));
    assert!(line("italian").contains("men cannot take kings"));
    assert!(line("russian-giveaway").contains("giveaway"));
    assert!(line("frysk").contains("5 men each"));
    assert!(line("breakthrough").contains("the first one crowned wins"));
}

#[test]
fn explains_one_variant_with_examples() {
    let text = ok(&["rules", "frisian"]);
    for heading in [
        "Board and pieces",
        "Men",
        "Kings",
        "Capturing",
        "End of the game",
        "Notation",
    ] {
        assert!(text.lines().any(|l| l == heading), "{heading}: {text}");
    }
    assert!(text.contains("all eight directions"), "{text}");
    assert!(text.contains("three moves in a row"), "{text}");
    assert!(text.contains("Take the highest value"), "{text}");
    // The start position is drawn, and each example has a board, its FEN and its answer.
    assert!(text.contains("b   b   b"), "{text}");
    assert!(text.contains("answer"), "{text}");
    let short = ok(&["rules", "english", "--no-examples"]);
    assert!(!short.contains("Examples"), "{short}");
    assert!(short.contains("Black moves first"), "{short}");
}

#[test]
fn compares_variants_side_by_side() {
    let table = ok(&["rules", "--compare", "english,russian,international"]);
    let header = table.lines().next().unwrap();
    for v in ["english", "russian", "international"] {
        assert!(header.contains(v), "{table}");
    }
    let kings = table.lines().find(|l| l.starts_with("kings")).unwrap();
    assert!(
        kings.contains("short (one square)") && kings.contains("flying"),
        "{table}"
    );
}

#[test]
fn lists_the_ballots() {
    let text = ok(&["rules", "english", "--ballots"]);
    assert!(text.contains("Two-move ballots: 47 in play"), "{text}");
    assert!(
        text.contains("Three-move ballots (ACF numbering): 156 in play"),
        "{text}"
    );
    assert_eq!(text.matches("(barred)").count(), 18, "{text}");
}

#[test]
fn bad_input_gets_one_line() {
    assert!(fails(&["rules", "klingon"]).contains("klingon"));
    assert!(fails(&["rules", "--compare", "english"]).contains("at least two"));
    assert!(fails(&["rules", "--compare", "english,klingon"]).contains("klingon"));
    assert!(fails(&["rules", "russian", "--ballots"]).contains("ballots"));
}
