//! Recursive division, in n dimensions: start from the box with every wall between rooms
//! open; split it by a wall across a random axis (weighted by the number of places to cut)
//! at a random place, leave one random door in that wall, and divide both halves the same
//! way until every part is one room thick. Long straight walls, a boxy look.
//!
//! Iterative (a stack of boxes), so no depth limit.

use super::lattice::{below, Lattice};
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by recursive division. Refuses masks.
///
/// Complexity: O(rooms · log rooms) time for roughly square boxes (each level of division
/// walls off O(rooms / thickness) cells); one bit per cell plus the stack of boxes.
///
/// ```
/// use mazegraph::generate::{division::division, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 3, 5], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&division(&lat, &mut rng_from_seed(13)).unwrap()));
/// ```
pub fn division(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    super::Algorithm::Division.check(lattice)?;
    let n = lattice.ndim();
    let cs = lattice.cells().strides().to_vec();
    let mut grid = lattice.walls();
    for c in lattice.allowed().ones() {
        grid.set_path(c, true);
        lattice.for_each_neighbour(c, |d, w, _| {
            if d % 2 == 1 {
                grid.set_path(w, true);
            }
        });
    }
    // Boxes as [lo_0, hi_0, lo_1, hi_1, …] in room coordinates, hi exclusive.
    let mut stack: Vec<Vec<usize>> = vec![lattice
        .rooms()
        .dims()
        .iter()
        .flat_map(|&d| [0, d])
        .collect()];
    let mut door = vec![0usize; n];
    let mut x = vec![0usize; n];
    while let Some(b) = stack.pop() {
        let cuts: usize = (0..n).map(|k| b[2 * k + 1] - b[2 * k] - 1).sum();
        if cuts == 0 {
            continue;
        }
        // Axis k with probability proportional to its number of cut places.
        let mut t = below(rng, cuts);
        let mut k = 0;
        while t >= b[2 * k + 1] - b[2 * k] - 1 {
            t -= b[2 * k + 1] - b[2 * k] - 1;
            k += 1;
        }
        let p = b[2 * k] + 1 + t;
        for j in 0..n {
            door[j] = b[2 * j] + below(rng, b[2 * j + 1] - b[2 * j]);
            x[j] = b[2 * j];
        }
        // Close the wall between slabs p-1 and p, except at the door.
        x[k] = p;
        loop {
            let mut c = 0;
            for j in 0..n {
                c += if j == k { 2 * p } else { 2 * x[j] + 1 } * cs[j];
            }
            if (0..n).any(|j| j != k && x[j] != door[j]) {
                grid.set_path(c, false);
            }
            // Odometer over the axes other than k.
            let mut j = n;
            let mut done = true;
            while j > 0 {
                j -= 1;
                if j == k {
                    continue;
                }
                x[j] += 1;
                if x[j] < b[2 * j + 1] {
                    done = false;
                    break;
                }
                x[j] = b[2 * j];
            }
            if done {
                break;
            }
        }
        let mut low = b.clone();
        low[2 * k + 1] = p;
        let mut high = b;
        high[2 * k] = p;
        stack.push(low);
        stack.push(high);
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Division,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
    }
}
