//! PDN 3.0: read and write files of games, every move checked against the rules.
//!
//! [`read`] turns a file into one `Result` per game: a bad game is reported with its number,
//! line and column and the games after it are still read. [`write()`] gives text that [`read()`]
//! turns back into the same games.
//!
//! ```
//! use damier_core::Variant;
//! use damier_game::pdn;
//! let text = "[White \"Sijbrands\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0";
//! let games = pdn::read(text, Variant::INTERNATIONAL);
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("White"), Some("Sijbrands"));
//! assert_eq!(game.main.moves.len(), 4);
//! assert_eq!(pdn::read(&pdn::write(&[game.clone()], &Default::default()), Variant::INTERNATIONAL)[0], Ok(game.clone()));
//! ```

mod check;
mod convert;
mod date;
mod export;
mod gametype;
mod lexer;
mod movetext;
mod reader;
mod report;
mod tags;
mod writer;

use crate::board::{AnyMove, Board};
use crate::game::{Game, GameError, PlyKind};
use crate::result::{GameResult, Outcome, Reason};
use damier_core::fen::FenError;
use damier_core::notation::MoveError;
use damier_core::{Color, Variant};

pub use check::{
    moves_in_words, read_checked, read_some_checked, CheckNotes, CheckedGame, NoGame, Untagged,
    VariantNote,
};
pub use convert::{convert, Converted, Target, UnknownTarget};
pub use date::{civil_date, date_today, unix_days, unix_seconds};
pub use export::GameExport;
pub use reader::{read, read_bytes, read_bytes_inferring, read_tag_notes, VariantSource};
pub use report::{BadGames, GameReport, ReportError};
pub use tags::TagNotes;
pub use writer::{write, write_game, WriteOptions};

/// Whether `text` is a move mark PDN 3.0 allows (its `MOVESTRENGTH`): a run of `!` and `?`,
/// bare or in brackets.
pub fn is_move_mark(text: &str) -> bool {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    !inner.is_empty() && inner.chars().all(|c| c == '!' || c == '?')
}

/// The tags every game has, in the order they are written (`Result` comes from
/// [`PdnGame::result`]).
pub const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// A game termination marker, kept in the form it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PdnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `2-0` (points of 10x10 and 12x12 play, and Russian practice).
    WhiteWinsTwo,
    /// `0-2`.
    BlackWinsTwo,
    /// `1-1`.
    DrawOneOne,
    /// `0-0`: both sides forfeited; neither scores, and it is no draw.
    DoubleForfeit,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl PdnResult {
    /// Every form, as written.
    pub const ALL: [PdnResult; 8] = [
        PdnResult::WhiteWins,
        PdnResult::BlackWins,
        PdnResult::Draw,
        PdnResult::WhiteWinsTwo,
        PdnResult::BlackWinsTwo,
        PdnResult::DrawOneOne,
        PdnResult::DoubleForfeit,
        PdnResult::Unknown,
    ];

    /// The text.
    pub fn text(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "1-0",
            PdnResult::BlackWins => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::WhiteWinsTwo => "2-0",
            PdnResult::BlackWinsTwo => "0-2",
            PdnResult::DrawOneOne => "1-1",
            PdnResult::DoubleForfeit => "0-0",
            PdnResult::Unknown => "*",
        }
    }

    /// The form written as `text`.
    pub fn parse(text: &str) -> Option<PdnResult> {
        PdnResult::ALL.into_iter().find(|r| r.text() == text)
    }

    /// Who won, `None` for `*` and `0-0`.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            PdnResult::WhiteWins | PdnResult::WhiteWinsTwo => Some(Outcome::Win(Color::White)),
            PdnResult::BlackWins | PdnResult::BlackWinsTwo => Some(Outcome::Win(Color::Black)),
            PdnResult::Draw | PdnResult::DrawOneOne => Some(Outcome::Draw),
            PdnResult::DoubleForfeit | PdnResult::Unknown => None,
        }
    }

    /// The usual form of an outcome (`1-0`, `0-1`, `1/2-1/2`), `*` for none.
    pub fn of(outcome: Option<Outcome>) -> PdnResult {
        match outcome {
            Some(Outcome::Win(Color::White)) => PdnResult::WhiteWins,
            Some(Outcome::Win(Color::Black)) => PdnResult::BlackWins,
            Some(Outcome::Draw) => PdnResult::Draw,
            None => PdnResult::Unknown,
        }
    }
}

/// A move of a PDN game, with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    /// The move (checked legal in the position before it).
    pub mv: AnyMove,
    /// Its short notation, as the rules write it.
    pub notation: String,
    /// A move mark as written: `!`, `?`, `!!`, `??`, `!?`, `?!`, another run of `!` and `?`,
    /// or one of these in brackets (`(?)`).
    pub mark: Option<String>,
    /// Numeric annotation glyphs (`$1` …).
    pub nags: Vec<u16>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Line>,
}

/// A sequence of moves: the main line of a game or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move.
    pub leading: Vec<String>,
    /// The moves.
    pub moves: Vec<PdnMove>,
}

/// A move number that names no move of a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveNumberError {
    /// Not a number with one dot, three dots or none.
    #[error("'{0}' is not a move number (write 12 or 12. for the first mover's move, 12... for the other's)")]
    Form(String),
    /// The line has no move of that number.
    #[error("the game has no move {number} ({})", match last { Some(l) => format!("its last move is {l}"), None => "it has no moves".to_string() })]
    NoSuchMove {
        /// The number asked for, as PDN writes it.
        number: String,
        /// The number of the line's last move.
        last: Option<String>,
    },
}

/// One game of a PDN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tags other than `Result`, `GameType`, `Variant`, `SetUp` and `FEN` (which are the
    /// fields below): the roster first, in [`ROSTER`] order (`?` when the file had none),
    /// then the others in file order.
    pub tags: Vec<(String, String)>,
    /// The variant, from the `Variant` or `GameType` tag or the reader's default.
    pub variant: Variant,
    /// The start position (`FEN` tag, or the variant's start).
    pub start: Board,
    /// The moves.
    pub main: Line,
    /// The termination marker.
    pub result: PdnResult,
    /// What reading the game chose or read past, for a check to report (the notation its
    /// squares were read in, a variation left out, the side to move a FEN left open); empty
    /// for a game made here. Never written.
    pub read_notes: Vec<String>,
}

impl PdnGame {
    /// An empty game of `variant` from its start position, roster tags set to `?`.
    pub fn new(variant: Variant) -> PdnGame {
        PdnGame {
            tags: ROSTER
                .iter()
                .map(|&n| (n.to_string(), default_tag(n).to_string()))
                .collect(),
            variant,
            start: Board::start(variant),
            main: Line::default(),
            result: PdnResult::Unknown,
            read_notes: Vec::new(),
        }
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Set a tag, replacing its value or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The positions of the main line: the start, then after each move.
    pub fn positions(&self) -> Vec<Board> {
        let mut out = vec![self.start];
        for m in &self.main.moves {
            let next = out.last().expect("non-empty").play_unchecked(&m.mv);
            out.push(next);
        }
        out
    }

    /// Where the rules end the main line, played through a [`Game`]: the side to move has no
    /// move, or an automatic draw of RULES.md §3. `None` when the moves end with the game
    /// still running (whatever result the file records then stands or falls on other grounds).
    ///
    /// When [`RulesEnd::plies`] is less than the number of moves, the moves after it were
    /// played after the game was over.
    pub fn rules_end(&self) -> Option<RulesEnd> {
        let mut game = Game::from_board(self.start);
        for (plies, m) in self.main.moves.iter().enumerate() {
            if let Some(result) = game.result() {
                let board = *game.position();
                return Some(RulesEnd {
                    plies,
                    result,
                    board,
                });
            }
            // The reader checked every move; a game built by hand may hold an illegal one, and
            // then the rules have nothing to say past it.
            game.play(&m.mv).ok()?;
        }
        game.result().map(|result| RulesEnd {
            plies: self.main.moves.len(),
            result,
            board: *game.position(),
        })
    }

    /// The number of the main line's move `ply` (0-based) as PDN writes it: `12.` for the side
    /// that moves first in the variant, `12...` for the other.
    pub fn move_number(&self, ply: usize) -> String {
        let mut numbers = MoveNumbers::from(&self.start);
        let mut board = self.start;
        for m in self.main.moves.iter().take(ply) {
            numbers.next(&board);
            board = board.play_unchecked(&m.mv);
        }
        numbers.next(&board)
    }

    /// The main line move by move: each move's number as PDN writes it, its text (the file's
    /// short form, or the long one with every square passed when `long`) and the position
    /// after it, for listings and exports (`damier pdn convert --to fen`, `--json`).
    pub fn main_line(&self, long: bool) -> Vec<MainLineMove> {
        let mut numbers = MoveNumbers::from(&self.start);
        let mut board = self.start;
        let mut out = Vec::with_capacity(self.main.moves.len());
        for m in &self.main.moves {
            let number = numbers.next(&board);
            let text = if long {
                board.long(&m.mv)
            } else {
                m.notation.clone()
            };
            board = board.play_unchecked(&m.mv);
            out.push(MainLineMove {
                number,
                text,
                fen: board.fen(),
            });
        }
        out
    }

    /// The position after the main line's move numbered `number` as PDN writes it: `12` (or
    /// `12.`) for the first mover's twelfth move, `12...` for the other side's.
    ///
    /// # Errors
    /// A number that is not of that form, or names no move of the line.
    pub fn position_after(&self, number: &str) -> Result<Board, MoveNumberError> {
        let wanted = number.trim();
        let digits = wanted.trim_end_matches('.');
        let dots = &wanted[digits.len()..];
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || !matches!(dots, "" | "." | "...")
        {
            return Err(MoveNumberError::Form(wanted.to_string()));
        }
        let wanted = format!("{digits}{}", if dots == "..." { "..." } else { "." });
        let positions = self.positions();
        (0..self.main.moves.len())
            .find(|&ply| self.move_number(ply) == wanted)
            .map(|ply| positions[ply + 1])
            .ok_or_else(|| MoveNumberError::NoSuchMove {
                number: wanted,
                last: self
                    .main
                    .moves
                    .len()
                    .checked_sub(1)
                    .map(|ply| self.move_number(ply)),
            })
    }

    /// The main line as a [`Game`], its result taken from the file when the rules did not
    /// end it.
    ///
    /// # Errors
    /// [`GameError::Over`] when the rules end the game (an automatic draw) before the record
    /// does.
    pub fn to_game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_board(self.start);
        for m in &self.main.moves {
            let offer = offer_note(game.side_to_move());
            game.play_offering(&m.mv, m.comments.contains(&offer))?;
        }
        if !game.is_over() {
            if let Some(outcome) = self.result.outcome() {
                game.set_result(GameResult {
                    outcome,
                    reason: Reason::Recorded,
                });
            }
        }
        Ok(game)
    }

    /// A PDN game of `game`'s moves, with `tags` (roster defaults added). Forfeited and passed
    /// turns have no PDN form; they are left out with a comment saying so.
    pub fn from_game(game: &Game, tags: &[(String, String)]) -> PdnGame {
        let mut pdn = PdnGame::new(game.variant());
        for (n, v) in tags {
            pdn.set_tag(n, v);
        }
        pdn.start = *game.start();
        for ply in game.plies() {
            match ply.kind {
                PlyKind::Move(mv) => pdn.main.moves.push(PdnMove {
                    mv,
                    notation: ply.notation.clone(),
                    mark: None,
                    nags: Vec::new(),
                    // PDN has no sign for a draw offer: a comment says it, and reads back.
                    comments: if ply.offers_draw {
                        vec![offer_note(ply.mover)]
                    } else {
                        Vec::new()
                    },
                    variations: Vec::new(),
                }),
                PlyKind::Forfeit | PlyKind::Pass => {
                    let what = if ply.kind == PlyKind::Forfeit {
                        "forfeited the turn on time"
                    } else {
                        "passed"
                    };
                    let note = format!("{} {what}", ply.mover.name());
                    match pdn.main.moves.last_mut() {
                        Some(m) => m.comments.push(note),
                        None => pdn.main.leading.push(note),
                    }
                }
            }
        }
        pdn.result = PdnResult::of(game.result().map(|r| r.outcome));
        pdn
    }
}

/// A move of a game's main line as listings show it ([`PdnGame::main_line`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MainLineMove {
    /// `12.` for the first mover's twelfth move, `12...` for the other side's.
    pub number: String,
    /// The move in notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The position after it.
    pub fen: String,
}

/// A move number as PDN writes it: `12.` for the first mover's move, `12...` for the other's.
fn numbered(number: u32, by_first_mover: bool) -> String {
    format!("{number}{}", if by_first_mover { "." } else { "..." })
}

/// Move numbers along a line from its start: the variant's first mover opens a number, the
/// other side's move closes it.
struct MoveNumbers {
    first: Color,
    number: u32,
}

impl MoveNumbers {
    fn from(start: &Board) -> MoveNumbers {
        MoveNumbers {
            first: start.rules().first,
            number: 1,
        }
    }

    /// The number of the move the side to move on `board` plays next; counts past it.
    fn next(&mut self, board: &Board) -> String {
        let by_first = board.side() == self.first;
        let label = numbered(self.number, by_first);
        if !by_first {
            self.number += 1;
        }
        label
    }
}

/// Where and how the rules ended a PDN game's main line ([`PdnGame::rules_end`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesEnd {
    /// Moves of the main line played when the game ended (0: over at its start position).
    pub plies: usize,
    /// The result the rules give.
    pub result: GameResult,
    /// The position the game ended in.
    pub board: Board,
}

/// The comment that records a draw offer made with a move.
fn offer_note(mover: Color) -> String {
    format!("{} offers a draw", mover.name())
}

/// The value of tag `name` among `tags` (names in any case) when it says something: not
/// empty and not the roster's placeholder for an unknown value (`?`, a date of `????.??.??`).
pub fn known_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty() && *v != "?" && *v != default_tag(name))
}

fn default_tag(name: &str) -> &'static str {
    if name == "Date" {
        "????.??.??"
    } else {
        "?"
    }
}

/// What is wrong in a PDN file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
pub struct PdnError {
    /// Which game (1-based, counting every game of the file).
    pub game: usize,
    /// Line of the first bad token (1-based).
    pub line: usize,
    /// Column of the first bad token (1-based, in characters).
    pub column: usize,
    /// What is wrong (boxed: it can hold a whole move error).
    pub kind: Box<PdnErrorKind>,
    /// The game's tags as far as they were read (roster first), to name the game.
    pub tags: Vec<(String, String)>,
    /// Main-line moves read and found legal before the error.
    pub moves_read: usize,
    /// What reading chose before the error (the notation a `GameType` had the squares read
    /// in), as [`PdnGame::read_notes`] says it of a game read.
    pub read_notes: Vec<String>,
}

impl PdnError {
    /// A tag of the bad game, if it was read.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The kinds of defect in a PDN game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnErrorKind {
    /// Text that is not PDN.
    #[error("{0}")]
    Syntax(String),
    /// A `GameType` Damier does not play.
    #[error("GameType \"{0}\" is not a variant Damier plays (use a Variant tag?)")]
    UnknownGameType(String),
    /// The `FEN` tag is not a position of the variant.
    #[error("FEN tag: {0}")]
    Fen(FenError),
    /// A move that is unreadable, illegal or ambiguous in its position.
    #[error("move {number}: {error}")]
    Move {
        /// The move number as it should be written (`12.` or `12...`).
        number: String,
        /// Why the rules refuse it.
        error: MoveError,
    },
    /// `(` with no move before it, or a `)` with no `(`.
    #[error("{0}")]
    Variation(String),
    /// The file ended inside a variation.
    #[error("variation opened here is never closed")]
    UnclosedVariation,
}
