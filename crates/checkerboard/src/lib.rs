//! # damier-checkerboard: Damier as a CheckerBoard engine
//!
//! CheckerBoard, the Windows program most players of English and Italian checkers use, plays
//! against engines that are DLLs exporting three functions (its "CheckerBoard API"):
//! `getmove` (a move for a board and a time), `enginecommand` (name, settings, the game
//! history, legal moves) and `islegal` (a user's move). This crate builds that DLL.
//!
//! - [`board`]: CheckerBoard's board array, square numbers and move record, to and from
//!   Damier's positions and moves, for each game type it knows (English 21, Italian 22,
//!   Spanish 24, Russian 25, Brazilian 26);
//! - [`text`]: its positions, moves, game histories and move lists as text;
//! - [`session`]: the engine, its settings and its searches;
//! - the exported functions themselves, in a module of their own (the only `unsafe` code).
//!
//! CheckerBoard never tells an engine which game it plays; it asks (`get gametype`). One DLL
//! plays the game its file name names — `damier-italian.dll` plays Italian — and English
//! when it names none.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
mod ffi;
pub mod session;
pub mod text;

pub use board::GameType;
pub use session::Session;

/// The game a DLL at `path` plays: the first game type whose name is in the file's name,
/// else English.
pub fn game_of_file(path: Option<&str>) -> GameType {
    let name = path
        .map(|p| {
            let file = p.rsplit(['/', '\\']).next().unwrap_or(p);
            file.to_ascii_lowercase()
        })
        .unwrap_or_default();
    GameType::ALL
        .into_iter()
        .find(|g| name.contains(g.name()))
        .unwrap_or(GameType::English)
}
