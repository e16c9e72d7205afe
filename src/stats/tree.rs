//! The seed-000 *tree view*: a maze's junction graph drawn by Graphviz as a tree hanging from
//! the entrance, with the entrance, the exit, the junctions and the dead ends styled apart,
//! each edge labelled with its corridor's length, and the solution's edges in the solution's blue ([`crate::palette::PATH`]).
//!
//! The junction graph here is the one of [`super`]'s `corridors` figure: its vertices are the
//! terminals, the junctions (three neighbours or more), the dead ends and isolated cells
//! (and one cell of each closed ring that has none of those); its edges are the corridors
//! between them, weighted by their length in steps (the sum of the weights in a weighted
//! graph, so a junction graph draws as its maze does). A perfect maze gives a tree. A maze with
//! cycles is drawn all the same: the edges of a breadth-first tree from the entrance are solid
//! and lay out the ranks, the other edges (one per independent cycle) are dashed and do not
//! constrain the layout. Parts of the maze the entrance cannot reach are drawn as further
//! trees, each from its first cell; a graph without a start hangs from its first vertex.

use crate::error::Result;
use crate::graph::Graph;
use crate::palette;
use fixedbitset::FixedBitSet;
use std::io::Write;

/// Writes the tree view of a cell graph (see the [module docs](self)) as an undirected DOT
/// graph. `dot -Tsvg tree.dot -o tree.svg` draws it.
///
/// Complexity: O(V + E) time (each corridor is walked from both ends); 4 bytes per cell and
/// the junction graph.
///
/// ```
/// use mazegraph::stats::tree::write_tree_dot;
/// use mazegraph::{Graph, Maze};
/// let m = Maze::from_text_rows(&["#.#####", "#...#.#", "#.#.#.#", "#.....#", "#####.#"]).unwrap();
/// let mut out = Vec::new();
/// write_tree_dot(&Graph::from_maze(&m), &mut out).unwrap();
/// let dot = String::from_utf8(out).unwrap();
/// assert!(dot.starts_with("graph tree {"));
/// assert!(dot.contains("style=dashed")); // the maze has a cycle
/// ```
pub fn write_tree_dot(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let j = JunctionGraph::new(graph);
    let n = graph.vertex_count();
    let (start, goal) = (graph.start(), graph.goal());

    // The solution's cells: shortest path by breadth-first search from the start.
    let mut on_path = FixedBitSet::with_capacity(n);
    if let (Some(s), Some(g)) = (start, goal) {
        mark_shortest_path(graph, s, g, &mut on_path);
    }

    // Breadth-first forest of the junction graph, from the start's vertex first.
    let jn = j.cells.len();
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); jn];
    for (e, c) in j.corridors.iter().enumerate() {
        adjacency[c.a as usize].push(e);
        if c.b != c.a {
            adjacency[c.b as usize].push(e);
        }
    }
    let mut seen = vec![false; jn];
    // Per corridor: written as (parent, child) when a tree edge, else None.
    let mut tree_dir: Vec<Option<(u32, u32)>> = vec![None; j.corridors.len()];
    let mut roots = Vec::new();
    let first = start.map(|s| j.index[s as usize]);
    let order = first.into_iter().chain(0..jn as u32);
    let mut queue = Vec::new();
    for root in order {
        if seen[root as usize] {
            continue;
        }
        roots.push(root);
        seen[root as usize] = true;
        queue.clear();
        queue.push(root);
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head];
            head += 1;
            for &e in &adjacency[x as usize] {
                let c = &j.corridors[e];
                let y = if c.a == x { c.b } else { c.a };
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    tree_dir[e] = Some((x, y));
                    queue.push(y);
                }
            }
        }
    }

    writeln!(out, "graph tree {{")?;
    writeln!(
        out,
        "  // Junction graph of the maze as a tree from the entrance (seed 000's tree view):"
    )?;
    writeln!(
        out,
        "  // edges are corridors labelled with their length in steps; the solution is blue;"
    )?;
    writeln!(
        out,
        "  // dashed edges close cycles (not part of the breadth-first tree)."
    )?;
    writeln!(out, "  rankdir=TB;")?;
    writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=10, shape=circle, style=filled, fillcolor=white, width=0.3];"
    )?;
    writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=9];")?;
    for (v, &cell) in j.cells.iter().enumerate() {
        let label = escape(&graph.label(cell).to_string());
        let d = graph.degree(cell);
        let style = if Some(cell) == start {
            format!(
                "shape=invhouse, fillcolor=\"{}\", xlabel=\"entrance\"",
                palette::hex(palette::tint(palette::START))
            )
        } else if Some(cell) == goal {
            format!(
                "shape=house, fillcolor=\"{}\", xlabel=\"exit\"",
                palette::hex(palette::tint(palette::GOAL))
            )
        } else if d >= 3 {
            "shape=circle, fillcolor=lightyellow".to_string()
        } else if d <= 1 {
            "shape=box, fillcolor=gray85".to_string()
        } else {
            "shape=ellipse, fillcolor=white".to_string()
        };
        writeln!(out, "  n{v} [label=\"{label}\", {style}];")?;
    }
    for (e, c) in j.corridors.iter().enumerate() {
        let solution =
            on_path.contains(j.cells[c.a as usize] as usize) && on_path.contains(c.first as usize);
        let colour = if solution {
            let blue = palette::hex(palette::PATH);
            format!(", color=\"{blue}\", fontcolor=\"{blue}\", penwidth=2.5")
        } else {
            String::new()
        };
        match tree_dir[e] {
            Some((p, q)) => writeln!(out, "  n{p} -- n{q} [label=\"{}\"{colour}];", c.len)?,
            None => writeln!(
                out,
                "  n{} -- n{} [label=\"{}\", style=dashed, constraint=false{colour}];",
                c.a, c.b, c.len
            )?,
        }
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// A corridor: junction-graph vertices `a` and `b` (a ≤ b unless a loop), its length, and
/// the cell after `a` on it (to tell parallel corridors apart).
struct Corridor {
    a: u32,
    b: u32,
    len: u32,
    first: u32,
}

/// The junction graph of a cell graph: kept cells (sorted) and corridors.
struct JunctionGraph {
    /// Kept cells, sorted: junction-graph vertex `i` is cell `cells[i]`.
    cells: Vec<u32>,
    /// Junction-graph vertex of each cell (`u32::MAX` when not kept).
    index: Vec<u32>,
    corridors: Vec<Corridor>,
}

impl JunctionGraph {
    fn new(graph: &Graph) -> JunctionGraph {
        let n = graph.vertex_count();
        let (start, goal) = (graph.start(), graph.goal());
        let is_kept = |v: u32| graph.degree(v) != 2 || start == Some(v) || goal == Some(v);
        let mut kept = FixedBitSet::with_capacity(n);
        for v in 0..n as u32 {
            if is_kept(v) {
                kept.insert(v as usize);
            }
        }
        // Closed rings of two-neighbour cells: keep their first cell.
        let mut seen = FixedBitSet::with_capacity(n);
        let mut stack = Vec::new();
        for v in 0..n as u32 {
            if seen.put(v as usize) {
                continue;
            }
            let mut any_kept = kept.contains(v as usize);
            stack.push(v);
            while let Some(x) = stack.pop() {
                for &u in graph.neighbours(x) {
                    if !seen.put(u as usize) {
                        any_kept |= kept.contains(u as usize);
                        stack.push(u);
                    }
                }
            }
            if !any_kept {
                kept.insert(v as usize);
            }
        }
        let cells: Vec<u32> = kept.ones().map(|v| v as u32).collect();
        let mut index = vec![u32::MAX; n];
        for (i, &c) in cells.iter().enumerate() {
            index[c as usize] = i as u32;
        }
        let mut corridors = Vec::new();
        for &u in &cells {
            for (first, &a) in graph.neighbours(u).iter().enumerate() {
                let (mut prev, mut cur) = (u, a);
                let mut len = super::edge_weight(graph, u, first);
                while !kept.contains(cur as usize) {
                    let ns = graph.neighbours(cur);
                    let k = usize::from(ns[0] == prev);
                    prev = cur;
                    cur = ns[k];
                    len = len.saturating_add(super::edge_weight(graph, prev, k));
                }
                // Each corridor is found from both ends; keep the walk from the smaller one.
                if (u, a) < (cur, prev) {
                    corridors.push(Corridor {
                        a: index[u as usize],
                        b: index[cur as usize],
                        len,
                        first: a,
                    });
                }
            }
        }
        JunctionGraph {
            cells,
            index,
            corridors,
        }
    }
}

/// Marks the cells of one shortest `s` → `g` path in `on_path` (nothing when unreachable).
fn mark_shortest_path(graph: &Graph, s: u32, g: u32, on_path: &mut FixedBitSet) {
    let dist = super::distances(graph, s);
    if dist[g as usize] == u64::MAX {
        return;
    }
    super::walk_back(
        graph,
        s,
        g,
        |v| dist[v as usize],
        |v| {
            on_path.insert(v as usize);
        },
    );
}

/// A DOT double-quoted string body.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Maze;

    fn tree_of(rows: &[&str]) -> (String, crate::stats::Stats) {
        let m = Maze::from_text_rows(rows).unwrap();
        let g = Graph::from_maze(&m);
        let mut out = Vec::new();
        write_tree_dot(&g, &mut out).unwrap();
        (
            String::from_utf8(out).unwrap(),
            crate::stats::maze_stats(&m),
        )
    }

    fn edge_lines(dot: &str) -> Vec<&str> {
        dot.lines().filter(|l| l.contains(" -- ")).collect()
    }

    #[test]
    fn perfect_maze_is_a_tree_with_the_solution_in_blue() {
        let (dot, s) = tree_of(&[
            "#.#####", //
            "#.....#", //
            "#.#.#.#", //
            "#.#.#.#", //
            "#####.#",
        ]);
        let edges = edge_lines(&dot);
        assert_eq!(edges.len(), s.corridors);
        assert!(!dot.contains("style=dashed"));
        // Solution: entrance -1- (1,1) -2- (1,3) -5- exit.
        let blue: Vec<&&str> = edges
            .iter()
            .filter(|l| l.contains("color=\"#2171b5\""))
            .collect();
        assert_eq!(blue.len(), 3, "{dot}");
        let blue_len: u32 = blue
            .iter()
            .map(|l| {
                let i = l.find("label=\"").unwrap() + 7;
                l[i..].split('"').next().unwrap().parse::<u32>().unwrap()
            })
            .sum();
        assert_eq!(Some(blue_len as usize), s.solution_length);
        assert!(dot.contains("label=\"(0, 1)\", shape=invhouse"));
        assert!(dot.contains("label=\"(4, 5)\", shape=house"));
        assert_eq!(dot.matches("shape=box").count(), s.dead_ends);
        // The entrance is the root: it is written first in its tree edge.
        assert!(dot.contains("  n0 -- "));
        // The crate's own DOT reader accepts it, with a vertex per junction-graph vertex (the
        // general reader: this is not the DOT of a cell graph).
        #[cfg(feature = "graphviz")]
        {
            let g = crate::format::dot::parse(&dot, &Default::default()).unwrap();
            assert_eq!(g.vertex_count(), 6);
            assert_eq!(g.edge_count(), 5);
        }
    }

    #[test]
    fn cycles_are_dashed_and_rings_are_loops() {
        let (dot, s) = tree_of(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]);
        assert_eq!(dot.matches("style=dashed").count(), s.cyclomatic);
        assert_eq!(edge_lines(&dot).len(), s.corridors);
        // A closed ring without terminals: one vertex, one loop of 8 steps.
        let (dot, s) = tree_of(&["#####", "#...#", "#.#.#", "#...#", "#####"]);
        assert_eq!(s.corridors, 1);
        assert!(dot.contains("n0 -- n0 [label=\"8\", style=dashed"), "{dot}");
    }

    #[test]
    fn unreachable_parts_are_further_trees() {
        let (dot, _) = tree_of(&["#.#####", "#.#...#", "#.#####"]);
        // Entrance-exit, and the island's two dead ends.
        assert_eq!(dot.matches("[label=").count() - edge_lines(&dot).len(), 4);
        assert_eq!(edge_lines(&dot).len(), 2);
        assert!(!dot.contains("penwidth=2.5];\n  n2"));
    }

    #[test]
    fn labels_are_escaped() {
        assert_eq!(escape(r#"'a"b\'"#), r#"'a\"b\\'"#);
    }
}
