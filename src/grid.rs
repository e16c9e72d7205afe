//! n-dimensional cell grids: [`Shape`] (axes, strides, coordinates ⇄ flat indices,
//! neighbours) and [`Grid`] (one bit per cell: wall or path).
//!
//! Cells are stored row-major (last axis fastest), so a 2-D coordinate is `(row, col)` and
//! the flat index of `(r, c)` is `r * width + c`. Hot paths work on flat indices; coordinates
//! are computed only at the edges (formats, messages).

use crate::error::{Error, Result};
use fixedbitset::FixedBitSet;

/// The default cap on the number of cells a grid may have: 2³² (4 294 967 296) cells, which
/// is 512 MiB of bits. Readers check it before allocating; raise it with
/// [`Limits::max_cells`] (CLI: `--max-cells`). The same number caps a graph's vertices and
/// its edges.
pub const DEFAULT_MAX_CELLS: u64 = 1 << 32;

/// The 64 (`usize::BITS`) bits of `words` starting at bit `at`, at any alignment, bit 0 first;
/// bits past the end read as 0. Row scans use it to take a grid row 64 cells at a time.
#[inline]
pub(crate) fn load_bits(words: &[usize], at: usize) -> usize {
    const B: usize = usize::BITS as usize;
    let (d, shift) = (at / B, at % B);
    let lo = words.get(d).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        lo
    } else {
        lo | (words.get(d + 1).copied().unwrap_or(0) << (B - shift))
    }
}

/// The number of set bits in `words`. With the CPU's population-count instruction where it has
/// one (checked at run time: the portable build counts each word in a dozen instructions, five
/// times slower on a grid of 10⁸ cells, where a solution's kept cells are counted).
///
/// Complexity: O(words).
pub(crate) fn count_ones(words: &[usize]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[target_feature(enable = "popcnt")]
        fn with_popcnt(words: &[usize]) -> usize {
            words.iter().map(|w| w.count_ones() as usize).sum()
        }
        // SAFETY: the CPU has the instruction (checked just above).
        return unsafe { with_popcnt(words) };
    }
    words.iter().map(|w| w.count_ones() as usize).sum()
}

/// ORs `nbits` bits of `src`, starting at its bit `from`, into `dst` from its bit `at` (any
/// alignments, a word at a time); bits that would land past the end of `dst` are dropped.
pub(crate) fn or_bits(dst: &mut [usize], at: usize, src: &[usize], from: usize, nbits: usize) {
    const B: usize = usize::BITS as usize;
    let (d0, shift) = (at / B, at % B);
    for i in 0..nbits.div_ceil(B) {
        let left = nbits - i * B;
        let mut word = load_bits(src, from + i * B);
        if left < B {
            word &= (1usize << left) - 1;
        }
        if let Some(d) = dst.get_mut(d0 + i) {
            *d |= word << shift;
        }
        if shift != 0 {
            if let Some(d) = dst.get_mut(d0 + i + 1) {
                *d |= word >> (B - shift);
            }
        }
    }
}

/// The most axes a grid may have: 32. A cell's open directions are a 64-bit mask, two bits
/// per axis ([`crate::junction`]); a 33rd axis would need a 65th bit.
pub const MAX_AXES: usize = 32;

/// The default memory budget of the library: 8 GiB. The command line sets its own from the
/// machine (three quarters of the memory the process may use; `--max-memory`).
pub const DEFAULT_MAX_BYTES: u64 = 8 << 30;

/// Resource limits applied by readers and conversions before they allocate.
///
/// [`Limits::max_cells`] caps three things: the cells of a grid (checked from a header or a
/// shape before the grid exists), the vertices of a graph, and the edges a graph reader
/// collects (checked as each is read, so that a short file that expands into many edges, such
/// as DOT's `{a b c …} -- {x y z …}`, stops at the cap). Edges are counted as written: an edge
/// listed under both of its ends, as adjacency lists do, counts twice. Going over any of them
/// is [`Error::TooLarge`], whose message says to raise `--max-cells`.
///
/// [`Limits::max_bytes`] is a memory budget: an operation that will allocate a large buffer
/// (a decoded picture, a grid, a graph, a distance per cell) estimates its size first and
/// refuses with [`Error::OverBudget`] when it is over; buffers are then reserved fallibly, so
/// that an allocation the system refuses is [`Error::OutOfMemory`], not an abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest number of cells (for grids), vertices or edges (for graphs) accepted.
    pub max_cells: u64,
    /// Largest number of bytes an operation may plan to allocate.
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_cells: DEFAULT_MAX_CELLS,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

impl Limits {
    /// Limits with this cap on cells and the default memory budget.
    ///
    /// ```
    /// use mazegraph::grid::Limits;
    /// assert_eq!(Limits::cells(10).max_cells, 10);
    /// ```
    pub const fn cells(max_cells: u64) -> Limits {
        Limits {
            max_cells,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }

    /// Checks that `cells` is within the limit, with an error that says how to raise it.
    pub fn check(&self, cells: u64) -> Result<()> {
        if cells > self.max_cells {
            Err(Error::TooLarge {
                cells,
                limit: self.max_cells,
            })
        } else {
            Ok(())
        }
    }

    /// Checks that a graph reader that already holds `edges` edges may add one more.
    ///
    /// ```
    /// use mazegraph::grid::Limits;
    /// let l = Limits::cells(2);
    /// assert!(l.check_edge(1).is_ok());
    /// assert!(l.check_edge(2).is_err());
    /// ```
    #[inline]
    pub fn check_edge(&self, edges: usize) -> Result<()> {
        self.check(edges as u64 + 1)
    }

    /// Checks that `what` may allocate about `bytes`, with an error that names it and says how
    /// to raise the budget.
    ///
    /// ```
    /// use mazegraph::grid::Limits;
    /// let l = Limits { max_bytes: 1 << 20, ..Limits::default() };
    /// assert!(l.check_bytes("a picture", 1 << 19).is_ok());
    /// let e = l.check_bytes("a picture", 1 << 30).unwrap_err().to_string();
    /// assert!(e.contains("a picture needs about 1.0 GiB"), "{e}");
    /// ```
    pub fn check_bytes(&self, what: &str, bytes: u64) -> Result<()> {
        if bytes > self.max_bytes {
            Err(Error::OverBudget {
                what: what.to_string(),
                bytes,
                limit: self.max_bytes,
            })
        } else {
            Ok(())
        }
    }
}

/// A vector of `n` copies of `value`, reserved fallibly: [`Error::OutOfMemory`] when the
/// system refuses the memory (a `ulimit`, a container's limit) instead of an abort.
///
/// ```
/// let v = mazegraph::grid::try_filled(3, 0u32).unwrap();
/// assert_eq!(v, vec![0, 0, 0]);
/// assert!(mazegraph::grid::try_filled(usize::MAX / 8, 0u64).is_err());
/// ```
pub fn try_filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>> {
    let mut v = try_with_capacity(n)?;
    v.resize(n, value);
    Ok(v)
}

/// An empty vector with room for `n` elements, reserved fallibly ([`try_filled`]).
pub fn try_with_capacity<T>(n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| Error::OutOfMemory {
        bytes: (n as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    Ok(v)
}

/// The extent of an n-dimensional grid: one length per axis, row-major strides.
///
/// ```
/// use mazegraph::grid::Shape;
/// let s = Shape::new(vec![3, 4]).unwrap();
/// assert_eq!(s.len(), 12);
/// assert_eq!(s.index(&[1, 2]), Some(6));
/// assert_eq!(s.coords(6), vec![1, 2]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: Vec<usize>,
    strides: Vec<usize>,
    len: usize,
}

impl Shape {
    /// A shape with the given axis lengths. Fails when there is no axis or more than
    /// [`MAX_AXES`], an axis is empty, or the product overflows.
    pub fn new(dims: Vec<usize>) -> Result<Shape> {
        if dims.is_empty() {
            return Err(Error::InvalidMaze("a grid needs at least one axis".into()));
        }
        if dims.len() > MAX_AXES {
            return Err(Error::InvalidMaze(format!(
                "a grid has at most {MAX_AXES} axes; this one has {}",
                dims.len()
            )));
        }
        if let Some(k) = dims.iter().position(|&d| d == 0) {
            return Err(Error::InvalidMaze(format!(
                "axis {k} of the grid has length 0"
            )));
        }
        let mut strides = vec![0; dims.len()];
        let mut len: usize = 1;
        for k in (0..dims.len()).rev() {
            strides[k] = len;
            len = len.checked_mul(dims[k]).ok_or(Error::TooLarge {
                cells: u64::MAX,
                limit: DEFAULT_MAX_CELLS,
            })?;
        }
        Ok(Shape { dims, strides, len })
    }

    /// A shape checked against `limits` (and against overflow) before anything is allocated:
    /// its cells against [`Limits::max_cells`], and the grid's bits against
    /// [`Limits::max_bytes`].
    pub fn with_limits(dims: Vec<usize>, limits: &Limits) -> Result<Shape> {
        let mut product: u64 = 1;
        for &d in &dims {
            product = product.saturating_mul(d as u64);
        }
        limits.check(product)?;
        limits.check_bytes(&format!("a grid of {product} cells"), product.div_ceil(8))?;
        Shape::new(dims)
    }

    /// Axis lengths.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// Row-major strides: `strides()[k]` is the flat-index step of one move along axis `k`.
    pub fn strides(&self) -> &[usize] {
        &self.strides
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.dims.len()
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Flat index of a coordinate, or `None` when it is outside the grid or has the wrong
    /// number of axes.
    pub fn index(&self, coords: &[usize]) -> Option<usize> {
        if coords.len() != self.dims.len() {
            return None;
        }
        let mut i = 0;
        for k in 0..coords.len() {
            if coords[k] >= self.dims[k] {
                return None;
            }
            i += coords[k] * self.strides[k];
        }
        Some(i)
    }

    /// Flat index of a signed coordinate (as read from a file), or `None` when outside.
    pub fn index_signed(&self, coords: &[i64]) -> Option<usize> {
        if coords.len() != self.dims.len() {
            return None;
        }
        let mut i = 0;
        for k in 0..coords.len() {
            let c = usize::try_from(coords[k]).ok()?;
            if c >= self.dims[k] {
                return None;
            }
            i += c * self.strides[k];
        }
        Some(i)
    }

    /// Coordinates of a flat index (`index < len()`).
    pub fn coords(&self, index: usize) -> Vec<usize> {
        let mut out = vec![0; self.dims.len()];
        self.coords_into(index, &mut out);
        out
    }

    /// Writes the coordinates of `index` into `out` (length `ndim()`), without allocating.
    pub fn coords_into(&self, mut index: usize, out: &mut [usize]) {
        for k in 0..self.dims.len() {
            out[k] = index / self.strides[k];
            index %= self.strides[k];
        }
    }

    /// Coordinate of `index` along axis `k`.
    #[inline]
    pub fn coord(&self, index: usize, k: usize) -> usize {
        (index / self.strides[k]) % self.dims[k]
    }

    /// Calls `f` with each in-grid neighbour of `index` (two per axis at most), in increasing
    /// flat-index order: first the lower neighbours from axis 0 to the last, then the upper
    /// ones from the last axis to axis 0. That order is also the lexicographic order of the
    /// neighbours' coordinates.
    #[inline]
    pub fn for_each_neighbour(&self, index: usize, mut f: impl FnMut(usize)) {
        let n = self.dims.len();
        for k in 0..n {
            if self.coord(index, k) > 0 {
                f(index - self.strides[k]);
            }
        }
        for k in (0..n).rev() {
            if self.coord(index, k) + 1 < self.dims[k] {
                f(index + self.strides[k]);
            }
        }
    }

    /// True when `a` and `b` are grid neighbours (differ by one along exactly one axis).
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        let mut diff = 0;
        for k in 0..self.dims.len() {
            diff += self.coord(a, k).abs_diff(self.coord(b, k));
        }
        diff == 1
    }

    /// True when the cell lies on the outer border (some coordinate is 0 or the last).
    pub fn on_border(&self, index: usize) -> bool {
        (0..self.dims.len()).any(|k| {
            let c = self.coord(index, k);
            c == 0 || c + 1 == self.dims[k]
        })
    }

    /// Calls `f` with the flat-index ranges that make up the outer border, in increasing order.
    pub fn for_each_border_range(&self, mut f: impl FnMut(std::ops::Range<usize>)) {
        fn rec(
            dims: &[usize],
            strides: &[usize],
            offset: usize,
            f: &mut dyn FnMut(std::ops::Range<usize>),
        ) {
            let (d, s) = (dims[0], strides[0]);
            if dims.len() == 1 {
                // A 1-D line inside a higher slab: only its two ends are on the border.
                f(offset..offset + 1);
                if d > 1 {
                    f(offset + d - 1..offset + d);
                }
                return;
            }
            for c in 0..d {
                let start = offset + c * s;
                if c == 0 || c + 1 == d {
                    f(start..start + s);
                } else {
                    rec(&dims[1..], &strides[1..], start, f);
                }
            }
        }
        rec(&self.dims, &self.strides, 0, &mut f);
    }

    /// Formats a flat index as a coordinate tuple, `(r, c)`.
    pub fn fmt_index(&self, index: usize) -> String {
        fmt_coords(&self.coords(index))
    }

    /// The coordinates of `cells` (flat indices below `len()`), in their order: results that
    /// are flat indices (a path, a bitset's `ones()`, attracted cells) spoken in coordinates.
    /// One `Vec` per cell; [`Shape::coords_into`] reuses a buffer instead.
    ///
    /// Complexity: O(ndim) a cell.
    ///
    /// ```
    /// use mazegraph::grid::Shape;
    /// let shape = Shape::new(vec![2, 3]).unwrap();
    /// let coords: Vec<Vec<usize>> = shape.coords_of([0, 4, 5]).collect();
    /// assert_eq!(coords, [[0, 0], [1, 1], [1, 2]]);
    /// ```
    pub fn coords_of<I: IntoIterator<Item = usize>>(
        &self,
        cells: I,
    ) -> impl Iterator<Item = Vec<usize>> + use<'_, I> {
        cells.into_iter().map(|i| self.coords(i))
    }
}

/// A number of axes in words: `1 axis`, `3 axes`.
///
/// ```
/// assert_eq!(mazegraph::grid::axes(1), "1 axis");
/// assert_eq!(mazegraph::grid::axes(3), "3 axes");
/// ```
pub fn axes(n: usize) -> String {
    format!("{n} {}", if n == 1 { "axis" } else { "axes" })
}

/// Formats a coordinate as the seed writes it: `(1, 4)`; one axis gives `(5,)` as in Python.
pub fn fmt_coords<T: std::fmt::Display>(coords: &[T]) -> String {
    let mut s = String::from("(");
    for (k, c) in coords.iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        s.push_str(&c.to_string());
    }
    if coords.len() == 1 {
        s.push(',');
    }
    s.push(')');
    s
}

/// A grid of cells, each wall or path, stored one bit per cell (1 = path).
///
/// A 15001×15001 grid (225 megapixels) takes 28 MB.
///
/// ```
/// use mazegraph::grid::{Grid, Shape};
/// let mut g = Grid::walls(Shape::new(vec![3, 3]).unwrap());
/// g.set_path(4, true);
/// assert!(g.is_path(4) && !g.is_path(0));
/// assert_eq!(g.count_paths(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    shape: Shape,
    bits: FixedBitSet,
}

impl Grid {
    /// A grid of walls only.
    pub fn walls(shape: Shape) -> Grid {
        let bits = FixedBitSet::with_capacity(shape.len());
        Grid { shape, bits }
    }

    /// A grid from a shape and its path bits (`bits.len()` must equal `shape.len()`).
    pub fn from_bits(shape: Shape, bits: FixedBitSet) -> Result<Grid> {
        if bits.len() != shape.len() {
            return Err(Error::InvalidMaze(format!(
                "{} cells given for a grid of {} cells",
                bits.len(),
                shape.len()
            )));
        }
        Ok(Grid { shape, bits })
    }

    /// The grid's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The path bits (bit `i` set ⇔ cell `i` is path).
    pub fn bits(&self) -> &FixedBitSet {
        &self.bits
    }

    /// Mutable path bits.
    pub fn bits_mut(&mut self) -> &mut FixedBitSet {
        &mut self.bits
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.shape.len()
    }

    /// Always false: a grid has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.shape.is_empty()
    }

    /// True when cell `i` is path.
    #[inline]
    pub fn is_path(&self, i: usize) -> bool {
        self.bits.contains(i)
    }

    /// Makes cell `i` path (`true`) or wall (`false`).
    #[inline]
    pub fn set_path(&mut self, i: usize, path: bool) {
        self.bits.set(i, path);
    }

    /// Number of path cells.
    pub fn count_paths(&self) -> usize {
        count_ones(self.bits.as_slice())
    }

    /// Flat indices of the path cells, in increasing order.
    pub fn paths(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.ones()
    }

    /// Calls `f` with each path neighbour of path-or-wall cell `i`, in increasing order.
    #[inline]
    pub fn for_each_path_neighbour(&self, i: usize, mut f: impl FnMut(usize)) {
        self.shape.for_each_neighbour(i, |j| {
            if self.bits.contains(j) {
                f(j)
            }
        });
    }

    /// Number of path neighbours of cell `i` (portals not counted).
    pub fn path_degree(&self, i: usize) -> usize {
        let mut d = 0;
        self.for_each_path_neighbour(i, |_| d += 1);
        d
    }

    /// The path cells on the outer border, in increasing order: the maze's openings.
    pub fn openings(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.shape.for_each_border_range(|r| {
            out.extend(r.filter(|&i| self.bits.contains(i)));
        });
        out
    }

    /// The first and last openings (row-major), without listing the others.
    pub fn first_last_openings(&self) -> Option<(usize, usize)> {
        let mut first = None;
        let mut last = None;
        self.shape.for_each_border_range(|r| {
            let mut it = r.filter(|&i| self.bits.contains(i));
            if let Some(a) = it.next() {
                if first.is_none() {
                    first = Some(a);
                }
                last = Some(it.next_back().unwrap_or(a));
            }
        });
        Some((first?, last?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_are_counted_as_bit_by_bit() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64 as usize;
        let words: Vec<usize> = (0..1000)
            .map(|k| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Some words empty or full, the rest random.
                match k % 5 {
                    0 => 0,
                    1 => usize::MAX,
                    _ => x,
                }
            })
            .collect();
        const B: usize = usize::BITS as usize;
        for n in [0, 1, 2, 63, 1000] {
            let by_bits = (0..n * B)
                .filter(|&i| (words[i / B] >> (i % B)) & 1 == 1)
                .count();
            assert_eq!(count_ones(&words[..n]), by_bits);
        }
    }

    #[test]
    fn shape_roundtrip_3d() {
        let s = Shape::new(vec![2, 3, 4]).unwrap();
        assert_eq!(s.strides(), &[12, 4, 1]);
        for i in 0..s.len() {
            assert_eq!(s.index(&s.coords(i)), Some(i));
        }
        assert_eq!(s.index(&[2, 0, 0]), None);
        assert_eq!(s.index_signed(&[-1, 0, 0]), None);
    }

    #[test]
    fn neighbours_sorted_and_in_grid() {
        let s = Shape::new(vec![3, 3, 3]).unwrap();
        let mut v = Vec::new();
        s.for_each_neighbour(13, |j| v.push(j));
        assert_eq!(v, vec![4, 10, 12, 14, 16, 22]);
        v.clear();
        s.for_each_neighbour(0, |j| v.push(j));
        assert_eq!(v, vec![1, 3, 9]);
        v.clear();
        // last cell of a row does not wrap to the next row
        let s2 = Shape::new(vec![2, 3]).unwrap();
        s2.for_each_neighbour(2, |j| v.push(j));
        assert_eq!(v, vec![1, 5]);
        assert!(!s2.adjacent(2, 3));
        assert!(s2.adjacent(2, 5));
    }

    #[test]
    fn border_ranges_cover_exactly_the_border() {
        for dims in [
            vec![1],
            vec![5],
            vec![4, 5],
            vec![3, 4, 5],
            vec![3, 3, 3, 3],
            vec![1, 4],
        ] {
            let s = Shape::new(dims.clone()).unwrap();
            let mut got = Vec::new();
            s.for_each_border_range(|r| got.extend(r));
            let want: Vec<usize> = (0..s.len()).filter(|&i| s.on_border(i)).collect();
            assert_eq!(got, want, "{dims:?}");
        }
    }

    #[test]
    fn limits_refuse_before_allocating() {
        let l = Limits::cells(100);
        assert!(matches!(
            Shape::with_limits(vec![1_000_000, 1_000_000], &l),
            Err(Error::TooLarge { .. })
        ));
        assert!(Shape::new(vec![usize::MAX, 3]).is_err());
        assert!(Shape::new(vec![]).is_err());
        assert!(Shape::new(vec![3, 0]).is_err());
    }
}
