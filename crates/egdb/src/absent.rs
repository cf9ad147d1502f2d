//! Why a set has no value for a position, and which slices it lacks, in the words every
//! interface uses (with the command that builds what is missing).

use crate::slice::{oriented, Slice, MAX_PIECES};
use crate::store::{Egdb, EgdbError};
use damier_core::{Geometry, Position, Variant};
use std::fmt;
use std::path::PathBuf;

/// Why a probe found no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Absent {
    /// The position has more pieces than any set holds.
    TooManyPieces {
        /// Its pieces.
        pieces: u32,
    },
    /// The folder holds no slice of the variant.
    NoSet {
        /// The variant.
        variant: Variant,
        /// The set's folder.
        dir: PathBuf,
        /// The pieces to build for, if known.
        pieces: Option<u32>,
    },
    /// The set lacks the slice.
    NotInSet {
        /// The slice.
        material: Slice,
        /// The variant.
        variant: Variant,
        /// The set's folder.
        dir: PathBuf,
        /// The set is complete up to this many pieces.
        complete: u32,
    },
}

impl fmt::Display for Absent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Absent::TooManyPieces { pieces } => write!(
                f,
                "the position has {pieces} pieces; databases hold endings of at most {MAX_PIECES}"
            ),
            Absent::NoSet {
                variant,
                dir,
                pieces,
            } => write!(
                f,
                "no {variant} databases in {} (build them with `damier egdb build -v {variant} --pieces {}`)",
                dir.display(),
                pieces.map_or("N".to_string(), |p| p.to_string())
            ),
            Absent::NotInSet {
                material,
                variant,
                dir,
                complete,
            } => write!(
                f,
                "{material} is not in {} (the set there is complete up to {complete} pieces; build more with `damier egdb build -v {variant} --pieces {}`)",
                dir.display(),
                material.pieces()
            ),
        }
    }
}

impl Egdb {
    /// Why the set has no slice of `material` (for a probe that found nothing).
    pub fn why_absent(&self, material: Slice) -> Absent {
        if material.pieces() > MAX_PIECES {
            Absent::TooManyPieces {
                pieces: material.pieces(),
            }
        } else if self.slices().is_empty() {
            self.no_set(Some(material.pieces()))
        } else {
            Absent::NotInSet {
                material,
                variant: self.variant(),
                dir: self.dir().to_path_buf(),
                complete: self.max_pieces(),
            }
        }
    }

    /// [`Absent::NoSet`] for this set's folder: `pieces` are the pieces to build for, if
    /// known.
    pub fn no_set(&self, pieces: Option<u32>) -> Absent {
        Absent::NoSet {
            variant: self.variant(),
            dir: self.dir().to_path_buf(),
            pieces,
        }
    }

    /// The slices that the moves of `pos` lead to and the set lacks, each once, in the
    /// order the moves meet them (a position's moves cannot all be valued without them).
    ///
    /// # Errors
    /// [`EgdbError`] when a file of the set cannot be read.
    pub fn missing_after<G: Geometry>(&self, pos: &Position<G>) -> Result<Vec<Slice>, EgdbError> {
        let mut missing = Vec::new();
        for mv in pos.legal_moves().iter() {
            let after = pos.play_unchecked(mv);
            if self.probe(&after)?.is_none() {
                let m = Slice::of(&oriented(&after));
                if !missing.contains(&m) {
                    missing.push(m);
                }
            }
        }
        Ok(missing)
    }
}

/// Slices as a list: `K1-K2, K2-K1`.
pub fn material_list(slices: &[Slice]) -> String {
    slices
        .iter()
        .map(Slice::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::build_set;
    use damier_core::{Base, Diagonal8};

    #[test]
    fn says_why_a_slice_is_absent_and_which_the_moves_need() {
        let dir = std::env::temp_dir().join(format!("damier-absent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let english = Variant::new(Base::English);
        let empty = Egdb::open(&dir, english, 1).unwrap();
        let two = Slice::with_pieces(2, english.rules().men)[0];
        assert!(matches!(
            empty.why_absent(two),
            Absent::NoSet {
                pieces: Some(2),
                ..
            }
        ));
        assert!(empty.why_absent(two).to_string().contains("--pieces 2`"));
        build_set(&dir, english, 2, &|_| {}).unwrap();
        let db = Egdb::open(&dir, english, 1).unwrap();
        let three = Slice::with_pieces(3, english.rules().men)[0];
        let absent = db.why_absent(three);
        assert!(
            matches!(absent, Absent::NotInSet { complete: 2, .. }),
            "{absent}"
        );
        let nine = Slice::with_pieces(9, english.rules().men)[0];
        assert_eq!(db.why_absent(nine), Absent::TooManyPieces { pieces: 9 });
        // Two men against one: a capture leads to two pieces (in the set), a quiet move to
        // three (not in it).
        let pos = damier_core::fen::parse::<Diagonal8>(english.rules(), "W:W22,23:B18").unwrap();
        let missing = db.missing_after(&pos).unwrap();
        assert!(missing.iter().all(|m| m.pieces() == 3), "{missing:?}");
        assert_eq!(material_list(&[two, two]), format!("{two}, {two}"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
