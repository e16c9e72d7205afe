//! Drawing mazes as pictures (PNG and SVG), straight from the grid: no Graphviz needed.
//!
//! Each cell is a `scale × scale` square: walls black, path cells white. Overlays add colour:
//!
//! - [`Overlay::Solution`]: the dead-end-filling solution path blue, the start green, the goal
//!   red ([`crate::palette`]);
//! - [`Overlay::Filled`]: as `Solution`, and the filled dead ends grey, the kept cells off the
//!   path (cycles) light yellow;
//! - [`Overlay::Portals`]: the two ends of each portal carry a mark of the same colour (a centred
//!   square once cells are 3 pixels or more, else the whole cell); eight colours in turn;
//! - [`Overlay::Attractor`]: the maze oriented away from its start
//!   ([`orient`](crate::game::orient())) is a one-player game; the cells of the attractor of
//!   its goal (the cells on shortest solutions, [`attractor`](crate::game::attractor())) are
//!   shaded by rank, i.e. by distance to the goal: the goal (rank 0) darkest blue ([`NEAR`]),
//!   the largest rank lightest ([`FAR`]), [`SHADES`] shades in between. Path cells outside the
//!   attractor keep the plain path colour. The overlay finds those cells and ranks without
//!   building the game ([`shortest_set::ranks`]), which
//!   gives the same picture ([`Picture::set_attractor`] draws any attractor computed on a game).
//!
//! Results the caller computed are drawn by the same means, in the same colours:
//!
//! - [`Overlay::Path`] ([`Overlay::path`]): any path, blue, its first cell green and its last
//!   red, as the solution overlay draws its own;
//! - [`Overlay::Cells`] ([`Overlay::cells`]): any set of cells, light yellow, the colour of
//!   the cells a solver kept;
//! - [`Overlay::Ranks`] ([`Overlay::ranks`]): cells shaded by rank as the attractor overlay
//!   shades them (rank 0 darkest);
//! - [`Overlay::solution`]: a [`Solution`] of any method, its path and its kept cells.
//!
//! Once cells are 3 pixels or more, the start and goal of a solution or path overlay also get
//! a [`Disc`] of their colour over the path cells around them (never over walls, so that the
//! picture reads back as its maze): a single cell is easily lost in a big picture. A portal end
//! on a solution gets a smaller mark, so that the solution's colour shows around it.
//!
//! Overlays combine; where they meet, the start and goal marks of a solution or path overlay
//! win, then rank shades, then paths, then the kept cells and sets, then the filled colour;
//! portal marks are drawn over all of them.
//!
//! A maze of three or more axes is drawn as a grid of 2-D slices (the last two axes are the rows
//! and columns of a slice; the axis before them runs across, any earlier axes down), each slice
//! under a label `dK=V` naming the coordinates of its other axes.
//!
//! PNG pictures are indexed and written row by row: memory is one row of pixels plus one bit
//! per cell for each overlay (and 8 bytes per attracted cell), never a full canvas. The palette
//! is [`PALETTE`] (4 bits a pixel), extended by the [`SHADES`] attractor shades (8 bits a pixel)
//! only when the picture has an attractor overlay. SVG pictures are one rectangle per run of
//! same-coloured cells in a row.

use crate::error::{Error, Result};
use crate::game::Attractor;
use crate::legend::{Entry, Legend, Swatch};
use crate::maze::Maze;
use crate::palette;
use crate::solve::{shortest_set, solve, Method, Solution};
use fixedbitset::FixedBitSet;
use std::io::Write;

/// Palette index of walls.
pub const WALL: u8 = 0;
/// Palette index of open path cells.
pub const OPEN: u8 = 1;
/// Palette index of filled dead ends ([`Overlay::Filled`]).
pub const FILLED: u8 = 2;
/// Palette index of kept cells off the path ([`Overlay::Filled`]).
pub const KEPT: u8 = 3;
/// Palette index of the solution path.
pub const PATH: u8 = 4;
/// Palette index of the start cell (with a solution overlay).
pub const START: u8 = 5;
/// Palette index of the goal cell (with a solution overlay).
pub const GOAL: u8 = 6;
/// Palette index of the background between slices and behind their labels.
pub const BACKGROUND: u8 = 7;
/// Palette index of the first portal colour; portal `k` has colour `PORTAL + k % 8`.
pub const PORTAL: u8 = 8;

/// The picture palette (RGB), by index: see [`WALL`] … [`PORTAL`].
/// The colours come from [`crate::palette`].
pub const PALETTE: [[u8; 3]; 16] = [
    palette::WALL,
    palette::OPEN,
    palette::FILLED,
    palette::KEPT,
    palette::PATH,
    palette::START,
    palette::GOAL,
    palette::BACKGROUND,
    palette::PORTALS[0],
    palette::PORTALS[1],
    palette::PORTALS[2],
    palette::PORTALS[3],
    palette::PORTALS[4],
    palette::PORTALS[5],
    palette::PORTALS[6],
    palette::PORTALS[7],
];

/// Palette index of the first attractor shade: rank `r` of the largest rank `R` has index
/// `SHADE + round(r · (SHADES − 1) / R)` ([`Overlay::Attractor`]).
pub const SHADE: u8 = 16;
/// Number of attractor shades, from [`NEAR`] (the goal, rank 0) to [`FAR`] (the largest rank).
pub const SHADES: u8 = 200;
/// Colour of attracted cells at rank 0 (the goal): the darkest shade ([`palette::NEAR`]).
pub const NEAR: [u8; 3] = palette::NEAR;
/// Colour of attracted cells at the largest rank: the lightest shade ([`palette::FAR`]).
pub const FAR: [u8; 3] = palette::FAR;

/// The legend's swatch of the attractor's shades for ranks 0 to `max_rank`: the band from
/// the darkest shade to the lightest (one shade when every rank is 0).
///
/// ```
/// use mazegraph::legend::Swatch;
/// use mazegraph::render::{shades_swatch, SHADE, SHADES};
/// assert_eq!(shades_swatch(0), Swatch::Shades { from: SHADE, to: SHADE });
/// assert_eq!(shades_swatch(9), Swatch::Shades { from: SHADE, to: SHADE + SHADES - 1 });
/// ```
pub fn shades_swatch(max_rank: u32) -> Swatch {
    let to = if max_rank == 0 {
        SHADE
    } else {
        SHADE + SHADES - 1
    };
    Swatch::Shades { from: SHADE, to }
}

/// The RGB colour of a palette index: [`PALETTE`] below [`SHADE`], the attractor shades from
/// there (indices past the last shade repeat it).
///
/// ```
/// use mazegraph::render::{rgb, FAR, NEAR, PATH, PALETTE, SHADE, SHADES};
/// assert_eq!(rgb(PATH), PALETTE[PATH as usize]);
/// assert_eq!(rgb(SHADE), NEAR);
/// assert_eq!(rgb(SHADE + SHADES - 1), FAR);
/// ```
pub fn rgb(index: u8) -> [u8; 3] {
    if index < SHADE {
        return PALETTE[usize::from(index)];
    }
    palette::shade(u32::from(index - SHADE), u32::from(SHADES))
}

/// What to draw over the maze: the overlays the library computes (by name, as the command
/// line's `--overlay` takes them) and results the caller computed (cells are flat indices of
/// the maze's grid).
///
/// ```
/// use mazegraph::{render::{self, Overlay, Picture, RenderOptions}, Maze};
/// let maze = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
/// let cell = |r, c| maze.shape().index(&[r, c]).unwrap();
/// let overlays = vec![
///     Overlay::path(vec![cell(0, 1), cell(1, 1), cell(2, 1)]),
///     Overlay::cells([cell(1, 3)]),
///     Overlay::ranks([(cell(3, 3), 0), (cell(2, 3), 1)]),
/// ];
/// let p = Picture::new(&maze, &RenderOptions { scale: 1, overlays }).unwrap();
/// assert_eq!(p.colour_of(cell(0, 1)), render::START);
/// assert_eq!(p.colour_of(cell(1, 1)), render::PATH);
/// assert_eq!(p.colour_of(cell(2, 1)), render::GOAL);
/// assert_eq!(p.colour_of(cell(1, 3)), render::KEPT);
/// assert_eq!(p.colour_of(cell(3, 3)), render::SHADE); // rank 0: the darkest shade
/// assert_eq!(p.colour_of(cell(1, 2)), render::OPEN);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The solution path (dead-end filling), start and goal.
    Solution,
    /// The solution and the dead ends filled to find it.
    Filled,
    /// Matching coloured marks on the two ends of each portal.
    Portals,
    /// The attractor of the goal in the maze oriented away from its start (the cells on
    /// shortest solutions), shaded by rank.
    Attractor,
    /// A path the caller found: its cells blue, the first green and the last red (the
    /// solution's colours). Consecutive cells need not be adjacent: only cells are painted.
    Path(Vec<usize>),
    /// A set of cells the caller chose, light yellow (the colour of the cells a solver keeps,
    /// [`KEPT`]); walls in the set stay walls. The legend calls them "marked".
    Cells(FixedBitSet),
    /// [`Overlay::Cells`] with the legend's name for them ("reached", "kept off the path", …;
    /// the last name given wins).
    Named(FixedBitSet, String),
    /// Cells with ranks (`(cell, rank)`), shaded as [`Overlay::Attractor`] shades its
    /// attractor: rank 0 darkest ([`NEAR`]), the largest rank lightest ([`FAR`]).
    Ranks(Vec<(usize, u32)>),
}

impl Overlay {
    /// The overlay with this name (`solution`, `filled`, `portals`, `attractor`).
    ///
    /// ```
    /// use mazegraph::render::Overlay;
    /// assert_eq!(Overlay::from_name("filled").unwrap(), Overlay::Filled);
    /// assert_eq!(Overlay::from_name("Attractor").unwrap(), Overlay::Attractor);
    /// assert!(Overlay::from_name("heat").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Overlay> {
        match name.to_ascii_lowercase().as_str() {
            "solution" => Ok(Overlay::Solution),
            "filled" => Ok(Overlay::Filled),
            "portals" => Ok(Overlay::Portals),
            "attractor" => Ok(Overlay::Attractor),
            _ => Err(Error::UnknownFormat(format!(
                "unknown overlay {name:?} (known: solution, filled, portals, attractor)"
            ))),
        }
    }

    /// The caller's path ([`Overlay::Path`]), start first.
    pub fn path(cells: impl Into<Vec<usize>>) -> Overlay {
        Overlay::Path(cells.into())
    }

    /// The caller's set of cells ([`Overlay::Cells`]).
    pub fn cells(cells: impl IntoIterator<Item = usize>) -> Overlay {
        let cells: Vec<usize> = cells.into_iter().collect();
        let mut set = FixedBitSet::with_capacity(cells.iter().max().map_or(0, |&m| m + 1));
        set.extend(cells);
        Overlay::Cells(set)
    }

    /// The caller's ranked cells ([`Overlay::Ranks`]), `(cell, rank)`.
    pub fn ranks(ranked: impl IntoIterator<Item = (usize, u32)>) -> Overlay {
        Overlay::Ranks(ranked.into_iter().collect())
    }

    /// A solution of any method drawn as the `solution` overlay draws dead-end filling's:
    /// the cells it keeps light yellow, named in the legend as the method names them
    /// ([`Overlay::Named`], [`Method::kept_names`](crate::solve::Method::kept_names)), then
    /// its path blue from a green start to a red goal ([`Overlay::Path`]); without a path, the
    /// start and the goal alone.
    ///
    /// ```
    /// use mazegraph::{render::{self, Overlay, Picture, RenderOptions}, solve::{solve, Method}, Maze};
    /// let maze = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
    /// let s = solve(&maze, Method::Bfs).unwrap();
    /// let p = Picture::new(&maze, &RenderOptions { scale: 1, overlays: Overlay::solution(&s) }).unwrap();
    /// let cell = |r, c| maze.shape().index(&[r, c]).unwrap();
    /// assert_eq!(p.colour_of(cell(1, 2)), render::PATH);
    /// assert_eq!(p.colour_of(cell(2, 1)), render::KEPT); // reached by BFS, off the path
    /// ```
    pub fn solution(s: &Solution) -> Vec<Overlay> {
        let path = match &s.path {
            Some(p) => p.clone(),
            None => vec![s.start, s.goal],
        };
        vec![
            Overlay::Named(s.kept.clone(), s.method.kept_names().0.to_string()),
            Overlay::Path(path),
        ]
    }
}

/// Picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PictureFormat {
    /// Indexed PNG, streamed row by row.
    Png,
    /// SVG text.
    Svg,
}

impl PictureFormat {
    /// The format a file extension names (`png`, `svg`, any case, with or without a dot).
    ///
    /// ```
    /// use mazegraph::render::PictureFormat;
    /// assert_eq!(PictureFormat::from_name(".SVG").unwrap(), PictureFormat::Svg);
    /// ```
    pub fn from_name(name: &str) -> Result<PictureFormat> {
        match name.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "png" => Ok(PictureFormat::Png),
            "svg" => Ok(PictureFormat::Svg),
            _ => Err(Error::UnknownFormat(format!(
                "cannot draw a maze as {name:?} (known: png, svg)"
            ))),
        }
    }
}

/// What a maze is rendered as: a picture or a 3-D print. The one registry of the names
/// `render` writes (its `-o` extension or `--to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenderFormat {
    /// A picture (PNG or SVG).
    Picture(PictureFormat),
    /// A 3-D print (STL or OBJ, [`crate::mesh`]).
    Print(crate::mesh::MeshFormat),
}

impl RenderFormat {
    /// Every name, in the order help texts list them.
    pub const NAMES: &'static str = "png, svg, stl, obj";

    /// The format a file extension names (`png`, `svg`, `stl`, `obj`, any case, with or
    /// without a dot).
    ///
    /// ```
    /// use mazegraph::{mesh::MeshFormat, render::{PictureFormat, RenderFormat}};
    /// assert_eq!(RenderFormat::from_name("stl").unwrap(), RenderFormat::Print(MeshFormat::Stl));
    /// assert_eq!(RenderFormat::from_name(".PNG").unwrap(), RenderFormat::Picture(PictureFormat::Png));
    /// assert!(RenderFormat::from_name("gif").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<RenderFormat> {
        if let Some(m) = crate::mesh::MeshFormat::from_name(name) {
            return Ok(RenderFormat::Print(m));
        }
        PictureFormat::from_name(name)
            .map(RenderFormat::Picture)
            .map_err(|_| {
                Error::UnknownFormat(format!(
                    "cannot render a maze as {name:?} (known: {})",
                    RenderFormat::NAMES
                ))
            })
    }
}

/// The pixels per cell side a picture may be drawn at: `--scale` of the command line, `scale=`
/// of the Python package and [`crate::display::Shown::scale`], 1 to 65535. (A picture is also
/// held to its pixel budget: `--max-cells` pixels in the command line.)
pub const SCALES: std::ops::RangeInclusive<u16> = 1..=u16::MAX;

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Pixels per cell side (at least 1).
    pub scale: usize,
    /// Overlays, drawn together.
    pub overlays: Vec<Overlay>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            scale: 1,
            overlays: Vec::new(),
        }
    }
}

/// Height in pixels of the label strip above each row of slices (n-D only).
const LABEL_H: usize = 7;
/// Marker for "no mark" in a cell.
const NO_MARK: u8 = u8::MAX;

/// A maze laid out as a picture: geometry and the colour of every cell, computed on demand.
///
/// Building one costs the overlays (a dead-end filling for [`Overlay::Solution`] and
/// [`Overlay::Filled`], O(cells)) and one bit per cell for each; drawing is O(pixels).
pub struct Picture<'a> {
    maze: &'a Maze,
    scale: usize,
    /// Cells per slice row and column.
    rows: usize,
    cols: usize,
    /// Slices across and down.
    tiles_across: usize,
    tiles_down: usize,
    gap: usize,
    label_h: usize,
    width: usize,
    height: usize,
    path: Option<FixedBitSet>,
    kept: Option<FixedBitSet>,
    /// Cells of [`Overlay::Cells`] (empty when none).
    marked: FixedBitSet,
    /// The legend's name for the marked cells ([`Overlay::Named`]); "marked" without one.
    marked_name: Option<String>,
    /// (start, goal) of each solution or path overlay.
    terminals: Vec<(usize, usize)>,
    portal_ends: FixedBitSet,
    /// (cell, colour), sorted by cell.
    portal_colours: Vec<(usize, u8)>,
    /// Attracted cells, and (cell, shade index) for each, sorted by cell.
    shaded: FixedBitSet,
    shades: Vec<(u32, u8)>,
    /// The largest rank shaded, and what ranks count.
    max_rank: u32,
    shade_text: &'static str,
    /// The legend strip under the picture, once [`Picture::add_legend`] is called.
    legend: Option<Legend>,
}

impl<'a> Picture<'a> {
    /// Lays out `maze` and computes its overlays.
    ///
    /// Costs: O(cells) for the solution overlays (a dead-end filling) and for
    /// [`Overlay::Attractor`] (a breadth-first search and a sweep back from the goal, two bits
    /// per cell, then 8 bytes per attracted cell).
    ///
    /// Errors: a solution or attractor overlay on a maze without terminals, an inconsistent
    /// maze, a caller's overlay with a cell outside the maze, or a picture wider or taller
    /// than 2³¹ pixels.
    ///
    /// ```
    /// use mazegraph::{render::{Picture, RenderOptions}, Maze};
    /// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
    /// let p = Picture::new(&m, &RenderOptions { scale: 4, overlays: vec![] }).unwrap();
    /// assert_eq!((p.width(), p.height()), (12, 8));
    /// ```
    pub fn new(maze: &'a Maze, opts: &RenderOptions) -> Result<Picture<'a>> {
        let scale = opts.scale.max(1);
        let dims = maze.shape().dims();
        let n = dims.len();
        let (rows, cols) = match n {
            0 => (1, 1),
            1 => (1, dims[0]),
            _ => (dims[n - 2], dims[n - 1]),
        };
        let tiles_across = if n >= 3 { dims[n - 3] } else { 1 };
        let tiles_down: usize = if n >= 4 {
            dims[..n - 3].iter().product()
        } else {
            1
        };
        let (gap, label_h) = if n >= 3 {
            // Labels grow with the cells, so that they stay readable next to them.
            (scale.max(3), LABEL_H.max(2 * scale))
        } else {
            (0, 0)
        };
        let too_big = || Error::Unsupported("the picture would be too large".to_string());
        let span = |count: usize, cells: usize, extra: usize| -> Option<usize> {
            let tile = cells.checked_mul(scale)?.checked_add(extra)?;
            tile.checked_mul(count)?
                .checked_add(gap.checked_mul(count.saturating_sub(1))?)
        };
        let width = span(tiles_across, cols, 0).ok_or_else(too_big)?;
        let height = span(tiles_down, rows, label_h).ok_or_else(too_big)?;
        if width > i32::MAX as usize || height > i32::MAX as usize {
            return Err(too_big());
        }
        let mut pic = Picture {
            maze,
            scale,
            rows,
            cols,
            tiles_across,
            tiles_down,
            gap,
            label_h,
            width,
            height,
            path: None,
            kept: None,
            marked: FixedBitSet::new(),
            marked_name: None,
            terminals: Vec::new(),
            portal_ends: FixedBitSet::new(),
            portal_colours: Vec::new(),
            shaded: FixedBitSet::new(),
            shades: Vec::new(),
            max_rank: 0,
            shade_text: "",
            legend: None,
        };
        let solution = opts.overlays.contains(&Overlay::Solution);
        let filled = opts.overlays.contains(&Overlay::Filled);
        if solution || filled {
            let s = solve(maze, Method::DeadEnd)?;
            pic.add_path(s.path.as_deref().unwrap_or_default(), (s.start, s.goal))?;
            if filled {
                pic.kept = Some(s.kept);
            }
        }
        let mut ranked: Vec<(u32, u32)> = Vec::new();
        for o in &opts.overlays {
            match o {
                Overlay::Path(p) => {
                    if let (Some(&first), Some(&last)) = (p.first(), p.last()) {
                        pic.add_path(p, (first, last))?;
                    }
                }
                Overlay::Cells(set) | Overlay::Named(set, _) => {
                    let len = maze.grid().len();
                    check_cells(set.ones(), len)?;
                    pic.marked.grow(len);
                    pic.marked.union_with(set);
                    if let Overlay::Named(_, name) = o {
                        pic.marked_name = Some(name.clone());
                    }
                }
                Overlay::Ranks(r) => {
                    check_cells(r.iter().map(|e| e.0), maze.grid().len())?;
                    ranked.extend(r.iter().map(|&(c, rank)| (c as u32, rank)));
                }
                Overlay::Solution | Overlay::Filled | Overlay::Portals | Overlay::Attractor => {}
            }
        }
        // A solution through a portal jumps: its ends are marked whenever the solution is.
        if opts.overlays.contains(&Overlay::Portals) || (solution && !maze.portals().is_empty()) {
            pic.portal_ends = FixedBitSet::with_capacity(maze.grid().len());
            for (k, &(a, b)) in maze.portals().iter().enumerate() {
                let colour = PORTAL + (k % 8) as u8;
                for c in [a, b] {
                    if !pic.portal_ends.put(c) {
                        pic.portal_colours.push((c, colour));
                    }
                }
            }
            pic.portal_colours.sort_unstable_by_key(|e| e.0);
        }
        if opts.overlays.contains(&Overlay::Attractor) {
            // The goal's attractor in the maze oriented away from its start is the set of
            // cells on shortest solutions, ranked by their steps to the goal: found here
            // without building the game (two bits a cell instead of tens of bytes).
            let (start, goal) = maze.require_terminals()?;
            shortest_set::ranks(maze, start, goal, |c, r| ranked.push((c as u32, r)));
            pic.shade_text = "steps to the goal";
            if !pic.terminals.contains(&(start, goal)) {
                pic.terminals.push((start, goal));
            }
        }
        if !ranked.is_empty() {
            if pic.shade_text.is_empty() {
                pic.shade_text = "rank";
            }
            pic.set_shades(ranked);
        }
        Ok(pic)
    }

    /// Paints `path` (cells of this maze) as the solution's path, `ends` as its start and goal.
    fn add_path(&mut self, path: &[usize], ends: (usize, usize)) -> Result<()> {
        let len = self.maze.grid().len();
        check_cells(path.iter().copied().chain([ends.0, ends.1]), len)?;
        self.path
            .get_or_insert_with(|| FixedBitSet::with_capacity(len))
            .extend(path.iter().copied());
        self.terminals.push(ends);
        Ok(())
    }

    /// Shades the cells of attractor `a` by rank, as [`Overlay::Attractor`] does for player 0
    /// and the goal; here any player and target may have been used. `cells[v]` is the grid
    /// cell of game vertex `v`: [`Oriented::cells`](crate::game::Oriented::cells) of the game oriented from this picture's
    /// maze by [`orient`](crate::game::orient()). Replaces any shading already set.
    ///
    /// Complexity: O(attracted cells · log) time, 8 bytes per attracted cell.
    /// Errors: a cell outside this picture's maze.
    ///
    /// ```
    /// use mazegraph::game::{attractor, orient, Player};
    /// use mazegraph::render::{Picture, RenderOptions, GOAL, START, SHADE, OPEN};
    /// use mazegraph::Maze;
    /// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
    /// let o = orient(&m).unwrap();
    /// let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
    /// let mut p = Picture::new(&m, &RenderOptions::default()).unwrap();
    /// p.set_attractor(&o.cells, &a).unwrap();
    /// let cell = |r, c| m.shape().index(&[r, c]).unwrap();
    /// assert_eq!(p.colour_of(cell(3, 3)), GOAL); // the goal, rank 0, marked
    /// assert_eq!(p.colour_of(cell(0, 1)), START); // the start, largest rank, marked
    /// assert_eq!(p.colour_of(cell(2, 3)), SHADE + 40); // rank 1 of 5: a fifth of the way
    /// assert_eq!(p.colour_of(cell(1, 1)), SHADE + 159); // rank 4 of 5
    /// assert_eq!(p.colour_of(cell(2, 1)), OPEN); // a dead end: not attracted
    /// ```
    pub fn set_attractor(&mut self, cells: &[u32], a: &Attractor) -> Result<()> {
        let len = self.maze.grid().len();
        if cells.iter().any(|&c| c as usize >= len) {
            return Err(Error::InvalidMaze(
                "the attractor's game was not oriented from this maze".to_string(),
            ));
        }
        let ranked = a
            .vertices()
            .iter()
            .filter_map(|&v| Some((*cells.get(v as usize)?, a.rank(v)?)))
            .collect();
        self.set_shades(ranked);
        self.shade_text = "steps to the target";
        if let Some(t) = self.maze.terminals() {
            if !self.terminals.contains(&t) {
                self.terminals.push(t);
            }
        }
        Ok(())
    }

    /// Adds a legend strip under the picture naming what its colours mean: start and goal,
    /// the solution path, filled and kept cells, portal ends, the attractor's shades with
    /// their largest rank. Call it once the overlays are set; a picture whose colours mean
    /// nothing beyond walls and paths gets no strip.
    ///
    /// ```
    /// use mazegraph::render::{Overlay, Picture, RenderOptions};
    /// use mazegraph::Maze;
    /// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
    /// let opts = RenderOptions { scale: 40, overlays: vec![Overlay::Attractor] };
    /// let mut p = Picture::new(&m, &opts).unwrap();
    /// let h = p.height();
    /// p.add_legend();
    /// assert!(p.height() > h);
    /// let texts: Vec<_> = p.legend().unwrap().entries().iter().map(|e| e.text.clone()).collect();
    /// assert_eq!(texts, ["start", "goal", "steps to the goal, 0 to 4"]);
    /// ```
    pub fn add_legend(&mut self) {
        let mut entries = Vec::new();
        if !self.terminals.is_empty() {
            entries.push(Entry::new(Swatch::Colour(START), "start"));
            entries.push(Entry::new(Swatch::Colour(GOAL), "goal"));
        }
        // Only the colours the picture shows.
        let on_path = |i: usize| self.path.as_ref().is_some_and(|p| p.contains(i));
        if self.path.as_ref().is_some_and(|p| p.count_ones(..) > 0) {
            entries.push(Entry::new(Swatch::Colour(PATH), "solution"));
        }
        if let Some(kept) = &self.kept {
            let grid = self.maze.grid();
            let cells = 0..grid.len();
            if cells
                .clone()
                .any(|i| grid.is_path(i) && !kept.contains(i) && !on_path(i))
            {
                entries.push(Entry::new(Swatch::Colour(FILLED), "dead ends filled"));
            }
            if kept.ones().any(|i| !on_path(i)) {
                entries.push(Entry::new(Swatch::Colour(KEPT), "kept off the path"));
            }
        }
        if self.marked.ones().any(|i| !on_path(i)) {
            let name = self.marked_name.as_deref().unwrap_or("marked");
            entries.push(Entry::new(Swatch::Colour(KEPT), name));
        }
        if !self.portal_colours.is_empty() {
            let mut colours: Vec<u8> = self.portal_colours.iter().map(|e| e.1).collect();
            colours.sort_unstable();
            colours.dedup();
            colours.truncate(3);
            entries.push(Entry::new(Swatch::Colours(colours), "portal ends"));
        }
        if self.has_shades() {
            entries.push(Entry::new(
                shades_swatch(self.max_rank),
                format!("{}, 0 to {}", self.shade_text, self.max_rank),
            ));
        }
        let old = self.legend.as_ref().map_or(0, Legend::height);
        let legend = Legend::fitted(entries, self.width, self.height - old);
        self.height = self.height - old + legend.height();
        self.legend = (legend.height() > 0).then_some(legend);
    }

    /// Names what the attractor's ranks count, in the legend (by default "steps to the goal"
    /// for [`Overlay::Attractor`], "steps to the target" after [`Picture::set_attractor`]).
    pub fn name_ranks(&mut self, text: &'static str) {
        self.shade_text = text;
    }

    /// The legend, when [`Picture::add_legend`] made one.
    pub fn legend(&self) -> Option<&Legend> {
        self.legend.as_ref()
    }

    /// Shades `(cell, rank)` pairs (cells inside this picture's maze), rank 0 darkest.
    fn set_shades(&mut self, mut ranked: Vec<(u32, u32)>) {
        self.max_rank = ranked.iter().map(|e| e.1).max().unwrap_or(0);
        let top = u64::from(self.max_rank.max(1));
        let steps = u64::from(SHADES - 1);
        self.shaded = FixedBitSet::with_capacity(self.maze.grid().len());
        ranked.sort_unstable_by_key(|e| e.0);
        self.shades = ranked
            .into_iter()
            .map(|(cell, r)| {
                self.shaded.insert(cell as usize);
                let k = (u64::from(r) * steps + top / 2) / top;
                (cell, SHADE + k.min(steps) as u8)
            })
            .collect();
    }

    /// True when the picture uses the attractor shades (and PNG needs 8 bits a pixel).
    fn has_shades(&self) -> bool {
        !self.shades.is_empty()
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Top-left pixel `(x, y)` of slice `(down, across)`.
    fn tile_origin(&self, down: usize, across: usize) -> (usize, usize) {
        let tw = self.cols * self.scale + self.gap;
        let th = self.rows * self.scale + self.label_h + self.gap;
        (across * tw, down * th + self.label_h)
    }

    /// Top-left pixel `(x, y)` of the square that shows `cell`.
    ///
    /// ```
    /// use mazegraph::{grid::{Grid, Shape}, render::{Picture, RenderOptions}, Maze};
    /// let m = Maze::new(Grid::walls(Shape::new(vec![2, 3, 4]).unwrap()));
    /// let p = Picture::new(&m, &RenderOptions { scale: 2, overlays: vec![] }).unwrap();
    /// // cell (1, 2, 3): second slice (8 px wide + a 3 px gap), under its 7 px label
    /// assert_eq!(p.cell_origin(m.shape().index(&[1, 2, 3]).unwrap()), (11 + 6, 7 + 4));
    /// ```
    pub fn cell_origin(&self, cell: usize) -> (usize, usize) {
        let shape = self.maze.shape();
        let n = shape.ndim();
        let coords = shape.coords(cell);
        let (r, c) = match n {
            0 => (0, 0),
            1 => (0, coords[0]),
            _ => (coords[n - 2], coords[n - 1]),
        };
        let across = if n >= 3 { coords[n - 3] } else { 0 };
        let mut down = 0;
        if n >= 4 {
            for k in 0..n - 3 {
                down = down * shape.dims()[k] + coords[k];
            }
        }
        let (x, y) = self.tile_origin(down, across);
        (x + c * self.scale, y + r * self.scale)
    }

    /// First flat cell index of slice `down, across` (its cells run on from there, row-major).
    fn tile_base(&self, down: usize, across: usize) -> usize {
        let shape = self.maze.shape();
        let n = shape.ndim();
        if n < 3 {
            return 0;
        }
        let mut base = across * shape.strides()[n - 3];
        let mut d = down;
        for k in (0..n - 3).rev() {
            base += (d % shape.dims()[k]) * shape.strides()[k];
            d /= shape.dims()[k];
        }
        base
    }

    /// The label of slice `down, across`: `dK=V` for every axis but the last two.
    fn tile_label(&self, down: usize, across: usize) -> String {
        let shape = self.maze.shape();
        let n = shape.ndim();
        if n < 3 {
            return String::new();
        }
        let coords = shape.coords(self.tile_base(down, across));
        (0..n - 2)
            .map(|k| format!("d{k}={}", coords[k]))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Colour of `cell` and of its mark ([`u8::MAX`] for none).
    #[inline]
    fn cell_colour(&self, i: usize) -> (u8, u8) {
        if !self.maze.grid().is_path(i) {
            return (WALL, NO_MARK);
        }
        let mut base = OPEN;
        if let Some(k) = &self.kept {
            base = if k.contains(i) { KEPT } else { FILLED };
        }
        if self.marked.contains(i) {
            base = KEPT;
        }
        if let Some(p) = &self.path {
            if p.contains(i) {
                base = PATH;
            }
        }
        if self.shaded.contains(i) {
            if let Ok(k) = self.shades.binary_search_by_key(&(i as u32), |e| e.0) {
                base = self.shades[k].1;
            }
        }
        for &(s, g) in &self.terminals {
            if i == s {
                base = START;
            } else if i == g {
                base = GOAL;
            }
        }
        let mut mark = NO_MARK;
        if self.portal_ends.contains(i) {
            if let Ok(k) = self.portal_colours.binary_search_by_key(&i, |e| e.0) {
                mark = self.portal_colours[k].1;
            }
        }
        (base, mark)
    }

    /// The palette colour of the pixel at the centre of `cell`'s square.
    ///
    /// ```
    /// use mazegraph::{render::{self, Overlay, Picture, RenderOptions}, Maze};
    /// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
    /// let p = Picture::new(&m, &RenderOptions { scale: 1, overlays: vec![Overlay::Solution] }).unwrap();
    /// assert_eq!(p.colour_of(1), render::START);
    /// assert_eq!(p.colour_of(0), render::WALL);
    /// ```
    pub fn colour_of(&self, cell: usize) -> u8 {
        let (base, mark) = self.cell_colour(cell);
        if mark != NO_MARK {
            mark
        } else {
            base
        }
    }

    /// Inner margin of a mark: marks fill the square but this many pixels on each side. A
    /// portal end on a solution (or at a terminal, or shaded) gets a smaller mark, so that the
    /// solution's colour still shows around it.
    fn mark_margin(&self, base: u8) -> usize {
        if self.scale < 3 {
            0
        } else if base == OPEN || base == WALL {
            (self.scale / 4).max(1)
        } else {
            (self.scale / 3).max(1)
        }
    }

    /// The path cells of `cell`'s slice under `disc`'s bounding box (the disc around `cell`).
    fn disc_cells(&self, disc: &Disc, cell: usize) -> Vec<usize> {
        let (r0, c0) = self.row_col(cell);
        let reach = (disc.radius() / self.scale as f64).ceil() as usize;
        let rows = r0.saturating_sub(reach)..(r0 + reach + 1).min(self.rows);
        let cols = c0.saturating_sub(reach)..(c0 + reach + 1).min(self.cols);
        // The slice's cells run on row-major from its first cell.
        let first = cell - r0 * self.cols - c0;
        let mut cells = Vec::new();
        for r in rows {
            for c in cols.clone() {
                let i = first + r * self.cols + c;
                if self.maze.grid().is_path(i) && !self.portal_ends.contains(i) {
                    cells.push(i);
                }
            }
        }
        cells
    }

    /// Row and column of `cell` in its slice.
    fn row_col(&self, cell: usize) -> (usize, usize) {
        let shape = self.maze.shape();
        let n = shape.ndim();
        let coords = shape.coords(cell);
        match n {
            0 => (0, 0),
            1 => (0, coords[0]),
            _ => (coords[n - 2], coords[n - 1]),
        }
    }

    /// The discs around the start and goal of each solution or path overlay, each clipped to
    /// its slice, with their colours and cells.
    fn discs(&self) -> Vec<(Disc, u8, usize)> {
        let (tw, th) = (self.cols * self.scale, self.rows * self.scale);
        let mut discs = Vec::new();
        for &(start, goal) in &self.terminals {
            for (cell, colour) in [(start, START), (goal, GOAL)] {
                let (x, y) = self.cell_origin(cell);
                let (r, c) = self.row_col(cell);
                let (x0, y0) = (x - c * self.scale, y - r * self.scale);
                if let Some(disc) = Disc::around((x, y), self.scale, (x0, y0, x0 + tw, y0 + th)) {
                    discs.push((disc, colour, cell));
                }
            }
        }
        discs
    }

    /// Visits the picture row by row: `f(y, row)` with one palette index per pixel.
    /// Memory: one row of pixels and one row of cell colours.
    pub fn for_each_row(&self, mut f: impl FnMut(usize, &[u8]) -> Result<()>) -> Result<()> {
        let s = self.scale;
        let discs = self.discs();
        let mut row = vec![BACKGROUND; self.width];
        let mut cells: Vec<(u8, u8)> = vec![(WALL, NO_MARK); self.cols * self.tiles_across];
        let mut y = 0;
        for down in 0..self.tiles_down {
            // Label strip.
            for ly in 0..self.label_h {
                row.fill(BACKGROUND);
                // The 3×5 font in low strips, the legend's 8×8 font scaled in taller ones.
                let k = (self.label_h.saturating_sub(2) / 8).max(1);
                let glyph_h = if self.label_h >= 10 { 8 * k } else { 5 };
                if (1..=glyph_h).contains(&ly) {
                    for across in 0..self.tiles_across {
                        let (x0, _) = self.tile_origin(down, across);
                        // A label may run on into the gap after its slice.
                        let end = (x0 + self.cols * s + self.gap).min(self.width);
                        let label = self.tile_label(down, across);
                        if glyph_h == 5 {
                            draw_text_row(&mut row[x0..end], &label, ly - 1);
                        } else if let Some(to) = row.get_mut(x0 + 1..end) {
                            crate::legend::text_row(to, &label, (ly - 1) / k, k, WALL);
                        }
                    }
                }
                f(y, &row)?;
                y += 1;
            }
            for r in 0..self.rows {
                for across in 0..self.tiles_across {
                    let base = self.tile_base(down, across) + r * self.cols;
                    for c in 0..self.cols {
                        cells[across * self.cols + c] = self.cell_colour(base + c);
                    }
                }
                for py in 0..s {
                    row.fill(BACKGROUND);
                    for across in 0..self.tiles_across {
                        let (x0, _) = self.tile_origin(down, across);
                        for c in 0..self.cols {
                            let (base, mark) = cells[across * self.cols + c];
                            let px = &mut row[x0 + c * s..x0 + (c + 1) * s];
                            px.fill(base);
                            let m = self.mark_margin(base);
                            if mark != NO_MARK && py >= m && py < s - m {
                                px[m..s - m].fill(mark);
                            }
                        }
                    }
                    for (disc, colour, _) in &discs {
                        for x in disc.span(y).into_iter().flatten() {
                            // Over path cells only, under the portal marks.
                            if row[x] != WALL && !(PORTAL..PORTAL + 8).contains(&row[x]) {
                                row[x] = *colour;
                            }
                        }
                    }
                    f(y, &row)?;
                    y += 1;
                }
            }
            if down + 1 < self.tiles_down {
                row.fill(BACKGROUND);
                for _ in 0..self.gap {
                    f(y, &row)?;
                    y += 1;
                }
            }
        }
        if let Some(l) = &self.legend {
            for ly in 0..l.height() {
                l.row(ly, &mut row, OPEN, WALL);
                f(y, &row)?;
                y += 1;
            }
        }
        Ok(())
    }

    /// Writes the picture as an indexed PNG, row by row: 4 bits a pixel (palette [`PALETTE`]),
    /// or 8 bits with the attractor shades.
    ///
    /// Complexity: O(pixels) time, O(width) memory beyond the overlays.
    ///
    /// ```
    /// use mazegraph::{render::{Picture, RenderOptions}, Maze};
    /// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
    /// let mut png = Vec::new();
    /// Picture::new(&m, &RenderOptions::default()).unwrap().write_png(&mut png).unwrap();
    /// assert_eq!(&png[1..4], b"PNG");
    /// ```
    pub fn write_png(&self, out: &mut dyn Write) -> Result<()> {
        self.write_png_with(out, &mut |_, _| {})
    }

    /// [`Picture::write_png`], calling `progress(rows written, height)` after each row.
    pub fn write_png_with(
        &self,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<()> {
        let png_err = |e: png::EncodingError| match e {
            png::EncodingError::IoError(io) => Error::Io(io),
            other => Error::Unsupported(format!("png: {other}")),
        };
        let mut enc = png::Encoder::new(out, self.width as u32, self.height as u32);
        let wide = self.has_shades();
        enc.set_color(png::ColorType::Indexed);
        if wide {
            enc.set_depth(png::BitDepth::Eight);
            let colours: Vec<u8> = (0..SHADE + SHADES).flat_map(rgb).collect();
            enc.set_palette(colours);
        } else {
            enc.set_depth(png::BitDepth::Four);
            enc.set_palette(PALETTE.concat());
        }
        if self.tiles_across == 1 && self.tiles_down == 1 && self.label_h == 0 {
            // One maze from the top-left corner, one square a cell: say so, for readers.
            enc.add_text_chunk(
                crate::format::png::CELL_PIXELS_KEYWORD.to_string(),
                self.scale.to_string(),
            )
            .map_err(png_err)?;
            enc.add_text_chunk(
                crate::format::png::CELLS_KEYWORD.to_string(),
                format!("{}x{}", self.rows, self.cols),
            )
            .map_err(png_err)?;
        }
        if let Some(l) = &self.legend {
            enc.add_text_chunk(
                crate::legend::PNG_KEYWORD.to_string(),
                l.height().to_string(),
            )
            .map_err(png_err)?;
        }
        enc.set_compression(png::Compression::Fast);
        let mut writer = enc.write_header().map_err(png_err)?;
        let mut stream = writer.stream_writer_with_size(1 << 20).map_err(png_err)?;
        let mut packed = vec![0u8; self.width.div_ceil(2)];
        let height = self.height;
        self.for_each_row(|y, row| {
            if wide {
                stream.write_all(row)?;
            } else {
                for (k, pair) in row.chunks(2).enumerate() {
                    let lo = pair.get(1).copied().unwrap_or(0);
                    packed[k] = (pair[0] << 4) | lo;
                }
                stream.write_all(&packed)?;
            }
            progress(y + 1, height);
            Ok(())
        })?;
        stream.finish().map_err(png_err)?;
        Ok(())
    }

    /// Writes the picture as SVG: per slice a wall-coloured rectangle, then one rectangle per
    /// run of same-coloured path cells in a row, the marks, and the slice labels as text.
    ///
    /// Complexity: O(cells) time, output size O(runs); memory O(1) beyond the overlays.
    ///
    /// ```
    /// use mazegraph::{render::{Picture, RenderOptions}, Maze};
    /// let m = Maze::from_text_rows(&["#..#"]).unwrap();
    /// let mut svg = Vec::new();
    /// Picture::new(&m, &RenderOptions { scale: 10, overlays: vec![] }).unwrap().write_svg(&mut svg).unwrap();
    /// let svg = String::from_utf8(svg).unwrap();
    /// assert!(svg.contains(r##"<rect x="10" y="0" width="20" height="10" fill="#ffffff"/>"##));
    /// ```
    pub fn write_svg(&self, out: &mut dyn Write) -> Result<()> {
        self.write_svg_with(out, &mut |_, _| {})
    }

    /// [`Picture::write_svg`], calling `progress(cell rows written, cell rows)` as it goes.
    pub fn write_svg_with(
        &self,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<()> {
        let total = self.rows * self.tiles_down * self.tiles_across;
        let mut done = 0;
        let s = self.scale;
        let (w, h) = (self.width, self.height);
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" shape-rendering="crispEdges">"#
        )?;
        writeln!(
            out,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
            hex(BACKGROUND)
        )?;
        let mut marks = Vec::new();
        for down in 0..self.tiles_down {
            for across in 0..self.tiles_across {
                let (x0, y0) = self.tile_origin(down, across);
                let label = self.tile_label(down, across);
                if !label.is_empty() {
                    writeln!(
                        out,
                        r#"<text x="{}" y="{}" font-family="monospace" font-size="{}" fill="{}">{label}</text>"#,
                        x0 + 1,
                        y0 - 1,
                        self.label_h - 1,
                        hex(WALL)
                    )?;
                }
                writeln!(
                    out,
                    r#"<rect x="{x0}" y="{y0}" width="{}" height="{}" fill="{}"/>"#,
                    self.cols * s,
                    self.rows * s,
                    hex(WALL)
                )?;
                let base = self.tile_base(down, across);
                for r in 0..self.rows {
                    let mut c = 0;
                    marks.clear();
                    while c < self.cols {
                        let i = base + r * self.cols + c;
                        let (colour, mark) = self.cell_colour(i);
                        if mark != NO_MARK {
                            marks.push((c, mark, self.mark_margin(colour)));
                        }
                        let mut end = c + 1;
                        while end < self.cols {
                            let (next, mark) = self.cell_colour(i + end - c);
                            if next != colour {
                                break;
                            }
                            if mark != NO_MARK {
                                marks.push((end, mark, self.mark_margin(next)));
                            }
                            end += 1;
                        }
                        if colour != WALL {
                            writeln!(
                                out,
                                r#"<rect x="{}" y="{}" width="{}" height="{s}" fill="{}"/>"#,
                                x0 + c * s,
                                y0 + r * s,
                                (end - c) * s,
                                hex(colour)
                            )?;
                        }
                        c = end;
                    }
                    for &(c, mark, m) in &marks {
                        writeln!(
                            out,
                            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                            x0 + c * s + m,
                            y0 + r * s + m,
                            s - 2 * m,
                            s - 2 * m,
                            hex(mark)
                        )?;
                    }
                    done += 1;
                    progress(done, total);
                }
            }
        }
        for (k, (disc, colour, cell)) in self.discs().iter().enumerate() {
            // The disc shows on the path cells it covers, never on walls.
            write!(out, r#"<clipPath id="disc{k}">"#)?;
            for near in self.disc_cells(disc, *cell) {
                let (x, y) = self.cell_origin(near);
                write!(out, r#"<rect x="{x}" y="{y}" width="{s}" height="{s}"/>"#)?;
            }
            writeln!(out, "</clipPath>")?;
            let (cx, cy) = disc.centre();
            writeln!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}" clip-path="url(#disc{k})"/>"#,
                disc.radius(),
                hex(*colour)
            )?;
        }
        if let Some(l) = &self.legend {
            let top = self.height - l.height();
            writeln!(
                out,
                r#"<rect x="0" y="{top}" width="{w}" height="{}" fill="{}"/>"#,
                l.height(),
                hex(OPEN)
            )?;
            l.write_svg(out, top, &hex, WALL)?;
        }
        writeln!(out, "</svg>")?;
        Ok(())
    }

    /// Writes the picture in `format`.
    pub fn write(&self, format: PictureFormat, out: &mut dyn Write) -> Result<()> {
        self.write_with(format, out, &mut |_, _| {})
    }

    /// [`Picture::write`], calling `progress(done, total)` as the work advances: pixel rows
    /// for PNG, cell rows for SVG.
    pub fn write_with(
        &self,
        format: PictureFormat,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<()> {
        match format {
            PictureFormat::Png => self.write_png_with(out, progress),
            PictureFormat::Svg => self.write_svg_with(out, progress),
        }
    }
}

/// A disc around a cell's square: the start and goal marks, which stay visible at any size of
/// picture (a one-cell square is lost among hundreds of cells). It colours the path cells it
/// covers, never the walls, so that the picture still reads back as its maze, at every cell
/// size, clipped to a rectangle (the maze, or its slice).
///
/// ```
/// use mazegraph::render::Disc;
/// assert!(Disc::around((0, 0), 1, (0, 0, 20, 20)).is_none()); // a small maze's own cell
/// assert_eq!(Disc::around((0, 0), 1, (0, 0, 600, 600)).unwrap().radius(), 20.0);
/// assert!(Disc::around((0, 0), 40, (0, 0, 600, 600)).is_none()); // a big enough cell
/// let d = Disc::around((40, 40), 10, (0, 0, 600, 300)).unwrap();
/// assert_eq!(d.radius(), 20.0); // 600 / 30
/// assert_eq!(d.span(45), Some(25..65));
/// assert_eq!(d.span(66), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    /// Centre, in pixels.
    cx: f64,
    cy: f64,
    radius: f64,
    /// The rectangle the disc is clipped to: x0, y0, x1, y1 (exclusive).
    clip: (usize, usize, usize, usize),
}

impl Disc {
    /// The disc around the square of side `scale` whose top-left pixel is `(x, y)`, clipped to
    /// `clip` (x0, y0, x1, y1, the ends exclusive). Its radius is a thirtieth of the clip's
    /// longer side, so that the mark is found at a glance whatever the cells' size; `None`
    /// when the cell's own square is about as big.
    pub fn around(
        (x, y): (usize, usize),
        scale: usize,
        clip: (usize, usize, usize, usize),
    ) -> Option<Disc> {
        let half = scale as f64 / 2.0;
        let extent = clip
            .2
            .saturating_sub(clip.0)
            .max(clip.3.saturating_sub(clip.1));
        let radius = extent as f64 / 30.0;
        if radius <= 0.75 * scale as f64 {
            // The cell's own square is as big: nothing to add.
            return None;
        }
        Some(Disc {
            cx: x as f64 + half,
            cy: y as f64 + half,
            radius,
            clip,
        })
    }

    /// The radius in pixels.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The centre `(x, y)` in pixels.
    pub fn centre(&self) -> (f64, f64) {
        (self.cx, self.cy)
    }

    /// The pixels of row `y` whose centres lie in the disc, clipped.
    pub fn span(&self, y: usize) -> Option<std::ops::Range<usize>> {
        let (x0, y0, x1, y1) = self.clip;
        let dy = y as f64 + 0.5 - self.cy;
        if !(y0..y1).contains(&y) || dy.abs() >= self.radius {
            return None;
        }
        let h = (self.radius * self.radius - dy * dy).sqrt();
        // Pixels whose centre x + 0.5 lies in [cx - h, cx + h).
        let from = (self.cx - h - 0.5).ceil().max(x0 as f64) as usize;
        let to = ((self.cx + h - 0.5).ceil().max(0.0) as usize).min(x1);
        (from < to).then_some(from..to)
    }
}

/// Errors when a cell of a caller's overlay lies outside a grid of `len` cells.
fn check_cells(mut cells: impl Iterator<Item = usize>, len: usize) -> Result<()> {
    match cells.find(|&c| c >= len) {
        Some(c) => Err(Error::InvalidMaze(format!(
            "an overlay's cell {c} is outside the maze ({len} cells)"
        ))),
        None => Ok(()),
    }
}

/// `#rrggbb` of a palette index.
fn hex(index: u8) -> String {
    let [r, g, b] = rgb(index);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Glyphs 3 pixels wide and 5 high, one row per entry (bit 2 = left pixel).
fn glyph(ch: char) -> [u8; 5] {
    match ch {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        'd' => [1, 1, 7, 5, 7],
        '=' => [0, 7, 0, 7, 0],
        _ => [0; 5],
    }
}

/// Draws row `gy` (0..5) of `text` into `row` (clipped), 4 pixels per character, 1 pixel in.
fn draw_text_row(row: &mut [u8], text: &str, gy: usize) {
    for (k, ch) in text.chars().enumerate() {
        let bits = glyph(ch)[gy];
        for bx in 0..3 {
            if bits & (4 >> bx) != 0 {
                if let Some(p) = row.get_mut(1 + 4 * k + bx) {
                    *p = WALL;
                }
            }
        }
    }
}

/// Draws `maze` in `format` with `opts`: [`Picture::new`] then [`Picture::write`].
///
/// ```
/// use mazegraph::{render::{render, PictureFormat, RenderOptions}, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let mut svg = Vec::new();
/// render(&m, &RenderOptions::default(), PictureFormat::Svg, &mut svg).unwrap();
/// assert!(svg.starts_with(b"<svg"));
/// ```
pub fn render(
    maze: &Maze,
    opts: &RenderOptions,
    format: PictureFormat,
    out: &mut dyn Write,
) -> Result<()> {
    Picture::new(maze, opts)?.write(format, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{attractor, orient, Player};
    use crate::grid::{Grid, Shape};

    fn colours(m: &Maze, overlays: Vec<Overlay>) -> Vec<u8> {
        let p = Picture::new(m, &RenderOptions { scale: 1, overlays }).unwrap();
        (0..m.grid().len()).map(|i| p.colour_of(i)).collect()
    }

    #[test]
    fn a_picture_too_narrow_for_words_has_no_legend() {
        let m = Maze::from_text_rows(&["#S###", "#...#", "###G#"]).unwrap();
        let overlays = vec![Overlay::Solution];
        let mut narrow = Picture::new(
            &m,
            &RenderOptions {
                scale: 2,
                overlays: overlays.clone(),
            },
        );
        let narrow = narrow.as_mut().unwrap();
        narrow.add_legend();
        assert!(narrow.legend().is_none());
        assert_eq!(narrow.height(), 6);
        let mut wide = Picture::new(
            &m,
            &RenderOptions {
                scale: 10,
                overlays,
            },
        )
        .unwrap();
        wide.add_legend();
        assert!(wide.legend().is_some_and(|l| l.height() > 0));
    }

    #[test]
    fn the_named_overlays_are_the_callers_overlays_of_their_results() {
        let m = Maze::from_text_rows(&[
            "#.#####", "#...#.#", "#.#...#", "#.#.#.#", "#...#.#", "###.###",
        ])
        .unwrap();
        let s = solve(&m, Method::DeadEnd).unwrap();
        let path = s.path.clone().unwrap();
        assert_eq!(
            colours(&m, vec![Overlay::Solution]),
            colours(&m, vec![Overlay::path(path)])
        );
        let (start, goal) = m.require_terminals().unwrap();
        let mut ranks = Vec::new();
        shortest_set::ranks(&m, start, goal, |c, r| ranks.push((c, r)));
        // The named attractor also marks the maze's terminals over their shades.
        let mut named = colours(&m, vec![Overlay::Attractor]);
        assert_eq!((named[start], named[goal]), (START, GOAL));
        let caller = colours(&m, vec![Overlay::ranks(ranks)]);
        (named[start], named[goal]) = (caller[start], caller[goal]);
        assert_eq!(named, caller);
        // A solution of another method: kept cells yellow under its path.
        let bfs = solve(&m, Method::Bfs).unwrap();
        let c = colours(&m, Overlay::solution(&bfs));
        for i in m.grid().paths() {
            let want = if i == bfs.start {
                START
            } else if i == bfs.goal {
                GOAL
            } else if bfs.path.as_ref().unwrap().contains(&i) {
                PATH
            } else if bfs.kept.contains(i) {
                KEPT
            } else {
                OPEN
            };
            assert_eq!(c[i], want, "cell {}", m.shape().fmt_index(i));
        }
        // Its legend names the kept cells as the method does; a caller's cells are "marked".
        // (At 8 pixels a cell: a picture narrower than legend::MIN_WIDTH has no legend.)
        let texts = |overlays: Vec<Overlay>| {
            let mut p = Picture::new(&m, &RenderOptions { scale: 8, overlays }).unwrap();
            p.add_legend();
            let l = p.legend().unwrap();
            l.entries()
                .iter()
                .map(|e| e.text.clone())
                .collect::<Vec<_>>()
        };
        assert!(texts(Overlay::solution(&bfs)).contains(&"reached".to_string()));
        assert!(texts(vec![Overlay::Cells(bfs.kept.clone())]).contains(&"marked".to_string()));
    }

    #[test]
    fn callers_cells_outside_the_maze_are_errors_and_unsolved_shows_the_ends() {
        let m = Maze::from_text_rows(&["#.#", "###", "#.#"]).unwrap();
        for o in [
            Overlay::path(vec![1, 9]),
            Overlay::cells([40]),
            Overlay::ranks([(9, 0)]),
        ] {
            let e = Picture::new(
                &m,
                &RenderOptions {
                    scale: 1,
                    overlays: vec![o],
                },
            )
            .err();
            assert!(e.is_some_and(|e| e.to_string().contains("outside the maze")));
        }
        let s = solve(&m, Method::Bfs).unwrap();
        assert!(!s.is_solved());
        let c = colours(&m, Overlay::solution(&s));
        assert_eq!((c[1], c[7]), (START, GOAL));
        // An empty path draws nothing.
        assert_eq!(
            colours(&m, vec![Overlay::path(vec![])]),
            colours(&m, vec![])
        );
    }

    fn decode(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
        let dec = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut dec = dec.read_info().unwrap();
        let mut buf = vec![0; dec.output_buffer_size().unwrap()];
        let info = dec.next_frame(&mut buf).unwrap();
        let (w, h) = (info.width as usize, info.height as usize);
        // Unpack 4-bit indices.
        let stride = info.line_size;
        let mut px = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let b = buf[y * stride + x / 2];
                px.push(if x % 2 == 0 { b >> 4 } else { b & 15 });
            }
        }
        (w, h, px)
    }

    #[test]
    fn scaled_cells_and_overlays() {
        let mut m = Maze::from_text_rows(&[
            "#.#####", //
            "#...#.#", //
            "#.#...#", //
            "#.#.###", //
            "###.###",
        ])
        .unwrap();
        m.add_portal(22, 12).unwrap(); // (3,1) <-> (1,5)
        let opts = RenderOptions {
            scale: 4,
            overlays: vec![Overlay::Filled, Overlay::Portals],
        };
        let mut out = Vec::new();
        render(&m, &opts, PictureFormat::Png, &mut out).unwrap();
        let (w, h, px) = decode(&out);
        assert_eq!((w, h), (28, 20));
        let at = |r: usize, c: usize, dy: usize, dx: usize| px[(4 * r + dy) * w + 4 * c + dx];
        assert_eq!(at(0, 0, 2, 2), WALL);
        assert_eq!(at(0, 1, 0, 0), START);
        assert_eq!(at(4, 3, 3, 3), GOAL);
        assert_eq!(at(1, 2, 1, 1), PATH);
        // A portal end: the mark in the middle, the filled colour at the edge.
        assert_eq!(at(3, 1, 2, 2), PORTAL);
        assert_eq!(at(3, 1, 0, 0), KEPT); // the portal makes a cycle: nothing is filled
        assert_eq!(at(1, 5, 1, 2), PORTAL);
        assert_eq!(at(1, 5, 3, 3), KEPT);
    }

    #[test]
    fn slices_of_a_3d_maze_with_labels() {
        let shape = Shape::new(vec![2, 2, 3]).unwrap();
        let mut grid = Grid::walls(shape);
        grid.set_path(4, true); // (0, 1, 1)
        grid.set_path(6, true); // (1, 0, 0)
        let m = Maze::new(grid);
        let p = Picture::new(&m, &RenderOptions::default()).unwrap();
        assert_eq!((p.width(), p.height()), (3 + 3 + 3, 7 + 2));
        let mut rows = Vec::new();
        p.for_each_row(|_, r| {
            rows.push(r.to_vec());
            Ok(())
        })
        .unwrap();
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[8][1], OPEN); // (0,1,1)
        assert_eq!(rows[7][6], OPEN); // (1,0,0)
        assert_eq!(rows[7][3], BACKGROUND); // gap
        assert_eq!(p.cell_origin(6), (6, 7));
        // The label "d0=0" of the first slice: the 'd' rows are ..#, ..#, ###
        assert_eq!(&rows[1][0..4], &[BACKGROUND, BACKGROUND, BACKGROUND, WALL]);
        assert_eq!(&rows[3][0..5], &[BACKGROUND, WALL, WALL, WALL, BACKGROUND]);
        assert_eq!(p.tile_label(0, 1), "d0=1");
    }

    #[test]
    fn four_axes_tile_down_and_across() {
        let m = Maze::new(Grid::walls(Shape::new(vec![2, 3, 2, 2]).unwrap()));
        let p = Picture::new(&m, &RenderOptions::default()).unwrap();
        assert_eq!(p.width(), 3 * 2 + 2 * 3);
        assert_eq!(p.height(), 2 * (7 + 2) + 3);
        let i = m.shape().index(&[1, 2, 1, 0]).unwrap();
        assert_eq!(p.cell_origin(i), (10, 9 + 3 + 7 + 1));
        assert_eq!(p.tile_label(1, 2), "d0=1 d1=2");
    }

    fn decode8(bytes: &[u8]) -> (usize, usize, Vec<u8>, Vec<u8>) {
        let dec = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut dec = dec.read_info().unwrap();
        let palette = dec.info().palette.as_ref().unwrap().to_vec();
        let mut buf = vec![0; dec.output_buffer_size().unwrap()];
        let info = dec.next_frame(&mut buf).unwrap();
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        buf.truncate(info.buffer_size());
        (info.width as usize, info.height as usize, buf, palette)
    }

    /// A loop around a block (one side shorter) and a dead-end corridor by the goal.
    const BRAID: [&str; 7] = [
        "#.#######", //
        "#.....#.#", //
        "#.###.#.#", //
        "#.....#.#", //
        "#.#####.#", //
        "#.......#", //
        "#######.#",
    ];

    #[test]
    fn attractor_overlay_equals_the_attractor_of_the_oriented_game() {
        use crate::generate::{generate, lattice::Lattice, rng_from_seed, Algorithm, Options};
        use crate::grid::Limits;
        for (seed, rooms) in [(1u64, vec![6, 9]), (2, vec![3, 4, 3]), (3, vec![12, 5])] {
            for loops in [0, 3, 12] {
                let lattice = Lattice::new(&rooms, &Limits::default()).unwrap();
                let mut opts = Options::new(Algorithm::Kruskal);
                opts.loops = loops;
                let mut m = generate(&lattice, &opts, &mut rng_from_seed(seed)).unwrap();
                if loops == 3 {
                    // A portal between two path cells far apart.
                    let paths: Vec<usize> = m.grid().paths().collect();
                    m.add_portal(paths[paths.len() / 3], paths[2 * paths.len() / 3])
                        .unwrap();
                }
                let shown = RenderOptions {
                    scale: 1,
                    overlays: vec![Overlay::Attractor],
                };
                let fast = Picture::new(&m, &shown).unwrap();
                let o = orient(&m).unwrap();
                let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
                let mut game = Picture::new(&m, &RenderOptions::default()).unwrap();
                game.set_attractor(&o.cells, &a).unwrap();
                assert_eq!(
                    fast.shades, game.shades,
                    "seed {seed}, {rooms:?}, {loops} loops"
                );
                assert_eq!(fast.shaded, game.shaded);
            }
        }
    }

    #[test]
    fn attractor_shades_by_rank() {
        let m = Maze::from_text_rows(&BRAID).unwrap();
        let opts = RenderOptions {
            scale: 3,
            overlays: vec![Overlay::Attractor],
        };
        let p = Picture::new(&m, &opts).unwrap();
        let cell = |r: usize, c: usize| m.shape().index(&[r, c]).unwrap();
        let goal = cell(6, 7);
        let start = cell(0, 1);
        // The goal is the darkest shade, the start (the largest rank) the lightest, both
        // marked over their shades.
        let shade =
            |i: usize| p.shades[p.shades.binary_search_by_key(&(i as u32), |e| e.0).unwrap()].1;
        assert_eq!(shade(goal), SHADE);
        assert_eq!(shade(start), SHADE + SHADES - 1);
        assert_eq!(rgb(shade(goal)), NEAR);
        assert_eq!(rgb(shade(start)), FAR);
        assert_eq!((p.colour_of(goal), p.colour_of(start)), (GOAL, START));
        // The loop through (1, 2)…(1, 5) and the right-hand corridor are off every shortest
        // path: plain path colour. So is the wall.
        for (r, c) in [(1, 3), (2, 5), (1, 7), (3, 7)] {
            assert_eq!(p.colour_of(cell(r, c)), OPEN, "({r}, {c})");
        }
        assert_eq!(p.colour_of(cell(0, 0)), WALL);
        // Along the solution, shades grow strictly from the goal back to the start.
        let path = [
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (5, 2),
            (5, 3),
            (5, 4),
            (5, 5),
            (5, 6),
            (5, 7),
            (6, 7),
        ];
        let shades: Vec<u8> = path.iter().map(|&(r, c)| shade(cell(r, c))).collect();
        assert!(shades.windows(2).all(|w| w[0] > w[1]), "{shades:?}");
        // The PNG has 8 bits a pixel and the shades in its palette.
        let mut out = Vec::new();
        p.write_png(&mut out).unwrap();
        let (w, h, px, palette) = decode8(&out);
        assert_eq!((w, h), (27, 21));
        assert_eq!(palette.len(), 3 * usize::from(SHADE + SHADES));
        let at = |r: usize, c: usize| {
            let i = usize::from(px[(3 * r + 1) * w + 3 * c + 1]);
            [palette[3 * i], palette[3 * i + 1], palette[3 * i + 2]]
        };
        assert_eq!(at(6, 7), palette::GOAL);
        assert_eq!(at(0, 1), palette::START);
        assert_eq!(at(5, 7), rgb(shade(cell(5, 7))));
        assert_eq!(at(1, 3), PALETTE[OPEN as usize]);
        assert_eq!(at(0, 0), PALETTE[WALL as usize]);
        // Without the attractor, pictures stay at 4 bits a pixel.
        let mut small = Vec::new();
        render(
            &m,
            &RenderOptions::default(),
            PictureFormat::Png,
            &mut small,
        )
        .unwrap();
        let info = png::Decoder::new(std::io::Cursor::new(&small))
            .read_info()
            .unwrap()
            .info()
            .bit_depth;
        assert_eq!(info, png::BitDepth::Four);
    }

    #[test]
    fn attractor_under_terminals_and_in_svg() {
        let m = Maze::from_text_rows(&BRAID).unwrap();
        let opts = RenderOptions {
            scale: 2,
            overlays: vec![Overlay::Solution, Overlay::Attractor],
        };
        let p = Picture::new(&m, &opts).unwrap();
        let cell = |r: usize, c: usize| m.shape().index(&[r, c]).unwrap();
        assert_eq!(p.colour_of(cell(0, 1)), START);
        assert_eq!(p.colour_of(cell(6, 7)), GOAL);
        assert!(p.colour_of(cell(5, 4)) > SHADE);
        let mut svg = Vec::new();
        p.write_svg(&mut svg).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(svg.contains(&hex(p.colour_of(cell(5, 4)))), "{svg}");
        // A maze without a goal cannot have an attractor overlay.
        let closed = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        let attr = RenderOptions {
            scale: 1,
            overlays: vec![Overlay::Attractor],
        };
        assert!(Picture::new(&closed, &attr).is_err());
    }

    #[test]
    fn attractor_of_another_maze_is_refused() {
        let m = Maze::from_text_rows(&BRAID).unwrap();
        let o = orient(&m).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        let small = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
        let mut p = Picture::new(&small, &RenderOptions::default()).unwrap();
        assert!(p.set_attractor(&o.cells, &a).is_err());
    }

    #[test]
    fn progress_reaches_the_height() {
        let m = Maze::from_text_rows(&BRAID).unwrap();
        let p = Picture::new(&m, &RenderOptions::default()).unwrap();
        let mut last = (0, 0);
        p.write_with(PictureFormat::Png, &mut std::io::sink(), &mut |d, t| {
            last = (d, t)
        })
        .unwrap();
        assert_eq!(last, (7, 7));
        p.write_with(PictureFormat::Svg, &mut std::io::sink(), &mut |d, t| {
            last = (d, t)
        })
        .unwrap();
        assert_eq!(last, (7, 7));
    }

    #[test]
    fn solution_overlay_needs_terminals() {
        let m = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        let opts = RenderOptions {
            scale: 1,
            overlays: vec![Overlay::Solution],
        };
        assert!(Picture::new(&m, &opts).is_err());
        assert!(Picture::new(&m, &RenderOptions::default()).is_ok());
    }
}
