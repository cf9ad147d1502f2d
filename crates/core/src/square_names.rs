//! Square names per variant: PDN numbers or algebraic names, and real-board coordinates.
//!
//! Internal indices live on the canonical board (a1 playing). A mirrored variant's real board is
//! the canonical one reflected left to right, so only names and drawings see the reflection.

use crate::geometry::BoardKind;
use crate::rules::{Rules, SquareNaming};
use crate::variant::Variant;
use std::sync::OnceLock;

/// How one variant names its squares.
#[derive(Debug)]
pub struct SquareNames {
    kind: BoardKind,
    mirrored: bool,
    algebraic: bool,
    /// Internal index of square number `i + 1`.
    by_number: Vec<u8>,
    /// PDN number of each internal index (0: not a playing square).
    number_of: [u16; 128],
}

impl SquareNames {
    /// The names used by `rules`' variant.
    pub fn of(rules: &Rules) -> &'static SquareNames {
        static ALL: OnceLock<Vec<(Variant, SquareNames)>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            Variant::all()
                .map(|v| (v, SquareNames::build(v.rules())))
                .collect()
        });
        &all.iter()
            .find(|(v, _)| *v == rules.variant)
            .expect("every variant has names")
            .1
    }

    fn build(rules: &Rules) -> SquareNames {
        let kind = rules.board;
        let n = kind.size();
        // Algebraic variants still get an order (a1 first, row by row) for lists and strings.
        let (corner, algebraic) = match rules.naming {
            SquareNaming::Numeric { corner } => (corner, false),
            SquareNaming::Algebraic => (0, true),
        };
        let top_first = corner >= 2;
        let left_first = corner % 2 == 0;
        let mut names = SquareNames {
            kind,
            mirrored: rules.mirrored,
            algebraic,
            by_number: Vec::new(),
            number_of: [0; 128],
        };
        for i in 0..n {
            let row = if top_first { n - 1 - i } else { i };
            for j in 0..n {
                let real_col = if left_first { j } else { n - 1 - j };
                let col = if rules.mirrored {
                    n - 1 - real_col
                } else {
                    real_col
                };
                if let Some(s) = kind.index(row, col) {
                    names.by_number.push(s as u8);
                    names.number_of[s as usize] = names.by_number.len() as u16;
                }
            }
        }
        names
    }

    /// Whether squares are named a1–h8 rather than numbered.
    pub fn is_algebraic(&self) -> bool {
        self.algebraic
    }

    /// Number of playing squares.
    pub fn len(&self) -> usize {
        self.by_number.len()
    }

    /// Always false: every board has squares.
    pub fn is_empty(&self) -> bool {
        self.by_number.is_empty()
    }

    /// Internal indices in PDN number order (square 1 first).
    pub fn in_order(&self) -> impl Iterator<Item = u32> + '_ {
        self.by_number.iter().map(|&s| s as u32)
    }

    /// PDN number of an internal square (1-based), if it is a playing square.
    pub fn number(&self, square: u32) -> Option<u32> {
        match self.number_of.get(square as usize) {
            Some(&n) if n > 0 => Some(n as u32),
            _ => None,
        }
    }

    /// Internal square of a PDN number.
    pub fn from_number(&self, number: u32) -> Option<u32> {
        let i = number.checked_sub(1)? as usize;
        self.by_number.get(i).map(|&s| s as u32)
    }

    /// (row, column) on the real board as White sees it (row 0 at the bottom, column 0 = a).
    pub fn real_coords(&self, square: u32) -> Option<(u32, u32)> {
        let (row, col) = self.kind.coords(square)?;
        let col = if self.mirrored {
            self.kind.size() - 1 - col
        } else {
            col
        };
        Some((row, col))
    }

    /// Internal square at real-board (row, column), if it is a playing square.
    pub fn at_real(&self, row: u32, col: u32) -> Option<u32> {
        let n = self.kind.size();
        if col >= n {
            return None;
        }
        let col = if self.mirrored { n - 1 - col } else { col };
        self.kind.index(row, col)
    }

    /// The square's name in the variant's notation (`32`, `c3`).
    pub fn name(&self, square: u32) -> String {
        if self.algebraic {
            match self.real_coords(square) {
                Some((row, col)) => format!("{}{}", (b'a' + col as u8) as char, row + 1),
                None => "?".to_string(),
            }
        } else {
            match self.number(square) {
                Some(n) => n.to_string(),
                None => "?".to_string(),
            }
        }
    }

    /// The internal square a name denotes, if it names a playing square.
    pub fn parse(&self, text: &str) -> Option<u32> {
        let text = text.trim();
        if self.algebraic {
            let bytes = text.as_bytes();
            if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() {
                return None;
            }
            let col = (bytes[0].to_ascii_lowercase() - b'a') as u32;
            let rank: u32 = text[1..].parse().ok()?;
            self.at_real(rank.checked_sub(1)?, col)
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
}
