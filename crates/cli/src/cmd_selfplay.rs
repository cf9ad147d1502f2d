//! `damier selfplay`: engine-against-engine games into a folder of training data.

use crate::eval_arg;
use crate::log_lines::LogLines;
use crate::output::{outln, usage, Usage, UsageContext};
use crate::variant_arg::VariantArg;
use anyhow::Result;
use clap::Args;
use damier_core::Variant;
use damier_learn::selfplay::{self, Config, OpeningsFile};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `damier selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// Games the folder should hold at the end (a folder that holds some already goes on).
    #[arg(allow_negative_numbers = true, long, short = 'n')]
    games: usize,
    /// Nodes searched for each move (the default: 5000).
    #[arg(allow_negative_numbers = true, long, conflicts_with = "depth")]
    nodes: Option<u64>,
    /// Depth searched for each move, instead of --nodes.
    #[arg(long, allow_negative_numbers = true)]
    depth: Option<i32>,
    /// Games played at once, one thread each.
    #[arg(allow_negative_numbers = true, long, short = 't', default_value_t = defaults().threads)]
    threads: usize,
    /// Openings: one FEN or move list per line, cycled (default: random walks that a short
    /// search finds balanced; the three-move ballots in English).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// The folder: positions.dtp (training positions), games.pdn, selfplay.json.
    #[arg(long)]
    out: PathBuf,
    /// Number of the folder's first game: parts of one run played on several machines, with
    /// --first-game 1, N+1, 2N+1... and --games N, hold the games of a single run.
    #[arg(allow_negative_numbers = true, long, default_value_t = 1)]
    first_game: usize,
    /// Seed of the openings and the noise: game N of a folder is the same for the same seed.
    #[arg(allow_negative_numbers = true, long, default_value_t = defaults().seed)]
    seed: u64,
    #[arg(long, help = eval_arg::HELP)]
    eval: Option<String>,
    /// Noise of the engine's first moves after the opening, in hundredths of a man.
    #[arg(allow_negative_numbers = true, long, default_value_t = defaults().noise)]
    noise: i32,
    /// Plies after the opening with noise.
    #[arg(allow_negative_numbers = true, long, default_value_t = defaults().noise_plies)]
    noise_plies: usize,
    /// Plies after the opening before a game is adjudicated a draw.
    #[arg(allow_negative_numbers = true, long, default_value_t = defaults().max_plies)]
    max_plies: usize,
}

/// The library's settings where the command line says nothing.
fn defaults() -> Config {
    Config::new(Variant::INTERNATIONAL, 1)
}

pub fn run(args: &SelfplayArgs) -> Result<()> {
    let variant = args.variant.variant;
    let game_offset = Config::offset_of_first_game(args.first_game).map_err(Usage::from)?;
    // clap lets only one of them through.
    let limits = Config::move_limits(args.nodes, args.depth)?;
    let set = match &args.openings {
        Some(path) => Some(
            OpeningsFile::read(path, variant)
                .usage_context(|| format!("--openings {}", path.display()))?,
        ),
        None => None,
    };
    let cfg = Config {
        variant,
        games: args.games,
        game_offset,
        limits,
        threads: args.threads,
        openings: set,
        seed: args.seed,
        eval: eval_arg::parse(args.eval.as_deref(), Some(variant))?,
        noise_plies: args.noise_plies,
        noise: args.noise,
        max_plies: args.max_plies,
        ..Config::new(variant, args.games)
    };
    // The library's ranges, said with the command line's options.
    cfg.check().map_err(Usage::from)?;
    // The first Ctrl-C finishes cleanly (whole games stay written); a second one ends the
    // program at once, which still leaves whole games.
    let stop = crate::interrupt::stop_flag(
        "stopping: the games under way are dropped, the finished ones are kept",
    );
    let bar = crate::output::bar(
        args.games as u64,
        "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, {eta} left]",
    );
    let mut started = false;
    let log = LogLines::new();
    let begun = Instant::now();
    let summary = selfplay::run(&args.out, &cfg, &stop, &mut |p| {
        if !started {
            bar.set_position(p.done as u64 - 1);
            bar.reset_eta();
            started = true;
        }
        // The library's rate, not indicatif's: that counts the games the folder held before
        // as if just played.
        bar.set_position(p.done as u64);
        bar.set_message(p.rate_line(begun));
        log.offer(p.done == p.total, || p.log_line(begun));
    })
    .or_else(|e| match e {
        e if e.is_about_the_folder() => usage!("--out: {e}"),
        e => Err(e.into()),
    })?;
    bar.finish_and_clear();
    for line in summary.lines(&args.out, args.games) {
        outln!("{line}")?;
    }
    if let Some(warning) = summary.warning(&args.out) {
        crate::output::tell!("damier: warning: {warning}");
    }
    Ok(())
}
