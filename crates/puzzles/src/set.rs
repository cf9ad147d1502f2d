//! A set as a command takes it and says what became of it: read from a file or the shipped
//! one ([`load`]), listed a puzzle a line ([`Puzzle::list_line`], [`count_lines`]),
//! and saved after a generation ([`Found::save`]) or a check ([`Recheck::conclude`]), with
//! the line that reports it or the error that says why nothing was written.

use crate::file::{self, FileError};
use crate::find::Recheck;
use crate::generate::Settings;
use crate::{shipped, Puzzle};
use damier_core::Variant;
use std::path::Path;

/// Why a set could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// The file could not be read (a mistake in the command line's path, most often).
    #[error("{path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// What the system said.
        reason: std::io::Error,
    },
    /// The file is not a puzzle set.
    #[error("{path}: {reason}")]
    Unfit {
        /// The file.
        path: String,
        /// What is wrong in it.
        reason: FileError,
    },
    /// The file holds no puzzle.
    #[error("{path}: no puzzles in it")]
    Empty {
        /// The file.
        path: String,
    },
    /// A shipped set does not read (a build from a damaged checkout).
    #[error("the shipped puzzles: {0}")]
    Shipped(FileError),
    /// No set is shipped for the variant.
    #[error(
        "no puzzles are shipped for {0} (make some with `damier puzzles generate -v {0} --selfplay 200 --out FILE`)"
    )]
    NoneShipped(Variant),
}

/// The puzzles of `file`, or the set shipped for `variant`; an empty set is an error.
///
/// # Errors
/// [`SetError`] saying why there is no puzzle to have.
pub fn load(variant: Variant, file: Option<&Path>) -> Result<Vec<Puzzle>, SetError> {
    let Some(path) = file else {
        let puzzles = shipped::puzzles(variant).map_err(SetError::Shipped)?;
        return match puzzles.is_empty() {
            true => Err(SetError::NoneShipped(variant)),
            false => Ok(puzzles),
        };
    };
    let name = || path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|reason| SetError::Unreadable {
        path: name(),
        reason,
    })?;
    let puzzles = file::read(&text, variant).map_err(|reason| SetError::Unfit {
        path: name(),
        reason,
    })?;
    match puzzles.is_empty() {
        true => Err(SetError::Empty { path: name() }),
        false => Ok(puzzles),
    }
}

/// Why a set was not written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// A generation found nothing.
    #[error(
        "no puzzle found{}; {path} not written (try more games, or other ones)",
        if *.stopped { " before the run was stopped" } else { "" }
    )]
    NoneFound {
        /// The file that was to be written.
        path: String,
        /// Whether the run was stopped early.
        stopped: bool,
    },
    /// A check left no puzzle standing.
    #[error("no puzzle still holds; {path} not written")]
    NoneHolds {
        /// The file that was to be written.
        path: String,
    },
    /// A check found puzzles that differ from the set, and was given no file to write the
    /// set as judged now.
    #[error("{} no longer as stated (--out FILE writes the set as judged now)", count(*.0, "puzzle"))]
    Differs(usize),
    /// The file could not be written.
    #[error("writing {path}: {reason}")]
    Write {
        /// The file.
        path: String,
        /// What the system said.
        reason: std::io::Error,
    },
}

/// A count and its noun: "1 puzzle", "3 puzzles".
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Save `puzzles` to `path`, as [`file::save`] does, the error naming the file.
fn save(path: &Path, puzzles: &[Puzzle]) -> Result<(), SaveError> {
    file::save(path, puzzles).map_err(|reason| SaveError::Write {
        path: path.display().to_string(),
        reason,
    })
}

/// What a generation found, to be saved.
pub struct Found<'a> {
    /// The generation's settings.
    pub settings: &'a Settings,
    /// The puzzles found.
    pub puzzles: &'a [Puzzle],
    /// Seconds it took.
    pub seconds: f64,
    /// Whether it was stopped early.
    pub stopped: bool,
}

impl Found<'_> {
    /// Write the puzzles to `out`, and return the line that says so.
    ///
    /// # Errors
    /// [`SaveError::NoneFound`] for no puzzle (an empty set is no puzzle file), or
    /// [`SaveError::Write`].
    pub fn save(&self, out: &Path) -> Result<String, SaveError> {
        if self.puzzles.is_empty() {
            return Err(SaveError::NoneFound {
                path: out.display().to_string(),
                stopped: self.stopped,
            });
        }
        save(out, self.puzzles)?;
        Ok(format!(
            "{}: {} {} puzzles (depth {}), {:.0} s{}",
            out.display(),
            self.puzzles.len(),
            self.settings.variant,
            self.settings.depth,
            self.seconds,
            if self.stopped { ", stopped early" } else { "" }
        ))
    }
}

impl Recheck {
    /// The check's count of a set of `variant`: how many puzzles hold as stated, hold
    /// otherwise, or no longer hold.
    pub fn summary(&self, variant: Variant) -> String {
        format!(
            "{variant}: {}, {} as stated, {} with another goal, line or rating, {} no longer a puzzle",
            count(self.kept.len() + self.dropped, "puzzle"),
            self.as_stated(),
            self.changed,
            self.dropped
        )
    }

    /// End the check: with `out`, write the set as judged now there and return the line
    /// that says so; without, succeed only if the set holds as stated.
    ///
    /// # Errors
    /// [`SaveError::NoneHolds`] when nothing is left to write, [`SaveError::Differs`] when
    /// the set differs and no file was given, [`SaveError::Write`].
    pub fn conclude(&self, out: Option<&Path>) -> Result<Option<String>, SaveError> {
        match out {
            Some(out) if self.kept.is_empty() => Err(SaveError::NoneHolds {
                path: out.display().to_string(),
            }),
            Some(out) => {
                save(out, &self.kept)?;
                let written = count(self.kept.len(), "puzzle");
                Ok(Some(format!("{}: {written}", out.display())))
            }
            None if self.differs() => Err(SaveError::Differs(self.changed + self.dropped)),
            None => Ok(None),
        }
    }
}

impl Puzzle {
    /// The puzzle as a line of a listing: name, rating, goal, solution, in columns.
    pub fn list_line(&self) -> String {
        format!(
            "{:<20} {:>5}  {:<36} {}",
            self.id,
            self.rating,
            self.task(),
            self.line_text()
        )
    }
}

/// The lines of a listing: each puzzle of `file` or of the set shipped for `variant`
/// ([`Puzzle::list_line`]); with neither, each variant's count ([`count_lines`]). A file's
/// puzzles without a `GameType` tag are international unless `variant` names another, as
/// PDN has it.
///
/// # Errors
/// [`SetError`], as [`load`] gives it.
pub fn list(variant: Option<Variant>, file: Option<&Path>) -> Result<Vec<String>, SetError> {
    let variant = match (variant, file) {
        (Some(variant), _) => variant,
        (None, Some(_)) => Variant::INTERNATIONAL,
        (None, None) => return Ok(count_lines()),
    };
    Ok(load(variant, file)?.iter().map(Puzzle::list_line).collect())
}

/// Each variant's shipped count as a line of a listing, in `Variant::all()` order.
pub fn count_lines() -> Vec<String> {
    let counts = shipped::counts();
    counts
        .iter()
        .map(|(v, n)| format!("{v:<24} {n:>4} puzzles"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("damier-puzzles-set-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn shipped_variant() -> (Variant, Vec<Puzzle>) {
        let (variant, _) = shipped::counts().into_iter().find(|(_, n)| *n > 2).unwrap();
        (variant, load(variant, None).unwrap())
    }

    #[test]
    fn a_set_is_read_from_its_file_or_the_shipped_one() {
        let (variant, shipped) = shipped_variant();
        let path = scratch("two.pdn", &file::write(&shipped[..2]));
        assert_eq!(load(variant, Some(&path)).unwrap(), shipped[..2]);
        let missing = path.with_file_name("none.pdn");
        let e = load(variant, Some(&missing)).unwrap_err();
        assert!(matches!(e, SetError::Unreadable { .. }), "{e}");
        assert!(
            e.to_string().starts_with(&missing.display().to_string()),
            "{e}"
        );
        let empty = scratch("empty.pdn", "");
        assert_eq!(
            load(variant, Some(&empty)).unwrap_err().to_string(),
            format!("{}: no puzzles in it", empty.display())
        );
        // Every variant ships a set today; a variant without one is told how to make it.
        let e = SetError::NoneShipped(variant).to_string();
        assert!(
            e.starts_with(&format!("no puzzles are shipped for {variant} (make")),
            "{e}"
        );
    }

    #[test]
    fn a_generation_saves_what_it_found_or_says_it_found_nothing() {
        let (variant, shipped) = shipped_variant();
        let settings = Settings::new(variant, 9, 10, 1).unwrap();
        let out = scratch("found.pdn", "");
        let mut found = Found {
            settings: &settings,
            puzzles: &[],
            seconds: 3.4,
            stopped: true,
        };
        assert_eq!(
            found.save(&out).unwrap_err().to_string(),
            format!("no puzzle found before the run was stopped; {} not written (try more games, or other ones)", out.display())
        );
        found.puzzles = &shipped[..3];
        found.stopped = false;
        assert_eq!(
            found.save(&out).unwrap(),
            format!("{}: 3 {variant} puzzles (depth 9), 3 s", out.display())
        );
        assert_eq!(load(variant, Some(&out)).unwrap(), shipped[..3]);
    }

    #[test]
    fn a_check_counts_the_set_and_writes_what_holds() {
        let (variant, shipped) = shipped_variant();
        let mut judged = Recheck {
            kept: shipped[..2].to_vec(),
            changed: 1,
            dropped: 1,
        };
        assert_eq!(
            judged.summary(variant),
            format!("{variant}: 3 puzzles, 1 as stated, 1 with another goal, line or rating, 1 no longer a puzzle")
        );
        assert_eq!(
            judged.conclude(None).unwrap_err().to_string(),
            "2 puzzles no longer as stated (--out FILE writes the set as judged now)"
        );
        let out = scratch("judged.pdn", "");
        assert_eq!(
            judged.conclude(Some(&out)).unwrap(),
            Some(format!("{}: 2 puzzles", out.display()))
        );
        assert_eq!(load(variant, Some(&out)).unwrap(), shipped[..2]);
        judged.kept.clear();
        assert!(matches!(
            judged.conclude(Some(&out)),
            Err(SaveError::NoneHolds { .. })
        ));
        let sound = Recheck {
            kept: shipped[..1].to_vec(),
            changed: 0,
            dropped: 0,
        };
        assert_eq!(sound.conclude(None).unwrap(), None);
        assert_eq!(sound.summary(variant), format!("{variant}: 1 puzzle, 1 as stated, 0 with another goal, line or rating, 0 no longer a puzzle"));
    }

    #[test]
    fn listings_set_their_columns() {
        let (_, shipped) = shipped_variant();
        let p = &shipped[0];
        let line = p.list_line();
        assert!(
            line.starts_with(&format!("{:<20} {:>5}  {}", p.id, p.rating, p.task())),
            "{line}"
        );
        assert!(line.ends_with(&p.line_text()), "{line}");
        let lines = count_lines();
        assert_eq!(lines.len(), Variant::all().count());
        assert!(lines[0].ends_with(" puzzles"), "{}", lines[0]);
        assert_eq!(
            lines[0].find(' '),
            Some(lines[0].split(' ').next().unwrap().len())
        );
        assert_eq!(list(None, None).unwrap(), lines);
        let international = load(Variant::INTERNATIONAL, None).unwrap();
        assert_eq!(
            list(Some(Variant::INTERNATIONAL), None).unwrap()[0],
            international[0].list_line()
        );
        // A file's untagged puzzles are international when no variant is named.
        let path = scratch(
            "untagged.pdn",
            &file::write(&international[..1])
                .lines()
                .filter(|l| !l.starts_with("[GameType "))
                .map(|l| format!("{l}\n"))
                .collect::<String>(),
        );
        assert!(!std::fs::read_to_string(&path).unwrap().contains("GameType"));
        assert_eq!(
            list(None, Some(&path)).unwrap(),
            [international[0].list_line()]
        );
    }
}
