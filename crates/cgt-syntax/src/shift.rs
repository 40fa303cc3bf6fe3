//! Moving a statement's syntax tree and diagnostics by a byte offset, so that the incremental
//! parser (see `incremental`) can reuse the tree of a statement whose text did not change but
//! whose place in the file did.
//!
//! Every pattern below names every field of every node (no `..`, no `_`), so a node or a field
//! added to the tree without being shifted here does not compile. The walk keeps its own stack:
//! trees are as deep as the brackets in the source, and nothing here recurses on that depth.

use crate::ast::{
    CallArg, Expr, ExprKind, NestedWord, Nus, RuleArg, RuleArgKind, Ruleset, Setting, SettingValue, Spanned, Stmt,
    StmtKind,
};
use crate::defs::{Clause, DExpr, DKind, Definition, Item};
use crate::diagnostic::{Diagnostic, Label};
use crate::lexer::Span;

/// A move of every offset from one origin to another: `x - from + to`.
///
/// Wrapping arithmetic keeps the move total (no panic on any span) and exactly invertible, so a
/// tree moved to origin 0 and back is the tree it was.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    /// The old origin.
    pub from: usize,
    /// The new origin.
    pub to: usize,
}

impl Shift {
    fn apply(self, span: &mut Span) {
        span.start = span.start.wrapping_sub(self.from).wrapping_add(self.to);
        span.end = span.end.wrapping_sub(self.from).wrapping_add(self.to);
    }

    fn spanned<T>(self, s: &mut Spanned<T>) {
        self.apply(&mut s.span);
    }
}

/// Moves every span of a statement.
pub(crate) fn stmt(s: &mut Stmt, by: Shift) {
    by.apply(&mut s.span);
    let mut stack = Stack::default();
    match &mut s.kind {
        StmtKind::Expr(e) => stack.exprs.push(e),
        StmtKind::Let { name, value } => {
            by.spanned(name);
            stack.exprs.push(value);
        }
        StmtKind::Check { lhs, op, rhs } => {
            by.spanned(op);
            stack.exprs.extend([lhs, rhs]);
        }
        StmtKind::Is { expr, outcome } => {
            by.spanned(outcome);
            stack.exprs.push(expr);
        }
        StmtKind::Def(d) => definition(d, by, &mut stack),
        StmtKind::Table(d) => stack.dexprs.push(d),
        StmtKind::Error => {}
    }
    stack.run(by);
}

/// Moves every span of a diagnostic and its labels.
pub(crate) fn diagnostic(d: &mut Diagnostic, by: Shift) {
    by.apply(&mut d.span);
    for Label { span, message: _ } in &mut d.labels {
        by.apply(span);
    }
}

/// The nodes still to move: expressions of both languages.
#[derive(Default)]
struct Stack<'a> {
    exprs: Vec<&'a mut Expr>,
    dexprs: Vec<&'a mut DExpr>,
}

impl<'a> Stack<'a> {
    fn run(mut self, by: Shift) {
        loop {
            if let Some(e) = self.exprs.pop() {
                self.expr(e, by);
            } else if let Some(d) = self.dexprs.pop() {
                self.dexpr(d, by);
            } else {
                return;
            }
        }
    }

    fn expr(&mut self, e: &'a mut Expr, by: Shift) {
        by.apply(&mut e.span);
        match &mut e.node {
            ExprKind::Nus(n) => nus(n, by),
            ExprKind::Game { left, right } => self.exprs.extend(left.iter_mut().chain(right.iter_mut())),
            ExprKind::PlusMinusList(items) | ExprKind::Ordinal(items) | ExprKind::List(items) => {
                self.exprs.extend(items.iter_mut())
            }
            ExprKind::Sum(first, rest) => {
                self.exprs.push(first);
                for (op, term) in rest {
                    by.spanned(op);
                    self.exprs.push(term);
                }
            }
            ExprKind::Sided(on, off) => self.exprs.extend([&mut **on, &mut **off]),
            ExprKind::Unary(ops, operand) => {
                ops.iter_mut().for_each(|op| by.spanned(op));
                self.exprs.push(operand);
            }
            ExprKind::Name(_) | ExprKind::Pass | ExprKind::MisereForm(_) | ExprKind::Error => {}
            ExprKind::Call { name, args } => {
                by.spanned(name);
                args.iter_mut().for_each(|a| self.call_arg(a, by));
            }
            ExprKind::Ruleset(r) => ruleset(r, by),
            ExprKind::Boxes(words) => words.iter_mut().for_each(|w| by.spanned(w)),
            ExprKind::Labelled { label, body } => {
                by.spanned(label);
                self.exprs.push(body);
            }
            ExprKind::Definition(d) => self.dexprs.push(d),
            ExprKind::Multiple { count, body } => {
                by.spanned(count);
                self.exprs.push(body);
            }
        }
    }

    fn call_arg(&mut self, a: &'a mut CallArg, by: Shift) {
        match a {
            CallArg::Expr(e) => self.exprs.push(e),
            CallArg::Range(r) => by.spanned(r),
            CallArg::Rule(name, settings) => {
                by.spanned(name);
                settings.iter_mut().for_each(|s| setting(s, by));
            }
        }
    }

    fn dexpr(&mut self, d: &'a mut DExpr, by: Shift) {
        by.apply(&mut d.span);
        match &mut d.node {
            DKind::Int(_) | DKind::Bool(_) | DKind::Str(_) | DKind::Name(_) | DKind::Pass => {}
            DKind::Labelled(label, body) => {
                by.spanned(label);
                self.dexprs.push(body);
            }
            DKind::Nus(n) => nus(n, by),
            DKind::Prefix(_, a) => self.dexprs.push(a),
            DKind::Binary(_, a, b) | DKind::Range(a, b) | DKind::Index(a, b) => {
                self.dexprs.extend([&mut **a, &mut **b]);
            }
            DKind::If(a, b, c) | DKind::Slice(a, b, c) => self.dexprs.extend([&mut **a, &mut **b, &mut **c]),
            DKind::List(items) => items.iter_mut().for_each(|i| self.item(i, by)),
            DKind::Tuple(items) => self.dexprs.extend(items.iter_mut()),
            DKind::Call(name, args) => {
                by.spanned(name);
                self.dexprs.extend(args.iter_mut());
            }
            DKind::Game(left, right) => left.iter_mut().chain(right.iter_mut()).for_each(|i| self.item(i, by)),
            DKind::Position(p) => {
                by.spanned(&mut p.name);
                p.tokens.iter_mut().for_each(|t| by.apply(&mut t.span));
                if let Some(i) = &mut p.index {
                    self.dexprs.push(i);
                }
            }
        }
    }

    fn item(&mut self, i: &'a mut Item, by: Shift) {
        let Item { expr, clauses } = i;
        self.dexprs.push(expr);
        for c in clauses {
            match c {
                Clause::For(var, e) => {
                    by.spanned(var);
                    self.dexprs.push(e);
                }
                Clause::If(e) | Clause::While(e) => self.dexprs.push(e),
            }
        }
    }
}

fn definition<'a>(d: &'a mut Definition, by: Shift, stack: &mut Stack<'a>) {
    let Definition { is_rule: _, name, params, body, right } = d;
    by.spanned(name);
    params.iter_mut().for_each(|p| by.spanned(p));
    stack.dexprs.push(body);
    stack.dexprs.extend(right.as_mut());
}

fn nus(n: &mut Nus, by: Shift) {
    let Nus { number, ups, star, uptimal, pseudo } = n;
    number.as_mut().into_iter().for_each(|x| by.spanned(x));
    ups.as_mut().into_iter().for_each(|x| by.spanned(x));
    star.as_mut().into_iter().for_each(|x| by.spanned(x));
    uptimal.as_mut().into_iter().for_each(|x| by.spanned(x));
    pseudo.as_mut().into_iter().for_each(|x| by.spanned(x));
}

fn ruleset(r: &mut Ruleset, by: Shift) {
    let Ruleset { name, args, settings } = r;
    by.spanned(name);
    args.iter_mut().for_each(|a| rule_arg(a, by));
    settings.iter_mut().for_each(|s| setting(s, by));
}

fn setting(s: &mut Setting, by: Shift) {
    let Setting { key, value } = s;
    by.spanned(key);
    match value {
        None => {}
        Some(SettingValue::Arg(a)) => rule_arg(a, by),
        Some(SettingValue::List(list)) => {
            by.apply(&mut list.span);
            list.node.iter_mut().for_each(|a| rule_arg(a, by));
        }
    }
}

fn rule_arg(a: &mut RuleArg, by: Shift) {
    let RuleArg { kind, span } = a;
    by.apply(span);
    match kind {
        RuleArgKind::Int(_)
        | RuleArgKind::Decimal(_)
        | RuleArgKind::Str(_)
        | RuleArgKind::Dims(_, _)
        | RuleArgKind::Edge(_, _)
        | RuleArgKind::Keyed(_, _)
        | RuleArgKind::Word(_) => {}
        RuleArgKind::Link(_, _, colour) => colour.as_mut().into_iter().for_each(|c| by.spanned(c)),
        RuleArgKind::Nested(words) => {
            for NestedWord { word: _, span, parent: _ } in words {
                by.apply(span);
            }
        }
        RuleArgKind::Dotted(words) => words.iter_mut().for_each(|w| by.spanned(w)),
    }
}
