//! What a search says of one line, in the form clients show and send it: the moves in words,
//! the score from both sides' view, and the counts. One serialisable type for every caller
//! (the command line's `analyze --json`, the web server's analysis events), so that the same
//! report never reads two ways.

use crate::search::{SearchInfo, SearchResult};
use crate::{Engine, Score};
use damier_core::Color;
use damier_game::{Board, Game, LineGain};
use serde::Serialize;
use std::fmt;

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

impl LineReport {
    /// The line as `analyze` prints it: depth, score, counts and moves in columns, `line N`
    /// beside the depth when `numbered` (a multi-line analysis); a book move on its own.
    pub fn text(&self, numbered: bool) -> String {
        let pv = self.pv.join(" ");
        if self.book {
            return format!("book move {pv}  score {}", self.score_text);
        }
        let line = if numbered {
            format!(" line {:>2}", self.multipv)
        } else {
            String::new()
        };
        let db = if self.egdb_hits > 0 {
            format!("  db {}", self.egdb_hits)
        } else {
            String::new()
        };
        format!(
            "depth {:>2}/{:<3}{line} score {:>10}  nodes {:>11}  {:>7.2} Mnps  time {:>7.2}s{db}  pv {pv}",
            self.depth,
            self.seldepth,
            self.score_text,
            self.nodes,
            self.nps as f64 / 1e6,
            self.time_ms as f64 / 1000.0,
        )
    }
}

/// What the opponent would play if the side to move passed: a search of
/// [`crate::SearchInput::threat`]'s position, in words, with the pieces the line would win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThreatReport {
    // The fields in the order of their names: the object reads as it did when built by name.
    /// What the line wins, in words, when it wins something.
    pub explain: Option<String>,
    /// Pieces the line wins and keeps (as hints and puzzles count them), 0 for none.
    pub gain: u32,
    /// Its best line, in short form.
    pub pv: String,
    /// The line's score for the threatening side, in hundredths of a man.
    pub score: i32,
    /// That score in words.
    pub score_text: String,
    /// The side that threatens (not the one to move in the game).
    pub side: &'static str,
    /// The side to move in the game, which would pass.
    #[serde(skip)]
    mover: &'static str,
}

impl ThreatReport {
    /// The report of `result`, a search of `passed` (the game's position, the other side to
    /// move).
    pub fn new(passed: &Board, result: &SearchResult) -> ThreatReport {
        let gain = match damier_game::material_gain(passed, &result.pv) {
            Some(LineGain::Material { pieces, .. }) => pieces,
            _ => 0,
        };
        ThreatReport {
            side: passed.side().name(),
            pv: passed.line_short(&result.pv),
            score: result.score.0,
            score_text: result.score.to_string(),
            gain,
            explain: damier_game::explain(passed, &result.pv),
            mover: passed.side().opponent().name(),
        }
    }
}

impl fmt::Display for ThreatReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "threat (if {} passed, {} would play): {}  score {}",
            self.mover, self.side, self.pv, self.score_text
        )?;
        if let Some(text) = &self.explain {
            write!(f, "\n  {text}")?;
        }
        Ok(())
    }
}

/// A [`ThreatReport`] as `analyze` reports it: its text, or as JSON the object
/// `{"threat": …}`, told apart from the search's lines and its best move by its one key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThreatLine {
    /// The threat.
    pub threat: ThreatReport,
}

impl fmt::Display for ThreatLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.threat.fmt(f)
    }
}

/// What a search ends on: its best move, score and depth (or that the book gave it), and
/// what the best line wins. Its `Display` is `analyze`'s closing lines; as JSON it is its last
/// object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestReport {
    // The fields in the order of their names: the object reads as it did when built by name.
    /// The best move in short form (empty when there was none).
    pub best: String,
    /// Whether the opening book gave it.
    pub book: bool,
    /// Depth of the last completed iteration.
    pub depth: i32,
    /// What the best line wins, in words, when it wins something.
    pub explain: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// The score for the side to move, in hundredths of a man.
    pub score: i32,
}

impl BestReport {
    /// The report of `result`, a search of `board`.
    pub fn new(board: &Board, result: &SearchResult) -> BestReport {
        BestReport {
            best: result.best.map(|m| board.short(&m)).unwrap_or_default(),
            book: result.book,
            depth: result.depth,
            explain: damier_game::explain(board, &result.pv),
            nodes: result.nodes,
            score: result.score.0,
        }
    }
}

impl fmt::Display for BestReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "best {}  score {}", self.best, Score(self.score))?;
        if self.book {
            f.write_str("  book move")?;
        } else {
            write!(f, "  depth {}", self.depth)?;
        }
        if let Some(text) = &self.explain {
            write!(f, "\n{text}")?;
        }
        Ok(())
    }
}

/// What is known of a position before it is searched ([`Engine::notes`]). Its `Display` is a
/// line of `analyze`; as JSON it is an object of one field named by the kind of note
/// (`{"book": [...]}`, `{"egdb": "win in 9 plies"}`, `{"over": "..."}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PositionNote {
    /// The opening book's moves, best first.
    Book(Vec<BookMoveReport>),
    /// The endgame databases' value of the position.
    Egdb(String),
    /// The game is over by a draw rule as it stands (the reason in words), though moves
    /// remain: every move scores a draw.
    Over(String),
}

/// A move of the opening book and its value, in a [`PositionNote::Book`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookMoveReport {
    /// The move in short form.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side to move, in hundredths of a man.
    pub score: i32,
}

impl fmt::Display for PositionNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionNote::Book(moves) => {
                f.write_str("book moves: ")?;
                for (i, m) in moves.iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}{} {}", m.mv, Score(m.score))?;
                }
                Ok(())
            }
            PositionNote::Egdb(value) => write!(f, "database {value}"),
            PositionNote::Over(why) => write!(
                f,
                "the game is over as it stands ({why}): every move scores a draw"
            ),
        }
    }
}

impl Engine {
    /// What the engine's book and databases know of `game`'s position, and whether a draw
    /// rule has ended the game there, in that order. A database block that cannot be read
    /// gives no note (the search goes on without it and its damage is told after).
    pub fn notes(&self, game: &Game) -> Vec<PositionNote> {
        let board = game.position();
        let mut notes = Vec::new();
        let book = self.book().book_for(game.variant());
        if let Some(moves) = book.and_then(|b| b.moves(board)) {
            let moves = moves
                .iter()
                .map(|m| BookMoveReport {
                    mv: board.short(&m.mv),
                    score: m.value,
                })
                .collect();
            notes.push(PositionNote::Book(moves));
        }
        if let Some(Ok(Some(value))) = self.egdb().map(|db| db.probe_board(board)) {
            notes.push(PositionNote::Egdb(value.to_string()));
        }
        // Without a move the game is lost, not drawn: there is no search to note it for.
        if let Some(result) = game.result().filter(|_| !board.legal_moves().is_empty()) {
            notes.push(PositionNote::Over(result.describe()));
        }
        notes
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

    #[test]
    fn a_line_reads_in_columns_and_a_book_move_alone() {
        let board = Board::from_fen(Variant::INTERNATIONAL, "B:W31-50:B1-20").unwrap();
        let mut searched = info(&board, Score(35), &["19-23", "32-28"]);
        let report = LineReport::new(&board, &searched);
        assert_eq!(
            report.text(false),
            "depth 12/19  score      +0.35  nodes      123456     0.08 Mnps  time    1.50s  pv 19-23 32-28"
        );
        searched.multipv = 2;
        searched.egdb_hits = 7;
        assert!(LineReport::new(&board, &searched)
            .text(true)
            .starts_with("depth 12/19  line  2 score"));
        assert!(LineReport::new(&board, &searched)
            .text(true)
            .contains("s  db 7  pv 19-23"));
        searched.book = true;
        assert_eq!(
            LineReport::new(&board, &searched).text(false),
            "book move 19-23 32-28  score +0.35"
        );
    }

    #[test]
    fn a_threat_names_both_sides_and_what_it_wins() {
        // White to move in the game; were it to pass, Black would take the man on 28.
        let passed = Board::from_fen(Variant::INTERNATIONAL, "B:W28,40:B23").unwrap();
        let mut b = passed;
        let pv: Vec<_> = ["23x32"]
            .iter()
            .map(|m| {
                let mv = b.parse_move(m).unwrap();
                b = b.play(&mv).unwrap();
                mv
            })
            .collect();
        let result = SearchResult {
            best: pv.first().copied(),
            ponder: None,
            score: Score(95),
            depth: 5,
            nodes: 10,
            time: Duration::from_millis(1),
            pv,
            egdb: None,
            book: false,
        };
        let threat = ThreatReport::new(&passed, &result);
        assert_eq!((threat.side, threat.gain), ("black", 1));
        let text = threat.to_string();
        assert!(
            text.starts_with("threat (if white passed, black would play): 23x32  score +0.95"),
            "{text}"
        );
        assert!(text.contains("\n  23x32 wins a piece"), "{text}");
        let json = serde_json::to_value(&threat).unwrap();
        assert_eq!(json["score_text"], "+0.95");
        assert!(json.get("mover").is_none());
    }

    #[test]
    fn the_best_move_says_its_depth_or_the_book_and_what_it_wins() {
        let board = Board::from_fen(Variant::INTERNATIONAL, "W:W28,40:B23").unwrap();
        let mv = board.parse_move("28x19").unwrap();
        let mut result = SearchResult {
            best: Some(mv),
            ponder: None,
            score: Score(95),
            depth: 5,
            nodes: 10,
            time: Duration::from_millis(1),
            pv: vec![mv],
            egdb: None,
            book: false,
        };
        let best = BestReport::new(&board, &result);
        assert_eq!(
            best.to_string(),
            "best 28x19  score +0.95  depth 5\n28x19 wins the game: 28x19"
        );
        let json = serde_json::to_string(&best).unwrap();
        assert!(
            json.starts_with(r#"{"best":"28x19","book":false,"depth":5,"explain":"#),
            "{json}"
        );
        assert!(json.ends_with(r#""nodes":10,"score":95}"#), "{json}");
        result.book = true;
        result.pv.clear();
        assert_eq!(
            BestReport::new(&board, &result).to_string(),
            "best 28x19  score +0.95  book move"
        );
    }

    #[test]
    fn notes_tell_the_book_the_databases_and_a_drawn_game() {
        let book = PositionNote::Book(vec![
            BookMoveReport {
                mv: "32-28".into(),
                score: 12,
            },
            BookMoveReport {
                mv: "33-28".into(),
                score: -5,
            },
        ]);
        assert_eq!(book.to_string(), "book moves: 32-28 +0.12, 33-28 -0.05");
        assert_eq!(
            serde_json::to_string(&book).unwrap(),
            r#"{"book":[{"move":"32-28","score":12},{"move":"33-28","score":-5}]}"#
        );
        let egdb = PositionNote::Egdb("draw".into());
        assert_eq!(egdb.to_string(), "database draw");
        assert_eq!(serde_json::to_string(&egdb).unwrap(), r#"{"egdb":"draw"}"#);
        let over = PositionNote::Over("a draw".into());
        assert_eq!(
            over.to_string(),
            "the game is over as it stands (a draw): every move scores a draw"
        );
        assert_eq!(
            serde_json::to_string(&over).unwrap(),
            r#"{"over":"a draw"}"#
        );

        let mut engine = Engine::new(crate::EngineOptions {
            threads: 1,
            hash_mb: 1,
        });
        engine.set_book(crate::BookChoice::None);
        let kings = Game::from_fen("frisian".parse().unwrap(), "W:WK46:BK5").unwrap();
        let notes = engine.notes(&kings);
        assert!(
            matches!(&notes[..], [PositionNote::Over(why)] if why.contains("one king against one king")),
            "{notes:?}"
        );
        assert!(engine.notes(&Game::new(Variant::INTERNATIONAL)).is_empty());
    }

    #[test]
    fn the_threat_is_searched_with_the_other_side_to_move() {
        let engine = Engine::new(crate::EngineOptions {
            threads: 1,
            hash_mb: 1,
        });
        let board = Board::from_fen(Variant::INTERNATIONAL, "W:W28,40:B23").unwrap();
        let threat = engine.threat(&board, &crate::Limits::depth(3), &crate::Control::new());
        assert_eq!((threat.side, threat.gain), ("black", 1));
        assert!(threat.pv.starts_with("23x32"), "{}", threat.pv);
        // As `analyze` reports it: the same text, or one object under `threat`, its keys in
        // the order of their names.
        let line = ThreatLine {
            threat: threat.clone(),
        };
        assert_eq!(line.to_string(), threat.to_string());
        assert!(line
            .to_string()
            .starts_with("threat (if white passed, black would play): 23x32"));
        let json = serde_json::to_string(&line).unwrap();
        let keys = ["explain", "gain", "pv", "score", "score_text", "side"];
        let places: Vec<usize> = keys.map(|k| json.find(&format!("\"{k}\"")).unwrap()).into();
        assert!(json.starts_with("{\"threat\":{\"explain\":"), "{json}");
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{json}");
    }
}
