//! A Domineering outcome search too long for one sitting, split into pieces that are solved
//! one at a time and written to a log, so that it can stop and go on later (10x10 takes many
//! hours of CPU):
//! `cargo run --release -p cgt-rules --example outcome_pieces -- RxC:V|H LOG [--pieces N]
//! [--table LOG2] [--first r,c]`.
//!
//! The first player wins the board exactly when one of its moves leaves the other side lost
//! whatever it answers. The first move is the one the search tries first
//! ([`OutcomeSearch::moves_in_order`]), or `--first`; each answer to it, one of each pair that
//! a mirror of the board which keeps the first move in place maps onto each other, is a
//! piece: the board with both dominoes placed and the first player to move, solved by the
//! same search as `outcome(...)` (one table for all the pieces of a run). A piece the first
//! player loses refutes the first move (the run says so and stops); once every piece is won,
//! the first player wins the board.
//!
//! The log has a line per piece solved (tab-separated: the board and first player, the first
//! move, the answer, who won the piece, its nodes, its CPU seconds, when it ended, the build);
//! pieces already in it are not solved again (`CGT_BUILD` names the build in it). `--pieces N` stops after N new pieces;
//! `--table` sets the table's largest size (2^LOG2 slots of 32 bytes; the default is the
//! search's own cap).

use std::fs::OpenOptions;
use std::io::Write;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use cgt_core::Budget;
use cgt_core::game::Games;
use cgt_rules::domineering::{Board, Domineering, OutcomeSearch};

/// A domino: its first cell and whether it is vertical (the second cell below, else right).
type Domino = ((usize, usize), bool);

fn cells(((r, c), vertical): Domino) -> [(usize, usize); 2] {
    [(r, c), if vertical { (r + 1, c) } else { (r, c + 1) }]
}

/// The board with the given dominoes placed.
fn board_with(rows: usize, cols: usize, placed: &[Domino]) -> Board {
    let mut grid = vec![vec!['.'; cols]; rows];
    for &d in placed {
        for (r, c) in cells(d) {
            grid[r][c] = '#';
        }
    }
    let lines: Vec<String> = grid.into_iter().map(|l| l.into_iter().collect()).collect();
    Board::from_rows(&lines).expect("a board of the size given")
}

/// The domino's image under the mirrors (`flip_rows`, `flip_cols`), as its first cell.
fn mirrored(((r, c), vertical): Domino, rows: usize, cols: usize, flip_rows: bool, flip_cols: bool) -> Domino {
    let [a, b] = cells(((r, c), vertical));
    let map =
        |(r, c): (usize, usize)| (if flip_rows { rows - 1 - r } else { r }, if flip_cols { cols - 1 - c } else { c });
    let (a, b) = (map(a), map(b));
    (a.min(b), vertical)
}

fn parse_cell(s: &str) -> (usize, usize) {
    let (r, c) = s.split_once(',').expect("r,c");
    (r.parse().expect("a row"), c.parse().expect("a column"))
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut option = |name: &str| {
        let i = args.iter().position(|a| a == name)?;
        let value = args.get(i + 1).cloned().expect("a value after the option");
        args.drain(i..i + 2);
        Some(value)
    };
    let pieces: usize = option("--pieces").map_or(usize::MAX, |n| n.parse().expect("a number of pieces"));
    let table: Option<u32> = option("--table").map(|n| n.parse().expect("a power of two"));
    let first_given = option("--first").map(|s| parse_cell(&s));
    let [size, log]: [String; 2] = args.try_into().expect("RxC:V|H LOG");
    let (dims, who) = size.split_once(':').expect("RxC:V or RxC:H");
    let (rows, cols) = parse_cell(&dims.replace('x', ","));
    let left = match who {
        "V" => true,
        "H" => false,
        _ => panic!("V or H to start"),
    };

    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut search = OutcomeSearch::new();
    if let Some(log2) = table {
        search = search.with_max_table(log2);
    }
    let budget = Budget::unlimited();
    let empty = board_with(rows, cols, &[]);
    let first: Domino = match first_given {
        Some(cell) => (cell, left),
        None => {
            let order = search.moves_in_order(&mut games, &mut engine, &empty, left, &budget);
            let order = order.expect("no budget to run out").expect("a board the search takes");
            (*order.first().expect("the first player has a move"), left)
        }
    };
    let [a, b] = cells(first);
    assert!(b.0 < rows && b.1 < cols, "the first move is on the board");
    // The mirrors that keep the first move where it is; each answer stands for its images.
    let fixing: Vec<(bool, bool)> = [(false, true), (true, false), (true, true)]
        .into_iter()
        .filter(|&(fr, fc)| mirrored(first, rows, cols, fr, fc) == first)
        .collect();
    let after_first = board_with(rows, cols, &[first]);
    let mut answers: Vec<Domino> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let reply = ((r, c), !left);
            let [x, y] = cells(reply);
            if y.0 >= rows || y.1 >= cols || !after_first.is_free(x.0, x.1) || !after_first.is_free(y.0, y.1) {
                continue;
            }
            let images = fixing.iter().map(|&(fr, fc)| mirrored(reply, rows, cols, fr, fc));
            if images.into_iter().all(|image| image >= reply) {
                answers.push(reply);
            }
        }
    }
    let player = if left { "V" } else { "H" };
    let head = format!("{rows}x{cols}:{player}\tfirst {},{}-{},{}", a.0, a.1, b.0, b.1);
    let done: Vec<String> = std::fs::read_to_string(&log).unwrap_or_default().lines().map(str::to_owned).collect();
    let answer_name = |d: Domino| {
        let [x, y] = cells(d);
        format!("answer {},{}-{},{}", x.0, x.1, y.0, y.1)
    };
    let solved = |d: Domino| done.iter().find(|l| l.starts_with(&format!("{head}\t{}\t", answer_name(d)))).cloned();
    println!("{head}: {} answers up to the mirrors that keep the first move", answers.len());

    let mut run = 0;
    for &reply in &answers {
        if let Some(line) = solved(reply) {
            if line.split('\t').nth(3) != Some(player) {
                println!("{line}\nthe first move is refuted: the first player loses this piece");
                return;
            }
            continue;
        }
        if run == pieces {
            break;
        }
        run += 1;
        let board = board_with(rows, cols, &[first, reply]);
        let (clock, cpu) = (Instant::now(), cpu_seconds());
        let wins = search.first_player_wins(&mut games, &mut engine, &board, left, &budget);
        let wins = wins.expect("no budget to run out").expect("a board the search takes");
        let winner = if wins == left { "V" } else { "H" };
        let when = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let line = format!(
            "{head}\t{}\t{winner}\t{} nodes\t{:.1} s CPU\t{:.1} s wall\tended {when}\t{}",
            answer_name(reply),
            search.nodes(),
            cpu_seconds() - cpu,
            clock.elapsed().as_secs_f64(),
            std::env::var("CGT_BUILD").unwrap_or_else(|_| "build not named".into()),
        );
        println!("{line}");
        let mut file = OpenOptions::new().create(true).append(true).open(&log).expect("the log opens");
        writeln!(file, "{line}").expect("the log takes the line");
        if !wins {
            println!("the first move is refuted: the first player loses this piece");
            return;
        }
    }
    let left_over = answers.iter().filter(|&&d| solved(d).is_none()).count() - run;
    if left_over == 0 {
        println!("{head}: every answer is lost for the second player: the first player ({player}) wins");
    } else {
        println!("{head}: {left_over} pieces left");
    }
}

/// The CPU time of this process so far, in seconds (from `/proc/self/stat`, Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // The fields after the command's closing parenthesis; utime and stime are the 12th and
    // 13th of them, in clock ticks (100 a second on Linux).
    let Some((_, tail)) = stat.rsplit_once(')') else { return 0.0 };
    let fields: Vec<&str> = tail.split_whitespace().collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| f.iter().filter_map(|x| x.parse::<f64>().ok()).sum());
    ticks / 100.0
}
