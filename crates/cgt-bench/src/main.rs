//! The benchmark suite: `cargo run --release -p cgt-bench -- [FILTER]` runs every workload whose
//! name contains FILTER at growing sizes and prints Markdown tables (median of several runs)
//! for BENCHMARKS.md. Benchmarks are measurements, never tests: nothing here fails on a time.
//! `cgt-bench FILTER SIZES RUNS` runs only the given sizes (comma-separated) at least RUNS times
//! each, for profiling one size (`perf record ... cgt-bench lsp-change 10000 40`).

mod definitions;
mod editor;
mod rules;
mod workloads;

use std::time::{Duration, Instant};

/// One row of a growth table.
pub struct Row {
    /// The size parameter, as shown.
    pub size: String,
    /// Median wall-clock time.
    pub time: Duration,
    /// A short note (the result, or the engine's memory).
    pub note: String,
}

/// A workload: a name, what it measures, and a function from a size index to a row.
pub struct Workload {
    /// The workload's name, used by the filter.
    pub name: &'static str,
    /// What is measured.
    pub what: &'static str,
    /// Sizes to run, in growing order.
    pub sizes: &'static [u64],
    /// Runs the workload once at a size and returns a note about the result.
    pub run: fn(u64) -> String,
}

/// How long to keep repeating one size before taking the median.
const TARGET: Duration = Duration::from_millis(300);
/// A size slower than this ends the workload's table (larger sizes would only be slower).
const CUTOFF: Duration = Duration::from_secs(20);

fn measure(w: &Workload, size: u64, runs: usize) -> Row {
    let mut times = Vec::new();
    let mut note = String::new();
    let started = Instant::now();
    while times.len() < runs || (started.elapsed() < TARGET && times.len() < 50) {
        let t = Instant::now();
        note = (w.run)(size);
        times.push(t.elapsed());
        if times[0] > CUTOFF / 4 {
            break;
        }
    }
    times.sort();
    Row { size: size.to_string(), time: times[times.len() / 2], note }
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let only: Option<Vec<u64>> =
        std::env::args().nth(2).map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect());
    let runs = std::env::args().nth(3).and_then(|r| r.parse().ok()).unwrap_or(3);
    let all = workloads::ALL.iter().chain(rules::RULES).chain(definitions::DEFINITIONS).chain(editor::EDITOR);
    for w in all.filter(|w| w.name.contains(&filter)) {
        println!("### {}\n\n{}\n\n| n | median time | result |\n|---|---|---|", w.name, w.what);
        for &size in only.as_deref().unwrap_or(w.sizes) {
            let row = measure(w, size, runs);
            println!("| {} | {} | {} |", row.size, show(row.time), row.note);
            if row.time > CUTOFF {
                break;
            }
        }
        println!();
    }
}
