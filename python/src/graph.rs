//! `mazegraph.Graph` and `mazegraph.GraphSolution`, `read_graph` and `parse_graph`, and the
//! networkx conversions `Maze` shares.
//!
//! A graph is what the graph formats hold (adjacency list, node-link JSON, DOT, GraphML, GML,
//! edge lists): named vertices, maybe weighted edges, maybe a start and a goal. It is solved
//! on itself (its lightest path, as `mazegraph solve` solves a weighted graph no grid can
//! draw), oriented for its attractor (as `mazegraph attractor` does), and drawn as a maze when
//! it can be (`to_maze`).

use crate::attractor::{Attractor, Origin};
use crate::io::{located, read_bytes, write_file, Expect};
use crate::limits::{self, Work};
use crate::maze::{format_of, keep_weights, missing, type_name, Maze};
use crate::{bad_value, detached, error, kw, type_error, warn_notes, Arg, Int};
use mazegraph::convert::{set_terminals, Terminal};
use mazegraph::format::{graph_format_names, Format, Holds, Item, ReadOptions};
use mazegraph::graph::{GraphBuilder, Label};
use mazegraph::grid::Limits;
use mazegraph::layout::{graph_to_maze, Layout};
use mazegraph::solve::lightest::{lightest_path, GraphPath};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};

/// A graph vertex's label as Python: a coordinate tuple, an int or a str.
pub(crate) fn label<'py>(py: Python<'py>, label: Label) -> PyResult<Bound<'py, PyAny>> {
    Ok(match label {
        Label::Coord(c) => PyTuple::new(py, c)?.into_any(),
        Label::Int(i) => i.into_pyobject(py)?.into_any(),
        Label::Str(s) => PyString::new(py, &s).into_any(),
    })
}

/// A networkx node as a vertex label: a tuple of ints, or a str that writes one (`"(0, 0)"`),
/// is coordinates, an int an id, another str a name.
pub(crate) fn node_label(node: &Bound<'_, PyAny>) -> PyResult<Label> {
    if let Ok(s) = node.cast::<PyString>() {
        // A tuple written as text by a file format ("(0, 0)" from GraphML or GML) is the cell,
        // as `mazegraph.read` takes it.
        let s = s.to_string();
        return Ok(match mazegraph::format::tuple_name(&s) {
            Some(c) => Label::Coord(c),
            None => Label::Str(s),
        });
    }
    if node.cast::<PyTuple>().is_ok() {
        if let Ok(c) = node.extract::<Vec<i64>>() {
            if !c.is_empty() {
                return Ok(Label::Coord(c));
            }
        }
    } else if !node.is_instance_of::<pyo3::types::PyBool>() {
        if let Ok(i) = node.extract::<i64>() {
            return Ok(Label::Int(i));
        }
    }
    Err(error(format!(
        "node {} is not a tuple of integers (a cell), an integer or a string",
        node.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}

/// An edge weight as Python: an int when whole, else a float.
pub(crate) fn weight<'py>(py: Python<'py>, w: f64) -> PyResult<Bound<'py, PyAny>> {
    if w.fract() == 0.0 && w.abs() < 9.0e15 {
        Ok((w as i64).into_pyobject(py)?.into_any())
    } else {
        Ok(w.into_pyobject(py)?.into_any())
    }
}

/// A networkx graph read into a builder, as the graph readers read a file: nodes as labels
/// ([`node_label`]), the edge attribute `weight` (None: every edge 1) as weights, the graph
/// attributes "shape", "weighted", "start" and "goal". The counts are checked against
/// `limits` before anything is built. Returns the builder and whether the graph is directed.
pub(crate) fn networkx_builder(
    graph: &Bound<'_, PyAny>,
    weight: Option<&str>,
    limits: &Limits,
) -> PyResult<(GraphBuilder, bool)> {
    let py = graph.py();
    let wrong = |e: PyErr| match e.is_instance_of::<pyo3::exceptions::PyAttributeError>(py) {
        true => type_error(
            py,
            format!(
                "from_networkx takes a networkx graph, not {} ({e})",
                type_name(graph)
            ),
        ),
        false => bad_value(graph, e),
    };
    // The counts first, before anything is built: what they need is checked.
    let count = |what: &str| -> PyResult<u64> {
        let n = graph.call_method0(what).map_err(wrong)?;
        n.extract::<u64>().map_err(|e| bad_value(&n, e))
    };
    let (node_count, edge_count) = (count("number_of_nodes")?, count("number_of_edges")?);
    limits
        .check(node_count.saturating_add(edge_count))
        .map_err(error)?;
    limits
        .check_bytes(
            &format!("a graph of {node_count} nodes and {edge_count} edges"),
            node_count.saturating_add(edge_count).saturating_mul(32),
        )
        .map_err(error)?;
    let mut b = GraphBuilder::with_limits(*limits);
    let mut ids: Vec<u32> = Vec::new();
    let index = PyDict::new(py);
    let nodes = graph.call_method0("nodes").map_err(wrong)?;
    for (k, node) in nodes.try_iter().map_err(wrong)?.enumerate() {
        let node = node?;
        if k % 4096 == 0 {
            py.check_signals()?;
        }
        let id = b.vertex(node_label(&node)?);
        index.set_item(&node, ids.len())?;
        ids.push(id);
    }
    let directed = graph
        .call_method0("is_directed")
        .and_then(|d| d.is_truthy())
        .map_err(wrong)?;
    let kwargs = PyDict::new(py);
    match weight {
        Some(w) => {
            kwargs.set_item("data", w)?;
            kwargs.set_item("default", 1)?;
        }
        None => kwargs.set_item("data", false)?,
    }
    let edges = graph
        .getattr("edges")
        .and_then(|e| e.call((), Some(&kwargs)))
        .map_err(wrong)?;
    for (k, edge) in edges.try_iter().map_err(wrong)?.enumerate() {
        if k % 4096 == 0 {
            py.check_signals()?;
        }
        let edge = edge?;
        let (u, v, w): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) = match weight {
            Some(_) => edge.extract().map_err(|e| bad_value(&edge, e))?,
            None => {
                let (u, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                    edge.extract().map_err(|e| bad_value(&edge, e))?;
                (u, v, 1i64.into_pyobject(py)?.into_any())
            }
        };
        let at = |n: &Bound<'_, PyAny>| -> PyResult<u32> {
            let k: usize = index
                .get_item(n)?
                .ok_or_else(|| error("an edge names an unknown node"))?
                .extract()?;
            Ok(ids[k])
        };
        let w: f64 = w.extract().map_err(|_| {
            error(format!(
                "edge ({}, {}): its {} is not a number",
                u.repr().map(|r| r.to_string()).unwrap_or_default(),
                v.repr().map(|r| r.to_string()).unwrap_or_default(),
                weight.unwrap_or("weight")
            ))
        })?;
        b.edge(at(&u)?, at(&v)?, w).map_err(error)?;
    }
    let attrs = graph.getattr("graph").map_err(wrong)?;
    if let Ok(shape) = attrs.get_item("shape") {
        if let Ok(dims) = shape.extract::<Vec<usize>>() {
            b.set_shape(dims);
        }
    }
    if attrs
        .get_item("weighted")
        .and_then(|w| w.is_truthy())
        .unwrap_or(false)
    {
        b.set_weighted();
    }
    let own = |key: &str| -> PyResult<Option<Label>> {
        match attrs.get_item(key) {
            Ok(v) if !v.is_none() => node_label(&v).map(Some),
            _ => Ok(None),
        }
    };
    b.set_terminals(own("start")?, own("goal")?);
    Ok((b, directed))
}

/// The note of a networkx graph read as undirected, or of parallel edges merged.
pub(crate) fn networkx_notes(py: Python<'_>, directed: bool, merged: usize) -> PyResult<()> {
    let mut notes = Vec::new();
    if directed {
        notes.push("the graph is directed: its edges are read as undirected".to_string());
    } else if merged > 0 {
        notes.push(format!(
            "{merged} parallel edge{} merged into the edge{} they repeat (the lighter kept)",
            if merged == 1 { "" } else { "s" },
            if merged == 1 { "" } else { "s" }
        ));
    }
    warn_notes(py, "networkx graph", &notes)
}

/// `graph` as a networkx.Graph: nodes are the labels, edges carry "weight" when the graph is
/// weighted; graph attributes "shape" (grid cells), "start" and "goal" when known.
pub(crate) fn to_networkx<'py>(
    py: Python<'py>,
    graph: &mazegraph::Graph,
) -> PyResult<Bound<'py, PyAny>> {
    let nx = py
        .import("networkx")
        .map_err(missing("networkx", "to_networkx"))?;
    let g = nx.call_method0("Graph")?;
    let nodes: Vec<Bound<'py, PyAny>> = (0..graph.vertex_count() as u32)
        .map(|v| label(py, graph.label(v)))
        .collect::<PyResult<_>>()?;
    g.call_method1("add_nodes_from", (PyList::new(py, &nodes)?,))?;
    let edges = PyList::empty(py);
    for (k, (a, b, w)) in graph.edges().enumerate() {
        if k % 4096 == 0 {
            py.check_signals()?;
        }
        let (u, v) = (&nodes[a as usize], &nodes[b as usize]);
        if graph.is_weighted() {
            let attrs = PyDict::new(py);
            attrs.set_item("weight", weight(py, w)?)?;
            edges.append((u, v, attrs))?;
        } else {
            edges.append((u, v))?;
        }
    }
    g.call_method1("add_edges_from", (edges,))?;
    let attrs = g.getattr("graph")?;
    if let Some(shape) = graph.shape() {
        attrs.set_item("shape", PyTuple::new(py, shape.dims())?)?;
    }
    if let Some(s) = graph.start() {
        attrs.set_item("start", &nodes[s as usize])?;
    }
    if let Some(t) = graph.goal() {
        attrs.set_item("goal", &nodes[t as usize])?;
    }
    Ok(g)
}

/// A start or goal given in Python for a graph: the node itself (a str, an int, a tuple), or
/// a string as the CLI's `--start`/`--goal` take it ("3,4", "room:0,0").
fn vertex(
    graph: &mazegraph::Graph,
    what: &str,
    value: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Terminal>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if let Ok(s) = v.cast::<PyString>() {
        let s = s.to_string();
        if graph.find(&Label::Str(s.clone())).is_some() {
            return Ok(Some(Terminal::Name(s)));
        }
        return Terminal::parse_option(&s).map(Some).map_err(error);
    }
    match vertex_label(what, v)? {
        Label::Coord(c) => Ok(Some(Terminal::Coords(c))),
        Label::Int(i) => Ok(Some(Terminal::Coords(vec![i]))),
        Label::Str(s) => Ok(Some(Terminal::Name(s))),
    }
}

/// A vertex given in Python as its label: a MazeTypeError for a value no vertex can be (a
/// float, a list), a MazeError for an int or a tuple out of range.
fn vertex_label(what: &str, v: &Bound<'_, PyAny>) -> PyResult<Label> {
    node_label(v).map_err(|e| {
        let int = v.is_instance_of::<pyo3::types::PyInt>() || v.cast::<PyTuple>().is_ok();
        match int && !v.is_instance_of::<pyo3::types::PyBool>() {
            true => e,
            false => type_error(
                v.py(),
                format!(
                    "{what}: expected a vertex (a str, an int or a tuple of ints), not {}",
                    type_name(v)
                ),
            ),
        }
    })
}

/// The graph with its terminals set to `start` and `goal` (each left as it is when None).
fn with_terminals(
    graph: &mazegraph::Graph,
    start: Option<&Terminal>,
    goal: Option<&Terminal>,
) -> Result<mazegraph::Graph, String> {
    let mut item = Item::Graph(graph.clone());
    set_terminals(&mut item, start, goal).map_err(|e| e.to_string())?;
    match item {
        Item::Graph(g) => Ok(g),
        Item::Maze(_) => Err("internal error: a graph became a maze".to_string()),
    }
}

/// What reading a file as a graph gave: the graph and the reader's notes.
fn load(
    bytes: &[u8],
    format: Format,
    opts: &ReadOptions,
    path: &Path,
) -> Result<(mazegraph::Graph, Vec<String>), String> {
    let loc = |e| located(path, e);
    let (item, notes) = format.read_noted(bytes, opts).map_err(loc)?;
    let graph = match item {
        Item::Graph(g) => g,
        Item::Maze(m) => {
            limits::check(m.shape(), Work::CellGraph, &opts.limits).map_err(loc)?;
            mazegraph::Graph::from_maze(&m)
        }
    };
    Ok((graph, notes))
}

/// The layout of `to_maze`'s `layout`.
fn layout(name: &str) -> PyResult<Layout> {
    match name.to_ascii_lowercase().as_str() {
        "auto" => Ok(Layout::Auto),
        "coordinates" => Ok(Layout::Coordinates),
        "rooms" => Ok(Layout::Rooms),
        "row" => Ok(Layout::Row),
        _ => Err(error(format!(
            "layout {name:?}: expected auto, coordinates, rooms or row"
        ))),
    }
}

/// read_graph(path, *, format=None, start=None, goal=None, max_cells=None, max_memory=None)
/// reads a graph file as `mazegraph` reads one: any graph format (adj, graph.json, dot, gv,
/// graphml, gml, edges, tokens), the format from the extension or `format`; a maze file
/// (png, txt, json) gives its cell graph. `start`/`goal` set the terminals (vertices by name,
/// id or coordinates). Notes (a directed graph read as undirected, …) are MazeWarnings.
#[pyfunction]
#[pyo3(signature = (path, *, format=None, start=None, goal=None, max_cells=None, max_memory=None))]
pub fn read_graph(
    py: Python<'_>,
    path: Arg<PathBuf>,
    format: Option<Arg<String>>,
    start: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Graph> {
    let (path, format) = (path.0, format.map(|a| a.0));
    let limits = limits::limits(max_cells.map(|a| a.0), max_memory.map(|a| a.0))?;
    let format = format_of(&path, format.as_deref())?;
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    let (graph, notes) = detached(py, || {
        let (bytes, stopped) = read_bytes(&path, Expect::of(format), &limits)?;
        let loaded = load(&bytes, format, &opts, &path)?;
        stopped.map_or(Ok(loaded), Err)
    })?;
    warn_notes(py, &path.display().to_string(), &notes)?;
    Graph::with(py, graph, limits, start, goal)
}

/// parse_graph(data, format, *, start=None, goal=None, max_cells=None, max_memory=None) reads a
/// graph from the contents of a file (str or bytes) in `format`, as `read_graph` reads files;
/// messages name it `<data>`.
#[pyfunction]
#[pyo3(signature = (data, format, *, start=None, goal=None, max_cells=None, max_memory=None))]
pub fn parse_graph(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    format: Arg<String>,
    start: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Graph> {
    let limits = limits::limits(max_cells.map(|a| a.0), max_memory.map(|a| a.0))?;
    let format = Format::from_name(&format.0).map_err(error)?;
    let bytes = crate::maze::data_bytes(data, "parse_graph")?;
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    let (graph, notes) = detached(py, || {
        limits
            .check_bytes("reading <data>", bytes.len() as u64)
            .map_err(|e| e.to_string())?;
        load(&bytes, format, &opts, Path::new("<data>"))
    })?;
    warn_notes(py, "<data>", &notes)?;
    Graph::with(py, graph, limits, start, goal)
}

/// A graph: vertices named by strings, ints or coordinate tuples (as networkx nodes), edges
/// with weights (1 when unweighted), maybe a start and a goal.
///
/// Made by `read_graph`, `parse_graph`, `Graph.from_networkx` or `Graph.from_maze`.
#[pyclass(module = "mazegraph", name = "Graph", frozen)]
pub struct Graph {
    /// The graph, behind a lock held only to take or replace it: long work runs on its own
    /// reference, and setting a terminal meanwhile changes a copy.
    graph: RwLock<Arc<mazegraph::Graph>>,
    /// The limits the graph was made with: its later work is held to them.
    limits: Limits,
}

impl Graph {
    pub(crate) fn new(graph: mazegraph::Graph, limits: Limits) -> Graph {
        Graph {
            graph: RwLock::new(Arc::new(graph)),
            limits,
        }
    }

    /// A graph with the terminals given in Python set.
    fn with(
        py: Python<'_>,
        graph: mazegraph::Graph,
        limits: Limits,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Graph> {
        let (s, g) = (
            vertex(&graph, "start", start)?,
            vertex(&graph, "goal", goal)?,
        );
        let graph = match (s, g) {
            (None, None) => graph,
            (s, g) => detached(py, || with_terminals(&graph, s.as_ref(), g.as_ref()))?,
        };
        Ok(Graph::new(graph, limits))
    }

    /// The graph as it is now.
    fn get(&self) -> Arc<mazegraph::Graph> {
        Arc::clone(&self.graph.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// The limits for a piece of work: the graph's own, with `max_memory` if given.
    fn limits(&self, max_memory: Option<Int<u64, kw::MaxMemory>>) -> PyResult<Limits> {
        limits::of_work(&self.limits, max_memory.map(|a| a.0))
    }

    /// The graph with `start` and `goal` set when given (else its own), refused with the
    /// words of `what` when it then has no start or goal.
    fn terminals(
        &self,
        py: Python<'_>,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        goal_word: &str,
    ) -> PyResult<Arc<mazegraph::Graph>> {
        let graph = self.get();
        let (s, g) = (
            vertex(&graph, "start", start)?,
            vertex(&graph, goal_word, goal)?,
        );
        let graph = match (&s, &g) {
            (None, None) => graph,
            _ => Arc::new(detached(py, || {
                // The library names the goal; `attractor` takes it as `target`.
                with_terminals(&graph, s.as_ref(), g.as_ref())
                    .map_err(|e| e.replacen("graph: goal ", &format!("graph: {goal_word} "), 1))
            })?),
        };
        if graph.start().is_none() || graph.goal().is_none() {
            return Err(error(format!(
                "the graph has no start and {goal_word}: give them with start= and {goal_word}= (vertices by name), or set graph.start and graph.goal"
            )));
        }
        Ok(graph)
    }

    /// Sets the start (or the goal) under the write lock, so that two setters never undo
    /// each other; the graph is copied only when long work holds it meanwhile.
    fn set_terminal(&self, value: Option<&Bound<'_, PyAny>>, start: bool) -> PyResult<()> {
        let what = if start { "start" } else { "goal" };
        let mut held = self.graph.write().unwrap_or_else(PoisonError::into_inner);
        let v = match vertex(&held, what, value)? {
            None => None,
            Some(t) => {
                // Found as `start=`/`goal=` find it, in the library's words when it is not.
                let (s, g) = if start {
                    (Some(&t), None)
                } else {
                    (None, Some(&t))
                };
                let found = with_terminals(&held, s, g).map_err(error)?;
                if start {
                    found.start()
                } else {
                    found.goal()
                }
            }
        };
        let graph = Arc::make_mut(&mut held);
        let (s, g) = if start {
            (v, graph.goal())
        } else {
            (graph.start(), v)
        };
        graph.set_terminals(s, g).map_err(error)
    }

    /// The vertex named `v`, or a MazeError naming it.
    fn find(&self, graph: &mazegraph::Graph, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        let shown = || v.repr().map(|r| r.to_string()).unwrap_or_default();
        let label = vertex_label("vertex", v)?;
        graph
            .find(&label)
            .ok_or_else(|| error(format!("{} is not a vertex of the graph", shown())))
    }
}

#[pymethods]
impl Graph {
    /// `Graph()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(py, "a Graph is made by read_graph, parse_graph, Graph.from_networkx or Graph.from_maze, not by Graph()"))
    }

    /// A graph from a networkx graph: nodes (strings, ints, coordinate tuples) are the
    /// vertices, the edge attribute `weight` the weights (None: every edge 1), the graph
    /// attributes "start" and "goal" (or the keywords) the terminals. A directed graph is read
    /// as undirected (a MazeWarning).
    #[classmethod]
    #[pyo3(signature = (graph, weight=Some(Arg("weight".to_string())), *, start=None, goal=None, max_cells=None, max_memory=None), text_signature = "(graph, weight='weight', *, start=None, goal=None, max_cells=None, max_memory=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_networkx(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        graph: &Bound<'_, PyAny>,
        weight: Option<Arg<String>>,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        max_cells: Option<Int<u64, kw::MaxCells>>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Graph> {
        let limits = limits::limits(max_cells.map(|a| a.0), max_memory.map(|a| a.0))?;
        let weight = weight.map(|a| a.0);
        let (b, directed) = networkx_builder(graph, weight.as_deref(), &limits)?;
        let (g, merged) = detached(py, || b.finish_counted(&limits).map_err(|e| e.to_string()))?;
        networkx_notes(py, directed, merged)?;
        Graph::with(py, g, limits, start, goal)
    }

    /// The graph of a maze: a vertex per path cell (its coordinates), an edge per adjacency or
    /// portal; with `junctions=True` only the terminals, dead ends, junctions, turns and
    /// portal ends, each edge weighted by its corridor's length.
    #[classmethod]
    #[pyo3(signature = (maze, junctions=Arg(false), *, max_memory=None), text_signature = "(maze, junctions=False, *, max_memory=None)")]
    fn from_maze(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        maze: &Bound<'_, PyAny>,
        junctions: Arg<bool>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Graph> {
        let maze = maze.cast::<Maze>().map_err(|_| {
            type_error(
                py,
                format!("from_maze takes a Maze, not {}", type_name(maze)),
            )
        })?;
        let owner = maze.get();
        let limits = owner.limits(max_memory.map(|a| a.0))?;
        let graph = owner.graph(py, junctions.0, &limits)?;
        Ok(Graph::new(graph, owner.limits))
    }

    /// Number of vertices.
    #[getter]
    fn vertex_count(&self) -> usize {
        self.get().vertex_count()
    }

    /// Number of (undirected) edges.
    #[getter]
    fn edge_count(&self) -> usize {
        self.get().edge_count()
    }

    /// True when the edges carry weights.
    #[getter]
    fn weighted(&self) -> bool {
        self.get().is_weighted()
    }

    /// The vertices (strings, ints or coordinate tuples), sorted.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let g = self.get();
        (0..g.vertex_count() as u32)
            .map(|v| label(py, g.label(v)))
            .collect()
    }

    /// The edges as (u, v, weight) triples, sorted (weight 1 in an unweighted graph).
    #[getter]
    fn edges<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let g = self.get();
        g.edges()
            .map(|(a, b, w)| {
                PyTuple::new(
                    py,
                    [
                        label(py, g.label(a))?,
                        label(py, g.label(b))?,
                        weight(py, w)?,
                    ],
                )
            })
            .collect()
    }

    /// The weight of the edge u -- v (1 in an unweighted graph).
    fn weight<'py>(
        &self,
        py: Python<'py>,
        u: &Bound<'py, PyAny>,
        v: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = self.get();
        let (a, b) = (self.find(&g, u)?, self.find(&g, v)?);
        let Ok(k) = g.neighbours(a).binary_search(&b) else {
            return Err(error(format!(
                "no edge between {} and {}",
                g.label(a),
                g.label(b)
            )));
        };
        weight(py, g.neighbour_weights(a).map_or(1.0, |w| w[k]))
    }

    /// The neighbours of vertex `v`, sorted.
    fn neighbors<'py>(
        &self,
        py: Python<'py>,
        v: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let g = self.get();
        let a = self.find(&g, v)?;
        g.neighbours(a)
            .iter()
            .map(|&u| label(py, g.label(u)))
            .collect()
    }

    /// The grid shape the vertices' coordinates lie in, when they are grid cells.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.get()
            .shape()
            .map(|s| PyTuple::new(py, s.dims()))
            .transpose()
    }

    /// The start vertex, when known. Settable (a vertex, or None).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let g = self.get();
        g.start().map(|s| label(py, g.label(s))).transpose()
    }

    #[setter]
    fn set_start(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_terminal(value, true)
    }

    /// `del graph.start` is `graph.start = None`: the graph has no start.
    #[deleter]
    fn delete_start(&self) -> PyResult<()> {
        self.set_terminal(None, true)
    }

    /// The goal vertex, when known. Settable like `start`.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let g = self.get();
        g.goal().map(|t| label(py, g.label(t))).transpose()
    }

    #[setter]
    fn set_goal(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_terminal(value, false)
    }

    /// `del graph.goal` is `graph.goal = None`.
    #[deleter]
    fn delete_goal(&self) -> PyResult<()> {
        self.set_terminal(None, false)
    }

    fn __len__(&self) -> usize {
        self.get().vertex_count()
    }

    fn __contains__(&self, v: &Bound<'_, PyAny>) -> bool {
        node_label(v).is_ok_and(|l| self.get().find(&l).is_some())
    }

    /// The lightest path from `start` to `goal` (the graph's own when not given), as `mazegraph
    /// solve` solves a graph: Dijkstra over the weights (1 an edge when unweighted), the fewest
    /// edges among paths of equal weight. No path is not an error: the solution's path is None.
    #[pyo3(signature = (start=None, goal=None, *, max_memory=None))]
    pub(crate) fn solve(
        &self,
        py: Python<'_>,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<GraphSolution> {
        let limits = self.limits(max_memory)?;
        let graph = self.terminals(py, start, goal, "goal")?;
        let g = &*graph;
        let path = detached(py, || {
            budget(g, Work::Search, &limits)?;
            let (Some(s), Some(t)) = (g.start(), g.goal()) else {
                return Err("internal error: the terminals went missing".to_string());
            };
            lightest_path(g, s, t).map_err(|e| e.to_string())
        })?;
        Ok(GraphSolution { graph, path })
    }

    /// The attractor of `target` (the goal by default) in the graph oriented away from `start`
    /// (its start by default), as `mazegraph attractor` computes it on a graph: the vertices on
    /// lightest paths from the start to the target, each ranked by the edges (moves) left to
    /// the target along them. The weights must be whole numbers (lengths in steps).
    #[pyo3(signature = (target=None, *, start=None, max_memory=None))]
    fn attractor(
        &self,
        py: Python<'_>,
        target: Option<&Bound<'_, PyAny>>,
        start: Option<&Bound<'_, PyAny>>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Attractor> {
        let limits = self.limits(max_memory)?;
        let graph = self.terminals(py, start, target, "target")?;
        detached(py, || {
            budget(&graph, Work::Attractor, &limits)?;
            crate::attractor::compute(Origin::Graph(graph))
        })
    }

    /// The graph drawn as a maze, as `mazegraph` draws a graph file: `layout` "auto" (at the
    /// vertices' coordinates when they are grid cells, else as rooms one step apart, else the
    /// seed's row of cells joined by portals), "coordinates", "rooms" or "row". A graph whose
    /// weights no grid can draw is refused.
    #[pyo3(signature = (layout=Arg("auto".to_string()), *, max_memory=None), text_signature = "($self, layout='auto', *, max_memory=None)")]
    fn to_maze(
        &self,
        py: Python<'_>,
        layout: Arg<String>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Maze> {
        let limits = self.limits(max_memory)?;
        let layout = self::layout(&layout.0)?;
        let graph = self.get();
        let g = &*graph;
        let maze = detached(py, || {
            graph_to_maze(g, layout, &limits)
                .map(|p| p.maze)
                .map_err(|e| {
                    let keep = "the Graph keeps them (solve, attractor and write work on it)";
                    // to_maze takes no max_cells: the graph's own limit is given where it is read.
                    keep_weights(e, keep).to_string().replace(
                        "(raise it with --max-cells)",
                        "(raise it with max_cells= where the graph is made: read_graph, parse_graph or Graph.from_networkx)",
                    )
                })
        })?;
        Ok(Maze::new(maze, self.limits))
    }

    /// The graph as a networkx.Graph (needs networkx): nodes are the vertices, edges carry
    /// "weight" when the graph is weighted; graph attributes "start" and "goal" when known,
    /// "shape" when the vertices are grid cells.
    fn to_networkx<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_networkx(py, &self.get())
    }

    /// Writes the graph to `path` in the graph format its extension names (or `format`): adj,
    /// graph.json, dot, graphml, gml or edges, as `mazegraph convert` writes them, and as
    /// safely as `Maze.write`.
    #[pyo3(signature = (path, *, format=None))]
    fn write(
        &self,
        py: Python<'_>,
        path: Arg<PathBuf>,
        format: Option<Arg<String>>,
    ) -> PyResult<()> {
        let (path, format) = (path.0, format.map(|a| a.0));
        let to = format_of(&path, format.as_deref())?;
        if to.holds() == Holds::Maze {
            return Err(error(format!(
                "{to} holds mazes, not graphs: write a graph format ({}), or draw the graph with to_maze() first",
                graph_format_names()
            )));
        }
        let graph = self.get();
        let g = &*graph;
        // The library's words for a format it only reads ("tokens is read only here").
        to.write_graph(g, &mut std::io::sink()).map_err(error)?;
        write_file(py, &path, |w| to.write_graph(g, w))
    }

    /// The first difference between the two graphs (labels and weights, not terminals); None
    /// when they are equal (`==`).
    fn difference(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let other = other.cast::<Graph>().map_err(|_| {
            type_error(
                py,
                format!("difference takes a Graph, not {}", type_name(other)),
            )
        })?;
        let (a, b) = (self.get(), other.get().get());
        let (a, b) = (&*a, &*b);
        detached(py, || Ok(a.difference(b)))
    }

    /// Two graphs are equal when they have the same vertices and edges (and weights).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if other.cast::<Graph>().is_err() {
            return Ok(false);
        }
        Ok(self.difference(py, other)?.is_none())
    }

    /// Pickling (and `copy.deepcopy`, Dask, Ray): the graph as its node-link JSON (what
    /// `write(format="graph.json")` writes: the vertices' names, the weights, the terminals,
    /// exactly), with its limits.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let text = graph_json(&this.get())?;
        let state = (
            pyo3::types::PyBytes::new(slf.py(), &text),
            this.limits.max_cells,
            this.limits.max_bytes,
        );
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The graph a pickle holds ([`Graph::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        state: Arg<(Vec<u8>, u64, u64)>,
    ) -> PyResult<Graph> {
        let (text, max_cells, max_bytes) = state.0;
        let limits = Limits {
            max_cells,
            max_bytes,
        };
        let graph = detached(py, || from_graph_json(&text, limits))?;
        Ok(Graph::new(graph, limits))
    }

    fn __repr__(&self) -> String {
        let g = self.get();
        let name = |v: Option<u32>| v.map_or("None".to_string(), |v| g.label(v).to_string());
        format!(
            "Graph({} vertices, {} edges{}, start={}, goal={})",
            g.vertex_count(),
            g.edge_count(),
            if g.is_weighted() { ", weighted" } else { "" },
            name(g.start()),
            name(g.goal())
        )
    }
}

/// `graph` as node-link JSON (`.graph.json`), the text a pickle holds.
pub(crate) fn graph_json(graph: &mazegraph::Graph) -> PyResult<Vec<u8>> {
    let mut text = Vec::new();
    Format::GraphJson
        .write_graph(graph, &mut text)
        .map_err(error)?;
    Ok(text)
}

/// The graph of node-link JSON `text` ([`graph_json`]), within `limits`.
pub(crate) fn from_graph_json(text: &[u8], limits: Limits) -> Result<mazegraph::Graph, String> {
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    match Format::GraphJson.read_noted(text, &opts) {
        Ok((Item::Graph(g), _)) => Ok(g),
        Ok((Item::Maze(_), _)) => Err("a pickled graph holds a maze".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Refuses `work` on `g` when its estimate (per vertex and edge) is over the budget.
fn budget(g: &mazegraph::Graph, work: Work, limits: &Limits) -> Result<(), String> {
    let units = (g.vertex_count() as u64).saturating_add(g.edge_count() as u64);
    let what = format!(
        "a graph of {} vertices and {} edges",
        g.vertex_count(),
        g.edge_count()
    );
    work.check(units, &what, limits).map_err(|e| e.to_string())
}

/// A pickled GraphSolution ([`GraphSolution::__reduce__`]): its graph's JSON text, the path's
/// vertex names (None: no path), its weight and the vertices settled.
type SolutionState<'py> = (Vec<u8>, Option<Vec<Bound<'py, PyAny>>>, Option<f64>, usize);

/// A graph's lightest path (`Graph.solve`).
#[pyclass(module = "mazegraph", name = "GraphSolution", frozen)]
pub struct GraphSolution {
    /// The graph solved, with the terminals it was solved between.
    graph: Arc<mazegraph::Graph>,
    path: GraphPath,
}

#[pymethods]
impl GraphSolution {
    /// `GraphSolution()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(
            py,
            "a GraphSolution is made by Graph.solve, not by GraphSolution()",
        ))
    }

    /// The path's vertices from start to goal; None when there is no path.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        let g = &self.graph;
        self.path
            .path
            .as_ref()
            .map(|p| p.iter().map(|&v| label(py, g.label(v))).collect())
            .transpose()
    }

    /// The path's edges; None when there is no path.
    #[getter]
    fn length(&self) -> Option<usize> {
        self.path.path.as_ref().map(|p| p.len().saturating_sub(1))
    }

    /// The path's total weight (its edges in an unweighted graph); None when there is no path.
    #[getter]
    fn weight<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.path.weight.map(|w| weight(py, w)).transpose()
    }

    /// True when a path was found.
    #[getter]
    fn solved(&self) -> bool {
        self.path.path.is_some()
    }

    /// Vertices settled by the search.
    #[getter]
    fn visited(&self) -> usize {
        self.path.settled
    }

    /// The start vertex.
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let g = &self.graph;
        g.start().map(|s| label(py, g.label(s))).transpose()
    }

    /// The goal vertex.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let g = &self.graph;
        g.goal().map(|t| label(py, g.label(t))).transpose()
    }

    /// Pickling (and `copy.deepcopy`): the graph solved (as a Graph is pickled, with the
    /// terminals it was solved between), the path's vertices by name, its weight and the
    /// vertices settled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let text = graph_json(&this.graph)?;
        let state = (
            pyo3::types::PyBytes::new(py, &text),
            this.path(py)?,
            this.path.weight,
            this.path.settled,
        );
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The solution a pickle holds ([`GraphSolution::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        state: Arg<SolutionState<'_>>,
    ) -> PyResult<GraphSolution> {
        let (text, names, weight, settled) = state.0;
        // A solution keeps no limits of its own: its graph is read under the defaults.
        let limits = limits::limits(None, None)?;
        let graph = detached(py, || from_graph_json(&text, limits))?;
        let path = names
            .map(|names| {
                names
                    .iter()
                    .map(|n| {
                        graph.find(&node_label(n)?).ok_or_else(|| {
                            error("a pickled graph solution names a vertex not in its graph")
                        })
                    })
                    .collect::<PyResult<Vec<u32>>>()
            })
            .transpose()?;
        Ok(GraphSolution {
            graph: Arc::new(graph),
            path: GraphPath {
                path,
                weight,
                settled,
            },
        })
    }

    /// The summary `mazegraph solve` prints for a graph (without the file name and time).
    fn __repr__(&self) -> String {
        let g = &self.graph;
        let name = |v: Option<u32>| v.map_or(String::new(), |v| g.label(v).to_string());
        match (&self.path.path, self.path.weight) {
            (Some(p), Some(w)) => format!(
                "GraphSolution(lightest path: {} edges, weight {}, {} vertices settled: {})",
                p.len().saturating_sub(1),
                mazegraph::format::weight_text(w),
                self.path.settled,
                p.iter()
                    .map(|&v| g.label(v).to_string())
                    .collect::<Vec<_>>()
                    .join(" - ")
            ),
            _ => format!(
                "GraphSolution(no solution: the goal {} cannot be reached from the start {})",
                name(g.goal()),
                name(g.start())
            ),
        }
    }
}
