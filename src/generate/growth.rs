//! The growth rule of seed 003, dual of dead-end filling: "a wall with exactly one adjacent
//! path cell may become path". On the room lattice the walls that may grow are the doors
//! between a carved room and an uncarved one (a door between two carved rooms has two path
//! neighbours and must stay wall); a door that grows brings its uncarved room with it, so
//! corridors stay one cell wide. Candidates are drawn uniformly among the doors; growth
//! starts at the entrance (the first room), which gives the seed's observation: solutions
//! hug the diagonal.
//!
//! Every growth adds one room and one door to a tree, so the maze stays perfect.

use super::lattice::{below, Lattice};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by the seed-003 growth rule.
///
/// Complexity: O(rooms · axes) time; the candidate list holds up to one entry per door
/// (16 bytes each).
///
/// ```
/// use mazegraph::generate::{growth::growth, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[5, 7], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&growth(&lat, &mut rng_from_seed(5))));
/// ```
pub fn growth(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    grid.set_path(lattice.first_room(), true);
    extend(lattice, grid, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze: the doors that may grow are first those around
/// every room of the tree.
///
/// Complexity: as [`growth`].
///
/// ```
/// use mazegraph::generate::{growth::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(1));
/// let grid = extend(&lat, tree, &mut rng_from_seed(3));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    // (carved room, uncarved room): the door between them has one path neighbour.
    let mut doors: Vec<(usize, usize)> = Vec::new();
    for start in super::tree_rooms(lattice, &mut grid, rng) {
        lattice.for_each_neighbour(start, |_, _, j| {
            if !grid.is_path(j) {
                doors.push((start, j));
            }
        });
    }
    while !doors.is_empty() {
        crate::stop::check();
        let (from, to) = doors.swap_remove(below(rng, doors.len()));
        if grid.is_path(to) {
            // The other room was carved meanwhile: this door now has two path neighbours.
            continue;
        }
        Lattice::open(&mut grid, from, to);
        lattice.for_each_neighbour(to, |_, _, j| {
            if !grid.is_path(j) {
                doors.push((to, j));
            }
        });
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Growth,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Growth);
    }
}
