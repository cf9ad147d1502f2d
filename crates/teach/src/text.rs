//! The rules as terminal text (`damier rules`): one line a variant, one variant in full
//! wrapped to a width with its start position and examples, and the comparison as a table.

use crate::{examples, guide, summary, Comparison};
use damier_core::Variant;
use damier_game::diagram::board_text;
use damier_game::Board;
use std::fmt::{self, Write};

/// Every variant on a line of its own: its id and what sets it apart.
pub fn variants_list() -> String {
    Variant::all()
        .map(|v| format!("{:<22} {}\n", v.to_string(), summary(v)))
        .collect()
}

/// One variant's rules in full, each paragraph wrapped to `width` columns: its sections,
/// the start position after the first, then (with `with_examples`) the examples, each with
/// its board, FEN and answers.
pub fn rules_text(variant: Variant, width: usize, with_examples: bool) -> String {
    let g = guide(variant);
    let mut out = format!("{variant}: {}\n", g.summary);
    for (i, section) in g.sections.iter().enumerate() {
        let _ = writeln!(out, "\n{}", section.title);
        for p in &section.paragraphs {
            let _ = writeln!(out, "{}", wrap(p, width, "  "));
        }
        if i == 0 {
            let _ = writeln!(out, "\n{}", indented(&Board::start(variant), "  "));
        }
    }
    let found = if with_examples {
        examples(variant)
    } else {
        Vec::new()
    };
    if !found.is_empty() {
        out.push_str("\nExamples (White to move)\n");
    }
    for (i, example) in found.iter().enumerate() {
        let _ = writeln!(out, "\n  {}. {}", i + 1, example.title);
        let _ = writeln!(out, "{}", wrap(&example.task, width, "     "));
        // Every example is a legal position (the examples' tests read each one).
        if let Ok(board) = Board::from_fen(variant, &example.fen) {
            let _ = writeln!(out, "{}", indented(&board, "     "));
        }
        let _ = writeln!(out, "     {}", example.fen);
        let _ = writeln!(out, "     {}", example.answers_text());
    }
    out
}

fn wrap(text: &str, width: usize, indent: &str) -> String {
    let options = textwrap::Options::new(width)
        .initial_indent(indent)
        .subsequent_indent(indent);
    textwrap::fill(text, options)
}

fn indented(board: &Board, indent: &str) -> String {
    board_text(board)
        .lines()
        .map(|l| format!("{indent}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

impl fmt::Display for Comparison {
    /// A text table: a header of variants, a rule under it, then a row a rule, each column
    /// as wide as its widest cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.variants.iter().map(|v| v.to_string()).collect();
        let label_width = self.rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        let widths: Vec<usize> = names
            .iter()
            .enumerate()
            .map(|(j, name)| {
                self.rows
                    .iter()
                    .map(|(_, cells)| cells[j].chars().count())
                    .chain([name.len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |label: &str, cells: &[String]| {
            let mut s = format!("{label:<label_width$}");
            for (cell, w) in cells.iter().zip(&widths) {
                s += &format!(" | {cell:<w$}");
            }
            s.trim_end().to_string()
        };
        writeln!(f, "{}", line("", &names))?;
        let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
        let rule = line(&"-".repeat(label_width), &rule)
            .replace(' ', "-")
            .replace("-|-", "-+-");
        write!(f, "{rule}")?;
        for (label, cells) in &self.rows {
            write!(f, "\n{}", line(label, cells))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare;

    #[test]
    fn the_table_lines_up_every_column() {
        let variants: Vec<Variant> = ["english", "russian", "international"]
            .map(|v| v.parse().unwrap())
            .into();
        let table = compare(&variants).to_string();
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].trim_start().starts_with("| english"), "{table}");
        assert!(lines[1].chars().all(|c| c == '-' || c == '+'), "{table}");
        // Every separator of every row sits where the header's does.
        let bars = |l: &str| -> Vec<usize> {
            l.chars()
                .enumerate()
                .filter(|&(_, c)| c == '|' || c == '+')
                .map(|(i, _)| i)
                .collect()
        };
        for l in &lines[1..] {
            assert_eq!(bars(l), bars(lines[0]), "{table}");
        }
        assert_eq!(lines.len(), 2 + compare(&variants).rows.len());
    }

    #[test]
    fn a_variant_in_full_has_its_sections_board_and_examples_within_the_width() {
        let english: Variant = "english".parse().unwrap();
        let full = rules_text(english, 60, true);
        assert!(full.starts_with("english: "), "{full}");
        assert!(full.contains("\nExamples (White to move)\n"), "{full}");
        for section in guide(english).sections {
            assert!(
                full.contains(&format!("\n{}\n", section.title)),
                "{}",
                section.title
            );
        }
        let short = rules_text(english, 60, false);
        assert!(!short.contains("Examples"), "{short}");
        assert!(full.starts_with(&short));
        // Paragraphs are wrapped to the width (the summary line is not; a board's rows are
        // narrower).
        assert!(
            short.lines().skip(1).all(|l| l.chars().count() <= 60),
            "{short}"
        );
        assert_eq!(
            variants_list().lines().count(),
            Variant::all().count(),
            "one line a variant"
        );
    }
}
