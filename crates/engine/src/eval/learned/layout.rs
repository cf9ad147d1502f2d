//! What the learned evaluation looks at, per board shape: the regions whose men form
//! patterns, and the global terms. Both the evaluation and the trainer read positions through
//! this layout, so what is learned is exactly what is evaluated.
//!
//! A region is eight playing squares: a 4x4 window on the diagonal boards (as Scan's
//! patterns are), two rows of four on Turkish's full board. Its men, each square empty, own
//! or the opponent's, make one of 3^8 configurations, each with a weight. Regions overlap
//! (windows every two rows and columns) and the set is closed under turning the board round,
//! so Black's view of a region is White's view of the turned one: one table serves both sides
//! and the evaluation is colour-symmetric by construction.

use damier_core::BoardKind;
use std::sync::OnceLock;

/// Squares in a region.
pub const REGION_SQUARES: u32 = 8;
/// Configurations of a region: each square empty, own man or opponent's man.
pub const CONFIGS: usize = 6561;

/// The global terms, counted for each side in its own frame; the evaluation weighs White's
/// count minus Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Dense {
    /// Men.
    Men,
    /// Kings.
    Kings,
    /// At least one king (the first king is worth more than the next).
    FirstKing,
    /// At least two kings.
    SecondKing,
    /// At least three kings.
    ThirdKing,
    /// Rows advanced, summed over the men.
    Tempo,
    /// Men with nothing ahead that could stop them, one row from crowning.
    Runaway1,
    /// The same, two rows from crowning.
    Runaway2,
    /// The same, three rows from crowning.
    Runaway3,
    /// Quiet moves of the kings.
    KingMobility,
    /// Kings on the long diagonal (a1–h8 and its like on every diagonal board).
    KingOnLongDiagonal,
    /// Men on the back rank while the opponent still has men to crown.
    BackRank,
}

impl Dense {
    /// Every term, in index order.
    pub const ALL: [Dense; 12] = [
        Dense::Men,
        Dense::Kings,
        Dense::FirstKing,
        Dense::SecondKing,
        Dense::ThirdKing,
        Dense::Tempo,
        Dense::Runaway1,
        Dense::Runaway2,
        Dense::Runaway3,
        Dense::KingMobility,
        Dense::KingOnLongDiagonal,
        Dense::BackRank,
    ];

    /// A name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Dense::Men => "men",
            Dense::Kings => "kings",
            Dense::FirstKing => "first king",
            Dense::SecondKing => "second king",
            Dense::ThirdKing => "third king",
            Dense::Tempo => "tempo",
            Dense::Runaway1 => "runaway, 1 row to go",
            Dense::Runaway2 => "runaway, 2 rows to go",
            Dense::Runaway3 => "runaway, 3 rows to go",
            Dense::KingMobility => "king mobility",
            Dense::KingOnLongDiagonal => "king on the long diagonal",
            Dense::BackRank => "back rank",
        }
    }
}

/// Number of global terms.
pub const DENSE: usize = Dense::ALL.len();

/// What a region's squares show of the pieces on them. A king standing in a formation
/// changes what the formation is worth (it guards, blocks or breaks it); docs/learning.md
/// gives the matches so far (kings seen win at equal nodes, not yet at equal time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PatternView {
    /// Men only: a king's square reads as empty (every weights file of format 1).
    #[default]
    Men,
    /// Men and kings alike, each as its side's piece.
    Pieces,
}

impl PatternView {
    /// Both views, in the order of their codes in a weights file.
    pub const ALL: [PatternView; 2] = [PatternView::Men, PatternView::Pieces];

    /// The view's name, as `damier train --pattern-view` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            PatternView::Men => "men",
            PatternView::Pieces => "pieces",
        }
    }

    /// The view's code in a weights file.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The view of a code in a weights file.
    pub fn from_code(code: u8) -> Option<PatternView> {
        PatternView::ALL.into_iter().find(|v| v.code() == code)
    }
}

impl std::fmt::Display for PatternView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A pattern view's name that is neither `men` nor `pieces`.
#[derive(Debug, thiserror::Error)]
#[error("'{0}' is not a pattern view (men or pieces)")]
pub struct UnknownView(pub String);

impl std::str::FromStr for PatternView {
    type Err = UnknownView;

    fn from_str(s: &str) -> Result<PatternView, UnknownView> {
        PatternView::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownView(s.to_string()))
    }
}

/// One region: where its eight squares sit in the bit layout, as up to four runs of
/// consecutive bits, lowest square first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// (first bit, number of bits) of each run; unused runs have no bits.
    pub runs: [(u8, u8); 4],
    /// The region the board turned round maps this one onto.
    pub turned: usize,
}

/// The regions and terms of one board shape.
#[derive(Debug)]
pub struct Layout {
    /// The board shape.
    pub kind: BoardKind,
    /// The regions.
    pub regions: Vec<Region>,
}

impl Layout {
    /// The layout of a board shape (built once).
    pub fn of(kind: BoardKind) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; 4] = [const { OnceLock::new() }; 4];
        let slot = match kind {
            BoardKind::Diagonal8 => 0,
            BoardKind::Diagonal10 => 1,
            BoardKind::Diagonal12 => 2,
            BoardKind::Orthogonal8 => 3,
        };
        LAYOUTS[slot].get_or_init(|| Layout::build(kind))
    }

    fn build(kind: BoardKind) -> Layout {
        let n = kind.size();
        // (first row, first column, rows, columns) of each window, rows outermost.
        let (rows, cols) = if kind.is_diagonal() { (4, 4) } else { (2, 4) };
        let row_step = if kind.is_diagonal() { 2 } else { 1 };
        let mut windows = Vec::new();
        for r0 in (0..=n - rows).step_by(row_step) {
            for c0 in (0..=n - cols).step_by(2) {
                windows.push((r0, c0));
            }
        }
        let regions = windows
            .iter()
            .map(|&(r0, c0)| {
                let mut runs = [(0u8, 0u8); 4];
                for (i, row) in (r0..r0 + rows).enumerate() {
                    let squares: Vec<u32> = (c0..c0 + cols)
                        .filter_map(|col| kind.index(row, col))
                        .collect();
                    debug_assert!(squares.windows(2).all(|w| w[1] == w[0] + 1));
                    runs[i] = (squares[0] as u8, squares.len() as u8);
                }
                let turned = (n - rows - r0, n - cols - c0);
                Region {
                    runs,
                    turned: windows
                        .iter()
                        .position(|&w| w == turned)
                        .expect("the windows are closed under turning the board"),
                }
            })
            .collect();
        Layout { kind, regions }
    }

    /// Where each region's runs start relative to its first, the same for every region of
    /// the board: (offset, width) of each run.
    pub fn run_shape(&self) -> [(u8, u8); 4] {
        let first = self.regions[0].runs[0].0;
        let shape = self.regions[0]
            .runs
            .map(|(f, w)| (f.saturating_sub(first), w));
        debug_assert!(self
            .regions
            .iter()
            .all(|r| r.runs.map(|(f, w)| (f.saturating_sub(r.runs[0].0), w)) == shape));
        shape
    }

    /// Weight entries: one per region configuration, one per global term, and one for the
    /// side to move. Each entry holds two weights, for the opening and for the ending.
    pub fn entries(&self) -> usize {
        self.regions.len() * CONFIGS + DENSE + 1
    }

    /// The entry of a global term.
    pub fn dense_entry(&self, term: Dense) -> usize {
        self.regions.len() * CONFIGS + term as usize
    }

    /// The entry of the side to move's bonus.
    pub fn tempo_entry(&self) -> usize {
        self.regions.len() * CONFIGS + DENSE
    }
}

/// The configuration the other side sees in the turned region when this side sees `config`:
/// squares in reverse order, own and opponent's men swapped.
pub fn seen_from_the_other_side(config: usize) -> usize {
    let mut digits = [0usize; 8];
    let mut c = config;
    for d in &mut digits {
        *d = c % 3;
        c /= 3;
    }
    digits
        .iter()
        .rev()
        .map(|&d| [0, 2, 1][d])
        .fold((0, 1), |(sum, power), d| (sum + d * power, power * 3))
        .0
}

/// `TERNARY[b]`: the configuration number of eight squares whose set bits are own men
/// (digit 1 in base 3, lowest square lowest); an opponent's man is digit 2, so a region's
/// configuration is `TERNARY[own] + 2 * TERNARY[theirs]`.
pub static TERNARY: [u16; 256] = ternary(false);
/// `TERNARY` of the eight bits in reverse order: the configuration of a region seen from the
/// other side of the board, read from the turned region's bits.
pub static TERNARY_REVERSED: [u16; 256] = ternary(true);

const fn ternary(reversed: bool) -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut value = 0u16;
        let mut power = 1u16;
        let mut i = 0;
        while i < 8 {
            let bit = if reversed { 7 - i } else { i };
            if b & (1 << bit) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[b] = value;
        b += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_cover_each_board_and_turn_onto_each_other() {
        for (kind, count) in [
            (BoardKind::Diagonal8, 9),
            (BoardKind::Diagonal10, 16),
            (BoardKind::Diagonal12, 25),
            (BoardKind::Orthogonal8, 21),
        ] {
            let layout = Layout::of(kind);
            assert_eq!(layout.regions.len(), count, "{kind:?}");
            let mut covered = 0u128;
            for (i, r) in layout.regions.iter().enumerate() {
                let bits: u32 = r.runs.iter().map(|&(_, w)| u32::from(w)).sum();
                assert_eq!(bits, REGION_SQUARES);
                assert_eq!(layout.regions[r.turned].turned, i);
                for &(first, width) in &r.runs {
                    for k in 0..width {
                        covered |= 1 << (first + k);
                    }
                }
            }
            assert_eq!(
                covered,
                kind.all_mask(),
                "{kind:?}: every square in a region"
            );
        }
    }

    #[test]
    fn the_other_side_sees_reversed_and_swapped() {
        // Own man on the lowest square: the other side sees its opponent on its highest.
        assert_eq!(seen_from_the_other_side(1), 2 * 3usize.pow(7));
        for config in [0, 1, 5, 777, CONFIGS - 1] {
            assert_eq!(
                seen_from_the_other_side(seen_from_the_other_side(config)),
                config
            );
        }
        let own = 0b1010_0001;
        let theirs = 0b0100_0100;
        let config = TERNARY[own] as usize + 2 * TERNARY[theirs] as usize;
        let other = TERNARY_REVERSED[theirs] as usize + 2 * TERNARY_REVERSED[own] as usize;
        assert_eq!(seen_from_the_other_side(config), other);
    }

    #[test]
    fn ternary_tables() {
        assert_eq!(TERNARY[0b1], 1);
        assert_eq!(TERNARY[0b10], 3);
        assert_eq!(TERNARY[0xff] as usize, (CONFIGS - 1) / 2);
        assert_eq!(TERNARY_REVERSED[0b1000_0000], 1);
        assert_eq!(
            TERNARY[0xff] as usize + 2 * TERNARY[0] as usize,
            CONFIGS / 2
        );
    }
}
