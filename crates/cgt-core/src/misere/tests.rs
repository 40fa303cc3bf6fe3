//! Misère canonical forms against CGSuite's published table and against search over game trees.

use cgt_testkit::Rng;
use std::collections::HashMap;

use super::{MisereGames, MisereId, Phylum};
use crate::budget::Budget;

/// Game trees as plain option lists (form i has the options `forms[i]`), with misère outcomes
/// of sums by search from the definition.
#[derive(Default)]
struct Forms {
    forms: Vec<Vec<usize>>,
    memo: HashMap<Vec<usize>, bool>,
}

impl Forms {
    fn add(&mut self, opts: Vec<usize>) -> usize {
        self.forms.push(opts);
        self.forms.len() - 1
    }

    /// Whether the sum of the forms `parts` is a misère P-position.
    fn is_p(&mut self, parts: &[usize]) -> bool {
        let mut key: Vec<usize> = parts.iter().copied().filter(|&p| !self.forms[p].is_empty()).collect();
        key.sort_unstable();
        if key.is_empty() {
            return false;
        }
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut all_n = true;
        'moves: for i in 0..key.len() {
            for o in self.forms[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                if self.is_p(&next) {
                    all_n = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(key, all_n);
        all_n
    }

    /// The misère nim value by the definition.
    fn misere_value(&self, f: usize) -> u32 {
        if self.forms[f].is_empty() {
            return 1;
        }
        super::mex(self.forms[f].iter().map(|&o| self.misere_value(o)))
    }

    fn to_arena(&self, f: usize, games: &mut MisereGames) -> MisereId {
        let opts: Vec<MisereId> = self.forms[f].iter().map(|&o| self.to_arena(o, games)).collect();
        games.from_options(&opts, &Budget::unlimited()).unwrap()
    }

    /// The form of a canonical game (its option tree).
    fn of_arena(&mut self, g: MisereId, games: &MisereGames) -> usize {
        let opts = games.options(g).iter().map(|&o| self.of_arena(o, games)).collect();
        self.add(opts)
    }

    /// A pool of random forms, each with 1 to 3 options among the earlier ones.
    fn random_pool(&mut self, rng: &mut Rng, size: usize) -> Vec<usize> {
        let mut pool = vec![self.add(vec![])];
        while pool.len() < size {
            let k = 1 + rng.below(3) as usize;
            let opts = (0..k).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect();
            pool.push(self.add(opts));
        }
        pool
    }
}

/// Reads CGSuite's input notation: `*[2]` is a nim heap, `*[4,2]` the game with options `*4`
/// and `*2`, a nested `[...]` the game with those options, `+` a sum.
fn parse(text: &str, games: &mut MisereGames) -> MisereId {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pos = 0;
    let g = expr(&chars, &mut pos, games);
    assert_eq!(pos, chars.len(), "trailing input in {text}");
    g
}

fn expr(c: &[char], pos: &mut usize, games: &mut MisereGames) -> MisereId {
    let mut g = element(c, pos, games);
    while c.get(*pos) == Some(&'+') {
        *pos += 1;
        let h = element(c, pos, games);
        g = games.add(g, h, &Budget::unlimited()).unwrap();
    }
    g
}

fn element(c: &[char], pos: &mut usize, games: &mut MisereGames) -> MisereId {
    let b = Budget::unlimited();
    match c[*pos] {
        '*' => {
            *pos += 1;
            let items = list(c, pos, games);
            if let [only] = items[..] { only } else { games.from_options(&items, &b).unwrap() }
        }
        '[' => {
            let items = list(c, pos, games);
            games.from_options(&items, &b).unwrap()
        }
        _ => {
            let start = *pos;
            while c[*pos].is_ascii_digit() {
                *pos += 1;
            }
            let n: u32 = c[start..*pos].iter().collect::<String>().parse().unwrap();
            games.nimber(n, &b).unwrap()
        }
    }
}

fn list(c: &[char], pos: &mut usize, games: &mut MisereGames) -> Vec<MisereId> {
    assert_eq!(c[*pos], '[');
    *pos += 1;
    let mut items = Vec::new();
    while c[*pos] != ']' {
        items.push(expr(c, pos, games));
        if c[*pos] == ',' {
            *pos += 1;
        }
    }
    *pos += 1;
    items
}

/// One row of CGSuite's table: input, printed form, genus, mate, misère nim value, nim value,
/// even, and the class (hereditary).
type Row = (&'static str, &'static str, &'static str, &'static str, u32, u32, bool, Phylum);

/// CGSuite's own test table for `MisereCanonicalGame` (cgsuite, `MisereCanonicalGameTestCase`),
/// minus the rows whose genus CGSuite abbreviates by its finer phyla (generally tame and
/// generally restive games, which print `0^0` and `0^2` there).
const CGSUITE: [Row; 11] = [
    ("*[0]", "*[0]", "0", "*[1]", 1, 0, true, Phylum::NimHeap),
    ("*[1]", "*[1]", "1", "*[0]", 0, 1, false, Phylum::NimHeap),
    ("*[2]", "*[2]", "2", "*[2]", 2, 2, true, Phylum::NimHeap),
    ("*[[2]]", "*[2#]", "0^0", "*[2#]", 0, 0, true, Phylum::Tame),
    ("*[[[2]]]", "*[2##]", "1^1", "*[2##]", 1, 1, true, Phylum::Tame),
    ("*[2]+*[2]", "*[2[2]]", "0^0", "*[2[2]]", 0, 0, true, Phylum::Tame),
    ("*[[*[2]+*[[2]]]]", "*[2[#2#]]", "0^0", "*[2[#2#]]", 0, 0, true, Phylum::Tame),
    ("*[[2],0]", "*[2#0]", "1^2", "*[2#1]", 2, 1, true, Phylum::Restive),
    ("*[[2],1]", "*[2#1]", "2^1420", "*[2#0]", 1, 2, true, Phylum::Restless),
    ("*[[*[4]+*[2]]]", "*[4[2#]]", "0^0", "*[4[2#]]", 0, 0, true, Phylum::Tame),
    (
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        "*[((2#0)2[#1]2#)(2#1)[1]]",
        "0^120",
        "*[((2#1)2[#1]2#)(2#0)[1]]",
        1,
        0,
        true,
        Phylum::Wild,
    ),
];

#[test]
fn cgsuite_table() {
    let b = Budget::unlimited();
    for (input, printed, genus, mate, misere, nim, even, phylum) in CGSUITE {
        let mut games = MisereGames::new();
        let g = parse(input, &mut games);
        let m = games.mate(g, &b).unwrap();
        let got = (
            games.display(g, &b).unwrap(),
            games.genus(g, &b).unwrap().to_string(),
            games.display(m, &b).unwrap(),
            games.misere_nim_value(g),
            games.nim_value(g),
            !games.parity(g, &b).unwrap().0,
            games.phylum(g, &b).unwrap(),
        );
        let want = (printed.to_string(), genus.to_string(), mate.to_string(), misere, nim, even, phylum);
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn options_in_cgsuite_order() {
    let b = Budget::unlimited();
    let mut games = MisereGames::new();
    let g = parse("*[[[2],2,0],[[2],3],1]", &mut games);
    assert_eq!(games.display(g, &b).unwrap(), "*[(2#20)2[#1]1]");
    for (input, printed) in [("*[[[2]],[[2],1]]", "*[(2#1)2##]"), ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]")] {
        let h = parse(input, &mut games);
        assert_eq!(games.display(h, &b).unwrap(), printed);
    }
    let opts = games.ordered_options(g, &b).unwrap();
    let shown: Vec<String> = opts.iter().map(|&o| games.display(o, &b).unwrap()).collect();
    assert_eq!(shown, ["*[1]", "*[2[#1]]", "*[2#20]"]);
    let sum = parse("*[2]+*[2]", &mut games);
    let shown: Vec<String> =
        games.ordered_options(sum, &b).unwrap().iter().map(|&o| games.display(o, &b).unwrap()).collect();
    assert_eq!(shown, ["*[2]", "*[3]"]);
}

/// The number of misère games born by day n: 1, 2, 3, 5, 22 (Conway, ONAG ch. 12; Siegel V.1).
#[test]
fn games_born_by_day() {
    let b = Budget::unlimited();
    let mut games = MisereGames::new();
    let mut day = vec![games.zero()];
    let mut counts = vec![day.len()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for mask in 0u32..1 << day.len() {
            let opts: Vec<MisereId> = (0..day.len()).filter(|i| mask >> i & 1 == 1).map(|i| day[i]).collect();
            next.push(games.from_options(&opts, &b).unwrap());
        }
        next.sort_unstable();
        next.dedup();
        day = next;
        counts.push(day.len());
    }
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    // Different canonical forms are told apart by some sum of at most two of them.
    let mut forms = Forms::default();
    let fs: Vec<usize> = day.iter().map(|&g| forms.of_arena(g, &games)).collect();
    for i in 0..fs.len() {
        for j in 0..i {
            let told = (0..=fs.len()).any(|x| {
                (0..=fs.len()).any(|y| {
                    let extra: Vec<usize> = [x, y].iter().filter(|&&k| k < fs.len()).map(|&k| fs[k]).collect();
                    let mut a = extra.clone();
                    a.push(fs[i]);
                    let mut c = extra;
                    c.push(fs[j]);
                    forms.is_p(&a) != forms.is_p(&c)
                })
            });
            assert!(told, "{i} and {j} look equal");
        }
    }
}

/// Canonical forms keep the misère outcome of every sum, and sums of canonical forms are right.
#[test]
fn canonical_forms_against_search() {
    let b = Budget::unlimited();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..6 {
        let mut forms = Forms::default();
        let pool = forms.random_pool(&mut rng, 14);
        let mut games = MisereGames::new();
        let ids: Vec<MisereId> = pool.iter().map(|&f| forms.to_arena(f, &mut games)).collect();
        let canon: Vec<usize> = ids.iter().map(|&g| forms.of_arena(g, &games)).collect();
        for k in 0..pool.len() {
            assert_eq!(forms.misere_value(pool[k]), games.misere_nim_value(ids[k]));
            for _ in 0..6 {
                let others: Vec<usize> =
                    (0..rng.below(3)).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect();
                let mut raw = others.clone();
                raw.push(pool[k]);
                let mut reduced = others.clone();
                reduced.push(canon[k]);
                assert_eq!(forms.is_p(&raw), forms.is_p(&reduced));
                let mut arena_sum = ids[k];
                for &o in &others {
                    let oid = ids[pool.iter().position(|&p| p == o).unwrap()];
                    arena_sum = games.add(arena_sum, oid, &b).unwrap();
                }
                assert_eq!(games.is_p_position(arena_sum), forms.is_p(&raw));
            }
        }
    }
}

/// The genus by its definition (misère values of `G + *2 + ... + *2`), the mate by
/// `G + mate(G)` being a P-position (Conway), on random games.
#[test]
fn genus_and_mate_by_definition() {
    let b = Budget::unlimited();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut forms = Forms::default();
    let pool = forms.random_pool(&mut rng, 24);
    let mut games = MisereGames::new();
    let two = games.nimber(2, &b).unwrap();
    for &f in &pool {
        let g = forms.to_arena(f, &mut games);
        let genus = games.genus(g, &b).unwrap();
        assert_eq!(genus.nim(), games.nim_value(g));
        let mut x = g;
        for k in 0..8 {
            assert_eq!(genus.digit(k), games.misere_nim_value(x), "digit {k}");
            x = games.add(x, two, &b).unwrap();
        }
        let m = games.mate(g, &b).unwrap();
        let mate_form = forms.of_arena(m, &games);
        assert!(forms.is_p(&[f, mate_form]));
    }
}

#[test]
fn small_identities() {
    let b = Budget::unlimited();
    let mut games = MisereGames::new();
    let one = games.nimber(1, &b).unwrap();
    let two = games.nimber(2, &b).unwrap();
    let three = games.nimber(3, &b).unwrap();
    assert_eq!(games.add(one, one, &b).unwrap(), games.zero());
    assert_eq!(games.add(two, one, &b).unwrap(), three);
    let twice = games.add(two, two, &b).unwrap();
    assert!(!games.is_nim_heap(twice));
    assert_eq!(games.display(twice, &b).unwrap(), "*[2[2]]");
    let exp = games.nimber(12, &b).unwrap();
    assert_eq!(games.display(exp, &b).unwrap(), "*[&12;]");
}

#[test]
fn budget_gives_up() {
    let mut games = MisereGames::new();
    let tiny = Budget::new(std::time::Duration::from_secs(60), 4096);
    let b = Budget::unlimited();
    let mut g = games.nimber(3, &b).unwrap();
    let two = games.nimber(2, &b).unwrap();
    let mut failed = false;
    for _ in 0..40 {
        match games.add(g, two, &tiny) {
            Ok(s) => g = s,
            Err(_) => {
                failed = true;
                break;
            }
        }
    }
    assert!(failed);
}

/// What `display` prints reads back as the same game, on random games and their sums; and
/// CGSuite's list notation reads as its options.
#[test]
fn printed_forms_read_back() {
    let b = Budget::unlimited();
    let mut rng = Rng::new(0x2ead_bac4);
    let mut games = MisereGames::new();
    let mut read = 0;
    for _ in 0..10 {
        let mut forms = Forms::default();
        let pool = forms.random_pool(&mut rng, 16);
        let ids: Vec<MisereId> = pool.iter().map(|&f| forms.to_arena(f, &mut games)).collect();
        for k in 0..ids.len() {
            let other = ids[rng.index(ids.len())];
            for g in [ids[k], games.add(ids[k], other, &b).unwrap()] {
                let shown = games.display(g, &b).unwrap();
                assert_eq!(games.read(&shown, &b), Ok(g), "{shown}");
                read += 1;
            }
        }
    }
    assert!(read >= 300);
    let heap = |games: &mut MisereGames, n| games.nimber(n, &b).unwrap();
    let (h2, h4, h1, h0) = (heap(&mut games, 2), heap(&mut games, 4), heap(&mut games, 1), heap(&mut games, 0));
    let four_two = games.from_options(&[h4, h2], &b).unwrap();
    assert_eq!(games.read("*[4,2]", &b), Ok(four_two));
    let only_two = games.from_options(&[h2], &b).unwrap();
    assert_eq!(games.read("*[[2]]", &b), Ok(only_two));
    assert_eq!(games.read("*[2#]", &b), Ok(only_two));
    let long = games.from_options(&[only_two, h2, h1, h0], &b).unwrap();
    assert_eq!(games.read("*[[2],2,1,0]", &b), Ok(long));
    assert_eq!(games.read("*[&12;]", &b), Ok(heap(&mut games, 12)));
    assert!(matches!(games.read("*[2#x]", &b), Err(super::ReadError::Syntax(..))));
}
