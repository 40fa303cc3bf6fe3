//! The mathematics of cgt: exact dyadic numbers, canonical short partizan games, nimbers and
//! temperature theory. It knows nothing about syntax, files or editors.

pub mod budget;
pub mod dyadic;

pub use budget::{Budget, Exhausted};
pub use dyadic::Dyadic;
