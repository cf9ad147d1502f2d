//! Decided positions waiting to spread their values, by distance, in bounded memory.
//!
//! A position's value is stored in the pair's array before it is queued, so a queue is only a
//! shortcut to the positions of one level: past a cap, a level forgets its list and is found
//! again by scanning the arrays for its two codes. Small pairs keep every list (no scans); the
//! largest (billions of positions, a third of them decided in the forward pass) stay within
//! the cap's memory at the price of one pass over the arrays per level that overflowed.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// A position to spread from: which table of the pair, its index, and the code it was
/// decided with (a queued exit win may be overtaken by a shorter win before its turn).
/// Packed in one word (table in the top bit, the index below it, the code in the low 16
/// bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Item(u64);

impl Item {
    pub(crate) fn new(table: u8, index: u64, code: u16) -> Item {
        debug_assert!(table < 2 && index < 1 << 47);
        Item(u64::from(table) << 63 | index << 16 | u64::from(code))
    }

    pub(crate) fn table(self) -> usize {
        (self.0 >> 63) as usize
    }

    pub(crate) fn index(self) -> u64 {
        (self.0 >> 16) & ((1 << 47) - 1)
    }

    pub(crate) fn code(self) -> u16 {
        self.0 as u16
    }
}

/// The positions of one level, as far as they are known.
pub(crate) enum Level {
    /// Every position decided at this level that was queued (some may have been overtaken
    /// since by a shorter win: check each against the array).
    Listed(Vec<Item>),
    /// Too many to list: scan the arrays for the level's codes.
    Scan,
}

/// Levels waiting to spread, each a list while the lists together hold fewer than `cap`
/// items.
pub(crate) struct Pending {
    state: Mutex<State>,
    cap: usize,
}

struct State {
    levels: BTreeMap<u16, Level>,
    /// Items in all the lists.
    held: usize,
}

impl Pending {
    /// No level yet; lists of up to `cap` items in all (0: every level is scanned).
    pub(crate) fn new(cap: usize) -> Pending {
        Pending {
            state: Mutex::new(State {
                levels: BTreeMap::new(),
                held: 0,
            }),
            cap,
        }
    }

    /// Queue `items`, decided at `level_of` their codes.
    pub(crate) fn push(&self, items: &mut Vec<Item>, level_of: impl Fn(u16) -> u16) {
        let mut state = self.state.lock().expect("no thread panics holding it");
        let State { levels, held } = &mut *state;
        for item in items.drain(..) {
            let level = levels
                .entry(level_of(item.code()))
                .or_insert(Level::Listed(Vec::new()));
            let Level::Listed(list) = level else {
                continue;
            };
            if *held < self.cap {
                list.push(item);
                *held += 1;
            } else {
                // The level growing past the cap is the one to scan: it is the largest.
                *held -= list.len();
                *level = Level::Scan;
            }
        }
    }

    /// The nearest level still waiting, taken out.
    pub(crate) fn pop(&self) -> Option<(u16, Level)> {
        let mut state = self.state.lock().expect("no thread panics holding it");
        let (level, positions) = state.levels.pop_first()?;
        if let Level::Listed(list) = &positions {
            state.held -= list.len();
        }
        Some((level, positions))
    }
}

/// Items gathered by one worker, queued a few thousand at a time (and the rest when it is
/// dropped), so that workers seldom meet at the lock.
pub(crate) struct Batch<'a, F: Fn(u16) -> u16> {
    pending: &'a Pending,
    level_of: &'a F,
    items: Vec<Item>,
}

impl<'a, F: Fn(u16) -> u16> Batch<'a, F> {
    const SIZE: usize = 4096;

    pub(crate) fn new(pending: &'a Pending, level_of: &'a F) -> Self {
        Batch {
            pending,
            level_of,
            items: Vec::with_capacity(Self::SIZE),
        }
    }

    pub(crate) fn push(&mut self, item: Item) {
        self.items.push(item);
        if self.items.len() >= Self::SIZE {
            self.pending.push(&mut self.items, self.level_of);
        }
    }
}

impl<F: Fn(u16) -> u16> Drop for Batch<'_, F> {
    fn drop(&mut self) {
        self.pending.push(&mut self.items, self.level_of);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_of(code: u16) -> u16 {
        code
    }

    #[test]
    fn items_pack_their_three_fields() {
        let item = Item::new(1, (1 << 47) - 1, 0xBEEF);
        assert_eq!(
            (item.table(), item.index(), item.code()),
            (1, (1 << 47) - 1, 0xBEEF)
        );
        let item = Item::new(0, 12345, 7);
        assert_eq!((item.table(), item.index(), item.code()), (0, 12345, 7));
    }

    #[test]
    fn levels_come_out_nearest_first_and_overflow_to_a_scan() {
        let pending = Pending::new(3);
        let mut items = vec![Item::new(0, 1, 5), Item::new(0, 2, 2), Item::new(1, 3, 5)];
        pending.push(&mut items, level_of);
        assert!(items.is_empty());
        // The cap is reached: level 5 grows past it and forgets its list; level 2 keeps its.
        pending.push(&mut vec![Item::new(0, 4, 5), Item::new(0, 6, 5)], level_of);
        let Some((2, Level::Listed(list))) = pending.pop() else {
            panic!("level 2 listed first")
        };
        assert_eq!(list, vec![Item::new(0, 2, 2)]);
        assert!(matches!(pending.pop(), Some((5, Level::Scan))));
        assert!(pending.pop().is_none());
        // What the scan freed is room again.
        pending.push(&mut vec![Item::new(0, 9, 1); 3], level_of);
        let Some((1, Level::Listed(list))) = pending.pop() else {
            panic!("level 1 listed")
        };
        assert_eq!(list.len(), 3);
    }

    #[test]
    fn a_batch_queues_what_it_holds_when_dropped() {
        let pending = Pending::new(usize::MAX);
        {
            let mut batch = Batch::new(&pending, &level_of);
            batch.push(Item::new(0, 1, 4));
        }
        assert!(matches!(pending.pop(), Some((4, Level::Listed(l))) if l.len() == 1));
    }
}
