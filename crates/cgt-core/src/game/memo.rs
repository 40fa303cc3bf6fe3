//! A lossy memo keyed by pairs of game ids (comparisons `a <= b`, sums `a + b`): one flat
//! array probed at two neighbouring slots, so a lookup touches one cache line.
//!
//! It only ever speeds things up (the results are facts about canonical games, docs/src/theory/canonical-forms.md), so
//! when it is full an old entry is simply overwritten instead of the whole table being
//! cleared: the entries of the current search, which are the ones asked for again, stay.

/// A key that no pair of ids gives (both ids would be `u32::MAX`, which is never stored).
const EMPTY: u64 = u64::MAX;

/// The number of slots a memo starts with once its first entry comes.
const MIN_SLOTS: usize = 1 << 10;

/// A lossy map from pairs of `u32` ids to `u32` values, of at most `max_slots` entries.
pub(crate) struct PairMemo {
    /// Keys and values side by side, so that a probe reads one cache line.
    slots: Vec<(u64, u32)>,
    /// Slots in use (it stops counting once the table is at its largest).
    filled: usize,
    /// The largest number of slots: a power of two.
    max_slots: usize,
}

impl PairMemo {
    /// An empty memo that grows up to `max_slots` slots (rounded up to a power of two).
    pub(crate) fn new(max_slots: usize) -> Self {
        PairMemo { slots: Vec::new(), filled: 0, max_slots: max_slots.next_power_of_two() }
    }

    /// The value stored for `(a, b)`, if it is still there.
    pub(crate) fn get(&self, a: u32, b: u32) -> Option<u32> {
        let key = pair_key(a, b)?;
        if self.slots.is_empty() {
            return None;
        }
        let i = self.slot(key);
        let pair = &self.slots[i..i + 2];
        pair.iter().find(|s| s.0 == key).map(|s| s.1)
    }

    /// Asks the processor to start loading the slots of `(a, b)`, so that a later
    /// [`PairMemo::get`] of it finds them in the cache: a loop can prefetch all the pairs it
    /// will ask for and overlap their cache misses.
    pub(crate) fn prefetch(&self, a: u32, b: u32) {
        let Some(key) = pair_key(a, b) else { return };
        if self.slots.is_empty() {
            return;
        }
        crate::pages::prefetch_read(&self.slots[self.slot(key)]);
    }

    /// Stores `value` for `(a, b)`, overwriting an older entry when both slots are taken.
    pub(crate) fn insert(&mut self, a: u32, b: u32, value: u32) {
        let Some(key) = pair_key(a, b) else { return };
        if self.filled * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        self.put(key, value);
    }

    /// The bytes the memo holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<(u64, u32)>()
    }

    /// Stores an entry: into an empty slot of its pair if there is one; otherwise the newer
    /// entry of the pair moves to the second slot and the older one is dropped.
    fn put(&mut self, key: u64, value: u32) {
        let i = self.slot(key);
        let (first, second) = (self.slots[i].0, self.slots[i + 1].0);
        if first == key || first == EMPTY {
            self.filled += usize::from(first == EMPTY);
        } else if second == key || second == EMPTY {
            self.filled += usize::from(second == EMPTY);
            self.slots[i + 1] = (key, value);
            return;
        } else {
            self.slots[i + 1] = self.slots[i];
        }
        self.slots[i] = (key, value);
    }

    /// Doubles the table (or makes the first one) in place and moves the entries. A key's
    /// pair of slots is the top bits of its hash ([`PairMemo::slot`]), so in the table twice
    /// as large the entries of pair `p` belong to pair `2p` or `2p + 1`: moved from the last
    /// pair down, each lands where the entries have already left or the new half is empty,
    /// and the two entries of a pair keep their order (the newer first).
    fn grow(&mut self) {
        let old = self.slots.len();
        let size = (old * 2).clamp(MIN_SLOTS.min(self.max_slots), self.max_slots);
        crate::pages::grow_filled(&mut self.slots, size, (EMPTY, 0));
        if old == 0 {
            return;
        }
        for p in (0..old / 2).rev() {
            for k in 0..2 {
                let entry = self.slots[2 * p + k];
                if entry.0 == EMPTY {
                    continue;
                }
                self.slots[2 * p + k] = (EMPTY, 0);
                let i = self.slot(entry.0);
                debug_assert!(i / 2 == 2 * p || i / 2 == 2 * p + 1);
                let j = if self.slots[i].0 == EMPTY { i } else { i + 1 };
                self.slots[j] = entry;
            }
        }
    }

    /// The first of the two slots of a key (an even index).
    fn slot(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        // Fibonacci hashing: the high bits of the product mix every bit of the key.
        let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits);
        (h as usize) & !1
    }
}

/// The key of a pair, unless it is the empty marker.
fn pair_key(a: u32, b: u32) -> Option<u64> {
    let key = (u64::from(a) << 32) | u64::from(b);
    (key != EMPTY).then_some(key)
}

#[cfg(test)]
mod tests {
    use super::PairMemo;
    use std::collections::HashMap;

    /// Doubling the table in place keeps every entry it held, with its value, and the order
    /// of the two entries of a pair: a key stored again overwrites its entry wherever the
    /// growth put it. (Fails when the entries are moved from the first pair up, or left in
    /// place.)
    #[test]
    fn growth_keeps_every_entry() {
        let mut rng = cgt_testkit::Rng(0x0bad_cafe_f00d);
        let mut memo = PairMemo::new(1 << 16);
        memo.grow();
        for _ in 0..6 {
            for _ in 0..memo.slots.len() / 3 {
                let (a, b) = (rng.index(1 << 20) as u32, rng.index(1 << 20) as u32);
                memo.put(super::pair_key(a, b).unwrap(), a ^ b);
            }
            let held: Vec<(u64, u32)> = memo.slots.iter().copied().filter(|e| e.0 != super::EMPTY).collect();
            let pairs_before: Vec<[u64; 2]> = memo.slots.chunks(2).map(|p| [p[0].0, p[1].0]).collect();
            memo.grow();
            for &(key, value) in &held {
                assert_eq!(memo.get((key >> 32) as u32, key as u32), Some(value));
            }
            assert_eq!(memo.slots.iter().filter(|e| e.0 != super::EMPTY).count(), held.len());
            // Two entries of one pair that stay together keep their order.
            for pair in pairs_before {
                if pair[0] != super::EMPTY && pair[1] != super::EMPTY && memo.slot(pair[0]) == memo.slot(pair[1]) {
                    let i = memo.slot(pair[0]);
                    assert_eq!([memo.slots[i].0, memo.slots[i + 1].0], pair);
                }
            }
        }
        assert_eq!(memo.slots.len(), 1 << 16);
    }

    /// Against a plain map: every value found is the last one stored for its pair, an entry
    /// is found right after it is stored, and the memo grows to its largest size and then
    /// drops old entries.
    #[test]
    fn agrees_with_a_map() {
        let mut rng = cgt_testkit::Rng(0x05ee_d0fc_ac4e);
        let mut memo = PairMemo::new(1 << 12);
        let mut map = HashMap::new();
        let (mut found, mut lost) = (0, 0);
        for round in 0..40_000u32 {
            let (a, b) = (rng.index(150) as u32, rng.index(150) as u32);
            if rng.index(2) == 0 {
                let v = round;
                memo.insert(a, b, v);
                map.insert((a, b), v);
                assert_eq!(memo.get(a, b), Some(v));
            } else {
                memo.prefetch(a, b);
                match (memo.get(a, b), map.get(&(a, b))) {
                    (Some(v), Some(&w)) => {
                        assert_eq!(v, w);
                        found += 1;
                    }
                    (Some(v), None) => panic!("({a}, {b}) found {v} but never stored"),
                    (None, Some(_)) => lost += 1,
                    (None, None) => {}
                }
            }
        }
        assert!(found > 1000 && lost > 0 && memo.slots.len() == 1 << 12);
        assert_eq!(memo.get(u32::MAX, u32::MAX), None);
        memo.prefetch(u32::MAX, u32::MAX);
        PairMemo::new(8).prefetch(1, 2);
    }
}
