//! Writing solutions: JSON (any dimension), a coloured PNG and a text grid (2-D).
//!
//! - **JSON**: `{"method": "dead-end", "shape": [h, w], "start": [r, c], "goal": [r, c],
//!   "length": N|null, "visited": N, "kept_count": K, "path": [[r, c], …]|null,
//!   "kept": [[r, c], …]}`; `path` runs from start to goal, `length` is its number of steps,
//!   `kept` the cells the method keeps or marks (see [`crate::solve`]).
//! - **PNG** (colour, an indexed picture with a palette of six RGB colours): walls black, path
//!   cells not kept (filled or never reached) shaded grey, kept cells light yellow, the path
//!   blue, the start green and the goal red ([`crate::palette`]). Rows are drawn and deflated
//!   on every core, a few MiB at a time ([`crate::format::deflate`]).
//! - **Text**: the maze as `#` and `.`, `o` on the path, `S` and `G` at the terminals, and the
//!   portal lines after a blank line.

use super::Solution;
use crate::error::{Error, Result};
use crate::format::deflate::ImageData;
use crate::grid::load_bits;
use crate::legend::{Entry, Legend, Swatch};
use crate::maze::Maze;
use crate::palette;
use crate::render::Disc;
use std::io::Write;
use std::path::Path;

/// Wall pixels.
pub const WALL: [u8; 3] = palette::WALL;
/// Path cells that are not kept: filled dead ends, or cells the search never reached.
pub const SHADED: [u8; 3] = palette::FILLED;
/// Kept cells off the path (cycles and their accesses, cells reached, …).
pub const KEPT: [u8; 3] = palette::KEPT;
/// Cells of the solution path.
pub const PATH: [u8; 3] = palette::PATH;
/// The start cell.
pub const START: [u8; 3] = palette::START;
/// The goal cell.
pub const GOAL: [u8; 3] = palette::GOAL;

/// The file formats a solution is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolutionFormat {
    /// JSON with the path and kept cells as coordinates.
    Json,
    /// A coloured picture (2-D).
    Png,
    /// A text grid with the path marked (2-D).
    Txt,
}

impl SolutionFormat {
    /// The format with this name (`json`, `png`, `txt`, any case, with or without a dot).
    ///
    /// ```
    /// use mazegraph::solve::render::SolutionFormat;
    /// assert_eq!(SolutionFormat::from_name(".PNG").unwrap(), SolutionFormat::Png);
    /// assert!(SolutionFormat::from_name("dot").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<SolutionFormat> {
        match name.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "json" => Ok(SolutionFormat::Json),
            "png" => Ok(SolutionFormat::Png),
            "txt" => Ok(SolutionFormat::Txt),
            _ => Err(Error::UnknownFormat(format!(
                "cannot write a solution as {name:?} (known: json, png, txt)"
            ))),
        }
    }

    /// The format a file name's extension names.
    pub fn from_path(path: &Path) -> Result<SolutionFormat> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        SolutionFormat::from_name(&ext).map_err(|_| {
            let lower = ext.to_ascii_lowercase();
            let hint = match lower.as_str() {
                "jpg" | "jpeg" | "bmp" | "gif" | "webp" => format!(
                    "; {lower} pictures are read, not written: write the solution as .png"
                ),
                "svg" => "; an SVG of the solution is drawn by `mazegraph render MAZE -o NAME.svg \
                          --overlay solution`"
                    .to_string(),
                _ => String::new(),
            };
            Error::UnknownFormat(format!(
                "cannot tell the solution format of {} from its extension (known: json, png, txt; or name it with --to){hint}",
                path.display()
            ))
        })
    }

    /// True for PNG.
    pub fn is_binary(self) -> bool {
        self == SolutionFormat::Png
    }
}

/// Writes `solution` of `maze` in `format`.
pub fn write(
    format: SolutionFormat,
    maze: &Maze,
    solution: &Solution,
    out: &mut dyn Write,
) -> Result<()> {
    match format {
        SolutionFormat::Json => write_json(maze, solution, out),
        SolutionFormat::Png => write_png(maze, solution, out),
        SolutionFormat::Txt => write_txt(maze, solution, out),
    }
}

fn write_coords(out: &mut dyn Write, coords: &[usize]) -> Result<()> {
    out.write_all(b"[")?;
    for (k, c) in coords.iter().enumerate() {
        if k > 0 {
            out.write_all(b", ")?;
        }
        write!(out, "{c}")?;
    }
    out.write_all(b"]")?;
    Ok(())
}

fn write_cells(maze: &Maze, out: &mut dyn Write, cells: impl Iterator<Item = usize>) -> Result<()> {
    let mut at = vec![0; maze.shape().ndim()];
    out.write_all(b"[")?;
    for (k, i) in cells.enumerate() {
        if k > 0 {
            out.write_all(b", ")?;
        }
        maze.shape().coords_into(i, &mut at);
        write_coords(out, &at)?;
    }
    out.write_all(b"]")?;
    Ok(())
}

/// Writes the solution as JSON (one line, then a newline).
///
/// ```
/// use mazegraph::{solve::{render, solve, Method}, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let s = solve(&m, Method::Bfs).unwrap();
/// let mut out = Vec::new();
/// render::write_json(&m, &s, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(),
///     "{\"method\": \"bfs\", \"shape\": [2, 3], \"start\": [0, 1], \"goal\": [1, 1], \"length\": 1, \
///      \"visited\": 2, \"kept_count\": 2, \"path\": [[0, 1], [1, 1]], \"kept\": [[0, 1], [1, 1]]}\n");
/// ```
pub fn write_json(maze: &Maze, solution: &Solution, out: &mut dyn Write) -> Result<()> {
    let shape = maze.shape();
    write!(
        out,
        "{{\"method\": \"{}\", \"shape\": ",
        solution.method.name()
    )?;
    write_coords(out, shape.dims())?;
    out.write_all(b", \"start\": ")?;
    write_coords(out, &shape.coords(solution.start))?;
    out.write_all(b", \"goal\": ")?;
    write_coords(out, &shape.coords(solution.goal))?;
    match solution.length {
        Some(l) => write!(out, ", \"length\": {l}")?,
        None => out.write_all(b", \"length\": null")?,
    }
    write!(
        out,
        ", \"visited\": {}, \"kept_count\": {}, \"path\": ",
        solution.visited,
        solution.kept_count()
    )?;
    match &solution.path {
        Some(p) => write_cells(maze, out, p.iter().copied())?,
        None => out.write_all(b"null")?,
    }
    out.write_all(b", \"kept\": ")?;
    write_cells(maze, out, solution.kept.ones())?;
    out.write_all(b"}\n")?;
    Ok(())
}

fn require_2d(maze: &Maze, format: &str) -> Result<(usize, usize)> {
    let dims = maze.shape().dims();
    if dims.len() != 2 {
        return Err(Error::Unsupported(format!(
            "a {format} solution needs a 2-D maze; this one has {} axes (write json)",
            dims.len()
        )));
    }
    Ok((dims[0], dims[1]))
}

/// The path cells in increasing order, for row-by-row writers.
fn sorted_path(solution: &Solution) -> Vec<usize> {
    let mut p = solution.path.clone().unwrap_or_default();
    p.sort_unstable();
    p
}

/// Writes a 2-D solution as a text grid: `#` wall, `.` path, `o` on the solution, `S`/`G`.
///
/// ```
/// use mazegraph::{solve::{render, solve, Method}, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let s = solve(&m, Method::DeadEnd).unwrap();
/// let mut out = Vec::new();
/// render::write_txt(&m, &s, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "#S###\n#ooo#\n###G#\n");
/// ```
pub fn write_txt(maze: &Maze, solution: &Solution, out: &mut dyn Write) -> Result<()> {
    let (h, w) = require_2d(maze, "txt")?;
    let grid = maze.grid();
    let path = sorted_path(solution);
    let mut p = 0;
    let mut line = Vec::with_capacity(w + 1);
    for r in 0..h {
        line.clear();
        for c in 0..w {
            let i = r * w + c;
            let on_path = path.get(p) == Some(&i);
            if on_path {
                p += 1;
            }
            line.push(if i == solution.start {
                b'S'
            } else if i == solution.goal {
                b'G'
            } else if !grid.is_path(i) {
                b'#'
            } else if on_path {
                b'o'
            } else {
                b'.'
            });
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    if !maze.portals().is_empty() {
        out.write_all(b"\n")?;
        for &(a, b) in maze.portals() {
            writeln!(
                out,
                "+ {} -> {}",
                maze.shape().fmt_index(a),
                maze.shape().fmt_index(b)
            )?;
        }
    }
    Ok(())
}

/// The palette of solution pictures, by index: [`WALL`], [`SHADED`], [`KEPT`], [`PATH`],
/// [`START`], [`GOAL`].
pub const PALETTE: [[u8; 3]; 6] = [WALL, SHADED, KEPT, PATH, START, GOAL];

const B: usize = usize::BITS as usize;

/// Writes a 2-D solution as a colour PNG, one pixel per cell, row by row, in the colours of
/// [`PALETTE`]. The picture is indexed (a 4-bit palette of those RGB colours): the same
/// picture as 8-bit RGB with a sixth of the pixel data to compress, which is what keeps a
/// 15001×15001 solution quick to write.
///
/// Complexity: O(cells), 64 cells at a time (a table turns eight cells' path bits, and again
/// their kept bits, into four bytes of pixels), on every core; memory: two 4 MiB chunks of
/// rows per core, and one bit per cell for the path unless the kept cells are the path
/// (dead-end filling of a perfect maze).
pub fn write_png(maze: &Maze, solution: &Solution, out: &mut dyn Write) -> Result<()> {
    write_png_scaled(maze, solution, 1, out)
}

/// [`write_png`] with each cell a `scale` × `scale` square of pixels (a 41×31 maze is a
/// readable picture at scale 14); the rows are widened as they are written.
///
/// Complexity: O(cells · scale²) pixels, on every core, a few MiB of rows at a time.
///
/// ```
/// use mazegraph::{solve::{render, solve, Method}, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let s = solve(&m, Method::Bfs).unwrap();
/// let mut out = Vec::new();
/// render::write_png_scaled(&m, &s, 10, &mut out).unwrap();
/// let info = png::Decoder::new(std::io::Cursor::new(out)).read_info().unwrap().info().clone();
/// assert_eq!((info.width, info.height), (30, 20));
/// ```
pub fn write_png_scaled(
    maze: &Maze,
    solution: &Solution,
    scale: usize,
    out: &mut dyn Write,
) -> Result<()> {
    write_png_inner(maze, solution, path_cells(maze, solution), scale, None, out)
}

/// The legend of a solution picture `width` pixels wide: start, goal, the path, and the kept
/// and other path cells named after the method ([`Method::kept_names`]), each only when the
/// picture shows it. Palette indices as in [`PALETTE`], text black on white (index 6).
///
/// [`Method::kept_names`]: super::Method::kept_names
pub fn legend(maze: &Maze, solution: &Solution, width: usize) -> Legend {
    legend_with(
        maze,
        solution,
        path_cells(maze, solution).as_ref(),
        (width, usize::MAX),
    )
}

/// [`legend`] with the path's cells already found ([`path_cells`]).
fn legend_with(
    maze: &Maze,
    solution: &Solution,
    on_path: Option<&fixedbitset::FixedBitSet>,
    (width, body): (usize, usize),
) -> Legend {
    let mut entries = vec![
        Entry::new(Swatch::Colour(4), "start"),
        Entry::new(Swatch::Colour(5), "goal"),
    ];
    let path: &[usize] = solution.path.as_deref().unwrap_or_default();
    if path.len() > 2 {
        entries.push(Entry::new(Swatch::Colour(3), "solution"));
    }
    let grid = maze.grid().bits().as_slice();
    let kept = solution.kept.as_slice();
    // Word by word, stopping at the first word that answers (usually the first few).
    let word = |i: usize| on_path.map_or(0, |p| p.as_slice().get(i).copied().unwrap_or(0));
    // Without a path set the kept cells are the path: nothing is kept off it.
    let kept_off_path =
        on_path.is_some() && kept.iter().enumerate().any(|(i, &k)| k & !word(i) != 0);
    let other = grid
        .iter()
        .zip(kept)
        .enumerate()
        .any(|(i, (&g, &k))| g & !k & !word(i) != 0);
    let (kept_name, other_name) = solution.method.kept_names();
    if kept_off_path {
        entries.push(Entry::new(Swatch::Colour(2), kept_name));
    }
    if other {
        entries.push(Entry::new(Swatch::Colour(1), other_name));
    }
    Legend::fitted(entries, width, body)
}

/// The path's cells as a bitset over the grid; `None` when they are exactly the kept cells
/// (dead-end filling of a perfect maze, whose kept cells are the path and nothing else), so
/// that a huge solution is drawn without a third bit per cell.
fn path_cells(maze: &Maze, solution: &Solution) -> Option<fixedbitset::FixedBitSet> {
    let path: &[usize] = solution.path.as_deref().unwrap_or_default();
    // Dead-end filling keeps every cell of its path; a path as long as the kept cells is them.
    if solution.method == super::Method::DeadEnd && path.len() == solution.kept_count() {
        return None;
    }
    let mut on_path = fixedbitset::FixedBitSet::with_capacity(maze.grid().len());
    on_path.extend(path.iter().copied());
    Some(on_path)
}

/// [`write_png_scaled`] with [`legend`] under the maze.
///
/// ```
/// use mazegraph::{solve::{render, solve, Method}, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let s = solve(&m, Method::Bfs).unwrap();
/// let (mut plain, mut with) = (Vec::new(), Vec::new());
/// render::write_png_scaled(&m, &s, 40, &mut plain).unwrap();
/// render::write_png_with_legend(&m, &s, 40, &mut with).unwrap();
/// let height = |png: &[u8]| u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
/// assert!(height(&with) > height(&plain));
/// ```
pub fn write_png_with_legend(
    maze: &Maze,
    solution: &Solution,
    scale: usize,
    out: &mut dyn Write,
) -> Result<()> {
    let (h, w) = require_2d(maze, "png")?;
    let on_path = path_cells(maze, solution);
    let l = legend_with(
        maze,
        solution,
        on_path.as_ref(),
        (
            w.saturating_mul(scale.max(1)),
            h.saturating_mul(scale.max(1)),
        ),
    );
    write_png_inner(maze, solution, on_path, scale, Some(&l), out)
}

fn write_png_inner(
    maze: &Maze,
    solution: &Solution,
    on_path: Option<fixedbitset::FixedBitSet>,
    scale: usize,
    legend: Option<&Legend>,
    out: &mut dyn Write,
) -> Result<()> {
    let (h, w) = require_2d(maze, "png")?;
    let scale = scale.max(1);
    let too_big = || {
        Error::Unsupported(format!(
            "a {h}x{w} picture at scale {scale} is too large for PNG"
        ))
    };
    let (pw, ph) = (
        w.checked_mul(scale)
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(too_big)?,
        h.checked_mul(scale)
            .and_then(|x| x.checked_add(legend.map_or(0, Legend::height)))
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(too_big)?,
    );
    let png_err = crate::error::png_writing;
    let mut enc = png::Encoder::new(out, pw, ph);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Four);
    let mut colours = PALETTE.concat();
    enc.add_text_chunk(
        crate::format::png::CELL_PIXELS_KEYWORD.to_string(),
        scale.to_string(),
    )
    .map_err(png_err)?;
    enc.add_text_chunk(
        crate::format::png::CELLS_KEYWORD.to_string(),
        format!("{h}x{w}"),
    )
    .map_err(png_err)?;
    if let Some(l) = legend {
        colours.extend_from_slice(&palette::OPEN);
        enc.add_text_chunk(
            crate::legend::PNG_KEYWORD.to_string(),
            l.height().to_string(),
        )
        .map_err(png_err)?;
    }
    enc.set_palette(colours);
    let mut writer = enc.write_header().map_err(png_err)?;
    let row_bytes = (pw as usize).div_ceil(2);
    let mut data = ImageData::new(&mut writer, row_bytes);
    let rows = Rows::new(maze, solution, on_path);
    // Discs around the start and goal (palette 4 and 5), so that they show at any size; only
    // over path cells, never over walls: the picture still reads as its maze.
    let clip = (0, 0, w * scale, h * scale);
    let at = |cell: usize| ((cell % w) * scale, (cell / w) * scale);
    let discs: Vec<(Disc, u8)> = [(solution.start, 4u8), (solution.goal, 5u8)]
        .into_iter()
        .filter_map(|(cell, colour)| Some((Disc::around(at(cell), scale, clip)?, colour)))
        .collect();
    let paint_discs = |y: usize, row: &mut [u8]| {
        for (disc, colour) in &discs {
            for x in disc.span(y).into_iter().flatten() {
                if (row[x / 2] >> if x.is_multiple_of(2) { 4 } else { 0 }) & 0x0f != 0 {
                    set_pixel(row, x, *colour);
                }
            }
        }
    };
    if scale == 1 {
        data.write_rows(0..h, |y, row| {
            rows.draw(y, row);
            paint_discs(y, row);
        })?;
    } else {
        data.write_rows(0..h * scale, |y, row| {
            let mut cells = vec![0u8; w.div_ceil(2)];
            rows.draw(y / scale, &mut cells);
            for x in 0..w {
                let v = (cells[x / 2] >> if x.is_multiple_of(2) { 4 } else { 0 }) & 0x0f;
                if v != 0 {
                    for k in 0..scale {
                        set_pixel(row, x * scale + k, v);
                    }
                }
            }
            paint_discs(y, row);
        })?;
    }
    if let Some(l) = legend {
        let width = pw as usize;
        data.write_rows(0..l.height(), |y, row| {
            let mut pixels = vec![0u8; width];
            l.row(y, &mut pixels, 6, 0);
            for (x, &v) in pixels.iter().enumerate() {
                set_pixel(row, x, v);
            }
        })?;
    }
    data.finish()?;
    writer.finish().map_err(png_err)
}

/// The rows of a solution picture, one pixel per cell, drawn on any thread.
struct Rows<'a> {
    w: usize,
    grid: &'a [usize],
    kept: &'a [usize],
    /// The path's cells, or `None` when they are the kept cells (see [`path_cells`]).
    path: Option<fixedbitset::FixedBitSet>,
    /// Four bytes of pixels, one of value 1 for each set bit of eight cells' bits (see
    /// [`Rows::new`]).
    ones: [u32; 256],
    /// The colour added to a kept cell's 1: 1 (kept) or 2 (the path's colour, when the kept
    /// cells are the path).
    kept_colour: u32,
    terminals: [(usize, u8); 2],
}

impl<'a> Rows<'a> {
    /// The rows of `solution` of `maze`, with its path's cells ([`path_cells`]).
    fn new(maze: &'a Maze, solution: &'a Solution, path: Option<fixedbitset::FixedBitSet>) -> Self {
        // Pixel of one cell: 0 wall, 1 path not kept, 2 kept (3, the path's colour, when the
        // kept cells are the path): its path bit plus the kept colour times its kept bit. Eight
        // cells are four bytes, two cells a byte, the first cell high: bit j of a byte of cells
        // is the nibble of byte j / 2 (the high one for even j) of a little-endian word.
        let kept_colour = if path.is_none() { 2 } else { 1 };
        let mut ones = [0u32; 256];
        for (b, word) in ones.iter_mut().enumerate() {
            *word = (0..8)
                .filter(|j| b >> j & 1 == 1)
                .map(|j| 1u32 << (8 * (j / 2) + if j % 2 == 0 { 4 } else { 0 }))
                .sum();
        }
        Rows {
            w: maze.shape().dims()[1],
            grid: maze.grid().bits().as_slice(),
            kept: solution.kept.as_slice(),
            path,
            ones,
            kept_colour,
            terminals: [(solution.start, 4u8), (solution.goal, 5u8)],
        }
    }

    /// Draws maze row `r` into `row` (`w.div_ceil(2)` bytes, zeroed): 64 cells at a time,
    /// eight through the table at once, then the path's cells and the terminals.
    fn draw(&self, r: usize, row: &mut [u8]) {
        let w = self.w;
        let base = r * w;
        let mut col = 0;
        while col < w {
            let p = base + col;
            let len = (w - col).min(B);
            let mask = if len == B { !0 } else { (1usize << len) - 1 };
            let g = load_bits(self.grid, p) & mask;
            if g != 0 {
                let bytes = &mut row[col / 2..col / 2 + len.div_ceil(2)];
                let k = load_bits(self.kept, p) & g;
                // Eight cells, four bytes, at a time (no carries: a pixel is at most 3).
                let px = |j: usize| {
                    let (gb, kb) = ((g >> (8 * j)) & 0xff, (k >> (8 * j)) & 0xff);
                    (self.ones[gb] + self.kept_colour * self.ones[kb]).to_le_bytes()
                };
                let whole = bytes.len() / 4;
                let mut fours = bytes.chunks_exact_mut(4);
                for (j, four) in fours.by_ref().enumerate() {
                    four.copy_from_slice(&px(j));
                }
                let rest = fours.into_remainder();
                if !rest.is_empty() {
                    let n = rest.len();
                    rest.copy_from_slice(&px(whole)[..n]);
                }
                if let Some(path) = &self.path {
                    let mut on = load_bits(path.as_slice(), p) & g;
                    while on != 0 {
                        let t = on.trailing_zeros() as usize;
                        on &= on - 1;
                        set_pixel(bytes, t, 3);
                    }
                }
            }
            col += len;
        }
        for &(t, colour) in &self.terminals {
            if t / w == r {
                set_pixel(row, t % w, colour);
            }
        }
    }
}

/// Sets pixel `x` of a row of 4-bit pixels (two per byte, first one high).
#[inline]
fn set_pixel(bytes: &mut [u8], x: usize, v: u8) {
    let b = &mut bytes[x / 2];
    *b = if x.is_multiple_of(2) {
        (*b & 0x0f) | (v << 4)
    } else {
        (*b & 0xf0) | v
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solve, Method};
    use fixedbitset::FixedBitSet;

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut dec = dec.read_info().unwrap();
        let mut buf = vec![0; dec.output_buffer_size().unwrap()];
        let info = dec.next_frame(&mut buf).unwrap();
        (info, buf)
    }

    #[test]
    fn png_colours_every_kind_of_cell() {
        let m = Maze::from_text_rows(&[
            "#.#####", //
            "#...#.#", //
            "#.#...#", //
            "#.#.###", //
            "###.###",
        ])
        .unwrap();
        let s = solve(&m, Method::DeadEnd).unwrap();
        let mut out = Vec::new();
        write_png(&m, &s, &mut out).unwrap();
        let (info, px) = decode(&out);
        assert_eq!((info.width, info.height), (7, 5));
        assert_eq!(info.color_type, png::ColorType::Rgb); // the palette, expanded
        let at = |r: usize, c: usize| -> [u8; 3] {
            let k = 3 * (r * 7 + c);
            [px[k], px[k + 1], px[k + 2]]
        };
        assert_eq!(at(0, 0), WALL);
        assert_eq!(at(0, 1), START);
        assert_eq!(at(4, 3), GOAL);
        assert_eq!(at(1, 1), PATH);
        assert_eq!(at(3, 1), SHADED); // a filled dead end
        assert_eq!(at(1, 5), SHADED);
        let b = solve(&m, Method::Bfs).unwrap();
        let mut out = Vec::new();
        write_png(&m, &b, &mut out).unwrap();
        let (_, px) = decode(&out);
        let k = 3 * (2 * 7 + 1); // (2, 1): reached by the search, not on the path
        assert_eq!([px[k], px[k + 1], px[k + 2]], KEPT);
    }

    #[test]
    fn rows_of_any_width_give_each_cell_its_colour() {
        // Widths around the 8-cell groups and the 64-cell words, with cells of every kind.
        for w in [1usize, 2, 3, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 130] {
            let mut x = w as u64 * 0x9e37_79b9 + 1_u64;
            let mut rand = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let rows: Vec<String> = (0..3)
                .map(|_| {
                    (0..w)
                        .map(|_| if rand() % 3 == 0 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let m = Maze::from_text_rows(&rows).unwrap();
            let open: Vec<usize> = m.grid().paths().collect();
            if open.len() < 2 {
                continue;
            }
            let mut kept = FixedBitSet::with_capacity(m.grid().len());
            for &i in &open {
                kept.set(i, rand() % 2 == 0);
            }
            let (start, goal) = (open[0], open[open.len() - 1]);
            let sol = Solution::new(Method::Bfs, (start, goal), None, kept.clone(), 0);
            let drawn = Rows::new(&m, &sol, Some(FixedBitSet::with_capacity(m.grid().len())));
            for r in 0..3 {
                let mut row = vec![0u8; w.div_ceil(2)];
                drawn.draw(r, &mut row);
                for c in 0..w {
                    let i = r * w + c;
                    let want = match (m.grid().is_path(i), kept.contains(i)) {
                        _ if i == start => 4,
                        _ if i == goal => 5,
                        (false, _) => 0,
                        (true, false) => 1,
                        (true, true) => 2,
                    };
                    let got = (row[c / 2] >> if c % 2 == 0 { 4 } else { 0 }) & 0x0f;
                    assert_eq!(got, want, "width {w}, cell ({r}, {c})");
                }
            }
        }
    }

    #[test]
    fn text_and_png_refuse_3d() {
        let shape = crate::grid::Shape::new(vec![2, 2, 2]).unwrap();
        let mut grid = crate::grid::Grid::walls(shape);
        grid.set_path(0, true);
        grid.set_path(7, true);
        let m = Maze::new(grid);
        let s = crate::solve::solve_between(&m, Method::Bfs, 0, 7).unwrap();
        let mut out = Vec::new();
        assert!(matches!(
            write_txt(&m, &s, &mut out),
            Err(Error::Unsupported(_))
        ));
        assert!(write_png(&m, &s, &mut out).is_err());
        assert!(out.is_empty());
        write_json(&m, &s, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("\"path\": null, \"kept\": [[0, 0, 0]]"),
            "{text}"
        );
    }

    #[test]
    fn text_lists_portals() {
        let mut m = Maze::from_text_rows(&["#.#.#", "#.#.#"]).unwrap();
        m.add_portal(6, 8).unwrap();
        let s = solve(&m, Method::Bfs).unwrap();
        let mut out = Vec::new();
        write_txt(&m, &s, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "#S#.#\n#o#G#\n\n+ (1, 1) -> (1, 3)\n"
        );
    }
}
