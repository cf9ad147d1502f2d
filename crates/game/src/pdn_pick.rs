//! One position of one game of a PDN file, as a reader names it: which game (1 for the
//! first) and after which move, or else the game's last position. `damier diagram --pdn`
//! draws it.

use crate::pdn::{self, MoveNumberError, PdnError};
use crate::Board;
use damier_core::Variant;
use std::path::{Path, PathBuf};

/// No game of the number asked for in a PDN file (games count from 1: a 0 names none, as a
/// number past the last does).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} has {count} game{}; there is no game {number}", path.display(), if *count == 1 { "" } else { "s" })]
pub struct NoSuchGame {
    /// The file.
    pub path: PathBuf,
    /// The games it holds.
    pub count: usize,
    /// The game asked for.
    pub number: usize,
}

/// Game `number` (1 for the first) of `games`, read from the file at `path`.
///
/// # Errors
/// [`NoSuchGame`] when there is no such game.
pub fn numbered<T>(games: Vec<T>, number: usize, path: &Path) -> Result<T, NoSuchGame> {
    let count = games.len();
    number
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .ok_or_else(|| NoSuchGame {
            path: path.to_path_buf(),
            count,
            number,
        })
}

/// Why [`pick`] finds no position.
#[derive(Debug, thiserror::Error)]
pub enum PickError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// No game of the number asked for.
    #[error(transparent)]
    NoSuchGame(#[from] NoSuchGame),
    /// The game asked for does not read.
    #[error("reading game {number} of {}", path.display())]
    Game {
        /// Which game (from 1).
        number: usize,
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        #[source]
        source: PdnError,
    },
    /// The game has no move of the number asked for.
    #[error(transparent)]
    Move(#[from] MoveNumberError),
}

/// The position of game `number` (1 for the first) of the PDN file at `path` after its move
/// `after` (`12` for the first mover's twelfth, `12...` for the other side's), or after its
/// last move when `after` is `None`. A game with no variant tag is read as `default`.
///
/// # Errors
/// [`PickError`]: the file does not read, has no such game, the game does not read, or it
/// has no such move.
pub fn pick(
    path: &Path,
    default: Variant,
    number: usize,
    after: Option<&str>,
) -> Result<Board, PickError> {
    let bytes = std::fs::read(path).map_err(|source| PickError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let games = pdn::read_bytes(&bytes, default);
    let game = numbered(games, number, path)?.map_err(|source| PickError::Game {
        number,
        path: path.to_path_buf(),
        source,
    })?;
    match after {
        None => Ok(*game.positions().last().expect("a line has its start")),
        Some(after) => Ok(game.position_after(after)?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pdn");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    const TWO_GAMES: &str =
        "[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";

    #[test]
    fn picks_the_game_and_the_move_asked_for() {
        let (_dir, path) = file(TWO_GAMES);
        let v = Variant::INTERNATIONAL;
        let fen = |number, after| pick(&path, v, number, after).unwrap().fen();
        // After 2. 28x19: Black to move, 19 White's, 28 empty.
        let after_28x19 = fen(2, Some("2"));
        assert!(after_28x19.starts_with("B:W19,31,"), "{after_28x19}");
        assert!(!after_28x19.contains(",28,"), "{after_28x19}");
        // No move named: the last position, after 14x23 (White to move, 19 taken).
        let last = fen(2, None);
        assert!(last.starts_with("W:W31,"), "{last}");
        assert!(!last.contains("19"), "{last}");
        assert_eq!(fen(1, None), fen(1, Some("1")));
    }

    #[test]
    fn says_which_game_or_move_is_not_there() {
        let (dir, path) = file(TWO_GAMES);
        let v = Variant::INTERNATIONAL;
        for number in [0, 3] {
            let e = pick(&path, v, number, None).unwrap_err();
            assert!(
                matches!(&e, PickError::NoSuchGame(n) if n.count == 2 && n.number == number),
                "{e}"
            );
            assert!(
                e.to_string()
                    .ends_with(&format!("games.pdn has 2 games; there is no game {number}")),
                "{e}"
            );
        }
        let e = pick(&path, v, 2, Some("5...")).unwrap_err();
        assert!(e.to_string().contains("no move 5..."), "{e}");
        let e = pick(&dir.path().join("none.pdn"), v, 1, None).unwrap_err();
        assert!(matches!(e, PickError::Read { .. }), "{e}");

        let (_bad_dir, bad) = file("[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n1. 32-99 *\n");
        assert!(pick(&bad, v, 1, None).is_ok());
        let e = pick(&bad, v, 2, None).unwrap_err();
        assert!(matches!(e, PickError::Game { number: 2, .. }), "{e}");
        assert!(e.to_string().starts_with("reading game 2 of "), "{e}");
        let why = std::error::Error::source(&e).unwrap().to_string();
        assert!(why.starts_with("game 2, line 5"), "{why}");
    }
}
