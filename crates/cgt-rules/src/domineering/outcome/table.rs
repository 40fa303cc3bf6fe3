//! The transposition table of the outcome search: a fixed array of two-slot buckets (one
//! kept for the larger proof, one always replaced), so memory is bounded and known before
//! the search starts. Entries are exact (wins and losses are proven), so dropping one only
//! costs time.
//!
//! Two threads of one search may share the table ([`Table::share`]). Each slot is guarded by a
//! sequence number (a seqlock): a writer makes it odd while it writes and even again after, a
//! reader reads the number, the slot, and the number again, and takes the slot only if the
//! number was even and unchanged, so that a slot half written by the other thread is never
//! read as an entry. A writer that finds the slot being written gives up its store (which only
//! costs time). On one thread the stores skip the exchange.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering, fence};

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

/// The bits of a slot's third word above the rest's id.
const LEFT: u64 = 1 << 32;
const WINS: u64 = 1 << 33;
const USED: u64 = 1 << 34;
/// Where the logarithm of the proof's nodes sits in the third word.
const WORK_SHIFT: u32 = 40;

/// One entry in four words: the board's low and high halves, then the rest's id with the
/// bits of who moves, who wins, whether the slot is used and the logarithm of the nodes the
/// proof took (the larger proof stays in the first slot), then the slot's sequence number.
#[derive(Default)]
struct Slot([AtomicU64; 4]);

impl Slot {
    /// The slot's key words and third word, if it was not being written while read.
    fn read(&self) -> Option<(u64, u64, u64)> {
        let [lo, hi, meta, seq] = &self.0;
        let before = seq.load(Ordering::Acquire);
        if before & 1 == 1 {
            return None;
        }
        let words = (lo.load(Ordering::Relaxed), hi.load(Ordering::Relaxed), meta.load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        (seq.load(Ordering::Relaxed) == before).then_some(words)
    }

    /// Writes an entry; with `shared`, only if no other thread is writing the slot.
    fn write(&self, (lo, hi, meta): (u64, u64, u64), shared: bool) -> bool {
        let [w_lo, w_hi, w_meta, seq] = &self.0;
        let before = seq.load(Ordering::Relaxed);
        if shared {
            if before & 1 == 1
                || seq.compare_exchange(before, before + 1, Ordering::Relaxed, Ordering::Relaxed).is_err()
            {
                return false;
            }
        } else {
            seq.store(before + 1, Ordering::Relaxed);
        }
        fence(Ordering::Release);
        w_lo.store(lo, Ordering::Relaxed);
        w_hi.store(hi, Ordering::Relaxed);
        w_meta.store(meta, Ordering::Relaxed);
        seq.store(before + 2, Ordering::Release);
        true
    }
}

/// The words a key is stored under: the board's halves, and the third word's key bits.
fn key_words(key: &Key) -> (u64, u64, u64) {
    let meta = u64::from(key.rest.bits()) | if key.left { LEFT } else { 0 } | USED;
    (key.board as u64, (key.board >> 64) as u64, meta)
}

/// Whether a slot's words hold the key.
fn holds(words: (u64, u64, u64), key: (u64, u64, u64)) -> bool {
    let mask = u64::from(u32::MAX) | LEFT | USED;
    words.0 == key.0 && words.1 == key.1 && words.2 & mask == key.2
}

/// Two slots on one cache line: the first kept for the larger proof, the second always
/// replaced.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// The table.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    /// A byte of each slot's key hash (0: empty), looked at before the bucket: most probes
    /// (every move's position is probed before any is searched) find nothing, and this array,
    /// a sixteenth of the buckets' size, stays in the cache where the buckets do not
    /// (probing the buckets alone was over a quarter of the search's time). A hint only: the
    /// slot itself decides.
    tags: Vec<[AtomicU8; 2]>,
    /// Whether two threads may write at once.
    shared: bool,
}

/// The bytes of one slot.
pub(super) const SLOT_BYTES: usize = size_of::<Bucket>() / 2 + 1;

impl Table {
    /// A table of `2^log2` slots (at least 2).
    pub(super) fn new(log2: u32) -> Table {
        let n = 1 << (log2.max(1) - 1);
        Table {
            buckets: cgt_core::pages::filled_with(n, Bucket::default),
            tags: cgt_core::pages::filled_with(n, Default::default),
            shared: false,
        }
    }

    /// Lets two threads use the table at once (or one again).
    pub(super) fn share(&mut self, shared: bool) {
        self.shared = shared;
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * (size_of::<Bucket>() + size_of::<[u8; 2]>())
    }

    /// Whether the player to move wins the key's position, if stored.
    pub(super) fn get(&self, key: &Key) -> Option<bool> {
        let (i, tag) = self.place(key);
        let tags = &self.tags[i];
        if tags[0].load(Ordering::Relaxed) != tag && tags[1].load(Ordering::Relaxed) != tag {
            return None;
        }
        let want = key_words(key);
        self.buckets[i].0.iter().find_map(|s| s.read().filter(|&w| holds(w, want)).map(|w| w.2 & WINS != 0))
    }

    /// Stores a proven result; `nodes` is the size of its proof.
    pub(super) fn put(&self, key: Key, wins: bool, nodes: u64) {
        let (i, tag) = self.place(&key);
        let work = u64::from(64 - nodes.leading_zeros());
        let (lo, hi, meta) = key_words(&key);
        let entry = (lo, hi, meta | if wins { WINS } else { 0 } | work << WORK_SHIFT);
        let [first, second] = &self.buckets[i].0;
        // The first slot's words as they are (a slot being written reads as used by a larger
        // proof, so the second slot takes the entry).
        let keep = first.read().unwrap_or((0, 0, USED | 0xff << WORK_SHIFT));
        let take_first = keep.2 & USED == 0 || holds(keep, (lo, hi, meta)) || keep.2 >> WORK_SHIFT & 0xff <= work;
        let (slot, at) = if take_first { (first, 0) } else { (second, 1) };
        if slot.write(entry, self.shared) {
            self.tags[i][at].store(tag, Ordering::Relaxed);
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
        let h = key_hash(key);
        ((h as usize) & (self.buckets.len() - 1), (h >> 56) as u8 | 1)
    }
}

/// The hash of a key, which places it in the table (and names it in the paths two threads of
/// a search publish).
pub(super) fn key_hash(key: &Key) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::{Key, Table};
    use cgt_core::game::Games;

    /// Two slots fill one cache line.
    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(size_of::<super::Bucket>(), 64);
    }

    /// Two threads store and read entries of a small shared table at once, every entry's
    /// answer a function of its key: a read never returns an answer that is not its key's
    /// (a slot half written by the other thread is not taken), and entries are found.
    #[test]
    fn a_shared_table_never_reads_a_torn_entry() {
        let zero = Games::new().zero();
        let mut table = Table::new(6);
        table.share(true);
        let key = |i: u64| {
            let board = u128::from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) << 64 | u128::from(i);
            (Key { board, rest: zero, left: i.is_multiple_of(3) }, i.count_ones() % 2 == 1)
        };
        let found: Vec<u64> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2u64)
                .map(|t| {
                    let (table, key) = (&table, &key);
                    scope.spawn(move || {
                        let mut found = 0;
                        for round in 0..200_000u64 {
                            let (k, wins) = key((round * 7 + t * 3) % 500);
                            table.put(k, wins, round % 1000);
                            let (k, wins) = key((round * 13 + t) % 500);
                            if let Some(w) = table.get(&k) {
                                assert_eq!(w, wins, "{k:?}");
                                found += 1;
                            }
                        }
                        found
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        assert!(found.iter().all(|&n| n > 1000), "{found:?}");
    }
}
