//! Go to definition, references and rename of `let` names.
//!
//! A use of a name refers to the closest `let` of that name before it (names may be bound
//! again later in a file); a `let` refers to itself.

use cgt_syntax::{Span, name_defined, names_used};

use crate::engine::Analysis;

/// An occurrence of a name: its span and whether it is the defining `let`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The name's span.
    pub span: Span,
    /// Whether this is the `let` that binds it.
    pub definition: bool,
}

/// The name at `offset` and the span of the `let` that binds it there.
fn resolve(a: &Analysis, offset: usize) -> Option<(String, Span)> {
    let i = a.stmt_at(offset)?;
    let stmt = &a.parsed.stmts[i];
    let on = |s: &Span| s.start <= offset && offset <= s.end;
    if let Some(name) = name_defined(stmt).filter(|n| on(&n.span)) {
        return Some((name.node.clone(), name.span.clone()));
    }
    let used = names_used(stmt).into_iter().find(|n| on(&n.span))?;
    let def = a.parsed.stmts[..i]
        .iter()
        .rev()
        .find_map(|s| name_defined(s).filter(|n| n.node == used.node).map(|n| n.span.clone()))?;
    Some((used.node, def))
}

/// Where the name at `offset` is defined.
pub fn definition(a: &Analysis, offset: usize) -> Option<Span> {
    resolve(a, offset).map(|(_, def)| def)
}

/// Every occurrence of the binding of the name at `offset`: its `let` and every use that
/// refers to that `let`.
pub fn references(a: &Analysis, offset: usize) -> Vec<Occurrence> {
    let Some((name, def)) = resolve(a, offset) else { return Vec::new() };
    let mut out = vec![Occurrence { span: def.clone(), definition: true }];
    let mut current: Option<Span> = None;
    for stmt in &a.parsed.stmts {
        if current.as_ref() == Some(&def) {
            out.extend(
                names_used(stmt)
                    .into_iter()
                    .filter(|n| n.node == name)
                    .map(|n| Occurrence { span: n.span, definition: false }),
            );
        }
        if let Some(n) = name_defined(stmt).filter(|n| n.node == name) {
            current = Some(n.span.clone());
        }
    }
    out
}

/// The span of the name at `offset` that a rename would change (a binding or one of its
/// uses), if there is one: what an editor highlights before asking for the new name.
pub fn prepare_rename(a: &Analysis, offset: usize) -> Option<Span> {
    references(a, offset).into_iter().map(|o| o.span).find(|s| s.start <= offset && offset <= s.end)
}

/// The edits that rename the binding at `offset` to `new_name`, or why not.
pub fn rename(a: &Analysis, offset: usize, new_name: &str) -> Result<Vec<(Span, String)>, String> {
    if !is_valid_name(new_name) {
        return Err(format!("`{new_name}` is not a valid name: use letters, digits and _, starting with a letter"));
    }
    let refs = references(a, offset);
    if refs.is_empty() {
        return Err("there is no `let` name here to rename".to_string());
    }
    Ok(refs.into_iter().map(|o| (o.span, new_name.to_string())).collect())
}

/// Whether `s` can be a `let` name: a word that is not a keyword, box word or down.
pub fn is_valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    first_ok
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        && !["let", "is", "misere"].contains(&s)
        && !cgt_syntax::is_box_word(s)
        && cgt_syntax::down_count(s).is_none()
}
