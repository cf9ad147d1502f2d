//! Which puzzle a solver meets next: the unseen one whose rating is nearest theirs.

use crate::Puzzle;
use std::collections::HashSet;

/// The puzzle chosen by [`next_puzzle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// Its place in the set.
    pub index: usize,
    /// Every puzzle of the set had been seen: the set starts over, and the solver's list of
    /// puzzles seen should be emptied.
    pub again: bool,
}

/// The unseen puzzle of `puzzles` whose rating is nearest `rating` (the first of equals).
///
/// `current`, a puzzle on view that the solver passes over without a move, counts for nothing
/// and stays unseen, but is not chosen again at once while another unseen one is left. When
/// every puzzle was seen the set starts over ([`Next::again`]). `None` for an empty set.
pub fn next_puzzle(
    puzzles: &[Puzzle],
    rating: f64,
    seen: &HashSet<String>,
    current: Option<&str>,
) -> Option<Next> {
    let nearest = |open: &dyn Fn(&Puzzle) -> bool| {
        puzzles
            .iter()
            .enumerate()
            .filter(|(_, p)| open(p))
            .min_by(|(_, a), (_, b)| {
                let distance = |p: &Puzzle| (f64::from(p.rating) - rating).abs();
                distance(a).total_cmp(&distance(b))
            })
            .map(|(index, _)| index)
    };
    let unseen = |p: &Puzzle| !seen.contains(&p.id);
    let fresh = nearest(&|p| unseen(p) && Some(p.id.as_str()) != current)
        .or_else(|| nearest(&unseen))
        .map(|index| Next {
            index,
            again: false,
        });
    fresh.or_else(|| nearest(&|_| true).map(|index| Next { index, again: true }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use damier_core::Variant;
    use damier_game::Board;

    fn set(ratings: &[(&str, u32)]) -> Vec<Puzzle> {
        ratings
            .iter()
            .map(|&(id, rating)| Puzzle {
                id: id.to_string(),
                start: Board::start(Variant::INTERNATIONAL),
                line: Vec::new(),
                goal: Goal::Win,
                rating,
                depth: 1,
                source: String::new(),
            })
            .collect()
    }

    fn seen(ids: &[&str]) -> HashSet<String> {
        ids.iter().map(|id| id.to_string()).collect()
    }

    #[test]
    fn the_unseen_puzzle_nearest_the_rating_comes_next() {
        let puzzles = set(&[("a", 900), ("b", 1250), ("c", 1150), ("d", 1700)]);
        let pick = |rating, ids: &[&str], current| {
            next_puzzle(&puzzles, rating, &seen(ids), current)
                .map(|n| (puzzles[n.index].id.clone(), n.again))
        };
        // 1150 and 1250 are as near 1200: the first of them in the set.
        assert_eq!(pick(1200.0, &[], None), Some(("b".into(), false)));
        assert_eq!(pick(1200.0, &["b"], None), Some(("c".into(), false)));
        assert_eq!(pick(2000.0, &["d"], None), Some(("b".into(), false)));
        // One passed over is not the next one while another is unseen...
        assert_eq!(pick(1200.0, &["c"], Some("b")), Some(("a".into(), false)));
        // ...but is when it is the only one left, and the set starts over only when all were seen.
        assert_eq!(
            pick(1200.0, &["a", "c", "d"], Some("b")),
            Some(("b".into(), false))
        );
        assert_eq!(
            pick(800.0, &["a", "b", "c", "d"], Some("b")),
            Some(("a".into(), true))
        );
        assert_eq!(next_puzzle(&[], 1200.0, &seen(&[]), None), None);
    }
}
