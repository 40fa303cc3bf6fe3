//! Staircase Nim: coins on the steps of a staircase, or on the vertices of a rooted tree; a move
//! takes any positive number of coins from one step (vertex) down to the step below (its
//! parent). Step 0, the root, is the floor: coins there never move again.
//!
//! Theory: WW ch. 15 ("Staircase Nim"); Lessons in Play ch. 7 (exercise on Staircase Nim and
//! its tree form). The Grundy value is the nim-sum of the coins on odd steps (odd depth): a move
//! from an odd step is a Nim move there, and a move from an even step to an odd one adds coins to
//! a Nim heap, so no move keeps the nim-sum and every smaller nim-sum is reached by a Nim move.

use cgt_core::Outcome;
use num_bigint::BigUint;
use num_traits::Zero;

/// A Staircase Nim position: `coins[i]` coins on vertex `i + 1`, whose parent is `parent[i]`
/// (0 is the floor). On the line, vertex i's parent is i - 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staircase {
    coins: Vec<BigUint>,
    parent: Vec<usize>,
    odd: Vec<bool>,
    line: bool,
}

/// Why a tree of steps was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaircaseError {
    /// There must be one parent per vertex.
    LengthMismatch {
        /// Number of coin counts.
        coins: usize,
        /// Number of parents.
        parents: usize,
    },
    /// A parent names a vertex that does not exist (vertices are 1 to n, the floor 0).
    NoSuchVertex {
        /// The vertex whose parent is wrong.
        vertex: usize,
        /// The parent given.
        parent: usize,
    },
    /// Following parents from this vertex never reaches the floor.
    Cycle {
        /// A vertex on the cycle.
        vertex: usize,
    },
}

impl std::fmt::Display for StaircaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StaircaseError::LengthMismatch { coins, parents } => {
                write!(f, "{coins} vertices have coins but {parents} parents are given; give one parent per vertex")
            }
            StaircaseError::NoSuchVertex { vertex, parent } => write!(
                f,
                "vertex {vertex} has parent {parent}, which is not a vertex (vertices are 1 to n, 0 is the floor)"
            ),
            StaircaseError::Cycle { vertex } => {
                write!(f, "following parents from vertex {vertex} goes round a cycle and never reaches the floor 0")
            }
        }
    }
}

/// A move: `count` coins from vertex (step) `from` down to vertex `to`, its parent (0: the floor).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StairMove {
    /// The vertex the coins leave, 1 to n.
    pub from: usize,
    /// Its parent, where the coins arrive.
    pub to: usize,
    /// How many coins move (at least 1).
    pub count: BigUint,
}

impl Staircase {
    /// The staircase `staircase[c1, ..., cn]`: `coins[i]` coins on step `i + 1`.
    pub fn line(coins: Vec<BigUint>) -> Self {
        let parent: Vec<usize> = (0..coins.len()).collect();
        let odd = (0..coins.len()).map(|i| i % 2 == 0).collect();
        Staircase { coins, parent, odd, line: true }
    }

    /// A tree of steps: `coins[i]` coins on vertex `i + 1`, whose parent is `parent[i]` (another
    /// vertex, or 0 for the floor). The parents must lead to the floor from every vertex.
    pub fn tree(coins: Vec<BigUint>, parent: Vec<usize>) -> Result<Self, StaircaseError> {
        if coins.len() != parent.len() {
            return Err(StaircaseError::LengthMismatch { coins: coins.len(), parents: parent.len() });
        }
        let odd = depth_parities(&parent)?;
        Ok(Staircase { coins, parent, odd, line: false })
    }

    /// The coins on vertex `i + 1`, for every i.
    pub fn coins(&self) -> &[BigUint] {
        &self.coins
    }

    /// The position in the language's notation: `staircase[3, 0, 2]`, with `parent=[...]` after
    /// it for a tree.
    pub fn notation(&self) -> String {
        let coins = join(self.coins.iter());
        if self.line {
            format!("staircase[{coins}]")
        } else {
            format!("staircase[{coins}] parent=[{}]", join(self.parent.iter()))
        }
    }

    /// The Grundy value: the nim-sum of the coins at odd depth.
    pub fn grundy(&self) -> BigUint {
        self.coins.iter().zip(&self.odd).filter(|(_, odd)| **odd).fold(BigUint::zero(), |acc, (c, _)| acc ^ c)
    }

    /// `P` or `N`.
    pub fn outcome(&self) -> Outcome {
        if self.grundy().is_zero() { Outcome::P } else { Outcome::N }
    }

    /// A winning move (to Grundy value 0), or `None` from a P-position.
    pub fn winning_move(&self) -> Option<StairMove> {
        self.move_to_value(&BigUint::zero())
    }

    /// A move to a position of Grundy value `target`, or `None` if there is none. A smaller value
    /// is reached by a Nim move from an odd vertex; a larger one may need coins brought up to an
    /// odd vertex from one of its children.
    pub fn move_to_value(&self, target: &BigUint) -> Option<StairMove> {
        let x = self.grundy() ^ target;
        if x.is_zero() {
            return None;
        }
        let odd_vertices = || (0..self.coins.len()).filter(|&i| self.odd[i]);
        if let Some(i) = odd_vertices().find(|&i| (&self.coins[i] ^ &x) < self.coins[i]) {
            let count = &self.coins[i] - (&self.coins[i] ^ &x);
            return Some(StairMove { from: i + 1, to: self.parent[i], count });
        }
        // Raise an odd vertex p to p ^ x with coins from an even child of p.
        odd_vertices().find_map(|p| {
            let count = (&self.coins[p] ^ &x) - &self.coins[p];
            let child = (0..self.coins.len()).find(|&c| self.parent[c] == p + 1 && self.coins[c] >= count)?;
            Some(StairMove { from: child + 1, to: p + 1, count })
        })
    }
}

/// Whether each vertex is at odd depth (the floor 0 at depth 0), without recursion: each walk up
/// stops at the floor or at a vertex already known, and a walk that meets itself is a cycle.
fn depth_parities(parent: &[usize]) -> Result<Vec<bool>, StaircaseError> {
    let n = parent.len();
    let mut odd: Vec<Option<bool>> = vec![None; n];
    let mut on_walk = vec![false; n];
    for start in 0..n {
        let mut walk = Vec::new();
        let mut v = start;
        let mut above = loop {
            if let Some(o) = odd[v] {
                break o;
            }
            if on_walk[v] {
                return Err(StaircaseError::Cycle { vertex: v + 1 });
            }
            on_walk[v] = true;
            walk.push(v);
            match parent[v] {
                0 => break false,
                p if p > n => return Err(StaircaseError::NoSuchVertex { vertex: v + 1, parent: p }),
                p => v = p - 1,
            }
        };
        for &w in walk.iter().rev() {
            above = !above;
            odd[w] = Some(above);
            on_walk[w] = false;
        }
    }
    Ok(odd.into_iter().map(|o| o.unwrap_or(false)).collect())
}

fn join<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests;
