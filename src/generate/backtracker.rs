//! The recursive backtracker (seed 000's *exploration exhaustive*, seed 001's randomized
//! depth-first walk): from a random room, walk to a random unvisited neighbour, opening the
//! wall; when stuck, step back. Long winding corridors, few branches.
//!
//! Iterative: the stack holds one byte per step (the direction taken), so 5000×5000 rooms
//! need at most 25 MB of stack on the heap and never overflow the call stack.

use super::lattice::{below, Lattice, MAX_DIMS};
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
    // Rooms still to visit: one bit test finds an unvisited neighbour (off-grid, outside
    // the mask and visited rooms all read 0).
    let mut free = lattice.allowed().clone();
    let start = lattice.random_room(rng);
    grid.set_path(start, true);
    free.set(start, false);
    let strides = lattice.cells().strides();
    let mut stack: Vec<u8> = Vec::new();
    let mut cur = start;
    let mut options = [0u8; 2 * MAX_DIMS];
    loop {
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
            let next = if d % 2 == 0 { cur - 2 * s } else { cur + 2 * s };
            Lattice::open(&mut grid, cur, next);
            free.set(next, false);
            stack.push(d);
            cur = next;
        } else {
            match stack.pop() {
                Some(d) => {
                    let s = strides[usize::from(d / 2)];
                    cur = if d % 2 == 0 { cur + 2 * s } else { cur - 2 * s };
                }
                None => break,
            }
        }
    }
    grid
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
