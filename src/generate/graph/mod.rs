//! Maze generators on any graph: one file per algorithm, each a plain function taking an
//! [`Adjacency`] (compressed rows, numbered edges) and `&mut impl Rng`, returning the set of
//! open edges (one bit per edge). They know nothing of the room shapes: hexagons, triangles,
//! rings and octagons ([`crate::tiling`]) are all carved by the same code.
//!
//! These sit beside the cell-grid generators of [`crate::generate`] (which keep their own
//! fast paths on the square grid) rather than replacing them.
//!
//! | algorithm | file | makes |
//! |---|---|---|
//! | recursive backtracker | [`backtracker`] | long winding corridors |
//! | random path merging (Kruskal) | [`kruskal`] | many short dead ends |
//! | random-weight minimum spanning tree (Prim) | [`prim`] | many short dead ends |
//! | Wilson | [`wilson`] | a uniform spanning tree |
//! | Aldous–Broder | [`aldous_broder`] | a uniform spanning tree |
//! | hunt-and-kill | [`hunt_and_kill`] | long corridors |
//! | growing tree | [`growing_tree`] | by its [`Pick`](crate::generate::Pick) |
//!
//! On a connected graph each gives a spanning tree: `rooms − 1` open edges joining every
//! room. [`imperfect`] then adds loops or removes dead ends.
//!
//! ```
//! use mazegraph::generate::graph::carve;
//! use mazegraph::generate::{rng_from_seed, Algorithm};
//! use mazegraph::tiling::{Adjacency, Tiling};
//! let t = Tiling::new("sigma", &[5, 5], &Default::default()).unwrap();
//! let adj = Adjacency::of(&t);
//! let open = carve(Algorithm::Wilson, &adj, &mut rng_from_seed(3)).unwrap();
//! assert_eq!(open.count_ones(..), 24);
//! ```

pub mod aldous_broder;
pub mod backtracker;
pub mod growing_tree;
pub mod hunt_and_kill;
pub mod imperfect;
pub mod kruskal;
pub mod prim;
pub mod wilson;

use super::Algorithm;
use crate::error::{Error, Result};
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// The algorithms that carve any graph, as the command line names them.
pub const NAMES: [&str; 7] = [
    "backtracker",
    "kruskal",
    "prim",
    "wilson",
    "aldous-broder",
    "hunt-and-kill",
    "growing-tree",
];

/// Checks that `algorithm` carves any graph: the row-bound ones (eller, sidewinder,
/// binary-tree, division) and the grid's own (bfs, growth, wall-removal) are refused, in one
/// line naming those that apply.
pub fn check(algorithm: Algorithm, what: &str) -> Result<()> {
    if NAMES.contains(&algorithm.name()) {
        return Ok(());
    }
    Err(grid_only(algorithm, what))
}

/// The refusal of an algorithm that does not carve graphs ([`check`]).
fn grid_only(algorithm: Algorithm, what: &str) -> Error {
    Error::Unsupported(format!(
        "{} works on square grids only, not on {what}; use one of {}",
        algorithm.name(),
        NAMES.join(", ")
    ))
}

/// Carves a spanning tree of `adj` with `algorithm` (refused as [`check`] refuses it).
///
/// Complexity: that of the algorithm, O(rooms + edges) for most.
pub fn carve(algorithm: Algorithm, adj: &Adjacency, rng: &mut impl Rng) -> Result<FixedBitSet> {
    Ok(match algorithm {
        Algorithm::Backtracker => backtracker::backtracker(adj, rng),
        Algorithm::Kruskal => kruskal::kruskal(adj, rng),
        Algorithm::Prim => prim::prim(adj, rng),
        Algorithm::Wilson => wilson::wilson(adj, rng),
        Algorithm::AldousBroder => aldous_broder::aldous_broder(adj, rng),
        Algorithm::HuntAndKill => hunt_and_kill::hunt_and_kill(adj, rng),
        Algorithm::GrowingTree(pick) => growing_tree::growing_tree(adj, pick, rng),
        _ => return Err(grid_only(algorithm, "this graph")),
    })
}

/// A random room of a graph with at least one.
fn random_room(adj: &Adjacency, rng: &mut impl Rng) -> u32 {
    super::lattice::below(rng, adj.room_count()) as u32
}

/// The start of a generator that grows a tree from one room: the rooms seen (a random first
/// one) and that room; `None` for a graph without rooms.
fn first_room(adj: &Adjacency, rng: &mut impl Rng) -> Option<(FixedBitSet, u32)> {
    if adj.room_count() == 0 {
        return None;
    }
    let mut seen = FixedBitSet::with_capacity(adj.room_count());
    let first = random_room(adj, rng);
    seen.insert(first as usize);
    Some((seen, first))
}

/// Opens the edge between `v` and its `k`-th neighbour, returning that neighbour.
#[inline]
fn open_to(adj: &Adjacency, open: &mut FixedBitSet, v: u32, k: usize) -> u32 {
    open.insert(adj.edges(v)[k] as usize);
    adj.neighbours(v)[k]
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Pick};

    /// True when `open` is a spanning tree of `adj`: rooms − 1 edges, every room reached.
    pub(crate) fn is_spanning_tree(adj: &Adjacency, open: &FixedBitSet) -> bool {
        let n = adj.room_count();
        if n == 0 {
            return true;
        }
        if open.count_ones(..) != n - 1 {
            return false;
        }
        let mut seen = FixedBitSet::with_capacity(n);
        let mut stack = vec![0u32];
        seen.insert(0);
        while let Some(v) = stack.pop() {
            for (&u, &e) in adj.neighbours(v).iter().zip(adj.edges(v)) {
                if open.contains(e as usize) && !seen.contains(u as usize) {
                    seen.insert(u as usize);
                    stack.push(u);
                }
            }
        }
        seen.count_ones(..) == n
    }

    fn algorithms() -> Vec<Algorithm> {
        let mut v: Vec<Algorithm> = NAMES
            .iter()
            .map(|n| Algorithm::from_name(n).unwrap())
            .collect();
        v.push(Algorithm::GrowingTree(Pick::Random));
        v.push(Algorithm::GrowingTree(Pick::Oldest));
        v.push(Algorithm::GrowingTree(Pick::Mixed(0.5)));
        v
    }

    #[test]
    fn the_row_bound_algorithms_are_refused_naming_those_that_apply() {
        for name in ["eller", "sidewinder", "binary-tree", "division", "bfs"] {
            let e = check(Algorithm::from_name(name).unwrap(), "hexagons").unwrap_err();
            let msg = e.to_string();
            assert!(msg.contains(name) && msg.contains("wilson"), "{msg}");
        }
    }

    proptest::proptest! {
        #[test]
        fn every_algorithm_carves_a_spanning_tree_of_every_tiling(
            k in 0usize..10, t in 0usize..64, seed in 0u64..1000
        ) {
            let small = crate::tiling::tests::small();
            let tiling = &small[t % small.len()];
            let adj = Adjacency::of(tiling);
            let a = algorithms()[k];
            let open = carve(a, &adj, &mut rng_from_seed(seed)).unwrap();
            proptest::prop_assert!(is_spanning_tree(&adj, &open), "{:?} on {:?}", a, tiling);
            let again = carve(a, &adj, &mut rng_from_seed(seed)).unwrap();
            proptest::prop_assert_eq!(open, again);
        }
    }
}
