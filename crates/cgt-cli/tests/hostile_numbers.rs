//! Hostile input against the real `cgt` binary (docs/src/reference/exit-statuses.md): huge integers in every
//! place a number is accepted, and huge heaps that must take the fast paths.

mod common;

use common::*;

/// Every place a number is accepted, with a number of thousands of digits: a result or a clear
/// error, never a crash or a hang.
#[test]
fn huge_integers_everywhere_a_number_is_accepted() {
    let d = digits(3000);
    let pow2 = num_pow2_decimal(4000);
    let cases: Vec<String> = vec![
        d.clone(),
        format!("-{d}"),
        format!("{d}/2"),
        format!("1/{d}"),
        format!("{d}/{pow2}"),
        format!("{d}^"),
        format!("{d}*"),
        format!("{d}^*3"),
        format!("*{d}"),
        format!("^{d}"),
        format!("v{d}"),
        format!("↑{d}"),
        format!("↓{d}"),
        format!("{{{d}|-{d}}}"),
        format!("{{{d}||0|-{d}}}"),
        format!("{d} + {d}"),
        format!("{d} - {d}"),
        format!("{d} : 1"),
        format!("temp({{{d}|-{d}}})"),
        format!("mean({{{d}|-{d}}})"),
        format!("thermograph({{{d}|-{d}}})"),
        format!("birthday({d})"),
        format!("options({d})"),
        format!("cf({d})"),
        format!("{d} == {d}"),
        format!("{d} > 1"),
        format!("nim[{d}]"),
        format!("nim[{d}, {d}]"),
        format!("nim[1, 2] k={d}"),
        format!("nim[{d}, 1] k=2"),
        format!("stones[{d}] take=[1, 2, 3]"),
        format!("stones[5] take=[{d}]"),
        format!("stones[5] take=[1, {d}]"),
        format!("octal[{d}] code=0.137"),
        format!("octal[5] code=0.{}", "7".repeat(3000)),
        format!("octal[5] code={d}.7"),
        format!("kayles[{d}]"),
        format!("dawson[{d}]"),
        format!("deque[{d}, -{d}, 1]"),
        format!("graph[{d}->1] from={d}"),
        format!("graph[1->{d}] from=1"),
        format!("graph[1->2] from={d}"),
        format!("graph[1->2] from=1 values=[{d}, -{d}] stop"),
        format!("domineering[{d}x3]"),
        format!("domineering[3x{d}]"),
        "domineering[99999999999999999999x3]".to_string(),
        "domineering[3x99999999999999999999]".to_string(),
        "domineering[0x0]".to_string(),
        format!("grundy(kayles, 0..{d})"),
        format!("grundy(kayles, {d}..{d})"),
        "grundy(kayles, 0..99999999999999999999)".to_string(),
        format!("grundy(stones take=[{d}], 0..5)"),
        format!("period(octal code=0.{})", "7".repeat(3000)),
        format!("let x = {d}"),
    ];
    let mut failures = Vec::new();
    for src in &cases {
        let run = eval_args(src, &["--budget", "5s,512MiB"]);
        let short: String = src.chars().take(60).collect();
        if std::panic::catch_unwind(|| {
            run.assert_sane(&short);
            // A result (`= `, `✓`) or an error or a budget warning, on the statement's line.
            assert!(
                run.stdout.contains("= ")
                    || run.stdout.contains('✓')
                    || run.stdout.contains("error")
                    || run.stdout.contains("gave up"),
                "{short}: no result and no error\n{}",
                run.tail()
            );
        })
        .is_err()
        {
            failures.push(short);
        }
    }
    assert!(failures.is_empty(), "huge integers broke: {failures:#?}");
}

/// 2^k in decimal (a dyadic denominator with many digits).
fn num_pow2_decimal(k: u32) -> String {
    // Schoolbook doubling in base 10^9: no big-integer crate needed in the test.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..k {
        let mut carry = 0;
        for l in &mut limbs {
            let v = *l * 2 + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut s = limbs.last().unwrap().to_string();
    for l in limbs.iter().rev().skip(1) {
        s.push_str(&format!("{l:09}"));
    }
    s
}

#[test]
fn huge_integers_in_one_file_do_not_stop_the_others() {
    let d = digits(5000);
    let src = format!("*{d}\nkayles[{d}]\ndomineering[{d}x{d}]\n{d}/3\nWBBW.BW\n");
    eval(&src).assert_code(1, "a file of huge integers").assert_stdout("= 1/8 · L", "the last line");
}

#[test]
fn huge_heaps_use_fast_paths() {
    let ten_1000 = format!("1{}", "0".repeat(1000));
    let e18 = "1000000000000000000";
    let cases = [
        (format!("nim[{ten_1000}]"), "= *1000"),
        (format!("nim[{ten_1000}, {ten_1000}]"), "= 0 · P"),
        (format!("nim[{ten_1000}, 1] k=2"), "= N"),
        (format!("kayles[{e18}]"), "= "),
        (format!("dawson[{e18}]"), "= "),
        (format!("octal[{e18}] code=0.137"), "= "),
        // 10^18 is a multiple of 4: a P-position of take 1, 2 or 3.
        (format!("stones[{e18}] take=[1, 2, 3]"), "= 0 · P"),
        (format!("stones[{e18}] take=[2, 5, 7]"), "= "),
        (format!("stones[{e18}, {e18}] take=[1, 2, 3]"), "= 0 · P"),
    ];
    for (src, want) in &cases {
        let short: String = src.chars().take(60).collect();
        eval(src).assert_code(0, &short).assert_stdout(want, &short);
    }
    // Beyond 2^64 a heap may be refused, but clearly.
    for src in [format!("kayles[{ten_1000}]"), format!("stones[{ten_1000}] take=[1, 2, 3]")] {
        let short: String = src.chars().take(60).collect();
        let run = eval(&src);
        run.assert_sane(&short);
        assert!(run.stdout.contains("= ") || run.stderr.contains("too large"), "{short}\n{}", run.tail());
    }
}
