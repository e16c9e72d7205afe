//! Solving games: reachability (the attractor), safety (its dual), Büchi (iterated
//! attractors) and parity (by default priority promotion and recursive tangle learning raced,
//! either alone, tangle learning, fixpoint iteration with justifications, or Zielonka's
//! recursive algorithm: see [`ParityAlgorithm`]), each with both players' winning regions and memoryless strategies; and
//! [`check`], which verifies a claimed solution.
//!
//! Every solver follows the rule of [`super::attractor()`]: a player who cannot move loses.

use super::attractor::{attract_within, attractor, Scratch};
use super::{cycles, fpj, priority_promotion, race, rtl, tangle, Game, Player, NONE};
use crate::error::{Error, Result};
use crate::grid::Limits;
use fixedbitset::FixedBitSet;
use std::fmt;
use std::ops::ControlFlow;

/// What player 0 or 1 wants. Vertex sets are lists of vertex ids (duplicates allowed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// `player` wants to reach `target` (or to leave the opponent without a move).
    Reach {
        /// The reaching player.
        player: Player,
        /// The target vertices.
        target: Vec<u32>,
    },
    /// `player` wants to keep the token out of `avoid` forever: the dual of reaching it.
    Safety {
        /// The safe player.
        player: Player,
        /// The vertices to avoid.
        avoid: Vec<u32>,
    },
    /// `player` wants to visit `accepting` infinitely often.
    Buchi {
        /// The player with the Büchi objective (the opponent's is co-Büchi).
        player: Player,
        /// The accepting vertices.
        accepting: Vec<u32>,
    },
    /// Max-parity on the game's priorities: player 0 wins an infinite play when the largest
    /// priority seen infinitely often is even, player 1 when it is odd.
    Parity,
}

/// A solution: who wins from each vertex, and memoryless winning strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    winner: Vec<u8>,
    strategy: Vec<u32>,
}

impl Solution {
    /// A solution from winners and moves (indexed by vertex, [`NONE`] for no move), e.g. a
    /// claimed solution read from a file, to be checked with [`check`].
    pub fn new(winner: Vec<Player>, strategy: Vec<u32>) -> Solution {
        Solution {
            winner: winner.into_iter().map(Player::index).collect(),
            strategy,
        }
    }

    /// Who wins from `v`.
    pub fn winner(&self, v: u32) -> Player {
        if self.winner[v as usize] == 0 {
            Player::Zero
        } else {
            Player::One
        }
    }

    /// The winner's move at `v` when `v` is the winner's vertex and a move is needed.
    pub fn strategy(&self, v: u32) -> Option<u32> {
        self.strategy
            .get(v as usize)
            .copied()
            .filter(|&w| w != NONE)
    }

    /// The winning region of `p`, in increasing order.
    pub fn region(&self, p: Player) -> Vec<u32> {
        (0..self.winner.len() as u32)
            .filter(|&v| self.winner[v as usize] == p.index())
            .collect()
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.winner.len()
    }

    /// True for the solution of an empty game.
    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }
}

/// Solves `game` for `objective`: both winning regions and memoryless strategies (at each
/// vertex of the winner, the winner's move, except where the play is already decided: the
/// target of a reachability game, the avoided set for the opponent of a safety game).
///
/// Complexity: reachability and safety O(V + E); Büchi O(V·E) (at most V rounds of two
/// attractors); parity by [`ParityAlgorithm::default()`], priority promotion (see
/// [`solve_parity`] for the choice and the complexities).
///
/// Errors: a vertex of the objective that is not in the game.
///
/// ```
/// use mazegraph::game::{check, solve, Game, Objective, Player};
/// // 0 (P0, priority 1) ⇄ 1 (P1, priority 2), and 0 → 2 (P0, priority 3) → 2.
/// let g = Game::new(
///     vec![Player::Zero, Player::One, Player::Zero],
///     vec![1, 2, 3],
///     &[(0, 1), (1, 0), (0, 2), (2, 2)],
/// )
/// .unwrap();
/// let s = solve(&g, &Objective::Parity).unwrap();
/// assert_eq!(s.region(Player::Zero), vec![0, 1]);
/// assert_eq!(s.strategy(0), Some(1));
/// assert!(check(&g, &Objective::Parity, &s).is_ok());
/// ```
pub fn solve(game: &Game, objective: &Objective) -> Result<Solution> {
    solve_within(
        game,
        objective,
        ParityAlgorithm::default(),
        &Limits::default(),
    )
}

/// Bytes a solver holds per vertex of the game at most, besides the game itself: the subgame,
/// winners, strategies, counters and the solvers' own arrays (recursive tangle learning's are
/// the largest: about 66 a vertex with the caller's), with a margin.
pub const SOLVE_BYTES_PER_VERTEX: u64 = 80;

/// What a tangle learner that outgrew the budget says it was holding: its tangles grow as the
/// solving goes on (exponentially on some families), so its figure is what was reached, not
/// what the game needs.
pub(crate) fn tangles_so_far(method: &str, tangles: usize) -> String {
    format!(
        "{method}, with {tangles} tangles learned so far and more as it goes on \
         (--method pp learns none),"
    )
}

/// [`solve`] with the parity algorithm (used for [`Objective::Parity`] only) and a memory
/// budget: the solver's arrays are counted from the game's size before they are made
/// ([`SOLVE_BYTES_PER_VERTEX`]), and tangle learning, which some games make learn
/// exponentially many tangles, stops with [`Error::OverBudget`] when they outgrow the budget.
/// Every algorithm works in O(V + E) memory besides.
///
/// ```
/// use mazegraph::game::{solve_within, Game, Objective, ParityAlgorithm, Player};
/// use mazegraph::grid::Limits;
/// let g = Game::new(vec![Player::Zero, Player::One], vec![1, 2], &[(0, 1), (1, 0)]).unwrap();
/// let s = solve_within(&g, &Objective::Parity, ParityAlgorithm::Zielonka, &Limits::default());
/// // The cycle's largest priority, 2, is even: player 0 wins everywhere.
/// assert_eq!(s.unwrap().region(Player::Zero), vec![0, 1]);
/// let tiny = Limits { max_bytes: 64, ..Limits::default() };
/// assert!(solve_within(&g, &Objective::Parity, ParityAlgorithm::Zielonka, &tiny).is_err());
/// ```
pub fn solve_within(
    game: &Game,
    objective: &Objective,
    algorithm: ParityAlgorithm,
    limits: &Limits,
) -> Result<Solution> {
    let n = game.vertex_count() as u64;
    let solvers = match objective {
        Objective::Parity => algorithm.solvers(),
        _ => 1,
    };
    limits.check_bytes(
        &format!("solving a game of {n} vertices"),
        n.saturating_mul(SOLVE_BYTES_PER_VERTEX)
            .saturating_mul(solvers),
    )?;
    match objective {
        Objective::Reach { player, target } => reach(game, *player, target),
        Objective::Safety { player, avoid } => reach(game, player.opponent(), avoid),
        Objective::Buchi { player, accepting } => {
            for &v in accepting {
                game.check_vertex(v)?;
            }
            let mut s = Solver::new(game);
            s.buchi(*player, accepting);
            Ok(s.finish())
        }
        Objective::Parity => parity(game, algorithm, limits),
    }
}

/// The algorithms that solve parity games. All give full winning regions and memoryless
/// winning strategies for both players, and the same regions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ParityAlgorithm {
    /// Tangle learning (van Dijk, CAV 2018; Oink's `tl`): attractor-based like
    /// Zielonka's algorithm, but it remembers the *tangles* (strongly connected sets a player
    /// wins while the opponent stays) it finds and attracts them whole, so it does not redo the
    /// work that makes Zielonka's algorithm exponential on ladder-like games. Each pass costs
    /// O(V + E + L) for L the total size of the learned tangles and removes a dominion or learns
    /// a tangle: few passes on practical and random games, one per level on Friedmann's
    /// recursive ladder (O(V²) in all, where Zielonka's algorithm is exponential), exponentially
    /// many on purpose-built worst cases. Nothing recurses.
    TangleLearning,
    /// Recursive tangle learning (van Dijk, CAV 2018; Oink's `rtl`): tangle learning that also
    /// decomposes inside each region (without its top vertex, or its open top vertices) as a
    /// subgame, so that one pass learns the tangles of many levels at once. A handful of passes
    /// where tangle learning needs one per tangle (Oink's `counter_dp`, `counter_core`, the two
    /// counters `tc`); but quadratically many tangles on `counter_ortl` (held by the memory
    /// budget) and exponential time on `tc+`. Nothing recurses.
    RecursiveTangleLearning,
    /// Zielonka's recursive algorithm: O(E·V^d) in the worst case for d distinct priorities,
    /// exponential on ladder families (Friedmann's recursive ladder), fast on many practical
    /// games. The recursion is as deep as the number of distinct priorities; it runs on a
    /// thread with a stack sized for that.
    Zielonka,
    /// Priority promotion (Benerecetti, Dell'Erba, Mogavero, CAV 2016 / FMSD 2018, with the
    /// bookkeeping of their implementation, Oink's `npp`): decomposes the game top-down into
    /// attractor regions and, when a region is closed but its opponent can escape upwards,
    /// *promotes* it into the lowest region it escapes to instead of recursing; a closed region
    /// without escapes is a dominion, removed with its attractor, and the decomposition starts
    /// again from the top. Building a region costs O(its vertices + edges), a promotion only
    /// what it newly attracts; the worst case is exponential, but few promotions happen on
    /// practical, random and ladder games: as fast as tangle learning on random and SYNTCOMP
    /// games, and 0.02 s on Friedmann's 200 000-vertex recursive ladder, where tangle learning
    /// is quadratic (220–260 s). Nothing recurses.
    PriorityPromotion,
    /// Fixpoint iteration with justifications (van Dijk, Lapauw, Bruynooghe, Denecker; Oink's
    /// `fpj`): evaluates the game's nested fixpoint bottom-up, vertex by vertex in order of
    /// priority, and remembers for each vertex why it has its value (its *justification*: the
    /// move that wins it, or all its moves), so that a change resets only the vertices whose
    /// justification it touches instead of every lower priority. Each evaluation costs a
    /// vertex's out-degree, each reset its in-degree; fast on Jurdziński's
    /// small-progress-measures games (O(V^1.5) on the square ones, where priority promotion
    /// and tangle learning redo whole regions), exponential in the number of priorities in the worst case (Oink's counter
    /// families). Nothing recurses.
    FixpointJustifications,
    /// The default: first the dominions a search finds without solving (winner-controlled
    /// winning cycles with their attractors, Oink's preprocessing; random games are decided
    /// there entirely), then priority promotion and recursive tangle learning raced on two
    /// threads on what is left, the first answer taken and the other method stopped; the second
    /// racer first tries fixpoint
    /// iteration with justifications (on games with at least 16 vertices per distinct
    /// priority, for at most 64 steps per vertex and edge: Jurdziński's games), then hands over
    /// between recursive and plain tangle learning as their tangles outgrow bounds (16, 32,
    /// then 32 words per vertex and edge of the game; as on Oink's `counter_ortl` and
    /// `counter_rob`). Each method is exponential or quadratic on families where
    /// another takes hundredths of a second (Oink's lower-bound families for priority
    /// promotion; `counter_dp`, `counter_core`, `tc` and Friedmann's recursive ladder for
    /// tangle learning; `counter_ortl` and `tc+` for recursive tangle learning), so the race
    /// never blows up where all of them would not, for a second core and twice the memory. On
    /// Linux the second racer's priority is lowered after a second, so that on a busy machine the
    /// first keeps most of the time the two would share. The regions never depend on which
    /// answers; the strategies are those of the first to answer.
    #[default]
    Portfolio,
}

impl ParityAlgorithm {
    /// Every algorithm, the default first.
    pub const ALL: [ParityAlgorithm; 6] = [
        ParityAlgorithm::Portfolio,
        ParityAlgorithm::PriorityPromotion,
        ParityAlgorithm::FixpointJustifications,
        ParityAlgorithm::TangleLearning,
        ParityAlgorithm::RecursiveTangleLearning,
        ParityAlgorithm::Zielonka,
    ];

    /// The name the command line and the Python package use: `portfolio`, `pp`, `fpj`,
    /// `tangle`, `rtl`, `zielonka`.
    pub fn name(self) -> &'static str {
        match self {
            ParityAlgorithm::Portfolio => "portfolio",
            ParityAlgorithm::PriorityPromotion => "pp",
            ParityAlgorithm::FixpointJustifications => "fpj",
            ParityAlgorithm::TangleLearning => "tangle",
            ParityAlgorithm::RecursiveTangleLearning => "rtl",
            ParityAlgorithm::Zielonka => "zielonka",
        }
    }

    /// The algorithm named `name` ([`ParityAlgorithm::name`], or `priority-promotion`, `tl`,
    /// `recursive-tangle`, `zlk`, `fixpoint-justifications`, `auto` for the portfolio).
    ///
    /// ```
    /// use mazegraph::game::ParityAlgorithm;
    /// assert_eq!(ParityAlgorithm::from_name("tl").unwrap(), ParityAlgorithm::TangleLearning);
    /// assert!(ParityAlgorithm::from_name("spm").unwrap_err().to_string().contains("portfolio"));
    /// ```
    pub fn from_name(name: &str) -> Result<ParityAlgorithm> {
        let found = match name.trim().to_ascii_lowercase().as_str() {
            "portfolio" | "auto" => ParityAlgorithm::Portfolio,
            "pp" | "priority-promotion" => ParityAlgorithm::PriorityPromotion,
            "fpj" | "fixpoint-justifications" => ParityAlgorithm::FixpointJustifications,
            "tangle" | "tl" => ParityAlgorithm::TangleLearning,
            "rtl" | "recursive-tangle" => ParityAlgorithm::RecursiveTangleLearning,
            "zielonka" | "zlk" => ParityAlgorithm::Zielonka,
            _ => {
                let names: Vec<&str> = ParityAlgorithm::ALL.iter().map(|a| a.name()).collect();
                return Err(Error::Unsupported(format!(
                    "parity method {name:?}: expected one of {}",
                    names.join(", ")
                )));
            }
        };
        Ok(found)
    }

    /// How many solvers the method runs at once (their memory adds up).
    fn solvers(self) -> u64 {
        match self {
            ParityAlgorithm::Portfolio => 2,
            _ => 1,
        }
    }
}

/// Solves the max-parity game `game` with the chosen algorithm: the same as
/// `solve(game, &Objective::Parity)` (which uses [`ParityAlgorithm::default()`]) but for the
/// choice. Vertices from which a player can force the opponent into a dead end are decided
/// first by attractors (a player who cannot move loses); the algorithm solves the rest.
///
/// Complexity: see [`ParityAlgorithm`].
///
/// Errors: none for a valid [`Game`], but a thread for the solver could not be started.
///
/// ```
/// use mazegraph::game::{check, solve_parity, Game, Objective, ParityAlgorithm, Player};
/// // 0 (P0, priority 1) ⇄ 1 (P1, priority 2), and 0 → 2 (P0, priority 3) → 2.
/// let g = Game::new(
///     vec![Player::Zero, Player::One, Player::Zero],
///     vec![1, 2, 3],
///     &[(0, 1), (1, 0), (0, 2), (2, 2)],
/// )
/// .unwrap();
/// let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
/// let zlk = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
/// let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
/// assert_eq!(tl.region(Player::Zero), vec![0, 1]);
/// assert_eq!(tl.region(Player::Zero), zlk.region(Player::Zero));
/// assert_eq!(pp.region(Player::Zero), zlk.region(Player::Zero));
/// assert!(check(&g, &Objective::Parity, &tl).is_ok());
/// assert!(check(&g, &Objective::Parity, &pp).is_ok());
/// ```
pub fn solve_parity(game: &Game, algorithm: ParityAlgorithm) -> Result<Solution> {
    solve_within(game, &Objective::Parity, algorithm, &Limits::default())
}

/// Parity by `algorithm`, the tangles held to `limits`.
pub(crate) fn parity(game: &Game, algorithm: ParityAlgorithm, limits: &Limits) -> Result<Solution> {
    if algorithm == ParityAlgorithm::Portfolio {
        return race::solve(game, limits).map(|(solution, _)| solution);
    }
    parity_from(game, algorithm, limits, None)
}

/// Parity by `algorithm` (not the portfolio), the tangles held to `limits`, on what `decided`
/// leaves undecided (the whole game when `None`).
pub(crate) fn parity_from(
    game: &Game,
    algorithm: ParityAlgorithm,
    limits: &Limits,
    decided: Option<&Decided>,
) -> Result<Solution> {
    parity_held(game, algorithm, limits, u64::MAX, decided)
}

/// [`parity_from`], with the tangles that one pass of recursive tangle learning learns held
/// to `pass_bytes` besides ([`Error::OverBudget`] beyond; the other methods do not look at
/// it). The portfolio's first try.
pub(crate) fn parity_held(
    game: &Game,
    algorithm: ParityAlgorithm,
    limits: &Limits,
    pass_bytes: u64,
    decided: Option<&Decided>,
) -> Result<Solution> {
    let (mut s, verts) = Solver::starting(game, decided);
    let rest = match algorithm {
        ParityAlgorithm::Zielonka => verts,
        ParityAlgorithm::TangleLearning => {
            tangle::solve(game, &mut s.alive, &mut s.winner, &mut s.strat, limits)?
        }
        ParityAlgorithm::RecursiveTangleLearning => rtl::solve(
            game,
            &mut s.alive,
            &mut s.winner,
            &mut s.strat,
            limits,
            pass_bytes,
        )?,
        ParityAlgorithm::FixpointJustifications => {
            fpj::solve(game, &mut s.alive, &mut s.winner, &mut s.strat)
        }
        // (The portfolio races the others and never comes here.)
        ParityAlgorithm::PriorityPromotion | ParityAlgorithm::Portfolio => {
            priority_promotion::solve(game, &mut s.alive, &mut s.winner, &mut s.strat)
        }
    };
    if rest.is_empty() {
        return Ok(s.finish());
    }
    // Each pass of tangle learning or priority promotion ends with a dominion or a tangle
    // learned; should one not, Zielonka decides the rest.
    zielonka_on_thread(s, rest)
}

/// Fixpoint iteration with justifications held to `max_work` steps (see
/// [`fpj::solve_bounded`]) on what `decided` leaves: `None` when it needs more. The
/// portfolio's first try.
pub(crate) fn parity_fpj_bounded(
    game: &Game,
    max_work: u64,
    decided: Option<&Decided>,
) -> Option<Solution> {
    let (mut s, _) = Solver::starting(game, decided);
    fpj::solve_bounded(game, &mut s.alive, &mut s.winner, &mut s.strat, max_work)?;
    Some(s.finish())
}

/// What is decided of a game before any method runs (the portfolio's preparation): the
/// vertices from which a player forces the token into a dead end, and the dominions of
/// [`cycles`] (winner-controlled winning cycles) with their attractors. The rest, `alive`, is
/// a total subgame.
#[derive(Clone, Debug)]
pub(crate) struct Decided {
    alive: FixedBitSet,
    winner: Vec<u8>,
    strat: Vec<u32>,
}

impl Decided {
    /// Decides the dead ends' attractors, then winner-controlled winning cycles within
    /// `max_work` steps of search (see [`cycles::solve`]).
    pub(crate) fn new(game: &Game, max_work: u64) -> Decided {
        let mut s = Solver::new(game);
        s.strip_dead_ends();
        let Solver {
            mut alive,
            mut winner,
            mut strat,
            ..
        } = s;
        cycles::solve(game, &mut alive, &mut winner, &mut strat, max_work);
        Decided {
            alive,
            winner,
            strat,
        }
    }

    /// Whether every vertex is decided.
    pub(crate) fn is_complete(&self) -> bool {
        self.alive.is_clear()
    }

    /// The solution, once [`Decided::is_complete`].
    pub(crate) fn into_solution(self, game: &Game) -> Solution {
        solution_of(game, self.winner, self.strat)
    }
}

/// Reachability for `p` (and safety for the opponent): the attractor and the escapes.
fn reach(game: &Game, p: Player, target: &[u32]) -> Result<Solution> {
    let a = attractor(game, p, target)?;
    let n = game.vertex_count();
    let mut winner = vec![p.opponent().index(); n];
    let mut strategy = vec![NONE; n];
    let moves = a.strategy_moves();
    for &v in a.vertices() {
        winner[v as usize] = p.index();
        strategy[v as usize] = moves[v as usize];
    }
    for v in 0..n as u32 {
        if let Some(w) = a.escape(game, v) {
            strategy[v as usize] = w;
        }
    }
    Ok(Solution { winner, strategy })
}

/// Zielonka's algorithm on the total subgame `verts` (= `s.alive`), on a thread whose stack
/// fits the recursion.
fn zielonka_on_thread(s: Solver<'_>, mut verts: Vec<u32>) -> Result<Solution> {
    let game = s.game;
    let mut prios: Vec<u32> = verts.iter().map(|&v| game.priority(v)).collect();
    prios.sort_unstable();
    prios.dedup();
    let depth = prios.len();
    drop(prios);
    let stack = (8 << 20) + depth.saturating_mul(1024);
    // The caller's stop flags hold on the solver's thread too.
    let stop = crate::stop::flags();
    std::thread::scope(|scope| {
        let h = std::thread::Builder::new()
            .name("zielonka".into())
            .stack_size(stack)
            .spawn_scoped(scope, move || {
                let mut s = s;
                let work = || {
                    s.zielonka(&mut verts);
                    Ok(())
                };
                // A stop unwinds to this thread's own run and comes back as an error.
                crate::stop::run(&Default::default(), || crate::stop::carry(&stop, work))?;
                Ok(s.finish())
            })?;
        h.join()
            .map_err(|_| Error::InvalidGraph("the parity solver thread panicked".into()))?
    })
}

/// Shared state of the Büchi and parity solvers: the current subgame and scratch space.
struct Solver<'g> {
    game: &'g Game,
    alive: FixedBitSet,
    winner: Vec<u8>,
    strat: Vec<u32>,
    scratch: Scratch,
}

impl<'g> Solver<'g> {
    fn new(game: &'g Game) -> Solver<'g> {
        let n = game.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        Solver {
            game,
            alive,
            winner: vec![0; n],
            strat: vec![NONE; n],
            scratch: Scratch::new(n),
        }
    }

    /// A solver on what `decided` leaves undecided, with the list of those vertices; on the
    /// whole game with its dead ends' attractors decided when `None`.
    fn starting(game: &'g Game, decided: Option<&Decided>) -> (Solver<'g>, Vec<u32>) {
        let mut s = Solver::new(game);
        match decided {
            None => {
                let verts = s.strip_dead_ends();
                (s, verts)
            }
            Some(d) => {
                s.alive.clone_from(&d.alive);
                s.winner.clone_from(&d.winner);
                s.strat.clone_from(&d.strat);
                let verts = d.alive.ones().map(|v| v as u32).collect();
                (s, verts)
            }
        }
    }

    fn attract(
        &mut self,
        p: Player,
        verts: &[u32],
        target: impl IntoIterator<Item = u32>,
    ) -> Vec<u32> {
        attract_within(
            self.game,
            p,
            &self.alive,
            verts,
            target,
            &mut self.scratch,
            &mut self.strat,
        )
    }

    /// Decides the vertices from which a player can force the opponent into a dead end, and
    /// removes them; what remains is a total subgame (every vertex has a successor in it).
    fn strip_dead_ends(&mut self) -> Vec<u32> {
        let mut verts: Vec<u32> = (0..self.game.vertex_count() as u32).collect();
        for p in [Player::Zero, Player::One] {
            let won = self.attract(p, &verts, []);
            for &v in &won {
                self.winner[v as usize] = p.index();
                self.alive.set(v as usize, false);
            }
            verts.retain(|&v| self.alive.contains(v as usize));
        }
        verts
    }

    /// Some successor of `v` inside the subgame.
    fn any_alive_successor(&self, v: u32) -> u32 {
        self.game
            .successors(v)
            .iter()
            .copied()
            .find(|&w| self.alive.contains(w as usize))
            .unwrap_or(NONE)
    }

    /// Zielonka's recursion on the total subgame `verts` (= `alive` on entry, restored on
    /// exit): decides every vertex of it. The tail call is a loop, so the depth is bounded by
    /// the number of distinct priorities.
    ///
    /// Memory is O(V) whatever the depth: the subgames of the recursion are nested prefixes of
    /// one array. Each level partitions its part of the array in place (the subgame it recurses
    /// on first, the attractor it took out after), and what it decides for the opponent goes
    /// to the end of its part; a deeper level only reorders the prefix it was given. (Lists of
    /// their own per level took O(V) each, O(V²) along a deep recursion: gigabytes on a game
    /// of 20 000 vertices with as many priorities.)
    fn zielonka(&mut self, verts: &mut [u32]) {
        let mut n = verts.len();
        while n > 0 {
            // A level is a pass over its subgame: the flag is read at each.
            crate::stop::check_now();
            let game = self.game;
            let live = &mut verts[..n];
            let d = live.iter().map(|&v| game.priority(v)).max().unwrap_or(0);
            let p = Player::of_priority(d);
            let top: Vec<u32> = live
                .iter()
                .copied()
                .filter(|&v| game.priority(v) == d)
                .collect();
            for &u in &top {
                if game.owner(u) == p {
                    self.strat[u as usize] = self.any_alive_successor(u);
                }
            }
            let a = self.attract(p, live, top);
            for &v in &a {
                self.alive.set(v as usize, false);
            }
            drop(a);
            // live[..m] is the subgame without p's attractor, live[m..] the attractor.
            let m = self.keep_alive_first(live);
            self.zielonka(&mut live[..m]);
            for &v in &live[m..] {
                self.alive.insert(v as usize);
            }
            let lost: Vec<u32> = live[..m]
                .iter()
                .copied()
                .filter(|&v| self.winner[v as usize] != p.index())
                .collect();
            if lost.is_empty() {
                for &v in &live[m..] {
                    self.winner[v as usize] = p.index();
                }
                break;
            }
            let b = self.attract(p.opponent(), live, lost);
            for &v in &b {
                self.winner[v as usize] = p.opponent().index();
                self.alive.set(v as usize, false);
            }
            drop(b);
            n = self.keep_alive_first(live);
        }
        // verts[n..] were decided for an opponent along the way: back into the subgame.
        for &v in &verts[n..] {
            self.alive.insert(v as usize);
        }
    }

    /// Moves the vertices of `verts` that are alive to its front, keeping their order, and
    /// returns how many there are.
    fn keep_alive_first(&self, verts: &mut [u32]) -> usize {
        let mut kept = 0;
        for j in 0..verts.len() {
            if self.alive.contains(verts[j] as usize) {
                verts.swap(kept, j);
                kept += 1;
            }
        }
        kept
    }

    /// Büchi for `p` by iterated attractors: remove the opponent's attractor of the vertices
    /// that cannot reach `accepting`, until every remaining vertex can.
    fn buchi(&mut self, p: Player, accepting: &[u32]) {
        let mut verts = self.strip_dead_ends();
        let mut acc = FixedBitSet::with_capacity(self.game.vertex_count());
        for &v in accepting {
            acc.insert(v as usize);
        }
        let mut in_r = FixedBitSet::with_capacity(self.game.vertex_count());
        loop {
            crate::stop::check_now();
            let targets: Vec<u32> = verts
                .iter()
                .copied()
                .filter(|&v| acc.contains(v as usize))
                .collect();
            let r = self.attract(p, &verts, targets.iter().copied());
            if r.len() == verts.len() {
                for &v in &verts {
                    self.winner[v as usize] = p.index();
                }
                for &v in &targets {
                    if self.game.owner(v) == p {
                        self.strat[v as usize] = self.any_alive_successor(v);
                    }
                }
                return;
            }
            for &v in &r {
                in_r.insert(v as usize);
            }
            let trap: Vec<u32> = verts
                .iter()
                .copied()
                .filter(|&v| !in_r.contains(v as usize))
                .collect();
            for &v in &trap {
                if self.game.owner(v) != p {
                    self.strat[v as usize] = self
                        .game
                        .successors(v)
                        .iter()
                        .copied()
                        .find(|&w| self.alive.contains(w as usize) && !in_r.contains(w as usize))
                        .unwrap_or(NONE);
                }
            }
            for &v in &r {
                in_r.set(v as usize, false);
            }
            let b = self.attract(p.opponent(), &verts, trap);
            for &v in &b {
                self.winner[v as usize] = p.opponent().index();
                self.alive.set(v as usize, false);
            }
            verts.retain(|&v| self.alive.contains(v as usize));
        }
    }

    /// The solution, with moves kept only at the winner's own vertices.
    fn finish(self) -> Solution {
        solution_of(self.game, self.winner, self.strat)
    }
}

/// The solution of `game` whose vertices are won as `winner` says, each winner's vertex moving
/// as `strat` says (the moves of vertices their owner loses are dropped).
fn solution_of(game: &Game, winner: Vec<u8>, mut strat: Vec<u32>) -> Solution {
    for (v, s) in strat.iter_mut().enumerate() {
        if game.owners()[v] != winner[v] {
            *s = NONE;
        }
    }
    Solution {
        winner,
        strategy: strat,
    }
}

/// Why a claimed solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// A vertex where the problem shows, when there is one.
    pub vertex: Option<u32>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

fn violation(vertex: Option<u32>, message: String) -> Violation {
    Violation { vertex, message }
}

/// Verifies a claimed solution: the two regions partition the vertices, and each player's
/// strategy wins from every vertex of its region against every opponent, so the claim is
/// correct (by determinacy, the regions are then the true winning regions).
///
/// Checks, for each region W_p: at p's vertices the move is an edge into W_p (p must have a
/// move); every edge from the opponent's vertices stays in W_p; and in the graph of plays
/// (p's moves, all of the opponent's edges) inside W_p, every cycle satisfies p's objective:
/// for parity its largest priority has p's parity (found by recursive strongly connected
/// component decomposition, removing the top priority of each good component), for Büchi
/// (co-Büchi) it does (not) pass an accepting vertex, for reachability there is no cycle
/// before the target, for safety W_p avoids the set.
///
/// Complexity: O(d·(V + E)) for d distinct priorities (d ≤ 2 but for parity).
///
/// ```
/// use mazegraph::game::{check, solve, Game, Objective, Player, Solution};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![1, 2], &[(0, 1), (1, 0), (1, 1)]).unwrap();
/// let good = solve(&g, &Objective::Parity).unwrap();
/// assert!(check(&g, &Objective::Parity, &good).is_ok());
/// let bad = Solution::new(vec![Player::One, Player::One], vec![u32::MAX, 0]);
/// assert!(check(&g, &Objective::Parity, &bad).is_err());
/// ```
pub fn check(game: &Game, objective: &Objective, solution: &Solution) -> Result<(), Violation> {
    let n = game.vertex_count();
    if solution.winner.len() != n || solution.strategy.len() != n {
        return Err(violation(
            None,
            format!(
                "the solution covers {} vertices, the game has {n}",
                solution.winner.len()
            ),
        ));
    }
    let set = |vs: &[u32]| -> Result<FixedBitSet, Violation> {
        let mut b = FixedBitSet::with_capacity(n);
        for &v in vs {
            if v as usize >= n {
                return Err(violation(None, format!("vertex {v} is not in the game")));
            }
            b.insert(v as usize);
        }
        Ok(b)
    };
    // Per objective: sinks (where the play is decided) and cycle priorities for each region.
    let empty = FixedBitSet::with_capacity(n);
    let (sinks, special, kind): (FixedBitSet, FixedBitSet, Kind) = match objective {
        Objective::Reach { player, target } => (set(target)?, empty, Kind::Reach(*player)),
        Objective::Safety { player, avoid } => (set(avoid)?, empty, Kind::Safety(*player)),
        Objective::Buchi { player, accepting } => (empty, set(accepting)?, Kind::Buchi(*player)),
        Objective::Parity => (empty, FixedBitSet::with_capacity(0), Kind::Parity),
    };
    // The player for whom reaching the sinks decides the play.
    let sink_owner = match kind {
        Kind::Reach(p) => Some(p),
        Kind::Safety(p) => Some(p.opponent()),
        _ => None,
    };
    for v in 0..n as u32 {
        let w = solution.winner(v);
        if sinks.contains(v as usize) {
            if Some(w) != sink_owner {
                return Err(violation(
                    Some(v),
                    format!(
                        "vertex {} is claimed for player {w}, but player {} has already won there",
                        game.label(v),
                        w.opponent()
                    ),
                ));
            }
            continue;
        }
        if game.owner(v) == w {
            let Some(m) = solution.strategy(v) else {
                return Err(violation(
                    Some(v),
                    format!(
                        "vertex {} is won by its owner, player {w}, but the strategy gives no move there",
                        game.label(v)
                    ),
                ));
            };
            if !game.has_edge(v, m) {
                return Err(violation(
                    Some(v),
                    format!(
                        "the strategy moves from {} to {}, which is not a successor",
                        game.label(v),
                        m
                    ),
                ));
            }
            if solution.winner(m) != w {
                return Err(violation(
                    Some(v),
                    format!(
                        "player {w}'s strategy leaves its region: {} → {}",
                        game.label(v),
                        game.label(m)
                    ),
                ));
            }
        } else if let Some(&m) = game
            .successors(v)
            .iter()
            .find(|&&m| solution.winner(m) != w)
        {
            return Err(violation(
                Some(v),
                format!(
                    "player {} can leave player {w}'s region: {} → {}",
                    w.opponent(),
                    game.label(v),
                    game.label(m)
                ),
            ));
        }
    }
    // The two regions' plays are checked side by side on big games (each check walks its own
    // region; memory: about 12 bytes a vertex each).
    let region = |w| bad_region(game, solution, kind, &sinks, &special, w);
    let (zero, one) = if n >= PARALLEL_CHECK {
        let (one, zero) = crate::par::beside(|| region(Player::One), || region(Player::Zero));
        (zero, one)
    } else {
        (region(Player::Zero), region(Player::One))
    };
    match zero.or(one) {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

/// The vertices from which the check of [`check`] runs its two regions on two threads.
const PARALLEL_CHECK: usize = 1 << 16;

/// The violation in `w`'s claimed region, if any: a play along `w`'s strategy inside it whose
/// cycle is bad for `w` (see [`check`]).
fn bad_region(
    game: &Game,
    solution: &Solution,
    kind: Kind,
    sinks: &FixedBitSet,
    special: &FixedBitSet,
    w: Player,
) -> Option<Violation> {
    let n = game.vertex_count();
    // Priorities of the cycle condition for region w (None: every cycle is fine).
    let prio: Option<Box<dyn Fn(u32) -> u32 + '_>> = match kind {
        Kind::Parity => Some(Box::new(|v| game.priority(v))),
        Kind::Buchi(p) => Some(Box::new(move |v| {
            if special.contains(v as usize) {
                2 + p.index() as u32
            } else {
                1 - p.index() as u32
            }
        })),
        // The player who must reach the sinks may not cycle before them.
        Kind::Reach(p) | Kind::Safety(p) => {
            let reacher = if matches!(kind, Kind::Reach(_)) {
                p
            } else {
                p.opponent()
            };
            (w == reacher)
                .then(|| -> Box<dyn Fn(u32) -> u32> { Box::new(move |_| 1 - w.index() as u32) })
        }
    };
    let prio = prio?;
    let verts: Vec<u32> = (0..n as u32)
        .filter(|&v| solution.winner(v) == w && !sinks.contains(v as usize))
        .collect();
    let moves = |v: u32| -> &[u32] {
        if game.owner(v) == w {
            std::slice::from_ref(&solution.strategy[v as usize])
        } else {
            game.successors(v)
        }
    };
    let v = bad_cycle(n, verts, &moves, &*prio, w)?;
    Some(violation(
        Some(v),
        format!(
            "player {} can win against player {w}'s strategy in its claimed region: a cycle through {} is bad for player {w}",
            w.opponent(),
            game.label(v)
        ),
    ))
}

#[derive(Clone, Copy)]
enum Kind {
    Reach(Player),
    Safety(Player),
    Buchi(Player),
    Parity,
}

/// A vertex on a cycle (inside `verts`, along `moves`) whose largest priority has the parity of
/// `w`'s opponent, or `None`. Recursive SCC decomposition: a non-trivial component whose top
/// priority is good for `w` is searched again without its vertices above its largest bad
/// priority (and not at all when it has none).
fn bad_cycle<'m>(
    n: usize,
    verts: Vec<u32>,
    moves: &dyn Fn(u32) -> &'m [u32],
    prio: &dyn Fn(u32) -> u32,
    w: Player,
) -> Option<u32> {
    let mut tag = vec![NONE; n];
    let mut scratch = Tarjan {
        index: vec![NONE; n],
        low: vec![0; n],
        on_stack: FixedBitSet::with_capacity(n),
    };
    let mut work = vec![verts];
    let mut next_tag = 0u32;
    while let Some(set) = work.pop() {
        crate::stop::check();
        let t = next_tag;
        next_tag = next_tag.wrapping_add(1);
        for &v in &set {
            tag[v as usize] = t;
        }
        let member = |v: u32| tag[v as usize] == t;
        let found = scratch.sccs(&set, &member, moves, &mut |scc| {
            let cyclic = scc.len() > 1 || moves(scc[0]).contains(&scc[0]);
            if !cyclic {
                return ControlFlow::Continue(());
            }
            let top = scc.iter().map(|&v| prio(v)).max().unwrap_or(0);
            if Player::of_priority(top) != w {
                // (From the top of the stack down, the order the search popped them in.)
                return match scc.iter().rev().copied().find(|&v| prio(v) == top) {
                    Some(v) => ControlFlow::Break(v),
                    None => ControlFlow::Continue(()),
                };
            }
            // A cycle through a vertex above the component's largest bad priority is good:
            // only the vertices up to that priority can form bad cycles (none when there is
            // no bad priority, which settles a component at once however many priorities it
            // has).
            if let Some(bad) = scc
                .iter()
                .map(|&v| prio(v))
                .filter(|&p| Player::of_priority(p) != w)
                .max()
            {
                work.push(
                    scc.iter()
                        .rev()
                        .copied()
                        .filter(|&v| prio(v) <= bad)
                        .collect(),
                );
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(v) = found {
            return Some(v);
        }
    }
    None
}

/// Scratch space for an iterative Tarjan's algorithm on vertex subsets.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: FixedBitSet,
}

impl Tarjan {
    /// The strongly connected components of the subgraph induced by `set` (O(V + E) of it),
    /// each handed to `each` as it is found (a slice of the search's own stack: nothing is
    /// allocated per component, and most components of a claimed region are single vertices).
    /// Stops at the first `Break`, which it returns.
    fn sccs<'m>(
        &mut self,
        set: &[u32],
        member: &dyn Fn(u32) -> bool,
        moves: &dyn Fn(u32) -> &'m [u32],
        each: &mut dyn FnMut(&[u32]) -> ControlFlow<u32>,
    ) -> ControlFlow<u32> {
        let mut next = 0u32;
        let mut stack: Vec<u32> = Vec::new();
        let mut call: Vec<(u32, usize)> = Vec::new();
        for &root in set {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.open(root, &mut next, &mut stack);
            call.push((root, 0));
            while let Some(top) = call.last_mut() {
                crate::stop::check();
                let v = top.0;
                let es = moves(v);
                if top.1 < es.len() {
                    let u = es[top.1];
                    top.1 += 1;
                    if u == NONE || !member(u) {
                        continue;
                    }
                    if self.index[u as usize] == NONE {
                        self.open(u, &mut next, &mut stack);
                        call.push((u, 0));
                    } else if self.on_stack.contains(u as usize) {
                        self.low[v as usize] = self.low[v as usize].min(self.index[u as usize]);
                    }
                } else {
                    call.pop();
                    if let Some(&(parent, _)) = call.last() {
                        self.low[parent as usize] =
                            self.low[parent as usize].min(self.low[v as usize]);
                    }
                    if self.low[v as usize] == self.index[v as usize] {
                        // The component is the stack from v up.
                        let from = stack.iter().rposition(|&x| x == v).unwrap_or(0);
                        for &x in &stack[from..] {
                            self.on_stack.set(x as usize, false);
                        }
                        each(&stack[from..])?;
                        stack.truncate(from);
                    }
                }
            }
        }
        for &v in set {
            self.index[v as usize] = NONE;
        }
        ControlFlow::Continue(())
    }

    fn open(&mut self, v: u32, next: &mut u32, stack: &mut Vec<u32>) {
        self.index[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
        stack.push(v);
        self.on_stack.insert(v as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{One, Zero};

    fn game(owners: &[u8], prios: &[u32], edges: &[(u32, u32)]) -> Game {
        Game::from_parts(owners.to_vec(), prios.to_vec(), edges).unwrap()
    }

    #[test]
    fn parity_small() {
        // 0 (P1, prio 1) → 1, 2; 1 (P0, prio 2) → 0; 2 (P0, prio 3) → 2.
        let g = game(&[1, 0, 0], &[1, 2, 3], &[(0, 1), (0, 2), (1, 0), (2, 2)]);
        let s = solve(&g, &Objective::Parity).unwrap();
        assert_eq!(s.region(One), vec![0, 1, 2]);
        assert_eq!(s.strategy(0), Some(2));
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // Claiming player 0 wins vertex 1 is refused.
        let bad = Solution::new(vec![One, Zero, One], vec![2, 0, NONE]);
        assert!(check(&g, &Objective::Parity, &bad).is_err());
    }

    #[test]
    fn parity_with_dead_ends() {
        // 0 (P0) → 1 (P1 dead end): 0 wins by moving there. 2 (P0 dead end) loses. 3 (P1) → 2.
        let g = game(&[0, 1, 0, 1], &[1, 1, 0, 0], &[(0, 1), (3, 2)]);
        let s = solve(&g, &Objective::Parity).unwrap();
        assert_eq!(s.region(Zero), vec![0, 1]);
        assert_eq!(s.region(One), vec![2, 3]);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
    }

    #[test]
    fn buchi_and_co_buchi() {
        // 0 (P1) → 1, 2; 1 (P0) → 0; 2 (P0) → 2. Accepting {1}: P1 escapes to the 2-loop.
        let g = game(&[1, 0, 0], &[0; 3], &[(0, 1), (0, 2), (1, 0), (2, 2)]);
        let obj = Objective::Buchi {
            player: Zero,
            accepting: vec![1],
        };
        let s = solve(&g, &obj).unwrap();
        assert_eq!(s.region(One), vec![0, 1, 2]);
        assert!(check(&g, &obj, &s).is_ok());
        let obj2 = Objective::Buchi {
            player: Zero,
            accepting: vec![1, 2],
        };
        let s2 = solve(&g, &obj2).unwrap();
        assert_eq!(s2.region(Zero), vec![0, 1, 2]);
        assert!(check(&g, &obj2, &s2).is_ok());
        assert!(check(&g, &obj, &s2).is_err());
    }

    #[test]
    fn reach_and_safety_are_dual() {
        let g = game(&[1, 0, 0], &[0; 3], &[(0, 1), (0, 2), (1, 0), (2, 2)]);
        let r = Objective::Reach {
            player: Zero,
            target: vec![1],
        };
        let s = solve(&g, &r).unwrap();
        assert_eq!(s.region(Zero), vec![1]);
        assert_eq!(s.strategy(0), Some(2)); // P1 escapes
        assert!(check(&g, &r, &s).is_ok());
        let safe = Objective::Safety {
            player: One,
            avoid: vec![1],
        };
        let t = solve(&g, &safe).unwrap();
        assert_eq!(t, s);
        assert!(check(&g, &safe, &t).is_ok());
        // A reachability claim that loops forever is refused.
        let looping = Solution::new(vec![Zero, Zero, Zero], vec![NONE, 0, 2]);
        let r2 = Objective::Reach {
            player: Zero,
            target: vec![1],
        };
        assert!(check(&g, &r2, &looping).is_err());
        assert!(solve(
            &g,
            &Objective::Reach {
                player: Zero,
                target: vec![3]
            }
        )
        .is_err());
    }

    #[test]
    fn big_games_are_checked_on_two_threads_as_on_one() {
        let n = PARALLEL_CHECK + 100;
        let g = super::super::families::random_total_game(7, n, 50, 3);
        let good = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
        assert!(check(&g, &Objective::Parity, &good).is_ok());
        // Everything claimed by one player, with its first move everywhere: its region is
        // closed, but the opponent wins cycles in it.
        for p in [Player::Zero, Player::One] {
            let strategy = (0..n as u32)
                .map(|v| {
                    if g.owner(v) == p {
                        g.successors(v)[0]
                    } else {
                        NONE
                    }
                })
                .collect();
            let claim = Solution::new(vec![p; n], strategy);
            let e = check(&g, &Objective::Parity, &claim).unwrap_err();
            assert!(e.message.contains("a cycle through"), "{e}");
        }
    }

    #[test]
    fn checker_rejects_malformed_claims() {
        let g = game(&[0, 1], &[0, 0], &[(0, 1), (1, 0)]);
        let s = solve(&g, &Objective::Parity).unwrap();
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // wrong length, missing move, move along a non-edge
        assert!(check(
            &g,
            &Objective::Parity,
            &Solution::new(vec![Zero], vec![NONE])
        )
        .is_err());
        let no_move = Solution::new(vec![Zero, Zero], vec![NONE, NONE]);
        assert!(check(&g, &Objective::Parity, &no_move).is_err());
        let non_edge = Solution::new(vec![Zero, Zero], vec![0, NONE]);
        assert!(check(&g, &Objective::Parity, &non_edge).is_err());
    }
}
