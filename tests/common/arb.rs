//! Property-test strategies shared by the format tests (included with `#[path]`).
#![allow(dead_code)]

use mazegraph::grid::{Grid, Shape};
use mazegraph::Maze;
use proptest::prelude::*;

/// Random n-D mazes (1 to 4 axes) with random portals and maybe explicit terminals.
pub fn arb_maze() -> impl Strategy<Value = Maze> {
    prop::collection::vec(1usize..6, 1..=4)
        .prop_flat_map(|dims| {
            let n: usize = dims.iter().product();
            (
                Just(dims),
                prop::collection::vec(any::<bool>(), n),
                prop::collection::vec(
                    (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
                    0..4,
                ),
                any::<bool>(),
            )
        })
        .prop_map(|(dims, bits, portals, explicit)| {
            let shape = Shape::new(dims).unwrap();
            let mut grid = Grid::walls(shape);
            for (i, &b) in bits.iter().enumerate() {
                grid.set_path(i, b);
            }
            let paths: Vec<usize> = grid.paths().collect();
            let mut m = Maze::new(grid);
            if !paths.is_empty() {
                for (a, b) in portals {
                    let (a, b) = (*a.get(&paths), *b.get(&paths));
                    if a != b {
                        m.add_portal(a, b).unwrap();
                    }
                }
                if explicit && paths.len() >= 2 {
                    m.set_terminals(Some(paths[paths.len() / 2]), Some(paths[0]))
                        .unwrap();
                }
            }
            m
        })
}
