//! The transposition table of the outcome search: a fixed array of two-slot buckets (one
//! kept for the larger proof, one always replaced), so memory is bounded and known before
//! the search starts. Entries are exact (wins and losses are proven), so dropping one only
//! costs time.

use std::hash::{Hash, Hasher};

use cgt_core::game::GameId;
use cgt_core::hash::FxHasher;

/// A position of the search: the free cells not yet valued, the value of the rest, and who
/// moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Key {
    /// The free cells of the regions still searched.
    pub board: u128,
    /// The sum of the values of the other regions (and of moves made in them).
    pub rest: GameId,
    /// Whether Left is to move.
    pub left: bool,
}

/// One entry, its key's fields laid out flat so that a slot takes 32 bytes and a bucket of
/// two one cache line (a nested `Key` padded the slot to 48 bytes).
#[derive(Clone, Copy)]
struct Slot {
    board: u128,
    rest: GameId,
    left: bool,
    /// Whether the player to move wins.
    wins: bool,
    /// The logarithm of the nodes the proof took: the larger proof stays in the first slot.
    work: u8,
    used: bool,
}

impl Slot {
    fn holds(&self, key: &Key) -> bool {
        self.used && self.board == key.board && self.rest == key.rest && self.left == key.left
    }
}

/// Two slots on one cache line: the first kept for the larger proof, the second always
/// replaced.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// The table.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    /// A byte of each slot's key hash (0: empty), looked at before the bucket: most probes
    /// (every move's position is probed before any is searched) find nothing, and this array,
    /// a sixteenth of the buckets' size, stays in the cache where the buckets do not
    /// (probing the buckets alone was over a quarter of the search's time).
    tags: Vec<[u8; 2]>,
}

/// The bytes of one slot.
pub(super) const SLOT_BYTES: usize = size_of::<Bucket>() / 2 + 1;

impl Table {
    /// A table of `2^log2` slots (at least 2).
    pub(super) fn new(log2: u32, filler: GameId) -> Table {
        let free = Slot { board: 0, rest: filler, left: false, wins: false, work: 0, used: false };
        let n = 1 << (log2.max(1) - 1);
        Table { buckets: cgt_core::pages::filled(n, Bucket([free; 2])), tags: cgt_core::pages::filled(n, [0; 2]) }
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * (size_of::<Bucket>() + size_of::<[u8; 2]>())
    }

    /// Whether the player to move wins the key's position, if stored.
    pub(super) fn get(&self, key: &Key) -> Option<bool> {
        let (i, tag) = self.place(key);
        if !self.tags[i].contains(&tag) {
            return None;
        }
        self.buckets[i].0.iter().find(|s| s.holds(key)).map(|s| s.wins)
    }

    /// Stores a proven result; `nodes` is the size of its proof.
    pub(super) fn put(&mut self, key: Key, wins: bool, nodes: u64) {
        let (i, tag) = self.place(&key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let slot = Slot { board: key.board, rest: key.rest, left: key.left, wins, work, used: true };
        let [first, second] = &mut self.buckets[i].0;
        if !first.used || first.holds(&key) || first.work <= work {
            *first = slot;
            self.tags[i][0] = tag;
        } else {
            *second = slot;
            self.tags[i][1] = tag;
        }
    }

    /// Asks for the key's bucket to be brought into the cache, so that a [`Table::put`] made
    /// later finds it there.
    pub(super) fn prefetch_bucket(&self, key: &Key) {
        let (i, _) = self.place(key);
        cgt_core::pages::prefetch_read(&self.buckets[i]);
    }

    /// Asks for the key's tags to be brought into the cache, so that a [`Table::get`] made
    /// later finds them there.
    pub(super) fn prefetch_tags(&self, key: &Key) {
        let (i, _) = self.place(key);
        cgt_core::pages::prefetch_read(&self.tags[i]);
    }

    /// The key's bucket, and its tag: a byte of its hash, never 0.
    fn place(&self, key: &Key) -> (usize, u8) {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        let h = h.finish();
        ((h as usize) & (self.buckets.len() - 1), (h >> 56) as u8 | 1)
    }
}

#[cfg(test)]
mod layout {
    /// Two slots fill one cache line.
    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(size_of::<super::Bucket>(), 64);
    }
}
