//! Turning statement reports into text: result lines, JSON objects and ariadne error reports.

use std::fmt::Write;

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use serde_json::json;

use cgt_eval::{CheckStatus, StmtReport};
use cgt_syntax::Severity;

/// Sources longer than this are not padded to a common column.
const ALIGN_LIMIT: usize = 40;

/// Sources longer than this are shortened in result lines (JSON keeps them whole).
const SOURCE_LIMIT: usize = 80;

/// One line per statement: `line │ source   result`, with `[12.3 ms]` in front if `time`.
/// A value of several lines (`explain(G)`) and a statement's explanation (`--explain`)
/// continue on indented lines below it.
pub fn lines(reports: &[StmtReport], time: bool) -> String {
    let width = reports.iter().map(|r| r.source.chars().count()).filter(|&w| w <= ALIGN_LIMIT).max().unwrap_or(0);
    let digits = reports.last().map_or(1, |r| r.line.to_string().len());
    let mut out = String::new();
    for r in reports {
        let source = shorten(&r.source);
        let pad = width.saturating_sub(source.chars().count());
        let clock = if time { format!("[{:>9}] ", duration(r.elapsed)) } else { String::new() };
        let result = result(r);
        let mut rows = result.lines();
        let first = rows.next().unwrap_or_default();
        let _ = writeln!(out, "{clock}{:>digits$} │ {source}{}   {first}", r.line, " ".repeat(pad));
        let indent = format!("{}{} │     ", " ".repeat(clock.chars().count()), " ".repeat(digits));
        for row in rows.chain(r.explanation.iter().map(String::as_str)) {
            let _ = writeln!(out, "{indent}{row}");
        }
    }
    out
}

/// A duration for people: `850 µs`, `12.3 ms`, `2.04 s`.
fn duration(d: std::time::Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// The source, shortened with `…` if it is very long.
fn shorten(source: &str) -> String {
    if source.chars().count() <= SOURCE_LIMIT {
        return source.to_string();
    }
    let head: String = source.chars().take(SOURCE_LIMIT - 1).collect();
    format!("{head}…")
}

/// The result part of a statement's line.
fn result(r: &StmtReport) -> String {
    if let Some(d) = r.diagnostics.iter().find(|d| d.severity == Severity::Error) {
        let mark = if r.check == Some(CheckStatus::Failed) { "✗" } else { "error:" };
        return format!("{mark} {}", d.message);
    }
    if let Some(d) = r.diagnostics.first()
        && r.table.is_none()
    {
        return format!("warning: {}", d.message);
    }
    let mut s = match (&r.check, &r.name) {
        (Some(CheckStatus::Passed), _) => "✓".to_string(),
        (_, Some(name)) => format!("{name} = {}", r.value.as_deref().unwrap_or("?")),
        _ => format!("= {}", r.value.as_deref().unwrap_or("?")),
    };
    if r.check.is_none()
        && let Some(o) = &r.outcome
        && r.value.as_ref() != Some(o)
    {
        let _ = write!(s, " · {o}");
    }
    for (k, v) in &r.extras {
        let _ = write!(s, " · {k}: {v}");
    }
    // A table below its summary, and the warning of the cells that gave up below the table.
    if let Some(t) = &r.table {
        let _ = write!(s, "\n{}", t.text());
        for d in &r.diagnostics {
            let _ = write!(s, "\nwarning: {}", d.message);
        }
    }
    s
}

/// One JSON object per line and statement: `line`, `source`, `value`, `outcome`, `extras`,
/// `check`, `error` (and `seconds` if `time`, `explanation` with `--explain`, and for a
/// two-dimensional table `table`: its indices' names, headers and rows of cells, `null` for a
/// cell that gave up).
pub fn json(reports: &[StmtReport], time: bool) -> String {
    let mut out = String::new();
    for r in reports {
        let extras: serde_json::Map<String, serde_json::Value> =
            r.extras.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        let error = r.diagnostics.first().map(|d| d.message.clone());
        let check = r.check.map(CheckStatus::name);
        let obj = json!({
            "line": r.line,
            "source": r.source,
            "value": r.value,
            "outcome": r.outcome,
            "extras": extras,
            "check": check,
            "error": error,
        });
        let mut obj = obj;
        if time {
            obj["seconds"] = json!(r.elapsed.as_secs_f64());
        }
        if !r.explanation.is_empty() {
            obj["explanation"] = json!(&*r.explanation);
        }
        if let Some(t) = &r.table {
            obj["table"] = json!({
                "row": t.row_name,
                "column": t.column_name,
                "rows": t.rows,
                "columns": t.columns,
                "cells": t.cells,
            });
        }
        let _ = writeln!(out, "{obj}");
    }
    out
}

/// Every diagnostic, rendered with ariadne against the file's text.
pub fn reports(name: &str, src: &str, reports: &[StmtReport], color: bool) -> String {
    let mut buf = Vec::new();
    // One source (its line index) for every report: building it per report is quadratic.
    let source = Source::from(src);
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let paint = if d.severity == Severity::Error { Color::Red } else { Color::Yellow };
        let mut b = Report::build(kind, (name, d.span.clone()))
            .with_config(Config::default().with_color(color).with_index_type(IndexType::Byte))
            .with_code(d.code)
            .with_message(&d.message);
        if d.labels.is_empty() {
            b = b.with_label(Label::new((name, d.span.clone())).with_message(&d.message).with_color(paint));
        }
        for l in &d.labels {
            b = b.with_label(Label::new((name, l.span.clone())).with_message(&l.message).with_color(paint));
        }
        if let Some(h) = &d.hint {
            b = b.with_help(h);
        }
        let _ = b.finish().write((name, &source), &mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}
