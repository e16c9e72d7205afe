//! `mazegraph draw`: a picture of a maze's graph, a graph or a game, laid out by Graphviz.

use super::attractor::read_game;
use super::budget::Work;
use super::io::{located, maze_format, output_format, read_item, Output, OutputArg};
use super::Global;
use anyhow::{anyhow, bail, Result};
use mazegraph::draw::{self, DrawFormat, DrawOptions, Engine};
use mazegraph::game::format::GameFormat;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draw a maze's graph, a graph or a game with Graphviz (SVG, PNG or PDF).
#[derive(clap::Args)]
#[command(
    after_help = "Mazes are drawn as their cell graph (or, with --junctions, their junction graph) \
with every vertex at its cell's place, the start green and the goal red; graphs whose vertices \
are coordinates likewise; other graphs and games (.pg, .gm, .game.json, .game.dot: player 0 \
diamonds, player 1 boxes) are laid out by Graphviz. The engine 'auto' keeps the positions \
(neato -n) when there are any, else dot for graphs with few cycles (at most 100 edges more than vertices, \
up to 5000 vertices) and sfdp for the others. Graphs of more \
than 200000 vertices are refused: `mazegraph render` draws mazes of any size, and --junctions \
shrinks the graph. Needs Graphviz (the `graphviz` package).

Examples:
  mazegraph draw maze.png -o graph.svg
  mazegraph draw maze.png -o junctions.pdf --junctions
  mazegraph draw seed.adj -o seed.png --engine neato
  mazegraph draw game.pg -o game.svg --engine dot"
)]
pub struct Args {
    /// The maze, graph or game to draw (`-` for standard input, with --from).
    input: PathBuf,
    /// The picture to write (.svg, .png or .pdf); standard output when absent or `-`.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Input format, when the extension does not say it (a maze or graph format, or pg,
    /// game.json, game.dot).
    #[arg(long, value_name = "FORMAT")]
    from: Option<String>,
    /// Picture format (svg, png, pdf), when -o does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_draw_format)]
    to: Option<DrawFormat>,
    /// Graphviz layout engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    /// Draw a maze's junction graph (terminals, dead ends, junctions, turns): far smaller.
    #[arg(long)]
    junctions: bool,
}

/// Layout engines.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum EngineArg {
    /// neato -n with positions, else sfdp for large graphs and dot for the others.
    Auto,
    /// Layered (trees, directed graphs).
    Dot,
    /// Spring model; honours pinned positions.
    Neato,
    /// Multiscale force-directed, for large graphs.
    Sfdp,
    /// Force-directed.
    Fdp,
    /// Circular.
    Circo,
}

fn parse_draw_format(s: &str) -> Result<DrawFormat, String> {
    DrawFormat::from_name(s).map_err(|e| e.to_string())
}

/// Runs `mazegraph draw`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let format = output_format(
        args.to,
        args.output.path(),
        DrawFormat::from_name,
        "svg|png|pdf",
    )?;
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    let draw_opts = DrawOptions {
        engine: match args.engine {
            EngineArg::Auto => Engine::Auto,
            EngineArg::Dot => Engine::Dot,
            EngineArg::Neato => Engine::Neato,
            EngineArg::Sfdp => Engine::Sfdp,
            EngineArg::Fdp => Engine::Fdp,
            EngineArg::Circo => Engine::Circo,
        },
        format,
        junctions: args.junctions,
        limits: opts.limits,
        ..Default::default()
    };
    let game_format = match &args.from {
        Some(name) => GameFormat::from_name(name).ok(),
        None => GameFormat::from_path(&args.input).ok(),
    };
    // Errors about the input name it; a missing Graphviz is one line naming the package.
    let failed = |e: mazegraph::Error| match e {
        mazegraph::Error::Unsupported(m) if m == draw::GRAPHVIZ_MISSING => anyhow!(m),
        other => located(&args.input, other),
    };
    let picture = if let Some(gf) = game_format {
        if args.junctions {
            bail!("--junctions is for mazes and graphs, not games");
        }
        let game = read_game(&args.input, gf, &opts)?;
        draw::draw_game(&game, &draw_opts).map_err(failed)?
    } else {
        let from = maze_format(args.from.as_deref())?;
        let (item, _) = read_item(&args.input, from, Work::CellGraph, global)?;
        draw::draw(&item, &draw_opts).map_err(failed)?
    };
    output.write_with(format.is_binary(), |w| Ok(w.write_all(&picture)?))?;
    Ok(ExitCode::SUCCESS)
}
