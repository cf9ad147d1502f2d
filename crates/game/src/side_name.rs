//! A side as a player names it: `white` or `w`, `black` or `b` (in any case), and where a side
//! may be drawn, `random`. One reading for every interface that asks for a colour.

use damier_core::Color;
use std::str::FromStr;

/// A colour as a player names it ([`FromStr`]: `white`, `w`, `black`, `b`, in any case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorName(pub Color);

/// A side to take: a colour, or one drawn from a seed ([`FromStr`]: a [`ColorName`] or
/// `random`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChoice {
    /// This colour.
    Color(Color),
    /// White or Black, by the seed of the game.
    Random,
}

/// A word that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownSide {
    /// Not a colour, where only a colour will do.
    #[error("the colour must be white or black, got '{0}'")]
    Color(String),
    /// Neither a colour nor `random`.
    #[error("the side must be white, black or random, got '{0}'")]
    Side(String),
}

fn color_word(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

impl FromStr for ColorName {
    type Err = UnknownSide;

    fn from_str(text: &str) -> Result<ColorName, UnknownSide> {
        color_word(text)
            .map(ColorName)
            .ok_or_else(|| UnknownSide::Color(text.to_string()))
    }
}

impl FromStr for SideChoice {
    type Err = UnknownSide;

    fn from_str(text: &str) -> Result<SideChoice, UnknownSide> {
        match color_word(text) {
            Some(color) => Ok(SideChoice::Color(color)),
            None if text.eq_ignore_ascii_case("random") => Ok(SideChoice::Random),
            None => Err(UnknownSide::Side(text.to_string())),
        }
    }
}

impl SideChoice {
    /// The colour taken: a random side is White for an even `seed`, Black for an odd one, so
    /// that a game given its seed again is the same game.
    pub fn color(self, seed: u64) -> Color {
        match self {
            SideChoice::Color(color) => color,
            SideChoice::Random if seed.is_multiple_of(2) => Color::White,
            SideChoice::Random => Color::Black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_in_any_case_and_by_their_letter() {
        for (text, color) in [
            ("white", Color::White),
            ("W", Color::White),
            ("Black", Color::Black),
            ("b", Color::Black),
        ] {
            assert_eq!(text.parse::<ColorName>(), Ok(ColorName(color)));
            assert_eq!(text.parse::<SideChoice>(), Ok(SideChoice::Color(color)));
        }
        assert_eq!(
            "random".parse::<ColorName>().unwrap_err().to_string(),
            "the colour must be white or black, got 'random'"
        );
        assert_eq!(
            "red".parse::<SideChoice>().unwrap_err().to_string(),
            "the side must be white, black or random, got 'red'"
        );
    }

    #[test]
    fn a_random_side_follows_the_seed() {
        let random: SideChoice = "RANDOM".parse().unwrap();
        assert_eq!(random.color(4), Color::White);
        assert_eq!(random.color(7), Color::Black);
        assert_eq!(SideChoice::Color(Color::Black).color(4), Color::Black);
    }
}
