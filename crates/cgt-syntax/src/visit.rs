//! Walking the syntax tree: the names a statement uses and defines, for dependencies, go to
//! definition, references and rename. Iterative, so it never recurses on the tree's depth.

use crate::ast::{CallArg, Expr, ExprKind, Spanned, Stmt, StmtKind};

/// Every use of a `let` name in a statement, in source order.
pub fn names_used(stmt: &Stmt) -> Vec<Spanned<String>> {
    let mut stack: Vec<&Expr> = match &stmt.kind {
        StmtKind::Expr(e) | StmtKind::Let { value: e, .. } | StmtKind::Is { expr: e, .. } => vec![e],
        StmtKind::Check { lhs, rhs, .. } => vec![rhs, lhs],
        // Names inside definitions are walked by the definitions' own compiler.
        StmtKind::Def(_) | StmtKind::Table(_) | StmtKind::Error => Vec::new(),
    };
    let mut out = Vec::new();
    // Labelled literals: inside its literal a label names the literal, not a `let` name.
    let mut labels: Vec<(&str, &crate::lexer::Span)> = Vec::new();
    while let Some(e) = stack.pop() {
        match &e.node {
            ExprKind::Name(n) => out.push(Spanned::new(n.clone(), e.span.clone())),
            ExprKind::Game { left, right } => stack.extend(left.iter().chain(right).rev()),
            ExprKind::PlusMinusList(items) | ExprKind::Ordinal(items) => stack.extend(items.iter().rev()),
            ExprKind::Sum(first, rest) => {
                stack.extend(rest.iter().rev().map(|(_, t)| t));
                stack.push(first);
            }
            ExprKind::Unary(_, operand) => stack.push(operand),
            ExprKind::Sided(on, off) => {
                stack.push(off);
                stack.push(on);
            }
            ExprKind::Call { args, .. } => stack.extend(args.iter().rev().filter_map(|a| match a {
                CallArg::Expr(e) => Some(e),
                _ => None,
            })),
            ExprKind::Labelled { label, body } => {
                labels.push((&label.node, &body.span));
                stack.push(body);
            }
            ExprKind::Nus(_) | ExprKind::Ruleset(_) | ExprKind::Boxes(_) | ExprKind::Pass | ExprKind::Error => {}
        }
    }
    out.retain(|n| !labels.iter().any(|(l, s)| *l == n.node && s.start <= n.span.start && n.span.end <= s.end));
    out.sort_by_key(|n| n.span.start);
    out
}

/// The name a statement defines (`let NAME = ...`), if any.
pub fn name_defined(stmt: &Stmt) -> Option<&Spanned<String>> {
    match &stmt.kind {
        StmtKind::Let { name, .. } => Some(name),
        _ => None,
    }
}
