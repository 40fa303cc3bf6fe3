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

#[derive(Clone, Copy)]
struct Slot {
    key: Key,
    /// Whether the player to move wins.
    wins: bool,
    /// The logarithm of the nodes the proof took: the larger proof stays in the first slot.
    work: u8,
    used: bool,
}

/// The table.
pub(super) struct Table {
    slots: Vec<Slot>,
}

/// The bytes of one slot.
pub(super) const SLOT_BYTES: usize = size_of::<Slot>();

impl Table {
    /// A table of `2^log2` slots (at least 2).
    pub(super) fn new(log2: u32, filler: GameId) -> Table {
        let free = Slot { key: Key { board: 0, rest: filler, left: false }, wins: false, work: 0, used: false };
        Table { slots: vec![free; 1 << log2.max(1)] }
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Whether the player to move wins the key's position, if stored.
    pub(super) fn get(&self, key: &Key) -> Option<bool> {
        let i = self.bucket(key);
        self.slots[i..i + 2].iter().find(|s| s.used && s.key == *key).map(|s| s.wins)
    }

    /// Stores a proven result; `nodes` is the size of its proof.
    pub(super) fn put(&mut self, key: Key, wins: bool, nodes: u64) {
        let i = self.bucket(&key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let slot = Slot { key, wins, work, used: true };
        let first = &mut self.slots[i];
        if !first.used || first.key == key || first.work <= work {
            *first = slot;
        } else {
            self.slots[i + 1] = slot;
        }
    }

    fn bucket(&self, key: &Key) -> usize {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        (h.finish() as usize) & (self.slots.len() - 2)
    }
}
