//! `mazegraph.TiledMaze`: a maze of hexagons, triangles, rings, octagons and squares, or a
//! weave, as `mazegraph generate --tiling` makes it (the library's `tiling`), made by
//! `generate(..., tiling=...)`.

use crate::graph::{Graph, GraphSolution};
use crate::maze::type_name;
use crate::{detached, error, kw, type_error, Arg, Int};
use mazegraph::generate::{rng_from_seed, Algorithm, Options};
use mazegraph::grid::Limits;
use mazegraph::palette::Rgb;
use mazegraph::tiling::draw::{picture_size, TiledPicture};
use mazegraph::tiling::{Side, TiledMaze as Tiled, Tiles, Tiling};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyTuple};
use std::sync::Arc;

/// A maze on a tiling (made by `generate(..., tiling=...)`): rooms named by their labels
/// (coordinate tuples: `(row, col)`, `(ring, sector)`, …), a start, a goal, walls.
#[pyclass(module = "mazegraph", name = "TiledMaze", frozen)]
pub struct TiledMaze {
    maze: Arc<Tiled>,
    limits: Limits,
    seed: Option<u64>,
}

/// Reads a maze on a tiling from a file: the JSON `mazegraph generate --tiling … -o maze.json`
/// writes, or the PNG `mazegraph render` draws of one (its text chunk holds the maze). Raises
/// MazeError for any other file (`read` reads square-grid mazes).
#[pyfunction]
#[pyo3(signature = (path, *, max_cells=None, max_memory=None), text_signature = "(path, *, max_cells=None, max_memory=None)")]
pub fn read_tiled(
    py: Python<'_>,
    path: Arg<std::path::PathBuf>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<TiledMaze> {
    let path = path.0;
    let limits = crate::limits::limits(max_cells.map(|a| a.0), max_memory.map(|a| a.0))?;
    let opts = mazegraph::format::ReadOptions {
        limits,
        ..Default::default()
    };
    let expect = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        crate::io::Expect::of(mazegraph::format::Format::Png)
    } else {
        crate::io::Expect::Text("json")
    };
    let maze = detached(py, || {
        let (bytes, stopped) = crate::io::read_bytes(&path, expect, &opts.limits)?;
        if let Some(e) = stopped {
            return Err(e);
        }
        mazegraph::format::read_tiled(&bytes, &opts)
            .map_err(|e| crate::io::located(&path, e))?
            .ok_or_else(|| {
                format!(
                    "{}: not a maze on a tiling (its JSON names no tiling, or the picture \
                     holds none); read square-grid mazes with read()",
                    path.display()
                )
            })
    })?;
    Ok(TiledMaze {
        maze: Arc::new(maze),
        limits,
        seed: None,
    })
}

/// Generates a maze on the tiling `name` (`mazegraph generate --tiling NAME`): `dims` its
/// size, `algorithm` one of the generators that carve any graph.
pub(crate) fn generate(
    py: Python<'_>,
    name: &str,
    algorithm: Algorithm,
    dims: &[usize],
    seed: u64,
    opts: (usize, bool),
    limits: Limits,
) -> PyResult<TiledMaze> {
    mazegraph::generate::graph::check(algorithm, &format!("{name} tilings")).map_err(error)?;
    let size = dims
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join("x");
    let tiling = Tiling::new(name, dims, &limits)
        .map_err(|e| error(format!("tiling={name:?}, size={size}: {e}")))?;
    let opts = Options {
        algorithm,
        loops: opts.0,
        braid: opts.1,
    };
    mazegraph::tiling::maze::check_options(&tiling, &opts).map_err(error)?;
    let rooms = tiling.room_count() as u64;
    let maze = crate::detached_sized(py, rooms, move || {
        Tiled::generate(tiling, &opts, &mut rng_from_seed(seed)).map_err(|e| e.to_string())
    })?;
    Ok(TiledMaze {
        maze: Arc::new(maze),
        limits,
        seed: Some(seed),
    })
}

impl TiledMaze {
    fn label<'py>(&self, py: Python<'py>, room: u32) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.maze.tiling().label(room))
    }

    /// The room a Python label names (a coordinate tuple or list).
    fn room(&self, value: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
        let label: Vec<i64> = value.extract().map_err(|_| {
            type_error(
                value.py(),
                format!(
                    "{what}: expected a room's label such as (0, 1), not {}",
                    type_name(value)
                ),
            )
        })?;
        let t = self.maze.tiling();
        t.room(&label).ok_or_else(|| {
            error(format!(
                "{what}: no room {} in the {} tiling of size {}",
                mazegraph::grid::fmt_coords(&label),
                t.name(),
                t.size_text()
            ))
        })
    }

    /// The rooms of a solution (a GraphSolution of this maze's graph), or None.
    fn path(&self, solution: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<u32>>> {
        let Some(s) = solution.filter(|s| !s.is_none()) else {
            return Ok(None);
        };
        if s.cast::<GraphSolution>().is_err() {
            return Err(type_error(
                s.py(),
                format!(
                    "solution: expected a GraphSolution (from TiledMaze.solve()) or None, not {}",
                    type_name(s)
                ),
            ));
        }
        let path = s.getattr("path")?;
        if path.is_none() {
            return Ok(None);
        }
        let mut rooms = Vec::new();
        for v in path.try_iter()? {
            rooms.push(self.room(&v?, "solution")?);
        }
        Ok(Some(rooms))
    }

    /// The marks argument: (label, (r, g, b)) pairs.
    fn marks(&self, marks: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(u32, Rgb)>> {
        let Some(marks) = marks.filter(|m| !m.is_none()) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for item in marks.try_iter()? {
            let item = item?;
            let (label, colour): (Bound<'_, PyAny>, Arg<(u8, u8, u8)>) =
                item.extract().map_err(|_| {
                    type_error(
                        item.py(),
                        format!(
                            "marks: expected (room, (r, g, b)) pairs with 0 to 255 colours, not {}",
                            type_name(&item)
                        ),
                    )
                })?;
            let (r, g, b) = colour.0;
            out.push((self.room(&label, "marks")?, [r, g, b]));
        }
        Ok(out)
    }

    /// The scale (pixels a room), checked: the picture's pixels against the maze's cell
    /// limit, as `generate --tiling ... -o FILE.png` checks them against `--max-cells`.
    fn scale(&self, scale: Option<Int<usize, kw::Scale>>) -> PyResult<f64> {
        let t = self.maze.tiling();
        let scale = match scale {
            Some(s) => s.0 as f64,
            None => {
                let [lo, hi] = t.bounds();
                let across = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1.0);
                (640.0 / across).floor().clamp(1.0, 40.0)
            }
        };
        let (w, h) = picture_size(t, scale);
        let pixels = (w as u64).saturating_mul(h as u64);
        if pixels > self.limits.max_cells {
            return Err(error(format!(
                "the picture would have {w}×{h} = {pixels} pixels, more than the limit of {} (lower scale=, or raise max_cells= where the maze is made)",
                self.limits.max_cells
            )));
        }
        Ok(scale)
    }

    /// The picture's pixels: width, height, RGB rows.
    fn raster(
        &self,
        py: Python<'_>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
        marks: Vec<(u32, Rgb)>,
    ) -> PyResult<(usize, usize, Vec<u8>)> {
        let path = self.path(solution)?;
        let scale = self.scale(scale)?;
        let maze = Arc::clone(&self.maze);
        detached(py, move || {
            let mut p = TiledPicture::new(&maze, scale, path.as_deref());
            for (room, colour) in marks {
                p = p.mark(room, colour);
            }
            let (w, h) = p.size();
            Ok((w, h, p.raster()))
        })
    }
}

#[pymethods]
impl TiledMaze {
    /// `TiledMaze()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        Err(type_error(
            py,
            "a TiledMaze is made by generate(..., tiling=...), not by TiledMaze()",
        ))
    }

    /// The tiling's name: "sigma", "sigma-flat", "delta", "theta", "upsilon" or "weave".
    #[getter]
    fn tiling(&self) -> &'static str {
        self.maze.tiling().name()
    }

    /// The size, as `generate` took it: (rows, cols), or (n,) for the tiling's own shape.
    #[getter]
    fn size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.maze.tiling().size())
    }

    /// The seed it was generated from; None for a maze read from a file.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The number of rooms.
    fn __len__(&self) -> usize {
        self.maze.tiling().room_count()
    }

    /// Every room's label, room 0 first: room numbers (as `neighbours` gives them) index
    /// this list.
    #[getter]
    fn labels<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        (0..self.maze.tiling().room_count() as u32)
            .map(|v| self.label(py, v))
            .collect()
    }

    /// The start room's label (the entrance).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.label(py, self.maze.start())
    }

    /// The goal room's label (the exit).
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.label(py, self.maze.goal())
    }

    /// For every room (numbered as in `labels`), its neighbours in the tiling in order round
    /// it, each as (room, open): the room behind each side (-1 for the outer boundary) and
    /// True where a passage leads there; a weave's tunnels (under the next room) after its
    /// four sides.
    ///
    /// Complexity: O(rooms + walls).
    fn neighbours(&self) -> Vec<Vec<(i64, bool)>> {
        let t = self.maze.tiling();
        let mut sides: Vec<Side> = Vec::with_capacity(8);
        let mut near = Vec::with_capacity(8);
        (0..t.room_count() as u32)
            .map(|v| {
                sides.clear();
                near.clear();
                t.sides(v, &mut sides);
                t.neighbours(v, &mut near);
                let mut out: Vec<(i64, bool)> = sides
                    .iter()
                    .map(|s| match s.neighbour {
                        Some(u) => (i64::from(u), self.maze.is_open(v, u)),
                        None => (-1, false),
                    })
                    .collect();
                near.sort_unstable();
                for &u in near.iter() {
                    if !sides.iter().any(|s| s.neighbour == Some(u)) {
                        out.push((i64::from(u), self.maze.is_open(v, u)));
                    }
                }
                out
            })
            .collect()
    }

    /// `neighbours()` as two tables for numpy, rows padded to `width` slots (at least the
    /// largest room's): where each slot leads (int64, -1 for none) and whether it is open
    /// (bool), as bytes, row after row; and the width used. For the learning environments'
    /// resets (`mazegraph.gym`), which build their tables from it.
    ///
    /// Complexity: O(rooms × width).
    #[pyo3(signature = (width=0))]
    fn _slots<'py>(
        &self,
        py: Python<'py>,
        width: usize,
    ) -> (usize, Bound<'py, PyBytes>, Bound<'py, PyBytes>) {
        let rows = self.neighbours();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(width);
        let mut to = Vec::with_capacity(rows.len() * width * 8);
        let mut open = Vec::with_capacity(rows.len() * width);
        for row in &rows {
            for k in 0..width {
                let (u, o) = row.get(k).copied().unwrap_or((-1, false));
                to.extend_from_slice(&u.to_le_bytes());
                open.push(u8::from(o));
            }
        }
        (width, PyBytes::new(py, &to), PyBytes::new(py, &open))
    }

    /// True when the maze has no loop (one path between any two rooms).
    #[getter]
    fn perfect(&self) -> bool {
        self.maze.is_perfect()
    }

    /// The maze's graph: a vertex per room, named by its label, an edge per passage, the
    /// start and the goal (`mazegraph generate --tiling … -o maze.graph.json`).
    fn to_graph(&self) -> Graph {
        Graph::new(self.maze.to_graph(), self.limits)
    }

    /// A shortest path from the start to the goal (its graph's, a GraphSolution).
    #[pyo3(signature = (*, max_memory=None))]
    fn solve(
        &self,
        py: Python<'_>,
        max_memory: Option<Int<u64, kw::MaxMemory>>,
    ) -> PyResult<GraphSolution> {
        self.to_graph().solve(py, None, None, max_memory)
    }

    /// The maze as SVG (`mazegraph generate --tiling … -o maze.svg`), with a solution (from
    /// `solve()`) drawn over it; `scale` is the pixels per room (default: about 640 pixels
    /// across).
    #[pyo3(signature = (solution=None, *, scale=None))]
    fn svg(
        &self,
        py: Python<'_>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
    ) -> PyResult<String> {
        let path = self.path(solution)?;
        let scale = self.scale(scale)?;
        let maze = Arc::clone(&self.maze);
        detached(py, move || {
            let mut out = Vec::new();
            TiledPicture::new(&maze, scale, path.as_deref())
                .write_svg(&mut out)
                .map_err(|e| e.to_string())?;
            String::from_utf8(out).map_err(|e| e.to_string())
        })
    }

    /// The maze as JSON text, what `mazegraph generate --tiling … -o maze.json` writes (the
    /// tiling, the terminals and the open walls), read back by `read_tiled`.
    fn json(&self, py: Python<'_>) -> PyResult<String> {
        let maze = Arc::clone(&self.maze);
        detached(py, move || {
            let mut out = Vec::new();
            mazegraph::format::tiled::write(&maze, &mut out).map_err(|e| e.to_string())?;
            String::from_utf8(out).map_err(|e| e.to_string())
        })
    }

    /// The picture of `svg` as PNG bytes (read back by `mazegraph` as the tiled maze).
    #[pyo3(signature = (solution=None, *, scale=None))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let path = self.path(solution)?;
        let scale = self.scale(scale)?;
        let maze = Arc::clone(&self.maze);
        let png = detached(py, move || {
            let mut out = Vec::new();
            TiledPicture::new(&maze, scale, path.as_deref())
                .write_png(&mut out)
                .map_err(|e| e.to_string())?;
            Ok(out)
        })?;
        Ok(PyBytes::new(py, &png))
    }

    /// The picture of `png` as a numpy array of shape (height, width, 3), uint8 RGB, with
    /// `marks` — (room, (r, g, b)) pairs — drawn as discs over it (an agent, a game's
    /// pieces).
    #[pyo3(signature = (solution=None, *, scale=None, marks=None))]
    fn rgb<'py>(
        &self,
        py: Python<'py>,
        solution: Option<&Bound<'_, PyAny>>,
        scale: Option<Int<usize, kw::Scale>>,
        marks: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let marks = self.marks(marks)?;
        let (w, h, rgb) = self.raster(py, solution, scale, marks)?;
        to_array(py, w, h, &rgb, "TiledMaze.rgb")
    }

    /// Pickling (and `copy.deepcopy`, Dask, Ray, gymnasium's AsyncVectorEnv): the maze as
    /// its JSON text (what `mazegraph generate --tiling … -o maze.json` writes: the tiling,
    /// the terminals and the open walls, exactly), with its limits and its seed.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let mut text = Vec::new();
        mazegraph::format::tiled::write(&this.maze, &mut text).map_err(error)?;
        let state = (
            PyBytes::new(slf.py(), &text),
            this.limits.max_cells,
            this.limits.max_bytes,
            this.seed,
        );
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The maze a pickle holds ([`TiledMaze::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        state: Arg<(Vec<u8>, u64, u64, Option<u64>)>,
    ) -> PyResult<TiledMaze> {
        let (text, max_cells, max_bytes, seed) = state.0;
        let limits = Limits {
            max_cells,
            max_bytes,
        };
        let opts = mazegraph::format::ReadOptions {
            limits,
            ..Default::default()
        };
        let maze = detached(py, move || {
            mazegraph::format::read_tiled(&text, &opts)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| "a pickled tiled maze holds no tiled maze JSON".to_string())
        })?;
        Ok(TiledMaze {
            maze: Arc::new(maze),
            limits,
            seed,
        })
    }

    /// Two tiled mazes are equal when their tilings, terminals and open walls are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TiledMaze>()
            .is_ok_and(|o| *o.get().maze == *self.maze)
    }

    /// Jupyter's picture.
    fn _repr_svg_(&self, py: Python<'_>) -> Option<String> {
        (self.maze.tiling().room_count() <= mazegraph::display::SVG_MAX_CELLS)
            .then(|| self.svg(py, None, None).ok())
            .flatten()
    }

    fn __repr__(&self) -> String {
        let t = self.maze.tiling();
        format!(
            "TiledMaze(tiling='{}', size={}, rooms={}, seed={})",
            t.name(),
            t.size_text(),
            t.room_count(),
            self.seed.map_or("None".to_string(), |s| s.to_string())
        )
    }
}

/// RGB rows as a numpy array (height, width, 3) of uint8, writable.
pub(crate) fn to_array<'py>(
    py: Python<'py>,
    w: usize,
    h: usize,
    rgb: &[u8],
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let np = py
        .import("numpy")
        .map_err(crate::maze::missing("numpy", what))?;
    let buffer = PyByteArray::new(py, rgb);
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", np.getattr("uint8")?)?;
    let flat = np.call_method("frombuffer", (buffer,), Some(&kwargs))?;
    flat.call_method1("reshape", ((h, w, 3),))
}
