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

/// The graph of an item: a maze's cell or junction graph, or a graph as it is (weights, names
/// and terminals kept: graph → graph never needs a maze). Asking for the junction graph of a
/// graph draws it as a maze first, at its coordinates or as rooms.
pub fn to_graph(item: &Item, kind: GraphKind, limits: &Limits) -> Result<Graph> {
    match (item, kind) {
        (Item::Maze(m), GraphKind::Cells) => Ok(Graph::from_maze(m)),
        (Item::Maze(m), GraphKind::Junctions) => Ok(junction_graph(m)),
        (Item::Graph(g), GraphKind::Cells) => Ok(g.clone()),
        (Item::Graph(g), GraphKind::Junctions) => {
            let placed = graph_to_maze(g, Layout::Auto, limits)?;
            if placed.layout == Layout::Row {
                return Err(Error::Unsupported(
                    "the junction graph is a maze's: this graph's vertices are neither grid cells \
                     nor rooms, so it has none (convert it without --junctions)"
                        .into(),
                ));
            }
            Ok(junction_graph(&placed.maze))
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

/// The graph two items are compared by: the cell graph of a maze, or of the maze a junction
/// graph (whole-number weights at grid coordinates) draws; any other graph as it is.
pub fn canonical_graph(item: &Item, limits: &Limits) -> Result<Graph> {
    match item {
        Item::Graph(g) if g.has_lengths() && g.shape().is_some() => {
            match graph_to_maze(g, Layout::Coordinates, limits) {
                Ok(placed) => Ok(Graph::from_maze(&placed.maze)),
                Err(Error::InvalidGraph(_)) => Ok(g.clone()),
                Err(e) => Err(e),
            }
        }
        _ => to_graph(item, GraphKind::Cells, limits),
    }
}

/// The first difference between the graphs of two items, `None` when they are equal.
///
/// A room graph (networkx, maze-dataset: [`crate::rooms`]) and a maze drawn on a room lattice
/// are compared by rooms: the maze's room graph against the graph (the same maze up to the
/// scaling that puts rooms at odd cells).
///
/// ```
/// use mazegraph::{convert::difference, format::Item, Maze};
/// let a = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let b = Maze::from_text_rows(&["#.#", "#.#", "###"]).unwrap(); // an extra wall row
/// assert_eq!(difference(&Item::Maze(a), &Item::Maze(b), &Default::default()).unwrap(), None);
/// ```
pub fn difference(a: &Item, b: &Item, limits: &Limits) -> Result<Option<String>> {
    if let (Item::Graph(g), Item::Maze(m)) | (Item::Maze(m), Item::Graph(g)) = (a, b) {
        if let Some(d) = room_difference(g, m, limits) {
            return Ok(d);
        }
    }
    let (ga, gb) = (canonical_graph(a, limits)?, canonical_graph(b, limits)?);
    Ok(ga.difference(&gb))
}

/// A start or goal as a user names it: coordinates (`3,4`, `(3, 4)`) or a vertex's name or id
/// (`entrance`, `7`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// Coordinates: a maze's cell, or a graph vertex labelled with them (a single number may
    /// also be an integer vertex id).
    Coords(Vec<i64>),
    /// A room in room coordinates (`room:R,C`): the cell `(2R + 1, 2C + 1)` of a maze, the
    /// vertex `(R, C)` of a room graph (or that cell's vertex in a maze's cell graph).
    Room(Vec<i64>),
    /// A graph vertex's name (or integer id written as text).
    Name(String),
}

impl Terminal {
    /// Coordinates when `s` is a list of integers separated by commas (parentheses allowed),
    /// a name otherwise.
    ///
    /// ```
    /// use mazegraph::convert::Terminal;
    /// assert_eq!(Terminal::parse("(1, 4)"), Terminal::Coords(vec![1, 4]));
    /// assert_eq!(Terminal::parse("7"), Terminal::Coords(vec![7]));
    /// assert_eq!(Terminal::parse("Myriel"), Terminal::Name("Myriel".into()));
    /// ```
    pub fn parse(s: &str) -> Terminal {
        let t = s.trim();
        let inner = t
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(t);
        let parts: Option<Vec<i64>> = inner
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().ok())
            .collect();
        match parts {
            Some(c) if !c.is_empty() => Terminal::Coords(c),
            _ => Terminal::Name(s.to_string()),
        }
    }

    /// A terminal as `--start`/`--goal` (the CLI) and `start=`/`goal=` (Python) take it:
    /// [`Terminal::parse`], or `room:R,C[,…]` for a room in room coordinates (the cell
    /// `(2R + 1, 2C + 1, …)`), whose coordinates must be 0 or more and small enough.
    ///
    /// ```
    /// use mazegraph::convert::Terminal;
    /// assert_eq!(Terminal::parse_option("room:0,2"), Ok(Terminal::Room(vec![0, 2])));
    /// assert_eq!(Terminal::parse_option("3,4"), Ok(Terminal::Coords(vec![3, 4])));
    /// assert!(Terminal::parse_option("room:-1,0").is_err());
    /// ```
    pub fn parse_option(s: &str) -> std::result::Result<Terminal, String> {
        let Some(t) = s.trim().strip_prefix("room:") else {
            return Ok(Terminal::parse(s));
        };
        let Terminal::Coords(rooms) = Terminal::parse(t) else {
            return Err(format!("{s:?} is not a coordinate like 3,4"));
        };
        if rooms.iter().any(|&k| k < 0) {
            return Err(format!("{s:?}: room coordinates are 0 or more"));
        }
        let room = Terminal::Room(rooms);
        room.cell()
            .ok_or_else(|| format!("{s:?}: room coordinates are too large"))?;
        Ok(room)
    }

    /// The vertex of `graph` this names: the coordinate label, else (one number) the integer
    /// id, else the string name.
    pub fn find(&self, graph: &Graph) -> Option<u32> {
        use crate::graph::Label;
        match self {
            Terminal::Room(r) => graph
                .find(&Label::Coord(r.clone()))
                .or_else(|| self.cell().and_then(|c| graph.find(&Label::Coord(c)))),
            Terminal::Coords(c) => graph
                .find(&Label::Coord(c.clone()))
                .or_else(|| match c.as_slice() {
                    [i] => graph.find(&Label::Int(*i)),
                    _ => None,
                })
                .or_else(|| graph.find(&Label::Str(crate::grid::fmt_coords(c)))),
            Terminal::Name(s) => graph.find(&Label::Str(s.clone())).or_else(|| {
                s.trim()
                    .parse()
                    .ok()
                    .and_then(|i| graph.find(&Label::Int(i)))
            }),
        }
    }

    /// The cell coordinates this names in a maze: a room's `2R + 1` on every axis.
    pub fn cell(&self) -> Option<Vec<i64>> {
        match self {
            Terminal::Coords(c) => Some(c.clone()),
            Terminal::Room(r) => r
                .iter()
                .map(|&k| k.checked_mul(2).and_then(|v| v.checked_add(1)))
                .collect(),
            Terminal::Name(_) => None,
        }
    }
}

impl std::fmt::Display for Terminal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Terminal::Room(r) => write!(
                f,
                "room:{}",
                r.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            ),
            Terminal::Coords(c) => f.write_str(&crate::grid::fmt_coords(c)),
            Terminal::Name(s) => write!(f, "{s:?}"),
        }
    }
}

/// When `graph` is a room graph that is not a maze's cell graph and `maze` is drawn on a room
/// lattice: the first difference between the maze's room graph and `graph` (`Some(None)` when
/// equal). `None` when the comparison by rooms does not apply.
pub fn room_difference(graph: &Graph, maze: &Maze, limits: &Limits) -> Option<Option<String>> {
    let cells =
        graph.shape().is_some() && graph_to_maze(graph, Layout::Coordinates, limits).is_ok();
    if cells || crate::rooms::not_rooms(graph).is_some() {
        return None;
    }
    let rooms = crate::rooms::room_graph(maze, limits).ok()?;
    Some(rooms.difference(graph))
}

/// Sets explicit terminals on an item: on a maze, the cells at those coordinates; on a graph,
/// the vertices so named ([`Terminal::find`]). A terminal left out keeps the item's own.
///
/// ```
/// use mazegraph::convert::{set_terminals, Terminal};
/// use mazegraph::format::{adj, Item};
/// let g = adj::parse("{'entrance': ['hall'], 'hall': ['exit']}", &Default::default()).unwrap();
/// let mut item = Item::Graph(g);
/// let (s, t) = (Terminal::parse("entrance"), Terminal::parse("exit"));
/// set_terminals(&mut item, Some(&s), Some(&t)).unwrap();
/// let Item::Graph(g) = item else { unreachable!() };
/// assert_eq!((g.start(), g.goal()), (Some(0), Some(1))); // sorted: entrance, exit, hall
/// ```
pub fn set_terminals(
    item: &mut Item,
    start: Option<&Terminal>,
    goal: Option<&Terminal>,
) -> Result<()> {
    match item {
        Item::Maze(m) => {
            let shape = m.shape().clone();
            let cell = |what: &str, t: Option<&Terminal>| -> Result<Option<usize>> {
                let Some(t) = t else { return Ok(None) };
                let Some(c) = t.cell() else {
                    return Err(Error::InvalidMaze(format!(
                        "{what} {t} is not a cell: a maze's cells are named by coordinates like 3,4"
                    )));
                };
                shape.index_signed(&c).map(Some).ok_or_else(|| {
                    Error::InvalidMaze(format!(
                        "{what} {} is outside the grid of shape {:?}",
                        crate::grid::fmt_coords(&c),
                        shape.dims()
                    ))
                })
            };
            let s = cell("start", start)?.or(m.explicit_start());
            let g = cell("goal", goal)?.or(m.explicit_goal());
            m.set_terminals(s, g)
        }
        Item::Graph(g) => {
            let find = |what: &str, t: Option<&Terminal>| -> Result<Option<u32>> {
                let Some(t) = t else { return Ok(None) };
                t.find(g).map(Some).ok_or_else(|| {
                    let some: Vec<String> = (0..g.vertex_count().min(3) as u32)
                        .map(|v| g.label(v).to_string())
                        .collect();
                    Error::InvalidGraph(format!(
                        "{what} {t} is not a vertex (the vertices are named like {}{})",
                        some.join(", "),
                        if g.vertex_count() > 3 { ", …" } else { "" }
                    ))
                })
            };
            let s = find("start", start)?.or(g.start());
            let t = find("goal", goal)?.or(g.goal());
            g.set_terminals(s, t)
        }
    }
}
