//! A Domineering outcome search too long for one sitting, split into pieces that are solved
//! one at a time and written to a log, so that it can stop and go on later (10x10 takes many
//! hours of CPU):
//! `cargo run --release -p cgt-rules --example outcome_pieces -- RxC:V|H LOG [--minutes M]
//! [--split-depth D] [--table LOG2] [--stop-after MINUTES] [--part K/N] [--threads T]`.
//!
//! A position is named by the dominoes placed since the start. The player to move wins it
//! exactly when one of its moves leaves the other lost; the moves are tried in the order the
//! search itself tries them ([`OutcomeSearch::moves_in_order`], which leaves out only moves
//! that another move listed is at least as good as), one of each set that a mirror keeping
//! the board as it is maps onto each other. Each position is first given to the same search as
//! `outcome(...)` for at most M minutes (default 20; positions with fewer than D dominoes,
//! default 1, are split at once); if that runs out, the position is split into its moves in turn, each solved the same way, and its
//! result follows from theirs. All the searches of a run share one transposition table, which
//! keeps only proven results, so a search stopped by its time leaves nothing wrong behind.
//!
//! The log has a line per position settled and per search stopped by its time
//! (tab-separated: the board and first player, the dominoes placed, what happened, the
//! nodes, the CPU seconds, when it ended, the build named by `CGT_BUILD`). A run reads it
//! first: a position settled is not searched again, and one whose search ran out of the same
//! or a longer time is split at once. `--table` sets the table's largest size (2^LOG2 slots of
//! 32 bytes; the default is the search's own cap); `--stop-after` ends the run (between two
//! searches) once that many minutes have passed. With `--part K/N`, N runs (one a core, each
//! with its own table, all writing to one log) share the answers to the first move: this run
//! searches the K-th of each N of them (from 0) that the log has not settled, and stops once
//! those are done unless they settle the position; a run without it then reads them all. With
//! `--threads 2`, each search runs on two threads sharing the run's table (as `outcome(...)`
//! does on two cores), an alternative to two runs of `--part` with a table each.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use cgt_core::game::Games;
use cgt_core::{Budget, Exhausted};
use cgt_rules::domineering::{Board, Domineering, OutcomeSearch};

/// A domino: its first cell and whether it is vertical (the second cell below, else right).
type Domino = ((usize, usize), bool);

fn cells(((r, c), vertical): Domino) -> [(usize, usize); 2] {
    [(r, c), if vertical { (r + 1, c) } else { (r, c + 1) }]
}

fn name(d: Domino) -> String {
    let [a, b] = cells(d);
    format!("{},{}-{},{}", a.0, a.1, b.0, b.1)
}

/// The image of a cell under the mirrors (`flip_rows`, `flip_cols`).
fn mirror(
    (r, c): (usize, usize),
    (rows, cols): (usize, usize),
    (flip_rows, flip_cols): (bool, bool),
) -> (usize, usize) {
    (if flip_rows { rows - 1 - r } else { r }, if flip_cols { cols - 1 - c } else { c })
}

/// The domino's image under the mirrors, as its first cell (the mirrors keep its direction).
fn mirrored(d: Domino, dims: (usize, usize), flips: (bool, bool)) -> Domino {
    let [a, b] = cells(d);
    (mirror(a, dims, flips).min(mirror(b, dims, flips)), d.1)
}

/// Why the run stops early.
enum Stop {
    /// `--stop-after` has passed.
    Time,
    /// This run's part is done, and the rest is another run's.
    Part,
}

struct Run {
    dims: (usize, usize),
    first_left: bool,
    head: String,
    log: String,
    /// What the log says: for each position settled, whether the player to move wins it; for
    /// each search stopped, the longest time it was given, in milliseconds.
    settled: HashMap<String, bool>,
    stopped: HashMap<String, u128>,
    games: Games,
    engine: Domineering,
    search: OutcomeSearch,
    leaf: Duration,
    split_depth: usize,
    deadline: Option<Instant>,
    build: String,
    /// `--part K/N`.
    part: Option<(usize, usize)>,
    /// `--threads T`: the threads each search may use.
    threads: usize,
}

impl Run {
    fn board(&self, placed: &[Domino]) -> Board {
        let (rows, cols) = self.dims;
        let mut grid = vec![vec!['.'; cols]; rows];
        for &d in placed {
            for (r, c) in cells(d) {
                grid[r][c] = '#';
            }
        }
        let lines: Vec<String> = grid.into_iter().map(|l| l.into_iter().collect()).collect();
        Board::from_rows(&lines).expect("a board of the size given")
    }

    fn key(placed: &[Domino]) -> String {
        if placed.is_empty() { "start".into() } else { placed.iter().map(|&d| name(d)).collect::<Vec<_>>().join(" ") }
    }

    fn write(&self, key: &str, what: &str, nodes: u64, cpu: f64) {
        let when = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let line = format!("{}\t{key}\t{what}\t{nodes} nodes\t{cpu:.1} s CPU\tended {when}\t{}", self.head, self.build);
        println!("{line}");
        let mut file = OpenOptions::new().create(true).append(true).open(&self.log).expect("the log opens");
        writeln!(file, "{line}").expect("the log takes the line");
    }

    /// Whether the player to move after `placed` wins.
    fn wins(&mut self, placed: &mut Vec<Domino>) -> Result<bool, Stop> {
        let key = Run::key(placed);
        if let Some(&w) = self.settled.get(&key) {
            return Ok(w);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Time);
        }
        let left = self.first_left == placed.len().is_multiple_of(2);
        let board = self.board(placed);
        let tried = self.stopped.get(&key).copied().unwrap_or(0);
        if placed.len() >= self.split_depth && tried < self.leaf.as_millis() {
            let budget = Budget::new(self.leaf, Budget::unlimited().memory()).with_threads(self.threads);
            let cpu = cpu_seconds();
            let found = self.search.first_player_wins(&mut self.games, &mut self.engine, &board, left, &budget);
            let (nodes, cpu) = (self.search.nodes(), cpu_seconds() - cpu);
            match found {
                Ok(Some(w)) => {
                    self.write(&key, if w { "mover wins" } else { "mover loses" }, nodes, cpu);
                    self.settled.insert(key, w);
                    return Ok(w);
                }
                Ok(None) => panic!("a board the search takes"),
                Err(Exhausted::Time) => {
                    self.write(&key, &format!("stopped after {} ms", self.leaf.as_millis()), nodes, cpu);
                    self.stopped.insert(key.clone(), self.leaf.as_millis());
                }
                Err(e) => panic!("the search gave up: {e:?}"),
            }
        }
        // Split: each move in the search's order, one of each set of mirror images.
        let order = self.search.moves_in_order(&mut self.games, &mut self.engine, &board, left, &Budget::unlimited());
        let order = order.expect("no budget to run out").expect("a board the search takes");
        let fixing: Vec<(bool, bool)> = [(false, true), (true, false), (true, true)]
            .into_iter()
            .filter(|&flips| {
                let (rows, cols) = self.dims;
                (0..rows).all(|r| {
                    (0..cols).all(|c| {
                        let (r2, c2) = mirror((r, c), self.dims, flips);
                        board.is_free(r, c) == board.is_free(r2, c2)
                    })
                })
            })
            .collect();
        let mut wins = false;
        let mut others = false;
        let mut kept = 0;
        for (i, &cell) in order.iter().enumerate() {
            let m = (cell, left);
            // A move whose image comes earlier in the order was tried as that image.
            let earlier =
                fixing.iter().any(|&flips| order[..i].iter().any(|&c| (c, left) == mirrored(m, self.dims, flips)));
            if earlier {
                continue;
            }
            kept += 1;
            placed.push(m);
            // The answers to the first move are shared between the runs of `--part`.
            let theirs = match self.part {
                Some((k, n)) if placed.len() == 2 => {
                    (kept - 1) % n != k && !self.settled.contains_key(&Run::key(placed))
                }
                _ => false,
            };
            if theirs {
                placed.pop();
                others = true;
                continue;
            }
            let answer = self.wins(placed);
            placed.pop();
            if !answer? {
                wins = true;
                break;
            }
        }
        if others && !wins {
            return Err(Stop::Part);
        }
        self.write(&key, if wins { "mover wins (split)" } else { "mover loses (split)" }, 0, 0.0);
        self.settled.insert(key, wins);
        Ok(wins)
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut option = |name: &str| {
        let i = args.iter().position(|a| a == name)?;
        let value = args.get(i + 1).cloned().expect("a value after the option");
        args.drain(i..i + 2);
        Some(value)
    };
    let minutes: f64 = option("--minutes").map_or(20.0, |m| m.parse().expect("minutes"));
    let split_depth: usize = option("--split-depth").map_or(1, |d| d.parse().expect("a depth"));
    let table: Option<u32> = option("--table").map(|n| n.parse().expect("a power of two"));
    let stop_after: Option<f64> = option("--stop-after").map(|m| m.parse().expect("minutes"));
    let threads: usize = option("--threads").map_or(1, |t| t.parse().expect("threads"));
    let part: Option<(usize, usize)> = option("--part").map(|p| {
        let (k, n) = p.split_once('/').expect("K/N");
        let (k, n) = (k.parse().expect("a part"), n.parse().expect("a number of parts"));
        assert!(k < n, "K/N with K below N");
        (k, n)
    });
    let [size, log]: [String; 2] = args.try_into().expect("RxC:V|H LOG");
    let (dims, who) = size.split_once(':').expect("RxC:V or RxC:H");
    let (rows, cols) = dims.split_once('x').expect("RxC");
    let dims: (usize, usize) = (rows.parse().expect("rows"), cols.parse().expect("columns"));
    let first_left = match who {
        "V" => true,
        "H" => false,
        _ => panic!("V or H to start"),
    };
    let head = format!("{}x{}:{who}", dims.0, dims.1);

    let mut settled = HashMap::new();
    let mut stopped = HashMap::new();
    for line in std::fs::read_to_string(&log).unwrap_or_default().lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 3 || fields[0] != head {
            continue;
        }
        let (key, what) = (fields[1].to_owned(), fields[2]);
        if let Some(ms) = what.strip_prefix("stopped after ").and_then(|s| s.strip_suffix(" ms")) {
            let ms: u128 = ms.parse().expect("milliseconds");
            let e = stopped.entry(key).or_insert(0);
            *e = ms.max(*e);
        } else if what.starts_with("mover wins") {
            settled.insert(key, true);
        } else if what.starts_with("mover loses") {
            settled.insert(key, false);
        }
    }
    println!("{head}: {} positions settled and {} searches stopped in the log", settled.len(), stopped.len());

    let mut search = OutcomeSearch::new();
    if let Some(log2) = table {
        search = search.with_max_table(log2);
    }
    let mut run = Run {
        dims,
        first_left,
        head: head.clone(),
        log,
        settled,
        stopped,
        games: Games::new(),
        engine: Domineering::new(),
        search,
        leaf: Duration::from_secs_f64(minutes * 60.0),
        split_depth,
        deadline: stop_after.map(|m| Instant::now() + Duration::from_secs_f64(m * 60.0)),
        build: std::env::var("CGT_BUILD").unwrap_or_else(|_| "build not named".into()),
        part,
        threads,
    };
    match run.wins(&mut Vec::new()) {
        Ok(w) => {
            let first = if first_left { "Vertical" } else { "Horizontal" };
            println!("{head}: the first player ({first}) {}", if w { "wins" } else { "loses" });
        }
        Err(Stop::Time) => println!("{head}: stopped at the time given; run again to go on"),
        Err(Stop::Part) => {
            println!("{head}: this part is done; the other parts' runs, then one without --part, settle it")
        }
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
