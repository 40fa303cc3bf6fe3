//! Parser tests as data files: every `test_data/parser/{ok,err}/*.cgt` is parsed and its tree
//! (as an S-expression) and errors are compared with the `.txt` file beside it. Run with
//! `UPDATE_EXPECT=1` to write the expected files. Files under `ok/` must parse without errors,
//! files under `err/` must have at least one.

use std::fmt::Write;
use std::path::Path;

use cgt_syntax::*;
use cgt_testkit::Rng;

fn sexpr(e: &Expr, out: &mut String) {
    match &e.node {
        ExprKind::Nus(n) => {
            out.push_str("(nus");
            if let Some(num) = &n.number {
                let sign = if num.node.negative { "-" } else { "" };
                write!(out, " {sign}{}", num.node.numerator).unwrap();
                if let Some(d) = &num.node.denominator {
                    write!(out, "/{d}").unwrap();
                }
            }
            if let Some(u) = &n.ups {
                write!(out, " ups={}", u.node).unwrap();
            }
            if let Some(u) = &n.uptimal {
                let (arrow, open, close) = (
                    if u.node.down { "v" } else { "^" },
                    if u.node.sum { "[" } else { "<" },
                    if u.node.sum { "]" } else { ">" },
                );
                write!(out, " uptimal={arrow}{open}{}{close}", u.node.n).unwrap();
            }
            if let Some(s) = &n.star {
                write!(out, " star={}", if s.node.is_empty() { "1" } else { &s.node }).unwrap();
            }
            if let Some(p) = &n.pseudo {
                write!(out, " {:?}", p.node).unwrap();
            }
            out.push(')');
        }
        ExprKind::Game { left, right } => {
            out.push('{');
            list(left, out);
            out.push_str(" | ");
            list(right, out);
            out.push('}');
        }
        ExprKind::PlusMinusList(opts) => {
            out.push_str("(+- ");
            list(opts, out);
            out.push(')');
        }
        ExprKind::Sum(first, rest) => {
            out.push_str("(sum ");
            sexpr(first, out);
            for (op, t) in rest {
                write!(out, " {} ", if op.node == SumOp::Add { "+" } else { "-" }).unwrap();
                sexpr(t, out);
            }
            out.push(')');
        }
        ExprKind::Ordinal(parts) => {
            out.push_str("(: ");
            list(parts, out);
            out.push(')');
        }
        ExprKind::Unary(ops, operand) => {
            out.push('(');
            for op in ops {
                write!(out, "{:?} ", op.node).unwrap();
            }
            sexpr(operand, out);
            out.push(')');
        }
        ExprKind::Name(n) => write!(out, "${n}").unwrap(),
        ExprKind::Call { name, args } => {
            write!(out, "(call {}", name.node).unwrap();
            for a in args {
                match a {
                    CallArg::Expr(e) => {
                        out.push(' ');
                        sexpr(e, out);
                    }
                    CallArg::Range(r) => write!(out, " {}..{}", r.node.0, r.node.1).unwrap(),
                    CallArg::Rule(n, s) => write!(out, " (rule {} {})", n.node, settings(s)).unwrap(),
                }
            }
            out.push(')');
        }
        ExprKind::Ruleset(r) => {
            write!(out, "({} [", r.name.node).unwrap();
            out.push_str(&r.args.iter().map(rule_arg).collect::<Vec<_>>().join(", "));
            write!(out, "]{})", settings(&r.settings)).unwrap();
        }
        ExprKind::Boxes(words) => {
            write!(out, "(boxes {})", words.iter().map(|w| w.node.as_str()).collect::<Vec<_>>().join(".")).unwrap()
        }
        ExprKind::Pass => out.push_str("pass"),
        ExprKind::MisereForm(f) => write!(out, "(misere-form {f})").unwrap(),
        ExprKind::List(items) => {
            out.push_str("(list");
            for i in items {
                out.push(' ');
                sexpr(i, out);
            }
            out.push(')');
        }
        ExprKind::Sided(on, off) => {
            out.push_str("(sided ");
            sexpr(on, out);
            out.push(' ');
            sexpr(off, out);
            out.push(')');
        }
        ExprKind::Labelled { label, body } => {
            write!(out, "(label {} ", label.node).unwrap();
            sexpr(body, out);
            out.push(')');
        }
        ExprKind::Multiple { count, body } => {
            write!(out, "(times {} ", count.node).unwrap();
            sexpr(body, out);
            out.push(')');
        }
        ExprKind::Error => out.push_str("<error>"),
    }
}

fn list(items: &[Expr], out: &mut String) {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        sexpr(e, out);
    }
}

fn settings(s: &[Setting]) -> String {
    s.iter()
        .map(|s| match &s.value {
            None => format!(" {}", s.key.node),
            Some(SettingValue::Arg(a)) => format!(" {}={}", s.key.node, rule_arg(a)),
            Some(SettingValue::List(l)) => {
                format!(" {}=[{}]", s.key.node, l.node.iter().map(rule_arg).collect::<Vec<_>>().join(", "))
            }
        })
        .collect()
}

fn rule_arg(a: &RuleArg) -> String {
    match &a.kind {
        RuleArgKind::Int(s) | RuleArgKind::Decimal(s) => s.clone(),
        RuleArgKind::Str(s) => format!("{s:?}"),
        RuleArgKind::Dims(r, c) => format!("{r}x{c}"),
        RuleArgKind::Edge(a, b) => format!("{a}->{b}"),
        RuleArgKind::Link(a, b, None) => format!("{a}-{b}"),
        RuleArgKind::Link(a, b, Some(c)) => format!("{a}-{b} {}@{:?}", c.node, c.span),
        RuleArgKind::Keyed(k, v) => format!("{k}: {v}"),
        RuleArgKind::Word(w) => w.clone(),
        RuleArgKind::Nested(ws) => {
            // Pre-order with parents: print as `B(R, B(B))`.
            let mut out = String::new();
            let mut open: Vec<usize> = Vec::new();
            for (i, w) in ws.iter().enumerate() {
                while open.last().is_some_and(|&o| Some(o) != w.parent) {
                    open.pop();
                    out.push(')');
                }
                if i > 0 {
                    out.push_str(if out.ends_with('(') { "" } else { ", " });
                }
                out.push_str(&w.word);
                if ws.get(i + 1).is_some_and(|n| n.parent == Some(i)) {
                    out.push('(');
                    open.push(i);
                }
            }
            out.push_str(&")".repeat(open.len()));
            out
        }
        RuleArgKind::Dotted(ws) => ws.iter().map(|w| w.node.as_str()).collect::<Vec<_>>().join("."),
    }
}

/// The tree and errors of a file, one statement per line, spans as `@start..end`.
pub fn render(src: &str) -> String {
    let file = parse(src);
    let mut out = String::new();
    for stmt in &file.stmts {
        write!(out, "{}..{}: ", stmt.span.start, stmt.span.end).unwrap();
        match &stmt.kind {
            StmtKind::Expr(e) => sexpr(e, &mut out),
            StmtKind::Let { name, value } => {
                write!(out, "let {} = ", name.node).unwrap();
                sexpr(value, &mut out);
            }
            StmtKind::Check { lhs, op, rhs } => {
                sexpr(lhs, &mut out);
                write!(out, " {} ", op.node.as_str()).unwrap();
                sexpr(rhs, &mut out);
            }
            StmtKind::Is { expr, outcome } => {
                sexpr(expr, &mut out);
                write!(out, " is {}", outcome.node).unwrap();
            }
            StmtKind::Def(d) => write!(out, "{d:?}").unwrap(),
            StmtKind::Table(e) => write!(out, "table {e:?}").unwrap(),
            StmtKind::Error => out.push_str("<error>"),
        }
        out.push('\n');
    }
    for e in &file.errors {
        write!(out, "error[{}] {}..{}: {}", e.code, e.span.start, e.span.end, e.message).unwrap();
        if let Some(h) = &e.hint {
            write!(out, " (hint: {h})").unwrap();
        }
        out.push('\n');
    }
    out
}

fn check_dir(dir: &str, want_errors: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/parser").join(dir);
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut paths: Vec<_> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut failures = Vec::new();
    let mut seen = 0;
    for path in paths.iter().filter(|p| p.extension().is_some_and(|e| e == "cgt")) {
        seen += 1;
        let src = std::fs::read_to_string(path).unwrap();
        let actual = render(&src);
        let has_errors = !parse(&src).errors.is_empty();
        assert_eq!(has_errors, want_errors, "{}: errors = {has_errors}\n{actual}", path.display());
        let expected_path = path.with_extension("txt");
        if update {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{}:\n--- expected\n{expected}--- actual\n{actual}", path.display()));
        }
    }
    assert!(seen > 0, "no test files in {}", root.display());
    assert!(failures.is_empty(), "{}\n(run with UPDATE_EXPECT=1 to accept)", failures.join("\n"));
}

#[test]
fn ok_files() {
    check_dir("ok", false);
}

#[test]
fn err_files() {
    check_dir("err", true);
}

/// Runs `f` on a thread with the default 2 MiB test stack, like a test harness thread.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    on_small_stack(|| {
        for open in ["{", "(", "<", "[", "{1|"] {
            let src = open.repeat(100_000);
            let file = parse(&src);
            assert!(!file.errors.is_empty(), "{open}");
        }
        let src = format!("{}0{}", "{".repeat(100_000), "|}".repeat(100_000));
        assert_eq!(parse(&src).errors[0].code, cgt_syntax::Code::Nesting);
    });
}

#[test]
fn nesting_at_the_limit_parses() {
    on_small_stack(|| {
        let d = MAX_DEPTH;
        let src = format!("{}0{}\n{}1{}", "(".repeat(d), ")".repeat(d), "{".repeat(d), "|}".repeat(d));
        let file = parse(&src);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
    });
}

#[test]
fn long_flat_chains_parse() {
    on_small_stack(|| {
        let src = format!("{}1 {}", "-".repeat(50_000), "+ 1 ".repeat(50_000));
        let file = parse(&src);
        assert!(file.errors.is_empty());
    });
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng(0x2545F4914F6CDD1D);
    let alphabet: Vec<char> = "{}()[]<>|,.:+-*/^v±↑↓0123456789 BWGRxlet is=#\n\"@\u{0}é".chars().collect();
    for _ in 0..3000 {
        let len = rng.below(40);
        let s: String = (0..len).filter_map(|_| rng.pick(&alphabet).copied()).collect();
        let _ = parse(&s);
    }
}
