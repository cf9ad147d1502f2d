//! `damier pdn check` and `damier pdn convert`: PDN files, every move checked by the rules.

use crate::output::UsageContext;
use anyhow::{bail, Result};
use clap::{Args, Subcommand, ValueEnum};
use damier_core::Variant;
use damier_game::pdn::{self, BadGames, CheckedGame, PdnError, PdnGame, Untagged, WriteOptions};
use std::io::Write;
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

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Target {
    /// PDN with the short move form.
    Short,
    /// PDN with every landing square of captures.
    Long,
    /// A FEN after every move.
    Fen,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    input: Input,
    /// What to write.
    #[arg(long, value_enum, default_value = "short")]
    to: Target,
}

pub fn run(args: &PdnArgs) -> Result<()> {
    match &args.command {
        PdnCommand::Check(a) => check(&a.input),
        PdnCommand::Convert(a) => convert(&a.input, a.to),
    }
}

/// Print to stdout; a reader that went away (`| head`) ends the command quietly.
fn say(text: &str) -> Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        other => Ok(other?),
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
    let games = pdn::read_checked(&bytes, untagged);
    if games.is_empty() {
        bail!("{} holds no game", input.file.display());
    }
    Ok(games)
}

fn check(input: &Input) -> Result<()> {
    let read = read_checked(input)?;
    for (i, checked) in read.iter().enumerate() {
        let report = checked.report(i + 1, "--variant");
        let line = if input.json {
            serde_json::to_string(&report)?
        } else {
            // The file's own bytes may be anything: no control character reaches the terminal.
            crate::output::printable(&report.to_string())
        };
        say(&format!("{line}\n"))?;
    }
    // The exit status fails when any game is bad, after every game has been reported.
    Ok(BadGames::check(
        read.iter().filter(|c| !c.is_sound()).count(),
        read.len(),
    )?)
}

fn convert(input: &Input, to: Target) -> Result<()> {
    let games = read(input)?;
    let mut bad = 0;
    let options = WriteOptions {
        long_moves: matches!(to, Target::Long),
    };
    let mut first = true;
    for (i, g) in games.iter().enumerate() {
        let g = match g {
            Ok(g) => g,
            Err(e) => {
                bad += 1;
                crate::output::tell!("damier: {}", crate::output::printable(&e.to_string()));
                continue;
            }
        };
        // What the written game lacks or changed from the file's is said, not silently lost.
        for note in &g.read_notes {
            let note = crate::output::printable(note);
            crate::output::tell!("damier: game {}: {note}", i + 1);
        }
        if input.json {
            say(&format!(
                "{}\n",
                serde_json::to_string(&g.export(matches!(to, Target::Long)))?
            ))?;
        } else if matches!(to, Target::Fen) {
            say(&g.fen_lines())?;
        } else {
            if !first {
                say("\n")?;
            }
            say(&pdn::write_game(g, &options))?;
        }
        first = false;
    }
    Ok(BadGames::check(bad, games.len())?)
}
