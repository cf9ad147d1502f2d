//! `damier completions SHELL` and `damier manual`: shell completions and manual pages, made
//! from the same argument definitions the program parses, so they cannot drift from it.

use crate::output::outln;
use anyhow::{Context, Result};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `damier completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `damier manual`.
#[derive(Args, Debug)]
pub struct ManualArgs {
    /// Write damier.1 and one page per command (damier-play.1, …) into this folder instead of
    /// printing the main page.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn completions(args: &CompletionsArgs) -> Result<()> {
    let mut command = crate::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "damier", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

pub fn manual(args: &ManualArgs) -> Result<()> {
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
