//! CGSuite's codes: hexadecimal digits, `!`/`?`, repeating digits, Lasker's Nim, Grundy's game.

use super::*;

/// A random code as text: hexadecimal digits (or octal ones), modifiers, maybe a repeating block.
fn random_text(rng: &mut Rng, hex: bool, repeat: bool) -> String {
    let digit = |rng: &mut Rng, whole: bool| {
        let d = match (whole, hex) {
            (true, true) => [0, 0, 0, 4, 8, 12][rng.below(6) as usize],
            (true, false) => [0, 4][rng.below(2) as usize],
            (false, true) if rng.below(3) == 0 => 8 + rng.below(8),
            (false, _) => rng.below(8),
        };
        let m = ["!", "?", "", "", ""][rng.below(5) as usize];
        format!("{d:X}{m}")
    };
    let mut text = digit(rng, true) + ".";
    (0..rng.below(4)).for_each(|_| text += &digit(rng, false));
    if repeat {
        text += "[";
        (0..1 + rng.below(2)).for_each(|_| text += &digit(rng, false));
        text += "]";
    }
    text
}

fn random_code(rng: &mut Rng, hex: bool, repeat: bool) -> OctalCode {
    let text = random_text(rng, hex, repeat);
    OctalCode::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether `m` is a legal move from a heap of h, by the rules of the code.
fn legal(code: &OctalCode, h: u64, m: &OctalMove) -> bool {
    let parts = m.leave.len();
    m.take <= h
        && m.take + m.leave.iter().sum::<u64>() == h
        && m.leave.iter().all(|&x| x > 0)
        && m.leave.is_sorted()
        && code.digit(m.take as usize) >> parts & 1 == 1
        && (m.take > 0 || parts >= 2)
        && code.constraint(m.take).allows(&m.leave)
}

#[test]
fn cgsuite_codes() {
    for (text, shown) in [
        ("4!.0", "4!.0"),
        ("4?.0", "4!.0"),
        ("0.3F", "0.3F"),
        ("0.3f?", "0.3F?"),
        ("0.3F!", "0.3F!"),
        ("8?.0", "8?.0"),
        ("C.0", "C.0"),
        ("4.[3]", "4.[3]"),
        ("0.3[3]", "0.[3]"),
        ("0.[33]", "0.[3]"),
        ("0.7[03]", "0.7[03]"),
        ("0.3[03]", "0.[30]"),
        ("0.70[3]", "0.70[3]"),
        ("0.[0]", "0.0"),
        ("0.3!", "0.3"),
        ("0.300[0]", "0.3"),
        (".[7]", "0.[7]"),
    ] {
        assert_eq!(code(text).to_string(), shown, "{text}");
        assert_eq!(code(shown), code(text), "{text}");
    }
    assert_eq!(code("4?.0"), OctalCode::grundys_game());
    assert_eq!(code("4.[3]").closed_form(), Some(ClosedForm::Lasker));
    assert_eq!(code("0.[3]").closed_form(), Some(ClosedForm::Nim));
    assert_eq!(code("0.3[3]").closed_form(), Some(ClosedForm::Nim));
    assert_eq!(code("0.[7]").closed_form(), None);
    let nim = code("0.[3]");
    assert_eq!((nim.max_take(), nim.digit(1000), nim.repeats(), nim.is_octal()), (u64::MAX, 3, true, false));
    let c = code("0.7[03]");
    assert_eq!((1..8).map(|k| c.digit(k)).collect::<Vec<_>>(), [7, 0, 3, 0, 3, 0, 3]);
    assert_eq!((code("0.3F?").constraint(2), code("0.3F?").max_heaps_left()), (Constraint::NotAllEqual, 3));
    assert!(OctalCode::kayles().is_octal() && !code("4!.0").is_octal() && !code("0.3F").is_octal());
    assert_eq!(OctalCode::kayles().max_heaps_left(), 2);
}

#[test]
fn malformed_codes_say_what_is_wrong() {
    let malformed = |offset, problem| Err(OctalError::Malformed { offset, problem });
    let unsupported = |offset, what| Err(OctalError::Unsupported { offset, what });
    assert_eq!(OctalCode::parse("0.[3"), malformed(2, "`[` is never closed by `]`"));
    assert_eq!(OctalCode::parse("0.3]"), malformed(3, "`]` closes no `[`"));
    assert_eq!(OctalCode::parse("0.[]"), malformed(2, "`[]` repeats no digits"));
    assert_eq!(OctalCode::parse("0.[3]7"), malformed(5, "the repeating digits in `[...]` must end the code"));
    assert_eq!(OctalCode::parse("0.[3][4]"), malformed(5, "the repeating digits in `[...]` must end the code"));
    assert_eq!(OctalCode::parse("[4].0"), malformed(0, "`[` may only come after the point"));
    assert_eq!(OctalCode::parse("0.[[3]]"), malformed(6, "the repeating digits in `[...]` must end the code"));
    assert_eq!(OctalCode::parse("0.[3[]"), malformed(4, "only one `[...]`, after the point, at the end"));
    assert_eq!(OctalCode::parse("!4.0"), malformed(0, "`!` and `?` must follow a digit, once"));
    assert_eq!(OctalCode::parse("4!?.0"), malformed(2, "`!` and `?` must follow a digit, once"));
    assert_eq!(OctalCode::parse("1.0"), Err(OctalError::BadWholeDigit(1)));
    assert_eq!(OctalCode::parse("6.0"), Err(OctalError::BadWholeDigit(6)));
    assert_eq!(OctalCode::parse("20.017"), Err(OctalError::LongWholePart));
    assert_eq!(OctalCode::parse("0.3="), unsupported(3, "the `=` modifier (heaps all equal) is"));
    assert_eq!(OctalCode::parse("0.{2,3}"), unsupported(2, "generalised digits (`{...}`, `*`, `&n;`) are"));
    assert_eq!(OctalCode::parse("0.*"), unsupported(2, "generalised digits (`{...}`, `*`, `&n;`) are"));
    let shown = |text: &str| OctalCode::parse(text).unwrap_err().to_string();
    assert_eq!(shown("0.3="), "the `=` modifier (heaps all equal) is not supported");
    assert_eq!(shown("0.[3"), "`[` is never closed by `]`");
    assert_eq!(
        shown("6.0"),
        "the digit before the point is 6, but removing no tokens may only split a heap: it must be 0, 4, 8 or C"
    );
}

/// CGSuite's published values (heaps 1 to 20; g(0) = 0 is the empty heap, not listed).
#[test]
fn published_sequences() {
    let budget = Budget::unlimited();
    for (game, published) in [
        (OctalCode::grundys_game(), [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]),
        (code("0.3F"), [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]),
    ] {
        let g = game.grundy_sequence(21, &budget).unwrap();
        assert_eq!(g, naive(&game, 21), "{game}");
        assert_eq!((g[0], &g[1..]), (0, &published[..]), "{game}");
    }
    // Grundy's game has no known period; the theorem proves none among the first 3000 values.
    assert_eq!(OctalCode::grundys_game().period(3000, &budget).unwrap(), None);
    // Nim and Lasker's Nim grow for ever; repeating codes never claim a period.
    assert_eq!(code("0.[3]").period(500, &budget).unwrap(), None);
    assert_eq!(code("0.[1]").period(500, &budget).unwrap(), None);
}

/// Random codes of every kind: the engines agree with the definition, and with search from the
/// rules on single heaps.
#[test]
fn engines_agree_with_the_definition() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for round in 0..360 {
        let code = random_code(&mut rng, round % 3 != 0, round % 2 == 0);
        let len = if code.repeats() && code.max_heaps_left() == 3 { 36 } else { 64 };
        let table = code.grundy_table(len, &Budget::unlimited()).unwrap();
        let g = naive(&code, len);
        assert_eq!(table.values(), &g[..table.values().len()], "{code}");
        let mut memo = HashMap::new();
        for n in 0..11 {
            assert_eq!(grundy(&code, vec![n], &mut memo), g[n as usize], "{code} {n}");
        }
    }
}

/// The sparse engine with `!` on two-heap moves, on long sequences.
#[test]
fn sparse_engine_with_unequal_splits() {
    let mut rng = Rng(0x0f0f_1e1e_2d2d_3c3c);
    for round in 0..60 {
        let code = random_code(&mut rng, false, false);
        let len = if round % 20 == 0 { 1000 } else { 200 };
        assert!(code.max_heaps_left() <= 2);
        assert_eq!(sparse(&code, len), naive(&code, len), "{code}");
    }
    for text in ["4!.0", "4!.7", "0.4!", "0.74!", "4!.07"] {
        assert_eq!(sparse(&code(text), 1200), naive(&code(text), 1200), "{text}");
    }
}

/// Random finite hexadecimal codes with modifiers: periods found are proven (they hold far
/// beyond), least, and start as early as possible.
#[test]
fn hex_periods_agree_with_the_definition() {
    let mut rng = Rng(0x5151_7373_9191_b3b3);
    let mut found = 0;
    for _ in 0..100 {
        let code = random_code(&mut rng, true, false);
        let table = code.grundy_table(300, &Budget::unlimited()).unwrap();
        let Some(p) = table.period() else { continue };
        found += 1;
        let (pre, per) = (p.preperiod as usize, p.period as usize);
        let g = naive(&code, table.values().len() + 2 * per + 40);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(table.value(n as u128), Some(v), "{code} n={n} {p:?}");
        }
        assert!(pre == 0 || g[pre - 1] != g[pre - 1 + per], "{code} {p:?}");
        for shorter in 1..per {
            assert!((pre..pre + per).any(|n| g[n] != g[n + shorter]), "{code} {p:?}");
        }
    }
    assert!(found > 25, "{found}");
}

/// Sums of heaps of random codes of every kind: values agree with search from the rules, and
/// every winning move offered is legal and leads to a P-position.
#[test]
fn hex_sums_and_moves_agree_with_search() {
    let mut rng = Rng(0x7777_3333_5555_1111);
    let mut checked = 0;
    for round in 0..40 {
        let code = random_code(&mut rng, true, round % 2 == 0);
        let table = code.grundy_table(40, &Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..25 {
            let mut heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(9)).collect();
            heaps.sort_unstable();
            let g = grundy(&code, heaps.clone(), &mut memo);
            assert_eq!(table.sum(&heaps), Ok(g), "{code} {heaps:?}");
            let m = code.winning_move(&table, &heaps).unwrap();
            assert_eq!(m.is_some(), g != 0, "{code} {heaps:?}");
            if let Some(m) = m {
                assert!(legal(&code, heaps[m.heap], &m), "{code} {heaps:?} {m:?}");
                let mut next = heaps.clone();
                next.remove(m.heap);
                next.extend(&m.leave);
                next.sort_unstable();
                assert!(options(&code, &heaps).contains(&next), "{code} {heaps:?} {m:?}");
                assert_eq!(grundy(&code, next, &mut memo), 0, "{code} {heaps:?} {m:?}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 1000);
}

/// Heaps far beyond the computed values of periodic hexadecimal codes: the moves found through
/// the period are legal and win.
#[test]
fn huge_hex_heaps() {
    let mut rng = Rng(0x2468_ace0_1357_9bdf);
    let mut played = 0;
    for _ in 0..120 {
        let code = random_code(&mut rng, true, false);
        let table = code.grundy_table(300, &Budget::unlimited()).unwrap();
        if table.period().is_none() {
            continue;
        }
        for shift in 0..6 {
            let heaps = [1_000_000_000_000_000_000 + shift, 999_999_999_999_999_999 - 7 * shift, 5 + shift];
            let Some(m) = code.winning_move(&table, &heaps).unwrap() else { continue };
            assert!(legal(&code, heaps[m.heap], &m), "{code} {heaps:?} {m:?}");
            let mut next: Vec<u64> = heaps.iter().enumerate().filter(|&(i, _)| i != m.heap).map(|(_, &x)| x).collect();
            next.extend(&m.leave);
            assert_eq!(table.sum(&next), Ok(0), "{code} {m:?}");
            played += 1;
        }
    }
    assert!(played > 60, "{played}");
}

/// Lasker's Nim and Nim: the closed forms agree with the engine and the definition, and their
/// winning moves with search; huge heaps too.
#[test]
fn closed_forms() {
    for form in [ClosedForm::Lasker, ClosedForm::Nim] {
        let code = if form == ClosedForm::Lasker { OctalCode::lasker() } else { code("0.[3]") };
        let table = code.grundy_table(300, &Budget::unlimited()).unwrap();
        let g = naive(&code, 50);
        for (n, &v) in table.values().iter().enumerate() {
            assert_eq!(form.value(n as u64), u128::from(v), "{code} {n}");
            assert!(n >= 50 || g[n] == v);
        }
        let mut rng = Rng(0xabcd_ef01_2345_6789);
        let mut memo = HashMap::new();
        for _ in 0..400 {
            let mut heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(12)).collect();
            heaps.sort_unstable();
            let g = grundy(&code, heaps.clone(), &mut memo);
            assert_eq!(form.sum(&heaps), u128::from(g));
            match form.winning_move(&heaps) {
                None => assert_eq!(g, 0),
                Some(m) => {
                    assert!(legal(&code, heaps[m.heap], &m), "{heaps:?} {m:?}");
                    let mut next = heaps.clone();
                    next.remove(m.heap);
                    next.extend(&m.leave);
                    next.sort_unstable();
                    assert_eq!(grundy(&code, next, &mut memo), 0, "{heaps:?} {m:?}");
                }
            }
        }
        for heaps in [[u64::MAX, 7, 1 << 40], [u64::MAX - 1, u64::MAX, 3], [u64::MAX - 3, 1, 2]] {
            let Some(m) = form.winning_move(&heaps) else { continue };
            assert!(legal(&code, heaps[m.heap], &m), "{heaps:?} {m:?}");
            let mut next: Vec<u64> = heaps.iter().enumerate().filter(|&(i, _)| i != m.heap).map(|(_, &x)| x).collect();
            next.extend(&m.leave);
            assert_eq!(form.sum(&next), 0, "{heaps:?} {m:?}");
        }
    }
    let lasker = ClosedForm::Lasker;
    assert_eq!((1..=8).map(|n| lasker.value(n)).collect::<Vec<_>>(), [1, 2, 4, 3, 5, 6, 8, 7]);
    assert_eq!(lasker.value(u64::MAX), 1 << 64);
    let big = num_bigint::BigUint::from(1u32) << 100u32;
    assert_eq!(lasker.value_big(&big), &big - 1u32);
    assert_eq!(lasker.value_big(&(&big + 3u32)), &big + 4u32);
    assert_eq!(lasker.value_big(&num_bigint::BigUint::from(12_345u32)), num_bigint::BigUint::from(12_345u32));
}
