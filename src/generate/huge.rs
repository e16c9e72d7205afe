//! Huge 2-D mazes (seed 003's "map"): a coarse maze whose cells are blocks of rooms. Each
//! block is a perfect sub-maze, generated independently (on every core, with rayon); every
//! passage of the coarse maze becomes one door in the wall between its two blocks. A tree
//! of trees joined along a tree is a tree: the whole maze is perfect.
//!
//! Nothing of the size of the maze is held in memory: blocks are made one band (a row of
//! blocks) at a time and their cell rows streamed out, to a 1-bit PNG by [`write_png`].
//! Every block draws from its own generator, seeded from the maze's seed and the block's
//! position, so the maze depends only on the seed and the block size, not on the number of
//! threads.
//!
//! ```
//! use mazegraph::generate::{huge::{for_each_row, Huge}, Algorithm};
//! let huge = Huge { rooms: [20, 30], block: 8, algorithm: Algorithm::Backtracker, seed: 1 };
//! let mut rows = 0;
//! for_each_row(&huge, |row| { assert_eq!(row.len(), 8); rows += 1; Ok(()) }).unwrap();
//! assert_eq!(rows, 41);
//! ```

use super::lattice::{below, shapes, Lattice};
use super::{carve, rng_from_seed, Algorithm};
use crate::error::{Error, Result};
use crate::format::png::pack_png_row;
use crate::grid::{or_bits, Grid, Limits};
use crate::par::*;
use std::io::Write;

/// A huge maze to make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Huge {
    /// Rooms along axis 0 (rows) and axis 1 (columns).
    pub rooms: [usize; 2],
    /// The largest block side, in rooms (blocks are near-equal, at most this big).
    pub block: usize,
    /// The algorithm of the coarse map and of every block; it must make perfect mazes.
    pub algorithm: Algorithm,
    /// The seed.
    pub seed: u64,
}

/// Default block side: 256×256 rooms, a 64 KiB block grid that stays in cache.
pub const DEFAULT_BLOCK: usize = 256;

/// The memory [`for_each_row`] holds at once, in bytes (an estimate from above): the coarse
/// map and its doors (about 48 bytes a block, with the generator's own work), and one band of
/// blocks with its packed rows (two bits a cell of a band `2·block + 1` cells high). It grows
/// with the maze's width and the block side, not with its area: a 100001² maze in blocks of
/// 256 rooms needs about 13 MB.
///
/// ```
/// use mazegraph::generate::{huge::{memory, Huge}, Algorithm};
/// let huge = Huge { rooms: [50_000, 50_000], block: 256, algorithm: Algorithm::Backtracker, seed: 1 };
/// assert!(memory(&huge) < 20 << 20);
/// ```
pub fn memory(huge: &Huge) -> u64 {
    let [rows, cols] = huge.rooms.map(|r| r as u64);
    let block = (huge.block as u64).max(1);
    let coarse = rows.div_ceil(block).saturating_mul(cols.div_ceil(block));
    let band_cells = (2 * block.min(rows) + 1).saturating_mul(cols.saturating_mul(2) + 1);
    coarse
        .saturating_mul(48)
        .saturating_add(band_cells.saturating_mul(2) / 8)
}

/// Where blocks start along one axis: `count + 1` boundaries from 0 to `rooms`.
fn splits(rooms: usize, block: usize) -> Vec<usize> {
    let count = rooms.div_ceil(block);
    (0..=count)
        .map(|i| (i as u128 * rooms as u128 / count as u128) as usize)
        .collect()
}

/// A seed for block `index`, well mixed from the maze's seed (SplitMix64's finalizer).
fn block_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_133a_111e);
    z ^ (z >> 31)
}

/// Calls `row` with every cell row of the maze, top to bottom, packed 8 cells a byte, most
/// significant bit first, 1 = path (the layout of a 1-bit grayscale PNG row). The entrance
/// is above the top-left room and the exit below the bottom-right room.
///
/// Complexity: O(cells) time, O(block · width) memory.
pub fn for_each_row(huge: &Huge, mut row: impl FnMut(&[u8]) -> Result<()>) -> Result<()> {
    stream(huge, false, |maze, _| row(maze))
}

/// [`for_each_row`] with the solution: `row(maze, path)` gets each cell row and, packed the
/// same way, its cells on the way from the entrance to the exit (1 = on it). The way is found
/// as seed 003's map says, never with the whole maze in memory: the path through the coarse
/// map of blocks, then in each block on it the path between the doors it is entered and left
/// by (a breadth-first search in that block alone: the block is a perfect maze, and the whole
/// maze a tree, so that path is the maze's).
///
/// Complexity: O(cells) time; memory as [`for_each_row`], twice the band, plus a few bytes a
/// block.
///
/// ```
/// use mazegraph::generate::{huge::{for_each_row_solved, Huge}, Algorithm};
/// let huge = Huge { rooms: [20, 30], block: 8, algorithm: Algorithm::Kruskal, seed: 2 };
/// let mut on_path = 0;
/// for_each_row_solved(&huge, |maze, path| {
///     // Every cell of the path is a path cell of the maze.
///     assert!(maze.iter().zip(path).all(|(m, p)| p & !m == 0));
///     on_path += path.iter().map(|b| b.count_ones()).sum::<u32>();
///     Ok(())
/// }).unwrap();
/// assert!(on_path >= 2 * (20 + 30) - 1); // at least the Manhattan way, in cells
/// ```
pub fn for_each_row_solved(
    huge: &Huge,
    mut row: impl FnMut(&[u8], &[u8]) -> Result<()>,
) -> Result<()> {
    stream(huge, true, |maze, path| row(maze, path.unwrap_or(&[])))
}

/// The rows of the maze, with the solution's when `solve` ([`for_each_row`],
/// [`for_each_row_solved`]).
fn stream(
    huge: &Huge,
    solve: bool,
    mut row: impl FnMut(&[u8], Option<&[u8]>) -> Result<()>,
) -> Result<()> {
    let [rows, cols] = huge.rooms;
    if huge.block == 0 {
        return Err(Error::InvalidMaze(
            "the block side must be at least 1 room".into(),
        ));
    }
    if !huge.algorithm.is_perfect() {
        return Err(Error::Unsupported(format!(
            "huge mazes are stitched from perfect sub-mazes; {} does not make them",
            huge.algorithm.name()
        )));
    }
    // Sizes (zero, overflow) first. The maze is never held, so neither its cells nor its bytes
    // are limited here; the caller checks [`memory`] against its budget.
    let unbounded = Limits {
        max_cells: u64::MAX,
        max_bytes: u64::MAX,
    };
    shapes(&huge.rooms, &unbounded)?;
    let rs = splits(rows, huge.block);
    let cs = splits(cols, huge.block);
    let (by, bx) = (rs.len() - 1, cs.len() - 1);
    let coarse = Lattice::new(&[by, bx], &Limits::default())?;
    let mut rng = rng_from_seed(huge.seed);
    let map = carve(huge.algorithm, &coarse, &mut rng)?;
    // One door per coarse passage: a column for a door down, a row for a door right.
    let mut door_down = vec![usize::MAX; by * bx];
    let mut door_right = vec![usize::MAX; by * bx];
    let w = coarse.cells().dims()[1];
    for i in 0..by {
        for j in 0..bx {
            let c = (2 * i + 1) * w + 2 * j + 1;
            if i + 1 < by && map.is_path(c + w) {
                door_down[i * bx + j] = cs[j] + below(&mut rng, cs[j + 1] - cs[j]);
            }
            if j + 1 < bx && map.is_path(c + 1) {
                door_right[i * bx + j] = rs[i] + below(&mut rng, rs[i + 1] - rs[i]);
            }
        }
    }
    let route = if solve {
        Some(Route::new(
            &map,
            [by, bx],
            &rs,
            &cs,
            &door_down,
            &door_right,
            huge.rooms,
        ))
    } else {
        None
    };
    let width = 2 * cols + 1;
    let bytes = width.div_ceil(8);
    let set = |line: &mut [u8], x: usize| line[x / 8] |= 0x80 >> (x % 8);
    // Band `i`'s rows: its blocks carved on every core, then its rows assembled.
    let make_band = |i: usize| -> Result<(Vec<u8>, Vec<u8>)> {
        let height = rs[i + 1] - rs[i];
        let flag = crate::stop::flags();
        let blocks: Vec<Grid> = (0..bx)
            .into_par_iter()
            .map(|j| {
                crate::stop::carry(&flag, || {
                    let lat = Lattice::new(&[height, cs[j + 1] - cs[j]], &Limits::default())?;
                    let mut rng = rng_from_seed(block_seed(huge.seed, (i * bx + j) as u64));
                    carve(huge.algorithm, &lat, &mut rng)
                })
            })
            .collect::<Result<_>>()?;
        // This band's rows: from its top frame down to just above the next band's frame.
        let last = i + 1 == by;
        let band_rows = 2 * height + usize::from(last);
        let mut band = vec![0u8; band_rows * bytes];
        band.par_chunks_mut(bytes)
            .enumerate()
            .for_each(|(y, line)| {
                // The row's bits from each block (neighbours share their frame column), then
                // packed as a PNG row, a word at a time.
                let mut bits = vec![0usize; width.div_ceil(usize::BITS as usize)];
                for (j, block) in blocks.iter().enumerate() {
                    let bw = 2 * (cs[j + 1] - cs[j]) + 1;
                    or_bits(&mut bits, 2 * cs[j], block.bits().as_slice(), y * bw, bw);
                }
                pack_png_row(&bits, 0, width, line);
            });
        // Doors: right doors inside the band, down doors from the band above on its top row.
        for j in 0..bx {
            let r = door_right[i * bx + j];
            if r != usize::MAX {
                set(&mut band[(2 * (r - rs[i]) + 1) * bytes..], 2 * cs[j + 1]);
            }
            if i > 0 {
                let c = door_down[(i - 1) * bx + j];
                if c != usize::MAX {
                    set(&mut band[..bytes], 2 * c + 1);
                }
            }
        }
        if i == 0 {
            set(&mut band[..bytes], 1);
        }
        if last {
            let at = (band_rows - 1) * bytes;
            set(&mut band[at..], width - 2);
        }
        let path = match &route {
            Some(route) => route.band(i, &blocks, band_rows, bytes)?,
            None => Vec::new(),
        };
        Ok((band, path))
    };
    // Each band is handed out while the next one is made on the pool.
    let mut band = make_band(0)?;
    for i in 0..by {
        let (next, written) = beside(
            || (i + 1 < by).then(|| make_band(i + 1)).transpose(),
            || {
                let (maze, path) = &band;
                maze.chunks(bytes)
                    .enumerate()
                    .try_for_each(|(y, line)| row(line, path.get(y * bytes..(y + 1) * bytes)))
            },
        );
        written?;
        match next? {
            Some(b) => band = b,
            None => break,
        }
    }
    Ok(())
}

/// The way from the entrance to the exit on the coarse map: the blocks it crosses, with the
/// rooms each is entered and left by, and the door cells between them (seed 003's map).
struct Route {
    /// `(block index, entry room, exit room)` for every block on the way, by block index;
    /// rooms in the maze's room coordinates.
    blocks: Vec<(usize, [usize; 2], [usize; 2])>,
    /// The cells of the way in the frames between blocks (doors), the entrance and the exit,
    /// as `(row, column)`, sorted.
    doors: Vec<(usize, usize)>,
    /// Block boundaries in rooms along each axis, and blocks a row.
    rs: Vec<usize>,
    cs: Vec<usize>,
    bx: usize,
}

impl Route {
    /// The way through the coarse `map` (a perfect maze of `by × bx` blocks) from the top-left
    /// block to the bottom-right one, and its doors. O(blocks).
    fn new(
        map: &Grid,
        [by, bx]: [usize; 2],
        rs: &[usize],
        cs: &[usize],
        door_down: &[usize],
        door_right: &[usize],
        [rows, cols]: [usize; 2],
    ) -> Route {
        // Breadth-first on the map's blocks (its rooms), the way walked back from the last.
        let w = 2 * bx + 1;
        let mut prev = vec![usize::MAX; by * bx];
        let mut queue = std::collections::VecDeque::from([0usize]);
        prev[0] = 0;
        while let Some(b) = queue.pop_front() {
            let (i, j) = (b / bx, b % bx);
            let c = (2 * i + 1) * w + 2 * j + 1;
            let steps = [
                (i > 0 && map.is_path(c - w), b.wrapping_sub(bx)),
                (i + 1 < by && map.is_path(c + w), b + bx),
                (j > 0 && map.is_path(c - 1), b.wrapping_sub(1)),
                (j + 1 < bx && map.is_path(c + 1), b + 1),
            ];
            for (open, n) in steps {
                if open && prev[n] == usize::MAX {
                    prev[n] = b;
                    queue.push_back(n);
                }
            }
        }
        let mut way = vec![by * bx - 1];
        while let Some(&b) = way.last().filter(|&&b| b != 0) {
            way.push(prev[b]);
        }
        way.reverse();
        // The rooms on either side of the door between consecutive blocks, and its cell.
        let mut doors = vec![(0, 1), (2 * rows, 2 * cols - 1)];
        let mut blocks = Vec::with_capacity(way.len());
        let mut entry = [0, 0];
        for (k, &b) in way.iter().enumerate() {
            let exit = match way.get(k + 1) {
                None => [rows - 1, cols - 1],
                Some(&n) => {
                    let (lo, down) = (b.min(n), n.abs_diff(b) == bx);
                    let (i, j) = (lo / bx, lo % bx);
                    let (near, far, cell) = if down {
                        let c = door_down[lo];
                        (
                            [rs[i + 1] - 1, c],
                            [rs[i + 1], c],
                            (2 * rs[i + 1], 2 * c + 1),
                        )
                    } else {
                        let r = door_right[lo];
                        (
                            [r, cs[j + 1] - 1],
                            [r, cs[j + 1]],
                            (2 * r + 1, 2 * cs[j + 1]),
                        )
                    };
                    doors.push(cell);
                    // Leaving by the door's near side when the next block is further on.
                    let (here, there) = if n > b { (near, far) } else { (far, near) };
                    blocks.push((b, entry, here));
                    entry = there;
                    continue;
                }
            };
            blocks.push((b, entry, exit));
        }
        blocks.sort_unstable_by_key(|e| e.0);
        doors.sort_unstable();
        Route {
            blocks,
            doors,
            rs: rs.to_vec(),
            cs: cs.to_vec(),
            bx,
        }
    }

    /// The cells of the way in band `i` (its `band_rows` rows of `bytes` bytes, packed as
    /// the maze's rows): in each of its `blocks` on the way, the path between the rooms it is
    /// entered and left by, on every core; then the doors on its rows.
    fn band(&self, i: usize, blocks: &[Grid], band_rows: usize, bytes: usize) -> Result<Vec<u8>> {
        let mut plane = vec![0u8; band_rows * bytes];
        let first = self.blocks.partition_point(|e| e.0 < i * self.bx);
        let last = self.blocks.partition_point(|e| e.0 < (i + 1) * self.bx);
        let flag = crate::stop::flags();
        let paths: Vec<(usize, Vec<usize>)> = self.blocks[first..last]
            .to_vec()
            .into_par_iter()
            .map(|(b, entry, exit)| {
                crate::stop::carry(&flag, || {
                    let j = b % self.bx;
                    let local = |r: [usize; 2]| [r[0] - self.rs[i], r[1] - self.cs[j]];
                    Ok((j, block_path(&blocks[j], local(entry), local(exit))))
                })
            })
            .collect::<Result<_>>()?;
        let set = |plane: &mut [u8], y: usize, x: usize| {
            if y < band_rows {
                plane[y * bytes + x / 8] |= 0x80 >> (x % 8);
            }
        };
        for (j, cells) in paths {
            let bw = blocks[j].shape().dims()[1];
            for c in cells {
                set(&mut plane, c / bw, 2 * self.cs[j] + c % bw);
            }
        }
        let top = 2 * self.rs[i];
        let from = self.doors.partition_point(|d| d.0 < top);
        for &(y, x) in self.doors[from..]
            .iter()
            .take_while(|d| d.0 < top + band_rows)
        {
            set(&mut plane, y - top, x);
        }
        Ok(plane)
    }
}

/// The cells (flat indices of the block's grid) on the way between two of its rooms (room
/// coordinates in the block), by breadth-first search in the block alone. O(block's cells).
fn block_path(block: &Grid, from: [usize; 2], to: [usize; 2]) -> Vec<usize> {
    let w = block.shape().dims()[1];
    let cell = |r: [usize; 2]| (2 * r[0] + 1) * w + 2 * r[1] + 1;
    let (s, g) = (cell(from), cell(to));
    let mut prev = vec![u32::MAX; block.len()];
    prev[s] = s as u32;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(c) = queue.pop_front() {
        if c == g {
            break;
        }
        // The block's frame is wall: an inner cell's four neighbours are in the grid.
        for n in [c - w, c + w, c - 1, c + 1] {
            if prev[n] == u32::MAX && block.is_path(n) {
                prev[n] = c as u32;
                queue.push_back(n);
            }
        }
    }
    let mut path = vec![g];
    let mut at = g;
    while at != s && prev[at] != u32::MAX {
        at = prev[at] as usize;
        path.push(at);
    }
    path
}

/// Writes the maze as a 1-bit grayscale PNG (black walls, white paths), row by row, with
/// uncompressed deflate blocks (a 20000×20000-room maze is a 200 MB file).
///
/// Complexity: O(cells) time, O(block · width) memory.
pub fn write_png(huge: &Huge, out: &mut dyn Write) -> Result<()> {
    write_png_with(huge, out, &mut |_, _| {})
}

/// [`write_png`], calling `progress(rows written, rows)` every 256 rows and after the last
/// (the library prints nothing; the binary draws a bar with it).
///
/// ```
/// use mazegraph::generate::{huge::{write_png_with, Huge}, Algorithm};
/// let huge = Huge { rooms: [200, 30], block: 64, algorithm: Algorithm::Backtracker, seed: 1 };
/// let mut calls = Vec::new();
/// write_png_with(&huge, &mut Vec::new(), &mut |done, total| calls.push((done, total))).unwrap();
/// assert_eq!(calls, vec![(256, 401), (401, 401)]);
/// ```
pub fn write_png_with(
    huge: &Huge,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<()> {
    let (w, h) = png_size(huge)?;
    let png_err = crate::error::png_writing;
    let mut enc = png::Encoder::new(out, w, h);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_depth(png::BitDepth::One);
    // Maze bits barely compress with fast deflate (png's fast modes even grow the file by
    // 20-30%); stored blocks cost nothing and are smaller. Recompress offline if size matters.
    enc.set_compression(png::Compression::NoCompression);
    let mut writer = enc.write_header().map_err(png_err)?;
    {
        let mut stream = writer.stream_writer().map_err(png_err)?;
        let (total, mut done) = (u64::from(h), 0u64);
        for_each_row(huge, |line| {
            stream.write_all(line).map_err(Error::Io)?;
            done += 1;
            if done % 256 == 0 || done == total {
                progress(done, total);
            }
            Ok(())
        })?;
        stream.finish().map_err(png_err)?;
    }
    writer.finish().map_err(png_err)
}

/// [`write_png_with`] with the solution drawn in (seed 003's map, [`for_each_row_solved`]):
/// a 2-bit indexed PNG, walls black, passages white and the way from the entrance to the exit
/// blue (the colours of every solution picture, [`crate::palette`]), compressed by
/// [`crate::format::deflate`] on every core (a maze's bits do not shrink much, but they do not
/// grow to the two bits a pixel either: about 1 bit a pixel in all).
///
/// Complexity: O(cells) time; memory as [`for_each_row_solved`] plus about 64 MiB of rows
/// coded at once ([`memory_solved`]).
///
/// ```
/// use mazegraph::generate::{huge::{write_png_solved_with, Huge}, Algorithm};
/// let huge = Huge { rooms: [30, 40], block: 16, algorithm: Algorithm::Backtracker, seed: 1 };
/// let mut png = Vec::new();
/// write_png_solved_with(&huge, &mut png, &mut |_, _| {}).unwrap();
/// let dec = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
/// assert_eq!((dec.info().width, dec.info().height), (81, 61));
/// assert_eq!(dec.info().bit_depth, png::BitDepth::Two);
/// ```
pub fn write_png_solved_with(
    huge: &Huge,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<()> {
    use crate::palette::{OPEN, PATH, WALL};
    let (w, h) = png_size(huge)?;
    let png_err = crate::error::png_writing;
    let mut enc = png::Encoder::new(out, w, h);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Two);
    enc.set_palette([WALL, OPEN, PATH].concat());
    let mut writer = enc.write_header().map_err(png_err)?;
    let row_bytes = (w as usize).div_ceil(4);
    // Four pixels of two bits from four cells' maze and path bits (a nibble each): a path
    // cell is 2, another passage 1, a wall 0.
    let quad: Vec<u8> = (0..256u32)
        .map(|k| {
            let (m, p) = (k >> 4, k & 15);
            (0..4).fold(0u8, |byte, i| {
                let bit = 8 >> i;
                let v = if p & bit != 0 {
                    2
                } else {
                    u8::from(m & bit != 0)
                };
                byte | v << (6 - 2 * i)
            })
        })
        .collect();
    {
        let mut data = crate::format::deflate::ImageData::new(&mut writer, row_bytes);
        let per_batch = (BATCH_BYTES / row_bytes).max(1);
        let mut rows: Vec<u8> = Vec::with_capacity(per_batch * row_bytes);
        let (total, mut done) = (u64::from(h), 0u64);
        let mut flush = |rows: &mut Vec<u8>, done: u64| -> Result<()> {
            let n = rows.len() / row_bytes;
            let first = done as usize - n;
            data.write_rows(first..first + n, |y, row| {
                let at = (y - first) * row_bytes;
                row.copy_from_slice(&rows[at..at + row_bytes]);
            })?;
            rows.clear();
            Ok(())
        };
        for_each_row_solved(huge, |maze, path| {
            let start = rows.len();
            rows.resize(start + row_bytes, 0);
            let line = &mut rows[start..];
            for (k, (&m, &p)) in maze.iter().zip(path).enumerate() {
                let hi = quad[usize::from((m & 0xf0) | (p >> 4))];
                let lo = quad[usize::from((m << 4) | (p & 0x0f))];
                line[2 * k] = hi;
                if let Some(b) = line.get_mut(2 * k + 1) {
                    *b = lo;
                }
            }
            done += 1;
            if rows.len() >= per_batch * row_bytes {
                flush(&mut rows, done)?;
            }
            if done % 256 == 0 || done == total {
                progress(done, total);
            }
            Ok(())
        })?;
        flush(&mut rows, done)?;
        data.finish()?;
    }
    writer.finish().map_err(png_err)
}

/// Rows of a solved picture coded at once ([`write_png_solved_with`]): about 64 MiB.
const BATCH_BYTES: usize = 64 << 20;

/// The memory [`write_png_solved_with`] holds at once, in bytes (an estimate from above):
/// [`memory`] with the band's path bits, the route's few bytes a block, the rows waiting to
/// be coded and their coding (two chunks a core, [`crate::format::deflate`]).
pub fn memory_solved(huge: &Huge) -> u64 {
    let [rows, cols] = huge.rooms.map(|r| r as u64);
    let block = (huge.block as u64).max(1);
    let band_cells = (2 * block.min(rows) + 1).saturating_mul(cols.saturating_mul(2) + 1);
    let search = (2 * block + 1).pow(2).saturating_mul(5);
    memory(huge)
        .saturating_add(band_cells / 8)
        .saturating_add(
            rows.div_ceil(block)
                .saturating_mul(cols.div_ceil(block))
                .saturating_mul(40),
        )
        .saturating_add(search.saturating_mul(crate::format::deflate::threads() as u64))
        .saturating_add(2 * BATCH_BYTES as u64)
        .saturating_add(4 * (8 << 20) * crate::format::deflate::threads() as u64)
}

/// The picture's width and height in pixels (a cell a pixel), at most 2³¹ − 1 each.
fn png_size(huge: &Huge) -> Result<(u32, u32)> {
    let [rows, cols] = huge.rooms;
    let side = |r: usize| {
        r.checked_mul(2)
            .map(|x| x + 1)
            .and_then(|x| u32::try_from(x).ok())
            .filter(|&x| x < 1 << 31)
    };
    match (side(cols), side(rows)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(Error::Unsupported(
            "a PNG is at most 2³¹−1 pixels on a side".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    /// The maze as a grid, from its rows.
    pub(crate) fn to_grid(huge: &Huge) -> Grid {
        let [r, c] = huge.rooms;
        let w = 2 * c + 1;
        let mut grid = Grid::walls(Shape::new(vec![2 * r + 1, w]).unwrap());
        let mut y = 0;
        for_each_row(huge, |line| {
            for x in 0..w {
                if line[x / 8] & (0x80 >> (x % 8)) != 0 {
                    grid.set_path(y * w + x, true);
                }
            }
            y += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(y, 2 * r + 1);
        grid
    }

    #[test]
    fn stitched_maze_is_perfect() {
        for (rooms, block) in [
            ([20, 30], 8),
            ([7, 5], 3),
            ([1, 9], 2),
            ([9, 9], 9),
            ([5, 4], 100),
        ] {
            for algorithm in [Algorithm::Backtracker, Algorithm::Kruskal, Algorithm::Eller] {
                let huge = Huge {
                    rooms,
                    block,
                    algorithm,
                    seed: 3,
                };
                let grid = to_grid(&huge);
                let lat = Lattice::new(&rooms, &Limits::default()).unwrap();
                assert!(lat.is_perfect(&grid), "{rooms:?} {block} {algorithm:?}");
                let m = crate::maze::Maze::new(grid);
                let (s, g) = m.terminals().unwrap();
                assert_eq!(m.shape().coords(s), vec![0, 1]);
                assert_eq!(m.shape().coords(g), vec![2 * rooms[0], 2 * rooms[1] - 1]);
            }
        }
    }

    /// The way from the entrance (0, 1) to the exit, by breadth-first search on the whole grid.
    fn whole_way(grid: &Grid) -> Vec<usize> {
        let [h, w] = [grid.shape().dims()[0], grid.shape().dims()[1]];
        let (s, g) = (1, (h - 1) * w + w - 2);
        let mut prev = vec![usize::MAX; grid.len()];
        prev[s] = s;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(c) = queue.pop_front() {
            let (y, x) = (c / w, c % w);
            let ns = [
                (y > 0).then(|| c - w),
                (y + 1 < h).then(|| c + w),
                (x > 0).then(|| c - 1),
                (x + 1 < w).then(|| c + 1),
            ];
            for n in ns.into_iter().flatten() {
                if prev[n] == usize::MAX && grid.is_path(n) {
                    prev[n] = c;
                    queue.push_back(n);
                }
            }
        }
        let mut way = vec![g];
        while *way.last().unwrap() != s {
            way.push(prev[*way.last().unwrap()]);
        }
        way.sort_unstable();
        way
    }

    #[test]
    fn the_solution_streamed_is_the_whole_maze_s() {
        for (rooms, block) in [
            ([20, 30], 8),
            ([7, 5], 3),
            ([1, 9], 2),
            ([9, 1], 2),
            ([9, 9], 9),
            ([13, 11], 4),
        ] {
            for (algorithm, seed) in [
                (Algorithm::Backtracker, 1),
                (Algorithm::Kruskal, 5),
                (Algorithm::Wilson, 9),
            ] {
                let huge = Huge {
                    rooms,
                    block,
                    algorithm,
                    seed,
                };
                let grid = to_grid(&huge);
                let w = 2 * rooms[1] + 1;
                let (mut y, mut cells) = (0, Vec::new());
                for_each_row_solved(&huge, |maze, path| {
                    for x in 0..w {
                        let bit = 0x80 >> (x % 8);
                        if path[x / 8] & bit != 0 {
                            assert!(maze[x / 8] & bit != 0, "the way runs on path cells");
                            cells.push(y * w + x);
                        }
                    }
                    y += 1;
                    Ok(())
                })
                .unwrap();
                assert_eq!(cells, whole_way(&grid), "{rooms:?} {block} {algorithm:?}");
            }
        }
    }

    #[test]
    fn refuses_bad_settings() {
        let mut huge = Huge {
            rooms: [4, 4],
            block: 0,
            algorithm: Algorithm::Prim,
            seed: 0,
        };
        assert!(for_each_row(&huge, |_| Ok(())).is_err());
        huge.block = 2;
        huge.algorithm = Algorithm::WallRemoval;
        assert!(for_each_row(&huge, |_| Ok(())).is_err());
        huge.algorithm = Algorithm::Prim;
        huge.rooms = [0, 4];
        assert!(for_each_row(&huge, |_| Ok(())).is_err());
    }
}
