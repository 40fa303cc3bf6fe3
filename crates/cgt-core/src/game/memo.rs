//! Lossy memos keyed by pairs of game ids: [`PairMemo`] (sums `a + b`), one flat array probed
//! at two neighbouring slots, and [`BitMemo`] (comparisons `a <= b`), eight 8-byte entries to
//! a cache line. Either way a lookup touches one cache line.
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
    slots: crate::pages::Column<(u64, u32)>,
    /// Slots in use (it stops counting once the table is at its largest).
    filled: usize,
    /// The largest number of slots: a power of two.
    max_slots: usize,
}

impl PairMemo {
    /// An empty memo that grows up to `max_slots` slots (rounded up to a power of two).
    pub(crate) fn new(max_slots: usize) -> Self {
        PairMemo { slots: crate::pages::Column::new(), filled: 0, max_slots: max_slots.next_power_of_two() }
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

    /// Doubles the table (or makes the first one) in place, keeping every entry.
    ///
    /// A key's pair is the top bits of its hash (see [`PairMemo::slot`]); with one bit more,
    /// the pair at `i` goes to the pair at `2i` or at `2i + 2`. So the pairs move from the
    /// last down: each lands above every pair not moved yet, no two old pairs share a new
    /// one, and each new pair holds the at most two entries it gets. The table is lengthened
    /// in its own memory ([`crate::pages::Column`]), so growing touches only the new half.
    fn grow(&mut self) {
        let old = self.slots.len();
        let size = (old * 2).clamp(MIN_SLOTS.min(self.max_slots), self.max_slots);
        self.slots.extend_filled(size, (EMPTY, 0));
        self.filled = 0;
        for i in (0..old).step_by(2).rev() {
            let (newer, older) = (self.slots[i], self.slots[i + 1]);
            self.slots[i] = (EMPTY, 0);
            self.slots[i + 1] = (EMPTY, 0);
            for (k, v) in [older, newer] {
                if k != EMPTY {
                    self.put(k, v);
                }
            }
        }
    }

    /// The first of the two slots of a key (an even index).
    fn slot(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        // Fibonacci hashing: the high bits of the product mix every bit of the key.
        let h = key.wrapping_mul(FIBONACCI) >> (64 - bits);
        (h as usize) & !1
    }
}

/// The multiplier of the memos' Fibonacci hashing. It is odd, so multiplying by it is a
/// bijection of `u64`: [`BitMemo`] recovers a key from its hash.
const FIBONACCI: u64 = 0x9e37_79b9_7f4a_7c15;

/// Entries of a [`BitMemo`] bucket: one 64-byte cache line.
const BUCKET: usize = 8;

/// A lossy map from pairs of `u32` ids to one bit, of at most `max_slots` entries of 8 bytes.
///
/// A pair's key `k = a << 32 | b` is hashed to `h = k * FIBONACCI` (a bijection); the top
/// bits of `h` choose a bucket of eight entries, and an entry keeps the other bits of `h`
/// shifted up, the bit at bit 1 and a mark of use at bit 0. The bucket and the entry
/// together give back `h`, hence the key, so the memo is exact: a key is never taken for
/// another. Within a bucket the newest entry comes first and the oldest falls out.
pub(crate) struct BitMemo {
    /// The buckets, one after the other (zero: an unused entry).
    slots: crate::pages::Column<u64>,
    /// Entries in use (it stops counting once the table is at its largest).
    filled: usize,
    /// The largest number of entries: a power of two.
    max_slots: usize,
}

impl BitMemo {
    /// An empty memo that grows up to `max_slots` entries (rounded up to a power of two, at
    /// least [`MIN_SLOTS`]).
    pub(crate) fn new(max_slots: usize) -> Self {
        BitMemo {
            slots: crate::pages::Column::new(),
            filled: 0,
            max_slots: max_slots.next_power_of_two().max(MIN_SLOTS),
        }
    }

    /// The bit stored for `(a, b)`, if it is still there.
    pub(crate) fn get(&self, a: u32, b: u32) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let (bucket, entry) = self.place(a, b);
        let found = self.slots[bucket..bucket + BUCKET].iter().find(|&&w| w & !2 == entry)?;
        Some(found & 2 != 0)
    }

    /// Asks the processor to start loading the bucket of `(a, b)` (see [`PairMemo::prefetch`]).
    pub(crate) fn prefetch(&self, a: u32, b: u32) {
        if self.slots.is_empty() {
            return;
        }
        crate::pages::prefetch_read(&self.slots[self.place(a, b).0]);
    }

    /// Stores `bit` for `(a, b)`: in place if the pair is there, else first in its bucket,
    /// the bucket's oldest entry dropped when it is full.
    pub(crate) fn insert(&mut self, a: u32, b: u32, bit: bool) {
        if self.filled * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        let (bucket, entry) = self.place(a, b);
        self.put(bucket, entry | u64::from(bit) << 1);
    }

    /// The bytes the memo holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<u64>()
    }

    /// Puts an entry (with its bit) into a bucket, as [`BitMemo::insert`] says.
    fn put(&mut self, bucket: usize, word: u64) {
        let line = &mut self.slots[bucket..bucket + BUCKET];
        if let Some(w) = line.iter_mut().find(|w| **w & !2 == word & !2) {
            *w = word;
            return;
        }
        self.filled += usize::from(line[BUCKET - 1] == 0);
        line.copy_within(0..BUCKET - 1, 1);
        line[0] = word;
    }

    /// The bits of the bucket index.
    fn bucket_bits(&self) -> u32 {
        (self.slots.len() / BUCKET).trailing_zeros()
    }

    /// The first entry of the pair's bucket, and its entry without the bit.
    fn place(&self, a: u32, b: u32) -> (usize, u64) {
        let bits = self.bucket_bits();
        let h = ((u64::from(a) << 32) | u64::from(b)).wrapping_mul(FIBONACCI);
        ((h >> (64 - bits)) as usize * BUCKET, (h << bits) | 1)
    }

    /// Doubles the table (or makes the first one) in place, keeping every entry.
    ///
    /// With one more bit of bucket index, the entries of bucket `i` go to buckets `2i` and
    /// `2i + 1`: the buckets move from the last down, each into buckets no bucket not yet
    /// moved holds, and no two old buckets share a new one, so none of the at most eight
    /// entries a new bucket gets is lost. The table is lengthened in its own memory
    /// ([`crate::pages::Column`]), so growing touches only the new half.
    fn grow(&mut self) {
        let old_bits = self.bucket_bits();
        let old = self.slots.len();
        let size = (old * 2).clamp(MIN_SLOTS, self.max_slots);
        self.slots.extend_filled(size, 0);
        self.filled = 0;
        if old == 0 {
            return;
        }
        let bits = self.bucket_bits();
        for i in (0..old / BUCKET).rev() {
            let mut line = [0u64; BUCKET];
            line.copy_from_slice(&self.slots[i * BUCKET..(i + 1) * BUCKET]);
            self.slots[i * BUCKET..(i + 1) * BUCKET].fill(0);
            for &w in line.iter().filter(|&&w| w != 0) {
                // The hash: the bucket's bits on top, the entry's below them.
                let h = ((i as u64) << (64 - old_bits)) | ((w & !((1 << old_bits) - 1)) >> old_bits);
                let (bucket, entry) = ((h >> (64 - bits)) as usize * BUCKET, (h << bits) | 1 | (w & 2));
                // Oldest last: each entry goes after the ones moved before it.
                let target = &mut self.slots[bucket..bucket + BUCKET];
                let free = target.iter().position(|&x| x == 0).expect("a new bucket gets at most eight entries");
                target[free] = entry;
                self.filled += 1;
            }
        }
    }
}

/// The key of a pair, unless it is the empty marker.
fn pair_key(a: u32, b: u32) -> Option<u64> {
    let key = (u64::from(a) << 32) | u64::from(b);
    (key != EMPTY).then_some(key)
}

#[cfg(test)]
mod tests {
    use super::{BitMemo, PairMemo};
    use std::collections::HashMap;

    /// Against a plain map: every value found is the last one stored for its pair, an entry
    /// is found right after it is stored, and the memo grows to its largest size and then
    /// drops old entries.
    #[test]
    fn agrees_with_a_map() {
        let mut rng = cgt_testkit::Rng(0x05ee_d0fc_ac4e);
        let mut memo = PairMemo::new(1 << 12);
        let mut map = HashMap::new();
        let (mut found, mut lost) = (0usize, 0usize);
        for round in 0..40_000u32 {
            let (a, b) = (rng.index(150) as u32, rng.index(150) as u32);
            if rng.index(2) == 0 {
                let v = round;
                memo.insert(a, b, v);
                map.insert((a, b), v);
                assert_eq!(memo.get(a, b), Some(v));
            } else {
                memo.prefetch(a, b);
                tally((a, b), memo.get(a, b), map.get(&(a, b)), &mut found, &mut lost);
            }
        }
        assert!(found > 1000 && lost > 0 && memo.slots.len() == 1 << 12);
        assert_eq!(memo.get(u32::MAX, u32::MAX), None);
        memo.prefetch(u32::MAX, u32::MAX);
        PairMemo::new(8).prefetch(1, 2);
    }

    /// Compares what a memo found for a pair with what a map holds: a value found must be the
    /// one stored last; counts the pairs found and the pairs stored but lost.
    fn tally<V: PartialEq + std::fmt::Debug>(
        pair: (u32, u32),
        got: Option<V>,
        stored: Option<&V>,
        found: &mut usize,
        lost: &mut usize,
    ) {
        match (got, stored) {
            (Some(v), Some(w)) => {
                assert_eq!(&v, w, "{pair:?}");
                *found += 1;
            }
            (Some(v), None) => panic!("{pair:?} found {v:?} but never stored"),
            (None, Some(_)) => *lost += 1,
            (None, None) => {}
        }
    }

    /// The one-bit memo against a plain map: a bit found is the last one stored for its pair
    /// (never another pair's: the memo keeps the whole hash), it is found right after it is
    /// stored, and the memo grows to its largest size and then drops old entries.
    #[test]
    fn bit_memo_agrees_with_a_map() {
        let mut rng = cgt_testkit::Rng(0xb17_3e30);
        let mut memo = BitMemo::new(1 << 12);
        let mut map = HashMap::new();
        let (mut found, mut lost) = (0usize, 0usize);
        for _ in 0..60_000u32 {
            // Ids near both ends of the range, so that keys differ in few bits.
            let id = |rng: &mut cgt_testkit::Rng| {
                let i = rng.index(100) as u32;
                if rng.index(2) == 0 { i } else { u32::MAX - i }
            };
            let (a, b) = (id(&mut rng), id(&mut rng));
            if rng.index(2) == 0 {
                let bit = rng.index(2) == 0;
                memo.insert(a, b, bit);
                map.insert((a, b), bit);
                assert_eq!(memo.get(a, b), Some(bit));
            } else {
                memo.prefetch(a, b);
                tally((a, b), memo.get(a, b), map.get(&(a, b)), &mut found, &mut lost);
            }
        }
        assert!(found > 1000 && lost > 0 && memo.slots.len() == 1 << 12, "{found} {lost}");
        BitMemo::new(8).prefetch(1, 2);
        assert_eq!(BitMemo::new(8).get(1, 2), None);
    }

    /// What the growth test needs of a memo.
    trait Grows {
        type V: Copy + PartialEq;
        fn get(&self, a: u32, b: u32) -> Option<Self::V>;
        fn insert(&mut self, a: u32, b: u32, v: Self::V);
        fn grow(&mut self);
        /// Slots, largest number of slots, slots counted as used, slots really used.
        fn sizes(&self) -> (usize, usize, usize, usize);
    }

    impl Grows for PairMemo {
        type V = u32;
        fn get(&self, a: u32, b: u32) -> Option<u32> {
            PairMemo::get(self, a, b)
        }
        fn insert(&mut self, a: u32, b: u32, v: u32) {
            PairMemo::insert(self, a, b, v);
        }
        fn grow(&mut self) {
            PairMemo::grow(self);
        }
        fn sizes(&self) -> (usize, usize, usize, usize) {
            let used = self.slots.iter().filter(|s| s.0 != super::EMPTY).count();
            (self.slots.len(), self.max_slots, self.filled, used)
        }
    }

    impl Grows for BitMemo {
        type V = bool;
        fn get(&self, a: u32, b: u32) -> Option<bool> {
            BitMemo::get(self, a, b)
        }
        fn insert(&mut self, a: u32, b: u32, v: bool) {
            BitMemo::insert(self, a, b, v);
        }
        fn grow(&mut self) {
            BitMemo::grow(self);
        }
        fn sizes(&self) -> (usize, usize, usize, usize) {
            (self.slots.len(), self.max_slots, self.filled, self.slots.iter().filter(|&&w| w != 0).count())
        }
    }

    /// Fills a memo a third at a time and doubles it, `rounds` times: doubling keeps every
    /// entry that could be found before, with its value, and the count of used slots.
    fn growth_keeps_every_entry_of<M: Grows>(
        mut memo: M,
        rounds: usize,
        seed: u64,
        value: impl Fn(&mut cgt_testkit::Rng) -> M::V,
    ) {
        let mut rng = cgt_testkit::Rng(seed);
        let mut map = HashMap::new();
        for _ in 0..rounds {
            for _ in 0..memo.sizes().0.max(64) / 3 {
                let (a, b, v) = (rng.next_u64() as u32, rng.index(1 << 20) as u32, value(&mut rng));
                memo.insert(a, b, v);
                map.insert((a, b), v);
            }
            let before: Vec<_> = map.iter().filter(|&(&(a, b), _)| memo.get(a, b).is_some()).collect();
            assert!(before.iter().all(|&(&(a, b), &v)| memo.get(a, b) == Some(v)));
            let (len, max, _, _) = memo.sizes();
            memo.grow();
            let (grown, _, filled, used) = memo.sizes();
            assert_eq!(grown, (2 * len).clamp(super::MIN_SLOTS, max));
            assert!(before.iter().all(|&(&(a, b), &v)| memo.get(a, b) == Some(v)));
            assert_eq!((filled, used), (before.len(), before.len()));
        }
    }

    #[test]
    fn growth_keeps_every_entry() {
        growth_keeps_every_entry_of(PairMemo::new(1 << 16), 6, 0x0d0b_1e5e_ed00, |rng| rng.index(1 << 30) as u32);
        growth_keeps_every_entry_of(BitMemo::new(1 << 18), 7, 0x0b17_0d0b, |rng| rng.index(2) == 0);
    }
}
