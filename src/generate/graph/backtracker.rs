//! The recursive backtracker on any graph: a randomized depth-first walk, iterative (an
//! explicit stack), opening the wall to a random unvisited neighbour or backing up.

use super::{first_room, open_to};
use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a spanning tree of `adj` by randomized depth-first search.
///
/// Complexity: O(rooms + edges) time; a bit per room and per edge, the stack up to 4 bytes
/// per room.
///
/// ```
/// use mazegraph::generate::{graph::backtracker::backtracker, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("delta", &[4, 7], &Default::default()).unwrap());
/// assert_eq!(backtracker(&adj, &mut rng_from_seed(1)).count_ones(..), 27);
/// ```
pub fn backtracker(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    let Some((mut seen, start)) = first_room(adj, rng) else {
        return open;
    };
    let mut stack = vec![start];
    let mut fresh = [0usize; 16];
    while let Some(&v) = stack.last() {
        crate::stop::check();
        let mut m = 0;
        for (k, &u) in adj.neighbours(v).iter().enumerate() {
            if !seen.contains(u as usize) && m < fresh.len() {
                fresh[m] = k;
                m += 1;
            }
        }
        if m == 0 {
            stack.pop();
            continue;
        }
        let k = fresh[below(rng, m)];
        let u = open_to(adj, &mut open, v, k);
        seen.insert(u as usize);
        stack.push(u);
    }
    open
}
