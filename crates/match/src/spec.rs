//! The player-specification language of `damier match`, `egdb playout` and the tools that
//! start players: read into a [`PlayerSpec`] (checked, nothing started), then
//! [`PlayerSpec::start`]ed as often as a match needs a fresh player.
//!
//! - `damier[:key=value,...]` with keys `level` (1–10), `depth`, `nodes`, `time` (seconds per
//!   move), `threads`, `hash` (MiB), `eval` (`builtin`, `classic` or a weights file), `book`
//!   (`builtin`, the default, `none` or a book file), `egdb` (a folder of endgame databases),
//!   `name`, and the search's tuned constants `lmr`, `aspiration`, `probcut` (to test a retune
//!   by a match before it is built in);
//! - `hub:COMMAND ARGS...` for an external engine speaking Hub (`hub:dame hub`), optionally
//!   `hub[name=X,hash=64]:COMMAND ...` (`move-time`, `depth` and `nodes` are sent as the
//!   `level` of each move when the match has no clock; every other key but `name` is sent as
//!   a Hub parameter);
//! - `dxp:HOST:PORT` for a 10x10 engine waiting as a DamExchange follower, optionally
//!   `dxp[name=X,minutes=5]:HOST:PORT` (its thinking time per game; default: the match's
//!   clock, in whole minutes).

use crate::dxp_player::DxpPlayer;
use crate::hub_player::HubPlayer;
use crate::player::{EnginePlayer, Player, PlayerError};
use damier_engine::setting::{self, SettingError};
use damier_engine::{BookChoice, EngineOptions, EvalChoice, Level, Limits, Tuning};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// A player specification that could not be read: the text and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player '{spec}': {message}")]
pub struct SpecError {
    /// The specification as given.
    pub spec: String,
    /// What was wrong.
    pub message: String,
}

/// A player as a specification names it, read and checked; [`PlayerSpec::start`] makes one.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// Damier in this process.
    Damier(DamierSpec),
    /// An engine started as a command, speaking Hub.
    Hub(HubSpec),
    /// A 10x10 engine waiting as a DamExchange follower.
    Dxp(DxpSpec),
}

/// Damier at some setting.
#[derive(Clone, Debug)]
pub struct DamierSpec {
    /// The name in tables and PDN tags: `name=`, or the specification itself.
    pub name: String,
    /// A playing level (weaker play), or full strength.
    pub level: Option<Level>,
    /// Limits of each move when the match has no clock (a depth or node cap applies under a
    /// clock too).
    pub limits: Limits,
    /// Threads and hash table.
    pub engine: EngineOptions,
    /// The evaluation: `None` leaves the engine's default (the compiled-in weights).
    pub eval: Option<EvalChoice>,
    /// The opening book.
    pub book: BookChoice,
    /// A folder of endgame databases, opened for each game's variant.
    pub egdb: Option<PathBuf>,
    /// The search's tuned constants.
    pub tuning: Tuning,
}

/// An engine speaking Hub.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubSpec {
    /// The name in tables and PDN tags: `name=`, or the command's file name.
    pub name: String,
    /// The command and its arguments.
    pub command: Vec<String>,
    /// Hub parameters sent before the first game.
    pub params: Vec<(String, String)>,
}

/// A DamExchange follower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpSpec {
    /// The name in tables and PDN tags: `name=`, or `dxp:HOST:PORT`.
    pub name: String,
    /// `HOST:PORT`.
    pub address: String,
    /// Its thinking time a game, in minutes; `None`: the match's clock.
    pub minutes: Option<u16>,
}

impl PlayerSpec {
    /// The player's name in tables and PDN tags.
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Damier(d) => &d.name,
            PlayerSpec::Hub(h) => &h.name,
            PlayerSpec::Dxp(x) => &x.name,
        }
    }

    /// Damier's settings, when the player is Damier in this process (the only player that
    /// can be pointed at a folder of endgame databases, or given weights).
    pub fn damier_mut(&mut self) -> Option<&mut DamierSpec> {
        match self {
            PlayerSpec::Damier(d) => Some(d),
            _ => None,
        }
    }

    /// A fresh player: an engine made, or a command or address kept until the first game.
    ///
    /// # Errors
    /// [`PlayerError::Engine`] where Damier's hash table cannot be made.
    pub fn start(&self) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match self {
            PlayerSpec::Damier(d) => Box::new(EnginePlayer::from_spec(d)?),
            PlayerSpec::Hub(h) => Box::new(HubPlayer::new(
                h.name.clone(),
                h.command.clone(),
                h.params.clone(),
            )),
            PlayerSpec::Dxp(x) => {
                Box::new(DxpPlayer::new(x.name.clone(), x.address.clone(), x.minutes))
            }
        })
    }
}

impl PlayerSpec {
    /// The player `text` names, read and started once for a game of `variant`, so that a
    /// match refuses a player before it plays anything.
    ///
    /// # Errors
    /// [`PlayerError::Spec`] for a specification that cannot be read or names files of
    /// another variant; the player's own error for one that will not start.
    pub fn checked(text: &str, variant: damier_core::Variant) -> Result<PlayerSpec, PlayerError> {
        let spec: PlayerSpec = text.parse()?;
        spec.start()?.new_game(variant)?;
        Ok(spec)
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, SpecError> {
        let bad = |message: String| SpecError {
            spec: spec.to_string(),
            message,
        };
        if let Some(rest) = spec.strip_prefix("dxp") {
            let (options, address) = options_and_rest(rest, "dxp", "HOST:PORT").map_err(bad)?;
            return read_dxp(options, address).map(PlayerSpec::Dxp).map_err(bad);
        }
        if let Some(rest) = spec.strip_prefix("hub") {
            let (options, command) = options_and_rest(rest, "hub", "COMMAND").map_err(bad)?;
            return read_hub(options, command).map(PlayerSpec::Hub).map_err(bad);
        }
        let rest = spec.strip_prefix("damier").ok_or_else(|| {
            bad("a player is damier[:options], hub:COMMAND or dxp:HOST:PORT".into())
        })?;
        let options = match rest {
            "" => "",
            r => r
                .strip_prefix(':')
                .ok_or_else(|| bad("options follow a ':'".into()))?,
        };
        read_damier(options).map(PlayerSpec::Damier).map_err(bad)
    }
}

/// `[options]:REST` or `:REST` after a player kind's word.
fn options_and_rest<'a>(
    rest: &'a str,
    kind: &str,
    what: &str,
) -> Result<(&'a str, &'a str), String> {
    match rest.strip_prefix('[') {
        Some(r) => r
            .split_once("]:")
            .ok_or_else(|| format!("expected {kind}[options]:{what}")),
        None => Ok((
            "",
            rest.strip_prefix(':')
                .ok_or_else(|| format!("expected {kind}:{what}"))?,
        )),
    }
}

/// The `key=value` pairs of a comma-separated option list.
fn pairs(options: &str) -> impl Iterator<Item = Result<(&str, &str), String>> {
    options
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|kv| kv.split_once('=').ok_or(format!("'{kv}' is not key=value")))
}

fn read_dxp(options: &str, address: &str) -> Result<DxpSpec, String> {
    if !address.contains(':') {
        return Err(format!("'{address}' is not HOST:PORT"));
    }
    let mut name = None;
    let mut minutes = None;
    for kv in options.split(',').filter(|s| !s.is_empty()) {
        match kv.split_once('=') {
            Some(("name", v)) => name = Some(v.to_string()),
            Some(("minutes", v)) => {
                minutes = Some(
                    v.parse::<u16>()
                        .ok()
                        .filter(|m| (1..=999).contains(m))
                        .ok_or_else(|| format!("minutes must be 1 to 999, got '{v}'"))?,
                )
            }
            _ => return Err(format!("'{kv}' is not name=… or minutes=…")),
        }
    }
    Ok(DxpSpec {
        name: name.unwrap_or_else(|| format!("dxp:{address}")),
        address: address.to_string(),
        minutes,
    })
}

fn read_hub(options: &str, command: &str) -> Result<HubSpec, String> {
    let mut name = None;
    let mut params = Vec::new();
    for kv in pairs(options) {
        match kv? {
            ("name", v) => name = Some(v.to_string()),
            (k, v) => params.push((k.to_string(), v.to_string())),
        }
    }
    let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    let Some(program) = command.first() else {
        return Err("no command given".into());
    };
    Ok(HubSpec {
        name: name.unwrap_or_else(|| program.rsplit('/').next().unwrap_or("hub").to_string()),
        command,
        params,
    })
}

fn read_damier(options: &str) -> Result<DamierSpec, String> {
    let mut spec = DamierSpec {
        name: if options.is_empty() {
            "damier".to_string()
        } else {
            format!("damier:{options}")
        },
        level: None,
        limits: Limits::default(),
        engine: EngineOptions {
            threads: 1,
            hash_mb: 32,
        },
        eval: None,
        book: BookChoice::Builtin,
        egdb: None,
        tuning: Tuning::PLAY,
    };
    for kv in pairs(options) {
        let (k, v) = kv?;
        let number = || {
            v.parse::<u64>()
                .map_err(|_| format!("{k}: expected a whole number, got '{v}'"))
        };
        // A whole number within `range`, or `out_of_range` as the error.
        let within = |range: std::ops::RangeInclusive<u64>, out_of_range: String| {
            Some(number()?)
                .filter(|n| range.contains(n))
                .ok_or(out_of_range)
        };
        // The engine's ranges and words (those of `analyze --depth`, `--nodes`, `--threads`),
        // naming the value as written.
        let engine_range = |e: SettingError| {
            SettingError {
                got: v.to_string(),
                ..e
            }
            .to_string()
        };
        match k {
            "level" => spec.level = Some(v.parse::<Level>().map_err(|e| e.to_string())?),
            "depth" => {
                let d = i32::try_from(number()?).unwrap_or(i32::MAX);
                setting::depth(d).map_err(engine_range)?;
                spec.limits.depth = Some(d)
            }
            "nodes" => {
                let n = number()?;
                setting::nodes(n).map_err(engine_range)?;
                spec.limits.nodes = Some(n)
            }
            "time" => {
                let s: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e6)
                    .ok_or_else(|| format!("time: expected seconds, got '{v}'"))?;
                spec.limits.move_time = Some(Duration::from_secs_f64(s));
            }
            "threads" => {
                let t = usize::try_from(number()?).unwrap_or(usize::MAX);
                setting::threads(t).map_err(engine_range)?;
                spec.engine.threads = t
            }
            "hash" => {
                let most = damier_engine::tt::Table::MAX_MB as u64;
                let mb = within(
                    1..=most,
                    format!("hash: expected 1 to {most} MiB, got '{v}'"),
                )?;
                spec.engine.hash_mb = mb as usize
            }
            "name" => spec.name = v.to_string(),
            "eval" => {
                spec.eval = Some(EvalChoice::parse(v, None).map_err(|e| format!("eval: {e}"))?)
            }
            "egdb" => spec.egdb = Some(PathBuf::from(v)),
            "book" => spec.book = BookChoice::parse(v, None).map_err(|e| format!("book: {e}"))?,
            "lmr" => {
                spec.tuning.lmr_divisor = v
                    .parse()
                    .ok()
                    .filter(|d| (1.0..=4.0).contains(d))
                    .ok_or_else(|| format!("lmr: expected a divisor from 1 to 4, got '{v}'"))?
            }
            "aspiration" => {
                let w = within(
                    5..=200,
                    format!("aspiration: expected 5 to 200 hundredths, got '{v}'"),
                )?;
                spec.tuning.aspiration = w as i32
            }
            "probcut" => {
                let m = within(
                    0..=100,
                    format!("probcut: expected 0 (off) to 100 hundredths a ply, got '{v}'"),
                )?;
                spec.tuning.probcut = m as i32
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checked_player_is_read_and_started_for_the_variant() {
        let variant = damier_core::Variant::INTERNATIONAL;
        let spec = PlayerSpec::checked("damier:depth=2,name=quick", variant).unwrap();
        assert_eq!(spec.name(), "quick");
        let unread = PlayerSpec::checked("stockfish", variant).unwrap_err();
        assert!(matches!(unread, PlayerError::Spec(_)), "{unread}");
        let gone = PlayerSpec::checked("hub:/no/such/engine", variant).unwrap_err();
        assert!(matches!(gone, PlayerError::Engine { .. }), "{gone}");
    }

    fn read(spec: &str) -> Result<PlayerSpec, SpecError> {
        spec.parse()
    }

    #[test]
    fn reads_the_three_kinds() {
        assert_eq!(read("damier").unwrap().name(), "damier");
        assert_eq!(read("damier:book=none").unwrap().name(), "damier:book=none");
        assert_eq!(read("damier:level=3").unwrap().name(), "damier:level=3");
        let Ok(PlayerSpec::Damier(d)) = read("damier:depth=4,nodes=900,threads=2,name=shallow")
        else {
            panic!("a damier player")
        };
        assert_eq!(d.name, "shallow");
        assert_eq!((d.limits.depth, d.limits.nodes), (Some(4), Some(900)));
        assert_eq!(d.engine.threads, 2);
        let Ok(PlayerSpec::Damier(d)) = read("damier:lmr=2.2,aspiration=15,probcut=0") else {
            panic!("a damier player")
        };
        assert_eq!(d.name, "damier:lmr=2.2,aspiration=15,probcut=0");
        assert_eq!(
            (d.tuning.lmr_divisor, d.tuning.aspiration, d.tuning.probcut),
            (2.2, 15, 0)
        );

        let Ok(PlayerSpec::Hub(h)) = read("hub[name=dame,hash=64]:/usr/bin/dame hub") else {
            panic!("a hub player")
        };
        assert_eq!(h.name, "dame");
        assert_eq!(h.command, ["/usr/bin/dame", "hub"]);
        assert_eq!(h.params, [("hash".to_string(), "64".to_string())]);
        assert_eq!(read("hub:/usr/bin/scan hub").unwrap().name(), "scan");

        let Ok(PlayerSpec::Dxp(x)) = read("dxp[minutes=5]:localhost:27531") else {
            panic!("a dxp player")
        };
        assert_eq!(
            x,
            DxpSpec {
                name: "dxp:localhost:27531".into(),
                address: "localhost:27531".into(),
                minutes: Some(5),
            }
        );
    }

    #[test]
    fn only_damier_takes_damier_settings() {
        let mut spec = read("damier:nodes=10").unwrap();
        spec.damier_mut().unwrap().egdb = Some(PathBuf::from("/tmp/x"));
        assert!(matches!(&spec, PlayerSpec::Damier(d) if d.egdb.is_some()));
        assert!(read("hub:scan hub").unwrap().damier_mut().is_none());
        assert!(read("dxp:h:1").unwrap().damier_mut().is_none());
    }

    #[test]
    fn says_what_is_wrong() {
        for bad in [
            "scan",
            "damier:level=11",
            "damier:depth=x",
            "damier:depth=101",
            "damier:threads=0",
            "damier:threads=1000",
            "hub:",
            "hub[name=x:scan",
            "hub[nokey]:scan",
            "dxp:nohost",
            "dxp[minutes=0]:h:1",
            "dxp[colour=red]:h:1",
            "damierx",
            "damier:colour=red",
            "damier:eval=/nonexistent.weights",
            "damier:lmr=0.5",
            "damier:lmr=x",
            "damier:aspiration=1000",
            "damier:probcut=-1",
            "damier:hash=0",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let message = |spec: &str| read(spec).err().map(|e| e.to_string());
        assert_eq!(
            message("damier:depth=0").as_deref(),
            Some("player 'damier:depth=0': depth must be between 1 and 100, got 0")
        );
        assert_eq!(
            message("damier:probcut=101").as_deref(),
            Some("player 'damier:probcut=101': probcut: expected 0 (off) to 100 hundredths a ply, got '101'")
        );
        assert_eq!(
            message("damier:nodes=0").as_deref(),
            Some("player 'damier:nodes=0': nodes must be at least 1, got 0")
        );
        assert_eq!(
            message("hub:").as_deref(),
            Some("player 'hub:': no command given")
        );
        let err = read("damier:book=/nonexistent.book").err().unwrap();
        assert!(err.to_string().contains("book: /nonexistent.book"), "{err}");
    }
}
