//! Parallel evaluation gives the same output as one thread, run after run: a file of 400
//! checks under `--jobs 1` and under the default, twenty times.

use std::process::Command;

use cgt_testkit::Rng;

/// A file of `n` checks that hold, of several rulesets, each answered in milliseconds.
fn checks(n: usize) -> String {
    let mut rng = Rng::new(0xde7e_2026);
    let mut out = String::new();
    for i in 0..n {
        let line = match i % 5 {
            0 => {
                let (a, b, c) = (rng.below(50), rng.below(50), rng.below(50));
                format!("nim[{a}, {b}, {c}] == *{}", a ^ b ^ c)
            }
            1 => format!("kayles[{}] is N", [1, 2, 3, 4, 6, 7][rng.index(6)]),
            2 => {
                format!("let x{i} = {}\nx{i} + -x{i} == 0", ["{1|0}", "^*", "WBBW.BW", "toppling[BWWB]"][rng.index(4)])
            }
            3 => format!("domineering[{}x{}] <> 0", 2 + rng.below(2), 2 + rng.below(1)),
            _ => format!("octal[{}] code=0.16 != *999", 1000 + rng.below(5000)),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn run(file: &std::path::Path, jobs: Option<&str>) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.arg("eval").arg(file);
    if let Some(j) = jobs {
        cmd.args(["--jobs", j]);
    }
    let out = cmd.output().expect("cgt runs");
    (out.status.code(), String::from_utf8(out.stdout).expect("UTF-8"))
}

#[test]
fn four_hundred_checks_give_the_same_output_on_any_number_of_threads_every_time() {
    let dir = std::env::temp_dir().join(format!("cgt-determinism-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("checks.cgt");
    std::fs::write(&file, checks(400)).unwrap();
    let (code, one) = run(&file, Some("1"));
    assert_eq!(code, Some(0), "every check holds:\n{one}");
    assert!(one.lines().count() >= 400);
    for round in 0..20 {
        let (code, many) = run(&file, None);
        assert_eq!((code, &many), (Some(0), &one), "round {round}: the default --jobs differs from --jobs 1");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
