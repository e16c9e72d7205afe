//! Property tests of the model on random n-D mazes (2-D to 5-D) with portals: format round
//! trips, graph → maze → graph, junction-graph distances.

use mazegraph::format::{Format, Item, ReadOptions};
use mazegraph::graph::Graph;
use mazegraph::grid::{Grid, Limits, Shape};
use mazegraph::junction::junction_graph;
use mazegraph::layout::{graph_to_maze, Layout};
use mazegraph::Maze;
use proptest::prelude::*;
use std::collections::VecDeque;

/// A random maze: 2 to 5 axes of 1 to 6 cells (at most ~500 cells), 60% path, a few portals,
/// explicit terminals half of the time.
fn arb_maze(min_dims: usize, max_dims: usize) -> impl Strategy<Value = Maze> {
    (min_dims..=max_dims)
        .prop_flat_map(|n| {
            let per_axis = match n {
                2 => 2..=12usize,
                3 => 2..=7,
                4 => 2..=5,
                _ => 2..=4,
            };
            prop::collection::vec(per_axis, n)
        })
        .prop_flat_map(|dims| {
            let len: usize = dims.iter().product();
            (
                Just(dims),
                prop::collection::vec(prop::bool::weighted(0.6), len),
                prop::collection::vec(
                    (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
                    0..4,
                ),
                prop::option::of((any::<prop::sample::Index>(), any::<prop::sample::Index>())),
            )
        })
        .prop_map(|(dims, cells, portals, terminals)| {
            let shape = Shape::new(dims).unwrap();
            let mut grid = Grid::walls(shape);
            for (i, &p) in cells.iter().enumerate() {
                grid.set_path(i, p);
            }
            let paths: Vec<usize> = grid.paths().collect();
            let mut m = Maze::new(grid);
            if paths.len() >= 2 {
                for (a, b) in portals {
                    let (a, b) = (*a.get(&paths), *b.get(&paths));
                    if a != b {
                        m.add_portal(a, b).unwrap();
                    }
                }
                if let Some((s, g)) = terminals {
                    let (s, g) = (*s.get(&paths), *g.get(&paths));
                    if s != g {
                        m.set_terminals(Some(s), Some(g)).unwrap();
                    }
                }
            }
            m
        })
}

fn bfs(g: &Graph, src: u32) -> Vec<u64> {
    let mut dist = vec![u64::MAX; g.vertex_count()];
    dist[src as usize] = 0;
    let mut q = VecDeque::from([src]);
    while let Some(u) = q.pop_front() {
        for &v in g.neighbours(u) {
            if dist[v as usize] == u64::MAX {
                dist[v as usize] = dist[u as usize] + 1;
                q.push_back(v);
            }
        }
    }
    dist
}

fn write_read(format: Format, maze: &Maze) -> Maze {
    let mut buf = Vec::new();
    format.write_maze(maze, &mut buf).unwrap();
    match format.read(&buf, &ReadOptions::default()).unwrap() {
        Item::Maze(m) => m,
        Item::Graph(_) => panic!("{format} read a graph"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn json_roundtrip_is_exact(m in arb_maze(2, 5)) {
        prop_assert_eq!(write_read(Format::Json, &m), m);
    }

    #[test]
    fn txt_roundtrip_is_exact(m in arb_maze(2, 2)) {
        prop_assert_eq!(write_read(Format::Txt, &m), m);
    }

    #[test]
    fn cell_graph_redraws_an_equal_maze(m in arb_maze(2, 5)) {
        let g = Graph::from_maze(&m);
        let p = graph_to_maze(&g, Layout::Coordinates, &Limits::default()).unwrap();
        prop_assert_eq!(Graph::from_maze(&p.maze).difference(&g), None);
        // Only the grid's path cells and portals matter; the grid itself is the same here.
        prop_assert_eq!(p.maze.grid(), m.grid());
    }

    #[test]
    fn junction_graph_redraws_an_equal_maze(m in arb_maze(2, 5)) {
        let j = junction_graph(&m);
        let p = graph_to_maze(&j, Layout::Coordinates, &Limits::default()).unwrap();
        prop_assert_eq!(Graph::from_maze(&p.maze).difference(&Graph::from_maze(&m)), None);
    }

    #[test]
    fn junction_distances_equal_cell_distances(m in arb_maze(2, 5)) {
        let cells = Graph::from_maze(&m);
        let j = junction_graph(&m);
        prop_assert_eq!(j.total_weight(), cells.edge_count() as f64);
        let pg = j.to_petgraph();
        for src in (0..j.vertex_count() as u32).take(6) {
            let d = petgraph::algo::dijkstra(&pg, src.into(), None, |e| *e.weight() as u64);
            let cs = cells.find_cell(j.cell(src).unwrap()).unwrap();
            let bd = bfs(&cells, cs);
            for v in 0..j.vertex_count() as u32 {
                let cv = cells.find_cell(j.cell(v).unwrap()).unwrap();
                let want = bd[cv as usize];
                let got = d.get(&petgraph::graph::NodeIndex::new(v as usize)).copied().unwrap_or(u64::MAX);
                prop_assert_eq!(got, want, "from {} to {}", j.label(src), j.label(v));
            }
        }
    }

    #[test]
    fn row_layout_is_isomorphic_with_the_documented_mapping(m in arb_maze(2, 4)) {
        let g = Graph::from_maze(&m);
        let p = graph_to_maze(&g, Layout::Row, &Limits::default()).unwrap();
        let r = Graph::from_maze(&p.maze);
        prop_assert_eq!(r.vertex_count(), g.vertex_count());
        prop_assert_eq!(r.edge_count(), g.edge_count());
        for (u, v, _) in g.edges() {
            let (a, b) = (p.cells[u as usize], p.cells[v as usize]);
            prop_assert_eq!(p.maze.shape().coords(a)[0], 5);
            prop_assert_eq!(p.maze.shape().coords(a)[1], 2 + 4 * u as usize);
            let (ra, rb) = (r.find_cell(a).unwrap(), r.find_cell(b).unwrap());
            prop_assert!(r.neighbours(ra).contains(&rb));
        }
        if g.vertex_count() <= 40 {
            prop_assert!(petgraph::algo::is_isomorphic(&g.to_petgraph(), &r.to_petgraph()));
        }
    }
}
