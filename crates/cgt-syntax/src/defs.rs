//! Definitions: `def NAME(PARAMS) = EXPR`, `rule NAME(n) = EXPR`, and table statements
//! (`[cutcake(n, 1) for n in 1..8]`), with the expression language of their bodies.
//!
//! The body language has integers of any size, games, strings, lists and tuples. Its
//! operators are spelled so that no game literal changes meaning: multiplication, integer
//! division and remainder are the words `times`, `div` and `mod` (`3*` is still `3 + *`, `*2`
//! still a nimber, `1/2` still a dyadic), `++` concatenates, and `..` is an inclusive range.
//!
//! A rule is impartial (`rule NAME(n) = OPTIONS`, one parameter, the heap) or partizan
//! (`rule NAME(PARAMS) = LEFT | RIGHT`, one list of options for each player).
//!
//! The parser is a hand-written precedence climber over the statement's tokens. Operator
//! chains are loops; it recurses only per bracket and per nested `if`/`not`/prefix, and it
//! refuses more than [`MAX_NESTING`] levels, so no input overflows the stack.

use crate::Code;
use crate::ast::{NumberLit, Nus, Pseudo, Spanned, Stmt, StmtKind, Uptimal};
use crate::diagnostic::Diagnostic;
use crate::lexer::{Span, Token};

/// The deepest nesting of brackets, `if`s and prefixes a definition may have.
pub const MAX_NESTING: usize = 200;

/// Words with a meaning in definitions.
pub const DEF_KEYWORDS: &[&str] = &[
    "def", "rule", "if", "then", "else", "and", "or", "not", "for", "in", "while", "times", "div", "mod", "true",
    "false",
];

/// `def NAME(PARAMS) = BODY` or `rule NAME(n) = BODY`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// Whether this is a heap rule (`rule`) rather than a function (`def`).
    pub is_rule: bool,
    /// The name defined.
    pub name: Spanned<String>,
    /// The parameters.
    pub params: Vec<Spanned<String>>,
    /// The body; for a partizan rule, the list of Left's options.
    pub body: DExpr,
    /// For a partizan rule (`rule NAME(p) = LEFT | RIGHT`), the list of Right's options.
    pub right: Option<DExpr>,
}

/// An expression of the definition language.
pub type DExpr = Spanned<DKind>;

/// Binary operators of the definition language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `times`
    Mul,
    /// `div` (floor division)
    Div,
    /// `mod` (remainder with the divisor's sign)
    Mod,
    /// `++`
    Concat,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<>` (confused with)
    Confused,
    /// `and`
    And,
    /// `or`
    Or,
    /// `&`: the value whose onside is the left operand's and whose offside is the right's
    Sides,
    /// `:` (ordinal sum)
    Ordinal,
}

/// Prefix operators of the definition language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrefixOp {
    /// `-`
    Neg,
    /// `+-` (`±G = {G | -G}`)
    PlusMinus,
    /// `not`
    Not,
}

/// One clause of a comprehension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clause {
    /// `for x in EXPR`
    For(Spanned<String>, DExpr),
    /// `if EXPR`
    If(DExpr),
    /// `while EXPR`: the `for` before it stops at the first value where EXPR is false.
    While(DExpr),
}

/// An item of a list or of a game's option list: an expression, or a comprehension when it has
/// clauses (`f(a) for a in 1..n if a != 2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The expression.
    pub expr: DExpr,
    /// `for` and `if` clauses, in order; empty for a plain item.
    pub clauses: Vec<Clause>,
}

/// The forms of a definition-language expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DKind {
    /// A whole number (decimal digits).
    Int(String),
    /// A game written as number, ups and star (`1/2`, `*2`, `3^*`).
    Nus(Nus),
    /// `true` or `false`.
    Bool(bool),
    /// A string, without its quotes.
    Str(String),
    /// A parameter, a comprehension variable or a `let` name.
    Name(String),
    /// A prefix operator.
    Prefix(PrefixOp, Box<DExpr>),
    /// A binary operator.
    Binary(BinOp, Box<DExpr>, Box<DExpr>),
    /// `if C then A else B`.
    If(Box<DExpr>, Box<DExpr>, Box<DExpr>),
    /// `a..b`, inclusive.
    Range(Box<DExpr>, Box<DExpr>),
    /// `[items]`.
    List(Vec<Item>),
    /// `(a, b)` or `()`.
    Tuple(Vec<DExpr>),
    /// `xs[i]`.
    Index(Box<DExpr>, Box<DExpr>),
    /// `xs[i..j]`, both ends included.
    Slice(Box<DExpr>, Box<DExpr>, Box<DExpr>),
    /// `f(a, b)`: a definition or a builtin.
    Call(Spanned<String>, Vec<DExpr>),
    /// `{ L | R }` with comprehension items.
    Game(Vec<Item>, Vec<Item>),
    /// `pass`, an option of a game literal only: a move from the literal to itself.
    Pass,
    /// `a{0 | a}`: a game literal whose label names its own position inside it (loopy games).
    Labelled(Spanned<String>, Box<DExpr>),
    /// `name[...]` where the brackets read as a ruleset position (`kayles[n]`,
    /// `domineering[r x c]`, `stones[n] take=[1, 2]`): a position when `name` is a ruleset, an
    /// index (`xs[i]`, kept in `index` when the brackets also read as one) when it is a value.
    Position(Box<PositionTemplate>),
}

/// A ruleset position inside a definition, as written: its tokens after the name (brackets and
/// settings), where each word may be a name whose value goes there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionTemplate {
    /// The ruleset's (or the value's) name.
    pub name: Spanned<String>,
    /// The tokens from `[` to the end of the settings.
    pub tokens: Vec<TemplateToken>,
    /// The brackets read as an index or a slice of `name`, when they read as one.
    pub index: Option<DExpr>,
}

/// One token of a [`PositionTemplate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateToken {
    /// Its text.
    pub text: String,
    /// Where.
    pub span: Span,
    /// Whether it is a plain word (which a name in scope replaces).
    pub word: bool,
}

/// Whether a statement's tokens are read by this module: `def`, `rule`, a leading `[`, or a
/// two-dimensional table `table(EXPR for r in A, c in B)`.
pub(crate) fn is_definition_statement(toks: &[(Token<'_>, Span)]) -> bool {
    let mut toks = toks.iter().map(|(t, _)| t).filter(|t| **t != Token::Newline);
    match toks.next() {
        Some(Token::Ident("def" | "rule") | Token::LBracket) => true,
        Some(Token::Ident("table")) => toks.next() == Some(&Token::LParen),
        _ => false,
    }
}

/// The name of the table statement, `table(EXPR for r in A, c in B)`.
pub const TABLE: &str = "table";

/// Whether a table statement uses what only the definition language has: comprehensions,
/// `times`/`div`/`mod`/`++`, logic, `if`, ranges, slices, tuples, strings, truth values, or
/// its builtins (`sum`, `mex`, `len`, `min`, `max`, `isqrt`).
pub(crate) fn needs_definition_language(stmt: &Stmt) -> bool {
    let StmtKind::Table(root) = &stmt.kind else { return false };
    let root: &DExpr = root;
    let mut stack: Vec<&DExpr> = vec![root];
    while let Some(e) = stack.pop() {
        let items = |items: &'_ [Item]| items.iter().any(|i| !i.clauses.is_empty());
        match &e.node {
            DKind::Binary(BinOp::Add | BinOp::Sub, a, b) => stack.extend([&**a, &**b]),
            // A comparison of the whole statement is a check, as in the game grammar.
            DKind::Binary(op, a, b) if is_comparison(*op) && std::ptr::eq(e, root) => stack.extend([&**a, &**b]),
            DKind::Binary(..) | DKind::If(..) | DKind::Range(..) | DKind::Slice(..) | DKind::Tuple(_) => return true,
            DKind::Str(_) | DKind::Bool(_) => return true,
            DKind::Prefix(PrefixOp::Not, _) => return true,
            DKind::Prefix(_, a) => stack.push(a),
            DKind::Call(name, args) => {
                if ["sum", "mex", "len", "min", "max", "isqrt"].contains(&name.node.as_str()) {
                    return true;
                }
                stack.extend(args.iter());
            }
            DKind::List(xs) => {
                if items(xs) {
                    return true;
                }
                stack.extend(xs.iter().map(|i| &i.expr));
            }
            DKind::Game(l, r) => {
                if items(l) || items(r) {
                    return true;
                }
                stack.extend(l.iter().chain(r).map(|i| &i.expr));
            }
            DKind::Index(a, i) => stack.extend([&**a, &**i]),
            DKind::Int(_) | DKind::Nus(_) | DKind::Name(_) | DKind::Position(_) | DKind::Pass => {}
            DKind::Labelled(_, body) => stack.push(body),
        }
    }
    false
}

fn is_comparison(op: BinOp) -> bool {
    matches!(op, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Confused)
}

/// `let NAME = EXPR` whose expression the definition language reads, using something only it
/// has (see [`needs_definition_language`]), as a `let` of an [`ExprKind::Definition`].
pub(crate) fn parse_let(toks: &[(Token<'_>, Span)], whole: Span) -> Option<Stmt> {
    let toks: Vec<(Token<'_>, Span)> = toks.iter().filter(|(t, _)| *t != Token::Newline).cloned().collect();
    let (Some((Token::Ident(name), name_span)), Some((Token::Assign, _))) = (toks.get(1), toks.get(2)) else {
        return None;
    };
    if DEF_KEYWORDS.contains(name) || crate::grammar::KEYWORDS.contains(name) {
        return None;
    }
    let rest = &toks[3..];
    let first = rest.first()?.1.start;
    let (stmt, errors) = parse_statement(rest, first..whole.end);
    let stmt = stmt.filter(|s| errors.is_empty() && needs_definition_language(s))?;
    let StmtKind::Table(e) = stmt.kind else { return None };
    let span = e.span.clone();
    let value = crate::ast::Expr::new(crate::ast::ExprKind::Definition(e), span);
    Some(Stmt { kind: StmtKind::Let { name: Spanned::new(name.to_string(), name_span.clone()), value }, span: whole })
}

/// Parses a `def`/`rule`/table statement.
pub(crate) fn parse_statement(toks: &[(Token<'_>, Span)], whole: Span) -> (Option<Stmt>, Vec<Diagnostic>) {
    let toks: Vec<(Token<'_>, Span)> = toks.iter().filter(|(t, _)| *t != Token::Newline).cloned().collect();
    let mut p = Parser { toks: &toks, pos: 0, depth: 0, end: whole.end };
    let kind = match p.statement() {
        Ok(kind) => kind,
        Err(d) => return (None, vec![*d]),
    };
    (Some(Stmt { kind, span: whole }), Vec::new())
}

type PResult<T> = Result<T, Box<Diagnostic>>;

struct Parser<'a, 'src> {
    toks: &'a [(Token<'src>, Span)],
    pos: usize,
    depth: usize,
    end: usize,
}

impl<'src> Parser<'_, 'src> {
    fn statement(&mut self) -> PResult<StmtKind> {
        let kind = match self.peek() {
            Some(Token::Ident(w @ ("def" | "rule"))) => {
                let is_rule = w == "rule";
                self.pos += 1;
                let def = self.definition(is_rule)?;
                StmtKind::Def(Box::new(def))
            }
            Some(Token::Ident(TABLE)) if self.peek_at(1) == Some(Token::LParen) => {
                StmtKind::Table(Box::new(self.table()?))
            }
            _ => StmtKind::Table(Box::new(self.expr()?)),
        };
        match self.toks.get(self.pos) {
            None => Ok(kind),
            Some((t, s)) => Err(error(s.clone(), format!("unexpected `{t}`, expected end of line"))),
        }
    }

    fn definition(&mut self, is_rule: bool) -> PResult<Definition> {
        let name = self.name("the name being defined")?;
        // Statements read `v`, `vv`, ... as down arrows and box words (`WB`) as positions, so
        // a definition with such a name could never be called.
        if crate::grammar::down_count(&name.node).is_some() || crate::grammar::is_box_word(&name.node) {
            let what = if crate::grammar::is_box_word(&name.node) { "a boxes position" } else { "a down arrow" };
            return Err(error(
                name.span.clone(),
                format!("`{}` cannot name a definition: statements read it as {what}", name.node),
            ));
        }
        self.expect(Token::LParen, "`(` and the parameters")?;
        let mut params = Vec::new();
        if !self.eat(Token::RParen) {
            loop {
                let p = self.name("a parameter name")?;
                if params.iter().any(|q: &Spanned<String>| q.node == p.node) {
                    return Err(error(p.span, format!("the parameter `{}` is named twice", p.node)));
                }
                params.push(p);
                if self.eat(Token::RParen) {
                    break;
                }
                self.expect(Token::Comma, "`,` or `)`")?;
            }
        }
        self.expect(Token::Assign, "`=` and the body")?;
        let body = self.expr()?;
        let right = match self.peek() {
            Some(Token::Bars("|")) if is_rule => {
                self.pos += 1;
                Some(self.expr()?)
            }
            _ => None,
        };
        if is_rule && right.is_none() && params.len() != 1 {
            return Err(hinted(
                name.span.clone(),
                "an impartial rule has one parameter, the heap: `rule NAME(n) = [...]`",
                "a partizan rule may have several: `rule NAME(w, h) = LEFT | RIGHT`",
            ));
        }
        Ok(Definition { is_rule, name, params, body, right })
    }

    /// `table(EXPR for r in A, c in B)` (or with one index), read as the call
    /// `table([EXPR for r in A for c in B])`: the comprehension keeps the scopes of `r` and `c`
    /// for the editor, and the evaluator reads the clauses as the rows and columns.
    fn table(&mut self) -> PResult<DExpr> {
        let name_span = self.toks[self.pos].1.clone();
        self.pos += 2;
        let start = self.here();
        let expr = self.nested(Self::expr)?;
        let shape = "a table is `table(EXPR for r in A, c in B)`, or `table(EXPR for n in A)` for a list";
        if self.peek() != Some(Token::Ident("for")) {
            let at = self.toks.get(self.pos).map_or(self.end..self.end, |(_, s)| s.clone());
            return Err(hinted(at, "expected `for` and the rows of the table", shape));
        }
        let mut clauses: Vec<Clause> = Vec::new();
        loop {
            if clauses.len() == 2 {
                let at = self.toks.get(self.pos).map_or(self.end..self.end, |(_, s)| s.clone());
                return Err(hinted(at, "a table has at most two indices, its rows and its columns", shape));
            }
            self.eat(Token::Ident("for"));
            let var = self.name("the name of an index")?;
            if let Some(Clause::For(first, _)) = clauses.first()
                && first.node == var.node
            {
                return Err(error(var.span, format!("the rows are already indexed by `{}`", var.node)));
            }
            self.expect(Token::Ident("in"), "`in`")?;
            clauses.push(Clause::For(var, self.nested(Self::or_expr)?));
            if !self.eat(Token::Comma) && self.peek() != Some(Token::Ident("for")) {
                break;
            }
        }
        let inner_end = self.toks.get(self.pos).map_or(self.end, |(_, s)| s.start);
        let end = self.expect(Token::RParen, "`,` and the columns, or `)`")?;
        let list = Spanned::new(DKind::List(vec![Item { expr, clauses }]), start..inner_end);
        let name = Spanned::new(TABLE.to_string(), name_span.clone());
        Ok(Spanned::new(DKind::Call(name, vec![list]), name_span.start..end))
    }

    fn expr(&mut self) -> PResult<DExpr> {
        self.nested(|p| {
            if p.peek() == Some(Token::Ident("if")) {
                return p.if_expr();
            }
            p.or_expr()
        })
    }

    fn if_expr(&mut self) -> PResult<DExpr> {
        let start = self.here();
        self.pos += 1;
        let c = self.expr()?;
        self.expect(Token::Ident("then"), "`then`")?;
        let a = self.expr()?;
        self.expect(Token::Ident("else"), "`else` (every `if` needs one)")?;
        let b = self.expr()?;
        let span = start..b.span.end;
        Ok(Spanned::new(DKind::If(Box::new(c), Box::new(a), Box::new(b)), span))
    }

    fn or_expr(&mut self) -> PResult<DExpr> {
        let mut acc = self.and_expr()?;
        while self.eat(Token::Ident("or")) {
            let rhs = self.and_expr()?;
            acc = binary(BinOp::Or, acc, rhs);
        }
        Ok(acc)
    }

    fn and_expr(&mut self) -> PResult<DExpr> {
        let mut acc = self.not_expr()?;
        while self.eat(Token::Ident("and")) {
            let rhs = self.not_expr()?;
            acc = binary(BinOp::And, acc, rhs);
        }
        Ok(acc)
    }

    fn not_expr(&mut self) -> PResult<DExpr> {
        if self.peek() == Some(Token::Ident("not")) {
            let start = self.here();
            self.pos += 1;
            let inner = self.nested(Self::not_expr)?;
            let span = start..inner.span.end;
            return Ok(Spanned::new(DKind::Prefix(PrefixOp::Not, Box::new(inner)), span));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> PResult<DExpr> {
        let lhs = self.sides()?;
        let op = match self.peek() {
            Some(Token::EqEq) => BinOp::Eq,
            Some(Token::NotEq) => BinOp::Ne,
            Some(Token::Lt) => BinOp::Lt,
            Some(Token::LtEq) => BinOp::Le,
            Some(Token::Gt) => BinOp::Gt,
            Some(Token::GtEq) => BinOp::Ge,
            Some(Token::Confused) => BinOp::Confused,
            _ => return Ok(lhs),
        };
        self.pos += 1;
        let rhs = self.sides()?;
        Ok(binary(op, lhs, rhs))
    }

    /// `S & T`, below the ordinal sums.
    fn sides(&mut self) -> PResult<DExpr> {
        let lhs = self.ordinal()?;
        if !self.eat(Token::Amp) {
            return Ok(lhs);
        }
        let rhs = self.ordinal()?;
        Ok(binary(BinOp::Sides, lhs, rhs))
    }

    /// `G : H : ...` (ordinal sums, grouped from the left), below ranges and sums.
    fn ordinal(&mut self) -> PResult<DExpr> {
        let mut acc = self.range()?;
        while self.eat(Token::Colon) {
            let rhs = self.range()?;
            acc = binary(BinOp::Ordinal, acc, rhs);
        }
        Ok(acc)
    }

    fn range(&mut self) -> PResult<DExpr> {
        let lhs = self.additive()?;
        if !self.eat(Token::DotDot) {
            return Ok(lhs);
        }
        let rhs = self.additive()?;
        let span = lhs.span.start..rhs.span.end;
        Ok(Spanned::new(DKind::Range(Box::new(lhs), Box::new(rhs)), span))
    }

    fn additive(&mut self) -> PResult<DExpr> {
        let mut acc = self.multiplicative()?;
        loop {
            let op = match (self.peek(), self.peek_at(1)) {
                (Some(Token::Plus), Some(Token::Plus)) if self.adjacent(1) => {
                    self.pos += 1;
                    BinOp::Concat
                }
                (Some(Token::Plus), _) => BinOp::Add,
                (Some(Token::Minus), _) => BinOp::Sub,
                _ => return Ok(acc),
            };
            self.pos += 1;
            let rhs = self.multiplicative()?;
            acc = binary(op, acc, rhs);
        }
    }

    fn multiplicative(&mut self) -> PResult<DExpr> {
        let mut acc = self.prefix()?;
        loop {
            let op = match self.peek() {
                Some(Token::Ident("times") | Token::Star("*")) => BinOp::Mul,
                Some(Token::Ident("div")) => BinOp::Div,
                Some(Token::Ident("mod")) => BinOp::Mod,
                _ => return Ok(acc),
            };
            self.pos += 1;
            let rhs = self.prefix()?;
            acc = binary(op, acc, rhs);
        }
    }

    fn prefix(&mut self) -> PResult<DExpr> {
        let op = match self.peek() {
            Some(Token::Minus) => Some(PrefixOp::Neg),
            Some(Token::PlusMinus) => Some(PrefixOp::PlusMinus),
            _ => None,
        };
        if let Some(op) = op {
            let start = self.here();
            self.pos += 1;
            let inner = self.nested(Self::prefix)?;
            let span = start..inner.span.end;
            return Ok(Spanned::new(DKind::Prefix(op, Box::new(inner)), span));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> PResult<DExpr> {
        let mut acc = self.atom()?;
        while self.peek() == Some(Token::LBracket) {
            self.pos += 1;
            let i = self.expr()?;
            let end = self.expect(Token::RBracket, "`]`")?;
            let span = acc.span.start..end;
            acc = match i.node {
                DKind::Range(a, b) => Spanned::new(DKind::Slice(Box::new(acc), a, b), span),
                _ => Spanned::new(DKind::Index(Box::new(acc), Box::new(i)), span),
            };
        }
        Ok(acc)
    }

    fn atom(&mut self) -> PResult<DExpr> {
        let Some((tok, span)) = self.toks.get(self.pos).cloned() else {
            return Err(error(self.end..self.end, "unexpected end of statement, expected an expression"));
        };
        match tok {
            Token::Int(_) | Token::Star(_) | Token::Ups(_) | Token::Downs(_) => self.nus(),
            Token::Str(s) => {
                self.pos += 1;
                Ok(Spanned::new(DKind::Str(s[1..s.len() - 1].to_string()), span))
            }
            // `v<2>`: an uptimal, read as a number-ups-star literal.
            Token::Ident("v") if self.uptimal_ahead() => self.nus(),
            Token::Ident(w @ ("true" | "false")) => {
                self.pos += 1;
                Ok(Spanned::new(DKind::Bool(w == "true"), span))
            }
            // `a{0 | a}`: a label right before a game literal's brace.
            Token::Ident(w)
                if !DEF_KEYWORDS.contains(&w)
                    && matches!(self.toks.get(self.pos + 1), Some((Token::LBrace, b)) if b.start == span.end) =>
            {
                self.pos += 2;
                let body = self.nested(|p| p.game(span.end))?;
                let whole = span.start..body.span.end;
                Ok(Spanned::new(DKind::Labelled(Spanned::new(w.to_string(), span), Box::new(body)), whole))
            }
            Token::Ident(w) if !DEF_KEYWORDS.contains(&w) => {
                self.pos += 1;
                if self.peek() == Some(Token::LBracket)
                    && let Some(p) = self.position(Spanned::new(w.to_string(), span.clone()))?
                {
                    return Ok(p);
                }
                if self.peek() != Some(Token::LParen) {
                    return Ok(Spanned::new(DKind::Name(w.to_string()), span));
                }
                self.pos += 1;
                let (args, end) = self.nested(|p| p.comma_list(Token::RParen))?;
                Ok(Spanned::new(DKind::Call(Spanned::new(w.to_string(), span.clone()), args), span.start..end))
            }
            Token::LParen => {
                self.pos += 1;
                let (mut items, end) = self.nested(|p| p.comma_list(Token::RParen))?;
                let trailing = self.toks[self.pos - 2].0 == Token::Comma;
                if items.len() == 1 && !trailing {
                    let mut inner = items.pop().expect("one item");
                    inner.span = span.start..end;
                    return Ok(inner);
                }
                Ok(Spanned::new(DKind::Tuple(items), span.start..end))
            }
            Token::LBracket => {
                self.pos += 1;
                let (items, end) = self.nested(|p| p.items(&[Token::RBracket], false))?;
                self.pos += 1;
                Ok(Spanned::new(DKind::List(items), span.start..end))
            }
            Token::LBrace => {
                self.pos += 1;
                self.nested(|p| p.game(span.start))
            }
            t => Err(error(span, format!("unexpected `{t}`, expected an expression"))),
        }
    }

    /// `name[...] settings` when the brackets read as a ruleset's arguments (no brackets inside),
    /// else `None` with nothing consumed. The parser is at the `[`.
    fn position(&mut self, name: Spanned<String>) -> PResult<Option<DExpr>> {
        let open = self.pos;
        let Some(close) = (open + 1..self.toks.len()).find(|&i| self.toks[i].0 == Token::RBracket) else {
            return Ok(None);
        };
        let inner = &self.toks[open + 1..close];
        if inner.iter().any(|(t, _)| *t == Token::LBracket) || crate::rule_args::rule_args(inner).is_err() {
            return Ok(None);
        }
        let index = self.index_at(open, close);
        let mut end = close + 1;
        // Settings: `key=value` or `key=[list]`.
        while let (Some((Token::Ident(k), _)), Some((Token::Assign, _))) = (self.toks.get(end), self.toks.get(end + 1))
        {
            if DEF_KEYWORDS.contains(k) {
                break;
            }
            end += 2;
            match self.toks.get(end) {
                Some((Token::LBracket, _)) => {
                    let Some(c) = (end..self.toks.len()).find(|&i| self.toks[i].0 == Token::RBracket) else {
                        return Err(error(self.toks[end].1.clone(), "a bracket is not closed"));
                    };
                    if crate::rule_args::rule_args(&self.toks[end + 1..c]).is_err() {
                        return Ok(None);
                    }
                    end = c + 1;
                }
                Some((Token::Minus, _)) => end += 2,
                Some(_) => end += 1,
                None => {
                    return Err(error(self.end..self.end, "unexpected end of statement, expected a setting's value"));
                }
            }
        }
        let end = end.min(self.toks.len());
        let has_settings = end > close + 1;
        let toks = &self.toks[open..end];
        let part = |k: usize| matches!(toks.get(k), Some((Token::Int(_) | Token::Ident(_), _)));
        let tokens = toks
            .iter()
            .enumerate()
            .map(|(k, (t, s))| {
                // The `x` of a spaced size `r x c` is notation, never a name.
                let size_x = *t == Token::Ident("x") && k > 0 && part(k - 1) && part(k + 1);
                TemplateToken { text: t.to_string(), span: s.clone(), word: matches!(t, Token::Ident(_)) && !size_x }
            })
            .collect();
        let span = name.span.start..self.toks[end - 1].1.end;
        self.pos = end;
        let index = if has_settings { None } else { index };
        Ok(Some(Spanned::new(DKind::Position(Box::new(PositionTemplate { name, tokens, index })), span)))
    }

    /// The brackets from `open` to `close` read as an index or a slice of the name before
    /// them, if they read as one.
    fn index_at(&mut self, open: usize, close: usize) -> Option<DExpr> {
        let saved = (self.pos, self.depth);
        self.pos = open + 1;
        let out = self.expr().ok().filter(|_| self.pos == close);
        (self.pos, self.depth) = saved;
        out
    }

    /// `{ L | R }`: one bar; nested games are written with their own braces.
    /// `{ L | R }`, with runs of bars nesting as in statements: the run with the most bars
    /// splits first, so `{3 || 2 | 1}` is `{3 | {2 | 1}}`. `pass` is an option only.
    fn game(&mut self, start: usize) -> PResult<DExpr> {
        // Option lists and the runs of bars between them, alternately.
        let mut groups = Vec::new();
        let mut bars: Vec<(usize, Span)> = Vec::new();
        loop {
            let (items, _) = self.items(&[Token::Bars("|"), Token::RBrace], true)?;
            groups.push(items);
            match self.toks.get(self.pos).cloned() {
                Some((Token::Bars(b), s)) => {
                    self.pos += 1;
                    bars.push((b.chars().count(), s));
                }
                Some((Token::RBrace, s)) => {
                    self.pos += 1;
                    let whole = start..s.end;
                    let (left, right) = split_groups(groups, &bars, whole.clone())?;
                    return Ok(Spanned::new(DKind::Game(left, right), whole));
                }
                _ => {
                    return Err(error(
                        self.here()..self.here(),
                        "a game needs a `|` between its Left and Right options",
                    ));
                }
            }
        }
    }

    /// Items up to (not past) one of `stops`: expressions with optional comprehension clauses.
    /// Returns the items and the end of the stopping token.
    fn items(&mut self, stops: &[Token<'_>], options: bool) -> PResult<(Vec<Item>, usize)> {
        let mut items = Vec::new();
        loop {
            if let Some((t, s)) = self.toks.get(self.pos)
                && (stops.contains(t) || matches!(t, Token::Bars(_)) && stops.contains(&Token::Bars("|")))
            {
                return Ok((items, s.end));
            }
            let expr = match self.toks.get(self.pos).cloned() {
                // `pass`: a move from the game literal to itself (loopy games).
                Some((Token::Ident("pass"), s)) if options => {
                    self.pos += 1;
                    Spanned::new(DKind::Pass, s)
                }
                _ => self.expr()?,
            };
            let clauses = self.clauses()?;
            items.push(Item { expr, clauses });
            match self.toks.get(self.pos) {
                Some((Token::Comma, _)) => self.pos += 1,
                Some((t, s)) if stops.contains(t) => return Ok((items, s.end)),
                Some((Token::Bars(_), s)) if stops.contains(&Token::Bars("|")) => return Ok((items, s.end)),
                Some((t, s)) => return Err(error(s.clone(), format!("unexpected `{t}`, expected `,` or the end"))),
                None => return Err(error(self.end..self.end, "unexpected end of statement: a bracket is not closed")),
            }
        }
    }

    fn clauses(&mut self) -> PResult<Vec<Clause>> {
        let mut out = Vec::new();
        loop {
            match self.peek() {
                Some(Token::Ident("for")) => {
                    self.pos += 1;
                    let var = self.name("a variable")?;
                    self.expect(Token::Ident("in"), "`in`")?;
                    out.push(Clause::For(var, self.or_expr()?));
                }
                Some(Token::Ident("if")) if !out.is_empty() => {
                    self.pos += 1;
                    out.push(Clause::If(self.or_expr()?));
                }
                Some(Token::Ident("while")) if !out.is_empty() => {
                    self.pos += 1;
                    out.push(Clause::While(self.or_expr()?));
                }
                _ => return Ok(out),
            }
        }
    }

    /// Expressions separated by commas up to `close`, which is consumed; returns its end.
    fn comma_list(&mut self, close: Token<'_>) -> PResult<(Vec<DExpr>, usize)> {
        let mut out = Vec::new();
        loop {
            if let Some((t, s)) = self.toks.get(self.pos)
                && *t == close
            {
                self.pos += 1;
                return Ok((out, s.end));
            }
            out.push(self.expr()?);
            if !self.eat(Token::Comma) && self.peek() != Some(close) {
                let at = self.toks.get(self.pos).map_or(self.end..self.end, |(_, s)| s.clone());
                return Err(error(at, format!("expected `,` or `{close}`")));
            }
        }
    }

    /// A number-ups-star literal: `3`, `1/2`, `3*`, `*2`, `^*`, `1v`.
    fn nus(&mut self) -> PResult<DExpr> {
        let start = self.here();
        let mut number = None;
        if let Some((Token::Int(n), s)) = self.toks.get(self.pos).cloned() {
            self.pos += 1;
            let mut end = s.end;
            let mut denominator = None;
            if let (Some(Token::Slash), Some((Token::Int(d), ds))) = (self.peek(), self.toks.get(self.pos + 1).cloned())
            {
                self.pos += 2;
                denominator = Some(d.to_string());
                end = ds.end;
            }
            number =
                Some(Spanned::new(NumberLit { negative: false, numerator: n.to_string(), denominator }, start..end));
        }
        // `5over`, `3/2under`: a pseudonumber as printed, its word right after the number.
        if let (Some(n), Some((Token::Ident(w @ ("over" | "under")), s))) = (&number, self.toks.get(self.pos).cloned())
            && s.start == n.span.end
        {
            self.pos += 1;
            let pseudo = Spanned::new(if w == "over" { Pseudo::Over } else { Pseudo::Under }, s.clone());
            let nus = Nus { number, ups: None, star: None, uptimal: None, pseudo: Some(pseudo) };
            return Ok(Spanned::new(DKind::Nus(nus), start..s.end));
        }
        let mut ups = None;
        let mut uptimal = None;
        if let Some(u) = self.uptimal()? {
            uptimal = Some(u);
        } else if let Some((tok, s)) = self.toks.get(self.pos).cloned() {
            let count = match tok {
                Token::Ups(u) => Some(arrows(u, &['^', '↑'])),
                Token::Downs(d) => Some(arrows(d, &['↓']).map(|n| -n)),
                Token::Ident(w) if number.is_some() && s.start == self.toks[self.pos - 1].1.end => {
                    crate::grammar::down_count(w).map(Some)
                }
                _ => None,
            };
            if let Some(c) = count {
                let c = c.ok_or_else(|| error(s.clone(), "too many ups to count"))?;
                self.pos += 1;
                ups = Some(Spanned::new(c, s));
            }
        }
        let mut star = None;
        // `3 * ^`: after a number or ups, a bare `*` before an operand is multiplication.
        let times = (number.is_some() || ups.is_some() || uptimal.is_some())
            && self.peek() == Some(Token::Star("*"))
            && self.peek_at(1).is_some_and(|t| starts_operand(&t));
        if !times && let Some((Token::Star(st), s)) = self.toks.get(self.pos).cloned() {
            self.pos += 1;
            star = Some(Spanned::new(st[1..].to_string(), s));
        }
        let end = self.toks[self.pos - 1].1.end;
        if ups.is_none()
            && uptimal.is_none()
            && star.is_none()
            && let Some(n) = &number
            && n.node.denominator.is_none()
        {
            return Ok(Spanned::new(DKind::Int(n.node.numerator.clone()), start..end));
        }
        Ok(Spanned::new(DKind::Nus(Nus { number, ups, star, uptimal, pseudo: None }), start..end))
    }

    /// Whether an uptimal starts here (nothing is consumed).
    fn uptimal_ahead(&mut self) -> bool {
        let at = self.pos;
        let found = matches!(self.uptimal(), Ok(Some(_)));
        self.pos = at;
        found
    }

    /// `^<n>`, `^[n]`, `v<n>`, `↓[n]` (and `^[on]`): an uptimal, its bracket right after the
    /// arrow; `None` with nothing consumed otherwise. (`v[n]` is an index of a value `v` here.)
    fn uptimal(&mut self) -> PResult<Option<Spanned<Uptimal>>> {
        let Some((arrow, a)) = self.toks.get(self.pos).cloned() else { return Ok(None) };
        let down = match arrow {
            Token::Ups("^" | "↑") => false,
            Token::Downs("↓") | Token::Ident("v") => true,
            _ => return Ok(None),
        };
        let sum = match self.toks.get(self.pos + 1) {
            Some((Token::Lt, s)) if s.start == a.end => false,
            // `v[i]` inside a definition indexes a value named `v`; `↓[3]` is the uptimal.
            Some((Token::LBracket, s)) if s.start == a.end && arrow != Token::Ident("v") => true,
            _ => return Ok(None),
        };
        let n = match self.toks.get(self.pos + 2) {
            Some((Token::Int(n), _)) => n.to_string(),
            Some((Token::Ident("on"), _)) => "on".to_string(),
            _ => return Ok(None),
        };
        let close = if sum { Token::RBracket } else { Token::Gt };
        match self.toks.get(self.pos + 3) {
            Some((t, s)) if *t == close => {
                let span = a.start..s.end;
                self.pos += 4;
                Ok(Some(Spanned::new(Uptimal { down, sum, n, copies: None }, span)))
            }
            _ => Ok(None),
        }
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let at = self.here();
            return Err(hinted(
                at..at,
                format!("a definition nested more than {MAX_NESTING} levels deep"),
                "split it into several definitions",
            ));
        }
        let out = f(self);
        self.depth -= 1;
        out
    }

    fn name(&mut self, what: &str) -> PResult<Spanned<String>> {
        match self.toks.get(self.pos).cloned() {
            Some((Token::Ident(w), s)) if !DEF_KEYWORDS.contains(&w) && !crate::grammar::KEYWORDS.contains(&w) => {
                self.pos += 1;
                Ok(Spanned::new(w.to_string(), s))
            }
            Some((t, s)) => Err(error(s, format!("unexpected `{t}`, expected {what}"))),
            None => Err(error(self.end..self.end, format!("unexpected end of statement, expected {what}"))),
        }
    }

    fn expect(&mut self, tok: Token<'_>, what: &str) -> PResult<usize> {
        match self.toks.get(self.pos) {
            Some((t, s)) if *t == tok => {
                self.pos += 1;
                Ok(s.end)
            }
            Some((t, s)) => Err(error(s.clone(), format!("unexpected `{t}`, expected {what}"))),
            None => Err(error(self.end..self.end, format!("unexpected end of statement, expected {what}"))),
        }
    }

    fn eat(&mut self, tok: Token<'_>) -> bool {
        let hit = self.peek() == Some(tok);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn peek(&self) -> Option<Token<'src>> {
        self.peek_at(0)
    }

    fn peek_at(&self, k: usize) -> Option<Token<'src>> {
        self.toks.get(self.pos + k).map(|(t, _)| *t)
    }

    fn adjacent(&self, k: usize) -> bool {
        match (self.toks.get(self.pos + k - 1), self.toks.get(self.pos + k)) {
            (Some((_, a)), Some((_, b))) => a.end == b.start,
            _ => false,
        }
    }

    fn here(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |(_, s)| s.start)
    }
}

/// Resolves the bars of a game literal: option lists `groups` separated by the runs `bars`
/// (`groups.len() == bars.len() + 1`). The unique longest run splits; a side with bars left is
/// one game (`{1, 2 | 3 || 4}` is `{{1, 2 | 3} | 4}`), as in statements.
fn split_groups(mut groups: Vec<Vec<Item>>, bars: &[(usize, Span)], whole: Span) -> PResult<(Vec<Item>, Vec<Item>)> {
    let Some(max) = bars.iter().map(|b| b.0).max() else {
        return Err(error(whole, "a game needs a `|` between its Left and Right options"));
    };
    let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == max).collect();
    if let Some(&second) = at.get(1) {
        let msg =
            format!("ambiguous `{}`: write `{}` to say which side nests deeper", "|".repeat(max), "|".repeat(max + 1));
        return Err(error(bars[second].1.clone(), msg));
    }
    let right_groups = groups.split_off(at[0] + 1);
    let side = |groups: Vec<Vec<Item>>, bars: &[(usize, Span)], outer: Span| -> PResult<Vec<Item>> {
        if bars.is_empty() {
            return Ok(groups.into_iter().next().unwrap_or_default());
        }
        let start = groups.first().and_then(|g| g.first()).map_or(bars[0].1.start, |i| i.expr.span.start);
        let end = groups.last().and_then(|g| g.last()).map_or(bars[bars.len() - 1].1.end, |i| i.expr.span.end);
        let span = start.max(outer.start)..end.min(outer.end).max(start);
        let (left, right) = split_groups(groups, bars, span.clone())?;
        Ok(vec![Item { expr: Spanned::new(DKind::Game(left, right), span), clauses: Vec::new() }])
    };
    let left = side(groups, &bars[..at[0]], whole.clone())?;
    let right = side(right_groups, &bars[at[0] + 1..], whole)?;
    Ok((left, right))
}

/// Whether `t` can start an operand (of `*` as multiplication).
fn starts_operand(t: &Token<'_>) -> bool {
    match t {
        Token::Int(_) | Token::Ups(_) | Token::Downs(_) | Token::Star(_) => true,
        Token::LParen | Token::LBrace | Token::LBracket | Token::Str(_) | Token::Minus => true,
        Token::Ident(w) => !DEF_KEYWORDS.contains(w) || *w == "not" || *w == "true" || *w == "false",
        _ => false,
    }
}

fn arrows(s: &str, arrow: &[char]) -> Option<i64> {
    let digits = s.trim_start_matches(|c| arrow.contains(&c));
    if digits.is_empty() {
        return Some(s.chars().count() as i64);
    }
    digits.parse().ok()
}

fn binary(op: BinOp, lhs: DExpr, rhs: DExpr) -> DExpr {
    let span = lhs.span.start..rhs.span.end;
    Spanned::new(DKind::Binary(op, Box::new(lhs), Box::new(rhs)), span)
}

fn error(span: Span, msg: impl Into<String>) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Syntax, span, msg))
}

fn hinted(span: Span, msg: impl Into<String>, hint: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Syntax, span, msg).with_hint(hint))
}
