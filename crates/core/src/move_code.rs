//! Moves as 32-bit codes, for the engine's transposition table and opening books: start (7
//! bits), end (7 bits) and 18 bits folded from the captured set. A code is only ever compared
//! with the codes of the legal moves of the same position, where two moves with the same start
//! and end differ in what they capture; 18 bits of the captured set tell those few apart.

use crate::{BitSet, Move};

/// The code of a move (never 0: 0 means "no move").
pub fn encode<B: BitSet>(mv: &Move<B>) -> u32 {
    let c = mv.captured.to_u128();
    let folded = (c ^ (c >> 64)) as u64;
    let folded = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 46;
    1 | mv.from.index() << 1 | mv.to.index() << 8 | (folded as u32) << 15
}

/// The move of `moves` with code `code`, if any.
pub fn find<B: BitSet>(moves: &[Move<B>], code: u32) -> Option<usize> {
    if code == 0 {
        return None;
    }
    moves.iter().position(|m| encode(m) == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Diagonal8, Position, Variant};

    #[test]
    fn codes_tell_apart_moves_with_the_same_start_and_end() {
        // Two captures from 22 to 6 over different men (English).
        let rules = "english".parse::<Variant>().unwrap().rules();
        let pos: Position<Diagonal8> = fen::parse(rules, "W:W22:B17,9,18,10").unwrap();
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 2);
        assert_ne!(encode(&moves[0]), encode(&moves[1]));
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(find(&moves, encode(m)), Some(i));
        }
        assert_eq!(find(&moves, 0), None);
    }
}
