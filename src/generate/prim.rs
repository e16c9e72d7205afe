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
/// Complexity: O(walls · log frontier) time; the frontier holds up to one entry per wall
/// (16 bytes each). The frontier of random-weight Prim grows large (the tree invades the
/// light walls first and leaves heavy ones waiting), so it is kept in 65536 small heaps
/// bucketed by the weight's top bits rather than one big heap: the same order, far fewer
/// cache misses. It stops as soon as every room is in the tree, leaving the heavy walls
/// unpopped.
///
/// ```
/// use mazegraph::generate::{prim::prim, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 4], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&prim(&lat, &mut rng_from_seed(3))));
/// ```
pub fn prim(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    grid.set_path(lattice.random_room(rng), true);
    extend(lattice, grid, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze by Prim's algorithm: the
/// frontier starts with the walls around every room of the tree. The result is the minimum
/// spanning tree of random weights among those that contain the given tree.
///
/// Complexity: as [`prim`].
///
/// ```
/// use mazegraph::generate::{prim::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(4)); // rooms (0, 0) and (1, 0)
/// let grid = extend(&lat, tree, &mut rng_from_seed(1));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 9));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    let strides = lattice.cells().strides();
    // (weight, room outside << 6 | direction from the room inside); ties broken by cell
    // index, deterministically.
    let mut frontier = Frontier::new();
    let push = |frontier: &mut Frontier, grid: &Grid, c: usize, rng: &mut _| {
        lattice.for_each_neighbour(c, |d, _, j| {
            if !grid.is_path(j) {
                frontier.push((next_u32(rng), (j as u64) << 6 | d as u64));
            }
        });
    };
    let tree = super::tree_rooms(lattice, &mut grid, rng);
    for &c in &tree {
        push(&mut frontier, &grid, c, rng);
    }
    let mut left = lattice.room_count().saturating_sub(tree.len());
    while left > 0 {
        crate::stop::check();
        let Some((_, key)) = frontier.pop() else {
            break;
        };
        let (out, d) = ((key >> 6) as usize, (key & 63) as usize);
        if grid.is_path(out) {
            continue;
        }
        let s = 2 * strides[d / 2];
        let inside = if d % 2 == 0 { out + s } else { out - s };
        Lattice::open(&mut grid, inside, out);
        left -= 1;
        push(&mut frontier, &grid, out, rng);
    }
    grid
}

fn next_u32(rng: &mut impl Rng) -> u32 {
    rng.next_u32()
}

type Entry = (u32, u64);

/// A min-priority queue of entries keyed by a uniform u32 weight: one binary heap per value
/// of the weight's top 16 bits, and a two-level bitmap of the non-empty heaps.
struct Frontier {
    heaps: Vec<BinaryHeap<Reverse<Entry>>>,
    /// Bit b set ⇔ heap b non-empty.
    words: Vec<u64>,
    /// Bit w set ⇔ `words[w]` non-zero.
    summary: [u64; 16],
}

impl Frontier {
    fn new() -> Frontier {
        Frontier {
            heaps: (0..1 << 16).map(|_| BinaryHeap::new()).collect(),
            words: vec![0; 1 << 10],
            summary: [0; 16],
        }
    }

    fn push(&mut self, e: Entry) {
        let b = (e.0 >> 16) as usize;
        self.heaps[b].push(Reverse(e));
        self.words[b >> 6] |= 1 << (b & 63);
        self.summary[b >> 12] |= 1 << ((b >> 6) & 63);
    }

    fn pop(&mut self) -> Option<Entry> {
        let s = self.summary.iter().position(|&x| x != 0)?;
        let w = s * 64 + self.summary[s].trailing_zeros() as usize;
        let b = w * 64 + self.words[w].trailing_zeros() as usize;
        let Reverse(e) = self.heaps[b].pop()?;
        if self.heaps[b].is_empty() {
            self.words[w] &= !(1 << (b & 63));
            if self.words[w] == 0 {
                self.summary[s] &= !(1 << (w & 63));
            }
        }
        Some(e)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};
    use super::*;

    #[test]
    fn frontier_pops_in_order() {
        let mut f = Frontier::new();
        let mut rng = crate::generate::rng_from_seed(1);
        let mut all: Vec<Entry> = (0..5000)
            .map(|i| (rng.next_u32() >> (i % 20), i as u64))
            .collect();
        for &e in &all {
            f.push(e);
        }
        all.sort_unstable();
        let popped: Vec<Entry> = std::iter::from_fn(|| f.pop()).collect();
        assert_eq!(popped, all);
    }

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Prim,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Prim);
    }
}
