//! Moore's Nim_k (index-k Nim): a move removes stones from between 1 and k heaps.
//!
//! Moore's theorem (E. H. Moore, 1910; WW ch. 15): a position is P exactly when, writing the heap
//! sizes in binary, the number of heaps with a 1 in each binary digit is divisible by k+1. The
//! winning move from an N-position is built digit by digit from the top (docs/src/theory/rulesets.md,
//! "Moore's Nim"); see [`winning_move`]. With k = 1 this is Bouton's Nim.

use num_bigint::BigUint;

use crate::nim::HeapMove;

/// Why a Moore's Nim position was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MooreError {
    /// k must be at least 1 (a move changes at least one heap).
    ZeroK,
}

impl std::fmt::Display for MooreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MooreError::ZeroK => f.write_str("k must be at least 1: a move removes stones from 1 to k heaps"),
        }
    }
}

/// Whether the position is a P-position of Moore's Nim_k (every binary digit's count of ones is
/// divisible by k+1).
pub fn is_p_position(heaps: &[BigUint], k: u64) -> Result<bool, MooreError> {
    let modulus = modulus(k)?;
    Ok((0..max_bits(heaps)).all(|bit| ones(heaps, bit).is_multiple_of(modulus)))
}

/// A winning move of Moore's Nim_k: the changed heaps (1 to k of them, in index order, each
/// decreased), or `None` for a P-position.
///
/// Construction (Moore): go down the digits keeping a set C of chosen heaps. A chosen heap lost a
/// 1 in a higher digit, so it is already smaller and its lower digits are free. At each digit let
/// c be the count of ones among unchosen heaps and r = c mod (k+1): if C has at least
/// (k+1-r) mod (k+1) heaps, set that many of their digits to 1 and the rest to 0; otherwise
/// |C| + r <= k, and choosing r unchosen heaps with a 1 there (clearing it) keeps |C| <= k.
pub fn winning_move(heaps: &[BigUint], k: u64) -> Result<Option<Vec<HeapMove>>, MooreError> {
    let modulus = modulus(k)?;
    let mut new: Vec<BigUint> = heaps.to_vec();
    let mut chosen: Vec<usize> = Vec::new();
    let mut is_chosen = vec![false; heaps.len()];
    for bit in (0..max_bits(heaps)).rev() {
        let unchosen_ones: Vec<usize> = (0..heaps.len()).filter(|&i| !is_chosen[i] && heaps[i].bit(bit)).collect();
        let r = unchosen_ones.len() as u128 % modulus;
        let wanted = (modulus - r) % modulus;
        if wanted <= chosen.len() as u128 {
            set_digit_in_chosen(&mut new, heaps, &chosen, bit, wanted as usize);
        } else {
            for &i in unchosen_ones.iter().take(r as usize) {
                new[i].set_bit(bit, false);
                chosen.push(i);
                is_chosen[i] = true;
            }
            // Chosen heaps with this digit left at 1 would spoil the count, so clear them.
            set_digit_in_chosen(&mut new, heaps, &chosen, bit, 0);
        }
    }
    if chosen.is_empty() {
        return Ok(None);
    }
    chosen.sort_unstable();
    Ok(Some(
        chosen.into_iter().map(|heap| HeapMove { heap, from: heaps[heap].clone(), to: new[heap].clone() }).collect(),
    ))
}

/// Sets `bit` to 1 in exactly `ones` of the chosen heaps, preferring heaps that had a 1 there (so
/// that the move stays close to the position) and clearing it in the others.
fn set_digit_in_chosen(new: &mut [BigUint], old: &[BigUint], chosen: &[usize], bit: u64, ones: usize) {
    let mut order: Vec<usize> = chosen.to_vec();
    order.sort_by_key(|&i| !old[i].bit(bit));
    for (n, &i) in order.iter().enumerate() {
        new[i].set_bit(bit, n < ones);
    }
}

fn modulus(k: u64) -> Result<u128, MooreError> {
    if k == 0 { Err(MooreError::ZeroK) } else { Ok(u128::from(k) + 1) }
}

fn max_bits(heaps: &[BigUint]) -> u64 {
    heaps.iter().map(BigUint::bits).max().unwrap_or(0)
}

fn ones(heaps: &[BigUint], bit: u64) -> u128 {
    heaps.iter().filter(|h| h.bit(bit)).count() as u128
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn heaps(xs: &[u64]) -> Vec<BigUint> {
        xs.iter().map(|&x| BigUint::from(x)).collect()
    }

    /// Applies a move after checking it is legal in Nim_k, and returns the new position.
    fn apply(position: &[BigUint], moves: &[HeapMove], k: u64) -> Vec<BigUint> {
        assert!(!moves.is_empty() && moves.len() as u64 <= k, "{moves:?}");
        let mut after = position.to_vec();
        for (n, m) in moves.iter().enumerate() {
            assert!(n == 0 || moves[n - 1].heap < m.heap);
            assert_eq!(position[m.heap], m.from);
            assert!(m.to < m.from, "{m:?}");
            after[m.heap] = m.to.clone();
        }
        after
    }

    #[test]
    fn spec_example() {
        let position = heaps(&[22, 11, 42, 23, 19]);
        assert_eq!(is_p_position(&position, 3), Ok(false));
        let moves = winning_move(&position, 3).unwrap().unwrap();
        let after = apply(&position, &moves, 3);
        assert_eq!(is_p_position(&after, 3), Ok(true));
        // The move a published write-up gives, 11 -> 7 and 42 -> 21, is winning too.
        assert_eq!(is_p_position(&heaps(&[22, 7, 21, 23, 19]), 3), Ok(true));
        assert_eq!(winning_move(&position, 0), Err(MooreError::ZeroK));
        assert_eq!(winning_move(&[], 2), Ok(None));
    }

    #[test]
    fn big_heaps_and_big_k() {
        let big = BigUint::from(1u32) << 200u32;
        let position = vec![big.clone() + 3u32, big.clone() + 9u32, big, BigUint::from(5u32)];
        for k in [1, 2, 3, 4, u64::MAX] {
            let moves = winning_move(&position, k).unwrap().unwrap();
            assert_eq!(is_p_position(&apply(&position, &moves, k), k), Ok(true));
        }
    }

    /// Win/loss of a position (sorted, since order does not matter) by search from the rules.
    fn wins(position: Vec<u8>, k: usize, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
        if let Some(&w) = memo.get(&position) {
            return w;
        }
        let mut found = false;
        // Each heap either stays or drops to any smaller size; at most k heaps change.
        let mut stack = vec![(0usize, 0usize, position.clone())];
        while let Some((i, changed, current)) = stack.pop() {
            if found {
                break;
            }
            if i == position.len() {
                if changed > 0 {
                    let mut next = current;
                    next.sort_unstable();
                    found = !wins(next, k, memo);
                }
                continue;
            }
            stack.push((i + 1, changed, current.clone()));
            if changed < k {
                for smaller in 0..position[i] {
                    let mut next = current.clone();
                    next[i] = smaller;
                    stack.push((i + 1, changed + 1, next));
                }
            }
        }
        memo.insert(position, found);
        found
    }

    /// Every position of up to four heaps of at most 7 (and five heaps of at most 3), k = 1..=4:
    /// Moore's criterion agrees with search, and every move offered is legal and winning.
    #[test]
    fn agrees_with_search() {
        let mut checked = 0;
        for k in 1..=4u64 {
            let mut memo = HashMap::new();
            for (count, max) in [(4u32, 8u64), (5, 4)] {
                for code in 0..max.pow(count) {
                    let h: Vec<u64> = (0..count).map(|i| code / max.pow(i) % max).collect();
                    let mut key: Vec<u8> = h.iter().map(|&x| x as u8).collect();
                    key.sort_unstable();
                    let n_position = wins(key, k as usize, &mut memo);
                    let position = heaps(&h);
                    assert_eq!(is_p_position(&position, k), Ok(!n_position), "{h:?} k={k}");
                    let moves = winning_move(&position, k).unwrap();
                    assert_eq!(moves.is_some(), n_position);
                    if let Some(moves) = moves {
                        assert_eq!(is_p_position(&apply(&position, &moves, k), k), Ok(true), "{h:?} {moves:?}");
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 4 * (4096 + 1024));
    }

    #[test]
    fn k_one_is_nim() {
        for code in 0..4096u64 {
            let position = heaps(&[code & 15, code >> 4 & 15, code >> 8]);
            let nim_p = crate::nim::nim_sum(&position) == BigUint::default();
            assert_eq!(is_p_position(&position, 1), Ok(nim_p));
        }
    }
}
