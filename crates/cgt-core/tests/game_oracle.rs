//! The canonical-form engine checked against an independent oracle: games as literal option
//! trees (no canonicalisation, no number or up fast paths), compared straight from the
//! definition, on many random small games.

use std::collections::HashMap;

use cgt_core::{Budget, Comparison, Dyadic, GameId, Games, Outcome};
use proptest::prelude::*;

/// Literal games, shared by structure (not by value) and compared from the definition.
#[derive(Default)]
struct Oracle {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    leq_memo: HashMap<(usize, usize), bool>,
    add_memo: HashMap<(usize, usize), usize>,
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

    /// `a : b` from the definition, `a` taken as given.
    fn ordinal(&mut self, a: usize, b: usize) -> usize {
        let (al, ar) = self.nodes[a].clone();
        let (bl, br) = self.nodes[b].clone();
        let mut l = al;
        l.extend(bl.iter().map(|&y| self.ordinal(a, y)));
        let mut r = ar;
        r.extend(br.iter().map(|&y| self.ordinal(a, y)));
        self.node(l, r)
    }

    fn outcome(&mut self, a: usize) -> Outcome {
        let zero = self.node(vec![], vec![]);
        match (self.leq(zero, a), self.leq(a, zero)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
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

/// A random literal game: option lists of literal games.
#[derive(Clone, Debug)]
struct Lit(Vec<Lit>, Vec<Lit>);

fn lit() -> impl Strategy<Value = Lit> {
    let leaf = Just(Lit(vec![], vec![]));
    leaf.prop_recursive(3, 64, 4, |inner| {
        (prop::collection::vec(inner.clone(), 0..4), prop::collection::vec(inner, 0..4)).prop_map(|(l, r)| Lit(l, r))
    })
}

/// The engine, the oracle and translations between them.
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

    /// The game in both worlds: built by canonicalisation and as a literal tree.
    fn build(&mut self, lit: &Lit) -> (GameId, usize) {
        let (mut gl, mut ol, mut gr, mut or) = (vec![], vec![], vec![], vec![]);
        for x in &lit.0 {
            let (g, o) = self.build(x);
            gl.push(g);
            ol.push(o);
        }
        for x in &lit.1 {
            let (g, o) = self.build(x);
            gr.push(g);
            or.push(o);
        }
        let g = self.games.from_options(&gl, &gr, &self.budget).unwrap();
        (g, self.oracle.node(ol, or))
    }

    fn tree(&mut self, g: GameId) -> usize {
        self.oracle.import(&mut self.games, g, &mut self.memo)
    }

    /// Whether the engine's game equals the literal tree.
    fn agrees(&mut self, g: GameId, o: usize) -> bool {
        let t = self.tree(g);
        self.oracle.eq(t, o)
    }

    fn rebuild(&mut self, g: GameId) -> GameId {
        let l = self.games.left_options(g);
        let r = self.games.right_options(g);
        self.games.from_options(&l, &r, &self.budget).unwrap()
    }
}

fn comparison(le: bool, ge: bool) -> Comparison {
    match (le, ge) {
        (true, true) => Comparison::Equal,
        (true, false) => Comparison::Less,
        (false, true) => Comparison::Greater,
        (false, false) => Comparison::Confused,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn canonical_forms_equal_their_definition(a in lit()) {
        let mut w = Both::new();
        let (g, o) = w.build(&a);
        prop_assert!(w.agrees(g, o));
        // Canonicalising a canonical game's options gives it back.
        prop_assert_eq!(w.rebuild(g), g);
        let expected = w.oracle.outcome(o);
        prop_assert_eq!(w.games.outcome(g, &Budget::unlimited()).unwrap(), expected);
    }

    #[test]
    fn comparisons_agree_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let (g, o) = w.build(&a);
        let (h, p) = w.build(&b);
        let budget = Budget::unlimited();
        let le = w.oracle.leq(o, p);
        let ge = w.oracle.leq(p, o);
        prop_assert_eq!(w.games.leq(g, h, &budget).unwrap(), le);
        prop_assert_eq!(w.games.compare(g, h, &budget).unwrap(), comparison(le, ge));
        // Equal games get one id.
        prop_assert_eq!(g == h, le && ge);
        // G = H iff G - H is a P-position.
        let d = w.games.sub(g, h, &budget).unwrap();
        prop_assert_eq!(w.games.outcome(d, &budget).unwrap() == Outcome::P, g == h);
    }

    #[test]
    fn sums_agree_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let (g, o) = w.build(&a);
        let (h, p) = w.build(&b);
        let budget = Budget::unlimited();
        let s = w.games.add(g, h, &budget).unwrap();
        let os = w.oracle.add(o, p);
        prop_assert!(w.agrees(s, os));
        prop_assert_eq!(w.rebuild(s), s);
        let n = w.games.neg(g, &budget).unwrap();
        let on = w.oracle.neg(o);
        prop_assert!(w.agrees(n, on));
        prop_assert_eq!(w.rebuild(n), n);
        prop_assert_eq!(w.games.add(h, g, &budget).unwrap(), s);
    }

    #[test]
    fn algebra(a in lit(), b in lit(), c in lit()) {
        let mut w = Both::new();
        let budget = Budget::unlimited();
        let (g, _) = w.build(&a);
        let (h, _) = w.build(&b);
        let (k, _) = w.build(&c);
        let zero = w.games.zero();
        let games = &mut w.games;
        prop_assert_eq!(games.add(g, zero, &budget).unwrap(), g);
        prop_assert_eq!(games.sub(g, g, &budget).unwrap(), zero);
        let gh = games.add(g, h, &budget).unwrap();
        let hk = games.add(h, k, &budget).unwrap();
        prop_assert_eq!(games.add(gh, k, &budget).unwrap(), games.add(g, hk, &budget).unwrap());
        let ng = games.neg(g, &budget).unwrap();
        prop_assert_eq!(games.neg(ng, &budget).unwrap(), g);
        // <= is a partial order.
        prop_assert!(games.leq(g, g, &budget).unwrap());
        if games.leq(g, h, &budget).unwrap() && games.leq(h, g, &budget).unwrap() {
            prop_assert_eq!(g, h);
        }
        if games.leq(g, h, &budget).unwrap() && games.leq(h, k, &budget).unwrap() {
            prop_assert!(games.leq(g, k, &budget).unwrap());
        }
    }

    #[test]
    fn translation_by_numbers_stays_canonical(a in lit(), num in -9i64..9, exp in 0u64..3) {
        let mut w = Both::new();
        let budget = Budget::unlimited();
        let (g, o) = w.build(&a);
        let x = w.games.number(&Dyadic::new(num, exp));
        let s = w.games.add(g, x, &budget).unwrap();
        prop_assert_eq!(w.rebuild(s), s);
        let ox = w.tree(x);
        let os = w.oracle.add(o, ox);
        prop_assert!(w.agrees(s, os));
    }

    #[test]
    fn ordinal_sums_agree_with_the_definition(a in lit(), b in lit()) {
        let mut w = Both::new();
        let budget = Budget::unlimited();
        let (g, _) = w.build(&a);
        let (h, p) = w.build(&b);
        let s = w.games.ordinal_sum(g, h, &budget).unwrap();
        let og = w.tree(g);
        let os = w.oracle.ordinal(og, p);
        prop_assert!(w.agrees(s, os));
    }
}

/// The nus fast path against sums built from options: `x + k·^ + *m` made by adding
/// `{0|*}` (or `{*|0}`) k times, `*m` from its options and the number `x`, and against the
/// literal sum in the oracle. Also checks that the nus options are canonical.
#[test]
fn nus_values_agree_with_sums_of_literal_games() {
    let mut w = Both::new();
    let budget = Budget::unlimited();
    let zero = w.games.zero();
    let star = w.games.from_options(&[zero], &[zero], &budget).unwrap();
    let up = w.games.from_options(&[zero], &[star], &budget).unwrap();
    let down = w.games.from_options(&[star], &[zero], &budget).unwrap();
    let mut stars = vec![zero];
    for _ in 0..6 {
        let s = w.games.from_options(&stars, &stars, &budget).unwrap();
        stars.push(s);
    }
    let xs = [Dyadic::zero(), Dyadic::integer(2), Dyadic::new(-3, 2)];
    for x in &xs {
        let xid = w.games.number(x);
        for k in -4i64..=4 {
            for (m, &sm) in stars.iter().enumerate() {
                let unit = if k >= 0 { up } else { down };
                let mut acc = w.games.add(xid, sm, &budget).unwrap();
                for _ in 0..k.unsigned_abs() {
                    acc = w.games.add(acc, unit, &budget).unwrap();
                }
                let fast = w.games.nus(x, k, m as u64);
                assert_eq!(acc, fast, "{x} {k} {m}");
                assert_eq!(w.rebuild(fast), fast, "{x} {k} {m}");
                assert_eq!(w.games.as_nus(fast), Some((x.clone(), k, m as u64)));
            }
        }
    }
    // The values themselves against literal sums (small ones: the oracle is slow).
    for k in -2i64..=3 {
        for m in 0..4u64 {
            let fast = w.games.nus(&Dyadic::integer(1), k, m);
            let o_star = w.tree(stars[m as usize]);
            let o_unit = if k >= 0 { w.tree(up) } else { w.tree(down) };
            let o_zero = w.oracle.node(vec![], vec![]);
            let o_one = w.oracle.node(vec![o_zero], vec![]);
            let mut acc = w.oracle.add(o_one, o_star);
            for _ in 0..k.unsigned_abs() {
                acc = w.oracle.add(acc, o_unit);
            }
            assert!(w.agrees(fast, acc), "1 {k} {m}");
        }
    }
}

/// Nus options for large multiples of up are canonical too (no oracle needed).
#[test]
fn large_multiples_of_up_are_canonical() {
    let mut w = Both::new();
    for k in [-40i64, -17, 9, 33] {
        for m in [0u64, 1, 2, 5, 12] {
            let g = w.games.nus(&Dyadic::new(7, 3), k, m);
            assert_eq!(w.rebuild(g), g, "{k} {m}");
        }
    }
}

/// All 22 games born by day 2, built from every choice of day-1 options.
#[test]
fn twenty_two_games_born_by_day_two() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let zero = games.zero();
    let one = games.from_options(&[zero], &[], &b).unwrap();
    let m_one = games.from_options(&[], &[zero], &b).unwrap();
    let star = games.from_options(&[zero], &[zero], &b).unwrap();
    let day1 = [zero, one, m_one, star];
    let subsets: Vec<Vec<GameId>> =
        (0..16u32).map(|mask| (0..4).filter(|i| mask >> i & 1 == 1).map(|i| day1[i]).collect()).collect();
    let mut ids = std::collections::HashSet::new();
    for l in &subsets {
        for r in &subsets {
            ids.insert(games.from_options(l, r, &b).unwrap());
        }
    }
    assert_eq!(ids.len(), 22);
    let mut w = Both::new();
    let mut trees = Vec::new();
    let mut memo = HashMap::new();
    for &id in &ids {
        trees.push(w.oracle.import(&mut games, id, &mut memo));
    }
    // Pairwise distinct as values, by the definition.
    for i in 0..trees.len() {
        for j in 0..i {
            assert!(!w.oracle.eq(trees[i], trees[j]));
        }
    }
}

/// Random games of birthday up to 4, fewer of them: longer chains of reversible options.
fn deep_lit() -> impl Strategy<Value = Lit> {
    let leaf = Just(Lit(vec![], vec![]));
    leaf.prop_recursive(4, 48, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3)).prop_map(|(l, r)| Lit(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn deeper_games_agree_with_the_definition(a in deep_lit(), b in deep_lit()) {
        let mut w = Both::new();
        let budget = Budget::unlimited();
        let (g, o) = w.build(&a);
        let (h, p) = w.build(&b);
        prop_assert!(w.agrees(g, o));
        prop_assert_eq!(w.rebuild(g), g);
        let le = w.oracle.leq(o, p);
        prop_assert_eq!(w.games.leq(g, h, &budget).unwrap(), le);
        let s = w.games.add(g, h, &budget).unwrap();
        prop_assert_eq!(w.rebuild(s), s);
        let ng = w.games.neg(g, &budget).unwrap();
        prop_assert_eq!(w.games.add(g, ng, &budget).unwrap(), w.games.zero());
    }
}
