//! Property tests of a solution given in advance (seed 001) and of spiral shapes: for random
//! self-avoiding paths in random boxes and shapes, every generator that grows from a given
//! tree makes a perfect maze whose dead-end filling keeps exactly the path; the same seed gives
//! the same maze; spiral mazes are perfect and connected. Checked through the maze's cell graph
//! and the dead-end filler, independently of the generators' bookkeeping; the random paths come
//! from a spanning tree made here, not by the library's generators.

use mazegraph::generate::lattice::below;
use mazegraph::generate::solution::path_cells;
use mazegraph::generate::{
    generate, generate_with_solution, rng_from_seed, Algorithm, Lattice, Mask, MazeRng, Options,
    PathError, Pick,
};
use mazegraph::grid::Limits;
use mazegraph::solve::dead_end;
use mazegraph::{Graph, Maze};
use proptest::prelude::*;
use std::collections::VecDeque;

/// Every algorithm that grows from a given tree, the growing tree with each pick.
fn growing() -> Vec<Algorithm> {
    let mut v: Vec<Algorithm> = Algorithm::GROW_FROM_TREE
        .iter()
        .map(|n| Algorithm::from_name(n).unwrap())
        .collect();
    v.push(Algorithm::GrowingTree(Pick::Random));
    v.push(Algorithm::GrowingTree(Pick::Oldest));
    v.push(Algorithm::GrowingTree(Pick::Mixed(0.5)));
    v
}

/// (vertices, edges, connected) of the maze's cell graph.
fn graph_facts(maze: &Maze) -> (usize, usize, bool) {
    let g = Graph::from_maze(maze);
    let n = g.vertex_count();
    let mut seen = vec![false; n];
    let mut stack = vec![0u32];
    let mut reached = usize::from(n > 0);
    if n > 0 {
        seen[0] = true;
    }
    while let Some(v) = stack.pop() {
        for &w in g.neighbours(v) {
            if !std::mem::replace(&mut seen[w as usize], true) {
                reached += 1;
                stack.push(w);
            }
        }
    }
    (n, g.edge_count(), reached == n)
}

/// A random self-avoiding path of rooms from room cell `s` to room cell `t`: the path between
/// them in a random spanning tree of the lattice's rooms (random-weight Kruskal with a small
/// union-find of its own).
fn random_path(lat: &Lattice, s: usize, t: usize, rng: &mut MazeRng) -> Vec<Vec<usize>> {
    let cells = lat.cells();
    let mut edges = Vec::new();
    for c in lat.allowed().ones() {
        lat.for_each_neighbour(c, |d, _, j| {
            if d % 2 == 1 {
                edges.push((c, j));
            }
        });
    }
    for i in (1..edges.len()).rev() {
        edges.swap(i, below(rng, i + 1));
    }
    let mut parent: Vec<usize> = (0..cells.len()).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (a, b) in edges {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra != rb {
            parent[ra] = rb;
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    // The tree path from s to t.
    let mut from = vec![usize::MAX; cells.len()];
    from[s] = s;
    let mut queue = VecDeque::from([s]);
    while let Some(c) = queue.pop_front() {
        for &j in &adj[c] {
            if from[j] == usize::MAX {
                from[j] = c;
                queue.push_back(j);
            }
        }
    }
    let mut path = vec![t];
    while *path.last().unwrap() != s {
        path.push(from[*path.last().unwrap()]);
    }
    path.reverse();
    path.iter()
        .map(|&c| cells.coords(c).iter().map(|x| (x - 1) / 2).collect())
        .collect()
}

/// The cells dead-end filling must keep: the path's rooms, the walls between them, and the
/// terminals (openings in the frame, or the end rooms themselves).
fn expected_solution(lat: &Lattice, maze: &Maze, rooms: &[Vec<usize>]) -> Vec<usize> {
    let cells = path_cells(lat, rooms).unwrap();
    let mut want: Vec<usize> = cells.clone();
    want.extend(cells.windows(2).map(|w| (w[0] + w[1]) / 2));
    let (s, g) = maze.terminals().unwrap();
    want.extend([s, g]);
    want.sort_unstable();
    want.dedup();
    want
}

/// Checks one maze made around `rooms`: perfect, connected, the path is the whole solution,
/// the terminals are at its ends, and the same seed gives the same maze.
fn check_around(
    lat: &Lattice,
    rooms: &[Vec<usize>],
    algorithm: Algorithm,
    seed: u64,
) -> Result<(), TestCaseError> {
    let opts = Options::new(algorithm);
    let maze = generate_with_solution(lat, rooms, &opts, &mut rng_from_seed(seed)).unwrap();
    prop_assert!(lat.is_perfect(maze.grid()), "{algorithm:?}: not perfect");
    let (v, e, connected) = graph_facts(&maze);
    prop_assert!(connected, "{algorithm:?}: not connected");
    prop_assert_eq!(e + 1, v, "{:?}: a cycle", algorithm);
    let openings = maze.openings().len();
    prop_assert_eq!(v, 2 * lat.room_count() - 1 + openings);
    // Dead-end filling keeps exactly the path (and its terminals).
    let (s, g) = maze.terminals().unwrap();
    let kept: Vec<usize> = dead_end::fill(&maze, &[s, g]).ones().collect();
    prop_assert_eq!(
        kept,
        expected_solution(lat, &maze, rooms),
        "{:?}",
        algorithm
    );
    // The start is at the first room of the path, the goal at the last.
    let (first, last) = (
        path_cells(lat, rooms).unwrap()[0],
        *path_cells(lat, rooms).unwrap().last().unwrap(),
    );
    prop_assert!(s == first || lat.cells().adjacent(s, first));
    prop_assert!(g == last || lat.cells().adjacent(g, last));
    let again = generate_with_solution(lat, rooms, &opts, &mut rng_from_seed(seed)).unwrap();
    prop_assert_eq!(&maze, &again);
    Ok(())
}

/// A room cell on the border of the box, chosen by `k`.
fn border_room(lat: &Lattice, k: usize) -> usize {
    let border: Vec<usize> = lat
        .allowed()
        .ones()
        .filter(|&c| {
            let x = lat.cells().coords(c);
            x.iter()
                .zip(lat.cells().dims())
                .any(|(&x, &d)| x == 1 || x + 2 == d)
        })
        .collect();
    border[k % border.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// From room (0, 0) to the last room, in 2-D boxes: openings above and below, as a
    /// generated maze has them.
    #[test]
    fn corner_to_corner(rows in 1usize..=12, cols in 1usize..=12, seed: u64, pick in 0usize..64) {
        prop_assume!(rows * cols >= 2);
        let lat = Lattice::new(&[rows, cols], &Limits::default()).unwrap();
        let mut rng = rng_from_seed(seed ^ 0x5eed);
        let rooms = random_path(&lat, lat.first_room(), lat.last_room(), &mut rng);
        let algorithms = growing();
        let algorithm = algorithms[pick % algorithms.len()];
        check_around(&lat, &rooms, algorithm, seed)?;
        let maze = generate_with_solution(&lat, &rooms, &Options::new(algorithm), &mut rng_from_seed(seed)).unwrap();
        let (s, g) = maze.terminals().unwrap();
        prop_assert_eq!(maze.shape().coords(s), vec![0, 1]);
        prop_assert_eq!(maze.shape().coords(g), vec![2 * rows, 2 * cols - 1]);
        prop_assert_eq!(maze.explicit_start(), None);
    }

    /// Between two other border rooms, in 2-D to 4-D boxes, for every growing generator.
    #[test]
    fn border_to_border_in_n_d(
        dims in (2usize..=4).prop_flat_map(|n| proptest::collection::vec(1usize..=[0, 0, 10, 5, 3][n], n)),
        seed: u64, a: usize, b: usize,
    ) {
        let lat = Lattice::new(&dims, &Limits::default()).unwrap();
        let (s, t) = (border_room(&lat, a), border_room(&lat, b));
        prop_assume!(s != t);
        let mut rng = rng_from_seed(seed ^ 0xb0de);
        let rooms = random_path(&lat, s, t, &mut rng);
        for algorithm in growing() {
            check_around(&lat, &rooms, algorithm, seed)?;
        }
        let maze = generate_with_solution(&lat, &rooms, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(seed)).unwrap();
        prop_assert_eq!(maze.openings().len(), 2);
    }

    /// Any two rooms of a shape (inside ends become explicit terminals).
    #[test]
    fn inside_shapes(side in 4usize..=16, shape in 0usize..3, seed: u64, a: usize, b: usize, pick in 0usize..64) {
        let mask = match shape {
            0 => Mask::diamond(&[side, side + 3]),
            1 => Mask::ellipse(&[side + 2, side]),
            _ => Mask::spiral(&[side + 8, side + 8], 1.5, 0.6),
        }.unwrap();
        let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
        let rooms: Vec<usize> = lat.allowed().ones().collect();
        let (s, t) = (rooms[a % rooms.len()], rooms[b % rooms.len()]);
        prop_assume!(s != t);
        let mut rng = rng_from_seed(seed ^ 0x5a9e);
        let path = random_path(&lat, s, t, &mut rng);
        let algorithms = growing();
        check_around(&lat, &path, algorithms[pick % algorithms.len()], seed)?;
    }

    /// Spiral mazes (one to three arms) are perfect and connected, for every generator that
    /// follows shapes.
    #[test]
    fn spiral_mazes_are_perfect(
        rows in 8usize..=48, cols in 8usize..=48, turns in 1.0f64..5.0, band in 0.3f64..0.9,
        arms in 1usize..=3, seed: u64, pick in 0usize..64,
    ) {
        let mask = Mask::spiral_arms(&[rows, cols], turns, band, arms).unwrap();
        let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
        let algorithms: Vec<Algorithm> = Algorithm::all()
            .into_iter()
            .filter(|a| a.is_perfect() && a.check(&lat).is_ok())
            .collect();
        let algorithm = algorithms[pick % algorithms.len()];
        let maze = generate(&lat, &Options::new(algorithm), &mut rng_from_seed(seed)).unwrap();
        prop_assert!(lat.is_perfect(maze.grid()));
        let (v, e, connected) = graph_facts(&maze);
        prop_assert!(connected);
        prop_assert_eq!(e + 1, v);
        prop_assert_eq!(v, 2 * lat.room_count() - 1 + 2);
    }
}

/// The spiral is a spiral: walking the band from the centre out, the angle keeps turning the
/// same way. Checked on the mask: the kept rooms, by turn of the spiral, fill `turns` rings.
#[test]
fn spiral_band_winds_the_given_number_of_turns() {
    let (side, turns) = (60, 3.0);
    let mask = Mask::spiral(&[side, side], turns, 0.5).unwrap();
    let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
    // One connected band keeps nearly all of the mask (only a few specks at the centre drop).
    assert!(lat.room_count() * 20 > mask.room_count() * 19);
    // A ray from the centre to the right edge crosses the band `turns` times (give or take the
    // centre and the rim).
    let row = side / 2;
    let crossings = (0..side)
        .map(|c| mask.bits().contains(row * side + c))
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| !w[0] && w[1])
        .count();
    assert!((5..=8).contains(&crossings), "{crossings}");
    // Two arms meet at the centre: the double spiral is one shape, and its entrance (its
    // top room) and exit (its bottom room) are on different arms, so the way through goes
    // in to the centre and out again.
    let double = Mask::spiral_arms(&[side, side], 2.0, 0.6, 2).unwrap();
    let lat = Lattice::from_mask(&double, &Limits::default()).unwrap();
    assert!(lat.room_count() * 20 > double.room_count() * 19);
    let maze = generate(
        &lat,
        &Options::new(Algorithm::Kruskal),
        &mut rng_from_seed(1),
    )
    .unwrap();
    let (s, g) = maze.terminals().unwrap();
    let kept = dead_end::fill(&maze, &[s, g]);
    // The centre of the box is cell (side, side), give or take a cropped row or column.
    let near_centre = kept.ones().any(|c| {
        let x = lat.cells().coords(c);
        x[0].abs_diff(side) <= 4 && x[1].abs_diff(side) <= 4
    });
    assert!(near_centre, "the solution does not pass the centre");
    assert!(Mask::spiral(&[10, 10, 10], 2.0, 0.5).is_err());
    assert!(Mask::spiral_arms(&[10, 10], 2.0, 0.5, 0).is_err());
    assert!(Mask::spiral(&[10, 10], 2.0, 1.0).is_err());
}

#[test]
fn bad_paths_are_typed_errors_naming_the_room() {
    let lat = Lattice::new(&[5, 5], &Limits::default()).unwrap();
    let p = |v: &[[usize; 2]]| v.iter().map(|r| r.to_vec()).collect::<Vec<_>>();
    assert!(matches!(
        path_cells(&lat, &p(&[[0, 0], [0, 1], [0, 3]])),
        Err(PathError::NotAdjacent { room: 2, .. })
    ));
    assert!(matches!(
        path_cells(&lat, &p(&[[0, 0], [0, 1], [0, 0]])),
        Err(PathError::Repeated {
            room: 2,
            first: 0,
            ..
        })
    ));
    assert!(matches!(
        path_cells(&lat, &p(&[[4, 4], [4, 5]])),
        Err(PathError::Outside { room: 1, .. })
    ));
    assert!(matches!(
        path_cells(&lat, &p(&[])),
        Err(PathError::TooShort { rooms: 0 })
    ));
    let opts = Options::new(Algorithm::Division);
    let e = generate_with_solution(&lat, &p(&[[0, 0], [0, 1]]), &opts, &mut rng_from_seed(1))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("division cannot grow") && e.contains("wilson"),
        "{e}"
    );
}
