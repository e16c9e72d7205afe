//! The default parity method ([`ParityAlgorithm::Portfolio`]): the dominions found by a
//! search of winner-controlled winning cycles ([`super::cycles`], within [`CYCLES_WORK`]) are
//! decided first, on the caller's thread; then, on what is left, priority promotion and
//! recursive tangle learning raced on two threads; the first to answer wins and the other is
//! stopped. On random games the search decides everything and no race starts (PGSolver's
//! game of 10⁷ vertices: no second solver's arrays held, about 0.8 GB in all against 1.35).
//! Before the race, on games of at most [`HEAD_START_ELEMENTS`] vertices and edges, the
//! second racer runs alone on the caller's thread for [`HEAD_START`] (a quarter of a
//! millisecond): the small games it wins end there, without the threads' cost; where it runs
//! out, its work is lost and the race starts from the beginning.
//! The racers wait at a [`Gate`] until both are started. The second racer first tries
//! fixpoint iteration with justifications ([`super::fpj`]) on games with many vertices per
//! priority ([`FPJ_VERTICES_PER_PRIORITY`]), for at most [`FPJ_WORK`] steps per vertex and
//! edge; then recursive tangle learning while its tangles stay small (in all and in each
//! pass, [`TRIES`]), then plain tangle learning while its own do, then recursive tangle
//! learning again up to [`RTL_TANGLE_BYTES`] per vertex and edge of the game, then tangle
//! learning for good.
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
//! fastest,
//! and priority promotion covers `tc+` and the ladder. Fixpoint iteration with justifications
//! covers Jurdziński's small-progress-measures games, where priority promotion and both tangle
//! learnings redo whole regions (238 572 vertices: 0.19 s of solving, priority promotion
//! 2.4 s); elsewhere it is exponential (random games, the ladder, every `counter_*` family but
//! `counter_ortl` and `counter_qpt`), hence the gate and the bound: the gate lets it try only
//! where priorities are few for the vertices (Jurdziński's games, SYNTCOMP's, `tc+`, where
//! priority promotion answers first anyway), and the bound holds what it wastes there to a
//! few milliseconds per 10 000 vertices before the tangle learners start. On random and
//! practical games the three are close. Racing costs a second core (or, on one core, twice the
//! time of the faster) and twice the solvers' memory. On a busy machine, where the two racers
//! would share one core's time and each run at half speed, the second yields after
//! [`EVEN_START`]: its priority is lowered (Linux; see [`YIELD_NICE`]) and the first keeps
//! most of the time. The loser is stopped through [`crate::stop`]: it unwinds at its next
//! check, and the caller's own stop flag (Python's Ctrl-C) stops both.
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
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
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
/// The second racer publishes its thread in `yielding` once its try of fixpoint iteration is
/// over (see [`Yield`]).
fn race(
    game: &Game,
    method: ParityAlgorithm,
    share: &Limits,
    yielding: &Yield,
    decided: &Decided,
) -> Result<(Solution, ParityAlgorithm)> {
    let decided = Some(decided);
    if method != ParityAlgorithm::RecursiveTangleLearning {
        return parity_from(game, method, share, decided).map(|s| (s, method));
    }
    let n = game.vertex_count() as u64;
    let elements = n.saturating_add(game.edge_count() as u64);
    if few_priorities(game) {
        if let Some(s) = parity_fpj_bounded(game, elements.saturating_mul(FPJ_WORK), decided) {
            return Ok((s, ParityAlgorithm::FixpointJustifications));
        }
    }
    yielding.publish();
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

/// How often the caller looks at its own stop flag while the racers run.
const POLL: Duration = Duration::from_millis(20);

/// How long the second racer runs alone on the caller's thread before the race starts. The
/// race itself costs about a quarter of a millisecond on the 2-core machine (two threads
/// started and joined), and a millisecond or more when the other core has been idle a while
/// (a virtual machine's idle core wakes slowly); Oink's `counter_*` games of a few hundred
/// vertices, random games of a thousand and the ladder of 2 000 are solved by the second
/// racer in 0.04 to 0.2 ms. Where the try runs out its work is lost: this long, and the time
/// to the next check of the flags ([`crate::stop::EVERY`] checks; setting up the arrays of a
/// game is not checked), hence the bound on the game's size, [`HEAD_START_ELEMENTS`].
const HEAD_START: Duration = Duration::from_micros(250);

/// The largest games (vertices and edges) given a [`HEAD_START`]: on larger ones the race's
/// own cost is a few hundredths of the solving (`counter_symsi 384`, 12 000 vertices and
/// edges, takes 12 ms), and the try could overrun its time while it sets up its arrays.
const HEAD_START_ELEMENTS: u64 = 50_000;

/// How long the two racers run side by side at the same priority before the second yields.
/// Where tangle learning beats priority promotion it answers within this time on every
/// family measured (Oink's `counter_*` families: hundredths to tenths of a second even on a
/// loaded machine); a shorter wait (50 ms was tried) let priority promotion, blowing up there,
/// take the core from the winner on a busy machine (`counter_symsi 384`: 0.11 s to 0.19 s).
/// Games that run longer are mostly won by priority promotion (random games of millions of
/// vertices, ladders), whose time the yield then keeps.
const EVEN_START: Duration = Duration::from_secs(1);

/// How much the second racer's scheduling priority is lowered after [`EVEN_START`] (its nice
/// value raised by this much, to at most 19). On an idle machine each racer has its own core
/// and this changes nothing; on a busy one, where the two racers would share one core's worth
/// of time and each run at half speed, the first racer keeps about nine tenths of it (the
/// kernel weighs nice 0 against nice 10 as 1024 to 110).
const YIELD_NICE: i32 = 10;

/// Where the racers wait until every one is started. A thread starts on the core of the
/// thread that starts it, and runs there first: without the wait, the caller would stand
/// aside on its own core until the kernel moved it, and the next racer would start that much
/// later (1.5 to 4 ms on the 2-core machine, where `counter_symsi 128` takes 4 ms to solve).
/// Once all are started, the racers are woken together, each onto an idle core.
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

/// The second racer's thread, once it may yield: its thread id on Linux (0 until published).
/// The caller, who waits for the racers anyway, lowers its priority after [`EVEN_START`]
/// (`setpriority`, Linux only: elsewhere the racers keep the same priority). Lowering is always
/// allowed; the thread ends with the race, so nothing has to be restored.
#[derive(Default)]
struct Yield {
    thread: AtomicI32,
    lowered: AtomicBool,
}

impl Yield {
    /// Called on the second racer's thread: from now on it may be lowered.
    fn publish(&self) {
        #[cfg(target_os = "linux")]
        // SAFETY: gettid has no preconditions and cannot fail.
        self.thread
            .store(unsafe { libc::gettid() }, Ordering::Release);
    }

    /// Lowers the published thread's priority by [`YIELD_NICE`], once.
    fn lower(&self) {
        let tid = self.thread.load(Ordering::Acquire);
        if tid == 0 || self.lowered.swap(true, Ordering::Relaxed) {
            return;
        }
        #[cfg(target_os = "linux")]
        // SAFETY: plain system calls on a thread of this process, which is still running: the
        // racers' scope outlives the caller's loop. A failure leaves the priority as it was.
        unsafe {
            let id = tid as libc::id_t;
            *libc::__errno_location() = 0;
            let now = libc::getpriority(libc::PRIO_PROCESS, id);
            if *libc::__errno_location() == 0 {
                libc::setpriority(libc::PRIO_PROCESS, id, (now + YIELD_NICE).min(19));
            }
        }
    }

    /// The published thread's nice value (Linux; for the tests).
    #[cfg(all(test, target_os = "linux"))]
    fn nice(&self) -> Option<i32> {
        let tid = self.thread.load(Ordering::Acquire);
        // SAFETY: as in `lower`.
        (tid != 0).then(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, tid as libc::id_t) })
    }
}

/// Solves the parity game `game` by the first of [`RACERS`] to answer; the racers' memory
/// together is held to `limits`. Returns the solution and the method that gave it (tangle
/// learning when recursive tangle learning handed over).
///
/// Errors: both racers failed (the first one's error, e.g. over the budget), a thread could
/// not be started, or the caller's stop flag was raised.
pub(crate) fn solve(game: &Game, limits: &Limits) -> Result<(Solution, ParityAlgorithm)> {
    if crate::stop::raised() {
        return Err(Error::Interrupted);
    }
    let elements = (game.vertex_count() as u64).saturating_add(game.edge_count() as u64);
    let decided = Decided::new(game, elements.saturating_mul(CYCLES_WORK));
    if decided.is_complete() {
        return Ok((decided.into_solution(game), ParityAlgorithm::Portfolio));
    }
    let decided = &decided;
    let flags: Vec<Arc<AtomicBool>> = RACERS
        .iter()
        .map(|_| Arc::new(AtomicBool::new(false)))
        .collect();
    let stop_all = || {
        for f in &flags {
            f.store(true, Ordering::Relaxed);
        }
    };
    // Each racer holds its arrays and tangles to its share of the budget.
    let share = Limits {
        max_bytes: limits.max_bytes / RACERS.len() as u64,
        ..*limits
    };
    let share = &share;
    // On a small game, the second racer alone first, on this thread, for a moment: it often
    // answers before a second thread would have started.
    if elements <= HEAD_START_ELEMENTS {
        let alone = Yield::default();
        let deadline = Instant::now() + HEAD_START;
        let head = crate::stop::within(deadline, || race(game, RACERS[1], share, &alone, decided));
        if let Some(Ok(answer)) = head {
            return Ok(answer);
        }
    }
    let yielding = &Yield::default();
    let started = Instant::now();
    let (tx, rx) = channel();
    let gate = &Gate::default();
    std::thread::scope(|scope| {
        for (i, (&method, flag)) in RACERS.iter().zip(&flags).enumerate() {
            let tx = tx.clone();
            let flag = Arc::clone(flag);
            let spawned = std::thread::Builder::new()
                .name(format!("parity-{}", method.name()))
                .spawn_scoped(scope, move || {
                    gate.wait();
                    let answer =
                        crate::stop::run(&flag, || race(game, method, share, yielding, decided));
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
        loop {
            match rx.recv_timeout(POLL) {
                Ok((_, Ok(answer))) => {
                    stop_all();
                    return Ok(answer);
                }
                Ok((i, Err(e))) => failed[i] = Some(e),
                Err(RecvTimeoutError::Timeout) => {
                    if crate::stop::raised() {
                        stop_all();
                        return Err(Error::Interrupted);
                    }
                    if started.elapsed() >= EVEN_START {
                        yielding.lower();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // Every racer has answered, and none with a solution.
                    let first = failed.into_iter().flatten().next();
                    return Err(first.unwrap_or(Error::Interrupted));
                }
            }
        }
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
            &Yield::default(),
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
    fn the_second_racer_yields_its_priority_once_and_alone() {
        let y = Yield::default();
        // Nothing published (still trying fixpoint iteration): nothing is lowered.
        y.lower();
        assert!(!y.lowered.load(Ordering::Relaxed));
        // SAFETY: as in `Yield::lower`, on this thread.
        let mine =
            || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        let own = mine();
        let y = &y;
        std::thread::scope(|scope| {
            let (published, wait) = channel();
            let (release, hold) = channel::<()>();
            scope.spawn(move || {
                y.publish();
                published.send(()).unwrap();
                let _ = hold.recv();
            });
            wait.recv().unwrap();
            let before = y.nice().unwrap();
            y.lower();
            y.lower();
            assert_eq!(y.nice(), Some((before + YIELD_NICE).min(19)));
            release.send(()).unwrap();
        });
        assert_eq!(mine(), own, "the caller's thread keeps its priority");
    }

    #[test]
    fn after_a_head_start_run_out_the_race_starts_from_the_beginning() {
        // tc+ 8: recursive tangle learning is exponential there (33 ms in a release build),
        // far past the head start; priority promotion answers in the race.
        let text = include_bytes!("../../tests/games/oink-families/tc+-8.pg");
        let g = crate::game::format::pg::parse(text, &Limits::default()).unwrap();
        let (s, by) = solve(&g, &Limits::default()).unwrap();
        assert_eq!(by, ParityAlgorithm::PriorityPromotion);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // Ctrl-C during the head start: the stop goes on to the caller.
        let raised = Arc::new(AtomicBool::new(true));
        let text = include_bytes!("../../tests/games/oink-families/counter_dp-32.pg");
        let g = crate::game::format::pg::parse(text, &Limits::default()).unwrap();
        let decided = Decided::new(&g, 0);
        let r = crate::stop::run(&raised, || -> Result<()> {
            let alone = Yield::default();
            let far = Instant::now() + Duration::from_secs(3600);
            let r = crate::stop::within(far, || {
                race(&g, RACERS[1], &Limits::default(), &alone, &decided)
            });
            panic!("not stopped: {:?}", r.map(|r| r.map(|(_, by)| by)));
        });
        assert!(matches!(r, Err(Error::Interrupted)), "{r:?}");
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
