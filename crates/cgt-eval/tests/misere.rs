//! Misère play and the compounds of every impartial game the language writes, against
//! exhaustive search written here from the definitions: random sums of nimbers, impartial
//! literals and heaps (`misere G`, `miserenim`), random compounds of such components in both
//! conventions (search over the product game), and partizan misère outcomes of Toppling
//! Dominoes positions (search over the rows).

use std::collections::HashMap;
use std::rc::Rc;

use cgt_eval::{Config, evaluate};

/// An impartial game as a tree, with a key that is equal for equal trees.
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

fn nimber(n: usize) -> Rc<Game> {
    node((0..n).map(nimber).collect())
}

fn sum(a: &Rc<Game>, b: &Rc<Game>) -> Rc<Game> {
    if a.options.is_empty() {
        return b.clone();
    }
    if b.options.is_empty() {
        return a.clone();
    }
    let mut opts: Vec<Rc<Game>> = a.options.iter().map(|o| sum(o, b)).collect();
    opts.extend(b.options.iter().map(|o| sum(a, o)));
    node(opts)
}

/// Kayles by its rules: take one or two adjacent pins, perhaps splitting the row.
fn kayles(n: usize) -> Rc<Game> {
    let mut opts = Vec::new();
    for take in 1..=2usize.min(n) {
        for a in 0..=(n - take) {
            opts.push(sum(&kayles(a), &kayles(n - take - a)));
        }
    }
    node(opts)
}

/// The subtraction game with take set {1, 2}.
fn stones12(n: usize) -> Rc<Game> {
    node((1..=2).filter(|&t| t <= n).map(|t| stones12(n - t)).collect())
}

/// The workspace's seeded generator, so that failures repeat.
use cgt_testkit::Rng;

/// A random impartial game: its text in the language and its tree.
fn random_game(rng: &mut Rng, depth: u32) -> (String, Rc<Game>) {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => {
            let n = rng.below(4) as usize;
            (format!("*{n}"), nimber(n))
        }
        1 => {
            let n = rng.below(5) as usize;
            (format!("kayles[{n}]"), kayles(n))
        }
        2 => {
            let n = rng.below(6) as usize;
            (format!("stones[{n}] take=[1, 2]"), stones12(n))
        }
        3 => {
            let n = rng.below(4) as usize;
            (format!("nim[{n}]"), nimber(n))
        }
        _ => {
            let k = rng.below(4);
            let (texts, trees): (Vec<String>, Vec<Rc<Game>>) = (0..k).map(|_| random_game(rng, depth - 1)).unzip();
            let side = texts.join(", ");
            (format!("{{{side} | {side}}}"), node(trees))
        }
    }
}

/// Whether the player to move wins the sum under misère play (who cannot move wins).
fn misere_wins(parts: &[Rc<Game>], memo: &mut HashMap<String, bool>) -> bool {
    let mut keys: Vec<&str> = parts.iter().map(|p| p.key.as_str()).collect();
    keys.sort_unstable();
    let key = keys.join("+");
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut moved = false;
    let mut win = false;
    for i in 0..parts.len() {
        for o in &parts[i].options {
            moved = true;
            let mut next = parts.to_vec();
            next[i] = o.clone();
            win |= !misere_wins(&next, memo);
        }
    }
    let w = win || !moved;
    memo.insert(key, w);
    w
}

/// The misère nim value of a tree: 1 without a move, else the mex of the options'.
fn misere_nim(g: &Rc<Game>) -> u64 {
    if g.options.is_empty() {
        return 1;
    }
    let vals: Vec<u64> = g.options.iter().map(misere_nim).collect();
    (0..).find(|v| !vals.contains(v)).unwrap()
}

/// Results of the statements of `src`: value and outcome, or the first diagnostic.
fn results(src: &str) -> Vec<(String, String)> {
    evaluate(src, &Config::default())
        .into_iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => (format!("{}: {}", d.code, d.message), String::new()),
            None => (r.value.unwrap_or_default(), r.outcome.unwrap_or_default()),
        })
        .collect()
}

#[test]
fn misere_sums_against_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut src = String::new();
    let mut want = Vec::new();
    for _ in 0..150 {
        let k = 1 + rng.below(3);
        let (texts, trees): (Vec<String>, Vec<Rc<Game>>) = (0..k).map(|_| random_game(&mut rng, 2)).unzip();
        let text = texts.join(" + ");
        let p = !misere_wins(&trees, &mut HashMap::new());
        let total = trees.iter().skip(1).fold(trees[0].clone(), |acc, t| sum(&acc, t));
        src.push_str(&format!("misere {text}\nmiserenim({text})\n"));
        want.push((text, if p { "P" } else { "N" }, misere_nim(&total)));
    }
    let got = results(&src);
    for (i, (text, outcome, nim)) in want.iter().enumerate() {
        assert_eq!(got[2 * i].1, *outcome, "misere {text}: {:?}", got[2 * i]);
        assert_eq!(got[2 * i + 1].0, nim.to_string(), "miserenim({text})");
        assert_eq!((*outcome == "P"), *nim == 0, "{text}");
    }
}

/// The compounds by their definitions, over the product game.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Diminished,
    Selective,
    Shortened,
    Conjunctive,
    Continued,
}

/// Whether the player to move wins the compound (`misere`: whoever cannot move wins).
fn compound_wins(kind: Kind, misere: bool, parts: &[Rc<Game>], memo: &mut HashMap<String, bool>) -> bool {
    let key: Vec<&str> = parts.iter().map(|p| p.key.as_str()).collect();
    let key = key.join("|");
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let over = parts.iter().any(|p| p.options.is_empty());
    let ends_early = matches!(kind, Kind::Diminished | Kind::Shortened | Kind::Conjunctive);
    let nexts: Vec<Vec<Rc<Game>>> = if over && ends_early {
        Vec::new()
    } else {
        match kind {
            Kind::Diminished => (0..parts.len())
                .flat_map(|i| {
                    parts[i].options.iter().map(move |o| {
                        let mut n = parts.to_vec();
                        n[i] = o.clone();
                        n
                    })
                })
                .collect(),
            Kind::Conjunctive => product(parts, &vec![true; parts.len()]),
            Kind::Continued => {
                let movable: Vec<bool> = parts.iter().map(|p| !p.options.is_empty()).collect();
                if movable.iter().any(|&m| m) { product(parts, &movable) } else { Vec::new() }
            }
            Kind::Selective | Kind::Shortened => {
                let mut all = Vec::new();
                for mask in 1..(1u32 << parts.len()) {
                    let chosen: Vec<bool> = (0..parts.len()).map(|i| mask >> i & 1 == 1).collect();
                    all.extend(product(parts, &chosen));
                }
                all
            }
        }
    };
    let w = if nexts.is_empty() { misere } else { nexts.iter().any(|n| !compound_wins(kind, misere, n, memo)) };
    memo.insert(key, w);
    w
}

/// Every way to move in each chosen component at once (none if a chosen one cannot move).
fn product(parts: &[Rc<Game>], chosen: &[bool]) -> Vec<Vec<Rc<Game>>> {
    let mut out = vec![parts.to_vec()];
    for i in 0..parts.len() {
        if !chosen[i] {
            continue;
        }
        out = out
            .into_iter()
            .flat_map(|n| {
                parts[i].options.iter().map(move |o| {
                    let mut m = n.clone();
                    m[i] = o.clone();
                    m
                })
            })
            .collect();
    }
    out
}

#[test]
fn compounds_of_impartial_games_against_search() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let kinds = [
        (Kind::Diminished, "diminished"),
        (Kind::Selective, "selective"),
        (Kind::Shortened, "shortened"),
        (Kind::Conjunctive, "conjunctive"),
        (Kind::Continued, "continued"),
    ];
    let mut src = String::new();
    let mut want = Vec::new();
    for round in 0..60 {
        let k = 1 + rng.below(3);
        let (texts, trees): (Vec<String>, Vec<Rc<Game>>) = (0..k).map(|_| random_game(&mut rng, 2)).unzip();
        let (kind, name) = kinds[round % kinds.len()];
        for misere in [false, true] {
            let call = format!("{}{name}({})", if misere { "misere " } else { "" }, texts.join(", "));
            let wins = compound_wins(kind, misere, &trees, &mut HashMap::new());
            src.push_str(&call);
            src.push('\n');
            want.push((call, if wins { "N" } else { "P" }));
        }
    }
    let got = results(&src);
    for ((call, outcome), (value, o)) in want.iter().zip(&got) {
        assert_eq!(o, outcome, "{call}: {value}");
    }
}

/// Toppling Dominoes by its rules: a player topples one of their dominoes (or a green one) to
/// the left or right, removing it and everything on that side.
fn toppling_moves(row: &str, left: bool) -> Vec<String> {
    let mine = if left { 'B' } else { 'W' };
    let mut out = Vec::new();
    for (i, c) in row.char_indices() {
        if c == mine || c == 'G' {
            out.push(row[i + 1..].to_string());
            out.push(row[..i].to_string());
        }
    }
    out
}

fn toppling_wins(rows: &[String], left: bool, memo: &mut HashMap<(Vec<String>, bool), bool>) -> bool {
    let mut key = rows.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&(key.clone(), left)) {
        return w;
    }
    let mut moved = false;
    let mut win = false;
    for i in 0..rows.len() {
        for m in toppling_moves(&rows[i], left) {
            moved = true;
            let mut next = rows.to_vec();
            next[i] = m;
            win |= !toppling_wins(&next, !left, memo);
        }
    }
    let w = win || !moved;
    memo.insert((key, left), w);
    w
}

#[test]
fn partizan_misere_outcomes_against_search() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut src = String::new();
    let mut want = Vec::new();
    for _ in 0..80 {
        let k = 1 + rng.below(2);
        let rows: Vec<String> =
            (0..k).map(|_| (0..1 + rng.below(6)).map(|_| ['B', 'W', 'G'][rng.below(3) as usize]).collect()).collect();
        let text = rows.iter().map(|r| format!("toppling[{r}]")).collect::<Vec<_>>().join(" + ");
        let memo = &mut HashMap::new();
        let outcome = match (toppling_wins(&rows, true, memo), toppling_wins(&rows, false, memo)) {
            (true, true) => "N",
            (false, false) => "P",
            (true, false) => "L",
            (false, true) => "R",
        };
        src.push_str(&format!("misere {text}\n"));
        want.push((text, outcome));
    }
    let got = results(&src);
    for ((text, outcome), (value, o)) in want.iter().zip(&got) {
        assert_eq!(o, outcome, "misere {text}: {value}");
    }
}

#[test]
fn misere_of_literals_keeps_their_structure() {
    // In normal play {*2|*2} is 0, an N-position under misère play; the game itself is P.
    let got = results(
        "misere {*2 | *2}\nmisere 0\ngenus({{*2 | *2}, * | {*2 | *2}, *})\nmate({{*2 | *2}, 0 | {*2 | *2}, 0})",
    );
    assert_eq!(got[0].1, "P");
    assert_eq!(got[1].1, "N");
    assert_eq!(got[2].0, "2^1420");
    assert_eq!(got[3].0, "*[2#1]");
}
