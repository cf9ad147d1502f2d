//! A game's annotations as the page keeps them — comments, move marks and variations — and
//! their PDN: the page sends its move tree to be written with the game, and the tree of an
//! imported game goes back to the page with the game.

use crate::error::ApiError;
use damier_game::pdn::{is_move_mark, Line, PdnGame, PdnMove};
use damier_game::{AnyMove, Board, MoveInfo};
use serde::{Deserialize, Serialize};

/// A move as the page sends it, with what it carries.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoteMoveIn {
    /// The move, short or long (`28x19`, `28x19x10`).
    #[serde(rename = "move")]
    pub text: String,
    /// Its captured squares, for a move its text leaves ambiguous.
    pub captured: Option<Vec<String>>,
    /// A PDN move mark: `!`, `?`, `!!`, `??`, `!?`, `?!`, or another run of `!` and `?`,
    /// bare or in brackets (`(?)`), as imported games may carry.
    pub mark: Option<String>,
    /// Comments after the move.
    #[serde(default)]
    pub comments: Vec<String>,
    /// Alternatives to the move, each from the position before it.
    #[serde(default)]
    pub variations: Vec<NoteLineIn>,
}

/// A line as the page sends it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoteLineIn {
    /// Comments before the first move.
    #[serde(default)]
    pub comments: Vec<String>,
    /// The moves.
    #[serde(default)]
    pub moves: Vec<NoteMoveIn>,
}

/// What the page asks to be written: the game's own moves with their annotations (a prefix
/// of the game is enough), and lines that go on from the game's last position.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The game's moves, in order, with their comments, marks and variations.
    #[serde(default)]
    pub main: NoteLineIn,
    /// Lines from the position after the game's last move.
    #[serde(default)]
    pub after: Vec<NoteLineIn>,
}

/// A move of a tree as the page receives it: described, with the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct NoteMoveOut {
    /// The move's texts and squares.
    #[serde(flatten)]
    pub info: MoveInfo,
    /// The position after it.
    pub fen: String,
    /// Its mark, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// Comments after it.
    pub comments: Vec<String>,
    /// Alternatives to it.
    pub variations: Vec<NoteLineOut>,
}

/// A line of a tree as the page receives it.
#[derive(Clone, Debug, Serialize)]
pub struct NoteLineOut {
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves.
    pub moves: Vec<NoteMoveOut>,
}

/// A legal move with the position it leads to: what a client needs to walk a tree of
/// moves without rules of its own.
#[derive(Clone, Debug, Serialize)]
pub struct MoveStep {
    /// The move's texts and squares.
    #[serde(flatten)]
    pub info: MoveInfo,
    /// The position after it.
    pub fen: String,
}

/// Every legal move of `board` with the position after it.
pub fn steps(board: &Board) -> Vec<MoveStep> {
    board
        .legal_moves()
        .iter()
        .map(|mv| MoveStep {
            info: board.describe(mv),
            fen: board.play_unchecked(mv).fen(),
        })
        .collect()
}

/// A line of moves from `board`, each described with the position after it; it stops at a
/// move that is not legal where it stands.
pub fn line_steps(board: &Board, line: &[AnyMove]) -> Vec<MoveStep> {
    let mut board = *board;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let Ok(next) = board.play(mv) else { break };
        out.push(MoveStep {
            info: board.describe(mv),
            fen: next.fen(),
        });
        board = next;
    }
    out
}

/// `pdn` (the game's own moves, as [`PdnGame::from_game`] makes them) with the page's
/// annotations added.
///
/// # Errors
/// [`ApiError::Invalid`] naming the line and move that is not legal, not the game's, or
/// carries an unknown mark.
pub fn annotate(pdn: &mut PdnGame, req: &ExportRequest) -> Result<(), ApiError> {
    pdn.main.leading.extend(clean(&req.main.comments));
    let mut board = pdn.start;
    if req.main.moves.len() > pdn.main.moves.len() {
        return Err(ApiError::Invalid(format!(
            "main: {} moves given, the game has {}",
            req.main.moves.len(),
            pdn.main.moves.len()
        )));
    }
    for (i, (given, played)) in req.main.moves.iter().zip(&mut pdn.main.moves).enumerate() {
        let at = format!("main move {}", i + 1);
        let mv = find(&board, given, &at)?;
        if mv != played.mv {
            return Err(ApiError::Invalid(format!(
                "{at}: '{}' is not the game's move {}",
                given.text, played.notation
            )));
        }
        played.mark = mark(given, &at)?;
        played.comments.extend(clean(&given.comments));
        for (k, v) in given.variations.iter().enumerate() {
            let line = read_line(board, v, &format!("{at}, variation {}", k + 1))?;
            if !line.moves.is_empty() {
                played.variations.push(line);
            }
        }
        board = board.play_unchecked(&mv);
    }
    for m in pdn.main.moves.iter().skip(req.main.moves.len()) {
        board = board.play_unchecked(&m.mv);
    }
    if req.after.iter().all(|l| l.moves.is_empty()) {
        return Ok(());
    }
    // PDN has no place for a line after the last move: each becomes a variation of the last
    // move that begins with that move again, which reads back as the same continuation.
    let Some(last) = pdn.main.moves.last_mut() else {
        return Err(ApiError::Invalid(
            "after: a game with no move cannot hold lines in PDN; play the first move in the game"
                .into(),
        ));
    };
    for (k, l) in req.after.iter().enumerate() {
        let line = read_line(board, l, &format!("after, line {}", k + 1))?;
        if line.moves.is_empty() {
            continue;
        }
        let mut moves = vec![PdnMove {
            mark: None,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
            ..last.clone()
        }];
        moves.extend(line.moves);
        last.variations.push(Line {
            leading: line.leading,
            moves,
        });
    }
    Ok(())
}

/// The move mark of a numeric annotation glyph, for the six that are move marks (`$1` is
/// `!` … `$6` is `?!`, as PGN defines them and PDN keeps them).
pub fn nag_mark(nag: u16) -> Option<&'static str> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .get(usize::from(nag).checked_sub(1)?)
        .copied()
}

/// Glyphs of `line` (variations included) that [`tree`] leaves out: every one that is not a
/// move mark, and a mark glyph on a move that has a mark already.
pub fn dropped_nags(line: &Line) -> usize {
    line.moves
        .iter()
        .map(|m| {
            let used =
                usize::from(m.mark.is_none() && m.nags.iter().any(|&n| nag_mark(n).is_some()));
            m.nags.len() - used + m.variations.iter().map(dropped_nags).sum::<usize>()
        })
        .sum()
}

/// The tree of a PDN game's main line from `start`, for the page.
pub fn tree(start: &Board, line: &Line) -> NoteLineOut {
    let mut board = *start;
    let mut moves = Vec::with_capacity(line.moves.len());
    for m in &line.moves {
        // The reader checked every move; a move that does not play ends the tree.
        let Ok(next) = board.play(&m.mv) else { break };
        moves.push(NoteMoveOut {
            info: board.describe(&m.mv),
            fen: next.fen(),
            mark: m
                .mark
                .clone()
                .or_else(|| m.nags.iter().find_map(|&n| nag_mark(n)).map(str::to_string)),
            comments: m.comments.clone(),
            variations: m.variations.iter().map(|v| tree(&board, v)).collect(),
        });
        board = next;
    }
    NoteLineOut {
        comments: line.leading.clone(),
        moves,
    }
}

fn read_line(start: Board, line: &NoteLineIn, at: &str) -> Result<Line, ApiError> {
    let mut board = start;
    let mut out = Line {
        leading: clean(&line.comments),
        moves: Vec::with_capacity(line.moves.len()),
    };
    for (i, given) in line.moves.iter().enumerate() {
        let here = format!("{at}, move {}", i + 1);
        let mv = find(&board, given, &here)?;
        let mut variations = Vec::new();
        for (k, v) in given.variations.iter().enumerate() {
            let sub = read_line(board, v, &format!("{here}, variation {}", k + 1))?;
            if !sub.moves.is_empty() {
                variations.push(sub);
            }
        }
        out.moves.push(PdnMove {
            mv,
            notation: board.short(&mv),
            mark: mark(given, &here)?,
            nags: Vec::new(),
            comments: clean(&given.comments),
            variations,
        });
        board = board.play_unchecked(&mv);
    }
    Ok(out)
}

fn find(board: &Board, given: &NoteMoveIn, at: &str) -> Result<AnyMove, ApiError> {
    board
        .find_move(&given.text, given.captured.as_deref())
        .map_err(|e| ApiError::Invalid(format!("{at}: {e}")))
}

fn mark(given: &NoteMoveIn, at: &str) -> Result<Option<String>, ApiError> {
    match given.mark.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(m) if is_move_mark(m) => Ok(Some(m.to_string())),
        Some(m) => Err(ApiError::Invalid(format!(
            "{at}: mark '{m}' is not a PDN move mark (a run of ! and ?, bare or in brackets)"
        ))),
    }
}

/// Comments without the empty ones (a cleared comment box).
fn clean(comments: &[String]) -> Vec<String> {
    comments
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;
    use damier_game::pdn::{self, WriteOptions};
    use damier_game::Game;

    fn mv(text: &str) -> NoteMoveIn {
        NoteMoveIn {
            text: text.into(),
            ..NoteMoveIn::default()
        }
    }

    fn game(moves: &[&str]) -> PdnGame {
        let mut g = Game::new(Variant::INTERNATIONAL);
        for m in moves {
            g.play_text(m).unwrap();
        }
        PdnGame::from_game(&g, &[])
    }

    #[test]
    fn annotations_are_written_and_read_back_as_the_same_tree() {
        let mut pdn = game(&["32-28", "19-23", "28x19"]);
        let mut first = mv("32-28");
        first.mark = Some("!".into());
        first.comments = vec!["the classical start".into(), "  ".into()];
        first.variations = vec![NoteLineIn {
            comments: vec!["or".into()],
            moves: vec![mv("33-28"), mv("18-23")],
        }];
        let req = ExportRequest {
            main: NoteLineIn {
                comments: vec![],
                moves: vec![first, mv("19-23")],
            },
            after: vec![NoteLineIn {
                comments: vec![],
                moves: vec![mv("14x23"), mv("37-32")],
            }],
        };
        annotate(&mut pdn, &req).unwrap();
        let text = pdn::write_game(&pdn, &WriteOptions::default());
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("1. 32-28! {the classical start} ({or} 1. 33-28 18-23)"));
        assert!(flat.contains("28x19 (2. 28x19 14x23 3. 37-32) *"), "{text}");

        let back = pdn::read(&text, Variant::INTERNATIONAL).remove(0).unwrap();
        let t = tree(&back.start, &back.main);
        assert_eq!(t.moves.len(), 3);
        assert_eq!(t.moves[0].mark.as_deref(), Some("!"));
        assert_eq!(t.moves[0].comments, ["the classical start"]);
        let v = &t.moves[0].variations[0];
        assert_eq!(v.comments, ["or"]);
        assert_eq!(v.moves[1].info.short, "18-23");
        // The position after a variation's move is its own, not the main line's.
        let after = Board::start(Variant::INTERNATIONAL)
            .play(
                &Board::start(Variant::INTERNATIONAL)
                    .parse_move("33-28")
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(v.moves[0].fen, after.fen());
        let cont = &t.moves[2].variations[0];
        assert_eq!(cont.moves[0].info.short, "28x19");
        assert_eq!(cont.moves[1].info.short, "14x23");
    }

    #[test]
    fn a_wrong_tree_is_refused_with_where_it_goes_wrong() {
        let err = |req: ExportRequest| {
            let mut pdn = game(&["32-28", "19-23"]);
            match annotate(&mut pdn, &req) {
                Err(ApiError::Invalid(m)) => m,
                other => panic!("{other:?}"),
            }
        };
        let not_game = err(ExportRequest {
            main: NoteLineIn {
                comments: vec![],
                moves: vec![mv("33-28")],
            },
            after: vec![],
        });
        assert!(not_game.starts_with("main move 1: '33-28' is not the game's move 32-28"));
        let mut bad_variation = mv("32-28");
        bad_variation.variations = vec![NoteLineIn {
            comments: vec![],
            moves: vec![mv("31-27"), mv("31-27")],
        }];
        let illegal = err(ExportRequest {
            main: NoteLineIn {
                comments: vec![],
                moves: vec![bad_variation],
            },
            after: vec![],
        });
        assert!(
            illegal.starts_with("main move 1, variation 1, move 2: "),
            "{illegal}"
        );
        let mut marked = mv("32-28");
        marked.mark = Some("!*".into());
        let bad_mark = err(ExportRequest {
            main: NoteLineIn {
                comments: vec![],
                moves: vec![marked],
            },
            after: vec![],
        });
        assert_eq!(
            bad_mark,
            "main move 1: mark '!*' is not a PDN move mark (a run of ! and ?, bare or in brackets)"
        );
        let too_long = err(ExportRequest {
            main: NoteLineIn {
                comments: vec![],
                moves: vec![mv("32-28"), mv("19-23"), mv("28x19")],
            },
            after: vec![],
        });
        assert_eq!(too_long, "main: 3 moves given, the game has 2");
        let mut empty = PdnGame::from_game(&Game::new(Variant::INTERNATIONAL), &[]);
        let none = annotate(
            &mut empty,
            &ExportRequest {
                main: NoteLineIn::default(),
                after: vec![NoteLineIn {
                    comments: vec![],
                    moves: vec![mv("32-28")],
                }],
            },
        );
        assert!(
            matches!(none, Err(ApiError::Invalid(m)) if m.starts_with("after: a game with no move"))
        );
    }
}
