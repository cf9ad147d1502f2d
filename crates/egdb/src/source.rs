//! Which databases an engine probes, as a user names them (a folder, `none`, or nothing for
//! the default folder), and how each is opened. A folder the user named must hold a sound
//! set of the variant; the default folder, which the user did not name, serves what it can:
//! a damaged file is left out with a warning, and a folder without the variant's files
//! leaves the engine without databases.

use crate::store::{self, Egdb, EgdbError};
use crate::{left_out_warning, recommended};
use damier_core::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where an engine's databases come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The default folder ([`store::default_root`]), when it holds the variant's files.
    Default,
    /// No databases.
    None,
    /// A folder the user named.
    Folder(PathBuf),
}

/// Why the databases a user named cannot be probed.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The folder cannot be read.
    #[error("{0}")]
    Unreadable(EgdbError),
    /// A file of the set is damaged, foreign or unreadable.
    #[error("{0}")]
    Damaged(EgdbError),
    /// The folder holds none of the variant's files.
    #[error(
        "{}: no {variant} databases there (build them with `damier egdb build -v {variant} --pieces N --dir {}`)",
        root.display(),
        root.display()
    )]
    Empty {
        /// The folder.
        root: PathBuf,
        /// The variant.
        variant: Variant,
    },
    /// The folder does not exist.
    #[error("{}: no such folder", .0.display())]
    NoSuchFolder(PathBuf),
}

impl SourceError {
    /// Whether the user's naming is at fault (a folder that is not there, or holds nothing
    /// of the variant), rather than a file the folder holds.
    pub fn is_usage(&self) -> bool {
        !matches!(self, SourceError::Damaged(_))
    }

    /// The message as said of the command-line option that named the folder (`--egdb`):
    /// `--egdb /x: no such folder`, `--egdb: K1-K1.egdb: damaged: …`.
    pub fn of_option(&self, option: &str) -> String {
        match self {
            // These start with the folder, the option's value.
            SourceError::Empty { .. } | SourceError::NoSuchFolder(_) => format!("{option} {self}"),
            _ => format!("{option}: {self}"),
        }
    }
}

fn refusal(e: EgdbError) -> SourceError {
    match e {
        EgdbError::File { .. } => SourceError::Damaged(e),
        e => SourceError::Unreadable(e),
    }
}

/// The databases opened for one variant, and what the user should be told of them.
#[derive(Debug)]
pub struct Opened {
    /// The variant.
    pub variant: Variant,
    /// The set, when there is one with at least one slice.
    pub db: Option<Egdb>,
    /// Files of the folder that cannot be read, left out of the set.
    pub left_out: Vec<EgdbError>,
    /// The folder itself could not be read: no set.
    pub unreadable: Option<EgdbError>,
    /// When the folder holds none of the variant's files: what the engine does without them
    /// and the command that builds them (for a person at a terminal).
    pub missing: Option<String>,
}

impl Opened {
    fn nothing(variant: Variant) -> Opened {
        Opened {
            variant,
            db: None,
            left_out: Vec::new(),
            unreadable: None,
            missing: None,
        }
    }

    /// The warnings every interface gives (after its own prefix): each file left out, or the
    /// folder that could not be read.
    pub fn warnings(&self) -> Vec<String> {
        let files = self
            .left_out
            .iter()
            .map(|e| left_out_warning(e, self.variant));
        let folder = self
            .unreadable
            .iter()
            .map(|e| format!("{e}; the engine goes on without endgame databases"));
        files.chain(folder).collect()
    }
}

impl Source {
    /// Read `--egdb` as the command line gives it: `none`, a folder, or nothing.
    pub fn from_arg(text: Option<&str>) -> Source {
        match text {
            None => Source::Default,
            Some("none") => Source::None,
            Some(dir) => Source::Folder(PathBuf::from(dir)),
        }
    }

    /// The folder looked in, if any.
    pub fn root(&self) -> Option<PathBuf> {
        match self {
            Source::Default => Some(store::default_root()),
            Source::None => None,
            Source::Folder(dir) => Some(dir.clone()),
        }
    }

    /// Open `variant`'s databases, keeping `cache_mb` MiB of decompressed blocks.
    ///
    /// # Errors
    /// For a named folder only: [`SourceError`] when it cannot be read, a file is damaged,
    /// or it holds no slice of the variant.
    pub fn open(&self, variant: Variant, cache_mb: usize) -> Result<Opened, SourceError> {
        match self {
            Source::None => Ok(Opened::nothing(variant)),
            Source::Folder(root) => Ok(Opened {
                db: Some(open_named_set(root, variant, cache_mb)?),
                ..Opened::nothing(variant)
            }),
            Source::Default => Ok(open_sound_set(&store::default_root(), variant, cache_mb)),
        }
    }

    /// Open the databases of every variant with a folder under the source's (a server
    /// serves them all), each keeping `cache_mb` MiB of blocks, with the warnings of the
    /// default folder's left-out files.
    ///
    /// # Errors
    /// For a named folder only: [`SourceError`] when it does not exist, cannot be read, or a
    /// file is damaged.
    pub fn open_all(
        &self,
        cache_mb: usize,
    ) -> Result<(HashMap<Variant, Egdb>, Vec<String>), SourceError> {
        let mut sets = HashMap::new();
        let mut warnings = Vec::new();
        let Some(root) = self.root() else {
            return Ok((sets, warnings));
        };
        if matches!(self, Source::Folder(_)) && !root.is_dir() {
            return Err(SourceError::NoSuchFolder(root));
        }
        for variant in Variant::all() {
            if !store::variant_dir(&root, variant).is_dir() {
                continue;
            }
            let db = match self {
                Source::Folder(_) => Some(Egdb::open(&root, variant, cache_mb).map_err(refusal)?),
                _ => {
                    let opened = open_sound_set(&root, variant, cache_mb);
                    warnings.extend(opened.warnings());
                    opened.db
                }
            };
            if let Some(db) = db {
                sets.insert(variant, db);
            }
        }
        Ok((sets, warnings))
    }
}

/// `variant`'s databases in the folder `root` the user named, which must hold a sound set of
/// them (as [`Source::Folder`] opens it), keeping `cache_mb` MiB of decompressed blocks.
///
/// # Errors
/// [`SourceError`] when the folder cannot be read, a file is damaged, or it holds no slice
/// of the variant.
pub fn open_named_set(root: &Path, variant: Variant, cache_mb: usize) -> Result<Egdb, SourceError> {
    let db = Egdb::open(root, variant, cache_mb).map_err(refusal)?;
    if db.slices().is_empty() {
        return Err(SourceError::Empty {
            root: root.to_path_buf(),
            variant,
        });
    }
    Ok(db)
}

/// The sound part of `variant`'s databases under `root`, as an engine plays with a folder the
/// user did not name (or named and had checked before): the files that cannot be read are left
/// out, a folder that cannot be read gives no set, and a folder without the variant's files
/// gives the note on how to build them.
pub fn open_sound_set(root: &Path, variant: Variant, cache_mb: usize) -> Opened {
    match Egdb::open_sound(root, variant, cache_mb) {
        Ok((db, left_out)) => {
            let db = Some(db).filter(|db| !db.slices().is_empty());
            let missing = db.is_none().then(|| {
                let folder = store::variant_dir(root, store::set_variant(variant));
                recommended(variant).missing_note(variant, &folder)
            });
            Opened {
                variant,
                db,
                left_out,
                unreadable: None,
                missing,
            }
        }
        Err(e) => Opened {
            unreadable: Some(e),
            ..Opened::nothing(variant)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_folder_without_the_variants_set_is_refused() {
        let root = std::env::temp_dir().join(format!("damier-named-set-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        let refused = open_named_set(&root, Variant::INTERNATIONAL, store::PROBE_CACHE_MB);
        let opened = Source::Folder(root.clone()).open(Variant::INTERNATIONAL, 1);
        std::fs::remove_dir_all(&root).unwrap();
        let refused = refused.unwrap_err();
        assert!(matches!(refused, SourceError::Empty { .. }), "{refused}");
        assert!(refused.is_usage());
        assert!(
            refused
                .to_string()
                .contains(": no international databases there"),
            "{refused}"
        );
        assert!(
            matches!(opened, Err(SourceError::Empty { .. })),
            "{opened:?}"
        );
    }

    #[test]
    fn an_error_is_said_of_the_option_that_named_the_folder() {
        let gone = SourceError::NoSuchFolder(PathBuf::from("/x"));
        assert_eq!(gone.of_option("--egdb"), "--egdb /x: no such folder");
        let damaged = SourceError::Damaged(crate::damaged::damaged_file("/x/english/K1-K1.egdb"));
        assert_eq!(
            damaged.of_option("--egdb"),
            "--egdb: /x/english/K1-K1.egdb: damaged: block 0"
        );
    }
}
