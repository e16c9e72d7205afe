//! Orientation: a maze (or a maze's graph) becomes a one-player reachability game by directing
//! every corridor away from the start, so that one cannot walk back.

use super::{check_size, Game, NONE};
use crate::error::{Error, Result};
use crate::graph::{Graph, Rank};
use crate::maze::Maze;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A maze oriented away from its start: a one-player game (every vertex is player 0's) whose
/// vertex `v` is the `v`-th path cell in row-major order, as in
/// [`Graph::from_maze`](crate::Graph::from_maze).
#[derive(Clone, Debug)]
pub struct Oriented {
    /// The game: edges `u → v` where `dist[v] = dist[u] + 1` (+ the edge's length for a
    /// weighted graph).
    pub game: Game,
    /// The start vertex.
    pub start: u32,
    /// The goal vertex.
    pub goal: u32,
    /// Distance from the start, [`NONE`] for vertices the start cannot reach.
    pub dist: Vec<u32>,
    /// The grid cell (flat index) of each vertex, for games oriented from a maze; empty for
    /// [`orient_graph`].
    pub cells: Vec<u32>,
}

/// Orients a maze away from its start (the explicit one or the first opening, see
/// [`Maze::terminals`]).
///
/// Every path cell becomes a vertex owned by player 0 with priority 0, and each grid adjacency
/// or portal `{u, v}` becomes the edge `u → v` exactly when `dist(v) = dist(u) + 1`, where
/// `dist` is the breadth-first distance from the start (portals count as one step). So the
/// game is acyclic and every edge lies on some shortest walk from the start.
///
/// - **Ties**: an adjacency between two cells at the same distance (which closes an odd cycle)
///   leads nowhere new; it is dropped in both directions.
/// - **Unreachable cells** (not connected to the start) stay as vertices without edges: dead
///   ends, never attracted unless they are the target.
///
/// Hence the attractor of the goal ([`super::attractor()`] for [`super::Player::Zero`]) is
/// exactly the set of cells on shortest start–goal solutions: a cell is attracted iff the goal
/// can be reached from it by edges that each add one to the distance, i.e. iff
/// `dist(start, c) + dist(c, goal) = dist(start, goal)`. On a perfect maze (a tree) that is the
/// unique solution path, which is what dead-end filling leaves. Ranks are the distances to the
/// goal along shortest solutions.
///
/// Complexity: O(cells + portals·log portals) time; about 30 bytes per path cell.
/// Errors: no start or goal; a grid of more than 2³² cells or 2³¹ path cells.
///
/// ```
/// use mazegraph::game::{attractor, orient, Player};
/// use mazegraph::Maze;
/// // A dead end branches off the corridor at (1, 2).
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
/// let o = orient(&m).unwrap();
/// let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
/// let cells: Vec<Vec<usize>> = a.vertices().iter()
///     .map(|&v| m.shape().coords(o.cells[v as usize] as usize)).collect();
/// assert_eq!(cells, vec![vec![3, 3], vec![2, 3], vec![1, 3], vec![1, 2], vec![1, 1], vec![0, 1]]);
/// assert!(!a.contains(o.vertex_of_cell(m.shape().index(&[2, 1]).unwrap()).unwrap()));
/// ```
pub fn orient(maze: &Maze) -> Result<Oriented> {
    let (start_cell, goal_cell) = maze.require_terminals()?;
    let grid = maze.grid();
    if grid.len() as u64 > u32::MAX as u64 + 1 {
        return Err(Error::TooLarge {
            cells: grid.len() as u64,
            limit: u32::MAX as u64 + 1,
        });
    }
    let rank = Rank::new(grid.bits().as_slice());
    let cells: Vec<u32> = grid.paths().map(|c| c as u32).collect();
    let n = cells.len();
    check_size(n as u64, 0)?;
    let portals = maze.portal_index();
    let start = rank.rank(start_cell);
    let goal = rank.rank(goal_cell);
    let shape = grid.shape();
    let (dims, strides) = (shape.dims(), shape.strides());
    let nd = dims.len();
    let bits = grid.bits();
    let links = |v: u32, f: &mut dyn FnMut(u32, u32)| {
        let c = cells[v as usize] as usize;
        if nd > MAX_FAST_AXES {
            maze.for_each_link(c, &portals, |d| f(rank.rank(d), 1));
            return;
        }
        // Coordinates with one division per axis but the last, then the neighbours in
        // increasing order (as Shape::for_each_neighbour), without further divisions.
        let mut x = [0usize; MAX_FAST_AXES];
        let mut rem = c;
        for k in 0..nd - 1 {
            x[k] = rem / strides[k];
            rem -= x[k] * strides[k];
        }
        x[nd - 1] = rem;
        for k in 0..nd {
            if x[k] > 0 && bits.contains(c - strides[k]) {
                f(rank.rank(c - strides[k]), 1);
            }
        }
        for k in (0..nd).rev() {
            if x[k] + 1 < dims[k] && bits.contains(c + strides[k]) {
                f(rank.rank(c + strides[k]), 1);
            }
        }
        if !portals.is_empty() {
            for &d in portals.ends(c) {
                f(rank.rank(d), 1);
            }
        }
    };
    let dist = bfs(n, start, &links);
    let game = build(n, &dist, &links, !portals.is_empty())?;
    Ok(Oriented {
        game,
        start,
        goal,
        dist,
        cells,
    })
}

/// Orients a graph with a start and a goal the same way as [`orient`]: vertex `v` is the
/// graph's vertex `v`, and an edge of length `w` (1 when unweighted; junction graphs carry
/// corridor lengths) becomes `u → v` when `dist(v) = dist(u) + w`. Distances are breadth-first
/// for unweighted graphs and Dijkstra's otherwise.
///
/// Complexity: O(V + E) unweighted, O((V + E) log V) weighted.
/// Errors: the graph has no start or goal.
///
/// ```
/// use mazegraph::game::{attractor, orient_graph, Player};
/// use mazegraph::{Graph, Maze};
/// let mut g = Graph::from_maze(&Maze::from_text_rows(&["#.#", "#..", "#.#"]).unwrap());
/// let o = orient_graph(&g).unwrap();
/// let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
/// assert_eq!(a.len(), 3); // (0,1) (1,1) (2,1), not the dead end (1,2)
/// ```
pub fn orient_graph(graph: &Graph) -> Result<Oriented> {
    let (Some(start), Some(goal)) = (graph.start(), graph.goal()) else {
        return Err(Error::InvalidGraph(
            "orienting a graph needs its start and goal".into(),
        ));
    };
    if !graph.has_integer_weights() {
        return Err(Error::Unsupported(
            "orienting a graph needs whole-number edge weights (lengths in steps); \
             this graph has fractional weights"
                .into(),
        ));
    }
    let n = graph.vertex_count();
    check_size(n as u64, 2 * graph.edge_count() as u64)?;
    let links = |v: u32, f: &mut dyn FnMut(u32, u32)| {
        let ns = graph.neighbours(v);
        match graph.neighbour_weights(v) {
            // Whole numbers (checked above); larger than u32 saturates, as distances do.
            Some(ws) => ns.iter().zip(ws).for_each(|(&u, &w)| f(u, w as u32)),
            None => ns.iter().for_each(|&u| f(u, 1)),
        }
    };
    let dist = if graph.is_weighted() {
        dijkstra(n, start, &links)
    } else {
        bfs(n, start, &links)
    };
    let game = build(n, &dist, &links, false)?;
    Ok(Oriented {
        game,
        start,
        goal,
        dist,
        cells: Vec::new(),
    })
}

impl Oriented {
    /// The reachability game as a parity game, for files and other solvers: the oriented game
    /// with the goal made absorbing (its only move a self-loop) and every priority 0, started
    /// at the start. Every other play ends at a vertex without successors (the game is acyclic
    /// but for the goal's loop), where player 0 loses; so player 0 wins exactly where she can
    /// reach the goal, and her winning region is the goal's attractor ([`super::attractor()`]):
    /// the cells on shortest solutions.
    ///
    /// ```
    /// use mazegraph::game::{attractor, orient, solve, Objective, Player};
    /// use mazegraph::Maze;
    /// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
    /// let o = orient(&m).unwrap();
    /// let g = o.reachability_game().unwrap();
    /// let won = solve(&g, &Objective::Parity).unwrap();
    /// let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
    /// let mut cells = a.vertices().to_vec();
    /// cells.sort();
    /// assert_eq!(won.region(Player::Zero), cells); // the shortest solution, not the dead end
    /// assert_eq!(g.start(), Some(o.start));
    /// ```
    ///
    /// Errors: none in practice (the game has the oriented game's size).
    pub fn reachability_game(&self) -> Result<Game> {
        let n = self.game.vertex_count();
        let mut edges: Vec<(u32, u32)> =
            self.game.edges().filter(|&(v, _)| v != self.goal).collect();
        edges.push((self.goal, self.goal));
        let mut g = Game::from_parts(vec![0; n], vec![0; n], &edges)?;
        g.set_start(Some(self.start))?;
        Ok(g)
    }

    /// The vertex of grid cell `cell` (a flat index), for games oriented from a maze.
    pub fn vertex_of_cell(&self, cell: usize) -> Option<u32> {
        let c = u32::try_from(cell).ok()?;
        self.cells.binary_search(&c).ok().map(|v| v as u32)
    }
}

/// Mazes with at most this many axes take the division-free neighbour path.
const MAX_FAST_AXES: usize = 8;

type Links<'a> = dyn Fn(u32, &mut dyn FnMut(u32, u32)) + 'a;

/// Breadth-first distances (every link counts 1).
fn bfs(n: usize, start: u32, links: &Links) -> Vec<u32> {
    let mut dist = vec![NONE; n];
    let mut queue = Vec::with_capacity(n);
    dist[start as usize] = 0;
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        crate::stop::check();
        let u = queue[head];
        head += 1;
        let d = dist[u as usize] + 1;
        links(u, &mut |v, _| {
            if dist[v as usize] == NONE {
                dist[v as usize] = d;
                queue.push(v);
            }
        });
    }
    dist
}

/// Dijkstra's distances with the links' lengths (saturating at `NONE - 1`).
fn dijkstra(n: usize, start: u32, links: &Links) -> Vec<u32> {
    let mut dist = vec![NONE; n];
    let mut heap = BinaryHeap::new();
    dist[start as usize] = 0;
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((d, u))) = heap.pop() {
        crate::stop::check();
        if d > dist[u as usize] {
            continue;
        }
        links(u, &mut |v, w| {
            let nd = d.saturating_add(w).min(NONE - 1);
            if nd < dist[v as usize] {
                dist[v as usize] = nd;
                heap.push(Reverse((nd, v)));
            }
        });
    }
    dist
}

/// The oriented game: `u → v` when `dist[v] = dist[u] + w`.
fn build(n: usize, dist: &[u32], links: &Links, may_be_unsorted: bool) -> Result<Game> {
    let mut off = Vec::with_capacity(n + 1);
    let mut succ: Vec<u32> = Vec::with_capacity(n + n / 8);
    off.push(0u32);
    for u in 0..n as u32 {
        crate::stop::check();
        let du = dist[u as usize];
        if du != NONE {
            let from = succ.len();
            links(u, &mut |v, w| {
                if dist[v as usize] != NONE && du.checked_add(w) == Some(dist[v as usize]) {
                    succ.push(v);
                }
            });
            if may_be_unsorted {
                let tail = &mut succ[from..];
                if !tail.is_sorted() {
                    tail.sort_unstable();
                }
                let mut keep = from;
                for k in from..succ.len() {
                    if k == from || succ[k] != succ[keep - 1] {
                        succ[keep] = succ[k];
                        keep += 1;
                    }
                }
                succ.truncate(keep);
            }
        }
        if succ.len() >= u32::MAX as usize {
            return Err(Error::TooLarge {
                cells: succ.len() as u64,
                limit: u32::MAX as u64,
            });
        }
        off.push(succ.len() as u32);
    }
    Ok(Game::from_csr(vec![0; n], vec![0; n], off, succ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{attractor, Player};

    #[test]
    fn ties_and_unreachable_cells() {
        // A 2×2 room (odd cycle free, but (1,1)–(1,2) tie with the square) and an island.
        let m = Maze::from_text_rows(&["#.#####", "#...#.#", "#...#.#", "###.###"]).unwrap();
        let o = orient(&m).unwrap();
        let s = m.shape();
        let v = |r, c| o.vertex_of_cell(s.index(&[r, c]).unwrap()).unwrap();
        // the island (1,5)-(2,5) is unreachable: no edges, no distance
        assert_eq!(o.dist[v(1, 5) as usize], NONE);
        assert!(o.game.successors(v(1, 5)).is_empty());
        assert!(o.game.predecessors(v(1, 5)).is_empty());
        // no edge between cells at equal distance: (1,2) and (2,1) are both at 2... they are
        // not adjacent; (1,3) d=3 and (2,2) d=3 are not adjacent either; check all edges
        for (a, b) in o.game.edges() {
            assert_eq!(o.dist[b as usize], o.dist[a as usize] + 1);
        }
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        // shortest solutions from (0,1) to (3,3): length 5, through several cells of the room
        assert_eq!(o.dist[o.goal as usize], 5);
        assert!(a.contains(o.start));
        assert!(!a.contains(v(1, 5)));
        assert_eq!(a.rank(o.start), Some(5));
    }

    #[test]
    fn portals_shorten_and_orient() {
        let mut m = Maze::from_text_rows(&["#.####", "#....#", "####.#"]).unwrap();
        let s = m.shape().clone();
        // a portal from (1,1) straight to (1,4)
        m.add_portal(s.index(&[1, 1]).unwrap(), s.index(&[1, 4]).unwrap())
            .unwrap();
        let o = orient(&m).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        let got: Vec<Vec<usize>> = a
            .vertices()
            .iter()
            .map(|&v| s.coords(o.cells[v as usize] as usize))
            .collect();
        assert_eq!(got, vec![vec![2, 4], vec![1, 4], vec![1, 1], vec![0, 1]]);
    }

    #[test]
    fn weighted_graphs_use_lengths() {
        let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "#.###"]).unwrap();
        let j = crate::junction::junction_graph(&m);
        let o = orient_graph(&j).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        // (0,1) → (1,1) → (3,1) → (4,1): the loop's far side is not on a shortest path
        assert!(a.contains(o.start));
        assert!(a.len() < j.vertex_count());
        let g = Graph::from_maze(&m);
        let mut no_terminals = g.clone();
        no_terminals.set_terminals(None, None).unwrap();
        assert!(orient_graph(&no_terminals).is_err());
    }

    #[test]
    fn reachability_game_wins_the_attractor() {
        let m = Maze::from_text_rows(&["#.#####", "#...#.#", "#...#.#", "###.###"]).unwrap();
        let o = orient(&m).unwrap();
        let g = o.reachability_game().unwrap();
        let won = crate::game::solve(&g, &crate::game::Objective::Parity).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        for v in 0..g.vertex_count() as u32 {
            assert_eq!(won.winner(v) == Player::Zero, a.contains(v), "vertex {v}");
        }
        assert_eq!(g.successors(o.goal), &[o.goal]);
    }

    #[test]
    fn needs_terminals() {
        let m = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        assert!(orient(&m).is_err());
    }
}
