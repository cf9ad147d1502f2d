//! A position as a user asks for one: a variant, a FEN (the variant's start without one) and
//! a line of moves to play from it, had as a bare board or as a game. The command line's
//! `--variant`, `--fen` and `--play` name one.

use crate::{Board, Game, PlayLineError};
use damier_core::fen::FenError;
use damier_core::Variant;

/// A position asked for by variant, FEN and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionRequest<'a> {
    /// The variant.
    pub variant: Variant,
    /// The position in PDN FEN; the variant's start position without one.
    pub fen: Option<&'a str>,
    /// Moves to play from it, as a person types them ([`crate::line_moves`]); none without.
    pub play: Option<&'a str>,
}

/// Why a [`PositionRequest`] gives no position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionRequestError {
    /// The FEN is not a position of the variant.
    #[error("reading FEN \"{text}\" for {variant}: {error}")]
    Fen {
        /// The FEN as given.
        text: String,
        /// The variant it was read for.
        variant: Variant,
        /// Where it is wrong (told in this error's message, not as its source).
        error: FenError,
    },
    /// A move of the line could not be played.
    #[error(transparent)]
    Play(#[from] PlayLineError),
}

impl PositionRequestError {
    /// The error naming the options that gave the FEN and the moves (the command line's
    /// `--fen` and `--play`).
    pub fn with_options(&self, fen: &str, play: &str) -> String {
        match self {
            PositionRequestError::Fen {
                text,
                variant,
                error,
            } => format!("reading {fen} \"{text}\" for {variant}: {error}"),
            PositionRequestError::Play(error) => format!("{play}, {error}"),
        }
    }
}

impl PositionRequest<'_> {
    /// The position the FEN gives, or the variant's start without one; no move played.
    ///
    /// # Errors
    /// [`PositionRequestError::Fen`] when the FEN is not a position of the variant.
    pub fn start(&self) -> Result<Board, PositionRequestError> {
        let Some(text) = self.fen else {
            return Ok(Board::start(self.variant));
        };
        Board::from_fen(self.variant, text).map_err(|error| PositionRequestError::Fen {
            text: text.to_string(),
            variant: self.variant,
            error,
        })
    }

    /// The position asked for, with no game around it: the moves are played on past any draw
    /// or result (perft and the databases look past them).
    ///
    /// # Errors
    /// [`PositionRequestError`] for a bad FEN or the first move that is not legal.
    pub fn board(&self) -> Result<Board, PositionRequestError> {
        Ok(self.start()?.play_line(self.play.unwrap_or(""))?)
    }

    /// The position asked for as a game: the start with the moves played, so that their
    /// history counts for draws and a move after the end is refused.
    ///
    /// # Errors
    /// [`PositionRequestError`] for a bad FEN or the first move that cannot be played.
    pub fn game(&self) -> Result<Game, PositionRequestError> {
        let mut game = Game::from_board(self.start()?);
        self.play_onto(&mut game)?;
        Ok(game)
    }

    /// Play the moves in `game` (a game started elsewhere: a PDN game, a ballot).
    ///
    /// # Errors
    /// [`PositionRequestError::Play`] for the first move that cannot be played; the moves
    /// before it stay played.
    pub fn play_onto(&self, game: &mut Game) -> Result<(), PositionRequestError> {
        Ok(game.play_line(self.play.unwrap_or(""))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request<'a>(fen: Option<&'a str>, play: Option<&'a str>) -> PositionRequest<'a> {
        PositionRequest {
            variant: Variant::INTERNATIONAL,
            fen,
            play,
        }
    }

    #[test]
    fn the_start_is_the_fen_or_the_variants_start() {
        let start = Board::start(Variant::INTERNATIONAL);
        assert_eq!(request(None, None).board(), Ok(start));
        assert_eq!(request(None, None).game().unwrap().position(), &start);
        let fen = "W:W28:B23";
        assert_eq!(
            request(Some(fen), None).board(),
            Ok(Board::from_fen(Variant::INTERNATIONAL, fen).unwrap())
        );
        let played = request(None, Some("32-28 19-23")).game().unwrap();
        assert_eq!(played.plies().len(), 2);
        assert_eq!(
            request(None, Some("32-28, 19-23")).board(),
            Ok(*played.position())
        );
    }

    #[test]
    fn errors_name_the_options_that_gave_the_fen_and_the_moves() {
        let bad = request(Some("W:W99"), None).board().unwrap_err();
        assert!(matches!(bad, PositionRequestError::Fen { .. }), "{bad}");
        let said = bad.with_options("--fen", "--play");
        assert!(
            said.starts_with("reading --fen \"W:W99\" for international: "),
            "{said}"
        );
        assert!(bad
            .to_string()
            .starts_with("reading FEN \"W:W99\" for international: "));
        let refused = request(None, Some("32-28 11-16")).game().unwrap_err();
        assert_eq!(
            refused.with_options("--fen", "--play"),
            format!("--play, {refused}")
        );
        assert!(
            refused.to_string().starts_with("move 2 of \"32-28 11-16\""),
            "{refused}"
        );
    }

    /// A bare board plays on past a result that a game stops at: in Frisian one king against
    /// one king is drawn at once.
    #[test]
    fn a_board_looks_past_the_end_where_a_game_stops() {
        let ended = PositionRequest {
            variant: "frisian".parse().unwrap(),
            fen: Some("W:WK46:BK5"),
            play: Some("46-41"),
        };
        assert_eq!(ended.board().unwrap().side(), damier_core::Color::Black);
        assert!(
            matches!(ended.game(), Err(PositionRequestError::Play(_))),
            "{:?}",
            ended.game()
        );
    }
}
