//! From a ruleset position to what evaluates it: a user `rule` of that name, else the
//! ruleset's row (resolved by `resolve.rs`), with a `let` name in the brackets replaced by its
//! number first (`bound.rs`); and the outcome of a position by its ruleset's outcome search.

use cgt_core::Budget;
use cgt_syntax::{ExprKind, Ruleset, Span};

use super::OUTCOME_ROWS;
use crate::args::setting_end;
use crate::context::{Computed, Ctx};
use crate::defs::Defs;
use crate::registry::check_settings;
use crate::resolve::{Callee, Role, callee};
use crate::rows::find_ruleset;
use crate::session::Session;
use crate::value::EvalResult;

/// The kind of a user rule a position names.
#[derive(Clone, Copy)]
enum Rule {
    /// `rule f(n) = [...]`: a heap game.
    Heap,
    /// A partizan rule (`rule f(..) = left [...] right [...]`).
    Partizan,
}

impl Session {
    /// The outcome of `e` by its ruleset's outcome search, if `e` is a position of a built-in
    /// ruleset that has one (`outcome(domineering[8x8])`).
    pub(crate) fn outcome_by_search(&mut self, e: &cgt_syntax::Expr, ctx: &Ctx) -> Option<EvalResult<Computed>> {
        let cgt_syntax::ExprKind::Ruleset(r) = &e.node else { return None };
        let bound = self.bound_ruleset(r);
        let r = bound.as_ref().unwrap_or(r);
        let row = OUTCOME_ROWS.iter().find(|row| row.ruleset == r.name.node)?;
        let Some(Callee::Ruleset(def)) = self.position_callee(&r.name.node) else { return None };
        if let Err(d) = check_settings(def, &r.name, &r.settings) {
            return Some(Err(d));
        }
        (row.search)(self, r, &e.span, ctx)
    }

    /// Evaluates a ruleset position through its row. A whole statement that gives up on its
    /// value, of a ruleset with an outcome search, says that `outcome(...)` can still tell who
    /// wins.
    pub(crate) fn ruleset(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        self.ruleset_value(r, span, ctx).map_err(|mut d| {
            let searched = OUTCOME_ROWS.iter().any(|row| row.ruleset == r.name.node);
            if d.code == cgt_syntax::Code::Budget && searched && ctx.is_top(span) {
                let position = ctx.src.get(span.clone()).unwrap_or_default();
                d.hint = Some(format!(
                    "raise the budget with `cgt eval --budget 60s,8GiB`, or ask `outcome({position})`, which \
                     searches who wins without the value"
                ));
            }
            d
        })
    }

    /// Evaluates a ruleset position through its row, with a `let` name in its brackets.
    fn ruleset_value(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        let Some(bound) = self.bound_ruleset(r) else { return self.ruleset_as_written(r, span, ctx) };
        // A word in the brackets that is also a `let` name holding a whole number (`kayles[k]`)
        // is read as that number. When that reading is not a position but the words as
        // written are (`let G = 1`, then `boxes[G]`), the words are read as written.
        let mut c = match self.ruleset_as_written(&bound, span, ctx) {
            Ok(c) => c,
            Err(d) if d.code == cgt_syntax::Code::Budget => return Err(d),
            Err(d) => return self.ruleset_as_written(r, span, ctx).map_err(|_| d),
        };
        // Both readings are positions: the name is used, as everywhere, and the statement says
        // so (the words as written are tried under a small budget of their own).
        let check = Budget::new(AMBIGUITY_CHECK, ctx.budget.memory().min(64 << 20));
        let quick = Ctx { budget: &check, src: ctx.src, top: None, moves: false };
        if self.ruleset_as_written(r, span, &quick).is_ok() {
            c.warnings.push(ambiguous_names(r, &bound));
        }
        Ok(c)
    }

    /// Evaluates a ruleset position whose arguments are all written out.
    fn ruleset_as_written(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        match self.position_callee(&r.name.node) {
            Some(Callee::Ruleset(def)) => {
                check_settings(def, &r.name, &r.settings)?;
                (def.eval)(self, r, span, ctx)
            }
            Some(Callee::User(Rule::Heap)) => self.user_rule_position(r, span, ctx).unwrap_or_else(|| unknown(r)),
            Some(Callee::User(Rule::Partizan)) => {
                self.user_partizan_position(r, span, ctx).unwrap_or_else(|| unknown(r))
            }
            _ => unknown(r),
        }
    }

    /// What the name before a position's brackets means: a user `rule` (heap or partizan),
    /// else a ruleset (`resolve.rs`).
    fn position_callee(&mut self, name: &str) -> Option<Callee<Rule>> {
        let defs = self.table::<Defs>();
        let user = |n: &str| match (defs.rule(n), defs.partizan(n)) {
            (Some(_), _) => Some(Rule::Heap),
            (None, Some(_)) => Some(Rule::Partizan),
            (None, None) => None,
        };
        callee(name, Role::Position, user)
    }
}

/// How long a position is tried as written, to see whether a `let` name in its brackets is
/// also a word of its notation.
const AMBIGUITY_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// The warning for `let` names read in a position whose words, as written, are a position too.
fn ambiguous_names(r: &Ruleset, bound: &Ruleset) -> cgt_syntax::Diagnostic {
    let words = |r: &Ruleset| -> Vec<String> {
        let mut out = Vec::new();
        for a in &r.args {
            match &a.kind {
                cgt_syntax::RuleArgKind::Word(w) | cgt_syntax::RuleArgKind::Int(w) => out.push(w.clone()),
                cgt_syntax::RuleArgKind::Dims(x, y) => out.extend([x.clone(), y.clone()]),
                _ => out.push(String::new()),
            }
        }
        out
    };
    let names: Vec<String> =
        words(r).into_iter().zip(words(bound)).filter(|(a, b)| a != b).map(|(a, b)| format!("`{a}` = {b}")).collect();
    let at =
        r.args.first().map_or(r.name.span.clone(), |a| a.span.start..r.args.last().map_or(a.span.end, |l| l.span.end));
    let message =
        format!("read with the `let` names {} in the brackets, which as written are a position too", names.join(", "));
    cgt_syntax::Diagnostic::error(cgt_syntax::Code::Argument, at, message)
        .warning()
        .with_hint("rename the `let` name to keep the ruleset's own reading of the word")
}

/// The error for a position of no ruleset, with a suggestion.
fn unknown(r: &Ruleset) -> EvalResult<Computed> {
    Err(find_ruleset(&r.name).err().unwrap_or_else(|| {
        Box::new(cgt_syntax::Diagnostic::error(cgt_syntax::Code::Name, r.name.span.clone(), "unknown ruleset"))
    }))
}

/// A position's moves in its ruleset's notation: the position, then Left's and Right's moves.
pub(crate) struct PositionMoves {
    /// The position itself.
    pub notation: String,
    /// Left's moves.
    pub left: Vec<String>,
    /// Right's moves.
    pub right: Vec<String>,
}

impl Session {
    /// The moves of `e` if it is a ruleset position: by the row's position reader (boxes,
    /// boards, strips, graphs), or for a heap game (`kayles[4]`, `octal[5, 6] code=0.137`) by
    /// its heap rule, each move the heaps left. `None` for other expressions, and for positions
    /// with more than `limit` moves.
    pub(crate) fn position_moves(
        &mut self,
        e: &cgt_syntax::Expr,
        limit: usize,
        ctx: &Ctx,
    ) -> EvalResult<Option<PositionMoves>> {
        let r = match &e.node {
            ExprKind::Ruleset(r) => r.clone(),
            ExprKind::Boxes(words) => super::args::bare_boxes(words, &e.span),
            _ => return Ok(None),
        };
        if let Some(rule) = self.position_rule(&r) {
            let rule = rule?;
            let Ok(heaps) = super::args::heaps(&r.args, "nim[3, 4]") else { return Ok(None) };
            let total: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
            if total > limit as u128 {
                return Ok(None);
            }
            let settings = match (r.settings.first(), r.settings.last()) {
                (Some(a), Some(b)) => format!(" {}", &ctx.src[a.key.span.start..setting_end(b)]),
                _ => String::new(),
            };
            let show = |hs: &[u64]| {
                let list: Vec<String> = hs.iter().map(u64::to_string).collect();
                format!("{}[{}]{settings}", r.name.node, list.join(", "))
            };
            let moves: Vec<String> = rule.position_options(&heaps).iter().map(|hs| show(hs)).collect();
            return Ok(Some(PositionMoves { notation: show(&heaps), left: moves.clone(), right: moves }));
        }
        let Some(def) = crate::rows::ruleset(&r.name.node) else { return Ok(None) };
        let Some(read) = def.position else { return Ok(None) };
        crate::registry::check_settings(def, &r.name, &r.settings)?;
        let p = read(&r)?;
        let (l, rt) = (p.left(), p.right());
        if l.len() + rt.len() > limit {
            return Ok(None);
        }
        let show = |ps: Vec<Box<dyn crate::registry::AnyPosition>>| ps.iter().map(|p| p.notation()).collect();
        Ok(Some(PositionMoves { notation: p.notation(), left: show(l), right: show(rt) }))
    }
}
