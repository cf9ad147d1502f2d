//! `damier pdn check` and `damier pdn convert`: PDN files, every move checked by the rules.

use crate::output::{plural, UsageContext};
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use damier_core::Variant;
use damier_game::pdn::{self, PdnError, PdnGame, VariantSource, WriteOptions};
use damier_game::{Board, Outcome};
use serde_json::{json, Value};
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
    variant: Option<String>,
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
    Ok(read_with_sources(input)?
        .into_iter()
        .map(|(game, _)| game)
        .collect())
}

/// The games, and how the variant of each was found.
fn read_with_sources(input: &Input) -> Result<Vec<(Result<PdnGame, PdnError>, VariantSource)>> {
    let given: Option<Variant> = match &input.variant {
        Some(name) => Some(name.parse().usage_context(|| "--variant".into())?),
        None => None,
    };
    let bytes = std::fs::read(&input.file)
        .with_context(|| format!("cannot read {}", input.file.display()))?;
    let games: Vec<_> = match given {
        Some(v) => pdn::read_bytes(&bytes, v)
            .into_iter()
            .map(|g| (g, VariantSource::Given))
            .collect(),
        None => pdn::read_bytes_inferring(&bytes, Variant::INTERNATIONAL),
    };
    if games.is_empty() {
        bail!("{} holds no game", input.file.display());
    }
    Ok(games)
}

fn players(tag: impl Fn(&str) -> Option<String>) -> (String, String) {
    let name = |n: &str| tag(n).unwrap_or_else(|| "?".into());
    (name("White"), name("Black"))
}

/// Exit status: fail when any game is bad, after every game has been reported.
fn bad_games(bad: usize, total: usize) -> Result<()> {
    if bad > 0 {
        let s = if bad == 1 {
            "has an error"
        } else {
            "have errors"
        };
        bail!("{bad} of {total} games {s}");
    }
    Ok(())
}

/// What the check line adds about a game's variant: nothing when a tag named it, `--variant`
/// did, or PDN's own default (international) fits; otherwise the missing tag and the variants
/// its moves fit.
fn variant_note(source: &VariantSource) -> Option<String> {
    let fits = match source {
        VariantSource::Inferred { fits } => fits,
        VariantSource::Unfit { closest } => {
            return Some(format!(
                "no GameType tag, and its moves fit no variant: the error is {closest}'s, \
                 where it read furthest; --variant chooses"
            ))
        }
        _ => return None,
    };
    if fits.first() == Some(&Variant::INTERNATIONAL) {
        return None;
    }
    Some(match fits.split_first() {
        Some((first, [])) => {
            format!("no GameType tag: read as {first}, the one variant its moves fit")
        }
        Some((first, rest)) => {
            let others: Vec<String> = rest.iter().map(|v| v.to_string()).collect();
            format!(
                "no GameType tag: read as {first}; its moves also fit {} (--variant chooses)",
                others.join(", ")
            )
        }
        // Unfit games are told above.
        None => "no GameType tag".to_string(),
    })
}

fn check(input: &Input) -> Result<()> {
    let read = read_with_sources(input)?;
    let mut bad = 0;
    let count = read.len();
    for (i, (g, source)) in read.iter().enumerate() {
        let n = i + 1;
        let note = variant_note(source);
        let suffix = note.as_ref().map_or(String::new(), |t| format!(" ({t})"));
        let (line, value) = match g {
            Ok(g) => {
                let contradiction = result_contradicted(g);
                let (white, black) = players(|t| g.tag(t).map(str::to_string));
                let moves = g.main.moves.len();
                let result = g.result.text();
                let verdict = match &contradiction {
                    Some(why) => {
                        bad += 1;
                        format!("error: {why}")
                    }
                    None => "ok".to_string(),
                };
                let error =
                    contradiction.map(|why| json!({"line": null, "column": null, "message": why}));
                (
                    crate::output::printable(&format!(
                        "{n}: {white} - {black}, {result}, {}, {verdict}{suffix}",
                        plural(moves, "move")
                    )),
                    json!({"game": n, "white": white, "black": black, "result": result,
                           "variant": g.variant.to_string(), "moves": moves, "error": error,
                           "variant_note": note}),
                )
            }
            Err(e) => {
                bad += 1;
                let (white, black) = players(|t| e.tag(t).map(str::to_string));
                let result = "?";
                let moves = e.moves_read;
                let at = format!("line {}, column {}: {}", e.line, e.column, e.kind);
                (
                    // The file's own bytes may be anything: no control character reaches
                    // the terminal.
                    crate::output::printable(&format!(
                        "{n}: {white} - {black}, {result}, {}, error at {at}{suffix}",
                        plural(moves, "move")
                    )),
                    json!({"game": n, "white": white, "black": black, "result": result,
                           "moves": moves, "error": {"line": e.line, "column": e.column,
                           "message": e.kind.to_string()}, "variant_note": note}),
                )
            }
        };
        say(&format!(
            "{}\n",
            if input.json { value.to_string() } else { line }
        ))?;
    }
    bad_games(bad, count)
}

/// Why the recorded result cannot be the game's: the moves end where the side to move has
/// none, which decides the game, and the file says otherwise. `None` when it agrees, or the
/// game is not over on the board (a resignation, a time-out, a draw agreed or claimed).
fn result_contradicted(g: &PdnGame) -> Option<String> {
    let recorded = g.result.outcome()?;
    let end = g.positions().pop()?;
    let winner = end.no_move_winner()?;
    (recorded != Outcome::Win(winner)).then(|| {
        format!(
            "the result {} is not the board's: {} has no move, so {} wins",
            g.result.text(),
            end.side().name(),
            winner.name()
        )
    })
}

fn convert(input: &Input, to: Target) -> Result<()> {
    let games = read(input)?;
    let mut bad = 0;
    let options = WriteOptions {
        long_moves: matches!(to, Target::Long),
    };
    let mut first = true;
    for g in &games {
        let g = match g {
            Ok(g) => g,
            Err(e) => {
                bad += 1;
                crate::output::tell!("damier: {}", crate::output::printable(&e.to_string()));
                continue;
            }
        };
        if input.json {
            say(&format!("{}\n", game_json(g, to)))?;
        } else if matches!(to, Target::Fen) {
            say(&fen_lines(g))?;
        } else {
            if !first {
                say("\n")?;
            }
            say(&pdn::write_game(g, &options))?;
        }
        first = false;
    }
    bad_games(bad, games.len())
}

/// Each main-line move with its number, its text and the position after it.
fn moves(g: &PdnGame, long: bool) -> Vec<(String, String, String)> {
    let first = g.start.rules().first;
    let mut board: Board = g.start;
    let mut number = 1;
    let mut out = Vec::new();
    for m in &g.main.moves {
        let second = board.side() != first;
        let label = format!("{number}{}", if second { "..." } else { "." });
        let text = if long {
            board.long(&m.mv)
        } else {
            m.notation.clone()
        };
        board = board.play_unchecked(&m.mv);
        out.push((label, text, board.fen()));
        if second {
            number += 1;
        }
    }
    out
}

fn fen_lines(g: &PdnGame) -> String {
    let (white, black) = players(|t| g.tag(t).map(str::to_string));
    let mut s = format!("# {white} - {black} ({}) {}\n", g.variant, g.result.text());
    s.push_str(&format!("start\t{}\n", g.start.fen()));
    for (label, text, fen) in moves(g, false) {
        s.push_str(&format!("{label} {text}\t{fen}\n"));
    }
    s
}

fn game_json(g: &PdnGame, to: Target) -> Value {
    let tags: serde_json::Map<String, Value> = g
        .tags
        .iter()
        .map(|(n, v)| (n.clone(), Value::String(v.clone())))
        .collect();
    let moves: Vec<Value> = moves(g, matches!(to, Target::Long))
        .into_iter()
        .map(|(number, text, fen)| json!({"number": number, "move": text, "fen": fen}))
        .collect();
    json!({
        "tags": tags,
        "variant": g.variant.to_string(),
        "result": g.result.text(),
        "start": g.start.fen(),
        "moves": moves,
    })
}
