//! Misère outcomes of sums of heaps decided by misère quotients (Plambeck–Siegel 2008), and the
//! compounds of nimbers, literals and user-rule positions, against exhaustive search written
//! here from the rules: random sums of up to 4 heaps below 20 of Kayles, Dawson's Kayles, 0.137,
//! random octal codes and a user rule; heaps beyond a quotient's computed range read through its
//! proven period; each compound under both conventions over the product game.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use cgt_eval::{Config, StmtReport, evaluate};
use cgt_testkit::Rng;

/// A heap rule by its definition: an octal code's digits (index k: taking k tokens), or the
/// user rule `r` written in `USER_RULE`.
#[derive(Clone)]
struct Rule {
    /// How a position of heaps is written: `{}` stands for the heaps.
    text: String,
    digits: Option<Vec<u8>>,
}

/// The user rule of the tests: take 1 or 3 from a heap, or take 2 from its middle, splitting it.
const USER_RULE: &str = "rule r(n) = [n - k for k in [1, 3] if k <= n] ++ [(a, n - 2 - a) for a in 1..n-3]";

impl Rule {
    fn octal(text: &str, digits: &[u8]) -> Rule {
        Rule { text: text.to_string(), digits: Some(digits.to_vec()) }
    }

    /// The heaps left by each move from a heap of n (empty heaps dropped).
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let Some(digits) = &self.digits else {
            out.extend([1, 3].iter().filter(|&&k| k <= n).map(|&k| vec![n - k]));
            out.extend((1..=n.saturating_sub(3)).map(|a| vec![a, n - 2 - a]));
            return out.into_iter().map(|o| o.into_iter().filter(|&h| h > 0).collect()).collect();
        };
        for (k, &d) in digits.iter().enumerate().skip(1) {
            let k = k as u64;
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && m == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && m > 0 {
                out.push(vec![m]);
            }
            if d & 4 != 0 && m >= 2 {
                out.extend((1..=m / 2).map(|a| vec![a, m - a]));
            }
        }
        out
    }

    fn position(&self, heaps: &[u64]) -> String {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        self.text.replace("{}", &list.join(", "))
    }
}

/// Whether the player to move wins a sum of heaps under misère play (who cannot move wins).
fn misere_wins(rule: &Rule, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| !rule.options(h).is_empty()).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut moved = false;
    let mut win = false;
    for i in 0..key.len() {
        if win {
            break;
        }
        for o in rule.options(key[i]) {
            moved = true;
            let mut next: Vec<u64> = key.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(o);
            if !misere_wins(rule, &next, memo) {
                win = true;
                break;
            }
        }
    }
    let w = win || !moved;
    memo.insert(key, w);
    w
}

fn run(src: &str, seconds: u64) -> Vec<StmtReport> {
    let config = Config { time: Duration::from_secs(seconds), ..Config::default() };
    evaluate(src, &config)
}

fn extra<'a>(r: &'a StmtReport, key: &str) -> &'a str {
    r.extras.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str())
}

/// A random octal code of three digits (the last not 0) and its text.
fn random_code(rng: &mut Rng) -> Rule {
    let digits = [0, rng.below(8) as u8, rng.below(8) as u8, 1 + rng.below(7) as u8];
    let code = format!("0.{}{}{}", digits[1], digits[2], digits[3]);
    Rule::octal(&format!("octal[{{}}] code={code}"), &digits)
}

/// Random sums of one rule, smallest largest heap first (so the session's quotient grows heap
/// by heap), checked against search with `seconds` per statement (half of it for a quotient
/// that gives up); returns how many were decided by the quotient.
fn check_rule(rule: &Rule, rng: &mut Rng, (count, total, seconds): (usize, u64, u64), expect_quotient: bool) -> usize {
    let mut sums: Vec<Vec<u64>> = (0..count)
        .map(|_| {
            loop {
                let heaps: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.below(20)).collect();
                if heaps.iter().sum::<u64>() <= total {
                    break heaps;
                }
            }
        })
        .collect();
    sums.sort_by_key(|s| s.iter().copied().max());
    let mut src = format!("{USER_RULE}\n");
    for s in &sums {
        src.push_str(&format!("misere {}\n", rule.position(s)));
    }
    let got = run(&src, seconds);
    let (mut memo, mut by_quotient) = (HashMap::new(), 0);
    for (s, r) in sums.iter().zip(&got[1..]) {
        let want = if misere_wins(rule, s, &mut memo) { "N" } else { "P" };
        let text = rule.position(s);
        assert_eq!(r.outcome.as_deref(), Some(want), "misere {text}: {:?} {:?}", r.diagnostics.first(), r.extras);
        let decided = extra(r, "rule");
        if decided.starts_with("misère quotient") {
            by_quotient += 1;
            assert!(extra(r, "quotient element").starts_with('e'), "{text}: {:?}", r.extras);
            assert_eq!(extra(r, "quotient element").ends_with("P-portion"), want == "P", "{text}");
        }
        // Wild sums of heaps up to 8 are decided by the quotient (proven in well under a second).
        if expect_quotient && decided.starts_with("search (wild)") && s.iter().all(|&h| h <= 8) {
            panic!("misere {text}: the quotient should have decided, got {decided}");
        }
    }
    by_quotient
}

#[test]
fn quotient_outcomes_of_named_rules_against_search() {
    let mut rng = Rng::new(0x51e9_e1c0_77a5_0001);
    let rules = [
        (Rule::octal("kayles[{}]", &[0, 7, 7]), 22),
        (Rule::octal("dawson[{}]", &[0, 0, 7]), 26),
        (Rule::octal("octal[{}] code=0.137", &[0, 1, 3, 7]), 26),
        (Rule { text: "r[{}]".to_string(), digits: None }, 24),
    ];
    let mut by_quotient = 0;
    for (rule, total) in &rules {
        by_quotient += check_rule(rule, &mut rng, (60, *total, 10), true);
    }
    assert!(by_quotient >= 30, "only {by_quotient} of 240 sums by the quotient");
}

#[test]
fn quotient_outcomes_of_random_codes_against_search() {
    let mut rng = Rng::new(0x51e9_e1c0_77a5_0002);
    for _ in 0..4 {
        let rule = random_code(&mut rng);
        // Codes whose quotient is large give up after half of the 3 s and fall back to search.
        check_rule(&rule, &mut rng, (20, 24, 3), false);
    }
}

/// Heaps beyond the computed range are read through the proven period: 0.75 (period 2 from
/// heap 8) and 0.34 (period 8 from heap 7), against search.
#[test]
fn heaps_beyond_the_range_through_the_period() {
    let mut rng = Rng::new(0x51e9_e1c0_77a5_0003);
    for (rule, pattern) in [
        (Rule::octal("octal[{}] code=0.75", &[0, 7, 5]), "period 2 from heap 8"),
        (Rule::octal("octal[{}] code=0.34", &[0, 3, 4]), "period 8 from heap 7"),
    ] {
        let mut memo = HashMap::new();
        let mut src = format!("misere {}\n", rule.position(&[40]));
        let mut sums = Vec::new();
        for _ in 0..15 {
            let s = vec![22 + rng.below(8), rng.below(6)];
            src.push_str(&format!("misere {}\n", rule.position(&s)));
            sums.push(s);
        }
        let got = run(&src, 30);
        assert!(extra(&got[0], "rule").contains(pattern), "{:?}", got[0].extras);
        for (s, r) in sums.iter().zip(&got[1..]) {
            let want = if misere_wins(&rule, s, &mut memo) { "N" } else { "P" };
            assert_eq!(r.outcome.as_deref(), Some(want), "misere {}: {:?}", rule.position(s), r.extras);
            if !extra(r, "rule").starts_with("tame") {
                assert!(extra(r, "rule").contains(pattern), "{}: {:?}", rule.position(s), r.extras);
            }
        }
    }
}

/// An impartial game as a tree, with a key equal for equal trees.
struct Game {
    options: Vec<Rc<Game>>,
    key: String,
}

fn node(mut options: Vec<Rc<Game>>) -> Rc<Game> {
    options.sort_by(|a, b| a.key.cmp(&b.key));
    options.dedup_by(|a, b| a.key == b.key);
    let key = format!("{{{}}}", options.iter().map(|o| o.key.as_str()).collect::<Vec<_>>().join(","));
    Rc::new(Game { options, key })
}

thread_local! {
    static SUMS: std::cell::RefCell<HashMap<(String, String), Rc<Game>>> = Default::default();
}

/// The disjunctive sum of two trees, memoised.
fn sum(a: &Rc<Game>, b: &Rc<Game>) -> Rc<Game> {
    let key = (a.key.clone(), b.key.clone());
    if let Some(g) = SUMS.with(|m| m.borrow().get(&key).cloned()) {
        return g;
    }
    let mut opts: Vec<Rc<Game>> = a.options.iter().map(|o| sum(o, b)).collect();
    opts.extend(b.options.iter().map(|o| sum(a, o)));
    let g = node(opts);
    SUMS.with(|m| m.borrow_mut().insert(key, g.clone()));
    g
}

/// The tree of a position of heaps of a rule.
fn heap_tree(rule: &Rule, n: u64) -> Rc<Game> {
    node(
        rule.options(n).iter().map(|o| o.iter().fold(node(vec![]), |acc, &h| sum(&acc, &heap_tree(rule, h)))).collect(),
    )
}

/// A random component: a nimber, a position of the user rule, a literal, or a sum of two.
fn component(rng: &mut Rng, depth: u32) -> (String, Rc<Game>) {
    let user = Rule { text: "r[{}]".to_string(), digits: None };
    match rng.below(if depth == 0 { 2 } else { 4 }) {
        0 => {
            let n = rng.below(4);
            (format!("*{n}"), nim(n as usize))
        }
        1 => {
            let n = rng.below(6);
            (user.position(&[n]), heap_tree(&user, n))
        }
        2 => {
            let (texts, trees): (Vec<String>, Vec<Rc<Game>>) =
                (0..1 + rng.below(3)).map(|_| component(rng, depth - 1)).unzip();
            let side = texts.join(", ");
            (format!("{{{side} | {side}}}"), node(trees))
        }
        _ => {
            let (a, ta) = component(rng, 0);
            let (b, tb) = component(rng, 0);
            (format!("{a} + {b}"), sum(&ta, &tb))
        }
    }
}

fn nim(n: usize) -> Rc<Game> {
    node((0..n).map(nim).collect())
}

#[derive(Clone, Copy)]
enum Kind {
    Diminished,
    Selective,
    Shortened,
    Conjunctive,
    Continued,
}

/// Whether the player to move wins the compound, by its definition over the product game.
fn compound_wins(kind: Kind, misere: bool, parts: &[Rc<Game>], memo: &mut HashMap<String, bool>) -> bool {
    let key = parts.iter().map(|p| p.key.as_str()).collect::<Vec<_>>().join("|");
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let any_over = parts.iter().any(|p| p.options.is_empty());
    let movable: Vec<bool> = parts.iter().map(|p| !p.options.is_empty()).collect();
    let nexts: Vec<Vec<Rc<Game>>> = match kind {
        _ if any_over && matches!(kind, Kind::Diminished | Kind::Shortened | Kind::Conjunctive) => Vec::new(),
        Kind::Diminished => {
            (0..parts.len()).flat_map(|i| parts[i].options.iter().map(move |o| replace(parts, i, o))).collect()
        }
        Kind::Conjunctive => moves_in(parts, &vec![true; parts.len()]),
        Kind::Continued if movable.contains(&true) => moves_in(parts, &movable),
        Kind::Continued => Vec::new(),
        Kind::Selective | Kind::Shortened => (1..1u32 << parts.len())
            .flat_map(|mask| moves_in(parts, &(0..parts.len()).map(|i| mask >> i & 1 == 1).collect::<Vec<_>>()))
            .collect(),
    };
    let w = if nexts.is_empty() { misere } else { nexts.iter().any(|n| !compound_wins(kind, misere, n, memo)) };
    memo.insert(key, w);
    w
}

fn replace(parts: &[Rc<Game>], i: usize, o: &Rc<Game>) -> Vec<Rc<Game>> {
    let mut n = parts.to_vec();
    n[i] = o.clone();
    n
}

/// Every way to move in each chosen component at once (none if a chosen one cannot move).
fn moves_in(parts: &[Rc<Game>], chosen: &[bool]) -> Vec<Vec<Rc<Game>>> {
    let mut out = vec![parts.to_vec()];
    for i in (0..parts.len()).filter(|&i| chosen[i]) {
        out = out.iter().flat_map(|n| parts[i].options.iter().map(move |o| replace(n, i, o))).collect();
    }
    out
}

#[test]
fn compounds_of_nimbers_literals_and_user_rules_against_search() {
    let mut rng = Rng::new(0x51e9_e1c0_77a5_0004);
    let kinds = [
        (Kind::Diminished, "diminished"),
        (Kind::Selective, "selective"),
        (Kind::Shortened, "shortened"),
        (Kind::Conjunctive, "conjunctive"),
        (Kind::Continued, "continued"),
    ];
    let mut src = format!("{USER_RULE}\n");
    let mut want = Vec::new();
    for (kind, name) in kinds {
        for case in 0..100 {
            let misere = case % 2 == 1;
            let mut k = 1 + rng.below(3);
            // Two components of `selective` or `conjunctive` under normal play give the compound
            // of their canonical forms (a game), which is not the compound of the trees written.
            if !misere && k == 2 && matches!(kind, Kind::Selective | Kind::Conjunctive) {
                k = 3;
            }
            let (texts, trees): (Vec<String>, Vec<Rc<Game>>) = (0..k).map(|_| component(&mut rng, 2)).unzip();
            let call = format!("{}{name}({})", if misere { "misere " } else { "" }, texts.join(", "));
            let wins = compound_wins(kind, misere, &trees, &mut HashMap::new());
            src.push_str(&call);
            src.push('\n');
            want.push((call, if wins { "N" } else { "P" }));
        }
    }
    let got = run(&src, 10);
    for ((call, outcome), r) in want.iter().zip(&got[1..]) {
        assert_eq!(r.outcome.as_deref(), Some(*outcome), "{call}: {:?} {:?}", r.value, r.diagnostics.first());
    }
}
