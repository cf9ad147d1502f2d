//! Movetext: the moves of a game and its variations, each checked with the rules core.

use super::lexer::{Tok, Token};
use super::{numbered, Line, PdnErrorKind, PdnMove};
use crate::board::Board;
use damier_core::SquareNames;
use std::cell::{Cell, RefCell};

pub(super) type LineError<'a> = (&'a Token, PdnErrorKind);

/// What every line of one game is read with.
pub(super) struct LineReading<'g> {
    /// The file's square names where they are not the variant's own.
    names: Option<&'g SquareNames>,
    /// Moves of the main line read so far.
    main_moves: &'g Cell<usize>,
    /// What was read past: variations left out, each with why.
    notes: RefCell<Vec<String>>,
    /// Variations left out beyond those said.
    more_left_out: Cell<usize>,
}

impl<'g> LineReading<'g> {
    /// Variations left out that are said one by one; the rest are counted, so that a hostile
    /// file cannot make the notes its own size.
    const SAID: usize = 5;

    /// A reading in `names` (none: the variant's own) that counts the main line's moves in
    /// `main_moves`.
    pub(super) fn new(names: Option<&'g SquareNames>, main_moves: &'g Cell<usize>) -> Self {
        LineReading {
            names,
            main_moves,
            notes: RefCell::new(Vec::new()),
            more_left_out: Cell::new(0),
        }
    }

    /// Say that a variation was left out.
    fn left_out(&self, note: String) {
        let mut notes = self.notes.borrow_mut();
        if notes.len() < Self::SAID {
            notes.push(note);
        } else {
            self.more_left_out.set(self.more_left_out.get() + 1);
        }
    }

    /// The notes, the count of those not said last.
    pub(super) fn into_notes(self) -> Vec<String> {
        let mut notes = self.notes.into_inner();
        match self.more_left_out.get() {
            0 => {}
            1 => notes.push("1 more variation was left out".to_string()),
            more => notes.push(format!("{more} more variations were left out")),
        }
        notes
    }
}

/// Variations nested deeper than this are refused: reading recurses once per level, and a
/// hostile file must not exhaust the stack.
const MAX_NESTING: usize = 100;

/// Read moves from `toks[*at..]` played from `board` until the end, or until the `)` that
/// closes the variation opened at `open` (`None` on the main line). `number` is the move
/// number of the first move.
pub(super) fn parse_line<'a>(
    reading: &LineReading,
    toks: &'a [Token],
    at: &mut usize,
    mut board: Board,
    mut number: u32,
    open: Option<&'a Token>,
    depth: usize,
) -> Result<Line, LineError<'a>> {
    let first = board.rules().first;
    let mut line = Line::default();
    // The position and number before the last move, where a variation of it starts.
    let mut before_last: Option<(Board, u32)> = None;
    while let Some(t) = toks.get(*at) {
        *at += 1;
        let last = line.moves.last_mut();
        match &t.tok {
            Tok::Number => {}
            Tok::Move(text) => {
                let parsed = match reading.names {
                    Some(names) => board.parse_move_in(names, text),
                    None => board.parse_move(text),
                };
                let mv = parsed.map_err(|error| {
                    let kind = PdnErrorKind::Move {
                        number: numbered(number, board.side() == first),
                        error,
                    };
                    (t, kind)
                })?;
                line.moves.push(PdnMove {
                    mv,
                    notation: board.short(&mv),
                    mark: None,
                    nags: Vec::new(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                });
                before_last = Some((board, number));
                if open.is_none() {
                    reading.main_moves.set(reading.main_moves.get() + 1);
                }
                if board.side() != first {
                    number += 1;
                }
                board = board.play_unchecked(&mv);
            }
            Tok::Mark(mark) => match last {
                Some(m) => m.mark = Some(mark.clone()),
                None => return Err((t, syntax(format!("mark '{mark}' with no move before it")))),
            },
            Tok::Nag(n) => match last {
                Some(m) => m.nags.push(*n),
                None => return Err((t, syntax(format!("${n} with no move before it")))),
            },
            Tok::Comment(c) => match last {
                Some(m) => m.comments.push(c.clone()),
                None => line.leading.push(c.clone()),
            },
            Tok::Open => {
                let Some((from, n)) = before_last else {
                    let why = "a variation must follow the move it replaces";
                    return Err((t, PdnErrorKind::Variation(why.into())));
                };
                if depth >= MAX_NESTING {
                    let why = format!("variations nested more than {MAX_NESTING} deep");
                    return Err((t, PdnErrorKind::Variation(why)));
                }
                let opened_at = *at;
                match parse_line(reading, toks, at, from, n, Some(t), depth + 1) {
                    Ok(variation) => {
                        if let Some(m) = line.moves.last_mut() {
                            m.variations.push(variation);
                        }
                    }
                    // An annotator's wrong variation costs the variation, not the game: it
                    // is left out, and the game read on after its `)`.
                    Err((bad, kind)) => match matching_close(toks, opened_at) {
                        Some(close) => {
                            *at = close + 1;
                            reading.left_out(format!(
                                "the variation at line {}, column {} was left out (line {}, \
                                 column {}: {kind})",
                                t.line, t.column, bad.line, bad.column
                            ));
                        }
                        None => return Err((bad, kind)),
                    },
                }
            }
            Tok::Close => {
                return match open {
                    Some(_) => Ok(line),
                    None => Err((
                        t,
                        PdnErrorKind::Variation("')' with no '(' before it".into()),
                    )),
                }
            }
            Tok::Result(r) => {
                let msg = format!("result {} inside a variation", r.text());
                return Err((t, syntax(msg)));
            }
            Tok::Tag { name, .. } => {
                return Err((t, syntax(format!("tag {name} inside the moves"))));
            }
            Tok::Bad(msg) => return Err((t, syntax(msg.clone()))),
        }
    }
    match open {
        Some(t) => Err((t, PdnErrorKind::UnclosedVariation)),
        None => Ok(line),
    }
}

/// The index of the `)` that closes the variation whose first token is at `from`.
fn matching_close(toks: &[Token], from: usize) -> Option<usize> {
    let mut open = 1usize;
    for (i, t) in toks.iter().enumerate().skip(from) {
        match t.tok {
            Tok::Open => open += 1,
            Tok::Close => {
                open -= 1;
                if open == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn syntax(msg: String) -> PdnErrorKind {
    PdnErrorKind::Syntax(msg)
}
