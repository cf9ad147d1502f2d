//! `damier pdn check` and `damier pdn convert`: PDN files, every move checked by the rules.

use crate::output::{outln, UsageContext};
use anyhow::Result;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use damier_core::Variant;
use damier_game::pdn::{self, BadGames, CheckedGame, PdnError, PdnGame, Target, Untagged};
use damier_game::quote;
use std::path::PathBuf;

/// Arguments of `damier pdn`.
#[derive(Args, Debug)]
pub struct PdnArgs {
    #[command(subcommand)]
    command: PdnCommand,
}

#[derive(Subcommand, Debug)]
enum PdnCommand {
    /// Check every game: one line each with players, result, moves and the first error.
    Check(CheckArgs),
    /// Write the games again, with long moves or a FEN after every move.
    Convert(ConvertArgs),
}

/// The file and how to read it.
#[derive(Args, Debug)]
struct Input {
    /// The PDN file.
    file: PathBuf,
    /// Variant of games without a GameType or Variant tag (English files often have none);
    /// without it, such a game is read as the first variant its moves fit, international
    /// first, and the check says so.
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// One JSON object per game.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    input: Input,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    input: Input,
    /// What to write.
    #[arg(long, default_value = "short", value_parser = targets())]
    to: Target,
}

/// `--to`'s names and what each writes, as the library has them, for the help.
fn targets() -> impl clap::builder::TypedValueParser<Value = Target> {
    let names = Target::ALL.map(|t| PossibleValue::new(t.name()).help(t.describe()));
    PossibleValuesParser::new(names).map(|name| name.parse().expect("one of the names"))
}

pub fn run(args: &PdnArgs) -> Result<()> {
    match &args.command {
        PdnCommand::Check(a) => check(&a.input),
        PdnCommand::Convert(a) => convert(&a.input, a.to),
    }
}

fn read(input: &Input) -> Result<Vec<Result<PdnGame, PdnError>>> {
    Ok(read_checked(input)?.into_iter().map(|c| c.game).collect())
}

/// The games, each read and checked by the game layer.
fn read_checked(input: &Input) -> Result<Vec<CheckedGame>> {
    let untagged = Untagged::given_or(input.variant, Variant::INTERNATIONAL);
    // A file the command line names that is not there is a mistake in the command line.
    let bytes = std::fs::read(&input.file)
        .usage_context(|| format!("cannot read {}", input.file.display()))?;
    let name = input.file.display().to_string();
    Ok(pdn::read_some_checked(&bytes, untagged, &name)?)
}

fn check(input: &Input) -> Result<()> {
    let read = read_checked(input)?;
    for (i, checked) in read.iter().enumerate() {
        let report = checked.report(i + 1, "--variant");
        let line = if input.json {
            serde_json::to_string(&report)?
        } else {
            // The file's own bytes may be anything: no control character reaches the terminal.
            quote::printable(&report.to_string())
        };
        outln!("{line}")?;
    }
    // The exit status fails when any game is bad, after every game has been reported.
    Ok(BadGames::of(&read)?)
}

fn convert(input: &Input, to: Target) -> Result<()> {
    let converted = pdn::convert(&read(input)?, to, input.json);
    for note in &converted.notes {
        crate::output::tell!("damier: {}", quote::printable(note));
    }
    for line in &converted.lines {
        outln!("{line}")?;
    }
    for export in &converted.exports {
        outln!("{}", serde_json::to_string(export)?)?;
    }
    Ok(converted.bad?)
}
