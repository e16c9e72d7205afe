//! Property tests of gamebooks on generated perfect mazes (2-D and 3-D, several algorithms,
//! with and without a shape): the book is a tree rooted at section 1 whose every reading ends
//! at the exit or a dead end; every section is reachable; the numbers are a permutation of
//! 1..=N; there is one section per cell of the maze that is not inside a corridor, and the
//! corridors' lengths add up to the maze's edges; the solution's sections walk the shortest
//! path; each choice's first step is open; the same seed gives the same book, and the
//! numbering does not give the path away.

use mazegraph::gamebook::{build, Direction, Gamebook, SectionKind};
use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Mask, Options};
use mazegraph::grid::Limits;
use mazegraph::solve::{solve, Method};
use mazegraph::{Graph, Maze};
use proptest::prelude::*;
use std::collections::HashSet;

fn maze(dims: &[usize], algorithm: Algorithm, shaped: bool, seed: u64) -> Maze {
    let limits = Limits::default();
    let lattice = if shaped {
        Lattice::from_mask(&Mask::ellipse(dims).unwrap(), &limits).unwrap()
    } else {
        Lattice::new(dims, &limits).unwrap()
    };
    generate(&lattice, &Options::new(algorithm), &mut rng_from_seed(seed)).unwrap()
}

/// Checks the tree structure; returns the parent of each section (0 for section 1).
fn check_tree(book: &Gamebook) -> Vec<usize> {
    let n = book.sections.len();
    // Numbers are 1..=N in order, hence a permutation.
    for (k, s) in book.sections.iter().enumerate() {
        assert_eq!(s.number, k + 1);
    }
    let mut parent = vec![usize::MAX; n + 1];
    parent[1] = 0;
    for s in &book.sections {
        for c in &s.choices {
            assert!((2..=n).contains(&c.section), "choice to §{}", c.section);
            assert_eq!(
                parent[c.section],
                usize::MAX,
                "§{} entered twice",
                c.section
            );
            parent[c.section] = s.number;
        }
    }
    // Every section reachable from 1 (in-degree 1 everywhere else, so a tree).
    let mut seen = vec![false; n + 1];
    let mut stack = vec![1usize];
    seen[1] = true;
    let mut reached = 0;
    while let Some(u) = stack.pop() {
        reached += 1;
        for c in &book.sections[u - 1].choices {
            assert!(!seen[c.section]);
            seen[c.section] = true;
            stack.push(c.section);
        }
    }
    assert_eq!(reached, n, "every section is reachable from §1");
    // Readings end at the exit or a dead end; branching sections are the entrance or
    // junctions (two ways on at least).
    let mut exits = 0;
    for s in &book.sections {
        match s.kind {
            SectionKind::Exit => {
                exits += 1;
                assert!(s.choices.is_empty());
            }
            SectionKind::DeadEnd => assert!(s.choices.is_empty()),
            SectionKind::Junction => assert!(s.choices.len() >= 2),
            SectionKind::Entrance => {
                assert_eq!(s.number, 1);
                assert!(!s.choices.is_empty());
            }
        }
    }
    assert_eq!(exits, 1);
    parent
}

/// Checks the book against the maze it came from.
fn check_against_maze(book: &Gamebook, maze: &Maze) {
    let shape = maze.shape();
    let graph = Graph::from_maze(maze);
    // One section per cell that is not inside a corridor (generated terminals are dead ends).
    let not_corridor = (0..graph.vertex_count() as u32)
        .filter(|&v| graph.degree(v) != 2)
        .count();
    assert_eq!(book.sections.len(), not_corridor);
    let steps: u64 = book
        .sections
        .iter()
        .flat_map(|s| &s.choices)
        .map(|c| c.steps)
        .sum();
    assert_eq!(steps, graph.edge_count() as u64);
    for s in &book.sections {
        let here = shape.index_signed(&s.cell).unwrap();
        assert!(maze.grid().is_path(here));
        let degree = graph.degree(graph.find_cell(here).unwrap());
        match s.kind {
            SectionKind::DeadEnd => assert_eq!(degree, 1),
            SectionKind::Junction => assert_eq!(degree, s.choices.len() + 1),
            _ => {}
        }
        for c in &s.choices {
            let (axis, up) = match c.direction {
                Direction::North => (0, false),
                Direction::South => (0, true),
                Direction::West => (1, false),
                Direction::East => (1, true),
                Direction::Axis { axis, positive } => (axis, positive),
                Direction::Portal => panic!("no portals in generated mazes"),
                other => panic!("{other} is a tiled maze's direction"),
            };
            if shape.ndim() == 2 {
                assert!(!matches!(c.direction, Direction::Axis { .. }));
            }
            let mut next = s.cell.clone();
            next[axis] = if up { next[axis] + 1 } else { next[axis] - 1 };
            assert!(maze.grid().is_path(shape.index_signed(&next).unwrap()));
        }
    }
    // The solution: from the entrance to the exit, as long as the shortest path.
    let (start, goal) = maze.terminals().unwrap();
    let solution = book.solution();
    assert_eq!(solution.first(), Some(&1));
    let exit = book.section(*solution.last().unwrap()).unwrap();
    assert_eq!(exit.kind, SectionKind::Exit);
    assert_eq!(shape.index_signed(&exit.cell), Some(goal));
    assert_eq!(shape.index_signed(&book.sections[0].cell), Some(start));
    let along: u64 = solution
        .windows(2)
        .map(|w| {
            let from = book.section(w[0]).unwrap();
            from.choices
                .iter()
                .find(|c| c.section == w[1])
                .unwrap()
                .steps
        })
        .sum();
    let shortest = solve(maze, Method::Bfs).unwrap().length.unwrap();
    assert_eq!(along, shortest as u64);
}

fn algorithms() -> impl Strategy<Value = Algorithm> {
    prop_oneof![
        Just(Algorithm::Kruskal),
        Just(Algorithm::Backtracker),
        Just(Algorithm::Wilson),
        Just(Algorithm::Prim),
        Just(Algorithm::Growth),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn books_of_2d_mazes(
        rows in 1usize..14, cols in 1usize..14, shaped: bool,
        algorithm in algorithms(), maze_seed: u64, book_seed: u64,
    ) {
        let m = maze(&[rows, cols], algorithm, shaped && rows > 2 && cols > 2, maze_seed);
        let book = build(&m, book_seed).unwrap();
        check_tree(&book);
        check_against_maze(&book, &m);
        prop_assert_eq!(&book, &build(&m, book_seed).unwrap());
    }

    #[test]
    fn books_of_3d_mazes(
        dims in proptest::collection::vec(1usize..6, 3),
        algorithm in algorithms(), maze_seed: u64, book_seed: u64,
    ) {
        let m = maze(&dims, algorithm, false, maze_seed);
        let book = build(&m, book_seed).unwrap();
        check_tree(&book);
        check_against_maze(&book, &m);
        prop_assert!(book.to_markdown().contains("along axis"));
        prop_assert_eq!(&book, &build(&m, book_seed).unwrap());
    }

    #[test]
    fn braids_and_loops_are_refused(
        rows in 3usize..10, cols in 3usize..10, loops in 1usize..4, seed: u64,
    ) {
        let lattice = Lattice::new(&[rows, cols], &Limits::default()).unwrap();
        let opts = Options { loops, ..Options::new(Algorithm::Kruskal) };
        let m = generate(&lattice, &opts, &mut rng_from_seed(seed)).unwrap();
        let g = Graph::from_maze(&m);
        if g.edge_count() >= g.vertex_count() {
            let e = build(&m, seed).unwrap_err().to_string();
            prop_assert!(e.contains("cycle"), "{}", e);
        }
    }
}

/// The numbering hides the path: over many seeds, the solution's section numbers are not
/// always increasing, the exit's number varies, and different seeds give different books.
#[test]
fn numbering_does_not_give_the_path_away() {
    for maze_seed in 0..5 {
        let m = maze(&[12, 12], Algorithm::Kruskal, false, maze_seed);
        let mut increasing = 0;
        let mut exits = HashSet::new();
        let mut numberings = HashSet::new();
        for seed in 0..64 {
            let book = build(&m, seed).unwrap();
            let solution = book.solution();
            assert!(
                solution.len() >= 3,
                "a 12×12 maze has a junction on its path"
            );
            if solution.windows(2).all(|w| w[0] < w[1]) {
                increasing += 1;
            }
            exits.insert(book.exit().unwrap());
            numberings.insert(
                book.sections
                    .iter()
                    .map(|s| s.cell.clone())
                    .collect::<Vec<_>>(),
            );
        }
        assert!(increasing < 32, "{increasing} of 64 solutions increasing");
        assert!(exits.len() > 16, "only {} exit numbers", exits.len());
        assert!(
            numberings.len() > 60,
            "only {} numberings",
            numberings.len()
        );
    }
}

/// A hand-made maze with portals: the choices through them say so.
#[test]
fn portals_in_books() {
    let mut m = Maze::from_text_rows(&["#.#####", "#.#...#", "#.#.#.#", "###.#.#"]).unwrap();
    // The dead end (2, 1) jumps to (1, 3); from there the corridor goes on to the exit.
    let a = m.shape().index(&[2, 1]).unwrap();
    let b = m.shape().index(&[1, 3]).unwrap();
    m.add_portal(a, b).unwrap();
    let book = build(&m, 5).unwrap();
    check_tree(&book);
    let md = book.to_markdown();
    assert!(md.contains("through 1 portal"), "{md}");
}
