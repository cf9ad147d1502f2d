//! Checking a set against the rules: every stored value must be what the position's moves
//! and their stored values make it. Wins and losses count down to the end of the game, so a
//! set that passes is right everywhere, draws included.

use crate::absent::Absent;
use crate::build::{drawn_as_it_stands, terminal, Lookup, Solved, Stored};
use crate::checked::CheckRecord;
use crate::damaged::{damaged_line, DamagedFiles};
use crate::index::Indexer;
use crate::slice::Slice;
use crate::store::{dependencies, load_needed, slice_path, variant_dir, EgdbError};
use crate::value::Value;
use damier_core::{fen, with_geometry, Geometry, Rules, Variant};
use rayon::prelude::*;
use smallvec::SmallVec;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stored value the rules disagree with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The slice.
    pub material: Slice,
    /// The position, as PDN FEN.
    pub fen: String,
    /// What the file says.
    pub stored: Value,
    /// What the moves say.
    pub expected: Value,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: stored {}, the moves give {}",
            self.material, self.fen, self.stored, self.expected
        )
    }
}

/// What a check reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum VerifyEvent<'a> {
    /// A slice is being checked.
    Slice {
        /// Which.
        material: Slice,
        /// Slices finished before it.
        done: usize,
        /// Slices to check.
        total: usize,
    },
    /// Positions of the slice checked so far.
    Positions {
        /// Done.
        done: u64,
        /// Of.
        total: u64,
    },
    /// A slice passed an earlier check and its file is unchanged: not checked again.
    PassedBefore {
        /// Which.
        material: Slice,
    },
    /// A slice cannot be checked: its file, or one it leads to, cannot be read. The check
    /// goes on with the next slice.
    Unchecked {
        /// Which.
        material: Slice,
        /// Why: the file that cannot be read.
        why: &'a EgdbError,
    },
    /// A slice is checked.
    Checked {
        /// Which.
        material: Slice,
        /// Its positions.
        positions: u64,
        /// How many of them are wrong.
        wrong: u64,
    },
}

impl VerifyEvent<'_> {
    /// The line a check prints of a slice it is done with — checked, passed before, or not
    /// checked — so that a check stopped part way says what it has done; `None` for
    /// progress.
    pub fn note(&self) -> Option<String> {
        match self {
            VerifyEvent::Checked {
                material,
                positions,
                wrong,
            } => Some(format!("{material}: {positions} positions, {wrong} wrong")),
            VerifyEvent::PassedBefore { material } => Some(format!(
                "{material}: passed an earlier check, unchanged since"
            )),
            VerifyEvent::Unchecked { material, why } => {
                Some(format!("{material}: not checked: {why}"))
            }
            VerifyEvent::Slice { .. } | VerifyEvent::Positions { .. } => None,
        }
    }

    /// What a bar shows of a slice as its check starts, with its place among those checked:
    /// `K2-K1 (3/10)`; `None` for the other events.
    pub fn slice_label(&self) -> Option<String> {
        match self {
            VerifyEvent::Slice {
                material,
                done,
                total,
            } => Some(format!("{material} ({}/{total})", done + 1)),
            _ => None,
        }
    }
}

/// A log's line of a check under way, in the slice labelled `slice`
/// ([`VerifyEvent::slice_label`]): `verifying K2-K1 (3/10): 1000/5000 positions`.
pub fn progress_line(slice: &str, done: u64, total: u64) -> String {
    format!("verifying {slice}: {done}/{total} positions")
}

/// The result of a check: positions checked and the mismatches found (at most 20 kept).
#[derive(Debug)]
pub struct Report {
    /// The variant named for the check.
    pub variant: Variant,
    /// The set's folder.
    pub dir: PathBuf,
    /// How long the check took.
    pub time: Duration,
    /// Slices checked now.
    pub slices: usize,
    /// Slices passed over because an earlier check passed them.
    pub passed_before: usize,
    /// Slices not checked because a file they need cannot be read ([`Report::damaged`]).
    pub unchecked: usize,
    /// Why the record of passed slices could not be read or written, if it could not.
    pub unrecorded: Option<EgdbError>,
    /// Positions checked.
    pub positions: u64,
    /// Mismatches found, counted.
    pub mismatches: u64,
    /// The first of them.
    pub examples: Vec<Mismatch>,
    /// The files that cannot be read (damaged, foreign or unreadable), each once, in the
    /// order met; the slices that need them are not checked.
    pub damaged: Vec<EgdbError>,
}

/// How a check that ran ends when it did not pass ([`Report::verdict`]).
#[derive(Debug, thiserror::Error)]
pub enum VerifyFailure {
    /// The folder holds no slice of the variant.
    #[error("{0}")]
    NoSet(Absent),
    /// Stored values disagree with the rules (and perhaps files are damaged too).
    #[error("{mismatches} stored values disagree with the rules{}", also_damaged(*.damaged))]
    Wrong {
        /// Values that disagree.
        mismatches: u64,
        /// Files that cannot be read.
        damaged: usize,
    },
    /// Every value read agrees, but files cannot be read.
    #[error(transparent)]
    Damaged(#[from] DamagedFiles),
}

/// The end of [`VerifyFailure::Wrong`]'s message: the damaged files too, if any.
fn also_damaged(files: usize) -> String {
    match files {
        0 => String::new(),
        n => format!(", and {n} files are damaged (named above)"),
    }
}

impl Report {
    /// An empty report of a check of `variant`'s set in `dir`.
    fn new(variant: Variant, dir: PathBuf) -> Report {
        Report {
            variant,
            dir,
            time: Duration::ZERO,
            slices: 0,
            passed_before: 0,
            unchecked: 0,
            unrecorded: None,
            positions: 0,
            mismatches: 0,
            examples: Vec::new(),
            damaged: Vec::new(),
        }
    }

    /// Whether the check met nothing: no slice checked, passed before, or damaged.
    pub fn found_nothing(&self) -> bool {
        self.slices + self.passed_before == 0 && self.damaged.is_empty()
    }

    /// The lines that end a check: the mismatches kept, the counts and time (with the slices
    /// passed over), and each damaged file. None when the check met nothing.
    pub fn lines(&self) -> Vec<String> {
        if self.found_nothing() {
            return Vec::new();
        }
        let before = match self.passed_before {
            0 => String::new(),
            n => format!(" ({n} more passed an earlier check; --again checks them too)"),
        };
        let counts = format!(
            "{}: {self}, {:.1}s{before}",
            self.variant,
            self.time.as_secs_f64()
        );
        let examples = self.examples.iter().map(Mismatch::to_string);
        let damaged = self.damaged.iter().map(|e| damaged_line(self.variant, e));
        examples.chain([counts]).chain(damaged).collect()
    }

    /// The warning (after the interface's prefix) when passed slices could not be recorded.
    pub fn warning(&self) -> Option<String> {
        let unrecorded = self.unrecorded.as_ref().filter(|_| !self.found_nothing());
        unrecorded.map(|e| {
            format!(
                "no record of the slices that passed ({e}): a check stopped part way will \
                 start again from the first"
            )
        })
    }

    /// Whether the set passed: no mismatch and no damaged file, with something checked.
    ///
    /// # Errors
    /// [`VerifyFailure`]: no set there, values that disagree, or damaged files.
    pub fn verdict(self) -> Result<(), VerifyFailure> {
        if self.found_nothing() {
            return Err(VerifyFailure::NoSet(Absent::NoSet {
                variant: self.variant,
                dir: self.dir,
                pieces: None,
            }));
        }
        if self.mismatches > 0 {
            return Err(VerifyFailure::Wrong {
                mismatches: self.mismatches,
                damaged: self.damaged.len(),
            });
        }
        Ok(DamagedFiles::check(self.damaged)?)
    }
}

impl std::fmt::Display for Report {
    /// The counts: `3 slices, 1200 positions checked, 0 wrong` (and the slices not checked).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} slices, {} positions checked, {} wrong",
            self.slices, self.positions, self.mismatches
        )?;
        match self.unchecked {
            0 => Ok(()),
            n => write!(f, ", {n} not checked (damaged files)"),
        }
    }
}

/// Which slices a check looks at again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// Those not recorded as passed, or changed since: a check stopped part way goes on.
    Unrecorded,
    /// Every one.
    All,
}

/// Why the slices named for a check ([`verify_set`]'s `only`) cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OnlyError {
    /// Neither the slice nor its swap is stored.
    #[error("{slice}: neither it nor {} is in {}", .slice.swapped(), .dir.display())]
    NotStored {
        /// The slice named.
        slice: Slice,
        /// The set's folder.
        dir: std::path::PathBuf,
    },
    /// The slice has more pieces than the check covers.
    #[error("{slice} has {} pieces, more than the check's {pieces}", .slice.pieces())]
    MorePieces {
        /// The slice named.
        slice: Slice,
        /// The check's most pieces.
        pieces: u32,
    },
}

/// Whether every slice of `only` can be checked in `variant`'s set in `root` by a check of at
/// most `pieces` pieces: stored (or its swap), and not larger.
///
/// # Errors
/// The first [`OnlyError`].
pub fn check_only(
    root: &Path,
    variant: Variant,
    pieces: u32,
    only: &[Slice],
) -> Result<(), OnlyError> {
    let dir = variant_dir(root, variant);
    for &slice in only {
        let stored = |m| slice_path(&dir, m).exists();
        if !stored(slice) && !stored(slice.swapped()) {
            return Err(OnlyError::NotStored { slice, dir });
        }
        if slice.pieces() > pieces {
            return Err(OnlyError::MorePieces { slice, pieces });
        }
    }
    Ok(())
}

/// Check every slice of `variant` in `root` of at most `pieces` pieces that is present, or
/// only the pairs of `only` (each slice with its swap) when it names any: a long check can be
/// split into parts, run apart. Each slice that passes is recorded in the folder
/// ([`crate::checked`]), and with [`Again::Unrecorded`] a recorded, unchanged one is passed
/// over. A file that cannot be read is kept in [`Report::damaged`] and the check goes on
/// without the slices that need it, so that one run names every damaged file.
///
/// # Errors
/// A slice that a present slice needs and is missing, or a folder that cannot be read.
pub fn verify_set(
    root: &Path,
    variant: Variant,
    pieces: u32,
    only: &[Slice],
    again: Again,
    report: &(dyn Fn(VerifyEvent<'_>) + Sync),
) -> Result<Report, EgdbError> {
    let dir = variant_dir(root, variant);
    let rules = variant.rules();
    let wanted = |m: Slice| only.is_empty() || only.iter().any(|&o| o == m || o.swapped() == m);
    let present: Vec<Slice> = (2..=pieces)
        .flat_map(|n| Slice::with_pieces(n, rules.men))
        .filter(|&m| wanted(m) && slice_path(&dir, m).exists())
        .collect();
    let started = Instant::now();
    let mut out = Report::new(variant, dir.clone());
    // A record that cannot be read or written (a set installed read-only) only costs work.
    let mut record = CheckRecord::load(&dir).unwrap_or_else(|e| {
        out.unrecorded = Some(e);
        CheckRecord::empty(&dir)
    });
    for (done, &material) in present.iter().enumerate() {
        if again == Again::Unrecorded && record.passed(material) {
            report(VerifyEvent::PassedBefore { material });
            out.passed_before += 1;
            continue;
        }
        let before = record.stamp(material);
        report(VerifyEvent::Slice {
            material,
            done,
            total: present.len(),
        });
        let solved = match load_all(&dir, variant, material, &mut out.damaged)? {
            Ok(solved) => solved,
            Err(at) => {
                report(VerifyEvent::Unchecked {
                    material,
                    why: &out.damaged[at],
                });
                out.unchecked += 1;
                continue;
            }
        };
        let (positions, bad) =
            with_geometry!(rules.board, G => check_slice::<G>(rules, material, &solved, report));
        report(VerifyEvent::Checked {
            material,
            positions,
            wrong: bad.len() as u64,
        });
        if bad.is_empty() {
            if let Err(e) = before.and_then(|now| record.add(material, now)) {
                out.unrecorded.get_or_insert(e);
            }
        }
        out.slices += 1;
        out.positions += positions;
        out.mismatches += bad.len() as u64;
        out.examples
            .extend(bad.into_iter().take(20 - out.examples.len().min(20)));
    }
    out.time = started.elapsed();
    Ok(out)
}

/// The slices `material` needs, its pair's included; or, when one of their files cannot be
/// read, where in `damaged` that file is (added the first time it is met; a file met before
/// is not read again).
///
/// # Errors
/// A slice that is missing, or a folder that cannot be read.
fn load_all(
    dir: &Path,
    variant: Variant,
    material: Slice,
    damaged: &mut Vec<EgdbError>,
) -> Result<Result<Solved, usize>, EgdbError> {
    let known = |damaged: &[EgdbError], path: &Path| {
        damaged
            .iter()
            .position(|e| matches!(e, EgdbError::File { path: p, .. } if p == path))
    };
    let mut solved = Solved::new();
    for m in dependencies(material)
        .into_iter()
        .chain([material, material.swapped()])
    {
        if solved.contains_key(&m) {
            continue;
        }
        if let Some(at) = known(damaged, &slice_path(dir, m)) {
            return Ok(Err(at));
        }
        match load_needed(dir, variant, material, m) {
            Ok(codes) => {
                solved.insert(m, Arc::new(codes));
            }
            Err(e @ EgdbError::File { .. }) => {
                damaged.push(e);
                return Ok(Err(damaged.len() - 1));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Ok(solved))
}

/// Check one slice held in `solved` (with every slice it leads to): the positions checked
/// and the mismatches.
pub fn check_slice<G: Geometry>(
    rules: &'static Rules,
    material: Slice,
    solved: &Solved,
    report: &(dyn Fn(VerifyEvent<'_>) + Sync),
) -> (u64, Vec<Mismatch>) {
    let ix = Indexer::new::<G>(rules, material);
    let codes = &solved[&material];
    let lookup = Lookup::<G>::new(rules, solved);
    let checked = AtomicU64::new(0);
    let total = ix.size();
    let bad = (0..total as usize)
        .into_par_iter()
        .with_min_len(1 << 12)
        .filter_map(|i| {
            if i % (1 << 16) == 0 {
                let done = checked.fetch_add(1 << 16, Relaxed) + (1 << 16);
                report(VerifyEvent::Positions {
                    done: done.min(total),
                    total,
                });
            }
            let stored = Value::from_code(codes[i]);
            let pos = ix.position::<G>(rules, i as u64)?;
            let moves = pos.legal_moves();
            let drawn = drawn_as_it_stands(&pos, &moves);
            let expected = moves
                .iter()
                .map(|mv| lookup.find(&pos.play_unchecked(mv)))
                .collect::<SmallVec<[Stored; 64]>>()
                .into_iter()
                .map(|at| lookup.read(at).before())
                .reduce(|a, b| if b.better_than(a) { b } else { a })
                .unwrap_or_else(|| terminal(rules));
            let expected = if drawn { Value::Draw } else { expected };
            (stored != expected).then(|| Mismatch {
                material,
                fen: fen::write(&pos),
                stored,
                expected,
            })
        })
        .collect();
    (total, bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::damaged::damaged_file as damaged;

    #[test]
    fn a_check_under_way_is_shown_by_slice_and_positions() {
        let start = VerifyEvent::Slice {
            material: "K2-K1".parse().unwrap(),
            done: 2,
            total: 10,
        };
        let label = start.slice_label().unwrap();
        assert_eq!(label, "K2-K1 (3/10)");
        let positions = VerifyEvent::Positions {
            done: 1000,
            total: 5000,
        };
        assert_eq!(positions.slice_label(), None);
        assert_eq!(
            progress_line(&label, 1000, 5000),
            "verifying K2-K1 (3/10): 1000/5000 positions"
        );
    }

    fn english() -> Report {
        Report::new("english".parse().unwrap(), PathBuf::from("/db/english"))
    }

    #[test]
    fn a_report_counts_what_was_checked_and_what_was_not() {
        let mut report = Report {
            slices: 3,
            positions: 1200,
            ..english()
        };
        assert!(!report.found_nothing());
        assert_eq!(
            report.to_string(),
            "3 slices, 1200 positions checked, 0 wrong"
        );
        report.mismatches = 2;
        report.unchecked = 1;
        assert_eq!(
            report.to_string(),
            "3 slices, 1200 positions checked, 2 wrong, 1 not checked (damaged files)"
        );
        assert!(english().found_nothing());
        let mismatch = Mismatch {
            material: "K1-K1".parse().unwrap(),
            fen: "W:WK1:BK32".to_string(),
            stored: Value::Draw,
            expected: Value::Draw,
        };
        assert_eq!(
            mismatch.to_string(),
            format!(
                "K1-K1 W:WK1:BK32: stored {0}, the moves give {0}",
                Value::Draw
            )
        );
    }

    #[test]
    fn a_set_that_passes_ends_with_its_counts_and_time() {
        let report = Report {
            slices: 2,
            positions: 500,
            passed_before: 4,
            time: Duration::from_millis(1300),
            ..english()
        };
        assert_eq!(
            report.lines(),
            ["english: 2 slices, 500 positions checked, 0 wrong, 1.3s \
              (4 more passed an earlier check; --again checks them too)"]
        );
        assert_eq!(report.warning(), None);
        assert!(report.verdict().is_ok());
    }

    #[test]
    fn mismatches_and_damaged_files_fail_the_check_after_their_lines() {
        let wrong = Mismatch {
            material: "K1-K1".parse().unwrap(),
            fen: "W:WK1:BK32".to_string(),
            stored: Value::Win(3),
            expected: Value::Draw,
        };
        let report = Report {
            slices: 1,
            positions: 10,
            mismatches: 1,
            unchecked: 2,
            examples: vec![wrong.clone()],
            damaged: vec![damaged("a.egdb")],
            ..english()
        };
        let lines = report.lines();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0], wrong.to_string());
        assert!(lines[1].starts_with("english: 1 slices, 10 positions checked, 1 wrong, 2 not"));
        assert!(
            lines[2].starts_with("english: damaged: a.egdb: "),
            "{lines:?}"
        );
        assert_eq!(
            report.verdict().unwrap_err().to_string(),
            "1 stored values disagree with the rules, and 1 files are damaged (named above)"
        );
        // Damaged files alone fail it too, named.
        let report = Report {
            unchecked: 1,
            damaged: vec![damaged("a.egdb")],
            ..english()
        };
        assert!(!report.found_nothing());
        let failure = report.verdict().unwrap_err();
        assert!(matches!(failure, VerifyFailure::Damaged(_)), "{failure:?}");
        assert!(failure.to_string().starts_with("a.egdb: "), "{failure}");
    }

    #[test]
    fn a_check_that_met_nothing_says_how_to_build_the_set() {
        let report = Report {
            unrecorded: Some(damaged("checked.txt")),
            ..english()
        };
        assert!(report.lines().is_empty());
        assert_eq!(report.warning(), None);
        assert_eq!(
            report.verdict().unwrap_err().to_string(),
            "no english databases in /db/english (build them with \
             `damier egdb build -v english --pieces N`)"
        );
        let report = Report {
            slices: 1,
            unrecorded: Some(damaged("checked.txt")),
            ..english()
        };
        let warning = report.warning().unwrap();
        assert!(warning.starts_with("no record of the slices that passed (checked.txt: "));
        assert!(warning.ends_with("a check stopped part way will start again from the first"));
    }

    #[test]
    fn a_slice_done_is_noted_and_progress_is_not() {
        let material: Slice = "K2-K1".parse().unwrap();
        let why = damaged("K2-K1.egdb");
        let notes = [
            VerifyEvent::Checked {
                material,
                positions: 14880,
                wrong: 0,
            },
            VerifyEvent::PassedBefore { material },
            VerifyEvent::Unchecked {
                material,
                why: &why,
            },
            VerifyEvent::Positions { done: 1, total: 2 },
            VerifyEvent::Slice {
                material,
                done: 0,
                total: 1,
            },
        ]
        .map(|e| e.note());
        assert_eq!(
            notes,
            [
                Some("K2-K1: 14880 positions, 0 wrong".to_string()),
                Some("K2-K1: passed an earlier check, unchanged since".to_string()),
                Some(format!("K2-K1: not checked: {why}")),
                None,
                None,
            ]
        );
    }
}
