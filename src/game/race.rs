//! The default parity method ([`ParityAlgorithm::Portfolio`]): the dominions found by a
//! search of winner-controlled winning cycles ([`super::cycles`], within [`CYCLES_WORK`]) are
//! decided first, on the caller's thread; then, on what is left, priority promotion and
//! recursive tangle learning raced on two threads (the caller's and one more on small games);
//! the first to answer wins and the other is stopped. On random games the search decides
//! everything and no race starts (PGSolver's game of 10⁷ vertices: no second solver's arrays
//! held, about 0.8 GB in all against 1.35).
//! On games of at most [`HEAD_START_ELEMENTS`] vertices and edges, the second racer runs on
//! the caller's thread, and the first joins it on a thread of its own only after
//! [`HEAD_START`] (a quarter of a millisecond): the small games the second wins by then end
//! without a thread, and where it goes on, none of its work is lost. That thread is started
//! off the caller's core and is not waited for (see [`head_start`]). On larger games both
//! start on threads of their own and wait at a [`Gate`] until both are started.
//!
//! The second racer first tries fixpoint iteration with justifications ([`super::fpj`]) on
//! games with many vertices per priority ([`FPJ_VERTICES_PER_PRIORITY`]), for at most
//! [`FPJ_WORK`] steps per vertex and edge; then recursive tangle learning while its tangles
//! stay small (in all and in each pass, [`TRIES`]), then plain tangle learning while its own
//! do, then recursive tangle learning again up to [`RTL_TANGLE_BYTES`] per vertex and edge of
//! the game, then tangle learning for good.
//!
//! Each method has families of games on which it blows up where another takes hundredths of a
//! second (BENCHMARKS.md, "Oink's lower-bound families"): priority promotion is exponential on
//! Oink's `counter_*` families; tangle learning needs one pass per tangle on `counter_dp`,
//! `counter_core` and van Dijk's two counters `tc` (exponential on `tc`), and is quadratic on
//! Friedmann's recursive ladder; recursive tangle learning learns quadratically many tangles on
//! `counter_ortl` (4 s at 20 000 vertices, where tangle learning takes 0.01 s) and is
//! exponential on `tc+`, which only priority promotion solves. Recursive tangle learning covers
//! tangle learning's families and `counter_dp`, `counter_core`, `tc` besides; the bounded tries
//! cover `counter_ortl` (recursive tangle learning's tangles there pass the first bound within
//! 10 ms, and tangle learning answers in 2 ms) and `counter_rob`, where tangle learning is the
//! fastest, and priority promotion covers `tc+` and the ladder. Fixpoint iteration with
//! justifications covers Jurdziński's small-progress-measures games, where priority promotion
//! and both tangle learnings redo whole regions (238 572 vertices: 0.19 s of solving,
//! priority promotion 2.4 s); elsewhere it is exponential (random games, the ladder, every
//! `counter_*` family but `counter_ortl` and `counter_qpt`), hence the gate and the bound: the
//! gate lets it try only where priorities are few for the vertices (Jurdziński's games,
//! SYNTCOMP's, `tc+`, where priority promotion answers first anyway), and the bound holds
//! what it wastes there to a few milliseconds per 10 000 vertices before the tangle learners
//! start. On random and
//! practical games the three are close. Racing costs a second core (or, on one core, twice the
//! time of the faster) and twice the solvers' memory. On a busy machine, where the two racers
//! would share one core's time and each run at half speed, the racer on a thread started for
//! it that is not expected to win yields after [`EVEN_START`]: its priority is lowered (Linux;
//! see [`YIELD_NICE`]) and the other keeps most of the time. That is the second racer on
//! large games, and the first on small ones (the caller's thread could not take a lowered
//! priority back). The loser is stopped through [`crate::stop`]: it unwinds at its next check,
//! and the caller's own stop flags (Python's Ctrl-C), carried to the racers' threads, stop
//! both.
//!
//! The winning regions are the same whoever answers; the strategies are those of the method
//! that answered first, so two runs on a game where both finish close together may give
//! different (equally winning) strategies. `--method pp`, `tangle` or `rtl` give the same
//! strategies every time.

use super::solve::{
    parity_fpj_bounded, parity_from, parity_held, Decided, ParityAlgorithm, Solution,
    SOLVE_BYTES_PER_VERTEX,
};
use super::Game;
use crate::error::{Error, Result};
use crate::grid::Limits;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The methods raced, in order of preference when both fail (recursive tangle learning with
/// its hand-over to tangle learning, see [`race`]).
const RACERS: [ParityAlgorithm; 2] = [
    ParityAlgorithm::PriorityPromotion,
    ParityAlgorithm::RecursiveTangleLearning,
];

/// The bytes of tangles per vertex and edge of the game (32 words) that recursive tangle
/// learning may learn in the race before tangle learning takes over for good. Its tangles on
/// the families it solves fast stay below a quarter of that (`counter_dp`: 4 words, `tc 16`:
/// 9, `counter_rob 128`: 22); on `counter_ortl` they grow quadratically.
pub(crate) const RTL_TANGLE_BYTES: u64 = 128;

/// The second racer's first tries, each with its tangles held to a bound (bytes per vertex
/// and edge, in all and learned in one pass): recursive tangle learning while its tangles stay
/// small (16 words in all, 4 in one pass: enough for `counter_dp` and `tc`), then tangle
/// learning while its own do (32 words). Tangle learning's tangles outgrow that within
/// hundredths of a second where it is slow (`tc`), and it answers first where recursive
/// tangle learning's tangles grow (`counter_ortl 4096`: 0.025 s, against 0.047 s waiting for
/// the hand-over below). Then recursive tangle learning again, to [`RTL_TANGLE_BYTES`], and
/// tangle learning without a bound: the first tries cost at most what their bounds let them
/// learn.
///
/// The bound on one pass: where recursive tangle learning is the fast method, a pass learns
/// at most 6.9 bytes of tangles per vertex and edge (`counter_core`; `counter_dp` 6.4, `tc`
/// and `counter_rob` 3.2); where its tangles grow, one pass learns far more (`counter_symsi`:
/// about 200 in its second pass, `counter_ortl` thousands in its first), so that the try
/// stops a quarter of the way to its bound in all.
const TRIES: [(ParityAlgorithm, u64, u64); 3] = [
    (ParityAlgorithm::RecursiveTangleLearning, 64, 16),
    (ParityAlgorithm::TangleLearning, 128, u64::MAX),
    (
        ParityAlgorithm::RecursiveTangleLearning,
        RTL_TANGLE_BYTES,
        u64::MAX,
    ),
];

/// Runs racer `method` within `share`: priority promotion alone; for the other, the
/// [`TRIES`] of tangle learning's two methods, each held to its bound of tangles, then tangle
/// learning within `share`. Returns the solution and the method that gave it.
///
/// With `yield_at`, the thread running it gives up some of its priority once that time has
/// passed ([`yielding_at`]); the second racer only once its try of fixpoint iteration is over.
fn race(
    game: &Game,
    method: ParityAlgorithm,
    share: &Limits,
    yield_at: Option<Instant>,
    decided: &Decided,
) -> Result<(Solution, ParityAlgorithm)> {
    let decided = Some(decided);
    if method != ParityAlgorithm::RecursiveTangleLearning {
        return yielding_at(yield_at, || parity_from(game, method, share, decided))
            .map(|s| (s, method));
    }
    let n = game.vertex_count() as u64;
    let elements = n.saturating_add(game.edge_count() as u64);
    if few_priorities(game) {
        if let Some(s) = parity_fpj_bounded(game, elements.saturating_mul(FPJ_WORK), decided) {
            return Ok((s, ParityAlgorithm::FixpointJustifications));
        }
    }
    yielding_at(yield_at, || tries(game, share, decided))
}

/// The second racer past its try of fixpoint iteration: the [`TRIES`], then tangle learning
/// within `share`.
fn tries(
    game: &Game,
    share: &Limits,
    decided: Option<&Decided>,
) -> Result<(Solution, ParityAlgorithm)> {
    let n = game.vertex_count() as u64;
    let elements = n.saturating_add(game.edge_count() as u64);
    for (tried, bytes, pass_bytes) in TRIES {
        let allowance = Limits {
            max_bytes: share.max_bytes.min(
                n.saturating_mul(SOLVE_BYTES_PER_VERTEX)
                    .saturating_add(elements.saturating_mul(bytes)),
            ),
            ..*share
        };
        let pass_bytes = elements.saturating_mul(pass_bytes);
        match parity_held(game, tried, &allowance, pass_bytes, decided) {
            Err(Error::OverBudget { .. }) => continue,
            answer => return answer.map(|s| (s, tried)),
        }
    }
    parity_from(game, ParityAlgorithm::TangleLearning, share, decided)
        .map(|s| (s, ParityAlgorithm::TangleLearning))
}

/// The steps of work (see [`super::fpj`]) per vertex and edge of the game that fixpoint
/// iteration with justifications may take as the second racer's first try: Jurdziński's games
/// need 18 at 29 403 vertices, 28 at 88 752, 43 at 238 572 (the square games, about
/// √V / 12); on games where it blows up, the try costs a few milliseconds a 10 000 vertices.
const FPJ_WORK: u64 = 64;

/// The second racer tries fixpoint iteration with justifications first on games with at least
/// this many vertices per distinct priority, not counting the largest priority class
/// (Jurdziński's games: 1.5 × their width; SYNTCOMP's few priorities, tens to thousands;
/// `tc+` 90; Oink's other families 1 to 4, `counter_rob` too once its one huge class is set
/// aside; random games and ladders below 2).
const FPJ_VERTICES_PER_PRIORITY: u64 = 16;

/// True when `game` has at least [`FPJ_VERTICES_PER_PRIORITY`] vertices per distinct priority
/// besides its largest priority class. O(V) time and 4 bytes a vertex for a moment
/// (O(V log V) when priorities are far larger than the number of vertices).
fn few_priorities(game: &Game) -> bool {
    let n = game.vertex_count();
    let prios = game.priorities();
    let Some(&top) = prios.iter().max() else {
        return false;
    };
    // The sizes of the priority classes.
    let classes: Vec<u32> = if (top as u64) <= 2 * n as u64 {
        let mut count = vec![0u32; top as usize + 1];
        for &p in prios {
            count[p as usize] += 1;
        }
        count.retain(|&c| c > 0);
        count
    } else {
        let mut sorted = prios.to_vec();
        sorted.sort_unstable();
        sorted
            .chunk_by(|a, b| a == b)
            .map(|run| run.len() as u32)
            .collect()
    };
    let largest = classes.iter().copied().max().unwrap_or(0) as u64;
    let others = classes.len() as u64 - 1;
    others > 0 && (n as u64 - largest) >= others * FPJ_VERTICES_PER_PRIORITY
}

/// The steps of search per vertex and edge of the game that the search for winner-controlled
/// winning cycles ([`super::cycles`]) may take before the race: one pass costs about one step
/// per edge; what it has not decided by then goes to the racers.
const CYCLES_WORK: u64 = 1;

/// How long the second racer runs alone on the caller's thread, on a small game, before the
/// first racer's thread is started. The race's threads cost about a quarter of a millisecond
/// on the 2-core machine (started, stopped and joined), and a millisecond or more when the
/// other core has been idle a while (a virtual machine's idle core wakes slowly); Oink's
/// `counter_*` games of a few hundred vertices, random games of a thousand and the ladder of
/// 2 000 are solved by the second racer in 0.04 to 0.2 ms, and end before any thread starts.
const HEAD_START: Duration = Duration::from_micros(250);

/// How long the first racer's thread, started in the middle of the second racer's work on the
/// caller's thread, sleeps before it starts its own when it finds itself on the caller's core
/// (not moved off it by [`move_off_this_core`]; outside Linux, always). A new thread runs
/// first on the core of the thread that started it: working at once, it held the caller off
/// its core until the kernel moved one of them (1.5 to 3 ms on the 2-core machine, for a
/// solve of 1 ms); asleep, it leaves the caller its core and wakes on another.
const NAP: Duration = Duration::from_micros(50);

/// The core the calling thread runs on (Linux; `None` elsewhere or on failure).
fn this_core() -> Option<i32> {
    #[cfg(target_os = "linux")]
    // SAFETY: sched_getcpu has no preconditions.
    let core = Some(unsafe { libc::sched_getcpu() }).filter(|&c| c >= 0);
    #[cfg(not(target_os = "linux"))]
    let core = None;
    core
}

/// How long after it is started the first racer's thread of a small game gets back every core
/// the process may use ([`Placed::give_back`]). It is started on the cores other than the
/// caller's only to be placed there at once; left so, on a busy machine it would share a
/// loaded core while the caller's one went idle once the caller stopped.
const PLACED: Duration = Duration::from_millis(1);

/// The first racer's thread of a small game, moved off the caller's core
/// ([`Placed::move_off_this_core`]), and the cores it may use once placed.
struct Placed {
    /// Kept, not detached, so that the thread's id stays valid until it is given back (read on
    /// Linux only; elsewhere merely held).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    child: std::thread::JoinHandle<()>,
    #[cfg(target_os = "linux")]
    cores: Option<libc::cpu_set_t>,
}

impl Placed {
    /// Moves the thread `child`, just started, off the core the calling thread runs on
    /// (Linux: its allowed cores become the caller's but this one). A new thread is queued on
    /// its parent's core: on the 2-core machine it ran only once the caller blocked, or took
    /// the core from the caller for milliseconds. Moved, it starts on another core at once, and
    /// the caller keeps its own. Where the caller may run on one core only, or the system
    /// refuses, the thread stays where it is (and naps, [`NAP`]).
    fn move_off_this_core(child: std::thread::JoinHandle<()>) -> Placed {
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::thread::JoinHandleExt;
            let size = std::mem::size_of::<libc::cpu_set_t>();
            // SAFETY: plain system calls; the sets are properly sized cpu_set_t values, and the
            // thread is neither joined nor detached (its handle is held).
            let cores = this_core().and_then(|cpu| unsafe {
                let mut all: libc::cpu_set_t = std::mem::zeroed();
                if libc::sched_getaffinity(0, size, &mut all) != 0 {
                    None
                } else {
                    let mut others = all;
                    libc::CPU_CLR(cpu as usize, &mut others);
                    (libc::CPU_COUNT(&others) > 0
                        && libc::pthread_setaffinity_np(child.as_pthread_t(), size, &others) == 0)
                        .then_some(all)
                }
            });
            Placed { child, cores }
        }
        #[cfg(not(target_os = "linux"))]
        Placed { child }
    }

    /// Gives the thread back every core the caller may use (once; nothing if it was not moved).
    fn give_back(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(cores) = self.cores.take() {
            use std::os::unix::thread::JoinHandleExt;
            // SAFETY: as in `move_off_this_core`; a thread that has ended makes the call fail,
            // which changes nothing.
            unsafe {
                libc::pthread_setaffinity_np(
                    self.child.as_pthread_t(),
                    std::mem::size_of::<libc::cpu_set_t>(),
                    &cores,
                );
            }
        }
    }
}

/// The largest games (vertices and edges) whose second racer runs on the caller's thread. On
/// larger ones both racers get threads of their own, so that the second can yield to the
/// first after [`EVEN_START`]: the games that run that long are mostly won by priority
/// promotion (random games of millions of vertices, ladders), and the caller's thread could
/// not take a lowered priority back. A small game whose race lasts a second is rare.
const HEAD_START_ELEMENTS: u64 = 50_000;

/// How long the two racers run side by side at the same priority before one yields.
/// Where tangle learning beats priority promotion it answers within this time on every
/// family measured (Oink's `counter_*` families: hundredths to tenths of a second even on a
/// loaded machine); a shorter wait (50 ms was tried) let priority promotion, blowing up there,
/// take the core from the winner on a busy machine (`counter_symsi 384`: 0.11 s to 0.19 s).
/// Games that run longer are mostly won by priority promotion (random games of millions of
/// vertices, ladders), whose time the yield then keeps.
const EVEN_START: Duration = Duration::from_secs(1);

/// How much a racer's scheduling priority is lowered when it yields (its nice value raised by
/// this much, to at most 19). On an idle machine each racer has its own core and this changes
/// nothing; on a busy one, where the two racers would share one core's worth of time and each
/// run at half speed, the other racer keeps about nine tenths of it (the kernel weighs nice 0
/// against nice 10 as 1024 to 110).
const YIELD_NICE: i32 = 10;

/// Where the racers of a large game wait until every one is started. A thread starts on the
/// core of the thread that starts it, and runs there first: without the wait, the caller would
/// stand aside on its own core until the kernel moved it, and the next racer would start that
/// much later (1.5 to 4 ms on the 2-core machine, where `counter_symsi 128` takes 4 ms to
/// solve). Once all are started, the racers are woken together, each onto an idle core.
#[derive(Default)]
struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    /// Waits until the gate is open.
    fn wait(&self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        while !*open {
            open = self
                .opened
                .wait(open)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Opens the gate and wakes every racer waiting at it.
    fn open(&self) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.opened.notify_all();
    }
}

/// Runs `work` on this thread and, once `at` has passed, lowers this thread's priority by
/// [`YIELD_NICE`] (at the work's next stop check, [`crate::stop::alarm`]; Linux only, elsewhere
/// the priority stays). Only for a thread started for a racer: it ends with the race, so
/// nothing has to be restored (an unprivileged thread cannot raise its priority back).
fn yielding_at<T>(at: Option<Instant>, work: impl FnOnce() -> T) -> T {
    match at {
        Some(at) => crate::stop::alarm(at, &mut lower_this_thread, work),
        None => work(),
    }
}

/// Lowers the calling thread's priority by [`YIELD_NICE`] (Linux; elsewhere nothing).
fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread. A failure leaves the priority as it was.
    unsafe {
        let id = libc::gettid() as libc::id_t;
        *libc::__errno_location() = 0;
        let now = libc::getpriority(libc::PRIO_PROCESS, id);
        if *libc::__errno_location() == 0 {
            libc::setpriority(libc::PRIO_PROCESS, id, (now + YIELD_NICE).min(19));
        }
    }
}

/// Solves the parity game `game` by the first of [`RACERS`] to answer; the racers' memory
/// together is held to `limits`. Returns the solution and the method that gave it (tangle
/// learning when recursive tangle learning handed over).
///
/// Errors: both racers failed (the first one's error, e.g. over the budget), a thread could
/// not be started, or a stop flag of the caller was raised.
pub(crate) fn solve(game: &Game, limits: &Limits) -> Result<(Solution, ParityAlgorithm)> {
    if crate::stop::raised() {
        return Err(Error::Interrupted);
    }
    let elements = (game.vertex_count() as u64).saturating_add(game.edge_count() as u64);
    let decided = Decided::new(game, elements.saturating_mul(CYCLES_WORK));
    if decided.is_complete() {
        return Ok((decided.into_solution(game), ParityAlgorithm::Portfolio));
    }
    // Each racer holds its arrays and tangles to its share of the budget.
    let share = Limits {
        max_bytes: limits.max_bytes / RACERS.len() as u64,
        ..*limits
    };
    if elements <= HEAD_START_ELEMENTS {
        head_start(game, &share, &decided)
    } else {
        side_by_side(game, &share, &decided)
    }
}

/// The race on a small game: the second racer on the caller's thread from the start, the
/// first on a thread of its own from [`HEAD_START`] on (or on the caller's thread, after the
/// second, when the second failed before that or no thread could be started).
///
/// The first racer's thread gets its own copy of the game (without names, taken out of its
/// share of the budget: at most a megabyte or so at [`HEAD_START_ELEMENTS`]) and is never
/// waited for once the second racer has answered: it ends at its next stop check. On the
/// 2-core virtual machine, a caller that blocked until that thread ended (a scope's join) let
/// its core go idle, and waking it took half a millisecond or more, on solves of one.
fn head_start(
    game: &Game,
    share: &Limits,
    decided: &Decided,
) -> Result<(Solution, ParityAlgorithm)> {
    // Raised by the first racer once it has answered, and by the caller once the second has.
    let (second_lost, first_lost) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let (tx, rx) = channel();
    let mut tx = Some(tx);
    // The first racer's thread once started, or why it could not be.
    let started: RefCell<Option<std::io::Result<Placed>>> = RefCell::new(None);
    let mut start = || {
        let Some(tx) = tx.take() else { return };
        let outer = crate::stop::flags();
        // Its copy of the game and of what was decided comes out of its share of the budget.
        let copy = copy_bytes(game);
        let held = Limits {
            max_bytes: share.max_bytes.saturating_sub(copy),
            ..*share
        };
        let own = Arc::new((game.without_names(), decided.clone(), held));
        let (second_lost, first_lost) = (Arc::clone(&second_lost), Arc::clone(&first_lost));
        let callers = this_core();
        let spawned = std::thread::Builder::new()
            .name(format!("parity-{}", RACERS[0].name()))
            .spawn(move || {
                let here = this_core();
                if here.is_none() || here == callers {
                    std::thread::sleep(NAP);
                }
                if first_lost.load(Ordering::Relaxed) {
                    return;
                }
                let (game, decided, share) = &*own;
                let yield_at = Some(Instant::now() + EVEN_START);
                let answer = crate::stop::carry(&outer, || {
                    crate::stop::run(&first_lost, || {
                        race(game, RACERS[0], share, yield_at, decided)
                    })
                });
                let won = answer.is_ok();
                // The receiver may be gone once the other racer has won.
                let _ = tx.send(answer);
                if won {
                    second_lost.store(true, Ordering::Relaxed);
                }
            });
        *started.borrow_mut() = Some(spawned.map(Placed::move_off_this_core));
    };
    let give_back = || {
        if let Some(Ok(placed)) = &mut *started.borrow_mut() {
            placed.give_back();
        }
    };
    let begun = Instant::now();
    let second = crate::stop::run(&second_lost, || {
        crate::stop::alarm(begun + HEAD_START, &mut start, || {
            crate::stop::alarm(begun + HEAD_START + PLACED, &mut { give_back }, || {
                race(game, RACERS[1], share, None, decided)
            })
        })
    });
    // (The thread is not joined: its handle is dropped on return, and it ends on its own.)
    match second {
        Ok(answer) => {
            first_lost.store(true, Ordering::Relaxed);
            return Ok(answer);
        }
        Err(Error::Interrupted) if crate::stop::raised() => {
            first_lost.store(true, Ordering::Relaxed);
            return Err(Error::Interrupted);
        }
        // Stopped by the first racer's answer, or failed: the first racer answers.
        Err(_) => give_back(),
    }
    match started.into_inner() {
        // It carries this thread's flags: a stop ends it, and it answers. (A racer that
        // panicked sends nothing; its panic was printed.)
        Some(Ok(_)) => rx.recv().unwrap_or(Err(Error::Interrupted)),
        // Not started, or no thread: the first racer on this one.
        _ => race(game, RACERS[0], share, None, decided),
    }
}

/// The bytes of the first racer's copy of `game` (without names) and of what was decided on
/// it, on a small game ([`head_start`]): owners, priorities and both adjacency lists, and the
/// decided vertices' winners and strategies. O(1).
fn copy_bytes(game: &Game) -> u64 {
    let (n, e) = (game.vertex_count() as u64, game.edge_count() as u64);
    n.saturating_mul(19).saturating_add(e.saturating_mul(8))
}

/// The race on a large game: each racer on a thread of its own, both started together at a
/// [`Gate`]; the second yields after [`EVEN_START`].
fn side_by_side(
    game: &Game,
    share: &Limits,
    decided: &Decided,
) -> Result<(Solution, ParityAlgorithm)> {
    let outer = &crate::stop::flags();
    let flags: Vec<Arc<AtomicBool>> = RACERS
        .iter()
        .map(|_| Arc::new(AtomicBool::new(false)))
        .collect();
    let stop_all = || {
        for f in &flags {
            f.store(true, Ordering::Relaxed);
        }
    };
    let yield_at = Instant::now() + EVEN_START;
    let (tx, rx) = channel();
    let gate = &Gate::default();
    std::thread::scope(|scope| {
        for (i, (&method, flag)) in RACERS.iter().zip(&flags).enumerate() {
            let tx = tx.clone();
            let flag = Arc::clone(flag);
            let yield_at = (i == 1).then_some(yield_at);
            let spawned = std::thread::Builder::new()
                .name(format!("parity-{}", method.name()))
                .spawn_scoped(scope, move || {
                    gate.wait();
                    let answer = crate::stop::carry(outer, || {
                        crate::stop::run(&flag, || race(game, method, share, yield_at, decided))
                    });
                    // The receiver may be gone once another racer has won.
                    let _ = tx.send((i, answer));
                });
            if let Err(e) = spawned {
                stop_all();
                gate.open();
                return Err(Error::Io(e));
            }
        }
        gate.open();
        drop(tx);
        let mut failed: Vec<Option<Error>> = RACERS.iter().map(|_| None).collect();
        // The racers carry the caller's flags: a stop ends both, and they answer.
        for (i, answer) in rx {
            match answer {
                Ok(answer) => {
                    stop_all();
                    return Ok(answer);
                }
                Err(e) => failed[i] = Some(e),
            }
        }
        // Every racer has answered, and none with a solution.
        let first = failed.into_iter().flatten().next();
        Err(first.unwrap_or(Error::Interrupted))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{check, families, solve_parity, Objective, Player};

    /// The second racer's answer on `g`, alone.
    fn second_racer(g: &Game, limits: &Limits) -> (Solution, ParityAlgorithm) {
        race(
            g,
            ParityAlgorithm::RecursiveTangleLearning,
            limits,
            None,
            &Decided::new(g, 0),
        )
        .unwrap()
    }

    #[test]
    fn the_race_gives_the_regions_of_each_method_and_a_checked_solution() {
        for seed in 0..20 {
            let g = families::random_game(seed, 60, 12, 3);
            let (s, by) = solve(&g, &Limits::default()).unwrap();
            // (The portfolio itself: decided before the race.)
            assert!(
                RACERS.contains(&by)
                    || by == ParityAlgorithm::TangleLearning
                    || by == ParityAlgorithm::FixpointJustifications
                    || by == ParityAlgorithm::Portfolio
            );
            assert!(check(&g, &Objective::Parity, &s).is_ok());
            let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
            assert_eq!(s.region(Player::Zero), pp.region(Player::Zero));
        }
        let g = families::recursive_ladder(30);
        let s = solve_parity(&g, ParityAlgorithm::Portfolio).unwrap();
        assert!(check(&g, &Objective::Parity, &s).is_ok());
    }

    #[test]
    fn recursive_tangle_learning_hands_over_to_tangle_learning() {
        // On counter_ortl, recursive tangle learning's tangles grow quadratically: at 64 they
        // pass the bound, and tangle learning answers in its place.
        let text = include_bytes!("../../tests/games/oink-families/counter_ortl-64.pg");
        let limits = Limits::default();
        let g = crate::game::format::pg::parse(text, &limits).unwrap();
        let (s, by) = second_racer(&g, &limits);
        assert_eq!(by, ParityAlgorithm::TangleLearning);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // Below the bound, recursive tangle learning answers itself.
        let g = families::recursive_ladder(10);
        let (_, by) = second_racer(&g, &limits);
        assert_eq!(by, ParityAlgorithm::RecursiveTangleLearning);
    }

    #[test]
    fn racers_pass_the_gate_only_once_it_is_open() {
        let gate = Gate::default();
        let passed = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                gate.wait();
                passed.store(true, Ordering::SeqCst);
            });
            std::thread::sleep(Duration::from_millis(20));
            assert!(!passed.load(Ordering::SeqCst));
            gate.open();
        });
        assert!(passed.load(Ordering::SeqCst));
        // Open already: no wait.
        gate.wait();
    }

    #[test]
    fn the_first_try_stops_at_a_pass_that_learns_too_much() {
        let limits = Limits::default();
        let parse = |text: &[u8]| crate::game::format::pg::parse(text, &limits).unwrap();
        let (rtl, bound) = (ParityAlgorithm::RecursiveTangleLearning, TRIES[0].2);
        let held = |g: &Game| {
            let elements = (g.vertex_count() + g.edge_count()) as u64;
            parity_held(g, rtl, &limits, bound * elements, None)
        };
        // counter_symsi: the second pass learns far more than the bound in one go.
        let g = parse(include_bytes!(
            "../../tests/games/oink-families/counter_symsi-384.pg"
        ));
        let e = held(&g).unwrap_err();
        assert!(e.to_string().contains("learned in one pass"), "{e}");
        let (s, by) = second_racer(&g, &limits);
        assert_eq!(by, ParityAlgorithm::TangleLearning);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // The families the try is for learn less in every pass: the bound lets them through.
        for text in [
            &include_bytes!("../../tests/games/oink-families/counter_dp-32.pg")[..],
            include_bytes!("../../tests/games/oink-families/counter_core-384.pg"),
            include_bytes!("../../tests/games/oink-families/tc-8.pg"),
            include_bytes!("../../tests/games/oink-families/counter_rob-16.pg"),
        ] {
            let g = parse(text);
            let s = held(&g).unwrap();
            assert!(check(&g, &Objective::Parity, &s).is_ok());
        }
    }

    #[test]
    fn the_second_racer_tries_fixpoint_iteration_where_priorities_are_few() {
        let limits = Limits::default();
        // Jurdziński's 20×20 game: 1200 vertices, 40 priorities.
        let g = families::jurdzinski(20, 20);
        assert!(few_priorities(&g));
        let (s, by) = second_racer(&g, &limits);
        assert_eq!(by, ParityAlgorithm::FixpointJustifications);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        let (s, _) = solve(&g, &limits).unwrap();
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // A random game with a priority for every few vertices: not tried.
        let g = families::random_game(1, 200, 100, 3);
        assert!(!few_priorities(&g));
        let (_, by) = second_racer(&g, &limits);
        assert_ne!(by, ParityAlgorithm::FixpointJustifications);
        // counter_rob: nearly every vertex has the same priority; set aside, a priority for
        // every one or two vertices.
        let text = include_bytes!("../../tests/games/oink-families/counter_rob-16.pg");
        assert!(!few_priorities(
            &crate::game::format::pg::parse(text, &limits).unwrap()
        ));
        // Van Dijk's two counters blow fixpoint iteration up: the bound gives up.
        let text = include_bytes!("../../tests/games/oink-families/tc-8.pg");
        let g = crate::game::format::pg::parse(text, &limits).unwrap();
        let elements = (g.vertex_count() + g.edge_count()) as u64;
        assert!(parity_fpj_bounded(&g, FPJ_WORK * elements, None).is_none());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_racer_yields_its_priority_once_past_its_time_and_alone() {
        // SAFETY: as in `lower_this_thread`, on the calling thread.
        let mine =
            || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        let own = mine();
        let checks = || {
            for _ in 0..3 * crate::stop::EVERY {
                crate::stop::check();
            }
        };
        let (before, after, never) = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let before = mine();
                    // Not yet: nothing is lowered.
                    yielding_at(Some(Instant::now() + Duration::from_secs(3600)), checks);
                    yielding_at(None, checks);
                    let never = mine();
                    yielding_at(Some(Instant::now()), checks);
                    (before, mine(), never)
                })
                .join()
                .unwrap()
        });
        assert_eq!(never, before);
        assert_eq!(after, (before + YIELD_NICE).min(19));
        assert_eq!(mine(), own, "the caller's thread keeps its priority");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_first_racer_s_thread_is_placed_off_the_caller_s_core_then_given_every_core_back() {
        use std::os::unix::thread::JoinHandleExt;
        let size = std::mem::size_of::<libc::cpu_set_t>();
        let cores_of = |thread: libc::pthread_t| {
            // SAFETY: a zeroed cpu_set_t of the right size, a thread whose handle is held.
            unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                assert_eq!(libc::pthread_getaffinity_np(thread, size, &mut set), 0);
                (0..libc::CPU_SETSIZE as usize)
                    .filter(|&c| libc::CPU_ISSET(c, &set))
                    .collect::<Vec<_>>()
            }
        };
        // SAFETY: as above, on the calling thread.
        let mine = cores_of(unsafe { libc::pthread_self() });
        let (release, hold) = channel::<()>();
        let child = std::thread::spawn(move || {
            let _ = hold.recv();
        });
        let here = this_core().unwrap() as usize;
        let mut placed = Placed::move_off_this_core(child);
        let moved = cores_of(placed.child.as_pthread_t());
        if mine.len() > 1 {
            assert!(
                !moved.contains(&here),
                "{moved:?} has the caller's core {here}"
            );
            assert_eq!(moved.len(), mine.len() - 1);
        } else {
            // One core only: the thread stays where it is.
            assert_eq!(moved, mine);
        }
        placed.give_back();
        assert_eq!(cores_of(placed.child.as_pthread_t()), mine);
        release.send(()).unwrap();
        placed.child.join().unwrap();
    }

    #[test]
    fn the_first_racer_s_copy_is_counted_whole() {
        for g in [
            families::recursive_ladder(200),
            families::random_game(3, 500, 40, 4),
        ] {
            let c = g.without_names();
            let n = g.vertex_count() as u64;
            let words = |v: &Vec<u32>| 4 * v.len() as u64;
            let game = c.owners.len() as u64
                + 8 * c.owner_bits.len() as u64
                + c.dead_ends.iter().map(words).sum::<u64>()
                + [&c.priorities, &c.succ_off, &c.succ, &c.pred_off, &c.pred]
                    .into_iter()
                    .map(words)
                    .sum::<u64>();
            // What was decided: a bit, a winner's byte and a strategy's word a vertex.
            let decided = n.div_ceil(8) + n + 4 * n;
            assert!(
                copy_bytes(&g) >= game + decided,
                "{} < {}",
                copy_bytes(&g),
                game + decided
            );
            assert!(copy_bytes(&g) <= 2 * (game + decided));
        }
    }

    #[test]
    fn past_the_head_start_the_first_racer_joins_and_none_of_the_second_s_work_is_lost() {
        let limits = Limits::default();
        let parse = |text: &[u8]| crate::game::format::pg::parse(text, &limits).unwrap();
        // tc+ 8: recursive tangle learning is exponential there (33 ms in a release build),
        // far past the head start; priority promotion answers on its thread and stops it.
        let g = parse(include_bytes!("../../tests/games/oink-families/tc+-8.pg"));
        assert!((g.vertex_count() + g.edge_count()) as u64 <= HEAD_START_ELEMENTS);
        let (s, by) = solve(&g, &limits).unwrap();
        assert_eq!(by, ParityAlgorithm::PriorityPromotion);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // counter_core 384: priority promotion takes seconds, recursive tangle learning a
        // few milliseconds, past the head start: the caller's racer goes on and wins.
        let g = parse(include_bytes!(
            "../../tests/games/oink-families/counter_core-384.pg"
        ));
        let (s, by) = solve(&g, &limits).unwrap();
        assert_eq!(by, ParityAlgorithm::RecursiveTangleLearning);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
    }

    #[test]
    fn a_stop_during_a_small_race_stops_both_racers() {
        // counter_symsi 384: priority promotion takes seconds, the second racer's tries tens
        // of milliseconds in a release build; the flag is raised once both run.
        let limits = Limits::default();
        let text = include_bytes!("../../tests/games/oink-families/counter_symsi-384.pg");
        let g = crate::game::format::pg::parse(text, &limits).unwrap();
        assert!((g.vertex_count() + g.edge_count()) as u64 <= HEAD_START_ELEMENTS);
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = Arc::clone(&flag);
        let r = std::thread::scope(|scope| {
            scope.spawn(move || {
                std::thread::sleep(HEAD_START * 4);
                raiser.store(true, Ordering::Relaxed);
            });
            crate::stop::run(&flag, || solve(&g, &limits))
        });
        assert!(
            matches!(r, Err(Error::Interrupted)),
            "{:?}",
            r.map(|(_, by)| by)
        );
    }

    #[test]
    fn the_callers_stop_flag_stops_both_racers() {
        let g = families::recursive_ladder(40);
        let raised = Arc::new(AtomicBool::new(true));
        let r = crate::stop::run(&raised, || solve(&g, &Limits::default()));
        assert!(matches!(r, Err(Error::Interrupted)), "{r:?}");
    }

    #[test]
    fn both_racers_held_to_half_the_budget() {
        let g = families::recursive_ladder(40);
        let n = g.vertex_count() as u64;
        // Enough for one solver's arrays, not for two.
        let limits = Limits {
            max_bytes: n * crate::game::SOLVE_BYTES_PER_VERTEX * 3 / 2,
            ..Limits::default()
        };
        let e =
            crate::game::solve_within(&g, &Objective::Parity, ParityAlgorithm::Portfolio, &limits);
        assert!(matches!(e, Err(Error::OverBudget { .. })), "{e:?}");
        let one = crate::game::solve_within(
            &g,
            &Objective::Parity,
            ParityAlgorithm::PriorityPromotion,
            &limits,
        );
        assert!(one.is_ok());
    }
}
