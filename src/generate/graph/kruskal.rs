//! Kruskal on any graph: random path merging. Edges in random order; each one joining two
//! rooms not yet connected is opened (a union-find keeps the connected sets).

use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a spanning tree of `adj` by random path merging.
///
/// Complexity: O(edges · α(rooms)) time; 4 bytes per edge (the order) and per room (the sets).
///
/// ```
/// use mazegraph::generate::{graph::kruskal::kruskal, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("upsilon", &[5, 5], &Default::default()).unwrap());
/// assert_eq!(kruskal(&adj, &mut rng_from_seed(1)).count_ones(..), 24);
/// ```
pub fn kruskal(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let m = adj.edge_count();
    let mut order: Vec<u32> = (0..m as u32).collect();
    for i in (1..m).rev() {
        order.swap(i, below(rng, i + 1));
    }
    in_order(adj, order)
}

/// The spanning tree (forest, on a graph in pieces) that opens the edges of `adj` in `order`,
/// each that joins two rooms not yet connected: Kruskal's algorithm. Stops once every room is
/// joined.
///
/// Complexity: O(edges · α(rooms)); 4 bytes per room (the sets).
pub(crate) fn in_order(adj: &Adjacency, order: impl IntoIterator<Item = u32>) -> FixedBitSet {
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    let mut parent: Vec<u32> = (0..adj.room_count() as u32).collect();
    let mut left = adj.room_count().saturating_sub(1);
    for e in order {
        if left == 0 {
            break;
        }
        crate::stop::check();
        let [a, b] = adj.ends(e);
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra != rb {
            parent[ra as usize] = rb;
            open.insert(e as usize);
            left -= 1;
        }
    }
    open
}

/// The set of `v`, halving the paths on the way.
fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let p = parent[v as usize];
        parent[v as usize] = parent[p as usize];
        v = p;
    }
    v
}
