//! `damier perft`: leaf counts by depth, with time and speed.

use crate::output::{outln, usage};
use crate::PositionArgs;
use anyhow::Result;
use clap::Args;
use damier_core::{notation, perft, with_geometry, Geometry};
use damier_engine::speed::{divide_line, PerftLine};
use std::time::Instant;

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
    if !(1..=30).contains(&args.depth) {
        usage!("--depth must be between 1 and 30, got {}", args.depth);
    }
    crate::output::check_threads("--threads", args.threads)?;
    let variant = args.position.variant;
    with_geometry!(variant.rules().board, G => run_on::<G>(args, variant))
}

fn run_on<G: Geometry>(args: &PerftArgs, variant: damier_core::Variant) -> Result<()> {
    // Both were checked against their ranges in `run`.
    let (max_depth, threads) = (args.depth as u32, args.threads as usize);
    let pos = args.position.position::<G>(variant)?;
    // Standard output holds the counts alone (a script reads them); how they were counted
    // goes beside them, on standard error.
    if !args.json {
        crate::output::tell!("{}", damier_core::capture_path::report_line());
    }
    if args.divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, n) in perft::divide(&pos, max_depth) {
            total += n;
            outln!("{}", divide_line(&notation::short(&pos, &mv), n, args.json))?;
        }
        let seconds = start.elapsed().as_secs_f64();
        return print_line(args.json, max_depth, total, seconds);
    }
    for depth in 1..=max_depth {
        let start = Instant::now();
        let nodes = perft::perft_parallel(&pos, depth, threads);
        print_line(args.json, depth, nodes, start.elapsed().as_secs_f64())?;
    }
    Ok(())
}

fn print_line(json: bool, depth: u32, nodes: u64, seconds: f64) -> Result<()> {
    let line = PerftLine {
        depth,
        nodes,
        seconds,
    };
    if json {
        outln!("{}", line.json())?;
    } else {
        outln!("{line}")?;
    }
    Ok(())
}
