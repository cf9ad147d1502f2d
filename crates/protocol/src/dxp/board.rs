//! DamExchange's view of the international board: squares 1 to 50, a position as 50
//! characters (`e` empty, `w`/`z` a white/black man, `W`/`Z` a king), and moves as their
//! start, end and captured squares.

use super::message::Message;
use damier_core::notation::MoveError;
use damier_core::{BitSet, Color, Role, SetupDefect, Variant};
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

/// A DamExchange position the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{said}")]
pub struct PositionRefused {
    /// Every defect found (squares as internal indices).
    pub defects: Vec<SetupDefect>,
    /// The defects in one line, squares numbered as DamExchange numbers them.
    pub said: String,
}

/// The position of 50 characters with `side` to move.
///
/// # Errors
/// [`PositionRefused`]: why the rules refuse it (a man on its crowning row, …).
pub fn position(side: Color, squares: &str) -> Result<Board, PositionRefused> {
    let names = damier_core::SquareNames::of(VARIANT.rules());
    let (mut white, mut black, mut kings) = (0u128, 0u128, 0u128);
    for (i, c) in squares.chars().enumerate() {
        let Some(square) = names.parse(&(i + 1).to_string()) else {
            continue;
        };
        let bit = u128::of(square);
        match c {
            'w' | 'W' => white |= bit,
            'z' | 'Z' => black |= bit,
            _ => continue,
        }
        if c.is_ascii_uppercase() {
            kings |= bit;
        }
    }
    Board::from_sets(VARIANT, white, black, kings, side).map_err(|e| PositionRefused {
        said: damier_core::fen::explain(&e, names),
        defects: e.defects,
    })
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

/// The legal move of `board` with these squares, found as the rules core finds a typed
/// move: the captured squares, when given, pick one of several captures with the same ends;
/// a message that leaves them out (some programs do) still names a move when only one fits.
///
/// # Errors
/// The rules core's [`MoveError`]: why no single legal move fits.
pub fn find_move(board: &Board, from: u8, to: u8, captured: &[u8]) -> Result<AnyMove, MoveError> {
    let names: Vec<String> = captured.iter().map(u8::to_string).collect();
    board.find_move(
        &format!("{from}-{to}"),
        (!names.is_empty()).then_some(&names[..]),
    )
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
        let refused = position(Color::White, &format!("w{}", "e".repeat(49))).unwrap_err();
        assert!(matches!(
            refused.defects[..],
            [SetupDefect::ManOnCrowningRow(_)]
        ));
        assert!(refused.to_string().contains(" 1 "), "{refused}");
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
            .to_string()
            .starts_with("illegal move 32-23: "));
        assert!(find_move(&start, 32, 27, &[]).is_ok());
    }
}
