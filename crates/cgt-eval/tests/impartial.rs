//! The impartial contest pack: `wythoff`, `staircase`, `euclid`, `welter`, the coin-turning
//! games, `grundy_game`, `lasker`, CGSuite's take-and-break codes, `stones allbut=`, and
//! `nimsum`/`nimprod`: published values, winning moves that reach P-positions, brute force for
//! `allbut`, huge inputs and errors. Each statement's result is spliced after it, with its
//! extras, or its error with the hint.

use cgt_eval::{CheckStatus, Config, StmtReport, evaluate};
use expect_test::{Expect, expect};

fn line(r: &StmtReport) -> String {
    let result = match (r.diagnostics.first(), r.check) {
        (Some(d), _) => {
            let kind = if r.has_error() { "error" } else { "warning" };
            format!("{kind} {}: {} (hint: {})", d.code, d.message, d.hint.as_deref().unwrap_or("-"))
        }
        (None, Some(CheckStatus::Passed)) => "✓".to_string(),
        _ => {
            let mut s = format!("= {} · {}", r.value.as_deref().unwrap_or("?"), r.outcome.as_deref().unwrap_or("?"));
            for (k, v) in &r.extras {
                s.push_str(&format!(" · {k}: {v}"));
            }
            s
        }
    };
    format!("{}  [{result}]\n", r.source)
}

fn check(src: &str, want: Expect) {
    want.assert_eq(&evaluate(src, &Config::default()).iter().map(line).collect::<String>());
}

/// The value of each statement of `src` (one per line).
fn values(src: &str) -> Vec<String> {
    evaluate(src, &Config::default())
        .iter()
        .map(|r| r.value.clone().unwrap_or_else(|| format!("{:?}", r.diagnostics)))
        .collect()
}

#[test]
fn published_values() {
    check(
        "grundy(grundy_game, 1..20)\ngrundy(octal code=\"0.3F\", 1..20)\ngrundy(lasker, 1..8)\n\
         mock_turtles[8]\nruler[24]\nwelter[5, 9]\n\
         nimprod(8, 16)\nnimprod(16, 16)\nnimprod(4294967296, 4294967296)\nnimsum(12, 10)",
        expect![[r#"
            grundy(grundy_game, 1..20)  [= [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0] · ? · heaps: 1 to 20]
            grundy(octal code="0.3F", 1..20)  [= [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11] · ? · heaps: 1 to 20]
            grundy(lasker, 1..8)  [= [1, 2, 4, 3, 5, 6, 8, 7] · ? · heaps: 1 to 8]
            mock_turtles[8]  [= *14 · N · winning move: turn over 8 (mock_turtles[8] -> mock_turtles[])]
            ruler[24]  [= *8 · N · winning move: turn over 24 (ruler[24] -> ruler[])]
            welter[5, 9]  [= *11 · N · winning move: the coin on 9 to 4 (welter[5, 9] -> welter[5, 4])]
            nimprod(8, 16)  [= 128 · ?]
            nimprod(16, 16)  [= 24 · ?]
            nimprod(4294967296, 4294967296)  [= 6442450944 · ?]
            nimsum(12, 10)  [= 6 · ?]
        "#]],
    );
}

#[test]
fn wythoff_row_ten() {
    let src: String = (0..=10).map(|k| format!("wythoff[10, {k}]\n")).collect();
    let row: Vec<String> = [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14]
        .iter()
        .map(|&g| if g == 0 { "0".to_string() } else { format!("*{g}") })
        .collect();
    assert_eq!(values(&src), row);
}

#[test]
fn positions_with_winning_moves() {
    check(
        "wythoff[4, 8]\nwythoff[3, 5]\nwythoff[1618033988749894848, 2618033988749894849]\n\
         wythoff[1618033988749894848, 2618033988749894848]\nwythoff[4, 8] + nim[2]\n\
         staircase[3, 1, 4, 1, 5]\nstaircase[2, 3, 1] parent=[0, 1, 1]\neuclid[5, 3]\neuclid[8, 5]\n\
         euclid[100000000000000000000000, 3]\nwelter[1, 4, 6, 9]\nturtles[2, 5, 6]\nmock_turtles[2, 5, 6, 9]\n\
         ruler[3, 4, 8]\nruler[1000000000000000000000000]\nturtles[4x4, 2x3] times=ruler\ngrundy_game[9, 17]\n\
         lasker[3, 4, 7]\nlasker[1000000000000, 7]\nstones[10] allbut=[2, 3, 7]\noctal[7, 9] code=\"4!.0\"",
        expect![[r#"
            wythoff[4, 8]  [= * · N · winning move: wythoff[4, 8] -> wythoff[4, 7]]
            wythoff[3, 5]  [= 0 · P]
            wythoff[1618033988749894848, 2618033988749894849]  [= N · N · Grundy value: not computed: the table below the queen would have over 16777216 squares · winning move: wythoff[1618033988749894848, 2618033988749894849] -> wythoff[1618033988749894848, 2618033988749894848]]
            wythoff[1618033988749894848, 2618033988749894848]  [= 0 · P]
            wythoff[4, 8] + nim[2]  [= *3 · N]
            staircase[3, 1, 4, 1, 5]  [= *2 · N · winning move: move 2 from step 1 to the floor (staircase[3, 1, 4, 1, 5] -> staircase[1, 1, 4, 1, 5])]
            staircase[2, 3, 1] parent=[0, 1, 1]  [= *2 · N · winning move: move 2 from step 1 to the floor (staircase[2, 3, 1] parent=[0, 1, 1] -> staircase[0, 3, 1] parent=[0, 1, 1])]
            euclid[5, 3]  [= * · N · winning move: euclid[5, 3] -> euclid[2, 3]]
            euclid[8, 5]  [= 0 · P]
            euclid[100000000000000000000000, 3]  [= *33333333333333333333333 · N · winning move: euclid[100000000000000000000000, 3] -> euclid[4, 3]]
            welter[1, 4, 6, 9]  [= *6 · N · winning move: the coin on 9 to 3 (welter[1, 4, 6, 9] -> welter[1, 4, 6, 3])]
            turtles[2, 5, 6]  [= * · N · winning move: turn over 4 and 5 (turtles[2, 5, 6] -> turtles[2, 4, 6])]
            mock_turtles[2, 5, 6, 9]  [= *17 · N · winning move: turn over 1 and 9 (mock_turtles[2, 5, 6, 9] -> mock_turtles[1, 2, 5, 6])]
            ruler[3, 4, 8]  [= *13 · N · winning move: turn over 2-8 (ruler[3, 4, 8] -> ruler[2, 5, 6, 7])]
            ruler[1000000000000000000000000]  [= *16777216 · N · winning move: turn over 1000000000000000000000000 (ruler[1000000000000000000000000] -> ruler[])]
            turtles[4x4, 2x3] times=ruler  [= *4 · N · winning move: turn over 3x2-4, 4x2-4]
            grundy_game[9, 17]  [= *3 · N · winning move: split heap 2 (17 -> 2 + 15)]
            lasker[3, 4, 7]  [= *15 · N · winning move: split heap 3 (7 -> 1 + 6)]
            lasker[1000000000000, 7]  [= *999999999991 · N · winning move: take 999999999993 from heap 1 (1000000000000 -> 7)]
            stones[10] allbut=[2, 3, 7]  [= *4 · N · winning move: take 8 from heap 1 (10 -> 2) · code: 0.3003330[3]]
            octal[7, 9] code="4!.0"  [= * · N · winning move: split heap 2 (9 -> 2 + 7)]
        "#]],
    );
}

/// The position after each reported winning move (`... -> POSITION`) is a P-position.
#[test]
fn winning_moves_reach_p_positions() {
    let positions = [
        "wythoff[4, 8]",
        "wythoff[9, 2]",
        "wythoff[1618033988749894848, 2618033988749894849]",
        "wythoff[1000000000000000000000, 5]",
        "staircase[3, 1, 4, 1, 5]",
        "staircase[0, 5, 1, 7]",
        "staircase[2, 3, 1, 4] parent=[0, 1, 1, 3]",
        "euclid[5, 3]",
        "euclid[100, 7]",
        "euclid[123456789123456789, 987654321]",
        "welter[1, 4, 6, 9]",
        "welter[0, 3, 10, 11, 20]",
        "turtles[2, 5, 6]",
        "mock_turtles[2, 5, 6, 9]",
        "mock_turtles[3, 10, 17]",
        "ruler[3, 4, 8]",
        "ruler[5, 12, 30, 31]",
    ];
    for p in positions {
        let reports = evaluate(p, &Config::default());
        let r = &reports[0];
        let (_, m) = r.extras.iter().find(|(k, _)| k == "winning move").unwrap_or_else(|| panic!("{p}: {r:?}"));
        let after = m.rsplit("-> ").next().unwrap().trim_end_matches(')');
        let reports = evaluate(&format!("{after} is P"), &Config::default());
        assert_eq!(reports[0].check, Some(CheckStatus::Passed), "{p}: {m}: {:?}", reports[0].diagnostics);
    }
}

/// `allbut=` against the Grundy values computed from the rules.
#[test]
fn allbut_agrees_with_brute_force() {
    for excluded in [vec![], vec![1], vec![2, 3, 7], vec![1, 2, 4, 8, 16], vec![5, 6, 7, 30], vec![3, 9, 27, 81]] {
        let n = 300;
        let mut g = vec![0u32; n + 1];
        for h in 1..=n {
            let mut seen = vec![false; h + 2];
            for take in (1..=h).filter(|t| !excluded.contains(t)) {
                seen[g[h - take] as usize] = true;
            }
            g[h] = seen.iter().position(|s| !s).unwrap() as u32;
        }
        let list: Vec<String> = excluded.iter().map(ToString::to_string).collect();
        let src = format!("grundy(stones allbut=[{}], 0..{n})", list.join(", "));
        let want: Vec<String> = g.iter().map(ToString::to_string).collect();
        assert_eq!(values(&src), [format!("[{}]", want.join(", "))], "allbut {excluded:?}");
    }
}

#[test]
fn periods() {
    let quick = Config { time: std::time::Duration::from_millis(1500), ..Config::default() };
    let reports = evaluate("period(grundy_game)\nperiod(octal code=\"4!.0\")", &quick);
    for r in &reports {
        assert!(r.gave_up(), "{r:?}");
        assert!(r.diagnostics[0].message.starts_with("gave up: no period found up to heap "), "{r:?}");
    }
    check(
        "period(lasker)\nperiod(stones allbut=[2, 3, 7])\nperiod(octal code=\"0.[3]\")\nperiod(octal code=0.137)",
        expect![[r#"
            period(lasker)  [error argument: 4.[3] has no period: its Grundy values grow (hint: in Lasker's Nim (4.[3]) a heap n is worth *n, except that 4k+3 and 4k+4 swap values)]
            period(stones allbut=[2, 3, 7])  [= arithmetic period 4 from heap 0 with saltus 2: g(n + 4) = g(n) + 2 for n >= 0 · ?]
            period(octal code="0.[3]")  [error argument: 0.[3] has no period: its Grundy values grow (hint: this code is Nim: a heap of n is worth *n)]
            period(octal code=0.137)  [= period 34 from heap 52 · ?]
        "#]],
    );
}

#[test]
fn errors() {
    check(
        "wythoff[1]\nwythoff[1, 2, 3]\nwythoff[-1, 2]\nwelter[2, 5, 2]\nturtles[0, 3]\nmock_turtles[3, 3]\n\
         staircase[1, 2] parent=[2, 1]\nstaircase[1, 2] parent=[0]\nstaircase[1, 2] parent=[0, 7]\neuclid[5]\n\
         octal[3] code=\"0.3Z\"\noctal[3] code=BW\nstones[5] allbut=[0]\nstones[5] take=[1] allbut=[2]\n\
         turtles[2x3] times=nim\nturtles[2, 3] times=ruler\nnimprod(-1, 2)\nnimprod(*2, 3)\nnimsum(1)\nnimsum(1/2, 1)",
        expect![[r#"
            wythoff[1]  [error argument: `wythoff` takes one queen: its two coordinates (hint: several queens are a sum: `wythoff[3, 5] + wythoff[1, 2]`)]
            wythoff[1, 2, 3]  [error argument: `wythoff` takes one queen: its two coordinates (hint: several queens are a sum: `wythoff[3, 5] + wythoff[1, 2]`)]
            wythoff[-1, 2]  [error argument: a queen's coordinates are non-negative whole numbers (hint: for example `wythoff[4, 7]`)]
            welter[2, 5, 2]  [error argument: square 2 is named twice, but a square holds at most one coin (hint: in Welter's game each square holds at most one coin)]
            turtles[0, 3]  [error argument: coins are counted from 1, so 0 is not a position (hint: list each heads coin once, by its position counted from 1 (as CGSuite does))]
            mock_turtles[3, 3]  [error argument: the coin at 3 is named twice (hint: list each heads coin once, by its position counted from 1 (as CGSuite does))]
            staircase[1, 2] parent=[2, 1]  [error setting: following parents from vertex 1 goes round a cycle and never reaches the floor 0 (hint: give each vertex 1..n its parent, 0 for the floor: `staircase[2, 3, 1] parent=[0, 1, 1]`)]
            staircase[1, 2] parent=[0]  [error setting: 2 vertices have coins but 1 parents are given; give one parent per vertex (hint: give each vertex 1..n its parent, 0 for the floor: `staircase[2, 3, 1] parent=[0, 1, 1]`)]
            staircase[1, 2] parent=[0, 7]  [error setting: vertex 2 has parent 7, which is not a vertex (vertices are 1 to n, 0 is the floor) (hint: give each vertex 1..n its parent, 0 for the floor: `staircase[2, 3, 1] parent=[0, 1, 1]`)]
            euclid[5]  [error argument: `euclid` takes a pair of numbers (hint: write the pair: `euclid[5, 3]`; several pairs are a sum: `euclid[5, 3] + euclid[9, 4]`)]
            octal[3] code="0.3Z"  [error setting: `0.3Z` is not a take-and-break code: digits beyond F (moves that leave four or more heaps) are not supported (hint: a code is `d0.d1d2...`: digit dk (0-9, A-F) says what taking k tokens may leave (1: nothing, 2: one heap, 4: two, 8: three); octal codes may be bare (`code=0.137`), others go in quotes: `code="0.3F"`, `code="4!.0"` (`!`: unequal heaps), `code="4.[3]"` (`[..]` repeats))]
            octal[3] code=BW  [error setting: `code` needs a take-and-break code (hint: a code is `d0.d1d2...`: digit dk (0-9, A-F) says what taking k tokens may leave (1: nothing, 2: one heap, 4: two, 8: three); octal codes may be bare (`code=0.137`), others go in quotes: `code="0.3F"`, `code="4!.0"` (`!`: unequal heaps), `code="4.[3]"` (`[..]` repeats))]
            stones[5] allbut=[0]  [error setting: cannot exclude 0 (hint: the amounts excluded are from 1 to 65536)]
            stones[5] take=[1] allbut=[2]  [error setting: give `take=` or `allbut=`, not both (hint: `take=[1, 2]` lists the amounts allowed, `allbut=[2, 3]` the amounts forbidden)]
            turtles[2x3] times=nim  [error setting: `times` needs a coin rule (hint: the coin rules are turtles, mock_turtles and ruler: `turtles[2x3] times=ruler`)]
            turtles[2, 3] times=ruler  [error argument: a heads coin of a product is `x`x`y`, both counted from 1 (hint: for example `turtles[2x3, 4x1] times=ruler`)]
            nimprod(-1, 2)  [error type: `-1` is -1, not a non-negative whole number (hint: nim arithmetic is on whole numbers 0, 1, 2, ...: `nimprod(a, b)`)]
            nimprod(*2, 3)  [error type: `*2` is *2, not a non-negative whole number (hint: `nimprod` takes the numbers themselves: write `nimprod(3, 5)`, not `*3, *5`)]
            nimsum(1)  [error arity: `nimsum` takes two whole numbers (hint: write `nimsum(a, b)`)]
            nimsum(1/2, 1)  [error type: `1/2` is 1/2, not a non-negative whole number (hint: nim arithmetic is on whole numbers 0, 1, 2, ...: `nimsum(a, b)`)]
        "#]],
    );
}

#[test]
fn huge_heaps_without_a_period_give_up() {
    let quick = Config { time: std::time::Duration::from_millis(300), ..Config::default() };
    let r = &evaluate("grundy_game[1000000000000]", &quick)[0];
    assert!(r.gave_up(), "{r:?}");
    // All-but games have a proven arithmetic period instead: g(n) = 2 floor(n / 4) + n mod 2 for
    // allbut=[2, 3] (the values 0, 1, 0, 1, 2, 3, 2, 3, ... from the mex).
    let r = &evaluate("stones[100000000, 7] allbut=[2, 3]", &quick)[0];
    assert_eq!(r.value.as_deref(), Some("*50000003"), "{r:?}");
}

#[test]
fn options_list_moves_in_notation() {
    check(
        "options(wythoff[1, 2])\noptions(euclid[7, 3])\noptions(welter[1, 3])\noptions(staircase[2, 1])",
        expect![[r#"
        options(wythoff[1, 2])  [= Left: wythoff[0, 2] (= *2), wythoff[1, 0] (= *), wythoff[1, 1] (= *2), wythoff[0, 1] (= *); Right: wythoff[0, 2] (= *2), wythoff[1, 0] (= *), wythoff[1, 1] (= *2), wythoff[0, 1] (= *) · ?]
        options(euclid[7, 3])  [= Left: euclid[1, 3] (= *3), euclid[4, 3] (= 0); Right: euclid[1, 3] (= *3), euclid[4, 3] (= 0) · ?]
        options(welter[1, 3])  [= Left: welter[0, 3] (= *2), welter[1, 0] (= 0), welter[1, 2] (= *2); Right: welter[0, 3] (= *2), welter[1, 0] (= 0), welter[1, 2] (= *2) · ?]
        options(staircase[2, 1])  [= Left: staircase[1, 1] (= *), staircase[0, 1] (= 0), staircase[3, 0] (= *3); Right: staircase[1, 1] (= *), staircase[0, 1] (= 0), staircase[3, 0] (= *3) · ?]
    "#]],
    );
}
