//! Perft: the number of move paths of a given length, counted in bulk at the last ply.

use crate::geometry::Geometry;
use crate::movegen::{self, with_rule_set, RuleSet};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Leaf nodes at `depth` plies from `pos` (1 at depth 0).
pub fn perft<G: Geometry>(pos: &Position<G>, depth: u32) -> u64 {
    with_rule_set!(pos.rules(), R => perft_with::<G, R>(pos, depth))
}

fn perft_with<G: Geometry, R: RuleSet>(pos: &Position<G>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_with::<G, R>(pos) as u64,
        2 => {
            let mut moves = MoveList::new();
            movegen::generate_with::<G, R>(pos, &mut moves);
            moves
                .iter()
                .map(|mv| movegen::count_with::<G, R>(&pos.play_unhashed(mv)) as u64)
                .sum()
        }
        _ => {
            let mut moves = MoveList::new();
            movegen::generate_with::<G, R>(pos, &mut moves);
            moves
                .iter()
                .map(|mv| perft_with::<G, R>(&pos.play_unhashed(mv), depth - 1))
                .sum()
        }
    }
}

/// Like [`perft`], but a capture reached by several paths counts once per path ("duplicates
/// kept", as some published tables count).
pub fn perft_per_path<G: Geometry>(pos: &Position<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves_per_path();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft_per_path(&pos.play_unhashed(mv), depth - 1))
        .sum()
}

/// [`perft`] written with make/unmake instead of copy-make (kept to measure the two).
pub fn perft_make_unmake<G: Geometry>(pos: &mut Position<G>, depth: u32) -> u64 {
    with_rule_set!(pos.rules(), R => make_unmake_with::<G, R>(pos, depth))
}

fn make_unmake_with<G: Geometry, R: RuleSet>(pos: &mut Position<G>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_with::<G, R>(pos) as u64,
        _ => {
            let mut moves = MoveList::new();
            movegen::generate_with::<G, R>(pos, &mut moves);
            let mut total = 0;
            for mv in moves.iter() {
                let undo = pos.make(mv);
                total += make_unmake_with::<G, R>(pos, depth - 1);
                pos.unmake(mv, undo);
            }
            total
        }
    }
}

/// Perft under each legal move, in move-generation order.
pub fn divide<G: Geometry>(pos: &Position<G>, depth: u32) -> Vec<(Move<G::Bits>, u64)> {
    pos.legal_moves()
        .iter()
        .map(|mv| (*mv, perft(&pos.play_unhashed(mv), depth.saturating_sub(1))))
        .collect()
}

/// Perft on `threads` threads: the subtrees below the first (or second) ply are shared out.
pub fn perft_parallel<G: Geometry>(pos: &Position<G>, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft(pos, depth);
    }
    // Work items two plies deep balance better than the handful of first moves.
    let mut items = Vec::new();
    for a in pos.legal_moves().iter() {
        let child = pos.play_unhashed(a);
        for b in child.legal_moves().iter() {
            items.push(child.play_unhashed(b));
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(p) = items.get(i) else { break total };
                        total += perft(p, depth - 2);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker panicked"))
            .sum()
    })
}
