//! The texts CheckerBoard exchanges with an engine, in its own square numbers: positions
//! (`B:W21,22,K30:B1-12`), moves (`11-15`, `15x24`), game histories and move lists.

use crate::board::{GameType, MoveRecord};
use damier_core::Color;
use damier_game::{AnyMove, Board};
use thiserror::Error;

/// What is wrong with a text CheckerBoard sent.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TextError {
    /// The position text is not a position of the game (the FEN reader's reason).
    #[error("position '{text}': {reason}")]
    Fen {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A move is not written `from-to` with two square numbers.
    #[error("move '{0}': expected two square numbers from 1 to 32, as 11-15 or 15x24")]
    MoveSyntax(String),
    /// A move is not legal where it is played.
    #[error("move '{0}' is not legal in position {1}")]
    Illegal(String, String),
}

/// The position `text` writes, in `game`'s numbering (read by the rules core's FEN reader).
pub fn parse_fen(game: GameType, text: &str) -> Result<Board, TextError> {
    Board::from_fen_in(game.variant(), game.numbering(), text.trim()).map_err(|e| TextError::Fen {
        text: text.to_string(),
        reason: e.to_string(),
    })
}

/// Whether the side to move in position `text` has no piece listed.
fn side_to_move_has_none(text: &str) -> bool {
    let mut parts = text.trim().split(':');
    let Some(side) = parts.next().map(str::trim) else {
        return false;
    };
    parts
        .map(str::trim)
        .find(|part| part.starts_with(side))
        .is_none_or(|part| part[side.len()..].trim().is_empty())
}

/// `board` as CheckerBoard writes a position, in `game`'s numbering.
pub fn write_fen(game: GameType, board: &Board) -> String {
    let mut text = String::from(match board.side() {
        Color::White => "W",
        Color::Black => "B",
    });
    for color in [Color::White, Color::Black] {
        text.push_str(match color {
            Color::White => ":W",
            Color::Black => ":B",
        });
        let mut squares: Vec<(u32, bool)> = (1..=32)
            .filter_map(|n| {
                let piece = board.piece_at(game.square_of_number(n)?)?;
                (piece.color == color).then_some((n, piece.role == damier_core::Role::King))
            })
            .collect();
        squares.sort_unstable();
        let words: Vec<String> = squares
            .into_iter()
            .map(|(n, king)| if king { format!("K{n}") } else { n.to_string() })
            .collect();
        text.push_str(&words.join(","));
    }
    text
}

/// `mv` as CheckerBoard writes it: `11-15`, or `15x24` for a capture (start and end only).
pub fn move_text(game: GameType, board: &Board, mv: &AnyMove) -> String {
    let record = MoveRecord::of(game, board, mv);
    let number = |(x, y): (u32, u32)| game.number(x, y).expect("a move's squares are numbered");
    let sep = if record.jumps.is_empty() { '-' } else { 'x' };
    format!("{}{sep}{}", number(record.from), number(record.to))
}

/// `line` (moves played one after the other from `board`) in CheckerBoard's numbers.
pub fn line_text(game: GameType, board: &Board, line: &[AnyMove]) -> String {
    let mut words = Vec::with_capacity(line.len());
    let mut here = *board;
    for mv in line {
        words.push(move_text(game, &here, mv));
        match here.play(mv) {
            Ok(next) => here = next,
            Err(_) => break,
        }
    }
    words.join(" ")
}

/// The legal moves of `board` from CheckerBoard's square `from` to its square `to`.
pub fn moves_between(game: GameType, board: &Board, from: u32, to: u32) -> Vec<AnyMove> {
    match (game.square_of_number(from), game.square_of_number(to)) {
        (Some(from), Some(to)) => board.moves_between(from, to, None),
        _ => Vec::new(),
    }
}

/// The move `text` (`from-to` or `fromxto`, CheckerBoard's numbers) names in `board`: the
/// first of several captures with the same ends (a game history holds only quiet king moves).
pub fn parse_move(game: GameType, board: &Board, text: &str) -> Result<AnyMove, TextError> {
    let (a, b) = text
        .split_once(['-', 'x'])
        .ok_or_else(|| TextError::MoveSyntax(text.to_string()))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=32).contains(n))
    };
    let (Some(from), Some(to)) = (number(a), number(b)) else {
        return Err(TextError::MoveSyntax(text.to_string()));
    };
    moves_between(game, board, from, to)
        .into_iter()
        .next()
        .ok_or_else(|| TextError::Illegal(text.to_string(), write_fen(game, board)))
}

/// The reply to `get movelist FEN`: see [`movelist`]. A side to move without pieces has no
/// move whatever the rest of the board (CheckerBoard's probe, `B:W1:B`, puts a white man
/// where it would have been crowned).
pub fn movelist_of(game: GameType, text: &str) -> Result<String, TextError> {
    if side_to_move_has_none(text) {
        return Ok("movelist 0".to_string());
    }
    parse_fen(game, text).map(|board| movelist(game, &board))
}

/// The reply to `get movelist`: `movelist N,` and one record a move,
/// `jumps,oldpiece,newpiece,from,to` then `landed,captured,piece` for each jump, each ended
/// by `;` (exactly `movelist 0` when there is none).
pub fn movelist(game: GameType, board: &Board) -> String {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return "movelist 0".to_string();
    }
    let number = |(x, y): (u32, u32)| game.number(x, y).expect("a move's squares are numbered");
    let mut text = format!("movelist {},", moves.len());
    for mv in &moves {
        let r = MoveRecord::of(game, board, mv);
        text.push_str(&format!(
            "{},{},{},{},{}",
            r.jumps.len(),
            r.old_piece,
            r.new_piece,
            number(r.from),
            number(r.to)
        ));
        for jump in &r.jumps {
            text.push_str(&format!(
                ",{},{},{}",
                number(jump.landing),
                number(jump.captured),
                jump.piece
            ));
        }
        text.push(';');
    }
    text
}
