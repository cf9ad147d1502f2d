//! Who plays: Damier in this process at some setting, or any Hub engine started as a command.

use crate::hub_player::HubPlayer;
use damier_core::Variant;
use damier_egdb::Damage;
use damier_engine::{
    BookChoice, Control, Engine, EngineOptions, EvalChoice, Level, Limits, SearchInput, Silent,
    Style, Tuning, MAX_THREADS,
};
use damier_game::{AnyMove, Game};
use std::time::Duration;

/// Why a player could not move.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// An external engine could not be started, stopped answering or broke the protocol.
    #[error("{name}: {message}")]
    Engine {
        /// The player.
        name: String,
        /// What happened.
        message: String,
    },
    /// A player specification could not be read.
    #[error("player '{spec}': {message}")]
    Spec {
        /// The specification.
        spec: String,
        /// What was wrong.
        message: String,
    },
    /// The match was asked to stop before the game ended.
    #[error("the match was stopped")]
    Stopped,
}

/// A participant of a match.
pub trait Player: Send {
    /// A short name for tables and PDN tags.
    fn name(&self) -> &str;
    /// Get ready for a new game of `variant`.
    ///
    /// # Errors
    /// [`PlayerError`] if the player cannot play it.
    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError>;
    /// The move to play in `game`'s current position, within `clock` limits if the match
    /// has a clock.
    ///
    /// # Errors
    /// [`PlayerError`] if no move came.
    fn choose(&mut self, game: &Game, clock: Option<Limits>) -> Result<AnyMove, PlayerError>;
    /// The first damaged endgame database block the player's searches met, if any: they
    /// went on without it. Only a player probing databases in this process can tell.
    fn egdb_damage(&self) -> Option<Damage> {
        None
    }
}

/// Damier in this process.
pub struct EnginePlayer {
    name: String,
    engine: Engine,
    level: Option<Level>,
    fixed: Limits,
    seed: u64,
    /// Folder of endgame databases, opened for each game's variant.
    egdb_root: Option<std::path::PathBuf>,
}

impl EnginePlayer {
    /// Damier with a level (or full strength) and fixed limits per move (used when the
    /// match has no clock).
    ///
    /// # Errors
    /// [`PlayerError::Engine`] where the hash table cannot be made.
    pub fn new(
        name: String,
        level: Option<Level>,
        fixed: Limits,
        options: EngineOptions,
    ) -> Result<Self, PlayerError> {
        let engine = Engine::try_new(options).map_err(|e| PlayerError::Engine {
            name: name.clone(),
            message: e.to_string(),
        })?;
        Ok(EnginePlayer {
            name,
            engine,
            level,
            fixed,
            seed: 1,
            egdb_root: None,
        })
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError> {
        // Weights or a book of another variant are a mistake in the player's specification.
        if let EvalChoice::Weights(w) = self.engine.eval() {
            w.check_variant(variant).map_err(|e| PlayerError::Spec {
                spec: self.name.clone(),
                message: format!("eval: {e}"),
            })?;
        }
        if let BookChoice::File(b) = self.engine.book() {
            b.check_variant(variant).map_err(|e| PlayerError::Spec {
                spec: self.name.clone(),
                message: format!("book: {e}"),
            })?;
        }
        if let Some(root) = &self.egdb_root {
            if self.engine.egdb().is_none_or(|db| db.variant() != variant) {
                let db =
                    damier_egdb::Egdb::open(root, variant, damier_egdb::store::SEARCH_CACHE_MB)
                        .map_err(|e| PlayerError::Engine {
                            name: self.name.clone(),
                            message: format!("egdb: {e}"),
                        })?;
                self.engine.set_egdb(Some(std::sync::Arc::new(db)));
            }
        }
        self.engine.new_game();
        Ok(())
    }

    fn choose(&mut self, game: &Game, clock: Option<Limits>) -> Result<AnyMove, PlayerError> {
        let mut limits = clock.unwrap_or(self.fixed);
        if clock.is_some() {
            // A depth or node cap of the player still applies under a clock.
            limits.depth = self.fixed.depth;
            limits.nodes = self.fixed.nodes;
        }
        let mut style = Style::default();
        if let Some(level) = self.level {
            limits = level.limits(Some(limits));
            self.seed = self
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            style = Style::of_level(level, self.seed);
        }
        if !limits.is_bounded() {
            limits.move_time = Some(Duration::from_secs(1));
        }
        let input = SearchInput::from_game(game);
        let r = self
            .engine
            .search(&input, &limits, style, &Control::new(), &mut Silent);
        r.best.ok_or_else(|| PlayerError::Engine {
            name: self.name.clone(),
            message: "asked to move in a position without a legal move".into(),
        })
    }

    fn egdb_damage(&self) -> Option<Damage> {
        self.engine.egdb()?.damage().cloned()
    }
}

/// Read a player specification:
/// - `damier[:key=value,...]` with keys `level` (1–10), `depth`, `nodes`, `time` (seconds per
///   move), `threads`, `hash` (MiB), `eval` (`builtin`, `classic` or a weights file), `book`
///   (`builtin`, the default, `none` or a book file), `egdb` (a folder of endgame databases),
///   `name`;
/// - `hub:COMMAND ARGS...` for an external engine speaking Hub (`hub:dame hub`), optionally
///   `hub[name=X,hash=64]:COMMAND ...`;
/// - `dxp:HOST:PORT` for a 10x10 engine waiting as a DamExchange follower, optionally
///   `dxp[name=X,minutes=5]:HOST:PORT` (its thinking time per game; default: the match's
///   clock, in whole minutes).
///
/// # Errors
/// [`PlayerError::Spec`] saying what is wrong.
pub fn from_spec(spec: &str) -> Result<Box<dyn Player>, PlayerError> {
    from_spec_with(spec, &EvalChoice::Builtin)
}

/// [`from_spec`], with the evaluation of a Damier player that names none.
///
/// # Errors
/// [`PlayerError::Spec`] saying what is wrong.
pub fn from_spec_with(spec: &str, eval: &EvalChoice) -> Result<Box<dyn Player>, PlayerError> {
    let bad = |message: String| PlayerError::Spec {
        spec: spec.to_string(),
        message,
    };
    if let Some(rest) = spec.strip_prefix("dxp") {
        // dxp:HOST:PORT or dxp[name=X,minutes=M]:HOST:PORT
        let (options, address) = match rest.strip_prefix('[') {
            Some(r) => r
                .split_once("]:")
                .ok_or_else(|| bad("expected dxp[options]:HOST:PORT".into()))?,
            None => (
                "",
                rest.strip_prefix(':')
                    .ok_or_else(|| bad("expected dxp:HOST:PORT".into()))?,
            ),
        };
        if !address.contains(':') {
            return Err(bad(format!("'{address}' is not HOST:PORT")));
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
                            .ok_or_else(|| bad(format!("minutes must be 1 to 999, got '{v}'")))?,
                    )
                }
                _ => return Err(bad(format!("'{kv}' is not name=… or minutes=…"))),
            }
        }
        let name = name.unwrap_or_else(|| format!("dxp:{address}"));
        return Ok(Box::new(crate::dxp_player::DxpPlayer::new(
            name,
            address.to_string(),
            minutes,
        )));
    }
    if let Some(rest) = spec.strip_prefix("hub") {
        let (options, command) = match rest.strip_prefix('[') {
            Some(r) => r
                .split_once("]:")
                .ok_or_else(|| bad("expected hub[options]:COMMAND".into()))?,
            None => (
                "",
                rest.strip_prefix(':')
                    .ok_or_else(|| bad("expected hub:COMMAND".into()))?,
            ),
        };
        let mut name = None;
        let mut params = Vec::new();
        for kv in options.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| bad(format!("'{kv}' is not key=value")))?;
            if k == "name" {
                name = Some(v.to_string());
            } else {
                params.push((k.to_string(), v.to_string()));
            }
        }
        let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
        if words.is_empty() {
            return Err(bad("no command given".into()));
        }
        let name = name.unwrap_or_else(|| words[0].rsplit('/').next().unwrap_or("hub").to_string());
        return Ok(Box::new(HubPlayer::new(name, words, params)));
    }
    let rest = spec
        .strip_prefix("damier")
        .ok_or_else(|| bad("a player is damier[:options], hub:COMMAND or dxp:HOST:PORT".into()))?;
    let options = match rest {
        "" => "",
        r => r
            .strip_prefix(':')
            .ok_or_else(|| bad("options follow a ':'".into()))?,
    };
    let mut level = None;
    let mut fixed = Limits::default();
    let mut engine = EngineOptions {
        threads: 1,
        hash_mb: 32,
    };
    let mut name = None;
    let mut eval = eval.clone();
    let mut egdb = None;
    let mut book = BookChoice::Builtin;
    let mut tuning = Tuning::PLAY;
    for kv in options.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| bad(format!("'{kv}' is not key=value")))?;
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| bad(format!("{k}: expected a whole number, got '{v}'")))
        };
        // A whole number within `range`, or `out_of_range` as the error.
        let within = |range: std::ops::RangeInclusive<u64>, out_of_range: String| {
            Some(number(v)?)
                .filter(|n| range.contains(n))
                .ok_or_else(|| bad(out_of_range))
        };
        match k {
            "level" => level = Some(v.parse::<Level>().map_err(bad)?),
            // The ranges and wording of `analyze --depth`, `--nodes` and `--threads`.
            "depth" => {
                let most = Limits::MAX_DEPTH as u64;
                let d = within(
                    1..=most,
                    format!("depth must be between 1 and {most}, got {v}"),
                )?;
                fixed.depth = Some(d as i32)
            }
            "nodes" => {
                fixed.nodes = Some(
                    Some(number(v)?)
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| bad("nodes must be at least 1".into()))?,
                )
            }
            "time" => {
                let s: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e6)
                    .ok_or_else(|| bad(format!("time: expected seconds, got '{v}'")))?;
                fixed.move_time = Some(Duration::from_secs_f64(s));
            }
            "threads" => {
                let most = MAX_THREADS as u64;
                let t = within(
                    1..=most,
                    format!("threads must be between 1 and {most}, got {v}"),
                )?;
                engine.threads = t as usize
            }
            "hash" => {
                let most = damier_engine::tt::Table::MAX_MB as u64;
                let mb = within(
                    1..=most,
                    format!("hash: expected 1 to {most} MiB, got '{v}'"),
                )?;
                engine.hash_mb = mb as usize
            }
            "name" => name = Some(v.to_string()),
            "eval" => eval = EvalChoice::parse(v, None).map_err(|e| bad(format!("eval: {e}")))?,
            "egdb" => egdb = Some(std::path::PathBuf::from(v)),
            "book" => book = BookChoice::parse(v, None).map_err(|e| bad(format!("book: {e}")))?,
            // The search's tuned constants, so that a retune can be tested by a match
            // before it is built in.
            "lmr" => {
                tuning.lmr_divisor = v
                    .parse()
                    .ok()
                    .filter(|d| (1.0..=4.0).contains(d))
                    .ok_or_else(|| bad(format!("lmr: expected a divisor from 1 to 4, got '{v}'")))?
            }
            "aspiration" => {
                let w = within(
                    5..=200,
                    format!("aspiration: expected 5 to 200 hundredths, got '{v}'"),
                )?;
                tuning.aspiration = w as i32
            }
            "probcut" => {
                let m = within(
                    0..=100,
                    format!("probcut: expected 0 (off) to 100 hundredths a ply, got '{v}'"),
                )?;
                tuning.probcut = m as i32
            }
            other => return Err(bad(format!("unknown option '{other}'"))),
        }
    }
    let name = name.unwrap_or_else(|| {
        if options.is_empty() {
            "damier".to_string()
        } else {
            format!("damier:{options}")
        }
    });
    let mut player = EnginePlayer::new(name, level, fixed, engine)?;
    player.engine.set_eval(eval);
    player.engine.set_book(book);
    player.engine.set_tuning(tuning);
    player.egdb_root = egdb;
    Ok(Box::new(player))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_specifications() {
        assert_eq!(from_spec("damier").unwrap().name(), "damier");
        assert_eq!(
            from_spec("damier:book=none").unwrap().name(),
            "damier:book=none"
        );
        let err = from_spec("damier:book=/nonexistent.book").err().unwrap();
        assert!(err.to_string().contains("book: /nonexistent.book"), "{err}");
        assert_eq!(
            from_spec("damier:level=3").unwrap().name(),
            "damier:level=3"
        );
        assert_eq!(
            from_spec("damier:depth=4,name=shallow").unwrap().name(),
            "shallow"
        );
        assert_eq!(
            from_spec("damier:lmr=2.2,aspiration=15").unwrap().name(),
            "damier:lmr=2.2,aspiration=15"
        );
        assert_eq!(from_spec("hub:/usr/bin/scan hub").unwrap().name(), "scan");
        assert_eq!(from_spec("hub[name=dame]:dame hub").unwrap().name(), "dame");
        for bad in [
            "scan",
            "damier:level=11",
            "damier:depth=x",
            "damier:depth=0",
            "damier:depth=101",
            "damier:nodes=0",
            "damier:threads=0",
            "damier:threads=1000",
            "hub:",
            "damier:colour=red",
            "damier:eval=/nonexistent.weights",
            "damier:lmr=0.5",
            "damier:lmr=x",
            "damier:aspiration=1000",
            "damier:probcut=101",
            "damier:probcut=-1",
            "damier:hash=0",
        ] {
            assert!(from_spec(bad).is_err(), "{bad}");
        }
        let message = |spec: &str| from_spec(spec).err().map(|e| e.to_string());
        assert_eq!(
            message("damier:depth=0").as_deref(),
            Some("player 'damier:depth=0': depth must be between 1 and 100, got 0")
        );
        assert_eq!(
            message("damier:probcut=101").as_deref(),
            Some("player 'damier:probcut=101': probcut: expected 0 (off) to 100 hundredths a ply, got '101'")
        );
        assert!(from_spec("damier:probcut=0").is_ok());
        assert_eq!(
            message("damier:nodes=0").as_deref(),
            Some("player 'damier:nodes=0': nodes must be at least 1")
        );
    }
}
