//! `mazegraph.pursuit` and `mazegraph.Pursuit`: the wolf and the sheep in a maze, as
//! `mazegraph pursuit` plays them (the library's `game::arena`).

use crate::maze::Maze;
use crate::{detached, error, kw, limits, type_error, Arg, Int};
use mazegraph::convert::Terminal;
use mazegraph::game::arena::{place, Piece, Position, Pursuit as Solved, Rules};
use mazegraph::game::arena_picture::{fate_png, play_apng, Style, MAX_FRAMES};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use std::sync::Arc;

/// pursuit(maze, wolf=None, sheep=None, *, first="wolf", passes="both", max_memory=None)
/// solves the game of a wolf chasing a sheep in `maze`, as `mazegraph pursuit` does: the
/// pieces move in turn to a neighbouring path cell (or stay, when `passes` — "both", "wolf",
/// "sheep" or "none" — allows); the wolf wins when both stand on one cell. `wolf` and
/// `sheep` (coordinates, or "room:R,C") default to the maze's start and goal; `first` is
/// "wolf" or "sheep". The arena has 2·P² positions for P path cells (a 61×61 maze: 6.5
/// million, solved in about a second); it is refused when over `max_memory`.
#[pyfunction]
#[pyo3(signature = (maze, wolf=None, sheep=None, *, first=Arg("wolf".to_string()), passes=Arg("both".to_string()), max_memory=None), text_signature = "(maze, wolf=None, sheep=None, *, first='wolf', passes='both', max_memory=None)")]
pub fn pursuit(
    py: Python<'_>,
    maze: &Bound<'_, PyAny>,
    wolf: Option<&Bound<'_, PyAny>>,
    sheep: Option<&Bound<'_, PyAny>>,
    first: Arg<String>,
    passes: Arg<String>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Pursuit> {
    let maze = maze.cast::<Maze>().map_err(|_| {
        type_error(
            py,
            format!(
                "pursuit takes a Maze, not {} (a Graph is placed as a maze by its to_maze())",
                crate::maze::type_name(maze)
            ),
        )
    })?;
    let held: &Maze = maze.get();
    let limits = match max_memory {
        None => held.limits,
        Some(b) => limits::limits(Some(held.limits.max_cells), Some(b.0))?,
    };
    let maze = held.get();
    let first = Piece::from_name(&first.0).map_err(error)?;
    let rules = Rules::passing(&passes.0).map_err(error)?;
    let terminals = maze.terminals();
    let wolf = cell(&maze, Piece::Wolf, wolf, terminals.map(|t| t.0))?;
    let sheep = cell(&maze, Piece::Sheep, sheep, terminals.map(|t| t.1))?;
    let start = Position {
        wolf,
        sheep,
        turn: first,
    };
    let solved = {
        let maze = &*maze;
        detached(py, move || {
            Solved::solve(maze, rules, &limits).map_err(|e| e.to_string())
        })?
    };
    Ok(Pursuit {
        maze,
        solved: Arc::new(solved),
        start,
        max_cells: limits.max_cells,
    })
}

/// A piece's cell from Python: coordinates, or "R,C" / "room:R,C" as the CLI takes them, or
/// the default when `None`.
fn cell(
    maze: &mazegraph::Maze,
    piece: Piece,
    value: Option<&Bound<'_, PyAny>>,
    default: Option<usize>,
) -> PyResult<usize> {
    let name = piece.name();
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return default.ok_or_else(|| {
            error(format!(
                "say where the {name} stands: the maze has no start and goal to default to"
            ))
        });
    };
    let coords = if let Ok(s) = v.extract::<String>() {
        let t = Terminal::parse_option(&s).map_err(error)?;
        t.cell().ok_or_else(|| {
            error(format!(
                "{name} {t} is not a cell: a maze's cells are named by coordinates like (3, 4)"
            ))
        })?
    } else {
        v.extract::<Vec<i64>>().map_err(|_| {
            type_error(
                v.py(),
                format!(
                    "{name}: expected coordinates such as (1, 1) or 'room:0,0', not {}",
                    crate::maze::type_name(v)
                ),
            )
        })?
    };
    place(maze, piece, &coords).map_err(error)
}

/// The game of a wolf and a sheep in a maze, solved (made by `pursuit`): who wins from each
/// position, in how many moves (both pieces' moves, passes included), and the pieces'
/// strategies. Cells are coordinate tuples; `first` defaults to the one given to `pursuit`.
#[pyclass(module = "mazegraph", name = "Pursuit", frozen)]
pub struct Pursuit {
    maze: Arc<mazegraph::Maze>,
    solved: Arc<Solved>,
    start: Position,
    /// The maze's cell limit, the most pixels a picture may have (as `--max-cells`).
    max_cells: u64,
}

impl Pursuit {
    fn position(
        &self,
        wolf: &Bound<'_, PyAny>,
        sheep: &Bound<'_, PyAny>,
        first: Option<Arg<String>>,
    ) -> PyResult<Position> {
        Ok(Position {
            wolf: cell(&self.maze, Piece::Wolf, Some(wolf), None)?,
            sheep: cell(&self.maze, Piece::Sheep, Some(sheep), None)?,
            turn: self.turn(first)?,
        })
    }

    fn coords<'py>(&self, py: Python<'py>, c: usize) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.maze.shape().coords(c))
    }

    /// The pictures' style, refused (as the CLI's) when a picture would have more pixels
    /// than the maze's cell limit.
    fn style(&self, scale: Option<Int<usize, kw::Scale>>, legend: bool) -> PyResult<Style> {
        let dims = self.maze.shape().dims();
        let longest = dims.iter().copied().max().unwrap_or(1);
        let scale = scale.map_or_else(|| (640 / longest.max(1)).clamp(1, 16), |s| s.0);
        crate::maze::check_picture(dims, scale, self.max_cells)?;
        Ok(Style {
            scale,
            legend,
            ..Style::default()
        })
    }
}

#[pymethods]
impl Pursuit {
    /// `Pursuit()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(
            py,
            "a Pursuit is made by pursuit(maze), not by Pursuit()",
        ))
    }

    /// "wolf" or "sheep": who wins from the position given to `pursuit`.
    #[getter]
    fn winner(&self) -> PyResult<&'static str> {
        Ok(self.solved.winner(self.start).map_err(error)?.name())
    }

    /// Moves until the capture from the position given to `pursuit` (the wolf hurrying, the
    /// sheep delaying), or None when the sheep escapes forever.
    #[getter]
    fn moves(&self) -> PyResult<Option<u32>> {
        self.solved.capture_time(self.start).map_err(error)
    }

    /// The position given to `pursuit`: (wolf, sheep, first).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (w, s) = (
            self.coords(py, self.start.wolf)?,
            self.coords(py, self.start.sheep)?,
        );
        PyTuple::new(
            py,
            [
                w.into_any(),
                s.into_any(),
                self.start.turn.name().into_pyobject(py)?.into_any(),
            ],
        )
    }

    /// The number of positions of the arena (2·P² for P path cells).
    #[getter]
    fn positions(&self) -> usize {
        self.solved.arena().game().vertex_count()
    }

    /// The number of positions from which the wolf forces a capture.
    #[getter]
    fn wolf_wins_count(&self) -> usize {
        self.solved.wolf_wins_count()
    }

    /// True when the wolf on `wolf` catches the sheep on `sheep`, `first` moving first.
    #[pyo3(signature = (wolf, sheep, first=None))]
    fn wolf_wins(
        &self,
        wolf: &Bound<'_, PyAny>,
        sheep: &Bound<'_, PyAny>,
        first: Option<Arg<String>>,
    ) -> PyResult<bool> {
        let pos = self.position(wolf, sheep, first)?;
        self.solved.wolf_wins(pos).map_err(error)
    }

    /// Moves until the capture from that position, or None when the sheep escapes forever.
    #[pyo3(signature = (wolf, sheep, first=None))]
    fn capture_time(
        &self,
        wolf: &Bound<'_, PyAny>,
        sheep: &Bound<'_, PyAny>,
        first: Option<Arg<String>>,
    ) -> PyResult<Option<u32>> {
        let pos = self.position(wolf, sheep, first)?;
        self.solved.capture_time(pos).map_err(error)
    }

    /// The strategy's move of the piece whose turn it is: the pieces' cells after it,
    /// (wolf, sheep); None when the sheep is already caught.
    #[pyo3(signature = (wolf, sheep, first=None))]
    fn best_move<'py>(
        &self,
        py: Python<'py>,
        wolf: &Bound<'_, PyAny>,
        sheep: &Bound<'_, PyAny>,
        first: Option<Arg<String>>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let pos = self.position(wolf, sheep, first)?;
        let next = self.solved.best_move(pos).map_err(error)?;
        next.map(|n| PyTuple::new(py, [self.coords(py, n.wolf)?, self.coords(py, n.sheep)?]))
            .transpose()
    }

    /// Both strategies played from the position given to `pursuit`: the (wolf, sheep) cells
    /// after each move, the start first, until a capture, a position played before (the
    /// sheep escapes), or `max_moves` moves.
    #[pyo3(signature = (max_moves=Int::new(400)), text_signature = "($self, max_moves=400)")]
    fn play<'py>(
        &self,
        py: Python<'py>,
        max_moves: Int<usize, kw::MaxMoves>,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let solved = Arc::clone(&self.solved);
        let start = self.start;
        let play = detached(py, move || {
            solved.play(start, max_moves.0).map_err(|e| e.to_string())
        })?;
        play.positions
            .iter()
            .map(|p| PyTuple::new(py, [self.coords(py, p.wolf)?, self.coords(py, p.sheep)?]))
            .collect()
    }

    /// For the wolf on `wolf` (default: its start), the sheep's fate from every path cell: a
    /// dict from cell to the moves until its capture, None where it escapes.
    #[pyo3(signature = (wolf=None, first=None))]
    fn fate<'py>(
        &self,
        py: Python<'py>,
        wolf: Option<&Bound<'_, PyAny>>,
        first: Option<Arg<String>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (w, turn) = self.wolf_and_turn(wolf, first)?;
        let fate = self.solved.fate(w, turn).map_err(error)?;
        let out = PyDict::new(py);
        for (c, r) in fate {
            out.set_item(self.coords(py, c)?, r)?;
        }
        Ok(out)
    }

    /// The fate as a PNG picture, as `mazegraph pursuit --wolf … -o fate.png` draws it.
    #[pyo3(signature = (wolf=None, *, first=None, scale=None, legend=Arg(true)), text_signature = "($self, wolf=None, *, first=None, scale=None, legend=True)")]
    fn fate_png<'py>(
        &self,
        py: Python<'py>,
        wolf: Option<&Bound<'_, PyAny>>,
        first: Option<Arg<String>>,
        scale: Option<Int<usize, kw::Scale>>,
        legend: Arg<bool>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let (w, turn) = self.wolf_and_turn(wolf, first)?;
        let style = self.style(scale, legend.0)?;
        let (maze, solved) = (Arc::clone(&self.maze), Arc::clone(&self.solved));
        let png = detached(py, move || {
            let mut out = Vec::new();
            fate_png(&maze, &solved, w, turn, &style, &mut out).map_err(|e| e.to_string())?;
            Ok(out)
        })?;
        Ok(PyBytes::new(py, &png))
    }

    /// The play from the position given to `pursuit` as an animated PNG (APNG), as
    /// `mazegraph pursuit … -o play.apng` draws it.
    #[pyo3(signature = (*, scale=None, legend=Arg(true)), text_signature = "($self, *, scale=None, legend=True)")]
    fn play_png<'py>(
        &self,
        py: Python<'py>,
        scale: Option<Int<usize, kw::Scale>>,
        legend: Arg<bool>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let style = self.style(scale, legend.0)?;
        let (maze, solved, start) = (Arc::clone(&self.maze), Arc::clone(&self.solved), self.start);
        let png = detached(py, move || {
            let play = solved.play(start, MAX_FRAMES).map_err(|e| e.to_string())?;
            let mut out = Vec::new();
            play_apng(&maze, &solved, &play, &style, &mut out).map_err(|e| e.to_string())?;
            Ok(out)
        })?;
        Ok(PyBytes::new(py, &png))
    }

    /// Pickling (and `copy.deepcopy`, Dask, Ray): the maze (as a Maze is pickled), the
    /// rules and the position given to `pursuit`; the arena is solved again, the same, when
    /// unpickled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let text = crate::maze::maze_json(&this.maze)?;
        let state = (
            PyBytes::new(slf.py(), &text),
            this.solved.arena().rules().passing_name(),
            this.start.wolf,
            this.start.sheep,
            this.start.turn.name(),
            this.max_cells,
        );
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The pursuit a pickle holds ([`Pursuit::__reduce__`]), solved again.
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        state: Arg<(Vec<u8>, String, usize, usize, String, u64)>,
    ) -> PyResult<Pursuit> {
        let (text, passes, wolf, sheep, turn, max_cells) = state.0;
        let rules = Rules::passing(&passes).map_err(error)?;
        let turn = Piece::from_name(&turn).map_err(error)?;
        // Solved before, within its budget: solved again under the defaults.
        let limits = limits::limits(None, None)?;
        let (maze, solved) = detached(py, || {
            let maze = crate::maze::from_maze_json(&text, limits)?;
            let solved = Solved::solve(&maze, rules, &limits).map_err(|e| e.to_string())?;
            Ok((maze, solved))
        })?;
        let cells = maze.grid().len();
        if wolf >= cells || sheep >= cells {
            return Err(error("a pickled pursuit names cells outside its maze"));
        }
        Ok(Pursuit {
            maze: Arc::new(maze),
            solved: Arc::new(solved),
            start: Position { wolf, sheep, turn },
            max_cells,
        })
    }

    fn __repr__(&self) -> String {
        let shape = self.maze.shape();
        let rules = self.solved.arena().rules();
        format!(
            "Pursuit(wolf={}, sheep={}, first='{}', passes='{}', winner='{}')",
            shape.fmt_index(self.start.wolf),
            shape.fmt_index(self.start.sheep),
            self.start.turn.name(),
            rules.passing_name(),
            self.solved
                .winner(self.start)
                .map(Piece::name)
                .unwrap_or("?")
        )
    }
}

impl Pursuit {
    fn wolf_and_turn(
        &self,
        wolf: Option<&Bound<'_, PyAny>>,
        first: Option<Arg<String>>,
    ) -> PyResult<(usize, Piece)> {
        let w = cell(&self.maze, Piece::Wolf, wolf, Some(self.start.wolf))?;
        Ok((w, self.turn(first)?))
    }

    /// Who moves first: `first` ("wolf" or "sheep"), else as in the start.
    fn turn(&self, first: Option<Arg<String>>) -> PyResult<Piece> {
        match first {
            Some(f) => Piece::from_name(&f.0).map_err(error),
            None => Ok(self.start.turn),
        }
    }
}
