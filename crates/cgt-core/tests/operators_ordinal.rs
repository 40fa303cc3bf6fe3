//! The ordinal product and the companion against slow implementations from their definitions
//! on literal option trees (no canonicalisation inside, no form-level shortcuts, no closed form
//! for number-up-star values), on random games from `cgt_testkit::Rng`, and on CGSuite's
//! published results (its test suite's `CompoundGameTestCase` and `CanonicalShortGameTestCase`).

use std::collections::HashMap;

use cgt_core::operators;
use cgt_core::{Budget, Dyadic, GameId, Games};
use cgt_testkit::Rng;

/// Literal games, shared by structure, compared by the definition of `<=`.
#[derive(Default)]
struct Oracle {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    leq_memo: HashMap<(usize, usize), bool>,
    ordinal_memo: HashMap<(usize, usize), usize>,
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

    fn neg(&mut self, a: usize) -> usize {
        let (l, r) = self.nodes[a].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        self.node(nl, nr)
    }

    /// The literal ordinal sum `a : b = {a^L, a : b^L | a^R, a : b^R}`.
    fn ordinal(&mut self, a: usize, b: usize) -> usize {
        if let Some(&r) = self.ordinal_memo.get(&(a, b)) {
            return r;
        }
        let (mut l, mut r) = self.nodes[a].clone();
        let (bl, br) = self.nodes[b].clone();
        l.extend(bl.iter().map(|&y| self.ordinal(a, y)).collect::<Vec<_>>());
        r.extend(br.iter().map(|&y| self.ordinal(a, y)).collect::<Vec<_>>());
        let s = self.node(l, r);
        self.ordinal_memo.insert((a, b), s);
        s
    }

    /// The literal ordinal product: `{G⊛H^L : G^L, G⊛H^R : (-G)^L | G⊛H^L : G^R, G⊛H^R : (-G)^R}`.
    fn ordinal_product(&mut self, g: usize, h: usize) -> usize {
        let ng = self.neg(g);
        let (gl, gr) = self.nodes[g].clone();
        let (ngl, ngr) = self.nodes[ng].clone();
        let (hl, hr) = self.nodes[h].clone();
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (hs, xl, xr) in [(hl, &gl, &gr), (hr, &ngl, &ngr)] {
            for o in hs {
                let base = self.ordinal_product(g, o);
                l.extend(xl.iter().map(|&y| self.ordinal(base, y)).collect::<Vec<_>>());
                r.extend(xr.iter().map(|&y| self.ordinal(base, y)).collect::<Vec<_>>());
            }
        }
        self.node(l, r)
    }

    /// The companion by the definition: `0° = *`, otherwise the companions of the options,
    /// with `0` added for Left when `G > 0` and for Right when `G < 0`.
    fn companion(&mut self, g: usize) -> usize {
        let zero = self.node(vec![], vec![]);
        if self.eq(g, zero) {
            return self.node(vec![zero], vec![zero]);
        }
        let (gl, gr) = self.nodes[g].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.companion(x)).collect();
        let mut r: Vec<usize> = gr.iter().map(|&x| self.companion(x)).collect();
        let (ge, le) = (self.leq(zero, g), self.leq(g, zero));
        if ge {
            l.push(zero);
        }
        if le {
            r.push(zero);
        }
        self.node(l, r)
    }
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

    /// The literal tree of the canonical form of `g`.
    fn tree(&mut self, g: GameId) -> usize {
        if let Some(&i) = self.memo.get(&g) {
            return i;
        }
        let l: Vec<usize> = self.games.left_options(g).into_iter().map(|o| self.tree(o)).collect();
        let r: Vec<usize> = self.games.right_options(g).into_iter().map(|o| self.tree(o)).collect();
        let i = self.oracle.node(l, r);
        self.memo.insert(g, i);
        i
    }

    fn agrees(&mut self, g: GameId, o: usize) -> bool {
        let t = self.tree(g);
        self.oracle.eq(t, o)
    }

    /// A random game: a small literal tree, or a number-up-star value.
    fn random(&mut self, rng: &mut Rng, depth: u32) -> GameId {
        if depth == 0 || rng.chance(1, 4) {
            return self.random_nus(rng);
        }
        let side = |w: &mut Self, rng: &mut Rng| -> Vec<GameId> {
            (0..rng.below(3)).map(|_| w.random(rng, depth - 1)).collect()
        };
        let l = side(self, rng);
        let r = side(self, rng);
        self.games.from_options(&l, &r, &self.budget).unwrap()
    }

    fn random_nus(&mut self, rng: &mut Rng) -> GameId {
        let x = Dyadic::new(rng.below(7) as i64 - 3, rng.below(3));
        let x = if rng.chance(1, 2) { Dyadic::zero() } else { x };
        let k = rng.below(5) as i64 - 2;
        self.games.nus(&x, k, rng.below(4))
    }
}

#[test]
fn ordinal_products_agree_with_the_definition() {
    let mut rng = Rng::new(0x0_0d1a);
    for _ in 0..150 {
        let mut w = Both::new();
        let (g, h) = (w.random(&mut rng, 2), w.random(&mut rng, 2));
        let p = operators::ordinal_product(&mut w.games, g, h, &w.budget).unwrap();
        let (tg, th) = (w.tree(g), w.tree(h));
        let expected = w.oracle.ordinal_product(tg, th);
        let (sg, sh, sp) = (w.show(g), w.show(h), w.show(p));
        assert!(w.agrees(p, expected), "{sg} ⊛ {sh}: got {sp}");
    }
}

#[test]
fn ordinal_products_of_nimbers_are_products_by_the_definition() {
    let mut w = Both::new();
    for a in 0..5 {
        for b in 0..5 {
            let (ga, gb) = (w.games.nimber(a), w.games.nimber(b));
            let p = operators::ordinal_product(&mut w.games, ga, gb, &w.budget).unwrap();
            assert_eq!(w.games.nim_value(p), Some(a * b), "*{a} ⊛ *{b}");
            let (ta, tb) = (w.tree(ga), w.tree(gb));
            let expected = w.oracle.ordinal_product(ta, tb);
            assert!(w.agrees(p, expected), "*{a} ⊛ *{b} by the definition");
        }
    }
    // Nimbers of any size.
    let big = num_bigint::BigUint::from(1u8) << 70u32;
    let (g, three) = (w.games.nimber_big(&big), w.games.nimber(3));
    let p = operators::ordinal_product(&mut w.games, g, three, &w.budget).unwrap();
    assert_eq!(w.games.nim_value_big(p), Some(big * 3u8));
}

#[test]
fn ordinal_products_keep_their_laws() {
    // G ⊛ 1 = G, 1 ⊛ H = H (a stalk of blue edges each replaced by G) and
    // -(G ⊛ H) = G ⊛ -H (CGSuite's documentation of OrdinalProduct).
    let mut rng = Rng::new(77);
    let mut w = Both::new();
    let one = w.games.number(&Dyadic::integer(1));
    for _ in 0..150 {
        let (g, h) = (w.random(&mut rng, 3), w.random(&mut rng, 3));
        let b = &w.budget;
        assert_eq!(operators::ordinal_product(&mut w.games, g, one, b).unwrap(), g);
        assert_eq!(operators::ordinal_product(&mut w.games, one, h, b).unwrap(), h);
        let p = operators::ordinal_product(&mut w.games, g, h, b).unwrap();
        let mh = w.games.neg(h, b).unwrap();
        let q = operators::ordinal_product(&mut w.games, g, mh, b).unwrap();
        assert_eq!(w.games.neg(p, b).unwrap(), q);
    }
}

#[test]
fn companions_agree_with_the_definition() {
    let mut rng = Rng::new(0xc0_4a41);
    let mut w = Both::new();
    for _ in 0..250 {
        let g = w.random(&mut rng, 3);
        let c = operators::companion(&mut w.games, g, &w.budget).unwrap();
        let t = w.tree(g);
        let expected = w.oracle.companion(t);
        let (sg, sc) = (w.show(g), w.show(c));
        assert!(w.agrees(c, expected), "companion of {sg}: got {sc}");
        // The companion is an involution (a lattice automorphism of order two).
        assert_eq!(operators::companion(&mut w.games, c, &w.budget).unwrap(), g, "companion of {sc}");
    }
}

#[test]
fn companions_of_every_small_number_up_star_value_follow_the_definition() {
    let mut w = Both::new();
    for num in -4..=4i64 {
        for exp in 0..2u64 {
            for k in -3..=3 {
                for m in 0..4 {
                    let g = w.games.nus(&Dyadic::new(num, exp), k, m);
                    let c = operators::companion(&mut w.games, g, &w.budget).unwrap();
                    let t = w.tree(g);
                    let expected = w.oracle.companion(t);
                    let (sg, sc) = (w.show(g), w.show(c));
                    assert!(w.agrees(c, expected), "companion of {sg}: got {sc}");
                }
            }
        }
    }
}

impl Both {
    fn show(&mut self, g: GameId) -> String {
        self.games.display(g, Default::default())
    }
}

#[test]
fn published_values() {
    // CGSuite's CompoundGameTestCase and CanonicalShortGameTestCase.
    let mut w = Both::new();
    let b = Budget::unlimited();
    let n = |w: &mut Both, p: i64, e: u64| w.games.number(&Dyadic::new(p, e));
    let star = |w: &mut Both, m: u64| w.games.nimber(m);
    let (half, quarter) = (n(&mut w, 1, 1), n(&mut w, 1, 2));
    let p = operators::ordinal_product(&mut w.games, half, quarter, &b).unwrap();
    assert_eq!(p, n(&mut w, 11, 5), "1/2 ⊛ 1/4 = 11/32");
    let (s5, s6, s2) = (star(&mut w, 5), star(&mut w, 6), star(&mut w, 2));
    let p = operators::ordinal_product(&mut w.games, s5, s6, &b).unwrap();
    assert_eq!(p, star(&mut w, 30), "*5 ⊛ *6 = *30");
    let p = operators::ordinal_product(&mut w.games, s2, s5, &b).unwrap();
    assert_eq!(p, star(&mut w, 10), "*2 ⊛ *5 = *10");
    let (one, minus_one) = (n(&mut w, 1, 0), n(&mut w, -1, 0));
    let pm1 = w.games.from_options(&[one], &[minus_one], &b).unwrap();
    let upup = w.games.nus(&Dyadic::zero(), 2, 0);
    assert_eq!(operators::ordinal_product(&mut w.games, pm1, upup, &b).unwrap(), pm1, "+-1 ⊛ ^^ = +-1");
    let zero = w.games.zero();
    let switch = w.games.from_options(&[one], &[zero], &b).unwrap();
    assert_eq!(operators::ordinal_product(&mut w.games, switch, zero, &b).unwrap(), zero, "{{1|0}} ⊛ 0 = 0");
    let three = n(&mut w, 3, 0);
    assert_eq!(operators::ordinal_product(&mut w.games, zero, three, &b).unwrap(), zero, "0 ⊛ 3 = 0");
    // Companions: 0 -> *, ^ -> ^*, v* -> v, 5 and *8 and 9/8* and 73/16v9*8 fixed.
    // (numerator, exponent of 2 in the denominator, ups, nimber).
    type Nus = (i64, u64, i64, u64);
    let cases: &[(Nus, Nus)] = &[
        ((0, 0, 0, 0), (0, 0, 0, 1)),
        ((0, 0, 1, 0), (0, 0, 1, 1)),
        ((0, 0, -1, 1), (0, 0, -1, 0)),
        ((5, 0, 0, 0), (5, 0, 0, 0)),
        ((-1, 1, 0, 0), (-1, 1, 0, 0)),
        ((0, 0, 0, 8), (0, 0, 0, 8)),
        ((9, 3, 0, 1), (9, 3, 0, 1)),
        ((6, 0, 1, 1), (6, 0, 1, 1)),
        ((0, 0, 1, 6), (0, 0, 1, 6)),
        ((73, 4, -9, 8), (73, 4, -9, 8)),
    ];
    for &((x, e, k, m), (cx, ce, ck, cm)) in cases {
        let g = w.games.nus(&Dyadic::new(x, e), k, m);
        let want = w.games.nus(&Dyadic::new(cx, ce), ck, cm);
        let got = operators::companion(&mut w.games, g, &b).unwrap();
        let (sg, sw) = (w.show(g), w.show(want));
        assert_eq!(got, want, "companion of {sg} is {sw}");
    }
}
