//! Ruleset workloads, evaluated through the language as users write them (parse, evaluate,
//! report; no process start-up), at contest limits and beyond.

use crate::Workload;

/// Evaluates `src` and returns the first statement's value (or error), shortened.
fn run(src: &str) -> String {
    let config = cgt_eval::Config { time: std::time::Duration::from_secs(600), ..Default::default() };
    let reports = cgt_eval::evaluate(src, &config);
    let r = &reports[0];
    let shown = match (&r.value, r.diagnostics.first()) {
        (_, Some(d)) => format!("error: {}", d.message),
        (Some(v), None) => v.clone(),
        (None, None) => "?".into(),
    };
    let mut short: String = shown.chars().take(48).collect();
    if short.len() < shown.len() {
        short.push('…');
    }
    format!("`{short}`")
}

/// A deterministic pseudo-random sequence for generated inputs.
fn rng(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut rng = cgt_testkit::Rng(seed | 1);
    move |m| rng.below(m)
}

/// The ruleset workloads.
pub const RULES: &[Workload] = &[
    Workload {
        name: "domineering",
        what: "`domineering[RxC]` in a fresh session (regions, symmetries, transposition table); n is written RC: 44 is 4x4, 46 is 4x6.",
        sizes: &[44, 45, 55, 46],
        run: |n| run(&format!("domineering[{}x{}]", n / 10, n % 10)),
    },
    Workload {
        name: "toppling-alternating",
        what: "`toppling[BWBW...]` of length n.",
        sizes: &[10, 20, 25, 30, 60],
        run: |n| run(&format!("toppling[{}]", "BW".repeat(n as usize).chars().take(n as usize).collect::<String>())),
    },
    Workload {
        name: "toppling-random",
        what: "`toppling[...]` of n random black and white dominoes.",
        sizes: &[10, 20, 25, 30, 60],
        run: |n| {
            let mut r = rng(n);
            let row: String = (0..n).map(|_| if r(2) == 0 { 'B' } else { 'W' }).collect();
            run(&format!("toppling[{row}]"))
        },
    },
    Workload {
        name: "tree-path",
        what: "A blue/red tree that is a single path of n edges (`tree[B(R(B(...)))]`).",
        sizes: &[1_000, 10_000, 100_000, 200_000],
        run: |n| {
            let n = n as usize;
            let colours: Vec<char> = (0..n).map(|i| if i % 3 == 2 { 'R' } else { 'B' }).collect();
            let mut s = String::from("tree[");
            for c in &colours[..n - 1] {
                s.push(*c);
                s.push('(');
            }
            s.push(colours[n - 1]);
            s.push_str(&")".repeat(n - 1));
            s.push(']');
            run(&s)
        },
    },
    Workload {
        name: "tree-star-green",
        what: "A star of n edges at the root, alternately green and blue.",
        sizes: &[10_000, 100_000, 200_000],
        run: |n| {
            run(&format!("tree[{}]", (0..n).map(|i| if i % 2 == 0 { "G" } else { "B" }).collect::<Vec<_>>().join(", ")))
        },
    },
    Workload {
        name: "nim-big",
        what: "`nim[...]` of n heaps of 300 decimal digits each.",
        sizes: &[10, 100, 1_000],
        run: |n| {
            run(&format!("nim[{}]", (0..n).map(|i| format!("{}{i}", "7".repeat(300))).collect::<Vec<_>>().join(", ")))
        },
    },
    Workload {
        name: "moore",
        what: "Moore's Nim `nim[...] k=3` of n heaps of 300 digits, with a winning move.",
        sizes: &[10, 100, 1_000],
        run: |n| {
            run(&format!(
                "nim[{}] k=3",
                (0..n).map(|i| format!("{}{i}", "9".repeat(300))).collect::<Vec<_>>().join(", ")
            ))
        },
    },
    Workload {
        name: "stones-contest",
        what: "`stones[h, h-1, ...]` (10 heaps up to h) with a take set of 100 random elements up to 1000.",
        sizes: &[10_000, 100_000, 1_000_000],
        run: |h| {
            let mut r = rng(7);
            let take: Vec<String> = (0..100).map(|_| (1 + r(1000)).to_string()).collect();
            let heaps: Vec<String> = (0..10).map(|i| (h - i).to_string()).collect();
            run(&format!("stones[{}] take=[{}]", heaps.join(", "), take.join(", ")))
        },
    },
    Workload {
        name: "stones-huge-heap",
        what: "`stones[10^18] take=[...]` with a take set of n elements (up to 20n): the period decides.",
        sizes: &[3, 10, 30],
        run: |n| {
            let mut r = rng(n);
            let take: Vec<String> = (0..n).map(|_| (1 + r(20 * n)).to_string()).collect();
            run(&format!("stones[1000000000000000000] take=[{}]", take.join(", ")))
        },
    },
    Workload {
        name: "octal-sequence",
        what: "`grundy(octal code=0.6, n..n)` (the table to n): an octal game whose values keep growing, by the \
               sparse-space engine's one scan over splits of common heaps.",
        sizes: &[10_000, 100_000, 1_000_000],
        run: |n| run(&format!("grundy(octal code=0.6, {}..{n})", n - 1)),
    },
    Workload {
        name: "octal-kayles-sequence",
        what: "`grundy(kayles, 0..n)` (periodic from 71: the table stops once the period is proven).",
        sizes: &[1_000, 100_000],
        run: |n| run(&format!("grundy(kayles, {}..{n})", n - 1)),
    },
    Workload {
        name: "period-0.137",
        what: "`period(octal code=0.137)`: computing and proving the period.",
        sizes: &[1],
        run: |_| run("period(octal code=0.137)"),
    },
    Workload {
        name: "deque",
        what: "`deque[...]` of n random values up to 10^9.",
        sizes: &[3_000, 6_000, 12_000, 30_000],
        run: |n| {
            let mut r = rng(n);
            run(&format!("deque[{}]", (0..n).map(|_| r(1_000_000_001).to_string()).collect::<Vec<_>>().join(", ")))
        },
    },
    Workload {
        name: "graph",
        what: "`graph[...] from=1` with n vertices and 2n random edges (retrograde analysis).",
        sizes: &[100_000, 200_000, 400_000],
        run: |n| {
            let mut r = rng(n);
            let edges: Vec<String> = (0..2 * n).map(|_| format!("{}->{}", 1 + r(n), 1 + r(n))).collect();
            run(&format!("graph[{}] from=1", edges.join(", ")))
        },
    },
    Workload {
        name: "fair",
        what: "`fair[...]` of n random piles of 40 boxes (meet in the middle over exact values).",
        sizes: &[20, 30, 40],
        run: |n| {
            let mut r = rng(n);
            let piles: Vec<String> =
                (0..n).map(|_| (0..40).map(|_| if r(2) == 0 { 'B' } else { 'W' }).collect::<String>()).collect();
            run(&format!("fair[{}]", piles.join(", ")))
        },
    },
    Workload {
        name: "compounds",
        what: "`conjunctive(stones[n] take=[1, 3, 4], nim[n])` and `misere continued(...)` of heaps of size n.",
        sizes: &[1_000, 10_000, 100_000],
        run: |n| {
            run(&format!(
                "conjunctive(stones[{n}] take=[1, 3, 4], nim[{n}])\nmisere continued(stones[{n}] take=[1, 3, 4], nim[{n}])"
            ))
        },
    },
    Workload {
        name: "thermograph-sum",
        what: "`thermograph(...)` of a sum of n switches `{i | -i/2}` (exact walls).",
        sizes: &[4, 8, 16],
        run: |n| {
            let sum: Vec<String> = (1..=n).map(|i| format!("{{{i} | -{i}/2}}")).collect();
            run(&format!("thermograph({})", sum.join(" + ")))
        },
    },
];
