//! Fox and Geese: the value of the solver's graph against a plain fixed-point computation from
//! the rules, with its own move generator, on random small boards; the notation's errors.
//!
//! The plain computation keeps the fox on an unbounded board (rows counted from the bottom) and
//! never uses the `off` cut: a fox at least as high as every goose simply always has a move (a
//! step up). It plays `G - n` for integers n, with -n as a pile of n moves for Right (or -n for
//! Left), and finds by repeated sweeps who can force the other to be stuck. By the definition of
//! the order of stoppers, `G >= n` iff Left moving second survives `G - n` (never stuck), and
//! `G <= n` iff Right moving second does; the outcome class is who forces a win in `G` alone.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::dyadic::Dyadic;
use cgt_core::game::{Comparison, Games};
use cgt_core::loopy::graph::{LoopyOutcome, PlayResult};
use cgt_core::loopy::stopper::Stopper;

use super::{Board, FoxGeeseError};
use crate::test_rng::Rng;

/// A plain position: the fox's (height, column), `None` once it is free, and the geese's.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Plain {
    fox: Option<(i32, i32)>,
    geese: Vec<(i32, i32)>,
}

impl Plain {
    /// From rows top to bottom; heights count from 1 at the bottom row, columns from 1.
    fn from_rows(rows: &[String]) -> (Plain, i32) {
        let h = rows.len() as i32;
        let mut fox = None;
        let mut geese = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.chars().enumerate() {
                let at = (h - i as i32, j as i32 + 1);
                match ch {
                    'F' => fox = Some(at),
                    'G' => geese.push(at),
                    _ => {}
                }
            }
        }
        (Plain { fox, geese }.settled(), rows[0].len() as i32)
    }

    /// The same position with the fox marked free once it is as high as every goose.
    fn settled(mut self) -> Plain {
        self.geese.sort_unstable();
        let top = self.geese.iter().map(|g| g.0).max().unwrap_or(0);
        if self.fox.is_some_and(|f| f.0 >= top) {
            self.fox = None;
        }
        self
    }

    /// Left's moves: a goose one square diagonally down onto an empty square of the board.
    fn left(&self, width: i32) -> Vec<Plain> {
        let mut out = Vec::new();
        for (i, &(h, c)) in self.geese.iter().enumerate() {
            for to in [(h - 1, c - 1), (h - 1, c + 1)] {
                let on_board = to.0 >= 1 && to.1 >= 1 && to.1 <= width;
                if on_board && Some(to) != self.fox && !self.geese.contains(&to) {
                    let mut geese = self.geese.clone();
                    geese[i] = to;
                    out.push(Plain { fox: self.fox, geese }.settled());
                }
            }
        }
        out
    }

    /// Right's moves: the fox one square diagonally onto an empty square; a free fox always
    /// has one (upwards, where no goose can come), which leaves it free.
    fn right(&self, width: i32) -> Vec<Plain> {
        let Some((h, c)) = self.fox else { return vec![self.clone()] };
        [(h + 1, c - 1), (h + 1, c + 1), (h - 1, c - 1), (h - 1, c + 1)]
            .into_iter()
            .filter(|&to| to.0 >= 1 && to.1 >= 1 && to.1 <= width && !self.geese.contains(&to))
            .map(|to| Plain { fox: Some(to), geese: self.geese.clone() }.settled())
            .collect()
    }
}

/// Every plain position reachable from a start, with both players' options by number.
struct Positions {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

fn explore(start: Plain, width: i32) -> Positions {
    let mut number = HashMap::new();
    let mut found = vec![start.clone()];
    number.insert(start, 0);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut head = 0;
    while head < found.len() {
        let p = found[head].clone();
        let mut ids = |opts: Vec<Plain>| -> Vec<usize> {
            opts.into_iter()
                .map(|q| {
                    *number.entry(q.clone()).or_insert_with(|| {
                        found.push(q);
                        found.len() - 1
                    })
                })
                .collect()
        };
        left.push(ids(p.left(width)));
        right.push(ids(p.right(width)));
        head += 1;
    }
    Positions { left, right }
}

/// The states of `G + m` (m a pile of moves: Left's if positive, Right's if negative) from
/// which `winner` forces the other player to be stuck, as a set indexed by (position, m, mover).
fn forced(ps: &Positions, span: i32, winner_is_left: bool) -> HashMap<(usize, i32, bool), bool> {
    let mut win: HashMap<(usize, i32, bool), bool> = HashMap::new();
    let moves = |v: usize, m: i32, left_moves: bool| -> Vec<(usize, i32)> {
        let mut out: Vec<(usize, i32)> =
            if left_moves { &ps.left[v] } else { &ps.right[v] }.iter().map(|&w| (w, m)).collect();
        if left_moves && m > 0 {
            out.push((v, m - 1));
        }
        if !left_moves && m < 0 {
            out.push((v, m + 1));
        }
        out
    };
    loop {
        let mut changed = false;
        for v in 0..ps.left.len() {
            for m in -span..=span {
                for mover_is_left in [true, false] {
                    if win.get(&(v, m, mover_is_left)).copied().unwrap_or(false) {
                        continue;
                    }
                    let next = moves(v, m, mover_is_left);
                    let wins = |&(w, k): &(usize, i32)| win.get(&(w, k, !mover_is_left)).copied().unwrap_or(false);
                    let now =
                        if mover_is_left == winner_is_left { next.iter().any(wins) } else { next.iter().all(wins) };
                    if now {
                        win.insert((v, m, mover_is_left), true);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return win;
        }
    }
}

/// A random board of up to 5 rows and 4 columns with the fox and one to three geese on the
/// squares of one colour.
fn random_rows(r: &mut Rng) -> Vec<String> {
    let (h, w) = (2 + r.below(4) as usize, 2 + r.below(3) as usize);
    let squares: Vec<(usize, usize)> = (0..h * w).map(|i| (i / w, i % w)).filter(|(a, b)| (a + b) % 2 == 0).collect();
    let mut cells = vec![vec!['.'; w]; h];
    let pieces = (2 + r.below(3) as usize).min(squares.len());
    let mut pool = squares;
    for k in 0..pieces {
        let (a, b) = pool.swap_remove(r.below(pool.len() as u64) as usize);
        cells[a][b] = if k == 0 { 'F' } else { 'G' };
    }
    cells.into_iter().map(|row| row.into_iter().collect()).collect()
}

#[test]
fn values_agree_with_a_plain_fixed_point_on_random_boards() {
    let mut rng = Rng::new(0xf0c5_9ee5);
    let budget = Budget::unlimited();
    let mut games = Games::new();
    for _ in 0..300 {
        let rows = random_rows(&mut rng);
        let board = Board::from_rows(&rows).unwrap();
        let value = board.value(&budget).unwrap();
        let whole = Stopper::new(&board.graph(&budget).unwrap(), 0, &budget).unwrap();
        assert_eq!(value.compare(&whole, &budget).unwrap(), Comparison::Equal, "{rows:?}: layers and the whole graph");
        let (start, width) = Plain::from_rows(&rows);
        let ps = explore(start, width);
        let span = 4;
        let left_wins = forced(&ps, span, true);
        let right_wins = forced(&ps, span, false);
        for n in -3..=3 {
            let int = games.number(&Dyadic::from(n as i64));
            let int = Stopper::from_short(&mut games, int, &budget).unwrap();
            let cmp = value.compare(&int, &budget).unwrap();
            let geq = !right_wins.contains_key(&(0, -n, false));
            let leq = !left_wins.contains_key(&(0, -n, true));
            let want = match (geq, leq) {
                (true, true) => Comparison::Equal,
                (true, false) => Comparison::Greater,
                (false, true) => Comparison::Less,
                (false, false) => Comparison::Confused,
            };
            assert_eq!(cmp, want, "{rows:?} against {n}");
        }
        let result = |mover_is_left: bool| match (
            left_wins.contains_key(&(0, 0, mover_is_left)),
            right_wins.contains_key(&(0, 0, mover_is_left)),
        ) {
            (true, _) => PlayResult::LeftWins,
            (_, true) => PlayResult::RightWins,
            _ => PlayResult::Draw,
        };
        let want = LoopyOutcome::from_results(result(true), result(false));
        assert_eq!(value.outcome_class(&budget).unwrap(), want, "{rows:?}");
    }
}

#[test]
fn a_free_fox_is_off_and_a_trapped_fox_loses() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let show = |rows: &[&str], games: &mut Games| {
        let s = Stopper::new(&Board::from_rows(rows).unwrap().graph(&budget).unwrap(), 0, &budget).unwrap();
        s.display(games, cgt_core::game::DisplayStyle::default(), &budget).unwrap()
    };
    // The fox above the geese is free.
    assert_eq!(show(&["F.", ".G"], &mut games), "off");
    // The fox in the corner under a goose, which cannot move: Right has no move, Left none.
    assert_eq!(show(&[".G", "F."], &mut games), "0");
}

#[test]
fn bad_positions_are_errors() {
    assert_eq!(Board::from_rows(&["G.", ".G"]), Err(FoxGeeseError::Foxes(0)));
    assert_eq!(Board::from_rows(&["F.", ".F", "G."]), Err(FoxGeeseError::Foxes(2)));
    assert_eq!(Board::from_rows(&["F.", ".."]), Err(FoxGeeseError::NoGeese));
    assert_eq!(Board::from_rows(&["F", ".", "G"]), Err(FoxGeeseError::Narrow));
    assert_eq!(Board::from_rows(&["FG", ".."]), Err(FoxGeeseError::Colours));
    assert!(matches!(Board::from_rows(&["F.", "Gx"]), Err(FoxGeeseError::Grid(_))));
}
