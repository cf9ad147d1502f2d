//! `damier match`: two engines over a set of openings, colours reversed, with the score, an
//! Elo estimate and the games as PDN.

use anyhow::{bail, Context, Result};
use clap::Args;
use damier_core::Variant;
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::TimeControl;
use damier_match::{from_spec, openings, run_match, GameRecord, MatchConfig, Tally};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::time::Duration;

/// Arguments of `damier match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: String,
    /// First player: damier[:level=N,depth=N,nodes=N,time=S,threads=N,hash=MB,name=X] or
    /// hub[name=X,...]:COMMAND ARGS (an engine speaking Hub).
    #[arg(long, default_value = "damier")]
    first: String,
    /// Second player, as --first.
    #[arg(long, default_value = "damier:level=5")]
    second: String,
    /// Games to play (an even number keeps colours balanced).
    #[arg(long, short = 'n', default_value_t = 20)]
    games: usize,
    /// Time control: `none` (players use their own per-move limits), `M/T` (M moves in T
    /// seconds, repeating), `T+I` (T seconds and I more per move), `move=S` (S seconds a
    /// move, optionally `,capture=S2` when the only move is a capture).
    #[arg(long, default_value = "none")]
    tc: String,
    /// Openings: one FEN or move list per line (default: the three-move ballots for English,
    /// balanced random openings otherwise).
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
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

fn parse_tc(text: &str) -> Result<TimeControl> {
    let secs = |s: &str| -> Result<Duration> {
        let v: f64 = s
            .trim()
            .parse()
            .with_context(|| format!("--tc: '{s}' is not a number of seconds"))?;
        if !(v.is_finite() && v > 0.0 && v < 1e7) {
            bail!("--tc: {v} seconds is out of range");
        }
        Ok(Duration::from_secs_f64(v))
    };
    if text == "none" {
        return Ok(TimeControl::Unlimited);
    }
    if let Some(rest) = text.strip_prefix("move=") {
        let (time, capture) = match rest.split_once(",capture=") {
            Some((t, c)) => (secs(t)?, secs(c)?),
            None => (secs(rest)?, secs(rest)?),
        };
        return Ok(TimeControl::PerMove {
            time,
            forced_capture: capture,
        });
    }
    if let Some((m, t)) = text.split_once('/') {
        let moves: u32 = m
            .parse()
            .ok()
            .filter(|&m| m > 0)
            .with_context(|| format!("--tc: '{m}' is not a number of moves"))?;
        return Ok(TimeControl::MovesIn {
            moves,
            time: secs(t)?,
        });
    }
    if let Some((t, i)) = text.split_once('+') {
        return Ok(TimeControl::Fischer {
            base: secs(t)?,
            increment: Duration::from_secs_f64(
                i.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .with_context(|| format!("--tc: '{i}' is not an increment"))?,
            ),
        });
    }
    bail!("--tc: expected none, M/T, T+I or move=S, got '{text}'")
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
    let variant: Variant = args.variant.parse()?;
    if args.games == 0 || args.games > 100_000 {
        bail!("--games must be between 1 and 100000, got {}", args.games);
    }
    let config = MatchConfig {
        time: parse_tc(&args.tc)?,
        max_plies: args.max_plies.max(1),
        ..MatchConfig::default()
    };
    // Check both specifications before playing anything.
    drop(from_spec(&args.first)?);
    drop(from_spec(&args.second)?);
    let set = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            openings::from_text(variant, &text)?
        }
        None => openings::default_set(variant, args.games.div_ceil(2).min(200), args.seed),
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
    let mut progress = |r: &GameRecord, t: &Tally| {
        if json {
            println!("{}", record_json(r));
        }
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "+{} ={} -{}  score {:.1}%",
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score()
            ));
            bar.inc(1);
        }
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
    for r in &records {
        tally.add(r.first_player_points());
    }
    if let Some(path) = &args.pdn {
        let games: Vec<PdnGame> = records
            .iter()
            .map(|r| {
                let tags = [
                    ("Event", "Damier match".to_string()),
                    ("Round", r.number.to_string()),
                    ("White", r.white.clone()),
                    ("Black", r.black.clone()),
                    ("Opening", r.opening.clone()),
                ];
                let tags: Vec<(String, String)> =
                    tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
                PdnGame::from_game(&r.game, &tags)
            })
            .collect();
        std::fs::write(path, pdn::write(&games, &WriteOptions::default()))
            .with_context(|| format!("writing {}", path.display()))?;
    }
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
    if json {
        println!(
            "{}",
            json!({
                "first": names.0, "second": names.1, "games": tally.games(),
                "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
                "score": tally.score(),
                "elo": elo.map(|e| e.elo).filter(|e| e.is_finite()),
                "elo_margin": elo.map(|e| e.margin).filter(|e| e.is_finite()),
                "elo_bound": elo.map(|e| e.bound),
            })
        );
    } else {
        println!(
            "{} vs {}: +{} ={} -{} ({:.1} / {}, {:.1}%)",
            names.0,
            names.1,
            tally.wins,
            tally.draws,
            tally.losses,
            tally.points(),
            tally.games(),
            100.0 * tally.score()
        );
        match elo {
            Some(e) if e.elo.is_finite() => {
                println!("Elo difference: {:+.0} ± {:.0} (95%)", e.elo, e.margin)
            }
            Some(e) if e.elo > 0.0 => {
                println!(
                    "Elo difference: at least {:+.0} (95%, a clean sweep)",
                    e.bound
                )
            }
            Some(e) => println!(
                "Elo difference: at most {:+.0} (95%, a clean sweep)",
                e.bound
            ),
            None => {}
        }
    }
    Ok(())
}
