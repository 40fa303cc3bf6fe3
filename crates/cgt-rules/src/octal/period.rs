//! Proving periods of finite codes: the periodicity theorem of octal games (Guy–Smith; WW ch. 4;
//! Siegel, CGT IV.2) in the form that also covers hexadecimal digits and the `!`/`?` modifiers.
//!
//! Let t be the most tokens a move removes, h the most heaps it leaves (at least 1), and
//! `n0' = max(n0, 1)`. If `g(n + p) = g(n)` for all n with `n0 <= n < N`, where
//! `N = h·n0' + (h - 1)·p + t` for codes without modifiers and `N = h·n0' + (h² - 1)·p + t`
//! with them, then `g(n + p) = g(n)` for all `n >= n0`.
//!
//! Proof, by induction on n >= N. An option of n + p removes k <= t tokens and leaves j <= h
//! heaps; the largest, b, is at least `(n + p - k)/j`. Without modifiers, `b >= n0' + p`, and
//! replacing b by `b - p` (which is in `[n0', n)`, so has the same value) gives an option of n
//! with the same value. With modifiers, replacing b could make two heaps equal; take instead the
//! first x of b, b - p, b - 2p, ... such that `x - p` is not another heap left: x is at least
//! `b - (j - 1)p >= n0' + p` because `b >= n0' + j·p` here, and replacing x by `x - p` keeps the
//! heaps pairwise unequal (`!`) or not all equal (`?`). Conversely an option of n leaves a largest
//! heap c >= n0 (as `n >= h·n0 + t`), and `c + p` is larger than every other heap, so replacing c
//! by `c + p` gives an option of n + p with the same value and the same pattern of equal heaps.
//! No option of n or n + p leaves nothing, since both exceed t. (With h = 2 and no modifiers this
//! is the octal theorem as usually stated, with `n0'` in place of n0, so that `b - p` is never an
//! empty heap.)

use cgt_core::{Budget, Exhausted};

use crate::nim::Period;

/// What the theorem needs to know of a finite code.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// The most tokens a move removes.
    pub(super) take: u64,
    /// The most heaps a move leaves (at least 1).
    pub(super) heaps: u64,
    /// Whether some digit that splits has `!` or `?`.
    pub(super) modifiers: bool,
}

impl Shape {
    /// How many multiples of p the bound N has beyond `h·n0' + t`.
    fn periods(self) -> u64 {
        if self.modifiers { self.heaps * self.heaps - 1 } else { self.heaps - 1 }
    }

    /// The bound N of the theorem for pre-period n0 and period p.
    pub(super) fn bound(self, n0: u64, p: u64) -> u64 {
        self.heaps * n0.max(1) + self.periods() * p + self.take
    }

    /// The smallest heap h' from which options of `h' + i·p` come from options of h' by adding
    /// `i·p` to the largest heap left: one whose options leave a largest heap of at least n0'.
    pub(super) fn lift_base(self, n0: u64) -> u64 {
        self.heaps * n0.max(1) + self.take
    }
}

/// Finds the least period p that the theorem proves from `values`, with its least pre-period:
/// n0(p) is one past the last n with `g(n) != g(n + p)`, and p is proven when `N <= len - p`.
/// A proven p is a true period, and every true period is a multiple of the least one with the
/// same least pre-period (and a smaller bound), so the first p proven is the least.
pub(super) fn prove_period(values: &[u32], shape: Shape, budget: &Budget) -> Result<Option<Period>, Exhausted> {
    let len = values.len() as u64;
    let mut p = 1;
    while shape.bound(0, p) + p <= len {
        budget.check()?;
        // The largest n0 whose bound is met: h·max(n0, 1) <= len - p - periods·p - t.
        let room = len - p - shape.periods() * p - shape.take;
        let n0_max = room / shape.heaps;
        let mismatch = |n: &u64| values[*n as usize] != values[(*n + p) as usize];
        if !(n0_max..len - p).rev().any(|n| mismatch(&n)) {
            let n0 = (0..n0_max).rev().find(mismatch).map_or(0, |n| n + 1);
            return Ok(Some(Period { preperiod: n0, period: p }));
        }
        p += 1;
    }
    Ok(None)
}
