//! Draw mazes: a scaled PNG with the solution and the filled dead ends, an SVG of a maze with
//! portals (each portal's two ends marked with one colour), and a 3-D maze as labelled 2-D
//! slices; then a result the caller computed (a breadth-first search) drawn as an overlay.
//!
//! Run: `cargo run --example render [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::render::{Overlay, Picture, PictureFormat, RenderOptions};
use mazegraph::solve::{solve, Method};
use mazegraph::Maze;
use std::error::Error;
use std::path::Path;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let jobs = [
        (
            "perfect15x20.png",
            8,
            vec![Overlay::Filled, Overlay::Solution],
            PictureFormat::Png,
        ),
        (
            "portals.txt",
            12,
            vec![Overlay::Solution, Overlay::Portals],
            PictureFormat::Svg,
        ),
        ("cube.json", 6, vec![Overlay::Solution], PictureFormat::Png),
    ];
    for (name, scale, overlays, format) in jobs {
        let maze = Maze::open(data.join(name))?;
        let mut picture = Picture::new(&maze, &RenderOptions { scale, overlays })?;
        picture.add_legend(); // a strip naming the colours the overlays use
        let ext = match format {
            PictureFormat::Png => "png",
            PictureFormat::Svg => "svg",
        };
        let stem = name.split('.').next().unwrap_or(name);
        let dest = out.join(format!("{stem}.render.{ext}"));
        picture.save(&dest)?;
        println!(
            "{name}: {}-D, {}×{} pixels at scale {scale}, {} bytes of {ext} -> {}",
            maze.shape().ndim(),
            picture.width(),
            picture.height(),
            std::fs::metadata(&dest)?.len(),
            dest.display()
        );
    }
    // A result the caller computed, drawn over the maze: breadth-first search's path, and the
    // cells it reached before finding the goal in yellow.
    let maze = Maze::open(data.join("perfect15x20.png"))?;
    let bfs = solve(&maze, Method::Bfs)?;
    let overlays = Overlay::solution(&bfs);
    let dest = out.join("perfect15x20.bfs.png");
    let mut picture = Picture::new(&maze, &RenderOptions { scale: 8, overlays })?;
    picture.add_legend();
    picture.save(&dest)?;
    println!(
        "perfect15x20.png: BFS reached {} cells -> {}",
        bfs.visited,
        dest.display()
    );
    Ok(())
}
