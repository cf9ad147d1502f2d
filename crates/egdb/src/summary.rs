//! What a set of databases on disk holds, for a listing: its slices counted by number of
//! pieces, its size, what is missing below its largest slices, and the variants it serves.

use crate::absent::material_list;
use crate::damaged::{damaged_line, DamagedFiles};
use crate::slice::Slice;
use crate::store::{set_variant, variant_dir, Egdb, EgdbError};
use damier_core::Variant;
use std::fmt;
use std::path::{Path, PathBuf};

/// A size in binary units, never with four digits before the point (1000 MiB and up is
/// shown as 0.98 GB), so that sizes side by side read alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const KB: u64 = 1 << 10;
        const MB: u64 = 1 << 20;
        match self.0 {
            n if n >= 1000 * MB => write!(f, "{:.2} GB", n as f64 / (1u64 << 30) as f64),
            n if n >= 1000 * KB => write!(f, "{:.1} MB", n as f64 / MB as f64),
            n if n >= 1000 => write!(f, "{:.1} KB", n as f64 / KB as f64),
            n => write!(f, "{n} B"),
        }
    }
}

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

impl fmt::Display for SetSummary {
    /// The listing of `damier egdb info`: a line for the set, one for each number of pieces,
    /// and the slices missing, if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.variant;
        if self.slices == 0 {
            return write!(f, "{variant}: no databases in {}", self.dir.display());
        }
        write!(
            f,
            "{variant}: {} slices, {}, complete up to {} pieces ({})",
            self.slices,
            Bytes(self.bytes),
            self.complete_to,
            self.dir.display()
        )?;
        if !self.also_serves.is_empty() {
            let names: Vec<String> = self.also_serves.iter().map(|v| v.to_string()).collect();
            write!(f, "; also serves {}", names.join(", "))?;
        }
        for c in &self.by_pieces {
            write!(
                f,
                "\n  {} pieces: {} slices, {}",
                c.pieces,
                c.slices,
                Bytes(c.bytes)
            )?;
        }
        if !self.missing.is_empty() {
            write!(f, "\n  missing: {}", material_list(&self.missing))?;
        }
        Ok(())
    }
}

/// The variants with a set of databases under `root`, each under the name its files carry.
pub fn sets_under(root: &Path) -> Vec<Variant> {
    Variant::all()
        .filter(|&v| set_variant(v) == v && variant_dir(root, v).is_dir())
        .collect()
}

/// The sets under a folder, as `damier egdb info` lists them: each set's damaged files,
/// left out, and what the rest holds.
#[derive(Debug)]
pub struct Listing {
    /// The folder read.
    pub root: PathBuf,
    /// Each set, with the files that could not be read.
    pub sets: Vec<(SetSummary, Vec<EgdbError>)>,
}

/// Why a folder cannot be listed.
#[derive(Debug, thiserror::Error)]
pub enum ListingError {
    /// What was named is there but is not a folder (a file).
    #[error("{}: not a folder", .0.display())]
    NotAFolder(PathBuf),
    /// The folder cannot be read.
    #[error(transparent)]
    Store(#[from] EgdbError),
}

impl Listing {
    /// `variant`'s set under `root` (under the name its files carry), or, without one, every
    /// set there. A damaged file is left out of its set, and kept to be named. A folder that
    /// is not there holds no set.
    ///
    /// # Errors
    /// [`ListingError`]: `root` is a file, or a folder that cannot be read.
    pub fn read(root: &Path, variant: Option<Variant>) -> Result<Listing, ListingError> {
        if root.exists() && !root.is_dir() {
            return Err(ListingError::NotAFolder(root.to_path_buf()));
        }
        let variants = match variant {
            Some(v) => vec![set_variant(v)],
            None => sets_under(root),
        };
        let sets = variants
            .into_iter()
            .map(|v| {
                let (db, damaged) = Egdb::open_sound(root, v, 1)?;
                Ok((db.summary(), damaged))
            })
            .collect::<Result<_, EgdbError>>()?;
        Ok(Listing {
            root: root.to_path_buf(),
            sets,
        })
    }

    /// Whether every file listed could be read.
    ///
    /// # Errors
    /// [`DamagedFiles`] naming those that could not (listed above them).
    pub fn verdict(self) -> Result<(), DamagedFiles> {
        DamagedFiles::check(self.sets.into_iter().flat_map(|(_, d)| d).collect())
    }
}

impl fmt::Display for Listing {
    /// Each set's damaged files, then its [`SetSummary`]; or that the folder has none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.sets.is_empty() {
            return write!(f, "no databases in {}", self.root.display());
        }
        let lines = self.sets.iter().flat_map(|(set, damaged)| {
            let damaged = damaged.iter().map(|e| damaged_line(set.variant, e));
            damaged.chain([set.to_string()])
        });
        write!(f, "{}", lines.collect::<Vec<_>>().join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_not_a_folder_to_list() {
        let file = std::env::temp_dir().join(format!("damier-not-a-folder-{}", std::process::id()));
        std::fs::write(&file, b"x").unwrap();
        let e = Listing::read(&file, None).unwrap_err();
        assert_eq!(e.to_string(), format!("{}: not a folder", file.display()));
        std::fs::remove_file(&file).unwrap();
        // A folder that is not there holds no set.
        let empty = Listing::read(&file, None).unwrap();
        assert!(empty.to_string().starts_with("no databases in "), "{empty}");
    }

    #[test]
    fn sizes_never_show_four_digits_before_the_point() {
        let shown = |n: u64| Bytes(n).to_string();
        assert_eq!(shown(999), "999 B");
        assert_eq!(shown(1000), "1.0 KB");
        assert_eq!(shown(1536), "1.5 KB");
        assert_eq!(shown(999 << 20), "999.0 MB");
        assert_eq!(shown(1000 << 20), "0.98 GB");
        assert_eq!(shown(3 << 30), "3.00 GB");
    }

    #[test]
    fn a_listing_names_the_set_its_sizes_and_what_is_missing() {
        let summary = SetSummary {
            variant: Variant::new(damier_core::Base::Brazilian),
            also_serves: vec![Variant::new(damier_core::Base::German)],
            dir: PathBuf::from("/db/brazilian"),
            slices: 3,
            bytes: 3 << 20,
            complete_to: 2,
            by_pieces: vec![
                PieceCount {
                    pieces: 2,
                    slices: 2,
                    bytes: 2048,
                },
                PieceCount {
                    pieces: 3,
                    slices: 1,
                    bytes: (3 << 20) - 2048,
                },
            ],
            missing: vec!["K2-K1".parse().unwrap()],
        };
        assert_eq!(
            summary.to_string(),
            "brazilian: 3 slices, 3.0 MB, complete up to 2 pieces (/db/brazilian); also serves german\n  \
             2 pieces: 2 slices, 2.0 KB\n  \
             3 pieces: 1 slices, 3.0 MB\n  \
             missing: K2-K1"
        );
        let empty = SetSummary {
            slices: 0,
            by_pieces: vec![],
            missing: vec![],
            ..summary
        };
        assert_eq!(
            empty.to_string(),
            "brazilian: no databases in /db/brazilian"
        );
    }

    #[test]
    fn a_folder_is_listed_set_by_set_with_its_damaged_files_first() {
        let root = std::env::temp_dir().join(format!("damier-listing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let listing = Listing::read(&root, None).unwrap();
        assert_eq!(
            listing.to_string(),
            format!("no databases in {}", root.display())
        );
        assert!(listing.verdict().is_ok());
        // A set shared by two names is listed under the name its files carry.
        let portuguese: Variant = "portuguese".parse().unwrap();
        let listing = Listing::read(&root, Some(portuguese)).unwrap();
        assert!(
            listing.to_string().starts_with("spanish: no databases in "),
            "{listing}"
        );
        std::fs::remove_dir_all(&root).unwrap();

        let set = SetSummary {
            variant: Variant::INTERNATIONAL,
            also_serves: Vec::new(),
            dir: PathBuf::from("/db/international"),
            slices: 1,
            bytes: 100,
            complete_to: 0,
            by_pieces: Vec::new(),
            missing: Vec::new(),
        };
        let damaged = crate::damaged::damaged_file;
        let listing = Listing {
            root: PathBuf::from("/db"),
            sets: vec![
                (set.clone(), vec![damaged("K1-K1.egdb")]),
                (set, Vec::new()),
            ],
        };
        let lines: Vec<String> = listing.to_string().lines().map(String::from).collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("international: damaged: K1-K1.egdb: "));
        assert!(lines[1].starts_with("international: 1 slices, 100 B"));
        let failure = listing.verdict().unwrap_err();
        assert_eq!(failure.count(), 1);
    }
}
