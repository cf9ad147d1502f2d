//! [`SavedGame`]: a session as the storage keeps it — the game and its clock, who plays each
//! side, the tokens, the tags — and its rebuilding after a restart. What a session knows only
//! while it runs (a search under way, the evaluations for the graph) is not kept: the engine
//! starts again on its turn, and the graph fills in again when asked.

use crate::session::{real_time_source, Player, Seats, Session, TokenHash};
use crate::storage::unix_ms;
use damier_core::Color;
use damier_engine::Level;
use damier_game::{RecordError, TimedGame, TimedRecord};
use serde::{Deserialize, Serialize};

/// The version of [`SavedGame`]'s layout; a record of another is refused, not misread.
/// Format 1 kept the tokens themselves; 2 keeps their hashes (a format 1 record is read
/// and its tokens hashed).
pub const FORMAT: u32 = 2;

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
    /// The hash of the creator's token ([`TokenHash`]; format 1: the token).
    pub master: String,
    /// The hash of each human side's token (format 1: the tokens).
    pub sides: [Option<String>; 2],
    /// In a game for two screens, the side the creator plays (`white` or `black`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator_side: Option<String>,
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
    /// When the record was written (milliseconds since 1970): a turn running then has gone
    /// on running while the server was down, and a restart charges that time to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written_at_ms: Option<u64>,
}

/// Why a kept game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The record is not JSON of the expected shape.
    #[error("unreadable record: {0}")]
    Json(#[from] serde_json::Error),
    /// Written by another layout.
    #[error("record format {0}, this server reads 1 and {FORMAT}")]
    Format(u32),
    /// A level out of range.
    #[error("no engine level {0}")]
    Level(u8),
    /// A side that is neither white nor black.
    #[error("no side '{0}'")]
    Side(String),
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
            master: self.seats.master.0.clone(),
            sides: self.seats.side.clone().map(|h| h.map(|h| h.0)),
            creator_side: self.seats.creator_side.map(|c| c.name().to_string()),
            tags: self.tags.clone(),
            seed: self.seed,
            casual: self.casual,
            draw_answer: self.draw_answer.clone(),
            paused: self.paused,
            version: self.version,
            written_at_ms: Some(unix_ms()),
        }
    }

    /// Rebuild a kept session from its JSON. Its version moves past every one clients may
    /// have seen ([`rebuilt_version`]).
    ///
    /// # Errors
    /// [`LoadError`] saying what does not fit.
    pub fn from_saved_json(json: &str) -> Result<Session, LoadError> {
        let mut saved: SavedGame = serde_json::from_str(json)?;
        // The clock of the turn under way ran on while no server kept it (a player who
        // waited for the restart must not get that time back). A clock set back since the
        // write charges nothing.
        if let (Some(turn), Some(written), false) = (
            &mut saved.play.clock.turn,
            saved.written_at_ms,
            saved.paused,
        ) {
            let down = std::time::Duration::from_millis(unix_ms().saturating_sub(written));
            turn.used = turn.used.saturating_add(down);
        }
        let hash: fn(String) -> TokenHash = match saved.format {
            1 => |token| TokenHash::of(&token),
            FORMAT => TokenHash,
            other => return Err(LoadError::Format(other)),
        };
        let creator_side = match saved.creator_side.as_deref() {
            None => None,
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            Some(other) => return Err(LoadError::Side(other.to_string())),
        };
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
                master: hash(saved.master),
                side: saved.sides.map(|t| t.map(hash)),
                creator_side,
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
