//! `damier moves`: every legal move, in the variant's notation.

use crate::output::outln;
use crate::PositionArgs;
use anyhow::Result;
use clap::Args;
use damier_core::{fen, notation, with_geometry, BitSet, Geometry, SquareNames};

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
    let variant = args.position.variant;
    with_geometry!(variant.rules().board, G => run_on::<G>(args, variant))
}

fn run_on<G: Geometry>(args: &MovesArgs, variant: damier_core::Variant) -> Result<()> {
    let pos = args.position.position::<G>(variant)?;
    let names = SquareNames::of(pos.rules());
    for mv in pos.legal_moves().iter() {
        let short = notation::short(&pos, mv);
        if !args.json {
            outln!("{short}")?;
            continue;
        }
        let path = notation::path(&pos, mv);
        let name = |s: u32| names.name(s);
        let captured: Vec<String> = names
            .in_order()
            .filter(|&s| mv.captured.has(s))
            .map(name)
            .collect();
        let line = serde_json::json!({
            "move": short,
            "long": notation::long(&pos, mv),
            "from": name(mv.from as u32),
            "to": name(mv.to as u32),
            "path": std::iter::once(mv.from).chain(path).map(|s| name(s as u32)).collect::<Vec<_>>(),
            "captured": captured,
            "fen": fen::write(&pos.play_unchecked(mv)),
        });
        outln!("{line}")?;
    }
    // The list is empty; say why on the side, so that a script still reads no moves.
    if let Some(winner) = pos.no_move_winner() {
        crate::output::tell!(
            "{} has no legal move: {} wins",
            pos.side().title(),
            winner.name()
        );
    }
    Ok(())
}
