//! Tests of all-but subtraction games: values and winning moves read through the proven
//! arithmetic period against the mex over every move, far beyond the values the proof used.

use super::*;

/// `g(0..len)` of the game "take any positive number except those in `excluded`", by the mex.
fn brute(excluded: &[u64], len: usize) -> Vec<u128> {
    let mut g: Vec<u128> = Vec::with_capacity(len);
    // seen[v] == n + 1: v is the value of an option of n.
    let mut seen = vec![0; len + 1];
    for n in 0..len {
        for m in (0..n).filter(|&m| !excluded.contains(&((n - m) as u64))) {
            seen[g[m] as usize] = n + 1;
        }
        g.push((0..).find(|&v| seen[v] != n + 1).unwrap() as u128);
    }
    g
}

fn all_but_code(excluded: &[u64]) -> OctalCode {
    let t = excluded.iter().copied().max().unwrap_or(0);
    let digits: String = (1..=t).map(|k| if excluded.contains(&k) { '0' } else { '3' }).collect();
    code(&format!("0.{digits}[3]"))
}

fn random_excluded(rng: &mut Rng) -> Vec<u64> {
    let mut x: Vec<u64> = (0..1 + rng.below(4)).map(|_| 1 + rng.below(12)).collect();
    x.sort_unstable();
    x.dedup();
    x
}

#[test]
fn all_but_codes_are_recognised() {
    assert_eq!(all_but_code(&[2, 3, 7]).to_string(), "0.3003330[3]");
    assert_eq!(all_but_code(&[2, 3, 7]).all_but(), Some(vec![2, 3, 7]));
    assert_eq!(code("0.[3]").all_but(), Some(vec![]));
    assert_eq!(code("0.0[3]").all_but(), Some(vec![1]));
    for text in ["4.[3]", "0.7[3]", "0.3[30]", "0.[37]", "0.33", "0.1[3]"] {
        assert_eq!(code(text).all_but(), None, "{text}");
    }
}

/// Random sets X: the period proven from a few hundred values gives the right value for every
/// heap up to 1500 (the mex over all moves), and a proof is found for nearly every X.
#[test]
fn arithmetic_periods_agree_with_the_definition() {
    let mut rng = Rng(0x94d0_49bb_1331_11eb);
    let mut proven = 0;
    for _ in 0..40 {
        let x = random_excluded(&mut rng);
        let code = all_but_code(&x);
        let values = code.grundy_sequence(600, &Budget::unlimited()).unwrap();
        let g = brute(&x, 1500);
        assert!(values.iter().zip(&g).all(|(&a, &b)| u128::from(a) == b), "{x:?}");
        let Some(table) = code.all_but_table(&values) else { continue };
        proven += 1;
        let p = table.period();
        assert!(p.saltus >= 1 && (p.preperiod + p.period) as usize <= values.len(), "{x:?} {p:?}");
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(table.value(n as u64), v, "{x:?} n={n} {p:?}");
        }
    }
    assert!(proven >= 34, "{proven}");
}

/// Too few values prove nothing, rather than a wrong period: with 20 values no period is claimed
/// unless it holds.
#[test]
fn short_tables_claim_only_true_periods() {
    let mut rng = Rng(0xbf58_476d_1ce4_e5b9);
    for _ in 0..100 {
        let x = random_excluded(&mut rng);
        let len = 8 + rng.below(40) as usize;
        let values = all_but_code(&x).grundy_sequence(len, &Budget::unlimited()).unwrap();
        let Some(table) = all_but_code(&x).all_but_table(&values) else { continue };
        let g = brute(&x, 400);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(table.value(n as u64), v, "{x:?} n={n} {:?}", table.period());
        }
    }
}

/// Sums with huge heaps: the winning move offered is legal (a positive amount not excluded) and
/// leaves a P-position; a P-position has none. Small sums agree with search from the rules.
#[test]
fn all_but_moves_win_at_any_size() {
    let mut rng = Rng(0x2127_599b_f432_5c37);
    let mut moves = 0;
    for _ in 0..40 {
        let x = random_excluded(&mut rng);
        let code = all_but_code(&x);
        let values = code.grundy_sequence(600, &Budget::unlimited()).unwrap();
        let Some(table) = code.all_but_table(&values) else { continue };
        let mut memo = HashMap::new();
        for _ in 0..20 {
            let small: Vec<u64> = (0..2).map(|_| rng.below(9)).collect();
            let mut sorted = small.clone();
            sorted.sort_unstable();
            assert_eq!(table.sum(&small), u128::from(grundy(&code, sorted, &mut memo)), "{x:?} {small:?}");
            let huge = [rng.below(u64::MAX / 2) + u64::MAX / 4, rng.below(1 << 40), rng.below(50)];
            let Some(m) = table.winning_move(&huge) else {
                assert_eq!(table.sum(&huge), 0);
                continue;
            };
            let h = huge[m.heap];
            let left = m.leave.first().copied().unwrap_or(0);
            assert!(m.take >= 1 && !x.contains(&m.take) && m.take + left == h, "{x:?} {huge:?} {m:?}");
            let mut next = huge;
            next[m.heap] = left;
            assert_eq!(table.sum(&next), 0, "{x:?} {huge:?} {m:?}");
            moves += 1;
        }
    }
    assert!(moves > 300, "{moves}");
}
