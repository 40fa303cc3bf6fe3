//! Functions of the language (`outcome(G)`, `temp(G)`, `grundy(RULE, a..b)`, ...): the table of
//! functions, one row each, and the helpers they share for reading arguments. Each function
//! is a small `fn` beside its row in a file of `functions/`; adding a function is its file and
//! one line in the `rows!` list below (which declares the file's module and lists its rows).

pub(crate) mod impartial;
mod misere_search;
mod winning;

pub use tex::latex;

use crate::registry::FunctionDef;

crate::registry::rows! { FunctionDef =>
    game: [OUTCOME, CF, OPTIONS, BIRTHDAY],
    thermo: [LEFTSTOP, RIGHTSTOP, MEAN, TEMP, THERMOGRAPH, ATOMIC],
    cooling: [COOL, HEAT, OVERHEAT, FREEZE, RCF, LEFTINCENTIVES, RIGHTINCENTIVES],
    algebra: [TINY, MINY, POW, POWTO, UPTIMAL, NORTON, CONWAY, ORDINALPRODUCT, COMPANION, BORN],
    explain: [EXPLAIN],
    grundy: [GRUNDY, PERIOD],
    nimarith: [NIMSUM, NIMPROD],
    pub(crate) compound: [DIMINISHED, SELECTIVE, SHORTENED, CONJUNCTIVE, CONTINUED],
    pub(crate) misere: [GENUS, MATE, MISERENIM, QUOTIENT],
    sides: [ONSIDE, OFFSIDE],
    loopiness: [DEGREE, VARIETY],
    tex: [TEX],
    table: [TABLE],
}
