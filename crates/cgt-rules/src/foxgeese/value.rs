//! Fox and Geese valued layer by layer: the positions with one placing of the geese (a layer)
//! are joined only by the fox's moves, and a goose move always leads to a layer whose geese
//! stand lower (a larger sum of rows from the top), so the layers are valued from the lowest
//! up. A layer's graph holds its positions, `off`, and a copy of the simplest form of each
//! Left option found before; the simplest forms of all its positions are then found in it at
//! once. Replacing an option by an equal stopper keeps the value, so this is the value of the
//! whole graph. Each distinct form is kept once, positions hold its number.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::loopy::graph::{LoopyGraph, Player};
use cgt_core::loopy::stopper::{Stopper, StopperError};

use super::{Board, Search};

impl Board {
    /// The value of the position, a stopper in simplest form.
    pub fn value(&self, budget: &Budget) -> Result<Stopper, StopperError> {
        let mut search = Search::new(self);
        search.explore(budget)?;
        if search.off == Some(0) {
            return Stopper::new(&off_graph(), 0, budget);
        }
        // The layers, by depth (the sum of the geese's rows): a goose move adds one to it.
        let mut layers: HashMap<Vec<u16>, Vec<usize>> = HashMap::new();
        for (v, s) in search.found.iter().enumerate() {
            if let Some(s) = s {
                layers.entry(s.geese.clone()).or_default().push(v);
            }
        }
        let depth = |g: &Vec<u16>| g.iter().map(|&x| x as usize / self.cols).sum::<usize>();
        let mut order: Vec<(usize, Vec<u16>)> = layers.keys().map(|g| (depth(g), g.clone())).collect();
        order.sort_unstable_by(|a, b| b.cmp(a));
        let mut forms = Forms::default();
        let mut values: Vec<u32> = vec![NONE; search.found.len()];
        for (_, geese) in order {
            let members = &layers[&geese];
            for (v, stopper) in layer_values(&search, members, &values, &forms, budget)? {
                values[v] = forms.intern(stopper);
            }
            budget.check_memory(forms.bytes + 4 * values.len())?;
        }
        Ok(forms.list[values[0] as usize].clone())
    }
}

/// No value yet.
const NONE: u32 = u32::MAX;

/// The distinct simplest forms found (many positions have the same value: 0, 1, `over`, ...),
/// so that memory grows with the positions' number, not with their forms' sizes.
#[derive(Default)]
struct Forms {
    list: Vec<Stopper>,
    index: HashMap<Vec<usize>, u32>,
    bytes: usize,
}

impl Forms {
    /// The number of `stopper`'s form, added if new. Equal graphs give one number; equal values
    /// numbered differently may give two, which only costs memory.
    fn intern(&mut self, stopper: Stopper) -> u32 {
        let g = stopper.graph();
        let mut key = vec![g.len()];
        for v in 0..g.len() {
            for p in [Player::Left, Player::Right] {
                key.push(g.options(p, v).len());
                key.extend_from_slice(g.options(p, v));
            }
        }
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.list.len() as u32;
        self.bytes += 64 + 24 * key.len();
        self.index.insert(key, i);
        self.list.push(stopper);
        i
    }
}

/// `off` = `{ | off}` alone.
fn off_graph() -> LoopyGraph {
    LoopyGraph::new(vec![Vec::new()], vec![vec![0]]).expect("one position")
}

/// The simplest forms of the positions `members` of one layer, given those of every later one
/// (`values`, numbers in `forms`): one graph of the layer's positions and a copy of each
/// later form its goose moves reach, valued at once ([`Stopper::new_many`]).
fn layer_values(
    search: &Search,
    members: &[usize],
    values: &[u32],
    forms: &Forms,
    budget: &Budget,
) -> Result<Vec<(usize, Stopper)>, StopperError> {
    let mut graph = LoopyGraph::default();
    let local: HashMap<usize, usize> = members.iter().map(|&v| (v, graph.add_position())).collect();
    // Where each later form (by number; `NONE` for `off`) was copied into the graph.
    let mut copied: HashMap<u32, usize> = HashMap::new();
    let off = off_graph();
    for &v in members {
        budget.check()?;
        for (p, opts) in [(Player::Left, &search.left[v]), (Player::Right, &search.right[v])] {
            for &w in opts {
                let to = match local.get(&w) {
                    Some(&x) => x,
                    // A later layer, valued already, or `off` (a position without a state).
                    None => {
                        let form = match &search.found[w] {
                            None => NONE,
                            Some(_) if values[w] != NONE => values[w],
                            Some(_) => unreachable!("a goose move leads to a later layer"),
                        };
                        *copied.entry(form).or_insert_with(|| {
                            let src = if form == NONE { &off } else { forms.list[form as usize].graph() };
                            append(&mut graph, src)
                        })
                    }
                };
                graph.add_option(p, local[&v], to).expect("both positions exist");
            }
        }
    }
    let roots: Vec<usize> = members.iter().map(|v| local[v]).collect();
    Ok(members.iter().copied().zip(Stopper::new_many(&graph, &roots, budget)?).collect())
}

/// Copies `src` into `dst`; returns where its position 0 went.
fn append(dst: &mut LoopyGraph, src: &LoopyGraph) -> usize {
    let base = dst.len();
    for _ in 0..src.len() {
        dst.add_position();
    }
    for v in 0..src.len() {
        for p in [Player::Left, Player::Right] {
            for &w in src.options(p, v) {
                dst.add_option(p, base + v, base + w).expect("copied positions exist");
            }
        }
    }
    base
}
