//! The sentences a game says: results with their reasons, the engine's thinking, where the
//! pieces stand. Both views use them, so a player reads the same words in each.

use damier_core::{BitSet, Color};
use damier_engine::{Score, SearchInfo};
use damier_game::{AnyMove, Board, DrawRule, GameResult, Outcome, Reason};

/// "white", "black" with a capital for the start of a sentence.
pub fn title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Who won and why, in one sentence: "white wins: black has no pieces left".
///
/// `final_board` is the position the game ended in (to tell a side with no pieces from a
/// blocked one); `giveaway` reverses who wins when a side cannot move.
pub fn result_text(result: &GameResult, final_board: &Board) -> String {
    let why = match result.reason {
        Reason::NoLegalMove => {
            let stuck = final_board.side();
            let how = if final_board.pieces(stuck) == 0 {
                "has no pieces left"
            } else {
                "cannot move"
            };
            if final_board.variant().giveaway {
                format!("{} {how}, and in giveaway that wins", stuck.name())
            } else {
                format!("{} {how}", stuck.name())
            }
        }
        Reason::Resignation => format!("{} resigned", loser(result)),
        Reason::Time => format!("{} ran out of time", loser(result)),
        Reason::ForfeitedTurns => {
            format!("{} lost three turns in a row on time", loser(result))
        }
        Reason::Agreement => "agreed by both players".into(),
        Reason::Rule(rule) => draw_rule_text(rule),
        Reason::Recorded => "as recorded".into(),
    };
    let who = match result.outcome {
        Outcome::Win(w) => format!("{} wins", w.name()),
        Outcome::Draw => "draw".into(),
    };
    format!("{who}: {why} ({})", result.outcome.pdn())
}

fn loser(result: &GameResult) -> &'static str {
    result
        .outcome
        .winner()
        .map(|w| w.opponent().name())
        .unwrap_or("a player")
}

/// The draw rule, named as RULES.md §3 states it.
pub fn draw_rule_text(rule: DrawRule) -> String {
    rule.describe().to_string()
}

/// A line of moves in the variant's notation, played out from `board`.
pub fn line_text(board: &Board, line: &[AnyMove]) -> String {
    let mut b = *board;
    let mut words = Vec::with_capacity(line.len());
    for mv in line {
        words.push(b.short(mv));
        b = b.play_unchecked(mv);
    }
    words.join(" ")
}

/// A score for people: `+0.35 for black`, `black wins in 7` (plies).
pub fn score_text(score: Score, side: Color) -> String {
    match score.plies_to_end() {
        Some(n) if score.0 > 0 => format!("{} wins in {n}", side.name()),
        Some(n) => format!("{} wins in {n}", side.opponent().name()),
        None => format!("{:+.2} for {}", score.men(), side.name()),
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
            score: score_text(info.score, board.side()),
            nodes: info.nodes,
            line: line_text(board, &info.pv),
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
