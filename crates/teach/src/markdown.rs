//! Every variant's rules as one Markdown document (docs/rules.md, written by `damier rules
//! --markdown`): the variants at a glance, then each in full with its start position and
//! examples, then what the giveaway forms change. Written from the same [`guide`],
//! [`examples`] and [`compare`] as the terminal's text, so the file says what the program plays.

use crate::{compare, examples, guide};
use damier_core::{Base, Variant};
use damier_game::diagram::board_text;
use damier_game::Board;
use std::fmt::Write;

/// The whole document.
pub fn rules_markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "# The rules of every variant\n\n\
         The rules as Damier plays them, written by `damier rules --markdown` from the rules data \
         the program itself plays by; a test fails when this file and the program disagree, so do \
         not edit it by hand. In the terminal, `damier rules VARIANT` shows one variant and \
         `damier rules --compare a,b,c` sets variants side by side. Diagrams are drawn as White \
         sees the board: `w` and `b` are men, `W` and `B` kings, `.` an empty playing square; the \
         numbers on the right are the squares of each row.\n\n",
    );
    glance(&mut out);
    for base in Base::ALL {
        variant_in_full(&mut out, Variant::new(base));
    }
    giveaway_forms(&mut out);
    out
}

/// One row a variant, one column a rule.
fn glance(out: &mut String) {
    let bases: Vec<Variant> = Base::ALL.into_iter().map(Variant::new).collect();
    let table = compare(&bases);
    out.push_str("## At a glance\n\n| variant |");
    for (label, _) in &table.rows {
        let _ = write!(out, " {label} |");
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(table.rows.len()));
    out.push('\n');
    for (j, variant) in bases.iter().enumerate() {
        let _ = write!(out, "| [{variant}](#{variant}) |");
        for (_, cells) in &table.rows {
            let _ = write!(out, " {} |", cells[j]);
        }
        out.push('\n');
    }
    out.push_str(
        "\nEvery variant also has a giveaway form, `<variant>-giveaway`: the same moves, and a \
         player who cannot move wins ([the giveaway forms](#the-giveaway-forms)).\n",
    );
}

fn variant_in_full(out: &mut String, variant: Variant) {
    let g = guide(variant);
    let _ = write!(out, "\n## {variant}\n\n{}.\n", g.summary);
    for (i, section) in g.sections.iter().enumerate() {
        let _ = write!(out, "\n### {}\n\n", section.title);
        for p in &section.paragraphs {
            let _ = writeln!(out, "{p}\n");
        }
        if i == 0 {
            diagram(out, &Board::start(variant));
        }
    }
    let found = examples(variant);
    if found.is_empty() {
        return;
    }
    out.push_str("\n### Examples (White to move)\n");
    for (i, example) in found.iter().enumerate() {
        let _ = write!(
            out,
            "\n{}. **{}.** {}\n\n",
            i + 1,
            example.title,
            example.task
        );
        // Examples are found by the rules core itself, so their positions always read back.
        if let Ok(board) = Board::from_fen(variant, &example.fen) {
            diagram(out, &board);
        }
        let _ = writeln!(out, "   `{}` — {}", example.fen, example.answers_text());
    }
}

/// The section of each giveaway form that differs from its base: how the game ends.
fn giveaway_forms(out: &mut String) {
    out.push_str(
        "\n## The giveaway forms\n\n\
         Each variant's giveaway (losing) form plays the same moves with the aim reversed. How \
         each one ends:\n",
    );
    for base in Base::ALL {
        let variant = Variant::giveaway(base);
        let g = guide(variant);
        let _ = write!(out, "\n### {variant}\n\n");
        let ending = g
            .sections
            .iter()
            .filter(|s| s.title == "End of the game")
            .flat_map(|s| &s.paragraphs);
        for p in ending {
            let _ = writeln!(out, "{p}\n");
        }
    }
}

fn diagram(out: &mut String, board: &Board) {
    let _ = write!(out, "```text\n{}```\n", board_text(board));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_its_section_and_every_link_a_target() {
        let text = rules_markdown();
        for variant in Variant::all() {
            assert!(text.contains(&format!("\n## {variant}\n")) || variant.giveaway);
            assert!(text.contains(&format!("\n### {variant}\n")) || !variant.giveaway);
        }
        // Headings become anchors as GitHub spells them: lower case, spaces as hyphens.
        let anchors: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("## "))
            .map(|h| h.to_lowercase().replace(' ', "-"))
            .collect();
        for link in text.split("](#").skip(1) {
            let target = &link[..link.find(')').unwrap()];
            assert!(
                anchors.iter().any(|a| a == target),
                "no heading for #{target}"
            );
        }
        // Every fenced diagram is closed.
        assert_eq!(text.matches("```").count() % 2, 0);
    }
}
