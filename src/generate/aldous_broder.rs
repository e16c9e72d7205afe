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
    let mut cur = lattice.random_room(rng);
    grid.set_path(cur, true);
    let mut left = lattice.room_count() - 1;
    let mut options = [0usize; 2 * MAX_DIMS];
    while left > 0 {
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
