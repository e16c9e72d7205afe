//! Games on graphs: two-player games on directed graphs ([`Game`]), their attractors
//! ([`attractor()`]), the one-player reachability game of a maze ([`orient()`]), and solvers for
//! reachability, safety, Büchi and parity objectives with a solution checker ([`solve`](mod@solve)).
//!
//! A *game* is a directed graph whose vertices belong to player 0 or player 1 and carry a
//! priority (a natural number) and an optional name. A token moves along the edges; the owner of
//! the vertex it is on chooses the next edge. **A player who cannot move loses**: this is the
//! one rule for vertices without successors, used by every algorithm here (see
//! [`attractor()`]). Parity games are *max-parity*, as in PGSolver: player 0 wins an infinite
//! play when the largest priority seen infinitely often is even.
//!
//! Orienting a maze's graph away from its start so that one cannot walk back turns it into a
//! one-player reachability game; the attractor of the goal is the set of cells on shortest
//! solutions:
//!
//! ```
//! use mazegraph::game::{attractor, orient, Player};
//! use mazegraph::Maze;
//! let maze = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
//! let o = orient(&maze).unwrap();
//! let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
//! assert!(a.contains(o.start));
//! assert_eq!(a.len(), 10); // both ways around the pillar are shortest: every cell
//! ```
//!
//! - [`attractor`](mod@attractor): Attr_p(T) in O(V+E), ranks, memoryless strategies;
//! - [`orient`](mod@orient): maze → one-player game;
//! - [`arena`](mod@arena): a maze → the game of a wolf chasing a sheep in it (pictures:
//!   [`arena_picture`](mod@arena_picture));
//! - [`solve`](mod@solve): safety, Büchi, parity (by default priority promotion and recursive
//!   tangle learning raced; either alone, tangle learning, fixpoint iteration with
//!   justifications, or Zielonka: [`ParityAlgorithm`]),
//!   and [`solve::check`];
//! - [`format`](mod@format): PGSolver (`.pg`), game JSON, DOT.
//!
//! # Representation
//!
//! [`Game`] stores successors *and* predecessors as compressed sparse rows (`Vec<u32>` targets,
//! `Vec<u32>` offsets), owners as one byte and one bit per vertex and priorities as `u32`:
//! 8 bytes per edge and about 13 per vertex. A game of 10 M vertices and 40 M edges takes
//! about 450 MB, and the attractor's backward sweep reads each predecessor list as one
//! contiguous slice.
//!
//! A `petgraph::Graph` keeps each edge as an element of two intrusive linked lists (two
//! endpoints and two next-edge indices: 16 bytes with `u32` indices, plus the weight) and each
//! node as its weight plus two list heads (40 bytes with a [`GameNode`]): about 1 GB for the
//! same game, and walking a vertex's incoming edges chases one pointer per edge through that
//! gigabyte, a cache miss each. So the engine does not use it; it is offered for interop
//! through [`Game::to_petgraph`] and [`Game::from_petgraph`].

pub mod arena;
pub mod arena_picture;
pub mod attractor;
mod cycles;
pub mod format;
mod fpj;
pub mod orient;
mod priority_promotion;
mod race;
mod rtl;
pub mod solve;
mod tangle;

/// Game families shared with the integration tests and the benches.
#[cfg(test)]
#[path = "../../tests/common/families.rs"]
mod families;

pub use arena::{Arena, Piece, Play, Position, Pursuit, Rules};
pub use attractor::{attractor, Attractor};
pub use orient::{orient, orient_graph, Oriented};
pub use solve::{
    check, solve, solve_parity, solve_within, Objective, ParityAlgorithm, Solution,
    SOLVE_BYTES_PER_VERTEX,
};

use crate::error::{Error, Result};
use crate::grid::Limits;
use std::fmt;

/// Marks "no vertex" in `u32` vertex arrays (strategies, ranks).
pub const NONE: u32 = u32::MAX;

/// The largest number of vertices a [`Game`] can hold: ranks share a `u32` with a flag bit.
pub const MAX_VERTICES: u64 = (1 << 31) - 1;

/// One of the two players. Player 0 is also called *Even* (parity games) or the *walker*
/// (oriented mazes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// Player 0 (Even).
    Zero,
    /// Player 1 (Odd).
    One,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Zero => Player::One,
            Player::One => Player::Zero,
        }
    }

    /// 0 or 1.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The player with this number, if it is 0 or 1.
    pub fn from_index(i: u64) -> Option<Player> {
        match i {
            0 => Some(Player::Zero),
            1 => Some(Player::One),
            _ => None,
        }
    }

    /// The player a priority favours in a max-parity game: even → 0, odd → 1.
    pub fn of_priority(p: u32) -> Player {
        if p.is_multiple_of(2) {
            Player::Zero
        } else {
            Player::One
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

/// A game arena: a directed graph on vertices `0..n`, each owned by a player, with a priority
/// and an optional name; an optional start vertex.
///
/// Successor lists are sorted and free of duplicates; self-loops are allowed (they are common
/// in parity games). Vertices without successors are allowed: their owner loses there.
///
/// ```
/// use mazegraph::game::{Game, Player};
/// let g = Game::new(
///     vec![Player::Zero, Player::One, Player::Zero],
///     vec![0, 1, 2],
///     &[(0, 1), (1, 2), (2, 0), (1, 0)],
/// )
/// .unwrap();
/// assert_eq!(g.successors(1), &[0, 2]);
/// assert_eq!(g.predecessors(0), &[1, 2]);
/// assert_eq!(g.owner(1), Player::One);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    owners: Vec<u8>,
    /// One bit per vertex, set for player 1's (cache-friendly owner tests).
    owner_bits: Vec<u64>,
    /// The vertices without successors, by owner.
    dead_ends: [Vec<u32>; 2],
    priorities: Vec<u32>,
    names: Option<Vec<String>>,
    succ_off: Vec<u32>,
    succ: Vec<u32>,
    pred_off: Vec<u32>,
    pred: Vec<u32>,
    start: Option<u32>,
}

impl Game {
    /// A game from owners, priorities (same length) and edges `(from, to)` in any order;
    /// duplicate edges are merged. Fails when an edge names a missing vertex or the game is
    /// too large for `u32` indices.
    ///
    /// Complexity: O(V + E log d) where d is the largest out-degree.
    pub fn new(owners: Vec<Player>, priorities: Vec<u32>, edges: &[(u32, u32)]) -> Result<Game> {
        if owners.len() != priorities.len() {
            return Err(Error::InvalidGraph(format!(
                "{} owners for {} priorities",
                owners.len(),
                priorities.len()
            )));
        }
        let owners = owners.into_iter().map(Player::index).collect();
        Game::from_parts(owners, priorities, edges)
    }

    /// Like [`Game::new`] with owners as bytes (0 or 1), as readers collect them.
    pub(crate) fn from_parts(
        owners: Vec<u8>,
        priorities: Vec<u32>,
        edges: &[(u32, u32)],
    ) -> Result<Game> {
        let n = owners.len();
        check_size(n as u64, edges.len() as u64)?;
        debug_assert!(owners.iter().all(|&o| o <= 1));
        if let Some(&(a, b)) = edges
            .iter()
            .find(|&&(a, b)| a as usize >= n || b as usize >= n)
        {
            return Err(Error::InvalidGraph(format!(
                "edge {a} -> {b} names a vertex that does not exist (the game has {n} vertices)"
            )));
        }
        // Counting sort by source, then the rows sorted and deduplicated.
        let mut off = vec![0u32; n + 1];
        for &(a, _) in edges {
            off[a as usize + 1] += 1;
        }
        for v in 0..n {
            off[v + 1] += off[v];
        }
        let mut fill = off.clone();
        let mut succ = vec![0u32; edges.len()];
        for &(a, b) in edges {
            let slot = &mut fill[a as usize];
            succ[*slot as usize] = b;
            *slot += 1;
        }
        Game::from_rows(owners, priorities, off, succ)
    }

    /// A game from successor rows in vertex order (`off`: n + 1 increasing offsets into
    /// `succ`), each row sorted and deduplicated here, in place (a row already increasing,
    /// the usual case, is only read). Errors: a successor that is not a vertex; too many
    /// vertices or edges. O(V + E) for rows of bounded length.
    pub(crate) fn from_rows(
        owners: Vec<u8>,
        priorities: Vec<u32>,
        mut off: Vec<u32>,
        mut succ: Vec<u32>,
    ) -> Result<Game> {
        let n = owners.len();
        check_size(n as u64, succ.len() as u64)?;
        debug_assert_eq!(off.len(), n + 1);
        if let Some(&b) = succ.iter().find(|&&b| b as usize >= n) {
            return Err(Error::InvalidGraph(format!(
                "an edge names vertex {b}, which does not exist (the game has {n} vertices)"
            )));
        }
        // Compact in place: sort each row, drop duplicates; `off[v]` becomes the row's new
        // start once its old one has been read.
        let mut write = 0usize;
        let mut lo = 0usize;
        for v in 0..n {
            let hi = off[v + 1] as usize;
            let row = &mut succ[lo..hi];
            if !row.windows(2).all(|w| w[0] < w[1]) {
                row.sort_unstable();
            }
            off[v] = write as u32;
            let mut last = None;
            for k in lo..hi {
                let t = succ[k];
                if last != Some(t) {
                    succ[write] = t;
                    write += 1;
                    last = Some(t);
                }
            }
            lo = hi;
        }
        off[n] = write as u32;
        if write < succ.len() {
            succ.truncate(write);
            succ.shrink_to_fit();
        }
        Ok(Game::from_csr(owners, priorities, off, succ))
    }

    /// A game from sorted, deduplicated compressed successor rows (checked by the callers).
    pub(crate) fn from_csr(
        owners: Vec<u8>,
        priorities: Vec<u32>,
        succ_off: Vec<u32>,
        succ: Vec<u32>,
    ) -> Game {
        let n = owners.len();
        debug_assert_eq!(succ_off.len(), n + 1);
        // Transpose: predecessor lists come out sorted because sources are visited in order.
        let mut pred_off = vec![0u32; n + 1];
        for &t in &succ {
            pred_off[t as usize + 1] += 1;
        }
        for v in 0..n {
            pred_off[v + 1] += pred_off[v];
        }
        let mut fill = pred_off.clone();
        let mut pred = vec![0u32; succ.len()];
        for v in 0..n {
            for &t in &succ[succ_off[v] as usize..succ_off[v + 1] as usize] {
                let slot = &mut fill[t as usize];
                pred[*slot as usize] = v as u32;
                *slot += 1;
            }
        }
        let mut owner_bits = vec![0u64; n.div_ceil(64)];
        for (v, &o) in owners.iter().enumerate() {
            if o != 0 {
                owner_bits[v >> 6] |= 1 << (v & 63);
            }
        }
        let mut dead_ends = [Vec::new(), Vec::new()];
        for v in 0..n {
            if succ_off[v] == succ_off[v + 1] {
                dead_ends[owners[v] as usize].push(v as u32);
            }
        }
        Game {
            owners,
            owner_bits,
            dead_ends,
            priorities,
            names: None,
            succ_off,
            succ,
            pred_off,
            pred,
            start: None,
        }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.owners.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The owner of vertex `v`.
    #[inline]
    pub fn owner(&self, v: u32) -> Player {
        if self.owners[v as usize] == 0 {
            Player::Zero
        } else {
            Player::One
        }
    }

    /// Owners as bytes (0 or 1), indexed by vertex.
    pub fn owners(&self) -> &[u8] {
        &self.owners
    }

    /// Owners as bits, 64 vertices a word: bit `v % 64` of word `v / 64` is set when `v` is
    /// player 1's.
    pub fn owner_bits(&self) -> &[u64] {
        &self.owner_bits
    }

    /// The vertices of player `p` without successors, in increasing order.
    pub fn dead_ends(&self, p: Player) -> &[u32] {
        &self.dead_ends[p.index() as usize]
    }

    /// The priority of vertex `v`.
    #[inline]
    pub fn priority(&self, v: u32) -> u32 {
        self.priorities[v as usize]
    }

    /// Priorities, indexed by vertex.
    pub fn priorities(&self) -> &[u32] {
        &self.priorities
    }

    /// The sorted successors of `v`.
    #[inline]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.succ[self.succ_off[v] as usize..self.succ_off[v + 1] as usize]
    }

    /// The sorted predecessors of `v`.
    #[inline]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.pred[self.pred_off[v] as usize..self.pred_off[v + 1] as usize]
    }

    /// Number of successors of `v`.
    #[inline]
    pub fn out_degree(&self, v: u32) -> u32 {
        self.succ_off[v as usize + 1] - self.succ_off[v as usize]
    }

    /// True when `v → w` is an edge (binary search).
    pub fn has_edge(&self, v: u32, w: u32) -> bool {
        (v as usize) < self.vertex_count() && self.successors(v).binary_search(&w).is_ok()
    }

    /// Every edge `(from, to)`, by source then target.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.vertex_count() as u32)
            .flat_map(move |v| self.successors(v).iter().map(move |&w| (v, w)))
    }

    /// The raw successor rows: offsets (`n + 1`) and targets.
    pub fn successor_csr(&self) -> (&[u32], &[u32]) {
        (&self.succ_off, &self.succ)
    }

    /// The raw predecessor rows: offsets (`n + 1`) and sources.
    pub fn predecessor_csr(&self) -> (&[u32], &[u32]) {
        (&self.pred_off, &self.pred)
    }

    /// The name of `v`, when the game has names and `v`'s is not empty.
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names
            .as_ref()
            .and_then(|n| n.get(v as usize))
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }

    /// A copy of the game without its vertices' names: what a solver on another thread needs
    /// (copying a name is an allocation each). O(V + E).
    pub(crate) fn without_names(&self) -> Game {
        Game {
            owners: self.owners.clone(),
            owner_bits: self.owner_bits.clone(),
            dead_ends: self.dead_ends.clone(),
            priorities: self.priorities.clone(),
            names: None,
            succ_off: self.succ_off.clone(),
            succ: self.succ.clone(),
            pred_off: self.pred_off.clone(),
            pred: self.pred.clone(),
            start: self.start,
        }
    }

    /// True when at least one vertex has a name.
    pub fn has_names(&self) -> bool {
        self.names.is_some()
    }

    /// Sets the names (one per vertex, empty for none); `None` clears them.
    pub fn set_names(&mut self, names: Option<Vec<String>>) -> Result<()> {
        if let Some(n) = &names {
            if n.len() != self.vertex_count() {
                return Err(Error::InvalidGraph(format!(
                    "{} names for {} vertices",
                    n.len(),
                    self.vertex_count()
                )));
            }
        }
        self.names = names.filter(|n| n.iter().any(|s| !s.is_empty()));
        Ok(())
    }

    /// The start vertex, when known.
    pub fn start(&self) -> Option<u32> {
        self.start
    }

    /// Sets or clears the start vertex.
    pub fn set_start(&mut self, start: Option<u32>) -> Result<()> {
        if let Some(s) = start {
            self.check_vertex(s)?;
        }
        self.start = start;
        Ok(())
    }

    /// An error unless `v` is a vertex.
    pub fn check_vertex(&self, v: u32) -> Result<()> {
        if (v as usize) < self.vertex_count() {
            Ok(())
        } else {
            Err(Error::InvalidGraph(format!(
                "vertex {v} is not in the game (it has {} vertices, 0 to {})",
                self.vertex_count(),
                self.vertex_count() as i64 - 1
            )))
        }
    }

    /// The vertex a user means by `s`: a vertex id, or else a vertex name (exact match).
    pub fn find(&self, s: &str) -> Result<u32> {
        let t = s.trim();
        if let Ok(v) = t.parse::<u64>() {
            if v < self.vertex_count() as u64 {
                return Ok(v as u32);
            }
        }
        if let Some(names) = &self.names {
            if let Some(v) = names.iter().position(|n| n == t) {
                return Ok(v as u32);
            }
        }
        Err(Error::InvalidGraph(format!(
            "{s:?} is neither a vertex id (0 to {}) nor a vertex name of the game",
            self.vertex_count() as i64 - 1
        )))
    }

    /// The vertices with priority `p`, in increasing order.
    pub fn with_priority(&self, p: u32) -> Vec<u32> {
        (0..self.vertex_count() as u32)
            .filter(|&v| self.priorities[v as usize] == p)
            .collect()
    }

    /// The largest priority (0 for an empty game).
    pub fn max_priority(&self) -> u32 {
        self.priorities.iter().copied().max().unwrap_or(0)
    }

    /// The game as a petgraph `DiGraph`; node `i` is vertex `i`. For interop with petgraph's
    /// algorithms; see the module docs for why the engine does not use it.
    pub fn to_petgraph(&self) -> petgraph::graph::DiGraph<GameNode, ()> {
        let mut g = petgraph::graph::DiGraph::with_capacity(self.vertex_count(), self.edge_count());
        for v in 0..self.vertex_count() as u32 {
            g.add_node(GameNode {
                owner: self.owner(v),
                priority: self.priority(v),
                name: self.name(v).map(str::to_string),
            });
        }
        for (v, w) in self.edges() {
            g.add_edge(v.into(), w.into(), ());
        }
        g
    }

    /// A game from a petgraph graph whose node weights are [`GameNode`]s (edge weights are
    /// ignored, parallel edges merged). Vertex `i` is node `i`.
    pub fn from_petgraph<E>(g: &petgraph::graph::DiGraph<GameNode, E>) -> Result<Game> {
        let owners: Vec<u8> = g.node_weights().map(|n| n.owner.index()).collect();
        let priorities = g.node_weights().map(|n| n.priority).collect();
        let names: Vec<String> = g
            .node_weights()
            .map(|n| n.name.clone().unwrap_or_default())
            .collect();
        let edges: Vec<(u32, u32)> = g
            .raw_edges()
            .iter()
            .map(|e| (e.source().index() as u32, e.target().index() as u32))
            .collect();
        let mut game = Game::from_parts(owners, priorities, &edges)?;
        game.set_names(Some(names))?;
        Ok(game)
    }

    /// The label used for `v` in messages and DOT: its name, or its id.
    pub fn label(&self, v: u32) -> String {
        match self.name(v) {
            Some(n) => n.to_string(),
            None => v.to_string(),
        }
    }
}

/// A vertex's data in [`Game::to_petgraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNode {
    /// Who moves there.
    pub owner: Player,
    /// Its priority.
    pub priority: u32,
    /// Its name, if any.
    pub name: Option<String>,
}

/// The vertices of `alive` by decreasing priority, ties by id: the scan order of priority
/// promotion and of both tangle learnings.
///
/// O(V + P) by counting when the largest priority P is at most twice the vertices (most games:
/// Oink's and PGSolver's families, random games); else one sort of packed keys, O(V log V).
/// Either way no comparison looks a priority up: on a game of 10⁷ vertices a sort by key,
/// which did, took seconds.
pub(crate) fn by_decreasing_priority(game: &Game, alive: &fixedbitset::FixedBitSet) -> Vec<u32> {
    let prios = game.priorities();
    let top = alive.ones().map(|v| prios[v]).max().unwrap_or(0) as usize;
    let count = alive.count_ones(..);
    if top <= 2 * count.max(1) {
        // Counting sort: the first slot of each priority, the highest first; vertices come in
        // increasing order, so ties stay by id.
        let mut slot = vec![0u32; top + 2];
        for v in alive.ones() {
            slot[top - prios[v] as usize + 1] += 1;
        }
        for k in 1..slot.len() {
            slot[k] += slot[k - 1];
        }
        let mut order = vec![0u32; count];
        for v in alive.ones() {
            let s = &mut slot[top - prios[v] as usize];
            order[*s as usize] = v as u32;
            *s += 1;
        }
        order
    } else {
        let mut keys: Vec<u64> = alive
            .ones()
            .map(|v| (u64::from(u32::MAX - prios[v]) << 32) | v as u64)
            .collect();
        keys.sort_unstable();
        keys.into_iter().map(|k| k as u32).collect()
    }
}

/// Checks vertex and edge counts against the `u32` representation.
pub(crate) fn check_size(vertices: u64, edges: u64) -> Result<()> {
    // A limit of the representation (u32 ids), not a budget: no flag raises it, so the
    // message advises none (`--max-cells` would not help).
    if vertices > MAX_VERTICES || edges >= u32::MAX as u64 {
        return Err(Error::Unsupported(format!(
            "a game of {vertices} vertices and {edges} edges is larger than a game can be here (at most {MAX_VERTICES} vertices and {} edges)",
            u32::MAX - 1
        )));
    }
    Ok(())
}

/// Checks a vertex count against the reader limits and the representation.
pub(crate) fn check_limits(vertices: u64, limits: &Limits) -> Result<()> {
    limits.check(vertices)?;
    check_size(vertices, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Game {
        Game::new(
            vec![Player::Zero, Player::One, Player::Zero],
            vec![3, 1, 2],
            &[(0, 1), (1, 2), (2, 0), (1, 0), (1, 2), (2, 2)],
        )
        .unwrap()
    }

    #[test]
    fn the_scan_order_is_by_decreasing_priority_then_id() {
        for (seed, max_priority) in [(1, 3), (2, 50), (3, 1_000_000), (4, 1)] {
            let g = families::random_game(seed, 300, max_priority, 3);
            let mut alive = fixedbitset::FixedBitSet::with_capacity(300);
            alive.insert_range(..);
            for v in (0..300).step_by(7) {
                alive.set(v, false);
            }
            let mut want: Vec<u32> = alive.ones().map(|v| v as u32).collect();
            want.sort_by_key(|&v| std::cmp::Reverse(g.priority(v)));
            assert_eq!(
                by_decreasing_priority(&g, &alive),
                want,
                "max priority {max_priority}"
            );
        }
        let g = families::random_game(5, 10, 5, 2);
        let none = fixedbitset::FixedBitSet::with_capacity(10);
        assert!(by_decreasing_priority(&g, &none).is_empty());
    }

    #[test]
    fn csr_is_sorted_deduplicated_and_transposed() {
        let g = small();
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.successors(1), &[0, 2]);
        assert_eq!(g.successors(2), &[0, 2]);
        assert_eq!(g.predecessors(2), &[1, 2]);
        assert_eq!(g.predecessors(0), &[1, 2]);
        assert!(g.has_edge(2, 2) && !g.has_edge(0, 2) && !g.has_edge(7, 0));
        assert_eq!(g.edges().count(), 5);
    }

    #[test]
    fn bad_edges_and_lengths_are_errors() {
        assert!(Game::new(vec![Player::Zero], vec![0], &[(0, 1)]).is_err());
        assert!(Game::new(vec![Player::Zero], vec![], &[]).is_err());
        let mut g = small();
        assert!(g.set_start(Some(3)).is_err());
        assert!(g.set_names(Some(vec!["a".into()])).is_err());
    }

    #[test]
    fn find_by_id_or_name() {
        let mut g = small();
        g.set_names(Some(vec!["a".into(), "".into(), "7".into()]))
            .unwrap();
        assert_eq!(g.find("1").unwrap(), 1);
        assert_eq!(g.find("a").unwrap(), 0);
        assert_eq!(g.find("7").unwrap(), 2); // not an id: a name
        assert!(g.find("zz").is_err());
        assert_eq!(g.name(1), None);
        assert_eq!(g.label(0), "a");
        assert_eq!(g.label(1), "1");
    }

    #[test]
    fn petgraph_roundtrip() {
        let mut g = small();
        g.set_names(Some(vec!["x".into(), "".into(), "z".into()]))
            .unwrap();
        let p = g.to_petgraph();
        assert_eq!(p.node_count(), 3);
        assert_eq!(p.edge_count(), 5);
        let back = Game::from_petgraph(&p).unwrap();
        assert_eq!(back, g);
    }
}
