//! Draw mazes: a scaled PNG with the solution and the filled dead ends, an SVG of a maze with
//! portals (each portal's two ends marked with one colour), and a 3-D maze as labelled 2-D
//! slices.
//!
//! Run: `cargo run --example render [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::render::{Overlay, Picture, PictureFormat, RenderOptions};
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
        let maze = read_maze(&data.join(name))?;
        let picture = Picture::new(&maze, &RenderOptions { scale, overlays })?;
        let ext = match format {
            PictureFormat::Png => "png",
            PictureFormat::Svg => "svg",
        };
        let stem = name.split('.').next().unwrap_or(name);
        let dest = out.join(format!("{stem}.render.{ext}"));
        let mut bytes = Vec::new();
        picture.write(format, &mut bytes)?;
        std::fs::write(&dest, &bytes)?;
        println!(
            "{name}: {}-D, {}×{} pixels at scale {scale}, {} bytes of {ext} -> {}",
            maze.shape().ndim(),
            picture.width(),
            picture.height(),
            bytes.len(),
            dest.display()
        );
    }
    Ok(())
}
