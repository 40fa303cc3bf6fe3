//! The law of `table`: every cell of `table(EXPR for r in A, c in B)` is the value of EXPR with
//! `r` and `c` replaced by the cell's indices, evaluated on its own as a plain statement in a
//! fresh session (so neither the definition language nor a shared memo decides both sides), on
//! random families of games, numbers, ruleset positions with computed arguments and user
//! definitions.

use super::lab::Lab;
use super::trees::Tree;
use crate::{Config, StmtReport, evaluate};

/// Definitions every family may call: a plain one, and one that recurses on its first argument.
const DEFS: &str = "def f(a, b) = {a | b}\ndef g(a, b) = if a <= 0 then {b |} else {g(a - 1, b) | -b}\n";

/// Families of EXPR, with `R` and `C` for the indices and `T` for a random game; each is both a
/// definition-language expression and, with the indices written as numbers, a plain statement.
const FAMILIES: &[&str] = &[
    "{R | C}",
    "{R | C} + T",
    "nimsum(R, C)",
    "{R + C | T}",
    "-{C | T} + R",
    "mean({R | -C})",
    "f(R, C) + f(C, R)",
    "g(R, C)",
    "{R | {C | T}} - C",
    "grundy(wythoff[R, C])",
    "domineering[R x C] + T",
    "grundy(kayles[R] + kayles[C])",
];

/// The law: a random family on random indices, cell by cell against plain statements.
pub(super) fn table(l: &mut Lab) {
    let t = Tree::random(&mut l.r, 2);
    let family = l.pick(FAMILIES).replace('T', &t.text);
    // Indices from 1: a Domineering board has at least one row and one column.
    let first = 1 + l.r.below(2);
    let rows: Vec<u64> = (first..=first + l.r.below(4)).collect();
    let columns: Vec<u64> = (0..1 + l.r.below(4)).map(|_| 1 + l.r.below(4)).collect();
    let column_list = format!("[{}]", columns.iter().map(u64::to_string).collect::<Vec<_>>().join(", "));
    let expr = family.replace('R', "r").replace('C', "c");
    let two = l.r.chance(2, 3);
    let statement = if two {
        format!("table({expr} for r in {}..{}, c in {column_list})", rows[0], rows[rows.len() - 1])
    } else {
        format!("table({} for r in {}..{})", expr.replace('c', &columns[0].to_string()), rows[0], rows[rows.len() - 1])
    };
    let report = last(&format!("{DEFS}{statement}"));
    let alone = |r: u64, c: u64| {
        let text = family.replace('R', &r.to_string()).replace('C', &c.to_string());
        let one = last(&format!("{DEFS}{text}"));
        one.value.unwrap_or_else(|| panic!("{text}: no value ({:?})", one.diagnostics))
    };
    if !two {
        let want: Vec<String> = rows.iter().map(|&r| alone(r, columns[0])).collect();
        assert_eq!(report.value, Some(format!("[{}]", want.join(", "))), "{statement}");
        return;
    }
    let table = report.table.unwrap_or_else(|| panic!("{statement}: no table ({:?})", report.diagnostics));
    assert_eq!(table.rows, rows.iter().map(u64::to_string).collect::<Vec<_>>(), "{statement}");
    assert_eq!(table.columns, columns.iter().map(u64::to_string).collect::<Vec<_>>(), "{statement}");
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in columns.iter().enumerate() {
            assert_eq!(table.cell(i, j), alone(r, c), "{statement}: the cell r = {r}, c = {c}");
        }
    }
}

/// The report of the last statement of `src`, evaluated in a fresh session; no statement may
/// fail or give up.
fn last(src: &str) -> StmtReport {
    let mut reports = evaluate(src, &Config::default());
    let report = reports.pop().expect("a statement");
    assert!(!report.is_incomplete(), "{src}: {:?}", report.diagnostics);
    report
}
