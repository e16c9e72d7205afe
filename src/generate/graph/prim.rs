//! Prim on any graph: the minimum spanning tree of random edge weights, which Prim grows from
//! a random room through its lightest frontier edge; computed here as Kruskal does, the edges
//! in the order of their weights (the same tree: with the edge's index to break ties, the
//! minimum spanning tree is unique).

use super::kruskal::in_order;
use super::random_room;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a spanning tree of `adj`: the minimum spanning tree of random edge weights.
///
/// Complexity: O(edges · log edges) time (a sort of the weights) and 8 bytes per edge.
///
/// ```
/// use mazegraph::generate::{graph::prim::prim, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("theta", &[4], &Default::default()).unwrap());
/// assert_eq!(prim(&adj, &mut rng_from_seed(1)).count_ones(..), 30);
/// ```
pub fn prim(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    if adj.room_count() == 0 {
        return FixedBitSet::with_capacity(adj.edge_count());
    }
    // Weights first, then the room Prim would start from: the random numbers a seed gives
    // are drawn as they always were.
    let mut keys: Vec<u64> = (0..adj.edge_count() as u64)
        .map(|e| u64::from(rng.next_u32()) << 32 | e)
        .collect();
    let _ = random_room(adj, rng);
    crate::stop::check();
    keys.sort_unstable();
    in_order(adj, keys.into_iter().map(|k| k as u32))
}
