//! The registry: one row per ruleset and one row per function, the only place the evaluator,
//! completion, hover, the "did you mean" hints and the TextMate test learn their names from.
//!
//! A ruleset's row says how its position is written, what it means, which settings it takes,
//! what kind of result it gives and which function evaluates it; a heap game's row also says
//! how to read its heap rule (for `grundy(RULE, a..b)`, `period(RULE)`, `misere` and the
//! compounds). Nothing else in the crate matches on a ruleset's or a function's name.

use cgt_rules::heap::HeapRule;
use cgt_syntax::{Code, Diagnostic, Ruleset, Setting, Span, Spanned};

use crate::args::Arg;
use crate::context::{Computed, Ctx};
use crate::names::suggest;
use crate::session::Session;
use crate::value::EvalResult;

/// What kind of result a ruleset or a function gives (docs/src/reference/printed-forms.md, "Outcome classes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    /// A game: a canonical form with an outcome class.
    Game,
    /// A number about a game (a stop, a mean, a temperature), usable as that number.
    Number,
    /// A plain whole number that is not a game (a score, a count, a Grundy value).
    Integer,
    /// An outcome class (L, R, P, N).
    Outcome,
    /// Win, loss or draw for the player to move.
    Play,
    /// A list of values.
    List,
    /// Text (an explanation, a period, a table of moves).
    Text,
    /// A table of values, rows by columns (`table(EXPR for r in A, c in B)`).
    Table,
}

impl Returns {
    /// A few words for the docs: "a game", "a plain number", ...
    pub fn describe(self) -> &'static str {
        match self {
            Returns::Game => "a game",
            Returns::Number => "a number",
            Returns::Integer => "a plain number (not a game)",
            Returns::Outcome => "an outcome class",
            Returns::Play => "win, loss or draw",
            Returns::List => "a list",
            Returns::Text => "text",
            Returns::Table => "a table",
        }
    }
}

/// A setting a ruleset accepts (`take=[1, 2]`), with what it means.
#[derive(Clone, Copy, Debug)]
pub struct SettingDef {
    /// The key.
    pub key: &'static str,
    /// What it means, with an example.
    pub doc: &'static str,
}

/// Evaluates a ruleset position.
pub(crate) type RulesetEval = fn(&mut Session, &Ruleset, &Span, &Ctx) -> EvalResult<Computed>;

/// How an outcome search answers a position ([`OutcomeRow`]).
pub(crate) type OutcomeEval = fn(&mut Session, &Ruleset, &Span, &Ctx) -> Option<EvalResult<Computed>>;
/// Reads a heap game's rule from its name and settings.
pub(crate) type HeapRuleReader = fn(&RuleSpec) -> EvalResult<HeapRule>;
/// Reads a partizan ruleset's position as a value of the [`AnyPosition`] trait.
pub(crate) type PositionReader = fn(&Ruleset) -> EvalResult<Box<dyn AnyPosition>>;
/// Evaluates a function call.
pub(crate) type FunctionEval = fn(&mut Session, &Call, &Ctx) -> EvalResult<Computed>;

/// A ruleset whose positions' outcome class can be found by search, without their value.
pub(crate) struct OutcomeRow {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The search: a position to its outcome (`Value::Outcome`), saying it is by search; `None`
    /// when the position is small enough that its value is the answer (the value is computed
    /// instead, as for a ruleset without a search).
    pub search: OutcomeEval,
}

/// One ruleset of the language.
pub struct RulesetDef {
    /// The name before the brackets.
    pub name: &'static str,
    /// An example position.
    pub example: &'static str,
    /// What the ruleset is, in one line.
    pub doc: &'static str,
    /// The settings it accepts after the brackets.
    pub settings: &'static [SettingDef],
    /// What its positions evaluate to.
    pub returns: Returns,
    /// How large a position it answers and at what cost: the method's complexity, its hard
    /// caps, and sizes measured with the release build under the default budget.
    pub limits: &'static str,
    /// Where the theory comes from: the book's theory notes (`theory/NAME.md`) and the
    /// literature (WW, LiP, CGT, ONAG as in `theory/sources.md`, and papers).
    pub source: &'static str,
    pub(crate) eval: RulesetEval,
    pub(crate) heap_rule: Option<HeapRuleReader>,
    /// For rulesets whose positions are games given by their moves: the position, for the
    /// generic move listing, searches (misère play) and winning moves.
    pub(crate) position: Option<PositionReader>,
}

/// A ruleset position of any type, with its moves and notation: what generic code (move
/// listings, misère search, winning moves) needs of a position.
pub(crate) trait AnyPosition: Send {
    /// The positions Left can move to.
    fn left(&self) -> Vec<Box<dyn AnyPosition>>;
    /// The positions Right can move to.
    fn right(&self) -> Vec<Box<dyn AnyPosition>>;
    /// The position in its ruleset's notation.
    fn notation(&self) -> String;
}

impl<P: cgt_rules::position::Partizan + Send + 'static> AnyPosition for P {
    fn left(&self) -> Vec<Box<dyn AnyPosition>> {
        self.left_options().into_iter().map(|p| Box::new(p) as Box<dyn AnyPosition>).collect()
    }

    fn right(&self) -> Vec<Box<dyn AnyPosition>> {
        self.right_options().into_iter().map(|p| Box::new(p) as Box<dyn AnyPosition>).collect()
    }

    fn notation(&self) -> String {
        cgt_rules::position::Partizan::notation(self)
    }
}

/// One function of the language.
pub struct FunctionDef {
    /// The name.
    pub name: &'static str,
    /// How it is called.
    pub signature: &'static str,
    /// What it computes, in one line.
    pub doc: &'static str,
    /// What it gives.
    pub returns: Returns,
    /// Other spellings of the name (CGSuite's `Tiny` for `tiny`).
    pub aliases: &'static [&'static str],
    /// How large an argument it answers and at what cost (as [`RulesetDef::limits`]).
    pub limits: &'static str,
    /// Where the theory comes from (as [`RulesetDef::source`]).
    pub source: &'static str,
    pub(crate) eval: FunctionEval,
}

impl std::fmt::Debug for FunctionDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "function {}", self.name)
    }
}

/// A function call as the functions see it: from a statement, its arguments as written; from
/// a definition's body, the values it computed (see `args.rs`).
pub(crate) struct Call<'a> {
    /// The function's name as written.
    pub name: &'a Spanned<String>,
    /// The arguments.
    pub args: &'a [Arg<'a>],
    /// The whole call.
    pub span: &'a Span,
    /// The function's row.
    pub def: &'static FunctionDef,
}

/// A rule named with its settings: the ruleset of a position (`stones[5] take=[1, 2]`) or a
/// rule argument (`stones take=[1, 2]`, `kayles`).
pub(crate) struct RuleSpec<'a> {
    /// The rule's name.
    pub name: &'a Spanned<String>,
    /// Its settings.
    pub settings: &'a [Setting],
    /// The row of the ruleset.
    pub def: &'static RulesetDef,
}

impl RuleSpec<'_> {
    /// The setting `key`, if given.
    pub fn setting(&self, key: &str) -> Option<&Setting> {
        self.settings.iter().find(|s| s.key.node == key)
    }

    /// An error for a missing or malformed setting `key`.
    pub fn bad_setting(&self, key: &str) -> Box<Diagnostic> {
        let span = self.setting(key).map_or(self.name.span.clone(), |s| s.key.span.clone());
        let doc = self.def.settings.iter().find(|s| s.key == key).map_or("", |s| s.doc);
        Box::new(
            Diagnostic::error(Code::Setting, span, format!("`{}` needs `{key}=...`", self.name.node))
                .with_hint(format!("{doc}; for example `{}`", self.def.example)),
        )
    }
}

/// Checks a ruleset's settings: each known to the ruleset, none given twice.
pub(crate) fn check_settings(def: &RulesetDef, name: &Spanned<String>, settings: &[Setting]) -> EvalResult<()> {
    for (i, s) in settings.iter().enumerate() {
        let key = s.key.node.as_str();
        if !def.settings.iter().any(|d| d.key == key) {
            let mut d =
                Diagnostic::error(Code::Setting, s.key.span.clone(), format!("`{}` has no setting `{key}`", name.node));
            let keys: Vec<&str> = def.settings.iter().map(|d| d.key).collect();
            d = match (suggest(key, keys.iter().copied()), keys.is_empty()) {
                (Some(k), _) => d.with_hint(format!("did you mean `{k}`?")),
                (None, true) => d.with_hint(format!("`{}` takes no settings", name.node)),
                (None, false) => d.with_hint(format!("its settings are {}", keys.join(", "))),
            };
            return Err(Box::new(d));
        }
        if let Some(first) = settings[..i].iter().find(|t| t.key.node == key) {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, s.key.span.clone(), format!("the setting `{key}` is given twice"))
                    .with_label(first.key.span.clone(), "first given here")
                    .with_hint("give each setting once"),
            ));
        }
    }
    Ok(())
}

/// Declares each row file of a hub as a module and lists its rows, in the order given (the
/// order completion and the book's reference list them), so that adding a ruleset or a
/// function is its own file and one line in its hub:
///
/// ```text
/// rows! { RulesetDef => boxes: [ROW], octal: [OCTAL, KAYLES], }
/// ```
///
/// declares `mod boxes; mod octal;` and `pub(crate) static ROWS: &[RulesetDef] =
/// &[boxes::ROW, octal::OCTAL, octal::KAYLES];`. A file may be given a visibility
/// (`pub(crate) misere: [GENUS]`) when other modules use more of it than its rows.
macro_rules! rows {
    ($ty:ty => $($vis:vis $file:ident: [$($row:ident),+ $(,)?]),+ $(,)?) => {
        $($vis mod $file;)+
        /// Every row, in the order completion lists them.
        pub(crate) static ROWS: &[$ty] = &[$($($file::$row),+),+];
    };
}
pub(crate) use rows;
