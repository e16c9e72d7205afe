//! Dijkstra on the junction graph ([`crate::junction`]): exact distances in cells with far
//! fewer vertices than cells.
//!
//! A breadth-first search over the junction graph would count hops, not cells; its edges are
//! weighted by their corridor lengths, so Dijkstra gives the shortest path in cells. The path
//! is then expanded back to cells: each junction edge is a straight run along one axis or a
//! portal.

use super::{Method, Solution};
use crate::graph::Graph;
use crate::junction::junction_graph;
use crate::maze::Maze;
use fixedbitset::FixedBitSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Shortest path by Dijkstra on the junction graph of `maze` with `start` and `goal` as its
/// terminals. `kept` holds the cells of the junctions settled, `visited` their number.
///
/// Complexity: O(cells) to build the junction graph, then O(J · log J) for J junctions;
/// 8 bytes of distance and 4 of parent per junction.
///
/// ```
/// use mazegraph::{solve::dijkstra, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = dijkstra::solve(&m, s, g);
/// assert_eq!(sol.length, Some(6));
/// assert_eq!(sol.path.unwrap().len(), 7);
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let graph = if maze.terminals() == Some((start, goal)) {
        junction_graph(maze)
    } else {
        let mut m = maze.clone();
        // Both are path cells (checked by the caller), so this cannot fail.
        let _ = m.set_terminals(Some(start), Some(goal));
        junction_graph(&m)
    };
    let mut kept = FixedBitSet::with_capacity(maze.grid().len());
    let (Some(s), Some(t)) = (graph.find_cell(start), graph.find_cell(goal)) else {
        return Solution::new(Method::Dijkstra, (start, goal), None, kept, 0);
    };
    let (route, settled) = shortest_route(&graph, s, t);
    for &v in &settled {
        if let Some(c) = graph.cell(v) {
            kept.insert(c);
        }
    }
    let path = route.map(|r| expand(maze, &graph, &r));
    Solution::new(Method::Dijkstra, (start, goal), path, kept, settled.len())
}

/// Dijkstra from `s` to `t` on a weighted graph: the vertex route, and the vertices settled in
/// order.
fn shortest_route(graph: &Graph, s: u32, t: u32) -> (Option<Vec<u32>>, Vec<u32>) {
    let n = graph.vertex_count();
    let mut dist = vec![u64::MAX; n];
    let mut parent = vec![u32::MAX; n];
    let mut done = FixedBitSet::with_capacity(n);
    let mut settled = Vec::new();
    let mut heap = BinaryHeap::new();
    dist[s as usize] = 0;
    heap.push(Reverse((0u64, s)));
    while let Some(Reverse((d, v))) = heap.pop() {
        crate::stop::check();
        if done.put(v as usize) {
            continue;
        }
        settled.push(v);
        if v == t {
            let mut route = vec![t];
            let mut c = t;
            while c != s {
                c = parent[c as usize];
                route.push(c);
            }
            route.reverse();
            return (Some(route), settled);
        }
        let ws = graph.neighbour_weights(v);
        for (k, &u) in graph.neighbours(v).iter().enumerate() {
            let nd = d + ws.map_or(1, |w| w[k] as u64);
            if nd < dist[u as usize] {
                dist[u as usize] = nd;
                parent[u as usize] = v;
                heap.push(Reverse((nd, u)));
            }
        }
    }
    (None, settled)
}

/// The cells of a junction route: straight runs stepped through, portals jumped.
fn expand(maze: &Maze, graph: &Graph, route: &[u32]) -> Vec<usize> {
    let shape = maze.shape();
    let cell = |v: u32| graph.cell(v).unwrap_or(0);
    let mut path = vec![cell(route[0])];
    for w in route.windows(2) {
        let (a, b) = (cell(w[0]), cell(w[1]));
        let (ca, cb) = (shape.coords(a), shape.coords(b));
        let differing: Vec<usize> = (0..ca.len()).filter(|&k| ca[k] != cb[k]).collect();
        // The edge's length: a straight run along one axis is as long as the coordinate
        // difference; anything else (or a run that is not all path) is a portal.
        let weight = graph
            .neighbours(w[0])
            .binary_search(&w[1])
            .ok()
            .and_then(|k| graph.neighbour_weights(w[0]).map(|ws| ws[k]))
            .unwrap_or(1.0) as usize;
        let straight = differing.len() == 1 && {
            let k = differing[0];
            let s = shape.strides()[k];
            let (lo, hi) = (a.min(b), a.max(b));
            ca[k].abs_diff(cb[k]) == weight && (lo..=hi).step_by(s).all(|i| maze.grid().is_path(i))
        };
        if straight {
            let s = shape.strides()[differing[0]];
            let mut i = a;
            while i != b {
                i = if b > a { i + s } else { i - s };
                path.push(i);
            }
        } else {
            path.push(b);
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{bfs, is_simple_path};

    #[test]
    fn cells_not_hops() {
        // Two ways from S to G: 2 junction hops but 12 cells on the left, 3 hops and 6 cells
        // on the right.
        let m = Maze::from_text_rows(&[
            "###S###", //
            "#.....#", //
            "#.###.#", //
            "#.#.#.#", //
            "#.#...#", //
            "#.###.#", //
            "#.....#", //
            "###G###",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.length, bfs::solve(&m, s, g).length);
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
    }

    #[test]
    fn other_terminals_and_portals() {
        let mut m = Maze::from_text_rows(&["#.#.#", "#.#.#", "#.#.#"]).unwrap();
        let (s, g) = (1, 13);
        assert_eq!(solve(&m, s, g).path, None);
        m.add_portal(11, 3).unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.length, Some(5)); // down, through the portal, down
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
    }
}
