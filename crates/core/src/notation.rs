//! Moves as text: the short form (`32-28`, `28x19`) and the long form (`28x19x10`), in the
//! variant's square names and capture separator (RULES.md §4).

use crate::bitset::BitSet;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;
use crate::square_names::SquareNames;

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error("cannot read move '{text}' at column {column}: {message}")]
    Syntax {
        /// The text given.
        text: String,
        /// Where (1-based).
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// A well-formed move that the rules do not allow here.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why, with the legal alternatives where that helps.
        reason: String,
    },
    /// Several legal moves fit the text.
    #[error("ambiguous move {text}: could be {}", .candidates.join(" or "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// Each candidate in long form.
        candidates: Vec<String>,
    },
}

/// Separator between squares of a move: `-` for quiet moves, the variant's for captures.
fn separator<G: Geometry>(pos: &Position<G>, mv: &Move<G::Bits>) -> char {
    if mv.is_capture() {
        pos.rules().capture_separator
    } else {
        '-'
    }
}

/// One path of a capture (landing squares, ending with `to`), or `[to]` for a quiet move.
pub fn path<G: Geometry>(pos: &Position<G>, mv: &Move<G::Bits>) -> Vec<Square> {
    if !mv.is_capture() {
        return vec![mv.to];
    }
    pos.capture_paths()
        .into_iter()
        .find(|(m, _)| m == mv)
        .map(|(_, p)| p)
        .unwrap_or_else(|| vec![mv.to])
}

fn join(names: &SquareNames, from: Square, rest: &[Square], sep: char) -> String {
    let mut s = names.name(from);
    for &sq in rest {
        s.push(sep);
        s.push_str(&names.name(sq));
    }
    s
}

/// The long form: every landing square (`28x19x10`).
pub fn long<G: Geometry>(pos: &Position<G>, mv: &Move<G::Bits>) -> String {
    long_in(SquareNames::of(pos.rules()), pos, mv)
}

/// [`long`] with the squares named by `names`.
pub fn long_in<G: Geometry>(names: &SquareNames, pos: &Position<G>, mv: &Move<G::Bits>) -> String {
    join(names, mv.from, &path(pos, mv), separator(pos, mv))
}

/// The short form (`28x19`), or the long form when another legal move has the same start
/// and end.
pub fn short<G: Geometry>(pos: &Position<G>, mv: &Move<G::Bits>) -> String {
    short_in(SquareNames::of(pos.rules()), pos, mv)
}

/// [`short`] with the squares named by `names`.
pub fn short_in<G: Geometry>(names: &SquareNames, pos: &Position<G>, mv: &Move<G::Bits>) -> String {
    let legal = pos.legal_moves();
    let twins = legal
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .count();
    if twins > 1 {
        return long_in(names, pos, mv);
    }
    join(names, mv.from, &[mv.to], separator(pos, mv))
}

/// The legal moves from `from` to `to`; with `captured`, only the one that captures exactly
/// those squares (a move is its start, end and captured set, so there is at most one).
pub fn moves_between<G: Geometry>(
    pos: &Position<G>,
    from: Square,
    to: Square,
    captured: Option<G::Bits>,
) -> Vec<Move<G::Bits>> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .filter(|m| captured.is_none_or(|c| m.captured == c))
        .collect()
}

/// Read a move in short or long form and find the legal move it denotes.
///
/// Intermediate squares in a long form must appear, in order, among the landing squares of
/// the capture. A separator that does not match the move (`-` for a capture) is tolerated.
///
/// # Errors
/// [`MoveError`]: unreadable text, an illegal move (saying why), or an ambiguous one (listing
/// the candidates).
pub fn parse<G: Geometry>(pos: &Position<G>, text: &str) -> Result<Move<G::Bits>, MoveError> {
    parse_in(SquareNames::of(pos.rules()), pos, text)
}

/// [`parse`] with the squares named by `names` (a PDN file's own notation); its errors name
/// squares the same way.
///
/// # Errors
/// As [`parse`].
pub fn parse_in<G: Geometry>(
    names: &SquareNames,
    pos: &Position<G>,
    text: &str,
) -> Result<Move<G::Bits>, MoveError> {
    let trimmed = text.trim();
    let syntax = |column: usize, message: String| MoveError::Syntax {
        text: trimmed.to_string(),
        column,
        message,
    };
    if trimmed.is_empty() {
        return Err(syntax(1, "empty move".into()));
    }
    // PDN allows algebraic squares without a separator (`c3d4`, `c3e5g7`).
    let glued: Option<Vec<&str>> = (names.is_algebraic()
        && trimmed.len() >= 4
        && trimmed.len().is_multiple_of(2)
        && trimmed.is_ascii()
        && !trimmed.contains(['-', 'x', 'X', ':']))
    .then(|| {
        (0..trimmed.len())
            .step_by(2)
            .map(|i| &trimmed[i..i + 2])
            .collect()
    })
    .filter(|parts: &Vec<&str>| parts.iter().all(|p| names.parse(p).is_some()));
    let separator_width = usize::from(glued.is_none());
    let tokens = glued.unwrap_or_else(|| trimmed.split(['-', 'x', 'X', ':']).collect());
    let mut squares = Vec::new();
    let mut column = 1;
    for token in tokens {
        let sq = names.parse(token).ok_or_else(|| {
            syntax(
                column,
                if token.is_empty() {
                    "missing square".to_string()
                } else {
                    format!("'{token}' is not a square of this board")
                },
            )
        })?;
        squares.push(sq);
        column += token.len() + separator_width;
    }
    if squares.len() < 2 {
        // The example is a move of this position, so in this variant's notation.
        let example = pos
            .legal_moves()
            .first()
            .map(|mv| format!(" (e.g. {})", short_in(names, pos, mv)))
            .unwrap_or_default();
        return Err(syntax(
            column,
            format!("a move needs a start and an end square{example}"),
        ));
    }
    let from = squares[0];
    let to = *squares.last().expect("two or more squares");
    let via = &squares[1..];
    let legal = pos.legal_moves();
    let illegal = |reason: String| MoveError::Illegal {
        text: trimmed.to_string(),
        reason,
    };
    let mut candidates: Vec<Move<G::Bits>> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    if candidates.len() > 1 {
        let paths = pos.capture_paths();
        if via.len() > 1 {
            candidates.retain(|m| {
                paths
                    .iter()
                    .any(|(pm, p)| pm == m && is_subsequence(via, p))
            });
        }
        // A complete long form names one move even when it is also a shortened form of a
        // longer capture (`1x19x30` against `1x10x3x12x19x30`; a single jump `d8xh4` against
        // `d8xb6xd4xf6xh4`), as `long` writes it.
        if candidates.len() > 1 {
            let exact: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|m| paths.iter().any(|(pm, p)| pm == m && p == via))
                .collect();
            if exact.len() == 1 {
                candidates = exact;
            }
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 => Err(illegal(why_illegal(names, pos, &legal, from, via))),
        _ => Err(MoveError::Ambiguous {
            text: trimmed.to_string(),
            candidates: candidates.iter().map(|m| long_in(names, pos, m)).collect(),
        }),
    }
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

fn why_illegal<G: Geometry>(
    names: &SquareNames,
    pos: &Position<G>,
    legal: &[Move<G::Bits>],
    from: Square,
    via: &[Square],
) -> String {
    let list = |moves: Vec<&Move<G::Bits>>| {
        let mut texts: Vec<String> = moves.iter().map(|m| short_in(names, pos, m)).collect();
        texts.truncate(8);
        texts.join(" or ")
    };
    if legal.is_empty() {
        return "there is no legal move".into();
    }
    let piece = pos.piece_at(from);
    if piece.map(|p| p.color) != Some(pos.side()) {
        return format!("no {} piece on {}", pos.side().name(), names.name(from));
    }
    if legal[0].is_capture() {
        // A capture typed as far as a square where it may not stop: the jumps go on.
        let longer: Vec<_> = pos
            .capture_paths()
            .into_iter()
            .filter(|(m, path)| m.from == from && path.len() > via.len() && path.starts_with(via))
            .map(|(m, _)| m)
            .collect();
        if !longer.is_empty() {
            let stop = names.name(*via.last().expect("a move names its end"));
            let mut moves: Vec<_> = longer.iter().collect();
            moves.dedup();
            return format!("the capture does not end on {stop}: {}", list(moves));
        }
        return format!("capture is compulsory: {}", list(legal.iter().collect()));
    }
    let own: Vec<_> = legal.iter().filter(|m| m.from == from).collect();
    if own.is_empty() {
        // Name the rule, else the king looks blocked on an open board.
        if pos.rules().king_move_limit && pos.barred_king(pos.side()) == Some(from) {
            let kings = (pos.pieces(pos.side()) & pos.kings()).count();
            let other = if kings > 1 { " or another king" } else { "" };
            return format!(
                "in Frisian a king may not make a fourth move in a row while its side has \
                 men; move a man{other}"
            );
        }
        "that piece cannot move".into()
    } else {
        format!("that piece can play {}", list(own))
    }
}
