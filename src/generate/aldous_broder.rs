//! The Aldous–Broder algorithm: a random walk over the rooms that opens the wall into every
//! room it enters for the first time. Like Wilson's, it draws a uniform spanning tree, but
//! it must cover every room, which makes it slow on big mazes.

use super::lattice::{below, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze drawn uniformly among all spanning trees (Aldous–Broder).
///
/// Complexity: the cover time of the random walk, about O(rooms · log² rooms) steps on
/// 2-D grids; one bit per cell.
///
/// ```
/// use mazegraph::generate::{aldous_broder::aldous_broder, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&aldous_broder(&lat, &mut rng_from_seed(7))));
/// ```
pub fn aldous_broder(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    let start = lattice.random_room(rng);
    grid.set_path(start, true);
    walk(lattice, grid, start, lattice.room_count() - 1, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze: the walk starts from a random room of the tree and
/// opens the wall into every room outside the tree it enters for the first time.
///
/// Complexity: as [`aldous_broder`].
///
/// ```
/// use mazegraph::generate::{aldous_broder::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(1));
/// let grid = extend(&lat, tree, &mut rng_from_seed(3));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    let (start, left) = super::tree_walk_start(lattice, &mut grid, rng);
    walk(lattice, grid, start, left, rng)
}

/// The random walk from `cur` until `left` more rooms are carved.
fn walk(
    lattice: &Lattice,
    mut grid: Grid,
    mut cur: usize,
    mut left: usize,
    rng: &mut impl Rng,
) -> Grid {
    let mut options = [0usize; 2 * MAX_DIMS];
    while left > 0 {
        crate::stop::check();
        let mut n = 0;
        lattice.for_each_neighbour(cur, |_, _, j| {
            options[n] = j;
            n += 1;
        });
        let next = options[below(rng, n)];
        if !grid.is_path(next) {
            Lattice::open(&mut grid, cur, next);
            left -= 1;
        }
        cur = next;
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::AldousBroder,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::AldousBroder);
    }
}
