//! `damier egdb`: build, check and read endgame databases.

use crate::log_lines::LogLines;
use crate::output::{outln, usage, UsageContext};
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use damier_core::{notation, with_geometry, Variant};
use damier_egdb::bench::{probe_speed, BenchError};
use damier_egdb::build::Progress;
use damier_egdb::store::{self, SetEvent};
use damier_egdb::verify::{self, Again, VerifyEvent};
use damier_egdb::{material_list, unbuildable_set, Bytes, Egdb, Slice, Unexplained};
use indicatif::MultiProgress;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

/// Arguments of `damier egdb`.
#[derive(Args, Debug)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Build every slice up to N pieces (finished slices of an earlier run are kept), or one
    /// pair of slices whose needs are built.
    Build(BuildArgs),
    /// The jobs of a set in build order, each with the jobs it needs: `K1-K2: K1-K1`
    /// (for running the slices on several machines).
    Plan(PlanArgs),
    /// Check every stored value against the position's moves.
    Verify(VerifyArgs),
    /// The value of a position, and of each of its moves.
    Probe(ProbeArgs),
    /// The slices present, their sizes, and up to how many pieces the set is complete.
    Info(InfoArgs),
    /// Probe speed: random positions of the set, first from a fresh handle (cold cache),
    /// then again (warm).
    Bench(BenchArgs),
    /// Random won and drawn endings of the set, played by the engine on both sides: does it
    /// win every win within the draw rules, and hold every draw?
    Playout(crate::egdb_playout::PlayoutArgs),
}

#[derive(Args, Debug)]
struct BenchArgs {
    #[command(flatten)]
    set: SetArg,
    /// Positions probed in each pass.
    #[arg(long, default_value_t = 200_000)]
    probes: u64,
    /// Cache of decompressed blocks, in MiB.
    #[arg(long, default_value_t = 64)]
    cache: usize,
}

/// Which set: a variant's databases in a folder.
#[derive(Args, Debug)]
struct SetArg {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
    #[command(flatten)]
    dir: DirArg,
}

/// How many threads work.
#[derive(Args, Debug)]
struct ThreadsArg {
    /// Threads [default: all cores].
    #[arg(long, short = 't')]
    threads: Option<usize>,
}

/// Where the databases are.
#[derive(Args, Debug)]
struct DirArg {
    /// Folder of the databases (one sub-folder per variant; also --egdb, as in `analyze`)
    /// [default: $DAMIER_EGDB, else the user's data folder, e.g. ~/.local/share/damier/egdb].
    #[arg(long, visible_alias = "egdb")]
    dir: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct BuildArgs {
    #[command(flatten)]
    set: SetArg,
    /// Pieces on the board, at most.
    #[arg(
        long,
        short = 'p',
        required_unless_present_any = ["slice", "recommended"],
        conflicts_with_all = ["slice", "recommended"]
    )]
    pieces: Option<u32>,
    /// The variant's set that builds in minutes: 5 pieces on 8x8 boards, 4 on the others.
    #[arg(long, conflicts_with = "slice")]
    recommended: bool,
    /// Build only this slice and its swap (e.g. K2M1-K1); the slices it needs must be built.
    #[arg(long)]
    slice: Option<String>,
    #[command(flatten)]
    threads: ThreadsArg,
}

#[derive(Args, Debug)]
struct PlanArgs {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
    /// Pieces on the board, at most.
    #[arg(long, short = 'p')]
    pieces: u32,
}

#[derive(Args, Debug)]
struct VerifyArgs {
    #[command(flatten)]
    set: SetArg,
    /// Check slices of this many pieces or fewer.
    #[arg(long, short = 'p', default_value_t = 8)]
    pieces: u32,
    /// Check only this slice and its swap (e.g. K1M1-K2M1); repeat it or list them with
    /// commas to split a long check into parts.
    #[arg(long, value_delimiter = ',')]
    slice: Vec<String>,
    /// Check again the slices an earlier check passed (by default a slice recorded as passed,
    /// its file unchanged since, is passed over, so that a check stopped part way goes on).
    #[arg(long)]
    again: bool,
    #[command(flatten)]
    threads: ThreadsArg,
}

#[derive(Args, Debug)]
struct ProbeArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    dir: DirArg,
}

#[derive(Args, Debug)]
struct InfoArgs {
    /// Variant id or alias (default: every variant with databases in the folder).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    #[command(flatten)]
    dir: DirArg,
}

impl DirArg {
    fn path(&self) -> PathBuf {
        self.dir.clone().unwrap_or_else(store::default_root)
    }
}

pub fn run(args: &EgdbArgs) -> Result<()> {
    match &args.command {
        EgdbCommand::Build(a) => build(a),
        EgdbCommand::Plan(a) => plan(a),
        EgdbCommand::Verify(a) => verify(a),
        EgdbCommand::Probe(a) => probe(a),
        EgdbCommand::Info(a) => info(a),
        EgdbCommand::Bench(a) => bench(a),
        EgdbCommand::Playout(a) => crate::egdb_playout::run(a),
    }
}

fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    if let Some(t) = threads {
        crate::output::check_threads("--threads", t)?;
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("starting the threads")
}

/// A failed build, with what to do about a damaged file it needed.
fn build_failure(e: store::EgdbError) -> anyhow::Error {
    let damaged = matches!(
        &e,
        store::EgdbError::File {
            reason: damier_egdb::format::FormatError::Damaged(_),
            ..
        }
    );
    if damaged {
        anyhow::anyhow!("{e} (delete that file and run the build again)")
    } else {
        e.into()
    }
}

fn check_pieces(pieces: u32) -> Result<()> {
    if let Some(why) = unbuildable_set(pieces) {
        usage!("--{why}");
    }
    Ok(())
}

fn plan(args: &PlanArgs) -> Result<()> {
    let variant = args.variant;
    check_pieces(args.pieces)?;
    for job in store::plan(variant, args.pieces) {
        let needs: String = job.needs.iter().map(|m| format!(" {m}")).collect();
        outln!("{}:{needs}", job.material)?;
    }
    Ok(())
}

/// `build --slice`: one pair, its needs already on disk.
fn build_one(args: &BuildArgs, name: &str) -> Result<()> {
    let variant = args.set.variant;
    let material: Slice = name.parse().usage_context(|| "--slice".into())?;
    if let Some(why) = material.unbuildable() {
        usage!("--slice {name}: {why}");
    }
    note_shared_set(variant);
    let pool = thread_pool(args.threads.threads)?;
    let root = args.set.dir.path();
    let started = Instant::now();
    let outcome = pool
        .install(|| store::build_job(&root, variant, material, &|_| {}))
        .map_err(build_failure)
        .with_context(|| format!("building {variant} slice {material} in {}", root.display()))?;
    if let store::JobOutcome::Built {
        replaced: Some(reason),
        ..
    } = &outcome
    {
        crate::output::tell!(
            "{}: damaged ({reason}): built again",
            material.pair_key().pair_name()
        );
    }
    let note = outcome.note(material.pair_key());
    match outcome {
        store::JobOutcome::Kept => outln!("{note}")?,
        store::JobOutcome::Built { .. } => {
            outln!("{note}, {:.1}s", started.elapsed().as_secs_f64())?
        }
    }
    Ok(())
}

/// Say so when another name's files serve `variant` (German plays Brazilian's endings).
fn note_shared_set(variant: Variant) {
    let owner = store::set_variant(variant);
    if owner != variant {
        crate::output::tell!(
            "{variant} is {owner} under another name: it uses {owner}'s databases"
        );
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    if let Some(name) = &args.slice {
        return build_one(args, name);
    }
    let variant = args.set.variant;
    let pieces = match (args.pieces, args.recommended) {
        (Some(pieces), _) => pieces,
        (None, true) => {
            let r = damier_egdb::recommended(variant);
            crate::output::tell!(
                "{variant}: the recommended set, {} pieces (about {} min and {} MB)",
                r.pieces,
                r.minutes,
                r.megabytes
            );
            r.pieces
        }
        (None, false) => {
            usage!("give --pieces N, --recommended, or --slice for one pair of slices")
        }
    };
    check_pieces(pieces)?;
    note_shared_set(variant);
    let pool = thread_pool(args.threads.threads)?;
    let root = args.set.dir.path();
    let bars = MultiProgress::new();
    let overall = bars.add(crate::output::bar(
        0,
        "{bar:30} {pos}/{len} slice pairs  [{elapsed_precise}]",
    ));
    let slice = bars.add(crate::output::bar(0, "{bar:30} {msg}"));
    let started = Instant::now();
    let pair_started = Mutex::new(Instant::now());
    let kept = std::sync::atomic::AtomicUsize::new(0);
    // The pair being solved, for the log's lines (the bar's message changes as it goes).
    let current = Mutex::new(String::new());
    let log = Mutex::new(LogLines::new());
    let log_line = |text: &dyn Fn(&str) -> String| {
        if let Ok(mut log) = log.lock() {
            log.offer(false, || text(&current.lock().expect("not poisoned")));
        }
    };
    // A line above the bars (alone where indicatif draws none).
    let say = |line: &str| bars.suspend(|| crate::output::tell!("{line}"));
    let result = pool.install(|| {
        store::build_set(&root, variant, pieces, &|event| match event {
            SetEvent::Start {
                material,
                done,
                total,
            } => {
                overall.set_length(total as u64);
                overall.set_position(done as u64);
                slice.set_length(1);
                slice.set_position(0);
                slice.set_message(format!("{}: scanning", material.pair_name()));
                *current.lock().expect("not poisoned") =
                    format!("{} (pair {} of {total})", material.pair_name(), done + 1);
                *pair_started.lock().expect("not poisoned") = Instant::now();
            }
            SetEvent::Damaged { .. } => {
                say(&event.note().expect("a damaged pair has a note"));
            }
            SetEvent::Kept { .. } => {
                overall.inc(1);
                kept.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            SetEvent::Pair(Progress::Scan { done, total }) => {
                slice.set_length(total);
                slice.set_position(done);
                log_line(&|pair| format!("{pair}: scanned {done} of {total} positions"));
            }
            SetEvent::Pair(Progress::Spread {
                level,
                decided,
                total,
            }) => {
                slice.set_length(total);
                slice.set_position(decided);
                slice.set_message(format!("{decided} decided, {level} plies from the end"));
                log_line(&|pair| {
                    format!("{pair}: {decided} of {total} decided, {level} plies from the end")
                });
            }
            SetEvent::Finished { .. } => {
                overall.inc(1);
                let seconds = pair_started
                    .lock()
                    .expect("not poisoned")
                    .elapsed()
                    .as_secs_f64();
                let note = event.note().expect("a written pair has a note");
                say(&format!("{note}, {seconds:.1}s"));
            }
        })
    });
    overall.finish_and_clear();
    slice.finish_and_clear();
    result
        .map_err(build_failure)
        .with_context(|| format!("building {variant} databases in {}", root.display()))?;
    let kept = kept.into_inner();
    let set = Egdb::open(&root, variant, 1)?.summary();
    outln!(
        "{variant}: every slice up to {} pieces in {} ({} files, {}{}), {:.1}s",
        pieces,
        set.dir.display(),
        set.slices,
        Bytes(set.bytes),
        if kept > 0 {
            format!("; {kept} pairs kept from an earlier run")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<()> {
    let variant = args.set.variant;
    check_pieces(args.pieces)?;
    let only = args
        .slice
        .iter()
        .map(|name| name.parse::<Slice>().usage_context(|| "--slice".into()))
        .collect::<Result<Vec<_>>>()?;
    let pool = thread_pool(args.threads.threads)?;
    let root = args.set.dir.path();
    if let Err(e) = verify::check_only(&root, variant, args.pieces, &only) {
        usage!("--slice {e}");
    }
    let bar = crate::output::bar(0, "{bar:30} {pos}/{len} positions  {msg}");
    let started = Instant::now();
    let log = std::sync::Mutex::new(LogLines::new());
    let report = pool.install(|| {
        let again = if args.again {
            Again::All
        } else {
            Again::Unrecorded
        };
        verify::verify_set(&root, variant, args.pieces, &only, again, &|e| match e {
            VerifyEvent::Slice {
                material,
                done,
                total,
            } => {
                bar.set_position(0);
                bar.set_message(format!("{material} ({}/{total})", done + 1));
            }
            VerifyEvent::Positions { done, total } => {
                bar.set_length(total);
                bar.set_position(done);
                if let Ok(mut log) = log.lock() {
                    log.offer(false, || {
                        format!("verifying {}: {done}/{total} positions", bar.message())
                    });
                }
            }
            // One line a slice, so that a check stopped part way says what it has done.
            VerifyEvent::Checked {
                material,
                positions,
                wrong,
            } => bar.suspend(|| {
                let _ = outln!("{material}: {positions} positions, {wrong} wrong");
            }),
            VerifyEvent::PassedBefore { material } => bar.suspend(|| {
                let _ = outln!("{material}: passed an earlier check, unchanged since");
            }),
            VerifyEvent::Unchecked { material, why } => bar.suspend(|| {
                let _ = outln!("{material}: not checked: {why}");
            }),
        })
    });
    bar.finish_and_clear();
    let report =
        report.with_context(|| format!("checking {variant} databases in {}", root.display()))?;
    if report.found_nothing() {
        anyhow::bail!(
            "no {variant} databases in {} (build them with `damier egdb build -v {variant} --pieces N`)",
            store::variant_dir(&root, variant).display()
        );
    }
    for m in &report.examples {
        outln!("{m}")?;
    }
    let before = match report.passed_before {
        0 => String::new(),
        n => format!(" ({n} more passed an earlier check; --again checks them too)"),
    };
    outln!(
        "{variant}: {report}, {:.1}s{before}",
        started.elapsed().as_secs_f64()
    )?;
    if let Some(e) = &report.unrecorded {
        crate::output::tell!(
            "damier: warning: no record of the slices that passed ({e}): \
             a check stopped part way will start again from the first"
        );
    }
    for e in &report.damaged {
        outln!("{variant}: damaged: {e}")?;
    }
    if report.mismatches > 0 {
        anyhow::bail!(
            "{} stored values disagree with the rules{}",
            report.mismatches,
            match report.damaged.len() {
                0 => String::new(),
                n => format!(", and {n} files are damaged (named above)"),
            }
        );
    }
    damaged_failure(&report.damaged)
}

/// The end of a command that went on past damaged files, each named as it was met: a
/// failure naming them, or nothing without any.
fn damaged_failure(damaged: &[store::EgdbError]) -> Result<()> {
    match damaged {
        [] => Ok(()),
        [one] => anyhow::bail!("{one} (delete it and build it again)"),
        [first, ..] => anyhow::bail!(
            "{} damaged files, the first {first} (delete them and build them again)",
            damaged.len()
        ),
    }
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let variant = args.position.variant;
    let root = args.dir.path();
    let db = Egdb::open(&root, variant, 16)?;
    with_geometry!(variant.rules().board, G => {
        let pos = args.position.position::<G>(variant)?;
        let explained = match db.explain(&pos) {
            Err(Unexplained::Empty) => usage!("--fen: {}", Unexplained::Empty),
            other => other?,
        };
        outln!("{}, {} to move: {}", explained.material, pos.side().name(), explained.value)?;
        if let Some(rule) = &explained.drawn_by_rule {
            outln!(
                "  the game is drawn by rule as it stands ({rule}); were play to go on, the moves would give:"
            )?;
        }
        match &explained.moves {
            Ok(moves) => {
                for &(mv, v) in moves {
                    let keeps = if explained.keeps(v) { "  keeps it" } else { "" };
                    outln!("  {:<12} {v}{keeps}", notation::short(&pos, &mv))?;
                }
            }
            Err(missing) => outln!(
                "  the moves' values are not shown: they need slice {}, which is not in {}",
                material_list(missing),
                db.dir().display()
            )?,
        }
        Ok(())
    })
}

fn info(args: &InfoArgs) -> Result<()> {
    let root = args.dir.path();
    if root.exists() && !root.is_dir() {
        usage!("--dir {}: not a folder", root.display());
    }
    let mut damaged = Vec::new();
    let variants: Vec<Variant> = match args.variant {
        // A set shared by two names is shown under the name its files carry.
        Some(v) => vec![store::set_variant(v)],
        None => damier_egdb::sets_under(&root),
    };
    if variants.is_empty() {
        outln!("no databases in {}", root.display())?;
        return Ok(());
    }
    for variant in variants {
        // A damaged file is told and left out; the rest of the set is still listed.
        let (db, bad) = Egdb::open_sound(&root, variant, 1)?;
        for e in &bad {
            outln!("{variant}: damaged: {e}")?;
        }
        damaged.extend(bad);
        outln!("{}", db.summary())?;
    }
    damaged_failure(&damaged)
}

fn bench(args: &BenchArgs) -> Result<()> {
    let variant = args.set.variant;
    let root = args.set.dir.path();
    let passes = match probe_speed(&root, variant, args.probes, args.cache) {
        Err(e @ BenchError::Probes(_)) => usage!("--{e}"),
        other => other?,
    };
    for pass in passes {
        outln!(
            "{variant} {}: {} probes in {:.2}s, {:.0} probes/s ({} blocks read in all, cache {} MiB)",
            pass.name,
            pass.probes,
            pass.time.as_secs_f64(),
            pass.per_second(),
            pass.blocks_read,
            args.cache
        )?;
    }
    Ok(())
}
