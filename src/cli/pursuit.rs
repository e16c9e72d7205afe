//! `mazegraph pursuit`: the game of a wolf chasing a sheep in a maze — who wins from a
//! position and in how many moves, the sheep's fate from every cell (PNG), a play of both
//! strategies (animated PNG), or the arena itself (game JSON or DOT).

use super::budget::{auto_scale, check_pixels, Work};
use super::io::{located, maze_format, output_format, read_item, Output, OutputArg};
use super::out::{note, outln};
use super::{parse_coords, Coords, Global};
use anyhow::{anyhow, bail, Result};
use mazegraph::convert::to_maze;
use mazegraph::game::arena::{place, Arena, Piece, Position, Pursuit, Rules};
use mazegraph::game::arena_picture::{
    fate_png, fate_tiled_png, play_apng, play_tiled_apng, Style, MAX_FRAMES,
};
use mazegraph::game::format::{dot, json};
use mazegraph::game::{attractor, Player};
use mazegraph::grid::Limits;
use mazegraph::layout::Layout;
use mazegraph::render::{Picture, PictureFormat, RenderOptions};
use mazegraph::tiling::{TiledMaze, Tiles};
use mazegraph::{Graph, Maze};
use std::path::PathBuf;
use std::process::ExitCode;

/// The most positions `--to json` and `--to dot` write: the arena of a maze of 223 path cells.
const MAX_WRITTEN_POSITIONS: usize = 100_000;

/// Play a wolf against a sheep in a maze: who wins, in how many moves.
#[derive(clap::Args)]
#[command(
    after_help = "The wolf and the sheep stand on path cells and move in turn to a neighbouring \
path cell (through portals too), or stay where they are when --pass allows it (a piece walled \
in on every side always stays). The wolf wins when both stand on one cell, whoever moved there; \
the sheep wins by escaping forever. Moves count both pieces' moves (passes included).

The arena is the game on positions (wolf's cell, sheep's cell, whose turn): 2·P² positions for P \
path cells, solved by the wolf's attractor of the captures (a 61×61 maze of 30×30 rooms, 6.5 \
million positions, takes about a second and 320 MB). Where the wolf can force a capture it hurries \
(the attractor's strategy) and the sheep delays as long as it can; elsewhere the sheep keeps out \
of the attractor, as far from the wolf as it can, and the wolf closes in.

Outputs: a line saying who wins from --wolf and --sheep, and in how many moves (default); --to \
png (or -o FILE.png) draws, for the wolf on its cell, each cell of the maze shaded by the sheep's \
fate if it stood there: blue by the moves until its capture (darkest soonest), white where it is \
safe, the wolf a dark brown mark; --to apng (or -o FILE.apng) animates both strategies from \
--wolf and --sheep, the sheep pink (at most 400 moves, until a capture or a position played before); --to json or dot write the arena as a \
game (`.game.json`, `.game.dot`: positions named like 'w(1,1) s(3,3) wolf', captures with \
priority 0, the given position as start; mazes of at most 223 path cells), which `mazegraph \
solve-game` solves to the same winners.

Examples:
  mazegraph generate --size 10x10 --loops 20 --seed 3 -o maze.txt
  mazegraph pursuit maze.txt --wolf 1,1 --sheep 19,19
  mazegraph pursuit maze.txt --wolf room:0,0 --sheep room:9,9 --first sheep --pass sheep
  mazegraph pursuit maze.txt --wolf 9,9 -o fate.png
  mazegraph pursuit maze.txt --wolf 1,1 --sheep 19,19 -o play.apng"
)]
pub struct Args {
    /// The maze (`-` for standard input, with --from).
    input: PathBuf,
    /// Output file; standard output when absent or `-`.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Output format (else from the output's extension; the winner's line when neither).
    #[arg(long, value_enum)]
    to: Option<To>,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT")]
    from: Option<String>,
    /// The wolf's cell, e.g. 1,1, or room, e.g. room:0,0 (default: the maze's start).
    #[arg(long, value_name = "R,C|room:R,C", value_parser = parse_coords, allow_hyphen_values = true)]
    wolf: Option<Coords>,
    /// The sheep's cell or room (default: the maze's goal).
    #[arg(long, value_name = "R,C|room:R,C", value_parser = parse_coords, allow_hyphen_values = true)]
    sheep: Option<Coords>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Wolf)]
    first: First,
    /// Who may stay where it is as its move.
    #[arg(long, value_enum, default_value_t = Pass::Both)]
    pass: Pass,
    /// Pixels per cell of a picture (default: enough for about 640 pixels across, at most 40).
    #[arg(long, value_name = "N", value_parser = super::scale_parser())]
    scale: Option<u16>,
    /// No legend under a picture.
    #[arg(long)]
    no_legend: bool,
}

/// What `pursuit` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// The sheep's fate from every cell, for the wolf on its cell.
    Png,
    /// A play of both strategies, animated.
    Apng,
    /// The arena as game JSON.
    Json,
    /// The arena as Graphviz DOT, the wolf's attractor coloured.
    Dot,
}

/// Who moves first.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The wolf.
    Wolf,
    /// The sheep.
    Sheep,
}

/// Who may pass.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Both pieces.
    Both,
    /// The wolf only.
    Wolf,
    /// The sheep only.
    Sheep,
    /// Neither: every move goes to a neighbouring cell.
    None,
}

/// Runs `mazegraph pursuit`.
/// Arenas of at least this many positions are announced on standard error before the work
/// (a few seconds, a GiB or more).
const NOTE_POSITIONS: u64 = 50_000_000;

/// About how many positions of the arena are built and solved a second (measured on a 2-core
/// AMD EPYC: 60×60 rooms, 1.04·10⁸ positions, in 21 s and 4.8 GiB).
const SECOND_POSITIONS: u64 = 5_000_000;

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    // Without -o or --to: the winner's line.
    let to = match (args.to, args.output.path()) {
        (None, None) => None,
        (to, out) => Some(output_format(to, out, to_from_name, "png|apng|json|dot")?),
    };
    let located = |e| located(&args.input, e);
    let from = maze_format(args.from.as_deref())?;
    let board = match super::tiled::read(&args.input, from, global)? {
        Some(maze) => Board::tiled(maze),
        None => {
            let (item, _) = read_item(&args.input, from, Work::Solve, global)?;
            // A graph is placed as a maze, as `solve` places it (a networkx maze, a DOT file…).
            Board::Grid(to_maze(item, Layout::Auto, &opts.limits).map_err(located)?)
        }
    };
    let turn = match args.first {
        First::Wolf => Piece::Wolf,
        First::Sheep => Piece::Sheep,
    };
    let wolf = board.place(Piece::Wolf, args.wolf.as_ref())?;
    // The sheep is not needed for the fate picture, which is about every cell.
    let sheep = match (to, &args.sheep) {
        (Some(To::Png), None) => None,
        _ => Some(board.place(Piece::Sheep, args.sheep.as_ref())?),
    };
    let rules = Rules::passing(match args.pass {
        Pass::Both => "both",
        Pass::Wolf => "wolf",
        Pass::Sheep => "sheep",
        Pass::None => "none",
    })
    .map_err(located)?;
    let position = |sheep: usize| Position { wolf, sheep, turn };
    let positions = 2 * (board.places() as u64).pow(2);
    if matches!(to, Some(To::Json | To::Dot)) && positions > MAX_WRITTEN_POSITIONS as u64 {
        bail!(
            "the arena has {positions} positions; --to json and dot write arenas of at most {MAX_WRITTEN_POSITIONS} (mazes of at most 223 path cells)"
        );
    }
    // Big arenas take long: said before the work, and a spinner names its stage.
    if !global.quiet && (NOTE_POSITIONS..=mazegraph::game::MAX_VERTICES).contains(&positions) {
        note!(
            "mazegraph: note: the arena of {positions} positions needs about {:.1} GiB and, \
             built and solved, about {} s",
            board.arena_bytes(rules) as f64 / f64::from(1u32 << 30),
            (positions / SECOND_POSITIONS).max(1)
        );
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("building the arena of {positions} positions"));
    let arena = board.arena(rules, &opts.limits).map_err(located)?;
    // Checked before solving: a bad position is refused at once.
    if let Some(s) = sheep {
        arena.vertex(position(s)).map_err(located)?;
    }
    if let Some(format @ (To::Json | To::Dot)) = to {
        let mut game = arena.named_game();
        if let Some(s) = sheep {
            game.set_start(Some(arena.vertex(position(s)).map_err(located)?))
                .map_err(located)?;
        }
        if format == To::Json {
            output.write_with(false, |w| json::write(&game, w))?;
        } else {
            let a = attractor(&game, Player::Zero, &arena.captures()).map_err(located)?;
            let style = dot::Style {
                attractor: Some(&a),
                ..dot::Style::default()
            };
            output.write_with(false, |w| dot::write(&game, &style, w))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // The picture's size is checked before the arena is solved.
    let style = match to {
        Some(To::Png | To::Apng) => Some(board.style(&args, global)?),
        _ => None,
    };
    stages.stage(format!("solving the arena of {positions} positions"));
    let pursuit = Pursuit::new(arena).map_err(located)?;
    drop(stages);
    match (to, sheep, style) {
        (Some(To::Png), _, Some(style)) => output.write_with(true, |w| match &board {
            Board::Grid(maze) => fate_png(maze, &pursuit, wolf, turn, &style.0, w),
            Board::Tiled(t) => {
                fate_tiled_png(&t.maze, &pursuit, wolf, turn, style.1, style.0.legend, w)
            }
        })?,
        (Some(To::Apng), Some(s), Some(style)) => {
            let play = pursuit.play(position(s), MAX_FRAMES).map_err(located)?;
            output.write_with(true, |w| match &board {
                Board::Grid(maze) => play_apng(maze, &pursuit, &play, &style.0, w),
                Board::Tiled(t) => play_tiled_apng(&t.maze, &pursuit, &play, style.1, &style.0, w),
            })?;
        }
        (None, Some(s), _) => {
            let pos = position(s);
            let line = match pursuit.capture_time(pos).map_err(located)? {
                Some(k) => format!(
                    "the wolf catches the sheep in {k} move{} ({} by the wolf)",
                    if k == 1 { "" } else { "s" },
                    Pursuit::wolf_share(pos, k)
                ),
                None => "the sheep escapes forever".to_string(),
            };
            let (v, e) = (
                pursuit.arena().game().vertex_count(),
                pursuit.arena().game().edge_count(),
            );
            outln!(
                "{line}: wolf {}, sheep {}, {} first, {} may pass; the wolf wins from {} of {v} positions ({e} moves)",
                board.name(&pursuit, wolf),
                board.name(&pursuit, s),
                turn.name(),
                rules.passing_name(),
                pursuit.wolf_wins_count()
            )?;
        }
        _ => unreachable!("the sheep is known unless the output is the fate picture"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The maze the pieces play in: a square grid's path cells, or a tiled maze's rooms (its
/// graph, and the room of each of the graph's vertices).
enum Board {
    Grid(Maze),
    Tiled(Box<Tiled>),
}

/// A tiled maze, its graph and the room of each of the graph's vertices.
struct Tiled {
    maze: TiledMaze,
    graph: Graph,
    rooms: Vec<u32>,
}

impl Board {
    fn tiled(maze: TiledMaze) -> Board {
        let (graph, rooms) = (maze.to_graph(), maze.graph_rooms());
        Board::Tiled(Box::new(Tiled { maze, graph, rooms }))
    }

    /// The places a piece may stand on: path cells or rooms.
    fn places(&self) -> usize {
        match self {
            Board::Grid(maze) => maze.grid().count_paths(),
            Board::Tiled(t) => t.rooms.len(),
        }
    }

    fn arena_bytes(&self, rules: Rules) -> u64 {
        match self {
            Board::Grid(maze) => Arena::bytes_needed(maze, rules),
            Board::Tiled(t) => Arena::bytes_needed_on(&t.graph, rules),
        }
    }

    fn arena(&self, rules: Rules, limits: &Limits) -> mazegraph::Result<Arena> {
        match self {
            Board::Grid(maze) => Arena::new(maze, rules, limits),
            Board::Tiled(t) => Arena::on_graph(t.graph.clone(), rules, limits),
        }
    }

    /// Where a piece's option puts it (a position's `wolf` or `sheep`), or the maze's start
    /// (wolf) or goal (sheep) without one.
    fn place(&self, piece: Piece, given: Option<&Coords>) -> Result<usize> {
        let name = piece.name();
        match self {
            Board::Grid(maze) => {
                let Some(t) = given else {
                    let (start, goal) = maze.terminals().ok_or_else(|| {
                        anyhow!("say where the {name} stands with --{name} R,C (the maze has no start and goal to default to)")
                    })?;
                    return Ok(if piece == Piece::Wolf { start } else { goal });
                };
                let c = t.cell().ok_or_else(|| {
                    anyhow!("--{name} {t} is not a cell: a maze's cells are named by coordinates like 3,4")
                })?;
                Ok(place(maze, piece, &c)?)
            }
            Board::Tiled(t) => {
                let Tiled { maze, graph, rooms } = &**t;
                let room = match given {
                    None if piece == Piece::Wolf => maze.start(),
                    None => maze.goal(),
                    Some(Coords::Coords(c) | Coords::Room(c)) => {
                        maze.tiling().room(c).ok_or_else(|| {
                            anyhow!(
                                "--{name} {}: no such room in the {} tiling of size {}",
                                mazegraph::grid::fmt_coords(c),
                                maze.tiling().name(),
                                maze.tiling().size_text()
                            )
                        })?
                    }
                    Some(t) => bail!(
                        "--{name} {t}: a tiled maze's rooms are named by their coordinates, e.g. 0,1"
                    ),
                };
                let v = rooms.iter().position(|&r| r == room).unwrap_or(0) as u32;
                Ok(graph.cell(v).unwrap_or(v as usize))
            }
        }
    }

    /// A place's name: a cell's or a room's coordinates.
    fn name(&self, pursuit: &Pursuit, cell: usize) -> String {
        match self {
            Board::Grid(maze) => maze.shape().fmt_index(cell),
            Board::Tiled(t) => {
                let Tiled { maze, rooms, .. } = &**t;
                let v = pursuit.arena().vertex_of(cell).unwrap_or(0);
                mazegraph::grid::fmt_coords(&maze.tiling().label(rooms[v as usize]))
            }
        }
    }

    /// How pictures are drawn: `--scale` (or about 640 pixels across), checked against the
    /// limits; the scale in pixels a room for a tiled maze.
    fn style(&self, args: &Args, global: &Global) -> Result<(Style, f64)> {
        let located = |e| located(&args.input, e);
        let style = |scale| Style {
            scale,
            legend: !args.no_legend,
            ..Style::default()
        };
        match self {
            Board::Grid(maze) => {
                let scale = match args.scale {
                    Some(s) => usize::from(s),
                    None => {
                        let one = Picture::new(maze, &RenderOptions::default()).map_err(located)?;
                        auto_scale(one.width(), one.height())
                    }
                };
                let one = Picture::new(
                    maze,
                    &RenderOptions {
                        scale,
                        overlays: Vec::new(),
                    },
                )
                .map_err(located)?;
                check_pixels(one.width() as u64, one.height() as u64, global.max_cells)?;
                Ok((style(scale), scale as f64))
            }
            Board::Tiled(t) => {
                let scale = super::tiled::picture_scale(
                    t.maze.tiling(),
                    args.scale,
                    PictureFormat::Png,
                    global,
                )?;
                Ok((style(scale as usize), scale))
            }
        }
    }
}

/// The output format an extension names (`.png`, `.apng`, `.json`, `.dot`).
fn to_from_name(ext: &str) -> Result<To, String> {
    <To as clap::ValueEnum>::from_str(ext, true)
        .map_err(|_| format!("cannot write .{ext} (png, apng, json or dot)"))
}
