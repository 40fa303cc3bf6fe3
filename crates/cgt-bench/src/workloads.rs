//! The workloads of the benchmark suite.

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Dyadic};
use cgt_rules::boxes::{Colour, pile_value};
use cgt_testkit::Rng;

use crate::Workload;

/// Every workload, in the order BENCHMARKS.md lists them.
pub const ALL: &[Workload] = &[
    Workload {
        name: "boxes-long-pile",
        what: "One Hackenbush string of n boxes (`BWWBWW...`) by van Roode's rule: an exact dyadic with an n-bit denominator.",
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        run: long_pile,
    },
    Workload {
        name: "boxes-float-vs-exact",
        what: "The straightforward alternative to exact values: van Roode's rule in f64. For n random piles of 60 boxes, counts the pairs whose f64 values compare differently from their exact values (a float-based `fair` would pair them wrongly).",
        sizes: &[100, 1_000],
        run: float_vs_exact,
    },
    Workload {
        name: "eval-boxes-file",
        what: "`cgt eval` of a file of n statements `WBBW.BW == 1/8` (parse, evaluate, check), without process start-up.",
        sizes: &[100, 1_000, 10_000],
        run: boxes_file,
    },
    Workload {
        name: "switch-sums",
        what: "The canonical form of a sum of n random switches `{a | b}` (a > b dyadics with denominators up to 4), in a fresh arena.",
        sizes: &[5, 10, 20, 30],
        run: switch_sum,
    },
    Workload {
        name: "hot-sums",
        what: "The canonical form of a sum of n two-stage hot games `{2i | {0 | -i}}` (i = 1..n), in a fresh arena: the canonical form's size grows exponentially.",
        sizes: &[4, 6, 8, 10, 12],
        run: hot_sum,
    },
    Workload {
        name: "nus-sums",
        what: "A sum of n number-up-star values `i/8 + i·^ + *i`, in a fresh arena (the fast path: no game trees).",
        sizes: &[1_000, 10_000, 100_000],
        run: nus_sum,
    },
    Workload {
        name: "random-birthday",
        what: "Building n random games of birthday <= 5 from random options (canonicalisation) and comparing each with the previous one.",
        sizes: &[100, 1_000, 10_000],
        run: random_games,
    },
];

fn long_pile(n: u64) -> String {
    let pile: Vec<Colour> = (0..n).map(|i| if i % 3 == 0 { Colour::Black } else { Colour::White }).collect();
    let v = pile_value(&pile).expect("black and white only");
    format!("denominator 2^{}", v.exponent())
}

fn boxes_file(n: u64) -> String {
    let src = "WBBW.BW == 1/8\n".repeat(n as usize);
    let reports = cgt_eval::evaluate(&src, &cgt_eval::Config::default());
    format!("{} checks passed", reports.iter().filter(|r| r.check == Some(cgt_eval::CheckStatus::Passed)).count())
}

fn switch_sum(n: u64) -> String {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut rng = Rng(0x9E3779B97F4A7C15u64 ^ n);
    let mut next = move |m: u64| rng.below(m);
    let mut total = games.zero();
    for _ in 0..n {
        let b = Dyadic::new(next(64) as i64 - 32, next(3));
        let a = &b + &Dyadic::new(1 + next(32) as i64, next(3));
        let (l, r) = (games.number(&a), games.number(&b));
        let g = games.from_options(&[l], &[r], &budget).expect("unlimited");
        total = games.add(total, g, &budget).expect("unlimited");
    }
    format!("{} left options, {} games in the arena", games.left_options(total).len(), games.len())
}

fn hot_sum(n: u64) -> String {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut total = games.zero();
    for i in 1..=n as i64 {
        let zero = games.zero();
        let minus = games.number(&Dyadic::from(-i));
        let inner = games.from_options(&[zero], &[minus], &budget).expect("unlimited");
        let left = games.number(&Dyadic::from(2 * i));
        let g = games.from_options(&[left], &[inner], &budget).expect("unlimited");
        total = games.add(total, g, &budget).expect("unlimited");
    }
    format!("{} left options, {} games in the arena", games.left_options(total).len(), games.len())
}

fn nus_sum(n: u64) -> String {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut total = games.zero();
    for i in 0..n as i64 {
        let g = games.nus(&Dyadic::new(i, 3), i, i as u64);
        total = games.add(total, g, &budget).expect("unlimited");
    }
    let shown = games.display(total, Default::default());
    format!("`{}`", if shown.len() > 30 { format!("{}…", &shown[..30]) } else { shown })
}

fn random_games(n: u64) -> String {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut rng = Rng(0x2545F4914F6CDD1D);
    let mut next = move |m: u64| rng.below(m);
    // A pool of games by birthday: day 0, then each day's games are built from earlier ones.
    let mut pool: Vec<GameId> = vec![games.zero()];
    let mut prev = games.zero();
    let mut confused = 0;
    for _ in 0..n {
        let pick = |next: &mut dyn FnMut(u64) -> u64, pool: &[GameId]| -> Vec<GameId> {
            (0..next(3)).map(|_| pool[next(pool.len() as u64) as usize]).collect()
        };
        let l = pick(&mut next, &pool);
        let r = pick(&mut next, &pool);
        let g = games.from_options(&l, &r, &budget).expect("unlimited");
        if games.birthday(g) <= 5 && pool.len() < 400 {
            pool.push(g);
        }
        if games.compare(g, prev, &budget).expect("unlimited") == cgt_core::game::Comparison::Confused {
            confused += 1;
        }
        prev = g;
    }
    format!("{} games in the arena, {confused} confused pairs", games.len())
}

fn float_vs_exact(n: u64) -> String {
    let mut rng = Rng(0x9E3779B97F4A7C15);
    let mut next = move || rng.next_u64();
    let piles: Vec<Vec<Colour>> =
        (0..n)
            .map(|_| {
                // Piles that agree on their first 55 boxes and differ near the top.
                let tail = next();
                (0..60)
                    .map(|i| {
                        if if i < 55 { i % 2 == 0 } else { tail >> i & 1 == 1 } { Colour::Black } else { Colour::White }
                    })
                    .collect()
            })
            .collect();
    let exact: Vec<Dyadic> = piles.iter().map(|p| pile_value(p).expect("black and white")).collect();
    let float: Vec<f64> = piles.iter().map(|p| float_value(p)).collect();
    let mut wrong = 0;
    for i in 0..piles.len() {
        for j in i + 1..piles.len() {
            if (exact[i] == exact[j]) != (float[i] == float[j]) || (exact[i] < exact[j]) != (float[i] < float[j]) {
                wrong += 1;
            }
        }
    }
    format!("{wrong} of {} pairs compare wrongly in f64", n * (n - 1) / 2)
}

/// van Roode's rule in floating point: what a quick contest solution would do.
fn float_value(pile: &[Colour]) -> f64 {
    let first = pile[0];
    let run = pile.iter().take_while(|&&c| c == first).count();
    let sign = |c: Colour| if c == Colour::Black { 1.0 } else { -1.0 };
    let mut v = sign(first) * run as f64;
    let mut unit = 1.0;
    for &c in &pile[run..] {
        unit /= 2.0;
        v += sign(c) * unit;
    }
    v
}
