//! Prim's algorithm on random wall weights (seed 001's *arbre couvrant de poids minimal*):
//! grow a tree from a random room, always opening the lightest wall between the tree and a
//! room outside it. Each wall is weighed once, when it first touches the tree, which is the
//! same as weighing every wall beforehand: the result is the minimum spanning tree of i.i.d.
//! random weights. Many short dead ends, solutions close to straight lines.

use super::lattice::Lattice;
use crate::grid::Grid;
use rand::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Carves a perfect maze: the minimum spanning tree of random wall weights (Prim).
///
/// Complexity: O(walls · log frontier) time; the heap holds the frontier walls
/// (16 bytes each).
///
/// ```
/// use mazegraph::generate::{prim::prim, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 4], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&prim(&lat, &mut rng_from_seed(3))));
/// ```
pub fn prim(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    let start = lattice.random_room(rng);
    grid.set_path(start, true);
    // (weight, room outside, room inside); ties broken by cell index, deterministically.
    let mut heap: BinaryHeap<Reverse<(u32, usize, usize)>> = BinaryHeap::new();
    let push = |heap: &mut BinaryHeap<_>, grid: &Grid, c: usize, rng: &mut _| {
        lattice.for_each_neighbour(c, |_, _, j| {
            if !grid.is_path(j) {
                heap.push(Reverse((next_u32(rng), j, c)));
            }
        });
    };
    push(&mut heap, &grid, start, rng);
    while let Some(Reverse((_, out, inside))) = heap.pop() {
        if grid.is_path(out) {
            continue;
        }
        Lattice::open(&mut grid, inside, out);
        push(&mut heap, &grid, out, rng);
    }
    grid
}

fn next_u32(rng: &mut impl Rng) -> u32 {
    rng.next_u32()
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Prim,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Prim);
    }
}
