//! Property tests of `mazegraph::stats` on generated mazes: perfect generators give the class
//! perfect (or unicursal), cyclomatic number 0, (m−1)(n−1) closed walls and one dead end per
//! leaf that is not a terminal; `--loops K` adds exactly K to the cyclomatic number; the
//! figures agree with each other, with the graph of the maze, its junction graph and the tree
//! view.

use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
use mazegraph::grid::Limits;
use mazegraph::junction::junction_graph;
use mazegraph::stats::{graph_stats, maze_stats, tree::write_tree_dot, MazeClass, Stats};
use mazegraph::{Graph, Maze};
use proptest::prelude::*;

fn perfect_algorithm() -> impl Strategy<Value = Algorithm> {
    let all: Vec<Algorithm> = Algorithm::all()
        .into_iter()
        .filter(|a| a.is_perfect())
        .collect();
    proptest::sample::select(all)
}

fn maze(dims: &[usize], opts: &Options, seed: u64) -> Maze {
    let lat = Lattice::new(dims, &Limits::default()).unwrap();
    generate(&lat, opts, &mut rng_from_seed(seed)).unwrap()
}

/// Figures that hold for any maze, checked against the cell graph directly.
fn check_consistent(m: &Maze, s: &Stats) {
    let g = Graph::from_maze(m);
    assert_eq!(s.path_cells, g.vertex_count());
    assert_eq!(s.edges, g.edge_count());
    assert_eq!(s.degree_histogram.values().sum::<usize>(), s.path_cells);
    let degree_sum: usize = s.degree_histogram.iter().map(|(d, c)| d * c).sum();
    assert_eq!(degree_sum, 2 * s.edges);
    assert_eq!(s.cyclomatic + s.path_cells, s.edges + s.components);
    let junctions: usize = s.degree_histogram.range(3..).map(|(_, c)| c).sum();
    assert_eq!(s.junctions, junctions);
    let (start, goal) = m.terminals().unwrap();
    let terminal_leaves = [start, goal]
        .iter()
        .filter(|&&t| m.grid().path_degree(t) == 1)
        .count();
    let leaves = s.degree_histogram.get(&1).copied().unwrap_or(0);
    assert_eq!(s.dead_ends, leaves - terminal_leaves);
    // A shortest path is at least as long as the Manhattan distance between the terminals.
    let (a, b) = (m.shape().coords(start), m.shape().coords(goal));
    let manhattan: usize = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).sum();
    assert!(s.solution_length.unwrap() >= manhattan);
    assert!(s.decisions.unwrap() <= s.junctions);
    // The same figures from the graph alone, without the walls.
    let from_graph = graph_stats(&g);
    assert_eq!(from_graph.class, s.class);
    assert_eq!(
        (
            from_graph.dead_ends,
            from_graph.corridors,
            from_graph.solution_length
        ),
        (s.dead_ends, s.corridors, s.solution_length)
    );
    assert_eq!((from_graph.walls, from_graph.lattice), (None, None));
    // The junction graph (weighted corridors) has the maze's figures.
    let j = graph_stats(&junction_graph(m));
    assert_eq!(
        (j.class, j.dead_ends, j.junctions, j.corridors, j.cyclomatic),
        (s.class, s.dead_ends, s.junctions, s.corridors, s.cyclomatic)
    );
    assert_eq!(j.solution_length, s.solution_length);
    assert_eq!(j.dead_end_branches, s.dead_end_branches);
    if s.cyclomatic == 0 {
        assert_eq!(j.decisions, s.decisions);
    }
    // The tree view has one edge per corridor, one dashed per independent cycle.
    let mut dot = Vec::new();
    write_tree_dot(&g, &mut dot).unwrap();
    let dot = String::from_utf8(dot).unwrap();
    assert_eq!(
        dot.lines().filter(|l| l.contains(" -- ")).count(),
        s.corridors
    );
    assert_eq!(dot.matches("style=dashed").count(), s.cyclomatic);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn perfect_mazes_are_perfect(
        algorithm in perfect_algorithm(),
        m in 1usize..12,
        n in 1usize..12,
        seed in any::<u64>(),
    ) {
        let maze = maze(&[m, n], &Options::new(algorithm), seed);
        let s = maze_stats(&maze);
        let want = if s.junctions == 0 { MazeClass::Unicursal } else { MazeClass::Perfect };
        prop_assert_eq!(s.class, want);
        prop_assert_eq!(s.cyclomatic, 0);
        prop_assert_eq!((s.components, s.unreachable), (1, Some(0)));
        let l = s.lattice.clone().unwrap();
        prop_assert_eq!(&l.rooms, &vec![m, n]);
        prop_assert_eq!(l.internal_walls, 2 * m * n - m - n);
        prop_assert_eq!(l.closed_walls, (m - 1) * (n - 1));
        prop_assert_eq!(l.perfect_closed_walls, (m - 1) * (n - 1));
        // A tree's corridors: each kept cell but one hangs from one corridor.
        let kept = s.path_cells - s.degree_histogram.get(&2).copied().unwrap_or(0)
            + usize::from(maze.grid().path_degree(maze.terminals().unwrap().0) == 2)
            + usize::from(maze.grid().path_degree(maze.terminals().unwrap().1) == 2);
        prop_assert_eq!(s.corridors, kept - 1);
        check_consistent(&maze, &s);
    }

    #[test]
    fn loops_add_to_the_cyclomatic_number(
        algorithm in perfect_algorithm(),
        m in 2usize..10,
        n in 2usize..10,
        k in 0usize..20,
        seed in any::<u64>(),
    ) {
        let k = k.min((m - 1) * (n - 1));
        let mut opts = Options::new(algorithm);
        opts.loops = k;
        let maze = maze(&[m, n], &opts, seed);
        let s = maze_stats(&maze);
        prop_assert_eq!(s.cyclomatic, k);
        prop_assert_eq!(s.lattice.clone().unwrap().closed_walls, (m - 1) * (n - 1) - k);
        if k > 0 {
            prop_assert!(matches!(s.class, MazeClass::Braid | MazeClass::Imperfect));
            prop_assert_eq!(s.class == MazeClass::Braid, s.dead_ends == 0);
        }
        check_consistent(&maze, &s);
    }

    #[test]
    fn n_d_perfect_mazes(
        dims in proptest::collection::vec(1usize..5, 3..5),
        seed in any::<u64>(),
    ) {
        let maze = maze(&dims, &Options::new(Algorithm::Kruskal), seed);
        let s = maze_stats(&maze);
        prop_assert_eq!(s.cyclomatic, 0);
        prop_assert!(matches!(s.class, MazeClass::Perfect | MazeClass::Unicursal));
        let l = s.lattice.clone().unwrap();
        let rooms: usize = dims.iter().product();
        prop_assert_eq!(l.closed_walls, l.internal_walls + 1 - rooms);
        check_consistent(&maze, &s);
    }

    #[test]
    fn wall_removal_reaches_the_exit(m in 2usize..10, n in 2usize..10, seed in any::<u64>()) {
        let maze = maze(&[m, n], &Options::new(Algorithm::WallRemoval), seed);
        let s = maze_stats(&maze);
        prop_assert!(s.solution_length.is_some());
        // Rooms left out of the entrance's part make it disconnected; otherwise cycles or not.
        prop_assert_eq!(s.class == MazeClass::Disconnected, s.unreachable != Some(0));
        let l = s.lattice.unwrap();
        let opened = l.internal_walls - l.closed_walls;
        prop_assert_eq!(s.cyclomatic + m * n, opened + s.components);
    }
}
