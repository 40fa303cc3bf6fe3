//! Go to definition, references and rename of `let` names, `def` and `rule` names, and
//! parameters and `for` variables of definitions (resolved as in [`crate::names`]).
//!
//! A use of a name refers to the closest binding of that name before it (names may be bound
//! again later in a file); a binding refers to itself; a parameter belongs to its own
//! definition only.

use cgt_syntax::Span;

use crate::engine::Analysis;
use crate::names::{self, Target};

/// An occurrence of a name: its span and whether it is the binding itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The name's span.
    pub span: Span,
    /// Whether this is the `let`, `def`, `rule`, parameter or `for` that binds it.
    pub definition: bool,
}

/// Where the name at `offset` is bound.
pub fn definition(a: &Analysis, offset: usize) -> Option<Span> {
    let occ = names::occurrence_at(a, offset)?;
    names::declaration(a, &occ.target)
}

/// Every occurrence of the binding of the name at `offset`: the binding and every use that
/// refers to it, in source order.
pub fn references(a: &Analysis, offset: usize) -> Vec<Occurrence> {
    let all = names::occurrences(a);
    let Some(here) = all.iter().find(|o| o.span.start <= offset && offset <= o.span.end) else { return Vec::new() };
    let target: Target = here.target.clone();
    all.into_iter()
        .filter(|o| o.target == target)
        .map(|o| Occurrence { span: o.span, definition: o.declaration })
        .collect()
}

/// The span of the name at `offset` that a rename would change (a binding or one of its
/// uses), if there is one: what an editor highlights before asking for the new name. Keywords,
/// built-in functions and rulesets are not names of the document, so they give `None`.
pub fn prepare_rename(a: &Analysis, offset: usize) -> Option<Span> {
    names::occurrence_at(a, offset).map(|o| o.span)
}

/// The edits that rename the binding at `offset` to `new_name`, or why not.
pub fn rename(a: &Analysis, offset: usize, new_name: &str) -> Result<Vec<(Span, String)>, String> {
    if !is_valid_name(new_name) {
        return Err(format!("`{new_name}` is not a valid name: use letters, digits and _, starting with a letter"));
    }
    let refs = references(a, offset);
    if refs.is_empty() {
        return Err("there is no name of this file here to rename".to_string());
    }
    Ok(refs.into_iter().map(|o| (o.span, new_name.to_string())).collect())
}

/// Whether `s` can be a name: a word that is not a keyword, box word or down.
pub fn is_valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    first_ok
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        && !["let", "is", "misere"].contains(&s)
        && !cgt_syntax::DEF_KEYWORDS.contains(&s)
        && !cgt_syntax::is_box_word(s)
        && cgt_syntax::down_count(s).is_none()
}
