//! Positions and moves as Hub writes them.
//!
//! A quiet move is `from-to`; a capture is `from x to x captured x captured ...`, the captured
//! squares in any order and the intermediate landing squares left out: start, end and
//! captured set are exactly what tells two legal moves apart. Squares are in the variant's
//! own notation (numbers, or a1–h8 where the variant is written that way).

use damier_core::{hub, with_geometry, BitSet, Variant};
use damier_game::{AnyMove, Board};

/// Why a Hub position or move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HubMoveError {
    /// The position string is wrong.
    #[error(transparent)]
    Position(#[from] hub::HubPosError),
    /// A word of the move is not a square.
    #[error("'{text}': '{word}' is not a square of this board")]
    Square {
        /// The move text.
        text: String,
        /// The bad part.
        word: String,
    },
    /// No legal move has that start, end and captured set.
    #[error("'{text}' is not a legal move here")]
    Illegal {
        /// The move text.
        text: String,
    },
    /// Several legal moves fit (a capture written without its captured squares).
    #[error("'{text}' could be several moves; list the captured squares")]
    Ambiguous {
        /// The move text.
        text: String,
    },
}

/// Read a Hub position string for `variant`.
///
/// # Errors
/// [`HubMoveError::Position`] on a wrong length, character or impossible position.
pub fn parse_position(variant: Variant, text: &str) -> Result<Board, HubMoveError> {
    let rules = variant.rules();
    Ok(with_geometry!(rules.board, G => Board::from(hub::parse::<G>(rules, text)?)))
}

/// Write a position as a Hub string.
pub fn write_position(board: &Board) -> String {
    match board {
        Board::D8(p) => hub::write(p),
        Board::D10(p) => hub::write(p),
        Board::D12(p) => hub::write(p),
        Board::O8(p) => hub::write(p),
    }
}

/// Write a legal move of `board` in Hub form.
pub fn write_move(board: &Board, mv: &AnyMove) -> String {
    let names = board.names();
    let mut s = names.name(mv.from);
    if mv.is_capture() {
        s.push('x');
        s.push_str(&names.name(mv.to));
        for sq in names.in_order().filter(|&sq| mv.captured.contains(sq)) {
            s.push('x');
            s.push_str(&names.name(sq));
        }
    } else {
        s.push('-');
        s.push_str(&names.name(mv.to));
    }
    s
}

/// Read a move in Hub form (also `:` as a separator, as Russian notation writes captures).
///
/// # Errors
/// [`HubMoveError`]: a word that is not a square, no such legal move, or several.
pub fn parse_move(board: &Board, text: &str) -> Result<AnyMove, HubMoveError> {
    let names = board.names();
    let mut squares = Vec::new();
    for word in text.split(['-', 'x', 'X', ':']) {
        let sq = names.parse(word).ok_or_else(|| HubMoveError::Square {
            text: text.to_string(),
            word: word.to_string(),
        })?;
        squares.push(sq);
    }
    let illegal = || HubMoveError::Illegal {
        text: text.to_string(),
    };
    if squares.len() < 2 {
        return Err(illegal());
    }
    let captured =
        (squares.len() > 2).then(|| squares[2..].iter().fold(0u128, |acc, &s| acc | u128::of(s)));
    let fits = board.moves_between(squares[0], squares[1], captured);
    match fits.len() {
        1 => Ok(fits[0]),
        0 => Err(illegal()),
        _ => Err(HubMoveError::Ambiguous {
            text: text.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_name_their_captured_squares() {
        let v = Variant::INTERNATIONAL;
        // 37 takes 32 and 22, landing on 28 then 17: written start, end, captured.
        let b = Board::from_fen(v, "W:W37:B32,22").unwrap();
        let moves = b.legal_moves();
        assert_eq!(moves.len(), 1);
        let text = write_move(&b, &moves[0]);
        assert_eq!(text, "37x17x22x32");
        assert_eq!(parse_move(&b, "37x17x32x22"), Ok(moves[0]));
        assert_eq!(parse_move(&b, "37x17"), Ok(moves[0]));
        assert_eq!(parse_move(&b, &text), Ok(moves[0]));
        let start = Board::start(v);
        let mv = parse_move(&start, "32-28").unwrap();
        assert_eq!(write_move(&start, &mv), "32-28");
        assert!(matches!(
            parse_move(&start, "32-26"),
            Err(HubMoveError::Illegal { .. })
        ));
        assert!(matches!(
            parse_move(&start, "32-99"),
            Err(HubMoveError::Square { .. })
        ));
    }

    #[test]
    fn positions_round_trip_on_every_board() {
        for v in Variant::all() {
            let b = Board::start(v);
            let s = write_position(&b);
            assert_eq!(parse_position(v, &s).unwrap(), b, "{v}");
        }
    }
}
