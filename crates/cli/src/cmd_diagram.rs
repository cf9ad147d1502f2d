//! `damier diagram`: a position drawn as an SVG or PNG file, from a FEN or from a PDN game.

use crate::output::{outln, usage, UsageContext};
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::Args;
use damier_diagram::{render, Format, Options};
use damier_game::pdn_pick::{self, PickError};
use damier_game::Board;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct DiagramArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Draw a position of a game of this PDN file instead (its variant from its tags).
    #[arg(long, conflicts_with_all = ["fen", "play"])]
    pdn: Option<PathBuf>,
    /// Which game of the PDN file, 1 for the first.
    #[arg(long, default_value_t = 1, requires = "pdn")]
    game: usize,
    /// The position after this move of the game: 12 for the first mover's twelfth, 12... for
    /// the other side's (default: the game's last position).
    #[arg(long = "move", value_name = "NUMBER", requires = "pdn")]
    move_number: Option<String>,
    /// The file to write; its name ends in .svg or .png.
    #[arg(long, short)]
    out: PathBuf,
    /// Seen from Black's side.
    #[arg(long)]
    flip: bool,
    /// Leave out the square numbers.
    #[arg(long)]
    no_numbers: bool,
    /// Pixels a square, for a PNG (8 to 400).
    #[arg(long, default_value_t = 60)]
    cell_px: u32,
}

pub fn run(args: &DiagramArgs) -> Result<()> {
    let format = Format::of_path(&args.out).usage_context(|| "--out".to_string())?;
    let board = match &args.pdn {
        Some(path) => pdn_position(args, path)?,
        None => *args.position.game()?.position(),
    };
    let options = Options {
        flipped: args.flip,
        numbers: !args.no_numbers,
        cell_px: args.cell_px,
    };
    let bytes = render(&board, &options, format).usage_context(|| "--cell-px".to_string())?;
    std::fs::write(&args.out, &bytes).with_context(|| format!("writing {}", args.out.display()))?;
    outln!("{}: {}", args.out.display(), damier_diagram::title(&board))?;
    Ok(())
}

fn pdn_position(args: &DiagramArgs, path: &Path) -> Result<Board> {
    let (variant, after) = (args.position.variant, args.move_number.as_deref());
    match pdn_pick::pick(path, variant, args.game, after) {
        Err(e @ PickError::Read { .. }) => usage!("--pdn {e}"),
        Err(e @ PickError::NoSuchGame(_)) => usage!("--game: {e}"),
        Err(e @ PickError::Move(_)) => usage!("--move: {e}"),
        other => Ok(other?),
    }
}
