//! The cgt language's syntax: a logos lexer, a chumsky parser and the syntax tree.
//!
//! [`parse`] never fails: it splits the file into statements (one per line, continued while a
//! bracket is open), parses each on its own so that a bad line does not hide the others, and
//! returns every statement with the diagnostics found.

mod ast;
mod defs;
mod diagnostic;
mod grammar;
mod incremental;
mod lexer;
mod loopy_notation;
mod rule_args;
mod shift;
mod split;
mod visit;

use chumsky::Parser;
use chumsky::error::Rich;
use chumsky::input::Input;
use chumsky::span::SimpleSpan;

pub use ast::*;
pub use defs::{
    BinOp, Clause, DEF_KEYWORDS, DExpr, DKind, Definition, Item, MAX_NESTING, PositionTemplate, PrefixOp, TABLE,
    TemplateToken,
};
pub use diagnostic::{Code, Diagnostic, Label, Severity};
pub use grammar::{down_count, is_box_word};
pub use incremental::ParseCache;
use incremental::StmtParse;
pub use lexer::{Span, Token, lex};
pub use loopy_notation::pseudo_name_hint;
pub use split::{MAX_DEPTH, opens_literal};
pub use visit::{LocalKind, NameRef, NameRole, expr_name_refs, name_defined, name_refs, names_used};

/// The statements of a file and the syntax errors in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedFile {
    /// Every statement, in order; a statement with syntax errors has kind [`StmtKind::Error`].
    pub stmts: Vec<Stmt>,
    /// Syntax errors, in source order.
    pub errors: Vec<Diagnostic>,
}

/// Parses a whole file.
pub fn parse(src: &str) -> ParsedFile {
    parse_with(src, None)
}

/// Parses a whole file, reusing (and then keeping) the statements of `cache`.
fn parse_with(src: &str, mut cache: Option<&mut ParseCache>) -> ParsedFile {
    let tokens = lex(src);
    let mut pieces = split::split(&tokens);
    let wholes: Vec<Span> =
        pieces.iter().map(|p| tokens[p.tokens.start].1.start..tokens[p.tokens.end - 1].1.end).collect();
    let mut done: Vec<Option<StmtParse>> = match cache.as_deref_mut() {
        Some(c) => wholes.iter().map(|w| c.reuse(&src[w.clone()], w.start)).collect(),
        None => vec![None; pieces.len()],
    };
    let missed: Vec<usize> = (0..pieces.len()).filter(|&i| done[i].is_none()).collect();
    parse_pieces(&tokens, &mut pieces, &missed, &mut done);
    if let Some(c) = cache {
        for &i in &missed {
            if let Some(p) = &done[i] {
                c.store(&src[wholes[i].clone()], wholes[i].start, p);
            }
        }
        c.finish();
    }
    let mut file = ParsedFile::default();
    for (stmt, errors) in done.into_iter().flatten() {
        file.stmts.push(stmt);
        file.errors.extend(errors);
    }
    file
}

/// Parses the pieces listed in `which` (in order) into `done`.
fn parse_pieces(
    tokens: &[(Token<'_>, Span)],
    pieces: &mut [split::Piece],
    which: &[usize],
    done: &mut [Option<StmtParse>],
) {
    if which.is_empty() {
        return;
    }
    // The tokens of every statement the expression grammar parses on this stack, kept for the
    // whole file so that one parser serves them all: building the parser's combinators took
    // most of a short statement's time.
    let simple: Vec<Vec<(Token<'_>, SimpleSpan)>> = which
        .iter()
        .map(|&i| {
            let piece = &pieces[i];
            let toks = &tokens[piece.tokens.clone()];
            let own = piece.error.is_none() && piece.depth <= SHALLOW && !defs::is_definition_statement(toks);
            if own { simple_tokens(toks) } else { Vec::new() }
        })
        .collect();
    let parser = grammar::statement();
    for (k, &i) in which.iter().enumerate() {
        let piece = &mut pieces[i];
        let toks = &tokens[piece.tokens.clone()];
        let whole = toks[0].1.start..toks[toks.len() - 1].1.end;
        if let Some(err) = piece.error.take() {
            done[i] = Some((Stmt { kind: StmtKind::Error, span: whole }, vec![err]));
            continue;
        }
        let (stmt, errors) = if piece.depth > SHALLOW {
            on_big_stack(piece.depth, || parse_statement(toks, whole.clone()))
        } else if defs::is_definition_statement(toks) {
            defs::parse_statement(toks, whole.clone())
        } else {
            let eoi = SimpleSpan::from(whole.end..whole.end);
            let (out, errs) = parser.parse(simple[k].as_slice().map(eoi, unpack)).into_output_errors();
            or_definition_language(toks, &whole, statement_result(toks, out, &errs))
        };
        done[i] = Some((stmt.unwrap_or(Stmt { kind: StmtKind::Error, span: whole }), errors));
    }
}

/// A statement's tokens as the expression grammar reads them: without line breaks.
fn simple_tokens<'src>(toks: &[(Token<'src>, Span)]) -> Vec<(Token<'src>, SimpleSpan)> {
    toks.iter().filter(|(t, _)| *t != Token::Newline).map(|(t, s)| (*t, SimpleSpan::from(s.clone()))).collect()
}

/// The token and span of an element of a token slice (the grammar's input mapping).
fn unpack<'a, 'src>(pair: &'a (Token<'src>, SimpleSpan)) -> (&'a Token<'src>, &'a SimpleSpan) {
    (&pair.0, &pair.1)
}

/// A statement and its diagnostics from the parser's output and errors.
fn statement_result(
    toks: &[(Token<'_>, Span)],
    out: Option<Stmt>,
    errs: &[Rich<'_, Token<'_>, SimpleSpan>],
) -> (Option<Stmt>, Vec<Diagnostic>) {
    let mut diags: Vec<Diagnostic> = errs.iter().map(syntax_error).collect();
    let hint = loopy_notation::hint(toks).or_else(|| cgsuite_hint(toks));
    if let (Some(first), Some(hint)) = (diags.first_mut(), hint) {
        first.hint = Some(hint);
    }
    if diags.is_empty() { (out, diags) } else { (None, diags) }
}

/// Statements nested at most this deep are parsed on the caller's stack.
const SHALLOW: usize = 16;

/// Runs `f` on a scoped thread whose stack is large enough for `depth` levels of brackets (the
/// recursive-descent parser needs tens of kilobytes per level in debug builds).
#[cfg(not(target_arch = "wasm32"))]
fn on_big_stack<T: Send>(depth: usize, f: impl FnOnce() -> T + Send) -> T {
    let size = (1 << 20) + depth * (128 << 10);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(size)
            .spawn_scoped(scope, f)
            .map(|h| h.join())
            .unwrap_or_else(|e| panic!("cannot start a parser thread: {e}"))
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// On wasm32 there are no threads: `f` runs on the caller's stack, which the playground's module
/// (crates/cgt-wasm) is linked with large enough for `MAX_DEPTH` levels.
#[cfg(target_arch = "wasm32")]
fn on_big_stack<T>(_depth: usize, f: impl FnOnce() -> T) -> T {
    f()
}

/// Parses the tokens of one statement.
fn parse_statement(toks: &[(Token<'_>, Span)], whole: Span) -> (Option<Stmt>, Vec<Diagnostic>) {
    if defs::is_definition_statement(toks) {
        return defs::parse_statement(toks, whole);
    }
    let simple = simple_tokens(toks);
    let eoi = SimpleSpan::from(whole.end..whole.end);
    let (out, errs) = grammar::statement().parse(simple.as_slice().map(eoi, unpack)).into_output_errors();
    or_definition_language(toks, &whole, statement_result(toks, out, &errs))
}

/// A statement the game grammar refused, read by the definition language when it reads it and
/// uses what only that language has (`sum([x for x in 1..10])`, `len(xs) times 2`): one
/// language in every place. Otherwise the game grammar's errors stand: they carry the hints
/// for game notation (`v[off]`, `{pass + 1 | 0}`).
fn or_definition_language(
    toks: &[(Token<'_>, Span)],
    whole: &Span,
    parsed: (Option<Stmt>, Vec<Diagnostic>),
) -> (Option<Stmt>, Vec<Diagnostic>) {
    if parsed.1.is_empty() {
        return parsed;
    }
    if toks.first().is_some_and(|(t, _)| *t == Token::Ident("let")) {
        return match defs::parse_let(toks, whole.clone()) {
            Some(stmt) => (Some(stmt), Vec::new()),
            None => parsed,
        };
    }
    match defs::parse_statement(toks, whole.clone()) {
        (Some(stmt), errors) if errors.is_empty() && defs::needs_definition_language(&stmt) => (Some(stmt), errors),
        _ => parsed,
    }
}

/// Converts a chumsky error into a diagnostic with a readable message.
fn syntax_error(e: &Rich<'_, Token<'_>, SimpleSpan>) -> Diagnostic {
    let span = e.span().into_range();
    if let chumsky::error::RichReason::Custom(msg) = e.reason() {
        return Diagnostic::error(Code::Syntax, span, msg.clone());
    }
    let found = match e.found() {
        Some(Token::Error(s)) => format!("`{s}` is not part of the language"),
        Some(t) => format!("unexpected `{t}`"),
        None => "unexpected end of statement".to_string(),
    };
    let mut expected: Vec<String> = e
        .expected()
        .filter_map(|p| match p {
            chumsky::error::RichPattern::Token(t) => Some(format!("`{}`", &**t)),
            chumsky::error::RichPattern::Label(l) => Some(l.to_string()),
            chumsky::error::RichPattern::EndOfInput => Some("end of line".into()),
            _ => None,
        })
        .collect();
    expected.sort();
    expected.dedup();
    let message = match expected.len() {
        0 => found,
        1 => format!("{found}, expected {}", expected[0]),
        _ => {
            let last = expected.pop().unwrap_or_default();
            format!("{found}, expected {} or {last}", expected.join(", "))
        }
    };
    let diag = Diagnostic::error(Code::Syntax, span, message);
    match e.found() {
        Some(Token::Ident(s)) if s.chars().any(|c| c == 'G') && s.chars().all(|c| "BWG_".contains(c)) => {
            diag.with_hint("green boxes are only allowed inside `boxes[...]`")
        }
        Some(Token::Error(_)) => diag.with_hint("see grammar/cgt.ebnf for what a statement may contain"),
        _ => diag,
    }
}

/// CGSuite's methods that are functions of this language, lower-cased.
const METHODS: &[&str] = &[
    "cool",
    "heat",
    "overheat",
    "freeze",
    "rcf",
    "norton",
    "conway",
    "ordinalproduct",
    "companion",
    "pow",
    "powto",
    "mean",
    "temperature",
    "leftstop",
    "rightstop",
    "thermograph",
    "options",
    "birthday",
    "atomicweight",
    "outcomeclass",
    "canonicalform",
];

/// The function of this language for a CGSuite method name (`Cool` -> `cool`).
fn function_for(method: &str) -> Option<&'static str> {
    let lower = method.to_ascii_lowercase();
    let name = match lower.as_str() {
        "temperature" => "temp",
        "atomicweight" => "atomic",
        "outcomeclass" => "outcome",
        "canonicalform" => "cf",
        other => METHODS.iter().find(|m| **m == other)?,
    };
    Some(name)
}

/// CGSuite's grid game classes and the rulesets they are here.
const CLASSES: &[(&str, &str)] = &[
    ("Clobber", "clobber"),
    ("Domineering", "domineering"),
    ("Amazons", "amazons"),
    ("Konane", "konane"),
    ("ToadsAndFrogs", "toads"),
    ("Cram", "cram"),
    ("Fission", "fission"),
];

/// A hint for CGSuite's `game.grid.Clobber("xox|ox.")`: `clobber["xox", "ox."]`.
fn cgsuite_class_hint(t: &[Token<'_>]) -> Option<String> {
    t.windows(3).find_map(|w| match w {
        [Token::Ident(class), Token::LParen, Token::Str(s)] => {
            let (_, name) = CLASSES.iter().find(|(c, _)| c == class)?;
            let rows: Vec<String> = s[1..s.len() - 1].split('|').map(|r| format!("\"{r}\"")).collect();
            Some(format!(
                "CGSuite's `{class}(...)` is written `{name}[{}]` here (rows between quotes)",
                rows.join(", ")
            ))
        }
        _ => None,
    })
}

/// A hint for a statement written in CGSuite's syntax: `G := ...`, `G.Cool(1)`, `*2 Heat 2`.
fn cgsuite_hint(toks: &[(Token<'_>, Span)]) -> Option<String> {
    let t: Vec<Token<'_>> = toks.iter().map(|(t, _)| *t).filter(|t| *t != Token::Newline).collect();
    if let [Token::Ident(name), Token::Colon, Token::Assign, ..] = t.as_slice() {
        return Some(format!("this language binds names with `let`: write `let {name} = ...`"));
    }
    if let Some(hint) = cgsuite_class_hint(&t) {
        return Some(hint);
    }
    for (i, w) in t.windows(3).enumerate() {
        let receiver = match i.checked_sub(1).map(|j| t[j]) {
            Some(Token::Ident(g)) => g.to_string(),
            _ => "G".to_string(),
        };
        match w {
            [Token::Dot, Token::Ident(m), Token::LParen] if function_for(m).is_some() => {
                let f = function_for(m)?;
                return Some(format!("CGSuite's `{receiver}.{m}(...)` is written `{f}({receiver}, ...)` here"));
            }
            [Token::Dot, Token::Ident(m), _] if function_for(m).is_some() => {
                let f = function_for(m)?;
                return Some(format!("CGSuite's `{receiver}.{m}` is written `{f}({receiver})` here"));
            }
            _ => {}
        }
    }
    if let [.., Token::Ident(g), Token::Dot, Token::Ident(m)] = t.as_slice()
        && let Some(f) = function_for(m)
    {
        return Some(format!("CGSuite's `{g}.{m}` is written `{f}({g})` here"));
    }
    t.iter().skip(1).find_map(|tok| match tok {
        Token::Ident(m) if m.starts_with(char::is_uppercase) => {
            function_for(m).map(|f| format!("CGSuite's `G {m} t` is written `{f}(G, t)` here"))
        }
        _ => None,
    })
}
