//! [`Game`]: a start position, the plies played from it, and how the game ended.

use crate::board::{AnyMove, Board};
use crate::clock::TimeoutPenalty;
use crate::draw::{automatic_draw, PlyFacts};
use crate::result::{GameResult, Outcome, Reason};
use damier_core::notation::MoveError;
use damier_core::{fen::FenError, Color, Variant};

/// What happened in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyKind {
    /// A move.
    Move(AnyMove),
    /// The player ran out of time and lost the turn (giveaway, loss-of-turn penalty).
    Forfeit,
    /// The player passed, allowed right after the opponent forfeited a turn.
    Pass,
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// What was done.
    pub kind: PlyKind,
    /// Who did it.
    pub mover: Color,
    /// The move in short notation, `--` for a forfeit or a pass.
    pub notation: String,
    /// Whether the mover offered a draw with it.
    pub offers_draw: bool,
}

/// Why a game action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has a result; nothing more can be played.
    #[error("the game is over ({0})")]
    Over(String),
    /// The move is not legal, or its text is not a move.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The move value is not among the legal moves.
    #[error("illegal move")]
    Illegal,
    /// There is no draw offer to accept or decline.
    #[error("no draw offer is pending")]
    NoDrawOffer,
    /// Time ran out before the move, and the turn was forfeited (loss-of-turn penalty).
    #[error("time ran out; the turn was forfeited")]
    TurnForfeited,
    /// A pass is only allowed right after the opponent forfeited a turn.
    #[error("passing is only allowed right after the opponent forfeited a turn")]
    CannotPass,
}

/// A game: the start position, every ply, the position after each, and the result.
///
/// Results come from the rules as the game is played: no legal move (RULES.md §1), the
/// automatic draws of §3, and the players' actions (resignation, agreed draw, time).
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Board>,
    plies: Vec<Ply>,
    facts: Vec<PlyFacts>,
    undone: Vec<(PlyKind, bool)>,
    result: Option<GameResult>,
    offer_declined: bool,
}

impl Game {
    /// A game from the start position of `variant`.
    pub fn new(variant: Variant) -> Game {
        Game::from_board(Board::start(variant))
    }

    /// A game from any position.
    pub fn from_board(start: Board) -> Game {
        let mut game = Game {
            positions: vec![start],
            plies: Vec::new(),
            facts: Vec::new(),
            undone: Vec::new(),
            result: None,
            offer_declined: false,
        };
        game.result = game.judge();
        game
    }

    /// A game from a PDN FEN.
    ///
    /// # Errors
    /// [`FenError`] if the FEN is not a position of the variant.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, FenError> {
        Board::from_fen(variant, fen).map(Game::from_board)
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.positions[0].variant()
    }

    /// The start position.
    pub fn start(&self) -> &Board {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Board {
        self.positions.last().expect("a game has a start position")
    }

    /// Every position: the start, then the one after each ply.
    pub fn positions(&self) -> &[Board] {
        &self.positions
    }

    /// Every ply played.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played, leaving out forfeited and passed turns.
    pub fn moves(&self) -> impl Iterator<Item = AnyMove> + '_ {
        self.plies.iter().filter_map(|p| match p.kind {
            PlyKind::Move(m) => Some(m),
            _ => None,
        })
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position().side()
    }

    /// Legal moves in the current position (none once the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Who offered a draw with the last move, while the offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        let last = self.plies.last()?;
        (last.offers_draw && !self.offer_declined && !self.is_over()).then_some(last.mover)
    }

    /// Play a legal move.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end, [`GameError::Illegal`] for a move not legal here.
    pub fn play(&mut self, mv: &AnyMove) -> Result<&Ply, GameError> {
        self.play_offering(mv, false)
    }

    /// Play a legal move even where an automatic draw (RULES.md §3) has ended the game, for a
    /// player whose opponent or GUI is the arbiter (Hub, DXP): its draw rules may differ from
    /// Damier's, or it may apply none, and it may send positions past Damier's. The result is
    /// judged again after the move, so [`Game::result`] still says what Damier's rules make
    /// of the position.
    ///
    /// # Errors
    /// [`GameError::Over`] after any other result (a win, an agreed draw), and
    /// [`GameError::Illegal`] for a move not legal here.
    pub fn play_on(&mut self, mv: &AnyMove) -> Result<&Ply, GameError> {
        let drawn_by_rule = matches!(self.result, Some(r) if matches!(r.reason, Reason::Rule(_)));
        if drawn_by_rule {
            // A refused move leaves the game as it was, its draw included.
            if !self.position().legal_moves().contains(mv) {
                return Err(GameError::Illegal);
            }
            self.result = None;
        }
        self.play_offering(mv, false)
    }

    /// Play a move given as text (short or long form).
    ///
    /// # Errors
    /// As [`Game::play`], or [`GameError::Move`] saying why the text is not a legal move.
    pub fn play_text(&mut self, text: &str) -> Result<&Ply, GameError> {
        self.ensure_running()?;
        let mv = self.position().parse_move(text)?;
        self.play(&mv)
    }

    /// Play a move and offer a draw with it (RULES.md §5: the opponent accepts or declines with
    /// their turn). Any draw offer of the opponent lapses.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_offering(&mut self, mv: &AnyMove, offer: bool) -> Result<&Ply, GameError> {
        self.ensure_running()?;
        if !self.position().legal_moves().contains(mv) {
            return Err(GameError::Illegal);
        }
        self.undone.clear();
        self.push(PlyKind::Move(*mv), offer);
        Ok(self.plies.last().expect("just pushed"))
    }

    /// Accept the draw the opponent offered with their last move.
    ///
    /// # Errors
    /// [`GameError::NoDrawOffer`] when none stands.
    pub fn accept_draw(&mut self) -> Result<GameResult, GameError> {
        self.ensure_running()?;
        if self.draw_offer().is_none() {
            return Err(GameError::NoDrawOffer);
        }
        let result = GameResult::draw(Reason::Agreement);
        self.result = Some(result);
        Ok(result)
    }

    /// Decline a standing draw offer without moving yet (moving declines it too).
    ///
    /// # Errors
    /// [`GameError::NoDrawOffer`] when none stands.
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        if self.draw_offer().is_none() {
            return Err(GameError::NoDrawOffer);
        }
        self.offer_declined = true;
        Ok(())
    }

    /// `color` resigns.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end.
    pub fn resign(&mut self, color: Color) -> Result<GameResult, GameError> {
        self.ensure_running()?;
        let result = GameResult::win(color.opponent(), Reason::Resignation);
        self.result = Some(result);
        Ok(result)
    }

    /// The side to move ran out of time. With [`TimeoutPenalty::LossOfGame`] it loses; with
    /// [`TimeoutPenalty::LossOfTurn`] (seed 000, giveaway) its turn is forfeited, the opponent
    /// may move or pass, and a third forfeit in a row by the same player loses.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end.
    pub fn time_out(&mut self, penalty: TimeoutPenalty) -> Result<Option<GameResult>, GameError> {
        self.ensure_running()?;
        let side = self.side_to_move();
        match penalty {
            TimeoutPenalty::LossOfGame => {
                self.result = Some(GameResult::win(side.opponent(), Reason::Time));
            }
            TimeoutPenalty::LossOfTurn => {
                self.undone.clear();
                self.push(PlyKind::Forfeit, false);
                let in_a_row = self
                    .plies
                    .iter()
                    .rev()
                    .filter(|p| p.mover == side)
                    .take_while(|p| p.kind == PlyKind::Forfeit)
                    .count();
                if in_a_row >= 3 {
                    self.result = Some(GameResult::win(side.opponent(), Reason::ForfeitedTurns));
                }
            }
        }
        Ok(self.result)
    }

    /// Whether the side to move may pass: its opponent has just forfeited a turn.
    pub fn may_pass(&self) -> bool {
        !self.is_over()
            && self
                .plies
                .last()
                .is_some_and(|p| p.kind == PlyKind::Forfeit)
    }

    /// Pass instead of moving, right after the opponent forfeited a turn.
    ///
    /// # Errors
    /// [`GameError::CannotPass`] otherwise.
    pub fn pass(&mut self) -> Result<&Ply, GameError> {
        self.ensure_running()?;
        if !self.may_pass() {
            return Err(GameError::CannotPass);
        }
        self.undone.clear();
        self.push(PlyKind::Pass, false);
        Ok(self.plies.last().expect("just pushed"))
    }

    /// Take back the last ply, and any result. Returns false at the start.
    pub fn undo(&mut self) -> bool {
        let Some(ply) = self.plies.pop() else {
            return false;
        };
        self.positions.pop();
        self.facts.pop();
        self.undone.push((ply.kind, ply.offers_draw));
        self.result = None;
        self.offer_declined = false;
        true
    }

    /// Whether [`Game::redo`] has a ply to play again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty() && !self.is_over()
    }

    /// Play again the last ply taken back. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some((kind, offer)) = self.undone.pop() else {
            return false;
        };
        if self.is_over() {
            self.undone.clear();
            return false;
        }
        self.push(kind, offer);
        true
    }

    /// The plies taken back that [`Game::redo`] replays, the next one last.
    pub(crate) fn undone_plies(&self) -> &[(PlyKind, bool)] {
        &self.undone
    }

    /// Whether the last move's draw offer was declined.
    pub(crate) fn draw_offer_declined(&self) -> bool {
        self.offer_declined
    }

    /// Set the result from outside the rules (a PDN file, an arbiter).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.result {
            Some(r) => Err(GameError::Over(r.describe())),
            None => Ok(()),
        }
    }

    fn push(&mut self, kind: PlyKind, offers_draw: bool) {
        let before = *self.position();
        let mover = before.side();
        let (after, notation, fact) = match kind {
            PlyKind::Move(mv) => (
                before.play_unchecked(&mv),
                before.short(&mv),
                PlyFacts {
                    mover,
                    capture: mv.captured != 0,
                    man_moved: !before.moves_king(&mv),
                    moved: true,
                },
            ),
            PlyKind::Forfeit | PlyKind::Pass => (
                before.with_side(mover.opponent()),
                "--".to_string(),
                PlyFacts {
                    mover,
                    capture: false,
                    man_moved: false,
                    moved: false,
                },
            ),
        };
        self.positions.push(after);
        self.facts.push(fact);
        self.plies.push(Ply {
            kind,
            mover,
            notation,
            offers_draw,
        });
        self.offer_declined = false;
        self.result = self.judge();
    }

    /// The result the rules give the current position: no legal move (RULES.md §1, even
    /// when a pass would be allowed: a pass is not a move), or an automatic draw.
    fn judge(&self) -> Option<GameResult> {
        if let Some(winner) = self.position().no_move_winner() {
            return Some(GameResult::win(winner, Reason::NoLegalMove));
        }
        automatic_draw(&self.positions, &self.facts)
            .map(|rule| GameResult::draw(Reason::Rule(rule)))
    }
}

impl Outcome {
    /// The PDN result text for this outcome (`1-0`, `0-1`, `1/2-1/2`).
    pub fn pdn(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}
