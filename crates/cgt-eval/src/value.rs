//! The values a statement can produce, and how a session describes them in a report.

use cgt_core::game::{GameId, Outcome};
use cgt_core::thermo::{self, Thermograph};
use cgt_core::{Budget, Dyadic, Exhausted};
use cgt_syntax::{Code, Diagnostic};
use num_bigint::BigInt;

use crate::Session;
use crate::context::Computed;
use crate::pictures::{Picture, TreeNode};
use crate::report::{Details, StmtReport};

/// Game trees with more nodes than this are not drawn in hovers.
const TREE_NODES: usize = 40;

/// A value computed by an expression (docs/src/reference/printed-forms.md, "Outcome classes").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short partizan game, canonical, in the session's arena.
    Game(GameId),
    /// A number that a function computed about a game (a stop, mean, temperature): it is
    /// reported without an outcome class, and acts as that number in sums and checks.
    Number(Dyadic),
    /// A plain whole number that is not a game (a score, a count, a Grundy value): it compares
    /// with numbers, but is never silently taken for the game of the same name.
    Integer(BigInt, Quantity),
    /// An outcome class, from `outcome(G)` or Moore's Nim.
    Outcome(Outcome),
    /// The Left and Right options of a game's canonical form, from `options(G)`.
    Options(Vec<GameId>, Vec<GameId>),
    /// A thermograph, from `thermograph(G)`.
    Thermograph(Box<Thermograph>),
    /// Win, loss or draw for the player to move (games on graphs).
    Play(PlayOutcome),
    /// A list of values.
    List(Vec<Value>),
    /// The pre-period and period of a Grundy sequence.
    Period(u64, u64),
    /// The moves of a ruleset position, as positions in its own notation with their values.
    Moves(MoveList),
    /// Text, one or more lines: an explanation, an uptimal expansion, a misère form, a genus,
    /// a misère quotient; a truth value,
    /// a string or a tuple from a definition.
    Text(String),
    /// A loopy game: a stopper, a game that is not a stopper, or a game on a graph.
    Loopy(crate::loopy::Loopy),
}

/// What a plain whole number counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// A score of a scoring game (first player's total minus the second's).
    Score,
    /// A count (of boxes, of games).
    Count,
    /// A Grundy value (nim value) of an impartial game.
    Grundy,
    /// The birthday of a game.
    Birthday,
    /// A whole number.
    Integer,
}

impl Quantity {
    /// The quantity with an article: "a score", "a Grundy value".
    pub fn describe(self) -> &'static str {
        match self {
            Quantity::Score => "a score",
            Quantity::Count => "a count",
            Quantity::Grundy => "a Grundy value",
            Quantity::Birthday => "a birthday",
            Quantity::Integer => "a whole number",
        }
    }
}

/// The moves of a ruleset position: each is its notation and, where it was computed, its value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// Left's moves.
    pub left: Vec<(String, Option<String>)>,
    /// Right's moves.
    pub right: Vec<(String, Option<String>)>,
}

/// The result of a game on a graph for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayOutcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Loss,
    /// Neither player can force a win.
    Draw,
}

impl PlayOutcome {
    /// `win`, `loss` or `draw`, as the language writes it.
    pub fn name(self) -> &'static str {
        match self {
            PlayOutcome::Win => "win",
            PlayOutcome::Loss => "loss",
            PlayOutcome::Draw => "draw",
        }
    }
}

/// The most characters of a result shown (in the CLI, the editor and the playground alike); a
/// longer result is cut, with a note of how much was left out. Checks compare the values
/// themselves, never the text shown.
pub const MAX_SHOWN: usize = 100_000;

/// `text`, cut to [`MAX_SHOWN`] characters with a note if it is longer.
pub(crate) fn cut_for_display(text: String) -> String {
    let Some((at, _)) = text.char_indices().nth(MAX_SHOWN) else { return text };
    let left_out = text[at..].chars().count();
    format!("{}… ({left_out} more characters not shown: the result is too long to show in full)", &text[..at])
}

/// The error type of evaluation: a diagnostic, boxed to keep results small.
pub(crate) type EvalResult<T> = Result<T, Box<Diagnostic>>;

/// The hint every "gave up" warning carries.
const RAISE: &str = "raise the budget with `cgt eval --budget 60s,8GiB`, or evaluate a smaller position";

/// Turns an exhausted budget into the "gave up" warning for the statement at `span`.
pub(crate) fn gave_up(e: Exhausted, span: cgt_syntax::Span, budget: &Budget) -> Box<Diagnostic> {
    let what = match e {
        Exhausted::Time => match budget.time() {
            Some(t) => format!("the time budget of {}", human_duration(t)),
            None => "the time budget".to_string(),
        },
        Exhausted::Memory => format!("the memory budget of {}", human_bytes(budget.memory())),
        Exhausted::Cancelled => "its budget (cancelled)".to_string(),
    };
    gave_up_because(span, format!("evaluating this exceeded {what}"), RAISE)
}

/// The "gave up" warning for a computation that reached one of its limits (`reason`).
pub(crate) fn gave_up_because(span: cgt_syntax::Span, reason: impl std::fmt::Display, hint: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Budget, span, format!("gave up: {reason}")).warning().with_hint(hint))
}

fn human_duration(t: std::time::Duration) -> String {
    if t.as_millis().is_multiple_of(1000) { format!("{} s", t.as_secs()) } else { format!("{} ms", t.as_millis()) }
}

fn human_bytes(b: usize) -> String {
    const GIB: usize = 1 << 30;
    const MIB: usize = 1 << 20;
    if b.is_multiple_of(GIB) { format!("{} GiB", b / GIB) } else { format!("{} MiB", b.div_ceil(MIB)) }
}

/// Every outcome the language writes, with what it means: the one list that checks, hovers
/// and completion read.
pub const OUTCOMES: &[(&str, &str)] = &[
    ("L", "Left wins whoever starts"),
    ("R", "Right wins whoever starts"),
    ("P", "the second player wins"),
    ("N", "the first player wins"),
    ("D", "a draw whoever starts (loopy games)"),
    ("PHat", "a draw when Left starts, Left wins when Right starts (loopy games)"),
    ("PCheck", "Right wins when Left starts, a draw when Right starts (loopy games)"),
    ("NHat", "Left wins when Left starts, a draw when Right starts (loopy games)"),
    ("NCheck", "a draw when Left starts, Right wins when Right starts (loopy games)"),
    ("win", "the player to move wins (games on graphs)"),
    ("loss", "the player to move loses (games on graphs)"),
    ("draw", "neither player can force a win (games on graphs)"),
];

/// A sentence describing an outcome (`L`, `R`, `P`, `N`, `win`, `loss`, `draw`).
pub fn outcome_meaning(o: &str) -> &'static str {
    OUTCOMES.iter().find(|(name, _)| *name == o).map_or("not an outcome", |(_, m)| m)
}

impl Session {
    /// Prints a value.
    pub(crate) fn show(&mut self, v: &Value) -> String {
        let style = self.style();
        match v {
            Value::Game(g) => self.games.display(*g, style),
            Value::Number(x) => x.to_string(),
            Value::Integer(n, _) => n.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Thermograph(t) => t.to_text(),
            Value::Play(p) => p.name().to_string(),
            Value::List(items) => {
                let shown: Vec<String> = items.iter().map(|i| self.show(i)).collect();
                format!("[{}]", shown.join(", "))
            }
            Value::Text(t) => t.clone(),
            Value::Period(pre, per) => format!("period {per} from heap {pre}"),
            Value::Loopy(l) => self.show_loopy(l),
            Value::Moves(m) => {
                let side = |ms: &[(String, Option<String>)]| -> Vec<String> {
                    ms.iter()
                        .map(|(n, v)| match v {
                            Some(v) if v != n => format!("{n} (= {v})"),
                            _ => n.clone(),
                        })
                        .collect()
                };
                format!("Left: {}; Right: {}", list_or_none(&side(&m.left)), list_or_none(&side(&m.right)))
            }
            Value::Options(l, r) => {
                let mut side = |ids: &[GameId]| ids.iter().map(|&g| self.games.display(g, style)).collect::<Vec<_>>();
                let (l, r) = (side(l), side(r));
                format!("Left: {}; Right: {}", list_or_none(&l), list_or_none(&r))
            }
        }
    }

    /// Fills the value, outcome, extras and details of a report.
    pub(crate) fn describe(&mut self, c: Computed, report: &mut StmtReport, budget: &Budget) -> EvalResult<Value> {
        let Computed { value: v, mut extras, moves, mut pictures, warnings } = c;
        report.diagnostics.extend(warnings);
        report.value = Some(cut_for_display(self.show(&v)));
        report.extras.append(&mut extras);
        report.pictures.append(&mut pictures);
        match &v {
            Value::Outcome(o) => report.outcome = Some(o.to_string()),
            Value::Play(p) => report.outcome = Some(p.name().to_string()),
            Value::Thermograph(t) => {
                report.pictures.push(Picture { kind: "thermograph", svg: t.to_svg(&report.source).into() })
            }
            Value::Loopy(l) => self.describe_loopy(l, report, budget)?,
            Value::Game(g) => {
                let g = *g;
                let o = self.games.outcome(g, budget).map_err(|e| gave_up(e, report.span.clone(), budget))?;
                report.outcome = Some(o.to_string());
                if self.config.pictures {
                    self.pictures(g, report, budget);
                }
                if self.config.details {
                    let mut details = self.details(g, budget);
                    details.moves = moves.map(|m| (m.left, m.right));
                    report.details = Some(std::sync::Arc::new(details));
                }
            }
            _ => {}
        }
        Ok(v)
    }

    /// The thermograph of `g` (if it fits in the budget) and its game tree (if it is small and
    /// not a single node).
    fn pictures(&mut self, g: GameId, report: &mut StmtReport, budget: &Budget) {
        if self.games.has_huge_options(g) {
            return;
        }
        if let Ok(t) = thermo::thermograph(&mut self.games, g, budget) {
            report.pictures.push(Picture { kind: "thermograph", svg: t.to_svg(&report.source).into() });
        }
        // A number or a nimber is a tree of one node: nothing worth drawing.
        if let Some(nodes) = self.tree_nodes(g).filter(|n| n.len() > 1) {
            report
                .pictures
                .push(Picture { kind: "tree", svg: crate::pictures::tree_svg(&nodes, &report.source).into() });
        }
    }

    /// Options, stops, temperature and (for small games) the game tree of `g`. Parts that do
    /// not fit in the budget are left out.
    fn details(&mut self, g: GameId, budget: &Budget) -> Details {
        let style = self.style();
        if self.games.has_huge_options(g) {
            // `x + *n` with a huge n: its options cannot be listed, and its stops are x.
            return Details { birthday: self.games.birthday(g), ..Details::default() };
        }
        let (l, r) = (self.games.left_options(g), self.games.right_options(g));
        let left = l.iter().map(|&x| self.games.display(x, style)).collect();
        let right = r.iter().map(|&x| self.games.display(x, style)).collect();
        let temperature = (|| -> Result<[String; 4], cgt_core::Exhausted> {
            Ok([
                thermo::left_stop(&mut self.games, g, budget)?.to_string(),
                thermo::right_stop(&mut self.games, g, budget)?.to_string(),
                thermo::mean(&mut self.games, g, budget)?.to_string(),
                thermo::temperature(&mut self.games, g, budget)?.to_string(),
            ])
        })()
        .ok();
        let birthday = self.games.birthday(g);
        let tree = self.game_tree(g);
        Details { left, right, temperature, birthday, tree, moves: None }
    }

    /// The game tree of a small game (at most [`TREE_NODES`] nodes), numbers and nimbers as
    /// leaves: node 0 is `g`, each node's Left children come before its Right children.
    pub(crate) fn tree_nodes(&mut self, g: GameId) -> Option<Vec<TreeNode>> {
        let style = self.style();
        let mut nodes: Vec<TreeNode> = Vec::new();
        let mut games = vec![g];
        let mut i = 0;
        while i < games.len() {
            if games.len() > TREE_NODES {
                return None;
            }
            let x = games[i];
            let mut node = TreeNode { label: self.games.display(x, style), children: Vec::new() };
            let leaf = self.games.as_number(x).is_some()
                || self.games.nim_value(x).is_some()
                || self.games.has_huge_options(x);
            if !leaf {
                let left = self.games.left_options(x).into_iter().map(|c| (c, true));
                for (c, is_left) in left.chain(self.games.right_options(x).into_iter().map(|c| (c, false))) {
                    node.children.push((games.len(), is_left));
                    games.push(c);
                }
            }
            nodes.push(node);
            i += 1;
        }
        (games.len() <= TREE_NODES).then_some(nodes)
    }

    /// The game tree of a small game drawn with box-drawing characters.
    fn game_tree(&mut self, g: GameId) -> Option<String> {
        let nodes = self.tree_nodes(g)?;
        let mut out = String::new();
        // (node, prefix for its children, label before it, is it the last child, is it the root)
        let mut stack = vec![(0usize, String::new(), "", true, true)];
        while let Some((v, prefix, label, last, root)) = stack.pop() {
            let shown = &nodes[v].label;
            if root {
                out.push_str(shown);
            } else {
                out.push_str(&format!("\n{prefix}{}{label}{shown}", if last { "└─ " } else { "├─ " }));
            }
            let child_prefix =
                if root { String::new() } else { format!("{prefix}{}", if last { "   " } else { "│  " }) };
            let n = nodes[v].children.len();
            for (i, &(c, left)) in nodes[v].children.iter().enumerate().rev() {
                stack.push((c, child_prefix.clone(), if left { "L: " } else { "R: " }, i + 1 == n, false));
            }
        }
        Some(out)
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}
