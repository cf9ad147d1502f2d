//! Positions drawn at random from a set of slices, uniformly (each slice by its number of
//! indices, holes skipped): for benchmarks of probe speed and of endings played out.

use crate::index::Indexer;
use crate::slice::Slice;
use damier_core::rng::{splitmix, GOLDEN};
use damier_core::{Geometry, Position, Rules};

/// Draws positions of some slices, White to move, from random numbers the caller supplies.
pub struct Sampler {
    rules: &'static Rules,
    slices: Vec<(Indexer, u64)>,
    total: u64,
}

impl Sampler {
    /// A sampler over `materials` on `G`'s board.
    pub fn new<G: Geometry>(rules: &'static Rules, materials: &[Slice]) -> Sampler {
        let slices: Vec<(Indexer, u64)> = materials
            .iter()
            .map(|&m| {
                let ix = Indexer::new::<G>(rules, m);
                let size = ix.size();
                (ix, size)
            })
            .collect();
        let total = slices.iter().map(|&(_, n)| n).sum();
        Sampler {
            rules,
            slices,
            total,
        }
    }

    /// The position `random` picks, or `None` when it picks a hole (or there is no slice):
    /// draw again.
    pub fn position<G: Geometry>(&self, random: u64) -> Option<Position<G>> {
        if self.total == 0 {
            return None;
        }
        let mut r = random % self.total;
        for (ix, n) in &self.slices {
            if r < *n {
                return ix.position::<G>(self.rules, r);
            }
            r -= n;
        }
        unreachable!("r is below the total")
    }

    /// `count` positions drawn with the splitmix64 stream of `seed` (the same on every
    /// machine), holes skipped; none when there is no slice.
    pub fn positions<G: Geometry>(&self, count: usize, seed: u64) -> Vec<Position<G>> {
        if self.total == 0 {
            return Vec::new();
        }
        let mut state = seed;
        let mut positions = Vec::with_capacity(count);
        while positions.len() < count {
            state = state.wrapping_add(GOLDEN);
            positions.extend(self.position::<G>(splitmix(state)));
        }
        positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{Diagonal8, Variant};

    #[test]
    fn draws_every_slice_in_proportion_to_its_size() {
        let rules = "english".parse::<Variant>().unwrap().rules();
        let small: Slice = "K1-K1".parse().unwrap();
        let large: Slice = "K2-K1".parse().unwrap();
        let sampler = Sampler::new::<Diagonal8>(rules, &[small, large]);
        let (mut seen_small, mut seen_large) = (0u32, 0u32);
        for i in 0..31_000u64 {
            // Spread over the whole range of indices.
            let pos = sampler
                .position::<Diagonal8>(i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .expect("kings-only slices have no holes");
            match Slice::of(&pos) {
                m if m == small => seen_small += 1,
                m if m == large => seen_large += 1,
                m => panic!("{m} was not asked for"),
            }
        }
        // K1-K1 has 992 indices, K2-K1 14 880: about one draw in sixteen is of the first.
        let share = f64::from(seen_small) / f64::from(seen_small + seen_large);
        assert!((share - 992.0 / 15_872.0).abs() < 0.01, "{share}");
    }

    #[test]
    fn a_seed_names_the_same_positions_and_no_slice_gives_none() {
        let rules = "english".parse::<Variant>().unwrap().rules();
        let men: Slice = "M2-M1".parse().unwrap();
        let sampler = Sampler::new::<Diagonal8>(rules, &[men]);
        let drawn = sampler.positions::<Diagonal8>(50, 7);
        assert_eq!(drawn.len(), 50);
        assert!(drawn.iter().all(|p| Slice::of(p) == men));
        assert!(drawn == sampler.positions::<Diagonal8>(50, 7));
        assert!(drawn != sampler.positions::<Diagonal8>(50, 8));
        let none = Sampler::new::<Diagonal8>(rules, &[]);
        assert!(none.positions::<Diagonal8>(5, 1).is_empty());
    }
}
