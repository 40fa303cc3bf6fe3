//! Random positions of each ruleset row, written in its own notation, and what each is checked
//! against (the row's moves under the definition, a plain rule, or a plain solver's answer).

use cgt_testkit::Rng;

use super::heaps::{HeapCase, Plain};

/// One random case of a row.
pub(super) enum Case {
    /// A position whose row reads its moves: checked against the definition over them.
    Position(String),
    /// A sum of heaps of a plain rule.
    Heaps(HeapCase),
    /// A statement and the result a plain solver gives for it, as shown.
    Scored(String, String),
}

/// The generator of a row, by its name.
pub(super) fn generator(row: &str) -> Option<fn(&mut Rng) -> Case> {
    let g: fn(&mut Rng) -> Case = match row {
        "amazons" => {
            |r| Case::Position(format!("amazons[{}]", grid(r, 2, 3, &[('.', 5), ('x', 1), ('o', 1), ('#', 1)])))
        }
        "anticlobber" => |r| Case::Position(format!("anticlobber[{}]", grid(r, 2, 3, &[('.', 1), ('x', 2), ('o', 2)]))),
        "clobber" => |r| Case::Position(format!("clobber[{}]", grid(r, 3, 3, &[('.', 1), ('x', 2), ('o', 2)]))),
        "konane" => |r| Case::Position(format!("konane[{}]", grid(r, 3, 3, &[('.', 2), ('x', 2), ('o', 2)]))),
        "hotclobber" => |r| Case::Position(format!("hotclobber[{}]", grid(r, 2, 3, &[('.', 1), ('x', 2), ('o', 2)]))),
        "kings" => |r| Case::Position(format!("kings[{}]", grid(r, 2, 3, &[('.', 1), ('x', 2), ('o', 2)]))),
        "knights" => |r| Case::Position(format!("knights[{}]", grid(r, 3, 3, &[('.', 1), ('x', 2), ('o', 2)]))),
        "rooks" => |r| Case::Position(format!("rooks[{}]", grid(r, 2, 3, &[('.', 2), ('x', 2), ('o', 2)]))),
        "queens" => |r| Case::Position(format!("queens[{}]", grid(r, 2, 3, &[('.', 2), ('x', 2), ('o', 2)]))),
        "fission" => |r| Case::Position(format!("fission[{}]", grid(r, 3, 4, &[('.', 4), ('x', 2), ('#', 1)]))),
        "skijumps" => |r| {
            Case::Position(format!("skijumps[{}]", grid(r, 3, 4, &[('.', 6), ('L', 1), ('R', 1), ('l', 1), ('r', 1)])))
        },
        "maundy" => |r| Case::Position(format!("maundy[{}x{}]", 1 + r.below(6), 1 + r.below(6))),
        "psub" => |r| {
            let mut sets = [(); 2].map(|_| {
                let mut set: Vec<u64> = (0..1 + r.below(3)).map(|_| 1 + r.below(4)).collect();
                set.sort_unstable();
                set.dedup();
                set
            });
            let [left, right] = std::mem::take(&mut sets);
            let heaps: Vec<u64> = (0..1 + r.below(2)).map(|_| r.below(7)).collect();
            Case::Position(format!(
                "psub[{}] left=[{}] right=[{}]",
                super::heaps::join(&heaps),
                super::heaps::join(&left),
                super::heaps::join(&right)
            ))
        },
        "domineering" => |r| Case::Position(format!("domineering[{}]", grid(r, 3, 4, &[('.', 4), ('#', 1)]))),
        "cram" => |r| Case::Position(format!("cram[{}]", grid(r, 3, 4, &[('.', 4), ('#', 1)]))),
        "arckayles" => |r| Case::Position(format!("arckayles[{}]", edges(r, 5, 6, &[""]))),
        "spawning" => |r| {
            // Codes whose heaps spawn few heaps: the oracle searches the sums they leave.
            let codes = ["1-2", "2", "3E", "1-2C", "2-3C(3)", "1-2F"];
            let heaps: Vec<String> = (0..1 + r.below(2)).map(|_| (1 + r.below(6)).to_string()).collect();
            Case::Position(format!("spawning[{}] code=\"{}\"", heaps.join(", "), codes[r.below(6) as usize]))
        },
        "weighted_arckayles" => |r| {
            let weights: Vec<String> = (0..5).map(|_| r.below(4).to_string()).collect();
            let edges: Vec<String> =
                (0..r.below(7)).map(|_| format!("{}-{}", 1 + r.below(5), 1 + r.below(5))).collect();
            Case::Position(format!("weighted_arckayles[{}] weights=[{}]", edges.join(", "), weights.join(", ")))
        },
        "partizan_euclid" => |r| Case::Position(format!("partizan_euclid[{}, {}]", r.below(30), r.below(30))),
        "partizan_arckayles" => {
            |r| Case::Position(format!("partizan_arckayles[{}]", edges(r, 5, 6, &[" B", " R", " G", ""])))
        }
        "col" => |r| Case::Position(format!("col[{}]{}", edges(r, 5, 5, &[""]), tints(r))),
        "snort" => |r| Case::Position(format!("snort[{}]{}", edges(r, 5, 5, &[""]), tints(r))),
        "hackenbush" => |r| Case::Position(format!("hackenbush[{}]", edges_from(r, 0, 3, 5, &[" B", " R", " G"]))),
        "childish" => |r| Case::Position(format!("childish[{}]", edges_from(r, 0, 3, 5, &[" B", " R", " G"]))),
        "boxes" => |r| Case::Position(format!("boxes[{}]", piles(r, 3, 4, "BWG").join(", "))),
        "cutcake" => |r| Case::Position(format!("cutcake[{}x{}]", 1 + r.below(5), 1 + r.below(5))),
        "eatcake" => |r| Case::Position(format!("eatcake[{}x{}]", 1 + r.below(4), 1 + r.below(4))),
        "push" => |r| Case::Position(format!("push[\"{}\"]", strip(r, 7, "xo."))),
        "shove" => |r| Case::Position(format!("shove[\"{}\"]", strip(r, 7, "xo."))),
        "toads" => |r| Case::Position(format!("toads[\"{}\"]", strip(r, 7, "TF.."))),
        "toppling" => |r| Case::Position(format!("toppling[{}]", piles(r, 2, 6, "BWG").join("."))),
        "tree" => |r| Case::Position(format!("tree[{}]", tree(r, 6))),
        "euclid" => |r| Case::Position(format!("euclid[{}, {}]", 1 + r.below(14), 1 + r.below(14))),
        "staircase" => |r| {
            let steps = 1 + r.below(3) as usize;
            Case::Position(format!("staircase[{}]", list(r, steps, 4)))
        },
        "welter" => |r| {
            let mut squares: Vec<u64> = (0..1 + r.below(3)).map(|_| r.below(7)).collect();
            squares.sort_unstable();
            squares.dedup();
            Case::Position(format!("welter[{}]", super::heaps::join(&squares)))
        },
        "wythoff" => |r| Case::Position(format!("wythoff[{}, {}]", r.below(7), r.below(7))),
        "nim" => |r| match r.below(2) {
            0 => Case::Heaps(HeapCase::new("nim", "", Plain::Nim, heaps(r, 3, 9))),
            _ => {
                let hs = heaps(r, 3, 4);
                let k = 2 + r.below(2);
                let want = super::heaps::moore_outcome(&hs, k);
                Case::Scored(format!("nim[{}] k={k}", super::heaps::join(&hs)), want.to_string())
            }
        },
        "octal" => |r| {
            let digits: Vec<u8> = (0..1 + r.below(3)).map(|_| r.below(8) as u8).collect();
            let code: String = digits.iter().map(|d| d.to_string()).collect();
            Case::Heaps(HeapCase::new("octal", &format!(" code=0.{code}"), Plain::Octal(digits), heaps(r, 3, 12)))
        },
        "kayles" => |r| Case::Heaps(HeapCase::new("kayles", "", Plain::Octal(vec![7, 7]), heaps(r, 3, 12))),
        "dawson" => |r| Case::Heaps(HeapCase::new("dawson", "", Plain::Octal(vec![0, 7]), heaps(r, 3, 12))),
        "grundy_game" => |r| Case::Heaps(HeapCase::new("grundy_game", "", Plain::Grundy, heaps(r, 3, 12))),
        "lasker" => |r| Case::Heaps(HeapCase::new("lasker", "", Plain::Lasker, heaps(r, 3, 12))),
        "stones" => |r| {
            let mut set: Vec<u64> = (0..1 + r.below(3)).map(|_| 1 + r.below(5)).collect();
            set.sort_unstable();
            set.dedup();
            if r.chance(1, 2) {
                let s = format!(" take=[{}]", super::heaps::join(&set));
                Case::Heaps(HeapCase::new("stones", &s, Plain::Take(set), heaps(r, 3, 14)))
            } else {
                let s = format!(" allbut=[{}]", super::heaps::join(&set));
                Case::Heaps(HeapCase::new("stones", &s, Plain::AllBut(set), heaps(r, 3, 14)))
            }
        },
        "turtles" => |r| Case::Heaps(HeapCase::coins("turtles", Plain::Turtles, coins(r))),
        "mock_turtles" => |r| Case::Heaps(HeapCase::coins("mock_turtles", Plain::MockTurtles, coins(r))),
        "ruler" => |r| Case::Heaps(HeapCase::coins("ruler", Plain::Ruler, coins(r))),
        "deque" => |r| {
            let cards: Vec<u64> = (0..1 + r.below(7)).map(|_| r.below(100)).collect();
            let score = super::heaps::deque_score(&cards);
            Case::Scored(format!("deque[{}]", super::heaps::join(&cards)), score.to_string())
        },
        "fair" => |r| {
            let ps = piles(r, 5, 3, "BW");
            let best = super::heaps::fair_best(&ps);
            Case::Scored(format!("fair[{}]", ps.join(", ")), best.to_string())
        },
        "graph" => |r| {
            let n = 2 + r.below(5);
            let arcs: Vec<(u64, u64)> = (0..r.below(8)).map(|_| (1 + r.below(n), 1 + r.below(n))).collect();
            let from = 1 + r.below(n);
            let want = super::heaps::graph_outcome(n, &arcs, from);
            let written: Vec<String> = arcs.iter().map(|(a, b)| format!("{a}->{b}")).collect();
            let all: Vec<u64> = (1..=n).collect();
            let arcs = if written.is_empty() { "1->1".to_string() } else { written.join(", ") };
            let want = if written.is_empty() { super::heaps::graph_outcome(n, &[(1, 1)], from) } else { want };
            Case::Scored(format!("graph[{arcs}] from={from} vertices=[{}]", super::heaps::join(&all)), want.to_string())
        },
        "foxgeese" => |r| {
            let (text, want) = super::foxgeese::case(r);
            Case::Scored(text, want)
        },
        _ => return None,
    };
    Some(g)
}

/// A board of up to `rows` x `cols` cells, each letter drawn with its weight, as quoted rows.
fn grid(r: &mut Rng, rows: u64, cols: u64, letters: &[(char, u64)]) -> String {
    let (h, w) = (1 + r.below(rows), 1 + r.below(cols));
    let total: u64 = letters.iter().map(|(_, w)| w).sum();
    let rows: Vec<String> = (0..h)
        .map(|_| {
            let row: String = (0..w)
                .map(|_| {
                    let mut x = r.below(total);
                    letters
                        .iter()
                        .find(|(_, w)| {
                            if x < *w {
                                true
                            } else {
                                x -= w;
                                false
                            }
                        })
                        .unwrap()
                        .0
                })
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    rows.join(", ")
}

/// Up to `count` edges between vertices 1..=`vertices`, each followed by one of `suffixes`.
fn edges(r: &mut Rng, vertices: u64, count: u64, suffixes: &[&str]) -> String {
    edges_from(r, 1, vertices, count, suffixes)
}

/// Up to `count` edges between vertices `first..=last`, each followed by one of `suffixes`
/// (at least one edge).
fn edges_from(r: &mut Rng, first: u64, last: u64, count: u64, suffixes: &[&str]) -> String {
    let span = last - first + 1;
    let n = 1 + r.below(count);
    let list: Vec<String> = (0..n)
        .map(|_| {
            let (a, b) = (first + r.below(span), first + r.below(span));
            let (a, b) = if a == b && suffixes == [""] { (a, if b == last { first } else { b + 1 }) } else { (a, b) };
            format!("{a}-{b}{}", r.pick(suffixes).unwrap())
        })
        .collect();
    list.join(", ")
}

/// Col and Snort tints: none, or a vertex tinted for each side.
fn tints(r: &mut Rng) -> String {
    let mut out = String::from(" vertices=5");
    if r.chance(1, 3) {
        out.push_str(&format!(" left=[{}]", 1 + r.below(5)));
    }
    if r.chance(1, 3) {
        out.push_str(&format!(" right=[{}]", 1 + r.below(5)));
    }
    out
}

/// Up to `count` non-empty words of up to `len` letters of `alphabet`.
fn piles(r: &mut Rng, count: u64, len: u64, alphabet: &str) -> Vec<String> {
    let letters: Vec<char> = alphabet.chars().collect();
    (0..1 + r.below(count)).map(|_| (0..1 + r.below(len)).map(|_| *r.pick(&letters).unwrap()).collect()).collect()
}

/// A strip of up to `len` cells of `alphabet`.
fn strip(r: &mut Rng, len: u64, alphabet: &str) -> String {
    let letters: Vec<char> = alphabet.chars().collect();
    (0..1 + r.below(len)).map(|_| *r.pick(&letters).unwrap()).collect()
}

/// A random coloured tree of up to `edges` edges in `tree[...]` notation.
fn tree(r: &mut Rng, edges: u64) -> String {
    fn forest(r: &mut Rng, budget: &mut u64) -> String {
        let mut out = Vec::new();
        while *budget > 0 && (out.is_empty() || r.chance(1, 2)) {
            *budget -= 1;
            let colour = *r.pick(&['B', 'R', 'G']).unwrap();
            if *budget > 0 && r.chance(1, 2) {
                out.push(format!("{colour}({})", forest(r, budget)));
            } else {
                out.push(colour.to_string());
            }
        }
        out.join(", ")
    }
    let mut budget = 1 + r.below(edges);
    forest(r, &mut budget)
}

/// `count` numbers below `below`, written as a list.
fn list(r: &mut Rng, count: usize, below: u64) -> String {
    super::heaps::join(&(0..count).map(|_| r.below(below)).collect::<Vec<_>>())
}

/// Up to `count` heaps of 1 to `max` tokens.
fn heaps(r: &mut Rng, count: u64, max: u64) -> Vec<u64> {
    (0..1 + r.below(count)).map(|_| 1 + r.below(max)).collect()
}

/// The heads of a row of up to 8 coins (positions from 1, distinct, ascending).
fn coins(r: &mut Rng) -> Vec<u64> {
    let mut heads: Vec<u64> = (0..1 + r.below(3)).map(|_| 1 + r.below(8)).collect();
    heads.sort_unstable();
    heads.dedup();
    heads
}
