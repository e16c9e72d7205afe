//! `mazegraph.Maze` and `mazegraph.Solution`, and the functions that make mazes: `read`,
//! `parse`, `generate`.

use crate::attractor::{Attractor, Origin};
use crate::graph::{networkx_builder, networkx_notes};
use crate::io::{located, read_bytes, write_file, Expect};
use crate::limits::{self, Work};
use crate::{bad_value, detached, error, is_out_of_range, kw, type_error, warn_notes, Arg, Int};
use mazegraph::convert::{set_terminals, to_maze, Terminal};
use mazegraph::display::{Shown, SVG_MAX_CELLS};
use mazegraph::format::{Format, Holds, Item, ReadOptions};
use mazegraph::generate::{rng_from_seed, shaped_lattice, Algorithm, Figure, Options, Pick};
use mazegraph::graph::Graph;
use mazegraph::grid::{Grid, Limits, Shape};
use mazegraph::layout::Layout;
use mazegraph::solve::render::SolutionFormat;
use mazegraph::solve::{solve, Method};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyTuple};
use pyo3::BoundObject;
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};

/// A maze: an n-dimensional grid of wall and path cells, a start and a goal, and portals.
///
/// Made by `read`, `parse`, `generate`, `Maze.from_numpy` or `Maze.from_networkx`. Cells are
/// named by coordinate tuples, `(row, column)` in 2-D.
#[pyclass(module = "mazegraph", name = "Maze", frozen)]
pub struct Maze {
    /// The maze, behind a lock held only to take or replace it: long work runs on its own
    /// reference (an `Arc`), and setting a terminal while it runs changes a copy.
    maze: RwLock<Arc<mazegraph::Maze>>,
    /// The limits the maze was made with: its later work is held to them.
    pub(crate) limits: Limits,
    picture: Option<String>,
    /// The picture a maze was read from at its own scale: solutions are drawn on it.
    source: Option<Source>,
    seed: Option<u64>,
    /// How the maze was made, when that is another way to give its terminals: said when it
    /// has none.
    made_by: Option<&'static str>,
}

/// How a maze from `from_networkx` takes its terminals, said when it has none.
const FROM_NETWORKX: &str = "or give them to from_networkx: as the graph's G.graph[\"start\"] and G.graph[\"goal\"], or with start= and goal=";

/// What a pickled maze holds ([`Maze::__reduce__`]): its JSON text, its limits (cells,
/// bytes), its seed, its picture's description, and whether it came from networkx.
type MazeState = (Vec<u8>, u64, u64, Option<u64>, Option<String>, bool);

/// What a pickled solution holds ([`Solution::__reduce__`]): the maze, the method's name,
/// start, goal, path, the kept cells (a bit a cell, 8 a byte, the first in the lowest bit)
/// and the work done.
type SolutionState = (
    Py<Maze>,
    String,
    usize,
    usize,
    Option<Vec<usize>>,
    Vec<u8>,
    usize,
);

/// The (callable, arguments) pair `__reduce__` returns: `cls._from_pickle(state)`.
pub(crate) fn reduce<'py>(
    obj: &Bound<'py, PyAny>,
    state: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = obj.py();
    let restore = obj.get_type().getattr("_from_pickle")?;
    let state = state
        .into_pyobject(py)
        .map_err(Into::into)?
        .into_any()
        .into_bound();
    let args = PyTuple::new(py, [state])?;
    PyTuple::new(py, [restore, args.into_any()])
}

/// The maze as its JSON text (what `write(format="json")` writes: the cells, the explicit
/// terminals and the portals, exactly): how a maze is pickled, alone or inside another object.
pub(crate) fn maze_json(maze: &mazegraph::Maze) -> PyResult<Vec<u8>> {
    let mut text = Vec::new();
    Format::Json.write_maze(maze, &mut text).map_err(error)?;
    Ok(text)
}

/// The maze of JSON `text` ([`maze_json`]), within `limits`.
pub(crate) fn from_maze_json(text: &[u8], limits: Limits) -> Result<mazegraph::Maze, String> {
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    let text = std::str::from_utf8(text).map_err(|e| e.to_string())?;
    mazegraph::format::json::parse(text, &opts).map_err(|e| e.to_string())
}

/// A picture a maze was read from: its bytes and where its cells lie, so that a solution's
/// PNG is drawn on it, as `mazegraph solve picture.png -o solved.png` does.
struct Source {
    bytes: Vec<u8>,
    lattice: mazegraph::picture::Lattice,
}

/// What [`load`] read: the maze, the reader's notes, and the picture it came from (with what
/// was found there) when its lattice was detected.
type Loaded = (mazegraph::Maze, Vec<String>, Option<(String, Source)>);

impl Maze {
    pub(crate) fn new(maze: mazegraph::Maze, limits: Limits) -> Maze {
        Maze {
            maze: RwLock::new(Arc::new(maze)),
            limits,
            picture: None,
            source: None,
            seed: None,
            made_by: None,
        }
    }

    /// A maze read from a file or data, with the picture it came from.
    fn loaded(maze: mazegraph::Maze, limits: Limits, found: Option<(String, Source)>) -> Maze {
        let mut m = Maze::new(maze, limits);
        if let Some((picture, source)) = found {
            m.picture = Some(picture);
            m.source = Some(source);
        }
        m
    }

    /// The maze as it is now.
    pub(crate) fn get(&self) -> Arc<mazegraph::Maze> {
        Arc::clone(&self.maze.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// The limits for a piece of work: the maze's own, with `max_memory` if given.
    pub(crate) fn limits(&self, max_memory: Option<u64>) -> PyResult<Limits> {
        limits::of_work(&self.limits, max_memory)
    }
}

/// A cell's coordinates as a Python tuple.
fn coords<'py>(py: Python<'py>, shape: &Shape, cell: usize) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, shape.coords(cell))
}

/// A start or goal given in Python: a coordinate sequence, or a string as the CLI takes it.
fn terminal(what: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Terminal>> {
    let Some(v) = value else { return Ok(None) };
    if v.is_none() {
        return Ok(None);
    }
    if let Ok(s) = v.extract::<String>() {
        return Terminal::parse_option(&s).map(Some).map_err(error);
    }
    v.extract::<Vec<i64>>()
        .map(|c| Some(Terminal::Coords(c)))
        .map_err(|_| {
            error(format!(
                "{what}: expected coordinates such as (1, 0), 'room:0,0' or a vertex's name"
            ))
        })
}

/// A maze from what a file of `format` holds (`name` names it in messages), as the CLI reads
/// it: a picture's lattice detected (or its marks taken as terminals), a graph drawn as a maze
/// (at its coordinates, as rooms, or as the seed's row), the terminals set. Returns the maze,
/// the reader's notes and what was found in a picture.
#[allow(clippy::too_many_arguments)]
fn load(
    bytes: &[u8],
    format: Format,
    opts: &ReadOptions,
    marks: bool,
    start: Option<&Terminal>,
    goal: Option<&Terminal>,
    path: &Path,
) -> Result<Loaded, String> {
    let loc = |e| located(path, e);
    let (mut item, notes, found) = if format.is_picture() {
        let mut pic = if format == Format::Png {
            mazegraph::picture::read_png(bytes, opts)
        } else {
            mazegraph::picture::read(bytes, opts)
        }
        .map_err(loc)?;
        if marks {
            let (s, g) = pic
                .marked_terminals
                .clone()
                .map_err(|why| format!("{}: marks: {why}", path.display()))?;
            pic.maze.set_terminals(Some(s), Some(g)).map_err(loc)?;
        }
        let found = (!pic.lattice.pixel).then(|| {
            let source = Source {
                bytes: bytes.to_vec(),
                lattice: pic.lattice.clone(),
            };
            (pic.describe(), source)
        });
        (Item::Maze(pic.maze), Vec::new(), found)
    } else {
        let (item, notes) = format.read_noted(bytes, opts).map_err(loc)?;
        (item, notes, None)
    };
    // The CLI's budget check for solving (the least work a maze is read for).
    let budget = match &item {
        Item::Maze(m) => limits::check(m.shape(), Work::Solve, &opts.limits),
        Item::Graph(g) => {
            let units = (g.vertex_count() as u64).saturating_add(g.edge_count() as u64);
            opts.limits.check_bytes(
                &format!("solving a graph of {} vertices", g.vertex_count()),
                units.saturating_mul(4),
            )
        }
    };
    budget.map_err(loc)?;
    if start.is_some() || goal.is_some() {
        set_terminals(&mut item, start, goal).map_err(loc)?;
    }
    let maze = to_maze(item, Layout::Auto, &opts.limits).map_err(|e| {
        loc(keep_weights(
            e,
            "mazegraph.read_graph(path) reads it as a Graph that keeps them",
        ))
    })?;
    Ok((maze, notes, found))
}

/// The library's refusal to draw a weighted graph as a maze, saying `instead` where it says
/// to write the graph to a graph format (which a Python user reading a file cannot do).
pub(crate) fn keep_weights(e: mazegraph::Error, instead: &str) -> mazegraph::Error {
    match &e {
        mazegraph::Error::Unsupported(text) => {
            match text.split_once("; write it to a graph format") {
                Some((why, _)) => mazegraph::Error::Unsupported(format!("{why}; {instead}")),
                None => e,
            }
        }
        _ => e,
    }
}

/// The `region` keyword: `(x, y, width, height)` in pixels or the CLI's `"X,Y,W,H"`.
fn region(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<mazegraph::picture::Region>> {
    let Some(v) = value else { return Ok(None) };
    if v.is_none() {
        return Ok(None);
    }
    if let Ok(s) = v.extract::<String>() {
        return s.parse().map(Some).map_err(error);
    }
    let expected = "region: expected (x, y, width, height) in pixels or 'X,Y,W,H'";
    if v.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(type_error(v.py(), format!("{expected}, not bytes")));
    }
    let Ok(items) = v.extract::<Vec<Bound<'_, PyAny>>>() else {
        return Err(type_error(
            v.py(),
            format!("{expected}, not {}", type_name(v)),
        ));
    };
    let n: Vec<u64> = items
        .iter()
        .map(|i| i.extract::<Int<u64, kw::Region>>().map(|n| n.0))
        .collect::<Result<_, _>>()
        .map_err(|e| match is_out_of_range(v.py(), &e) {
            true => e,
            false => error(expected.to_string()),
        })?;
    match n.as_slice() {
        &[x, y, w, h] => format!("{x},{y},{w},{h}").parse().map(Some).map_err(error),
        _ => Err(error(expected.to_string())),
    }
}

/// The read options of the keyword arguments.
fn read_options(
    cells: &str,
    doubtful: &str,
    region: Option<mazegraph::picture::Region>,
    max_cells: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        limits: limits::limits(max_cells, max_memory)?,
        picture: mazegraph::picture::Options {
            cells: cells.parse().map_err(error)?,
            doubtful: doubtful.parse().map_err(error)?,
            region,
            frame: Default::default(),
        },
    })
}

/// The format of `path`, or the one named.
pub(crate) fn format_of(path: &Path, format: Option<&str>) -> PyResult<Format> {
    match format {
        Some(name) => Format::from_name(name),
        None => Format::from_path(path),
    }
    .map_err(error)
}

/// Reads a maze file, as `mazegraph solve` reads its input: the format from the extension
/// (or `format`, e.g. "txt"), pictures at any scale (`cells`: "auto", "pixel" or
/// "PITCH[,WALL]"; `doubtful`: "refuse" a picture with walls in doubt, or read them by
/// "majority", as "wall" or "open"; `region=(x, y, width, height)` reads only that rectangle
/// of a picture; `marks=True` takes the terminals from two coloured dots), graphs drawn
/// as mazes. `start`/`goal` set the terminals: coordinates such as (1, 0), "room:0,0", or a
/// graph vertex's name. Raises MazeError; notes (a directed graph read as undirected, …) are
/// MazeWarning warnings.
#[pyfunction]
#[pyo3(signature = (path, *, format=None, cells=Arg("auto".to_string()), doubtful=Arg("refuse".to_string()), region=None, marks=Arg(false), start=None, goal=None, max_cells=None, max_memory=None), text_signature = "(path, *, format=None, cells='auto', doubtful='refuse', region=None, marks=False, start=None, goal=None, max_cells=None, max_memory=None)")]
#[allow(clippy::too_many_arguments)]
pub fn read(
    py: Python<'_>,
    path: Arg<PathBuf>,
    format: Option<Arg<String>>,
    cells: Arg<String>,
    doubtful: Arg<String>,
    region: Option<&Bound<'_, PyAny>>,
    marks: Arg<bool>,
    start: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Maze> {
    let (path, format) = (path.0, format.map(|a| a.0));
    let format = format.as_deref();
    let (cells, doubtful, marks) = (cells.0.as_str(), doubtful.0.as_str(), marks.0);
    let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
    let opts = read_options(
        cells,
        doubtful,
        self::region(region)?,
        max_cells,
        max_memory,
    )?;
    if path.is_dir() {
        // As the command line says it (a directory's name tells no format).
        return Err(error(format!(
            "{} is a directory: give a maze file in it",
            path.display()
        )));
    }
    let format = format_of(&path, format)?;
    let (start, goal) = (terminal("start", start)?, terminal("goal", goal)?);
    let (maze, notes, found) = detached(py, || {
        let (bytes, stopped) = read_bytes(&path, Expect::of(format), &opts.limits)?;
        not_tiled(&bytes, format, &opts, &path)?;
        let loaded = load(
            &bytes,
            format,
            &opts,
            marks,
            start.as_ref(),
            goal.as_ref(),
            &path,
        )?;
        // A stream that stopped early is refused even if its start happened to parse.
        stopped.map_or(Ok(loaded), Err)
    })?;
    warn_notes(py, &path.display().to_string(), &notes)?;
    Ok(Maze::loaded(maze, opts.limits, found))
}

/// Reads a maze from the contents of a file (str or bytes) in `format` ("txt", "json",
/// "adj", "graph.json", "png", …), as `read` reads files; messages name it `<data>`.
#[pyfunction]
#[pyo3(signature = (data, format, *, cells=Arg("auto".to_string()), doubtful=Arg("refuse".to_string()), region=None, marks=Arg(false), start=None, goal=None, max_cells=None, max_memory=None), text_signature = "(data, format, *, cells='auto', doubtful='refuse', region=None, marks=False, start=None, goal=None, max_cells=None, max_memory=None)")]
#[allow(clippy::too_many_arguments)]
pub fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    format: Arg<String>,
    cells: Arg<String>,
    doubtful: Arg<String>,
    region: Option<&Bound<'_, PyAny>>,
    marks: Arg<bool>,
    start: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Maze> {
    let format = format.0.as_str();
    let (cells, doubtful, marks) = (cells.0.as_str(), doubtful.0.as_str(), marks.0);
    let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
    let opts = read_options(
        cells,
        doubtful,
        self::region(region)?,
        max_cells,
        max_memory,
    )?;
    let format = Format::from_name(format).map_err(error)?;
    let bytes = data_bytes(data, "parse")?;
    let (start, goal) = (terminal("start", start)?, terminal("goal", goal)?);
    let name = Path::new("<data>");
    let (maze, notes, found) = detached(py, || {
        opts.limits
            .check_bytes("reading <data>", bytes.len() as u64)
            .map_err(|e| e.to_string())?;
        not_tiled(&bytes, format, &opts, name)?;
        load(
            &bytes,
            format,
            &opts,
            marks,
            start.as_ref(),
            goal.as_ref(),
            name,
        )
    })?;
    warn_notes(py, "<data>", &notes)?;
    Ok(Maze::loaded(maze, opts.limits, found))
}

/// Refuses a file that holds a maze on a tiling (its JSON, or its PNG's text chunk): `read`
/// would take its JSON for a graph and lay it out as a square grid with portals.
fn not_tiled(bytes: &[u8], format: Format, opts: &ReadOptions, path: &Path) -> Result<(), String> {
    if !matches!(format, Format::Json | Format::Png) {
        return Ok(());
    }
    match mazegraph::format::read_tiled(bytes, opts) {
        Ok(Some(t)) => Err(format!(
            "{}: holds a maze on the {} tiling, not a square grid: read it with read_tiled()",
            path.display(),
            t.tiling().name()
        )),
        _ => Ok(()),
    }
}

/// The contents of a file given to `function` as str or bytes.
pub(crate) fn data_bytes(data: &Bound<'_, PyAny>, function: &str) -> PyResult<Vec<u8>> {
    match data.extract::<String>() {
        Ok(s) => Ok(s.into_bytes()),
        Err(_) => data.extract::<Vec<u8>>().map_err(|_| {
            type_error(
                data.py(),
                format!(
                    "{function} takes the file's contents as str or bytes, not {}",
                    type_name(data)
                ),
            )
        }),
    }
}

/// Rooms per axis: a sequence of ints, or a string such as "30x40", as `--size` takes it.
pub(crate) fn size(value: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let dims: Vec<usize> = match value.extract::<String>() {
        Ok(s) => {
            let parts: Vec<&str> = s.split(['x', 'X', '×', ',']).map(str::trim).collect();
            parts
                .iter()
                .map(|p| p.parse::<usize>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| {
                    error(format!(
                        "{s:?} is not a size like 30x40 (whole numbers of rooms)"
                    ))
                })?
        }
        Err(_) => match value.extract::<Vec<Int<usize, kw::Size>>>() {
            Ok(dims) => dims.into_iter().map(|d| d.0).collect(),
            // An axis out of range: "size: -1 is out of range (0 to 2**64-1)".
            Err(e) if is_out_of_range(value.py(), &e) => return Err(e),
            Err(_) => {
                return Err(
                    match value.is_instance_of::<pyo3::types::PyInt>() || value.try_iter().is_ok() {
                        true => {
                            error("size: expected rooms per axis, such as (30, 40) or \"30x40\"")
                        }
                        false => type_error(
                            value.py(),
                            format!(
                        "size: expected rooms per axis, such as (30, 40) or \"30x40\", not {}",
                        type_name(value)
                    ),
                        ),
                    },
                )
            }
        },
    };
    if let Some(k) = dims.iter().position(|&d| d == 0) {
        return Err(error(format!(
            "size: axis {k} has 0 rooms; every axis needs at least one room"
        )));
    }
    Ok(dims)
}

/// Generates a maze as `mazegraph generate` does: `size` rooms per axis (any number of axes;
/// a tuple or "30x40"), by `algorithm` (see ALGORITHMS), the same maze for the same `seed` on
/// every platform (a random seed when None, kept in `Maze.seed`). `loops` opens more walls,
/// `braid` removes every dead end, `pick` is growing-tree's policy ("newest", "random",
/// "oldest", "mixed", "mixed:P"), `shape` one of "box", "diamond", "ellipse", "triangle", "spiral", "double-spiral" (with
/// `turns` for the spirals).
#[pyfunction]
#[pyo3(signature = (algorithm=None, size=None, seed=None, *, loops=Int::new(0), braid=Arg(false), pick=None, shape=None, turns=None, tiling=None, max_cells=None, max_memory=None), text_signature = "(algorithm=None, size=None, seed=None, *, loops=0, braid=False, pick=None, shape=None, turns=None, tiling=None, max_cells=None, max_memory=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    algorithm: Option<Arg<String>>,
    size: Option<&Bound<'_, PyAny>>,
    seed: Option<Int<u64, kw::Seed>>,
    loops: Int<usize, kw::Loops>,
    braid: Arg<bool>,
    pick: Option<Arg<String>>,
    shape: Option<Arg<String>>,
    turns: Option<Arg<f64>>,
    tiling: Option<Arg<String>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Py<PyAny>> {
    let turns = turns.map(|a| a.0);
    let tiling = tiling.map(|a| a.0);
    // Weave is carved by kruskal only: its default, as the CLI's.
    let algorithm = algorithm.map(|a| a.0).unwrap_or_else(|| {
        mazegraph::tiling::maze::default_algorithm(tiling.as_deref()).to_string()
    });
    let (algorithm, seed, loops, braid) = (algorithm.as_str(), seed.map(|a| a.0), loops.0, braid.0);
    let (pick, shape) = (pick.map(|a| a.0), shape.map(|a| a.0));
    let (pick, shape) = (pick.as_deref(), shape.as_deref());
    let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
    let limits = limits::limits(max_cells, max_memory)?;
    let mut algo = Algorithm::from_name(algorithm).map_err(error)?;
    if let Some(name) = tiling.as_deref() {
        for (given, keyword) in [
            (pick.is_some(), "pick="),
            (shape.is_some(), "shape="),
            (turns.is_some(), "turns="),
        ] {
            if given {
                return Err(error(format!(
                    "tiling= takes no {keyword} (it applies to square-grid mazes)"
                )));
            }
        }
        let dims =
            match size {
                Some(s) if s.is_instance_of::<pyo3::types::PyInt>() => {
                    vec![s.extract::<Int<usize, kw::Size>>()?.0]
                }
                Some(s) => self::size(s)?,
                None => return Err(error(
                    "say how many rooms with size, e.g. size=(20, 30) (or size=8 for a hexagon)",
                )),
            };
        let seed = seed.unwrap_or_else(fresh_seed);
        let maze = crate::tiled::generate(py, name, algo, &dims, seed, (loops, braid), limits)?;
        return Ok(Py::new(py, maze)?.into_any());
    }
    if let Some(p) = pick {
        algo = with_pick(algo, p)?;
    }
    let dims = match size {
        Some(s) => self::size(s)?,
        None => return Err(error("say how many rooms with size, e.g. size=(30, 40)")),
    };
    let figure = Figure::from_name(shape.unwrap_or("box")).map_err(error)?;
    let seed = match seed {
        Some(s) => s,
        None => fresh_seed(),
    };
    let opts = Options {
        algorithm: algo,
        loops,
        braid,
    };
    // Rooms: small mazes (a learning environment's, reset thousands of times a second) are
    // made on this thread.
    let rooms = dims.iter().fold(1u64, |n, &d| n.saturating_mul(d as u64));
    let maze = crate::detached_sized(py, rooms, || {
        let lattice = shaped_lattice(figure, &dims, turns, &limits).map_err(|e| e.to_string())?;
        mazegraph::generate::generate(&lattice, &opts, &mut rng_from_seed(seed))
            .map_err(|e| e.to_string())
    })?;
    let mut m = Maze::new(maze, limits);
    m.seed = Some(seed);
    Ok(Py::new(py, m)?.into_any())
}

/// A seed from the operating system (or the clock, should that fail).
fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let from_os = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes));
    match from_os {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 ^ u64::from(std::process::id()))
            .unwrap_or(0),
    }
}

/// The error for an optional module that is not installed.
pub(crate) fn missing(module: &str, what: &str) -> impl FnOnce(PyErr) -> PyErr {
    let text = format!("{what} needs {module}: pip install {module}");
    move |_| PyImportError::new_err(text)
}

#[pymethods]
impl Maze {
    /// `Maze()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(py, "a Maze is made by read, parse, generate, Maze.from_numpy or Maze.from_networkx, not by Maze()"))
    }

    /// The grid's axis lengths, e.g. (21, 41).
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.get().shape().dims())
    }

    /// The start cell: the explicit one, else the first opening on the border (row-major);
    /// None when there is none. Settable (a coordinate tuple, or None for the default).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let maze = self.get();
        match maze.terminals() {
            Some((s, _)) => coords(py, maze.shape(), s).map(Some),
            None => Ok(maze
                .explicit_start()
                .map(|s| coords(py, maze.shape(), s))
                .transpose()?),
        }
    }

    #[setter]
    fn set_start(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_terminal(value, true)
    }

    /// `del maze.start` is `maze.start = None`: the explicit start is cleared, and the start
    /// is the default again.
    #[deleter]
    fn delete_start(&self) -> PyResult<()> {
        self.set_terminal(None, true)
    }

    /// The goal cell: the explicit one, else the last opening on the border; None when there
    /// is none. Settable like `start`.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let maze = self.get();
        match maze.terminals() {
            Some((_, g)) => coords(py, maze.shape(), g).map(Some),
            None => Ok(maze
                .explicit_goal()
                .map(|g| coords(py, maze.shape(), g))
                .transpose()?),
        }
    }

    #[setter]
    fn set_goal(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_terminal(value, false)
    }

    /// `del maze.goal` is `maze.goal = None`.
    #[deleter]
    fn delete_goal(&self) -> PyResult<()> {
        self.set_terminal(None, false)
    }

    /// The portals, as pairs of coordinate tuples.
    #[getter]
    fn portals<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyTuple>, Bound<'py, PyTuple>)>> {
        let maze = self.get();
        let shape = maze.shape();
        maze.portals()
            .iter()
            .map(|&(a, b)| Ok((coords(py, shape, a)?, coords(py, shape, b)?)))
            .collect()
    }

    /// For a maze read from a picture at its own scale, what lattice was found there, e.g.
    /// "12×9 rooms, pitch 18 px, walls 4 px, margin 30 px"; None otherwise.
    #[getter]
    fn picture(&self) -> Option<String> {
        self.picture.clone()
    }

    /// The seed a generated maze was made with (give it to `generate` to make it again);
    /// None for other mazes.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The cells as a numpy array of booleans of the maze's shape, True for path (needs
    /// numpy). Terminals and portals are not in it.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy").map_err(missing("numpy", "to_numpy"))?;
        let maze = self.get();
        let grid = maze.grid();
        let cells: Vec<u8> = (0..grid.len()).map(|i| u8::from(grid.is_path(i))).collect();
        let buffer = PyByteArray::new(py, &cells);
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", np.getattr("bool_")?)?;
        let flat = np.call_method("frombuffer", (buffer,), Some(&kwargs))?;
        flat.call_method1("reshape", (self.shape(py)?,))
    }

    /// A maze from an array of any number of axes: True (or nonzero) is path. The terminals
    /// are the first and last openings on the border unless `start`/`goal` are given.
    #[classmethod]
    #[pyo3(signature = (array, *, start=None, goal=None, max_cells=None, max_memory=None))]
    fn from_numpy(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        max_cells: Option<Int<u64, kw::MaxCells>>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Maze> {
        let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
        let limits = limits::limits(max_cells, max_memory)?;
        let np = py.import("numpy").map_err(missing("numpy", "from_numpy"))?;
        let a = np
            .call_method1("asarray", (array,))
            .map_err(|e| bad_value(array, e))?;
        let kind: String = a.getattr("dtype")?.getattr("kind")?.extract()?;
        if !"biuf".contains(kind.as_str()) || kind.len() != 1 {
            let dtype = a.getattr("dtype")?.str()?.to_string();
            return Err(error(format!(
                "from_numpy takes an array of booleans or numbers (True or nonzero is path), not of {dtype}"
            )));
        }
        let dims: Vec<usize> = a.getattr("shape")?.extract()?;
        // The sizes first, before any cell is read: an array broadcast from one value takes
        // no memory, and a copy of it would take all.
        let shape = Shape::with_limits(dims, &limits).map_err(error)?;
        limits::check(&shape, Work::Solve, &limits).map_err(error)?;
        let (start, goal) = (terminal("start", start)?, terminal("goal", goal)?);
        let mut bits = fixedbitset_of(shape.len());
        numpy_cells(&np, &a, 0, &shape, &mut bits)?;
        let maze = detached(py, || {
            let grid = Grid::from_bits(shape, bits).map_err(|e| e.to_string())?;
            let mut item = Item::Maze(mazegraph::Maze::new(grid));
            if start.is_some() || goal.is_some() {
                set_terminals(&mut item, start.as_ref(), goal.as_ref())
                    .map_err(|e| e.to_string())?;
            }
            to_maze(item, Layout::Auto, &limits).map_err(|e| e.to_string())
        })?;
        Ok(Maze::new(maze, limits))
    }

    /// Solves the maze as `mazegraph solve --method METHOD` does: "dead-end" (the default),
    /// "bfs", "astar", "dijkstra", "dfs", "wall-follower" (right hand; "wall-follower-left"),
    /// "tremaux", "shortest-set". No solution is not an error: the Solution's path is None.
    #[pyo3(signature = (method=Arg("dead-end".to_string()), *, max_memory=None), text_signature = "($self, method='dead-end', *, max_memory=None)")]
    fn solve(
        slf: &Bound<'_, Self>,
        method: Arg<String>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Solution> {
        let (method, max_memory) = (method.0.as_str(), max_memory.map(|a| a.0));
        let py = slf.py();
        let method = Method::from_name(method).map_err(error)?;
        let this = slf.borrow();
        let limits = this.limits(max_memory)?;
        let maze = this.get();
        this.require_terminals(&maze)?;
        let maze = &*maze;
        let work = match method {
            Method::Dijkstra => Work::JunctionGraph,
            Method::AStar | Method::Tremaux => Work::Search,
            _ => Work::Solve,
        };
        let solution = detached(py, || {
            limits::check(maze.shape(), work, &limits).map_err(|e| e.to_string())?;
            solve(maze, method).map_err(|e| e.to_string())
        })?;
        drop(this);
        Ok(Solution {
            maze: slf.clone().unbind(),
            solution,
        })
    }

    /// The figures `mazegraph stats --json` prints, as a dict: class ("perfect",
    /// "unicursal", "braid", "imperfect", "disconnected"), cells, dead ends, junctions,
    /// solution length, degree histogram, …
    #[pyo3(signature = (*, max_memory=None))]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let max_memory = max_memory.map(|a| a.0);
        let limits = self.limits(max_memory)?;
        let maze = self.get();
        let maze = &*maze;
        let picture = self.picture.clone();
        let text = detached(py, || {
            limits::check(maze.shape(), Work::Stats, &limits).map_err(|e| e.to_string())?;
            let mut stats = mazegraph::stats::maze_stats(maze);
            stats.picture = picture;
            serde_json::to_string(&stats).map_err(|e| e.to_string())
        })?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// Writes the maze to `path` in the format its extension names (or `format`): "png",
    /// "txt", "json" hold the maze; a graph format ("adj", "graph.json", "dot", "graphml",
    /// "gml", "edges") its cell graph, as `mazegraph generate -o` writes, and as safely: the
    /// file appears whole or not at all, keeps its mode and its symbolic link, a device or a
    /// FIFO is written in place, and Ctrl-C while writing leaves the old file.
    #[pyo3(signature = (path, *, format=None))]
    fn write(
        &self,
        py: Python<'_>,
        path: Arg<PathBuf>,
        format: Option<Arg<String>>,
    ) -> PyResult<()> {
        let (path, format) = (path.0, format.map(|a| a.0));
        let format = format.as_deref();
        let to = format_of(&path, format)?;
        if !to.is_writable() {
            // The library's words: "jpeg is read only here; write png", …
            let probe = if to.holds() == Holds::Maze {
                to.write_maze(&self.get(), &mut std::io::sink())
            } else {
                to.write_graph(&Graph::from_maze(&self.get()), &mut std::io::sink())
            };
            if let Err(e) = probe {
                return Err(error(e));
            }
        }
        if matches!(to, Format::Png | Format::Txt) && self.get().shape().ndim() != 2 {
            return Err(error(format!(
                "{to} holds 2-D mazes, and this one has {}; write json",
                mazegraph::grid::axes(self.get().shape().ndim())
            )));
        }
        let maze = self.get();
        let maze = &*maze;
        match to.holds() {
            Holds::Maze => write_file(py, &path, |w| to.write_maze(maze, w)),
            Holds::Graph => write_file(py, &path, |w| to.write_graph(&Graph::from_maze(maze), w)),
        }
    }

    /// The maze's graph as a networkx.Graph (needs networkx): nodes are coordinate tuples,
    /// one per path cell (adjacencies and portals are edges); with `junctions=True` only the
    /// terminals, dead ends, junctions, turns and portal ends, each edge with its corridor's
    /// length as "weight". Graph attributes: "shape", and "start" and "goal" when known.
    #[pyo3(signature = (junctions=Arg(false), *, max_memory=None), text_signature = "($self, junctions=False, *, max_memory=None)")]
    fn to_networkx<'py>(
        &self,
        py: Python<'py>,
        junctions: Arg<bool>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        py.import("networkx")
            .map_err(missing("networkx", "to_networkx"))?;
        let limits = self.limits(max_memory.map(|a| a.0))?;
        let graph = self.graph(py, junctions.0, &limits)?;
        let g = crate::graph::to_networkx(py, &graph)?;
        g.getattr("graph")?.set_item("shape", self.shape(py)?)?;
        Ok(g)
    }

    /// A maze from a networkx graph, as `mazegraph` reads a graph file: nodes that are
    /// coordinate tuples are cells (a "shape" graph attribute sets the grid), other nodes
    /// (ints, strings, room coordinates) are drawn as rooms or as the seed's row; the edge
    /// attribute `weight` gives corridor lengths; the graph attributes "start" and "goal" (or
    /// the keywords) are the terminals. A directed graph is read as undirected (a MazeWarning).
    /// A graph no maze can draw with its weights is a `Graph.from_networkx`.
    #[classmethod]
    #[pyo3(signature = (graph, *, weight=Some(Arg("weight".to_string())), start=None, goal=None, max_cells=None, max_memory=None), text_signature = "(graph, *, weight='weight', start=None, goal=None, max_cells=None, max_memory=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_networkx(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        graph: &Bound<'_, PyAny>,
        weight: Option<Arg<String>>,
        start: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        max_cells: Option<Int<u64, kw::MaxCells>>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Maze> {
        let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
        let limits = limits::limits(max_cells, max_memory)?;
        let weight = weight.map(|a| a.0);
        let (b, directed) = networkx_builder(graph, weight.as_deref(), &limits)?;
        let (start, goal) = (terminal("start", start)?, terminal("goal", goal)?);
        let (maze, merged) = detached(py, || {
            let (g, merged) = b.finish_counted(&limits).map_err(|e| e.to_string())?;
            let mut item = Item::Graph(g);
            if start.is_some() || goal.is_some() {
                set_terminals(&mut item, start.as_ref(), goal.as_ref())
                    .map_err(|e| e.to_string())?;
            }
            let maze = to_maze(item, Layout::Auto, &limits).map_err(|e| {
                keep_weights(e, "Graph.from_networkx(graph) keeps them").to_string()
            })?;
            Ok((maze, merged))
        })?;
        networkx_notes(py, directed, merged)?;
        let mut maze = Maze::new(maze, limits);
        maze.made_by = Some(FROM_NETWORKX);
        Ok(maze)
    }

    /// The maze as SVG text (portals marked), with a Solution painted over it: its kept cells,
    /// path, start and goal in the colours of every mazegraph picture (`mazegraph.palette` in
    /// the library). `scale` is the pixels per cell (default: about 480 pixels across).
    #[pyo3(signature = (solution=None, *, scale=None))]
    fn svg(
        &self,
        py: Python<'_>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
    ) -> PyResult<String> {
        let maze = self.get();
        let solution = solution_arg(solution)?;
        let shown = shown(&maze, solution.as_deref(), scale.map(|a| a.0));
        detached(py, || shown.svg().map_err(|e| e.to_string()))
    }

    /// The picture of `svg` as PNG bytes.
    #[pyo3(signature = (solution=None, *, scale=None))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let maze = self.get();
        let solution = solution_arg(solution)?;
        let shown = shown(&maze, solution.as_deref(), scale.map(|a| a.0));
        let png = detached(py, || shown.png().map_err(|e| e.to_string()))?;
        Ok(PyBytes::new(py, &png))
    }

    /// The picture of `png` as a numpy array of shape (height, width, 3), uint8 RGB, with
    /// `marks` — (cell, (r, g, b)) pairs — painted over it (an agent, a game's pieces).
    #[pyo3(signature = (solution=None, *, scale=None, marks=None))]
    fn rgb<'py>(
        &self,
        py: Python<'py>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
        marks: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let maze = self.get();
        let solution = solution_arg(solution)?;
        let mut paint = Vec::new();
        if let Some(marks) = marks.filter(|m| !m.is_none()) {
            for item in marks.try_iter()? {
                let item = item?;
                let bad = || {
                    type_error(
                        py,
                        format!(
                            "marks: expected (cell, (r, g, b)) pairs with 0 to 255 colours, not {}",
                            type_name(&item)
                        ),
                    )
                };
                let (cell, colour): (Vec<usize>, (u8, u8, u8)) =
                    item.extract().map_err(|_| bad())?;
                let i = maze.shape().index(&cell).ok_or_else(|| {
                    error(format!(
                        "marks: {} is outside the grid of shape {:?}",
                        mazegraph::grid::fmt_coords(&cell),
                        maze.shape().dims()
                    ))
                })?;
                paint.push((i, [colour.0, colour.1, colour.2]));
            }
        }
        let mut shown = shown(&maze, solution.as_deref(), scale.map(|a| a.0));
        for (i, colour) in paint {
            shown = shown.paint(i, colour);
        }
        let (w, h, rgb) = detached(py, || shown.rgb().map_err(|e| e.to_string()))?;
        crate::tiled::to_array(py, w, h, &rgb, "Maze.rgb")
    }

    /// Jupyter's SVG picture, for mazes up to 4096 cells (larger ones show as PNG).
    fn _repr_svg_(&self, py: Python<'_>) -> Option<String> {
        (self.get().grid().len() <= SVG_MAX_CELLS)
            .then(|| self.svg(py, None, None).ok())
            .flatten()
    }

    /// Jupyter's PNG picture, for mazes over 4096 cells.
    fn _repr_png_<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        (self.get().grid().len() > SVG_MAX_CELLS)
            .then(|| self.png(py, None, None).ok())
            .flatten()
    }

    /// Pickling (and `copy.deepcopy`, Dask, Ray): the maze as its JSON text (what
    /// `write(format="json")` writes: the cells, the explicit terminals and the portals,
    /// exactly), with its limits, its seed and its picture's description. The picture a maze
    /// was read from is not kept: a solution's PNG of the copy is drawn anew.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let text = maze_json(&this.get())?;
        // As `MazeState`, the text as bytes.
        let state = (
            PyBytes::new(slf.py(), &text),
            this.limits.max_cells,
            this.limits.max_bytes,
            this.seed,
            this.picture.clone(),
            this.made_by.is_some(),
        );
        reduce(slf.as_any(), state)
    }

    /// The maze a pickle holds ([`Maze::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        state: Arg<MazeState>,
    ) -> PyResult<Maze> {
        let (text, max_cells, max_bytes, seed, picture, networkx) = state.0;
        let limits = Limits {
            max_cells,
            max_bytes,
        };
        let maze = detached(py, || from_maze_json(&text, limits))?;
        let mut m = Maze::new(maze, limits);
        m.seed = seed;
        m.picture = picture;
        m.made_by = networkx.then_some(FROM_NETWORKX);
        Ok(m)
    }

    fn __repr__(&self) -> String {
        let maze = self.get();
        let shape = maze.shape();
        let t = |c: Option<usize>| c.map_or("None".to_string(), |c| shape.fmt_index(c));
        let (s, g) = match maze.terminals() {
            Some((s, g)) => (Some(s), Some(g)),
            None => (maze.explicit_start(), maze.explicit_goal()),
        };
        let dims: Vec<String> = shape.dims().iter().map(usize::to_string).collect();
        let portals = maze.portals().len();
        format!(
            "Maze(shape=({}{}), start={}, goal={}{})",
            dims.join(", "),
            if dims.len() == 1 { "," } else { "" },
            t(s),
            t(g),
            if portals > 0 {
                format!(", portals={portals}")
            } else {
                String::new()
            }
        )
    }

    /// A 2-D maze as text (`#` wall, `.` path, S and G the explicit terminals, portal lines),
    /// as .txt files hold it; other mazes as their repr.
    fn __str__(&self) -> String {
        let maze = self.get();
        if maze.shape().ndim() != 2 || maze.grid().len() > 1 << 20 {
            return self.__repr__();
        }
        let mut out = Vec::new();
        match Format::Txt.write_maze(&maze, &mut out) {
            Ok(()) => String::from_utf8_lossy(&out).into_owned(),
            Err(_) => self.__repr__(),
        }
    }

    /// Two mazes are equal when their graphs are, as `mazegraph equal` says: the same path
    /// cells and links (grid adjacencies and portals); terminals are not compared.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Maze>() else {
            return Ok(false);
        };
        Ok(self.difference(py, other.as_any())?.is_none())
    }

    /// The first difference between the graphs of two mazes, e.g. "vertex (3, 4) is only in
    /// the first"; None when they are equal (`==`).
    fn difference(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let other = other.cast::<Maze>().map_err(|_| {
            type_error(
                py,
                format!("difference takes a Maze, not {}", type_name(other)),
            )
        })?;
        let (a, b) = (self.get(), other.get().get());
        let (a, b) = (&*a, &*b);
        detached(py, || {
            Ok(Graph::from_maze(a).difference(&Graph::from_maze(b)))
        })
    }

    /// The attractor of the goal in the maze oriented away from its start, as `mazegraph
    /// attractor` computes it: the cells on shortest solutions, each with its distance to the
    /// goal (its rank). An Attractor, which is also a mapping from each cell to its rank.
    #[pyo3(signature = (*, max_memory=None))]
    fn attractor(
        &self,
        py: Python<'_>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<Attractor> {
        let max_memory = max_memory.map(|a| a.0);
        let limits = self.limits(max_memory)?;
        let maze = self.get();
        self.require_terminals(&maze)?;
        detached(py, || {
            limits::check(maze.shape(), Work::Attractor, &limits).map_err(|e| e.to_string())?;
            crate::attractor::compute(Origin::Maze(maze))
        })
    }
}

impl Maze {
    /// The maze's graph: its cell graph, or its junction graph, within `limits`.
    pub(crate) fn graph(
        &self,
        py: Python<'_>,
        junctions: bool,
        limits: &Limits,
    ) -> PyResult<Graph> {
        let maze = self.get();
        let maze = &*maze;
        detached(py, || {
            let work = if junctions {
                Work::JunctionGraph
            } else {
                Work::CellGraph
            };
            limits::check(maze.shape(), work, limits).map_err(|e| e.to_string())?;
            Ok(if junctions {
                mazegraph::junction::junction_graph(maze)
            } else {
                Graph::from_maze(maze)
            })
        })
    }

    /// Refuses work that needs a start and a goal on a maze without them, saying how to give
    /// them in Python (the library's message names the CLI's `--start` and `--goal`).
    fn require_terminals(&self, maze: &mazegraph::Maze) -> PyResult<()> {
        // The library's words for what is missing, with the package's advice.
        let Some(missing) = maze.missing_terminals() else {
            return Ok(());
        };
        let mut message = format!(
            "{missing}; set them with maze.start = (1, 1) and maze.goal = … (a cell, or a room like \"room:0,0\")"
        );
        if let Some(how) = self.made_by {
            message.push_str(&format!(", {how}"));
        }
        Err(error(message))
    }

    fn set_terminal(&self, value: Option<&Bound<'_, PyAny>>, start: bool) -> PyResult<()> {
        let what = if start { "start" } else { "goal" };
        let cell = match terminal(what, value)? {
            None => None,
            Some(t) => {
                let maze = self.get();
                let shape = maze.shape();
                // The words of the library's convert::set_terminals.
                let c = t.cell().ok_or_else(|| {
                    error(format!(
                        "{what} {t} is not a cell: a maze's cells are named by coordinates like 3,4"
                    ))
                })?;
                let i = shape.index_signed(&c).ok_or_else(|| {
                    error(format!(
                        "{what} {} is outside the grid of shape {:?}",
                        mazegraph::grid::fmt_coords(&c),
                        shape.dims()
                    ))
                })?;
                Some(i)
            }
        };
        // Under the write lock, so that two setters never undo each other; the maze is
        // copied only when long work holds it meanwhile.
        let mut held = self.maze.write().unwrap_or_else(PoisonError::into_inner);
        let maze = Arc::make_mut(&mut held);
        let (s, g) = (maze.explicit_start(), maze.explicit_goal());
        let (s, g) = if start { (cell, g) } else { (s, cell) };
        maze.set_terminals(s, g).map_err(error)
    }
}

/// The picture of `maze` with `solution` painted over it, `scale` pixels a cell.
fn shown<'a>(
    maze: &'a mazegraph::Maze,
    solution: Option<&'a Solution>,
    scale: Option<usize>,
) -> Shown<'a> {
    let mut shown = Shown::new(maze);
    if let Some(s) = solution {
        shown = shown.solution(&s.solution);
    }
    if let Some(k) = scale {
        shown = shown.scale(k);
    }
    shown
}

/// Refuses a picture of a maze of `dims` cells at `scale` pixels a cell over `max_cells`
/// pixels, as the CLI refuses one over `--max-cells`, before it is drawn. The limit is the
/// maze's own (the methods that draw take no `max_cells=`): said so.
pub(crate) fn check_picture(dims: &[usize], scale: usize, max_cells: u64) -> PyResult<()> {
    let side = |k: usize| (dims.get(k).copied().unwrap_or(1) as u64).saturating_mul(scale as u64);
    let (w, h) = (side(1), side(0));
    let pixels = w.saturating_mul(h);
    if pixels > max_cells {
        return Err(error(format!(
            "the picture would have {w}×{h} = {pixels} pixels, more than the limit of {max_cells} (lower scale=, or raise max_cells= where the maze is made)"
        )));
    }
    Ok(())
}

/// The `solution` argument of `svg` and `png`: a Solution or None.
fn solution_arg<'py>(value: Option<&Bound<'py, PyAny>>) -> PyResult<Option<PyRef<'py, Solution>>> {
    match value {
        Some(v) if !v.is_none() => match v.cast::<Solution>() {
            Ok(s) => Ok(Some(s.borrow())),
            Err(_) => Err(type_error(
                v.py(),
                format!(
                    "solution: expected a Solution or None, not {}",
                    type_name(v)
                ),
            )),
        },
        _ => Ok(None),
    }
}

/// The name of `value`'s type, for messages.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "this".to_string())
}

/// Cells of a numpy array read at a time by [`numpy_cells`]: 1 MiB of `array != 0`.
const NUMPY_CHUNK: usize = 1 << 20;

/// Sets in `bits` the nonzero cells of numpy array `block` (of at least one axis), whose first
/// cell is cell `base` of the maze, reading at most [`NUMPY_CHUNK`] cells at a time (a block of
/// rows, a row, or a piece of one) and looking for Ctrl-C between reads.
/// A float array's first NaN or infinity is refused, by its position in `shape`: it is
/// neither path nor wall (`nan != 0` would read it as path).
fn numpy_cells(
    np: &Bound<'_, PyModule>,
    block: &Bound<'_, PyAny>,
    base: usize,
    shape: &Shape,
    bits: &mut fixedbitset::FixedBitSet,
) -> PyResult<()> {
    let py = block.py();
    let dims: Vec<usize> = block.getattr("shape")?.extract()?;
    let size: usize = dims.iter().product();
    let (Some(&len), true) = (dims.first(), size > 0) else {
        return Ok(());
    };
    let each = size / len;
    if size <= NUMPY_CHUNK {
        py.check_signals()?;
        let float = block
            .getattr("dtype")?
            .getattr("kind")?
            .extract::<String>()?
            == "f";
        if float {
            let finite = np.call_method1("isfinite", (block,))?;
            if !finite.call_method0("all")?.is_truthy()? {
                let not = np.call_method1("logical_not", (&finite,))?;
                let at: usize = np
                    .call_method1("flatnonzero", (not,))?
                    .get_item(0)?
                    .extract()?;
                let value: f64 = block
                    .getattr("flat")?
                    .get_item(at)?
                    .call_method0("item")?
                    .extract()?;
                let what = if value.is_nan() {
                    "NaN".to_string()
                } else {
                    format!("{value}")
                };
                return Err(error(format!(
                    "from_numpy: the array has {what} at {}: a cell is path (nonzero, True) or wall (0, False), and {what} is neither",
                    shape.fmt_index(base + at)
                )));
            }
        }
        let nonzero = block.call_method1("__ne__", (0,))?;
        let bytes = np
            .call_method1("ascontiguousarray", (nonzero,))?
            .call_method0("tobytes")?;
        for (i, &b) in bytes.cast::<PyBytes>()?.as_bytes().iter().enumerate() {
            if b != 0 {
                bits.insert(base + i);
            }
        }
        return Ok(());
    }
    // Rows of `each` cells, as many as fit a chunk (one when a row is larger: it is split).
    let step = (NUMPY_CHUNK / each).max(1);
    for first in (0..len).step_by(step) {
        let last = (first + step).min(len);
        let rows = block.get_item(pyo3::types::PySlice::new(
            py,
            first as isize,
            last as isize,
            1,
        ))?;
        let rows = if last - first == 1 && each > NUMPY_CHUNK && dims.len() > 1 {
            rows.get_item(0)?
        } else {
            rows
        };
        numpy_cells(np, &rows, base + first * each, shape, bits)?;
    }
    Ok(())
}

fn fixedbitset_of(n: usize) -> fixedbitset::FixedBitSet {
    fixedbitset::FixedBitSet::with_capacity(n)
}

/// What a solver found in a maze (`Maze.solve`).
#[pyclass(module = "mazegraph", name = "Solution", frozen)]
pub struct Solution {
    maze: Py<Maze>,
    solution: mazegraph::solve::Solution,
}

#[pymethods]
impl Solution {
    /// `Solution()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(
            py,
            "a Solution is made by Maze.solve, not by Solution()",
        ))
    }

    /// The method's name, e.g. "dead-end".
    #[getter]
    fn method(&self) -> &'static str {
        self.solution.method.name()
    }

    /// The path's cells from start to goal as coordinate tuples; None when there is no
    /// solution.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyTuple>>>> {
        let maze = self.maze.get().get();
        let shape = maze.shape();
        self.solution
            .path
            .as_ref()
            .map(|p| p.iter().map(|&c| coords(py, shape, c)).collect())
            .transpose()
    }

    /// The path's steps (its cells minus one); None when there is no solution.
    #[getter]
    fn length(&self) -> Option<usize> {
        self.solution.length
    }

    /// True when a path was found.
    #[getter]
    fn solved(&self) -> bool {
        self.solution.is_solved()
    }

    /// The start cell.
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        coords(py, self.maze.get().get().shape(), self.solution.start)
    }

    /// The goal cell.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        coords(py, self.maze.get().get().shape(), self.solution.goal)
    }

    /// The cells the method keeps (dead-end filling: what is left after filling; BFS: the
    /// cells reached; …), as coordinate tuples.
    #[getter]
    fn kept<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let maze = self.maze.get().get();
        let shape = maze.shape();
        self.solution
            .kept
            .ones()
            .map(|c| coords(py, shape, c))
            .collect()
    }

    /// How much work the method did: cells filled, reached or expanded, junctions settled,
    /// or steps walked (see `visited_unit`).
    #[getter]
    fn visited(&self) -> usize {
        self.solution.visited
    }

    /// What `visited` counts, e.g. "cells filled".
    #[getter]
    fn visited_unit(&self) -> &'static str {
        self.solution.method.visited_unit()
    }

    /// The maze solved.
    #[getter]
    fn maze(&self, py: Python<'_>) -> Py<Maze> {
        self.maze.clone_ref(py)
    }

    /// Writes the solution as `mazegraph solve -o` does: .json (the path, its length and the
    /// kept cells as coordinates), .png (the maze, `scale` pixels a cell, its filled, kept and
    /// path cells, start and goal in the palette of every mazegraph picture, with a legend
    /// naming them unless `legend=False`), .txt (the path as 'o'). A maze read from a picture
    /// at its own scale gets its .png drawn on that picture: the original, its size and
    /// colours, the path through the corridors.
    #[pyo3(signature = (path, *, format=None, scale=None, legend=Arg(true)), text_signature = "($self, path, *, format=None, scale=None, legend=True)")]
    fn write(
        &self,
        py: Python<'_>,
        path: Arg<PathBuf>,
        format: Option<Arg<String>>,
        scale: Option<Int<usize, kw::Scale>>,
        legend: Arg<bool>,
    ) -> PyResult<()> {
        let (path, format, scale, legend) =
            (path.0, format.map(|a| a.0), scale.map(|a| a.0), legend.0);
        let format = format.as_deref();
        let to = match format {
            Some(f) => SolutionFormat::from_name(f),
            None => SolutionFormat::from_path(&path),
        }
        .map_err(error)?;
        let owner = self.maze.get();
        let maze = owner.get();
        let (m, s) = (&*maze, &self.solution);
        let (limits, source) = (owner.limits, &owner.source);
        let max_cells = limits.max_cells;
        match (to, source) {
            (SolutionFormat::Png, Some(src)) => {
                // The solution over the user's own picture, at its size and colours.
                let raster = detached(py, || {
                    let mut raster = mazegraph::picture::decode::raster(&src.bytes, &limits, Default::default())
                        .map_err(|e| e.to_string())?;
                    let cells = s.path.as_deref().unwrap_or_default();
                    mazegraph::picture::overlay::draw_path(&mut raster, &src.lattice, cells);
                    Ok(raster)
                })?;
                write_file(py, &path, |w| raster.write_png(w))
            }
            (SolutionFormat::Png, None) => {
                let dims = m.shape().dims();
                // The CLI's default: about 640 pixels across, 1 to 16 a cell.
                let scale = scale.unwrap_or_else(|| {
                    (640 / dims.iter().copied().max().unwrap_or(1).max(1)).clamp(1, 16)
                });
                check_picture(dims, scale, max_cells)?;
                write_file(py, &path, |w| {
                    if legend {
                        mazegraph::solve::render::write_png_with_legend(m, s, scale, w)
                    } else {
                        mazegraph::solve::render::write_png_scaled(m, s, scale, w)
                    }
                })
            }
            _ => write_file(py, &path, |w| mazegraph::solve::render::write(to, m, s, w)),
        }
    }

    /// Jupyter's picture of the solution over the maze (SVG up to 4096 cells).
    fn _repr_svg_(&self, py: Python<'_>) -> Option<String> {
        let maze = self.maze.get().get();
        if maze.grid().len() > SVG_MAX_CELLS {
            return None;
        }
        let shown = Shown::new(&maze).solution(&self.solution);
        detached(py, || shown.svg().map_err(|e| e.to_string())).ok()
    }

    /// Jupyter's picture of the solution over the maze (PNG over 4096 cells).
    fn _repr_png_<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        let maze = self.maze.get().get();
        if maze.grid().len() <= SVG_MAX_CELLS {
            return None;
        }
        let shown = Shown::new(&maze).solution(&self.solution);
        let png = detached(py, || shown.png().map_err(|e| e.to_string())).ok()?;
        Some(PyBytes::new(py, &png))
    }

    /// Pickling (and `copy.deepcopy`): the maze (pickled as a Maze is) and what the solver
    /// found, exactly.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let s = &this.solution;
        let mut kept = vec![0u8; s.kept.len().div_ceil(8)];
        for c in s.kept.ones() {
            kept[c / 8] |= 1 << (c % 8);
        }
        let state = (
            this.maze.clone_ref(py),
            s.method.name(),
            s.start,
            s.goal,
            s.path.clone(),
            PyBytes::new(py, &kept),
            s.visited,
        );
        reduce(slf.as_any(), state)
    }

    /// The solution a pickle holds ([`Solution::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, pyo3::types::PyType>,
        state: Arg<SolutionState>,
    ) -> PyResult<Solution> {
        let (maze, method, start, goal, path, kept_bytes, visited) = state.0;
        let method = Method::from_name(&method).map_err(error)?;
        let cells = maze.get().get().grid().len();
        let mut kept = fixedbitset_of(cells);
        for (i, byte) in kept_bytes.iter().enumerate() {
            for bit in 0..8 {
                let c = i * 8 + bit;
                if byte & (1 << bit) != 0 && c < cells {
                    kept.insert(c);
                }
            }
        }
        if start >= cells || goal >= cells || path.iter().flatten().any(|&c| c >= cells) {
            return Err(error("a pickled solution names cells outside its maze"));
        }
        let length = path.as_ref().map(|p| p.len().saturating_sub(1));
        Ok(Solution {
            maze,
            solution: mazegraph::solve::Solution {
                method,
                start,
                goal,
                path,
                length,
                kept,
                visited,
            },
        })
    }

    /// The summary `mazegraph solve` prints (without the file name and time).
    fn __repr__(&self) -> String {
        let s = &self.solution;
        match s.length {
            Some(l) => format!(
                "Solution({}: path of {l} steps, {})",
                s.method,
                s.work_phrase()
            ),
            None => {
                let maze = self.maze.get().get();
                let shape = maze.shape();
                format!(
                    "Solution({}: no solution: the goal {} cannot be reached from the start {})",
                    s.method,
                    shape.fmt_index(s.goal),
                    shape.fmt_index(s.start)
                )
            }
        }
    }
}

/// `algo` with the growing tree's pick policy named `p`; refused for another algorithm.
pub(crate) fn with_pick(algo: Algorithm, p: &str) -> PyResult<Algorithm> {
    let policy = Pick::from_name(p).ok_or_else(|| {
        error(format!(
            "pick {p:?}: expected newest, random, oldest, mixed or mixed:P with P in [0, 1]"
        ))
    })?;
    if !matches!(algo, Algorithm::GrowingTree(_)) {
        return Err(error("pick applies to growing-tree only"));
    }
    Ok(Algorithm::GrowingTree(policy))
}
