//! The sentences a game says: results with their reasons, the engine's thinking, where the
//! pieces stand. Both views use them, so a player reads the same words in each.

use damier_core::{BitSet, Color};
use damier_egdb::Value;
use damier_engine::{Score, SearchInfo};
use damier_game::{Board, DrawRule, GameResult};

/// "white", "black" with a capital for the start of a sentence.
pub fn title(color: Color) -> &'static str {
    color.title()
}

/// Who won and why, in one sentence with the PDN result:
/// "white wins: black has no pieces left (2-0)".
pub fn result_text(result: &GameResult, final_board: &Board) -> String {
    format!(
        "{} ({})",
        result.describe_at(final_board),
        result.outcome.pdn()
    )
}

/// The draw rule, named as RULES.md §3 states it.
pub fn draw_rule_text(rule: DrawRule) -> String {
    rule.describe().to_string()
}

/// A score for people: `+0.35 for black`, `black wins in 7` (plies).
pub fn score_text(score: Score, side: Color) -> String {
    match score.plies_to_end() {
        Some(n) if score.0 > 0 => format!("{} wins in {n}", side.name()),
        Some(n) => format!("{} wins in {n}", side.opponent().name()),
        None => format!("{:+.2} for {}", score.men(), side.name()),
    }
}

/// An endgame database's verdict for `side` to move, said for people.
pub fn egdb_text(value: Value, side: Color) -> String {
    match value {
        Value::Win(n) => format!("database: {} wins in {n}", side.name()),
        Value::Loss(n) => format!("database: {} wins in {n}", side.opponent().name()),
        Value::Draw => "database: draw".to_string(),
    }
}

/// What the engine thinks after a completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkingLine {
    /// The side it thinks for.
    pub side: Color,
    /// Depth completed.
    pub depth: i32,
    /// The score, said for people.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Its best line in notation.
    pub line: String,
}

impl ThinkingLine {
    /// The line of `info` for `board`'s side to move.
    pub fn new(board: &Board, info: &SearchInfo) -> ThinkingLine {
        ThinkingLine {
            side: board.side(),
            depth: info.depth,
            score: match info.egdb {
                Some(value) => egdb_text(value, board.side()),
                None => score_text(info.score, board.side()),
            },
            nodes: info.nodes,
            line: board.line_short(&info.pv),
        }
    }

    /// One line: `depth 6, +0.12 for black: 19-23 28x19 14x23`.
    pub fn text(&self) -> String {
        format!("depth {}, {}: {}", self.depth, self.score, self.line)
    }
}

/// Where the pieces stand, in words: "white men 31, 32; white kings none; black men …".
pub fn pieces_text(board: &Board) -> String {
    let names = board.names();
    let kings = board.kings();
    let list = |set: u128| {
        let squares: Vec<String> = names
            .in_order()
            .filter(|&s| set.has(s))
            .map(|s| names.name(s))
            .collect();
        if squares.is_empty() {
            "none".to_string()
        } else {
            squares.join(", ")
        }
    };
    [Color::White, Color::Black]
        .iter()
        .map(|&c| {
            let own = board.pieces(c);
            format!(
                "{} men {}; {} kings {}",
                c.name(),
                list(own & !kings),
                c.name(),
                list(own & kings)
            )
        })
        .collect::<Vec<_>>()
        .join(". ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{Base, Variant};
    use damier_game::Reason;

    #[test]
    fn results_say_why() {
        let board = Board::from_fen(Variant::INTERNATIONAL, "B:W28:B").unwrap();
        let r = GameResult::win(Color::White, Reason::NoLegalMove);
        assert_eq!(
            result_text(&r, &board),
            "white wins: black has no pieces left (1-0)"
        );
        let giveaway = Board::from_fen(Variant::giveaway(Base::English), "B:W18:B").unwrap();
        let r = GameResult::win(Color::Black, Reason::NoLegalMove);
        assert_eq!(
            result_text(&r, &giveaway),
            "black wins: black has no pieces left, and in giveaway that wins (0-1)"
        );
        let r = GameResult::draw(Reason::Rule(DrawRule::Repetition));
        assert_eq!(
            result_text(&r, &board),
            "draw: third repetition of the position (1/2-1/2)"
        );
        let r = GameResult::win(Color::Black, Reason::Time);
        assert_eq!(
            result_text(&r, &board),
            "black wins: white ran out of time (0-1)"
        );
    }

    #[test]
    fn scores_and_pieces() {
        assert_eq!(score_text(Score(35), Color::Black), "+0.35 for black");
        assert_eq!(
            score_text(Score::loss_in(4), Color::White),
            "black wins in 4"
        );
        let board = Board::from_fen(Variant::INTERNATIONAL, "W:W31,K5:B1").unwrap();
        assert_eq!(
            pieces_text(&board),
            "white men 31; white kings 5. black men 1; black kings none"
        );
    }
}
