//! Parity games by **priority promotion** (M. Benerecetti, D. Dell'Erba, F. Mogavero, *Solving
//! parity games via priority promotion*, CAV 2016 / FMSD 2018), with the bookkeeping of their
//! own implementation (Oink's `npp`): one half of the default portfolio
//! ([`race`](super::race)), and `--method pp`.
//!
//! The remaining game is decomposed top-down into *regions*, each labelled by a priority p and
//! belonging to the player α who likes p: the α-attractor, in the subgame below the regions
//! already built, of the vertices of priority p there (plus, after a promotion, the region it
//! was promoted into). A region is *closed* in its subgame when α's vertices in it can stay in
//! it and the opponent's can only leave it upwards, into higher regions. An open region is
//! kept and the next lower priority is taken. A closed region whose opponent cannot leave it at
//! all is a *dominion*: α wins everywhere in it, with the attractor moves plus, at the top
//! vertices, a move staying inside. It is attracted for α in the whole remaining game, decided
//! and removed, and the decomposition starts again from the top. Otherwise the region is
//! *promoted* to the lowest higher region its opponent can escape to (which is α's: a region of
//! the opponent would have attracted the escaping vertex): it joins that region, the regions in
//! between are dissolved, the merged region is extended by attraction and checked again.
//!
//! The lowest region is always closed (below it nothing is left to escape to), so the
//! decomposition ends with a dominion each time. What makes it fast is what is *not* redone:
//! - every attracted vertex is closed when it joins, so a region is closed exactly when its
//!   heads (the vertices of its priority) are: only the heads still open are looked at again;
//! - a region keeps the higher regions its opponent can escape to (its *exits*), so the target
//!   of a promotion is read, not searched for;
//! - a region keeps the predecessors it met in higher regions (its *entries*): after a promotion
//!   dissolves the regions between, only those can join the merged region, so the promotion
//!   attracts from them instead of from all its vertices again;
//! - a promotion relabels the promoted region through its *slots*, not its vertices: each
//!   vertex holds the slot it joined a region with, each slot the label of its region, and a
//!   region the slots merged into it (one per region promoted into it), so relabelling costs
//!   a step per slot where it cost a step per vertex (`tc+ 32`: 46 130 promotions relabelled
//!   53 million vertices);
//! - the decided top of the priority order is skipped once, not at every decomposition (a
//!   ladder removes its dominions one small step at a time).
//!
//! Across dominions, what is kept is what Oink's `npp` keeps: the decided vertices and the
//! scan position past the decided top. The regions are not: after a dominion the
//! decomposition starts again below the new top (as in `npp`, which empties its stack after
//! each dominion). Kept regions would need repair: a dominion's attractor takes vertices from
//! regions above it, whose closedness and exits then no longer hold.
//!
//! Everything is on flat arrays: a slot per vertex ([`FREE`], [`DECIDED`] or a region's), a
//! label per slot (0 for free, the rank of its region's priority + 1, or [`DEAD`] once
//! decided), and the regions as consecutive segments of one vertex trail and of one slot
//! list. Nothing recurses.

use super::{Game, Player, NONE};
use fixedbitset::FixedBitSet;

/// The label of a decided (removed) vertex: above every region, so it never counts as free.
const DEAD: u32 = u32::MAX;

/// The slot of a free vertex (its label is 0).
const FREE: u32 = 0;

/// The slot of a decided vertex (its label is [`DEAD`]).
const DECIDED: u32 = 1;

/// A region of the current decomposition.
#[derive(Clone, Copy)]
struct Region {
    /// Its label (the rank of its priority + 1).
    label: u32,
    /// Its first vertex in the trail.
    start: usize,
    /// The scan position in `order` just past its priority class.
    pos_after: usize,
    /// Its first slot in `Promoter::slots`.
    slots: usize,
}

/// What a region knows about its border, kept beside it (one slot per depth, reused).
#[derive(Default)]
struct Border {
    /// Its heads (vertices of its priority) not yet known to be closed: the region is closed
    /// exactly when this is empty, since every attracted vertex is closed when attracted.
    open: Vec<u32>,
    /// The labels of the higher regions its opponent's vertices can escape to, sorted and
    /// without repeats once the region is settled (raw while it is being extended).
    exits: Vec<u32>,
    /// Predecessors of its vertices that were in higher regions when met: the only vertices
    /// a promotion of this region can newly attract (the regions it passes over are dissolved).
    entries: Vec<u32>,
}

/// Priority promotion on the subgame `alive` (total: every vertex has a successor in it):
/// decides winners and the winners' moves of its vertices and removes them from `alive`.
/// Returns the vertices left undecided, which is none unless the progress argument above fails
/// (the caller then solves them another way).
///
/// Complexity: building a region costs O(its vertices + their in-edges) and the out-edges of
/// its opponent's vertices; a promotion costs O(the vertices it newly attracts + their edges +
/// the entries of the promoted region + the vertices of the regions it dissolves + the slots
/// of the promoted region), never a new pass over the regions it joins (their vertices are
/// moved down the trail, a copy, not relabelled). A dominion costs O(its attractor's vertices
/// and in-edges + the vertices of the regions dissolved) besides. Every
/// promotion makes a region climb, and every decomposition ends with a dominion removed; the
/// known bound is exponential (O(2^V)-ish in the worst case, as for every algorithm of this
/// family), but on practical, random and ladder games few promotions happen. Across dominions
/// only the decided vertices and the scan position are kept (see the module documentation):
/// each dominion restarts the decomposition below the undecided top, as Oink's `npp` does.
pub(crate) fn solve(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
) -> Vec<u32> {
    run(game, alive, winner, strategy).0
}

/// [`solve`], with the number of dominions and of promotions.
fn run(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
) -> (Vec<u32>, usize, usize) {
    let mut pp = Promoter::new(game, alive);
    let mut dominions = 0;
    while !pp.order.is_empty() {
        crate::stop::check();
        if !pp.decompose(alive, winner, strategy) {
            break;
        }
        dominions += 1;
    }
    pp.order.retain(|&v| alive.contains(v as usize));
    (pp.order, dominions, pp.promotions)
}

/// The state of priority promotion.
struct Promoter<'g> {
    game: &'g Game,
    /// The undecided vertices by decreasing priority (may hold decided ones, skipped).
    order: Vec<u32>,
    /// Decided vertices still in `order`.
    stale: usize,
    /// `order[..first]` are all decided.
    first: usize,
    /// Per vertex: the rank of its priority among the distinct priorities, + 1.
    rank: Vec<u32>,
    /// Per vertex: its slot: [`FREE`], [`DECIDED`], or the slot it joined a region with. A
    /// vertex's label (0 when free, the label of its region, or [`DEAD`]) is `rank_of` of its
    /// slot: a promotion relabels the promoted region by relabelling its few slots, not its
    /// vertices.
    slot: Vec<u32>,
    /// Per slot: the label of the region holding its vertices (`rank_of[FREE]` is 0,
    /// `rank_of[DECIDED]` is [`DEAD`]). Meaningless for a spare slot.
    rank_of: Vec<u32>,
    /// Slots no vertex holds, to be reused: a dissolved region's vertices are freed one by one
    /// (they are free again, slot [`FREE`]), so its slots are spare at once.
    spare: Vec<u32>,
    /// The regions' slots, region after region (those of `regions[i]` from its `slots` to the
    /// next region's): one when a region is built, and one more per region promoted into it.
    slots: Vec<u32>,
    /// Per vertex: the move of its region's player (meaningful at that player's vertices).
    moves: Vec<u32>,
    /// The regions' vertices, region after region, top-down, each in order of attraction.
    trail: Vec<u32>,
    /// The regions, top-down (labels decreasing).
    regions: Vec<Region>,
    /// `borders[i]` belongs to `regions[i]` (longer: slots are kept for reuse).
    borders: Vec<Border>,
    /// Queued in an attraction and not processed yet.
    pending: FixedBitSet,
    /// Per vertex of the attracting player's opponent: successors not processed yet, valid
    /// when `stamp` is the current attraction's.
    left: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    promotions: usize,
}

impl<'g> Promoter<'g> {
    fn new(game: &'g Game, alive: &FixedBitSet) -> Promoter<'g> {
        let n = game.vertex_count();
        let order = super::by_decreasing_priority(game, alive);
        let mut rank = vec![0; n];
        let mut r = 0;
        for (k, &v) in order.iter().enumerate().rev() {
            if k + 1 == order.len() || game.priority(order[k + 1]) != game.priority(v) {
                r += 1;
            }
            rank[v as usize] = r;
        }
        let mut slot = vec![DECIDED; n];
        for &v in &order {
            slot[v as usize] = FREE;
        }
        Promoter {
            game,
            order,
            stale: 0,
            first: 0,
            rank,
            slot,
            rank_of: vec![0, DEAD],
            spare: Vec::new(),
            slots: Vec::new(),
            moves: vec![NONE; n],
            trail: Vec::new(),
            regions: Vec::new(),
            borders: Vec::new(),
            pending: FixedBitSet::with_capacity(n),
            left: vec![0; n],
            stamp: vec![0; n],
            epoch: 0,
            promotions: 0,
        }
    }

    /// The label of `v`: 0 when free, the label of its region, or [`DEAD`].
    #[inline]
    fn label(&self, v: u32) -> u32 {
        self.rank_of[self.slot[v as usize] as usize]
    }

    /// A slot for a new region labelled `l` (a spare one if any).
    fn new_slot(&mut self, l: u32) -> u32 {
        match self.spare.pop() {
            Some(s) => {
                self.rank_of[s as usize] = l;
                s
            }
            None => {
                self.rank_of.push(l);
                (self.rank_of.len() - 1) as u32
            }
        }
    }

    /// The player a region's label belongs to.
    fn player(&self, start: usize) -> Player {
        Player::of_priority(self.game.priority(self.trail[start]))
    }

    /// Builds regions from the top down until a dominion is found, decided and removed
    /// (true), or the scan runs out (false: cannot happen on a total subgame).
    fn decompose(
        &mut self,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
    ) -> bool {
        let game = self.game;
        // Everything before the first undecided vertex is decided: skip it once, not per
        // decomposition (a ladder removes thousands of small dominions from the top).
        while self.first < self.order.len() && self.slot[self.order[self.first] as usize] == DECIDED
        {
            self.first += 1;
        }
        let mut pos = self.first;
        while pos < self.order.len() {
            let p = game.priority(self.order[pos]);
            let l = self.rank[self.order[pos] as usize];
            let start = self.trail.len();
            let s = self.new_slot(l);
            let mut end = pos;
            while end < self.order.len() && game.priority(self.order[end]) == p {
                let v = self.order[end];
                if self.slot[v as usize] == FREE {
                    self.add(v, s, NONE);
                }
                end += 1;
            }
            pos = end;
            if self.trail.len() == start {
                self.spare.push(s);
                continue;
            }
            let i = self.regions.len();
            self.regions.push(Region {
                label: l,
                start,
                pos_after: end,
                slots: self.slots.len(),
            });
            self.slots.push(s);
            if self.borders.len() == i {
                self.borders.push(Border::default());
            }
            let heads = self.trail.len();
            let border = &mut self.borders[i];
            border.open.clear();
            border.exits.clear();
            border.entries.clear();
            border.open.extend_from_slice(&self.trail[start..heads]);
            let mut pl = Player::of_priority(p);
            self.attract(i, pl, start);
            self.settle(i, pl);
            let mut cur = i;
            loop {
                let border = &self.borders[cur];
                if !border.open.is_empty() {
                    break;
                }
                let Some(&q) = border.exits.first() else {
                    let start = self.regions[cur].start;
                    self.win(pl, start, alive, winner, strategy);
                    return true;
                };
                cur = self.promote(cur, q);
                pos = self.regions[cur].pos_after;
                pl = self.player(self.regions[cur].start);
            }
        }
        false
    }

    /// Promotes the closed region `regions[cur]` (the lowest) into the higher region labelled
    /// `q`, the lowest one its opponent can escape to (which belongs to the same player):
    /// dissolves the regions between, relabels the promoted vertices, attracts what the merged
    /// region newly can (only former entries, and what they attract, qualify), and checks the
    /// merged region's heads that were open. Returns the merged region's index.
    fn promote(&mut self, cur: usize, q: u32) -> usize {
        let game = self.game;
        self.promotions += 1;
        let iq = self.regions.partition_point(|g| g.label > q);
        debug_assert_eq!(self.regions[iq].label, q);
        let r = self.regions[cur];
        let from = self.regions[iq + 1].start;
        let pl = self.player(self.regions[iq].start);
        debug_assert_eq!(pl, self.player(r.start));
        for k in from..r.start {
            let v = self.trail[k] as usize;
            self.slot[v] = FREE;
        }
        self.trail.copy_within(r.start.., from);
        self.trail.truncate(from + (self.trail.len() - r.start));
        // The dissolved regions' slots are spare; the promoted region's are relabelled q and
        // join the merged region's.
        let slots_from = self.regions[iq + 1].slots;
        self.spare
            .extend_from_slice(&self.slots[slots_from..r.slots]);
        for k in r.slots..self.slots.len() {
            self.rank_of[self.slots[k] as usize] = q;
        }
        self.slots.copy_within(r.slots.., slots_from);
        self.slots
            .truncate(slots_from + (self.slots.len() - r.slots));
        self.regions.truncate(iq + 1);
        let sq = self.slots[self.regions[iq].slots];
        // The promoted region's border joins the merged one's: its escapes above q stay
        // escapes, and its entries are the candidates for attraction.
        let mut promoted = std::mem::take(&mut self.borders[cur]);
        let fresh = self.trail.len();
        {
            let target = &mut self.borders[iq];
            target
                .exits
                .extend(promoted.exits.iter().filter(|&&x| x > q));
        }
        for &u in &promoted.entries {
            let lu = self.label(u);
            if lu == DEAD || lu == q {
                continue;
            }
            if lu != 0 {
                self.borders[iq].entries.push(u);
                continue;
            }
            if game.owner(u) == pl {
                if let Some(&w) = game.successors(u).iter().find(|&&w| self.label(w) == q) {
                    self.add(u, sq, w);
                }
            } else if self.cornered(u) {
                self.add(u, sq, NONE);
                self.escapes(iq, u, q);
            }
        }
        promoted.entries.clear();
        promoted.exits.clear();
        self.borders[cur] = promoted;
        self.attract(iq, pl, fresh);
        self.settle(iq, pl);
        iq
    }

    /// After an attraction into `regions[i]`: drops the open heads that are closed now (from
    /// the back, stopping at the first still open, so each head is looked at once while the
    /// region is closed) and sorts its exits.
    fn settle(&mut self, i: usize, pl: Player) {
        let game = self.game;
        let l = self.regions[i].label;
        while let Some(&h) = self.borders[i].open.last() {
            let closed = if game.owner(h) == pl {
                let m = self.moves[h as usize];
                if m != NONE && self.label(m) == l {
                    true
                } else if let Some(&w) = game.successors(h).iter().find(|&&w| self.label(w) == l) {
                    self.moves[h as usize] = w;
                    true
                } else {
                    false
                }
            } else if self.cornered(h) {
                self.escapes(i, h, l);
                true
            } else {
                false
            };
            if !closed {
                break;
            }
            self.borders[i].open.pop();
        }
        let exits = &mut self.borders[i].exits;
        exits.sort_unstable();
        exits.dedup();
    }

    /// Records, as exits of `regions[i]` (labelled `l`), the higher regions the opponent's
    /// vertex `u` can move to.
    fn escapes(&mut self, i: usize, u: u32, l: u32) {
        let (slot, rank_of) = (&self.slot, &self.rank_of);
        self.borders[i].exits.extend(
            self.game
                .successors(u)
                .iter()
                .map(|&w| rank_of[slot[w as usize] as usize])
                .filter(|&lw| lw > l && lw != DEAD),
        );
    }

    /// Whether every move of `u` leads into a region or a decided vertex (none is free): for
    /// the opponent of the region being built, nothing below it is left to go to.
    fn cornered(&self, u: u32) -> bool {
        self.game
            .successors(u)
            .iter()
            .all(|&w| self.slot[w as usize] != FREE)
    }

    /// Puts `v` in the region of slot `s` with move `m`, queued for attraction.
    fn add(&mut self, v: u32, s: u32, m: u32) {
        self.slot[v as usize] = s;
        self.moves[v as usize] = m;
        self.trail.push(v);
    }

    /// Attraction for `pl` into `regions[i]`, in the subgame of the free vertices, processing
    /// the queued vertices `trail[from..]` (and those it attracts); records the entries met
    /// and the exits of the opponent's vertices attracted.
    fn attract(&mut self, i: usize, pl: Player, from: usize) {
        let game = self.game;
        let l = self.regions[i].label;
        let s = self.slots[self.regions[i].slots];
        let mut head = from;
        while head < self.trail.len() {
            crate::stop::check();
            let v = self.trail[head];
            head += 1;
            for &u in game.predecessors(v) {
                let ui = u as usize;
                let lu = self.label(u);
                if lu == l {
                    // A head of `pl` without a move yet gets one inside.
                    if game.owner(u) == pl && self.moves[ui] == NONE {
                        self.moves[ui] = v;
                    }
                    continue;
                }
                if lu != 0 {
                    if lu != DEAD && lu > l {
                        self.borders[i].entries.push(u);
                    }
                    continue;
                }
                if game.owner(u) == pl {
                    self.add(u, s, v);
                } else if self.cornered(u) {
                    // The opponent's vertex cannot avoid the region any more (nor go down:
                    // nothing is below it): it joins, and its moves upwards are exits.
                    self.add(u, s, NONE);
                    self.escapes(i, u, l);
                }
            }
        }
    }

    /// The region `trail[start..]` is a dominion of `pl`: attracts it for `pl` in the whole
    /// remaining game, decides and removes the attractor, and dissolves every region.
    fn win(
        &mut self,
        pl: Player,
        start: usize,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
    ) {
        let game = self.game;
        let mut queue: Vec<u32> = self.trail[start..].to_vec();
        for k in 0..start {
            let v = self.trail[k] as usize;
            self.slot[v] = FREE;
        }
        self.trail.clear();
        self.regions.clear();
        self.slots.clear();
        self.spare.clear();
        self.rank_of.truncate(2);
        for &v in &queue {
            self.slot[v as usize] = DECIDED;
            self.pending.insert(v as usize);
            if game.owner(v) == pl {
                strategy[v as usize] = self.moves[v as usize];
            }
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let mut head = 0;
        while head < queue.len() {
            crate::stop::check();
            let v = queue[head];
            head += 1;
            self.pending.set(v as usize, false);
            winner[v as usize] = pl.index();
            alive.set(v as usize, false);
            for &u in game.predecessors(v) {
                let ui = u as usize;
                if self.slot[ui] == DECIDED {
                    continue;
                }
                if game.owner(u) == pl {
                    strategy[ui] = v;
                } else {
                    if self.stamp[ui] != self.epoch {
                        self.stamp[ui] = self.epoch;
                        self.left[ui] = game
                            .successors(u)
                            .iter()
                            .filter(|&&w| {
                                self.slot[w as usize] != DECIDED
                                    || self.pending.contains(w as usize)
                            })
                            .count() as u32;
                    } else {
                        self.left[ui] -= 1;
                    }
                    if self.left[ui] > 0 {
                        continue;
                    }
                }
                self.slot[ui] = DECIDED;
                self.pending.insert(ui);
                queue.push(u);
            }
        }
        self.stale += queue.len();
        if 2 * self.stale > self.order.len() {
            let slot = &self.slot;
            self.order.retain(|&v| slot[v as usize] != DECIDED);
            self.stale = 0;
            self.first = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::families;
    use crate::game::solve::{check, solve_parity, Objective, ParityAlgorithm, Solution};

    fn game(owners: &[u8], prios: &[u32], edges: &[(u32, u32)]) -> Game {
        Game::from_parts(owners.to_vec(), prios.to_vec(), edges).unwrap()
    }

    /// Solves a total game, checks the solution and compares its winners with Zielonka's (on
    /// small games) or tangle learning's; returns the numbers of dominions and promotions.
    fn solve_and_check(g: &Game) -> (usize, usize) {
        let other = if g.vertex_count() <= 100 {
            ParityAlgorithm::Zielonka
        } else {
            ParityAlgorithm::TangleLearning
        };
        solve_and_compare(g, other)
    }

    /// Solves a total game, checks the solution and compares its winners with `other`'s;
    /// returns the numbers of dominions and promotions.
    fn solve_and_compare(g: &Game, other: ParityAlgorithm) -> (usize, usize) {
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let mut winner = vec![0; n];
        let mut strategy = vec![NONE; n];
        let (rest, dominions, promotions) = run(g, &mut alive, &mut winner, &mut strategy);
        assert!(rest.is_empty());
        assert_eq!(alive.count_ones(..), 0);
        for v in 0..n {
            if g.owners()[v] != winner[v] {
                strategy[v] = NONE;
            }
        }
        let s = Solution::new(
            winner
                .iter()
                .map(|&w| Player::from_index(w as u64).unwrap())
                .collect(),
            strategy,
        );
        check(g, &Objective::Parity, &s).unwrap();
        let z = solve_parity(g, other).unwrap();
        for v in 0..n as u32 {
            assert_eq!(s.winner(v), z.winner(v), "vertex {v}");
        }
        (dominions, promotions)
    }

    #[test]
    fn promotion_then_dominion() {
        // All player 1's: 0 (priority 4) → 1; 1 (priority 2) → {0, 1}; 2 (priority 3) → {0, 1}.
        // Region 4 = {0} is open (0 → 1 leads down); region 3 = {2} is open (2 has no move
        // inside); region 2 = {1} is closed, its only escape goes up to 4: promoted, it joins
        // {0}, region 3 is dissolved and attracted too (2's moves all lead into {0, 1}), and
        // {0, 1, 2} is player 0's dominion (every cycle sees 4 or only 2).
        let g = game(
            &[1, 1, 1],
            &[4, 2, 3],
            &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1)],
        );
        assert_eq!(solve_and_check(&g), (1, 1));
    }

    #[test]
    fn small_random_games_promote_and_agree_with_zielonka() {
        // Total random games (out-degree 1 to 3, few priorities): promotions happen, in some
        // games more of them than dominions; every solution is checked and compared with
        // Zielonka's.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut promotions, mut many) = (0, 0);
        for _ in 0..400 {
            let n = 2 + next(14) as u32;
            let owners: Vec<u8> = (0..n).map(|_| next(2) as u8).collect();
            let prios: Vec<u32> = (0..n).map(|_| next(8) as u32).collect();
            let mut edges = Vec::new();
            for v in 0..n {
                for _ in 0..1 + next(3) {
                    edges.push((v, next(n as u64) as u32));
                }
            }
            let (dominions, p) = solve_and_check(&game(&owners, &prios, &edges));
            promotions += p;
            if p > dominions {
                many += 1;
            }
        }
        assert!(promotions > 0 && many > 0, "{promotions} {many}");
    }

    #[test]
    fn both_players_win_somewhere() {
        let g = game(
            &[0, 1, 0, 1, 0],
            &[2, 1, 3, 4, 0],
            &[(0, 1), (1, 0), (1, 2), (2, 2), (3, 4), (4, 3), (4, 0)],
        );
        solve_and_check(&g);
    }

    #[test]
    fn ladders_agree_with_zielonka() {
        for levels in [1, 2, 10, 20, 40, 100] {
            let g = families::recursive_ladder(levels);
            let (dominions, _) = solve_and_check(&g);
            assert!(dominions >= 1);
        }
    }

    #[test]
    fn empty_and_single_vertex_games() {
        let g = game(&[], &[], &[]);
        solve_and_check(&g);
        let g = game(&[1], &[3], &[(0, 0)]);
        solve_and_check(&g);
    }

    /// A total game of `parts` random blocks (1 to `size` vertices each, 1 to 3 successors
    /// inside the block, priorities below `prios` above those of the blocks before), the later
    /// blocks with a few edges into the earlier ones when `linked`. Unlinked, every block
    /// holds dominions of its own (a region never spans two blocks, its priority being the
    /// block's): priority promotion finds at least one per block. Linked, a dominion removed
    /// attracts across blocks.
    fn blocks(seed: u64, parts: usize, size: u64, prios: u64, linked: bool) -> Game {
        let mut x = seed | 1;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut owners, mut priorities, mut edges) = (Vec::new(), Vec::new(), Vec::new());
        for part in 0..parts as u32 {
            let base = owners.len() as u32;
            let k = 1 + next(size) as u32;
            for v in base..base + k {
                owners.push(next(2) as u8);
                priorities.push(part * prios as u32 + next(prios) as u32);
                for _ in 0..1 + next(3) {
                    edges.push((v, base + next(k as u64) as u32));
                }
                if linked && base > 0 && next(4) == 0 {
                    edges.push((v, next(base as u64) as u32));
                }
            }
        }
        game(&owners, &priorities, &edges)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Priority promotion's winning regions are Zielonka's and the checker accepts its
        /// strategies, on random games of one block or many (many dominions, linked or not).
        #[test]
        fn agrees_with_zielonka_on_random_games(
            seed: u64,
            parts in 1usize..12,
            size in 1u64..20,
            prios in 1u64..12,
            linked: bool,
        ) {
            let g = blocks(seed, parts, size, prios, linked);
            let (dominions, _) = solve_and_compare(&g, ParityAlgorithm::Zielonka);
            proptest::prop_assert!(dominions >= 1);
        }
    }

    #[test]
    fn many_dominions_in_one_game() {
        // 40 unlinked blocks: at least a dominion per block.
        for seed in 1..20 {
            let g = blocks(seed, 40, 6, 6, false);
            let (dominions, _) = solve_and_compare(&g, ParityAlgorithm::Zielonka);
            assert!(dominions >= 40, "seed {seed}: {dominions} dominions");
            let g = blocks(seed, 40, 6, 6, true);
            solve_and_compare(&g, ParityAlgorithm::Zielonka);
        }
    }

    #[test]
    fn oink_families_agree_with_tangle_learning() {
        // Small sizes: priority promotion is exponential on the counter_* families (on
        // counter_ortl 32 it takes more than 20 s); tc+ 8 takes 814 promotions.
        for text in [
            &include_bytes!("../../tests/games/oink-families/tc+-4.pg")[..],
            &include_bytes!("../../tests/games/oink-families/tc+-8.pg")[..],
            &include_bytes!("../../tests/games/oink-families/tc-8.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_rob-8.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_ortl-4.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_qpt-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_dp-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_core-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_m-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_rr-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/counter_symsi-16.pg")[..],
            &include_bytes!("../../tests/games/oink-families/rngame-1000.pg")[..],
            &include_bytes!("../../tests/games/oink-families/stgame-1000.pg")[..],
        ] {
            // (Through the solver's front end: some have dead ends, decided before.)
            let g = crate::game::format::pg::parse(text, &Default::default()).unwrap();
            let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
            check(&g, &Objective::Parity, &pp).unwrap();
            let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
            for v in 0..g.vertex_count() as u32 {
                assert_eq!(pp.winner(v), tl.winner(v), "vertex {v}");
            }
        }
    }
}
