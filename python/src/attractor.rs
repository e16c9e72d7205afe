//! `mazegraph.Attractor`: the one attractor type of mazes, graphs and games.
//!
//! An attractor's vertices are named as their owner names them: a maze's by coordinate tuples,
//! a graph's by its labels (ints, strings, tuples), a game's by vertex ids. It is also a
//! read-only mapping from each of its vertices to its rank (what `Maze.attractor` returned, a
//! dict, before there was one type).

use crate::graph::{label, node_label};
use crate::{detached, error, Arg};
use mazegraph::game::{attractor, Attractor as Attr, Game, Player};
use mazegraph::grid::Shape;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyList, PyTuple, PyType};
use std::sync::Arc;

/// How an attractor's vertices are named.
pub enum Names {
    /// A game's vertex ids.
    Game,
    /// The cells of a maze's game: vertex `v` is the cell `cells[v]` (increasing) of `shape`.
    Cells(Shape, Vec<u32>),
    /// A graph's labels (vertex `v` of the game is vertex `v` of the graph).
    Labels(Arc<mazegraph::Graph>),
}

impl Names {
    /// The name of vertex `v` as Python.
    fn name<'py>(&self, py: Python<'py>, v: u32) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Names::Game => Ok(v.into_pyobject(py)?.into_any()),
            Names::Cells(shape, cells) => {
                Ok(PyTuple::new(py, shape.coords(cells[v as usize] as usize))?.into_any())
            }
            Names::Labels(g) => label(py, g.label(v)),
        }
    }

    /// The vertex named `name`, if there is one.
    fn find(&self, name: &Bound<'_, PyAny>, vertex_count: usize) -> Option<u32> {
        match self {
            Names::Game => name
                .extract::<u32>()
                .ok()
                .filter(|&v| (v as usize) < vertex_count),
            Names::Cells(shape, cells) => {
                if name.cast::<PyTuple>().is_err() {
                    return None;
                }
                let c = name.extract::<Vec<i64>>().ok()?;
                let cell = u32::try_from(shape.index_signed(&c)?).ok()?;
                cells.binary_search(&cell).ok().map(|v| v as u32)
            }
            Names::Labels(g) => g.find(&node_label(name).ok()?),
        }
    }

    /// The name of vertex `v` as text (the CLI's summary): `(r, c)`, a label, or the id.
    fn text(&self, v: u32) -> String {
        match self {
            Names::Game => v.to_string(),
            Names::Cells(shape, cells) => shape.fmt_index(cells[v as usize] as usize),
            Names::Labels(g) => match g.label(v) {
                mazegraph::graph::Label::Str(s) => s,
                l => l.to_string(),
            },
        }
    }
}

/// What an attractor was computed on, which computes it again when it is unpickled: the
/// maze's goal's, the graph's target's (its goal, from its start), or a game's.
pub enum Origin {
    /// `Maze.attractor`: the goal's attractor in the maze oriented away from its start.
    Maze(Arc<mazegraph::Maze>),
    /// `Graph.attractor`: the goal's, in the graph (with the terminals used) oriented away
    /// from its start.
    Graph(Arc<mazegraph::Graph>),
    /// `Game.attractor`: the player's attractor of the targets.
    Game(Arc<Game>, Player, Vec<u32>),
}

/// The attractor of `origin`, computed (on a maze or a graph, their orientation's) with the
/// vertices named and the start told as `Maze.attractor`, `Graph.attractor` and
/// `Game.attractor` tell them.
pub fn compute(origin: Origin) -> Result<Attractor, String> {
    let e = |e: mazegraph::Error| e.to_string();
    match origin {
        Origin::Maze(maze) => {
            let o = mazegraph::game::orient(&maze).map_err(e)?;
            let a = attractor(&o.game, Player::Zero, &[o.goal]).map_err(e)?;
            let n = o.game.vertex_count();
            let names = Names::Cells(maze.shape().clone(), o.cells);
            Ok(Attractor::new(
                a,
                n,
                Some(o.start),
                None,
                names,
                Origin::Maze(maze),
            ))
        }
        Origin::Graph(graph) => {
            let o = mazegraph::game::orient_graph(&graph).map_err(e)?;
            let a = attractor(&o.game, Player::Zero, &[o.goal]).map_err(e)?;
            let (n, start) = (o.game.vertex_count(), o.start);
            let names = Names::Labels(Arc::clone(&graph));
            Ok(Attractor::new(
                a,
                n,
                Some(start),
                None,
                names,
                Origin::Graph(graph),
            ))
        }
        Origin::Game(game, player, targets) => {
            let a = attractor(&game, player, &targets).map_err(e)?;
            let label = game.start().map(|s| game.label(s));
            let (n, start) = (game.vertex_count(), game.start());
            let origin = Origin::Game(game, player, targets);
            Ok(Attractor::new(a, n, start, label, Names::Game, origin))
        }
    }
}

/// An attractor: the vertices from which a player forces the token into a target, with their
/// ranks (moves needed) and a memoryless strategy. A read-only mapping from each vertex to
/// its rank.
#[pyclass(module = "mazegraph", name = "Attractor", frozen, mapping)]
pub struct Attractor {
    attractor: Attr,
    vertex_count: usize,
    /// The game's start, named in the summary (a game's own, a maze's or a graph's start).
    start: Option<(u32, String)>,
    names: Names,
    origin: Origin,
}

impl Attractor {
    /// The attractor `attractor` of a game of `vertex_count` vertices, named by `names`, with
    /// the start the summary tells about.
    pub fn new(
        attractor: Attr,
        vertex_count: usize,
        start: Option<u32>,
        label: Option<String>,
        names: Names,
        origin: Origin,
    ) -> Attractor {
        let start = start.map(|s| (s, label.unwrap_or_else(|| names.text(s))));
        Attractor {
            attractor,
            vertex_count,
            start,
            names,
            origin,
        }
    }

    fn names<'py>(&self, py: Python<'py>, vs: &[u32]) -> PyResult<Bound<'py, PyList>> {
        let names: Vec<Bound<'py, PyAny>> = vs
            .iter()
            .map(|&v| self.names.name(py, v))
            .collect::<PyResult<_>>()?;
        PyList::new(py, names)
    }
}

#[pymethods]
impl Attractor {
    /// `Attractor()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(py, "an Attractor is made by Maze.attractor, Graph.attractor or Game.attractor, not by Attractor()"))
    }

    /// The attracting player (0 or 1).
    #[getter]
    fn player(&self) -> u8 {
        self.attractor.player().index()
    }

    /// The target vertices.
    #[getter]
    fn targets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.names(py, self.attractor.targets())
    }

    /// The attractor's vertices, by rank.
    #[getter]
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.names(py, self.attractor.vertices())
    }

    /// The rank of each vertex of the attractor (0 for the target): a dict.
    #[getter]
    fn rank<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for &v in self.attractor.vertices() {
            d.set_item(
                self.names.name(py, v)?,
                self.attractor.rank(v).unwrap_or_default(),
            )?;
        }
        Ok(d)
    }

    /// The player's move at each of its attractor vertices outside the target: a dict.
    #[getter]
    fn strategy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for &v in self.attractor.vertices() {
            if let Some(m) = self.attractor.strategy(v) {
                d.set_item(self.names.name(py, v)?, self.names.name(py, m)?)?;
            }
        }
        Ok(d)
    }

    /// The largest rank.
    #[getter]
    fn max_rank(&self) -> u32 {
        self.attractor.max_rank()
    }

    fn __len__(&self) -> usize {
        self.attractor.len()
    }

    fn __contains__(&self, v: &Bound<'_, PyAny>) -> bool {
        self.names
            .find(v, self.vertex_count)
            .is_some_and(|v| self.attractor.contains(v))
    }

    /// The rank of vertex `v` (a KeyError when it is not in the attractor).
    fn __getitem__(&self, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.names
            .find(v, self.vertex_count)
            .and_then(|k| self.attractor.rank(k))
            .ok_or_else(|| PyKeyError::new_err(v.clone().unbind()))
    }

    /// The vertices, by rank.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.vertices(py)?.try_iter()
    }

    /// The vertices, by rank (as a dict's keys).
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.vertices(py)
    }

    /// The ranks, in the order of `keys`.
    fn values(&self) -> Vec<u32> {
        let a = &self.attractor;
        a.vertices()
            .iter()
            .map(|&v| a.rank(v).unwrap_or_default())
            .collect()
    }

    /// (vertex, rank) pairs, by rank.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let a = &self.attractor;
        let pairs: Vec<(Bound<'py, PyAny>, u32)> = a
            .vertices()
            .iter()
            .map(|&v| Ok((self.names.name(py, v)?, a.rank(v).unwrap_or_default())))
            .collect::<PyResult<_>>()?;
        PyList::new(py, pairs)
    }

    /// The rank of `v`, or `default` when it is not in the attractor.
    #[pyo3(signature = (v, default=None))]
    fn get<'py>(
        &self,
        v: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = v.py();
        match self
            .names
            .find(v, self.vertex_count)
            .and_then(|k| self.attractor.rank(k))
        {
            Some(r) => Ok(Some(r.into_pyobject(py)?.into_any())),
            None => Ok(default),
        }
    }

    /// Equal to another attractor with the same ranks, or to a dict of them (what
    /// `Maze.attractor` returned before).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = other.py();
        let mine = self.rank(py)?;
        if let Ok(a) = other.cast::<Attractor>() {
            return mine.eq(a.get().rank(py)?);
        }
        if other.cast::<PyDict>().is_ok() {
            return mine.eq(other);
        }
        Ok(false)
    }

    /// Pickling (and `copy.deepcopy`, Dask, Ray): what the attractor was computed on, as a
    /// Maze, a Graph or a Game is pickled (with the player and the targets of a game's), which
    /// computes it again, the same, when unpickled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let state = match &slf.get().origin {
            Origin::Maze(maze) => {
                let text = crate::maze::maze_json(maze)?;
                ("maze", PyBytes::new(py, &text), 0u8, Vec::new())
            }
            Origin::Graph(graph) => {
                let text = crate::graph::graph_json(graph)?;
                ("graph", PyBytes::new(py, &text), 0, Vec::new())
            }
            Origin::Game(game, player, targets) => {
                let text = crate::game::game_json(game)?;
                (
                    "game",
                    PyBytes::new(py, &text),
                    player.index(),
                    targets.clone(),
                )
            }
        };
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The attractor a pickle holds ([`Attractor::__reduce__`]), computed again.
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        state: Arg<(String, Vec<u8>, u8, Vec<u32>)>,
    ) -> PyResult<Attractor> {
        let (kind, text, player, targets) = state.0;
        // Computed before, within its budget: read again under the defaults.
        let limits = crate::limits::limits(None, None)?;
        let player = Player::from_index(u64::from(player))
            .ok_or_else(|| error(format!("player {player}: a player is 0 or 1")))?;
        detached(py, || {
            let origin = match kind.as_str() {
                "maze" => Origin::Maze(Arc::new(crate::maze::from_maze_json(&text, limits)?)),
                "graph" => Origin::Graph(Arc::new(crate::graph::from_graph_json(&text, limits)?)),
                "game" => Origin::Game(
                    Arc::new(crate::game::from_game_json(&text, limits)?),
                    player,
                    targets,
                ),
                other => {
                    return Err(format!(
                        "a pickled attractor of {other:?}: expected a maze, a graph or a game"
                    ))
                }
            };
            compute(origin)
        })
    }

    /// The summary line `mazegraph attractor` prints.
    fn __repr__(&self) -> String {
        let a = &self.attractor;
        let t = a.targets().len();
        let mut line = format!(
            "attractor of player {}: {} of {} vertices (target: {t} vertex{}), largest rank {}",
            a.player(),
            a.len(),
            self.vertex_count,
            if t == 1 { "" } else { "es" },
            a.max_rank()
        );
        if let Some((s, name)) = &self.start {
            match a.rank(*s) {
                Some(r) => line.push_str(&format!("; start {name} at rank {r}")),
                None => line.push_str(&format!("; start {name} is not in it")),
            }
        }
        line
    }
}
