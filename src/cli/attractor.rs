//! `mazegraph attractor`: the attractor of a maze's goal (in its orientation) or of target
//! vertices of a game, as a summary, JSON, DOT or a PNG picture.

use super::budget::{auto_scale, check_pixels, Work};
use super::io::{located, maze_format, read_input, read_item, Expect, Output, OutputArg};
use super::out::{note, outln};
use super::{parse_coords, Coords, Global};
use anyhow::{anyhow, bail, Result};
use mazegraph::convert::set_terminals;
use mazegraph::format::{Item, ReadOptions};
use mazegraph::game::format::{dot, GameFormat};
use mazegraph::game::{attractor, orient, orient_graph, Attractor, Game, Oriented, Player};
use mazegraph::graph::Label;
use mazegraph::grid::Shape;
use mazegraph::layout::{graph_to_maze, Layout};
use mazegraph::render::{Picture, RenderOptions};
use mazegraph::Error;
use mazegraph::{Graph, Maze};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Compute an attractor: every vertex from which a player can force the token into a target.
#[derive(clap::Args)]
#[command(
    after_help = "For a maze (png, txt, json) or a graph with terminals, the game is the maze oriented away
from its start (one-player, player 0's; an edge per step that adds one to the distance from the
start) and the target is its goal: the attractor is the set of cells on shortest solutions and
each cell's rank is its distance to the goal. For a game (.pg, .gm, .game.json, .game.dot) give
the target with --target (vertex ids or names) and/or --priority.

Outputs: a summary line by default; --to json gives
{\"player\", \"target\", \"attractor\", \"rank\", \"strategy\"} with vertices as coordinates for
mazes and ids for games; --to dot colours the attractor and draws the strategy edges; --to png
(mazes, n-D ones as slices, about 640 pixels across) shades the attractor's cells by rank, darkest
at the goal, marks the start green and the goal red and names them in a legend, as
`mazegraph render --overlay attractor` does. Exit status 1 when the game
has a start that is not in the attractor (a maze without solution).

Examples:
  mazegraph attractor maze.png                          # summary: is the start attracted?
  mazegraph attractor maze.png -o solutions.png         # shaded by distance to the goal
  mazegraph attractor maze.txt --to json
  mazegraph attractor game.pg --target 3,7 --to dot -o attr.dot
  mazegraph attractor game.pg --player 1 --priority 5 --to json"
)]
pub struct Args {
    /// Input: a maze, a graph with start and goal, or a game (`-` for standard input, with
    /// --from).
    input: PathBuf,
    /// Output file; standard output when absent or `-`.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Output format (else from the output's extension; a summary when neither).
    #[arg(long, value_enum)]
    to: Option<To>,
    /// Input format (a maze or graph format, or pg, game.json, game.dot).
    #[arg(long, value_name = "FORMAT")]
    from: Option<String>,
    /// The attracting player.
    #[arg(long, short, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    player: u8,
    /// Target vertices of a game: ids or names, comma-separated or repeated.
    #[arg(long, short, value_name = "V,…")]
    target: Vec<String>,
    /// Target the vertices of a game with this priority (repeatable).
    #[arg(long, value_name = "P")]
    priority: Vec<u32>,
    /// A maze's start cell, e.g. 1,0, or room, e.g. room:0,0 (default: the explicit one, or the
    /// first opening).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// A maze's goal cell or room:R,C (default: the explicit one, or the last opening).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
    /// Pixels per cell of a .png picture (default: enough for about 640 pixels across, at
    /// most 40; 1 for big mazes).
    #[arg(long, value_name = "N", value_parser = super::scale_parser())]
    scale: Option<u16>,
    /// No legend under a .png picture (by default a strip names the start, the goal and the
    /// shades' ranks).
    #[arg(long)]
    no_legend: bool,
}

/// What `attractor` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// The region, ranks and strategy as JSON.
    Json,
    /// Graphviz DOT, attractor coloured, strategy edges in red.
    Dot,
    /// A picture of a 2-D maze: attractor cells shaded by rank, outlined.
    Png,
}

/// Reads a game file (by extension, or `--from`), `-` being standard input.
pub fn read_game(path: &Path, format: GameFormat, opts: &ReadOptions) -> Result<Game> {
    let (bytes, stopped) = read_input(path, Expect::Text(format.name()), &opts.limits)?;
    let game = format.read(&bytes, opts).map_err(|e| located(path, e))?;
    match stopped {
        Some(why) => Err(anyhow!(why)),
        None => Ok(game),
    }
}

/// How vertices are written: coordinates of maze cells, graph labels, or game ids.
enum Names<'a> {
    Cells(&'a Shape, &'a [u32]),
    Labels(&'a Graph),
    Game(&'a Game),
}

impl Names<'_> {
    /// The vertex as a JSON value.
    fn json(&self, v: u32) -> String {
        match self {
            Names::Cells(shape, cells) => {
                let c = shape.coords(cells[v as usize] as usize);
                let parts: Vec<String> = c.iter().map(|x| x.to_string()).collect();
                format!("[{}]", parts.join(", "))
            }
            Names::Labels(g) => match g.label(v) {
                Label::Coord(c) => {
                    let parts: Vec<String> = c.iter().map(|x| x.to_string()).collect();
                    format!("[{}]", parts.join(", "))
                }
                Label::Int(i) => i.to_string(),
                Label::Str(s) => serde_json::to_string(&s).unwrap_or_default(),
            },
            Names::Game(_) => v.to_string(),
        }
    }

    /// The vertex as a JSON object key (without quotes): `(r, c)` or the id.
    fn key(&self, v: u32) -> String {
        let text = match self {
            Names::Game(_) => v.to_string(),
            _ => self.text(v),
        };
        let quoted = serde_json::to_string(&text).unwrap_or_default();
        quoted[1..quoted.len() - 1].to_string()
    }

    /// The vertex as text: `(r, c)`, a label, or the id.
    fn text(&self, v: u32) -> String {
        match self {
            Names::Cells(shape, cells) => shape.fmt_index(cells[v as usize] as usize),
            Names::Labels(g) => match g.label(v) {
                Label::Str(s) => s,
                l => l.to_string(),
            },
            Names::Game(g) => g.label(v),
        }
    }
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    let to = match (args.to, args.output.path()) {
        (Some(t), _) => Some(t),
        (None, Some(p)) => Some(to_from_path(p)?),
        (None, None) => None,
    };
    let player = if args.player == 0 {
        Player::Zero
    } else {
        Player::One
    };
    let game_format = match &args.from {
        Some(name) => GameFormat::from_name(name).ok(),
        None => GameFormat::from_path(&args.input).ok(),
    };
    let located = |e| located(&args.input, e);
    // A tiled maze's picture is drawn in its own geometry.
    if to == Some(To::Png) && game_format.is_none() {
        let from = maze_format(args.from.as_deref())?;
        if let Some(maze) = super::tiled::read(&args.input, from, global)? {
            return tiled_png(maze, &args, player, &output, global);
        }
    }
    // Build the game, the target and the vertex names.
    let oriented: Oriented;
    let mut graph: Option<Graph> = None;
    let game_owned: Game;
    let mut maze: Option<Maze> = None;
    let (game, target, names, start): (&Game, Vec<u32>, Names, Option<u32>) = if let Some(gf) =
        game_format
    {
        if args.start.is_some() || args.goal.is_some() {
            bail!("--start and --goal are for mazes; for a game give --target or --priority");
        }
        game_owned = read_game(&args.input, gf, &opts)?;
        let mut target = Vec::new();
        for t in args.target.iter().flat_map(|t| t.split(',')) {
            if t.trim().is_empty() {
                continue;
            }
            target.push(game_owned.find(t).map_err(|e| anyhow!("--target: {e}"))?);
        }
        for &p in &args.priority {
            let vs = game_owned.with_priority(p);
            if vs.is_empty() {
                bail!("--priority {p}: no vertex of the game has priority {p}");
            }
            target.extend(vs);
        }
        if args.target.is_empty() && args.priority.is_empty() {
            bail!("say which vertices to attract to with --target V,… or --priority P");
        }
        let start = game_owned.start();
        (&game_owned, target, Names::Game(&game_owned), start)
    } else {
        if !args.target.is_empty() || !args.priority.is_empty() {
            bail!("for a maze the target is its goal (move it with --goal R,C); --target and --priority are for games");
        }
        let from = maze_format(args.from.as_deref())?;
        let (mut item, _) = read_item(&args.input, from, Work::Attractor, global)?;
        if args.start.is_some() || args.goal.is_some() {
            set_terminals(&mut item, args.start.as_ref(), args.goal.as_ref()).map_err(located)?;
        }
        // A picture needs a maze: a graph is laid out as `render` lays it out (a room graph
        // of networkx's grid_2d_graph, a node-link graph with coordinates, …).
        if let (Some(To::Png), Item::Graph(g)) = (to, &item) {
            // A graph with places of its own (not a tiled maze's, drawn above) is not laid
            // out as a grid: it would come out as a row of cells.
            if g.positions().is_some() {
                bail!(
                    "{}: --to png draws mazes, and this graph's vertices have places of their own; \
                     write the attractor as json, or as dot (the vertices keep their places for neato -n)",
                    super::io::display_name(&args.input)
                );
            }
            let limits = global.read_options().limits;
            item = match graph_to_maze(g, Layout::Auto, &limits) {
                Ok(placed) => Item::Maze(placed.maze),
                Err(e @ (Error::InvalidGraph(_) | Error::Unsupported(_))) => bail!(
                    "{}: --to png draws mazes, and this graph cannot be drawn as one ({e}); write the attractor as json or dot",
                    super::io::display_name(&args.input)
                ),
                Err(e) => return Err(located(e)),
            };
        }
        match item {
            Item::Maze(m) => {
                oriented = orient(&m).map_err(located)?;
                maze = Some(m);
            }
            Item::Graph(g) => {
                oriented = orient_graph(&g).map_err(located)?;
                graph = Some(g);
            }
        }
        let names = match (&maze, &graph) {
            (Some(m), _) => Names::Cells(m.shape(), &oriented.cells),
            (None, Some(g)) => Names::Labels(g),
            (None, None) => bail!("the input is neither a maze nor a graph"),
        };
        (
            &oriented.game,
            vec![oriented.goal],
            names,
            Some(oriented.start),
        )
    };
    let a = attractor(game, player, &target).map_err(located)?;
    match to {
        None => {
            let mut line = format!(
                "attractor of player {player}: {} of {} vertices (target: {} vertex{}), largest rank {}",
                a.len(),
                game.vertex_count(),
                a.targets().len(),
                if a.targets().len() == 1 { "" } else { "es" },
                a.max_rank()
            );
            if let Some(s) = start {
                match a.rank(s) {
                    Some(r) => line.push_str(&format!("; start {} at rank {r}", names.text(s))),
                    None => line.push_str(&format!("; start {} is not in it", names.text(s))),
                }
            }
            outln!("{line}")?;
        }
        Some(To::Json) => output.write_with(false, |w| write_json(w, &a, player, &names))?,
        Some(To::Dot) => {
            let label = |v: u32| names.text(v);
            let pos = |v: u32| -> (f64, f64) {
                match &names {
                    Names::Cells(shape, cells) if shape.ndim() == 2 => {
                        let c = shape.coords(cells[v as usize] as usize);
                        (
                            c[1] as f64 * 72.0,
                            (shape.dims()[0] - 1 - c[0]) as f64 * 72.0,
                        )
                    }
                    _ => (0.0, 0.0),
                }
            };
            let drawable = matches!(&names, Names::Cells(s, _) if s.ndim() == 2);
            let style = dot::Style {
                label: if matches!(names, Names::Game(_)) {
                    None
                } else {
                    Some(&label)
                },
                attractor: Some(&a),
                pos: if drawable { Some(&pos) } else { None },
            };
            output.write_with(false, |w| dot::write(game, &style, w))?;
        }
        Some(To::Png) => {
            let (Some(m), Names::Cells(_, cells)) = (&maze, &names) else {
                bail!(
                    "--to png draws mazes; write the attractor of a graph or game as json or dot"
                );
            };
            // About 640 pixels across for small mazes (slices side by side for n-D ones), one
            // pixel a cell for big ones.
            let one = Picture::new(m, &RenderOptions::default()).map_err(located)?;
            let opts = RenderOptions {
                scale: args
                    .scale
                    .map_or_else(|| auto_scale(one.width(), one.height()), usize::from),
                overlays: Vec::new(),
            };
            let mut picture = Picture::new(m, &opts).map_err(located)?;
            picture.set_attractor(cells, &a).map_err(located)?;
            // The target of a maze's game is its goal.
            picture.name_ranks("steps to the goal");
            if !args.no_legend {
                picture.add_legend();
            }
            let (w, h) = (picture.width() as u64, picture.height() as u64);
            check_pixels(w, h, global.max_cells)?;
            output.write_with(true, |w| picture.write_png(w))?;
        }
    }
    if let Some(s) = start {
        if !a.contains(s) {
            if !global.quiet && to.is_some() {
                note!(
                    "mazegraph: note: the start {} is not in the attractor",
                    names.text(s)
                );
            }
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn to_from_path(p: &Path) -> Result<To> {
    let name = p
        .file_name()
        .map(|s| s.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    for (ext, to) in [
        (".json", To::Json),
        (".dot", To::Dot),
        (".gv", To::Dot),
        (".png", To::Png),
    ] {
        if name.ends_with(ext) {
            return Ok(to);
        }
    }
    bail!(
        "cannot tell what to write to {} from its extension (use --to json, dot or png)",
        p.display()
    )
}

fn write_json(
    w: &mut dyn Write,
    a: &Attractor,
    player: Player,
    names: &Names,
) -> mazegraph::Result<()> {
    write!(w, "{{\"player\": {player}, \"target\": [")?;
    for (k, &v) in a.targets().iter().enumerate() {
        if k > 0 {
            w.write_all(b", ")?;
        }
        w.write_all(names.json(v).as_bytes())?;
    }
    w.write_all(b"],\n\"attractor\": [")?;
    for (k, &v) in a.vertices().iter().enumerate() {
        if k > 0 {
            w.write_all(b", ")?;
        }
        w.write_all(names.json(v).as_bytes())?;
    }
    w.write_all(b"],\n\"rank\": {")?;
    for (k, &v) in a.vertices().iter().enumerate() {
        if k > 0 {
            w.write_all(b", ")?;
        }
        write!(w, "\"{}\": {}", names.key(v), a.rank(v).unwrap_or_default())?;
    }
    w.write_all(b"},\n\"strategy\": {")?;
    let mut first = true;
    for &v in a.vertices() {
        if let Some(m) = a.strategy(v) {
            if !first {
                w.write_all(b", ")?;
            }
            first = false;
            write!(w, "\"{}\": {}", names.key(v), names.json(m))?;
        }
    }
    w.write_all(b"}}\n")?;
    Ok(())
}

/// `attractor -o FILE.png` of a tiled maze: its rooms shaded by rank in its own geometry, as
/// `render --overlay attractor` draws them, with the start and goal and a legend; exit status
/// 1 when the start is not in the attractor.
fn tiled_png(
    mut maze: mazegraph::tiling::TiledMaze,
    args: &Args,
    player: Player,
    output: &super::io::Output,
    global: &Global,
) -> Result<ExitCode> {
    use mazegraph::render::PictureFormat;
    if !args.target.is_empty() || !args.priority.is_empty() {
        bail!("for a maze the target is its goal (move it with --goal R,C); --target and --priority are for games");
    }
    super::tiled::set_terminals(
        &mut maze,
        &args.input,
        args.start.as_ref(),
        args.goal.as_ref(),
    )?;
    let ranks = mazegraph::tiling::overlay::attractor_ranks(&maze, player)
        .map_err(|e| located(&args.input, e))?;
    let top = ranks.iter().map(|r| r.1).max().unwrap_or(0);
    let mut picture =
        super::tiled::picture(&maze, None, args.scale, PictureFormat::Png, global)?.ranks(&ranks);
    if !args.no_legend {
        let shades = super::tiled::shades_entry(top, "steps to the goal");
        picture = super::tiled::with_legend(picture, vec![shades]);
    }
    super::tiled::write_picture(&picture, PictureFormat::Png, output)?;
    let attracted = ranks.iter().any(|&(room, _)| room == maze.start());
    Ok(if attracted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
