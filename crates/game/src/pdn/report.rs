//! A checked game as a check reports it: who played, the result, how far it reads, and what
//! is wrong or was noted on the way; one line for a person, or JSON (`damier pdn check`).

use super::check::{moves_in_words, CheckedGame};
use serde::{Serialize, Serializer};
use std::fmt;

/// A check's account of one game of a file ([`CheckedGame::report`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The `White` tag, or `?`.
    pub white: String,
    /// The `Black` tag, or `?`.
    pub black: String,
    /// The result as PDN writes it; `?` for a game that does not read.
    pub result: String,
    /// The variant the game was read as (left out where it does not read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Moves read, as players count them: a whole number, or one and a half (`39.5`).
    #[serde(serialize_with = "moves_of_plies")]
    pub moves: usize,
    /// Plies read (the same count as `moves`, in half-moves).
    pub plies: usize,
    /// What is wrong with the game, if anything.
    pub error: Option<ReportError>,
    /// How its variant was found, when that is worth saying.
    pub variant_note: Option<String>,
    /// What reading chose or read past.
    pub read_notes: Vec<String>,
}

/// Why a game of a check is in error: where its reading stopped and why, or (without a
/// place) what contradicts the game as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportError {
    /// The line where the reading stopped (from 1).
    pub line: Option<usize>,
    /// The column where the reading stopped (from 1).
    pub column: Option<usize>,
    /// Why.
    pub message: String,
}

/// `plies` as moves for JSON: a whole number where it is one, else a half (`39.5`).
fn moves_of_plies<S: Serializer>(plies: &usize, s: S) -> Result<S::Ok, S::Error> {
    if plies.is_multiple_of(2) {
        s.serialize_u64((plies / 2) as u64)
    } else {
        s.serialize_f64(*plies as f64 / 2.0)
    }
}

impl CheckedGame {
    /// The check's account of this game, numbered `number` in its file; `chooser` names how
    /// the reader picks another variant (`--variant` on the command line).
    pub fn report(&self, number: usize, chooser: &str) -> GameReport {
        let tag = |name: &str| {
            let value = match &self.game {
                Ok(g) => g.tag(name),
                Err(e) => e.tag(name),
            };
            value.unwrap_or("?").to_string()
        };
        let (result, variant, plies, error) = match &self.game {
            Ok(g) => (
                g.result.text().to_string(),
                Some(g.variant.to_string()),
                g.main.moves.len(),
                self.notes.contradiction.as_ref().map(|why| ReportError {
                    line: None,
                    column: None,
                    message: why.clone(),
                }),
            ),
            Err(e) => (
                "?".to_string(),
                None,
                e.moves_read,
                Some(ReportError {
                    line: Some(e.line),
                    column: Some(e.column),
                    message: e.kind.to_string(),
                }),
            ),
        };
        GameReport {
            game: number,
            white: tag("White"),
            black: tag("Black"),
            result,
            variant,
            moves: plies,
            plies,
            error,
            variant_note: self.notes.variant.as_ref().map(|n| n.describe(chooser)),
            read_notes: self.read_notes().to_vec(),
        }
    }
}

impl fmt::Display for GameReport {
    /// `3: Tjon - Sijbrands, 1-1, 39½ moves, ok`, or `…, error at line 4, column 7: why`,
    /// with the notes after it in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} - {}, {}, {}, ",
            self.game,
            self.white,
            self.black,
            self.result,
            moves_in_words(self.moves)
        )?;
        match &self.error {
            None => write!(f, "ok")?,
            Some(ReportError {
                line: Some(line),
                column: Some(column),
                message,
            }) => write!(f, "error at line {line}, column {column}: {message}")?,
            Some(e) => write!(f, "error: {}", e.message)?,
        }
        let notes: Vec<&str> = self
            .variant_note
            .iter()
            .chain(&self.read_notes)
            .map(String::as_str)
            .collect();
        if !notes.is_empty() {
            write!(f, " ({})", notes.join("; "))?;
        }
        Ok(())
    }
}

/// Games of a file that did not read or check, out of all: the error a check or a conversion
/// ends with once every game has been reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{bad} of {total} games {}", if *.bad == 1 { "has an error" } else { "have errors" })]
pub struct BadGames {
    /// Games in error.
    pub bad: usize,
    /// Games in the file.
    pub total: usize,
}

impl BadGames {
    /// Succeed when no game is `bad`.
    ///
    /// # Errors
    /// [`BadGames`] when some are.
    pub fn check(bad: usize, total: usize) -> Result<(), BadGames> {
        match bad {
            0 => Ok(()),
            _ => Err(BadGames { bad, total }),
        }
    }

    /// Succeed when every game of a check is sound ([`CheckedGame::is_sound`]).
    ///
    /// # Errors
    /// [`BadGames`] counting those that are not.
    pub fn of(games: &[CheckedGame]) -> Result<(), BadGames> {
        BadGames::check(games.iter().filter(|c| !c.is_sound()).count(), games.len())
    }
}

#[cfg(test)]
mod tests {
    use crate::pdn::{read_checked, Untagged};
    use damier_core::Variant;

    fn reports(text: &str) -> Vec<super::GameReport> {
        read_checked(text.as_bytes(), Untagged::Inferred(Variant::INTERNATIONAL))
            .iter()
            .enumerate()
            .map(|(i, c)| c.report(i + 1, "--variant"))
            .collect()
    }

    #[test]
    fn a_sound_game_a_contradicted_one_and_an_unreadable_one_are_each_told() {
        let file = "[White \"Tjon\"]\n[Black \"Sijbrands\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *\n\n\
                    [GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-1\n\n\
                    [GameType \"20\"]\n1. 32-28 19-25 *\n";
        let [sound, contradicted, unreadable] = <[_; 3]>::try_from(reports(file)).unwrap();
        assert_eq!(sound.to_string(), "1: Tjon - Sijbrands, *, 1½ moves, ok");
        let json = serde_json::to_value(&sound).unwrap();
        assert_eq!(json["moves"], serde_json::json!(1.5));
        assert_eq!(json["variant"], "international");
        assert_eq!(json["error"], serde_json::Value::Null);

        let said = contradicted.to_string();
        assert!(
            said.starts_with("2: ? - ?, 0-1, ½ move, error: the result 0-1 is not the board's"),
            "{said}"
        );
        let json = serde_json::to_value(&contradicted).unwrap();
        assert_eq!(json["error"]["line"], serde_json::Value::Null);

        let e = unreadable.error.as_ref().unwrap();
        assert_eq!((e.line, unreadable.result.as_str()), (Some(11), "?"));
        assert_eq!(unreadable.plies, 1, "32-28 was read");
        assert!(
            unreadable
                .to_string()
                .starts_with("3: ? - ?, ?, ½ move, error at line 11, column "),
            "{unreadable}"
        );
        let json = serde_json::to_value(&unreadable).unwrap();
        assert!(json.get("variant").is_none(), "{json}");
        assert_eq!(json["moves"], serde_json::json!(0.5));
    }

    #[test]
    fn notes_follow_the_verdict_in_brackets() {
        let [english] = <[_; 1]>::try_from(reports("1. 11-15 23-19 *")).unwrap();
        let note = english.variant_note.clone().unwrap();
        assert!(note.contains("read as english"), "{note}");
        assert_eq!(
            english.to_string(),
            format!("1: ? - ?, *, 1 move, ok ({note})")
        );
        assert_eq!(
            serde_json::to_value(&english).unwrap()["moves"],
            serde_json::json!(1)
        );
    }

    #[test]
    fn bad_games_are_counted_with_the_right_verb() {
        use super::BadGames;
        assert_eq!(BadGames::check(0, 4), Ok(()));
        assert_eq!(
            BadGames::check(1, 4).unwrap_err().to_string(),
            "1 of 4 games has an error"
        );
        assert_eq!(
            BadGames::check(3, 4).unwrap_err().to_string(),
            "3 of 4 games have errors"
        );
        let checked = read_checked(
            b"1. 32-28 *\n\n[GameType \"20\"]\n1. 32-26 *\n",
            Untagged::Inferred(Variant::INTERNATIONAL),
        );
        assert_eq!(BadGames::of(&checked), Err(BadGames { bad: 1, total: 2 }));
        assert_eq!(BadGames::of(&checked[..1]), Ok(()));
        let english = Variant::new(damier_core::Base::English);
        assert_eq!(
            Untagged::given_or(Some(english), Variant::INTERNATIONAL),
            Untagged::Given(english)
        );
        assert_eq!(
            Untagged::given_or(None, Variant::INTERNATIONAL),
            Untagged::Inferred(Variant::INTERNATIONAL)
        );
    }
}
