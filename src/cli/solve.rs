//! `mazegraph solve`: solve one maze (writing the solution) or many in parallel (one summary
//! line each).

use super::budget::Work;
use super::convert::parse_format;
use super::io::{located, read_item_noted, Output, OutputArg, Source};
use super::out::{note, outln};
use super::{parse_coords, Coords, Global};
use anyhow::{bail, Result};
use mazegraph::convert::{set_terminals, to_maze};
use mazegraph::format::{Format, Item};
use mazegraph::graph::Graph;
use mazegraph::layout::graph_to_maze;
use mazegraph::layout::Layout;
use mazegraph::picture::overlay;
use mazegraph::solve::lightest::{lightest_path, GraphPath};
use mazegraph::solve::render::{self, SolutionFormat};
use mazegraph::solve::{solve, Hand, Method, Solution};
use mazegraph::stats::Vertex;
use mazegraph::{Error, Maze};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Solve mazes: dead-end filling by default, or a classic solver.
#[derive(clap::Args)]
#[command(
    after_help = "Output (-o FILE or --to FORMAT, one input only): .json has the path, its length and \
the kept cells as coordinates; .png shows walls black, filled or unreached cells grey, kept cells \
yellow, the path blue, start green and goal red, each cell --scale pixels wide (about 640 pixels \
across by default); .txt marks the path with 'o' and the terminals \
with S and G. A maze picture read at its own scale (not one pixel per cell) gets its solution \
drawn on the picture itself: .png is the original, at its size and colours, with the path in blue \
through the corridor centres, a green start and a red goal (--cells pixel draws cells as above).
Without -o or --to, one summary line per maze (JSON lines with --json).
Terminals: --start/--goal name a cell (grid coordinates: rooms at odd coordinates, walls between), \
or a room with room: (room:0,0 is the cell 1,1; room:R,C is 2R+1,2C+1), as pictures with a \
closed border need.
A weighted graph that no grid can draw with its weights (Les Miserables, a road map, weighted \
rooms) is solved on the graph itself: its lightest path (Dijkstra over the weights, the fewest \
edges among equals), printed with its vertices, or written as .json.
No solution is not an error: a message, exit status 1, and nothing written.

Examples:
  mazegraph solve maze.png -o solved.png
  mazegraph solve photo.jpg --start room:0,0 --goal room:11,14 -o solved.png
  mazegraph solve maze.txt --method bfs --to txt
  mazegraph solve maze.json --method shortest-set -o cells.json
  mazegraph solve maze.png --method wall-follower --hand left
  mazegraph solve mazes/*.png -j 4 --json
  mazegraph solve lesmis.graph.json --start Napoleon --goal Brujon"
)]
pub struct Args {
    /// Mazes to solve; several are solved in parallel, one summary line each.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Solving method.
    #[arg(short, long, value_enum, default_value_t = MethodArg::DeadEnd)]
    method: MethodArg,
    /// The wall follower's hand.
    #[arg(long, value_enum, default_value_t = HandArg::Right)]
    hand: HandArg,
    /// Write the solution to this file (.json, .png or .txt; `-`: standard output, with --to); one
    /// input only.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// Solution format (json, png, txt), when -o does not say it; standard output without -o.
    #[arg(long, value_name = "FORMAT", value_parser = parse_solution_format)]
    to: Option<SolutionFormat>,
    /// Print the summaries as JSON lines.
    #[arg(long)]
    json: bool,
    /// Mazes solved at once (0: one per core; never more than the cores or the mazes).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Pixels per cell of a .png solution (default: enough for about 640 pixels across, at
    /// most 40; 1 for big mazes).
    #[arg(long, value_name = "N", value_parser = super::scale_parser())]
    scale: Option<u16>,
    /// No legend under a .png solution (by default a strip names what its colours mean).
    #[arg(long)]
    no_legend: bool,
    /// Explicit start: a cell, e.g. 1,0, a room, e.g. room:0,0 (the cell 1,1), or a graph
    /// vertex by name or id, e.g. entrance.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// Explicit goal: a cell, e.g. 3,9, a room, e.g. room:1,4 (the cell 3,9), or a graph
    /// vertex by name or id, e.g. exit.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
}

/// A tiled maze solved: its path (rooms, start first), the JSON and the summary line.
struct TiledSolved {
    path: Option<Vec<u32>>,
    json: serde_json::Value,
    summary: String,
}

/// Solves a tiled maze on its rooms (dead-end filling on its graph, then a search inside the
/// rooms left; breadth-first; A*; Dijkstra on its graph), its terminals as `--start` and
/// `--goal` say; the other methods are refused in one line.
fn solve_tiled_core(
    maze: &mut mazegraph::tiling::TiledMaze,
    args: &Args,
    input: &Path,
) -> Result<TiledSolved> {
    use mazegraph::tiling::{solve as tsolve, Tiles};
    let name = super::io::display_name(input);
    let method = args.method();
    if !matches!(
        method,
        Method::DeadEnd | Method::Bfs | Method::AStar | Method::Dijkstra
    ) {
        bail!(
            "{name}: --method {} walks a square grid's corridors; a tiled maze is solved by dead-end, bfs, astar or dijkstra",
            method.name()
        );
    }
    super::tiled::set_terminals(maze, input, args.start.as_ref(), args.goal.as_ref())?;
    let maze = &*maze;
    let t = Instant::now();
    let t_ = maze.tiling();
    let (path, visited) = match method {
        Method::Bfs => {
            let f = tsolve::bfs(maze, None);
            (f.path, f.visited)
        }
        Method::AStar => {
            let f = tsolve::astar(maze);
            (f.path, f.visited)
        }
        Method::Dijkstra => {
            let g = maze.to_graph();
            let (s, goal) = (g.start().unwrap_or(0), g.goal().unwrap_or(0));
            let p = lightest_path(&g, s, goal).map_err(|e| located(input, e))?;
            // The graph's vertices are the rooms in the order of their labels.
            let rooms = maze.graph_rooms();
            let path = p
                .path
                .map(|p| p.iter().map(|&v| rooms[v as usize]).collect());
            (path, p.settled)
        }
        _ => {
            let rooms = mazegraph::tiling::overlay::kept(maze);
            let filled = t_.room_count() - rooms.count_ones(..);
            (tsolve::bfs(maze, Some(&rooms)).path, filled)
        }
    };
    let seconds = t.elapsed().as_secs_f64();
    let work = if method == Method::DeadEnd {
        "rooms filled"
    } else {
        "rooms visited"
    };
    let labels = path.as_ref().map(|p| {
        p.iter()
            .map(|&v| serde_json::Value::from(t_.label(v)))
            .collect::<Vec<_>>()
    });
    let json = serde_json::json!({
        "method": method.name(),
        "tiling": t_.name(),
        "solved": path.is_some(),
        "length": path.as_ref().map(|p| p.len().saturating_sub(1)),
        "path": labels,
        "visited": visited,
        "seconds": seconds,
    });
    let summary = match &path {
        Some(p) => format!(
            "{}: {} ({} maze of {} rooms): path of {} steps, {visited} {work}, {seconds:.3} s",
            input.display(),
            method.name(),
            t_.name(),
            t_.room_count(),
            p.len().saturating_sub(1)
        ),
        None => format!(
            "{}: {}: no solution: the goal {} cannot be reached from the start {}",
            input.display(),
            method.name(),
            mazegraph::grid::fmt_coords(&t_.label(maze.goal())),
            mazegraph::grid::fmt_coords(&t_.label(maze.start()))
        ),
    };
    Ok(TiledSolved {
        path,
        json,
        summary,
    })
}

/// `solve` of one tiled maze: the solution as a summary line, JSON or a picture in the
/// maze's own geometry.
fn solve_tiled(
    mut maze: mazegraph::tiling::TiledMaze,
    args: &Args,
    global: &Global,
) -> Result<ExitCode> {
    let input = &args.inputs[0];
    let name = super::io::display_name(input);
    enum To {
        Json,
        Picture(mazegraph::render::PictureFormat),
    }
    let to = match (&args.to, args.output.path()) {
        (Some(SolutionFormat::Json), _) => Some(To::Json),
        (Some(SolutionFormat::Png), _) => Some(To::Picture(mazegraph::render::PictureFormat::Png)),
        (Some(f), _) => {
            bail!("{name}: a tiled maze's solution is written as json, png or svg, not {f:?}")
        }
        (None, Some(p)) => match super::tiled::picture_format(p) {
            Some(f) => Some(To::Picture(f)),
            None if p
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json")) =>
            {
                Some(To::Json)
            }
            None => bail!(
                "{}: a tiled maze's solution is written as .json, .png or .svg",
                p.display()
            ),
        },
        (None, None) => None,
    };
    let output = match (&to, args.output.path()) {
        (None, _) => None,
        (Some(_), p) => Some(Output::new(p, &[input], global.force)?),
    };
    let TiledSolved {
        path,
        json,
        summary,
    } = solve_tiled_core(&mut maze, args, input)?;
    let to_stdout = output.is_some() && args.output.path().is_none();
    if args.json {
        if to_stdout {
            note!("{json}");
        } else {
            outln!("{json}")?;
        }
    }
    if path.is_none() {
        if !args.json {
            if to_stdout {
                note!("{summary}");
            } else {
                outln!("{summary}")?;
            }
        }
        return Ok(ExitCode::from(1));
    }
    match (to, &output) {
        (Some(To::Json), Some(o)) => {
            let text = format!("{json}\n");
            o.write_with(false, |w| Ok(w.write_all(text.as_bytes())?))?;
        }
        (Some(To::Picture(f)), Some(o)) => {
            let mut picture = super::tiled::picture(&maze, path.as_deref(), args.scale, f, global)?;
            // Dead-end filling's picture shows the rooms it filled, as a square maze's does.
            let mut entries = Vec::new();
            if args.method() == Method::DeadEnd {
                (picture, entries) = super::tiled::dead_ends(picture, &maze, path.as_deref());
            }
            if !args.no_legend {
                picture = super::tiled::with_legend(picture, entries);
            }
            super::tiled::write_picture(&picture, f, o)?;
        }
        _ => {}
    }
    let quiet_file = global.quiet && args.output.path().is_some();
    if !args.json && !to_stdout && !quiet_file {
        outln!("{summary}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Solving methods.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum MethodArg {
    /// Fill dead ends until none is left; what remains is the solution (plus any cycles).
    DeadEnd,
    /// Breadth-first search: a shortest path.
    Bfs,
    /// A* with the Manhattan distance: a shortest path.
    Astar,
    /// Dijkstra on the junction graph: a shortest path.
    Dijkstra,
    /// Depth-first search with Ariadne's thread: a path.
    Dfs,
    /// Hand on the wall (2-D, no portals); fails when the goal is on an island.
    WallFollower,
    /// Trémaux's marks: a path.
    Tremaux,
    /// Every cell on some shortest path.
    ShortestSet,
}

/// The wall follower's hand.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum HandArg {
    /// Left hand on the wall.
    Left,
    /// Right hand on the wall.
    Right,
}

fn parse_solution_format(s: &str) -> Result<SolutionFormat, String> {
    SolutionFormat::from_name(s).map_err(|e| e.to_string())
}

impl Args {
    fn method(&self) -> Method {
        match self.method {
            MethodArg::DeadEnd => Method::DeadEnd,
            MethodArg::Bfs => Method::Bfs,
            MethodArg::Astar => Method::AStar,
            MethodArg::Dijkstra => Method::Dijkstra,
            MethodArg::Dfs => Method::Dfs,
            MethodArg::WallFollower => Method::WallFollower(match self.hand {
                HandArg::Left => Hand::Left,
                HandArg::Right => Hand::Right,
            }),
            MethodArg::Tremaux => Method::Tremaux,
            MethodArg::ShortestSet => Method::ShortestSet,
        }
    }
}

/// What a solver costs, for the memory budget.
fn work(method: MethodArg) -> Work {
    match method {
        MethodArg::Dijkstra => Work::JunctionGraph,
        MethodArg::Astar | MethodArg::Tremaux => Work::Search,
        _ => Work::Solve,
    }
}

/// One maze solved.
struct Solved {
    maze: Maze,
    /// The picture it was read from, when its lattice was detected (drawn on for .png output).
    source: Option<Box<Source>>,
    solution: Solution,
    /// Seconds reading the input, then solving.
    read_seconds: f64,
    seconds: f64,
}

/// A weighted graph no grid can draw, solved on the graph: its lightest path.
struct GraphSolved {
    graph: Graph,
    path: GraphPath,
    seconds: f64,
}

/// What solving one input gave.
enum Outcome {
    Maze(Solved),
    Graph(GraphSolved),
}

impl Outcome {
    fn is_solved(&self) -> bool {
        match self {
            Outcome::Maze(s) => s.solution.is_solved(),
            Outcome::Graph(g) => g.path.path.is_some(),
        }
    }
}

/// What an input is solved as.
enum Loaded {
    Maze(Maze, Option<Box<Source>>),
    Graph(Graph),
}

fn load(path: &Path, args: &Args, global: &Global) -> Result<Loaded> {
    let opts = global.read_options();
    let (mut item, _, source) = read_item_noted(path, args.from, work(args.method), global)?;
    let source = source.filter(|s| !s.lattice.pixel);
    if args.start.is_some() || args.goal.is_some() {
        set_terminals(&mut item, args.start.as_ref(), args.goal.as_ref())
            .map_err(|e| located(path, e))?;
    }
    // A weighted graph that no grid can draw with its weights is solved on the graph.
    let item = match item {
        Item::Graph(g) if g.is_weighted() => {
            match graph_to_maze(&g, Layout::Auto, &opts.limits) {
                Ok(placed) => return Ok(Loaded::Maze(placed.maze, None)),
                Err(Error::InvalidGraph(_) | Error::Unsupported(_)) => {}
                Err(e) => return Err(located(path, e)),
            }
            return match args.method() {
                Method::DeadEnd | Method::Bfs | Method::AStar | Method::Dijkstra
                | Method::ShortestSet => Ok(Loaded::Graph(g)),
                m => bail!(
                    "{}: --method {} walks a maze's corridors, and this weighted graph is not drawn as a maze; \
                     the shortest-path methods (dead-end, bfs, astar, dijkstra) give its lightest path",
                    super::io::display_name(path),
                    m.name()
                ),
            };
        }
        item => item,
    };
    let maze = to_maze(item, Layout::Auto, &opts.limits).map_err(|e| located(path, e))?;
    Ok(Loaded::Maze(maze, source.map(Box::new)))
}

fn solve_one(path: &Path, args: &Args, global: &Global, stage: &dyn Fn(String)) -> Result<Outcome> {
    stage(format!("reading {}", path.display()));
    let read = Instant::now();
    let (maze, source) = match load(path, args, global)? {
        Loaded::Maze(maze, source) => (maze, source),
        Loaded::Graph(graph) => {
            stage("finding the lightest path".into());
            let t = Instant::now();
            let (Some(s), Some(g)) = (graph.start(), graph.goal()) else {
                bail!(
                    "{}: the graph has no start and goal: name them with --start and --goal",
                    super::io::display_name(path)
                );
            };
            let found = lightest_path(&graph, s, g).map_err(|e| located(path, e))?;
            return Ok(Outcome::Graph(GraphSolved {
                graph,
                path: found,
                seconds: t.elapsed().as_secs_f64(),
            }));
        }
    };
    stage(match args.method() {
        Method::DeadEnd => "filling dead ends".to_string(),
        m => format!("solving ({m})"),
    });
    let read_seconds = read.elapsed().as_secs_f64();
    let t = Instant::now();
    let solution = solve(&maze, args.method()).map_err(|e| located(path, e))?;
    Ok(Outcome::Maze(Solved {
        maze,
        source,
        solution,
        read_seconds,
        seconds: t.elapsed().as_secs_f64(),
    }))
}

/// The summary line of a graph's lightest path.
fn graph_summary(path: &Path, g: &GraphSolved) -> String {
    let head = format!("{}: lightest path (Dijkstra on the graph)", path.display());
    match (&g.path.path, g.path.weight) {
        (Some(p), Some(w)) => format!(
            "{head}: {} edges, weight {}, {} vertices settled, {:.3} s: {}",
            p.len().saturating_sub(1),
            mazegraph::format::weight_text(w),
            g.path.settled,
            g.seconds,
            p.iter()
                .map(|&v| g.graph.label(v).to_string())
                .collect::<Vec<_>>()
                .join(" - ")
        ),
        _ => {
            let name = |v: Option<u32>| v.map_or(String::new(), |v| g.graph.label(v).to_string());
            format!(
                "{head}: no solution: the goal {} cannot be reached from the start {}",
                name(g.graph.goal()),
                name(g.graph.start())
            )
        }
    }
}

/// A graph's lightest path as JSON (the solution file and the --json line share it).
fn graph_json(g: &GraphSolved) -> serde_json::Value {
    // Vertices as stats writes terminals: coordinates as arrays, ids as numbers, names.
    let labels: Option<Vec<Vertex>> = g
        .path
        .path
        .as_ref()
        .map(|p| p.iter().map(|&v| g.graph.label(v).into()).collect());
    serde_json::json!({
        "method": "lightest",
        "solved": g.path.path.is_some(),
        "length": g.path.path.as_ref().map(|p| p.len().saturating_sub(1)),
        "weight": g.path.weight,
        "path": labels,
        "visited": g.path.settled,
        "seconds": g.seconds,
    })
}

/// Why there is no path, in words.
fn no_solution(s: &Solved) -> String {
    let shape = s.maze.shape();
    let (a, b) = (
        shape.fmt_index(s.solution.start),
        shape.fmt_index(s.solution.goal),
    );
    match s.solution.method {
        Method::WallFollower(_) => format!(
            "no solution found: the wall follower came back to where it began without reaching the goal {b} (it fails when the goal is on an island; try --method dead-end)"
        ),
        _ => format!("no solution: the goal {b} cannot be reached from the start {a}"),
    }
}

/// The human summary line of an outcome; `written` is the seconds spent writing the solution
/// file, if one was written.
fn summary(path: &Path, o: &Outcome, written: Option<f64>) -> String {
    match o {
        Outcome::Maze(s) => maze_summary(path, s, written),
        Outcome::Graph(g) => graph_summary(path, g),
    }
}

/// The human summary line of a solved maze: the solving time, and where the rest went when a
/// solution file was written (reading and decoding the input, encoding and writing the file).
fn maze_summary(path: &Path, s: &Solved, written: Option<f64>) -> String {
    let sol = &s.solution;
    let head = format!("{}: {}", path.display(), sol.method);
    let times = match written {
        Some(w) => format!(
            "{:.3} s (read {:.3} s, written {w:.3} s)",
            s.seconds, s.read_seconds
        ),
        None => format!("{:.3} s", s.seconds),
    };
    match sol.length {
        Some(l) => format!("{head}: path of {l} steps, {}, {times}", sol.work_phrase()),
        None => format!("{head}: {}", no_solution(s)),
    }
}

/// The JSON summary line of a solved maze, or of an error.
fn json_line(path: &Path, r: &Result<Outcome>) -> String {
    let file = path.display().to_string();
    let v = match r {
        Ok(Outcome::Graph(g)) => {
            let mut v = graph_json(g);
            v["file"] = serde_json::Value::String(file);
            v
        }
        Ok(Outcome::Maze(s)) => serde_json::json!({
            "file": file,
            "method": s.solution.method.name(),
            "solved": s.solution.is_solved(),
            "length": s.solution.length,
            "kept": s.solution.kept_count(),
            "visited": s.solution.visited,
            "seconds": s.seconds,
        }),
        Err(e) => serde_json::json!({ "file": file, "error": format!("{e:#}") }),
    };
    v.to_string()
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    if args.inputs.len() > 1 {
        if args.output.path().is_some() || args.to.is_some() {
            bail!(
                "-o and --to write one solution: give one input (several inputs print one summary line each)"
            );
        }
        return batch(&args, global);
    }
    let input = &args.inputs[0];
    if let Some(maze) = super::tiled::read(input, args.from, global)? {
        return solve_tiled(maze, &args, global);
    }
    let output = match args.output.path() {
        Some(o) => Some(Output::new(Some(o), &[input], global.force)?),
        None if args.to.is_some() => Some(Output::new(None, &[input], global.force)?),
        None => None,
    };
    let format = match (args.to, args.output.path()) {
        (Some(f), _) => Some(f),
        (None, Some(p)) => Some(SolutionFormat::from_path(p).map_err(|e| anyhow::anyhow!("{e}"))?),
        (None, None) => None,
    };
    let to_stdout = output.is_some() && args.output.path().is_none();
    let stages = super::progress::Stages::new(global.quiet);
    let result = solve_one(input, &args, global, &|msg| stages.stage(msg));
    if args.json {
        let line = json_line(input, &result);
        if to_stdout {
            note!("{line}");
        } else {
            outln!("{line}")?;
        }
    }
    let outcome = result?;
    if !outcome.is_solved() {
        drop(stages);
        if !args.json {
            let msg = summary(input, &outcome, None);
            if to_stdout {
                note!("{msg}");
            } else {
                outln!("{msg}")?;
            }
        }
        return Ok(ExitCode::from(1));
    }
    if let (Some(output), Some(format), Outcome::Graph(g)) = (&output, format, &outcome) {
        if format != SolutionFormat::Json {
            bail!(
                "{}: a graph not drawn as a maze has no picture of its solution; write .json",
                super::io::display_name(input)
            );
        }
        stages.stage("writing the solution");
        let text = format!("{}\n", graph_json(g));
        output.write_with(false, |w| Ok(w.write_all(text.as_bytes())?))?;
    }
    let mut written = None;
    if let (Some(output), Some(format), Outcome::Maze(solved)) = (output, format, &outcome) {
        stages.stage("writing the solution");
        let t = Instant::now();
        match (&solved.source, format) {
            (Some(src), SolutionFormat::Png) => {
                // The solution over the user's own picture, at its size and colours.
                let mut raster = {
                    let opts = global.read_options();
                    mazegraph::picture::decode::raster(&src.bytes, &opts.limits, opts.picture.frame)
                }
                .map_err(|e| located(input, e))?;
                let path = solved.solution.path.as_deref().unwrap_or_default();
                overlay::draw_path(&mut raster, &src.lattice, path);
                output.write_with(true, |w| raster.write_png(w))?;
            }
            (None, SolutionFormat::Png) => {
                let dims = solved.maze.shape().dims();
                let scale = match args.scale {
                    Some(s) => usize::from(s),
                    None => super::budget::auto_scale(
                        dims.get(1).copied().unwrap_or(1),
                        dims.first().copied().unwrap_or(1),
                    ),
                };
                // A solution picture is 2-D (its writer refuses other mazes).
                let side = |k: usize| (dims.get(k).copied().unwrap_or(1) as u64) * scale as u64;
                super::budget::check_pixels(side(1), side(0), global.max_cells)?;
                output.write_with(true, |w| {
                    if args.no_legend {
                        render::write_png_scaled(&solved.maze, &solved.solution, scale, w)
                    } else {
                        render::write_png_with_legend(&solved.maze, &solved.solution, scale, w)
                    }
                })?
            }
            _ => output.write_with(format.is_binary(), |w| {
                render::write(format, &solved.maze, &solved.solution, w)
            })?,
        }
        written = Some(t.elapsed().as_secs_f64());
    }
    drop(stages);
    let quiet_file = global.quiet && args.output.path().is_some();
    if !args.json && !to_stdout && !quiet_file {
        outln!("{}", summary(input, &outcome, written))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Many mazes on a pool of `-j` threads; lines printed in input order. Each worker keeps only
/// its summary, so at most `-j` mazes are in memory at once.
fn batch(args: &Args, global: &Global) -> Result<ExitCode> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(super::threads(args.jobs, args.inputs.len()))
        .build()?;
    // (exit code, line for stdout, line for stderr)
    let bar = super::progress::Bar::new(
        global.quiet,
        args.inputs.len() as u64,
        2,
        "solving",
        "mazes",
    );
    let lines: Vec<(u8, Option<String>, Option<String>)> = pool.install(|| {
        args.inputs
            .par_iter()
            .map(|p| {
                // A tiled maze: solved on its rooms, one line as any other.
                match super::tiled::read(p, args.from, global) {
                    Ok(None) => {}
                    Ok(Some(mut m)) => {
                        bar.inc();
                        return match solve_tiled_core(&mut m, args, p) {
                            Ok(t) => {
                                let code = if t.path.is_some() { 0 } else { 1 };
                                let mut json = t.json;
                                json["file"] = serde_json::Value::String(p.display().to_string());
                                let line = if args.json {
                                    json.to_string()
                                } else {
                                    t.summary
                                };
                                (code, Some(line), None)
                            }
                            Err(e) => (2, None, Some(super::out::error_line(&format!("{e:#}")))),
                        };
                    }
                    Err(e) => {
                        bar.inc();
                        return (2, None, Some(super::out::error_line(&format!("{e:#}"))));
                    }
                }
                let r = solve_one(p, args, global, &|_| {});
                bar.inc();
                let code = match &r {
                    Ok(s) if s.is_solved() => 0,
                    Ok(_) => 1,
                    Err(_) => 2,
                };
                if args.json {
                    return (code, Some(json_line(p, &r)), None);
                }
                match r {
                    Ok(s) => (code, Some(summary(p, &s, None)), None),
                    Err(e) => (code, None, Some(super::out::error_line(&format!("{e:#}")))),
                }
            })
            .collect()
    });
    drop(bar);
    let mut worst = 0u8;
    for (code, out, err) in lines {
        worst = worst.max(code);
        if let Some(l) = out {
            outln!("{l}")?;
        }
        if let Some(l) = err {
            note!("{l}");
        }
    }
    Ok(ExitCode::from(worst))
}
