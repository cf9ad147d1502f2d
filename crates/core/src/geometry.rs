//! Board geometry: where the squares sit in a bit set, and how to step between them.
//!
//! Diagonal boards (8x8, 10x10, 12x12) use only the playing squares, laid out as Scan does:
//! each pair of rows takes `n + 1` bits — `n/2` squares of the lower row, one unused "ghost"
//! bit, `n/2` squares of the upper row. A diagonal step is then the same shift everywhere
//! (`n/2` or `n/2 + 1`), and a step off the board lands on a ghost bit, which is never empty.
//!
//! ```text
//!   10x10, bits of rows 0 and 1 (row 0 = White's back rank):
//!   row 1:   6  7  8  9 10      (cols 1 3 5 7 9)
//!   row 0: 0  1  2  3  4  [5]   (cols 0 2 4 6 8; 5 is a ghost)
//! ```
//!
//! Internally a1 (row 0, col 0) is always a playing square; variants played on the mirrored
//! board are mapped by the notation code, since the rules are symmetric left to right.
//! Turkish draughts uses all 64 squares of an 8x8 board, one bit per square (`8 * row + col`).

use crate::bitset::BitSet;
use crate::Color;
use std::sync::OnceLock;

/// Marks "no square" in the step tables.
pub const NONE: u8 = u8::MAX;

/// The eight step directions, paired so that `d ^ 1` is the opposite of `d`.
///
/// "North" is towards Black (higher rows). On diagonal boards the orthogonal directions
/// (used only by Frisian captures) step two rows or two columns, to the next playing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Dir {
    /// Up and right.
    NorthEast = 0,
    /// Down and left.
    SouthWest = 1,
    /// Up and left.
    NorthWest = 2,
    /// Down and right.
    SouthEast = 3,
    /// Straight up.
    North = 4,
    /// Straight down.
    South = 5,
    /// Right.
    East = 6,
    /// Left.
    West = 7,
}

impl Dir {
    /// All eight, in index order.
    pub const ALL: [Dir; 8] = [
        Dir::NorthEast,
        Dir::SouthWest,
        Dir::NorthWest,
        Dir::SouthEast,
        Dir::North,
        Dir::South,
        Dir::East,
        Dir::West,
    ];

    /// The direction pointing the other way.
    #[inline(always)]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize) ^ 1]
    }

    /// Whether this is one of the four diagonal directions.
    #[inline(always)]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) < 4
    }

    /// (row, column) change of one step on the real board.
    const fn vector(self, diagonal_board: bool) -> (i32, i32) {
        let k = if diagonal_board { 2 } else { 1 };
        match self {
            Dir::NorthEast => (1, 1),
            Dir::SouthWest => (-1, -1),
            Dir::NorthWest => (1, -1),
            Dir::SouthEast => (-1, 1),
            Dir::North => (k, 0),
            Dir::South => (-k, 0),
            Dir::East => (0, k),
            Dir::West => (0, -k),
        }
    }
}

/// The shapes of board Damier plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// 8x8, 32 playing squares.
    Diagonal8,
    /// 10x10, 50 playing squares.
    Diagonal10,
    /// 12x12, 72 playing squares.
    Diagonal12,
    /// 8x8, all 64 squares, orthogonal moves (Turkish).
    Orthogonal8,
}

impl BoardKind {
    /// Side length.
    pub const fn size(self) -> u32 {
        match self {
            BoardKind::Diagonal8 | BoardKind::Orthogonal8 => 8,
            BoardKind::Diagonal10 => 10,
            BoardKind::Diagonal12 => 12,
        }
    }

    /// Whether only one colour of square is used.
    pub const fn is_diagonal(self) -> bool {
        !matches!(self, BoardKind::Orthogonal8)
    }

    /// Number of playing squares.
    pub const fn squares(self) -> u32 {
        let n = self.size();
        if self.is_diagonal() {
            n * n / 2
        } else {
            n * n
        }
    }

    /// Number of bits the layout spans, ghosts included.
    pub const fn bits(self) -> u32 {
        let n = self.size();
        if self.is_diagonal() {
            (n / 2) * (n + 1)
        } else {
            64
        }
    }

    /// Bit shift of one step in a diagonal direction on a diagonal board (0 otherwise).
    pub const fn diagonal_delta(self, d: Dir) -> i32 {
        if !self.is_diagonal() {
            return 0;
        }
        let half = (self.size() / 2) as i32;
        match d {
            Dir::NorthEast => half + 1,
            Dir::SouthWest => -(half + 1),
            Dir::NorthWest => half,
            Dir::SouthEast => -half,
            _ => 0,
        }
    }

    /// Internal index of (row, col) on the canonical board, if it is a playing square.
    pub const fn index(self, row: u32, col: u32) -> Option<u32> {
        let n = self.size();
        if row >= n || col >= n {
            return None;
        }
        if !self.is_diagonal() {
            return Some(row * 8 + col);
        }
        if (row + col) % 2 != 0 {
            return None;
        }
        Some((row / 2) * (n + 1) + (row % 2) * (n / 2 + 1) + col / 2)
    }

    /// (row, col) of an internal index, if it is a playing square.
    pub fn coords(self, index: u32) -> Option<(u32, u32)> {
        let n = self.size();
        if !self.is_diagonal() {
            return (index < 64).then_some((index / 8, index % 8));
        }
        let pair = index / (n + 1);
        let rest = index % (n + 1);
        let half = n / 2;
        let (row, i) = if rest < half {
            (pair * 2, rest)
        } else if rest == half {
            return None;
        } else {
            (pair * 2 + 1, rest - half - 1)
        };
        if row >= n {
            return None;
        }
        let col = 2 * i + row % 2;
        Some((row, col))
    }
}

/// Precomputed steps and rays for one board shape.
#[derive(Debug)]
pub struct Tables<B> {
    /// The board shape these tables describe.
    pub kind: BoardKind,
    /// Every playing square.
    pub all: B,
    /// Shift amount of one step in each direction (0 where the board has no such direction).
    pub delta: [i32; 8],
    /// Squares from which one step in a direction stays on the board.
    pub can_step: [B; 8],
    /// `next[d][s]`: the square one step from `s` in direction `d`, or [`NONE`].
    pub next: [[u8; 128]; 8],
    /// `ray[d][s]`: every square beyond `s` in direction `d`, up to the edge.
    pub ray: [[B; 128]; 8],
    /// Far rows: where each colour's men are crowned (indexed by [`Color`]).
    pub promotion: [B; 2],
    /// Row of each playing square (0 = White's back rank).
    pub row: [u8; 128],
    /// Column of each playing square on the canonical board.
    pub col: [u8; 128],
}

impl<B: BitSet> Tables<B> {
    fn build(kind: BoardKind) -> Self {
        let n = kind.size();
        let diagonal = kind.is_diagonal();
        let mut t = Tables {
            kind,
            all: B::ZERO,
            delta: [0; 8],
            can_step: [B::ZERO; 8],
            next: [[NONE; 128]; 8],
            ray: [[B::ZERO; 128]; 8],
            promotion: [B::ZERO; 2],
            row: [u8::MAX; 128],
            col: [u8::MAX; 128],
        };
        for row in 0..n {
            for col in 0..n {
                let Some(s) = kind.index(row, col) else {
                    continue;
                };
                t.all |= B::bit(s);
                t.row[s as usize] = row as u8;
                t.col[s as usize] = col as u8;
                if row == n - 1 {
                    t.promotion[Color::White as usize] |= B::bit(s);
                }
                if row == 0 {
                    t.promotion[Color::Black as usize] |= B::bit(s);
                }
                for d in Dir::ALL {
                    let (dr, dc) = d.vector(diagonal);
                    let (mut r, mut c) = (row as i32, col as i32);
                    let mut first = true;
                    loop {
                        r += dr;
                        c += dc;
                        if r < 0 || c < 0 || r >= n as i32 || c >= n as i32 {
                            break;
                        }
                        let Some(v) = kind.index(r as u32, c as u32) else {
                            break;
                        };
                        if first {
                            t.next[d as usize][s as usize] = v as u8;
                            t.can_step[d as usize] |= B::bit(s);
                            t.delta[d as usize] = v as i32 - s as i32;
                            first = false;
                        }
                        t.ray[d as usize][s as usize] |= B::bit(v);
                    }
                }
            }
        }
        t
    }

    /// Apply one step in direction `d` to every member of `set` (members that would leave
    /// the board are dropped).
    #[inline(always)]
    pub fn step(&self, set: B, d: Dir) -> B {
        (set & self.can_step[d as usize]).shift(self.delta[d as usize])
    }

    /// The members of `set` whose neighbour in direction `d` is in `targets`.
    #[inline(always)]
    pub fn step_back(&self, targets: B, d: Dir) -> B {
        targets.shift(-self.delta[d as usize]) & self.can_step[d as usize]
    }
}

/// One step in direction `d` for every member of `set`.
///
/// On diagonal boards a diagonal step is a constant shift with no mask: a step off the board
/// lands on a ghost bit or beyond the board, so the result may hold bits that are not playing
/// squares. Callers intersect it with a set of real squares (empty, enemies, …) before use.
#[inline(always)]
pub fn step<G: Geometry>(set: G::Bits, d: Dir) -> G::Bits {
    if G::KIND.is_diagonal() && d.is_diagonal() {
        set.shift(G::KIND.diagonal_delta(d))
    } else {
        G::tables().step(set, d)
    }
}

/// The squares whose neighbour in direction `d` is in `targets` (same caveat as [`step`]).
#[inline(always)]
pub fn step_back<G: Geometry>(targets: G::Bits, d: Dir) -> G::Bits {
    if G::KIND.is_diagonal() && d.is_diagonal() {
        targets.shift(-G::KIND.diagonal_delta(d))
    } else {
        G::tables().step_back(targets, d)
    }
}

/// A board shape known at compile time, so that move generation is monomorphised per shape.
pub trait Geometry: Copy + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The bit set wide enough for this board.
    type Bits: BitSet;
    /// The shape.
    const KIND: BoardKind;
    /// The shape's tables, built on first use.
    fn tables() -> &'static Tables<Self::Bits>;
}

macro_rules! geometry {
    ($(#[$doc:meta])* $name:ident, $bits:ty, $kind:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Geometry for $name {
            type Bits = $bits;
            const KIND: BoardKind = $kind;
            #[inline(always)]
            fn tables() -> &'static Tables<$bits> {
                static TABLES: OnceLock<Tables<$bits>> = OnceLock::new();
                TABLES.get_or_init(|| Tables::build($kind))
            }
        }
    };
}

geometry!(
    /// 8x8 board, playing squares only.
    Diagonal8,
    u64,
    BoardKind::Diagonal8
);
geometry!(
    /// 10x10 board, playing squares only.
    Diagonal10,
    u64,
    BoardKind::Diagonal10
);
geometry!(
    /// 12x12 board, playing squares only.
    Diagonal12,
    u128,
    BoardKind::Diagonal12
);
geometry!(
    /// 8x8 board, all squares (Turkish).
    Orthogonal8,
    u64,
    BoardKind::Orthogonal8
);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<G: Geometry>() {
        let t = G::tables();
        assert_eq!(t.all.count(), G::KIND.squares());
        for s in t.all.iter() {
            let (r, c) = G::KIND.coords(s).unwrap();
            assert_eq!(G::KIND.index(r, c), Some(s));
            for d in Dir::ALL {
                let v = t.next[d as usize][s as usize];
                if v != NONE {
                    // One shift per direction, everywhere on the board.
                    assert_eq!(v as i32 - s as i32, t.delta[d as usize]);
                    assert_eq!(t.next[d as usize ^ 1][v as usize], s as u8);
                }
            }
        }
        assert!(t.all.highest() < G::KIND.bits());
    }

    #[test]
    fn steps_are_uniform_shifts() {
        check::<Diagonal8>();
        check::<Diagonal10>();
        check::<Diagonal12>();
        check::<Orthogonal8>();
    }

    #[test]
    fn layout_matches_doc_diagram() {
        let k = BoardKind::Diagonal10;
        assert_eq!(k.index(0, 0), Some(0));
        assert_eq!(k.index(1, 1), Some(6));
        assert_eq!(k.index(9, 9), Some(54));
        assert_eq!(k.coords(5), None);
        let t = Diagonal10::tables();
        assert_eq!(t.delta[Dir::NorthEast as usize], 6);
        assert_eq!(t.delta[Dir::NorthWest as usize], 5);
        assert_eq!(t.delta[Dir::North as usize], 11);
        for d in Dir::ALL.into_iter().filter(|d| d.is_diagonal()) {
            assert_eq!(k.diagonal_delta(d), t.delta[d as usize]);
        }
    }
}
