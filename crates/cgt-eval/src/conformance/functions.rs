//! The function rows of the conformance suite: each function's defining identity, or a
//! theorem about it, on random games. The identities are evaluated through the language (the
//! function's text against the text the definition builds), and the outcomes they rest on come
//! from a direct search over the game trees (`trees.rs`), not from canonical forms.
//!
//! Sources of the identities: the book's theory pages (`docs/src/theory/`) and the literature
//! they name: Siegel, *Combinatorial Game Theory* (stops, cooling and heating, reduced canonical
//! forms, atomic weight and the two-ahead rule, Norton multiplication, uptimals, misère genus),
//! Winning Ways (genus, mates, compounds) and Plambeck and Siegel (misère quotients).

use cgt_core::Dyadic;

use super::common::eval;
use super::impartial::{compound, genus, grundy, mate, misere_nim, period, quotient};
use super::lab::Lab;
use super::trees::Tree;
use crate::value::Value;

/// The identity a function row is held to, by the row's name.
pub(super) fn law(row: &str) -> Option<fn(&mut Lab)> {
    let f: fn(&mut Lab) = match row {
        "outcome" => |l| {
            let t = l.random(3);
            let want = l.search.outcome(&[&t]);
            assert_eq!(l.shown(&format!("outcome({})", t.text)), want, "outcome({})", t.text);
        },
        "cf" => cf,
        "options" => |l| {
            let t = l.random(3);
            let Value::Options(left, right) = eval(&mut l.s, &format!("options({})", t.text)) else {
                panic!("options({}) gives no options", t.text)
            };
            let left = left.into_iter().map(|g| l.tree_of(g)).collect();
            let right = right.into_iter().map(|g| l.tree_of(g)).collect();
            let rebuilt = Tree::node(left, right);
            assert!(l.search.equal(&rebuilt, &t), "options({}): {} is another game", t.text, rebuilt.text);
        },
        "birthday" => |l| {
            fn day(t: &Tree) -> u64 {
                t.left.iter().chain(&t.right).map(|o| 1 + day(o)).max().unwrap_or(0)
            }
            let t = l.random(3);
            let g = l.game(&t.text);
            let c = l.tree_of(g);
            l.same(&format!("birthday({})", t.text), &day(&c).to_string());
        },
        "leftstop" => |l| stops(l, true),
        "rightstop" => |l| stops(l, false),
        "mean" => |l| {
            let (a, b) = (l.random(2), l.random(2));
            l.same(&format!("mean({} + {})", a.text, b.text), &format!("mean({}) + mean({})", a.text, b.text));
            let (lo, m, hi) = (
                l.number(&format!("rightstop({})", a.text)),
                l.number(&format!("mean({})", a.text)),
                l.number(&format!("leftstop({})", a.text)),
            );
            assert!(lo <= m && m <= hi, "mean({}) = {m} is not between its stops", a.text);
        },
        "temp" => temp,
        "thermograph" => |l| {
            let t = l.random(3);
            let (m, tt) = (l.shown(&format!("mean({})", t.text)), l.shown(&format!("temp({})", t.text)));
            let graph = l.shown(&format!("thermograph({})", t.text));
            let mast =
                format!("mast {m} from t = {}", if tt.starts_with('-') && !l.is_number(&t.text) { "0" } else { &tt });
            assert!(graph.starts_with(&mast), "thermograph({}) = {graph}: not `{mast}`", t.text);
        },
        "atomic" => atomic,
        "cool" => |l| {
            let (a, b) = (l.random(2), l.random(2));
            let (x, y) = (l.pick(&["1/2", "1", "3/2", "2", "1/4"]), l.pick(&["0", "1/2", "1", "1/8"]));
            l.same(
                &format!("cool({} + {}, {x})", a.text, b.text),
                &format!("cool({}, {x}) + cool({}, {x})", a.text, b.text),
            );
            l.same(&format!("cool(cool({}, {x}), {y})", a.text), &format!("cool({}, {x} + {y})", a.text));
        },
        "heat" => |l| {
            let t = l.random(2);
            let by = l.pick(&["1", "2", "1/2", "^", "*"]);
            let g = l.game(&t.text);
            let c = l.tree_of(g);
            let want = integral(l, &c, by, by, false);
            l.same(&format!("heat({}, {by})", t.text), &want);
        },
        "overheat" => |l| {
            let t = l.random(2);
            let (s, by) = (l.pick(&["1", "0", "1/2", "*"]), l.pick(&["1", "0", "2", "^"]));
            let g = l.game(&t.text);
            let c = l.tree_of(g);
            let want = integral(l, &c, s, by, true);
            l.same(&format!("overheat({}, {s}, {by})", t.text), &want);
        },
        "freeze" => |l| {
            let t = l.random(3);
            let tt = l.number(&format!("temp({})", t.text));
            if tt > Dyadic::from(-1) {
                l.same(&format!("freeze({})", t.text), &format!("cool({}, temp({}))", t.text, t.text));
            }
        },
        "rcf" => rcf,
        "leftincentives" => |l| incentives(l, true),
        "rightincentives" => |l| incentives(l, false),
        "tiny" => |l| {
            let x = l.random(2);
            l.same(&format!("tiny({})", x.text), &format!("{{0 | {{0 | -({})}}}}", x.text));
        },
        "miny" => |l| {
            let x = l.random(2);
            l.same(&format!("miny({})", x.text), &format!("{{{{{} | 0}} | 0}}", x.text));
            l.same(&format!("miny({})", x.text), &format!("-tiny({})", x.text));
        },
        "pow" => |l| {
            let Some((g, h)) = zero_switch(l) else { return };
            let n = 1 + l.r.below(4);
            // G^1 = G and G^(n+1) = {0 | H - G^{->n}} (CGT II.7); for G = ^ these are `^<n>`.
            let want = if n == 1 { g.clone() } else { format!("{{0 | {h} - powto({g}, {})}}", n - 1) };
            l.same(&format!("pow({g}, {n})"), &want);
            l.same(&format!("pow({{0|*}}, {n})"), &format!("^<{n}>"));
        },
        "powto" => |l| {
            let Some((g, _)) = zero_switch(l) else { return };
            let n = 1 + l.r.below(4);
            let sum: Vec<String> = (1..=n).map(|k| format!("pow({g}, {k})")).collect();
            l.same(&format!("powto({g}, {n})"), &sum.join(" + "));
        },
        "uptimal" => |l| {
            let terms: Vec<String> = (0..1 + l.r.below(4))
                .map(|_| format!("{}^<{}>", if l.r.chance(1, 2) { "" } else { "-" }, 1 + l.r.below(4)))
                .collect();
            let text = format!("{} + *{}", terms.join(" + "), l.r.below(4));
            let expansion = l.shown(&format!("uptimal({text})"));
            // What `uptimal` prints reads back as the same game.
            l.same(&expansion, &text);
        },
        "norton" => norton,
        "conway" => |l| {
            let (a, b) = (l.r.below(16), l.r.below(16));
            l.same(&format!("conway(*{a}, *{b})"), &format!("*{}", nim_plain(a, b, true)));
            // On numbers, the Conway product is the product.
            const PRODUCTS: &[(&str, &str, &str)] = &[
                ("1/2", "3", "3/2"),
                ("-3/4", "1/4", "-3/16"),
                ("2", "-1/2", "-1"),
                ("5/8", "3/2", "15/16"),
                ("-1", "3", "-3"),
            ];
            let (x, y, xy) = *l.r.pick(PRODUCTS).expect("products");
            l.same(&format!("conway({x}, {y})"), xy);
            let (g, h) = (l.random(2), l.random(2));
            l.same(&format!("conway({}, {})", g.text, h.text), &format!("conway({}, {})", h.text, g.text));
        },
        "ordinalproduct" => |l| {
            // On blue-red Hackenbush stalks: each blue edge of H replaced by G, each red one by
            // -G, a stalk being the ordinal sum of its edges from the ground. (With H in
            // canonical form this holds for numbers G; green G on blue H differs, since the
            // canonical form of a blue stalk drops the moves to its lower edges.)
            let g = l.pick(&["1", "-1", "1/2", "3/4", "2", "-5/4", "1/4"]);
            let edges: Vec<bool> = (0..1 + l.r.below(4)).map(|_| l.r.chance(1, 2)).collect();
            let stalk = |on: &dyn Fn(bool) -> String| edges.iter().map(|&b| on(b)).collect::<Vec<_>>().join(" : ");
            let h = stalk(&|b| if b { "1".into() } else { "-1".into() });
            let want = stalk(&|b| if b { format!("({g})") } else { format!("(-{g})") });
            l.same(&format!("ordinalproduct({g}, {h})"), &want);
            // Green stalks: *a by *b is a stalk of ab green edges.
            let (a, b) = (l.r.below(12), l.r.below(12));
            l.same(&format!("ordinalproduct(*{a}, *{b})"), &format!("*{}", a * b));
        },
        "companion" => |l| {
            let (a, b) = (l.random(2), l.random(2));
            l.same(&format!("companion(companion({}))", a.text), &a.text);
            let le = |l: &mut Lab, x: &str, y: &str| {
                let (gx, gy) = (l.game(x), l.game(y));
                l.s.games.leq(gx, gy, &cgt_core::Budget::unlimited()).expect("no budget")
            };
            let (ca, cb) = (format!("companion({})", a.text), format!("companion({})", b.text));
            assert_eq!(le(l, &a.text, &b.text), le(l, &ca, &cb), "companion does not keep {} <= {}", a.text, b.text);
        },
        "born" => |l| {
            // Count the games born by day n (n <= 2) by building them from the previous day's.
            let mut day = vec![l.s.games.zero()];
            for n in 0..=2u32 {
                l.same(&format!("born({n})"), &day.len().to_string());
                if n == 2 {
                    break;
                }
                let mut next = Vec::new();
                for lm in 0..1u32 << day.len() {
                    for rm in 0..1u32 << day.len() {
                        let pick = |m: u32| {
                            day.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, &g)| g).collect::<Vec<_>>()
                        };
                        let g =
                            l.s.games
                                .from_options(&pick(lm), &pick(rm), &cgt_core::Budget::unlimited())
                                .expect("no budget");
                        next.push(g);
                    }
                }
                next.sort_unstable_by_key(|g| format!("{g:?}"));
                next.dedup();
                day = next;
            }
        },
        "explain" => |l| {
            let t = l.random(3);
            let text = l.shown(&format!("explain({})", t.text));
            let cf = l.shown(&format!("cf({})", t.text));
            let last = text.lines().last().unwrap_or_default();
            assert!(last.contains(&format!("`{cf}`")), "explain({}) ends `{last}`, not at {cf}", t.text);
        },
        "grundy" => grundy,
        "period" => period,
        "nimsum" => |l| {
            let (a, b) = (l.r.below(64), l.r.below(64));
            l.same(&format!("nimsum({a}, {b})"), &nim_plain(a, b, false).to_string());
            let (x, y) = (l.r.next_u64(), l.r.next_u64());
            l.same(&format!("nimsum({x}, {y})"), &(x ^ y).to_string());
        },
        "nimprod" => |l| {
            let (a, b) = (l.r.below(20), l.r.below(20));
            l.same(&format!("nimprod({a}, {b})"), &nim_plain(a, b, true).to_string());
            let (x, y, z) = (l.r.next_u64() >> 2, l.r.next_u64() >> 2, l.r.next_u64() >> 2);
            l.same(
                &format!("nimprod({x}, nimsum({y}, {z}))"),
                &format!("nimsum(nimprod({x}, {y}), nimprod({x}, {z}))"),
            );
            l.same(&format!("nimprod(nimprod({x}, {y}), {z})"), &format!("nimprod({x}, nimprod({y}, {z}))"));
        },
        "diminished" | "selective" | "shortened" | "conjunctive" | "continued" => compound,
        "genus" => genus,
        "mate" => mate,
        "miserenim" => |l| {
            let t = Tree::impartial(&mut l.r, 3);
            let want = misere_nim(&[&t]);
            l.same(&format!("miserenim({})", t.text), &want.to_string());
        },
        "quotient" => quotient,
        "onside" | "offside" => sides,
        "degree" => |l| loopiness(l, "degree"),
        "variety" => |l| loopiness(l, "variety"),
        "table" => super::tables::table,
        "tex" => |l| {
            // The LaTeX, read back into the language's notation, is the same game.
            let t = l.random(3);
            let extra = l.pick(&["^<2>", "v[3]", "^^^^^^*", "-3/8", "0", "Tiny(1)", "{5|-5}", "vv*2"]);
            let text = format!("{} + {extra}", t.text);
            let tex = l.shown(&format!("tex({text})"));
            let back = from_latex(&tex);
            l.same(&back, &text);
        },
        _ => return None,
    };
    Some(f)
}

/// `cf(G)` equals G, is its own canonical form, and has no dominated or reversible option.
fn cf(l: &mut Lab) {
    let t = l.random(3);
    let g = l.game(&format!("cf({})", t.text));
    let c = l.tree_of(g);
    assert!(l.search.equal(&c, &t), "cf({}) = {} is another game", t.text, c.text);
    assert_eq!(l.game(&format!("cf{}", c.text)), g, "cf is not idempotent on {}", c.text);
    for (side, left) in [(&c.left, true), (&c.right, false)] {
        for (i, a) in side.iter().enumerate() {
            for b in &side[i + 1..] {
                assert!(
                    !l.search.leq(a, b) && !l.search.leq(b, a),
                    "{}: {} and {} are comparable",
                    c.text,
                    a.text,
                    b.text
                );
            }
            // A reversible option: G^L with some G^LR <= G (or G^R with some G^RL >= G).
            for back in if left { &a.right } else { &a.left } {
                let reverses = if left { l.search.leq(back, &c) } else { l.search.leq(&c, back) };
                assert!(!reverses, "{}: option {} reverses through {}", c.text, a.text, back.text);
            }
        }
    }
}

/// The stops from their definition on the form as written: a number's stop is itself; else
/// Left's stop is the best of her options' right stops, and the other way round.
fn stops(l: &mut Lab, left: bool) {
    fn stop(l: &mut Lab, t: &Tree, left: bool) -> Dyadic {
        let g = l.game(&t.text);
        if let Some(x) = l.s.games.as_number(g) {
            return x;
        }
        let options = if left { &t.left } else { &t.right };
        let values = options.iter().map(|o| stop(l, o, !left));
        if left { values.max() } else { values.min() }.expect("a game that is not a number has options on both sides")
    }
    let t = l.random(3);
    let want = stop(l, &t, left);
    let name = if left { "leftstop" } else { "rightstop" };
    assert_eq!(l.number(&format!("{name}({})", t.text)), want, "{name}({})", t.text);
}

/// Cooling by more than the temperature gives a number; cooling by less does not; numbers
/// added do not change it.
fn temp(l: &mut Lab) {
    let t = l.random(3);
    let tt = l.number(&format!("temp({})", t.text));
    if l.is_number(&t.text) {
        assert!(tt < Dyadic::from(0), "temp({}) = {tt}: a number's temperature is negative", t.text);
        return;
    }
    let above = tt.clone() + Dyadic::new(1, 3);
    assert!(l.is_number(&format!("cool({}, {above})", t.text)), "{} cooled by {above} is not a number", t.text);
    if tt > Dyadic::from(0) {
        let below = tt.half();
        assert!(!l.is_number(&format!("cool({}, {below})", t.text)), "{} cooled by {below} is a number", t.text);
    }
    l.same(&format!("temp({} + 3/4)", t.text), &format!("temp({})", t.text));
}

/// Atomic weight is additive, odd, and the two-ahead rule holds.
fn atomic(l: &mut Lab) {
    let (a, b) = (Tree::dicotic(&mut l.r, 3), Tree::dicotic(&mut l.r, 2));
    l.same(&format!("atomic({} + {})", a.text, b.text), &format!("atomic({}) + atomic({})", a.text, b.text));
    l.same(&format!("atomic(-{})", a.text), &format!("-atomic({})", a.text));
    let w = l.game(&format!("atomic({})", a.text));
    let (two, minus_two) = (l.game("2"), l.game("-2"));
    let budget = cgt_core::Budget::unlimited();
    let outcome = l.search.outcome(&[&a]);
    if l.s.games.leq(two, w, &budget).expect("no budget") {
        assert_eq!(outcome, "L", "{}: atomic weight >= 2 but not positive", a.text);
    }
    if l.s.games.leq(w, minus_two, &budget).expect("no budget") {
        assert_eq!(outcome, "R", "{}: atomic weight <= -2 but not negative", a.text);
    }
}

/// Heating (`over` false: `∫^t G = G` for a number G) and overheating from s (`∫_s^t n = n.s`
/// for an integer n), written out from the canonical form: `{t + ∫G^L | -t + ∫G^R}`.
fn integral(l: &mut Lab, c: &Tree, s: &str, t: &str, over: bool) -> String {
    let g = l.game(&c.text);
    if let Some(x) = l.s.games.as_number(g) {
        if !over {
            return c.text.clone();
        }
        if x.is_integer() {
            let n: i64 = x.to_string().parse().expect("a small integer");
            let sign = if n < 0 { "-" } else { "" };
            return std::iter::repeat_n(format!("{sign}({s})"), n.unsigned_abs() as usize)
                .fold("0".into(), |a, b| format!("{a} + {b}"));
        }
    }
    let left: Vec<String> = c.left.iter().map(|o| format!("({}) + ({t})", integral(l, o, s, t, over))).collect();
    let right: Vec<String> = c.right.iter().map(|o| format!("({}) - ({t})", integral(l, o, s, t, over))).collect();
    format!("{{{} | {}}}", left.join(", "), right.join(", "))
}

/// `rcf(G)` is infinitesimally close to G, a function of G's class up to infinitesimals, and
/// fixed by rcf.
fn rcf(l: &mut Lab) {
    let t = l.random(3);
    let r = format!("rcf({})", t.text);
    let eps = "1/1024";
    let budget = cgt_core::Budget::unlimited();
    let d = l.game(&format!("{} - {r}", t.text));
    let (lo, hi) = (l.game(&format!("-{eps}")), l.game(eps));
    let close = l.s.games.leq(lo, d, &budget).expect("no budget") && l.s.games.leq(d, hi, &budget).expect("no budget");
    assert!(close, "{} - {r} is not infinitesimal", t.text);
    l.same(&format!("rcf({} + ^)", t.text), &r);
    l.same(&format!("rcf({} + *)", t.text), &r);
    l.same(&format!("rcf({r})"), &r);
}

/// The incentives from the canonical options: `G^L - G` and `G - G^R`.
fn incentives(l: &mut Lab, left: bool) {
    let t = l.random(3);
    let g = l.game(&t.text);
    let c = l.tree_of(g);
    let name = if left { "leftincentives" } else { "rightincentives" };
    let Value::List(got) = eval(&mut l.s, &format!("{name}({})", t.text)) else { panic!("{name}: not a list") };
    let mut got: Vec<String> = got.iter().map(|v| l.s.show(v)).collect();
    let options = if left { &c.left } else { &c.right };
    let mut want: Vec<String> = options
        .iter()
        .map(|o| if left { format!("{} - {}", o.text, c.text) } else { format!("{} - {}", c.text, o.text) })
        .map(|e| l.shown(&e))
        .collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want, "{name}({})", t.text);
}

/// The Norton product by U > 0 is linear in the number, order-preserving, and repeated
/// addition on integers.
fn norton(l: &mut Lab) {
    let u = l.pick(&["^", "1", "{1|0} + 1", "^^*", "{2|*}", "1/2", "{0|v*}"]);
    let (x, y) = (l.pick(&["1/2", "-3/4", "1/4", "3/2", "-1/2"]), l.pick(&["1/2", "5/4", "-1/8", "2"]));
    l.same(&format!("norton({x} + {y}, {u})"), &format!("norton({x}, {u}) + norton({y}, {u})"));
    let n = l.r.below(4);
    let copies = std::iter::repeat_n(format!("({u})"), n as usize).fold("0".to_string(), |a, b| format!("{a} + {b}"));
    l.same(&format!("norton({n}, {u})"), &copies);
    if u == "1" {
        l.same(&format!("norton({x}, 1)"), x);
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let v: Vec<u64> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).expect("a finite set misses a number")
}

/// Nim sum and product from their mex definitions (Conway, ONAG ch. 6).
fn nim_plain(a: u64, b: u64, product: bool) -> u64 {
    fn go(a: u64, b: u64, product: bool, memo: &mut std::collections::HashMap<(u64, u64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let mut seen = Vec::new();
        if product {
            for x in 0..a {
                for y in 0..b {
                    seen.push(go(x, b, true, memo) ^ go(a, y, true, memo) ^ go(x, y, true, memo));
                }
            }
        } else {
            seen.extend((0..a).map(|x| go(x, b, false, memo)).collect::<Vec<_>>());
            seen.extend((0..b).map(|y| go(a, y, false, memo)).collect::<Vec<_>>());
        }
        let v = mex(seen);
        memo.insert((a, b), v);
        v
    }
    go(a, b, product, &mut std::collections::HashMap::new())
}

/// Stoppers are their own sides, and `A & B` (A >= B) has onside A and offside B.
fn sides(l: &mut Lab) {
    // A chain, each at most the next.
    const CHAIN: &[&str] = &["off", "-1", "0", "{0|pass}", "1/2", "1", "{1|pass}", "on"];
    let (i, j) = (l.r.index(CHAIN.len()), l.r.index(CHAIN.len()));
    let (lo, hi) = (CHAIN[i.min(j)], CHAIN[i.max(j)]);
    let (name, want) = if l.row == "onside" { ("onside", hi) } else { ("offside", lo) };
    l.same(&format!("{name}({hi} & {lo})"), want);
    l.same(&format!("{name}({hi})"), hi);
}

/// Stoppers whose degree is idempotent (CGSuite's canonical stopper test cases), and numbers.
const STOPPERS: &[&str] =
    &["over", "{pass|3/2}", "{-1/4+*|pass}", "+-{0|pass}", "Tiny(on)", "Miny(on)", "upon", "on", "off"];
const NUMBERS: &[&str] = &["0", "1", "-2", "1/2", "-3/4", "5/8", "7"];

/// The degree and the variety from their definitions: a short game has both 0; a number
/// plus over or under has degree over and variety over or under (`x + over - (x + over) =
/// over + under`, whose onside is over); adding a number changes neither (it cancels in
/// `G - G`), and the degree of -G is the degree of G.
fn loopiness(l: &mut Lab, name: &str) {
    let t = l.random(3);
    l.same(&format!("{name}({})", t.text), "0");
    let (x, p) = (l.pick(NUMBERS), l.pick(&["over", "under"]));
    let want = if name == "degree" { "over" } else { p };
    l.same(&format!("{name}({x} + {p})"), want);
    let s = l.pick(STOPPERS);
    l.same(&format!("{name}({s} + {x})"), &format!("{name}({s})"));
    if name == "degree" {
        l.same(&format!("degree(-({s}))"), &format!("degree({s})"));
    }
}

/// A random game `{0 | H}` in canonical form, with H (None when the form is not of that shape).
fn zero_switch(l: &mut Lab) -> Option<(String, String)> {
    let h = l.pick(&["*", "*2", "v", "{0|v}", "*3", "-1/2", "{*|-1}", "v*", "{0|-1}"]);
    let g = l.game(&format!("{{0 | {h}}}"));
    let c = l.tree_of(g);
    match (&c.left[..], &c.right[..]) {
        ([zero], [h]) if zero.text == "(0)" => Some((c.text.clone(), h.text.clone())),
        _ => None,
    }
}

/// LaTeX from `tex`, written back in the language's notation (the inverse of its translation,
/// written apart from it).
fn from_latex(tex: &str) -> String {
    // The argument of a command: the text up to the brace that closes the one at `open`.
    fn group(s: &str, open: usize) -> (&str, usize) {
        let mut depth = 0;
        for (k, ch) in s[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return (&s[open + 1..open + k], open + k + 1);
                    }
                }
                _ => {}
            }
        }
        panic!("unbalanced braces in {s}")
    }
    let mut out = String::new();
    let mut i = 0;
    while i < tex.len() {
        let rest = &tex[i..];
        let take = |prefix: &str| rest.starts_with(prefix);
        if take("\\frac") {
            let (a, j) = group(tex, i + 5);
            let (b, k) = group(tex, j);
            out.push_str(&format!("{a}/{b}"));
            i = k;
        } else if take("{+}_") || take("{-}_") {
            let (x, j) = group(tex, i + 4);
            out.push_str(&format!("{}({})", if take("{+}") { "Tiny" } else { "Miny" }, from_latex(x)));
            i = j;
        } else if take("\\uparrow^") || take("\\downarrow^") {
            let arrow = if take("\\uparrow") { "^" } else { "v" };
            let (k, j) = group(tex, i + if arrow == "^" { 9 } else { 11 });
            match k.strip_prefix("\\rightarrow ") {
                Some(n) => out.push_str(&format!("{arrow}[{}]", from_latex(n))),
                None => out.push_str(&format!("{arrow}<{}>", from_latex(k))),
            }
            i = j;
        } else if take("\\mathrm") {
            let (w, j) = group(tex, i + 7);
            out.push_str(w);
            i = j;
        } else if take("{\\cdot}") {
            // `7{\cdot}\uparrow`: the count was written already; the arrow follows.
            let arrow = if tex[i + 7..].starts_with("\\uparrow") { "^" } else { "v" };
            let digits = out.len() - out.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let count = out.split_off(out.len() - digits);
            out.push_str(&format!("{arrow}{count}"));
            i += 7 + if arrow == "^" { 8 } else { 10 };
        } else {
            let words: &[(&str, &str)] = &[
                ("\\Uparrow", "^^"),
                ("\\Downarrow", "vv"),
                ("\\uparrow", "^"),
                ("\\downarrow", "v"),
                ("\\ast ", "*"),
                ("\\ast", "*"),
                ("\\pm ", "+-"),
                ("\\{", "{"),
                ("\\}", "}"),
                ("\\mid", "|"),
                ("\\mathbin{\\&}", "&"),
            ];
            match words.iter().find(|(w, _)| take(w)) {
                Some((w, to)) => {
                    out.push_str(to);
                    i += w.len();
                }
                None => {
                    let ch = rest.chars().next().expect("not at the end");
                    out.push(ch);
                    i += ch.len_utf8();
                }
            }
        }
    }
    out
}
