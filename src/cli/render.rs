//! `mazegraph render`: draw a maze as a PNG or SVG picture, with overlays, or make it a 3-D
//! print (STL, OBJ).

use super::budget::Work;
use super::convert::parse_format;
use super::io::{located, output_format, read_item_noted, Output, OutputArg};
use super::progress::Bar;
use super::{parse_coords, Coords, Global};
use anyhow::{anyhow, Result};
use mazegraph::convert::{set_terminals, to_maze};
use mazegraph::format::Format;
use mazegraph::layout::Layout;
use mazegraph::mesh::{self, MeshFormat, Print, Sizes};
use mazegraph::picture::overlay;
use mazegraph::render::{self, Overlay, Picture, PictureFormat, RenderFormat, RenderOptions};
use mazegraph::solve::{solve, Method};
use std::path::PathBuf;
use std::process::ExitCode;

/// Draw a maze as a picture (PNG or SVG), straight from its grid, or make it a 3-D print (STL,
/// OBJ).
#[derive(clap::Args)]
#[command(
    after_help = "Walls are black and path cells white, each cell a --scale × --scale \
square; a maze picture read at its own scale (not one pixel per cell) is drawn on the picture \
itself when written as PNG with no --scale, its cells tinted by the overlays and the solution a \
line through the corridors. Overlays: 'solution' colours the path found by dead-end filling blue, the start green and \
the goal red; 'filled' also shades the filled dead ends grey and any cycles yellow; 'portals' \
marks the two ends of each portal with the same colour; 'attractor' orients the maze away from \
its start and shades the attractor of the goal (the cells on shortest solutions) by distance to \
the goal, the goal darkest blue, the start lightest. Mazes of three or more axes are drawn \
as a grid of labelled 2-D slices (dK=V names the other coordinates). PNG is written row by row.

A .stl or .obj output is a 3-D print: the walls stand on a base plate, sized in millimetres by \
--cell-mm, --wall-mm, --height-mm and --base-mm; --overlay solution engraves the solution into \
the plate. A 3-D maze prints as one plate per level, side by side, with holes where the way \
goes down; stack them after printing. A tiled maze (sigma, delta, theta, upsilon) prints its \
walls as its picture draws them, neighbouring rooms' centres --cell-mm + --wall-mm apart, on a \
rectangular plate; a weave cannot be printed. The mesh is closed and manifold.

Examples:
  mazegraph render maze.png -o big.png --scale 8
  mazegraph render maze.txt -o solved.svg --scale 10 --overlay solution
  mazegraph render maze.json -o slices.png --scale 4 --overlay filled,portals
  mazegraph render braid.png -o shortest.png --scale 4 --overlay attractor
  mazegraph render maze.json -o maze.stl --cell-mm 5 --overlay solution
  mazegraph render hex.json -o hex.stl --overlay solution   (a tiled maze's walls)"
)]
pub struct Args {
    /// The maze (or a graph with a layout) to draw.
    input: PathBuf,
    /// The picture (.png, .svg) or 3-D print (.stl, .obj) to write; standard output with --to
    /// when absent or `-`.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// Format (png, svg, stl, obj), when -o does not say it; standard output without -o.
    #[arg(long, value_name = "FORMAT", value_parser = parse_render_format)]
    to: Option<RenderFormat>,
    /// Pixels per cell side (default: enough for about 640 pixels across, at most 40; 1 for big
    /// mazes; a maze picture read at its own scale is drawn on, at its own size).
    #[arg(short, long, value_parser = super::scale_parser())]
    scale: Option<u16>,
    /// What to draw over the maze: solution, filled, portals, attractor (repeat, or separate
    /// with commas); a 3-D print takes solution, engraved into its plate.
    #[arg(long, value_name = "OVERLAY", value_delimiter = ',')]
    overlay: Vec<String>,
    /// No legend under the picture (by default, with an overlay, a strip names what its
    /// colours mean).
    #[arg(long)]
    no_legend: bool,
    /// Explicit start for the overlays: a cell, e.g. 1,0, a room, e.g. room:0,0 (the cell
    /// 1,1), or a graph vertex by name or id.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// Explicit goal for the overlays: a cell, a room or a graph vertex, as --start.
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
    /// 3-D print: width of a passage, in millimetres [default: 4].
    #[arg(
        long,
        value_name = "MM",
        help_heading = "3-D print (.stl, .obj)",
        allow_hyphen_values = true
    )]
    cell_mm: Option<f64>,
    /// 3-D print: thickness of a wall, in millimetres [default: 1.6].
    #[arg(
        long,
        value_name = "MM",
        help_heading = "3-D print (.stl, .obj)",
        allow_hyphen_values = true
    )]
    wall_mm: Option<f64>,
    /// 3-D print: height of the walls above the plate, in millimetres [default: 4].
    #[arg(
        long,
        value_name = "MM",
        help_heading = "3-D print (.stl, .obj)",
        allow_hyphen_values = true
    )]
    height_mm: Option<f64>,
    /// 3-D print: thickness of the base plate, in millimetres [default: 2]; an engraved
    /// solution goes half way into it.
    #[arg(
        long,
        value_name = "MM",
        help_heading = "3-D print (.stl, .obj)",
        allow_hyphen_values = true
    )]
    base_mm: Option<f64>,
}

impl Args {
    /// The print sizes given, over the defaults; refused for a picture.
    fn sizes(&self, print: bool) -> Result<Sizes> {
        let given = [
            ("--cell-mm", self.cell_mm),
            ("--wall-mm", self.wall_mm),
            ("--height-mm", self.height_mm),
            ("--base-mm", self.base_mm),
        ];
        if !print {
            if let Some((flag, _)) = given.iter().find(|(_, v)| v.is_some()) {
                anyhow::bail!("{flag} sizes a 3-D print (-o FILE.stl or .obj), not a picture");
            }
        }
        let d = Sizes::default();
        let sizes = Sizes {
            cell_mm: self.cell_mm.unwrap_or(d.cell_mm),
            wall_mm: self.wall_mm.unwrap_or(d.wall_mm),
            height_mm: self.height_mm.unwrap_or(d.height_mm),
            base_mm: self.base_mm.unwrap_or(d.base_mm),
        };
        sizes.validate().map_err(|e| anyhow!("{e}"))?;
        Ok(sizes)
    }
}

/// Refuses the picture options for a 3-D print, and returns its sizes.
fn print_sizes(args: &Args, overlays: &[Overlay]) -> Result<Sizes> {
    if args.scale.is_some() {
        anyhow::bail!("--scale sizes a picture; a 3-D print is sized by --cell-mm and --wall-mm");
    }
    if args.no_legend {
        anyhow::bail!("--no-legend applies to pictures; a 3-D print has no legend");
    }
    if let Some(o) = args
        .overlay
        .iter()
        .zip(overlays)
        .find(|(_, o)| **o != Overlay::Solution)
    {
        anyhow::bail!(
            "--overlay {} applies to pictures; a 3-D print takes --overlay solution (engraved into the plate)",
            o.0.trim()
        );
    }
    args.sizes(true)
}

/// The error for a maze with no solution to engrave.
fn no_solution(args: &Args) -> anyhow::Error {
    anyhow!(
        "{}: no solution to engrave (the start does not reach the goal)",
        super::io::display_name(&args.input)
    )
}

/// `render` to a 3-D print: the walls on a plate, the solution engraved with `--overlay
/// solution`.
fn render_print(
    maze: &mazegraph::Maze,
    args: &Args,
    overlays: &[Overlay],
    format: MeshFormat,
    output: &Output,
    global: &Global,
) -> Result<ExitCode> {
    let sizes = print_sizes(args, overlays)?;
    let stages = super::progress::Stages::new(global.quiet);
    let solution = if overlays.is_empty() {
        None
    } else {
        stages.stage("solving");
        let sol = solve(maze, Method::DeadEnd).map_err(|e| located(&args.input, e))?;
        Some(sol.path.ok_or_else(|| no_solution(args))?)
    };
    stages.stage("counting the triangles");
    let print =
        Print::new(maze, sizes, solution.as_deref()).map_err(|e| located(&args.input, e))?;
    write_print(&print, stages, format, output, global)
}

/// `render` of a tiled maze to a 3-D print: its walls rasterised ([`mesh::tiled`]) on a
/// plate, the solution engraved with `--overlay solution`.
fn render_tiled_print(
    mut maze: mazegraph::tiling::TiledMaze,
    args: &Args,
    overlays: &[Overlay],
    format: MeshFormat,
    output: &Output,
    global: &Global,
) -> Result<ExitCode> {
    let sizes = print_sizes(args, overlays)?;
    super::tiled::set_terminals(
        &mut maze,
        &args.input,
        args.start.as_ref(),
        args.goal.as_ref(),
    )?;
    let stages = super::progress::Stages::new(global.quiet);
    let solution = if overlays.is_empty() {
        None
    } else {
        stages.stage("solving");
        Some(maze.solution().ok_or_else(|| no_solution(args))?)
    };
    stages.stage("drawing the walls");
    let limits = global.read_options().limits;
    let print = Print::tiled(&maze, sizes, solution.as_deref(), &limits)
        .map_err(|e| located(&args.input, e))?;
    stages.stage("counting the triangles");
    write_print(&print, stages, format, output, global)
}

/// Counts the triangles of `print`, checks them against the budgets, and writes it.
fn write_print(
    print: &Print,
    stages: super::progress::Stages,
    format: MeshFormat,
    output: &Output,
    global: &Global,
) -> Result<ExitCode> {
    let triangles = print.triangles();
    let limits = global.read_options().limits;
    super::budget::check_triangles(triangles, global.max_cells, limits.max_bytes)?;
    drop(stages);
    match format {
        MeshFormat::Stl => {
            let bar = Bar::new(global.quiet, triangles, 1 << 22, "writing", "triangles");
            output.write_with(true, |w| {
                mesh::stl::write(print, triangles, w, &mut |done, total| {
                    bar.set_of(done, total)
                })
            })?;
        }
        MeshFormat::Obj => {
            output.write_with(false, |w| mesh::obj::write(print, &limits, w))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `render` of a tiled maze: its own geometry, with the solution (path, start and goal).
fn render_tiled(
    mut maze: mazegraph::tiling::TiledMaze,
    args: &Args,
    overlays: &[Overlay],
    format: PictureFormat,
    output: &super::io::Output,
    global: &Global,
) -> Result<ExitCode> {
    if let Some(o) = overlays
        .iter()
        .find(|o| !matches!(o, Overlay::Solution | Overlay::Filled | Overlay::Attractor))
    {
        anyhow::bail!(
            "{}: --overlay {o:?} applies to square-grid mazes; a tiled maze takes solution, filled and attractor",
            super::io::display_name(&args.input),
        );
    }
    super::tiled::set_terminals(
        &mut maze,
        &args.input,
        args.start.as_ref(),
        args.goal.as_ref(),
    )?;
    let has = |o: Overlay| overlays.contains(&o);
    let path = if has(Overlay::Solution) || has(Overlay::Filled) {
        maze.solution()
    } else {
        None
    };
    let ranks = if has(Overlay::Attractor) {
        mazegraph::tiling::overlay::attractor_ranks(&maze, mazegraph::game::Player::Zero)
            .map_err(|e| super::io::located(&args.input, e))?
    } else {
        Vec::new()
    };
    let mut picture = super::tiled::picture(&maze, path.as_deref(), args.scale, format, global)?;
    let mut entries = Vec::new();
    if has(Overlay::Filled) {
        (picture, entries) = super::tiled::dead_ends(picture, &maze, path.as_deref());
    }
    if has(Overlay::Attractor) {
        picture = picture.ranks(&ranks);
        let top = ranks.iter().map(|r| r.1).max().unwrap_or(0);
        entries.push(super::tiled::shades_entry(top, "steps to the goal"));
    }
    if !args.no_legend && !overlays.is_empty() {
        picture = super::tiled::with_legend(picture, entries);
    }
    super::tiled::write_picture(&picture, format, output)?;
    Ok(ExitCode::SUCCESS)
}

fn parse_render_format(s: &str) -> Result<RenderFormat, String> {
    RenderFormat::from_name(s).map_err(|e| e.to_string())
}

/// Runs `mazegraph render`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let format = output_format(
        args.to,
        args.output.path(),
        RenderFormat::from_name,
        "png|svg|stl|obj",
    )?;
    // Checked here rather than by clap, so that a bad name is one line.
    let overlays = args
        .overlay
        .iter()
        .map(|o| Overlay::from_name(o.trim()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("--overlay: {e}"))?;
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    args.sizes(matches!(format, RenderFormat::Print(_)))?;
    if let Some(maze) = super::tiled::read(&args.input, args.from, global)? {
        return match format {
            RenderFormat::Picture(format) => {
                render_tiled(maze, &args, &overlays, format, &output, global)
            }
            RenderFormat::Print(format) => {
                render_tiled_print(maze, &args, &overlays, format, &output, global)
            }
        };
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("reading {}", args.input.display()));
    let (mut item, _, source) = read_item_noted(&args.input, args.from, Work::Solve, global)?;
    if args.start.is_some() || args.goal.is_some() {
        set_terminals(&mut item, args.start.as_ref(), args.goal.as_ref())
            .map_err(|e| located(&args.input, e))?;
    }
    let maze = to_maze(item, Layout::Auto, &opts.limits).map_err(|e| located(&args.input, e))?;
    let format = match format {
        RenderFormat::Picture(p) => p,
        RenderFormat::Print(m) => {
            drop(stages);
            return render_print(&maze, &args, &overlays, m, &output, global);
        }
    };
    let scale = match args.scale {
        Some(s) => usize::from(s),
        None => {
            let one = Picture::new(&maze, &RenderOptions::default())
                .map_err(|e| located(&args.input, e))?;
            super::budget::auto_scale(one.width(), one.height())
        }
    };
    let render_opts = RenderOptions { scale, overlays };
    if !render_opts.overlays.is_empty() {
        stages.stage("computing the overlays");
    }
    let mut picture = Picture::new(&maze, &render_opts).map_err(|e| located(&args.input, e))?;
    if !args.no_legend {
        picture.add_legend();
    }
    if format == PictureFormat::Png {
        let (w, h) = (picture.width() as u64, picture.height() as u64);
        super::budget::check_pixels(w, h, global.max_cells)?;
    }
    drop(stages);
    // A maze picture read at its own scale, drawn again at its own size: the overlays go on the
    // user's picture (cells tinted; the solution a line through the corridors).
    if let Some(src) =
        source.filter(|s| !s.lattice.pixel && format == PictureFormat::Png && args.scale.is_none())
    {
        let mut raster =
            mazegraph::picture::decode::raster(&src.bytes, &opts.limits, opts.picture.frame)
                .map_err(|e| located(&args.input, e))?;
        overlay::paint_cells(&mut raster, &src.lattice, |i| {
            let c = picture.colour_of(i);
            let line = [
                render::OPEN,
                render::WALL,
                render::BACKGROUND,
                render::PATH,
                render::START,
                render::GOAL,
            ];
            (!line.contains(&c) && maze.grid().is_path(i)).then(|| render::rgb(c))
        });
        let solution = [Overlay::Solution, Overlay::Filled];
        if render_opts.overlays.iter().any(|o| solution.contains(o)) {
            let sol = solve(&maze, Method::DeadEnd).map_err(|e| located(&args.input, e))?;
            if let Some(path) = &sol.path {
                overlay::draw_path(&mut raster, &src.lattice, path);
            }
        }
        output.write_with(true, |w| raster.write_png(w))?;
        return Ok(ExitCode::SUCCESS);
    }
    // A bar over pixel rows (PNG) or cell rows (SVG), for big pictures only.
    let bar = Bar::new(
        global.quiet,
        picture.height() as u64,
        2048,
        "drawing",
        "rows",
    );
    output.write_with(format == PictureFormat::Png, |w| {
        picture.write_with(format, w, &mut |done, total| {
            if done % 256 == 0 || done == total {
                bar.set_of(done as u64, total as u64)
            }
        })
    })?;
    Ok(ExitCode::SUCCESS)
}
