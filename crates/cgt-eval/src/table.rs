//! Tables of values: `table(EXPR for r in A, c in B)` evaluates EXPR once per cell, rows `r` in
//! A and columns `c` in B, each cell under its own share of the statement's budget, so a cell
//! that gives up is marked (`?`) and the others are still shown. With one index,
//! `table(EXPR for n in A)` is the list `[EXPR for n in A]` (and its plot).
//!
//! The statement is read by the definition language (cgt-syntax's `defs`), as the call
//! `table([EXPR for r in A for c in B])`, so the cell is any definition-language expression and
//! its indices keep their scopes in the editor. A table is a result of its statement, reported
//! as [`Table`] beside the printed value (the CLI's text, `--json`, `--csv`, `--tex`, the hover),
//! never a value other expressions take.

mod render;

pub use render::{GAVE_UP, MAX_CELLS, Table};

use cgt_core::{Dyadic, Exhausted};
use cgt_syntax::{Clause, Code, DExpr, DKind, Diagnostic, Item, Spanned, TABLE};

use crate::context::Ctx;
use crate::defs::{DVal, Stop, stop};
use crate::report::StmtReport;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// A cell may take this many times its even share of the time left (the time left divided by
/// the cells left): cells of one table often cost alike, and with an even share a table whose
/// cells each need a little more than it would give up on every cell, where this way the first
/// cells are computed and only the last give up.
const SHARE: u32 = 4;

/// An index of a table: its name and the expression of its values.
type Index<'a> = (&'a Spanned<String>, &'a DExpr);

/// The cell and the indices of a table statement, if `e` is one (see the module's doc).
fn shape(e: &DExpr) -> Option<(&DExpr, Vec<Index<'_>>)> {
    let DKind::Call(name, args) = &e.node else { return None };
    let ([arg], true) = (args.as_slice(), name.node == TABLE) else { return None };
    let DKind::List(items) = &arg.node else { return None };
    let [Item { expr, clauses }] = items.as_slice() else { return None };
    let indices = clauses
        .iter()
        .map(|c| match c {
            Clause::For(v, a) => Some((v, a)),
            Clause::If(_) | Clause::While(_) => None,
        })
        .collect::<Option<Vec<_>>>()?;
    (1..=2).contains(&indices.len()).then_some((expr, indices))
}

/// The cells of a table, in row-major order, with how many gave up.
struct Cells {
    values: Vec<Option<DVal>>,
    gave_up: usize,
}

impl Session {
    /// Evaluates `e` into `report` if it is a table statement (`table(EXPR for r in A, ...)`).
    pub(crate) fn run_table_statement(
        &mut self,
        e: &DExpr,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> Option<EvalResult<()>> {
        let (cell, indices) = shape(e)?;
        Some(self.table_statement(e, cell, &indices, report, ctx))
    }

    fn table_statement(
        &mut self,
        e: &DExpr,
        cell: &DExpr,
        indices: &[Index<'_>],
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let mut heads = Vec::with_capacity(indices.len());
        for (i, (_, a)) in indices.iter().enumerate() {
            heads.push(self.index_values(a, ctx).map_err(|mut d| {
                let row = &indices[0].0.node;
                if i == 1 && d.message.contains(&format!("`{row}`")) {
                    d.hint = Some(format!("the columns are the same in every row, so they cannot depend on `{row}`"));
                }
                d
            })?);
        }
        let count = heads.iter().try_fold(1usize, |n, h| n.checked_mul(h.len())).unwrap_or(usize::MAX);
        if count > MAX_CELLS {
            return Err(Box::new(
                Diagnostic::error(Code::Argument, e.span.clone(), format!("a table of {count} cells is too large"))
                    .with_hint(format!("a table has at most {MAX_CELLS} cells: split it into smaller ones")),
            ));
        }
        let names: Vec<&str> = indices.iter().map(|(v, _)| v.node.as_str()).collect();
        let cells = self.cells(cell, &names, &heads, ctx)?;
        if cells.gave_up > 0 {
            let what = format!("{} of {count} cells (shown as {GAVE_UP})", cells.gave_up);
            let time = ctx.budget.time().map_or(String::new(), |t| format!(" of {} ms", t.as_millis()));
            report.diagnostics.push(
                Diagnostic::error(
                    Code::Budget,
                    e.span.clone(),
                    format!("gave up on {what}: each cell has a share of the statement's time budget{time}"),
                )
                .warning()
                .with_hint("raise the budget with `cgt eval --budget 60s,8GiB`, or make the table smaller"),
            );
        }
        let title = ctx.src.get(e.span.clone()).unwrap_or(TABLE).to_string();
        match heads.as_slice() {
            [rows] => self.report_list(&names, rows, &cells, &title, report, ctx),
            [_, _] => self.report_table(indices, &heads, &cells, &title, report, ctx),
            _ => unreachable!("a table has one or two indices (checked by `shape`)"),
        }
    }

    /// The values of an index (`1..4`, a list), evaluated as a definition-language expression.
    fn index_values(&mut self, a: &DExpr, ctx: &Ctx) -> EvalResult<Vec<DVal>> {
        let compiled = self.compile_anonymous(a, &[])?;
        match self.run_anonymous(&compiled, &[], ctx.budget).map_err(|s| stop(s, &a.span, ctx))? {
            DVal::List(xs) => Ok(xs.to_vec()),
            other => {
                let shown = self.value_of_dval(&other);
                let shown = self.show(&shown);
                Err(Box::new(
                    Diagnostic::error(Code::Type, a.span.clone(), format!("an index runs over a list, not {shown}"))
                        .with_hint("write a range or a list: `for r in 1..4`, `for c in [1, 2, 4, 8]`"),
                ))
            }
        }
    }

    /// Every cell, row by row. A cell gets [`SHARE`] times the time left divided by the cells
    /// left, so a cell that gives up leaves time for the others; an error in a cell is the
    /// statement's.
    fn cells(&mut self, cell: &DExpr, names: &[&str], heads: &[Vec<DVal>], ctx: &Ctx) -> EvalResult<Cells> {
        let body = self.compile_anonymous(cell, names)?;
        let count: usize = heads.iter().map(Vec::len).product();
        let mut out = Cells { values: Vec::with_capacity(count), gave_up: 0 };
        for k in 0..count {
            // Once the statement's time is up, the cells left give up without starting.
            match ctx.budget.check_now() {
                Err(Exhausted::Cancelled) => return Err(gave_up(Exhausted::Cancelled, cell.span.clone(), ctx.budget)),
                Err(_) => {
                    out.gave_up += count - k;
                    out.values.resize(count, None);
                    break;
                }
                Ok(()) => {}
            }
            let args = arguments(heads, k);
            let left = u32::try_from(count - k).unwrap_or(u32::MAX);
            let budget = match ctx.budget.remaining() {
                Some(t) => ctx.budget.share((t * SHARE / left).min(t)),
                None => ctx.budget.clone(),
            };
            match self.run_anonymous(&body, &args, &budget) {
                Ok(v) => out.values.push(Some(v)),
                Err(Stop::Budget(Exhausted::Cancelled)) => {
                    return Err(gave_up(Exhausted::Cancelled, cell.span.clone(), ctx.budget));
                }
                Err(Stop::Budget(_)) => {
                    out.gave_up += 1;
                    out.values.push(None);
                }
                Err(s) => {
                    let mut d = stop(s, &cell.span, ctx);
                    let at: Vec<String> = names
                        .iter()
                        .zip(&args)
                        .map(|(n, a)| {
                            let v = self.value_of_dval(a);
                            format!("{n} = {}", self.show(&v))
                        })
                        .collect();
                    d.message = format!("in the cell {}: {}", at.join(", "), d.message);
                    return Err(d);
                }
            }
        }
        Ok(out)
    }

    /// A one-index table: the list of its cells, with the plot of a list of small whole numbers.
    fn report_list(
        &mut self,
        names: &[&str],
        rows: &[DVal],
        cells: &Cells,
        title: &str,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        if cells.gave_up == 0 {
            let values: Vec<Value> = cells.values.iter().flatten().map(|v| self.value_of_dval(v)).collect();
            self.describe(Value::List(values).into(), report, ctx.budget)?;
        } else {
            let shown: Vec<String> = cells.values.iter().map(|v| self.show_cell(v.as_ref())).collect();
            report.value = Some(crate::value::cut_for_display(format!("[{}]", shown.join(", ")), self.config.full));
        }
        if self.config.pictures
            && let Some((first, values)) = plot_values(rows, &cells.values)
        {
            let svg = crate::pictures::plot_svg(first, &values, title, names[0], "value");
            report.pictures.push(crate::Picture { kind: "plot", svg: svg.into() });
        }
        Ok(())
    }

    /// A two-index table: its summary as the value, the table beside it, and the heat map of a
    /// table of numbers.
    fn report_table(
        &mut self,
        indices: &[Index<'_>],
        heads: &[Vec<DVal>],
        cells: &Cells,
        title: &str,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let (rows, columns) = (&heads[0], &heads[1]);
        let mut head = |xs: &[DVal]| -> Vec<String> { xs.iter().map(|x| self.show_cell(Some(x))).collect() };
        let (row_heads, column_heads) = (head(rows), head(columns));
        let shown: Vec<Option<String>> =
            cells.values.iter().map(|v| v.as_ref().map(|v| self.show_cell(Some(v)))).collect();
        let width = columns.len().max(1);
        let table = Table {
            row_name: indices[0].0.node.clone(),
            column_name: indices[1].0.node.clone(),
            rows: row_heads,
            columns: column_heads,
            cells: shown.chunks(width).map(<[_]>::to_vec).collect(),
        };
        let source = |a: &DExpr| ctx.src.get(a.span.clone()).unwrap_or("…").to_string();
        report.value = Some(format!(
            "table of {} rows ({} in {}) by {} columns ({} in {})",
            rows.len(),
            table.row_name,
            source(indices[0].1),
            columns.len(),
            table.column_name,
            source(indices[1].1),
        ));
        if self.config.pictures
            && let Some(numbers) = self.numbers(&cells.values)
        {
            let grid: Vec<Vec<Option<f64>>> = numbers.chunks(width).map(<[_]>::to_vec).collect();
            let svg = crate::pictures::heat_map_svg(&table, &grid, title);
            report.pictures.push(crate::Picture { kind: "heatmap", svg: svg.into() });
        }
        report.table = Some(std::sync::Arc::new(table));
        Ok(())
    }

    /// A cell printed, or [`GAVE_UP`].
    fn show_cell(&mut self, v: Option<&DVal>) -> String {
        match v {
            Some(v) => {
                let v = self.value_of_dval(v);
                let shown = self.show(&v);
                crate::value::cut_for_display(shown, self.config.full)
            }
            None => GAVE_UP.to_string(),
        }
    }

    /// The cells as numbers (`None` for a cell that gave up), if every cell computed is one.
    fn numbers(&mut self, cells: &[Option<DVal>]) -> Option<Vec<Option<f64>>> {
        let mut out = Vec::with_capacity(cells.len());
        for c in cells {
            out.push(match c {
                None => None,
                Some(DVal::Int(n)) => Some(to_f64(&Dyadic::integer(n.to_big()))),
                Some(DVal::Game(g)) => Some(to_f64(&self.games.as_number(*g)?)),
                Some(_) => return None,
            });
        }
        out.iter().any(Option::is_some).then_some(out)
    }
}

/// The arguments of cell `k` (row-major): one value per index.
fn arguments(heads: &[Vec<DVal>], k: usize) -> Vec<DVal> {
    let mut rest = k;
    let mut out = vec![DVal::Bool(false); heads.len()];
    for (i, h) in heads.iter().enumerate().rev() {
        out[i] = h[rest % h.len()].clone();
        rest /= h.len();
    }
    out
}

/// A number as a float, for colours only (comparisons elsewhere are exact).
fn to_f64(x: &Dyadic) -> f64 {
    use num_traits::ToPrimitive;
    let n = x.numerator().to_f64().unwrap_or(f64::MAX);
    n / 2f64.powi(i32::try_from(x.exponent()).unwrap_or(i32::MAX))
}

/// The first index and the values of a one-index table that can be plotted: consecutive whole
/// indices, every cell a whole number from 0 to 2^64 - 1.
fn plot_values(rows: &[DVal], cells: &[Option<DVal>]) -> Option<(u64, Vec<u64>)> {
    let int = |v: &DVal| match v {
        DVal::Int(n) => n.to_u64(),
        _ => None,
    };
    let first = int(rows.first()?)?;
    let consecutive =
        rows.iter().enumerate().all(|(i, r)| int(r).is_some_and(|r| Some(r) == first.checked_add(i as u64)));
    let values = cells.iter().map(|c| c.as_ref().and_then(int)).collect::<Option<Vec<u64>>>()?;
    consecutive.then_some((first, values))
}
