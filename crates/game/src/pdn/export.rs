//! A game as the converters give it besides PDN: one JSON object, or a line per move with the
//! position after it.

use super::{MainLineMove, PdnGame};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A game as one JSON object (`pdn convert --json`): its tags, variant, result, start position
/// and the moves of its main line, each with its number and the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct GameExport {
    /// The tags, by name.
    pub tags: BTreeMap<String, String>,
    /// The variant's id.
    pub variant: String,
    /// The result as PDN writes it (`1-0`, `2-0`, `*`, …).
    pub result: String,
    /// The start position in FEN.
    pub start: String,
    /// The main line.
    pub moves: Vec<MainLineMove>,
}

impl PdnGame {
    /// The game for JSON, its moves in long notation (every square of a capture) when `long`.
    pub fn export(&self, long: bool) -> GameExport {
        GameExport {
            tags: self.tags.iter().cloned().collect(),
            variant: self.variant.to_string(),
            result: self.result.text().to_string(),
            start: self.start.fen(),
            moves: self.main_line(long),
        }
    }

    /// The game as text, a line a move: a `#` line naming the players, variant and result,
    /// `start` and its FEN, then each move's number and notation, a tab, and the FEN after it.
    pub fn fen_lines(&self) -> String {
        let player = |name| self.tag(name).unwrap_or("?");
        let mut s = format!(
            "# {} - {} ({}) {}\nstart\t{}\n",
            player("White"),
            player("Black"),
            self.variant,
            self.result.text(),
            self.start.fen()
        );
        for m in self.main_line(false) {
            let _ = writeln!(s, "{} {}\t{}", m.number, m.text, m.fen);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::pdn::{self, PdnGame};
    use damier_core::Variant;

    fn game() -> PdnGame {
        let text = "[White \"Ann\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *\n";
        pdn::read(text, Variant::INTERNATIONAL)
            .remove(0)
            .expect("a sound game")
    }

    #[test]
    fn fen_lines_name_the_players_and_give_a_position_after_each_move() {
        let text = game().fen_lines();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "# Ann - ? (international) *");
        assert!(lines[1].starts_with("start\tW:W31,"), "{text}");
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[4].starts_with("2. 28x19\tB:W19,31,"), "{text}");
    }

    #[test]
    fn the_export_holds_tags_moves_and_positions() {
        let json = serde_json::to_value(game().export(false)).unwrap();
        assert_eq!(json["variant"], "international");
        assert_eq!(json["tags"]["White"], "Ann");
        assert_eq!(json["result"], "*");
        assert_eq!(json["moves"][1]["number"], "1...");
        assert_eq!(json["moves"][2]["move"], "28x19");
        assert!(json["moves"][2]["fen"]
            .as_str()
            .unwrap()
            .starts_with("B:W19,"));
    }
}
