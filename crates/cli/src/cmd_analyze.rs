//! `damier analyze`: search a position and print each completed depth.

use crate::output::{outln, usage, UsageContext};
use crate::PositionArgs;
use anyhow::{bail, Result};
use clap::Args;
use damier_engine::{
    Control, Engine, EngineOptions, Limits, LineReport, Score, SearchInfo, SearchInput, Silent,
    Style, ThreatReport,
};
use damier_game::time_text::{self, Unit};
use damier_game::Board;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `damier analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to this depth (plies, 1 to 100). Without --depth, --time or --nodes the search
    /// takes 5 seconds; Ctrl-C stops it early with its best move.
    #[arg(long, short = 'd', allow_negative_numbers = true)]
    depth: Option<i32>,
    /// Search this long: seconds (5, 0.5) or with units (1.5s, 250ms, 2m).
    #[arg(long, allow_hyphen_values = true)]
    time: Option<String>,
    /// Search about this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, short = 't', default_value_t = 1, allow_negative_numbers = true)]
    threads: i64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, allow_negative_numbers = true)]
    hash: i64,
    #[arg(long, help = crate::eval_arg::HELP)]
    eval: Option<String>,
    #[arg(long, help = crate::egdb_arg::HELP)]
    egdb: Option<String>,
    #[arg(long, help = crate::book_arg::HELP)]
    book: Option<String>,
    /// Show the N best moves at each depth, each with its score and line (each line after
    /// the first costs a search of its own).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    multipv: i64,
    /// Also show the threat: what the opponent would play if the side to move passed (the
    /// same search, the other side to move), and the pieces it would win.
    #[arg(long)]
    threat: bool,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &AnalyzeArgs) -> Result<()> {
    let game = args.position.game()?;
    if game.position().legal_moves().is_empty() {
        bail!("the side to move has no legal move: nothing to analyse");
    }
    crate::output::check_depth(args.depth)?;
    if let Some(Err(e)) = args.nodes.map(damier_engine::setting::nodes) {
        usage!("{}", e.with_option());
    }
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        ..Limits::default()
    };
    if let Some(text) = &args.time {
        if text.starts_with('-') {
            usage!("--time must be more than nothing and less than 1000000 seconds, got '{text}'");
        }
        let t = time_text::parse_duration(text, Unit::Seconds).usage_context(|| "--time".into())?;
        if t.is_zero() || t.as_secs() >= 1_000_000 {
            usage!("--time must be more than nothing and less than 1000000 seconds, got '{text}'");
        }
        limits.move_time = Some(t);
    }
    if !limits.is_bounded() {
        limits.move_time = Some(DEFAULT_TIME);
    }
    crate::output::check_threads("--threads", args.threads)?;
    let hash_mb = match damier_engine::setting::hash(args.hash) {
        Ok(mb) => mb,
        Err(e) => usage!("{}", e.with_option()),
    };
    // The engine's range of lines, named as this command's option.
    let lines = usize::try_from(args.multipv).unwrap_or(0);
    if let Err(e) = damier_engine::setting::lines(lines) {
        usage!("--multipv must be {}, got {}", e.rule, args.multipv);
    }
    let eval = crate::eval_arg::parse(args.eval.as_deref(), Some(game.variant()))?;
    let mut engine = Engine::try_new(EngineOptions {
        threads: args.threads as usize,
        hash_mb,
    })
    .map_err(crate::hash_arg::refusal)?;
    engine.set_eval(eval);
    let book = crate::book_arg::parse(args.book.as_deref(), Some(game.variant()))?;
    if let Some(moves) = book
        .book_for(game.variant())
        .and_then(|b| b.moves(game.position()))
    {
        let board = game.position();
        if args.json {
            let moves: Vec<_> = moves
                .iter()
                .map(|m| json!({"move": board.short(&m.mv), "score": m.value}))
                .collect();
            outln!("{}", json!({ "book": moves }))?;
        } else {
            let moves: Vec<String> = moves
                .iter()
                .map(|m| format!("{} {}", board.short(&m.mv), Score(m.value)))
                .collect();
            outln!("book moves: {}", moves.join(", "))?;
        }
    }
    engine.set_book(book);
    engine.set_lines(lines);
    let egdb = crate::egdb_arg::open(args.egdb.as_deref(), game.variant())?;
    if let Some(db) = &egdb {
        // A block that cannot be read is told after the search, which goes on without it.
        if let Ok(Some(value)) = db.probe_board(game.position()) {
            if args.json {
                outln!("{}", json!({"egdb": value.to_string()}))?;
            } else {
                outln!("database {value}")?;
            }
        }
    }
    if let Some(result) = game.result() {
        // Over by a draw rule as it stands (the case of no move is refused above).
        let why = result.describe();
        if args.json {
            outln!("{}", json!({"over": why}))?;
        } else {
            outln!("the game is over as it stands ({why}): every move scores a draw")?;
        }
    }
    engine.set_egdb(egdb.clone());
    let control = Arc::new(Control::new());
    stop_on_interrupt(&control);
    let input = SearchInput::from_game(&game);
    let board = input.board;
    let json = args.json;
    let multi = args.multipv > 1;
    // A closed pipe stops the search (nobody reads on) and is returned at the end.
    let mut written: std::io::Result<()> = Ok(());
    let mut print = |info: &SearchInfo| {
        if written.is_err() {
            return;
        }
        let report = LineReport::new(&board, info);
        written = if json {
            serde_json::to_string(&report)
                .map_err(std::io::Error::other)
                .and_then(|line| outln!("{line}"))
        } else {
            outln!("{}", report.text(multi))
        };
        if written.is_err() {
            control.stop();
        }
    };
    let result = engine.search(&input, &limits, Style::default(), &control, &mut print);
    written?;
    crate::egdb_arg::warn_damage(egdb.as_deref());
    let best = result.best.map(|m| board.short(&m)).unwrap_or_default();
    // What the best line wins, in words ("27-22 wins 2 pieces: ..."), when it wins something.
    let explained = damier_game::explain(&board, &result.pv);
    if json {
        outln!(
            "{}",
            json!({"best": best, "score": result.score.0, "depth": result.depth, "nodes": result.nodes,
                "book": result.book, "explain": explained})
        )?;
    } else {
        if result.book {
            outln!("best {best}  score {}  book move", result.score)?;
        } else {
            outln!(
                "best {best}  score {}  depth {}",
                result.score,
                result.depth
            )?;
        }
        if let Some(text) = explained {
            outln!("{text}")?;
        }
    }
    if args.threat {
        threat(&mut engine, &board, &limits, &control, json)?;
    }
    Ok(())
}

/// The opponent's best line if the side to move passed, and what it would win.
fn threat(
    engine: &mut Engine,
    board: &Board,
    limits: &Limits,
    control: &Control,
    json: bool,
) -> Result<()> {
    engine.new_game();
    engine.set_lines(1);
    // The book knows positions reached in play, not the ones a pass makes.
    engine.set_book(damier_engine::BookChoice::None);
    let input = SearchInput::threat(board);
    let r = engine.search(&input, limits, Style::default(), control, &mut Silent);
    let threat = ThreatReport::new(&input.board, &r);
    if json {
        outln!("{}", json!({ "threat": threat }))?;
    } else {
        outln!("{threat}")?;
    }
    Ok(())
}

/// The search time when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_secs(5);

/// The first Ctrl-C stops the search, which then prints its best move; a second one ends the
/// program at once.
fn stop_on_interrupt(control: &Arc<Control>) {
    let control = Arc::clone(control);
    crate::interrupt::on_first_press(move || control.stop());
}
