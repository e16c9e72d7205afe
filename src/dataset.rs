//! Datasets of mazes: many generated mazes with their solutions and figures, written as
//! [Parquet](https://parquet.apache.org/) shards that pyarrow, pandas, polars and Hugging Face
//! `datasets` read as Arrow tables (feature `dataset`).
//!
//! **Which mazes.** Maze `i` of a dataset (counting from 0) is generated from seed
//! `seed + i` ([`Options::seed`]), exactly as `mazegraph generate --seed` makes it. With a
//! difficulty filter ([`Options::difficulty`]) the seeds `seed, seed + 1, …` are tried in
//! order and the dataset keeps the first `count` whose maze has the grade asked for; the
//! grades come from a [`Grader`] made from the mazes of the [`SAMPLE`] seeds `u64::MAX`,
//! `u64::MAX − 1`, … of the same kind (so it does not depend on `seed`: two jobs over
//! different seed ranges grade alike).
//!
//! **Shards.** Rows go to `part-NNNNN.parquet` files of [`Options::shard_rows`] rows each (the
//! last one may hold fewer), numbered from [`Options::first_shard`]. A shard's bytes depend
//! only on its rows and the options, so a job split into seed ranges (on several processes or
//! machines, each given its range and its first shard number) writes the very files one job
//! writes. Each shard is written through [`crate::files`]: it appears complete or not at all.
//! A directory that already holds shards of other mazes (another size, algorithm, tiling,
//! difficulty…) is refused before any work, since readers take a directory's shards as one
//! table; shards of the same mazes (another seed range) stay beside the new ones.
//!
//! **Which boards.** The n-D square grid (its mazes are grids of cells, as `generate` makes
//! them), or a [tiling](crate::tiling) ([`Options::tiling`]: hexagons, triangles, rings,
//! octagons, a weave), whose mazes are rooms joined by passages, as `generate --tiling` makes
//! them. One schema holds both: what does not apply to a kind is null.
//!
//! **Columns** (one row a maze). On the square grid, cell indices are row-major in the maze's
//! grid of cells, room `(r, c)` of a `R × C` maze being cell `(2r + 1) · (2C + 1) + 2c + 1`.
//! On a tiling, room indices are the tiling's own numbering, `0..rooms`; the shard's metadata
//! gives each room's label (`labels`: `(row, col)`, `(ring, sector)`, axial `(q, r)`, as
//! [`Tiles::label`] and tiled maze JSON say them):
//!
//! | column | type | what |
//! |---|---|---|
//! | `seed` | uint64 | the generator's seed |
//! | `algorithm` | string | the carving algorithm |
//! | `tiling` | string, null on the square grid | the tiling ([`crate::tiling::NAMES`]) |
//! | `size` | `list<int32>` | the size asked for: rooms per axis, or the tiling's size |
//! | `rooms` | int32 | rooms of the board |
//! | `shape` | `list<int32>`, null on a tiling | the grid's size in cells per axis (`2R + 1`, `2C + 1`, …) |
//! | `grid` | binary, null on a tiling | the cells, row-major, 1 for a path, 8 a byte, first cell in the highest bit (`numpy.unpackbits`) |
//! | `edges` | `list<int32>`, null on the square grid | the open walls as one flat array of room pairs `a0, b0, a1, b1, …` (`numpy.reshape(-1, 2)`; a weave's passage under a room joins the rooms either side of it) |
//! | `start`, `goal` | int32 | the entrance and exit cells (rooms on a tiling) |
//! | `solution` | `list<int32>` | the shortest solution's cells (rooms), start to goal (empty without one) |
//! | `path_cells`, `dead_ends`, `junctions` | int32 | [`Stats`]'s figures (of the rooms' graph on a tiling: `path_cells` is the room count) |
//! | `solution_length`, `decisions` | int32, null without a solution | steps of the solution, junctions on it |
//! | `difficulty` | double, null without a solution | [`difficulty::score`] |
//! | `tokens` | string, null unless a 2-D square grid | maze-dataset's token text ([`maze_dataset::tokens`]) |
//!
//! Each shard's key-value metadata `mazegraph` holds the options as JSON (tiling, size,
//! algorithm, seeds, grader) and, on a tiling, `labels`: room `k`'s label at `labels[k]`.
//!
//! Compression: Snappy (Parquet's usual default), dictionary encoding where it pays.
//!
//! ```no_run
//! use mazegraph::dataset::{write, Options};
//! let opts = Options { count: 1000, ..Options::new(vec![10, 10]) };
//! let summary = write("mazes".as_ref(), &opts, &Default::default(), &|_| {})?;
//! assert_eq!(summary.rows, 1000);
//! # Ok::<(), mazegraph::Error>(())
//! ```

use crate::error::{Error, Result};
use crate::format::maze_dataset;
use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options as GenerateOptions};
use crate::grid::Limits;
use crate::solve::{solve, Method};
use crate::stats::difficulty::{self, Difficulty, Grader};
use crate::stats::{graph_stats, maze_stats, Stats};
use crate::tiling::{TiledMaze, Tiles, Tiling};
use parquet::basic::Compression;
use parquet::data_type::{ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How many mazes the difficulty grader is made from.
pub const SAMPLE: u64 = 300;

/// The most rows a shard holds by default (fewer for larger mazes: [`default_shard_rows`]).
pub const DEFAULT_SHARD_ROWS: usize = 100_000;

/// The memory a shard's work is estimated to take ([`check`]'s estimate) at most with the
/// default rows a shard ([`default_shard_rows`]): every row of a shard is held until the shard
/// is written, so the rows a shard bound the memory.
pub const DEFAULT_SHARD_BYTES: u64 = 256 << 20;

/// Mazes generated at once between two progress reports (and two looks at a stop).
const BLOCK: usize = 4096;

/// What a dataset holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Rooms per axis (`[10, 10]`: a 10×10 maze of 21×21 cells); with a tiling, its size
    /// (as [`Tiling::new`] takes it).
    pub rooms: Vec<usize>,
    /// The tiling (one of [`crate::tiling::NAMES`]); `None` for the square grid.
    pub tiling: Option<String>,
    /// The generator: algorithm, loops, braiding.
    pub generate: GenerateOptions,
    /// The first seed.
    pub seed: u64,
    /// How many mazes (rows).
    pub count: u64,
    /// Rows a shard holds (the last one may hold fewer).
    pub shard_rows: usize,
    /// The number of the first shard (`part-NNNNN.parquet`): a job over a later seed range
    /// continues the numbering of the one before.
    pub first_shard: u64,
    /// Keep only the mazes of this grade.
    pub difficulty: Option<Difficulty>,
}

impl Options {
    /// `count` 1000 perfect mazes of `rooms` on the square grid by the backtracker, from
    /// seed 0, in shards of [`DEFAULT_SHARD_ROWS`], unfiltered.
    pub fn new(rooms: Vec<usize>) -> Options {
        Options {
            rooms,
            tiling: None,
            generate: GenerateOptions::new(Algorithm::Backtracker),
            seed: 0,
            count: 1000,
            shard_rows: DEFAULT_SHARD_ROWS,
            first_shard: 0,
            difficulty: None,
        }
    }
}

/// One maze of a dataset: a row of a shard (see the [module docs](self) for its columns).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The generator's seed.
    pub seed: u64,
    /// Rooms of the board.
    pub rooms: i32,
    /// Cells per axis (square grid).
    pub shape: Option<Vec<i32>>,
    /// The cells, 8 a byte, first cell in the highest bit, 1 for a path (square grid).
    pub grid: Option<Vec<u8>>,
    /// The open walls, as pairs of rooms one after the other (tiling).
    pub edges: Option<Vec<i32>>,
    /// The entrance cell (room on a tiling).
    pub start: i32,
    /// The exit cell (room on a tiling).
    pub goal: i32,
    /// The shortest solution's cells or rooms (empty without one).
    pub solution: Vec<i32>,
    /// Path cells.
    pub path_cells: i32,
    /// Dead ends.
    pub dead_ends: i32,
    /// Junctions.
    pub junctions: i32,
    /// Steps of the solution.
    pub solution_length: Option<i32>,
    /// Junctions on the solution.
    pub decisions: Option<i32>,
    /// The difficulty score.
    pub difficulty: Option<f64>,
    /// maze-dataset's tokens (2-D mazes).
    pub tokens: Option<String>,
}

/// A count as an `i32` column value (mazes of more than 2³¹ cells are refused up front).
fn i32_of(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// What a dataset's mazes are made on: the square grid's lattice, or a tiling.
#[derive(Clone, Debug)]
pub enum Board {
    /// The n-D square grid (mazes of cells).
    Grid(Lattice),
    /// A tiling (mazes of rooms and passages).
    Tiled(Tiling),
}

impl Board {
    /// The maze of `seed` and its row ([`row`] or [`tiled_row`]).
    ///
    /// Complexity: the generator's, plus O(cells) for the figures and the solution.
    pub fn row(&self, opts: &GenerateOptions, seed: u64) -> Result<Row> {
        match self {
            Board::Grid(lattice) => row(lattice, opts, seed),
            Board::Tiled(tiling) => tiled_row(tiling, opts, seed),
        }
    }

    /// The difficulty score of the maze of `seed` (`None` without a solution).
    ///
    /// Complexity: the generator's, plus O(cells) for the figures.
    pub fn score(&self, opts: &GenerateOptions, seed: u64) -> Result<Option<f64>> {
        let stats = match self {
            Board::Grid(lattice) => maze_stats(&generate(lattice, opts, &mut rng_from_seed(seed))?),
            Board::Tiled(tiling) => tiled(tiling, opts, seed)?.1,
        };
        Ok(difficulty::score(&stats))
    }

    /// The tiling's name, `None` for the square grid.
    pub fn tiling(&self) -> Option<&'static str> {
        match self {
            Board::Grid(_) => None,
            Board::Tiled(t) => Some(t.name()),
        }
    }
}

/// The square-grid maze of `seed` and its row.
///
/// Complexity: the generator's, plus O(cells) for the figures and the solution.
pub fn row(lattice: &Lattice, opts: &GenerateOptions, seed: u64) -> Result<Row> {
    let maze = generate(lattice, opts, &mut rng_from_seed(seed))?;
    let stats = maze_stats(&maze);
    let (start, goal) = maze.terminals().unwrap_or((0, 0));
    let path = solve(&maze, Method::Bfs)
        .ok()
        .and_then(|s| s.path)
        .unwrap_or_default();
    let tokens = maze_dataset::tokens(&maze, &path);
    Ok(Row {
        seed,
        rooms: i32_of(lattice.room_count()),
        shape: Some(maze.shape().dims().iter().map(|&d| i32_of(d)).collect()),
        grid: Some(packed(maze.grid().bits(), maze.grid().len())),
        edges: None,
        start: i32_of(start),
        goal: i32_of(goal),
        solution: path.into_iter().map(i32_of).collect(),
        tokens,
        ..figures(seed, &stats)
    })
}

/// The tiled maze of `seed` (as `generate --tiling` makes it) and its figures, those of its
/// rooms' graph.
fn tiled(tiling: &Tiling, opts: &GenerateOptions, seed: u64) -> Result<(TiledMaze, Stats)> {
    let maze = TiledMaze::generate(tiling.clone(), opts, &mut rng_from_seed(seed))?;
    let stats = graph_stats(&maze.to_graph());
    Ok((maze, stats))
}

/// The maze of `seed` on `tiling` and its row: its open walls as room pairs, its solution
/// as rooms.
///
/// Complexity: the generator's, plus O(rooms + walls) for the figures and the solution.
pub fn tiled_row(tiling: &Tiling, opts: &GenerateOptions, seed: u64) -> Result<Row> {
    let (maze, stats) = tiled(tiling, opts, seed)?;
    let adjacency = maze.adjacency();
    let edges = maze
        .open()
        .ones()
        .flat_map(|e| adjacency.ends(e as u32))
        .map(|v| i32_of(v as usize))
        .collect();
    let path = maze.solution().unwrap_or_default();
    Ok(Row {
        seed,
        rooms: i32_of(tiling.room_count()),
        shape: None,
        grid: None,
        edges: Some(edges),
        start: i32_of(maze.start() as usize),
        goal: i32_of(maze.goal() as usize),
        solution: path.into_iter().map(|v| i32_of(v as usize)).collect(),
        tokens: None,
        ..figures(seed, &stats)
    })
}

/// A row of `stats`'s figures alone (the maze's own columns empty).
fn figures(seed: u64, stats: &Stats) -> Row {
    Row {
        seed,
        rooms: 0,
        shape: None,
        grid: None,
        edges: None,
        start: 0,
        goal: 0,
        solution: Vec::new(),
        path_cells: i32_of(stats.path_cells),
        dead_ends: i32_of(stats.dead_ends),
        junctions: i32_of(stats.junctions),
        solution_length: stats.solution_length.map(i32_of),
        decisions: stats.decisions.map(i32_of),
        difficulty: difficulty::score(stats),
        tokens: None,
    }
}

/// The first `len` bits of `bits`, 8 a byte, the first in the highest bit (numpy's
/// `packbits` order).
fn packed(bits: &fixedbitset::FixedBitSet, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len.div_ceil(8)];
    for i in bits.ones().take_while(|&i| i < len) {
        if let Some(b) = out.get_mut(i / 8) {
            *b |= 0x80 >> (i % 8);
        }
    }
    out
}

/// The grader of mazes like those of `opts` on `board` (see the [module docs](self)): made
/// from the scores of the mazes of seeds `u64::MAX − k`, `k <` [`SAMPLE`]. `None` when none
/// of them has a solution.
///
/// Complexity: [`SAMPLE`] mazes generated and measured.
pub fn grader(board: &Board, opts: &GenerateOptions) -> Result<Option<Grader>> {
    use crate::par::*;
    let flag = crate::stop::flags();
    let scores: Vec<Option<f64>> = (0..SAMPLE)
        .into_par_iter()
        .map(|k| crate::stop::carry(&flag, || board.score(opts, u64::MAX - k)))
        .collect::<Result<_>>()?;
    let scores: Vec<f64> = scores.into_iter().flatten().collect();
    Ok(Grader::from_scores(&scores))
}

/// The Parquet schema of a shard (see the [module docs](self)).
const SCHEMA: &str = "message maze {
  required int64 seed (INTEGER(64, false));
  required binary algorithm (STRING);
  optional binary tiling (STRING);
  required group size (LIST) { repeated group list { required int32 element; } }
  required int32 rooms;
  optional group shape (LIST) { repeated group list { required int32 element; } }
  optional binary grid;
  optional group edges (LIST) { repeated group list { required int32 element; } }
  required int32 start;
  required int32 goal;
  required group solution (LIST) { repeated group list { required int32 element; } }
  required int32 path_cells;
  required int32 dead_ends;
  required int32 junctions;
  optional int32 solution_length;
  optional int32 decisions;
  optional double difficulty;
  optional binary tokens (STRING);
}";

fn parquet_error(e: parquet::errors::ParquetError) -> Error {
    match e {
        parquet::errors::ParquetError::External(inner) => {
            match inner.downcast::<std::io::Error>() {
                Ok(io) => Error::Io(*io),
                Err(other) => Error::Unsupported(format!("parquet: {other}")),
            }
        }
        other => Error::Unsupported(format!("parquet: {other}")),
    }
}

/// The columns of [`SCHEMA`], in order.
const COLUMNS: [&str; 18] = [
    "seed",
    "algorithm",
    "tiling",
    "size",
    "rooms",
    "shape",
    "grid",
    "edges",
    "start",
    "goal",
    "solution",
    "path_cells",
    "dead_ends",
    "junctions",
    "solution_length",
    "decisions",
    "difficulty",
    "tokens",
];

/// A list column's values and levels: `(values, definition levels, repetition levels)` for a
/// list of required values, required (definition 1 for a value, 0 for an empty list) or
/// optional (`None` lists: definition 0 for a null, 1 for an empty list, 2 for a value).
fn list_levels(lists: impl Iterator<Item = Option<Vec<i32>>>, nullable: bool) -> Levels {
    let (mut values, mut def, mut rep) = (Vec::new(), Vec::new(), Vec::new());
    let up = i16::from(nullable);
    for list in lists {
        let Some(list) = list else {
            def.push(0);
            rep.push(0);
            continue;
        };
        if list.is_empty() {
            def.push(up);
            rep.push(0);
        }
        for (k, v) in list.into_iter().enumerate() {
            values.push(v);
            def.push(1 + up);
            rep.push(i16::from(k > 0));
        }
    }
    (values, def, rep)
}

/// A list column's values, definition and repetition levels.
type Levels = (Vec<i32>, Vec<i16>, Vec<i16>);

/// An optional column's values and definition levels.
fn optional<T: Clone>(items: impl Iterator<Item = Option<T>>) -> (Vec<T>, Vec<i16>) {
    let (mut values, mut def) = (Vec::new(), Vec::new());
    for item in items {
        def.push(i16::from(item.is_some()));
        values.extend(item);
    }
    (values, def)
}

/// What every row of a shard shares: the algorithm's name, the tiling's (`None` on the
/// square grid), the size, and the options as JSON (the key-value metadata `mazegraph`).
#[derive(Clone, Copy, Debug)]
pub struct Shared<'a> {
    /// The carving algorithm's name.
    pub algorithm: &'a str,
    /// The tiling's name, `None` on the square grid.
    pub tiling: Option<&'a str>,
    /// The size: rooms per axis, or the tiling's size.
    pub size: &'a [usize],
    /// The options as JSON.
    pub metadata: &'a str,
}

/// One shard's bytes: `rows` as a Parquet file of one row group, with `shared.metadata`
/// under the key `mazegraph`.
///
/// Complexity: O(bytes of the rows).
pub fn encode(rows: &[Row], shared: &Shared) -> Result<Vec<u8>> {
    let schema = Arc::new(parse_message_type(SCHEMA).map_err(parquet_error)?);
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(rows.len().max(1)))
        .set_key_value_metadata(Some(vec![KeyValue::new(
            "mazegraph".to_string(),
            shared.metadata.to_string(),
        )]))
        .build();
    let mut writer =
        SerializedFileWriter::new(Vec::new(), schema, Arc::new(props)).map_err(parquet_error)?;
    let mut group = writer.next_row_group().map_err(parquet_error)?;
    let int = |f: fn(&Row) -> i32| rows.iter().map(f).collect::<Vec<i32>>();
    let size: Vec<i32> = shared.size.iter().map(|&d| i32_of(d)).collect();
    let mut column = 0;
    while let Some(mut col) = group.next_column().map_err(parquet_error)? {
        let name = COLUMNS.get(column).copied().unwrap_or_default();
        let lists = |(values, def, rep): Levels,
                     col: &mut parquet::file::writer::SerializedColumnWriter| {
            col.typed::<Int32Type>()
                .write_batch(&values, Some(&def), Some(&rep))
        };
        let written = match name {
            "seed" => {
                let seeds: Vec<i64> = rows.iter().map(|r| r.seed as i64).collect();
                col.typed::<Int64Type>().write_batch(&seeds, None, None)
            }
            "algorithm" => {
                let names = vec![ByteArray::from(shared.algorithm); rows.len()];
                col.typed::<ByteArrayType>().write_batch(&names, None, None)
            }
            "tiling" => {
                let (values, def) =
                    optional(rows.iter().map(|_| shared.tiling.map(ByteArray::from)));
                col.typed::<ByteArrayType>()
                    .write_batch(&values, Some(&def), None)
            }
            "size" => lists(
                list_levels(rows.iter().map(|_| Some(size.clone())), false),
                &mut col,
            ),
            "shape" => lists(
                list_levels(rows.iter().map(|r| r.shape.clone()), true),
                &mut col,
            ),
            "edges" => lists(
                list_levels(rows.iter().map(|r| r.edges.clone()), true),
                &mut col,
            ),
            "solution" => lists(
                list_levels(rows.iter().map(|r| Some(r.solution.clone())), false),
                &mut col,
            ),
            "grid" => {
                let (values, def) =
                    optional(rows.iter().map(|r| r.grid.clone().map(ByteArray::from)));
                col.typed::<ByteArrayType>()
                    .write_batch(&values, Some(&def), None)
            }
            "rooms" => col
                .typed::<Int32Type>()
                .write_batch(&int(|r| r.rooms), None, None),
            "start" => col
                .typed::<Int32Type>()
                .write_batch(&int(|r| r.start), None, None),
            "goal" => col
                .typed::<Int32Type>()
                .write_batch(&int(|r| r.goal), None, None),
            "path_cells" => {
                col.typed::<Int32Type>()
                    .write_batch(&int(|r| r.path_cells), None, None)
            }
            "dead_ends" => col
                .typed::<Int32Type>()
                .write_batch(&int(|r| r.dead_ends), None, None),
            "junctions" => col
                .typed::<Int32Type>()
                .write_batch(&int(|r| r.junctions), None, None),
            "solution_length" | "decisions" => {
                let (values, def) = optional(rows.iter().map(|r| {
                    if name == "solution_length" {
                        r.solution_length
                    } else {
                        r.decisions
                    }
                }));
                col.typed::<Int32Type>()
                    .write_batch(&values, Some(&def), None)
            }
            "difficulty" => {
                let (values, def) = optional(rows.iter().map(|r| r.difficulty));
                col.typed::<DoubleType>()
                    .write_batch(&values, Some(&def), None)
            }
            _ => {
                let (values, def) = optional(
                    rows.iter()
                        .map(|r| r.tokens.as_deref().map(ByteArray::from)),
                );
                col.typed::<ByteArrayType>()
                    .write_batch(&values, Some(&def), None)
            }
        };
        written.map_err(parquet_error)?;
        col.close().map_err(parquet_error)?;
        column += 1;
    }
    group.close().map_err(parquet_error)?;
    writer.into_inner().map_err(parquet_error)
}

/// The name of shard `k`: `part-00042.parquet`.
pub fn shard_name(k: u64) -> String {
    format!("part-{k:05}.parquet")
}

/// Bytes a row takes in memory, about (its grid, solution, tokens and figures), for the
/// memory budget of a shard.
fn row_bytes(cells: u64, rooms: u64) -> u64 {
    256 + cells / 8 + cells.saturating_mul(4) / 2 + rooms.saturating_mul(24)
}

/// Bytes a row takes on disk at the least (its grid's bits do not compress much), for the
/// refusal of a dataset that cannot fit.
fn disk_bytes(cells: u64) -> u64 {
    16 + cells / 8
}

/// Refuses a dataset that cannot be made, before any work: no mazes or rows, a count whose
/// seeds run past `u64::MAX`, an unknown tiling or a size it cannot hold, an algorithm that
/// cannot carve the board, a maze over `limits` or of more than 2³¹ cells, a shard over the
/// memory budget, or (when `free` bytes are known) a dataset that cannot fit on the disk.
/// Returns the board.
///
/// Complexity: O(1) (plus the lattice's O(cells)).
pub fn check(opts: &Options, limits: &Limits, free: Option<u64>) -> Result<Board> {
    let invalid = |m: String| Err(Error::InvalidArgument(m));
    if opts.count == 0 {
        return invalid("a dataset of no mazes: give a count of 1 or more".to_string());
    }
    if opts.shard_rows == 0 {
        return invalid("shards of no rows: give 1 or more rows a shard".to_string());
    }
    if opts.seed.checked_add(opts.count - 1).is_none() {
        return invalid(format!(
            "seeds {} and the {} after it run past the last seed, 2^64 − 1 (lower the seed or the count)",
            opts.seed,
            opts.count - 1
        ));
    }
    let board = match &opts.tiling {
        None => {
            let lattice = Lattice::new(&opts.rooms, limits)?;
            opts.generate.algorithm.check(&lattice)?;
            Board::Grid(lattice)
        }
        Some(name) => {
            let tiling = Tiling::new(name, &opts.rooms, limits)?;
            crate::tiling::maze::check_options(&tiling, &opts.generate)?;
            Board::Tiled(tiling)
        }
    };
    // A tiled maze's rooms count as its cells (a room, its passages, its walls).
    let cells = match &board {
        Board::Grid(lattice) => lattice.cells().len() as u64,
        Board::Tiled(tiling) => tiling.room_count() as u64,
    };
    if cells > i32::MAX as u64 {
        return invalid(format!(
            "a maze of {cells} cells: a dataset's cell indices are 32-bit, 2^31 − 1 cells at most"
        ));
    }
    let held = opts.count.min(opts.shard_rows as u64);
    let bytes = shard_bytes(&board, opts, held, crate::par::pool_threads() as u64);
    limits.check_bytes(
        &format!("a shard of {held} rows (--shard-rows gives fewer)"),
        bytes,
    )?;
    if let Some(free) = free {
        let need = opts.count.saturating_mul(disk_bytes(cells));
        if need > free {
            return invalid(format!(
                "a dataset of {} mazes of {cells} cells needs at least {} on disk, more than the {} free there (lower the count)",
                opts.count,
                crate::error::human_bytes(need),
                crate::error::human_bytes(free)
            ));
        }
    }
    Ok(board)
}

/// The memory the work of a shard of `held` rows of `board`'s mazes takes, about: the rows,
/// their encoding, the block of rows being made, and the mazes at work on `workers` threads at
/// once (a maze's working arrays live only while its row is made).
///
/// Complexity: O(1).
fn shard_bytes(board: &Board, opts: &Options, held: u64, workers: u64) -> u64 {
    // A tiled maze's rooms count as its cells (a room, its passages, its walls).
    let (cells, rooms) = match board {
        Board::Grid(lattice) => (lattice.cells().len() as u64, lattice.room_count() as u64),
        Board::Tiled(tiling) => (tiling.room_count() as u64, tiling.room_count() as u64),
    };
    // A tiled maze's loops are open walls past the tree's: two more room numbers each.
    let loops = match board {
        Board::Grid(_) => 0,
        Board::Tiled(_) => (opts.generate.loops as u64).saturating_mul(8),
    };
    let per_row = row_bytes(cells, rooms).saturating_add(loops);
    // A block is as many mazes as the shard still needs, or a whole block with a filter.
    let block = match opts.difficulty {
        None => held.min(BLOCK as u64),
        Some(_) => BLOCK as u64,
    };
    held.saturating_mul(per_row)
        .saturating_mul(2)
        .saturating_add(block.saturating_mul(per_row))
        .saturating_add(block.min(workers).saturating_mul(cells.saturating_mul(16)))
}

/// The threads [`shard_bytes`] counts at work when it chooses the default rows a shard
/// ([`default_shard_rows`]): one a maze of the block, whatever the machine, so that the files a
/// job writes depend neither on the cores it ran on nor on this version (the rows a shard were
/// chosen so before the budget's own check counted the pool's threads).
const DEFAULT_WORKERS: u64 = u64::MAX;

/// The rows a shard holds by default for the mazes `opts` describes: as many as keep the
/// shard's work within [`DEFAULT_SHARD_BYTES`] (counting every maze of a block at work), at most
/// [`DEFAULT_SHARD_ROWS`] and at least 1, rounded down to two significant digits (a job is
/// split in seed ranges of whole shards: a round number is easy to add); and [`check`]'s
/// estimate of a shard of that many on this machine, the one the budget is held to.
/// `opts.shard_rows` and `opts.count` are not looked at.
///
/// Errors: those of [`check`] for a board that cannot be made.
///
/// Complexity: O(log [`DEFAULT_SHARD_ROWS`]) (plus the lattice's O(cells)).
pub fn default_shard_rows(opts: &Options, limits: &Limits) -> Result<(usize, u64)> {
    let one = Options {
        count: 1,
        shard_rows: 1,
        ..opts.clone()
    };
    let board = check(
        &one,
        &Limits {
            max_bytes: u64::MAX,
            ..*limits
        },
        None,
    )?;
    let fits = |rows: u64| shard_bytes(&board, opts, rows, DEFAULT_WORKERS) <= DEFAULT_SHARD_BYTES;
    let bytes = |rows: u64| shard_bytes(&board, opts, rows, crate::par::pool_threads() as u64);
    // The estimate grows with the rows: the largest that fits, by bisection.
    let (mut lo, mut hi) = (1u64, DEFAULT_SHARD_ROWS as u64);
    if fits(hi) {
        return Ok((DEFAULT_SHARD_ROWS, bytes(hi)));
    }
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // Two significant digits: 31 000, 3 900, 165.
    let unit = 10u64.pow(lo.max(1).ilog10().saturating_sub(1));
    let rows = lo / unit * unit;
    Ok((rows as usize, bytes(rows)))
}

/// Free bytes on the file system of `dir` (`None` when the system does not say).
pub fn free_bytes(dir: &Path) -> Option<u64> {
    let s = rustix::fs::statvfs(dir).ok()?;
    Some(s.f_bavail.saturating_mul(s.f_frsize))
}

/// What [`write()`] wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Mazes written.
    pub rows: u64,
    /// Seeds tried (more than `rows` with a difficulty filter).
    pub seeds_tried: u64,
    /// The shards, in order.
    pub shards: Vec<PathBuf>,
    /// Their bytes, together.
    pub bytes: u64,
    /// The grader (with a difficulty filter).
    pub grader: Option<Grader>,
}

/// Writes the dataset `opts` describes into the directory `dir` (made if missing; shards of
/// the same names replaced): generates the mazes on every core (feature `parallel`), writes
/// each shard once complete through [`crate::files`], and calls `progress` with the rows done
/// after each block. Under [`crate::stop::run`], stops at the next maze once asked
/// ([`Error::Interrupted`]); the shards written so far stay (each is whole).
///
/// Errors: those of [`check`] (before any work), `dir` holding shards of another kind of
/// mazes (another size, algorithm, tiling, …: not another seed range) or files named as
/// shards that are not mazegraph's, a difficulty no sampled maze has, the
/// generator's, writing a shard.
///
/// Complexity: O(count · cells), in memory O(shard_rows · cells).
pub fn write(
    dir: &Path,
    opts: &Options,
    limits: &Limits,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary> {
    let board = check(opts, limits, free_bytes(existing_ancestor(dir)))?;
    let grader = match opts.difficulty {
        None => None,
        Some(d) => {
            let g = grader(&board, &opts.generate)?.ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "no maze of this kind has a solution, so none is {d}"
                ))
            })?;
            Some((d, g))
        }
    };
    let algorithm = opts.generate.algorithm.name();
    let (size, labels) = match &board {
        Board::Grid(_) => (opts.rooms.clone(), None),
        Board::Tiled(t) => {
            let n = t.room_count() as u32;
            (
                t.size(),
                Some((0..n).map(|k| t.label(k)).collect::<Vec<_>>()),
            )
        }
    };
    // What kind of mazes the rows are, whatever their seeds (see [`same_kind`]).
    let kind = serde_json::json!({
        "tiling": board.tiling(),
        "size": size,
        "algorithm": algorithm,
        "loops": opts.generate.loops,
        "braid": opts.generate.braid,
        "difficulty": grader.map(|g| g.0.name()),
        "grader": grader.map(|g| [g.1.easy_up_to, g.1.hard_from]),
    });
    same_kind(dir, &kind)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::File {
        path: dir.to_path_buf(),
        error: Box::new(Error::Io(e)),
    })?;
    let keep = |r: &Row| match (grader, r.difficulty) {
        (None, _) => true,
        (Some((d, g)), Some(score)) => g.grade(score) == d,
        (Some(_), None) => false,
    };
    let mut summary = Summary {
        rows: 0,
        seeds_tried: 0,
        shards: Vec::new(),
        bytes: 0,
        grader: grader.map(|g| g.1),
    };
    let mut pending: Vec<Row> = Vec::new();
    let mut next_seed = opts.seed;
    let mut shard = opts.first_shard;
    let flag = crate::stop::flags();
    while summary.rows < opts.count {
        crate::stop::check_now();
        let in_shard = (opts.count - summary.rows).min(opts.shard_rows as u64) as usize;
        let want = in_shard.saturating_sub(pending.len());
        if want > 0 {
            // Without a filter every seed makes a row; with one, about a third do.
            let block = if grader.is_some() {
                BLOCK
            } else {
                want.min(BLOCK)
            } as u64;
            let Some(last) = next_seed.checked_add(block - 1) else {
                return Err(Error::InvalidArgument(format!(
                    "the seeds ran out (past 2^64 − 1) after {} {} mazes",
                    summary.rows + pending.len() as u64,
                    grader.map_or("", |g| g.0.name())
                )));
            };
            let rows = block_rows(&board, &opts.generate, next_seed..=last, &flag)?;
            summary.seeds_tried += block;
            next_seed = last.wrapping_add(1);
            pending.extend(rows.into_iter().filter(|r| keep(r)));
            progress(summary.rows + pending.len().min(in_shard) as u64);
            continue;
        }
        let rest = pending.split_off(in_shard);
        let rows = std::mem::replace(&mut pending, rest);
        let (first, last) = (rows[0].seed, rows[rows.len() - 1].seed);
        // The kind, and this shard's seeds, rows and the board's labels.
        let mut metadata = kind.clone();
        if let Some(m) = metadata.as_object_mut() {
            m.insert("version".into(), env!("CARGO_PKG_VERSION").into());
            m.insert("first_seed".into(), first.into());
            m.insert("last_seed".into(), last.into());
            m.insert("rows".into(), rows.len().into());
            m.insert("labels".into(), serde_json::json!(labels));
        }
        let metadata = metadata.to_string();
        let shared = Shared {
            algorithm,
            tiling: board.tiling(),
            size: &size,
            metadata: &metadata,
        };
        let bytes = encode(&rows, &shared)?;
        let path = dir.join(shard_name(shard));
        crate::files::write(&path, |w| Ok(w.write_all(&bytes)?))?;
        summary.bytes += bytes.len() as u64;
        summary.rows += rows.len() as u64;
        summary.shards.push(path);
        shard += 1;
        progress(summary.rows);
    }
    Ok(summary)
}

/// The keys of a shard's metadata that say what kind of mazes its rows are (not which seeds).
const KIND_KEYS: [&str; 7] = [
    "tiling",
    "size",
    "algorithm",
    "loops",
    "braid",
    "difficulty",
    "grader",
];

/// Refuses to write shards into `dir` when it holds shards (`part-NNNNN.parquet`) of another
/// kind of dataset than `kind`, or files of that name that are not mazegraph's: a reader of
/// the directory would take them all as one table. Shards of the same kind are another seed
/// range of the same dataset (a job split in parts) and are left as they are.
///
/// Complexity: reads the footer of each shard already there.
fn same_kind(dir: &Path, kind: &serde_json::Value) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(()); // not there yet: made below
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| {
            n.strip_prefix("part-")
                .and_then(|r| r.strip_suffix(".parquet"))
                .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    names.sort();
    let refuse = |name: &str, why: String| {
        Error::InvalidArgument(format!(
            "{} already holds {name}, {why}: a reader of the directory would take its rows \
             with this job's; write to an empty directory, or remove the old shards",
            dir.display()
        ))
    };
    for name in names {
        let theirs = shard_options(&dir.join(&name))
            .ok_or_else(|| refuse(&name, "which is not a mazegraph shard".into()))?;
        if let Some(key) = KIND_KEYS.iter().find(|k| theirs.get(**k) != kind.get(**k)) {
            let show =
                |v: Option<&serde_json::Value>| v.map_or("none".to_string(), |v| v.to_string());
            return Err(refuse(
                &name,
                format!(
                    "a shard of other mazes ({key} {}, this job's {})",
                    show(theirs.get(*key)),
                    show(kind.get(*key))
                ),
            ));
        }
    }
    Ok(())
}

/// The options a shard was written with (its key-value metadata `mazegraph`), or `None` when
/// the file is not a Parquet file with that key.
fn shard_options(path: &Path) -> Option<serde_json::Value> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader = SerializedFileReader::new(std::fs::File::open(path).ok()?).ok()?;
    let kv = reader.metadata().file_metadata().key_value_metadata()?;
    let json = kv
        .iter()
        .find(|kv| kv.key == "mazegraph")?
        .value
        .as_deref()?;
    serde_json::from_str(json).ok()
}

/// The rows of `seeds`, made on every core.
fn block_rows(
    board: &Board,
    opts: &GenerateOptions,
    seeds: std::ops::RangeInclusive<u64>,
    flag: &crate::stop::Flags,
) -> Result<Vec<Row>> {
    use crate::par::*;
    let seeds: Vec<u64> = seeds.collect();
    seeds
        .into_par_iter()
        .map(|s| crate::stop::carry(flag, || board.row(opts, s)))
        .collect()
}

/// `dir`, or its nearest ancestor that exists (where the free space is looked up).
fn existing_ancestor(dir: &Path) -> &Path {
    let mut p = dir;
    while !p.exists() {
        match p.parent() {
            Some(up) if !up.as_os_str().is_empty() => p = up,
            _ => return Path::new("."),
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(count: u64) -> Options {
        Options {
            count,
            shard_rows: 4,
            ..Options::new(vec![4, 5])
        }
    }

    #[test]
    fn rows_hold_the_maze_its_solution_and_tokens() {
        let opts = small(1);
        let board = check(&opts, &Limits::default(), None).unwrap();
        let r = board.row(&opts.generate, 7).unwrap();
        assert_eq!(r.shape, Some(vec![9, 11]));
        assert_eq!((r.rooms, r.edges.is_none()), (20, true));
        let grid = r.grid.clone().unwrap();
        assert_eq!(grid.len(), (9 * 11usize).div_ceil(8));
        // The entrance is above room (0, 0): cell (0, 1), the highest bit but one.
        assert_eq!(r.start, 1);
        assert_eq!(grid[0] & 0x40, 0x40);
        assert_eq!(r.solution.first(), Some(&r.start));
        assert_eq!(r.solution.last(), Some(&r.goal));
        assert_eq!(r.solution_length, Some(r.solution.len() as i32 - 1));
        let tokens = r.tokens.unwrap();
        assert!(tokens.starts_with("<ADJLIST_START> "), "{tokens}");
        assert!(tokens.contains("<ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (3,4)"));
        // 20 rooms of a perfect maze: 19 passages.
        assert_eq!(tokens.matches("<-->").count(), 19);
        // The same seed, the same row.
        assert_eq!(
            board.row(&opts.generate, 7).unwrap().grid,
            r.grid,
            "reproducible"
        );
    }

    #[test]
    fn the_columns_written_are_the_schemas_in_order() {
        let schema = parse_message_type(SCHEMA).unwrap();
        let names: Vec<&str> = schema.get_fields().iter().map(|f| f.name()).collect();
        assert_eq!(names, COLUMNS);
    }

    #[test]
    fn packing_is_numpys() {
        let mut bits = fixedbitset::FixedBitSet::with_capacity(10);
        bits.insert(0);
        bits.insert(9);
        assert_eq!(packed(&bits, 10), vec![0x80, 0x40]);
    }

    #[test]
    fn list_levels_mark_empty_lists() {
        let (v, d, r) = list_levels(
            vec![vec![1, 2], vec![], vec![3]].into_iter().map(Some),
            false,
        );
        assert_eq!(
            (v, d, r),
            (vec![1, 2, 3], vec![1, 1, 0, 1], vec![0, 1, 0, 0])
        );
        // Nullable: a null, an empty list, a list.
        let (v, d, r) = list_levels(vec![None, Some(vec![]), Some(vec![4, 5])].into_iter(), true);
        assert_eq!((v, d, r), (vec![4, 5], vec![0, 1, 2, 2], vec![0, 0, 0, 1]));
    }

    #[test]
    fn default_shards_keep_their_memory_within_the_default() {
        let l = Limits::default();
        let rows = |n: usize| default_shard_rows(&Options::new(vec![n, n]), &l).unwrap();
        assert_eq!(rows(5).0, DEFAULT_SHARD_ROWS);
        let mut last = DEFAULT_SHARD_ROWS;
        for n in [10, 20, 50, 200] {
            let (r, bytes) = rows(n);
            assert!(r < last && r >= 1, "{n}: {r}");
            assert!(bytes <= DEFAULT_SHARD_BYTES, "{n}: {bytes}");
            // Rounded down to two significant digits.
            let digits = r.to_string();
            assert!(
                digits.len() <= 2 || digits[2..].bytes().all(|b| b == b'0'),
                "{r}"
            );
            last = r;
        }
        assert_eq!(rows(10).0, 31_000);
        // A maze too large for a shard of one row within the default still gets one.
        assert_eq!(rows(2000).0, 1);
    }

    #[test]
    fn the_budget_counts_the_mazes_at_work_on_the_pool_not_the_whole_block() {
        // 2 000 mazes of 10×10 rooms held for one shard: about 21 MB with the mazes at work
        // on a few threads, where counting every maze of the block at work said 34 MiB.
        let opts = Options {
            count: 2000,
            shard_rows: 2000,
            ..Options::new(vec![10, 10])
        };
        let board = check(&opts, &Limits::default(), None).unwrap();
        let few = shard_bytes(&board, &opts, 2000, 2);
        let all = shard_bytes(&board, &opts, 2000, DEFAULT_WORKERS);
        assert!(few < 22 << 20 && all > 32 << 20, "{few} {all}");
        let budget = Limits {
            max_bytes: 24 << 20,
            ..Limits::default()
        };
        assert!(check(&opts, &budget, None).is_ok());
        let e = check(
            &opts,
            &Limits {
                max_bytes: 8 << 20,
                ..Limits::default()
            },
            None,
        )
        .unwrap_err();
        assert!(e.to_string().contains("--shard-rows gives fewer"), "{e}");
    }

    #[test]
    fn impossible_datasets_are_refused_before_work() {
        let l = Limits::default();
        let e = check(&small(0), &l, None).unwrap_err().to_string();
        assert!(e.contains("no mazes"), "{e}");
        let e = check(
            &Options {
                seed: u64::MAX,
                ..small(2)
            },
            &l,
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("run past"), "{e}");
        let e = check(&small(1_000_000_000_000), &l, Some(1 << 40))
            .unwrap_err()
            .to_string();
        assert!(e.contains("on disk"), "{e}");
        let tight = Limits {
            max_bytes: 1 << 10,
            ..l
        };
        assert!(matches!(
            check(&small(10), &tight, None),
            Err(Error::OverBudget { .. })
        ));
    }

    #[test]
    fn shards_split_the_rows_and_depend_only_on_their_seeds() {
        let dir = tempfile::tempdir().unwrap();
        let all = write(dir.path(), &small(10), &Limits::default(), &|_| {}).unwrap();
        assert_eq!(all.rows, 10);
        assert_eq!(all.shards.len(), 3);
        // The second and third shards again, as a job of their own (seeds 4..10).
        let part = tempfile::tempdir().unwrap();
        let later = Options {
            seed: 4,
            count: 6,
            first_shard: 1,
            ..small(6)
        };
        let half = write(part.path(), &later, &Limits::default(), &|_| {}).unwrap();
        assert_eq!(half.shards.len(), 2);
        for name in ["part-00001.parquet", "part-00002.parquet"] {
            assert_eq!(
                std::fs::read(dir.path().join(name)).unwrap(),
                std::fs::read(part.path().join(name)).unwrap(),
                "{name}"
            );
        }
        assert!(!part.path().join("part-00000.parquet").exists());
    }

    #[test]
    fn a_directory_holding_shards_of_other_mazes_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &small(10), &Limits::default(), &|_| {}).unwrap();
        // Another seed range of the same dataset goes beside them.
        let later = Options {
            seed: 10,
            first_shard: 3,
            ..small(4)
        };
        write(dir.path(), &later, &Limits::default(), &|_| {}).unwrap();
        assert!(dir.path().join("part-00003.parquet").exists());
        // Other mazes do not, and nothing is written.
        let bigger = Options {
            rooms: vec![9, 9],
            ..small(4)
        };
        let e = write(dir.path(), &bigger, &Limits::default(), &|_| {}).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("part-00000.parquet") && text.contains("size [4,5]"),
            "{text}"
        );
        let braided = Options {
            generate: GenerateOptions {
                braid: true,
                ..small(4).generate
            },
            ..small(4)
        };
        let e = write(dir.path(), &braided, &Limits::default(), &|_| {}).unwrap_err();
        assert!(e.to_string().contains("braid false"), "{e}");
        // A file named as a shard that is not one.
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join("part-00007.parquet"), b"not parquet").unwrap();
        let e = write(other.path(), &small(4), &Limits::default(), &|_| {}).unwrap_err();
        assert!(e.to_string().contains("not a mazegraph shard"), "{e}");
        assert!(!other.path().join("part-00000.parquet").exists());
    }

    #[test]
    fn a_difficulty_filter_keeps_mazes_of_that_grade() {
        let dir = tempfile::tempdir().unwrap();
        let opts = Options {
            difficulty: Some(Difficulty::Hard),
            ..small(6)
        };
        let s = write(dir.path(), &opts, &Limits::default(), &|_| {}).unwrap();
        assert_eq!(s.rows, 6);
        assert!(s.seeds_tried > 6);
        let g = s.grader.unwrap();
        let board = check(&opts, &Limits::default(), None).unwrap();
        // Every seed kept is hard, every seed skipped before the last kept is not.
        let mut kept = 0;
        for seed in 0.. {
            let r = board.row(&opts.generate, seed).unwrap();
            if g.grade(r.difficulty.unwrap()) == Difficulty::Hard {
                kept += 1;
                if kept == 6 {
                    break;
                }
            }
        }
        assert_eq!(kept, 6);
    }

    fn hexagons(count: u64) -> Options {
        Options {
            tiling: Some("sigma".to_string()),
            ..small(count)
        }
    }

    #[test]
    fn tiled_rows_hold_the_open_walls_and_the_rooms_of_the_solution() {
        let opts = hexagons(1);
        let board = check(&opts, &Limits::default(), None).unwrap();
        assert_eq!(board.tiling(), Some("sigma"));
        let r = board.row(&opts.generate, 3).unwrap();
        let Board::Tiled(tiling) = &board else {
            panic!("a tiling")
        };
        let maze =
            TiledMaze::generate(tiling.clone(), &opts.generate, &mut rng_from_seed(3)).unwrap();
        // 20 hexagons, a perfect maze: 19 open walls, as pairs of neighbours open in the maze.
        let edges = r.edges.clone().unwrap();
        assert_eq!((r.rooms, edges.len()), (20, 2 * 19));
        for pair in edges.chunks(2) {
            assert!(maze.is_open(pair[0] as u32, pair[1] as u32), "{pair:?}");
        }
        assert_eq!((r.shape, r.grid, r.tokens), (None, None, None));
        assert_eq!((r.start, r.goal), (0, 19));
        let want: Vec<i32> = maze.solution().unwrap().iter().map(|&v| v as i32).collect();
        assert_eq!(r.solution, want);
        assert_eq!(r.solution_length, Some(want.len() as i32 - 1));
        assert_eq!(r.path_cells, 20);
        assert!(r.difficulty.is_some());
    }

    #[test]
    fn tiled_datasets_are_refused_as_generate_refuses_them() {
        let l = Limits::default();
        let e = check(
            &Options {
                tiling: Some("pentagon".to_string()),
                ..small(1)
            },
            &l,
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("pentagon"), "{e}");
        let mut eller = hexagons(1);
        eller.generate.algorithm = Algorithm::Eller;
        let e = check(&eller, &l, None).unwrap_err().to_string();
        assert!(e.contains("square grids only"), "{e}");
        let weave = Options {
            tiling: Some("weave".to_string()),
            ..small(1)
        };
        let e = check(&weave, &l, None).unwrap_err().to_string();
        assert!(e.contains("kruskal"), "{e}");
        let tight = Limits {
            max_bytes: 1 << 10,
            ..l
        };
        assert!(matches!(
            check(&hexagons(10), &tight, None),
            Err(Error::OverBudget { .. })
        ));
    }

    #[test]
    fn a_tiled_dataset_splits_and_filters_like_a_square_one() {
        let dir = tempfile::tempdir().unwrap();
        let opts = Options {
            difficulty: Some(Difficulty::Easy),
            ..hexagons(6)
        };
        let s = write(dir.path(), &opts, &Limits::default(), &|_| {}).unwrap();
        assert_eq!((s.rows, s.shards.len()), (6, 2));
        assert!(s.seeds_tried > 6);
        let g = s.grader.unwrap();
        let board = check(&opts, &Limits::default(), None).unwrap();
        let (mut kept, mut seed) = (Vec::new(), 0);
        while kept.len() < 6 {
            let r = board.row(&opts.generate, seed).unwrap();
            if g.grade(r.difficulty.unwrap()) == Difficulty::Easy {
                kept.push(r);
            }
            seed += 1;
        }
        // The second shard, made again from its rows alone, is the file written.
        let again = tempfile::tempdir().unwrap();
        let later = Options {
            seed: kept[4].seed,
            count: 2,
            first_shard: 1,
            ..opts.clone()
        };
        write(again.path(), &later, &Limits::default(), &|_| {}).unwrap();
        assert_eq!(
            std::fs::read(dir.path().join("part-00001.parquet")).unwrap(),
            std::fs::read(again.path().join("part-00001.parquet")).unwrap()
        );
    }
}
