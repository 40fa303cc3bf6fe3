//! Quotients grown from the elements of smaller quotients (`extend`) against exhaustive misère
//! search, Kayles' quotient of all heaps with its proven period, and presentations.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_testkit::Rng;

use super::tests::{misere_value, sums};
use super::{Growth, HeapRule, Presentation, Quotient, Shape, quotient, solve, solve_by_elements};
use crate::octal::OctalCode;

/// Every sum of up to four heaps below 20 (at most 30 tokens in all) gets the outcome search
/// finds, for Kayles, Dawson's Kayles, Dawson's Chess and random octal codes.
#[test]
fn grown_quotients_against_search() {
    let mut rng = Rng::new(17);
    let mut codes: Vec<String> = ["0.77", "0.07", "0.137"].map(String::from).to_vec();
    while codes.len() < 6 {
        let digits: String = (0..3).map(|_| char::from(b'0' + rng.below(8) as u8)).collect();
        codes.push(format!("0.{digits}"));
    }
    for code in &codes {
        let rule = HeapRule::octal(&OctalCode::parse(code).unwrap(), 19);
        // Splits fall back to the search of `engine`, which may be slow: a budget per code.
        let budget = Budget::new(std::time::Duration::from_secs(3), 1 << 30);
        let q = match quotient(&rule, 400, &budget) {
            Ok(q) => q,
            // A quotient beyond the limit is reported, never guessed.
            Err(e) => {
                assert!(e.to_string().starts_with("gave up"), "{code}: {e}");
                continue;
            }
        };
        let mut memo = HashMap::new();
        let mut checked = 0;
        for w in sums(19, 4, 30) {
            let p = misere_value(&rule, w.clone(), &mut memo) == 0;
            assert_eq!(q.is_p(&w), Some(p), "{code} {w:?}");
            checked += 1;
        }
        assert!(checked > 2000, "{code}: {checked}");
    }
}

/// Kayles' quotient of all heaps: order 40 with 9 elements in the P-portion; the map from heap
/// 71 on repeats with period 12 (Kayles' normal-play period, Guy–Smith), proven at heap 167;
/// every sum of up to 28 tokens is predicted as search finds it; single heaps are P exactly
/// where the published misère nim values (WW ch. 13) are 0; pairs of elements are told apart
/// by search (so the order is not smaller, and the proof says it is not larger).
#[test]
fn kayles_all_heaps() {
    let rule = HeapRule::octal(&OctalCode::kayles(), 200);
    let solved = solve(&rule, 400, Some(Shape { max_take: 2, parts: 2 }), &Budget::unlimited()).unwrap();
    let q = &solved.quotient;
    assert_eq!(solved.period, Some((71, 12)));
    assert_eq!(q.max_heap, 167);
    assert_eq!(q.order(), 40);
    assert_eq!(q.p_portion.iter().filter(|&&p| p).count(), 9);
    let published = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0];
    for (n, &v) in published.iter().enumerate().skip(1) {
        assert_eq!(q.is_p(&[n]), Some(v == 0), "heap {n}");
    }
    let small = HeapRule::octal(&OctalCode::kayles(), 30);
    let mut memo = HashMap::new();
    for w in sums(28, 28, 28) {
        assert_eq!(q.is_p(&w), Some(misere_value(&small, w.clone(), &mut memo) == 0), "{w:?}");
    }
    // 669 of the 780 pairs within 44 tokens a side; all 780 within 90 (41 s in release).
    assert_eq!(assert_distinct(q, &rule), 669);
}

/// Every two elements are told apart by some position, as search confirms on positions of
/// the fewest tokens (so the order is no larger than it must be), where both sides have at most
/// `TOLD_APART` tokens; the number of pairs confirmed.
fn assert_distinct(q: &Quotient, rule: &HeapRule) -> usize {
    const TOLD_APART: usize = 44;
    let words = fewest_tokens(q);
    let tokens = |w: &Vec<usize>| w.iter().sum::<usize>();
    let mut memo = HashMap::new();
    let mut confirmed = 0;
    for a in 0..q.order() {
        for b in 0..a {
            let with = |x: usize, z: usize| {
                let mut w: Vec<u8> = words[x].iter().chain(&words[z]).map(|&h| h as u8).collect();
                w.sort_unstable();
                w
            };
            let apart = (0..q.order()).filter(|&z| q.p_portion[q.table[a][z]] != q.p_portion[q.table[b][z]]);
            let z = apart.min_by_key(|&z| tokens(&words[z]) + tokens(&words[a]).max(tokens(&words[b])));
            let z = z.unwrap_or_else(|| panic!("e{a} and e{b} are not told apart"));
            let (wa, wb) = (with(a, z), with(b, z));
            if wa.iter().chain(&wb).map(|&h| usize::from(h)).max().unwrap_or(0) > rule.max_heap()
                || tokens(&wa.iter().map(|&h| usize::from(h)).collect())
                    .max(tokens(&wb.iter().map(|&h| usize::from(h)).collect()))
                    > TOLD_APART
            {
                continue;
            }
            assert_ne!(is_p(rule, &wa, &mut memo), is_p(rule, &wb, &mut memo), "e{a} e{b} by e{z}");
            confirmed += 1;
        }
    }
    confirmed
}

/// For each element, a sum of heaps of the fewest tokens (Dijkstra over the elements, a heap
/// of g being a step of weight g).
fn fewest_tokens(q: &Quotient) -> Vec<Vec<usize>> {
    let mut best: Vec<Option<Vec<usize>>> = vec![None; q.order()];
    best[0] = Some(vec![]);
    let mut queue = std::collections::BinaryHeap::from([std::cmp::Reverse((0usize, 0usize))]);
    let mut done = vec![false; q.order()];
    while let Some(std::cmp::Reverse((d, x))) = queue.pop() {
        if std::mem::replace(&mut done[x], true) {
            continue;
        }
        for g in 1..=q.max_heap {
            let y = q.table[x][q.heap_map[g]];
            if best[y].as_ref().is_none_or(|w| w.iter().sum::<usize>() > d + g) {
                let mut w = best[x].clone().unwrap_or_default();
                w.push(g);
                best[y] = Some(w);
                queue.push(std::cmp::Reverse((d + g, y)));
            }
        }
    }
    best.into_iter().map(|w| w.expect("every element is a sum of heaps")).collect()
}

/// Rewriting by the relations takes the product of two normal forms to the normal form of the
/// product, for every pair of elements.
fn assert_presents(q: &Quotient, p: &Presentation) {
    for x in 0..q.order() {
        for y in 0..q.order() {
            let mut w: Vec<u32> = p.normal_forms[x].iter().zip(&p.normal_forms[y]).map(|(a, b)| a + b).collect();
            for _ in 0..10_000 {
                let Some((lhs, rhs)) = p.relations.iter().find(|(l, _)| l.iter().zip(&w).all(|(a, b)| a <= b)) else {
                    break;
                };
                w = w.iter().zip(lhs).zip(rhs).map(|((c, l), r)| c - l + r).collect();
            }
            assert_eq!(w, p.normal_forms[q.table[x][y]], "e{x} e{y}");
        }
    }
}

#[test]
fn presentations() {
    let nim = HeapRule::new(3, |n| (0..n).map(|k| vec![k]).collect()).unwrap();
    let q = quotient(&nim, 100, &Budget::unlimited()).unwrap();
    let p = q.presentation();
    assert_eq!(p.to_string(), "⟨a, b | a² = 1, b³ = b⟩");
    assert_eq!(p.generators, vec![1, 2]);
    assert_presents(&q, &p);
    for code in ["0.77", "0.07", "0.137", "0.4", "0.15"] {
        let q = quotient(&HeapRule::octal(&OctalCode::parse(code).unwrap(), 16), 400, &Budget::unlimited()).unwrap();
        let p = q.presentation();
        assert_presents(&q, &p);
        assert!(p.generators.iter().all(|&g| g <= 16), "{code}");
    }
}

/// A quotient grown in steps (`Growth`, as a session does for sums with larger and larger
/// heaps) is the quotient grown at once, and so is where it gives up.
#[test]
fn growth_goes_on_from_the_heaps_proven() {
    for code in ["0.77", "0.07", "0.137", "0.4"] {
        let code = OctalCode::parse(code).unwrap();
        let whole = solve_by_elements(&HeapRule::octal(&code, 26), 400, None, 12, &Budget::unlimited());
        let mut growth = Growth::default();
        let mut last = None;
        for bound in [3, 9, 13, 20, 26] {
            last = Some(growth.solve(&HeapRule::octal(&code, bound), 400, None, 12, &Budget::unlimited()));
            assert!(growth.max_heap() <= bound);
        }
        assert_eq!(last.unwrap(), whole);
    }
}

/// Whether a sum of heaps (sorted) is a misère P-position, from the definition: it has a move
/// and no move to a P-position.
fn is_p(rule: &HeapRule, w: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&v) = memo.get(w) {
        return v;
    }
    let mut moved = false;
    let mut to_p = false;
    for i in (0..w.len()).filter(|&i| i == 0 || w[i] != w[i - 1]) {
        for opt in rule.options(usize::from(w[i])) {
            moved = true;
            let mut next: Vec<u8> = w[..i].iter().chain(&w[i + 1..]).copied().collect();
            next.extend(opt.iter().map(|&h| h as u8));
            next.sort_unstable();
            to_p = to_p || is_p(rule, &next, memo);
        }
    }
    let v = moved && !to_p;
    memo.insert(w.to_vec(), v);
    v
}

/// Kayles' quotient of the heaps up to N, from the definition: the sums X of heaps up to N
/// with at most `tokens` tokens are grouped by the outcomes (by search) of X + Y for every sum
/// Y of at most `test` tokens. Groups are positions told apart, so there are never more of them
/// than elements; here there are exactly as many, and the positions of one element fall in one
/// group (N = 2, 5, 9: orders 6, 12, 18). The orders of ours for N = 1..30 are checked too.
///
/// Published facts, and what we could read of them: Plambeck–Siegel, "Misère quotients for
/// impartial games" (JCTA 115, 2008; arXiv math/0609825) give Kayles' quotient; the search
/// tools of this project return only the openings of the paper and of Siegel's notes "Misère
/// games and misère quotients" (arXiv math/0612616), so its order, P-portion and the heap
/// where it stabilises were not read there. Plambeck, "Advances in losing" (arXiv
/// math/0603027, §1) says no complete misère analysis of Dawson's Chess (0.137, Dawson's
/// Kayles shifted by one) had been found; a secondary summary of Plambeck–Siegel (a public
/// notes file, not the paper) says they took Dawson's Kayles only to heap 33, with a partial
/// quotient of order 638 whose presentation they left out: no period and no quotient of all
/// heaps is published for it. Ours for Kayles: |Q_N| = 2, 6, 6, 6, 12, 12, 12, 12, 18, 18,
/// 18, 24 (N = 1..12), 24 up to N = 24, 32 at 25 and 26, 40 from 27 on; period 12 from heap
/// 71, proven at heap 167 (`kayles_all_heaps`), every step proven over all positions.
#[test]
fn kayles_partial_quotients_from_the_definition() {
    let mut growth = Growth::default();
    let orders: Vec<usize> = (1..=30)
        .map(|n| {
            let rule = HeapRule::octal(&OctalCode::kayles(), n);
            growth.solve(&rule, 400, None, n, &Budget::unlimited()).unwrap().quotient.order()
        })
        .collect();
    let mut want = vec![2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18];
    want.extend([24; 13]);
    want.extend([32, 32, 40, 40, 40, 40]);
    assert_eq!(orders, want);
    for (n, tokens, test) in [(2, 10, 8), (5, 14, 10), (9, 20, 12)] {
        let rule = HeapRule::octal(&OctalCode::kayles(), n);
        let q = quotient(&rule, 400, &Budget::unlimited()).unwrap();
        let mut xs = sums(n, tokens, tokens);
        xs.push(vec![]);
        let mut ys = sums(n, test, test);
        ys.push(vec![]);
        let mut memo = HashMap::new();
        let mut groups: HashMap<Vec<bool>, usize> = HashMap::new();
        for x in &xs {
            let row: Vec<bool> = ys
                .iter()
                .map(|y| {
                    let mut w: Vec<u8> = x.iter().chain(y).map(|&h| h as u8).collect();
                    w.sort_unstable();
                    is_p(&rule, &w, &mut memo)
                })
                .collect();
            let e = q.element(x).unwrap();
            assert_eq!(*groups.entry(row).or_insert(e), e, "heaps up to {n}: {x:?}");
        }
        assert_eq!(groups.len(), q.order(), "heaps up to {n}");
    }
}

/// Kayles' quotient of all heaps on sums with a heap of 21 to 40 (where the quotient grows from
/// order 24 to 40: heaps 25 and 27 are new generators, heap 28 the product 1 + 21), against the
/// outcome search from the definition: every sum of up to three heaps, at most `TOKENS` in all
/// (1375 sums).
#[test]
fn kayles_large_heaps_against_search() {
    const TOKENS: usize = 44;
    let rule = HeapRule::octal(&OctalCode::kayles(), 200);
    let solved = solve(&rule, 400, Some(Shape { max_take: 2, parts: 2 }), &Budget::unlimited()).unwrap();
    let small = HeapRule::octal(&OctalCode::kayles(), TOKENS);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for w in sums(TOKENS, 3, TOKENS).into_iter().filter(|w| w.iter().any(|&h| h > 20)) {
        let mut key: Vec<u8> = w.iter().map(|&h| h as u8).collect();
        key.sort_unstable();
        let heaps: Vec<u64> = w.iter().map(|&h| h as u64).collect();
        assert_eq!(solved.is_p(&heaps), Some(is_p(&small, &key, &mut memo)), "{w:?}");
        checked += 1;
    }
    assert_eq!(checked, 1375);
}
