//! Coloured trees: Blue-Red-Green Hackenbush on rooted trees (`tree[B(R, B(B)), R]`).
//!
//! A move deletes an edge of the mover's colour (blue for Left, red for Right) or a green edge,
//! and everything no longer connected to the root disappears. Three methods, all iterative
//! (trees of any depth are fine), each named after the statement it rests on (docs/src/theory/):
//!
//! * blue/red trees are numbers: the branches at a vertex add up, and a blue edge under a
//!   subtree of value x is worth `(x + k) / 2^(k-1)` (red symmetrically); chains of edges are
//!   done at once through sign expansions (see `tree/number.rs`);
//! * green trees are nimbers, by the colon principle (an edge under a subtree of nim value v
//!   is worth `*(v + 1)`, branches at a vertex add as nim sums);
//! * mixed trees: a branch (an edge e with the subtree T above it) is the ordinal sum `e : T`
//!   of the edge's value (`1`, `-1` or `*`) and T, which depends only on the value of T
//!   (Conway, *On Numbers and Games*, ch. 15), so values are built bottom up by ordinal sums
//!   (`tree/ordinal.rs`, which uses the two formulas above wherever they apply).
//!
//! `tree/rules.rs` holds the search from the rules that the tests hold all three against.

mod number;
mod ordinal;
mod rules;
#[cfg(test)]
mod tests;

use std::collections::HashSet;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Dyadic, Exhausted};

pub use number::edge_value;

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Blue: Left's edge (`B`).
    Blue,
    /// Red: Right's edge (`R`).
    Red,
    /// Green: either player may delete it (`G`).
    Green,
}

impl Colour {
    /// The letter the language writes: `B`, `R` or `G`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// The colour of a letter `B`, `R` or `G`.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// Whether the player (`left` or not) may delete an edge of this colour.
    fn playable_by(self, player: Player) -> bool {
        !matches!((self, player), (Colour::Red, Player::Left) | (Colour::Blue, Player::Right))
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left (Blue).
    Left,
    /// Right (Red).
    Right,
}

/// A nested description of a tree: an edge and the edges hanging above it.
///
/// Dropping a deep `Branch` is iterative, so paths of any length may be described this way
/// (the derived `Clone`, `PartialEq` and `Debug` recurse, so avoid them on deep ones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The colour of the edge.
    pub colour: Colour,
    /// The edges whose lower end is this edge's upper end.
    pub above: Vec<Branch>,
}

impl Drop for Branch {
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.above);
        while let Some(mut b) = pending.pop() {
            pending.append(&mut b.above);
        }
    }
}

/// Marks an edge standing on the root in [`Tree`]'s parent list.
const ROOT: u32 = u32::MAX;

/// A rooted tree of coloured edges (a forest at the root, which is the sum of its branches).
///
/// Edges are numbered in the order they were added, and an edge's parent always has a smaller
/// number; every algorithm here relies on that to work bottom up without recursion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    colours: Vec<Colour>,
    parents: Vec<u32>,
}

/// A syntax error in an edge list such as `B(R, B(B)), R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSyntaxError {
    /// Byte offset of the offending character (the length of the text at its end).
    pub offset: usize,
    /// What was expected.
    pub message: &'static str,
}

impl Tree {
    /// The empty tree (value 0).
    pub fn new() -> Self {
        Tree::default()
    }

    /// Adds an edge above `parent` (an edge number returned earlier), or on the root for
    /// `None`; returns the new edge's number.
    ///
    /// # Panics
    /// If `parent` is not an edge of this tree.
    pub fn add_edge(&mut self, parent: Option<usize>, colour: Colour) -> usize {
        let p = match parent {
            None => ROOT,
            Some(p) => {
                assert!(p < self.len(), "edge {p} is not in the tree");
                u32::try_from(p).expect("fewer than 2^32 edges")
            }
        };
        self.colours.push(colour);
        self.parents.push(p);
        self.len() - 1
    }

    /// The tree whose root carries the given branches.
    pub fn from_branches(branches: &[Branch]) -> Self {
        let mut tree = Tree::new();
        let mut stack: Vec<(&Branch, Option<usize>)> = branches.iter().rev().map(|b| (b, None)).collect();
        while let Some((b, parent)) = stack.pop() {
            let e = tree.add_edge(parent, b.colour);
            stack.extend(b.above.iter().rev().map(|c| (c, Some(e))));
        }
        tree
    }

    /// Reads an edge list as `tree[...]` writes it, without the brackets: `B(R, B(B)), R`.
    /// The empty text (or `0`) is the empty tree.
    pub fn parse(text: &str) -> Result<Self, TreeSyntaxError> {
        let mut tree = Tree::new();
        if text.trim() == "0" {
            return Ok(tree);
        }
        let mut open: Vec<Option<usize>> = vec![None];
        let mut state = Expect::First;
        for (offset, c) in text.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            state = match (state, c, Colour::from_letter(c)) {
                (Expect::First | Expect::Edge, _, Some(colour)) => {
                    Expect::AfterEdge(tree.add_edge(*open.last().expect("the root stays open"), colour))
                }
                (Expect::AfterEdge(e), '(', _) => {
                    open.push(Some(e));
                    Expect::Edge
                }
                (Expect::AfterEdge(_) | Expect::AfterClose, ',', _) => Expect::Edge,
                (Expect::AfterEdge(_) | Expect::AfterClose, ')', _) if open.len() > 1 => {
                    open.pop();
                    Expect::AfterClose
                }
                (Expect::First | Expect::Edge, _, None) => {
                    return Err(TreeSyntaxError { offset, message: "expected an edge `B`, `R` or `G`" });
                }
                _ => return Err(TreeSyntaxError { offset, message: "expected `(`, `,` or `)`" }),
            };
        }
        let message = match state {
            Expect::Edge => "expected an edge `B`, `R` or `G`",
            _ if open.len() > 1 => "expected `)`",
            _ => return Ok(tree),
        };
        Err(TreeSyntaxError { offset: text.len(), message })
    }

    /// The number of edges.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// Whether the tree has no edges.
    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    /// The colour of edge `e`.
    pub fn colour(&self, e: usize) -> Colour {
        self.colours[e]
    }

    /// The edge below `e`, or `None` if `e` stands on the root.
    pub fn parent(&self, e: usize) -> Option<usize> {
        match self.parents[e] {
            ROOT => None,
            p => Some(p as usize),
        }
    }

    /// The value of a blue/red tree (a number), or `None` if it has a green edge.
    pub fn number_value(&self) -> Option<Dyadic> {
        number::tree_number(self)
    }

    /// The nim value of an all-green tree (colon principle), or `None` if an edge is not green.
    pub fn nim_value(&self) -> Option<u64> {
        if self.colours.iter().any(|&c| c != Colour::Green) {
            return None;
        }
        let mut above = vec![0u64; self.len()];
        let mut root = 0u64;
        for e in (0..self.len()).rev() {
            let branch = above[e] + 1;
            match self.parent(e) {
                Some(p) => above[p] ^= branch,
                None => root ^= branch,
            }
        }
        Some(root)
    }

    /// The canonical value of the tree: the number or nimber formulas when they apply,
    /// otherwise ordinal sums built bottom up (see the module documentation).
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        if let Some(x) = self.number_value() {
            return Ok(games.number(&x));
        }
        if let Some(n) = self.nim_value() {
            return Ok(games.nimber(n));
        }
        self.game_by_ordinal_sums(games, budget)
    }

    /// The canonical value by ordinal sums only (with the number and nimber formulas for
    /// single edges on numbers and nimbers), for any tree.
    pub fn game_by_ordinal_sums(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        let zero = games.zero();
        let mut above = vec![zero; self.len()];
        let mut root = zero;
        let mut edges = ordinal::EdgeSums::default();
        for e in (0..self.len()).rev() {
            budget.check()?;
            let branch = edges.on(games, self.colours[e], above[e], budget)?;
            let slot = match self.parent(e) {
                Some(p) => &mut above[p],
                None => &mut root,
            };
            *slot = games.add(*slot, branch, budget)?;
        }
        Ok(root)
    }

    /// The canonical value by search from the rules (exponential; for tests and small trees).
    pub fn game_by_rules(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        rules::RulesEngine::default().game(games, self, budget)
    }

    /// The tree without edge `e` and everything above it.
    pub fn without_branch(&self, e: usize) -> Tree {
        let mut removed = vec![false; self.len()];
        let mut renumber = vec![ROOT; self.len()];
        let mut out = Tree::new();
        for i in 0..self.len() {
            removed[i] = i == e || self.parent(i).is_some_and(|p| removed[p]);
            if !removed[i] {
                renumber[i] = out.len() as u32;
                out.colours.push(self.colours[i]);
                out.parents.push(self.parent(i).map_or(ROOT, |p| renumber[p]));
            }
        }
        out
    }

    /// The positions `player` can move to, as trees, in edge order, each shape (up to the order
    /// of branches) once; cost O(edges × options).
    pub fn options(&self, player: Player) -> Vec<Tree> {
        let mut shapes = rules::Shapes::default();
        let classes = shapes.branch_classes(self);
        let mut siblings: HashSet<(u32, u32)> = HashSet::new();
        let mut seen: HashSet<u32> = HashSet::new();
        let mut out = Vec::new();
        for e in (0..self.len()).filter(|&e| self.colours[e].playable_by(player)) {
            // Identical sibling branches give identical options: skip them without building.
            if !siblings.insert((self.parents[e], classes[e])) {
                continue;
            }
            let option = self.without_branch(e);
            if seen.insert(shapes.tree_class(&option)) {
                out.push(option);
            }
        }
        out
    }

    /// Left's options ([`Tree::options`]).
    pub fn left_options(&self) -> Vec<Tree> {
        self.options(Player::Left)
    }

    /// Right's options ([`Tree::options`]).
    pub fn right_options(&self) -> Vec<Tree> {
        self.options(Player::Right)
    }

    /// The tree as the language writes it: `tree[B(R, B(B)), R]`, or `0` when empty.
    pub fn to_notation(&self) -> String {
        if self.is_empty() {
            return "0".to_owned();
        }
        format!("tree[{}]", self.edge_list())
    }

    /// The edge list alone: `B(R, B(B)), R`.
    pub fn edge_list(&self) -> String {
        let children = self.children();
        let mut out = String::with_capacity(self.len() * 4);
        // Each entry is an edge to write, or `None` for a `)` to close.
        let mut stack: Vec<Option<usize>> = children.root.iter().rev().map(|&e| Some(e as usize)).collect();
        let mut need_comma = false;
        while let Some(item) = stack.pop() {
            let Some(e) = item else {
                out.push(')');
                need_comma = true;
                continue;
            };
            if need_comma {
                out.push_str(", ");
            }
            out.push(self.colours[e].letter());
            let above = children.of(e);
            need_comma = above.is_empty();
            if !above.is_empty() {
                out.push('(');
                stack.push(None);
                stack.extend(above.iter().rev().map(|&c| Some(c as usize)));
            }
        }
        out
    }

    /// The children of every edge, in edge order.
    fn children(&self) -> Children {
        let n = self.len();
        let mut start = vec![0u32; n + 1];
        let mut root = Vec::new();
        for e in 0..n {
            match self.parent(e) {
                Some(p) => start[p + 1] += 1,
                None => root.push(e as u32),
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut list = vec![0u32; start[n] as usize];
        for e in 0..n {
            if let Some(p) = self.parent(e) {
                list[fill[p] as usize] = e as u32;
                fill[p] += 1;
            }
        }
        Children { root, start, list }
    }
}

/// What [`Tree::parse`] accepts next.
#[derive(Clone, Copy)]
enum Expect {
    /// The start: an edge, or nothing at all.
    First,
    /// An edge (after `(` or `,`).
    Edge,
    /// After the given edge: `(`, `,`, `)` or the end.
    AfterEdge(usize),
    /// After `)`: `,`, `)` or the end.
    AfterClose,
}

/// Children lists in compressed form: the children of edge `e` are `list[start[e]..start[e+1]]`.
struct Children {
    root: Vec<u32>,
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Children {
    fn of(&self, e: usize) -> &[u32] {
        &self.list[self.start[e] as usize..self.start[e + 1] as usize]
    }
}

impl crate::position::Partizan for Tree {
    fn left_options(&self) -> Vec<Tree> {
        Tree::left_options(self)
    }

    fn right_options(&self) -> Vec<Tree> {
        Tree::right_options(self)
    }

    fn notation(&self) -> String {
        self.to_notation()
    }
}
