//! Wavefront OBJ: the vertices (`v x y z`, millimetres), then the triangles (`f i j k`,
//! counter-clockwise seen from outside), one object (`o level-N`) per level.
//!
//! Vertices are shared, so that the file is the closed mesh itself (an STL repeats them). To
//! number them the writer keeps one `u32` per lattice point; time is O(cells).

use super::{Print, Vertex};
use crate::error::{Error, Result};
use crate::grid::Limits;
use std::io::Write;

/// Bytes the writer allocates for `print` (its vertex numbering).
pub fn memory(print: &Print) -> u64 {
    let (rows, cols) = print.lattice();
    (rows as u64 + 1) * (cols as u64 + 1) * print.level_count() as u64 * 4
}

/// Writes `print` as OBJ, its memory checked against `limits` first.
///
/// Errors: [`Error::OverBudget`], [`Error::Unsupported`] past 2³² − 1 vertices, and I/O errors.
///
/// ```
/// use mazegraph::mesh::{obj, Print, Sizes};
/// use mazegraph::{grid::Limits, Maze};
/// let maze = Maze::from_text_rows(&["#.#", "#.#"])?;
/// let print = Print::new(&maze, Sizes::default(), None)?;
/// let mut out = Vec::new();
/// obj::write(&print, &Limits::default(), &mut out)?;
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.lines().filter(|l| l.starts_with("f ")).count() as u64, print.triangles());
/// # Ok::<(), mazegraph::Error>(())
/// ```
pub fn write(print: &Print, limits: &Limits, out: &mut dyn Write) -> Result<()> {
    limits.check_bytes("numbering the OBJ's vertices", memory(print))?;
    let (rows, cols) = print.lattice();
    let points = (rows + 1) * (cols + 1);
    let mut first = crate::grid::try_with_capacity::<u32>(points * print.level_count())?;
    writeln!(
        out,
        "# a maze to 3-D print, in millimetres, written by mazegraph"
    )?;
    let mut next = 0u64;
    for level in 0..print.level_count() {
        for r in 0..=rows {
            crate::stop::check();
            for c in 0..=cols {
                first.push(next as u32);
                let mask = print.vertex_mask(level, c, r);
                for z in (0..4u8).filter(|z| mask & (1 << z) != 0) {
                    let [x, y, z] = print.position(Vertex {
                        level: level as u32,
                        row: r as u32,
                        col: c as u32,
                        z,
                    });
                    writeln!(out, "v {x} {y} {z}")?;
                    next += 1;
                }
                if next > u64::from(u32::MAX) {
                    return Err(Error::Unsupported(
                        "this OBJ would have more than 2^32 vertices".to_string(),
                    ));
                }
            }
        }
    }
    let id = |v: Vertex| {
        let point = (v.level as usize * (rows + 1) + v.row as usize) * (cols + 1) + v.col as usize;
        let mask = print.vertex_mask(v.level as usize, v.col as usize, v.row as usize);
        u64::from(first[point]) + u64::from((mask & ((1u8 << v.z) - 1)).count_ones()) + 1
    };
    let mut level = None;
    print.for_each_triangle(&mut |_, [a, b, c]| {
        if level != Some(a.level) {
            level = Some(a.level);
            writeln!(out, "o level-{}", a.level + 1)?;
        }
        writeln!(out, "f {} {} {}", id(a), id(b), id(c))?;
        Ok(())
    })
}
