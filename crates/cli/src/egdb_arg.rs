//! `--egdb`: which endgame databases a searching command probes.

use crate::output::Usage;
use anyhow::Result;
use damier_core::Variant;
use damier_egdb::source::{Source, SourceError};
use damier_egdb::{store, Egdb};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;

/// Help text shared by every `--egdb`.
pub const HELP: &str = "Endgame databases: a folder made by `damier egdb build`, or `none` \
    [default: the default folder (see `damier egdb info`) when it holds the variant's]";

/// Open the databases `--egdb` names for `variant` ([`Source::open`]'s policy): `None` for
/// `none`, or when the default folder has none of the variant's; a named folder without any,
/// or with a damaged file, is refused.
pub fn open(text: Option<&str>, variant: Variant) -> Result<Option<Arc<Egdb>>> {
    let opened = Source::from_arg(text)
        .open(variant, store::SEARCH_CACHE_MB)
        .map_err(|e| refusal(e, "--egdb"))?;
    for warning in opened.warnings() {
        crate::output::tell!("damier: warning: {warning}");
    }
    // A person at a terminal is told once how to get them; a script is not disturbed.
    if let Some(note) = opened.missing.filter(|_| std::io::stderr().is_terminal()) {
        crate::output::tell!("damier: {note}");
    }
    Ok(opened.db.map(Arc::new))
}

/// Open the databases of every variant found under the folder `--egdb` names (the default
/// folder without it; nothing for `none`).
pub fn open_all(text: Option<&str>) -> Result<HashMap<Variant, Arc<Egdb>>> {
    let (sets, warnings) = Source::from_arg(text)
        .open_all(store::SERVER_CACHE_MB)
        .map_err(|e| refusal(e, "--egdb"))?;
    for warning in &warnings {
        crate::output::tell!("damier: warning: {warning}");
    }
    Ok(sets.into_iter().map(|(v, db)| (v, Arc::new(db))).collect())
}

/// The folder `--egdb` names: the default folder without it, `None` for `none`.
pub fn root(text: Option<&str>) -> Option<PathBuf> {
    Source::from_arg(text).root()
}

/// Why a set named by `option` cannot be opened: the user's naming is a usage error (status
/// 2), a damaged file is not (status 1).
pub fn refusal(e: SourceError, option: &str) -> anyhow::Error {
    let message = e.of_option(option);
    if e.is_usage() {
        anyhow::Error::new(Usage(message))
    } else {
        anyhow::anyhow!(message)
    }
}

/// Say once, after a search or a game, that the databases could not all be read: the
/// search went on without the blocks it could not read.
pub fn warn_damage(db: Option<&Egdb>) {
    if let Some(damage) = db.and_then(Egdb::damage) {
        crate::output::tell!("damier: warning: {}", damage.warning());
    }
}
