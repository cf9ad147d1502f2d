//! `damier perft`: leaf counts by depth, with time and speed.

use crate::PositionArgs;
use anyhow::{bail, Result};
use clap::Args;
use damier_core::{notation, perft, with_geometry, Geometry};
use std::time::Instant;

/// Arguments of `damier perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Deepest depth to count (every depth from 1 is printed).
    #[arg(long, short = 'd')]
    depth: u32,
    /// Print the count under each first move at the last depth.
    #[arg(long)]
    divide: bool,
    /// Worker threads.
    #[arg(long, short = 't', default_value_t = 1)]
    threads: usize,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &PerftArgs) -> Result<()> {
    if args.depth == 0 || args.depth > 30 {
        bail!("--depth must be between 1 and 30, got {}", args.depth);
    }
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads must be between 1 and 256, got {}", args.threads);
    }
    let variant = args.position.variant()?;
    with_geometry!(variant.rules().board, G => run_on::<G>(args, variant))
}

fn run_on<G: Geometry>(args: &PerftArgs, variant: damier_core::Variant) -> Result<()> {
    let pos = args.position.position::<G>(variant)?;
    if !args.json {
        println!("{}", crate::capture_path_report());
    }
    if args.divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, n) in perft::divide(&pos, args.depth) {
            total += n;
            let text = notation::short(&pos, &mv);
            if args.json {
                println!("{}", serde_json::json!({"move": text, "nodes": n}));
            } else {
                println!("{text:>12}  {n}");
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        print_line(args.json, args.depth, total, seconds);
        return Ok(());
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = perft::perft_parallel(&pos, depth, args.threads);
        print_line(args.json, depth, nodes, start.elapsed().as_secs_f64());
    }
    Ok(())
}

fn print_line(json: bool, depth: u32, nodes: u64, seconds: f64) {
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    if json {
        println!(
            "{}",
            serde_json::json!({"depth": depth, "nodes": nodes, "seconds": seconds, "nps": nps.round() as u64,
                "capture_path": damier_core::capture_path::current().name()})
        );
    } else {
        println!(
            "depth {depth:>2}  nodes {nodes:>14}  time {seconds:>9.3}s  {:>8.2} Mnps",
            nps / 1e6
        );
    }
}
