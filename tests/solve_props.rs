//! Property tests for the solvers: dead-end filling against a slow fixed-point reference, and
//! every solver against a plain breadth-first search over the cell graph, on random 1-D…5-D
//! mazes with portals; perfect mazes leave exactly their solution path.

use fixedbitset::FixedBitSet;
use mazegraph::grid::{Grid, Shape};
use mazegraph::solve::{dead_end, is_simple_path, solve_between, Hand, Method};
use mazegraph::{Error, Graph, Maze};
use proptest::prelude::*;
use proptest::sample::Index;
use std::collections::VecDeque;

/// Axis lengths for `ndim` axes, small enough for the slow references.
fn arb_dims() -> impl Strategy<Value = Vec<usize>> {
    (1usize..=5)
        .prop_flat_map(|nd| {
            let max: usize = [0, 30, 12, 6, 4, 3][nd];
            prop::collection::vec(1..=max, nd)
        })
        .prop_filter("two cells at least", |d| d.iter().product::<usize>() >= 2)
}

/// A random maze: random cells (about 60 % path), up to four portals, explicit terminals.
fn arb_maze() -> impl Strategy<Value = Maze> {
    maze_of(arb_dims().boxed())
}

/// Wide 2-D mazes: rows of several machine words, where the 2-D engine's word scan has to
/// carry bits across word boundaries.
fn arb_wide_maze() -> impl Strategy<Value = Maze> {
    maze_of(
        (1usize..=6, 60usize..=200)
            .prop_map(|(h, w)| vec![h, w])
            .boxed(),
    )
}

fn maze_of(dims: BoxedStrategy<Vec<usize>>) -> impl Strategy<Value = Maze> {
    dims.prop_flat_map(|dims| {
        let n: usize = dims.iter().product();
        (
            Just(dims),
            prop::collection::vec(prop::bool::weighted(0.6), n),
            prop::collection::vec((any::<Index>(), any::<Index>()), 0..4),
            any::<Index>(),
            any::<Index>(),
        )
            .prop_map(|(dims, bits, portals, s, g)| {
                let shape = Shape::new(dims).unwrap();
                let n = shape.len();
                let mut grid = Grid::walls(shape);
                for (i, &b) in bits.iter().enumerate() {
                    grid.set_path(i, b);
                }
                grid.set_path(0, true);
                grid.set_path(n - 1, true);
                let paths: Vec<usize> = grid.paths().collect();
                let mut maze = Maze::new(grid);
                for (a, b) in portals {
                    let (a, b) = (*a.get(&paths), *b.get(&paths));
                    if a != b {
                        maze.add_portal(a, b).unwrap();
                    }
                }
                let (s, mut g) = (*s.get(&paths), *g.get(&paths));
                if s == g {
                    g = if s == 0 { n - 1 } else { 0 };
                }
                maze.set_terminals(Some(s), Some(g)).unwrap();
                maze
            })
    })
}

/// A small deterministic generator for perfect mazes (xorshift).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A perfect maze of rooms (odd coordinates) by randomized depth-first search, 1-D…5-D.
fn perfect_maze(rooms: &[usize], seed: u64) -> Maze {
    let dims: Vec<usize> = rooms.iter().map(|&r| 2 * r + 1).collect();
    let shape = Shape::new(dims).unwrap();
    let mut grid = Grid::walls(shape.clone());
    let mut rng = Rng(seed | 1);
    let first = shape.index(&vec![1; rooms.len()]).unwrap();
    grid.set_path(first, true);
    let mut stack = vec![first];
    while let Some(&c) = stack.last() {
        let mut options = Vec::new();
        for k in 0..shape.ndim() {
            let s = shape.strides()[k];
            let x = shape.coord(c, k);
            if x >= 3 && !grid.is_path(c - 2 * s) {
                options.push((c - s, c - 2 * s));
            }
            if x + 3 < shape.dims()[k] && !grid.is_path(c + 2 * s) {
                options.push((c + s, c + 2 * s));
            }
        }
        if options.is_empty() {
            stack.pop();
        } else {
            let (door, room) = options[rng.below(options.len())];
            grid.set_path(door, true);
            grid.set_path(room, true);
            stack.push(room);
        }
    }
    Maze::new(grid)
}

/// The slow reference: remove non-terminal cells with at most one remaining neighbour, sweep
/// after sweep, until a sweep removes nothing. Returns cells.
fn reference_fill(graph: &Graph, terminals: &[u32]) -> Vec<usize> {
    let n = graph.vertex_count();
    let mut alive = vec![true; n];
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            if !alive[v as usize] || terminals.contains(&v) {
                continue;
            }
            let d = graph
                .neighbours(v)
                .iter()
                .filter(|&&u| alive[u as usize])
                .count();
            if d <= 1 {
                alive[v as usize] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..n as u32)
        .filter(|&v| alive[v as usize])
        .map(|v| graph.cell(v).unwrap())
        .collect()
}

/// Distances from `s` over the cell graph (u32::MAX = unreachable).
fn distances(graph: &Graph, s: u32) -> Vec<u32> {
    let mut d = vec![u32::MAX; graph.vertex_count()];
    d[s as usize] = 0;
    let mut q = VecDeque::from([s]);
    while let Some(v) = q.pop_front() {
        for &u in graph.neighbours(v) {
            if d[u as usize] == u32::MAX {
                d[u as usize] = d[v as usize] + 1;
                q.push_back(u);
            }
        }
    }
    d
}

fn cells(set: &FixedBitSet) -> Vec<usize> {
    set.ones().collect()
}

fn all_methods() -> Vec<Method> {
    let mut v = Method::ALL.to_vec();
    v.push(Method::WallFollower(Hand::Left));
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn dead_end_filling_is_the_peeling_fixed_point(maze in arb_maze()) {
        let (s, g) = maze.terminals().unwrap();
        let graph = Graph::from_maze(&maze);
        let (vs, vg) = (graph.find_cell(s).unwrap(), graph.find_cell(g).unwrap());
        let want = reference_fill(&graph, &[vs, vg]);
        prop_assert_eq!(cells(&dead_end::fill(&maze, &[s, g])), want.clone());
        let on_graph: Vec<usize> = dead_end::fill_graph(&graph, &[vs, vg])
            .ones()
            .map(|v| graph.cell(v as u32).unwrap())
            .collect();
        prop_assert_eq!(on_graph, want);
    }

    #[test]
    fn dead_end_filling_on_wide_grids(maze in arb_wide_maze()) {
        let (s, g) = maze.terminals().unwrap();
        let graph = Graph::from_maze(&maze);
        let (vs, vg) = (graph.find_cell(s).unwrap(), graph.find_cell(g).unwrap());
        prop_assert_eq!(
            cells(&dead_end::fill(&maze, &[s, g])),
            reference_fill(&graph, &[vs, vg])
        );
        let sol = solve_between(&maze, Method::DeadEnd, s, g).unwrap();
        let best = distances(&graph, vs)[vg as usize];
        prop_assert_eq!(sol.length, (best != u32::MAX).then_some(best as usize));
    }

    #[test]
    fn solvers_agree_with_breadth_first_search(maze in arb_maze()) {
        let (s, g) = maze.terminals().unwrap();
        let graph = Graph::from_maze(&maze);
        let (vs, vg) = (graph.find_cell(s).unwrap(), graph.find_cell(g).unwrap());
        let from_s = distances(&graph, vs);
        let from_g = distances(&graph, vg);
        let best = from_s[vg as usize];
        let best = (best != u32::MAX).then_some(best as usize);
        let wall_follower_applies = maze.shape().ndim() == 2 && maze.portals().is_empty();
        for method in all_methods() {
            let result = solve_between(&maze, method, s, g);
            if let Method::WallFollower(_) = method {
                if !wall_follower_applies {
                    prop_assert!(matches!(result, Err(Error::Unsupported(_))));
                    continue;
                }
            }
            let sol = result.unwrap();
            prop_assert_eq!((sol.method, sol.start, sol.goal), (method, s, g));
            match (&sol.path, best) {
                (None, None) => {}
                (Some(_), None) => prop_assert!(false, "{} found a path to an unreachable goal", method),
                (None, Some(_)) => prop_assert!(
                    matches!(method, Method::WallFollower(_)),
                    "{} missed a reachable goal", method
                ),
                (Some(p), Some(d)) => {
                    prop_assert!(is_simple_path(&maze, p, s, g), "{}: bad path {:?}", method, p);
                    prop_assert_eq!(sol.length, Some(p.len() - 1));
                    if method.is_shortest() {
                        prop_assert_eq!(sol.length, Some(d), "{} is not shortest", method);
                    }
                    // every path stays inside what dead-end filling keeps
                    let kept = dead_end::fill(&maze, &[s, g]);
                    prop_assert!(p.iter().all(|&c| kept.contains(c)));
                }
            }
            if method == Method::ShortestSet {
                let want: Vec<usize> = match best {
                    None => vec![],
                    Some(d) => (0..graph.vertex_count())
                        .filter(|&v| {
                            from_s[v] != u32::MAX
                                && from_g[v] != u32::MAX
                                && (from_s[v] + from_g[v]) as usize == d
                        })
                        .map(|v| graph.cell(v as u32).unwrap())
                        .collect(),
                };
                prop_assert_eq!(cells(&sol.kept), want);
            }
        }
    }

    #[test]
    fn perfect_mazes_keep_exactly_the_path(
        rooms in (1usize..=5).prop_flat_map(|nd| {
            let max: usize = [0, 20, 8, 4, 3, 2][nd];
            prop::collection::vec(1..=max, nd)
        }),
        seed in any::<u64>(),
        s in any::<Index>(),
        g in any::<Index>(),
    ) {
        let maze = perfect_maze(&rooms, seed);
        let paths: Vec<usize> = maze.grid().paths().collect();
        prop_assume!(paths.len() >= 2);
        let (s, mut g) = (*s.get(&paths), *g.get(&paths));
        if s == g {
            g = if s == paths[0] { paths[1] } else { paths[0] };
        }
        let graph = Graph::from_maze(&maze);
        prop_assert_eq!(graph.edge_count() + 1, graph.vertex_count()); // a tree
        let sol = solve_between(&maze, Method::DeadEnd, s, g).unwrap();
        let path = sol.path.clone().unwrap();
        prop_assert_eq!(sol.kept_count(), sol.length.unwrap() + 1);
        let mut sorted = path.clone();
        sorted.sort_unstable();
        prop_assert_eq!(cells(&sol.kept), sorted);
        for method in all_methods() {
            if let Ok(other) = solve_between(&maze, method, s, g) {
                // a tree has exactly one simple path: every method finds it
                prop_assert_eq!(other.path.as_ref(), Some(&path), "{}", method);
            } else {
                prop_assert!(maze.shape().ndim() != 2, "{}", method);
            }
        }
    }
}
