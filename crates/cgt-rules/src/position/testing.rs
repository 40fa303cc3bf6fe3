//! The test helper every partizan ruleset uses: its fast value against [`search`] (the plain
//! definition, CGT II.1) on many positions; and the [`Partizan`] impls of trees, Toppling
//! Dominoes and Domineering held against their own engines through it; and [`plain_value`], the
//! driver of the oracles that play from a move generator each ruleset's test writes itself,
//! plainly from the rules, over the position's letters (so that a wrong move rule in a solver
//! cannot pass by being shared with its oracle). Beside them, the scaffolding the grid and graph
//! rulesets' tests share: random rows of letters, the comparison loops ([`assert_boards_agree`],
//! [`Oracle`]) and the outer loops of plain move generators over stones ([`plain_stone_moves`],
//! [`plain_steps`]), which know no ruleset's moves.

use std::collections::HashMap;
use std::hash::Hash;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::outcome::{Measured, OutcomeSearch, Valuer};
use super::{Partizan, Solver, Tabled, search};
use crate::test_rng::Rng;

/// Asserts that `fast` gives every position the value [`search`] gives it; returns how many
/// positions were checked.
pub(crate) fn assert_agrees<P: Partizan + Clone>(
    games: &mut Games,
    positions: impl IntoIterator<Item = P>,
    mut fast: impl FnMut(&mut Games, &P) -> GameId,
) -> usize {
    let budget = Budget::unlimited();
    let mut count = 0;
    for p in positions {
        let want = search(games, p.clone(), &budget).expect("no budget");
        let got = fast(games, &p);
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{}: fast {g}, search {w}", p.notation());
        }
        count += 1;
    }
    count
}

/// A board as the plain oracles see it: rows of letters.
pub(crate) type Rows = Vec<Vec<char>>;

/// Rows of letters from rows of text.
pub(crate) fn rows_of<S: AsRef<str>>(text: &[S]) -> Rows {
    text.iter().map(|r| r.as_ref().chars().collect()).collect()
}

/// The value of position `p` straight from the definition of a game (CGT II.1): the game whose
/// options are the values of `moves(p, true)` for Left and `moves(p, false)` for Right, where
/// `moves` is the test's own move generator; memoised on the whole position, with no regions,
/// symmetries or negation.
pub(crate) fn plain_value<K: Clone + Eq + Hash>(
    games: &mut Games,
    memo: &mut HashMap<K, GameId>,
    p: &K,
    moves: &dyn Fn(&K, bool) -> Vec<K>,
) -> GameId {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, left) in [true, false].into_iter().enumerate() {
        for q in moves(p, left) {
            let g = plain_value(games, memo, &q, moves);
            sides[side].push(g);
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).expect("no budget");
    memo.insert(p.clone(), g);
    g
}

/// Asserts that a [`Solver`] gives each position the value [`plain_value`] gives its plain form
/// under `moves`; returns how many positions were checked.
pub(crate) fn assert_plain_agrees<K: Clone + Eq + Hash + std::fmt::Debug, P: Tabled>(
    games: &mut Games,
    positions: impl IntoIterator<Item = (K, P)>,
    moves: &dyn Fn(&K, bool) -> Vec<K>,
) -> usize {
    let mut solver = Solver::new();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    let mut count = 0;
    for (plain, p) in positions {
        let want = plain_value(games, &mut memo, &plain, moves);
        let got = solver.value(games, &p, &budget).expect("no budget");
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{} ({plain:?}): solver {g}, plain search {w}", p.notation());
        }
        count += 1;
    }
    count
}

/// What a test that holds a ruleset's own values against its plain oracle keeps from one
/// position to the next: the games, the ruleset's [`Solver`], and the oracle's memo.
pub(crate) struct Oracle<K, P: Tabled> {
    /// The games all values live in.
    pub(crate) games: Games,
    /// The ruleset's solver.
    pub(crate) solver: Solver<P>,
    /// No limit.
    pub(crate) budget: Budget,
    memo: HashMap<K, GameId>,
}

impl<K: Clone + Eq + Hash, P: Tabled> Oracle<K, P> {
    /// Fresh games, solver and memo.
    pub(crate) fn new() -> Self {
        Oracle { games: Games::new(), solver: Solver::new(), budget: Budget::unlimited(), memo: HashMap::new() }
    }

    /// The value of plain position `k` under `moves` (see [`plain_value`]).
    pub(crate) fn plain(&mut self, k: &K, moves: &dyn Fn(&K, bool) -> Vec<K>) -> GameId {
        plain_value(&mut self.games, &mut self.memo, k, moves)
    }

    /// Asserts that `fast`, the ruleset's value of `p`, and the value [`search`] gives `p` are
    /// both the value of its plain form `k` under `moves`; returns that value.
    pub(crate) fn check(&mut self, p: &P, fast: GameId, k: &K, moves: &dyn Fn(&K, bool) -> Vec<K>) -> GameId {
        let slow = self.plain(k, moves);
        assert_eq!(search(&mut self.games, p.clone(), &self.budget).expect("no budget"), slow, "{}", p.notation());
        let shown = self.games.display(slow, DisplayStyle::default());
        assert_eq!(fast, slow, "{}: plain search {shown}", p.notation());
        slow
    }
}

/// The cell `k` steps of `(dr, dc)` from `(r, c)` in `rows`, if it is on the board.
pub(crate) fn at(rows: &Rows, (r, c): (usize, usize), (dr, dc): (isize, isize), k: isize) -> Option<(usize, usize)> {
    let (r, c) = (r.checked_add_signed(dr * k)?, c.checked_add_signed(dc * k)?);
    (r < rows.len() && c < rows[r].len()).then_some((r, c))
}

/// The value a [`Solver`] gives position `p`, as printed.
pub(crate) fn shown_by_solver<P: Tabled>(p: P) -> String {
    let mut games = Games::new();
    let g = Solver::new().value(&mut games, &p, &Budget::unlimited()).expect("no budget");
    games.display(g, DisplayStyle::default())
}

/// Random rows of text for a test board: 1 to `rows` rows, each of the same 1 to
/// `cells / rows` letters (at most `cols`), each letter drawn evenly from `letters` (repeat a
/// letter to make it likelier).
pub(crate) fn random_rows(rng: &mut Rng, rows: u64, cells: u64, cols: u64, letters: &[char]) -> Vec<String> {
    let r = 1 + rng.below(rows);
    let c = 1 + rng.below((cells / r).min(cols));
    (0..r).map(|_| (0..c).map(|_| letters[rng.below(letters.len() as u64) as usize]).collect()).collect()
}

/// Asserts that a [`Solver`] gives each board, read from its rows of text by `parse`, the value
/// [`plain_value`] gives its rows of letters under `moves`; returns how many boards were checked.
pub(crate) fn assert_boards_agree<P: Tabled>(
    boards: impl IntoIterator<Item = Vec<String>>,
    parse: impl Fn(&[String]) -> P,
    moves: &dyn Fn(&Rows, bool) -> Vec<Rows>,
) -> usize {
    let pairs = boards.into_iter().map(|text| (rows_of(&text), parse(&text)));
    assert_plain_agrees(&mut Games::new(), pairs, moves)
}

/// Asserts that the outcome search ([`OutcomeSearch`]) gives each board the outcome class of
/// the value [`plain_value`] gives its plain form under `moves` (the test's own move
/// generator), with regions valued exactly by `valuer` up to each size of `smalls` (0: every
/// region searched); one search state per size serves every board, so that the table carries over
/// from one board to the next. Returns how many boards were checked, and how many of them were
/// not small enough to be valued whole at the largest size.
pub(crate) fn assert_outcomes_agree<P: Measured>(
    boards: impl IntoIterator<Item = Vec<String>>,
    parse: impl Fn(&[String]) -> P,
    moves: &dyn Fn(&Rows, bool) -> Vec<Rows>,
    smalls: &[usize],
    valuer: &mut impl Valuer<P>,
) -> (usize, usize) {
    let budget = Budget::unlimited();
    let (mut games, mut memo) = (Games::new(), HashMap::new());
    let mut searches: Vec<OutcomeSearch<P>> = smalls.iter().map(|&n| OutcomeSearch::new(n)).collect();
    let (mut count, mut searched) = (0, 0);
    for text in boards {
        let (plain, p) = (rows_of(&text), parse(&text));
        let g = plain_value(&mut games, &mut memo, &plain, moves);
        let want = games.outcome(g, &budget).expect("no budget");
        for search in &mut searches {
            let got = search.outcome(&mut games, valuer, &p, &budget).expect("no budget");
            assert_eq!(got, want, "{} (regions valued up to size {})", p.notation(), search.small());
        }
        count += 1;
        searched += usize::from(searches.last().is_some_and(|s| !s.is_small(&p)));
    }
    (count, searched)
}

/// [`assert_outcomes_agree`] for a ruleset valued by its generic [`Solver`], with regions
/// valued exactly up to 0, 2 and 6 cells: checks every board of `boards` and asserts that at
/// least `searched` of them have a region over 6 cells, so that the search has work at every
/// size.
pub(crate) fn assert_searches_agree<P: Measured>(
    boards: Vec<Vec<String>>,
    parse: impl Fn(&[String]) -> P,
    moves: &dyn Fn(&Rows, bool) -> Vec<Rows>,
    searched: usize,
) {
    let n = boards.len();
    let (checked, large) = assert_outcomes_agree(boards, parse, moves, &[0, 2, 6], &mut Solver::new());
    assert_eq!(checked, n);
    assert!(large >= searched, "only {large} of {n} boards had a region over 6 cells");
}

/// The boards `moves(from, me, enemy)` gives for each of the mover's stones (`me`, `x` Left's
/// or `o` Right's, at `from`), in reading order: the outer loop of the plain move generators
/// of games of stones.
pub(crate) fn plain_stone_moves(
    rows: &Rows,
    left: bool,
    moves: impl Fn((usize, usize), char, char) -> Vec<Rows>,
) -> Vec<Rows> {
    let (me, enemy) = if left { ('x', 'o') } else { ('o', 'x') };
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &letter) in row.iter().enumerate() {
            if letter == me {
                out.extend(moves((r, c), me, enemy));
            }
        }
    }
    out
}

/// The four orthogonal steps: up, down, left, right.
pub(crate) const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The moves of a game in which one of the mover's stones steps onto an orthogonally adjacent
/// square, straight from such rules: `step(enemy, there)` is the letter the stone leaves behind
/// when it may step onto a square lettered `there`, else `None`. In reading order of the
/// stones, then up, down, left, right.
pub(crate) fn plain_steps(rows: &Rows, left: bool, step: impl Fn(char, char) -> Option<char>) -> Vec<Rows> {
    plain_stone_moves(rows, left, |(r, c), me, enemy| {
        let targets = ORTHOGONAL.iter().filter_map(|&d| at(rows, (r, c), d, 1));
        let steps = targets.filter_map(|(tr, tc)| step(enemy, rows[tr][tc]).map(|behind| (tr, tc, behind)));
        steps
            .map(|(tr, tc, behind)| {
                let mut next = rows.clone();
                next[r][c] = behind;
                next[tr][tc] = me;
                next
            })
            .collect()
    })
}

/// The value of a position by [`search`], as printed.
pub(crate) fn shown_by_search<P: Partizan>(p: P) -> String {
    let mut games = Games::new();
    let g = search(&mut games, p, &Budget::unlimited()).expect("no budget");
    games.display(g, DisplayStyle::default())
}

#[test]
fn trees_agree_with_search() {
    use crate::tree::{Colour, Tree};
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let trees = (0..300).map(|_| {
        let mut t = Tree::new();
        for e in 0..rng.below(8) as usize {
            let parent = rng.below(e as u64 + 1) as usize;
            t.add_edge(parent.checked_sub(1), colours[rng.below(3) as usize]);
        }
        t
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let n = assert_agrees(&mut games, trees, |games, t| t.game(games, &budget).unwrap());
    assert_eq!(n, 300);
}

#[test]
fn toppling_rows_agree_with_search() {
    use crate::toppling::Position;
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let rows = (0..300).map(|_| {
        let text: String = (0..rng.below(8)).map(|_| ['B', 'W', 'G', '.'][rng.below(4) as usize]).collect();
        Position::parse(&text).unwrap()
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    assert_eq!(assert_agrees(&mut games, rows, |games, p| p.game(games, &budget).unwrap()), 300);
    assert_eq!(shown_by_search(Position::parse("BWWB").unwrap()), "^");
}

#[test]
fn domineering_boards_agree_with_search() {
    use crate::domineering::Board;
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let boards = (0..300).map(|_| {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below((10 / rows) as u64) as usize;
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if rng.below(5) == 0 { '#' } else { '.' }).collect()).collect();
        Board::from_rows(&text).unwrap()
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    assert_eq!(assert_agrees(&mut games, boards, |games, b| b.game(games, &budget).unwrap()), 300);
    assert_eq!(shown_by_search(Board::empty(2, 2)), "+-1");
}
