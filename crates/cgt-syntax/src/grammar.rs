//! The chumsky grammar of one statement, over the tokens of that statement.
//!
//! `grammar/cgt.ebnf` is the normative description; this module implements it rule for rule.
//! Operator chains are parsed with `repeated` and stored flat, so no rule recurses per
//! operator: the parser only recurses per bracket, and [`crate::parse`] bounds bracket depth
//! before calling it.

use chumsky::input::ValueInput;
use chumsky::prelude::*;

use crate::ast::{
    CallArg, CmpOp, Expr, ExprKind, NumberLit, Nus, Pseudo, RuleArg, RuleArgKind, Ruleset, Setting, SettingValue,
    Spanned, Stmt, StmtKind, SumOp, UnaryOp, Uptimal,
};
use crate::lexer::{Span, Token};

/// Errors the grammar reports.
pub(crate) type Err<'tok, 'src> = extra::Err<Rich<'tok, Token<'src>, SimpleSpan>>;

/// Words that are not names.
pub(crate) const KEYWORDS: &[&str] = &["let", "is", "misere"];

/// Whether `s` is a box word: only `B`, `W` and `_`.
pub fn is_box_word(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| matches!(b, b'B' | b'W' | b'_'))
}

/// The signed count of a down word (`v` is -1, `vv` is -2, `v5` is -5), if `s` is one.
pub fn down_count(s: &str) -> Option<i64> {
    let rest = s.strip_prefix('v')?;
    if rest.bytes().all(|b| b == b'v') {
        return Some(-(rest.len() as i64) - 1);
    }
    if rest.bytes().all(|b| b.is_ascii_digit()) {
        return rest.parse::<i64>().ok().map(|n| -n);
    }
    None
}

/// The count of an ups or arrow-downs token: `^^` is 2, `↑3` is 3, `↓↓` is 2.
fn arrow_count(s: &str, arrow: char, ascii: Option<char>) -> Option<i64> {
    let digits = s.trim_start_matches(|c| c == arrow || Some(c) == ascii);
    if digits.is_empty() {
        return Some(s.chars().count() as i64);
    }
    digits.parse::<i64>().ok()
}

fn span(s: SimpleSpan) -> Span {
    s.into_range()
}

fn is_name(s: &str) -> bool {
    !KEYWORDS.contains(&s) && !is_box_word(s) && down_count(s).is_none()
}

/// The parser of one statement.
pub(crate) fn statement<'tok, 'src: 'tok, I>() -> impl Parser<'tok, I, Stmt, Err<'tok, 'src>>
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
{
    let expr = expression();
    let name = select! { Token::Ident(s) if is_name(s) => s.to_string() }
        .map_with(|s, e| Spanned::new(s, span(e.span())))
        .labelled("a name");
    let let_stmt = just(Token::Ident("let"))
        .ignore_then(name)
        .then_ignore(just(Token::Assign))
        .then(expr.clone())
        .map(|(name, value)| StmtKind::Let { name, value });
    let cmp = select! {
        Token::EqEq => CmpOp::Eq,
        Token::NotEq => CmpOp::Ne,
        Token::Lt => CmpOp::Lt,
        Token::LtEq => CmpOp::Le,
        Token::Gt => CmpOp::Gt,
        Token::GtEq => CmpOp::Ge,
        Token::Confused => CmpOp::Confused,
    }
    .map_with(|op, e| Spanned::new(op, span(e.span())))
    .labelled("a comparison");
    let outcome = select! { Token::Ident(s) => s.to_string() }
        .map_with(|s, e| Spanned::new(s, span(e.span())))
        .labelled("an outcome (L, R, P, N, win, loss, draw)");
    let tail = choice((
        just(Token::Ident("is")).ignore_then(outcome).map(Tail::Is),
        cmp.then(expr.clone()).map(|(op, rhs)| Tail::Cmp(op, rhs)),
    ));
    let expr_stmt = expr.then(tail.or_not()).map(|(lhs, tail)| match tail {
        None => StmtKind::Expr(lhs),
        Some(Tail::Is(outcome)) => StmtKind::Is { expr: lhs, outcome },
        Some(Tail::Cmp(op, rhs)) => StmtKind::Check { lhs, op, rhs },
    });
    let_stmt.or(expr_stmt).then_ignore(end()).map_with(|kind, e| Stmt { kind, span: span(e.span()) })
}

enum Tail {
    Is(Spanned<String>),
    Cmp(Spanned<CmpOp>, Expr),
}

/// The parser of an expression (`misere`, sums, ordinal sums, prefixes, atoms).
fn expression<'tok, 'src: 'tok, I>() -> impl Parser<'tok, I, Expr, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
{
    recursive(|expr| {
        let atom = atom(expr.clone()).boxed();
        let prefix = select! { Token::Minus => UnaryOp::Neg, Token::PlusMinus => UnaryOp::PlusMinus }
            .map_with(|op, e| Spanned::new(op, span(e.span())));
        // `+-(A, B)` and CGSuite's multiple switch `+-{A, B}` (a brace list without bars).
        let switch_list = |open, close| {
            expr.clone()
                .separated_by(just(Token::Comma))
                .at_least(1)
                .collect::<Vec<_>>()
                .delimited_by(just(open), just(close))
        };
        let pm_list = just(Token::PlusMinus)
            .ignore_then(
                switch_list(Token::LBrace, Token::RBrace)
                    .or(switch_list(Token::LParen, Token::RParen).filter(|opts: &Vec<Expr>| opts.len() >= 2)),
            )
            .map_with(|opts, e| Expr::new(ExprKind::PlusMinusList(opts), span(e.span())));
        let unary = pm_list
            .or(prefix
                .repeated()
                .collect::<Vec<_>>()
                .then(atom)
                .map_with(|(ops, operand), e| make_unary(ops, operand, span(e.span()))))
            .boxed();
        let ordinal = unary
            .clone()
            .then(just(Token::Colon).ignore_then(unary.clone()).repeated().collect::<Vec<_>>())
            .map_with(|(first, rest), e| {
                if rest.is_empty() {
                    return first;
                }
                let mut all = vec![first];
                all.extend(rest);
                Expr::new(ExprKind::Ordinal(all), span(e.span()))
            })
            .boxed();
        let sum_op = select! { Token::Plus => 0u8, Token::Minus => 1u8, Token::PlusMinus => 2u8 }
            .map_with(|op, e| (op, span(e.span())));
        let sum = ordinal
            .clone()
            .then(sum_op.then(ordinal).repeated().collect::<Vec<_>>())
            .map_with(|(first, rest), e| make_sum(first, rest, span(e.span())))
            .boxed();
        let misere = just(Token::Ident("misere"))
            .map_with(|_, e| Spanned::new(UnaryOp::Misere, span(e.span())))
            .repeated()
            .collect::<Vec<_>>()
            .then(sum)
            .map_with(|(ops, operand), e| {
                if ops.is_empty() {
                    operand
                } else {
                    Expr::new(ExprKind::Unary(ops, Box::new(operand)), span(e.span()))
                }
            })
            .boxed();
        // `S & T`, a sided value: the loosest operator, at most one per expression.
        misere
            .clone()
            .then(just(Token::Amp).ignore_then(misere).or_not())
            .map_with(|(on, off), e| match off {
                None => on,
                Some(off) => Expr::new(ExprKind::Sided(Box::new(on), Box::new(off)), span(e.span())),
            })
            .labelled("an expression")
    })
}

/// Builds a prefix expression. A minus right before a plain number literal is that number's
/// sign (`-1v*3` is `-1 + v + *3`, as CGSuite reads it), not a negation of the juxtaposition.
fn make_unary(mut ops: Vec<Spanned<UnaryOp>>, mut operand: Expr, whole: Span) -> Expr {
    let start = operand.span.start;
    // The number of a juxtaposition: the operand itself, or the first term of `2Tiny(2)`.
    let nus = match &mut operand.node {
        ExprKind::Nus(nus) => Some(nus),
        ExprKind::Sum(first, rest) if rest.len() == 1 && rest[0].0.span.is_empty() => match &mut first.node {
            ExprKind::Nus(nus) => Some(nus),
            _ => None,
        },
        _ => None,
    };
    if let (Some(last), Some(nus)) = (ops.last(), nus)
        && last.node == UnaryOp::Neg
        && let Some(num) = &mut nus.number
        && !num.node.negative
        && num.span.start == start
    {
        num.node.negative = true;
        num.span.start = last.span.start;
        if let ExprKind::Sum(first, _) = &mut operand.node {
            first.span.start = last.span.start;
        }
        operand.span.start = last.span.start;
        ops.pop();
    }
    if ops.is_empty() {
        return operand;
    }
    Expr::new(ExprKind::Unary(ops, Box::new(operand)), whole)
}

fn make_sum(first: Expr, rest: Vec<((u8, Span), Expr)>, whole: Span) -> Expr {
    if rest.is_empty() {
        return first;
    }
    let terms = rest
        .into_iter()
        .map(|((op, op_span), term)| match op {
            0 => (Spanned::new(SumOp::Add, op_span), term),
            1 => (Spanned::new(SumOp::Sub, op_span), term),
            _ => {
                // `a +- b` is `a + (+-b)`.
                let s = op_span.start..term.span.end;
                let pm = match term.node {
                    ExprKind::PlusMinusList(_) => term,
                    _ => Expr::new(
                        ExprKind::Unary(vec![Spanned::new(UnaryOp::PlusMinus, op_span.clone())], Box::new(term)),
                        s,
                    ),
                };
                (Spanned::new(SumOp::Add, op_span), pm)
            }
        })
        .collect();
    Expr::new(ExprKind::Sum(Box::new(first), terms), whole)
}

/// Atoms: juxtapositions, game literals, parentheses, calls, rulesets, box words, names.
fn atom<'tok, 'src: 'tok, I, P>(expr: P) -> impl Parser<'tok, I, Expr, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
    P: Parser<'tok, I, Expr, Err<'tok, 'src>> + Clone + 'tok,
{
    let paren = expr.clone().delimited_by(just(Token::LParen), just(Token::RParen)).map_with(|mut inner: Expr, e| {
        // The span covers the parentheses, so `-(1v)` is not read as `-1v`.
        inner.span = span(e.span());
        inner
    });
    let word = select! { Token::Ident(s) => s }.map_with(|s: &str, e| Spanned::new(s.to_string(), span(e.span())));
    let call = word
        .then(call_args(expr.clone()).delimited_by(just(Token::LParen), just(Token::RParen)))
        .map(|(name, args)| ExprKind::Call { name, args });
    let ruleset = word
        .then(bracket_args())
        .then(setting().repeated().collect::<Vec<_>>())
        .map(|((name, args), settings)| ExprKind::Ruleset(Ruleset { name, args, settings }));
    let box_word = select! { Token::Ident(s) if is_box_word(s) => s }
        .map_with(|s: &str, e| Spanned::new(s.to_string(), span(e.span())));
    let boxes = box_word.separated_by(just(Token::Dot)).at_least(1).collect::<Vec<_>>().map(ExprKind::Boxes);
    let name = select! { Token::Ident(s) if is_name(s) => ExprKind::Name(s.to_string()) };
    // CGSuite's `2Tiny(2)`: a number juxtaposed with `Tiny(...)` or `Miny(...)` is their sum,
    // kept as a sum whose `+` has an empty span (so a sign in front is the number's).
    let tiny_word = select! { Token::Ident(s) if s == "Tiny" || s == "Miny" => s }
        .map_with(|s: &str, e| Spanned::new(s.to_string(), span(e.span())));
    let tiny_call = tiny_word
        .then(call_args(expr.clone()).delimited_by(just(Token::LParen), just(Token::RParen)))
        .map_with(|(name, args), e| Expr::new(ExprKind::Call { name, args }, span(e.span())));
    let int = select! { Token::Int(s) => s.to_string() };
    let number = int.then(just(Token::Slash).ignore_then(int).or_not()).map_with(|(numerator, denominator), e| {
        let lit = Spanned::new(NumberLit { negative: false, numerator, denominator }, span(e.span()));
        let nus = Nus { number: Some(lit), ups: None, star: None, uptimal: None, pseudo: None };
        Expr::new(ExprKind::Nus(Box::new(nus)), span(e.span()))
    });
    let juxtaposed_tiny = number.then(tiny_call).map(|(n, call)| {
        let plus = Spanned::new(SumOp::Add, call.span.start..call.span.start);
        ExprKind::Sum(Box::new(n), vec![(plus, call)])
    });
    // `x{0 | x}`: a label before a literal names the literal's position inside it.
    let label = select! { Token::Ident(s) if is_name(s) => s }
        .map_with(|s: &str, e| Spanned::new(s.to_string(), span(e.span())));
    let labelled = label
        .then_ignore(just(Token::LBrace).rewind())
        .then(game_literal(expr.clone()).map_with(|kind, e| Expr::new(kind, span(e.span()))))
        .map(|(label, body)| ExprKind::Labelled { label, body: Box::new(body) });
    let list = expr
        .clone()
        .separated_by(just(Token::Comma))
        .allow_trailing()
        .collect::<Vec<_>>()
        .delimited_by(just(Token::LBracket), just(Token::RBracket))
        .map(ExprKind::List);
    let misere_form = select! { Token::MisereForm(s) => ExprKind::MisereForm(s.to_string()) };
    // `3 * ^`: a whole number of copies of a game, as CGSuite writes integer multiples. The
    // operand is one atom, so `3 * ^ + 1` is `(3 * ^) + 1`; `3*` alone stays 3 plus star.
    let operand = choice((
        nus().map(|n| ExprKind::Nus(Box::new(n))),
        game_literal(expr.clone()),
        call.clone(),
        ruleset.clone(),
        name,
    ))
    .map_with(|kind, e| Expr::new(kind, span(e.span())))
    .or(paren.clone());
    let count = int.map_with(|n, e| Spanned::new(n, span(e.span())));
    // `5 * -3/4` is five copies of -3/4 (never `5*` minus 3/4).
    let negated = just(Token::Minus).map_with(|_, e| Spanned::new(UnaryOp::Neg, span(e.span()))).then(operand.clone());
    let operand = negated.map_with(|(neg, body), e| make_unary(vec![neg], body, span(e.span()))).or(operand);
    let multiple = count
        .then_ignore(just(Token::Star("*")))
        .then(operand)
        .map(|(count, body)| ExprKind::Multiple { count, body: Box::new(body) });
    choice((
        multiple,
        juxtaposed_tiny,
        misere_form,
        nus().map(|n| ExprKind::Nus(Box::new(n))),
        game_literal(expr),
        call,
        ruleset,
        labelled,
        boxes,
        name,
        list,
    ))
    .map_with(|kind, e| Expr::new(kind, span(e.span())))
    .or(paren)
    .labelled("a game")
}

/// A number-ups-star juxtaposition: `3`, `1/2^*`, `-1v*3` (the sign is added by
/// [`make_unary`]), `^^`, `vv*`, `*4`.
fn nus<'tok, 'src: 'tok, I>() -> impl Parser<'tok, I, Nus, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
{
    let int = select! { Token::Int(s) => s.to_string() };
    let number = int.then(just(Token::Slash).ignore_then(int).or_not()).map_with(|(numerator, denominator), e| {
        Spanned::new(NumberLit { negative: false, numerator, denominator }, span(e.span()))
    });
    let ups = select! {
        Token::Ups(s) => arrow_count(s, '↑', Some('^')),
        Token::Downs(s) => arrow_count(s, '↓', None).map(|n| -n),
        Token::Ident(s) if down_count(s).is_some() => down_count(s),
    }
    .try_map(|n, s| n.ok_or_else(|| Rich::custom(s, "too many ups to count")))
    .map_with(|n, e| Spanned::new(n, span(e.span())));
    let star = select! { Token::Star(s) => s[1..].to_string() }.map_with(|s, e| Spanned::new(s, span(e.span())));
    let arrow = select! {
        Token::Ups(s) if s == "^" || s == "↑" => false,
        Token::Downs(s) if s == "↓" => true,
        Token::Ident("v") => true,
    };
    // The index of an uptimal: digits, or `on` for the loopy ones (a word is read here so that
    // `v[off]` is told what to write, not taken for a ruleset `v`).
    let index = int.or(select! { Token::Ident(s) => s.to_string() }).map_with(|n, e| (n, e.span()));
    let nth = index.delimited_by(just(Token::Lt), just(Token::Gt)).map(|n| (false, n));
    let sum = index.delimited_by(just(Token::LBracket), just(Token::RBracket)).map(|n| (true, n));
    // `2·^<3>`: a whole number of copies, as `uptimal(G)` prints its expansion.
    let copies = select! { Token::Copies(s) => Box::<str>::from(s.trim_end_matches('·')) }.or_not();
    let uptimal = copies.then(arrow).then(nth.or(sum)).validate(|((copies, down), (sum, (n, at))), e, emitter| {
        if n.starts_with(|c: char| c.is_ascii_alphabetic()) && n != "on" {
            emitter.emit(Rich::custom(at, crate::loopy_notation::bad_index(down, sum, &n)));
        }
        Spanned::new(Uptimal { down, sum, n, copies }, span(e.span()))
    });
    let infinitesimal = uptimal.map(|u| (None, Some(u))).or(ups.map(|u| (Some(u), None)));
    // `5over`, `3/2under`: a pseudonumber as printed, its word right after the number.
    let pseudo = select! {
        Token::Ident("over") => Pseudo::Over,
        Token::Ident("under") => Pseudo::Under,
    }
    .map_with(|p, e| Spanned::new(p, span(e.span())));
    let with_pseudo = number.then(pseudo).validate(|(number, pseudo), _, emitter| {
        if number.span.end != pseudo.span.start {
            let msg = crate::loopy_notation::spaced_pseudo(&number.node, pseudo.node);
            emitter.emit(Rich::custom(SimpleSpan::from(number.span.start..pseudo.span.end), msg));
        }
        Nus { number: Some(number), ups: None, star: None, uptimal: None, pseudo: Some(pseudo) }
    });
    let with_number = number.then(infinitesimal.or_not()).then(star.or_not()).map(|((number, inf), star)| {
        let (ups, uptimal) = inf.unwrap_or((None, None));
        Nus { number: Some(number), ups, star, uptimal, pseudo: None }
    });
    let with_ups = infinitesimal.then(star.or_not()).map(|((ups, uptimal), star)| Nus {
        number: None,
        ups,
        star,
        uptimal,
        pseudo: None,
    });
    let only_star = star.map(|star| Nus { number: None, ups: None, star: Some(star), uptimal: None, pseudo: None });
    choice((with_pseudo, with_number, with_ups, only_star))
}

/// One piece of a game literal's body: options, or a run of bars.
#[derive(Clone)]
enum Piece {
    Options(Vec<Expr>),
    Bars(usize, Span),
}

/// `{ L | R }` and `< L | R >`, with slashes nesting: the separator with the most bars splits
/// first, so `{3 || 2 | 1}` is `{3 | {2 | 1}}`.
fn game_literal<'tok, 'src: 'tok, I, P>(expr: P) -> impl Parser<'tok, I, ExprKind, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
    P: Parser<'tok, I, Expr, Err<'tok, 'src>> + Clone + 'tok,
{
    // `pass` is an option only: a move from the literal to itself.
    let pass = just(Token::Ident("pass")).map_with(|_, e| Expr::new(ExprKind::Pass, span(e.span())));
    let options = pass.or(expr).separated_by(just(Token::Comma)).collect::<Vec<_>>().map(Piece::Options);
    let bars = select! { Token::Bars(s) => s.len() }.map_with(|n, e| Piece::Bars(n, span(e.span())));
    let body = options.clone().then(bars.then(options).repeated().collect::<Vec<_>>()).map(|(first, rest)| {
        let mut pieces = vec![first];
        for (b, o) in rest {
            pieces.push(b);
            pieces.push(o);
        }
        pieces
    });
    let braces = body.clone().delimited_by(just(Token::LBrace), just(Token::RBrace));
    let angles = body.delimited_by(just(Token::Lt), just(Token::Gt));
    braces.or(angles).validate(|pieces, e, emitter| match split_pieces(&pieces, span(e.span())) {
        Ok((left, right)) => ExprKind::Game { left, right },
        Err((msg, at)) => {
            emitter.emit(Rich::custom(at.into(), msg));
            ExprKind::Error
        }
    })
}

/// Resolves nested bars: splits at the unique run with the most bars; a side that still has
/// bars is one game (`{1, 2 | 3 || 4}` is `{{1, 2 | 3} | 4}`).
fn split_pieces(pieces: &[Piece], whole: Span) -> Result<(Vec<Expr>, Vec<Expr>), (String, Span)> {
    let max = pieces.iter().filter_map(|p| if let Piece::Bars(n, _) = p { Some(*n) } else { None }).max();
    let Some(max) = max else {
        return Err(("a game needs a `|` between its Left and Right options".into(), whole));
    };
    let at: Vec<usize> = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Piece::Bars(n, _) if *n == max))
        .map(|(i, _)| i)
        .collect();
    if at.len() > 1 {
        let Piece::Bars(_, s) = &pieces[at[1]] else { unreachable!("indices of bars") };
        let bars = "|".repeat(max);
        return Err((
            format!("ambiguous `{bars}`: write `{}` to say which side nests deeper", "|".repeat(max + 1)),
            s.clone(),
        ));
    }
    let side = |part: &[Piece]| -> Result<Vec<Expr>, (String, Span)> {
        match part {
            [Piece::Options(opts)] => Ok(opts.clone()),
            _ => {
                let start = first_start(part).unwrap_or(whole.start);
                let end = last_end(part).unwrap_or(whole.end);
                let (left, right) = split_pieces(part, start..end)?;
                Ok(vec![Expr::new(ExprKind::Game { left, right }, start..end)])
            }
        }
    };
    Ok((side(&pieces[..at[0]])?, side(&pieces[at[0] + 1..])?))
}

fn first_start(part: &[Piece]) -> Option<usize> {
    part.iter().find_map(|p| match p {
        Piece::Options(o) => o.first().map(|e| e.span.start),
        Piece::Bars(_, s) => Some(s.start),
    })
}

fn last_end(part: &[Piece]) -> Option<usize> {
    part.iter().rev().find_map(|p| match p {
        Piece::Options(o) => o.last().map(|e| e.span.end),
        Piece::Bars(_, s) => Some(s.end),
    })
}

/// Arguments of a function call: ranges `a..b`, rules with settings, expressions.
fn call_args<'tok, 'src: 'tok, I, P>(expr: P) -> impl Parser<'tok, I, Vec<CallArg>, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
    P: Parser<'tok, I, Expr, Err<'tok, 'src>> + Clone + 'tok,
{
    let int = select! { Token::Int(s) => s.to_string() };
    let range =
        int.then_ignore(just(Token::DotDot)).then(int).map_with(|r, e| CallArg::Range(Spanned::new(r, span(e.span()))));
    let word = select! { Token::Ident(s) => s }.map_with(|s: &str, e| Spanned::new(s.to_string(), span(e.span())));
    let rule = word.then(setting().repeated().at_least(1).collect::<Vec<_>>()).map(|(n, s)| CallArg::Rule(n, s));
    choice((range, rule, expr.map(CallArg::Expr))).separated_by(just(Token::Comma)).collect()
}

/// `key=value`, `key=[list]` or a bare flag, after a ruleset position.
fn setting<'tok, 'src: 'tok, I>() -> impl Parser<'tok, I, Setting, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
{
    let key = select! { Token::Ident(s) if !KEYWORDS.contains(&s) => s.to_string() }
        .map_with(|s, e| Spanned::new(s, span(e.span())));
    let list = bracket_args().map_with(|l, e| SettingValue::List(Spanned::new(l, span(e.span()))));
    let negative = just(Token::Minus)
        .ignore_then(select! { Token::Int(s) => s })
        .map_with(|s, e| RuleArg { kind: RuleArgKind::Int(format!("-{s}")), span: span(e.span()) });
    let plain = select! {
        Token::Int(s) => RuleArgKind::Int(s.to_string()),
        Token::Decimal(s) => RuleArgKind::Decimal(s.to_string()),
        Token::Str(s) => RuleArgKind::Str(s[1..s.len() - 1].to_string()),
        Token::Code(s) => RuleArgKind::Str(s.to_string()),
        Token::Dims(s) => crate::rule_args::dims(s),
        Token::Ident(s) => RuleArgKind::Word(s.to_string()),
    }
    .map_with(|kind, e| RuleArg { kind, span: span(e.span()) });
    let single = negative.or(plain).labelled("a setting value");
    let value = list.or(single.map(SettingValue::Arg));
    key.then(just(Token::Assign).ignore_then(value).or_not()).map(|(key, value)| Setting { key, value })
}

/// The arguments inside a ruleset's (or a list setting's) brackets: the raw tokens up to the
/// closing `]`, read by [`crate::rule_args::rule_args`] without recursion, so that nested words
/// (tree edges) may go to any depth.
fn bracket_args<'tok, 'src: 'tok, I>() -> impl Parser<'tok, I, Vec<RuleArg>, Err<'tok, 'src>> + Clone
where
    I: ValueInput<'tok, Token = Token<'src>, Span = SimpleSpan>,
{
    any()
        .filter(|t: &Token<'src>| !matches!(t, Token::LBracket | Token::RBracket))
        .map_with(|t, e| (t, span(e.span())))
        .repeated()
        .collect::<Vec<_>>()
        .delimited_by(just(Token::LBracket), just(Token::RBracket))
        .validate(|toks, _, emitter| match crate::rule_args::rule_args(&toks) {
            Ok(args) => args,
            Err((msg, at)) => {
                emitter.emit(Rich::custom(at.into(), msg));
                Vec::new()
            }
        })
}
