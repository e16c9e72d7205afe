//! [`Lattice`]: the rooms a generator may carve, laid out in the cell grid.
//!
//! A maze of rooms r0×r1×… is a cell grid of (2r0+1)×(2r1+1)×…: room `(x0, x1, …)` is the
//! cell `(2x0+1, 2x1+1, …)`, the wall between two neighbouring rooms is the cell halfway
//! between them, and the outer frame is wall. Generators work on flat cell indices: the room
//! beside room cell `c` along axis `k` is `c ± 2·stride[k]` and the wall between them
//! `c ± stride[k]`. A bitset marks the room cells that may be carved (the mask), so finding
//! a neighbour is one bit test, without any division: stepping off the grid along an axis
//! lands on a cell with an even coordinate, never a room.

use super::mask::Mask;
use crate::error::{Error, Result};
use crate::grid::{Grid, Limits, Shape};
use fixedbitset::FixedBitSet;
use rand::Rng;
use std::collections::VecDeque;

/// Largest number of axes a lattice may have (2·32 directions fit a small array).
pub const MAX_DIMS: usize = 32;

/// The rooms of a maze to generate: their extent, the cell grid they live in, and which of
/// them may be carved (all of them, or those of a [`Mask`]).
///
/// ```
/// use mazegraph::generate::Lattice;
/// let lat = Lattice::new(&[2, 3], &Default::default()).unwrap();
/// assert_eq!(lat.cells().dims(), &[5, 7]);
/// assert_eq!(lat.room_count(), 6);
/// assert_eq!(lat.room_cell(4), 3 * 7 + 3); // room (1, 1) is cell (3, 3)
/// ```
#[derive(Clone, Debug)]
pub struct Lattice {
    rooms: Shape,
    cells: Shape,
    allowed: FixedBitSet,
    room_count: usize,
    full: bool,
}

impl Lattice {
    /// Every room of a box of `rooms[0]×rooms[1]×…` rooms. Fails on no axis, an empty axis,
    /// more than [`MAX_DIMS`] axes, or more cells than `limits` allow (checked before
    /// allocating).
    pub fn new(rooms: &[usize], limits: &Limits) -> Result<Lattice> {
        let (room_shape, cells) = shapes(rooms, limits)?;
        let mut allowed = FixedBitSet::with_capacity(cells.len());
        if let &[_, w] = cells.dims() {
            // Rows of rooms a word at a time: every other bit of each odd row.
            const ODD: usize = (usize::MAX / 3) << 1; // 0b…1010
            let row: Vec<usize> = (0..w.div_ceil(usize::BITS as usize)).map(|_| ODD).collect();
            for r in (1..cells.dims()[0]).step_by(2) {
                // The row's last cell is a frame wall (w is odd, its last column even).
                crate::grid::or_bits(allowed.as_mut_slice(), r * w, &row, 0, w - 1);
            }
        } else {
            for_each_room_cell(&room_shape, &cells, |_, c| allowed.insert(c));
        }
        Ok(Lattice {
            room_count: room_shape.len(),
            rooms: room_shape,
            cells,
            allowed,
            full: true,
        })
    }

    /// The rooms of a mask. When the mask's rooms are not all connected, only its largest
    /// connected part is kept (the first one in row-major order among equals); the box is
    /// then cropped to that part's bounding box, so that its first room lies on the first
    /// layer along axis 0 and its last room on the last. Fails when the mask has no room.
    ///
    /// Complexity: O(rooms of the mask's box) time and bits.
    pub fn from_mask(mask: &Mask, limits: &Limits) -> Result<Lattice> {
        let shape = mask.shape();
        Mask::check_size(shape.dims(), limits)?;
        let bits = mask.bits();
        let first = bits
            .ones()
            .next()
            .ok_or_else(|| Error::InvalidMaze("the shape has no room to carve".into()))?;
        // Largest connected part: flood fill every part once, remember the biggest seed.
        let mut seen = FixedBitSet::with_capacity(shape.len());
        let mut queue = VecDeque::new();
        let (mut best, mut best_size) = (first, 0usize);
        for seed in bits.ones() {
            crate::stop::check();
            if seen.contains(seed) {
                continue;
            }
            let size = flood(shape, bits, seed, &mut seen, &mut queue);
            if size > best_size {
                best = seed;
                best_size = size;
            }
        }
        let mut keep = FixedBitSet::with_capacity(shape.len());
        flood(shape, bits, best, &mut keep, &mut queue);
        // Bounding box of the kept part.
        let n = shape.ndim();
        let mut lo = vec![usize::MAX; n];
        let mut hi = vec![0usize; n];
        let mut x = vec![0usize; n];
        for i in keep.ones() {
            crate::stop::check();
            shape.coords_into(i, &mut x);
            for k in 0..n {
                lo[k] = lo[k].min(x[k]);
                hi[k] = hi[k].max(x[k]);
            }
        }
        let dims: Vec<usize> = (0..n).map(|k| hi[k] - lo[k] + 1).collect();
        let (rooms, cells) = shapes(&dims, limits)?;
        let mut allowed = FixedBitSet::with_capacity(cells.len());
        let mut src = vec![0usize; n];
        for_each_room_cell(&rooms, &cells, |r, c| {
            crate::stop::check();
            rooms.coords_into(r, &mut x);
            for k in 0..n {
                src[k] = x[k] + lo[k];
            }
            if shape.index(&src).is_some_and(|i| keep.contains(i)) {
                allowed.insert(c);
            }
        });
        Ok(Lattice {
            full: best_size == rooms.len(),
            room_count: best_size,
            rooms,
            cells,
            allowed,
        })
    }

    /// The extent of the room box.
    pub fn rooms(&self) -> &Shape {
        &self.rooms
    }

    /// The cell grid, (2r+1) cells along an axis of r rooms.
    pub fn cells(&self) -> &Shape {
        &self.cells
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.rooms.ndim()
    }

    /// Number of rooms that may be carved.
    pub fn room_count(&self) -> usize {
        self.room_count
    }

    /// True when every room of the box may be carved (no mask, or a mask that keeps all).
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The room cells that may be carved, as a bitset over cells.
    pub fn allowed(&self) -> &FixedBitSet {
        &self.allowed
    }

    /// True when cell `c` is a room that may be carved.
    #[inline]
    pub fn is_room(&self, c: usize) -> bool {
        self.allowed.contains(c)
    }

    /// The cell of room `r` (a flat index into [`Lattice::rooms`]).
    pub fn room_cell(&self, mut r: usize) -> usize {
        let rs = self.rooms.strides();
        let cs = self.cells.strides();
        let mut c = 0;
        for k in 0..rs.len() {
            let x = r / rs[k];
            r %= rs[k];
            c += (2 * x + 1) * cs[k];
        }
        c
    }

    /// The room index of room cell `c` (the inverse of [`Lattice::room_cell`]).
    pub fn room_index(&self, mut c: usize) -> usize {
        let rs = self.rooms.strides();
        let cs = self.cells.strides();
        let mut r = 0;
        for k in 0..rs.len() {
            let x = c / cs[k];
            c %= cs[k];
            r += (x / 2) * rs[k];
        }
        r
    }

    /// The flat-index step of direction `d`: directions `2k` and `2k+1` go down and up
    /// axis `k`. Moving to the neighbouring room takes two steps, to the wall between one.
    #[inline]
    pub fn step(&self, d: usize) -> isize {
        let s = self.cells.strides()[d / 2] as isize;
        if d.is_multiple_of(2) {
            -s
        } else {
            s
        }
    }

    /// Number of directions, two per axis.
    #[inline]
    pub fn directions(&self) -> usize {
        2 * self.rooms.ndim()
    }

    /// The room beside room cell `c` in direction `d`, if it may be carved.
    #[inline]
    pub fn neighbour(&self, c: usize, d: usize) -> Option<usize> {
        let s2 = 2 * self.cells.strides()[d / 2];
        let j = if d.is_multiple_of(2) {
            c.checked_sub(s2)?
        } else {
            c + s2
        };
        self.allowed.contains(j).then_some(j)
    }

    /// Calls `f(direction, wall, room)` for each carvable room beside room cell `c`, in
    /// direction order.
    #[inline]
    pub fn for_each_neighbour(&self, c: usize, mut f: impl FnMut(usize, usize, usize)) {
        let cs = self.cells.strides();
        for (k, &s) in cs.iter().enumerate() {
            if let Some(j) = c.checked_sub(2 * s) {
                if self.allowed.contains(j) {
                    f(2 * k, c - s, j);
                }
            }
            let j = c + 2 * s;
            if self.allowed.contains(j) {
                f(2 * k + 1, c + s, j);
            }
        }
    }

    /// A room chosen uniformly at random.
    ///
    /// Complexity: O(1) expected on a full box, O(cells / 64) with a mask.
    pub fn random_room(&self, rng: &mut impl Rng) -> usize {
        if self.full {
            return self.room_cell(below(rng, self.rooms.len()));
        }
        let mut target = below(rng, self.room_count);
        for (w, &block) in self.allowed.as_slice().iter().enumerate() {
            let ones = block.count_ones() as usize;
            if target < ones {
                let mut b = block;
                for _ in 0..target {
                    b &= b - 1;
                }
                return w * usize::BITS as usize + b.trailing_zeros() as usize;
            }
            target -= ones;
        }
        // room_count is the number of set bits, so the loop always returns.
        self.first_room()
    }

    /// The first carvable room cell in row-major order.
    pub fn first_room(&self) -> usize {
        self.allowed.minimum().unwrap_or(0)
    }

    /// The last carvable room cell in row-major order.
    pub fn last_room(&self) -> usize {
        self.allowed.maximum().unwrap_or(0)
    }

    /// A grid of walls of the lattice's cell shape.
    pub fn walls(&self) -> Grid {
        Grid::walls(self.cells.clone())
    }

    /// Opens the wall between room cells `a` and `b` (neighbours) and marks both rooms path.
    #[inline]
    pub fn open(grid: &mut Grid, a: usize, b: usize) {
        let bits = grid.bits_mut();
        bits.insert(a);
        bits.insert((a + b) / 2);
        bits.insert(b);
    }

    /// Opens the entrance and the exit: the frame wall before the first room along axis 0
    /// and the frame wall after the last room. They are then the maze's first and last
    /// border openings, its default terminals.
    pub fn open_terminals(&self, grid: &mut Grid) {
        let s = self.cells.strides()[0];
        let (first, last) = (self.first_room(), self.last_room());
        grid.set_path(first - s, true);
        grid.set_path(last + s, true);
    }

    /// Number of open walls between two carvable rooms (passages) in `grid`.
    pub fn passage_count(&self, grid: &Grid) -> usize {
        let mut n = 0;
        for c in self.allowed.ones() {
            self.for_each_neighbour(c, |d, w, _| {
                if d % 2 == 1 && grid.is_path(w) {
                    n += 1;
                }
            });
        }
        n
    }

    /// Number of walls between two carvable rooms (open or closed).
    pub fn internal_wall_count(&self) -> usize {
        let mut n = 0;
        for c in self.allowed.ones() {
            self.for_each_neighbour(c, |d, _, _| n += d % 2);
        }
        n
    }

    /// True when the passages of `grid` join every carvable room into one tree: connected,
    /// without cycles (passages = rooms − 1), every room path and nothing else carved but
    /// passages and at most two openings on the frame.
    ///
    /// Complexity: O(cells) time, O(rooms) memory.
    pub fn is_perfect(&self, grid: &Grid) -> bool {
        if grid.shape() != &self.cells {
            return false;
        }
        let passages = self.passage_count(grid);
        if passages + 1 != self.room_count {
            return false;
        }
        // Carved cells: exactly the rooms, the passages and the openings.
        let openings = grid.openings().len();
        if openings > 2 || grid.count_paths() != self.room_count + passages + openings {
            return false;
        }
        if self.allowed.ones().any(|c| !grid.is_path(c)) {
            return false;
        }
        // Connected: a flood through passages reaches every room.
        let mut seen = FixedBitSet::with_capacity(self.cells.len());
        let start = self.first_room();
        seen.insert(start);
        let mut stack = vec![start];
        let mut reached = 1;
        while let Some(c) = stack.pop() {
            self.for_each_neighbour(c, |_, w, j| {
                if grid.is_path(w) && !seen.put(j) {
                    reached += 1;
                    stack.push(j);
                }
            });
        }
        reached == self.room_count
    }
}

/// The room and cell shapes of a box of rooms, checked.
pub(crate) fn shapes(rooms: &[usize], limits: &Limits) -> Result<(Shape, Shape)> {
    if rooms.is_empty() {
        return Err(Error::InvalidMaze("a maze needs at least one axis".into()));
    }
    if rooms.len() > MAX_DIMS {
        return Err(Error::Unsupported(format!(
            "{} axes: at most {MAX_DIMS} are supported",
            rooms.len()
        )));
    }
    if let Some(k) = rooms.iter().position(|&r| r == 0) {
        return Err(Error::InvalidMaze(format!(
            "axis {k} has 0 rooms: every axis needs at least one room"
        )));
    }
    let cells: Vec<usize> = rooms
        .iter()
        .map(|&r| r.checked_mul(2).and_then(|x| x.checked_add(1)))
        .collect::<Option<_>>()
        .ok_or(Error::TooLarge {
            cells: u64::MAX,
            limit: limits.max_cells,
        })?;
    let cells = Shape::with_limits(cells, limits)?;
    let rooms = Shape::new(rooms.to_vec())?;
    Ok((rooms, cells))
}

/// Calls `f(room, cell)` for every room of the box in row-major order, without division.
fn for_each_room_cell(rooms: &Shape, cells: &Shape, mut f: impl FnMut(usize, usize)) {
    let n = rooms.ndim();
    let dims = rooms.dims();
    let cs = cells.strides();
    let mut x = vec![0usize; n];
    let mut c: usize = cs.iter().sum();
    for r in 0..rooms.len() {
        f(r, c);
        // Odometer increment, last axis fastest.
        let mut k = n;
        while k > 0 {
            k -= 1;
            x[k] += 1;
            c += 2 * cs[k];
            if x[k] < dims[k] {
                break;
            }
            c -= 2 * cs[k] * dims[k];
            x[k] = 0;
        }
    }
}

/// Flood-fills the part of `bits` containing `seed` into `seen`; returns its size. Breadth
/// first: the queue holds a layer of rooms, where a depth-first stack can hold most of them.
fn flood(
    shape: &Shape,
    bits: &FixedBitSet,
    seed: usize,
    seen: &mut FixedBitSet,
    queue: &mut VecDeque<usize>,
) -> usize {
    let mut size = 1;
    seen.insert(seed);
    queue.clear();
    queue.push_back(seed);
    while let Some(i) = queue.pop_front() {
        crate::stop::check();
        shape.for_each_neighbour(i, |j| {
            if bits.contains(j) && !seen.put(j) {
                size += 1;
                queue.push_back(j);
            }
        });
    }
    size
}

/// A uniform integer in `0..n` (`n > 0`) from one or more 64-bit draws (Lemire's method).
/// Independent of the platform's word size, so seeded mazes are the same everywhere.
#[inline]
pub fn below(rng: &mut impl Rng, n: usize) -> usize {
    let n = n as u64;
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as usize
}

/// Shuffles `v` uniformly (Fisher–Yates) with [`below`].
pub fn shuffle<T>(v: &mut [T], rng: &mut impl Rng) {
    for i in (1..v.len()).rev() {
        let j = below(rng, i + 1);
        v.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_from_seed;

    #[test]
    fn a_shaped_lattice_stops_when_asked() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let raised = Arc::new(AtomicBool::new(true));
        let made = crate::stop::run(&raised, || Mask::ellipse(&[300, 300]));
        assert!(matches!(made, Err(crate::Error::Interrupted)));
        // The mask made outside: the search for its largest part stops too.
        let mask = Mask::ellipse(&[300, 300]).unwrap();
        let lat = crate::stop::run(&raised, || Lattice::from_mask(&mask, &Limits::default()));
        assert!(matches!(lat, Err(crate::Error::Interrupted)));
        assert!(Lattice::from_mask(&mask, &Limits::default()).is_ok());
    }

    #[test]
    fn room_cells_and_indices_roundtrip() {
        let lat = Lattice::new(&[2, 3, 4], &Limits::default()).unwrap();
        assert_eq!(lat.cells().dims(), &[5, 7, 9]);
        let cells: Vec<usize> = lat.allowed().ones().collect();
        assert_eq!(cells.len(), 24);
        for (r, &c) in cells.iter().enumerate() {
            assert_eq!(lat.room_cell(r), c);
            assert_eq!(lat.room_index(c), r);
            assert!(lat.cells().coords(c).iter().all(|x| x % 2 == 1));
        }
    }

    #[test]
    fn neighbours_never_wrap() {
        let lat = Lattice::new(&[3, 3], &Limits::default()).unwrap();
        let c = lat.room_cell(2); // room (0, 2), cell (1, 5)
        let mut v = Vec::new();
        lat.for_each_neighbour(c, |d, w, j| v.push((d, w, j)));
        // Only left (axis 1 down) and below (axis 0 up).
        assert_eq!(v, vec![(1, c + 7, c + 14), (2, c - 1, c - 2)]);
        assert_eq!(lat.neighbour(c, 3), None);
        assert_eq!(lat.neighbour(c, 0), None);
    }

    #[test]
    fn bad_sizes_are_refused() {
        let l = Limits::default();
        assert!(matches!(Lattice::new(&[], &l), Err(Error::InvalidMaze(_))));
        let e = Lattice::new(&[3, 0], &l).unwrap_err().to_string();
        assert!(e.contains("axis 1 has 0 rooms"), "{e}");
        assert!(matches!(
            Lattice::new(&[1 << 20, 1 << 20], &l),
            Err(Error::TooLarge { .. })
        ));
        assert!(matches!(
            Lattice::new(&[usize::MAX, 2], &l),
            Err(Error::TooLarge { .. })
        ));
    }

    #[test]
    fn mask_keeps_largest_part_and_crops() {
        // Two parts: a single room at (0, 0) and a 2×2 block at (2..4, 2..4).
        let mask = Mask::from_fn(&[4, 4], |x| x == [0, 0] || (x[0] >= 2 && x[1] >= 2)).unwrap();
        let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
        assert_eq!(lat.rooms().dims(), &[2, 2]);
        assert_eq!(lat.room_count(), 4);
        assert!(lat.is_full());
        let empty = Mask::from_fn(&[3, 3], |_| false).unwrap();
        let e = Lattice::from_mask(&empty, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("no room"), "{e}");
    }

    #[test]
    fn random_room_is_in_mask_and_below_is_uniformish() {
        let mask = Mask::from_fn(&[5, 5], |x| x[0] == x[1] || x[0] + 1 == x[1]).unwrap();
        let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
        let mut rng = rng_from_seed(3);
        let mut hits = vec![0; lat.cells().len()];
        for _ in 0..900 {
            let c = lat.random_room(&mut rng);
            assert!(lat.is_room(c));
            hits[c] += 1;
        }
        // 9 rooms, 100 expected each.
        assert!(lat.allowed().ones().all(|c| hits[c] > 50), "{hits:?}");
        let mut counts = [0; 3];
        for _ in 0..3000 {
            counts[below(&mut rng, 3)] += 1;
        }
        assert!(
            counts.iter().all(|&k| (900..1100).contains(&k)),
            "{counts:?}"
        );
    }
}
