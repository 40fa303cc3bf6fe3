//! Spawning games: the heap values against a plain search of the coin-turning game with the same
//! code, on strips of coins with their own move generator (every set of coins, tested against
//! the code's conditions), for random codes; Winning Ways' sequences; the code syntax.

use std::collections::HashMap;

use cgt_core::Budget;

use super::{Spawning, TurningCode};
use crate::position::Partizan;
use crate::test_rng::Rng;

/// One element of a code as the test reads it: coins turned, and the conditions.
struct Rule {
    min: u32,
    max: u32,
    consecutive: bool,
    equal: bool,
    symmetric: bool,
    first: bool,
    span: u32,
}

/// Whether turning the coins `t` (positions, increasing) is a move of `rule`.
fn allowed(rule: &Rule, t: &[u32]) -> bool {
    let k = t.len() as u32;
    let (lo, hi) = (t[0], t[t.len() - 1]);
    let gaps: Vec<u32> = t.windows(2).map(|w| w[1] - w[0]).collect();
    k >= rule.min
        && k <= rule.max
        && (!rule.consecutive || gaps.iter().all(|&g| g == 1))
        && (!rule.equal || gaps.iter().all(|&g| g == gaps[0]))
        && (!rule.symmetric || (0..t.len()).all(|i| t[i] + t[t.len() - 1 - i] == lo + hi))
        && (!rule.first || lo == 1)
        && hi - lo < rule.span
}

/// The Grundy value of a strip whose heads are the bits of `heads` (bit i: position i + 1),
/// straight from the coin-turning rules: a move turns a set of coins whose rightmost is heads.
fn strip(rules: &[Rule], heads: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&g) = memo.get(&heads) {
        return g;
    }
    let mut seen = Vec::new();
    for top in (0..32).filter(|&b| heads >> b & 1 == 1) {
        for below in 0u32..1 << top {
            let t: Vec<u32> = (0..=top).filter(|&b| b == top || below >> b & 1 == 1).map(|b| b + 1).collect();
            if rules.iter().any(|r| allowed(r, &t)) {
                let turned = t.iter().fold(0, |x, &p| x | 1 << (p - 1));
                seen.push(strip(rules, heads ^ turned, memo));
            }
        }
    }
    let g = (0..).find(|x| !seen.contains(x)).expect("a mex");
    memo.insert(heads, g);
    g
}

/// A random code element, as text and as the test's rule.
fn random_element(rng: &mut Rng) -> (String, Rule) {
    let a = 1 + rng.below(3) as u32;
    let (mut text, max) = match rng.below(3) {
        0 => (a.to_string(), a),
        1 => {
            let b = a + rng.below(3) as u32;
            (format!("{a}-{b}"), b)
        }
        _ => (format!("{a}+"), u32::MAX),
    };
    let mut rule =
        Rule { min: a, max, consecutive: false, equal: false, symmetric: false, first: false, span: u32::MAX };
    match rng.below(4) {
        0 => {
            text.push('C');
            rule.consecutive = true;
        }
        1 => {
            text.push('E');
            rule.equal = true;
        }
        2 => {
            text.push('S');
            rule.symmetric = true;
        }
        _ => {}
    }
    if rng.below(3) == 0 {
        text.push('F');
        rule.first = true;
    }
    if rng.below(3) == 0 {
        let s = 1 + rng.below(5) as u32;
        text.push_str(&format!("C({s})"));
        rule.span = s;
    }
    (text, rule)
}

#[test]
fn heaps_agree_with_coin_turning_search() {
    let mut rng = Rng(0x5ba3_0c01_7e55_0001);
    let budget = Budget::unlimited();
    for _ in 0..150 {
        let (mut texts, mut rules) = (Vec::new(), Vec::new());
        for _ in 0..1 + rng.below(2) {
            let (t, r) = random_element(&mut rng);
            texts.push(t);
            rules.push(r);
        }
        let code = TurningCode::parse(&texts.join(",")).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..4 {
            let heads = rng.below(1 << 8) as u32;
            let heaps: Vec<u64> = (0..8).filter(|&b| heads >> b & 1 == 1).map(|b| b + 1).collect();
            let p = Spawning::new(code.clone(), heaps);
            let got = p.nim_value(&budget).unwrap();
            assert_eq!(got, u64::from(strip(&rules, heads, &mut memo)), "{}", p.notation());
        }
    }
}

#[test]
fn winning_ways_sequences() {
    let budget = Budget::unlimited();
    let values = |code: &str, n: u64| TurningCode::parse(code).unwrap().grundy_values(n, &budget).unwrap();
    // Turning Turtles (1-2) is Nim; Mock Turtles (1-3) gives the odious numbers; Ruler (1+C) the
    // largest power of 2 dividing n; Twins (2) gives n - 1 (WW ch. 14; CGSuite's Turning table).
    let odious: Vec<u64> = (0..200u64).filter(|x| x.count_ones() % 2 == 1).take(40).collect();
    assert_eq!(values("1-2", 40)[1..], (1..=40).collect::<Vec<u64>>());
    assert_eq!(values("1-3", 40)[1..], odious);
    assert_eq!(values("1+C", 40)[1..], (1..=40u64).map(|n| 1 << n.trailing_zeros()).collect::<Vec<u64>>());
    assert_eq!(values("2", 40)[1..], (0..40).collect::<Vec<u64>>());
    // Grunt (4FS) is Grundy's game: coin n is worth Grundy's game's heap n - 1 (WW ch. 14).
    let grundy = crate::octal::OctalCode::grundys_game().grundy_sequence(60, &budget).unwrap();
    let grunt = values("4FS", 60);
    for n in 1..=60 {
        assert_eq!(grunt[n], u64::from(grundy[n - 1]), "Grunt coin {n}");
    }
}

#[test]
fn codes_and_moves() {
    for bad in ["", "x", "0", "3-1", "1C(", "1Q", "1C(0)"] {
        assert!(TurningCode::parse(bad).is_err(), "{bad}");
    }
    let p = Spawning::new(TurningCode::parse("1-3C").unwrap(), vec![3]);
    assert_eq!(p.notation(), "spawning[3] code=\"1-3C\"");
    let moves: Vec<String> = p.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(moves, ["spawning[] code=\"1-3C\"", "spawning[2] code=\"1-3C\"", "spawning[1, 2] code=\"1-3C\""]);
}
