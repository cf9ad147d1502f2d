//! `damier show`: the board drawn in the terminal.

use crate::output::outln;
use crate::PositionArgs;
use anyhow::Result;
use damier_game::diagram;

pub fn run(args: &PositionArgs) -> Result<()> {
    let board = args.board()?;
    outln!("{}", diagram::board_text(&board).trim_end_matches('\n'))?;
    outln!("{} to move · {}", board.side().name(), board.variant())?;
    // The position alone on the last line, for scripts (`damier show … | tail -1`).
    outln!("{}", board.fen())?;
    Ok(())
}
