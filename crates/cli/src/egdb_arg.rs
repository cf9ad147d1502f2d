//! `--egdb`: which endgame databases a searching command probes.

use crate::output::{usage, Usage};
use anyhow::Result;
use damier_core::Variant;
use damier_egdb::{left_out_warning, store, Egdb, EgdbError};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Help text shared by every `--egdb`.
pub const HELP: &str = "Endgame databases: a folder made by `damier egdb build`, or `none` \
    [default: the default folder (see `damier egdb info`) when it holds the variant's]";

/// Open the databases `--egdb` names for `variant`: `None` for `none`, or when the default
/// folder has none of the variant's; a named folder without any is a usage error. A damaged
/// file in a named folder is refused; in the default folder, which the user did not name,
/// it is told and left out, and the engine plays with the rest.
pub fn open(text: Option<&str>, variant: Variant) -> Result<Option<Arc<Egdb>>> {
    let root = match text {
        Some("none") => return Ok(None),
        Some(dir) => Path::new(dir).to_path_buf(),
        None => store::default_root(),
    };
    let db = match text {
        Some(_) => Egdb::open(&root, variant, store::SEARCH_CACHE_MB).map_err(refusal)?,
        None => match open_default(&root, variant, store::SEARCH_CACHE_MB) {
            Some(db) => db,
            None => return Ok(None),
        },
    };
    if db.slices().is_empty() {
        if text.is_some() {
            usage!(
                "--egdb {}: no {variant} databases there (build them with `damier egdb build -v {variant} --pieces N --dir {}`)",
                root.display(),
                root.display()
            );
        }
        // A person at a terminal is told once how to get them; a script is not disturbed.
        if std::io::stderr().is_terminal() {
            let folder = store::variant_dir(&root, store::set_variant(variant));
            crate::output::tell!(
                "damier: {}",
                damier_egdb::recommended(variant).missing_note(variant, &folder)
            );
        }
        return Ok(None);
    }
    Ok(Some(Arc::new(db)))
}

/// Open the databases of every variant found under the folder `--egdb` names (the default
/// folder without it; nothing for `none`).
pub fn open_all(text: Option<&str>) -> Result<std::collections::HashMap<Variant, Arc<Egdb>>> {
    let Some(root) = root(text) else {
        return Ok(Default::default());
    };
    if text.is_some() && !root.is_dir() {
        usage!("--egdb {}: no such folder", root.display());
    }
    let mut out = std::collections::HashMap::new();
    for variant in Variant::all() {
        if !store::variant_dir(&root, variant).is_dir() {
            continue;
        }
        let db = match text {
            Some(_) => Some(Egdb::open(&root, variant, store::SERVER_CACHE_MB).map_err(refusal)?),
            None => open_default(&root, variant, store::SERVER_CACHE_MB),
        };
        if let Some(db) = db.filter(|db| !db.slices().is_empty()) {
            out.insert(variant, Arc::new(db));
        }
    }
    Ok(out)
}

/// The folder `--egdb` names: the default folder without it, `None` for `none`.
pub fn root(text: Option<&str>) -> Option<PathBuf> {
    match text {
        Some("none") => None,
        Some(dir) => Some(PathBuf::from(dir)),
        None => Some(store::default_root()),
    }
}

/// The variant's databases in the default folder, without the files that cannot be read
/// (each told in a warning), or `None`, told too, when the folder itself cannot be read.
fn open_default(root: &Path, variant: Variant, cache_mb: usize) -> Option<Egdb> {
    match Egdb::open_sound(root, variant, cache_mb) {
        Ok((db, unread)) => {
            for e in unread {
                crate::output::tell!("damier: warning: {}", left_out_warning(&e, variant));
            }
            Some(db)
        }
        Err(e) => {
            crate::output::tell!(
                "damier: warning: {e}; the engine goes on without endgame databases"
            );
            None
        }
    }
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
        crate::output::tell!("damier: warning: {}", damage.warning());
    }
}
