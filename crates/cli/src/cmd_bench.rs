//! `damier bench`: the engine's fixed benchmark, with its node total and speed.

use crate::output::outln;
use anyhow::Result;
use clap::Args;
use damier_engine::bench;
use serde_json::json;

/// Arguments of `damier bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search.
    #[arg(long, short = 'd', default_value_t = bench::DEPTH, allow_negative_numbers = true)]
    depth: i32,
    /// Evaluation: `builtin` (the default, whose node total is the fingerprint) or `classic`
    /// (the hand-set one, to compare speeds side by side).
    #[arg(long, default_value = "builtin", value_parser = ["builtin", "classic"])]
    eval: String,
    /// One JSON object per position, then the totals.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &BenchArgs) -> Result<()> {
    crate::output::check_depth(Some(args.depth))?;
    let json = args.json;
    // The first failed write (a closed pipe) stops the printing; it is returned at the end.
    let mut written: std::io::Result<()> = Ok(());
    let eval = crate::eval_arg::parse(Some(&args.eval), None)?;
    let lines = bench::run_with(args.depth, &eval, |l| {
        if written.is_err() {
            return;
        }
        let nps = l.nodes as f64 / l.time.as_secs_f64().max(1e-9);
        written = if json {
            outln!(
                "{}",
                json!({"variant": l.variant, "fen": l.fen, "nodes": l.nodes, "seconds": l.time.as_secs_f64(), "nps": nps.round() as u64})
            )
        } else {
            outln!(
                "{:<24} {:>11} nodes {:>8.3}s {:>7.2} Mnps",
                l.variant,
                l.nodes,
                l.time.as_secs_f64(),
                nps / 1e6
            )
        };
    });
    written?;
    let nodes = bench::fingerprint(&lines);
    let seconds: f64 = lines.iter().map(|l| l.time.as_secs_f64()).sum();
    let nps = nodes as f64 / seconds.max(1e-9);
    if json {
        outln!(
            "{}",
            json!({"total_nodes": nodes, "eval": args.eval,
                   "fingerprint": (args.eval == "builtin").then_some(nodes), "depth": args.depth,
                   "seconds": seconds, "nps": nps.round() as u64,
                   "capture_path": damier_core::capture_path::current().name()})
        )?;
    } else {
        outln!(
            "total {nodes} nodes in {seconds:.3}s: {:.2} Mnps",
            nps / 1e6
        )?;
        outln!("{}", crate::capture_path_report())?;
        // The node total changes when, and only when, the search or the evaluation does.
        if args.eval == "builtin" {
            outln!("bench fingerprint: {nodes} nodes at depth {}", args.depth)?;
        } else {
            outln!(
                "evaluation {}: no fingerprint (that is the builtin evaluation's)",
                args.eval
            )?;
        }
    }
    Ok(())
}
