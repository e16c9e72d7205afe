//! The growing tree on any graph: a list of active rooms; pick one by a [`Pick`] policy,
//! open the wall to a random unvisited neighbour and add it, or drop the room when it has
//! none. Newest is the backtracker, random is Prim-like, oldest grows in rings.

use super::{first_room, open_to};
use crate::generate::lattice::below;
use crate::generate::Pick;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;
use std::collections::VecDeque;

/// Carves a spanning tree of `adj` by the growing tree with pick policy `pick`.
///
/// Complexity: O(rooms + edges) time; the active list up to 4 bytes per room.
///
/// ```
/// use mazegraph::generate::{graph::growing_tree::growing_tree, rng_from_seed, Pick};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("theta", &[5, 4], &Default::default()).unwrap());
/// let open = growing_tree(&adj, Pick::Mixed(0.5), &mut rng_from_seed(1));
/// assert_eq!(open.count_ones(..), adj.room_count() - 1);
/// ```
pub fn growing_tree(adj: &Adjacency, pick: Pick, rng: &mut impl Rng) -> FixedBitSet {
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    let Some((mut seen, start)) = first_room(adj, rng) else {
        return open;
    };
    let mut active: VecDeque<u32> = VecDeque::from([start]);
    let mut fresh = [0usize; 16];
    while !active.is_empty() {
        crate::stop::check();
        let i = match pick {
            Pick::Newest => active.len() - 1,
            Pick::Oldest => 0,
            Pick::Random => below(rng, active.len()),
            Pick::Mixed(p) => {
                let newest = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p;
                if newest {
                    active.len() - 1
                } else {
                    below(rng, active.len())
                }
            }
        };
        let v = active[i];
        let mut m = 0;
        for (k, &u) in adj.neighbours(v).iter().enumerate() {
            if !seen.contains(u as usize) && m < fresh.len() {
                fresh[m] = k;
                m += 1;
            }
        }
        if m == 0 {
            // Dropped: the last room takes its place (order matters only for newest and
            // oldest, which drop from the ends).
            if i == 0 {
                active.pop_front();
            } else {
                active.swap_remove_back(i);
            }
            continue;
        }
        let u = open_to(adj, &mut open, v, fresh[below(rng, m)]);
        seen.insert(u as usize);
        active.push_back(u);
    }
    open
}
