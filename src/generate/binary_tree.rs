//! The binary tree algorithm, in n dimensions: every room but the first opens the wall to
//! one of its lower neighbours (up or left in 2-D), chosen at random. Each room then has
//! exactly one parent, nearer the first room, so the rooms form a tree. Strong bias: the
//! first row and column are straight corridors.

use super::lattice::{below, Lattice, MAX_DIMS};
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by the binary tree rule. Refuses masks.
///
/// Complexity: O(rooms · axes) time; one bit per cell.
///
/// ```
/// use mazegraph::generate::{binary_tree::binary_tree, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[3, 4, 5], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&binary_tree(&lat, &mut rng_from_seed(10)).unwrap()));
/// ```
pub fn binary_tree(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    super::Algorithm::BinaryTree.check(lattice)?;
    let mut grid = lattice.walls();
    let mut walls = [0usize; MAX_DIMS];
    for c in lattice.allowed().ones() {
        crate::stop::check();
        grid.set_path(c, true);
        let mut n = 0;
        lattice.for_each_neighbour(c, |d, w, _| {
            if d % 2 == 0 {
                walls[n] = w;
                n += 1;
            }
        });
        if n > 0 {
            grid.set_path(walls[below(rng, n)], true);
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
            Algorithm::BinaryTree,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
    }
}
