//! The DamExchange layer 2 messages: each a string of 1 to 127 ASCII characters whose first
//! character names it, with fixed-width fields (names padded to 32 characters, numbers with
//! leading zeroes). Reading checks every field and says which one is wrong and where.

use damier_core::Color;
use std::fmt;

/// The one protocol version there is.
pub const VERSION: &str = "01";

/// A DamExchange message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `R`: the initiator asks for a game.
    GameReq {
        /// The initiator's program name.
        initiator: String,
        /// The colour the follower plays.
        follower: Color,
        /// Thinking time of each side for the whole game, minutes.
        minutes: u16,
        /// Moves of each side in the game (the time is for them), after which either program
        /// may end it; 0: no limit.
        moves: u16,
        /// The start position: the side to move and 50 squares, or `None` for the usual
        /// start with White to move.
        position: Option<(Color, String)>,
    },
    /// `A`: the follower's answer.
    GameAcc {
        /// The follower's program name.
        follower: String,
        /// Whether and why not.
        answer: Acceptance,
    },
    /// `M`: a move.
    Move {
        /// Seconds spent on it.
        seconds: u16,
        /// Start square (1–50).
        from: u8,
        /// End square.
        to: u8,
        /// Squares of the captured pieces, in any order.
        captured: Vec<u8>,
    },
    /// `E`: the game ends (sent instead of a move, and answered with one).
    GameEnd {
        /// Why.
        reason: EndReason,
        /// Whether the sender wants no further game.
        stop: bool,
    },
    /// `C`: free text.
    Chat(String),
    /// `B`: a request to go back to the position of a move number with a side to move.
    BackReq {
        /// Move number, from 1.
        number: u16,
        /// The side to move there.
        side: Color,
    },
    /// `K`: the answer to a back request.
    BackAcc(BackAnswer),
}

/// The follower's answer to a game request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// `0`: the game starts.
    Accepted,
    /// `1`: another protocol version was asked for.
    WrongVersion,
    /// `2`: not this game (a position without moves, a time too long…), another maybe.
    NotThisGame,
    /// `3`: no game at all.
    NoGame,
}

/// Why a game ends, as its sender says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason given (also the answer to a GAMEEND).
    Unknown,
    /// `1`: the sender gives up (or lost).
    ILose,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender wins.
    IWin,
}

/// The answer to a back request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackAnswer {
    /// `0`: done.
    Accepted,
    /// `1`: the program does not take moves back.
    NotSupported,
    /// `2`: refused (no such position in the game).
    Refused,
}

/// What is wrong with a received message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Nothing came.
    #[error("empty message")]
    Empty,
    /// The first character names no message.
    #[error("unknown message type '{0}'")]
    UnknownType(char),
    /// Too short or too long for its type.
    #[error("{kind} message of {got} characters, expected {expected}")]
    Length {
        /// The message's name.
        kind: &'static str,
        /// Its length.
        got: usize,
        /// What its type needs.
        expected: String,
    },
    /// A field holds what it cannot.
    #[error("{kind} message, {field} at column {column}: '{text}' {why}")]
    Field {
        /// The message's name.
        kind: &'static str,
        /// The field.
        field: &'static str,
        /// Its first column, from 1.
        column: usize,
        /// What it holds.
        text: String,
        /// What it should hold.
        why: &'static str,
    },
    /// A character outside ASCII 1–127.
    #[error("character {0:?} outside ASCII 1-127")]
    NotAscii(char),
    /// More than 127 characters came without the NUL that ends a message.
    #[error("a message of more than 127 characters (or without the NUL that ends one)")]
    TooLong,
}

const NAME: usize = 32;

fn side_char(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// A program name as Damier keeps it: printable ASCII (anything else shown as `?`), no
/// blanks around it, at most 32 characters.
fn clean_name(name: &str) -> String {
    let printable: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .collect();
    printable.trim().chars().take(NAME).collect()
}

/// A program name in its 32 columns: padded with blanks, never starting with one.
fn name_field(name: &str) -> String {
    format!("{:<NAME$}", clean_name(name))
}

impl fmt::Display for Message {
    /// The message as sent (without the terminating NUL of the socket layer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameReq {
                initiator,
                follower,
                minutes,
                moves,
                position,
            } => {
                write!(
                    f,
                    "R{VERSION}{}{}{:03}{:03}",
                    name_field(initiator),
                    side_char(*follower),
                    minutes.min(&999),
                    moves.min(&999)
                )?;
                match position {
                    None => write!(f, "A"),
                    Some((side, squares)) => write!(f, "B{}{squares}", side_char(*side)),
                }
            }
            Message::GameAcc { follower, answer } => {
                let code = match answer {
                    Acceptance::Accepted => '0',
                    Acceptance::WrongVersion => '1',
                    Acceptance::NotThisGame => '2',
                    Acceptance::NoGame => '3',
                };
                write!(f, "A{}{code}", name_field(follower))
            }
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                write!(
                    f,
                    "M{:04}{from:02}{to:02}{:02}",
                    seconds.min(&9999),
                    captured.len()
                )?;
                captured.iter().try_for_each(|c| write!(f, "{c:02}"))
            }
            Message::GameEnd { reason, stop } => {
                let r = match reason {
                    EndReason::Unknown => '0',
                    EndReason::ILose => '1',
                    EndReason::Draw => '2',
                    EndReason::IWin => '3',
                };
                write!(f, "E{r}{}", u8::from(*stop))
            }
            Message::Chat(text) => {
                let clean: String = text
                    .chars()
                    .map(|c| if c.is_ascii() && c != '\0' { c } else { '?' })
                    .take(126)
                    .collect();
                write!(f, "C{clean}")
            }
            Message::BackReq { number, side } => {
                write!(f, "B{:03}{}", number.min(&999), side_char(*side))
            }
            Message::BackAcc(a) => {
                let code = match a {
                    BackAnswer::Accepted => '0',
                    BackAnswer::NotSupported => '1',
                    BackAnswer::Refused => '2',
                };
                write!(f, "K{code}")
            }
        }
    }
}

/// Reads the fixed fields of one message, saying where a field goes wrong.
struct Fields<'a> {
    text: &'a str,
    kind: &'static str,
}

impl<'a> Fields<'a> {
    fn field(&self, at: usize, len: usize) -> &'a str {
        &self.text[at..at + len]
    }

    fn bad(&self, at: usize, len: usize, field: &'static str, why: &'static str) -> MessageError {
        MessageError::Field {
            kind: self.kind,
            field,
            column: at + 1,
            text: self.text[at..(at + len).min(self.text.len())].to_string(),
            why,
        }
    }

    fn number(&self, at: usize, len: usize, field: &'static str) -> Result<u16, MessageError> {
        let s = self.field(at, len);
        if !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.bad(at, len, field, "is not a number"));
        }
        s.parse()
            .map_err(|_| self.bad(at, len, field, "is not a number"))
    }

    fn square(&self, at: usize, field: &'static str) -> Result<u8, MessageError> {
        let n = self.number(at, 2, field)?;
        if !(1..=50).contains(&n) {
            return Err(self.bad(at, 2, field, "is no square 01-50"));
        }
        Ok(n as u8)
    }

    fn side(&self, at: usize, field: &'static str) -> Result<Color, MessageError> {
        match self.field(at, 1) {
            "W" => Ok(Color::White),
            "Z" => Ok(Color::Black),
            _ => Err(self.bad(at, 1, field, "is neither W nor Z")),
        }
    }

    fn code(
        &self,
        at: usize,
        field: &'static str,
        max: u8,
        why: &'static str,
    ) -> Result<u8, MessageError> {
        match self.field(at, 1).as_bytes()[0] {
            b @ b'0'..=b'9' if b - b'0' <= max => Ok(b - b'0'),
            _ => Err(self.bad(at, 1, field, why)),
        }
    }

    fn length(&self, expected: &[usize]) -> Result<(), MessageError> {
        if expected.contains(&self.text.len()) {
            return Ok(());
        }
        Err(MessageError::Length {
            kind: self.kind,
            got: self.text.len(),
            expected: expected
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or "),
        })
    }
}

impl std::str::FromStr for Message {
    type Err = MessageError;

    /// Read one message (without its terminating NUL).
    fn from_str(text: &str) -> Result<Message, MessageError> {
        if let Some(c) = text.chars().find(|&c| !c.is_ascii() || c == '\0') {
            return Err(MessageError::NotAscii(c));
        }
        if text.len() > 127 {
            return Err(MessageError::TooLong);
        }
        let first = text.chars().next().ok_or(MessageError::Empty)?;
        let kind = match first {
            'R' => "GAMEREQ",
            'A' => "GAMEACC",
            'M' => "MOVE",
            'E' => "GAMEEND",
            'C' => "CHAT",
            'B' => "BACKREQ",
            'K' => "BACKACC",
            other => return Err(MessageError::UnknownType(other)),
        };
        let f = Fields { text, kind };
        match first {
            'R' => {
                f.length(&[43, 94])?;
                if f.field(1, 2) != VERSION {
                    return Err(f.bad(1, 2, "version", "is not version 01"));
                }
                // A name should not start with a blank; one that does is read without it.
                let initiator = clean_name(f.field(3, NAME));
                let follower = f.side(35, "follower colour")?;
                let minutes = f.number(36, 3, "thinking time")?;
                let moves = f.number(39, 3, "number of moves")?;
                let position = match (f.field(42, 1), text.len()) {
                    ("A", 43) => None,
                    ("B", 94) => {
                        let side = f.side(43, "colour to move")?;
                        let squares = f.field(44, 50);
                        if let Some(i) = squares.find(|c| !"ewzWZ".contains(c)) {
                            return Err(f.bad(44 + i, 1, "position", "is none of e w z W Z"));
                        }
                        Some((side, squares.to_string()))
                    }
                    ("A", _) | ("B", _) => {
                        return Err(f.bad(42, 1, "starting position", "does not fit the length"))
                    }
                    _ => return Err(f.bad(42, 1, "starting position", "is neither A nor B")),
                };
                Ok(Message::GameReq {
                    initiator,
                    follower,
                    minutes,
                    moves,
                    position,
                })
            }
            'A' => {
                f.length(&[34])?;
                let answer = match f.code(33, "acceptance code", 3, "is no code 0-3")? {
                    0 => Acceptance::Accepted,
                    1 => Acceptance::WrongVersion,
                    2 => Acceptance::NotThisGame,
                    _ => Acceptance::NoGame,
                };
                Ok(Message::GameAcc {
                    follower: clean_name(f.field(1, NAME)),
                    answer,
                })
            }
            'M' => {
                if text.len() < 11 {
                    return Err(MessageError::Length {
                        kind,
                        got: text.len(),
                        expected: "11 or more".into(),
                    });
                }
                let seconds = f.number(1, 4, "time")?;
                let from = f.square(5, "from square")?;
                let to = f.square(7, "to square")?;
                let n = f.number(9, 2, "number captured")? as usize;
                f.length(&[11 + 2 * n])?;
                let captured = (0..n)
                    .map(|i| f.square(11 + 2 * i, "captured square"))
                    .collect::<Result<_, _>>()?;
                Ok(Message::Move {
                    seconds,
                    from,
                    to,
                    captured,
                })
            }
            'E' => {
                f.length(&[3])?;
                let reason = match f.code(1, "reason", 3, "is no reason 0-3")? {
                    0 => EndReason::Unknown,
                    1 => EndReason::ILose,
                    2 => EndReason::Draw,
                    _ => EndReason::IWin,
                };
                let stop = f.code(2, "stop code", 1, "is neither 0 nor 1")? == 1;
                Ok(Message::GameEnd { reason, stop })
            }
            'C' => Ok(Message::Chat(text[1..].to_string())),
            'B' => {
                f.length(&[5])?;
                let number = f.number(1, 3, "move number")?;
                if number == 0 {
                    return Err(f.bad(1, 3, "move number", "is not 001-999"));
                }
                Ok(Message::BackReq {
                    number,
                    side: f.side(4, "colour to move")?,
                })
            }
            _ => {
                f.length(&[2])?;
                Ok(Message::BackAcc(
                    match f.code(1, "acceptance code", 2, "is no code 0-2")? {
                        0 => BackAnswer::Accepted,
                        1 => BackAnswer::NotSupported,
                        _ => BackAnswer::Refused,
                    },
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_examples_read_and_write_back() {
        // The examples of the protocol's description.
        for text in [
            "R01Tornado voor Windows 4.0        W060065A",
            "ATornado voor Windows 4.0        0",
            "M0012061100",
            "M001205250422122320",
            "E00",
            "CWhat do you think about move 35?",
            "B005Z",
            "K1",
        ] {
            let m: Message = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(m.to_string(), text);
        }
        let m: Message = "M001205250422122320".parse().unwrap();
        assert_eq!(
            m,
            Message::Move {
                seconds: 12,
                from: 5,
                to: 25,
                captured: vec![22, 12, 23, 20]
            }
        );
        let req: Message = "R01Tornado voor Windows 4.0        W060065A"
            .parse()
            .unwrap();
        assert_eq!(
            req,
            Message::GameReq {
                initiator: "Tornado voor Windows 4.0".into(),
                follower: Color::White,
                minutes: 60,
                moves: 65,
                position: None
            }
        );
    }

    #[test]
    fn a_position_request_round_trips() {
        let squares = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
        let m = Message::GameReq {
            initiator: "Damier".into(),
            follower: Color::Black,
            minutes: 5,
            moves: 0,
            position: Some((Color::White, squares)),
        };
        let text = m.to_string();
        assert_eq!(text.len(), 94);
        assert_eq!(text.parse::<Message>().unwrap(), m);
    }

    #[test]
    fn bad_messages_say_what_and_where() {
        let err = |t: &str| t.parse::<Message>().unwrap_err().to_string();
        assert_eq!(err(""), "empty message");
        assert_eq!(err("X12"), "unknown message type 'X'");
        assert_eq!(
            err("M00120611"),
            "MOVE message of 9 characters, expected 11 or more"
        );
        assert_eq!(
            err("M0012061101"),
            "MOVE message of 11 characters, expected 13"
        );
        assert_eq!(
            err("M00120a1100"),
            "MOVE message, from square at column 6: '0a' is not a number"
        );
        assert_eq!(
            err("M0012061151"),
            "MOVE message of 11 characters, expected 113"
        );
        assert_eq!(
            err("M0012069900"),
            "MOVE message, to square at column 8: '99' is no square 01-50"
        );
        assert_eq!(
            err("R02Tornado voor Windows 4.0        W060065A"),
            "GAMEREQ message, version at column 2: '02' is not version 01"
        );
        assert_eq!(
            err("R01Tornado voor Windows 4.0        X060065A"),
            "GAMEREQ message, follower colour at column 36: 'X' is neither W nor Z"
        );
        assert_eq!(
            err("E05"),
            "GAMEEND message, stop code at column 3: '5' is neither 0 nor 1"
        );
        assert_eq!(
            err("B000W"),
            "BACKREQ message, move number at column 2: '000' is not 001-999"
        );
        assert_eq!(
            err("K7"),
            "BACKACC message, acceptance code at column 2: '7' is no code 0-2"
        );
        assert_eq!(err("Cé"), "character 'é' outside ASCII 1-127");
        assert_eq!(
            err(&format!("C{}", "x".repeat(127))),
            "a message of more than 127 characters (or without the NUL that ends one)"
        );
    }
}
