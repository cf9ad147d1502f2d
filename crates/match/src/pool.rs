//! A fixed set of worker threads taking numbered jobs in turn, each with its own players;
//! the caller sees every finished job on its own thread and may end the run early.

use crate::player::PlayerError;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Run jobs `0..jobs` on `workers` threads. Each thread first makes its state with `setup`
/// (its players), then runs `work(state, i)` for the next free `i`. `progress` sees each
/// finished job and returns false to stop: jobs under way are then left out. Results come
/// back ordered by job number.
///
/// # Errors
/// The first error of `setup` or `work`; jobs under way are abandoned.
pub(crate) fn run_jobs<S, T: Send>(
    jobs: usize,
    workers: usize,
    setup: &(dyn Fn() -> Result<S, PlayerError> + Sync),
    work: &(dyn Fn(&mut S, usize) -> Result<T, PlayerError> + Sync),
    progress: &mut dyn FnMut(&T) -> bool,
) -> Result<Vec<T>, PlayerError> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(usize, T), PlayerError>>();
    let mut done = Vec::with_capacity(jobs);
    let mut first_error = None;
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, 64).min(jobs.max(1)) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let mut state = match setup() {
                    Ok(s) => s,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let result = work(&mut state, i).map(|t| (i, t));
                    if result.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if tx.send(result).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut ended = false;
        for r in rx {
            match r {
                Ok(_) if ended => {}
                Ok((i, t)) => {
                    let go_on = progress(&t);
                    done.push((i, t));
                    if !go_on {
                        ended = true;
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    done.sort_by_key(|&(i, _)| i);
    Ok(done.into_iter().map(|(_, t)| t).collect())
}
