//! Undirected graphs for the rulesets played on them (Hackenbush, Col, Snort, Arc Kayles):
//! their notation (`col[1-2, 2-3] left=[1]`), the error type, and the graph algorithms they
//! share (connected components, bridges), all without recursion.
//!
//! The notation follows docs/src/reference/rulesets.md: an edge `U-V` joins two vertices named by integers and may
//! carry a colour letter (`0-1 B`); a lone integer declares a vertex without edges; settings
//! follow the brackets as `name=N` or `name=[N, ...]`, each at most once.

/// Implements [`crate::position::Partizan`] for a position on a graph that lists its moves as
/// `moves(Player) -> Vec<(String, Self)>` (each with its description) and writes itself with
/// `to_notation()`: the options are the positions of the moves.
macro_rules! partizan_by_moves {
    ($t:ty) => {
        impl $crate::position::Partizan for $t {
            fn left_options(&self) -> Vec<Self> {
                self.moves($crate::tree::Player::Left).into_iter().map(|(_, p)| p).collect()
            }

            fn right_options(&self) -> Vec<Self> {
                self.moves($crate::tree::Player::Right).into_iter().map(|(_, p)| p).collect()
            }

            fn notation(&self) -> String {
                self.to_notation()
            }
        }
    };
}
pub(crate) use partizan_by_moves;

use std::collections::HashMap;
use std::fmt;

use crate::tree::Colour;

/// Why a graph position could not be built from its data or its notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// The notation is malformed at this byte offset.
    Syntax {
        /// Byte offset of the offending character (the length of the text at its end).
        offset: usize,
        /// What was expected.
        message: &'static str,
    },
    /// A setting this ruleset does not know (`colour=...`).
    UnknownSetting(String),
    /// A setting given twice (`ground=1 ground=2`).
    RepeatedSetting(String),
    /// An edge has a colour in a ruleset whose edges have none.
    UnexpectedColour(u64, u64),
    /// A Hackenbush position without a ground vertex (`ground=[]`).
    NoGround,
    /// A tinted vertex that is not in the graph.
    UnknownVertex(u64),
    /// More vertices were declared than the rulesets handle.
    TooManyVertices(u64),
}

/// The most vertices `vertices=N` may declare.
pub const MAX_VERTICES: u64 = 1 << 20;

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Syntax { offset, message } => write!(f, "{message} (at byte {offset})"),
            GraphError::UnknownSetting(s) => write!(f, "unknown setting `{s}`"),
            GraphError::RepeatedSetting(s) => write!(f, "the setting `{s}` is given twice"),
            GraphError::UnexpectedColour(u, v) => {
                write!(f, "the edge {u}-{v} has a colour, but this ruleset's edges have none")
            }
            GraphError::NoGround => write!(f, "there is no ground vertex"),
            GraphError::UnknownVertex(v) => {
                write!(f, "vertex {v} is not in the graph (declare it with `{v}` or `vertices=N`)")
            }
            GraphError::TooManyVertices(n) => write!(f, "{n} vertices are too many (at most {MAX_VERTICES})"),
        }
    }
}

impl std::error::Error for GraphError {}

/// One entry of an edge list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    /// An edge `U-V`, with its colour letter if one was written.
    Edge(u64, u64, Option<Colour>),
    /// A lone vertex `V`.
    Vertex(u64),
}

/// A graph position's notation, read but not yet checked against its ruleset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Notation {
    /// The entries between the brackets, in order.
    pub(crate) items: Vec<Item>,
    /// The settings after the brackets, in order, each with its list of integers.
    pub(crate) settings: Vec<(String, Vec<u64>)>,
}

impl Notation {
    /// The integers of setting `name` if it was given, refusing any setting not in `known`.
    pub(crate) fn setting(&self, name: &str, known: &[&str]) -> Result<Option<&[u64]>, GraphError> {
        if let Some((s, _)) = self.settings.iter().find(|(s, _)| !known.contains(&s.as_str())) {
            return Err(GraphError::UnknownSetting(s.clone()));
        }
        Ok(self.settings.iter().find(|(s, _)| s == name).map(|(_, v)| v.as_slice()))
    }
}

/// Reads `name[...] settings` as docs/src/reference/rulesets.md writes graph positions.
pub(crate) fn parse_notation(text: &str, name: &str) -> Result<Notation, GraphError> {
    let mut c = Cursor { text, pos: 0 };
    c.skip_space();
    if !c.text[c.pos..].starts_with(name) {
        return Err(c.error("expected the ruleset's name"));
    }
    c.pos += name.len();
    c.expect('[', "expected `[`")?;
    let mut out = Notation::default();
    loop {
        if c.eat(']') {
            break;
        }
        out.items.push(c.item()?);
        if c.eat(']') {
            break;
        }
        c.expect(',', "expected `,` or `]`")?;
    }
    while c.peek().is_some() {
        let (key, values) = c.setting()?;
        if out.settings.iter().any(|(k, _)| *k == key) {
            return Err(GraphError::RepeatedSetting(key));
        }
        out.settings.push((key, values));
    }
    Ok(out)
}

/// Writes `[u, v, ...]` as the notation's settings do (a single value without brackets).
pub(crate) fn write_list(values: &[u64]) -> String {
    match values {
        [v] => v.to_string(),
        _ => format!("[{}]", values.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// A position in the text being read.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn error(&self, message: &'static str) -> GraphError {
        GraphError::Syntax { offset: self.pos, message }
    }

    fn skip_space(&mut self) {
        while let Some(ch) = self.text[self.pos..].chars().next().filter(|ch| ch.is_whitespace()) {
            self.pos += ch.len_utf8();
        }
    }

    /// The next character that is not white space.
    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, want: char) -> bool {
        let found = self.peek() == Some(want);
        if found {
            self.pos += want.len_utf8();
        }
        found
    }

    fn expect(&mut self, want: char, message: &'static str) -> Result<(), GraphError> {
        if self.eat(want) { Ok(()) } else { Err(self.error(message)) }
    }

    fn integer(&mut self) -> Result<u64, GraphError> {
        self.skip_space();
        let digits = self.text[self.pos..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(self.error("expected a vertex number"));
        }
        let n = self.text[self.pos..self.pos + digits].parse().map_err(|_| self.error("vertex number too large"))?;
        self.pos += digits;
        Ok(n)
    }

    /// `U-V C`, `U-V` or `V`.
    fn item(&mut self) -> Result<Item, GraphError> {
        let u = self.integer()?;
        if !self.eat('-') {
            return Ok(Item::Vertex(u));
        }
        let v = self.integer()?;
        let colour = self.peek().and_then(Colour::from_letter);
        if colour.is_some() {
            self.pos += 1;
        }
        Ok(Item::Edge(u, v, colour))
    }

    /// `name=N` or `name=[N, ...]`.
    fn setting(&mut self) -> Result<(String, Vec<u64>), GraphError> {
        self.skip_space();
        let len = self.text[self.pos..].bytes().take_while(|b| b.is_ascii_alphabetic() || *b == b'_').count();
        if len == 0 {
            return Err(self.error("expected a setting such as `left=[1]`"));
        }
        let key = self.text[self.pos..self.pos + len].to_owned();
        self.pos += len;
        self.expect('=', "expected `=`")?;
        if !self.eat('[') {
            return Ok((key, vec![self.integer()?]));
        }
        let mut values = Vec::new();
        while !self.eat(']') {
            values.push(self.integer()?);
            if !self.eat(',') && self.peek() != Some(']') {
                return Err(self.error("expected `,` or `]`"));
            }
        }
        Ok((key, values))
    }
}

/// Dense numbers `0..n` for the vertex names of a graph, in order of first appearance.
#[derive(Clone, Debug, Default)]
pub(crate) struct Labels {
    index: HashMap<u64, u32>,
    /// The name of each dense number.
    pub(crate) names: Vec<u64>,
}

impl Labels {
    /// The dense number of `name`, numbering it if it is new.
    pub(crate) fn of(&mut self, name: u64) -> u32 {
        let next = self.names.len() as u32;
        *self.index.entry(name).or_insert_with(|| {
            self.names.push(name);
            next
        })
    }

    /// The dense number of `name` if it has one.
    pub(crate) fn get(&self, name: u64) -> Option<u32> {
        self.index.get(&name).copied()
    }

    /// How many names are numbered.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }
}

/// Adjacency lists in compressed form: the edges at vertex `v` are `list[start[v]..start[v+1]]`,
/// each as (edge number, other end); a loop appears twice at its vertex.
pub(crate) struct Adjacency {
    start: Vec<usize>,
    list: Vec<(u32, u32)>,
}

impl Adjacency {
    /// The adjacency of `n` vertices joined by `edges`.
    pub(crate) fn new(n: usize, edges: &[(u32, u32)]) -> Self {
        let mut start = vec![0usize; n + 1];
        for &(u, v) in edges {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut list = vec![(0, 0); start[n]];
        for (e, &(u, v)) in edges.iter().enumerate() {
            list[fill[u as usize]] = (e as u32, v);
            fill[u as usize] += 1;
            list[fill[v as usize]] = (e as u32, u);
            fill[v as usize] += 1;
        }
        Adjacency { start, list }
    }

    /// The edges at `v`, as (edge number, other end).
    pub(crate) fn at(&self, v: u32) -> &[(u32, u32)] {
        &self.list[self.start[v as usize]..self.start[v as usize + 1]]
    }

    /// The vertices reachable from `roots`, flagged, and the order in which a breadth-first
    /// search from them meets them.
    pub(crate) fn reach(&self, roots: &[u32]) -> (Vec<bool>, Vec<u32>) {
        let mut seen = vec![false; self.start.len() - 1];
        let mut order = Vec::new();
        for &r in roots {
            if !std::mem::replace(&mut seen[r as usize], true) {
                order.push(r);
            }
        }
        let mut i = 0;
        while i < order.len() {
            for &(_, w) in self.at(order[i]) {
                if !std::mem::replace(&mut seen[w as usize], true) {
                    order.push(w);
                }
            }
            i += 1;
        }
        (seen, order)
    }
}

/// Which edges are bridges (their removal disconnects their ends), by Tarjan's low points with
/// an explicit stack. Loops are never bridges, and neither are parallel edges.
pub(crate) fn bridges(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let adj = Adjacency::new(n, edges);
    let mut bridge = vec![false; edges.len()];
    let unseen = u32::MAX;
    let mut order = vec![unseen; n];
    let mut low = vec![0u32; n];
    let mut clock = 0u32;
    // Each frame: vertex, the edge it was entered by, the next adjacency index to scan.
    let mut stack: Vec<(u32, u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if order[root as usize] != unseen {
            continue;
        }
        order[root as usize] = clock;
        low[root as usize] = clock;
        clock += 1;
        stack.push((root, u32::MAX, 0));
        while let Some(&mut (v, via, ref mut next)) = stack.last_mut() {
            if let Some(&(e, w)) = adj.at(v).get(*next) {
                *next += 1;
                if e == via {
                    continue;
                }
                if order[w as usize] == unseen {
                    order[w as usize] = clock;
                    low[w as usize] = clock;
                    clock += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v as usize] = low[v as usize].min(order[w as usize]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(parent, ..)) = stack.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
                if low[v as usize] > order[parent as usize] {
                    bridge[via as usize] = true;
                }
            }
        }
    }
    bridge
}

/// The connected component of every vertex, numbered `0..k` in order of their least vertex.
pub(crate) fn components(n: usize, edges: &[(u32, u32)]) -> (Vec<u32>, usize) {
    let adj = Adjacency::new(n, edges);
    let mut comp = vec![u32::MAX; n];
    let mut k = 0;
    let mut queue = Vec::new();
    for root in 0..n {
        if comp[root] != u32::MAX {
            continue;
        }
        comp[root] = k;
        queue.clear();
        queue.push(root as u32);
        while let Some(v) = queue.pop() {
            for &(_, w) in adj.at(v) {
                if comp[w as usize] == u32::MAX {
                    comp[w as usize] = k;
                    queue.push(w);
                }
            }
        }
        k += 1;
    }
    (comp, k as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_items_and_settings() {
        let n = parse_notation(" col[1-2, 2 - 3 B, 7, ] left=[1, 3] vertices=9", "col").unwrap();
        assert_eq!(n.items, vec![Item::Edge(1, 2, None), Item::Edge(2, 3, Some(Colour::Blue)), Item::Vertex(7)]);
        assert_eq!(n.settings, vec![("left".to_owned(), vec![1, 3]), ("vertices".to_owned(), vec![9])]);
        assert_eq!(n.setting("left", &["left", "vertices"]).unwrap(), Some(&[1, 3][..]));
        assert!(n.setting("left", &["left"]).is_err());
        assert_eq!(parse_notation("col[]", "col").unwrap(), Notation::default());
        assert_eq!(parse_notation("col[] left=[]", "col").unwrap().settings, vec![("left".to_owned(), vec![])]);
        for bad in [
            "col",
            "col[",
            "col[1-]",
            "col[-1]",
            "col[1-2 X]",
            "col[1 2]",
            "snort[1]",
            "col[1] left",
            "col[1] left=",
            "col[1] left=[1",
            "col[1] left=[1 2]",
            "col[1] 5",
            "col[99999999999999999999]",
            "col[1]]",
        ] {
            assert!(matches!(parse_notation(bad, "col"), Err(GraphError::Syntax { .. })), "{bad}");
        }
        assert_eq!(parse_notation("col[1] left=1 left=2", "col"), Err(GraphError::RepeatedSetting("left".to_owned())));
    }

    #[test]
    fn bridges_of_small_graphs() {
        // A triangle 0-1-2 with a pendant 2-3, a double edge 3-4, a loop at 4 and an edge 5-6.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (3, 4), (4, 4), (5, 6)];
        assert_eq!(bridges(7, &edges), vec![false, false, false, true, false, false, false, true]);
        let (comp, k) = components(8, &edges);
        assert_eq!((comp, k), (vec![0, 0, 0, 0, 0, 1, 1, 2], 3));
    }

    #[test]
    fn bridges_of_a_long_path_need_no_recursion() {
        let n = 200_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
        assert!(bridges(n as usize, &edges).into_iter().all(|b| b));
    }
}
