//! Mazes the benches share, made by the library's own generator (seeded, reproducible).

#![allow(dead_code)] // each bench uses part of this module

use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
use mazegraph::grid::Limits;
use mazegraph::Maze;

/// A perfect maze of `rooms`×`rooms` rooms (a (2·rooms+1)² cell grid) by the recursive
/// backtracker, with its entrance on the top row and its exit on the bottom row.
pub fn perfect_maze(rooms: usize, seed: u64) -> Maze {
    maze_with_loops(rooms, 0, seed)
}

/// The same with `loops` extra walls opened (cycles everywhere when `loops` is large).
pub fn maze_with_loops(rooms: usize, loops: usize, seed: u64) -> Maze {
    let lattice = Lattice::new(&[rooms, rooms], &Limits::default()).expect("a lattice");
    let mut opts = Options::new(Algorithm::Backtracker);
    opts.loops = loops;
    generate(&lattice, &opts, &mut rng_from_seed(seed)).expect("a maze")
}
