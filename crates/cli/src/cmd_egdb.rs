//! `damier egdb`: build, check and read endgame databases.

use crate::log_lines::LogLines;
use crate::output::{outln, tell, usage};
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use damier_core::Variant;
use damier_egdb::bench::{probe_speed, BenchError};
use damier_egdb::source::{open_named_set, Source};
use damier_egdb::store::{self, BuildError, SetEvent, SetTally};
use damier_egdb::verify::{self, Again, VerifyEvent};
use damier_egdb::{unbuildable_set, Listing, ListingError, Slice, Unexplained};
use indicatif::MultiProgress;
use std::path::PathBuf;
use std::sync::Mutex;

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
pub(crate) struct SetArg {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    pub variant: Variant,
    #[command(flatten)]
    pub dir: DirArg,
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
pub(crate) struct DirArg {
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
    slice: Option<Slice>,
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
    slice: Vec<Slice>,
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
    /// The folder named, else the default one, as `--egdb` names them.
    pub fn path(&self) -> PathBuf {
        let source = self.dir.clone().map_or(Source::Default, Source::Folder);
        source.root().expect("a folder, named or the default")
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

fn check_pieces(pieces: u32) -> Result<()> {
    if let Some(why) = unbuildable_set(pieces) {
        usage!("--{why}");
    }
    Ok(())
}

fn plan(args: &PlanArgs) -> Result<()> {
    check_pieces(args.pieces)?;
    for job in store::plan(args.variant, args.pieces) {
        outln!("{job}")?;
    }
    Ok(())
}

/// `build --slice`: one pair, its needs already on disk.
fn build_one(args: &BuildArgs, material: Slice) -> Result<()> {
    let (variant, root) = (args.set.variant, args.set.dir.path());
    if let Some(why) = material.unbuildable() {
        usage!("--slice {material}: {why}");
    }
    let pool = start_build(variant, args.threads.threads)?;
    let outcome = pool
        .install(|| store::build_job(&root, variant, material, &|_| {}))
        .map_err(BuildError::from)
        .with_context(|| format!("building {variant} slice {material} in {}", root.display()))?;
    if let Some(note) = outcome.replaced_note(material.pair_key()) {
        tell!("{note}");
    }
    outln!("{}", outcome.note(material.pair_key()))?;
    Ok(())
}

/// The threads of a build, after saying so when another name's files serve `variant`
/// (German plays Brazilian's endings).
fn start_build(variant: Variant, threads: Option<usize>) -> Result<rayon::ThreadPool> {
    if let Some(note) = store::shared_set_note(variant) {
        tell!("{note}");
    }
    thread_pool(threads)
}

fn build(args: &BuildArgs) -> Result<()> {
    if let Some(material) = args.slice {
        return build_one(args, material);
    }
    let (variant, root) = (args.set.variant, args.set.dir.path());
    // clap asks for --pieces, --recommended or --slice.
    let pieces = args.pieces.unwrap_or_else(|| {
        let r = damier_egdb::recommended(variant);
        tell!("{}", r.choice_note(variant));
        r.pieces
    });
    check_pieces(pieces)?;
    let pool = start_build(variant, args.threads.threads)?;
    let bars = MultiProgress::new();
    let overall = bars.add(crate::output::bar(
        0,
        "{bar:30} {pos}/{len} slice pairs  [{elapsed_precise}]",
    ));
    let slice = bars.add(crate::output::bar(0, "{bar:30} {msg}"));
    let tally = Mutex::new(SetTally::default());
    let log = LogLines::new();
    let result = pool.install(|| {
        store::build_and_summarise(&root, variant, pieces, &|event| {
            // Pairs kept are counted in the last line, not named; the other notes go above
            // the bars (alone where indicatif draws none).
            let kept = matches!(event, SetEvent::Kept { .. });
            if let Some(note) = event.note().filter(|_| !kept) {
                bars.suspend(|| tell!("{note}"));
            }
            let now = tally.lock().expect("not poisoned").record(&event);
            overall.set_length(now.total as u64);
            overall.set_position(now.done as u64);
            let Some(line) = now.pair_line(&event) else {
                return;
            };
            if let SetEvent::Pair(progress) = event {
                let (done, total) = progress.fraction();
                slice.set_length(total);
                slice.set_position(done);
                log.offer(false, || line.clone());
            } else {
                slice.set_position(0);
            }
            slice.set_message(line);
        })
    });
    overall.finish_and_clear();
    slice.finish_and_clear();
    let built =
        result.with_context(|| format!("building {variant} databases in {}", root.display()))?;
    outln!("{built}")?;
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<()> {
    let (variant, root) = (args.set.variant, args.set.dir.path());
    check_pieces(args.pieces)?;
    let only = &args.slice;
    let pool = thread_pool(args.threads.threads)?;
    if let Err(e) = verify::check_only(&root, variant, args.pieces, only) {
        usage!("--slice {e}");
    }
    let again = if args.again {
        Again::All
    } else {
        Again::Unrecorded
    };
    let bar = crate::output::bar(0, "{bar:30} {pos}/{len} positions  {msg}");
    let log = LogLines::new();
    let report = pool.install(|| {
        verify::verify_set(&root, variant, args.pieces, only, again, &|e| {
            if let Some(label) = e.slice_label() {
                bar.set_position(0);
                bar.set_message(label);
            } else if let VerifyEvent::Positions { done, total } = e {
                bar.set_length(total);
                bar.set_position(done);
                log.offer(false, || verify::progress_line(&bar.message(), done, total));
            }
            // One line a slice, so that a check stopped part way says what it has done.
            if let Some(note) = e.note() {
                let _ = bar.suspend(|| outln!("{note}"));
            }
        })
    });
    bar.finish_and_clear();
    let report =
        report.with_context(|| format!("checking {variant} databases in {}", root.display()))?;
    for line in report.lines() {
        outln!("{line}")?;
    }
    if let Some(warning) = report.warning() {
        tell!("damier: warning: {warning}");
    }
    Ok(report.verdict()?)
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let variant = args.position.variant;
    // As a search opens a folder named with --egdb: one without the variant's set is refused.
    // The folder is blamed on --dir only when the user named one.
    let named = if args.dir.dir.is_some() {
        "--dir"
    } else {
        "the default folder"
    };
    let db = open_named_set(&args.dir.path(), variant, store::PROBE_CACHE_MB)
        .map_err(|e| crate::egdb_arg::refusal(e, named))?;
    let lines = match db.explain_lines(&args.position.board()?) {
        Err(Unexplained::Empty) => usage!("--fen: {}", Unexplained::Empty),
        other => other?,
    };
    for line in lines {
        outln!("{line}")?;
    }
    Ok(())
}

fn info(args: &InfoArgs) -> Result<()> {
    let listing = match Listing::read(&args.dir.path(), args.variant) {
        Err(e @ ListingError::NotAFolder(_)) => usage!("--dir {e}"),
        other => other?,
    };
    outln!("{listing}")?;
    Ok(listing.verdict()?)
}

fn bench(args: &BenchArgs) -> Result<()> {
    let passes = match probe_speed(
        &args.set.dir.path(),
        args.set.variant,
        args.probes,
        args.cache,
    ) {
        Err(e @ BenchError::Probes(_)) => usage!("--{e}"),
        other => other?,
    };
    for pass in passes {
        outln!("{pass}")?;
    }
    Ok(())
}
