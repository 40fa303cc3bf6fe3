//! Times misère quotients of octal games heap bound by heap bound (one call per bound, from
//! scratch), and prints the order reached or why it gave up:
//! `cargo run --release -p cgt-rules --example quotient_growth [OCTAL [MAX_HEAP [SECONDS [SEARCH]]]]`
//! (default: Dawson's Kayles, 0.07, to heap 30, 600 s per bound). Without SEARCH the search
//! over positions is allowed at every heap (`solve`); with it, only up to heap SEARCH, and a
//! heap beyond it that splits an element goes through the level games (`solve_by_elements`,
//! as `quotient(octal code=…)` computes it with SEARCH = 12).

use std::time::{Duration, Instant};

use cgt_core::Budget;
use cgt_rules::octal::OctalCode;
use cgt_rules::quotient::{HeapRule, solve_by_elements};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.07", String::as_str)).expect("an octal code");
    let max: usize = args.get(1).map_or(30, |s| s.parse().expect("a heap bound"));
    let secs: u64 = args.get(2).map_or(600, |s| s.parse().expect("seconds"));
    let search: usize = args.get(3).map_or(usize::MAX, |s| s.parse().expect("a heap bound for the search"));
    for n in 1..=max {
        let budget = Budget::new(Duration::from_secs(secs), 16 << 30);
        let t = Instant::now();
        match solve_by_elements(&HeapRule::octal(&code, n), 4096, None, search, &budget) {
            Ok(s) => println!(
                "heaps up to {n:>3}: order {:>4}, P-portion {:>3}  ({:.3} s)",
                s.quotient.order(),
                s.quotient.p_portion.iter().filter(|&&p| p).count(),
                t.elapsed().as_secs_f64()
            ),
            Err(e) => {
                println!("heaps up to {n:>3}: {e}  ({:.3} s)", t.elapsed().as_secs_f64());
                break;
            }
        }
    }
}
