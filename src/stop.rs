//! Stopping long work on request: a caller runs work under a stop flag ([`run`]), the long
//! loops of the library call [`check`], and once the flag is raised the work ends at the next
//! check with [`Error::Interrupted`]. The Python package raises the flag on Ctrl-C; the
//! command line never sets one (its Ctrl-C ends the process).
//!
//! ```
//! use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
//! use mazegraph::grid::Limits;
//! use std::sync::atomic::AtomicBool;
//! use std::sync::Arc;
//!
//! let lattice = Lattice::new(&[50, 50], &Limits::default())?;
//! let opts = Options { algorithm: Algorithm::Kruskal, loops: 0, braid: false };
//! // Raised before the work starts: it stops at its first check.
//! let stop = Arc::new(AtomicBool::new(true));
//! let made = mazegraph::stop::run(&stop, || generate(&lattice, &opts, &mut rng_from_seed(1)));
//! assert!(matches!(made, Err(mazegraph::Error::Interrupted)));
//! # Ok::<(), mazegraph::Error>(())
//! ```
//!
//! # Design
//!
//! The flag is scoped to the thread running [`run`] (a thread-local), not a parameter, and a
//! raised flag unwinds the work to [`run`] instead of returning an error from every function
//! on the way: the checks are one line each (`crate::stop::check();`) in the loops that take
//! time (solvers, generators, statistics, attractors and game solvers, picture reading,
//! conversions), and no signature changes. The unwinding is
//! [`std::panic::resume_unwind`] with a private payload: the panic hook is not called (nothing
//! is printed), [`run`] turns exactly that payload into [`Error::Interrupted`] and lets any
//! other panic go on. Everything the interrupted work built is dropped on the way.
//!
//! Cost: without a flag, a check is a thread-local countdown (one decrement); the flag itself
//! is read every [`EVERY`] checks, so a loop of cheap steps stops within a few microseconds
//! of the flag being raised, and work checked in no loop runs to its end.
//!
//! Work spread over other threads (rayon's pool with the `parallel` feature, a thread of its
//! own) takes the caller's flag along with [`carry`]: the stop unwinds through the pool back
//! to the caller's [`run`]. A build with `panic = "abort"` aborts instead of stopping (no
//! caller sets a flag there).

use crate::error::{Error, Result};
use std::cell::{Cell, RefCell};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How many [`check`] calls pass between two reads of the flag.
pub const EVERY: u32 = 4096;

thread_local! {
    /// Checks left before the flag is read again.
    static COUNTDOWN: Cell<u32> = const { Cell::new(EVERY) };
    /// The flag of the innermost [`run`] on this thread.
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// The payload a raised flag unwinds with, caught by [`run`] only.
struct Interrupted;

/// Runs `work` on this thread with `flag` as its stop flag: once `flag` is set (by another
/// thread), `work` ends at its next [`check`] and `run` returns [`Error::Interrupted`]. Runs
/// may nest (the inner flag holds within the inner run).
pub fn run<T>(flag: &Arc<AtomicBool>, work: impl FnOnce() -> Result<T>) -> Result<T> {
    /// Puts the outer run's flag back, on return and on unwinding alike.
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            FLAG.with_borrow_mut(|f| *f = outer);
            COUNTDOWN.with(|c| c.set(0));
        }
    }
    let outer = FLAG.with_borrow_mut(|f| f.replace(Arc::clone(flag)));
    COUNTDOWN.with(|c| c.set(0));
    let restore = Restore(outer);
    let result = std::panic::catch_unwind(AssertUnwindSafe(work));
    drop(restore);
    match result {
        Ok(r) => r,
        Err(payload) if payload.is::<Interrupted>() => Err(Error::Interrupted),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Runs `work` on this thread under `flag`, the stop flag ([`flag`]) of the thread that handed
/// the work out: a worker of a pool, or a thread of the work's own. Its checks stop it as they
/// would on that thread, and unlike [`run`] the stop is not caught here: the unwinding goes on
/// to the thread waiting for the work (rayon and [`std::thread::Scope`] hand a panic's payload
/// on as it is), which ends in its own [`run`]. With no flag, `work` simply runs.
///
/// ```
/// use mazegraph::stop::{carry, flag, run};
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// let raised = Arc::new(AtomicBool::new(true));
/// let done = run(&raised, || {
///     let flag = flag();
///     // Work on a thread of its own, stopped by the caller's flag.
///     std::thread::scope(|s| {
///         let worker = s.spawn(|| carry(&flag, || loop { mazegraph::stop::check() }));
///         match worker.join() {
///             Ok(()) => Ok(()),
///             Err(payload) => std::panic::resume_unwind(payload),
///         }
///     })
/// });
/// assert!(matches!(done, Err(mazegraph::Error::Interrupted)));
/// ```
pub fn carry<T>(flag: &Option<Arc<AtomicBool>>, work: impl FnOnce() -> T) -> T {
    let Some(flag) = flag else {
        return work();
    };
    /// Puts this thread's own flag back, on return and on unwinding alike.
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let own = self.0.take();
            FLAG.with_borrow_mut(|f| *f = own);
            COUNTDOWN.with(|c| c.set(0));
        }
    }
    let own = FLAG.with_borrow_mut(|f| f.replace(Arc::clone(flag)));
    COUNTDOWN.with(|c| c.set(0));
    let _restore = Restore(own);
    work()
}

/// The flag of the innermost [`run`] on this thread, if any: work that starts a thread of its
/// own passes it on with [`carry`] (or [`run`]) there, so that the thread stops with it.
pub fn flag() -> Option<Arc<AtomicBool>> {
    FLAG.with_borrow(Clone::clone)
}

/// Whether the flag of the innermost [`run`] on this thread is raised (false outside a run):
/// for a step that must not start once a stop is asked, such as committing output files,
/// and that ends with an error of its own rather than unwinding.
pub fn raised() -> bool {
    FLAG.with_borrow(|f| f.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// A check in a long loop: ends the work under [`run`] (unwinding to it) when its flag is
/// raised; otherwise returns at once. Does nothing outside [`run`].
#[inline]
pub fn check() {
    COUNTDOWN.with(|c| match c.get() {
        0 => slow_check(c),
        n => c.set(n - 1),
    })
}

/// A check in a loop whose steps each take long (a level of a recursion, a pass over a
/// whole game): reads the flag at once, where [`check`] reads it every [`EVERY`] calls.
/// Does nothing outside [`run`].
pub fn check_now() {
    COUNTDOWN.with(slow_check)
}

/// Reads the flag: unwinds to [`run`] when it is raised.
#[cold]
fn slow_check(countdown: &Cell<u32>) {
    let raised = FLAG.with_borrow(|f| f.as_ref().map(|f| f.load(Ordering::Relaxed)));
    // Without a flag, the next read is far away: a check outside `run` stays one decrement.
    countdown.set(if raised.is_some() { EVERY } else { u32::MAX });
    if raised == Some(true) {
        std::panic::resume_unwind(Box::new(Interrupted));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks until `n` have run, as a long loop would.
    fn count(n: u64) -> Result<u64> {
        let mut done = 0;
        while done < n {
            check();
            done += 1;
        }
        Ok(done)
    }

    #[test]
    fn without_a_raised_flag_the_work_runs_to_its_end() {
        assert_eq!(count(100_000).unwrap(), 100_000);
        let flag = Arc::new(AtomicBool::new(false));
        assert_eq!(run(&flag, || count(100_000)).unwrap(), 100_000);
    }

    #[test]
    fn check_now_reads_the_flag_at_once() {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = Cell::new(0u64);
        let raiser = Arc::clone(&flag);
        let r = run(&flag, || {
            for i in 0..u64::MAX {
                // Many cheap checks first: the countdown is part way down.
                check();
                if i == 10 {
                    raiser.store(true, Ordering::Relaxed);
                }
                check_now();
                seen.set(i);
            }
            Ok(())
        });
        assert!(matches!(r, Err(Error::Interrupted)));
        assert_eq!(seen.get(), 9);
    }

    #[test]
    fn a_raised_flag_stops_the_work_at_a_check() {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = Cell::new(0u64);
        let raiser = Arc::clone(&flag);
        let r = run(&flag, || {
            for i in 0..u64::MAX {
                if i == 10 {
                    raiser.store(true, Ordering::Relaxed);
                }
                check();
                seen.set(i);
            }
            Ok(())
        });
        assert!(matches!(r, Err(Error::Interrupted)));
        assert!(seen.get() < 10 + u64::from(EVERY));
        // Outside the run, checks do nothing again.
        assert_eq!(count(10_000).unwrap(), 10_000);
    }

    #[test]
    fn the_inner_flag_holds_in_the_inner_run_and_other_panics_go_on() {
        let outer = Arc::new(AtomicBool::new(false));
        let inner = Arc::new(AtomicBool::new(true));
        let r = run(&outer, || {
            assert!(matches!(run(&inner, || count(10)), Err(Error::Interrupted)));
            count(10_000)
        });
        assert_eq!(r.unwrap(), 10_000);
        let panicked =
            std::panic::catch_unwind(|| run(&outer, || -> Result<()> { panic!("a bug") }));
        assert!(panicked.is_err());
    }
}
