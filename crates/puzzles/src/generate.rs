//! Making a puzzle set: the positions of many games judged on several threads, the puzzles
//! kept in game order (so a set is the same whatever the number of threads), each position
//! once.

use crate::find::Finder;
use crate::puzzle::Puzzle;
use crate::source::{from_pdn, GamePositions, SelfPlay};
use damier_core::Variant;
use damier_egdb::Egdb;
use damier_engine::setting::{self, SettingError};
use damier_game::pdn::PdnGame;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Where the positions come from.
pub enum Games<'a> {
    /// The games of a file (`name` for the puzzles' sources).
    Recorded {
        /// The games.
        games: &'a [PdnGame],
        /// The file's name.
        name: &'a str,
    },
    /// Self-play games with errors.
    SelfPlay {
        /// How many games at most.
        games: u64,
        /// Their seed.
        seed: u64,
    },
}

impl Games<'_> {
    fn len(&self) -> u64 {
        match self {
            Games::Recorded { games, .. } => games.len() as u64,
            Games::SelfPlay { games, .. } => *games,
        }
    }
}

/// What a generation is asked for, made only by [`Settings::new`], which checks it.
pub struct Settings {
    /// The variant.
    pub(crate) variant: Variant,
    /// The depth of the judging search.
    pub(crate) depth: i32,
    /// Stop once this many puzzles are found.
    count: usize,
    /// Games judged at once.
    threads: usize,
    /// Endgame databases for the judge.
    egdb: Option<Arc<Egdb>>,
}

impl Settings {
    /// The settings of a generation, checked: a judging depth of 3 to 30 plies (the judge
    /// searches every position of every game, and its prefilter looks a few plies
    /// shallower, so not one search's range), at least one puzzle, and threads as any run of
    /// games takes them. The one place for these ranges and their wording.
    ///
    /// # Errors
    /// The first [`SettingError`], naming the setting.
    pub fn new(
        variant: Variant,
        depth: i32,
        count: usize,
        threads: usize,
    ) -> Result<Settings, SettingError> {
        setting::require(count >= 1, "count", "at least 1", count)?;
        setting::within("depth", depth, 3, 30)?;
        setting::threads(threads)?;
        Ok(Settings {
            variant,
            depth,
            count,
            threads,
            egdb: None,
        })
    }

    /// The same settings with the judge probing `egdb` (none by default).
    pub fn with_egdb(self, egdb: Option<Arc<Egdb>>) -> Settings {
        Settings { egdb, ..self }
    }

    /// The endgame databases the judge probes.
    pub fn egdb(&self) -> Option<&Arc<Egdb>> {
        self.egdb.as_ref()
    }
}

/// How far a generation has got; shown as `3/10 games, 412 positions, 2 puzzles`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Games judged.
    pub games: u64,
    /// Of at most.
    pub total: u64,
    /// Positions judged.
    pub positions: u64,
    /// Puzzles found so far.
    pub puzzles: usize,
}

impl Progress {
    /// What was found so far: `412 positions, 2 puzzles` (a bar shows the games apart).
    pub fn found(&self) -> String {
        format!("{} positions, {} puzzles", self.positions, self.puzzles)
    }
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{} games, {}", self.games, self.total, self.found())
    }
}

/// Find up to `settings.count` puzzles in `games`; `stop` ends the work early (with what is
/// found by then). Puzzles are named `<variant>-<n>` in the order found.
pub fn generate(
    settings: &Settings,
    games: &Games<'_>,
    progress: &(dyn Fn(Progress) + Sync),
    stop: &AtomicBool,
) -> Vec<Puzzle> {
    let threads = settings.threads.max(1);
    let total = games.len();
    let positions = AtomicU64::new(0);
    let mut seen = HashSet::new();
    let mut out: Vec<Puzzle> = Vec::new();
    let mut done = 0u64;
    while done < total && out.len() < settings.count && !stop.load(Relaxed) {
        let batch: Vec<u64> = (done..total.min(done + 2 * threads as u64)).collect();
        let found: Mutex<Vec<(u64, Vec<Puzzle>)>> = Mutex::new(Vec::new());
        let next = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut finder = Finder::new(settings.depth, settings.egdb.clone());
                    let player = match games {
                        Games::SelfPlay { seed, .. } => {
                            Some(SelfPlay::new(settings.variant, *seed))
                        }
                        Games::Recorded { .. } => None,
                    };
                    loop {
                        let k = next.fetch_add(1, Relaxed) as usize;
                        let Some(&i) = batch.get(k) else { break };
                        if stop.load(Relaxed) {
                            break;
                        }
                        let game = match (games, &player) {
                            (Games::Recorded { games, name }, _) => {
                                from_pdn(&games[i as usize], &format!("{name} game {}", i + 1))
                            }
                            (_, Some(player)) => player.game(i),
                            (Games::SelfPlay { .. }, None) => {
                                unreachable!("a player is made for self-play")
                            }
                        };
                        let puzzles = judge(&mut finder, &game, &positions, stop);
                        found
                            .lock()
                            .expect("no thread panics holding it")
                            .push((i, puzzles));
                    }
                });
            }
        });
        let mut found = found.into_inner().expect("no thread panicked holding it");
        found.sort_by_key(|(i, _)| *i);
        for (_, puzzles) in found {
            for mut p in puzzles {
                if out.len() < settings.count && seen.insert(p.start.key()) {
                    p.id = format!("{}-{}", settings.variant, out.len() + 1);
                    out.push(p);
                }
            }
        }
        done = batch.last().map_or(total, |&i| i + 1);
        progress(Progress {
            games: done,
            total,
            positions: positions.load(Relaxed),
            puzzles: out.len(),
        });
    }
    out
}

/// The puzzles of one game: after a puzzle is found, the positions of its own line are
/// passed over (they are the same shot, further on).
fn judge(
    finder: &mut Finder,
    game: &GamePositions,
    positions: &AtomicU64,
    stop: &AtomicBool,
) -> Vec<Puzzle> {
    let mut out = Vec::new();
    let mut skip_to = 0;
    for (k, (board, source)) in game.positions.iter().enumerate() {
        if stop.load(Relaxed) {
            break;
        }
        if k < skip_to {
            continue;
        }
        positions.fetch_add(1, Relaxed);
        if let Some(p) = finder.examine(board, "", source) {
            skip_to = k + p.line.len() + 1;
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked_where_they_are_made() {
        let v = Variant::INTERNATIONAL;
        assert!(Settings::new(v, 3, 1, 1).is_ok());
        assert!(Settings::new(v, 30, 500, 2).is_ok());
        let said = |depth, count, threads| {
            Settings::new(v, depth, count, threads)
                .err()
                .map(|e| e.with_option())
        };
        assert_eq!(
            said(2, 10, 1).as_deref(),
            Some("--depth must be between 3 and 30, got 2")
        );
        assert_eq!(
            said(31, 10, 1).as_deref(),
            Some("--depth must be between 3 and 30, got 31")
        );
        assert_eq!(
            said(10, 0, 1).as_deref(),
            Some("--count must be at least 1, got 0")
        );
        assert!(said(10, 10, 0)
            .unwrap()
            .starts_with("--threads must be between 1 and "));
    }

    #[test]
    fn progress_says_games_positions_and_puzzles() {
        let p = Progress {
            games: 3,
            total: 10,
            positions: 412,
            puzzles: 2,
        };
        assert_eq!(p.found(), "412 positions, 2 puzzles");
        assert_eq!(p.to_string(), "3/10 games, 412 positions, 2 puzzles");
    }
}
