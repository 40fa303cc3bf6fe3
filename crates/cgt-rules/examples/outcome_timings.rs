//! Times the Domineering outcome search on rectangles, each player to start:
//! `cargo run --release -p cgt-rules --example outcome_timings [RxC[:V|:H] ...] [--small N]`.

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
    let sizes = if args.is_empty() { vec!["6x6".into(), "7x7".into(), "8x8".into()] } else { args };
    for size in &sizes {
        let (dims, who) = size.split_once(':').map_or((size.as_str(), "VH"), |(d, w)| (d, w));
        let (r, c) = dims.split_once('x').expect("RxC");
        let board = Board::empty(r.parse().expect("rows"), c.parse().expect("columns"));
        for left in [true, false] {
            if !who.contains(if left { 'V' } else { 'H' }) {
                continue;
            }
            let (mut games, mut engine, mut search) =
                (Games::new(), Domineering::new(), OutcomeSearch::with_small_regions(small));
            let start = Instant::now();
            let wins = search.first_player_wins(&mut games, &mut engine, &board, left, &Budget::unlimited());
            let first = if left { "Vertical (Left)" } else { "Horizontal (Right)" };
            let answer = match wins {
                Ok(Some(true)) => "first player wins",
                Ok(Some(false)) => "first player loses",
                Ok(None) => "too large",
                Err(_) => "gave up",
            };
            println!(
                "{dims} {first} first: {answer}, {} nodes, {:.3} s",
                search.nodes(),
                start.elapsed().as_secs_f64()
            );
        }
    }
}
