//! CheckerBoard's board: an 8x8 array of piece codes indexed `[x][y]`, `x` the column and `y`
//! the row counted from Black's side (Black's men start on rows 0 to 2 in every game type,
//! and the playing squares are those where `x + y` is even), and the square numbers each game
//! type counts its own way.

use damier_core::{
    BitSet, BoardKind, Color, NameScheme, Piece, Role, SetupError, Square, SquareNames, Variant,
};
use damier_game::{AnyMove, Board};
use std::sync::OnceLock;
use thiserror::Error;

/// An empty square.
pub const FREE: i32 = 0;
/// White's colour bit.
pub const WHITE: i32 = 1;
/// Black's colour bit.
pub const BLACK: i32 = 2;
/// A man.
pub const MAN: i32 = 4;
/// A king.
pub const KING: i32 = 8;

/// The board as CheckerBoard passes it: `cells[x][y]`, colour and kind bits or'ed.
pub type Cells = [[i32; 8]; 8];

/// The games CheckerBoard knows, by the numbers it gives them (its `GT_` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameType {
    /// English and American checkers (21).
    English,
    /// Italian draughts (22).
    Italian,
    /// Spanish draughts (24).
    Spanish,
    /// Russian draughts (25).
    Russian,
    /// Brazilian draughts (26).
    Brazilian,
}

impl GameType {
    /// Every game type Damier plays in CheckerBoard. (CheckerBoard also knows Czech, 29,
    /// whose square numbering its own header leaves unfinished: not offered.)
    pub const ALL: [GameType; 5] = [
        GameType::English,
        GameType::Italian,
        GameType::Spanish,
        GameType::Russian,
        GameType::Brazilian,
    ];

    /// CheckerBoard's number for the game.
    pub fn code(self) -> i32 {
        match self {
            GameType::English => 21,
            GameType::Italian => 22,
            GameType::Spanish => 24,
            GameType::Russian => 25,
            GameType::Brazilian => 26,
        }
    }

    /// The game type CheckerBoard numbers `code`.
    pub fn from_code(code: i32) -> Option<GameType> {
        GameType::ALL.into_iter().find(|g| g.code() == code)
    }

    /// The game type whose name (a Damier variant id) is `name`.
    pub fn from_name(name: &str) -> Option<GameType> {
        GameType::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Damier's id of the variant.
    pub fn name(self) -> &'static str {
        match self {
            GameType::English => "english",
            GameType::Italian => "italian",
            GameType::Spanish => "spanish",
            GameType::Russian => "russian",
            GameType::Brazilian => "brazilian",
        }
    }

    /// The Damier variant.
    pub fn variant(self) -> Variant {
        self.name()
            .parse()
            .expect("every game type is a Damier variant")
    }

    /// Whether the game's real board has a light square in White's left corner. CheckerBoard's
    /// array keeps `[0][0]` a playing square for every game and reflects the picture instead,
    /// so on these boards `x` counts columns from White's left rather than from its right.
    fn mirrored(self) -> bool {
        matches!(self, GameType::Italian | GameType::Spanish)
    }

    /// CheckerBoard's number of the square at `(x, y)`, or `None` for a square off the board
    /// or not played on.
    pub fn number(self, x: u32, y: u32) -> Option<u32> {
        self.numbering().number(self.square(x, y)?)
    }

    /// The `(x, y)` of CheckerBoard's square `number` (1 to 32).
    pub fn coords(self, number: u32) -> Option<(u32, u32)> {
        self.coords_of_square(self.numbering().from_number(number)?)
    }

    /// The square names CheckerBoard uses for the game: the variant's own numbers, and for
    /// the games Damier names by letters (Russian, Brazilian) English's numbers, seen from
    /// White, as CheckerBoard writes them.
    pub fn numbering(self) -> &'static SquareNames {
        static ENGLISH_NUMBERS: OnceLock<SquareNames> = OnceLock::new();
        match self {
            GameType::Russian | GameType::Brazilian => ENGLISH_NUMBERS.get_or_init(|| {
                let english = GameType::English.variant();
                SquareNames::new(BoardKind::Diagonal8, NameScheme::of(english.rules()))
            }),
            _ => self.names(),
        }
    }

    /// Damier's square at `(x, y)`.
    pub fn square(self, x: u32, y: u32) -> Option<Square> {
        if x > 7 || y > 7 {
            return None;
        }
        let col = if self.mirrored() { x } else { 7 - x };
        self.names().at_real(7 - y, col)
    }

    /// The `(x, y)` of Damier's square `square`.
    pub fn coords_of_square(self, square: Square) -> Option<(u32, u32)> {
        let (row, col) = self.names().real_coords(square)?;
        let x = if self.mirrored() { col } else { 7 - col };
        Some((x, 7 - row))
    }

    /// CheckerBoard's number of Damier's square `square`.
    pub fn number_of_square(self, square: Square) -> Option<u32> {
        let (x, y) = self.coords_of_square(square)?;
        self.number(x, y)
    }

    /// Damier's square of CheckerBoard's square `number`.
    pub fn square_of_number(self, number: u32) -> Option<Square> {
        let (x, y) = self.coords(number)?;
        self.square(x, y)
    }

    fn names(self) -> &'static SquareNames {
        SquareNames::of(self.variant().rules())
    }
}

/// What is wrong with a board CheckerBoard passed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// A square holds a code that is no piece.
    #[error("square ({x}, {y}) holds {code}, which is no piece (expected 0, 5, 6, 9 or 10)")]
    Code {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// What it holds.
        code: i32,
    },
    /// A piece stands on a square not played on.
    #[error("square ({x}, {y}) is not played on, but holds a piece")]
    LightSquare {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The side to move is neither colour.
    #[error("colour {0} is neither White (1) nor Black (2)")]
    Color(i32),
    /// The rules do not allow the position.
    #[error("{0}")]
    Setup(#[from] SetupError),
}

/// CheckerBoard's colour code of `color`.
pub fn color_code(color: Color) -> i32 {
    match color {
        Color::White => WHITE,
        Color::Black => BLACK,
    }
}

/// The colour CheckerBoard's `code` names.
pub fn color_of(code: i32) -> Result<Color, BoardError> {
    match code {
        WHITE => Ok(Color::White),
        BLACK => Ok(Color::Black),
        other => Err(BoardError::Color(other)),
    }
}

/// CheckerBoard's code of `piece`.
pub fn piece_code(piece: Piece) -> i32 {
    color_code(piece.color)
        | match piece.role {
            Role::Man => MAN,
            Role::King => KING,
        }
}

/// The position `cells` shows with `side` to move, in `game`'s variant.
pub fn read(game: GameType, cells: &Cells, side: i32) -> Result<Board, BoardError> {
    let side = color_of(side)?;
    let (mut white, mut black, mut kings) = (0u128, 0u128, 0u128);
    for (x, column) in (0u32..).zip(cells) {
        for (y, &code) in (0u32..).zip(column) {
            if code == FREE {
                continue;
            }
            let Some(square) = game.square(x, y) else {
                return Err(BoardError::LightSquare { x, y });
            };
            let bit = u128::of(square);
            match code {
                c if c == WHITE | MAN => white |= bit,
                c if c == BLACK | MAN => black |= bit,
                c if c == WHITE | KING => {
                    white |= bit;
                    kings |= bit;
                }
                c if c == BLACK | KING => {
                    black |= bit;
                    kings |= bit;
                }
                _ => return Err(BoardError::Code { x, y, code }),
            }
        }
    }
    Ok(Board::from_sets(game.variant(), white, black, kings, side)?)
}

/// `board` as CheckerBoard's array.
pub fn write(game: GameType, board: &Board) -> Cells {
    let mut cells = [[FREE; 8]; 8];
    for x in 0..8 {
        for y in 0..8 {
            if let Some(piece) = game.square(x, y).and_then(|s| board.piece_at(s)) {
                cells[x as usize][y as usize] = piece_code(piece);
            }
        }
    }
    cells
}

/// A square as CheckerBoard's move record gives it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coor {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

/// The most jumps a move record holds (its arrays' length).
pub const MAX_JUMPS: usize = 12;

/// CheckerBoard's move record (`struct CBmove`), laid out as its header declares it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CbMove {
    /// Pieces captured (0 for a quiet move).
    pub jumps: i32,
    /// The piece on the end square after the move (a king when a man is crowned).
    pub newpiece: i32,
    /// The piece that moved.
    pub oldpiece: i32,
    /// Start square.
    pub from: Coor,
    /// End square.
    pub to: Coor,
    /// `path[1..=jumps]`: the squares landed on, in order (`path[0]` is the start square; a
    /// quiet move has its end square in `path[1]`).
    pub path: [Coor; MAX_JUMPS],
    /// `del[..jumps]`: the squares of the captured pieces, in the order they are jumped.
    pub del: [Coor; MAX_JUMPS],
    /// `delpiece[..jumps]`: the captured pieces.
    pub delpiece: [i32; MAX_JUMPS],
}

/// One jump of a capture: where it lands and the piece it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// Landing square `(x, y)`.
    pub landing: (u32, u32),
    /// Captured square `(x, y)`.
    pub captured: (u32, u32),
    /// The captured piece's code.
    pub piece: i32,
}

/// A legal move of `board` as CheckerBoard sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Start square `(x, y)`.
    pub from: (u32, u32),
    /// End square `(x, y)`.
    pub to: (u32, u32),
    /// The moving piece's code.
    pub old_piece: i32,
    /// Its code on arrival.
    pub new_piece: i32,
    /// The jumps, in order (none for a quiet move).
    pub jumps: Vec<Jump>,
}

impl MoveRecord {
    /// The record of `mv`, a legal move of `board`.
    pub fn of(game: GameType, board: &Board, mv: &AnyMove) -> MoveRecord {
        let at = |s: Square| {
            game.coords_of_square(s)
                .expect("a move's squares are on the board")
        };
        let piece = |s: Square| board.piece_at(s).map_or(FREE, piece_code);
        let from = at(mv.from);
        let old_piece = piece(mv.from);
        let new_piece = if mv.promotes {
            (old_piece & !MAN) | KING
        } else {
            old_piece
        };
        let mut jumps = Vec::new();
        if mv.captured != 0 {
            let mut here = from;
            for landing in board.path(mv) {
                let landing = at(landing);
                let captured = between(here, landing)
                    .find(|&(x, y)| game.square(x, y).is_some_and(|s| mv.captured.contains(s)))
                    .expect("each jump of a capture passes over a captured piece");
                let square = game.square(captured.0, captured.1).expect("on the board");
                jumps.push(Jump {
                    landing,
                    captured,
                    piece: piece(square),
                });
                here = landing;
            }
        }
        MoveRecord {
            from,
            to: at(mv.to),
            old_piece,
            new_piece,
            jumps,
        }
    }

    /// The record laid out as CheckerBoard's `CBmove`.
    pub fn to_cb(&self) -> CbMove {
        let coor = |(x, y): (u32, u32)| Coor {
            x: x as i32,
            y: y as i32,
        };
        let mut cb = CbMove {
            jumps: self.jumps.len() as i32,
            newpiece: self.new_piece,
            oldpiece: self.old_piece,
            from: coor(self.from),
            to: coor(self.to),
            ..CbMove::default()
        };
        cb.path[0] = coor(self.from);
        if self.jumps.is_empty() {
            cb.path[1] = coor(self.to);
        }
        // `path[0]` is the start square, so a record has room for eleven jumps: a longer
        // capture (never seen on 8x8) is shown cut there.
        for (i, jump) in self.jumps.iter().take(MAX_JUMPS - 1).enumerate() {
            cb.path[i + 1] = coor(jump.landing);
            cb.del[i] = coor(jump.captured);
            cb.delpiece[i] = jump.piece;
        }
        cb
    }
}

/// The squares strictly between `a` and `b` on their diagonal.
fn between(a: (u32, u32), b: (u32, u32)) -> impl Iterator<Item = (u32, u32)> {
    let step = |from: u32, to: u32| (to as i32 - from as i32).signum();
    let (dx, dy) = (step(a.0, b.0), step(a.1, b.1));
    let n = (b.0 as i32 - a.0 as i32).unsigned_abs();
    (1..n).map(move |k| {
        (
            (a.0 as i32 + dx * k as i32) as u32,
            (a.1 as i32 + dy * k as i32) as u32,
        )
    })
}
