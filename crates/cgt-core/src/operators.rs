//! The operators of the short-game algebra beyond sums and comparisons (docs/src/reference/functions.md): Tiny and
//! Miny, uptimal powers and expansions, cooling, heating, overheating and freezing, reduced
//! canonical forms, Norton and Conway products (and nim multiplication), the ordinal product,
//! the companion, incentives, the count of games born by day n, and the conjunctive and
//! selective compounds.
//!
//! Each operator is implemented from its definition in the literature, named in its module:
//! Siegel, *Combinatorial Game Theory* (CGT) ch. II; Albert–Nowakowski–Wolfe, *Lessons in
//! Play* (LiP) ch. 5-9; Berlekamp–Conway–Guy, *Winning Ways* (WW) ch. 6-9; Conway, *On Numbers
//! and Games* (ONAG). Operators that depend on a game's form, not only on its value (heating,
//! overheating, the Conway product), use the canonical form, as CGSuite does.
//!
//! Every operator takes the arena, its arguments and a [`Budget`], and returns an
//! [`OpError`] where it is undefined or the budget runs out. The recursion over options
//! follows the engine's style: its depth is bounded by the games' birthdays.

mod companion;
mod compound;
mod ordinal;
mod product;
mod rcf;
mod simple;
mod thermal;
mod uptimal;

use std::fmt;

pub use companion::companion;
pub use compound::{conjunctive, selective};
pub use ordinal::ordinal_product;
pub use product::{conway, nim_multiply, norton};
pub use rcf::{inf_geq, rcf};
pub use simple::{born, left_incentives, miny, right_incentives, tiny};
pub use thermal::{cool, freeze, heat, multiple, overheat};
pub use uptimal::{Uptimal, pow, powto, uptimal};

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{GameId, Games};

/// Why an operator gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpError {
    /// The budget ran out.
    Exhausted(Exhausted),
    /// The operator is not defined for these arguments; the text says why, in a sentence.
    Undefined(String),
}

impl From<Exhausted> for OpError {
    fn from(e: Exhausted) -> Self {
        OpError::Exhausted(e)
    }
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::Exhausted(e) => write!(f, "gave up: {e}"),
            OpError::Undefined(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OpError {}

/// The result of an operator.
pub type OpResult<T> = Result<T, OpError>;

/// An [`OpError::Undefined`] whose message names the game `g`.
fn undefined(games: &mut Games, what: &str, g: GameId) -> OpError {
    let shown = games.display(g, Default::default());
    OpError::Undefined(format!("{what}, but it is {shown}"))
}

/// The number `g` is, or an error saying that `what` must be a number.
fn need_number(games: &mut Games, g: GameId, what: &str) -> OpResult<Dyadic> {
    match games.as_number(g) {
        Some(x) => Ok(x),
        None => Err(undefined(games, &format!("{what} must be a number"), g)),
    }
}

/// Adds `shift` to every game in `options`.
fn shift_all(games: &mut Games, options: &[GameId], shift: GameId, budget: &Budget) -> OpResult<Vec<GameId>> {
    let mut out = Vec::with_capacity(options.len());
    for &o in options {
        budget.check()?;
        out.push(games.add(o, shift, budget)?);
    }
    Ok(out)
}

/// Fails cleanly on games whose options cannot be listed (`*n` with n in the millions).
fn listable(games: &Games, g: GameId) -> OpResult<()> {
    if games.has_huge_options(g) { Err(OpError::Exhausted(Exhausted::Memory)) } else { Ok(()) }
}
