//! The scan of the sparse-space engine (WW ch. 4, "Sparse Space Spells Speed"; P. Beling's
//! rare/common method): the splits of one heap are read in order, both heaps from contiguous
//! memory, and each value is looked up in a table of the values still pending. Blocks of splits
//! are first checked for any pending value at all, without branches; only a block that holds one
//! is read split by split, to mark what it found.

use cgt_core::{Budget, Exhausted};

/// Splits checked for a pending value at once.
const BLOCK: usize = 64;
/// Splits scanned between two budget checks.
const CHUNK: usize = 4096;

/// The option values still to find for heap `n`: `table[v] != 0` for each, `left` of them.
/// `table` has a power-of-two length above every value, so it covers every XOR of two.
pub(super) struct Pending<'a> {
    pub(super) table: &'a mut [u8],
    pub(super) seen: &'a mut [usize],
    pub(super) n: usize,
    pub(super) left: usize,
}

impl Pending<'_> {
    /// Marks the pending values of the splits `front[i]`, `back[len - 1 - i]`; whether none is
    /// left.
    fn take(&mut self, front: &[u32], back: &[u32]) -> bool {
        let mask = self.table.len() - 1;
        for (&x, &y) in front.iter().zip(back.iter().rev()) {
            let v = (x ^ y) as usize & mask;
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
pub(super) fn scan_splits(
    g: &[u32],
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
const TARGETS: usize = 4;

impl Pending<'_> {
    /// The pending values, repeated to [`TARGETS`] of them, if there are that few.
    fn targets(&self) -> Option<[u32; TARGETS]> {
        if self.left > TARGETS {
            return None;
        }
        let mut out = [u32::MAX; TARGETS];
        let found = self.table.iter().enumerate().filter(|&(_, &t)| t != 0).map(|(v, _)| v as u32);
        found.zip(out.iter_mut()).for_each(|(v, o)| *o = v);
        // `left >= 1` during a scan, so out[0] is a pending value.
        let first = out[0];
        out.iter_mut().filter(|o| **o == u32::MAX).for_each(|o| *o = first);
        Some(out)
    }
}

/// Whether some split `front[i]`, `back[len - 1 - i]` reaches one of `targets`.
fn hits(front: &[u32], back: &[u32], targets: [u32; TARGETS]) -> bool {
    let any = front.iter().zip(back.iter().rev()).fold(0u32, |acc, (&x, &y)| {
        let v = x ^ y;
        targets.iter().fold(acc, |acc, &t| acc | u32::from(v == t))
    });
    any != 0
}

/// Marks the values of every split `(a, m - a)`, a in `1..=last`, in `seen` as options of heap n
/// (`seen` has a power-of-two length above every value).
pub(super) fn mark_splits(g: &[u32], m: usize, last: usize, seen: &mut [usize], n: usize) {
    if last == 0 {
        return;
    }
    let mask = seen.len() - 1;
    let (front, back) = (&g[1..=last], &g[m - last..m]);
    front.iter().zip(back.iter().rev()).for_each(|(&x, &y)| seen[(x ^ y) as usize & mask] = n);
}
