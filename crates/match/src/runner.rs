//! Playing games and matches: each opening twice with colours reversed, a clock, the game
//! layer's rules for the result, and a move limit after which the arbiter calls a draw.

use crate::elo::Tally;
use crate::player::{Player, PlayerError};
use crate::pool::run_jobs;
use damier_core::Color;
use damier_egdb::Damage;
use damier_engine::setting::{self, SettingError};
use damier_engine::Limits;
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{
    Clock, Game, GameError, GameResult, Outcome, Reason, SystemTime, TimeControl, TimedGame,
    TimeoutPenalty,
};
use damier_openings::Opening;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How games are played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The clock of each game; with [`TimeControl::Unlimited`] players use their own limits
    /// per move.
    pub time: TimeControl,
    /// What running out of time costs.
    pub penalty: TimeoutPenalty,
    /// Plies after which a game still running is adjudicated a draw.
    pub max_plies: usize,
    /// Raised to end the match early (Ctrl-C): a game under way stops before its next move
    /// with [`PlayerError::Stopped`], and no further game starts.
    pub stop: Option<Arc<AtomicBool>>,
}

impl MatchConfig {
    /// Whether games can be played so: at least one ply after the opening before a game is
    /// adjudicated (0 would end every game at its opening, and is refused, not bent to 1).
    ///
    /// # Errors
    /// [`SettingError`] naming `max_plies`.
    pub fn check(&self) -> Result<(), SettingError> {
        setting::require(
            self.max_plies >= 1,
            "max_plies",
            "at least 1",
            self.max_plies,
        )
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            time: TimeControl::Unlimited,
            penalty: TimeoutPenalty::LossOfGame,
            max_plies: 400,
            stop: None,
        }
    }
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number.
    pub number: usize,
    /// The opening it started from.
    pub opening: String,
    /// Player names.
    pub white: String,
    /// Player names.
    pub black: String,
    /// Whether the match's first player had White.
    pub first_is_white: bool,
    /// The game, with its result.
    pub game: Game,
    /// The players whose searches had met a damaged endgame database by the end of this
    /// game (by name), with the first damaged block each met: they went on without it. A
    /// player's damage is listed again in its later games.
    pub egdb_damage: Vec<(String, Damage)>,
}

impl GameRecord {
    /// The game's result for the match's first player: 1, ½ or 0.
    pub fn first_player_points(&self) -> f64 {
        let first = if self.first_is_white {
            Color::White
        } else {
            Color::Black
        };
        match self.game.result().map(|r| r.outcome) {
            Some(Outcome::Win(c)) if c == first => 1.0,
            Some(Outcome::Win(_)) => 0.0,
            _ => 0.5,
        }
    }

    /// The game as PDN with the match's tags, and why it ended as a comment after its last
    /// move (PDN has no tag for the reason: a loss on time and a loss on the board would
    /// otherwise read the same).
    pub fn pdn(&self) -> PdnGame {
        let tags: Vec<(String, String)> = [
            ("Event", "Damier match".to_string()),
            ("Round", self.number.to_string()),
            ("White", self.white.clone()),
            ("Black", self.black.clone()),
            ("Opening", self.opening.clone()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let mut pdn = PdnGame::from_game(&self.game, &tags);
        if let Some(result) = self.game.result() {
            let why = result.describe();
            match pdn.main.moves.last_mut() {
                Some(last) => last.comments.push(why),
                None => pdn.main.leading.push(why),
            }
        }
        pdn
    }
}

/// Play one game from `opening`.
///
/// # Errors
/// [`PlayerError`] when a player fails in a way that says nothing about its play (it cannot
/// start, it crashes, it answers nonsense); running out of time is a loss, not an error.
/// [`PlayerError::Stopped`] when `config.stop` was raised before the game ended.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    opening: &Opening,
    config: &MatchConfig,
) -> Result<Game, PlayerError> {
    if config.stopped() {
        return Err(PlayerError::Stopped);
    }
    let variant = opening.game.variant();
    white.new_game(variant)?;
    black.new_game(variant)?;
    let clock = Clock::new(config.time, Arc::new(SystemTime::new()));
    let mut timed = TimedGame::new(opening.game.clone(), clock, config.penalty);
    loop {
        if timed.check_time().is_some() {
            break;
        }
        if config.stopped() {
            return Err(PlayerError::Stopped);
        }
        let game = timed.game();
        if game.plies().len() >= opening.game.plies().len() + config.max_plies {
            let mut game = game.clone();
            game.set_result(GameResult::draw(Reason::Adjudication));
            return Ok(game);
        }
        let side = game.side_to_move();
        let limits = match config.time {
            TimeControl::Unlimited => None,
            _ => Limits::for_clock(timed.clock(), side),
        };
        let player: &mut dyn Player = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let choice = player.choose(game, limits);
        let mv = match choice {
            Ok(mv) => mv,
            // A player that stopped answering after its time ran out lost on time.
            Err(e) if timed.clock().flagged().is_some() => {
                let _ = e;
                timed.check_time();
                break;
            }
            Err(e) => return Err(e),
        };
        match timed.play(&mv, false) {
            Ok(()) | Err(GameError::TurnForfeited) | Err(GameError::Over(_)) => {}
            Err(e) => {
                return Err(PlayerError::Engine {
                    name: player.name().to_string(),
                    message: format!("played an illegal move: {e}"),
                })
            }
        }
    }
    Ok(timed.game().clone())
}

/// The most games a match plays.
pub const MAX_GAMES: usize = 100_000;

/// Whether a match of `games` games can be asked for: 1 to [`MAX_GAMES`].
///
/// # Errors
/// [`SettingError`] naming `games`.
pub fn check_games(games: usize) -> Result<(), SettingError> {
    setting::within("games", games, 1, MAX_GAMES)
}

/// A match's games as one PDN text.
pub fn games_pdn(records: &[GameRecord]) -> String {
    let games: Vec<PdnGame> = records.iter().map(GameRecord::pdn).collect();
    pdn::write(&games, &WriteOptions::default())
}

/// Makes a fresh player (each worker of a match has its own pair).
pub type PlayerFactory<'a> = dyn Fn() -> Result<Box<dyn Player>, PlayerError> + Sync + 'a;

/// Play `games` games between the players made by `first` and `second`, opening `i / 2`
/// (cycling through `openings`) in games `i` and `i + 1` with colours reversed, on
/// `workers` threads. `progress` sees each game as it finishes, with the running tally of
/// the first player, and returns false to end the match there (a sequential test that has
/// decided): games still under way are then left out. Raising `config.stop` ends it too,
/// with the games finished so far.
///
/// # Errors
/// The first [`PlayerError`] other than [`PlayerError::Stopped`]; games under way are
/// abandoned.
pub fn run_match(
    first: &PlayerFactory<'_>,
    second: &PlayerFactory<'_>,
    openings: &[Opening],
    games: usize,
    config: &MatchConfig,
    workers: usize,
    progress: &mut dyn FnMut(&GameRecord, &Tally) -> bool,
) -> Result<Vec<GameRecord>, PlayerError> {
    let setup = || first().and_then(|a| second().map(|b| (a, b)));
    let work = |(a, b): &mut (Box<dyn Player>, Box<dyn Player>), i: usize| {
        let opening = &openings[(i / 2) % openings.len()];
        let first_is_white = i.is_multiple_of(2);
        let (white, black) = if first_is_white { (a, b) } else { (b, a) };
        let game = match play_game(&mut **white, &mut **black, opening, config) {
            Ok(game) => game,
            // A game the stop cut short is left out, not an error.
            Err(PlayerError::Stopped) => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(Some(GameRecord {
            number: i + 1,
            opening: opening.name.clone(),
            white: white.name().to_string(),
            black: black.name().to_string(),
            first_is_white,
            game,
            egdb_damage: [&**white, &**black]
                .into_iter()
                .filter_map(|p| Some((p.name().to_string(), p.egdb_damage()?)))
                .collect(),
        }))
    };
    let mut tally = Tally::default();
    let records = run_jobs(games, workers, &setup, &work, &mut |record: &Option<
        GameRecord,
    >| match record {
        Some(record) => {
            tally.add(record.first_player_points());
            progress(record, &tally)
        }
        None => true,
    })?;
    Ok(records.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_plays_one_to_a_hundred_thousand_games() {
        assert!(check_games(1).is_ok() && check_games(MAX_GAMES).is_ok());
        let e = check_games(0).unwrap_err();
        assert_eq!(
            e.with_option(),
            "--games must be between 1 and 100000, got 0"
        );
        assert!(check_games(MAX_GAMES + 1).is_err());
        assert_eq!(games_pdn(&[]), "");
    }

    #[test]
    fn a_game_has_at_least_one_ply_before_it_is_adjudicated() {
        let mut config = MatchConfig::default();
        assert_eq!(config.max_plies, 400);
        assert!(config.check().is_ok());
        config.max_plies = 0;
        assert_eq!(
            config.check().unwrap_err().with_option(),
            "--max-plies must be at least 1, got 0"
        );
    }
}
