//! `damier play`: a game in the terminal against the engine, another person, or the engine
//! against itself. Arguments become a `PlayConfig`; `damier-tui` does the rest.

use crate::engine_args::EngineArgs;
use crate::output::{usage, UsageContext};
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::Args;
use damier_engine::Level;
use damier_game::ballot::{self, BallotChoice, Deck};
use damier_game::{Game, SideChoice, TimeoutPenalty};
use damier_tui::clock_text::{parse_control, parse_duration, Unit};
use damier_tui::setup::{
    check_save_path, open_pdn_game, Opponent, PdnStart, SavePathError, Seating, SetupError,
};
use damier_tui::View;
use std::path::PathBuf;

/// Arguments of `damier play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Your side: white, black or random (default: the side to move).
    #[arg(long)]
    side: Option<SideChoice>,
    /// Who you play: engine, or human (another person at this keyboard).
    #[arg(long, default_value = "engine")]
    opponent: Opponent,
    /// Watch the engine play itself (--side then only turns the board).
    #[arg(long, conflicts_with = "opponent")]
    watch: bool,
    /// Engine level, 1 (beginner) to 10 (full strength); with --watch give it twice for
    /// White and Black.
    #[arg(long, value_name = "LEVEL")]
    level: Vec<Level>,
    /// Clock: none; 5m+3s (sudden death with increment); 40/2h (moves in time, repeated);
    /// move:60s/12s (time per move, shorter for a forced capture).
    #[arg(long, default_value = "none", allow_hyphen_values = true)]
    clock: String,
    /// What running out of time costs: game, or turn (giveaway variants: the turn is lost,
    /// the opponent may pass, three in a row lose).
    #[arg(long, default_value = "game")]
    timeout: TimeoutPenalty,
    /// Continue a game from a PDN file.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "ballot"])]
    pdn: Option<PathBuf>,
    /// Which game of the PDN file (1 is the first).
    #[arg(long, default_value_t = 1, requires = "pdn")]
    game: usize,
    /// Open an English or Pool game with a ballot: its number, or random.
    #[arg(long, conflicts_with = "fen")]
    ballot: Option<String>,
    /// Ballot deck: three (ACF three-move list) or two (two-move openings).
    #[arg(long, default_value = "three", requires = "ballot")]
    deck: Deck,
    /// Plain line mode (automatic when input or output is not a terminal).
    #[arg(long)]
    plain: bool,
    /// Print each depth the engine completes (line mode).
    #[arg(long)]
    thinking: bool,
    /// Save the game to FILE when it ends, when you quit, or when input ends.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Engine search depth in plies, with no time limit: reproducible games (at full
    /// strength, unless --level is given too).
    #[arg(long)]
    depth: Option<i32>,
    /// Seed for random choices (side, ballot) and the engine's style.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Each line of input takes this long on a hand-moved clock instead of the wall clock.
    #[arg(long, hide = true, value_name = "DURATION", allow_hyphen_values = true)]
    fake_clock: Option<String>,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let seed = args.seed.unwrap_or_else(damier_core::rng::time_seed);
    let mut notes = Vec::new();
    let (game, tags) = start_game(args, seed, &mut notes)?;
    let variant = game.variant();
    let seating = Seating {
        opponent: if args.watch {
            Opponent::Itself
        } else {
            args.opponent
        },
        levels: args.level.clone(),
        depth: args.depth,
        side: args.side,
    };
    let mut config = seating
        .config(game, seed)
        .usage_context(|| "--level".into())?;
    config.control = parse_control(&args.clock).usage_context(|| "--clock".into())?;
    config.penalty = args
        .timeout
        .in_variant(variant)
        .usage_context(|| "--timeout turn".into())?;
    crate::output::check_depth(args.depth)?;
    let setup = args.engine.setup(variant)?;
    let fake_clock = match &args.fake_clock {
        Some(text) => {
            Some(parse_duration(text, Unit::Seconds).usage_context(|| "--fake-clock".into())?)
        }
        None => None,
    };
    config.engine = setup.options;
    config.eval = setup.eval;
    config.book = setup.book;
    config.egdb = setup.egdb;
    config.depth = args.depth;
    config.seed = seed;
    config.tags = tags;
    if let Some(path) = &args.save {
        match check_save_path(path) {
            Err(e @ SavePathError::Exists(_)) => usage!("--save: {e}"),
            checked => checked.context("--save")?,
        }
    }
    config.save_at_end = args.save.clone();
    config.show_thinking = args.thinking;
    config.notes = notes;
    let view = if args.plain { View::Plain } else { View::Auto };
    let egdb = config.egdb.clone();
    damier_tui::play(config, view, fake_clock)?;
    crate::egdb_arg::warn_damage(egdb.as_deref());
    Ok(())
}

/// The game to start from: a PDN game, a ballot, or the position arguments; then `--play`.
fn start_game(
    args: &PlayArgs,
    seed: u64,
    notes: &mut Vec<String>,
) -> Result<(Game, Vec<(String, String)>)> {
    let variant = args.position.variant;
    if let Some(path) = &args.pdn {
        let start = match open_pdn_game(path, args.game, variant) {
            Err(e @ SetupError::Io { .. }) => usage!("--pdn {e}"),
            Err(e @ SetupError::NoSuchGame(_)) => usage!("--game: {e}"),
            found => found?,
        };
        notes.extend(start.notes(path, args.game, variant));
        let PdnStart { mut game, tags, .. } = start;
        args.position.play_onto(&mut game)?;
        return Ok((game, tags));
    }
    if let Some(which) = &args.ballot {
        let deck = args.deck;
        let choice = match BallotChoice::parse(which, seed) {
            Ok(choice) => choice,
            Err(e) => usage!("--ballot {e}"),
        };
        let (mut game, ballot) =
            ballot::open(variant, deck, choice).usage_context(|| "--ballot".into())?;
        notes.push(ballot.describe(deck));
        args.position.play_onto(&mut game)?;
        return Ok((game, Vec::new()));
    }
    Ok((args.position.game()?, Vec::new()))
}
