//! Maze pictures as people have them: any scale, line or block walls, any two colours, margins,
//! anti-aliasing, JPEG noise, solution marks painted over the passages.
//!
//! [`read`] turns the bytes of a PNG, JPEG, BMP, GIF or WebP picture into a [`Picture`]: the
//! maze in the project's cell grid (rooms at odd coordinates, one cell per wall line or
//! passage) and the [`Lattice`] that says where each cell lies in the picture, so that results
//! can be drawn back on the original ([`overlay`]). The steps:
//!
//! 1. **Fast path**: a bi-level PNG (1-bit gray, or a black-and-white palette) is decoded
//!    straight into the grid, one bit a pixel, as [`crate::format::png::read`] does; when the
//!    grid looks drawn one pixel per cell (many one-pixel-wide passages, no enclosed single
//!    pixels) it is the maze, with no other work.
//! 2. Otherwise the picture is decoded to RGB and given a colour model ([`tone`]): its two main
//!    colours, a tone between them for every pixel, and marks (colours off that line).
//! 3. [`lattice::find`] recovers the lattice (pitch, wall thickness, offset, margin, which
//!    colour is the wall) from the picture's straight edges, and [`lattice::sample`] reads each
//!    cell.
//!
//! What [`Cells`] can force: one pixel per cell ([`Cells::Pixel`], exactly the PNG reader's
//! 50%-luminance rule) or a pitch and wall thickness ([`Cells::Pitch`]). Cells must be at least
//! two pixels wide for detection; pictures drawn at one pixel per cell are detected as such.
//!
//! ```
//! use mazegraph::picture::{self, Raster};
//! use mazegraph::format::ReadOptions;
//! // A 2x3-room maze drawn with 6-pixel passages, 2-pixel black walls and a 5-pixel margin.
//! let rows = ["#.#####", "#.....#", "#####.#", "#.....#", "#####.#"];
//! let maze = mazegraph::Maze::from_text_rows(&rows).unwrap();
//! let mut pic = Raster::filled(2 * 5 + 3 * 8 + 2, 2 * 5 + 2 * 8 + 2, [255; 3]);
//! let span = |i: usize| if i % 2 == 0 { (5 + 4 * i, 2) } else { (5 + 4 * i - 2, 6) };
//! for (i, row) in rows.iter().enumerate() {
//!     for (j, c) in row.bytes().enumerate() {
//!         let ((y, h), (x, w)) = (span(i), span(j));
//!         if c == b'#' {
//!             pic.fill_rect(x, y, x + w, y + h, [0; 3]);
//!         }
//!     }
//! }
//! let mut png = Vec::new();
//! pic.write_png(&mut png).unwrap();
//! let read = picture::read(&png, &ReadOptions::default()).unwrap();
//! assert_eq!(read.maze.grid(), maze.grid());
//! assert_eq!(read.describe(), "2×3 rooms, pitch 8 px, walls 2 px, margin 5 px");
//! ```

pub mod lattice;
pub mod marks;
pub mod overlay;
#[cfg(feature = "pictures")]
pub mod page;
pub mod raster;
pub mod tone;
pub mod warp;

pub use lattice::Lattice;
pub use raster::Raster;

use crate::error::{Error, Result};
use crate::format::{png as png_format, ReadOptions};
use crate::grid::Grid;
use crate::maze::Maze;

/// How a picture's pixels map to cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Cells {
    /// Detect the lattice (the default).
    #[default]
    Auto,
    /// One pixel per cell, dark (luminance below 50%) is wall: the PNG reader's rule.
    Pixel,
    /// A given pitch in pixels (wall line + passage, may be fractional), and maybe the wall
    /// thickness; the offset, margin and colours are still detected.
    Pitch {
        /// Wall line + passage, in pixels (at least 2).
        pitch: f64,
        /// Wall line thickness in pixels (less than the pitch); detected when `None`.
        wall: Option<f64>,
    },
}

impl std::str::FromStr for Cells {
    type Err = String;
    /// `auto`, `pixel`, `PITCH` or `PITCH,WALL` (pixels, decimals allowed).
    ///
    /// ```
    /// use mazegraph::picture::Cells;
    /// assert_eq!("auto".parse::<Cells>(), Ok(Cells::Auto));
    /// assert_eq!("18,4".parse::<Cells>(), Ok(Cells::Pitch { pitch: 18.0, wall: Some(4.0) }));
    /// assert!("1.5".parse::<Cells>().is_err());
    /// ```
    fn from_str(s: &str) -> std::result::Result<Cells, String> {
        let bad = || {
            format!("{s:?}: expected auto, pixel, PITCH or PITCH,WALL (pixels, e.g. 18 or 18.5,4)")
        };
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => return Ok(Cells::Auto),
            "pixel" | "1" => return Ok(Cells::Pixel),
            _ => {}
        }
        let mut parts = s.split(',').map(|p| p.trim().parse::<f64>());
        let pitch = parts.next().and_then(|p| p.ok()).ok_or_else(bad)?;
        let wall = match parts.next() {
            None => None,
            Some(Ok(w)) => Some(w),
            Some(Err(_)) => return Err(bad()),
        };
        if parts.next().is_some() || !pitch.is_finite() || !(2.0..=100_000.0).contains(&pitch) {
            return Err(bad());
        }
        if let Some(w) = wall {
            if !w.is_finite() || w < 0.5 || w > pitch - 1.0 {
                return Err(format!(
                    "{s:?}: the wall must be at least 0.5 px and a pixel less than the pitch"
                ));
            }
        }
        Ok(Cells::Pitch { pitch, wall })
    }
}

/// What to do with walls whose evidence is unsure ([`lattice::wall_share`] between
/// [`lattice::DOUBT`] and `1 − DOUBT`: a stroke covering half a wall, a room half dark).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Doubtful {
    /// Refuse the picture, saying how many cells are in doubt and where (the default: a wrong
    /// maze read without a word is the one outcome a user cannot recover from).
    #[default]
    Refuse,
    /// Read each by the majority of its evidence.
    Majority,
    /// Read them all as walls.
    Wall,
    /// Read them all as passages.
    Open,
}

impl std::str::FromStr for Doubtful {
    type Err = String;
    /// `refuse`, `majority`, `wall` or `open`.
    ///
    /// ```
    /// use mazegraph::picture::Doubtful;
    /// assert_eq!("wall".parse::<Doubtful>(), Ok(Doubtful::Wall));
    /// assert!("maybe".parse::<Doubtful>().is_err());
    /// ```
    fn from_str(s: &str) -> std::result::Result<Doubtful, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "refuse" => Ok(Doubtful::Refuse),
            "majority" => Ok(Doubtful::Majority),
            "wall" => Ok(Doubtful::Wall),
            "open" => Ok(Doubtful::Open),
            _ => Err(format!("{s:?}: expected refuse, majority, wall or open")),
        }
    }
}

/// A rectangle of a picture, `[x0, x1) × [y0, y1)` in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Left edge.
    pub x0: usize,
    /// Top edge.
    pub y0: usize,
    /// Right edge (excluded).
    pub x1: usize,
    /// Bottom edge (excluded).
    pub y1: usize,
}

impl Region {
    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.x1 - self.x0
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.y1 - self.y0
    }
}

/// A maze read from a picture, with where its cells lie.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The maze: one cell per wall line, post, wall segment or room of the picture.
    pub maze: Maze,
    /// Where each cell lies in the picture.
    pub lattice: Lattice,
    /// Pixels painted over passages in a third colour (solution lines, terminal dots).
    pub marks: usize,
    /// The rooms marked as start and goal by two small dots of distinct colours
    /// ([`marks::terminals`]), or why there are none.
    pub marked_terminals: std::result::Result<(usize, usize), String>,
    /// What was set aside around the maze (titles, labels, arrows, the surroundings of a
    /// photographed sheet): the bounding boxes of those marks, in the picture's pixels.
    pub set_aside: Vec<Region>,
    /// The cells whose reading was in doubt, read as [`ReadOptions::doubtful`] said (empty
    /// unless it allowed them).
    pub doubtful: Vec<usize>,
    /// How clear the least clear wall reading was, from 0 to 1 ([`lattice::Sampled`]).
    pub confidence: f64,
    /// True when the cells lie where the picture's own text chunk says
    /// ([`png_format::CELL_PIXELS_KEYWORD`]), rather than where the lattice was found.
    pub declared: bool,
}

/// How sure a picture's reading is, and what was set aside to read it (for `stats`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reading {
    /// How clear the least clear wall reading was, from 0 to 1 ([`lattice::Sampled`]).
    pub confidence: f64,
    /// Cells whose reading was in doubt and was forced (`--doubtful`).
    pub doubtful: usize,
    /// True when the picture was straightened (a photo at an angle) before it was read.
    pub straightened: bool,
    /// The marks set aside around the maze, as `[x0, y0, x1, y1]` pixel boxes.
    pub set_aside: Vec<[usize; 4]>,
}

impl Picture {
    /// How sure the reading is, and what was set aside.
    pub fn reading(&self) -> Reading {
        Reading {
            confidence: self.confidence,
            doubtful: self.doubtful.len(),
            straightened: self.lattice.warp.is_some(),
            set_aside: self
                .set_aside
                .iter()
                .map(|r| [r.x0, r.y0, r.x1, r.y1])
                .collect(),
        }
    }

    /// The maze's size, for a person: `"12×9 rooms"`, or `"41×31 cells"` for a picture read
    /// one pixel per cell.
    pub fn rooms(&self) -> String {
        let l = &self.lattice;
        if l.pixel {
            format!("{}×{} cells", l.cols.len(), l.rows.len())
        } else {
            format!("{}×{} rooms", l.rows.len() / 2, l.cols.len() / 2)
        }
    }

    /// What was detected, for a person: `"12×9 rooms, pitch 18 px, walls 4 px, margin 30 px"`,
    /// or `"one pixel per cell (41×31 cells)"`.
    pub fn describe(&self) -> String {
        let l = &self.lattice;
        if l.pixel {
            let mut s = format!(
                "one pixel per cell ({}×{} cells)",
                l.cols.len(),
                l.rows.len()
            );
            s += &marks_note(self.marks);
            if self.declared {
                s += ", as the picture declares";
            }
            return s;
        }
        let px = |v: f64| {
            if (v - v.round()).abs() < 0.05 {
                format!("{}", v.round())
            } else {
                format!("{v:.1}")
            }
        };
        let both = |a: f64, b: f64| {
            if (a - b).abs() < 0.15 {
                px((a + b) / 2.0)
            } else {
                format!("{}×{}", px(b), px(a))
            }
        };
        let (wy, _) = Lattice::widths(&l.rows);
        let (wx, _) = Lattice::widths(&l.cols);
        let margins = [
            l.rows.first().map_or(0.0, |s| s.0),
            l.width as f64 - l.cols.last().map_or(0.0, |s| s.1),
            l.height as f64 - l.rows.last().map_or(0.0, |s| s.1),
            l.cols.first().map_or(0.0, |s| s.0),
        ]
        .map(|m| m.round().max(0.0) as usize);
        let (lo, hi) = (
            margins.iter().min().copied().unwrap_or(0),
            margins.iter().max().copied().unwrap_or(0),
        );
        let mut s = format!(
            "{}×{} rooms, pitch {} px, walls {} px, margin {}",
            l.rows.len() / 2,
            l.cols.len() / 2,
            both(Lattice::pitch(&l.rows), Lattice::pitch(&l.cols)),
            both(wy, wx),
            if lo == hi {
                format!("{lo} px")
            } else {
                format!("{lo}–{hi} px")
            }
        );
        if !l.dark_walls {
            s += ", light walls";
        }
        if l.warp.is_some() {
            s += ", straightened";
        }
        s += &marks_note(self.marks);
        match self.set_aside.len() {
            0 => {}
            1 => s += ", 1 mark outside the maze set aside",
            n => s += &format!(", {n} marks outside the maze set aside"),
        }
        if !self.doubtful.is_empty() {
            s += &format!(", {} cells in doubt", self.doubtful.len());
        }
        if self.declared {
            s += ", as the picture declares";
        }
        s
    }
}

/// `", 12 marked pixels read as passage"`, or nothing without marks.
fn marks_note(marks: usize) -> String {
    match marks {
        0 => String::new(),
        1 => ", 1 marked pixel read as passage".into(),
        n => format!(", {n} marked pixels read as passage"),
    }
}

/// Reads a maze picture (PNG, JPEG, BMP, GIF, WebP; the format is read from the bytes).
///
/// Complexity: O(width × height). A bi-level PNG drawn one pixel per cell costs what
/// [`png_format::read`] costs plus one pass over the grid's words; other pictures are decoded
/// to RGB (3 bytes a pixel) and given a tone map (1 byte a pixel).
///
/// Errors: [`Error::TooLarge`] for pictures whose pixel count exceeds `opts.limits` (checked
/// from the header), [`Error::Corrupt`] for files no decoder accepts, [`Error::NoLattice`]
/// when no maze lattice fits the picture (noise, a photo, one colour, a circular maze).
pub fn read(bytes: &[u8], opts: &ReadOptions) -> Result<Picture> {
    let is_png = bytes.starts_with(b"\x89PNG\r\n\x1a\n");
    if is_png
        && (opts.cells == Cells::Pixel
            || (opts.cells == Cells::Auto && png_format::is_bilevel(bytes)))
    {
        let maze = png_format::read(bytes, opts)?;
        if opts.cells == Cells::Pixel
            || drawn_per_pixel(maze.grid())
            || png_format::declares_pixel_cells(bytes)
        {
            return Ok(pixel_picture(maze));
        }
    }
    let raster = if is_png {
        png_format::read_rgb(bytes, opts)?
    } else {
        Raster::decode(bytes, &opts.limits)?
    };
    if is_png && opts.cells == Cells::Auto {
        if let Some(side) = png_format::declared_cell_pixels(bytes) {
            if let Some(pic) = read_declared(&raster, side, opts)? {
                return Ok(pic);
            }
        }
    }
    from_raster(&raster, opts)
}

/// Tones by the writers' own colours: black (every channel below 64) is the dark class, grey
/// to white the light one, any other colour a mark.
fn plain_tones(raster: &Raster) -> tone::Tones {
    let mut marks = 0;
    let tone: Vec<u8> = raster
        .rgb
        .chunks_exact(3)
        .map(|p| {
            let (lo, hi) = (p.iter().min().copied(), p.iter().max().copied());
            let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(0));
            if hi < 64 {
                0
            } else if hi - lo <= 24 {
                tone::LIGHT
            } else {
                marks += 1;
                tone::MARK
            }
        })
        .collect();
    tone::Tones {
        dark: [0, 0, 0],
        light: [255, 255, 255],
        tone,
        marks,
    }
}

/// Reads a picture whose writer declared its cells squares of `side` pixels from the top-left
/// corner ([`png_format::CELL_PIXELS_KEYWORD`]): each square is one cell, wall when most of its
/// pixels are (black: the writers' walls; other colours than grey to white are marks, read as
/// passage). `None`, so that the lattice is looked for as in any
/// other picture, when the picture's size is not a whole number of squares or a square is not
/// nine tenths one class (the picture was edited, scaled or painted over since).
///
/// Complexity: O(pixels).
fn read_declared(raster: &Raster, side: usize, opts: &ReadOptions) -> Result<Option<Picture>> {
    let (w, h) = (raster.width, raster.height);
    if w == 0 || h == 0 || w % side != 0 || h % side != 0 {
        return Ok(None);
    }
    let (rows, cols) = (h / side, w / side);
    let shape = crate::grid::Shape::with_limits(vec![rows, cols], &opts.limits)?;
    // The writers' own colours, not a colour model: a thin maze's picture may have more of
    // the solution's blue and the goal's red than of white.
    let tones = plain_tones(raster);
    let mut grid = Grid::walls(shape);
    // Wall pixels of each cell of the current row of cells, then the cell's verdict.
    let mut walls = vec![0usize; cols];
    for r in 0..rows {
        crate::stop::check();
        walls.fill(0);
        for y in r * side..(r + 1) * side {
            let line = &tones.tone[y * w..(y + 1) * w];
            for (x, &v) in line.iter().enumerate() {
                walls[x / side] += usize::from(v != tone::MARK && v < tone::MID);
            }
        }
        let all = side * side;
        for (c, &k) in walls.iter().enumerate() {
            if 10 * k >= 9 * all {
                continue;
            }
            if 10 * k > all {
                return Ok(None);
            }
            grid.set_path(r * cols + c, true);
        }
    }
    let lattice = Lattice {
        width: w,
        height: h,
        rows: (0..rows)
            .map(|i| ((i * side) as f64, ((i + 1) * side) as f64))
            .collect(),
        cols: (0..cols)
            .map(|j| ((j * side) as f64, ((j + 1) * side) as f64))
            .collect(),
        dark_walls: true,
        pixel: side == 1,
        warp: None,
    };
    let marked_terminals = if lattice.pixel || tones.marks == 0 {
        Err("the picture has no colour marks".to_string())
    } else {
        marks::terminals(raster, &tones, &lattice)
    };
    Ok(Some(Picture {
        maze: Maze::new(grid),
        lattice,
        marks: tones.marks,
        marked_terminals,
        set_aside: Vec::new(),
        doubtful: Vec::new(),
        confidence: 1.0,
        declared: true,
    }))
}

/// Bytes a picture costs to read a maze from, per pixel: the decoded RGB (3), the tone map
/// (1), the edge profiles and the sampled grid (under 1), measured at 4.2 with a margin.
const BYTES_PER_PIXEL: u64 = 6;

/// Checks the memory budget for reading a maze from a `width` × `height` picture, from its
/// header, before decoding it.
pub(crate) fn check_budget(
    width: usize,
    height: usize,
    limits: &crate::grid::Limits,
) -> Result<()> {
    let pixels = (width as u64).saturating_mul(height as u64);
    limits.check_bytes(
        &format!("reading this {width}×{height} picture"),
        pixels.saturating_mul(BYTES_PER_PIXEL),
    )
}

/// The bytes reading a maze from the picture `bytes` will cost (as the reader counts
/// them), from its header alone; `None` when the header names no picture this build reads (the
/// reader then refuses it). A server reserves this before decoding an upload.
///
/// ```
/// let mut png = Vec::new();
/// let maze = mazegraph::Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// mazegraph::format::Format::Png.write_maze(&maze, &mut png).unwrap();
/// assert_eq!(mazegraph::picture::reading_bytes(&png), Some(3 * 2 * 6));
/// assert_eq!(mazegraph::picture::reading_bytes(b"not a picture"), None);
/// ```
pub fn reading_bytes(bytes: &[u8]) -> Option<u64> {
    let (w, h) = dimensions(bytes)?;
    Some(
        u64::from(w)
            .saturating_mul(u64::from(h))
            .saturating_mul(BYTES_PER_PIXEL),
    )
}

/// A picture's width and height, from its header.
fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let info = decoder.read_header_info().ok()?;
        return Some((info.width, info.height));
    }
    #[cfg(feature = "pictures")]
    {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .ok()?
            .into_dimensions()
            .ok()
    }
    #[cfg(not(feature = "pictures"))]
    None
}

/// Reads a PNG maze picture: as [`read`], with PNG's own errors for a file that is not one.
pub fn read_png(bytes: &[u8], opts: &ReadOptions) -> Result<Picture> {
    png_format::check_signature(bytes)?;
    read(bytes, opts)
}

/// Reads a maze from a decoded picture: see [`read`].
///
/// Before the lattice is looked for, the maze is found on the page ([`page::find`]: what lies
/// around it is set aside) and, when the sides of its frame are tilted (a photo taken at an
/// angle), the picture is straightened from the frame's corners ([`warp::straighten`]) and
/// read in the straightened picture; [`Lattice::warp`] then maps the cells back.
pub fn from_raster(raster: &Raster, opts: &ReadOptions) -> Result<Picture> {
    let (w, h) = (raster.width, raster.height);
    if opts.cells == Cells::Pixel {
        let shape = crate::grid::Shape::with_limits(vec![h, w], &opts.limits)?;
        let mut grid = Grid::walls(shape);
        for (i, p) in raster.rgb.chunks_exact(3).enumerate() {
            if png_format::light_rgb(p[0], p[1], p[2]) {
                grid.set_path(i, true);
            }
        }
        return Ok(pixel_picture(Maze::new(grid)));
    }
    let (tones, margins) = colour_model(raster)?;
    #[cfg(feature = "pictures")]
    if let Some(found) = page::find(&tones, w, h, margins) {
        let on_page = read_found(raster, tones.clone(), margins, found, opts)?;
        if on_page.lattice.warp.is_none() && on_page.set_aside.is_empty() {
            return Ok(on_page);
        }
        // The page step changed what is read (it set marks aside or straightened the
        // picture): when the whole picture also reads as a maze, the two must agree.
        return match read_on_page(raster, tones, margins, None, opts) {
            Ok(whole) if whole.maze != on_page.maze => Err(Error::NoLattice(format!(
                "two readings disagree: the whole picture reads as a maze of {}, and the maze \
                 found on it{} as one of {}; crop the picture to the maze (or give its cells \
                 with --cells PITCH,WALL)",
                whole.rooms(),
                if on_page.lattice.warp.is_some() {
                    " (straightened)"
                } else {
                    ", with marks around it set aside,"
                },
                on_page.rooms(),
            ))),
            _ => Ok(on_page),
        };
    }
    read_on_page(raster, tones, margins, None, opts)
}

/// Reads the maze that [`page::find`] found: in the straightened picture when the frame's
/// sides tilt, else on the page with what lies around it set aside.
#[cfg(feature = "pictures")]
fn read_found(
    raster: &Raster,
    tones: tone::Tones,
    margins: [usize; 4],
    found: page::Found,
    opts: &ReadOptions,
) -> Result<Picture> {
    let (w, h) = (raster.width, raster.height);
    if found.tilt > MAX_TILT {
        let corners = found.corners;
        let side = found.maze.width().max(found.maze.height()) as f64;
        let pad = (0.03 * side).max(6.0);
        let fill = if found.dark_ink {
            tones.light
        } else {
            tones.dark
        };
        let max = (w as u64 * h as u64).saturating_mul(2);
        if let Some((straight, map)) = warp::straighten(raster, corners, pad, fill, max) {
            let (t2, m2) = colour_model(&straight)?;
            let found2 = page::find(&t2, straight.width, straight.height, m2);
            let mut pic = read_on_page(&straight, t2, m2, found2.as_ref(), opts)?;
            pic.lattice.warp = Some(map);
            pic.set_aside = found.set_aside;
            return Ok(pic);
        }
    }
    read_on_page(raster, tones, margins, Some(&found), opts)
}

/// A frame whose sides tilt by more than this many pixels end to end is straightened first.
#[cfg(feature = "pictures")]
const MAX_TILT: f64 = 1.0;

/// The picture's two colours and tones, with margins of a third colour set apart
/// ([`tone::tones`], [`tone::flatten_margins`]).
fn colour_model(raster: &Raster) -> Result<(tone::Tones, [usize; 4])> {
    let bands = tone::bands(raster);
    let mut tones = tone::tones(raster, bands).ok_or_else(|| {
        Error::NoLattice(
            "the picture has no two distinct colours (one colour, or soft shades)".into(),
        )
    })?;
    let margins = tone::flatten_margins(raster, &mut tones, bands);
    Ok((tones, margins))
}

/// The marks a page step set aside, and the region of the picture the maze is read in (the
/// maze's box with a margin), when anything was set aside.
#[cfg(feature = "pictures")]
fn page_region(found: Option<&page::Found>, w: usize, h: usize) -> (Vec<Region>, Option<Region>) {
    let Some(f) = found.filter(|f| !f.set_aside.is_empty()) else {
        return (Vec::new(), None);
    };
    let m = f.maze;
    let pad = (m.width().max(m.height()) / 40).max(4);
    let region = Region {
        x0: m.x0.saturating_sub(pad),
        y0: m.y0.saturating_sub(pad),
        x1: (m.x1 + pad).min(w),
        y1: (m.y1 + pad).min(h),
    };
    (f.set_aside.clone(), Some(region))
}

#[cfg(not(feature = "pictures"))]
mod page {
    /// Without the `pictures` feature, no maze is looked for on a page.
    pub struct Found;
}

#[cfg(not(feature = "pictures"))]
fn page_region(_: Option<&page::Found>, _: usize, _: usize) -> (Vec<Region>, Option<Region>) {
    (Vec::new(), None)
}

/// Reads the maze in the picture, inside the region [`page_region`] gives when a page step set
/// marks aside (their ink painted as passage), else in the whole picture.
fn read_on_page(
    raster: &Raster,
    tones: tone::Tones,
    margins: [usize; 4],
    found: Option<&page::Found>,
    opts: &ReadOptions,
) -> Result<Picture> {
    let (w, h) = (raster.width, raster.height);
    let (set_aside, region) = page_region(found, w, h);
    let Some(region) = region else {
        let mut pic = read_tones(raster, &tones, margins, opts)?;
        pic.set_aside = set_aside;
        return Ok(pic);
    };
    #[cfg(feature = "pictures")]
    let tones = match found {
        Some(f) => page::isolate(&tones, w, f, region),
        None => tones,
    };
    let crop = raster.crop(region);
    let [top, right, bottom, left] = margins;
    let inner = [
        top.saturating_sub(region.y0).min(region.height()),
        region.x1.saturating_sub(w - right).min(region.width()),
        region.y1.saturating_sub(h - bottom).min(region.height()),
        left.saturating_sub(region.x0).min(region.width()),
    ];
    let mut pic = read_tones(&crop, &tones, inner, opts)?;
    pic.lattice = pic.lattice.shifted(region.x0, region.y0, w, h);
    pic.set_aside = set_aside;
    Ok(pic)
}

/// Reads the maze from a picture's tones: the lattice ([`lattice::find`]), the cells
/// ([`lattice::sample`]) and the doubtful ones, as [`ReadOptions::doubtful`] says.
fn read_tones(
    raster: &Raster,
    tones: &tone::Tones,
    margins: [usize; 4],
    opts: &ReadOptions,
) -> Result<Picture> {
    let (w, h) = (raster.width, raster.height);
    let no = |why: &str| Error::NoLattice(why.to_string());
    let [top, right, bottom, left] = margins;
    let inside = (w - left - right) * (h - top - bottom);
    let marks_inside = tones.marks.saturating_sub(w * h - inside);
    if marks_inside * 10 > inside * 3 {
        return Err(no(
            "most of the picture is neither of its two main colours (a photo, or noise?)",
        ));
    }
    let lattice = lattice::find(tones, w, h, opts.cells, margins).map_err(|why| no(&why))?;
    let lattice = lattice::grow_into_wall(tones, lattice);
    let sampled = lattice::sample(tones, &lattice, &opts.limits)?;
    let mut grid = sampled.grid;
    if lattice.pixel && !drawn_per_pixel(&grid) {
        return Err(no(
            "edges everywhere but no maze at one pixel per cell (noise?)",
        ));
    }
    if !lattice.pixel && grid.count_paths() == 0 {
        return Err(no("every cell is wall"));
    }
    let doubtful = sampled.doubtful;
    if !doubtful.is_empty() {
        let cols = lattice.cols.len();
        match opts.doubtful {
            Doubtful::Refuse => {
                let at: Vec<String> = doubtful
                    .iter()
                    .take(3)
                    .map(|&i| format!("({}, {})", i / cols, i % cols))
                    .collect();
                let more = if doubtful.len() > 3 { ", …" } else { "" };
                return Err(Error::Doubtful(format!(
                    "{} cell{} of the {}×{}-room maze found {} in doubt, at cells {}{more}: \
                     a stroke covers between {:.0}% and {:.0}% of {}; read {} with \
                     --doubtful majority, wall or open",
                    doubtful.len(),
                    if doubtful.len() == 1 { "" } else { "s" },
                    lattice.rows.len() / 2,
                    lattice.cols.len() / 2,
                    if doubtful.len() == 1 { "is" } else { "are" },
                    at.join(", "),
                    100.0 * lattice::DOUBT,
                    100.0 * (1.0 - lattice::DOUBT),
                    if doubtful.len() == 1 { "it" } else { "each" },
                    if doubtful.len() == 1 { "it" } else { "them" },
                )));
            }
            Doubtful::Majority => {}
            Doubtful::Wall | Doubtful::Open => {
                for &i in &doubtful {
                    grid.set_path(i, opts.doubtful == Doubtful::Open);
                }
            }
        }
    }
    let marked_terminals = if lattice.pixel || marks_inside == 0 {
        Err("the picture has no colour marks".to_string())
    } else {
        marks::terminals(raster, tones, &lattice)
    };
    Ok(Picture {
        maze: Maze::new(grid),
        lattice,
        marks: marks_inside,
        marked_terminals,
        set_aside: Vec::new(),
        doubtful,
        confidence: sampled.confidence,
        declared: false,
    })
}

fn pixel_picture(maze: Maze) -> Picture {
    let dims = maze.shape().dims();
    let (h, w) = (
        dims.first().copied().unwrap_or(0),
        dims.get(1).copied().unwrap_or(0),
    );
    Picture {
        lattice: Lattice::pixel(w, h),
        maze,
        marks: 0,
        marked_terminals: Err("the picture is read one pixel per cell".to_string()),
        set_aside: Vec::new(),
        doubtful: Vec::new(),
        confidence: 1.0,
        declared: false,
    }
}

/// True when a grid read one pixel per cell looks like a maze drawn that way: passages one
/// pixel wide are common (at least 1% of path pixels have walls left and right, or above and
/// below) and single path pixels enclosed by four walls are rare (at most 0.5%, as in noise
/// they are 6%). One pass over the words of at most 512 rows spread over the grid.
pub fn drawn_per_pixel(grid: &Grid) -> bool {
    let dims = grid.shape().dims();
    let (Some(&h), Some(&w)) = (dims.first(), dims.get(1)) else {
        return false;
    };
    if dims.len() != 2 || w < 3 || h < 3 {
        return true;
    }
    let words = grid.bits().as_slice();
    const B: usize = usize::BITS as usize;
    // The `len` bits starting at bit `at`, as one word (bits past the end are 0).
    let get = |at: usize| -> usize {
        let (k, s) = (at / B, at % B);
        let lo = words.get(k).copied().unwrap_or(0) >> s;
        if s == 0 {
            lo
        } else {
            lo | (words.get(k + 1).copied().unwrap_or(0) << (B - s))
        }
    };
    let (mut paths, mut thin, mut enclosed) = (0u64, 0u64, 0u64);
    // Rows 1 .. h-1 only (every cell there has a row above and below); on a large picture, 512
    // rows spread over it are enough to tell, and keep the check at a small share of decoding.
    let step = ((h - 2) / 512).max(1);
    for y in (1..h - 1).step_by(step) {
        count_row(
            &get,
            y * w,
            (y + 1) * w,
            w,
            &mut paths,
            &mut thin,
            &mut enclosed,
        );
    }
    paths > 0 && thin * 100 >= paths && enclosed * 200 <= paths + 200
}

/// Adds the path cells of `[start, end)` (one row), those one cell wide across or along, and
/// those enclosed by four walls, a word at a time; `get(i)` gives the 64 cells from `i`.
fn count_row(
    get: &dyn Fn(usize) -> usize,
    start: usize,
    end: usize,
    w: usize,
    paths: &mut u64,
    thin: &mut u64,
    enclosed: &mut u64,
) {
    const B: usize = usize::BITS as usize;
    let mut i = start;
    while i < end {
        let take = B.min(end - i);
        let mask = if take == B {
            usize::MAX
        } else {
            (1usize << take) - 1
        };
        let p = get(i) & mask;
        let left = get(i - 1);
        let right = get(i + 1);
        let up = get(i - w);
        let down = get(i + w);
        let lr = p & !left & !right;
        let ud = p & !up & !down;
        *paths += u64::from(p.count_ones());
        *thin += u64::from((lr | ud).count_ones());
        *enclosed += u64::from((lr & ud).count_ones());
        i += take;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_mazes_pass_and_blocks_and_noise_do_not() {
        let m =
            Maze::from_text_rows(&["#.#####", "#.#...#", "#.#.#.#", "#...#.#", "#####.#"]).unwrap();
        assert!(drawn_per_pixel(m.grid()));
        // The same maze scaled 2x: no passage is one pixel wide.
        let rows: Vec<String> = ["#.#####", "#.#...#", "#.#.#.#", "#...#.#", "#####.#"]
            .iter()
            .flat_map(|r| {
                let wide: String = r.chars().flat_map(|c| [c, c]).collect();
                [wide.clone(), wide]
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert!(!drawn_per_pixel(
            Maze::from_text_rows(&rows).unwrap().grid()
        ));
        // A checkerboard: every path pixel enclosed.
        let rows: Vec<String> = (0..20)
            .map(|y| {
                (0..20)
                    .map(|x| if (x + y) % 2 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert!(!drawn_per_pixel(
            Maze::from_text_rows(&rows).unwrap().grid()
        ));
    }

    #[test]
    fn cells_parse() {
        assert_eq!("pixel".parse::<Cells>(), Ok(Cells::Pixel));
        assert_eq!(
            "12.5".parse::<Cells>(),
            Ok(Cells::Pitch {
                pitch: 12.5,
                wall: None
            })
        );
        assert!("12,12".parse::<Cells>().is_err());
        assert!("x".parse::<Cells>().is_err());
        assert!("nan".parse::<Cells>().is_err());
    }
}
