//! The operators against independent, slow implementations from their definitions: games as
//! literal option trees compared by the definition (no canonicalisation, no fast paths), stops
//! by the definition, cooling by the definition with the freezing point found by scanning a grid
//! of temperatures, and nim multiplication by the mex rule.

use std::collections::HashMap;

use cgt_core::operators;
use cgt_core::{Budget, Dyadic, GameId, Games};
use proptest::prelude::*;

/// Literal games, shared by structure, compared and combined from the definitions.
#[derive(Default)]
struct Oracle {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    leq_memo: HashMap<(usize, usize), bool>,
    add_memo: HashMap<(usize, usize), usize>,
    pair_memo: HashMap<(u8, usize, usize), usize>,
}

impl Oracle {
    fn node(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        let key = (l, r);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.nodes.push(key.clone());
        self.index.insert(key, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// `a <= b` iff no `a^L >= b` and no `b^R <= a`.
    fn leq(&mut self, a: usize, b: usize) -> bool {
        if let Some(&r) = self.leq_memo.get(&(a, b)) {
            return r;
        }
        let (al, _) = self.nodes[a].clone();
        let (_, br) = self.nodes[b].clone();
        let r = !al.iter().any(|&x| self.leq(b, x)) && !br.iter().any(|&y| self.leq(y, a));
        self.leq_memo.insert((a, b), r);
        r
    }

    fn eq(&mut self, a: usize, b: usize) -> bool {
        self.leq(a, b) && self.leq(b, a)
    }

    fn add(&mut self, a: usize, b: usize) -> usize {
        if let Some(&r) = self.add_memo.get(&(a, b)) {
            return r;
        }
        let (al, ar) = self.nodes[a].clone();
        let (bl, br) = self.nodes[b].clone();
        let mut l: Vec<usize> = al.iter().map(|&x| self.add(x, b)).collect();
        l.extend(bl.iter().map(|&y| self.add(a, y)));
        let mut r: Vec<usize> = ar.iter().map(|&x| self.add(x, b)).collect();
        r.extend(br.iter().map(|&y| self.add(a, y)));
        let s = self.node(l, r);
        self.add_memo.insert((a, b), s);
        s
    }

    fn neg(&mut self, a: usize) -> usize {
        let (l, r) = self.nodes[a].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        self.node(nl, nr)
    }

    fn sub(&mut self, a: usize, b: usize) -> usize {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// Conjunctive (`kind` 0): `{a^L ∧ b^L | a^R ∧ b^R}`; selective (1): moves in a non-empty
    /// set of components.
    fn compound(&mut self, kind: u8, a: usize, b: usize) -> usize {
        if let Some(&r) = self.pair_memo.get(&(kind, a, b)) {
            return r;
        }
        let (al, ar) = self.nodes[a].clone();
        let (bl, br) = self.nodes[b].clone();
        let l = self.compound_moves(kind, (a, b), &al, &bl);
        let r = self.compound_moves(kind, (a, b), &ar, &br);
        let c = self.node(l, r);
        self.pair_memo.insert((kind, a, b), c);
        c
    }

    fn compound_moves(&mut self, kind: u8, (a, b): (usize, usize), aa: &[usize], bb: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &x in aa {
            for &y in bb {
                out.push(self.compound(kind, x, y));
            }
            if kind == 1 {
                out.push(self.compound(kind, x, b));
            }
        }
        if kind == 1 {
            out.extend(bb.iter().map(|&y| self.compound(kind, a, y)).collect::<Vec<_>>());
        }
        out
    }

    /// The Conway product by its definition.
    fn times(&mut self, a: usize, b: usize) -> usize {
        if let Some(&r) = self.pair_memo.get(&(2, a, b)) {
            return r;
        }
        let (al, ar) = self.nodes[a].clone();
        let (bl, br) = self.nodes[b].clone();
        let mut l = self.times_terms(a, b, &al, &bl);
        l.extend(self.times_terms(a, b, &ar, &br));
        let mut r = self.times_terms(a, b, &al, &br);
        r.extend(self.times_terms(a, b, &ar, &bl));
        let p = self.node(l, r);
        self.pair_memo.insert((2, a, b), p);
        p
    }

    /// `x·b + a·y - x·y`.
    fn times_terms(&mut self, a: usize, b: usize, xs: &[usize], ys: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &x in xs {
            for &y in ys {
                let (xb, ay, xy) = (self.times(x, b), self.times(a, y), self.times(x, y));
                let s = self.add(xb, ay);
                out.push(self.sub(s, xy));
            }
        }
        out
    }

    /// The literal tree of an engine game, expanded through its canonical options.
    fn import(&mut self, games: &mut Games, g: GameId, memo: &mut HashMap<GameId, usize>) -> usize {
        if let Some(&i) = memo.get(&g) {
            return i;
        }
        let l: Vec<usize> = games.left_options(g).into_iter().map(|o| self.import(games, o, memo)).collect();
        let r: Vec<usize> = games.right_options(g).into_iter().map(|o| self.import(games, o, memo)).collect();
        let i = self.node(l, r);
        memo.insert(g, i);
        i
    }
}

/// A random literal game.
#[derive(Clone, Debug)]
struct Lit(Vec<Lit>, Vec<Lit>);

fn lit() -> impl Strategy<Value = Lit> {
    let leaf = Just(Lit(vec![], vec![]));
    leaf.prop_recursive(3, 24, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3)).prop_map(|(l, r)| Lit(l, r))
    })
}

/// The engine and the oracle side by side.
struct Both {
    games: Games,
    oracle: Oracle,
    memo: HashMap<GameId, usize>,
    budget: Budget,
}

impl Both {
    fn new() -> Self {
        Both { games: Games::new(), oracle: Oracle::default(), memo: HashMap::new(), budget: Budget::unlimited() }
    }

    fn build(&mut self, lit: &Lit) -> GameId {
        let l: Vec<GameId> = lit.0.iter().map(|x| self.build(x)).collect();
        let r: Vec<GameId> = lit.1.iter().map(|x| self.build(x)).collect();
        self.games.from_options(&l, &r, &self.budget).unwrap()
    }

    /// The literal tree of the canonical form of `g`.
    fn tree(&mut self, g: GameId) -> usize {
        self.oracle.import(&mut self.games, g, &mut self.memo)
    }

    fn agrees(&mut self, g: GameId, o: usize) -> bool {
        let t = self.tree(g);
        self.oracle.eq(t, o)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn compounds_agree_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let (g, h) = (w.build(&a), w.build(&b));
        let (tg, th) = (w.tree(g), w.tree(h));
        let conj = operators::conjunctive(&mut w.games, g, h, &w.budget).unwrap();
        let expected = w.oracle.compound(0, tg, th);
        prop_assert!(w.agrees(conj, expected));
        let sel = operators::selective(&mut w.games, g, h, &w.budget).unwrap();
        let expected = w.oracle.compound(1, tg, th);
        prop_assert!(w.agrees(sel, expected));
    }

    #[test]
    fn conway_products_agree_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let (g, h) = (w.build(&a), w.build(&b));
        let (tg, th) = (w.tree(g), w.tree(h));
        let p = operators::conway(&mut w.games, g, h, &w.budget).unwrap();
        let expected = w.oracle.times(tg, th);
        prop_assert!(w.agrees(p, expected));
    }

    #[test]
    fn heating_agrees_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let (g, t) = (w.build(&a), w.build(&b));
        let hot = operators::heat(&mut w.games, g, t, &w.budget).unwrap();
        let expected = heat_by_definition(&mut w, g, t);
        prop_assert!(w.agrees(hot, expected));
    }

    #[test]
    fn integer_norton_products_are_repeated_sums(a in lit(), n in -4i64..5) {
        let mut w = Both::new();
        let u = w.build(&a);
        let x = w.games.number(&Dyadic::integer(n));
        let p = operators::norton(&mut w.games, x, u, &w.budget).unwrap();
        let tu = w.tree(u);
        let unit = if n < 0 { w.oracle.neg(tu) } else { tu };
        let mut expected = w.oracle.node(vec![], vec![]);
        for _ in 0..n.abs() {
            expected = w.oracle.add(expected, unit);
        }
        prop_assert!(w.agrees(p, expected));
    }
}

/// `∫^t G` on the literal tree of G's canonical form: numbers stay, others are
/// `{∫G^L + t | ∫G^R - t}`.
fn heat_by_definition(w: &mut Both, g: GameId, t: GameId) -> usize {
    if w.games.as_number(g).is_some() {
        return w.tree(g);
    }
    let tt = w.tree(t);
    let mt = w.oracle.neg(tt);
    let mut l = Vec::new();
    for o in w.games.left_options(g) {
        let h = heat_by_definition(w, o, t);
        l.push(w.oracle.add(h, tt));
    }
    let mut r = Vec::new();
    for o in w.games.right_options(g) {
        let h = heat_by_definition(w, o, t);
        r.push(w.oracle.add(h, mt));
    }
    w.oracle.node(l, r)
}

/// `*a·*b` by its definition: the mex of `a'b ⊕ ab' ⊕ a'b'` over `a' < a`, `b' < b`.
fn nim_products_by_mex(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; 4 * n * n + 1];
            for x in 0..a {
                for y in 0..b {
                    let v = (t[x][b] ^ t[a][y] ^ t[x][y]) as usize;
                    let last = seen.len() - 1;
                    seen[v.min(last)] = true;
                }
            }
            t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    t
}

#[test]
fn nim_multiplication_agrees_with_the_mex_rule() {
    let table = nim_products_by_mex(40);
    let mut games = Games::new();
    let b = Budget::unlimited();
    for (a, row) in table.iter().enumerate() {
        for (c, &want) in row.iter().enumerate() {
            assert_eq!(operators::nim_multiply(a as u64, c as u64), want, "{a} x {c}");
            let (ga, gc) = (games.nimber(a as u64), games.nimber(c as u64));
            assert_eq!(operators::conway(&mut games, ga, gc, &b).unwrap(), games.nimber(want));
        }
    }
    // Published: 2^(2^a) squared is 3/2 of it; 8·16 = 128 (docs/src/reference/functions.md);
    // the field is associative.
    assert_eq!(operators::nim_multiply(1 << 32, 1 << 32), 3 << 31);
    assert_eq!(operators::nim_multiply(8, 16), 128);
    let (x, y, z) = (0x1234_5678_9abc_def0u64, 0xfedc_ba98_7654_3210u64, 0x0f0f_0f0f_f0f0_f0f0u64);
    let m = operators::nim_multiply;
    assert_eq!(m(m(x, y), z), m(x, m(y, z)));
    assert_eq!(m(x, y ^ z), m(x, y) ^ m(x, z));
}
