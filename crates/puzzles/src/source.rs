//! Positions to look for puzzles in: the games of a PDN file, or self-play games in which the
//! engine plays with a player's errors (an evaluation noise and the odd second-best move), so
//! that shots arise as they do between people.

use crate::generate::Games;
use damier_core::Variant;
use damier_engine::setting::{self, SettingError};
use damier_engine::{
    Control, Engine, EngineOptions, EvalChoice, Limits, SearchInput, Silent, Style, Tuning,
};
use damier_game::pdn::PdnGame;
use damier_game::{Board, Game};
use damier_openings::{is_balanced, random_walk};
use std::path::{Path, PathBuf};

/// Where a generation looks for puzzles, with what was read of it.
pub enum GameSource {
    /// The games of a file.
    Recorded {
        /// Its games of the variant.
        games: Vec<PdnGame>,
        /// The file's name, for the puzzles' sources.
        name: String,
    },
    /// Self-play games with errors.
    SelfPlay {
        /// How many games at most.
        games: u64,
        /// Their seed.
        seed: u64,
    },
}

/// Why a generation has nowhere to look.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The file could not be read.
    #[error("{}: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
    /// The file holds no game of the variant that reads.
    #[error("{}: no {variant} game to look in", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
        /// The variant looked for.
        variant: Variant,
        /// Why each game was left out (`file.pdn: game 2: …`): what explains the refusal.
        left_out: Vec<String>,
    },
    /// A count of games out of range.
    #[error(transparent)]
    Setting(#[from] SettingError),
}

impl GameSource {
    /// The games of `variant` in the PDN file at `path`, and a line for each game left out
    /// (`file.pdn: game 2: …`), to be told rather than silently skipped.
    ///
    /// # Errors
    /// [`SourceError::Unreadable`], or [`SourceError::NoGame`] when no game is left.
    pub fn file(path: &Path, variant: Variant) -> Result<(GameSource, Vec<String>), SourceError> {
        let bytes = std::fs::read(path).map_err(|reason| SourceError::Unreadable {
            path: path.to_path_buf(),
            reason,
        })?;
        let (games, left_out) = games_of(&bytes, variant);
        let left_out = left_out
            .iter()
            .map(|why| format!("{}: {why}", path.display()))
            .collect();
        if games.is_empty() {
            return Err(SourceError::NoGame {
                path: path.to_path_buf(),
                variant,
                left_out,
            });
        }
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        Ok((GameSource::Recorded { games, name }, left_out))
    }

    /// `games` self-play games (at least one) from `seed`.
    ///
    /// # Errors
    /// [`SourceError::Setting`] for no game.
    pub fn self_play(games: u64, seed: u64) -> Result<GameSource, SourceError> {
        setting::require(games >= 1, "selfplay", "at least 1", games)?;
        Ok(GameSource::SelfPlay { games, seed })
    }

    /// The games, as [`crate::generate::generate`] takes them.
    pub fn games(&self) -> Games<'_> {
        match self {
            GameSource::Recorded { games, name } => Games::Recorded { games, name },
            GameSource::SelfPlay { games, seed } => Games::SelfPlay {
                games: *games,
                seed: *seed,
            },
        }
    }
}

/// The games of PDN bytes that are of `variant` (a game without a variant tag is read as
/// one), to look for puzzles in; and, for each game left out, why (numbered from 1: another
/// variant's, or one that does not read).
pub fn games_of(bytes: &[u8], variant: Variant) -> (Vec<PdnGame>, Vec<String>) {
    let mut games = Vec::new();
    let mut left_out = Vec::new();
    for (i, game) in damier_game::pdn::read_bytes(bytes, variant)
        .into_iter()
        .enumerate()
    {
        match game {
            Ok(g) if g.variant == variant => games.push(g),
            Ok(g) => left_out.push(format!(
                "game {}: {} is not {variant}, left out",
                i + 1,
                g.variant
            )),
            Err(e) => left_out.push(format!("{e} (left out)")),
        }
    }
    (games, left_out)
}

/// One game's positions and a name for each: where a puzzle came from.
pub struct GamePositions {
    /// The positions, each with its name (`selfplay 1/17, ply 23`).
    pub positions: Vec<(Board, String)>,
}

/// Plies from the start before a position is looked at: the opening's random walk, and the
/// first moves of a recorded game, are no place for a puzzle.
const SKIP_PLIES: usize = 8;

/// The positions of a recorded game (`name` names the game), after its opening plies.
pub fn from_pdn(game: &PdnGame, name: &str) -> GamePositions {
    let positions = game
        .positions()
        .into_iter()
        .enumerate()
        .skip(SKIP_PLIES)
        .map(|(ply, b)| (b, format!("{name}, ply {ply}")))
        .collect();
    GamePositions { positions }
}

/// Self-play games with errors, reproducible from a seed.
pub struct SelfPlay {
    variant: Variant,
    seed: u64,
    engine: Engine,
}

/// The most plies of a self-play game: later, most games are kings shuffling to a draw.
const MAX_PLIES: usize = 120;
/// Depth of the players' searches: a club player's sight.
const PLAYER_DEPTH: i32 = 5;

impl SelfPlay {
    /// Games of `variant` from `seed`.
    pub fn new(variant: Variant, seed: u64) -> SelfPlay {
        let mut engine = Engine::new(EngineOptions {
            threads: 1,
            hash_mb: 8,
        });
        // The hand-set evaluation and the first tuning, as the judge's: learned weights are
        // retrained and play's search retuned from time to time, and the same seed should
        // make the same games (and set) whatever they are.
        engine.set_eval(EvalChoice::Classic);
        engine.set_tuning(Tuning::FIRST);
        SelfPlay {
            variant,
            seed,
            engine,
        }
    }

    /// Game `i`: a random opening that a short search finds balanced, then both sides at a
    /// club player's depth with noise and the odd lesser move.
    pub fn game(&self, i: u64) -> GamePositions {
        let mut state = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i.wrapping_add(1);
        let mut next = |n: usize| {
            state = damier_core::rng::splitmix(state);
            (state % n as u64) as usize
        };
        self.engine.new_game();
        let plies = if self.variant.rules().board.size() == 8 {
            4
        } else {
            6
        };
        let mut game = Game::new(self.variant);
        for _ in 0..20 {
            let (walk, _) = random_walk(self.variant, plies, &mut next);
            let fit = !walk.is_over() && !walk.legal_moves().is_empty();
            if fit {
                game = walk;
                if is_balanced(&self.engine, &game, 4, 80) {
                    break;
                }
            }
        }
        let style = Style {
            noise: 25,
            blunder_percent: 5,
            seed: self.seed ^ (i << 20),
            ..Style::default()
        };
        let mut positions = Vec::new();
        while !game.is_over() && game.plies().len() < MAX_PLIES {
            let ply = game.plies().len();
            if ply >= SKIP_PLIES {
                positions.push((
                    *game.position(),
                    format!("selfplay {}/{i}, ply {ply}", self.seed),
                ));
            }
            let r = self.engine.search(
                &SearchInput::from_game(&game),
                &Limits::depth(PLAYER_DEPTH),
                Style {
                    seed: style.seed.wrapping_add(ply as u64),
                    ..style
                },
                &Control::new(),
                &mut Silent,
            );
            let Some(mv) = r.best else { break };
            if game.play(&mv).is_err() {
                break;
            }
        }
        GamePositions { positions }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_variants_games_are_kept_and_the_others_said() {
        let english: Variant = "english".parse().unwrap();
        let file = "[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
                    [GameType \"20\"]\n1. 32-28 19-23 *\n\n\
                    [GameType \"21\"]\n1. 11-15 23-27 *\n";
        let (games, left_out) = games_of(file.as_bytes(), english);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].main.moves.len(), 2);
        assert_eq!(left_out.len(), 2, "{left_out:?}");
        assert_eq!(
            left_out[0],
            "game 2: international is not english, left out"
        );
        assert!(
            left_out[1].ends_with("(left out)") && left_out[1].contains("23-27"),
            "{left_out:?}"
        );
    }

    #[test]
    fn a_source_is_a_file_with_games_of_the_variant_or_some_self_play() {
        let dir =
            std::env::temp_dir().join(format!("damier-puzzles-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("two.pdn");
        std::fs::write(
            &path,
            "[GameType \"20\"]\n1. 32-28 *\n\n[GameType \"21\"]\n1. 11-15 *\n",
        )
        .unwrap();
        let (source, left_out) = GameSource::file(&path, Variant::INTERNATIONAL).unwrap();
        assert!(
            matches!(source.games(), Games::Recorded { games, name } if games.len() == 1 && name == "two.pdn")
        );
        assert_eq!(
            left_out,
            [format!(
                "{}: game 2: english is not international, left out",
                path.display()
            )]
        );
        let english = "english".parse().unwrap();
        let mut only = std::fs::read_to_string(&path).unwrap();
        only.truncate(only.find("\n\n").unwrap());
        std::fs::write(&path, only).unwrap();
        let Err(e) = GameSource::file(&path, english) else {
            panic!("no english game")
        };
        assert_eq!(
            e.to_string(),
            format!("{}: no english game to look in", path.display())
        );
        // The refusal keeps why each game was left out: that is what explains it.
        let SourceError::NoGame { left_out, .. } = e else {
            panic!("{e}")
        };
        assert_eq!(
            left_out,
            [format!(
                "{}: game 1: international is not english, left out",
                path.display()
            )]
        );
        let Err(e) = GameSource::file(&dir.join("none.pdn"), english) else {
            panic!("no file")
        };
        assert!(matches!(e, SourceError::Unreadable { .. }), "{e}");
        assert!(matches!(
            GameSource::self_play(3, 7).unwrap().games(),
            Games::SelfPlay { games: 3, seed: 7 }
        ));
        let Err(SourceError::Setting(e)) = GameSource::self_play(0, 7) else {
            panic!("0 games")
        };
        assert_eq!(e.with_option(), "--selfplay must be at least 1, got 0");
    }
}
