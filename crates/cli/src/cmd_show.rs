//! `damier show`: the board drawn in the terminal.

use crate::output::outln;
use crate::PositionArgs;
use anyhow::Result;
use damier_game::diagram;

pub fn run(args: &PositionArgs) -> Result<()> {
    let board = args.board()?;
    outln!("{}", diagram::board_text(&board).trim_end_matches('\n'))?;
    outln!("{}", diagram::title(&board))?;
    Ok(())
}
