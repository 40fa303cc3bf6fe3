//! Partizan rules written in the language (`rule NAME(PARAMS) = LEFT | RIGHT`) against search
//! written here in Rust from the rules: partizan subtraction games with random take sets,
//! Cutcake on random cakes, and Toads and Frogs on every strip up to length 7 against the
//! built-in `toads[...]`.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{GameId, Games};
use cgt_eval::{Config, evaluate};
use cgt_testkit::Rng;

/// The value, or the first diagnostic's message, of each statement.
fn results(src: &str) -> Vec<String> {
    evaluate(src, &Config::default())
        .iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => format!("error: {}", d.message),
            None => r.value.clone().unwrap_or_default(),
        })
        .collect()
}

/// A partizan subtraction game by search: Left takes a number in `left`, Right in `right`.
fn subtraction(games: &mut Games, memo: &mut HashMap<u64, GameId>, left: &[u64], right: &[u64], n: u64) -> GameId {
    if let Some(&g) = memo.get(&n) {
        return g;
    }
    let side = |takes: &[u64], games: &mut Games, memo: &mut HashMap<u64, GameId>| -> Vec<GameId> {
        takes.iter().filter(|&&k| k <= n).map(|&k| subtraction(games, memo, left, right, n - k)).collect()
    };
    let (l, r) = (side(left, games, memo), side(right, games, memo));
    let g = games.from_options(&l, &r, &Budget::unlimited()).expect("unlimited");
    memo.insert(n, g);
    g
}

/// Cutcake by search: Left cuts between columns (w), Right between rows (h).
fn cutcake(games: &mut Games, memo: &mut HashMap<(u64, u64), GameId>, w: u64, h: u64) -> GameId {
    if let Some(&g) = memo.get(&(w, h)) {
        return g;
    }
    let b = Budget::unlimited();
    let mut l = Vec::new();
    for a in 1..w {
        let (x, y) = (cutcake(games, memo, a, h), cutcake(games, memo, w - a, h));
        l.push(games.add(x, y, &b).expect("unlimited"));
    }
    let mut r = Vec::new();
    for a in 1..h {
        let (x, y) = (cutcake(games, memo, w, a), cutcake(games, memo, w, h - a));
        r.push(games.add(x, y, &b).expect("unlimited"));
    }
    let g = games.from_options(&l, &r, &b).expect("unlimited");
    memo.insert((w, h), g);
    g
}

fn take_set(rng: &mut Rng) -> Vec<u64> {
    let set: Vec<u64> = (1..=6).filter(|_| rng.chance(1, 2)).collect();
    if set.is_empty() { vec![1 + rng.below(6)] } else { set }
}

fn list(xs: &[u64]) -> String {
    format!("[{}]", xs.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))
}

#[test]
fn partizan_subtraction_games_agree_with_search() {
    let mut rng = Rng::new(12);
    for case in 0..40 {
        let (left, right) = (take_set(&mut rng), take_set(&mut rng));
        let (l, r) = (list(&left), list(&right));
        let heaps: Vec<u64> = (0..4).map(|_| rng.below(25)).collect();
        let mut src = format!("rule sub(n) = [n - k for k in {l} if k <= n] | [n - k for k in {r} if k <= n]\n");
        for &n in &heaps {
            src.push_str(&format!("sub[{n}]\n"));
        }
        src.push_str(&format!("sub[{}, {}]\n", heaps[0], heaps[1]));
        let got = results(&src);
        let mut games = Games::new();
        let mut memo = HashMap::new();
        let mut want: Vec<GameId> =
            heaps.iter().map(|&n| subtraction(&mut games, &mut memo, &left, &right, n)).collect();
        want.push(games.add(want[0], want[1], &Budget::unlimited()).expect("unlimited"));
        for (i, g) in want.into_iter().enumerate() {
            assert_eq!(got[i + 1], games.display(g, Default::default()), "case {case}: L={l} R={r} line {}", i + 2);
        }
    }
}

#[test]
fn cutcake_as_a_partizan_rule_agrees_with_search() {
    let rule = "rule cut(w, h) = [[(a, h), (w - a, h)] for a in 1..w-1] | [[(w, b), (w, h - b)] for b in 1..h-1]\n";
    let mut rng = Rng::new(7);
    let cakes: Vec<(u64, u64)> = (0..30).map(|_| (1 + rng.below(9), 1 + rng.below(9))).collect();
    let mut src = rule.to_string();
    for (i, &(w, h)) in cakes.iter().enumerate() {
        // Both spellings of a position: `cut[WxH]` and the call `cut(w, h)`.
        src.push_str(&if i % 2 == 0 { format!("cut[{w}x{h}]\n") } else { format!("cut({w}, {h})\n") });
    }
    let got = results(&src);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    for (i, &(w, h)) in cakes.iter().enumerate() {
        let g = cutcake(&mut games, &mut memo, w, h);
        assert_eq!(got[i + 1], games.display(g, Default::default()), "{w}x{h}");
    }
}

/// Toads and Frogs on strings: toads `T` step or jump rightwards, frogs `F` leftwards.
const TOADS: &str = "\
def tmoves(s) = [s[0..i-1] ++ \".T\" ++ s[i+2..len(s)-1] for i in 0..len(s)-2 if s[i..i+1] == \"T.\"] ++ [s[0..i-1] ++ \".FT\" ++ s[i+3..len(s)-1] for i in 0..len(s)-3 if s[i..i+2] == \"TF.\"]
def fmoves(s) = [s[0..i-1] ++ \"F.\" ++ s[i+2..len(s)-1] for i in 0..len(s)-2 if s[i..i+1] == \".F\"] ++ [s[0..i-1] ++ \"FT.\" ++ s[i+3..len(s)-1] for i in 0..len(s)-3 if s[i..i+2] == \".TF\"]
rule toad(s) = tmoves(s) | fmoves(s)
";

#[test]
fn toads_and_frogs_as_a_strip_rule_agrees_with_the_ruleset_on_every_strip_up_to_7() {
    let mut src = TOADS.to_string();
    let mut strips = 0;
    for len in 1..=7u32 {
        for code in 0..3u32.pow(len) {
            let strip: String = (0..len).map(|i| ['T', 'F', '.'][(code / 3u32.pow(i) % 3) as usize]).collect();
            src.push_str(&format!("toad[\"{strip}\"] == toads[\"{strip}\"]\n"));
            strips += 1;
        }
    }
    let reports = evaluate(&src, &Config::default());
    assert_eq!(reports.len(), 3 + strips);
    for r in &reports[3..] {
        assert!(r.diagnostics.is_empty(), "{}: {:?}", r.source, r.diagnostics.first().map(|d| &d.message));
    }
}

#[test]
fn errors_of_partizan_rules_say_what_is_wrong() {
    let got = results(
        "rule loop(n) = [[n, n]] | []\nloop[3]\nrule bad(n) = [[[1]]] | []\nbad[2]\n\
         rule cut(w, h) = [] | []\ncut[3]\ncut[2x2]\nrule r(a, b) = []\n",
    );
    assert!(got[1].contains("sum of positions [3, 3] reaches loop(3) again"), "{}", got[1]);
    assert!(got[3].contains("a position is a number, a string or a tuple"), "{}", got[3]);
    assert!(got[5].contains("write it as `cut[3x4]`"), "{}", got[5]);
    assert_eq!(got[6], "0");
    assert!(got[7].contains("impartial rule has one parameter"), "{}", got[7]);
}

#[test]
fn positions_of_partizan_rules_are_games_everywhere_games_go() {
    let got = results(
        "rule p(n) = [n - 1 for k in [1] if n > 0] | [n - 1 for k in [1] if n > 0]\n\
         p[3]\nmisere p[1]\np[2] + *2\ntemp(p[1] + 1)\ntemp(* + 1)\n",
    );
    assert_eq!(got[1], "*");
    assert!(got[2].starts_with('P'), "{}", got[2]);
    assert_eq!(got[3], "*2");
    assert_eq!(got[4], got[5]);
}
