//! Eller's algorithm: row by row, keeping only one row of set labels. In each row, walls
//! between neighbours of different sets open at random (all of them on the last row), then
//! every set opens at least one wall down into the next row. Memory is one row, whatever the
//! number of rows. 2-D only (rows along axis 0).

use super::lattice::Lattice;
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

const NONE: u32 = u32::MAX;

/// Carves a 2-D perfect maze row by row (Eller). Refuses other dimensions and masks.
///
/// Complexity: O(rooms · α(width)) time; O(width) memory besides the grid.
///
/// ```
/// use mazegraph::generate::{eller::eller, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 8], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&eller(&lat, &mut rng_from_seed(8)).unwrap()));
/// ```
pub fn eller(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    super::Algorithm::Eller.check(lattice)?;
    let (rows, cols) = (lattice.rooms().dims()[0], lattice.rooms().dims()[1]);
    let width = lattice.cells().dims()[1];
    let cell = |r: usize, c: usize| (2 * r + 1) * width + 2 * c + 1;
    let mut grid = lattice.walls();
    // Labels of the current row's rooms, in 0..2·cols; a union-find over labels per row.
    let mut label = vec![NONE; cols];
    let mut parent: Vec<u32> = vec![0; 2 * cols];
    let mut carried = vec![false; 2 * cols];
    let mut last_col = vec![0usize; 2 * cols];
    let mut renumber = vec![NONE; 2 * cols];
    let mut bits = RandomBits::default();
    for r in 0..rows {
        crate::stop::check();
        let last_row = r + 1 == rows;
        // Fresh labels for rooms not joined from above.
        let mut fresh = label.iter().filter(|&&l| l != NONE).count() as u32;
        for l in label.iter_mut() {
            if *l == NONE {
                *l = fresh;
                fresh += 1;
            }
        }
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u32;
        }
        for c in 0..cols {
            grid.set_path(cell(r, c), true);
        }
        // Join neighbours of different sets at random (always on the last row).
        for c in 0..cols.saturating_sub(1) {
            let (a, b) = (find(&mut parent, label[c]), find(&mut parent, label[c + 1]));
            if a != b && (last_row || bits.coin(rng)) {
                parent[b as usize] = a;
                grid.set_path(cell(r, c) + 1, true);
            }
        }
        if last_row {
            break;
        }
        // Each set opens at least one wall down: random ones, and its last room if none.
        for c in 0..cols {
            let root = find(&mut parent, label[c]) as usize;
            last_col[root] = c;
            carried[root] = false;
        }
        for c in 0..cols {
            let root = find(&mut parent, label[c]);
            let forced = last_col[root as usize] == c && !carried[root as usize];
            if forced || bits.coin(rng) {
                carried[root as usize] = true;
                grid.set_path(cell(r, c) + width, true);
                label[c] = root;
            } else {
                label[c] = NONE;
            }
        }
        // Renumber the carried labels into 0..cols for the next row.
        let mut next = 0u32;
        for l in label.iter_mut().filter(|l| **l != NONE) {
            let old = *l as usize;
            if renumber[old] == NONE {
                renumber[old] = next;
                next += 1;
            }
            *l = renumber[old];
        }
        renumber.iter_mut().for_each(|x| *x = NONE);
    }
    Ok(grid)
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
}

/// Fair coin flips, 64 per draw.
#[derive(Default)]
pub(crate) struct RandomBits {
    word: u64,
    left: u32,
}

impl RandomBits {
    /// One fair coin flip.
    #[inline]
    pub(crate) fn coin(&mut self, rng: &mut impl Rng) -> bool {
        if self.left == 0 {
            self.word = rng.next_u64();
            self.left = 64;
        }
        let b = self.word & 1 == 1;
        self.word >>= 1;
        self.left -= 1;
        b
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_2d() {
        testing::check_perfect(
            Algorithm::Eller,
            &[&[1, 1], &[1, 9], &[9, 1], &[6, 9], &[13, 4]],
        );
    }
}
