//! Parity games by **recursive tangle learning** (T. van Dijk, *Attracting Tangles to Solve
//! Parity Games*, CAV 2018; the `rtl` solver of Oink), a parity solver of
//! [`solve_parity`](super::solve::solve_parity).
//!
//! Tangles and their attraction are those of [tangle learning](super::tangle) (the tangle
//! store and the search of a closed region for tangles are shared with it). Tangle learning
//! decomposes the game once per pass and learns only from the regions that are closed; the
//! recursive variant also decomposes *inside* each region: it removes the region's top vertex
//! (when the region is closed, after learning its tangles) or its open top vertices (when it is
//! not), with what the opponent attracts to them inside the region, and decomposes the rest of
//! the region the same way, as a subgame, before going on below it. Tangles found in the
//! subgames are tangles of the whole game (their escapes are counted in the undecided game), so
//! one pass learns many more of them: a handful of passes on families where tangle learning
//! needs one pass per tangle (Oink's `counter_dp`, `counter_core`, van Dijk's two counters
//! `tc`). A pass ends at the first dominion found, at any depth, which is attracted in the
//! whole game and decided.
//!
//! Nothing recurses: the subgames being decomposed are a stack of frames, each with a list (in
//! arrays) of its vertices not yet in a region, by decreasing priority. Which set a vertex is
//! in (a frame's unassigned vertices, the region being built, the vertices removed from it) is
//! a label; every set of a pass gets a new one, so that nothing needs clearing when a subgame
//! is done. Attraction looks for the opponent's way out and for a tangle's escapes by
//! scanning (the subgames change at every level, counters would have to be recounted).

use super::tangle::{Extractor, Pass, Region, Tangles};
use super::{solve::SOLVE_BYTES_PER_VERTEX, Game, Player, NONE};
use crate::error::Result;
use crate::grid::Limits;
use fixedbitset::FixedBitSet;

/// The label of no set: a vertex outside the pass's decomposition.
const NOWHERE: u64 = 0;

/// Recursive tangle learning on the subgame `alive` (total: every vertex has a successor in
/// it): decides winners and the winners' moves of its vertices and removes them from `alive`.
/// Returns the vertices left undecided, which is none unless a pass makes no progress (the
/// caller then solves them another way).
///
/// Complexity: a pass costs, per region at every depth, its vertices and edges and the tangles
/// looked at (each with its vertices and escapes); the depth is at most the number of
/// vertices. Every pass removes a dominion or learns tangles. Few passes on Oink's lower-bound
/// families for priority promotion and tangle learning (`counter_dp`, `counter_core`, `tc`)
/// and on random games; but on some families it learns quadratically many tangles
/// (`counter_ortl`, held by the memory budget) and van Dijk's `tc+` makes it exponential.
pub(crate) fn solve(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    limits: &Limits,
) -> Result<Vec<u32>> {
    run(game, alive, winner, strategy, limits).map(|r| r.0)
}

/// [`solve`], with the number of passes and of learned tangles. The tangles, with the
/// solvers' arrays, are held to `limits.max_bytes` (checked as they are learned).
fn run(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    limits: &Limits,
) -> Result<(Vec<u32>, usize, usize)> {
    let mut rtl = Recursive::new(game, alive);
    let arrays = (game.vertex_count() as u64).saturating_mul(SOLVE_BYTES_PER_VERTEX);
    let mut passes = 0;
    while !rtl.order.is_empty() {
        crate::stop::check();
        passes += 1;
        if rtl.pass(alive, winner, strategy, limits, arrays)? == Pass::Stuck {
            break;
        }
    }
    rtl.order.retain(|&v| alive.contains(v as usize));
    Ok((rtl.order, passes, rtl.tangles.len()))
}

/// A subgame being decomposed.
#[derive(Clone, Copy)]
struct Frame {
    /// The label of its vertices not yet in a region.
    free: u64,
    /// The first of them (the largest priority), `NONE` when all are assigned.
    first: u32,
}

/// The state of recursive tangle learning.
struct Recursive<'g> {
    game: &'g Game,
    /// The undecided vertices by decreasing priority (ties by id).
    order: Vec<u32>,
    /// The set each vertex is in (see the module's documentation).
    label: Vec<u64>,
    /// The next fresh label.
    fresh: u64,
    /// Per vertex: the next and previous unassigned vertex of its subgame, by priority.
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Per vertex: the move of its region's player (or, while extending a dominion, of the
    /// dominion's winner).
    moves: Vec<u32>,
    /// The subgames being decomposed, the innermost last.
    frames: Vec<Frame>,
    /// The region being built, in order of attraction (the attractor's queue).
    zone: Vec<u32>,
    /// Its top vertices.
    heads: Vec<u32>,
    /// The vertices removed from the region, in order of attraction.
    out: Vec<u32>,
    /// The live tangles of each player by escape, as of the start of the pass (see
    /// [`Recursive::index_tangles`]): those of player p escaping to v are
    /// `by_escape[start[2v + p]..start[2v + p + 1]]`; the tangles from `indexed` on, learned
    /// during the pass, are found in the store's own lists.
    start: Vec<u32>,
    by_escape: Vec<u32>,
    indexed: usize,
    /// Scratch: tangles to look at, and a tangle's vertices with their moves.
    found: Vec<usize>,
    pending: Vec<(u32, u32)>,
    tangles: Tangles,
    extractor: Extractor,
}

impl<'g> Recursive<'g> {
    fn new(game: &'g Game, alive: &FixedBitSet) -> Recursive<'g> {
        let n = game.vertex_count();
        let mut order: Vec<u32> = alive.ones().map(|v| v as u32).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(game.priority(v)));
        Recursive {
            game,
            order,
            label: vec![NOWHERE; n],
            fresh: NOWHERE + 1,
            next: vec![NONE; n],
            prev: vec![NONE; n],
            moves: vec![NONE; n],
            frames: Vec::new(),
            zone: Vec::new(),
            heads: Vec::new(),
            out: Vec::new(),
            start: vec![0; 2 * n + 1],
            by_escape: Vec::new(),
            indexed: 0,
            found: Vec::new(),
            pending: Vec::new(),
            tangles: Tangles::new(n),
            extractor: Extractor::new(n),
        }
    }

    fn fresh(&mut self) -> u64 {
        self.fresh += 1;
        self.fresh - 1
    }

    /// Starts decomposing the subgame of `verts` (by decreasing priority) as a new frame.
    fn push_frame(&mut self, verts: &[u32]) {
        let free = self.fresh();
        for (i, &v) in verts.iter().enumerate() {
            self.label[v as usize] = free;
            self.prev[v as usize] = if i == 0 { NONE } else { verts[i - 1] };
            self.next[v as usize] = verts.get(i + 1).copied().unwrap_or(NONE);
        }
        self.frames.push(Frame {
            free,
            first: verts.first().copied().unwrap_or(NONE),
        });
    }

    /// One pass: the decomposition of the undecided game, recursively inside its regions,
    /// until a dominion is found and decided, or to the end.
    fn pass(
        &mut self,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
        limits: &Limits,
        arrays: u64,
    ) -> Result<Pass> {
        let game = self.game;
        if self.tangles.len() > self.indexed {
            self.index_tangles(alive);
        }
        self.frames.clear();
        let order = std::mem::take(&mut self.order);
        self.push_frame(&order);
        self.order = order;
        let mut learned = false;
        let mut sub: Vec<u32> = Vec::new();
        while let Some(&frame) = self.frames.last() {
            crate::stop::check();
            if frame.first == NONE {
                self.frames.pop();
                continue;
            }
            // The region: the unassigned vertices from the top down while the parity holds,
            // and their tangle attractor in the subgame's unassigned vertices.
            let region = self.fresh();
            let pl = Player::of_priority(game.priority(frame.first));
            self.zone.clear();
            self.heads.clear();
            let mut zone = std::mem::take(&mut self.zone);
            loop {
                let v = self.frames.last().map_or(NONE, |f| f.first);
                if v == NONE || Player::of_priority(game.priority(v)) != pl {
                    break;
                }
                self.heads.push(v);
                let from = zone.len();
                self.take(v, NONE, region, true, &mut zone);
                self.attract(alive, pl, region, frame.free, true, &mut zone, from);
            }
            // Its open top vertices: the player's without a move inside, the opponent's with
            // a move down into the subgame.
            self.out.clear();
            for &h in &self.heads {
                let open = if game.owner(h) == pl {
                    self.moves[h as usize] == NONE
                } else {
                    game.successors(h)
                        .iter()
                        .any(|&w| self.label[w as usize] == frame.free)
                };
                if open {
                    self.out.push(h);
                }
            }
            if self.out.is_empty() {
                // Closed: learn its tangles, then take its top vertex out.
                let before = self.tangles.len();
                let label = &self.label;
                let dominion = self.extractor.extract(
                    Region {
                        game,
                        alive,
                        pl,
                        heads: &self.heads,
                        vertices: &zone,
                        moves: &self.moves,
                        contains: |v| label[v as usize] == region,
                    },
                    &mut self.tangles,
                    |_| {},
                );
                learned |= self.tangles.len() > before;
                limits.check_bytes(
                    &format!("the {} tangles learned so far", self.tangles.len()),
                    arrays.saturating_add(self.tangles.bytes()),
                )?;
                if !dominion.is_empty() {
                    self.zone = zone;
                    self.win(alive, winner, strategy, pl, &dominion);
                    return Ok(Pass::Solved);
                }
                self.out.push(self.heads[0]);
            }
            // What the opponent attracts to the removed vertices inside the region leaves it
            // too; the rest is decomposed next, as a subgame.
            let removed = self.fresh();
            let mut out = std::mem::take(&mut self.out);
            for &h in &out {
                self.label[h as usize] = removed;
            }
            self.attract(alive, pl.opponent(), removed, region, false, &mut out, 0);
            self.out = out;
            sub.clear();
            sub.extend(
                zone.iter()
                    .copied()
                    .filter(|&v| self.label[v as usize] == region),
            );
            sub.sort_by_key(|&v| (std::cmp::Reverse(game.priority(v)), v));
            self.zone = zone;
            if !sub.is_empty() {
                self.push_frame(&sub);
            }
        }
        Ok(if learned { Pass::Learned } else { Pass::Stuck })
    }

    /// Puts `v` into the set `target` with the move `m`, and queues it; `listed`: `v` is
    /// unassigned in the innermost subgame (and comes off its list).
    #[inline]
    fn take(&mut self, v: u32, m: u32, target: u64, listed: bool, queue: &mut Vec<u32>) {
        let vi = v as usize;
        if listed {
            let (p, n) = (self.prev[vi], self.next[vi]);
            if p == NONE {
                if let Some(f) = self.frames.last_mut() {
                    f.first = n;
                }
            } else {
                self.next[p as usize] = n;
            }
            if n != NONE {
                self.prev[n as usize] = p;
            }
        }
        self.label[vi] = target;
        self.moves[vi] = m;
        queue.push(v);
    }

    /// The tangle attractor for `pl` of the set `target` (its vertices from `queue[from..]` on
    /// still to process) among the vertices of the set `cand`: a vertex of `pl` with a move
    /// into the target, one of the opponent whose every move in `cand` leads there, a tangle of
    /// `pl` inside both sets, with a vertex in `cand`, whose escapes avoid `cand`. The vertices
    /// of `pl` in the target without a move get one. `listed`: see [`Recursive::take`].
    #[allow(clippy::too_many_arguments)]
    fn attract(
        &mut self,
        alive: &FixedBitSet,
        pl: Player,
        target: u64,
        cand: u64,
        listed: bool,
        queue: &mut Vec<u32>,
        mut from: usize,
    ) {
        let game = self.game;
        while from < queue.len() {
            crate::stop::check();
            let v = queue[from];
            from += 1;
            for &u in game.predecessors(v) {
                let l = self.label[u as usize];
                if l == target {
                    if game.owner(u) == pl && self.moves[u as usize] == NONE {
                        self.moves[u as usize] = v;
                    }
                } else if l == cand {
                    if game.owner(u) == pl {
                        self.take(u, v, target, listed, queue);
                    } else if !game
                        .successors(u)
                        .iter()
                        .any(|&w| self.label[w as usize] == cand)
                    {
                        self.take(u, NONE, target, listed, queue);
                    }
                }
            }
            self.found.clear();
            let indexed = self.indexed;
            self.found
                .extend(self.tangles.escaping_to(v).take_while(|&t| t >= indexed));
            let k = 2 * v as usize + pl.index() as usize;
            let (a, b) = (self.start[k] as usize, self.start[k + 1] as usize);
            self.found
                .extend(self.by_escape[a..b].iter().map(|&t| t as usize));
            for i in 0..self.found.len() {
                let t = self.found[i];
                if !self.attractable(alive, t, pl, target, cand) {
                    continue;
                }
                let (verts, moves) = self.tangles.vertices(t);
                let mut pending = std::mem::take(&mut self.pending);
                pending.clear();
                pending.extend(verts.iter().copied().zip(moves.iter().copied()));
                for &(u, m) in &pending {
                    if self.label[u as usize] == cand {
                        self.take(u, m, target, listed, queue);
                    }
                }
                self.pending = pending;
            }
        }
    }

    /// Indexes the live tangles by escape and player, contiguously (the store's lists, newest
    /// first and scattered, are slow to walk on every attracted vertex), and retires the
    /// tangles with a decided vertex. Done at the start of a pass after one that learned
    /// tangles: O(their total size).
    fn index_tangles(&mut self, alive: &FixedBitSet) {
        let t_count = self.tangles.len();
        for t in 0..t_count {
            if !self.tangles.dead[t]
                && self
                    .tangles
                    .vertices(t)
                    .0
                    .iter()
                    .any(|&u| !alive.contains(u as usize))
            {
                self.tangles.dead[t] = true;
            }
        }
        let key = |v: u32, p: u8| 2 * v as usize + p as usize;
        self.start.iter_mut().for_each(|c| *c = 0);
        for t in (0..t_count).filter(|&t| !self.tangles.dead[t]) {
            let p = self.tangles.player[t];
            for &w in self.tangles.escapes(t) {
                self.start[key(w, p) + 1] += 1;
            }
        }
        for k in 1..self.start.len() {
            self.start[k] += self.start[k - 1];
        }
        self.by_escape.clear();
        self.by_escape
            .resize(*self.start.last().unwrap_or(&0) as usize, 0);
        for t in (0..t_count).filter(|&t| !self.tangles.dead[t]) {
            let p = self.tangles.player[t];
            for &w in self.tangles.escapes(t) {
                let k = key(w, p);
                self.by_escape[self.start[k] as usize] = t as u32;
                self.start[k] += 1;
            }
        }
        // Each start has moved to the next one's place: shift them back.
        let last = self.start.len() - 1;
        self.start.copy_within(..last, 1);
        self.start[0] = 0;
        self.indexed = t_count;
    }

    /// True when tangle `t` can be attracted to `target` for `pl` (see [`Recursive::attract`]);
    /// marks it dead when one of its vertices is decided.
    fn attractable(
        &mut self,
        alive: &FixedBitSet,
        t: usize,
        pl: Player,
        target: u64,
        cand: u64,
    ) -> bool {
        if self.tangles.dead[t] || self.tangles.player[t] != pl.index() {
            return false;
        }
        let mut new = false;
        for &u in self.tangles.vertices(t).0 {
            if !alive.contains(u as usize) {
                self.tangles.dead[t] = true;
                return false;
            }
            let l = self.label[u as usize];
            if l == cand {
                new = true;
            } else if l != target {
                return false;
            }
        }
        new && self
            .tangles
            .escapes(t)
            .iter()
            .all(|&w| self.label[w as usize] != cand)
    }

    /// Extends the dominion of `pl` (with its moves in `self.moves`) by the tangle attractor in
    /// the undecided game and decides it.
    fn win(
        &mut self,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
        pl: Player,
        dominion: &[u32],
    ) {
        self.frames.clear();
        let (cand, target) = (self.fresh(), self.fresh());
        for &v in &self.order {
            self.label[v as usize] = cand;
        }
        let mut zone = std::mem::take(&mut self.zone);
        zone.clear();
        for &v in dominion {
            self.label[v as usize] = target;
            zone.push(v);
        }
        self.attract(alive, pl, target, cand, false, &mut zone, 0);
        super::tangle::decide(self.game, &zone, pl, &self.moves, winner, strategy, alive);
        for &v in &zone {
            self.label[v as usize] = NOWHERE;
        }
        self.zone = zone;
        self.order.retain(|&v| alive.contains(v as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::families;
    use crate::game::{check, solve_parity, solve_within, Objective, ParityAlgorithm};

    /// Recursive tangle learning on a total game: (regions of player 0 by RTL and by
    /// Zielonka's algorithm, passes, tangles), the solution checked.
    fn compare(g: &Game) -> (Vec<u32>, Vec<u32>, usize, usize) {
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let (mut winner, mut strategy) = (vec![9; n], vec![NONE; n]);
        let (rest, passes, tangles) = run(
            g,
            &mut alive,
            &mut winner,
            &mut strategy,
            &Limits::default(),
        )
        .unwrap();
        assert!(rest.is_empty() && alive.is_clear());
        let s = solve_parity(g, ParityAlgorithm::RecursiveTangleLearning).unwrap();
        check(g, &Objective::Parity, &s).unwrap();
        let mine: Vec<u32> = (0..n as u32).filter(|&v| winner[v as usize] == 0).collect();
        assert_eq!(s.region(Player::Zero), mine);
        let z = solve_parity(g, ParityAlgorithm::Zielonka).unwrap();
        (mine, z.region(Player::Zero), passes, tangles)
    }

    #[test]
    fn agrees_with_zielonka_on_ladders_and_random_games() {
        for levels in [1, 2, 3, 5, 8, 10] {
            let (a, b, _, _) = compare(&families::recursive_ladder(levels));
            assert_eq!(a, b, "{levels} levels");
        }
        for seed in 0..40 {
            let g = families::random_total_game(seed, 80, 1 + seed as u32 % 20, 4);
            let (a, b, _, _) = compare(&g);
            assert_eq!(a, b, "seed {seed}");
        }
    }

    #[test]
    fn empty_and_single_vertex_games() {
        let g = Game::from_parts(vec![], vec![], &[]).unwrap();
        let (a, b, passes, _) = compare(&g);
        assert!(a.is_empty() && b.is_empty() && passes == 0);
        let g = Game::from_parts(vec![1], vec![7], &[(0, 0)]).unwrap();
        let (a, _, _, _) = compare(&g);
        assert!(a.is_empty());
    }

    #[test]
    fn the_learned_tangles_are_held_to_the_budget() {
        // A random game on which recursive tangle learning learns tangles.
        let g = (0..200)
            .map(|seed| families::random_total_game(seed, 200, 60, 3))
            .find(|g| compare(g).3 > 5)
            .expect("a game with tangles");
        let n = g.vertex_count() as u64;
        let budget = |max_bytes| Limits {
            max_bytes,
            ..Limits::default()
        };
        let e = solve_within(
            &g,
            &Objective::Parity,
            ParityAlgorithm::RecursiveTangleLearning,
            &budget(n * SOLVE_BYTES_PER_VERTEX + 40),
        )
        .unwrap_err();
        assert!(e.to_string().contains("tangles learned so far"), "{e}");
        let s = solve_within(
            &g,
            &Objective::Parity,
            ParityAlgorithm::RecursiveTangleLearning,
            &budget(1 << 24),
        );
        assert!(check(&g, &Objective::Parity, &s.unwrap()).is_ok());
    }
}
