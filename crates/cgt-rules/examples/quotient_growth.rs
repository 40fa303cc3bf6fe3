//! Times misère quotients of octal games heap bound by heap bound, as `quotient(octal code=…)`
//! computes them (one `solve` call per bound, from scratch, search over positions allowed at
//! every heap), and prints the order reached or why it gave up:
//! `cargo run --release -p cgt-rules --example quotient_growth [OCTAL [MAX_HEAP [SECONDS]]]`
//! (default: Dawson's Kayles, 0.07, to heap 30, 600 s per bound).

use std::time::{Duration, Instant};

use cgt_core::Budget;
use cgt_rules::octal::OctalCode;
use cgt_rules::quotient::{HeapRule, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.07", String::as_str)).expect("an octal code");
    let max: usize = args.get(1).map_or(30, |s| s.parse().expect("a heap bound"));
    let secs: u64 = args.get(2).map_or(600, |s| s.parse().expect("seconds"));
    for n in 1..=max {
        let budget = Budget::new(Duration::from_secs(secs), 16 << 30);
        let t = Instant::now();
        match solve(&HeapRule::octal(&code, n), 4096, None, &budget) {
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
