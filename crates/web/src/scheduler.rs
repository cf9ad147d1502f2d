//! [`Scheduler`]: the server's fixed number of search threads, shared by every game, with the
//! engine's moves first.
//!
//! A player waiting for the engine's reply must not wait behind someone's five-minute
//! analysis. So analyses run in slices: each slice holds a thread, and an engine move stops
//! every analysis slice running, which gives its thread back within a few milliseconds and
//! queues again for the rest of its time (its game's table keeps what it found, so the next
//! slice reaches the same depth quickly). Analyses take a thread only while no engine move
//! runs or waits: an engine move has the machine's cores to itself, not only a thread (with
//! analyses beside it, the reply's 99th percentile was three times longer).

use damier_engine::Control;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

#[derive(Debug)]
struct State {
    free: usize,
    moves_waiting: usize,
    moves_running: usize,
    /// The analysis slices running, oldest first, with the controls that stop them.
    slices: Vec<(u64, Arc<Control>)>,
    next_ticket: u64,
}

/// A fixed pool of search threads.
#[derive(Debug)]
pub struct Scheduler {
    state: Mutex<State>,
    released: Notify,
}

/// A search thread held; given back when dropped.
#[derive(Debug)]
pub struct Slot {
    scheduler: Arc<Scheduler>,
    ticket: Option<u64>,
}

/// Counts an engine move as waiting until it has its thread or gives up.
struct Waiting<'a>(&'a Scheduler);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.lock().moves_waiting -= 1;
        // Analyses held back for this move may go now.
        self.0.released.notify_waiters();
    }
}

impl Scheduler {
    /// A pool of `threads` search threads (at least one).
    pub fn new(threads: usize) -> Arc<Scheduler> {
        Arc::new(Scheduler {
            state: Mutex::new(State {
                free: threads.max(1),
                moves_waiting: 0,
                moves_running: 0,
                slices: Vec::new(),
                next_ticket: 0,
            }),
            released: Notify::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wait for a thread for an engine move, stopping the analysis slices that run.
    pub async fn for_move(self: &Arc<Self>) -> Slot {
        self.lock().moves_waiting += 1;
        let _waiting = Waiting(self);
        loop {
            let released = self.released.notified();
            tokio::pin!(released);
            released.as_mut().enable();
            {
                let mut st = self.lock();
                for (_, slice) in &st.slices {
                    slice.stop();
                }
                if st.free > 0 {
                    st.free -= 1;
                    st.moves_running += 1;
                    return Slot {
                        scheduler: self.clone(),
                        ticket: None,
                    };
                }
            }
            released.await;
        }
    }

    /// Wait for a thread for one analysis slice that stops when `job` does or when an engine
    /// move needs the thread; returns the slot and the slice's control.
    pub async fn for_analysis(self: &Arc<Self>, job: &Arc<Control>) -> (Slot, Arc<Control>) {
        loop {
            let released = self.released.notified();
            tokio::pin!(released);
            released.as_mut().enable();
            {
                let mut st = self.lock();
                if st.free > 0 && st.moves_waiting == 0 && st.moves_running == 0 {
                    st.free -= 1;
                    let ticket = st.next_ticket;
                    st.next_ticket += 1;
                    let slice = Arc::new(Control::linked(job.clone()));
                    st.slices.push((ticket, slice.clone()));
                    let slot = Slot {
                        scheduler: self.clone(),
                        ticket: Some(ticket),
                    };
                    return (slot, slice);
                }
            }
            released.await;
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut st = self.scheduler.lock();
        st.free += 1;
        match self.ticket {
            Some(ticket) => st.slices.retain(|(t, _)| *t != ticket),
            None => st.moves_running -= 1,
        }
        drop(st);
        self.scheduler.released.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn an_engine_move_stops_the_analysis_slices() {
        let pool = Scheduler::new(2);
        let job = Arc::new(Control::new());
        let (slot, slice) = pool.for_analysis(&job).await;
        let search = tokio::spawn(async move {
            // A search that runs until told to stop.
            while !slice.is_stopped() {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            drop(slot);
        });
        let moved = tokio::time::timeout(Duration::from_secs(5), pool.for_move()).await;
        let slot = moved.expect("the move got the thread");
        search.await.unwrap();
        assert!(
            !job.is_stopped(),
            "only the slice stopped, not the analysis"
        );
        // While the move runs, an analysis waits, even with a thread free.
        let waiting =
            tokio::time::timeout(Duration::from_millis(50), pool.for_analysis(&job)).await;
        assert!(waiting.is_err());
        drop(slot);
        let (again, _) = tokio::time::timeout(Duration::from_secs(5), pool.for_analysis(&job))
            .await
            .expect("the analysis goes on once the move is done");
        drop(again);
    }

    #[tokio::test]
    async fn analyses_wait_while_a_move_waits() {
        let pool = Scheduler::new(1);
        let held = pool.for_move().await;
        let pool2 = pool.clone();
        let second_move = tokio::spawn(async move { pool2.for_move().await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let job = Arc::new(Control::new());
        let pool3 = pool.clone();
        let analysis = tokio::spawn(async move { pool3.for_analysis(&job).await });
        drop(held);
        let slot = tokio::time::timeout(Duration::from_secs(5), second_move)
            .await
            .expect("the waiting move went first")
            .unwrap();
        assert!(!analysis.is_finished());
        drop(slot);
        tokio::time::timeout(Duration::from_secs(5), analysis)
            .await
            .expect("then the analysis")
            .unwrap();
    }
}
