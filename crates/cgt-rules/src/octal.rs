//! Take-and-break heap games given by their codes, as CGSuite writes them: octal games such as
//! Kayles (0.77), Dawson's Kayles (0.07) and Dawson's Chess (0.137); hexadecimal codes (0.3F);
//! Grundy's game (`4!.0`); repeating codes such as Lasker's Nim (`4.[3]`). Theory: WW ch. 4
//! (octal and hexadecimal games), Siegel, CGT IV.2, and CGSuite's `TakeAndBreak` documentation
//! for the notation (see [`code`] for the grammar).
//!
//! Digit `dk` says what removing k tokens from a heap may leave: bit 1, nothing (the heap had
//! exactly k tokens); bit 2, one non-empty heap; bit 4, two; bit 8, three. The Grundy value of the
//! heaps left is the XOR of theirs (Sprague–Grundy).
//!
//! Engines: finite codes whose moves leave at most two heaps use the sparse-space method
//! ([`sparse`]); the rest are computed from the definition with bitsets ([`general`]). Periods
//! of finite codes are proven with the periodicity theorem ([`period`]); codes with repeating
//! digits have no such theorem, so no period is claimed for them (Nim and Lasker's Nim have
//! closed forms instead, [`ClosedForm`]), and all-but subtraction games (`0.d1...dt[3]` with digits
//! 0 and 3) arithmetic periods proven from their values ([`allbut`]). The pre-period reported is
//! the least n0 for the least period, so that Kayles is periodic from 71 (its last exceptional
//! value is g(70), as in WW) with period 12.

mod allbut;
mod code;
mod general;
mod lasker;
mod period;
mod sparse;

use std::fmt;
use std::ops::ControlFlow;

use cgt_core::{Budget, Exhausted};

use crate::nim::{BeyondTable, GrundyTable, Period};
pub use allbut::{AllButTable, ArithmeticPeriod, prove_arithmetic_period};
use code::{Code, Digit};
pub use code::{Constraint, OctalError};
pub use lasker::ClosedForm;
use period::Shape;

/// A take-and-break game given by its code, in normal form (so equal codes are equal games
/// written the same way, e.g. `0.0700` is `0.07` and `0.3[3]` is `0.[3]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    code: Code,
}

/// A move in a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalMove {
    /// Index of the heap played in.
    pub heap: usize,
    /// How many tokens are removed.
    pub take: u64,
    /// The non-empty heaps left in its place (none to three), ascending.
    pub leave: Vec<u64>,
}

impl OctalCode {
    /// Reads a code such as `0.137`, `.07`, `4.07`, `0.3F`, `4!.0`, `8?.0` or `4.[3]`.
    pub fn parse(code: &str) -> Result<Self, OctalError> {
        Ok(OctalCode { code: Code::parse(code)? })
    }

    /// The octal code `d0.d1d2...` from its digits (`d0` is 0 or 4, the others 0 to 7).
    pub fn from_digits(d0: u8, digits: &[u8]) -> Result<Self, OctalError> {
        if d0 != 0 && d0 != 4 {
            return Err(OctalError::BadWholeDigit(d0));
        }
        if let Some((i, &d)) = digits.iter().enumerate().find(|&(_, &d)| d > 7) {
            return Err(OctalError::BadDigit { offset: i, found: char::from_digit(u32::from(d), 36).unwrap_or('?') });
        }
        let finite = std::iter::once(d0).chain(digits.iter().copied()).map(|d| Digit::new(d, Constraint::Free));
        Ok(OctalCode { code: Code { finite: finite.collect(), repeat: vec![] }.normalise() })
    }

    /// Kayles, `0.77`.
    pub fn kayles() -> Self {
        Self::known("0.77")
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawson() -> Self {
        Self::known("0.07")
    }

    /// Grundy's game, `4!.0`: split a heap into two unequal heaps.
    pub fn grundys_game() -> Self {
        Self::known("4!.0")
    }

    /// Lasker's Nim, `4.[3]`: remove any number of tokens, or split a heap into two.
    pub fn lasker() -> Self {
        Self::known("4.[3]")
    }

    fn known(text: &str) -> Self {
        OctalCode::parse(text).unwrap_or_else(|e| unreachable!("`{text}` is a valid code: {e}"))
    }

    /// The most tokens a move removes (t in the periodicity theorem); `u64::MAX` when the digits
    /// repeat forever, so that any number may be removed.
    pub fn max_take(&self) -> u64 {
        if self.code.repeat.is_empty() { self.code.finite.len() as u64 - 1 } else { u64::MAX }
    }

    /// The digit `dk` (0 to 15; repeating digits included, 0 beyond a finite code): bit `2^j`
    /// allows removing k tokens and leaving j non-empty heaps.
    pub fn digit(&self, k: usize) -> u8 {
        self.code.digit(k as u64).bits
    }

    /// The modifier of digit `dk`: what the heaps left must satisfy when there are two or more.
    pub fn constraint(&self, k: u64) -> Constraint {
        self.code.digit(k).constraint
    }

    /// The most heaps a move leaves (0 to 3).
    pub fn max_heaps_left(&self) -> usize {
        let bits = self.code.finite.iter().chain(&self.code.repeat).fold(0, |acc, d| acc | d.bits);
        (8 - bits.leading_zeros()).saturating_sub(1) as usize
    }

    /// Whether this is a classic octal code: digits 0-7, no modifiers, no repeating digits (the
    /// codes that [`OctalCode::from_digits`] makes).
    pub fn is_octal(&self) -> bool {
        self.code.repeat.is_empty() && self.code.finite.iter().all(|d| d.bits < 8 && d.constraint == Constraint::Free)
    }

    /// Whether some digits repeat forever (`[...]`).
    pub fn repeats(&self) -> bool {
        !self.code.repeat.is_empty()
    }

    /// The closed form of the Grundy values, for Nim (`0.[3]`) and Lasker's Nim (`4.[3]`).
    pub fn closed_form(&self) -> Option<ClosedForm> {
        let three = [Digit::new(3, Constraint::Free)];
        match (self.code.finite.as_slice(), self.code.repeat.as_slice()) {
            ([d0], r) if r == three && d0.bits == 0 => Some(ClosedForm::Nim),
            ([d0], r) if r == three && *d0 == Digit::new(4, Constraint::Free) => Some(ClosedForm::Lasker),
            _ => None,
        }
    }

    /// Calls `f(take, leave)` for every move from a heap of `heap` tokens, `leave` ascending.
    /// Enumerates every split: O(heap^2) moves for codes that leave three heaps.
    pub fn for_each_option(&self, heap: u64, mut f: impl FnMut(u64, &[u64])) {
        let _ = self.try_for_each_option(heap, |take, leave| {
            f(take, leave);
            ControlFlow::<()>::Continue(())
        });
    }

    /// Like [`OctalCode::for_each_option`], stopping when `f` breaks.
    /// Whether a heap of `heap` tokens has no move, stopping at the first move found.
    pub fn is_dead(&self, heap: u64) -> bool {
        self.try_for_each_option(heap, |_, _| ControlFlow::Break(())).is_continue()
    }

    fn try_for_each_option<B>(&self, heap: u64, mut f: impl FnMut(u64, &[u64]) -> ControlFlow<B>) -> ControlFlow<B> {
        for k in 0..=self.max_take().min(heap) {
            let (d, m) = (self.code.digit(k), heap - k);
            if d.bits & 1 != 0 && m == 0 && k > 0 {
                f(k, &[])?;
            }
            if d.bits & 2 != 0 && m > 0 && k > 0 {
                f(k, &[m])?;
            }
            if d.bits & 4 != 0 {
                for a in (1..=m / 2).filter(|&a| d.constraint.allows(&[a, m - a])) {
                    f(k, &[a, m - a])?;
                }
            }
            if d.bits & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        if d.constraint.allows(&[a, b, m - a - b]) {
                            f(k, &[a, b, m - a - b])?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The Grundy values from `g(0)` on, stopping as soon as the periodicity theorem proves a
    /// period (finite codes only), or when `limit` values have been computed.
    pub fn grundy_table(&self, limit: usize, budget: &Budget) -> Result<GrundyTable, Exhausted> {
        let shape = self.shape();
        self.table_with(limit, shape, budget)
    }

    /// `grundy_table`'s loop, over whichever engine fits the code.
    fn table_with(&self, limit: usize, shape: Option<Shape>, budget: &Budget) -> Result<GrundyTable, Exhausted> {
        let sparse_fits = shape.is_some() && self.max_heaps_left() <= 2;
        let mut sparse = sparse_fits.then(|| sparse::Engine::new(&self.code));
        let mut general = (!sparse_fits).then(|| general::General::new(&self.code));
        let mut checkpoint = 32;
        let mut len = 0;
        // One thread: heaps depend on the heap just before, so two threads would wait for each
        // other once a heap, spinning; that doubled the CPU time, and on a busy machine tripled
        // the wall time too (BENCHMARKS.md, session 19).
        while len < limit {
            match (&mut sparse, &mut general) {
                (Some(e), _) => e.push(budget)?,
                (_, Some(e)) => e.push(budget)?,
                _ => unreachable!("one engine is chosen"),
            }
            len += 1;
            let Some(shape) = shape.filter(|_| len == checkpoint || len == limit) else { continue };
            checkpoint *= 2;
            let values = sparse.as_ref().map_or_else(|| general.as_ref().map_or(&[][..], |e| &e.values), |e| &e.values);
            if let Some(p) = period::prove_period(values, shape, budget)? {
                return Ok(GrundyTable::new(values.to_vec(), Some(p)));
            }
        }
        let values = match (sparse, general) {
            (Some(e), _) => e.values,
            (_, Some(e)) => e.values,
            _ => vec![],
        };
        Ok(GrundyTable::new(values, None))
    }

    /// What the periodicity theorem needs, for a finite code.
    fn shape(&self) -> Option<Shape> {
        if self.repeats() {
            return None;
        }
        let splitting = self.code.finite.iter().filter(|d| d.bits >= 4);
        Some(Shape {
            take: self.max_take(),
            heaps: (self.max_heaps_left() as u64).max(1),
            modifiers: splitting.clone().any(|d| d.constraint != Constraint::Free),
        })
    }

    /// The least period and its least pre-period, searching heaps below `limit`; `None` means
    /// "no period found up to `limit`" (always so for repeating codes, which have no theorem).
    pub fn period(&self, limit: usize, budget: &Budget) -> Result<Option<Period>, Exhausted> {
        Ok(self.grundy_table(limit, budget)?.period())
    }

    /// `g(0), ..., g(len - 1)`, read through the period once it is proven.
    pub fn grundy_sequence(&self, len: usize, budget: &Budget) -> Result<Vec<u32>, Exhausted> {
        let table = self.grundy_table(len, budget)?;
        Ok((0..len).map(|n| table.value(n as u128).unwrap_or(0)).collect())
    }

    /// A winning move in the sum of `heaps` (values from `table`, which must be this game's), or
    /// `Ok(None)` for a P-position. A heap beyond the computed values is played through the
    /// period: the move is found in a smaller heap with the same residue, then the difference is
    /// added to the largest heap it leaves (see [`period`]).
    pub fn winning_move(&self, table: &GrundyTable, heaps: &[u64]) -> Result<Option<OctalMove>, BeyondTable> {
        let total = table.sum(heaps)?;
        if total == 0 {
            return Ok(None);
        }
        for (heap, &h) in heaps.iter().enumerate() {
            let value = table.try_value(u128::from(h))?;
            if value ^ total < value
                && let Some((take, leave)) = self.option_with_value(table, h, value ^ total)?
            {
                return Ok(Some(OctalMove { heap, take, leave }));
            }
        }
        Ok(None)
    }

    /// An option of the heap `h` with Grundy value `target`, as (tokens taken, heaps left).
    fn option_with_value(
        &self,
        table: &GrundyTable,
        h: u64,
        target: u32,
    ) -> Result<Option<(u64, Vec<u64>)>, BeyondTable> {
        let computed = table.values().len();
        let (base, lift) = match (usize::try_from(h), table.period(), self.shape()) {
            (Ok(i), _, _) if i < computed => (h, 0),
            (_, Some(p), Some(shape)) => {
                let start = shape.lift_base(p.preperiod);
                let base = start + h.saturating_sub(start) % p.period;
                (base, h - base)
            }
            _ => return Err(BeyondTable { heap: u128::from(h), computed }),
        };
        if base as usize >= computed {
            return Err(BeyondTable { heap: u128::from(h), computed });
        }
        let g = table.values();
        let found = self.try_for_each_option(base, |take, leave| {
            let value = leave.iter().fold(0, |acc, &x| acc ^ g[x as usize]);
            if value == target { ControlFlow::Break((take, leave.to_vec())) } else { ControlFlow::Continue(()) }
        });
        Ok(match found {
            ControlFlow::Break((take, mut leave)) => {
                if let Some(largest) = leave.last_mut() {
                    *largest += lift;
                }
                Some((take, leave))
            }
            ControlFlow::Continue(()) => None,
        })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.code.fmt(f)
    }
}

#[cfg(test)]
mod tests;
