//! The names in definitions and table statements (docs/src/reference/language.md), resolved against the scopes of
//! parameters and `for` variables as the definitions' compiler resolves them: a plain name is
//! the innermost local of that name, else a name of another statement; a call is never a local.
//! Iterative, with the scopes as a tree of nodes, so deep bodies need no deep stack.

use super::{LocalKind, NameRef, NameRole};
use crate::ast::Spanned;
use crate::defs::{Clause, DExpr, DKind, Definition, Item};
use crate::lexer::Span;

/// The names of a `def`/`rule` statement: its parameters, then everything in its body (both
/// lists of a partizan rule).
pub(super) fn definition_refs(def: &Definition) -> Vec<NameRef> {
    let mut w = Walker { scopes: Vec::new(), out: Vec::new(), current: Some(&def.name.node) };
    let mut head = None;
    for p in &def.params {
        w.out.push(NameRef { name: p.clone(), role: NameRole::LocalDecl(LocalKind::Param) });
        head = Some(w.declare(p, LocalKind::Param, head));
    }
    w.walk(Task::Expr(&def.body, head));
    if let Some(right) = &def.right {
        w.walk(Task::Expr(right, head));
    }
    w.out
}

/// The names of a table statement (`[f(n) for n in 1..8]`).
pub(super) fn table_refs(e: &DExpr) -> Vec<NameRef> {
    let mut w = Walker { scopes: Vec::new(), out: Vec::new(), current: None };
    w.walk(Task::Expr(e, None));
    w.out
}

/// A local in scope: its name, declaration, kind and the scope around it.
struct ScopeNode<'a> {
    name: &'a str,
    decl: Span,
    kind: LocalKind,
    parent: Option<usize>,
}

/// Work left: an expression or an item, each in the scope given by a node index.
enum Task<'a> {
    Expr(&'a DExpr, Option<usize>),
    Item(&'a Item, Option<usize>),
}

struct Walker<'a> {
    scopes: Vec<ScopeNode<'a>>,
    out: Vec<NameRef>,
    /// The name of the definition being walked: its calls of that name are calls of itself.
    current: Option<&'a String>,
}

impl<'a> Walker<'a> {
    fn declare(&mut self, name: &'a Spanned<String>, kind: LocalKind, parent: Option<usize>) -> usize {
        self.scopes.push(ScopeNode { name: &name.node, decl: name.span.clone(), kind, parent });
        self.scopes.len() - 1
    }

    fn lookup(&self, name: &str, mut at: Option<usize>) -> Option<&ScopeNode<'a>> {
        while let Some(i) = at {
            let node = &self.scopes[i];
            if node.name == name {
                return Some(node);
            }
            at = node.parent;
        }
        None
    }

    fn walk(&mut self, root: Task<'a>) {
        let mut stack = vec![root];
        while let Some(task) = stack.pop() {
            match task {
                Task::Expr(e, scope) => self.expr(e, scope, &mut stack),
                Task::Item(item, scope) => self.item(item, scope, &mut stack),
            }
        }
    }

    /// A comprehension item: each `for` variable is in scope in the clauses after it and in
    /// the item's expression, not in its own range.
    fn item(&mut self, item: &'a Item, mut scope: Option<usize>, stack: &mut Vec<Task<'a>>) {
        for c in &item.clauses {
            match c {
                Clause::For(var, over) => {
                    stack.push(Task::Expr(over, scope));
                    self.out.push(NameRef { name: var.clone(), role: NameRole::LocalDecl(LocalKind::ForVar) });
                    scope = Some(self.declare(var, LocalKind::ForVar, scope));
                }
                Clause::If(cond) | Clause::While(cond) => stack.push(Task::Expr(cond, scope)),
            }
        }
        stack.push(Task::Expr(&item.expr, scope));
    }

    fn expr(&mut self, e: &'a DExpr, scope: Option<usize>, stack: &mut Vec<Task<'a>>) {
        let sub = |x: &'a DExpr| Task::Expr(x, scope);
        match &e.node {
            DKind::Name(n) => {
                let role = match self.lookup(n, scope) {
                    Some(node) => NameRole::LocalUse { decl: node.decl.clone(), kind: node.kind },
                    None => NameRole::Value,
                };
                self.out.push(NameRef { name: Spanned::new(n.clone(), e.span.clone()), role });
            }
            DKind::Call(name, args) => {
                let role = if self.current == Some(&name.node) { NameRole::SelfCall } else { NameRole::Call };
                self.out.push(NameRef { name: name.clone(), role });
                stack.extend(args.iter().map(sub));
            }
            DKind::Prefix(_, a) => stack.push(sub(a)),
            DKind::Binary(_, a, b) | DKind::Range(a, b) | DKind::Index(a, b) => stack.extend([sub(a), sub(b)]),
            DKind::If(a, b, c) | DKind::Slice(a, b, c) => stack.extend([sub(a), sub(b), sub(c)]),
            DKind::Tuple(xs) => stack.extend(xs.iter().map(sub)),
            DKind::List(items) => stack.extend(items.iter().map(|i| Task::Item(i, scope))),
            DKind::Game(l, r) => stack.extend(l.iter().chain(r).map(|i| Task::Item(i, scope))),
            DKind::Int(_) | DKind::Nus(_) | DKind::Bool(_) | DKind::Str(_) | DKind::Pass => {}
            DKind::Labelled(_, body) => stack.push(sub(body)),
            DKind::Position(p) => {
                let role = match self.lookup(&p.name.node, scope) {
                    Some(node) => NameRole::LocalUse { decl: node.decl.clone(), kind: node.kind },
                    None => NameRole::Position,
                };
                self.out.push(NameRef { name: p.name.clone(), role });
                // The brackets' words (the index, when they read as one, is the same words).
                for t in p.tokens.iter().filter(|t| t.word) {
                    let role = match self.lookup(&t.text, scope) {
                        Some(node) => NameRole::LocalUse { decl: node.decl.clone(), kind: node.kind },
                        None => NameRole::Argument,
                    };
                    self.out.push(NameRef { name: Spanned::new(t.text.clone(), t.span.clone()), role });
                }
            }
        }
    }
}
