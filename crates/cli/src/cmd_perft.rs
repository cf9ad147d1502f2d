//! `damier perft`: leaf counts by depth, with time and speed.

use crate::output::Usage;
use crate::PositionArgs;
use anyhow::Result;
use clap::Args;
use damier_engine::speed;

/// Arguments of `damier perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Deepest depth to count (every depth from 1 is printed).
    #[arg(long, short = 'd', allow_negative_numbers = true)]
    depth: i64,
    /// Print the count under each first move at the last depth.
    #[arg(long)]
    divide: bool,
    /// Worker threads.
    #[arg(long, short = 't', default_value_t = 1, allow_negative_numbers = true)]
    threads: i64,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &PerftArgs) -> Result<()> {
    let depth = speed::perft_depth(args.depth).map_err(Usage::from)?;
    let threads = crate::output::check_threads("--threads", args.threads)?;
    let board = args.position.board()?;
    // Standard output holds the counts alone (a script reads them); how they were counted
    // goes beside them, on standard error.
    if !args.json {
        crate::output::tell!("{}", damier_core::capture_path::report_line());
    }
    speed::perft_lines(&board, depth, threads, args.divide, |line| {
        crate::output::report(args.json, &line)
    })?;
    Ok(())
}
