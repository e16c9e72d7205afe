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
//! The flags are scoped to the thread running [`run`] (a thread-local), not a parameter, and
//! a raised flag unwinds the work to [`run`] instead of returning an error from every function
//! on the way: the checks are one line each (`crate::stop::check();`) in the loops that take
//! time (solvers, generators, statistics, attractors and game solvers, picture reading,
//! conversions), and no signature changes. The unwinding is
//! [`std::panic::resume_unwind`] with a private payload: the panic hook is not called (nothing
//! is printed), [`run`] turns exactly that payload into [`Error::Interrupted`] and lets any
//! other panic go on. Everything the interrupted work built is dropped on the way.
//!
//! Runs nest, and every enclosing run's flag holds inside an inner one: work that a caller
//! stops for its own reasons (the parity portfolio stops the racer that lost) still stops on
//! Ctrl-C. The innermost [`run`] whose work is stopped returns the error.
//!
//! Cost: without a flag, a check is a thread-local countdown (one decrement); the flags
//! themselves are read every [`EVERY`] checks, so a loop of cheap steps stops within a few
//! microseconds of a flag being raised, and work checked in no loop runs to its end.
//!
//! Work spread over other threads (rayon's pool with the `parallel` feature, a thread of its
//! own) takes the caller's flags along with [`carry`]: the stop unwinds through the pool back
//! to the caller's [`run`]. A build with `panic = "abort"` aborts instead of stopping (no
//! caller sets a flag there).
//!
//! The same reads ring alarms ([`alarm`]): a call made once, on the thread doing the work,
//! at its first read of the flags after a given time, while the work goes on (the parity
//! portfolio starts its second solver's thread that way, and a racer gives up its priority).

use crate::error::{Error, Result};
use std::cell::{Cell, RefCell};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How many [`check`] calls pass between two reads of the flags.
pub const EVERY: u32 = 4096;

thread_local! {
    /// Checks left before the flags are read again.
    static COUNTDOWN: Cell<u32> = const { Cell::new(EVERY) };
    /// The flags of the runs enclosing this point on this thread, the innermost last.
    static FLAGS: RefCell<Vec<Arc<AtomicBool>>> = const { RefCell::new(Vec::new()) };
    /// The alarms of the [`alarm`] calls enclosing this point on this thread, the innermost
    /// last.
    static ALARMS: RefCell<Vec<Alarm>> = const { RefCell::new(Vec::new()) };
}

/// An alarm set by [`alarm`]: when it rings, and what it calls (taken once rung).
struct Alarm {
    at: Instant,
    /// The borrowed call, its lifetime erased: see [`alarm`] for why it stays valid.
    ring: Option<*mut (dyn FnMut() + 'static)>,
}

/// The payload a raised flag unwinds with, caught by [`run`] only.
struct Interrupted;

/// The stop flags in force at one point of a thread (those of every enclosing [`run`]), as
/// taken by [`flags`] and handed to other threads with [`carry`].
#[derive(Clone, Debug, Default)]
pub struct Flags(Vec<Arc<AtomicBool>>);

impl Flags {
    /// Whether one of the flags is raised.
    pub fn raised(&self) -> bool {
        any_raised(&self.0)
    }
}

/// Whether one of `flags` is raised.
fn any_raised(flags: &[Arc<AtomicBool>]) -> bool {
    flags.iter().any(|f| f.load(Ordering::Relaxed))
}

/// Makes the next [`check`] read the flags and the alarms.
fn read_soon() {
    COUNTDOWN.with(|c| c.set(0));
}

/// Runs `work` on this thread with `flag` as a stop flag, besides those of the runs that
/// enclose it: once one of them is set (by another thread), `work` ends at its next
/// [`check`] and `run` returns [`Error::Interrupted`].
pub fn run<T>(flag: &Arc<AtomicBool>, work: impl FnOnce() -> Result<T>) -> Result<T> {
    /// Takes the flag off again, on return and on unwinding alike.
    struct Pop(usize);
    impl Drop for Pop {
        fn drop(&mut self) {
            FLAGS.with_borrow_mut(|f| f.truncate(self.0));
            read_soon();
        }
    }
    let depth = FLAGS.with_borrow_mut(|f| {
        f.push(Arc::clone(flag));
        f.len() - 1
    });
    read_soon();
    let pop = Pop(depth);
    let result = std::panic::catch_unwind(AssertUnwindSafe(work));
    drop(pop);
    match result {
        Ok(r) => r,
        Err(payload) if payload.is::<Interrupted>() => Err(Error::Interrupted),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Runs `work` on this thread under `flags`, the stop flags ([`flags`]) of the thread that
/// handed the work out: a worker of a pool, or a thread of the work's own. Its checks stop it
/// as they would on that thread, and unlike [`run`] the stop is not caught here: the unwinding
/// goes on to the thread waiting for the work (rayon and [`std::thread::Scope`] hand a panic's
/// payload on as it is), which ends in its own [`run`]. With no flags, `work` simply runs.
///
/// ```
/// use mazegraph::stop::{carry, flags, run};
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// let raised = Arc::new(AtomicBool::new(true));
/// let done = run(&raised, || {
///     let flags = flags();
///     // Work on a thread of its own, stopped by the caller's flag.
///     std::thread::scope(|s| {
///         let worker = s.spawn(|| carry(&flags, || loop { mazegraph::stop::check() }));
///         match worker.join() {
///             Ok(()) => Ok(()),
///             Err(payload) => std::panic::resume_unwind(payload),
///         }
///     })
/// });
/// assert!(matches!(done, Err(mazegraph::Error::Interrupted)));
/// ```
pub fn carry<T>(flags: &Flags, work: impl FnOnce() -> T) -> T {
    if flags.0.is_empty() {
        return work();
    }
    /// Puts this thread's own flags back, on return and on unwinding alike.
    struct Restore(Vec<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let own = std::mem::take(&mut self.0);
            FLAGS.with_borrow_mut(|f| *f = own);
            read_soon();
        }
    }
    let own = FLAGS.with_borrow_mut(|f| std::mem::replace(f, flags.0.clone()));
    read_soon();
    let _restore = Restore(own);
    work()
}

/// The flags of the runs enclosing this point on this thread (none outside [`run`]): work
/// that starts a thread of its own passes them on with [`carry`], so that the thread stops
/// with them.
pub fn flags() -> Flags {
    Flags(FLAGS.with_borrow(Clone::clone))
}

/// Whether a flag of a run enclosing this point on this thread is raised (false outside a
/// run): for a step that must not start once a stop is asked, such as committing output
/// files, and that ends with an error of its own rather than unwinding.
pub fn raised() -> bool {
    FLAGS.with_borrow(|f| any_raised(f))
}

/// A check in a long loop: ends the work under [`run`] (unwinding to it) when one of its flags
/// is raised; otherwise returns at once. Does nothing outside [`run`].
#[inline]
pub fn check() {
    COUNTDOWN.with(|c| match c.get() {
        0 => slow_check(c),
        n => c.set(n - 1),
    })
}

/// A check in a loop whose steps each take long (a level of a recursion, a pass over a
/// whole game): reads the flags at once, where [`check`] reads them every [`EVERY`] calls.
/// Does nothing outside [`run`].
pub fn check_now() {
    COUNTDOWN.with(slow_check)
}

/// Reads the flags (unwinding to [`run`] when one is raised), then rings the alarms whose
/// time has passed.
#[cold]
fn slow_check(countdown: &Cell<u32>) {
    let (running, raised) = FLAGS.with_borrow(|f| (!f.is_empty(), any_raised(f)));
    let waiting = ALARMS.with_borrow(|a| a.iter().any(|a| a.ring.is_some()));
    // Without a flag or an alarm, the next read is far away: a check outside `run` stays one
    // decrement.
    countdown.set(if running || waiting { EVERY } else { u32::MAX });
    if raised {
        std::panic::resume_unwind(Box::new(Interrupted));
    }
    if !waiting {
        return;
    }
    let now = Instant::now();
    while let Some(ring) = ALARMS.with_borrow_mut(|a| {
        a.iter_mut()
            .find(|a| a.ring.is_some() && a.at <= now)
            .and_then(|a| a.ring.take())
    }) {
        // SAFETY: `ring` was put here by an `alarm` call that encloses this check on this
        // thread, and that takes it off again before its borrow of the call ends (see
        // `alarm`); it was taken out of the list, so it is called once and not borrowed twice.
        unsafe { (*ring)() }
    }
}

/// Runs `work` on this thread, and calls `ring` once, on this thread, at the first read of
/// the flags after `at` ([`check`], every [`EVERY`] calls, or [`check_now`]) while `work`
/// runs; the work then goes on. Work that ends before that, or makes no check, never rings
/// it. Alarms nest; they are not carried to other threads ([`carry`] carries the flags). A
/// `ring` that unwinds (a raised flag's stop, a panic) unwinds the work.
///
/// For work that should start something else only once it has run a while: the parity
/// portfolio runs its likely winner alone, and starts its second solver's thread once a
/// quarter of a millisecond has passed.
///
/// ```
/// use mazegraph::stop::{alarm, check};
/// use std::time::{Duration, Instant};
/// let mut rung = 0;
/// let soon = Instant::now() + Duration::from_millis(1);
/// let checks = alarm(soon, &mut || rung += 1, || {
///     let mut checks = 0u64;
///     while Instant::now() < soon + Duration::from_millis(5) {
///         check();
///         checks += 1;
///     }
///     checks
/// });
/// assert!(checks > 0);
/// assert_eq!(rung, 1);
/// ```
pub fn alarm<T>(at: Instant, ring: &mut dyn FnMut(), work: impl FnOnce() -> T) -> T {
    /// Takes the alarm off again, on return and on unwinding alike.
    struct Remove(usize);
    impl Drop for Remove {
        fn drop(&mut self) {
            ALARMS.with_borrow_mut(|a| a.truncate(self.0));
        }
    }
    let ring: *mut (dyn FnMut() + '_) = ring;
    // SAFETY: only the lifetime is erased (the same fat pointer). The pointer lives in this
    // thread's list until `Remove` takes it off, before this function returns or unwinds, so
    // while `ring`'s borrow lasts; it is called only from `slow_check` on this thread, inside
    // `work`.
    let ring: *mut (dyn FnMut() + 'static) = unsafe { std::mem::transmute(ring) };
    let depth = ALARMS.with_borrow_mut(|a| {
        a.push(Alarm {
            at,
            ring: Some(ring),
        });
        a.len() - 1
    });
    read_soon();
    let _remove = Remove(depth);
    work()
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
        // The outer flag holds in the inner run too, and the inner run returns the stop.
        let up = Arc::new(AtomicBool::new(true));
        let unraised = Arc::new(AtomicBool::new(false));
        let r = run(&up, || {
            let inner = run(&unraised, || count(10_000));
            assert!(matches!(inner, Err(Error::Interrupted)));
            // Back in the outer run, with the inner flag gone: the outer one still holds.
            assert!(raised());
            Ok(())
        });
        assert!(r.is_ok());
        let panicked =
            std::panic::catch_unwind(|| run(&outer, || -> Result<()> { panic!("a bug") }));
        assert!(panicked.is_err());
    }

    #[test]
    fn carried_flags_are_all_those_of_the_enclosing_runs() {
        let outer = Arc::new(AtomicBool::new(false));
        let inner = Arc::new(AtomicBool::new(false));
        let taken = run(&outer, || run(&inner, || Ok(flags()))).unwrap();
        assert_eq!(taken.0.len(), 2);
        assert!(!taken.raised());
        // Carried to another thread, the outer flag stops the work there.
        outer.store(true, Ordering::Relaxed);
        assert!(taken.raised());
        let r = std::thread::spawn(move || {
            run(&Arc::new(AtomicBool::new(false)), || {
                carry(&taken, || count(100_000))
            })
        })
        .join()
        .unwrap();
        assert!(matches!(r, Err(Error::Interrupted)));
        // Outside a run there is nothing to carry.
        assert!(flags().0.is_empty());
    }

    #[test]
    fn an_alarm_rings_once_after_its_time_and_the_work_goes_on() {
        use std::time::Duration;
        let rung = Cell::new(0);
        let soon = Instant::now() + Duration::from_millis(2);
        let checks = alarm(soon, &mut || rung.set(rung.get() + 1), || {
            let mut n = 0u64;
            while Instant::now() < soon + Duration::from_millis(3) {
                check();
                n += 1;
                if Instant::now() < soon {
                    assert_eq!(rung.get(), 0, "rung early");
                }
            }
            n
        });
        assert!(checks > u64::from(EVERY));
        assert_eq!(rung.get(), 1);
        // Past its `alarm`, the alarm is gone.
        assert_eq!(count(3 * u64::from(EVERY)).unwrap(), 3 * u64::from(EVERY));
        assert_eq!(rung.get(), 1);
        // Work that ends first never rings it.
        let far = Instant::now() + Duration::from_secs(3600);
        assert_eq!(alarm(far, &mut || panic!("rung"), || 7), 7);
        // Nested: both ring, the inner one with the outer one pending.
        let (outer, inner) = (Cell::new(false), Cell::new(false));
        let past = Instant::now();
        alarm(past, &mut || outer.set(true), || {
            alarm(past, &mut || inner.set(true), || {
                count(2 * u64::from(EVERY))
            })
        })
        .unwrap();
        assert!(outer.get() && inner.get());
    }

    #[test]
    fn an_alarm_is_taken_off_when_its_work_unwinds_and_a_ring_can_stop_the_work() {
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = Arc::clone(&flag);
        let past = Instant::now();
        // The ring raises the run's flag: the work stops at the next read.
        let r = run(&flag, || {
            alarm(past, &mut || raiser.store(true, Ordering::Relaxed), || {
                count(u64::MAX)
            })
        });
        assert!(matches!(r, Err(Error::Interrupted)));
        assert!(ALARMS.with_borrow(Vec::is_empty));
        // A raised flag stops the work before a due alarm rings.
        let up = Arc::new(AtomicBool::new(true));
        let r = run(&up, || {
            alarm(past, &mut || panic!("rung"), || count(u64::MAX))
        });
        assert!(matches!(r, Err(Error::Interrupted)));
        assert!(ALARMS.with_borrow(Vec::is_empty));
    }
}
