//! What a database says about a position, and how it is stored.

use std::fmt;

/// The result of a position with best play, for the side to move, and how many plies (moves
/// of either side) remain until the game ends on the board: the loser has no move left.
/// Captures and promotions on the way are part of the count; draw rules that count moves
/// (FMJD's 16/5-move endings, 25 king moves, Pool's 13 moves) are not (docs/guide/egdb.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses in this many plies.
    Loss(u16),
}

impl Value {
    /// The stored code: 0 a draw, `1 + 2n` a win in n plies, `2 + 2n` a loss in n plies.
    pub const fn code(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(n) => 1 + 2 * n,
            Value::Loss(n) => 2 + 2 * n,
        }
    }

    /// The value of a stored code.
    pub const fn from_code(code: u16) -> Value {
        match code {
            0 => Value::Draw,
            c if c % 2 == 1 => Value::Win((c - 1) / 2),
            c => Value::Loss((c - 2) / 2),
        }
    }

    /// The value one ply earlier, for the side that made the move leading here.
    pub const fn before(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
        }
    }

    /// Whether `self` is better for the side to move than `other`: a win beats a draw beats a
    /// loss; a shorter win and a longer loss are better.
    pub fn better_than(self, other: Value) -> bool {
        self.rank() > other.rank()
    }

    fn rank(self) -> i32 {
        match self {
            Value::Win(n) => 100_000 - i32::from(n),
            Value::Draw => 0,
            Value::Loss(n) => -100_000 + i32::from(n),
        }
    }
}

impl fmt::Display for Value {
    /// `win in 12 plies`, `draw`, `loss in 3 plies`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |n: u16| if n == 1 { "ply" } else { "plies" };
        match *self {
            Value::Win(n) => write!(f, "win in {n} {}", plies(n)),
            Value::Draw => write!(f, "draw"),
            Value::Loss(n) => write!(f, "loss in {n} {}", plies(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_and_order() {
        for v in [
            Value::Draw,
            Value::Win(0),
            Value::Win(7),
            Value::Loss(0),
            Value::Loss(12),
        ] {
            assert_eq!(Value::from_code(v.code()), v);
        }
        assert!(Value::Win(3).better_than(Value::Win(5)));
        assert!(Value::Win(99).better_than(Value::Draw));
        assert!(Value::Draw.better_than(Value::Loss(99)));
        assert!(Value::Loss(9).better_than(Value::Loss(1)));
        assert_eq!(Value::Loss(0).before(), Value::Win(1));
    }
}
