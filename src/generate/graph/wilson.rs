//! Wilson on any graph: loop-erased random walks from each room not yet in the tree until
//! they hit it. Every spanning tree is equally likely.

use super::random_room;
use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a uniform spanning tree of `adj` (Wilson).
///
/// Complexity: expected O(mean hitting time · rooms) steps; 4 bytes per room for the walk.
///
/// ```
/// use mazegraph::generate::{graph::wilson::wilson, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("sigma", &[3], &Default::default()).unwrap());
/// assert_eq!(wilson(&adj, &mut rng_from_seed(1)).count_ones(..), 18);
/// ```
pub fn wilson(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let n = adj.room_count();
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    if n == 0 {
        return open;
    }
    let mut inside = FixedBitSet::with_capacity(n);
    inside.insert(random_room(adj, rng) as usize);
    // The index of the neighbour each room of the current walk left by (the last exit wins:
    // following the exits from the walk's start erases its loops).
    let mut exit = vec![0u8; n];
    for s in 0..n as u32 {
        if inside.contains(s as usize) {
            continue;
        }
        let mut v = s;
        while !inside.contains(v as usize) {
            crate::stop::check();
            let k = below(rng, adj.degree(v));
            exit[v as usize] = k as u8;
            v = adj.neighbours(v)[k];
        }
        let mut v = s;
        while !inside.contains(v as usize) {
            inside.insert(v as usize);
            let k = usize::from(exit[v as usize]);
            open.insert(adj.edges(v)[k] as usize);
            v = adj.neighbours(v)[k];
        }
    }
    open
}
