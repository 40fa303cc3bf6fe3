//! Name resolution over a whole document, shared by navigation, hover and semantic tokens:
//! every occurrence of a name with the binding it refers to, resolved as evaluation resolves
//! it (docs/src/howto/define.md): a `let`, `def` or `rule` binds its name for the statements after it (a
//! later one of the same name hides it), plain names are `let` names (or a rule given by
//! name, `grundy(r, 0..9)`), calls and positions are definitions, and parameters and `for`
//! variables belong to their own statement.

use std::collections::HashMap;

use cgt_syntax::{Definition, LocalKind, NameRole, Span, Stmt, StmtKind, name_defined, name_refs};

use cgt_eval::resolve::{Callee, Role, callee};

use crate::engine::Analysis;

/// What an occurrence of a name refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// The `let` of statement `i`.
    Let(usize),
    /// The `def` or `rule` of statement `i`.
    Def(usize),
    /// A parameter or `for` variable of statement `stmt`, declared at `decl`.
    Local { stmt: usize, decl: Span, kind: LocalKind },
}

/// One occurrence of a name bound in the document.
#[derive(Clone, Debug)]
pub(crate) struct Occurrence {
    /// The name's span.
    pub span: Span,
    /// The statement it is in.
    pub stmt: usize,
    /// What it refers to.
    pub target: Target,
    /// Whether this is the binding itself (a `let`, `def`, `rule`, parameter or `for`).
    pub declaration: bool,
}

/// Every occurrence of a name bound in the document, in source order. Names that nothing in
/// the document binds (built-in functions and rulesets, unknown names) are left out.
pub(crate) fn occurrences(a: &Analysis) -> Vec<Occurrence> {
    let mut lets: HashMap<&str, usize> = HashMap::new();
    let mut defs: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, stmt) in a.parsed.stmts.iter().enumerate() {
        let defined = name_defined(stmt);
        if let Some(n) = defined {
            let target = if is_def(stmt) { Target::Def(i) } else { Target::Let(i) };
            out.push(Occurrence { span: n.span.clone(), stmt: i, target, declaration: true });
        }
        for r in name_refs(stmt) {
            let target = match &r.role {
                NameRole::Value | NameRole::Argument => lets.get(r.name.node.as_str()).map(|&j| Target::Let(j)),
                NameRole::Call | NameRole::Position => None,
                NameRole::SelfCall => Some(Target::Def(i)),
                NameRole::LocalDecl(kind) => Some(Target::Local { stmt: i, decl: r.name.span.clone(), kind: *kind }),
                NameRole::LocalUse { decl, kind } => Some(Target::Local { stmt: i, decl: decl.clone(), kind: *kind }),
            };
            // Calls and positions resolve as evaluation resolves them (`cgt_eval::resolve`):
            // the document's definition of that name, else a built-in (not bound here); a
            // plain name that no `let` binds may be a rule given by name.
            let user = |n: &str| defs.get(n).copied();
            let target = target.or_else(|| match r.role {
                NameRole::Call => resolved(callee(&r.name.node, Role::Call, user)),
                NameRole::Position => resolved(callee(&r.name.node, Role::Position, user)),
                NameRole::Value => user(&r.name.node).map(Target::Def),
                _ => None,
            });
            if let Some(target) = target {
                let declaration = matches!(r.role, NameRole::LocalDecl(_));
                out.push(Occurrence { span: r.name.span, stmt: i, target, declaration });
            }
        }
        if let Some(n) = defined {
            let map = if is_def(stmt) { &mut defs } else { &mut lets };
            map.insert(&n.node, i);
        }
    }
    out.sort_by_key(|o| o.span.start);
    out
}

/// The document's definition a resolved name refers to, if it is one of the document's.
fn resolved(c: Option<Callee<usize>>) -> Option<Target> {
    match c? {
        Callee::User(j) => Some(Target::Def(j)),
        _ => None,
    }
}

/// The occurrence whose span contains `offset` (ends included).
pub(crate) fn occurrence_at(a: &Analysis, offset: usize) -> Option<Occurrence> {
    occurrences(a).into_iter().find(|o| o.span.start <= offset && offset <= o.span.end)
}

/// The span of the binding an occurrence refers to.
pub(crate) fn declaration(a: &Analysis, target: &Target) -> Option<Span> {
    match target {
        Target::Let(i) | Target::Def(i) => name_defined(a.parsed.stmts.get(*i)?).map(|n| n.span.clone()),
        Target::Local { decl, .. } => Some(decl.clone()),
    }
}

/// The definition of a `def`/`rule` statement.
pub(crate) fn definition_of(stmt: &Stmt) -> Option<&Definition> {
    match &stmt.kind {
        StmtKind::Def(d) => Some(d),
        _ => None,
    }
}

fn is_def(stmt: &Stmt) -> bool {
    matches!(stmt.kind, StmtKind::Def(_))
}

/// A definition's signature as its hint shows it: `cutcake(w, h)`, `rule lasker(n)`.
pub(crate) fn signature(def: &Definition) -> String {
    let params: Vec<&str> = def.params.iter().map(|p| p.node.as_str()).collect();
    let call = format!("{}({})", def.name.node, params.join(", "));
    if def.is_rule { format!("rule {call}") } else { call }
}

/// The comment lines (`# ...`) directly above the statement starting at `start`, without
/// their `#`, joined by line breaks; empty if there are none.
pub(crate) fn doc_comment(text: &str, start: usize) -> String {
    let mut lines = Vec::new();
    let mut end = text[..start].rfind('\n').unwrap_or(0);
    while end > 0 {
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let Some(comment) = text[line_start..end].trim().strip_prefix('#') else { break };
        lines.push(comment.trim().to_string());
        end = line_start.saturating_sub(1);
        if line_start == 0 {
            break;
        }
    }
    lines.reverse();
    lines.join("\n")
}
