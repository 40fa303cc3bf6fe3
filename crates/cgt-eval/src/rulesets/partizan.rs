//! Partizan rulesets: boxes (Hackenbush strings), coloured trees, Toppling Dominoes and
//! Domineering. Their values are canonical games; positions also list their moves in their own
//! notation (for hovers and `options(...)`).

use cgt_core::Budget;
use cgt_rules::boxes;
use cgt_rules::domineering::{Board, BoardError};
use cgt_rules::toppling::{self, Toppling};
use cgt_rules::tree::{Colour, Tree};
use cgt_syntax::{Diagnostic, NestedWord, RuleArg, RuleArgKind, Ruleset, Span, Spanned};

use super::{bad_arg, u64_arg, words};
use crate::Session;
use crate::value::{EvalResult, Value};

/// Positions with more moves than this do not list them.
const MOVES_LIMIT: usize = 64;

impl Session {
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

    /// `tree[B(R, B(B)), R]`.
    pub(crate) fn tree(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let tree = build_tree(&r.args)?;
        if self.is_top(span) && tree.len() <= MOVES_LIMIT {
            let show = |ts: Vec<Tree>| ts.iter().map(Tree::to_notation).collect();
            self.moves = Some((show(tree.left_options()), show(tree.right_options())));
        }
        self.lift(span, budget, |games, b| tree.game(games, b)).map(Value::Game)
    }

    /// `toppling[BWWB]`, rows separated by `.` being a sum.
    pub(crate) fn toppling(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let ws = words(&r.args, "a row of dominoes is a word of B, W and G", "toppling[BWWB]")?;
        let text = ws.iter().map(|w| w.node.as_str()).collect::<Vec<_>>().join(".");
        let position = toppling::Position::parse(&text).map_err(|bad| {
            // Find the word the bad letter is in, for a precise span.
            let mut at = bad.offset;
            let mut span = ws[0].span.clone();
            for w in &ws {
                if at < w.node.len() {
                    span = w.span.start + at..w.span.start + at + 1;
                    break;
                }
                at -= w.node.len() + 1;
            }
            Box::new(
                Diagnostic::error("argument", span, format!("`{}` is not a domino colour", bad.letter))
                    .with_hint("dominoes are B (black, Left), W (white, Right) or G (green, either)"),
            )
        })?;
        if self.is_top(span) {
            let show = |ps: Vec<toppling::Position>| ps.iter().map(toppling::Position::to_notation).collect();
            let (l, rt) = (position.left_options(), position.right_options());
            if l.len() + rt.len() <= MOVES_LIMIT {
                self.moves = Some((show(l), show(rt)));
            }
        }
        let table = self.toppling.get_or_insert_with(Toppling::new);
        let games = &mut self.games;
        table
            .position_game(games, &position, budget)
            .map(Value::Game)
            .map_err(|e| crate::value::gave_up(e, span.clone(), budget))
    }

    /// `domineering[3x4]` or `domineering["..#.", "...."]`.
    pub(crate) fn domineering(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let example = r#"domineering[3x4] or domineering["..#.", "...."]"#;
        let board = match r.args.as_slice() {
            [RuleArg { kind: RuleArgKind::Dims(a, b), span: s }] => {
                let size = |x: &str| x.parse::<usize>().ok().filter(|&n| n <= 1024);
                let (Some(rows), Some(cols)) = (size(a), size(b)) else {
                    return Err(bad_arg(s, "board sizes go up to 1024x1024", example));
                };
                Board::empty(rows, cols)
            }
            args if !args.is_empty() && args.iter().all(|a| matches!(a.kind, RuleArgKind::Str(_))) => {
                let rows: Vec<&str> = args
                    .iter()
                    .filter_map(|a| if let RuleArgKind::Str(s) = &a.kind { Some(s.as_str()) } else { None })
                    .collect();
                Board::from_rows(&rows).map_err(|e| {
                    let (row, msg) = match e {
                        BoardError::Ragged { row } => {
                            (row, "every row must have the same length as the first".to_string())
                        }
                        BoardError::BadCell { row, letter, .. } => (
                            row,
                            format!("`{letter}` is not a cell: use `.` for a free cell and `#` for an occupied one"),
                        ),
                    };
                    Box::new(Diagnostic::error("argument", args[row.min(args.len() - 1)].span.clone(), msg))
                })?
            }
            _ => return Err(bad_arg(&r.name.span, "a board is `RxC` or a list of rows in quotes", example)),
        };
        if self.is_top(span) {
            let (l, rt) = (board.left_options(), board.right_options());
            if l.len() + rt.len() <= MOVES_LIMIT {
                let show = |bs: Vec<Board>| bs.iter().map(Board::to_notation).collect();
                self.moves = Some((show(l), show(rt)));
            }
        }
        let table = self.domineering.get_or_insert_with(cgt_rules::domineering::Domineering::new);
        let games = &mut self.games;
        table
            .board_game(games, &board, budget)
            .map(Value::Game)
            .map_err(|e| crate::value::gave_up(e, span.clone(), budget))
    }
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
                    "tree[B(R, B(B)), R]",
                ));
            }
        };
        // Words come in pre-order, so a word's parent edge is always added before it.
        let mut edges: Vec<usize> = Vec::with_capacity(words.len());
        for w in words {
            let mut letters = w.word.chars();
            let colour = match (letters.next().and_then(Colour::from_letter), letters.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(Box::new(
                        Diagnostic::error("argument", w.span.clone(), format!("`{}` is not an edge colour", w.word))
                            .with_hint(
                                "edges are B (blue, Left), R (red, Right) or G (green, either), one letter each",
                            ),
                    ));
                }
            };
            edges.push(tree.add_edge(w.parent.map(|p| edges[p]), colour));
        }
    }
    Ok(tree)
}

/// Reads a heap list of `u64` values (shared by the impartial rulesets).
pub(crate) fn heaps(args: &[RuleArg], example: &str) -> EvalResult<Vec<u64>> {
    args.iter().map(|a| u64_arg(a, "a heap is a non-negative whole number", example)).collect()
}
