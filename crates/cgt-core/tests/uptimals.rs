//! The printer's uptimal names against uptimals built from their definitions (CGSuite's:
//! `^<k+1> = {0 | v[k]*}`, `^[k] = ^<1> + ... + ^<k>`): every `x + ^<n> + *m`,
//! `x + v<n> + *m`, `x + ^[n] + *m` and `x + v[n] + *m` with small `n` and `m` is named, and
//! uptimals of other shapes are not.

use cgt_core::{Budget, DisplayStyle, Dyadic, GameId, Games};

/// `(units, sums)`: `units[k] = ^<k>`, `sums[k] = ^[k]` for `k <= n`, by the definitions.
fn uptimals(games: &mut Games, n: usize) -> (Vec<GameId>, Vec<GameId>) {
    let b = Budget::unlimited();
    let zero = games.zero();
    let star = games.nimber(1);
    let up = games.from_options(&[zero], &[star], &b).unwrap();
    let (mut units, mut sums) = (vec![zero, up], vec![zero, up]);
    for k in 2..=n {
        let star = games.nimber(1);
        let down = games.neg(sums[k - 1], &b).unwrap();
        let right = games.add(down, star, &b).unwrap();
        let unit = games.from_options(&[zero], &[right], &b).unwrap();
        units.push(unit);
        sums.push(games.add(sums[k - 1], unit, &b).unwrap());
    }
    (units, sums)
}

fn star_text(m: u64) -> String {
    match m {
        0 => String::new(),
        1 => "*".to_string(),
        m => format!("*{m}"),
    }
}

#[test]
fn every_small_unit_and_unit_sum_is_named() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (units, sums) = uptimals(&mut games, 6);
    let numbers = [(0, 0, ""), (1, 0, "1"), (-3, 2, "-3/4")];
    for (num, exp, x_text) in numbers {
        let x = games.number(&Dyadic::new(num, exp));
        for n in 2..=6 {
            for (family, open, close) in [(&units, "<", ">"), (&sums, "[", "]")] {
                for up in [true, false] {
                    for m in 0..=4 {
                        let u = if up { family[n] } else { games.neg(family[n], &b).unwrap() };
                        let star = games.nimber(m);
                        let g = games.add(u, star, &b).unwrap();
                        let g = games.add(g, x, &b).unwrap();
                        let arrow = if up { "^" } else { "v" };
                        let want = format!("{x_text}{arrow}{open}{n}{close}{}", star_text(m));
                        assert_eq!(games.display(g, DisplayStyle::default()), want);
                    }
                }
            }
        }
    }
}

#[test]
fn published_uptimal_forms() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (units, sums) = uptimals(&mut games, 4);
    let zero = games.zero();
    let star = games.nimber(1);
    let up = games.nus(&Dyadic::zero(), 1, 0);
    // ^[2] = {^ | *} and ^[n] = {^[n-1] | *} (CGSuite: {0|*||*|||*||||*} is ^[4]).
    let s2 = games.from_options(&[up], &[star], &b).unwrap();
    assert_eq!(s2, sums[2]);
    let s3 = games.from_options(&[s2], &[star], &b).unwrap();
    let s4 = games.from_options(&[s3], &[star], &b).unwrap();
    assert_eq!(s4, sums[4]);
    // ^<2> = {0 | v*}.
    let down_star = games.nus(&Dyadic::zero(), -1, 1);
    assert_eq!(games.from_options(&[zero], &[down_star], &b).unwrap(), units[2]);
    let show = |games: &mut Games, g| games.display(g, DisplayStyle::default());
    assert_eq!(show(&mut games, s4), "^[4]");
    let v4 = games.neg(units[4], &b).unwrap();
    assert_eq!(show(&mut games, v4), "v<4>");
    assert_eq!(games.display(v4, DisplayStyle { unicode: true }), "↓<4>");
    let g = games.add(sums[3], star, &b).unwrap();
    assert_eq!(games.display(g, DisplayStyle { unicode: true }), "↑[3]*");
}

#[test]
fn other_uptimals_are_written_with_braces() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (units, _) = uptimals(&mut games, 4);
    // ^<2> + ^<3>, 2·^<2>, ^ + ^<3>, ^<2> - ^<3>: neither a unit nor a unit sum.
    let up = units[1];
    let sums = [
        games.add(units[2], units[3], &b).unwrap(),
        games.add(units[2], units[2], &b).unwrap(),
        games.add(up, units[3], &b).unwrap(),
        games.sub(units[2], units[3], &b).unwrap(),
    ];
    for g in sums {
        let text = games.display(g, DisplayStyle::default());
        assert!(text.starts_with('{'), "{text}");
    }
    // CGSuite prints {0||0|v*} as {0|^<2>}.
    let zero = games.zero();
    let g = games.from_options(&[zero], &[units[2]], &b).unwrap();
    assert_eq!(games.display(g, DisplayStyle::default()), "{0|^<2>}");
}

#[test]
fn lone_switch_terms_take_parentheses_unless_single_symbols() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let (units, _) = uptimals(&mut games, 2);
    let one = games.number(&Dyadic::integer(1));
    let a = games.add(units[2], one, &b).unwrap();
    let na = games.neg(a, &b).unwrap();
    let sw = games.from_options(&[a], &[na], &b).unwrap();
    assert_eq!(games.display(sw, DisplayStyle::default()), "+-(1^<2>)");
    let s2 = games.nimber(2);
    let two = games.number(&Dyadic::integer(2));
    let a = games.add(two, s2, &b).unwrap();
    let na = games.neg(a, &b).unwrap();
    let sw = games.from_options(&[a], &[na], &b).unwrap();
    assert_eq!(games.display(sw, DisplayStyle { unicode: true }), "±(2*2)");
}
