//! Which openings a match plays: one position given, a file of them, or the variant's
//! default set, as many as the match has pairs of games.

use damier_core::Variant;
use damier_openings::{self as openings, Opening, OpeningError};
use std::path::{Path, PathBuf};

/// Where a match's openings come from.
#[derive(Clone, Copy, Debug)]
pub enum OpeningSource<'a> {
    /// One start, a FEN or moves from the start, read as a line of an openings file is.
    Text(&'a str),
    /// A file of openings, one a line.
    File(&'a Path),
    /// The variant's default set: the three-move ballots for English, balanced random
    /// openings otherwise.
    Default,
}

/// The most random openings a default set is made with: more pairs of games replay them.
pub const MOST_DEFAULT_OPENINGS: usize = 200;

/// Why a match has no openings.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The opening given does not read (the caller names its option).
    #[error("\"{text}\": {reason}")]
    Text {
        /// The text given.
        text: String,
        /// Why it does not read.
        reason: OpeningError,
    },
    /// The file cannot be read, or a line of it is no opening.
    #[error("{}: {reason}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: OpeningError,
    },
    /// No balanced opening could be made.
    #[error("no opening could be made for {0}")]
    NoneMade(Variant),
}

/// The openings of a match of `games` games of `variant` from `source`; a default set has
/// one opening for each pair of games (at most [`MOST_DEFAULT_OPENINGS`]), made from `seed`.
///
/// # Errors
/// [`OpeningsError`]: what was given does not read, or no opening could be made.
pub fn openings_for(
    variant: Variant,
    source: OpeningSource<'_>,
    games: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningsError> {
    let set = match source {
        OpeningSource::Text(text) => {
            openings::from_text(variant, text).map_err(|reason| OpeningsError::Text {
                text: text.to_string(),
                reason,
            })?
        }
        OpeningSource::File(path) => {
            openings::from_file(variant, path).map_err(|reason| OpeningsError::File {
                path: path.to_path_buf(),
                reason,
            })?
        }
        OpeningSource::Default => {
            let count = games.div_ceil(2).min(MOST_DEFAULT_OPENINGS);
            openings::default_set(variant, count, seed)
        }
    };
    match set.is_empty() {
        true => Err(OpeningsError::NoneMade(variant)),
        false => Ok(set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_given_read_or_made_one_a_pair() {
        let v = Variant::INTERNATIONAL;
        let one = openings_for(v, OpeningSource::Text("32-28 19-23"), 10, 1).unwrap();
        assert_eq!(one.len(), 1);
        let e = openings_for(v, OpeningSource::Text("32-26"), 10, 1).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("\"32-26\": openings line 1: 32-26: "),
            "{e}"
        );
        let missing = Path::new("/nonexistent/openings.txt");
        let e = openings_for(v, OpeningSource::File(missing), 10, 1).unwrap_err();
        assert!(
            e.to_string().starts_with("/nonexistent/openings.txt: "),
            "{e}"
        );
        let english = "english".parse().unwrap();
        let ballots = openings_for(english, OpeningSource::Default, 4, 1).unwrap();
        assert!(ballots.len() > 100, "the ballots whatever the count");
        let made = openings_for(v, OpeningSource::Default, 5, 1).unwrap();
        assert_eq!(made.len(), 3, "one opening a pair of games");
        assert_eq!(
            OpeningsError::NoneMade(v).to_string(),
            "no opening could be made for international"
        );
    }
}
