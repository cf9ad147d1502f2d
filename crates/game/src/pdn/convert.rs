//! A file's games written again (`damier pdn convert`): PDN with short or long moves, a FEN
//! after every move, or one JSON object a game; what could not be read or was left out is
//! said beside them, never silently lost.

use super::export::GameExport;
use super::report::BadGames;
use super::writer::{write_game, WriteOptions};
use super::{PdnError, PdnGame};
use std::fmt;
use std::str::FromStr;

/// What a conversion writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// PDN with the short move form.
    Short,
    /// PDN with every landing square of captures.
    Long,
    /// A FEN after every move.
    Fen,
}

impl Target {
    /// Every target, as its name is asked for.
    pub const ALL: [Target; 3] = [Target::Short, Target::Long, Target::Fen];

    /// The name it is asked for by.
    pub fn name(self) -> &'static str {
        match self {
            Target::Short => "short",
            Target::Long => "long",
            Target::Fen => "fen",
        }
    }

    /// What it writes, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Target::Short => "PDN with the short move form",
            Target::Long => "PDN with every landing square of captures",
            Target::Fen => "A FEN after every move",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Target`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not short, long or fen")]
pub struct UnknownTarget(pub String);

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(text: &str) -> Result<Target, UnknownTarget> {
        Target::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| UnknownTarget(text.to_string()))
    }
}

/// A file's games converted ([`convert`]).
#[derive(Clone, Debug)]
pub struct Converted {
    /// The text, a line each (no newlines): PDN games a blank line apart, or each game's
    /// FEN lines; nothing for JSON.
    pub lines: Vec<String>,
    /// For JSON, each game that reads, to be written as one object a line (the serialiser
    /// is the caller's: the game layer only makes the objects).
    pub exports: Vec<GameExport>,
    /// What was not written, in order: a game that does not read (its error), and what a
    /// written game lacks or changed from the file's (`game 2: …`).
    pub notes: Vec<String>,
    /// Whether every game read; the conversion ends with this error, once all is written.
    pub bad: Result<(), BadGames>,
}

/// Write `games` (one `Result` per game of a file, as [`super::read`] gives them) as `to`
/// asks, or, when `json`, make each an object to write (with long moves when `to` is
/// [`Target::Long`]). A game that does not read is left out and said in the notes.
pub fn convert(games: &[Result<PdnGame, PdnError>], to: Target, json: bool) -> Converted {
    let options = WriteOptions {
        long_moves: to == Target::Long,
    };
    let mut text = String::new();
    let mut exports = Vec::new();
    let mut notes = Vec::new();
    let mut bad = 0;
    for (i, game) in games.iter().enumerate() {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                bad += 1;
                notes.push(e.to_string());
                continue;
            }
        };
        notes.extend(
            game.read_notes
                .iter()
                .map(|n| format!("game {}: {n}", i + 1)),
        );
        if json {
            exports.push(game.export(options.long_moves));
        } else if to == Target::Fen {
            text.push_str(&game.fen_lines());
        } else {
            // Games a blank line apart, as `write` joins them; a game left out leaves none.
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&write_game(game, &options));
        }
    }
    Converted {
        lines: text.lines().map(str::to_string).collect(),
        exports,
        notes,
        bad: BadGames::check(bad, games.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::{read, write};
    use damier_core::Variant;

    const TWO: &str = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *\n\n\
                       [GameType \"20\"]\n1. 33-28 (1. 19-23) 18-23 *\n";

    #[test]
    fn pdn_is_written_as_write_joins_it() {
        let games = read(TWO, Variant::INTERNATIONAL);
        let out = convert(&games, Target::Short, false);
        let all: Vec<PdnGame> = games.iter().cloned().map(Result::unwrap).collect();
        let whole = write(&all, &WriteOptions::default());
        assert_eq!(out.lines, whole.lines().collect::<Vec<_>>());
        assert_eq!(out.bad, Ok(()));
        let [note] = <[_; 1]>::try_from(out.notes).unwrap();
        assert!(
            note.starts_with("game 2: the variation at line 5, column 10 was left out"),
            "{note}"
        );
    }

    #[test]
    fn a_game_that_does_not_read_is_said_and_counted() {
        let text = format!("{TWO}\n[GameType \"20\"]\n1. 32-28 19-25 *\n");
        let games = read(&text, Variant::INTERNATIONAL);
        let out = convert(&games, Target::Long, false);
        assert_eq!(
            out.bad.unwrap_err().to_string(),
            "1 of 3 games has an error"
        );
        assert!(
            out.notes[1].starts_with("game 3, line 8, column "),
            "{:?}",
            out.notes
        );
        // The two that read are written, a blank line after each one's tags, one between
        // them and none after.
        assert_eq!(out.lines.iter().filter(|l| l.is_empty()).count(), 3);
        assert!(out.lines.last().unwrap().ends_with('*'));
    }

    #[test]
    fn fen_and_json_forms() {
        let games = read(TWO, Variant::INTERNATIONAL);
        let fen = convert(&games[..1], Target::Fen, false);
        assert_eq!(fen.lines.len(), 5, "{:?}", fen.lines);
        assert!(
            fen.lines[4].starts_with("2. 28x19\tB:W19,31,"),
            "{:?}",
            fen.lines
        );
        let json = convert(&games, Target::Long, true);
        assert!(json.lines.is_empty());
        assert_eq!(json.exports.len(), 2);
        assert_eq!(json.exports[0].moves[2].text, "28x19");
        assert_eq!("fen".parse(), Ok(Target::Fen));
        assert_eq!(
            "xyz".parse::<Target>().unwrap_err().to_string(),
            "'xyz' is not short, long or fen"
        );
    }
}
