//! Parity games by **tangle learning** (T. van Dijk, *Attracting Tangles to Solve Parity
//! Games*, CAV 2018; the `tl` solver of Oink), a parity solver of
//! [`solve_parity`](super::solve::solve_parity) (the default is priority promotion).
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
//! learned and the next pass starts, from the highest region a new tangle can join (the regions
//! above it would come out the same, so they are kept). The lowest region of a pass is always
//! closed and always yields a new tangle or a dominion, so every pass makes progress.
//!
//! Everything is on flat arrays: the game's CSR rows, a byte per vertex saying where it stands
//! (free, in the region being built, in another region and whose, decided), per-vertex
//! counters cleared between passes (by two fills when much is undone: a cleared counter is
//! counted again at its next touch), tangles as offset-indexed vertex/strategy/escape arrays
//! and, per vertex and player, a linked list (in arrays) of that player's tangles it is an
//! escape of. The strongly connected components come from an iterative Tarjan's algorithm:
//! nothing recurses.

use super::{solve::SOLVE_BYTES_PER_VERTEX, Game, Player, NONE};
use crate::error::Result;
use crate::grid::Limits;
use fixedbitset::FixedBitSet;

/// Learned tangles, in flat arrays (shared with recursive tangle learning, [`super::rtl`]).
#[derive(Default)]
pub(super) struct Tangles {
    /// The player who wins inside each tangle (0 or 1).
    pub(super) player: Vec<u8>,
    /// The largest priority of each tangle.
    prio: Vec<u32>,
    /// Set for tangles that can no longer be attracted (a vertex was solved).
    pub(super) dead: Vec<bool>,
    /// `verts[voff[t]..voff[t + 1]]` are tangle t's vertices, `moves` the parallel strategy
    /// (the winner's move inside the tangle, `NONE` at the opponent's vertices).
    voff: Vec<usize>,
    verts: Vec<u32>,
    moves: Vec<u32>,
    /// `escapes[eoff[t]..eoff[t + 1]]`: the distinct targets of t's escape edges.
    eoff: Vec<usize>,
    escapes: Vec<u32>,
    /// Per tangle: escapes not yet attracted in this pass (0 = not counted yet); recursive
    /// tangle learning counts them per attraction.
    pub(super) left: Vec<u32>,
    /// Per vertex and player (at `2v + p`), the first entry of the list of that player's
    /// tangles that v is an escape of (an attractor for p looks at p's alone); per entry, the
    /// tangle and the next entry.
    head: Vec<u32>,
    entry_tangle: Vec<u32>,
    entry_next: Vec<u32>,
}

impl Tangles {
    /// No tangles, for a game of `n` vertices.
    pub(super) fn new(n: usize) -> Tangles {
        Tangles {
            voff: vec![0],
            eoff: vec![0],
            head: vec![NONE; 2 * n],
            ..Tangles::default()
        }
    }

    /// How many tangles were learned.
    pub(super) fn len(&self) -> usize {
        self.prio.len()
    }

    /// The bytes the learned tangles take: 4 a vertex, a move and an escape entry (three
    /// words), and about 30 a tangle.
    pub(super) fn bytes(&self) -> u64 {
        let words = self.verts.len() + self.moves.len() + 3 * self.escapes.len();
        4 * words as u64 + 30 * self.len() as u64
    }

    /// Tangle t's vertices and, parallel, its winner's moves (`NONE` at the opponent's).
    pub(super) fn vertices(&self, t: usize) -> (&[u32], &[u32]) {
        let r = self.voff[t]..self.voff[t + 1];
        (&self.verts[r.clone()], &self.moves[r])
    }

    /// The tangles of player `p` that `v` is an escape of, newest first.
    pub(super) fn escaping_to(&self, v: u32, p: Player) -> impl Iterator<Item = usize> + '_ {
        let mut e = self.head[2 * v as usize + p.index() as usize];
        std::iter::from_fn(move || {
            (e != NONE).then(|| {
                let t = self.entry_tangle[e as usize] as usize;
                e = self.entry_next[e as usize];
                t
            })
        })
    }

    /// The distinct targets of tangle t's escape edges.
    pub(super) fn escapes(&self, t: usize) -> &[u32] {
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
            let slot = 2 * e as usize + player.index() as usize;
            self.entry_next.push(self.head[slot]);
            self.head[slot] = (self.entry_tangle.len() - 1) as u32;
        }
        self.eoff.push(self.escapes.len());
    }
}

/// A closed region of player `pl`, in which tangles are looked for: `heads` are its top
/// vertices, `vertices` all of them, `contains` tells membership, `moves[v]` is `pl`'s move at
/// its vertices of `pl`.
pub(super) struct Region<'a, F: Fn(u32) -> bool> {
    pub(super) game: &'a Game,
    /// The undecided vertices (escapes lead to them).
    pub(super) alive: &'a FixedBitSet,
    pub(super) pl: Player,
    pub(super) heads: &'a [u32],
    pub(super) vertices: &'a [u32],
    pub(super) moves: &'a [u32],
    pub(super) contains: F,
}

impl<F: Fn(u32) -> bool> Region<'_, F> {
    /// The moves inside the region: `pl`'s strategy move, or every successor.
    #[inline]
    fn moves(&self, v: u32) -> &[u32] {
        if self.game.owner(v) == self.pl {
            std::slice::from_ref(&self.moves[v as usize])
        } else {
            self.game.successors(v)
        }
    }
}

/// Scratch space for finding the tangles of closed regions (shared by tangle learning and
/// recursive tangle learning): an iterative Tarjan's algorithm, nothing recurses.
pub(super) struct Extractor {
    /// Discovery index (NONE = unvisited, DONE = in a finished component).
    index: Vec<u32>,
    low: Vec<u32>,
    /// Marks a component's vertices, then its escapes.
    mark: FixedBitSet,
    /// Dominions found in the current region.
    solved: FixedBitSet,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
    comp: Vec<(u32, u32)>,
    esc: Vec<u32>,
}

/// A Tarjan index meaning "in an already emitted component".
const DONE: u32 = NONE - 1;

impl Extractor {
    /// Scratch space for a game of `n` vertices.
    pub(super) fn new(n: usize) -> Extractor {
        Extractor {
            index: vec![NONE; n],
            low: vec![0; n],
            mark: FixedBitSet::with_capacity(n),
            solved: FixedBitSet::with_capacity(n),
            stack: Vec::new(),
            call: Vec::new(),
            comp: Vec::new(),
            esc: Vec::new(),
        }
    }

    /// Learns the nontrivial strongly connected components reachable from the heads of the
    /// closed region `r` (under `r.pl`'s strategy) as tangles, calling `learned` with each new
    /// tangle's escapes: the opponent's edges out of the component into the undecided game,
    /// except into dominions found just before (won by `r.pl` too). Returns the vertices of the
    /// components without escapes (dominions).
    pub(super) fn extract<F: Fn(u32) -> bool>(
        &mut self,
        r: Region<'_, F>,
        tangles: &mut Tangles,
        mut learned: impl FnMut(&[u32]),
    ) -> Vec<u32> {
        let (game, pl) = (r.game, r.pl);
        self.solved.clear();
        let mut dominion: Vec<u32> = Vec::new();
        let mut next = 0u32;
        for &root in r.heads {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.open(root, &mut next);
            self.call.push((root, 0));
            while let Some(&mut (v, ref mut k)) = self.call.last_mut() {
                crate::stop::check();
                let es = r.moves(v);
                if (*k as usize) < es.len() {
                    let u = es[*k as usize];
                    *k += 1;
                    if !(r.contains)(u) {
                        continue;
                    }
                    let iu = self.index[u as usize];
                    if iu == NONE {
                        self.open(u, &mut next);
                        self.call.push((u, 0));
                    } else if iu != DONE {
                        let l = &mut self.low[v as usize];
                        *l = (*l).min(iu);
                    }
                    continue;
                }
                self.call.pop();
                if let Some(&(parent, _)) = self.call.last() {
                    let lv = self.low[v as usize];
                    let l = &mut self.low[parent as usize];
                    *l = (*l).min(lv);
                }
                if self.low[v as usize] != self.index[v as usize] {
                    continue;
                }
                // v is the root of a component: pop it.
                self.comp.clear();
                while let Some(x) = self.stack.pop() {
                    self.index[x as usize] = DONE;
                    let m = if game.owner(x) == pl {
                        r.moves[x as usize]
                    } else {
                        NONE
                    };
                    self.comp.push((x, m));
                    if x == v {
                        break;
                    }
                }
                let trivial = self.comp.len() == 1 && !r.moves(v).contains(&v);
                if trivial {
                    continue;
                }
                for &(x, _) in &self.comp {
                    self.mark.insert(x as usize);
                }
                self.esc.clear();
                let mut prio = 0;
                for &(x, _) in &self.comp {
                    prio = prio.max(game.priority(x));
                    if game.owner(x) == pl {
                        continue;
                    }
                    for &w in game.successors(x) {
                        let wi = w as usize;
                        if r.alive.contains(wi)
                            && !self.mark.contains(wi)
                            && !self.solved.contains(wi)
                        {
                            self.mark.insert(wi);
                            self.esc.push(w);
                        }
                    }
                }
                for &(x, _) in &self.comp {
                    self.mark.set(x as usize, false);
                }
                for &w in &self.esc {
                    self.mark.set(w as usize, false);
                }
                if self.esc.is_empty() {
                    for &(x, _) in &self.comp {
                        self.solved.insert(x as usize);
                        dominion.push(x);
                    }
                } else {
                    tangles.push(pl, prio, &self.comp, &self.esc);
                    learned(&self.esc);
                }
            }
        }
        for &v in r.vertices {
            self.index[v as usize] = NONE;
        }
        dominion
    }

    fn open(&mut self, v: u32, next: &mut u32) {
        self.index[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
        self.stack.push(v);
    }
}

/// What a pass found (of tangle learning, or of recursive tangle learning).
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Pass {
    /// A dominion was attracted and removed.
    Solved,
    /// New tangles were learned.
    Learned,
    /// Neither (should not happen; the caller falls back to another algorithm).
    Stuck,
}

/// Tangle learning on the subgame `alive` (total: every vertex has a successor in it): decides
/// winners and the winners' moves of its vertices and removes them from `alive`. Returns the
/// vertices left undecided, which is none unless the progress argument above fails (the caller
/// then solves them another way).
///
/// Complexity: a pass is O(V + E + L) for L the total size of the learned tangles, and every
/// pass removes a dominion or learns a tangle. A pass that only learned tangles does not start
/// again from the top: the regions above the highest one a new tangle can join are unchanged
/// and kept. The number of passes is small on practical and random games and linear on the
/// recursive ladder, which makes Zielonka's algorithm exponential (there each pass redoes a
/// region that grows by one level, so O(V²) in all); known worst cases need exponentially many
/// tangles.
/// Decides `zone` for `pl`: its winner, and its strategy where `pl` moves (`moves`, `NONE`
/// for the opponent's vertices), taken out of the undecided `alive` vertices. Shared by tangle
/// learning and recursive tangle learning.
pub(super) fn decide(
    game: &Game,
    zone: &[u32],
    pl: Player,
    moves: &[u32],
    winner: &mut [u8],
    strategy: &mut [u32],
    alive: &mut FixedBitSet,
) {
    for &v in zone {
        let vi = v as usize;
        winner[vi] = pl.index();
        strategy[vi] = if game.owner(v) == pl { moves[vi] } else { NONE };
        alive.set(vi, false);
    }
}

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
/// solvers' arrays, are held to `limits.max_bytes`: some games need exponentially many.
fn run(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    limits: &Limits,
) -> Result<(Vec<u32>, usize, usize)> {
    let mut tl = Learner::new(game, alive);
    let arrays = (game.vertex_count() as u64).saturating_mul(SOLVE_BYTES_PER_VERTEX);
    let mut passes = 0;
    while !tl.order.is_empty() {
        crate::stop::check();
        passes += 1;
        if tl.pass(alive, winner, strategy) == Pass::Stuck {
            break;
        }
        limits.check_bytes(
            &super::solve::tangles_so_far("tangle learning", tl.tangles.len()),
            arrays.saturating_add(tl.tangles.bytes()),
        )?;
    }
    tl.order.retain(|&v| alive.contains(v as usize));
    Ok((tl.order, passes, tl.tangles.len()))
}

/// Where a region of the current decomposition starts.
#[derive(Clone, Copy)]
struct RegionStart {
    /// Its first vertex in `trail`.
    trail: usize,
    /// The scan position in `order` before its priority class.
    pos: usize,
    /// Its player (0 or 1).
    player: u8,
}

/// A vertex undecided and in no region of the current decomposition.
const FREE: u8 = 0;
/// A vertex in the region being built (or, while extending a dominion, in the dominion).
const IN_Z: u8 = 1;
/// A decided vertex (or one outside the subgame solved).
const DEAD: u8 = 2;
/// A vertex in another region of the current decomposition: `OTHER | p` for a region of
/// player `p` (0 or 1).
const OTHER: u8 = 4;

/// The state of tangle learning: the current decomposition into regions, scratch space and the
/// learned tangles.
struct Learner<'g> {
    game: &'g Game,
    /// The undecided vertices by decreasing priority (ties by id).
    order: Vec<u32>,
    /// Where the next priority class is looked for in `order`.
    pos: usize,
    /// Per vertex, where it stands ([`FREE`], [`IN_Z`], [`DEAD`], or [`OTHER`] with the
    /// region's player): one byte read answers what three bitsets and a region index would
    /// (undecided, assigned, in the region being built, whose region).
    state: Vec<u8>,
    /// The position of each assigned vertex in `trail`: the attractor has processed it (counted
    /// it down at its predecessors and tangles) when that is below the position in process.
    trail_pos: Vec<u32>,
    /// The regions so far, top-down.
    regions: Vec<RegionStart>,
    /// The assigned vertices, region after region, each in order of attraction (while
    /// extending a dominion: the dominion's attractor).
    trail: Vec<u32>,
    /// The current region's top vertices (its priority class).
    heads: Vec<u32>,
    /// Per vertex, for the opponent of the attracting player: successors not yet assigned
    /// (0 = not counted yet).
    left: Vec<u32>,
    /// Per vertex: the move of its region's (or dominion's) player.
    moves: Vec<u32>,
    tangles: Tangles,
    /// Finds the tangles of closed regions.
    extractor: Extractor,
}

impl<'g> Learner<'g> {
    fn new(game: &'g Game, alive: &FixedBitSet) -> Learner<'g> {
        let n = game.vertex_count();
        let order = super::by_decreasing_priority(game, alive);
        Learner {
            game,
            order,
            pos: 0,
            state: (0..n)
                .map(|v| if alive.contains(v) { FREE } else { DEAD })
                .collect(),
            trail_pos: vec![NONE; n],
            regions: Vec::new(),
            trail: Vec::new(),
            heads: Vec::new(),
            left: vec![0; n],
            moves: vec![NONE; n],
            tangles: Tangles::new(n),
            extractor: Extractor::new(n),
        }
    }

    /// One pass: the regions below those kept from the previous pass, top-down, until a
    /// dominion is found and solved, or to the bottom.
    fn pass(&mut self, alive: &mut FixedBitSet, winner: &mut [u8], strategy: &mut [u32]) -> Pass {
        let game = self.game;
        let mut first_region = [true, true];
        for r in &self.regions {
            first_region[r.player as usize] = false;
        }
        // The highest region a tangle learned in this pass can be attracted to.
        let mut redo = usize::MAX;
        while self.pos < self.order.len() {
            crate::stop::check();
            let top = self.order[self.pos];
            if self.state[top as usize] != FREE {
                self.pos += 1;
                continue;
            }
            let cap = game.priority(top);
            let pl = Player::of_priority(cap);
            let zstart = self.trail.len();
            self.regions.push(RegionStart {
                trail: zstart,
                pos: self.pos,
                player: pl.index(),
            });
            self.heads.clear();
            // The priority class: unassigned vertices from the top down while the parity holds.
            while self.pos < self.order.len() {
                let v = self.order[self.pos];
                if self.state[v as usize] != FREE {
                    self.pos += 1;
                    continue;
                }
                if Player::of_priority(game.priority(v)) != pl {
                    break;
                }
                self.pos += 1;
                self.heads.push(v);
                let from = self.trail.len();
                self.add(v, NONE);
                self.attract(pl, cap, from);
            }
            if self.closed(pl) {
                if first_region[pl.index() as usize] {
                    // Every higher region is the opponent's, which its own vertices here
                    // cannot reach: the opponent cannot leave, so the region is a dominion.
                    let dominion = self.trail[zstart..].to_vec();
                    self.win(alive, winner, strategy, pl, &dominion);
                    return Pass::Solved;
                }
                let (dominion, highest) = self.extract(alive, pl, zstart);
                redo = redo.min(highest);
                if !dominion.is_empty() {
                    self.win(alive, winner, strategy, pl, &dominion);
                    return Pass::Solved;
                }
            }
            first_region[pl.index() as usize] = false;
            for &v in &self.trail[zstart..] {
                self.state[v as usize] = OTHER | pl.index();
            }
        }
        if redo == usize::MAX {
            return Pass::Stuck;
        }
        self.undo(redo);
        Pass::Learned
    }

    /// Puts `v` into the current region with the region player's move `m`.
    #[inline]
    fn add(&mut self, v: u32, m: u32) {
        self.state[v as usize] = IN_Z;
        self.trail_pos[v as usize] = self.trail.len() as u32;
        self.moves[v as usize] = m;
        self.trail.push(v);
    }

    /// Forgets the regions from `r` on, so that the next pass computes them again: their
    /// vertices are unassigned, and the counters they changed are to be counted again.
    ///
    /// A counter cleared to 0 is counted again at its next touch, which is right whatever was
    /// kept (see [`Self::last_way_out`]); so when the undone part is more than a sixteenth of
    /// the vertices and tangles, every counter is cleared at once (two fills), rather than
    /// those of the undone vertices' predecessors and tangles, one scattered write each.
    fn undo(&mut self, r: usize) {
        let start = self.regions[r];
        let game = self.game;
        let undone = &self.trail[start.trail..];
        let clear_all = undone.len().saturating_mul(16) >= self.left.len() + self.tangles.len();
        if clear_all {
            self.left.fill(0);
            self.tangles.left.fill(0);
        }
        for &v in undone {
            self.state[v as usize] = FREE;
            if clear_all {
                continue;
            }
            self.left[v as usize] = 0;
            for &u in game.predecessors(v) {
                self.left[u as usize] = 0;
            }
            for p in [Player::Zero, Player::One] {
                let mut e = self.tangles.head[2 * v as usize + p.index() as usize];
                while e != NONE {
                    self.tangles.left[self.tangles.entry_tangle[e as usize] as usize] = 0;
                    e = self.tangles.entry_next[e as usize];
                }
            }
        }
        self.trail.truncate(start.trail);
        self.regions.truncate(r);
        self.pos = start.pos;
    }

    /// Forgets the whole decomposition (after a dominion was removed).
    fn reset(&mut self) {
        for &v in &self.trail {
            let vi = v as usize;
            if self.state[vi] != DEAD {
                self.state[vi] = FREE;
            }
        }
        self.trail.clear();
        self.regions.clear();
        self.pos = 0;
        self.left.fill(0);
        self.tangles.left.fill(0);
    }

    /// Counts down the successors of the opponent's vertex `u` left to process, as the one at
    /// trail position `cur` is processed (counting them on first touch: the successors the
    /// attractor has not processed yet, which makes the count right however the regions above
    /// were kept or redone); true when none is left. A vertex of the opponent never has a
    /// successor in a region of its owner's (it would be in it), so every processed successor
    /// was counted down.
    #[inline]
    fn last_way_out(&mut self, u: u32, cur: usize) -> bool {
        let ui = u as usize;
        if self.left[ui] == 0 {
            let c = self
                .game
                .successors(u)
                .iter()
                .filter(|&&w| match self.state[w as usize] {
                    FREE => true,
                    DEAD => false,
                    _ => self.trail_pos[w as usize] as usize > cur,
                })
                .count() as u32;
            self.left[ui] = c;
        } else {
            self.left[ui] -= 1;
        }
        self.left[ui] == 0
    }

    /// The tangle attractor for `pl` of the region's vertices from `trail[from..]` on, inside
    /// the unassigned subgame; only tangles of priority at most `cap` are attracted (while
    /// extending a dominion, `cap` is None: any tangle of `pl`, retired once attracted).
    fn attract(&mut self, pl: Player, cap: u32, from: usize) {
        self.attract_with(pl, Some(cap), from);
    }

    fn attract_with(&mut self, pl: Player, cap: Option<u32>, mut from: usize) {
        let game = self.game;
        while from < self.trail.len() {
            crate::stop::check();
            let cur = from;
            let v = self.trail[cur];
            from += 1;
            for &u in game.predecessors(v) {
                let ui = u as usize;
                if self.state[ui] != FREE {
                    continue;
                }
                if game.owner(u) == pl {
                    self.add(u, v);
                } else if self.last_way_out(u, cur) {
                    self.add(u, NONE);
                }
            }
            self.attract_tangles(pl, v, cap, cur);
        }
    }

    /// Attracts the tangles of `pl` that `v` (at trail position `cur`) is the last escape of
    /// to be processed in a region of `pl`: all their vertices must be undecided and in the
    /// region or unassigned.
    fn attract_tangles(&mut self, pl: Player, v: u32, cap: Option<u32>, cur: usize) {
        let mut e = self.tangles.head[2 * v as usize + pl.index() as usize];
        while e != NONE {
            let t = self.tangles.entry_tangle[e as usize] as usize;
            e = self.tangles.entry_next[e as usize];
            if self.tangles.dead[t] || cap.is_some_and(|c| self.tangles.prio[t] > c) {
                continue;
            }
            if self.tangles.left[t] == 0 {
                // The escapes not processed yet in a region of pl's.
                let c = self
                    .tangles
                    .escapes(t)
                    .iter()
                    .filter(|&&w| match self.state[w as usize] {
                        FREE => true,
                        DEAD => false,
                        // The region being built is pl's: processed up to `cur`.
                        IN_Z => self.trail_pos[w as usize] as usize > cur,
                        other => other != OTHER | pl.index(),
                    })
                    .count() as u32;
                self.tangles.left[t] = c;
            } else {
                self.tangles.left[t] -= 1;
            }
            if self.tangles.left[t] > 0 {
                continue;
            }
            let (verts, _) = self.tangles.vertices(t);
            if verts.iter().any(|&u| self.state[u as usize] == DEAD) {
                self.tangles.dead[t] = true;
                continue;
            }
            if verts.iter().any(|&u| self.state[u as usize] & OTHER != 0) {
                continue;
            }
            for k in self.tangles.voff[t]..self.tangles.voff[t + 1] {
                let (u, m) = (self.tangles.verts[k], self.tangles.moves[k]);
                if self.state[u as usize] == FREE {
                    self.add(u, m);
                }
            }
            if cap.is_none() {
                self.tangles.dead[t] = true;
            }
        }
    }

    /// True when the region can only be left upwards: each of `pl`'s top vertices gets a move
    /// into the region, and no top vertex of the opponent has a successor below it.
    fn closed(&mut self, pl: Player) -> bool {
        let game = self.game;
        for &h in &self.heads {
            if game.owner(h) == pl {
                let m = game
                    .successors(h)
                    .iter()
                    .copied()
                    .find(|&w| self.state[w as usize] == IN_Z);
                match m {
                    Some(w) => self.moves[h as usize] = w,
                    None => return false,
                }
            } else if game
                .successors(h)
                .iter()
                .any(|&w| self.state[w as usize] == FREE)
            {
                return false;
            }
        }
        true
    }

    /// Learns the nontrivial strongly connected components of the closed region of `pl` (under
    /// its strategy; the region is `trail[zstart..]`) as tangles. Returns the vertices of those
    /// without escapes (dominions), and the highest region a new tangle can be attracted to
    /// (`usize::MAX` when none was learned).
    fn extract(&mut self, alive: &FixedBitSet, pl: Player, zstart: usize) -> (Vec<u32>, usize) {
        let mut highest = usize::MAX;
        let (state, regions, trail_pos) = (&self.state, &self.regions, &self.trail_pos);
        let dominion = self.extractor.extract(
            Region {
                game: self.game,
                alive,
                pl,
                heads: &self.heads,
                vertices: &self.trail[zstart..],
                moves: &self.moves,
                contains: |v| state[v as usize] == IN_Z,
            },
            &mut self.tangles,
            |escapes| {
                // The region each escape is in: the last to start at or before its place in
                // the trail. (An unassigned escape cannot be: the region is closed. Redo all
                // then.)
                let joins = escapes
                    .iter()
                    .map(|&w| {
                        if state[w as usize] == FREE {
                            return usize::MAX;
                        }
                        let at = trail_pos[w as usize] as usize;
                        regions.partition_point(|r| r.trail <= at) - 1
                    })
                    .max()
                    .unwrap_or(0);
                highest = highest.min(if joins == usize::MAX { 0 } else { joins });
            },
        );
        (dominion, highest)
    }

    /// Extends the dominion of `pl` (with its moves in `self.moves`) by the tangle attractor in
    /// the undecided game, decides it, and forgets the decomposition.
    fn win(
        &mut self,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
        pl: Player,
        dominion: &[u32],
    ) {
        self.reset();
        // One region: the dominion's attractor in the undecided game.
        self.regions.push(RegionStart {
            trail: 0,
            pos: 0,
            player: pl.index(),
        });
        for &v in dominion {
            let m = self.moves[v as usize];
            self.add(v, m);
        }
        self.attract_with(pl, None, 0);
        decide(
            self.game,
            &self.trail,
            pl,
            &self.moves,
            winner,
            strategy,
            alive,
        );
        for &v in &self.trail {
            self.state[v as usize] = DEAD;
        }
        self.reset();
        self.order.retain(|&v| alive.contains(v as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::families;
    use crate::game::{check, solve_parity, solve_within, Objective, ParityAlgorithm, Solution};

    /// Tangle learning on a total game without dead ends: (winners, moves, passes, tangles).
    fn learn(g: &Game) -> (Vec<u8>, Vec<u32>, usize, usize) {
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
    fn the_learned_tangles_are_held_to_the_budget() {
        let g = families::recursive_ladder(10);
        let budget = |max_bytes| Limits {
            max_bytes,
            ..Limits::default()
        };
        let e = solve_within(
            &g,
            &Objective::Parity,
            ParityAlgorithm::TangleLearning,
            // The arrays, and room for hardly any tangle.
            &budget(g.vertex_count() as u64 * SOLVE_BYTES_PER_VERTEX + 100),
        )
        .unwrap_err();
        assert!(e.to_string().contains("tangles learned so far"), "{e}");
        let s = solve_within(
            &g,
            &Objective::Parity,
            ParityAlgorithm::TangleLearning,
            &budget(1 << 20),
        );
        assert!(check(&g, &Objective::Parity, &s.unwrap()).is_ok());
    }

    #[test]
    fn empty_and_single_vertex_games() {
        let (w, _, passes, _) = learn(&game(&[], &[], &[]));
        assert!(w.is_empty() && passes == 0);
        let (w, s, _, _) = learn(&game(&[1], &[7], &[(0, 0)]));
        assert_eq!((w, s), (vec![1], vec![0]));
    }
}
