//! A solver's progress kept between runs: for each variant, the rating and the puzzles met,
//! in a small JSON file (by default `puzzles.json` in the user's data folder).

use crate::rating::Rating;
use damier_core::Variant;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why the progress file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// The file could not be read or written.
    #[error("{action} {}: {source}", path.display())]
    Io {
        /// `reading` or `writing`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file holds something else.
    #[error("{}: not a puzzle progress file ({source})", path.display())]
    NotProgress {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        source: serde_json::Error,
    },
}

/// The progress of every variant played.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    variants: BTreeMap<String, VariantProgress>,
}

/// One variant's rating and the puzzles met (by id).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VariantProgress {
    /// The solver's rating.
    pub rating: Rating,
    /// The puzzles met, sorted.
    pub seen: Vec<String>,
}

impl Progress {
    /// Where it is kept unless the solver says otherwise.
    pub fn default_path() -> PathBuf {
        damier_game::user_data_dir().join("puzzles.json")
    }

    /// The progress in `path`; none yet where there is no file.
    ///
    /// # Errors
    /// [`ProgressError`] for a file that cannot be read or is not a progress file.
    pub fn load(path: &Path) -> Result<Progress, ProgressError> {
        if !path.exists() {
            return Ok(Progress::default());
        }
        let text = std::fs::read_to_string(path).map_err(|source| ProgressError::Io {
            action: "reading",
            path: path.to_path_buf(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| ProgressError::NotProgress {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Write it to `path` whole (a crash leaves the old file), making its folder.
    ///
    /// # Errors
    /// [`ProgressError::Io`].
    pub fn save(&self, path: &Path) -> Result<(), ProgressError> {
        let io = |source| ProgressError::Io {
            action: "writing",
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let text = serde_json::to_string_pretty(self).expect("progress is plain data");
        damier_game::replace_file(path, |file| file.write_all(text.as_bytes())).map_err(io)
    }

    /// `variant`'s rating and puzzles met (a new solver's where it has none).
    pub fn of(&self, variant: Variant) -> (Rating, HashSet<String>) {
        let mine = self
            .variants
            .get(&variant.to_string())
            .cloned()
            .unwrap_or_default();
        (mine.rating, mine.seen.into_iter().collect())
    }

    /// Keep `variant`'s rating and puzzles met.
    pub fn set(&mut self, variant: Variant, rating: Rating, seen: &HashSet<String>) {
        let mut seen: Vec<String> = seen.iter().cloned().collect();
        seen.sort();
        self.variants
            .insert(variant.to_string(), VariantProgress { rating, seen });
    }
}

/// A solver's progress for one run, kept where the solver said: read at the start, written
/// back at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptProgress {
    /// The file, or `None` for a run that keeps nothing.
    path: Option<PathBuf>,
    progress: Progress,
}

impl KeptProgress {
    /// The progress kept where `place` says: the path of a file, `none` to keep nothing, and
    /// [`Progress::default_path`] when it says nothing.
    ///
    /// # Errors
    /// [`ProgressError`] for a file that cannot be read or is not a progress file.
    pub fn open(place: Option<&str>) -> Result<KeptProgress, ProgressError> {
        let path = Self::place(place);
        let progress = match &path {
            Some(p) => Progress::load(p)?,
            None => Progress::default(),
        };
        Ok(KeptProgress { path, progress })
    }

    fn place(place: Option<&str>) -> Option<PathBuf> {
        match place {
            Some("none") => None,
            Some(path) => Some(PathBuf::from(path)),
            None => Some(Progress::default_path()),
        }
    }

    /// The file, or `None` when nothing is kept.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// `variant`'s rating and puzzles met (a new solver's where it has none).
    pub fn of(&self, variant: Variant) -> (Rating, HashSet<String>) {
        self.progress.of(variant)
    }

    /// Keep `variant`'s rating and puzzles met, writing the file (nothing when nothing is
    /// kept).
    ///
    /// # Errors
    /// [`ProgressError::Io`].
    pub fn keep(
        &mut self,
        variant: Variant,
        rating: Rating,
        seen: &HashSet<String>,
    ) -> Result<(), ProgressError> {
        self.progress.set(variant, rating, seen);
        match &self.path {
            Some(p) => self.progress.save(p),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_survives_a_save_and_a_damaged_file_is_said() {
        let dir = std::env::temp_dir().join(format!("damier-progress-{}", std::process::id()));
        let path = dir.join("sub").join("puzzles.json");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Progress::load(&path).unwrap(), Progress::default());
        let mut progress = Progress::default();
        let seen: HashSet<String> = ["b".to_string(), "a".to_string()].into();
        let mut rating = Rating::default();
        rating.record(1500, true);
        progress.set(Variant::INTERNATIONAL, rating, &seen);
        progress.save(&path).unwrap();
        let back = Progress::load(&path).unwrap();
        assert_eq!(back, progress);
        assert_eq!(back.of(Variant::INTERNATIONAL), (rating, seen));
        assert_eq!(back.of(Variant::new(damier_core::Base::English)).1.len(), 0);
        std::fs::write(&path, "[1, 2]").unwrap();
        let err = Progress::load(&path).unwrap_err();
        assert!(
            err.to_string().contains("not a puzzle progress file"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn progress_is_kept_where_the_solver_says() {
        assert_eq!(KeptProgress::place(Some("none")), None);
        assert_eq!(
            KeptProgress::place(Some("mine.json")),
            Some(PathBuf::from("mine.json"))
        );
        assert_eq!(KeptProgress::place(None), Some(Progress::default_path()));

        let dir = std::env::temp_dir().join(format!("damier-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("kept.json");
        let mut rating = Rating::default();
        rating.record(1500, true);
        let seen: HashSet<String> = ["a".to_string()].into();
        let mut kept = KeptProgress::open(path.to_str()).unwrap();
        assert_eq!(kept.path(), Some(path.as_path()));
        assert_eq!(kept.of(Variant::INTERNATIONAL).1.len(), 0);
        kept.keep(Variant::INTERNATIONAL, rating, &seen).unwrap();
        let again = KeptProgress::open(path.to_str()).unwrap();
        assert_eq!(again.of(Variant::INTERNATIONAL), (rating, seen.clone()));

        // Kept nowhere: nothing is read, and keeping writes nothing.
        let mut nowhere = KeptProgress::open(Some("none")).unwrap();
        assert_eq!(nowhere.path(), None);
        nowhere.keep(Variant::INTERNATIONAL, rating, &seen).unwrap();
        assert_eq!(nowhere.of(Variant::INTERNATIONAL), (rating, seen));
        assert!(!Path::new("none").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
