//! Times the partizan rulesets on the sizes of BENCHMARKS.md:
//! `cargo run --release -p cgt-rules --example partizan_timings [domineering-size ...]`; an
//! argument with slashes is an Amazons board by its rows (`x.../..../..../...o`). With
//! arguments it times only those boards.

use std::time::Instant;

use cgt_core::game::{DisplayStyle, Games};
use cgt_core::{Budget, Dyadic};
use cgt_rules::domineering::Board;
use cgt_rules::toppling::{Domino, Position};
use cgt_rules::tree::{Colour, Tree};

fn main() {
    let sizes: Vec<String> = std::env::args().skip(1).collect();
    // With arguments, only those boards; without, the default sizes and the other rulesets.
    let everything = sizes.is_empty();
    let sizes = if everything { vec!["4x4".into(), "4x5".into(), "5x5".into()] } else { sizes };
    for size in &sizes {
        if size.contains('/') {
            let rows: Vec<&str> = size.split('/').collect();
            let board = cgt_rules::amazons::Board::from_rows(&rows).expect("an Amazons board");
            let mut solver = cgt_rules::amazons::Solver::new();
            timed(&format!("amazons {size}"), |games, budget| solver.value(games, &board, budget).unwrap());
            continue;
        }
        let (r, c) = size.split_once('x').expect("RxC");
        let board = Board::empty(r.parse().expect("rows"), c.parse().expect("columns"));
        timed(&board.to_notation(), |games, budget| board.game(games, budget).unwrap());
    }
    if !everything {
        return;
    }
    let mut rng = cgt_testkit::Rng(0x853c_49e6_748f_ea9b);
    let mut next = move |n: u64| rng.below(n);
    for n in [20, 30] {
        let alternating: Vec<Domino> = (0..n).map(|i| if i % 2 == 0 { Domino::Black } else { Domino::White }).collect();
        let random_bw: Vec<Domino> = (0..n).map(|_| if next(2) == 0 { Domino::Black } else { Domino::White }).collect();
        let all = [Domino::Black, Domino::White, Domino::Green];
        let random_bwg: Vec<Domino> = (0..n).map(|_| all[next(3) as usize]).collect();
        for row in [alternating, random_bw, random_bwg] {
            let p = Position { rows: vec![row] };
            timed(&p.to_notation(), |games, budget| p.game(games, budget).unwrap());
        }
    }
    let path = |colour: &dyn Fn(usize) -> Colour| {
        let mut t = Tree::new();
        for i in 0..100_000usize {
            t.add_edge(i.checked_sub(1), colour(i));
        }
        t
    };
    let br = path(&|i| if i % 3 == 1 { Colour::Red } else { Colour::Blue });
    timed_quiet("tree: blue/red path of 100000", || br.number_value().is_some());
    let green = path(&|_| Colour::Green);
    timed_quiet("tree: green path of 100000", || green.nim_value().is_some());
    let mut caterpillar = Tree::new();
    let mut spine = None;
    for i in 0..50_000 {
        let colour = if i % 2 == 0 { Colour::Blue } else { Colour::Red };
        caterpillar.add_edge(spine, Colour::Red);
        spine = Some(caterpillar.add_edge(spine, colour));
    }
    timed_quiet("tree: caterpillar of 100000", || caterpillar.number_value().is_some_and(|x| x != Dyadic::zero()));
    let mut star = Tree::new();
    for i in 0..100_000 {
        star.add_edge(None, if i % 2 == 0 { Colour::Blue } else { Colour::Green });
    }
    timed_quiet("tree: star of 100000, blue and green", || {
        let mut games = Games::new();
        star.game(&mut games, &Budget::unlimited()).is_ok()
    });
}

fn timed(name: &str, f: impl FnOnce(&mut Games, &Budget) -> cgt_core::GameId) {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let start = Instant::now();
    let g = f(&mut games, &budget);
    let elapsed = start.elapsed();
    let mut shown = games.display(g, DisplayStyle::default());
    if shown.len() > 100 {
        shown = format!("{}... ({} characters)", &shown[..100], shown.len());
    }
    println!("{name}: {elapsed:.2?}, {} games in the arena\n    = {shown}", games.len());
}

fn timed_quiet(name: &str, f: impl FnOnce() -> bool) {
    let start = Instant::now();
    let ok = f();
    println!("{name}: {:.2?} ({ok})", start.elapsed());
}
