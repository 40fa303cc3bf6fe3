//! The mathematics of cgt: exact dyadic numbers, canonical short partizan games, nimbers and
//! temperature theory. It knows nothing about syntax, files or editors.

pub mod atomic;
pub mod budget;
pub mod dyadic;
pub mod explain;
pub mod game;
pub mod hash;
pub mod loopy;
pub mod misere;
pub mod nimarith;
pub mod operators;
pub mod pages;
pub mod thermo;

pub use budget::{Budget, Exhausted};
pub use dyadic::Dyadic;
pub use game::{Comparison, DisplayStyle, GameId, Games, Outcome};
