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
//! arrays) of its vertices not yet in a region, by decreasing priority; the first frame, the
//! whole game, is the order of the undecided vertices itself, scanned. Which set a vertex is in
//! (a frame's unassigned vertices, the region being built, the vertices removed from it) is a
//! label; every set of a pass gets a new one, so that nothing needs clearing when a subgame is
//! done, and the labels of earlier passes all mean "undecided": a pass, and the attraction of
//! a dominion in the whole game, take them as a range instead of labelling every vertex. The
//! attraction keeps, per opponent's vertex (and per tangle), the place of its last way out
//! found and looks on from there at the next touch, so that the hubs of a game (Oink's
//! `counter_rob`) are not scanned again at every edge into them.
//!
//! A pass costs what its regions and its dominion's attractor cost, nothing O(V) besides:
//! decided vertices leave the order once they are half of it, and the index of the tangles
//! by escape is rebuilt when a quarter of it is stale. On `counter_rob` (one SCC of 257
//! hubs joined by ~50 000 connectors), where every pass ends in a small dominion, that
//! brings recursive tangle learning within about 1.5 times tangle learning.

use super::tangle::{Extractor, Pass, Region, Tangles};
use super::{solve::SOLVE_BYTES_PER_VERTEX, Game, Player, NONE};
use crate::error::{Error, Result};
use crate::grid::Limits;
use fixedbitset::FixedBitSet;

/// The size of a tangle up to which its vertices are looked at before its escapes are
/// counted (see [`Recursive::attractable`]).
const SMALL_TANGLE: usize = 8;

/// The label of no set: a vertex outside the pass's decomposition.
const NOWHERE: u32 = 0;

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
    pass_bytes: u64,
) -> Result<Vec<u32>> {
    run(game, alive, winner, strategy, limits, pass_bytes).map(|r| r.0)
}

/// [`solve`], with the number of passes and of learned tangles. The tangles, with the
/// solvers' arrays, are held to `limits.max_bytes`, and those one pass learns to
/// `pass_bytes` (both checked as they are learned; `u64::MAX`: no bound on a pass).
fn run(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    limits: &Limits,
    pass_bytes: u64,
) -> Result<(Vec<u32>, usize, usize)> {
    let mut rtl = Recursive::new(game, alive);
    let arrays = (game.vertex_count() as u64).saturating_mul(SOLVE_BYTES_PER_VERTEX);
    let mut passes = 0;
    while rtl.undecided > 0 {
        crate::stop::check();
        passes += 1;
        let r = rtl.pass(alive, winner, strategy, limits, arrays, pass_bytes)?;
        if r == Pass::Stuck {
            break;
        }
    }
    rtl.order.retain(|&v| alive.contains(v as usize));
    Ok((rtl.order, passes, rtl.tangles.len()))
}

/// A set of labels: those from `lo` to `hi`.
#[derive(Clone, Copy)]
struct Labels {
    lo: u32,
    hi: u32,
}

impl Labels {
    /// The set of one label.
    fn one(l: u32) -> Labels {
        Labels { lo: l, hi: l }
    }

    #[inline]
    fn has(self, l: u32) -> bool {
        l.wrapping_sub(self.lo) <= self.hi - self.lo
    }
}

/// A subgame being decomposed.
#[derive(Clone, Copy)]
struct Frame {
    /// The labels of its vertices not yet in a region.
    free: Labels,
    /// The first of them (the largest priority), `NONE` when all are assigned; in the first
    /// frame (the whole game), where they are not listed, `NONE` and the vertices from
    /// `order[scan..]` are looked at.
    first: u32,
    scan: usize,
}

/// The state of recursive tangle learning.
struct Recursive<'g> {
    game: &'g Game,
    /// The vertices by decreasing priority (ties by id): the undecided ones, and decided ones
    /// not yet dropped (labelled `NOWHERE`).
    order: Vec<u32>,
    /// How many are undecided.
    undecided: usize,
    /// The set each vertex is in (see the module's documentation).
    label: Vec<u32>,
    /// The next fresh label.
    fresh: u32,
    /// Per vertex: the next and previous unassigned vertex of its subgame, by priority (but
    /// in the first frame).
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Per vertex: the move of its region's player (or, while extending a dominion, of the
    /// dominion's winner).
    moves: Vec<u32>,
    /// Per vertex: its place in the queue of the attraction that put it in its set.
    pos: Vec<u32>,
    /// Per vertex of the opponent of an attracting player: the place among its successors
    /// of its last way out found (see [`Ways`]), in the attraction to the set `counted`.
    left: Vec<u32>,
    counted: Vec<u32>,
    /// The tangles touched by the attraction, with the place of their last way out found (see
    /// [`Ways`]) plus one in the store's `left` (0: not touched), to be forgotten when the
    /// attraction to their target is done.
    touched: Vec<u32>,
    /// The subgames being decomposed, the innermost last.
    frames: Vec<Frame>,
    /// The region being built, in order of attraction (the attractor's queue).
    zone: Vec<u32>,
    /// Its top vertices.
    heads: Vec<u32>,
    /// The vertices removed from the region, in order of attraction.
    out: Vec<u32>,
    /// Scratch: the rest of a region as sort keys.
    keys: Vec<u64>,
    /// The live tangles of each player by escape, as of the last indexing (see
    /// [`Recursive::index_tangles`]): those of player p escaping to v are the
    /// `by_escape[at[2v + p]]` entries after it (0 at `at` 0: none); the tangles from
    /// `indexed` on, learned since, are found in the store's own lists.
    at: Vec<u32>,
    by_escape: Vec<u32>,
    /// The keys `2v + p` with a list.
    keyed: Vec<u32>,
    /// The entries indexed, and the entries of tangles learned or retired since.
    indexed_escapes: usize,
    stale: usize,

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
        let order = super::by_decreasing_priority(game, alive);
        let mut rtl = Recursive {
            game,
            undecided: order.len(),
            order,
            label: vec![NOWHERE; n],
            fresh: NOWHERE,
            next: vec![NONE; n],
            prev: vec![NONE; n],
            moves: vec![NONE; n],
            pos: vec![0; n],
            left: vec![0; n],
            counted: vec![NOWHERE; n],
            touched: Vec::new(),
            frames: Vec::new(),
            zone: Vec::new(),
            heads: Vec::new(),
            out: Vec::new(),
            keys: Vec::new(),
            at: vec![0; 2 * n],
            by_escape: vec![0],
            keyed: Vec::new(),
            indexed_escapes: 0,
            stale: 0,
            indexed: 0,
            found: Vec::new(),
            pending: Vec::new(),
            tangles: Tangles::new(n),
            extractor: Extractor::new(n),
        };
        rtl.relabel();
        rtl
    }

    /// Starts the labels again from the first after `NOWHERE`, the label of every undecided
    /// vertex (between passes, before the labels run out).
    fn relabel(&mut self) {
        for &v in &self.order {
            if self.label[v as usize] != NOWHERE || self.fresh == NOWHERE {
                self.label[v as usize] = NOWHERE + 1;
            }
        }
        self.counted.iter_mut().for_each(|c| *c = NOWHERE);
        self.fresh = NOWHERE + 2;
    }

    fn fresh(&mut self) -> u32 {
        self.fresh += 1;
        self.fresh - 1
    }

    /// The innermost subgame's first vertex (of the largest priority) not yet in a region,
    /// `NONE` when there is none.
    fn first(&mut self) -> u32 {
        let listed = self.frames.len() > 1;
        let Some(f) = self.frames.last_mut() else {
            return NONE;
        };
        if listed {
            return f.first;
        }
        while let Some(&v) = self.order.get(f.scan) {
            if f.free.has(self.label[v as usize]) {
                return v;
            }
            f.scan += 1;
        }
        NONE
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
        pass_bytes: u64,
    ) -> Result<Pass> {
        let game = self.game;
        let at_start = self.tangles.bytes();
        if self.stale > 0 && 4 * self.stale >= self.indexed_escapes {
            self.index_tangles(alive);
        }
        // A pass takes at most two labels a region, and a label for the whole game.
        if u64::from(self.fresh) + 2 * self.order.len() as u64 + 8 >= u64::from(NONE) {
            self.relabel();
        }
        // Every label so far marks an undecided vertex of the whole game: the first frame's.
        let whole = self.fresh();
        self.frames.clear();
        self.frames.push(Frame {
            free: Labels {
                lo: NOWHERE + 1,
                hi: whole,
            },
            first: NONE,
            scan: 0,
        });
        let mut learned = false;
        while let Some(&frame) = self.frames.last() {
            crate::stop::check();
            let first = self.first();
            if first == NONE {
                self.frames.pop();
                continue;
            }
            let listed = self.frames.len() > 1;
            // The region: the unassigned vertices from the top down while the parity holds,
            // and their tangle attractor in the subgame's unassigned vertices.
            let region = self.fresh();
            let pl = Player::of_priority(game.priority(first));
            self.heads.clear();
            let mut zone = std::mem::take(&mut self.zone);
            zone.clear();
            let mut v = first;
            while v != NONE && Player::of_priority(game.priority(v)) == pl {
                self.heads.push(v);
                let from = zone.len();
                self.take(v, NONE, region, listed, &mut zone);
                self.attract(alive, pl, region, frame.free, listed, &mut zone, from);
                v = self.first();
            }
            self.forget_counts();
            // Its open top vertices: the player's without a move inside, the opponent's with
            // a move down into the subgame.
            self.out.clear();
            for &h in &self.heads {
                let open = if game.owner(h) == pl {
                    self.moves[h as usize] == NONE
                } else {
                    game.successors(h)
                        .iter()
                        .any(|&w| frame.free.has(self.label[w as usize]))
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
                if self.tangles.len() > before {
                    learned = true;
                    for t in before..self.tangles.len() {
                        self.stale += self.tangles.escapes(t).len();
                    }
                    let bytes = arrays.saturating_add(self.tangles.bytes());
                    if bytes > limits.max_bytes {
                        limits.check_bytes(
                            &super::solve::tangles_so_far(
                                "recursive tangle learning",
                                self.tangles.len(),
                            ),
                            bytes,
                        )?;
                    }
                    let this_pass = self.tangles.bytes() - at_start;
                    if this_pass > pass_bytes {
                        return Err(Error::OverBudget {
                            what: "the tangles learned in one pass".into(),
                            bytes: this_pass,
                            limit: pass_bytes,
                        });
                    }
                }
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
            for (i, &h) in out.iter().enumerate() {
                self.label[h as usize] = removed;
                self.pos[h as usize] = i as u32;
            }
            self.attract(
                alive,
                pl.opponent(),
                removed,
                Labels::one(region),
                false,
                &mut out,
                0,
            );
            self.forget_counts();
            self.out = out;
            self.push_frame(region, zone.len() - self.out.len(), &zone);
            self.zone = zone;
        }
        Ok(if learned { Pass::Learned } else { Pass::Stuck })
    }

    /// Starts decomposing the rest of the region, the `size` vertices of `zone` still labelled
    /// `region`, as a new frame: lists them by decreasing priority (ties by id), picked from
    /// the whole game's order when they are many, sorted else.
    fn push_frame(&mut self, region: u32, size: usize, zone: &[u32]) {
        if size == 0 {
            return;
        }
        let (mut first, mut last) = (NONE, NONE);
        let mut link = |next: &mut [u32], prev: &mut [u32], v: u32| {
            prev[v as usize] = last;
            if last == NONE {
                first = v;
            } else {
                next[last as usize] = v;
            }
            last = v;
        };
        let (game, label) = (self.game, &self.label);
        if size.saturating_mul(8) >= self.order.len() {
            for &v in self.order.iter().filter(|&&v| label[v as usize] == region) {
                link(&mut self.next, &mut self.prev, v);
            }
        } else {
            // By increasing key: the priority's complement above, the vertex below.
            self.keys.clear();
            self.keys.extend(
                zone.iter()
                    .filter(|&&v| label[v as usize] == region)
                    .map(|&v| (u64::from(!game.priority(v)) << 32) | u64::from(v)),
            );
            self.keys.sort_unstable();
            for &k in &self.keys {
                link(&mut self.next, &mut self.prev, k as u32);
            }
        }
        self.next[last as usize] = NONE;
        self.frames.push(Frame {
            free: Labels::one(region),
            first,
            scan: 0,
        });
    }

    /// Puts `v` into the set `target` with the move `m`, and queues it; `listed`: `v` is
    /// unassigned in the innermost subgame, listed (and comes off its list).
    #[inline]
    fn take(&mut self, v: u32, m: u32, target: u32, listed: bool, queue: &mut Vec<u32>) {
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
        self.pos[vi] = queue.len() as u32;
        queue.push(v);
    }

    /// The tangle attractor for `pl` of the set `target` (its vertices from `queue[from..]` on
    /// still to process) among the vertices of the sets `cand`: a vertex of `pl` with a move
    /// into the target, one of the opponent whose every move in `cand` leads there, a tangle of
    /// `pl` inside both, with a vertex in `cand`, whose escapes avoid `cand`. The vertices of
    /// `pl` in the target without a move get one. `listed`: see [`Recursive::take`].
    #[allow(clippy::too_many_arguments)]
    fn attract(
        &mut self,
        alive: &FixedBitSet,
        pl: Player,
        target: u32,
        cand: Labels,
        listed: bool,
        queue: &mut Vec<u32>,
        mut from: usize,
    ) {
        let game = self.game;
        while from < queue.len() {
            crate::stop::check();
            let v = queue[from];
            let cur = from;
            from += 1;
            for &u in game.predecessors(v) {
                let l = self.label[u as usize];
                if l == target {
                    if game.owner(u) == pl && self.moves[u as usize] == NONE {
                        self.moves[u as usize] = v;
                    }
                } else if cand.has(l) {
                    if game.owner(u) == pl {
                        self.take(u, v, target, listed, queue);
                    } else if self.last_way_out(u, target, cand, cur) {
                        self.take(u, NONE, target, listed, queue);
                    }
                }
            }
            self.found.clear();
            let indexed = self.indexed;
            self.found.extend(
                self.tangles
                    .escaping_to(v, pl)
                    .take_while(|&t| t >= indexed),
            );
            let a = self.at[2 * v as usize + pl.index() as usize] as usize;
            let count = self.by_escape[a] as usize;
            self.found.extend(
                self.by_escape[a + 1..a + 1 + count]
                    .iter()
                    .map(|&t| t as usize),
            );
            for i in 0..self.found.len() {
                let t = self.found[i];
                if !self.attractable(alive, t, pl, target, cand, cur) {
                    continue;
                }
                let (verts, moves) = self.tangles.vertices(t);
                let mut pending = std::mem::take(&mut self.pending);
                pending.clear();
                pending.extend(verts.iter().copied().zip(moves.iter().copied()));
                for &(u, m) in &pending {
                    if cand.has(self.label[u as usize]) {
                        self.take(u, m, target, listed, queue);
                    }
                }
                self.pending = pending;
            }
        }
    }

    /// True when the opponent's vertex `u` (a candidate) has no way out left as the vertex at
    /// queue place `cur` is processed (see [`Ways`]).
    #[inline]
    fn last_way_out(&mut self, u: u32, target: u32, cand: Labels, cur: usize) -> bool {
        let ui = u as usize;
        if self.counted[ui] != target {
            self.counted[ui] = target;
            self.left[ui] = 0;
        }
        let to = self.game.successors(u);
        let ways = Ways { target, cand, cur };
        let i = ways.next(&self.label, &self.pos, to, self.left[ui] as usize);
        self.left[ui] = i as u32;
        i == to.len()
    }

    /// Indexes the live tangles by escape and player, contiguously (the store's lists, newest
    /// first and scattered, are slow to walk on every attracted vertex), and retires the
    /// tangles with a decided vertex. Done at the start of a pass after one that learned
    /// tangles: O(their number and the live ones' total size).
    fn index_tangles(&mut self, alive: &FixedBitSet) {
        let t_count = self.tangles.len();
        for &k in &self.keyed {
            self.at[k as usize] = 0;
        }
        self.keyed.clear();
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
        let key = |w: u32, p: u8| 2 * w as usize + p as usize;
        // Count the entries of each key in `at`, then make it the place of its list.
        for t in (0..t_count).filter(|&t| !self.tangles.dead[t]) {
            let p = self.tangles.player[t];
            for &w in self.tangles.escapes(t) {
                let k = key(w, p);
                if self.at[k] == 0 {
                    self.keyed.push(k as u32);
                }
                self.at[k] += 1;
            }
        }
        self.by_escape.truncate(1);
        for &k in &self.keyed {
            let count = self.at[k as usize] as usize;
            self.at[k as usize] = self.by_escape.len() as u32;
            self.by_escape.resize(self.by_escape.len() + 1 + count, 0);
        }
        for t in (0..t_count).filter(|&t| !self.tangles.dead[t]) {
            let p = self.tangles.player[t];
            for &w in self.tangles.escapes(t) {
                let a = self.at[key(w, p)] as usize;
                self.by_escape[a] += 1;
                let i = a + self.by_escape[a] as usize;
                self.by_escape[i] = t as u32;
            }
        }
        self.indexed = t_count;
        self.indexed_escapes = self.by_escape.len() - 1 - self.keyed.len();
        self.stale = 0;
    }

    /// True when tangle `t` can be attracted to `target` for `pl` (see [`Recursive::attract`])
    /// as its escape at queue place `cur` is processed (its ways out are looked for like the
    /// opponent's, see [`Ways`]); marks it dead when one of its vertices is decided.
    fn attractable(
        &mut self,
        alive: &FixedBitSet,
        t: usize,
        pl: Player,
        target: u32,
        cand: Labels,
        cur: usize,
    ) -> bool {
        if self.tangles.dead[t] || self.tangles.player[t] != pl.index() {
            return false;
        }
        // A quick look first (most tangles looked at lie elsewhere): its first vertex must be
        // in one of the sets, for good during the attraction.
        let u = self.tangles.vertices(t).0[0];
        let l = self.label[u as usize];
        if !cand.has(l) && l != target {
            if !alive.contains(u as usize) {
                self.retire(t);
            }
            return false;
        }
        let ways = Ways { target, cand, cur };
        let seen = self.tangles.left[t] as usize;
        if seen > 0 {
            // Touched before: look on from its last way out.
            let escapes = self.tangles.escapes(t);
            let i = ways.next(&self.label, &self.pos, escapes, seen - 1);
            let none = i == escapes.len();
            self.tangles.left[t] = i as u32 + 1;
            return none && self.inside(alive, t, target, cand);
        }
        // First touch: the vertices of a small tangle are looked at first (its escapes are
        // elsewhere in memory); then its ways out (none when the escape processed is the only
        // one), and the vertices when none is left.
        let small = self.tangles.vertices(t).0.len() <= SMALL_TANGLE;
        if small && !self.inside(alive, t, target, cand) {
            return false;
        }
        let escapes = self.tangles.escapes(t);
        if escapes.len() > 1 {
            let i = ways.next(&self.label, &self.pos, escapes, 0);
            if i < escapes.len() {
                self.tangles.left[t] = i as u32 + 1;
                self.touched.push(t as u32);
                return false;
            }
        }
        small || self.inside(alive, t, target, cand)
    }

    /// True when tangle `t` lies in the sets `cand` and `target`, with a vertex in `cand`;
    /// marks it dead when one of its vertices is decided.
    fn inside(&mut self, alive: &FixedBitSet, t: usize, target: u32, cand: Labels) -> bool {
        let mut new = false;
        for &u in self.tangles.vertices(t).0 {
            if !alive.contains(u as usize) {
                self.retire(t);
                return false;
            }
            let l = self.label[u as usize];
            if cand.has(l) {
                new = true;
            } else if l != target {
                return false;
            }
        }
        new
    }

    /// Forgets the counts of the tangles' escapes (the attraction to their target is done).
    fn forget_counts(&mut self) {
        for &t in &self.touched {
            self.tangles.left[t as usize] = 0;
        }
        self.touched.clear();
    }

    /// Marks tangle `t` dead (one of its vertices is decided).
    fn retire(&mut self, t: usize) {
        self.tangles.dead[t] = true;
        if t < self.indexed {
            self.stale += self.tangles.escapes(t).len();
        }
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
        // Every label so far marks an undecided vertex.
        let target = self.fresh();
        let cand = Labels {
            lo: NOWHERE + 1,
            hi: target - 1,
        };
        let mut zone = std::mem::take(&mut self.zone);
        zone.clear();
        for &v in dominion {
            self.label[v as usize] = target;
            self.pos[v as usize] = zone.len() as u32;
            zone.push(v);
        }
        self.attract(alive, pl, target, cand, false, &mut zone, 0);
        self.forget_counts();
        super::tangle::decide(self.game, &zone, pl, &self.moves, winner, strategy, alive);
        for &v in &zone {
            self.label[v as usize] = NOWHERE;
        }
        self.undecided -= zone.len();
        self.zone = zone;
        // Drop the decided vertices from the order once they are half of it.
        if 2 * self.undecided < self.order.len() {
            self.order.retain(|&v| alive.contains(v as usize));
        }
    }
}

/// The ways out of an opponent's vertex or of a tangle (its successors or escapes) during
/// an attraction to the set `target` among the sets `cand`, as the vertex at queue place
/// `cur` is processed: those among the candidates or queued after `cur` (every vertex of the
/// target is queued, at `pos`). A way out is lost for good once processed (the candidates only
/// ever move to the target), so a vertex or tangle keeps the place of its last way out found
/// and looks on from there at the next touch: O(its successors or escapes) per attraction
/// however often it is touched, and one look while that way out holds.
struct Ways {
    target: u32,
    cand: Labels,
    cur: usize,
}

impl Ways {
    /// The place of the first way out among `to` from `from` on (`to.len()`: none), for the
    /// vertices' sets `label` and places in their queue `pos`.
    #[inline]
    fn next(&self, label: &[u32], pos: &[u32], to: &[u32], from: usize) -> usize {
        let out = |&w: &u32| {
            let l = label[w as usize];
            self.cand.has(l) || (l == self.target && pos[w as usize] as usize > self.cur)
        };
        to[from..]
            .iter()
            .position(out)
            .map_or(to.len(), |i| from + i)
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
            u64::MAX,
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
    fn labels_are_renumbered_before_they_run_out() {
        // Every other pass starts with the labels just short of running out (renumbered
        // first) or just enough for the pass (not renumbered).
        for seed in 0..20 {
            let g = families::random_total_game(seed, 120, 30, 3);
            let n = g.vertex_count();
            let mut alive = FixedBitSet::with_capacity(n);
            alive.insert_range(..);
            let (mut winner, mut strategy) = (vec![9; n], vec![NONE; n]);
            let mut rtl = Recursive::new(&g, &alive);
            let arrays = n as u64 * SOLVE_BYTES_PER_VERTEX;
            let mut passes = 0u32;
            while rtl.undecided > 0 {
                let room = 2 * rtl.order.len() as u32 + 8;
                rtl.fresh = NONE - room - passes % 2;
                let pass = rtl.pass(
                    &mut alive,
                    &mut winner,
                    &mut strategy,
                    &Limits::default(),
                    arrays,
                    u64::MAX,
                );
                assert_ne!(pass.unwrap(), Pass::Stuck);
                passes += 1;
            }
            let z = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
            let mine: Vec<u32> = (0..n as u32).filter(|&v| winner[v as usize] == 0).collect();
            assert_eq!(z.region(Player::Zero), mine, "seed {seed}");
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
