//! Contest rulesets whose answers are not game values: the deque's score, games on graphs
//! (win, loss, draw, or a score) and the largest fair choice of box piles.

use cgt_core::{Budget, Dyadic};
use cgt_rules::boxes;
use cgt_rules::deque::{self, End};
use cgt_rules::fair::{self, FairError};
use cgt_rules::graph::{self, Graph, GraphOutcome};
use cgt_syntax::{Diagnostic, RuleArgKind, Ruleset, Span};

use super::{bad_arg, bad_setting, i64_arg, setting, setting_arg, setting_list, u64_arg, words};
use crate::Session;
use crate::value::{EvalResult, PlayOutcome, Value, gave_up};

/// Vertices listed one by one in a hover at most.
const HOVER_VERTICES: usize = 60;

impl Session {
    /// `deque[10, 80, 90, 30]`: the first player's best score difference, and the first move.
    pub(crate) fn deque(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let example = "deque[10, 80, 90, 30]";
        let values: Vec<i64> =
            r.args.iter().map(|a| i64_arg(a, "deque entries are whole numbers", example)).collect::<Result<_, _>>()?;
        let sol = deque::solve(&values, budget).map_err(|e| gave_up(e, span.clone(), budget))?;
        if self.is_top(span)
            && let Some(end) = sol.first_move
        {
            let (side, v) = match end {
                End::Left => ("the left end", values[0]),
                End::Right => ("the right end", values[values.len() - 1]),
            };
            self.extras.push(("first move".into(), format!("take {side} ({v})")));
        }
        Ok(Value::Number(Dyadic::integer(sol.difference)))
    }

    /// `graph[1->2, 2->3] from=1`, optionally with `values=[...]` (the scoring variant).
    pub(crate) fn graph(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let example = "graph[1->2, 2->3, 3->1, 3->4] from=1";
        let mut edges = Vec::new();
        for a in &r.args {
            let RuleArgKind::Edge(x, y) = &a.kind else {
                return Err(bad_arg(&a.span, "a graph is a list of edges `from->to`", example));
            };
            let parse =
                |s: &str| s.parse::<u64>().map_err(|_| bad_arg(&a.span, "vertex numbers must be below 2^64", example));
            edges.push((parse(x)?, parse(y)?));
        }
        let from = setting(r, "from")
            .and_then(setting_arg)
            .map(|a| u64_arg(a, "`from` is a vertex number", example))
            .transpose()?
            .ok_or_else(|| bad_setting(r, "from", example))?;
        let g = Graph::new(&[from], &edges);
        let start = g.index(from).unwrap_or(0);
        if let Some(values) = setting(r, "values") {
            return self.graph_scores(r, &g, start, values, span, budget);
        }
        let outcomes = graph::outcomes(&g, budget).map_err(|e| gave_up(e, span.clone(), budget))?;
        if self.is_top(span) {
            let shown: Vec<String> = g
                .labels()
                .iter()
                .zip(&outcomes)
                .take(HOVER_VERTICES)
                .map(|(v, o)| format!("{v}: {}", play(*o).name()))
                .collect();
            let more = if g.len() > HOVER_VERTICES { format!(", … ({} vertices)", g.len()) } else { String::new() };
            self.extras.push(("vertices".into(), format!("{}{more}", shown.join(", "))));
        }
        Ok(Value::Play(play(outcomes[start])))
    }

    fn graph_scores(
        &mut self,
        r: &Ruleset,
        g: &Graph,
        start: usize,
        values: &cgt_syntax::Setting,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<Value> {
        let example = "graph[1->2, 2->1] from=1 values=[3, -1] stop";
        let list = setting_list(values).ok_or_else(|| bad_setting(r, "values", example))?;
        let mut by_label: Vec<i64> =
            list.iter().map(|a| i64_arg(a, "vertex values are whole numbers", example)).collect::<Result<_, _>>()?;
        // Values are listed for vertices 1, 2, 3, ... in order of their numbers.
        let mut labels: Vec<u64> = g.labels().to_vec();
        labels.sort_unstable();
        if by_label.len() != labels.len() {
            return Err(Box::new(
                Diagnostic::error(
                    "setting",
                    values.key.span.clone(),
                    format!("the graph has {} vertices but {} values were given", labels.len(), by_label.len()),
                )
                .with_hint("give one value per vertex, in increasing order of the vertex numbers"),
            ));
        }
        let ordered: Vec<i64> = g.labels().iter().map(|l| by_label[labels.binary_search(l).unwrap_or(0)]).collect();
        by_label.clear();
        let scores = graph::stop_scores(g, &ordered, budget)
            .map_err(|e| Box::new(Diagnostic::error("budget", span.clone(), format!("gave up: {e:?}")).warning()))?;
        Ok(Value::Number(Dyadic::integer(scores.max_to_move[start])))
    }

    /// `fair[B, W, WB, WB]`: the most boxes in a choice of piles worth 0 together.
    pub(crate) fn fair(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let ws = words(&r.args, "a box pile is a word of B and W", "fair[B, W, WB, WB]")?;
        let mut piles = Vec::with_capacity(ws.len());
        for w in &ws {
            let pile = boxes::parse_pile(&w.node)
                .map_err(|_| bad_arg(&w.span, "a box pile is a word of B and W", "fair[B, W, WB]"))?;
            piles.push(pile);
        }
        let choice = fair::fairest(&piles, budget).map_err(|e| match e {
            FairError::Green { pile } => Box::new(
                Diagnostic::error("argument", ws[pile].span.clone(), "green boxes are not allowed in `fair`")
                    .with_hint("a fair choice needs piles that are numbers: black and white boxes only"),
            ),
            FairError::Exhausted(x) => gave_up(x, span.clone(), budget),
            other => Box::new(Diagnostic::error("argument", span.clone(), format!("{other:?}"))),
        })?;
        if self.is_top(span) {
            let chosen: Vec<&str> = choice.piles.iter().map(|&i| ws[i].node.as_str()).collect();
            let shown = if chosen.is_empty() { "none".to_string() } else { chosen.join(".") };
            self.extras.push(("chosen piles".into(), shown));
        }
        Ok(Value::Number(Dyadic::integer(choice.boxes as i64)))
    }
}

fn play(o: GraphOutcome) -> PlayOutcome {
    match o {
        GraphOutcome::Win { .. } => PlayOutcome::Win,
        GraphOutcome::Loss { .. } => PlayOutcome::Loss,
        GraphOutcome::Draw => PlayOutcome::Draw,
    }
}
