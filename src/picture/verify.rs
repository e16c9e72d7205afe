//! Stage 7, **verify**: a lattice hypothesis's maze drawn back in the picture's own terms and
//! compared with the picture, so that only a reading that explains the picture is believed.
//!
//! The maze a hypothesis reads ([`super::sample`]) says, for every pixel inside the maze, wall
//! or passage. Drawn back — walls as thick as the lattice's wall lines, in the picture's wall
//! colour — it must account for the picture's ink ([`Fit`]):
//!
//! - **stray ink**: ink inside passages (a room, an open wall segment), farther than a
//!   tolerance from every wall (a pen's wobble, a blur), as a share of all the maze's ink. A
//!   lattice of the wrong pitch or phase leaves whole wall lines across its rooms; a photo or a
//!   nebula read as a maze leaves ink everywhere. Marks in other colours are passage and do
//!   not count;
//! - **ink outside**: ink within one pitch outside the maze's extent that the maze going on
//!   would draw (on its wall lines carried a pitch on), beyond what ink strewn there at random
//!   would put on them, as a share of its ink: a lattice that stops a row short of the maze's
//!   frame (a title, a drawing standing on the frame, an arrow, lie off those lines);
//! - **the frame**: the outer ring's wall segments left open (a maze has a frame with a few
//!   openings; a crop in the middle of a texture, or a lattice run on into a caption, has many);
//! - **rooms and posts**: the share of rooms read open and of posts read as wall (a maze's
//!   rooms are passages and its posts walls, but for masked shapes and dungeon rooms);
//! - **regions**: the connected regions of passage (a maze is one, a picture of noise hundreds);
//! - **one pen**: the wall lines read are of one width, not two (lines in the walls' ink drawn
//!   over a maze, read as walls, make a finer maze of thick and thin walls: [`two_widths`]);
//! - **graded tones** (one pixel per cell only, where the drawing back is the picture itself):
//!   the share of pixels far from both colours (a photo's shading, never a maze drawn one
//!   pixel per cell).
//!
//! [`Fit::judge`] accepts a reading within the bounds of [`Bounds`], or says in one phrase what
//! it could not explain; [`better`] orders the accepted ones: fewer cells first (a coarser
//! lattice that explains the picture as well is the simpler explanation: a maze scaled ×2 is
//! not a maze of twice as many cells), then less stray ink.
//!
//! Complexity: O(pixels of the maze's extent and one pitch around it) + O(cells).

use super::lattice::Lattice;
use super::sample::Bands;
use super::tones::{is_wall, Tones, LIGHT, MARK, MID};
use crate::grid::Grid;

/// How a picture was read: the measures of [`verify`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Ink inside passages beyond the tolerance, as a share of the maze's ink.
    pub stray: f64,
    /// Ink within a pitch outside the maze on its lines carried on, beyond chance, as a share
    /// of that ink and the maze's together (from 0 to 1).
    pub outside: f64,
    /// Wall lines of the maze that run on past its frame into the picture around it (the maze
    /// goes on beyond the box read), where that was measured ([`around_in_source`]); else 0.
    pub runs_on: usize,
    /// Sides of the maze along which a line runs about a pitch outside its frame, even a grey
    /// one ([`lines_beyond`]).
    pub lines_beyond: usize,
    /// Share of the frame's wall segments read closed.
    pub frame: f64,
    /// Wall segments in the frame.
    pub frame_cells: usize,
    /// Share of the rooms read open.
    pub rooms_open: f64,
    /// Share of the posts read as wall.
    pub posts_wall: f64,
    /// Connected regions of passage cells.
    pub regions: usize,
    /// Share of the passage cells outside the largest region.
    pub apart: f64,
    /// Share of the ink's edges (gradient, weighted by its strength) that run obliquely, far
    /// from both axes: a drawing of hexagons, triangles or circles, not of a grid.
    pub oblique: f64,
    /// The same share over the whole view the reading was found in ([`oblique`]), when the
    /// reading's own share is past its bound (else 0): for the refusal's words. Hexagons,
    /// triangles and circles have oblique edges everywhere; a lattice found on a blur or a
    /// grain of a grid's picture (a grid much coarser than it, turned) has them only within.
    pub oblique_view: f64,
    /// Rooms in the maze.
    pub rooms: usize,
    /// Share of the pixels of graded tone (far from both colours), for readings at one pixel
    /// per cell; 0 otherwise.
    pub graded: f64,
    /// Cells in the maze's grid.
    pub cells: usize,
    /// True when the walls are the darker colour.
    pub dark_walls: bool,
    /// For a lattice of blocks: true when the first ring of cells inside the frame (one ring
    /// thick or more) is open all round: the mark of a block picture read with its colours the
    /// wrong way round (the margin read as frame, the walls' outer ring as passage).
    pub ringed: bool,
    /// For a reading at one pixel per cell: whether the grid looks like a maze drawn so
    /// ([`super::drawn_per_pixel`]); true for other readings.
    pub drawn: bool,
    /// True when the wall lines read are drawn in two widths, the thinner at most half the
    /// thicker ([`two_widths`]): lines in the walls' ink drawn over the maze (a solution,
    /// the corridors' centre lines) read as walls of a finer maze.
    pub two_widths: bool,
}

/// The bounds within which a reading explains its picture.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The most stray ink.
    pub stray: f64,
    /// The most ink outside, as a share of it and the maze's ink together.
    pub outside: f64,
    /// The most wall lines running on past the frame (an arrow, a line under a caption).
    pub runs_on: usize,
    /// The most openings in the frame, as a share of its wall segments (at least four are
    /// allowed whatever the share).
    pub frame_open: f64,
    /// The least share of rooms open.
    pub rooms_open: f64,
    /// The least share of posts that are wall.
    pub posts_wall: f64,
    /// The most graded tones at one pixel per cell.
    pub graded: f64,
    /// The largest share of passage cells outside the largest region.
    pub apart: f64,
    /// The largest share of oblique edges.
    pub oblique: f64,
}

/// The bounds every reading is held to.
pub const BOUNDS: Bounds = Bounds {
    stray: 0.06,
    // Ink outside at most 4% of the maze's own: 0.04 of 1.04 of all the ink.
    outside: 0.04 / 1.04,
    runs_on: 1,
    frame_open: 0.1,
    rooms_open: 0.5,
    posts_wall: 0.8,
    graded: 0.03,
    apart: 0.05,
    oblique: 0.35,
};

impl Fit {
    /// `Ok` when the reading explains the picture within `b`, else what it could not explain,
    /// as a phrase ("leaves 14% of the ink inside passages").
    pub fn judge(&self, b: &Bounds) -> Result<(), String> {
        let pc = |v: f64| format!("{:.0}%", 100.0 * v);
        if !self.drawn {
            return Err(
                "read a cell per pixel or per block, it has no corridors one cell wide, or many \
                 cells walled in all round (noise?)"
                    .into(),
            );
        }
        if self.graded > b.graded {
            return Err(format!(
                "{} of its pixels are shades between its two colours (a photo or a drawing, \
                 never a maze drawn one pixel per cell)",
                pc(self.graded)
            ));
        }
        if self.oblique > b.oblique && self.oblique_view <= b.oblique {
            return Err(format!(
                "{} of the edges within it run obliquely, where {} of the picture's do: its \
                 lattice does not lie on the picture's lines (a grid coarser than it, turned, \
                 or cut off by the picture's edges?)",
                pc(self.oblique),
                pc(self.oblique_view)
            ));
        }
        if self.oblique > b.oblique {
            return Err(format!(
                "{} of its edges run obliquely (hexagons, triangles or circles, not a grid)",
                pc(self.oblique)
            ));
        }
        if self.two_widths {
            return Err(
                "its wall lines are drawn in two widths (lines in the walls' ink over the maze?)"
                    .into(),
            );
        }
        if self.stray > b.stray {
            return Err(format!(
                "it leaves {} of the ink inside passages unexplained",
                pc(self.stray)
            ));
        }
        if self.outside > b.outside {
            return Err(format!(
                "{} of the ink lies just outside the maze found",
                pc(self.outside)
            ));
        }
        if self.runs_on > b.runs_on {
            return Err(format!(
                "{} of its wall lines run on past its frame: the maze goes on beyond the box read",
                self.runs_on
            ));
        }
        if self.lines_beyond > 0 {
            return Err(format!(
                "a line runs along its frame a pitch outside it ({} side{}): the maze goes on \
                 beyond the box read",
                self.lines_beyond,
                if self.lines_beyond == 1 { "" } else { "s" }
            ));
        }
        let open = ((1.0 - self.frame) * self.frame_cells as f64).round();
        if open > (b.frame_open * self.frame_cells as f64).max(4.0) {
            return Err(format!(
                "its frame has {open} openings, {} of it",
                pc(1.0 - self.frame)
            ));
        }
        if self.rooms_open < b.rooms_open {
            return Err(format!(
                "only {} of its rooms are open",
                pc(self.rooms_open)
            ));
        }
        if self.posts_wall < b.posts_wall {
            return Err(format!(
                "only {} of the posts between its walls are wall",
                pc(self.posts_wall)
            ));
        }
        if self.apart > b.apart {
            return Err(format!(
                "its passages fall apart into {} regions ({} of them away from the largest)",
                self.regions,
                pc(self.apart)
            ));
        }
        Ok(())
    }
}

/// True when reading `a` is a better explanation of its picture than `b` (both accepted, in
/// the same view): of two readings with their colours opposite ways round, the one without a
/// corridor all around inside its frame ([`Fit::ringed`]), else the one with dark walls (ink
/// on paper; a picture's two colours read the other way round can look like a maze too); then
/// the one
/// with fewer cells, unless the two have nearly as many (within 2%), then the more whole
/// ([`more_whole`]).
pub fn better(a: &Fit, b: &Fit) -> bool {
    if a.dark_walls != b.dark_walls {
        if a.ringed != b.ringed {
            return b.ringed;
        }
        return a.dark_walls;
    }
    let (ca, cb) = (a.cells as f64, b.cells as f64);
    if (ca - cb).abs() > 0.02 * ca.max(cb) {
        return ca < cb;
    }
    more_whole(a, b)
}

/// True when reading `a` is more whole than `b`, of a lattice of the same size: its passages in
/// fewer regions (a wall misread across a corridor cuts a maze in two), then less stray ink
/// and ink outside.
pub fn more_whole(a: &Fit, b: &Fit) -> bool {
    if a.regions != b.regions {
        return a.regions < b.regions;
    }
    a.stray + a.outside < b.stray + b.outside
}

/// Per pixel of one axis inside the maze's extent: its span and how far it lies from each
/// boundary of its span, in pixels.
struct AxisMap {
    /// First pixel of the extent.
    start: usize,
    /// Span of each pixel from `start`.
    span: Vec<u32>,
    /// Distance of each pixel's centre to its span's start.
    lo: Vec<f32>,
    /// Distance of each pixel's centre to its span's end.
    hi: Vec<f32>,
}

impl AxisMap {
    fn new(spans: &[(f64, f64)], limit: usize) -> AxisMap {
        let (lo, hi) = Lattice::extent(spans);
        let start = (lo.max(0.0).floor() as usize).min(limit);
        let end = (hi.max(0.0).ceil() as usize).min(limit);
        let mut map = AxisMap {
            start,
            span: Vec::with_capacity(end - start),
            lo: Vec::with_capacity(end - start),
            hi: Vec::with_capacity(end - start),
        };
        let mut k = 0usize;
        for p in start..end {
            let c = p as f64 + 0.5;
            while k + 1 < spans.len() && c >= spans[k].1 {
                k += 1;
            }
            let (a, b) = spans[k];
            map.span.push(k as u32);
            map.lo.push((c - a).max(0.0) as f32);
            map.hi.push((b - c).max(0.0) as f32);
        }
        map
    }

    fn len(&self) -> usize {
        self.span.len()
    }
}

/// Measures how well the maze `grid`, read on lattice `lat`, explains the picture's tones `t`
/// (see the module's documentation). `forced_posts`: the reading makes every post a wall
/// (a line maze), so their share says nothing.
///
/// ```
/// use mazegraph::picture::{Raster, verify, sample, tones, hypotheses};
/// let rows = ["#.#######", "#.....#.#", "#.###.#.#", "#...#...#", "#######.#"];
/// let maze = mazegraph::Maze::from_text_rows(&rows).unwrap();
/// let r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
/// let t = tones::tones(&r, [0; 4]).unwrap();
/// let lat = hypotheses::edges::find(&t, r.width, r.height, Default::default(), [0; 4]).unwrap();
/// let s = sample::sample(&t, &lat, &Default::default()).unwrap();
/// let fit = verify::verify(&t, &lat, &s.grid, false);
/// assert_eq!(fit.stray, 0.0);
/// assert!(fit.judge(&verify::BOUNDS).is_ok());
/// ```
pub fn verify(t: &Tones, lat: &Lattice, grid: &Grid, forced_posts: bool) -> Fit {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    if lat.pixel {
        // Drawn one pixel per cell, a maze has no lattice frame, rooms or posts of its own.
        return Fit {
            stray: 0.0,
            outside: 0.0,
            runs_on: 0,
            lines_beyond: 0,
            frame: 1.0,
            frame_cells: 0,
            rooms_open: 1.0,
            posts_wall: 1.0,
            regions: 1,
            apart: 0.0,
            oblique: 0.0,
            oblique_view: 0.0,
            rooms: rows * cols,
            graded: graded(t),
            cells: rows * cols,
            dark_walls: lat.dark_walls,
            ringed: false,
            drawn: super::pixel_maze(grid),
            two_widths: false,
        };
    }
    let structure = if lat.blocks {
        blocks_structure(grid, rows, cols)
    } else {
        structure(grid, rows, cols, forced_posts)
    };
    let structure = Fit {
        dark_walls: lat.dark_walls,
        ..structure
    };
    let (w, h) = (lat.width, lat.height);
    let dw = lat.dark_walls;
    let bands = Bands::of(t, lat);
    // The tolerance around walls: a thin line's band (a wobbling pen), else a pixel and a half
    // (blur, anti-aliasing).
    let tol = |spans: &[(f64, f64)], band: f64| {
        let (wall, _) = Lattice::widths(spans);
        if wall < 4.0 {
            band.max(1.5)
        } else {
            1.5
        }
    };
    let (tol_y, tol_x) = (
        tol(&lat.rows, bands.rows()) as f32,
        tol(&lat.cols, bands.cols()) as f32,
    );
    let (mx, my) = (AxisMap::new(&lat.cols, w), AxisMap::new(&lat.rows, h));
    let (mut ink, mut stray) = (0u64, 0u64);
    for (yi, &si) in my.span.iter().enumerate() {
        crate::stop::check();
        let y = my.start + yi;
        let row = &t.tone[y * w..(y + 1) * w];
        let i = si as usize;
        let inside_y = my.lo[yi] >= tol_y && my.hi[yi] >= tol_y;
        for (xi, &sj) in mx.span.iter().enumerate() {
            let v = row[mx.start + xi];
            if v == MARK || !is_wall(v, dw, MID) {
                continue;
            }
            ink += 1;
            let j = sj as usize;
            // Ink in a passage, farther than the tolerance from its cell's sides.
            if grid.is_path(i * cols + j) && inside_y && mx.lo[xi] >= tol_x && mx.hi[xi] >= tol_x {
                stray += 1;
            }
        }
    }
    let oblique = oblique(
        t,
        w,
        (mx.start, mx.start + mx.len()),
        (my.start, my.start + my.len()),
    );
    // Ink in a ring a pitch wide around the extent (within the picture).
    let pitch = Lattice::pitch(&lat.rows)
        .max(Lattice::pitch(&lat.cols))
        .max(2.0);
    let ring = pitch.round() as usize;
    let (x0, x1) = (mx.start, mx.start + mx.len());
    let (y0, y1) = (my.start, my.start + my.len());
    let (rx0, rx1) = (x0.saturating_sub(ring), (x1 + ring).min(w));
    let (ry0, ry1) = (y0.saturating_sub(ring), (y1 + ring).min(h));
    // What counts is the ink a maze going on past the extent explains: ink on its wall lines
    // carried a pitch on, beyond the share of them that ink strewn at random (a title, a
    // drawing standing on the frame, an arrow) would cover.
    let on_cols = lines_carried_on(&lat.cols, rx0..rx1, f64::from(tol_x), lat.blocks);
    let on_rows = lines_carried_on(&lat.rows, ry0..ry1, f64::from(tol_y), lat.blocks);
    let (mut area, mut area_on, mut ink_out, mut ink_on) = (0u64, 0u64, 0u64, 0u64);
    for y in ry0..ry1 {
        let row = &t.tone[y * w..(y + 1) * w];
        let inside_rows = y >= y0 && y < y1;
        let on_row = on_rows[y - ry0];
        for (x, &v) in row.iter().enumerate().take(rx1).skip(rx0) {
            if inside_rows && x >= x0 && x < x1 {
                continue;
            }
            let on = on_row || on_cols[x - rx0];
            area += 1;
            area_on += u64::from(on);
            if v != MARK && is_wall(v, dw, MID) {
                ink_out += 1;
                ink_on += u64::from(on);
            }
        }
    }
    let outside = if area_on == area {
        ink_out as f64
    } else {
        let chance = area_on as f64 / area.max(1) as f64;
        ((ink_on as f64 - chance * ink_out as f64) / (1.0 - chance)).max(0.0)
    };
    let share = |k: u64| k as f64 / ink.max(1) as f64;
    Fit {
        stray: share(stray),
        outside: outside / (ink as f64 + outside).max(1.0),
        lines_beyond: lines_beyond(t, lat),
        oblique,
        graded: 0.0,
        two_widths: !lat.blocks && two_widths(t, lat, grid),
        ..structure
    }
}

/// True when the wall lines of `lat` that `grid` reads as walls, along the rows or along the
/// columns, are drawn in two widths, every other line thick and the lines between thin: the
/// thickness of the ink across each inner wall line (its run of wall pixels through the line's
/// middle, at the middle of each of its segments read closed; lines with three such segments
/// or more), the mean of one set of lines at most half the other's, which is 2.5 pixels or
/// more. A maze is drawn with one pen; a finer maze read from lines of two widths
/// takes a drawing over it (a solution, corridors' centre lines) for walls.
///
/// Complexity: O(wall segments × pitch).
pub fn two_widths(t: &Tones, lat: &Lattice, grid: &Grid) -> bool {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    let w = lat.width;
    let h = t.tone.len() / w.max(1);
    if rows < 5 || cols < 5 || w == 0 {
        return false;
    }
    let mid = |s: (f64, f64)| ((s.0 + s.1) / 2.0).max(0.0) as usize;
    let wall =
        |x: usize, y: usize| x < w && y < h && is_wall(t.tone[y * w + x], lat.dark_walls, MID);
    // The run of wall pixels through `at` along an axis (`step` gives the pixel at offset d).
    let run = |at: (usize, usize), along_y: bool, reach: usize| -> usize {
        let px = |d: isize| {
            let (x, y) = (at.0 as isize, at.1 as isize);
            let (x, y) = if along_y { (x, y + d) } else { (x + d, y) };
            x >= 0 && y >= 0 && wall(x as usize, y as usize)
        };
        if !px(0) {
            return 0;
        }
        let reach = reach as isize;
        let up = (1..=reach).take_while(|&d| px(-d)).count();
        let down = (1..=reach).take_while(|&d| px(d)).count();
        1 + up + down
    };
    let reach = Lattice::pitch(&lat.rows).max(Lattice::pitch(&lat.cols)) as usize;
    let mean = |runs: Vec<usize>| {
        (runs.len() >= 3).then(|| runs.iter().sum::<usize>() as f64 / runs.len() as f64)
    };
    // The lines along the rows (`along_rows`: line i even, its segments at odd j), or along
    // the columns, in order; `None` for a line with fewer than three segments read closed.
    let widths_of = |along_rows: bool| -> Vec<Option<f64>> {
        let (lines, segments) = if along_rows {
            (rows, cols)
        } else {
            (cols, rows)
        };
        (2..lines - 1)
            .step_by(2)
            .map(|a| {
                mean(
                    (1..segments - 1)
                        .step_by(2)
                        .map(|b| if along_rows { (a, b) } else { (b, a) })
                        .filter(|&(i, j)| !grid.is_path(i * cols + j))
                        .map(|(i, j)| run((mid(lat.cols[j]), mid(lat.rows[i])), along_rows, reach))
                        .filter(|&r| r > 0)
                        .collect(),
                )
            })
            .collect()
    };
    let (across, down) = (widths_of(true), widths_of(false));
    // Each way apart, every other line against the lines between: the maze's own walls and
    // the lines drawn between them alternate; a photo's light, or a picture scaled more one
    // way than the other, thins its lines gradually or all one way.
    [across, down].into_iter().any(|widths| {
        let side = |odd: usize| {
            let v: Vec<f64> = widths
                .iter()
                .skip(odd)
                .step_by(2)
                .flatten()
                .copied()
                .collect();
            (v.len() >= 2).then(|| v.iter().sum::<f64>() / v.len() as f64)
        };
        let (Some(a), Some(b)) = (side(0), side(1)) else {
            return false;
        };
        let (lo, hi) = (a.min(b), a.max(b));
        trace!("wall line widths: every other line {a:.2}, the lines between {b:.2}");
        hi >= 2.5 && 2.0 * lo <= hi
    })
}

/// The share of the ink within `lat`'s extent that lies in `cells` (flat indices of its grid):
/// for cells found outside a maze's outline ([`super::outline`]), ink the maze does not
/// explain (a label in a blank corner: a little; another maze beside it: much).
///
/// Complexity: O(pixels of the extent).
pub fn ink_in_cells(t: &Tones, lat: &Lattice, cells: &[usize]) -> f64 {
    let (w, h) = (lat.width, lat.height);
    let cols = lat.cols.len();
    if cells.is_empty() || cols == 0 || t.tone.len() < w * h {
        return 0.0;
    }
    let (mx, my) = (AxisMap::new(&lat.cols, w), AxisMap::new(&lat.rows, h));
    let mut chosen = vec![false; lat.rows.len() * cols];
    for &k in cells {
        if let Some(c) = chosen.get_mut(k) {
            *c = true;
        }
    }
    let (mut ink, mut inside) = (0u64, 0u64);
    for (yi, &si) in my.span.iter().enumerate() {
        let y = my.start + yi;
        let row = &t.tone[y * w..(y + 1) * w];
        for (xi, &sj) in mx.span.iter().enumerate() {
            let v = row[mx.start + xi];
            if v == MARK || !is_wall(v, lat.dark_walls, MID) {
                continue;
            }
            ink += 1;
            inside += u64::from(chosen[si as usize * cols + sj as usize]);
        }
    }
    inside as f64 / ink.max(1) as f64
}

/// For each pixel position in `range` along an axis, whether it lies on one of the wall lines
/// of `spans` (their even spans, widened by `tol`) or on the lines one pitch beyond the first
/// and the last: where a maze that goes on past its extent draws its walls. Every position
/// for a lattice of blocks (`blocks`: any cell may be wall).
fn lines_carried_on(
    spans: &[(f64, f64)],
    range: std::ops::Range<usize>,
    tol: f64,
    blocks: bool,
) -> Vec<bool> {
    if blocks || spans.len() < 3 {
        return vec![true; range.len()];
    }
    let pitch = Lattice::pitch(spans);
    let mut lines: Vec<(f64, f64)> = spans.iter().step_by(2).copied().collect();
    if let (Some(&(a, b)), Some(&(c, d))) = (spans.first(), spans.last()) {
        lines.push((a - pitch, b - pitch));
        lines.push((c + pitch, d + pitch));
    }
    range
        .map(|p| {
            let mid = p as f64 + 0.5;
            lines.iter().any(|&(a, b)| mid >= a - tol && mid <= b + tol)
        })
        .collect()
}

/// Sides of the maze along which a line runs parallel to its frame, between 0.6 and 1.4
/// pitches outside it, over 85% of the frame's length, with ink past the faint limit
/// ([`super::sample::faint`]) and a quarter of the way to the walls' colour, and no ink
/// halfway between (a line, not a dark
/// surround). The frame read is then a wall line inside the maze, and the maze's own frame,
/// drawn lighter (a screenshot scaled down greys a one-pixel line), lies beyond it.
///
/// Complexity: O(frame length × pitch).
pub fn lines_beyond(t: &Tones, lat: &Lattice) -> usize {
    let w = lat.width;
    if lat.pixel || lat.rows.len() < 3 || lat.cols.len() < 3 || w == 0 {
        return 0;
    }
    let h = t.tone.len() / w;
    // Past the faint limit and a quarter of the way from the paper to the walls' colour at
    // least: a greyed line, not the shadow of a card the maze is printed on.
    let limit = super::sample::faint(t, lat).min(LIGHT - LIGHT / 4);
    let ink = |x: f64, y: f64| {
        if !(x >= 0.0 && y >= 0.0 && x < w as f64 && y < h as f64) {
            return false;
        }
        let v = t.tone[y as usize * w + x as usize];
        v != MARK && is_wall(v, lat.dark_walls, limit)
    };
    let mid = |s: (f64, f64)| (s.0 + s.1) / 2.0;
    let (Some(&top), Some(&bottom), Some(&left), Some(&right)) = (
        lat.rows.first(),
        lat.rows.last(),
        lat.cols.first(),
        lat.cols.last(),
    ) else {
        return 0;
    };
    let (x0, x1) = (mid(left), mid(right));
    let (y0, y1) = (mid(top), mid(bottom));
    // The share of the side's length with ink at offset `d` outside it (`at(d, t)` the pixel
    // at offset d and position t along the side, t from 0 to `len`).
    let share = |len: f64, at: &dyn Fn(f64, f64) -> (f64, f64), d: f64| {
        let n = len.floor().max(1.0) as usize;
        let hits = (0..n)
            .filter(|&k| {
                let (x, y) = at(d, k as f64 + 0.5);
                ink(x, y)
            })
            .count();
        hits as f64 / n as f64
    };
    let side = |len: f64, pitch: f64, at: &dyn Fn(f64, f64) -> (f64, f64)| {
        if pitch < 4.0 {
            return false;
        }
        let (lo, hi) = ((0.6 * pitch).round() as i64, (1.4 * pitch).round() as i64);
        (lo..=hi).any(|d| {
            let d = d as f64;
            share(len, at, d) >= 0.85 && share(len, at, (d / 2.0).round()) < 0.3
        })
    };
    let (px, py) = (Lattice::pitch(&lat.cols), Lattice::pitch(&lat.rows));
    let (lx, ly) = (x1 - x0, y1 - y0);
    [
        side(ly, px, &|d, t| (x0 - d, y0 + t)),
        side(ly, px, &|d, t| (x1 + d, y0 + t)),
        side(lx, py, &|d, t| (x0 + t, y0 - d)),
        side(lx, py, &|d, t| (x0 + t, y1 + d)),
    ]
    .into_iter()
    .filter(|&b| b)
    .count()
}

/// What lies around a reading's maze in the picture its view was cut or straightened from
/// ([`around_in_source`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Around {
    /// Ink within a pitch outside the maze, as a share of the ink within and outside it
    /// (from 0 to 1).
    pub outside: f64,
    /// Wall lines that run on past the frame.
    pub runs_on: usize,
}

/// For a reading in a view cut or straightened from a picture, what lies around its maze in
/// the picture itself (`map` takes a view pixel to the picture's; both measures are sampled at
/// the view's pixels). A view shows only a little of the page around the maze it was made for;
/// a frame found a few columns short of the maze leaves the rest of the maze outside, where
/// only the picture shows it:
///
/// - **outside**: the ink within one pitch outside the maze's extent, as a share of that ink
///   and the ink inside it together;
/// - **runs on**: the wall lines that go on past the frame, straight out for most of a pitch
///   (the walls of the rooms beyond; a maze's walls stop at its frame).
///
/// The first quarter pitch beyond the extent is left out (the frame's own line, blurred, or a
/// little off an extent straightened by an affine map), and so is ink in `set_aside` (the
/// picture's titles, captions and other marks apart from the maze).
///
/// Complexity: O(pixels of the extent and one pitch around it), a map each.
pub fn around_in_source(
    source: &Tones,
    size: (usize, usize),
    set_aside: &[super::Region],
    map: impl Fn(f64, f64) -> (f64, f64),
    lat: &Lattice,
) -> Around {
    let (sw, sh) = size;
    let none = Around {
        outside: 0.0,
        runs_on: 0,
    };
    if source.tone.len() != sw * sh || lat.pixel {
        return none;
    }
    let (x0, x1) = Lattice::extent(&lat.cols);
    let (y0, y1) = Lattice::extent(&lat.rows);
    let ring = Lattice::pitch(&lat.rows)
        .max(Lattice::pitch(&lat.cols))
        .max(2.0)
        .round();
    let ink_at = |u: f64, v: f64| {
        let (x, y) = map(u, v);
        if !(x >= 0.0 && y >= 0.0 && x < sw as f64 && y < sh as f64) {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        if set_aside
            .iter()
            .any(|r| x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1)
        {
            return false;
        }
        let t = source.tone[y * sw + x];
        t != MARK && is_wall(t, lat.dark_walls, MID)
    };
    let gap = (ring / 4.0).max(3.0);
    let (mut inside, mut outside) = (0u64, 0u64);
    let mut v = (y0 - ring).floor();
    while v < y1 + ring {
        crate::stop::check();
        let mut u = (x0 - ring).floor();
        while u < x1 + ring {
            let c = (u + 0.5, v + 0.5);
            let beyond = (x0 - c.0).max(c.0 - x1).max(y0 - c.1).max(c.1 - y1);
            if (beyond < 0.0 || beyond >= gap) && ink_at(c.0, c.1) {
                if beyond < 0.0 {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
            u += 1.0;
        }
        v += 1.0;
    }
    // Each wall line followed out past both ends, from `gap` to a pitch: ink there (within a
    // pixel of the line's middle) at seven samples of ten or more, and it runs on.
    let mut runs_on = 0;
    if ring - gap >= 4.0 {
        let runs = |at: &dyn Fn(f64, f64) -> bool| {
            let (mut hit, mut all) = (0, 0);
            let mut d = gap;
            while d < ring {
                all += 1;
                hit += usize::from([-1.0, 0.0, 1.0].iter().any(|&o| at(d, o)));
                d += 1.0;
            }
            10 * hit >= 7 * all
        };
        for &(a, b) in lat.rows.iter().step_by(2) {
            let y = (a + b) / 2.0;
            runs_on += usize::from(runs(&|d, o| ink_at(x1 + d, y + o)));
            runs_on += usize::from(runs(&|d, o| ink_at(x0 - d, y + o)));
        }
        for &(a, b) in lat.cols.iter().step_by(2) {
            let x = (a + b) / 2.0;
            runs_on += usize::from(runs(&|d, o| ink_at(x + o, y1 + d)));
            runs_on += usize::from(runs(&|d, o| ink_at(x + o, y0 - d)));
        }
    }
    Around {
        outside: outside as f64 / (inside + outside).max(1) as f64,
        runs_on,
    }
}

/// The share of the edges' strength, within `xs × ys`, in edges that run obliquely (their
/// gradient within 22.5° of a diagonal): ink drawn along the axes has almost none, anti-aliased
/// or not; hexagons, triangles and circles have a third or more. Pixels next to a mark are
/// left out. O(pixels).
pub fn oblique(t: &Tones, w: usize, xs: (usize, usize), ys: (usize, usize)) -> f64 {
    let (mut all, mut slant) = (0u64, 0u64);
    let h = t.tone.len() / w.max(1);
    let (x0, x1) = (xs.0.max(1), xs.1.min(w.saturating_sub(1)));
    let (y0, y1) = (ys.0.max(1), ys.1.min(h.saturating_sub(1)));
    for y in y0..y1 {
        let (up, row, down) = (
            &t.tone[(y - 1) * w..y * w],
            &t.tone[y * w..(y + 1) * w],
            &t.tone[(y + 1) * w..(y + 2) * w],
        );
        for x in x0..x1 {
            let (l, r, u, d) = (row[x - 1], row[x + 1], up[x], down[x]);
            if l == MARK || r == MARK || u == MARK || d == MARK {
                continue;
            }
            let gx = (i32::from(r) - i32::from(l)).unsigned_abs();
            let gy = (i32::from(d) - i32::from(u)).unsigned_abs();
            let m = gx + gy;
            if m < 60 {
                continue;
            }
            all += u64::from(m);
            // tan(22.5°) ≈ 0.414: both components large is an oblique edge.
            if 1000 * gx.min(gy) > 414 * gx.max(gy) {
                slant += u64::from(m);
            }
        }
    }
    slant as f64 / all.max(1) as f64
}

/// The measures of the grid alone: frame, rooms, posts, regions, cells.
fn structure(grid: &Grid, rows: usize, cols: usize, forced_posts: bool) -> Fit {
    let open = |i: usize, j: usize| grid.is_path(i * cols + j);
    let share = |k: usize, n: usize| if n == 0 { 1.0 } else { k as f64 / n as f64 };
    // Frame: wall segments of the outer ring.
    let (mut fk, mut fn_) = (0usize, 0usize);
    if rows >= 3 && cols >= 3 {
        for j in (1..cols).step_by(2) {
            for i in [0, rows - 1] {
                fn_ += 1;
                fk += usize::from(!open(i, j));
            }
        }
        for i in (1..rows).step_by(2) {
            for j in [0, cols - 1] {
                fn_ += 1;
                fk += usize::from(!open(i, j));
            }
        }
    }
    let regions = regions(grid, rows, cols);
    let (mut ro, mut rn, mut pw, mut pn) = (0usize, 0usize, 0usize, 0usize);
    for i in 0..rows {
        for j in 0..cols {
            match (i % 2, j % 2) {
                (1, 1) => {
                    rn += 1;
                    ro += usize::from(open(i, j));
                }
                (0, 0) if i > 0 && j > 0 && i + 1 < rows && j + 1 < cols => {
                    pn += 1;
                    pw += usize::from(!open(i, j));
                }
                _ => {}
            }
        }
    }
    Fit {
        stray: 0.0,
        outside: 0.0,
        runs_on: 0,
        lines_beyond: 0,
        frame: share(fk, fn_),
        frame_cells: fn_,
        rooms_open: share(ro, rn),
        posts_wall: if forced_posts { 1.0 } else { share(pw, pn) },
        regions: regions.0,
        apart: regions.1,
        oblique: 0.0,
        oblique_view: 0.0,
        rooms: rn,
        graded: 0.0,
        cells: rows * cols,
        dark_walls: true,
        ringed: false,
        drawn: true,
        two_widths: false,
    }
}

/// [`structure`] for a lattice of blocks ([`Lattice::blocks`]): no rooms or posts apart, so
/// their shares are 1; the frame is every cell of the outer ring but the corners; and the grid
/// must look like a maze drawn a cell per block ([`super::drawn_per_pixel`]: corridors one cell
/// wide, few cells of passage walled in all round; and a twentieth of its cells passage and a
/// twentieth wall at least), not like a line maze read with passages several blocks wide, or a
/// page read as a few blocks of ink.
fn blocks_structure(grid: &Grid, rows: usize, cols: usize) -> Fit {
    let open = |i: usize, j: usize| grid.is_path(i * cols + j);
    let (mut fk, mut fn_) = (0usize, 0usize);
    if rows >= 3 && cols >= 3 {
        for j in 1..cols - 1 {
            for i in [0, rows - 1] {
                fn_ += 1;
                fk += usize::from(!open(i, j));
            }
        }
        for i in 1..rows - 1 {
            for j in [0, cols - 1] {
                fn_ += 1;
                fk += usize::from(!open(i, j));
            }
        }
    }
    let share = |k: usize, n: usize| if n == 0 { 1.0 } else { k as f64 / n as f64 };
    let regions = regions(grid, rows, cols);
    Fit {
        frame: share(fk, fn_),
        frame_cells: fn_,
        rooms_open: 1.0,
        posts_wall: 1.0,
        regions: regions.0,
        apart: regions.1,
        rooms: grid.count_paths(),
        cells: rows * cols,
        ringed: ringed(grid, rows, cols),
        drawn: super::drawn_per_pixel(grid) && {
            // A maze's share of passage: a twentieth of the cells or more, and of wall too.
            let (paths, cells) = (grid.count_paths(), rows * cols);
            20 * paths >= cells && 20 * (cells - paths) >= cells && paths >= 4
        },
        ..structure(grid, 0, 0, false)
    }
}

/// True when, on a grid of 11 cells or more each way, the first ring of cells from the border
/// that is not nine tenths wall (the frame, one ring thick or more) is open all round but one
/// cell a side (corners left out): a corridor all around inside the frame. O(cells).
fn ringed(grid: &Grid, rows: usize, cols: usize) -> bool {
    if rows < 11 || cols < 11 {
        return false;
    }
    let open = |i: usize, j: usize| grid.is_path(i * cols + j);
    // The four sides of ring k, corners left out: (cells, closed ones) each.
    let sides = |k: usize| -> [(usize, usize); 4] {
        let (r1, c1) = (rows - 1 - k, cols - 1 - k);
        let closed = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
            cells.fold((0, 0), |(n, c), (i, j)| {
                (n + 1, c + usize::from(!open(i, j)))
            })
        };
        [
            closed(&mut (k + 1..c1).map(|j| (k, j))),
            closed(&mut (k + 1..c1).map(|j| (r1, j))),
            closed(&mut (k + 1..r1).map(|i| (i, k))),
            closed(&mut (k + 1..r1).map(|i| (i, c1))),
        ]
    };
    let mut k = 0;
    while 2 * k + 5 <= rows.min(cols) {
        let s = sides(k);
        let (n, c) = s.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if 10 * c < 9 * n {
            return k > 0 && s.iter().all(|&(_, c)| c <= 1);
        }
        k += 1;
    }
    false
}

/// The connected regions of passage cells (4-neighbours), and the share of passage cells
/// outside the largest. O(cells).
fn regions(grid: &Grid, rows: usize, cols: usize) -> (usize, f64) {
    let n = rows * cols;
    let mut seen = fixedbitset::FixedBitSet::with_capacity(n);
    let mut stack = Vec::new();
    let (mut count, mut largest, mut all) = (0usize, 0usize, 0usize);
    for s in 0..n {
        if !grid.is_path(s) || seen.contains(s) {
            continue;
        }
        count += 1;
        seen.insert(s);
        stack.push(s);
        let mut size = 0usize;
        while let Some(c) = stack.pop() {
            size += 1;
            let (i, j) = (c / cols, c % cols);
            let mut visit = |k: usize| {
                if grid.is_path(k) && !seen.contains(k) {
                    seen.insert(k);
                    stack.push(k);
                }
            };
            if i > 0 {
                visit(c - cols);
            }
            if i + 1 < rows {
                visit(c + cols);
            }
            if j > 0 {
                visit(c - 1);
            }
            if j + 1 < cols {
                visit(c + 1);
            }
        }
        largest = largest.max(size);
        all += size;
    }
    let apart = if all == 0 {
        0.0
    } else {
        (all - largest) as f64 / all as f64
    };
    (count, apart)
}

/// The largest share of graded tones ([`graded`]) of a picture drawn flat (a screenshot, a
/// program's drawing: shades only where its colours meet, from anti-aliasing or a JPEG's
/// ringing); a photo is shaded all over. The block finder and the reading of thin lines spread
/// over two pixels ask for it.
pub const FLAT: f64 = 0.08;

/// The share of pixels whose tone lies far from both colours (between a fifth and four fifths
/// of the way), marks left out. O(pixels).
pub fn graded(t: &Tones) -> f64 {
    let (lo, hi) = (LIGHT / 5, LIGHT - LIGHT / 5);
    let (mut k, mut n) = (0u64, 0u64);
    for &v in &t.tone {
        if v == MARK {
            continue;
        }
        n += 1;
        k += u64::from(v > lo && v < hi);
    }
    k as f64 / n.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::{hypotheses, sample, tones, Raster};

    fn read(r: &Raster) -> (Tones, Lattice, Grid) {
        let t = tones::tones(r, [0; 4]).unwrap();
        let lat =
            hypotheses::edges::find(&t, r.width, r.height, Default::default(), [0; 4]).unwrap();
        let s = sample::sample(&t, &lat, &Default::default()).unwrap();
        (t, lat, s.grid)
    }

    #[test]
    fn a_line_maze_is_explained_and_a_shifted_lattice_is_not() {
        let maze = crate::Maze::from_text_rows(&[
            "#.#######",
            "#.....#.#",
            "#.###.#.#",
            "#...#...#",
            "#######.#",
        ])
        .unwrap();
        let r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
        let (t, lat, grid) = read(&r);
        let fit = verify(&t, &lat, &grid, true);
        assert!(fit.judge(&BOUNDS).is_ok(), "{fit:?}");
        assert_eq!(fit.regions, 1);
        // The same lattice moved by half a pitch: wall lines cross its rooms.
        let mut off = lat.clone();
        for s in off.cols.iter_mut().chain(off.rows.iter_mut()) {
            *s = (s.0 + 6.0, s.1 + 6.0);
        }
        let s = sample::sample(&t, &off, &Default::default()).unwrap();
        let fit = verify(&t, &off, &s.grid, true);
        assert!(fit.judge(&BOUNDS).is_err(), "{fit:?}");
    }

    #[test]
    fn ink_outside_a_corner_of_a_maze_is_a_share_of_all_the_ink() {
        // A 6×6-room comb maze; the lattice of its top-left room only: the rest of the maze
        // lies around that corner, more ink than within it (once a share over 100%).
        let rows: Vec<String> = (0..13)
            .map(|i| {
                (0..13)
                    .map(|j| {
                        let edge = i == 0 || j == 0 || i == 12 || j == 12;
                        let open = (i % 2 == 1 && j % 2 == 1)
                            || (i % 2 == 1 && j % 2 == 0 && !edge)
                            || (i == 0 && j == 1)
                            || (i % 4 == 2 && j == 1)
                            || (i % 4 == 0 && i > 0 && j == 11);
                        if open {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let maze = crate::Maze::from_text_rows(&rows).unwrap();
        let r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
        let (t, lat, _) = read(&r);
        assert_eq!((lat.rows.len(), lat.cols.len()), (13, 13));
        let mut corner = lat.clone();
        corner.rows.truncate(3);
        corner.cols.truncate(3);
        let s = sample::sample(&t, &corner, &Default::default()).unwrap();
        let fit = verify(&t, &corner, &s.grid, true);
        assert!(fit.outside > 0.5 && fit.outside <= 1.0, "{fit:?}");
        let why = fit.judge(&BOUNDS).unwrap_err();
        assert!(
            why.ends_with("of the ink lies just outside the maze found"),
            "{why}"
        );
        let around = around_in_source(&t, (r.width, r.height), &[], |x, y| (x, y), &corner);
        assert!(around.outside > 0.3 && around.outside <= 1.0, "{around:?}");
        // The whole maze has none.
        let s = sample::sample(&t, &lat, &Default::default()).unwrap();
        assert_eq!(verify(&t, &lat, &s.grid, true).outside, 0.0);
    }

    /// A fit that explains everything, for the tests to change a field or two of.
    fn clean_fit() -> Fit {
        Fit {
            stray: 0.0,
            outside: 0.0,
            runs_on: 0,
            lines_beyond: 0,
            frame: 1.0,
            frame_cells: 8,
            rooms_open: 1.0,
            posts_wall: 1.0,
            regions: 1,
            apart: 0.0,
            oblique: 0.0,
            oblique_view: 0.0,
            rooms: 4,
            graded: 0.0,
            cells: 4,
            dark_walls: true,
            ringed: false,
            drawn: true,
            two_widths: false,
        }
    }

    #[test]
    fn coarser_explanations_win() {
        let fit = |cells: usize, stray: f64| Fit {
            stray,
            cells,
            ..clean_fit()
        };
        assert!(better(&fit(100, 0.01), &fit(400, 0.0)));
        assert!(better(&fit(100, 0.0), &fit(101, 0.01)));
    }

    #[test]
    fn oblique_edges_within_the_lattice_only_are_not_called_hexagons() {
        let fit = |oblique: f64, oblique_view: f64| Fit {
            oblique,
            oblique_view,
            ..clean_fit()
        };
        let why = fit(1.0, 0.06).judge(&BOUNDS).unwrap_err();
        assert!(
            why.starts_with("100% of the edges within it run obliquely, where 6% of the picture's")
                && why.contains("does not lie on the picture's lines")
                && !why.contains("hexagons"),
            "{why}"
        );
        let why = fit(0.6, 0.5).judge(&BOUNDS).unwrap_err();
        assert!(why.contains("hexagons, triangles or circles"), "{why}");
        assert!(fit(0.1, 0.6).judge(&BOUNDS).is_ok());
    }
}
