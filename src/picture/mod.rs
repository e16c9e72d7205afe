//! Maze pictures as people have them: any scale, line or block walls, any two colours, margins,
//! anti-aliasing, JPEG noise, solution marks painted over the passages.
//!
//! [`read`] turns the bytes of a PNG, JPEG, BMP, GIF or WebP picture into a [`Picture`]: the
//! maze in the project's cell grid (rooms at odd coordinates, one cell per wall line or
//! passage) and the [`Lattice`] that says where each cell lies in the picture, so that results
//! can be drawn back on the original ([`overlay`]). A reading is a hypothesis that must
//! explain the picture, not the first lattice that fits; the stages, one module each:
//!
//! 1. [`decode`]: the bytes to pixels, within the memory budget. A bi-level PNG that looks drawn
//!    one pixel per cell is the maze with no other work (the fast path), as is a picture whose
//!    own text chunk says where its cells lie.
//! 2. [`tones`]: colour models, most likely first (Otsu's split, then pairs of main colours,
//!    then three main colours in two classes); under a model every pixel gets a tone between
//!    the two colours, or is a mark (a colour off that line); uneven light is evened out.
//! 3. [`locate`]: the maze found on the page (the largest drawing clear of the border), with
//!    what lies around it (titles, arrows, the table under a photographed sheet) set aside.
//! 4. [`straighten`]: a maze photographed at an angle made upright, from its frame's corners or
//!    the slant of its lines.
//! 5. [`hypotheses`]: lattices proposed by three finders (straight edges; thin lines traced by
//!    their ridges; a grid of square blocks), one pixel per cell for a tiny picture
//!    ([`TINY`]), or the cell size given with [`Cells`].
//! 6. [`sample`]: each cell of a lattice read as wall or passage, with how sure the reading is;
//!    a line maze's rooms are passage and its posts wall whatever ink lies there (an arrow's
//!    head, a label: marks in the walls' colour, left to verification as stray ink); blank
//!    corners of its box outside a stepped outline are outside it ([`outline`]). When no view
//!    reads, a solution drawn in the walls' ink, thinner than they are, is set apart as marks
//!    and the whole picture read again ([`strokes`]).
//! 7. [`verify`]: what the reading leaves unexplained (ink off its walls or outside the maze, an
//!    open frame, closed rooms, oblique edges, a maze cut in pieces); a reading that does not
//!    explain its view is refused, with the reason.
//!
//! Views (the maze found, the whole picture, the picture made upright) are judged in parallel;
//! the best explanation of each view wins ([`verify::better`]), and views whose winners are
//! different mazes must agree (the one covering the other, as good) or the picture is refused
//! as ambiguous. A drawing set aside that reads as a maze of its own makes the page ambiguous
//! too: [`Options::region`] (`--region X,Y,W,H`) picks one.
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

/// Prints what the reader tries and why it keeps or drops it, on standard error, when the
/// environment sets `MAZEGRAPH_DEBUG_PICTURE` (a developer's aid, for tuning on corpora).
macro_rules! trace {
    ($($arg:tt)*) => {
        if $crate::picture::tracing() {
            eprintln!($($arg)*);
        }
    };
}

/// True when `MAZEGRAPH_DEBUG_PICTURE` is set (read once).
pub(crate) fn tracing() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("MAZEGRAPH_DEBUG_PICTURE").is_some())
}

pub mod decode;
pub mod frames;
pub mod hypotheses;
pub mod lattice;
#[cfg(feature = "pictures")]
pub mod locate;
pub mod marks;
pub mod outline;
pub mod overlay;
pub mod raster;
pub mod sample;
pub mod straighten;
pub mod strokes;
pub mod tones;
pub mod verify;

pub use decode::reading_bytes;
pub use frames::Frame;
pub use lattice::Lattice;
pub use raster::Raster;

use crate::error::{Error, Result};
use crate::format::ReadOptions;
use crate::grid::Grid;
use crate::maze::Maze;
use decode::Pixels;
#[cfg(feature = "pictures")]
use locate as page;
use straighten as warp;
use tones as tone;

/// How a maze picture is read: the options of [`read`], the same for the command line
/// (`--cells`, `--doubtful`, `--region`), the server and the Python package.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    /// How pixels map to cells.
    pub cells: Cells,
    /// What to do with walls whose evidence is unsure.
    pub doubtful: Doubtful,
    /// The part of the picture to read (a page with several mazes); the whole picture when
    /// `None`.
    pub region: Option<Region>,
    /// The frame of an animated picture to read ([`frames`]).
    pub frame: Frame,
}

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

/// What to do with walls whose evidence is unsure ([`sample::wall_share`] between
/// [`sample::DOUBT`] and `1 − DOUBT`: a stroke covering half a wall, a room half dark).
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
    /// The region moved by `(dx, dy)` pixels.
    pub fn shifted(&self, dx: usize, dy: usize) -> Region {
        Region {
            x0: self.x0 + dx,
            y0: self.y0 + dy,
            x1: self.x1 + dx,
            y1: self.y1 + dy,
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.x1 - self.x0
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.y1 - self.y0
    }

    /// Merges boxes that lie within `gap` pixels of each other (overlapping ones with a gap
    /// of 0), until no two do: one box a drawing, whatever pieces it is made of.
    ///
    /// Complexity: O(n³) for n boxes (a page holds a few).
    pub fn merge_near(boxes: &mut Vec<Region>, gap: usize) {
        let mut merged = true;
        while merged {
            merged = false;
            'pairs: for i in 0..boxes.len() {
                for j in i + 1..boxes.len() {
                    let (a, b) = (boxes[i], boxes[j]);
                    let near = a.x0 <= b.x1 + gap
                        && b.x0 <= a.x1 + gap
                        && a.y0 <= b.y1 + gap
                        && b.y0 <= a.y1 + gap;
                    if near {
                        boxes[i] = Region {
                            x0: a.x0.min(b.x0),
                            y0: a.y0.min(b.y0),
                            x1: a.x1.max(b.x1),
                            y1: a.y1.max(b.y1),
                        };
                        boxes.swap_remove(j);
                        merged = true;
                        break 'pairs;
                    }
                }
            }
        }
    }
}

impl std::fmt::Display for Region {
    /// `X,Y,W,H`, as `--region` takes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.x0,
            self.y0,
            self.width(),
            self.height()
        )
    }
}

impl std::str::FromStr for Region {
    type Err = String;
    /// `X,Y,W,H` in pixels: the left and top edges, the width and the height.
    ///
    /// ```
    /// use mazegraph::picture::Region;
    /// let r: Region = "10,20,300,200".parse().unwrap();
    /// assert_eq!((r.x0, r.y0, r.x1, r.y1), (10, 20, 310, 220));
    /// assert_eq!(r.to_string(), "10,20,300,200");
    /// assert!("10,20,0,5".parse::<Region>().is_err());
    /// ```
    fn from_str(s: &str) -> std::result::Result<Region, String> {
        let bad = || format!("{s:?}: expected X,Y,W,H in pixels (e.g. 0,0,640,480)");
        let v: Vec<usize> = s
            .split(',')
            .map(|p| p.trim().parse::<usize>())
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| bad())?;
        let &[x, y, w, h] = v.as_slice() else {
            return Err(bad());
        };
        if w == 0 || h == 0 {
            return Err(format!(
                "{s:?}: the region's width and height must be at least 1"
            ));
        }
        let end = |a: usize, b: usize| a.checked_add(b).ok_or_else(bad);
        Ok(Region {
            x0: x,
            y0: y,
            x1: end(x, w)?,
            y1: end(y, h)?,
        })
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
    /// Drawings on the page as large as the maze, beside it, that the page step took for
    /// parts of it (two mazes close side by side), in the picture's pixels: a page holding
    /// another maze is refused ([`read`]).
    pub beside: Vec<Region>,
    /// The cells whose reading was in doubt, read as [`Options::doubtful`] said (empty
    /// unless it allowed them).
    pub doubtful: Vec<usize>,
    /// How clear the least clear wall reading was, from 0 to 1 ([`sample::Sampled`]).
    pub confidence: f64,
    /// True when the cells lie where the picture's own text chunk says
    /// ([`crate::format::png::CELL_PIXELS_KEYWORD`]), rather than where the lattice was found.
    pub declared: bool,
    /// Of an animation whose frames differ, the frame read (from 1) and the frames
    /// ([`Options::frame`]).
    pub frame: Option<(usize, usize)>,
}

/// How sure a picture's reading is, and what was set aside to read it (for `stats`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reading {
    /// How clear the least clear wall reading was, from 0 to 1 ([`sample::Sampled`]).
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
        self.lattice.rooms()
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
            return s + &frame_note(self.frame);
        }
        let mut s = l.describe();
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
        s + &frame_note(self.frame)
    }
}

/// `", frame 3 of 3"`, or nothing for a still picture.
fn frame_note(frame: Option<(usize, usize)>) -> String {
    frame.map_or(String::new(), |(k, n)| format!(", frame {k} of {n}"))
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
/// [`crate::format::png::read`] costs plus one pass over the grid's words; other pictures are decoded
/// to RGB (3 bytes a pixel) and given a tone map (1 byte a pixel).
///
/// Errors: [`Error::TooLarge`] for pictures whose pixel count exceeds `opts.limits` (checked
/// from the header), [`Error::Corrupt`] for files no decoder accepts, [`Error::NoLattice`]
/// when no maze lattice fits the picture (noise, a photo, one colour, a circular maze).
pub fn read(bytes: &[u8], opts: &ReadOptions) -> Result<Picture> {
    let popts = &opts.picture;
    let clock = std::time::Instant::now();
    let decoded = decode::decode(bytes, &opts.limits, popts.cells, popts.frame)?;
    trace!("decoded in {:?}", clock.elapsed());
    let (declared, frame) = (decoded.declared.clone(), decoded.frame);
    let raster = match decoded.pixels {
        Pixels::Bits(grid) => {
            if popts.region.is_none() && pixel_reading(&grid, &declared, popts.cells) {
                return Ok(pixel_picture(Maze::new(grid)));
            }
            decode::Decoded {
                pixels: Pixels::Bits(grid),
                declared: declared.clone(),
                frame,
            }
            .into_raster()
        }
        Pixels::Rgb(r) => r,
    };
    let mut pic = read_raster(&raster, opts, &declared)?;
    pic.frame = frame;
    Ok(pic)
}

/// True when a black-and-white picture is read one pixel per cell: when asked, when it looks
/// drawn so ([`drawn_per_pixel`]), or when it says so and was not scaled since (no
/// [`upscaled`] factor: a maze scaled ×2 is not a maze of twice its cells).
fn pixel_reading(grid: &Grid, declared: &decode::Declared, cells: Cells) -> bool {
    cells == Cells::Pixel
        || drawn_per_pixel(grid)
        || (declared.pixel_cells && upscaled(grid.shape().dims(), |i| grid.is_path(i)).is_none())
}

/// The factor `k` (2 to 8) by which a grid of `dims` (rows, columns) is another one scaled up
/// by repeating each cell `k × k` times, if any. Mazes are never so: their rooms and walls
/// alternate cell by cell. O(cells) at worst; a maze fails at its first cells.
pub fn upscaled(dims: &[usize], cell: impl Fn(usize) -> bool) -> Option<usize> {
    let (&h, &w) = (dims.first()?, dims.get(1)?);
    (2..=8).find(|&k| {
        h % k == 0
            && w % k == 0
            && h >= 2 * k
            && w >= 2 * k
            && (0..h).all(|y| (0..w).all(|x| cell(y * w + x) == cell((y - y % k) * w + x - x % k)))
    })
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
/// corner ([`crate::format::png::CELL_PIXELS_KEYWORD`]): each square is one cell, wall when
/// most of its pixels are (black: the writers' walls; other colours than grey to white are
/// marks, read as passage). `None`, so that the lattice is looked for as in any other picture,
/// when the pixels do not bear the declaration out: the picture's size is not a whole number
/// of squares, a square is not nine tenths one class, or the squares read a maze scaled up
/// ([`upscaled`]: the picture was scaled since, its chunks kept).
///
/// Complexity: O(pixels).
fn read_declared(
    raster: &Raster,
    side: usize,
    cells: Option<(usize, usize)>,
    opts: &ReadOptions,
) -> Result<Option<Picture>> {
    let (w, h) = (raster.width, raster.height);
    if w == 0 || h == 0 || w % side != 0 || h % side != 0 {
        return Ok(None);
    }
    let (rows, cols) = (h / side, w / side);
    // The squares must be as many as the picture says (a crop or a scale keeps the chunks);
    // an older picture that says nothing of them must at least have a maze's odd sides.
    let as_said = match cells {
        Some(said) => said == (rows, cols),
        None => rows % 2 == 1 && cols % 2 == 1,
    };
    if !as_said {
        return Ok(None);
    }
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
    if upscaled(&[rows, cols], |i| grid.is_path(i)).is_some() {
        return Ok(None);
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
        blocks: side > 1,
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
        beside: Vec::new(),
        doubtful: Vec::new(),
        confidence: 1.0,
        declared: true,
        frame: None,
    }))
}

/// Reads a PNG maze picture: as [`read`], with PNG's own errors for a file that is not one.
pub fn read_png(bytes: &[u8], opts: &ReadOptions) -> Result<Picture> {
    crate::format::png::check_signature(bytes)?;
    read(bytes, opts)
}

/// Reads a maze from a decoded picture: see [`read`].
pub fn from_raster(raster: &Raster, opts: &ReadOptions) -> Result<Picture> {
    read_raster(raster, opts, &decode::Declared::default())
}

/// Reads a maze from a decoded picture, in the region the options name (a page with several
/// mazes), with the hints of its text chunks: the stages after decoding.
fn read_raster(
    raster: &Raster,
    opts: &ReadOptions,
    declared: &decode::Declared,
) -> Result<Picture> {
    read_region(raster, opts, declared).map_err(|e| advised(e, &opts.picture))
}

/// A refusal with the advice that fits the options given: a picture read with its cells
/// detected may be read with them given (`--cells`), unless the message already says what to
/// do; with the cells given, the advice is to check them.
fn advised(e: Error, opts: &Options) -> Error {
    match e {
        Error::NoLattice(m) if !m.contains("--") => Error::NoLattice(match opts.cells {
            Cells::Auto => {
                format!("{m} (give the cell size with --cells PITCH[,WALL], or --cells pixel)")
            }
            Cells::Pixel => m,
            Cells::Pitch { pitch, wall } => format!(
                "{m} (with --cells {pitch}{}: is that the distance from one wall line to the \
                 next, in pixels?)",
                wall.map(|w| format!(",{w}")).unwrap_or_default()
            ),
        }),
        e => e,
    }
}

/// [`read_raster`] before the advice.
fn read_region(
    raster: &Raster,
    opts: &ReadOptions,
    declared: &decode::Declared,
) -> Result<Picture> {
    let Some(region) = opts.picture.region else {
        let pic = match read_whole(raster, opts, declared) {
            #[cfg(feature = "pictures")]
            Err(Error::NoLattice(why)) => {
                return Err(
                    side_by_side(raster, opts).map_or(Error::NoLattice(why), Error::Ambiguous)
                );
            }
            read => read?,
        };
        if let Some(why) = other_mazes(raster, opts, &pic) {
            return Err(Error::Ambiguous(why));
        }
        return Ok(pic);
    };
    let (w, h) = (raster.width, raster.height);
    if region.x0 >= region.x1 || region.y0 >= region.y1 || region.x1 > w || region.y1 > h {
        return Err(Error::InvalidArgument(format!(
            "--region {}: the picture is {w}×{h} pixels; the region must lie inside it",
            region
        )));
    }
    let crop = raster.crop(region);
    // The squares our writers declare start at the picture's corner, not the region's.
    let mut pic = read_whole(&crop, opts, &decode::Declared::default())?;
    pic.lattice = pic.lattice.shifted(region.x0, region.y0, w, h);
    for r in &mut pic.set_aside {
        *r = r.shifted(region.x0, region.y0);
    }
    Ok(pic)
}

/// The fewest rooms each way a drawing set aside beside the maze must read as to count as a
/// second maze ([`other_mazes`]): a door or a box is not one.
const OTHER_MAZE_ROOMS: usize = 3;

/// Why the page is refused when what was set aside around the maze read holds another maze:
/// each set-aside drawing clear of the maze's box, at least a sixteenth of its size and 32
/// pixels each way, is read on its own (a few pixels around it), and one that reads as a maze of at least
/// [`OTHER_MAZE_ROOMS`] rooms each way makes the page ambiguous. The message names every
/// maze's region, for `--region`.
///
/// Complexity: one more reading per large drawing set aside; none for a page of one maze.
fn other_mazes(raster: &Raster, opts: &ReadOptions, pic: &Picture) -> Option<String> {
    let lat = &pic.lattice;
    if lat.pixel || (pic.set_aside.is_empty() && pic.beside.is_empty()) {
        return None;
    }
    let ((x0, x1), (y0, y1)) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
    let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|(x, y)| lat.to_picture(x, y));
    let (w, h) = (raster.width, raster.height);
    let clamp = |v: f64, max: usize| (v.max(0.0) as usize).min(max);
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let low = |v: [f64; 4]| v.iter().copied().fold(f64::MAX, f64::min);
    let high = |v: [f64; 4]| v.iter().copied().fold(f64::MIN, f64::max);
    let (x0, y0) = (clamp(low(xs).floor(), w), clamp(low(ys).floor(), h));
    let (x1, y1) = (clamp(high(xs).ceil(), w), clamp(high(ys).ceil(), h));
    let main = Region {
        x0,
        y0,
        x1: x1.max(x0 + 1),
        y1: y1.max(y0 + 1),
    };
    let area = |r: &Region| r.width() * r.height();
    // A maze's walls may be several pieces (a frame with two openings): boxes within a pitch
    // of each other are one drawing.
    let gap = Lattice::pitch(&lat.cols).max(8.0) as usize;
    let mut boxes = pic.set_aside.clone();
    Region::merge_near(&mut boxes, gap);
    boxes.extend(&pic.beside);
    let mut others = Vec::new();
    for r in &boxes {
        let apart = r.x1 <= main.x0 || main.x1 <= r.x0 || r.y1 <= main.y0 || main.y1 <= r.y0;
        if !apart || r.width() < 32 || r.height() < 32 || 16 * area(r) < area(&main) {
            continue;
        }
        if let Some(grown) = reads_as_maze(raster, opts, *r) {
            others.push(grown);
        }
    }
    if others.is_empty() {
        return None;
    }
    let all: Vec<Region> = std::iter::once(main).chain(others).collect();
    Some(several_mazes(&all))
}

/// The refusal of a page holding the mazes at `regions`, naming them for `--region`.
fn several_mazes(regions: &[Region]) -> String {
    let mut regions = regions.to_vec();
    regions.sort_by_key(|r| (r.y0 / 16, r.x0));
    let all: Vec<String> = regions.iter().map(|r| r.to_string()).collect();
    let listed = match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => all.join(""),
    };
    format!(
        "the picture holds {} mazes, at {listed}; read one with --region X,Y,W,H (e.g. --region {})",
        all.len(),
        all.first().map_or("", String::as_str)
    )
}

/// Region `r` of the picture grown by a few pixels, when it reads on its own as a maze of at
/// least [`OTHER_MAZE_ROOMS`] rooms each way (not one pixel per cell).
fn reads_as_maze(raster: &Raster, opts: &ReadOptions, r: Region) -> Option<Region> {
    let (w, h) = (raster.width, raster.height);
    let pad = 4;
    let grown = Region {
        x0: r.x0.saturating_sub(pad),
        y0: r.y0.saturating_sub(pad),
        x1: (r.x1 + pad).min(w),
        y1: (r.y1 + pad).min(h),
    };
    let one = ReadOptions {
        picture: Options {
            region: None,
            ..opts.picture
        },
        ..*opts
    };
    let p = read_whole(&raster.crop(grown), &one, &decode::Declared::default()).ok()?;
    let l = &p.lattice;
    (!l.pixel && l.rows.len() / 2 >= OTHER_MAZE_ROOMS && l.cols.len() / 2 >= OTHER_MAZE_ROOMS)
        .then_some(grown)
}

/// When no reading explains the picture: the mazes side by side that the maze found on the
/// page was made of ([`locate::Found::side_by_side`]), when two or more read on their own.
#[cfg(feature = "pictures")]
fn side_by_side(raster: &Raster, opts: &ReadOptions) -> Option<String> {
    let (tones, margins) = colour_model(raster, None).ok()?;
    let found = page::find(&tones, raster.width, raster.height, margins)?;
    let parts = found.side_by_side();
    if parts.len() < 2 {
        return None;
    }
    // The page's other mazes may lie apart from those the maze found was made of (the other
    // row of a page of four): drawings set aside, clear of the maze's box and at least half as
    // large each way as its smallest part, are read too.
    let (w, h) = parts.iter().fold((usize::MAX, usize::MAX), |(w, h), r| {
        (w.min(r.width()), h.min(r.height()))
    });
    let mut apart = found.set_aside.clone();
    Region::merge_near(&mut apart, 8);
    let m = found.maze;
    apart.retain(|r| {
        let clear = r.x1 <= m.x0 || m.x1 <= r.x0 || r.y1 <= m.y0 || m.y1 <= r.y0;
        clear && 2 * r.width() >= w && 2 * r.height() >= h
    });
    let mazes: Vec<Region> = parts
        .into_iter()
        .chain(apart)
        .filter_map(|r| reads_as_maze(raster, opts, r))
        .collect();
    (mazes.len() >= 2).then(|| several_mazes(&mazes))
}

/// A part of the picture a maze is looked for in: the whole picture, the maze found on the
/// page with what lies around it set aside, or the maze found and straightened.
struct View {
    /// The view's pixels.
    raster: Raster,
    /// Their tones.
    tones: tone::Tones,
    /// Bands of a third colour along the view's sides, set apart.
    margins: [usize; 4],
    /// Where the view's pixel (0, 0) lies in the picture, for a crop.
    origin: (usize, usize),
    /// The map from the view's pixels to the picture's, for a straightened view.
    warp: Option<warp::Homography>,
    /// What was set aside around the maze, in the picture's pixels.
    set_aside: Vec<Region>,
    /// Drawings as large as the maze that the page step took for its parts
    /// ([`locate::Found::side_by_side`]), in the picture's pixels.
    beside: Vec<Region>,
    /// For a straightened view: the picture it was straightened from, where the ink around the
    /// maze found is measured ([`verify::around_in_source`]).
    source: Option<std::sync::Arc<Source>>,
}

/// The picture a straightened view was made from: its tones and size, and what lies apart from
/// the maze there (titles, captions), which is not the maze's ink.
struct Source {
    /// The picture's tones.
    tones: tone::Tones,
    /// Its width and height.
    size: (usize, usize),
    /// What was set aside around the maze, in the picture's pixels.
    set_aside: Vec<Region>,
}

/// A lattice hypothesis read and verified in a view.
struct Candidate {
    /// The view it was read in.
    view: usize,
    /// The hypothesis.
    hyp: hypotheses::Hypothesis,
    /// Its maze and the evidence.
    sampled: sample::Sampled,
    /// How well it explains the view.
    fit: verify::Fit,
    /// The doors into the maze where its outline steps in from the lattice's box
    /// ([`outline::outside`]).
    entrances: Vec<usize>,
}

/// The stages after decoding, on the whole of `raster`: the views (the picture, the maze found
/// on it, straightened), the hypotheses of each, sampled and verified; the best explanation
/// wins, or the picture is refused with what the best candidate could not explain.
fn read_whole(raster: &Raster, opts: &ReadOptions, declared: &decode::Declared) -> Result<Picture> {
    let (w, h) = (raster.width, raster.height);
    let popts = &opts.picture;
    if popts.cells == Cells::Pixel {
        let shape = crate::grid::Shape::with_limits(vec![h, w], &opts.limits)?;
        let mut grid = Grid::walls(shape);
        for (i, p) in raster.rgb.chunks_exact(3).enumerate() {
            if raster::light([p[0], p[1], p[2]]) {
                grid.set_path(i, true);
            }
        }
        return Ok(pixel_picture(Maze::new(grid)));
    }
    if popts.cells == Cells::Auto {
        if let Some(side) = declared.cell_pixels {
            if let Some(pic) = read_declared(raster, side, declared.cells, opts)? {
                return Ok(pic);
            }
        }
    }
    let clock = std::time::Instant::now();
    let bands = tone::bands(raster);
    let models = tone::models(raster, bands);
    trace!("models in {:?}", clock.elapsed());
    if models.is_empty() {
        return Err(Error::NoLattice(
            "the picture has no two distinct colours (one colour, or soft shades)".into(),
        ));
    }
    // Colour models in turn, the most likely first; for the first, the views of the maze found
    // on the page and of the whole picture, then, if none reads, the picture made upright.
    let mut refused: Option<Error> = None;
    for (n, &model) in models.iter().take(MODELS).enumerate() {
        let clock = std::time::Instant::now();
        // The first model is the picture's own: a straightened part of it gets its own too.
        #[cfg_attr(not(feature = "pictures"), allow(unused_mut))]
        let (mut views, tones, set_aside) = views(raster, model, n == 0)?;
        trace!(
            "model {n} {model:?}: {} views in {:?}",
            views.len(),
            clock.elapsed()
        );
        #[cfg_attr(not(feature = "pictures"), allow(unused_mut))]
        let mut outcome = evaluate(&views, opts)?;
        trace!("model {n}: evaluated in {:?}", clock.elapsed());
        #[cfg(feature = "pictures")]
        if n == 0 && outcome.is_err() && views.iter().all(|v| v.warp.is_none()) {
            for view in deskewed_view(raster, &tones, &set_aside)? {
                let upright = vec![view];
                if let Ok(c) = evaluate(&upright, opts)? {
                    views = upright;
                    outcome = Ok(c);
                    break;
                }
            }
        }
        #[cfg(not(feature = "pictures"))]
        let _ = (tones, set_aside);
        // A solution drawn in the walls' ink, thinner than they are: set apart as marks.
        if n == 0 && outcome.is_err() {
            if let Some(thin) = views
                .iter()
                .find(|v| v.is_whole())
                .and_then(|v| Some((v, strokes::thin_apart(&v.tones, w)?)))
                .map(|(v, tones)| View {
                    raster: v.raster.clone(),
                    tones,
                    margins: v.margins,
                    origin: (0, 0),
                    warp: None,
                    set_aside: Vec::new(),
                    beside: v.beside.clone(),
                    source: None,
                })
            {
                trace!("thin strokes set apart as marks");
                let apart = vec![thin];
                if let Ok(c) = evaluate(&apart, opts)? {
                    views = apart;
                    outcome = Ok(c);
                }
            }
        }
        match outcome {
            Ok(c) => {
                let view = &views[c.view];
                return picture_of(c, view, (w, h), opts);
            }
            Err(e) => {
                if matches!(e, Error::Ambiguous(_)) {
                    return Err(e);
                }
                refused.get_or_insert(e);
            }
        }
    }
    Err(refused.unwrap_or_else(|| Error::NoLattice("no lattice was found".into())))
}

/// A view's candidates: those that explain it, those that do not (and why), and why finders
/// proposed none.
type Judged = (Vec<Candidate>, Vec<(Candidate, String)>, Vec<String>);

/// The hypotheses of view `k`, sampled and verified.
fn judge_view(k: usize, view: &View, opts: &ReadOptions) -> Result<Judged> {
    let (mut accepted, mut rejected, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    let (vw, vh) = (view.raster.width, view.raster.height);
    if let Some(why) = mostly_marks(&view.tones, vw, vh, view.margins) {
        failures.push(why);
        return Ok((accepted, rejected, failures));
    }
    let t0 = std::time::Instant::now();
    let (hyps, fails) = hypotheses::propose(&view.tones, vw, vh, opts.picture.cells, view.margins);
    trace!("view {k}: {} hypotheses in {:?}", hyps.len(), t0.elapsed());
    if tracing() {
        eprintln!("view {k} ({vw}x{vh}): {fails:?}");
        dump_tones(k, view);
    }
    failures.extend(fails);
    let oblique_view = std::cell::OnceCell::new();
    for hyp in hyps {
        let t0 = std::time::Instant::now();
        let mut sampled = sample::sample(&view.tones, &hyp.lattice, &opts.limits)?;
        let line = hyp.line();
        // The share of rooms read open before a line maze's rooms are opened: a lattice off the
        // maze's has its rooms on the lines.
        let mut blank = vec![false; if line { sampled.grid.shape().len() } else { 0 }];
        for &i in &sampled.inkless_posts {
            if let Some(b) = blank.get_mut(i) {
                *b = true;
            }
        }
        let rooms_open = line.then(|| line_conventions(&mut sampled, &hyp.lattice));
        let (mut entrances, mut outside_cells) = (Vec::new(), Vec::new());
        if line {
            // Blank corners of the box outside a stepped outline are no part of the maze.
            let (rows, cols) = (hyp.lattice.rows.len(), hyp.lattice.cols.len());
            let found = outline::outside(&mut sampled.grid, rows, cols, &blank);
            if !found.cells.is_empty() {
                trace!("{} cells outside the maze's outline", found.cells.len());
                sampled
                    .doubtful
                    .retain(|i| found.cells.binary_search(i).is_err());
                sampled.set_apart(|i| found.cells.binary_search(&i).is_ok());
            }
            entrances = found.entrances;
            outside_cells = found.cells;
        }
        let mut fit = verify::verify(&view.tones, &hyp.lattice, &sampled.grid, line);
        if let Some(share) = rooms_open {
            fit.rooms_open = share;
        }
        // Ink outside the maze's outline is none of its walls: unexplained.
        fit.stray += verify::ink_in_cells(&view.tones, &hyp.lattice, &outside_cells);
        if let (Some(map), Some(src)) = (view.warp, &view.source) {
            let around = verify::around_in_source(
                &src.tones,
                src.size,
                &src.set_aside,
                |x, y| map.map(x, y),
                &hyp.lattice,
            );
            // Ink just outside, as the view shows it or as the picture does with its titles and
            // captions set aside: either explains it (each errs only by counting ink that is not
            // the maze's: a caption in the view, a label joined to the maze in the picture).
            // The maze going on beyond the box is what `runs_on` catches.
            fit.outside = fit.outside.min(around.outside);
            fit.runs_on = around.runs_on;
        }
        if !sampled.faint.is_empty() {
            resolve_faint(&view.tones, &hyp.lattice, line, &mut sampled, &mut fit);
        }
        if fit.oblique > verify::BOUNDS.oblique {
            // Said in the refusal: oblique edges everywhere (hexagons) or only within the
            // lattice found (not the picture's lines). Measured once a view.
            fit.oblique_view =
                *oblique_view.get_or_init(|| verify::oblique(&view.tones, vw, (0, vw), (0, vh)));
        }
        let c = Candidate {
            view: k,
            hyp,
            sampled,
            fit,
            entrances,
        };
        trace!(
            "view {k} {:?} {}x{} line={line} in {:?}: {:?} -> {:?}",
            c.hyp.finder,
            c.hyp.lattice.rows.len(),
            c.hyp.lattice.cols.len(),
            t0.elapsed(),
            c.fit,
            c.fit.judge(&verify::BOUNDS)
        );
        if tracing() && std::env::var_os("MAZEGRAPH_DEBUG_GRID").is_some() {
            let cols = c.hyp.lattice.cols.len().max(1);
            let cells = c.sampled.grid.shape().len();
            for r in 0..cells / cols {
                let line: String = (0..cols)
                    .map(|j| {
                        if c.sampled.grid.is_path(r * cols + j) {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect();
                eprintln!("{line}");
            }
        }
        match c.fit.judge(&verify::BOUNDS) {
            Ok(()) => accepted.push(c),
            Err(why) => rejected.push((c, why)),
        }
    }
    Ok((accepted, rejected, failures))
}

/// Writes view `k`'s tones as a picture into the folder `MAZEGRAPH_DEBUG_DUMP` names, when
/// it names one (a developer's aid: marks in magenta).
fn dump_tones(k: usize, view: &View) {
    let Some(dir) = std::env::var_os("MAZEGRAPH_DEBUG_DUMP") else {
        return;
    };
    let (vw, vh) = (view.raster.width, view.raster.height);
    let mut r = Raster::filled(vw, vh, [0; 3]);
    for (i, &v) in view.tones.tone.iter().enumerate() {
        let c = if v == tone::MARK {
            [255, 0, 255]
        } else {
            [v; 3]
        };
        r.rgb[3 * i..3 * i + 3].copy_from_slice(&c);
    }
    let mut png = Vec::new();
    if r.write_png(&mut png).is_ok() {
        let _ = std::fs::write(std::path::Path::new(&dir).join(format!("view{k}.png")), png);
    }
}

/// At most this many colour models are tried ([`tone::models`]).
const MODELS: usize = 7;

/// The hypotheses of each view, sampled and verified, and the best explanation among them
/// (see [`read`]): `Ok(Err(refusal))` when none explains its view, or two views read different
/// mazes that neither explains better.
fn evaluate(views: &[View], opts: &ReadOptions) -> Result<std::result::Result<Candidate, Error>> {
    use crate::par::*;
    // The views at once (each its hypotheses, their sampling and verification).
    let flag = crate::stop::flags();
    let per: Vec<Result<Judged>> = (0..views.len())
        .into_par_iter()
        .map(|k| crate::stop::carry(&flag, || judge_view(k, &views[k], opts)))
        .collect();
    let mut accepted: Vec<Candidate> = Vec::new();
    let mut rejected: Vec<(Candidate, String)> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    for judged in per {
        let (a, r, f) = judged?;
        accepted.extend(a);
        rejected.extend(r);
        failures.extend(f);
    }
    if accepted.is_empty() {
        return Ok(Err(refusal(
            views,
            &rejected,
            &failures,
            opts.picture.cells,
        )));
    }
    // The best explanation of each view (a coarser lattice as good as a finer one is the
    // simpler), in the order of the views.
    let mut winners: Vec<usize> = Vec::new();
    for k in 0..views.len() {
        let best = (0..accepted.len())
            .filter(|&i| accepted[i].view == k)
            .reduce(|a, b| {
                let (x, y) = (&accepted[a], &accepted[b]);
                let tie = !verify::better(&x.fit, &y.fit) && !verify::better(&y.fit, &x.fit);
                // Of two as good that read different mazes, a grid of blocks read block by
                // block (it does not take every post for a wall); else the clearer (of two
                // readings of one maze, a lattice of rooms says more of the picture).
                let blocks = |c: &Candidate| c.hyp.finder == hypotheses::Finder::Blocks;
                let differ = x.sampled.grid != y.sampled.grid;
                let prefer_y = if tie && differ && blocks(x) != blocks(y) {
                    blocks(y)
                } else {
                    tie && clearer(y, x)
                };
                if verify::better(&y.fit, &x.fit) || prefer_y {
                    b
                } else {
                    a
                }
            });
        winners.extend(best);
    }
    // Views that read other mazes: the one whose maze covers the others' (the page step cut a
    // maze short), else the picture is ambiguous.
    let mut pick = winners[0];
    for &other in &winners[1..] {
        let (a, b) = (&accepted[pick], &accepted[other]);
        if same_but_doubts(a, b) {
            // Two views read the same maze, but for cells one of them is in doubt about: the
            // one with fewer cells in doubt answers (its reading of them is clear).
            if clearer(b, a) {
                pick = other;
            }
            continue;
        }
        let (ba, bb) = (
            picture_box(&views[a.view], &a.hyp.lattice),
            picture_box(&views[b.view], &b.hyp.lattice),
        );
        let (ca, cb) = (a.fit.cells, b.fit.cells);
        let unfit = |c: &Candidate| c.fit.stray + c.fit.outside;
        let whole_as = |x: &Candidate, y: &Candidate| {
            x.fit.regions <= y.fit.regions && unfit(x) <= unfit(y) + 0.005
        };
        // As good an explanation: no more unexplained ink, a frame as closed.
        let as_good = |x: &Candidate, y: &Candidate| {
            unfit(x) <= unfit(y) + 0.01 && x.fit.frame >= y.fit.frame - 0.02
        };
        if cb > ca && covers(bb, ba) && as_good(b, a) {
            pick = other;
        } else if ca > cb && covers(ba, bb) && as_good(a, b) {
        } else if ca == cb && views[b.view].is_whole() && whole_as(b, a) {
            // The same lattice read in the picture's own pixels and in a straightened or
            // cropped copy: the frame's tilt was not worth straightening.
            pick = other;
        } else if ca == cb && views[a.view].is_whole() && whole_as(a, b) {
        } else if ca == cb && verify::more_whole(&b.fit, &a.fit) {
            pick = other;
        } else if ca == cb && verify::more_whole(&a.fit, &b.fit) {
        } else {
            let (whole, found) = if views[a.view].is_whole() {
                (a, b)
            } else {
                (b, a)
            };
            return Ok(Err(Error::Ambiguous(format!(
                "two readings disagree: the whole picture reads as a maze of {}, and the maze \
                 found on it{} as one of {}; crop the picture to the maze with --region \
                 X,Y,W,H (or give its cells with --cells PITCH,WALL)",
                whole.hyp.lattice.rooms(),
                if views[found.view].warp.is_some() {
                    " (straightened)"
                } else {
                    ", with marks around it set aside,"
                },
                found.hyp.lattice.rooms(),
            ))));
        }
    }
    Ok(Ok(accepted.swap_remove(pick)))
}

/// True when readings `a` and `b` have grids of one shape that agree on every cell neither is
/// in doubt about.
fn same_but_doubts(a: &Candidate, b: &Candidate) -> bool {
    let (ga, gb) = (&a.sampled.grid, &b.sampled.grid);
    if ga.shape() != gb.shape() {
        return false;
    }
    if ga == gb {
        return true;
    }
    // Doubtful cells are kept in index order.
    let doubt = |i: usize| {
        a.sampled.doubtful.binary_search(&i).is_ok() || b.sampled.doubtful.binary_search(&i).is_ok()
    };
    (0..ga.shape().len()).all(|i| ga.is_path(i) == gb.is_path(i) || doubt(i))
}

/// Between two readings that explain the picture equally well: `a` is the clearer when fewer
/// of its cells are in doubt, or as few and its least clear cell is clearer (two finders
/// placing a wobbling line a pixel apart).
fn clearer(a: &Candidate, b: &Candidate) -> bool {
    let (da, db) = (a.sampled.doubtful.len(), b.sampled.doubtful.len());
    da < db || (da == db && a.sampled.confidence > b.sampled.confidence)
}

/// The box `(x0, y0, x1, y1)` in the picture's pixels that the maze of lattice `l`, read in
/// `view`, covers.
fn picture_box(view: &View, l: &Lattice) -> (f64, f64, f64, f64) {
    let ((x0, x1), (y0, y1)) = (Lattice::extent(&l.cols), Lattice::extent(&l.rows));
    let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|(x, y)| match view.warp {
        Some(map) => map.map(x, y),
        None => (x + view.origin.0 as f64, y + view.origin.1 as f64),
    });
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let min = |v: [f64; 4]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let max = |v: [f64; 4]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (min(xs), min(ys), max(xs), max(ys))
}

/// True when box `a` contains box `b` (within 2% of `a`'s size).
fn covers(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    let tol = 0.02 * (a.2 - a.0).max(a.3 - a.1);
    b.0 >= a.0 - tol && b.1 >= a.1 - tol && b.2 <= a.2 + tol && b.3 <= a.3 + tol
}

impl View {
    /// True for the whole picture as it is.
    fn is_whole(&self) -> bool {
        self.warp.is_none() && self.origin == (0, 0) && self.set_aside.is_empty()
    }
}

/// The refusal of a picture no reading explains: what the best candidate (one that looks
/// like a maze drawn its way, then the one with the least stray ink) could not explain, or why
/// no finder proposed one.
fn refusal(
    views: &[View],
    rejected: &[(Candidate, String)],
    failures: &[String],
    cells: Cells,
) -> Error {
    let _ = views;
    let best = rejected.iter().min_by(|a, b| {
        let key = |c: &Candidate| (!c.fit.drawn, c.fit.stray + c.fit.outside);
        let (ka, kb) = (key(&a.0), key(&b.0));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    match best {
        Some((c, why)) => {
            let lat = &c.hyp.lattice;
            // Advice that changes the outcome: giving the cell size of the lattice found does
            // not (it is what the reader tried), so it is named as found; one pixel a cell
            // reads any picture. A reading at one pixel a cell gets the usual advice.
            let advice = if cells == Cells::Auto && !lat.pixel {
                let (px, py) = (Lattice::pitch(&lat.cols), Lattice::pitch(&lat.rows));
                if (px - py).abs() < 0.15 {
                    let p = lattice::pixels((px + py) / 2.0);
                    format!(" (--cells {p} is the size found; --cells pixel reads a pixel a cell)")
                } else {
                    " (--cells pixel reads a pixel a cell)".to_string()
                }
            } else {
                String::new()
            };
            Error::NoLattice(format!(
                "the best reading found, {} ({}), does not explain it: {why}{advice}",
                lat.rooms(),
                lat.describe(),
            ))
        }
        None => Error::NoLattice(
            failures
                .first()
                .cloned()
                .unwrap_or_else(|| "no lattice was found".into()),
        ),
    }
}

/// Decides the wall segments read open along which a faint line runs ([`sample::Sampled::faint`]):
/// walls, when closing them all keeps the maze as whole as it was (no more regions of passage,
/// none further apart: a smudge or a grain closed across a corridor cuts the maze) and explains
/// more of the picture's ink; the paper's own texture (graph paper, a grain, a blur), left open,
/// when closing them cuts the maze. When the maze is whole either way and closing explains no
/// more ink, the picture cannot tell a faint wall from a smudge across a passage (a maze with
/// loops stays whole when a passage on a loop is closed): the walls are in doubt, left open and
/// kept in `faint` ([`Options::doubtful`] decides).
fn resolve_faint(
    t: &tone::Tones,
    lat: &Lattice,
    line: bool,
    sampled: &mut sample::Sampled,
    fit: &mut verify::Fit,
) {
    // The frame's openings show the picture beyond the maze (a margin of another colour): never
    // faint walls.
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    sampled.faint.retain(|&i| {
        let (r, c) = (i / cols, i % cols);
        r > 0 && c > 0 && r + 1 < rows && c + 1 < cols
    });
    if sampled.faint.is_empty() {
        return;
    }
    let mut closed = sampled.grid.clone();
    for &i in &sampled.faint {
        closed.set_path(i, false);
    }
    let fit2 = verify::verify(t, lat, &closed, line);
    let whole = fit2.regions <= fit.regions && fit2.apart <= fit.apart + 1e-9;
    trace!(
        "{} faint walls: closed they leave {:.3} stray ink (open {:.3}), {} regions (open {})",
        sampled.faint.len(),
        fit2.stray,
        fit.stray,
        fit2.regions,
        fit.regions
    );
    if whole && fit2.stray < fit.stray {
        sampled.grid = closed;
        *fit = fit2;
    } else if whole {
        trace!("faint walls in doubt: the maze is whole either way");
        sampled.doubtful.extend_from_slice(&sampled.faint);
        sampled.doubtful.sort_unstable();
        sampled.doubtful.dedup();
        return;
    }
    sampled.faint.clear();
}

/// A line maze's conventions, applied to its sampled grid: every post (even, even cell) is
/// wall (a post has no area of its own: no evidence either way; scripts/check_outcomes.py names
/// the one truth that keeps the other convention), and every room (odd, odd) is passage (ink
/// in a room of a line maze is a mark drawn in the walls' colour: an entrance arrow's head, a
/// disc, a letter; verification counts it as stray ink), and no room is in doubt. Returns the
/// share of rooms the sampling read open.
fn line_conventions(sampled: &mut sample::Sampled, lat: &Lattice) -> f64 {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    let grid = &mut sampled.grid;
    let (mut open, mut rooms) = (0usize, 0usize);
    for i in 0..rows {
        for j in 0..cols {
            let k = i * cols + j;
            match (i % 2, j % 2) {
                (0, 0) => grid.set_path(k, false),
                (1, 1) => {
                    rooms += 1;
                    open += usize::from(grid.is_path(k));
                    grid.set_path(k, true);
                }
                _ => {}
            }
        }
    }
    let room = |k: usize| (k / cols) % 2 == 1 && (k % cols) % 2 == 1;
    sampled.doubtful.retain(|&k| !room(k));
    // The rooms are read by the convention, not their evidence: how clear they were is no
    // part of the reading's confidence.
    sampled.set_apart(room);
    if rooms == 0 {
        1.0
    } else {
        open as f64 / rooms as f64
    }
}

/// Why a view is no maze when most of it is neither of its two main colours, else `None`.
fn mostly_marks(t: &tone::Tones, w: usize, h: usize, margins: [usize; 4]) -> Option<String> {
    let [top, right, bottom, left] = margins;
    let inside = (w - left - right) * (h - top - bottom);
    let marks_inside = t.marks.saturating_sub(w * h - inside);
    (marks_inside * 10 > inside * 3).then(|| {
        "most of the picture is neither of its two main colours (a photo, or noise?)".to_string()
    })
}

/// The picture of the chosen candidate: doubtful cells as the options say, marks, and the
/// lattice in the picture's pixels (`size`).
fn picture_of(
    c: Candidate,
    view: &View,
    size: (usize, usize),
    opts: &ReadOptions,
) -> Result<Picture> {
    let lattice = c.hyp.lattice;
    let mut grid = c.sampled.grid;
    if lattice.pixel && !pixel_maze(&grid) {
        return Err(Error::NoLattice(
            "edges everywhere but no maze at one pixel per cell (noise?)".into(),
        ));
    }
    if !lattice.pixel && grid.count_paths() == 0 {
        return Err(Error::NoLattice("every cell is wall".into()));
    }
    let doubtful = c.sampled.doubtful;
    if !doubtful.is_empty() {
        let cols = lattice.cols.len();
        match opts.picture.doubtful {
            Doubtful::Refuse => {
                let at: Vec<String> = doubtful
                    .iter()
                    .take(3)
                    .map(|&i| format!("({}, {})", i / cols, i % cols))
                    .collect();
                let more = if doubtful.len() > 3 { ", …" } else { "" };
                let one = doubtful.len() == 1;
                let faint = c.sampled.faint.len();
                let stroke = format!(
                    "a stroke covers between {:.0}% and {:.0}% of {}",
                    100.0 * sample::DOUBT,
                    100.0 * (1.0 - sample::DOUBT),
                    if one { "it" } else { "each" },
                );
                let line = format!(
                    "a faint line runs along {}, and the maze is whole with {} open or closed",
                    if faint == 1 { "it" } else { "each" },
                    if faint == 1 { "it" } else { "them" },
                );
                let why = match faint {
                    0 => stroke,
                    f if f == doubtful.len() => line,
                    f => format!("{stroke}, or ({f} of them) {line}"),
                };
                return Err(Error::Doubtful(format!(
                    "{} cell{} of the {}×{}-room maze found {} in doubt, at cells {}{more}: \
                     {why}; read {} with --doubtful majority, wall or open",
                    doubtful.len(),
                    if one { "" } else { "s" },
                    lattice.rows.len() / 2,
                    lattice.cols.len() / 2,
                    if one { "is" } else { "are" },
                    at.join(", "),
                    if one { "it" } else { "them" },
                )));
            }
            Doubtful::Majority => {}
            Doubtful::Wall | Doubtful::Open => {
                for &i in &doubtful {
                    grid.set_path(i, opts.picture.doubtful == Doubtful::Open);
                }
            }
        }
    }
    let (vw, vh) = (view.raster.width, view.raster.height);
    let [top, right, bottom, left] = view.margins;
    let inside = (vw - left - right) * (vh - top - bottom);
    let marks_inside = view.tones.marks.saturating_sub(vw * vh - inside);
    let marked_terminals = if lattice.pixel || marks_inside == 0 {
        Err("the picture has no colour marks".to_string())
    } else {
        marks::terminals(&view.raster, &view.tones, &lattice)
    };
    let mut lattice = lattice;
    match view.warp {
        Some(map) => {
            lattice.warp = Some(map);
            lattice.width = size.0;
            lattice.height = size.1;
        }
        None => lattice = lattice.shifted(view.origin.0, view.origin.1, size.0, size.1),
    }
    let mut maze = Maze::new(grid);
    // A maze whose outline steps in from its box has entrances there too: with two in all, on
    // the outline and on the box's border, they are its start and goal (in reading order).
    if !c.entrances.is_empty() {
        let mut all = maze.openings();
        all.extend(&c.entrances);
        all.sort_unstable();
        all.dedup();
        if let [start, goal] = all[..] {
            maze.set_terminals(Some(start), Some(goal))?;
        }
    }
    Ok(Picture {
        maze,
        lattice,
        marks: marks_inside,
        marked_terminals,
        set_aside: view.set_aside.clone(),
        beside: view.beside.clone(),
        doubtful,
        confidence: c.sampled.confidence,
        declared: false,
        frame: None,
    })
}

/// The views a maze is looked for in, under colour `model`: the maze found on the page
/// ([`page::find`]), straightened when the frame's sides tilt (a photo taken at an angle) or
/// with what lies around it set aside; and the whole picture. Also the whole picture's tones.
/// With `own` (the picture's most likely model), a straightened part gets its own model (a
/// table around a sheet no longer weighs on it); else it keeps `model`.
fn views(
    raster: &Raster,
    model: tone::Model,
    own: bool,
) -> Result<(Vec<View>, tone::Tones, Vec<Region>)> {
    #[cfg(not(feature = "pictures"))]
    let _ = own;
    let (tones, margins) = colour_model(raster, Some(model))?;
    #[allow(unused_mut)]
    let mut found_views: Option<View> = None;
    #[allow(unused_mut)]
    let mut set_aside = Vec::new();
    #[allow(unused_mut)]
    let mut beside = Vec::new();
    #[cfg(feature = "pictures")]
    if let Some(found) = page::find(&tones, raster.width, raster.height, margins) {
        let parts = found.side_by_side();
        if parts.len() >= 2 {
            beside = parts;
        }
        // Only a maze with a frame is looked at apart from the rest; what lies apart from any
        // maze found is not its ink when a straightened view measures the ink around it.
        if found.corners.is_some() {
            let derived = (!own).then_some(model);
            found_views = found_view(raster, &tones, margins, &found, derived)?;
        }
        set_aside = found.set_aside;
    }
    let whole = View {
        raster: raster.clone(),
        tones: tones.clone(),
        margins,
        origin: (0, 0),
        warp: None,
        set_aside: Vec::new(),
        beside: Vec::new(),
        source: None,
    };
    let out = found_views
        .into_iter()
        .chain([whole])
        .map(|v| View {
            beside: beside.clone(),
            ..v
        })
        .collect();
    Ok((out, tones, set_aside))
}

/// The whole picture made upright when its lines run at a slant ([`warp::slant`]) that shifts
/// a line by more than a pixel and a half across the picture, in the order they are tried:
/// straightened from the frame's corners when they were found (a perspective), and by undoing
/// the two angles (an affine map: the whole picture, should the corners found be those of a
/// part of the maze); none when the lines run upright.
#[cfg(feature = "pictures")]
fn deskewed_view(raster: &Raster, tones: &tone::Tones, set_aside: &[Region]) -> Result<Vec<View>> {
    let (w, h) = (raster.width, raster.height);
    let Some(slant) = warp::slant(tones, w, h) else {
        return Ok(Vec::new());
    };
    let shift = (slant.h.tan().abs() * w as f64).max(slant.v.tan().abs() * h as f64);
    trace!(
        "straighten: lines slant {:.2}° and {:.2}°, {shift:.1} px across, frame {:?}",
        slant.h.to_degrees(),
        slant.v.to_degrees(),
        slant.corners
    );
    if shift <= 1.5 {
        return Ok(Vec::new());
    }
    let paper = if 2 * tones
        .tone
        .iter()
        .filter(|&&v| v != tone::MARK && v >= tone::MID)
        .count()
        > tones.tone.len()
    {
        tones.light
    } else {
        tones.dark
    };
    let from_corners = slant.corners.and_then(|corners| {
        let d = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
        let side = d(corners[0], corners[1]).max(d(corners[0], corners[3]));
        let pad = (0.03 * side).max(6.0);
        let max = (w as u64 * h as u64).saturating_mul(2);
        warp::straighten(raster, corners, pad, paper, max)
    });
    let from_angles = warp::deskew(w, h, (slant.h, slant.v))
        .and_then(|(map, ow, oh)| Some((warp::warp(raster, map, ow, oh, paper)?, map)));
    let source = std::sync::Arc::new(Source {
        tones: tones.clone(),
        size: (w, h),
        set_aside: set_aside.to_vec(),
    });
    let mut out = Vec::new();
    for (upright, map) in from_corners.into_iter().chain(from_angles) {
        let (t2, m2) = colour_model(&upright, None)?;
        out.push(View {
            raster: upright,
            tones: t2,
            margins: m2,
            origin: (0, 0),
            warp: Some(map),
            set_aside: Vec::new(),
            beside: Vec::new(),
            source: Some(source.clone()),
        });
    }
    Ok(out)
}

/// The view of the maze [`page::find`] found: straightened when the frame's sides tilt, else
/// cropped with what lies around it set aside (its ink painted as passage); `None` when nothing
/// was set aside or straightened (the whole picture is the view).
#[cfg(feature = "pictures")]
fn found_view(
    raster: &Raster,
    tones: &tone::Tones,
    margins: [usize; 4],
    found: &page::Found,
    model: Option<tone::Model>,
) -> Result<Option<View>> {
    let (w, h) = (raster.width, raster.height);
    if let (true, Some(corners)) = (found.tilt > MAX_TILT, found.corners) {
        let side = found.maze.width().max(found.maze.height()) as f64;
        let pad = (0.03 * side).max(6.0);
        let fill = if found.dark_ink {
            tones.light
        } else {
            tones.dark
        };
        let max = (w as u64 * h as u64).saturating_mul(2);
        if let Some((straight, map)) = warp::straighten(raster, corners, pad, fill, max) {
            let source = Some(std::sync::Arc::new(Source {
                tones: tones.clone(),
                size: (w, h),
                set_aside: found.set_aside.clone(),
            }));
            let (t2, m2) = colour_model(&straight, model)?;
            let found2 = page::find(&t2, straight.width, straight.height, m2)
                .filter(|f| f.corners.is_some());
            // Within the straightened picture, what lies around the maze is set aside too.
            let inner = found2
                .as_ref()
                .and_then(|f2| crop_view(&straight, t2.clone(), m2, f2));
            let view = match inner {
                Some(v) => View {
                    warp: Some(map.after_shift(v.origin.0 as f64, v.origin.1 as f64)),
                    origin: (0, 0),
                    set_aside: found.set_aside.clone(),
                    source,
                    ..v
                },
                None => View {
                    raster: straight,
                    tones: t2,
                    margins: m2,
                    origin: (0, 0),
                    warp: Some(map),
                    set_aside: found.set_aside.clone(),
                    beside: Vec::new(),
                    source,
                },
            };
            return Ok(Some(view));
        }
    }
    Ok(crop_view(raster, tones.clone(), margins, found))
}

/// The maze's box with a margin, cropped, what was set aside around it painted as passage;
/// `None` when nothing was set aside.
#[cfg(feature = "pictures")]
fn crop_view(
    raster: &Raster,
    tones: tone::Tones,
    margins: [usize; 4],
    found: &page::Found,
) -> Option<View> {
    if found.set_aside.is_empty() {
        return None;
    }
    let (w, h) = (raster.width, raster.height);
    let m = found.maze;
    let pad = (m.width().max(m.height()) / 40).max(4);
    let region = Region {
        x0: m.x0.saturating_sub(pad),
        y0: m.y0.saturating_sub(pad),
        x1: (m.x1 + pad).min(w),
        y1: (m.y1 + pad).min(h),
    };
    let tones = page::isolate(&tones, w, found, region);
    let [top, right, bottom, left] = margins;
    let inner = [
        top.saturating_sub(region.y0).min(region.height()),
        region.x1.saturating_sub(w - right).min(region.width()),
        region.y1.saturating_sub(h - bottom).min(region.height()),
        left.saturating_sub(region.x0).min(region.width()),
    ];
    Some(View {
        raster: raster.crop(region),
        tones,
        margins: inner,
        origin: (region.x0, region.y0),
        warp: None,
        set_aside: found.set_aside.clone(),
        beside: Vec::new(),
        source: None,
    })
}

/// A frame whose sides tilt by more than this many pixels end to end is straightened first.
#[cfg(feature = "pictures")]
const MAX_TILT: f64 = 1.0;

/// The picture's tones under `model` (its most likely colour model when `None`), with margins
/// of a third colour set apart ([`tone::flatten_margins`]) and uneven light evened out
/// ([`tone::even_out`]).
fn colour_model(raster: &Raster, model: Option<tone::Model>) -> Result<(tone::Tones, [usize; 4])> {
    let bands = tone::bands(raster);
    let model = match model {
        Some(m) => m,
        None => *tone::models(raster, bands).first().ok_or_else(|| {
            Error::NoLattice(
                "the picture has no two distinct colours (one colour, or soft shades)".into(),
            )
        })?,
    };
    let clock = std::time::Instant::now();
    let mut tones = tone::tones_with(raster, model);
    let margins = tone::flatten_margins(raster, &mut tones, bands);
    trace!("tones in {:?}", clock.elapsed());
    if tone::even_out(&mut tones, raster.width, raster.height) {
        trace!("tones: uneven light evened out");
    }
    trace!("evened out in {:?}", clock.elapsed());
    Ok((tones, margins))
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
        beside: Vec::new(),
        doubtful: Vec::new(),
        confidence: 1.0,
        declared: false,
        frame: None,
    }
}

/// Pictures at most this many pixels a side are small enough to be a grid of one cell per
/// pixel whatever they show ([`tiny_world`]).
pub const TINY: usize = 64;

/// True when a grid read one pixel per cell is a maze drawn so: a tiny grid world
/// ([`tiny_world`]) when it is at most [`TINY`] cells a side (a few cells prove nothing of the
/// way it was drawn), else a grid that looks drawn that way ([`drawn_per_pixel`]).
pub fn pixel_maze(grid: &Grid) -> bool {
    let dims = grid.shape().dims();
    if dims.len() == 2 && dims.iter().all(|&n| n <= TINY) {
        tiny_world(grid)
    } else {
        drawn_per_pixel(grid)
    }
}

/// True when a grid read one pixel per cell is a tiny grid world: a picture of at most [`TINY`]
/// pixels a side (9×9, 14×11: a grid world of open areas and pillars, with no passage one pixel
/// wide), framed (nine tenths of its border wall), with at most one pixel of passage in 200
/// walled in all round (noise has one in 16),
/// that is not a smaller grid scaled up by nearest neighbours along either axis (a fifth or
/// more of its rows, or of its columns, the same as the one before: a scaled maze reads as the
/// smaller one).
///
/// Complexity: O(cells), on a grid of at most TINY² cells.
pub fn tiny_world(grid: &Grid) -> bool {
    let dims = grid.shape().dims();
    let (&[h, w], true) = (dims, dims.len() == 2) else {
        return false;
    };
    if h > TINY || w > TINY || h < 3 || w < 3 {
        return false;
    }
    let open = |y: usize, x: usize| grid.is_path(y * w + x);
    let (mut paths, mut enclosed) = (0usize, 0usize);
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            if open(y, x) {
                paths += 1;
                let walled =
                    !open(y - 1, x) && !open(y + 1, x) && !open(y, x - 1) && !open(y, x + 1);
                enclosed += usize::from(walled);
            }
        }
    }
    // A maze's frame: the border is wall but for a few openings.
    let border = 2 * (w + h) - 4;
    let open_border = (0..w)
        .flat_map(|x| [(0, x), (h - 1, x)])
        .chain((1..h - 1).flat_map(|y| [(y, 0), (y, w - 1)]))
        .filter(|&(y, x)| open(y, x))
        .count();
    if paths == 0 || enclosed * 200 > paths + 200 || open_border * 10 > border {
        return false;
    }
    // Scaled up by nearest neighbours (by 1.25 or more, from any phase: cropped since), a grid
    // repeats a fifth or more of its rows or of its columns next to themselves.
    let same_rows = (1..h)
        .filter(|&y| (0..w).all(|x| open(y, x) == open(y - 1, x)))
        .count();
    let same_cols = (1..w)
        .filter(|&x| (0..h).all(|y| open(y, x) == open(y, x - 1)))
        .count();
    5 * same_rows < h - 1 && 5 * same_cols < w - 1
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
    fn a_faint_line_across_a_passage_on_a_loop_is_in_doubt() {
        // Two corridors joined at both ends: a loop. A faint grey line across the upper one
        // leaves the maze whole closed or open; the picture cannot tell a wall from a smudge.
        let rows = [
            "#.#########",
            "#.........#",
            "#.#######.#",
            "#.........#",
            "#########.#",
        ];
        let maze = Maze::from_text_rows(&rows).unwrap();
        // Walls 2 px, passages 10 px, margin 6 px: wall segment (1, 4) spans x 30..32,
        // y 8..18.
        let mut r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
        r.fill_rect(30, 8, 32, 18, [200; 3]);
        let mut png = Vec::new();
        r.write_png(&mut png).unwrap();
        let with = |doubtful: Doubtful| {
            let opts = ReadOptions {
                picture: Options {
                    doubtful,
                    ..Options::default()
                },
                ..ReadOptions::default()
            };
            read(&png, &opts)
        };
        let e = with(Doubtful::Refuse).unwrap_err().to_string();
        assert!(
            e.contains("1 cell of the 2×5-room maze found is in doubt, at cells (1, 4)")
                && e.contains("a faint line runs along it"),
            "{e}"
        );
        let open = with(Doubtful::Majority).unwrap();
        assert_eq!(open.maze.grid(), maze.grid());
        let closed = with(Doubtful::Wall).unwrap();
        assert!(!closed.maze.grid().is_path(11 + 4));
    }

    #[test]
    fn a_mark_in_a_room_of_a_line_maze_leaves_the_confidence_of_its_walls() {
        let rows = [
            "#.#########",
            "#.....#...#",
            "#.###.#.#.#",
            "#...#...#.#",
            "###.#####.#",
            "#.......#.#",
            "#.#####.#.#",
            "#.....#...#",
            "#########.#",
        ];
        let maze = Maze::from_text_rows(&rows).unwrap();
        let draw = |dot: bool| {
            // Walls 2 px, passages 10 px, margin 6 px: room (1, 1) spans 8..18 each way.
            let mut r = Raster::line_maze(&maze, 2, 10, 6, [[0; 3], [255; 3], [255; 3]]).unwrap();
            if dot {
                // A dot over half the middle of the room (a letter, an arrow's head).
                r.fill_rect(10, 10, 13, 16, [0; 3]);
            }
            let mut png = Vec::new();
            r.write_png(&mut png).unwrap();
            read(&png, &ReadOptions::default()).unwrap()
        };
        let clean = draw(false);
        assert_eq!(clean.maze.grid(), maze.grid());
        assert_eq!(clean.confidence, 1.0);
        // The room is passage by the line maze's convention whatever its ink: the walls were
        // as clear as before.
        let dotted = draw(true);
        assert_eq!(dotted.maze.grid(), maze.grid());
        assert_eq!(dotted.confidence, 1.0);
    }

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

    fn grid_of(rows: &[&str]) -> Grid {
        Maze::from_text_rows(rows).unwrap().grid().clone()
    }

    #[test]
    fn tiny_grid_worlds_pass_and_rings_and_scaled_mazes_do_not() {
        // Open ground with pillars, framed: no passage one cell wide, yet a grid world.
        let world = [
            "##############",
            "##...........#",
            "#.......#....#",
            "#..#.........#",
            "#.........#..#",
            "#....#.......#",
            "##############",
        ];
        assert!(tiny_world(&grid_of(&world)));
        assert!(pixel_maze(&grid_of(&world)));
        // A ring with no frame.
        let ring = [".....", ".###.", ".#.#.", ".###.", "....."];
        assert!(!tiny_world(&grid_of(&ring)));
        // A 7×7 maze scaled ×1.5 by nearest neighbours (rows and columns 0, 2, 4, 6 doubled
        // where a pixel's centre falls): it is the small maze, not a 10×10 one.
        let small = [
            "#.#####", "#...#.#", "###.#.#", "#...#.#", "#.###.#", "#.....#", "#####.#",
        ];
        let scaled: Vec<String> = (0..10)
            .map(|y| {
                let sy = ((y as f64 + 0.5) * 7.0 / 10.0) as usize;
                (0..10)
                    .map(|x| small[sy].as_bytes()[((x as f64 + 0.5) * 7.0 / 10.0) as usize] as char)
                    .collect()
            })
            .collect();
        let scaled: Vec<&str> = scaled.iter().map(String::as_str).collect();
        assert!(tiny_world(&grid_of(&small)));
        assert!(!tiny_world(&grid_of(&scaled)));
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
