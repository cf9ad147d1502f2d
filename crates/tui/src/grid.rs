//! The board as a grid of cells seen from one side, with the variant's coordinates on its
//! edges and the last move marked: the model that both the line mode and the full-screen view
//! draw, so that the two always agree on what is where.

use damier_core::{BitSet, Color, Piece, Square};
use damier_game::{AnyMove, Board, Game, PlyKind};

/// How a cell takes part in the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not at all.
    None,
    /// The moving piece started here.
    From,
    /// The moving piece ended here.
    To,
    /// The moving piece landed here between two jumps.
    Path,
    /// A piece was captured here.
    Captured,
}

/// One square of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The square, `None` for a square that is not played on.
    pub square: Option<Square>,
    /// The piece on it.
    pub piece: Option<Piece>,
    /// Its part in the last move.
    pub mark: Mark,
    /// Its name in the variant's notation (empty for a square not played on).
    pub name: String,
}

/// The last move, as squares to mark.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// Landing squares between the start and the end.
    pub path: Vec<Square>,
    /// Squares of the captured pieces.
    pub captured: u128,
}

impl LastMove {
    /// The last move of `game`, if its last ply was a move.
    pub fn of(game: &Game) -> Option<LastMove> {
        let ply = game.plies().last()?;
        let PlyKind::Move(mv) = ply.kind else {
            return None;
        };
        let before = game
            .positions()
            .get(game.positions().len().checked_sub(2)?)?;
        Some(LastMove::played(before, &mv))
    }

    /// `mv`, played from `before`.
    pub fn played(before: &Board, mv: &AnyMove) -> LastMove {
        let mut path = before.path(mv);
        path.pop(); // the end square itself
        LastMove {
            from: mv.from,
            to: mv.to,
            path,
            captured: mv.captured,
        }
    }

    fn mark(&self, square: Square) -> Mark {
        if square == self.to {
            Mark::To
        } else if square == self.from {
            Mark::From
        } else if self.captured.contains(square) {
            Mark::Captured
        } else if self.path.contains(&square) {
            Mark::Path
        } else {
            Mark::None
        }
    }
}

/// The board drawn from one side: rows from the top of the screen, and the coordinate labels
/// of each edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows, top of the screen first, each left to right.
    pub rows: Vec<Vec<Cell>>,
    /// Label left of each row: the rank (algebraic), or the first square's number.
    pub left: Vec<String>,
    /// Label right of each row: the rank, or the last square's number.
    pub right: Vec<String>,
    /// Label above and below each column: the file letter (algebraic variants only).
    pub files: Vec<String>,
    /// Whether the squares are numbered (empty squares can show their numbers).
    pub numbered: bool,
}

impl Grid {
    /// The grid of `board` with `bottom`'s side at the bottom of the screen.
    pub fn new(board: &Board, bottom: Color, last: Option<&LastMove>) -> Grid {
        let names = board.names();
        let n = board.rules().board.size();
        // Seen from Black, the board turns half a circle: rows and columns both reverse.
        let real = |r: u32, c: u32| match bottom {
            Color::White => (n - 1 - r, c),
            Color::Black => (r, n - 1 - c),
        };
        let mut rows = Vec::with_capacity(n as usize);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for r in 0..n {
            let row: Vec<Cell> = (0..n)
                .map(|c| {
                    let (rr, rc) = real(r, c);
                    let square = names.at_real(rr, rc);
                    Cell {
                        square,
                        piece: square.and_then(|s| board.piece_at(s)),
                        mark: match (square, last) {
                            (Some(s), Some(l)) => l.mark(s),
                            _ => Mark::None,
                        },
                        name: square.map(|s| names.name(s)).unwrap_or_default(),
                    }
                })
                .collect();
            if names.is_algebraic() {
                let rank = (real(r, 0).0 + 1).to_string();
                left.push(rank.clone());
                right.push(rank);
            } else {
                let named = || row.iter().filter(|c| c.square.is_some());
                left.push(named().next().map(|c| c.name.clone()).unwrap_or_default());
                right.push(
                    named()
                        .next_back()
                        .map(|c| c.name.clone())
                        .unwrap_or_default(),
                );
            }
            rows.push(row);
        }
        let files = if names.is_algebraic() {
            (0..n)
                .map(|c| ((b'a' + real(0, c).1 as u8) as char).to_string())
                .collect()
        } else {
            Vec::new()
        };
        Grid {
            rows,
            left,
            right,
            files,
            numbered: !names.is_algebraic(),
        }
    }

    /// Board size (rows and columns).
    pub fn size(&self) -> usize {
        self.rows.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{Base, Role, Variant};

    #[test]
    fn international_from_both_sides() {
        let board = Board::start(Variant::INTERNATIONAL);
        let g = Grid::new(&board, Color::White, None);
        assert_eq!((g.left[0].as_str(), g.right[0].as_str()), ("1", "5"));
        assert_eq!((g.left[9].as_str(), g.right[9].as_str()), ("46", "50"));
        assert_eq!(g.rows[9][0].name, "46");
        assert_eq!(g.rows[9][0].piece.map(|p| p.color), Some(Color::White));
        assert_eq!(g.rows[0][0].square, None);
        let b = Grid::new(&board, Color::Black, None);
        assert_eq!((b.left[0].as_str(), b.right[0].as_str()), ("50", "46"));
        assert_eq!(
            (b.rows[9][8].name.as_str(), b.rows[9][9].square),
            ("1", None)
        );
        assert!(g.files.is_empty() && g.numbered);
    }

    #[test]
    fn algebraic_and_mirrored_edges() {
        let russian = Board::start(Variant::new(Base::Russian));
        let g = Grid::new(&russian, Color::White, None);
        assert_eq!(g.files.join(""), "abcdefgh");
        assert_eq!(
            (g.left[7].as_str(), g.rows[7][0].name.as_str()),
            ("1", "a1")
        );
        let b = Grid::new(&russian, Color::Black, None);
        assert_eq!(b.files.join(""), "hgfedcba");
        assert_eq!(b.left[0], "1");
        // Italian: a1 is not played on; square 32 is h1 at the bottom right.
        let italian = Board::start(Variant::new(Base::Italian));
        let g = Grid::new(&italian, Color::White, None);
        assert_eq!(g.rows[7][0].square, None);
        assert_eq!(g.rows[7][7].name, "32");
    }

    #[test]
    fn marks_the_last_capture() {
        let mut game = Game::new(Variant::INTERNATIONAL);
        for m in ["32-28", "19-23", "28x19"] {
            game.play_text(m).unwrap();
        }
        let last = LastMove::of(&game).unwrap();
        let g = Grid::new(game.position(), Color::White, Some(&last));
        let find = |name: &str| g.rows.iter().flatten().find(|c| c.name == name).unwrap();
        assert_eq!(find("28").mark, Mark::From);
        assert_eq!(find("19").mark, Mark::To);
        assert_eq!(find("23").mark, Mark::Captured);
        assert_eq!(find("19").piece.map(|p| p.role), Some(Role::Man));
    }
}
