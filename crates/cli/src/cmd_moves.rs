//! `damier moves`: every legal move, in the variant's notation.

use crate::PositionArgs;
use anyhow::Result;
use clap::Args;

/// Arguments of `damier moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// One JSON object per move: move, long, from, to, path, captured, fen.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &MovesArgs) -> Result<()> {
    let board = *args.position.game()?.position();
    for mv in board.legal_moves() {
        crate::output::report(args.json, &board.move_line(&mv))?;
    }
    // The list is empty; say why on the side, so that a script still reads no moves.
    if let Some(note) = board.no_move_note() {
        crate::output::tell!("{note}");
    }
    Ok(())
}
