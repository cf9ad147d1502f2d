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

    /// Whether a step goes towards higher bit indices (north, or east along a row), so that
    /// the nearest square on a ray is its lowest member.
    #[inline(always)]
    pub const fn is_forward(self) -> bool {
        matches!(
            self,
            Dir::NorthEast | Dir::NorthWest | Dir::North | Dir::East
        )
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

    /// Bit shift of one step in direction `d`: the same everywhere on the board, since the
    /// layout keeps a ghost bit between row pairs (see the module docs).
    pub const fn delta(self, d: Dir) -> i32 {
        let n = self.size() as i32;
        if !self.is_diagonal() {
            return match d {
                Dir::NorthEast => 9,
                Dir::SouthWest => -9,
                Dir::NorthWest => 7,
                Dir::SouthEast => -7,
                Dir::North => 8,
                Dir::South => -8,
                Dir::East => 1,
                Dir::West => -1,
            };
        }
        let half = n / 2;
        match d {
            Dir::NorthEast => half + 1,
            Dir::SouthWest => -(half + 1),
            Dir::NorthWest => half,
            Dir::SouthEast => -half,
            // Two rows up is one row pair further: n + 1 bits.
            Dir::North => n + 1,
            Dir::South => -(n + 1),
            Dir::East => 1,
            Dir::West => -1,
        }
    }

    /// Every playing square, as bits of a `u128` (narrowed per geometry).
    pub const fn all_mask(self) -> u128 {
        let n = self.size();
        let mut mask = 0;
        let mut row = 0;
        while row < n {
            mask |= self.row_mask(row);
            row += 1;
        }
        mask
    }

    /// The playing squares of one row.
    pub const fn row_mask(self, row: u32) -> u128 {
        let mut mask = 0;
        let mut col = 0;
        while col < self.size() {
            if let Some(s) = self.index(row, col) {
                mask |= 1 << s;
            }
            col += 1;
        }
        mask
    }

    /// Squares from which one step in direction `d` stays on the board.
    pub const fn can_step_mask(self, d: Dir) -> u128 {
        let n = self.size() as i32;
        let (dr, dc) = d.vector(self.is_diagonal());
        let mut mask = 0;
        let mut row = 0;
        while row < n {
            let mut col = 0;
            while col < n {
                let (r, c) = (row + dr, col + dc);
                if let Some(s) = self.index(row as u32, col as u32) {
                    if r >= 0 && c >= 0 && r < n && c < n {
                        mask |= 1 << s;
                    }
                }
                col += 1;
            }
            row += 1;
        }
        mask
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
        if !(row + col).is_multiple_of(2) {
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

/// The short jumps of a piece that jumps in a set of directions: the set, and per square (for
/// boards of at most 64 bits) the squares a jump passes over and lands on, in each of those
/// directions where both are on the board. Listed in bit order, the two sets pair up jump by
/// jump: a jump lands twice as far along the same shift as the square it passes over, so both
/// orders are the order of the shifts.
#[derive(Debug)]
pub struct JumpMasks {
    /// The directions (bit `d` for direction `d`).
    pub dirs: u8,
    /// `over[s]`: the squares next to `s` that a jump from `s` passes over.
    pub over: [u64; 64],
    /// `land[s]`: the squares those jumps land on.
    pub land: [u64; 64],
}

/// [`JumpMasks`] for the directions in `dirs` (bit `d` for direction `d`); the squares are all
/// empty on boards wider than 64 bits.
pub const fn jump_masks(kind: BoardKind, dirs: u8) -> JumpMasks {
    let mut masks = JumpMasks {
        dirs,
        over: [0; 64],
        land: [0; 64],
    };
    if kind.bits() > 64 {
        return masks;
    }
    let n = kind.size() as i32;
    let mut row = 0;
    while row < n {
        let mut col = 0;
        while col < n {
            if let Some(s) = kind.index(row as u32, col as u32) {
                let mut d = 0;
                while d < 8 {
                    let (dr, dc) = Dir::ALL[d].vector(kind.is_diagonal());
                    let (r2, c2) = (row + 2 * dr, col + 2 * dc);
                    let on_board = r2 >= 0 && c2 >= 0 && r2 < n && c2 < n;
                    if dirs & (1 << d) != 0 && on_board {
                        let over = kind.index((row + dr) as u32, (col + dc) as u32);
                        let land = kind.index(r2 as u32, c2 as u32);
                        if let (Some(o), Some(l)) = (over, land) {
                            masks.over[s as usize] |= 1 << o;
                            masks.land[s as usize] |= 1 << l;
                        }
                    }
                    d += 1;
                }
            }
            col += 1;
        }
        row += 1;
    }
    masks
}

/// Landing squares of the short jumps from `s` (in the directions `masks` was built for) over
/// a member of `jumpable` onto a member of `free`: one gather per set and one scatter, in place
/// of two steps per direction. Only for boards of at most 64 bits.
#[inline(always)]
pub fn short_jump_lands<G: Geometry>(
    masks: &JumpMasks,
    s: u32,
    jumpable: G::Bits,
    free: G::Bits,
) -> G::Bits {
    let over = G::Bits::from_u128(masks.over[s as usize] as u128);
    let land = G::Bits::from_u128(masks.land[s as usize] as u128);
    G::Bits::scatter(jumpable.gather(over) & free.gather(land), land)
}

/// Precomputed steps and rays for one board shape.
#[derive(Debug)]
pub struct Tables<B> {
    /// `next[d][s]`: the square one step from `s` in direction `d`, or [`NONE`].
    pub next: [[u8; 128]; 8],
    /// `ray[d][s]`: every square beyond `s` in direction `d`, up to the edge.
    pub ray: [[B; 128]; 8],
    /// Row of each playing square (0 = White's back rank).
    pub row: [u8; 128],
    /// Column of each playing square on the canonical board.
    pub col: [u8; 128],
    /// `turn[s]`: the square `s` lands on when the board is turned round (row and column
    /// counted from the other side).
    pub turn: [u8; 128],
}

impl<B: BitSet> Tables<B> {
    fn build(kind: BoardKind) -> Self {
        let n = kind.size();
        let diagonal = kind.is_diagonal();
        let mut t = Tables {
            next: [[NONE; 128]; 8],
            ray: [[B::ZERO; 128]; 8],
            row: [u8::MAX; 128],
            col: [u8::MAX; 128],
            turn: [NONE; 128],
        };
        for row in 0..n {
            for col in 0..n {
                let Some(s) = kind.index(row, col) else {
                    continue;
                };
                t.row[s as usize] = row as u8;
                t.col[s as usize] = col as u8;
                t.turn[s as usize] = kind
                    .index(n - 1 - row, n - 1 - col)
                    .expect("a board turned round has its playing squares where they were")
                    as u8;
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
                            first = false;
                        }
                        t.ray[d as usize][s as usize] |= B::bit(v);
                    }
                }
            }
        }
        t
    }
}

/// Whether a step in direction `d` is a bare shift, with no mask. A step off the board then
/// lands on a ghost bit (diagonal steps on diagonal boards) or beyond the board (steps north
/// and south), never on another square; only steps along a row can wrap onto the next one.
#[inline(always)]
const fn unmasked<G: Geometry>(d: Dir) -> bool {
    (G::KIND.is_diagonal() && d.is_diagonal()) || matches!(d, Dir::North | Dir::South)
}

/// One step in direction `d` for every member of `set`.
///
/// The result may hold bits that are not playing squares (see [`unmasked`]); callers
/// intersect it with a set of real squares (empty, enemies, …) before use.
#[inline(always)]
pub fn step<G: Geometry>(set: G::Bits, d: Dir) -> G::Bits {
    if unmasked::<G>(d) {
        set.shift(G::KIND.delta(d))
    } else {
        (set & G::CAN_STEP[d as usize]).shift(G::KIND.delta(d))
    }
}

/// The squares whose neighbour in direction `d` is in `targets` (same caveat as [`step`]).
#[inline(always)]
pub fn step_back<G: Geometry>(targets: G::Bits, d: Dir) -> G::Bits {
    if unmasked::<G>(d) {
        targets.shift(-G::KIND.delta(d))
    } else {
        targets.shift(-G::KIND.delta(d)) & G::CAN_STEP[d as usize]
    }
}

/// The squares from which a piece jumps in direction `d` over a member of `targets` onto a
/// member of `landing`; both steps stay on the board.
#[inline(always)]
pub fn jump_sources<G: Geometry>(targets: G::Bits, landing: G::Bits, d: Dir) -> G::Bits {
    step_back::<G>(targets & step_back::<G>(landing, d), d)
}

/// A board shape known at compile time, so that move generation is monomorphised per shape.
pub trait Geometry: Copy + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The bit set wide enough for this board.
    type Bits: BitSet;
    /// The shape.
    const KIND: BoardKind;
    /// Every playing square.
    const ALL: Self::Bits;
    /// Far rows: where each colour's men are crowned (indexed by [`crate::Color`]).
    const PROMOTION: [Self::Bits; 2];
    /// Per direction, the squares from which one step stays on the board.
    const CAN_STEP: [Self::Bits; 8];
    /// The shape's step and ray tables, built on first use.
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
            const ALL: $bits = $kind.all_mask() as $bits;
            const PROMOTION: [$bits; 2] = [
                $kind.row_mask($kind.size() - 1) as $bits,
                $kind.row_mask(0) as $bits,
            ];
            const CAN_STEP: [$bits; 8] = {
                let mut masks = [0; 8];
                let mut d = 0;
                while d < 8 {
                    masks[d] = $kind.can_step_mask(Dir::ALL[d]) as $bits;
                    d += 1;
                }
                masks
            };
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
        assert_eq!(G::ALL.count(), G::KIND.squares());
        for s in G::ALL.iter() {
            let (r, c) = G::KIND.coords(s).unwrap();
            assert_eq!(G::KIND.index(r, c), Some(s));
            // Turning the board round reverses the numbering (`Position::turned` relies on it).
            assert_eq!(u32::from(t.turn[s as usize]), u32::from(t.turn[0]) - s);
            for d in Dir::ALL {
                let v = t.next[d as usize][s as usize];
                if v != NONE {
                    // One shift per direction, everywhere on the board.
                    assert_eq!(v as i32 - s as i32, G::KIND.delta(d));
                    assert_eq!(t.next[d as usize ^ 1][v as usize], s as u8);
                    assert!(G::CAN_STEP[d as usize].has(s));
                    assert_eq!(step::<G>(G::Bits::bit(s), d), G::Bits::bit(v as u32));
                } else {
                    assert!(!G::CAN_STEP[d as usize].has(s));
                    // Off the board, a step reaches no square, masked or not.
                    assert!((step::<G>(G::Bits::bit(s), d) & G::ALL).is_empty());
                }
            }
        }
        assert!(G::ALL.highest() < G::KIND.bits());
        assert_eq!(G::PROMOTION[0].count(), G::PROMOTION[1].count());
    }

    /// The short jumps found through [`JumpMasks`] are those found by stepping, for every
    /// direction set a piece jumps in (men of either side and kings, diagonal, Frisian and
    /// Turkish), every square, and many boards.
    fn check_jump_masks<G: Geometry>() {
        use crate::movegen::dirs;
        let sets = [
            dirs::mask(&[
                Dir::NorthEast,
                Dir::SouthWest,
                Dir::NorthWest,
                Dir::SouthEast,
            ]),
            dirs::mask(&[Dir::NorthEast, Dir::NorthWest]),
            dirs::mask(&[Dir::SouthEast, Dir::SouthWest]),
            dirs::mask(&Dir::ALL),
            dirs::mask(&[Dir::North, Dir::East, Dir::West]),
            dirs::mask(&[Dir::South, Dir::East, Dir::West]),
            dirs::mask(&[Dir::North, Dir::South, Dir::East, Dir::West]),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            G::Bits::from_u128(seed as u128) & G::ALL
        };
        for dir_set in sets {
            let masks = jump_masks(G::KIND, dir_set);
            for _ in 0..64 {
                let (jumpable, free) = (random(), random());
                for s in G::ALL.iter() {
                    let at = G::Bits::bit(s);
                    let stepped = Dir::ALL
                        .iter()
                        .filter(|&&d| dir_set & (1 << d as u8) != 0)
                        .fold(G::Bits::ZERO, |acc, &d| {
                            acc | step::<G>(step::<G>(at, d) & jumpable, d) & free
                        });
                    let gathered = short_jump_lands::<G>(&masks, s, jumpable, free);
                    assert_eq!(
                        gathered,
                        stepped,
                        "{:?} square {s} dirs {dir_set:#b}",
                        G::KIND
                    );
                }
            }
        }
    }

    #[test]
    fn jump_masks_agree_with_steps() {
        check_jump_masks::<Diagonal8>();
        check_jump_masks::<Diagonal10>();
        check_jump_masks::<Orthogonal8>();
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
        assert_eq!(k.delta(Dir::NorthEast), 6);
        assert_eq!(k.delta(Dir::NorthWest), 5);
        assert_eq!(k.delta(Dir::North), 11);
    }
}
