//! Nim with heaps of any size, and the eventually periodic Grundy tables that the other heap
//! games (subtraction and octal games) share.
//!
//! Bouton's theorem (WW ch. 2; CGT I.1): a sum of nim heaps has Grundy value the nim-sum (XOR)
//! of the heap sizes, and the position is P exactly when that sum is 0. From an N-position the
//! mover reduces a heap `h` that has the top bit of the nim-sum `x` set to `h XOR x`. The
//! Sprague–Grundy theorem makes the same XOR rule hold for sums of any impartial heaps.

use num_bigint::BigUint;
use num_traits::Zero;

/// The Grundy value of a sum of nim heaps: the XOR of the heap sizes (Bouton).
pub fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |acc, h| acc ^ h)
}

/// One heap reduced: Nim's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Index of the heap in the position.
    pub heap: usize,
    /// The heap's size before the move.
    pub from: BigUint,
    /// The heap's size after the move (smaller than `from`).
    pub to: BigUint,
}

/// A winning move from a Nim position, or `None` if it is a P-position (nim-sum 0).
pub fn winning_move(heaps: &[BigUint]) -> Option<HeapMove> {
    let x = nim_sum(heaps);
    let top = x.bits().checked_sub(1)?;
    // A heap with the top bit of the nim-sum set shrinks when XORed with it.
    let heap = heaps.iter().position(|h| h.bit(top))?;
    let from = heaps[heap].clone();
    let to = &from ^ &x;
    Some(HeapMove { heap, from, to })
}

/// Pre-period and period of an eventually periodic sequence: `g(n + period) = g(n)` for every
/// `n >= preperiod`, with `period` the least such and `preperiod` the least for that period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first index from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
}

/// A heap beyond the computed Grundy values of a game whose period was not found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeyondTable {
    /// The heap size asked for.
    pub heap: u128,
    /// How many values were computed (`g(0)` to `g(computed - 1)`).
    pub computed: usize,
}

impl std::fmt::Display for BeyondTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the heap {} is beyond the {} Grundy values computed, and no period was found in them",
            self.heap, self.computed
        )
    }
}

/// The Grundy values `g(0), g(1), ...` of a heap game as far as they were computed, plus the
/// proven period (if one was found), which extends them to heaps of any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    values: Vec<u32>,
    period: Option<Period>,
}

impl GrundyTable {
    /// A table from computed values and a period they prove. Keeps the invariant that the
    /// values reach at least one full period past the pre-period.
    pub(crate) fn new(values: Vec<u32>, period: Option<Period>) -> Self {
        if let Some(p) = period {
            debug_assert!(p.period > 0 && ((p.preperiod + p.period) as usize) <= values.len());
        }
        GrundyTable { values, period }
    }

    /// The values computed directly, `g(0)` first.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The proven period, if one was found.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// `g(n)` for any heap size: computed directly or read through the period; `None` if `n` is
    /// beyond the computed values and no period is known.
    pub fn value(&self, n: u128) -> Option<u32> {
        if let Ok(i) = usize::try_from(n)
            && let Some(&v) = self.values.get(i)
        {
            return Some(v);
        }
        let p = self.period?;
        let (pre, per) = (u128::from(p.preperiod), u128::from(p.period));
        let i = pre + (n - pre) % per;
        Some(self.values[i as usize])
    }

    /// Like [`GrundyTable::value`], with an error that says how far the values go.
    pub fn try_value(&self, n: u128) -> Result<u32, BeyondTable> {
        self.value(n).ok_or(BeyondTable { heap: n, computed: self.values.len() })
    }

    /// The Grundy value of a sum of heaps: the XOR of the heaps' values (Sprague–Grundy).
    pub fn sum(&self, heaps: &[u64]) -> Result<u32, BeyondTable> {
        heaps.iter().try_fold(0, |acc, &h| Ok(acc ^ self.try_value(u128::from(h))?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(xs: &[u64]) -> Vec<BigUint> {
        xs.iter().map(|&x| BigUint::from(x)).collect()
    }

    #[test]
    fn spec_value() {
        assert_eq!(nim_sum(&heaps(&[3, 4, 5])), BigUint::from(2u32));
        assert_eq!(nim_sum(&[]), BigUint::zero());
        assert_eq!(winning_move(&heaps(&[1, 2, 3])), None);
        let m = winning_move(&heaps(&[3, 4, 5])).unwrap();
        assert_eq!((m.heap, m.from, m.to), (0, BigUint::from(3u32), BigUint::from(1u32)));
    }

    #[test]
    fn huge_heaps() {
        let big = BigUint::from(1u32) << 300u32;
        let position = vec![big.clone() + 5u32, big.clone(), BigUint::from(7u32)];
        assert_eq!(nim_sum(&position), BigUint::from(2u32));
        let m = winning_move(&position).unwrap();
        let mut after = position.clone();
        after[m.heap] = m.to.clone();
        assert!(m.to < m.from);
        assert!(nim_sum(&after).is_zero());
    }

    /// Every position of up to three heaps of at most 7: the outcome by search from the rules
    /// agrees with Bouton, and the move offered is legal and reaches a P-position.
    #[test]
    fn agrees_with_search() {
        let mut win = vec![false; 512];
        for code in 0..512usize {
            let h = [code & 7, code >> 3 & 7, code >> 6];
            let mut any = false;
            for i in 0..3 {
                for smaller in 0..h[i] {
                    let mut g = h;
                    g[i] = smaller;
                    any |= !win[g[0] | g[1] << 3 | g[2] << 6];
                }
            }
            win[code] = any;
            let position = heaps(&h.map(|x| x as u64));
            assert_eq!(any, !nim_sum(&position).is_zero(), "{h:?}");
            match winning_move(&position) {
                None => assert!(!any),
                Some(m) => {
                    assert!(m.to < m.from && m.from == position[m.heap]);
                    let mut after = position.clone();
                    after[m.heap] = m.to;
                    assert!(nim_sum(&after).is_zero());
                }
            }
        }
    }

    #[test]
    fn table_reads_through_the_period() {
        let t = GrundyTable::new(vec![5, 0, 1, 2, 0, 1, 2], Some(Period { preperiod: 1, period: 3 }));
        assert_eq!(t.value(0), Some(5));
        assert_eq!(t.value(7), Some(0));
        assert_eq!(t.value(u128::from(u64::MAX)), Some([0, 1, 2][((u128::from(u64::MAX) - 1) % 3) as usize]));
        assert_eq!(GrundyTable::new(vec![0, 1], None).value(2), None);
    }
}
