//! `damier bench`: the engine's fixed benchmark, with its node total and speed.

use crate::output::{report, Sink};
use anyhow::Result;
use clap::Args;
use damier_engine::bench;
use damier_engine::speed::BenchTotal;

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
    let mut out = Sink::new();
    let eval = crate::eval_arg::parse(Some(&args.eval), None)?;
    let lines = bench::run_with(args.depth, &eval, |l| {
        out.write(|| report(args.json, l));
    });
    out.done()?;
    report(args.json, &BenchTotal::of(&lines, args.depth, &args.eval))?;
    Ok(())
}
