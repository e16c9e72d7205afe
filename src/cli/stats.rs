//! `mazegraph stats`: classify a maze and measure it (table or JSON), optionally writing its
//! junction graph as a DOT tree.

use super::budget::Work;
use super::convert::parse_format;
use super::files::{distinct, Outputs};
use super::io::{display_name, read_item_noted, Output, OutputArg};
use super::out::note;
use super::{parse_coords, Coords, Global};
use anyhow::{anyhow, Result};
use mazegraph::convert::set_terminals;
use mazegraph::format::{Format, Item};
use mazegraph::layout::{graph_to_maze, Layout};
use mazegraph::stats::{cell_graph_stats, tree::write_tree_dot};
use mazegraph::Graph;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Classify a maze (perfect, unicursal, braid, imperfect, disconnected) and measure it.
#[derive(clap::Args)]
#[command(
    after_help = "Figures: cells, path cells and walls; dead ends (one neighbour, not a terminal), \
junctions (three or more), corridors (edges of the junction graph), the cyclomatic number \
E - V + C, components and cells the start cannot reach; rooms and closed walls for mazes drawn \
on a room lattice (a perfect m x n maze keeps (m-1)(n-1) walls closed); the shortest \
solution's length and the junctions on it (in a graph with fractional weights, its edges and \
its weight), the degree histogram, the mean branching at \
junctions, the dead-end share and the dead-end branch lengths. Portals are edges; graph inputs \
have no wall figures.
Output: an aligned table on standard output; JSON with --to json (or --json) or -o FILE.json.
--tree FILE writes the junction graph as a Graphviz tree hanging from the entrance (corridor \
lengths on the edges, the solution in red, edges that close cycles dashed): dot -Tsvg FILE.

Examples:
  mazegraph stats data/perfect15x20.png
  mazegraph stats data/cube.json --json
  mazegraph stats lesmis.graphml --start Napoleon --goal Brujon
  mazegraph stats maze.txt -o stats.json --tree tree.dot && dot -Tsvg tree.dot -o tree.svg"
)]
pub struct Args {
    /// The maze or graph to measure.
    input: PathBuf,
    /// Output format: the aligned table or JSON (default: from -o's extension, else table).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<StatsFormat>,
    /// The same as --to json.
    #[arg(long)]
    json: bool,
    /// Write the figures to this file (JSON when it ends in .json or with --json, else the table;
    /// `-`: standard output).
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Write the junction graph as a DOT tree rooted at the entrance to this file (`-`:
    /// standard output, with the figures in -o FILE).
    #[arg(long, value_name = "FILE")]
    tree: Option<OutputArg>,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// The start the solution figures use: a cell, e.g. 1,0, a room, e.g. room:0,0, or a graph
    /// vertex by name or id (default: the maze's or graph's own).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// The goal the solution figures use (same forms as --start).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
}

/// What `stats` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum StatsFormat {
    /// An aligned table, one figure a line.
    Table,
    /// JSON.
    Json,
}

/// Runs `mazegraph stats`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    let tree_output = match &args.tree {
        Some(t) => Some(Output::new(t.path(), &[&args.input], global.force)?),
        None => None,
    };
    distinct(std::iter::once(&output).chain(&tree_output))?;
    let (mut item, _, picture) = read_item_noted(&args.input, args.from, Work::Stats, global)?;
    if args.start.is_some() || args.goal.is_some() {
        set_terminals(&mut item, args.start.as_ref(), args.goal.as_ref())
            .map_err(|e| super::io::located(&args.input, e))?;
    }
    // A graph of rooms is measured as it is (its vertices are rooms), where `solve` lays it
    // out as a maze of cells (twice the steps): said, so that the two figures are not taken
    // for a disagreement.
    if let Item::Graph(g) = &item {
        // A room graph (coordinates one step apart) that is no maze of cells at its
        // coordinates: what `solve` lays out as rooms. Checked without building a maze for
        // any other graph.
        let rooms = mazegraph::rooms::not_rooms(g).is_none()
            && matches!(
                graph_to_maze(g, Layout::Coordinates, &global.read_options().limits),
                Err(mazegraph::Error::InvalidGraph(_))
            );
        if rooms && !global.quiet {
            note!(
                "mazegraph: note: {} is a graph of rooms: these figures count rooms and steps \
                 between rooms (solve, and the maze drawn from it, count cells: twice the steps)",
                display_name(&args.input)
            );
        }
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage("measuring");
    let built;
    let (graph, maze): (&Graph, _) = match &item {
        Item::Maze(m) => {
            built = Graph::from_maze(m);
            (&built, Some(m))
        }
        Item::Graph(g) => (g, None),
    };
    let mut stats = cell_graph_stats(graph, maze);
    if let Some(p) = picture {
        stats.picture_reading = (!p.lattice.pixel).then_some(p.reading);
        stats.picture = Some(p.found);
    }
    let json = match args.to {
        Some(f) => f == StatsFormat::Json,
        None => args.json || args.output.path().is_some_and(is_json_path),
    };
    if args.json && args.to == Some(StatsFormat::Table) {
        anyhow::bail!("--json and --to table ask for two formats: give one");
    }
    let text = if json {
        let mut s = serde_json::to_string_pretty(&stats).map_err(|e| anyhow!("{e}"))?;
        s.push('\n');
        s
    } else {
        stats.to_table()
    };
    // The tree and the figures are written together or not at all.
    let mut outputs = Outputs::new();
    if let Some(tree) = &tree_output {
        outputs.add(tree, false, |w| write_tree_dot(graph, w));
    }
    outputs.add(&output, false, |w| Ok(w.write_all(text.as_bytes())?));
    if tree_output.as_ref().and_then(Output::path).is_some() && output.path().is_some() {
        stages.stage("writing the tree");
    } else {
        // Nothing drawn on the terminal while the figures are printed.
        drop(stages);
    }
    outputs.commit()?;
    Ok(ExitCode::SUCCESS)
}

fn is_json_path(p: &Path) -> bool {
    p.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}
