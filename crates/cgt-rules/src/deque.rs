//! Deque, a scoring game: players alternately take the first or the last number of a row and add
//! it to their score; the first player maximises X − Y, the second minimises it.
//!
//! Interval dynamic programming (docs/src/theory/rulesets.md, "Deques and scores"): `f(i, j) = max(a_i − f(i+1, j),
//! a_{j−1} − f(i, j−1))` is the best (mover − other) on `a[i..j)`, and X − Y = f(0, n). The
//! intervals are swept by length, keeping one diagonal in place: O(n^2) time, O(n) memory.
//! Sums are exact in i128 (|X − Y| <= n · 2^63).

use cgt_core::{Budget, Exhausted};

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The first number.
    Left,
    /// The last number.
    Right,
}

/// The solution of a Deque position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DequeSolution {
    /// The first player's score minus the second's, with best play on both sides.
    pub difference: i128,
    /// An optimal first move (the left end when both are optimal), or `None` for an empty row.
    pub first_move: Option<End>,
}

/// Solves the row `values` in O(n^2) time and O(n) memory.
pub fn solve(values: &[i64], budget: &Budget) -> Result<DequeSolution, Exhausted> {
    let n = values.len();
    if n == 0 {
        return Ok(DequeSolution { difference: 0, first_move: None });
    }
    budget.check_memory(n * 16)?;
    let a: Vec<i128> = values.iter().map(|&v| i128::from(v)).collect();
    // best[i] = f(i, i + len) for the current length; the empty intervals are worth 0.
    let mut best = vec![0i128; n + 1];
    for len in 1..n {
        budget.check()?;
        sweep(&a, &mut best, len);
    }
    // Now best[0] = f(0, n-1) and best[1] = f(1, n): the values after each possible first move.
    let take_left = a[0] - best[1];
    let take_right = a[n - 1] - best[0];
    let first_move = if take_left >= take_right { End::Left } else { End::Right };
    Ok(DequeSolution { difference: take_left.max(take_right), first_move: Some(first_move) })
}

/// One diagonal: `best[i]` goes from f(i, i + len − 1) to f(i, i + len). Ascending i reads
/// `best[i + 1]` before it is overwritten.
fn sweep(a: &[i128], best: &mut [i128], len: usize) {
    for i in 0..=a.len() - len {
        best[i] = (a[i] - best[i + 1]).max(a[i + len - 1] - best[i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// X − Y by exhaustive minimax over every order of play.
    fn brute(a: &[i64], first_maximises: bool) -> i128 {
        if a.is_empty() {
            return 0;
        }
        let sign = if first_maximises { 1 } else { -1 };
        let left = sign * i128::from(a[0]) + brute(&a[1..], !first_maximises);
        let right = sign * i128::from(a[a.len() - 1]) + brute(&a[..a.len() - 1], !first_maximises);
        if first_maximises { left.max(right) } else { left.min(right) }
    }

    #[test]
    fn spec_example() {
        let s = solve(&[10, 80, 90, 30], &Budget::unlimited()).unwrap();
        // Taking 30 leaves [10, 80, 90], worth 20 to the opponent; taking 10 leaves 20 too much.
        assert_eq!(s, DequeSolution { difference: 10, first_move: Some(End::Right) });
        assert_eq!(solve(&[], &Budget::unlimited()).unwrap().first_move, None);
        assert_eq!(solve(&[-5], &Budget::unlimited()).unwrap().difference, -5);
        let extreme = solve(&[i64::MIN, i64::MAX, i64::MIN], &Budget::unlimited()).unwrap();
        assert_eq!(extreme.difference, 2 * i128::from(i64::MIN) - i128::from(i64::MAX));
    }

    /// Thousands of random rows of up to 12 numbers: the value agrees with exhaustive minimax,
    /// and the first move offered achieves it.
    #[test]
    fn agrees_with_minimax() {
        let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u64| rng.below(n);
        for round in 0..3000 {
            let len = next(13) as usize;
            let range = if round % 2 == 0 { 10 } else { 2_000_000_000 };
            let a: Vec<i64> = (0..len).map(|_| next(2 * range + 1) as i64 - range as i64).collect();
            let s = solve(&a, &Budget::unlimited()).unwrap();
            assert_eq!(s.difference, brute(&a, true), "{a:?}");
            let after = match s.first_move {
                None => continue,
                Some(End::Left) => i128::from(a[0]) + brute(&a[1..], false),
                Some(End::Right) => i128::from(a[len - 1]) + brute(&a[..len - 1], false),
            };
            assert_eq!(after, s.difference, "{a:?}");
        }
    }

    #[test]
    fn long_rows() {
        let a: Vec<i64> = (0..3000).map(|i| (i * 7919 % 1_000_000_007) as i64 * 1_000).collect();
        let s = solve(&a, &Budget::unlimited()).unwrap();
        assert!(s.difference >= 0, "the first player can always get at least half the sum");
        let constant = solve(&[1_000_000_000; 3001], &Budget::unlimited()).unwrap();
        assert_eq!(constant.difference, 1_000_000_000);
    }
}
