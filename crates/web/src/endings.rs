//! [`Endings`]: the endgame databases the server's games probe, and the page's way to build a
//! variant's recommended set when it has none (one build at a time, on the server's machine,
//! allowed only where the server says so: building takes minutes of every core and tens of
//! megabytes of disk).

use crate::error::ApiError;
use damier_core::Variant;
use damier_egdb::store::{self, SetEvent, SetTally};
use damier_egdb::{recommended, Egdb, Recommended};
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

/// The databases by variant, where they live, and the build under way (or the last one).
pub struct Endings {
    loaded: RwLock<HashMap<Variant, Arc<Egdb>>>,
    /// The folder of the databases (`None`: the server runs without any, `--egdb none`).
    root: Option<PathBuf>,
    /// Whether a page may start a build.
    builds: bool,
    build: Arc<Mutex<Option<Build>>>,
}

/// Whether a build runs, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildState {
    /// Under way.
    Building,
    /// Finished: new games probe the set.
    Done,
    /// Stopped by an error (in [`Build::error`]).
    Failed,
}

/// A build started from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Build {
    /// The variant whose set is built (its set's owner: German builds Brazilian's).
    pub variant: String,
    /// Pieces on the board, at most.
    pub pieces: u32,
    /// Under way, done or failed.
    pub state: BuildState,
    /// Pairs of slices finished.
    pub done: usize,
    /// Pairs of slices in the set.
    pub total: usize,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// What the page is told of a variant's databases.
#[derive(Clone, Debug, Serialize)]
pub struct EndingsInfo {
    /// The variant asked about.
    pub variant: String,
    /// Pieces of the largest slices loaded, or `None` when the variant has no databases.
    pub pieces: Option<u32>,
    /// The set a newcomer should build.
    pub recommended: RecommendedInfo,
    /// The command that builds it on the server's machine.
    pub command: String,
    /// Whether this server builds it when asked (`POST`).
    pub buildable: bool,
    /// The build of this variant's set started from a page, if any since the server began.
    pub build: Option<Build>,
}

/// [`damier_egdb::Recommended`] as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct RecommendedInfo {
    /// Pieces on the board, at most.
    pub pieces: u32,
    /// Minutes to build on a 2-core machine, about.
    pub minutes: u32,
    /// Megabytes on disk, about.
    pub megabytes: u32,
}

/// Whether a server listening on `host` with these public `host_names` lets its pages build
/// databases unless told: only a server of one's own, on a loopback address and without a
/// public name (a public server behind a proxy on 127.0.0.1 has one).
pub fn builds_by_default(host: &str, host_names: &[String]) -> bool {
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    loopback && host_names.is_empty()
}

impl Endings {
    /// The databases `loaded` at start, kept in `root`; `builds` says whether a page may
    /// build a missing set.
    pub fn new(loaded: HashMap<Variant, Arc<Egdb>>, root: Option<PathBuf>, builds: bool) -> Self {
        Endings {
            loaded: RwLock::new(loaded),
            builds: builds && root.is_some(),
            root,
            build: Arc::new(Mutex::new(None)),
        }
    }

    /// The databases a new game of `variant` probes.
    pub fn get(&self, variant: Variant) -> Option<Arc<Egdb>> {
        self.read().get(&variant).cloned()
    }

    /// What the page shows of `variant`'s databases.
    pub fn info(&self, variant: Variant) -> EndingsInfo {
        let r = recommended(variant);
        let owner = store::set_variant(variant).to_string();
        let build = self
            .build
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .filter(|b| b.variant == owner);
        EndingsInfo {
            variant: variant.to_string(),
            pieces: self.get(variant).map(|db| db.max_pieces()),
            recommended: RecommendedInfo {
                pieces: r.pieces,
                minutes: r.minutes,
                megabytes: r.megabytes,
            },
            command: Recommended::command(variant),
            buildable: self.builds,
            build,
        }
    }

    /// Start building `variant`'s recommended set in the background (or a smaller one of
    /// `pieces` pieces, quicker); when it is done, games started from then on probe it.
    ///
    /// # Errors
    /// [`ApiError::Forbidden`] when this server does not build databases for its pages;
    /// [`ApiError::Invalid`] for `pieces` under 2 or over the recommended set's;
    /// [`ApiError::Conflict`] when a build is under way or the set is there already.
    pub fn start_build(
        self: &Arc<Self>,
        variant: Variant,
        pieces: Option<u32>,
    ) -> Result<EndingsInfo, ApiError> {
        let Some(root) = self.root.clone().filter(|_| self.builds) else {
            return Err(ApiError::Forbidden(format!(
                "this server does not build endgame databases for its pages: run `{}` on its \
                 machine and restart it",
                Recommended::command(variant)
            )));
        };
        let most = recommended(variant).pieces;
        let pieces = pieces.unwrap_or(most);
        // The recommended set is the most a page may ask of the server's machine.
        if !(2..=most).contains(&pieces) {
            return Err(ApiError::Invalid(format!(
                "pieces must be between 2 and {most} ({variant}'s recommended set), got {pieces}"
            )));
        }
        if self
            .get(variant)
            .is_some_and(|db| db.max_pieces() >= pieces)
        {
            return Err(ApiError::Conflict(format!(
                "{variant}'s endgame databases of {pieces} pieces are there already"
            )));
        }
        let owner = store::set_variant(variant);
        {
            let mut slot = self.build.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(running) = slot.as_ref().filter(|b| b.state == BuildState::Building) {
                return Err(ApiError::Conflict(format!(
                    "{}'s endgame databases are being built: one build at a time",
                    running.variant
                )));
            }
            *slot = Some(Build {
                variant: owner.to_string(),
                pieces,
                state: BuildState::Building,
                done: 0,
                total: store::plan(owner, pieces).len(),
                error: None,
            });
        }
        let me = Arc::clone(self);
        std::thread::Builder::new()
            .name(format!("egdb build {owner}"))
            .spawn(move || me.run_build(&root, owner, pieces))
            .map_err(|e| ApiError::Internal(format!("cannot start the build: {e}")))?;
        Ok(self.info(variant))
    }

    /// Build `owner`'s set of `pieces` pieces into `root` (on rayon's global pool, every
    /// core), then open it for every variant that plays it.
    fn run_build(&self, root: &std::path::Path, owner: Variant, pieces: u32) {
        let tally = Mutex::new(SetTally::default());
        let report = |event: SetEvent| {
            let done = tally
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .record(&event)
                .done;
            self.update(|b| b.done = done);
        };
        let outcome = store::build_set(root, owner, pieces, &report)
            .map_err(|e| e.to_string())
            .and_then(|()| self.open_built(root, owner));
        // A closed standard error loses the line, never the server.
        let _ = match &outcome {
            Ok(()) => writeln!(
                std::io::stderr(),
                "damier serve: {owner}'s endgame databases ({pieces} pieces) built in {}",
                root.display()
            ),
            Err(e) => writeln!(
                std::io::stderr(),
                "damier serve: building {owner}'s endgame databases failed: {e}"
            ),
        };
        self.update(|b| match outcome {
            Ok(()) => b.state = BuildState::Done,
            Err(e) => {
                b.state = BuildState::Failed;
                b.error = Some(e);
            }
        });
    }

    /// Open the set just built for `owner` and every variant that plays it.
    fn open_built(&self, root: &std::path::Path, owner: Variant) -> Result<(), String> {
        let mut opened = Vec::new();
        for variant in Variant::all().filter(|&v| store::set_variant(v) == owner) {
            let db =
                Egdb::open(root, variant, store::SERVER_CACHE_MB).map_err(|e| e.to_string())?;
            opened.push((variant, Arc::new(db)));
        }
        self.loaded
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .extend(opened);
        Ok(())
    }

    fn update(&self, change: impl FnOnce(&mut Build)) {
        if let Some(b) = self
            .build
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            change(b);
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<Variant, Arc<Egdb>>> {
        self.loaded.read().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_server_of_one_s_own_builds_by_default() {
        assert!(builds_by_default("127.0.0.1", &[]));
        assert!(builds_by_default("::1", &[]));
        assert!(builds_by_default("localhost", &[]));
        assert!(!builds_by_default("0.0.0.0", &[]));
        assert!(!builds_by_default("192.168.1.5", &[]));
        assert!(!builds_by_default(
            "127.0.0.1",
            &["draughts.example.org".to_string()]
        ));
    }
}
