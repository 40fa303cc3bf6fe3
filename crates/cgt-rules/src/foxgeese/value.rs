//! Fox and Geese valued layer by layer: the positions with one placing of the geese (a layer)
//! are joined only by the fox's moves, and a goose move always leads to a layer whose geese
//! stand lower (a larger sum of rows from the top), so the layers are valued from the lowest
//! up. A layer's graph holds its positions, `off`, and a copy of the simplest form of each
//! Left option found before; each position's simplest form is then found in it. Replacing an
//! option by an equal stopper keeps the value, so this is the value of the whole graph.

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
        let n = search.found.len();
        // The layers, lowest geese first; `off` is its own layer.
        let mut layers: HashMap<Vec<u16>, Vec<usize>> = HashMap::new();
        for (v, s) in search.found.iter().enumerate() {
            if let Some(s) = s {
                layers.entry(s.geese.clone()).or_default().push(v);
            }
        }
        let depth = |g: &Vec<u16>| g.iter().map(|&x| x as usize / self.cols).sum::<usize>();
        let mut order: Vec<(usize, Vec<u16>)> = layers.keys().map(|g| (depth(g), g.clone())).collect();
        order.sort_unstable_by(|a, b| b.cmp(a));
        let mut values: Vec<Option<Stopper>> = vec![None; n];
        let mut bytes = 0usize;
        for (_, geese) in order {
            let members = &layers[&geese];
            for (v, stopper) in layer_values(&search, members, &values, budget)? {
                bytes += 64 + 16 * stopper.graph().len();
                values[v] = Some(stopper);
            }
            budget.check_memory(bytes)?;
        }
        match search.off {
            Some(0) => Stopper::new(&off_graph(), 0, budget),
            _ => Ok(values[0].take().expect("every position is in a layer")),
        }
    }
}

/// `off` = `{ | off}` alone.
fn off_graph() -> LoopyGraph {
    LoopyGraph::new(vec![Vec::new()], vec![vec![0]]).expect("one position")
}

/// The simplest forms of the positions `members` of one layer, given those of every later one.
fn layer_values(
    search: &Search,
    members: &[usize],
    values: &[Option<Stopper>],
    budget: &Budget,
) -> Result<Vec<(usize, Stopper)>, StopperError> {
    let mut graph = LoopyGraph::default();
    let local: HashMap<usize, usize> = members.iter().map(|&v| (v, graph.add_position())).collect();
    let mut copied: HashMap<usize, usize> = HashMap::new();
    // Many goose moves have the same value (0, 1, `over`, ...): each form is copied once.
    let mut forms: Vec<(&LoopyGraph, usize)> = Vec::new();
    let off = off_graph();
    for &v in members {
        budget.check()?;
        for (p, opts) in [(Player::Left, &search.left[v]), (Player::Right, &search.right[v])] {
            for &w in opts {
                let to = match local.get(&w) {
                    Some(&x) => x,
                    // A later layer, valued already, or `off` (a position without a state).
                    None => *copied.entry(w).or_insert_with(|| {
                        let form = match (&search.found[w], &values[w]) {
                            (None, _) => &off,
                            (Some(_), Some(s)) => s.graph(),
                            (Some(_), None) => unreachable!("a goose move leads to a later layer"),
                        };
                        match forms.iter().find(|(f, _)| *f == form) {
                            Some(&(_, x)) => x,
                            None => {
                                let x = append(&mut graph, form);
                                forms.push((form, x));
                                x
                            }
                        }
                    }),
                };
                graph.add_option(p, local[&v], to).expect("both positions exist");
            }
        }
    }
    members.iter().map(|&v| Ok((v, Stopper::new(&graph, local[&v], budget)?))).collect()
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
