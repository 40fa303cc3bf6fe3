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

    /// Doubles the table (or makes the first one) and puts the entries back.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(MIN_SLOTS.min(self.max_slots), self.max_slots);
        let old = std::mem::replace(&mut self.slots, crate::pages::filled(size, (EMPTY, 0)));
        self.filled = 0;
        for (k, v) in old {
            if k != EMPTY {
                self.put(k, v);
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
