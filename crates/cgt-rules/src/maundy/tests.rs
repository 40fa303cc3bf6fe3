//! Maundy Cake: the closed form and the solver against a plain search of the rules with its own
//! move generator, Winning Ways' strip values, notation and options, and huge cakes.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::factor::is_prime;
use super::{MaundyCake, TooLarge, piece_value, prime_factors, value};
use crate::position::{Partizan, search};
use crate::test_rng::Rng;

/// A cake as the oracle sees it: a list of pieces, with its own moves from the rules.
#[derive(Clone)]
struct Plain(Vec<(u64, u64)>);

impl Plain {
    fn cuts(&self, left: bool) -> Vec<Plain> {
        let mut out = Vec::new();
        for i in 0..self.0.len() {
            let (r, c) = self.0[i];
            let side = if left { c } else { r };
            for d in 2..=side {
                if side % d != 0 {
                    continue;
                }
                let mut rest: Vec<(u64, u64)> =
                    self.0.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
                for _ in 0..d {
                    rest.push(if left { (r, c / d) } else { (r / d, c) });
                }
                out.push(Plain(rest));
            }
        }
        out
    }
}

impl Partizan for Plain {
    fn left_options(&self) -> Vec<Plain> {
        self.cuts(true)
    }
    fn right_options(&self) -> Vec<Plain> {
        self.cuts(false)
    }
    fn notation(&self) -> String {
        format!("{:?}", self.0)
    }
}

/// The value by the definition over whole positions (pieces sorted, so that equal multisets of
/// pieces meet in the memo), with no splitting into pieces and no closed form.
fn plain_value(games: &mut Games, p: Plain, memo: &mut HashMap<Vec<(u64, u64)>, GameId>) -> GameId {
    let mut key = p.0.clone();
    key.sort_unstable();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let budget = Budget::unlimited();
    let left: Vec<GameId> = p.left_options().into_iter().map(|q| plain_value(games, q, memo)).collect();
    let right: Vec<GameId> = p.right_options().into_iter().map(|q| plain_value(games, q, memo)).collect();
    let g = games.from_options(&left, &right, &budget).unwrap();
    memo.insert(key, g);
    g
}

fn searched(games: &mut Games, pieces: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, GameId>) -> String {
    let g = plain_value(games, Plain(pieces.to_vec()), memo);
    games.display(g, DisplayStyle::default())
}

fn search_shown(games: &mut Games, pieces: &[(u64, u64)]) -> String {
    let g = search(games, Plain(pieces.to_vec()), &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

fn closed(pieces: &[(u64, u64)]) -> String {
    value(pieces, &Budget::unlimited()).unwrap().to_string()
}

#[test]
fn closed_form_and_solver_agree_with_search() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let mut games = Games::new();
    let budget = Budget::unlimited();
    // Every single piece up to 16x16, then random sums of two or three small pieces.
    let mut memo = HashMap::new();
    let mut cases: Vec<Vec<(u64, u64)>> =
        (1..=12).flat_map(|r| (1..=12).map(move |c| vec![(r, c)])).filter(|p| p[0].0 * p[0].1 <= 24).collect();
    // Sums of small pieces (the search is over whole positions, so their area stays small).
    while cases.len() < 400 {
        let n = 2 + rng.below(2);
        let pieces: Vec<(u64, u64)> = (0..n).map(|_| (1 + rng.below(6), 1 + rng.below(6))).collect();
        if pieces.iter().map(|(r, c)| r * c).sum::<u64>() <= 16 {
            cases.push(pieces);
        }
    }
    // A small search also through `search` itself (a tree, no memo).
    assert_eq!(search_shown(&mut games, &[(2, 4), (3, 1)]), closed(&[(2, 4), (3, 1)]));
    for pieces in &cases {
        let want = searched(&mut games, pieces, &mut memo);
        assert_eq!(closed(pieces), want, "{pieces:?}");
        let g = MaundyCake::new(pieces).unwrap().game(&mut games, &budget).unwrap();
        assert_eq!(games.display(g, DisplayStyle::default()), want, "{pieces:?}");
    }
}

#[test]
fn winning_ways_strips() {
    // WW ch. 2: a strip of n that only Left can cut is worth n/p1 + n/(p1 p2) + ... + 1 (primes
    // smallest first), by cutting into the largest prime number of pieces each time.
    let b = Budget::unlimited();
    let strips: Vec<i128> = (1..=12).map(|n| piece_value(1, n, &b).unwrap()).collect();
    assert_eq!(strips, [0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10]);
    assert_eq!(piece_value(12, 1, &b).unwrap(), -10);
    assert_eq!(piece_value(2, 8, &b).unwrap(), 3);
    assert_eq!(piece_value(6, 4, &b).unwrap(), 0);
    // 10^18 = 2^18 5^18 against a prime side: strip 2^17 5^18, whose value is below 10^18.
    let huge = piece_value(1_000_000_000_000_000_000, 3, &b).unwrap();
    assert_eq!(huge, -strip_sum());
}

/// 2^17 5^18 stripped prime by prime, smallest first: 2^16 5^18, ..., 5^18, 5^17, ..., 1.
fn strip_sum() -> i128 {
    let mut n: i128 = (1 << 17) * 5i128.pow(18);
    let mut sum = 0;
    for p in std::iter::repeat_n(2, 17).chain(std::iter::repeat_n(5, 18)) {
        n /= p;
        sum += n;
    }
    sum
}

#[test]
fn factors_are_exact() {
    let b = Budget::unlimited();
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    for _ in 0..300 {
        let n = (rng.next_u64() >> rng.below(40)).max(1);
        let f = prime_factors(n, &b).unwrap();
        assert_eq!(f.iter().product::<u64>(), n, "{n}");
        assert!(f.iter().all(|&p| is_prime(p)), "{n}: {f:?}");
        assert!(f.windows(2).all(|w| w[0] <= w[1]));
    }
    // Trial division agrees with the Miller-Rabin test on small numbers.
    for n in 0..5000u64 {
        assert_eq!(is_prime(n), n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0), "{n}");
    }
    let p = 4_294_967_291u64; // the largest prime below 2^32
    assert_eq!(prime_factors(p * p, &b).unwrap(), [p, p]);
    assert_eq!(prime_factors(18_446_744_073_709_551_557, &b).unwrap(), [18_446_744_073_709_551_557]);
}

#[test]
fn notation_and_options() {
    assert_eq!(MaundyCake::new(&[(300, 2)]), Err(TooLarge { rows: 300, cols: 2 }));
    let c = MaundyCake::new(&[(2, 6), (0, 3)]).unwrap();
    assert_eq!(c.notation(), "maundy[2x6]");
    let left: Vec<String> = c.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, ["maundy[2x3, 2x3]", "maundy[2x2, 2x2, 2x2]", "maundy[2x1, 2x1, 2x1, 2x1, 2x1, 2x1]"]);
    let right: Vec<String> = c.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, ["maundy[1x6, 1x6]"]);
    assert_eq!(MaundyCake::new(&[]).unwrap().notation(), "0");
}
