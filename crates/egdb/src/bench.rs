//! Probe speed (`damier egdb bench`): random positions of a set probed through a fresh
//! handle, first with its cache empty (cold), then again (warm).

use crate::absent::Absent;
use crate::sample::Sampler;
use crate::slice::Slice;
use crate::store::{Egdb, EgdbError};
use damier_core::{with_geometry, Variant};
use std::path::Path;
use std::time::{Duration, Instant};

/// The most positions a pass probes.
pub const MAX_PROBES: u64 = 100_000_000;

/// Why probe speed cannot be measured.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Too few or too many probes asked for.
    #[error("probes must be between 1 and {MAX_PROBES}, got {0}")]
    Probes(u64),
    /// The folder holds no database of the variant.
    #[error("{0}")]
    NoSet(Absent),
    /// A file could not be read.
    #[error(transparent)]
    Store(#[from] EgdbError),
}

/// One pass over the positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pass {
    /// The set's variant, as named.
    pub variant: Variant,
    /// `cold` (the cache empty at the start) or `warm` (the same positions again).
    pub name: &'static str,
    /// Positions probed.
    pub probes: usize,
    /// Time taken.
    pub time: Duration,
    /// Blocks read from disk and decompressed since the handle opened (both passes).
    pub blocks_read: u64,
    /// The handle's cache of decompressed blocks, in MiB.
    pub cache_mb: usize,
}

impl Pass {
    /// Probes a second.
    pub fn per_second(&self) -> f64 {
        self.probes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for Pass {
    /// `english cold: 2000 probes in 0.01s, 200000 probes/s (12 blocks read in all, cache
    /// 64 MiB)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {} probes in {:.2}s, {:.0} probes/s ({} blocks read in all, cache {} MiB)",
            self.variant,
            self.name,
            self.probes,
            self.time.as_secs_f64(),
            self.per_second(),
            self.blocks_read,
            self.cache_mb
        )
    }
}

/// `probes` positions drawn uniformly from every slice of `variant`'s set in `root` (the
/// same positions on every machine), probed twice through a handle with a cache of
/// `cache_mb` MiB.
///
/// # Errors
/// [`BenchError`]: a count out of range, no set, or a file that cannot be read.
pub fn probe_speed(
    root: &Path,
    variant: Variant,
    probes: u64,
    cache_mb: usize,
) -> Result<[Pass; 2], BenchError> {
    if !(1..=MAX_PROBES).contains(&probes) {
        return Err(BenchError::Probes(probes));
    }
    let slices: Vec<Slice> = {
        let db = Egdb::open(root, variant, cache_mb)?;
        let slices: Vec<Slice> = db.slices().iter().map(|&(m, _)| m).collect();
        if slices.is_empty() {
            return Err(BenchError::NoSet(db.no_set(None)));
        }
        slices
    };
    let rules = variant.rules();
    with_geometry!(rules.board, G => {
        let positions = Sampler::new::<G>(rules, &slices).positions::<G>(probes as usize, 0);
        let fresh = Egdb::open(root, variant, cache_mb)?;
        let pass = |name| -> Result<Pass, EgdbError> {
            let started = Instant::now();
            for pos in &positions {
                std::hint::black_box(fresh.probe(pos)?);
            }
            Ok(Pass {
                variant,
                name,
                probes: positions.len(),
                time: started.elapsed(),
                blocks_read: fresh.stats().blocks_read,
                cache_mb,
            })
        };
        Ok([pass("cold")?, pass("warm")?])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_says_its_speed_and_the_cache() {
        let pass = Pass {
            variant: "english".parse().unwrap(),
            name: "warm",
            probes: 2000,
            time: Duration::from_millis(250),
            blocks_read: 12,
            cache_mb: 64,
        };
        assert_eq!(pass.per_second(), 8000.0);
        assert_eq!(
            pass.to_string(),
            "english warm: 2000 probes in 0.25s, 8000 probes/s (12 blocks read in all, cache 64 MiB)"
        );
    }
}
