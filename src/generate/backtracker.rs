//! The recursive backtracker (seed 000's *exploration exhaustive*, seed 001's randomized
//! depth-first walk): from a random room, walk to a random unvisited neighbour, opening the
//! wall; when stuck, step back. Long winding corridors, few branches.
//!
//! Iterative: the stack holds one byte per step (the direction taken), so 5000×5000 rooms
//! need at most 25 MB of stack on the heap and never overflow the call stack.
//!
//! [`extend`] grows the same walk from a tree already carved (a given solution path): the
//! walk starts from each of the tree's rooms in turn, in random order.

use super::lattice::{below, shuffle, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by randomized depth-first search.
///
/// Complexity: O(rooms · axes) time; one bit per cell plus one byte per room of stack.
///
/// ```
/// use mazegraph::generate::{backtracker::backtracker, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[5, 5], &Default::default()).unwrap();
/// let grid = backtracker(&lat, &mut rng_from_seed(1));
/// assert!(lat.is_perfect(&grid));
/// ```
pub fn backtracker(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    grid.set_path(lattice.random_room(rng), true);
    extend(lattice, grid, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze by randomized depth-first
/// search: the walk starts from each room of the tree in turn, in random order, and never
/// opens a wall between two rooms of the tree, so the tree is kept whole.
///
/// Complexity: O(rooms · axes) time; one bit per cell, one byte per room of stack, and one
/// word per room of the tree.
///
/// ```
/// use mazegraph::generate::{backtracker::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(1)); // rooms (0, 0) and (0, 1)
/// let grid = extend(&lat, tree, &mut rng_from_seed(1));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    // Rooms still to visit: one bit test finds an unvisited neighbour (off-grid, outside
    // the mask and visited rooms all read 0).
    let mut starts = super::tree_rooms(lattice, &mut grid, rng);
    let mut free = lattice.allowed().clone();
    free.difference_with(grid.bits());
    shuffle(&mut starts, rng);
    let mut stack: Vec<u8> = Vec::new();
    let mut options = [0u8; 2 * MAX_DIMS];
    for start in starts {
        walk(
            lattice,
            &mut grid,
            &mut free,
            start,
            &mut stack,
            &mut options,
            rng,
        );
    }
    grid
}

/// `NTH[mask][k]`: the direction of the `k`-th set bit of a 4-bit mask of free neighbours.
const NTH: [[u8; 4]; 16] = {
    let mut t = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut d, mut k) = (0, 0);
        while d < 4 {
            if mask & (1 << d) != 0 {
                t[mask][k] = d as u8;
                k += 1;
            }
            d += 1;
        }
        mask += 1;
    }
    t
};

/// [`walk`] on a 2-D lattice whose rooms are `row` cells apart along axis 0: the same walk
/// (the same directions in the same order, the same random draws, so the same maze), with the
/// four neighbour tests unrolled into a mask.
fn walk_2d(
    (grid, free, stack): (&mut Grid, &mut fixedbitset::FixedBitSet, &mut Vec<u8>),
    start: usize,
    row: usize,
    rng: &mut impl Rng,
) {
    // Steps by direction: up, down, left, right (axis 0 then 1, minus then plus).
    let step = [row.wrapping_neg(), row, 2usize.wrapping_neg(), 2];
    let mut cur = start;
    loop {
        crate::stop::check();
        let up = cur >= row && free.contains(cur - row);
        let left = cur >= 2 && free.contains(cur - 2);
        let mask = usize::from(up)
            | usize::from(free.contains(cur + row)) << 1
            | usize::from(left) << 2
            | usize::from(free.contains(cur + 2)) << 3;
        if mask != 0 {
            let d = NTH[mask][below(rng, mask.count_ones() as usize)];
            let next = cur.wrapping_add(step[usize::from(d)]);
            Lattice::open(grid, cur, next);
            free.set(next, false);
            stack.push(d);
            cur = next;
        } else {
            match stack.pop() {
                Some(d) => cur = cur.wrapping_sub(step[usize::from(d)]),
                None => break,
            }
        }
    }
}

/// The depth-first walk from `start` until it is back there with no free neighbour.
fn walk(
    lattice: &Lattice,
    grid: &mut Grid,
    free: &mut fixedbitset::FixedBitSet,
    start: usize,
    stack: &mut Vec<u8>,
    options: &mut [u8; 2 * MAX_DIMS],
    rng: &mut impl Rng,
) {
    let strides = lattice.cells().strides();
    if let &[s0, _] = strides {
        return walk_2d((grid, free, stack), start, 2 * s0, rng);
    }
    let mut cur = start;
    loop {
        crate::stop::check();
        let mut n = 0;
        for (k, &s) in strides.iter().enumerate() {
            if cur >= 2 * s && free.contains(cur - 2 * s) {
                options[n] = (2 * k) as u8;
                n += 1;
            }
            if free.contains(cur + 2 * s) {
                options[n] = (2 * k + 1) as u8;
                n += 1;
            }
        }
        if n > 0 {
            let d = options[below(rng, n)];
            let s = strides[usize::from(d / 2)];
            let next = if d.is_multiple_of(2) {
                cur - 2 * s
            } else {
                cur + 2 * s
            };
            Lattice::open(grid, cur, next);
            free.set(next, false);
            stack.push(d);
            cur = next;
        } else {
            match stack.pop() {
                Some(d) => {
                    let s = strides[usize::from(d / 2)];
                    cur = if d.is_multiple_of(2) {
                        cur + 2 * s
                    } else {
                        cur - 2 * s
                    };
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Backtracker,
            &[&[1], &[7], &[1, 1], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Backtracker);
    }
}
