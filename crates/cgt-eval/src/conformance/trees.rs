//! Plain game trees for the function rows of the conformance suite: random short games written
//! as brace literals, and who wins their sums by a direct search over the trees, without
//! canonical forms, so the laws that use it do not lean on the engine they check.

use std::collections::HashMap;

use cgt_testkit::Rng;

/// A game form: its options, and the literal that writes it.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    pub(super) left: Vec<Tree>,
    pub(super) right: Vec<Tree>,
    pub(super) text: String,
}

/// Small games by name, each with its form: the leaves of random trees.
const LEAVES: &[(&str, &str)] = &[
    ("0", "{|}"),
    ("1", "{0|}"),
    ("-1", "{|0}"),
    ("2", "{1|}"),
    ("1/2", "{0|1}"),
    ("-1/2", "{-1|0}"),
    ("*", "{0|0}"),
    ("*2", "{0,*|0,*}"),
    ("^", "{0|*}"),
    ("v", "{*|0}"),
];

impl Tree {
    /// `{left | right}` from options.
    pub(super) fn node(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
        let side = |v: &[Tree]| v.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(", ");
        let text = format!("{{{} | {}}}", side(&left), side(&right));
        Tree { left, right, text }
    }

    /// A leaf by its name in `LEAVES`, built from its form.
    fn leaf(name: &str) -> Tree {
        let form = LEAVES.iter().find(|(n, _)| *n == name).map(|(_, f)| *f).expect("a leaf");
        let mut t = parse_form(form);
        t.text = name.to_string();
        t
    }

    /// A random game form of at most `depth` levels above the leaves.
    pub(super) fn random(r: &mut Rng, depth: u32) -> Tree {
        if depth == 0 || r.chance(1, 4) {
            return Tree::leaf(r.pick(LEAVES).expect("leaves").0);
        }
        let side = |r: &mut Rng| (0..r.below(3)).map(|_| Tree::random(r, depth - 1)).collect();
        let left = side(r);
        let right = side(r);
        Tree::node(left, right)
    }

    /// A random impartial form: both players have the same options.
    pub(super) fn impartial(r: &mut Rng, depth: u32) -> Tree {
        let n = if depth == 0 { 0 } else { r.below(4) };
        let options: Vec<Tree> = (0..n).map(|_| Tree::impartial(r, depth - 1)).collect();
        let mut t = Tree::node(options.clone(), options);
        if t.left.is_empty() {
            t.text = "0".into();
        }
        t
    }

    /// A random dicotic (all-small) form: every position has moves for both or for neither.
    pub(super) fn dicotic(r: &mut Rng, depth: u32) -> Tree {
        if depth == 0 || r.chance(1, 5) {
            return Tree::leaf(r.pick(&["0", "*", "^", "v", "*2"]).expect("leaves"));
        }
        let side = |r: &mut Rng| (0..1 + r.below(2)).map(|_| Tree::dicotic(r, depth - 1)).collect();
        let left = side(r);
        let right = side(r);
        Tree::node(left, right)
    }

    /// The negative form: sides exchanged, all the way down.
    pub(super) fn neg(&self) -> Tree {
        let flip = |v: &[Tree]| v.iter().map(Tree::neg).collect::<Vec<_>>();
        let mut t = Tree::node(flip(&self.right), flip(&self.left));
        t.text = format!("-({})", self.text);
        t
    }

    /// A key that only depends on the form.
    fn key(&self) -> String {
        let side = |v: &[Tree]| {
            let mut keys: Vec<String> = v.iter().map(Tree::key).collect();
            keys.sort_unstable();
            keys.join(",")
        };
        format!("{{{}|{}}}", side(&self.left), side(&self.right))
    }
}

/// Reads a form written only with braces, commas, `|`, `0` and `*` (the forms of `LEAVES`).
fn parse_form(text: &str) -> Tree {
    fn one(b: &[u8], i: &mut usize) -> Tree {
        match b[*i] {
            b'0' => {
                *i += 1;
                Tree::leaf("0")
            }
            b'*' => {
                *i += 1;
                Tree::leaf("*")
            }
            b'1' => {
                *i += 1;
                Tree::leaf("1")
            }
            b'-' => {
                *i += 2;
                Tree::leaf("-1")
            }
            _ => {
                *i += 1; // `{`
                let mut sides = [Vec::new(), Vec::new()];
                let mut k = 0;
                loop {
                    match b[*i] {
                        b'}' => break,
                        b'|' => k = 1,
                        b',' => {}
                        _ => {
                            sides[k].push(one(b, i));
                            continue;
                        }
                    }
                    *i += 1;
                }
                *i += 1;
                let [l, r] = sides;
                Tree::node(l, r)
            }
        }
    }
    one(text.as_bytes(), &mut 0)
}

/// Who wins sums of forms, by search over the forms themselves.
#[derive(Default)]
pub(super) struct Search {
    memo: HashMap<(String, bool), bool>,
}

impl Search {
    /// Whether the player to move (Left if `left`) wins the sum of `parts`.
    pub(super) fn wins(&mut self, parts: &[&Tree], left: bool) -> bool {
        let mut keys: Vec<String> = parts.iter().map(|t| t.key()).collect();
        keys.sort_unstable();
        let key = (keys.join("+"), left);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut w = false;
        'moves: for (i, p) in parts.iter().enumerate() {
            for q in if left { &p.left } else { &p.right } {
                let mut next = parts.to_vec();
                next[i] = q;
                if !self.wins(&next, !left) {
                    w = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert(key, w);
        w
    }

    /// The outcome class of the sum of `parts`.
    pub(super) fn outcome(&mut self, parts: &[&Tree]) -> &'static str {
        super::common::class(self.wins(parts, true), self.wins(parts, false))
    }

    /// `a <= b`: Left, moving second, does not lose `b - a`; that is, Right moving first in
    /// `b - a` loses.
    pub(super) fn leq(&mut self, a: &Tree, b: &Tree) -> bool {
        !self.wins(&[b, &a.neg()], false)
    }

    /// `a == b` as games.
    pub(super) fn equal(&mut self, a: &Tree, b: &Tree) -> bool {
        self.leq(a, b) && self.leq(b, a)
    }
}

#[test]
fn leaves_are_the_forms_they_name() {
    let mut s = Search::default();
    let t = |n: &str| Tree::leaf(n);
    assert_eq!(s.outcome(&[&t("0")]), "P");
    assert_eq!(s.outcome(&[&t("1")]), "L");
    assert_eq!(s.outcome(&[&t("*")]), "N");
    assert_eq!(s.outcome(&[&t("^")]), "L");
    assert_eq!(s.outcome(&[&t("*"), &t("*")]), "P");
    assert_eq!(s.outcome(&[&t("1/2"), &t("1/2"), &t("-1")]), "P");
    assert_eq!(s.outcome(&[&t("^"), &t("v")]), "P");
    assert_eq!(s.outcome(&[&t("*2"), &t("*")]), "N");
    assert!(s.equal(&Tree::node(vec![t("0")], vec![t("1")]), &t("1/2")));
    assert!(!s.equal(&t("^"), &t("*")));
}
