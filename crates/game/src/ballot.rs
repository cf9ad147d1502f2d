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

impl Deck {
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
}
