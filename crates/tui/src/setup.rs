//! What a game is played with: who plays each side, the clock, and where it starts (a FEN, or
//! a game of a PDN file to continue; an English ballot opens a game through the game layer's
//! [`damier_game::ballot::open`]).

use damier_core::{Color, Variant};
use damier_egdb::Egdb;
use damier_engine::{BookChoice, EngineOptions, EvalChoice, Level};
use damier_game::pdn::{self, PdnGame, VariantSource};
use damier_game::pdn_pick::{numbered, NoSuchGame};
use damier_game::{Game, SideChoice, TimeControl, TimeoutPenalty};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, Mutex};

pub use damier_engine::Player;

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The PDN file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why (told, not returned as the source: the message says it already).
        error: std::io::Error,
    },
    /// The PDN file has fewer games than asked for.
    #[error(transparent)]
    NoSuchGame(#[from] NoSuchGame),
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

/// Whom the person at the keyboard plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The engine, on the other side.
    Engine,
    /// Another person at the same keyboard.
    Human,
    /// Nobody: the engine plays both sides and the person watches.
    Itself,
}

/// An opponent's name that is neither `engine` nor `human`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the opponent must be engine or human, got '{0}'")]
pub struct UnknownOpponent(pub String);

impl FromStr for Opponent {
    type Err = UnknownOpponent;

    /// `engine` (`damier`, `computer`) or `human` (`person`, `friend`), in any case. The
    /// engine playing itself is asked for otherwise (`--watch`), not named.
    fn from_str(text: &str) -> Result<Opponent, UnknownOpponent> {
        match text.to_ascii_lowercase().as_str() {
            "engine" | "damier" | "computer" => Ok(Opponent::Engine),
            "human" | "person" | "friend" => Ok(Opponent::Human),
            _ => Err(UnknownOpponent(text.to_string())),
        }
    }
}

/// Who sits at each side, as a player asks: the opponent, the engine's levels, the side taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Whom the person plays.
    pub opponent: Opponent,
    /// The engine's level; White's then Black's when it plays itself. None given: the
    /// default level, or full strength when `depth` is set.
    pub levels: Vec<Level>,
    /// A fixed search depth, if any.
    pub depth: Option<i32>,
    /// The person's side against the engine (default: the side to move); otherwise only the
    /// side shown at the bottom of the board.
    pub side: Option<SideChoice>,
}

/// More levels than engines to give them to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a level is given once (twice when the engine plays itself: White's, then Black's), got {0}"
)]
pub struct TooManyLevels(pub usize);

impl Seating {
    /// `game` set up for these seats: its players, and the side at the bottom. `seed` draws a
    /// random side.
    ///
    /// # Errors
    /// [`TooManyLevels`] for two levels without the engine playing itself, or more than two.
    pub fn config(&self, game: Game, seed: u64) -> Result<PlayConfig, TooManyLevels> {
        let given = self.levels.len();
        if given > 2 || (given == 2 && self.opponent != Opponent::Itself) {
            return Err(TooManyLevels(given));
        }
        // A depth asked for alone is searched at full strength: a level's noise and slips
        // would make "Damier at depth 3" something else.
        let unstated = match self.depth {
            Some(_) => Level::new(Level::MAX).unwrap_or(Level::DEFAULT),
            None => Level::DEFAULT,
        };
        let level = |i: usize| {
            let chosen = self.levels.get(i).or(self.levels.first());
            Player::Engine(chosen.copied().unwrap_or(unstated))
        };
        let side = self.side.map(|s| s.color(seed));
        let players = match self.opponent {
            Opponent::Itself => [level(0), level(1)],
            Opponent::Human => [Player::Human; 2],
            Opponent::Engine => match side.unwrap_or(game.side_to_move()) {
                Color::White => [Player::Human, level(0)],
                Color::Black => [level(0), Player::Human],
            },
        };
        let mut config = PlayConfig::new(game, players);
        // Against the engine the person's side is already at the bottom.
        if let (Some(bottom), false) = (side, self.opponent == Opponent::Engine) {
            config.bottom = bottom;
        }
        Ok(config)
    }
}

/// Game `number` (1-based) of the PDN file at `path`, as [`game_from_pdn`] reads it.
///
/// # Errors
/// [`SetupError::Io`] when the file cannot be read, and [`game_from_pdn`]'s.
pub fn open_pdn_game(path: &Path, number: usize, first: Variant) -> Result<PdnStart, SetupError> {
    let bytes = std::fs::read(path).map_err(|error| SetupError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    game_from_pdn(path, bytes, number, first)
}

/// Game `number` (1-based) of the PDN text read from `path` (UTF-8, or else Latin-1, as the
/// game layer reads PDN bytes), ready to play on, with its tags and how its variant was found:
/// a game without a `GameType` or `Variant` tag is read as `first` if its moves fit, else as
/// the first other variant they fit (as `damier pdn check` reads it). A result recorded in the
/// file that the rules did not reach is set aside: the game goes on from its last position.
///
/// # Errors
/// [`SetupError`] when the game is missing, bad, or already over by the rules.
pub fn game_from_pdn(
    path: &Path,
    text: impl AsRef<[u8]>,
    number: usize,
    first: Variant,
) -> Result<PdnStart, SetupError> {
    let games = pdn::read_bytes_inferring(text.as_ref(), first);
    let (chosen, source) = numbered(games, number, path)?;
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

impl PdnStart {
    /// What to say before play: the variant the moves were read as, when the file did not
    /// name it and it is not `asked`; and where game `number` of `path` goes on.
    pub fn notes(&self, path: &Path, number: usize, asked: Variant) -> Vec<String> {
        let mut notes = Vec::new();
        let variant = self.game.variant();
        if matches!(self.source, VariantSource::Inferred { .. }) && variant != asked {
            notes.push(format!(
                "Game {number} has no GameType tag and its moves are not {asked}'s: read as \
                 {variant}."
            ));
        }
        // Plies, as PDN counts them; a "move" of the notation is a pair of them.
        let plies = self.game.plies().len();
        notes.push(format!(
            "Continuing game {number} of {} after {plies} {} (move {}, {} to play).",
            path.display(),
            if plies == 1 { "ply" } else { "plies" },
            plies / 2 + 1,
            self.game.position().side().title()
        ));
        notes
    }
}

/// Why a game could not be saved to the file named for it.
#[derive(Debug, thiserror::Error)]
pub enum SavePathError {
    /// The file is there already: a session never replaces a file it did not write.
    #[error("{0} already exists; name a new file (an existing one is never replaced)")]
    Exists(PathBuf),
    /// The file cannot be made (no such folder, no permission).
    #[error("cannot write {path}")]
    Unwritable {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Whether a game can be saved at `path` ([`PlayConfig::save_at_end`]), found before the game
/// rather than at its end: a new file in a folder that can be written.
///
/// # Errors
/// [`SavePathError`] when it cannot.
pub fn check_save_path(path: &Path) -> Result<(), SavePathError> {
    if path.exists() {
        return Err(SavePathError::Exists(path.to_path_buf()));
    }
    let unwritable = |source| SavePathError::Unwritable {
        path: path.to_path_buf(),
        source,
    };
    // Make the file and take it away again: proves the folder is there and writable.
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(unwritable)?;
    std::fs::remove_file(path).map_err(unwritable)
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

    #[test]
    fn a_pdn_file_is_read_as_the_game_layer_reads_pdn_bytes() {
        let path = std::env::temp_dir().join(format!("damier-setup-{}.pdn", std::process::id()));
        // Latin-1, as older Windows programs write it: "Zoé" keeps its letter.
        let mut bytes = b"[GameType \"20\"]\n[White \"Zo".to_vec();
        bytes.extend(b"\xe9\"]\n1. 32-28 19-23 *");
        std::fs::write(&path, &bytes).unwrap();
        let start = open_pdn_game(&path, 1, Variant::INTERNATIONAL);
        std::fs::remove_file(&path).unwrap();
        let start = start.unwrap();
        assert_eq!(start.game.plies().len(), 2);
        assert!(
            start
                .tags
                .contains(&("White".to_string(), "Zoé".to_string())),
            "{:?}",
            start.tags
        );
        let missing = Path::new("/nonexistent/damier.pdn");
        let err = open_pdn_game(missing, 1, Variant::INTERNATIONAL).unwrap_err();
        assert!(matches!(err, SetupError::Io { .. }), "{err}");
        assert!(
            err.to_string().starts_with("/nonexistent/damier.pdn: "),
            "{err}"
        );
        assert!(std::error::Error::source(&err).is_none(), "told once");
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

    fn seating(opponent: Opponent, levels: &[u8], side: Option<&str>) -> Seating {
        Seating {
            opponent,
            levels: levels.iter().map(|&l| Level::new(l).unwrap()).collect(),
            depth: None,
            side: side.map(|s| s.parse().unwrap()),
        }
    }

    #[test]
    fn seats_follow_the_opponent_the_side_and_the_levels() {
        let game = || Game::new(Variant::INTERNATIONAL);
        let three = Player::Engine(Level::new(3).unwrap());
        let config = seating(Opponent::Engine, &[3], Some("black"))
            .config(game(), 0)
            .unwrap();
        assert_eq!(config.players, [three, Player::Human]);
        assert_eq!(config.bottom, Color::Black);
        // Odd seed: a random side is Black.
        let config = seating(Opponent::Engine, &[], Some("random"))
            .config(game(), 1)
            .unwrap();
        assert_eq!(
            config.players,
            [Player::Engine(Level::DEFAULT), Player::Human]
        );
        let config = seating(Opponent::Itself, &[3, 5], Some("b"))
            .config(game(), 0)
            .unwrap();
        assert_eq!(
            config.players,
            [three, Player::Engine(Level::new(5).unwrap())]
        );
        assert_eq!(config.bottom, Color::Black, "--side turns the board");
        let config = seating(Opponent::Human, &[], None)
            .config(game(), 0)
            .unwrap();
        assert_eq!(config.players, [Player::Human; 2]);
        let mut deep = seating(Opponent::Itself, &[], None);
        deep.depth = Some(3);
        let full = Player::Engine(Level::new(Level::MAX).unwrap());
        assert_eq!(deep.config(game(), 0).unwrap().players, [full; 2]);
        let err = seating(Opponent::Engine, &[3, 5], None)
            .config(game(), 0)
            .unwrap_err();
        assert_eq!(err, TooManyLevels(2));
        assert!(seating(Opponent::Itself, &[1, 2, 3], None)
            .config(game(), 0)
            .is_err());
    }

    #[test]
    fn opponents_are_read_by_their_names() {
        assert_eq!("Computer".parse(), Ok(Opponent::Engine));
        assert_eq!("friend".parse(), Ok(Opponent::Human));
        assert_eq!(
            "cat".parse::<Opponent>().unwrap_err().to_string(),
            "the opponent must be engine or human, got 'cat'"
        );
    }

    #[test]
    fn notes_say_where_a_pdn_game_goes_on_and_how_it_was_read() {
        let path = Path::new("a.pdn");
        let start = game_from_pdn(path, "1. 11-15 *", 1, Variant::INTERNATIONAL).unwrap();
        assert_eq!(
            start.notes(path, 1, Variant::INTERNATIONAL),
            [
                "Game 1 has no GameType tag and its moves are not international's: read as \
                 english.",
                "Continuing game 1 of a.pdn after 1 ply (move 1, White to play)."
            ]
        );
        let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *";
        let start = game_from_pdn(path, text, 1, Variant::INTERNATIONAL).unwrap();
        assert_eq!(
            start.notes(path, 1, Variant::INTERNATIONAL),
            ["Continuing game 1 of a.pdn after 3 plies (move 2, Black to play)."]
        );
    }

    #[test]
    fn a_save_path_must_be_new_and_writable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pdn");
        check_save_path(&path).unwrap();
        assert!(!path.exists(), "the trial file is taken away");
        std::fs::write(&path, "kept").unwrap();
        let err = check_save_path(&path).unwrap_err();
        assert!(matches!(err, SavePathError::Exists(_)), "{err}");
        assert!(err
            .to_string()
            .ends_with("already exists; name a new file (an existing one is never replaced)"));
        let err = check_save_path(&dir.path().join("no/such/folder.pdn")).unwrap_err();
        assert!(matches!(err, SavePathError::Unwritable { .. }), "{err}");
    }
}
