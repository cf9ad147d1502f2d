//! `damier puzzles play`: solve puzzles in the terminal; the rating and the puzzles met are
//! kept between runs in the user's data folder.

use crate::output::{outln, UsageContext};
use anyhow::{Context, Result};
use clap::Args;
use damier_core::Variant;
use damier_game::replace_file;
use damier_puzzles::Rating;
use damier_tui::puzzles::PuzzleSession;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Arguments of `damier puzzles play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: String,
    /// A puzzle file (default: the set shipped with Damier).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Where the rating and the puzzles met are kept [default: puzzles.json in the user's
    /// data folder]; `none` keeps nothing.
    #[arg(long)]
    progress: Option<String>,
}

/// What is kept between runs, per variant.
#[derive(Default, Serialize, Deserialize)]
struct Kept {
    variants: BTreeMap<String, KeptVariant>,
}

#[derive(Default, Serialize, Deserialize)]
struct KeptVariant {
    rating: Rating,
    seen: Vec<String>,
}

fn progress_path(arg: Option<&str>) -> Option<PathBuf> {
    match arg {
        Some("none") => None,
        Some(path) => Some(PathBuf::from(path)),
        None => Some(damier_game::user_data_dir().join("puzzles.json")),
    }
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let variant: Variant = args.variant.parse().usage_context(|| "--variant".into())?;
    let puzzles = crate::cmd_puzzles::load(variant, args.file.as_deref())?;
    let path = progress_path(args.progress.as_deref());
    let mut kept: Kept = match &path {
        Some(p) if p.exists() => {
            let text =
                std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
            serde_json::from_str(&text)
                .with_context(|| format!("{}: not a puzzle progress file", p.display()))?
        }
        _ => Kept::default(),
    };
    let mine = kept
        .variants
        .remove(&variant.to_string())
        .unwrap_or_default();
    let mut session = PuzzleSession::new(puzzles, mine.rating, mine.seen.into_iter().collect());
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
    if let Some(p) = path {
        let seen: HashSet<String> = session.seen().clone();
        let mut seen: Vec<String> = seen.into_iter().collect();
        seen.sort();
        kept.variants.insert(
            variant.to_string(),
            KeptVariant {
                rating: session.rating(),
                seen,
            },
        );
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(&kept)?;
        replace_file(&p, |file| file.write_all(text.as_bytes()))
            .with_context(|| format!("writing {}", p.display()))?;
    }
    Ok(())
}
