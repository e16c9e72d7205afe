//! Breadth-first spanning tree (seed 004; seed 001 notes its corridors are straight, hence
//! dull): from a random room, visit rooms in breadth-first order, each neighbour list in
//! random order, opening the wall to each newly found room. Corridors radiate from the
//! start; every room is joined to it by a shortest grid path.

use super::lattice::{shuffle, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;
use std::collections::VecDeque;

/// Carves a perfect maze: a breadth-first spanning tree with random neighbour order.
///
/// Complexity: O(rooms · axes) time; the queue holds at most one front of rooms.
///
/// ```
/// use mazegraph::generate::{bfs::bfs, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[5, 5], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&bfs(&lat, &mut rng_from_seed(4))));
/// ```
pub fn bfs(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    grid.set_path(lattice.random_room(rng), true);
    extend(lattice, grid, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze: the queue starts with the tree's rooms in random order
/// (a breadth-first forest from all of them).
///
/// Complexity: as [`bfs`].
///
/// ```
/// use mazegraph::generate::{bfs::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(1));
/// let grid = extend(&lat, tree, &mut rng_from_seed(3));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    let mut tree = super::tree_rooms(lattice, &mut grid, rng);
    shuffle(&mut tree, rng);
    let mut queue = VecDeque::from(tree);
    let mut next = [0usize; 2 * MAX_DIMS];
    while let Some(c) = queue.pop_front() {
        crate::stop::check();
        let mut n = 0;
        lattice.for_each_neighbour(c, |_, _, j| {
            if !grid.is_path(j) {
                next[n] = j;
                n += 1;
            }
        });
        shuffle(&mut next[..n], rng);
        for &j in &next[..n] {
            Lattice::open(&mut grid, c, j);
            queue.push_back(j);
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
            Algorithm::Bfs,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Bfs);
    }
}
