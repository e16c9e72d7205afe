//! `mazegraph._native`: the Python extension module behind the `mazegraph` package.
//!
//! Each Python call does what the matching `mazegraph` command does, through the same library
//! functions, and fails with the same one-line message (a `mazegraph.MazeError`, a
//! `ValueError`). The module is thin: reading and writing files ([`io`]), the resource limits
//! ([`limits`]), the maze class ([`maze`]) and the game class ([`game`]).
//!
//! Long work (reading, solving, generating, measuring, writing) runs without the GIL, and
//! under [`detached`], which turns a panic into a `MazeError` instead of letting pyo3 raise
//! `PanicException`.

use pyo3::prelude::*;
use std::panic::AssertUnwindSafe;

mod game;
mod io;
mod limits;
mod maze;

pyo3::create_exception!(
    mazegraph,
    MazeError,
    pyo3::exceptions::PyValueError,
    "Bad input or a request mazegraph cannot do: the message is the line the command-line tool \
     prints after `mazegraph: error: `."
);

pyo3::create_exception!(
    mazegraph,
    MazeWarning,
    pyo3::exceptions::PyUserWarning,
    "A note about what was read: how the maze differs from what the file says (a directed \
     graph read as undirected, parallel edges merged), as the command-line tool notes it."
);

/// A `MazeError` with `message` on one line (control characters escaped, as the CLI prints).
pub(crate) fn error(message: impl std::fmt::Display) -> PyErr {
    MazeError::new_err(mazegraph::error::one_line(&message.to_string()))
}

/// Runs `work` with the GIL released. A panic in it (a bug: bad input must give an error) is
/// caught and raised as `MazeError("internal error: …")`, so no panic crosses into Python.
pub(crate) fn detached<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, String> + Send,
) -> PyResult<T> {
    let result = py.detach(|| std::panic::catch_unwind(AssertUnwindSafe(work)));
    match result {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(message)) => Err(error(message)),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Err(error(format!(
                "internal error: {what} (a bug in mazegraph: please report it)"
            )))
        }
    }
}

/// Issues each note as a `MazeWarning` (`mazegraph: note: FILE: …`, as the CLI prints it).
pub(crate) fn warn_notes(py: Python<'_>, name: &str, notes: &[String]) -> PyResult<()> {
    let category = py.get_type::<MazeWarning>();
    for n in notes {
        let text = std::ffi::CString::new(format!("{name}: {n}"))
            .map_err(|_| error("a note with a NUL byte"))?;
        PyErr::warn(py, &category, &text, 2)?;
    }
    Ok(())
}

/// Panics in Rust under the guard every long call runs under ([`detached`]), for the test
/// suite: a panic must come out as `MazeError`, never as pyo3's `PanicException`.
#[pyfunction]
fn _panic(py: Python<'_>, message: String) -> PyResult<()> {
    detached(py, move || -> Result<(), String> { panic!("{message}") })
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MazeError", py.get_type::<MazeError>())?;
    m.add("MazeWarning", py.get_type::<MazeWarning>())?;
    m.add("DEFAULT_MAX_CELLS", mazegraph::grid::DEFAULT_MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(limits::default_max_memory_py, m)?)?;
    m.add_class::<maze::Maze>()?;
    m.add_class::<maze::Solution>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Attractor>()?;
    m.add_class::<game::GameSolution>()?;
    m.add_function(wrap_pyfunction!(maze::read, m)?)?;
    m.add_function(wrap_pyfunction!(maze::parse, m)?)?;
    m.add_function(wrap_pyfunction!(maze::generate, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    m.add("ALGORITHMS", mazegraph::generate::Algorithm::NAMES.to_vec())?;
    let methods: Vec<&str> = mazegraph::solve::Method::ALL
        .iter()
        .map(|m| m.name())
        .chain(["wall-follower-left"])
        .collect();
    m.add("METHODS", methods)?;
    Ok(())
}
