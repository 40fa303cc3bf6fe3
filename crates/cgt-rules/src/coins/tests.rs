//! Tests of the coin-turning games against brute force from their rules, and Tartan products.

use super::*;
use crate::test_rng::Rng;

const RULES: [CoinRule; 3] = [CoinRule::Turtles, CoinRule::MockTurtles, CoinRule::Ruler];

/// The moves of a rule whose rightmost coin is `p` (1-based), as bitmasks over positions 1..,
/// straight from the rule's description.
fn moves(rule: CoinRule, p: usize) -> Vec<u64> {
    let bit = |i: usize| 1u64 << (i - 1);
    match rule {
        CoinRule::Turtles => std::iter::once(bit(p)).chain((1..p).map(|m| bit(m) | bit(p))).collect(),
        CoinRule::MockTurtles => {
            let mut out = vec![bit(p)];
            for m in 1..p {
                out.push(bit(m) | bit(p));
                out.extend((1..m).map(|l| bit(l) | bit(m) | bit(p)));
            }
            out
        }
        CoinRule::Ruler => (0..p).map(|j| (p - j..=p).fold(0, |acc, i| acc | bit(i))).collect(),
    }
}

fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen = [false; 256];
    for v in values {
        seen[v as usize] = true;
    }
    seen.iter().position(|&s| !s).unwrap() as u64
}

fn to_usize(n: &BigUint) -> usize {
    n.to_string().parse().unwrap()
}

/// The positions of a run, which must be short.
fn expand(run: &CoinRun) -> Vec<BigUint> {
    assert!(run.first <= run.last && &run.last - &run.first < BigUint::from(1u32 << 20), "{run:?}");
    let mut out = Vec::new();
    let mut p = run.first.clone();
    while p <= run.last {
        out.push(p.clone());
        p += 1u32;
    }
    out
}

/// The coins of a 1-D move, ascending, checking that the runs are ascending and apart.
fn coins_of(runs: &[CoinRun]) -> Vec<BigUint> {
    assert!(runs.windows(2).all(|w| w[0].last < w[1].first), "{runs:?}");
    runs.iter().flat_map(expand).collect()
}

fn big(xs: &[u64]) -> Vec<BigUint> {
    xs.iter().map(|&x| BigUint::from(x)).collect()
}

#[test]
fn published_values() {
    // WW ch. 14: Mock Turtles coins are worth the odious numbers, Ruler coins the ruler function.
    let values = |rule: CoinRule| (1..=10u32).map(|n| rule.coin_value(&BigUint::from(n))).collect::<Vec<_>>();
    assert_eq!(values(CoinRule::MockTurtles), big(&[1, 2, 4, 7, 8, 11, 13, 14, 16, 19]));
    assert_eq!(values(CoinRule::Ruler), big(&[1, 2, 1, 4, 1, 2, 1, 8, 1, 2]));
    assert_eq!(values(CoinRule::Turtles), big(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    let c = Coins::new(CoinRule::MockTurtles, big(&[1, 4, 6])).unwrap();
    assert_eq!(c.notation(), "mock_turtles[1, 4, 6]");
    assert_eq!(c.grundy(), BigUint::from(1u32 ^ 7 ^ 11));
    assert_eq!(Coins::new(CoinRule::Ruler, big(&[0])), Err(CoinError::ZeroPosition));
    for rule in RULES {
        assert_eq!(rule.coin_value(&BigUint::zero()), BigUint::zero());
        assert_eq!(rule.move_with_value(&BigUint::zero(), &BigUint::zero()), None);
    }
    assert_eq!(Coins::new(CoinRule::Ruler, big(&[2, 2])), Err(CoinError::Repeated { position: "2".into() }));
    // Turtles x Turtles is the nim multiplication table: coin (8, 16) is worth 8 * 16 = 128.
    let t =
        Tartan::new(CoinRule::Turtles, CoinRule::Turtles, vec![(BigUint::from(8u32), BigUint::from(16u32))]).unwrap();
    assert_eq!(t.grundy(&Budget::unlimited()), Ok(BigUint::from(128u32)));
    assert_eq!(t.notation(), "tartan(turtles, turtles, [(8, 16)])");
}

/// Every row of 12 coins under each rule (4,096 positions each): Grundy values, winning moves
/// and moves to smaller values against search from the rules.
#[test]
fn rows_agree_with_search() {
    let n = 12;
    let mut rng = Rng(31337);
    for rule in RULES {
        let move_sets: Vec<Vec<u64>> = (1..=n).map(|p| moves(rule, p)).collect();
        let mut g = vec![0u64; 1 << n];
        for mask in 0..1u64 << n {
            // A move clears the highest flipped bit, so it lowers the mask.
            let heads = (1..=n).filter(|p| mask >> (p - 1) & 1 == 1);
            g[mask as usize] = mex(heads.flat_map(|p| move_sets[p - 1].iter().map(|m| g[(mask ^ m) as usize])));
        }
        for mask in 0..1u64 << n {
            let heads: Vec<BigUint> = (1..=n as u64).filter(|p| mask >> (p - 1) & 1 == 1).map(BigUint::from).collect();
            let c = Coins::new(rule, heads).unwrap();
            assert_eq!(c.grundy(), BigUint::from(g[mask as usize]), "{}", c.notation());
            let target = rng.below(g[mask as usize] + 1);
            for (t, m) in [(0, c.winning_move()), (target, c.move_to_smaller_value(&BigUint::from(target)))] {
                let Some(flips) = m.map(|runs| coins_of(&runs)) else {
                    assert!(t >= g[mask as usize], "{}: no move to {t}", c.notation());
                    continue;
                };
                let p = to_usize(flips.last().unwrap());
                let set = flips.iter().fold(0u64, |acc, f| acc | 1 << (to_usize(f) - 1));
                assert!(mask >> (p - 1) & 1 == 1 && move_sets[p - 1].contains(&set), "{} {flips:?}", c.notation());
                assert_eq!(g[(mask ^ set) as usize], t, "{} {flips:?}", c.notation());
            }
        }
    }
}

/// Every product of two rules on a 3 x 4 board (4,096 positions each): the Tartan theorem and
/// the moves it finds against search over product moves.
#[test]
fn tartan_agrees_with_search() {
    let (rows, columns) = (3usize, 4usize);
    let mut rng = Rng(2718);
    let budget = Budget::unlimited();
    for first in RULES {
        for second in RULES {
            // The product moves with corner (p, q), as masks over bits (x - 1) * columns + y - 1.
            let corner_moves: Vec<Vec<u64>> = (0..rows * columns)
                .map(|i| {
                    let (p, q) = (i / columns + 1, i % columns + 1);
                    let mut out = Vec::new();
                    for a in moves(first, p) {
                        for b in moves(second, q) {
                            let mut set = 0u64;
                            for x in (1..=rows).filter(|x| a >> (x - 1) & 1 == 1) {
                                for y in (1..=columns).filter(|y| b >> (y - 1) & 1 == 1) {
                                    set |= 1 << ((x - 1) * columns + y - 1);
                                }
                            }
                            out.push(set);
                        }
                    }
                    out
                })
                .collect();
            let mut g = vec![0u64; 1 << (rows * columns)];
            for mask in 0..1u64 << (rows * columns) {
                let heads = (0..rows * columns).filter(|i| mask >> i & 1 == 1);
                g[mask as usize] = mex(heads.flat_map(|i| corner_moves[i].iter().map(|m| g[(mask ^ m) as usize])));
            }
            for mask in 0..1u64 << (rows * columns) {
                let heads: Vec<(BigUint, BigUint)> = (0..rows * columns)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| (BigUint::from(i / columns + 1), BigUint::from(i % columns + 1)))
                    .collect();
                let t = Tartan::new(first, second, heads).unwrap();
                assert_eq!(t.grundy(&budget), Ok(BigUint::from(g[mask as usize])), "{}", t.notation());
                if rng.below(8) != 0 {
                    continue;
                }
                let target = rng.below(g[mask as usize] + 1);
                let found =
                    [(0, t.winning_move(&budget)), (target, t.move_to_smaller_value(&BigUint::from(target), &budget))];
                for (want, m) in found {
                    let flips: Option<Vec<(BigUint, BigUint)>> = m.unwrap().map(|rectangles| {
                        rectangles
                            .iter()
                            .flat_map(|(a, b)| {
                                let ys = expand(b);
                                expand(a)
                                    .into_iter()
                                    .flat_map(move |x| ys.clone().into_iter().map(move |y| (x.clone(), y)))
                            })
                            .collect()
                    });
                    let Some(mut flips) = flips else {
                        assert!(want >= g[mask as usize], "{}: no move to {want}", t.notation());
                        continue;
                    };
                    let index = |(x, y): &(BigUint, BigUint)| (to_usize(x) - 1) * columns + to_usize(y) - 1;
                    let corner = index(flips.last().unwrap());
                    flips.sort();
                    assert!(flips.windows(2).all(|w| w[0] < w[1]) && index(flips.last().unwrap()) == corner);
                    let set = flips.iter().fold(0u64, |acc, f| acc | 1 << index(f));
                    assert!(
                        mask >> corner & 1 == 1 && corner_moves[corner].contains(&set),
                        "{} {flips:?}",
                        t.notation()
                    );
                    assert_eq!(g[(mask ^ set) as usize], want, "{} {flips:?}", t.notation());
                }
            }
        }
    }
}

/// Huge positions: moves found from the formulas are of the rule's shape and reach value 0.
#[test]
fn huge_positions() {
    let budget = Budget::unlimited();
    let mut rng = Rng(1_000_003);
    for rule in RULES {
        for _ in 0..100 {
            let heads: Vec<BigUint> = (0..1 + rng.below(6))
                .map(|_| (BigUint::from(rng.below(u64::MAX)) << 70u32) + rng.below(1 << 12) + 1u32)
                .collect();
            let Ok(c) = Coins::new(rule, heads.clone()) else { continue };
            let Some(flips) = c.winning_move().map(|runs| coins_of(&runs)) else { continue };
            let corner = flips.last().unwrap();
            assert!(heads.contains(corner) && flips.windows(2).all(|w| w[0] < w[1]));
            // The flipped coins' values cancel the position's value.
            let flipped = flips.iter().fold(BigUint::zero(), |acc, f| acc ^ rule.coin_value(f));
            assert_eq!(flipped, c.grundy());
            let len = flips.len();
            match rule {
                CoinRule::Turtles => assert!(len <= 2),
                CoinRule::MockTurtles => assert!(len <= 3),
                CoinRule::Ruler => assert!(flips.windows(2).all(|w| &w[0] + 1u32 == w[1])),
            }
        }
    }
    // A product of big coins: Turtles x Ruler with 64-bit coordinates.
    let heads =
        vec![(BigUint::from(u64::MAX - 5), BigUint::from(96u32)), (BigUint::from(12345u32), BigUint::from(64u32))];
    let t = Tartan::new(CoinRule::Turtles, CoinRule::Ruler, heads).unwrap();
    let rectangles = t.winning_move(&budget).unwrap().unwrap();
    let mut value = BigUint::zero();
    for (a, b) in &rectangles {
        for x in expand(a) {
            for y in expand(b) {
                value ^=
                    nim_product(&CoinRule::Turtles.coin_value(&x), &CoinRule::Ruler.coin_value(&y), &budget).unwrap();
            }
        }
    }
    assert_eq!(value, t.grundy(&budget).unwrap());
}

/// A Ruler move may turn over astronomically many coins: it is one run, never a list.
#[test]
fn huge_ruler_runs() {
    let n = BigUint::from(1u32) << 100u32;
    let c = Coins::new(CoinRule::Ruler, vec![n.clone(), (BigUint::from(3u32) << 99u32)]).unwrap();
    assert_eq!(c.grundy(), (BigUint::from(3u32) << 99u32));
    // Coin 2^100 is worth 2^100; turning coins 1 to 2^100 - 1 with it adds g(1) ^ ... ^
    // g(2^100 - 1), the Gray code of 2^100 - 1, which is 2^99: the total becomes 0.
    assert_eq!(c.winning_move(), Some(vec![CoinRun { first: BigUint::from(1u32), last: n }]));
}
