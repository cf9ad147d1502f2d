//! `damier`: play, analyse and program draughts in every variant.

mod book_arg;
mod cmd_analyze;
mod cmd_bench;
mod cmd_book;
mod cmd_completions;
mod cmd_diagram;
mod cmd_dxp;
mod cmd_egdb;
mod cmd_hub;
mod cmd_manual;
mod cmd_match;
mod cmd_moves;
mod cmd_pdn;
mod cmd_perft;
mod cmd_play;
mod cmd_puzzles;
mod cmd_rules;
mod cmd_selfplay;
mod cmd_serve;
mod cmd_show;
mod cmd_train;
mod egdb_arg;
mod egdb_playout;
mod engine_args;
mod eval_arg;
mod hash_arg;
mod interrupt;
mod log_lines;
mod output;
mod puzzle_play;
mod variant_arg;

use anyhow::Result;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use damier_core::{capture_path, Variant};
use damier_game::{quote, Board, Game, PositionRequest, PositionRequestError};

/// The version and the commit built (crates/cli/build.rs), as `--version` prints them.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("DAMIER_COMMIT"), ")");

#[derive(Parser)]
#[command(
    name = "damier",
    version = VERSION,
    about = "Draughts in every variant: rules, analysis, play"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    // In the order of `damier --help`: playing first, then analysis, files, engines, data.
    /// Play a game in the terminal: against the engine, a friend, or watch the engine.
    Play(Box<cmd_play::PlayArgs>),
    /// Serve the web page to play and analyse every variant.
    Serve(cmd_serve::ServeArgs),
    /// Analyse a position: one line per completed depth.
    Analyze(cmd_analyze::AnalyzeArgs),
    /// The rules of a variant in plain words, with examples; the variants side by side.
    Rules(cmd_rules::RulesArgs),
    /// Tactical puzzles: find them in games, check them, and solve them in the terminal.
    Puzzles(cmd_puzzles::PuzzlesArgs),
    /// Check and convert PDN game files.
    Pdn(cmd_pdn::PdnArgs),
    /// List every legal move.
    Moves(cmd_moves::MovesArgs),
    /// Draw the board.
    Show(PositionArgs),
    /// Write a position as a printable diagram (SVG or PNG), as the page draws the board.
    Diagram(Box<cmd_diagram::DiagramArgs>),
    /// Count move paths to a depth (perft), with speed.
    Perft(cmd_perft::PerftArgs),
    /// Speak the Hub protocol (version 2) on standard input and output, for draughts GUIs.
    Hub(cmd_hub::HubArgs),
    /// Play international draughts against another program over DamExchange (DXP, TCP).
    Dxp(cmd_dxp::DxpArgs),
    /// Play a match between two engines: score, Elo estimate and PDN.
    Match(cmd_match::MatchArgs),
    /// Opening books: build, info, probe, export.
    Book(cmd_book::BookArgs),
    /// Endgame databases: build, plan, verify, probe, info, bench, playout.
    Egdb(cmd_egdb::EgdbArgs),
    /// Play engine-against-engine games into a folder of training data.
    Selfplay(cmd_selfplay::SelfplayArgs),
    /// Fit the learned evaluation's weights to self-play positions.
    Train(cmd_train::TrainArgs),
    /// Search fixed positions to a fixed depth: node total and speed.
    Bench(cmd_bench::BenchArgs),
    /// Print the completion script for a shell (bash, zsh, fish, powershell, elvish).
    Completions(cmd_completions::CompletionsArgs),
    /// Print the manual page (roff), or write every command's page with --out DIR.
    Manual(cmd_manual::ManualArgs),
}

/// The position a command works on.
#[derive(Args, Clone, Debug)]
pub struct PositionArgs {
    /// Variant id or alias (international, english, russian, turkish, poddavki, …).
    #[arg(long, short = 'v', default_value = "international")]
    pub variant: Variant,
    /// Position in PDN FEN (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from that position first, in the variant's notation
    /// (e.g. --play "32-28 19-23").
    #[arg(long, value_name = "MOVES")]
    pub play: Option<String>,
}

impl PositionArgs {
    /// The request the options make, for the game layer to read.
    fn request(&self) -> PositionRequest<'_> {
        PositionRequest {
            variant: self.variant,
            fen: self.fen.as_deref(),
            play: self.play.as_deref(),
        }
    }

    /// The position asked for, with no game around it: the `--play` moves are played on
    /// past any draw or result (perft and the databases look past them).
    pub fn board(&self) -> Result<Board> {
        self.request().board().map_err(refused)
    }

    /// The position asked for as a game: the start (or `--fen`) with the `--play` moves
    /// played, so that their history counts for draws.
    pub fn game(&self) -> Result<Game> {
        self.request().game().map_err(refused)
    }

    /// Play the `--play` moves in `game`.
    pub fn play_onto(&self, game: &mut Game) -> Result<()> {
        self.request().play_onto(game).map_err(refused)
    }
}

/// A `--fen` or `--play` refused, as a usage error naming its option (a long text is cut
/// where the error is told: [`output::describe`]).
fn refused(error: PositionRequestError) -> anyhow::Error {
    anyhow::Error::new(output::Usage(error.with_options("--fen", "--play")))
}

/// Help and version go out as clap prints them; a mistake in the command line is told on one
/// line, as every other bad input is, with the command's help named, and status 2.
fn refuse_command_line(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let args = output::arguments();
    let line = format!(
        "{} (see `{} --help`)",
        one_line(&e.to_string()),
        command_path(&args)
    );
    crate::output::tell!(
        "damier: {}",
        quote::printable(&quote::shorten_arguments(&line, &args))
    );
    std::process::exit(2);
}

/// clap's message for a mistake ("error: …", lines that continue it, tips, the usage) as one
/// line: the message and its tips.
fn one_line(text: &str) -> String {
    let mut lines = text.lines();
    let mut said: Vec<String> = lines
        .next()
        .map(|l| l.trim_start_matches("error: ").trim().to_string())
        .into_iter()
        .collect();
    // A list (of missing arguments, of possible values) continues the first line up to a blank.
    let continued: Vec<&str> = lines
        .by_ref()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    if let (Some(first), false) = (said.first_mut(), continued.is_empty()) {
        *first = format!("{first} {}", continued.join(", "));
    }
    said.extend(
        lines
            .filter_map(|l| l.trim().strip_prefix("tip: "))
            .map(str::to_string),
    );
    said.join("; ")
}

/// The command line's grammar: the derived one, with every option that takes a value taking
/// a negative number as its value too, so that `--time -1` or `--nodes -5` is refused by the
/// option's own check, which names the option, rather than as "unexpected argument '-1'"
/// (the values that are times with units, `-5m`, take any leading '-' where they are
/// declared). Only a value that reads as a number is taken: `--fen --json` still says that
/// `--fen` has no value.
fn command() -> clap::Command {
    fn negative_numbers(command: clap::Command) -> clap::Command {
        command
            .mut_args(|arg| {
                if arg.get_action().takes_values() {
                    arg.allow_negative_numbers(true)
                } else {
                    arg
                }
            })
            .mut_subcommands(negative_numbers)
    }
    negative_numbers(Cli::command())
}

/// The subcommands named at the start of `args` (the command line after the program: `damier
/// egdb build`), for the help to read.
fn command_path(args: &[String]) -> String {
    let mut command = command();
    let mut path = vec!["damier".to_string()];
    for arg in args {
        let Some(sub) = command.find_subcommand(arg).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    path.join(" ")
}

fn main() {
    if let Some(note) = capture_path::missing_features_note() {
        crate::output::tell!("damier: {note}");
        std::process::exit(1);
    }
    let cli = command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
        .unwrap_or_else(|e| refuse_command_line(e));
    if let Err(e) = capture_path::apply_env() {
        // A mistake in what the user set, as in the command line.
        crate::output::tell!("damier: {}", quote::printable(&e.to_string()));
        std::process::exit(2);
    }
    let result = match cli.command {
        Command::Perft(args) => cmd_perft::run(&args),
        Command::Moves(args) => cmd_moves::run(&args),
        Command::Show(args) => cmd_show::run(&args),
        Command::Diagram(args) => cmd_diagram::run(&args),
        Command::Rules(args) => cmd_rules::run(&args),
        Command::Puzzles(args) => cmd_puzzles::run(&args),
        Command::Pdn(args) => cmd_pdn::run(&args),
        Command::Analyze(args) => cmd_analyze::run(&args),
        Command::Bench(args) => cmd_bench::run(&args),
        Command::Hub(args) => cmd_hub::run(&args),
        Command::Dxp(args) => cmd_dxp::run(&args),
        Command::Match(args) => cmd_match::run(&args),
        Command::Play(args) => cmd_play::run(&args),
        Command::Selfplay(args) => cmd_selfplay::run(&args),
        Command::Train(args) => cmd_train::run(&args),
        Command::Book(args) => cmd_book::run(&args),
        Command::Egdb(args) => cmd_egdb::run(&args),
        Command::Serve(args) => cmd_serve::run(&args),
        Command::Completions(args) => cmd_completions::completions(&args),
        Command::Manual(args) => cmd_manual::run(&args),
    };
    if let Err(e) = result {
        if output::is_broken_pipe(&e) {
            // The reader has all it wanted (`damier perft | head -1`).
            std::process::exit(0);
        }
        crate::output::tell!("damier: {}", output::describe(&e));
        std::process::exit(output::exit_status(&e));
    }
}
