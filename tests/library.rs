//! The library as a user meets it (issue 15): files opened and saved by path, results in
//! coordinates, and results the caller computed drawn as overlays, on random n-D mazes with
//! portals.

use mazegraph::render::{self, Overlay, Picture, RenderOptions};
use mazegraph::solve::{solve, Method};
use mazegraph::{Graph, Maze};
use proptest::prelude::*;

#[path = "common/arb.rs"]
mod arb;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Maze JSON holds everything (n-D, terminals, portals): saved and opened again, the
    /// maze is the same; a graph format holds its cell graph.
    #[test]
    fn saved_and_opened_again(maze in arb::arb_maze()) {
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("m.json");
        maze.save(&json).unwrap();
        prop_assert_eq!(Maze::open(&json).unwrap(), maze.clone());
        let graphml = dir.path().join("m.graphml");
        maze.save(&graphml).unwrap();
        prop_assert_eq!(Graph::open(&graphml).unwrap(), Graph::from_maze(&maze));
    }

    /// The path in coordinates names the path's cells, in order; drawn as the caller's
    /// overlay, it is red between a green start and a blue goal, and the kept cells off it
    /// are yellow.
    #[test]
    fn a_solution_in_coordinates_and_drawn(maze in arb::arb_maze()) {
        let Ok(s) = solve(&maze, Method::Bfs) else { return Ok(()) };
        let Some(path) = &s.path else { return Ok(()) };
        let coords: Vec<Vec<usize>> = s.path_coords(&maze).collect();
        prop_assert_eq!(coords.len(), path.len());
        for (c, &i) in coords.iter().zip(path) {
            prop_assert_eq!(maze.shape().index(c), Some(i));
        }
        prop_assert_eq!(s.kept_coords(&maze).count(), s.kept_count());
        let opts = RenderOptions { scale: 1, overlays: Overlay::solution(&s) };
        let picture = Picture::new(&maze, &opts).unwrap();
        prop_assert_eq!(picture.colour_of(s.start), render::START);
        prop_assert_eq!(picture.colour_of(s.goal), render::GOAL);
        for &i in &path[1..path.len() - 1] {
            prop_assert_eq!(picture.colour_of(i), render::PATH);
        }
        for i in s.kept.ones().filter(|i| !path.contains(i)) {
            prop_assert_eq!(picture.colour_of(i), render::KEPT);
        }
    }
}
