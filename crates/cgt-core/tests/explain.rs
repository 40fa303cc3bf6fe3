//! Tests of `explain`: the text of fixed derivations (expect-style), and every step of
//! derivations of random games checked on its own against the definitions (Siegel CGT II.2
//! for dominated and reversible options, the simplicity theorem of Lessons in Play ch. 4-5,
//! number translation of CGT II.3) with `Games::leq`, ending in `Games::from_options`.

use cgt_testkit::Rng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cgt_core::explain::{self, Explanation, MAX_STEPS, Side, Start, Step};
use cgt_core::{Budget, Comparison, DisplayStyle, Dyadic, Exhausted, GameId, Games};
use expect_test::{Expect, expect};

/// A reader of game literals: numbers (`-3/8`), ups and downs (`^`, `vv`), nimbers (`*`,
/// `*2`) juxtaposed, and `{L1,L2|R1}` with one bar. Only what the tests below write.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.i += usize::from(hit);
        hit
    }

    fn digits(&mut self) -> Option<i64> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()
    }

    /// `{L | R}` as option lists, not canonicalised.
    fn braces(&mut self, games: &mut Games) -> (Vec<GameId>, Vec<GameId>) {
        assert!(self.eat(b'{'), "expected a brace at {}", self.i);
        let left = self.list(games);
        assert!(self.eat(b'|'), "expected a bar at {}", self.i);
        let right = self.list(games);
        assert!(self.eat(b'}'), "expected a closing brace at {}", self.i);
        (left, right)
    }

    fn list(&mut self, games: &mut Games) -> Vec<GameId> {
        let mut out = Vec::new();
        if matches!(self.peek(), Some(b'|' | b'}')) {
            return out;
        }
        out.push(self.game(games));
        while self.eat(b',') {
            out.push(self.game(games));
        }
        out
    }

    fn game(&mut self, games: &mut Games) -> GameId {
        if self.peek() == Some(b'{') {
            let (l, r) = self.braces(games);
            return games.from_options(&l, &r, &Budget::unlimited()).unwrap();
        }
        let negative = self.eat(b'-');
        let mut x = match self.digits() {
            Some(n) if self.eat(b'/') => {
                let den = self.digits().expect("a denominator");
                Dyadic::new(n, u64::from(den.trailing_zeros()))
            }
            Some(n) => Dyadic::integer(n),
            None => Dyadic::zero(),
        };
        if negative {
            x = x.mul(&Dyadic::integer(-1));
        }
        let mut ups = 0;
        while let Some(c @ (b'^' | b'v')) = self.peek() {
            self.i += 1;
            ups += if c == b'^' { 1 } else { -1 };
        }
        let nim = if self.eat(b'*') { self.digits().unwrap_or(1) as u64 } else { 0 };
        games.nus(&x, ups, nim)
    }
}

fn read(games: &mut Games, text: &str) -> GameId {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut r = Reader { s: compact.as_bytes(), i: 0 };
    let g = r.game(games);
    assert_eq!(r.i, compact.len(), "trailing text in {text}");
    g
}

fn read_options(games: &mut Games, text: &str) -> (Vec<GameId>, Vec<GameId>) {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut r = Reader { s: compact.as_bytes(), i: 0 };
    let opts = r.braces(games);
    assert_eq!(r.i, compact.len(), "trailing text in {text}");
    opts
}

/// Explains `{L | R}` as written, checks every step, and compares the text.
fn check(text: &str, want: Expect) {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (l, r) = read_options(&mut games, text);
    let e = explain::explain_options(&mut games, &l, &r, &b).unwrap();
    validate(&mut games, &e);
    want.assert_eq(&explain::render(&mut games, &e, DisplayStyle::default()).join("\n"));
}

/// Explains the sum of two games, checks every step, and compares the text.
fn check_sum(a: &str, b: &str, want: Expect) {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let (a, b) = (read(&mut games, a), read(&mut games, b));
    let e = explain::explain_sum(&mut games, a, b, &budget).unwrap();
    validate(&mut games, &e);
    want.assert_eq(&explain::render(&mut games, &e, DisplayStyle::default()).join("\n"));
}

/// Explains a canonical game from its own options, checks every step, compares the text.
fn check_game(text: &str, want: Expect) {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let g = read(&mut games, text);
    let e = explain::explain_game(&mut games, g, &b).unwrap();
    validate(&mut games, &e);
    assert_eq!(e.result(), Some(g));
    want.assert_eq(&explain::render(&mut games, &e, DisplayStyle::default()).join("\n"));
}

#[test]
fn fixed_derivations() {
    check(
        "{0, -1 | 1}",
        expect![[r#"
            G = `{0,-1|1}`
            Left's option `-1` is dominated by `0` (because `0 > -1`)
            `{0|1}` is the simplest number between `0` and `1`: `1/2`
            The canonical form is `1/2`"#]],
    );
    check(
        "{0 | 1}",
        expect![[r#"
        G = `{0|1}`
        `{0|1}` is the simplest number between `0` and `1`: `1/2`
        The canonical form is `1/2`"#]],
    );
    check(
        "{^ | v}",
        expect![[r#"
        G = `{^|v}`
        Left's option `^` is reversible through `*` since `* <= G`: replaced by `*`'s Left options (`0`)
        Right's option `v` is reversible through `*` since `* >= G`: replaced by `*`'s Right options (`0`)
        Nothing else is dominated or reversible: the canonical form is `*`"#]],
    );
    check(
        "{0, * | 0}",
        expect![[r#"
        G = `{0,*|0}`
        No option is dominated or reversible: the canonical form is `^*`"#]],
    );
    check(
        "{* | *}",
        expect![[r#"
        G = `{*|*}`
        Left's option `*` is reversible through `0` since `0 <= G`: replaced by `0`'s Left options (none)
        Right's option `*` is reversible through `0` since `0 >= G`: replaced by `0`'s Right options (none)
        Nothing else is dominated or reversible: the canonical form is `0`"#]],
    );
    check(
        "{0, 0 | }",
        expect![[r#"
        G = `{0,0|}`
        Left's option `0` is listed twice: one copy goes
        `{0|}` is the simplest number greater than `0`: `1`
        The canonical form is `1`"#]],
    );
    check(
        "{-1 | }",
        expect![[r#"
        G = `{-1|}`
        `{-1|}` is the simplest number greater than `-1`: `0`
        The canonical form is `0`"#]],
    );
    check(
        "{ | -1}",
        expect![[r#"
        G = `{|-1}`
        `{|-1}` is the simplest number less than `-1`: `-2`
        The canonical form is `-2`"#]],
    );
    check(
        "{ | }",
        expect![[r#"
        G = `{|}`
        No option is dominated or reversible: the canonical form is `0`"#]],
    );
    check(
        "{1 | 0}",
        expect![[r#"
        G = `{1|0}`
        No option is dominated or reversible: the canonical form is `{1|0}`"#]],
    );
    check(
        "{2 | -1, -1/2}",
        expect![[r#"
        G = `{2|-1,-1/2}`
        Right's option `-1/2` is dominated by `-1` (because `-1 < -1/2`)
        Nothing else is dominated or reversible: the canonical form is `{2|-1}`"#]],
    );
    check(
        "{* | 1}",
        expect![[r#"
        G = `{*|1}`
        Left's option `*` is reversible through `0` since `0 <= G`: replaced by `0`'s Left options (none)
        `{|1}` is the simplest number less than `1`: `0`
        The canonical form is `0`"#]],
    );
    check(
        "{1/2, {1|0} | {2|0}, 3}",
        expect![[r#"
        G = `{1/2,{1|0}|{2|0},3}`
        Right's option `3` is dominated by `{2|0}` (because `{2|0} < 3`)
        Left's option `1/2` is reversible through `1` since `1 <= G`: replaced by `1`'s Left options (`0`)
        Left's option `{1|0}` is reversible through `0` since `0 <= G`: replaced by `0`'s Left options (none)
        Right's option `{2|0}` is reversible through `2` since `2 >= G`: replaced by `2`'s Right options (none)
        `{0|}` is the simplest number greater than `0`: `1`
        The canonical form is `1`"#]],
    );
    check(
        "{0, *, *2 | 0, *, *2}",
        expect![[r#"
        G = `{0,*,*2|0,*,*2}`
        No option is dominated or reversible: the canonical form is `*3`"#]],
    );
    check(
        "{{2|1}, ^ | {0|-1}}",
        expect![[r#"
        G = `{{2|1},^|{0|-1}}`
        Left's option `^` is dominated by `{2|1}` (because `{2|1} > ^`)
        Nothing else is dominated or reversible: the canonical form is `{2|1||0|-1}`"#]],
    );
}

#[test]
fn fixed_games() {
    check_game(
        "3/4",
        expect![[r#"
        G = `{1/2|1}`
        `{1/2|1}` is the simplest number between `1/2` and `1`: `3/4`
        The canonical form is `3/4`"#]],
    );
    check_game(
        "-2",
        expect![[r#"
        G = `{|-1}`
        `{|-1}` is the simplest number less than `-1`: `-2`
        The canonical form is `-2`"#]],
    );
    check_game(
        "^*",
        expect![[r#"
        G = `{0,*|0}`
        No option is dominated or reversible: the canonical form is `^*`"#]],
    );
    check_game(
        "{2|{1|0}}",
        expect![[r#"
        G = `{2|{1|0}}`
        No option is dominated or reversible: the canonical form is `{2||1|0}`"#]],
    );
}

#[test]
fn fixed_sums() {
    check_sum(
        "1/2",
        "*",
        expect![[r#"
        G = `1/2 + *`
        `1/2` is a number and `*` is not: only moves in `*` count (number avoidance)
        Left's options: `1/2 + 0` = `1/2`
        Right's options: `1/2 + 0` = `1/2`
        So G = `{1/2|1/2}`
        No option is dominated or reversible: the canonical form is `1/2*`"#]],
    );
    check_sum(
        "^",
        "*",
        expect![[r#"
        G = `^ + *`
        Left's options: `0 + *` = `*`, `^ + 0` = `^`
        Right's options: `* + *` = `0`, `^ + 0` = `^`
        So G = `{*,^|0,^}`
        Right's option `^` is dominated by `0` (because `0 < ^`)
        Left's option `^` is reversible through `*` since `* <= G`: replaced by `*`'s Left options (`0`)
        Nothing else is dominated or reversible: the canonical form is `^*`"#]],
    );
    check_sum(
        "1/2",
        "1/4",
        expect![[r#"
        G = `1/2 + 1/4`
        Left's options: `0 + 1/4` = `1/4`, `1/2 + 0` = `1/2`
        Right's options: `1 + 1/4` = `5/4`, `1/2 + 1/2` = `1`
        So G = `{1/4,1/2|5/4,1}`
        Left's option `1/4` is dominated by `1/2` (because `1/2 > 1/4`)
        Right's option `5/4` is dominated by `1` (because `1 < 5/4`)
        `{1/2|1}` is the simplest number between `1/2` and `1`: `3/4`
        The canonical form is `3/4`"#]],
    );
    check_sum(
        "{1|0}",
        "{1|0}",
        expect![[r#"
        G = `{1|0} + {1|0}`
        Left's options: `1 + {1|0}` = `{2|1}`, `{1|0} + 1` = `{2|1}`
        Right's options: `0 + {1|0}` = `{1|0}`, `{1|0} + 0` = `{1|0}`
        So G = `{{2|1},{2|1}|{1|0},{1|0}}`
        Left's option `{2|1}` is listed twice: one copy goes
        Right's option `{1|0}` is listed twice: one copy goes
        Left's option `{2|1}` is reversible through `1` since `1 <= G`: replaced by `1`'s Left options (`0`)
        Right's option `{1|0}` is reversible through `1` since `1 >= G`: replaced by `1`'s Right options (none)
        `{0|}` is the simplest number greater than `0`: `1`
        The canonical form is `1`"#]],
    );
    check_sum(
        "{2|-1}",
        "-1",
        expect![[r#"
        G = `{2|-1} + -1`
        `-1` is a number and `{2|-1}` is not: only moves in `{2|-1}` count (number avoidance)
        Left's options: `2 + -1` = `1`
        Right's options: `-1 + -1` = `-2`
        So G = `{1|-2}`
        No option is dominated or reversible: the canonical form is `{1|-2}`"#]],
    );
}

/// The step kinds the brief names appear where expected.
#[test]
fn names_the_rules() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (l, r) = read_options(&mut games, "{0, -1 | 1}");
    let e = explain::explain_options(&mut games, &l, &r, &b).unwrap();
    let minus_one = read(&mut games, "-1");
    assert!(e.steps.iter().any(|s| matches!(s, Step::DominatedOption { option, .. } if *option == minus_one)));
    let half = read(&mut games, "1/2");
    assert!(e.steps.iter().any(|s| matches!(s, Step::Simplicity { number, .. } if *number == half)));
    let (l, r) = read_options(&mut games, "{^ | v}");
    let e = explain::explain_options(&mut games, &l, &r, &b).unwrap();
    assert!(e.steps.iter().any(|s| matches!(s, Step::ReversibleOption { .. })));
}

/// The current option lists while a derivation is replayed.
struct Replay {
    left: Vec<GameId>,
    right: Vec<GameId>,
}

impl Replay {
    fn side(&mut self, side: Side) -> &mut Vec<GameId> {
        match side {
            Side::Left => &mut self.left,
            Side::Right => &mut self.right,
        }
    }
}

fn options(games: &mut Games, g: GameId, side: Side) -> Vec<GameId> {
    match side {
        Side::Left => games.left_options(g),
        Side::Right => games.right_options(g),
    }
}

fn sorted(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort_by_key(|g| format!("{g:?}"));
    v.dedup();
    v
}

/// The options of a sum by the definition, in both summands.
fn sum_by_definition(games: &mut Games, a: GameId, b: GameId, side: Side) -> Vec<GameId> {
    let budget = Budget::unlimited();
    let mut out = Vec::new();
    for a2 in options(games, a, side) {
        out.push(games.add(a2, b, &budget).unwrap());
    }
    for b2 in options(games, b, side) {
        out.push(games.add(a, b2, &budget).unwrap());
    }
    out
}

/// Replays the start of a sum's explanation; returns the steps left and the formed options.
fn replay_sum<'a>(games: &mut Games, a: GameId, b: GameId, steps: &'a [Step]) -> (&'a [Step], Replay) {
    let budget = Budget::unlimited();
    let mut steps = steps;
    let (a_num, b_num) = (games.as_number(a).is_some(), games.as_number(b).is_some());
    if a_num != b_num {
        let (number, other) = if a_num { (a, b) } else { (b, a) };
        assert_eq!(steps[0], Step::NumberAvoidance { number, other });
        steps = &steps[1..];
    }
    let mut replay = Replay { left: Vec::new(), right: Vec::new() };
    for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let Step::SumOptions { side: s, moves } = &steps[k] else { panic!("sum options expected: {:?}", steps[k]) };
        assert_eq!(*s, side);
        for m in moves {
            assert_eq!(m.value, games.add(m.first, m.second, &budget).unwrap());
            // Each move changes exactly one summand to one of its options for this player.
            let in_a = m.second == b && options(games, a, side).contains(&m.first);
            let in_b = m.first == a && options(games, b, side).contains(&m.second);
            assert!(in_a || in_b, "not a move of the sum");
        }
        let formed: Vec<GameId> = moves.iter().map(|m| m.value).collect();
        // The options formed give the sum's value, and so do the options by the full
        // definition (number avoidance loses nothing).
        let full = sum_by_definition(games, a, b, side);
        if a_num == b_num {
            assert_eq!(sorted(formed.clone()), sorted(full));
        }
        *replay.side(side) = formed;
    }
    let sum = games.add(a, b, &budget).unwrap();
    assert_eq!(games.from_options(&replay.left, &replay.right, &budget).unwrap(), sum);
    (&steps[2..], replay)
}

/// Checks every step of an explanation independently of how it was found.
fn validate(games: &mut Games, e: &Explanation) {
    let b = Budget::unlimited();
    let (steps, mut now) = match &e.start {
        Start::Options { left, right } => (&e.steps[..], Replay { left: left.clone(), right: right.clone() }),
        Start::Sum { first, second } => replay_sum(games, *first, *second, &e.steps),
    };
    let value = games.from_options(&now.left, &now.right, &b).unwrap();
    let (last, reductions) = steps.split_last().expect("a result step");
    assert_eq!(*last, Step::Result(value), "the result is the canonical form");
    let mut simplicity = false;
    for (k, step) in reductions.iter().enumerate() {
        assert!(!simplicity, "simplicity is the last reduction");
        match step {
            Step::DominatedOption { side, option, by, why } => {
                check_dominated(games, now.side(*side), *side, *option, *by, *why);
                let list = now.side(*side);
                let i = list.iter().rposition(|g| g == option).unwrap();
                list.remove(i);
            }
            Step::ReversibleOption { side, option, through, replaced_by } => {
                assert!(now.side(*side).contains(option));
                let other = if *side == Side::Left { Side::Right } else { Side::Left };
                assert!(options(games, *option, other).contains(through), "a reply of the option");
                let reverses = match side {
                    Side::Left => games.leq(*through, value, &b).unwrap(),
                    Side::Right => games.leq(value, *through, &b).unwrap(),
                };
                assert!(reverses, "step {k} does not reverse");
                assert_eq!(*replaced_by, options(games, *through, *side));
                let list = now.side(*side);
                list.retain(|g| g != option);
                for &g in replaced_by {
                    if !list.contains(&g) {
                        list.push(g);
                    }
                }
            }
            Step::Simplicity { left, right, number } => {
                check_simplest(games, &now, *left, *right, *number);
                assert_eq!(*number, value);
                simplicity = true;
            }
            other => panic!("unexpected step {other:?}"),
        }
        assert_eq!(games.from_options(&now.left, &now.right, &b).unwrap(), value, "step {k} kept the value");
    }
    if !simplicity && !e.cut {
        assert_eq!(sorted(now.left.clone()), sorted(games.left_options(value)), "canonical Left options");
        assert_eq!(sorted(now.right.clone()), sorted(games.right_options(value)), "canonical Right options");
        assert_eq!(now.left.len() + now.right.len(), sorted(now.left.clone()).len() + sorted(now.right.clone()).len());
    }
    if e.cut {
        assert_eq!(reductions.len(), MAX_STEPS);
    }
}

fn check_dominated(games: &mut Games, list: &[GameId], side: Side, option: GameId, by: GameId, why: Comparison) {
    let b = Budget::unlimited();
    assert!(list.contains(&option) && list.contains(&by), "both options are present");
    if why == Comparison::Equal {
        assert_eq!(option, by);
        assert!(list.iter().filter(|&&g| g == option).count() >= 2, "listed twice");
        return;
    }
    assert_ne!(option, by);
    let (lo, hi) = if side == Side::Left { (option, by) } else { (by, option) };
    assert!(games.leq(lo, hi, &b).unwrap(), "not dominated");
    assert_eq!(games.compare(by, option, &b).unwrap(), why);
}

/// `number` is strictly between the two options, which are numbers and the only options,
/// and no canonical option of `number` is (so no simpler number is: a number is the
/// simplest one between its canonical options).
fn check_simplest(games: &mut Games, now: &Replay, left: Option<GameId>, right: Option<GameId>, number: GameId) {
    let b = Budget::unlimited();
    assert_eq!(now.left, left.into_iter().collect::<Vec<_>>());
    assert_eq!(now.right, right.into_iter().collect::<Vec<_>>());
    assert!(left.is_some() || right.is_some());
    for g in left.into_iter().chain(right).chain([number]) {
        assert!(games.as_number(g).is_some(), "a number");
    }
    let inside = |games: &mut Games, x: GameId| {
        let above = left.is_none_or(|l| games.compare(l, x, &b).unwrap() == Comparison::Less);
        let below = right.is_none_or(|r| games.compare(x, r, &b).unwrap() == Comparison::Less);
        above && below
    };
    assert!(inside(games, number), "the number is between the options");
    let mut simpler = games.left_options(number);
    simpler.extend(games.right_options(number));
    for s in simpler {
        assert!(!inside(games, s), "a simpler number is between the options");
    }
}

/// Canonical games born by day 3, built from random option lists, plus a few literals.
fn pool(games: &mut Games, rng: &mut Rng) -> Vec<GameId> {
    let b = Budget::unlimited();
    let mut pool = vec![games.zero()];
    for text in ["1", "-1", "*", "1/2", "-1/2", "^", "v", "2", "*2"] {
        pool.push(read(games, text));
    }
    for _ in 0..3000 {
        let (l, r) = random_lists(rng, &pool, 3);
        let g = games.from_options(&l, &r, &b).unwrap();
        if games.birthday(g) <= 3 && !pool.contains(&g) {
            pool.push(g);
        }
    }
    pool
}

fn random_lists(rng: &mut Rng, pool: &[GameId], most: usize) -> (Vec<GameId>, Vec<GameId>) {
    let pick = |rng: &mut Rng| (0..rng.index(most + 1)).map(|_| pool[rng.index(pool.len())]).collect();
    (pick(rng), pick(rng))
}

#[test]
fn random_games_have_valid_steps() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let pool = pool(&mut games, &mut rng);
    assert!(pool.len() > 60, "the pool is varied: {}", pool.len());
    let (mut reversible, mut dominated, mut simplest) = (0, 0, 0);
    for _ in 0..400 {
        let (l, r) = random_lists(&mut rng, &pool, 4);
        let e = explain::explain_options(&mut games, &l, &r, &b).unwrap();
        validate(&mut games, &e);
        for s in &e.steps {
            match s {
                Step::ReversibleOption { .. } => reversible += 1,
                Step::DominatedOption { .. } => dominated += 1,
                Step::Simplicity { .. } => simplest += 1,
                _ => {}
            }
        }
        let text = explain::render(&mut games, &e, DisplayStyle::default());
        let result = games.display(e.result().unwrap(), DisplayStyle::default());
        assert!(text.last().unwrap().ends_with(&format!("`{result}`")));
    }
    // The random games exercise every rule many times.
    assert!(reversible > 50 && dominated > 50 && simplest > 10, "{reversible} {dominated} {simplest}");
}

#[test]
fn random_sums_have_valid_steps() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pool = pool(&mut games, &mut rng);
    let mut avoided = 0;
    for _ in 0..150 {
        let (x, y) = (pool[rng.index(pool.len())], pool[rng.index(pool.len())]);
        let e = explain::explain_sum(&mut games, x, y, &b).unwrap();
        validate(&mut games, &e);
        avoided += usize::from(matches!(e.steps[0], Step::NumberAvoidance { .. }));
        explain::render(&mut games, &e, DisplayStyle::default());
    }
    assert!(avoided > 10, "{avoided}");
}

/// Every canonical game of the pool, explained from its own options, is its own result.
#[test]
fn canonical_games_explain_to_themselves() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let mut rng = Rng(77);
    for g in pool(&mut games, &mut rng) {
        let e = explain::explain_game(&mut games, g, &b).unwrap();
        validate(&mut games, &e);
        assert_eq!(e.result(), Some(g));
        let only_simplicity = e.steps.iter().all(|s| matches!(s, Step::Simplicity { .. } | Step::Result(_)));
        assert!(only_simplicity, "a canonical form has nothing to reduce: {:?}", e.steps);
    }
}

/// A derivation longer than `MAX_STEPS` is cut with a note, and still ends in the right form.
#[test]
fn long_derivations_are_cut() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let left: Vec<GameId> = (0..MAX_STEPS as i64 + 50).map(|n| games.number(&Dyadic::integer(n))).collect();
    let e = explain::explain_options(&mut games, &left, &[], &b).unwrap();
    assert!(e.cut);
    assert_eq!(e.steps.len(), MAX_STEPS + 1);
    validate(&mut games, &e);
    let text = explain::render(&mut games, &e, DisplayStyle::default());
    assert!(text.iter().any(|l| l.contains("cut after")));
    assert_eq!(text.last().unwrap(), "The canonical form is `250`");
    assert!(text.iter().all(|l| l.len() <= explain::MAX_LINE + 20));
}

/// Many options make a long text, which is cut; the canonical form is still written.
#[test]
fn long_text_is_cut() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let left: Vec<GameId> = (0..190).map(|n| games.number(&Dyadic::new(2 * n + 1, 40))).collect();
    let e = explain::explain_options(&mut games, &left, &[], &b).unwrap();
    let text = explain::render(&mut games, &e, DisplayStyle::default());
    let total: usize = text.iter().map(String::len).sum();
    assert!(total <= explain::MAX_TEXT + 2 * explain::MAX_LINE, "{total}");
    assert!(text.iter().any(|l| l.contains("too long to show")), "{total}");
    assert_eq!(text.last().unwrap(), "The canonical form is `1`");
}

/// A cancelled budget stops the derivation with an error, not a panic or a partial answer.
#[test]
fn budgets_are_respected() {
    let mut games = Games::new();
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget::with_cancel(Duration::from_secs(60), usize::MAX, cancel);
    // Long enough to pass many checks (the budget looks at the flag every few hundred).
    let left: Vec<GameId> = (0..100).map(|n| games.number(&Dyadic::integer(n))).collect();
    assert_eq!(explain::explain_options(&mut games, &left, &[], &budget), Err(Exhausted::Cancelled));
    // A nimber with too many options to list is refused, not listed.
    let b = Budget::unlimited();
    let huge = games.nimber(1 << 40);
    let zero = games.zero();
    assert_eq!(explain::explain_game(&mut games, huge, &b), Err(Exhausted::Memory));
    assert_eq!(explain::explain_sum(&mut games, huge, zero, &b), Err(Exhausted::Memory));
}

/// The display style reaches every value in the text.
#[test]
fn unicode_style() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (l, r) = read_options(&mut games, "{^, 0 | v}");
    let e = explain::explain_options(&mut games, &l, &r, &b).unwrap();
    validate(&mut games, &e);
    let text = explain::render(&mut games, &e, DisplayStyle { unicode: true }).join("\n");
    expect![[r#"
        G = `{↑,0|↓}`
        Left's option `0` is dominated by `↑` (because `↑ > 0`)
        Left's option `↑` is reversible through `*` since `* <= G`: replaced by `*`'s Left options (`0`)
        Right's option `↓` is reversible through `*` since `* >= G`: replaced by `*`'s Right options (`0`)
        Nothing else is dominated or reversible: the canonical form is `*`"#]]
    .assert_eq(&text);
}
