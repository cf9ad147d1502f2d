//! A variant's rules as a short guide: sections of plain text, each sentence chosen by the
//! rules data (see [`crate::words`]), and the one-line summary that sets it apart.

use crate::words;
use damier_core::rules::{CaptureChoice, KingLanding, MidCapturePromotion, Removal};
use damier_core::{Color, Rules, Variant};
use damier_game::{draw_rules, Board};

/// One part of a guide.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    /// Its heading.
    pub title: &'static str,
    /// Its paragraphs.
    pub paragraphs: Vec<String>,
}

/// The rules of one variant in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Guide {
    /// The variant.
    #[serde(serialize_with = "variant_id")]
    pub variant: Variant,
    /// What sets it apart, in one line.
    pub summary: String,
    /// The rules, part by part.
    pub sections: Vec<Section>,
}

/// The guide to `variant`'s rules.
pub fn guide(variant: Variant) -> Guide {
    guide_for(variant.rules())
}

/// The guide written from `rules` (any rule set: the tests change one field and see the text
/// follow).
pub fn guide_for(rules: &Rules) -> Guide {
    let variant = rules.variant;
    let start = Board::start(variant);
    let first_move = start
        .legal_moves()
        .first()
        .map(|m| start.short(m))
        .unwrap_or_default();
    let section = |title, paragraphs: Vec<String>| Section { title, paragraphs };
    let draws: Vec<&str> = draw_rules(variant).iter().map(|r| r.describe()).collect();
    let draw_text = if draws.is_empty() {
        "No draw is automatic; players may agree one.".to_string()
    } else {
        format!(
            "The game is drawn automatically by: {}. Players may also agree a draw.",
            draws.join("; ")
        )
    };
    Guide {
        variant,
        summary: summary_for(rules),
        sections: vec![
            section(
                "Board and pieces",
                vec![words::board(rules), words::setup(rules)],
            ),
            section(
                "Men",
                vec![
                    words::man_move(rules).to_string(),
                    words::man_capture(rules),
                ],
            ),
            section(
                "Kings",
                vec![words::crowning(rules).to_string(), words::king(rules)],
            ),
            section(
                "Capturing",
                vec![
                    "Capturing is compulsory. A capture goes on while the capturing piece can \
                     jump again, and the whole sequence must be played."
                        .to_string(),
                    words::choice(rules).to_string(),
                    words::removal(rules),
                    words::mid_capture(rules).to_string(),
                ],
            ),
            section("End of the game", vec![words::winning(rules), draw_text]),
            section(
                "Notation",
                vec![
                    words::naming(rules),
                    format!("From the start, one of the first moves is {first_move}."),
                ],
            ),
        ],
    }
}

/// What sets `variant` apart, in one line.
pub fn summary(variant: Variant) -> String {
    summary_for(variant.rules())
}

fn summary_for(rules: &Rules) -> String {
    let mut parts = vec![
        format!(
            "{}, {} men each",
            words::board_short(rules.board),
            rules.men
        ),
        format!("men capture {}", words::man_capture_short(rules)),
        format!("kings {}", words::king_short(rules)),
        words::choice_short(rules).to_string(),
    ];
    if rules.first == Color::Black {
        parts.push("Black starts".into());
    }
    if rules.mirrored {
        parts.push("mirrored board".into());
    }
    if !rules.man_takes_king {
        parts.push("men cannot take kings".into());
    }
    if rules.promotion == MidCapturePromotion::ContinueAsKing {
        parts.push("crowned mid-capture, goes on as a king".into());
    }
    if rules.removal == Removal::Immediate {
        parts.push("pieces removed at once".into());
    }
    if rules.no_reversal {
        parts.push("no turning back in a capture".into());
    }
    if rules.king_landing == KingLanding::DirectlyBehind && rules.choice != CaptureChoice::Free {
        parts.push("kings land behind".into());
    }
    if rules.no_move_wins() {
        parts.push("giveaway: lose every piece, or be left without a move, to win".into());
    }
    parts.join("; ")
}

fn variant_id<S: serde::Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(variant)
}
