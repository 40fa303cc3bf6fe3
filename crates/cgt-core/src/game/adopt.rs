//! Games handed from one arena to another: how two threads that each keep an arena of their
//! own (an arena is not shared between threads) pass each other the games they find.
//!
//! An arena adds a game only after its options, so the nodes it added from some id on, in
//! order ([`Games::export`]), can be added to another arena in the same order
//! ([`Games::adopt`]), each option's id replaced by the receiving arena's id for it (kept in
//! [`Adopted`]). The nodes are canonical in the arena that made them, and a canonical form's
//! options are canonical, so each node with its options translated is canonical in the
//! receiving arena too; the structural order of the option lists (`order.rs`) never looks at
//! ids, so the lists stay in order.

use super::arena::Node;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};

/// The nodes an arena added from one id on, in the order it added them ([`Games::export`]).
pub struct Export {
    from: usize,
    nodes: Vec<Node>,
}

impl Export {
    /// The other arena's ids the export holds: `from..from + len`.
    pub fn ids(&self) -> std::ops::Range<usize> {
        self.from..self.from + self.nodes.len()
    }
}

/// Which game of this arena each game of another arena is, for the games taken from it so
/// far (its ids `0..len()`).
#[derive(Default)]
pub struct Adopted {
    ids: Vec<GameId>,
}

impl Adopted {
    /// This arena's id for the other arena's game `theirs`, if it has been adopted.
    pub fn get(&self, theirs: GameId) -> Option<GameId> {
        self.ids.get(theirs.index()).copied()
    }

    /// How many of the other arena's games have been adopted (its ids below this).
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether none has been adopted yet.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

impl Games {
    /// The games this arena added from id `from` on (each after its options), for another
    /// arena to [`Games::adopt`].
    pub fn export(&self, from: usize) -> Export {
        Export { from, nodes: self.nodes[from.min(self.nodes.len())..].to_vec() }
    }

    /// Adds the games of another arena's export, which must go on from the last export of
    /// that arena adopted (`export.ids().start == adopted.len()`; the first starts at 0).
    /// On an error (the memory budget) some of the games may have been added and `adopted`
    /// no longer matches the other arena: it must not be used again.
    pub fn adopt(&mut self, export: Export, adopted: &mut Adopted, budget: &Budget) -> Result<(), Exhausted> {
        assert_eq!(export.from, adopted.ids.len(), "an export adopted out of order");
        for node in export.nodes {
            let node = match node {
                Node::Nus(n) => Node::Nus(n),
                Node::General { left, right } => {
                    let mine = |list: &[GameId]| -> super::arena::Opts {
                        list.iter().map(|g| adopted.ids[g.index()]).collect()
                    };
                    Node::General { left: mine(&left), right: mine(&right) }
                }
            };
            let id = self.intern_checked(node, budget)?;
            adopted.ids.push(id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dyadic;
    use crate::game::DisplayStyle;

    /// Games built in one arena, handed over in several exports, are the games the other
    /// arena builds the same way: the same ids there, the same printed forms, and sums and
    /// comparisons with them that agree with the first arena's.
    #[test]
    fn adopted_games_are_the_games_built_here() {
        let budget = Budget::unlimited();
        let (mut a, mut b) = (Games::new(), Games::new());
        // `b` has games of its own first, so its ids differ from `a`'s.
        let half = b.number(&Dyadic::new(1, 1));
        let star = b.nimber(1);
        b.add(half, star, &budget).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        // Build the same games in both arenas by the same steps, picking options among the
        // games built so far (by their place in the list, which both arenas share).
        let (mut in_a, mut in_b) = (vec![a.zero()], vec![b.zero()]);
        let mut adopted = Adopted::default();
        let mut sent = 0;
        for round in 0..6 {
            for _ in 0..40 {
                let picks: Vec<(bool, usize)> =
                    (0..1 + next(4)).map(|_| (next(2) == 0, next(in_a.len() as u64) as usize)).collect();
                let build = |games: &mut Games, list: &[GameId]| {
                    let left: Vec<GameId> = picks.iter().filter(|p| p.0).map(|p| list[p.1]).collect();
                    let right: Vec<GameId> = picks.iter().filter(|p| !p.0).map(|p| list[p.1]).collect();
                    games.from_options(&left, &right, &Budget::unlimited()).unwrap()
                };
                let (ga, gb) = (build(&mut a, &in_a), build(&mut b, &in_b));
                in_a.push(ga);
                in_b.push(gb);
            }
            // Hand over what `a` added since the last export; every game built so far is
            // now known to `b` under the id it gave it itself.
            let export = a.export(sent);
            assert_eq!(export.ids(), sent..a.len(), "round {round}");
            sent = a.len();
            b.adopt(export, &mut adopted, &budget).unwrap();
            for (&ga, &gb) in in_a.iter().zip(&in_b) {
                assert_eq!(adopted.get(ga), Some(gb), "round {round}");
                assert_eq!(a.display(ga, DisplayStyle::default()), b.display(gb, DisplayStyle::default()));
            }
        }
        assert_eq!(adopted.len(), sent);
        for _ in 0..200 {
            let (i, j) = (next(in_a.len() as u64) as usize, next(in_a.len() as u64) as usize);
            let sum_a = a.add(in_a[i], in_a[j], &budget).unwrap();
            let sum_b = b.add(in_b[i], in_b[j], &budget).unwrap();
            assert_eq!(a.display(sum_a, DisplayStyle::default()), b.display(sum_b, DisplayStyle::default()));
            assert_eq!(a.leq(in_a[i], in_a[j], &budget).unwrap(), b.leq(in_b[i], in_b[j], &budget).unwrap());
        }
    }
}
