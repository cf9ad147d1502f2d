//! Move ordering: the table's move first, then the captures taking most, moves that crown,
//! the two killer moves of the ply, and the rest by their history.

use super::MAX_PLY;
use crate::movecode;
use damier_core::{BitSet, Color, Move};
use smallvec::SmallVec;

/// Sort keys of a node's moves, one for each, on the stack as the move list is.
pub type Keys = SmallVec<[i32; 64]>;

/// How often each (start, end) pair has caused a cut-off, per side, with older results
/// decaying ("history gravity"), so the scores stay within ±[`History::LIMIT`].
pub struct History {
    table: Vec<i32>,
}

impl History {
    const LIMIT: i32 = 16_384;

    /// An empty history.
    pub fn new() -> History {
        History {
            table: vec![0; 2 * 128 * 128],
        }
    }

    fn index<B: BitSet>(side: Color, mv: &Move<B>) -> usize {
        (side as usize) << 14 | (usize::from(mv.from) & 127) << 7 | (usize::from(mv.to) & 127)
    }

    /// The history score of a move.
    pub fn get<B: BitSet>(&self, side: Color, mv: &Move<B>) -> i32 {
        self.table[Self::index(side, mv)]
    }

    /// Move a score towards +LIMIT (a cut-off at `depth`) or -LIMIT (a move tried before it).
    pub fn update<B: BitSet>(&mut self, side: Color, mv: &Move<B>, depth: i32, good: bool) {
        let bonus = (depth * depth).min(400) * if good { 32 } else { -32 };
        let h = &mut self.table[Self::index(side, mv)];
        *h += bonus - *h * bonus.abs() / Self::LIMIT;
    }
}

/// Two quiet moves per ply that recently caused a cut-off there.
pub struct Killers {
    slots: Vec<[u32; 2]>,
}

impl Killers {
    /// No killers yet.
    pub fn new() -> Killers {
        Killers {
            slots: vec![[0; 2]; MAX_PLY + 1],
        }
    }

    /// The killers of `ply`.
    pub fn at(&self, ply: usize) -> [u32; 2] {
        self.slots[ply]
    }

    /// Remember a cut-off move at `ply`.
    pub fn add(&mut self, ply: usize, code: u32) {
        let s = &mut self.slots[ply];
        if s[0] != code {
            s[1] = s[0];
            s[0] = code;
        }
    }

    /// Forget the killers of the plies below `ply` (their positions are new).
    pub fn clear_from(&mut self, ply: usize) {
        if let Some(s) = self.slots.get_mut(ply) {
            *s = [0; 2];
        }
    }
}

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 26;
const PROMOTION: i32 = 1 << 25;
const KILLER: i32 = 1 << 24;

/// A sort key for each move (higher first).
pub fn scores<B: BitSet>(
    moves: &[Move<B>],
    side: Color,
    tt_move: u32,
    killers: [u32; 2],
    history: &History,
) -> Keys {
    moves
        .iter()
        .map(|m| {
            let code = movecode::encode(m);
            if code == tt_move {
                TT_MOVE
            } else if m.is_capture() {
                CAPTURE + 1024 * m.capture_count() as i32 + history.get(side, m) / 32
            } else if m.promotes {
                PROMOTION
            } else if code == killers[0] {
                KILLER + 1
            } else if code == killers[1] {
                KILLER
            } else {
                history.get(side, m)
            }
        })
        .collect()
}

/// Bring the best remaining move to position `i` (selection sort, one step at a time: most
/// nodes cut off after a move or two).
pub fn pick<B: BitSet>(moves: &mut [Move<B>], scores: &mut [i32], i: usize) {
    let best = (i..moves.len())
        .max_by_key(|&j| scores[j])
        .expect("i is within the list");
    moves.swap(i, best);
    scores.swap(i, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: u32, to: u32) -> Move<u64> {
        Move {
            from: damier_core::Square::new(from),
            to: damier_core::Square::new(to),
            promotes: false,
            captured: 0,
        }
    }

    #[test]
    fn history_rewards_and_stays_bounded() {
        let mut h = History::new();
        let m = mv(3, 9);
        for _ in 0..1000 {
            h.update(Color::White, &m, 20, true);
        }
        assert!(h.get(Color::White, &m) <= History::LIMIT);
        assert!(h.get(Color::White, &m) > 10_000);
        assert_eq!(h.get(Color::Black, &m), 0);
        h.update(Color::White, &mv(1, 2), 5, false);
        assert!(h.get(Color::White, &mv(1, 2)) < 0);
    }

    #[test]
    fn table_move_then_killers_then_history() {
        let mut moves = vec![mv(1, 2), mv(3, 4), mv(5, 6), mv(7, 8)];
        let mut h = History::new();
        h.update(Color::White, &moves[0], 10, true);
        let killer = movecode::encode(&moves[1]);
        let tt = movecode::encode(&moves[3]);
        let mut s = scores(&moves, Color::White, tt, [killer, 0], &h);
        for i in 0..moves.len() {
            pick(&mut moves, &mut s, i);
        }
        assert_eq!(moves, vec![mv(7, 8), mv(3, 4), mv(1, 2), mv(5, 6)]);
    }
}
