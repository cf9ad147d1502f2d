//! The engine searching on its own thread, so that the clock and the screen stay live while it
//! thinks: each completed depth and the final result come back over a channel, and
//! [`Thinker::stop`] asks it to move now.

use damier_engine::{Control, Engine, Limits, SearchInfo, SearchInput, SearchResult, Style};
use damier_game::Board;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move.
    Move,
    /// A suggestion for a person.
    Hint,
    /// The opponent's best move if the side to move passed.
    Threat,
}

/// News from a running search.
#[derive(Debug)]
pub enum Thought {
    /// A depth was completed.
    Info(SearchInfo),
    /// The search ended.
    Done(SearchResult),
    /// The search thread ended without a result (it cannot start, or it failed).
    Lost,
}

/// A search running on another thread.
pub struct Thinker {
    control: Arc<Control>,
    news: Receiver<Thought>,
    handle: Option<JoinHandle<()>>,
    /// What the search is for.
    pub purpose: Purpose,
    /// The position searched (to write its lines in notation).
    pub board: Board,
    /// The game length when it started: a search for an older position is stale.
    pub ply: usize,
}

impl Thinker {
    /// Start searching `input` on a new thread.
    pub fn start(
        engine: Arc<Engine>,
        input: SearchInput,
        limits: Limits,
        style: Style,
        purpose: Purpose,
        ply: usize,
    ) -> Thinker {
        let (tx, news) = mpsc::channel();
        let control = Arc::new(Control::new());
        let board = input.board;
        let thread_control = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name("damier-search".into())
            .spawn(move || {
                let infos = tx.clone();
                let mut listener = |info: &SearchInfo| {
                    // The receiver may be gone (a cancelled search): nothing to tell then.
                    let _ = infos.send(Thought::Info(info.clone()));
                };
                let result = engine.search(&input, &limits, style, &thread_control, &mut listener);
                let _ = tx.send(Thought::Done(result));
            });
        // Without a thread, the channel's sender is dropped and the next read says Lost.
        Thinker {
            control,
            news,
            handle: spawned.ok(),
            purpose,
            board,
            ply,
        }
    }

    /// The next piece of news, waiting up to `wait` for it.
    pub fn next(&self, wait: Duration) -> Option<Thought> {
        match self.news.recv_timeout(wait) {
            Ok(t) => Some(t),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Thought::Lost),
        }
    }

    /// Ask the search to stop and give its best move so far.
    pub fn stop(&self) {
        self.control.stop();
    }

    /// Stop the search and wait for its thread to end, discarding what it found.
    pub fn cancel(mut self) {
        self.control.stop();
        self.join();
    }

    fn join(&mut self) {
        if let Some(h) = self.handle.take() {
            // A search thread that panicked has nothing left to clean up.
            let _ = h.join();
        }
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        self.control.stop();
        self.join();
    }
}
