//! Differential fuzzing of the rulesets' fast paths (tables, periods, closed forms, the
//! Hackenbush string and tree formulas, symmetries) against plain searches. The fuzzer's bytes
//! choose a row and a small position of it; a mismatch is a crash.
//!
//! - Heap games (octal codes, Kayles, Dawson's Kayles, Grundy's game, Lasker's Nim,
//!   subtraction sets) and coin turning (Turtles, Mock Turtles, Ruler): the nim value of the
//!   position against a mex search written here from the rules, with heaps up to 600.
//! - Rows whose positions list their moves (Hackenbush, boxes, trees, Toppling Dominoes,
//!   cakes, Maundy, Push, Shove, Toads, Euclid, Wythoff, Welter, Staircase Nim, partizan
//!   subtraction, Domineering, Clobber): the value against the definition over the moves that
//!   `options(P)` lists, `{ Left's values | Right's values }` recursively, each built as a
//!   game literal and canonicalised by the evaluator's literal path (not the row's). The
//!   values `options(P)` shows beside each move must equal the definition's too.
#![no_main]

use std::collections::HashMap;
use std::time::Duration;

use cgt_eval::{Config, Session, Value};
use cgt_syntax::{Code, Severity};
use libfuzzer_sys::fuzz_target;

/// Positions are small, so a generous budget: running out of it is a skip, not a finding.
const TIME: Duration = Duration::from_secs(2);
const MEMORY: usize = 256 << 20;
/// At most this many positions searched per input (keeps an input under a second or so).
const MAX_NODES: usize = 300;
/// The largest heap of a heap game.
const MAX_HEAP: u64 = 600;

/// The fuzzer's bytes, read as small numbers (zeros once they run out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u64 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        u64::from(b)
    }

    /// A number below `n`.
    fn below(&mut self, n: u64) -> u64 {
        self.byte() % n
    }

    /// A number below `n` from two bytes.
    fn wide(&mut self, n: u64) -> u64 {
        (self.byte() << 8 | self.byte()) % n
    }

    /// One of `letters`.
    fn pick(&mut self, letters: &[char]) -> char {
        letters[self.below(letters.len() as u64) as usize]
    }

    /// A word of 1 to `len` letters.
    fn word(&mut self, len: u64, letters: &[char]) -> String {
        (0..1 + self.below(len)).map(|_| self.pick(letters)).collect()
    }
}

/// Why an input was skipped: a statement ran out of budget, or the search grew too big.
struct Skip;

/// A session and the definition's values of the positions searched so far.
struct Oracle {
    session: Session,
    values: HashMap<String, String>,
}

impl Oracle {
    /// Evaluates `text` (one statement): its printed value, or a skip if it ran out of budget.
    /// Any other error is a crash: every text given here is a valid position or literal.
    fn eval(&mut self, text: &str) -> Result<Option<String>, Skip> {
        let parsed = cgt_syntax::parse(text);
        assert!(parsed.errors.is_empty(), "{text}: {:?}", parsed.errors);
        let [stmt] = parsed.stmts.as_slice() else { panic!("{text}: one statement expected") };
        let budget = self.session.budget();
        let report = self.session.run_statement(stmt, text, 1, &budget);
        assert!(report.diagnostics.iter().all(|d| d.code != Code::Internal), "{text}: {:?}", report.diagnostics);
        if report.diagnostics.iter().any(|d| d.code == Code::Budget) {
            return Err(Skip);
        }
        let errors: Vec<&str> =
            report.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| d.message.as_str()).collect();
        assert!(errors.is_empty(), "{text}: {errors:?}");
        Ok(report.value)
    }

    /// The value of position `p` by the definition over the moves `options(p)` lists.
    fn definition(&mut self, p: &str) -> Result<String, Skip> {
        if let Some(v) = self.values.get(p) {
            return Ok(v.clone());
        }
        if self.values.len() >= MAX_NODES {
            return Err(Skip);
        }
        // A move to an empty position may be listed as a game (`0`): its value is itself.
        if !p.contains('[') {
            let v = self.eval(p)?.unwrap_or_else(|| panic!("{p} has no value"));
            self.values.insert(p.to_string(), v.clone());
            return Ok(v);
        }
        self.eval(&format!("let moves = options({p})"))?;
        let Some(Value::Moves(moves)) = self.session.value_of("moves").cloned() else {
            panic!("options({p}) lists no moves")
        };
        let mut sides = [Vec::new(), Vec::new()];
        for (side, listed) in sides.iter_mut().zip([&moves.left, &moves.right]) {
            for (q, shown) in listed {
                let v = self.definition(q)?;
                if let Some(shown) = shown {
                    assert_eq!(shown, &v, "options({p}) shows {q} as {shown}; the definition gives {v}");
                }
                side.push(v);
            }
        }
        let literal = format!("{{{} | {}}}", sides[0].join(", "), sides[1].join(", "));
        let v = self.eval(&literal)?.unwrap_or_else(|| panic!("{literal} has no value"));
        self.values.insert(p.to_string(), v.clone());
        Ok(v)
    }

    /// The row's value of `p` equals the definition's.
    fn check_position(&mut self, p: &str) -> Result<(), Skip> {
        let want = self.definition(p)?;
        let got = self.eval(p)?.unwrap_or_else(|| panic!("{p} has no value"));
        assert_eq!(got, want, "{p} evaluates to {got}; the definition over its moves gives {want}");
        Ok(())
    }
}

/// The moves of a heap rule from one heap of `n`: the heaps each leaves.
type HeapMoves = Box<dyn Fn(u64) -> Vec<Vec<u64>>>;

/// Octal code digits: taking k tokens (digit k) may leave no heap (bit 1), one heap (bit 2)
/// or two non-empty heaps (bit 4).
fn octal(digits: Vec<u64>) -> HeapMoves {
    Box::new(move |n| {
        let mut out = Vec::new();
        for (k, d) in (1..).zip(&digits) {
            if k > n {
                break;
            }
            let rest = n - k;
            if rest == 0 && d & 1 != 0 {
                out.push(vec![]);
            }
            if rest > 0 && d & 2 != 0 {
                out.push(vec![rest]);
            }
            if rest >= 2 && d & 4 != 0 {
                out.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
            }
        }
        out
    })
}

/// Minimum excluded value.
fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).expect("finite")
}

/// Nim values of heaps 0..=max by the mex rule over `moves`.
fn heap_values(moves: &HeapMoves, max: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=max {
        let opts: Vec<u64> = moves(n).iter().map(|hs| hs.iter().fold(0, |x, &h| x ^ g[h as usize])).collect();
        g.push(mex(&opts));
    }
    g
}

/// The nim value a printed nimber stands for: `0`, `*`, `*5`.
fn nimber(printed: &str, p: &str) -> u64 {
    match printed {
        "0" => 0,
        "*" => 1,
        _ => printed
            .strip_prefix('*')
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{p} = {printed}, not a nimber")),
    }
}

/// Numbers joined by ", ".
fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// A heap game row: the sum's nim value against the XOR of the searched heap values.
fn check_heaps(o: &mut Oracle, b: &mut Bytes) -> Result<(), Skip> {
    let (name, settings, moves): (&str, String, HeapMoves) = match b.below(7) {
        0 => {
            let digits: Vec<u64> = (0..1 + b.below(4)).map(|_| b.below(8)).collect();
            let code: String = digits.iter().map(u64::to_string).collect();
            ("octal", format!(" code=0.{code}"), octal(digits))
        }
        1 => ("kayles", String::new(), octal(vec![7, 7])),
        2 => ("dawson", String::new(), octal(vec![0, 7])),
        3 => (
            "grundy_game",
            String::new(),
            Box::new(|n| (1..n).filter(|&a| 2 * a < n).map(|a| vec![a, n - a]).collect()),
        ),
        4 => (
            "lasker",
            String::new(),
            Box::new(|n| (0..n).map(|k| vec![k]).chain((1..=n / 2).map(|a| vec![a, n - a])).collect()),
        ),
        k => {
            let mut set: Vec<u64> = (0..1 + b.below(4)).map(|_| 1 + b.below(9)).collect();
            set.sort_unstable();
            set.dedup();
            let s = join(&set);
            if k == 5 {
                (
                    "stones",
                    format!(" take=[{s}]"),
                    Box::new(move |n| set.iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect()),
                )
            } else {
                (
                    "stones",
                    format!(" allbut=[{s}]"),
                    Box::new(move |n| (1..=n).filter(|k| !set.contains(k)).map(|k| vec![n - k]).collect()),
                )
            }
        }
    };
    let heaps: Vec<u64> = (0..1 + b.below(3)).map(|_| 1 + b.wide(MAX_HEAP)).collect();
    let values = heap_values(&moves, *heaps.iter().max().expect("a heap"));
    let want = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
    let p = format!("{name}[{}]{settings}", join(&heaps));
    let got = o.eval(&p)?.unwrap_or_else(|| panic!("{p} has no value"));
    assert_eq!(
        nimber(&got, &p),
        want,
        "{p} = {got}; the search gives *{want} (heaps {:?})",
        heaps.iter().map(|&h| values[h as usize]).collect::<Vec<_>>()
    );
    Ok(())
}

/// A coin-turning row: heads at positions 1..=10; the nim value by a search over the rows of
/// coins (a move turns the listed coins over, the rightmost from heads to tails).
fn check_coins(o: &mut Oracle, b: &mut Bytes) -> Result<(), Skip> {
    let rule = b.below(3);
    let name = ["turtles", "mock_turtles", "ruler"][rule as usize];
    let mut heads: Vec<u64> = (0..1 + b.below(4)).map(|_| 1 + b.below(10)).collect();
    heads.sort_unstable();
    heads.dedup();
    // Each move from a coin at `h` (heads): the set of coins it turns, as a bit mask.
    let turns = |h: u32| -> Vec<u32> {
        let top = 1u32 << h;
        match rule {
            0 => std::iter::once(top).chain((1..h).map(|j| top | 1 << j)).collect(),
            1 => {
                let mut out = vec![top];
                for j in 1..h {
                    out.push(top | 1 << j);
                    out.extend((j + 1..h).map(|i| top | 1 << j | 1 << i));
                }
                out
            }
            _ => (1..=h).map(|start| (start..=h).fold(0, |m, c| m | 1 << c)).collect(),
        }
    };
    let mut g = vec![0u64; 1 << 11];
    // Every move lowers the mask (its highest bit, a head, becomes a tail), so masks in
    // increasing order see their options first.
    for mask in 1u32..(1 << 11) {
        let opts: Vec<u64> =
            (1..=10).filter(|&h| mask & 1 << h != 0).flat_map(|h| turns(h)).map(|t| g[(mask ^ t) as usize]).collect();
        g[mask as usize] = mex(&opts);
    }
    let mask = heads.iter().fold(0u32, |m, &h| m | 1 << h);
    let p = format!("{name}[{}]", join(&heads));
    let got = o.eval(&p)?.unwrap_or_else(|| panic!("{p} has no value"));
    assert_eq!(nimber(&got, &p), g[mask as usize], "{p} = {got}; the search gives *{}", g[mask as usize]);
    Ok(())
}

/// A grid of quoted rows, up to `rows` x `cols`, of `letters`.
fn grid(b: &mut Bytes, rows: u64, cols: u64, letters: &[char]) -> String {
    let (h, w) = (1 + b.below(rows), 1 + b.below(cols));
    let rows: Vec<String> =
        (0..h).map(|_| format!("\"{}\"", (0..w).map(|_| b.pick(letters)).collect::<String>())).collect();
    rows.join(", ")
}

/// Hackenbush edges between vertices 0..=4, coloured.
fn edges(b: &mut Bytes, count: u64) -> String {
    let list: Vec<String> = (0..1 + b.below(count))
        .map(|_| format!("{}-{} {}", b.below(5), b.below(5), b.pick(&['B', 'R', 'G'])))
        .collect();
    list.join(", ")
}

/// A forest in `tree[...]` notation with at most `budget` edges.
fn forest(b: &mut Bytes, budget: &mut u64) -> String {
    let mut out = Vec::new();
    while *budget > 0 && (out.is_empty() || b.below(2) == 0) {
        *budget -= 1;
        let colour = b.pick(&['B', 'R', 'G']);
        if *budget > 0 && b.below(2) == 0 {
            out.push(format!("{colour}({})", forest(b, budget)));
        } else {
            out.push(colour.to_string());
        }
    }
    out.join(", ")
}

/// A set of 1 to 3 amounts from 1 to 4, written as a list.
fn amounts(b: &mut Bytes) -> String {
    let mut s: Vec<u64> = (0..1 + b.below(3)).map(|_| 1 + b.below(4)).collect();
    s.sort_unstable();
    s.dedup();
    join(&s)
}

/// A position of a row that lists its moves.
fn position(b: &mut Bytes) -> String {
    match b.below(17) {
        0 => format!("hackenbush[{}]", edges(b, 6)),
        1 => format!("childish[{}]", edges(b, 5)),
        2 => format!(
            "boxes[{}]",
            (0..1 + b.below(3)).map(|_| b.word(5, &['B', 'W', 'G'])).collect::<Vec<_>>().join(", ")
        ),
        3 => {
            let mut budget = 1 + b.below(7);
            format!("tree[{}]", forest(b, &mut budget))
        }
        4 => format!(
            "toppling[{}]",
            (0..1 + b.below(2)).map(|_| b.word(5, &['B', 'W', 'G'])).collect::<Vec<_>>().join(".")
        ),
        5 => format!("cutcake[{}x{}]", 1 + b.below(4), 1 + b.below(4)),
        6 => format!("eatcake[{}x{}]", 1 + b.below(3), 1 + b.below(3)),
        7 => format!("maundy[{}x{}]", 1 + b.below(7), 1 + b.below(7)),
        8 => format!("push[\"{}\"]", b.word(6, &['x', 'o', '.'])),
        9 => format!("shove[\"{}\"]", b.word(6, &['x', 'o', '.'])),
        10 => format!("toads[\"{}\"]", b.word(7, &['T', 'F', '.', '.'])),
        11 => format!("euclid[{}, {}]", 1 + b.below(20), 1 + b.below(20)),
        12 => format!("wythoff[{}, {}]", b.below(8), b.below(8)),
        13 => {
            let mut squares: Vec<u64> = (0..1 + b.below(3)).map(|_| b.below(8)).collect();
            squares.sort_unstable();
            squares.dedup();
            format!("welter[{}]", join(&squares))
        }
        14 => format!("staircase[{}]", join(&(0..1 + b.below(3)).map(|_| b.below(4)).collect::<Vec<_>>())),
        15 => {
            let (left, right) = (amounts(b), amounts(b));
            let heaps: Vec<u64> = (0..1 + b.below(2)).map(|_| b.below(11)).collect();
            format!("psub[{}] left=[{left}] right=[{right}]", join(&heaps))
        }
        _ => match b.below(2) {
            0 => format!("domineering[{}]", grid(b, 3, 3, &['.', '.', '.', '#'])),
            _ => format!("clobber[{}]", grid(b, 2, 3, &['.', 'x', 'x', 'o', 'o'])),
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let config = Config { time: TIME, memory: MEMORY, threads: 1, ..Config::default() };
    let mut o = Oracle { session: Session::new(config), values: HashMap::new() };
    let _ = match b.below(4) {
        0 => check_heaps(&mut o, &mut b),
        1 => check_coins(&mut o, &mut b),
        _ => {
            let p = position(&mut b);
            o.check_position(&p)
        }
    };
});
