//! Wilson's algorithm: loop-erased random walks from each room not yet in the tree until
//! they hit it. Every spanning tree is equally likely (a *uniform* spanning tree), unlike
//! the backtracker's or Prim's biased ones.

use super::lattice::{below, Lattice, MAX_DIMS};
use crate::error::{Error, Result};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze drawn uniformly among all spanning trees (Wilson).
///
/// Complexity: expected O(mean hitting time · rooms) steps, about O(rooms · log rooms) on
/// 2-D grids; one byte per room for the walk's directions.
///
/// ```
/// use mazegraph::generate::{wilson::wilson, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[5, 6], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&wilson(&lat, &mut rng_from_seed(6)).unwrap()));
/// ```
pub fn wilson(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    let mut grid = lattice.walls();
    grid.set_path(lattice.random_room(rng), true);
    extend(lattice, grid, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze by Wilson's algorithm: the
/// loop-erased walks run until they hit the tree. Every spanning tree that contains the given
/// tree is equally likely.
///
/// Complexity: as [`wilson`].
///
/// ```
/// use mazegraph::generate::{wilson::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(5), lat.room_cell(6)); // rooms (1, 1) and (1, 2)
/// let grid = extend(&lat, tree, &mut rng_from_seed(2)).unwrap();
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(5) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Result<Grid> {
    super::tree_rooms(lattice, &mut grid, rng);
    let strides = lattice.cells().strides();
    let mut dir = Vec::new();
    dir.try_reserve_exact(lattice.rooms().len())
        .map_err(|_| Error::Unsupported("not enough memory for wilson's walk".into()))?;
    dir.resize(lattice.rooms().len(), 0u8);
    let mut options = [0u8; 2 * MAX_DIMS];
    let step = |c: usize, d: u8| {
        let s = 2 * strides[usize::from(d / 2)];
        if d.is_multiple_of(2) {
            c - s
        } else {
            c + s
        }
    };
    for c in lattice.allowed().ones() {
        crate::stop::check();
        if grid.is_path(c) {
            continue;
        }
        // Walk, remembering the last exit from each room: loops erase themselves.
        let mut cur = c;
        while !grid.is_path(cur) {
            crate::stop::check();
            let mut n = 0;
            lattice.for_each_neighbour(cur, |d, _, _| {
                options[n] = d as u8;
                n += 1;
            });
            let d = options[below(rng, n)];
            dir[lattice.room_index(cur)] = d;
            cur = step(cur, d);
        }
        // Carve the loop-erased path.
        let mut cur = c;
        while !grid.is_path(cur) {
            crate::stop::check();
            let next = step(cur, dir[lattice.room_index(cur)]);
            // Mark `cur` and the wall only: `next` is tested by the loop condition.
            grid.set_path(cur, true);
            grid.set_path((cur + next) / 2, true);
            cur = next;
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Wilson,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Wilson);
    }
}
