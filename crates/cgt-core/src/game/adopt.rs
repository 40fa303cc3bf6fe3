//! Games handed from one arena to another: how two threads that each keep an arena of their
//! own (an arena is not shared between threads) pass each other the games they find.
//!
//! An arena adds a game only after its options, so the nodes it added from some id on, in
//! order, can be added to another arena in the same order ([`Games::export`],
//! [`Games::adopt`]), each option's id replaced by the receiving arena's id for it (kept in
//! [`Adopted`]). The games the arena held before the [`Exporter`] was made are sent only when
//! a game sent refers to them (options before games), so a long session's arena is not sent
//! whole. The nodes are canonical in the arena that made them, and a canonical form's options
//! are canonical, so each node with its options translated is canonical in the receiving
//! arena too; the structural order of the option lists (`order.rs`) never looks at ids, so
//! the lists stay in order.

use super::arena::Node;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::hash::FxHashMap;

/// What an arena has sent to another so far ([`Games::export`]).
pub struct Exporter {
    /// The arena's size when the exporter was made: the games from here on are sent in order.
    base: usize,
    /// The games from `base` sent so far end here.
    next: usize,
    /// Which games below `base` have been sent, one bit each.
    old_sent: Vec<u64>,
}

impl Exporter {
    /// An exporter of the games `games` adds from now on (and of the games it holds now that
    /// those refer to).
    pub fn new(games: &Games) -> Exporter {
        let base = games.len();
        Exporter { base, next: base, old_sent: vec![0; base.div_ceil(64)] }
    }

    fn old_is_sent(&self, g: GameId) -> bool {
        self.old_sent[g.index() / 64] >> (g.index() % 64) & 1 == 1
    }
}

/// Games one arena sends another ([`Games::export`]): older games first (each after its
/// options), then the games added since the last export, in order.
pub struct Export {
    base: usize,
    old: Vec<(GameId, Node)>,
    from: usize,
    nodes: Vec<Node>,
}

/// Which game of this arena each game of another arena is, for the games taken from it so
/// far.
#[derive(Default)]
pub struct Adopted {
    /// The other arena's `Exporter::base`, once known.
    base: usize,
    /// This arena's ids of the other arena's games `base..base + ids.len()`.
    ids: Vec<GameId>,
    /// This arena's ids of the other arena's older games taken.
    old: FxHashMap<GameId, GameId>,
}

impl Adopted {
    /// This arena's id for the other arena's game `theirs`, if it has been adopted.
    pub fn get(&self, theirs: GameId) -> Option<GameId> {
        match theirs.index().checked_sub(self.base) {
            Some(i) => self.ids.get(i).copied(),
            None => self.old.get(&theirs).copied(),
        }
    }

    /// How many of the other arena's games have been adopted.
    pub fn len(&self) -> usize {
        self.ids.len() + self.old.len()
    }

    /// Whether none has been adopted yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Games {
    /// The games added since the exporter was made or last used, and the older games not
    /// sent yet that they refer to or that are among `wanted` (games the other arena will be
    /// told about, such as values found, which may be older games), for another arena to
    /// [`Games::adopt`].
    pub fn export(&self, exporter: &mut Exporter, wanted: impl IntoIterator<Item = GameId>) -> Export {
        let from = exporter.next;
        let mut old = Vec::new();
        for node in &self.nodes[from..] {
            if let Node::General(lists) = node {
                for &o in lists.both() {
                    self.export_if_old(o, exporter, &mut old);
                }
            }
        }
        for g in wanted {
            self.export_if_old(g, exporter, &mut old);
        }
        exporter.next = self.nodes.len();
        Export { base: exporter.base, old, from, nodes: self.nodes[from..].to_vec() }
    }

    /// [`Games::export_old`] when `g` is an older game not sent yet.
    fn export_if_old(&self, g: GameId, exporter: &mut Exporter, out: &mut Vec<(GameId, Node)>) {
        if g.index() < exporter.base && !exporter.old_is_sent(g) {
            self.export_old(g, exporter, out);
        }
    }

    /// Pushes the older game `g` and those of its options not sent yet onto `out`, options
    /// first (depth first, on a stack of its own: a game may be deep).
    fn export_old(&self, g: GameId, exporter: &mut Exporter, out: &mut Vec<(GameId, Node)>) {
        let mut stack = vec![(g, false)];
        while let Some((g, expanded)) = stack.pop() {
            if exporter.old_is_sent(g) {
                continue;
            }
            let node = self.node(g);
            if !expanded {
                stack.push((g, true));
                if let Node::General(lists) = node {
                    stack.extend(lists.both().iter().filter(|o| !exporter.old_is_sent(**o)).map(|&o| (o, false)));
                }
                continue;
            }
            exporter.old_sent[g.index() / 64] |= 1 << (g.index() % 64);
            out.push((g, node.clone()));
        }
    }

    /// Adds the games of another arena's export; the exports of one [`Exporter`] must be
    /// adopted in the order they were made, into one `adopted`. On an error (the memory
    /// budget) some of the games may have been added and `adopted` no longer matches the
    /// other arena: it must not be used again.
    pub fn adopt(&mut self, export: Export, adopted: &mut Adopted, budget: &Budget) -> Result<(), Exhausted> {
        if adopted.is_empty() {
            adopted.base = export.base;
        }
        assert_eq!(
            (export.base, export.from),
            (adopted.base, adopted.base + adopted.ids.len()),
            "an export adopted out of order"
        );
        for (theirs, node) in export.old {
            let id = self.adopt_node(node, adopted, budget)?;
            adopted.old.insert(theirs, id);
        }
        for node in export.nodes {
            let id = self.adopt_node(node, adopted, budget)?;
            adopted.ids.push(id);
        }
        Ok(())
    }

    /// The id here of another arena's node, whose options have been adopted.
    fn adopt_node(&mut self, node: Node, adopted: &Adopted, budget: &Budget) -> Result<GameId, Exhausted> {
        match node {
            Node::Nus(n) => self.intern_checked(Node::Nus(n), budget),
            Node::General(lists) => {
                let mine = |list: &[GameId]| -> Vec<GameId> {
                    list.iter().map(|&g| adopted.get(g).expect("an option adopted before its game")).collect()
                };
                self.intern_general_checked(&mine(lists.left()), &mine(lists.right()), budget)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dyadic;
    use crate::game::DisplayStyle;

    /// Games built in one arena, handed over in several exports, are the games the other
    /// arena builds the same way: the same ids there, the same printed forms, and sums and
    /// comparisons with them that agree with the first arena's. Games the first arena held
    /// before its exporter was made go over only when a game sent refers to them.
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
        let mut build_some =
            |a: &mut Games, b: &mut Games, in_a: &mut Vec<GameId>, in_b: &mut Vec<GameId>, n: usize| {
                for _ in 0..n {
                    let picks: Vec<(bool, usize)> =
                        (0..1 + next(4)).map(|_| (next(2) == 0, next(in_a.len() as u64) as usize)).collect();
                    let build = |games: &mut Games, list: &[GameId]| {
                        let left: Vec<GameId> = picks.iter().filter(|p| p.0).map(|p| list[p.1]).collect();
                        let right: Vec<GameId> = picks.iter().filter(|p| !p.0).map(|p| list[p.1]).collect();
                        games.from_options(&left, &right, &Budget::unlimited()).unwrap()
                    };
                    let (ga, gb) = (build(a, in_a), build(b, in_b));
                    in_a.push(ga);
                    in_b.push(gb);
                }
            };
        // Games `a` holds before its exporter is made.
        build_some(&mut a, &mut b, &mut in_a, &mut in_b, 60);
        // One more, referred to by nothing later, which must not be sent.
        let lonely = a.from_options(&[in_a[in_a.len() - 1], in_a[in_a.len() - 2]], &[a.zero()], &budget).unwrap();
        let mut exporter = Exporter::new(&a);
        let before = in_a.len();
        let mut adopted = Adopted::default();
        for round in 0..6 {
            build_some(&mut a, &mut b, &mut in_a, &mut in_b, 40);
            let export = a.export(&mut exporter, in_a[before..].iter().copied());
            b.adopt(export, &mut adopted, &budget).unwrap();
            // Every game built since the exporter was made is now known to `b` under the id
            // it gave it itself, and so is every older game one of them refers to.
            for (&ga, &gb) in in_a.iter().zip(&in_b).skip(before) {
                assert_eq!(adopted.get(ga), Some(gb), "round {round}");
                assert_eq!(a.display(ga, DisplayStyle::default()), b.display(gb, DisplayStyle::default()));
            }
        }
        assert!(adopted.get(lonely).is_none() || in_a.contains(&lonely), "an older game no game refers to was sent");
        let old_sent = in_a[..before].iter().filter(|&&g| adopted.get(g).is_some()).count();
        assert!(old_sent > 0 && old_sent < before, "{old_sent} of {before} older games sent");
        for (&ga, &gb) in in_a[..before].iter().zip(&in_b) {
            if let Some(mine) = adopted.get(ga) {
                assert_eq!(mine, gb);
            }
        }
        for _ in 0..200 {
            let (i, j) = (before + next((in_a.len() - before) as u64) as usize, next(in_a.len() as u64) as usize);
            let sum_a = a.add(in_a[i], in_a[j], &budget).unwrap();
            let sum_b = b.add(in_b[i], in_b[j], &budget).unwrap();
            assert_eq!(a.display(sum_a, DisplayStyle::default()), b.display(sum_b, DisplayStyle::default()));
            assert_eq!(a.leq(in_a[i], in_a[j], &budget).unwrap(), b.leq(in_b[i], in_b[j], &budget).unwrap());
        }
    }
}
