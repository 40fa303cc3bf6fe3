//! The scan of the sparse-space engine (WW ch. 4, "Sparse Space Spells Speed"; P. Beling's
//! rare/common method): the splits of one heap are read in order, both heaps from contiguous
//! memory, and each value is looked up in a table of the values still pending. Blocks of splits
//! are first checked for any pending value at all, without branches; only a block that holds one
//! is read split by split, to mark what it found.

use cgt_core::{Budget, Exhausted};

/// Grundy values as the scan reads them: `u16` while every value fits (half the memory to read),
/// else `u32`.
pub(super) trait Value: Copy + PartialEq + std::ops::BitXor<Output = Self> {
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

/// Splits checked for a pending value at once.
const BLOCK: usize = 64;
/// Splits scanned between two budget checks.
const CHUNK: usize = 4096;

/// The option values still to find for heap `n`: `table[v] != 0` for each, `left` of them, all
/// in `list`. `table` has a power-of-two length above every value, so it covers every XOR of two.
pub(super) struct Pending<'a> {
    pub(super) table: &'a mut [u8],
    pub(super) list: &'a [u32],
    pub(super) seen: &'a mut [usize],
    pub(super) n: usize,
    pub(super) left: usize,
}

impl Pending<'_> {
    /// Marks the pending values of the splits `front[i]`, `back[len - 1 - i]`; whether none is
    /// left.
    fn take<T: Value>(&mut self, front: &[T], back: &[T]) -> bool {
        let mask = self.table.len() - 1;
        for (&x, &y) in front.iter().zip(back.iter().rev()) {
            let v = (x ^ y).index() & mask;
            if self.table[v] != 0 {
                self.table[v] = 0;
                self.seen[v] = self.n;
                self.left -= 1;
                if self.left == 0 {
                    return true;
                }
            }
        }
        false
    }
}

/// Scans the splits `(a, m - a)` for a in `1..=last` (`2 last <= m`, `m < g.len()`), marking the
/// pending values they reach; whether none is left. While many values are pending, each split's
/// value is looked up in the table; once at most [`TARGETS`] are, blocks are compared with them
/// directly, a loop the compiler vectorises.
pub(super) fn scan_splits<T: Value>(
    g: &[T],
    m: usize,
    last: usize,
    pending: &mut Pending,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    if last == 0 {
        return Ok(false);
    }
    let (front, back) = (&g[1..=last], &g[m - last..m]);
    let mut targets = pending.targets();
    for (fc, bc) in front.chunks(CHUNK).zip(back.rchunks(CHUNK)) {
        budget.check()?;
        for (fb, bb) in fc.chunks(BLOCK).zip(bc.rchunks(BLOCK)) {
            // While many values are pending, blocks often hold one: they are read split by split.
            if targets.is_none_or(|t| hits(fb, bb, t)) {
                if pending.take(fb, bb) {
                    return Ok(true);
                }
                targets = pending.targets();
            }
        }
    }
    Ok(false)
}

/// Values compared directly with each split, once so few are pending.
const TARGETS: usize = 8;

impl Pending<'_> {
    /// The pending values, repeated to [`TARGETS`] of them, if there are that few.
    fn targets<T: Value>(&self) -> Option<[T; TARGETS]> {
        if self.left > TARGETS {
            return None;
        }
        let mut out = [usize::MAX; TARGETS];
        let found = self.list.iter().map(|&v| v as usize).filter(|&v| self.table[v] != 0);
        found.zip(out.iter_mut()).for_each(|(v, o)| *o = v);
        // `left >= 1` during a scan, so out[0] is a pending value, and every value fits in T.
        let first = out[0];
        Some(out.map(|v| T::of(if v == usize::MAX { first } else { v } as u32)))
    }
}

/// Whether some split `front[i]`, `back[len - 1 - i]` reaches one of `targets`.
fn hits<T: Value>(front: &[T], back: &[T], targets: [T; TARGETS]) -> bool {
    let any = front.iter().zip(back.iter().rev()).fold(0u32, |acc, (&x, &y)| {
        let v = x ^ y;
        targets.iter().fold(acc, |acc, &t| acc | u32::from(v == t))
    });
    any != 0
}

/// Marks the values of every split `(a, m - a)`, a in `1..=last`, in `seen` as options of heap n
/// (`seen` has a power-of-two length above every value).
pub(super) fn mark_splits<T: Value>(g: &[T], m: usize, last: usize, seen: &mut [usize], n: usize) {
    if last == 0 {
        return;
    }
    let mask = seen.len() - 1;
    let (front, back) = (&g[1..=last], &g[m - last..m]);
    front.iter().zip(back.iter().rev()).for_each(|(&x, &y)| seen[(x ^ y).index() & mask] = n);
}

/// Marks the values of the splits `(r, m - r)` with r a rare heap below m (`rare`, with their
/// values `rare_values`), leaving out `2 r = m` if `unequal`.
pub(super) fn mark_rare<T: Value>(
    g: &[T],
    m: usize,
    (rare, rare_values): (&[u32], &[u32]),
    unequal: bool,
    seen: &mut [usize],
    n: usize,
) {
    let mask = seen.len() - 1;
    let pairs = rare.iter().zip(rare_values);
    if unequal && m.is_multiple_of(2) {
        for (&r, &v) in pairs.filter(|&(&r, _)| 2 * r as usize != m) {
            seen[(v as usize ^ g[m - r as usize].index()) & mask] = n;
        }
    } else {
        // Every rare heap here is below m, so each partner m - r is a heap.
        pairs.for_each(|(&r, &v)| seen[(v as usize ^ g[m - r as usize].index()) & mask] = n);
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
        let (mut table, mut seen) = (vec![0u8; cover], vec![usize::MAX; cover]);
        list.iter().for_each(|&v| table[v as usize] = 1);
        let mut p = Pending { table: &mut table, list, seen: &mut seen, n: 7, left: list.len() };
        let done = scan_splits(g, m, last, &mut p, &Budget::unlimited()).unwrap();
        let marked = (0..cover as u32).filter(|&v| seen[v as usize] == 7).collect::<Vec<_>>();
        // A value is marked exactly when it was pending and is no longer in the table.
        assert!(marked.iter().all(|&v| list.contains(&v) && table[v as usize] == 0));
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
            let take = 1 + rng.index(20);
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
}
