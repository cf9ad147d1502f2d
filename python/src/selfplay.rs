//! Self-play from Python: `damier selfplay`'s games into a folder, one part of a run at a
//! time for `damier.cluster`.

use crate::{error, variant, DamierError};
use damier_engine::EvalChoice;
use damier_learn::selfplay::{run, Config};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Play games into the folder `out` until it holds `games` (a folder that holds some goes
/// on), as `damier selfplay` does: `first_game` numbers the folder's first game, so that
/// parts of one run (1, N+1, 2N+1...) hold the games a single folder would. `nodes` or
/// `depth` limits each move (5000 nodes by default), `threads` games run at once, `eval` is
/// a weights file, `"classic"` or `"builtin"`. Runs without the interpreter's lock; Ctrl-C
/// stops it leaving whole games. Returns `{"before", "played", "positions", "white_wins",
/// "draws", "black_wins"}`.
#[pyfunction]
#[pyo3(signature = (out, variant, games, first_game = 1, nodes = None, depth = None,
                    threads = 1, seed = 1, eval = None))]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    out: PathBuf,
    variant: &str,
    games: usize,
    first_game: usize,
    nodes: Option<u64>,
    depth: Option<i32>,
    threads: usize,
    seed: u64,
    eval: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let v = self::variant(variant)?;
    let limits = Config::move_limits(nodes, depth).map_err(error)?;
    let eval = match eval {
        None => EvalChoice::Builtin,
        Some(text) => {
            EvalChoice::parse(text, Some(v)).map_err(|e| error(format!("eval {text}: {e}")))?
        }
    };
    let cfg = Config {
        game_offset: Config::offset_of_first_game(first_game).map_err(error)?,
        threads,
        seed,
        eval,
        limits,
        ..Config::new(v, games)
    };
    // The library's ranges and words, before anything is played.
    cfg.check().map_err(error)?;
    let stop = AtomicBool::new(false);
    let summary = std::thread::scope(|scope| {
        let worker = scope.spawn(|| run(&out, &cfg, &stop, &mut |_| {}));
        // Wait without the lock, looking at Python's signals now and then (Ctrl-C).
        loop {
            let finished = py.allow_threads(|| {
                let until = Instant::now() + Duration::from_millis(200);
                while !worker.is_finished() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(5));
                }
                worker.is_finished()
            });
            if finished {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = py.allow_threads(|| worker.join());
                return Err(interrupt);
            }
        }
        worker
            .join()
            .map_err(|_| DamierError::new_err("self-play failed: a game's thread panicked"))?
            .map_err(error)
    })?;
    let done = PyDict::new(py);
    done.set_item("before", summary.before)?;
    done.set_item("played", summary.played)?;
    done.set_item("positions", summary.positions)?;
    done.set_item("white_wins", summary.white_wins)?;
    done.set_item("draws", summary.draws)?;
    done.set_item("black_wins", summary.black_wins)?;
    done.set_item("stopped", summary.stopped)?;
    // What opening the folder mended after a run stopped part way: a torn game cut off the
    // training file, and the PDN file brought to the training file's games.
    done.set_item("dtp_cut_bytes", summary.cut_bytes)?;
    let pdn = &summary.pdn;
    done.set_item("pdn_cut_bytes", pdn.cut_bytes)?;
    done.set_item("pdn_cut_games", pdn.cut_games)?;
    done.set_item("pdn_torn", pdn.torn)?;
    let missing: Vec<(usize, usize)> = pdn.missing.iter().map(|r| (*r.start(), *r.end())).collect();
    done.set_item("pdn_missing", missing)?;
    Ok(done)
}
