//! Ruleset positions (`toppling[BWWB]`, `nim[3, 4, 5]`, ...): the table of rulesets, one row
//! each, and the dispatch from a position to its row. Each ruleset lives in its own file under
//! `rulesets/`, which defines its row; adding a ruleset is that file, its `mod` line and its row.

mod amazons;
mod anticlobber;
mod arckayles;
mod args;
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

use cgt_syntax::{Ruleset, Span};

use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{RulesetDef, check_settings, find_ruleset};
use crate::value::EvalResult;

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

/// A ruleset whose positions' outcome class can be found by search, without their value.
pub(crate) struct OutcomeRow {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The search: a position to its outcome (`Value::Outcome`), saying it is by search.
    pub search: crate::registry::RulesetEval,
}

/// Every ruleset with an outcome search.
static OUTCOME_ROWS: &[OutcomeRow] = &[domineering::OUTCOME];

impl Session {
    /// The outcome of `e` by its ruleset's outcome search, if `e` is a position of a built-in
    /// ruleset that has one (`outcome(domineering[8x8])`).
    pub(crate) fn outcome_by_search(&mut self, e: &cgt_syntax::Expr, ctx: &Ctx) -> Option<EvalResult<Computed>> {
        let cgt_syntax::ExprKind::Ruleset(r) = &e.node else { return None };
        let bound = self.bound_ruleset(r);
        let r = bound.as_ref().unwrap_or(r);
        let row = OUTCOME_ROWS.iter().find(|row| row.ruleset == r.name.node)?;
        let defs = self.table::<crate::defs::Defs>();
        if defs.partizan(&r.name.node).is_some() || defs.rule(&r.name.node).is_some() {
            return None;
        }
        Some(
            check_settings(find_ruleset(&r.name).ok()?, &r.name, &r.settings)
                .and_then(|()| (row.search)(self, r, &e.span, ctx)),
        )
    }

    /// Evaluates a ruleset position through its row.
    pub(crate) fn ruleset(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        if let Some(bound) = self.bound_ruleset(r) {
            return self.ruleset_as_written(&bound, span, ctx);
        }
        self.ruleset_as_written(r, span, ctx)
    }

    /// Evaluates a ruleset position whose arguments are all written out.
    fn ruleset_as_written(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        if let Some(out) = self.user_rule_position(r, span, ctx) {
            return out;
        }
        if let Some(out) = self.user_partizan_position(r, span, ctx) {
            return out;
        }
        let def = find_ruleset(&r.name)?;
        check_settings(def, &r.name, &r.settings)?;
        (def.eval)(self, r, span, ctx)
    }
}
