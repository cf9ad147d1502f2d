//! The Hub protocol's position string: the side to move (`W`/`B`), then one character per
//! playing square in PDN number order: `w`/`b` men, `W`/`B` kings, `e` empty.
//!
//! Hub defines it for 10x10; Damier uses the same form on every board, one character per
//! playing square of that board.

use crate::bitset::BitSet;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::rules::Rules;
use crate::square_names::SquareNames;
use crate::Color;

/// Why a Hub position string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HubPosError {
    /// Wrong number of characters for the board.
    #[error("Hub position has {found} characters, expected {expected} (side + one per square)")]
    Length {
        /// Characters found.
        found: usize,
        /// Characters expected.
        expected: usize,
    },
    /// A character that is not a side or a square code.
    #[error("Hub position character {index}: '{found}' is not one of W B w b e")]
    Char {
        /// 0-based index in the string.
        index: usize,
        /// The character found.
        found: char,
    },
    /// The pieces do not make a position.
    #[error("Hub position: {0}")]
    Position(String),
}

/// Write the position string.
pub fn write<G: Geometry>(pos: &Position<G>) -> String {
    let names = SquareNames::of(pos.rules());
    let mut s = String::with_capacity(names.len() + 1);
    s.push(pos.side().letter());
    for sq in names.in_order() {
        s.push(match pos.piece_at(sq) {
            None => 'e',
            Some(p) => match (p.color, p.role) {
                (Color::White, crate::Role::Man) => 'w',
                (Color::Black, crate::Role::Man) => 'b',
                (Color::White, crate::Role::King) => 'W',
                (Color::Black, crate::Role::King) => 'B',
            },
        });
    }
    s
}

/// Read a position string for the variant of `rules`.
///
/// # Errors
/// [`HubPosError`] on a wrong length, an unknown character or an impossible position.
pub fn parse<G: Geometry>(rules: &'static Rules, text: &str) -> Result<Position<G>, HubPosError> {
    let names = SquareNames::of(rules);
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != names.len() + 1 {
        return Err(HubPosError::Length {
            found: chars.len(),
            expected: names.len() + 1,
        });
    }
    let side = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        found => return Err(HubPosError::Char { index: 0, found }),
    };
    let mut sets = [G::Bits::ZERO; 2];
    let mut kings = G::Bits::ZERO;
    for (i, (sq, &c)) in names.in_order().zip(&chars[1..]).enumerate() {
        let bit = G::Bits::of(sq);
        match c {
            'e' | '.' => {}
            'w' => sets[0] |= bit,
            'b' => sets[1] |= bit,
            'W' => {
                sets[0] |= bit;
                kings |= bit;
            }
            'B' => {
                sets[1] |= bit;
                kings |= bit;
            }
            found => {
                return Err(HubPosError::Char {
                    index: i + 1,
                    found,
                })
            }
        }
    }
    Position::from_parts(rules, sets[0], sets[1], kings, side)
        .map_err(|e| HubPosError::Position(crate::fen::explain(&e, names)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Diagonal10, Variant};

    #[test]
    fn start_position_string() {
        let rules = Variant::INTERNATIONAL.rules();
        let start = Position::<Diagonal10>::start(rules);
        let s = write(&start);
        assert_eq!(
            s,
            format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20))
        );
        assert_eq!(parse::<Diagonal10>(rules, &s).unwrap(), start);
        assert!(matches!(
            parse::<Diagonal10>(rules, "Wbb"),
            Err(HubPosError::Length { .. })
        ));
    }
}
