//! `mazegraph convert` when a game format is involved: a game to another game format
//! (pg, game.json, game.dot), or a maze or graph with terminals to its oriented reachability
//! game ([`mazegraph::game::Oriented::reachability_game`]). `convert.rs` dispatches here
//! ([`job`]) before it does anything else.

use super::attractor::read_game;
use super::budget::Work;
use super::io::{located, read_item, Output};
use super::Global;
use anyhow::{anyhow, bail, Result};
use mazegraph::convert::{to_graph, GraphKind};
use mazegraph::format::{Format, Item};
use mazegraph::game::format::{dot, GameFormat};
use mazegraph::game::{orient, orient_graph, Game};
use mazegraph::graph::Label;
use std::path::Path;
use std::process::ExitCode;

/// A `--from`/`--to` value of `convert`: a maze or graph format, or a game format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyFormat {
    /// A maze or graph format.
    Maze(Format),
    /// A game format.
    Game(GameFormat),
}

impl AnyFormat {
    /// The maze or graph format, if it is one.
    pub fn maze(self) -> Option<Format> {
        match self {
            AnyFormat::Maze(f) => Some(f),
            AnyFormat::Game(_) => None,
        }
    }
}

/// Parses a `--from`/`--to` value: a game format name, else a maze or graph format name (as
/// [`super::convert::parse_format`], with its hints), the error listing both.
pub fn parse_any(s: &str) -> Result<AnyFormat, String> {
    if let Ok(g) = GameFormat::from_name(s) {
        return Ok(AnyFormat::Game(g));
    }
    super::convert::parse_format(s)
        .map(AnyFormat::Maze)
        .map_err(|e| {
            format!(
                "{e}; games: {}",
                GameFormat::ALL.map(GameFormat::name).join(", ")
            )
        })
}

/// A conversion with a game on at least one side.
pub struct Job {
    /// The input's game format; `None` for a maze or graph.
    from: Option<GameFormat>,
    /// The output's game format; `None` when the output is not a game (or not named).
    to: Option<GameFormat>,
    /// The maze or graph format `--from` names, if any.
    from_maze: Option<Format>,
    /// The maze or graph format `--to` or the output's name gives, if any.
    to_maze: Option<Format>,
}

/// The game conversion `convert` was asked for, if a game format is on either side: by
/// `--from`/`--to`, else by the input's or the output's name (`.pg`, `.gm`, `.game.json`,
/// `.game.dot`).
pub fn job(
    input: &Path,
    output: Option<&Path>,
    from: Option<AnyFormat>,
    to: Option<AnyFormat>,
) -> Option<Job> {
    let game_from = match from {
        Some(AnyFormat::Game(g)) => Some(g),
        Some(AnyFormat::Maze(_)) => None,
        None if input == Path::new("-") => None,
        None => GameFormat::from_path(input).ok(),
    };
    let game_to = match to {
        Some(AnyFormat::Game(g)) => Some(g),
        Some(AnyFormat::Maze(_)) => None,
        None => output.and_then(|p| GameFormat::from_path(p).ok()),
    };
    (game_from.is_some() || game_to.is_some()).then(|| Job {
        from: game_from,
        to: game_to,
        from_maze: from.and_then(AnyFormat::maze),
        to_maze: to
            .and_then(AnyFormat::maze)
            .or_else(|| output.and_then(|p| Format::from_path(p).ok())),
    })
}

/// The options of `convert` that make sense for mazes and graphs only.
pub struct MazeFlags {
    /// `--junctions`.
    pub junctions: bool,
    /// `--rooms`.
    pub rooms: bool,
    /// `--layout` other than `auto`.
    pub layout: bool,
    /// `--start` or `--goal`.
    pub terminals: bool,
}

/// Runs a game conversion; `set_terminals` applies `--start`/`--goal` to a maze or graph.
pub fn run(
    job: Job,
    input: &Path,
    output: Option<&Path>,
    flags: MazeFlags,
    set_terminals: &dyn Fn(&mut Item) -> Result<()>,
    global: &Global,
) -> Result<ExitCode> {
    let out = Output::new(output, &[input], global.force)?;
    let Some(to) = job.to else {
        // A game read, something else (or nothing) named to write.
        let Some(maze) = job.to_maze else {
            bail!("say which game format to write with --to pg|game.json|game.dot (or give -o FILE.pg, FILE.game.json or FILE.game.dot)");
        };
        let game = match maze {
            Format::Dot => GameFormat::Dot,
            Format::Json | Format::GraphJson => GameFormat::Json,
            _ => GameFormat::Pg,
        };
        bail!(
            "{} is a game and {maze} is a maze or graph format: write the game as pg, game.json or game.dot (here --to {game}, or -o NAME.{})",
            shown(input),
            game.extensions().first().copied().unwrap_or("pg")
        );
    };
    let (game, positions) = match job.from {
        Some(from) => {
            let given = [
                (flags.junctions, "--junctions"),
                (flags.rooms, "--rooms"),
                (flags.layout, "--layout"),
                (flags.terminals, "--start/--goal"),
            ];
            if let Some((_, flag)) = given.iter().find(|(on, _)| *on) {
                bail!(
                    "{flag} is for mazes and graphs, and {} is a game ({from}): drop {flag} (a game's start is in its file)",
                    shown(input)
                );
            }
            (read_game(input, from, &global.read_options())?, None)
        }
        None => maze_game(input, job.from_maze, &flags, set_terminals, global)?,
    };
    match (to, positions) {
        // A 2-D maze's game drawn at its cells, 72 points apart (`neato -n` or plain `neato`).
        (GameFormat::Dot, Some(xy)) => {
            let pos = |v: u32| xy.get(v as usize).copied().unwrap_or_default();
            let style = dot::Style {
                pos: Some(&pos),
                ..dot::Style::default()
            };
            out.write_with(false, |w| dot::write(&game, &style, w))?
        }
        _ => out.write_with(false, |w| to.write(&game, w))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Vertex positions in points, for `neato`.
type Positions = Vec<(f64, f64)>;

/// A maze or a graph with terminals, read and turned into its oriented reachability game,
/// vertices named by their cells or labels; for a 2-D maze, the vertices' positions in points
/// (a cell 72 points from the next, row 0 on top).
fn maze_game(
    input: &Path,
    from: Option<Format>,
    flags: &MazeFlags,
    set_terminals: &dyn Fn(&mut Item) -> Result<()>,
    global: &Global,
) -> Result<(Game, Option<Positions>)> {
    if flags.layout {
        bail!(
            "--layout places a graph in a maze; a game keeps the graph's vertices (drop --layout)"
        );
    }
    if flags.rooms {
        bail!("--rooms writes a maze's room graph, not a game: write it to a graph format (-o rooms.graph.json), then convert that file to a game");
    }
    let opts = global.read_options();
    let work = if flags.junctions {
        Work::JunctionGraph
    } else {
        Work::Attractor
    };
    let (mut item, _) = read_item(input, from, work, global)?;
    set_terminals(&mut item)?;
    let located = |e| located(input, e);
    if flags.junctions {
        item = Item::Graph(to_graph(&item, GraphKind::Junctions, &opts.limits).map_err(located)?);
    }
    let (oriented, names, positions) = match &item {
        Item::Maze(m) => {
            let o = orient(m).map_err(located)?;
            let shape = m.shape();
            let names = o
                .cells
                .iter()
                .map(|&c| shape.fmt_index(c as usize))
                .collect();
            let positions = (shape.ndim() == 2).then(|| {
                let rows = shape.dims().first().copied().unwrap_or(1);
                o.cells
                    .iter()
                    .map(|&c| match shape.coords(c as usize)[..] {
                        [r, c] => (c as f64 * 72.0, (rows - 1 - r) as f64 * 72.0),
                        _ => (0.0, 0.0),
                    })
                    .collect()
            });
            (o, names, positions)
        }
        Item::Graph(g) => {
            if g.start().is_none() || g.goal().is_none() {
                return Err(anyhow!(
                    "{}: the graph has no start and goal, which its game needs: give them with --start and --goal",
                    shown(input)
                ));
            }
            let o = orient_graph(g).map_err(located)?;
            let names = (0..g.vertex_count() as u32)
                .map(|v| match g.label(v) {
                    Label::Str(s) => s,
                    l => l.to_string(),
                })
                .collect();
            (o, names, None)
        }
    };
    let mut game = oriented.reachability_game().map_err(located)?;
    game.set_names(Some(names)).map_err(located)?;
    Ok((game, positions))
}

/// An input as messages name it: `<stdin>` for `-`, as the readers' errors do.
fn shown(input: &Path) -> String {
    if input == Path::new("-") {
        "<stdin>".to_string()
    } else {
        input.display().to_string()
    }
}
