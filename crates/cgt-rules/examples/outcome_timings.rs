//! Times the Domineering outcome search on rectangles, each player to start:
//! `cargo run --release -p cgt-rules --example outcome_timings [RxC[:V|:H][@r,c;r,c...] ...] [--small N]
//! [--threads N]`; after `@`, the cells filled before the search (row and column from 0, as the
//! peers harness gives Obsequi's and cgt's boards with holes: `8x9@4,4;1,7`). One thread unless
//! `--threads 2` (as `cgt eval` allows by default on a machine with two cores).

use std::time::Instant;

use cgt_core::Budget;
use cgt_core::game::Games;
use cgt_rules::domineering::{Board, Domineering, OutcomeSearch};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let small = match args.iter().position(|a| a == "--small") {
        Some(i) => {
            let n = args[i + 1].parse().expect("cells");
            args.drain(i..i + 2);
            n
        }
        None => cgt_rules::domineering::outcome::SMALL_REGION,
    };
    let threads = match args.iter().position(|a| a == "--threads") {
        Some(i) => {
            let n = args[i + 1].parse().expect("threads");
            args.drain(i..i + 2);
            n
        }
        None => 1,
    };
    let budget = Budget::unlimited().with_threads(threads);
    let sizes = if args.is_empty() { vec!["6x6".into(), "7x7".into(), "8x8".into()] } else { args };
    for size in &sizes {
        let (size, holes) = size.split_once('@').unwrap_or((size, ""));
        let (dims, who) = size.split_once(':').map_or((size, "VH"), |(d, w)| (d, w));
        let (r, c) = dims.split_once('x').expect("RxC");
        let (r, c): (usize, usize) = (r.parse().expect("rows"), c.parse().expect("columns"));
        let mut rows = vec![vec!['.'; c]; r];
        for hole in holes.split(';').filter(|h| !h.is_empty()) {
            let (hr, hc) = hole.split_once(',').expect("r,c");
            rows[hr.parse::<usize>().expect("row")][hc.parse::<usize>().expect("column")] = '#';
        }
        let rows: Vec<String> = rows.into_iter().map(|row| row.into_iter().collect()).collect();
        let board = Board::from_rows(&rows).expect("a board");
        for left in [true, false] {
            if !who.contains(if left { 'V' } else { 'H' }) {
                continue;
            }
            let (mut games, mut engine, mut search) =
                (Games::new(), Domineering::new(), OutcomeSearch::with_small_regions(small));
            let start = Instant::now();
            let wins = search.first_player_wins(&mut games, &mut engine, &board, left, &budget);
            let first = if left { "Vertical (Left)" } else { "Horizontal (Right)" };
            let answer = match wins {
                Ok(Some(true)) => "first player wins",
                Ok(Some(false)) => "first player loses",
                Ok(None) => "too large",
                Err(_) => "gave up",
            };
            println!(
                "{dims}{}{holes} {first} first: {answer}, {} nodes, {:.3} s",
                if holes.is_empty() { "" } else { "@" },
                search.nodes(),
                start.elapsed().as_secs_f64()
            );
        }
    }
}
