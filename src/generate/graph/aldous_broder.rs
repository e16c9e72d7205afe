//! Aldous–Broder on any graph: a random walk that opens the wall into each room it enters
//! for the first time. Every spanning tree is equally likely; slow on big graphs.

use super::first_room;
use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a uniform spanning tree of `adj` by a random walk (Aldous–Broder).
///
/// Complexity: the walk's cover time, expected O(rooms · log² rooms) steps on 2-D tilings;
/// a bit per room and per edge.
///
/// ```
/// use mazegraph::generate::{graph::aldous_broder::aldous_broder, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("delta", &[3], &Default::default()).unwrap());
/// assert_eq!(aldous_broder(&adj, &mut rng_from_seed(1)).count_ones(..), 8);
/// ```
pub fn aldous_broder(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let n = adj.room_count();
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    let Some((mut seen, mut v)) = first_room(adj, rng) else {
        return open;
    };
    let mut left = n - 1;
    while left > 0 {
        crate::stop::check();
        let k = below(rng, adj.degree(v));
        let u = adj.neighbours(v)[k];
        if !seen.contains(u as usize) {
            seen.insert(u as usize);
            open.insert(adj.edges(v)[k] as usize);
            left -= 1;
        }
        v = u;
    }
    open
}
