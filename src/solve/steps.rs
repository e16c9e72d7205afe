//! The order in which solvers touch cells, for animations: the dead ends of dead-end filling
//! one after another, and the frontier of a breadth-first search layer by layer.
//!
//! The solvers themselves ([`super::dead_end`], [`super::bfs`]) keep no order (bits only, bands
//! filled in parallel); these functions run the same rules once more, sequentially, and record
//! what they do. They hold a list as long as the cells touched, so they are meant for mazes one
//! watches, not huge ones.
//!
//! ```
//! use mazegraph::solve::{dead_end, steps};
//! use mazegraph::Maze;
//! let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
//! let (s, g) = m.terminals().unwrap();
//! let order = steps::fill_order(&m, &[s, g]);
//! // (2, 1) is the only dead end; filling it leaves exactly what `dead_end::fill` leaves.
//! assert_eq!(order, vec![m.shape().index(&[2, 1]).unwrap()]);
//! let kept = dead_end::fill(&m, &[s, g]);
//! assert_eq!(kept.count_ones(..) + order.len(), m.grid().count_paths());
//! ```

use super::Links;
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// The path cells dead-end filling fills, in an order in which each is a dead end when filled
/// (at most one open neighbour left, not a terminal): dead ends found by a scan in index
/// order, each followed by the corridor it opens, as far as it goes. What is not in the list is
/// exactly [`super::dead_end::fill`]'s result (the fixed point is unique).
///
/// Complexity: O(cells · dimensions) time; one bit per cell, a work stack, and the list.
pub fn fill_order(maze: &Maze, terminals: &[usize]) -> Vec<usize> {
    let links = Links::new(maze);
    let grid = maze.grid();
    let mut kept = grid.bits().clone();
    let open = |kept: &FixedBitSet, i: usize| {
        let mut n = 0usize;
        links.for_each(i, |j| n += usize::from(kept.contains(j)));
        n
    };
    let mut order = Vec::new();
    let mut stack = Vec::new();
    for i in grid.paths() {
        stack.push(i);
        while let Some(c) = stack.pop() {
            if !kept.contains(c) || terminals.contains(&c) || open(&kept, c) > 1 {
                continue;
            }
            kept.set(c, false);
            order.push(c);
            links.for_each(c, |j| {
                if kept.contains(j) {
                    stack.push(j);
                }
            });
        }
    }
    order
}

/// The cells a breadth-first search from `start` reaches, layer by layer (layer `d` holds
/// the cells at distance `d`), stopping after the layer that holds `goal` (or when everything
/// reachable is reached). Neighbours are taken in the solvers' order, so each layer lists its
/// cells in the order the search finds them.
///
/// Complexity: O(cells · dimensions) time; one bit per cell and the layers.
///
/// ```
/// use mazegraph::solve::steps::bfs_layers;
/// use mazegraph::Maze;
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let layers = bfs_layers(&m, s, g);
/// assert_eq!(layers.len(), 6); // the goal is 5 steps away
/// assert_eq!(layers[2].len(), 2); // (2, 1) and (1, 2) are both 2 steps away
/// ```
pub fn bfs_layers(maze: &Maze, start: usize, goal: usize) -> Vec<Vec<usize>> {
    let links = Links::new(maze);
    let mut seen = FixedBitSet::with_capacity(maze.grid().len());
    if start >= maze.grid().len() || !maze.grid().is_path(start) {
        return Vec::new();
    }
    seen.insert(start);
    let mut layers = vec![vec![start]];
    while let Some(last) = layers.last() {
        if last.contains(&goal) {
            break;
        }
        let mut next = Vec::new();
        for &c in last {
            links.for_each(c, |j| {
                if !seen.contains(j) {
                    seen.insert(j);
                    next.push(j);
                }
            });
        }
        if next.is_empty() {
            break;
        }
        layers.push(next);
    }
    layers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fill_order_reaches_the_fixed_point(seed in 0u64..1000, loops in 0usize..6, d in 0usize..2) {
            let dims: &[usize] = if d == 0 { &[5, 7] } else { &[3, 3, 3] };
            let lattice = Lattice::new(dims, &Default::default()).unwrap();
            let opts = Options { algorithm: Algorithm::Kruskal, loops, braid: false };
            let m = generate(&lattice, &opts, &mut rng_from_seed(seed)).unwrap();
            let (s, g) = m.terminals().unwrap();
            let order = fill_order(&m, &[s, g]);
            let kept = crate::solve::dead_end::fill(&m, &[s, g]);
            let mut left = m.grid().bits().clone();
            for &c in &order {
                prop_assert!(left.contains(c), "filled twice");
                left.set(c, false);
            }
            prop_assert_eq!(left, kept);
            // The BFS solver stops inside the goal's layer: it reaches a subset of the layers,
            // and every layer before the goal's.
            let layers = bfs_layers(&m, s, g);
            let sol = crate::solve::bfs::solve(&m, s, g);
            let mut all = FixedBitSet::with_capacity(m.grid().len());
            layers.iter().flatten().for_each(|&c| all.insert(c));
            prop_assert!(sol.kept.is_subset(&all));
            let before: usize = layers[..layers.len() - 1].iter().map(Vec::len).sum();
            prop_assert!(sol.visited > before);
            prop_assert_eq!(layers.len() - 1, sol.length.unwrap());
        }
    }
}
