//! Room lattices: the way networkx, maze-dataset and most maze libraries describe a maze. Each
//! vertex is a *room* with integer coordinates, and an edge joins two rooms one step apart on
//! one axis (a spanning tree of `networkx.grid_2d_graph(m, n)` is a perfect maze).
//!
//! - [`rooms_to_maze`] draws such a graph as a maze: room `(r, c)` becomes the cell
//!   `(2r + 1, 2c + 1)`, an edge opens the wall cell between its two rooms, every other cell is
//!   a wall. The maze is equal to the graph up to that scaling: its junction graph is the room
//!   graph with every edge of length 2.
//! - [`room_graph`] goes back: a maze drawn on a room lattice (rooms at odd cells, as every
//!   generator here draws them) becomes its room graph, openings in the outer wall leading to
//!   the room beside them.
//!
//! Both work in any number of dimensions.
//!
//! ```
//! use mazegraph::graph::{GraphBuilder, Label};
//! use mazegraph::rooms::{room_graph, rooms_to_maze};
//! let mut b = GraphBuilder::default();
//! let v: Vec<u32> = [[0, 0], [0, 1], [1, 1]].iter().map(|c| b.vertex(Label::Coord(c.to_vec()))).collect();
//! b.edge(v[0], v[1], 1.0).unwrap();
//! b.edge(v[1], v[2], 1.0).unwrap();
//! let g = b.finish(&Default::default()).unwrap();
//! let placed = rooms_to_maze(&g, &Default::default()).unwrap();
//! let rows = ["#####", "#...#", "###.#", "###.#", "#####"];
//! let want = mazegraph::Maze::from_text_rows(&rows).unwrap();
//! assert_eq!(placed.maze.grid(), want.grid());
//! assert_eq!(room_graph(&placed.maze, &Default::default()).unwrap().difference(&g), None);
//! ```

use crate::error::{Error, Result};
use crate::graph::{Graph, Label, Rank};
use crate::grid::{Grid, Limits, Shape};
use crate::layout::{Layout, Placed, SPARSE_FLOOR, SPARSE_RATIO};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Why a graph is not a room graph, `None` when it is one: every vertex a coordinate tuple of
/// one length, every edge joins two of them one step apart on one axis. Weights are not
/// looked at ([`rooms_to_maze`] refuses them).
pub fn not_rooms(graph: &Graph) -> Option<String> {
    let n = graph.vertex_count();
    if n == 0 {
        return Some("the graph has no vertex".into());
    }
    let mut arity = None;
    for v in 0..n as u32 {
        match graph.label(v) {
            Label::Coord(c) if arity.is_none_or(|a| a == c.len()) => arity = Some(c.len()),
            Label::Coord(_) => return Some("its coordinates have different lengths".into()),
            other => return Some(format!("vertex {other} is not a coordinate tuple")),
        }
    }
    for (u, v, _) in graph.edges() {
        let (Label::Coord(a), Label::Coord(b)) = (graph.label(u), graph.label(v)) else {
            continue;
        };
        let steps: u64 = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).sum();
        if steps != 1 {
            return Some(format!(
                "edge {} -- {} does not join two rooms one step apart",
                graph.label(u),
                graph.label(v)
            ));
        }
    }
    None
}

/// Draws a room graph ([`not_rooms`] says what one is) as a maze: room `x` at cell
/// `2(x − min) + 1` on each axis, an open cell between the rooms of each edge, walls elsewhere.
/// Terminals go to their rooms' cells.
///
/// Errors: not a room graph, weights other than 1 (a maze has no place for them), or a grid
/// over `limits` or mostly empty (rooms far apart).
///
/// Complexity: O(cells of the result + V + E).
pub fn rooms_to_maze(graph: &Graph, limits: &Limits) -> Result<Placed> {
    if let Some(why) = not_rooms(graph) {
        return Err(Error::InvalidGraph(format!("not a room graph: {why}")));
    }
    if graph.edges().any(|e| e.2 != 1.0) {
        return Err(Error::Unsupported(format!(
            "a maze has no place for edge weights; write the graph to a graph format ({}) to \
             keep them",
            crate::format::graph_format_names()
        )));
    }
    let n = graph.vertex_count();
    let labels: Vec<Vec<i64>> = (0..n as u32)
        .map(|v| match graph.label(v) {
            Label::Coord(c) => c,
            _ => Vec::new(),
        })
        .collect();
    let arity = labels.first().map_or(0, Vec::len);
    let mut lo = vec![i64::MAX; arity];
    let mut hi = vec![i64::MIN; arity];
    for c in &labels {
        for k in 0..arity {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    let too_large = || Error::TooLarge {
        cells: u64::MAX,
        limit: limits.max_cells,
    };
    let mut dims = Vec::with_capacity(arity);
    for k in 0..arity {
        let span =
            u64::try_from(i128::from(hi[k]) - i128::from(lo[k]) + 1).map_err(|_| too_large())?;
        let d = span
            .checked_mul(2)
            .and_then(|d| d.checked_add(1))
            .ok_or_else(too_large)?;
        dims.push(usize::try_from(d).map_err(|_| too_large())?);
    }
    let cells_total: u64 = dims
        .iter()
        .try_fold(1u64, |acc, &d| acc.checked_mul(d as u64))
        .ok_or_else(too_large)?;
    limits.check(cells_total)?;
    // Path cells: the rooms and the passages.
    let path = (n as u64).saturating_add(graph.edge_count() as u64);
    if cells_total > SPARSE_FLOOR && cells_total / SPARSE_RATIO > path {
        return Err(Error::InvalidGraph(format!(
            "its rooms spread {n} vertices over a grid of {cells_total} cells, which would be almost all wall"
        )));
    }
    let shape = Shape::with_limits(dims, limits)?;
    let strides = shape.strides().to_vec();
    let cell = |c: &[i64]| -> usize {
        (0..arity)
            .map(|k| (2 * (c[k] - lo[k]) as usize + 1) * strides[k])
            .sum()
    };
    let cells: Vec<usize> = labels.iter().map(|c| cell(c)).collect();
    let mut grid = Grid::walls(shape);
    for &c in &cells {
        grid.set_path(c, true);
    }
    for (u, v, _) in graph.edges() {
        let (a, b) = (cells[u as usize], cells[v as usize]);
        grid.set_path((a + b) / 2, true);
    }
    let mut maze = Maze::new(grid);
    let at = |v: Option<u32>| v.map(|v| cells[v as usize]);
    maze.set_terminals(at(graph.start()), at(graph.goal()))?;
    Ok(Placed {
        maze,
        cells,
        layout: Layout::Rooms,
    })
}

/// The room graph of a maze drawn on a room lattice: a vertex per room (a path cell whose
/// coordinates are all odd), labelled with its room coordinates (`(r − 1) / 2, …`), an edge
/// per open wall cell between two rooms and per portal between two rooms. An opening in the
/// outer wall belongs to the room beside it; a terminal there moves to that room.
///
/// Errors: the maze is not on a room lattice (a dimension is even, a path cell where walls
/// meet, a passage that leads to a wall, a portal or terminal away from the rooms).
///
/// Complexity: O(cells) on flat indices (a bitset of rooms and rank queries, no hashing),
/// plus O(portals · log portals).
pub fn room_graph(maze: &Maze, limits: &Limits) -> Result<Graph> {
    let shape = maze.shape();
    let grid = maze.grid();
    let dims = shape.dims();
    if let Some(&d) = dims.iter().find(|&&d| d.is_multiple_of(2) || d < 3) {
        return Err(Error::InvalidMaze(format!(
            "the maze is not drawn on a room lattice: a side of {d} cells (rooms at odd cells need an odd side of 3 or more)"
        )));
    }
    let not_lattice = |c: usize, what: &str| {
        Error::InvalidMaze(format!(
            "the maze is not drawn on a room lattice: {} is {what}",
            shape.fmt_index(c)
        ))
    };
    let strides = shape.strides();
    let n = dims.len();
    // Pass 1: classify every path cell; rooms into a bitset, passages counted per room.
    let mut rooms = FixedBitSet::with_capacity(shape.len());
    let mut passages: Vec<(usize, usize)> = Vec::new();
    let mut co = vec![0usize; n];
    for c in grid.paths() {
        shape.coords_into(c, &mut co);
        let mut even = None;
        let mut evens = 0;
        for (k, &x) in co.iter().enumerate() {
            if x.is_multiple_of(2) {
                evens += 1;
                even = Some(k);
            }
        }
        match (evens, even) {
            (0, _) => rooms.insert(c),
            (1, Some(k)) => {
                if co[k] == 0 || co[k] + 1 == dims[k] {
                    // An opening in the outer wall: checked against its room below.
                    continue;
                }
                let (x, y) = (c - strides[k], c + strides[k]);
                if !grid.is_path(x) || !grid.is_path(y) {
                    return Err(not_lattice(c, "a passage that leads to a wall"));
                }
                passages.push((x, y));
            }
            _ => return Err(not_lattice(c, "a path cell where walls meet")),
        }
    }
    let is_room = |c: usize| shape.coords(c).iter().all(|&x| x % 2 == 1) && grid.is_path(c);
    // The room an opening, a terminal or a portal end belongs to.
    let room_of = |c: usize| -> Option<usize> {
        let co = shape.coords(c);
        let evens: Vec<usize> = (0..co.len()).filter(|&k| co[k].is_multiple_of(2)).collect();
        let r = match evens.as_slice() {
            [] => c,
            [k] if co[*k] == 0 => c + strides[*k],
            [k] if co[*k] + 1 == dims[*k] => c - strides[*k],
            _ => return None,
        };
        is_room(r).then_some(r)
    };
    for o in grid.openings() {
        if room_of(o).is_none() {
            return Err(not_lattice(o, "an opening before a closed room"));
        }
    }
    for &(x, y) in maze.portals() {
        if !is_room(x) || !is_room(y) {
            return Err(not_lattice(x, "a portal end away from the rooms"));
        }
        passages.push((x.min(y), x.max(y)));
    }
    let room_count = rooms.count_ones(..);
    limits.check(room_count as u64)?;
    let rank = Rank::new(rooms.as_slice());
    // Pass 2: compressed rows; ranks follow the flat order, so each list sorts cheaply.
    let mut offsets = vec![0usize; room_count + 1];
    for &(x, y) in &passages {
        offsets[rank.rank(x) as usize + 1] += 1;
        offsets[rank.rank(y) as usize + 1] += 1;
    }
    for v in 0..room_count {
        offsets[v + 1] += offsets[v];
    }
    let mut fill = offsets.clone();
    let mut targets = vec![0u32; offsets[room_count]];
    for &(x, y) in &passages {
        let (a, b) = (rank.rank(x), rank.rank(y));
        for (u, v) in [(a, b), (b, a)] {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
    }
    let mut out = 0;
    let mut new_offsets = Vec::with_capacity(room_count + 1);
    new_offsets.push(0);
    for v in 0..room_count {
        let (lo, hi) = (offsets[v], offsets[v + 1]);
        targets[lo..hi].sort_unstable();
        let mut last = None;
        for k in lo..hi {
            if last != Some(targets[k]) {
                last = Some(targets[k]);
                targets[out] = targets[k];
                out += 1;
            }
        }
        new_offsets.push(out);
    }
    targets.truncate(out);
    let room_shape = Shape::with_limits(dims.iter().map(|d| (d - 1) / 2).collect(), limits)?;
    let room_strides = room_shape.strides().to_vec();
    let cells: Vec<usize> = rooms
        .ones()
        .map(|c| {
            (0..n)
                .map(|k| ((c / strides[k]) % dims[k] / 2) * room_strides[k])
                .sum()
        })
        .collect();
    let mut g = Graph::from_csr(
        crate::graph::Vertices::Cells {
            shape: room_shape,
            cells,
        },
        new_offsets,
        targets,
        None,
    );
    if let Some((s, t)) = maze.terminals() {
        let room = |c: usize, what: &str| {
            room_of(c)
                .map(|r| rank.rank(r))
                .ok_or_else(|| not_lattice(c, &format!("the {what}, not in or beside a room")))
        };
        g.set_terminals(Some(room(s, "start")?), Some(room(t, "goal")?))?;
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, lattice::Lattice, rng_from_seed, Algorithm, Options};
    use crate::graph::GraphBuilder;
    use crate::junction::junction_graph;

    fn maze(algorithm: Algorithm, rooms: &[usize], seed: u64) -> Maze {
        let lat = Lattice::new(rooms, &Limits::default()).unwrap();
        generate(&lat, &Options::new(algorithm), &mut rng_from_seed(seed)).unwrap()
    }

    #[test]
    fn generated_mazes_go_to_rooms_and_back() {
        for seed in 0..20 {
            let m = maze(Algorithm::Backtracker, &[4, 6], seed);
            let g = room_graph(&m, &Limits::default()).unwrap();
            assert_eq!(g.vertex_count(), 24);
            assert_eq!(g.edge_count(), 23, "a perfect maze is a spanning tree");
            assert_eq!(not_rooms(&g), None);
            let back = rooms_to_maze(&g, &Limits::default()).unwrap();
            // The same maze without its openings in the outer wall; terminals in the rooms.
            let mut inner = m.clone();
            for c in m.grid().openings() {
                inner.grid_mut().set_path(c, false);
            }
            inner.set_terminals(None, None).unwrap();
            let mut drawn = back.maze.clone();
            drawn.set_terminals(None, None).unwrap();
            assert_eq!(
                Graph::from_maze(&drawn).difference(&Graph::from_maze(&inner)),
                None
            );
            assert!(back.maze.terminals().is_some());
        }
    }

    #[test]
    fn junction_graph_is_the_room_graph_scaled() {
        let m = maze(Algorithm::Kruskal, &[3, 3, 3], 7);
        let g = room_graph(&m, &Limits::default()).unwrap();
        let placed = rooms_to_maze(&g, &Limits::default()).unwrap();
        let j = junction_graph(&placed.maze);
        // Every room-graph edge is two cell steps: the junction graph's lengths add up to
        // twice the room edges.
        assert_eq!(j.total_weight(), 2.0 * g.edge_count() as f64);
        assert_eq!(not_rooms(&g), None);
    }

    #[test]
    fn refusals_say_why() {
        let m = Maze::from_text_rows(&["#####", "#...#", "#...#", "#...#", "#####"]).unwrap();
        let e = room_graph(&m, &Limits::default()).unwrap_err().to_string();
        assert!(e.contains("(2, 2) is a path cell where walls meet"), "{e}");
        let m = Maze::from_text_rows(&["####", "#..#", "####"]).unwrap();
        assert!(room_graph(&m, &Limits::default()).is_err());
        let mut b = GraphBuilder::default();
        let (x, y) = (
            b.vertex(Label::Coord(vec![0, 0])),
            b.vertex(Label::Coord(vec![1, 1])),
        );
        b.edge(x, y, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        assert!(not_rooms(&g).unwrap().contains("one step apart"));
        let mut b = GraphBuilder::default();
        let (x, y) = (
            b.vertex(Label::Coord(vec![-1, 0])),
            b.vertex(Label::Coord(vec![0, 0])),
        );
        b.edge(x, y, 3.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        assert_eq!(not_rooms(&g), None, "negative rooms are fine");
        let e = rooms_to_maze(&g, &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("no place for edge weights"), "{e}");
    }
}
