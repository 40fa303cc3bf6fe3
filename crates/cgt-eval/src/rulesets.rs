//! Ruleset positions (`boxes[...]`, bare box words, `toppling[...]`, ...) to values.

use cgt_core::Budget;
use cgt_rules::boxes;
use cgt_syntax::{Diagnostic, RuleArgKind, Ruleset, Span, Spanned};

use crate::Session;
use crate::names::suggest;
use crate::value::{EvalResult, Value};

/// Every ruleset of the language with its notation and a one-line description.
pub const RULESETS: &[(&str, &str, &str)] = &[
    ("boxes", "boxes[WBBW, BW, BGW]", "Black-and-White boxes (Hackenbush strings), piles bottom to top; G is green"),
    ("tree", "tree[B(R, B(B)), R]", "Blue-Red(-Green) Hackenbush on rooted trees"),
    ("toppling", "toppling[BWWB]", "Toppling Dominoes"),
    ("domineering", "domineering[3x4]", "Domineering: Left places vertical, Right horizontal dominoes"),
    ("nim", "nim[3, 4, 5] k=1", "Nim, or Moore's Nim_k with k=..."),
    ("stones", "stones[22] take=[1, 2, 3]", "a subtraction game"),
    ("octal", "octal[5, 7] code=0.137", "an octal game"),
    ("kayles", "kayles[n, ...]", "Kayles, the octal game 0.77"),
    ("dawson", "dawson[n, ...]", "Dawson's Kayles, the octal game 0.07"),
    ("deque", "deque[10, 80, 90, 30]", "take from either end, scoring"),
    ("graph", "graph[1->2, 2->1] from=1", "a token on a graph, with draws"),
    ("fair", "fair[B, W, WB, WB]", "the largest fair choice of box piles"),
];

/// Whether `name` is a ruleset of the language.
pub(crate) fn is_known(name: &str) -> bool {
    RULESETS.iter().any(|r| r.0 == name)
}

impl Session {
    /// Evaluates a ruleset position.
    pub(crate) fn ruleset(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let Some(&(_, example, what)) = RULESETS.iter().find(|x| x.0 == r.name.node) else {
            let mut d = Diagnostic::error("name", r.name.span.clone(), format!("unknown ruleset `{}`", r.name.node));
            if let Some(s) = suggest(&r.name.node, RULESETS.iter().map(|x| x.0)) {
                d = d.with_hint(format!("did you mean `{s}[...]`?"));
            }
            return Err(Box::new(d));
        };
        if let Some(s) = r.settings.first().filter(|_| r.name.node == "boxes") {
            return Err(Box::new(Diagnostic::error(
                "setting",
                s.key.span.clone(),
                format!("`boxes` has no setting `{}`", s.key.node),
            )));
        }
        match r.name.node.as_str() {
            "boxes" => {
                let mut words = Vec::new();
                for a in &r.args {
                    match &a.kind {
                        RuleArgKind::Word(w, None) => words.push(Spanned::new(w.clone(), a.span.clone())),
                        RuleArgKind::Dotted(ws) => words.extend(ws.iter().cloned()),
                        _ => {
                            return Err(Box::new(
                                Diagnostic::error("argument", a.span.clone(), "a box pile is a word of B, W and G")
                                    .with_hint(format!("for example `{example}`")),
                            ));
                        }
                    }
                }
                self.box_words(&words, span, budget)
            }
            name => Err(Box::new(
                Diagnostic::error(
                    "unsupported",
                    r.name.span.clone(),
                    format!("`{name}[...]` ({what}) is not implemented yet"),
                )
                .with_hint("this ruleset is part of the language and planned; see the README for what works today"),
            )),
        }
    }

    /// The value of box piles `WBBW.BW`: van Roode's rule for black/white piles, the general
    /// engine for piles with green boxes.
    pub(crate) fn box_words(&mut self, words: &[Spanned<String>], span: &Span, budget: &Budget) -> EvalResult<Value> {
        let mut piles = Vec::with_capacity(words.len());
        for w in words {
            let pile = boxes::parse_pile(&w.node).map_err(|bad| {
                let at = w.span.start + bad.offset;
                Box::new(
                    Diagnostic::error(
                        "argument",
                        at..at + bad.letter.len_utf8(),
                        format!("`{}` is not a box colour", bad.letter),
                    )
                    .with_hint(
                        "boxes are B (black, Left), W (white, Right) or G (green, either); `_` alone is an empty pile",
                    ),
                )
            })?;
            piles.push(pile);
        }
        if let Some(x) = boxes::position_value(&piles) {
            return Ok(Value::Game(self.games.number(&x)));
        }
        let mut total = self.games.zero();
        for pile in &piles {
            let g = self.lift(span, budget, |games, b| boxes::pile_game(games, pile, b))?;
            total = self.lift(span, budget, |games, b| games.add(total, g, b))?;
        }
        Ok(Value::Game(total))
    }
}
