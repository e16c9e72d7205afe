//! Prim on any graph: the minimum spanning tree of random edge weights, grown from a random
//! room through its lightest frontier edge.

use super::random_room;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Carves a spanning tree of `adj`: the minimum spanning tree of random edge weights.
///
/// Complexity: O(edges · log edges) time; 4 bytes of weight per edge, the heap up to 16
/// bytes per edge.
///
/// ```
/// use mazegraph::generate::{graph::prim::prim, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("theta", &[4], &Default::default()).unwrap());
/// assert_eq!(prim(&adj, &mut rng_from_seed(1)).count_ones(..), 30);
/// ```
pub fn prim(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let n = adj.room_count();
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    if n == 0 {
        return open;
    }
    let weights: Vec<u32> = (0..adj.edge_count()).map(|_| rng.next_u32()).collect();
    let mut inside = FixedBitSet::with_capacity(n);
    let mut heap = BinaryHeap::new();
    let add = |v: u32, inside: &mut FixedBitSet, heap: &mut BinaryHeap<_>| {
        inside.insert(v as usize);
        for (&u, &e) in adj.neighbours(v).iter().zip(adj.edges(v)) {
            if !inside.contains(u as usize) {
                heap.push(Reverse((weights[e as usize], e, u)));
            }
        }
    };
    add(random_room(adj, rng), &mut inside, &mut heap);
    while let Some(Reverse((_, e, u))) = heap.pop() {
        crate::stop::check();
        if inside.contains(u as usize) {
            continue;
        }
        open.insert(e as usize);
        add(u, &mut inside, &mut heap);
    }
    open
}
