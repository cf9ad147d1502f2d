//! Where Damier keeps what it makes for a user (endgame databases, puzzle progress) when no
//! folder is named.

use std::path::PathBuf;

/// `$XDG_DATA_HOME/damier`, `%LOCALAPPDATA%\damier` (Windows: endgame databases are large
/// and belong to the machine, not to a roaming profile), `%APPDATA%\damier` or
/// `~/.local/share/damier` (the current folder's `damier` when none of them is set).
pub fn user_data_dir() -> PathBuf {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("LOCALAPPDATA").map(PathBuf::from))
        .or_else(|| std::env::var_os("APPDATA").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("damier")
}
