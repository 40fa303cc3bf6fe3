//! Printed values are valid input: for random games G, evaluating the text of `print(G)` gives
//! back G (compared by printing again, which is exact because canonical forms are unique and
//! printing is deterministic), in ASCII and in Unicode.

use cgt_core::game::{DisplayStyle, GameId, Games};
use cgt_core::{Budget, Dyadic};
use cgt_eval::{Config, evaluate};
use proptest::prelude::*;

/// A game as a tree of options, generated small.
#[derive(Clone, Debug)]
enum Tree {
    Number(i64, u64),
    Nus(i64, u64),
    Node(Vec<Tree>, Vec<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (-4i64..=4, 0u64..3).prop_map(|(n, e)| Tree::Number(n, e)),
        (-3i64..=3, 0u64..4).prop_map(|(u, s)| Tree::Nus(u, s)),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

fn build(games: &mut Games, t: &Tree) -> GameId {
    let budget = Budget::unlimited();
    match t {
        Tree::Number(n, e) => games.number(&Dyadic::new(*n, *e)),
        Tree::Nus(u, s) => games.nus(&Dyadic::zero(), *u, *s),
        Tree::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|x| build(games, x)).collect();
            let r: Vec<GameId> = r.iter().map(|x| build(games, x)).collect();
            games.from_options(&l, &r, &budget).expect("unlimited budget")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn parse_print_roundtrip(t in tree(), unicode in any::<bool>()) {
        let mut games = Games::new();
        let g = build(&mut games, &t);
        let text = games.display(g, DisplayStyle { unicode });
        let config = Config { unicode, ..Config::default() };
        let reports = evaluate(&text, &config);
        prop_assert_eq!(reports.len(), 1, "{}", text);
        prop_assert!(reports[0].diagnostics.is_empty(), "{}: {:?}", text, reports[0].diagnostics);
        prop_assert_eq!(reports[0].value.as_deref(), Some(text.as_str()));
    }
}
