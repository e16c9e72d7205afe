//! Attractors: the set of vertices from which a player can force the token into a target set,
//! computed backwards in O(V + E) with predecessor lists and successor counters.

use super::{Game, Player, NONE};
use crate::error::Result;
use fixedbitset::FixedBitSet;
use std::sync::OnceLock;

/// The attractor of a target set for a player: its region, each vertex's rank and a memoryless
/// strategy. See [`attractor()`].
///
/// The region is a bitmap; the attracted vertices are kept in order of attraction with the
/// boundaries of each round (so ranks cost nothing during the sweep) and the move that
/// attracted each. Per-vertex queries ([`Attractor::rank`], [`Attractor::strategy`]) build a
/// vertex → position index on first use (O(V) once).
#[derive(Debug)]
pub struct Attractor {
    player: Player,
    n: usize,
    /// One bit per vertex: attracted.
    region: Vec<u64>,
    /// Attracted vertices in order of attraction, targets first.
    order: Vec<u32>,
    /// `order[rounds[r]..rounds[r + 1]]` joined in round `r` (rank r).
    rounds: Vec<u32>,
    /// Parallel to `order`: the successor the attracting player moves to, or `NONE`.
    via: Vec<u32>,
    targets: usize,
    index: OnceLock<Vec<u32>>,
}

impl Clone for Attractor {
    fn clone(&self) -> Attractor {
        Attractor {
            player: self.player,
            n: self.n,
            region: self.region.clone(),
            order: self.order.clone(),
            rounds: self.rounds.clone(),
            via: self.via.clone(),
            targets: self.targets,
            index: OnceLock::new(),
        }
    }
}

impl PartialEq for Attractor {
    fn eq(&self, other: &Attractor) -> bool {
        (
            self.player,
            self.n,
            &self.order,
            &self.rounds,
            &self.via,
            self.targets,
        ) == (
            other.player,
            other.n,
            &other.order,
            &other.rounds,
            &other.via,
            other.targets,
        )
    }
}

impl Eq for Attractor {}

#[inline]
fn bit(bits: &[u64], v: usize) -> bool {
    bits[v >> 6] & (1 << (v & 63)) != 0
}

#[inline]
fn set_bit(bits: &mut [u64], v: usize) {
    bits[v >> 6] |= 1 << (v & 63);
}

/// Attr_p(T): the vertices from which player `player` can force the token into `target`,
/// with, for each, its *rank* (the round in which it joins: 0 for targets, r + 1 for a vertex
/// of `player` with a successor of rank r, or for an opponent's vertex whose successors all
/// have rank ≤ r with one of rank r) and a memoryless strategy (at each of `player`'s attracted
/// vertices outside the target, a successor of smaller rank).
///
/// **Vertices without successors**: whoever cannot move loses. An opponent's vertex without
/// successors is attracted with rank 1 (all its successors, none, are attracted: it has lost);
/// a vertex of `player` without successors is attracted only when it is a target.
///
/// The complement of the attractor is a *trap* for `player`: the opponent can keep the token
/// outside forever (see [`Attractor::escape`]), so it is the opponent's winning region of the
/// safety game avoiding `target`.
///
/// Complexity: O(V + E) time, in a backward breadth-first sweep over the predecessor lists.
/// Each opponent's vertex has a counter of successors still outside the attractor (lazily
/// set to its out-degree on first touch, in zeroed memory that costs nothing until touched);
/// it joins when the counter reaches 0, a vertex of `player` on first touch. Membership and
/// owners are bitmaps, so edges into the attractor cost a cached bit test, as in a plain BFS.
/// Memory: 4 bytes per vertex for counters (none in a one-player game), 8 per attracted vertex
/// (order and moves), 1 bit per vertex for the region.
///
/// Errors: a target that is not a vertex of the game.
///
/// ```
/// use mazegraph::game::{attractor, Game, Player};
/// // 0 → 1 → 2 and 0 → 3 (a dead end); vertex 0 is the opponent's.
/// let g = Game::new(
///     vec![Player::One, Player::Zero, Player::Zero, Player::Zero],
///     vec![0; 4],
///     &[(0, 1), (1, 2), (0, 3)],
/// )
/// .unwrap();
/// let a = attractor(&g, Player::Zero, &[2]).unwrap();
/// assert_eq!(a.vertices(), &[2, 1]); // 0 can escape to 3
/// assert_eq!((a.rank(1), a.strategy(1)), (Some(1), Some(2)));
/// assert_eq!(a.escape(&g, 0), Some(3));
/// ```
pub fn attractor(game: &Game, player: Player, target: &[u32]) -> Result<Attractor> {
    for &t in target {
        game.check_vertex(t)?;
    }
    let n = game.vertex_count();
    // Bit set in `owner_bits` ⇔ owned by player 1.
    let owner_bits = game.owner_bits();
    let ours = |v: usize| bit(owner_bits, v) == (player == Player::One);
    // A one-player game for `player` (an oriented maze): no owner tests, no counters.
    let theirs: usize = owner_bits.iter().map(|w| w.count_ones() as usize).sum();
    let all_ours = match player {
        Player::Zero => theirs == 0,
        Player::One => theirs == n,
    };
    let (soff, _) = game.successor_csr();
    let (poff, pred) = game.predecessor_csr();
    let mut region = vec![0u64; n.div_ceil(64)];
    let mut cnt = vec![0u32; if all_ours { 0 } else { n }];
    // Reserved, not touched: pages are only mapped as the attractor grows.
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut via: Vec<u32> = Vec::with_capacity(n);
    for &t in target {
        if !bit(&region, t as usize) {
            set_bit(&mut region, t as usize);
            order.push(t);
            via.push(NONE);
        }
    }
    let targets = order.len();
    let mut rounds = vec![0u32, targets as u32];
    // The opponent's dead ends: stuck, hence lost.
    for &v in game.dead_ends(player.opponent()) {
        if !bit(&region, v as usize) {
            set_bit(&mut region, v as usize);
            order.push(v);
            via.push(NONE);
        }
    }
    // Round 0 is order[0..targets]; each pass over a round appends the next one.
    let mut head = 0;
    let mut end = targets;
    loop {
        while head < end {
            crate::stop::check();
            let v = order[head];
            head += 1;
            for &u in &pred[poff[v as usize] as usize..poff[v as usize + 1] as usize] {
                let ui = u as usize;
                if bit(&region, ui) {
                    continue;
                }
                if all_ours || ours(ui) {
                    via.push(v);
                } else {
                    let c = &mut cnt[ui];
                    if *c == 0 {
                        *c = soff[ui + 1] - soff[ui];
                    }
                    *c -= 1;
                    if *c > 0 {
                        continue;
                    }
                    via.push(NONE);
                }
                set_bit(&mut region, ui);
                order.push(u);
            }
        }
        if order.len() == end {
            break;
        }
        end = order.len();
        rounds.push(end as u32);
    }
    Ok(Attractor {
        player,
        n,
        region,
        order,
        rounds,
        via,
        targets,
        index: OnceLock::new(),
    })
}

impl Attractor {
    /// The attracting player.
    pub fn player(&self) -> Player {
        self.player
    }

    /// True when `v` is in the attractor.
    #[inline]
    pub fn contains(&self, v: u32) -> bool {
        (v as usize) < self.n && bit(&self.region, v as usize)
    }

    /// Position of each vertex in `order` (NONE outside), built on first use.
    fn index(&self) -> &[u32] {
        self.index.get_or_init(|| {
            let mut idx = vec![NONE; self.n];
            for (k, &v) in self.order.iter().enumerate() {
                idx[v as usize] = k as u32;
            }
            idx
        })
    }

    fn position(&self, v: u32) -> Option<usize> {
        if !self.contains(v) {
            return None;
        }
        Some(self.index()[v as usize] as usize)
    }

    /// Rank of the vertex at position `k` of the order.
    fn rank_at(&self, k: usize) -> u32 {
        (self.rounds.partition_point(|&s| s as usize <= k) - 1) as u32
    }

    /// The round in which `v` joined (0 for targets), or `None` outside the attractor.
    pub fn rank(&self, v: u32) -> Option<u32> {
        self.position(v).map(|k| self.rank_at(k))
    }

    /// The attracted vertices in order of attraction: targets first, then by rank.
    pub fn vertices(&self) -> &[u32] {
        &self.order
    }

    /// The vertices of rank `r`, a slice of [`Attractor::vertices`].
    pub fn round(&self, r: u32) -> &[u32] {
        let r = r as usize;
        if r + 1 >= self.rounds.len() {
            return &[];
        }
        &self.order[self.rounds[r] as usize..self.rounds[r + 1] as usize]
    }

    /// The target vertices (deduplicated), the first entries of [`Attractor::vertices`].
    pub fn targets(&self) -> &[u32] {
        &self.order[..self.targets]
    }

    /// Number of attracted vertices.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True when nothing is attracted (empty target, no opponent dead end).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The largest rank (0 when empty).
    pub fn max_rank(&self) -> u32 {
        if self.order.is_empty() {
            0
        } else {
            self.rank_at(self.order.len() - 1)
        }
    }

    /// The attracting player's move at `v`: a successor of smaller rank, for the player's
    /// attracted vertices outside the target; `None` elsewhere (any move of the opponent stays
    /// in the attractor).
    pub fn strategy(&self, v: u32) -> Option<u32> {
        self.position(v).map(|k| self.via[k]).filter(|&w| w != NONE)
    }

    /// Ranks indexed by vertex ([`super::NONE`] outside the attractor).
    pub fn ranks(&self) -> Vec<u32> {
        let mut out = vec![NONE; self.n];
        for r in 0..self.rounds.len().saturating_sub(1) {
            for &v in self.round(r as u32) {
                out[v as usize] = r as u32;
            }
        }
        out
    }

    /// Strategy moves indexed by vertex ([`super::NONE`] where there is none).
    pub fn strategy_moves(&self) -> Vec<u32> {
        let mut out = vec![NONE; self.n];
        for (k, &v) in self.order.iter().enumerate() {
            out[v as usize] = self.via[k];
        }
        out
    }

    /// The attractor as a bitset over the vertices.
    pub fn region(&self) -> FixedBitSet {
        let mut b = FixedBitSet::with_capacity(self.n);
        for &v in &self.order {
            b.insert(v as usize);
        }
        b
    }

    /// The trap: the vertices outside the attractor, in increasing order.
    pub fn trap(&self) -> Vec<u32> {
        (0..self.n as u32).filter(|&v| !self.contains(v)).collect()
    }

    /// The opponent's move at its vertex `v` outside the attractor that keeps the token
    /// outside (one exists by definition); `None` for other vertices.
    pub fn escape(&self, game: &Game, v: u32) -> Option<u32> {
        if self.contains(v) || v as usize >= game.vertex_count() || game.owner(v) == self.player {
            return None;
        }
        game.successors(v)
            .iter()
            .copied()
            .find(|&w| !self.contains(w))
    }
}

/// Scratch space for [`attract_within`]: a counter per vertex of the whole game, and marks
/// (empty between calls).
pub(crate) struct Scratch {
    pub(crate) cnt: Vec<u32>,
    pub(crate) mark: FixedBitSet,
}

impl Scratch {
    pub(crate) fn new(n: usize) -> Scratch {
        Scratch {
            cnt: vec![0; n],
            mark: FixedBitSet::with_capacity(n),
        }
    }
}

/// An attractor inside a subgame (the vertices `verts`, marked in `alive`), for the solvers.
/// Returns the attracted vertices (targets first) and writes the attracting player's moves
/// into `strategy`.
///
/// Same rules as [`attractor()`]: the opponent's vertices without successors *in the subgame*
/// are attracted. O(V + E) of the subgame.
pub(crate) fn attract_within(
    game: &Game,
    player: Player,
    alive: &FixedBitSet,
    verts: &[u32],
    target: impl IntoIterator<Item = u32>,
    scratch: &mut Scratch,
    strategy: &mut [u32],
) -> Vec<u32> {
    let Scratch { cnt, mark } = scratch;
    let mut order = Vec::new();
    for t in target {
        if alive.contains(t as usize) && !mark.put(t as usize) {
            order.push(t);
        }
    }
    for &v in verts {
        if game.owner(v) != player && !mark.contains(v as usize) {
            let c = game
                .successors(v)
                .iter()
                .filter(|&&w| alive.contains(w as usize))
                .count() as u32;
            cnt[v as usize] = c;
            if c == 0 {
                mark.insert(v as usize);
                order.push(v);
            }
        }
    }
    let mut head = 0;
    while head < order.len() {
        crate::stop::check();
        let v = order[head];
        head += 1;
        for &u in game.predecessors(v) {
            let ui = u as usize;
            if !alive.contains(ui) || mark.contains(ui) {
                continue;
            }
            if game.owner(u) == player {
                strategy[ui] = v;
            } else {
                cnt[ui] -= 1;
                if cnt[ui] > 0 {
                    continue;
                }
            }
            mark.insert(ui);
            order.push(u);
        }
    }
    for &v in &order {
        mark.set(v as usize, false);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{One, Zero};

    /// 0(P0) → 1(P1) → {2, 3}; 2 → 4 (target); 3 → 3; 5(P1) dead end; 6(P0) dead end.
    fn g() -> Game {
        Game::new(
            vec![Zero, One, Zero, Zero, Zero, One, Zero],
            vec![0; 7],
            &[(0, 1), (1, 2), (1, 3), (2, 4), (3, 3), (3, 4)],
        )
        .unwrap()
    }

    #[test]
    fn ranks_strategy_and_dead_ends() {
        let a = attractor(&g(), Zero, &[4]).unwrap();
        assert_eq!(a.rank(4), Some(0));
        assert_eq!(a.rank(5), Some(1)); // the opponent is stuck
        assert_eq!(a.rank(2), Some(1));
        assert_eq!(a.rank(3), Some(1));
        assert_eq!(a.rank(1), Some(2));
        assert_eq!(a.rank(0), Some(3));
        assert_eq!(a.rank(6), None); // stuck player 0 loses
        assert_eq!(a.strategy(3), Some(4));
        assert_eq!(a.strategy(0), Some(1));
        assert_eq!(a.strategy(1), None);
        assert_eq!(a.trap(), vec![6]);
        assert_eq!(a.max_rank(), 3);
        assert_eq!(a.targets(), &[4]);
    }

    #[test]
    fn opponent_escapes() {
        let game = g();
        let a = attractor(&game, One, &[4]).unwrap();
        // player 0 at 3 can loop forever; at 2 must go to 4; vertex 6 (P0 dead end) is lost;
        // player 1 at 1 picks 2, and 0 must go to 1.
        assert!(a.contains(2) && a.contains(6) && !a.contains(3));
        assert!(a.contains(1) && a.contains(0));
        assert_eq!(a.escape(&game, 3), Some(3));
        assert_eq!(a.escape(&game, 1), None); // the attracting player's own vertex
        assert_eq!(a.strategy(1), Some(2));
        assert_eq!(a.strategy(0), None);
    }

    #[test]
    fn missing_target_is_an_error() {
        assert!(attractor(&g(), Zero, &[7]).is_err());
        let a = attractor(&g(), Zero, &[]).unwrap();
        assert_eq!(a.vertices(), &[5]);
    }

    #[test]
    fn within_a_subgame() {
        let game = g();
        let mut alive = FixedBitSet::with_capacity(7);
        for v in [0, 1, 2, 4] {
            alive.insert(v);
        }
        let mut scratch = Scratch::new(7);
        let mut strat = vec![NONE; 7];
        let got = attract_within(
            &game,
            Zero,
            &alive,
            &[0, 1, 2, 4],
            [4],
            &mut scratch,
            &mut strat,
        );
        // without vertex 3, vertex 1 must go to 2.
        assert_eq!(got, vec![4, 2, 1, 0]);
        assert_eq!(strat[0], 1);
        assert_eq!(scratch.mark.count_ones(..), 0);
    }
}
