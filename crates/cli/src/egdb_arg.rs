//! `--egdb`: which endgame databases a searching command probes.

use crate::output::{usage, Usage};
use anyhow::Result;
use damier_core::Variant;
use damier_egdb::{store, Egdb, EgdbError};
use std::path::Path;
use std::sync::Arc;

/// Help text shared by every `--egdb`.
pub const HELP: &str = "Endgame databases: a folder made by `damier egdb build`, or `none` \
    [default: the default folder (see `damier egdb info`) when it holds the variant's]";

/// Decompressed blocks kept for a server's engines, per variant: a server opens the sets of
/// every variant at once, so each gets a quarter of one search's cache.
const SERVER_CACHE_MB: usize = store::SEARCH_CACHE_MB / 4;

/// Open the databases `--egdb` names for `variant`: `None` for `none`, or when the default
/// folder has none of the variant's; a named folder without any is a usage error.
pub fn open(text: Option<&str>, variant: Variant) -> Result<Option<Arc<Egdb>>> {
    let root = match text {
        Some("none") => return Ok(None),
        Some(dir) => Path::new(dir).to_path_buf(),
        None => store::default_root(),
    };
    let db = match Egdb::open(&root, variant, store::SEARCH_CACHE_MB) {
        Ok(db) => db,
        Err(e) => return Err(refusal(e)),
    };
    if db.slices().is_empty() {
        if text.is_some() {
            usage!(
                "--egdb {}: no {variant} databases there (build them with `damier egdb build -v {variant} --pieces N --dir {}`)",
                root.display(),
                root.display()
            );
        }
        return Ok(None);
    }
    Ok(Some(Arc::new(db)))
}

/// Open the databases of every variant found under the folder `--egdb` names (the default
/// folder without it; nothing for `none`).
pub fn open_all(text: Option<&str>) -> Result<std::collections::HashMap<Variant, Arc<Egdb>>> {
    let root = match text {
        Some("none") => return Ok(Default::default()),
        Some(dir) => Path::new(dir).to_path_buf(),
        None => store::default_root(),
    };
    if text.is_some() && !root.is_dir() {
        usage!("--egdb {}: no such folder", root.display());
    }
    let mut out = std::collections::HashMap::new();
    for variant in Variant::all() {
        if !store::variant_dir(&root, variant).is_dir() {
            continue;
        }
        match Egdb::open(&root, variant, SERVER_CACHE_MB) {
            Ok(db) if !db.slices().is_empty() => {
                out.insert(variant, Arc::new(db));
            }
            Ok(_) => {}
            Err(e) => return Err(refusal(e)),
        }
    }
    Ok(out)
}

/// Why a set named by `--egdb` cannot be opened: a folder that cannot be read is the
/// user's mistake (status 2), a damaged file is not (status 1).
fn refusal(e: EgdbError) -> anyhow::Error {
    match e {
        EgdbError::File { .. } => anyhow::anyhow!("--egdb: {e}"),
        e => anyhow::Error::new(Usage(format!("--egdb: {e}"))),
    }
}

/// Say once, after a search or a game, that the databases could not all be read: the
/// search went on without the blocks it could not read.
pub fn warn_damage(db: Option<&Egdb>) {
    if let Some(damage) = db.and_then(Egdb::damage) {
        crate::output::tell!(
            "damier: warning: a database is damaged ({damage}); the engine went on without \
             it (delete the file and build it again with `damier egdb build`)"
        );
    }
}
