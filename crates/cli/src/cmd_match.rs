//! `damier match`: two engines over a set of openings, colours reversed, with the score, an
//! Elo estimate and the games as PDN.

use crate::log_lines::LogLines;
use crate::output::{outln, usage, UsageContext};
use anyhow::{bail, Context, Result};
use clap::Args;
use damier_core::Variant;
use damier_egdb::Damage;
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{replace_file, time_text, TimeControl};
use damier_match::sprt::{Decision, Pairs, Sprt};
use damier_match::{
    endings, from_spec, openings, run_match, GameRecord, MatchConfig, PlayerError, Tally,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Arguments of `damier match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: String,
    /// First player: damier[:level=N,depth=N,nodes=N,time=S,threads=N,hash=MB,eval=E,egdb=DIR,name=X,
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
    #[arg(long, default_value_t = 400)]
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

fn record_json(r: &GameRecord) -> serde_json::Value {
    let result = r.game.result();
    json!({
        "game": r.number,
        "white": r.white,
        "black": r.black,
        "opening": r.opening,
        "result": result.map(|x| x.describe()),
        "first_player_points": r.first_player_points(),
        "plies": r.game.plies().len(),
    })
}

pub fn run(args: &MatchArgs) -> Result<()> {
    let variant: Variant = args.variant.parse().usage_context(|| "--variant".into())?;
    if args.games == 0 || args.games > 100_000 {
        usage!("--games must be between 1 and 100000, got {}", args.games);
    }
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
        max_plies: args.max_plies.max(1),
        stop: Some(Arc::clone(&stop)),
        ..MatchConfig::default()
    };
    // Check both specifications before playing anything: a spec that cannot be read is a
    // mistake in the command line; an engine that will not start is a failure.
    for (option, spec) in [("--first", &args.first), ("--second", &args.second)] {
        match from_spec(spec).and_then(|mut player| player.new_game(variant)) {
            Ok(()) => {}
            Err(e @ PlayerError::Spec { .. }) => usage!("{option}: {e}"),
            Err(e) => return Err(e.into()),
        }
    }
    let set = match (&args.fen, &args.openings) {
        // One opening, read as a line of an --openings file is.
        (Some(text), _) => {
            openings::from_text(variant, text).usage_context(|| format!("--fen \"{text}\""))?
        }
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .usage_context(|| format!("--openings {}", path.display()))?;
            openings::from_text(variant, &text)
                .usage_context(|| format!("--openings {}", path.display()))?
        }
        (None, None) => openings::default_set(variant, args.games.div_ceil(2).min(200), args.seed),
    };
    if set.is_empty() {
        bail!("no opening could be made for {variant}");
    }
    let first = || from_spec(&args.first);
    let second = || from_spec(&args.second);
    let bar = (!args.json).then(|| {
        let bar = ProgressBar::new(args.games as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}]")
                .expect("the template is valid"),
        );
        bar
    });
    let json = args.json;
    // A closed pipe stops the printing, not the match: the games still reach --pdn, and the
    // error is returned at the end.
    let mut written: std::io::Result<()> = Ok(());
    let mut log = LogLines::new();
    let mut pairs = Pairs::default();
    let mut decision = None;
    // Each damaged file told once, when a player first meets it: its handle keeps the
    // damage, so every later game of that player reports it again.
    let mut damaged: Vec<Damaged> = Vec::new();
    let mut progress = |r: &GameRecord, t: &Tally| {
        let mut met = Vec::new();
        for (player, damage) in &r.egdb_damage {
            if damaged.iter().any(|d| d.damage.file == damage.file) {
                continue;
            }
            let d = Damaged {
                player: player.clone(),
                game: r.number,
                damage: damage.clone(),
            };
            let line = format!("damier: warning: {}", d.describe());
            match &bar {
                Some(bar) => bar.suspend(|| crate::output::tell!("{line}")),
                None => crate::output::tell!("{line}"),
            }
            met.push(d.json());
            damaged.push(d);
        }
        if json && written.is_ok() {
            let mut record = record_json(r);
            record["egdb_damage"] = met.into();
            written = outln!("{record}");
        }
        let mut test = String::new();
        if let Some(s) = &sprt {
            pairs.add(r.number, r.first_player_points());
            let llr = s.llr(&pairs.counts);
            let (lower, upper) = s.bounds();
            test = format!("  LLR {llr:.2} ({lower:.2}, {upper:.2})");
            decision = s.decide(llr);
        }
        let score = format!(
            "+{} ={} -{}  score {:.1}%{test}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        );
        if let Some(bar) = &bar {
            bar.inc(1);
            log.offer(false, || {
                format!("{}/{} games  {score}", t.games(), args.games)
            });
            bar.set_message(score);
        }
        decision.is_none()
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
    let mut tally = Tally::default();
    let mut pairs = Pairs::default();
    for r in &records {
        pairs.add(r.number, r.first_player_points());
        tally.add(r.first_player_points());
    }
    if let Some(path) = &args.pdn {
        let games: Vec<PdnGame> = records.iter().map(GameRecord::pdn).collect();
        let text = pdn::write(&games, &WriteOptions::default());
        replace_file(path, |file| file.write_all(text.as_bytes()))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    written?;
    let stopped = stop.load(Ordering::Relaxed);
    let elo = tally.elo();
    let names = (
        records.first().map_or(args.first.clone(), |r| {
            if r.first_is_white {
                r.white.clone()
            } else {
                r.black.clone()
            }
        }),
        records.first().map_or(args.second.clone(), |r| {
            if r.first_is_white {
                r.black.clone()
            } else {
                r.white.clone()
            }
        }),
    );
    // The test's figures over the games kept (a game that finished after the decision is
    // kept too: it was played, and it can only be counted once its pair is whole).
    let test = sprt.map(|s| {
        let llr = s.llr(&pairs.counts);
        let (lower, upper) = s.bounds();
        (s, llr, lower, upper, s.decide(llr))
    });
    if json {
        let sprt_json = test.map(|(s, llr, lower, upper, d)| {
            json!({
                "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                "llr": llr, "lower": lower, "upper": upper, "pairs": pairs.completed(),
                "pentanomial": pairs.counts,
                "result": match d {
                    Some(Decision::AcceptH1) => "H1",
                    Some(Decision::AcceptH0) => "H0",
                    None => "undecided",
                },
            })
        });
        outln!(
            "{}",
            json!({
                "egdb_damage": damaged.iter().map(Damaged::json).collect::<Vec<_>>(),
                "sprt": sprt_json,
                "first": names.0, "second": names.1, "games": tally.games(),
                "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
                "score": tally.score(),
                "elo": elo.map(|e| e.elo).filter(|e| e.is_finite()),
                "elo_margin": elo.map(|e| e.margin).filter(|e| e.is_finite()),
                "elo_bound": elo.map(|e| e.bound),
                "stopped": stopped,
            })
        )?;
    } else {
        outln!(
            "{} vs {}: +{} ={} -{} ({:.1} / {}, {:.1}%)",
            names.0,
            names.1,
            tally.wins,
            tally.draws,
            tally.losses,
            tally.points(),
            tally.games(),
            100.0 * tally.score()
        )?;
        let ended: Vec<String> = endings(&records)
            .into_iter()
            .map(|(how, n)| format!("{n} {how}"))
            .collect();
        if !ended.is_empty() {
            outln!("Games ended: {}", ended.join(", "))?;
        }
        match elo {
            Some(e) if e.elo.is_finite() => {
                // Rounded first, and -0 made +0, so that an even score reads "+0".
                let elo = e.elo.round() + 0.0;
                outln!("Elo difference: {elo:+.0} ± {:.0} (95%)", e.margin)?
            }
            Some(e) if e.elo > 0.0 => outln!(
                "Elo difference: at least {:+.0} (95%, a clean sweep)",
                e.bound
            )?,
            Some(e) => outln!(
                "Elo difference: at most {:+.0} (95%, a clean sweep)",
                e.bound
            )?,
            None => {}
        }
        if let Some((s, llr, lower, upper, d)) = test {
            let verdict = match d {
                Some(Decision::AcceptH1) => format!(
                    "H1 accepted: the first player is at least {:+} Elo stronger",
                    s.elo1
                ),
                Some(Decision::AcceptH0) => format!(
                    "H0 accepted: the first player is not {:+} Elo stronger",
                    s.elo1
                ),
                None if stopped => format!("undecided: stopped after {} games", tally.games()),
                None => format!(
                    "undecided after {} games (raise --games to go on)",
                    tally.games()
                ),
            };
            outln!(
                "SPRT elo0 {:+} elo1 {:+} alpha {} beta {}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}), {} pairs {:?}",
                s.elo0, s.elo1, s.alpha, s.beta, pairs.completed(), pairs.counts
            )?;
            outln!("{verdict}")?;
        } else if stopped {
            outln!("stopped after {} of {} games", tally.games(), args.games)?;
        }
        for d in &damaged {
            outln!("warning: {}", d.describe())?;
        }
    }
    Ok(())
}

/// A damaged endgame database file a player met, and in which game it first did.
struct Damaged {
    player: String,
    game: usize,
    damage: Damage,
}

impl Damaged {
    fn describe(&self) -> String {
        format!(
            "{} (from game {} on): {}",
            self.player,
            self.game,
            self.damage.warning()
        )
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "player": self.player,
            "game": self.game,
            "file": self.damage.file.display().to_string(),
            "reason": self.damage.reason,
        })
    }
}
