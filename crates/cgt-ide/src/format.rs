//! Formatting: one canonical layout, idempotent.
//!
//! Statements are re-spaced token by token (spaces around binary operators, bars, `=` of
//! `let` and comparisons; none inside brackets, in juxtapositions such as `1/2^*`, or in
//! `key=value`; one after commas), trailing whitespace goes, runs of blank lines become one,
//! and the file ends with one line break. Comments stay where they are (a trailing comment
//! two spaces after its statement). Statements with syntax errors, or with comments inside
//! them, are left exactly as written.

use cgt_syntax::{Span, StmtKind, Token, lex, opens_literal};

/// The formatted text of a whole document.
pub fn format(text: &str) -> String {
    let parsed = cgt_syntax::parse(text);
    let mut out = String::new();
    let mut pos = 0;
    for stmt in &parsed.stmts {
        out.push_str(&tidy_gap(&text[pos..stmt.span.start]));
        let src = &text[stmt.span.clone()];
        let keep = matches!(stmt.kind, StmtKind::Error) || has_comment(src);
        if keep {
            out.push_str(src)
        } else {
            out.push_str(&format_statement(src))
        }
        pos = stmt.span.end;
    }
    out.push_str(&text[pos..]);
    tidy_lines(&out)
}

/// The whitespace, comments and line breaks between two statements, with every line trimmed
/// (so statements and comment lines start at the left margin).
fn tidy_gap(gap: &str) -> String {
    gap.split('\n').map(|l| l.trim_matches(BLANK)).collect::<Vec<_>>().join("\n")
}

/// The characters the lexer skips between tokens; `trim` would also take others (vertical
/// tab, U+0085) that are not blanks to the lexer, and formatting would not be idempotent.
const BLANK: &[char] = &[' ', '\t', '\r', '\x0c'];

/// Whether a statement has a comment inside it (a `#` outside every token).
fn has_comment(src: &str) -> bool {
    let tokens = lex(src);
    comment_start(src, &tokens).is_some()
}

/// The edits that turn `text` into its formatted form (one edit for the whole text, or none).
pub fn format_edits(text: &str) -> Vec<(Span, String)> {
    let formatted = format(text);
    if formatted == text { Vec::new() } else { vec![(0..text.len(), formatted)] }
}

/// Trailing whitespace, blank-line runs, trailing comment spacing and the final line break.
fn tidy_lines(text: &str) -> String {
    let mut out = String::new();
    let mut blank_run = 0;
    for line in text.split('\n') {
        let line = line.trim_end_matches(BLANK);
        if line.is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() && blank_run > 0 {
            out.push('\n');
        }
        blank_run = 0;
        out.push_str(&comment_spacing(line));
        out.push('\n');
    }
    out
}

/// A comment after code is separated from it by exactly two spaces.
fn comment_spacing(line: &str) -> String {
    let tokens = lex(line);
    let Some(hash) = comment_start(line, &tokens) else { return line.to_string() };
    let code = line[..hash].trim_end_matches(BLANK);
    if code.is_empty() { line.trim_start_matches(BLANK).to_string() } else { format!("{code}  {}", &line[hash..]) }
}

/// The byte offset of a comment in `line`: a `#` outside any token.
fn comment_start(line: &str, tokens: &[(Token<'_>, Span)]) -> Option<usize> {
    let mut from = 0;
    for (_, s) in tokens {
        if let Some(i) = line[from..s.start].find('#') {
            return Some(from + i);
        }
        from = s.end;
    }
    line[from..].find('#').map(|i| from + i)
}

/// One statement on one line with canonical spacing (each token spelled as written).
fn format_statement(src: &str) -> String {
    let tokens: Vec<(Token<'_>, Span)> = lex(src).into_iter().filter(|(t, _)| *t != Token::Newline).collect();
    let kinds: Vec<Token<'_>> = tokens.iter().map(|(t, _)| *t).collect();
    let roles = roles(&kinds);
    let mut out = String::new();
    for (i, (_, span)) in tokens.iter().enumerate() {
        if i > 0 && space_between(kinds[i - 1], roles[i - 1], roles[i]) {
            out.push(' ');
        }
        out.push_str(&src[span.clone()]);
    }
    out
}

/// The spacing role of every token, tracking which `<` open game literals.
fn roles(tokens: &[Token<'_>]) -> Vec<Role> {
    let mut literal: Vec<bool> = Vec::new();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, &tok) in tokens.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| tokens[j]);
        let r = role(tok, prev, &literal, i, tokens);
        match tok {
            Token::LBrace | Token::LParen | Token::LBracket => literal.push(false),
            Token::Lt if r == Role::Open => literal.push(true),
            Token::RBrace | Token::RParen | Token::RBracket => {
                literal.pop();
            }
            Token::Gt if r == Role::Close => {
                literal.pop();
            }
            _ => {}
        }
        out.push(r);
    }
    out
}

/// The spacing role of a token in context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A word, number or other operand piece.
    Operand,
    /// A binary operator: spaces on both sides.
    Binary,
    /// A prefix operator: no space after.
    Prefix,
    /// An opening bracket: no space after.
    Open,
    /// A closing bracket: no space before.
    Close,
    /// A comma: no space before, one after.
    Comma,
    /// Glue inside juxtapositions and data (`/`, `.`, `..`, `->`, `=` of a setting): no spaces.
    Tight,
    /// Part of a juxtaposition after a number (`^`, `*`): no space before.
    Suffix,
}

fn role(tok: Token<'_>, prev: Option<Token<'_>>, literal: &[bool], i: usize, tokens: &[Token<'_>]) -> Role {
    let after_operand = prev.is_some_and(ends_operand);
    match tok {
        Token::LBrace | Token::LParen | Token::LBracket => Role::Open,
        Token::Lt | Token::Gt if in_uptimal(i, tokens) => Role::Tight,
        Token::Lt if opens_literal(prev) => Role::Open,
        Token::Gt if literal.last() == Some(&true) => Role::Close,
        Token::RBrace | Token::RParen | Token::RBracket => Role::Close,
        Token::Comma => Role::Comma,
        Token::Minus | Token::PlusMinus if !after_operand => Role::Prefix,
        Token::Plus | Token::Minus | Token::PlusMinus | Token::Colon | Token::Bars(_) => Role::Binary,
        Token::EqEq | Token::NotEq | Token::Lt | Token::Gt | Token::LtEq | Token::GtEq | Token::Confused => {
            Role::Binary
        }
        Token::Assign if i == 2 && tokens.first() == Some(&Token::Ident("let")) => Role::Binary,
        Token::Slash | Token::Dot | Token::DotDot | Token::Arrow | Token::Assign => Role::Tight,
        Token::Ups(_) | Token::Downs(_) | Token::Star(_) if after_operand && juxtaposes(prev) => Role::Suffix,
        Token::Ident(s) if after_operand && juxtaposes(prev) && cgt_syntax::down_count(s).is_some() => Role::Suffix,
        // CGSuite's `2Tiny(2)`.
        Token::Ident("Tiny" | "Miny") if matches!(prev, Some(Token::Int(_))) => Role::Suffix,
        _ => Role::Operand,
    }
}

/// Whether the `<` or `>` at `i` is the bracket of an uptimal `^<n>`, `v<n>`.
fn in_uptimal(i: usize, tokens: &[Token<'_>]) -> bool {
    let start = match tokens[i] {
        Token::Lt => i.checked_sub(1),
        _ => i.checked_sub(3),
    };
    let Some(start) = start else { return false };
    let arrow = match tokens[start] {
        Token::Ups(_) | Token::Downs(_) => true,
        Token::Ident(s) => cgt_syntax::down_count(s).is_some(),
        _ => false,
    };
    arrow && matches!(tokens.get(start + 1..start + 4), Some([Token::Lt, Token::Int(_), Token::Gt]))
}

/// Whether a token can be followed by ups or a star in a juxtaposition (`1/2^*`, `^*`).
fn juxtaposes(prev: Option<Token<'_>>) -> bool {
    match prev {
        Some(Token::Int(_) | Token::Ups(_) | Token::Downs(_)) => true,
        Some(Token::Ident(s)) => cgt_syntax::down_count(s).is_some(),
        _ => false,
    }
}

/// Whether a token ends an operand (so a following `-` is binary).
fn ends_operand(t: Token<'_>) -> bool {
    matches!(
        t,
        Token::Int(_)
            | Token::Decimal(_)
            | Token::Dims(_)
            | Token::Ident(_)
            | Token::Str(_)
            | Token::Star(_)
            | Token::Ups(_)
            | Token::Downs(_)
            | Token::RParen
            | Token::RBracket
            | Token::RBrace
            | Token::Gt
    ) && !matches!(t, Token::Ident("let" | "is" | "misere"))
}

/// Whether to put a space between a token `prev` of role `a` and the next one of role `b`.
fn space_between(prev: Token<'_>, a: Role, b: Role) -> bool {
    if b == Role::Open && matches!(prev, Token::Ident("let" | "is" | "misere")) {
        return true;
    }
    match (a, b) {
        (Role::Binary, _) | (_, Role::Binary) => true,
        (Role::Comma, _) => true,
        (_, Role::Comma | Role::Close | Role::Tight | Role::Suffix) => false,
        (Role::Open | Role::Prefix | Role::Tight, _) => false,
        (_, Role::Open) => false,
        _ => true,
    }
}
