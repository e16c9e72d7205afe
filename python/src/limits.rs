//! Resource limits, with the command line's defaults: `max_cells` (`--max-cells`, 2^32) and
//! `max_memory` (`--max-memory`, three quarters of the memory this process may use), and the
//! estimate each piece of work makes before it allocates.
//!
//! The figures and words mirror the binary's `src/cli/budget.rs` (which the library does not
//! export); keep the two in step.

use mazegraph::grid::{Limits, Shape, DEFAULT_MAX_CELLS};
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

/// Three quarters of the memory this process may use: the machine's memory, or less when an
/// address-space limit (`ulimit -v`) or the control group (a container) says so.
pub fn default_max_memory() -> u64 {
    let mut total = meminfo_total().unwrap_or(8 << 30);
    if let Some(c) = cgroup_limit() {
        total = total.min(c);
    }
    if let Some(r) = address_space_limit() {
        total = total.min(r);
    }
    total / 4 * 3
}

/// The memory budget used when `max_memory` is not given: three quarters of the memory this
/// process may use (the machine's, a container's or `ulimit -v`'s), in bytes.
#[pyfunction(name = "default_max_memory")]
pub fn default_max_memory_py() -> u64 {
    default_max_memory()
}

fn meminfo_total() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

fn cgroup_limit() -> Option<u64> {
    [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .find_map(|p| std::fs::read_to_string(p).ok()?.trim().parse().ok())
}

/// The soft `RLIMIT_AS`, from `/proc/self/limits` ("Max address space").
fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line.split_whitespace().nth(3)?.parse().ok()
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
