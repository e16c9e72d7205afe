//! `mazegraph.dataset`: many mazes with their solutions and figures as Parquet shards, as
//! `mazegraph dataset` writes them ([`mazegraph::dataset`]).

use crate::maze::size;
use crate::{detached, error, kw, limits, Arg, Int};
use mazegraph::dataset::{default_shard_rows, write, Options};
use mazegraph::generate::{Algorithm, Options as GenerateOptions};
use mazegraph::stats::difficulty::Difficulty;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// Writes `count` mazes of `size` rooms by `algorithm` into the directory `path` as Parquet
/// shards (`part-00000.parquet`, …, `shard_rows` rows each (by default as many as keep a
/// shard's memory within about 256 MiB, as the command line), numbered from `first_shard`), as
/// `mazegraph dataset` does: maze i from seed `seed + i`; with `difficulty` ("easy", "medium",
/// "hard") the first `count` mazes of that grade. With `tiling` (one of `TILINGS`), the mazes
/// `generate(..., tiling=...)` makes (`size` the tiling's: `(rows, cols)`, or one number;
/// kruskal by default for "weave"), each row its open walls as room pairs (`edges`). Returns a dict: `rows`, `seeds_tried`,
/// `shards` (paths), `bytes`, `grader` (the scores' terciles, or None). Runs without the GIL;
/// Ctrl-C stops it between mazes (the shards already written stay, each whole).
#[pyfunction]
#[pyo3(signature = (path, count=Int::new(1000), size=None, algorithm=None, seed=Int::new(0), *, loops=Int::new(0), braid=Arg(false), pick=None, difficulty=None, tiling=None, shard_rows=None, first_shard=Int::new(0), max_cells=None, max_memory=None), text_signature = "(path, count=1000, size=(10, 10), algorithm=None, seed=0, *, loops=0, braid=False, pick=None, difficulty=None, tiling=None, shard_rows=None, first_shard=0, max_cells=None, max_memory=None)")]
#[allow(clippy::too_many_arguments)]
pub fn dataset<'py>(
    py: Python<'py>,
    path: Arg<PathBuf>,
    count: Int<u64, kw::Count>,
    size: Option<&Bound<'py, PyAny>>,
    algorithm: Option<Arg<String>>,
    seed: Int<u64, kw::Seed>,
    loops: Int<usize, kw::Loops>,
    braid: Arg<bool>,
    pick: Option<Arg<String>>,
    difficulty: Option<Arg<String>>,
    tiling: Option<Arg<String>>,
    shard_rows: Option<Int<usize, kw::ShardRows>>,
    first_shard: Int<u64, kw::FirstShard>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
) -> PyResult<Bound<'py, PyDict>> {
    let limits = limits::limits(max_cells.map(|a| a.0), max_memory.map(|a| a.0))?;
    let tiling = tiling.map(|a| a.0);
    // Weave is carved by kruskal only: its default, as the CLI's.
    let algorithm = algorithm.map(|a| a.0).unwrap_or_else(|| {
        mazegraph::tiling::maze::default_algorithm(tiling.as_deref()).to_string()
    });
    let mut algo = Algorithm::from_name(&algorithm).map_err(error)?;
    if let Some(p) = pick.map(|a| a.0) {
        if tiling.is_some() {
            return Err(error(
                "tiling= takes no pick= (it applies to square-grid mazes)",
            ));
        }
        algo = crate::maze::with_pick(algo, &p)?;
    }
    let rooms = match size {
        // A tiling's own board: one number (a hexagon's side, theta's rings).
        Some(s) if tiling.is_some() && s.is_instance_of::<pyo3::types::PyInt>() => {
            vec![s.extract::<Int<usize, kw::Size>>()?.0]
        }
        Some(s) => self::size(s)?,
        None => vec![10, 10],
    };
    let difficulty = match difficulty.map(|a| a.0) {
        Some(d) => Some(d.parse::<Difficulty>().map_err(error)?),
        None => None,
    };
    let mut opts = Options {
        rooms,
        tiling,
        generate: GenerateOptions {
            algorithm: algo,
            loops: loops.0,
            braid: braid.0,
        },
        seed: seed.0,
        count: count.0,
        shard_rows: 0,
        first_shard: first_shard.0,
        difficulty,
    };
    // As the command line: by default, as many rows as keep a shard's memory modest.
    opts.shard_rows = match shard_rows {
        Some(r) => r.0,
        None => default_shard_rows(&opts, &limits).map_err(error)?.0,
    };
    let dir = path.0;
    let summary = detached(py, || {
        write(&dir, &opts, &limits, &|_| {}).map_err(|e| e.to_string())
    })?;
    let out = PyDict::new(py);
    out.set_item("rows", summary.rows)?;
    out.set_item("seeds_tried", summary.seeds_tried)?;
    let shards: Vec<String> = summary
        .shards
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    out.set_item("shards", shards)?;
    out.set_item("bytes", summary.bytes)?;
    out.set_item(
        "grader",
        summary.grader.map(|g| (g.easy_up_to, g.hard_from)),
    )?;
    Ok(out)
}
