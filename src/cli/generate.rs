//! `mazegraph generate`: make a maze, in any number of dimensions, any shape, any size.

use super::io::{display_name, Expect};
use super::io::{Output, OutputArg};
use super::out::note;
use super::Global;
use anyhow::{anyhow, bail, Context, Result};
use mazegraph::format::{Format, Holds};
use mazegraph::generate::solution::path_cells;
use mazegraph::generate::{
    check_images, generate, generate_with_solution, huge, read_drawn_path, read_rooms,
    rng_from_seed, shaped_lattice, transformed_lattice, Algorithm, Figure, Lattice, Mask, Options,
    Pick, RoomList, Transform,
};
use mazegraph::Graph;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Generate a maze.
#[derive(clap::Args)]
#[command(
    after_help = "A maze of rooms r0×r1×… is a grid of (2r0+1)×(2r1+1)×… cells with rooms at odd
coordinates. The entrance is opened above the first room along axis 0 (top-left in 2-D), the
exit below the last one (bottom-right): they are the maze's default start and goal.
Every algorithm but wall-removal makes a perfect maze (wall-removal leaves loops, and rooms
walled off: a disconnected maze); eller and sidewinder are 2-D only;
binary-tree, sidewinder, eller and division cannot follow a shape. A shape whose rooms are
not all connected keeps its largest connected part.

A solution given in advance (--solution FILE): FILE lists rooms, one a line, `r,c` (or
`r,c,d,…` in n-D, `(r, c)` also read), from the entrance room to the exit room, each beside
the one before, none twice; blank lines and # comments are skipped. Room (r, c) is cell
(2r+1, 2c+1) of the maze made (with a shape: of the shape's box, cropped to its rooms). The
path's rooms are carved first and the algorithm grows the rest of the maze from them, so the
maze is perfect and the path is its only solution. The maze opens at the path's end rooms when
they lie on the border of the box (otherwise they are explicit terminals, S and G in text).
Without --size (or --mask) the box is the smallest that holds the path. A file of `#`, `.`,
`o`, `S` and `G` only is a path drawn in a text maze, as `solve --to txt` writes one: `o`
marks its cells, `S` its start and `G` its end (only the path is read; the box is the text's). The algorithms that
can grow from a given path: backtracker, kruskal, prim, bfs, growth, wilson, aldous-broder,
hunt-and-kill, growing-tree; no --loops or --braid.

Examples:
  mazegraph generate --size 30x40 --seed 7 -o maze.txt
  mazegraph generate -a kruskal --size 10x10x10 -o cube.json
  mazegraph generate -a wilson --size 60x60 --shape ellipse --loops 20 -o round.json
  mazegraph generate --size 40x40 --shape diamond --transform rotate:30 -o turned.txt
  mazegraph generate --size 41x41 --shape spiral --turns 3 -o spiral.png
  mazegraph generate --size 45x45 --shape double-spiral -o in-and-out.png  # joined at the centre
  mazegraph generate --mask rings.png --polar --size 60x60 -o round.png  # rows = radii
  mazegraph generate -a wilson --solution path.txt -o designed.txt   # path.txt: 0,0 / 0,1 / …
  mazegraph generate -a growing-tree --pick mixed:0.75 --size 25x25 --braid --to txt
  mazegraph generate --mask logo.png -o logo-maze.json     # one room per light pixel
  mazegraph generate --huge --size 20000x20000 -o huge.png  # streamed, all cores
  mazegraph generate --tiling sigma --size 20x30 --seed 1 -o hex.svg   # hexagons
  mazegraph generate --tiling theta --size 12 -a wilson -o round.png    # a circular maze
  mazegraph generate --tiling delta --size 16 -o triangle.json         # a triangle of triangles

Tilings (--tiling): sigma (hexagons, pointy-topped; sigma-flat: flat-topped), delta
(triangles), theta (a centre and rings of sectors, doubling outward), upsilon (octagons and
squares), weave (squares whose passages cross, one under the other; -a kruskal only). --size ROWSxCOLS, or N for the tiling's own shape (a hexagon, a triangle; theta:
RINGS, counting the centre, or RINGSxSECTORS, SECTORS in ring 1, default 6). The algorithms
that carve any tiling: backtracker, kruskal, prim, wilson, aldous-broder, hunt-and-kill,
growing-tree, with --loops and --braid. Written as tiled maze JSON (.json), a picture (.png,
.svg: --scale pixels per room), or any graph format (rooms labelled (row, col), (ring,
sector) or axial (q, r), with positions). The start is the first room (theta: the centre), the
goal the last (theta: the bottom of the outer ring)."
)]
pub struct Args {
    /// The algorithm (wall-removal alone makes mazes that are not perfect); backtracker unless
    /// said, kruskal for --tiling weave (the one that carves it).
    #[arg(short, long,
          value_parser = clap::builder::PossibleValuesParser::new(algorithm_values()))]
    algorithm: Option<String>,
    /// Rooms per axis, e.g. 30x40 or 5x5x5x5 (a mask PNG gives its own size otherwise).
    #[arg(short, long, value_name = "R0xR1[x…]", value_parser = parse_size)]
    size: Option<Size>,
    /// Seed of the random generator: the same seed gives the same maze on every platform.
    /// Without it a random seed is drawn and printed on standard error.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Open K more walls after carving (K cycles in a perfect maze).
    #[arg(long, value_name = "K", default_value_t = 0)]
    loops: usize,
    /// Remove every dead end (a braid maze).
    #[arg(long)]
    braid: bool,
    /// Growing-tree pick policy: newest, random, oldest, mixed (half newest) or mixed:P.
    #[arg(long, value_name = "POLICY")]
    pick: Option<String>,
    /// Carve only inside this shape (n-D: L1 ball, L2 ball, pyramid along axis 0; the
    /// spiral is 2-D).
    #[arg(long, value_enum)]
    shape: Option<ShapeArg>,
    /// Turns of --shape spiral or double-spiral (default: a band about 4 rooms wide, at least
    /// one turn).
    #[arg(long, value_name = "T")]
    turns: Option<f64>,
    /// Carve only where this PNG is light, one pixel per room (resized to --size if given).
    #[arg(long, value_name = "FILE.png", conflicts_with = "shape")]
    mask: Option<PathBuf>,
    /// Read the --mask picture in polar coordinates and wrap it round the centre: its rows
    /// are radii (top row at the centre, bottom row at the rim), its columns angles (clockwise
    /// from the top, all the way round). The box is --size (default: square, twice the
    /// picture's height).
    #[arg(long, requires = "mask")]
    polar: bool,
    /// Build the maze around this solution: a file of rooms `r,c`, one a line, from the
    /// entrance room to the exit room (see below).
    #[arg(long, value_name = "FILE")]
    solution: Option<PathBuf>,
    /// Map the shape (the whole box by default) linearly, in the order given:
    /// rotate:DEG[:I,J] (in the plane of axes I, J; default 0,1), shear:K[:I,J] (axis I gains
    /// K times axis J; default 1,0), scale:S[,S…], matrix:a,b;c,d (rows separated by ';').
    #[arg(long, value_name = "MAP", allow_hyphen_values = true)]
    transform: Vec<String>,
    /// Make a huge 2-D maze as a coarse map of sub-mazes generated on every core, streamed
    /// to a 1-bit PNG without holding the maze in memory.
    #[arg(long)]
    huge: bool,
    /// Sub-maze side in rooms, for --huge.
    #[arg(long, value_name = "N", default_value_t = huge::DEFAULT_BLOCK, requires = "huge")]
    block: usize,
    /// Draw over a --huge maze's picture: `solution`, the way from the entrance to the exit
    /// in blue, found block by block as the maze streams (as `render --overlay solution`
    /// draws it on other mazes).
    #[arg(long, value_name = "OVERLAY", requires = "huge")]
    overlay: Option<String>,
    /// Output file; standard output when absent or `-` (text formats only).
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Output format, when the output extension does not say it. A graph format writes the
    /// maze's cell graph.
    #[arg(long, value_name = "FORMAT", value_parser = super::convert::parse_format)]
    to: Option<Format>,
    /// Rooms of another shape: sigma (hexagons), sigma-flat, delta (triangles), theta
    /// (rings), upsilon (octagons and squares); see below.
    #[arg(long, value_name = "TILING", value_parser = clap::builder::PossibleValuesParser::new(mazegraph::tiling::NAMES))]
    tiling: Option<String>,
    /// Pixels per room of a tiled maze's picture (default: about 640 pixels across).
    #[arg(long, value_name = "N", requires = "tiling", value_parser = clap::value_parser!(u16).range(1..))]
    scale: Option<u16>,
    /// The picture options mean nothing here (hidden, refused).
    #[command(flatten)]
    no_pictures: super::NoPictureOptions,
}

/// The algorithms as `--help` lists them, each with what it makes. Every one but
/// wall-removal makes a perfect maze (one way between any two rooms).
pub(super) fn algorithm_values() -> Vec<clap::builder::PossibleValue> {
    let about = |name: &str| match name {
        "backtracker" => "Depth-first search: long winding corridors, few junctions",
        "kruskal" => "Random merging of rooms: many short dead ends",
        "prim" => "Grown from one room through random walls: many short dead ends",
        "bfs" => {
            "Breadth-first from the entrance: every room reached by a shortest route, the \
                  solution as short as the box allows"
        }
        "wall-removal" => {
            "Removes random walls until entrance and exit meet: NOT perfect, it \
                           has loops and rooms left walled off (a disconnected maze)"
        }
        "growth" => {
            "Grows from the entrance: a wall with exactly one path neighbour may become path"
        }
        "wilson" => "Loop-erased random walks: every perfect maze equally likely",
        "aldous-broder" => "A random walk: every perfect maze equally likely, slow on big mazes",
        "eller" => "Row by row with merging sets, in little memory (2-D only, no shapes)",
        "hunt-and-kill" => "Random walks, then a scan for a room to go on from: long corridors",
        "growing-tree" => {
            "Grows from a list of rooms; --pick says which: newest (as \
                           backtracker), random, oldest, mixed"
        }
        "binary-tree" => "Every room opens up or left: fast, with two open sides (no shapes)",
        "sidewinder" => {
            "Runs along rows, one opening up per run: an open top row (2-D only, \
                         no shapes)"
        }
        "division" => {
            "Recursive division of the open box by walls with one door: long \
                       straight walls (no shapes)"
        }
        _ => "",
    };
    Algorithm::NAMES
        .iter()
        .map(|&n| clap::builder::PossibleValue::new(n).help(about(n)))
        .collect()
}

/// A built-in shape, named and described by the library's [`Figure`].
#[derive(Clone, Copy, Debug)]
struct ShapeArg(Figure);

impl clap::ValueEnum for ShapeArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [ShapeArg; Figure::ALL.len()] = {
            let mut all = [ShapeArg(Figure::Box); Figure::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = ShapeArg(Figure::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.describe()))
    }
}

/// Rooms per axis.
#[derive(Clone, Debug)]
pub(super) struct Size(pub(super) Vec<usize>);

/// Parses `30x40`, `30×40` or `30,40`.
pub(super) fn parse_size(s: &str) -> Result<Size, String> {
    let parts: Vec<&str> = s.split(['x', 'X', '×', ',']).map(str::trim).collect();
    let dims = parts
        .iter()
        .map(|p| p.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| format!("{s:?} is not a size like 30x40 (whole numbers of rooms)"))?;
    if let Some(k) = dims.iter().position(|&d| d == 0) {
        return Err(format!(
            "{s:?}: axis {k} has 0 rooms; every axis needs at least one room"
        ));
    }
    Ok(Size(dims))
}

/// Parses one `--transform` for `n` axes.
fn parse_transform(s: &str, n: usize) -> Result<Transform> {
    let bad = || {
        anyhow!("--transform {s:?}: expected rotate:DEG[:I,J], shear:K[:I,J], scale:S[,S…] or matrix:a,b;c,d")
    };
    let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
    let nums = |t: &str| -> Result<Vec<f64>> {
        t.split(',')
            .map(|x| x.trim().parse::<f64>().map_err(|_| bad()))
            .collect()
    };
    let axes = |t: Option<&str>, default: (usize, usize)| -> Result<(usize, usize)> {
        match t {
            None => Ok(default),
            Some(t) => match t
                .split(',')
                .map(|x| x.trim().parse::<usize>())
                .collect::<Result<Vec<_>, _>>()
            {
                Ok(v) if v.len() == 2 => Ok((v[0], v[1])),
                _ => Err(bad()),
            },
        }
    };
    let mut it = rest.splitn(2, ':');
    let value = it.next().unwrap_or("");
    let plane = it.next();
    let t = match kind {
        "rotate" => {
            let (i, j) = axes(plane, (0, 1))?;
            Transform::rotation(n, i, j, value.trim().parse().map_err(|_| bad())?)
        }
        "shear" => {
            let (i, j) = axes(plane, (1, 0))?;
            Transform::shear(n, i, j, value.trim().parse().map_err(|_| bad())?)
        }
        "scale" => {
            let f = nums(value)?;
            Transform::scale(&if f.len() == 1 { vec![f[0]; n] } else { f })
        }
        "matrix" => {
            let rows = value.split(';').map(nums).collect::<Result<Vec<_>>>()?;
            Transform::from_rows(&rows)
        }
        _ => return Err(bad()),
    };
    t.map_err(|e| anyhow!("--transform {s:?}: {e}"))
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    args.no_pictures.refuse("generate")?;
    let limits = global.read_options().limits;
    let default = mazegraph::tiling::maze::default_algorithm(args.tiling.as_deref());
    let mut algorithm = Algorithm::from_name(args.algorithm.as_deref().unwrap_or(default))?;
    if let Some(p) = &args.pick {
        let pick = Pick::from_name(p).ok_or_else(|| {
            anyhow!(
                "--pick {p:?}: expected newest, random, oldest, mixed or mixed:P with P in [0, 1]"
            )
        })?;
        if !matches!(algorithm, Algorithm::GrowingTree(_)) {
            bail!("--pick applies to growing-tree only");
        }
        algorithm = Algorithm::GrowingTree(pick);
    }
    let inputs: Vec<&Path> = args
        .mask
        .iter()
        .chain(&args.solution)
        .map(PathBuf::as_path)
        .collect();
    let output = Output::new(args.output.path(), &inputs, global.force)?;
    let (seed, fresh) = match args.seed {
        Some(s) => (s, false),
        None => (fresh_seed(), true),
    };
    // A seed drawn here is said once the maze is made, not before a refusal.
    let say_seed = || {
        if fresh && !global.quiet {
            note!("mazegraph: note: seed {seed} (give --seed {seed} to make this maze again)");
        }
    };
    if let Some(name) = &args.tiling {
        return run_tiled(&args, name, algorithm, seed, &output, global, &say_seed);
    }
    if args.huge {
        // A huge maze streams for a long time: its seed is said as it starts.
        say_seed();
        return run_huge(&args, algorithm, seed, &output, &limits, global.quiet);
    }
    if args.turns.is_some() && !args.shape.is_some_and(|s| s.0.has_turns()) {
        bail!("--turns applies to --shape spiral or double-spiral only");
    }
    let solution = match &args.solution {
        Some(path) => Some((path, read_solution(path, &limits)?)),
        None => None,
    };
    let lattice = lattice(&args, solution.as_ref().map(|s| &s.1.size), &limits)?;
    let opts = Options {
        algorithm,
        loops: args.loops,
        braid: args.braid,
    };
    let to = output.format(args.to)?;
    // Checked before the work: a picture or a text grid holds two axes only.
    if matches!(to, Format::Png | Format::Txt) && lattice.ndim() != 2 {
        bail!(
            "{to} holds 2-D mazes, and this one would have {}; write json, or give --size ROWSxCOLS",
            mazegraph::grid::axes(lattice.ndim())
        );
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("generating ({})", algorithm.name()));
    let maze = match &solution {
        Some((path, Given { list, .. })) => {
            // The path checked first, for an error at its line of the file.
            path_cells(&lattice, &list.rooms).map_err(|e| match e.room() {
                Some(i) => anyhow!("{}:{}: {e}", display_name(path), list.lines[i]),
                None => anyhow!("{}: {e}", display_name(path)),
            })?;
            let maze =
                generate_with_solution(&lattice, &list.rooms, &opts, &mut rng_from_seed(seed))?;
            if maze.openings().len() < 2 && to.is_picture() && !global.quiet {
                note!(
                    "mazegraph: note: an end of the path is inside the maze, not on its border: \
                     {to} keeps no explicit start and goal (write txt or json to keep them)"
                );
            }
            maze
        }
        None => generate(&lattice, &opts, &mut rng_from_seed(seed))?,
    };
    say_seed();
    stages.stage(format!("writing {to}"));
    match to.holds() {
        Holds::Maze => output.write_with(to.is_binary(), |w| to.write_maze(&maze, w))?,
        Holds::Graph => {
            let graph = Graph::from_maze(&maze);
            output.write_with(to.is_binary(), |w| to.write_graph(&graph, w))?
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `generate --tiling`: a maze of hexagons, triangles, rings or octagons.
fn run_tiled(
    args: &Args,
    name: &str,
    algorithm: Algorithm,
    seed: u64,
    output: &Output,
    global: &Global,
    say_seed: &dyn Fn(),
) -> Result<ExitCode> {
    use super::tiled::{picture_format, write_picture};
    use mazegraph::tiling::{TiledMaze, Tiling};
    for (given, flag) in [
        (args.shape.is_some(), "--shape"),
        (args.mask.is_some(), "--mask"),
        (args.solution.is_some(), "--solution"),
        (!args.transform.is_empty(), "--transform"),
        (args.huge, "--huge"),
        (args.turns.is_some(), "--turns"),
    ] {
        if given {
            bail!("--tiling takes no {flag} (it applies to square-grid mazes)");
        }
    }
    let size = args
        .size
        .as_ref()
        .map(|s| &s.0)
        .context("say how many rooms with --size, e.g. --tiling sigma --size 20x30 (or --size 8 for a hexagon)")?;
    // The algorithm first: it needs no tiling to be refused.
    mazegraph::generate::graph::check(algorithm, &format!("{name} tilings"))?;
    let limits = global.read_options().limits;
    let tiling = Tiling::new(name, size, &limits).map_err(|e| {
        anyhow!(
            "--tiling {name} --size {}: {e}",
            size.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("x")
        )
    })?;
    let opts = Options {
        algorithm,
        loops: args.loops,
        braid: args.braid,
    };
    mazegraph::tiling::maze::check_options(&tiling, &opts)?;
    // What is written, decided before the work.
    let picture = match (&args.to, output.path()) {
        (Some(_), _) => None,
        (None, Some(p)) => picture_format(p),
        (None, None) => None,
    };
    // What is written: a picture, or a file of a format.
    let to = match picture {
        Some(p) => Ok(p),
        None => Err(output.format(args.to)?),
    };
    if let Err(f) = to {
        if matches!(f, Format::Txt) || (f.holds() == Holds::Maze && f != Format::Json) {
            bail!(
                "{f} holds square-grid mazes; write a tiled maze as .json, .png, .svg or a graph format ({})",
                mazegraph::format::graph_format_names()
            );
        }
    }
    if args.scale.is_some() && picture.is_none() {
        bail!("--scale applies to pictures (-o FILE.png or FILE.svg)");
    }
    if let Some(p) = picture {
        // The picture's size and memory, refused before the maze is made.
        super::tiled::picture_scale(&tiling, args.scale, p, global)?;
    }
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage(format!("generating ({}, {name})", algorithm.name()));
    let maze = TiledMaze::generate(tiling, &opts, &mut rng_from_seed(seed))?;
    say_seed();
    match to {
        Ok(p) => {
            stages.stage("drawing");
            write_picture(
                &super::tiled::picture(&maze, None, args.scale, p, global)?,
                p,
                output,
            )?;
        }
        Err(Format::Json) => {
            stages.stage("writing json");
            output.write_with(false, |w| mazegraph::format::tiled::write(&maze, w))?;
        }
        Err(f) => {
            stages.stage(format!("writing {f}"));
            let graph = maze.to_graph();
            output.write_with(f.is_binary(), |w| f.write_graph(&graph, w))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A solution given in advance: its rooms, and the size of the maze it asks for (the text
/// maze it is drawn in, or the smallest box that holds it).
struct Given {
    list: RoomList,
    size: Vec<usize>,
}

/// The rooms of a `--solution` file: a list of rooms, or (a text of `#.oSG` and spaces) a
/// path drawn in a text maze.
fn read_solution(path: &Path, limits: &mazegraph::grid::Limits) -> Result<Given> {
    let (bytes, stopped) = super::io::read_input(path, Expect::Text("solution"), limits)?;
    if let Some(why) = stopped {
        bail!(why);
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{}: not UTF-8 text at byte {}",
            display_name(path),
            e.utf8_error().valid_up_to()
        )
    })?;
    // Each room is a small vector of its own: about 64 bytes plus 8 a coordinate, for a few
    // bytes of text; checked against the budget before parsing.
    let lines = text.lines().count() as u64;
    let commas = text.bytes().filter(|&b| b == b',').count() as u64;
    limits.check_bytes(
        &format!("{}: a solution of {lines} lines", display_name(path)),
        lines
            .saturating_mul(72)
            .saturating_add(commas.saturating_mul(8)),
    )?;
    let drawing = |b: u8| matches!(b, b'#' | b'.' | b'o' | b'S' | b'G' | b' ' | b'\r' | b'\n');
    if text.contains('S') && text.bytes().all(drawing) {
        let (size, list) = read_drawn_path(&text).map_err(|e| super::io::located(path, e))?;
        return Ok(Given { list, size });
    }
    let list = read_rooms(&text).map_err(|e| super::io::located(path, e))?;
    if list.rooms.is_empty() {
        bail!(
            "{}: no room: a solution lists rooms like 0,0 one a line, from the entrance to the exit",
            display_name(path)
        );
    }
    Ok(Given {
        size: list.bounding_size(),
        list,
    })
}

/// The rooms to carve: the box of --size (or the smallest box holding the given solution),
/// or a shape, a mask, transformed; every box along the way refused from its size before it
/// is made.
fn lattice(
    args: &Args,
    solution_size: Option<&Vec<usize>>,
    limits: &mazegraph::grid::Limits,
) -> Result<Lattice> {
    // A mask picture has a size of its own; otherwise the path's box is the default.
    let default_size = solution_size.filter(|_| args.mask.is_none());
    let size = args.size.as_ref().map(|s| &s.0).or(default_size);
    let need_size = || size.context("say how many rooms with --size, e.g. --size 30x40");
    let figure = args.shape.map_or(Figure::Box, |s| s.0);
    let Some(path) = &args.mask else {
        let size = need_size()?;
        if args.transform.is_empty() {
            return Ok(shaped_lattice(figure, size, args.turns, limits)?);
        }
        let transforms = parse_transforms(&args.transform, size.len())?;
        return Ok(transformed_lattice(
            figure,
            size,
            args.turns,
            &transforms,
            limits,
        )?);
    };
    let expect = super::io::Expect::of(mazegraph::format::Format::Png);
    let (bytes, stopped) = super::io::read_input(path, expect, limits)?;
    if let Some(why) = stopped {
        bail!(why);
    }
    let m = Mask::from_png(&bytes, limits).map_err(|e| super::io::located(path, e))?;
    // The box the picture is resized or wrapped to, then its images: all checked first.
    let dims = match (size, args.polar) {
        (Some(size), _) => size.clone(),
        (None, false) => m.shape().dims().to_vec(),
        (None, true) => {
            let side = m.shape().dims()[0].saturating_mul(2);
            vec![side, side]
        }
    };
    let transforms = parse_transforms(&args.transform, dims.len())?;
    check_images(&dims, &transforms, limits)?;
    let mut mask = match (size, args.polar) {
        (None, false) => m,
        (Some(size), false) => m.resized(size)?,
        (_, true) => m.polar(&dims)?,
    };
    for t in &transforms {
        mask = mask.transformed(t, limits)?;
    }
    Ok(Lattice::from_mask(&mask, limits)?)
}

/// Parses every `--transform` for `n` axes.
fn parse_transforms(all: &[String], n: usize) -> Result<Vec<Transform>> {
    all.iter().map(|t| parse_transform(t, n)).collect()
}

fn run_huge(
    args: &Args,
    algorithm: Algorithm,
    seed: u64,
    output: &Output,
    limits: &mazegraph::grid::Limits,
    global_quiet: bool,
) -> Result<ExitCode> {
    if args.shape.is_some() || args.mask.is_some() || !args.transform.is_empty() {
        bail!("--huge makes rectangular mazes: it takes no --shape, --mask or --transform");
    }
    if args.loops > 0 || args.braid {
        bail!("--huge makes perfect mazes: it takes no --loops or --braid");
    }
    if args.solution.is_some() {
        bail!("--huge takes no --solution (give the path to a maze of ordinary size)");
    }
    let size = args
        .size
        .as_ref()
        .map(|s| &s.0)
        .context("say how many rooms with --size, e.g. --size 20000x20000")?;
    let &[rows, cols] = size.as_slice() else {
        bail!("--huge makes 2-D mazes: give --size ROWSxCOLS");
    };
    let png_out = match (&args.to, args.output.path()) {
        (Some(f), _) => f.name() == "png",
        (None, Some(p)) => p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")),
        (None, None) => false,
    };
    if !png_out {
        bail!("--huge writes a PNG: give -o FILE.png");
    }
    let solved = match args.overlay.as_deref().map(str::trim) {
        None => false,
        Some(o) if o.eq_ignore_ascii_case("solution") => true,
        Some(o) => bail!(
            "--overlay {o}: a --huge maze's picture takes --overlay solution only (the others \
             need the whole maze: `mazegraph render` draws them on mazes of ordinary size)"
        ),
    };
    let side = |r: usize| (r as u64).saturating_mul(2).saturating_add(1);
    let cells = side(rows).saturating_mul(side(cols));
    let spec = huge::Huge {
        rooms: [rows, cols],
        block: args.block,
        algorithm,
        seed,
    };
    // The maze is streamed, never held: what bounds it is the memory of one band of blocks
    // (--max-memory), not its cell count (--max-cells does not apply).
    let memory = if solved {
        huge::memory_solved(&spec)
    } else {
        huge::memory(&spec)
    };
    limits.check_bytes("generating this huge maze", memory)?;
    if !global_quiet {
        // --size counts rooms; the picture has a pixel per cell, rooms and walls. Said on a
        // terminal with the progress bar, and piped too (one line, no bar): gigabytes are
        // never written without a word.
        note!(
            "mazegraph: note: {rows}×{cols} rooms make a picture of {}×{} pixels ({}, \
             about {} before compression)",
            side(cols),
            side(rows),
            if solved {
                "2 bits a pixel, the solution drawn in"
            } else {
                "1 bit a pixel"
            },
            mazegraph::error::human_bytes(cells / if solved { 4 } else { 8 })
        );
    }
    let bar = super::progress::Bar::new(
        global_quiet,
        side(rows),
        0,
        &format!(
            "generating {rows}×{cols} rooms{}",
            if solved { " and the solution" } else { "" }
        ),
        "rows",
    );
    output.write_with(true, |w| {
        let mut progress = |done, _| bar.set(done);
        if solved {
            huge::write_png_solved_with(&spec, w, &mut progress)
        } else {
            huge::write_png_with(&spec, w, &mut progress)
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

/// A seed from the operating system (or the clock, should that fail).
pub(super) fn fresh_seed() -> u64 {
    use rand::TryRng;
    rand::rngs::SysRng.try_next_u64().unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 ^ u64::from(std::process::id()))
            .unwrap_or(0)
    })
}
