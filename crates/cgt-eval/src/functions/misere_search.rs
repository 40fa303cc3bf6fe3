//! Partizan games under misère play (`misere toppling[BW]`, `misere domineering[2x3]`,
//! `misere {1|0}`): the outcome by search over the positions, since misère partizan games have
//! no usable canonical theory here. Misère play depends on the form of a game, not on its
//! normal-play value (`misere BBBBW.WW` is N although `BBBBW.WW` = 15/16 - 2), so the search
//! plays the positions as written: ruleset positions (bare box words too) by their moves, game
//! literals by their options as written, negations with the sides exchanged; only values given
//! by name or number (`1/2`, `^`) are taken in canonical form. A sum is searched as a whole:
//! each state is the list of its components, memoised by their notations (positions), ids
//! (canonical forms), trees (impartial parts) or structure (literals), sorted since the sum is
//! commutative. A player who cannot move wins.

use std::collections::HashMap;
use std::rc::Rc;

use cgt_core::Outcome;
use cgt_core::game::GameId;
use cgt_syntax::{Code, Diagnostic, Expr, ExprKind, Span, SumOp, UnaryOp};

use super::impartial::TreeId;
use crate::context::{Computed, Ctx};
use crate::registry::AnyPosition;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up, gave_up_because};

/// The most states the search remembers.
const MAX_STATES: usize = 2_000_000;

/// The longest play searched (the search recurses once per move).
const MAX_DEPTH: usize = 1000;

/// A component of a partizan sum.
#[derive(Clone)]
enum Comp {
    /// A ruleset position, followed by its moves.
    Position(Rc<dyn AnyPosition>),
    /// A game value, followed by its canonical form's options.
    Game(GameId),
    /// An impartial game as written.
    Tree(TreeId),
    /// A game literal as written: each option is a sum of components.
    Form(Rc<Form>),
    /// A ruleset position with Left and Right exchanged (`-domineering[2x3]`).
    Negated(Rc<dyn AnyPosition>),
}

/// A game literal as written, with a key that identifies its structure.
struct Form {
    key: String,
    left: Vec<Vec<Comp>>,
    right: Vec<Vec<Comp>>,
}

/// The most nodes a literal's form may have (its key is built from them).
const MAX_FORM_KEY: usize = 1 << 16;

/// Why the search stopped.
enum Stop {
    Budget(cgt_core::Exhausted),
    Limit(String),
}

impl Session {
    /// `misere G` for a partizan G: its outcome by search.
    pub(crate) fn misere_search(&mut self, operand: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        let comps = self.partizan_parts(operand, ctx)?;
        let mut depth = 0u64;
        for c in &comps {
            if let Comp::Game(g) = c {
                if self.games.has_huge_options(*g) {
                    return Err(too_large(&operand.span, "a game with a huge nimber"));
                }
                depth += self.games.birthday(*g);
            }
        }
        if depth > MAX_DEPTH as u64 {
            return Err(too_large(&operand.span, &format!("play of up to {depth} moves")));
        }
        let mut search = Search { memo: HashMap::new() };
        let left = search.wins(self, &comps, true, 0, ctx);
        let right = left.and_then(|l| search.wins(self, &comps, false, 0, ctx).map(|r| (l, r)));
        let (left, right) = right.map_err(|stop| match stop {
            Stop::Budget(x) => gave_up(x, operand.span.clone(), ctx.budget),
            Stop::Limit(what) => too_large(&operand.span, &what),
        })?;
        let outcome = match (left, right) {
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
        };
        Ok(Computed::plain(Value::Outcome(outcome))
            .with_extra("rule", "search over the positions (partizan misère play: who cannot move wins)")
            .with_extra("positions searched", search.memo.len().to_string()))
    }

    /// The components of a partizan sum.
    fn partizan_parts(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Vec<Comp>> {
        if let ExprKind::Sum(first, rest) = &e.node {
            if let Some((op, _)) = rest.iter().find(|(op, _)| op.node == SumOp::Sub) {
                return Err(Box::new(
                    Diagnostic::error(Code::Type, op.span.clone(), "misère play of a difference is not defined here")
                        .with_hint("under misère play G - H is not a sum of G and H's negative; write the sum of the positions"),
                ));
            }
            let mut out = self.partizan_parts(first, ctx)?;
            for (_, t) in rest {
                out.extend(self.partizan_parts(t, ctx)?);
            }
            return Ok(out);
        }
        if let ExprKind::Boxes(words) = &e.node {
            let r = crate::rulesets::args::bare_boxes(words, &e.span);
            let e = Expr { node: ExprKind::Ruleset(r), span: e.span.clone() };
            return self.partizan_parts(&e, ctx);
        }
        if let ExprKind::Ruleset(r) = &e.node
            && let Some(def) = crate::rows::ruleset(&r.name.node)
            && let Some(read) = def.position
        {
            crate::registry::check_settings(def, &r.name, &r.settings)?;
            return Ok(vec![Comp::Position(Rc::from(read(r)?))]);
        }
        if let Some(parts) = self.impartial_parts(e, ctx)? {
            return Ok(vec![Comp::Tree(self.tree_of(&parts, &e.span, ctx)?)]);
        }
        if let ExprKind::Game { left, right } = &e.node {
            return Ok(vec![Comp::Form(self.literal_form(left, right, &e.span, ctx)?)]);
        }
        if let ExprKind::Unary(ops, inner) = &e.node
            && let Some((last, rest)) = ops.split_last()
            && last.node == UnaryOp::Neg
        {
            let inner = if rest.is_empty() {
                inner.as_ref().clone()
            } else {
                Expr { node: ExprKind::Unary(rest.to_vec(), inner.clone()), span: e.span.clone() }
            };
            let parts = self.partizan_parts(&inner, ctx)?;
            let negated = parts.into_iter().map(|c| negate(self, c, ctx.budget)).collect::<Result<Vec<_>, _>>();
            return negated.map_err(|x| gave_up(x, e.span.clone(), ctx.budget));
        }
        let g = self.game(e, ctx)?;
        Ok(vec![Comp::Game(g)])
    }

    /// The form of a game literal `{L | R}` as written.
    fn literal_form(&mut self, left: &[Expr], right: &[Expr], span: &Span, ctx: &Ctx) -> EvalResult<Rc<Form>> {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, opts) in sides.iter_mut().zip([left, right]) {
            for o in opts {
                side.push(self.partizan_parts(o, ctx)?);
            }
        }
        let [left, right] = sides;
        let key = form_key(&left, &right);
        if key.len() > MAX_FORM_KEY {
            return Err(too_large(span, "a literal of more than 65,536 characters of structure"));
        }
        Ok(Rc::new(Form { key, left, right }))
    }
}

/// A ruleset position with Left and Right exchanged.
struct Negation(Rc<dyn AnyPosition>);

/// A component with Left and Right exchanged.
fn negate(s: &mut Session, c: Comp, budget: &cgt_core::Budget) -> Result<Comp, cgt_core::Exhausted> {
    Ok(match c {
        Comp::Position(p) => Comp::Negated(p),
        Comp::Negated(p) => Comp::Position(p),
        Comp::Game(g) => Comp::Game(s.games.neg(g, budget)?),
        Comp::Tree(t) => Comp::Tree(t),
        Comp::Form(f) => {
            let mut sides = [Vec::new(), Vec::new()];
            for (out, side) in sides.iter_mut().zip([&f.right, &f.left]) {
                for o in side {
                    out.push(o.iter().map(|c| negate(s, c.clone(), budget)).collect::<Result<Vec<_>, _>>()?);
                }
            }
            let [left, right] = sides;
            Comp::Form(Rc::new(Form { key: form_key(&left, &right), left, right }))
        }
    })
}

/// The structural key of a literal with these options.
fn form_key(left: &[Vec<Comp>], right: &[Vec<Comp>]) -> String {
    let side = |opts: &[Vec<Comp>]| opts.iter().map(|o| keys(o).join("+")).collect::<Vec<_>>().join(",");
    format!("{{{}|{}}}", side(left), side(right))
}

impl Negation {
    /// The options of the negated position for one player: the other player's, negated.
    fn options(&self, left: bool) -> Vec<Comp> {
        let ps = if left { self.0.right() } else { self.0.left() };
        ps.into_iter().map(|q| Comp::Negated(Rc::from(q))).collect()
    }
}

/// The memoised search.
struct Search {
    memo: HashMap<(Vec<String>, bool), bool>,
}

impl Search {
    /// Whether the player to move (Left if `left`) wins the sum under misère play.
    fn wins(&mut self, s: &mut Session, comps: &[Comp], left: bool, depth: usize, ctx: &Ctx) -> Result<bool, Stop> {
        let key = (keys(comps), left);
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        ctx.budget.check().map_err(Stop::Budget)?;
        if depth > MAX_DEPTH {
            return Err(Stop::Limit(format!("play longer than {MAX_DEPTH} moves")));
        }
        if self.memo.len() >= MAX_STATES {
            return Err(Stop::Limit(format!("more than {MAX_STATES} positions")));
        }
        let mut moved = false;
        let mut win = false;
        'outer: for i in 0..comps.len() {
            for o in options(s, &comps[i], left) {
                moved = true;
                let mut next = comps[..i].to_vec();
                next.extend(o);
                next.extend_from_slice(&comps[i + 1..]);
                if !self.wins(s, &next, !left, depth + 1, ctx)? {
                    win = true;
                    break 'outer;
                }
            }
        }
        let w = win || !moved;
        self.memo.insert(key, w);
        Ok(w)
    }
}

/// The options of one component for one player, each a sum of components.
fn options(s: &mut Session, c: &Comp, left: bool) -> Vec<Vec<Comp>> {
    let single = |v: Vec<Comp>| v.into_iter().map(|c| vec![c]).collect();
    match c {
        Comp::Position(p) => {
            let ps = if left { p.left() } else { p.right() };
            single(ps.into_iter().map(|q| Comp::Position(Rc::from(q))).collect())
        }
        Comp::Negated(p) => single(Negation(p.clone()).options(left)),
        Comp::Game(g) => {
            let gs = if left { s.games.left_options(*g) } else { s.games.right_options(*g) };
            single(gs.into_iter().map(Comp::Game).collect())
        }
        Comp::Tree(t) => single(s.trees().options(*t).iter().map(|&o| Comp::Tree(o)).collect()),
        Comp::Form(f) => {
            if left {
                f.left.clone()
            } else {
                f.right.clone()
            }
        }
    }
}

/// The memo key of a sum: its components' keys, sorted.
fn keys(comps: &[Comp]) -> Vec<String> {
    let mut k: Vec<String> = comps
        .iter()
        .map(|c| match c {
            Comp::Position(p) => format!("p{}", p.notation()),
            Comp::Game(g) => format!("g{g:?}"),
            Comp::Tree(t) => format!("t{t:?}"),
            Comp::Form(f) => format!("f{}", f.key),
            Comp::Negated(p) => format!("n{}", p.notation()),
        })
        .collect();
    k.sort_unstable();
    k
}

/// A search beyond its limits.
fn too_large(span: &Span, what: &str) -> Box<Diagnostic> {
    gave_up_because(
        span.clone(),
        format!("the misère search would need {what}"),
        "partizan misère outcomes come from search over the positions: use smaller positions",
    )
}
