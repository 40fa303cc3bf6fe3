//! The bench a function row's law runs on: a session, a random source and the plain search.

use cgt_testkit::Rng;

use cgt_core::Dyadic;
use cgt_core::game::GameId;

use super::common::eval;
use super::trees::{Search, Tree};
use crate::session::Session;
use crate::value::Value;

/// Random cases tried per function row.
pub(super) const TRIALS: usize = 30;

/// A session, a random source and the plain search, shared by one row's trials.
pub(super) struct Lab {
    pub(super) s: Session,
    pub(super) r: Rng,
    pub(super) search: Search,
    /// The row being checked (the compounds share one law).
    pub(super) row: &'static str,
}

impl Lab {
    pub(super) fn new(s: Session, r: Rng, row: &'static str) -> Lab {
        Lab { s, r, search: Search::default(), row }
    }

    /// The text `s.show` gives for `text`'s value.
    pub(super) fn shown(&mut self, text: &str) -> String {
        let v = eval(&mut self.s, text);
        self.s.show(&v)
    }

    /// `a` and `b` have the same value (compared as shown: canonical forms print uniquely).
    pub(super) fn same(&mut self, a: &str, b: &str) {
        let (x, y) = (self.shown(a), self.shown(b));
        assert_eq!(x, y, "`{a}` is {x}, but `{b}` is {y}");
    }

    pub(super) fn game(&mut self, text: &str) -> GameId {
        match eval(&mut self.s, text) {
            Value::Game(g) => g,
            Value::Number(x) => self.s.games.number(&x),
            other => panic!("{text}: not a game but {other:?}"),
        }
    }

    pub(super) fn number(&mut self, text: &str) -> Dyadic {
        match eval(&mut self.s, text) {
            Value::Number(x) => x,
            Value::Game(g) => self.s.games.as_number(g).unwrap_or_else(|| panic!("{text} is not a number")),
            other => panic!("{text}: not a number but {other:?}"),
        }
    }

    pub(super) fn is_number(&mut self, text: &str) -> bool {
        let g = self.game(text);
        self.s.games.as_number(g).is_some()
    }

    /// The canonical form of `g` as a tree, each option written as the engine prints it.
    pub(super) fn tree_of(&mut self, g: GameId) -> Tree {
        let left: Vec<Tree> = self.s.games.left_options(g).into_iter().map(|x| self.tree_of(x)).collect();
        let right: Vec<Tree> = self.s.games.right_options(g).into_iter().map(|x| self.tree_of(x)).collect();
        let mut t = Tree::node(left, right);
        t.text = format!("({})", self.s.games.display(g, Default::default()));
        t
    }

    pub(super) fn random(&mut self, depth: u32) -> Tree {
        Tree::random(&mut self.r, depth)
    }

    pub(super) fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        self.r.pick(items).expect("items")
    }
}
