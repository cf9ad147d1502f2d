//! Making games from a client's request: a new game ([`NewGame`]: variant, FEN or ballot,
//! players, level, clock) or a game read from PDN ([`ImportGame`]).

use crate::error::ApiError;
use crate::ids;
use crate::notes::NoteLineOut;
use crate::session::real_time;
use crate::session::{Player, Seats, Session, Tokens};
use damier_core::{Color, Variant};
use damier_engine::Level;
use damier_game::ballot::{self, BallotChoice, Deck, UnknownDeck};
use damier_game::{pdn, Game, TimeControl, TimeoutPenalty};
use serde::Deserialize;
use std::time::Duration;

/// Who plays a side, as a client names it.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person.
    #[default]
    Human,
    /// The engine.
    Engine,
}

/// A side, as a client names it (`white` or `black`; serde refuses any other word).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<SideName> for Color {
    fn from(side: SideName) -> Color {
        match side {
            SideName::White => Color::White,
            SideName::Black => Color::Black,
        }
    }
}

/// A ballot opening (English and Pool).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BallotSpec {
    /// `two-move` or `three-move`.
    pub deck: String,
    /// The ballot's number; drawn at random when absent.
    #[serde(default)]
    pub number: Option<u16>,
}

/// A time control, as a client names it.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSpec {
    /// No clock. Braces, not a unit variant: serde ignores every other field of a unit
    /// variant, and an unknown field must be refused here as everywhere.
    None {},
    /// Sudden death with an increment.
    Fischer {
        /// Time for the game.
        base_ms: u64,
        /// Added after each move.
        #[serde(default)]
        increment_ms: u64,
    },
    /// `moves` moves in `time_ms`, repeated.
    MovesIn {
        /// Moves per period.
        moves: u32,
        /// Time per period.
        time_ms: u64,
    },
    /// A fixed time per move, shorter for a forced capture.
    PerMove {
        /// Time for a move.
        time_ms: u64,
        /// Time when the only move is a capture (default: the same).
        #[serde(default)]
        forced_capture_ms: Option<u64>,
    },
}

/// `POST /api/games`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// Variant id or alias (default `international`).
    #[serde(default)]
    pub variant: Option<String>,
    /// Start position (PDN FEN).
    #[serde(default)]
    pub fen: Option<String>,
    /// Open with a ballot instead (English, Pool).
    #[serde(default)]
    pub ballot: Option<BallotSpec>,
    /// Moves to play from the start position first.
    #[serde(default)]
    pub moves: Vec<String>,
    /// White's player (default human).
    #[serde(default)]
    pub white: PlayerKind,
    /// Black's player (default human).
    #[serde(default)]
    pub black: PlayerKind,
    /// The engine's level, 1–10 (default 5).
    #[serde(default)]
    pub level: Option<u8>,
    /// White engine's level, if it differs.
    #[serde(default)]
    pub white_level: Option<u8>,
    /// Black engine's level, if it differs.
    #[serde(default)]
    pub black_level: Option<u8>,
    /// The clock (default none).
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// `loss_of_game` (default) or `loss_of_turn` (giveaway).
    #[serde(default)]
    pub timeout_penalty: Option<String>,
    /// Whether two people playing each other may have engine moves and analysis during the
    /// game (`false`: they open when it ends). Default `true`, a board to analyse, as API
    /// clients make games; the page sends `false` for its two-people games unless both chose
    /// a casual game.
    #[serde(default)]
    pub casual: Option<bool>,
    /// A game for two screens between two people: the side the friend plays through the
    /// invitation link (`white` or `black`). The creator's token then acts for the other
    /// side only, and a takeback needs the other player's consent.
    #[serde(default)]
    pub friend: Option<SideName>,
}

/// `POST /api/games/import`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportGame {
    /// The PDN text.
    pub pdn: String,
    /// Variant tried first for a game without a `GameType` or `Variant` tag (default
    /// international); if its moves do not fit it, the first variant they fit.
    #[serde(default)]
    pub variant: Option<String>,
    /// Which game of the file (0-based, default 0).
    #[serde(default)]
    pub index: usize,
    /// White's player (default human).
    #[serde(default)]
    pub white: PlayerKind,
    /// Black's player (default human).
    #[serde(default)]
    pub black: PlayerKind,
    /// The engine's level.
    #[serde(default)]
    pub level: Option<u8>,
}

fn variant(name: Option<&str>) -> Result<Variant, ApiError> {
    match name {
        None => Ok(Variant::INTERNATIONAL),
        Some(n) => n.parse().map_err(|e| ApiError::Invalid(format!("{e}"))),
    }
}

fn level(n: Option<u8>, fallback: Level) -> Result<Level, ApiError> {
    match n {
        None => Ok(fallback),
        Some(n) => Level::new(n).ok_or_else(|| {
            ApiError::Invalid(format!("level must be 1 to {}, got {n}", Level::MAX))
        }),
    }
}

fn player(kind: PlayerKind, level: Level) -> Player {
    match kind {
        PlayerKind::Human => Player::Human,
        PlayerKind::Engine => Player::Engine(level),
    }
}

/// Longest clock accepted: a day.
const MAX_CLOCK: Duration = Duration::from_secs(24 * 3600);

fn duration(ms: u64, what: &str, zero_ok: bool) -> Result<Duration, ApiError> {
    let d = Duration::from_millis(ms);
    if (!zero_ok && ms == 0) || d > MAX_CLOCK {
        return Err(ApiError::Invalid(format!(
            "{what} must be {} 1 ms and 24 hours",
            if zero_ok { "between 0 and" } else { "between" }
        )));
    }
    Ok(d)
}

/// The time control a client asked for.
///
/// # Errors
/// [`ApiError::Invalid`] for times out of range.
pub fn control(spec: Option<&ClockSpec>) -> Result<TimeControl, ApiError> {
    Ok(match spec {
        None | Some(ClockSpec::None {}) => TimeControl::Unlimited,
        Some(ClockSpec::Fischer {
            base_ms,
            increment_ms,
        }) => TimeControl::Fischer {
            base: duration(*base_ms, "base_ms", false)?,
            increment: duration(*increment_ms, "increment_ms", true)?,
        },
        Some(ClockSpec::MovesIn { moves, time_ms }) => {
            if *moves == 0 || *moves > 1000 {
                return Err(ApiError::Invalid("moves must be 1 to 1000".into()));
            }
            TimeControl::MovesIn {
                moves: *moves,
                time: duration(*time_ms, "time_ms", false)?,
            }
        }
        Some(ClockSpec::PerMove {
            time_ms,
            forced_capture_ms,
        }) => TimeControl::PerMove {
            time: duration(*time_ms, "time_ms", false)?,
            forced_capture: duration(
                forced_capture_ms.unwrap_or(*time_ms),
                "forced_capture_ms",
                false,
            )?,
        },
    })
}

fn penalty(name: Option<&str>, variant: Variant) -> Result<TimeoutPenalty, ApiError> {
    let penalty = match name {
        None | Some("loss_of_game") => TimeoutPenalty::LossOfGame,
        Some("loss_of_turn") => TimeoutPenalty::LossOfTurn,
        Some(other) => {
            return Err(ApiError::Invalid(format!(
                "timeout_penalty must be loss_of_game or loss_of_turn, got '{other}'"
            )))
        }
    };
    penalty
        .in_variant(variant)
        .map_err(|e| ApiError::Invalid(format!("timeout_penalty: {e}")))
}

fn start_game(req: &NewGame, variant: Variant) -> Result<Game, ApiError> {
    let mut game = match (&req.fen, &req.ballot) {
        (Some(_), Some(_)) => {
            return Err(ApiError::Invalid("give a fen or a ballot, not both".into()))
        }
        (Some(fen), None) => {
            Game::from_fen(variant, fen).map_err(|e| ApiError::Invalid(format!("fen: {e}")))?
        }
        (None, Some(b)) => {
            // The API names the decks as the ballot list does: `two-move`, `three-move`.
            let deck: Deck = b
                .deck
                .parse()
                .map_err(|e: UnknownDeck| ApiError::Invalid(e.to_string()))?;
            let choice = BallotChoice::numbered_or_random(b.number, ids::seed());
            ballot::open(variant, deck, choice)
                .map_err(|e| ApiError::Invalid(e.to_string()))?
                .0
        }
        (None, None) => Game::new(variant),
    };
    for (i, m) in req.moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| ApiError::Invalid(format!("moves[{i}] '{m}': {e}")))?;
    }
    // A game must have a move to make: a position the rules have already ended (no piece, or
    // no move, for the side to move) is refused rather than created finished, as is one
    // where the side not to move has no piece left (lost whatever is played), and the same
    // after the moves asked for.
    let whose = if req.moves.is_empty() { "fen" } else { "moves" };
    let over = |why: String| {
        ApiError::Invalid(format!(
            "{whose}: the game is over in this position before it starts ({why})"
        ))
    };
    if let Some(result) = game.result() {
        return Err(over(result.describe_at(game.position())));
    }
    for side in [Color::White, Color::Black] {
        if game.position().pieces(side) == 0 {
            return Err(over(format!("{} has no piece", side.name())));
        }
    }
    Ok(game)
}

/// New tokens for a game of `players`, and the seats that keep their hashes.
fn seats(players: &[Player; 2], creator_side: Option<Color>) -> (Seats, Tokens) {
    let tokens = Tokens {
        master: ids::token(),
        side: players.map(|p| (p == Player::Human).then(ids::token)),
    };
    (Seats::of(&tokens, creator_side), tokens)
}

/// The side the creator keeps in a game for two screens, from the friend's side.
fn creator_side(
    friend: Option<SideName>,
    players: &[Player; 2],
) -> Result<Option<Color>, ApiError> {
    let Some(friend) = friend else {
        return Ok(None);
    };
    if players.iter().any(|p| *p != Player::Human) {
        return Err(ApiError::Invalid(
            "friend needs a game between two people (white and black human)".into(),
        ));
    }
    Ok(Some(Color::from(friend).opponent()))
}

fn players(
    white: PlayerKind,
    black: PlayerKind,
    level_all: Option<u8>,
    white_level: Option<u8>,
    black_level: Option<u8>,
) -> Result<[Player; 2], ApiError> {
    let all = level(level_all, Level::DEFAULT)?;
    Ok([
        player(white, level(white_level, all)?),
        player(black, level(black_level, all)?),
    ])
}

/// A session for a new game.
///
/// # Errors
/// [`ApiError::Invalid`] naming the field that is wrong.
pub fn new_session(req: &NewGame) -> Result<(Session, Tokens), ApiError> {
    let variant = variant(req.variant.as_deref())?;
    let game = start_game(req, variant)?;
    let players = players(
        req.white,
        req.black,
        req.level,
        req.white_level,
        req.black_level,
    )?;
    let play = real_time(
        game,
        control(req.clock.as_ref())?,
        penalty(req.timeout_penalty.as_deref(), variant)?,
    );
    let (seats, tokens) = seats(&players, creator_side(req.friend, &players)?);
    let mut session = Session::new(
        ids::game_id(),
        play,
        players,
        seats,
        Vec::new(),
        ids::seed(),
    );
    session.casual = req.casual.unwrap_or(true);
    Ok((session, tokens))
}

/// What the API's errors call the PDN it was sent.
const PDN_TEXT: &str = "the PDN text";

/// A session for a game read from PDN, how many games the file holds, and the game's
/// comments, marks and variations for the page.
///
/// # Errors
/// [`ApiError::Invalid`] with the reader's message (game, line, column) for a bad game.
pub fn import_session(req: &ImportGame) -> Result<Imported, ApiError> {
    let default = variant(req.variant.as_deref())?;
    // A game without a variant tag is read as the variant its moves fit, the page's first.
    let games = pdn::read_checked(req.pdn.as_bytes(), pdn::Untagged::Inferred(default));
    let count = games.len();
    let chosen = games.into_iter().nth(req.index).ok_or_else(|| {
        ApiError::Invalid(if count == 0 {
            pdn::NoGame(PDN_TEXT.into()).to_string()
        } else {
            format!(
                "{PDN_TEXT} holds {count} games; index {} is out of range",
                req.index
            )
        })
    })?;
    // What `damier pdn check` would say of it: how its variant was found, a recorded end
    // the rules contradict (the game still opens, to be studied), what reading left out.
    let mut read_notes = chosen.all_notes("the variant of the game on the board", Some(default));
    let pdn_game = chosen
        .game
        .map_err(|e| ApiError::Invalid(format!("PDN: {e}")))?;
    let game = pdn_game
        .to_game()
        .map_err(|e| ApiError::Invalid(format!("PDN: {e}")))?;
    let players = players(req.white, req.black, req.level, None, None)?;
    let play = real_time(game, TimeControl::Unlimited, TimeoutPenalty::LossOfGame);
    let (seats, tokens) = seats(&players, None);
    let tags = pdn_game.tags.clone();
    let mut session = Session::new(ids::game_id(), play, players, seats, tags, ids::seed());
    // A game read from a file is there to be studied: the engine may help.
    session.casual = true;
    let notes = crate::notes::tree(&pdn_game.start, &pdn_game.main);
    let dropped = crate::notes::dropped_nags(&pdn_game.main);
    if dropped > 0 {
        read_notes.push(format!(
            "{dropped} annotation glyph{} other than the move marks $1 to $6 left out",
            if dropped == 1 { "" } else { "s" }
        ));
    }
    Ok(Imported {
        session,
        tokens,
        games_in_file: count,
        notes,
        read_notes,
    })
}

/// `POST /api/pdn/games`: the games of a PDN file, to choose one before opening it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListGames {
    /// The PDN text.
    pub pdn: String,
    /// Variant tried first for a game without a variant tag, as for an import.
    #[serde(default)]
    pub variant: Option<String>,
}

/// One game of a PDN file, as a list of them shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameSummary {
    /// Its place in the file (the `index` to import it).
    pub index: usize,
    /// The players, event, date and result as its tags give them (`?` dropped).
    pub white: Option<String>,
    /// Black's player.
    pub black: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// The date.
    pub date: Option<String>,
    /// The result as PDN writes it.
    pub result: String,
    /// The variant it is read as.
    pub variant: Option<String>,
    /// Plies in its main line.
    pub plies: usize,
    /// Why it does not read, for a game that does not (it cannot be opened).
    pub error: Option<String>,
}

/// The games of a PDN file, each summed up (a game that does not read says why).
///
/// # Errors
/// [`ApiError::Invalid`] for an unknown variant, or a text without any game.
pub fn list_games(req: &ListGames) -> Result<Vec<GameSummary>, ApiError> {
    let default = variant(req.variant.as_deref())?;
    let games: Vec<GameSummary> = pdn::read_bytes_inferring(req.pdn.as_bytes(), default)
        .into_iter()
        .enumerate()
        .map(|(index, (game, _))| match game {
            Ok(g) => {
                let tag = |name: &str| pdn::known_tag(&g.tags, name).map(str::to_string);
                GameSummary {
                    index,
                    white: tag("White"),
                    black: tag("Black"),
                    event: tag("Event"),
                    date: tag("Date"),
                    result: g.result.text().to_string(),
                    variant: Some(g.variant.to_string()),
                    plies: g.main.moves.len(),
                    error: None,
                }
            }
            Err(e) => GameSummary {
                index,
                white: None,
                black: None,
                event: None,
                date: None,
                result: "*".into(),
                variant: None,
                plies: 0,
                error: Some(e.to_string()),
            },
        })
        .collect();
    if games.is_empty() {
        return Err(ApiError::Invalid(pdn::NoGame(PDN_TEXT.into()).to_string()));
    }
    Ok(games)
}

/// A game read from PDN, as [`import_session`] makes it.
pub struct Imported {
    /// The game's session.
    pub session: Session,
    /// Its tokens, for the creator.
    pub tokens: Tokens,
    /// How many games the file holds.
    pub games_in_file: usize,
    /// The game's comments, marks and variations for the page.
    pub notes: NoteLineOut,
    /// What reading chose or read past (a variation left out, the notation its squares were
    /// read in), for the page to say.
    pub read_notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_make_games_or_say_what_is_wrong() {
        let ok = NewGame {
            variant: Some("checkers".into()),
            ballot: Some(BallotSpec {
                deck: "three-move".into(),
                number: Some(1),
            }),
            black: PlayerKind::Engine,
            level: Some(3),
            ..NewGame::default()
        };
        let (s, _) = new_session(&ok).unwrap();
        assert_eq!(s.game().plies().len(), 3);
        assert!(s.seats.side[1].is_none() && s.seats.side[0].is_some());

        let bad_fen = NewGame {
            fen: Some("W:W99".into()),
            ..NewGame::default()
        };
        assert!(matches!(new_session(&bad_fen), Err(ApiError::Invalid(_))));
        let bad_level = NewGame {
            level: Some(11),
            ..NewGame::default()
        };
        assert!(matches!(new_session(&bad_level), Err(ApiError::Invalid(_))));
        let ballot_wrong_variant = NewGame {
            ballot: Some(BallotSpec {
                deck: "two-move".into(),
                number: None,
            }),
            ..NewGame::default()
        };
        assert!(new_session(&ballot_wrong_variant).is_err());
    }

    #[test]
    fn an_import_says_what_a_check_of_the_game_says() {
        let import = |pdn: &str| {
            import_session(&ImportGame {
                pdn: pdn.into(),
                ..ImportGame::default()
            })
        };
        let imported = import("[FEN \"W:W28:B22\"]\n1. 28x17 0-1").ok().unwrap();
        assert!(
            imported.read_notes[imported.read_notes.len() - 1]
                .starts_with("the result 0-1 is not the board's"),
            "{:?}",
            imported.read_notes
        );
        // An English game read from an untagged file says how its variant was found.
        let imported = import("1. 11-15 23-19 *").ok().unwrap();
        assert!(
            imported.read_notes[0].starts_with("no GameType tag: read as english"),
            "{:?}",
            imported.read_notes
        );
        assert!(import("1. 32-28 19-24 2. 99-98 *").is_err());
    }
}
