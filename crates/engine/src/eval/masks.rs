//! Board masks the evaluation reads, built once per search for its board shape.

use damier_core::{BitSet, BoardKind, Color, Geometry};

/// Sets of squares for one board shape, indexed by colour where they depend on it.
pub struct Masks<B> {
    /// `rows[c][r]`: the squares of row `r` counted from colour `c`'s back rank.
    pub rows: [Vec<B>; 2],
    /// The central squares: the middle half of the middle rows.
    pub centre: B,
    /// `cone[c][s]`: the squares in front of `s` that a man of colour `c` there could meet on
    /// its way to the far row (every square within its forward diagonals, widening).
    pub cone: [Vec<B>; 2],
}

impl<B: BitSet> Masks<B> {
    /// The masks of geometry `G`.
    pub fn of<G: Geometry<Bits = B>>() -> Masks<B> {
        let kind = G::KIND;
        let n = kind.size();
        let rows_of = |color: Color| -> Vec<B> {
            (0..n)
                .map(|r| {
                    let row = if color == Color::White { r } else { n - 1 - r };
                    B::from_u128(kind.row_mask(row))
                })
                .collect()
        };
        let mut centre = B::ZERO;
        for row in n / 2 - 2..n / 2 + 2 {
            for col in n / 4..n - n / 4 {
                if let Some(s) = kind.index(row, col) {
                    centre |= B::bit(s);
                }
            }
        }
        let cone_of = |color: Color| -> Vec<B> { (0..128).map(|s| cone(kind, s, color)).collect() };
        Masks {
            rows: [rows_of(Color::White), rows_of(Color::Black)],
            centre,
            cone: [cone_of(Color::White), cone_of(Color::Black)],
        }
    }
}

/// Squares ahead of `s` within a widening cone up to the far row (for Turkish, whose men step
/// forward and sideways, every square of the rows ahead within the same widening).
fn cone<B: BitSet>(kind: BoardKind, s: u32, color: Color) -> B {
    let Some((row, col)) = kind.coords(s) else {
        return B::ZERO;
    };
    let n = kind.size() as i32;
    let (row, col) = (row as i32, col as i32);
    let mut set = B::ZERO;
    let ahead: Box<dyn Iterator<Item = i32>> = if color == Color::White {
        Box::new(row + 1..n)
    } else {
        Box::new((0..row).rev())
    };
    for r in ahead {
        let k = (r - row).abs();
        for c in col - k..=col + k {
            if (0..n).contains(&c) {
                if let Some(t) = kind.index(r as u32, c as u32) {
                    set |= B::bit(t);
                }
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Diagonal10;

    #[test]
    fn rows_and_cones() {
        let m = Masks::<u64>::of::<Diagonal10>();
        assert_eq!(m.rows[0][0], m.rows[1][9]);
        assert_eq!(m.rows[0].iter().map(|r| r.count()).sum::<u32>(), 50);
        assert_eq!(m.centre.count(), 12);
        // A white man on a1 (internal 0): its cone covers the squares ahead on the board.
        let c = m.cone[0][0];
        assert!(c.has(6) && !c.has(0));
        assert_eq!(
            m.cone[1][0], 0,
            "nothing is ahead of a black man on White's back rank"
        );
    }
}
