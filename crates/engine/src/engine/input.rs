//! What a search is given beside its limits: the position with the game behind it
//! ([`SearchInput`]), and a level's playing style ([`Style`]).

use crate::limits::Level;
use damier_core::PlayError;
use damier_game::{AnyMove, Board, Game, PlyKind};

/// A position to search and what came before it, for draws by repetition and by the
/// variant's move limits during the search.
#[derive(Clone, Debug)]
pub struct SearchInput {
    /// The position.
    pub board: Board,
    /// Keys ([`Board::hash`]) of the positions since the last irreversible move (see
    /// [`Board::is_reversible`]), oldest first, not counting `board` itself.
    pub history: Vec<u64>,
    /// Plies played since the last irreversible move. Where a quiet-move limit applies, these
    /// are also the plies it counts (none since a capture or a man's move): the men of those
    /// variants only step forward.
    pub quiet_plies: usize,
    /// Plies played since the material last changed (a capture or a crowning): how much of
    /// an ending's move count is spent, for endgame-database wins.
    pub ending_plies: usize,
}

impl SearchInput {
    /// A position with no history.
    pub fn new(board: Board) -> SearchInput {
        SearchInput {
            board,
            history: Vec::new(),
            quiet_plies: 0,
            ending_plies: 0,
        }
    }

    /// The threat of `board`: the same position with the other side to move, and no history
    /// (the moves that led there were not this side's) — what the opponent would play if
    /// the side to move passed.
    pub fn threat(board: &Board) -> SearchInput {
        SearchInput::new(board.with_side(board.side().opponent()))
    }

    /// The position after `mv`, its history carried on: a line tried from a game's
    /// position (an analysis board's variation) is searched with the game behind it.
    ///
    /// # Errors
    /// [`PlayError`] when `mv` is not legal here.
    pub fn played(&self, mv: &AnyMove) -> Result<SearchInput, PlayError> {
        let next = self.board.play(mv)?;
        let mut input = self.clone();
        if !self.board.is_reversible(mv) {
            input.history.clear();
            input.quiet_plies = 0;
        } else {
            input.history.push(self.board.hash());
            input.quiet_plies += 1;
        }
        if next.material() == self.board.material() {
            input.ending_plies += 1;
        } else {
            input.ending_plies = 0;
        }
        input.board = next;
        Ok(input)
    }

    /// Whether there is anything to search: a position where the side to move has no legal
    /// move has no best move to find (an analysis of it is refused).
    ///
    /// # Errors
    /// [`NoMoveToSearch`] when the side to move has no legal move.
    pub fn check_searchable(&self) -> Result<(), NoMoveToSearch> {
        if self.board.legal_moves().is_empty() {
            Err(NoMoveToSearch)
        } else {
            Ok(())
        }
    }

    /// The current position of a game, with its history.
    pub fn from_game(game: &Game) -> SearchInput {
        let positions = game.positions();
        let mut quiet = 0;
        for (i, ply) in game.plies().iter().enumerate().rev() {
            match ply.kind {
                PlyKind::Move(mv) if !positions[i].is_reversible(&mv) => break,
                _ => quiet += 1,
            }
        }
        let n = positions.len() - 1;
        let material = positions[n].material();
        let ending = positions[..n]
            .iter()
            .rev()
            .take_while(|p| p.material() == material)
            .count();
        SearchInput {
            board: *game.position(),
            history: positions[n - quiet..n].iter().map(Board::hash).collect(),
            quiet_plies: quiet,
            ending_plies: ending,
        }
    }
}

/// A position with no legal move asked to be searched ([`SearchInput::check_searchable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the side to move has no legal move: nothing to analyse")]
pub struct NoMoveToSearch;

/// A playing style on top of the limits: the noise and blunders of a [`Level`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Evaluation noise, in hundredths of a man.
    pub noise: i32,
    /// Chance in percent of playing a reasonable move other than the best.
    pub blunder_percent: u8,
    /// Seed for the noise, the blunders and the choice between equal book moves (0: book
    /// moves vary from search to search).
    pub seed: u64,
    /// Search even where the opening book knows the position (an analysis board asks for
    /// the engine's own view).
    pub skip_book: bool,
}

impl Style {
    /// The style of a level, seeded.
    pub fn of_level(level: Level, seed: u64) -> Style {
        let s = level.settings();
        Style {
            noise: s.noise,
            blunder_percent: s.blunder_percent,
            seed,
            skip_book: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;

    #[test]
    fn a_position_without_a_move_has_nothing_to_analyse() {
        let stuck = Board::from_fen(Variant::INTERNATIONAL, "W:W:B1").unwrap();
        let err = SearchInput::new(stuck).check_searchable().unwrap_err();
        assert_eq!(
            err.to_string(),
            "the side to move has no legal move: nothing to analyse"
        );
        let start = SearchInput::new(Board::start(Variant::INTERNATIONAL));
        assert_eq!(start.check_searchable(), Ok(()));
    }
}
