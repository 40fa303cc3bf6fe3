//! Names resolved once. A called name (`f(x)`) and the name before a position's brackets
//! (`kayles[5]`) mean, in this order (docs/src/reference/language.md, "The definition language"):
//! - a user definition of that name (a `def`, or for positions and rule arguments a `rule`),
//! - else a builtin of the definition language (`sum`, `mex`, `len`, `min`, `max`, `isqrt`;
//!   calls only),
//! - else a function (calls) or a ruleset (positions) of the registry.
//!
//! [`callee`] is that order, written once. The statement evaluator, the definitions' compiler
//! and the editor (hover, go to definition, rename) each ask it, each with its own idea of
//! where user definitions are: the session's table when evaluating, the document's statements
//! in the editor. A definition that hides a built-in is warned at its name
//! (`shadowing_warning`).

use cgt_syntax::{Code, Diagnostic, Spanned};

use crate::registry::{FunctionDef, RulesetDef};
use crate::rows::{function, ruleset};

/// How a name is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Called: `name(args)`.
    Call,
    /// Before a position's brackets, or as a rule argument: `name[...]`, `grundy(name, 0..9)`.
    Position,
}

/// What a name means where it is used.
#[derive(Clone, Copy)]
pub enum Callee<D> {
    /// A user definition, identified by `D` (an index of the session's definitions, or a
    /// statement of the document).
    User(D),
    /// A builtin of the definition language.
    Builtin(Builtin),
    /// A function of the registry.
    Function(&'static FunctionDef),
    /// A ruleset of the registry.
    Ruleset(&'static RulesetDef),
}

/// What `name` means when used as `role`, with `user` finding a user definition of that name.
/// `None` when nothing of that name exists (the caller's error suggests one).
pub fn callee<D>(name: &str, role: Role, user: impl FnOnce(&str) -> Option<D>) -> Option<Callee<D>> {
    if let Some(d) = user(name) {
        return Some(Callee::User(d));
    }
    match role {
        Role::Call => Builtin::named(name).map(Callee::Builtin).or_else(|| function(name).map(Callee::Function)),
        Role::Position => ruleset(name).map(Callee::Ruleset),
    }
}

/// The builtins of the definition language, callable everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// The least of a list, or of two or more values.
    Min,
    /// The greatest of a list, or of two or more values.
    Max,
    /// The least whole number not in a list.
    Mex,
    /// The sum of a list.
    Sum,
    /// The length of a list, tuple or string.
    Len,
    /// The whole square root, rounded down.
    Isqrt,
}

impl Builtin {
    /// The builtin called `name`.
    pub fn named(name: &str) -> Option<Builtin> {
        Some(match name {
            "min" => Builtin::Min,
            "max" => Builtin::Max,
            "mex" => Builtin::Mex,
            "sum" => Builtin::Sum,
            "len" => Builtin::Len,
            "isqrt" => Builtin::Isqrt,
            _ => return None,
        })
    }
}

/// The built-in a user definition named `name` hides, described: a definition's name is looked
/// up before the registry's (docs/src/reference/language.md, "The definition language"), so
/// the file's calls of that name mean the definition, and a `rule`'s positions and rule
/// arguments (`name[...]`, `grundy(name, ...)`) mean the rule.
pub(crate) fn hidden_by(name: &str, is_rule: bool) -> Option<String> {
    if let Some(f) = function(name) {
        return Some(format!("the built-in function `{}`", f.name));
    }
    if let Some(r) = ruleset(name).filter(|_| is_rule) {
        return Some(format!("the built-in ruleset `{}`", r.name));
    }
    Builtin::named(name).is_some().then(|| format!("the built-in `{name}` of the definition language"))
}

/// The warning for a definition (a `rule` when `is_rule`) that hides a built-in, if it does.
pub(crate) fn shadowing_warning(name: &Spanned<String>, is_rule: bool) -> Option<Diagnostic> {
    let hidden = hidden_by(&name.node, is_rule)?;
    Some(
        Diagnostic::error(Code::Name, name.span.clone(), format!("`{}` hides {hidden}", name.node))
            .with_hint(format!(
                "in this file `{}` now means this definition; choose another name to keep the built-in",
                name.node
            ))
            .warning(),
    )
}
