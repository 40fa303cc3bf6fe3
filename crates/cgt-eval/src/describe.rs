//! Values as the statement's report shows them: printing a value, and describing a statement's
//! result (its value, outcome class, extras, details and pictures).

use cgt_core::Budget;
use cgt_core::game::GameId;
use cgt_core::thermo;

use crate::context::{Computed, Ctx};
use crate::pictures::{OptionShown, Picture, TreeNode, notation_svg, options_svg};
use crate::report::{Details, StmtReport};
use crate::session::Session;
use crate::value::{EvalResult, Value, cut_for_display, gave_up};

/// Game trees with more nodes than this are not drawn in hovers.
const TREE_NODES: usize = 40;

/// Game trees with more nodes than this are not drawn for LaTeX (they would not fit the page).
const TIKZ_TREE_NODES: usize = 15;

/// The most options of each side drawn beside their values.
const OPTION_PICTURES: usize = 8;
/// A position whose picture is wider or taller than this (in pixels: a board of 8 x 8 cells,
/// any graph) is not small, and its options are not drawn.
const SMALL_PICTURE: f64 = 260.0;
/// The most moves a position may have for its options to be drawn.
const OPTIONS_LISTED: usize = 64;
/// The most time valuing and drawing the options may take beside the statement.
const OPTIONS_TIME: std::time::Duration = std::time::Duration::from_millis(300);

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
        report.value = Some(cut_for_display(self.show(&v), self.config.full));
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
                if self.config.tikz {
                    self.tikz_pictures(g, report, budget);
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

    /// With `Config::details` (the editor), the options of a small position drawn as `svg` as a
    /// picture beside their values (`pictures/options.rs`), after the position's picture. At
    /// most [`OPTION_PICTURES`] a side; nothing is added if valuing them does not fit in
    /// [`OPTIONS_TIME`].
    pub(crate) fn option_pictures(&mut self, e: &cgt_syntax::Expr, svg: &str, report: &mut StmtReport, ctx: &Ctx) {
        if !self.config.details || report.details.is_none() || !small_picture(svg) {
            return;
        }
        let time = ctx.budget.time().map_or(OPTIONS_TIME, |t| t.min(OPTIONS_TIME));
        let budget = Budget::with_cancel(time, ctx.budget.memory(), ctx.budget.cancel_flag());
        let inner = Ctx { budget: &budget, src: ctx.src, top: None, moves: false };
        let Ok(Some(moves)) = self.position_moves(e, OPTIONS_LISTED, &inner) else { return };
        let mut shown = |moves: &[String]| -> Option<Vec<OptionShown>> {
            let mut out = Vec::new();
            for notation in moves.iter().take(OPTION_PICTURES) {
                let g = self.game_of_notation(notation, &inner).ok()?;
                let value = self.games.display(g, self.style());
                out.push(OptionShown { svg: notation_svg(notation), notation: notation.clone(), value });
            }
            Some(out)
        };
        let (Some(left), Some(right)) = (shown(&moves.left), shown(&moves.right)) else { return };
        let more = (moves.left.len() - left.len(), moves.right.len() - right.len());
        let at = report.pictures.iter().position(|p| p.kind == "position").map_or(0, |i| i + 1);
        report.pictures.insert(at, Picture { kind: "options", svg: options_svg(&left, &right, more).into() });
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

    /// The TikZ pictures of `g` for `cgt eval --tex`: its thermograph if it is not a number (and
    /// fits in the budget), and its game tree if that is small and not a single node.
    fn tikz_pictures(&mut self, g: GameId, report: &mut StmtReport, budget: &Budget) {
        if self.games.has_huge_options(g) || self.games.as_number(g).is_some() {
            return;
        }
        if let Ok(t) = thermo::thermograph(&mut self.games, g, budget) {
            report.tikz.push(("thermograph", t.to_tikz()));
        }
        if let Some(nodes) = self.tree_nodes(g).filter(|n| n.len() > 1 && n.len() <= TIKZ_TREE_NODES) {
            // The labels as `tex(G)` writes values: from the ASCII form.
            let math =
                |label: &str| crate::functions::latex(&label.replace('↑', "^").replace('↓', "v").replace('±', "+-"));
            report.tikz.push(("tree", crate::pictures::tree_tikz(&nodes, math)));
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

/// Whether a position picture is small enough for its options to be drawn: its view box is at
/// most [`SMALL_PICTURE`] wide and tall.
fn small_picture(svg: &str) -> bool {
    let Some(view) = svg.split("viewBox=\"").nth(1).and_then(|v| v.split('"').next()) else { return false };
    let dims: Vec<f64> = view.split(' ').filter_map(|v| v.parse().ok()).collect();
    matches!(dims.as_slice(), [_, _, w, h] if *w <= SMALL_PICTURE && *h <= SMALL_PICTURE)
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}
