//! # damier-core: the rules of draughts, every variant
//!
//! This crate is the one place that knows the rules. It has no I/O.
//!
//! - [`Variant`] names a game (`"international"`, `"russian-giveaway"`, aliases such as
//!   `"checkers"`); [`Variant::rules`] gives its [`Rules`], the variant as data.
//! - [`Position`] is generic over a [`Geometry`] (board shape), so move generation is compiled
//!   once per shape: [`Diagonal8`], [`Diagonal10`], [`Diagonal12`], [`Orthogonal8`].
//!   Code that learns the variant at run time dispatches once with [`with_geometry!`].
//! - [`Move`] is `from`, `to` and the set of captured squares; two capture sequences with the
//!   same start, end and captured set are the same move.
//! - A [`Square`] is a playing square by its internal index (its bit in a [`BitSet`]);
//!   [`SquareNames`] gives its number or letters in the variant's notation and reads them
//!   back, so an index and a PDN number never pass for each other.
//! - [`fen`] reads and writes PDN FEN; [`notation`] names squares and moves; [`hub`] writes
//!   the Hub protocol's position string; [`perft`] counts move paths.
//!
//! ```
//! use damier_core::{Diagonal10, Position, Variant};
//! let pos = Position::<Diagonal10>::start(Variant::INTERNATIONAL.rules());
//! assert_eq!(pos.legal_moves().len(), 9);
//! assert_eq!(damier_core::perft::perft(&pos, 3), 658);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bitset;
pub mod capture_path;
pub mod fen;
pub mod geometry;
pub mod hub;
pub mod move_code;
mod movegen;
mod moves;
pub mod notation;
pub mod perft;
mod position;
pub mod rng;
pub mod rules;
mod square;
mod square_names;
pub mod variant;
mod zobrist;

pub use bitset::BitSet;
pub use capture_path::CapturePath;
pub use geometry::{BoardKind, Diagonal10, Diagonal12, Diagonal8, Geometry, Orthogonal8};
pub use moves::{Mobility, Move, MoveList};
pub use position::{KingRun, PlayError, Position, SetupDefect, SetupError, Undo};
pub use rules::Rules;
pub use square::Square;
pub use square_names::{NameScheme, SquareNames};
pub use variant::{Base, UnknownVariant, Variant};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that sets up on rows 1, 2, … (bottom).
    White = 0,
    /// The side that sets up on the far rows.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The English name with a capital, to begin a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// Man or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An uncrowned piece.
    Man,
    /// A crowned piece.
    King,
}

/// A piece: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// Run `$body` with the type alias `$g` bound to the geometry of `$board` (a [`BoardKind`]).
///
/// ```
/// use damier_core::{with_geometry, Position, Variant};
/// let rules = Variant::INTERNATIONAL.rules();
/// let n = with_geometry!(rules.board, G => Position::<G>::start(rules).legal_moves().len());
/// assert_eq!(n, 9);
/// ```
#[macro_export]
macro_rules! with_geometry {
    ($board:expr, $g:ident => $body:expr) => {
        match $board {
            $crate::BoardKind::Diagonal8 => {
                type $g = $crate::Diagonal8;
                $body
            }
            $crate::BoardKind::Diagonal10 => {
                type $g = $crate::Diagonal10;
                $body
            }
            $crate::BoardKind::Diagonal12 => {
                type $g = $crate::Diagonal12;
                $body
            }
            $crate::BoardKind::Orthogonal8 => {
                type $g = $crate::Orthogonal8;
                $body
            }
        }
    };
}
