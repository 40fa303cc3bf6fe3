//! Plain oracles written from the rules: heap games (Nim, octal codes digit by digit,
//! Grundy's game, Lasker's Nim, subtraction sets), coin turning, Moore's Nim, deque, fair
//! choices of box piles, and games on graphs. Each is a direct search, small and slow.

use std::collections::HashMap;

use super::common::eval;
use crate::session::Session;
use crate::value::Value;

/// A heap rule or coin-turning rule, from its definition.
#[derive(Clone, Debug)]
pub(super) enum Plain {
    /// Take any number from a heap.
    Nim,
    /// An octal code `0.d1 d2 ...`: digit k says whether taking k tokens may leave no heap
    /// (1), one heap (2), or two non-empty heaps (4).
    Octal(Vec<u8>),
    /// Grundy's game: split a heap into two unequal non-empty heaps.
    Grundy,
    /// Lasker's Nim: take any number, or split a heap into two non-empty heaps.
    Lasker,
    /// Take a number in the set.
    Take(Vec<u64>),
    /// Take any number but those in the set.
    AllBut(Vec<u64>),
    /// Turning Turtles: turn one coin heads to tails, and optionally one to its left.
    Turtles,
    /// Mock Turtles: as Turtles, with up to two coins to its left.
    MockTurtles,
    /// Ruler: turn a run of consecutive coins, the rightmost heads to tails.
    Ruler,
}

/// A position of a plain rule: heaps (a sum), or the heads of a row of coins.
pub(super) struct HeapCase {
    text: String,
    plain: Plain,
    heaps: Vec<u64>,
    coins: bool,
}

impl HeapCase {
    /// `name[heaps] settings`.
    pub(super) fn new(name: &str, settings: &str, plain: Plain, heaps: Vec<u64>) -> Self {
        let text = format!("{name}[{}]{settings}", super::heaps::join(&heaps));
        HeapCase { text, plain, heaps, coins: false }
    }

    /// `name[heads]` for a coin-turning rule.
    pub(super) fn coins(name: &str, plain: Plain, heads: Vec<u64>) -> Self {
        let text = format!("{name}[{}]", super::heaps::join(&heads));
        HeapCase { text, plain, heaps: heads, coins: true }
    }
}

impl Plain {
    /// The moves from one heap of `n`: the heaps each leaves.
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let keep = |v: Vec<u64>| v.into_iter().filter(|&h| h > 0).collect::<Vec<_>>();
        match self {
            Plain::Nim => (0..n).for_each(|k| out.push(keep(vec![k]))),
            Plain::Octal(digits) => {
                for (i, &d) in digits.iter().enumerate() {
                    let k = i as u64 + 1;
                    if n < k {
                        continue;
                    }
                    let rest = n - k;
                    if d & 1 != 0 && rest == 0 {
                        out.push(vec![]);
                    }
                    if d & 2 != 0 && rest > 0 {
                        out.push(vec![rest]);
                    }
                    if d & 4 != 0 && rest >= 2 {
                        (1..=rest / 2).for_each(|a| out.push(vec![a, rest - a]));
                    }
                }
            }
            Plain::Grundy => (1..n).filter(|&a| 2 * a < n).for_each(|a| out.push(vec![a, n - a])),
            Plain::Lasker => {
                (0..n).for_each(|k| out.push(keep(vec![k])));
                (1..=n / 2).for_each(|a| out.push(vec![a, n - a]));
            }
            Plain::Take(set) => set.iter().filter(|&&k| k <= n).for_each(|&k| out.push(keep(vec![n - k]))),
            Plain::AllBut(set) => (1..=n).filter(|k| !set.contains(k)).for_each(|k| out.push(keep(vec![n - k]))),
            Plain::Turtles | Plain::MockTurtles | Plain::Ruler => unreachable!("coins are not heaps"),
        }
        out
    }

    /// The coins each move turns over, from a row whose heads are the bits of `heads`.
    fn coin_moves(&self, heads: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for h in (1..=8).filter(|h| heads & (1 << h) != 0) {
            let top = 1u32 << h;
            match self {
                Plain::Turtles => {
                    out.push(top);
                    (1..h).for_each(|j| out.push(top | 1 << j));
                }
                Plain::MockTurtles => {
                    out.push(top);
                    for j in 1..h {
                        out.push(top | 1 << j);
                        (j + 1..h).for_each(|i| out.push(top | 1 << j | 1 << i));
                    }
                }
                Plain::Ruler => (1..=h).for_each(|start| out.push((start..=h).fold(0, |m, c| m | 1 << c))),
                _ => unreachable!("heaps are not coins"),
            }
        }
        out
    }
}

/// Searches of one rule, memoised.
/// Grundy values and misère outcomes of a plain rule, memoised.
#[derive(Default)]
pub(super) struct Search {
    grundy: HashMap<u64, u64>,
    misere: HashMap<Vec<u64>, bool>,
    coins: HashMap<u32, u64>,
    coins_misere: HashMap<u32, bool>,
}

impl Search {
    /// The Grundy value of one heap of `n`.
    pub(super) fn grundy(&mut self, p: &Plain, n: u64) -> u64 {
        if let Some(&g) = self.grundy.get(&n) {
            return g;
        }
        let values: Vec<u64> = p.options(n).iter().map(|hs| hs.iter().fold(0, |x, &h| x ^ self.grundy(p, h))).collect();
        let g = mex(&values);
        self.grundy.insert(n, g);
        g
    }

    /// Whether the player to move wins the sum of `heaps` under misère play.
    pub(super) fn misere_wins(&mut self, p: &Plain, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = self.misere.get(&key) {
            return w;
        }
        let mut moved = false;
        let mut win = false;
        for i in 0..key.len() {
            for o in p.options(key[i]) {
                moved = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(o);
                if !self.misere_wins(p, &next) {
                    win = true;
                }
            }
        }
        let w = win || !moved;
        self.misere.insert(key, w);
        w
    }

    fn coins_grundy(&mut self, p: &Plain, heads: u32) -> u64 {
        if let Some(&g) = self.coins.get(&heads) {
            return g;
        }
        let values: Vec<u64> = p.coin_moves(heads).iter().map(|m| self.coins_grundy(p, heads ^ m)).collect();
        let g = mex(&values);
        self.coins.insert(heads, g);
        g
    }

    fn coins_misere_wins(&mut self, p: &Plain, heads: u32) -> bool {
        if let Some(&w) = self.coins_misere.get(&heads) {
            return w;
        }
        let moves = p.coin_moves(heads);
        let w = moves.is_empty() || moves.iter().any(|m| !self.coins_misere_wins(p, heads ^ m));
        self.coins_misere.insert(heads, w);
        w
    }
}

fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).expect("a finite set misses a number")
}

/// Checks a heap case: its Grundy value and its misère outcome, against the plain search.
pub(super) fn check(s: &mut Session, case: &HeapCase) {
    let mut search = Search::default();
    let (grundy, misere_win) = if case.coins {
        let heads = case.heaps.iter().fold(0u32, |m, &h| m | 1 << h);
        (search.coins_grundy(&case.plain, heads), search.coins_misere_wins(&case.plain, heads))
    } else {
        let g = case.heaps.iter().fold(0, |x, &h| x ^ search.grundy(&case.plain, h));
        (g, search.misere_wins(&case.plain, &case.heaps))
    };
    let text = &case.text;
    match eval(s, text) {
        Value::Game(g) => assert_eq!(s.games.nim_value(g), Some(grundy), "{text}: the plain rule gives *{grundy}"),
        other => panic!("{text}: {other:?}"),
    }
    let got = eval(s, &format!("misere {text}"));
    let want = if misere_win { "N" } else { "P" };
    assert_eq!(s.show(&got), want, "misere {text}");
}

/// Moore's Nim_k by search: a move takes tokens from 1 to k heaps.
pub(super) fn moore_outcome(heaps: &[u64], k: u64) -> &'static str {
    fn wins(heaps: Vec<u64>, k: u64, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&heaps) {
            return w;
        }
        let n = heaps.len();
        let mut win = false;
        // Every choice of a new size at most the old one for each heap, some smaller, at most k.
        let mut next = vec![0u64; n];
        let total: u64 = heaps.iter().map(|h| h + 1).product();
        for code in 0..total {
            let mut c = code;
            let mut changed = 0;
            for i in 0..n {
                next[i] = c % (heaps[i] + 1);
                c /= heaps[i] + 1;
                changed += u64::from(next[i] != heaps[i]);
            }
            if changed >= 1 && changed <= k && !wins(next.clone(), k, memo) {
                win = true;
                break;
            }
        }
        memo.insert(heaps, win);
        win
    }
    if wins(heaps.to_vec(), k, &mut HashMap::new()) { "N" } else { "P" }
}

/// Deque: the first player's total minus the second's, both playing best.
pub(super) fn deque_score(cards: &[u64]) -> i64 {
    fn best(c: &[u64]) -> i64 {
        match c {
            [] => 0,
            [x] => *x as i64,
            _ => {
                let first = c[0] as i64 - best(&c[1..]);
                let last = c[c.len() - 1] as i64 - best(&c[..c.len() - 1]);
                first.max(last)
            }
        }
    }
    best(cards)
}

/// The most boxes among the choices of piles whose sum is a P-position (value 0).
pub(super) fn fair_best(piles: &[String]) -> usize {
    let values: Vec<f64> = piles.iter().map(|p| pile_value(p)).collect();
    (0..1u32 << piles.len())
        .filter(|m| (0..piles.len()).filter(|i| m & 1 << i != 0).map(|i| values[i]).sum::<f64>() == 0.0)
        .map(|m| (0..piles.len()).filter(|i| m & 1 << i != 0).map(|i| piles[i].len()).sum())
        .max()
        .unwrap_or(0)
}

/// The value of a black-and-white pile (bottom to top) by the definition: the simplest number
/// between the best options (exact: the piles are short, so every value is a small dyadic).
fn pile_value(p: &str) -> f64 {
    let options = |colour: char| -> Vec<f64> {
        p.char_indices().filter(|&(_, c)| c == colour).map(|(i, _)| pile_value(&p[..i])).collect()
    };
    let left = options('B').into_iter().fold(f64::NEG_INFINITY, f64::max);
    let right = options('W').into_iter().fold(f64::INFINITY, f64::min);
    simplest_between(left, right)
}

/// The simplest number strictly between `a` and `b` (a < b).
fn simplest_between(a: f64, b: f64) -> f64 {
    if a < 0.0 && b > 0.0 {
        return 0.0;
    }
    if b <= 0.0 {
        return -simplest_between(-b, -a);
    }
    let n = (a.floor() + 1.0).max(0.0);
    if n < b {
        return n;
    }
    let mut step = 0.5;
    loop {
        let m = (a / step).floor() + 1.0;
        if m * step < b {
            return m * step;
        }
        step /= 2.0;
    }
}

/// A game on a graph for the player to move at `from`: a player who cannot move loses; play
/// that never ends is a draw.
pub(super) fn graph_outcome(n: u64, arcs: &[(u64, u64)], from: u64) -> &'static str {
    #[derive(Clone, Copy, PartialEq)]
    enum S {
        Unknown,
        Win,
        Loss,
    }
    let mut status = vec![S::Unknown; n as usize + 1];
    loop {
        let mut changed = false;
        for v in 1..=n {
            if status[v as usize] != S::Unknown {
                continue;
            }
            let next: Vec<S> = arcs.iter().filter(|(a, _)| *a == v).map(|(_, b)| status[*b as usize]).collect();
            let s = if next.contains(&S::Loss) {
                S::Win
            } else if next.iter().all(|&t| t == S::Win) {
                S::Loss
            } else {
                S::Unknown
            };
            if s != S::Unknown {
                status[v as usize] = s;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    match status[from as usize] {
        S::Win => "win",
        S::Loss => "loss",
        S::Unknown => "draw",
    }
}

/// Numbers joined by ", ".
pub(super) fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}
