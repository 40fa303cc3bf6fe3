//! Impartial games as the language writes them — nimbers, impartial game literals, sums, heap
//! rulesets and impartial ruleset positions — read from the syntax into exact game trees, and
//! their misère canonical forms (cgt-core's `misere`), for `misere G`, `genus`, `mate`,
//! `miserenim` and the compounds.
//!
//! The arena of partizan canonical forms cannot serve here: there every impartial game is a
//! nimber, which is right for normal play only (`{*2|*2}` is 0, a misère N-position, while the
//! game itself is a misère P-position). So the expression is read as written: a literal's
//! options are read in turn, a position's moves are followed by their notation, a heap is
//! unfolded by its rule. A name or a call stands for its value, whose canonical form is all
//! the session holds; impartial values are nimbers, and a nimber is its own misère form.
//!
//! Trees are hash-consed by their sets of options, so equal trees have equal ids, a literal is
//! impartial exactly when its Left and Right options are the same trees, and every fold over a
//! tree (misère form, compound quantities) is memoised per id.

use std::collections::HashMap;

use cgt_core::misere::{MisereGames, MisereId};
use cgt_core::{Budget, Exhausted};
use cgt_rules::heap::{Component, HeapRule};
use cgt_syntax::{Code, Diagnostic, Expr, ExprKind, Span};
use num_bigint::BigUint;

use crate::context::Ctx;
use crate::registry::AnyPosition;
use crate::rulesets::heaps;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up, gave_up_because};

/// The largest nimber unfolded into a tree (`*n` has n options, so its tree costs n²/2).
pub(crate) const NIMBER_TREE_LIMIT: u64 = 1024;

/// The largest heap of a non-Nim rule unfolded into a tree.
pub(crate) const HEAP_TREE_LIMIT: u64 = 64;

/// The deepest tree kept (its birthday): folds over trees recurse this deep.
const MAX_BIRTHDAY: u32 = 4096;

/// The arena's size beyond which it is emptied before the next statement uses it.
const ARENA_BYTES: usize = 256 << 20;

/// An exact impartial game tree in the session's [`Trees`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct TreeId(u32);

/// One part of an impartial sum, as written.
#[derive(Clone, Debug)]
pub(crate) enum Part {
    /// A heap of a heap ruleset (kept for the fast rules of cgt-rules).
    Heap(Component),
    /// A nimber, of any size.
    Nimber(BigUint),
    /// Any other impartial game, as its tree.
    Tree(TreeId),
}

/// Hash-consed impartial game trees and their misère canonical forms, kept across statements.
#[derive(Default)]
pub(crate) struct Trees {
    options: Vec<Box<[TreeId]>>,
    birthdays: Vec<u32>,
    index: HashMap<Box<[TreeId]>, TreeId>,
    sums: HashMap<(TreeId, TreeId), TreeId>,
    nimbers: Vec<TreeId>,
    heaps: HashMap<String, Vec<TreeId>>,
    /// The misère forms of heaps 0, 1, 2, ... of each rule, built from the forms of smaller
    /// heaps (a heap's tree has a node per position it reaches, its form far fewer).
    heap_forms: HashMap<String, Vec<MisereId>>,
    positions: HashMap<String, Option<TreeId>>,
    /// The misère canonical forms.
    pub misere: MisereGames,
    forms: HashMap<TreeId, MisereId>,
    bytes: usize,
}

impl Trees {
    /// The tree with these options (any order, repeats allowed).
    pub fn node(&mut self, opts: &[TreeId], budget: &Budget) -> Result<TreeId, Exhausted> {
        let mut set = opts.to_vec();
        set.sort_unstable();
        set.dedup();
        if let Some(&id) = self.index.get(set.as_slice()) {
            return Ok(id);
        }
        budget.check()?;
        let birthday = 1 + set.iter().map(|&o| self.birthdays[o.0 as usize]).max().unwrap_or(0);
        if birthday > MAX_BIRTHDAY {
            return Err(Exhausted::Memory);
        }
        let id = TreeId(u32::try_from(self.options.len()).map_err(|_| Exhausted::Memory)?);
        self.bytes += 64 + 8 * set.len();
        budget.check_memory(self.bytes)?;
        let set: Box<[TreeId]> = set.into();
        self.options.push(set.clone());
        self.birthdays.push(birthday);
        self.index.insert(set, id);
        Ok(id)
    }

    /// The options of a tree.
    pub fn options(&self, t: TreeId) -> &[TreeId] {
        &self.options[t.0 as usize]
    }

    /// The nim heap `*n` as a tree.
    pub fn nimber(&mut self, n: u64, budget: &Budget) -> Result<TreeId, Exhausted> {
        if self.nimbers.is_empty() {
            let zero = self.node(&[], budget)?;
            self.nimbers.push(zero);
        }
        while (self.nimbers.len() as u64) <= n {
            let opts = self.nimbers.clone();
            let next = self.node(&opts, budget)?;
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// The disjunctive sum of two trees.
    pub fn add(&mut self, a: TreeId, b: TreeId, budget: &Budget) -> Result<TreeId, Exhausted> {
        let zero = self.nimber(0, budget)?;
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut opts = Vec::new();
        for o in self.options(a).to_vec() {
            opts.push(self.add(o, b, budget)?);
        }
        for o in self.options(b).to_vec() {
            opts.push(self.add(a, o, budget)?);
        }
        let s = self.node(&opts, budget)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The tree of a heap of `heap` under `rule` (each option the sum of the heaps it leaves).
    pub fn heap(&mut self, rule: &HeapRule, heap: u64, budget: &Budget) -> Result<TreeId, Exhausted> {
        if *rule == HeapRule::Nim {
            return self.nimber(heap, budget);
        }
        let key = format!("{rule:?}");
        let mut done = self.heaps.remove(&key).unwrap_or_default();
        let result = (|| {
            while (done.len() as u64) <= heap {
                let mut opts = Vec::new();
                for parts in rule.heap_options(done.len() as u64) {
                    let mut t = self.nimber(0, budget)?;
                    for p in parts {
                        t = self.add(t, done[p as usize], budget)?;
                    }
                    opts.push(t);
                }
                let t = self.node(&opts, budget)?;
                done.push(t);
            }
            Ok(done[heap as usize])
        })();
        self.heaps.insert(key, done);
        result
    }

    /// The misère canonical form of a heap of `heap` under `rule`: the form whose options are
    /// the sums of the forms of the heaps each move leaves (memoised per rule).
    pub fn heap_form(&mut self, rule: &HeapRule, heap: u64, budget: &Budget) -> Result<MisereId, Exhausted> {
        if *rule == HeapRule::Nim {
            let n = u32::try_from(heap).map_err(|_| Exhausted::Memory)?;
            return self.misere.nimber(n, budget);
        }
        let key = format!("{rule:?}");
        let mut done = self.heap_forms.remove(&key).unwrap_or_default();
        let result = (|| {
            while (done.len() as u64) <= heap {
                let mut opts = Vec::new();
                for parts in rule.heap_options(done.len() as u64) {
                    let forms: Vec<MisereId> = parts.iter().map(|&p| done[p as usize]).collect();
                    opts.push(self.misere.sum(&forms, budget)?);
                }
                let f = self.misere.from_options(&opts, budget)?;
                done.push(f);
                self.bytes += 8;
            }
            Ok(done[heap as usize])
        })();
        self.heap_forms.insert(key, done);
        result
    }

    /// The misère canonical form of a tree (memoised).
    pub fn form(&mut self, t: TreeId, budget: &Budget) -> Result<MisereId, Exhausted> {
        if let Some(&f) = self.forms.get(&t) {
            return Ok(f);
        }
        let mut opts = Vec::new();
        for o in self.options(t).to_vec() {
            opts.push(self.form(o, budget)?);
        }
        let f = self.misere.from_options(&opts, budget)?;
        self.forms.insert(t, f);
        Ok(f)
    }

    /// The tree of a ruleset position, or `None` if some follower is not impartial (its Left
    /// and Right moves differ). Positions are memoised by their notation.
    fn position(&mut self, p: &dyn AnyPosition, budget: &Budget) -> Result<Option<TreeId>, Exhausted> {
        let key = p.notation();
        if let Some(&known) = self.positions.get(&key) {
            return Ok(known);
        }
        budget.check()?;
        let (left, right) = (p.left(), p.right());
        let mut ls: Vec<String> = left.iter().map(|q| q.notation()).collect();
        let mut rs: Vec<String> = right.iter().map(|q| q.notation()).collect();
        ls.sort_unstable();
        rs.sort_unstable();
        let mut result = None;
        if ls == rs {
            let mut opts = Vec::with_capacity(left.len());
            for q in &left {
                match self.position(q.as_ref(), budget)? {
                    Some(t) => opts.push(t),
                    None => {
                        opts.clear();
                        break;
                    }
                }
            }
            if opts.len() == left.len() {
                result = Some(self.node(&opts, budget)?);
            }
        }
        self.bytes += 64 + key.len();
        self.positions.insert(key, result);
        Ok(result)
    }
}

impl Session {
    /// The arena of impartial trees, emptied first if it has grown too large.
    pub(crate) fn trees(&mut self) -> &mut Trees {
        let t = self.table::<Trees>();
        if t.bytes > ARENA_BYTES {
            *t = Trees::default();
        }
        t
    }

    /// The parts of an impartial game as written, or `None` if some part is not impartial.
    pub(crate) fn impartial_parts(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Option<Vec<Part>>> {
        match &e.node {
            ExprKind::Sum(first, rest) => {
                // For impartial games, G - H = G + H.
                let mut out = Vec::new();
                for t in std::iter::once(first.as_ref()).chain(rest.iter().map(|(_, t)| t)) {
                    match self.impartial_parts(t, ctx)? {
                        Some(mut p) => out.append(&mut p),
                        None => return Ok(None),
                    }
                }
                Ok(Some(out))
            }
            ExprKind::Game { left, right } => {
                let mut sides = [Vec::new(), Vec::new()];
                for (side, opts) in sides.iter_mut().zip([left, right]) {
                    for o in opts {
                        let Some(parts) = self.impartial_parts(o, ctx)? else { return Ok(None) };
                        side.push(self.tree_of(&parts, &o.span, ctx)?);
                    }
                    side.sort_unstable();
                    side.dedup();
                }
                if sides[0] != sides[1] {
                    return Ok(None);
                }
                let t = self.trees().node(&sides[0], ctx.budget).map_err(|x| too_big(x, &e.span, ctx))?;
                Ok(Some(vec![Part::Tree(t)]))
            }
            ExprKind::MisereForm(text) => Ok(Some(vec![Part::Tree(self.misere_form_tree(text, &e.span, ctx)?)])),
            ExprKind::Boxes(words) => {
                // Bare box words are `boxes[...]`: played as written, not by their value.
                let r = crate::rulesets::args::bare_boxes(words, &e.span);
                self.impartial_parts(&Expr { node: ExprKind::Ruleset(r), span: e.span.clone() }, ctx)
            }
            ExprKind::Ruleset(r) => {
                if let Some(rule) = self.position_rule(r) {
                    let rule = rule?;
                    let sizes = heaps(&r.args, "nim[3, 4]")?;
                    return Ok(Some(
                        sizes.into_iter().map(|heap| Part::Heap(Component { rule: rule.clone(), heap })).collect(),
                    ));
                }
                if self.is_partizan_rule(&r.name.node) {
                    // A partizan user rule's position is a game value, like a call of a `def`.
                    return self.value_parts(e, ctx);
                }
                let def = crate::rows::find_ruleset(&r.name)?;
                let Some(read) = def.position else { return self.value_parts(e, ctx) };
                crate::registry::check_settings(def, &r.name, &r.settings)?;
                let p = read(r)?;
                let t = self.trees().position(p.as_ref(), ctx.budget).map_err(|x| too_big(x, &e.span, ctx))?;
                Ok(t.map(|t| vec![Part::Tree(t)]))
            }
            _ => self.value_parts(e, ctx),
        }
    }

    /// An expression's value as an impartial part: a nimber, or `None` for other games.
    fn value_parts(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Option<Vec<Part>>> {
        let v = self.eval(e, ctx)?;
        let g = match v {
            Value::Number(x) if x.is_zero() => return Ok(Some(vec![Part::Nimber(BigUint::default())])),
            v => self.as_game(v, e, ctx)?,
        };
        Ok(self.games.nim_value_big(g).map(|n| vec![Part::Nimber(n)]))
    }

    /// The game a misère canonical form is written for, as a tree (its options as written).
    fn misere_form_tree(&mut self, text: &str, span: &Span, ctx: &Ctx) -> EvalResult<TreeId> {
        use cgt_core::misere::ReadError;
        let trees = self.trees();
        let g = trees.misere.read(text, ctx.budget).map_err(|e| match e {
            ReadError::Budget(x) => too_big(x, span, ctx),
            ReadError::Syntax(what, at) => {
                let at = span.start + at.min(text.len());
                Box::new(
                    Diagnostic::error(Code::Syntax, at..at + 1, format!("{what} in the misère form `{text}`"))
                        .with_hint("misère forms are written as cgt prints them (`*[2#0]`, `*[2[2]]`) or as CGSuite reads them (`*[4,2]`, `*[[2],2,1,0]`)"),
                )
            }
            ReadError::NoDifference(at) => {
                let at = span.start + at.min(text.len());
                Box::new(Diagnostic::error(
                    Code::Argument,
                    at..at + 1,
                    format!("no game G with G + *i equal to the game before `-` was found in `{text}`"),
                ))
            }
        })?;
        let mut memo = HashMap::new();
        let mut stack = vec![g];
        // Options before the games that have them, without recursion.
        while let Some(&top) = stack.last() {
            if memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let opts = trees.misere.options(top).to_vec();
            let missing: Vec<MisereId> = opts.iter().copied().filter(|o| !memo.contains_key(o)).collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let children: Vec<TreeId> = opts.iter().map(|o| memo[o]).collect();
            let t = trees.node(&children, ctx.budget).map_err(|x| too_big(x, span, ctx))?;
            memo.insert(top, t);
            stack.pop();
        }
        Ok(memo[&g])
    }

    /// The tree of a sum of parts (nimbers and heaps unfolded, when small enough).
    pub(crate) fn tree_of(&mut self, parts: &[Part], span: &Span, ctx: &Ctx) -> EvalResult<TreeId> {
        let budget = ctx.budget;
        let mut acc = self.trees().nimber(0, budget).map_err(|x| too_big(x, span, ctx))?;
        for p in parts {
            let t = self.part_tree(p, span, ctx)?;
            acc = self.trees().add(acc, t, budget).map_err(|x| too_big(x, span, ctx))?;
        }
        Ok(acc)
    }

    /// The tree of one part.
    pub(crate) fn part_tree(&mut self, p: &Part, span: &Span, ctx: &Ctx) -> EvalResult<TreeId> {
        let budget = ctx.budget;
        let r = match p {
            Part::Tree(t) => Ok(*t),
            Part::Nimber(n) => match u64::try_from(n).ok().filter(|&n| n <= NIMBER_TREE_LIMIT) {
                Some(n) => self.trees().nimber(n, budget),
                None => return Err(too_large(span, &format!("the nimber *{n}"), NIMBER_TREE_LIMIT)),
            },
            Part::Heap(c) if c.rule == HeapRule::Nim || c.heap <= HEAP_TREE_LIMIT => {
                if c.heap > NIMBER_TREE_LIMIT {
                    return Err(too_large(span, &format!("the Nim heap {}", c.heap), NIMBER_TREE_LIMIT));
                }
                self.trees().heap(&c.rule, c.heap, budget)
            }
            Part::Heap(c) => return Err(too_large(span, &format!("the heap {}", c.heap), HEAP_TREE_LIMIT)),
        };
        r.map_err(|x| too_big(x, span, ctx))
    }

    /// The misère canonical form of a sum of parts.
    pub(crate) fn misere_form(&mut self, parts: &[Part], span: &Span, ctx: &Ctx) -> EvalResult<MisereId> {
        let budget = ctx.budget;
        let mut acc = self.trees().misere.zero();
        for p in parts {
            if let Part::Heap(c) = p
                && c.rule != HeapRule::Nim
                && c.heap <= HEAP_TREE_LIMIT
            {
                let trees = self.trees();
                let f = trees.heap_form(&c.rule, c.heap, budget).map_err(|x| gave_up(x, span.clone(), budget))?;
                acc = trees.misere.add(acc, f, budget).map_err(|x| gave_up(x, span.clone(), budget))?;
                continue;
            }
            let t = self.part_tree(p, span, ctx)?;
            let trees = self.trees();
            let f = trees.form(t, budget).map_err(|x| gave_up(x, span.clone(), budget))?;
            acc = trees.misere.add(acc, f, budget).map_err(|x| gave_up(x, span.clone(), budget))?;
        }
        Ok(acc)
    }

    /// The parts of an impartial game, or an error saying it is not impartial.
    pub(crate) fn impartial_arg(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Vec<Part>> {
        self.impartial_parts(e, ctx)?.ok_or_else(|| {
            let text = &ctx.src[e.span.clone()];
            Box::new(
                Diagnostic::error(Code::Type, e.span.clone(), format!("`{text}` is not impartial")).with_hint(
                    "misère forms are defined for impartial games: nimbers, heaps, {A, B | A, B}, sums of them",
                ),
            )
        })
    }
}

/// A tree that ran past the budget or the depth kept.
fn too_big(x: Exhausted, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    gave_up(x, span.clone(), ctx.budget)
}

/// A part too large to unfold into a tree.
fn too_large(span: &Span, what: &str, limit: u64) -> Box<Diagnostic> {
    gave_up_because(
        span.clone(),
        format!("{what} is too large to unfold into a game tree (at most {limit})"),
        "sums of Nim heaps and nimbers of any size are decided by the misère Nim rule; use smaller parts elsewhere",
    )
}

#[cfg(test)]
mod tests {
    use cgt_core::Budget;
    use cgt_rules::heap::HeapRule;
    use cgt_rules::octal::OctalCode;
    use cgt_rules::subtraction::SubtractionGame;

    use super::Trees;

    /// A heap's form built from the forms of smaller heaps is the form of its whole tree.
    #[test]
    fn heap_forms_are_the_forms_of_the_heap_trees() {
        let budget = Budget::unlimited();
        let rules = [
            HeapRule::Octal(OctalCode::kayles()),
            HeapRule::Octal(OctalCode::dawson()),
            HeapRule::Octal(OctalCode::parse("0.137").unwrap()),
            HeapRule::Octal(OctalCode::parse("4.7").unwrap()),
            HeapRule::Subtraction(SubtractionGame::new(&[1, 3, 4]).unwrap()),
            HeapRule::Nim,
        ];
        for rule in &rules {
            let mut trees = Trees::default();
            for n in 0..=13 {
                let by_parts = trees.heap_form(rule, n, &budget).unwrap();
                let tree = trees.heap(rule, n, &budget).unwrap();
                let by_tree = trees.form(tree, &budget).unwrap();
                assert_eq!(by_parts, by_tree, "{rule:?} heap {n}");
            }
        }
    }
}
