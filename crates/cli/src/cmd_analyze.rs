//! `damier analyze`: search a position and print each completed depth.

use crate::engine_args::EngineArgs;
use crate::output::{outln, report, Usage};
use crate::PositionArgs;
use anyhow::Result;
use clap::Args;
use damier_engine::report::BestReport;
use damier_engine::{
    setting, Control, Engine, LineReport, SearchInfo, SearchInput, Style, ThreatLine,
};
use std::sync::Arc;

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
    #[command(flatten)]
    engine: EngineArgs,
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
    let input = SearchInput::from_game(&game);
    input.check_searchable()?;
    let limits = setting::analysis_limits(args.depth, args.nodes, args.time.as_deref())
        .map_err(Usage::from)?;
    let lines =
        setting::lines(args.multipv).map_err(|e| Usage(e.with_option_named("--multipv")))?;
    let setup = args.engine.setup(game.variant())?;
    let mut engine = Engine::try_new(setup.options).map_err(crate::hash_arg::refusal)?;
    engine.set_eval(setup.eval);
    engine.set_book(setup.book);
    engine.set_lines(lines);
    engine.set_egdb(setup.egdb.clone());
    for note in engine.notes(&game) {
        report(args.json, &note)?;
    }
    let control = Arc::new(Control::new());
    stop_on_interrupt(&control);
    let board = input.board;
    let json = args.json;
    let multi = args.multipv > 1;
    // A closed pipe stops the search: nobody reads on.
    let mut out = crate::output::Sink::new();
    let mut print = |info: &SearchInfo| {
        let report = LineReport::new(&board, info);
        let read = out.write(|| match json {
            true => crate::output::json_line(&report),
            false => outln!("{}", report.text(multi)),
        });
        if !read {
            control.stop();
        }
    };
    let result = engine.search(&input, &limits, Style::default(), &control, &mut print);
    out.done()?;
    crate::egdb_arg::warn_damage(setup.egdb.as_deref());
    report(json, &BestReport::new(&board, &result))?;
    if args.threat {
        let threat = engine.threat(&board, &limits, &control);
        report(json, &ThreatLine { threat })?;
    }
    Ok(())
}

/// The first Ctrl-C stops the search, which then prints its best move; a second one ends the
/// program at once.
fn stop_on_interrupt(control: &Arc<Control>) {
    let control = Arc::clone(control);
    crate::interrupt::on_first_press(move || control.stop());
}
