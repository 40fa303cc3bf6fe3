//! Codes with a closed form for every heap size: Nim (`0.[3]`, g(n) = n) and Lasker's Nim
//! (`4.[3]`: remove any number, or split a heap in two without removing). Lasker's Nim (WW ch. 4;
//! Siegel, CGT IV.1, exercise): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::OctalMove;

/// A code whose Grundy values have a closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClosedForm {
    /// `0.[3]`: g(n) = n.
    Nim,
    /// `4.[3]`: g(n) = n, except that 4k+3 and 4k+4 swap.
    Lasker,
}

impl ClosedForm {
    /// The Grundy value of a heap of n.
    pub fn value(self, n: u64) -> u128 {
        let n = u128::from(n);
        match (self, n % 4) {
            (ClosedForm::Lasker, 3) => n + 1,
            (ClosedForm::Lasker, 0) if n > 0 => n - 1,
            _ => n,
        }
    }

    /// The Grundy value of a heap of any size.
    pub fn value_big(self, n: &BigUint) -> BigUint {
        let low = (n % 4u32).to_u32().unwrap_or(0);
        match (self, low) {
            (ClosedForm::Lasker, 3) => n + 1u32,
            (ClosedForm::Lasker, 0) if !n.is_zero() => n - 1u32,
            _ => n.clone(),
        }
    }

    /// The Grundy value of a sum of heaps: the XOR of their values.
    pub fn sum(self, heaps: &[u64]) -> u128 {
        heaps.iter().fold(0, |acc, &h| acc ^ self.value(h))
    }

    /// A winning move in the sum of `heaps`, or `None` for a P-position.
    pub fn winning_move(self, heaps: &[u64]) -> Option<OctalMove> {
        let total = self.sum(heaps);
        let top = total.checked_ilog2()?;
        let heap = heaps.iter().position(|&h| self.value(h) >> top & 1 == 1)?;
        let h = heaps[heap];
        let target = self.value(h) ^ total;
        // The value is a bijection of the heap sizes; only for h = 4k+3 and target h (which only
        // the heap h + 1 has) does the move have to split: h = 1 + (4k+2), g = 1 XOR (4k+2).
        let m = self.inverse(target);
        if m < u128::from(h) {
            let m = m as u64;
            let leave = if m == 0 { vec![] } else { vec![m] };
            return Some(OctalMove { heap, take: h - m, leave });
        }
        Some(OctalMove { heap, take: 0, leave: vec![1, h - 1] })
    }

    /// The heap whose value is v.
    fn inverse(self, v: u128) -> u128 {
        // The value map is an involution: it swaps 4k+3 and 4k+4.
        match (self, v % 4) {
            (ClosedForm::Lasker, 3) => v + 1,
            (ClosedForm::Lasker, 0) if v > 0 => v - 1,
            _ => v,
        }
    }
}
