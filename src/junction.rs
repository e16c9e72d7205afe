//! The *junction graph* of a maze: only the cells where something happens, with each edge
//! weighted by its exact length in cells.
//!
//! A path cell is kept when it is a terminal, a portal end, a dead end (fewer than two
//! neighbours), a junction (more than two), or a corridor turn (two neighbours not opposite
//! each other). The first cell of a corridor that a portal doubles (a portal between the
//! corridor's two ends) is kept too, so that no two edges join the same pair of vertices.
//! Every other path cell lies inside a straight corridor, so each edge of the
//! junction graph is either a straight run along one axis (weight = number of steps) or a
//! portal (weight 1). Shortest distances between kept cells are the same as in the cell graph,
//! and the maze can be redrawn from the junction graph alone ([`crate::layout`]).

use crate::graph::{Graph, Rank, Vertices};
use crate::maze::{Maze, PortalIndex};
use fixedbitset::FixedBitSet;

/// Bit mask of the open grid directions of path cell `i`: bit `2k` is the lower neighbour on
/// axis `k`, bit `2k+1` the upper one.
#[inline]
pub(crate) fn open_directions(maze: &Maze, i: usize) -> u64 {
    let shape = maze.shape();
    let grid = maze.grid();
    let mut mask = 0u64;
    for k in 0..shape.ndim() {
        let c = shape.coord(i, k);
        let s = shape.strides()[k];
        if c > 0 && grid.is_path(i - s) {
            mask |= 1 << (2 * k);
        }
        if c + 1 < shape.dims()[k] && grid.is_path(i + s) {
            mask |= 1 << (2 * k + 1);
        }
    }
    mask
}

/// True when a cell with these open directions is a straight corridor cell (exactly two
/// neighbours, opposite each other).
#[inline]
fn straight(mask: u64) -> bool {
    mask.count_ones() == 2 && {
        let low = mask.trailing_zeros();
        low.is_multiple_of(2) && mask == 0b11 << low
    }
}

/// The cells a junction graph keeps, as a bitset over the grid.
pub fn kept_cells(maze: &Maze) -> FixedBitSet {
    let grid = maze.grid();
    let mut kept = FixedBitSet::with_capacity(grid.len());
    for i in grid.paths() {
        crate::stop::check();
        if !straight(open_directions(maze, i)) {
            kept.insert(i);
        }
    }
    for &(a, b) in maze.portals() {
        kept.insert(a);
        kept.insert(b);
    }
    if let Some((s, g)) = maze.terminals() {
        kept.insert(s);
        kept.insert(g);
    }
    kept
}

/// The junction graph of `maze` (weighted, vertices = kept cells, sorted).
///
/// Complexity: O(cells) time (each corridor cell is walked once from each end); one bit per
/// cell for the kept set plus a rank word per 64 cells, and the graph itself.
///
/// ```
/// use mazegraph::{junction::junction_graph, Maze};
/// let m = Maze::from_text_rows(&["#.#####", "#.....#", "#####.#"]).unwrap();
/// let j = junction_graph(&m);
/// // start (0,1), turn (1,1), turn (1,5), goal (2,5)
/// assert_eq!(j.vertex_count(), 4);
/// assert_eq!(j.total_weight(), 6.0);
/// ```
pub fn junction_graph(maze: &Maze) -> Graph {
    let mut kept = kept_cells(maze);
    let portals = maze.portal_index();
    // A portal parallel to a corridor between the same two kept cells would make two edges
    // between one pair of vertices; keeping the corridor's first cell splits it.
    let splits = parallel_corridor_splits(maze, &kept, &portals);
    for c in splits {
        kept.insert(c);
    }
    build(maze, &kept, &portals)
}

/// Steps from `u` in direction `dir` (bit index of [`open_directions`]) until a kept cell;
/// returns it and the number of steps.
#[inline]
fn walk(maze: &Maze, kept: &FixedBitSet, u: usize, dir: usize) -> (usize, u32) {
    let s = maze.shape().strides()[dir / 2];
    let step = |i: usize| if dir.is_multiple_of(2) { i - s } else { i + s };
    let mut v = step(u);
    let mut len = 1u32;
    // Unkept cells are straight corridor cells: the walk goes on in the same direction.
    while !kept.contains(v) {
        v = step(v);
        len += 1;
    }
    (v, len)
}

fn parallel_corridor_splits(maze: &Maze, kept: &FixedBitSet, portals: &PortalIndex) -> Vec<usize> {
    let mut out = Vec::new();
    for &(a, _) in maze.portals() {
        let mask = open_directions(maze, a);
        for dir in 0..2 * maze.shape().ndim() {
            if mask & (1 << dir) != 0 {
                let (v, len) = walk(maze, kept, a, dir);
                if len >= 2 && portals.ends(a).any(|&e| e == v) {
                    let s = maze.shape().strides()[dir / 2];
                    out.push(if dir % 2 == 0 { a - s } else { a + s });
                }
            }
        }
    }
    out
}

fn build(maze: &Maze, kept: &FixedBitSet, portals: &PortalIndex) -> Graph {
    let shape = maze.shape();
    let rank = Rank::new(kept.as_slice());
    let cells: Vec<usize> = kept.ones().collect();
    let mut offsets = Vec::with_capacity(cells.len() + 1);
    offsets.push(0usize);
    let mut targets: Vec<u32> = Vec::with_capacity(cells.len() * 3);
    let mut weights: Vec<u32> = Vec::with_capacity(cells.len() * 3);
    let mut buf: Vec<(u32, u32)> = Vec::with_capacity(16);
    for &u in &cells {
        crate::stop::check();
        buf.clear();
        let mask = open_directions(maze, u);
        for dir in 0..2 * shape.ndim() {
            if mask & (1 << dir) != 0 {
                let (v, len) = walk(maze, kept, u, dir);
                buf.push((rank.rank(v), len));
            }
        }
        for &v in portals.ends(u) {
            buf.push((rank.rank(v), 1));
        }
        buf.sort_unstable();
        // Only a portal between grid neighbours repeats an edge (both of length 1).
        buf.dedup_by_key(|e| e.0);
        targets.extend(buf.iter().map(|e| e.0));
        weights.extend(buf.iter().map(|e| e.1));
        offsets.push(targets.len());
    }
    let terminals = maze.terminals();
    let mut g = Graph::from_csr(
        Vertices::Cells {
            shape: shape.clone(),
            cells,
        },
        offsets,
        targets,
        Some(weights.into_iter().map(f64::from).collect()),
    );
    if let Some((s, t)) = terminals {
        // Both are kept cells, so they are vertices.
        let _ = g.set_terminals(Some(rank.rank(s)), Some(rank.rank(t)));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Label;

    #[test]
    fn corridor_turns_and_junctions_are_kept() {
        let m = Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#...#.#", //
            "#####.#",
        ])
        .unwrap();
        let j = junction_graph(&m);
        let labels: Vec<String> = (0..j.vertex_count() as u32)
            .map(|v| j.label(v).to_string())
            .collect();
        assert_eq!(
            labels,
            vec!["(0, 1)", "(1, 1)", "(1, 5)", "(3, 1)", "(3, 3)", "(4, 5)"]
        );
        let v = j.find(&Label::Coord(vec![1, 1])).unwrap();
        assert_eq!(j.neighbours(v), &[0, 2, 3]);
        assert_eq!(j.neighbour_weights(v).unwrap(), &[1.0, 4.0, 2.0]);
        assert_eq!(j.total_weight(), Graph::from_maze(&m).edge_count() as f64);
    }

    #[test]
    fn a_portal_beside_a_corridor_splits_it() {
        // (1,1) and (1,4) are joined by a corridor of 3 steps and by a portal.
        let mut m = Maze::from_text_rows(&["######", "#....#", "######"]).unwrap();
        m.add_portal(7, 10).unwrap();
        let j = junction_graph(&m);
        assert_eq!(j.vertex_count(), 3);
        assert_eq!(j.total_weight(), 4.0);
        assert_eq!(j.edge_count(), 3);
    }

    #[test]
    fn straightness() {
        assert!(straight(0b11));
        assert!(straight(0b1100));
        assert!(!straight(0b110));
        assert!(!straight(0b1));
        assert!(!straight(0b111));
    }
}
