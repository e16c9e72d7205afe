//! Attractors: the set of vertices from which a player can force the token into a target set,
//! computed backwards in O(V + E) with predecessor lists and successor counters.

use super::{Game, Player, NONE};
use crate::error::Result;
use fixedbitset::FixedBitSet;

/// Flag bit of [`Attractor`]'s state words: set when the vertex is attracted; the low bits
/// then hold its rank, otherwise the number of successors still outside the attractor.
const ATTR: u32 = 1 << 31;

/// The attractor of a target set for a player: its region, each vertex's rank and a memoryless
/// strategy. See [`attractor()`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attractor {
    player: Player,
    /// `ATTR | rank` for attracted vertices, else a counter.
    state: Vec<u32>,
    /// Attracted vertices in order of attraction (ranks non-decreasing), targets first.
    order: Vec<u32>,
    /// The attracting player's move at its attracted vertices of rank ≥ 1.
    strategy: Vec<u32>,
    targets: usize,
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
/// Complexity: O(V + E) time; one `u32` counter, one strategy word and one queue slot per
/// vertex. Each vertex's counter starts at 1 (player's vertices) or at its out-degree
/// (opponent's), is decremented once per edge from an attracted successor, and the vertex joins
/// when it reaches 0.
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
    let p = player.index();
    let owners = game.owners();
    let (soff, _) = game.successor_csr();
    let (poff, pred) = game.predecessor_csr();
    let mut state: Vec<u32> = (0..n)
        .map(|v| {
            if owners[v] == p {
                1
            } else {
                soff[v + 1] - soff[v]
            }
        })
        .collect();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    for &t in target {
        if state[t as usize] & ATTR == 0 {
            state[t as usize] = ATTR;
            order.push(t);
        }
    }
    let targets = order.len();
    // The opponent's dead ends: stuck, hence lost (only they can have a zero counter here).
    for (v, s) in state.iter_mut().enumerate() {
        if *s == 0 {
            *s = ATTR | 1;
            order.push(v as u32);
        }
    }
    let mut strategy = vec![NONE; n];
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        let next = (state[v as usize] & !ATTR) + 1;
        for &u in &pred[poff[v as usize] as usize..poff[v as usize + 1] as usize] {
            let s = &mut state[u as usize];
            if *s & ATTR == 0 {
                if *s == 1 {
                    *s = ATTR | next;
                    order.push(u);
                    if owners[u as usize] == p {
                        strategy[u as usize] = v;
                    }
                } else {
                    *s -= 1;
                }
            }
        }
    }
    Ok(Attractor {
        player,
        state,
        order,
        strategy,
        targets,
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
        self.state.get(v as usize).is_some_and(|&s| s & ATTR != 0)
    }

    /// The round in which `v` joined (0 for targets), or `None` outside the attractor.
    pub fn rank(&self, v: u32) -> Option<u32> {
        self.contains(v).then(|| self.state[v as usize] & !ATTR)
    }

    /// The attracted vertices in order of attraction: targets first, then by rank.
    pub fn vertices(&self) -> &[u32] {
        &self.order
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
        self.order
            .last()
            .map_or(0, |&v| self.state[v as usize] & !ATTR)
    }

    /// The attracting player's move at `v`: a successor of smaller rank, for the player's
    /// attracted vertices outside the target; `None` elsewhere (any move of the opponent stays
    /// in the attractor).
    pub fn strategy(&self, v: u32) -> Option<u32> {
        self.strategy
            .get(v as usize)
            .copied()
            .filter(|&w| w != NONE)
    }

    /// Ranks indexed by vertex ([`super::NONE`] outside the attractor).
    pub fn ranks(&self) -> Vec<u32> {
        self.state
            .iter()
            .map(|&s| if s & ATTR != 0 { s & !ATTR } else { NONE })
            .collect()
    }

    /// Strategy moves indexed by vertex ([`super::NONE`] where there is none).
    pub fn strategy_moves(&self) -> &[u32] {
        &self.strategy
    }

    /// The attractor as a bitset over the vertices.
    pub fn region(&self) -> FixedBitSet {
        let mut b = FixedBitSet::with_capacity(self.state.len());
        for &v in &self.order {
            b.insert(v as usize);
        }
        b
    }

    /// The trap: the vertices outside the attractor, in increasing order.
    pub fn trap(&self) -> Vec<u32> {
        (0..self.state.len() as u32)
            .filter(|&v| !self.contains(v))
            .collect()
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
