//! Graph → maze: place a graph's vertices in a grid.
//!
//! - [`Layout::Coordinates`]: when the vertices are grid coordinates (a graph that came from a
//!   maze), each vertex becomes the path cell it names. A unit edge between grid neighbours is
//!   their adjacency; a weighted edge along one axis whose weight is the distance between its
//!   ends is drawn as a straight corridor (a junction graph's edges are of that kind); any other
//!   unit edge becomes a portal. The result is *equal* to the maze the graph came from.
//! - [`Layout::Row`]: the seed's layout for any graph. Vertex `i` (the `i`-th in sorted label
//!   order) is the cell `(5, 2 + 4·i)` of a grid of 11 rows and `4·n + 1` columns, isolated by
//!   walls, and every edge is a portal: an *augmented maze* whose graph is isomorphic to the
//!   input. For the seed's 11-vertex example this gives the seed's own
//!   `{(5, 2): [(5, 22)], (5, 6): [(5, 10)], …}`.
//! - [`Layout::Rooms`]: a *room graph* (vertices are coordinates, every edge joins two of them
//!   one step apart, as networkx's `grid_2d_graph` and maze-dataset make mazes) drawn with
//!   room `(r, c)` at the cell `(2r + 1, 2c + 1)` and walls between ([`crate::rooms`]).
//! - [`Layout::Auto`]: coordinates when the graph can be drawn at its coordinates, else rooms
//!   when it is a room graph, else the row layout.

use crate::error::{Error, Result};
use crate::graph::{Graph, Vertices};
use crate::grid::{Grid, Limits, Shape};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// How [`graph_to_maze`] places vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// Coordinates when possible, else rooms when the vertices are rooms one step apart,
    /// else the row layout.
    #[default]
    Auto,
    /// Cells at the coordinates the vertices name (an equal maze).
    Coordinates,
    /// Each vertex a room at odd cells, each edge an open wall between two rooms
    /// ([`crate::rooms`]): the networkx and maze-dataset way to write a maze.
    Rooms,
    /// The seed's row of isolated cells joined by portals (an isomorphic augmented maze).
    Row,
}

/// The maze made from a graph, and where each vertex went.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The maze.
    pub maze: Maze,
    /// `cells[v]` is the flat index of vertex `v`'s cell.
    pub cells: Vec<usize>,
    /// The layout actually used (never `Auto`).
    pub layout: Layout,
}

/// The row of the row layout.
pub const ROW: usize = 5;

/// A grid of this many cells may be drawn for any graph; beyond it, the grid may have at most
/// [`SPARSE_RATIO`] cells per path cell.
pub const SPARSE_FLOOR: u64 = 1 << 20;

/// The most cells per path cell of a grid drawn at a graph's coordinates, beyond
/// [`SPARSE_FLOOR`] cells: a maze's grid is mostly made of its own path and walls, while a
/// few vertices far apart (`{(0, 0): [(0, 1)], (60000, 60000): …}`) would make gigabytes of wall.
pub const SPARSE_RATIO: u64 = 64;

/// Refuses coordinates that would spread the graph over a grid mostly empty (see
/// [`SPARSE_RATIO`]), as [`Error::InvalidGraph`] so that [`Layout::Auto`] uses the row layout.
fn check_dense(graph: &Graph, shape: &Shape) -> Result<()> {
    let cells = shape.len() as u64;
    // Path cells: the vertices and the corridor cells of weighted edges.
    let path = (graph.vertex_count() as u64).saturating_add(graph.total_weight() as u64);
    if cells > SPARSE_FLOOR && cells / SPARSE_RATIO > path {
        return Err(Error::InvalidGraph(format!(
            "its coordinates spread {} vertices over a grid of {cells} cells, which would be almost all wall",
            graph.vertex_count()
        )));
    }
    Ok(())
}

/// Places a graph in a grid (see the module docs for the layouts).
///
/// Complexity: O(cells of the result + edges·log degree).
///
/// ```
/// use mazegraph::{layout::{graph_to_maze, Layout}, Graph, Maze};
/// let m = Maze::from_text_rows(&["####.#####", ".........."]).unwrap();
/// let g = Graph::from_maze(&m);
/// let back = graph_to_maze(&g, Layout::Auto, &Default::default()).unwrap();
/// assert_eq!(Graph::from_maze(&back.maze).difference(&g), None);
/// let row = graph_to_maze(&g, Layout::Row, &Default::default()).unwrap();
/// assert_eq!(row.maze.shape().dims(), &[11, 45]);
/// ```
pub fn graph_to_maze(graph: &Graph, layout: Layout, limits: &Limits) -> Result<Placed> {
    match layout {
        Layout::Coordinates => at_coordinates(graph, limits),
        Layout::Rooms => crate::rooms::rooms_to_maze(graph, limits),
        Layout::Row => row(graph, limits),
        Layout::Auto => {
            let coordinates = match graph.vertices() {
                Vertices::Cells { .. } => at_coordinates(graph, limits),
                Vertices::Names(_) => Err(Error::InvalidGraph(String::new())),
            };
            match coordinates {
                Err(Error::InvalidGraph(why)) => {
                    let rooms = match crate::rooms::not_rooms(graph) {
                        None => Some(crate::rooms::rooms_to_maze(graph, limits)),
                        Some(_) => None,
                    };
                    if let Some(r) = rooms.filter(|r| {
                        !matches!(r, Err(Error::InvalidGraph(_) | Error::TooLarge { .. }))
                    }) {
                        // Drawn as rooms, or refused for a reason the row shares (weights).
                        r
                    } else if graph.is_weighted() && !why.is_empty() {
                        Err(Error::InvalidGraph(why))
                    } else {
                        row(graph, limits)
                    }
                }
                other => other,
            }
        }
    }
}

fn set_terminals(graph: &Graph, maze: &mut Maze, cells: &[usize]) -> Result<()> {
    let cell = |v: Option<u32>| v.map(|v| cells[v as usize]);
    maze.set_terminals(cell(graph.start()), cell(graph.goal()))
}

fn row(graph: &Graph, limits: &Limits) -> Result<Placed> {
    if graph.is_weighted() && graph.edges().any(|e| e.2 != 1.0) {
        return Err(Error::Unsupported(format!(
            "a maze drawn from this graph cannot keep its edge weights (its vertices are not \
             grid cells a corridor can join); write it to a graph format ({}) to keep them",
            crate::format::graph_format_names()
        )));
    }
    let n = graph.vertex_count();
    let width = n
        .checked_mul(4)
        .and_then(|w| w.checked_add(1))
        .ok_or(Error::TooLarge {
            cells: u64::MAX,
            limit: limits.max_cells,
        })?;
    let shape = Shape::with_limits(vec![2 * ROW + 1, width], limits)?;
    let cells: Vec<usize> = (0..n).map(|i| ROW * width + 2 + 4 * i).collect();
    let mut grid = Grid::walls(shape);
    for &c in &cells {
        grid.set_path(c, true);
    }
    let mut maze = Maze::new(grid);
    for (u, v, _) in graph.edges() {
        maze.add_portal(cells[u as usize], cells[v as usize])?;
    }
    set_terminals(graph, &mut maze, &cells)?;
    Ok(Placed {
        maze,
        cells,
        layout: Layout::Row,
    })
}

fn at_coordinates(graph: &Graph, limits: &Limits) -> Result<Placed> {
    let Vertices::Cells { shape, cells } = graph.vertices() else {
        return Err(Error::InvalidGraph(
            "the vertices are not grid coordinates (--layout row draws any graph, --layout rooms a graph of rooms one step apart)".into(),
        ));
    };
    limits.check(shape.len() as u64)?;
    check_dense(graph, shape)?;
    let mut grid = Grid::walls(shape.clone());
    for &c in cells {
        grid.set_path(c, true);
    }
    // Corridor cells drawn for weighted edges, to catch overlaps.
    let mut drawn = FixedBitSet::new();
    let mut portals = Vec::new();
    let mut intended_adjacencies: u64 = 0;
    for (u, v, w) in graph.edges() {
        let (a, b) = (cells[u as usize], cells[v as usize]);
        if w.fract() != 0.0 || w > u32::MAX as f64 {
            return Err(Error::InvalidGraph(format!(
                "edge {} -- {} has weight {w}, not a whole number of cells",
                graph.label(u),
                graph.label(v)
            )));
        }
        let w = w as u32;
        if w == 1 && shape.adjacent(a, b) {
            intended_adjacencies += 1;
            continue;
        }
        if let Some(axis) = straight_axis(shape, a, b, w) {
            if drawn.is_empty() {
                drawn.grow(shape.len());
            }
            let s = shape.strides()[axis];
            let (lo, hi) = (a.min(b), a.max(b));
            let mut c = lo + s;
            while c < hi {
                if grid.is_path(c) {
                    return Err(Error::InvalidGraph(format!(
                        "the corridor of edge {} -- {} runs through {}, which is already a path cell",
                        graph.label(u),
                        graph.label(v),
                        shape.fmt_index(c)
                    )));
                }
                grid.set_path(c, true);
                drawn.insert(c);
                c += s;
            }
            intended_adjacencies += w as u64;
            continue;
        }
        if w == 1 {
            portals.push((a, b));
            continue;
        }
        return Err(Error::InvalidGraph(format!(
            "edge {} -- {} of length {w} cannot be drawn: its ends are not {w} cells apart on one axis",
            graph.label(u),
            graph.label(v)
        )));
    }
    // Every pair of neighbouring path cells is joined in a maze; the graph must agree.
    let mut actual: u64 = 0;
    let mut first_extra: Option<(usize, usize)> = None;
    for i in grid.paths() {
        shape.for_each_neighbour(i, |j| {
            if j > i && grid.is_path(j) {
                actual += 1;
                if first_extra.is_none()
                    && !drawn.contains(i)
                    && !drawn.contains(j)
                    && !unit_edge(graph, i, j)
                {
                    first_extra = Some((i, j));
                }
            }
        });
    }
    if actual != intended_adjacencies {
        let which = first_extra.map_or(String::new(), |(i, j)| {
            format!(
                " (first: {} and {})",
                shape.fmt_index(i),
                shape.fmt_index(j)
            )
        });
        return Err(Error::InvalidGraph(format!(
            "the graph cannot be drawn at its coordinates: {} pair(s) of neighbouring cells are not joined by an edge{which}",
            actual.saturating_sub(intended_adjacencies)
        )));
    }
    let mut maze = Maze::new(grid);
    for (a, b) in portals {
        maze.add_portal(a, b)?;
    }
    set_terminals(graph, &mut maze, cells)?;
    Ok(Placed {
        maze,
        cells: cells.clone(),
        layout: Layout::Coordinates,
    })
}

/// The axis along which `a` and `b` lie exactly `w` cells apart, if they do (w ≥ 2).
fn straight_axis(shape: &Shape, a: usize, b: usize, w: u32) -> Option<usize> {
    if w < 2 {
        return None;
    }
    let mut axis = None;
    for k in 0..shape.ndim() {
        let (ca, cb) = (shape.coord(a, k), shape.coord(b, k));
        if ca != cb {
            if axis.is_some() || ca.abs_diff(cb) != w as usize {
                return None;
            }
            axis = Some(k);
        }
    }
    axis
}

fn unit_edge(graph: &Graph, a: usize, b: usize) -> bool {
    match (graph.find_cell(a), graph.find_cell(b)) {
        (Some(u), Some(v)) => graph.neighbours(u).binary_search(&v).is_ok(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{GraphBuilder, Label};
    use crate::junction::junction_graph;

    fn seed() -> Maze {
        Maze::from_text_rows(&["####.#####", ".........."]).unwrap()
    }

    #[test]
    fn row_layout_matches_the_seed() {
        let g = Graph::from_maze(&seed());
        let p = graph_to_maze(&g, Layout::Row, &Limits::default()).unwrap();
        let rg = Graph::from_maze(&p.maze);
        let l = |v: u32| rg.label(v).to_string();
        let first: Vec<String> = (0..3).map(l).collect();
        assert_eq!(first, vec!["(5, 2)", "(5, 6)", "(5, 10)"]);
        let v22 = rg.find(&Label::Coord(vec![5, 22])).unwrap();
        let ns: Vec<String> = rg.neighbours(v22).iter().map(|&u| l(u)).collect();
        assert_eq!(ns, vec!["(5, 2)", "(5, 18)", "(5, 26)"]);
    }

    #[test]
    fn junction_graph_redraws_the_same_maze() {
        let m = Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#...#.#", //
            "#####.#",
        ])
        .unwrap();
        let j = junction_graph(&m);
        let p = graph_to_maze(&j, Layout::Auto, &Limits::default()).unwrap();
        assert_eq!(p.layout, Layout::Coordinates);
        assert_eq!(p.maze.grid(), m.grid());
    }

    #[test]
    fn non_grid_coordinates_fall_back_to_rooms_then_the_row() {
        // (0,0)-(0,1) are neighbours but (0,1)-(0,2) are not joined: rooms.
        let mut b = GraphBuilder::default();
        let x = b.vertex(Label::Coord(vec![0, 0]));
        let y = b.vertex(Label::Coord(vec![0, 1]));
        b.vertex(Label::Coord(vec![0, 2]));
        b.edge(x, y, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        let e = graph_to_maze(&g, Layout::Coordinates, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("first: (0, 1) and (0, 2)"), "{e}");
        let p = graph_to_maze(&g, Layout::Auto, &Limits::default()).unwrap();
        assert_eq!(p.layout, Layout::Rooms);
        assert_eq!(p.maze.shape().dims(), &[3, 7]);
        // An edge two steps long is no room graph: the row.
        let mut b = GraphBuilder::default();
        let (x, z) = (
            b.vertex(Label::Coord(vec![0, 0])),
            b.vertex(Label::Coord(vec![0, 2])),
        );
        b.vertex(Label::Coord(vec![0, 1]));
        b.edge(x, z, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        let p = graph_to_maze(&g, Layout::Auto, &Limits::default()).unwrap();
        assert_eq!(p.layout, Layout::Row);
    }

    #[test]
    fn weighted_edges_that_are_not_straight_are_refused() {
        let mut b = GraphBuilder::default();
        let x = b.vertex(Label::Coord(vec![0, 0]));
        let y = b.vertex(Label::Coord(vec![2, 2]));
        b.edge(x, y, 4.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        let e = graph_to_maze(&g, Layout::Auto, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("cannot be drawn"), "{e}");
    }
}
