//! Tests of octal games: Grundy tables against search from the rules, and proven periods.

use std::collections::{HashMap, HashSet};

use super::*;
use crate::test_rng::Rng;

mod allbut;
mod hex;

/// Random octal codes for these tests.
trait RandomCodes {
    fn code(&mut self) -> OctalCode;
}

impl RandomCodes for Rng {
    fn code(&mut self) -> OctalCode {
        let d0 = if self.below(4) == 0 { 4 } else { 0 };
        let digits: Vec<u8> = (0..1 + self.below(4)).map(|_| self.below(8) as u8).collect();
        OctalCode::from_digits(d0, &digits).unwrap()
    }
}

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap()
}

/// The ways to leave m tokens as j non-empty heaps (ascending) that digit `dk` allows.
fn leaves(code: &OctalCode, k: u64, m: u64) -> Vec<Vec<u64>> {
    let (d, c) = (code.digit(k as usize), code.constraint(k));
    let mut out: Vec<Vec<u64>> = Vec::new();
    if d & 1 != 0 && m == 0 && k > 0 {
        out.push(vec![]);
    }
    if d & 2 != 0 && m > 0 && k > 0 {
        out.push(vec![m]);
    }
    let distinct = |parts: &[u64]| parts.iter().collect::<HashSet<_>>().len();
    if d & 4 != 0 {
        for a in 1..m {
            let parts = [a, m - a];
            if a <= m - a && (c == Constraint::Free || distinct(&parts) == 2) {
                out.push(parts.to_vec());
            }
        }
    }
    if d & 8 != 0 {
        for a in 1..m {
            for b in 1..m - a {
                let parts = [a, b, m - a - b];
                let ok = match c {
                    Constraint::Free => true,
                    Constraint::Unequal => distinct(&parts) == 3,
                    Constraint::NotAllEqual => distinct(&parts) > 1,
                };
                if parts.is_sorted() && ok {
                    out.push(parts.to_vec());
                }
            }
        }
    }
    out
}

/// The options of a position (a sorted list of heaps) from the rules of the code.
fn options(code: &OctalCode, position: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in position.iter().enumerate() {
        if i > 0 && position[i - 1] == h {
            continue;
        }
        let rest = || {
            let mut r = position.to_vec();
            r.remove(i);
            r
        };
        for k in 0..=h {
            for leave in leaves(code, k, h - k) {
                let mut next = rest();
                next.extend(leave);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
}

/// The Grundy value of a position by search from the rules.
fn grundy(code: &OctalCode, position: Vec<u64>, memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    if let Some(&g) = memo.get(&position) {
        return g;
    }
    let seen: HashSet<u32> = options(code, &position).into_iter().map(|p| grundy(code, p, memo)).collect();
    let g = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(position, g);
    g
}

/// `g(0..len)` from the definition, all moves enumerated (O(len^2) for octal codes, O(len^3)
/// for codes that leave three heaps or repeat).
fn naive(code: &OctalCode, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    // seen[v] == n + 1 marks v as an option value of heap n.
    let mut seen: Vec<usize> = vec![0; 64];
    for n in 0..len {
        let mut mark = |v: u32| {
            if v as usize >= seen.len() {
                seen.resize(2 * v as usize + 1, 0);
            }
            seen[v as usize] = n + 1;
        };
        for k in 0..=(code.max_take().min(n as u64) as usize) {
            let (d, c, m) = (code.digit(k), code.constraint(k as u64), n - k);
            if d & 1 != 0 && m == 0 && k > 0 {
                mark(0);
            }
            if d & 2 != 0 && m > 0 && k > 0 {
                mark(g[m]);
            }
            if d & 4 != 0 {
                (1..=m / 2).filter(|&a| c == Constraint::Free || 2 * a != m).for_each(|a| mark(g[a] ^ g[m - a]));
            }
            if d & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        let z = m - a - b;
                        let ok = match c {
                            Constraint::Free => true,
                            Constraint::Unequal => a < b && b < z,
                            Constraint::NotAllEqual => a != z,
                        };
                        if z >= b && ok {
                            mark(g[a] ^ g[b] ^ g[z]);
                        }
                    }
                }
            }
        }
        g.push((0..).find(|&v| seen.get(v as usize) != Some(&(n + 1))).unwrap());
    }
    g
}

fn sparse(code: &OctalCode, len: usize) -> Vec<u32> {
    let mut engine = sparse::Engine::new(&code.code);
    while engine.values.len() < len {
        engine.push(&Budget::unlimited()).unwrap();
    }
    engine.values
}

/// The sparse-space engine with the batches' prefix of splits fixed.
fn sparse_with_prefix(code: &OctalCode, len: usize, prefix: usize) -> Vec<u32> {
    let mut engine = sparse::Engine::with_prefix(&code.code, prefix);
    while engine.values.len() < len {
        engine.push(&Budget::unlimited()).unwrap();
    }
    engine.values
}

/// A long table stops at the deadline and when cancelled, and says why.
#[test]
fn long_tables_stop_at_the_budget() {
    let late = Budget::new(std::time::Duration::from_millis(50), usize::MAX);
    assert_eq!(code("0.6").grundy_table(1 << 22, &late).err(), Some(Exhausted::Time));
    // Cancelled while at work (the first 2^14 heaps take milliseconds).
    let cancelled = Budget::unlimited();
    let flag = cancelled.cancel_flag();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(code("0.6").grundy_table(1 << 22, &cancelled).err(), Some(Exhausted::Cancelled));
    canceller.join().unwrap();
}

#[test]
fn codes() {
    assert_eq!(code("0.77"), OctalCode::kayles());
    assert_eq!(code(".07"), OctalCode::dawson());
    assert_eq!(code("0.0700").to_string(), "0.07");
    assert_eq!(code("4.07").to_string(), "4.07");
    assert_eq!(code("0").to_string(), "0.0");
    assert_eq!(code("0.137").max_take(), 3);
    assert_eq!(OctalCode::parse(""), Err(OctalError::Empty));
    assert_eq!(OctalCode::parse("."), Err(OctalError::Empty));
    assert_eq!(
        OctalCode::parse("0.1g"),
        Err(OctalError::Unsupported { offset: 3, what: "digits beyond F (moves that leave four or more heaps) are" })
    );
    assert_eq!(
        OctalCode::parse("0.1x"),
        Err(OctalError::Unsupported { offset: 3, what: "digits beyond F (moves that leave four or more heaps) are" })
    );
    assert_eq!(OctalCode::parse("0.1%"), Err(OctalError::BadDigit { offset: 3, found: '%' }));
    assert_eq!(OctalCode::parse("2.07"), Err(OctalError::BadWholeDigit(2)));
    assert_eq!(OctalCode::parse("04.07"), Err(OctalError::LongWholePart));
    assert_eq!(OctalCode::parse("0.1.2"), Err(OctalError::BadDigit { offset: 3, found: '.' }));
    assert_eq!(OctalCode::from_digits(0, &[9]), Err(OctalError::BadDigit { offset: 0, found: '9' }));
}

/// The periods of docs/src/theory/periodicity.md, as published (WW ch. 4).
#[test]
fn known_periods() {
    let budget = Budget::unlimited();
    for (text, preperiod, period) in
        [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34), ("0.7", 0, 2), ("0.3", 0, 2)]
    {
        assert_eq!(code(text).period(10_000, &budget).unwrap(), Some(Period { preperiod, period }), "{text}");
    }
    let kayles = OctalCode::kayles().grundy_sequence(40, &budget).unwrap();
    assert_eq!(kayles, naive(&OctalCode::kayles(), 40));
    assert_eq!(&kayles[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    // 0.16 has no known period; none shows up among its first 500 values.
    assert_eq!(code("0.16").period(500, &budget).unwrap(), None);
}

/// Random codes: the sparse-space engine agrees with the O(n^2) definition, and with search from
/// the rules on small heaps.
#[test]
fn sparse_agrees_with_the_definition() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..400 {
        let code = rng.code();
        let len = if round % 40 == 0 { 1200 } else { 250 };
        assert_eq!(sparse(&code, len), naive(&code, len), "{code}");
        let mut memo = HashMap::new();
        let g = naive(&code, 16);
        for n in 0..16 {
            assert_eq!(grundy(&code, vec![n], &mut memo), g[n as usize], "{code} {n}");
        }
    }
    for text in ["0.16", "0.106", "0.4", "4.7", "0.56", "0.37"] {
        assert_eq!(sparse(&code(text), 1500), naive(&code(text), 1500), "{text}");
    }
}

/// The sparse-space engine on long sequences: codes whose values keep growing (0.6, 0.37), the
/// classic ones, and random codes of up to six digits, each against the plain mex over all moves
/// on its first few thousand heaps.
#[test]
fn sparse_agrees_with_the_definition_on_long_sequences() {
    for text in ["0.6", "0.37", "0.77", "4.7", "0.007", "0.16", "0.106", "0.56", "0.127", "4.07"] {
        assert_eq!(sparse(&code(text), 3000), naive(&code(text), 3000), "{text}");
    }
    // Grundy's game (4!.0): splits into two unequal heaps only.
    assert_eq!(sparse(&OctalCode::grundys_game(), 3000), naive(&OctalCode::grundys_game(), 3000));
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for _ in 0..25 {
        let d0 = if rng.below(3) == 0 { 4 } else { 0 };
        let digits: Vec<u8> = (0..1 + rng.below(6)).map(|_| rng.below(8) as u8).collect();
        let code = OctalCode::from_digits(d0, &digits).unwrap();
        assert_eq!(sparse(&code, 1500), naive(&code, 1500), "{code}");
    }
}

/// Random codes, some with `!` on splitting digits, over many batches of heaps, with the batches'
/// prefix of splits at its extremes (none, a few, every split) and adapting: the sparse-space
/// engine agrees with the plain mex over all moves.
#[test]
fn sparse_batches_agree_with_the_definition() {
    let mut rng = Rng(0x8f1b_bcdc_bf4d_7a13);
    for round in 0..60 {
        let mut text = String::from(["0", "4", "4!"][rng.index(3)]);
        text.push('.');
        for _ in 0..1 + rng.below(4) {
            let d = rng.below(8);
            text.push_str(&d.to_string());
            if d >= 4 && rng.below(2) == 0 {
                text.push('!');
            }
        }
        let code = code(&text);
        let len = if round % 10 == 0 { 2500 } else { 600 + rng.index(600) };
        let want = naive(&code, len);
        assert_eq!(sparse(&code, len), want, "{text}");
        for prefix in [0, 40, usize::MAX] {
            assert_eq!(sparse_with_prefix(&code, len, prefix), want, "{text}, prefix {prefix}");
        }
    }
}

/// Random codes: periods found are proven (they hold far beyond), least, and start as early as
/// possible; values beyond the computed range are read through them.
#[test]
fn periods_agree_with_the_definition() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut found = 0;
    for _ in 0..250 {
        let code = rng.code();
        let table = code.grundy_table(1200, &Budget::unlimited()).unwrap();
        let Some(p) = table.period() else { continue };
        found += 1;
        let (pre, per) = (p.preperiod as usize, p.period as usize);
        let g = naive(&code, table.values().len() + 3 * per + 100);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(table.value(n as u128), Some(v), "{code} n={n} {p:?}");
        }
        assert!(pre == 0 || g[pre - 1] != g[pre - 1 + per], "{code} {p:?}");
        for shorter in 1..per {
            assert!((pre..pre + per).any(|n| g[n] != g[n + shorter]), "{code} {p:?}");
        }
    }
    assert!(found > 120, "{found}");
}

/// Sums of heaps: the XOR of the table's values agrees with search from the rules, and every
/// winning move offered is legal and leads to a P-position.
#[test]
fn sums_and_moves_agree_with_search() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut checked = 0;
    for _ in 0..60 {
        let code = rng.code();
        let table = code.grundy_table(300, &Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..25 {
            let mut heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(11)).collect();
            heaps.sort_unstable();
            let g = grundy(&code, heaps.clone(), &mut memo);
            assert_eq!(table.sum(&heaps), Ok(g), "{code} {heaps:?}");
            let m = code.winning_move(&table, &heaps).unwrap();
            assert_eq!(m.is_some(), g != 0);
            if let Some(m) = m {
                let mut next = heaps.clone();
                next.remove(m.heap);
                next.extend(&m.leave);
                next.sort_unstable();
                assert!(options(&code, &heaps).contains(&next), "{code} {heaps:?} {m:?}");
                assert_eq!(grundy(&code, next, &mut memo), 0);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 1500);
}

/// Heaps far beyond the computed values: moves found through the period still win.
#[test]
fn huge_heaps() {
    let budget = Budget::unlimited();
    for code in [OctalCode::kayles(), OctalCode::dawson(), code("0.137"), code("4.07")] {
        let table = code.grundy_table(10_000, &budget).unwrap();
        assert!(table.period().is_some(), "{code}");
        let heaps = [1_000_000_000_000_000_000, 999_999_999_999_999_999, 7];
        let Some(m) = code.winning_move(&table, &heaps).unwrap() else { continue };
        let h = heaps[m.heap];
        assert_eq!(m.take + m.leave.iter().sum::<u64>(), h);
        let mut next: Vec<u64> = heaps.iter().enumerate().filter(|&(i, _)| i != m.heap).map(|(_, &x)| x).collect();
        next.extend(&m.leave);
        assert_eq!(table.sum(&next), Ok(0), "{code} {m:?}");
    }
}
