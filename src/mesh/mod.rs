//! 3-D prints of mazes: a closed, manifold triangle mesh of the walls on a base plate, written
//! as binary STL ([`stl`]) or OBJ ([`obj`]).
//!
//! # The model
//!
//! The maze's grid is its block lattice: a cell of even index along an axis is as thick as a
//! wall ([`Sizes::wall_mm`]), one of odd index as wide as a passage ([`Sizes::cell_mm`]), so
//! that a maze in the usual layout (rooms at odd coordinates, walls and posts between them)
//! prints with thin walls and wide corridors. Over every cell stands a column from the bottom
//! of the plate (z = 0) up to one of four heights:
//!
//! - a wall: the plate and the wall on it, [`Sizes::base_mm`] + [`Sizes::height_mm`];
//! - a path cell: the plate, [`Sizes::base_mm`];
//! - a path cell of the engraved solution: the plate lowered by half its thickness;
//! - a hole through the plate (3-D mazes: the way down to the level below): no column.
//!
//! The surface of that height field is the mesh. Faces are merged along rows: one top (or
//! bottom) face per maximal run of columns of one height in a row, one side face per maximal
//! run of equal neighbouring heights along a lattice line. A face keeps every point of its
//! boundary where another face has a corner ([`Print`] computes that set at each lattice
//! point from the four columns around it), so that there are no T-junctions: every edge is
//! shared by exactly two triangles, in opposite directions, and every face is a rectangle
//! whose extra vertices lie on two opposite sides, cut into triangles between those two
//! chains (none degenerate).
//!
//! A height field is manifold except where two columns touch along a vertical edge only
//! (diagonal neighbours both higher than the other two): [`Print::new`] refuses such a maze,
//! which a maze in the usual layout never is (its posts, the cells of even coordinates, are
//! walls).
//!
//! # Tiled mazes
//!
//! A tiled maze (hexagons, triangles, rings, octagons) has no block lattice: [`tiled`]
//! rasterises the walls of its picture into a height field of square pixels (a wall four
//! pixels thick), joins columns that would touch at a corner only, and the same mesher makes
//! its surface; see that module for the sizes. A weave is refused.
//!
//! # Mazes of three axes
//!
//! The first axis counts levels. When it has an odd number of slices (the usual layout:
//! floors at even slices, rooms at odd ones) each odd slice is a level, with a hole through
//! its plate wherever the floor slice below it is a path; otherwise each slice is a level,
//! with a hole wherever the cell below is also a path. Levels are laid out side by side along
//! x, [`Sizes::gap_mm`] apart, each a body of its own, printed flat without supports and
//! stacked afterwards (their holes line up). Four axes and more are refused.
//!
//! # Cost
//!
//! Every pass is O(cells) time and O(1) memory beyond the maze (the OBJ writer also keeps one
//! `u32` per lattice point, to number the vertices); [`Print::triangles`] counts the
//! triangles with a dry pass before anything is written. A tiled maze's cells are the pixels
//! of its raster, one byte each.

pub mod obj;
pub mod stl;
pub mod tiled;

use crate::error::{Error, Result};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Sizes of a print, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    /// Width of a passage (a cell of odd index).
    pub cell_mm: f64,
    /// Thickness of a wall (a cell of even index).
    pub wall_mm: f64,
    /// Height of the walls above the plate.
    pub height_mm: f64,
    /// Thickness of the base plate.
    pub base_mm: f64,
}

impl Default for Sizes {
    /// 4 mm passages, 1.6 mm walls 4 mm high, on a 2 mm plate.
    fn default() -> Self {
        Sizes {
            cell_mm: 4.0,
            wall_mm: 1.6,
            height_mm: 4.0,
            base_mm: 2.0,
        }
    }
}

impl Sizes {
    /// The space between two levels of a 3-D maze laid side by side: two passages.
    pub fn gap_mm(&self) -> f64 {
        2.0 * self.cell_mm
    }

    /// Checks that every size is a positive, finite number of at most 10 metres.
    pub fn validate(&self) -> Result<()> {
        for (name, v) in [
            ("cell", self.cell_mm),
            ("wall", self.wall_mm),
            ("height", self.height_mm),
            ("base", self.base_mm),
        ] {
            if !(v.is_finite() && v > 0.0 && v <= 10_000.0) {
                return Err(Error::InvalidArgument(format!(
                    "the {name} size must be more than 0 and at most 10000 mm, not {v}"
                )));
            }
        }
        Ok(())
    }
}

/// The 3-D file formats: the one registry of their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshFormat {
    /// Binary STL: 50 bytes a triangle, streamed.
    Stl,
    /// Wavefront OBJ text: shared, numbered vertices, then the triangles.
    Obj,
}

impl MeshFormat {
    /// Every format, in the order help texts list them.
    pub const ALL: [MeshFormat; 2] = [MeshFormat::Stl, MeshFormat::Obj];

    /// The format's name, which is also its file extension.
    pub fn name(self) -> &'static str {
        match self {
            MeshFormat::Stl => "stl",
            MeshFormat::Obj => "obj",
        }
    }

    /// The format a file extension names (`stl`, `obj`, any case, with or without a dot).
    ///
    /// ```
    /// use mazegraph::mesh::MeshFormat;
    /// assert_eq!(MeshFormat::from_name(".STL"), Some(MeshFormat::Stl));
    /// assert_eq!(MeshFormat::from_name("png"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<MeshFormat> {
        let n = name.trim_start_matches('.').to_ascii_lowercase();
        MeshFormat::ALL.into_iter().find(|f| f.name() == n)
    }
}

/// A vertex of the mesh: a lattice point (`col`, `row`) of a level and a height index (0: the
/// bottom, 1: an engraved path, 2: the plate's top, 3: a wall's top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    /// The level (0 for a 2-D maze).
    pub level: u32,
    /// The lattice row, 0 to rows.
    pub row: u32,
    /// The lattice column, 0 to cols.
    pub col: u32,
    /// The height index, 0 to 3.
    pub z: u8,
}

/// Column heights, as indices into [`Print::z_mm`].
const HOLE: u8 = 0;
const ENGRAVED: u8 = 1;
const FLOOR: u8 = 2;
const WALL: u8 = 3;
const LEVELS: u8 = 4;

/// The height in millimetres of each height index at `sizes`.
fn z_mm(sizes: &Sizes) -> [f64; LEVELS as usize] {
    let base = sizes.base_mm;
    [0.0, base / 2.0, base, base + sizes.height_mm]
}

/// One level of the print: where its slice starts in the grid, and the floor slice below it.
#[derive(Clone, Copy, Debug)]
struct Level {
    slice: usize,
    below: Option<usize>,
}

/// The side a face looks to (its outward normal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// +x.
    East,
    /// −x.
    West,
    /// +y (towards row 0: the first row of the maze is at the back, as seen from above).
    North,
    /// −y.
    South,
    /// +z.
    Up,
    /// −z.
    Down,
}

impl Facing {
    /// The unit normal.
    pub fn normal(self) -> [f32; 3] {
        match self {
            Facing::East => [1.0, 0.0, 0.0],
            Facing::West => [-1.0, 0.0, 0.0],
            Facing::North => [0.0, 1.0, 0.0],
            Facing::South => [0.0, -1.0, 0.0],
            Facing::Up => [0.0, 0.0, 1.0],
            Facing::Down => [0.0, 0.0, -1.0],
        }
    }
}

/// Where a print's column heights come from.
enum Field<'a> {
    /// A square-grid maze: its block lattice, walls and passages each of their own width.
    Grid {
        maze: &'a Maze,
        levels: Vec<Level>,
        engraved: Option<FixedBitSet>,
    },
    /// One level of square pixels of one size, each a height index, row by row ([`tiled`]).
    Raster { heights: Vec<u8>, pixel_mm: f64 },
}

/// A maze as a 3-D print: the height field and its sizes; the mesh is produced on demand.
pub struct Print<'a> {
    field: Field<'a>,
    rows: usize,
    cols: usize,
    sizes: Sizes,
    z_mm: [f64; LEVELS as usize],
}

impl<'a> Print<'a> {
    /// The print of `maze` at `sizes`, the cells of `solution` (flat indices) engraved into
    /// the plate when given. O(cells): the maze is checked for columns that would touch along
    /// an edge only.
    ///
    /// Errors: [`Error::InvalidArgument`] for a size out of range, [`Error::Unsupported`] for
    /// a maze of four or more axes, or one with two walls (or two holes, or two engraved
    /// cells) meeting only at a corner.
    ///
    /// ```
    /// use mazegraph::mesh::{Print, Sizes};
    /// use mazegraph::Maze;
    /// let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"])?;
    /// let print = Print::new(&maze, Sizes::default(), None)?;
    /// assert_eq!(print.triangles(), 76);
    /// # Ok::<(), mazegraph::Error>(())
    /// ```
    pub fn new(maze: &'a Maze, sizes: Sizes, solution: Option<&[usize]>) -> Result<Print<'a>> {
        sizes.validate()?;
        let dims = maze.shape().dims();
        let (levels, rows, cols) = match *dims {
            [n] => (
                vec![Level {
                    slice: 0,
                    below: None,
                }],
                1,
                n,
            ),
            [r, c] => (
                vec![Level {
                    slice: 0,
                    below: None,
                }],
                r,
                c,
            ),
            [l, r, c] => {
                let plane = r * c;
                let levels = if l % 2 == 1 && l >= 3 {
                    (1..l)
                        .step_by(2)
                        .map(|z| Level {
                            slice: z * plane,
                            below: Some((z - 1) * plane),
                        })
                        .collect()
                } else {
                    (0..l)
                        .map(|z| Level {
                            slice: z * plane,
                            below: z.checked_sub(1).map(|b| b * plane),
                        })
                        .collect()
                };
                (levels, r, c)
            }
            _ => {
                return Err(Error::Unsupported(format!(
                    "a 3-D print is of a maze of at most three axes (levels of 2-D grids), not {}",
                    dims.len()
                )))
            }
        };
        let engraved = solution.map(|cells| {
            let mut bits = FixedBitSet::with_capacity(maze.grid().len());
            for &i in cells {
                if i < bits.len() {
                    bits.insert(i);
                }
            }
            bits
        });
        let print = Print {
            field: Field::Grid {
                maze,
                levels,
                engraved,
            },
            rows,
            cols,
            sizes,
            z_mm: z_mm(&sizes),
        };
        print.check_manifold()?;
        Ok(print)
    }

    /// The sizes of the print.
    pub fn sizes(&self) -> Sizes {
        self.sizes
    }

    /// How many levels (separate bodies) the print has.
    pub fn level_count(&self) -> usize {
        match &self.field {
            Field::Grid { levels, .. } => levels.len(),
            Field::Raster { .. } => 1,
        }
    }

    /// The height in millimetres of each height index of [`Vertex::z`].
    pub fn z_mm(&self) -> [f64; 4] {
        self.z_mm
    }

    /// Lattice rows and columns of a level (cells, not lattice points).
    pub fn lattice(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The column height index of cell (`r`, `c`) of `level` (0 outside the grid).
    fn h(&self, level: usize, r: isize, c: isize) -> u8 {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return HOLE;
        }
        let at = (r as usize) * self.cols + c as usize;
        let (maze, levels, engraved) = match &self.field {
            Field::Grid {
                maze,
                levels,
                engraved,
            } => (maze, levels, engraved),
            Field::Raster { heights, .. } => return heights[at],
        };
        let lv = levels[level];
        let grid = maze.grid();
        if !grid.is_path(lv.slice + at) {
            WALL
        } else if lv.below.is_some_and(|b| grid.is_path(b + at)) {
            HOLE
        } else if engraved.as_ref().is_some_and(|e| e[lv.slice + at]) {
            ENGRAVED
        } else {
            FLOOR
        }
    }

    /// The distance in millimetres from lattice line 0 to lattice line `i`, along either axis.
    fn along(&self, i: u32) -> f64 {
        match &self.field {
            Field::Grid { .. } => {
                let i = u64::from(i);
                (i.div_ceil(2)) as f64 * self.sizes.wall_mm + (i / 2) as f64 * self.sizes.cell_mm
            }
            Field::Raster { pixel_mm, .. } => f64::from(i) * pixel_mm,
        }
    }

    /// The four columns around lattice point (`c`, `r`): up-left, up-right, down-left,
    /// down-right.
    fn around(&self, level: usize, c: usize, r: usize) -> [u8; 4] {
        let (r, c) = (r as isize, c as isize);
        [
            self.h(level, r - 1, c - 1),
            self.h(level, r - 1, c),
            self.h(level, r, c - 1),
            self.h(level, r, c),
        ]
    }

    /// Refuses columns that touch along a vertical edge only (checkerboard corners).
    fn check_manifold(&self) -> Result<()> {
        let Field::Grid { maze, levels, .. } = &self.field else {
            return Ok(());
        };
        for level in 0..levels.len() {
            for r in 1..self.rows {
                crate::stop::check();
                for c in 1..self.cols {
                    let [a, b, d, e] = self.around(level, c, r);
                    for k in 0..WALL {
                        let s = |x: u8| x > k;
                        if s(a) == s(e) && s(b) == s(d) && s(a) != s(b) {
                            let cell = levels[level].slice + r * self.cols + c;
                            return Err(Error::Unsupported(format!(
                                "cannot print this maze: near cell {} two columns meet only at a corner (a wall or hole touching another diagonally), which no closed surface can hold",
                                maze.shape().fmt_index(cell)
                            )));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The heights (as a bit mask of height indices) of the vertices at lattice point
    /// (`c`, `r`), and whether the side faces along its row line and along its column line
    /// break there.
    fn point(&self, level: usize, c: usize, r: usize) -> (u8, bool, bool) {
        let [a, b, d, e] = self.around(level, c, r);
        let mut mask = 0u8;
        for k in 0..LEVELS {
            let below = |x: u8| k > 0 && x >= k;
            let above = |x: u8| x > k;
            let same = |x: u8, y: u8| below(x) == below(y) && above(x) == above(y);
            let along_x = same(a, b) && same(d, e);
            let along_y = same(a, d) && same(b, e);
            let along_z = [a, b, d, e].iter().all(|&x| below(x) == above(x));
            let corner = !(along_x || along_y || along_z);
            // Where a top face (height k) or a bottom face (k = 0) of a row ends.
            let ends = |x: u8, y: u8| {
                if k == 0 {
                    (x > 0) != (y > 0)
                } else {
                    x != y && (x == k || y == k)
                }
            };
            if corner || ends(a, b) || ends(d, e) {
                mask |= 1 << k;
            }
        }
        let span = |x: u8, y: u8| (x != y).then(|| (1u8 << x.min(y)) | (1u8 << x.max(y)));
        // Along the row line: the side faces of columns c-1 (pair a/d) and c (pair b/e).
        let row_break = (a, d) != (b, e) || span(a, d).is_some_and(|s| mask & s != 0);
        // Along the column line: the side faces of rows r-1 (pair a/b) and r (pair d/e).
        let col_break = (a, b) != (d, e) || span(a, b).is_some_and(|s| mask & s != 0);
        let mut all = mask;
        if row_break {
            all |= span(a, d).unwrap_or(0) | span(b, e).unwrap_or(0);
        }
        if col_break {
            all |= span(a, b).unwrap_or(0) | span(d, e).unwrap_or(0);
        }
        (all, row_break, col_break)
    }

    /// The vertices at lattice point (`c`, `r`) of `level`, as a bit mask of height indices.
    pub fn vertex_mask(&self, level: usize, c: usize, r: usize) -> u8 {
        self.point(level, c, r).0
    }

    /// The position in millimetres of a vertex: x to the right, y from the last row up to the
    /// first (the maze reads as on screen from above), z up; levels side by side along x.
    pub fn position(&self, v: Vertex) -> [f32; 3] {
        let width = self.along(self.cols as u32);
        let x = f64::from(v.level) * (width + self.sizes.gap_mm()) + self.along(v.col);
        let y = self.along(self.rows as u32) - self.along(v.row);
        [x as f32, y as f32, self.z_mm[usize::from(v.z)] as f32]
    }

    /// How many triangles the mesh has: a dry pass over the faces, O(cells).
    pub fn triangles(&self) -> u64 {
        let mut n = 0u64;
        // The count itself never fails, so neither does the pass.
        let counted = self.for_each_triangle(&mut |_, _| {
            n += 1;
            Ok(())
        });
        debug_assert!(counted.is_ok());
        n
    }

    /// Calls `f` with every triangle of the mesh, its vertices counter-clockwise seen from
    /// outside, and the side it faces. O(cells) time, O(1) memory.
    pub fn for_each_triangle(
        &self,
        f: &mut dyn FnMut(Facing, [Vertex; 3]) -> Result<()>,
    ) -> Result<()> {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for level in 0..self.level_count() {
            let lv = level as u32;
            let vx = |c: usize, r: usize, z: u8| Vertex {
                level: lv,
                row: r as u32,
                col: c as u32,
                z,
            };
            // Top faces, one per run of one height in a row; bottom faces, one per run of
            // columns (of any height) in a row.
            for r in 0..self.rows {
                crate::stop::check();
                for bottom in [false, true] {
                    let class = |c: usize| {
                        let h = self.h(level, r as isize, c as isize);
                        if bottom {
                            u8::from(h > 0)
                        } else {
                            h
                        }
                    };
                    let mut c0 = 0;
                    while c0 < self.cols {
                        let h = self.h(level, r as isize, c0 as isize);
                        let k = class(c0);
                        let mut c1 = c0 + 1;
                        while c1 < self.cols && class(c1) == k {
                            c1 += 1;
                        }
                        if h > 0 {
                            let (z, facing) = if bottom {
                                (0, Facing::Down)
                            } else {
                                (h, Facing::Up)
                            };
                            left.clear();
                            right.clear();
                            for c in c0..=c1 {
                                if self.vertex_mask(level, c, r) & (1 << z) != 0 {
                                    left.push(vx(c, r, z));
                                }
                                if self.vertex_mask(level, c, r + 1) & (1 << z) != 0 {
                                    right.push(vx(c, r + 1, z));
                                }
                            }
                            self.ladder(&left, &right, facing, f)?;
                        }
                        c0 = c1;
                    }
                }
            }
            // Side faces along row lines (between rows r-1 and r).
            for r in 0..=self.rows {
                crate::stop::check();
                let mut start = 0;
                for c in 1..=self.cols {
                    let (_, row_break, _) = self.point(level, c, r);
                    if row_break || c == self.cols {
                        let up = self.h(level, r as isize - 1, start as isize);
                        let down = self.h(level, r as isize, start as isize);
                        if up != down {
                            let facing = if up > down {
                                Facing::South
                            } else {
                                Facing::North
                            };
                            self.side(
                                level,
                                (start, r),
                                (c, r),
                                up.min(down),
                                up.max(down),
                                facing,
                                f,
                            )?;
                        }
                        start = c;
                    }
                }
            }
            // Side faces along column lines (between columns c-1 and c).
            for c in 0..=self.cols {
                crate::stop::check();
                let mut start = 0;
                for r in 1..=self.rows {
                    let (_, _, col_break) = self.point(level, c, r);
                    if col_break || r == self.rows {
                        let west = self.h(level, start as isize, c as isize - 1);
                        let east = self.h(level, start as isize, c as isize);
                        if west != east {
                            let facing = if west > east {
                                Facing::East
                            } else {
                                Facing::West
                            };
                            self.side(
                                level,
                                (c, start),
                                (c, r),
                                west.min(east),
                                west.max(east),
                                facing,
                                f,
                            )?;
                        }
                        start = r;
                    }
                }
            }
        }
        Ok(())
    }

    /// A vertical side face from lattice point `from` to `to` (column, row), heights `lo` to
    /// `hi`: its two vertical edges are the chains.
    #[allow(clippy::too_many_arguments)]
    fn side(
        &self,
        level: usize,
        from: (usize, usize),
        to: (usize, usize),
        lo: u8,
        hi: u8,
        facing: Facing,
        f: &mut dyn FnMut(Facing, [Vertex; 3]) -> Result<()>,
    ) -> Result<()> {
        let chain = |(c, r): (usize, usize)| {
            let mask = self.vertex_mask(level, c, r);
            (lo..=hi)
                .filter(|&z| z == lo || z == hi || mask & (1 << z) != 0)
                .map(|z| Vertex {
                    level: level as u32,
                    row: r as u32,
                    col: c as u32,
                    z,
                })
                .collect::<Vec<_>>()
        };
        self.ladder(&chain(from), &chain(to), facing, f)
    }

    /// Triangles between two chains of vertices on parallel lines, both in the same direction
    /// and starting and ending at the rectangle's corners; each triangle turned to `facing`.
    fn ladder(
        &self,
        left: &[Vertex],
        right: &[Vertex],
        facing: Facing,
        f: &mut dyn FnMut(Facing, [Vertex; 3]) -> Result<()>,
    ) -> Result<()> {
        let (mut i, mut j) = (0, 0);
        let key = |v: &Vertex| (v.row, v.col, v.z);
        while i + 1 < left.len() || j + 1 < right.len() {
            let take_left = j + 1 >= right.len()
                || (i + 1 < left.len() && {
                    // Advance the chain whose next vertex comes first along the lines.
                    let (li, lj) = (key(&left[i + 1]), key(&right[j + 1]));
                    let step = |a: (u32, u32, u8), b: (u32, u32, u8)| {
                        (a.0 - left[0].row) + (a.1 - left[0].col) + u32::from(a.2 - left[0].z)
                            <= (b.0 - right[0].row)
                                + (b.1 - right[0].col)
                                + u32::from(b.2 - right[0].z)
                    };
                    step(li, lj)
                });
            let tri = if take_left {
                i += 1;
                [left[i - 1], left[i], right[j]]
            } else {
                j += 1;
                [left[i], right[j - 1], right[j]]
            };
            f(facing, self.turned(tri, facing))?;
        }
        Ok(())
    }

    /// `tri` in the order whose normal points to `facing`.
    fn turned(&self, [a, b, c]: [Vertex; 3], facing: Facing) -> [Vertex; 3] {
        let (p, q, r) = (self.position(a), self.position(b), self.position(c));
        let u = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
        let v = [r[0] - p[0], r[1] - p[1], r[2] - p[2]];
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let want = facing.normal();
        let dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
        if dot >= 0.0 {
            [a, b, c]
        } else {
            [a, c, b]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
    use crate::grid::{Grid, Limits, Shape};
    use crate::solve::{solve, Method};
    use proptest::prelude::*;
    use std::collections::{HashMap, HashSet};

    type Key = [u32; 3];

    fn key(p: [f32; 3]) -> Key {
        p.map(f32::to_bits)
    }

    /// Checks that the mesh of `print` is closed, manifold and turned outwards, and returns its
    /// triangle count.
    pub(super) fn check(print: &Print) -> u64 {
        let mut directed: HashMap<(Key, Key), u32> = HashMap::new();
        let mut vertices: HashSet<Key> = HashSet::new();
        let mut by_vertex: HashSet<Vertex> = HashSet::new();
        let mut volume = 0f64;
        let mut n = 0u64;
        print
            .for_each_triangle(&mut |facing, tri| {
                n += 1;
                let p = tri.map(|v| print.position(v));
                // Non-degenerate, facing where it says.
                let d =
                    |a: [f32; 3], b: [f32; 3]| [0, 1, 2].map(|i| f64::from(b[i]) - f64::from(a[i]));
                let (u, w) = (d(p[0], p[1]), d(p[0], p[2]));
                let cross = [
                    u[1] * w[2] - u[2] * w[1],
                    u[2] * w[0] - u[0] * w[2],
                    u[0] * w[1] - u[1] * w[0],
                ];
                let normal = facing.normal().map(f64::from);
                let along: f64 = (0..3).map(|i| cross[i] * normal[i]).sum();
                let norm = cross.iter().map(|x| x * x).sum::<f64>().sqrt();
                assert!(
                    along > 0.0 && (along - norm).abs() <= 1e-6 * norm,
                    "{tri:?}"
                );
                let p64 = p.map(|q| q.map(f64::from));
                volume += (p64[0][0] * (p64[1][1] * p64[2][2] - p64[1][2] * p64[2][1])
                    - p64[0][1] * (p64[1][0] * p64[2][2] - p64[1][2] * p64[2][0])
                    + p64[0][2] * (p64[1][0] * p64[2][1] - p64[1][1] * p64[2][0]))
                    / 6.0;
                for i in 0..3 {
                    vertices.insert(key(p[i]));
                    by_vertex.insert(tri[i]);
                    *directed
                        .entry((key(p[i]), key(p[(i + 1) % 3])))
                        .or_default() += 1;
                }
                Ok(())
            })
            .unwrap();
        assert_eq!(n, print.triangles());
        // Every edge is used by exactly two triangles, in opposite directions (positions
        // compared bit for bit, as a mesh library merges an STL's vertices).
        for (&(a, b), &k) in &directed {
            assert_eq!(k, 1, "edge {a:?}-{b:?} used {k} times one way");
            assert_eq!(
                directed.get(&(b, a)),
                Some(&1),
                "edge {a:?}-{b:?} has no twin"
            );
        }
        // Positions tell vertices apart as their keys do.
        assert_eq!(vertices.len(), by_vertex.len());
        // Euler: the surface of a thickened planar region D has χ = 2 χ(D).
        let edges = directed.len() as i64 / 2;
        let chi = vertices.len() as i64 - edges + n as i64;
        assert_eq!(chi, 2 * region_euler(print), "Euler characteristic");
        // Volume: positive, the sum of the columns.
        let expected = analytic_volume(print);
        assert!(volume > 0.0 || n == 0);
        assert!(
            (volume - expected).abs() <= 1e-4 * expected.max(1.0),
            "volume {volume} != {expected}"
        );
        n
    }

    /// χ of the union of the solid cells' squares (no checkerboard contacts): V − E + F.
    fn region_euler(print: &Print) -> i64 {
        let (rows, cols) = print.lattice();
        let mut total = 0;
        for level in 0..print.level_count() {
            let solid = |r: isize, c: isize| print.h(level, r, c) > 0;
            let (mut v, mut e, mut f) = (0i64, 0i64, 0i64);
            for r in 0..=rows as isize {
                for c in 0..=cols as isize {
                    f += i64::from(solid(r, c));
                    // The lattice point up-left of cell (r, c), and the edges going right and
                    // down from it.
                    v += i64::from(
                        solid(r - 1, c - 1) || solid(r - 1, c) || solid(r, c - 1) || solid(r, c),
                    );
                    e += i64::from(solid(r - 1, c) || solid(r, c));
                    e += i64::from(solid(r, c - 1) || solid(r, c));
                }
            }
            total += v - e + f;
        }
        total
    }

    fn analytic_volume(print: &Print) -> f64 {
        let (rows, cols) = print.lattice();
        let width = |i: usize| print.along(i as u32 + 1) - print.along(i as u32);
        let mut v = 0.0;
        for level in 0..print.level_count() {
            for r in 0..rows {
                for c in 0..cols {
                    let h = print.h(level, r as isize, c as isize);
                    v += width(r) * width(c) * print.z_mm()[usize::from(h)];
                }
            }
        }
        v
    }

    fn maze(dims: &[usize], seed: u64, algorithm: Algorithm, loops: usize) -> Maze {
        let lattice = Lattice::new(dims, &Limits::default()).unwrap();
        let opts = Options {
            algorithm,
            loops,
            braid: false,
        };
        generate(&lattice, &opts, &mut rng_from_seed(seed)).unwrap()
    }

    fn solution(m: &Maze) -> Vec<usize> {
        solve(m, Method::DeadEnd).unwrap().path.unwrap_or_default()
    }

    #[test]
    fn a_small_maze_is_closed_and_manifold() {
        let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
        let print = Print::new(&m, Sizes::default(), None).unwrap();
        check(&print);
        let sol = solution(&m);
        check(&Print::new(&m, Sizes::default(), Some(&sol)).unwrap());
    }

    #[test]
    fn one_cell_is_a_box_of_twelve_triangles() {
        for row in ["#", "."] {
            let m = Maze::from_text_rows(&[row]).unwrap();
            let print = Print::new(&m, Sizes::default(), None).unwrap();
            assert_eq!(check(&print), 12);
        }
    }

    #[test]
    fn mazes_of_every_kind_print() {
        for (dims, alg, loops) in [
            (vec![6, 9], Algorithm::Backtracker, 0),
            (vec![7, 5], Algorithm::Kruskal, 6),
            (vec![1, 8], Algorithm::Prim, 0),
            (vec![3, 4, 4], Algorithm::Backtracker, 0),
            (vec![2, 3, 5], Algorithm::Kruskal, 3),
        ] {
            let m = maze(&dims, 7, alg, loops);
            let sol = solution(&m);
            for engraved in [None, Some(&sol[..])] {
                let print = Print::new(&m, Sizes::default(), engraved).unwrap();
                assert_eq!(
                    print.level_count(),
                    if dims.len() == 3 { dims[0] } else { 1 }
                );
                check(&print);
            }
        }
    }

    #[test]
    fn a_three_d_maze_has_holes_where_it_goes_down() {
        let m = maze(&[3, 4, 4], 3, Algorithm::Backtracker, 0);
        let print = Print::new(&m, Sizes::default(), None).unwrap();
        // Holes: the floor cells that are paths between levels, and the entrance from below.
        let (rows, cols) = print.lattice();
        let holes: usize = (0..print.level_count())
            .map(|l| {
                (0..rows * cols)
                    .filter(|&i| print.h(l, (i / cols) as isize, (i % cols) as isize) == HOLE)
                    .count()
            })
            .sum();
        let plane = rows * cols;
        let floors: usize = (0..7)
            .step_by(2)
            .take(3)
            .map(|z| {
                (0..plane)
                    .filter(|&i| m.grid().is_path(z * plane + i))
                    .count()
            })
            .sum();
        assert!(
            holes >= 2 && holes == floors,
            "{holes} holes, {floors} floor openings"
        );
        check(&print);
    }

    #[test]
    fn merged_faces_keep_the_triangle_count_down() {
        let m = maze(&[20, 20], 1, Algorithm::Backtracker, 0);
        let print = Print::new(&m, Sizes::default(), None).unwrap();
        let n = check(&print);
        // One box per cell would be 12 triangles a cell.
        let cells = 41 * 41;
        assert!(n < 4 * cells, "{n} triangles for {cells} cells");
    }

    #[test]
    fn diagonal_walls_and_four_axes_are_refused() {
        let m = Maze::from_text_rows(&["#.", ".#"]).unwrap();
        assert!(matches!(
            Print::new(&m, Sizes::default(), None),
            Err(Error::Unsupported(_))
        ));
        let m4 = Maze::new(Grid::walls(Shape::new(vec![3, 3, 3, 3]).unwrap()));
        let e = Print::new(&m4, Sizes::default(), None).err().unwrap();
        assert!(e.to_string().contains("at most three axes"), "{e}");
        let bad = Sizes {
            cell_mm: 0.0,
            ..Sizes::default()
        };
        assert!(Print::new(&m4, bad, None).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any grid at all: refused for a diagonal contact, or printed closed and manifold.
        #[test]
        fn any_grid_is_refused_or_closed(
            dims in prop::collection::vec(1usize..7, 1..4),
            bits in prop::collection::vec(any::<bool>(), 216),
            engrave in prop::collection::vec(any::<bool>(), 216),
            sizes in (0.5f64..6.0, 0.3f64..3.0, 0.5f64..9.0, 0.4f64..4.0),
        ) {
            let shape = Shape::new(dims).unwrap();
            let mut grid = Grid::walls(shape);
            for i in 0..grid.len() {
                grid.set_path(i, bits[i]);
            }
            let m = Maze::new(grid);
            let cells: Vec<usize> = (0..m.grid().len()).filter(|&i| engrave[i]).collect();
            let sizes = Sizes { cell_mm: sizes.0, wall_mm: sizes.1, height_mm: sizes.2, base_mm: sizes.3 };
            match Print::new(&m, sizes, Some(&cells)) {
                Ok(print) => { check(&print); }
                Err(e) => prop_assert!(matches!(e, Error::Unsupported(_)), "{e}"),
            }
        }

        /// Grids in the usual layout (posts walls, rooms open, passages and floor openings at
        /// random, rooms engraved at random with the passages between two engraved rooms)
        /// always print.
        #[test]
        fn grids_in_the_usual_layout_always_print(
            rooms in prop::collection::vec(1usize..5, 2..4),
            bits in prop::collection::vec(any::<bool>(), 729),
            engrave in prop::collection::vec(any::<bool>(), 729),
        ) {
            let dims: Vec<usize> = rooms.iter().map(|n| 2 * n + 1).collect();
            let shape = Shape::new(dims.clone()).unwrap();
            let n = dims.len();
            let mut grid = Grid::walls(shape.clone());
            let kind = |i: usize| {
                let c = shape.coords(i);
                let odd = c.iter().filter(|&&x| x % 2 == 1).count();
                (c, odd)
            };
            for i in 0..grid.len() {
                let (c, odd) = kind(i);
                let level = n < 3 || c[0] % 2 == 1;
                let open = if level {
                    // A room (odd in every planar axis) or a passage (odd in one).
                    match odd - usize::from(n == 3) {
                        2 => true,
                        1 => bits[i],
                        _ => false,
                    }
                } else {
                    c[n - 1] % 2 == 1 && c[n - 2] % 2 == 1 && bits[i]
                };
                grid.set_path(i, open);
            }
            let m = Maze::new(grid);
            let room = |i: usize| kind(i).1 == n;
            let mut cells: Vec<usize> = (0..m.grid().len()).filter(|&i| room(i) && engrave[i]).collect();
            let on: HashSet<usize> = cells.iter().copied().collect();
            for i in 0..m.grid().len() {
                let mut ends = Vec::new();
                m.shape().for_each_neighbour(i, |j| if on.contains(&j) { ends.push(j) });
                if m.grid().is_path(i) && !room(i) && ends.len() >= 2 {
                    cells.push(i);
                }
            }
            check(&Print::new(&m, Sizes::default(), Some(&cells)).unwrap());
        }

        /// Generated mazes of two and three axes always print, their solution engraved.
        #[test]
        fn generated_mazes_print(
            dims in prop::collection::vec(3usize..6, 2..4),
            seed in any::<u64>(),
            loops in 0usize..3,
        ) {
            let m = maze(&dims, seed, Algorithm::Kruskal, loops);
            let sol = solution(&m);
            check(&Print::new(&m, Sizes::default(), Some(&sol)).unwrap());
        }
    }
}
