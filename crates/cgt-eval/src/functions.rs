//! Functions of the language (`outcome(G)`, `temp(G)`, `grundy(RULE, a..b)`, ...): the table of
//! functions, one row each, and the helpers they share for reading arguments. Each function
//! is a small `fn` beside its row in a file of `functions/`.

mod algebra;
pub(crate) mod compound;
mod cooling;
mod explain;
mod game;
mod grundy;
pub(crate) mod impartial;
pub(crate) mod misere;
mod misere_search;
mod nimarith;
mod sides;
mod table;
mod tex;

pub use tex::latex;
mod thermo;
mod winning;

use crate::registry::FunctionDef;

/// Every function, in the order completion lists them.
pub(crate) static ROWS: &[FunctionDef] = &[
    game::OUTCOME,
    game::CF,
    game::OPTIONS,
    game::BIRTHDAY,
    thermo::LEFTSTOP,
    thermo::RIGHTSTOP,
    thermo::MEAN,
    thermo::TEMP,
    thermo::THERMOGRAPH,
    thermo::ATOMIC,
    cooling::COOL,
    cooling::HEAT,
    cooling::OVERHEAT,
    cooling::FREEZE,
    cooling::RCF,
    cooling::LEFTINCENTIVES,
    cooling::RIGHTINCENTIVES,
    algebra::TINY,
    algebra::MINY,
    algebra::POW,
    algebra::POWTO,
    algebra::UPTIMAL,
    algebra::NORTON,
    algebra::CONWAY,
    algebra::ORDINALPRODUCT,
    algebra::COMPANION,
    algebra::BORN,
    explain::EXPLAIN,
    grundy::GRUNDY,
    grundy::PERIOD,
    nimarith::NIMSUM,
    nimarith::NIMPROD,
    compound::DIMINISHED,
    compound::SELECTIVE,
    compound::SHORTENED,
    compound::CONJUNCTIVE,
    compound::CONTINUED,
    misere::GENUS,
    misere::MATE,
    misere::MISERENIM,
    misere::QUOTIENT,
    sides::ONSIDE,
    sides::OFFSIDE,
    tex::TEX,
    table::TABLE,
];
