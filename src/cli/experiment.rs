//! `mazegraph experiment`: the seeds' experiment, many random mazes per generator, compared
//! (table as Markdown, CSV or JSON; chart as SVG or PNG).

use super::files::{distinct, Outputs};
use super::io::{Output, OutputArg};
use super::Global;
use anyhow::{anyhow, bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mazegraph::experiment::{default_algorithms, parse_algorithm, run_with_progress, Config};
use mazegraph::generate::Algorithm;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Generate many random mazes with each generator and compare them (lengths, dead ends, loops).
#[derive(clap::Args)]
#[command(
    after_help = "For every generator (default: all of them that support the size's number of \
axes, random wall removal included and flagged imperfect), --runs mazes of --size rooms are \
generated and measured: solution length, dead-end share, mean dead-end branch length and \
junction count, each summarised as mean, median, standard deviation, min and max. Run i uses \
a seed derived from --seed and i only, so the table is the same whatever -j. Growing-tree \
variants are named growing-tree:random, growing-tree:oldest, growing-tree:mixed:P.
The table goes to standard output or -o FILE (format from --to or the extension: .md, \
.csv, .json); --chart FILE draws the mean solution lengths with error bars (.svg or .png).

Examples:
  mazegraph experiment --size 50x50 --runs 100 -o table.md --chart chart.svg
  mazegraph experiment --size 20x20 --runs 30 --algorithms backtracker,kruskal --to csv
  mazegraph experiment --size 8x8x8 --runs 10 --seed 3 -j 2 --to json"
)]
pub struct Args {
    /// Rooms per axis, e.g. 50x50 or 8x8x8.
    #[arg(long, value_name = "R0xR1[x…]", default_value = "50x50", value_parser = parse_size)]
    size: Size,
    /// Mazes per generator.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Generators to compare, separated by commas (default: all that support the size).
    #[arg(short, long, value_delimiter = ',', value_name = "A,B,…")]
    algorithms: Vec<String>,
    /// Base seed; run i of every generator uses a seed derived from it and i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads (0: one per core; never more than the cores or the runs).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Table format (default: from -o's extension, else md).
    #[arg(
        long = "to",
        visible_alias = "format",
        value_enum,
        value_name = "FORMAT"
    )]
    to: Option<TableFormat>,
    /// Write the table to this file instead of standard output (`-`: standard output).
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Draw the chart to this file (.svg or .png).
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
    /// The picture options mean nothing here (hidden, refused).
    #[command(flatten)]
    no_pictures: super::NoPictureOptions,
}

/// Table formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TableFormat {
    /// A Markdown table.
    Md,
    /// Comma-separated values, one line per generator.
    Csv,
    /// The report as JSON.
    Json,
}

/// Rooms per axis.
#[derive(Clone, Debug)]
struct Size(Vec<usize>);

/// Parses `50x50`, `50×50` or `50,50`.
fn parse_size(s: &str) -> Result<Size, String> {
    let dims = s
        .split(['x', 'X', '×', ','])
        .map(|p| p.trim().parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| format!("{s:?} is not a size like 50x50 (whole numbers of rooms)"))?;
    if dims.contains(&0) {
        return Err(format!("{s:?}: every axis needs at least one room"));
    }
    Ok(Size(dims))
}

fn extension(p: &Path) -> String {
    p.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// Runs `mazegraph experiment`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    args.no_pictures.refuse("experiment")?;
    let dims = args.size.0.clone();
    // The mazes' cell grids must fit the cell limit, like any input.
    let cells = dims.iter().fold(1u64, |acc, &d| {
        acc.saturating_mul((d as u64).saturating_mul(2).saturating_add(1))
    });
    global.read_options().limits.check(cells)?;
    let format = match (args.to, args.output.path()) {
        (Some(f), _) => f,
        (None, Some(p)) => match extension(p).as_str() {
            "csv" => TableFormat::Csv,
            "json" => TableFormat::Json,
            "md" | "markdown" | "txt" | "" => TableFormat::Md,
            other => bail!(
                "{}: unknown table format .{other}; name it with --to md|csv|json",
                p.display()
            ),
        },
        (None, None) => TableFormat::Md,
    };
    let chart_png = match &args.chart {
        None => false,
        Some(p) => match extension(p).as_str() {
            "png" => true,
            "svg" => false,
            _ => bail!("{}: the chart is written as .svg or .png", p.display()),
        },
    };
    let output = Output::new(args.output.path(), &[], global.force)?;
    let chart_output = match &args.chart {
        Some(p) => Some(Output::new(Some(p), &[], global.force)?),
        None => None,
    };
    distinct(std::iter::once(&output).chain(&chart_output))?;
    let algorithms: Vec<Algorithm> = if args.algorithms.is_empty() {
        default_algorithms(dims.len())
    } else {
        args.algorithms
            .iter()
            .map(|a| parse_algorithm(a))
            .collect::<mazegraph::Result<_>>()?
    };
    let config = Config {
        dims,
        runs: args.runs as usize,
        seed: args.seed,
        algorithms,
    };
    let total = (config.runs * config.algorithms.len()) as u64;
    check_budget(&config, total, args.jobs, global)?;
    let bar = if global.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::new(total);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} mazes {elapsed:>4} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    };
    let threads = super::threads(args.jobs, total as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow!("cannot start {threads} threads: {e}"))?;
    let report = pool.install(|| run_with_progress(&config, &|| bar.inc(1)))?;
    bar.finish_and_clear();
    let table = match format {
        TableFormat::Md => report.to_markdown(),
        TableFormat::Csv => report.to_csv(),
        TableFormat::Json => report.to_json(),
    };
    // The table and the chart are written together or not at all.
    let svg = match &chart_output {
        Some(_) if !chart_png => Some(report.chart_svg()?),
        _ => None,
    };
    let mut outputs = Outputs::new();
    outputs.add(&output, false, |w| Ok(w.write_all(table.as_bytes())?));
    if let Some(chart) = &chart_output {
        match &svg {
            Some(svg) => outputs.add(chart, false, |w| Ok(w.write_all(svg.as_bytes())?)),
            None => outputs.add(chart, true, |w| report.write_chart_png(w)),
        };
    }
    outputs.commit()?;
    Ok(ExitCode::SUCCESS)
}

/// Refuses an experiment over the memory budget before it starts: a sample kept per maze (64
/// bytes), and a maze in flight per thread (its cells, about 32 bytes each to generate and
/// measure).
fn check_budget(config: &Config, total: u64, jobs: usize, global: &Global) -> Result<()> {
    let limits = global.read_options().limits;
    let cells = config.dims.iter().fold(1u64, |p, &d| {
        p.saturating_mul((2 * d as u64).saturating_add(1))
    });
    let threads = super::threads(jobs, total as usize) as u64;
    let bytes = total
        .saturating_mul(64)
        .saturating_add(cells.saturating_mul(32).saturating_mul(threads));
    limits.check_bytes(
        &format!(
            "{total} mazes of {} cells on {threads} thread{}",
            cells,
            if threads == 1 { "" } else { "s" }
        ),
        bytes,
    )?;
    Ok(())
}
