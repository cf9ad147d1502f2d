//! Building a set on disk: the slices each pair needs ([`dependencies`]), the jobs of a set
//! in an order where each follows those it needs ([`plan`]), one job ([`build_job`]: solved,
//! written to a part file and renamed whole), and a whole set ([`build_set`]). Reading a set
//! is [`crate::store`]'s.

use crate::build::{build_pair, Progress, Solved, HOLE};
use crate::format::{self, FormatError};
use crate::slice::Slice;
use crate::store::{
    check_file, load_needed, set_variant, slice_path, variant_dir, Egdb, EgdbError,
};
use crate::summary::{Bytes, SetSummary};
use damier_core::{with_geometry, Variant};
use std::fmt;
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The variant's folder under `root`, made if need be, with the part files of a build that
/// stopped half way removed.
fn prepared_dir(root: &Path, variant: Variant) -> Result<std::path::PathBuf, EgdbError> {
    let dir = variant_dir(root, variant);
    std::fs::create_dir_all(&dir).map_err(|reason| EgdbError::Folder {
        path: dir.clone(),
        reason,
    })?;
    remove_stale_parts(&dir);
    Ok(dir)
}

/// The slices whose values a pair's moves can reach outside the pair.
pub fn dependencies(material: Slice) -> Vec<Slice> {
    let mut out = Vec::new();
    for m in [material, material.swapped()] {
        let movers = [(m.own_men, m.own_kings)]
            .into_iter()
            .chain((m.own_men > 0).then(|| (m.own_men - 1, m.own_kings + 1)));
        for (men, kings) in movers {
            for opp_men in 0..=m.opp_men {
                for opp_kings in 0..=m.opp_kings {
                    let after = Slice {
                        own_men: opp_men,
                        own_kings: opp_kings,
                        opp_men: men,
                        opp_kings: kings,
                    };
                    let captured = after.own() < m.opp();
                    let crowned = men != m.own_men;
                    if after.own() > 0 && (captured || crowned) && !out.contains(&after) {
                        out.push(after);
                    }
                }
            }
        }
    }
    out
}

/// What a set build reports.
#[derive(Clone, Debug)]
pub enum SetEvent {
    /// A pair of slices is starting (`done` pairs of `total` are finished).
    Start {
        /// The pair's first slice.
        material: Slice,
        /// Pairs finished before it.
        done: usize,
        /// Pairs in the set.
        total: usize,
    },
    /// A pair found on disk from an earlier run, every block of it checked.
    Kept {
        /// The pair's first slice.
        material: Slice,
    },
    /// A pair found on disk damaged: it is built again.
    Damaged {
        /// The pair's first slice.
        material: Slice,
        /// What is wrong with it.
        reason: String,
    },
    /// Progress inside the pair.
    Pair(Progress),
    /// A pair is written.
    Finished {
        /// The pair's first slice.
        material: Slice,
        /// Positions in the pair (holes included).
        positions: u64,
        /// Bytes written.
        bytes: u64,
        /// Time taken to solve and write it.
        time: Duration,
    },
}

impl SetEvent {
    /// The line a log keeps of the event — a pair kept, found damaged, or written — or
    /// `None` for progress.
    pub fn note(&self) -> Option<String> {
        match self {
            SetEvent::Kept { material } => Some(kept_note(*material)),
            SetEvent::Damaged { material, reason } => Some(format!(
                "{}: damaged ({reason}): building it again",
                material.pair_name()
            )),
            SetEvent::Finished {
                material,
                positions,
                bytes,
                time,
            } => Some(written_note(*material, *positions, *bytes, *time)),
            SetEvent::Start { .. } | SetEvent::Pair(_) => None,
        }
    }
}

/// How far a set build has come, as its events tell it: the pair under way, the pairs done
/// and those kept from an earlier run (for a progress bar, a page, the closing line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetTally {
    /// Pairs finished or kept.
    pub done: usize,
    /// Pairs in the set, once one has started (0 before).
    pub total: usize,
    /// Pairs found whole from an earlier run, kept.
    pub kept: usize,
    /// The pair being built.
    building: Option<Slice>,
}

impl SetTally {
    /// Count `event` in; the tally after it.
    pub fn record(&mut self, event: &SetEvent) -> SetTally {
        match event {
            SetEvent::Start {
                material,
                done,
                total,
            } => (self.building, self.done, self.total) = (Some(*material), *done, *total),
            SetEvent::Kept { .. } => (self.done, self.kept) = (self.done + 1, self.kept + 1),
            SetEvent::Finished { .. } => (self.done, self.building) = (self.done + 1, None),
            SetEvent::Damaged { .. } | SetEvent::Pair(_) => {}
        }
        *self
    }

    /// The pair being built and its place in the set: `K2-K1 and K1-K2 (pair 3 of 10)`.
    pub fn building(&self) -> Option<String> {
        let pair = self.building?;
        Some(format!(
            "{} (pair {} of {})",
            pair.pair_name(),
            self.done + 1,
            self.total
        ))
    }

    /// What a bar and a log show of the pair under way at `event` (the tally after it):
    /// `K2-K1 and K1-K2 (pair 3 of 10): scanning` as it starts, then its progress inside;
    /// `None` for the other events.
    pub fn pair_line(&self, event: &SetEvent) -> Option<String> {
        let pair = self.building().unwrap_or_default();
        match event {
            SetEvent::Start { .. } => Some(format!("{pair}: scanning")),
            SetEvent::Pair(progress) => Some(format!("{pair}: {progress}")),
            _ => None,
        }
    }
}

fn kept_note(material: Slice) -> String {
    format!("{}: kept from an earlier run", material.pair_name())
}

fn written_note(material: Slice, positions: u64, bytes: u64, time: Duration) -> String {
    format!(
        "{}: {positions} positions, {}, {:.1}s",
        material.pair_name(),
        Bytes(bytes),
        time.as_secs_f64()
    )
}

/// One job of a set: a slice and its swap, built together, and the jobs whose slices it
/// reads (every one with fewer pieces or fewer men).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The pair's first slice ([`Slice::pair_key`]).
    pub material: Slice,
    /// The jobs it needs finished first.
    pub needs: Vec<Slice>,
}

impl fmt::Display for Job {
    /// The job and those it needs, as `damier egdb plan` lists them: `K1-K2: K1-K1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.material)?;
        self.needs.iter().try_for_each(|m| write!(f, " {m}"))
    }
}

/// The jobs of every slice of `variant` up to `pieces` pieces, each after those it needs:
/// run one at a time in this order, or as a graph on many machines.
pub fn plan(variant: Variant, pieces: u32) -> Vec<Job> {
    Slice::build_order(pieces, variant.rules().men)
        .into_iter()
        .map(|material| {
            let mut needs: Vec<Slice> = dependencies(material)
                .into_iter()
                .map(Slice::pair_key)
                .filter(|&m| m != material)
                .collect();
            needs.sort();
            needs.dedup();
            Job { material, needs }
        })
        .collect()
}

/// What [`build_job`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobOutcome {
    /// Both slices were on disk, whole, from an earlier run.
    Kept,
    /// The pair was solved and written.
    Built {
        /// Positions in the pair (holes included).
        positions: u64,
        /// Bytes written.
        bytes: u64,
        /// What was wrong with the files it replaced, if it replaced damaged ones.
        replaced: Option<String>,
        /// Time taken to solve and write it.
        time: Duration,
    },
}

impl JobOutcome {
    /// The line a log keeps of the job on `material`'s pair, as [`SetEvent::note`] words it:
    /// kept, or written. A damaged pair replaced is [`JobOutcome::replaced_note`]'s.
    pub fn note(&self, material: Slice) -> String {
        match self {
            JobOutcome::Kept => kept_note(material),
            JobOutcome::Built {
                positions,
                bytes,
                time,
                ..
            } => written_note(material, *positions, *bytes, *time),
        }
    }

    /// The warning that damaged files of `material`'s pair were built again, if they were.
    pub fn replaced_note(&self, material: Slice) -> Option<String> {
        match self {
            JobOutcome::Built {
                replaced: Some(reason),
                ..
            } => Some(format!(
                "{}: damaged ({reason}): built again",
                material.pair_name()
            )),
            _ => None,
        }
    }
}

/// A build that failed ([`build_job`], [`build_and_summarise`]), with what to do about a
/// damaged file it needed.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A slice the build needed is damaged: the user deletes it and builds again.
    #[error("{0} (delete that file and run the build again)")]
    Damaged(EgdbError),
    /// Anything else.
    #[error(transparent)]
    Store(EgdbError),
}

impl From<EgdbError> for BuildError {
    fn from(e: EgdbError) -> BuildError {
        let damaged = matches!(
            &e,
            EgdbError::File {
                reason: FormatError::Damaged(_),
                ..
            }
        );
        if damaged {
            BuildError::Damaged(e)
        } else {
            BuildError::Store(e)
        }
    }
}

/// What is on disk of a pair.
enum PairState {
    /// Both slices, every block sound.
    Whole,
    /// A slice is not there.
    Absent,
    /// A slice is there but cannot be read whole.
    Damaged(EgdbError),
}

/// Build the pair of `material` (either slice of it names it) into `root`, unless it is
/// there already, whole (every block is read and checked; a damaged pair is built again);
/// the slices it needs must be there. Each slice is written to a temporary file, synced and
/// renamed, so a half-written slice is never read, and jobs of one set may run at once in
/// several processes sharing the folder. Threads: the current rayon pool.
///
/// # Errors
/// An unwritable folder, a slice it needs missing, or a damaged slice found on the way.
pub fn build_job(
    root: &Path,
    variant: Variant,
    material: Slice,
    report: &(dyn Fn(Progress) + Sync),
) -> Result<JobOutcome, EgdbError> {
    let dir = prepared_dir(root, variant)?;
    build_in(&dir, variant, material.pair_key(), &|_| {}, report)
}

/// [`build_job`] in a variant's folder, which exists: `start` is told when the pair is to be
/// solved (it is not whole on disk), with what is wrong with the files there if they are
/// damaged.
fn build_in(
    dir: &Path,
    variant: Variant,
    material: Slice,
    start: &dyn Fn(Option<&str>),
    report: &(dyn Fn(Progress) + Sync),
) -> Result<JobOutcome, EgdbError> {
    let replaced = match pair_state(dir, variant, material) {
        PairState::Whole => return Ok(JobOutcome::Kept),
        PairState::Absent => None,
        PairState::Damaged(e) => Some(e.to_string()),
    };
    start(replaced.as_deref());
    let started = Instant::now();
    let dir = dir.to_path_buf();
    let folder_error = |reason| EgdbError::Folder {
        path: dir.clone(),
        reason,
    };
    let rules = variant.rules();
    let mut solved = Solved::new();
    for dep in dependencies(material) {
        solved.insert(dep, Arc::new(load_needed(&dir, variant, material, dep)?));
    }
    let tables =
        with_geometry!(rules.board, G => build_pair::<G>(rules, material, &solved, report));
    let mut bytes = 0;
    let mut positions = 0;
    for table in tables {
        let codes: Vec<u16> = table
            .codes
            .iter()
            .map(|&c| if c == HOLE { 0 } else { c })
            .collect();
        let data = format::encode(&set_variant(variant).to_string(), table.material, &codes);
        let path = slice_path(&dir, table.material);
        // The process's id keeps two builders of the same slice off each other's file.
        let tmp = path.with_extension(format!("egdb.{}.{PART}", std::process::id()));
        // Synced before the rename, so that a crash cannot leave a named file whose blocks
        // never reached the disk.
        File::create(&tmp)
            .and_then(|mut f| f.write_all(&data).and_then(|_| f.sync_all()))
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(folder_error)?;
        bytes += data.len() as u64;
        positions += codes.len() as u64;
    }
    Ok(JobOutcome::Built {
        positions,
        bytes,
        replaced,
        time: started.elapsed(),
    })
}

/// The last extension of a slice being written: `K2-K1.egdb.<pid>.part`.
const PART: &str = "part";

/// Remove the temporary files of `dir` left by builders that are no longer running (a build
/// killed part way). One whose process may still run is left alone: it may be writing.
fn remove_stale_parts(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        let Some(pid) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(&format!(".{PART}")))
            .and_then(|n| n.rsplit_once(".egdb."))
            .and_then(|(_, pid)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !process_may_run(pid, &path) {
            // Another builder may have removed it first: nothing to do then.
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether process `pid`, which wrote the temporary file `part`, may still be running.
fn process_may_run(pid: u32, part: &Path) -> bool {
    if cfg!(target_os = "linux") {
        return Path::new(&format!("/proc/{pid}")).exists();
    }
    // Elsewhere no process table is at hand without unsafe code: a builder writes its file
    // in seconds, so one untouched for a day is left over.
    let age = std::fs::metadata(part)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok());
    age.is_none_or(|a| a < std::time::Duration::from_secs(24 * 3600))
}

/// What is on disk of `material`'s pair in `dir`: each file is read whole and its blocks
/// checked, so that a file damaged after its header is found (and built again) too.
fn pair_state(dir: &Path, variant: Variant, material: Slice) -> PairState {
    let pair = [material, material.swapped()];
    if !pair.iter().all(|&m| slice_path(dir, m).exists()) {
        return PairState::Absent;
    }
    for m in pair {
        if let Err(e) = check_file(dir, variant, m) {
            return PairState::Damaged(e);
        }
    }
    PairState::Whole
}

/// Build every slice of `variant` up to `pieces` pieces into `root`, keeping finished slices
/// from earlier runs ([`plan`]'s jobs in order, each by [`build_job`]). Threads: the current
/// rayon pool.
///
/// # Errors
/// An unwritable folder, or a damaged slice found on the way.
pub fn build_set(
    root: &Path,
    variant: Variant,
    pieces: u32,
    report: &(dyn Fn(SetEvent) + Sync),
) -> Result<(), EgdbError> {
    let jobs = plan(variant, pieces);
    let dir = prepared_dir(root, variant)?;
    for (done, job) in jobs.iter().enumerate() {
        let material = job.material;
        let start = |damage: Option<&str>| {
            if let Some(reason) = damage {
                report(SetEvent::Damaged {
                    material,
                    reason: reason.to_string(),
                });
            }
            report(SetEvent::Start {
                material,
                done,
                total: jobs.len(),
            })
        };
        match build_in(&dir, variant, material, &start, &|p| {
            report(SetEvent::Pair(p))
        })? {
            JobOutcome::Kept => report(SetEvent::Kept { material }),
            JobOutcome::Built {
                positions,
                bytes,
                time,
                ..
            } => report(SetEvent::Finished {
                material,
                positions,
                bytes,
                time,
            }),
        }
    }
    Ok(())
}

/// A whole set built ([`build_and_summarise`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltSet {
    /// The variant named for the build (its files may carry another name: [`set_variant`]).
    pub variant: Variant,
    /// Pieces on the board, at most.
    pub pieces: u32,
    /// Pairs found whole from an earlier run, kept.
    pub kept: usize,
    /// Time taken.
    pub time: Duration,
    /// The set on disk now.
    pub set: SetSummary,
}

impl fmt::Display for BuiltSet {
    /// `english: every slice up to 3 pieces in DIR (16 files, 1.2 MB), 4.0s`, with the pairs
    /// kept from an earlier run, if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: every slice up to {} pieces in {} ({} files, {}",
            self.variant,
            self.pieces,
            self.set.dir.display(),
            self.set.slices,
            Bytes(self.set.bytes)
        )?;
        if self.kept > 0 {
            write!(f, "; {} pairs kept from an earlier run", self.kept)?;
        }
        write!(f, "), {:.1}s", self.time.as_secs_f64())
    }
}

/// [`build_set`], then what the set on disk holds, the pairs kept counted and the time taken.
///
/// # Errors
/// As [`build_set`], worded as [`BuildError`].
pub fn build_and_summarise(
    root: &Path,
    variant: Variant,
    pieces: u32,
    report: &(dyn Fn(SetEvent) + Sync),
) -> Result<BuiltSet, BuildError> {
    let started = Instant::now();
    let tally = Mutex::new(SetTally::default());
    build_set(root, variant, pieces, &|event| {
        tally
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .record(&event);
        report(event);
    })?;
    Ok(BuiltSet {
        variant,
        pieces,
        kept: tally
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .kept,
        time: started.elapsed(),
        set: Egdb::open(root, variant, 1)?.summary(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn slice(name: &str) -> Slice {
        name.parse().unwrap()
    }

    #[test]
    fn a_tally_names_the_pair_under_way_and_counts_those_done_and_kept() {
        let mut tally = SetTally::default();
        let kept = tally.record(&SetEvent::Kept {
            material: slice("K1-K1"),
        });
        assert_eq!((kept.done, kept.kept, kept.building()), (1, 1, None));
        let start = SetEvent::Start {
            material: slice("K2-K1"),
            done: 1,
            total: 10,
        };
        assert_eq!(
            tally.record(&start).building().as_deref(),
            Some("K2-K1 and K1-K2 (pair 2 of 10)")
        );
        assert_eq!(
            tally.pair_line(&start).as_deref(),
            Some("K2-K1 and K1-K2 (pair 2 of 10): scanning")
        );
        let scan = SetEvent::Pair(crate::build::Progress::Scan {
            done: 100,
            total: 992,
        });
        assert_eq!(
            tally.record(&scan).pair_line(&scan).as_deref(),
            Some("K2-K1 and K1-K2 (pair 2 of 10): scanned 100 of 992 positions")
        );
        let finished = tally.record(&SetEvent::Finished {
            material: slice("K2-K1"),
            positions: 1,
            bytes: 1,
            time: Duration::ZERO,
        });
        assert_eq!(
            (finished.done, finished.kept, finished.building()),
            (2, 1, None)
        );
        let kept = SetEvent::Kept {
            material: slice("K1-K1"),
        };
        assert_eq!(finished.pair_line(&kept), None);
    }

    #[test]
    fn a_job_is_listed_with_the_jobs_it_needs() {
        let job = Job {
            material: slice("K1-K2"),
            needs: vec![slice("K1-K1"), slice("M1-K1")],
        };
        assert_eq!(job.to_string(), "K1-K2: K1-K1 M1-K1");
        let first = Job {
            material: slice("K1-K1"),
            needs: Vec::new(),
        };
        assert_eq!(first.to_string(), "K1-K1:");
    }

    #[test]
    fn a_job_notes_what_it_wrote_and_what_it_replaced() {
        let pair = slice("K2-K1");
        let built = JobOutcome::Built {
            positions: 29760,
            bytes: 2048,
            replaced: Some("damaged: block 2".into()),
            time: Duration::from_millis(2300),
        };
        assert_eq!(
            built.note(pair),
            "K2-K1 and K1-K2: 29760 positions, 2.0 KB, 2.3s"
        );
        assert_eq!(
            built.replaced_note(pair).unwrap(),
            "K2-K1 and K1-K2: damaged (damaged: block 2): built again"
        );
        assert_eq!(JobOutcome::Kept.replaced_note(pair), None);
    }

    #[test]
    fn a_damaged_file_is_worded_with_what_to_do() {
        let damaged = crate::damaged::damaged_file("/db/english/K1-K1.egdb");
        let e = BuildError::from(damaged);
        assert!(matches!(e, BuildError::Damaged(_)), "{e:?}");
        assert!(
            e.to_string()
                .ends_with("(delete that file and run the build again)"),
            "{e}"
        );
        let foreign = EgdbError::File {
            path: PathBuf::from("/db/english/K1-K1.egdb"),
            reason: FormatError::NotDatabase,
        };
        let e = BuildError::from(foreign);
        assert!(matches!(e, BuildError::Store(_)), "{e:?}");
        assert!(!e.to_string().contains("delete"), "{e}");
    }

    #[test]
    fn a_set_built_says_where_how_big_and_what_was_kept() {
        let english: Variant = "english".parse().unwrap();
        let mut built = BuiltSet {
            variant: english,
            pieces: 3,
            kept: 0,
            time: Duration::from_millis(4000),
            set: SetSummary {
                variant: english,
                also_serves: Vec::new(),
                dir: PathBuf::from("/db/english"),
                slices: 16,
                bytes: 3 << 20,
                complete_to: 3,
                by_pieces: Vec::new(),
                missing: Vec::new(),
            },
        };
        assert_eq!(
            built.to_string(),
            "english: every slice up to 3 pieces in /db/english (16 files, 3.0 MB), 4.0s"
        );
        built.kept = 5;
        assert_eq!(
            built.to_string(),
            "english: every slice up to 3 pieces in /db/english (16 files, 3.0 MB; \
             5 pairs kept from an earlier run), 4.0s"
        );
    }
}
