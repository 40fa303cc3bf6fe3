//! Ruleset positions (`toppling[BWWB]`, `nim[3, 4, 5]`, ...): the table of rulesets, one row
//! each, and the dispatch from a position to its row. Each ruleset lives in its own file under
//! `rulesets/`, which defines its row; adding a ruleset is that file, its `mod` line and its row.

mod args;
mod boxes;
mod deque;
mod domineering;
mod fair;
mod graph;
mod nim;
mod octal;
mod stones;
mod toppling;
mod tree;

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
    deque::ROW,
    graph::ROW,
    fair::ROW,
];

impl Session {
    /// Evaluates a ruleset position through its row.
    pub(crate) fn ruleset(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        if let Some(out) = self.user_rule_position(r, span, ctx) {
            return out;
        }
        let def = find_ruleset(&r.name)?;
        check_settings(def, &r.name, &r.settings)?;
        (def.eval)(self, r, span, ctx)
    }
}
