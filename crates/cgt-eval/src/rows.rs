//! The registry's rows, looked up by name: every ruleset and every function, the row of a
//! name (with a suggestion when there is none), and the warning for a definition that hides a
//! built-in. Kept apart from the row types (`registry.rs`) so that the rows, which use the
//! types, never import the tables that list them (ARCHITECTURE.md, "One direction of imports").

use cgt_syntax::{Code, Diagnostic, Spanned};

use crate::names::suggest;
use crate::registry::{FunctionDef, RulesetDef};
use crate::value::EvalResult;

/// Every ruleset.
pub fn rulesets() -> &'static [RulesetDef] {
    crate::rulesets::ROWS
}

/// Every function.
pub fn functions() -> &'static [FunctionDef] {
    crate::functions::ROWS
}

/// The ruleset named `name`.
pub fn ruleset(name: &str) -> Option<&'static RulesetDef> {
    rulesets().iter().find(|r| r.name == name)
}

/// The function named `name`.
pub fn function(name: &str) -> Option<&'static FunctionDef> {
    functions().iter().find(|f| f.name == name || f.aliases.contains(&name))
}

/// The ruleset named at `name`, or an error with a suggestion.
pub(crate) fn find_ruleset(name: &Spanned<String>) -> EvalResult<&'static RulesetDef> {
    ruleset(&name.node).ok_or_else(|| {
        let mut d = Diagnostic::error(Code::Name, name.span.clone(), format!("unknown ruleset `{}`", name.node));
        if let Some(s) = suggest(&name.node, rulesets().iter().map(|r| r.name)) {
            d = d.with_hint(format!("did you mean `{s}[...]`?"));
        }
        Box::new(d)
    })
}

/// The function named at `name`, or an error with a suggestion.
pub(crate) fn find_function(name: &Spanned<String>) -> EvalResult<&'static FunctionDef> {
    function(&name.node).ok_or_else(|| {
        let mut d = Diagnostic::error(Code::Name, name.span.clone(), format!("unknown function `{}`", name.node));
        if let Some(r) = ruleset(&name.node) {
            // CGSuite writes positions as calls: `Kayles(20)`.
            return Box::new(d.with_hint(format!(
                "`{}` is a ruleset, not a function: its positions are written with brackets, as in `{}`",
                r.name, r.example
            )));
        }
        d = match suggest(&name.node, functions().iter().map(|f| f.name)) {
            Some(s) => d.with_hint(format!("did you mean `{s}`?")),
            None => {
                let all: Vec<&str> = functions().iter().map(|f| f.name).collect();
                d.with_hint(format!("the functions are {}", all.join(", ")))
            }
        };
        Box::new(d)
    })
}
