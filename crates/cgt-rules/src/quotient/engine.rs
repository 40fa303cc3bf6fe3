//! The construction and the proof of a quotient for heaps up to n (see the parent module).

use cgt_core::Budget;

use super::levels::Level;
use super::verify::{Found, HeapType, Monoid, Proof, Stop};
use cgt_core::hash::FxHashMap;

use super::{GaveUpReason, HeapRule, Quotient, Word};

/// A heap size in the memo's keys.
type Heap = u16;

/// The largest heap the search over positions takes (its keys hold `Heap`s); the solver gives
/// up beyond it, as where no search is asked for.
pub(super) const MAX_SEARCH_HEAP: usize = Heap::MAX as usize;

/// A position in the memo: its heaps that have a move, sorted.
type Key = Vec<Heap>;

/// Bytes counted per memoised outcome.
const MEMO_BYTES: usize = 96;

/// Bytes counted per kept row, besides one per test.
const ROW_BYTES: usize = 96;

/// The search oracle and the test words for one heap bound (the solver starts a new one for
/// each heap).
pub(super) struct Engine<'r> {
    rule: &'r HeapRule,
    /// The outcome rule: misère play, or a level game.
    level: Option<Level<'r>>,
    memo: FxHashMap<Key, bool>,
    /// The rows computed so far (see `row`).
    rows: FxHashMap<Word, Vec<bool>>,
    tests: Vec<Word>,
    /// The last proven quotient: outcomes of positions of its heaps.
    known: Option<Quotient>,
}

/// A candidate quotient: representatives with their rows, and the products.
struct Candidate {
    reps: Vec<Word>,
    /// Each class by its base element (in a level game; else 0) and its row.
    rows: FxHashMap<(usize, Vec<bool>), usize>,
    table: Vec<Vec<usize>>,
    img: Vec<usize>,
    p: Vec<bool>,
}

type Step<T> = Result<T, GaveUpReason>;

impl<'r> Engine<'r> {
    pub(super) fn new(rule: &'r HeapRule, level: Option<Level<'r>>) -> Self {
        Engine { rule, level, memo: FxHashMap::default(), rows: FxHashMap::default(), tests: vec![vec![]], known: None }
    }

    /// The element of a word in the base of a level game (0 in misère play).
    fn base_of(&self, word: &[usize]) -> usize {
        self.level.and_then(|l| l.base.element(word)).unwrap_or(0)
    }

    /// The proven quotient of the heaps 1..=n, with the states of its proof. Outcomes of
    /// positions whose heaps are all covered by `known` (a proven quotient) are read from it.
    pub(super) fn solve(
        &mut self,
        n: usize,
        max: usize,
        known: Option<&Quotient>,
        budget: &Budget,
    ) -> Step<(Quotient, Proof)> {
        self.known = known.cloned();
        loop {
            let cand = self.candidate(n, max, budget)?;
            if let Some(test) = self.check(&cand, n, budget)? {
                self.tests.push(test);
                continue;
            }
            match self.prove(&cand, n, budget)? {
                Err(test) => self.tests.push(test),
                Ok(proof) => {
                    let q = Quotient {
                        max_heap: n,
                        table: cand.table,
                        p_portion: cand.p,
                        heap_map: cand.img,
                        representatives: cand.reps,
                    };
                    return Ok((q, proof));
                }
            }
        }
    }

    /// Whether the sum of `word` is a misère P-position, by memoised search.
    fn truth(&mut self, word: &[usize], budget: &Budget) -> Step<bool> {
        // A heap with no move is the game 0, which changes no sum: it is left out.
        let mut key: Key = word.iter().filter(|&&h| !self.rule.options(h).is_empty()).map(|&h| h as Heap).collect();
        key.sort_unstable();
        self.search(key, budget)
    }

    /// `truth` of a sorted key of heaps that all have a move.
    fn search(&mut self, key: Key, budget: &Budget) -> Step<bool> {
        // In misère play a position with no move is won by the player to move. In a level
        // game, a position whose base element is an exit is N, and one with no move of its own
        // is P otherwise (its only moves are the new heap's, all to N).
        if let Some(l) = self.level {
            let b =
                key.iter().try_fold(0, |acc, &h| l.base.heap_map.get(usize::from(h)).map(|&e| l.base.table[acc][e]));
            if l.exit[b.unwrap_or(0)] {
                return Ok(false);
            }
            if key.is_empty() {
                return Ok(true);
            }
        } else if key.is_empty() {
            return Ok(false);
        }
        if let Some(&p) = self.memo.get(&key) {
            return Ok(p);
        }
        if let Some(p) = self.known.as_ref().and_then(|q| q.is_p_of(&key)) {
            return Ok(p);
        }
        budget.check().map_err(GaveUpReason::Budget)?;
        let mut p = true;
        'moves: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for opt in self.rule.options(usize::from(key[i])) {
                let mut next = Key::with_capacity(key.len() + opt.len());
                next.extend_from_slice(&key[..i]);
                next.extend_from_slice(&key[i + 1..]);
                for &h in opt {
                    if !self.rule.options(h).is_empty() {
                        let at = next.partition_point(|&x| x < h as Heap);
                        next.insert(at, h as Heap);
                    }
                }
                if self.search(next, budget)? {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(key, p);
        budget.check_memory(self.bytes()).map_err(GaveUpReason::Budget)?;
        Ok(p)
    }

    /// The outcomes of `word` plus each test. Rows are kept: tests are only ever added, so a
    /// row kept needs only the tests added since.
    fn row(&mut self, word: &[usize], budget: &Budget) -> Step<Vec<bool>> {
        let mut row = self.rows.remove(word).unwrap_or_default();
        let result = (row.len()..self.tests.len()).try_for_each(|t| {
            let w = join(word, &self.tests[t]);
            row.push(self.truth(&w, budget)?);
            Ok(())
        });
        let out = row.clone();
        self.rows.insert(word.to_vec(), row);
        result?;
        budget.check_memory(self.bytes()).map_err(GaveUpReason::Budget)?;
        Ok(out)
    }

    /// The memory counted for the memo and the kept rows.
    fn bytes(&self) -> usize {
        self.memo.len() * MEMO_BYTES + self.rows.len() * (ROW_BYTES + self.tests.len())
    }

    /// Representatives closed under adding heaps and under sums, grouped by their rows.
    fn candidate(&mut self, n: usize, max: usize, budget: &Budget) -> Step<Candidate> {
        let mut c = Candidate { reps: vec![], rows: FxHashMap::default(), table: vec![], img: vec![0], p: vec![] };
        self.class_of(&mut c, vec![], n, max, budget)?;
        for g in 1..=n {
            let e = self.class_of(&mut c, vec![g], n, max, budget)?;
            c.img.push(e);
        }
        loop {
            let before = c.reps.len();
            let mut i = 0;
            while i < c.reps.len() {
                for g in 1..=n {
                    let w = join(&c.reps[i], &[g]);
                    self.class_of(&mut c, w, n, max, budget)?;
                }
                i += 1;
            }
            let m = c.reps.len();
            c.table = vec![vec![0; m]; m];
            for a in 0..m {
                for b in a..m {
                    let w = join(&c.reps[a], &c.reps[b]);
                    let e = self.class_of(&mut c, w, n, max, budget)?;
                    c.table[a][b] = e;
                    c.table[b][a] = e;
                }
            }
            if c.reps.len() == before {
                break;
            }
        }
        Ok(c)
    }

    fn class_of(&mut self, c: &mut Candidate, word: Word, n: usize, max: usize, budget: &Budget) -> Step<usize> {
        let key = (self.base_of(&word), self.row(&word, budget)?);
        if let Some(&e) = c.rows.get(&key) {
            return Ok(e);
        }
        if c.reps.len() >= max {
            return Err(GaveUpReason::TooLarge { limit: max, heap: n });
        }
        c.p.push(key.1[0]);
        c.rows.insert(key, c.reps.len());
        c.reps.push(word);
        Ok(c.reps.len() - 1)
    }

    /// `None` when the candidate is proven, else a new test word that splits a class.
    fn check(&mut self, c: &Candidate, n: usize, budget: &Budget) -> Step<Option<Word>> {
        if let Some(t) = self.check_generators(c, n, budget)? {
            return Ok(Some(t));
        }
        if let Some(t) = self.check_associative(c, budget)? {
            return Ok(Some(t));
        }
        Ok(None)
    }

    /// The class of `rep(e) + g` must be `e · img(g)`.
    fn check_generators(&mut self, c: &Candidate, n: usize, budget: &Budget) -> Step<Option<Word>> {
        for e in 0..c.reps.len() {
            for g in 1..=n {
                let word = join(&c.reps[e], &[g]);
                let direct = self.row(&word, budget)?;
                if c.rows.get(&(self.base_of(&word), direct.clone())) == Some(&c.table[e][c.img[g]]) {
                    continue;
                }
                let via = self.row(&join(&c.reps[e], &c.reps[c.img[g]]), budget)?;
                let t = first_difference(&direct, &via);
                return Ok(Some(join(&c.reps[e], &self.tests[t])));
            }
        }
        Ok(None)
    }

    fn check_associative(&mut self, c: &Candidate, budget: &Budget) -> Step<Option<Word>> {
        let m = c.reps.len();
        for a in 0..m {
            for b in 0..m {
                budget.check().map_err(GaveUpReason::Budget)?;
                for e in 0..m {
                    let (ab, bc) = (c.table[a][b], c.table[b][e]);
                    if c.table[ab][e] == c.table[a][bc] {
                        continue;
                    }
                    let whole = join(&join(&c.reps[a], &c.reps[b]), &c.reps[e]);
                    let left = self.row(&join(&c.reps[ab], &c.reps[e]), budget)?;
                    let right = self.row(&join(&c.reps[a], &c.reps[bc]), budget)?;
                    let t = first_difference(&left, &right);
                    let truth = self.truth(&join(&whole, &self.tests[t].clone()), budget)?;
                    let z = if truth != left[t] { &c.reps[e] } else { &c.reps[a] };
                    return Ok(Some(join(z, &self.tests[t])));
                }
            }
        }
        Ok(None)
    }

    /// Every position is predicted as the outcome rule says (the search of `verify`), giving
    /// the reachable states; else a new test from a position predicted wrongly.
    fn prove(&mut self, c: &Candidate, n: usize, budget: &Budget) -> Step<Result<Proof, Word>> {
        let exits = match self.level {
            None => None,
            // The classes are grouped by base element, so they refine the base.
            Some(l) => Some(l.exits_of(&c.table, &c.reps, &c.img).ok_or(GaveUpReason::ProofTooLarge { heap: n })?),
        };
        let m = Monoid { table: &c.table, p: &c.p, exit: exits.as_deref() };
        let types = (1..=n)
            .map(|g| {
                let options: Vec<usize> = self.rule.options(g).iter().map(|o| image(c, o)).collect();
                (HeapType::new(m, c.img[g], &options), g)
            })
            .collect();
        match Proof::build(m, types, budget).map_err(|s| stop_reason(s, n))? {
            Found::Proven(proof) => Ok(Ok(proof)),
            Found::Witness(word) => match self.refute_position(c, &word, budget)? {
                Some(test) => Ok(Err(test)),
                None => Err(GaveUpReason::TooLarge { limit: c.reps.len(), heap: n }),
            },
        }
    }

    /// A failure at X: X or one of its options is predicted wrongly.
    fn refute_position(&mut self, c: &Candidate, x: &[usize], budget: &Budget) -> Step<Option<Word>> {
        let mut candidates = vec![x.to_vec()];
        for i in 0..x.len() {
            for opt in self.rule.options(x[i]) {
                candidates.push(x[..i].iter().chain(&x[i + 1..]).chain(opt).copied().collect());
            }
        }
        self.refute_one(c, &candidates, budget)
    }

    /// Some word among `words` is predicted wrongly; its breakpoint gives a new test.
    fn refute_one(&mut self, c: &Candidate, words: &[Word], budget: &Budget) -> Step<Option<Word>> {
        for w in words {
            if self.truth(w, budget)? != c.p[image(c, w)] {
                return self.breakpoint(c, w, budget).map(Some);
            }
        }
        Err(GaveUpReason::TooLarge { limit: c.reps.len(), heap: 0 })
    }

    /// For a word whose outcome differs from the prediction, a test telling apart two words
    /// of the same class (Rivest–Schapire's breakpoint).
    fn breakpoint(&mut self, c: &Candidate, w: &[usize], budget: &Budget) -> Step<Word> {
        let mut e = 0;
        for i in 0..w.len() {
            let suffix = &w[i + 1..];
            let here = self.truth(&join(&join(&c.reps[e], &[w[i]]), suffix), budget)?;
            let swapped = join(&join(&c.reps[e], &c.reps[c.img[w[i]]]), suffix);
            if here != self.truth(&swapped, budget)? {
                return Ok(join(&c.reps[e], suffix));
            }
            let next = c.table[e][c.img[w[i]]];
            if here != self.truth(&join(&c.reps[next], suffix), budget)? {
                return Ok(suffix.to_vec());
            }
            e = next;
        }
        Err(GaveUpReason::TooLarge { limit: c.reps.len(), heap: 0 })
    }
}

/// The element of a word, multiplying left to right.
fn image(c: &Candidate, word: &[usize]) -> usize {
    word.iter().fold(0, |acc, &h| c.table[acc][c.img[h]])
}

fn join(a: &[usize], b: &[usize]) -> Word {
    let mut w: Word = a.iter().chain(b).copied().collect();
    w.sort_unstable();
    w
}

fn first_difference(a: &[bool], b: &[bool]) -> usize {
    a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(0)
}

/// The reason to give up for a proof search that stopped at heap n.
pub(super) fn stop_reason(s: Stop, n: usize) -> GaveUpReason {
    match s {
        Stop::Budget(e) => GaveUpReason::Budget(e),
        Stop::TooManyStates => GaveUpReason::ProofTooLarge { heap: n },
    }
}
