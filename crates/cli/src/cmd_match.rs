//! `damier match`: two engines over a set of openings, colours reversed, with the score, an
//! Elo estimate and the games as PDN.

use crate::log_lines::LogLines;
use crate::output::{outln, usage, Usage, UsageContext};
use crate::variant_arg::VariantArg;
use anyhow::{Context, Result};
use clap::Args;
use damier_game::{replace_file, time_text, TimeControl};
use damier_match::sprt::Sprt;
use damier_match::{
    openings_for, run_match, runner, GameRecord, MatchConfig, OpeningSource, OpeningsError,
    PlayerError, PlayerSpec, Report, Tally,
};
use serde_json::json;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Arguments of `damier match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// First player: damier[:level=N,depth=N,nodes=N,time=S,threads=N,hash=MB,eval=E,book=B,egdb=DIR,name=X,
    /// lmr=DIVISOR,aspiration=N,probcut=N] (the last three tune the search, to test a retune) or
    /// hub[name=X,...]:COMMAND ARGS (an engine speaking Hub).
    #[arg(long, default_value = "damier")]
    first: String,
    /// Second player, as --first.
    #[arg(long, default_value = "damier:level=5")]
    second: String,
    /// Games to play (an even number keeps colours balanced); with --sprt, the most to play.
    #[arg(long, short = 'n', default_value_t = 20)]
    games: usize,
    /// Sequential probability ratio test: ELO0,ELO1[,ALPHA,BETA] (default 0.05 each). The
    /// match stops as soon as the games show the first player is ELO1 stronger (H1) or at
    /// most ELO0 (H0); games count in pairs of one opening with colours reversed.
    #[arg(long, allow_hyphen_values = true)]
    sprt: Option<String>,
    /// Time control, as `damier play --clock`: `none` (players use their own per-move
    /// limits), `10s+0.1s` (base and increment; bare numbers are minutes+seconds), `40/2m`
    /// (moves in a time, repeated), `move:1s/200ms` (per move, and for a forced capture).
    #[arg(long, default_value = "none", allow_hyphen_values = true)]
    tc: String,
    /// Openings: one FEN or move list per line (default: the three-move ballots for English,
    /// balanced random openings otherwise).
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Start every game from this position (PDN FEN), colours reversed in turn, instead of
    /// the opening set.
    #[arg(long, conflicts_with = "openings")]
    fen: Option<String>,
    /// Seed for the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Plies after the opening before a game is adjudicated a draw.
    #[arg(long, default_value_t = MatchConfig::default().max_plies)]
    max_plies: usize,
    /// Write the games to this PDN file.
    #[arg(long)]
    pdn: Option<std::path::PathBuf>,
    /// One JSON object per game and a summary, instead of the progress bar.
    #[arg(long)]
    json: bool,
}

/// `--tc`, in the syntax of every command (`damier_game::time_text`).
fn parse_tc(text: &str) -> Result<TimeControl> {
    time_text::parse_control(text).usage_context(|| "--tc".to_string())
}

pub fn run(args: &MatchArgs) -> Result<()> {
    let variant = args.variant.variant;
    runner::check_games(args.games).map_err(Usage::from)?;
    crate::output::check_threads("--concurrency", args.concurrency)?;
    let sprt: Option<Sprt> = match &args.sprt {
        Some(text) => match text.parse() {
            Ok(s) => Some(s),
            // The error names the option and the text already.
            Err(e) => usage!("{e}"),
        },
        None => None,
    };
    // The first Ctrl-C ends the match after the moves under way, keeping the finished
    // games (score, test and PDN); a second one quits at once.
    let stop = crate::interrupt::stop_flag("stopping after the moves under way");
    let config = MatchConfig {
        time: parse_tc(&args.tc)?,
        max_plies: args.max_plies,
        stop: Some(Arc::clone(&stop)),
        ..MatchConfig::default()
    };
    config.check().map_err(Usage::from)?;
    // Check both specifications before playing anything: a spec that cannot be read is a
    // mistake in the command line; an engine that will not start is a failure.
    let mut players = Vec::new();
    for (option, text) in [("--first", &args.first), ("--second", &args.second)] {
        match PlayerSpec::checked(text, variant) {
            Ok(spec) => players.push(spec),
            Err(e @ PlayerError::Spec(_)) => usage!("{option}: {e}"),
            Err(e) => return Err(e.into()),
        }
    }
    let source = match (&args.fen, &args.openings) {
        (Some(text), _) => OpeningSource::Text(text),
        (None, Some(path)) => OpeningSource::File(path),
        (None, None) => OpeningSource::Default,
    };
    let set = match openings_for(variant, source, args.games, args.seed) {
        Err(e @ OpeningsError::Text { .. }) => usage!("--fen {e}"),
        Err(e @ OpeningsError::File { .. }) => usage!("--openings {e}"),
        other => other?,
    };
    let first = || players[0].start();
    let second = || players[1].start();
    let bar = (!args.json).then(|| {
        crate::output::bar(
            args.games as u64,
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed}]",
        )
    });
    let json = args.json;
    // A closed pipe stops the printing, not the match: the games still reach --pdn.
    let mut out = crate::output::Sink::new();
    let log = LogLines::new();
    let mut report = Report::new(sprt);
    let mut progress = |r: &GameRecord, _: &Tally| {
        let first_met = report.add(r);
        for d in first_met {
            let line = format!("damier: warning: {}", d.describe());
            match &bar {
                Some(bar) => bar.suspend(|| crate::output::tell!("{line}")),
                None => crate::output::tell!("{line}"),
            }
        }
        if json {
            out.write(|| outln!("{}", json!(r.line(first_met))));
        }
        if let Some(bar) = &bar {
            let score = report.score_line();
            bar.inc(1);
            log.offer(false, || report.progress_line(args.games));
            bar.set_message(score);
        }
        !report.decided()
    };
    let records = run_match(
        &first,
        &second,
        &set,
        args.games,
        &config,
        args.concurrency,
        &mut progress,
    )?;
    if let Some(bar) = bar {
        bar.finish();
    }
    if let Some(path) = &args.pdn {
        let text = runner::games_pdn(&records);
        replace_file(path, |file| file.write_all(text.as_bytes()))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    out.done()?;
    let stopped = stop.load(Ordering::Relaxed);
    let summary = report.summary((players[0].name(), players[1].name()), args.games, stopped);
    if json {
        outln!("{}", json!(summary))?;
    } else {
        for line in summary.lines() {
            outln!("{line}")?;
        }
    }
    Ok(())
}
