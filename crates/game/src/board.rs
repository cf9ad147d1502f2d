//! [`Board`]: a position of any variant behind one type, for code that learns the variant at
//! run time (terminal, browser, protocols, match runner, PDN).
//!
//! The core is generic over the board shape so that move generation is compiled per shape;
//! this enum dispatches once per call to the matching `Position<G>`. Moves cross the boundary
//! as [`AnyMove`], a [`Move`] over `u128` (wide enough for every board).

use damier_core::notation::{self, MoveError};
use damier_core::{
    fen, BitSet, Color, Diagonal10, Diagonal12, Diagonal8, Geometry, Move, Orthogonal8, Piece,
    PlayError, Position, Role, Rules, SetupError, Square, SquareNames, Variant,
};
use serde::Serialize;

/// A move of any variant: start, end and captured squares (internal indices).
pub type AnyMove = Move<u128>;

/// A position of any variant.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Board {
    /// 8x8 diagonal boards.
    D8(Position<Diagonal8>),
    /// 10x10 boards.
    D10(Position<Diagonal10>),
    /// 12x12 boards.
    D12(Position<Diagonal12>),
    /// Turkish: 8x8, every square.
    O8(Position<Orthogonal8>),
}

/// Run `$body` with `$p` bound to the inner `Position<G>` of a [`Board`].
macro_rules! on {
    ($board:expr, $p:ident => $body:expr) => {
        match $board {
            Board::D8($p) => $body,
            Board::D10($p) => $body,
            Board::D12($p) => $body,
            Board::O8($p) => $body,
        }
    };
}

/// Run `$body` with `$p` bound to the inner position and wrap the `Position<G>` it returns
/// back into the same [`Board`] variant.
macro_rules! map {
    ($board:expr, $p:ident => $body:expr) => {
        match $board {
            Board::D8($p) => Board::D8($body),
            Board::D10($p) => Board::D10($body),
            Board::D12($p) => Board::D12($body),
            Board::O8($p) => Board::O8($body),
        }
    };
}

/// A move of any variant as a move of a board whose sets are `B` (the board it was made on).
pub fn narrow<B: BitSet>(mv: &AnyMove) -> Move<B> {
    Move {
        from: mv.from,
        to: mv.to,
        promotes: mv.promotes,
        captured: B::from_u128(mv.captured),
    }
}

/// A move of one board shape as a move of any variant.
pub fn widen<B: BitSet>(mv: &Move<B>) -> AnyMove {
    Move {
        from: mv.from,
        to: mv.to,
        promotes: mv.promotes,
        captured: mv.captured.to_u128(),
    }
}

/// How many men and kings each side has: the material of the draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Material {
    /// White's men.
    pub white_men: u32,
    /// White's kings.
    pub white_kings: u32,
    /// Black's men.
    pub black_men: u32,
    /// Black's kings.
    pub black_kings: u32,
}

impl Material {
    /// Men of a side.
    pub fn men(&self, color: Color) -> u32 {
        match color {
            Color::White => self.white_men,
            Color::Black => self.black_men,
        }
    }

    /// Kings of a side.
    pub fn kings(&self, color: Color) -> u32 {
        match color {
            Color::White => self.white_kings,
            Color::Black => self.black_kings,
        }
    }

    /// Pieces of a side.
    pub fn pieces(&self, color: Color) -> u32 {
        self.men(color) + self.kings(color)
    }

    /// Pieces on the board.
    pub fn total(&self) -> u32 {
        self.pieces(Color::White) + self.pieces(Color::Black)
    }
}

/// A legal move described for an interface: its texts and squares in the variant's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// Short form (`28x19`, or the long form when two moves share start and end).
    pub short: String,
    /// Long form, every landing square (`28x19x10`).
    pub long: String,
    /// Start square name.
    pub from: String,
    /// End square name.
    pub to: String,
    /// Start square, then every landing square.
    pub path: Vec<String>,
    /// Squares of the captured pieces, in notation order.
    pub captured: Vec<String>,
    /// Whether a man is crowned.
    pub promotes: bool,
}

/// A legal move with the position it leads to, as `damier moves --json` lists each one. The
/// fields are in alphabetical order, the order that list's objects have always had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveLine {
    /// Squares of the captured pieces, in notation order.
    pub captured: Vec<String>,
    /// The position after the move, in PDN FEN.
    pub fen: String,
    /// Start square name.
    pub from: String,
    /// Long form, every landing square.
    pub long: String,
    /// Short form.
    #[serde(rename = "move")]
    pub short: String,
    /// Start square, then every landing square.
    pub path: Vec<String>,
    /// End square name.
    pub to: String,
}

impl std::fmt::Display for MoveLine {
    /// The move's short form, as `damier moves` lists it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.short)
    }
}

impl Board {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Board {
        let rules = variant.rules();
        damier_core::with_geometry!(rules.board, G => Board::from(Position::<G>::start(rules)))
    }

    /// A position of `variant` from PDN FEN.
    ///
    /// # Errors
    /// [`fen::FenError`] saying where the text is wrong.
    pub fn from_fen(variant: Variant, text: &str) -> Result<Board, fen::FenError> {
        let rules = variant.rules();
        damier_core::with_geometry!(rules.board, G => fen::parse::<G>(rules, text).map(Board::from))
    }

    /// [`Board::from_fen`] with the squares named by `names` (a PDN file's own notation), or
    /// else in the variant's own ([`fen::parse_in`]).
    ///
    /// # Errors
    /// As [`Board::from_fen`], naming squares by `names`.
    pub fn from_fen_in(
        variant: Variant,
        names: &SquareNames,
        text: &str,
    ) -> Result<Board, fen::FenError> {
        let rules = variant.rules();
        damier_core::with_geometry!(rules.board, G => {
            fen::parse_in::<G>(rules, names, text).map(Board::from)
        })
    }

    /// A position of `variant` from sets of internal squares (as [`Board::pieces`] and
    /// [`Board::kings`] give them), checked by the rules core.
    ///
    /// # Errors
    /// Every defect of the set of pieces, as a [`SetupError`].
    pub fn from_sets(
        variant: Variant,
        white: u128,
        black: u128,
        kings: u128,
        side: Color,
    ) -> Result<Board, SetupError> {
        let rules = variant.rules();
        damier_core::with_geometry!(rules.board, G => {
            let set = <G as Geometry>::Bits::from_u128;
            Position::<G>::from_parts(rules, set(white), set(black), set(kings), side)
                .map(Board::from)
        })
    }

    /// The squares where `color`'s men are crowned.
    pub fn crowning_squares(&self, color: Color) -> u128 {
        fn of<G: Geometry>(_: &Position<G>, color: Color) -> u128 {
            G::PROMOTION[color as usize].to_u128()
        }
        on!(self, p => of(p, color))
    }

    /// The position as PDN FEN.
    pub fn fen(&self) -> String {
        on!(self, p => fen::write(p))
    }

    /// The rules of the position's variant.
    pub fn rules(&self) -> &'static Rules {
        on!(self, p => p.rules())
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules().variant
    }

    /// How this variant names its squares.
    pub fn names(&self) -> &'static SquareNames {
        SquareNames::of(self.rules())
    }

    /// Side to move.
    pub fn side(&self) -> Color {
        on!(self, p => p.side())
    }

    /// Zobrist hash of pieces and side to move.
    pub fn hash(&self) -> u64 {
        on!(self, p => p.hash())
    }

    /// The pieces and the side to move, without any other state: two positions with the same
    /// key are the same position for the repetition rule.
    pub fn key(&self) -> (u128, u128, u128, Color) {
        on!(self, p => (
            p.pieces(Color::White).to_u128(),
            p.pieces(Color::Black).to_u128(),
            p.kings().to_u128(),
            p.side(),
        ))
    }

    /// Pieces of a side, as a set of internal squares.
    pub fn pieces(&self, color: Color) -> u128 {
        on!(self, p => p.pieces(color).to_u128())
    }

    /// Whether a crowning has ended the game (Breakthrough: the first king wins).
    pub fn ended_by_crowning(&self) -> bool {
        on!(self, p => p.ended_by_crowning())
    }

    /// All kings, as a set of internal squares.
    pub fn kings(&self) -> u128 {
        on!(self, p => p.kings().to_u128())
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        on!(self, p => p.piece_at(square))
    }

    /// Men and kings of each side.
    pub fn material(&self) -> Material {
        on!(self, p => Material {
            white_men: p.count(Color::White, Role::Man),
            white_kings: p.count(Color::White, Role::King),
            black_men: p.count(Color::Black, Role::Man),
            black_kings: p.count(Color::Black, Role::King),
        })
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        on!(self, p => p.legal_moves().iter().map(widen).collect())
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        on!(self, p => p.must_capture())
    }

    /// Winner when the side to move has no legal move (RULES.md §1: the mover loses, or wins
    /// in a giveaway form); `None` while there are moves.
    pub fn no_move_winner(&self) -> Option<Color> {
        on!(self, p => p.no_move_winner())
    }

    /// Play a legal move.
    ///
    /// # Errors
    /// [`PlayError`] if the move is not legal here.
    pub fn play(&self, mv: &AnyMove) -> Result<Board, PlayError> {
        Ok(match self {
            Board::D8(p) => Board::D8(p.play(&narrow(mv))?),
            Board::D10(p) => Board::D10(p.play(&narrow(mv))?),
            Board::D12(p) => Board::D12(p.play(&narrow(mv))?),
            Board::O8(p) => Board::O8(p.play(&narrow(mv))?),
        })
    }

    /// Play a move taken from [`Board::legal_moves`] without checking it again.
    pub fn play_unchecked(&self, mv: &AnyMove) -> Board {
        map!(self, p => p.play_unchecked(&narrow(mv)))
    }

    /// The same pieces with the other side to move (a forfeited or passed turn).
    pub fn with_side(&self, side: Color) -> Board {
        map!(self, p => p.with_side(side))
    }

    /// Read a move in short or long form.
    ///
    /// # Errors
    /// [`MoveError`]: unreadable, illegal (with why) or ambiguous.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        on!(self, p => notation::parse(p, text).map(|m| widen(&m)))
    }

    /// [`Board::parse_move`] with the squares named by `names` (a PDN file's own notation).
    ///
    /// # Errors
    /// As [`Board::parse_move`], naming squares by `names`.
    pub fn parse_move_in(&self, names: &SquareNames, text: &str) -> Result<AnyMove, MoveError> {
        on!(self, p => notation::parse_in(names, p, text).map(|m| widen(&m)))
    }

    /// The legal move meant by `text`, or, with `captured` (square names), the one of the
    /// moves `text` fits that captures exactly those squares: a move is its start, end and
    /// captured set, so `22x6` with its captures names a move that the short form alone
    /// would leave ambiguous. The squares written must fit the move picked: `captured` only
    /// chooses among the moves the text could mean, it never overrides it.
    ///
    /// # Errors
    /// [`MoveError`]: unreadable, illegal or ambiguous; a word of `captured` that is no
    /// square is reported against the captured list, not the move text.
    pub fn find_move(&self, text: &str, captured: Option<&[String]>) -> Result<AnyMove, MoveError> {
        let text = text.trim();
        let Some(captured) = captured else {
            return self.parse_move(text);
        };
        let names = self.names();
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let mut set = 0u128;
        for word in captured {
            let square = names.parse(word.trim()).ok_or_else(|| {
                illegal(format!("captured: '{word}' is not a square of this board"))
            })?;
            set |= u128::of(square);
        }
        let differs = || illegal("it does not capture exactly the squares of captured".into());
        match self.parse_move(text) {
            Ok(mv) if mv.captured == set => Ok(mv),
            Ok(_) => Err(differs()),
            // The text fits several moves: the captured squares pick among those only.
            Err(MoveError::Ambiguous { candidates, .. }) => {
                let picked: Vec<AnyMove> = self
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.captured == set && candidates.contains(&self.long(m)))
                    .collect();
                match picked.as_slice() {
                    [mv] => Ok(*mv),
                    [] => Err(differs()),
                    _ => Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        candidates: picked.iter().map(|m| self.long(m)).collect(),
                    }),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// The legal moves from `from` to `to`; with `captured`, only the one capturing exactly
    /// those squares. See [`notation::moves_between`].
    pub fn moves_between(&self, from: Square, to: Square, captured: Option<u128>) -> Vec<AnyMove> {
        on!(self, p => notation::moves_between(p, from, to, captured.map(BitSet::from_u128))
            .iter()
            .map(widen)
            .collect())
    }

    /// Leaf positions `depth` plies on (perft), two captures with the same start, end and
    /// captured pieces counting as one move.
    pub fn perft(&self, depth: u32) -> u64 {
        on!(self, p => damier_core::perft::perft(p, depth))
    }

    /// Short form of a legal move.
    pub fn short(&self, mv: &AnyMove) -> String {
        on!(self, p => notation::short(p, &narrow(mv)))
    }

    /// A line of moves played out from here, in short form, one word a move; it stops at the
    /// first move that is not legal where it stands (a line from an older position).
    pub fn line_words(&self, line: &[AnyMove]) -> Vec<String> {
        let mut board = *self;
        let mut words = Vec::with_capacity(line.len());
        for mv in line {
            let Ok(next) = board.play(mv) else { break };
            words.push(board.short(mv));
            board = next;
        }
        words
    }

    /// [`line_words`](Self::line_words) as one string: `32-28 19-23 28x19`.
    pub fn line_short(&self, line: &[AnyMove]) -> String {
        self.line_words(line).join(" ")
    }

    /// Long form of a legal move.
    pub fn long(&self, mv: &AnyMove) -> String {
        on!(self, p => notation::long(p, &narrow(mv)))
    }

    /// Landing squares of a legal move, ending with its end square.
    pub fn path(&self, mv: &AnyMove) -> Vec<Square> {
        on!(self, p => notation::path(p, &narrow(mv)))
    }

    /// A legal move described with its texts and square names.
    pub fn describe(&self, mv: &AnyMove) -> MoveInfo {
        let names = self.names();
        let name = |s: Square| names.name(s);
        MoveInfo {
            short: self.short(mv),
            long: self.long(mv),
            from: name(mv.from),
            to: name(mv.to),
            path: std::iter::once(mv.from)
                .chain(self.path(mv))
                .map(name)
                .collect(),
            captured: names
                .in_order()
                .filter(|&s| mv.captured.contains(s))
                .map(name)
                .collect(),
            promotes: mv.promotes,
        }
    }

    /// A legal move described with the position it leads to ([`MoveLine`]).
    pub fn move_line(&self, mv: &AnyMove) -> MoveLine {
        let m = self.describe(mv);
        MoveLine {
            captured: m.captured,
            fen: self.play_unchecked(mv).fen(),
            from: m.from,
            long: m.long,
            short: m.short,
            path: m.path,
            to: m.to,
        }
    }

    /// Every legal move, described.
    pub fn describe_moves(&self) -> Vec<MoveInfo> {
        self.legal_moves()
            .iter()
            .map(|m| self.describe(m))
            .collect()
    }

    /// Why the position has no move, when it has none: who cannot move and who wins (`White
    /// has no legal move: black wins`).
    pub fn no_move_note(&self) -> Option<String> {
        let winner = self.no_move_winner()?;
        let side = self.side().title();
        Some(format!("{side} has no legal move: {} wins", winner.name()))
    }

    /// Whether the position after `mv` can come round again: see
    /// [`Position::is_reversible`].
    pub fn is_reversible(&self, mv: &AnyMove) -> bool {
        on!(self, p => p.is_reversible(&narrow(mv)))
    }

    /// Whether the piece that makes `mv` is a king before the move.
    pub fn moves_king(&self, mv: &AnyMove) -> bool {
        self.kings().contains(mv.from)
    }
}

impl From<Position<Diagonal8>> for Board {
    fn from(p: Position<Diagonal8>) -> Self {
        Board::D8(p)
    }
}

impl From<Position<Diagonal10>> for Board {
    fn from(p: Position<Diagonal10>) -> Self {
        Board::D10(p)
    }
}

impl From<Position<Diagonal12>> for Board {
    fn from(p: Position<Diagonal12>) -> Self {
        Board::D12(p)
    }
}

impl From<Position<Orthogonal8>> for Board {
    fn from(p: Position<Orthogonal8>) -> Self {
        Board::O8(p)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({} {})", self.variant(), self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Base;

    /// The captured squares pick among the moves the text fits; they never replace the
    /// squares written, and a bad one is named as the captured list's.
    #[test]
    fn a_position_without_moves_says_who_wins() {
        let international = Variant::INTERNATIONAL;
        assert_eq!(Board::start(international).no_move_note(), None);
        let bare = Board::from_fen(international, "W:W:B1").unwrap();
        assert_eq!(
            bare.no_move_note().as_deref(),
            Some("White has no legal move: black wins")
        );
        let giveaway: Variant = "english-giveaway".parse().unwrap();
        let bare = Board::from_fen(giveaway, "W:W:BK1").unwrap();
        assert_eq!(
            bare.no_move_note().as_deref(),
            Some("White has no legal move: white wins")
        );
    }

    #[test]
    fn a_move_line_is_its_short_form_or_an_object_with_the_position_after() {
        let board = Board::from_fen(Variant::new(Base::Russian), "W:Wb6:Bc7,e7").unwrap();
        let mv = board.legal_moves()[0];
        let line = board.move_line(&mv);
        assert_eq!(line.to_string(), "b6:h4");
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"captured":["c7","e7"],"fen":"B:WKh4:B","from":"b6","long":"b6:d8:h4","move":"b6:h4","path":["b6","d8","h4"],"to":"h4"}"#
        );
    }

    #[test]
    fn captured_squares_choose_among_the_moves_the_text_fits() {
        let board = Board::from_fen(Variant::new(Base::English), "W:W22,30:B9,10,17,18,3").unwrap();
        let list = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let find = |text: &str, captured: &[&str]| {
            board
                .find_move(text, Some(&list(captured)))
                .map(|m| board.long(&m))
        };
        assert_eq!(find("22x6", &["17", "9"]).unwrap(), "22x13x6");
        assert_eq!(find("22x6", &["18", "10"]).unwrap(), "22x15x6");
        assert_eq!(find("22x15x6", &["10", "18"]).unwrap(), "22x15x6");
        let wrong = find("22x15x6", &["17", "9"]).unwrap_err();
        assert!(
            matches!(&wrong, MoveError::Illegal { reason, .. } if reason.contains("captured")),
            "{wrong}"
        );
        assert!(find("22x6", &["17"]).is_err());
        let bad = find("22x6", &["99"]).unwrap_err().to_string();
        assert!(bad.contains("captured: '99' is not a square"), "{bad}");
        assert!(!bad.contains("column"), "{bad}");
        // A text that names no move is the text's error, whatever the captured list says.
        let unreadable = find("22x99", &["17", "9"]).unwrap_err().to_string();
        assert!(unreadable.contains("'99' is not a square"), "{unreadable}");
    }

    #[test]
    fn boards_from_sets_are_the_positions_they_list() {
        for v in Variant::all() {
            let b = Board::start(v).with_side(Color::White);
            let (white, black) = (b.pieces(Color::White), b.pieces(Color::Black));
            let again = Board::from_sets(v, white, black, b.kings(), Color::White).unwrap();
            assert_eq!(again, b, "{v}");
            // The rules core's checks apply: two pieces on one square, a man on its crowning
            // row.
            let first = 1u128 << white.trailing_zeros();
            assert!(Board::from_sets(v, white, black | first, 0, Color::White).is_err());
            let crowning = b.crowning_squares(Color::White);
            let far = 1u128 << crowning.trailing_zeros();
            assert!(Board::from_sets(v, far, 0, 0, Color::White).is_err(), "{v}");
            // A king there is a position, but where crowning ends the game (Breakthrough),
            // only with the other side to move.
            let king_to_move = Board::from_sets(v, far, 0, far, Color::White);
            assert_eq!(king_to_move.is_ok(), !v.rules().crowning_wins, "{v}");
            assert!(
                Board::from_sets(v, far, 0, far, Color::Black).is_ok(),
                "{v}"
            );
        }
    }

    #[test]
    fn every_variant_starts_and_plays_by_text() {
        for v in Variant::all() {
            let b = Board::start(v);
            assert_eq!(b.variant(), v);
            assert_eq!(b.side(), v.rules().first);
            let moves = b.legal_moves();
            assert!(!moves.is_empty(), "{v}");
            let text = b.short(&moves[0]);
            assert_eq!(b.parse_move(&text).unwrap(), moves[0]);
            let next = b.play(&moves[0]).unwrap();
            assert_eq!(next.side(), b.side().opponent());
            assert_eq!(Board::from_fen(v, &next.fen()).unwrap(), next);
        }
    }

    #[test]
    fn describes_a_capture_with_names() {
        let b = Board::from_fen(Variant::new(Base::Russian), "W:Wc3:Bd4").unwrap();
        let info = b.describe_moves();
        assert_eq!(info.len(), 1);
        assert_eq!(info[0].short, "c3:e5");
        assert_eq!(info[0].path, ["c3", "e5"]);
        assert_eq!(info[0].captured, ["d4"]);
        let m = b.material();
        assert_eq!((m.white_men, m.black_men, m.total()), (1, 1, 2));
    }
}
