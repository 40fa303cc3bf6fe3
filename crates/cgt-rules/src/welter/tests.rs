//! Tests of Welter's game: Welter's function and winning moves against brute force.

use super::*;
use crate::test_rng::Rng;

const SQUARES: usize = 13;

/// Grundy values of every position on squares 0..13 (a bitmask of occupied squares) from the
/// rules. A move lowers a coin, so it lowers the mask, and masks are done in increasing order.
fn by_definition() -> Vec<u8> {
    let mut g = vec![0u8; 1 << SQUARES];
    for mask in 0..1usize << SQUARES {
        let mut seen = [false; 64];
        for from in (0..SQUARES).filter(|&i| mask >> i & 1 == 1) {
            for to in (0..from).filter(|&j| mask >> j & 1 == 0) {
                seen[g[mask ^ 1 << from ^ 1 << to] as usize] = true;
            }
        }
        g[mask] = seen.iter().position(|&s| !s).unwrap() as u8;
    }
    g
}

fn position(mask: usize) -> Welter {
    Welter::new((0..SQUARES).filter(|&i| mask >> i & 1 == 1).map(BigUint::from).collect()).unwrap()
}

/// The mask after a move, checking that it is legal.
fn apply(mask: usize, w: &Welter, m: &CoinMove) -> usize {
    let (from, to): (usize, usize) = (m.from.to_string().parse().unwrap(), m.to.to_string().parse().unwrap());
    assert_eq!(w.squares[m.coin], m.from);
    assert!(to < from && mask >> to & 1 == 0, "{} {m:?}", w.notation());
    mask ^ 1 << from ^ 1 << to
}

#[test]
fn published_values() {
    let budget = Budget::unlimited();
    let w = |xs: &[u32]| Welter::new(xs.iter().map(|&x| BigUint::from(x)).collect()).unwrap();
    // [a|b] = (a XOR b) - 1 (ONAG ch. 13); a coin alone is a nim heap.
    assert_eq!(w(&[5, 9]).grundy(&budget), Ok(BigUint::from(11u32)));
    assert_eq!(w(&[7]).grundy(&budget), Ok(BigUint::from(7u32)));
    assert_eq!(w(&[0, 1, 2, 3]).grundy(&budget), Ok(BigUint::zero()));
    assert_eq!(w(&[2, 5, 7]).notation(), "welter[2, 5, 7]");
    assert_eq!(
        Welter::new(vec![BigUint::from(3u32), BigUint::from(3u32)]),
        Err(WelterError::Repeated { square: BigUint::from(3u32) })
    );
}

/// Every position on squares 0 to 12 (8,192 of them): the Grundy value, the winning move and
/// moves to random values against search from the rules.
#[test]
fn agrees_with_search() {
    let g = by_definition();
    let budget = Budget::unlimited();
    let mut rng = Rng(0x5eed);
    for (mask, &value) in g.iter().enumerate() {
        let w = position(mask);
        assert_eq!(w.grundy(&budget), Ok(BigUint::from(value)), "{}", w.notation());
        match w.winning_move(&budget).unwrap() {
            None => assert_eq!(value, 0, "{}", w.notation()),
            Some(m) => assert_eq!(g[apply(mask, &w, &m)], 0, "{} {m:?}", w.notation()),
        }
        let target = rng.below(u64::from(value) + 2);
        match w.move_to_value(&BigUint::from(target), &budget).unwrap() {
            Some(m) => assert_eq!(u64::from(g[apply(mask, &w, &m)]), target),
            None => assert!(target >= u64::from(value), "{} has an option of value {target}", w.notation()),
        }
    }
}

/// Huge squares: [0|a|b|...] = [a-1|b-1|...] (ONAG ch. 13), and winning moves reach value 0.
#[test]
fn huge_positions() {
    let budget = Budget::unlimited();
    let mut rng = Rng(4242);
    for _ in 0..200 {
        let n = 1 + rng.below(12) as usize;
        let squares: Vec<BigUint> =
            (0..n).map(|i| (BigUint::from(rng.below(u64::MAX)) << (64 * (i % 4))) + rng.below(1000) + 1u32).collect();
        let Ok(w) = Welter::new(squares.clone()) else { continue };
        let mut with_zero = vec![BigUint::zero()];
        with_zero.extend(squares.iter().map(|s| s + 1u32));
        assert_eq!(Welter::new(with_zero).unwrap().grundy(&budget), w.grundy(&budget));
        if let Some(m) = w.winning_move(&budget).unwrap() {
            let mut after = squares.clone();
            assert!(m.to < m.from && !after.contains(&m.to));
            after[m.coin] = m.to;
            assert_eq!(Welter::new(after).unwrap().grundy(&budget), Ok(BigUint::zero()));
        }
    }
}
