//! Definitions whose positions repeat are loopy games (docs/src/howto/define.md): random graphs written
//! as definitions against the same graphs written as labelled literals and against retrograde
//! analysis from the definitions (`cgt_core::loopy::graph::results`); CGSuite's results
//! (Siegel, *CGT* ch. VI) through definitions; the uses that cannot be loopy; budgets.

use cgt_core::Budget;
use cgt_core::loopy::graph::{LoopyGraph, LoopyOutcome, PlayResult, results};
use cgt_eval::{CheckStatus, Config, StmtReport, evaluate};
use cgt_testkit::Rng;

/// The short games an option may be, with their positions (Left options, Right options) as
/// indices into this table.
const SHORTS: [(&str, &[usize], &[usize]); 4] =
    [("0", &[], &[]), ("1", &[0], &[]), ("-1", &[], &[0]), ("*", &[0], &[0])];

/// An option: a position of the graph, or a short game of [`SHORTS`].
#[derive(Clone, Copy, Debug)]
enum Opt {
    Pos(usize),
    Short(usize),
}

/// A random graph of `n` positions; position 0 is the game.
struct Graph {
    left: Vec<Vec<Opt>>,
    right: Vec<Vec<Opt>>,
}

fn random_graph(rng: &mut Rng) -> Graph {
    let n = 1 + rng.index(4);
    let side = |rng: &mut Rng| -> Vec<Vec<Opt>> {
        (0..n)
            .map(|_| {
                let k = rng.index(3);
                (0..k)
                    .map(
                        |_| if rng.chance(3, 4) { Opt::Pos(rng.index(n)) } else { Opt::Short(rng.index(SHORTS.len())) },
                    )
                    .collect()
            })
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Graph { left, right }
}

/// The graph as a definition `def NAME(i) = if i == 0 then {..} else if ...`.
fn as_definition(g: &Graph, name: &str) -> String {
    let opts = |os: &[Opt]| -> String {
        let shown: Vec<String> = os
            .iter()
            .map(|o| match o {
                Opt::Pos(w) => format!("{name}({w})"),
                Opt::Short(s) => SHORTS[*s].0.to_string(),
            })
            .collect();
        shown.join(", ")
    };
    let n = g.left.len();
    let mut body = String::new();
    for v in 0..n {
        let literal = format!("{{ {} | {} }}", opts(&g.left[v]), opts(&g.right[v]));
        if v + 1 < n {
            body.push_str(&format!("if i == {v} then {literal} else "));
        } else {
            body.push_str(&literal);
        }
    }
    format!("def {name}(i) = {body}")
}

/// The graph as a labelled literal: each position labelled, a move back to a position on the
/// way written as its label, any other position written out again.
fn as_literal(g: &Graph, v: usize, path: &mut Vec<usize>) -> String {
    path.push(v);
    let mut sides = Vec::new();
    for os in [&g.left[v], &g.right[v]] {
        let shown: Vec<String> = os
            .iter()
            .map(|o| match *o {
                Opt::Pos(w) if path.contains(&w) => format!("p{w}"),
                Opt::Pos(w) => as_literal(g, w, path),
                Opt::Short(s) => SHORTS[s].0.to_string(),
            })
            .collect();
        sides.push(shown.join(", "));
    }
    path.pop();
    format!("p{v}{{ {} | {} }}", sides[0], sides[1])
}

/// The graph with the short games' positions after its own, for retrograde analysis.
fn loopy_graph(g: &Graph) -> LoopyGraph {
    let n = g.left.len();
    let at = |o: &Opt| match *o {
        Opt::Pos(w) => w,
        Opt::Short(s) => n + s,
    };
    let mut left: Vec<Vec<usize>> = g.left.iter().map(|os| os.iter().map(at).collect()).collect();
    let mut right: Vec<Vec<usize>> = g.right.iter().map(|os| os.iter().map(at).collect()).collect();
    for (_, l, r) in SHORTS {
        left.push(l.iter().map(|s| n + s).collect());
        right.push(r.iter().map(|s| n + s).collect());
    }
    LoopyGraph::new(left, right).expect("every option is a position")
}

fn shown(r: &StmtReport) -> String {
    if r.check == Some(CheckStatus::Passed) {
        return "✓".to_string();
    }
    match r.diagnostics.first() {
        Some(d) => format!("error {} · {}", d.message, r.outcome.as_deref().unwrap_or("?")),
        None => format!("{} · {}", r.value.as_deref().unwrap_or("?"), r.outcome.as_deref().unwrap_or("?")),
    }
}

#[test]
fn random_graphs_as_definitions_equal_the_same_graphs_as_literals() {
    let mut rng = Rng::new(16);
    let mut src = String::new();
    let mut graphs = Vec::new();
    for k in 0..150 {
        let g = random_graph(&mut rng);
        src.push_str(&as_definition(&g, &format!("g{k}")));
        src.push('\n');
        src.push_str(&format!(
            "g{k}(0)\n{}\ng{k}(0) == {}\n",
            as_literal(&g, 0, &mut Vec::new()),
            as_literal(&g, 0, &mut Vec::new())
        ));
        graphs.push(g);
    }
    let reports = evaluate(&src, &Config::default());
    assert_eq!(reports.len(), 4 * graphs.len());
    let (mut loopy, mut drawn) = (0, 0);
    for (k, (g, rs)) in graphs.iter().zip(reports.chunks(4)).enumerate() {
        let (def, lit, eq) = (&rs[1], &rs[2], &rs[3]);
        assert_eq!(shown(def), shown(lit), "g{k}: {}\n{}", rs[0].source, lit.source);
        if def.diagnostics.is_empty() {
            assert_eq!(eq.check, Some(CheckStatus::Passed), "g{k}: {}", eq.source);
        }
        let r = results(&loopy_graph(g), &Budget::unlimited()).expect("no budget");
        let want = LoopyOutcome::from_results(r[0].0, r[0].1).to_string();
        assert_eq!(def.outcome.as_deref(), Some(want.as_str()), "g{k}: {}", rs[0].source);
        loopy += usize::from(def.value.as_deref().is_some_and(|v| v.contains("on") || v.contains("&")));
        drawn += usize::from(matches!(want.as_str(), "D" | "PHat" | "PCheck" | "NHat" | "NCheck"));
    }
    // The instances are not all short games, and draws occur.
    assert!(loopy > 10 && drawn > 10, "{loopy} loopy values, {drawn} with draws");
}

/// The graph (positions only) as a partizan rule, its option lists picked by list indexing:
/// `rule NAME(i) = [[1, 2], [0]][i] | [[0], []][i]`.
fn as_rule(g: &Graph, name: &str) -> String {
    let lists = |side: &[Vec<Opt>]| {
        let shown: Vec<String> = side
            .iter()
            .map(|os| {
                let ps: Vec<String> =
                    os.iter().filter_map(|o| if let Opt::Pos(w) = o { Some(w.to_string()) } else { None }).collect();
                format!("[{}]", ps.join(", "))
            })
            .collect();
        format!("[{}][i]", shown.join(", "))
    };
    format!("rule {name}(i) = {} | {}", lists(&g.left), lists(&g.right))
}

#[test]
fn random_graphs_as_partizan_rules_equal_the_same_graphs_as_literals() {
    let mut rng = Rng::new(23);
    let mut src = String::new();
    let mut graphs = Vec::new();
    for k in 0..100 {
        let mut g = random_graph(&mut rng);
        for side in [&mut g.left, &mut g.right] {
            side.iter_mut().for_each(|os| os.retain(|o| matches!(o, Opt::Pos(_))));
        }
        let lit = as_literal(&g, 0, &mut Vec::new());
        src.push_str(&format!("{}\nq{k}[0]\n{lit}\n", as_rule(&g, &format!("q{k}"))));
        graphs.push(g);
    }
    let reports = evaluate(&src, &Config::default());
    assert_eq!(reports.len(), 3 * graphs.len());
    for (g, rs) in graphs.iter().zip(reports.chunks(3)) {
        assert_eq!(shown(&rs[1]), shown(&rs[2]), "{}\n{}", rs[0].source, rs[2].source);
        let r = results(&loopy_graph(g), &Budget::unlimited()).expect("no budget");
        let want = LoopyOutcome::from_results(r[0].0, r[0].1).to_string();
        assert_eq!(rs[1].outcome.as_deref(), Some(want.as_str()), "{}", rs[0].source);
    }
}

fn lines(src: &str) -> Vec<String> {
    evaluate(src, &Config::default()).iter().map(shown).collect()
}

#[test]
fn cgsuite_results_through_definitions() {
    // Siegel, CGT ch. VI; CGSuite: over = {0 | over}, under = {under | 0}, on = {on |},
    // off = {| off}, dud = {dud | dud}, a{1 || a | 0} = 2 & +-1, {pass | *} = ^[on].
    let got = lines(
        "def over1(n) = { 0 | over1(n) }\nover1(0) == over\ndef under1(n) = { under1(n) | 0 }\nunder1(0) == under\n\
         def on1(n) = { on1(n) | }\non1(0) == on\ndef off1(n) = { | off1(n) }\noff1(0) == off\n\
         def dud1(n) = { dud1(n) | dud1(n) }\ndud1(0)\ndef a(n) = { 1 | { a(n) | 0 } }\na(0)\n\
         def upon1(n) = { upon1(n) | * }\nupon1(0)\ndef up1(n) = { 0 | { 0 | up1(n) } }\nup1(0)\nover1(7) + 1\n",
    );
    let want = [
        "def over1(n) · ?",
        "✓",
        "def under1(n) · ?",
        "✓",
        "def on1(n) · ?",
        "✓",
        "def off1(n) · ?",
        "✓",
        "def dud1(n) · ?",
        "dud · D",
        "def a(n) · ?",
        "2 & +-1 · NHat",
        "def upon1(n) · ?",
        "^[on] · L",
        "def up1(n) · ?",
        "over · L",
        "1over · L",
    ];
    assert_eq!(got, want.map(String::from));
}

#[test]
fn cycles_of_several_calls_and_literals_nested_in_options() {
    let got = lines(
        "def c(n) = if n < 0 or n > 3 then 0 else { c(n + 1) | c(n - 1) }\nc(0) == p0{ p1{ p2{ p3{ 0 | p2 } | p1 } | p0 } | 0 }\n\
         def t(n) = if n == 0 then { t(1) | 0 } else { 0 | t(0) }\nt(0) == a{ { 0 | a } | 0 }\nt(1) == b{ 0 | { b | 0 } }\n\
         def s(n) = { { s(n) | 0 } | }\ns(0) == x{ { x | 0 } | }\n\
         def w(n) = { over, w(n) | 1 }\nw(0) == y{ over, y | 1 }\n",
    );
    let checks: Vec<&String> = got.iter().filter(|s| !s.starts_with("def ")).collect();
    assert!(checks.iter().all(|s| *s == "✓"), "{got:?}");
    assert_eq!(checks.len(), 5);
}

#[test]
fn a_repeat_through_a_use_that_needs_a_value_is_an_error_saying_why() {
    let got = lines(
        "def f(n) = { f(n) | } + 1\nf(0)\ndef g(n) = if g(n) == 0 then 0 else 1\ng(0)\n\
         def m(n) = { mean(m(n)) | }\nm(0)\ndef l(n) = { [l(n)][0] | }\nl(0)\n\
         def k(n) = if n == 0 then { k(1) | } else { k(0) | } + 0\nk(0)\n",
    );
    for (i, want) in [(1, "f(0)"), (3, "g(0)"), (5, "m(0)"), (7, "l(0)"), (9, "k(0)")] {
        assert!(got[i].contains(&format!("{want} needs its own value")), "{}", got[i]);
        assert!(got[i].contains("not only as an option of a game literal"), "{}", got[i]);
    }
}

#[test]
fn loopy_values_inside_bodies() {
    // A loopy call is an option like any game, and a loopy value adds as in a statement.
    let got = lines(
        "def o(n) = { 0 | o(n) }\ndef opt(n) = { o(n) | 0 }\nopt(1) == { over | 0 }\n\
         def bad(n) = o(n) + 1\nbad(0)\no(0) + 1\nlet u = under\ndef uv(n) = { u | n }\nuv(2) == { under | 2 }\n",
    );
    assert_eq!(got[2], "✓");
    assert_eq!(got[4], "1over · L");
    assert_eq!(got[5], "1over · L");
    assert_eq!(got[8], "✓");
}

#[test]
fn an_unbounded_chain_gives_up_under_the_budget() {
    let config = Config { time: std::time::Duration::from_secs(1), ..Config::default() };
    let started = std::time::Instant::now();
    let reports = evaluate("def f(n) = { f(n + 1) | }\nf(0)\nf(0)\ndef g(n) = { 0 | g(n) }\ng(0)\n", &config);
    assert!(started.elapsed().as_secs() < 20);
    for r in &reports[1..3] {
        assert!(r.diagnostics.first().is_some_and(|d| d.message.contains("gave up")), "{}", shown(r));
    }
    // Nothing of the abandoned chain is left behind.
    assert_eq!(shown(&reports[4]), "over · L");
}

#[test]
fn partizan_rules_whose_positions_repeat() {
    // A token on 0..3: Left moves it up, Right down, each within the strip; Left may also pass
    // at 3 (a move to the same position), Right at 0.
    let got = lines(
        "rule strip(n) = [n + 1 for k in [1] if n < 3] ++ [n for k in [1] if n == 3] | [n - 1 for k in [1] if n > 0] ++ [n for k in [1] if n == 0]\n\
         strip[0] == p0{ p1{ p2{ p3{ p3 | p2 } | p1 } | p0 } | p0 }\nstrip[2]\nstrip(2)\nstrip[1, 2] == strip(1) + strip(2)\n\
         rule loop(n) = [n] | []\nloop[3]\nrule pair(n) = [[n, n]] | []\npair[1]\n",
    );
    assert_eq!(got[1], "✓");
    assert_eq!(got[2], got[3]);
    assert_eq!(got[4], "✓");
    assert_eq!(got[6], "on · L");
    assert!(got[8].contains("sum of positions [1, 1] reaches pair(1) again"), "{}", got[8]);
}

/// A random impartial rule on heaps `0..k`: each heap's options, heaps (`None` for `()`).
fn random_rule(rng: &mut Rng) -> Vec<Vec<Option<usize>>> {
    let k = 2 + rng.index(4);
    (0..k)
        .map(|_| (0..rng.index(4)).map(|_| if rng.chance(1, 6) { None } else { Some(rng.index(k)) }).collect())
        .collect()
}

fn rule_text(rule: &[Vec<Option<usize>>], name: &str) -> String {
    let list = |os: &[Option<usize>]| {
        let shown: Vec<String> = os.iter().map(|o| o.map_or("()".to_string(), |h| h.to_string())).collect();
        format!("[{}]", shown.join(", "))
    };
    let mut body = String::new();
    for (h, os) in rule.iter().enumerate() {
        match h + 1 < rule.len() {
            true => body.push_str(&format!("if n == {h} then {} else ", list(os))),
            false => body.push_str(&list(os)),
        }
    }
    format!("rule {name}(n) = {body}")
}

/// Win, loss or draw for the mover in the sum of heap `a` of `rule` and a second component
/// (`second[x]`: the options of its position x, from position `b`), by retrograde analysis of
/// the product graph. A heap that moves to `()` is position `k` (nothing left).
fn product_result(rule: &[Vec<Option<usize>>], a: usize, second: &[Vec<usize>], b: usize) -> &'static str {
    let k = rule.len();
    let first: Vec<Vec<usize>> =
        rule.iter().map(|os| os.iter().map(|o| o.unwrap_or(k)).collect()).chain([vec![]]).collect();
    let m = second.len();
    let code = |x: usize, y: usize| x * m + y;
    let mut opts = vec![Vec::new(); first.len() * m];
    for x in 0..first.len() {
        for y in 0..m {
            opts[code(x, y)].extend(first[x].iter().map(|&x2| code(x2, y)));
            opts[code(x, y)].extend(second[y].iter().map(|&y2| code(x, y2)));
        }
    }
    let graph = LoopyGraph::new(opts.clone(), opts).expect("every option is a position");
    match results(&graph, &Budget::unlimited()).expect("no budget")[code(a, b)].0 {
        PlayResult::LeftWins => "win",
        PlayResult::RightWins => "loss",
        PlayResult::Draw => "draw",
    }
}

#[test]
fn impartial_rules_with_cycles_agree_with_retrograde_analysis_of_sums() {
    let mut rng = Rng::new(61);
    let (mut src, mut want) = (String::new(), Vec::new());
    for i in 0..60 {
        let rule = random_rule(&mut rng);
        let k = rule.len();
        src.push_str(&rule_text(&rule, &format!("r{i}")));
        src.push('\n');
        // The rule's own heaps as the second component (position k: nothing left).
        let heaps: Vec<Vec<usize>> =
            rule.iter().map(|os| os.iter().map(|o| o.unwrap_or(k)).collect()).chain([vec![]]).collect();
        let (a, b, n) = (rng.index(k), rng.index(k), rng.index(4));
        src.push_str(&format!("r{i}[{a}, {b}]\nr{i}[{a}] + *{n}\n"));
        want.push(product_result(&rule, a, &heaps, b));
        let nim: Vec<Vec<usize>> = (0..=n).map(|j| (0..j).collect()).collect();
        want.push(product_result(&rule, a, &nim, n));
    }
    let reports = evaluate(&src, &Config::default());
    let got: Vec<&StmtReport> = reports.iter().filter(|r| !r.source.starts_with("rule")).collect();
    assert_eq!(got.len(), want.len());
    for (r, w) in got.iter().zip(&want) {
        // A heap that reaches no cycle is a short game: a nimber, P or N.
        let outcome = match r.outcome.as_deref() {
            Some("P") => "loss",
            Some("N") => "win",
            other => other.unwrap_or("?"),
        };
        assert_eq!(outcome, *w, "{}: {}", r.source, shown(r));
    }
    let draws = want.iter().filter(|w| **w == "draw").count();
    assert!(draws > 10, "{draws} draws");
}

#[test]
fn loopy_impartial_rules_in_statements() {
    let reports = evaluate(
        "rule r(n) = if n == 0 then [1] else if n < 3 then [n - 1, n + 1] else [n - 1]\nr[1]\nr[3] + *2\nr[1, 3]\n\
         grundy(r, 0..4)\nrule s(n) = [n - k for k in [1, 2] if k <= n]\ngrundy(s, 0..5)\n\
         rule t(n) = if n == 4 then [(1, 2)] else if n == 2 then [1, ()] else if n == 1 then [2] else []\nt[4]\nt[4, 2]\n",
        &Config::default(),
    );
    let got: Vec<String> = reports
        .iter()
        .map(|r| format!("{} {:?}", shown(r), r.extras.iter().find(|(k, _)| k == "gsg").map(|(_, v)| v)))
        .collect();
    // r: no heap is ever terminal, so every position is drawn: value inf (no finite option),
    // and a sum with an infinite part is inf too (Smith). t: [4] -> [1, 2] -> [1] -> [2] -> []:
    // [2] has the value * (options [1] of value 0 and nothing left), [1] the value 0 (its one
    // option [2] moves to 0), [1, 2] is * + 0 = *, so [4] is 0 (a loss) and [4, 2] is *.
    let want = [
        "rule r(n) · ? None",
        "draw · draw Some(\"inf\")",
        "draw · draw Some(\"inf\")",
        "draw · draw Some(\"inf\")",
        "error `r`: heap 0 moves to a heap of 1, not smaller, so play can return to a heap: the game is loopy; its \
         positions `r[...]` have generalised Sprague–Grundy values, but Grundy tables, periods, misère play and \
         compounds need a rule whose options are smaller heaps · ? None",
        "rule s(n) · ? None",
        "[0, 1, 2, 0, 1, 2] · ? None",
        "rule t(n) · ? None",
        "loss · loss Some(\"0\")",
        "win · win Some(\"*\")",
    ];
    assert_eq!(got, want.map(String::from));
    // A rule whose heaps grow without end gives up under the budget.
    let config = Config { time: std::time::Duration::from_secs(1), ..Config::default() };
    let r = evaluate("rule u(n) = [n + 1]\nu[0]\n", &config);
    assert!(r[1].diagnostics.first().is_some_and(|d| d.message.contains("gave up")), "{}", shown(&r[1]));
}

#[test]
fn a_loopy_definition_out_of_time_says_time() {
    // Backsliding Toads and Frogs (toads may also step back left, frogs right): TTT.T..F.FFF,
    // 34,650 boards, is far more than a second's work (about two minutes in a release build;
    // TTTT..FFFF's 3150 boards now take about a second there). The warning names the budget
    // that ran out.
    let src = r#"def sub(s, i, j, t) = (if i > 0 then s[0..i - 1] else "") ++ t ++ (if j < len(s) - 1 then s[j + 1..len(s) - 1] else "")
def lefts(s) = [sub(s, i, i + 1, ".T") for i in 0..len(s) - 2 if s[i..i + 1] == "T."] ++ [sub(s, i, i + 2, ".FT") for i in 0..len(s) - 3 if s[i..i + 2] == "TF."] ++ [sub(s, i, i + 1, "T.") for i in 0..len(s) - 2 if s[i..i + 1] == ".T"]
def rights(s) = [sub(s, i, i + 1, "F.") for i in 0..len(s) - 2 if s[i..i + 1] == ".F"] ++ [sub(s, i, i + 2, "FT.") for i in 0..len(s) - 3 if s[i..i + 2] == ".TF"] ++ [sub(s, i, i + 1, ".F") for i in 0..len(s) - 2 if s[i..i + 1] == "F."]
def bt(s) = { bt(x) for x in lefts(s) | bt(y) for y in rights(s) }
bt("TT..F")
bt("TTT.T..F.FFF")
"#;
    let config = Config { time: std::time::Duration::from_secs(1), ..Config::default() };
    let reports = evaluate(src, &config);
    assert_eq!(reports[4].value.as_deref(), Some("on"), "{:?}", reports[4].diagnostics);
    let d = reports[5].diagnostics.first().expect("it gives up");
    assert!(d.message.contains("time budget"), "{}", d.message);
}
