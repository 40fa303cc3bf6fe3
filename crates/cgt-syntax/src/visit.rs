//! Walking the syntax tree: the names a statement uses and defines, for dependencies, go to
//! definition, references, rename and semantic colours. Iterative, so it never recurses on the
//! tree's depth. Scoping of definitions follows docs/src/reference/language.md (parameters, then `for` variables,
//! innermost last; see the definitions' compiler in cgt-eval).

mod dexpr;

use crate::ast::{CallArg, Expr, ExprKind, Spanned, Stmt, StmtKind};
use crate::lexer::Span;

/// What a name in a statement is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameRole {
    /// A plain name: a `let` name, or a rule given by name (`grundy(lasker, 0..9)`).
    Value,
    /// A call `f(...)`: a definition or a built-in function.
    Call,
    /// A position `r[...]` (a user rule or a built-in ruleset), or a rule with settings given
    /// as an argument.
    Position,
    /// A word in a ruleset's brackets or settings (`kayles[k]`, `domineering[r x c]`): a `let`
    /// name holding a whole number when one is bound, else a word of the ruleset's notation.
    Argument,
    /// A definition calling itself.
    SelfCall,
    /// The declaration of a parameter or of a comprehension variable.
    LocalDecl(LocalKind),
    /// A use of a parameter or of a comprehension variable declared at `decl`.
    LocalUse {
        /// The span of its declaration.
        decl: Span,
        /// What it is.
        kind: LocalKind,
    },
}

/// The kinds of names local to one statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocalKind {
    /// A parameter of a `def` or `rule`.
    Param,
    /// A variable of a `for` clause.
    ForVar,
}

/// One name in a statement, with what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRef {
    /// The name and its span.
    pub name: Spanned<String>,
    /// What it is.
    pub role: NameRole,
}

impl NameRef {
    /// Whether this name refers to a binding of another statement (`let`, `def`, `rule`, or a
    /// built-in of that name if the file binds none).
    pub fn is_global(&self) -> bool {
        matches!(self.role, NameRole::Value | NameRole::Call | NameRole::Position | NameRole::Argument)
    }
}

/// Every name in a statement except the one it defines, in source order: uses of other
/// statements' names, a definition's calls of itself, and its parameters and `for` variables
/// (declarations and uses).
pub fn name_refs(stmt: &Stmt) -> Vec<NameRef> {
    let mut out = match &stmt.kind {
        StmtKind::Expr(e) | StmtKind::Let { value: e, .. } | StmtKind::Is { expr: e, .. } => expr_refs(&[e]),
        StmtKind::Check { lhs, rhs, .. } => expr_refs(&[lhs, rhs]),
        StmtKind::Def(def) => dexpr::definition_refs(def),
        StmtKind::Table(e) => dexpr::table_refs(e),
        StmtKind::Error => Vec::new(),
    };
    out.sort_by_key(|n| n.name.span.start);
    out
}

/// Every use of a name another statement may bind (`let`, `def`, `rule`), in source order:
/// plain names, calls and positions. A definition's calls of itself, its parameters and its
/// `for` variables are not included.
pub fn names_used(stmt: &Stmt) -> Vec<Spanned<String>> {
    name_refs(stmt).into_iter().filter(NameRef::is_global).map(|n| n.name).collect()
}

/// Every name in an ordinary expression (not a definition's body), in source order.
pub fn expr_name_refs(e: &Expr) -> Vec<NameRef> {
    let mut out = expr_refs(&[e]);
    out.sort_by_key(|n| n.name.span.start);
    out
}

/// The name a statement defines (`let NAME = ...`, `def NAME(...)`, `rule NAME(...)`), if any.
pub fn name_defined(stmt: &Stmt) -> Option<&Spanned<String>> {
    match &stmt.kind {
        StmtKind::Let { name, .. } => Some(name),
        StmtKind::Def(def) => Some(&def.name),
        _ => None,
    }
}

/// The names in ordinary expressions.
fn expr_refs(roots: &[&Expr]) -> Vec<NameRef> {
    let mut stack: Vec<&Expr> = roots.iter().rev().copied().collect();
    let mut out = Vec::new();
    // Labelled literals: inside its literal a label names the literal, not a `let` name.
    let mut labels: Vec<(&str, &Span)> = Vec::new();
    let mut push = |name: &Spanned<String>, role: NameRole| out.push(NameRef { name: name.clone(), role });
    while let Some(e) = stack.pop() {
        match &e.node {
            ExprKind::Name(n) => push(&Spanned::new(n.clone(), e.span.clone()), NameRole::Value),
            ExprKind::Game { left, right } => stack.extend(left.iter().chain(right).rev()),
            ExprKind::PlusMinusList(items) | ExprKind::Ordinal(items) | ExprKind::List(items) => {
                stack.extend(items.iter().rev())
            }
            ExprKind::Sum(first, rest) => {
                stack.extend(rest.iter().rev().map(|(_, t)| t));
                stack.push(first);
            }
            ExprKind::Unary(_, operand) => stack.push(operand),
            ExprKind::Sided(on, off) => {
                stack.push(off);
                stack.push(on);
            }
            ExprKind::Call { name, args } => {
                push(name, NameRole::Call);
                for a in args.iter().rev() {
                    match a {
                        CallArg::Expr(e) => stack.push(e),
                        CallArg::Rule(name, _) => push(name, NameRole::Position),
                        CallArg::Range(_) => {}
                    }
                }
            }
            ExprKind::Ruleset(r) => {
                push(&r.name, NameRole::Position);
                for word in argument_words(r) {
                    push(&word, NameRole::Argument);
                }
            }
            ExprKind::Labelled { label, body } => {
                labels.push((&label.node, &body.span));
                stack.push(body);
            }
            ExprKind::Multiple { body, .. } => stack.push(body),
            ExprKind::Nus(_) | ExprKind::Boxes(_) | ExprKind::Pass | ExprKind::MisereForm(_) | ExprKind::Error => {}
        }
    }
    out.retain(|n| {
        n.role != NameRole::Value
            || !labels
                .iter()
                .any(|(l, s)| *l == n.name.node && s.start <= n.name.span.start && n.name.span.end <= s.end)
    });
    out
}

/// The plain words among a ruleset position's arguments and setting values, and the named sides
/// of a spaced size `r x c`, each with its span.
fn argument_words(r: &crate::ast::Ruleset) -> Vec<Spanned<String>> {
    use crate::ast::{RuleArgKind, SettingValue};
    let settings = r.settings.iter().flat_map(|s| match &s.value {
        Some(SettingValue::Arg(a)) => std::slice::from_ref(a),
        Some(SettingValue::List(l)) => l.node.as_slice(),
        None => &[],
    });
    let mut out = Vec::new();
    for a in r.args.iter().chain(settings) {
        match &a.kind {
            RuleArgKind::Word(w) => out.push(Spanned::new(w.clone(), a.span.clone())),
            RuleArgKind::Dims(rows, cols) => {
                let is_name = |s: &str| s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
                if is_name(rows) {
                    out.push(Spanned::new(rows.clone(), a.span.start..a.span.start + rows.len()));
                }
                if is_name(cols) {
                    out.push(Spanned::new(cols.clone(), a.span.end - cols.len()..a.span.end));
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name of the one statement of `src` as `name@start:role`.
    fn refs(src: &str) -> Vec<String> {
        let file = crate::parse(src);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
        let role = |r: &NameRole| match r {
            NameRole::Value => "value".to_string(),
            NameRole::Call => "call".to_string(),
            NameRole::Position => "position".to_string(),
            NameRole::Argument => "argument".to_string(),
            NameRole::SelfCall => "self".to_string(),
            NameRole::LocalDecl(k) => format!("decl {k:?}"),
            NameRole::LocalUse { decl, kind } => format!("use {kind:?}@{}", decl.start),
        };
        name_refs(&file.stmts[0])
            .iter()
            .map(|n| format!("{}@{}:{}", n.name.node, n.name.span.start, role(&n.role)))
            .collect()
    }

    #[test]
    fn definitions_resolve_locals_innermost_first() {
        let src = "def f(n, k) = [f(a, k) + g(b) + x for a in 1..n for b in a..k if b != a] ++ [n for n in 1..k]";
        assert_eq!(
            refs(src),
            [
                "n@6:decl Param",
                "k@9:decl Param",
                "f@15:self",
                "a@17:use ForVar@38",
                "k@20:use Param@9",
                "g@25:call",
                "b@27:use ForVar@52",
                "x@32:value",
                "a@38:decl ForVar",
                "n@46:use Param@6",
                "b@52:decl ForVar",
                "a@57:use ForVar@38",
                "k@60:use Param@9",
                "b@65:use ForVar@52",
                "a@70:use ForVar@38",
                "n@77:use ForVar@83",
                "n@83:decl ForVar",
                "k@91:use Param@9",
            ]
        );
    }

    #[test]
    fn uses_of_rules_and_definitions_in_statements() {
        assert_eq!(
            refs("grundy(lasker, 0..9) + cut(2, y)"),
            ["grundy@0:call", "lasker@7:value", "cut@23:call", "y@30:value"]
        );
        assert_eq!(refs("misere sub[2, 3]"), ["sub@7:position"]);
        // A table's `for` variable is local; a call named like a definition is a call.
        assert_eq!(
            refs("[cut(n, 1) for n in 1..m]"),
            ["cut@1:call", "n@5:use ForVar@15", "n@15:decl ForVar", "m@23:value"]
        );
        let file = crate::parse("def f(n) = f(n - 1) + h(n)\n");
        let used: Vec<String> = names_used(&file.stmts[0]).into_iter().map(|n| n.node).collect();
        assert_eq!(used, ["h"]);
        assert_eq!(name_defined(&file.stmts[0]).map(|n| n.node.as_str()), Some("f"));
        // Both lists of a partizan rule are read: Right's uses `g` and the parameter.
        let file = crate::parse("rule p(n) = [n - 1 for k in 1..1] | [g(n)]\n");
        let used: Vec<String> = names_used(&file.stmts[0]).into_iter().map(|n| n.node).collect();
        assert_eq!(used, ["g"]);
        let params = name_refs(&file.stmts[0]).into_iter().filter(|r| matches!(r.role, NameRole::LocalUse { .. }));
        assert_eq!(params.count(), 2, "n in both lists");
    }

    #[test]
    fn words_in_ruleset_brackets_are_arguments_or_locals() {
        assert_eq!(refs("kayles[k]"), ["kayles@0:position", "k@7:argument"]);
        assert_eq!(refs("domineering[r x c]"), ["domineering@0:position", "r@12:argument", "c@16:argument"]);
        assert_eq!(refs("stones[5] take=[1, t]"), ["stones@0:position", "t@19:argument"]);
        assert_eq!(
            refs("[domineering[r x c] for r in 1..2 for c in 1..3]"),
            [
                "domineering@1:position",
                "r@13:use ForVar@24",
                "c@17:use ForVar@38",
                "r@24:decl ForVar",
                "c@38:decl ForVar"
            ]
        );
        // A parameter indexed is the parameter.
        assert_eq!(
            refs("def g(xs, i) = xs[i]"),
            ["xs@6:decl Param", "i@10:decl Param", "xs@15:use Param@6", "i@18:use Param@10"]
        );
    }
}
