//! `mazegraph._native`: the Python extension module behind the `mazegraph` package.
//!
//! Each Python call does what the matching `mazegraph` command does, through the same library
//! functions, and fails with the same one-line message (a `mazegraph.MazeError`, a
//! `ValueError`). The module is thin: reading and writing files ([`io`]), the resource limits
//! ([`limits`]), the maze class ([`maze`]), mazes on tilings ([`tiled`]), the graph class
//! ([`graph`]), the game class ([`game`]), the attractor of all three ([`attractor`]), the
//! wolf and the sheep ([`arena`]) and datasets of mazes as Parquet shards ([`dataset`]).
//! Messages name the package's keywords where the library's name the command
//! line's flags ([`pythonic`]).
//!
//! Long work (reading, solving, generating, measuring, writing) runs without the GIL, and
//! under [`detached`], which stops it on Ctrl-C and turns a panic into a `MazeError` instead of
//! letting pyo3 raise `PanicException`. Arguments are converted through [`Arg`] (ints through
//! [`Int`], which names their keyword and range), so that a wrong type is a `MazeTypeError` (a
//! `MazeError` and a `TypeError`) and an int out of range a `MazeError` ("seed: -1 is out of
//! range (0 to 2**64-1)"), never pyo3's `TypeError` or `OverflowError`. The classes pickle
//! through the library's exact formats (`__reduce__`), and calling one is a `MazeTypeError`
//! saying which function makes its objects. The classes are frozen (their
//! methods take `&self`): one object may be used from several threads at once.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::Duration;

mod arena;
mod attractor;
mod dataset;
mod game;
mod graph;
mod io;
mod limits;
mod maze;
mod tiled;

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

/// A `MazeError` with `message` on one line (control characters escaped, as the CLI prints),
/// the command line's flags named as the package's keywords ([`pythonic`]).
pub(crate) fn error(message: impl std::fmt::Display) -> PyErr {
    MazeError::new_err(pythonic(&mazegraph::error::one_line(&message.to_string())))
}

/// The command line's flags that the library's messages name, each with the keyword a
/// Python user gives instead, and whether a value follows the flag in the messages (`--cells
/// pixel`: quoted as `cells="pixel"`). `--from/--to` (either, one format) is `format=`.
const KEYWORDS: &[(&str, &str, bool)] = &[
    ("from/--to", "format=", false),
    ("max-cells", "max_cells=", false),
    ("max-memory", "max_memory=", false),
    ("shard-rows", "shard_rows=", false),
    ("start", "start=", false),
    ("goal", "goal=", false),
    ("from", "format=", true),
    ("to", "format=", true),
    ("cells", "cells=", true),
    ("doubtful", "doubtful=", true),
    ("region", "region=", true),
    ("method", "method=", true),
    ("layout", "layout=", true),
    ("scale", "scale=", false),
    ("target", "target=", false),
    ("priority", "priority=", false),
    ("player", "player=", false),
    ("junctions", "junctions=True", false),
    ("loops", "loops=", false),
    ("braid", "braid=True", false),
];

/// `message` with the command line's flags (`--max-cells`, `--start`, `--method dead-end`)
/// named as the Python package's keywords (`max_cells=`, `start=`, `method="dead-end"`): the
/// one place the library's words become the package's. Other text (a DOT edge `a -- b`,
/// another program's flag) is left as it is.
pub(crate) fn pythonic(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        // The longest flag that is whole here (not the start of a longer word).
        let found = KEYWORDS
            .iter()
            .filter(|(flag, _, _)| {
                after.starts_with(flag)
                    && !after[flag.len()..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            })
            .max_by_key(|(flag, _, _)| flag.len());
        let Some(&(flag, keyword, valued)) = found else {
            out.push_str("--");
            rest = after;
            continue;
        };
        out.push_str(keyword);
        rest = &after[flag.len()..];
        if let (true, Some(value)) = (valued, rest.strip_prefix(' ')) {
            let len = value
                .find(|c: char| !(c.is_ascii_alphanumeric() || "-.,:[]".contains(c)))
                .unwrap_or(value.len());
            let token = value[..len].trim_end_matches([',', '.', ':']);
            if token.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                out.push_str(&format!("{token:?}"));
                rest = &value[token.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The library's `message` as the package says it ([`pythonic`]), for the test suite: it
/// compares the package's errors with the command line's.
#[pyfunction]
fn _pythonic(message: &str) -> String {
    pythonic(message)
}

/// `mazegraph.MazeTypeError`, a `MazeError` that is also a `TypeError`: made when the module
/// is (a class with two bases, which `create_exception!` cannot make).
static MAZE_TYPE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The class `mazegraph.MazeTypeError`.
fn maze_type_error(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let ty = MAZE_TYPE_ERROR.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let attrs = PyDict::new(py);
        attrs.set_item("__module__", "mazegraph")?;
        attrs.set_item(
            "__doc__",
            "An argument of the wrong type (a str where a number goes, a list where a networkx \
             graph goes): a MazeError that is also a TypeError.",
        )?;
        let bases = (py.get_type::<MazeError>(), py.get_type::<PyTypeError>());
        let made = py
            .get_type::<PyType>()
            .call1(("MazeTypeError", bases, attrs))?;
        Ok(made.cast_into::<PyType>()?.unbind())
    })?;
    Ok(ty.bind(py))
}

/// A `MazeTypeError` with `message` on one line.
pub(crate) fn type_error(py: Python<'_>, message: impl std::fmt::Display) -> PyErr {
    let message = pythonic(&mazegraph::error::one_line(&message.to_string()));
    match maze_type_error(py) {
        Ok(ty) => PyErr::from_type(ty.clone(), message),
        Err(e) => e,
    }
}

/// An argument converted as `T` is, with pyo3's errors made mazegraph's: a value of the wrong
/// type is a `MazeTypeError`, an int out of range (pyo3's `OverflowError`) or another bad
/// value a `MazeError`. Python adds the note "while processing 'NAME'".
pub(crate) struct Arg<T>(pub T);

impl<'a, 'py, T: FromPyObject<'a, 'py>> FromPyObject<'a, 'py> for Arg<T> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match T::extract(obj) {
            Ok(v) => Ok(Arg(v)),
            Err(e) => Err(bad_value(&obj, e.into())),
        }
    }
}

/// An int argument converted as `T` (`u8` … `u64`, `usize`) and held to the range of `K`, a
/// keyword (made by `keyword!`): out of range (of `T`, or of the keyword's own), the `MazeError`
/// names the keyword and the range, "seed: -1 is out of range (0 to 2**64-1)"; a value that
/// is no int is a `MazeTypeError` naming the keyword.
pub(crate) struct Int<T, K>(pub T, std::marker::PhantomData<K>);

impl<T, K> Int<T, K> {
    /// A default value, in a signature.
    pub(crate) const fn new(value: T) -> Self {
        Int(value, std::marker::PhantomData)
    }
}

/// A keyword that takes an int ([`Int`]): its name, and its range when narrower than its
/// type's.
pub(crate) trait Keyword {
    const NAME: &'static str;
    const RANGE: Option<(u64, u64)> = None;
}

/// The unsigned int types an [`Int`] converts to, with their range.
pub(crate) trait Unsigned: Copy {
    const MAX: u64;
    /// The value as a u64 (every type here fits).
    fn wide(self) -> u64;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Unsigned for $t {
            const MAX: u64 = <$t>::MAX as u64;
            fn wide(self) -> u64 {
                self as u64
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

/// Keywords taking ints: `keyword!(Seed, "seed")`, or with its range `keyword!(Scale,
/// "scale", 1, 65535)`.
macro_rules! keyword {
    ($name:ident, $text:literal) => {
        pub(crate) struct $name;
        impl $crate::Keyword for $name {
            const NAME: &'static str = $text;
        }
    };
    ($name:ident, $text:literal, $low:expr, $high:expr) => {
        pub(crate) struct $name;
        impl $crate::Keyword for $name {
            const NAME: &'static str = $text;
            const RANGE: Option<(u64, u64)> = Some(($low, $high));
        }
    };
}

/// The int keywords of the package.
pub(crate) mod kw {
    keyword!(MaxCells, "max_cells");
    keyword!(MaxMemory, "max_memory");
    keyword!(Seed, "seed");
    keyword!(Count, "count");
    keyword!(ShardRows, "shard_rows");
    keyword!(FirstShard, "first_shard");
    keyword!(Loops, "loops");
    keyword!(MaxMoves, "max_moves");
    keyword!(V, "v");
    keyword!(Player, "player", 0, 1);
    keyword!(Size, "size");
    keyword!(Region, "region");
    keyword!(Priority, "priority");
    keyword!(
        Scale,
        "scale",
        *mazegraph::render::SCALES.start() as u64,
        *mazegraph::render::SCALES.end() as u64
    );
}

/// A bound as the messages write it: 2**64-1 and 2**32-1 by name.
fn bound(n: u64) -> String {
    match n {
        u64::MAX => "2**64-1".to_string(),
        0xffff_ffff => "2**32-1".to_string(),
        n => n.to_string(),
    }
}

/// True when `e` is an [`Int`]'s "out of range" (a `MazeError`, not a `MazeTypeError`).
pub(crate) fn is_out_of_range(py: Python<'_>, e: &PyErr) -> bool {
    e.is_instance_of::<MazeError>(py)
        && !e.is_instance_of::<PyTypeError>(py)
        && e.value(py)
            .str()
            .is_ok_and(|m| m.to_string().contains(" is out of range ("))
}

/// The error of keyword `name`'s `value`, out of the range `low` to `high`.
pub(crate) fn out_of_range(value: &Bound<'_, PyAny>, name: &str, (low, high): (u64, u64)) -> PyErr {
    let mut shown = value.repr().map(|r| r.to_string()).unwrap_or_default();
    if shown.chars().count() > 40 {
        shown = shown.chars().take(37).collect::<String>() + "...";
    }
    error(format!(
        "{name}: {shown} is out of range ({} to {})",
        bound(low),
        bound(high)
    ))
}

impl<'a, 'py, T, K> FromPyObject<'a, 'py> for Int<T, K>
where
    T: FromPyObject<'a, 'py> + Unsigned,
    K: Keyword,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let range = K::RANGE.unwrap_or((0, T::MAX));
        match T::extract(obj) {
            Ok(v) => {
                let n = v.wide();
                if n < range.0 || n > range.1 {
                    return Err(out_of_range(&obj, K::NAME, range));
                }
                Ok(Int::new(v))
            }
            Err(e) => {
                let e: PyErr = e.into();
                let py = obj.py();
                if e.is_instance_of::<PyOverflowError>(py) {
                    Err(out_of_range(&obj, K::NAME, range))
                } else if e.is_instance_of::<PyTypeError>(py) {
                    let why = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
                    Err(type_error(py, format!("{}: {why}", K::NAME)))
                } else {
                    Err(bad_value(&obj, e))
                }
            }
        }
    }
}

/// The error about `value` that failed to convert with `e`, as mazegraph's (see [`Arg`]).
pub(crate) fn bad_value(value: &Bound<'_, PyAny>, e: PyErr) -> PyErr {
    let py = value.py();
    if e.is_instance_of::<MazeError>(py) {
        return e;
    }
    let why = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
    if e.is_instance_of::<PyOverflowError>(py) {
        let mut shown = value.repr().map(|r| r.to_string()).unwrap_or_default();
        if shown.chars().count() > 40 {
            shown = shown.chars().take(37).collect::<String>() + "...";
        }
        error(format!("{shown} is out of range: {why}"))
    } else if e.is_instance_of::<PyTypeError>(py) {
        type_error(py, why)
    } else if e.is_instance_of::<PyValueError>(py) {
        error(why)
    } else {
        e
    }
}

/// How often a call waiting for its work looks for Ctrl-C (Python's signal handlers).
const POLL: Duration = Duration::from_millis(50);

/// The stack of the thread long work runs on: a Python thread's usual 8 MiB (Rust's threads
/// get 2 MiB unless told).
const STACK: usize = 8 << 20;

/// Runs `work` with the GIL released, on a thread of its own, while the calling thread looks
/// for Ctrl-C every 50 ms. On Ctrl-C (a Python signal handler raising, `KeyboardInterrupt`
/// by default), the work's stop flag is raised ([`mazegraph::stop`]): the work ends at its
/// next check, within microseconds in the library's long loops, and the call raises the
/// handler's exception once it has. Python runs signal handlers on its main thread only, so
/// calls made on other threads run to their end. A panic in the work (a bug: bad input must
/// give an error) is caught and raised as `MazeError("internal error: …")`, so no panic
/// crosses into Python.
pub(crate) fn detached<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, String> + Send,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let runner = {
        let flag = Arc::clone(&flag);
        move || {
            let done = std::panic::catch_unwind(AssertUnwindSafe(|| {
                mazegraph::stop::run(&flag, || Ok(work()))
            }));
            // The receiver waits for this answer: it is there until it comes.
            let _ = tx.send(done);
        }
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("mazegraph".to_string())
            .stack_size(STACK)
            .spawn_scoped(scope, runner)
            .map_err(|e| error(format!("cannot start the work's thread: {e}")))?;
        let mut rx = rx;
        let mut interrupt: Option<PyErr> = None;
        let done = loop {
            let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match got {
                Ok(done) => break done,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(error("internal error: the work ended without an answer"))
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if interrupt.is_none() {
                if let Err(e) = py.check_signals() {
                    flag.store(true, Ordering::Relaxed);
                    interrupt = Some(e);
                }
            }
        };
        if let Some(e) = interrupt {
            return Err(e);
        }
        outcome(done)
    })
}

/// Work of `cells` cells (or rooms) as [`detached`] runs it, but on the calling thread when
/// it is small ([`SMALL`] cells at most: done in well under a millisecond, where starting a
/// thread costs more than the work, as in a learning environment's resets): the GIL released
/// and a panic caught all the same; Ctrl-C waits for its end.
pub(crate) fn detached_sized<T: Send>(
    py: Python<'_>,
    cells: u64,
    work: impl FnOnce() -> Result<T, String> + Send,
) -> PyResult<T> {
    if cells > SMALL {
        return detached(py, work);
    }
    let flag = Arc::new(AtomicBool::new(false));
    let done = py.detach(|| {
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            mazegraph::stop::run(&flag, || Ok(work()))
        }))
    });
    outcome(done)
}

/// What a detached piece of work gave: its value, its error or the stop, as Python errors; a
/// panic as an internal error.
fn outcome<T, E: std::fmt::Display>(
    done: std::thread::Result<Result<Result<T, String>, E>>,
) -> PyResult<T> {
    match done {
        Ok(Ok(Ok(t))) => Ok(t),
        Ok(Ok(Err(message))) => Err(error(message)),
        Ok(Err(stopped)) => Err(error(stopped)),
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

/// The most cells [`detached_sized`] works on the calling thread.
pub(crate) const SMALL: u64 = 1 << 14;

/// Issues each note as a `MazeWarning` (`mazegraph: note: FILE: …`, as the CLI prints it).
pub(crate) fn warn_notes(py: Python<'_>, name: &str, notes: &[String]) -> PyResult<()> {
    let category = py.get_type::<MazeWarning>();
    for n in notes {
        let text = std::ffi::CString::new(pythonic(&format!("{name}: {n}")))
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
    m.add("MazeTypeError", maze_type_error(py)?)?;
    m.add("MazeWarning", py.get_type::<MazeWarning>())?;
    m.add("DEFAULT_MAX_CELLS", mazegraph::grid::DEFAULT_MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(limits::default_max_memory_py, m)?)?;
    m.add_class::<maze::Maze>()?;
    m.add_class::<maze::Solution>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<attractor::Attractor>()?;
    m.add_class::<game::GameSolution>()?;
    m.add_class::<arena::Pursuit>()?;
    m.add_class::<tiled::TiledMaze>()?;
    m.add_function(wrap_pyfunction!(maze::read, m)?)?;
    m.add_function(wrap_pyfunction!(tiled::read_tiled, m)?)?;
    m.add_function(wrap_pyfunction!(maze::parse, m)?)?;
    m.add_function(wrap_pyfunction!(maze::generate, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::dataset, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(arena::pursuit, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    m.add_class::<graph::Graph>()?;
    m.add_class::<graph::GraphSolution>()?;
    m.add_function(wrap_pyfunction!(graph::read_graph, m)?)?;
    m.add_function(wrap_pyfunction!(graph::parse_graph, m)?)?;
    m.add_function(wrap_pyfunction!(_pythonic, m)?)?;
    m.add("ALGORITHMS", mazegraph::generate::Algorithm::NAMES.to_vec())?;
    let methods: Vec<&str> = mazegraph::solve::Method::ALL
        .iter()
        .map(|m| m.name())
        .chain(["wall-follower-left"])
        .collect();
    m.add("METHODS", methods)?;
    m.add("TILINGS", mazegraph::tiling::NAMES.to_vec())?;
    Ok(())
}
