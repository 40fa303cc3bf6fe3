//! The operators of docs/src/reference/functions.md on published values (the issue "CGSuite parity", CGT, WW, LiP)
//! and on their defining properties. Expected games are built from options, not compared as
//! printed text.

use cgt_core::operators::{self, OpError, Uptimal};
use cgt_core::{Budget, Dyadic, GameId, Games};

/// Builds a game from a small literal syntax: `{L,.. | R,..}` with explicit braces (a `||`
/// inside braces splits at the double bar: `{3||2|1}`), integers and fractions, `*n`, runs of
/// `^` or `v` with an optional `*n` after them, `+-x`.
struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn game(&mut self, games: &mut Games) -> GameId {
        let b = Budget::unlimited();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                self.braces(games)
            }
            b'*' => self.ups(games, 0),
            b'^' | b'v' => {
                let c = self.s[self.i];
                let mut k = 0i64;
                while self.i < self.s.len() && self.s[self.i] == c {
                    k += 1;
                    self.i += 1;
                }
                self.ups(games, if c == b'^' { k } else { -k })
            }
            b'+' => {
                self.i += 2;
                let x = self.game(games);
                let mx = games.neg(x, &b).unwrap();
                games.from_options(&[x], &[mx], &b).unwrap()
            }
            _ => {
                let x = self.number();
                let part = self.infinitesimal(games);
                let (_, k, nim) = games.as_nus(part).unwrap();
                games.nus(&x, k, nim)
            }
        }
    }

    /// An optional run of `^` or `v` and an optional `*n`, juxtaposed after a number.
    fn infinitesimal(&mut self, games: &mut Games) -> GameId {
        match self.s.get(self.i) {
            Some(b'*' | b'^' | b'v') => self.game(games),
            _ => games.zero(),
        }
    }

    /// `k` ups and an optional `*n`.
    fn ups(&mut self, games: &mut Games, k: i64) -> GameId {
        let nim = if self.eat(b'*') { self.digits().map_or(1, |d| d as u64) } else { 0 };
        games.nus(&Dyadic::zero(), k, nim)
    }

    /// The rest of `{...}`: `L | R` or `L || M | R` (meaning `{L | {M | R}}`).
    fn braces(&mut self, games: &mut Games) -> GameId {
        let b = Budget::unlimited();
        let left = self.list(games);
        assert!(self.eat(b'|'));
        if self.eat(b'|') {
            let mid = self.list(games);
            assert!(self.eat(b'|'));
            let right = self.list(games);
            assert!(self.eat(b'}'));
            let inner = games.from_options(&mid, &right, &b).unwrap();
            return games.from_options(&left, &[inner], &b).unwrap();
        }
        let right = self.list(games);
        assert!(self.eat(b'}'));
        games.from_options(&left, &right, &b).unwrap()
    }

    /// Games separated by commas, up to (not including) `|` or `}`.
    fn list(&mut self, games: &mut Games) -> Vec<GameId> {
        let mut out = Vec::new();
        while !matches!(self.s[self.i], b'|' | b'}') {
            self.eat(b',');
            out.push(self.game(games));
        }
        out
    }

    fn number(&mut self) -> Dyadic {
        let neg = self.eat(b'-');
        let n = self.digits().expect("a number");
        let x = if self.eat(b'/') {
            let d = self.digits().unwrap();
            Dyadic::new(n, d.trailing_zeros() as u64)
        } else {
            Dyadic::integer(n)
        };
        if neg { -x } else { x }
    }

    fn digits(&mut self) -> Option<i64> {
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap().parse().ok()
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.i < self.s.len() && self.s[self.i] == c;
        self.i += usize::from(hit);
        hit
    }
}

fn parse(games: &mut Games, text: &str) -> GameId {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = Parser { s: text.as_bytes(), i: 0 };
    let g = p.game(games);
    assert_eq!(p.i, text.len(), "unparsed input in {text}");
    g
}

/// Asserts that `got` is the game written `expected`, showing both on failure.
fn same(games: &mut Games, got: GameId, expected: &str, what: &str) {
    let want = parse(games, expected);
    let shown = games.display(got, Default::default());
    assert_eq!(got, want, "{what}: got {shown}, expected {expected}");
}

/// Runs an operator on parsed arguments.
fn run(
    games: &mut Games,
    f: impl Fn(&mut Games, &[GameId], &Budget) -> Result<GameId, OpError>,
    args: &[&str],
) -> GameId {
    let ids: Vec<GameId> = args.iter().map(|a| parse(games, a)).collect();
    f(games, &ids, &Budget::unlimited()).unwrap()
}

#[test]
fn published_values() {
    let mut games = Games::new();
    let g = &mut games;
    type Op = fn(&mut Games, &[GameId], &Budget) -> Result<GameId, OpError>;
    let heat: Op = |g, a, b| operators::heat(g, a[0], a[1], b);
    let cool: Op = |g, a, b| operators::cool(g, a[0], a[1], b);
    let norton: Op = |g, a, b| operators::norton(g, a[0], a[1], b);
    let conway: Op = |g, a, b| operators::conway(g, a[0], a[1], b);
    let rcf: Op = |g, a, b| operators::rcf(g, a[0], b);
    let conj: Op = |g, a, b| operators::conjunctive(g, a[0], a[1], b);
    let sel: Op = |g, a, b| operators::selective(g, a[0], a[1], b);
    let tiny: Op = |g, a, b| operators::tiny(g, a[0], b);
    let miny: Op = |g, a, b| operators::miny(g, a[0], b);
    let overheat: Op = |g, a, b| operators::overheat(g, a[0], a[1], a[2], b);
    let cases: &[(&str, Op, &[&str], &str)] = &[
        ("heat(*2, 2)", heat, &["*2", "2"], "{2, {4|0} | -2, {0|-4}}"),
        ("heat(*, 2)", heat, &["*", "2"], "+-2"),
        ("heat(^^, *)", heat, &["^^", "*"], "0"),
        ("norton(1/2, ^)", norton, &["1/2", "^"], "{^^* | v*}"),
        ("norton(3, ^*)", norton, &["3", "^*"], "^^^*"),
        ("conway(*4, *4)", conway, &["*4", "*4"], "*6"),
        ("conway(*19, *23)", conway, &["*19", "*23"], "*86"),
        ("conway(3/2, -5/4)", conway, &["3/2", "-5/4"], "-15/8"),
        ("cool({3||2*|1*}, 1/2)", cool, &["{3||2*|1*}", "1/2"], "{5/2 | 2*}"),
        ("cool({3|-2}, 1)", cool, &["{3|-2}", "1"], "{2|-1}"),
        ("cool(1/4, -1/4)", cool, &["1/4", "-1/4"], "{1/4|1/4}"),
        ("cool(+-1, 1)", cool, &["+-1", "1"], "*"),
        ("cool(+-1, 2)", cool, &["+-1", "2"], "0"),
        ("rcf({3||2*|1*})", rcf, &["{3||2*|1*}"], "{3||2|1}"),
        ("rcf({1|0} + ^)", rcf, &["{1^|0^, {1|0}*}"], "{1|0}"),
        ("rcf(^*)", rcf, &["^*"], "0"),
        ("conjunctive(+-1, ^^)", conj, &["+-1", "^^"], "{0|-1}"),
        ("selective(*5, *6)", sel, &["*5", "*6"], "*11"),
        ("tiny(2)", tiny, &["2"], "{0||0|-2}"),
        ("miny(2)", miny, &["2"], "{{2|0}|0}"),
        ("overheat(7/16, 0, 0)", overheat, &["7/16", "0", "0"], "{{^|*}|*}"),
        ("overheat(1, *, 1)", overheat, &["1", "*", "1"], "*"),
    ];
    for (what, op, args, expected) in cases {
        let got = run(g, *op, args);
        same(g, got, expected, what);
    }
}

#[test]
fn uptimal_powers_agree_with_other_routes() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let g = &mut games;
    let up = parse(g, "^");
    let star = parse(g, "*");
    let (p1, p2, pt2) = (
        operators::pow(g, up, 1, &b).unwrap(),
        operators::pow(g, up, 2, &b).unwrap(),
        operators::powto(g, up, 2, &b).unwrap(),
    );
    same(g, p1, "^", "pow(^, 1)");
    same(g, p2, "{0 | v*}", "pow(^, 2)");
    same(g, pt2, "{^ | *}", "powto(^, 2)");
    let seven_sixteenths = parse(g, "7/16");
    let zero = g.zero();
    let hot = operators::overheat(g, seven_sixteenths, zero, zero, &b).unwrap();
    assert_eq!(operators::powto(g, up, 3, &b).unwrap(), hot, "powto(^, 3) = (7/16).Overheat(0, 0)");
    // Two other routes to ^[n]: ^[n] = {^[n-1] | *}, and overheating (2^n - 1)/2^(n+1) from 0
    // to 0 (its canonical form is {(2^(n-1) - 1)/2^n | 1/2}, and 1/2 overheats to *).
    let mut prev = up;
    for n in 2..=6u64 {
        let expected = g.from_options(&[prev], &[star], &b).unwrap();
        let got = operators::powto(g, up, n, &b).unwrap();
        assert_eq!(got, expected, "powto(^, {n})");
        let x = g.number(&Dyadic::new((1i64 << n) - 1, n + 1));
        assert_eq!(operators::overheat(g, x, zero, zero, &b).unwrap(), got, "overheat of (2^{n} - 1)/2^{}", n + 1);
        let diff = g.sub(got, prev, &b).unwrap();
        assert_eq!(operators::pow(g, up, n, &b).unwrap(), diff, "pow(^, {n})");
        prev = got;
    }
    assert_eq!(operators::powto(g, up, 0, &b).unwrap(), zero);
    let switch = parse(g, "{1|0}");
    assert!(matches!(operators::pow(g, switch, 2, &b), Err(OpError::Undefined(_))));
    assert!(matches!(operators::pow(g, up, 0, &b), Err(OpError::Undefined(_))));
}

#[test]
fn uptimal_expansions_recover_their_coefficients() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let g = &mut games;
    let up = parse(g, "^");
    let cases: &[(&[i64], u64)] = &[
        (&[], 0),
        (&[], 3),
        (&[0, 1], 0),
        (&[0, 1], 1),
        (&[1, 1], 0),
        (&[2, -1, 1], 1),
        (&[0, 0, -2], 0),
        (&[-1, 3], 2),
    ];
    for (coefficients, nim) in cases {
        let mut x = g.nimber(*nim);
        for (k, &a) in coefficients.iter().enumerate() {
            let p = operators::pow(g, up, k as u64 + 1, &b).unwrap();
            for _ in 0..a.abs() {
                x = if a > 0 { g.add(x, p, &b).unwrap() } else { g.sub(x, p, &b).unwrap() };
            }
        }
        let want = Uptimal { coefficients: coefficients.to_vec(), nim: *nim };
        assert_eq!(operators::uptimal(g, x, &b).unwrap(), want, "{}", g.display(x, Default::default()));
    }
    let one = parse(g, "1");
    let tiny = operators::tiny(g, one, &b).unwrap();
    for not_uptimal in [tiny, parse(g, "{1|0}"), parse(g, "1/2")] {
        assert!(matches!(operators::uptimal(g, not_uptimal, &b), Err(OpError::Undefined(_))));
    }
}

#[test]
fn games_born_by_day_n() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let counts: Vec<u64> = (0..=3).map(|n| operators::born(&mut games, n, &b).unwrap()).collect();
    assert_eq!(counts, [1, 4, 22, 1474]);
    assert!(matches!(operators::born(&mut games, 4, &b), Err(OpError::Undefined(_))));
}

#[test]
fn undefined_arguments_are_errors() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let g = &mut games;
    let (x, minus_one, star, up, half) =
        (parse(g, "{3|-2}"), parse(g, "-1"), parse(g, "*"), parse(g, "^"), parse(g, "1/2"));
    assert!(matches!(operators::cool(g, x, minus_one, &b), Err(OpError::Undefined(_))));
    assert!(matches!(operators::cool(g, x, star, &b), Err(OpError::Undefined(_))));
    assert!(matches!(operators::norton(g, star, up, &b), Err(OpError::Undefined(_))));
    assert!(matches!(operators::norton(g, half, star, &b), Err(OpError::Undefined(_))));
}
