//! Draw mazes: a scaled PNG with the solution and the filled dead ends, an SVG of a maze with
//! portals (each portal's two ends marked with one colour), and a 3-D maze as labelled 2-D
//! slices.
//!
//! Run: `cargo run --example render [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::format::{Format, Item, ReadOptions};
use mazegraph::render::{Overlay, Picture, PictureFormat, RenderOptions};
use mazegraph::Maze;
use std::error::Error;
use std::path::{Path, PathBuf};

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

fn read_maze(path: &Path) -> Result<Maze, Box<dyn Error>> {
    match Format::from_path(path)?.read(&std::fs::read(path)?, &ReadOptions::default())? {
        Item::Maze(m) => Ok(m),
        Item::Graph(_) => Err(format!("{} is not a maze", path.display()).into()),
    }
}

/// The directory named by the first argument, or `$TMPDIR/mazegraph-examples`; created.
fn out_dir() -> std::io::Result<PathBuf> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("mazegraph-examples"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
