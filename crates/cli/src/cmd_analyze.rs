//! `damier analyze`: search a position and print each completed depth.

use crate::PositionArgs;
use anyhow::{bail, Result};
use clap::Args;
use damier_engine::{Control, Engine, EngineOptions, Limits, SearchInfo, SearchInput, Style};
use serde_json::json;
use std::time::Duration;

/// Arguments of `damier analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to this depth (plies).
    #[arg(long, short = 'd')]
    depth: Option<i32>,
    /// Search for this many seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Search about this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, short = 't', default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &AnalyzeArgs) -> Result<()> {
    let game = args.position.game()?;
    if game.position().legal_moves().is_empty() {
        bail!("the side to move has no legal move: nothing to analyse");
    }
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        ..Limits::default()
    };
    if let Some(t) = args.time {
        if !(t > 0.0 && t < 1e6) {
            bail!("--time must be a positive number of seconds, got {t}");
        }
        limits.move_time = Some(Duration::from_secs_f64(t));
    }
    if !limits.is_bounded() {
        limits.move_time = Some(Duration::from_secs(5));
    }
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads must be between 1 and 256, got {}", args.threads);
    }
    let engine = Engine::new(EngineOptions {
        threads: args.threads,
        hash_mb: args.hash.clamp(1, 65536),
    });
    let input = SearchInput::from_game(&game);
    let board = input.board;
    let json = args.json;
    let mut print = |info: &SearchInfo| {
        let pv = board.line_short(&info.pv);
        if json {
            println!(
                "{}",
                json!({
                    "depth": info.depth,
                    "seldepth": info.seldepth,
                    "score": info.score.0,
                    "score_text": info.score.to_string(),
                    "nodes": info.nodes,
                    "nps": info.nps,
                    "time": info.time.as_secs_f64(),
                    "pv": pv,
                })
            );
        } else {
            println!(
                "depth {:>2}/{:<3} score {:>10}  nodes {:>11}  {:>7.2} Mnps  time {:>7.2}s  pv {}",
                info.depth,
                info.seldepth,
                info.score.to_string(),
                info.nodes,
                info.nps as f64 / 1e6,
                info.time.as_secs_f64(),
                pv
            );
        }
    };
    let result = engine.search(
        &input,
        &limits,
        Style::default(),
        &Control::new(),
        &mut print,
    );
    let best = result.best.map(|m| board.short(&m)).unwrap_or_default();
    if json {
        println!(
            "{}",
            json!({"best": best, "score": result.score.0, "depth": result.depth, "nodes": result.nodes})
        );
    } else {
        println!(
            "best {best}  score {}  depth {}",
            result.score, result.depth
        );
    }
    Ok(())
}
