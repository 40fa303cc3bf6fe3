//! Games handed from one arena to another: how two threads that each keep an arena of their
//! own (an arena is not shared between threads) pass each other the games they find.
//!
//! An arena adds a game only after its options. [`Games::export`] sends the games a list of
//! wanted games reaches (the values the other thread will be told about) that it has not
//! sent before, each after its options, and [`Games::adopt`] adds them to another arena in
//! that order, each option's id replaced by the receiving arena's id for it (kept in
//! [`Adopted`]). The games an arena makes on the way to a value and leaves behind (sums of
//! options later dominated, options reversed out) are never sent: in a Domineering value on
//! two threads they are about three games in five. The nodes are canonical in the arena that
//! made them, and a canonical form's options are canonical, so each node with its options
//! translated is canonical in the receiving arena too; the structural order of the option
//! lists (`order.rs`) never looks at ids, so the lists stay in order.

use super::arena::Node;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};

/// What an arena has sent to another so far ([`Games::export`]).
pub struct Exporter {
    /// Which games have been sent, one bit each.
    sent: Vec<u64>,
    /// How many exports were made (so that they are adopted in order).
    exports: u64,
    /// The depth-first walk's stack, kept between exports.
    stack: Vec<(GameId, bool)>,
}

impl Exporter {
    /// An exporter of the games of `games`, none of them sent yet.
    pub fn new(games: &Games) -> Exporter {
        Exporter { sent: vec![0; games.len().div_ceil(64)], exports: 0, stack: Vec::new() }
    }

    fn is_sent(&self, g: GameId) -> bool {
        self.sent.get(g.index() / 64).is_some_and(|w| w >> (g.index() % 64) & 1 == 1)
    }

    fn mark_sent(&mut self, g: GameId) {
        let word = g.index() / 64;
        if word >= self.sent.len() {
            self.sent.resize(word + 1, 0);
        }
        self.sent[word] |= 1 << (g.index() % 64);
    }
}

/// Games one arena sends another ([`Games::export`]), each after its options, with their
/// ids in the sending arena.
pub struct Export {
    /// This export's place in the sequence of its exporter's exports.
    number: u64,
    nodes: Vec<(GameId, Node)>,
}

impl Export {
    /// How many games it holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Which game of this arena each game of another arena is, for the games taken from it so
/// far.
#[derive(Default)]
pub struct Adopted {
    /// This arena's id of the other arena's game `i` at `ids[i]`, [`NOT_ADOPTED`] where none.
    ids: Vec<u32>,
    /// How many games have been adopted.
    len: usize,
    /// How many exports have been adopted.
    exports: u64,
}

/// A hole in [`Adopted::ids`]: no arena holds `u32::MAX` games.
const NOT_ADOPTED: u32 = u32::MAX;

impl Adopted {
    /// This arena's id for the other arena's game `theirs`, if it has been adopted.
    pub fn get(&self, theirs: GameId) -> Option<GameId> {
        self.ids.get(theirs.index()).filter(|&&id| id != NOT_ADOPTED).map(|&id| GameId(id))
    }

    /// How many of the other arena's games have been adopted.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none has been adopted yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn insert(&mut self, theirs: GameId, mine: GameId) {
        if theirs.index() >= self.ids.len() {
            self.ids.resize((theirs.index() + 1).next_power_of_two(), NOT_ADOPTED);
        }
        if self.ids[theirs.index()] == NOT_ADOPTED {
            self.len += 1;
        }
        self.ids[theirs.index()] = mine.0;
    }
}

impl Games {
    /// The games `wanted` (games the other arena will be told about, such as values found)
    /// and the games they reach through their options, but those sent before, each after its
    /// options, for another arena to [`Games::adopt`].
    pub fn export(&self, exporter: &mut Exporter, wanted: impl IntoIterator<Item = GameId>) -> Export {
        let mut nodes = Vec::new();
        let mut stack = std::mem::take(&mut exporter.stack);
        for g in wanted {
            // Depth first, on a stack of its own (a game may be deep); a game is pushed
            // again, expanded, below its options, and sent when it comes back up.
            stack.push((g, false));
            while let Some((g, expanded)) = stack.pop() {
                if exporter.is_sent(g) {
                    continue;
                }
                let node = self.node(g);
                if !expanded {
                    stack.push((g, true));
                    if let Node::General(lists) = node {
                        stack.extend(lists.both().iter().filter(|&&o| !exporter.is_sent(o)).map(|&o| (o, false)));
                    }
                    continue;
                }
                exporter.mark_sent(g);
                nodes.push((g, node.clone()));
            }
        }
        exporter.stack = stack;
        let number = exporter.exports;
        exporter.exports += 1;
        Export { number, nodes }
    }

    /// Adds the games of another arena's export; the exports of one [`Exporter`] must be
    /// adopted in the order they were made, into one `adopted`. On an error (the memory
    /// budget) some of the games may have been added and `adopted` no longer matches the
    /// other arena: it must not be used again.
    pub fn adopt(&mut self, export: Export, adopted: &mut Adopted, budget: &Budget) -> Result<(), Exhausted> {
        assert_eq!(export.number, adopted.exports, "an export adopted out of order");
        adopted.exports += 1;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for (theirs, node) in export.nodes {
            let id = match node {
                Node::Nus(n) => self.intern_checked(Node::Nus(n), budget)?,
                Node::General(lists) => {
                    let mine = |list: &[GameId], out: &mut Vec<GameId>| {
                        out.clear();
                        out.extend(list.iter().map(|&g| adopted.get(g).expect("an option adopted before its game")));
                    };
                    mine(lists.left(), &mut left);
                    mine(lists.right(), &mut right);
                    self.intern_general_checked(&left, &right, budget)?
                }
            };
            adopted.insert(theirs, id);
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
    /// comparisons with them that agree with the first arena's. Only the games wanted and the
    /// games they reach go over, each once: the first arena's older games only when a game
    /// sent refers to them, and never a game nothing wanted reaches.
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
            // A game of `a`'s that no wanted game reaches is not sent.
            let unwanted = a.number(&Dyadic::new(1001 + 2 * round, 5));
            let export = a.export(&mut exporter, in_a[before..].iter().copied());
            let sent = export.len();
            b.adopt(export, &mut adopted, &budget).unwrap();
            assert_eq!(adopted.get(unwanted), None, "round {round}");
            // What was sent is not sent again.
            let again = a.export(&mut exporter, in_a[before..].iter().copied());
            assert!(again.is_empty());
            b.adopt(again, &mut adopted, &budget).unwrap();
            assert!(sent > 0);
            b.adopt(a.export(&mut exporter, []), &mut adopted, &budget).unwrap();
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
