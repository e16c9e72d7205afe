//! Helpers shared by the examples: where they write, and reading a maze file.
#![allow(dead_code)]

use mazegraph::format::{Format, Item, ReadOptions};
use mazegraph::Maze;
use std::error::Error;
use std::path::{Path, PathBuf};

/// The directory named by the first argument, or `$TMPDIR/mazegraph-examples`; created.
pub fn out_dir() -> std::io::Result<PathBuf> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("mazegraph-examples"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Reads the maze in `path`, in the format its extension names.
pub fn read_maze(path: &Path) -> Result<Maze, Box<dyn Error>> {
    match Format::from_path(path)?.read(&std::fs::read(path)?, &ReadOptions::default())? {
        Item::Maze(m) => Ok(m),
        Item::Graph(_) => Err(format!("{} is not a maze", path.display()).into()),
    }
}
