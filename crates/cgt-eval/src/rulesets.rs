//! Ruleset positions (`toppling[BWWB]`, `nim[3, 4, 5]`, ...): the table of rulesets, one row
//! each, and the rulesets with an outcome search; the dispatch from a position to its row is
//! in `rulesets/dispatch.rs`. Each ruleset lives in its own file under
//! `rulesets/`, which defines its row; adding a ruleset is that file, its `mod` line and its row.

mod amazons;
mod anticlobber;
mod arckayles;
pub(crate) mod args;
mod board;
mod bound;
mod boxes;
mod cake;
mod clobber;
mod clobber_variants;
mod coins;
mod colsnort;
mod cram;
mod deque;
mod dispatch;
mod domineering;
mod euclid;
mod fair;
mod fission;
mod foxgeese;
mod graph;
mod hackenbush;
mod konane;
mod links;
mod maundy;
mod nim;
mod octal;
mod partizan_arckayles;
mod psub;
mod push;
mod skijumps;
mod spawning;
mod staircase;
mod stones;
mod toads;
mod toppling;
mod tree;
mod weighted_arckayles;
mod welter;
mod wythoff;

pub(crate) use args::{bad_arg, big_uint, heaps, i64_arg, setting_arg, setting_list, u64_arg, words};

use crate::registry::{OutcomeRow, RulesetDef};

/// Every ruleset, in the order completion lists them.
pub(crate) static ROWS: &[RulesetDef] = &[
    boxes::ROW,
    tree::ROW,
    toppling::ROW,
    domineering::ROW,
    nim::ROW,
    stones::ROW,
    octal::OCTAL,
    octal::KAYLES,
    octal::DAWSON,
    octal::GRUNDY_GAME,
    octal::LASKER,
    wythoff::ROW,
    staircase::ROW,
    euclid::ROW,
    welter::ROW,
    coins::TURTLES,
    coins::MOCK_TURTLES,
    coins::RULER,
    deque::ROW,
    graph::ROW,
    fair::ROW,
    clobber::ROW,
    anticlobber::ROW,
    toads::ROW,
    cake::CUTCAKE,
    cake::EATCAKE,
    hackenbush::HACKENBUSH,
    hackenbush::CHILDISH,
    colsnort::COL,
    colsnort::SNORT,
    cram::ROW,
    konane::ROW,
    push::PUSH,
    push::SHOVE,
    amazons::ROW,
    arckayles::ROW,
    maundy::ROW,
    psub::ROW,
    fission::ROW,
    clobber_variants::HOT,
    clobber_variants::KINGS,
    clobber_variants::KNIGHTS,
    clobber_variants::ROOKS,
    clobber_variants::QUEENS,
    skijumps::ROW,
    partizan_arckayles::ROW,
    weighted_arckayles::ROW,
    spawning::ROW,
    foxgeese::ROW,
];

/// Every ruleset with an outcome search.
pub(crate) static OUTCOME_ROWS: &[OutcomeRow] = &[domineering::OUTCOME];
