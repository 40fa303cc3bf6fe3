//! The ordinal product `G ⊛ H` (CGSuite's `OrdinalProduct`, documented in its `Game` class; the
//! Hackenbush picture is in WW ch. 2 and ONAG ch. 15): on Hackenbush stalks it replaces every
//! blue edge of H by a copy of G and every red edge by a copy of `-G`. By definition
//!
//! `G ⊛ H = { (G ⊛ H^L) : G^L, (G ⊛ H^R) : -G^R | (G ⊛ H^L) : G^R, (G ⊛ H^R) : -G^L }`,
//!
//! where `:` is the ordinal sum `A : B = {A^L, A : B^L | A^R, A : B^R}`. The ordinal sum
//! depends on the *form* of its base, and the base here is the form `G ⊛ H^L` given by the
//! definition, not its canonical form; so the product is computed on forms one level deep: a
//! base is kept as its two lists of option values (the value of a form depends only on the
//! values of its options), and its canonical form is taken only for the result. G and H are
//! taken in canonical form, as CGSuite does for canonical short games; the exponents `G^L`,
//! `G^R` are canonical options.
//!
//! On nimbers it is the ordinary product, `*a ⊛ *b = *(ab)` (a green stalk of b edges, each
//! replaced by a stalk of a edges): the options are `*(ab') : *a' = *(ab' + a')` for `a' < a`,
//! `b' < b`, which are every `*k` with `k < ab`. This is used directly, for nimbers of any size.

use std::collections::HashMap;

use super::common::{OpResult, listable};
use crate::budget::Budget;
use crate::game::{GameId, Games};

/// The ordinal product `G ⊛ H` of the canonical forms of G and H.
pub fn ordinal_product(games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<GameId> {
    if let (Some(a), Some(b)) = (games.nim_value_big(g), games.nim_value_big(h)) {
        return Ok(games.nimber_big(&(a * b)));
    }
    listable(games, g)?;
    let (gl, gr) = games.try_options(g)?;
    let neg_gl = negatives(games, &gr, budget)?;
    let neg_gr = negatives(games, &gl, budget)?;
    let mut p = Product {
        exponents: [gl, gr, neg_gl, neg_gr],
        forms: Vec::new(),
        form_of: HashMap::new(),
        sums: HashMap::new(),
    };
    let f = p.form(games, h, budget)?;
    let (left, right) = p.forms[f].clone();
    Ok(games.from_options(&left, &right, budget)?)
}

/// `-x` for each `x` in `xs`.
fn negatives(games: &mut Games, xs: &[GameId], budget: &Budget) -> OpResult<Vec<GameId>> {
    xs.iter().map(|&x| Ok(games.neg(x, budget)?)).collect()
}

/// A form one level deep: the values of its Left and Right options.
type Form = (Vec<GameId>, Vec<GameId>);

struct Product {
    /// `G^L`, `G^R`, `(-G)^L = -G^R`, `(-G)^R = -G^L`.
    exponents: [Vec<GameId>; 4],
    forms: Vec<Form>,
    /// The form `G ⊛ H` for each H met, as an index into `forms`.
    form_of: HashMap<GameId, usize>,
    /// The value of `form : y`.
    sums: HashMap<(usize, GameId), GameId>,
}

impl Product {
    /// The form `G ⊛ h` by the definition, with the values of its options.
    fn form(&mut self, games: &mut Games, h: GameId, budget: &Budget) -> OpResult<usize> {
        if let Some(&f) = self.form_of.get(&h) {
            return Ok(f);
        }
        budget.check()?;
        listable(games, h)?;
        let (hl, hr) = games.try_options(h)?;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        // Left's moves in H keep G's sign; Right's moves in H turn it into -G.
        for (options, [to_left, to_right]) in [(hl, [0, 1]), (hr, [2, 3])] {
            for o in options {
                let base = self.form(games, o, budget)?;
                for y in self.exponents[to_left].clone() {
                    left.push(self.ordinal(games, base, y, budget)?);
                }
                for y in self.exponents[to_right].clone() {
                    right.push(self.ordinal(games, base, y, budget)?);
                }
            }
        }
        self.forms.push((left, right));
        let f = self.forms.len() - 1;
        self.form_of.insert(h, f);
        Ok(f)
    }

    /// The value of the ordinal sum `form : y`, recursing on the canonical options of `y`.
    fn ordinal(&mut self, games: &mut Games, form: usize, y: GameId, budget: &Budget) -> OpResult<GameId> {
        if let Some(&v) = self.sums.get(&(form, y)) {
            return Ok(v);
        }
        budget.check()?;
        listable(games, y)?;
        let (yl, yr) = games.try_options(y)?;
        let (mut left, mut right) = self.forms[form].clone();
        for o in yl {
            left.push(self.ordinal(games, form, o, budget)?);
        }
        for o in yr {
            right.push(self.ordinal(games, form, o, budget)?);
        }
        let v = games.from_options(&left, &right, budget)?;
        self.sums.insert((form, y), v);
        Ok(v)
    }
}
