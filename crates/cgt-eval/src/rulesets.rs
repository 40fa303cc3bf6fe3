//! Ruleset positions (`toppling[BWWB]`, `nim[3, 4, 5]`, ...): the table of rulesets, one row
//! each, and the rulesets with an outcome search; the dispatch from a position to its row is
//! in `rulesets/dispatch.rs`. Each ruleset lives in its own file under `rulesets/`, which
//! defines its row; adding a ruleset is that file and one line in the `rows!` list below (which
//! declares the file's module and lists its rows).

pub(crate) mod args;
mod board;
mod bound;
mod dispatch;
mod links;

pub(crate) use args::{bad_arg, big_uint, heaps, i64_arg, setting_arg, setting_list, u64_arg, words};

use crate::registry::{OutcomeRow, RulesetDef};

crate::registry::rows! { RulesetDef =>
    boxes: [ROW],
    tree: [ROW],
    toppling: [ROW],
    domineering: [ROW],
    nim: [ROW],
    stones: [ROW],
    octal: [OCTAL, KAYLES, DAWSON, GRUNDY_GAME, LASKER],
    wythoff: [ROW],
    staircase: [ROW],
    euclid: [ROW],
    welter: [ROW],
    coins: [TURTLES, MOCK_TURTLES, RULER],
    deque: [ROW],
    graph: [ROW],
    fair: [ROW],
    clobber: [ROW],
    anticlobber: [ROW],
    toads: [ROW],
    cake: [CUTCAKE, EATCAKE],
    hackenbush: [HACKENBUSH, CHILDISH],
    colsnort: [COL, SNORT],
    cram: [ROW],
    konane: [ROW],
    push: [PUSH, SHOVE],
    amazons: [ROW],
    arckayles: [ROW],
    maundy: [ROW],
    psub: [ROW],
    fission: [ROW],
    clobber_variants: [HOT, KINGS, KNIGHTS, ROOKS, QUEENS],
    skijumps: [ROW],
    partizan_arckayles: [ROW],
    partizan_euclid: [ROW],
    weighted_arckayles: [ROW],
    spawning: [ROW],
    foxgeese: [ROW],
}

/// Every ruleset with an outcome search.
pub(crate) static OUTCOME_ROWS: &[OutcomeRow] = &[
    domineering::OUTCOME,
    cram::OUTCOME,
    clobber::OUTCOME,
    konane::OUTCOME,
    amazons::OUTCOME,
    anticlobber::OUTCOME,
    fission::OUTCOME,
    skijumps::OUTCOME,
    clobber_variants::HOT_OUTCOME,
    clobber_variants::KINGS_OUTCOME,
    clobber_variants::KNIGHTS_OUTCOME,
    clobber_variants::ROOKS_OUTCOME,
    clobber_variants::QUEENS_OUTCOME,
];
