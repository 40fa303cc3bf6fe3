//! Blue/red trees are numbers (docs/src/theory/simplicity.md).
//!
//! The branches at a vertex add up, and an edge under a subtree of value x is worth
//! `(x + k) / 2^(k-1)` ([`edge_value`]). Applied edge by edge, that formula costs the size of
//! x for every edge, which is quadratic on long paths; so a chain of edges is done at once.
//! The formula is exactly "put this edge below a Hackenbush string of value x", and a
//! Hackenbush string's value is the number whose sign expansion the string spells (Berlekamp;
//! WW ch. 2): a chain under x is the string `chain ++ signs(x)`, valued by van Roode's rule.

use num_traits::ToPrimitive;

use cgt_core::Dyadic;

use super::{Colour, Tree};
use crate::boxes;

/// The value of an edge of `colour` under a subtree of value `above` (docs/src/theory/simplicity.md): blue gives
/// `(x + k) / 2^(k-1)`, k the least positive integer with `x + k >= 1`, red the negative of
/// blue under `-x`; `None` for green.
pub fn edge_value(colour: Colour, above: &Dyadic) -> Option<Dyadic> {
    match colour {
        Colour::Blue => Some(blue_under(above)),
        Colour::Red => Some(-blue_under(&-above.clone())),
        Colour::Green => None,
    }
}

fn blue_under(x: &Dyadic) -> Dyadic {
    if x.signum() >= 0 {
        return x + &Dyadic::integer(1);
    }
    // k = ceil(1 - x) = 1 - floor(x) for negative x.
    let k = (num_bigint::BigInt::from(1) - x.floor()).to_i64().expect("a subtree value of sane size");
    (x + &Dyadic::integer(k)).shift(1 - k)
}

/// The value of a tree without green edges, or `None`. Works bottom up over the edges (parents
/// have smaller numbers), collecting each chain of single children before valuing it.
pub(super) fn tree_number(tree: &Tree) -> Option<Dyadic> {
    if tree.colours.contains(&Colour::Green) {
        return None;
    }
    let n = tree.len();
    let mut child_count = vec![0u32; n];
    let mut only_child = vec![0u32; n];
    for e in 0..n {
        if let Some(p) = tree.parent(e) {
            child_count[p] += 1;
            only_child[p] = e as u32;
        }
    }
    // `sums[e]`: the sum of the branches above e valued so far; `pending[e]`: the chain that
    // ends with e, waiting for the edges below it because e is its parent's only child.
    let mut sums: Vec<Dyadic> = vec![Dyadic::zero(); n];
    let mut pending: Vec<Option<Chain>> = (0..n).map(|_| None).collect();
    let mut root = Dyadic::zero();
    for e in (0..n).rev() {
        let mut chain = match child_count[e] {
            1 => pending[only_child[e] as usize].take().expect("a single child waits in a chain"),
            _ => Chain { top_down: Vec::new(), above: std::mem::replace(&mut sums[e], Dyadic::zero()) },
        };
        chain.top_down.push(tree.colours[e]);
        match tree.parent(e) {
            Some(p) if child_count[p] == 1 => pending[e] = Some(chain),
            Some(p) => sums[p] = &sums[p] + &chain.value(),
            None => root = &root + &chain.value(),
        }
    }
    Some(root)
}

/// A chain of blue/red edges (listed from the top down) under a subtree of value `above`.
struct Chain {
    top_down: Vec<Colour>,
    above: Dyadic,
}

impl Chain {
    /// The value of the chain on its subtree: the Hackenbush string `chain ++ signs(above)`.
    /// Van Roode's rule values the chain's own boxes; when the chain is one colour and
    /// `above` starts with that colour too, the first run continues into `above` and the
    /// value is plain addition; otherwise the signs of `above` come after the first run, at
    /// positions shifted by the rest of the chain.
    fn value(&self) -> Dyadic {
        let pile: Vec<boxes::Colour> = self
            .top_down
            .iter()
            .rev()
            .map(|&c| if c == Colour::Blue { boxes::Colour::Black } else { boxes::Colour::White })
            .collect();
        let base = boxes::pile_value(&pile).expect("blue/red chains are numbers");
        let first = pile[0];
        let run = pile.iter().take_while(|&&c| c == first).count();
        let first_sign = if first == boxes::Colour::Black { 1 } else { -1 };
        if run == pile.len() && self.above.signum() != -first_sign {
            return &base + &self.above;
        }
        let rest = (pile.len() - run) as i64;
        &base + &tail_weight(&self.above).shift(-rest)
    }
}

/// `Σ s_t / 2^t` over the sign expansion `s_1 s_2 ...` of x (B = +1, W = -1). For x > 0 with
/// integer part n: an integer is n pluses, `1 - 2^-n`; otherwise n + 1 pluses followed by
/// signs worth `x - (n + 1)` at scale `2^-(n+1)`, so `1 + 2^-(n+1) (x - n - 2)`.
fn tail_weight(x: &Dyadic) -> Dyadic {
    match x.signum() {
        0 => Dyadic::zero(),
        -1 => -tail_weight(&-x.clone()),
        _ => {
            let n = x.floor();
            let shift = n.to_i64().expect("a subtree value of sane size");
            let one = Dyadic::integer(1);
            if x.is_integer() {
                return &one - &Dyadic::half_power(shift as u64);
            }
            let offset = x - &Dyadic::integer(n + 2u32);
            &one + &offset.shift(-(shift + 1))
        }
    }
}
