//! A position explained by a set: its value, the draw a rule of the game declares there,
//! and each move's value (or the slices those values need) — what `damier egdb probe` shows.

use crate::absent::material_list;
use crate::absent::Absent;
use crate::slice::{oriented, Slice};
use crate::store::{Egdb, EgdbError};
use crate::value::Value;
use damier_core::{notation, BitSet, Color, Geometry, Move, Position};
use damier_game::{Board, Game, Outcome};
use std::path::Path;

/// Why a position has no explanation.
#[derive(Debug, thiserror::Error)]
pub enum Unexplained {
    /// No piece on the board.
    #[error("the board is empty: there is nothing to probe")]
    Empty,
    /// One side has no pieces: the game is over.
    #[error("the game is over: {} has no pieces", .0.name())]
    NoPieces(Color),
    /// The set has no value for it.
    #[error("{0}")]
    Absent(Absent),
    /// A file could not be read.
    #[error(transparent)]
    Store(#[from] EgdbError),
}

/// What a set says of a position ([`Egdb::explain`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained<B> {
    /// The position's slice, from the side to move.
    pub material: Slice,
    /// Its value for the side to move.
    pub value: Value,
    /// The draw a rule of the game declares as the position stands (the databases hold it
    /// too, whatever the moves would lead to), described.
    pub drawn_by_rule: Option<String>,
    /// Each move's value for the side playing it, best first; or, when a move leads to a
    /// slice that is not in the set, the slices missing.
    pub moves: Result<Vec<(Move<B>, Value)>, Vec<Slice>>,
}

impl<B> Explained<B> {
    /// Whether a move of value `v` keeps the position's value (none does where a rule has
    /// decided the game as it stands).
    pub fn keeps(&self, v: Value) -> bool {
        v == self.value && self.drawn_by_rule.is_none()
    }

    /// The account `damier egdb probe` prints of `pos`, the position explained, by the set
    /// in `dir`: its value, the draw a rule declares, and each move with its value (or the
    /// slices those values need).
    pub fn lines<G: Geometry<Bits = B>>(&self, pos: &Position<G>, dir: &Path) -> Vec<String> {
        let mut lines = vec![format!(
            "{}, {} to move: {}",
            self.material,
            pos.side().name(),
            self.value
        )];
        if let Some(rule) = &self.drawn_by_rule {
            lines.push(format!(
                "  the game is drawn by rule as it stands ({rule}); were play to go on, the \
                 moves would give:"
            ));
        }
        match &self.moves {
            Ok(moves) => lines.extend(moves.iter().map(|(mv, v)| {
                let keeps = if self.keeps(*v) { "  keeps it" } else { "" };
                format!("  {:<12} {v}{keeps}", notation::short(pos, mv))
            })),
            Err(missing) => lines.push(format!(
                "  the moves' values are not shown: they need slice {}, which is not in {}",
                material_list(missing),
                dir.display()
            )),
        }
        lines
    }
}

impl Egdb {
    /// [`Egdb::explain`] of a board of any variant, as the lines of its account
    /// ([`Explained::lines`]), the set's folder named where a slice is missing.
    ///
    /// # Errors
    /// As [`Egdb::explain`].
    pub fn explain_lines(&self, board: &Board) -> Result<Vec<String>, Unexplained> {
        fn on<G: Geometry>(db: &Egdb, pos: &Position<G>) -> Result<Vec<String>, Unexplained>
        where
            Board: From<Position<G>>,
        {
            Ok(db.explain(pos)?.lines(pos, db.dir()))
        }
        match board {
            Board::D8(p) => on(self, p),
            Board::D10(p) => on(self, p),
            Board::D12(p) => on(self, p),
            Board::O8(p) => on(self, p),
        }
    }

    /// The set's account of `pos`.
    ///
    /// # Errors
    /// [`Unexplained`]: an empty board, a side without pieces, a slice not in the set, or a
    /// file that cannot be read.
    pub fn explain<G: Geometry>(&self, pos: &Position<G>) -> Result<Explained<G::Bits>, Unexplained>
    where
        Board: From<Position<G>>,
    {
        let side = pos.side();
        match (
            pos.pieces(side).is_empty(),
            pos.pieces(side.opponent()).is_empty(),
        ) {
            (true, true) => return Err(Unexplained::Empty),
            (true, false) => return Err(Unexplained::NoPieces(side)),
            (false, true) => return Err(Unexplained::NoPieces(side.opponent())),
            (false, false) => {}
        }
        let material = Slice::of(&oriented(pos));
        let value = self
            .probe(pos)?
            .ok_or_else(|| Unexplained::Absent(self.why_absent(material)))?;
        // The game layer's draw rules say it, once (the position has moves: no-move results
        // are not draws).
        let drawn_by_rule = Game::from_board(Board::from(*pos))
            .result()
            .filter(|r| r.outcome == Outcome::Draw)
            .map(|r| r.describe());
        let moves = match self.moves(pos)? {
            Some(moves) => Ok(moves),
            None => Err(self.missing_after(pos)?),
        };
        Ok(Explained {
            material,
            value,
            drawn_by_rule,
            moves,
        })
    }
}
