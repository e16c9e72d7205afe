//! Hunt-and-kill on any graph: a random walk through unvisited rooms; when it is stuck, a
//! scan (the hunt) finds the first unvisited room beside a visited one, opens the wall
//! between them and walks on from there.

use super::first_room;
use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Carves a spanning tree of `adj` by hunt-and-kill.
///
/// Complexity: O(rooms + edges) for the walks; the hunts scan from the first unvisited room,
/// O(rooms · hunts) in the worst case, about O(rooms · √rooms) on 2-D tilings.
///
/// ```
/// use mazegraph::generate::{graph::hunt_and_kill::hunt_and_kill, rng_from_seed};
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("sigma-flat", &[4, 6], &Default::default()).unwrap());
/// assert_eq!(hunt_and_kill(&adj, &mut rng_from_seed(1)).count_ones(..), 23);
/// ```
pub fn hunt_and_kill(adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
    let n = adj.room_count();
    let mut open = FixedBitSet::with_capacity(adj.edge_count());
    let Some((mut seen, mut v)) = first_room(adj, rng) else {
        return open;
    };
    // Every room before `first` is visited.
    let mut first = 0usize;
    let mut fresh = [0usize; 16];
    loop {
        crate::stop::check();
        let mut m = 0;
        for (k, &u) in adj.neighbours(v).iter().enumerate() {
            if !seen.contains(u as usize) && m < fresh.len() {
                fresh[m] = k;
                m += 1;
            }
        }
        if m > 0 {
            let k = fresh[below(rng, m)];
            open.insert(adj.edges(v)[k] as usize);
            v = adj.neighbours(v)[k];
            seen.insert(v as usize);
            continue;
        }
        // The hunt: the first unvisited room with a visited neighbour.
        while first < n && seen.contains(first) {
            first += 1;
        }
        let found = (first..n).find(|&r| {
            !seen.contains(r)
                && adj
                    .neighbours(r as u32)
                    .iter()
                    .any(|&u| seen.contains(u as usize))
        });
        let Some(r) = found else { break };
        let r = r as u32;
        let ks: Vec<usize> = (0..adj.degree(r))
            .filter(|&k| seen.contains(adj.neighbours(r)[k] as usize))
            .collect();
        let k = ks[below(rng, ks.len())];
        open.insert(adj.edges(r)[k] as usize);
        seen.insert(r as usize);
        v = r;
    }
    open
}
