//! A position: pieces, side to move, and the little state the rules carry between moves.

use crate::bitset::BitSet;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::rules::Rules;
use crate::square::Square;
use crate::zobrist::KEYS;
use crate::{movegen, Color, Piece, Role};
use std::fmt;

/// Frisian: the king that has made the last quiet moves of a side, and how many in a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KingRun {
    /// The square of that king.
    pub square: Square,
    /// Quiet moves it has made in a row (0 when the side's last move was not a king's).
    pub moves: u8,
}

impl KingRun {
    /// The most quiet moves in a row a king may make while its side has men (RULES.md §2);
    /// a run this long bars the king.
    pub const LIMIT: u8 = 3;
}

/// What [`Position::unmake`] restores.
#[derive(Clone, Copy, Debug)]
pub struct Undo<B> {
    kings: B,
    hash: u64,
    king_runs: [KingRun; 2],
}

/// A position of one variant on a board of shape `G`.
///
/// Copy-make: [`Position::play_unchecked`] returns a new position and leaves this one as it was.
/// The Zobrist hash is updated with each move, and covers the pieces, the side to move and
/// the Frisian king runs (which bar moves, so positions differing in them differ).
#[derive(Clone, Copy)]
pub struct Position<G: Geometry> {
    rules: &'static Rules,
    pieces: [G::Bits; 2],
    kings: G::Bits,
    side: Color,
    hash: u64,
    king_runs: [KingRun; 2],
}

/// One thing wrong with a set of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupDefect {
    /// A bit is set outside the board's playing squares.
    OffBoard,
    /// A square holds pieces of both sides.
    Overlap(Square),
    /// A king is marked on an empty square.
    KingWithoutPiece(Square),
    /// A side has more pieces than it starts with.
    TooManyPieces {
        /// Which side.
        color: Color,
        /// How many it has.
        count: u32,
        /// How many it may have.
        max: u32,
    },
    /// A man stands on the row where it would have been crowned.
    ManOnCrowningRow(Square),
    /// The side to move has a king where crowning ends the game (Breakthrough): that king
    /// would have won before its side could be to move again.
    KingOfSideToMove(Square),
}

/// Why a set of pieces is not a position: every defect found, not only the first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", describe(.defects))]
pub struct SetupError {
    /// The defects, in the order they were found. Square numbers are internal indices; callers
    /// that know the notation (FEN) report squares in it.
    pub defects: Vec<SetupDefect>,
}

fn describe(defects: &[SetupDefect]) -> String {
    defects
        .iter()
        .map(|d| match d {
            SetupDefect::OffBoard => "a piece is off the playing squares".to_string(),
            SetupDefect::Overlap(s) => format!("square #{} holds both colours", s.index()),
            SetupDefect::KingWithoutPiece(s) => format!("king mark on empty square #{}", s.index()),
            SetupDefect::TooManyPieces { color, count, max } => {
                format!("{} has {count} pieces, at most {max} allowed", color.name())
            }
            SetupDefect::ManOnCrowningRow(s) => {
                format!("man on its crowning row at #{}", s.index())
            }
            SetupDefect::KingOfSideToMove(s) => {
                format!(
                    "king of the side to move at #{}, where crowning ends the game",
                    s.index()
                )
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move from #{} to #{}", .from.index(), .to.index())]
pub struct PlayError {
    /// Start square of the rejected move.
    pub from: Square,
    /// End square of the rejected move.
    pub to: Square,
}

impl<G: Geometry> Position<G> {
    /// The start position of `rules`' variant.
    ///
    /// # Panics
    /// If `rules.board` is not `G::KIND` (a caller error, not an input error).
    pub fn start(rules: &'static Rules) -> Self {
        assert_eq!(rules.board, G::KIND, "geometry does not match the variant");
        let t = G::tables();
        let n = G::KIND.size();
        let mut white = G::Bits::ZERO;
        let mut black = G::Bits::ZERO;
        for s in G::ALL.iter() {
            let row = t.row[s as usize] as u32;
            if rules.start_rows.contains(&row) {
                white |= G::Bits::bit(s);
            }
            if rules.start_rows.contains(&(n - 1 - row)) {
                black |= G::Bits::bit(s);
            }
        }
        Self::new_unchecked(rules, white, black, G::Bits::ZERO, rules.first)
    }

    /// A position from raw bit sets, checked.
    ///
    /// # Errors
    /// Every defect of the set of pieces, as a [`SetupError`].
    pub fn from_parts(
        rules: &'static Rules,
        white: G::Bits,
        black: G::Bits,
        kings: G::Bits,
        side: Color,
    ) -> Result<Self, SetupError> {
        let mut defects = Vec::new();
        if rules.board != G::KIND || !((white | black | kings) & !G::ALL).is_empty() {
            defects.push(SetupDefect::OffBoard);
        }
        for s in (white & black).iter() {
            defects.push(SetupDefect::Overlap(Square::new(s)));
        }
        for s in (kings & !(white | black)).iter() {
            defects.push(SetupDefect::KingWithoutPiece(Square::new(s)));
        }
        for (color, set) in [(Color::White, white), (Color::Black, black)] {
            if set.count() > rules.men {
                defects.push(SetupDefect::TooManyPieces {
                    color,
                    count: set.count(),
                    max: rules.men,
                });
            }
            for s in (set & !kings & G::PROMOTION[color as usize]).iter() {
                defects.push(SetupDefect::ManOnCrowningRow(Square::new(s)));
            }
        }
        if rules.crowning_wins {
            let movers = if side == Color::White { white } else { black };
            for s in (movers & kings).iter() {
                defects.push(SetupDefect::KingOfSideToMove(Square::new(s)));
            }
        }
        if defects.is_empty() {
            Ok(Self::new_unchecked(rules, white, black, kings, side))
        } else {
            Err(SetupError { defects })
        }
    }

    fn new_unchecked(
        rules: &'static Rules,
        white: G::Bits,
        black: G::Bits,
        kings: G::Bits,
        side: Color,
    ) -> Self {
        let mut pos = Position {
            rules,
            pieces: [white, black],
            kings,
            side,
            hash: 0,
            king_runs: [KingRun::default(); 2],
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The variant's rules.
    #[inline(always)]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Pieces of one side.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> G::Bits {
        self.pieces[color as usize]
    }

    /// All kings.
    #[inline(always)]
    pub fn kings(&self) -> G::Bits {
        self.kings
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> G::Bits {
        self.pieces[0] | self.pieces[1]
    }

    /// All empty playing squares.
    #[inline(always)]
    pub fn empty(&self) -> G::Bits {
        G::ALL & !self.occupied()
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.pieces[0].contains(square) {
            Color::White
        } else if self.pieces[1].contains(square) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(square) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Number of pieces of a side and role.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        let set = self.pieces[color as usize];
        match role {
            Role::Man => (set & !self.kings).count(),
            Role::King => (set & self.kings).count(),
        }
    }

    /// Zobrist hash of pieces, side to move and (Frisian) king runs.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equals [`Position::hash`]; used to test the update).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in [Color::White, Color::Black] {
            for s in self.pieces[color as usize].iter() {
                let role = if self.kings.has(s) {
                    Role::King
                } else {
                    Role::Man
                };
                h ^= KEYS.piece(color, role, s);
            }
        }
        if self.side == Color::Black {
            h ^= KEYS.black_to_move;
        }
        for color in [Color::White, Color::Black] {
            h ^= KEYS.run(color, self.king_runs[color as usize]);
        }
        h
    }

    /// Frisian king-move counter of a side.
    pub fn king_run(&self, color: Color) -> KingRun {
        self.king_runs[color as usize]
    }

    /// The square of `color`'s king that may not make a quiet move: in Frisian, one that has
    /// made three in a row while its side has men (RULES.md §2). Only meaningful under that
    /// rule (`Rules::king_move_limit`), the one that keeps the runs.
    #[inline(always)]
    pub fn barred_king(&self, color: Color) -> Option<Square> {
        let run = self.king_runs[color as usize];
        (run.moves >= KingRun::LIMIT && self.has_men(color)).then_some(run.square)
    }

    /// Whether a crowning has ended the game: a king on the board where the first king wins
    /// (Breakthrough). The side to move, which did not crown, then has no move.
    #[inline(always)]
    pub fn ended_by_crowning(&self) -> bool {
        self.rules.crowning_wins && !self.kings.is_empty()
    }

    /// Whether `color` has a man: while it has, its king runs are limited (Frisian).
    #[inline(always)]
    pub fn has_men(&self, color: Color) -> bool {
        !(self.pieces(color) & !self.kings()).is_empty()
    }

    /// Set the Frisian king-move counter of a side (from a FEN extension).
    pub fn set_king_run(&mut self, color: Color, run: KingRun) {
        let old = std::mem::replace(&mut self.king_runs[color as usize], run);
        self.hash ^= KEYS.run(color, old) ^ KEYS.run(color, run);
    }

    /// The same pieces with the other side to move.
    pub fn with_side(mut self, side: Color) -> Self {
        if side != self.side {
            self.side = side;
            self.hash ^= KEYS.black_to_move;
        }
        self
    }

    /// The same game seen from the other side: the board turned round (square (row, col) to
    /// (n-1-row, n-1-col)), the colours swapped and the other side to move. Every variant's
    /// rules are the same from either side, so the turned position has the same moves,
    /// turned; Frisian king-move counters go with their kings.
    pub fn turned(&self) -> Self {
        let t = G::tables();
        let turn_square = |s: u32| u32::from(t.turn[s as usize]);
        // Every board numbers its squares so that turning it round reverses the numbers
        // (square s lands on last - s): one bit reversal turns a set. A database check turns
        // every successor it reads.
        let last = turn_square(0);
        let turn = |set: G::Bits| G::Bits::from_u128(set.to_u128().reverse_bits() >> (127 - last));
        let mut out = Self::new_unchecked(
            self.rules,
            turn(self.pieces[1]),
            turn(self.pieces[0]),
            turn(self.kings),
            self.side.opponent(),
        );
        for color in [Color::White, Color::Black] {
            let run = self.king_runs[color as usize];
            if run.moves > 0 {
                out.set_king_run(
                    color.opponent(),
                    KingRun {
                        square: Square::new(turn_square(run.square.index())),
                        ..run
                    },
                );
            }
        }
        out
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList<G::Bits> {
        let mut list = MoveList::new();
        movegen::generate(self, &mut list);
        list
    }

    /// Every legal move, appended to `list` (which is cleared first); saves a copy of the
    /// list in hot loops.
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList<G::Bits>) {
        list.clear();
        movegen::generate(self, list);
    }

    /// The legal captures, appended to `list` (which is cleared first); `list` stays empty
    /// when the side to move has none. Captures are compulsory, so when there are any they
    /// are every legal move.
    #[inline]
    pub fn captures_into(&self, list: &mut MoveList<G::Bits>) {
        list.clear();
        movegen::generate_captures(self, list);
    }

    /// Every legal move, a capture repeated once per distinct path that makes it. Only for
    /// comparing with counts that keep duplicates; play uses [`Position::legal_moves`].
    pub fn legal_moves_per_path(&self) -> MoveList<G::Bits> {
        let mut list = MoveList::new();
        movegen::generate_per_path(self, &mut list);
        list
    }

    /// Number of legal moves, counted without building quiet moves.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        movegen::count(self)
    }

    /// How many quiet moves `color` would have if it were to move, by men and by kings
    /// (for evaluation; captures are not counted).
    pub fn mobility(&self, color: Color) -> crate::Mobility {
        movegen::mobility(self, color)
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        movegen::has_capture(self)
    }

    /// Whether the position after `mv` (a move of this position) can come round again: `mv`
    /// captures nothing and is a king's move or a man's step along its row (Turkish men step
    /// sideways and back). A position can only repeat within a run of such moves.
    #[inline]
    pub fn is_reversible(&self, mv: &Move<G::Bits>) -> bool {
        if mv.is_capture() {
            return false;
        }
        if self.kings().contains(mv.from) {
            return true;
        }
        // Only the orthogonal board's men step sideways; a diagonal step always changes row.
        let row = |square: Square| G::KIND.coords(square.index()).map(|(row, _)| row);
        !G::KIND.is_diagonal() && row(mv.from) == row(mv.to)
    }

    /// Whether the non-capturing move `from`→`to` is legal here, without listing every move:
    /// for a crowning step as for any other.
    pub fn is_legal_quiet(&self, from: Square, to: Square) -> bool {
        movegen::is_legal_quiet(self, from.index(), to.index())
    }

    /// Every legal capture with each of its paths (landing squares after the start square,
    /// ending with `to`). A move reached by several paths appears once per path.
    pub fn capture_paths(&self) -> Vec<(Move<G::Bits>, Vec<Square>)> {
        movegen::capture_paths(self)
    }

    /// The winner when the side to move has no legal move (it loses, or in a giveaway form
    /// wins); `None` while it has one. The rules core knows no draws: the game layer's
    /// `Outcome` and draw rules do.
    pub fn no_move_winner(&self) -> Option<Color> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        Some(if self.rules.no_move_wins() {
            self.side
        } else {
            self.side.opponent()
        })
    }

    /// Play a move after checking it is legal.
    ///
    /// # Errors
    /// [`PlayError`] if the move is not among [`Position::legal_moves`].
    pub fn play(&self, mv: &Move<G::Bits>) -> Result<Self, PlayError> {
        if self.legal_moves().contains(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(PlayError {
                from: mv.from,
                to: mv.to,
            })
        }
    }

    /// Play a move known to be legal (one from [`Position::legal_moves`]).
    ///
    /// # Panics
    /// In debug builds, if the start square holds no piece of the side to move.
    #[inline]
    pub fn play_unchecked(&self, mv: &Move<G::Bits>) -> Self {
        self.after::<true>(mv)
    }

    /// Play a legal move in place, returning what [`Position::unmake`] needs to take it back.
    /// (Damier's search and perft use copy-make, [`Position::play_unchecked`]; this pair is
    /// kept for callers that hold a position in place, and for the benchmark comparing both.)
    #[inline]
    pub fn make(&mut self, mv: &Move<G::Bits>) -> Undo<G::Bits> {
        let undo = Undo {
            kings: self.kings,
            hash: self.hash,
            king_runs: self.king_runs,
        };
        *self = self.after::<true>(mv);
        undo
    }

    /// Take back `mv`, made with [`Position::make`] which returned `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: &Move<G::Bits>, undo: Undo<G::Bits>) {
        let them = self.side;
        let us = them.opponent();
        let own = &mut self.pieces[us as usize];
        *own = (*own & !G::Bits::of(mv.to)) | G::Bits::of(mv.from);
        self.pieces[them as usize] |= mv.captured;
        self.kings = undo.kings;
        self.hash = undo.hash;
        self.king_runs = undo.king_runs;
        self.side = us;
    }

    /// The position after `mv` with its hash left as it was: for perft, which only counts
    /// moves and never looks at a hash.
    #[inline(always)]
    pub(crate) fn play_unhashed(&self, mv: &Move<G::Bits>) -> Self {
        self.after::<false>(mv)
    }

    /// The position after `mv`, its hash updated only with `HASH`. Built from this position's
    /// fields rather than by copying it and changing the copy: reading fields back from a
    /// copy just written (wide stores, narrow loads) stalled the processor once a leaf in
    /// perft, where the profile showed it as the hottest instruction.
    #[inline(always)]
    fn after<const HASH: bool>(&self, mv: &Move<G::Bits>) -> Self {
        let us = self.side;
        let them = us.opponent();
        let from = G::Bits::of(mv.from);
        let to = G::Bits::of(mv.to);
        debug_assert!(!(self.pieces[us as usize] & from).is_empty());
        let was_king = !(self.kings & from).is_empty();
        let mut hash = self.hash;
        if HASH {
            for s in mv.captured.iter() {
                let role = if self.kings.has(s) {
                    Role::King
                } else {
                    Role::Man
                };
                hash ^= KEYS.piece(them, role, s);
            }
        }
        // Captured pieces go first: with immediate removal the mover may end on a captured
        // piece's square.
        let theirs = self.pieces[them as usize] & !mv.captured;
        let ours = (self.pieces[us as usize] & !from) | to;
        let pieces = match us {
            Color::White => [ours, theirs],
            Color::Black => [theirs, ours],
        };
        let crowned = was_king || mv.promotes;
        if HASH {
            let role_before = if was_king { Role::King } else { Role::Man };
            let role_after = if crowned { Role::King } else { Role::Man };
            hash ^= KEYS.piece(us, role_before, mv.from.index())
                ^ KEYS.piece(us, role_after, mv.to.index())
                ^ KEYS.black_to_move;
        }
        let mut kings = self.kings & !mv.captured & !from;
        if crowned {
            kings |= to;
        }
        let king_runs = if self.rules.king_move_limit {
            let runs = self.king_runs_after(mv, was_king, us);
            if HASH && runs != self.king_runs {
                for color in [Color::White, Color::Black] {
                    let c = color as usize;
                    hash ^= KEYS.run(color, self.king_runs[c]) ^ KEYS.run(color, runs[c]);
                }
            }
            runs
        } else {
            self.king_runs
        };
        Position {
            rules: self.rules,
            pieces,
            kings,
            side: them,
            hash,
            king_runs,
        }
    }

    /// Frisian king-move counters after `mv`.
    #[inline(always)]
    fn king_runs_after(&self, mv: &Move<G::Bits>, was_king: bool, us: Color) -> [KingRun; 2] {
        let mut runs = self.king_runs;
        // A man's move leaves counters that are all zero as they are (most Frisian moves).
        if !was_king && runs == [KingRun::default(); 2] {
            return runs;
        }
        let run = &mut runs[us as usize];
        *run = if was_king && !mv.is_capture() {
            let moves = if run.moves > 0 && run.square == mv.from {
                run.moves.saturating_add(1)
            } else {
                1
            };
            KingRun {
                square: mv.to,
                moves,
            }
        } else {
            KingRun::default()
        };
        // A captured king's run ends with it.
        let them = us.opponent() as usize;
        let their = runs[them];
        if their.moves > 0 && mv.captured.contains(their.square) {
            runs[them] = KingRun::default();
        }
        runs
    }
}

impl<G: Geometry> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        self.rules.variant == other.rules.variant
            && self.pieces == other.pieces
            && self.kings == other.kings
            && self.side == other.side
            && self.king_runs == other.king_runs
    }
}

impl<G: Geometry> Eq for Position<G> {}

impl<G: Geometry> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::write(self))
    }
}
