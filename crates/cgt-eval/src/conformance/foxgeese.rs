//! Fox and Geese for the conformance suite: random boards in `foxgeese[...]` notation and their
//! outcome classes by a plain search of the rules (the fox on a board unbounded upwards, a fox
//! as high as every goose always able to step up; who forces the other to be stuck, else a draw).

use std::collections::HashMap;

use cgt_testkit::Rng;

/// Pieces as (row from the top, column): the fox (`None` once it is as high as every goose) and
/// the geese, sorted.
type Pos = (Option<(i64, i64)>, Vec<(i64, i64)>);

/// A random board of 2 to 4 rows and 2 to 4 columns, the fox and one to three geese on the squares
/// of one colour, as the statement `outcome(foxgeese[...])`, and its outcome class.
pub(super) fn case(r: &mut Rng) -> (String, String) {
    let (h, w) = (2 + r.below(3) as i64, 2 + r.below(3) as i64);
    let mut pool: Vec<(i64, i64)> = (0..h * w).map(|i| (i / w, i % w)).filter(|(a, b)| (a + b) % 2 == 0).collect();
    let mut cells = vec![vec!['.'; w as usize]; h as usize];
    let pieces = (2 + r.below(3) as usize).min(pool.len());
    for k in 0..pieces {
        let (a, b) = pool.swap_remove(r.below(pool.len() as u64) as usize);
        cells[a as usize][b as usize] = if k == 0 { 'F' } else { 'G' };
    }
    let rows: Vec<String> = cells.iter().map(|row| format!("\"{}\"", row.iter().collect::<String>())).collect();
    let at = |ch: char| -> Vec<(i64, i64)> {
        (0..h * w).map(|i| (i / w, i % w)).filter(|&(a, b)| cells[a as usize][b as usize] == ch).collect()
    };
    let start = settle((at('F').first().copied(), at('G')));
    (format!("outcome(foxgeese[{}])", rows.join(", ")), outcome(start, w, h))
}

/// The fox is free (no goose can stop it) once it is as high as every goose.
fn settle((fox, mut geese): Pos) -> Pos {
    geese.sort_unstable();
    let top = geese.iter().map(|g| g.0).min().unwrap_or(i64::MAX);
    (fox.filter(|f| f.0 > top), geese)
}

/// The moves of one player: a goose diagonally down onto an empty square, or the fox diagonally
/// onto an empty square (a free fox steps up, staying free).
fn moves(p: &Pos, left: bool, w: i64, h: i64) -> Vec<Pos> {
    let (fox, geese) = p;
    let empty = |s: (i64, i64)| s.0 < h && s.1 >= 0 && s.1 < w && Some(s) != *fox && !geese.contains(&s);
    if left {
        let mut out = Vec::new();
        for (i, &(a, b)) in geese.iter().enumerate() {
            for to in [(a + 1, b - 1), (a + 1, b + 1)] {
                if empty(to) {
                    let mut g = geese.clone();
                    g[i] = to;
                    out.push(settle((*fox, g)));
                }
            }
        }
        return out;
    }
    let Some((a, b)) = *fox else { return vec![p.clone()] };
    [(a - 1, b - 1), (a - 1, b + 1), (a + 1, b - 1), (a + 1, b + 1)]
        .into_iter()
        .filter(|&to| to.0 >= 0 && empty(to))
        .map(|to| settle((Some(to), geese.clone())))
        .collect()
}

/// The outcome class: who wins moving first, each way (`L`, `R`, `P`, `N`, or a class with draws).
fn outcome(start: Pos, w: i64, h: i64) -> String {
    let mut found = vec![start.clone()];
    let mut number = HashMap::from([(start, 0usize)]);
    let mut opts: Vec<[Vec<usize>; 2]> = Vec::new();
    let mut head = 0;
    while head < found.len() {
        let p = found[head].clone();
        let mut ids = |left: bool| -> Vec<usize> {
            moves(&p, left, w, h)
                .into_iter()
                .map(|q| {
                    *number.entry(q.clone()).or_insert_with(|| {
                        found.push(q);
                        found.len() - 1
                    })
                })
                .collect()
        };
        opts.push([ids(true), ids(false)]);
        head += 1;
    }
    // wins[winner][mover][v]: the winner can force the other player to be stuck.
    let mut wins =
        [[vec![false; found.len()], vec![false; found.len()]], [vec![false; found.len()], vec![false; found.len()]]];
    for (winner, won_by) in wins.iter_mut().enumerate() {
        loop {
            let mut changed = false;
            for v in 0..found.len() {
                for mover in 0..2 {
                    if won_by[mover][v] {
                        continue;
                    }
                    let next = &opts[v][mover];
                    let won = |&w: &usize| won_by[1 - mover][w];
                    let now = if mover == winner { next.iter().any(won) } else { next.iter().all(won) };
                    if now {
                        won_by[mover][v] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    // Index 0 is Left, 1 is Right.
    let result = |mover: usize| {
        if wins[0][mover][0] {
            'L'
        } else if wins[1][mover][0] {
            'R'
        } else {
            'D'
        }
    };
    match (result(0), result(1)) {
        ('L', 'L') => "L",
        ('R', 'R') => "R",
        ('R', 'L') => "P",
        ('L', 'R') => "N",
        ('D', 'D') => "D",
        ('D', 'L') => "PHat",
        ('R', 'D') => "PCheck",
        ('L', 'D') => "NHat",
        _ => "NCheck",
    }
    .to_string()
}
