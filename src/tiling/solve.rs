//! Solving tiled mazes on their rooms: breadth-first search (a shortest path, optionally
//! inside a set of rooms, as after dead-end filling) and A* (the straight-line distance
//! between room centres, divided by the longest step between neighbours, as its admissible
//! estimate). Dead-end filling and Dijkstra run on the maze's graph
//! ([`crate::solve::dead_end::fill_graph`], [`crate::solve::lightest`]).

use super::{TiledMaze, Tiles};
use fixedbitset::FixedBitSet;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// What a search gives: the path (start first), if any, and the rooms it visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The rooms from start to goal.
    pub path: Option<Vec<u32>>,
    /// Rooms visited.
    pub visited: usize,
}

/// A shortest path from the start to the goal by breadth-first search, through the rooms of
/// `within` only when given.
///
/// Complexity: O(rooms + walls) time; 4 bytes per room.
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{solve::bfs, TiledMaze, Tiling};
/// let t = Tiling::new("upsilon", &[5, 5], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Wilson), &mut rng_from_seed(1)).unwrap();
/// let found = bfs(&m, None);
/// let path = found.path.unwrap();
/// assert_eq!((path[0], *path.last().unwrap()), (0, 24));
/// ```
pub fn bfs(maze: &TiledMaze, within: Option<&FixedBitSet>) -> Found {
    let n = maze.tiling().room_count();
    let (s, g) = (maze.start(), maze.goal());
    let mut prev = vec![u32::MAX; n];
    prev[s as usize] = s;
    let mut queue = VecDeque::from([s]);
    let mut visited = 0;
    while let Some(v) = queue.pop_front() {
        crate::stop::check();
        visited += 1;
        if v == g {
            break;
        }
        for u in maze.passages(v) {
            if prev[u as usize] == u32::MAX && within.is_none_or(|w| w.contains(u as usize)) {
                prev[u as usize] = v;
                queue.push_back(u);
            }
        }
    }
    Found {
        path: walk_back(&prev, s, g),
        visited,
    }
}

/// A shortest path by A*: rooms in order of steps so far plus the estimate of steps left
/// (the straight-line distance between centres over the longest step between neighbours).
///
/// Complexity: O((rooms + walls) · log rooms) time at worst, usually far fewer rooms than
/// [`bfs`]; 8 bytes per room.
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{solve::{astar, bfs}, TiledMaze, Tiling};
/// let t = Tiling::new("theta", &[8], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Prim), &mut rng_from_seed(2)).unwrap();
/// assert_eq!(astar(&m).path.unwrap().len(), bfs(&m, None).path.unwrap().len());
/// ```
pub fn astar(maze: &TiledMaze) -> Found {
    let t = maze.tiling();
    let n = t.room_count();
    let (s, g) = (maze.start(), maze.goal());
    let adj = maze.adjacency();
    let dist = |a: u32, b: u32| {
        let (p, q) = (t.centre(a), t.centre(b));
        (p[0] - q[0]).hypot(p[1] - q[1])
    };
    let mut step = 0f64;
    for e in 0..adj.edge_count() as u32 {
        let [a, b] = adj.ends(e);
        step = step.max(dist(a, b));
    }
    let step = step.max(1e-9);
    let target = t.centre(g);
    let h = |v: u32| {
        let p = t.centre(v);
        // Fixed point, rounded down: never more than the steps left.
        (((p[0] - target[0]).hypot(p[1] - target[1]) / step) * 1024.0).floor() as u64
    };
    let mut best = vec![u32::MAX; n];
    let mut prev = vec![u32::MAX; n];
    best[s as usize] = 0;
    prev[s as usize] = s;
    let mut heap = BinaryHeap::from([Reverse((h(s), 0u32, s))]);
    let mut visited = 0;
    while let Some(Reverse((_, d, v))) = heap.pop() {
        crate::stop::check();
        if d > best[v as usize] {
            continue;
        }
        visited += 1;
        if v == g {
            break;
        }
        for u in maze.passages(v) {
            if d + 1 < best[u as usize] {
                best[u as usize] = d + 1;
                prev[u as usize] = v;
                heap.push(Reverse((u64::from(d + 1) * 1024 + h(u), d + 1, u)));
            }
        }
    }
    Found {
        path: walk_back(&prev, s, g),
        visited,
    }
}

/// The rooms dead-end filling fills, in an order in which each is a dead end when filled (at
/// most one open passage to a room not yet filled, not a terminal): dead ends found in room
/// order, each followed by the corridor it opens, as far as it goes. For animations (the
/// playground's "watch it solve"); what is not in the list is exactly what
/// [`crate::solve::dead_end::fill_graph`] keeps of the maze's graph.
///
/// Complexity: O(rooms + walls) time; one bit per room, a work stack, and the list.
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{solve::{bfs, fill_order}, TiledMaze, Tiles, Tiling};
/// let t = Tiling::new("sigma", &[5, 6], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Prim), &mut rng_from_seed(3)).unwrap();
/// // A perfect maze: everything off the solution is filled.
/// let path = bfs(&m, None).path.unwrap();
/// assert_eq!(fill_order(&m).len() + path.len(), m.tiling().room_count());
/// ```
pub fn fill_order(maze: &TiledMaze) -> Vec<u32> {
    let n = maze.tiling().room_count();
    let terminals = [maze.start(), maze.goal()];
    let mut kept = FixedBitSet::with_capacity(n);
    kept.insert_range(..);
    let open = |kept: &FixedBitSet, v: u32| {
        maze.passages(v)
            .filter(|&u| kept.contains(u as usize))
            .count()
    };
    let mut order = Vec::new();
    let mut stack = Vec::new();
    for v in 0..n as u32 {
        stack.push(v);
        while let Some(c) = stack.pop() {
            crate::stop::check();
            if !kept.contains(c as usize) || terminals.contains(&c) || open(&kept, c) > 1 {
                continue;
            }
            kept.set(c as usize, false);
            order.push(c);
            stack.extend(maze.passages(c).filter(|&u| kept.contains(u as usize)));
        }
    }
    order
}

/// The rooms a breadth-first search from the start reaches, layer by layer (layer `d` holds
/// the rooms `d` steps away), stopping after the layer that holds the goal (or when
/// everything reachable is reached). For animations.
///
/// Complexity: O(rooms + walls) time; one bit per room and the layers.
///
/// ```
/// use mazegraph::tiling::{solve::bfs_layers, TiledMaze, Tiling};
/// let mut m = TiledMaze::closed(Tiling::new("delta", &[1, 3], &Default::default()).unwrap());
/// m.set_open(0, 1, true).unwrap();
/// m.set_open(1, 2, true).unwrap();
/// assert_eq!(bfs_layers(&m), vec![vec![0], vec![1], vec![2]]);
/// ```
pub fn bfs_layers(maze: &TiledMaze) -> Vec<Vec<u32>> {
    let n = maze.tiling().room_count();
    let (s, g) = (maze.start(), maze.goal());
    let mut seen = FixedBitSet::with_capacity(n);
    seen.insert(s as usize);
    let mut layers = vec![vec![s]];
    while let Some(last) = layers.last() {
        if last.contains(&g) {
            break;
        }
        let mut next = Vec::new();
        for &v in last {
            crate::stop::check();
            for u in maze.passages(v) {
                if !seen.contains(u as usize) {
                    seen.insert(u as usize);
                    next.push(u);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layers.push(next);
    }
    layers
}

fn walk_back(prev: &[u32], s: u32, g: u32) -> Option<Vec<u32>> {
    if prev[g as usize] == u32::MAX {
        return None;
    }
    let mut path = vec![g];
    let mut v = g;
    while v != s {
        v = prev[v as usize];
        path.push(v);
    }
    path.reverse();
    Some(path)
}

impl TiledMaze {
    /// A shortest path from the start to the goal ([`bfs`]), if there is one.
    pub fn solution(&self) -> Option<Vec<u32>> {
        bfs(self, None).path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm, Options};

    #[test]
    fn every_solver_finds_a_shortest_path() {
        for t in crate::tiling::tests::small() {
            let mut opts = Options::new(Algorithm::Backtracker);
            opts.loops = 2.min(t.room_count() / 3);
            let m = TiledMaze::generate(t, &opts, &mut rng_from_seed(8)).unwrap();
            let a = bfs(&m, None).path.unwrap();
            let b = astar(&m).path.unwrap();
            assert_eq!(a.len(), b.len());
            let g = m.to_graph();
            let l =
                crate::solve::lightest::lightest_path(&g, g.start().unwrap(), g.goal().unwrap())
                    .unwrap();
            assert_eq!(l.path.unwrap().len(), a.len());
            for w in b.windows(2) {
                assert!(m.is_open(w[0], w[1]));
            }
        }
    }

    #[test]
    fn the_fill_order_fills_what_dead_end_filling_fills_and_layers_reach_the_goal() {
        for t in crate::tiling::tests::small() {
            let mut opts = Options::new(Algorithm::Wilson);
            opts.loops = 3.min(t.room_count() / 3);
            let m = TiledMaze::generate(t, &opts, &mut rng_from_seed(4)).unwrap();
            let order = fill_order(&m);
            let mut filled = FixedBitSet::with_capacity(m.tiling().room_count());
            for &v in &order {
                // A dead end when filled: at most one passage to a room not yet filled.
                let left = m
                    .passages(v)
                    .filter(|&u| !filled.contains(u as usize))
                    .count();
                assert!(left <= 1, "{v} had {left} ways on");
                assert!(v != m.start() && v != m.goal());
                filled.insert(v as usize);
            }
            // The same as dead-end filling on the graph (rooms in label order there).
            let g = m.to_graph();
            let kept =
                crate::solve::dead_end::fill_graph(&g, &[g.start().unwrap(), g.goal().unwrap()]);
            assert_eq!(kept.count_ones(..) + order.len(), m.tiling().room_count());
            let layers = bfs_layers(&m);
            let path = bfs(&m, None).path.unwrap();
            assert_eq!(layers.len(), path.len());
            assert!(layers.last().unwrap().contains(&m.goal()));
            assert_eq!(layers[0], vec![m.start()]);
        }
    }
}
