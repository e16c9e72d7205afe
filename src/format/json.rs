//! The maze JSON format (`.json`), any number of dimensions.
//!
//! ```json
//! {"shape": [3, 5], "cells": "#.####...####.#", "start": [0, 1], "goal": null,
//!  "portals": [[[1, 1], [1, 3]]]}
//! ```
//!
//! `cells` lists the cells row-major (last axis fastest), `#` wall and `.` path (a space is
//! read as path too); its length is the product of `shape`. `start`, `goal` (coordinates or
//! `null`) and `portals` (pairs of coordinates) may be omitted; other keys are ignored. The
//! writer emits exactly these five keys.
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::ReadOptions;
use crate::error::{Error, Result};
use crate::grid::{Grid, Shape};
use crate::maze::Maze;
use serde::Deserialize;
use std::io::Write;

const NAME: &str = "json";

#[derive(Deserialize)]
struct MazeJson {
    shape: Vec<i64>,
    cells: String,
    #[serde(default)]
    start: Option<Vec<i64>>,
    #[serde(default)]
    goal: Option<Vec<i64>>,
    #[serde(default)]
    portals: Vec<[Vec<i64>; 2]>,
}

/// Parses maze JSON.
///
/// ```
/// use mazegraph::format::json;
/// let m = json::parse(r#"{"shape":[1,3],"cells":".#."}"#, &Default::default()).unwrap();
/// assert_eq!(m.grid().count_paths(), 2);
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Maze> {
    // serde's derived reader also takes a struct as a list of its fields in order
    // (`[[3, 5], "#.#…"]`): not this format.
    let body = text.trim_start();
    if !body.is_empty() && !body.starts_with('{') {
        let line = 1 + text[..text.len() - body.len()].matches('\n').count();
        return Err(Error::parse(
            NAME,
            line,
            "expected a JSON object {\"shape\": […], \"cells\": \"…\", …}",
        ));
    }
    let doc: MazeJson = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        // serde_json appends " at line L column C"; the line goes in front instead.
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        Error::parse(NAME, e.line(), msg)
    })?;
    let line_of = |key: &str| {
        text.find(&format!("\"{key}\""))
            .map_or(0, |p| 1 + text[..p].matches('\n').count())
    };
    let mut dims = Vec::with_capacity(doc.shape.len());
    for &d in &doc.shape {
        if d < 1 {
            return Err(Error::parse(
                NAME,
                line_of("shape"),
                format!("shape has length {d} on an axis; every axis needs at least 1 cell"),
            ));
        }
        dims.push(usize::try_from(d).map_err(|_| {
            Error::parse(
                NAME,
                line_of("shape"),
                format!("axis length {d} is too large"),
            )
        })?);
    }
    if dims.is_empty() {
        return Err(Error::parse(NAME, line_of("shape"), "shape is empty"));
    }
    let shape = Shape::with_limits(dims, &opts.limits)?;
    let cells = doc.cells.as_bytes();
    if cells.len() != shape.len() {
        return Err(Error::parse(
            NAME,
            line_of("cells"),
            format!(
                "cells has {} characters but shape {:?} needs {}",
                doc.cells.chars().count(),
                shape.dims(),
                shape.len()
            ),
        ));
    }
    let mut grid = Grid::walls(shape);
    for (i, &b) in cells.iter().enumerate() {
        match b {
            b'#' => {}
            b'.' | b' ' => grid.set_path(i, true),
            _ => {
                let ch = doc.cells[i..].chars().next().unwrap_or('?');
                return Err(Error::parse(
                    NAME,
                    line_of("cells"),
                    format!("cells[{i}] is {ch:?}; use '#' for wall and '.' for path"),
                ));
            }
        }
    }
    let mut maze = Maze::new(grid);
    let shape = maze.shape().clone();
    let cell = |key: &str, c: &[i64]| {
        shape.index_signed(c).ok_or_else(|| {
            Error::parse(
                NAME,
                line_of(key),
                format!(
                    "{key} {} is outside the grid of shape {:?}",
                    crate::grid::fmt_coords(c),
                    shape.dims()
                ),
            )
        })
    };
    let start = doc.start.as_deref().map(|c| cell("start", c)).transpose()?;
    let goal = doc.goal.as_deref().map(|c| cell("goal", c)).transpose()?;
    maze.set_terminals(start, goal)
        .map_err(|e| Error::parse(NAME, line_of("start"), e.to_string()))?;
    for [a, b] in &doc.portals {
        let (a, b) = (cell("portals", a)?, cell("portals", b)?);
        maze.add_portal(a, b)
            .map_err(|e| Error::parse(NAME, line_of("portals"), e.to_string()))?;
    }
    Ok(maze)
}

fn coords_json(shape: &Shape, i: usize) -> String {
    let c: Vec<String> = shape.coords(i).iter().map(|x| x.to_string()).collect();
    format!("[{}]", c.join(", "))
}

/// Writes a maze as JSON (cells streamed, 1 byte per cell).
pub fn write(maze: &Maze, out: &mut dyn Write) -> Result<()> {
    let shape = maze.shape();
    let dims: Vec<String> = shape.dims().iter().map(|d| d.to_string()).collect();
    write!(out, "{{\"shape\": [{}], \"cells\": \"", dims.join(", "))?;
    let grid = maze.grid();
    let mut buf = Vec::with_capacity(1 << 16);
    for i in 0..grid.len() {
        buf.push(if grid.is_path(i) { b'.' } else { b'#' });
        if buf.len() == buf.capacity() {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    let term = |t: Option<usize>| t.map_or("null".to_string(), |i| coords_json(shape, i));
    write!(
        out,
        "\", \"start\": {}, \"goal\": {}, \"portals\": [",
        term(maze.explicit_start()),
        term(maze.explicit_goal())
    )?;
    for (k, &(a, b)) in maze.portals().iter().enumerate() {
        if k > 0 {
            out.write_all(b", ")?;
        }
        write!(
            out,
            "[{}, {}]",
            coords_json(shape, a),
            coords_json(shape, b)
        )?;
    }
    out.write_all(b"]}\n")?;
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_3d_with_portal_and_terminals() {
        let text = "{\"shape\": [2, 2, 3], \"cells\": \".#..#.##.#..\", \"start\": [0, 0, 0], \"goal\": [1, 1, 2], \"portals\": [[[0, 0, 2], [1, 1, 1]]]}\n";
        let m = parse(text, &ReadOptions::default()).unwrap();
        let mut out = Vec::new();
        write(&m, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
    }

    #[test]
    fn bad_inputs_are_clear_errors() {
        let o = ReadOptions::default();
        let e = parse("{\"shape\": [2, 2],\n \"cells\": \"...\"}", &o).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: cells has 3 characters but shape [2, 2] needs 4"
        );
        let e = parse("{\"shape\": [0, 2], \"cells\": \"\"}", &o).unwrap_err();
        assert!(e.to_string().contains("at least 1 cell"), "{e}");
        let e = parse("{\"shape\": [-3, 2], \"cells\": \"\"}", &o).unwrap_err();
        assert!(e.to_string().contains("at least 1 cell"), "{e}");
        let e = parse(
            "{\"shape\": [4294967296, 4294967296, 4294967296], \"cells\": \"\"}",
            &o,
        )
        .unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        let e = parse(
            "{\"shape\": [1, 2], \"cells\": \"..\",\n\"portals\": [[[0, 0], [0, 5]]]}",
            &o,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: portals (0, 5) is outside the grid of shape [1, 2]"
        );
        let e = parse("\n [[1, 2], \"..\"]", &o).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: expected a JSON object {\"shape\": […], \"cells\": \"…\", …}"
        );
        let e = parse("{\"shape\": [1, 2], \"cells\": \"x.\"}", &o).unwrap_err();
        assert!(e.to_string().contains("cells[0] is 'x'"), "{e}");
        let e = parse("{\"shape\": [1, 2],\n \"cells\": ", &o).unwrap_err();
        assert!(e.to_string().starts_with("line 2: "), "{e}");
        let e = parse(
            "{\"shape\": [1, 2], \"cells\": \"#.\", \"start\": [0, 0]}",
            &o,
        )
        .unwrap_err();
        assert!(e.to_string().contains("is a wall"), "{e}");
    }
}
