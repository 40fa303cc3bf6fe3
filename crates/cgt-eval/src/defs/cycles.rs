//! Definitions whose positions repeat (docs/src/howto/define.md): the calls reached are the positions of
//! a loopy game (Siegel, *Combinatorial Game Theory*, ch. VI; Winning Ways ch. 11).
//!
//! A call that is an option of a game literal (or a position in a partizan rule's lists) and
//! is still being evaluated (on the driver's stack), or whose game is still being built, is a
//! move to that call's position: the literal becomes a [`Shape`] (its options: calls, values and
//! nested literals) instead of a game. A call whose body gives a shape is *open*: it is kept
//! beside the memo, and when its value is needed (by a use that needs a whole value, or when the
//! outermost call ends) the shapes reachable from it are joined into one `LoopyGraph`, short
//! games and loopy values embedded by their positions, and made a value exactly as a loopy
//! literal is (`Session::finish`: a stopper in simplest form, a short game when it has no cycle,
//! else its sides `G & H`). A use that needs a value while the calls it reaches are still being
//! evaluated (`f(n) + 1`, a comparison, a condition, an argument, a list) is an error: a loopy
//! game has a value only as a whole.

use std::collections::HashMap;
use std::sync::Arc;

use cgt_core::Exhausted;
use cgt_core::game::GameId;
use cgt_core::loopy::graph::{LoopyGraph, Player};
use cgt_core::loopy::sides::Side;
use cgt_syntax::{Code, Span};

use super::compile::CExpr;
use super::machine::{Machine, fail};
use super::{DVal, Fail, LoopyVal, Stop};
use crate::context::Ctx;
use crate::loopy::{Loopy, append, side_graph};
use crate::value::Value;

/// A call: a definition and its arguments.
pub(crate) type Key = (usize, Vec<DVal>);

type R<T> = Result<T, Stop>;

/// A position of a loopy game being built: its root and the positions of the game literals
/// nested in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    root: Part,
    nodes: Vec<Node>,
    span: Span,
}

/// The options of one game literal of a shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    left: Vec<Part>,
    right: Vec<Part>,
}

/// What an option moves to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Part {
    /// The position of a call still being evaluated, or whose game is still being built.
    Call(Key),
    /// A game literal of the same shape.
    Node(usize),
    /// A game or a loopy game.
    Value(DVal),
    /// The position of the labelled literal of this number, until that literal closes.
    Label(usize),
}

impl Part {
    fn shifted(&self, by: usize) -> Part {
        match self {
            Part::Node(j) => Part::Node(j + by),
            other => other.clone(),
        }
    }
}

impl Shape {
    /// The game literal with these options (each a value, a shape or a call's position), and
    /// `pass` for Left or Right: a move to the literal's own node.
    fn literal(left: Vec<DVal>, right: Vec<DVal>, pass: (bool, bool), span: &Span) -> Shape {
        let mut nodes = vec![Node { left: Vec::new(), right: Vec::new() }];
        let part = |v: DVal, nodes: &mut Vec<Node>| match v {
            DVal::Shape(s) => {
                let base = nodes.len();
                let moved = s.nodes.iter().map(|n| Node {
                    left: n.left.iter().map(|p| p.shifted(base)).collect(),
                    right: n.right.iter().map(|p| p.shifted(base)).collect(),
                });
                nodes.extend(moved);
                s.root.shifted(base)
            }
            other => Part::Value(other),
        };
        let mut left: Vec<Part> = left.into_iter().map(|v| part(v, &mut nodes)).collect();
        let mut right: Vec<Part> = right.into_iter().map(|v| part(v, &mut nodes)).collect();
        if pass.0 {
            left.push(Part::Node(0));
        }
        if pass.1 {
            right.push(Part::Node(0));
        }
        nodes[0] = Node { left, right };
        Shape { root: Part::Node(0), nodes, span: span.clone() }
    }

    /// A move to the position of the labelled literal `label` around it (not yet closed).
    pub(super) fn label(label: usize, span: &Span) -> Shape {
        Shape { root: Part::Label(label), nodes: Vec::new(), span: span.clone() }
    }

    /// Whether a position of the shape moves to a call's position, or to a labelled literal's
    /// position still open: it cannot be made a game yet.
    fn has_calls(&self) -> bool {
        let open = |p: &Part| matches!(p, Part::Call(_) | Part::Label(_));
        let mut parts = self.nodes.iter().flat_map(|n| n.left.iter().chain(&n.right));
        open(&self.root) || parts.any(open)
    }

    /// Closes the label `label`: its moves go to the literal's own node (node 0).
    fn close_label(&mut self, label: usize) {
        for node in &mut self.nodes {
            for p in node.left.iter_mut().chain(node.right.iter_mut()) {
                if *p == Part::Label(label) {
                    *p = Part::Node(0);
                }
            }
        }
    }

    /// The memory a shape is counted for.
    pub fn bytes(&self) -> usize {
        64 + self.nodes.iter().map(|n| 48 * (1 + n.left.len() + n.right.len())).sum::<usize>()
    }
}

/// A graph being joined from shapes, for one side of the sided values in it.
struct Build {
    graph: LoopyGraph,
    /// The position of each call placed so far.
    at: HashMap<Key, usize>,
    /// Open calls whose positions are made but whose shapes are not placed yet.
    todo: Vec<(Arc<Shape>, usize)>,
    shorts: HashMap<GameId, usize>,
    /// The position of each loopy value embedded so far (by its allocation: a memoised value
    /// reached from many positions is embedded once, so the graph stays as large as the
    /// game's positions).
    loopies: HashMap<usize, usize>,
    side: Side,
    /// Whether a sided value was embedded (so the graph is built again for the offside).
    sided: bool,
}

impl Machine<'_> {
    /// An option of a game literal: a call is evaluated first unless its position is already
    /// being built (then it is a move to that position); an `if` chooses its branch.
    pub(super) fn option_value(&mut self, e: &CExpr, frame: &mut Vec<DVal>) -> R<DVal> {
        match e {
            CExpr::Call(d, args) => {
                let vs = args.iter().map(|x| self.eval(x, frame)).collect::<R<Vec<_>>>()?;
                self.option_call((*d, vs))
            }
            CExpr::LabelRef(label, span) => Ok(DVal::Shape(Arc::new(Shape::label(*label, span)))),
            CExpr::If(c, a, b, span) => match self.eval(c, frame)? {
                DVal::Bool(true) => self.option_value(a, frame),
                DVal::Bool(false) => self.option_value(b, frame),
                _ => Err(fail(span, "the condition of `if` must be true or false")),
            },
            _ => self.eval_raw(e, frame),
        }
    }

    /// A call as an option: its value, or its position when it is being evaluated or built.
    pub(super) fn option_call(&mut self, key: Key) -> R<DVal> {
        if let Some(v) = self.defs.memo.get(&key) {
            return Ok(v.clone());
        }
        if self.defs.open.contains_key(&key) || self.defs.pending.contains(&key) {
            return Ok(DVal::Shape(Arc::new(Shape { root: Part::Call(key), nodes: Vec::new(), span: 0..0 })));
        }
        Err(Stop::Miss(key.0, key.1))
    }

    /// The game with these options, and a move to itself for Left or Right (`pass`): a short
    /// game when they all are, else a loopy game (or a shape, while some option is a call
    /// still being evaluated).
    pub(super) fn game_of(&mut self, left: Vec<DVal>, right: Vec<DVal>, pass: (bool, bool), span: &Span) -> R<DVal> {
        self.labelled_game_of(left, right, pass, None, span)
    }

    /// [`Machine::game_of`] for a literal labelled `label`, whose moves to the label go to
    /// the literal itself.
    pub(super) fn labelled_game_of(
        &mut self,
        left: Vec<DVal>,
        right: Vec<DVal>,
        pass: (bool, bool),
        label: Option<usize>,
        span: &Span,
    ) -> R<DVal> {
        let short = !pass.0 && !pass.1;
        if short && left.iter().chain(&right).all(|v| !matches!(v, DVal::Shape(_) | DVal::Loopy(_))) {
            let lg = left.iter().map(|v| self.as_game(v, span)).collect::<R<Vec<_>>>()?;
            let rg = right.iter().map(|v| self.as_game(v, span)).collect::<R<Vec<_>>>()?;
            let g = self.s.games.from_options(&lg, &rg, self.budget).map_err(Stop::Budget)?;
            return Ok(DVal::game(&self.s.games, g));
        }
        let mut shape = Shape::literal(left, right, pass, span);
        if let Some(l) = label {
            shape.close_label(l);
        }
        if shape.has_calls() { Ok(DVal::Shape(Arc::new(shape))) } else { self.resolve(None, &shape) }
    }

    /// A value where a whole value is needed: a shape becomes the game it describes, or an
    /// error if it reaches a call still being evaluated.
    pub(super) fn settle(&mut self, v: DVal) -> R<DVal> {
        match v {
            DVal::Shape(s) => self.resolve(None, &s),
            v => Ok(v),
        }
    }

    /// The value of an open call, memoised.
    pub(super) fn resolve_open(&mut self, key: Key) -> R<DVal> {
        let Some(shape) = self.defs.open.get(&key).cloned() else {
            return Err(Stop::Miss(key.0, key.1));
        };
        let v = self.resolve(Some(&key), &shape)?;
        self.defs.open.remove(&key);
        self.defs.memo.insert(key, v.clone());
        Ok(v)
    }

    /// The value at the root of `shape` (the position of the call `key`, if given): the graph
    /// of every position it reaches, made a value as a loopy literal is.
    fn resolve(&mut self, key: Option<&Key>, shape: &Shape) -> R<DVal> {
        let mut graphs = Vec::with_capacity(2);
        for side in [Side::On, Side::Off] {
            let b = self.build(key, shape, side)?;
            graphs.push(b.graph);
            if !b.sided {
                break;
            }
        }
        let ctx = Ctx { budget: self.budget, src: "", top: None, moves: false };
        let span = &shape.span;
        let value = if let [on, off] = graphs.as_slice() {
            self.s.finish_sides(on, off, span, &ctx)
        } else {
            self.s.finish(graphs.swap_remove(0), span, &ctx)
        };
        match value {
            Ok(Value::Game(g)) => Ok(DVal::game(&self.s.games, g)),
            Ok(Value::Loopy(l)) => Ok(DVal::Loopy(LoopyVal(Arc::new(l)))),
            Ok(_) => Err(fail(span, "this loopy game did not give a game")),
            Err(d) => {
                // A budget diagnostic is the clock's when the deadline has passed, else memory's.
                self.budget.check_now().map_err(Stop::Budget)?;
                if d.code == Code::Budget {
                    return Err(Stop::Budget(Exhausted::Memory));
                }
                Err(fail(span, &d.message))
            }
        }
    }

    fn build(&mut self, key: Option<&Key>, shape: &Shape, side: Side) -> R<Build> {
        let mut b = Build {
            graph: LoopyGraph::default(),
            at: HashMap::new(),
            todo: Vec::new(),
            shorts: HashMap::new(),
            loopies: HashMap::new(),
            side,
            sided: false,
        };
        let root = b.graph.add_position();
        if let Some(k) = key {
            b.at.insert(k.clone(), root);
        }
        self.place(&mut b, shape, root)?;
        while let Some((s, at)) = b.todo.pop() {
            self.budget.check().map_err(Stop::Budget)?;
            self.budget.check_memory(b.graph.len().saturating_mul(96)).map_err(Stop::Budget)?;
            self.place(&mut b, &s, at)?;
        }
        Ok(b)
    }

    /// Adds the positions of `shape` to the graph, its root at position `root`.
    fn place(&mut self, b: &mut Build, shape: &Shape, root: usize) -> R<()> {
        let Part::Node(r) = shape.root else {
            let msg = "a position of this loopy game is only another call's position, with no options of its own";
            return Err(fail(&shape.span, msg));
        };
        let pos: Vec<usize> =
            (0..shape.nodes.len()).map(|j| if j == r { root } else { b.graph.add_position() }).collect();
        for (j, node) in shape.nodes.iter().enumerate() {
            for (player, parts) in [(Player::Left, &node.left), (Player::Right, &node.right)] {
                for p in parts {
                    let w = self.target(b, p, &pos, &shape.span)?;
                    b.graph.add_option(player, pos[j], w).expect("both are positions");
                }
            }
        }
        Ok(())
    }

    /// The position an option moves to.
    fn target(&mut self, b: &mut Build, part: &Part, pos: &[usize], span: &Span) -> R<usize> {
        let key = match part {
            Part::Node(j) => return Ok(pos[*j]),
            Part::Value(v) => return self.embed(b, v, span),
            Part::Call(key) => key,
            Part::Label(_) => return Err(fail(span, "a label names a position of its own game literal only")),
        };
        if let Some(&w) = b.at.get(key) {
            return Ok(w);
        }
        let w = if let Some(v) = self.defs.memo.get(key).cloned() {
            self.embed(b, &v, span)?
        } else if let Some(s) = self.defs.open.get(key).cloned() {
            let w = b.graph.add_position();
            b.todo.push((s, w));
            w
        } else {
            return Err(self.needs_own_value(key));
        };
        b.at.insert(key.clone(), w);
        Ok(w)
    }

    /// Adds the positions of a game or a loopy game (its `b.side` if sided).
    fn embed(&mut self, b: &mut Build, v: &DVal, span: &Span) -> R<usize> {
        let l = match v {
            DVal::Loopy(l) => l.clone(),
            _ => {
                let g = self.as_game(v, span)?;
                if let Some(&w) = b.shorts.get(&g) {
                    return Ok(w);
                }
                let w = b.graph.add_short(&mut self.s.games, g, self.budget).map_err(Stop::Budget)?;
                b.shorts.insert(g, w);
                return Ok(w);
            }
        };
        let key = Arc::as_ptr(&l.0) as usize;
        if let Some(&w) = b.loopies.get(&key) {
            return Ok(w);
        }
        let w = match &*l.0 {
            Loopy::Stopper(s) => append(&mut b.graph, s.graph()),
            Loopy::Sided(s) => {
                b.sided = true;
                append(&mut b.graph, side_graph(s, b.side))
            }
            Loopy::Unsided(g) => append(&mut b.graph, g),
            Loopy::Impartial(_) => {
                return Err(fail(
                    span,
                    "a game on a graph (an impartial loopy game) cannot be an option of a game literal",
                ));
            }
        };
        b.loopies.insert(key, w);
        Ok(w)
    }

    /// The error for a call whose value is needed while it is still being evaluated.
    pub(super) fn needs_own_value(&mut self, key: &Key) -> Stop {
        let shown = self.show_call(key.0, &key.1);
        Stop::Fail(Box::new(Fail {
            span: 0..0,
            message: format!(
                "{shown} needs its own value: it is reached again through a use that needs a whole value (an \
                 operation such as `+`, a comparison, a condition, an argument or a list), not only as an option \
                 of a game literal, so the loopy game it describes cannot be built"
            ),
            chain: Vec::new(),
        }))
    }
}
