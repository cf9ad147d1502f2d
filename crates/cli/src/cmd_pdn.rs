//! `damier pdn check` and `damier pdn convert`: PDN files, every move checked by the rules.

use crate::output::UsageContext;
use anyhow::{bail, Result};
use clap::{Args, Subcommand, ValueEnum};
use damier_core::Variant;
use damier_game::pdn::{self, PdnError, PdnGame, TagNotes, VariantSource, WriteOptions};
use damier_game::{Board, Reason};
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
        .map(|(game, _, _)| game)
        .collect())
}

/// A game as read, how its variant was found, and what its tags say that the reading left.
type Reading = (Result<PdnGame, PdnError>, VariantSource, TagNotes);

/// The games, how the variant of each was found, and their tags' notes.
fn read_with_sources(input: &Input) -> Result<Vec<Reading>> {
    let given: Option<Variant> = match &input.variant {
        Some(name) => Some(name.parse().usage_context(|| "--variant".into())?),
        None => None,
    };
    // A file the command line names that is not there is a mistake in the command line.
    let bytes = std::fs::read(&input.file)
        .usage_context(|| format!("cannot read {}", input.file.display()))?;
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
    // One note per game, the reader counting games the same way.
    let notes = pdn::read_tag_notes(&bytes)
        .into_iter()
        .chain(std::iter::repeat_with(TagNotes::default));
    Ok(games
        .into_iter()
        .zip(notes)
        .map(|((game, source), notes)| (game, source, notes))
        .collect())
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
/// did, or PDN's own default (international) is the one variant its moves fit; otherwise the
/// missing tag (or the `Variant` tag not understood) and the variants its moves fit.
/// `read_as` is the variant the game was read as, when known.
fn variant_note(
    source: &VariantSource,
    notes: &TagNotes,
    read_as: Option<Variant>,
) -> Option<String> {
    let unknown = notes.unknown_variant.as_ref();
    let missing = match unknown {
        Some(value) => format!("Variant tag \"{value}\" not understood"),
        None => "no GameType tag".to_string(),
    };
    let fits = match source {
        VariantSource::Inferred { fits } => fits,
        VariantSource::Unfit { closest } => {
            return Some(format!(
                "{missing}, and its moves fit no variant: the error is {closest}'s, \
                 where it read furthest; --variant chooses"
            ))
        }
        VariantSource::Tagged | VariantSource::Given => {
            unknown?;
            let how = match source {
                VariantSource::Given => "as --variant says",
                _ => "by its GameType tag",
            };
            return Some(match read_as {
                Some(v) => format!("{missing}: read as {v}, {how}"),
                None => missing,
            });
        }
    };
    let (first, rest) = fits.split_first()?;
    let default = *first == Variant::INTERNATIONAL;
    if default && rest.is_empty() && unknown.is_none() {
        return None;
    }
    let read = match (default, rest) {
        (true, _) => format!("read as {first}, PDN's default"),
        (false, []) => format!("read as {first}, the one variant its moves fit"),
        (false, _) => format!("read as {first}"),
    };
    let also = if rest.is_empty() {
        String::new()
    } else {
        let others: Vec<String> = rest.iter().map(|v| v.to_string()).collect();
        format!(
            "; its moves also fit {} (--variant chooses)",
            others.join(", ")
        )
    };
    Some(format!("{missing}: {read}{also}"))
}

/// A count of plies as a draughts player says it: a move is one by each side, so 80 plies
/// are "40 moves" and 79 are "39½ moves".
fn moves_text(plies: usize) -> String {
    let half = if plies % 2 == 1 { "½" } else { "" };
    match (plies / 2, half) {
        (0, "½") => "½ move".to_string(),
        (1, "") => "1 move".to_string(),
        (whole, _) => format!("{whole}{half} moves"),
    }
}

/// The same count for JSON: a whole number of moves, or one and a half (`39.5`).
fn moves_value(plies: usize) -> Value {
    if plies.is_multiple_of(2) {
        json!(plies / 2)
    } else {
        json!(plies as f64 / 2.0)
    }
}

fn check(input: &Input) -> Result<()> {
    let read = read_with_sources(input)?;
    let mut bad = 0;
    let count = read.len();
    for (i, (g, source, notes)) in read.iter().enumerate() {
        let n = i + 1;
        let read_as = match (g, source) {
            (Ok(g), _) => Some(g.variant),
            (Err(_), VariantSource::Unfit { closest }) => Some(*closest),
            (Err(_), VariantSource::Inferred { fits }) => fits.first().copied(),
            (Err(_), _) => None,
        };
        let note = variant_note(source, notes, read_as);
        // What reading chose or read past (for a game refused, before its error).
        let reading_notes = match g {
            Ok(g) => &g.read_notes,
            Err(e) => &e.read_notes,
        };
        let said: Vec<&str> = note
            .iter()
            .chain(reading_notes)
            .map(String::as_str)
            .collect();
        let suffix = if said.is_empty() {
            String::new()
        } else {
            format!(" ({})", said.join("; "))
        };
        let (line, value) = match g {
            Ok(g) => {
                let contradiction = result_contradicted(g, notes);
                let (white, black) = players(|t| g.tag(t).map(str::to_string));
                let plies = g.main.moves.len();
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
                        moves_text(plies)
                    )),
                    json!({"game": n, "white": white, "black": black, "result": result,
                           "variant": g.variant.to_string(), "moves": moves_value(plies),
                           "plies": plies, "error": error, "variant_note": note,
                           "read_notes": reading_notes}),
                )
            }
            Err(e) => {
                bad += 1;
                let (white, black) = players(|t| e.tag(t).map(str::to_string));
                let result = "?";
                let plies = e.moves_read;
                let at = format!("line {}, column {}: {}", e.line, e.column, e.kind);
                (
                    // The file's own bytes may be anything: no control character reaches
                    // the terminal.
                    crate::output::printable(&format!(
                        "{n}: {white} - {black}, {result}, {}, error at {at}{suffix}",
                        moves_text(plies)
                    )),
                    json!({"game": n, "white": white, "black": black, "result": result,
                           "moves": moves_value(plies), "plies": plies, "error": {"line": e.line, "column": e.column,
                           "message": e.kind.to_string()}, "variant_note": note,
                           "read_notes": reading_notes}),
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

/// Why the game cannot be as recorded, by the rules' own end ([`PdnGame::rules_end`]): moves
/// played after the game was over (no move for the side to move, or an automatic draw), or a
/// result other than the one the rules gave; or a `Result` tag that the termination marker
/// contradicts. `None` when the moves end with the game still running (a resignation, a
/// time-out, a draw agreed or claimed), or the result agrees.
fn result_contradicted(g: &PdnGame, notes: &TagNotes) -> Option<String> {
    if let Some(tag) = &notes.contradicted_result {
        return Some(format!(
            "the Result tag says {tag}, the marker after the moves {}",
            g.result.text()
        ));
    }
    let end = g.rules_end()?;
    let why = match end.result.reason {
        Reason::NoLegalMove => {
            let winner = end.result.outcome.winner()?;
            format!(
                "{} has no move, so {} wins",
                end.board.side().name(),
                winner.name()
            )
        }
        _ => end.result.describe_at(&end.board),
    };
    if let Some(next) = g.main.moves.get(end.plies) {
        let at = match end.plies {
            0 => "in its start position".to_string(),
            n => format!(
                "after {} {}",
                g.move_number(n - 1),
                g.main.moves[n - 1].notation
            ),
        };
        return Some(format!(
            "the game ended {at} ({why}), yet the moves go on with {} {}",
            g.move_number(end.plies),
            next.notation
        ));
    }
    let recorded = g.result.outcome()?;
    (recorded != end.result.outcome)
        .then(|| format!("the result {} is not the board's: {why}", g.result.text()))
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
