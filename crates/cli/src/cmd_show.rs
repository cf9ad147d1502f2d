//! `damier show`: the board drawn in the terminal.

use crate::board_view;
use crate::PositionArgs;
use anyhow::Result;
use damier_core::{fen, with_geometry, Geometry};

pub fn run(args: &PositionArgs) -> Result<()> {
    let variant = args.variant()?;
    with_geometry!(variant.rules().board, G => run_on::<G>(args, variant))
}

fn run_on<G: Geometry>(args: &PositionArgs, variant: damier_core::Variant) -> Result<()> {
    let pos = args.position::<G>(variant)?;
    print!("{}", board_view::draw(&pos));
    println!("{} to move · {}", pos.side().name(), variant);
    println!("{}", fen::write(&pos));
    Ok(())
}
