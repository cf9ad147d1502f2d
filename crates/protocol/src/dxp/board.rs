//! DamExchange's view of the international board: squares 1 to 50, a position as 50
//! characters (`e` empty, `w`/`z` a white/black man, `W`/`Z` a king), and moves as their
//! start, end and captured squares.

use super::message::Message;
use damier_core::{Color, Role, Variant};
use damier_game::{AnyMove, Board};

/// The only variant DamExchange plays.
pub const VARIANT: Variant = Variant::INTERNATIONAL;

/// The 50 characters of `board`'s position.
pub fn squares(board: &Board) -> String {
    let names = board.names();
    (1..=50)
        .map(|n| {
            let square = names.parse(&n.to_string()).expect("squares 1-50");
            match board.piece_at(square) {
                None => 'e',
                Some(p) => match (p.color, p.role) {
                    (Color::White, Role::Man) => 'w',
                    (Color::Black, Role::Man) => 'z',
                    (Color::White, Role::King) => 'W',
                    (Color::Black, Role::King) => 'Z',
                },
            }
        })
        .collect()
}

/// The position of 50 characters with `side` to move.
///
/// # Errors
/// Why the rules refuse it (a man on its crowning row, …).
pub fn position(side: Color, squares: &str) -> Result<Board, String> {
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, c) in squares.chars().enumerate() {
        let n = i + 1;
        match c {
            'w' => white.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'z' => black.push(n.to_string()),
            'Z' => black.push(format!("K{n}")),
            _ => {}
        }
    }
    let turn = if side == Color::White { 'W' } else { 'B' };
    let fen = format!("{turn}:W{}:B{}", white.join(","), black.join(","));
    Board::from_fen(VARIANT, &fen).map_err(|e| e.to_string())
}

/// The MOVE message of `mv`, legal in `board`.
pub fn move_message(board: &Board, mv: &AnyMove, seconds: u16) -> Message {
    let info = board.describe(mv);
    let square = |name: &str| {
        name.parse::<u8>()
            .expect("international squares are numbers")
    };
    Message::Move {
        seconds,
        from: square(&info.from),
        to: square(&info.to),
        captured: info.captured.iter().map(|c| square(c)).collect(),
    }
}

/// The legal move of `board` with these squares. A message that leaves the captured pieces
/// out (some programs do) still names a move when only one fits.
///
/// # Errors
/// Why no single legal move fits.
pub fn find_move(board: &Board, from: u8, to: u8, captured: &[u8]) -> Result<AnyMove, String> {
    let names = board.names();
    let square = |n: u8| {
        names
            .parse(&n.to_string())
            .ok_or_else(|| format!("{n} is no square"))
    };
    let (a, b) = (square(from)?, square(to)?);
    let mut set = 0u128;
    for &c in captured {
        set |= 1 << square(c)?;
    }
    let exact = board.moves_between(a, b, Some(set));
    let fits = if exact.is_empty() && captured.is_empty() {
        board.moves_between(a, b, None)
    } else {
        exact
    };
    let shown = || {
        let list: Vec<String> = captured.iter().map(u8::to_string).collect();
        if list.is_empty() {
            format!("{from}-{to}")
        } else {
            format!("{from}x{to} taking {}", list.join(","))
        }
    };
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(format!("{} is not a legal move here", shown())),
        _ => Err(format!(
            "{} fits {} legal captures: name the captured pieces",
            shown(),
            fits.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_and_back() {
        let start = Board::start(VARIANT);
        let text = squares(&start);
        assert_eq!(
            text,
            format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20))
        );
        assert_eq!(position(Color::White, &text).unwrap(), start);
        let kings = position(Color::Black, &format!("Z{}W", "e".repeat(48))).unwrap();
        assert_eq!(kings.side(), Color::Black);
        assert_eq!(squares(&kings), format!("Z{}W", "e".repeat(48)));
        // A white man on Black's back row would have been crowned.
        assert!(position(Color::White, &format!("w{}", "e".repeat(49))).is_err());
    }

    #[test]
    fn moves_go_to_messages_and_back() {
        let board = Board::from_fen(VARIANT, "W:W27,28:B22,23,32").unwrap();
        for mv in board.legal_moves() {
            let Message::Move {
                from, to, captured, ..
            } = move_message(&board, &mv, 3)
            else {
                unreachable!()
            };
            assert_eq!(find_move(&board, from, to, &captured).unwrap(), mv);
        }
        let start = Board::start(VARIANT);
        assert!(find_move(&start, 32, 23, &[])
            .unwrap_err()
            .contains("32-23 is not a legal move"));
        assert!(find_move(&start, 32, 27, &[]).is_ok());
    }
}
