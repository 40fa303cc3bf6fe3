//! Temperature theory: stops, means, temperatures and thermographs, against values worked out in
//! the literature or by hand, and against a slow reference that cools games by the definition.

use std::collections::HashMap;

use cgt_core::thermo::{self, Thermograph};
use cgt_core::{Budget, Dyadic, GameId, Games};
use cgt_testkit::Rng;

/// Builds a game from a small literal syntax: `{L,.. | R,..}` with explicit braces, integers and
/// fractions (`-3/4`), `*`, `*2`, `^`, `^*`, `v`, `+-x`.
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
                let left = self.list(games, b'|');
                let right = self.list(games, b'}');
                games.from_options(&left, &right, &b).unwrap()
            }
            b'*' => {
                self.i += 1;
                let n = self.digits().map_or(1, |d| d.to_i64().unwrap() as u64);
                games.nimber(n)
            }
            b'^' => {
                self.i += 1;
                let star = self.eat(b'*');
                games.nus(&Dyadic::zero(), 1, u64::from(star))
            }
            b'v' => {
                self.i += 1;
                games.nus(&Dyadic::zero(), -1, 0)
            }
            b'+' => {
                self.i += 2;
                let x = self.game(games);
                let mx = games.neg(x, &b).unwrap();
                games.from_options(&[x], &[mx], &b).unwrap()
            }
            _ => {
                let x = self.number();
                games.number(&x)
            }
        }
    }

    /// Games separated by commas, up to and including `end`.
    fn list(&mut self, games: &mut Games, end: u8) -> Vec<GameId> {
        let mut out = Vec::new();
        while !self.eat(end) {
            self.eat(b',');
            out.push(self.game(games));
        }
        out
    }

    fn number(&mut self) -> Dyadic {
        let neg = self.eat(b'-');
        let num = self.digits().expect("a number");
        let x = if self.eat(b'/') {
            let den = self.digits().expect("a denominator");
            Dyadic::new(num.to_i64().unwrap(), den.to_i64().unwrap().trailing_zeros().into())
        } else {
            num
        };
        if neg { -x } else { x }
    }

    fn digits(&mut self) -> Option<Dyadic> {
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        text.parse::<i64>().ok().map(Dyadic::integer)
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.s.get(self.i) == Some(&c);
        self.i += usize::from(hit);
        hit
    }
}

fn parse(games: &mut Games, text: &str) -> GameId {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = Parser { s: compact.as_bytes(), i: 0 };
    let g = p.game(games);
    assert_eq!(p.i, p.s.len(), "trailing text in {text}");
    g
}

fn d(text: &str) -> Dyadic {
    Parser { s: text.as_bytes(), i: 0 }.number()
}

/// Checks left stop, right stop, mean and temperature of a game written in the literal syntax.
fn check(game: &str, stops: (&str, &str), mean: &str, temp: &str) {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let g = parse(&mut games, game);
    let got = (
        thermo::left_stop(&mut games, g, &b).unwrap(),
        thermo::right_stop(&mut games, g, &b).unwrap(),
        thermo::mean(&mut games, g, &b).unwrap(),
        thermo::temperature(&mut games, g, &b).unwrap(),
    );
    assert_eq!(got, (d(stops.0), d(stops.1), d(mean), d(temp)), "stops, mean, temperature of {game}");
    let th = thermo::thermograph(&mut games, g, &b).unwrap();
    assert_eq!((th.mast.clone(), th.temperature.clone()), (d(mean), d(temp)), "thermograph of {game}");
}

#[test]
fn published_values() {
    // Numbers, with CGSuite's convention (docs/src/theory/temperature.md; CGSuite's `Temperature`): an integer has
    // temperature -1, `m/2^j` has -1/2^j (Siegel, CGT II.5, cooling numbers by t >= -1).
    check("3", ("3", "3"), "3", "-1");
    check("0", ("0", "0"), "0", "-1");
    check("-2", ("-2", "-2"), "-2", "-1");
    check("1/2", ("1/2", "1/2"), "1/2", "-1/2");
    check("3/4", ("3/4", "3/4"), "3/4", "-1/4");
    check("-5/8", ("-5/8", "-5/8"), "-5/8", "-1/8");
    // Infinitesimals have stops and mean 0 and temperature 0 (docs/src/theory/temperature.md, after CGT II.5 and
    // LiP ch. 6): *, *2, ^, ^*, v, {0|^} = ^^* (Winning Ways) and the tiny {0||0|-1}.
    for g in ["*", "*2", "^", "^*", "v", "{0|^}", "{0|{0|-1}}"] {
        check(g, ("0", "0"), "0", "0");
    }
    // 1/2* and 2^: an infinitesimal shift keeps the number's stops and mean, at temperature 0.
    check("{1/2|1/2}", ("1/2", "1/2"), "1/2", "0");
    check("{2|{2|2}}", ("2", "2"), "2", "0");
    // A switch {a|b} with a > b has mean (a+b)/2 and temperature (a-b)/2 (docs/src/theory/temperature.md, after
    // CGT II.5 and LiP ch. 6).
    check("{3|-2}", ("3", "-2"), "1/2", "5/2");
    check("+-1", ("1", "-1"), "0", "1");
    check("{1|0}", ("1", "0"), "1/2", "1/2");
    check("{1|1/2}", ("1", "1/2"), "3/4", "1/4");
    check("{5/2|-1/4}", ("5/2", "-1/4"), "9/8", "11/8");
    // Worked by hand from the thermograph theorem (CGT II.5), and agreeing with the reference
    // below: {2||1|0}: LW = 2 - t, RW = 1 up to t = 1/2 then 1/2 + t; they meet at t = 3/4.
    check("{2|{1|0}}", ("2", "1"), "5/4", "3/4");
    // {4|{2|-1}}: LW = 4 - t, RW = 2 up to 3/2 then 1/2 + t; they meet at t = 7/4, x = 9/4.
    check("{4|{2|-1}}", ("4", "2"), "9/4", "7/4");
    // {3|+-1}: LW = 3 - t, RW = 1 up to 1 then t; they meet at t = 3/2.
    check("{3|+-1}", ("3", "1"), "3/2", "3/2");
    // Two Left options: {4,{5|1}|-2}: {5|1} contributes RW - t = 1 up to t = 2, then 3 - t,
    // always below 4 - t while t < 3; so LW = 4 - t meets RW = -2 + t at t = 3, x = 1.
    check("{4,{5|1}|-2}", ("4", "-2"), "1", "3");
}

#[test]
fn text_and_svg() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let cases = [
        ("3", "mast 3 from t = -1"),
        (
            "1/2",
            "mast 1/2 from t = -1/2; left wall 1 at t = -1, 1/2 at t = -1/2; right wall 0 at t = -1, 1/2 at t = -1/2",
        ),
        (
            "{3|-2}",
            "mast 1/2 from t = 5/2; left wall 4 at t = -1, 1/2 at t = 5/2; right wall -3 at t = -1, 1/2 at t = 5/2",
        ),
        ("^", "mast 0 from t = 0; left wall 1 at t = -1, 0 at t = 0; right wall 0 at t = -1, 0 at t = 0"),
        (
            "{4|{2|-1}}",
            "mast 9/4 from t = 7/4; left wall 5 at t = -1, 9/4 at t = 7/4; \
             right wall 2 at t = -1, 2 at t = 3/2, 9/4 at t = 7/4",
        ),
    ];
    for (game, expected) in cases {
        let g = parse(&mut games, game);
        let th = thermo::thermograph(&mut games, g, &b).unwrap();
        assert_eq!(th.to_text(), expected, "{game}");
    }
    let g = parse(&mut games, "{3|-2}");
    let svg = thermo::thermograph(&mut games, g, &b).unwrap().to_svg("{3|-2} & <friends>");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    for needle in ["temperature 5/2", "mean 1/2", "{3|-2} &amp; &lt;friends&gt;", "<polyline"] {
        assert!(svg.contains(needle), "{needle} missing from {svg}");
    }
    // The left wall is drawn to the left of the right wall: Left's values grow leftwards.
    let lines: Vec<&str> = svg.split("<polyline points=\"").skip(1).collect();
    let first_x = |s: &str| s.split(',').next().unwrap().parse::<f64>().unwrap();
    assert!(first_x(lines[0]) < first_x(lines[1]), "{svg}");
}

/// The points of every polyline of an SVG picture, in pixels.
fn svg_polylines(svg: &str) -> Vec<Vec<(f64, f64)>> {
    let coordinate = |s: &str| s.parse::<f64>().unwrap_or_else(|_| panic!("{s:?} is not a coordinate in {svg}"));
    svg.split("<polyline points=\"")
        .skip(1)
        .map(|rest| {
            let points = rest.split('"').next().unwrap_or_default();
            points
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap_or_else(|| panic!("{p:?} is not a point in {svg}"));
                    (coordinate(x), coordinate(y))
                })
                .collect()
        })
        .collect()
}

/// The picture uses one scale on both axes: every piece of a wall or the mast is vertical or
/// at 45° in the picture (coordinates are rounded to a tenth of a pixel).
#[test]
fn svg_walls_are_at_45_degrees() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    for game in ["{3|-2}", "{2|{1|0}}", "+-1", "{4|{2|-1}}", "1/2", "{10|{-20|-30}}", "{1/4|-1/4}"] {
        let g = parse(&mut games, game);
        let svg = thermo::thermograph(&mut games, g, &b).unwrap().to_svg(game);
        let lines = svg_polylines(&svg);
        assert_eq!(lines.len(), 3, "{game}: two walls and the mast in {svg}");
        let mut slanted = 0;
        for segment in lines.iter().flat_map(|l| l.windows(2)) {
            let (dx, dy) = ((segment[1].0 - segment[0].0).abs(), (segment[1].1 - segment[0].1).abs());
            if dx > 0.11 {
                slanted += 1;
                assert!((dx - dy).abs() <= 0.21, "{game}: a piece of slope {} in {svg}", dy / dx);
            }
        }
        assert!(slanted >= 2, "{game}: {slanted} slanted pieces in {svg}");
        for (x, y) in lines.iter().flatten() {
            assert!((0.0..=480.0).contains(x) && (0.0..=320.0).contains(y), "{game}: ({x}, {y}) outside the picture");
        }
    }
}

#[test]
fn deep_games_do_not_overflow() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    // 1/2^300 cools through a chain of 300 numbers; ^2000 through a chain of 2000 games.
    let tiny = games.number(&Dyadic::new(1, 300));
    let th = thermo::thermograph(&mut games, tiny, &b).unwrap();
    assert_eq!(th.temperature, -Dyadic::new(1, 300));
    let m1 = games.number(&Dyadic::integer(-1));
    let g = games.from_options(&[tiny], &[m1], &b).unwrap();
    // A switch {x | -1} with x > -1: mean (x - 1)/2.
    let expected = (&Dyadic::new(1, 300) - &Dyadic::integer(1)).half();
    assert_eq!(thermo::mean(&mut games, g, &b).unwrap(), expected);
    let ups = games.nus(&Dyadic::new(3, 2), 2000, 1);
    let th = thermo::thermograph(&mut games, ups, &b).unwrap();
    assert_eq!((th.mast, th.temperature), (Dyadic::new(3, 2), Dyadic::zero()));
}

/// Cooling by the definition (docs/src/theory/temperature.md; CGT II.5), on a grid of
/// temperatures `-1 + k/2^GRID`: `G_t = {G^L_t - t | G^R_t + t}` until the first grid point where
/// that game is infinitely close to a number (both stops equal), and that number above.
struct Reference {
    /// The freezing point of each game: its temperature and mean, found by scanning the grid.
    frozen: HashMap<GameId, (Dyadic, Dyadic)>,
    /// `{G^L_t - t | G^R_t + t}` for each game and grid point scanned.
    formula: HashMap<(GameId, Dyadic), GameId>,
    stops: HashMap<GameId, (Dyadic, Dyadic)>,
}

/// The grid step is `1/2^GRID`; every temperature of the random games below lies on the grid.
const GRID: u64 = 5;
/// No game below is hotter than this.
const HOTTEST: i64 = 6;

impl Reference {
    fn new() -> Self {
        Reference { frozen: HashMap::new(), formula: HashMap::new(), stops: HashMap::new() }
    }

    /// Stops by the definition, recursively.
    fn stops(&mut self, games: &mut Games, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(s) = self.stops.get(&g) {
            return s.clone();
        }
        let s = match games.as_number(g) {
            Some(x) => (x.clone(), x),
            None => {
                let ls = games.left_options(g).into_iter().map(|l| self.stops(games, l).1).max().unwrap();
                let rs = games.right_options(g).into_iter().map(|r| self.stops(games, r).0).min().unwrap();
                (ls, rs)
            }
        };
        self.stops.insert(g, s.clone());
        s
    }

    /// `G_t` for a grid point `t`.
    fn cool(&mut self, games: &mut Games, g: GameId, t: &Dyadic) -> GameId {
        let (temp, mean) = self.freeze(games, g);
        if games.as_number(g).is_some_and(|x| x.is_integer()) || t > &temp {
            return games.number(&mean);
        }
        self.formula(games, g, t)
    }

    /// `{G^L_t - t | G^R_t + t}`.
    fn formula(&mut self, games: &mut Games, g: GameId, t: &Dyadic) -> GameId {
        if let Some(&h) = self.formula.get(&(g, t.clone())) {
            return h;
        }
        let (minus, plus) = (games.number(&-t), games.number(t));
        let lefts = games.left_options(g);
        let left = self.cool_all(games, &lefts, t, minus);
        let rights = games.right_options(g);
        let right = self.cool_all(games, &rights, t, plus);
        let h = games.from_options(&left, &right, &Budget::unlimited()).unwrap();
        self.formula.insert((g, t.clone()), h);
        h
    }

    /// `o_t + shift` for each option `o`.
    fn cool_all(&mut self, games: &mut Games, options: &[GameId], t: &Dyadic, shift: GameId) -> Vec<GameId> {
        let b = Budget::unlimited();
        let mut out = Vec::new();
        for &o in options {
            let c = self.cool(games, o, t);
            out.push(games.add(c, shift, &b).unwrap());
        }
        out
    }

    /// The temperature and mean: integers freeze at -1; anything else at the first grid point
    /// where the formula is infinitely close to a number.
    fn freeze(&mut self, games: &mut Games, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(f) = self.frozen.get(&g) {
            return f.clone();
        }
        let f = match games.as_number(g) {
            Some(n) if n.is_integer() => (Dyadic::integer(-1), n),
            _ => self.scan(games, g),
        };
        self.frozen.insert(g, f.clone());
        f
    }

    fn scan(&mut self, games: &mut Games, g: GameId) -> (Dyadic, Dyadic) {
        for k in 0..((HOTTEST + 1) << GRID) {
            let t = Dyadic::new(k - (1 << GRID), GRID);
            let h = self.formula(games, g, &t);
            let (ls, rs) = self.stops(games, h);
            if ls == rs {
                return (t, ls);
            }
        }
        panic!("no freezing point found below {HOTTEST}");
    }
}

/// Random games two levels above a pool of small values.
fn random_games(games: &mut Games, count: usize) -> Vec<GameId> {
    let b = Budget::unlimited();
    let pool_text = [
        "0",
        "1",
        "-1",
        "2",
        "-2",
        "1/2",
        "-1/2",
        "3/4",
        "*",
        "^",
        "v",
        "^*",
        "*2",
        "+-1",
        "{2|-1}",
        "{1|0}",
        "{0|-1}",
        "{3/2|-1/2}",
        "{2|{1|0}}",
    ];
    let mut pool: Vec<GameId> = pool_text.iter().map(|t| parse(games, t)).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    while out.len() < count {
        let pick = |rng: &mut Rng| {
            let n = 1 + rng.index(3);
            (0..n).map(|_| pool[rng.index(pool.len())]).collect::<Vec<_>>()
        };
        let (left, right) = (pick(&mut rng), pick(&mut rng));
        let g = games.from_options(&left, &right, &b).unwrap();
        if games.as_number(g).is_none() && !out.contains(&g) {
            out.push(g);
            if out.len().is_multiple_of(3) {
                pool.push(g);
            }
        }
    }
    out
}

/// The thermograph agrees with cooling by the definition at every grid point up to the
/// temperature, and its stops, mean and temperature with the definitions.
fn agree_with_reference(games: &mut Games, reference: &mut Reference, g: GameId) -> Thermograph {
    let b = Budget::unlimited();
    let name = games.display(g, Default::default());
    let th = thermo::thermograph(games, g, &b).unwrap();
    let (temp, mean) = reference.freeze(games, g);
    assert_eq!((&th.temperature, &th.mast), (&temp, &mean), "temperature and mean of {name}");
    assert_eq!(thermo::temperature(games, g, &b).unwrap(), temp, "temperature of {name}");
    assert_eq!(thermo::mean(games, g, &b).unwrap(), mean, "mean of {name}");
    let very_hot = reference.cool(games, g, &Dyadic::integer(HOTTEST));
    assert_eq!(games.as_number(very_hot), Some(mean.clone()), "{name} cooled by {HOTTEST}");
    let mut k = 0;
    loop {
        let t = Dyadic::new(k - (1 << GRID), GRID);
        if t > temp {
            break;
        }
        let cooled = reference.cool(games, g, &t);
        let (ls, rs) = reference.stops(games, cooled);
        assert_eq!((th.left.value_at(&t), th.right.value_at(&t)), (ls, rs), "walls of {name} at t = {t}");
        k += 1;
    }
    let (ls, rs) = reference.stops(games, g);
    let zero = Dyadic::zero();
    assert_eq!(thermo::left_stop(games, g, &b).unwrap(), ls, "left stop of {name}");
    assert_eq!(thermo::right_stop(games, g, &b).unwrap(), rs, "right stop of {name}");
    assert_eq!((th.left.value_at(&zero), th.right.value_at(&zero)), (ls, rs), "walls of {name} at 0");
    th
}

#[test]
fn numbers_cool_by_the_definition() {
    let mut games = Games::new();
    let mut reference = Reference::new();
    let b = Budget::unlimited();
    for (num, exp) in [(1, 1), (-1, 1), (3, 2), (5, 3), (-7, 3), (9, 4), (3, 0), (0, 0), (-21, 5)] {
        let x = games.number(&Dyadic::new(num, exp));
        let th = agree_with_reference(&mut games, &mut reference, x);
        assert_eq!(th.temperature, thermo::temperature(&mut games, x, &b).unwrap());
    }
}

#[test]
fn random_games_cool_by_the_definition() {
    let mut games = Games::new();
    let mut reference = Reference::new();
    for g in random_games(&mut games, 200) {
        agree_with_reference(&mut games, &mut reference, g);
    }
}

#[test]
fn means_add_and_temperatures_do_not_grow() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let gs = random_games(&mut games, 40);
    let mut rng = Rng(12345);
    for _ in 0..300 {
        let (g, h) = (gs[rng.index(gs.len())], gs[rng.index(gs.len())]);
        let s = games.add(g, h, &b).unwrap();
        let mean = |games: &mut Games, x| thermo::mean(games, x, &b).unwrap();
        let temp = |games: &mut Games, x| thermo::temperature(games, x, &b).unwrap();
        let name = format!("{} + {}", games.display(g, Default::default()), games.display(h, Default::default()));
        assert_eq!(mean(&mut games, s), &mean(&mut games, g) + &mean(&mut games, h), "mean of {name}");
        let hottest = temp(&mut games, g).max(temp(&mut games, h));
        assert!(temp(&mut games, s) <= hottest, "temperature of {name}");
    }
}

#[test]
fn sums_cool_by_the_definition() {
    let mut games = Games::new();
    let mut reference = Reference::new();
    let b = Budget::unlimited();
    let gs = random_games(&mut games, 40);
    for pair in gs.chunks(2) {
        let s = games.add(pair[0], pair[1], &b).unwrap();
        agree_with_reference(&mut games, &mut reference, s);
    }
}
