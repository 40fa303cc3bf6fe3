//! The budget a computation runs under: a deadline, a memory cap and a cancel flag.
//!
//! Long-running loops call [`Budget::check`] (cheap: it reads the clock only every few hundred
//! calls) and propagate [`Exhausted`] with `?`, so that a statement gives up cleanly instead of
//! hanging or exhausting the machine.
//!
//! The clock is [`Instant`]: std's on native targets; on `wasm32-unknown-unknown`, where std's
//! clock panics, the browser's `performance.now()` (through the `web-time` crate), so budgets
//! work in the playground's Web Worker without threads.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The clock budgets read (std's `Instant` on native targets, the browser's clock on wasm32).
pub use web_time::Instant;

/// Why a computation stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The deadline passed.
    Time,
    /// The computation needed more memory than allowed.
    Memory,
    /// Somebody cancelled the computation (an edit in the editor, for example).
    Cancelled,
}

impl std::fmt::Display for Exhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Exhausted::Time => "the time budget",
            Exhausted::Memory => "the memory budget",
            Exhausted::Cancelled => "cancelled",
        })
    }
}

/// Limits for one computation. Cloning shares the cancel flag.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    time: Option<Duration>,
    memory: usize,
    cancel: Arc<AtomicBool>,
    /// A second flag that stops a helper thread of a computation when its work is done.
    stop: Option<Arc<AtomicBool>>,
    /// Threads the computation may use (1 unless told otherwise).
    threads: usize,
    ticks: Cell<u32>,
}

/// How many calls to [`Budget::check`] pass between two looks at the clock.
const CLOCK_EVERY: u32 = 256;

impl Budget {
    /// A budget of `time` (from now) and `memory` bytes.
    pub fn new(time: Duration, memory: usize) -> Self {
        Budget {
            deadline: Some(Instant::now() + time),
            time: Some(time),
            memory,
            cancel: Arc::new(AtomicBool::new(false)),
            stop: None,
            threads: 1,
            ticks: Cell::new(0),
        }
    }

    /// A budget of `time` and `memory` that also stops when `cancel` is set (shared with
    /// whoever may cancel, such as an editor that received a newer version of the file).
    pub fn with_cancel(time: Duration, memory: usize, cancel: Arc<AtomicBool>) -> Self {
        Budget { cancel, ..Budget::new(time, memory) }
    }

    /// No limits at all (for tests and oracles).
    pub fn unlimited() -> Self {
        Budget {
            deadline: None,
            time: None,
            memory: usize::MAX,
            cancel: Arc::new(AtomicBool::new(false)),
            stop: None,
            threads: 1,
            ticks: Cell::new(0),
        }
    }

    /// The same limits, with the clock started again now and a fresh cancel flag.
    pub fn restarted(&self) -> Self {
        Budget {
            deadline: self.time.map(|t| Instant::now() + t),
            time: self.time,
            memory: self.memory,
            cancel: Arc::new(AtomicBool::new(false)),
            stop: None,
            threads: self.threads,
            ticks: Cell::new(0),
        }
    }

    /// The same limits with `memory` bytes instead, and the same cancel flag.
    pub fn with_memory(&self, memory: usize) -> Self {
        Budget { memory, ..self.clone() }
    }

    /// A budget for a helper thread of this computation (a `Budget` is not shared between
    /// threads): the same deadline and cancel flag, `memory` bytes, and `stop`, a flag of its
    /// own that ends the helper's work as cancelling does.
    pub fn for_helper(&self, memory: usize, stop: Arc<AtomicBool>) -> Self {
        Budget { memory, stop: Some(stop), threads: 1, ticks: Cell::new(0), ..self.clone() }
    }

    /// A budget for a part of this computation (a cell of a table) that must leave time for the
    /// rest: the same memory, threads and cancel flag, and a deadline at most `time` from now.
    pub fn share(&self, time: Duration) -> Self {
        let soon = Instant::now() + time;
        let deadline = Some(self.deadline.map_or(soon, |d| d.min(soon)));
        Budget { deadline, time: Some(time), ticks: Cell::new(0), ..self.clone() }
    }

    /// The same limits, allowing `threads` threads (at least 1).
    pub fn with_threads(&self, threads: usize) -> Self {
        Budget { threads: threads.max(1), ..self.clone() }
    }

    /// The threads the computation may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The flag that cancels this computation when set.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// The time allowed, if limited.
    pub fn time(&self) -> Option<Duration> {
        self.time
    }

    /// The time left before the deadline (zero once it has passed), if limited.
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The memory allowed, in bytes.
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// Fails once the deadline has passed or the computation was cancelled.
    #[inline]
    pub fn check(&self) -> Result<(), Exhausted> {
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if !t.is_multiple_of(CLOCK_EVERY) {
            return Ok(());
        }
        self.check_now()
    }

    /// Like [`Budget::check`], but always looks at the clock.
    pub fn check_now(&self) -> Result<(), Exhausted> {
        if self.cancel.load(Ordering::Relaxed) || self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Exhausted::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Exhausted::Time),
            _ => Ok(()),
        }
    }

    /// Fails if `bytes` of memory in use exceed the cap.
    pub fn check_memory(&self, bytes: usize) -> Result<(), Exhausted> {
        if bytes > self.memory { Err(Exhausted::Memory) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A helper's budget keeps the deadline and the cancel flag, takes its own memory, one
    /// thread and a stop flag of its own; `with_threads` and `with_memory` change only theirs.
    #[test]
    fn helper_budgets() {
        let main = Budget::new(Duration::from_secs(60), 1000).with_threads(2);
        assert_eq!((main.threads(), main.with_threads(0).threads()), (2, 1));
        assert_eq!(main.with_memory(10).memory(), 10);
        assert_eq!(main.restarted().threads(), 2);
        let stop = Arc::new(AtomicBool::new(false));
        let helper = main.for_helper(500, stop.clone());
        assert_eq!((helper.memory(), helper.threads()), (500, 1));
        assert_eq!(helper.check_now(), Ok(()));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(helper.check_now(), Err(Exhausted::Cancelled));
        assert_eq!(main.check_now(), Ok(()), "the stop flag is the helper's alone");
        let other = main.for_helper(500, Arc::new(AtomicBool::new(false)));
        main.cancel_flag().store(true, Ordering::Relaxed);
        assert_eq!(other.check_now(), Err(Exhausted::Cancelled), "cancelling reaches the helpers");
    }
}
