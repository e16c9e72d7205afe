//! Parity games by **fixpoint iteration with justifications** (T. van Dijk, R. Lapauw,
//! M. Bruynooghe, M. Denecker, "Fixpoint iteration with justifications" / "Justifications and
//! parity games", after fixpoint iteration, T. van Dijk, B. Rubbens, GandALF 2019; Oink's
//! `fpj`): `--method fpj`, and a racer of the default portfolio ([`race`](super::race)) on
//! games with few priorities per vertex.
//!
//! *Fixpoint iteration* evaluates the nested fixpoint formula of a parity game from the
//! innermost (lowest) priority outwards. Every vertex starts won by the player its own priority
//! favours. The vertices are scanned by increasing priority; a vertex whose *one-step winner*
//! (its owner, when some successor is currently won by the owner; the opponent otherwise)
//! differs from the player its priority favours is a *distraction*: its value flips. The
//! vertices of consecutive priorities of one parity form a *block*; when a block ends with new
//! distractions, every vertex of a lower block is reset to its own priority's player and the
//! scan starts again from the bottom. The iteration ends when a scan finds no new distraction:
//! then each vertex is won by the player its priority favours, unless it is a distraction.
//!
//! *Justifications* make the resets local. Each evaluated vertex keeps why it has its value:
//! the successor that gives it to its owner, or (when its owner loses it) all its successors.
//! A vertex is *justified* while nothing its justification points to has changed; a justified
//! vertex is not evaluated again. When a block ends with new distractions, only the justified
//! vertices whose justification points to a new distraction are reset, and transitively those
//! whose justification points to a reset vertex: everything else keeps its value, and the scan
//! continues from the lowest vertex reset (or the start of the block). At the end, the winner
//! of a vertex is its value and the justification moves are winning strategies.
//!
//! ```
//! use mazegraph::game::{check, solve_parity, Game, Objective, ParityAlgorithm, Player};
//! // 0 (P0, priority 1) ⇄ 1 (P1, priority 2), and 0 → 2 (P0, priority 3) → 2.
//! let g = Game::new(
//!     vec![Player::Zero, Player::One, Player::Zero],
//!     vec![1, 2, 3],
//!     &[(0, 1), (1, 0), (0, 2), (2, 2)],
//! )
//! .unwrap();
//! let s = solve_parity(&g, ParityAlgorithm::FixpointJustifications).unwrap();
//! assert_eq!(s.region(Player::Zero), vec![0, 1]);
//! assert_eq!(s.strategy(0), Some(1));
//! assert!(check(&g, &Objective::Parity, &s).is_ok());
//! ```
//!
//! Everything is on flat arrays indexed by vertex or by scan position: one state byte (alive,
//! justified, the priority's parity and the current value), the justification move (the
//! caller's strategy array), the scan order, each vertex's position in it and each position's
//! block end, 13 bytes a vertex, and one bit a position for the vertices not justified, so that
//! the scan after a reset jumps over justified vertices 64 at a time; plus a stack of vertices
//! to reset. Nothing is hashed and nothing recurses.

use super::{Game, NONE};
use fixedbitset::FixedBitSet;

/// State bit: the current value (the player winning the vertex now, 0 or 1).
const VALUE: u8 = 1;
/// State bit: the parity of the vertex's priority (the player it favours).
const PARITY: u8 = 2;
/// State bit: the vertex is in the subgame being solved.
const ALIVE: u8 = 4;
/// State bit: the vertex is justified (its value holds until something it points to changes).
const JUSTIFIED: u8 = 8;

/// Fixpoint iteration with justifications on the subgame `alive` (total: every vertex has a
/// successor in it): decides the winner and the winner's move of every vertex of it and
/// removes them from `alive`. Returns the vertices left undecided: none (the signature is that
/// of the other solvers).
///
/// Complexity: sorting the vertices by priority, O(V log V); evaluating a vertex costs its
/// out-degree and resetting one its in-degree, and the scan skips 64 justified vertices a step;
/// memory 13 bytes a vertex (8 more while sorting) plus the reset stack.
/// A vertex is evaluated again only after it was reset, and vertices are reset only when a
/// higher block finds new distractions, so games whose distractions settle bottom-up take
/// little time: on Jurdziński's small-progress-measures games, where priority promotion and
/// tangle learning redo whole regions, about √V/12 steps per vertex and edge (V^1.5 in all;
/// 0.19 s at 238 572 vertices). The worst case is that of fixpoint iteration,
/// exponential in the number of distinct priorities (each block can undo the lower blocks'
/// work once per change of its own), e.g. on Oink's counter families.
pub(crate) fn solve(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
) -> Vec<u32> {
    // An unbounded run always finishes.
    solve_bounded(game, alive, winner, strategy, u64::MAX).unwrap_or_default()
}

/// [`solve`] held to `max_work` steps of work (a step of the scan, a successor looked at in
/// an evaluation, a predecessor in a reset): `None` when it needs more, and then `alive` and `winner` are as they were and
/// `strategy` is [`NONE`] on every vertex of `alive`. The portfolio tries it first (see
/// [`race`](super::race)).
pub(crate) fn solve_bounded(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    max_work: u64,
) -> Option<Vec<u32>> {
    let order = by_increasing_priority(game, alive);
    if order.is_empty() {
        return Some(order);
    }
    let n = game.vertex_count();
    let mut state = vec![0u8; n];
    let mut pos = vec![NONE; n];
    for (i, &v) in order.iter().enumerate() {
        let parity = (game.priority(v) & 1) as u8;
        // Unjustified vertices hold the value their priority favours.
        state[v as usize] = ALIVE | (parity * PARITY) | parity;
        pos[v as usize] = i as u32;
    }
    if iterate(game, &order, &pos, &mut state, strategy, max_work).is_none() {
        for &v in &order {
            strategy[v as usize] = NONE;
        }
        return None;
    }
    for &v in &order {
        let vi = v as usize;
        let w = state[vi] & VALUE;
        winner[vi] = w;
        if game.owners()[vi] != w {
            strategy[vi] = NONE;
        }
        alive.set(vi, false);
    }
    Some(Vec::new())
}

/// The vertices of `alive` by increasing priority, by vertex within a priority.
fn by_increasing_priority(game: &Game, alive: &FixedBitSet) -> Vec<u32> {
    let mut keyed: Vec<u64> = alive
        .ones()
        .map(|v| (u64::from(game.priority(v as u32)) << 32) | v as u64)
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|k| k as u32).collect()
}

/// The positions (in the scan order) of the vertices not justified, one bit each: the scan
/// jumps over justified vertices 64 at a time (after a reset it walks up again from the lowest
/// reset vertex, over mostly justified ones).
struct Todo {
    words: Vec<u64>,
}

impl Todo {
    /// Every position of `0..len` to do.
    fn full(len: usize) -> Todo {
        let mut words = vec![u64::MAX; len.div_ceil(64)];
        if !len.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1 << (len % 64)) - 1;
            }
        }
        Todo { words }
    }

    fn set(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
    }

    fn clear(&mut self, i: usize) {
        self.words[i >> 6] &= !(1 << (i & 63));
    }

    /// The first position to do at or after `i` and before `end`, or `end`; with the number
    /// of words looked at (work).
    fn next(&self, i: usize, end: usize) -> (usize, u64) {
        if i >= end {
            return (end, 0);
        }
        let mut w = i >> 6;
        let mut bits = self.words[w] & (u64::MAX << (i & 63));
        let mut looked = 1;
        loop {
            if bits != 0 {
                return (((w << 6) + bits.trailing_zeros() as usize).min(end), looked);
            }
            w += 1;
            if w << 6 >= end {
                return (end, looked);
            }
            bits = self.words[w];
            looked += 1;
        }
    }
}

/// The iteration proper: on return every vertex of `order` is justified, its value (state bit
/// [`VALUE`]) is its winner and `strategy` holds its justification move (the owner's winning
/// move when the owner wins it, [`NONE`] otherwise). Returns the work done (words of the scan,
/// evaluations with their successors, predecessors of reset vertices), or `None` as soon as
/// it passes `max_work`.
fn iterate(
    game: &Game,
    order: &[u32],
    pos: &[u32],
    state: &mut [u8],
    strategy: &mut [u32],
    max_work: u64,
) -> Option<u64> {
    let owners = game.owners();
    let len = order.len();
    let parity_at = |i: usize| (game.priority(order[i]) & 1) as u8;
    // Per position, the end of its block (the first position of the next one).
    let mut block_end = vec![len as u32; len];
    for i in (0..len.saturating_sub(1)).rev() {
        if parity_at(i) == parity_at(i + 1) {
            block_end[i] = block_end[i + 1];
        } else {
            block_end[i] = i as u32 + 1;
        }
    }
    let mut todo = Todo::full(len);
    // New distractions of the current block, then the vertices reset by them.
    let mut reset: Vec<u32> = Vec::new();
    let mut work: u64 = 0;
    // The first vertex to do, and its block.
    let (mut i, _) = todo.next(0, len);
    while i < len {
        let block_start = i;
        let end = block_end[i] as usize;
        let parity = parity_at(i);
        let mut changed = false;
        // Evaluate the block's vertices not justified.
        while i < end {
            crate::stop::check();
            let v = order[i];
            let vi = v as usize;
            // The one-step winner: the owner, if a successor is won by the owner now.
            let owner = owners[vi];
            let mut best = NONE;
            let succs = game.successors(v);
            work += 1 + succs.len() as u64;
            for &w in succs {
                if state[w as usize] & (ALIVE | VALUE) == ALIVE | owner {
                    best = w;
                    break;
                }
            }
            strategy[vi] = best;
            let value = if best == NONE { owner ^ 1 } else { owner };
            if value != parity {
                // A distraction: justified at once; what points to it is reset at the block's
                // end.
                state[vi] = (state[vi] & !VALUE) | value | JUSTIFIED;
                todo.clear(i);
                reset.push(v);
                changed = true;
            }
            let (next, looked) = todo.next(i + 1, end);
            work += looked;
            i = next;
        }
        if changed {
            // Unjustify every vertex whose justification points to a new distraction, and
            // transitively to an unjustified vertex; the scan goes on from the lowest (at the
            // latest from the block's start: its evaluated vertices are not justified yet).
            let mut lowest = block_start;
            while let Some(v) = reset.pop() {
                crate::stop::check();
                let preds = game.predecessors(v);
                work += preds.len() as u64;
                for &u in preds {
                    let s = state[u as usize];
                    if s & (ALIVE | JUSTIFIED) != ALIVE | JUSTIFIED {
                        continue;
                    }
                    let m = strategy[u as usize];
                    if m == NONE || m == v {
                        let parity = (s & PARITY) >> 1;
                        state[u as usize] = (s & !(JUSTIFIED | VALUE)) | parity;
                        let p = pos[u as usize] as usize;
                        todo.set(p);
                        reset.push(u);
                        lowest = lowest.min(p);
                    }
                }
            }
            i = lowest;
        } else {
            // No new distraction: the values of the block's evaluated vertices are final
            // until a reset.
            let mut j = block_start;
            loop {
                let (next, looked) = todo.next(j, end);
                work += looked;
                if next >= end {
                    break;
                }
                state[order[next] as usize] |= JUSTIFIED;
                todo.clear(next);
                j = next + 1;
            }
            i = end;
        }
        if work > max_work {
            return None;
        }
        let (next, looked) = todo.next(i, len);
        work += looked;
        i = next;
    }
    Some(work)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{check, families, solve_parity, Objective, ParityAlgorithm, Player};

    fn fpj(g: &Game) -> crate::game::Solution {
        solve_parity(g, ParityAlgorithm::FixpointJustifications).unwrap()
    }

    #[test]
    fn agrees_with_zielonka_on_random_games_and_its_strategies_win() {
        for seed in 0..60 {
            let g = families::random_game(seed, 40 + seed as usize, 10, 3);
            let s = fpj(&g);
            let z = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
            assert_eq!(
                s.region(Player::Zero),
                z.region(Player::Zero),
                "seed {seed}"
            );
            assert!(check(&g, &Objective::Parity, &s).is_ok(), "seed {seed}");
        }
    }

    #[test]
    fn solves_the_ladder_and_oink_families() {
        let g = families::recursive_ladder(8);
        let s = fpj(&g);
        let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
        assert_eq!(s.region(Player::Zero), pp.region(Player::Zero));
        assert!(check(&g, &Objective::Parity, &s).is_ok());
        // (Small sizes: fixpoint iteration is exponential on most of these families.)
        for text in [
            &include_bytes!("../../tests/games/oink-families/counter_ortl-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_qpt-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/tc-4.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_dp-4.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_rob-4.pg")[..],
        ] {
            let g = crate::game::format::pg::parse(text, &Default::default()).unwrap();
            let s = fpj(&g);
            let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
            assert_eq!(s.region(Player::Zero), pp.region(Player::Zero));
            assert!(check(&g, &Objective::Parity, &s).is_ok());
        }
    }

    #[test]
    fn solves_jurdzinskis_games_in_few_steps() {
        for (h, w) in [(1, 1), (2, 3), (6, 8), (20, 20)] {
            let g = families::jurdzinski(h, w);
            assert_eq!(g.vertex_count(), 2 * w + 1 + (h - 1) * (3 * w + 1));
            let s = fpj(&g);
            let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
            assert_eq!(s.region(Player::Zero), pp.region(Player::Zero), "{h}×{w}");
            assert!(check(&g, &Objective::Parity, &s).is_ok(), "{h}×{w}");
        }
        // Square games take about √V/12 steps per vertex and edge (43 at 238 572 vertices):
        // 64 is plenty at 1200.
        let g = families::jurdzinski(20, 20);
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let (mut winner, mut strategy) = (vec![0; n], vec![NONE; n]);
        let elements = (n + g.edge_count()) as u64;
        assert!(solve_bounded(&g, &mut alive, &mut winner, &mut strategy, 64 * elements).is_some());
        assert_eq!(alive.count_ones(..), 0);
    }

    #[test]
    fn a_bounded_run_gives_up_and_leaves_everything_as_it_was() {
        // Van Dijk's two counters: exponential for fixpoint iteration.
        let text = include_bytes!("../../tests/games/oink-families/tc-8.pg");
        let g = crate::game::format::pg::parse(text, &Default::default()).unwrap();
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let (mut winner, mut strategy) = (vec![0; n], vec![NONE; n]);
        let elements = (n + g.edge_count()) as u64;
        let r = solve_bounded(&g, &mut alive, &mut winner, &mut strategy, 4 * elements);
        assert!(r.is_none());
        assert_eq!(alive.count_ones(..), n);
        assert!(winner.iter().all(|&w| w == 0) && strategy.iter().all(|&m| m == NONE));
    }

    #[test]
    fn distractions_reset_what_points_to_them() {
        // 0 (P1, prio 0) → 1 (P0, prio 1) → 2 (P1, prio 2) ⇄ 3 (P0, prio 3), 1 → 1. The
        // block {1} makes 1 a distraction (player 0 moves to 2, which favours player 0), which
        // resets 0; the block {2} makes 2 one (player 1 moves to 3), which resets 1 and,
        // through it, 0.
        let g = Game::new(
            vec![Player::One, Player::Zero, Player::One, Player::Zero],
            vec![0, 1, 2, 3],
            &[(0, 1), (1, 1), (1, 2), (2, 3), (3, 2)],
        )
        .unwrap();
        let s = fpj(&g);
        // The cycle 2 ⇄ 3 has top priority 3: player 1 wins it, and 1's self-loop (priority 1)
        // too, so player 1 wins everywhere.
        assert_eq!(s.region(Player::One), vec![0, 1, 2, 3]);
        assert!(check(&g, &Objective::Parity, &s).is_ok());
    }

    #[test]
    fn the_stop_flag_stops_it() {
        let g = families::recursive_ladder(400);
        let raised = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let r = crate::stop::run(&raised, || {
            solve_within_fpj(&g);
            Ok(())
        });
        assert!(matches!(r, Err(crate::Error::Interrupted)), "{r:?}");
    }

    fn solve_within_fpj(g: &Game) {
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let mut winner = vec![0; n];
        let mut strategy = vec![NONE; n];
        solve(g, &mut alive, &mut winner, &mut strategy);
    }
}
