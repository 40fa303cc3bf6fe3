//! Tests of Wythoff's game: the golden-ratio P-positions and Grundy values against search.

use super::*;
use crate::test_rng::Rng;

/// Grundy values of every queen with both coordinates below `n`, straight from the rules.
fn by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options: Vec<u64> = (0..a).map(|x| g[x][b]).collect();
            options.extend((0..b).map(|y| g[a][y]));
            options.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = mex(&options);
        }
    }
    g
}

fn mex(values: &[u64]) -> u64 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap() as u64
}

fn queen(a: u64, b: u64) -> Wythoff {
    Wythoff::new(BigUint::from(a), BigUint::from(b))
}

/// Whether `to` is a queen's move from `from`: along a row, a column or the diagonal, towards 0.
fn is_move(from: &Wythoff, to: &Wythoff) -> bool {
    let (a, b, x, y) = (&from.a, &from.b, &to.a, &to.b);
    (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
}

#[test]
fn published_values() {
    // The first P-positions (WW ch. 3): (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), (9,15).
    let expected = [(0u32, 0u32), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)];
    for (k, &(a, b)) in expected.iter().enumerate() {
        assert_eq!(p_position(&BigUint::from(k)), (BigUint::from(a), BigUint::from(b)));
    }
    assert_eq!(queen(3, 5).notation(), "wythoff[3, 5]");
    assert_eq!(queen(5, 3).outcome(), Outcome::P);
    assert_eq!(queen(4, 5).outcome(), Outcome::N);
    // Row 10 of the Grundy table (OEIS A004481 and Dress et al.), from column 0.
    let rows = grundy_rows(11, 11, &Budget::unlimited()).unwrap();
    assert_eq!(rows[10], [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14]);
    assert_eq!(queen(10, 6).grundy(&Budget::unlimited()), Ok(0));
}

/// Every queen below 100 x 100: the P/N formula, the winning move (legal, to a P-position), the
/// Grundy table and moves to every smaller Grundy value agree with search from the rules.
#[test]
fn agrees_with_search() {
    let n = 100;
    let g = by_definition(n);
    let budget = Budget::unlimited();
    assert_eq!(grundy_rows(n as u64, 37, &budget).unwrap(), g.iter().map(|row| row[..37].to_vec()).collect::<Vec<_>>());
    assert_eq!(grundy_rows(37, n as u64, &budget).unwrap(), g[..37].to_vec());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for a in 0..n {
        for b in 0..n {
            let q = queen(a as u64, b as u64);
            assert_eq!(q.is_p_position(), g[a][b] == 0, "{}", q.notation());
            match q.winning_move() {
                None => assert_eq!(g[a][b], 0),
                Some(m) => {
                    assert!(is_move(&q, &m), "{} -> {}", q.notation(), m.notation());
                    let (x, y) = (m.a.to_usize().unwrap(), m.b.to_usize().unwrap());
                    assert_eq!(g[x][y], 0, "{} -> {}", q.notation(), m.notation());
                }
            }
            if rng.below(40) == 0 {
                assert_eq!(q.grundy(&budget), Ok(g[a][b]));
                let target = rng.below(g[a][b] + 3);
                match q.move_to_value(target, &budget).unwrap() {
                    Some(m) => {
                        assert!(is_move(&q, &m));
                        assert_eq!(g[m.a.to_usize().unwrap()][m.b.to_usize().unwrap()], target);
                    }
                    None => assert!(target >= g[a][b], "{} has an option of value {target}", q.notation()),
                }
            }
        }
    }
}

/// floor(k phi) checked against its defining inequalities, `a <= k phi < a + 1`, i.e.
/// `(2a - k)^2 <= 5k^2 < (2a + 2 - k)^2` (both sides positive for k >= 1).
fn is_floor_k_phi(k: &BigUint, a: &BigUint) -> bool {
    let five_k2 = k * k * 5u32;
    let two_a = a * 2u32;
    let below = if two_a >= *k { (&two_a - k).pow(2) <= five_k2 } else { true };
    below && five_k2 < (two_a + 2u32 - k).pow(2)
}

/// Huge queens: P-positions from the formula satisfy the golden-ratio inequalities, and moves
/// from nearby N-positions are legal and reach P-positions (sizes 10^18 and 2^300).
#[test]
fn huge_queens() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for bits in [60u32, 64, 200, 300] {
        for _ in 0..200 {
            let k = (BigUint::from(rng.below(u64::MAX)) << (bits - 60)) + rng.below(1000) + 1u32;
            let (a, b) = p_position(&k);
            assert!(is_floor_k_phi(&k, &a));
            assert_eq!(b.clone() - &a, k);
            let p = Wythoff::new(a.clone(), b.clone());
            assert!(p.is_p_position() && Wythoff::new(b.clone(), a.clone()).is_p_position());
            assert_eq!(p.winning_move(), None);
            for (da, db) in [(0u32, 1u32), (1, 0), (3, 7), (0, 1_000_000), (5, 5)] {
                let q = Wythoff::new(&a + da, &b + db);
                for q in [q.clone(), Wythoff::new(q.b.clone(), q.a.clone())] {
                    let m = q.winning_move().expect("a queen next to a P-position is an N-position");
                    assert!(is_move(&q, &m) && m.is_p_position(), "{} -> {}", q.notation(), m.notation());
                }
            }
        }
    }
    let q = queen(1_000_000_000_000_000_000, 999_999_999_999_999_999);
    let m = q.winning_move().unwrap();
    assert!(is_move(&q, &m) && m.is_p_position());
}

#[test]
fn tables_respect_the_budget() {
    let budget = Budget::new(std::time::Duration::from_secs(60), 1 << 20);
    assert_eq!(queen(100_000, 100_000).grundy(&budget), Err(Exhausted::Memory));
    let huge = Wythoff::new(BigUint::from(1u32) << 100u32, BigUint::from(3u32));
    assert_eq!(huge.grundy(&budget), Err(Exhausted::Memory));
    let zero_time = Budget::new(std::time::Duration::ZERO, usize::MAX);
    assert_eq!(queen(300, 300).grundy(&zero_time), Err(Exhausted::Time));
    // A thin, long rectangle is cheap in memory: a few rows of 300,000 columns. The value lies
    // within Landman's bounds b - 2a <= G(a, b) <= a + b (Landman 2002).
    let g = queen(2, 300_000).grundy(&budget).unwrap();
    assert!((299_996..=300_002).contains(&g), "{g}");
}

/// Thin rectangles against search: rows 0 to 3 up to column 1000.
#[test]
fn thin_rows_agree_with_search() {
    let (rows, columns) = (4usize, 1000usize);
    let mut g = vec![vec![0u64; columns]; rows];
    for a in 0..rows {
        for b in 0..columns {
            let mut options: Vec<u64> = (0..a).map(|x| g[x][b]).collect();
            options.extend((0..b).map(|y| g[a][y]));
            options.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = mex(&options);
        }
    }
    assert_eq!(grundy_rows(rows as u64, columns as u64, &Budget::unlimited()).unwrap(), g);
    assert_eq!(queen(999, 3).grundy(&Budget::unlimited()), Ok(g[3][999]));
}
