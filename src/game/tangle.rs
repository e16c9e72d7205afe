//! Parity games by **tangle learning** (T. van Dijk, *Attracting Tangles to Solve Parity
//! Games*, CAV 2018; the `tl` solver of Oink): the default parity solver of
//! [`solve`](super::solve::solve).
//!
//! A *tangle* of player α is a set of vertices U with a strategy for α inside U such that the
//! plays that stay in U (α following the strategy, the opponent moving anywhere inside U) form a
//! strongly connected graph whose every cycle is won by α. The opponent can only get out through
//! its *escapes*, the edges leaving U from its vertices. A tangle without escapes is a
//! *dominion*: α wins there. Zielonka's algorithm rediscovers the same tangles again and again
//! in its recursion, which is where its exponential running time on ladder-like games comes
//! from; tangle learning remembers them and attracts a whole tangle at once, as soon as all its
//! escapes lead into the attractor.
//!
//! One *pass* decomposes the remaining game top-down into regions: take the unassigned
//! vertices of the largest priority and those below it of the same parity (on-the-fly priority
//! compression), and the *tangle attractor* of them for their player α in the unassigned
//! subgame (ordinary attraction, plus any learned tangle of α whose escapes all lead into the
//! region). A region that the opponent can only leave upwards (it is *closed*: α's top vertices
//! have a move inside it, the opponent's none out of it into the subgame below) holds new
//! tangles: the nontrivial strongly connected components of the region under α's attractor
//! strategy. A component without escapes is a dominion, and so is the first closed region of a
//! player. A pass ends at the first dominion, which is attracted in the whole game (again with
//! tangles) and removed with its winner and strategy decided; otherwise the new tangles are
//! learned and the next pass starts. The lowest region of a pass is always closed and always
//! yields a new tangle or a dominion, so every pass makes progress.
//!
//! Everything is on flat arrays: the game's CSR rows, bitsets, per-vertex counters reset each
//! pass, tangles as offset-indexed vertex/strategy/escape arrays and, per vertex, a linked list
//! (in arrays) of the tangles it is an escape of. The strongly connected components come from
//! an iterative Tarjan's algorithm: nothing recurses.

use super::{Game, Player, NONE};
use fixedbitset::FixedBitSet;

/// Learned tangles, in flat arrays.
#[derive(Default)]
struct Tangles {
    /// The player who wins inside each tangle (0 or 1).
    player: Vec<u8>,
    /// The largest priority of each tangle.
    prio: Vec<u32>,
    /// Set for tangles that can no longer be attracted (a vertex was solved).
    dead: Vec<bool>,
    /// `verts[voff[t]..voff[t + 1]]` are tangle t's vertices, `moves` the parallel strategy
    /// (the winner's move inside the tangle, `NONE` at the opponent's vertices).
    voff: Vec<usize>,
    verts: Vec<u32>,
    moves: Vec<u32>,
    /// `escapes[eoff[t]..eoff[t + 1]]`: the distinct targets of t's escape edges.
    eoff: Vec<usize>,
    escapes: Vec<u32>,
    /// Per tangle: escapes not yet attracted in this pass (0 = not counted yet).
    left: Vec<u32>,
    /// Per vertex, the first entry of the list of tangles it is an escape of; per entry, the
    /// tangle and the next entry.
    head: Vec<u32>,
    entry_tangle: Vec<u32>,
    entry_next: Vec<u32>,
}

impl Tangles {
    fn new(n: usize) -> Tangles {
        Tangles {
            voff: vec![0],
            eoff: vec![0],
            head: vec![NONE; n],
            ..Tangles::default()
        }
    }

    fn len(&self) -> usize {
        self.prio.len()
    }

    fn vertices(&self, t: usize) -> (&[u32], &[u32]) {
        let r = self.voff[t]..self.voff[t + 1];
        (&self.verts[r.clone()], &self.moves[r])
    }

    fn escapes(&self, t: usize) -> &[u32] {
        &self.escapes[self.eoff[t]..self.eoff[t + 1]]
    }

    /// Records a tangle (its vertices with moves, and its escape targets).
    fn push(&mut self, player: Player, prio: u32, verts: &[(u32, u32)], escapes: &[u32]) {
        let t = self.len() as u32;
        self.player.push(player.index());
        self.prio.push(prio);
        self.dead.push(false);
        self.left.push(0);
        for &(v, m) in verts {
            self.verts.push(v);
            self.moves.push(m);
        }
        self.voff.push(self.verts.len());
        for &e in escapes {
            self.escapes.push(e);
            self.entry_tangle.push(t);
            self.entry_next.push(self.head[e as usize]);
            self.head[e as usize] = (self.entry_tangle.len() - 1) as u32;
        }
        self.eoff.push(self.escapes.len());
    }
}

/// What a pass found.
#[derive(Debug, PartialEq, Eq)]
enum Pass {
    /// A dominion was attracted and removed.
    Solved,
    /// New tangles were learned.
    Learned,
    /// Neither (cannot happen; the caller falls back to another algorithm).
    Stuck,
}

/// Tangle learning on the subgame `alive` (total: every vertex has a successor in it): decides
/// winners and the winners' moves of its vertices and removes them from `alive`. Returns the
/// vertices left undecided, which is none unless the progress argument above fails (the caller
/// then solves them another way).
///
/// Complexity: a pass is O(V + E + L) for L the total size of the learned tangles, and every
/// pass removes a dominion or learns a tangle. The number of passes is small on practical and
/// random games and polynomial on the ladder families that make Zielonka's algorithm
/// exponential; known worst cases need exponentially many tangles.
pub(crate) fn solve(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
) -> Vec<u32> {
    run(game, alive, winner, strategy).0
}

/// [`solve`], with the number of passes and of learned tangles.
fn run(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
) -> (Vec<u32>, usize, usize) {
    let mut tl = Learner::new(game, alive);
    let mut passes = 0;
    while !tl.order.is_empty() {
        passes += 1;
        if tl.pass(alive, winner, strategy) == Pass::Stuck {
            break;
        }
    }
    tl.order.retain(|&v| alive.contains(v as usize));
    (tl.order, passes, tl.tangles.len())
}

/// The state of tangle learning: per-pass scratch space and the learned tangles.
struct Learner<'g> {
    game: &'g Game,
    /// The undecided vertices by decreasing priority (ties by id).
    order: Vec<u32>,
    /// In a region of the current pass.
    assigned: FixedBitSet,
    /// In the region being built (or, while extending a dominion, in the dominion).
    in_z: FixedBitSet,
    /// The current region's vertices, in order of attraction.
    zone: Vec<u32>,
    /// The current region's top vertices (its priority class).
    heads: Vec<u32>,
    /// Per vertex: for the opponent of the attracting player, successors not yet attracted
    /// (0 = not counted yet).
    left: Vec<u32>,
    /// Per vertex: the move of the region's (or dominion's) player.
    moves: Vec<u32>,
    tangles: Tangles,
    /// Tarjan's algorithm: discovery index (NONE = unvisited, DONE = in a finished component).
    index: Vec<u32>,
    low: Vec<u32>,
    /// Marks a component's vertices, then its escapes.
    mark: FixedBitSet,
    /// Dominions found in the current region.
    solved: FixedBitSet,
}

/// A Tarjan index meaning "in an already emitted component".
const DONE: u32 = NONE - 1;

impl<'g> Learner<'g> {
    fn new(game: &'g Game, alive: &FixedBitSet) -> Learner<'g> {
        let n = game.vertex_count();
        let mut order: Vec<u32> = alive.ones().map(|v| v as u32).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(game.priority(v)));
        Learner {
            game,
            order,
            assigned: FixedBitSet::with_capacity(n),
            in_z: FixedBitSet::with_capacity(n),
            zone: Vec::new(),
            heads: Vec::new(),
            left: vec![0; n],
            moves: vec![NONE; n],
            tangles: Tangles::new(n),
            index: vec![NONE; n],
            low: vec![0; n],
            mark: FixedBitSet::with_capacity(n),
            solved: FixedBitSet::with_capacity(n),
        }
    }

    /// One pass: regions top-down until a dominion is found and solved.
    fn pass(&mut self, alive: &mut FixedBitSet, winner: &mut [u8], strategy: &mut [u32]) -> Pass {
        self.assigned.clear();
        self.left.iter_mut().for_each(|c| *c = 0);
        self.tangles.left.iter_mut().for_each(|c| *c = 0);
        let game = self.game;
        let mut first_region = [true, true];
        let mut learned = false;
        let mut pos = 0;
        while pos < self.order.len() {
            let top = self.order[pos];
            if self.assigned.contains(top as usize) {
                pos += 1;
                continue;
            }
            let cap = game.priority(top);
            let pl = Player::of_priority(cap);
            self.zone.clear();
            self.heads.clear();
            // The priority class: unassigned vertices from the top down while the parity holds.
            while pos < self.order.len() {
                let v = self.order[pos];
                if self.assigned.contains(v as usize) {
                    pos += 1;
                    continue;
                }
                if Player::of_priority(game.priority(v)) != pl {
                    break;
                }
                pos += 1;
                self.heads.push(v);
                let from = self.zone.len();
                self.add(v, NONE);
                self.attract(alive, pl, cap, from);
            }
            if self.closed(alive, pl) {
                if first_region[pl.index() as usize] {
                    // Every higher region is the opponent's, which its own vertices here
                    // cannot reach: the opponent cannot leave, so the region is a dominion.
                    let dominion = self.zone.clone();
                    self.win(alive, winner, strategy, pl, &dominion);
                    return Pass::Solved;
                }
                let known = self.tangles.len();
                let dominion = self.extract(alive, pl);
                learned |= self.tangles.len() > known;
                if !dominion.is_empty() {
                    self.win(alive, winner, strategy, pl, &dominion);
                    return Pass::Solved;
                }
            }
            first_region[pl.index() as usize] = false;
            for &v in &self.zone {
                self.in_z.set(v as usize, false);
            }
        }
        if learned {
            Pass::Learned
        } else {
            Pass::Stuck
        }
    }

    /// Puts `v` into the current region with the region player's move `m`.
    #[inline]
    fn add(&mut self, v: u32, m: u32) {
        self.assigned.insert(v as usize);
        self.in_z.insert(v as usize);
        self.moves[v as usize] = m;
        self.zone.push(v);
    }

    /// The tangle attractor for `pl` of the region's vertices from `zone[from..]` on, inside the
    /// unassigned subgame; only tangles of priority at most `cap` are attracted.
    fn attract(&mut self, alive: &FixedBitSet, pl: Player, cap: u32, mut from: usize) {
        let game = self.game;
        while from < self.zone.len() {
            let v = self.zone[from];
            from += 1;
            for &u in game.predecessors(v) {
                let ui = u as usize;
                if self.assigned.contains(ui) || !alive.contains(ui) {
                    continue;
                }
                if game.owner(u) == pl {
                    self.add(u, v);
                } else {
                    if self.left[ui] == 0 {
                        self.left[ui] = count_alive(game.successors(u), alive);
                    }
                    self.left[ui] -= 1;
                    if self.left[ui] == 0 {
                        self.add(u, NONE);
                    }
                }
            }
            self.attract_tangles(alive, pl, v, Some(cap), false);
        }
    }

    /// Attracts the tangles of `pl` that `v` is the last unattracted escape of. In a pass (`cap`
    /// given) a tangle must lie in the unassigned subgame and the region; while extending a
    /// dominion (`cap` None) in the undecided game, and attracted tangles are retired.
    fn attract_tangles(
        &mut self,
        alive: &FixedBitSet,
        pl: Player,
        v: u32,
        cap: Option<u32>,
        retire: bool,
    ) {
        let mut e = self.tangles.head[v as usize];
        while e != NONE {
            let t = self.tangles.entry_tangle[e as usize] as usize;
            e = self.tangles.entry_next[e as usize];
            if self.tangles.dead[t]
                || self.tangles.player[t] != pl.index()
                || cap.is_some_and(|c| self.tangles.prio[t] > c)
            {
                continue;
            }
            if self.tangles.left[t] == 0 {
                self.tangles.left[t] = count_alive(self.tangles.escapes(t), alive);
            }
            self.tangles.left[t] -= 1;
            if self.tangles.left[t] > 0 {
                continue;
            }
            let (verts, _) = self.tangles.vertices(t);
            if verts.iter().any(|&u| !alive.contains(u as usize)) {
                self.tangles.dead[t] = true;
                continue;
            }
            if verts
                .iter()
                .any(|&u| self.assigned.contains(u as usize) && !self.in_z.contains(u as usize))
            {
                continue;
            }
            for k in self.tangles.voff[t]..self.tangles.voff[t + 1] {
                let (u, m) = (self.tangles.verts[k], self.tangles.moves[k]);
                if !self.assigned.contains(u as usize) {
                    self.add(u, m);
                }
            }
            if retire {
                self.tangles.dead[t] = true;
            }
        }
    }

    /// True when the region can only be left upwards: each of `pl`'s top vertices gets a move
    /// into the region, and no top vertex of the opponent has a successor below it.
    fn closed(&mut self, alive: &FixedBitSet, pl: Player) -> bool {
        let game = self.game;
        for &h in &self.heads {
            if game.owner(h) == pl {
                let m = game
                    .successors(h)
                    .iter()
                    .copied()
                    .find(|&w| self.in_z.contains(w as usize));
                match m {
                    Some(w) => self.moves[h as usize] = w,
                    None => return false,
                }
            } else if game
                .successors(h)
                .iter()
                .any(|&w| alive.contains(w as usize) && !self.assigned.contains(w as usize))
            {
                return false;
            }
        }
        true
    }

    /// The moves inside the region: `pl`'s strategy move, or every successor in the region.
    #[inline]
    fn region_moves(&self, v: u32, pl: Player) -> &[u32] {
        if self.game.owner(v) == pl {
            std::slice::from_ref(&self.moves[v as usize])
        } else {
            self.game.successors(v)
        }
    }

    /// Learns the nontrivial strongly connected components of the closed region of `pl` (under
    /// its strategy) as tangles; returns the vertices of those without escapes (dominions).
    fn extract(&mut self, alive: &FixedBitSet, pl: Player) -> Vec<u32> {
        let game = self.game;
        self.solved.clear();
        let mut dominion: Vec<u32> = Vec::new();
        let mut next = 0u32;
        let mut stack: Vec<u32> = Vec::new();
        let mut call: Vec<(u32, u32)> = Vec::new();
        let mut comp: Vec<(u32, u32)> = Vec::new();
        let mut esc: Vec<u32> = Vec::new();
        for hi in 0..self.heads.len() {
            let root = self.heads[hi];
            if self.index[root as usize] != NONE {
                continue;
            }
            self.open(root, &mut next, &mut stack);
            call.push((root, 0));
            while let Some(&mut (v, ref mut k)) = call.last_mut() {
                let es = self.region_moves(v, pl);
                if (*k as usize) < es.len() {
                    let u = es[*k as usize];
                    *k += 1;
                    if !self.in_z.contains(u as usize) {
                        continue;
                    }
                    let iu = self.index[u as usize];
                    if iu == NONE {
                        self.open(u, &mut next, &mut stack);
                        call.push((u, 0));
                    } else if iu != DONE {
                        let l = &mut self.low[v as usize];
                        *l = (*l).min(iu);
                    }
                    continue;
                }
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    let lv = self.low[v as usize];
                    let l = &mut self.low[parent as usize];
                    *l = (*l).min(lv);
                }
                if self.low[v as usize] != self.index[v as usize] {
                    continue;
                }
                // v is the root of a component: pop it.
                comp.clear();
                while let Some(x) = stack.pop() {
                    self.index[x as usize] = DONE;
                    let m = if game.owner(x) == pl {
                        self.moves[x as usize]
                    } else {
                        NONE
                    };
                    comp.push((x, m));
                    if x == v {
                        break;
                    }
                }
                let trivial = comp.len() == 1 && !self.region_moves(v, pl).contains(&v);
                if trivial {
                    continue;
                }
                // Escapes: the opponent's edges out of the component, except into dominions
                // found just before (won by pl too).
                for &(x, _) in &comp {
                    self.mark.insert(x as usize);
                }
                esc.clear();
                let mut prio = 0;
                for &(x, _) in &comp {
                    prio = prio.max(game.priority(x));
                    if game.owner(x) == pl {
                        continue;
                    }
                    for &w in game.successors(x) {
                        let wi = w as usize;
                        if alive.contains(wi)
                            && !self.mark.contains(wi)
                            && !self.solved.contains(wi)
                        {
                            self.mark.insert(wi);
                            esc.push(w);
                        }
                    }
                }
                for &(x, _) in &comp {
                    self.mark.set(x as usize, false);
                }
                for &w in &esc {
                    self.mark.set(w as usize, false);
                }
                if esc.is_empty() {
                    for &(x, _) in &comp {
                        self.solved.insert(x as usize);
                        dominion.push(x);
                    }
                } else {
                    self.tangles.push(pl, prio, &comp, &esc);
                }
            }
        }
        for &v in &self.zone {
            self.index[v as usize] = NONE;
        }
        dominion
    }

    fn open(&mut self, v: u32, next: &mut u32, stack: &mut Vec<u32>) {
        self.index[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
        stack.push(v);
    }

    /// Extends the dominion of `pl` (with its moves in `self.moves`) by the tangle attractor in the undecided game, then decides it.
    fn win(
        &mut self,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
        pl: Player,
        dominion: &[u32],
    ) {
        // Reuse the pass's scratch: everything undecided is the subgame now.
        for &v in &self.zone {
            self.in_z.set(v as usize, false);
        }
        self.assigned.clear();
        self.left.iter_mut().for_each(|c| *c = 0);
        self.tangles.left.iter_mut().for_each(|c| *c = 0);
        self.zone.clear();
        for &v in dominion {
            let m = self.moves[v as usize];
            self.add(v, m);
        }
        let game = self.game;
        let mut from = 0;
        while from < self.zone.len() {
            let v = self.zone[from];
            from += 1;
            for &u in game.predecessors(v) {
                let ui = u as usize;
                if self.assigned.contains(ui) || !alive.contains(ui) {
                    continue;
                }
                if game.owner(u) == pl {
                    self.add(u, v);
                } else {
                    if self.left[ui] == 0 {
                        self.left[ui] = count_alive(game.successors(u), alive);
                    }
                    self.left[ui] -= 1;
                    if self.left[ui] == 0 {
                        self.add(u, NONE);
                    }
                }
            }
            self.attract_tangles(alive, pl, v, None, true);
        }
        for &v in &self.zone {
            let vi = v as usize;
            winner[vi] = pl.index();
            strategy[vi] = if game.owner(v) == pl {
                self.moves[vi]
            } else {
                NONE
            };
            alive.set(vi, false);
            self.in_z.set(vi, false);
        }
        self.zone.clear();
        self.order.retain(|&v| alive.contains(v as usize));
    }
}

/// Number of entries of `vs` in `alive`.
#[inline]
fn count_alive(vs: &[u32], alive: &FixedBitSet) -> u32 {
    vs.iter().filter(|&&w| alive.contains(w as usize)).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::families;
    use crate::game::{check, solve_parity, Objective, ParityAlgorithm, Solution};

    /// Tangle learning on a total game without dead ends: (winners, moves, passes, tangles).
    fn learn(g: &Game) -> (Vec<u8>, Vec<u32>, usize, usize) {
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let (mut winner, mut strategy) = (vec![9; n], vec![NONE; n]);
        let (rest, passes, tangles) = run(g, &mut alive, &mut winner, &mut strategy);
        assert!(rest.is_empty() && alive.is_clear());
        (winner, strategy, passes, tangles)
    }

    fn game(owners: &[u8], prios: &[u32], edges: &[(u32, u32)]) -> Game {
        Game::from_parts(owners.to_vec(), prios.to_vec(), edges).unwrap()
    }

    fn solution(g: &Game, winner: Vec<u8>, strategy: Vec<u32>) -> Solution {
        let w = winner
            .iter()
            .map(|&p| Player::from_index(p as u64).unwrap())
            .collect();
        let s = (0..g.vertex_count())
            .map(|v| {
                if g.owners()[v] == winner[v] {
                    strategy[v]
                } else {
                    NONE
                }
            })
            .collect();
        Solution::new(w, s)
    }

    #[test]
    fn compressed_top_region_is_a_dominion() {
        // 0 (P1, 2) ⇄ 1 (P0, 1), and player 1's way out 0 → 2 (P1, 3) → 3 (P0, 4) → 0. The top
        // region attracts 2 to 3, then takes 0 (priority 2, the same parity) and 1: closed, the
        // first of player 0, so a dominion in one pass.
        let g = game(
            &[1, 0, 1, 0],
            &[2, 1, 3, 4],
            &[(0, 1), (1, 0), (0, 2), (2, 3), (3, 0)],
        );
        let (winner, strategy, passes, tangles) = learn(&g);
        assert_eq!((passes, tangles), (1, 0));
        assert_eq!(winner, vec![0, 0, 0, 0]);
        let s = solution(&g, winner, strategy);
        assert_eq!(check(&g, &Objective::Parity, &s), Ok(()));
        assert_eq!(s.strategy(3), Some(0));
        assert_eq!(s.strategy(1), Some(0));
    }

    #[test]
    fn both_players_win_somewhere() {
        // Two self-loops: 0 (P0, 1) → 0 is player 1's; 1 (P1, 2) → 1 is player 0's; 2 (P0, 0)
        // may go to either and picks 1; 3 (P1, 3) may go to either and picks 0.
        let g = game(
            &[0, 1, 0, 1],
            &[1, 2, 0, 3],
            &[(0, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)],
        );
        let (winner, strategy, _, _) = learn(&g);
        assert_eq!(winner, vec![1, 0, 0, 1]);
        assert_eq!((strategy[2], strategy[3]), (1, 0));
        assert_eq!(
            check(&g, &Objective::Parity, &solution(&g, winner, strategy)),
            Ok(())
        );
    }

    #[test]
    fn ladders_take_few_passes_and_agree_with_zielonka() {
        for levels in [2, 3, 5, 8, 10] {
            let g = families::recursive_ladder(levels);
            let (winner, strategy, passes, tangles) = learn(&g);
            // Linear in the number of levels, where Zielonka's algorithm is exponential.
            assert!(passes <= 2 * levels + 2, "{levels} levels: {passes} passes");
            assert!(
                tangles <= 2 * levels + 2,
                "{levels} levels: {tangles} tangles"
            );
            let s = solution(&g, winner, strategy);
            assert_eq!(check(&g, &Objective::Parity, &s), Ok(()));
            let z = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
            assert_eq!(s.region(Player::Zero), z.region(Player::Zero));
        }
    }

    #[test]
    fn empty_and_single_vertex_games() {
        let (w, _, passes, _) = learn(&game(&[], &[], &[]));
        assert!(w.is_empty() && passes == 0);
        let (w, s, _, _) = learn(&game(&[1], &[7], &[(0, 0)]));
        assert_eq!((w, s), (vec![1], vec![0]));
    }
}
