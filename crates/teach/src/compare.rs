//! Variants side by side: one row per rule, one column per variant.

use crate::words;
use damier_core::Variant;
use damier_game::draw_rules;

/// A table of rules: `rows[i].1[j]` is rule `rows[i].0` in `variants[j]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The columns.
    pub variants: Vec<Variant>,
    /// Each rule's name and its value in each variant.
    pub rows: Vec<(&'static str, Vec<String>)>,
}

/// The rules of `variants` side by side.
pub fn compare(variants: &[Variant]) -> Comparison {
    type Cell = fn(Variant) -> String;
    let rows: [(&str, Cell); 13] = [
        ("board", |v| words::board_short(v.rules().board).to_string()),
        ("men each", |v| {
            let r = v.rules();
            let rows = r.start_rows.end - r.start_rows.start;
            format!("{}, {rows} row{}", r.men, if rows == 1 { "" } else { "s" })
        }),
        ("first move", |v| {
            words::color_name(v.rules().first).to_string()
        }),
        // Only a board with unused squares can be turned so that its corners change colour.
        ("mirrored board", |v| {
            if v.rules().board.is_diagonal() {
                yes_no(v.rules().mirrored)
            } else {
                "—".to_string()
            }
        }),
        ("men capture", |v| {
            words::man_capture_short(v.rules()).to_string()
        }),
        ("men take kings", |v| yes_no(v.rules().man_takes_king)),
        ("kings", |v| words::king_short(v.rules())),
        ("capture choice", |v| {
            words::choice_short(v.rules()).to_string()
        }),
        ("far row mid-capture", |v| {
            words::mid_capture_short(v.rules()).to_string()
        }),
        ("captured pieces go", |v| {
            words::removal_short(v.rules()).to_string()
        }),
        ("no move", |v| {
            if v.rules().no_move_wins() {
                "wins"
            } else {
                "loses"
            }
            .to_string()
        }),
        ("automatic draws", |v| draw_rules(v).len().to_string()),
        ("squares", |v| words::naming_short(v.rules())),
    ];
    Comparison {
        variants: variants.to_vec(),
        rows: rows
            .iter()
            .map(|&(name, cell)| (name, variants.iter().map(|&v| cell(v)).collect()))
            .collect(),
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}
