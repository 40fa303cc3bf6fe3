//! The top search of a large region on two threads. The region's value is the least k that no
//! option has (`Solver::region_value`); each round asks the options, one at a time, whether
//! their value is k (nim-added to the values of their smaller regions), and the options are
//! shared out between the two threads as they become free. A round ends when some option has
//! the value k (then the next round asks about k + 1) or when every option has said that it is
//! not k (then k is the value). A search asked only whether the value is at most some limit
//! (`Solver::has_value`) also ends as soon as k passes the limit, and the thread still
//! searching is stopped. Each thread keeps its own tables: the answers are exact whichever
//! thread gives them, so the value never depends on the timing, only the time does.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use cgt_core::{Budget, Exhausted};

use super::{Solver, Values};
use crate::cram::bits::Region;

/// An option of the region searched: the nim-sum of its smaller regions' values, and its largest
/// region, whose value is asked about.
#[derive(Clone, Copy)]
pub(super) struct Asked {
    pub(super) heap: u64,
    pub(super) part: Region,
}

/// Where an option stands in the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    /// To be asked about the value of the round (it said "not k" for an earlier k, if any).
    Open,
    /// Being asked about the value k on some thread.
    Asking(u64),
    /// Asked about the value of this round, and not of it.
    Not(u64),
    /// Its value is known.
    Known,
}

/// The state the two threads share.
struct Round {
    /// The value asked about: every smaller one is an option's value.
    k: u64,
    /// The values of options (those known so far).
    values: Values,
    options: Vec<(Asked, Status)>,
    /// The search ends once `k` passes this: the value is then more than the limit.
    limit: u64,
    /// Set when the search is over: the value (or a number above the limit, when the value
    /// is), or why it stopped.
    result: Option<Result<u64, Exhausted>>,
}

/// Values found by the two threads (the main thread's first), for each to take in the other's.
type Pool = Arc<Mutex<[Vec<(Region, u8)>; 2]>>;

/// A thread's link to the values the other one finds. Values are exact whoever finds them; the
/// values regions were shown not to have are not shared (sharing them made 5x7 slower: the
/// other thread's push a thread's own out of its table of fixed size).
pub(crate) struct Share {
    pool: Pool,
    /// This thread's place in the pool.
    me: usize,
    /// How many of the other thread's values this one has taken in.
    taken: usize,
    /// Values found since the last exchange, each region as its table key.
    found: Vec<(Region, u8)>,
}

/// Values a thread finds before it hands them over.
const SHARE_EVERY: usize = 64;

impl Share {
    /// Keeps a value found; whether it is time to exchange.
    pub(super) fn found(&mut self, key: Region, value: u8) -> bool {
        self.found.push((key, value));
        self.found.len() >= SHARE_EVERY
    }

    /// Hands over the values found, and passes those of the other thread not yet taken to
    /// `take`.
    pub(super) fn exchange(&mut self, take: impl FnOnce(&[(Region, u8)])) {
        let mut pool = self.pool.lock().unwrap_or_else(PoisonError::into_inner);
        pool[self.me].append(&mut self.found);
        let other = &pool[1 - self.me];
        take(&other[self.taken..]);
        self.taken = other.len();
    }
}

impl Round {
    /// Moves on past the values that options are known to have; past the limit, the search
    /// is over.
    fn advance(&mut self) {
        while self.values >> self.k.min(127) & 1 == 1 && self.k < 128 {
            self.k += 1;
        }
        if self.k > self.limit && self.result.is_none() {
            self.result = Some(Ok(self.k));
        }
    }

    /// The next option to ask, from the front or the back of the list (the threads start at
    /// opposite ends, which keeps them apart), and the values to ask it about.
    fn next(&mut self, from_back: bool) -> Option<(usize, Asked, Values)> {
        let k = self.k;
        let free = |s: Status| s == Status::Open || matches!(s, Status::Not(j) if j != k);
        let mut indices = 0..self.options.len();
        let i = if from_back {
            indices.rfind(|&i| free(self.options[i].1))
        } else {
            indices.find(|&i| free(self.options[i].1))
        }?;
        self.options[i].1 = Status::Asking(k);
        let asked = self.options[i].0;
        Some((i, asked, 1u128.checked_shl((k ^ asked.heap) as u32).unwrap_or(0)))
    }

    /// Takes in an answer for option `i` asked about `k`.
    fn answer(&mut self, i: usize, k: u64, value: Option<u64>) {
        let heap = self.options[i].0.heap;
        self.options[i].1 = match value {
            Some(v) => {
                self.values |= 1u128.checked_shl((v ^ heap) as u32).unwrap_or(0);
                self.advance();
                Status::Known
            }
            None if k == self.k => Status::Not(k),
            None => Status::Open,
        };
        let k = self.k;
        let settled = |&(_, s): &(Asked, Status)| s == Status::Known || s == Status::Not(k);
        if self.result.is_none() && self.options.iter().all(settled) {
            self.result = Some(Ok(k));
        }
    }
}

/// Which thread asks, and from which end of the list of options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Thread {
    /// The caller's thread, from the front.
    Main,
    /// The helper thread: its search may be stopped alone (its option goes back to the list).
    Helper { from_back: bool },
}

/// The shared state and the signal that it changed.
struct Shared {
    round: Mutex<Round>,
    changed: Condvar,
    /// Set once the result is in: it stops the other thread's search.
    stop: Arc<AtomicBool>,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Round> {
        self.round.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Asks options until the search is over.
    fn work(&self, solver: &mut Solver, budget: &Budget, thread: Thread) {
        let from_back = thread == Thread::Helper { from_back: true };
        loop {
            solver.sync();
            let job = {
                let mut round = self.lock();
                loop {
                    if round.result.is_some() {
                        return;
                    }
                    if let Some(job) = round.next(from_back) {
                        break job;
                    }
                    // Nothing to ask until the other thread answers; the deadline and the
                    // cancel flag are still looked at now and then.
                    if let Err(e) = budget.check_now() {
                        round.result.get_or_insert(Err(e));
                        self.changed.notify_all();
                        return;
                    }
                    round = self
                        .changed
                        .wait_timeout(round, Duration::from_millis(5))
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
            };
            let (i, asked, wanted) = job;
            let answer = solver.value_in(asked.part, wanted, budget);
            let mut round = self.lock();
            let asked_k = match round.options[i].1 {
                Status::Asking(j) => j,
                _ => round.k,
            };
            match answer {
                Ok(value) => {
                    round.answer(i, asked_k, value);
                    if round.result.is_some() {
                        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
                // The helper gives up alone (its half of the memory, or told to stop); the
                // option goes back to the list.
                Err(_) if thread != Thread::Main => {
                    round.options[i].1 = Status::Open;
                    self.changed.notify_all();
                    return;
                }
                Err(e) => {
                    round.result.get_or_insert(Err(e));
                }
            }
            self.changed.notify_all();
        }
    }
}

/// The value of a region whose options are `options` (with `values`, those of the options whose
/// regions all have known values), searched on this thread with `solver` and on a helper thread
/// with a solver of its own, or a number above `limit` when the value is above it; `None` when
/// no helper thread can be started (then the caller searches alone).
pub(super) fn region_value(
    solver: &mut Solver,
    options: Vec<Asked>,
    values: Values,
    limit: u64,
    budget: &Budget,
) -> Option<Result<u64, Exhausted>> {
    let options = options.into_iter().map(|a| (a, Status::Open)).collect();
    let mut round = Round { k: 0, values, options, limit, result: None };
    round.advance();
    if round.options.is_empty() || round.result.is_some() {
        return Some(Ok(round.k));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let shared = Shared { round: Mutex::new(round), changed: Condvar::new(), stop: stop.clone() };
    let half = budget.memory() / 2;
    let helper_budget = budget.for_helper(half, stop.clone());
    // The main thread stops too when the helper's answer ends the search early.
    let main_budget = budget.for_helper(half, stop.clone());
    let pool = Pool::default();
    let link = |me| Share { pool: pool.clone(), me, taken: 0, found: Vec::new() };
    let helper_share = link(1);
    std::thread::scope(|scope| {
        let shared = &shared;
        let helper = std::thread::Builder::new().spawn_scoped(scope, move || {
            let mut helper_solver = Solver { share: Some(helper_share), ..Solver::default() };
            // For the whole value every option is asked, and the helper starts from the other
            // end; asked only up to a limit, the search often ends at one of the first (easiest)
            // options, so both threads start there.
            shared.work(&mut helper_solver, &helper_budget, Thread::Helper { from_back: limit == u64::MAX });
        });
        if helper.is_err() {
            return None;
        }
        solver.share = Some(link(0));
        shared.work(solver, &main_budget, Thread::Main);
        solver.share = None;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let result = shared.lock().result.unwrap_or(Err(Exhausted::Cancelled));
        Some(result)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(heaps: &[u64]) -> Round {
        let part = Region::new(1, 2, 0b11).expect("a domino fits in 1x2");
        let options = heaps.iter().map(|&heap| (Asked { heap, part }, Status::Open)).collect();
        Round { k: 0, values: 0, options, limit: u64::MAX, result: None }
    }

    /// The rounds by hand: option 2 (heap 3) has the value 1, option 1 the value 0, option 0
    /// neither 0 nor 2: the region's value is 2, whatever the order of the answers.
    #[test]
    fn rounds_find_the_mex() {
        let mut r = round(&[0, 0, 3]);
        let (a, _, wanted) = r.next(false).unwrap();
        assert_eq!((a, wanted), (0, 1 << 0));
        let (b, _, wanted) = r.next(true).unwrap();
        assert_eq!((b, wanted), (2, 1 << 3));
        // Option 2's last region has the value 2, so the option has 2 ^ 3 = 1.
        r.answer(2, 0, Some(2));
        r.answer(0, 0, None);
        assert_eq!(r.result, None);
        let (c, _, _) = r.next(false).unwrap();
        assert_eq!(c, 1);
        r.answer(1, 0, Some(0));
        assert_eq!(r.k, 2, "0 and 1 are options' values");
        // Option 0 said "not 0" only: it is asked again, about 2.
        let (d, _, wanted) = r.next(true).unwrap();
        assert_eq!((d, wanted), (0, 1 << 2));
        assert_eq!(r.result, None);
        r.answer(0, 2, None);
        assert_eq!(r.result, Some(Ok(2)));
    }

    /// An answer about a value the search has moved past puts the option back on the list.
    #[test]
    fn late_answers_ask_again() {
        let mut r = round(&[0, 0]);
        let (a, ..) = r.next(false).unwrap();
        let (b, ..) = r.next(true).unwrap();
        r.answer(b, 0, Some(0));
        assert_eq!(r.k, 1);
        r.answer(a, 0, None);
        assert_eq!(r.result, None);
        let (again, _, wanted) = r.next(false).unwrap();
        assert_eq!((again, wanted), (a, 1 << 1));
        assert!(r.next(true).is_none(), "nothing else to ask while option 0 is out");
        r.answer(a, 1, Some(3));
        assert_eq!(r.result, Some(Ok(1)));
    }
}
