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
    let width = 2 * cols + 1;
    let bytes = width.div_ceil(8);
    let set = |line: &mut [u8], x: usize| line[x / 8] |= 0x80 >> (x % 8);
    // Band `i`'s rows: its blocks carved on every core, then its rows assembled.
    let make_band = |i: usize| -> Result<Vec<u8>> {
        let height = rs[i + 1] - rs[i];
        let flag = crate::stop::flag();
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
        Ok(band)
    };
    // Each band is handed out while the next one is made on the pool.
    let mut band = make_band(0)?;
    for i in 0..by {
        let (next, written) = beside(
            || (i + 1 < by).then(|| make_band(i + 1)).transpose(),
            || band.chunks(bytes).try_for_each(&mut row),
        );
        written?;
        match next? {
            Some(b) => band = b,
            None => break,
        }
    }
    Ok(())
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
    let [rows, cols] = huge.rooms;
    let (w, h) = (
        cols.checked_mul(2).map(|x| x + 1),
        rows.checked_mul(2).map(|x| x + 1),
    );
    let fits = |x: Option<usize>| {
        x.and_then(|x| u32::try_from(x).ok())
            .filter(|&x| x < 1 << 31)
    };
    let (Some(w), Some(h)) = (fits(w), fits(h)) else {
        return Err(Error::Unsupported(
            "a PNG is at most 2³¹−1 pixels on a side".into(),
        ));
    };
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
