//! The automatic draws of RULES.md §3, per variant, decided from a game's history.
//!
//! Every rule is a count over the end of the history: plies with only king moves and no
//! capture, plies spent in one ending with unchanged material, moves made by one side in that
//! ending, or occurrences of the current position. Deciding from the history (rather than
//! keeping counters) makes undo and redo free of bookkeeping.

use crate::board::{Board, Material};
use damier_core::{Base, BitSet, Color, Variant};
use serde::Serialize;

/// Which automatic draw ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum DrawRule {
    /// The same position (pieces, squares, side to move) for the third time.
    Repetition,
    /// English family: 40 moves by each side with no capture and no man move.
    FortyMoves,
    /// Pool: three kings against a lone king, which has made 13 moves.
    PoolLoneKing,
    /// International family: 25 moves each with only kings moved and no capture.
    TwentyFiveKingMoves,
    /// International family: a lone king against three pieces including a king, 16 moves each.
    SixteenMoves,
    /// International family: a lone king against two or fewer pieces including a king,
    /// 5 moves each.
    FiveMoves,
    /// FMJD 64 squares: 15 moves each by kings only, no man move, no capture.
    FifteenKingMoves,
    /// FMJD 64 squares: three or more kings against a lone king; the stronger side's 15th move
    /// did not capture.
    ThreeKingsFifteen,
    /// FMJD 64 squares: both sides have kings, 4 or 5 pieces, 30 moves each with the balance
    /// unchanged.
    ThirtyMoves,
    /// FMJD 64 squares: both sides have kings, 6 or 7 pieces, 60 moves each with the balance
    /// unchanged.
    SixtyMoves,
    /// FMJD 64 squares: three pieces including a king against a lone king on the long
    /// diagonal, 5 moves each.
    LongDiagonal,
    /// FMJD 64 squares: two pieces including a king against a lone king, 5 moves each.
    TwoPiecesAgainstKing,
    /// Frisian: two kings against one king, 7 moves each.
    FrisianTwoKings,
    /// Frisian: one king against one king, with no capture forced at once.
    FrisianKingAgainstKing,
    /// Turkish: one piece against one piece.
    TurkishOneEach,
}

/// Plies with only king moves and no capture after which a game of `variant` is drawn: 40
/// moves each in the English family and Pool, 25 in the International family, 15 under the
/// FMJD 64-square rules; `None` where the variant has no such rule (Frisian, Frysk!,
/// Turkish, and Breakthrough, whose first king ends the game).
///
/// The engine counts the same plies during its search, so this is the one place the limits live.
pub fn quiet_king_limit(variant: Variant) -> Option<usize> {
    match variant.base {
        Base::English
        | Base::Italian
        | Base::Spanish
        | Base::Portuguese
        | Base::Czech
        | Base::Thai
        | Base::Pool => Some(80),
        Base::International | Base::Canadian | Base::SriLankan => Some(50),
        Base::Russian | Base::Brazilian | Base::German => Some(30),
        Base::Frisian | Base::Frysk | Base::Turkish | Base::Breakthrough => None,
    }
}

/// How the automatic draws that count moves in one ending bear on a win found without
/// them (an endgame database's): the game's own count starts when the ending's material
/// arises, and a win is only real if it ends the game before the count does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndingLimit {
    /// No count applies to this material (only the quiet-king limit, counted apart).
    Unlimited,
    /// The material is a draw as it stands (Turkish: one piece each).
    Drawn,
    /// A win must end the game within this many plies of the ending's start. Where a rule
    /// depends on more than material (a king on the long diagonal) or on whose move it is,
    /// the count assumed is the shortest it could be.
    Plies(usize),
}

/// The counts of RULES.md §3 that apply to `m` in `variant`, as in `automatic_draw`. The
/// FMJD 64-square rule for a lone king on the long diagonal is assumed whenever the material
/// allows it: the king may step onto the diagonal at any time.
pub fn ending_limit(variant: Variant, m: &Material) -> EndingLimit {
    let mut limit: Option<usize> = None;
    let mut cap = |plies: usize| limit = Some(limit.map_or(plies, |l| l.min(plies)));
    let kings_each = m.white_kings >= 1 && m.black_kings >= 1;
    match variant.base {
        Base::Pool => {
            if lone_king(m, |o| m.men(o) == 0 && m.kings(o) == 3).is_some() {
                // Drawn once the lone king has made 13 moves: it makes at most 12 in 24 plies.
                cap(24);
            }
        }
        Base::International | Base::Canadian | Base::SriLankan => {
            if lone_king(m, |o| m.pieces(o) == 3 && m.kings(o) >= 1).is_some() {
                cap(31);
            }
            if lone_king(m, |o| m.pieces(o) <= 2 && m.kings(o) >= 1).is_some() {
                cap(9);
            }
        }
        Base::Russian | Base::Brazilian | Base::German => {
            if lone_king(m, |o| m.kings(o) >= 3).is_some() {
                // The stronger side's 15th move must capture: 29 plies when it moves first.
                cap(29);
            }
            // Three pieces with a king (long diagonal), or two, against a lone king.
            if lone_king(m, |o| (2..=3).contains(&m.pieces(o)) && m.kings(o) >= 1).is_some() {
                cap(9);
            }
            if kings_each && (4..=5).contains(&m.total()) {
                cap(59);
            }
            if kings_each && (6..=7).contains(&m.total()) {
                cap(119);
            }
        }
        Base::Frisian | Base::Frysk => {
            if lone_king(m, |o| m.men(o) == 0 && m.kings(o) <= 2).is_some() {
                cap(13);
            }
        }
        Base::Turkish => {
            if m.pieces(Color::White) == 1 && m.pieces(Color::Black) == 1 {
                return EndingLimit::Drawn;
            }
        }
        Base::English
        | Base::Italian
        | Base::Spanish
        | Base::Portuguese
        | Base::Czech
        | Base::Thai
        | Base::Breakthrough => {}
    }
    limit.map_or(EndingLimit::Unlimited, EndingLimit::Plies)
}

/// Whether the draw rules end a game as it stands, before the side to move plays (RULES.md
/// §3), from its material and whether the side to move must capture: Turkish, one piece
/// each; Frisian, one king against one king with no capture forced at once. Asked only where
/// the side to move has a move (without one the game is won or lost instead).
pub fn drawn_as_it_stands(variant: Variant, m: &Material, must_capture: bool) -> bool {
    match variant.base {
        Base::Turkish => ending_limit(variant, m) == EndingLimit::Drawn,
        Base::Frisian | Base::Frysk => {
            !must_capture
                && [Color::White, Color::Black]
                    .iter()
                    .all(|&c| m.men(c) == 0 && m.kings(c) == 1)
        }
        _ => false,
    }
}

/// The plies within which a win from `m` must end the game so that no count of any ending
/// on the way draws it first: the shortest count of `m` and of every material a capture or
/// crowning can lead to (each ending's count starts afresh, so the whole distance fitting the
/// shortest one is enough). [`EndingLimit::Drawn`] when `m` itself is drawn.
pub fn claim_limit(variant: Variant, m: &Material) -> EndingLimit {
    if ending_limit(variant, m) == EndingLimit::Drawn {
        return EndingLimit::Drawn;
    }
    let mut limit: Option<usize> = None;
    for white_men in 0..=m.white_men {
        for white_kings in 0..=m.white_kings + (m.white_men - white_men) {
            for black_men in 0..=m.black_men {
                for black_kings in 0..=m.black_kings + (m.black_men - black_men) {
                    let after = Material {
                        white_men,
                        white_kings,
                        black_men,
                        black_kings,
                    };
                    if after.pieces(Color::White) == 0 || after.pieces(Color::Black) == 0 {
                        continue;
                    }
                    if let EndingLimit::Plies(p) = ending_limit(variant, &after) {
                        limit = Some(limit.map_or(p, |l| l.min(p)));
                    }
                }
            }
        }
    }
    limit.map_or(EndingLimit::Unlimited, EndingLimit::Plies)
}

/// Whether a win (or loss) `plies` long by best play, found without the draw rules that
/// count moves (an endgame database's), is real: the game ends before the quiet-king count
/// ([`quiet_king_limit`]; `quiet` plies of it already spent) or the ending counts (`limit`,
/// from [`claim_limit`]; `ending` plies already spent in this material) could draw it.
pub fn win_within_counts(
    quiet_limit: Option<usize>,
    limit: EndingLimit,
    plies: usize,
    quiet: usize,
    ending: usize,
) -> bool {
    let in_quiet = quiet_limit.is_none_or(|l| quiet + plies <= l);
    let in_ending = match limit {
        EndingLimit::Drawn => false,
        EndingLimit::Plies(l) => ending + plies <= l,
        EndingLimit::Unlimited => true,
    };
    in_quiet && in_ending
}

impl DrawRule {
    /// A short English description, for messages and PDN comments.
    pub fn describe(self) -> &'static str {
        match self {
            DrawRule::Repetition => "third repetition of the position",
            DrawRule::FortyMoves => "40 moves each without a capture or a man move",
            DrawRule::PoolLoneKing => "the lone king against three kings made 13 moves",
            DrawRule::TwentyFiveKingMoves => "25 moves each by kings only without a capture",
            DrawRule::SixteenMoves => "16 moves each, lone king against three pieces including a king",
            DrawRule::FiveMoves => "5 moves each, lone king against two pieces or fewer including a king",
            DrawRule::FifteenKingMoves => "15 moves each by kings only without a capture",
            DrawRule::ThreeKingsFifteen => "three or more kings did not take the lone king in 15 moves",
            DrawRule::ThirtyMoves => "30 moves each with 4 or 5 pieces, kings on both sides and the balance unchanged",
            DrawRule::SixtyMoves => "60 moves each with 6 or 7 pieces, kings on both sides and the balance unchanged",
            DrawRule::LongDiagonal => "5 moves each, three pieces including a king against a lone king on the long diagonal",
            DrawRule::TwoPiecesAgainstKing => "5 moves each, two pieces including a king against a lone king",
            DrawRule::FrisianTwoKings => "7 moves each, two kings against one",
            DrawRule::FrisianKingAgainstKing => "one king against one king, no capture forced at once",
            DrawRule::TurkishOneEach => "one piece against one piece",
        }
    }
}

/// The automatic draws `automatic_draw` applies in `variant` (RULES.md §3), for rule texts;
/// the draw tests check that every draw a game reaches is one of them.
pub fn draw_rules(variant: Variant) -> &'static [DrawRule] {
    use DrawRule::*;
    match variant.base {
        Base::English
        | Base::Italian
        | Base::Spanish
        | Base::Portuguese
        | Base::Czech
        | Base::Thai => &[Repetition, FortyMoves],
        Base::Pool => &[Repetition, FortyMoves, PoolLoneKing],
        Base::International | Base::Canadian | Base::SriLankan => {
            &[Repetition, TwentyFiveKingMoves, SixteenMoves, FiveMoves]
        }
        Base::Russian | Base::Brazilian | Base::German => &[
            Repetition,
            ThreeKingsFifteen,
            FifteenKingMoves,
            ThirtyMoves,
            SixtyMoves,
            LongDiagonal,
            TwoPiecesAgainstKing,
        ],
        Base::Frisian | Base::Frysk => &[FrisianTwoKings, FrisianKingAgainstKing],
        Base::Turkish => &[Repetition, TurkishOneEach],
        // Men only ever move forward, and the first king ends the game.
        Base::Breakthrough => &[],
    }
}

/// What the draw rules need to know about one ply of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlyFacts {
    /// Who made it.
    pub mover: Color,
    /// Whether it captured.
    pub capture: bool,
    /// Whether a man moved.
    pub man_moved: bool,
    /// Whether a piece moved at all: forfeited and passed turns (giveaway time-outs) are not
    /// moves, so they count toward no limit and leave no position to repeat.
    pub moved: bool,
}

/// The automatic draw reached at the end of a history, if any.
///
/// `positions[0]` is the start; `facts[i]` is the ply from `positions[i]` to
/// `positions[i + 1]`. Call it only when the side to move has a legal move: a side without one
/// has lost (or won) before any draw rule applies.
pub(crate) fn automatic_draw(positions: &[Board], facts: &[PlyFacts]) -> Option<DrawRule> {
    debug_assert_eq!(positions.len(), facts.len() + 1);
    let last = positions.last()?;
    let h = History { positions, facts };
    let found = match last.variant().base {
        Base::English
        | Base::Italian
        | Base::Spanish
        | Base::Portuguese
        | Base::Czech
        | Base::Thai => h.forty_moves(),
        Base::Pool => h.pool_lone_king().or_else(|| h.forty_moves()),
        Base::International | Base::Canadian | Base::SriLankan => h.international(),
        Base::Russian | Base::Brazilian | Base::German => h.fmjd64(),
        Base::Frisian | Base::Frysk => return h.frisian(),
        Base::Turkish => h.turkish(),
        Base::Breakthrough => return None,
    };
    found.or_else(|| h.repetition())
}

struct History<'a> {
    positions: &'a [Board],
    facts: &'a [PlyFacts],
}

/// The side that has one king and nothing else, given the other side satisfies `other`.
fn lone_king(m: &Material, other: impl Fn(Color) -> bool) -> Option<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .find(|&c| m.men(c) == 0 && m.kings(c) == 1 && other(c.opponent()))
}

impl History<'_> {
    fn last(&self) -> &Board {
        self.positions.last().expect("a history has a position")
    }

    /// Trailing plies with no capture and no man move.
    fn quiet_king_plies(&self) -> usize {
        self.facts
            .iter()
            .rev()
            .filter(|f| f.moved)
            .take_while(|f| !f.capture && !f.man_moved)
            .count()
    }

    /// Trailing plies during which `ending` held with the material unchanged, and how many of
    /// them each side made. Zero when the last position is not in the ending.
    fn ending_streak(&self, ending: impl Fn(&Board) -> bool) -> (usize, [usize; 2]) {
        let n = self.positions.len() - 1;
        let material = self.last().material();
        let mut plies = 0;
        while plies < n {
            let before = &self.positions[n - plies - 1];
            if !ending(before) || before.material() != material {
                break;
            }
            plies += 1;
        }
        if !ending(self.last()) {
            return (0, [0, 0]);
        }
        let mut by = [0, 0];
        for f in self.facts[n - plies..].iter().filter(|f| f.moved) {
            by[f.mover as usize] += 1;
        }
        (by[0] + by[1], by)
    }

    fn repetition(&self) -> Option<DrawRule> {
        if self.facts.last().is_some_and(|f| !f.moved) {
            return None;
        }
        let key = self.last().key();
        let after_moves = std::iter::once(true).chain(self.facts.iter().map(|f| f.moved));
        let seen = self
            .positions
            .iter()
            .zip(after_moves)
            .filter(|(p, moved)| *moved && p.key() == key)
            .count();
        (seen >= 3).then_some(DrawRule::Repetition)
    }

    fn quiet_limit_reached(&self) -> bool {
        quiet_king_limit(self.last().variant()).is_some_and(|n| self.quiet_king_plies() >= n)
    }

    fn forty_moves(&self) -> Option<DrawRule> {
        self.quiet_limit_reached().then_some(DrawRule::FortyMoves)
    }

    fn pool_lone_king(&self) -> Option<DrawRule> {
        let lone = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.men(o) == 0 && m.kings(o) == 3)
        };
        let color = lone(self.last())?;
        let (_, by) = self.ending_streak(|b| lone(b) == Some(color));
        (by[color as usize] >= 13).then_some(DrawRule::PoolLoneKing)
    }

    fn international(&self) -> Option<DrawRule> {
        let sixteen = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.pieces(o) == 3 && m.kings(o) >= 1).is_some()
        };
        let five = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.pieces(o) <= 2 && m.kings(o) >= 1).is_some()
        };
        if self.ending_streak(sixteen).0 >= 32 {
            return Some(DrawRule::SixteenMoves);
        }
        if self.ending_streak(five).0 >= 10 {
            return Some(DrawRule::FiveMoves);
        }
        self.quiet_limit_reached()
            .then_some(DrawRule::TwentyFiveKingMoves)
    }

    fn fmjd64(&self) -> Option<DrawRule> {
        let three_kings = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.kings(o) >= 3)
        };
        if let Some(lone) = three_kings(self.last()) {
            let (_, by) = self.ending_streak(|b| three_kings(b) == Some(lone));
            if by[lone.opponent() as usize] >= 15 {
                return Some(DrawRule::ThreeKingsFifteen);
            }
        }
        let long_diagonal = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.pieces(o) == 3 && m.kings(o) >= 1)
                .is_some_and(|c| on_long_diagonal(b, b.pieces(c)))
        };
        if self.ending_streak(long_diagonal).0 >= 10 {
            return Some(DrawRule::LongDiagonal);
        }
        let two_pieces = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.pieces(o) == 2 && m.kings(o) >= 1).is_some()
        };
        if self.ending_streak(two_pieces).0 >= 10 {
            return Some(DrawRule::TwoPiecesAgainstKing);
        }
        if self.quiet_limit_reached() {
            return Some(DrawRule::FifteenKingMoves);
        }
        let balanced = |lo: u32, hi: u32| {
            move |b: &Board| {
                let m = b.material();
                m.white_kings >= 1 && m.black_kings >= 1 && (lo..=hi).contains(&m.total())
            }
        };
        if self.ending_streak(balanced(4, 5)).0 >= 60 {
            return Some(DrawRule::ThirtyMoves);
        }
        if self.ending_streak(balanced(6, 7)).0 >= 120 {
            return Some(DrawRule::SixtyMoves);
        }
        None
    }

    fn frisian(&self) -> Option<DrawRule> {
        let last = self.last();
        if drawn_as_it_stands(last.variant(), &last.material(), last.must_capture()) {
            return Some(DrawRule::FrisianKingAgainstKing);
        }
        let two_kings = |b: &Board| {
            let m = b.material();
            lone_king(&m, |o| m.men(o) == 0 && m.kings(o) == 2).is_some()
        };
        (self.ending_streak(two_kings).0 >= 14).then_some(DrawRule::FrisianTwoKings)
    }

    fn turkish(&self) -> Option<DrawRule> {
        let last = self.last();
        drawn_as_it_stands(last.variant(), &last.material(), last.must_capture())
            .then_some(DrawRule::TurkishOneEach)
    }
}

/// Whether the single piece in `set` stands on the long diagonal, the one that joins the two
/// single corners (a1–h8 on a board where a1 is a playing square).
fn on_long_diagonal(board: &Board, set: u128) -> bool {
    let names = board.names();
    let n = board.rules().board.size();
    let a1_plays = names.at_real(0, 0).is_some();
    set.squares().all(|s| match names.real_coords(s) {
        Some((row, col)) if a1_plays => row == col,
        Some((row, col)) => row + col == n - 1,
        None => false,
    })
}
