//! `damier completions SHELL`: the shell's completion script, made from the same argument
//! definitions the program parses, so it cannot drift from them.

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;

/// Arguments of `damier completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
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
