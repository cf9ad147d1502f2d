//! Zobrist keys: one random 64-bit number per (piece, square), one for the side to move, and
//! (Frisian) one per side, square and length of a king's run of quiet moves.
//!
//! One table serves every board: internal square indices are below 128 on all of them.

use crate::position::KingRun;
use crate::rng::{splitmix, GOLDEN};
use crate::{Color, Role};

/// Keys for the four kinds of piece on each of 128 square indices.
pub(crate) struct Keys {
    pieces: [[u64; 128]; 4],
    /// XORed in when Black is to move.
    pub(crate) black_to_move: u64,
    /// Frisian king runs by side, square of the king and moves (1, 2, 3 or more).
    runs: [[[u64; 3]; 128]; 2],
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 128]; 4],
        black_to_move: 0,
        runs: [[[0; 3]; 128]; 2],
    };
    // A fixed seed keeps hashes (and so engine behaviour) reproducible between runs.
    let mut state = 0x00DA_4D1E_2026_0001;
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 128 {
            keys.pieces[kind][sq] = splitmix(state);
            state = state.wrapping_add(GOLDEN);
            sq += 1;
        }
        kind += 1;
    }
    keys.black_to_move = splitmix(state);
    // Drawn after the others, which stay what they were before runs had keys.
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 128 {
            let mut moves = 0;
            while moves < 3 {
                state = state.wrapping_add(GOLDEN);
                keys.runs[color][sq][moves] = splitmix(state);
                moves += 1;
            }
            sq += 1;
        }
        color += 1;
    }
    keys
}

pub(crate) static KEYS: Keys = build();

impl Keys {
    #[inline(always)]
    pub(crate) fn piece(&self, color: Color, role: Role, square: u32) -> u64 {
        let kind = (color as usize) * 2 + (role == Role::King) as usize;
        // The mask keeps the index in range, so no bounds check is emitted.
        self.pieces[kind][(square & 127) as usize]
    }

    /// The key of a side's king run (0 for none). Runs of three moves or more are one: the
    /// king is barred either way.
    #[inline(always)]
    pub(crate) fn run(&self, color: Color, run: KingRun) -> u64 {
        if run.moves == 0 {
            return 0;
        }
        self.runs[color as usize][usize::from(run.square) & 127][usize::from(run.moves.min(3)) - 1]
    }
}
