//! The scan of the sparse-space engine (WW ch. 4, "Sparse Space Spells Speed"; P. Beling's
//! rare/common method): the splits of one heap are read in order, both heaps from memory read
//! forwards ([`super::copies`]). While many values are pending, the values of a block of splits
//! are marked without a branch and the pending values are then looked up; once few are left,
//! the block is compared with each of them at once, a loop the compiler vectorises.

use std::ops::{BitOr, BitXor};

use cgt_core::{Budget, Exhausted};

/// Grundy values as the scan reads them: `u16` while every value fits (half the memory to read),
/// else `u32`.
pub(super) trait Value:
    Copy + Default + PartialEq + BitXor<Output = Self> + BitOr<Output = Self> + From<bool>
{
    /// The value as an index.
    fn index(self) -> usize;
    /// The value v, which fits.
    fn of(v: u32) -> Self;
}

impl Value for u16 {
    fn index(self) -> usize {
        usize::from(self)
    }
    fn of(v: u32) -> Self {
        v as u16
    }
}

impl Value for u32 {
    fn index(self) -> usize {
        self as usize
    }
    fn of(v: u32) -> Self {
        v
    }
}

/// Splits read between two looks at the pending values.
const BLOCK: usize = 64;
/// Heaps whose far options are marked at once, see [`mark_batch`].
pub(super) const BATCH: usize = 32;
/// Splits scanned between two budget checks.
pub(super) const CHUNK: usize = 4096;
/// Pending values compared directly with each split, at most.
pub(super) const TARGETS: usize = 8;

/// The option values still to find for a heap: `list`, none of them marked in `seen` (nonzero:
/// marked; its length is a power of two above every value, so it covers every XOR of two).
pub(super) struct Pending<'a> {
    pub(super) list: &'a mut Vec<u32>,
    pub(super) seen: &'a mut [u8],
    /// The splits marked so far (read while more than [`TARGETS`] values were pending).
    pub(super) marked: usize,
}

/// Scans the splits `front[i]`, `back[i]` (of equal lengths), marking the pending values they
/// reach and taking them off the list; whether none is left.
pub(super) fn scan_splits<T: Value>(
    front: &[T],
    back: &[T],
    pending: &mut Pending,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    for (fc, bc) in front.chunks(CHUNK).zip(back.chunks(CHUNK)) {
        budget.check()?;
        for (fb, bb) in fc.chunks(BLOCK).zip(bc.chunks(BLOCK)) {
            if pending.list.len() > TARGETS {
                pending.mark_block(fb, bb);
            } else {
                pending.compare_block(fb, bb);
            }
            if pending.list.is_empty() {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

impl Pending<'_> {
    /// Marks the value of every split of the block (they are all options, pending or not), then
    /// takes the pending values marked off the list.
    fn mark_block<T: Value>(&mut self, front: &[T], back: &[T]) {
        let seen = &mut *self.seen;
        let mask = seen.len() - 1;
        front.iter().zip(back).for_each(|(&x, &y)| seen[(x ^ y).index() & mask] = 1);
        self.marked += front.len();
        self.keep_unmarked();
    }

    /// Compares the value of every split of the block with the pending values (at most
    /// [`TARGETS`]), and marks and takes off those reached.
    fn compare_block<T: Value>(&mut self, front: &[T], back: &[T]) {
        // Fewer targets are fewer comparisons per split: the last pending values take longest.
        let found = match self.list.len() {
            1 => reached(front, back, targets::<T, 1>(self.list)),
            2 => reached(front, back, targets::<T, 2>(self.list)),
            3 | 4 => reached(front, back, targets::<T, 4>(self.list)),
            _ => reached(front, back, targets::<T, TARGETS>(self.list)),
        };
        if found == 0 {
            return;
        }
        for (k, &v) in self.list.iter().enumerate() {
            if found >> k & 1 == 1 {
                self.seen[v as usize] = 1;
            }
        }
        self.keep_unmarked();
    }

    /// Takes the values marked in `seen` off the list, without a branch: whether a value was
    /// reached is as good as random.
    fn keep_unmarked(&mut self) {
        let seen = &*self.seen;
        let mut kept = 0;
        for i in 0..self.list.len() {
            let v = self.list[i];
            self.list[kept] = v;
            kept += usize::from(seen[v as usize] == 0);
        }
        self.list.truncate(kept);
    }
}

/// The values of `list` (one to K of them), the last repeated to K.
fn targets<T: Value, const K: usize>(list: &[u32]) -> [T; K] {
    let last = list.len() - 1;
    std::array::from_fn(|k| T::of(list[k.min(last)]))
}

/// Bit k: some split `front[i]`, `back[i]` reaches `targets[k]`.
fn reached<T: Value, const K: usize>(front: &[T], back: &[T], targets: [T; K]) -> u32 {
    let mut hit = [T::default(); K];
    for (&x, &y) in front.iter().zip(back) {
        let v = x ^ y;
        for k in 0..K {
            hit[k] = hit[k] | T::from(v == targets[k]);
        }
    }
    (0..K).filter(|&k| hit[k] != T::default()).fold(0, |acc, k| acc | 1 << k)
}

/// Marks the values of the splits `(a, m - a)`, a in `from..=last`, in `seen` (whose length is
/// a power of two above every value).
pub(super) fn mark_splits<T: Value>(g: &[T], m: usize, from: usize, last: usize, seen: &mut [u8]) {
    if last < from {
        return;
    }
    let mask = seen.len() - 1;
    let (front, back) = (&g[from..=last], &g[m - last..=m - from]);
    front.iter().zip(back.iter().rev()).for_each(|(&x, &y)| seen[(x ^ y).index() & mask] = 1);
}

/// Marks the values of the splits `(r, m - r)` with r a rare heap below m (`rare`, each with its
/// value), leaving out `2 r = m` if `unequal`.
pub(super) fn mark_rare<T: Value>(g: &[T], m: usize, rare: &[(u32, u32)], unequal: bool, seen: &mut [u8]) {
    let mask = seen.len() - 1;
    if unequal && m.is_multiple_of(2) {
        for &(r, v) in rare.iter().filter(|&&(r, _)| 2 * r as usize != m) {
            seen[(v as usize ^ g[m - r as usize].index()) & mask] = 1;
        }
    } else {
        // Every rare heap here is below m, so each partner m - r is a heap.
        rare.iter().for_each(|&(r, v)| seen[(v as usize ^ g[m - r as usize].index()) & mask] = 1);
    }
}

/// Marks, for each `(p, v)` of `splits` and each b < [`BATCH`], the value `v XOR g(p + b)` in
/// table b of `tables` (`BATCH` tables of `cover` bytes, `cover` a power of two above every
/// value): the same split for the heaps of a batch, whose partners are `BATCH` values in a row,
/// read at once.
pub(super) fn mark_batch<T: Value>(
    g: &[T],
    splits: impl Iterator<Item = (usize, u32)>,
    tables: &mut [u8],
    cover: usize,
) {
    let mask = cover - 1;
    // All the tables within 2^16 bytes: the place of a mark is a `u16`, with no bound to check.
    if let Some(all) = tables.first_chunk_mut::<{ 1 << 16 }>().filter(|_| BATCH * cover <= 1 << 16) {
        let mask16 = mask as u16;
        let offsets: [u16; BATCH] = std::array::from_fn(|b| (b * cover) as u16);
        for (p, v) in splits {
            let Some(window) = g[p..].first_chunk::<BATCH>() else { continue };
            let v = T::of(v);
            let at: [u16; BATCH] = std::array::from_fn(|b| ((window[b] ^ v).index() as u16 & mask16) | offsets[b]);
            at.iter().for_each(|&at| all[usize::from(at)] = 1);
        }
        return;
    }
    for (p, v) in splits {
        let Some(window) = g[p..].first_chunk::<BATCH>() else { continue };
        let v = T::of(v);
        for (b, &y) in window.iter().enumerate() {
            tables[b * cover + ((y ^ v).index() & mask)] = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// What the scan must find: the pending values that some split `(a, m - a)`, a in `1..=last`,
    /// reaches, from the definition.
    fn reached(g: &[u32], m: usize, last: usize, pending: &[u32]) -> Vec<u32> {
        let values: Vec<u32> = (1..=last).map(|a| g[a] ^ g[m - a]).collect();
        pending.iter().copied().filter(|v| values.contains(v)).collect()
    }

    fn scan<T: Value>(g: &[T], m: usize, last: usize, list: &[u32], cover: usize) -> (bool, Vec<u32>) {
        let mut seen = vec![0u8; cover];
        let mut left = list.to_vec();
        let mut p = Pending { list: &mut left, seen: &mut seen, marked: 0 };
        let back: Vec<T> = (1..=last).map(|a| g[m - a]).collect();
        let done = scan_splits(&g[1..=last], &back, &mut p, &Budget::unlimited()).unwrap();
        // The values marked are options; the pending ones among them are off the list.
        let options: Vec<u32> = (1..=last).map(|a| (g[a] ^ g[m - a]).index() as u32).collect();
        assert!((0..cover as u32).filter(|&v| seen[v as usize] != 0).all(|v| options.contains(&v)));
        let marked: Vec<u32> = list.iter().copied().filter(|&v| seen[v as usize] != 0).collect();
        assert!(left.iter().all(|v| !marked.contains(v)) && left.len() + marked.len() == list.len());
        (done, marked)
    }

    /// Random values, splits and pending sets, few and many, values of both widths: the scan marks
    /// the pending values the splits reach, all of them when it says none is left, and no others.
    #[test]
    fn the_scan_finds_what_the_splits_reach() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for round in 0..600 {
            let bits = 1 + rng.below(9) as u32;
            let len = 2 + rng.index(if round % 10 == 0 { 20_000 } else { 700 });
            let g: Vec<u32> = (0..len).map(|_| rng.below(1 << bits) as u32).collect();
            let m = 1 + rng.index(len - 1);
            let last = rng.index(m / 2 + 1);
            let cover = 1usize << bits;
            let take = 1 + rng.index(if round % 3 == 0 { 80 } else { 20 });
            let mut list: Vec<u32> = (0..cover as u32).filter(|_| rng.below(4) == 0).take(take).collect();
            // The engine scans only while some value is pending.
            if list.is_empty() {
                list.push(rng.below(cover as u64) as u32);
            }
            let want = reached(&g, m, last, &list);
            let narrow: Vec<u16> = g.iter().map(|&v| v as u16).collect();
            for (done, marked) in [scan(&g, m, last, &list, cover), scan(&narrow, m, last, &list, cover)] {
                if done {
                    assert_eq!(marked, list, "round {round}");
                    assert_eq!(want, list, "round {round}");
                } else {
                    assert_eq!(marked, want, "round {round}");
                    assert!(want.len() < list.len(), "round {round}");
                }
            }
        }
    }

    /// Random values of both widths, random splits, covers on both sides of `2^16 / BATCH` (the
    /// marks' places as `u16`, or not): the batch marks `v XOR g(p + b)` in table b for each split
    /// `(p, v)` and each b, and nothing else.
    #[test]
    fn the_batch_marks_the_splits_of_each_heap() {
        let mut rng = Rng(0x1f83_d9ab_fb41_bd6b);
        for round in 0..300 {
            let bits = 1 + rng.below(13) as u32;
            let cover = 1usize << bits;
            let len = BATCH + rng.index(if round % 10 == 0 { 5000 } else { 300 });
            let g: Vec<u32> = (0..len).map(|_| rng.below(cover as u64) as u32).collect();
            let splits: Vec<(usize, u32)> =
                (0..rng.index(60)).map(|_| (rng.index(len - BATCH + 1), rng.below(cover as u64) as u32)).collect();
            let size = (BATCH * cover).max(1 << 16);
            let mut want = vec![0u8; size];
            for &(p, v) in &splits {
                for b in 0..BATCH {
                    want[b * cover + (v ^ g[p + b]) as usize] = 1;
                }
            }
            let mut tables = vec![0u8; size];
            mark_batch(&g, splits.iter().copied(), &mut tables, cover);
            assert!(tables == want, "round {round}, u32");
            if bits <= 16 {
                let narrow: Vec<u16> = g.iter().map(|&v| v as u16).collect();
                let mut tables = vec![0u8; size];
                mark_batch(&narrow, splits.iter().copied(), &mut tables, cover);
                assert!(tables == want, "round {round}, u16");
            }
        }
    }
}
