//! Printed loopy values are valid input (docs/src/reference/printed-forms.md): for random
//! loopy games G, written as literals with labels and `pass`, the text P that cgt prints for G
//! is read back and `G == P` holds by the loopy comparison (side by side for sided values). The
//! games are random small graphs (stoppers, and games whose sides are stoppers or not),
//! pseudonumbers and upon forms written as their graphs, and sums, negatives and `+-` of them.

use cgt_eval::{CheckStatus, Config, StmtReport, evaluate};
use cgt_testkit::Rng;

/// Short games an option may be.
const LEAVES: &[&str] = &["0", "1", "-1", "1/2", "-1/2", "2", "*", "^", "v*", "*2", "3/2*", "-2"];

/// A random loopy graph of at most four positions; each option is a position (a move back or
/// on) or a short game.
struct Graph {
    left: Vec<Vec<Opt>>,
    right: Vec<Vec<Opt>>,
}

#[derive(Clone, Copy)]
enum Opt {
    Position(usize),
    Leaf(&'static str),
}

fn random_graph(rng: &mut Rng) -> Graph {
    let n = 1 + rng.index(6);
    let side = |rng: &mut Rng| -> Vec<Vec<Opt>> {
        (0..n)
            .map(|_| {
                (0..rng.index(4))
                    .map(|_| {
                        if rng.chance(3, 5) {
                            Opt::Position(rng.index(n))
                        } else {
                            Opt::Leaf(rng.pick(LEAVES).expect("leaves"))
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Graph { left, right }
}

/// The literal of position `v`: each position labelled `pV`, a move to an enclosing literal
/// written as its label (or `pass` for the literal itself, half the time), other positions
/// written out again.
fn literal(g: &Graph, v: usize, open: &mut Vec<usize>, rng: &mut Rng) -> String {
    open.push(v);
    let mut sides = Vec::new();
    for opts in [&g.left[v], &g.right[v]] {
        let texts: Vec<String> = opts
            .iter()
            .map(|o| match *o {
                Opt::Leaf(t) => t.to_string(),
                Opt::Position(w) if w == v && rng.chance(1, 2) => "pass".to_string(),
                Opt::Position(w) if open.contains(&w) => format!("p{w}"),
                Opt::Position(w) => literal(g, w, open, rng),
            })
            .collect();
        sides.push(texts.join(", "));
    }
    open.pop();
    format!("p{v}{{{} | {}}}", sides[0], sides[1])
}

/// A random dyadic number as text.
fn number(rng: &mut Rng) -> String {
    let n = rng.below(9) as i64 - 4;
    match rng.below(3) {
        0 => n.to_string(),
        k => format!("{}/{}", 2 * n + 1, 1 << k),
    }
}

/// A pseudonumber or an upon form written as its graph: `{x | pass}`, `{pass | x}`,
/// `{pass | x*m}`, `{pass, x | x}`, or a negative of one.
fn named_form(rng: &mut Rng) -> String {
    let x = number(rng);
    let star = match rng.below(4) {
        0 => String::new(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    };
    let form = match rng.below(4) {
        0 => format!("{{{x} | pass}}"),
        1 => format!("{{pass | {x}}}"),
        2 => format!("{{pass | {x}{star}}}"),
        _ => format!("{{pass, {x} | {x}}}"),
    };
    if rng.chance(1, 3) { format!("-{form}") } else { form }
}

/// Shapes of games with cycles through several positions, which random graphs seldom keep
/// after simplification (CGSuite's `a{0||||0|||a|*||*}`, Bach's Carousel): each `X` is a
/// random short game.
const SHAPES: &[&str] = &[
    "a{X || a | X}",
    "a{X |||| X ||| a | X || X}",
    "a{X, {X | X, {X, {X | X, a} | X}} | X}",
    "a{X | {X, a | X}}",
    "a{{X | a}, X | X}",
    "a{X || X | b{a, X | b}}",
    "a{X, {X || a | X} | X}",
];

/// A game of one of the [`SHAPES`].
fn shaped(rng: &mut Rng) -> String {
    let shape = rng.pick(SHAPES).expect("shapes");
    let mut out = String::new();
    for (i, part) in shape.split('X').enumerate() {
        if i > 0 {
            out.push_str(rng.pick(LEAVES).expect("leaves"));
        }
        out.push_str(part);
    }
    out
}

/// A game of the shape of Bach's Carousel (WW ch. 11), `a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0}`,
/// with other numbers and infinitesimals: its sides are not stoppers for many of them.
fn carousel(rng: &mut Rng) -> String {
    let a = rng.pick(&["0", "1", "-1", "1/2"]).expect("numbers");
    let b = rng.pick(&["1", "2", "1/2", "3/2"]).expect("numbers");
    let c = rng.pick(&["*", "*2", "^", "^*"]).expect("infinitesimals");
    format!("a{{{a}, {{{b} | {b}, {{{c}, {{{b}{c} | {b}{c}, a}} | {c}}}}} | {a}}}")
}

/// A random loopy game as text. A carousel is not added to anything (its sums take up to
/// seconds in a debug build), and a literal is written out again if it came out long.
fn game(rng: &mut Rng) -> String {
    let g = match rng.below(4) {
        0 => named_form(rng),
        1 => shaped(rng),
        2 => {
            let c = carousel(rng);
            return if rng.chance(1, 2) { format!("-{c}") } else { c };
        }
        _ => loop {
            let text = literal(&random_graph(rng), 0, &mut Vec::new(), rng);
            if text.len() <= 160 {
                break text;
            }
        },
    };
    match rng.below(8) {
        0 => format!("{g} + {}", rng.pick(LEAVES).expect("leaves")),
        1 => format!("-{g}"),
        2 => format!("+-{g}"),
        3 => format!("{g} + {}", named_form(rng)),
        4 => format!(
            "{} & {}",
            rng.pick(&["on", "over", "1", "2", "^[on]"]).expect("sides"),
            rng.pick(&["off", "under", "0", "-1", "v[on]"]).expect("sides")
        ),
        _ => g,
    }
}

/// The printed forms the cases must cover, and whether a text shows each.
const FORMS: &[&str] = &[
    "pseudonumber",
    "upon form",
    "on or off",
    "+-A",
    "labelled loop",
    "pass",
    "sided value",
    "sided value with a labelled loop",
];

fn forms(p: &str) -> [bool; 8] {
    let word = |w: &str| p.split(|c: char| !c.is_alphanumeric()).any(|x| x == w);
    [
        p.contains("over") || p.contains("under"),
        p.contains("[on]"),
        word("on") || word("off"),
        p.contains("+-") || p.contains('±'),
        p.contains("a{"),
        p.contains("pass"),
        p.contains(" & "),
        p.contains(" & ") && p.contains("a{"),
    ]
}

fn shown(r: &StmtReport) -> Option<&str> {
    if r.diagnostics.is_empty() { r.value.as_deref() } else { None }
}

#[test]
fn printed_loopy_values_read_back_equal() {
    let mut rng = Rng::new(0x100b_5eed);
    let cases = 320;
    let mut seen = vec![0usize; FORMS.len()];
    let mut read = 0;
    for unicode in [false, true] {
        let config = Config { unicode, ..Config::default() };
        let games: Vec<String> = (0..cases / 2).map(|_| game(&mut rng)).collect();
        let reports = evaluate(&games.join("\n"), &config);
        assert_eq!(reports.len(), games.len());
        let mut checks = Vec::new();
        for (g, r) in games.iter().zip(&reports) {
            // A game whose sides cgt cannot give is an error that says so, never a value.
            let Some(p) = shown(r) else {
                let d = &r.diagnostics[0];
                assert!(d.message.contains("no stoppers"), "{g}: {}", d.message);
                continue;
            };
            for (k, hit) in forms(p).into_iter().enumerate() {
                seen[k] += usize::from(hit);
            }
            checks.push(format!("{g} == {p}"));
        }
        let results = evaluate(&checks.join("\n"), &config);
        for (c, r) in checks.iter().zip(&results) {
            assert!(
                r.diagnostics.is_empty(),
                "{c}: {:?}",
                r.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
            );
            assert_eq!(r.check, Some(CheckStatus::Passed), "{c}");
        }
        read += checks.len();
    }
    eprintln!(
        "{read} of {cases} cases read back; printed forms seen: {:?}",
        FORMS.iter().zip(&seen).collect::<Vec<_>>()
    );
    for (name, n) in FORMS.iter().zip(&seen) {
        assert!(*n > 0, "no case printed a {name}: {seen:?}");
    }
    assert!(read >= cases * 3 / 4, "only {read} of {cases} cases gave a value");
}
