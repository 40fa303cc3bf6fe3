//! The impartial function rows of the conformance suite: Grundy values and periods of heap
//! rules against the rule's plain search, the compounds by their game trees, and the misère
//! functions (genus, mate, misère nim value, quotients) against misère search over sums.
//! Definitions: Winning Ways ch. 9-14 (compounds, genus, mates), Siegel CGT V (misère
//! quotients: an element is in the P-portion exactly when its sums are misère P-positions).

use std::collections::HashMap;

use cgt_core::game::GameId;
use cgt_testkit::Rng;

use super::common::eval;
use super::heaps::{Plain, Search as HeapSearch};
use super::lab::Lab;
use super::trees::Tree;
use crate::value::Value;

/// A heap rule by its name in the language, with its plain rule.
fn rule(r: &mut Rng) -> (String, Plain) {
    match r.below(4) {
        0 => ("kayles".into(), Plain::Octal(vec![7, 7])),
        1 => ("dawson".into(), Plain::Octal(vec![0, 7])),
        2 => {
            let digits: Vec<u8> = (0..1 + r.below(3)).map(|_| r.below(8) as u8).collect();
            let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            (format!("octal code=0.{code}"), Plain::Octal(digits))
        }
        _ => {
            let mut take: Vec<u64> = (0..1 + r.below(3)).map(|_| 1 + r.below(6)).collect();
            take.sort_unstable();
            take.dedup();
            let list = take.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
            (format!("stones take=[{list}]"), Plain::Take(take))
        }
    }
}

/// `grundy(RULE, a..b)` and `grundy(G)` against the plain mex.
pub(super) fn grundy(l: &mut Lab) {
    let (name, plain) = rule(&mut l.r);
    let a = l.r.below(30);
    let b = a + l.r.below(30);
    let mut search = HeapSearch::default();
    let want: Vec<String> = (a..=b).map(|n| search.grundy(&plain, n).to_string()).collect();
    let call = format!("grundy({name}, {a}..{b})");
    assert_eq!(l.shown(&call), format!("[{}]", want.join(", ")), "{call}");
    let t = Tree::impartial(&mut l.r, 3);
    l.same(&format!("grundy({})", t.text), &plain_grundy(&t).to_string());
}

fn plain_grundy(t: &Tree) -> u64 {
    mex(t.left.iter().map(plain_grundy))
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let v: Vec<u64> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).expect("a finite set misses a number")
}

/// The period `period(RULE)` reports holds on the plain Grundy values well past it.
pub(super) fn period(l: &mut Lab) {
    let (name, plain) = rule(&mut l.r);
    let Value::Period(pre, p) = eval(&mut l.s, &format!("period({name})")) else { panic!("period({name})") };
    let mut search = HeapSearch::default();
    let end = (pre + 3 * p + 24).min(400);
    for n in pre..end.saturating_sub(p) {
        let (x, y) = (search.grundy(&plain, n), search.grundy(&plain, n + p));
        assert_eq!(x, y, "period({name}) = {p} from {pre}, but heaps {n} and {} differ", n + p);
    }
    if pre > 0 {
        let n = pre - 1;
        assert_ne!(
            search.grundy(&plain, n),
            search.grundy(&plain, n + p),
            "period({name}): the pre-period {pre} is not the least"
        );
    }
}

/// The misère nim value from its definition: 1 for a sum with no move, else the mex of its
/// options' (WW ch. 13).
pub(super) fn misere_nim(parts: &[&Tree]) -> u64 {
    fn go(parts: Vec<&Tree>, memo: &mut HashMap<String, u64>) -> u64 {
        let mut keys: Vec<&str> = parts.iter().map(|t| t.text.as_str()).collect();
        keys.sort_unstable();
        let key = keys.join("+");
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            for q in &p.left {
                let mut next = parts.clone();
                next[i] = q;
                seen.push(go(next, memo));
            }
        }
        let v = if seen.is_empty() { 1 } else { mex(seen) };
        memo.insert(key, v);
        v
    }
    go(parts.to_vec(), &mut HashMap::new())
}

/// The nim heap of `n` as a tree.
fn heap(n: u64) -> Tree {
    let options: Vec<Tree> = (0..n).map(heap).collect();
    let mut t = Tree::node(options.clone(), options);
    t.text = format!("*{n}");
    t
}

/// `genus(G)`: its base is the nim value, and each exponent shown is the misère nim value of
/// G plus that many copies of *2; an abbreviated genus (a nim heap's) has the heap's exponent.
pub(super) fn genus(l: &mut Lab) {
    let t = Tree::impartial(&mut l.r, 3);
    let shown = l.shown(&format!("genus({})", t.text));
    let (base, exponents) = shown.split_once('^').unwrap_or((&shown, ""));
    let g = plain_grundy(&t);
    assert_eq!(base, g.to_string(), "genus({}) = {shown}", t.text);
    let two = heap(2);
    let gamma = |k: usize| {
        let mut parts = vec![&t];
        parts.extend(std::iter::repeat_n(&two, k));
        misere_nim(&parts)
    };
    if exponents.is_empty() {
        let heap_value = if g < 2 { 1 - g } else { g };
        assert_eq!(gamma(0), heap_value, "genus({}) = {shown}, abbreviated as a heap's", t.text);
    } else if exponents.chars().all(|c| c.is_ascii_digit()) {
        for (k, c) in exponents.chars().enumerate().take(4) {
            assert_eq!(gamma(k).to_string(), c.to_string(), "genus({}) = {shown}: exponent {k}", t.text);
        }
    }
}

/// `mate(G)`, read back in misère play, has the misère outcomes of G with its endings exchanged
/// (a position with no move becomes *1, and *1 becomes 0), in sums with random games.
pub(super) fn mate(l: &mut Lab) {
    fn mated(t: &Tree) -> Tree {
        if t.left.is_empty() {
            return heap(1);
        }
        if t.left.iter().all(|o| o.left.is_empty()) {
            return heap(0);
        }
        let options: Vec<Tree> = t.left.iter().map(mated).collect();
        Tree::node(options.clone(), options)
    }
    let t = Tree::impartial(&mut l.r, 3);
    let form = l.shown(&format!("mate({})", t.text));
    let m = mated(&t);
    for _ in 0..4 {
        let x = Tree::impartial(&mut l.r, 2);
        let want = if misere_nim(&[&m, &x]) == 0 { "P" } else { "N" };
        let got = l.shown(&format!("misere {form} + {}", x.text));
        let got = got.split(' ').next().unwrap_or_default().to_string();
        assert_eq!(got, want, "mate({}) = {form}, plus {}", t.text, x.text);
    }
}

/// A compound of two games by its game tree, from the canonical forms (what the rows take),
/// against the function's game or outcome.
pub(super) fn compound(l: &mut Lab) {
    let row = l.row;
    let impartial = matches!(row, "diminished" | "shortened" | "conjunctive" | "continued");
    let pick = |l: &mut Lab| {
        let t = if impartial { Tree::impartial(&mut l.r, 2) } else { Tree::random(&mut l.r, 2) };
        let g = l.game(&t.text);
        l.tree_of(g)
    };
    let (a, b) = (pick(l), pick(l));
    let tree = compound_tree(row, &[a.clone(), b.clone()]);
    let call = format!("{row}({}, {})", a.text, b.text);
    match eval(&mut l.s, &call) {
        Value::Game(g) => {
            let want = value(l, &tree);
            assert_eq!(g, want, "{call}: the compound's tree is {}", l.s.games.display(want, Default::default()));
        }
        other => {
            let got = l.s.show(&other);
            let want = l.search.outcome(&[&tree]);
            assert!(got.starts_with(want), "{call} = {got}, its tree is {want}");
        }
    }
}

/// The value of a tree by the definition, from its options' values.
fn value(l: &mut Lab, t: &Tree) -> GameId {
    let left: Vec<GameId> = t.left.iter().map(|o| value(l, o)).collect();
    let right: Vec<GameId> = t.right.iter().map(|o| value(l, o)).collect();
    l.s.games.from_options(&left, &right, &cgt_core::Budget::unlimited()).expect("no budget")
}

/// The compound's tree: which components the mover moves in, and when play ends.
fn compound_tree(row: &str, parts: &[Tree]) -> Tree {
    let moves = |left: bool| -> Vec<Tree> {
        let options = |t: &Tree| if left { t.left.clone() } else { t.right.clone() };
        let can: Vec<bool> = parts.iter().map(|t| !options(t).is_empty()).collect();
        // A component with no move for the mover ends the diminished, shortened and
        // conjunctive compounds (for the impartial ones, a component with no move at all).
        let ended = can.contains(&false);
        let all = || (0..parts.len()).collect::<Vec<_>>();
        let subsets: Vec<Vec<usize>> = match row {
            "diminished" if ended => vec![],
            "diminished" => all().into_iter().map(|i| vec![i]).collect(),
            "shortened" if ended => vec![],
            "selective" | "shortened" => (1..1usize << parts.len())
                .map(|m| all().into_iter().filter(|i| m >> i & 1 == 1).collect::<Vec<_>>())
                .filter(|s| s.iter().all(|&i| can[i]))
                .collect(),
            "conjunctive" if ended => vec![],
            "conjunctive" => vec![all()],
            _ => {
                let s: Vec<usize> = all().into_iter().filter(|&i| can[i]).collect();
                if s.is_empty() { vec![] } else { vec![s] }
            }
        };
        let mut out = Vec::new();
        for s in subsets {
            let mut next: Vec<Vec<Tree>> = vec![Vec::new()];
            for (i, t) in parts.iter().enumerate() {
                let choices = if s.contains(&i) { options(t) } else { vec![t.clone()] };
                next = next
                    .into_iter()
                    .flat_map(|p| choices.iter().map(move |c| [p.clone(), vec![c.clone()]].concat()))
                    .collect();
            }
            out.extend(next.iter().map(|p| compound_tree(row, p)));
        }
        out
    };
    let (l, r) = (moves(true), moves(false));
    let text = format!("{row}({})", parts.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(", "));
    let mut t = Tree::node(l, r);
    t.text = text;
    t
}

/// `quotient(RULE, N)`: each element listed with the sum of heaps it stands for is in the
/// P-portion exactly when that sum is a misère P-position; and so is each heap's element.
pub(super) fn quotient(l: &mut Lab) {
    let (name, plain) = loop {
        let (name, plain) = rule(&mut l.r);
        if !name.starts_with("stones") {
            break (name, plain);
        }
    };
    let n = 4 + l.r.below(6);
    let text = l.shown(&format!("quotient({name}, {n})"));
    let field = |key: &str| -> &str {
        text.split("; ")
            .find_map(|part| part.strip_prefix(key))
            .unwrap_or_else(|| panic!("quotient({name}, {n}): no `{key}` in {text}"))
    };
    let p_portion: Vec<&str> = field("P-portion: ").split(", ").collect();
    let mut search = HeapSearch::default();
    for element in field("elements: ").split(", ") {
        let Some((e, sum)) = element.split_once(" = ") else { continue };
        let heaps: Vec<u64> =
            if sum == "0" { vec![] } else { sum.split('+').map(|h| h.parse().expect("a heap")).collect() };
        let p = !search.misere_wins(&plain, &heaps);
        assert_eq!(p, p_portion.contains(&e), "quotient({name}, {n}): {e} = {sum}: {text}");
    }
    for pair in field("heaps: ").split(' ') {
        let (h, e) = pair.split_once(':').expect("heap:element");
        let p = !search.misere_wins(&plain, &[h.parse().expect("a heap")]);
        assert_eq!(p, p_portion.contains(&e), "quotient({name}, {n}): heap {h} is {e}: {text}");
    }
}
