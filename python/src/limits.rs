//! Resource limits, with the command line's defaults: `max_cells` (`--max-cells`, 2^32) and
//! `max_memory` (`--max-memory`, three quarters of the memory this process may use), and the
//! estimate each piece of work makes before it allocates.
//!
//! The default memory budget and the per-work estimates are the library's
//! ([`mazegraph::io::default_max_memory`], [`mazegraph::io::Work`]), as the CLI's.

use mazegraph::grid::{Limits, Shape, DEFAULT_MAX_CELLS};
use mazegraph::io::default_max_memory;
use pyo3::prelude::*;

/// The limits for `max_cells` and `max_memory` (bytes), each defaulting as the CLI does.
pub fn limits(max_cells: Option<u64>, max_memory: Option<u64>) -> PyResult<Limits> {
    if max_memory == Some(0) {
        return Err(crate::error("max_memory is a number of bytes, 1 or more"));
    }
    Ok(Limits {
        max_cells: max_cells.unwrap_or(DEFAULT_MAX_CELLS),
        max_bytes: max_memory.unwrap_or_else(default_budget),
    })
}

/// [`default_max_memory`], read again at most once a second: reading it (the machine's, a
/// container's and `ulimit -v`'s figures, from files) takes about 0.2 ms, more than making a
/// small maze, which a learning environment does thousands of times a second.
fn default_budget() -> u64 {
    use std::sync::Mutex;
    use std::time::{Duration, Instant};
    static LAST: Mutex<Option<(Instant, u64)>> = Mutex::new(None);
    let mut last = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match *last {
        Some((when, bytes)) if when.elapsed() < Duration::from_secs(1) => bytes,
        _ => {
            let bytes = default_max_memory();
            *last = Some((Instant::now(), bytes));
            bytes
        }
    }
}

/// The limits of work on an object made with `own`: its own, with `max_memory` if given.
pub fn of_work(own: &Limits, max_memory: Option<u64>) -> PyResult<Limits> {
    match max_memory {
        None => Ok(*own),
        Some(m) => limits(Some(own.max_cells), Some(m)),
    }
}

/// The memory budget used when `max_memory` is not given: three quarters of the memory this
/// process may use (the machine's, a container's or `ulimit -v`'s), in bytes.
#[pyfunction(name = "default_max_memory")]
pub fn default_max_memory_py() -> u64 {
    default_max_memory()
}

pub use mazegraph::io::Work;

/// Refuses `work` on a maze of `shape` when its estimate is over the budget.
pub fn check(shape: &Shape, work: Work, limits: &Limits) -> mazegraph::Result<()> {
    let dims: Vec<String> = shape.dims().iter().map(usize::to_string).collect();
    work.check(
        shape.len() as u64,
        &format!("a {} maze", dims.join("×")),
        limits,
    )
}
