//! Building a set on disk: the slices each pair needs ([`dependencies`]), the jobs of a set
//! in an order where each follows those it needs ([`plan`]), one job ([`build_job`]: solved,
//! written to a part file and renamed whole), and a whole set ([`build_set`]). Reading a set
//! is [`crate::store`]'s.

use crate::build::{build_pair, Progress, Solved, HOLE};
use crate::format;
use crate::slice::Slice;
use crate::store::{check_file, load_needed, set_variant, slice_path, variant_dir, EgdbError};
use damier_core::{with_geometry, Variant};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

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
    },
}

impl SetEvent {
    /// The line a log keeps of the event — a pair kept, found damaged, or written (without
    /// the time, which the caller measures) — or `None` for progress.
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
            } => Some(written_note(*material, *positions, *bytes)),
            SetEvent::Start { .. } | SetEvent::Pair(_) => None,
        }
    }
}

fn kept_note(material: Slice) -> String {
    format!("{}: kept from an earlier run", material.pair_name())
}

fn written_note(material: Slice, positions: u64, bytes: u64) -> String {
    format!(
        "{}: {positions} positions, {}",
        material.pair_name(),
        crate::Bytes(bytes)
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
    },
}

impl JobOutcome {
    /// The line a log keeps of the job on `material`'s pair, as [`SetEvent::note`] words it:
    /// kept, or written (without the time). A damaged pair replaced is the caller's to tell.
    pub fn note(&self, material: Slice) -> String {
        match self {
            JobOutcome::Kept => kept_note(material),
            JobOutcome::Built {
                positions, bytes, ..
            } => written_note(material, *positions, *bytes),
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
                positions, bytes, ..
            } => report(SetEvent::Finished {
                material,
                positions,
                bytes,
            }),
        }
    }
    Ok(())
}
