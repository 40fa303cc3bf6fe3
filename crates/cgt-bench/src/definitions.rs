//! Definitions written in the language (docs/src/howto/define.md) against the built-in rulesets they equal:
//! a user Lasker's Nim rule, Cutcake as a partizan rule, and a subtraction game written as a
//! rule beside the built-in `stones`. Each run is a fresh session, parsed and evaluated as a
//! user's file is; the note says whether the result equals the built-in one.

use crate::Workload;

/// Lasker's Nim as a user rule: take any number, or split a heap in two.
const LASKER: &str = "rule lasker(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\n";

/// Cutcake as a partizan rule: Left cuts between columns, Right between rows.
const CUTCAKE: &str =
    "rule cut(w, h) = [[(a, h), (w - a, h)] for a in 1..w-1] | [[(w, b), (w, h - b)] for b in 1..h-1]\n";

/// The subtraction game {1, 3, 4} as a user rule.
const SUBTRACTION: &str = "rule s(n) = [n - k for k in [1, 3, 4] if k <= n]\n";

/// The definition workloads.
pub const DEFINITIONS: &[Workload] = &[
    Workload {
        name: "defs-lasker-grundy",
        what: "`grundy(lasker, 0..n)` for Lasker's Nim written as a user rule (about n² options in all, each heap's evaluated once); checked against the closed form.",
        sizes: &[1_000, 3_000, 10_000],
        run: lasker,
    },
    Workload {
        name: "defs-cutcake",
        what: "`cut[nxn]` for Cutcake written as a partizan user rule (every cake up to n×n searched once); checked against the built-in `cutcake[nxn]`.",
        sizes: &[4, 6, 8, 10],
        run: cutcake,
    },
    Workload {
        name: "defs-subtraction-rule",
        what: "`grundy(s, 0..n)` for the subtraction game {1, 3, 4} written as a user rule; checked against the built-in `stones` (computed in the same run, a few ms).",
        sizes: &[1_000, 10_000, 99_999],
        run: |n| subtraction(n, true),
    },
    Workload {
        name: "defs-subtraction-stones",
        what: "The same values from the built-in `grundy(stones take=[1, 3, 4], 0..n)`, for comparison.",
        sizes: &[1_000, 10_000, 99_999],
        run: |n| subtraction(n, false),
    },
    Workload {
        name: "defs-steps",
        what: "`len([k for k in 1..n if k mod 7 == 3])`: n comprehension steps of the interpreter, each an arithmetic filter; checked against the count.",
        sizes: &[1_000_000, 3_000_000, 10_000_000],
        run: steps,
    },
    Workload {
        name: "defs-square",
        what: "`grundy(sq, 0..n)` for subtract-a-square written as `rule sq(n) = [n - k * k for k in 1..isqrt(n)]` (about n^1.5 * 2/3 options); checked against the same table computed here.",
        sizes: &[20_000, 99_999],
        run: square,
    },
];

fn steps(n: u64) -> String {
    let got = values(&format!("len([k for k in 1..{n} if k mod 7 == 3])\n")).pop().unwrap_or_default();
    let want = (1..=n).filter(|k| k % 7 == 3).count();
    if got == want.to_string() {
        format!("{want}, equal to the count")
    } else {
        format!("{got}: DIFFERENT from {want}")
    }
}

fn square(n: u64) -> String {
    let got = values(&format!("rule sq(n) = [n - k * k for k in 1..isqrt(n)]\ngrundy(sq, 0..{n})\n")).pop();
    let mut g: Vec<usize> = Vec::new();
    for h in 0..=n as usize {
        let mut seen = vec![false; 2 + (h as f64).sqrt() as usize * 2];
        let mut k = 1;
        while k * k <= h {
            if let Some(s) = seen.get_mut(g[h - k * k]) {
                *s = true;
            }
            k += 1;
        }
        g.push(seen.iter().position(|s| !s).unwrap_or(seen.len()));
    }
    let want = format!("[{}]", g.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    if got.as_deref() == Some(want.as_str()) {
        format!("{} values, equal to the table", n + 1)
    } else {
        "DIFFERENT from the table".into()
    }
}

/// The values of the statements of `src`, or their first errors.
fn values(src: &str) -> Vec<String> {
    let config = cgt_eval::Config { time: std::time::Duration::from_secs(600), ..Default::default() };
    cgt_eval::evaluate(src, &config)
        .into_iter()
        .map(|r| match (r.value, r.diagnostics.first()) {
            (_, Some(d)) => format!("error: {}", d.message),
            (Some(v), None) => v,
            (None, None) => "?".into(),
        })
        .collect()
}

fn lasker(n: u64) -> String {
    let got = values(&format!("{LASKER}grundy(lasker, 0..{n})\n")).pop().unwrap_or_default();
    let closed: Vec<String> = (0..=n)
        .map(|h| match h % 4 {
            0 if h > 0 => h - 1,
            3 => h + 1,
            _ => h,
        })
        .map(|g| g.to_string())
        .collect();
    let agrees = got == format!("[{}]", closed.join(", "));
    format!("{} values, {}", n + 1, if agrees { "equal to the closed form" } else { "DIFFERENT from the closed form" })
}

fn cutcake(n: u64) -> String {
    let got = values(&format!("{CUTCAKE}cut[{n}x{n}]\ncutcake[{n}x{n}]\n"));
    let same = if got[1] == got[2] { "equal to cutcake[...]" } else { "DIFFERENT from cutcake[...]" };
    format!("`{}`, {same}", got[1])
}

fn subtraction(n: u64, user: bool) -> String {
    let src = if user {
        format!("{SUBTRACTION}grundy(s, 0..{n})\ngrundy(stones take=[1, 3, 4], 0..{n})\n")
    } else {
        format!("grundy(stones take=[1, 3, 4], 0..{n})\n")
    };
    let got = values(&src);
    match user {
        true if got[1] == got[2] => format!("{} values, equal to stones", n + 1),
        true => "DIFFERENT from stones".to_string(),
        false => format!("{} values", n + 1),
    }
}
