//! `damier puzzles play`: solve puzzles in the terminal; the rating and the puzzles met are
//! kept between runs in the user's data folder.

use crate::output::outln;
use anyhow::{Context, Result};
use clap::Args;
use damier_puzzles::KeptProgress;
use damier_tui::puzzles::PuzzleSession;
use std::io::BufRead;

/// Arguments of `damier puzzles play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    set: crate::cmd_puzzles::SetArgs,
    /// Where the rating and the puzzles met are kept [default: puzzles.json in the user's
    /// data folder]; `none` keeps nothing.
    #[arg(long)]
    progress: Option<String>,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let variant = args.set.variant.variant;
    let puzzles = args.set.load()?;
    let mut kept = KeptProgress::open(args.progress.as_deref())?;
    let (rating, seen) = kept.of(variant);
    let mut session = PuzzleSession::new(puzzles, rating, seen);
    for line in session.show() {
        outln!("{line}")?;
    }
    outln!("(help lists the commands)")?;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.context("reading standard input")?;
        for out in session.handle(&line) {
            outln!("{out}")?;
        }
        if session.finished() {
            break;
        }
    }
    kept.keep(variant, session.rating(), session.seen())?;
    Ok(())
}
