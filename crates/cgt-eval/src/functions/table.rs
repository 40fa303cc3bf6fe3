//! `table(EXPR for r in A, c in B)`: the registry's row of the table statement (evaluated by
//! `crate::table`, which reads the statement before any call is made). As a call inside
//! another expression it is an error that shows how to write it.

use cgt_syntax::{Code, Diagnostic};

use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::EvalResult;

/// `table(EXPR for r in A, c in B)`.
pub(crate) const TABLE: FunctionDef = FunctionDef {
    name: "table",
    signature: "table(EXPR for r in A, c in B)",
    doc: "A table of values on a line of its own: rows `r` in A, columns `c` in B, each cell EXPR's value (a \
          definition-language expression of r and c); with one index, `table(EXPR for n in A)`, the list \
          `[EXPR for n in A]`. Aligned text in the CLI, a Markdown table in the hover, rows of cells in `--json`, \
          a file in `--csv DIR`, a `tabular` in `--tex`; a table of numbers also draws a heat map.",
    returns: Returns::Table,
    aliases: &[],
    limits: "At most 10,000 cells. Each cell has at most four times the time left divided by the cells left, so \
             a cell that gives up is shown as `?` (a warning says how many) and the others are still computed; \
             definitions called by the cells share one memo.",
    source: "CGSuite's GameValueTable and NimValueTable (values of a family, rows by columns); the tables of \
             values in WW (Domineering rectangles, ch. 5) and of nim values of coordinate games (Wythoff, WW \
             ch. 3).",
    eval,
};

fn eval(_: &mut Session, call: &Call, _: &Ctx) -> EvalResult<Computed> {
    Err(Box::new(
        Diagnostic::error(Code::Argument, call.span.clone(), "`table(...)` is a statement of its own")
            .with_hint("write it on a line of its own: `table(EXPR for r in A, c in B)`"),
    ))
}
