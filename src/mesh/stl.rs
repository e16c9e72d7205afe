//! Binary STL: an 80-byte header, the triangle count, then 50 bytes a triangle (normal, three
//! vertices as little-endian `f32`, a zero attribute), in millimetres.
//!
//! The triangles are counted first ([`Print::triangles`], a dry pass) and then streamed: the
//! memory used does not grow with the maze. Writing is O(cells) time.

use super::{Facing, Print, Vertex};
use crate::error::{Error, Result};
use std::io::Write;

/// The header: names the writer; never starts with `solid`, which would read as ASCII STL.
pub const HEADER: &[u8; 80] =
    b"binary STL of a maze, in millimetres, written by mazegraph                      ";

/// Bytes of a binary STL of `triangles` triangles.
pub fn size(triangles: u64) -> u64 {
    84u64.saturating_add(triangles.saturating_mul(50))
}

/// Writes `print` as binary STL; `triangles` is its count from [`Print::triangles`], and
/// `progress(done, total)` is called as triangles are written.
///
/// Errors: [`Error::Unsupported`] past 2³² − 1 triangles (the format's count is 32 bits), and
/// I/O errors.
///
/// ```
/// use mazegraph::mesh::{stl, Print, Sizes};
/// use mazegraph::Maze;
/// let maze = Maze::from_text_rows(&["#.#", "#.#"])?;
/// let print = Print::new(&maze, Sizes::default(), None)?;
/// let n = print.triangles();
/// let mut out = Vec::new();
/// stl::write(&print, n, &mut out, &mut |_, _| {})?;
/// assert_eq!(out.len() as u64, stl::size(n));
/// # Ok::<(), mazegraph::Error>(())
/// ```
pub fn write(
    print: &Print,
    triangles: u64,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<()> {
    let count = u32::try_from(triangles).map_err(|_| {
        Error::Unsupported(format!(
            "binary STL holds at most {} triangles, and this print has {triangles}",
            u32::MAX
        ))
    })?;
    out.write_all(HEADER)?;
    out.write_all(&count.to_le_bytes())?;
    let mut done = 0u64;
    let mut record = [0u8; 50];
    print.for_each_triangle(&mut |facing: Facing, tri: [Vertex; 3]| {
        let mut at = 0;
        let mut put = |v: [f32; 3]| {
            for x in v {
                record[at..at + 4].copy_from_slice(&x.to_le_bytes());
                at += 4;
            }
        };
        put(facing.normal());
        for v in tri {
            put(print.position(v));
        }
        out.write_all(&record)?;
        done += 1;
        if done.is_multiple_of(1 << 16) {
            progress(done, triangles);
        }
        Ok(())
    })?;
    progress(done, triangles);
    Ok(())
}
