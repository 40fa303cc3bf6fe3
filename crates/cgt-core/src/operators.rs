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

mod common;
mod companion;
mod compound;
mod ordinal;
mod product;
mod rcf;
mod simple;
mod thermal;
mod uptimal;

pub use common::{OpError, OpResult};
pub use companion::companion;
pub use compound::{conjunctive, selective};
pub use ordinal::ordinal_product;
pub use product::{conway, nim_multiply, norton};
pub use rcf::{inf_geq, rcf};
pub use simple::{born, left_incentives, miny, right_incentives, tiny};
pub use thermal::{cool, freeze, heat, multiple, overheat};
pub use uptimal::{Uptimal, pow, powto, uptimal};
