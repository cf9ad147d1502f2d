//! What a game is played with: who plays each side, the clock, and where it starts (a FEN, or
//! a game of a PDN file to continue; an English ballot opens a game through the game layer's
//! [`damier_game::ballot::open`]).

use damier_core::{Color, Variant};
use damier_egdb::Egdb;
use damier_engine::{BookChoice, EngineOptions, EvalChoice};
use damier_game::pdn::{self, PdnGame, VariantSource};
use damier_game::{Game, TimeControl, TimeoutPenalty};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub use damier_engine::Player;

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The PDN file could not be read.
    #[error("cannot read {path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The PDN file has fewer games than asked for.
    #[error("{path} has {count} game{}; there is no game {number}", if *count == 1 { "" } else { "s" })]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// Games in the file.
        count: usize,
        /// The game asked for.
        number: usize,
    },
    /// The game asked for is not valid PDN or breaks the rules.
    #[error("{path}")]
    Pdn {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: pdn::PdnError,
    },
    /// The game of the file is already over by the rules.
    #[error("game {number} of {path} is already over ({result}); nothing is left to play")]
    Finished {
        /// The file.
        path: PathBuf,
        /// The game.
        number: usize,
        /// How it ended.
        result: String,
    },
}

/// Everything a game of `damier play` is played with.
#[derive(Debug)]
pub struct PlayConfig {
    /// The game so far (start position and any moves already played).
    pub game: Game,
    /// Who plays White, then Black.
    pub players: [Player; 2],
    /// The clock.
    pub control: TimeControl,
    /// What a time-out costs (loss of turn only in giveaway forms).
    pub penalty: TimeoutPenalty,
    /// The side shown at the bottom of the board.
    pub bottom: Color,
    /// Engine threads and hash.
    pub engine: EngineOptions,
    /// The engine's evaluation.
    pub eval: EvalChoice,
    /// The engine's opening book (full-strength engines play from it).
    pub book: BookChoice,
    /// Endgame databases the engine probes.
    pub egdb: Option<Arc<Egdb>>,
    /// Search exactly this deep, ignoring levels' and clocks' time (reproducible games).
    pub depth: Option<i32>,
    /// Seed of the engine's style (noise and blunders of low levels).
    pub seed: u64,
    /// Tags to write when the game is saved (Event, White, Black, …).
    pub tags: Vec<(String, String)>,
    /// Save the game to this file when it ends, on quit and at the end of input. The session
    /// treats it as its own: written again as the game goes on.
    pub save_at_end: Option<PathBuf>,
    /// Set when the save at the end failed, for the caller to report after the game (the
    /// session is gone by then).
    pub save_failure: Arc<Mutex<Option<String>>>,
    /// Print every completed depth while the engine thinks, in line mode.
    pub show_thinking: bool,
    /// Lines to say after the opening line (the ballot drawn, the game continued).
    pub notes: Vec<String>,
}

impl PlayConfig {
    /// A game of `game` between `players` with no clock, White at the bottom unless a person
    /// plays only Black.
    pub fn new(game: Game, players: [Player; 2]) -> PlayConfig {
        let bottom = if players[1].is_human() && !players[0].is_human() {
            Color::Black
        } else {
            Color::White
        };
        PlayConfig {
            game,
            players,
            control: TimeControl::Unlimited,
            penalty: TimeoutPenalty::LossOfGame,
            bottom,
            engine: EngineOptions {
                threads: 1,
                hash_mb: 64,
            },
            eval: EvalChoice::Builtin,
            book: BookChoice::Builtin,
            egdb: None,
            depth: None,
            seed: 0,
            tags: Vec::new(),
            save_at_end: None,
            save_failure: Arc::default(),
            show_thinking: false,
            notes: Vec::new(),
        }
    }

    /// The player of a side.
    pub fn player(&self, color: Color) -> Player {
        self.players[color as usize]
    }
}

/// Game `number` (1-based) of the PDN text read from `path`, ready to play on, with its tags
/// and how its variant was found: a game without a `GameType` or `Variant` tag is read as
/// `first` if its moves fit, else as the first other variant they fit (as `damier pdn check`
/// reads it). A result recorded in the file that the rules did not reach is set aside: the game
/// goes on from its last position.
///
/// # Errors
/// [`SetupError`] when the game is missing, bad, or already over by the rules.
pub fn game_from_pdn(
    path: &std::path::Path,
    text: &str,
    number: usize,
    first: Variant,
) -> Result<PdnStart, SetupError> {
    let games = pdn::read_bytes_inferring(text.as_bytes(), first);
    let count = games.len();
    let (chosen, source) = number
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .ok_or(SetupError::NoSuchGame {
            path: path.to_path_buf(),
            count,
            number,
        })?;
    let record: PdnGame = chosen.map_err(|source| SetupError::Pdn {
        path: path.to_path_buf(),
        source,
    })?;
    let mut game = Game::from_board(record.start);
    for m in &record.main.moves {
        // A move refused here comes after an automatic draw the record played past.
        if game.play(&m.mv).is_err() {
            break;
        }
    }
    if let Some(result) = game.result() {
        return Err(SetupError::Finished {
            path: path.to_path_buf(),
            number,
            result: result.describe(),
        });
    }
    Ok(PdnStart {
        game,
        tags: record.tags,
        source,
    })
}

/// A game read from a PDN file to play on.
#[derive(Debug)]
pub struct PdnStart {
    /// The game, at its last position.
    pub game: Game,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// How its variant was found.
    pub source: VariantSource,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn continues_a_pdn_game_and_refuses_a_finished_one() {
        let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n\n\
                    [GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 *";
        let game = game_from_pdn(Path::new("a.pdn"), text, 1, Variant::INTERNATIONAL)
            .unwrap()
            .game;
        assert_eq!(game.plies().len(), 4);
        assert!(!game.is_over(), "the recorded 1-0 is set aside");
        let err = game_from_pdn(Path::new("a.pdn"), text, 2, Variant::INTERNATIONAL).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("game 2 of a.pdn is already over"),
            "{err}"
        );
        let err = game_from_pdn(Path::new("a.pdn"), text, 3, Variant::INTERNATIONAL).unwrap_err();
        assert_eq!(err.to_string(), "a.pdn has 2 games; there is no game 3");
        let err = game_from_pdn(Path::new("a.pdn"), text, 0, Variant::INTERNATIONAL).unwrap_err();
        assert_eq!(err.to_string(), "a.pdn has 2 games; there is no game 0");
    }

    /// An untagged English game (11-15 is no move of the 10x10 start) is read as English,
    /// as `pdn check` reads it; a tagged game keeps its tag.
    #[test]
    fn an_untagged_game_is_read_as_the_variant_its_moves_fit() {
        let text = "1. 11-15 23-18 2. 8-11 *";
        let PdnStart { game, source, .. } =
            game_from_pdn(Path::new("a.pdn"), text, 1, Variant::INTERNATIONAL).unwrap();
        assert_eq!(game.variant().to_string(), "english");
        assert!(
            matches!(source, VariantSource::Inferred { .. }),
            "{source:?}"
        );
        assert_eq!(game.plies().len(), 3);
        let russian: Variant = "russian".parse().unwrap();
        let game = game_from_pdn(Path::new("a.pdn"), "1. c3-d4 f6-g5 *", 1, russian)
            .unwrap()
            .game;
        assert_eq!(game.variant(), russian);
        let err = game_from_pdn(
            Path::new("a.pdn"),
            "[GameType \"20\"]\n1. 11-15 *",
            1,
            russian,
        )
        .unwrap_err();
        assert!(matches!(err, SetupError::Pdn { .. }), "{err}");
    }
}
