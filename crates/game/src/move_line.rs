//! A line of moves as a person types it (`32-28 19-23`, or `32-28,19-23`), played onto a game
//! or a bare position, the move that fails named by its place in the line.

use crate::game::{Game, GameError};
use crate::Board;
use damier_core::{notation, Geometry, Position};

/// The moves of `line`: its words, separated by spaces or commas.
pub fn line_moves(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
}

/// A move of a line that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {} of \"{line}\": {error}", .index + 1)]
pub struct PlayLineError {
    /// Which move of the line, from 0.
    pub index: usize,
    /// The whole line, as given.
    pub line: String,
    /// Why that move could not be played (told in this error's message, not as its source).
    pub error: GameError,
}

impl PlayLineError {
    fn at(index: usize, line: &str, error: impl Into<GameError>) -> PlayLineError {
        PlayLineError {
            index,
            line: line.to_string(),
            error: error.into(),
        }
    }
}

impl Game {
    /// Play every move of `line` ([`line_moves`]) in turn, so that their history counts for
    /// the draws. The moves before a refused one stay played.
    ///
    /// # Errors
    /// [`PlayLineError`] for the first move that is not legal (or comes after the end).
    pub fn play_line(&mut self, line: &str) -> Result<(), PlayLineError> {
        for (index, text) in line_moves(line).enumerate() {
            self.play_text(text)
                .map_err(|e| PlayLineError::at(index, line, e))?;
        }
        Ok(())
    }
}

/// `pos` after every move of `line`, with no game around it: no draw or result stops the line
/// (perft and the databases look past them).
///
/// # Errors
/// [`PlayLineError`] for the first move that is not legal there.
pub fn play_line_on<G: Geometry>(
    mut pos: Position<G>,
    line: &str,
) -> Result<Position<G>, PlayLineError> {
    for (index, text) in line_moves(line).enumerate() {
        let mv = notation::parse(&pos, text).map_err(|e| PlayLineError::at(index, line, e))?;
        pos = pos.play_unchecked(&mv);
    }
    Ok(pos)
}

impl Board {
    /// The position after every move of `line`, with no game around it ([`play_line_on`]):
    /// no draw or result stops the line.
    ///
    /// # Errors
    /// [`PlayLineError`] for the first move that is not legal there.
    pub fn play_line(&self, line: &str) -> Result<Board, PlayLineError> {
        Ok(match *self {
            Board::D8(p) => Board::D8(play_line_on(p, line)?),
            Board::D10(p) => Board::D10(play_line_on(p, line)?),
            Board::D12(p) => Board::D12(play_line_on(p, line)?),
            Board::O8(p) => Board::O8(play_line_on(p, line)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{Diagonal10, Variant};

    #[test]
    fn a_line_is_split_at_spaces_and_commas() {
        let words: Vec<&str> = line_moves(" 32-28,19-23  28x19 ,").collect();
        assert_eq!(words, ["32-28", "19-23", "28x19"]);
        assert_eq!(line_moves("").count(), 0);
    }

    #[test]
    fn a_game_plays_the_line_and_names_the_move_refused() {
        let mut game = Game::new(Variant::INTERNATIONAL);
        game.play_line("32-28 19-23").unwrap();
        assert_eq!(game.plies().len(), 2);
        let mut game = Game::new(Variant::INTERNATIONAL);
        let e = game.play_line("32-28, 19-23 31-27").unwrap_err();
        assert_eq!(e.index, 2);
        assert!(matches!(e.error, GameError::Move(_)), "{e:?}");
        let told = e.to_string();
        assert!(
            told.starts_with("move 3 of \"32-28, 19-23 31-27\": "),
            "{told}"
        );
        assert!(told.contains("28x19"), "the capture is compulsory: {told}");
        assert_eq!(game.plies().len(), 2, "the moves before stay played");
    }

    #[test]
    fn a_position_plays_the_line_without_a_game() {
        let start = Position::<Diagonal10>::start(Variant::INTERNATIONAL.rules());
        let pos = play_line_on(start, "32-28 19-23 28x19").unwrap();
        assert_eq!(damier_core::fen::write(&pos), {
            let mut game = Game::new(Variant::INTERNATIONAL);
            game.play_line("32-28 19-23 28x19").unwrap();
            game.position().fen()
        });
        let e = play_line_on(start, "32-28 zz").unwrap_err();
        assert_eq!(e.index, 1);
        assert!(e.to_string().starts_with("move 2 of \"32-28 zz\": "), "{e}");
        // A board of any variant plays it the same way.
        let board = Board::start(Variant::INTERNATIONAL);
        assert_eq!(
            board.play_line("32-28 19-23 28x19").unwrap().fen(),
            damier_core::fen::write(&pos)
        );
        assert_eq!(board.play_line("32-28 zz").unwrap_err(), e);
    }
}
