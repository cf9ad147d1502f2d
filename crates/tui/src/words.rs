//! The sentences a game says: results with their reasons, the engine's thinking, where the
//! pieces stand. Both views use them, so a player reads the same words in each.

use damier_core::{BitSet, Color, Variant};
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
        None => format!("{} for {}", damier_game::men_text(score.0), side.name()),
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
            .filter(|&s| set.contains(s))
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

/// A move and, where one comes within a few moves, a capture, to show how `variant` writes
/// moves (`31-27 or 27x18`, `a3-b4 or b4:d6`). They are played from the start position, so
/// they are legal there and give nothing away about a position being played or solved.
pub fn example_moves(variant: Variant) -> Vec<String> {
    let start = Board::start(variant);
    let first = start.legal_moves();
    // A capture by the first mover after one reply, or after three where the men start
    // further apart (Thai).
    for replies in [1, 3] {
        for m in &first {
            if let Some(capture) = capture_after(&start.play_unchecked(m), replies) {
                return vec![start.short(m), capture];
            }
        }
    }
    first.first().map(|m| start.short(m)).into_iter().collect()
}

/// The first capture due after exactly `plies` moves from `board`, in short form.
fn capture_after(board: &Board, plies: u32) -> Option<String> {
    let moves = board.legal_moves();
    if plies == 0 {
        return moves
            .first()
            .filter(|_| board.must_capture())
            .map(|m| board.short(m));
    }
    moves
        .iter()
        .find_map(|m| capture_after(&board.play_unchecked(m), plies - 1))
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

    /// Every variant's examples are in its own notation: moves of its start position (the
    /// capture one reply later, Thai's three).
    #[test]
    fn example_moves_are_in_the_variants_notation() {
        let all: Vec<(String, Vec<String>)> = Variant::all()
            .map(|v| (v.to_string(), example_moves(v)))
            .collect();
        let of = |name: &str| {
            all.iter()
                .find(|(v, _)| v == name)
                .map(|(_, e)| e.join(" or "))
                .unwrap()
        };
        assert_eq!(of("international"), "31-27 or 27x18");
        assert_eq!(of("russian"), "a3-b4 or b4:d6");
        assert_eq!(of("turkish"), "a3-a4 or a4xa8");
        // Black moves first in English and Thai.
        assert_eq!(of("english"), "9-13 or 13x22");
        assert_eq!(of("thai"), "27-24 or 20x11");
        // Frysk!'s men start nine rows apart: no capture comes within four moves.
        assert_eq!(of("frysk"), "46-41");
        for (variant, examples) in &all {
            let expected = if variant.starts_with("frysk") { 1 } else { 2 };
            assert_eq!(examples.len(), expected, "{variant}: {examples:?}");
            let start = Board::start(variant.parse().unwrap());
            let quiet = start.parse_move(&examples[0]).unwrap();
            assert!(!start.must_capture(), "{variant}");
            assert_eq!(start.short(&quiet), examples[0], "{variant}");
        }
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
