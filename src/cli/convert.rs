//! `mazegraph convert`: any maze or graph format to any other.

use super::budget::Work;
use super::io::{read_item, Output};
use super::out::note;
use super::{parse_coords, Coords, Global};
use anyhow::{bail, Result};
use mazegraph::convert::{set_terminals, to_graph, GraphKind};
use mazegraph::format::{Format, Holds, Item};
use mazegraph::layout::{graph_to_maze, Layout};
use std::path::PathBuf;
use std::process::ExitCode;

/// Convert a maze or graph between formats.
#[derive(clap::Args)]
#[command(
    after_help = "Formats: png, txt, json (mazes); adj, graph.json, dot, graphml, gml, edges (graphs).
A maze written to a graph format becomes its graph; a graph written to a maze format is placed
at its vertices' coordinates when it came from a maze, else on the seed's row with portals.

Examples:
  mazegraph convert maze.png --to dot -o maze.dot
  mazegraph convert maze.png --junctions --to dot      # only junctions, dead ends, turns
  mazegraph convert maze.txt --to adj                  # the seed's adjacency list on stdout
  mazegraph convert graph.adj -o maze.json             # back to an equal maze
  mazegraph convert maze.txt --start 1,0 --goal 3,9 -o maze.json"
)]
pub struct Args {
    /// Input file (`-` for standard input, with --from).
    input: PathBuf,
    /// Output file; standard output when absent (text formats only).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// Output format, when the output extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,
    /// Write the junction graph: terminals, dead ends, junctions, turns and portal ends, each
    /// edge weighted by its length in cells.
    #[arg(long)]
    junctions: bool,
    /// How a graph becomes a maze.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    layout: LayoutArg,
    /// Explicit start: a cell, e.g. 1,0, or a room, e.g. room:0,0 (the cell 1,1).
    #[arg(long, value_name = "R,C|room:R,C", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// Explicit goal: a cell, e.g. 3,9, or a room, e.g. room:1,4 (the cell 3,9).
    #[arg(long, value_name = "R,C|room:R,C", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
}

/// Graph → maze layouts.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LayoutArg {
    /// Coordinates when the vertices are drawable cells, the row otherwise.
    Auto,
    /// Cells at the coordinates the vertices name: a maze equal to the one the graph came from.
    Coordinates,
    /// The seed's layout: vertices in a row, one portal per edge.
    Row,
}

pub fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).map_err(|e| e.to_string())
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let output = Output::new(args.output.as_deref(), &[&args.input], global.force)?;
    let to = output.format(args.to)?;
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("reading {}", args.input.display()));
    let work = match (to.holds(), args.junctions) {
        (Holds::Graph, false) => Work::CellGraph,
        (Holds::Graph, true) => Work::JunctionGraph,
        (Holds::Maze, _) => Work::Solve,
    };
    let (mut item, _) = read_item(&args.input, args.from, work, global)?;
    if args.start.is_some() || args.goal.is_some() {
        set_terminals(
            &mut item,
            args.start.as_ref().map(|c| c.0.as_slice()),
            args.goal.as_ref().map(|c| c.0.as_slice()),
        )
        .map_err(|e| super::io::located(&args.input, e))?;
    }
    let located = |e| super::io::located(&args.input, e);
    match to.holds() {
        Holds::Graph => {
            let kind = if args.junctions {
                GraphKind::Junctions
            } else {
                GraphKind::Cells
            };
            stages.stage("building the graph");
            let graph = to_graph(&item, kind, &opts.limits).map_err(located)?;
            stages.stage(format!("writing {to}"));
            output.write_with(to.is_binary(), |w| to.write_graph(&graph, w))?;
        }
        Holds::Maze => {
            if args.junctions {
                bail!("--junctions makes a graph; write it as adj, graph.json, dot, graphml, gml or edges");
            }
            let maze = match item {
                Item::Maze(m) => m,
                Item::Graph(g) => {
                    let layout = match args.layout {
                        LayoutArg::Auto => Layout::Auto,
                        LayoutArg::Coordinates => Layout::Coordinates,
                        LayoutArg::Row => Layout::Row,
                    };
                    stages.stage("placing the graph in a grid");
                    let placed = graph_to_maze(&g, layout, &opts.limits).map_err(located)?;
                    if !global.quiet
                        && matches!(args.layout, LayoutArg::Auto)
                        && placed.layout == Layout::Row
                    {
                        note!(
                            "mazegraph: note: the vertices are not drawable grid cells; using the row layout \
                             (vertex i at (5, 2+4i), one portal per edge)"
                        );
                    }
                    placed.maze
                }
            };
            stages.stage(format!("writing {to}"));
            output.write_with(to.is_binary(), |w| to.write_maze(&maze, w))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
