//! Random wall removal (seed 001's first method): from the grid of closed rooms, remove
//! random walls between rooms until the entrance room and the exit room are joined. In
//! seed 001's words, until the exit's wall becomes an isthmus (a bridge) of the wall graph;
//! on the room graph that is the same event, and a union-find detects it in near-constant
//! time per wall, in any dimension. Not perfect: it leaves cycles, wide areas, and rooms that
//! cannot be reached.

use super::kruskal::{internal_walls, UnionFind};
use super::lattice::{shuffle, Lattice};
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

/// Carves an imperfect maze: every room path, random walls removed until the first room
/// (the entrance) and the last (the exit) are connected.
///
/// Complexity: O(walls · α(rooms)) time; 4 bytes per wall and per room.
///
/// ```
/// use mazegraph::generate::{wall_removal::wall_removal, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 6], &Default::default()).unwrap();
/// let grid = wall_removal(&lat, &mut rng_from_seed(14)).unwrap();
/// assert!(lat.allowed().ones().all(|c| grid.is_path(c)));
/// ```
pub fn wall_removal(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    let n = lattice.ndim();
    let mut walls = internal_walls(lattice)?;
    shuffle(&mut walls, rng);
    let rs = lattice.rooms().strides();
    let cs = lattice.cells().strides();
    let mut uf = UnionFind::new(lattice.rooms().len())?;
    let mut grid = lattice.walls();
    for c in lattice.allowed().ones() {
        crate::stop::check();
        grid.set_path(c, true);
    }
    let entrance = lattice.room_index(lattice.first_room());
    let exit = lattice.room_index(lattice.last_room());
    for w in walls {
        crate::stop::check();
        if uf.find(entrance) == uf.find(exit) {
            break;
        }
        let (r, k) = (w as usize / n, w as usize % n);
        uf.union(r, r + rs[k]);
        grid.set_path(lattice.room_cell(r) + cs[k], true);
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::super::{lattice::Lattice, rng_from_seed};
    use super::*;
    use crate::grid::Limits;

    /// Rooms reachable from `from` through open walls.
    fn reach(lat: &Lattice, grid: &Grid, from: usize) -> fixedbitset::FixedBitSet {
        let mut seen = fixedbitset::FixedBitSet::with_capacity(grid.len());
        seen.insert(from);
        let mut stack = vec![from];
        while let Some(c) = stack.pop() {
            crate::stop::check();
            lat.for_each_neighbour(c, |_, w, j| {
                if grid.is_path(w) && !seen.put(j) {
                    stack.push(j);
                }
            });
        }
        seen
    }

    #[test]
    fn stops_once_entrance_meets_exit() {
        for dims in [&[8, 8][..], &[4, 5, 3], &[1, 6]] {
            let lat = Lattice::new(dims, &Limits::default()).unwrap();
            for seed in 0..5 {
                let grid = wall_removal(&lat, &mut rng_from_seed(seed)).unwrap();
                let seen = reach(&lat, &grid, lat.first_room());
                assert!(seen.contains(lat.last_room()), "{dims:?} seed {seed}");
                // The last wall opened was needed: closing it would separate them again,
                // so some open wall is a bridge between entrance and exit.
                let opened = lat.passage_count(&grid);
                assert!(opened >= lat.rooms().dims().iter().sum::<usize>() - dims.len());
                assert_eq!(grid, wall_removal(&lat, &mut rng_from_seed(seed)).unwrap());
            }
        }
    }
}
