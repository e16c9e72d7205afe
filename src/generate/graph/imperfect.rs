//! Imperfect mazes on any graph: [`add_loops`] opens extra walls (each one closes a cycle in
//! a spanning tree) and [`braid`] removes dead ends.

use crate::error::{Error, Result};
use crate::generate::lattice::below;
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// Opens `k` closed walls chosen uniformly at random; fails, changing nothing, when fewer than
/// `k` are closed.
///
/// Complexity: O(edges) time, 4 bytes per closed edge.
///
/// ```
/// use mazegraph::generate::graph::{backtracker::backtracker, imperfect::add_loops};
/// use mazegraph::generate::rng_from_seed;
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("sigma", &[4, 4], &Default::default()).unwrap());
/// let mut rng = rng_from_seed(1);
/// let mut open = backtracker(&adj, &mut rng);
/// add_loops(&adj, &mut open, 3, &mut rng).unwrap();
/// assert_eq!(open.count_ones(..), 15 + 3);
/// assert!(add_loops(&adj, &mut open, 1000, &mut rng).is_err());
/// ```
pub fn add_loops(
    adj: &Adjacency,
    open: &mut FixedBitSet,
    k: usize,
    rng: &mut impl Rng,
) -> Result<()> {
    let mut closed: Vec<u32> = (0..adj.edge_count() as u32)
        .filter(|&e| !open.contains(e as usize))
        .collect();
    if k > closed.len() {
        return Err(Error::InvalidMaze(format!(
            "cannot open {k} more walls: only {} walls between rooms are closed",
            closed.len()
        )));
    }
    for i in 0..k {
        let j = i + below(rng, closed.len() - i);
        closed.swap(i, j);
        open.insert(closed[i] as usize);
    }
    Ok(())
}

/// Removes every dead end (a room with one open wall): each opens one more wall, to another
/// dead end when it has one beside it, so that few walls are opened. The result is a
/// *braid* maze (no dead ends), unless the graph has a room of one neighbour.
///
/// Complexity: O(rooms + edges) time, 4 bytes per room.
///
/// ```
/// use mazegraph::generate::graph::{kruskal::kruskal, imperfect::braid};
/// use mazegraph::generate::rng_from_seed;
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let adj = Adjacency::of(&Tiling::new("upsilon", &[4, 4], &Default::default()).unwrap());
/// let mut rng = rng_from_seed(2);
/// let mut open = kruskal(&adj, &mut rng);
/// braid(&adj, &mut open, &mut rng);
/// let degree = |v: u32| adj.edges(v).iter().filter(|&&e| open.contains(e as usize)).count();
/// assert!((0..16).all(|v| degree(v) >= 2));
/// ```
pub fn braid(adj: &Adjacency, open: &mut FixedBitSet, rng: &mut impl Rng) {
    let n = adj.room_count();
    let mut degree: Vec<u32> = (0..n as u32)
        .map(|v| {
            adj.edges(v)
                .iter()
                .filter(|&&e| open.contains(e as usize))
                .count() as u32
        })
        .collect();
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        order.swap(i, below(rng, i + 1));
    }
    let mut best = Vec::with_capacity(16);
    let mut any = Vec::with_capacity(16);
    for v in order {
        crate::stop::check();
        if degree[v as usize] != 1 {
            continue;
        }
        best.clear();
        any.clear();
        for (k, (&u, &e)) in adj.neighbours(v).iter().zip(adj.edges(v)).enumerate() {
            if !open.contains(e as usize) {
                any.push(k);
                if degree[u as usize] == 1 {
                    best.push(k);
                }
            }
        }
        let pool = if best.is_empty() { &any } else { &best };
        if pool.is_empty() {
            continue;
        }
        let k = pool[below(rng, pool.len())];
        let u = adj.neighbours(v)[k];
        open.insert(adj.edges(v)[k] as usize);
        degree[v as usize] += 1;
        degree[u as usize] += 1;
    }
}
