//! Formatting: one canonical layout, idempotent.
//!
//! Statements are re-spaced token by token (spaces around binary operators, bars, `=` of
//! `let` and comparisons; none inside brackets, in juxtapositions such as `1/2^*`, or in
//! `key=value`; one after commas), trailing whitespace goes, runs of blank lines become one,
//! and the file ends with one line break. Comments stay where they are; statements with
//! syntax errors or with comments inside them, and definitions (`def`, `rule`) and tables
//! (`[... for ...]`), whose layout is the author's, are left exactly as written.
//!
//! Trailing comments (a `#` after code on its line) keep the column they were written at, so
//! that hand-aligned comments stay aligned, as in
//!
//! ```text
//! WBBW.BW                 # Black-and-White boxes
//! WBBW.BW == 1/8          # a homework check
//! ```
//!
//! as long as the formatted code ends at least two spaces before that column. Within a
//! paragraph (lines between blank lines), the trailing comments written at one column form a
//! block: when a line's code would come closer than two spaces, the whole block moves to two
//! spaces after its longest code, so it stays aligned (a comment alone at its column moves to
//! two spaces after its own code). Columns count characters. After formatting, every comment
//! fits its column, so formatting again changes nothing.

use std::collections::HashMap;

use cgt_syntax::{Span, StmtKind, Token, lex, opens_literal};

/// The formatted text of a whole document.
pub fn format(text: &str) -> String {
    let parsed = cgt_syntax::parse(text);
    let mut out = Draft::default();
    let mut pos = 0;
    for stmt in &parsed.stmts {
        out.push_gap(text, pos..stmt.span.start);
        let src = &text[stmt.span.clone()];
        let keep = matches!(stmt.kind, StmtKind::Error | StmtKind::Def(_) | StmtKind::Table(_)) || has_comment(src);
        if keep {
            out.push_kept(text, stmt.span.clone())
        } else {
            out.text.push_str(&format_statement(src))
        }
        pos = stmt.span.end;
    }
    out.push_gap(text, pos..text.len());
    tidy_lines(&out)
}

/// The formatted text being built, with the column each of its comments had in the input.
#[derive(Default)]
struct Draft {
    text: String,
    /// (offset of a `#` in `text`, its column in the input), in increasing offsets.
    columns: Vec<(usize, usize)>,
}

impl Draft {
    /// The whitespace, comments and line breaks between two statements, with every line trimmed
    /// (so statements and comment lines start at the left margin).
    fn push_gap(&mut self, text: &str, gap: Span) {
        let mut offset = gap.start;
        for (i, line) in text[gap].split('\n').enumerate() {
            if i > 0 {
                self.text.push('\n');
            }
            let trimmed = line.trim_matches(BLANK);
            if trimmed.starts_with('#') {
                let lead = line.len() - line.trim_start_matches(BLANK).len();
                self.columns.push((self.text.len(), column(text, offset + lead)));
            }
            self.text.push_str(trimmed);
            offset += line.len() + 1;
        }
    }

    /// A statement kept exactly as written, with the columns of the comments inside it.
    fn push_kept(&mut self, text: &str, span: Span) {
        let mut offset = span.start;
        for line in text[span.clone()].split('\n') {
            if let Some(hash) = comment_start(line, &lex(line)) {
                let at = self.text.len() + offset - span.start + hash;
                self.columns.push((at, column(text, offset + hash)));
            }
            offset += line.len() + 1;
        }
        self.text.push_str(&text[span]);
    }

    /// The input column of the comment at `offset` of the draft, if it was recorded.
    fn column_of(&self, offset: usize) -> Option<usize> {
        self.columns.binary_search_by_key(&offset, |&(at, _)| at).ok().map(|i| self.columns[i].1)
    }
}

/// The column (in characters) of byte `offset` of `text` within its line.
fn column(text: &str, offset: usize) -> usize {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[start..offset].chars().count()
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

/// Trailing whitespace, blank-line runs, trailing comment columns and the final line break.
fn tidy_lines(draft: &Draft) -> String {
    let lines = split_lines(draft);
    // The widest code of each block: the trailing comments of a paragraph at one input column.
    let mut widest: HashMap<(usize, usize), usize> = HashMap::new();
    for line in &lines {
        if let Line::Commented { code, column, paragraph, .. } = line {
            let w = widest.entry((*paragraph, *column)).or_default();
            *w = (*w).max(width(code));
        }
    }
    let mut out = String::new();
    for line in &lines {
        match line {
            Line::Blank => out.push('\n'),
            Line::Plain(text) => out.push_str(text),
            Line::Commented { code, comment, column, paragraph } => {
                // The block's widest code is at least this line's, so `at` leaves two spaces.
                let block = widest.get(&(*paragraph, *column)).copied().unwrap_or_default().max(width(code));
                let at = if block + 2 <= *column { *column } else { block + 2 };
                out.push_str(code);
                out.extend(std::iter::repeat_n(' ', at - width(code)));
                out.push_str(comment);
            }
        }
        if !matches!(line, Line::Blank) {
            out.push('\n');
        }
    }
    out
}

/// A line of the formatted text, before trailing comments are placed.
enum Line<'a> {
    /// One blank line standing for a run of them between two non-blank lines.
    Blank,
    /// A line without a trailing comment (a comment alone on its line starts at the margin).
    Plain(&'a str),
    /// Code followed by a comment that stood at `column` in the input.
    Commented { code: &'a str, comment: &'a str, column: usize, paragraph: usize },
}

/// The draft's lines: trailing whitespace trimmed, blank runs collapsed (none at the ends), and
/// the paragraph each trailing comment is in.
fn split_lines(draft: &Draft) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let (mut blank_run, mut paragraph, mut offset) = (0, 0, 0);
    for raw in draft.text.split('\n') {
        let start = offset;
        offset += raw.len() + 1;
        let line = raw.trim_end_matches(BLANK);
        if line.is_empty() {
            blank_run += 1;
            continue;
        }
        if !lines.is_empty() && blank_run > 0 {
            lines.push(Line::Blank);
            paragraph += 1;
        }
        blank_run = 0;
        let Some(hash) = comment_start(line, &lex(line)) else {
            lines.push(Line::Plain(line));
            continue;
        };
        let code = line[..hash].trim_end_matches(BLANK);
        if code.is_empty() {
            lines.push(Line::Plain(line.trim_start_matches(BLANK)));
            continue;
        }
        let column = draft.column_of(start + hash).unwrap_or_else(|| width(&line[..hash]));
        lines.push(Line::Commented { code, comment: &line[hash..], column, paragraph });
    }
    lines
}

/// The width of `s` in columns (characters).
fn width(s: &str) -> usize {
    s.chars().count()
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
    if uptimal_bracket(tokens, i) || edge_dash(tokens, i) {
        return Role::Tight;
    }
    if tok == Token::Colon && matches!(prev, Some(Token::Int(_))) && in_square_brackets(tokens, i) {
        // A keyed value `1: 3` in a list: written like a comma.
        return Role::Comma;
    }
    match tok {
        Token::LBrace | Token::LParen | Token::LBracket => Role::Open,
        Token::Lt if opens_literal(prev) => Role::Open,
        Token::Gt if literal.last() == Some(&true) => Role::Close,
        Token::RBrace | Token::RParen | Token::RBracket => Role::Close,
        Token::Comma => Role::Comma,
        Token::Minus | Token::PlusMinus if !after_operand => Role::Prefix,
        // The `2·` of `2·^<3>` is glued to its uptimal.
        Token::Copies(_) => Role::Prefix,
        Token::Plus | Token::Minus | Token::PlusMinus | Token::Colon | Token::Amp | Token::Bars(_) => Role::Binary,
        Token::EqEq | Token::NotEq | Token::Lt | Token::Gt | Token::LtEq | Token::GtEq | Token::Confused => {
            Role::Binary
        }
        Token::Assign if i == 2 && tokens.first() == Some(&Token::Ident("let")) => Role::Binary,
        Token::Slash | Token::Dot | Token::DotDot | Token::Arrow | Token::Assign => Role::Tight,
        Token::Ups(_) | Token::Downs(_) | Token::Star(_) if after_operand && juxtaposes(prev) => Role::Suffix,
        Token::Ident(s) if after_operand && juxtaposes(prev) && cgt_syntax::down_count(s).is_some() => Role::Suffix,
        // CGSuite's `2Tiny(2)`, and pseudonumbers `5over`, `3/2under`.
        Token::Ident("Tiny" | "Miny" | "over" | "under") if matches!(prev, Some(Token::Int(_))) => Role::Suffix,
        _ => Role::Operand,
    }
}

/// Whether token `i` is a bracket of an uptimal `^<2>`, `v[3]`, `^[on]` (the `<`/`[` after an arrow, or
/// the `>`/`]` closing it, or the `*` juxtaposed after it), which is written without spaces.
fn uptimal_bracket(tokens: &[Token<'_>], i: usize) -> bool {
    let arrow =
        |t: Option<&Token<'_>>| matches!(t, Some(Token::Ups("^" | "↑") | Token::Downs("↓") | Token::Ident("v")));
    let opens = |j: usize| {
        matches!(
            (tokens.get(j), tokens.get(j + 1), tokens.get(j + 2)),
            (Some(Token::Lt), Some(Token::Int(_) | Token::Ident("on")), Some(Token::Gt))
                | (Some(Token::LBracket), Some(Token::Int(_) | Token::Ident("on")), Some(Token::RBracket))
        ) && j.checked_sub(1).is_some_and(|k| arrow(tokens.get(k)))
    };
    match tokens[i] {
        Token::Lt => opens(i),
        Token::Gt => i >= 2 && opens(i - 2),
        Token::Star(_) => i >= 3 && opens(i - 3),
        _ => false,
    }
}

/// Whether token `i` is the `-` of an undirected edge `1-2` inside a ruleset's brackets, which
/// is written without spaces (outside brackets, `1 - 2` is a difference).
fn edge_dash(tokens: &[Token<'_>], i: usize) -> bool {
    if !(tokens[i] == Token::Minus
        && i > 0
        && matches!(tokens[i - 1], Token::Int(_))
        && matches!(tokens.get(i + 1), Some(Token::Int(_))))
    {
        return false;
    }
    in_square_brackets(tokens, i)
}

/// Whether the innermost bracket open before token `i` is a `[` (ruleset arguments or a list
/// setting).
fn in_square_brackets(tokens: &[Token<'_>], i: usize) -> bool {
    let mut depth = 0usize;
    for t in tokens[..i].iter().rev() {
        match t {
            Token::RBracket | Token::RParen | Token::RBrace => depth += 1,
            Token::LBracket if depth == 0 => return true,
            Token::LParen | Token::LBrace if depth == 0 => return false,
            Token::LBracket | Token::LParen | Token::LBrace => depth -= 1,
            _ => {}
        }
    }
    false
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
            | Token::Code(_)
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
