//! `damier puzzles`: make puzzle sets, check them, list them, and solve them in the terminal.

use crate::egdb_arg;
use crate::log_lines::LogLines;
use crate::output::{outln, usage, Usage};
use crate::variant_arg::VariantArg;
use anyhow::Result;
use clap::{Args, Subcommand};
use damier_core::Variant;
use damier_puzzles::find::{default_depth, Finder};
use damier_puzzles::generate::{generate, Settings};
use damier_puzzles::set::{self, Found, SetError};
use damier_puzzles::source::{GameSource, SourceError};
use damier_puzzles::Puzzle;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Arguments of `damier puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find puzzles in games: positions where exactly one move wins material, crowns or
    /// wins the game, and a shallow look does not see it.
    Generate(GenerateArgs),
    /// Solve puzzles in the terminal, with hints, the solution, and your rating.
    Play(crate::puzzle_play::PlayArgs),
    /// Judge every puzzle of a set again: is its first move still the only one that wins, and
    /// are its goal and line those the search gives?
    Check(CheckArgs),
    /// The puzzles of a set: name, rating, goal and solution (or each variant's count).
    List(ListArgs),
}

#[derive(Args, Debug)]
struct GenerateArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// Look in the games of this PDN file.
    #[arg(long, conflicts_with = "selfplay")]
    from: Option<PathBuf>,
    /// Look in this many self-play games, played with a club player's errors.
    #[arg(long)]
    selfplay: Option<u64>,
    /// Stop at this many puzzles.
    #[arg(long, short = 'n', default_value_t = 200)]
    count: usize,
    /// Depth of the judging search (default: 12 on 8x8, 10 on 10x10, 9 on 12x12).
    #[arg(long)]
    depth: Option<i32>,
    /// Games judged at once.
    #[arg(long, short = 't', default_value_t = 2)]
    threads: usize,
    /// Seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, help = egdb_arg::HELP)]
    egdb: Option<String>,
    /// The puzzle file to write (PDN).
    #[arg(long)]
    out: PathBuf,
}

/// A set: a file, or the one shipped for a variant.
#[derive(Args, Debug)]
pub struct SetArgs {
    #[command(flatten)]
    pub variant: VariantArg,
    /// A puzzle file (default: the set shipped with Damier).
    #[arg(long)]
    file: Option<PathBuf>,
}

impl SetArgs {
    /// The set's puzzles; a file that cannot be read and a variant without a set are
    /// mistakes in the command line.
    pub fn load(&self) -> Result<Vec<Puzzle>> {
        set::load(self.variant.variant, self.file.as_deref()).map_err(refusal)
    }
}

/// Why a set could not be had, as the command says it.
fn refusal(e: SetError) -> anyhow::Error {
    match e {
        SetError::Unreadable { .. } => Usage(format!("--file {e}")).into(),
        SetError::NoneShipped(_) => Usage(e.to_string()).into(),
        e => e.into(),
    }
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    set: SetArgs,
    #[arg(long, help = egdb_arg::HELP)]
    egdb: Option<String>,
    /// Write the set as judged now to this file: each puzzle that still holds with the goal,
    /// line and rating the search gives, the others left out (names are kept).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ListArgs {
    /// Variant id or alias (with --file: of puzzles without a GameType tag; default
    /// international); without it and without --file, each variant's count.
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// A puzzle file (default: the set shipped with Damier).
    #[arg(long)]
    file: Option<PathBuf>,
}

pub fn run(args: &PuzzlesArgs) -> Result<()> {
    match &args.command {
        PuzzlesCommand::Generate(a) => run_generate(a),
        PuzzlesCommand::Play(a) => crate::puzzle_play::run(a),
        PuzzlesCommand::Check(a) => run_check(a),
        PuzzlesCommand::List(a) => run_list(a),
    }
}

fn run_generate(args: &GenerateArgs) -> Result<()> {
    let variant = args.variant.variant;
    let depth = args.depth.unwrap_or_else(|| default_depth(variant));
    // Checked before any game is read; the databases are opened after.
    let settings = Settings::new(variant, depth, args.count, args.threads).map_err(Usage::from)?;
    let (source, left_out) = match (&args.from, args.selfplay) {
        (Some(path), _) => GameSource::file(path, variant),
        (None, Some(n)) => GameSource::self_play(n, args.seed).map(|s| (s, Vec::new())),
        (None, None) => usage!("say where to look: --from FILE.pdn or --selfplay N"),
    }
    .or_else(|e| match e {
        SourceError::Setting(e) => Err(Usage::from(e).into()),
        e @ SourceError::Unreadable { .. } => usage!("--from {e}"),
        SourceError::NoGame { ref left_out, .. } => {
            // The games left out say why none is left.
            for why in left_out {
                crate::output::tell!("damier: {why}");
            }
            usage!("{e}")
        }
    })?;
    for why in left_out {
        crate::output::tell!("damier: {why}");
    }
    let settings = settings.with_egdb(egdb_arg::open(args.egdb.as_deref(), variant)?);
    let stop = crate::interrupt::stop_flag("stopping after the games under way");
    let bar = crate::output::bar(
        0,
        "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, {eta} left]",
    );
    let begun = Instant::now();
    let log = LogLines::new();
    let puzzles = generate(
        &settings,
        &source.games(),
        &|p| {
            bar.set_length(p.total);
            bar.set_position(p.games);
            bar.set_message(p.found());
            log.offer(false, || p.to_string());
        },
        &stop,
    );
    bar.finish_and_clear();
    egdb_arg::warn_damage(settings.egdb().map(|db| &**db));
    let found = Found {
        settings: &settings,
        puzzles: &puzzles,
        seconds: begun.elapsed().as_secs_f64(),
        stopped: stop.load(Ordering::Relaxed),
    };
    outln!("{}", found.save(&args.out)?)?;
    Ok(())
}

fn run_check(args: &CheckArgs) -> Result<()> {
    let variant = args.set.variant.variant;
    let puzzles = args.set.load()?;
    let egdb = egdb_arg::open(args.egdb.as_deref(), variant)?;
    let mut finder = Finder::new(default_depth(variant), egdb.clone());
    let mut out = crate::output::Sink::new();
    let judged = finder.recheck(&puzzles, &mut |p, why| {
        out.write(|| outln!("{}: {why}", p.id));
    });
    out.done()?;
    egdb_arg::warn_damage(egdb.as_deref());
    outln!("{}", judged.summary(variant))?;
    if let Some(line) = judged.conclude(args.out.as_deref())? {
        outln!("{line}")?;
    }
    Ok(())
}

fn run_list(args: &ListArgs) -> Result<()> {
    let lines = set::list(args.variant, args.file.as_deref()).map_err(refusal)?;
    lines.iter().try_for_each(|l| Ok(outln!("{l}")?))
}
