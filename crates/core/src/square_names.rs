//! Square names per variant: PDN numbers or algebraic names, and real-board coordinates.
//!
//! Internal indices live on the canonical board (a1 playing). A mirrored variant's real board is
//! the canonical one reflected left to right, so only names and drawings see the reflection.

use crate::geometry::BoardKind;
use crate::rules::{Rules, SquareNaming};
use crate::square::Square;
use crate::variant::Variant;
use std::sync::OnceLock;

/// A way of naming a board's squares: the variant's own (RULES.md §4), or another that a PDN
/// `GameType` names (Russian games numbered as English ones, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameScheme {
    /// Letters and digits (`c3`) rather than numbers.
    pub algebraic: bool,
    /// Where square 1 (or a1) is, seen from White: 0 bottom-left, 1 bottom-right, 2 top-left,
    /// 3 top-right. Numbers run row by row from it; letters and digits count away from it.
    pub corner: u8,
    /// Whether the board is the canonical one (a1 playing) reflected left to right.
    pub mirrored: bool,
}

impl NameScheme {
    /// The scheme `rules`' variant names its squares by.
    pub fn of(rules: &Rules) -> NameScheme {
        let (corner, algebraic) = match rules.naming {
            SquareNaming::Numeric { corner } => (corner, false),
            SquareNaming::Algebraic => (0, true),
        };
        NameScheme {
            algebraic,
            corner,
            mirrored: rules.mirrored,
        }
    }

    fn left_first(self) -> bool {
        self.corner.is_multiple_of(2)
    }

    fn bottom_first(self) -> bool {
        self.corner < 2
    }
}

/// How one variant names its squares.
#[derive(Debug)]
pub struct SquareNames {
    kind: BoardKind,
    scheme: NameScheme,
    /// The square numbered `i + 1`.
    by_number: Vec<Square>,
    /// PDN number of each internal index (0: not a playing square).
    number_of: [u16; 128],
}

impl SquareNames {
    /// The names used by `rules`' variant.
    pub fn of(rules: &Rules) -> &'static SquareNames {
        static ALL: OnceLock<Vec<(Variant, SquareNames)>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            Variant::all()
                .map(|v| {
                    let rules = v.rules();
                    (v, SquareNames::new(rules.board, NameScheme::of(rules)))
                })
                .collect()
        });
        &all.iter()
            .find(|(v, _)| *v == rules.variant)
            .expect("every variant has names")
            .1
    }

    /// The names `scheme` gives the squares of a `kind` board. Algebraic schemes still get an
    /// order (from their corner, row by row) for lists and strings.
    pub fn new(kind: BoardKind, scheme: NameScheme) -> SquareNames {
        let n = kind.size();
        let mut names = SquareNames {
            kind,
            scheme,
            by_number: Vec::new(),
            number_of: [0; 128],
        };
        for i in 0..n {
            let row = if scheme.bottom_first() { i } else { n - 1 - i };
            for j in 0..n {
                let real_col = if scheme.left_first() { j } else { n - 1 - j };
                if let Some(s) = names.at_real(row, real_col) {
                    names.by_number.push(s);
                    names.number_of[usize::from(s)] = names.by_number.len() as u16;
                }
            }
        }
        names
    }

    /// Whether squares are named a1–h8 rather than numbered.
    pub fn is_algebraic(&self) -> bool {
        self.scheme.algebraic
    }

    /// Number of playing squares.
    pub fn len(&self) -> usize {
        self.by_number.len()
    }

    /// Always false: every board has squares.
    pub fn is_empty(&self) -> bool {
        self.by_number.is_empty()
    }

    /// The squares in PDN number order (square 1 first).
    pub fn in_order(&self) -> impl Iterator<Item = Square> + '_ {
        self.by_number.iter().copied()
    }

    /// PDN number of a square (1-based), if it is a playing square.
    pub fn number(&self, square: Square) -> Option<u32> {
        match self.number_of.get(usize::from(square)) {
            Some(&n) if n > 0 => Some(n as u32),
            _ => None,
        }
    }

    /// The square of a PDN number.
    pub fn from_number(&self, number: u32) -> Option<Square> {
        let i = number.checked_sub(1)? as usize;
        self.by_number.get(i).copied()
    }

    /// (row, column) on the real board as White sees it (row 0 at the bottom, column 0 = a).
    pub fn real_coords(&self, square: Square) -> Option<(u32, u32)> {
        let (row, col) = self.kind.coords(square.index())?;
        let col = if self.scheme.mirrored {
            self.kind.size() - 1 - col
        } else {
            col
        };
        Some((row, col))
    }

    /// The square at real-board (row, column), if it is a playing square.
    pub fn at_real(&self, row: u32, col: u32) -> Option<Square> {
        let n = self.kind.size();
        if col >= n {
            return None;
        }
        let col = if self.scheme.mirrored {
            n - 1 - col
        } else {
            col
        };
        self.kind.index(row, col).map(Square::new)
    }

    /// (file, rank) of real-board (row, column), both counted from the scheme's corner.
    fn counted_from_corner(&self, row: u32, col: u32) -> (u32, u32) {
        let n = self.kind.size();
        let file = if self.scheme.left_first() {
            col
        } else {
            n - 1 - col
        };
        let rank = if self.scheme.bottom_first() {
            row
        } else {
            n - 1 - row
        };
        (file, rank)
    }

    /// The square's name in the variant's notation (`32`, `c3`).
    pub fn name(&self, square: Square) -> String {
        if self.scheme.algebraic {
            match self.real_coords(square) {
                Some((row, col)) => {
                    let (file, rank) = self.counted_from_corner(row, col);
                    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
                }
                None => "?".to_string(),
            }
        } else {
            match self.number(square) {
                Some(n) => n.to_string(),
                None => "?".to_string(),
            }
        }
    }

    /// The square a name denotes, if it names a playing square.
    pub fn parse(&self, text: &str) -> Option<Square> {
        let text = text.trim();
        if self.scheme.algebraic {
            let bytes = text.as_bytes();
            if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() {
                return None;
            }
            let file = (bytes[0].to_ascii_lowercase() - b'a') as u32;
            if !bytes[1..].iter().all(u8::is_ascii_digit) {
                return None;
            }
            let rank: u32 = text[1..].parse().ok()?;
            let n = self.kind.size();
            if file >= n || rank == 0 || rank > n {
                return None;
            }
            // Counting away from the corner is its own inverse.
            let (col, row) = self.counted_from_corner(rank - 1, file);
            self.at_real(row, col)
        } else {
            if !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 3 {
                return None;
            }
            self.from_number(text.parse().ok()?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Base;

    fn names(base: Base) -> &'static SquareNames {
        SquareNames::of(Variant::new(base).rules())
    }

    #[test]
    fn international_square_one_is_b10_and_46_is_a1() {
        let n = names(Base::International);
        assert_eq!(n.real_coords(n.from_number(1).unwrap()), Some((9, 1)));
        assert_eq!(n.real_coords(n.from_number(46).unwrap()), Some((0, 0)));
        assert_eq!(n.real_coords(n.from_number(50).unwrap()), Some((0, 8)));
    }

    #[test]
    fn english_black_men_on_one_to_twelve() {
        let n = names(Base::English);
        assert_eq!(n.real_coords(n.from_number(1).unwrap()), Some((7, 1)));
        assert_eq!(n.real_coords(n.from_number(29).unwrap()), Some((0, 0)));
        assert_eq!(n.real_coords(n.from_number(32).unwrap()), Some((0, 6)));
    }

    #[test]
    fn mirrored_boards() {
        // Italian: square 1 top-left (a8), White's men on 21–32, a1 not a playing square.
        let it = names(Base::Italian);
        assert_eq!(it.real_coords(it.from_number(1).unwrap()), Some((7, 0)));
        assert_eq!(it.real_coords(it.from_number(32).unwrap()), Some((0, 7)));
        assert_eq!(it.at_real(0, 0), None);
        // Spanish: square 1 bottom-right (h1).
        let sp = names(Base::Spanish);
        assert_eq!(sp.real_coords(sp.from_number(1).unwrap()), Some((0, 7)));
        assert_eq!(sp.real_coords(sp.from_number(4).unwrap()), Some((0, 1)));
    }

    #[test]
    fn algebraic_names_round_trip() {
        let ru = names(Base::Russian);
        let c3 = ru.parse("c3").unwrap();
        assert_eq!(ru.name(c3), "c3");
        assert_eq!(ru.parse("b3"), None);
        assert_eq!(ru.parse("i1"), None);
        let tk = names(Base::Turkish);
        assert_eq!(tk.len(), 64);
        assert_eq!(tk.name(tk.parse("h8").unwrap()), "h8");
    }

    #[test]
    fn another_scheme_names_the_same_board_from_its_corner() {
        // Russian squares numbered as English ones: c3 is 22, d4 is 18, a1 is 29.
        let ru = names(Base::Russian);
        let numbered = SquareNames::new(
            BoardKind::Diagonal8,
            NameScheme {
                algebraic: false,
                corner: 2,
                mirrored: false,
            },
        );
        assert_eq!(numbered.parse("22"), ru.parse("c3"));
        assert_eq!(numbered.parse("18"), ru.parse("d4"));
        assert_eq!(numbered.name(ru.parse("a1").unwrap()), "29");
        // Letters and digits from the bottom-right corner: that corner is a1.
        let from_right = SquareNames::new(
            BoardKind::Diagonal8,
            NameScheme {
                algebraic: true,
                corner: 1,
                mirrored: true,
            },
        );
        let h1 = from_right.parse("a1").unwrap();
        assert_eq!(from_right.real_coords(h1), Some((0, 7)));
        assert_eq!(from_right.name(h1), "a1");
        assert_eq!(from_right.parse("h1"), None, "a light square here");
        for s in from_right.in_order() {
            assert_eq!(from_right.parse(&from_right.name(s)), Some(s));
        }
        assert_eq!(from_right.parse("i1"), None);
        assert_eq!(from_right.parse("a0"), None);
        assert_eq!(from_right.parse("a9"), None);
        assert_eq!(from_right.parse("a+1"), None, "a sign is no rank");
    }
}
