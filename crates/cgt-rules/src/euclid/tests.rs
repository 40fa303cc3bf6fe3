//! Tests of Euclid's game: outcomes, Grundy values and winning moves against brute force.

use super::*;
use crate::test_rng::Rng;

/// Grundy values of every pair below `n` from the rules (a pair with a 0 has no move).
fn by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for a in 1..n {
        for b in 1..n {
            let options: Vec<u64> = if a >= b {
                (1..=a / b).map(|k| g[a - k * b][b]).collect()
            } else {
                (1..=b / a).map(|k| g[a][b - k * a]).collect()
            };
            g[a][b] = (0..).find(|v| !options.contains(v)).unwrap();
        }
    }
    g
}

fn pair(a: u64, b: u64) -> Euclid {
    Euclid::new(BigUint::from(a), BigUint::from(b))
}

/// Whether `to` is a move from `from`: a positive multiple of the smaller number subtracted from
/// the larger, staying non-negative.
fn is_move(from: &Euclid, to: &Euclid) -> bool {
    let (a, b, x, y) = (&from.a, &from.b, &to.a, &to.b);
    let along_a = a >= b && y == b && x < a && (a - x) % b == BigUint::zero();
    let along_b = b >= a && x == a && y < b && (b - y) % a == BigUint::zero();
    !a.is_zero() && !b.is_zero() && (along_a || along_b)
}

#[test]
fn published_values() {
    assert_eq!(pair(5, 3).notation(), "euclid[5, 3]");
    // (3, 2) is P (3/2 < phi), (5, 3) is N (5/3 > phi: 5 -> 2), (4, 4) is N, (0, 4) is over.
    assert_eq!(pair(3, 2).outcome(), Outcome::P);
    assert_eq!(pair(5, 3).outcome(), Outcome::N);
    assert_eq!(pair(3, 5).winning_move(), Some(pair(3, 2)));
    assert_eq!(pair(7, 3).outcome(), Outcome::N);
    assert_eq!(pair(7, 3).winning_move(), Some(pair(4, 3)));
    assert_eq!(pair(4, 4).winning_move(), Some(pair(0, 4)));
    assert_eq!(pair(0, 4).outcome(), Outcome::P);
    assert_eq!(pair(0, 4).grundy(&Budget::unlimited()), Ok(BigUint::zero()));
}

/// Every pair below 120 x 120: outcome, winning move, Grundy value and moves to chosen values
/// against search from the rules.
#[test]
fn agrees_with_search() {
    let n = 120;
    let g = by_definition(n);
    let budget = Budget::unlimited();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for a in 0..n {
        for b in 0..n {
            let p = pair(a as u64, b as u64);
            assert_eq!(p.is_p_position(), g[a][b] == 0, "{}", p.notation());
            assert_eq!(p.grundy(&budget), Ok(BigUint::from(g[a][b])), "{}", p.notation());
            let value =
                |m: &Euclid| g[m.a.to_string().parse::<usize>().unwrap()][m.b.to_string().parse::<usize>().unwrap()];
            match p.winning_move() {
                None => assert_eq!(g[a][b], 0),
                Some(m) => assert!(is_move(&p, &m) && value(&m) == 0, "{} -> {}", p.notation(), m.notation()),
            }
            let target = rng.below(g[a][b] + 3);
            match p.move_to_value(&BigUint::from(target), &budget).unwrap() {
                Some(m) => assert!(is_move(&p, &m) && value(&m) == target, "{} -> {}", p.notation(), m.notation()),
                None => {
                    let options_with_target = (1..a.max(b) + 1)
                        .filter(|&k| {
                            a >= b && b > 0 && k * b <= a && g[a - k * b][b] == target
                                || b > a && a > 0 && k * a <= b && g[a][b - k * a] == target
                        })
                        .count();
                    assert_eq!(options_with_target, 0, "{} has an option of value {target}", p.notation());
                }
            }
        }
    }
}

/// Huge pairs (Fibonacci neighbours and random numbers of 10^18 to 2^400): the golden-ratio
/// criterion agrees with the Grundy value, and winning moves are legal and reach P-positions.
#[test]
fn huge_pairs() {
    let budget = Budget::unlimited();
    let (mut f0, mut f1) = (BigUint::one(), BigUint::from(2u32));
    for _ in 0..500 {
        // Ratios of consecutive Fibonacci numbers fall alternately below and above phi, so
        // exactly one of two consecutive pairs is P; and (f1 + f0, f0) has ratio above 2.
        let p = Euclid::new(f1.clone(), f0.clone()).is_p_position();
        assert_ne!(p, Euclid::new(&f1 + &f0, f1.clone()).is_p_position());
        assert!(!Euclid::new(&f1 + &f0, f0.clone()).is_p_position());
        (f0, f1) = (f1.clone(), f0 + f1);
    }
    let mut rng = Rng(99);
    for bits in [60u32, 64, 128, 400] {
        for _ in 0..300 {
            let a = (BigUint::from(rng.below(u64::MAX)) << (bits - 60)) + rng.below(1 << 20);
            let b = (BigUint::from(rng.below(u64::MAX)) << (bits - 60) >> rng.below(3)) + 1u32;
            let p = Euclid::new(a, b);
            let g = p.grundy(&budget).unwrap();
            assert_eq!(p.is_p_position(), g.is_zero(), "{}", p.notation());
            if let Some(m) = p.winning_move() {
                assert!(is_move(&p, &m) && m.is_p_position() && m.grundy(&budget).unwrap().is_zero());
            }
            let target = BigUint::from(rng.below(4));
            if let Some(m) = p.move_to_value(&target, &budget).unwrap() {
                assert!(is_move(&p, &m));
                assert_eq!(m.grundy(&budget).unwrap(), target);
            }
        }
    }
}
