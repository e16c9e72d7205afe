//! Conversions between what files hold: mazes ⇄ graphs, and the canonical graph used for
//! equality ("two mazes are equal iff they have the same graph").

use crate::error::{Error, Result};
use crate::format::Item;
use crate::graph::Graph;
use crate::grid::Limits;
use crate::junction::junction_graph;
use crate::layout::{graph_to_maze, Layout};
use crate::maze::Maze;

/// Which graph of a maze to build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GraphKind {
    /// A vertex per path cell, an edge per adjacency or portal.
    #[default]
    Cells,
    /// Terminals, dead ends, junctions, turns and portal ends; edges weighted by length.
    Junctions,
}

/// The graph of an item: a maze's cell or junction graph, or a graph as it is. Asking for the
/// junction graph of a graph redraws it as a maze first (its vertices must be coordinates).
pub fn to_graph(item: &Item, kind: GraphKind, limits: &Limits) -> Result<Graph> {
    match (item, kind) {
        (Item::Maze(m), GraphKind::Cells) => Ok(Graph::from_maze(m)),
        (Item::Maze(m), GraphKind::Junctions) => Ok(junction_graph(m)),
        (Item::Graph(g), GraphKind::Cells) if !g.is_weighted() => Ok(g.clone()),
        (Item::Graph(g), kind) => {
            let placed = graph_to_maze(g, Layout::Coordinates, limits)?;
            Ok(match kind {
                GraphKind::Cells => Graph::from_maze(&placed.maze),
                GraphKind::Junctions => junction_graph(&placed.maze),
            })
        }
    }
}

/// The maze of an item: a maze as it is, or a graph placed with `layout`.
pub fn to_maze(item: Item, layout: Layout, limits: &Limits) -> Result<Maze> {
    match item {
        Item::Maze(m) => Ok(m),
        Item::Graph(g) => Ok(graph_to_maze(&g, layout, limits)?.maze),
    }
}

/// The graph two items are compared by: the cell graph of a maze, or of the maze a weighted
/// (junction) graph draws; an unweighted graph as it is.
pub fn canonical_graph(item: &Item, limits: &Limits) -> Result<Graph> {
    to_graph(item, GraphKind::Cells, limits)
}

/// The first difference between the graphs of two items, `None` when they are equal.
///
/// ```
/// use mazegraph::{convert::difference, format::Item, Maze};
/// let a = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let b = Maze::from_text_rows(&["#.#", "#.#", "###"]).unwrap(); // an extra wall row
/// assert_eq!(difference(&Item::Maze(a), &Item::Maze(b), &Default::default()).unwrap(), None);
/// ```
pub fn difference(a: &Item, b: &Item, limits: &Limits) -> Result<Option<String>> {
    let (ga, gb) = (canonical_graph(a, limits)?, canonical_graph(b, limits)?);
    Ok(ga.difference(&gb))
}

/// Sets explicit terminals on an item by coordinates: on a maze, the cells; on a graph, the
/// vertices with those coordinate labels.
pub fn set_terminals(item: &mut Item, start: Option<&[i64]>, goal: Option<&[i64]>) -> Result<()> {
    match item {
        Item::Maze(m) => {
            let shape = m.shape().clone();
            let cell = |what: &str, c: Option<&[i64]>| -> Result<Option<usize>> {
                c.map(|c| {
                    shape.index_signed(c).ok_or_else(|| {
                        Error::InvalidMaze(format!(
                            "{what} {} is outside the grid of shape {:?}",
                            crate::grid::fmt_coords(c),
                            shape.dims()
                        ))
                    })
                })
                .transpose()
            };
            let s = cell("start", start)?.or(m.explicit_start());
            let g = cell("goal", goal)?.or(m.explicit_goal());
            m.set_terminals(s, g)
        }
        Item::Graph(g) => {
            let find = |what: &str, c: Option<&[i64]>| -> Result<Option<u32>> {
                c.map(|c| {
                    let l = crate::graph::Label::Coord(c.to_vec());
                    g.find(&l)
                        .ok_or_else(|| Error::InvalidGraph(format!("{what} {l} is not a vertex")))
                })
                .transpose()
            };
            let s = find("start", start)?.or(g.start());
            let t = find("goal", goal)?.or(g.goal());
            g.set_terminals(s, t)
        }
    }
}
