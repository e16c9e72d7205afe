//! `mazegraph convert`: any maze or graph format to any other.

use super::budget::Work;
use super::convert_game::{self, AnyFormat};
use super::io::{read_item, Output, OutputArg};
use super::out::note;
use super::{parse_coords, Coords, Global};
use anyhow::{bail, Result};
use mazegraph::convert::{set_terminals, to_graph, GraphKind};
use mazegraph::format::{Format, Holds, Item};
use mazegraph::layout::{graph_to_maze, Layout};
use mazegraph::rooms::{not_rooms, room_graph};
use std::path::PathBuf;
use std::process::ExitCode;

/// Convert a maze, graph or game between formats.
#[derive(clap::Args)]
#[command(
    after_help = "Formats: png, txt, json (mazes; jpeg, bmp, gif, webp pictures read only); adj,
graph.json, dot, graphml, gml, edges (graphs; maze-dataset's tokens read only); pg, game.json,
game.dot (games: .pg/.gm, .game.json, .game.dot). A .json file is read by its content: maze
JSON, node-link JSON, maze-dataset's JSON and adjacency lists.
A maze written to a graph format becomes its graph; a graph written to a maze format is placed
at its vertices' coordinates when it came from a maze, as rooms (r, c) at the cells (2r+1, 2c+1)
when its vertices are rooms one step apart (networkx, maze-dataset), else on the seed's row
with portals.
A game converts to the other game formats. A maze, or a graph with a start and a goal, written
to a game format becomes its reachability game: oriented away from the start (see `attractor`),
the goal absorbing, every priority 0, so player 0 wins where the goal can be reached on a
shortest solution. A .pg is written as Oink and PGSolver read it (see the README).

Examples:
  mazegraph convert maze.png --to dot -o maze.dot
  mazegraph convert maze.png --junctions --to dot      # only junctions, dead ends, turns
  mazegraph convert maze.txt --to adj                  # the seed's adjacency list on stdout
  mazegraph convert graph.adj -o maze.json             # back to an equal maze
  mazegraph convert nx_tree.graph.json -o maze.png     # networkx rooms (r, c) drawn as a maze
  mazegraph convert maze.png --rooms --to graph.json   # and back: one vertex per room
  mazegraph convert maze.txt --start 1,0 --goal 3,9 -o maze.json
  mazegraph convert game.pg -o game.game.json          # a game to another game format
  mazegraph convert oink.game.dot --to pg              # Oink's --dot output back to .pg
  mazegraph convert maze.txt --to pg -o maze.pg        # a maze's reachability game"
)]
pub struct Args {
    /// Input file (`-` for standard input, with --from).
    input: PathBuf,
    /// Output file; standard output when absent or `-` (text formats only).
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Input format, when the extension does not say it (a maze, graph or game format).
    #[arg(long, value_name = "FORMAT", value_parser = convert_game::parse_any)]
    from: Option<AnyFormat>,
    /// Output format, when the output extension does not say it (a maze, graph or game format).
    #[arg(long, value_name = "FORMAT", value_parser = convert_game::parse_any)]
    to: Option<AnyFormat>,
    /// Write the junction graph: terminals, dead ends, junctions, turns and portal ends, each
    /// edge weighted by its length in cells.
    #[arg(long, conflicts_with = "rooms")]
    junctions: bool,
    /// Write the room graph of a maze drawn on a room lattice (rooms at odd cells): a vertex
    /// per room (r, c), an edge per open wall between two rooms, as networkx's grid graphs
    /// and maze-dataset write mazes.
    #[arg(long)]
    rooms: bool,
    /// How a graph becomes a maze.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    layout: LayoutArg,
    /// Explicit start: a cell, e.g. 1,0, a room, e.g. room:0,0 (the cell 1,1), or a graph
    /// vertex by name or id, e.g. entrance.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// Explicit goal: a cell, e.g. 3,9, a room, e.g. room:1,4 (the cell 3,9), or a graph
    /// vertex by name or id, e.g. exit.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
}

/// Graph → maze layouts.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LayoutArg {
    /// Coordinates when the vertices are drawable cells, the row otherwise.
    Auto,
    /// Cells at the coordinates the vertices name: a maze equal to the one the graph came from.
    Coordinates,
    /// Rooms one step apart (networkx, maze-dataset): room (r, c) at the cell (2r+1, 2c+1).
    Rooms,
    /// The seed's layout: vertices in a row, one portal per edge.
    Row,
}

pub fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).map_err(|e| match picture_hint(s) {
        Some(hint) => format!("{e}; {hint}"),
        None => e.to_string(),
    })
}

/// Where pictures in a format no reader or writer has (svg, pdf) come from, for errors; and
/// 3-D prints (stl, obj).
pub fn picture_hint(name: &str) -> Option<String> {
    let n = name.trim_start_matches('.').to_ascii_lowercase();
    if mazegraph::mesh::MeshFormat::from_name(&n).is_some() {
        return Some(format!(
            "{n} 3-D prints come from 'mazegraph render' (render m.json -o m.{n})"
        ));
    }
    ["svg", "pdf", "eps", "ps"].contains(&n.as_str()).then(|| {
        format!(
            "{n} pictures come from 'mazegraph render' (a maze) or 'mazegraph draw' (its graph)"
        )
    })
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let terminals = |item: &mut Item| -> Result<()> {
        if args.start.is_some() || args.goal.is_some() {
            set_terminals(item, args.start.as_ref(), args.goal.as_ref())
                .map_err(|e| super::io::located(&args.input, e))?;
        }
        Ok(())
    };
    if let Some(job) = convert_game::job(&args.input, args.output.path(), args.from, args.to) {
        let flags = convert_game::MazeFlags {
            junctions: args.junctions,
            rooms: args.rooms,
            layout: !matches!(args.layout, LayoutArg::Auto),
            terminals: args.start.is_some() || args.goal.is_some(),
        };
        let output = args.output.path();
        return convert_game::run(job, &args.input, output, flags, &terminals, global);
    }
    let opts = global.read_options();
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    let to = output.format(args.to.and_then(AnyFormat::maze))?;
    if to.holds() == Holds::Maze {
        // A tiled maze: to tiled JSON again (its terminals changed, perhaps), never to a
        // square-grid format.
        let from = args.from.and_then(AnyFormat::maze);
        if let Some(mut maze) = super::tiled::read(&args.input, from, global)? {
            if to != Format::Json {
                bail!(
                    "{}: {to} holds square-grid mazes, not a tiled maze; convert it to json or a graph format ({}), or draw it with render (png, svg)",
                    super::io::display_name(&args.input),
                    mazegraph::format::graph_format_names()
                );
            }
            super::tiled::set_terminals(
                &mut maze,
                &args.input,
                args.start.as_ref(),
                args.goal.as_ref(),
            )?;
            output.write_with(false, |w| mazegraph::format::tiled::write(&maze, w))?;
            return Ok(ExitCode::SUCCESS);
        }
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("reading {}", args.input.display()));
    let work = match (to.holds(), args.junctions) {
        (Holds::Graph, false) => Work::CellGraph,
        (Holds::Graph, true) => Work::JunctionGraph,
        (Holds::Maze, _) => Work::Solve,
    };
    let (mut item, _) = read_item(
        &args.input,
        args.from.and_then(AnyFormat::maze),
        work,
        global,
    )?;
    terminals(&mut item)?;
    let located = |e| super::io::located(&args.input, e);
    match to.holds() {
        Holds::Graph => {
            let kind = if args.junctions {
                GraphKind::Junctions
            } else {
                GraphKind::Cells
            };
            stages.stage("building the graph");
            let graph = if args.rooms {
                match &item {
                    Item::Maze(m) => room_graph(m, &opts.limits).map_err(located)?,
                    Item::Graph(g) => match not_rooms(g) {
                        None => g.clone(),
                        Some(why) => bail!(
                            "{}: --rooms: not a room graph: {why}",
                            super::io::display_name(&args.input)
                        ),
                    },
                }
            } else {
                to_graph(&item, kind, &opts.limits).map_err(located)?
            };
            stages.stage(format!("writing {to}"));
            output.write_with(to.is_binary(), |w| to.write_graph(&graph, w))?;
        }
        Holds::Maze => {
            if args.junctions || args.rooms {
                bail!(
                    "--{} makes a graph; write it to a graph format ({})",
                    if args.junctions { "junctions" } else { "rooms" },
                    mazegraph::format::graph_format_names()
                );
            }
            let maze = match item {
                Item::Maze(m) => m,
                Item::Graph(g) => {
                    let layout = match args.layout {
                        LayoutArg::Auto => Layout::Auto,
                        LayoutArg::Coordinates => Layout::Coordinates,
                        LayoutArg::Rooms => Layout::Rooms,
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
