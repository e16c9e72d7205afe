//! Resource limits, with the command line's defaults: `max_cells` (`--max-cells`, 2^32) and
//! `max_memory` (`--max-memory`, three quarters of the memory this process may use), and the
//! estimate each piece of work makes before it allocates.
//!
//! The default memory budget is the library's ([`mazegraph::io::default_max_memory`], as the
//! CLI's); the per-work estimates mirror the binary's `src/cli/budget.rs` (which the library
//! does not export); keep the two in step.

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
        max_bytes: max_memory.unwrap_or_else(default_max_memory),
    })
}

/// The memory budget used when `max_memory` is not given: three quarters of the memory this
/// process may use (the machine's, a container's or `ulimit -v`'s), in bytes.
#[pyfunction(name = "default_max_memory")]
pub fn default_max_memory_py() -> u64 {
    default_max_memory()
}

/// What is done with a maze, for its memory estimate (bytes per cell at the peak, measured
/// on a 4001×4001 maze with a margin: BENCHMARKS.md, "Memory").
#[derive(Clone, Copy, Debug)]
pub enum Work {
    /// Dead-end filling or a graph search on the grid.
    Solve,
    /// The graph of every path cell.
    CellGraph,
    /// The junction graph only (and Dijkstra, which solves on it).
    JunctionGraph,
    /// Statistics.
    Stats,
    /// The maze as a game and its attractor.
    Attractor,
}

impl Work {
    fn bytes_per_cell(self) -> u64 {
        match self {
            Work::Solve => 4,
            Work::JunctionGraph => 10,
            Work::CellGraph => 16,
            Work::Stats => 22,
            Work::Attractor => 24,
        }
    }

    fn describe(self, what: &str) -> String {
        match self {
            Work::Solve => format!("solving {what}"),
            Work::JunctionGraph => format!("building the junction graph of {what}"),
            Work::CellGraph => format!("building the graph of every path cell of {what}"),
            Work::Stats => format!("computing the statistics of {what}"),
            Work::Attractor => format!("computing the attractor of {what}"),
        }
    }
}

/// Refuses `work` on a maze of `shape` when its estimate is over the budget.
pub fn check(shape: &Shape, work: Work, limits: &Limits) -> mazegraph::Result<()> {
    let dims: Vec<String> = shape.dims().iter().map(usize::to_string).collect();
    let what = work.describe(&format!("a {} maze", dims.join("×")));
    let bytes = (shape.len() as u64).saturating_mul(work.bytes_per_cell());
    limits.check_bytes(&what, bytes)
}
