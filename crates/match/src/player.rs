//! Who plays: Damier in this process at some setting, or any Hub engine started as a command.

use crate::spec::{DamierSpec, PlayerSpec, SpecError};
use damier_core::Variant;
use damier_egdb::Damage;
use damier_engine::{
    BookChoice, Control, Engine, EngineOptions, EvalChoice, Level, Limits, SearchInput, Silent,
    Style,
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
    /// A player specification could not be read, or names weights or a book of another
    /// variant than the game's.
    #[error(transparent)]
    Spec(#[from] SpecError),
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

    /// Damier as `spec` sets it.
    ///
    /// # Errors
    /// [`PlayerError::Engine`] where the hash table cannot be made.
    pub fn from_spec(spec: &DamierSpec) -> Result<Self, PlayerError> {
        let mut player =
            EnginePlayer::new(spec.name.clone(), spec.level, spec.limits, spec.engine)?;
        if let Some(eval) = &spec.eval {
            player.engine.set_eval(eval.clone());
        }
        player.engine.set_book(spec.book.clone());
        player.engine.set_tuning(spec.tuning);
        player.egdb_root = spec.egdb.clone();
        Ok(player)
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError> {
        // Weights or a book of another variant are a mistake in the player's specification.
        if let EvalChoice::Weights(w) = self.engine.eval() {
            w.check_variant(variant).map_err(|e| SpecError {
                spec: self.name.clone(),
                message: format!("eval: {e}"),
            })?;
        }
        if let BookChoice::File(b) = self.engine.book() {
            b.check_variant(variant).map_err(|e| SpecError {
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

/// Read a player specification ([`crate::spec`] gives the language) and start the player.
///
/// # Errors
/// [`PlayerError::Spec`] saying what is wrong with the text; [`PlayerError::Engine`] where
/// Damier's hash table cannot be made.
pub fn from_spec(spec: &str) -> Result<Box<dyn Player>, PlayerError> {
    spec.parse::<PlayerSpec>()?.start()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_the_player_a_specification_names() {
        assert_eq!(
            from_spec("damier:depth=4,name=shallow").unwrap().name(),
            "shallow"
        );
        assert_eq!(from_spec("hub:/usr/bin/scan hub").unwrap().name(), "scan");
        let err = from_spec("damier:nodes=0").err().unwrap();
        assert!(matches!(err, PlayerError::Spec(_)), "{err}");
        assert_eq!(
            err.to_string(),
            "player 'damier:nodes=0': nodes must be at least 1, got 0"
        );
    }

    #[test]
    fn weights_of_another_variant_are_a_mistake_in_the_specification() {
        let english =
            damier_engine::eval::learned::builtin(Variant::new(damier_core::Base::English))
                .unwrap();
        let mut player = EnginePlayer::new(
            "p".into(),
            None,
            Limits::default(),
            EngineOptions {
                threads: 1,
                hash_mb: 1,
            },
        )
        .unwrap();
        player.engine.set_eval(EvalChoice::Weights(english));
        assert!(player
            .new_game(Variant::new(damier_core::Base::English))
            .is_ok());
        let err = player.new_game(Variant::INTERNATIONAL).err().unwrap();
        assert!(matches!(err, PlayerError::Spec(_)), "{err}");
    }
}
