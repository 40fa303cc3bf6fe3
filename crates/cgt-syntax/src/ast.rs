//! The syntax tree: statements and expressions with byte spans into the source.
//!
//! The tree keeps the source spelling of numbers and words (as strings) so that evaluation can
//! report exact errors ("1/3 is not a dyadic rational") and big numbers lose nothing. Operator
//! chains are flat (`Sum`, `Unary`), so the tree is only as deep as the brackets in the source,
//! which the parser bounds.

use crate::lexer::Span;

/// A value with the span it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it is in the source.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs a value with its span.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// One statement (usually one line) of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// What the statement says.
    pub kind: StmtKind,
    /// The whole statement, without the trailing comment or line break.
    pub span: Span,
}

/// The forms of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `EXPR`: evaluate and report.
    Expr(Expr),
    /// `let NAME = EXPR`.
    Let {
        /// The bound name.
        name: Spanned<String>,
        /// Its definition.
        value: Expr,
    },
    /// `EXPR op EXPR`: a comparison check.
    Check {
        /// Left-hand side.
        lhs: Expr,
        /// The comparison.
        op: Spanned<CmpOp>,
        /// Right-hand side.
        rhs: Expr,
    },
    /// `EXPR is OUTCOME`: an outcome check.
    Is {
        /// The position.
        expr: Expr,
        /// The expected outcome as written (`L`, `R`, `P`, `N`, `win`, `loss`, `draw`).
        outcome: Spanned<String>,
    },
    /// `def NAME(PARAMS) = BODY` or `rule NAME(n) = BODY` (see the definitions module).
    Def(Box<crate::defs::Definition>),
    /// A statement in the definition language, such as a table `[f(n) for n in 1..8]`.
    Table(Box<crate::defs::DExpr>),
    /// A statement that could not be parsed; its errors are in the parse result.
    Error,
}

/// A comparison operator of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
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
    /// `<>` (confused with, incomparable)
    Confused,
}

impl CmpOp {
    /// The operator as written in ASCII.
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Confused => "<>",
        }
    }
}

/// An expression with its span.
pub type Expr = Spanned<ExprKind>;

/// The sign of a term in a [`ExprKind::Sum`] (`a +- b` is stored as `a + (+-b)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SumOp {
    /// `+ term`
    Add,
    /// `- term`
    Sub,
}

/// A prefix operator of a [`ExprKind::Unary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-G`
    Neg,
    /// `+-G` or `±G`: `{G | -G}`.
    PlusMinus,
    /// `misere G`: G under misère play.
    Misere,
}

/// The forms of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A juxtaposition of a number, ups and a star: `3`, `-1/2`, `^^*4`, `-1v*3` (boxed: it is
    /// the largest kind, and most expressions are not one).
    Nus(Box<Nus>),
    /// A game literal `{ L | R }` or `< L | R >`, slashes already resolved.
    Game {
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// `±(A, B)`: `{A, B | -A, -B}`.
    PlusMinusList(Vec<Expr>),
    /// `a + b - c +- d`: the first term, then signed terms.
    Sum(Box<Expr>, Vec<(Spanned<SumOp>, Expr)>),
    /// `G : H : K`: ordinal sums, left to right.
    Ordinal(Vec<Expr>),
    /// `S & T`: the loopy value with onside S and offside T (CGSuite's sided values).
    Sided(Box<Expr>, Box<Expr>),
    /// Prefix operators applied to an operand, innermost last: `- ± G` is `[Neg, PlusMinus]`.
    Unary(Vec<Spanned<UnaryOp>>, Box<Expr>),
    /// A `let` name.
    Name(String),
    /// `f(ARGS)`.
    Call {
        /// The function name.
        name: Spanned<String>,
        /// The arguments.
        args: Vec<CallArg>,
    },
    /// `name[ARGS] key=value ...`: a ruleset position.
    Ruleset(Ruleset),
    /// Bare box words: `WBBW.BW`, `_`.
    Boxes(Vec<Spanned<String>>),
    /// `pass`, an option of a game literal: a move to the literal's own position (loopy games).
    Pass,
    /// `x{0 | x}`: a game literal whose label names the literal's position inside it (loopy
    /// games); the body is the literal, where the label is read as a [`ExprKind::Name`].
    Labelled {
        /// The label.
        label: Spanned<String>,
        /// The literal.
        body: Box<Expr>,
    },
    /// `[A, B, C]`: a list of values, compared element by element in checks
    /// (`grundy(kayles, 1..5) == [1, 2, 3, 1, 4]`).
    List(Vec<Expr>),
    /// A misère canonical form as written, `*[2#0]` or CGSuite's `*[[2],2,1,0]`: a game
    /// under misère play (read by `misere`, `genus`, `mate`, `miserenim`).
    MisereForm(String),
    /// `3 * G`: a whole number of copies of a game.
    Multiple {
        /// The number of copies, as written.
        count: Spanned<String>,
        /// The game.
        body: Box<Expr>,
    },
    /// Something that could not be parsed (errors were reported).
    Error,
}

/// A number-ups-star juxtaposition, spelled as in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nus {
    /// The number part, if written.
    pub number: Option<Spanned<NumberLit>>,
    /// The ups part (negative for downs), if written.
    pub ups: Option<Spanned<i64>>,
    /// The nimber part, if written: `*` is 1.
    pub star: Option<Spanned<String>>,
    /// An uptimal in place of the ups, if written: `^<2>`, `v[3]`, and the loopy `^[on]`.
    pub uptimal: Option<Spanned<Uptimal>>,
    /// A pseudonumber's `over` or `under` written right after the number, as cgt and CGSuite
    /// print them: `5over` is `{5 | pass}`, `3/2under` is `{pass | 3/2}`.
    pub pseudo: Option<Spanned<Pseudo>>,
}

/// The word of a pseudonumber written after its number (`5over`, `3/2under`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pseudo {
    /// `x over = {x | pass}`.
    Over,
    /// `x under = {pass | x}`.
    Under,
}

/// An uptimal as written: `^<n>` (up-nth), `^[n]` (`^<1> + ... + ^<n>`), or their negatives
/// `v<n>`, `v[n]`; with n = `on`, the loopy `^[on]` (upon, `{pass | *}`) and `^<on>` (uponth,
/// `{0 || 0 | 0, pass}`), as CGSuite names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uptimal {
    /// Whether it is written with a down (`v<n>`, `v[n]`): the negative.
    pub down: bool,
    /// Whether it is the sum `^[n]` rather than the single `^<n>`.
    pub sum: bool,
    /// The digits of n, or the word `on`.
    pub n: String,
    /// The digits of a whole number of copies written before it, `2·^<3>`.
    pub copies: Option<Box<str>>,
}

/// A number literal: `-15/8`, `3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberLit {
    /// Whether a minus sign was written in front.
    pub negative: bool,
    /// The digits of the numerator.
    pub numerator: String,
    /// The digits of the denominator, if a fraction.
    pub denominator: Option<String>,
}

/// A ruleset position `name[ARGS] key=value ... flag ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The ruleset name.
    pub name: Spanned<String>,
    /// The arguments in brackets.
    pub args: Vec<RuleArg>,
    /// The settings after the brackets.
    pub settings: Vec<Setting>,
}

/// A `key=value` (or a bare `flag`) after a ruleset position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key.
    pub key: Spanned<String>,
    /// The value, `None` for a bare flag.
    pub value: Option<SettingValue>,
}

/// The value of a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingValue {
    /// A single argument: `3`, `0.137`, `normal`.
    Arg(RuleArg),
    /// A bracketed list: `[1, 2, 3]`.
    List(Spanned<Vec<RuleArg>>),
}

/// One argument inside a ruleset's brackets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleArg {
    /// What the argument is.
    pub kind: RuleArgKind,
    /// Where.
    pub span: Span,
}

/// The forms of a ruleset argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleArgKind {
    /// An integer, possibly negative: `-5`.
    Int(String),
    /// A decimal: `0.137`.
    Decimal(String),
    /// A quoted string without its quotes: `..#.`.
    Str(String),
    /// `3x4`.
    Dims(String, String),
    /// `1->2`.
    Edge(String, String),
    /// `1-2` or `0-1 B`: an undirected edge between two vertices, with the word after it (a
    /// colour letter) if one is written.
    Link(String, String, Option<Spanned<String>>),
    /// `1: -3`: a value given for a key (a vertex's value).
    Keyed(String, String),
    /// A plain word: `WBBW`, `B`.
    Word(String),
    /// A word with words hanging from it, any depth: `B(R, B(B))`. Stored flat, in pre-order,
    /// so that a path 100,000 deep is no deeper in memory (or on the stack) than a list.
    Nested(Vec<NestedWord>),
    /// Words joined by dots: `BW.WB`.
    Dotted(Vec<Spanned<String>>),
}

/// One word of a [`RuleArgKind::Nested`] argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedWord {
    /// The word (`B`).
    pub word: String,
    /// Where it is.
    pub span: Span,
    /// The index of the word it hangs from, `None` for the argument's first word.
    pub parent: Option<usize>,
}

/// An argument of a function call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallArg {
    /// An expression (a bare rule name such as `kayles` parses as a name).
    Expr(Expr),
    /// `a..b`.
    Range(Spanned<(String, String)>),
    /// A rule with settings: `octal code=0.137`.
    Rule(Spanned<String>, Vec<Setting>),
}
