//! Sidewinder: the first row is one corridor; on every later row, runs of rooms are joined
//! along the row and each run opens one wall up, from a random room of the run. 2-D only
//! (rows along axis 0). The first row is a straight corridor, a known bias.

use super::eller::RandomBits;
use super::lattice::{below, Lattice};
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

/// Carves a 2-D perfect maze by sidewinder. Refuses other dimensions and masks.
///
/// Complexity: O(rooms) time; one bit per cell.
///
/// ```
/// use mazegraph::generate::{sidewinder::sidewinder, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 8], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&sidewinder(&lat, &mut rng_from_seed(9)).unwrap()));
/// ```
pub fn sidewinder(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    super::Algorithm::Sidewinder.check(lattice)?;
    let (rows, cols) = (lattice.rooms().dims()[0], lattice.rooms().dims()[1]);
    let width = lattice.cells().dims()[1];
    let cell = |r: usize, c: usize| (2 * r + 1) * width + 2 * c + 1;
    let mut grid = lattice.walls();
    let mut bits = RandomBits::default();
    for r in 0..rows {
        crate::stop::check();
        let mut run_start = 0;
        for c in 0..cols {
            grid.set_path(cell(r, c), true);
            let close = c + 1 == cols || (r > 0 && bits.coin(rng));
            if !close {
                grid.set_path(cell(r, c) + 1, true);
            } else {
                if r > 0 {
                    let k = run_start + below(rng, c - run_start + 1);
                    grid.set_path(cell(r, k) - width, true);
                }
                run_start = c + 1;
            }
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_2d() {
        testing::check_perfect(
            Algorithm::Sidewinder,
            &[&[1, 1], &[1, 9], &[9, 1], &[6, 9], &[13, 4]],
        );
    }
}
