//! `damier manual`: manual pages in roff, made from the same argument definitions the program
//! parses, so they cannot drift from them.

use crate::output::outln;
use anyhow::{Context, Result};
use clap::{Args, CommandFactory};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `damier manual`.
#[derive(Args, Debug)]
pub struct ManualArgs {
    /// Write damier.1 and one page per command (damier-play.1, …) into this folder instead of
    /// printing the main page.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn run(args: &ManualArgs) -> Result<()> {
    let command = crate::Cli::command();
    match &args.out {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            let mut out = std::io::stdout().lock();
            out.write_all(&page)?;
            out.flush()?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("writing the manual pages into {}", dir.display()))?;
            outln!("manual pages written to {}", dir.display())?;
        }
    }
    Ok(())
}
