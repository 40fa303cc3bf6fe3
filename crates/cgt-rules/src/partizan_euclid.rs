//! Partizan Euclid (`partizan_euclid[p, q]`; R. J. Nowakowski and N. A. McKay; CGSuite's
//! `game.heap.PartizanEuclid`): a position is an ordered pair of whole numbers (p, q). When
//! q = 0 or q divides p the position is over; otherwise each player has exactly one move, Left's
//! to (q, p mod q) and Right's to (q, q - p mod q). Positions with q > p are allowed.
//!
//! After either move the second number is smaller than q, so every play ends; the values are
//! found by [`Solver`] from the rules (a position is its own only region).

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::position::{Partizan, Solver, Tabled};

/// A Partizan Euclid position (p, q).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartizanEuclid {
    p: u64,
    q: u64,
}

impl PartizanEuclid {
    /// The position (p, q).
    pub fn new(p: u64, q: u64) -> PartizanEuclid {
        PartizanEuclid { p, q }
    }

    /// The pair (p, q).
    pub fn pair(&self) -> (u64, u64) {
        (self.p, self.q)
    }

    /// p mod q when the game is not over (q > 0 and q does not divide p).
    fn remainder(&self) -> Option<u64> {
        (self.q != 0).then(|| self.p % self.q).filter(|&r| r != 0)
    }

    /// The canonical value, from the rules.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }
}

impl Partizan for PartizanEuclid {
    fn left_options(&self) -> Vec<PartizanEuclid> {
        self.remainder().map(|r| PartizanEuclid::new(self.q, r)).into_iter().collect()
    }

    fn right_options(&self) -> Vec<PartizanEuclid> {
        self.remainder().map(|r| PartizanEuclid::new(self.q, self.q - r)).into_iter().collect()
    }

    fn notation(&self) -> String {
        format!("partizan_euclid[{}, {}]", self.p, self.q)
    }
}

impl Tabled for PartizanEuclid {}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use cgt_core::Budget;
    use cgt_core::game::{DisplayStyle, GameId, Games};

    use super::PartizanEuclid;
    use crate::test_rng::Rng;

    /// The value by the definition, with the moves written again from the rules: each player's
    /// one move, recursively, memoised by the pair.
    fn plain(games: &mut Games, p: u64, q: u64, memo: &mut HashMap<(u64, u64), GameId>) -> GameId {
        if let Some(&g) = memo.get(&(p, q)) {
            return g;
        }
        let budget = Budget::unlimited();
        let g = if q == 0 || p.is_multiple_of(q) {
            games.zero()
        } else {
            let left = plain(games, q, p % q, memo);
            let right = plain(games, q, q - p % q, memo);
            games.from_options(&[left], &[right], &budget).expect("unlimited")
        };
        memo.insert((p, q), g);
        g
    }

    #[test]
    fn cgsuite_published_values_of_the_row_p_8() {
        // CGSuite's own tests: `[PartizanEuclid((8, n)).CanonicalForm for n from 0 to 8]` and
        // `PartizanEuclid((8, 8)).LeftOptions.Size == 0`.
        let mut games = Games::new();
        let budget = Budget::unlimited();
        let shown: Vec<String> = (0..=8)
            .map(|n| {
                let g = PartizanEuclid::new(8, n).game(&mut games, &budget).expect("unlimited");
                games.display(g, DisplayStyle::default())
            })
            .collect();
        assert_eq!(shown, ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]);
        assert!(crate::position::Partizan::left_options(&PartizanEuclid::new(8, 8)).is_empty());
    }

    #[test]
    fn the_solver_agrees_with_the_definition_on_random_pairs() {
        let mut games = Games::new();
        let budget = Budget::unlimited();
        let mut memo = HashMap::new();
        let mut rng = Rng::new(0x00e0_c11d);
        for _ in 0..400 {
            let (p, q) = (rng.below(60), rng.below(60));
            let want = plain(&mut games, p, q, &mut memo);
            let got = PartizanEuclid::new(p, q).game(&mut games, &budget).expect("unlimited");
            assert_eq!(got, want, "({p}, {q})");
        }
    }
}
