//! What a set of databases on disk holds, for a listing: its slices counted by number of
//! pieces, its size, what is missing below its largest slices, and the variants it serves.

use crate::slice::Slice;
use crate::store::{set_variant, variant_dir, Egdb};
use damier_core::Variant;
use std::path::{Path, PathBuf};

/// The slices of one number of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCount {
    /// Pieces on the board.
    pub pieces: u32,
    /// Slices of that many pieces in the set.
    pub slices: usize,
    /// Their files' size in bytes.
    pub bytes: u64,
}

/// A set of databases as a listing shows it ([`Egdb::summary`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetSummary {
    /// The variant whose name the files carry.
    pub variant: Variant,
    /// Other variants that play by the same rules and are served by these files.
    pub also_serves: Vec<Variant>,
    /// The folder read.
    pub dir: PathBuf,
    /// Slices in the set.
    pub slices: usize,
    /// Their files' size in bytes.
    pub bytes: u64,
    /// Every position of this many pieces or fewer is in the set.
    pub complete_to: u32,
    /// The slices present, by number of pieces, fewest first (only numbers with a slice).
    pub by_pieces: Vec<PieceCount>,
    /// The slices missing up to the largest number of pieces present.
    pub missing: Vec<Slice>,
}

impl Egdb {
    /// What this set holds.
    pub fn summary(&self) -> SetSummary {
        let slices = self.slices();
        let mut by_pieces: Vec<PieceCount> = Vec::new();
        for &(m, bytes) in &slices {
            match by_pieces.last_mut() {
                Some(c) if c.pieces == m.pieces() => {
                    c.slices += 1;
                    c.bytes += bytes;
                }
                _ => by_pieces.push(PieceCount {
                    pieces: m.pieces(),
                    slices: 1,
                    bytes,
                }),
            }
        }
        let largest = by_pieces.last().map_or(0, |c| c.pieces);
        SetSummary {
            variant: self.variant(),
            also_serves: Variant::all()
                .filter(|&v| v != self.variant() && set_variant(v) == self.variant())
                .collect(),
            dir: self.dir().to_path_buf(),
            slices: slices.len(),
            bytes: slices.iter().map(|&(_, b)| b).sum(),
            complete_to: self.max_pieces(),
            by_pieces,
            missing: self.missing(largest),
        }
    }
}

/// The variants with a set of databases under `root`, each under the name its files carry.
pub fn sets_under(root: &Path) -> Vec<Variant> {
    Variant::all()
        .filter(|&v| set_variant(v) == v && variant_dir(root, v).is_dir())
        .collect()
}
