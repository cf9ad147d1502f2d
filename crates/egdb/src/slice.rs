//! Slices: how many men and kings each side has, seen from the side to move.

use damier_core::{Color, Geometry, Position, Role};
use std::fmt;
use std::str::FromStr;

/// Most pieces a set is built for.
pub const MAX_PIECES: u32 = 8;

/// Why no set can be built up to `pieces` pieces, if none can (fewer than 2 or more than
/// [`MAX_PIECES`]).
pub fn unbuildable_set(pieces: u32) -> Option<String> {
    (!(2..=MAX_PIECES).contains(&pieces))
        .then(|| format!("pieces must be between 2 and {MAX_PIECES}, got {pieces}"))
}

/// A slice of a set: the pieces of a position counted from the side to move ("own") and its
/// opponent. Every database position is stored with the side to move playing White (a
/// position with Black to move is turned round first), so a slice is one file. (The game
/// layer's `Material` counts by colour instead, for the draw rules.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    /// Men of the side to move.
    pub own_men: u8,
    /// Kings of the side to move.
    pub own_kings: u8,
    /// Men of the other side.
    pub opp_men: u8,
    /// Kings of the other side.
    pub opp_kings: u8,
}

impl Slice {
    /// The material of `pos`, from its side to move.
    pub fn of<G: Geometry>(pos: &Position<G>) -> Slice {
        let us = pos.side();
        let them = us.opponent();
        Slice {
            own_men: pos.count(us, Role::Man) as u8,
            own_kings: pos.count(us, Role::King) as u8,
            opp_men: pos.count(them, Role::Man) as u8,
            opp_kings: pos.count(them, Role::King) as u8,
        }
    }

    /// How many [`Slice::dense_key`]s there are.
    pub const DENSE_KEYS: usize = (MAX_PIECES as usize + 1).pow(4);

    /// A number below [`Slice::DENSE_KEYS`], different for each material of at most
    /// [`MAX_PIECES`] pieces a side: a table index where a hash would be slow.
    pub fn dense_key(self) -> usize {
        let base = MAX_PIECES as usize + 1;
        [self.own_men, self.own_kings, self.opp_men, self.opp_kings]
            .iter()
            .fold(0, |key, &n| key * base + usize::from(n))
    }

    /// Pieces on the board.
    pub fn pieces(self) -> u32 {
        self.own() + self.opp()
    }

    /// Pieces of the side to move.
    pub fn own(self) -> u32 {
        u32::from(self.own_men) + u32::from(self.own_kings)
    }

    /// Pieces of the other side.
    pub fn opp(self) -> u32 {
        u32::from(self.opp_men) + u32::from(self.opp_kings)
    }

    /// Men of both sides.
    pub fn men(self) -> u32 {
        u32::from(self.own_men) + u32::from(self.opp_men)
    }

    /// The same pieces with the other side to move.
    pub fn swapped(self) -> Slice {
        Slice {
            own_men: self.opp_men,
            own_kings: self.opp_kings,
            opp_men: self.own_men,
            opp_kings: self.own_kings,
        }
    }

    /// The slice and its swap as one job: the lesser of the two names it.
    pub fn pair_key(self) -> Slice {
        self.min(self.swapped())
    }

    /// Every slice of exactly `pieces` pieces with at least one piece a side, whose men fit
    /// on a board of `squares` squares with `men_per_side` men at most.
    pub fn with_pieces(pieces: u32, men_per_side: u32) -> Vec<Slice> {
        let mut out = Vec::new();
        let cap = men_per_side.min(pieces);
        for own in 1..pieces {
            let opp = pieces - own;
            if own > cap || opp > cap {
                continue;
            }
            for own_men in 0..=own {
                for opp_men in 0..=opp {
                    out.push(Slice {
                        own_men: own_men as u8,
                        own_kings: (own - own_men) as u8,
                        opp_men: opp_men as u8,
                        opp_kings: (opp - opp_men) as u8,
                    });
                }
            }
        }
        out
    }

    /// Every slice up to `pieces` pieces, in an order where each slice comes after every
    /// slice its captures and promotions lead to: fewer pieces first, then fewer men (a
    /// promotion turns a man into a king). A slice and its swap depend on each other and are
    /// built together; only the first of each pair is listed.
    pub fn build_order(pieces: u32, men_per_side: u32) -> Vec<Slice> {
        let mut all: Vec<Slice> = (2..=pieces)
            .flat_map(|n| Slice::with_pieces(n, men_per_side))
            .filter(|m| m.pair_key() == *m)
            .collect();
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }

    /// The pair a build makes of this slice, as a build names it: `K2M1-K1 and K1-K2M1`, or
    /// the slice alone when it is its own swap (`K1-K1`).
    pub fn pair_name(self) -> String {
        if self.swapped() == self {
            self.to_string()
        } else {
            format!("{self} and {}", self.swapped())
        }
    }

    /// Why no set can hold this slice, if none can: a side without a piece, or more than
    /// [`MAX_PIECES`] pieces.
    pub fn unbuildable(self) -> Option<String> {
        (self.own() == 0 || self.opp() == 0 || self.pieces() > MAX_PIECES)
            .then(|| format!("each side needs a piece, and {MAX_PIECES} pieces at most"))
    }

    /// Colour of the side to move in a stored (turned) position.
    pub const MOVER: Color = Color::White;
}

impl fmt::Display for Slice {
    /// `K2M1-K1`: kings and men of the side to move, then of the other side (empty counts are
    /// left out; a side with nothing would print as `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn side(f: &mut fmt::Formatter<'_>, kings: u8, men: u8) -> fmt::Result {
            if kings == 0 && men == 0 {
                return write!(f, "0");
            }
            if kings > 0 {
                write!(f, "K{kings}")?;
            }
            if men > 0 {
                write!(f, "M{men}")?;
            }
            Ok(())
        }
        side(f, self.own_kings, self.own_men)?;
        write!(f, "-")?;
        side(f, self.opp_kings, self.opp_men)
    }
}

/// A slice name that does not read as `K<n>M<n>-K<n>M<n>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a material slice (write kings and men of the side to move, a dash, then the other side's: K2M1-K1, M2-M1K1)")]
pub struct BadSlice(pub String);

impl FromStr for Slice {
    type Err = BadSlice;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadSlice(text.to_string());
        if !text.is_ascii() {
            return Err(bad());
        }
        let side = |part: &str| -> Option<(u8, u8)> {
            if part == "0" {
                return Some((0, 0));
            }
            let (mut kings, mut men) = (0u8, 0u8);
            let mut rest = part;
            while !rest.is_empty() {
                let letter = rest.as_bytes()[0].to_ascii_uppercase();
                let digits = rest[1..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(rest.len(), |i| i + 1);
                let n: u8 = rest[1..digits].parse().ok()?;
                match letter {
                    b'K' => kings = n,
                    b'M' => men = n,
                    _ => return None,
                }
                rest = &rest[digits..];
            }
            Some((kings, men))
        };
        let (own, opp) = text.split_once('-').ok_or_else(bad)?;
        let (own_kings, own_men) = side(own).ok_or_else(bad)?;
        let (opp_kings, opp_men) = side(opp).ok_or_else(bad)?;
        Ok(Slice {
            own_men,
            own_kings,
            opp_men,
            opp_kings,
        })
    }
}

/// `pos` seen from its side to move: unchanged with White to move, turned round with Black.
pub fn oriented<G: Geometry>(pos: &Position<G>) -> Position<G> {
    if pos.side() == Slice::MOVER {
        *pos
    } else {
        pos.turned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for m in Slice::build_order(5, 12) {
            let text = m.to_string();
            assert_eq!(text.parse::<Slice>(), Ok(m), "{text}");
        }
        assert!("K2".parse::<Slice>().is_err());
        assert!("X1-K1".parse::<Slice>().is_err());
    }

    #[test]
    fn a_pair_is_named_by_both_slices_unless_they_are_one() {
        let slice = |text: &str| text.parse::<Slice>().unwrap();
        assert_eq!(slice("K2M1-K1").pair_name(), "K2M1-K1 and K1-K2M1");
        assert_eq!(slice("K1-K1").pair_name(), "K1-K1");
    }

    #[test]
    fn dense_keys_differ_and_fit() {
        let all: Vec<Slice> = (2..=MAX_PIECES)
            .flat_map(|n| Slice::with_pieces(n, MAX_PIECES))
            .collect();
        let mut keys: Vec<usize> = all.iter().map(|m| m.dense_key()).collect();
        assert!(keys.iter().all(|&k| k < Slice::DENSE_KEYS));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all.len());
    }

    #[test]
    fn build_order_puts_dependencies_first() {
        let order = Slice::build_order(4, 12);
        let place = |m: Slice| order.iter().position(|x| *x == m.pair_key()).unwrap();
        for &m in &order {
            for s in [m, m.swapped()] {
                // A promotion by the side to move, and a capture of one of the other side's men.
                if s.own_men > 0 {
                    let promoted = Slice {
                        own_men: s.own_men - 1,
                        own_kings: s.own_kings + 1,
                        ..s
                    };
                    assert!(place(promoted.swapped()) < place(m));
                }
                if s.opp_men > 0 && s.opp() > 1 {
                    let captured = Slice {
                        opp_men: s.opp_men - 1,
                        ..s
                    };
                    assert!(place(captured.swapped()) < place(m));
                }
            }
        }
        // 2 pieces: K-K, K-M, M-M (and their swaps, built with them) = 3 jobs.
        assert_eq!(Slice::build_order(2, 12).len(), 3);
    }
}
