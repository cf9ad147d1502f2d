//! `damier show`: the board drawn in the terminal.

use crate::output::outln;
use crate::PositionArgs;
use anyhow::Result;
use damier_core::{fen, with_geometry, Geometry};

pub fn run(args: &PositionArgs) -> Result<()> {
    let variant = args.variant;
    with_geometry!(variant.rules().board, G => run_on::<G>(args, variant))
}

fn run_on<G: Geometry>(args: &PositionArgs, variant: damier_core::Variant) -> Result<()> {
    let pos = args.position::<G>(variant)?;
    outln!(
        "{}",
        damier_game::diagram::text(&pos).trim_end_matches('\n')
    )?;
    outln!("{} to move · {}", pos.side().name(), variant)?;
    outln!("{}", fen::write(&pos))?;
    Ok(())
}
