//! An openings file, and what names it in a folder's settings.

use damier_core::Variant;
use damier_openings::{self as openings, Opening, OpeningError};
use sha2::{Digest, Sha256};

/// Openings read from a file, with what names the file in the folder's settings: its path
/// as given, a digest of its bytes and its number of openings, so that a reader of the
/// folder can tell which openings made its games.
#[derive(Clone, Debug)]
pub struct OpeningsFile {
    /// The file's path, as it was given.
    pub path: String,
    /// The first 16 hexadecimal digits of the SHA-256 of its bytes (the start of what
    /// `sha256sum` prints).
    pub sha256: String,
    /// Its openings: game `i` of a run plays opening `i` modulo their number.
    pub openings: Vec<Opening>,
}

impl OpeningsFile {
    /// The openings of `variant` in `text`, the content of the file `path`.
    ///
    /// # Errors
    /// [`OpeningError`] naming the first line that is not an opening, or none at all.
    pub fn from_text(
        path: impl Into<String>,
        variant: Variant,
        text: &str,
    ) -> Result<OpeningsFile, OpeningError> {
        let digest = Sha256::digest(text.as_bytes());
        Ok(OpeningsFile {
            path: path.into(),
            sha256: digest[..8].iter().map(|b| format!("{b:02x}")).collect(),
            openings: openings::from_text(variant, text)?,
        })
    }
}

impl OpeningsFile {
    /// The openings of `variant` in the file at `path`.
    ///
    /// # Errors
    /// [`OpeningError::Unreadable`], or [`OpeningsFile::from_text`]'s.
    pub fn read(path: &std::path::Path, variant: Variant) -> Result<OpeningsFile, OpeningError> {
        let text = openings::read_file(path)?;
        OpeningsFile::from_text(path.display().to_string(), variant, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::tests::{read, scratch, tiny};
    use crate::selfplay::{run, Config, PDN_FILE, SETTINGS_FILE};
    use damier_core::Base;
    use damier_game::pdn;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn the_openings_file_is_named_in_the_settings() {
        let english = Variant::new(Base::English);
        let text = "11-15 23-19 8-11\n9-13 22-18\n";
        let file = OpeningsFile::from_text("books/two.txt", english, text).unwrap();
        // `printf '11-15 23-19 8-11\n9-13 22-18\n' | sha256sum` begins so.
        assert_eq!(file.sha256, "a43cdb54c27dc0f5");
        let dir = scratch("openings");
        let cfg = Config {
            openings: Some(file),
            ..tiny(2)
        };
        run(&dir, &cfg, &AtomicBool::new(false), &mut |_| {}).unwrap();
        let settings: serde_json::Value =
            serde_json::from_slice(&read(&dir, SETTINGS_FILE)).unwrap();
        let named = serde_json::json!({
            "file": "books/two.txt",
            "sha256": "a43cdb54c27dc0f5",
            "count": 2,
        });
        assert_eq!(settings["runs"][0]["openings"], named);
        // The games start from them, in turn.
        let games = pdn::read_bytes(&read(&dir, PDN_FILE), english);
        for (game, first) in games.iter().zip(["11-15", "9-13"]) {
            assert_eq!(game.as_ref().unwrap().main.moves[0].notation, first);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
