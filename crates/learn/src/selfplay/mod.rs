//! Self-play: the engine against itself from balanced openings, with a little noise in the
//! first moves so that games differ, into a folder:
//!
//! - `positions.dtp`: the quiet positions (no capture pending) with the game's result and the
//!   search's score ([`crate::data`]);
//! - `games.pdn`: the games, for people and for `damier pdn check`;
//! - `selfplay.json`: the variant and the settings of each run, replaced whole at each
//!   change (a new file renamed over the old), so that a stopped run never leaves part of it.
//!
//! Game `i` of a folder depends only on the seed, `i` and the settings (one search thread
//! per game, limited by nodes or depth), and games are written in order: a run stopped at
//! any moment leaves whole games, and running again with the same folder goes on from the
//! first game missing, as if never stopped. The training file is the folder's ledger: a game
//! is there once its positions are, and the PDN file is brought to the ledger's games when a
//! run opens the folder ([`Summary::pdn`] says what was cut). Game numbers run across
//! folders: a folder whose first game is number `k + 1` (`game_offset` k) plays the games a
//! single folder would play from there, so a run split over machines merges into the run
//! one machine would make.

mod openings_file;
mod pdn_file;
mod settings;

pub use self::openings_file::OpeningsFile;
pub use self::pdn_file::PdnRepair;
use self::settings::Settings;
use crate::data::{self, DataError, Record, Writer};
use crate::rng::{splitmix, GOLDEN};
use damier_core::{Base, Variant};
use damier_engine::setting::{self, SettingError};
use damier_engine::{
    Control, Engine, EngineOptions, EvalChoice, Limits, SearchInput, Silent, Style,
};
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{Game, GameResult, Outcome, Reason};
use damier_openings::{is_balanced, random_walk, three_move_ballots};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The PDN file's name in a self-play folder.
pub const PDN_FILE: &str = "games.pdn";
/// The settings file's name in a self-play folder.
pub const SETTINGS_FILE: &str = "selfplay.json";

/// Why self-play stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum SelfplayError {
    /// A setting out of its range.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// The training file.
    #[error(transparent)]
    Data(#[from] DataError),
    /// Another file of the folder.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The folder holds another variant's games.
    #[error("{path} holds {found} games; give another --out for {wanted}")]
    WrongVariant {
        /// The folder.
        path: String,
        /// Its variant.
        found: String,
        /// The variant asked for.
        wanted: Variant,
    },
    /// The folder holds another part of a run (its games start elsewhere).
    #[error("{path} holds games from number {found}, not {wanted}; give another --out")]
    OtherPart {
        /// The folder.
        path: String,
        /// Its first game's number.
        found: u64,
        /// The first game's number asked for.
        wanted: u64,
    },
    /// The engine could not be made.
    #[error("the engine: {0}")]
    Engine(String),
}

/// Nodes each move searches when a run is given neither nodes nor a depth.
pub const DEFAULT_NODES: u64 = 5000;

/// Both a node and a depth limit were given for the moves; a run takes one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("give nodes or depth, not both")]
pub struct BothLimits;

/// How to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// The variant.
    pub variant: Variant,
    /// Games the folder should hold when the run ends.
    pub games: usize,
    /// Games of the whole run that come before this folder's first: several folders (on
    /// several machines) with offsets 0, n, 2n... hold the games one folder would hold.
    pub game_offset: usize,
    /// Limits of each move's search (nodes or depth, so that games repeat exactly).
    pub limits: Limits,
    /// Games played at once, each on one thread.
    pub threads: usize,
    /// Openings to cycle through, instead of random walks (or English's ballots).
    pub openings: Option<OpeningsFile>,
    /// Seed of the openings and of the noise.
    pub seed: u64,
    /// The evaluation playing.
    pub eval: EvalChoice,
    /// Plies after the opening during which the engine's choice is noisy.
    pub noise_plies: usize,
    /// Noise of those plies, in hundredths of a man.
    pub noise: i32,
    /// Plies after the opening before a game is adjudicated a draw.
    pub max_plies: usize,
    /// Transposition table of each game's engine, in MiB.
    pub hash_mb: usize,
}

impl Config {
    /// Whether every setting is within its range (a run checks before it starts).
    ///
    /// # Errors
    /// The first [`SettingError`].
    pub fn check(&self) -> Result<(), SettingError> {
        setting::within("games", self.games, 1, 100_000_000)?;
        Config::offset_of_first_game(self.game_offset.saturating_add(1))?;
        setting::threads(self.threads)?;
        setting::limits(&self.limits)?;
        setting::within("noise", self.noise, 0, 1000)?;
        setting::require(
            self.max_plies >= 1,
            "max_plies",
            "at least 1",
            self.max_plies,
        )?;
        setting::within("hash_mb", self.hash_mb, 1, damier_engine::tt::Table::MAX_MB)?;
        Ok(())
    }

    /// The [`Config::game_offset`] of a folder whose first game is `first_game` (1-based, as
    /// `--first-game` and Python's `first_game` give it).
    ///
    /// # Errors
    /// [`SettingError`] when it is not 1 to a billion.
    pub fn offset_of_first_game(first_game: usize) -> Result<usize, SettingError> {
        setting::within("first_game", first_game, 1, 1_000_000_000)?;
        Ok(first_game - 1)
    }

    /// The [`Config::limits`] of each move, given `nodes` or `depth` (the games repeat exactly
    /// either way): [`DEFAULT_NODES`] with neither.
    ///
    /// # Errors
    /// [`BothLimits`] when both are given.
    pub fn move_limits(nodes: Option<u64>, depth: Option<i32>) -> Result<Limits, BothLimits> {
        match (nodes, depth) {
            (Some(_), Some(_)) => Err(BothLimits),
            (None, Some(d)) => Ok(Limits::depth(d)),
            (n, None) => Ok(Limits::nodes(n.unwrap_or(DEFAULT_NODES))),
        }
    }

    /// Settings with the defaults: [`DEFAULT_NODES`] a move, two threads.
    pub fn new(variant: Variant, games: usize) -> Config {
        Config {
            variant,
            games,
            game_offset: 0,
            limits: Limits::nodes(DEFAULT_NODES),
            threads: 2,
            openings: None,
            seed: 1,
            eval: EvalChoice::Builtin,
            noise_plies: 8,
            noise: 30,
            max_plies: 300,
            hash_mb: 16,
        }
    }
}

/// A finished game, as the progress report sees it.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Games in the folder now.
    pub done: usize,
    /// Games it should hold at the end.
    pub total: usize,
    /// Games written by this run.
    pub played: usize,
    /// Positions written by this run.
    pub positions: usize,
    /// The game just written.
    pub result: Option<GameResult>,
}

impl Progress {
    /// Games this run wrote a second, the run having begun at `since` (games the folder
    /// held before are not counted as just played).
    pub fn rate(&self, since: Instant) -> f64 {
        self.played as f64 / since.elapsed().as_secs_f64().max(1e-3)
    }

    /// The rate and positions, beside a bar that shows the games: `2.50 games/s  812
    /// positions`.
    pub fn rate_line(&self, since: Instant) -> String {
        format!(
            "{:.2} games/s  {} positions",
            self.rate(since),
            self.positions
        )
    }

    /// The whole progress as a log's line: `30/100 games, 2.50 games/s, 812 positions`.
    pub fn log_line(&self, since: Instant) -> String {
        format!(
            "{}/{} games, {:.2} games/s, {} positions",
            self.done,
            self.total,
            self.rate(since),
            self.positions
        )
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games in the folder before the run.
    pub before: usize,
    /// Games this run added.
    pub played: usize,
    /// Positions this run added.
    pub positions: usize,
    /// Of the games added: White's wins, draws, Black's wins.
    pub white_wins: usize,
    /// Draws.
    pub draws: usize,
    /// Black's wins.
    pub black_wins: usize,
    /// Whether the run was stopped before the folder was full.
    pub stopped: bool,
    /// Bytes of a torn last game (an earlier run stopped while writing) cut off the training
    /// file first.
    pub cut_bytes: u64,
    /// What was cut from the PDN file to bring it to the training file's games, and which of
    /// those it lacks.
    pub pdn: PdnRepair,
}

/// A small deterministic generator for openings and noise seeds.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, game: usize) -> Rng {
        let mut r = Rng(seed ^ (game as u64).wrapping_mul(GOLDEN));
        r.next();
        r
    }
    fn next(&mut self) -> u64 {
        let out = splitmix(self.0);
        self.0 = self.0.wrapping_add(GOLDEN);
        out
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random plies of an opening walk for a board size.
fn walk_plies(variant: Variant) -> (usize, usize) {
    match variant.rules().board.size() {
        8 => (4, 7),
        10 => (6, 9),
        _ => (8, 11),
    }
}

/// The opening of game `i`: from the given set, English's ballots, or a random walk that a
/// short search finds balanced.
fn opening(cfg: &Config, i: usize, engine: &Engine) -> Game {
    if let Some(set) = cfg.openings.as_ref().filter(|f| !f.openings.is_empty()) {
        return set.openings[i % set.openings.len()].game.clone();
    }
    if cfg.variant == Variant::new(Base::English) {
        let ballots = three_move_ballots();
        return ballots[i % ballots.len()].game.clone();
    }
    let mut rng = Rng::new(cfg.seed, i);
    let (low, high) = walk_plies(cfg.variant);
    let mut last = Game::new(cfg.variant);
    for _ in 0..20 {
        let plies = low + rng.below(high - low + 1);
        let (game, _) = random_walk(cfg.variant, plies, &mut |n| rng.below(n));
        if game.is_over() || game.legal_moves().is_empty() {
            continue;
        }
        let balanced = is_balanced(engine, &game, 4, 80);
        last = game;
        if balanced {
            break;
        }
    }
    last
}

/// Play game `i`: its positions with the result filled in, or `None` when stopped.
fn play(cfg: &Config, i: usize, engine: &Engine, stop: &AtomicBool) -> Option<(Game, Vec<Record>)> {
    engine.new_game();
    let mut game = opening(cfg, i, engine);
    let start = game.plies().len();
    let mut rng = Rng::new(cfg.seed ^ 0x05E1_F9A7, i);
    let mut records = Vec::new();
    while !game.is_over() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let played = game.plies().len() - start;
        if played >= cfg.max_plies {
            game.set_result(GameResult::draw(Reason::Adjudication));
            break;
        }
        let style = if played < cfg.noise_plies {
            Style {
                noise: cfg.noise,
                blunder_percent: 0,
                seed: rng.next(),
                ..Style::default()
            }
        } else {
            Style::default()
        };
        let input = SearchInput::from_game(&game);
        let r = engine.search(&input, &cfg.limits, style, &Control::new(), &mut Silent);
        let board = *game.position();
        if !board.must_capture() {
            records.push(Record::new(&board, r.score.0, game.plies().len()));
        }
        // A forced win seen by the search ends the game: playing it out teaches nothing.
        if r.score.is_decisive() {
            let mover = board.side();
            let winner = if r.score.0 > 0 {
                mover
            } else {
                mover.opponent()
            };
            game.set_result(GameResult::win(winner, Reason::Adjudication));
            break;
        }
        let mv = r.best?;
        if game.play(&mv).is_err() {
            return None;
        }
    }
    let result = match game.result().map(|r| r.outcome) {
        Some(Outcome::Win(damier_core::Color::White)) => 1,
        Some(Outcome::Win(damier_core::Color::Black)) => -1,
        _ => 0,
    };
    for r in &mut records {
        r.result = result;
    }
    Some((game, records))
}

fn file_error(path: &Path, e: impl std::fmt::Display) -> SelfplayError {
    SelfplayError::File {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// Play games into `dir` until it holds `cfg.games`, or until `stop` is set (the games
/// under way are then dropped; whole games already written stay). `progress` sees each game
/// as it is written. The folder's files are first brought to the games its training file
/// holds: a torn game is cut from either file, and a game's text past them from the PDN
/// file.
///
/// # Errors
/// [`SelfplayError`] when the folder cannot be read or written, holds another variant or
/// damaged settings, or the engine cannot be made.
pub fn run(
    dir: &Path,
    cfg: &Config,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Summary, SelfplayError> {
    cfg.check()?;
    std::fs::create_dir_all(dir).map_err(|e| file_error(dir, e))?;
    // The variant is checked (settings) before the training file is touched.
    let mut settings = Settings::open(dir, cfg)?;
    let (mut writer, before) = Writer::open(&dir.join(data::FILE_NAME), cfg.variant)?;
    // The training file is the ledger; the PDN file follows it.
    let pdn_path: PathBuf = dir.join(PDN_FILE);
    let pdn_repair = pdn_file::follow_ledger(&pdn_path, cfg.game_offset + 1, before)?;
    if before < cfg.games {
        settings.note_run(cfg, before)?;
    }
    let mut pdn_out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&pdn_path)
        .map_err(|e| file_error(&pdn_path, e))?;
    let mut summary = Summary {
        before,
        cut_bytes: writer.cut_bytes(),
        pdn: pdn_repair,
        ..Summary::default()
    };
    if before >= cfg.games {
        return Ok(summary);
    }
    let next = AtomicUsize::new(before);
    let failed = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(usize, Option<(Game, Vec<Record>)>), String>>();
    let mut error = None;
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.clamp(1, 256).min(cfg.games - before) {
            let tx = tx.clone();
            let (next, failed) = (&next, &failed);
            scope.spawn(move || {
                let engine = Engine::try_new(EngineOptions {
                    threads: 1,
                    hash_mb: cfg.hash_mb,
                });
                let mut engine = match engine {
                    Ok(e) => e,
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        let _ = tx.send(Err(e.to_string()));
                        return;
                    }
                };
                engine.set_eval(cfg.eval.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games
                        || stop.load(Ordering::Relaxed)
                        || failed.load(Ordering::Relaxed)
                    {
                        return;
                    }
                    let game = play(cfg, cfg.game_offset + i, &engine, stop);
                    if tx.send(Ok((i, game))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Games are written in order; a game that finished early waits for those before it.
        let mut waiting = BTreeMap::new();
        let mut expected = before;
        let mut broken = false;
        for message in rx {
            let (i, game) = match message {
                Ok(m) => m,
                Err(e) => {
                    error.get_or_insert(SelfplayError::Engine(e));
                    continue;
                }
            };
            waiting.insert(i, game);
            while let Some(entry) = waiting.remove(&expected) {
                let Some((game, records)) = entry else {
                    // Stopped: nothing after it can be written in order.
                    broken = true;
                    break;
                };
                if broken || error.is_some() {
                    break;
                }
                // The game's text first, on the disk before its positions: the PDN file then
                // holds every game of the training file whenever a run stops.
                let tags = [
                    ("Event".to_string(), "Damier self-play".to_string()),
                    (
                        "Round".to_string(),
                        (cfg.game_offset + expected + 1).to_string(),
                    ),
                    ("White".to_string(), "damier".to_string()),
                    ("Black".to_string(), "damier".to_string()),
                ];
                let text =
                    pdn::write_game(&PdnGame::from_game(&game, &tags), &WriteOptions::default());
                let written = pdn_out
                    .write_all(format!("{text}\n").as_bytes())
                    .and_then(|()| pdn_out.sync_data())
                    .map_err(|e| file_error(&pdn_path, e))
                    .and_then(|()| writer.write_game(&records).map_err(SelfplayError::from));
                if let Err(e) = written {
                    error.get_or_insert(e);
                    failed.store(true, Ordering::Relaxed);
                    break;
                }
                match game.result().map(|r| r.outcome) {
                    Some(Outcome::Win(damier_core::Color::White)) => summary.white_wins += 1,
                    Some(Outcome::Win(damier_core::Color::Black)) => summary.black_wins += 1,
                    _ => summary.draws += 1,
                }
                summary.played += 1;
                summary.positions += records.len();
                expected += 1;
                progress(&Progress {
                    done: expected,
                    total: cfg.games,
                    played: summary.played,
                    positions: summary.positions,
                    result: game.result(),
                });
            }
            if broken {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    summary.stopped = before + summary.played < cfg.games;
    if summary.stopped {
        // The run was noted with the games it was asked for: say where it really ended.
        settings.end_run(cfg.game_offset + before, summary.played)?;
    }
    if let Some(e) = error {
        return Err(e);
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_is_limited_by_nodes_or_depth_not_both() {
        assert_eq!(Config::move_limits(Some(700), None), Ok(Limits::nodes(700)));
        assert_eq!(Config::move_limits(None, Some(6)), Ok(Limits::depth(6)));
        assert_eq!(
            Config::move_limits(None, None),
            Ok(Config::new(Variant::INTERNATIONAL, 1).limits)
        );
        assert_eq!(
            Config::new(Variant::INTERNATIONAL, 1).limits.nodes,
            Some(5000)
        );
        let both = Config::move_limits(Some(700), Some(6)).unwrap_err();
        assert_eq!(both.to_string(), "give nodes or depth, not both");
    }

    #[test]
    fn progress_counts_this_runs_games_over_its_time() {
        let p = Progress {
            done: 30,
            total: 100,
            played: 25,
            positions: 812,
            result: None,
        };
        let since = Instant::now() - std::time::Duration::from_secs(10);
        assert_eq!(p.rate_line(since), "2.50 games/s  812 positions");
        assert_eq!(
            p.log_line(since),
            "30/100 games, 2.50 games/s, 812 positions"
        );
    }

    /// Short games: few nodes a move, adjudicated early.
    pub(super) fn tiny(games: usize) -> Config {
        Config {
            limits: Limits::nodes(200),
            max_plies: 40,
            ..Config::new(Variant::new(Base::English), games)
        }
    }

    pub(super) fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("damier-selfplay-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn play_into(dir: &Path, games: usize) -> Summary {
        run(dir, &tiny(games), &AtomicBool::new(false), &mut |_| {}).unwrap()
    }

    pub(super) fn read(dir: &Path, file: &str) -> Vec<u8> {
        std::fs::read(dir.join(file)).unwrap()
    }

    /// The `Round` of each game of a folder's PDN file, every game read by the PDN reader.
    fn rounds(dir: &Path) -> Vec<usize> {
        pdn::read_bytes(&read(dir, PDN_FILE), Variant::new(Base::English))
            .into_iter()
            .map(|game| {
                let game = game.unwrap();
                game.tag("Round").unwrap().parse().unwrap()
            })
            .collect()
    }

    #[test]
    fn a_run_stopped_around_a_games_two_writes_leaves_a_folder_made_whole_again() {
        let (three, four, five) = (scratch("three"), scratch("four"), scratch("five"));
        play_into(&three, 3);
        play_into(&four, 4);
        play_into(&five, 5);
        let pdn = read(&four, PDN_FILE);
        let dtp = read(&four, data::FILE_NAME);
        let ledger = read(&three, data::FILE_NAME);
        // Game 4 of a run stopped: while its text was written (torn), before its positions
        // were (whole), or while they were (its positions torn).
        for (name, pdn, dtp) in [
            ("pdn-torn", &pdn[..pdn.len() - 25], &ledger[..]),
            ("between", &pdn[..], &ledger[..]),
            ("dtp-torn", &pdn[..], &dtp[..dtp.len() - 10]),
        ] {
            let dir = scratch(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(PDN_FILE), pdn).unwrap();
            std::fs::write(dir.join(data::FILE_NAME), dtp).unwrap();
            std::fs::copy(three.join(SETTINGS_FILE), dir.join(SETTINGS_FILE)).unwrap();
            let summary = play_into(&dir, 5);
            assert_eq!((summary.before, summary.played), (3, 2), "{name}");
            let cut = pdn.len() - read(&three, PDN_FILE).len();
            assert_eq!(summary.pdn.cut_bytes, cut as u64, "{name}");
            let torn = usize::from(name == "pdn-torn");
            assert_eq!(
                (summary.pdn.cut_games, summary.pdn.torn),
                (1 - torn, torn),
                "{name}"
            );
            assert!(summary.pdn.missing.is_empty(), "{name}");
            // The folder is the one a run never stopped makes.
            for file in [PDN_FILE, data::FILE_NAME] {
                assert!(read(&dir, file) == read(&five, file), "{name}: {file}");
            }
            std::fs::remove_dir_all(&dir).unwrap();
        }
        // An earlier Damier wrote the positions first: stopped between game 4's positions and
        // its text, it left the PDN file without game 4. That is said; the rest is in order.
        let dir = scratch("lacks");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(three.join(PDN_FILE), dir.join(PDN_FILE)).unwrap();
        std::fs::write(dir.join(data::FILE_NAME), &dtp).unwrap();
        std::fs::copy(four.join(SETTINGS_FILE), dir.join(SETTINGS_FILE)).unwrap();
        let summary = play_into(&dir, 5);
        assert_eq!((summary.before, summary.played), (4, 1));
        assert_eq!(summary.pdn.missing, [4..=4]);
        assert_eq!(rounds(&dir), [1, 2, 3, 5]);
        assert_eq!(rounds(&five), [1, 2, 3, 4, 5]);
        for dir in [dir, three, four, five] {
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}
