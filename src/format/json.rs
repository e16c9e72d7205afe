//! The maze JSON format (`.json`), any number of dimensions.
//!
//! ```json
//! {"shape": [3, 5], "cells": "#.####...####.#", "start": [0, 1], "goal": null,
//!  "portals": [[[1, 1], [1, 3]]]}
//! ```
//!
//! `cells` lists the cells row-major (last axis fastest), `#` wall and `.` path (a space is
//! read as path too), as one string or as a list of strings (rows) read one after the other;
//! its length is the product of `shape`. `start`, `goal` (coordinates or
//! `null`) and `portals` (pairs of coordinates) may be omitted; other keys are ignored. The
//! writer emits exactly these five keys.
//!
//! **A `.json` file is read by its content** ([`read_item`], which [`Format::read`](super::Format::read) uses for
//! `json` and `graph.json`): [`sniff`] looks at the top-level object's keys, in order, until
//! one tells what the document is, skipping the values before it without building them
//! (mazegraph and networkx write the telling key first or after a few small ones), then the
//! document is parsed once, by its reader:
//!
//! | first telling key | read as |
//! |---|---|
//! | `"shape"`, `"cells"` | a maze (this module) |
//! | `"nodes"`, `"links"`, `"edges"` (or only networkx's `"directed"`, `"multigraph"`, `"graph"`) | a graph ([`super::graph_json`]) |
//! | `"connection_list"`, `"__muutils_format__"` | a maze ([`super::maze_dataset::parse_maze`]) |
//! | `"tiling"` | a tiled maze, read as its graph ([`super::tiled`]) |
//! | `"vertices"` | refused: game JSON is a game ([`crate::game::format::json`]) |
//!
//! and a top-level list of lists of lists (`[[[0, 1], [0, 0]], …]`) is maze-dataset's
//! adjacency list, a graph ([`super::maze_dataset::parse_adj_list`]). Anything else is one
//! error line saying what was expected.
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::{graph_json, maze_dataset, Item, ReadOptions};
use crate::error::{Error, Result};
use crate::grid::{Grid, Shape};
use crate::maze::Maze;
use serde::Deserialize;
use std::io::Write;

const NAME: &str = "json";

#[derive(Deserialize)]
struct MazeJson {
    shape: Vec<i64>,
    #[serde(deserialize_with = "cells_text")]
    cells: String,
    #[serde(default)]
    start: Option<Vec<i64>>,
    #[serde(default)]
    goal: Option<Vec<i64>>,
    #[serde(default)]
    portals: Vec<[Vec<i64>; 2]>,
}

/// `cells` as one string, or as a list of strings (rows, as people write a 2-D maze by hand)
/// joined in order.
fn cells_text<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<String, D::Error> {
    struct Cells;
    impl<'de> serde::de::Visitor<'de> for Cells {
        type Value = String;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("cells as one string of '#' and '.', or a list of row strings")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> std::result::Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut rows: A,
        ) -> std::result::Result<String, A::Error> {
            let mut all = String::new();
            while let Some(row) = rows.next_element::<String>()? {
                all.push_str(&row);
            }
            Ok(all)
        }
    }
    d.deserialize_any(Cells)
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
    let doc: MazeJson = serde_json::from_str(text).map_err(|e| super::json_error(NAME, &e))?;
    let line_of = |key: &str| super::key_line(text, key);
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

/// What a JSON document holds, as [`sniff`] tells it from its first keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// mazegraph's maze JSON (`"shape"`, `"cells"`): this module.
    Maze,
    /// Node-link graph JSON (networkx; `"nodes"`, `"links"` or `"edges"`).
    NodeLink,
    /// mazegraph's game JSON (`"vertices"`), which holds a game, not a maze or a graph.
    Game,
    /// maze-dataset's adjacency list, a JSON list of `[[r, c], [r, c]]` pairs.
    MazeDatasetAdjList,
    /// maze-dataset's serialized maze (`"connection_list"`, muutils's `"__muutils_format__"`).
    MazeDataset,
    /// mazegraph's tiled maze JSON (`"tiling"`): hexagons, triangles, rings, octagons
    /// ([`super::tiled`]).
    Tiled,
}

/// What the JSON document `text` holds, told from the start of its top-level value: a list
/// starting `[[[` (or `[]`) is maze-dataset's adjacency list; in an object, the first key that
/// tells (see the [module docs](self)) decides, values before it being skipped without being
/// built. `None` when nothing tells (not an object or such a list, no telling key, or a
/// syntax error before one): [`read_item`] then says what is wrong.
///
/// O(bytes up to the telling key) time, no allocation; never recurses, so any nesting depth
/// is safe.
///
/// ```
/// use mazegraph::format::json::{sniff, Kind};
/// assert_eq!(sniff(r#"{"shape": [1, 2], "cells": ".."}"#), Some(Kind::Maze));
/// assert_eq!(sniff(r#"{"directed": false, "graph": {"shape": [2]}, "nodes": []}"#), Some(Kind::NodeLink));
/// assert_eq!(sniff(r#"{"start": 0, "vertices": []}"#), Some(Kind::Game));
/// assert_eq!(sniff("[[[0, 1], [0, 0]]]"), Some(Kind::MazeDatasetAdjList));
/// assert_eq!(sniff(r#"{"__muutils_format__": "SolvedMaze(SerializableDataclass)"}"#), Some(Kind::MazeDataset));
/// assert_eq!(sniff(r#"{"name": "x"}"#), None);
/// ```
pub fn sniff(text: &str) -> Option<Kind> {
    let b = text.as_bytes();
    let i = skip_ws(b, 0);
    match b.get(i)? {
        b'[' => {
            let j = skip_ws(b, i + 1);
            match b.get(j)? {
                b']' => Some(Kind::MazeDatasetAdjList),
                b'[' => {
                    (b.get(skip_ws(b, j + 1)) == Some(&b'[')).then_some(Kind::MazeDatasetAdjList)
                }
                _ => None,
            }
        }
        b'{' => sniff_keys(b, i + 1),
        _ => None,
    }
}

/// The keys of the object whose `{` is just before `i`, until one tells.
fn sniff_keys(b: &[u8], mut i: usize) -> Option<Kind> {
    // networkx writes "directed", "multigraph", "graph" before "nodes": a document with only
    // those (no nodes) is still node-link.
    let mut networkx = false;
    loop {
        i = skip_ws(b, i);
        if b.get(i) != Some(&b'"') {
            break;
        }
        let end = skip_string(b, i)?;
        let key = b.get(i + 1..end - 1)?;
        match key {
            b"shape" | b"cells" => return Some(Kind::Maze),
            b"nodes" | b"links" | b"edges" => return Some(Kind::NodeLink),
            b"vertices" => return Some(Kind::Game),
            b"tiling" => return Some(Kind::Tiled),
            b"connection_list" | b"__muutils_format__" => return Some(Kind::MazeDataset),
            b"directed" | b"multigraph" | b"graph" => networkx = true,
            _ => {}
        }
        i = skip_ws(b, end);
        if b.get(i) != Some(&b':') {
            break;
        }
        i = skip_ws(b, skip_value(b, i + 1)?);
        if b.get(i) != Some(&b',') {
            break;
        }
        i += 1;
    }
    networkx.then_some(Kind::NodeLink)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t' | b'\r' | b'\n')) {
        i += 1;
    }
    i
}

/// The index just past the string whose opening quote is at `i`; `None` if unterminated.
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index just past the JSON value starting at or after `i` (not checked, only skipped:
/// strings, and brackets by depth); `None` if the text ends first.
fn skip_value(b: &[u8], i: usize) -> Option<usize> {
    let mut i = skip_ws(b, i);
    let mut depth = 0usize;
    loop {
        match *b.get(i)? {
            b'"' => {
                i = skip_string(b, i)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' if depth > 0 => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n' if depth == 0 => return Some(i),
            _ => i += 1,
        }
    }
}

/// The 1-based line of byte `i` of `text`.
pub(crate) fn line_at(text: &str, i: usize) -> usize {
    1 + text
        .as_bytes()
        .get(..i)
        .unwrap_or(text.as_bytes())
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
}

/// What [`read_item`] expects, for its refusal of anything else.
const EXPECTED: &str =
    "expected maze JSON {\"shape\": […], \"cells\": \"…\"}, node-link graph JSON \
     {\"nodes\": […], \"links\" or \"edges\": […]}, or maze-dataset's adjacency list \
     [[[r, c], [r, c]], …] or serialized maze {\"connection_list\": …}";

/// Reads a JSON document as what it holds ([`sniff`]): a maze (maze JSON, maze-dataset's
/// serialized maze) or a graph (node-link JSON, maze-dataset's adjacency list). Game JSON is
/// refused with one line naming the commands that take a game; anything else with one line
/// saying what was expected (a syntax error first, with its line). `fallback` is read when
/// nothing tells: `Format::GraphJson` passes [`Kind::NodeLink`], so that the node-link reader
/// explains what is wrong in its own terms.
///
/// ```
/// use mazegraph::format::{json, Item};
/// let o = Default::default();
/// let maze = json::read_item(r#"{"shape": [1, 3], "cells": "..."}"#, &o, None).unwrap();
/// assert!(matches!(maze, Item::Maze(_)));
/// let graph = json::read_item(r#"{"nodes": [{"id": "a"}, {"id": "b"}], "links": [{"source": "a", "target": "b"}]}"#, &o, None).unwrap();
/// assert!(matches!(graph, Item::Graph(g) if g.edge_count() == 1));
/// let e = json::read_item(r#"{"vertices": []}"#, &o, None).unwrap_err();
/// assert!(e.to_string().contains("game JSON"), "{e}");
/// ```
pub fn read_item(text: &str, opts: &ReadOptions, fallback: Option<Kind>) -> Result<Item> {
    read_item_noted(text, opts, fallback).map(|(item, _)| item)
}

/// [`read_item`], with the node-link reader's notes (a directed graph read as undirected,
/// parallel edges merged: [`graph_json::parse_noted`]).
///
/// ```
/// use mazegraph::format::json;
/// let text = r#"{"directed": true, "nodes": [{"id": 1}, {"id": 2}],
///   "links": [{"source": 1, "target": 2}, {"source": 2, "target": 1}]}"#;
/// let (_, notes) = json::read_item_noted(text, &Default::default(), None).unwrap();
/// assert_eq!(notes, ["the graph is directed: 2 edges are read as 1 undirected edge"]);
/// ```
pub fn read_item_noted(
    text: &str,
    opts: &ReadOptions,
    fallback: Option<Kind>,
) -> Result<(Item, Vec<String>)> {
    let item = match sniff(text).or(fallback) {
        Some(Kind::NodeLink) => {
            return graph_json::parse_noted(text, opts).map(|(g, notes)| (Item::Graph(g), notes))
        }
        Some(Kind::Maze) => parse(text, opts).map(Item::Maze),
        Some(Kind::MazeDatasetAdjList) => maze_dataset::parse_adj_list(text, opts).map(Item::Graph),
        Some(Kind::MazeDataset) => maze_dataset::parse_maze(text, opts).map(Item::Maze),
        Some(Kind::Tiled) => super::tiled::parse(text, opts).map(|m| Item::Graph(m.to_graph())),
        Some(Kind::Game) => {
            let line = text.find("\"vertices\"").map_or(0, |p| line_at(text, p));
            Err(Error::parse(
                NAME,
                line,
                "this is game JSON (\"vertices\"): a game, not a maze or a graph; \
                 solve-game, attractor and convert --to pg take it, named .game.json or \
                 with --from game.json",
            ))
        }
        None => {
            // A syntax error says more than "not recognised"; serde_json finds it.
            if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
                return Err(super::json_error(NAME, &e));
            }
            Err(Error::parse(
                NAME,
                line_at(text, skip_ws(text.as_bytes(), 0)),
                EXPECTED,
            ))
        }
    }?;
    Ok((item, Vec::new()))
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
    fn cells_may_be_a_list_of_rows() {
        let read = |t: &str| parse(&t.replace('\'', "\""), &Default::default());
        let flat = read("{'shape': [2, 3], 'cells': '####.#'}").unwrap();
        let rows = read("{'shape': [2, 3], 'cells': ['###', '#.#']}").unwrap();
        assert_eq!(rows.grid(), flat.grid());
        let e = read("{'shape': [2, 3], 'cells': 5}").unwrap_err();
        assert!(e.to_string().contains("a list of row strings"), "{e}");
        let e = read("{'shape': [2, 3], 'cells': ['###']}").unwrap_err();
        assert!(e.to_string().contains("cells has 3 characters"), "{e}");
    }

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

    #[test]
    fn sniff_skips_values_and_reads_escaped_keys_raw() {
        let nested =
            r#"{"graph": {"nodes": [1, "]}"], "x": {"cells": 1}}, "a\"b": "{[", "edges": []}"#;
        assert_eq!(sniff(nested), Some(Kind::NodeLink));
        assert_eq!(sniff(r#"{"directed": true}"#), Some(Kind::NodeLink));
        assert_eq!(sniff(r#"  {"x": 1, "cells": "."}"#), Some(Kind::Maze));
        assert_eq!(
            sniff("[ [\n [0, 1], [0, 0]]]"),
            Some(Kind::MazeDatasetAdjList)
        );
        assert_eq!(sniff("[]"), Some(Kind::MazeDatasetAdjList));
        for none in [
            "",
            "{",
            r#"{"x": "#,
            r#"{"x" 1, "cells": 1}"#,
            "[[3, 5], \"..\"]",
            "7",
            "{}",
        ] {
            assert_eq!(sniff(none), None, "{none:?}");
        }
        // Any depth, no recursion.
        let deep = format!(
            "{{\"x\": {}{}, \"shape\": 1}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(sniff(&deep), Some(Kind::Maze));
        assert_eq!(sniff(&"[".repeat(100_000)), Some(Kind::MazeDatasetAdjList));
    }

    #[test]
    fn read_item_says_what_it_expected() {
        let o = ReadOptions::default();
        let e = read_item("\n{\"rows\": 3}", &o, None).unwrap_err();
        assert!(
            e.to_string().starts_with("line 2: expected maze JSON"),
            "{e}"
        );
        let e = read_item("{\"rows\": \n", &o, None).unwrap_err();
        assert_eq!(e.to_string(), "line 2: EOF while parsing a value");
        let e = read_item("{\"start\": 0,\n \"vertices\": []}", &o, None).unwrap_err();
        assert!(
            e.to_string().starts_with("line 2: this is game JSON"),
            "{e}"
        );
        // graph.json falls back on the node-link reader, which explains in its own terms.
        let e = read_item("{\"rows\": 3}", &o, Some(Kind::NodeLink)).unwrap_err();
        assert!(e.to_string().contains("no \"nodes\" list"), "{e}");
        let m = read_item(r#"{"connection_list": [[[false]], [[false]]]}"#, &o, None).unwrap();
        assert!(matches!(m, Item::Maze(m) if m.shape().dims() == [3, 3]));
    }
}
