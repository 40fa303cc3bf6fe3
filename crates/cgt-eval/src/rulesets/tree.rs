//! Blue-Red(-Green) Hackenbush on rooted trees: `tree[B(R, B(B)), R]`.

use cgt_rules::tree::{Colour, Tree};
use cgt_syntax::{Code, Diagnostic, NestedWord, RuleArg, RuleArgKind, Ruleset, Span};

use super::bad_arg;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// The row of `tree`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "tree",
    example: "tree[B(R, B(B)), R]",
    doc: "Blue-Red(-Green) Hackenbush on rooted trees: B blue, R red, G green, edges above an edge in ( )",
    settings: &[],
    returns: Returns::Game,
    limits: "Linear in the number of edges, without recursion, so any depth: blue/red trees as numbers, green \
             trees by the colon principle, mixed trees by ordinal sums bottom up (a path of 10^5 edges takes \
             about 15 ms, BENCHMARKS.md \"tree-path\"). Mixed trees whose values are not numbers, nimbers or \
             small ordinal sums grow with their canonical forms.",
    source: "theory/simplicity.md and theory/sprague-grundy.md; WW ch. 7 (the colon principle); ONAG ch. 15 \
             (ordinal sums); LiP ch. 7.",
    eval,
    heap_rule: None,
    position: Some(|r| build_tree(&r.args).map(|t| Box::new(t) as Box<dyn AnyPosition>)),
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let tree = build_tree(&r.args)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &tree, tree.len()) } else { None };
    let g = s.lift(span, ctx.budget, |games, b| tree.game(games, b))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// Builds a tree from `B(R, B(B)), R` arguments, without recursion.
fn build_tree(args: &[RuleArg]) -> EvalResult<Tree> {
    let mut tree = Tree::new();
    for a in args {
        let single;
        let words: &[NestedWord] = match &a.kind {
            RuleArgKind::Nested(ws) => ws,
            RuleArgKind::Word(w) => {
                single = [NestedWord { word: w.clone(), span: a.span.clone(), parent: None }];
                &single
            }
            _ => {
                return Err(bad_arg(
                    &a.span,
                    "a tree edge is B, R or G, optionally with edges above it in ( )",
                    ROW.example,
                ));
            }
        };
        // Words come in pre-order, so a word's parent edge is always added before it.
        let mut edges: Vec<usize> = Vec::with_capacity(words.len());
        for w in words {
            let mut letters = w.word.chars();
            let colour = match (letters.next().and_then(Colour::from_letter), letters.next()) {
                (Some(c), None) => c,
                _ => return Err(bad_edge(w)),
            };
            edges.push(tree.add_edge(w.parent.map(|p| edges[p]), colour));
        }
    }
    Ok(tree)
}

fn bad_edge(w: &NestedWord) -> Box<Diagnostic> {
    let hint = if w.word.len() > 1 && w.word.chars().all(|c| "BRG".contains(c)) {
        "one letter per edge: write a path as `B(R(R))` and siblings as `B, R`"
    } else if w.word.contains('W') {
        "trees use B (blue), R (red) and G (green); W (white) is for box piles and dominoes"
    } else {
        "edges are B (blue, Left), R (red, Right) or G (green, either), one letter each"
    };
    Box::new(
        Diagnostic::error(Code::Argument, w.span.clone(), format!("`{}` is not an edge colour", w.word))
            .with_hint(hint),
    )
}
