//! The printed names of stoppers read back (docs/src/theory/stoppers.md): pseudonumbers `5over`,
//! `3/2under`, and the loopy uptimals `^[on]`, `v[on]`, `^<on>`, `v<on>` after a number and
//! before a star, so that every form `cgt_core::loopy::print` writes is valid input.
//!
//! Meanings (Siegel, *Combinatorial Game Theory*, ch. VI; CGSuite's documented output and its
//! test data, which print `{0||0|0,pass}` as `^<on>` and give `^.Pow(on)` = `^<on>`):
//! `x over = {x | pass}`, `x under = {pass | x}`; `^[on]` is upon `{pass | *}` and `^<on>` is
//! uponth `{0 || 0 | 0, pass}`, with `v[on]`, `v<on>` their negatives; `x^[on]*k` is the sum
//! x + upon + *k, as `x^*k` is x + ^ + *k. The printer writes `{pass | x*m}` (m != 0) as
//! `x^[on]*(m XOR 1)` and `{pass, x | x}` as `x^[on]*`; the round-trip test in
//! `tests/loopy_roundtrip.rs` checks that these sums are those games.

use cgt_core::loopy::graph::{LoopyGraph, Player};
use cgt_core::loopy::stopper::Stopper;
use cgt_syntax::{Code, Diagnostic, Nus, Pseudo, Span};

use crate::context::Ctx;
use crate::numbers;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The loopy part of a juxtaposition.
enum Part {
    Pseudo(Pseudo),
    /// Upon (`sum`, `^[on]`) or uponth (`^<on>`), negated when `down`.
    Uptimal {
        down: bool,
        sum: bool,
    },
}

impl Session {
    /// The value of a juxtaposition with a loopy part (`5over`, `-1/4v[on]`, `^<on>*`), or
    /// `None` when it has none.
    pub(crate) fn loopy_nus(&mut self, n: &Nus, span: &Span, ctx: &Ctx) -> EvalResult<Option<Value>> {
        let part = match (&n.pseudo, &n.uptimal) {
            (Some(p), _) => Part::Pseudo(p.node),
            (None, Some(u)) if u.node.n == "on" => {
                if let Some(k) = &u.node.copies {
                    let arrow = if u.node.down { "v" } else { "^" };
                    let form = if u.node.sum { format!("{arrow}[on]") } else { format!("{arrow}<on>") };
                    return Err(Box::new(
                        Diagnostic::error(
                            Code::Type,
                            u.span.clone(),
                            format!("`{k}·` copies a short uptimal, not {form}"),
                        )
                        .with_hint(format!("add the copies: `{form} + {form}`")),
                    ));
                }
                Part::Uptimal { down: u.node.down, sum: u.node.sum }
            }
            _ => return Ok(None),
        };
        let x = match &n.number {
            Some(lit) => numbers::number(lit)?,
            None => cgt_core::Dyadic::zero(),
        };
        let star = match &n.star {
            Some(s) => numbers::star(s)?,
            None => num_bigint::BigUint::default(),
        };
        let budget = ctx.budget;
        let graph = match part {
            Part::Pseudo(p) => {
                let number = self.games.number(&x);
                let mut graph = LoopyGraph::default();
                let root = graph.add_position();
                let w = self.lift(span, budget, |games, b| graph.add_short(games, number, b))?;
                let (to_number, to_self) = match p {
                    Pseudo::Over => (Player::Left, Player::Right),
                    Pseudo::Under => (Player::Right, Player::Left),
                };
                graph.add_option(to_number, root, w).expect("both are positions");
                graph.add_option(to_self, root, root).expect("both are positions");
                graph
            }
            Part::Uptimal { down, sum } => {
                let base = if sum { Stopper::upon(&mut self.games).graph().clone() } else { uponth() };
                let base = if down { base.negated() } else { base };
                let rest = self.games.nus_big(&x, 0, &star);
                if rest == self.games.zero() {
                    base
                } else {
                    let short = self.lift(span, budget, |games, b| LoopyGraph::from_short(games, rest, b))?;
                    base.sum(0, &short, 0, budget).map_err(|e| gave_up(e, span.clone(), budget))?
                }
            }
        };
        self.finish(graph, span, ctx).map(Some)
    }
}

/// Uponth, `{0 || 0 | 0, pass}`: position 0 is the game, position 1 its Right option
/// `{0 | 0, pass}`, position 2 is 0.
fn uponth() -> LoopyGraph {
    LoopyGraph::new(vec![vec![2], vec![2], vec![]], vec![vec![1], vec![2, 1], vec![]]).expect("positions 0 to 2 exist")
}
