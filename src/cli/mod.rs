//! Command-line interface: argument parsing (clap derive), one module per command, and the one
//! place where errors become `mazegraph: error: …` and exit codes.

mod attractor;
mod convert;
mod draw;
mod equal;
mod experiment;
mod gamebook;
mod generate;
mod io;
mod progress;
mod render;
mod solve;
mod solve_game;
mod stats;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit statuses, documented in `--help`.
const EXIT_HELP: &str =
    "Exit status: 0 success; 1 a negative answer (not equal, no solution); 2 bad input or usage.";

#[derive(Parser)]
#[command(
    name = "mazegraph",
    version,
    about = "Mazes as graphs and games: convert, compare, solve and draw n-dimensional mazes",
    long_about = "Mazes as graphs and games.\n\nA maze is an n-dimensional grid of wall and path cells (PNG, text, JSON), \
possibly with portals; its graph has a vertex per path cell (adjacency list, node-link JSON, DOT). \
Two mazes are equal iff their graphs are.",
    after_help = EXIT_HELP,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    global: Global,
}

/// Options every command takes.
#[derive(clap::Args, Clone, Debug)]
pub struct Global {
    /// Print nothing but results and errors (no progress bars, no notes).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Refuse inputs with more cells (or graph vertices) than this, before allocating.
    #[arg(long, global = true, value_name = "N", default_value_t = mazegraph::grid::DEFAULT_MAX_CELLS)]
    pub max_cells: u64,
    /// How maze pictures map to cells: auto (detect the lattice), pixel (one pixel per cell),
    /// or PITCH[,WALL] in pixels (e.g. 18 or 14.3,2).
    #[arg(long, global = true, value_name = "auto|pixel|PITCH[,WALL]", default_value = "auto", value_parser = parse_cells)]
    pub cells: mazegraph::picture::Cells,
    /// Take the start and goal of a maze picture from its two coloured marks (small dots of
    /// distinct colours in two rooms; the greener is the start).
    #[arg(long, global = true)]
    pub marks: bool,
    /// Allow an output file to replace one of the inputs.
    #[arg(long, global = true)]
    pub force: bool,
}

impl Global {
    pub fn read_options(&self) -> mazegraph::format::ReadOptions {
        mazegraph::format::ReadOptions {
            limits: mazegraph::grid::Limits {
                max_cells: self.max_cells,
            },
            cells: self.cells,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    Convert(convert::Args),
    Equal(equal::Args),
    Solve(solve::Args),
    Generate(generate::Args),
    Attractor(attractor::Args),
    SolveGame(solve_game::Args),
    Render(render::Args),
    Draw(draw::Args),
    Gamebook(gamebook::Args),
    Stats(stats::Args),
    Experiment(experiment::Args),
}

/// Parses the command line, runs the command, prints any error as one line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(a) => convert::run(a, &cli.global),
        Command::Equal(a) => equal::run(a, &cli.global),
        Command::Solve(a) => solve::run(a, &cli.global),
        Command::Generate(a) => generate::run(a, &cli.global),
        Command::Attractor(a) => attractor::run(a, &cli.global),
        Command::SolveGame(a) => solve_game::run(a, &cli.global),
        Command::Render(a) => render::run(a, &cli.global),
        Command::Draw(a) => draw::run(a, &cli.global),
        Command::Gamebook(a) => gamebook::run(a, &cli.global),
        Command::Stats(a) => stats::run(a, &cli.global),
        Command::Experiment(a) => experiment::run(a, &cli.global),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("mazegraph: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<mazegraph::Error>().is_some_and(
                |m| matches!(m, mazegraph::Error::Io(io) if io.kind() == std::io::ErrorKind::BrokenPipe),
            )
    })
}

fn parse_cells(s: &str) -> Result<mazegraph::picture::Cells, String> {
    s.parse()
}

/// A coordinate given on the command line.
#[derive(Clone, Debug)]
pub struct Coords(pub Vec<i64>);

/// Parses `r,c[,…]` (or `(r, c)`) into cell coordinates; `room:r,c[,…]` names a room in room
/// coordinates, the cell `(2r + 1, 2c + 1, …)`.
pub fn parse_coords(s: &str) -> Result<Coords, String> {
    let (room, t) = match s.trim().strip_prefix("room:") {
        Some(rest) => (true, rest),
        None => (false, s.trim()),
    };
    let cells = parse_cells_coords(s, t)?;
    if !room {
        return Ok(cells);
    }
    cells
        .0
        .iter()
        .map(|&k| {
            k.checked_mul(2)
                .and_then(|v| v.checked_add(1))
                .filter(|_| k >= 0)
                .ok_or_else(|| format!("{s:?}: room coordinates are 0 or more"))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Coords)
}

fn parse_cells_coords(s: &str, t: &str) -> Result<Coords, String> {
    let t = t.trim().trim_start_matches('(').trim_end_matches(')');
    t.split(',')
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.parse::<i64>()
                .map_err(|_| format!("{s:?} is not a coordinate like 3,4"))
        })
        .collect::<Result<Vec<_>, _>>()
        .and_then(|v| {
            if v.is_empty() {
                Err(format!("{s:?} is not a coordinate like 3,4"))
            } else {
                Ok(Coords(v))
            }
        })
}
