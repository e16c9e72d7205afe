//! Maze statistics: what kind of maze this is ([`MazeClass`]) and the figures that tell one
//! generator's mazes from another's ([`Stats`]), computed in one pass over the cell graph.
//!
//! Everything is computed on the *cell graph* ([`Graph::from_maze`]: a vertex per path cell,
//! an edge per pair of adjacent path cells and per portal), so n-D mazes, portals and graph
//! inputs are handled alike; the wall and room figures need a grid and are `None` for graph
//! inputs. In a weighted graph (a junction graph, whose weights are corridor lengths) the
//! solution and dead-end branch lengths add the weights, so they are the maze's own; the
//! counts (path cells, edges) are then the graph's vertices and edges.
//!
//! Definitions (the *start* and *goal* are the maze's terminals, [`Maze::terminals`], or the
//! graph's):
//!
//! - a **dead end** is a path cell with exactly one neighbour that is not a terminal (the
//!   entrance of a generated maze has one neighbour but is not a dead end); a **junction** has
//!   three neighbours or more;
//! - a **corridor** is an edge of the junction graph: a maximal chain of cells with two
//!   neighbours each, between two cells that are junctions, dead ends, terminals or isolated
//!   cells (a closed ring with none of those counts as one corridor, a loop). The junction
//!   graph of [`crate::junction`] also keeps corridor *turns* (it is made for redrawing the
//!   maze), so it has at least as many edges;
//! - the **cyclomatic number** is E − V + C (edges, path cells, connected components): the
//!   number of independent cycles, 0 for a forest;
//! - **unreachable** path cells are those outside the start's component (`None` without a
//!   start).
//!
//! Classes, first match wins:
//!
//! | class | when |
//! |---|---|
//! | [`MazeClass::Empty`] | no path cell at all |
//! | [`MazeClass::Disconnected`] | some path cell cannot be reached from the start (without a start: more than one component) |
//! | [`MazeClass::Unicursal`] | connected, acyclic, no junction: one corridor |
//! | [`MazeClass::Perfect`] | connected and acyclic (a tree): one path between any two cells |
//! | [`MazeClass::Braid`] | cycles and no dead end (a ring corridor with no junction is a braid) |
//! | [`MazeClass::Imperfect`] | cycles and dead ends |
//!
//! A maze without terminals is classified all the same (its leaves are all dead ends); only
//! its solution figures are `None`.
//!
//! ```
//! use mazegraph::stats::{maze_stats, MazeClass};
//! use mazegraph::Maze;
//! let m = Maze::from_text_rows(&["#.#####", "#.....#", "#.#.#.#", "#####.#"]).unwrap();
//! let s = maze_stats(&m);
//! assert_eq!(s.class, MazeClass::Perfect);
//! assert_eq!((s.dead_ends, s.junctions, s.corridors), (2, 2, 5));
//! assert_eq!(s.solution_length, Some(7));
//! ```

pub mod difficulty;
pub mod tree;

use crate::format::Item;
use crate::graph::{Graph, Label};
use crate::grid::Grid;
use crate::maze::Maze;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What kind of maze a cell graph is (see the [module docs](self) for the exact rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MazeClass {
    /// No path cell at all: nothing to classify.
    Empty,
    /// Connected and acyclic: exactly one path between any two cells.
    Perfect,
    /// Perfect with no junction: a single corridor.
    Unicursal,
    /// Cycles and no dead end.
    Braid,
    /// Cycles and dead ends.
    Imperfect,
    /// Some path cell cannot be reached from the start.
    Disconnected,
}

impl MazeClass {
    /// The class's name: `perfect`, `unicursal`, `braid`, `imperfect`, `disconnected`, `empty`.
    pub fn name(self) -> &'static str {
        match self {
            MazeClass::Empty => "empty",
            MazeClass::Perfect => "perfect",
            MazeClass::Unicursal => "unicursal",
            MazeClass::Braid => "braid",
            MazeClass::Imperfect => "imperfect",
            MazeClass::Disconnected => "disconnected",
        }
    }
}

/// Room figures of a maze drawn on a room lattice: every axis of odd length, rooms (all
/// coordinates odd) path, cells with two or more even coordinates wall, as
/// [`crate::generate`] makes them. In 2-D, rooms are m×n, there are 2mn − m − n internal
/// walls (cells between two rooms), and a perfect maze keeps (m − 1)(n − 1) of them closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomLattice {
    /// Rooms along each axis (m×n in 2-D).
    pub rooms: Vec<usize>,
    /// Internal walls: cells between two rooms, open or closed.
    pub internal_walls: usize,
    /// Internal walls that are closed (wall cells).
    pub closed_walls: usize,
    /// The closed walls a perfect maze of this lattice has: internal walls − (rooms − 1),
    /// that is (m − 1)(n − 1) in 2-D.
    pub perfect_closed_walls: usize,
}

/// Lengths of the dead-end branches: from each dead end to the first junction, in steps.
/// Dead ends whose corridor reaches no junction (a lone corridor) are left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BranchLengths {
    /// Number of branches measured.
    pub count: usize,
    /// Mean length.
    pub mean: f64,
    /// Median length (the mean of the two middle ones for an even count).
    pub median: f64,
    /// Longest branch.
    pub max: usize,
}

/// A vertex as figures name it: coordinates (a JSON array), an integer id or a name; shown
/// in tables as Python would print it (`(0, 1)`, `7`, `'a'`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Vertex {
    /// Grid coordinates.
    Coords(Vec<i64>),
    /// An integer id.
    Int(i64),
    /// A name.
    Name(String),
}

impl From<Label> for Vertex {
    fn from(l: Label) -> Vertex {
        match l {
            Label::Coord(c) => Vertex::Coords(c),
            Label::Int(i) => Vertex::Int(i),
            Label::Str(s) => Vertex::Name(s),
        }
    }
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let label = match self {
            Vertex::Coords(c) => Label::Coord(c.clone()),
            Vertex::Int(i) => Label::Int(*i),
            Vertex::Name(s) => Label::Str(s.clone()),
        };
        write!(f, "{label}")
    }
}

/// Statistics of a maze or graph. Serialisable (JSON via serde); `None` marks a figure that
/// does not apply (wall figures of a graph, the solution of a maze without terminals).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// The maze's class.
    pub class: MazeClass,
    /// The grid's axis lengths (`None` for a graph).
    pub shape: Option<Vec<usize>>,
    /// Cells of the grid, wall and path (`None` for a graph).
    pub cells: Option<usize>,
    /// Path cells (graph vertices).
    pub path_cells: usize,
    /// Wall cells (`None` for a graph).
    pub walls: Option<usize>,
    /// Edges of the cell graph (adjacencies and portals).
    pub edges: usize,
    /// Portals (`None` for a graph).
    pub portals: Option<usize>,
    /// The start, when known: coordinates as a JSON array (`[0, 1]`), an integer or a name.
    pub start: Option<Vertex>,
    /// The goal, when known (as the start).
    pub goal: Option<Vertex>,
    /// Path cells with one neighbour that are not terminals.
    pub dead_ends: usize,
    /// Path cells with three neighbours or more.
    pub junctions: usize,
    /// Edges of the junction graph (chains of two-neighbour cells).
    pub corridors: usize,
    /// E − V + C: independent cycles.
    pub cyclomatic: usize,
    /// Connected components of the cell graph.
    pub components: usize,
    /// Path cells outside the start's component (`None` without a start).
    pub unreachable: Option<usize>,
    /// Room figures, for a grid drawn on a room lattice.
    pub lattice: Option<RoomLattice>,
    /// Steps of a shortest start → goal path (`None` without terminals or when unsolvable).
    pub solution_length: Option<usize>,
    /// In a graph whose weights are not all whole numbers (so not lengths in steps): the
    /// total weight of a lightest start → goal path; `solution_length` then counts its
    /// edges. `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution_weight: Option<f64>,
    /// Junctions the shortest path passes, the goal excepted (the start counts when it is one).
    pub decisions: Option<usize>,
    /// Number of path cells of each degree (neighbours through the grid and portals).
    pub degree_histogram: BTreeMap<usize, usize>,
    /// Mean degree of the junctions (ways out of a junction, the one you came by included).
    pub mean_branching: Option<f64>,
    /// Dead ends / path cells.
    pub dead_end_share: Option<f64>,
    /// Dead-end branch lengths, when some dead end reaches a junction.
    pub dead_end_branches: Option<BranchLengths>,
    /// For a maze read from a picture, what lattice was found there
    /// ([`crate::picture::Picture::describe`]); set by the caller, `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
    /// For a maze read from a picture (not drawn one pixel per cell): how sure the reading is
    /// and what was set aside; set by the caller, `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture_reading: Option<crate::picture::Reading>,
}

/// Statistics of a maze or a graph.
///
/// Complexity: O(cells + portals·log portals) time; the cell graph (about 12 bytes per path
/// cell plus 4 per adjacency) and 4 bytes per path cell.
///
/// ```
/// use mazegraph::format::Item;
/// use mazegraph::stats::{stats, MazeClass};
/// use mazegraph::Maze;
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// assert_eq!(stats(&Item::Maze(m)).class, MazeClass::Unicursal);
/// ```
pub fn stats(item: &Item) -> Stats {
    match item {
        Item::Maze(m) => maze_stats(m),
        Item::Graph(g) => graph_stats(g),
    }
}

/// Statistics of a maze (its cell graph, walls and room lattice).
///
/// Complexity: O(cells + portals·log portals) time, see [`stats`].
///
/// ```
/// use mazegraph::stats::maze_stats;
/// use mazegraph::Maze;
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let s = maze_stats(&m);
/// assert_eq!((s.cyclomatic, s.dead_ends, s.walls), (1, 0, Some(15)));
/// assert_eq!(s.lattice.unwrap().rooms, vec![2, 2]);
/// ```
pub fn maze_stats(maze: &Maze) -> Stats {
    cell_graph_stats(&Graph::from_maze(maze), Some(maze))
}

/// Statistics of a graph (no wall or room figures).
///
/// Complexity: O(V + E) time, 4 bytes per vertex.
///
/// ```
/// use mazegraph::graph::{GraphBuilder, Label};
/// use mazegraph::stats::{graph_stats, MazeClass};
/// let mut b = GraphBuilder::default();
/// let v: Vec<u32> = (0..4).map(|i| b.vertex(Label::Int(i))).collect();
/// for (x, y) in [(0, 1), (1, 2), (2, 0), (2, 3)] {
///     b.edge(v[x], v[y], 1.0).unwrap();
/// }
/// let s = graph_stats(&b.finish(&Default::default()).unwrap());
/// assert_eq!((s.class, s.cyclomatic, s.dead_ends), (MazeClass::Imperfect, 1, 1));
/// ```
pub fn graph_stats(graph: &Graph) -> Stats {
    cell_graph_stats(graph, None)
}

/// Statistics of `graph`, the cell graph of `maze` when given (which adds the wall, portal
/// and room figures). Lets a caller that already holds the cell graph skip building it again.
///
/// Complexity: O(V + E) plus O(cells) with a maze.
///
/// ```
/// use mazegraph::stats::cell_graph_stats;
/// use mazegraph::{Graph, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#.#", "#.#"]).unwrap();
/// let s = cell_graph_stats(&Graph::from_maze(&m), Some(&m));
/// assert_eq!((s.path_cells, s.walls, s.solution_length), (3, Some(6), Some(2)));
/// ```
pub fn cell_graph_stats(graph: &Graph, maze: Option<&Maze>) -> Stats {
    let n = graph.vertex_count();
    let start = graph.start();
    let goal = graph.goal();
    let is_terminal = |v: u32| start == Some(v) || goal == Some(v);

    // Degrees: histogram, dead ends, junctions, kept vertices of the junction graph.
    let mut histogram: Vec<usize> = Vec::new();
    let (mut dead_ends, mut junctions, mut junction_degrees, mut kept) = (0usize, 0, 0usize, 0);
    for v in 0..n as u32 {
        crate::stop::check();
        let d = graph.degree(v);
        if d >= histogram.len() {
            histogram.resize(d + 1, 0);
        }
        histogram[d] += 1;
        if d == 1 && !is_terminal(v) {
            dead_ends += 1;
        }
        if d >= 3 {
            junctions += 1;
            junction_degrees += d;
        }
        if d != 2 || is_terminal(v) {
            kept += 1;
        }
    }

    // Components: breadth-first from the start first (its distances give the solution),
    // then from every vertex not reached yet.
    let mut dist = vec![UNSEEN; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n.min(1 << 20));
    let mut components = 0;
    let mut reached_from_start = None;
    if let Some(s) = start {
        let (size, _) = bfs(graph, s, &mut dist, &mut queue, true, |_| false);
        components += 1;
        reached_from_start = Some(size);
    }
    for v in 0..n as u32 {
        crate::stop::check();
        if dist[v as usize] == UNSEEN {
            let (_, has_kept) = bfs(graph, v, &mut dist, &mut queue, false, |u| {
                graph.degree(u) != 2 || is_terminal(u)
            });
            components += 1;
            if !has_kept {
                // A ring of two-neighbour cells: one of its cells stands for it.
                kept += 1;
            }
        }
    }
    let edges = graph.edge_count();
    let cyclomatic = (edges + components).saturating_sub(n);
    let unreachable = reached_from_start.map(|r| n - r);

    // The solution: walk back from the goal along decreasing distances (edge weights in a
    // weighted graph, one step per edge otherwise).
    let (mut solution_length, mut decisions, mut solution_weight) = (None, None, None);
    if let (Some(s), Some(g)) = (start, goal) {
        if graph.is_weighted() && !graph.has_lengths() {
            let l = crate::solve::lightest::lightest(graph, s);
            if l.weight[g as usize].is_finite() {
                solution_weight = Some(l.weight[g as usize]);
                solution_length = Some(l.hops[g as usize] as usize);
                decisions = Some(junctions_on_lightest(graph, s, g, &l.parent));
            }
        } else if graph.has_lengths() {
            let d = dijkstra(graph, s);
            if d[g as usize] != u64::MAX {
                solution_length = Some(d[g as usize] as usize);
                decisions = Some(junctions_on_path(graph, s, g, |v| d[v as usize]));
            }
        } else {
            let dg = dist[g as usize];
            if dg != UNSEEN && dg != OTHER {
                solution_length = Some(dg as usize);
                let d = |v: u32| u64::from(dist[v as usize]);
                decisions = Some(junctions_on_path(graph, s, g, d));
            }
        }
    }

    // Dead-end branches: from each dead end along two-neighbour cells to a junction.
    let mut branches: Vec<u32> = Vec::new();
    for d in 0..n as u32 {
        crate::stop::check();
        if graph.degree(d) != 1 || is_terminal(d) {
            continue;
        }
        let (mut prev, mut cur) = (d, graph.neighbours(d)[0]);
        let mut len = edge_weight(graph, d, 0);
        while graph.degree(cur) == 2 {
            let ns = graph.neighbours(cur);
            let k = usize::from(ns[0] == prev);
            prev = cur;
            cur = ns[k];
            len = len.saturating_add(edge_weight(graph, prev, k));
        }
        if graph.degree(cur) >= 3 {
            branches.push(len);
        }
    }

    let class = if n == 0 {
        MazeClass::Empty
    } else if unreachable.map_or(components > 1, |u| u > 0) {
        MazeClass::Disconnected
    } else if cyclomatic == 0 {
        if junctions == 0 {
            MazeClass::Unicursal
        } else {
            MazeClass::Perfect
        }
    } else if dead_ends == 0 {
        MazeClass::Braid
    } else {
        MazeClass::Imperfect
    };

    let grid = maze.map(Maze::grid);
    Stats {
        class,
        shape: grid.map(|g| g.shape().dims().to_vec()),
        cells: grid.map(Grid::len),
        path_cells: n,
        walls: grid.map(|g| g.len() - g.count_paths()),
        edges,
        portals: maze.map(|m| m.portals().len()),
        start: start.map(|v| graph.label(v).into()),
        goal: goal.map(|v| graph.label(v).into()),
        dead_ends,
        junctions,
        corridors: edges + kept - n,
        cyclomatic,
        components,
        unreachable,
        lattice: grid.and_then(room_lattice),
        solution_length,
        solution_weight,
        decisions,
        degree_histogram: histogram
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(d, &c)| (d, c))
            .collect(),
        mean_branching: (junctions > 0).then(|| junction_degrees as f64 / junctions as f64),
        dead_end_share: (n > 0).then(|| dead_ends as f64 / n as f64),
        dead_end_branches: branch_lengths(&mut branches),
        picture: None,
        picture_reading: None,
    }
}

/// Not reached yet.
const UNSEEN: u32 = u32::MAX;
/// Reached from another vertex than the start (its distance is not kept).
const OTHER: u32 = u32::MAX - 1;

/// Breadth-first search from `root` over unseen vertices, writing distances (`with_dist`) or
/// [`OTHER`]. Returns the component's size and whether `mark` holds for one of its vertices.
fn bfs(
    graph: &Graph,
    root: u32,
    dist: &mut [u32],
    queue: &mut Vec<u32>,
    with_dist: bool,
    mark: impl Fn(u32) -> bool,
) -> (usize, bool) {
    queue.clear();
    queue.push(root);
    dist[root as usize] = if with_dist { 0 } else { OTHER };
    let mut head = 0;
    let mut marked = false;
    while head < queue.len() {
        crate::stop::check();
        let v = queue[head];
        head += 1;
        marked = marked || mark(v);
        let next = if with_dist {
            dist[v as usize] + 1
        } else {
            OTHER
        };
        for &u in graph.neighbours(v) {
            if dist[u as usize] == UNSEEN {
                dist[u as usize] = next;
                queue.push(u);
            }
        }
    }
    (queue.len(), marked)
}

/// The weight of `v`'s `k`-th edge: its corridor length in a weighted graph, else 1.
#[inline]
pub(crate) fn edge_weight(graph: &Graph, v: u32, k: usize) -> u32 {
    if !graph.has_lengths() {
        return 1;
    }
    graph
        .neighbour_weights(v)
        .map_or(1, |w| w[k].min(u32::MAX as f64) as u32)
}

/// Walks back from `g` to `s` along a shortest path (distances `d` from `s`, edge weights
/// counted), calling `visit` with each vertex from `g` to `s` included. Stops early (after at
/// most V steps, whatever zero-weight edges do) when no neighbour is closer.
pub(crate) fn walk_back(
    graph: &Graph,
    s: u32,
    g: u32,
    d: impl Fn(u32) -> u64,
    mut visit: impl FnMut(u32),
) {
    let mut v = g;
    visit(v);
    for _ in 0..graph.vertex_count() {
        if v == s {
            return;
        }
        let dv = d(v);
        let prev = graph
            .neighbours(v)
            .iter()
            .enumerate()
            .find(|&(k, &u)| d(u).checked_add(u64::from(edge_weight(graph, v, k))) == Some(dv));
        let Some((_, &u)) = prev else {
            return;
        };
        v = u;
        visit(v);
    }
}

/// The junctions a shortest `s` → `g` path passes, `g` excepted.
fn junctions_on_path(graph: &Graph, s: u32, g: u32, d: impl Fn(u32) -> u64) -> usize {
    let mut count = 0;
    walk_back(graph, s, g, d, |v| {
        if v != g && graph.degree(v) >= 3 {
            count += 1;
        }
    });
    count
}

/// Shortest distances from `s`: breadth-first in an unweighted graph, Dijkstra over the
/// weights otherwise (`u64::MAX`: unreachable).
pub(crate) fn distances(graph: &Graph, s: u32) -> Vec<u64> {
    if graph.has_lengths() {
        return dijkstra(graph, s);
    }
    let mut dist = vec![u64::MAX; graph.vertex_count()];
    let mut queue = vec![s];
    dist[s as usize] = 0;
    let mut head = 0;
    while head < queue.len() {
        crate::stop::check();
        let v = queue[head];
        head += 1;
        for &u in graph.neighbours(v) {
            if dist[u as usize] == u64::MAX {
                dist[u as usize] = dist[v as usize] + 1;
                queue.push(u);
            }
        }
    }
    dist
}

/// Shortest distances from `s` summing edge weights (`u64::MAX`: unreachable).
fn dijkstra(graph: &Graph, s: u32) -> Vec<u64> {
    use std::cmp::Reverse;
    let mut dist = vec![u64::MAX; graph.vertex_count()];
    let mut heap = std::collections::BinaryHeap::new();
    dist[s as usize] = 0;
    heap.push(Reverse((0u64, s)));
    while let Some(Reverse((d, v))) = heap.pop() {
        crate::stop::check();
        if d > dist[v as usize] {
            continue;
        }
        for (k, &u) in graph.neighbours(v).iter().enumerate() {
            let du = d.saturating_add(u64::from(edge_weight(graph, v, k)));
            if du < dist[u as usize] {
                dist[u as usize] = du;
                heap.push(Reverse((du, u)));
            }
        }
    }
    dist
}

/// The junctions a lightest `s` → `g` path passes, `g` excepted (following `parent` back
/// from `g`, as [`crate::solve::lightest::lightest`] gives it).
fn junctions_on_lightest(graph: &Graph, s: u32, g: u32, parent: &[u32]) -> usize {
    let (mut v, mut count) = (g, 0);
    for _ in 0..graph.vertex_count() {
        if v == s || v == u32::MAX {
            break;
        }
        v = parent[v as usize];
        if v != u32::MAX && graph.degree(v) >= 3 {
            count += 1;
        }
    }
    count
}

fn branch_lengths(lengths: &mut [u32]) -> Option<BranchLengths> {
    let count = lengths.len();
    if count == 0 {
        return None;
    }
    let sum: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
    let max = lengths.iter().copied().max().unwrap_or(0) as usize;
    let mid = count / 2;
    let (_, &mut upper, _) = lengths.select_nth_unstable(mid);
    let median = if count % 2 == 1 {
        f64::from(upper)
    } else {
        let lower = lengths[..mid].iter().copied().max().unwrap_or(upper);
        (f64::from(lower) + f64::from(upper)) / 2.0
    };
    Some(BranchLengths {
        count,
        mean: sum as f64 / count as f64,
        median,
        max,
    })
}

/// The room figures of `grid` when it is drawn on a room lattice (see [`RoomLattice`]).
/// One pass over the cells with an odometer of coordinates; stops at the first cell that
/// breaks the pattern.
fn room_lattice(grid: &Grid) -> Option<RoomLattice> {
    let shape = grid.shape();
    let dims = shape.dims();
    if dims.iter().any(|&d| d < 3 || d % 2 == 0) {
        return None;
    }
    let nd = dims.len();
    let mut coord = vec![0usize; nd];
    // Axes whose coordinate is even, and those on the frame (0 or last; always even).
    let mut evens = nd;
    let mut frame = nd;
    let (mut internal, mut closed) = (0usize, 0usize);
    let bits = grid.bits();
    for i in 0..shape.len() {
        crate::stop::check();
        let path = bits.contains(i);
        match evens {
            0 if !path => return None,
            0 => {}
            1 if frame == 0 => {
                internal += 1;
                closed += usize::from(!path);
            }
            1 => {}
            _ if path => return None,
            _ => {}
        }
        for k in (0..nd).rev() {
            let old = coord[k];
            let was_frame = old == 0 || old + 1 == dims[k];
            let new = if old + 1 == dims[k] { 0 } else { old + 1 };
            coord[k] = new;
            let is_frame = new == 0 || new + 1 == dims[k];
            // Parity flips unless wrapping from the (even) last to 0.
            if new != 0 {
                if new % 2 == 0 {
                    evens += 1;
                } else {
                    evens -= 1;
                }
            }
            frame = frame + usize::from(is_frame) - usize::from(was_frame);
            if new != 0 {
                break;
            }
        }
    }
    let rooms: Vec<usize> = dims.iter().map(|&d| (d - 1) / 2).collect();
    let room_count: usize = rooms.iter().product();
    Some(RoomLattice {
        rooms,
        internal_walls: internal,
        closed_walls: closed,
        perfect_closed_walls: internal + 1 - room_count,
    })
}

impl Stats {
    /// A readable table, one figure per line, names and values aligned.
    ///
    /// ```
    /// use mazegraph::stats::maze_stats;
    /// use mazegraph::Maze;
    /// let t = maze_stats(&Maze::from_text_rows(&["#.#", "#.#"]).unwrap()).to_table();
    /// assert!(t.contains("class") && t.contains("unicursal"));
    /// ```
    pub fn to_table(&self) -> String {
        let mut rows: Vec<(&str, String)> = Vec::new();
        let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        rows.push(("class", self.class.name().into()));
        if let Some(p) = &self.picture {
            rows.push(("picture", p.clone()));
        }
        if let Some(r) = &self.picture_reading {
            rows.push(("confidence", format!("{:.2}", r.confidence)));
            rows.push((
                "set aside",
                if r.set_aside.is_empty() {
                    "nothing".into()
                } else {
                    let boxes: Vec<String> = r
                        .set_aside
                        .iter()
                        .take(8)
                        .map(|b| format!("{}×{} at {},{}", b[2] - b[0], b[3] - b[1], b[0], b[1]))
                        .collect();
                    let more = r.set_aside.len().saturating_sub(8);
                    let more = if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    };
                    format!("{} marks: {}{more}", r.set_aside.len(), boxes.join(", "))
                },
            ));
        }
        if let Some(shape) = &self.shape {
            let s: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            rows.push(("shape", s.join("x")));
        }
        if let Some(c) = self.cells {
            rows.push(("cells", c.to_string()));
        }
        rows.push(("path cells", self.path_cells.to_string()));
        if let Some(w) = self.walls {
            rows.push(("walls", w.to_string()));
        }
        rows.push(("edges", self.edges.to_string()));
        if let Some(p) = self.portals {
            rows.push(("portals", p.to_string()));
        }
        rows.push(("start", opt(self.start.as_ref().map(Vertex::to_string))));
        rows.push(("goal", opt(self.goal.as_ref().map(Vertex::to_string))));
        rows.push(("components", self.components.to_string()));
        rows.push((
            "unreachable cells",
            opt(self.unreachable.map(|u| u.to_string())),
        ));
        rows.push(("cyclomatic number", self.cyclomatic.to_string()));
        rows.push(("dead ends", self.dead_ends.to_string()));
        rows.push(("junctions", self.junctions.to_string()));
        rows.push(("corridors", self.corridors.to_string()));
        if let Some(l) = &self.lattice {
            let r: Vec<String> = l.rooms.iter().map(|d| d.to_string()).collect();
            rows.push(("rooms", r.join("x")));
            rows.push(("internal walls", l.internal_walls.to_string()));
            rows.push((
                "closed walls",
                format!(
                    "{} (a perfect maze: {})",
                    l.closed_walls, l.perfect_closed_walls
                ),
            ));
        }
        rows.push((
            "solution length",
            opt(self.solution_length.map(|l| l.to_string())),
        ));
        if let Some(w) = self.solution_weight {
            rows.push(("solution weight", crate::format::weight_text(w)));
        }
        rows.push((
            "decisions on it",
            opt(self.decisions.map(|d| d.to_string())),
        ));
        let hist: Vec<String> = self
            .degree_histogram
            .iter()
            .map(|(d, c)| format!("{d}:{c}"))
            .collect();
        rows.push(("degrees", hist.join(" ")));
        rows.push((
            "mean branching",
            opt(self.mean_branching.map(|b| format!("{b:.3}"))),
        ));
        rows.push((
            "dead-end share",
            opt(self.dead_end_share.map(|s| format!("{s:.4}"))),
        ));
        match &self.dead_end_branches {
            Some(b) => rows.push((
                "dead-end branches",
                format!(
                    "{} (length mean {:.2}, median {}, max {})",
                    b.count, b.mean, b.median, b.max
                ),
            )),
            None => rows.push(("dead-end branches", "-".into())),
        }
        let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
        let mut out = String::new();
        for (name, value) in rows {
            let _ = writeln!(out, "{name:<width$}  {value}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{GraphBuilder, Label};

    fn maze(rows: &[&str]) -> Maze {
        Maze::from_text_rows(rows).unwrap()
    }

    #[test]
    fn unicursal_corridor() {
        let s = maze_stats(&maze(&["#.#####", "#.....#", "#####.#"]));
        assert_eq!(s.class, MazeClass::Unicursal);
        assert_eq!((s.path_cells, s.edges, s.walls), (7, 6, Some(14)));
        assert_eq!((s.dead_ends, s.junctions, s.corridors), (0, 0, 1));
        assert_eq!((s.cyclomatic, s.components, s.unreachable), (0, 1, Some(0)));
        assert_eq!((s.solution_length, s.decisions), (Some(6), Some(0)));
        assert_eq!(s.degree_histogram, BTreeMap::from([(1, 2), (2, 5)]));
        assert_eq!(s.mean_branching, None);
        assert_eq!(s.dead_end_share, Some(0.0));
        assert_eq!(s.dead_end_branches, None);
        let l = s.lattice.unwrap(); // 1x3 rooms, both internal walls open
        assert_eq!(
            (l.rooms, l.closed_walls, l.perfect_closed_walls),
            (vec![1, 3], 0, 0)
        );
        assert_eq!(s.start, Some(Vertex::Coords(vec![0, 1])));
        assert_eq!(s.start.as_ref().unwrap().to_string(), "(0, 1)");
    }

    #[test]
    fn perfect_tree_figures() {
        // Rooms 2x3 at odd coordinates; entrance (0,1), exit (4,5).
        let m = maze(&[
            "#.#####", //
            "#.....#", //
            "#.#.#.#", //
            "#.#.#.#", //
            "#####.#",
        ]);
        let s = maze_stats(&m);
        assert_eq!(s.class, MazeClass::Perfect);
        // (1,1) and (1,3) are junctions; (1,5) is a turn.
        assert_eq!(s.junctions, 2);
        assert_eq!(s.dead_ends, 2); // (3,1) and (3,3)
        assert_eq!(s.corridors, 5);
        assert_eq!(s.solution_length, Some(8));
        assert_eq!(s.decisions, Some(2));
        assert_eq!(s.mean_branching, Some(3.0));
        let b = s.dead_end_branches.unwrap();
        assert_eq!((b.count, b.mean, b.median, b.max), (2, 2.0, 2.0, 2));
        let l = s.lattice.unwrap();
        assert_eq!(l.rooms, vec![2, 3]);
        assert_eq!(l.internal_walls, 2 * 2 * 3 - 2 - 3);
        assert_eq!(l.perfect_closed_walls, 2);
        assert_eq!(l.closed_walls, 2);
    }

    #[test]
    fn braid_has_cycles_and_no_dead_end() {
        let s = maze_stats(&maze(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]));
        assert_eq!(s.class, MazeClass::Braid);
        assert_eq!((s.cyclomatic, s.dead_ends, s.junctions), (1, 0, 2));
        // Two junctions joined by two corridors, plus the two terminal corridors.
        assert_eq!(s.corridors, 4);
        assert_eq!(s.solution_length, Some(6));
        let l = s.lattice.unwrap();
        assert_eq!((l.closed_walls, l.perfect_closed_walls), (0, 1));
    }

    #[test]
    fn imperfect_has_cycles_and_dead_ends() {
        let s = maze_stats(&maze(&[
            "#.#####", //
            "#...#.#", //
            "#.#.#.#", //
            "#.....#", //
            "#####.#",
        ]));
        assert_eq!(s.class, MazeClass::Imperfect);
        assert_eq!((s.cyclomatic, s.dead_ends), (1, 1));
        let b = s.dead_end_branches.unwrap();
        assert_eq!((b.count, b.max), (1, 2));
    }

    #[test]
    fn disconnected_counts_unreachable_cells() {
        let s = maze_stats(&maze(&["#.#####", "#.#...#", "#.#####"]));
        assert_eq!(s.class, MazeClass::Disconnected);
        assert_eq!((s.components, s.unreachable), (2, Some(3)));
        assert_eq!(s.solution_length, Some(2));
        // The island is a lone corridor: two dead ends, no branch reaches a junction.
        assert_eq!((s.dead_ends, s.dead_end_branches), (2, None));
        // An unreachable goal: disconnected and unsolvable.
        let mut m = maze(&["#.#####", "#.#...#", "#.#####"]);
        m.set_terminals(Some(1), Some(10)).unwrap();
        let s = maze_stats(&m);
        assert_eq!(s.class, MazeClass::Disconnected);
        assert_eq!((s.solution_length, s.decisions), (None, None));
        assert_eq!(s.unreachable, Some(3));
    }

    #[test]
    fn no_path_cells_is_empty() {
        let s = maze_stats(&maze(&["###", "###"]));
        assert_eq!(s.class, MazeClass::Empty);
        assert_eq!((s.path_cells, s.components, s.corridors), (0, 0, 0));
        assert_eq!((s.dead_end_share, s.solution_length), (None, None));
        assert!(s.to_table().contains("empty"));
    }

    #[test]
    fn no_terminals_is_classified_without_a_solution() {
        // A closed ring: no opening on the border.
        let s = maze_stats(&maze(&["#####", "#...#", "#.#.#", "#...#", "#####"]));
        assert_eq!(s.class, MazeClass::Braid);
        assert_eq!(
            (s.start, s.unreachable, s.solution_length),
            (None, None, None)
        );
        assert_eq!((s.corridors, s.cyclomatic), (1, 1));
        // A closed tree: every leaf is a dead end.
        let s = maze_stats(&maze(&["#####", "#...#", "#.###", "#####"]));
        assert_eq!((s.class, s.dead_ends), (MazeClass::Unicursal, 2));
        // Two closed pieces without a start: disconnected by components.
        let s = maze_stats(&maze(&["#####", "#.#.#", "#####"]));
        assert_eq!((s.class, s.components), (MazeClass::Disconnected, 2));
        // One opening only: still no terminals.
        let s = maze_stats(&maze(&["#.###", "#...#", "#####"]));
        assert_eq!(
            (s.class, s.dead_ends, s.start),
            (MazeClass::Unicursal, 2, None)
        );
    }

    #[test]
    fn portals_are_edges() {
        // Two corridors joined by a portal; the portal closes no cycle.
        let mut m = maze(&["#.###", "#.#.#", "###.#"]);
        m.add_portal(6, 8).unwrap();
        let s = maze_stats(&m);
        assert_eq!(s.class, MazeClass::Unicursal);
        assert_eq!(
            (s.edges, s.portals, s.solution_length),
            (3, Some(1), Some(3))
        );
    }

    #[test]
    fn three_d_maze() {
        // 3x3x3 cells, one room at the centre, entrance above and exit below it on axis 0.
        let mut text = "#".repeat(27);
        for i in [4, 13, 22] {
            text.replace_range(i..i + 1, ".");
        }
        let json = format!("{{\"shape\": [3, 3, 3], \"cells\": \"{text}\"}}");
        let m = crate::format::json::parse(&json, &Default::default()).unwrap();
        let s = maze_stats(&m);
        assert_eq!(s.class, MazeClass::Unicursal);
        assert_eq!((s.path_cells, s.solution_length), (3, Some(2)));
        let l = s.lattice.unwrap();
        assert_eq!(
            (l.rooms, l.internal_walls, l.perfect_closed_walls),
            (vec![1, 1, 1], 0, 0)
        );
        // A 3-D lattice of 2x1x2 rooms (5x3x5 cells) carved by the library.
        let lat = crate::generate::Lattice::new(&[2, 1, 2], &Default::default()).unwrap();
        let opts = crate::generate::Options::new(crate::generate::Algorithm::Kruskal);
        let m =
            crate::generate::generate(&lat, &opts, &mut crate::generate::rng_from_seed(3)).unwrap();
        let s = maze_stats(&m);
        assert_eq!(s.cyclomatic, 0);
        let l = s.lattice.unwrap();
        assert_eq!(l.rooms, vec![2, 1, 2]);
        assert_eq!(l.internal_walls, 4);
        assert_eq!((l.closed_walls, l.perfect_closed_walls), (1, 1));
    }

    #[test]
    fn graph_input_has_no_wall_figures() {
        let mut b = GraphBuilder::default();
        let v: Vec<u32> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|s| b.vertex(Label::Str((*s).into())))
            .collect();
        for (x, y) in [(0, 1), (1, 2), (1, 3), (3, 4)] {
            b.edge(v[x], v[y], 1.0).unwrap();
        }
        let mut g = b.finish(&Default::default()).unwrap();
        g.set_terminals(Some(0), Some(4)).unwrap();
        let s = graph_stats(&g);
        assert_eq!(s.class, MazeClass::Perfect);
        assert_eq!(
            (s.cells, s.walls, s.portals, s.lattice),
            (None, None, None, None)
        );
        assert_eq!((s.solution_length, s.decisions), (Some(3), Some(1)));
        assert_eq!((s.dead_ends, s.junctions, s.corridors), (1, 1, 3));
        assert_eq!(s.start, Some(Vertex::Name("a".into())));
    }

    #[test]
    fn a_junction_graph_has_its_maze_figures() {
        // Braid with a spur; turns and corridors are weighted edges in the junction graph.
        let m = maze(&[
            "#.#######", //
            "#...#...#", //
            "#.#.#.#.#", //
            "#.......#", //
            "#######.#",
        ]);
        let j = crate::junction::junction_graph(&m);
        assert!(j.vertex_count() < Graph::from_maze(&m).vertex_count());
        let (a, b) = (maze_stats(&m), graph_stats(&j));
        assert_eq!(a.class, b.class);
        assert_eq!(
            (a.dead_ends, a.junctions, a.corridors, a.cyclomatic),
            (b.dead_ends, b.junctions, b.corridors, b.cyclomatic)
        );
        assert_eq!(
            (a.solution_length, a.decisions),
            (b.solution_length, b.decisions)
        );
        assert_eq!(a.dead_end_branches, b.dead_end_branches);
        assert_eq!(a.solution_length, Some(10));
        // The tree view draws the same corridors with the same lengths.
        let dot = |g: &Graph| {
            let mut out = Vec::new();
            tree::write_tree_dot(g, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let mut labels: Vec<String> = text
                .lines()
                .filter(|l| l.contains(" -- "))
                .map(|l| l.split("label=").nth(1).unwrap_or("").to_string())
                .collect();
            labels.sort();
            labels
        };
        assert_eq!(dot(&Graph::from_maze(&m)), dot(&j));
    }

    #[test]
    fn zero_weights_do_not_loop() {
        // Readers refuse zero weights; a graph built in the crate could still have them.
        let mut g = Graph::from_csr(
            crate::graph::Vertices::Names((0..3).map(Label::Int).collect()),
            vec![0, 1, 3, 4],
            vec![1, 0, 2, 1],
            Some(vec![0.0, 0.0, 0.0, 0.0]),
        );
        g.set_terminals(Some(0), Some(2)).unwrap();
        let s = graph_stats(&g);
        assert_eq!(
            (s.solution_length, s.class),
            (Some(0), MazeClass::Unicursal)
        );
        let mut out = Vec::new();
        tree::write_tree_dot(&g, &mut out).unwrap();
    }

    #[test]
    fn branch_median_of_even_count() {
        let b = branch_lengths(&mut [5, 1, 4, 2]).unwrap();
        assert_eq!((b.count, b.mean, b.median, b.max), (4, 3.0, 3.0, 5));
        assert_eq!(branch_lengths(&mut []), None);
    }

    #[test]
    fn lattice_needs_odd_sides_and_pillars() {
        // A pillar cell (even, even) that is path breaks the lattice.
        let open = ["#.###", "#...#", "#...#", "#...#", "###.#"];
        assert_eq!(maze_stats(&maze(&open)).lattice, None);
        // A room cell that is wall too.
        assert_eq!(
            maze_stats(&maze(&["#.###", "##..#", "#####"])).lattice,
            None
        );
        let s = maze_stats(&maze(&["#.#", "#.#", "#.#"]));
        assert_eq!(s.lattice.unwrap().rooms, vec![1, 1]);
    }

    #[test]
    fn json_round_trip() {
        let s = maze_stats(&maze(&["#.#####", "#.....#", "#####.#"]));
        let j = serde_json::to_string(&s).unwrap();
        assert!(j.contains("\"class\":\"unicursal\""), "{j}");
        let back: Stats = serde_json::from_str(&j).unwrap();
        assert_eq!(back, s);
    }
}
