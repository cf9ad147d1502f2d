//! Ballots: the opening moves drawn by lot in English checkers tournaments (seed 004: "two
//! move restrictions were developed … Today even three move restrictions are used").
//!
//! The three-move deck is the American Checker Federation's numbered list of 174 openings,
//! of which 18 are barred, leaving the 156 played (`data/acf-three-move.txt`, where the
//! source is named). The two-move deck is the 47 pairs of a first move and a reply: all 49
//! pairs but 9-14 21-17 and 10-14 21-17, which lose a man at once; they are exactly the
//! two-move beginnings of the three-move list (a test checks it).

use crate::game::{Game, GameError};
use damier_core::{Base, Variant};
use std::str::FromStr;
use std::sync::OnceLock;

/// One ballot: the moves that open the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Number in its deck (the ACF number for three-move ballots).
    pub number: u16,
    /// The moves, in English notation, Black's first.
    pub moves: Vec<&'static str>,
    /// Barred from play (three-move list only).
    pub barred: bool,
}

/// A deck of ballots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deck {
    /// The 47 two-move openings.
    TwoMove,
    /// The ACF three-move openings (156 in use).
    ThreeMove,
}

const THREE_MOVE: &str = include_str!("../data/acf-three-move.txt");

fn three_move_list() -> &'static [Ballot] {
    static LIST: OnceLock<Vec<Ballot>> = OnceLock::new();
    LIST.get_or_init(|| {
        THREE_MOVE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut words = l.split_whitespace();
                let number = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("ballot lines start with their number");
                let rest: Vec<&'static str> = words.collect();
                let barred = rest.last() == Some(&"barred");
                let moves = rest.into_iter().filter(|w| *w != "barred").collect();
                Ballot {
                    number,
                    moves,
                    barred,
                }
            })
            .collect()
    })
}

fn two_move_list() -> &'static [Ballot] {
    static LIST: OnceLock<Vec<Ballot>> = OnceLock::new();
    LIST.get_or_init(|| {
        const FIRST: [&str; 7] = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
        const REPLY: [&str; 7] = [
            "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20",
        ];
        // These two lose a man at once to 14x21.
        const LOSING: [[&str; 2]; 2] = [["9-14", "21-17"], ["10-14", "21-17"]];
        FIRST
            .iter()
            .flat_map(|&f| REPLY.iter().map(move |&r| [f, r]))
            .filter(|pair| !LOSING.contains(pair))
            .enumerate()
            .map(|(i, pair)| Ballot {
                number: i as u16 + 1,
                moves: pair.to_vec(),
                barred: false,
            })
            .collect()
    })
}

/// Whether the ballots can open a game of `variant`: English, Pool and their giveaway forms,
/// whose squares are numbered like English and whose men start the same way.
pub fn plays_in(variant: Variant) -> bool {
    matches!(variant.base, Base::English | Base::Pool)
}

/// A deck name that is neither deck's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the deck must be three-move or two-move, got '{0}'")]
pub struct UnknownDeck(pub String);

impl FromStr for Deck {
    type Err = UnknownDeck;

    /// `three-move` or `two-move`, also `three`, `two`, `3`, `2`, in any case.
    fn from_str(text: &str) -> Result<Deck, UnknownDeck> {
        match text.to_ascii_lowercase().as_str() {
            "three-move" | "three" | "3" => Ok(Deck::ThreeMove),
            "two-move" | "two" | "2" => Ok(Deck::TwoMove),
            _ => Err(UnknownDeck(text.to_string())),
        }
    }
}

/// Which ballot of a deck opens a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BallotChoice {
    /// The ballot with this number.
    Number(u16),
    /// A ballot in play drawn with this seed.
    Random(u64),
}

impl BallotChoice {
    /// A ballot as a person names it: its number, or `random` (any case) for one drawn with
    /// `seed`.
    ///
    /// # Errors
    /// [`BallotChoiceError`] for anything else.
    pub fn parse(text: &str, seed: u64) -> Result<BallotChoice, BallotChoiceError> {
        if text.trim().eq_ignore_ascii_case("random") {
            return Ok(BallotChoice::Random(seed));
        }
        text.trim()
            .parse()
            .map(BallotChoice::Number)
            .map_err(|_| BallotChoiceError(text.to_string()))
    }

    /// The ballot numbered `number`, or one drawn with `seed` when there is no number.
    pub fn numbered_or_random(number: Option<u16>, seed: u64) -> BallotChoice {
        number.map_or(BallotChoice::Random(seed), BallotChoice::Number)
    }
}

/// A ballot named by neither a number nor `random`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("must be a number or random, got '{0}'")]
pub struct BallotChoiceError(pub String);

/// Why no game could be opened with a ballot.
#[derive(Debug, thiserror::Error)]
pub enum BallotError {
    /// The variant does not number its squares like English.
    #[error(
        "ballots are English checkers openings; {0} does not number its squares like English \
         (English, Pool and their giveaway forms do)"
    )]
    Variant(Variant),
    /// No ballot has that number.
    #[error("there is no ballot {number} in the {deck} deck (1 to {max})")]
    NoSuchBallot {
        /// The number asked for.
        number: u16,
        /// The deck's name.
        deck: &'static str,
        /// The highest number.
        max: u16,
    },
    /// A move of the ballot could not be played.
    #[error(transparent)]
    Move(#[from] GameError),
}

/// A game of `variant` opened with the ballot `choice` names from `deck`, and that ballot.
///
/// # Errors
/// [`BallotError`] when the variant plays no ballots or the deck has no such number.
pub fn open(
    variant: Variant,
    deck: Deck,
    choice: BallotChoice,
) -> Result<(Game, &'static Ballot), BallotError> {
    if !plays_in(variant) {
        return Err(BallotError::Variant(variant));
    }
    let ballot = match choice {
        BallotChoice::Random(seed) => deck.draw(seed),
        BallotChoice::Number(n) => deck.get(n).ok_or(BallotError::NoSuchBallot {
            number: n,
            deck: deck.name(),
            max: deck.list().len() as u16,
        })?,
    };
    Ok((ballot.game_in(variant)?, ballot))
}

impl Deck {
    /// The deck's name: `three-move` or `two-move`.
    pub fn name(self) -> &'static str {
        match self {
            Deck::TwoMove => "two-move",
            Deck::ThreeMove => "three-move",
        }
    }

    /// Every ballot of the list, barred ones included.
    pub fn list(self) -> &'static [Ballot] {
        match self {
            Deck::TwoMove => two_move_list(),
            Deck::ThreeMove => three_move_list(),
        }
    }

    /// The ballots drawn in play (barred ones left out).
    pub fn in_play(self) -> impl Iterator<Item = &'static Ballot> {
        self.list().iter().filter(|b| !b.barred)
    }

    /// The ballot with this number, if the deck has it.
    pub fn get(self, number: u16) -> Option<&'static Ballot> {
        self.list().iter().find(|b| b.number == number)
    }

    /// The ballot drawn by `draw` (any number, e.g. from a seeded generator): deterministic,
    /// uniform over the ballots in play when `draw` is.
    pub fn draw(self, draw: u64) -> &'static Ballot {
        let in_play: Vec<&Ballot> = self.in_play().collect();
        in_play[(draw % in_play.len() as u64) as usize]
    }
}

impl Ballot {
    /// An English checkers game with the ballot's moves played.
    ///
    /// # Errors
    /// [`GameError`] if a move is not legal (never for the decks here: the tests play them).
    pub fn game(&self) -> Result<Game, GameError> {
        self.game_in(Variant::new(Base::English))
    }

    /// A game of `variant` (one numbered like English: English, Pool, their giveaway forms)
    /// with the ballot's moves played.
    ///
    /// # Errors
    /// [`GameError`] if a move is not legal in that variant.
    pub fn game_in(&self, variant: Variant) -> Result<Game, GameError> {
        let mut game = Game::new(variant);
        for m in &self.moves {
            game.play_text(m)?;
        }
        Ok(game)
    }

    /// The moves as one line (`9-13 21-17 5-9`).
    pub fn text(&self) -> String {
        self.moves.join(" ")
    }

    /// The ballot as a sentence naming its deck: "Ballot 3 of the three-move deck: 9-13
    /// 21-17 10-14 (barred: left out of ACF play)."
    pub fn describe(&self, deck: Deck) -> String {
        format!(
            "Ballot {} of the {} deck: {}{}.",
            self.number,
            deck.name(),
            self.text(),
            if self.barred {
                " (barred: left out of ACF play)"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ballot_is_named_by_its_number_or_random() {
        assert_eq!(BallotChoice::parse("7", 1), Ok(BallotChoice::Number(7)));
        assert_eq!(
            BallotChoice::parse("Random", 9),
            Ok(BallotChoice::Random(9))
        );
        assert_eq!(
            BallotChoice::parse("x", 1).unwrap_err().to_string(),
            "must be a number or random, got 'x'"
        );
        assert_eq!(
            BallotChoice::numbered_or_random(None, 3),
            BallotChoice::Random(3)
        );
        assert_eq!(
            BallotChoice::numbered_or_random(Some(2), 3),
            BallotChoice::Number(2)
        );
    }
}
