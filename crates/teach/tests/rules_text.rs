//! The rules text follows the rules data: every variant's guide says what its rules say, a
//! rule changed in the data changes the text, and every example position is one where the
//! rules core allows exactly the moves the example's answer gives.

use damier_core::rules::{
    CaptureChoice, KingLanding, KingRange, ManCapture, MidCapturePromotion, Removal,
};
use damier_core::{Rules, Variant};
use damier_game::{draw_rules, Board};
use damier_teach::guide::guide_for;
use damier_teach::{compare, examples, guide, summary, words};

fn text(rules: &Rules) -> String {
    guide_for(rules)
        .sections
        .iter()
        .flat_map(|s| s.paragraphs.iter().cloned())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_guide_says_what_its_rules_say() {
    for variant in Variant::all().chain(Variant::all().map(|v| Variant::giveaway(v.base))) {
        let rules = variant.rules();
        let t = text(rules);
        let has = |phrase: &str| assert!(t.contains(phrase), "{variant}: no '{phrase}' in\n{t}");
        has(&format!("Each side has {} men", rules.men));
        has(&format!("{} moves first", words::color_name(rules.first)));
        has(&format!(
            "{}x{} squares",
            rules.board.size(),
            rules.board.size()
        ));
        match rules.man_capture {
            ManCapture::Forward => has("captures forward only"),
            ManCapture::ForwardBackward => has("captures forward and backward"),
            ManCapture::AllEight => has("all eight directions"),
            ManCapture::OrthogonalForwardSideways => has("straight forward or sideways"),
        }
        assert_eq!(
            t.contains("may not capture a king"),
            !rules.man_takes_king,
            "{variant}"
        );
        match rules.king {
            KingRange::Short => has("one square at a time"),
            KingRange::Flying => has("A king flies"),
        }
        if rules.king == KingRange::Flying {
            match rules.king_landing {
                KingLanding::Any => has("any empty square beyond"),
                KingLanding::MustContinue => has("from which it can capture again"),
                KingLanding::DirectlyBehind => has("directly beyond"),
            }
        }
        match rules.choice {
            CaptureChoice::Free => has("may choose any"),
            CaptureChoice::Majority => has("most pieces must be chosen (kings and men"),
            CaptureChoice::Italian => has("then the one that meets a king earliest"),
            CaptureChoice::MajorityThenKings => has("on a tie, the one that takes the most kings"),
            CaptureChoice::KingFirst => has("a king must capture"),
            CaptureChoice::FrisianValue => has("highest value"),
        }
        match rules.removal {
            Removal::AtEnd => has("removed when the move is over"),
            Removal::Immediate => has("leave the board at once"),
        }
        match rules.promotion {
            MidCapturePromotion::Stop => has("crowned and the move ends there"),
            MidCapturePromotion::ContinueAsKing => has("goes on capturing as a king"),
            MidCapturePromotion::PassThrough => has("goes on capturing as a man"),
        }
        assert_eq!(t.contains("three moves in a row"), rules.king_move_limit);
        assert_eq!(t.contains("not turn straight back"), rules.no_reversal);
        assert_eq!(t.contains("giveaway form"), variant.giveaway, "{variant}");
        for rule in draw_rules(variant) {
            has(rule.describe());
        }
        if let Some(game_type) = rules.game_type {
            has(game_type);
        }
        has(&format!("'{}' for a capture", rules.capture_separator));
        assert_eq!(guide(variant).summary, summary(variant));
    }
}

#[test]
fn a_rule_changed_in_the_data_changes_the_text() {
    let base: Rules = "international".parse::<Variant>().unwrap().rules().clone();
    type Change = Box<dyn Fn(&mut Rules)>;
    let changes: Vec<(&str, Change)> = vec![
        ("men", Box::new(|r: &mut Rules| r.men = 15)),
        (
            "man capture",
            Box::new(|r: &mut Rules| r.man_capture = ManCapture::Forward),
        ),
        (
            "men take kings",
            Box::new(|r: &mut Rules| r.man_takes_king = false),
        ),
        ("king", Box::new(|r: &mut Rules| r.king = KingRange::Short)),
        (
            "landing",
            Box::new(|r: &mut Rules| r.king_landing = KingLanding::DirectlyBehind),
        ),
        (
            "choice",
            Box::new(|r: &mut Rules| r.choice = CaptureChoice::Free),
        ),
        (
            "removal",
            Box::new(|r: &mut Rules| r.removal = Removal::Immediate),
        ),
        ("reversal", Box::new(|r: &mut Rules| r.no_reversal = true)),
        (
            "king limit",
            Box::new(|r: &mut Rules| r.king_move_limit = true),
        ),
        (
            "promotion",
            Box::new(|r: &mut Rules| r.promotion = MidCapturePromotion::ContinueAsKing),
        ),
        ("mirrored", Box::new(|r: &mut Rules| r.mirrored = true)),
        (
            "separator",
            Box::new(|r: &mut Rules| r.capture_separator = ':'),
        ),
    ];
    let before = text(&base);
    let summary_before = guide_for(&base).summary;
    for (name, change) in changes {
        let mut changed = base.clone();
        change(&mut changed);
        assert_ne!(
            text(&changed),
            before,
            "changing {name} left the text as it was"
        );
    }
    let mut fewer = base.clone();
    fewer.man_takes_king = false;
    assert_ne!(guide_for(&fewer).summary, summary_before);
}

#[test]
fn every_example_allows_exactly_its_answers() {
    for variant in Variant::all().chain(Variant::all().map(|v| Variant::giveaway(v.base))) {
        let rules = variant.rules();
        let found = examples(variant);
        let titles: Vec<&str> = found.iter().map(|e| e.title).collect();
        // The examples every variant's rules call for were all found.
        let mut expected = vec!["Capturing is compulsory", "A man on the far row is crowned"];
        if matches!(
            rules.man_capture,
            ManCapture::ForwardBackward | ManCapture::AllEight
        ) {
            expected.push("Men capture backward");
        }
        if !rules.man_takes_king {
            expected.push("A man may not capture a king");
        }
        if rules.promotion == MidCapturePromotion::ContinueAsKing {
            expected.push("Crowned in the middle of a capture");
        }
        // A Breakthrough king has won the game as it was crowned: it never moves.
        if rules.king == KingRange::Flying && !rules.crowning_wins {
            expected.push("A king flies");
        }
        if rules.king_landing == KingLanding::DirectlyBehind {
            expected.push("A king lands directly behind");
        }
        match rules.choice {
            CaptureChoice::Free => {}
            CaptureChoice::KingFirst => expected.push("The king captures first"),
            CaptureChoice::FrisianValue => expected.push("Take the highest value"),
            _ => expected.push("Take the most pieces"),
        }
        let mut sorted = titles.clone();
        sorted.sort();
        expected.sort();
        assert_eq!(sorted, expected, "{variant}");
        for e in &found {
            let board = Board::from_fen(variant, &e.fen).unwrap();
            assert!(!e.answers.is_empty(), "{variant} {}", e.title);
            for answer in &e.answers {
                let mv = board
                    .parse_move(answer)
                    .unwrap_or_else(|err| panic!("{variant} {}: {answer}: {err}", e.title));
                if e.title == "A man on the far row is crowned" {
                    assert!(mv.promotes && !mv.is_capture(), "{variant}: {answer}");
                }
            }
            // Where the rule forces the move, every legal move is an answer.
            let legal: Vec<String> = board.legal_moves().iter().map(|m| board.short(m)).collect();
            if e.title != "A man on the far row is crowned" {
                let mut legal = legal.clone();
                legal.sort();
                legal.dedup();
                assert_eq!(legal, e.answers, "{variant} {}", e.title);
            }
        }
    }
}

#[test]
fn the_comparison_has_one_column_per_variant() {
    let variants: Vec<Variant> = ["english", "russian", "turkish"]
        .iter()
        .map(|v| v.parse().unwrap())
        .collect();
    let table = compare(&variants);
    assert_eq!(table.variants, variants);
    for (name, cells) in &table.rows {
        assert_eq!(cells.len(), 3, "{name}");
    }
    let row = |name: &str| {
        table
            .rows
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| c.clone())
            .unwrap()
    };
    assert_eq!(row("first move"), ["Black", "White", "White"]);
    assert_eq!(row("kings")[0], "short (one square)");
    assert_eq!(row("captured pieces go")[2], "at once");
    assert_eq!(
        row("automatic draws")[1],
        draw_rules(variants[1]).len().to_string()
    );
}

/// docs/rules.md is `damier rules --markdown` as it stands: a change of the rules or of their
/// wording that was not written out again fails here.
#[test]
fn docs_rules_md_is_the_generated_text() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let committed = std::fs::read_to_string(&path).expect("docs/rules.md is in the repository");
    let generated = format!("{}\n", damier_teach::rules_markdown().trim_end());
    assert!(
        committed == generated,
        "docs/rules.md is out of date: run `cargo run --release -- rules --markdown > docs/rules.md`"
    );
}
