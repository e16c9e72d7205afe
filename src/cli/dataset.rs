//! `mazegraph dataset`: many mazes with their solutions and figures as Parquet shards.

use super::generate::{algorithm_values, parse_size, Size};
use super::out::note;
use super::progress::Bar;
use super::Global;
use anyhow::Result;
use mazegraph::dataset::{default_shard_rows, write, Options, DEFAULT_SHARD_ROWS};
use mazegraph::generate::{Algorithm, Options as GenerateOptions};
use mazegraph::stats::difficulty::Difficulty;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Write a dataset: N mazes, their solutions and figures, as Parquet shards.
#[derive(clap::Args)]
#[command(
    after_help = "Maze i is made from seed --seed + i (as `mazegraph generate --seed`
makes it). With --difficulty the seeds are tried in order and the first N of that grade kept;
grades are terciles of the scores of 300 mazes of the same kind (seeds 2^64 − 1 downwards), so
they do not depend on --seed. Shards are DIR/part-NNNNN.parquet, --shard-rows rows each,
numbered from --first-shard: a job split into seed ranges (--seed, --count, --first-shard for
each part) writes the same files as one job. Each shard appears whole or not at all.

With --tiling NAME the mazes are those of `mazegraph generate --tiling NAME` (hexagons,
triangles, rings, octagons, a weave; --size as there; -a kruskal by default for weave).

Columns: seed (uint64), algorithm, tiling (null on the square grid), size (as given), rooms,
shape (cells per axis), grid (bit-packed cells, row-major, 1 = path, numpy.unpackbits order;
both null on a tiling), edges (a tiling's open walls as one flat array of room pairs
a0 b0 a1 b1 …; null on the square grid), start, goal (cell indices; rooms on a tiling),
solution (cells or rooms, start to goal), path_cells, dead_ends, junctions, solution_length,
decisions, difficulty (score), tokens (maze-dataset's token text, 2-D square grids). Read with
pyarrow, pandas, polars or Hugging Face datasets (`load_dataset(\"parquet\", data_dir=DIR)`).

Examples:
  mazegraph dataset -o mazes --count 100000 --size 10x10
  mazegraph dataset -o hard --count 1000 --size 20x20 -a wilson --difficulty hard
  mazegraph dataset -o hex --count 10000 --tiling sigma --size 8   # hexagons of side 8
  mazegraph dataset -o part --count 500000 --seed 500000 --first-shard 5   # the second half"
)]
pub struct Args {
    /// The directory to write the shards into (made if missing).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// How many mazes.
    #[arg(short = 'n', long, value_name = "N")]
    count: u64,
    /// Rooms per axis, e.g. 10x10 or 5x5x5 (with --tiling, its size as `generate` takes it).
    #[arg(short, long, value_name = "R0xR1[x…]", value_parser = parse_size, default_value = "10x10")]
    size: Size,
    /// The algorithm (as `generate`'s): backtracker unless said, kruskal for --tiling weave.
    #[arg(short, long,
          value_parser = clap::builder::PossibleValuesParser::new(algorithm_values()))]
    algorithm: Option<String>,
    /// Rooms of another shape: sigma (hexagons), sigma-flat, delta (triangles), theta
    /// (rings), upsilon (octagons and squares), weave (as `generate --tiling`).
    #[arg(long, value_name = "TILING", value_parser = clap::builder::PossibleValuesParser::new(mazegraph::tiling::NAMES))]
    tiling: Option<String>,
    /// The first seed: maze i is made from seed + i.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Open K more walls after carving (K cycles in a perfect maze).
    #[arg(long, value_name = "K", default_value_t = 0)]
    loops: usize,
    /// Remove every dead end (a braid maze).
    #[arg(long)]
    braid: bool,
    /// Keep only mazes of this grade.
    #[arg(long, value_enum)]
    difficulty: Option<Grade>,
    /// Rows a shard holds [default: as many as keep a shard's memory within 256 MiB, at most
    /// 100000: 31000 of 10x10 mazes, said on stderr].
    #[arg(long, value_name = "ROWS")]
    shard_rows: Option<usize>,
    /// The number of the first shard (a later seed range continues the numbering).
    #[arg(long, value_name = "K", default_value_t = 0)]
    first_shard: u64,
    #[command(flatten)]
    no_pictures: super::NoPictureOptions,
}

/// `--difficulty`'s values.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Grade {
    /// The lowest third of scores.
    Easy,
    /// The middle third.
    Medium,
    /// The highest third.
    Hard,
}

/// Runs `mazegraph dataset`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    args.no_pictures.refuse("dataset")?;
    if args.output.as_os_str() == "-" {
        anyhow::bail!(
            "dataset writes a directory of Parquet shards, not standard output: give -o DIR"
        );
    }
    let default = mazegraph::tiling::maze::default_algorithm(args.tiling.as_deref());
    let algorithm = args.algorithm.as_deref().unwrap_or(default);
    let opts = Options {
        rooms: args.size.0,
        tiling: args.tiling,
        generate: GenerateOptions {
            algorithm: Algorithm::from_name(algorithm)?,
            loops: args.loops,
            braid: args.braid,
        },
        seed: args.seed,
        count: args.count,
        shard_rows: args.shard_rows.unwrap_or(DEFAULT_SHARD_ROWS),
        first_shard: args.first_shard,
        difficulty: args.difficulty.map(|g| match g {
            Grade::Easy => Difficulty::Easy,
            Grade::Medium => Difficulty::Medium,
            Grade::Hard => Difficulty::Hard,
        }),
    };
    let limits = global.read_options().limits;
    let mut opts = opts;
    if args.shard_rows.is_none() {
        // Every row of a shard is held until it is written: larger mazes, fewer rows.
        let (rows, bytes) = default_shard_rows(&opts, &limits)?;
        opts.shard_rows = rows;
        if !global.quiet && opts.count > rows as u64 {
            note!(
                "mazegraph: note: {rows} rows a shard (about {} of memory each; --shard-rows \
                 sets it)",
                mazegraph::error::human_bytes(bytes)
            );
        }
    }
    let bar = Bar::new(global.quiet, opts.count, 10_000, "dataset", "mazes");
    let began = Instant::now();
    let summary = write(&args.output, &opts, &limits, &|done| bar.set(done))?;
    drop(bar);
    if !global.quiet {
        let seconds = began.elapsed().as_secs_f64();
        note!(
            "dataset: {} mazes in {} shard{} ({}) in {seconds:.1} s{}",
            summary.rows,
            summary.shards.len(),
            if summary.shards.len() == 1 { "" } else { "s" },
            mazegraph::error::human_bytes(summary.bytes),
            match opts.difficulty {
                Some(d) => format!(", {} seeds tried for {d} ones", summary.seeds_tried),
                None => String::new(),
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
