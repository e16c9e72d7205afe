//! Generate mazes: a few algorithms on the same box and seed (perfect mazes: one path between
//! any two cells, so cells − 1 edges), a shaped maze (an ellipse turned by a nalgebra matrix),
//! and a 3-D maze written as n-D JSON.
//!
//! Run: `cargo run --example generate [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Mask, Options, Transform};
use mazegraph::grid::Limits;
use mazegraph::solve::{solve, Method};
use mazegraph::{Graph, Maze};
use nalgebra::DMatrix;
use std::error::Error;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let limits = Limits::default();
    let box_20x30 = Lattice::new(&[20, 30], &limits)?;
    for algorithm in [
        Algorithm::Backtracker,
        Algorithm::Kruskal,
        Algorithm::Wilson,
        Algorithm::Growth,
        Algorithm::Sidewinder,
    ] {
        // The same seed gives the same maze on every platform.
        let maze = generate(&box_20x30, &Options::new(algorithm), &mut rng_from_seed(7))?;
        let name = format!("{}.png", algorithm.name());
        maze.save(out.join(&name))?;
        println!("{:<12} {}", algorithm.name(), summary(&maze)?);
    }

    // A shape: the ellipse of a 24×40 box, turned 30° and sheared, by a nalgebra matrix.
    let turn = Transform::rotation(2, 0, 1, 30.0)?;
    let shear = Transform::from_matrix(DMatrix::from_row_slice(2, 2, &[1.0, 0.3, 0.0, 1.0]))?;
    let mask = Mask::ellipse(&[24, 40])?.transformed(&turn.then(&shear)?, &limits)?;
    let lattice = Lattice::from_mask(&mask, &limits)?;
    let shaped = generate(
        &lattice,
        &Options::new(Algorithm::Kruskal),
        &mut rng_from_seed(3),
    )?;
    shaped.save(out.join("ellipse.txt"))?;
    println!("{:<12} {}", "ellipse", summary(&shaped)?);

    // Three dimensions: 6×6×6 rooms, 13×13×13 cells.
    let cube = Lattice::new(&[6, 6, 6], &limits)?;
    let maze = generate(
        &cube,
        &Options::new(Algorithm::Kruskal),
        &mut rng_from_seed(1),
    )?;
    maze.save(out.join("cube.json"))?;
    println!("{:<12} {}", "3-D kruskal", summary(&maze)?);
    println!("written to {}", out.display());
    Ok(())
}

/// Size, perfection and solution length, in words.
fn summary(maze: &Maze) -> Result<String, Box<dyn Error>> {
    let g = Graph::from_maze(maze);
    let dead_ends = (0..g.vertex_count() as u32)
        .filter(|&v| g.degree(v) == 1)
        .count();
    let perfect = g.edge_count() + 1 == g.vertex_count();
    let path = solve(maze, Method::Bfs)?
        .length
        .ok_or("the maze has no solution")?;
    Ok(format!(
        "{} cells: {} path cells, {} dead ends, {}, solution of {path} steps",
        maze.shape()
            .dims()
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("×"),
        g.vertex_count(),
        dead_ends,
        if perfect { "perfect" } else { "with cycles" },
    ))
}
