//! What a search says of one line, in the form clients show and send it: the moves in words,
//! the score from both sides' view, and the counts. One serialisable type for every caller
//! (the command line's `analyze --json`, the web server's analysis events), so that the same
//! report never reads two ways.

use crate::search::SearchInfo;
use damier_core::Color;
use damier_game::Board;
use serde::Serialize;

/// One line of a search's report, ready to print or send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineReport {
    /// Which line this is, 1 for the best.
    pub multipv: usize,
    /// Depth of the completed iteration (0 for a book move).
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Whether this is the opening book's move and value rather than a search's.
    pub book: bool,
    /// The score for the side to move, in hundredths of a man (see [`crate::Score`]).
    pub score: i32,
    /// That score in words: `+0.35`, or a win or loss in so many plies.
    pub score_text: String,
    /// The same score for White.
    pub white: i32,
    /// White's score in words.
    pub text: String,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The line, one move a word in short form; it stops at a move that is not legal
    /// where it stands.
    pub pv: Vec<String>,
    /// The endgame databases' value of the position, when they hold it.
    pub egdb: Option<String>,
    /// Positions the databases answered so far.
    pub egdb_hits: u64,
}

impl LineReport {
    /// The report of `info`, from a search of `board`.
    pub fn new(board: &Board, info: &SearchInfo) -> LineReport {
        LineReport::with_words(board.side(), info, board.line_words(&info.pv))
    }

    /// The report of `info`, from a search of a position with `side` to move whose line the
    /// caller has already put into words (`pv`), for a caller that plays the line out for
    /// more than its words.
    pub fn with_words(side: Color, info: &SearchInfo, pv: Vec<String>) -> LineReport {
        let white = info.score.for_white(side);
        LineReport {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            book: info.book,
            score: info.score.0,
            score_text: info.score.to_string(),
            white: white.0,
            text: white.to_string(),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
            pv,
            egdb: info.egdb.map(|v| v.to_string()),
            egdb_hits: info.egdb_hits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Score;
    use damier_core::Variant;
    use std::time::Duration;

    fn info(board: &Board, score: Score, line: &[&str]) -> SearchInfo {
        let mut b = *board;
        let pv = line
            .iter()
            .map(|m| {
                let mv = b.parse_move(m).unwrap();
                b = b.play(&mv).unwrap();
                mv
            })
            .collect();
        SearchInfo {
            multipv: 1,
            depth: 12,
            seldepth: 19,
            score,
            nodes: 123_456,
            time: Duration::from_millis(1_500),
            nps: 82_304,
            pv,
            hashfull: 0,
            egdb_hits: 0,
            egdb: None,
            book: false,
        }
    }

    #[test]
    fn scores_are_given_for_the_side_to_move_and_for_white() {
        let board = Board::from_fen(Variant::INTERNATIONAL, "B:W31-50:B1-20").unwrap();
        let searched = info(&board, Score(35), &["19-23", "32-28"]);
        let report = LineReport::new(&board, &searched);
        // A caller that has the words already gets the same report.
        let words = vec!["19-23".to_string(), "32-28".to_string()];
        assert_eq!(
            LineReport::with_words(board.side(), &searched, words),
            report
        );
        assert_eq!((report.score, report.white), (35, -35));
        assert_eq!(
            (report.score_text.as_str(), report.text.as_str()),
            ("+0.35", "-0.35")
        );
        assert_eq!(report.pv, ["19-23", "32-28"]);
        assert_eq!(report.time_ms, 1_500);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["pv"][1], "32-28");
        assert_eq!(json["egdb"], serde_json::Value::Null);
    }
}
