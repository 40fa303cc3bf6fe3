//! `explain(G)`: the derivation of a game's canonical form, step by step (docs/src/reference/functions.md), from
//! `cgt_core::explain`, followed for a ruleset position or a sum by each player's winning move
//! (`functions/winning.rs`); and the same explanation beside each game statement's report for
//! the editor's hover and `cgt eval --explain`.

use std::time::Duration;

use cgt_core::explain::{self, Explanation};
use cgt_core::game::GameId;
use cgt_core::{Budget, Exhausted};
use cgt_syntax::{Expr, ExprKind, Spanned, Stmt, StmtKind, SumOp};

use crate::context::{Computed, Ctx};
use crate::registry::{FunctionDef, Returns};
use crate::report::StmtReport;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// `explain(G)`.
pub(crate) const EXPLAIN: FunctionDef = FunctionDef {
    name: "explain",
    signature: "explain(G)",
    doc: "the derivation of G's canonical form, step by step: dominated and reversible options, the \
          simplicity rule; a brace literal from its options as written, `A + B` from the options of the sum; \
          for a ruleset position or a sum, each player's winning move as a position in the ruleset's notation",
    returns: Returns::Text,
    aliases: &[],
    limits: "Derives the canonical form step by step, comparing options (polynomial in the forms involved); \
             for a ruleset position it lists at most 40 moves one by one, and values at most 2000 moves \
             (beyond that it starts from the canonical form).",
    source: "theory/canonical-forms.md and theory/simplicity.md; CGT II.2-II.3 (reductions, number \
             avoidance); LiP ch. 4-5.",
    eval: |s, call, ctx| {
        let a = s.one_arg(call, "one game")?;
        let lines = s.with_arg(a, ctx, |s, e, ctx| s.explanation(e, ctx))?;
        Ok(Computed::from(Value::Text(lines.join("\n"))))
    },
};

/// The most moves of a position listed one by one in its explanation; beyond this they are
/// counted.
const LISTED_MOVES: usize = 40;

/// The most moves of a position whose values an explanation computes; beyond this the
/// explanation starts from the canonical form.
const MOVES_VALUED: usize = 2000;

/// The most time a statement's explanation may take beside its evaluation.
const STATEMENT_TIME: Duration = Duration::from_secs(1);

impl Session {
    /// The lines explaining the game `e` is: its derivation ([`Session::derivation`]), then for
    /// a ruleset position or a sum, each player's winning move.
    pub(crate) fn explanation(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Vec<String>> {
        let mut lines = self.derivation(e, ctx)?;
        lines.extend(self.winning_lines(e, ctx)?);
        Ok(lines)
    }

    /// The derivation of the game `e` is: from the options as written for a brace literal, from
    /// the options of the sum for `A + B` (`A + B - C` is `(A + B) + (-C)`), otherwise from the
    /// canonical form.
    fn derivation(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Vec<String>> {
        if let Some(lines) = self.position_derivation(e, ctx)? {
            return Ok(lines);
        }
        let budget = ctx.budget;
        let x = match &e.node {
            ExprKind::Game { left, right } => {
                let l = left.iter().map(|o| self.game(o, ctx)).collect::<EvalResult<Vec<_>>>()?;
                let r = right.iter().map(|o| self.game(o, ctx)).collect::<EvalResult<Vec<_>>>()?;
                explain::explain_options(&mut self.games, &l, &r, budget)
            }
            ExprKind::Sum(first, rest) if !rest.is_empty() => {
                let (a, b) = self.last_summand(first, rest, ctx)?;
                explain::explain_sum(&mut self.games, a, b, budget)
            }
            _ => {
                let g = self.game(e, ctx)?;
                explain::explain_game(&mut self.games, g, budget)
            }
        };
        let x: Explanation = x.map_err(|x| gave_up(x, e.span.clone(), budget))?;
        let style = self.style();
        Ok(explain::render(&mut self.games, &x, style))
    }

    /// The derivation of a ruleset position's value from its moves: each move in the
    /// ruleset's notation with its value, then the derivation from those options (which are
    /// dominated, equal or reversible), ending in the canonical form. `None` for an expression
    /// that is not a position of a ruleset with readable positions.
    fn position_derivation(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Option<Vec<String>>> {
        let Some(moves) = self.position_moves(e, MOVES_VALUED, ctx)? else { return Ok(None) };
        let (left, right) = (&moves.left, &moves.right);
        let mut lines = vec![format!(
            "The position {}: Left has {} move{}, Right has {}",
            moves.notation,
            left.len(),
            if left.len() == 1 { "" } else { "s" },
            right.len()
        )];
        let listed = left.len() + right.len() <= LISTED_MOVES;
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (who, moves, values) in [("Left", left, 0), ("Right", right, 1)] {
            for notation in moves.iter() {
                let g = self.game_of_notation(notation, ctx).map_err(|mut d| {
                    d.span = e.span.clone();
                    d.labels.clear();
                    d
                })?;
                if listed {
                    lines.push(format!("{who} moves to {notation} = {}", self.games.display(g, self.style())));
                }
                sides[values].push(g);
            }
        }
        if !listed {
            for (who, values) in [("Left", &sides[0]), ("Right", &sides[1])] {
                let distinct: std::collections::HashSet<GameId> = values.iter().copied().collect();
                lines.push(format!("{who}'s {} moves have {} different values", values.len(), distinct.len()));
            }
        }
        let x = explain::explain_options(&mut self.games, &sides[0], &sides[1], ctx.budget)
            .map_err(|x| gave_up(x, e.span.clone(), ctx.budget))?;
        let style = self.style();
        lines.extend(explain::render(&mut self.games, &x, style));
        Ok(Some(lines))
    }

    /// A sum split before its last term: `(A + B, C)` for `A + B + C`, `(A, -B)` for `A - B`.
    fn last_summand(
        &mut self,
        first: &Expr,
        rest: &[(Spanned<SumOp>, Expr)],
        ctx: &Ctx,
    ) -> EvalResult<(GameId, GameId)> {
        let mut acc = self.game(first, ctx)?;
        let Some(((op, last), init)) = rest.split_last() else { return Ok((acc, self.games.zero())) };
        let span = first.span.start..last.span.end;
        for (op, term) in init {
            let t = self.signed(op, term, ctx)?;
            acc = self.lift(&span, ctx.budget, |g, b| g.add(acc, t, b))?;
        }
        Ok((acc, self.signed(op, last, ctx)?))
    }

    /// A term of a sum with its sign.
    fn signed(&mut self, op: &Spanned<SumOp>, term: &Expr, ctx: &Ctx) -> EvalResult<GameId> {
        let t = self.game(term, ctx)?;
        match op.node {
            SumOp::Add => Ok(t),
            SumOp::Sub => self.lift(&term.span, ctx.budget, |g, b| g.neg(t, b)),
        }
    }

    /// With `Config::details`, the explanation of a game statement's value (its expression,
    /// or a check's left side) into its report, within at most [`STATEMENT_TIME`] more.
    /// Nothing is added if the explanation does not fit in that.
    pub(crate) fn explain_statement(&mut self, stmt: &Stmt, src: &str, budget: &Budget, report: &mut StmtReport) {
        if !self.config.details || report.details.is_none() || report.has_error() {
            return;
        }
        let e = match &stmt.kind {
            StmtKind::Expr(e) | StmtKind::Let { value: e, .. } | StmtKind::Is { expr: e, .. } => e,
            StmtKind::Check { lhs, .. } => lhs,
            StmtKind::Error | StmtKind::Def(_) | StmtKind::Table(_) => return,
        };
        let time = budget.time().map_or(STATEMENT_TIME, |t| t.min(STATEMENT_TIME));
        let budget = Budget::with_cancel(time, budget.memory(), budget.cancel_flag());
        if budget.check_now() == Err(Exhausted::Cancelled) {
            return;
        }
        let ctx = Ctx { budget: &budget, src, top: None, moves: false };
        // The winning moves are left out, not the derivation, when only they do not fit.
        if let Ok(mut lines) = self.derivation(e, &ctx) {
            if let Ok(moves) = self.winning_lines(e, &ctx) {
                lines.extend(moves);
            }
            report.explanation = lines.into();
        }
    }
}
