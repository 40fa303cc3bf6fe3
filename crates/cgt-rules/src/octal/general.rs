//! The engine for every other code: moves that leave three heaps (hexadecimal digits 8-F) and
//! codes whose digits repeat forever (`0.[3]`, `4.[3]`). Exact, from the definition of the
//! Grundy value as a mex (Sprague–Grundy; WW ch. 4 for hexadecimal games).
//!
//! Option values are kept as bitsets. The repeating part costs no more than one more digit: a
//! heap n removing k = p + j tokens (p = the finite digits, j >= 0) uses digit `repeat[j mod q]`
//! and leaves m = n - p - j, so the option values of all those moves are, for each s < q, the
//! union over m <= n - p with `m ≡ n - p - s (mod q)` of the options of `repeat[s]` leaving m.
//! Those unions only grow with n, so each is kept per digit and residue and updated once per m.

use cgt_core::{Budget, Exhausted};

use super::code::{Code, Constraint, Digit};

/// The values `g(0), g(1), ...` of any code, one heap at a time.
pub(super) struct General<'a> {
    code: &'a Code,
    pub(super) values: Vec<u32>,
    /// The option values of the heap being computed.
    marks: Vec<u64>,
    /// The distinct digits of the repeating block, and for each block position its index there.
    distinct: Vec<Digit>,
    which: Vec<usize>,
    /// `tails[j][r]`: the option values of leaving m through `distinct[j]`, over the m added so
    /// far with `m mod q = r`.
    tails: Vec<Vec<Vec<u64>>>,
    scratch: Vec<u64>,
}

impl<'a> General<'a> {
    pub(super) fn new(code: &'a Code) -> Self {
        let mut distinct: Vec<Digit> = Vec::new();
        let which = code
            .repeat
            .iter()
            .map(|d| {
                distinct.iter().position(|x| x == d).unwrap_or_else(|| {
                    distinct.push(*d);
                    distinct.len() - 1
                })
            })
            .collect();
        let q = code.repeat.len();
        General {
            code,
            values: Vec::new(),
            marks: Vec::new(),
            tails: vec![vec![Vec::new(); q]; distinct.len()],
            distinct,
            which,
            scratch: Vec::new(),
        }
    }

    /// Computes the next value g(n), n = the number of values so far.
    pub(super) fn push(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let n = self.values.len();
        // Codes that never split do O(n / 64) work per heap without another check.
        budget.check()?;
        if n.is_power_of_two() {
            let bitsets = self.tails.iter().map(|t| t.len()).sum::<usize>() + 2;
            budget.check_memory(n * 4 + bitsets * (self.marks.len() + 1) * 8)?;
        }
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        let p = self.code.finite.len();
        for k in 0..p.min(n + 1) {
            self.mark_options(self.code.finite[k], k, n - k, &mut marks, budget)?;
        }
        if n >= p {
            self.add_to_tails(n - p, budget)?;
            let q = self.code.repeat.len();
            for s in 0..q.min(n - p + 1) {
                or_into(&mut marks, &self.tails[self.which[s]][(n - p - s) % q]);
            }
        }
        let mex = marks
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(marks.len() * 64, |i| i * 64 + marks[i].trailing_ones() as usize);
        self.values.push(mex as u32);
        self.marks = marks;
        Ok(())
    }

    /// Adds the options of leaving m through each digit of the repeating block to its union.
    fn add_to_tails(&mut self, m: usize, budget: &Budget) -> Result<(), Exhausted> {
        let q = self.code.repeat.len();
        for j in 0..self.distinct.len() {
            let mut scratch = std::mem::take(&mut self.scratch);
            scratch.clear();
            // k >= 1 here: the repeating block starts after d0.
            self.mark_options(self.distinct[j], 1, m, &mut scratch, budget)?;
            or_into(&mut self.tails[j][m % q], &scratch);
            self.scratch = scratch;
        }
        Ok(())
    }

    /// Marks the values of the moves of digit `d` that remove k tokens and leave m.
    fn mark_options(
        &self,
        d: Digit,
        k: usize,
        m: usize,
        marks: &mut Vec<u64>,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        let g = &self.values;
        if d.bits & 1 != 0 && m == 0 && k > 0 {
            set(marks, 0);
        }
        if d.bits & 2 != 0 && m > 0 && k > 0 {
            set(marks, g[m]);
        }
        if d.bits & 4 != 0 {
            budget.check()?;
            let equal_ok = d.constraint == Constraint::Free;
            (1..=m / 2).filter(|&a| equal_ok || 2 * a != m).for_each(|a| set(marks, g[a] ^ g[m - a]));
        }
        if d.bits & 8 != 0 && m >= 3 {
            // XORs of three values stay below the power of two above the largest value.
            let top = g[1..m].iter().max().copied().unwrap_or(0);
            let words = (top as usize + 1).next_power_of_two().div_ceil(64);
            if marks.len() < words {
                marks.resize(words, 0);
            }
            for a in 1..=m / 3 {
                budget.check()?;
                // b runs from a up to (m - a) / 2 and c = m - a - b down from m - 2a.
                let (bs, cs) = (&g[a..=(m - a) / 2], &g[(m - a) / 2..=m - 2 * a]);
                let ga = g[a];
                for (i, (&gb, &gc)) in bs.iter().zip(cs.iter().rev()).enumerate() {
                    let (b, c) = (a + i, m - 2 * a - i);
                    let ok = match d.constraint {
                        Constraint::Free => true,
                        Constraint::Unequal => a < b && b < c,
                        Constraint::NotAllEqual => a != c,
                    };
                    if ok {
                        let v = (ga ^ gb ^ gc) as usize;
                        marks[v / 64] |= 1 << (v % 64);
                    }
                }
            }
        }
        Ok(())
    }
}

fn set(bits: &mut Vec<u64>, v: u32) {
    let (word, bit) = (v as usize / 64, v % 64);
    if word >= bits.len() {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << bit;
}

fn or_into(dst: &mut Vec<u64>, src: &[u64]) {
    if src.len() > dst.len() {
        dst.resize(src.len(), 0);
    }
    dst.iter_mut().zip(src).for_each(|(d, s)| *d |= s);
}
