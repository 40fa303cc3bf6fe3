//! Two heaps at a time on two threads. When no split takes nothing, g(n + 1) depends on g(n)
//! only through the moves that take one token and leave one heap, so a thread can find the mex
//! of heap n + 1's other options while the other thread finds g(n), and then put g(n) in
//! (`Engine::finish_with_last`: the mex changes only when g(n) is that mex). One thread takes
//! the even heaps and the other the odd ones; each keeps its own copy of the values, and they
//! hand each other theirs through a row of atomics. The values are the same as on one thread,
//! whatever the timing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use cgt_core::{Budget, Exhausted};

use super::{Engine, FIRST_MASK_AT};

/// A value not handed over yet.
const NONE: u32 = u32::MAX;

/// The values of heaps `base..` as the two threads find them.
struct Slots {
    base: usize,
    slots: Vec<AtomicU32>,
}

impl Slots {
    fn get(&self, n: usize) -> &AtomicU32 {
        &self.slots[n - self.base]
    }
}

impl Engine {
    /// Computes the values up to heap `to` (not included) on two threads, from a number of values
    /// that is 1 or more; `to` must not pass the next power of two (where the space is chosen
    /// again, from every value). `false` when no thread could be started: then nothing was done.
    pub(in crate::octal) fn extend_on_two_threads(&mut self, to: usize, budget: &Budget) -> Result<bool, Exhausted> {
        let from = self.values.len();
        debug_assert!(from >= 1 && self.pipelines() && to <= from.next_power_of_two().max(2 * from));
        if to <= from + 1 {
            return Ok(false);
        }
        if from >= FIRST_MASK_AT && from.is_power_of_two() {
            self.choose_space();
        }
        let base = from - 1;
        let slots = (base..to).map(|n| AtomicU32::new(self.values.get(n).copied().unwrap_or(NONE))).collect();
        let slots = Slots { base, slots };
        let failed = AtomicBool::new(false);
        let stop = Arc::new(AtomicBool::new(false));
        let helper_budget = budget.for_helper(budget.memory() / 2, stop.clone());
        let mut helper = self.clone();
        std::thread::scope(|scope| {
            let (slots, failed) = (&slots, &failed);
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                let result = helper.run(from + 1, to, slots, failed, &helper_budget);
                if result.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                result
            });
            let Ok(handle) = spawned else { return Ok(false) };
            let mine = self.run(from, to, slots, failed, budget);
            if mine.is_err() {
                failed.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
            let theirs = handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            // The helper's own reason first: this thread stops with `Cancelled` when it fails.
            theirs?;
            mine?;
            Ok(true)
        })
    }

    /// Heaps `first`, `first + 2`, ... below `to`, each handed over as soon as it is known; then
    /// takes in the last value of the other thread's.
    fn run(
        &mut self,
        first: usize,
        to: usize,
        slots: &Slots,
        failed: &AtomicBool,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        let mut n = first;
        while n < to {
            budget.check()?;
            let v = if self.values.len() == n {
                self.push(budget)?;
                self.values[n]
            } else {
                let early = self.value_before_last(budget)?;
                let last = wait(slots.get(n - 1), failed, budget)?;
                self.finish_with_last(early, last, budget)?
            };
            slots.get(n).store(v, Ordering::Release);
            n += 2;
        }
        while self.values.len() < to {
            let v = wait(slots.get(self.values.len()), failed, budget)?;
            self.append(v);
        }
        Ok(())
    }
}

/// The value in `slot` once the other thread has put it there; `Cancelled` if that thread has
/// stopped. A heap takes microseconds, so the wait spins, and looks at the budget now and then.
fn wait(slot: &AtomicU32, failed: &AtomicBool, budget: &Budget) -> Result<u32, Exhausted> {
    let mut spins = 0u32;
    loop {
        let v = slot.load(Ordering::Acquire);
        if v != NONE {
            return Ok(v);
        }
        if failed.load(Ordering::Relaxed) {
            return Err(Exhausted::Cancelled);
        }
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(1024) {
            budget.check_now()?;
            std::thread::yield_now();
        } else {
            std::hint::spin_loop();
        }
    }
}
