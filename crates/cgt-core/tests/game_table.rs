//! Table-driven tests of the canonical-form engine: published canonical forms, printing,
//! outcome classes and comparisons, built from literal options.

use cgt_core::{Budget, Comparison, DisplayStyle, Dyadic, Exhausted, GameId, Games, Outcome};

/// A literal game written with helper constructors, built by canonicalisation.
enum Lit {
    Num(i64, u64),
    Star(u64),
    Game(Vec<Lit>, Vec<Lit>),
}

fn n(v: i64) -> Lit {
    Lit::Num(v, 0)
}

fn frac(num: i64, exp: u64) -> Lit {
    Lit::Num(num, exp)
}

fn star(m: u64) -> Lit {
    Lit::Star(m)
}

fn g(l: Vec<Lit>, r: Vec<Lit>) -> Lit {
    Lit::Game(l, r)
}

fn build(games: &mut Games, lit: &Lit) -> GameId {
    let b = Budget::unlimited();
    match lit {
        Lit::Num(v, e) => games.number(&Dyadic::new(*v, *e)),
        Lit::Star(m) => {
            // Built from options, not through the nimber constructor.
            let lower: Vec<GameId> = (0..*m).map(|j| build(games, &Lit::Star(j))).collect();
            games.from_options(&lower, &lower, &b).unwrap()
        }
        Lit::Game(l, r) => {
            let l: Vec<GameId> = l.iter().map(|x| build(games, x)).collect();
            let r: Vec<GameId> = r.iter().map(|x| build(games, x)).collect();
            games.from_options(&l, &r, &b).unwrap()
        }
    }
}

fn show(games: &mut Games, id: GameId) -> String {
    games.display(id, DisplayStyle::default())
}

fn check(lit: Lit, expected: &str) {
    let mut games = Games::new();
    let id = build(&mut games, &lit);
    assert_eq!(show(&mut games, id), expected);
}

#[test]
fn published_canonical_forms() {
    let up = || g(vec![n(0)], vec![star(1)]);
    check(g(vec![], vec![]), "0");
    check(g(vec![n(0)], vec![]), "1");
    check(g(vec![n(1)], vec![]), "2");
    check(g(vec![], vec![n(0)]), "-1");
    check(g(vec![n(0)], vec![n(1)]), "1/2");
    check(g(vec![frac(1, 1)], vec![n(1)]), "3/4");
    check(g(vec![n(-1)], vec![n(1)]), "0");
    check(g(vec![n(2)], vec![n(5)]), "3");
    check(g(vec![n(0)], vec![n(0)]), "*");
    check(star(2), "*2");
    check(star(5), "*5");
    check(g(vec![n(0)], vec![star(1)]), "^");
    check(g(vec![star(1)], vec![n(0)]), "v");
    check(g(vec![n(0), star(1)], vec![n(0)]), "^*");
    check(g(vec![n(0)], vec![n(0), star(1)]), "v*");
    // {0 | ^} = ^^* (Winning Ways), not a general game.
    check(g(vec![n(0)], vec![up()]), "^^*");
    check(g(vec![n(0)], vec![g(vec![n(0)], vec![up()])]), "^3");
    // CGSuite's ^.Pow(2) and ^.Pow(2)+*: the uptimals ^<2> and ^<2>*.
    let down_star = || g(vec![n(0)], vec![n(0), star(1)]);
    check(g(vec![n(0)], vec![down_star()]), "^<2>");
    check(g(vec![n(0), star(1)], vec![g(vec![star(1)], vec![n(0)])]), "^<2>*");
    // {^ | *} = ^[2] = ^ + ^<2>.
    check(g(vec![up()], vec![star(1)]), "^[2]");
    // {^ | v} = *: ^ reverses through * <= {^|v}, v likewise.
    check(g(vec![up()], vec![g(vec![star(1)], vec![n(0)])]), "*");
    check(g(vec![n(1)], vec![n(-1)]), "+-1");
    check(g(vec![n(4)], vec![n(2)]), "{4|2}");
    check(g(vec![n(1)], vec![n(0)]), "{1|0}");
    check(g(vec![frac(1, 1)], vec![frac(1, 2)]), "{1/2|1/4}");
    // {0||0|-x} is Tiny(x) in CGSuite.
    check(g(vec![n(0)], vec![g(vec![n(0)], vec![n(-1)])]), "Tiny(1)");
    check(g(vec![n(2)], vec![g(vec![n(1)], vec![n(0)])]), "{2||1|0}");
    let two_one_zero = || g(vec![n(2)], vec![g(vec![n(1)], vec![n(0)])]);
    check(g(vec![n(3)], vec![two_one_zero()]), "{3|||2||1|0}");
    let three = || g(vec![n(3)], vec![two_one_zero()]);
    check(g(vec![n(4)], vec![three()]), "{4|{3|||2||1|0}}");
    // {{1|0} | {0|-1}} = 0 (both options are confused with 0), so a hot one instead.
    check(g(vec![g(vec![n(1)], vec![n(0)])], vec![g(vec![n(0)], vec![n(-1)])]), "0");
    check(g(vec![g(vec![n(3)], vec![n(2)])], vec![g(vec![n(1)], vec![n(0)])]), "{3|2||1|0}");
    // {0|^*5} = ^^*4 (CGSuite's test suite).
    let up_star5 = g(vec![n(0)], vec![star(4)]);
    check(g(vec![n(0)], vec![up_star5]), "^^*4");
}

#[test]
fn switches_print_with_plus_minus() {
    let one_star = || g(vec![n(1)], vec![n(1)]);
    let m_one_star = || g(vec![n(-1)], vec![n(-1)]);
    // CGSuite puts a lone term that is not a single symbol in parentheses: +-(5over).
    check(g(vec![one_star()], vec![m_one_star()]), "+-(1*)");
    let two_one = || g(vec![n(2)], vec![n(1)]);
    let m_two_one = || g(vec![n(-1)], vec![n(-2)]);
    check(g(vec![two_one()], vec![m_two_one()]), "+-{2|1}");
    // CGSuite's multiple switch.
    check(g(vec![n(1), two_one()], vec![n(-1), m_two_one()]), "+-{1,{2|1}}");
    check(g(vec![n(3)], vec![n(-3)]), "+-3");
    check(g(vec![frac(1, 1)], vec![frac(-1, 1)]), "+-1/2");
}

#[test]
fn nus_values_print_juxtaposed() {
    let mut games = Games::new();
    let cases: &[((i64, u64), i64, u64, &str)] = &[
        ((0, 0), 0, 0, "0"),
        ((3, 0), 0, 0, "3"),
        ((-3, 3), 0, 0, "-3/8"),
        ((0, 0), 0, 1, "*"),
        ((0, 0), 0, 2, "*2"),
        ((0, 0), 1, 0, "^"),
        ((0, 0), 2, 0, "^^"),
        ((0, 0), 3, 0, "^3"),
        ((0, 0), -1, 0, "v"),
        ((0, 0), -2, 0, "vv"),
        ((0, 0), -5, 0, "v5"),
        ((1, 1), 1, 1, "1/2^*"),
        ((-1, 0), -1, 3, "-1v*3"),
        ((0, 0), 2, 4, "^^*4"),
        ((73, 4), -9, 8, "73/16v9*8"),
        ((3, 0), 0, 1, "3*"),
        ((0, 0), 1, 1, "^*"),
    ];
    for &((num, exp), ups, nim, text) in cases {
        let id = games.nus(&Dyadic::new(num, exp), ups, nim);
        assert_eq!(show(&mut games, id), text);
    }
    let id = games.nus(&Dyadic::zero(), -2, 1);
    assert_eq!(games.display(id, DisplayStyle { unicode: true }), "↓↓*");
}

#[test]
fn unicode_switch() {
    let mut games = Games::new();
    let id = build(&mut games, &g(vec![n(1)], vec![n(-1)]));
    assert_eq!(games.display(id, DisplayStyle { unicode: true }), "±1");
}

fn option_texts(games: &mut Games, id: GameId) -> (String, String) {
    let l: Vec<String> = games.left_options(id).into_iter().map(|o| show(games, o)).collect();
    let r: Vec<String> = games.right_options(id).into_iter().map(|o| show(games, o)).collect();
    (l.join(","), r.join(","))
}

#[test]
fn nus_options_match_published_forms() {
    let mut games = Games::new();
    // Mostly from CGSuite's test suite.
    type Case = ((i64, u64), i64, u64, &'static str, &'static str);
    let cases: &[Case] = &[
        ((0, 0), 1, 0, "0", "*"),
        ((0, 0), -1, 1, "0", "0,*"),
        ((6, 0), 1, 1, "6,6*", "6"),
        ((0, 0), 1, 6, "0", "*7"),
        ((73, 4), -9, 8, "73/16v8*9", "73/16"),
        ((0, 0), 0, 3, "0,*,*2", "0,*,*2"),
        ((-5, 3), 0, 0, "-3/4", "-1/2"),
        ((4, 0), 0, 0, "3", ""),
        ((-4, 0), 0, 0, "", "-3"),
    ];
    for &((num, exp), ups, nim, left, right) in cases {
        let id = games.nus(&Dyadic::new(num, exp), ups, nim);
        let texts = option_texts(&mut games, id);
        assert_eq!(texts, (left.to_string(), right.to_string()));
    }
}

#[test]
fn sums() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let up = build(&mut games, &g(vec![n(0)], vec![star(1)]));
    let upup = games.add(up, up, &b).unwrap();
    assert_eq!(show(&mut games, upup), "^^");
    // {1|0} + {1|0} = 1: in {1|0} + {1|0} - 1 whoever starts loses (the switches cancel).
    let sw = build(&mut games, &g(vec![n(1)], vec![n(0)]));
    let s = games.add(sw, sw, &b).unwrap();
    assert_eq!(show(&mut games, s), "1");
    let s2 = build(&mut games, &star(2));
    let s3 = build(&mut games, &star(3));
    let s = games.add(s2, s3, &b).unwrap();
    assert_eq!(show(&mut games, s), "*");
    let pm = build(&mut games, &g(vec![n(1)], vec![n(-1)]));
    let three = games.number(&Dyadic::integer(3));
    let s = games.add(pm, three, &b).unwrap();
    assert_eq!(show(&mut games, s), "{4|2}");
    let d = games.sub(s, pm, &b).unwrap();
    assert_eq!(show(&mut games, d), "3");
}

#[test]
fn ordinal_sums() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let one = games.number(&Dyadic::integer(1));
    let m_one = games.number(&Dyadic::integer(-1));
    let s = games.ordinal_sum(one, one, &b).unwrap();
    assert_eq!(show(&mut games, s), "2");
    let s = games.ordinal_sum(one, m_one, &b).unwrap();
    assert_eq!(show(&mut games, s), "1/2");
    // * : 1 = {0, * : 0 | 0} = {0, * | 0} = ^*.
    let st = games.nimber(1);
    let s = games.ordinal_sum(st, one, &b).unwrap();
    assert_eq!(show(&mut games, s), "^*");
}

#[test]
fn outcomes_and_comparisons() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let zero = games.zero();
    let up = games.nus(&Dyadic::zero(), 1, 0);
    let st = games.nimber(1);
    let up_star = games.nus(&Dyadic::zero(), 1, 1);
    let upup_star = games.nus(&Dyadic::zero(), 2, 1);
    let pm = build(&mut games, &g(vec![n(1)], vec![n(-1)]));
    let cases = [
        (up, Comparison::Greater, Outcome::L),
        (st, Comparison::Confused, Outcome::N),
        (up_star, Comparison::Confused, Outcome::N),
        (upup_star, Comparison::Greater, Outcome::L),
        (pm, Comparison::Confused, Outcome::N),
        (zero, Comparison::Equal, Outcome::P),
    ];
    for (id, cmp, out) in cases {
        assert_eq!(games.compare(id, zero, &b).unwrap(), cmp);
        assert_eq!(games.outcome(id, &b).unwrap(), out);
    }
    let half = games.number(&Dyadic::new(1, 1));
    assert_eq!(games.compare(up, half, &b).unwrap(), Comparison::Less);
    assert_eq!(games.compare(pm, half, &b).unwrap(), Comparison::Confused);
    let two = games.number(&Dyadic::integer(2));
    assert_eq!(games.compare(pm, two, &b).unwrap(), Comparison::Less);
    assert_eq!(Outcome::N.to_string(), "N");
}

#[test]
fn accessors() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let s3 = build(&mut games, &star(3));
    assert_eq!(games.nim_value(s3), Some(3));
    assert!(games.is_impartial(s3));
    assert_eq!(games.birthday(s3), 3);
    let pm = build(&mut games, &g(vec![n(1)], vec![n(-1)]));
    assert_eq!(games.nim_value(pm), None);
    assert!(!games.is_impartial(pm));
    assert_eq!(games.birthday(pm), 2);
    assert_eq!(games.as_number(pm), None);
    let x = games.number(&Dyadic::new(25, 4));
    assert_eq!(games.birthday(x), 6);
    assert_eq!(games.as_number(x), Some(Dyadic::new(25, 4)));
    assert_eq!(games.as_nus(s3), Some((Dyadic::zero(), 0, 3)));
    let neg = games.neg(pm, &b).unwrap();
    assert_eq!(neg, pm);
    assert!(games.memory_bytes() > 0);
}

#[test]
fn memory_budget_is_respected() {
    let mut games = Games::new();
    let b = Budget::new(std::time::Duration::from_secs(60), 1);
    // Building many distinct general games must trip the one-byte memory cap.
    let mut cur = games.zero();
    let mut last = Ok(cur);
    for i in 0..5000 {
        let x = games.number(&Dyadic::integer(i + 2));
        last = games.from_options(&[x], &[cur], &b);
        match last {
            Ok(id) => cur = id,
            Err(_) => break,
        }
    }
    assert_eq!(last, Err(Exhausted::Memory));
}

#[test]
fn cancellation_is_respected() {
    let cancelled = Budget::unlimited();
    cancelled.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    let mut games = Games::new();
    let mut acc = games.zero();
    let mut result = Ok(acc);
    for i in 1..2000 {
        let hi = games.number(&Dyadic::integer(i));
        let lo = games.number(&Dyadic::integer(-i));
        let sw = games.from_options(&[hi], &[lo], &cancelled);
        result = sw.and_then(|sw| games.add(acc, sw, &cancelled));
        match result {
            Ok(s) => acc = s,
            Err(_) => break,
        }
    }
    assert_eq!(result, Err(Exhausted::Cancelled));
}

#[test]
fn deep_games_build_and_print() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    // {n | {n-1 | ... {1 | 0}}}, 1000 levels deep.
    let mut g = games.zero();
    for i in 1..=1000 {
        let x = games.number(&Dyadic::integer(i));
        g = games.from_options(&[x], &[g], &b).unwrap();
    }
    assert_eq!(games.birthday(g), 1001);
    let text = show(&mut games, g);
    // A game that would need a fourth slash keeps its braces, and its parent starts afresh.
    assert!(text.starts_with("{1000|{999|||998||997|{996|||995||994|{993|||"));
    assert!(text.trim_end_matches('}').ends_with("{3|||2||1|0"));
    assert!(!text.contains("||||"));
}

#[test]
fn sums_of_switches() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let mut acc = games.zero();
    for i in 1..=4 {
        let hi = games.number(&Dyadic::integer(i));
        let lo = games.number(&Dyadic::integer(-i));
        let sw = games.from_options(&[hi], &[lo], &b).unwrap();
        acc = games.add(acc, sw, &b).unwrap();
    }
    // CGSuite: +-1+-2+-3+-4 = +-{10|8||6|4|||4|2||0|-2}.
    assert_eq!(show(&mut games, acc), "+-{10|8||6|4|||4|2||0|-2}");
    for i in 5..=10 {
        let hi = games.number(&Dyadic::integer(i));
        let lo = games.number(&Dyadic::integer(-i));
        let sw = games.from_options(&[hi], &[lo], &b).unwrap();
        acc = games.add(acc, sw, &b).unwrap();
    }
    assert_eq!(games.outcome(acc, &b).unwrap(), Outcome::N);
}

#[test]
fn arena_can_move_to_another_thread() {
    fn assert_send<T: Send>() {}
    assert_send::<Games>();
}

/// Reads the test table's game literals: `{L1,L2|R1,R2}` with slashes nesting as in CGSuite
/// (the separator with the most slashes splits first), `+-A`, `+-{A,B}`, and juxtaposed
/// number-up-star values such as `-3/2`, `2*`, `vv*4`, `^3`. Test-only; panics on bad input.
fn read(games: &mut Games, text: &str) -> GameId {
    let b = Budget::unlimited();
    let t = text.trim();
    if let Some(rest) = t.strip_prefix("+-") {
        let parts = match rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            Some(inner) if !has_top_level(inner, '|') => split_top(inner, ','),
            _ => vec![rest],
        };
        let l: Vec<GameId> = parts.iter().map(|p| read(games, p)).collect();
        let r: Vec<GameId> = l.iter().map(|&x| games.neg(x, &b).unwrap()).collect();
        return games.from_options(&l, &r, &b).unwrap();
    }
    if let Some(inner) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}'))
        && balanced(inner)
    {
        return read_open(games, inner);
    }
    read_nus(games, t)
}

/// Reads the inside of braces.
fn read_open(games: &mut Games, inner: &str) -> GameId {
    let b = Budget::unlimited();
    let (start, len) = widest_bar_run(inner);
    let (lt, rt) = (&inner[..start], &inner[start + len..]);
    let mut side = |s: &str| -> Vec<GameId> {
        if s.trim().is_empty() {
            vec![]
        } else if has_top_level(s, '|') {
            vec![read_open(games, s)]
        } else {
            split_top(s, ',').iter().map(|p| read(games, p)).collect()
        }
    };
    let l = side(lt);
    let r = side(rt);
    games.from_options(&l, &r, &b).unwrap()
}

fn read_nus(games: &mut Games, t: &str) -> GameId {
    let end = t.find(['^', 'v', '*']).unwrap_or(t.len());
    let x = match &t[..end] {
        "" => Dyadic::zero(),
        num => match num.split_once('/') {
            Some((p, q)) => {
                let q: u64 = q.parse().unwrap();
                Dyadic::new(p.parse::<i64>().unwrap(), u64::from(q.trailing_zeros()))
            }
            None => Dyadic::integer(num.parse::<i64>().unwrap()),
        },
    };
    let rest = &t[end..];
    let (arrows, star) = rest.split_once('*').map_or((rest, None), |(a, s)| (a, Some(s)));
    let ups = match arrows {
        "" => 0,
        a if a.chars().all(|c| c == '^') => a.len() as i64,
        a if a.chars().all(|c| c == 'v') => -(a.len() as i64),
        a if a.starts_with('^') => a[1..].parse().unwrap(),
        a => -a[1..].parse::<i64>().unwrap(),
    };
    let nim = star.map_or(0, |s| if s.is_empty() { 1 } else { s.parse().unwrap() });
    games.nus(&x, ups, nim)
}

/// The first of the longest runs of `|` outside braces.
fn widest_bar_run(s: &str) -> (usize, usize) {
    let (mut best, mut depth, mut i) = ((0, 0), 0, 0);
    let bytes = s.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'|' if depth == 0 => {
                let run = bytes[i..].iter().take_while(|&&c| c == b'|').count();
                if run > best.1 {
                    best = (i, run);
                }
                i += run;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    best
}

fn has_top_level(s: &str, c: char) -> bool {
    let mut depth = 0;
    s.chars().any(|ch| {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        depth == 0 && ch == c
    })
}

fn balanced(s: &str) -> bool {
    let mut depth = 0i32;
    s.chars().all(|ch| {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        depth >= 0
    }) && depth == 0
}

fn split_top(s: &str, sep: char) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, ch) in s.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// CGSuite's printed forms: (input, what CGSuite prints), from CGSuite's own test suite
/// (`CanonicalShortGameTestCase.scala`, `EvalTest.scala`, `CompoundGameTestCase.scala`).
#[test]
fn cgsuite_printed_forms() {
    let cases: &[(&str, &str)] = &[
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{0|||0||-1|-3}", "Tiny({3|1})"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
        ("{1|^^||^}", "{1|^^||^}"),
        ("{1|^^^||^}", "{1|^3||^}"),
        ("{3||2*|1*}", "{3||2*|1*}"),
        ("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"),
        ("9/8*", "9/8*"),
        ("6^*", "6^*"),
        ("^*6", "^*6"),
        ("73/16v9*8", "73/16v9*8"),
        ("+-1", "+-1"),
        ("+-1/2", "+-1/2"),
        ("+-{1,1*}", "+-{1,1*}"),
        ("{4|2}", "{4|2}"),
        // *2 Heat 2 and ^^ Heat 2.
        ("{2,{4|0}|-2,{0|-4}}", "+-{2,{4|0}}"),
        ("{2||0,+-2|-4}", "{2||0,+-2|-4}"),
        ("{12|0||-4|-16}", "{12|0||-4|-16}"),
        // +-1 : +-1 (CGSuite's OrdinalSum).
        ("{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}"),
        // CGSuite's rule for Tiny and Miny applied to other numbers in front.
        ("{3/2|0||0}", "Miny(3/2)"),
        ("{{3|1}|0||0}", "Miny({3|1})"),
        ("{3||3|2}", "3Tiny(1)"),
        ("{-1/2||-1/2|-5/2}", "-1/2Tiny(2)"),
    ];
    for &(input, expected) in cases {
        let mut games = Games::new();
        let id = read(&mut games, input);
        assert_eq!(show(&mut games, id), expected, "{input}");
    }
}

/// The value of a Domineering position (Left places vertical dominoes, Right horizontal
/// ones) on a `w`-column board given as a bitmask of empty cells, by search from the rules.
fn domineering(games: &mut Games, memo: &mut std::collections::HashMap<u32, GameId>, empty: u32, w: u32) -> GameId {
    if let Some(&v) = memo.get(&empty) {
        return v;
    }
    let b = Budget::unlimited();
    let (mut l, mut r) = (Vec::new(), Vec::new());
    for cell in 0..32 {
        let below = cell + w;
        if below < 32 && empty & (1 << cell) != 0 && empty & (1 << below) != 0 {
            l.push(domineering(games, memo, empty & !(1 << cell) & !(1 << below), w));
        }
        if cell % w + 1 < w && empty & (1 << cell) != 0 && empty & (1 << (cell + 1)) != 0 {
            r.push(domineering(games, memo, empty & !(1 << cell) & !(1 << (cell + 1)), w));
        }
    }
    let v = games.from_options(&l, &r, &b).unwrap();
    memo.insert(empty, v);
    v
}

#[test]
fn domineering_boards_print_as_cgsuite() {
    // CGSuite's printed values of empty Domineering rectangles (rows x columns).
    let cases: &[(u32, u32, &str)] = &[(1, 2, "-1"), (2, 2, "+-1"), (4, 4, "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}")];
    for &(rows, cols, expected) in cases {
        let mut games = Games::new();
        let empty = (1u32 << (rows * cols)) - 1;
        let v = domineering(&mut games, &mut std::collections::HashMap::new(), empty, cols);
        assert_eq!(show(&mut games, v), expected, "{rows}x{cols}");
    }
}

#[test]
fn options_are_listed_in_cgsuites_order() {
    // CGSuite lists numbers, then nimbers, then the other up-star values: its test suite prints
    // the companions `{0,*||*,v|vv*}` and `{*4,v*5|vv*4}` inside larger games.
    let mut games = Games::new();
    let b = Budget::unlimited();
    let nus = |games: &mut Games, k: i64, m: u64| games.nus(&Dyadic::zero(), k, m);
    let (zero, star, down, down2_star) =
        (games.zero(), nus(&mut games, 0, 1), nus(&mut games, -1, 0), nus(&mut games, -2, 1));
    let inner = games.from_options(&[star, down], &[down2_star], &b).unwrap();
    let g = games.from_options(&[zero, star], &[inner], &b).unwrap();
    assert_eq!(show(&mut games, g), "{0,*||*,v|vv*}");
    let (star4, down_star5, down2_star4) = (nus(&mut games, 0, 4), nus(&mut games, -1, 5), nus(&mut games, -2, 4));
    let h = games.from_options(&[down_star5, star4], &[down2_star4], &b).unwrap();
    assert_eq!(show(&mut games, h), "{*4,v*5|vv*4}");
    // For equal number parts, the values without ups come first (CGSuite's uptimal expansions
    // compare their lengths before their nimbers), then by ups.
    let one = Dyadic::integer(1);
    let (one_star, one_down) = (games.nus(&one, 0, 1), games.nus(&one, -1, 0));
    let minus_two = games.number(&Dyadic::integer(-2));
    let k = games.from_options(&[one_down, one_star], &[minus_two], &b).unwrap();
    assert_eq!(show(&mut games, k), "{1*,1v|-2}");
}

/// A random literal game of the given depth.
fn random_lit(rng: &mut cgt_testkit::Rng, depth: u32) -> Lit {
    if depth == 0 || rng.chance(1, 4) {
        return match rng.below(3) {
            0 => frac(rng.below(9) as i64 - 4, rng.below(3)),
            _ => star(rng.below(4)),
        };
    }
    let side = |rng: &mut cgt_testkit::Rng| (0..rng.below(4)).map(|_| random_lit(rng, depth - 1)).collect();
    let l = side(rng);
    let r = side(rng);
    g(l, r)
}

/// Builds a literal with every option list reversed, so the arena meets games in another order.
fn build_reversed(games: &mut Games, lit: &Lit) -> GameId {
    match lit {
        Lit::Game(l, r) => {
            let l: Vec<GameId> = l.iter().rev().map(|x| build_reversed(games, x)).collect();
            let r: Vec<GameId> = r.iter().rev().map(|x| build_reversed(games, x)).collect();
            games.from_options(&l, &r, &Budget::unlimited()).unwrap()
        }
        _ => build(games, lit),
    }
}

#[test]
fn printing_does_not_depend_on_the_arena_history() {
    let mut rng = cgt_testkit::Rng::new(0x0_4de2);
    for _ in 0..200 {
        let lits: Vec<Lit> = (0..3).map(|_| random_lit(&mut rng, 3)).collect();
        let (mut a, mut b) = (Games::new(), Games::new());
        let in_a: Vec<String> =
            lits.iter().map(|l| build(&mut a, l)).collect::<Vec<_>>().into_iter().map(|id| show(&mut a, id)).collect();
        let mut in_b: Vec<String> = lits
            .iter()
            .rev()
            .map(|l| build_reversed(&mut b, l))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|id| show(&mut b, id))
            .collect();
        in_b.reverse();
        assert_eq!(in_a, in_b);
    }
}
