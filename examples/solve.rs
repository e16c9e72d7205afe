//! Solve mazes: dead-end filling (the seed's rule, "every dead end is a wall", iterated until
//! only the solution is left) and breadth-first search, on the bundled PNG maze and on a 3-D
//! maze with a portal; the solved PNG shows the path in red and the cells dead-end filling
//! kept in yellow (any solver's result is drawn the same way, `Overlay::solution`).
//!
//! Run: `cargo run --example solve [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::render::{Overlay, Picture, RenderOptions};
use mazegraph::solve::{bfs, dead_end, solve, Method};
use mazegraph::Maze;
use std::error::Error;
use std::path::Path;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for name in ["perfect15x20.png", "cube.json"] {
        let maze = Maze::open(data.join(name))?;
        let (start, goal) = maze.require_terminals()?;
        // Dead-end filling keeps the cells of every shortest path (and any cycles).
        let filled = dead_end::solve(&maze, start, goal);
        // BFS finds one shortest path; on a perfect maze both agree.
        let shortest = bfs::solve(&maze, start, goal);
        let (Some(a), Some(b)) = (filled.length, shortest.length) else {
            return Err(format!("{name} has no solution").into());
        };
        if a != b {
            return Err(format!("{name}: dead-end filling found {a} steps, BFS {b}").into());
        }
        println!(
            "{name}: {} path cells; dead-end filling filled {} and left {}, a path of {a} \
             steps from {} to {}; BFS reached {} cells for the same length",
            maze.grid().count_paths(),
            filled.visited,
            filled.kept_count(),
            maze.shape().fmt_index(start),
            maze.shape().fmt_index(goal),
            shortest.visited,
        );
        // The path in coordinates, start first.
        let path: Vec<Vec<usize>> = filled.path_coords(&maze).collect();
        println!("  the path's first steps: {:?}", &path[..path.len().min(4)]);
        if maze.shape().ndim() == 2 {
            let overlays = Overlay::solution(&filled);
            let mut picture = Picture::new(&maze, &RenderOptions { scale: 6, overlays })?;
            picture.add_legend();
            let dest = out.join("perfect15x20.solved.png");
            picture.save(&dest)?;
            println!("  solved picture: {}", dest.display());
        }
    }
    // The other solvers share one Solution type.
    let maze = Maze::open(data.join("perfect15x20.png"))?;
    for method in [Method::AStar, Method::Dfs, Method::Tremaux] {
        let s = solve(&maze, method)?;
        println!(
            "  {method}: {:?} steps, {} cells visited",
            s.length, s.visited
        );
    }
    Ok(())
}
