//! Times the outcome search of the stone games on boards given on the command line:
//! `stone_outcomes [--small N] clobber 5x5 konane xo..,.xo.` (a size `RxC` is the board of
//! alternating stones with `x` in the top left corner; rows are separated by commas).

use std::time::Instant;

use cgt_core::Budget;
use cgt_core::game::Games;
use cgt_rules::grid::stones::{StoneRules, Stones};
use cgt_rules::position::Solver;
use cgt_rules::position::outcome::OutcomeSearch;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let small = match args.iter().position(|a| a == "--small") {
        Some(i) => {
            let n = args[i + 1].parse().expect("cells");
            args.drain(i..i + 2);
            n
        }
        None => cgt_rules::position::outcome::SMALL_CELLS,
    };
    for pair in args.chunks(2) {
        let [game, board] = pair else { panic!("arguments come in pairs: ruleset board") };
        let rows = rows(board);
        match game.as_str() {
            "clobber" => time::<cgt_rules::clobber::Rules>(&rows, small),
            "konane" => time::<cgt_rules::konane::Rules>(&rows, small),
            "anticlobber" => time::<cgt_rules::anticlobber::Rules>(&rows, small),
            "amazons" => time::<cgt_rules::amazons::Rules>(&rows, small),
            "hotclobber" => time::<cgt_rules::clobber_variants::Rules<0>>(&rows, small),
            "kings" => time::<cgt_rules::clobber_variants::Rules<1>>(&rows, small),
            "knights" => time::<cgt_rules::clobber_variants::Rules<2>>(&rows, small),
            "rooks" => time::<cgt_rules::clobber_variants::Rules<3>>(&rows, small),
            "queens" => time::<cgt_rules::clobber_variants::Rules<4>>(&rows, small),
            "fission" => time::<cgt_rules::fission::Rules>(&rows, small),
            "skijumps" => time::<cgt_rules::skijumps::Rules>(&rows, small),
            other => panic!("no ruleset {other} here"),
        }
    }
}

/// The rows of `RxC` (alternating stones) or of rows separated by commas.
fn rows(board: &str) -> Vec<String> {
    if let Some((r, c)) = board.split_once('x').filter(|(r, _)| r.parse::<usize>().is_ok()) {
        let (r, c): (usize, usize) = (r.parse().expect("rows"), c.parse().expect("columns"));
        return (0..r).map(|i| (0..c).map(|j| if (i + j) % 2 == 0 { 'x' } else { 'o' }).collect()).collect();
    }
    board.split(',').map(str::to_string).collect()
}

fn time<R: StoneRules>(rows: &[String], small: usize) {
    let board = Stones::<R>::from_rows(rows).expect("a board");
    let (mut games, mut solver, mut search) = (Games::new(), Solver::new(), OutcomeSearch::new(small));
    let start = Instant::now();
    let outcome = search.outcome(&mut games, &mut solver, &board, &Budget::unlimited()).expect("no budget");
    println!(
        "{} {:?}: {outcome:?}, {} nodes, {:.3} s",
        R::NAME,
        rows.join("/"),
        search.nodes(),
        start.elapsed().as_secs_f64()
    );
    if std::env::var_os("VALUE_TOO").is_some() {
        let (mut games, start) = (Games::new(), Instant::now());
        let g = Solver::new().value(&mut games, &board, &Budget::unlimited()).expect("no budget");
        let o = games.outcome(g, &Budget::unlimited()).expect("no budget");
        println!("  value's outcome {o:?} in {:.3} s", start.elapsed().as_secs_f64());
    }
}
