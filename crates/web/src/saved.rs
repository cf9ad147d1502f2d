//! [`SavedGame`]: a session as the storage keeps it — the game and its clock, who plays each
//! side, the tokens, the tags — and its rebuilding after a restart. What a session knows only
//! while it runs (a search under way, the evaluations for the graph) is not kept: the engine
//! starts again on its turn, and the graph fills in again when asked.

use crate::session::{real_time_source, Player, Seats, Session};
use damier_engine::Level;
use damier_game::{RecordError, TimedGame, TimedRecord};
use serde::{Deserialize, Serialize};

/// The version of [`SavedGame`]'s layout; a record of another is refused, not misread.
pub const FORMAT: u32 = 1;

/// A session's version is kept only when it enters another block of this many: a change
/// only clients see (an analysis line) bumps the version and must not write the game each
/// time, yet a rebuilt game must start above every version a client saw
/// ([`rebuilt_version`]).
pub const VERSION_BLOCK: u64 = 1000;

/// The block of `version`: a record is written again when it changes.
pub fn version_block(version: u64) -> u64 {
    version / VERSION_BLOCK
}

/// The version of a game rebuilt from a record kept at version `kept`. The game was written
/// whenever its version entered a new block, so every version a client saw lies in the kept
/// one's block or the next (the few changes between two writes are far fewer than a block):
/// starting two blocks on is above them all, and clients waiting on the old server see the
/// rebuilt game as a change.
pub fn rebuilt_version(kept: u64) -> u64 {
    (version_block(kept) + 2) * VERSION_BLOCK
}

/// Who plays a side, as kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SavedPlayer {
    /// A person.
    Human,
    /// The engine at a level (1–10).
    Engine {
        /// The level.
        level: u8,
    },
}

/// A session as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`FORMAT`].
    pub format: u32,
    /// Game id.
    pub id: String,
    /// The game and its clock.
    pub play: TimedRecord,
    /// White's player, then Black's.
    pub players: [SavedPlayer; 2],
    /// The creator's token.
    pub master: String,
    /// Each human side's token.
    pub sides: [Option<String>; 2],
    /// PDN tags.
    pub tags: Vec<(String, String)>,
    /// The seed of the engine's choices.
    pub seed: u64,
    /// Engine help allowed between two people.
    pub casual: bool,
    /// The engine's answer to a draw offer.
    pub draw_answer: Option<String>,
    /// Engine-against-engine play paused by the creator.
    #[serde(default)]
    pub paused: bool,
    /// The version when written: the record is written again whenever the version enters
    /// another [`VERSION_BLOCK`].
    pub version: u64,
}

/// Why a kept game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The record is not JSON of the expected shape.
    #[error("unreadable record: {0}")]
    Json(#[from] serde_json::Error),
    /// Written by another layout.
    #[error("record format {0}, this server reads {FORMAT}")]
    Format(u32),
    /// A level out of range.
    #[error("no engine level {0}")]
    Level(u8),
    /// The game does not replay.
    #[error(transparent)]
    Game(#[from] RecordError),
}

impl Session {
    /// The session as kept.
    pub fn saved(&self) -> SavedGame {
        let player = |p: Player| match p {
            Player::Human => SavedPlayer::Human,
            Player::Engine(level) => SavedPlayer::Engine {
                level: level.number(),
            },
        };
        SavedGame {
            format: FORMAT,
            id: self.id.clone(),
            play: self.play.record(),
            players: self.players.map(player),
            master: self.seats.master.clone(),
            sides: self.seats.side.clone(),
            tags: self.tags.clone(),
            seed: self.seed,
            casual: self.casual,
            draw_answer: self.draw_answer.clone(),
            paused: self.paused,
            version: self.version,
        }
    }

    /// Rebuild a kept session from its JSON. Its version moves past every one clients may
    /// have seen ([`rebuilt_version`]).
    ///
    /// # Errors
    /// [`LoadError`] saying what does not fit.
    pub fn from_saved_json(json: &str) -> Result<Session, LoadError> {
        let saved: SavedGame = serde_json::from_str(json)?;
        if saved.format != FORMAT {
            return Err(LoadError::Format(saved.format));
        }
        let player = |p: SavedPlayer| match p {
            SavedPlayer::Human => Ok(Player::Human),
            SavedPlayer::Engine { level } => Level::new(level)
                .map(Player::Engine)
                .ok_or(LoadError::Level(level)),
        };
        let players = [player(saved.players[0])?, player(saved.players[1])?];
        let play = TimedGame::from_record(&saved.play, real_time_source())?;
        let mut session = Session::new(
            saved.id,
            play,
            players,
            Seats {
                master: saved.master,
                side: saved.sides,
            },
            saved.tags,
            saved.seed,
        );
        session.casual = saved.casual;
        session.draw_answer = saved.draw_answer;
        session.paused = saved.paused;
        session.version = rebuilt_version(saved.version);
        Ok(session)
    }
}
