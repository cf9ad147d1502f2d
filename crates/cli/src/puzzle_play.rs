//! `damier puzzles play`: solve puzzles in the terminal; the rating and the puzzles met are
//! kept between runs in the user's data folder.

use crate::output::outln;
use anyhow::{Context, Result};
use clap::Args;
use damier_core::Variant;
use damier_puzzles::KeptProgress;
use damier_tui::puzzles::PuzzleSession;
use std::io::BufRead;
use std::path::PathBuf;

/// Arguments of `damier puzzles play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
    /// A puzzle file (default: the set shipped with Damier).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Where the rating and the puzzles met are kept [default: puzzles.json in the user's
    /// data folder]; `none` keeps nothing.
    #[arg(long)]
    progress: Option<String>,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let variant = args.variant;
    let puzzles = crate::cmd_puzzles::load(variant, args.file.as_deref())?;
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
