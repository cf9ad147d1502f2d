//! The transposition table, shared by every search thread without locks.
//!
//! Each slot is two 64-bit words: the data, and the key XOR the data. A reader accepts a slot
//! only when the two agree with its key, so a slot torn by two threads writing at once reads
//! as empty instead of as a wrong entry (the scheme of Hyatt and Mann).
//!
//! Replacement: four slots per bucket (one cache line). A store goes to the slot already
//! holding the position if there is one, and otherwise evicts the slot whose entry is worth
//! least: shallow first, and entries from earlier searches before entries of this one.

use crate::score::{Depth, Ply, Score};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (the search failed low).
    Upper = 1,
    /// The true score is at least this (the search failed high).
    Lower = 2,
    /// The true score.
    Exact = 3,
}

/// A table entry, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, as a [`crate::movecode`] code (0: none).
    pub mv: u32,
    /// The score, counted from the node (see [`Score::to_tt`]).
    pub score: i16,
    /// The depth searched.
    pub depth: i8,
    /// What the score means.
    pub bound: Bound,
}

impl Entry {
    /// The score seen from `ply` plies below the root.
    pub fn score_at(&self, ply: Ply) -> Score {
        Score::from_tt(self.score, ply)
    }

    /// Whether the entry settles a search of `depth` with window (`alpha`, `beta`).
    pub fn cuts(&self, depth: Depth, alpha: Score, beta: Score, ply: Ply) -> bool {
        if i32::from(self.depth) < depth {
            return false;
        }
        let s = self.score_at(ply);
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        }
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const SLOTS_PER_BUCKET: usize = 4;

/// Four slots on one cache line: a probe misses the cache once, not twice when a bucket
/// would straddle two lines.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; SLOTS_PER_BUCKET]);

/// The shared table.
pub struct Table {
    buckets: Box<[Bucket]>,
    bucket_mask: usize,
    generation: AtomicU8,
}

fn pack(e: &Entry, generation: u8) -> u64 {
    u64::from(e.mv)
        | u64::from(e.score as u16) << 32
        | u64::from(e.depth as u8) << 48
        | (e.bound as u64) << 56
        | u64::from(generation & 63) << 58
}

fn unpack(d: u64) -> Option<(Entry, u8)> {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let entry = Entry {
        mv: d as u32,
        score: (d >> 32) as u16 as i16,
        depth: (d >> 48) as u8 as i8,
        bound,
    };
    Some((entry, (d >> 58) as u8))
}

/// A transposition table that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Larger than [`Table::MAX_MB`].
    #[error("a hash table of {megabytes} MiB is larger than the {max} MiB Damier allows")]
    TooLarge {
        /// The size asked for.
        megabytes: usize,
        /// [`Table::MAX_MB`].
        max: usize,
    },
    /// The system would not give the memory.
    #[error("a hash table of {megabytes} MiB does not fit in this machine's memory; ask for less")]
    NoMemory {
        /// The size asked for.
        megabytes: usize,
    },
}

impl Table {
    /// The largest table Damier makes, in MiB (1 TiB): beyond it sizes overflow.
    pub const MAX_MB: usize = 1 << 20;

    /// A table of about `megabytes` MiB (rounded down to a power of two of buckets; at
    /// least one bucket).
    ///
    /// # Panics
    /// Where [`Table::try_new`] fails.
    pub fn new(megabytes: usize) -> Table {
        Table::try_new(megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    fn within_max(megabytes: usize) -> Result<(), TableError> {
        if megabytes > Self::MAX_MB {
            return Err(TableError::TooLarge {
                megabytes,
                max: Self::MAX_MB,
            });
        }
        Ok(())
    }

    /// Whether a table of `megabytes` MiB can be made now: the memory is reserved and given
    /// back at once, without being touched (cheap even for many GiB).
    pub fn check_size(megabytes: usize) -> Result<(), TableError> {
        Self::within_max(megabytes)?;
        Vec::<u8>::new()
            .try_reserve_exact(megabytes.max(1) << 20)
            .map_err(|_| TableError::NoMemory { megabytes })
    }

    /// As [`Table::new`], or an error where the size is too large or the memory cannot be had
    /// (the allocation is fallible, so a large `--hash` is a message, not an abort).
    pub fn try_new(megabytes: usize) -> Result<Table, TableError> {
        Self::within_max(megabytes)?;
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let mut slots: Vec<Bucket> = Vec::new();
        slots
            .try_reserve_exact(buckets)
            .map_err(|_| TableError::NoMemory { megabytes })?;
        // Before the first write: the kernel backs pages with huge ones when they are first
        // touched, not afterwards.
        crate::huge_pages::advise(
            slots.as_ptr().cast(),
            buckets * std::mem::size_of::<Bucket>(),
        );
        slots.resize_with(buckets, Bucket::default);
        Ok(Table {
            buckets: slots.into_boxed_slice(),
            bucket_mask: buckets - 1,
            generation: AtomicU8::new(0),
        })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Mark the start of a new search: entries from earlier ones become cheaper to evict.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Forget everything (a new game).
    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
    }

    fn bucket(&self, key: u64) -> &[Slot; SLOTS_PER_BUCKET] {
        &self.buckets[key as usize & self.bucket_mask].0
    }

    /// Ask the processor to bring `key`'s bucket into the cache, so that a probe a little
    /// later finds it there instead of waiting on memory (a hint: nothing is read or
    /// changed, and a processor without it does nothing).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[key as usize & self.bucket_mask];
            // SAFETY: a prefetch reads nothing and writes nothing (a faulting address is
            // ignored); the pointer is to a live bucket of this table in any case. It needs
            // SSE, which every x86-64 processor has.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if the table holds one.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|s| {
            let data = s.data.load(Relaxed);
            (s.check.load(Relaxed) ^ data == key)
                .then(|| unpack(data))
                .flatten()
                .map(|(e, _)| e)
        })
    }

    /// Store an entry for `key`. A store without a move keeps the move already stored for
    /// the same position.
    pub fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for s in bucket {
            let data = s.data.load(Relaxed);
            let decoded = unpack(data);
            if s.check.load(Relaxed) ^ data == key {
                if let Some((old, _)) = decoded {
                    if entry.mv == 0 {
                        entry.mv = old.mv;
                    }
                }
                victim = s;
                break;
            }
            let worth = match decoded {
                None => i32::MIN,
                Some((old, g)) => {
                    let age = i32::from(generation.wrapping_sub(g) & 63);
                    i32::from(old.depth) - 8 * age
                }
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = s;
            }
        }
        let data = pack(&entry, generation);
        victim.data.store(data, Relaxed);
        victim.check.store(key ^ data, Relaxed);
    }

    /// Permille of a sample of slots filled during this search (the Hub/UCI "hashfull").
    pub fn permille_full(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 63;
        let sample = (self.buckets.len() * SLOTS_PER_BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(sample)
            .filter(|s| unpack(s.data.load(Relaxed)).is_some_and(|(_, g)| g == generation))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mv: u32, depth: i8) -> Entry {
        Entry {
            mv,
            score: -77,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let t = Table::new(1);
        assert_eq!(t.probe(42), None);
        t.store(42, entry(7, 5));
        assert_eq!(t.probe(42), Some(entry(7, 5)));
        // A store without a move keeps the stored move.
        t.store(42, entry(0, 6));
        assert_eq!(t.probe(42).unwrap().mv, 7);
        assert_eq!(t.probe(43), None);
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest() {
        let t = Table::new(1);
        let stride = (t.bucket_mask as u64) + 1;
        for i in 0..4u64 {
            t.store(1 + i * stride, entry(1, 10 + i as i8));
        }
        t.store(1 + 4 * stride, entry(2, 3));
        assert_eq!(t.probe(1), None, "depth 10 was the shallowest");
        assert!(t.probe(1 + 3 * stride).is_some());
        assert!(t.probe(1 + 4 * stride).is_some());
    }

    #[test]
    fn entries_cut_by_bound() {
        let e = Entry {
            mv: 0,
            score: 50,
            depth: 4,
            bound: Bound::Lower,
        };
        assert!(e.cuts(4, Score(0), Score(40), 0));
        assert!(!e.cuts(5, Score(0), Score(40), 0));
        assert!(!e.cuts(4, Score(0), Score(60), 0));
    }
}
