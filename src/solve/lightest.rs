//! The lightest path of a weighted graph (Dijkstra over real weights), for graphs that are not
//! mazes: a graph whose weights no grid can draw (Les Misérables, a road map) is solved on
//! the graph itself. Among paths of equal weight the one with the fewest edges is kept.
//!
//! Complexity: O((V + E) log V) time, O(V) memory.
//!
//! ```
//! use mazegraph::format::adj;
//! use mazegraph::solve::lightest::lightest_path;
//! let g = adj::parse("{'a': {'b': 2.5, 'c': 1}, 'c': {'b': 1}}", &Default::default()).unwrap();
//! let (a, b) = (0, 1); // sorted names: a, b, c
//! let p = lightest_path(&g, a, b).unwrap();
//! assert_eq!(p.weight, Some(2.0));
//! assert_eq!(p.path.unwrap(), vec![0, 2, 1]); // a, c, b
//! ```

use crate::error::Error;
use crate::graph::Graph;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

/// Lightest distances from one vertex ([`lightest`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Lightest {
    /// The weight of each vertex's lightest path (infinite when unreachable, or when finite
    /// weights add up past `f64`: `hops` tells which).
    pub weight: Vec<f64>,
    /// The edges of that path (the fewest among the lightest; `u32::MAX` when unreachable).
    pub hops: Vec<u32>,
    /// The vertex before each on its path (`u32::MAX` for the source and the unreachable).
    pub parent: Vec<u32>,
    /// Vertices settled.
    pub settled: usize,
}

/// A heap key: weight, then hops.
#[derive(PartialEq)]
struct Key(f64, u32);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Key) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Key {
    fn cmp(&self, o: &Key) -> Ordering {
        self.0.total_cmp(&o.0).then(self.1.cmp(&o.1))
    }
}

/// Lightest paths from `s` to every vertex (an unweighted graph counts 1 an edge).
pub fn lightest(graph: &Graph, s: u32) -> Lightest {
    let n = graph.vertex_count();
    let mut weight = vec![f64::INFINITY; n];
    let mut hops = vec![u32::MAX; n];
    let mut parent = vec![u32::MAX; n];
    let mut settled = 0;
    let mut heap = BinaryHeap::new();
    weight[s as usize] = 0.0;
    hops[s as usize] = 0;
    heap.push(Reverse((Key(0.0, 0), s)));
    while let Some(Reverse((Key(d, h), v))) = heap.pop() {
        crate::stop::check();
        if (d, h) != (weight[v as usize], hops[v as usize]) {
            continue;
        }
        settled += 1;
        let ws = graph.neighbour_weights(v);
        for (k, &u) in graph.neighbours(v).iter().enumerate() {
            let du = d + ws.map_or(1.0, |w| w[k]);
            let hu = h.saturating_add(1);
            let (old, oh) = (weight[u as usize], hops[u as usize]);
            // Reached is told by the hops, not the weight: finite weights may add up to
            // infinity, and the vertex is reached all the same.
            if oh == u32::MAX || du < old || (du == old && hu < oh) {
                weight[u as usize] = du;
                hops[u as usize] = hu;
                parent[u as usize] = v;
                heap.push(Reverse((Key(du, hu), u)));
            }
        }
    }
    Lightest {
        weight,
        hops,
        parent,
        settled,
    }
}

/// A lightest path between two vertices.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphPath {
    /// The vertices from start to goal, both included; `None` when the goal is unreachable.
    pub path: Option<Vec<u32>>,
    /// The path's total weight.
    pub weight: Option<f64>,
    /// Vertices settled by the search.
    pub settled: usize,
}

/// The lightest path from `s` to `g` ([`lightest`], stopped nowhere: the whole component).
///
/// Errors: [`Error::InvalidGraph`] when the goal is reached but the weights along every path
/// add up past the largest `f64` (no lightest path can be told apart, and "unreachable" would be
/// wrong).
pub fn lightest_path(graph: &Graph, s: u32, g: u32) -> crate::Result<GraphPath> {
    let l = lightest(graph, s);
    if l.hops[g as usize] == u32::MAX {
        return Ok(GraphPath {
            path: None,
            weight: None,
            settled: l.settled,
        });
    }
    if !l.weight[g as usize].is_finite() {
        return Err(Error::InvalidGraph(
            "the goal is reached, but the weights along every path to it add up past the \
             largest number a weight can hold (about 1.8e308): scale the weights down"
                .into(),
        ));
    }
    let mut path = vec![g];
    let mut v = g;
    while v != s {
        v = l.parent[v as usize];
        path.push(v);
    }
    path.reverse();
    Ok(GraphPath {
        weight: Some(l.weight[g as usize]),
        path: Some(path),
        settled: l.settled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{GraphBuilder, Label};

    #[test]
    fn ties_keep_the_fewest_edges_and_unreachable_is_none() {
        let mut b = GraphBuilder::default();
        let v: Vec<u32> = (0..5).map(|i| b.vertex(Label::Int(i))).collect();
        b.edge(v[0], v[1], 1.0).unwrap();
        b.edge(v[1], v[2], 1.0).unwrap();
        b.edge(v[0], v[2], 2.0).unwrap(); // as light as 0-1-2, one edge
        b.edge(v[2], v[3], 0.5).unwrap();
        let g = b.finish(&Default::default()).unwrap();
        let p = lightest_path(&g, 0, 3).unwrap();
        assert_eq!(p.path, Some(vec![0, 2, 3]));
        assert_eq!(p.weight, Some(2.5));
        assert_eq!(lightest_path(&g, 0, 4).unwrap().path, None);
        assert_eq!(lightest_path(&g, 3, 3).unwrap().path, Some(vec![3]));
    }

    #[test]
    fn weights_that_add_up_past_f64_are_an_error_not_unreachable() {
        let mut b = GraphBuilder::default();
        let v: Vec<u32> = (0..3).map(|i| b.vertex(Label::Int(i))).collect();
        b.edge(v[0], v[1], 1e308).unwrap();
        b.edge(v[1], v[2], 1e308).unwrap();
        let g = b.finish(&Default::default()).unwrap();
        assert!(matches!(
            lightest_path(&g, 0, 2),
            Err(Error::InvalidGraph(_))
        ));
        assert_eq!(lightest_path(&g, 0, 1).unwrap().weight, Some(1e308));
    }
}
