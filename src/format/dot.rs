//! Graphviz DOT (`.dot`, `.gv`): graphs drawn in the maze's own geometry.
//!
//! # Writer
//!
//! An undirected `graph maze { … }`. For a cell graph (vertices are grid cells) it reads:
//!
//! ```text
//! graph maze {
//!   graph [maze_shape="2,10", maze_start="0,4", maze_goal="1,9", splines=false, outputorder=edgesfirst, inputscale=72];
//!   node [shape=circle, style=filled, color=black, fillcolor=black, label="", width=0.08, height=0.08, fixedsize=true];
//!   edge [penwidth=2];
//!   "0,4" [pos="40,10!", coord="0,4", color="#00aa00", fillcolor="#00aa00", width=0.12, height=0.12];
//!   "1,0" [pos="0,0!", coord="1,0"];
//!   …
//!   "0,4" -- "1,4";
//!   …
//! }
//! ```
//!
//! - Graph attributes: `maze_shape` (the grid's axis lengths), `maze_start` / `maze_goal` (the
//!   terminals' node ids, when known) and `maze_weighted=true` for weighted graphs (junction
//!   graphs). Graphviz ignores them; this reader restores them.
//! - Node ids are the coordinates, quoted: `"r,c"`, `"a,b,c"` in n-D. Every cell node has
//!   `coord="…"` (all axes) and `pos="x,y!"` in points, 10 points a cell, row 0 at the top: for
//!   n-D the last two axes are the rows and columns and the higher axes are laid side by side,
//!   each slab one column apart. `neato -n2 -Tsvg maze.dot` (or `neato -n`) draws the maze;
//!   plain `neato` does too (`inputscale=72` tells it `pos` is in points).
//! - The start is drawn green and the goal red, larger than the other cells.
//! - Weighted graphs carry each edge's length as Graphviz's own `weight=N` edge attribute.
//! - Graphs whose vertices are names (not cells): integers are written bare, strings quoted
//!   (`"` and `\` escaped with a backslash), coordinate names quoted with a `coord` attribute;
//!   no `pos`, so any Graphviz layout engine applies.
//!
//! Writing streams through one 64 KiB buffer without allocating per vertex: 9 million
//! vertices and 10 million edges (780 MB of DOT) take under a second.
//!
//! # Reader
//!
//! Any reasonable DOT: `graph` or `digraph` (a digraph is read as undirected: `a -> b` and
//! `b -> a` become one edge), `strict`, subgraphs and clusters (flattened), edge chains
//! `a -- b -- c`, edges from and to subgraphs `{a b} -- c` (every node of one side to every
//! node of the other), attribute statements, quoted, HTML and numeral ids, `"a" + "b"`,
//! keywords in any case, ports (`a:n`, ignored) and comments. Parsing goes through
//! [graphviz-rust](https://docs.rs/graphviz-rust), after a token-level rewrite of the forms its
//! grammar misses (anonymous subgraphs, statements starting with a subgraph, HTML ids not
//! ending in `>>`, numerals like `007`, non-ASCII names, upper-case keywords), which keeps
//! every token on its line so errors name the right line.
//!
//! - A node's label is its `coord` attribute when it has one; otherwise its id as text: a
//!   tuple of integers (`"1,4"`, `"(1, 4)"`, `"5,"`) is a coordinate, an integer (`7`, `-2`,
//!   written without leading zeros) an integer, anything else a string. When every label is a
//!   non-negative coordinate of one arity the graph's vertices are grid cells, otherwise all
//!   are names (so a string name that looks like a tuple or an integer reads back as one).
//!   Quoted ids are unescaped: `\"` is `"`, `\\` is `\`, a backslash before a newline joins
//!   lines, any other backslash is kept.
//! - Root graph attributes `maze_shape`, `maze_start`, `maze_goal` restore the grid shape and
//!   the terminals; `maze_weighted=true` marks the graph weighted.
//! - Edge weights come from `weight` (on the edge, or from an `edge [weight=…]` default in
//!   scope): a positive number is the weight (`3`, `2.5`, as networkx writes them); absent
//!   means 1; Graphviz's `weight=0` (a layout hint: do not straighten this edge) means 1,
//!   unless the graph declares `maze_weighted=true`; anything else (a negative number, text,
//!   `nan`, `inf`) is an error naming the edge and its line, as in every other graph format.
//!   A graph with a weight other than 1 is weighted.
//! - `node [coord=…]` defaults are ignored (a shared coordinate would be meaningless).
//! - Self-loops are refused, parallel edges merged (the shorter kept).
//! - Subgraph nesting deeper than 100 levels is refused rather than risking the stack.
//!
//! ## Speed
//!
//! graphviz-rust is a general (pest) parser: about 4 MB of DOT a second and about 100 bytes
//! of memory per input byte (1.8 s for 100 000 edges; 30 s and 6 GB for 900 000). Files in the
//! exact shape this writer gives cell graphs (graph attributes first, then the nodes in
//! increasing order, then the edges, no escapes) are therefore read by a dedicated one-pass
//! scanner instead, at about 300 MB a second with 8 bytes per vertex and 8 per edge (9 million
//! vertices in 2.5 s); anything else falls back to graphviz-rust, with the same result.
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
// Without the `graphviz` feature only the fast path reads: the general reader's helpers rest.
#![cfg_attr(not(feature = "graphviz"), allow(dead_code, unused_imports))]

use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{Graph, GraphBuilder, Label, Vertices};
use crate::grid::{Limits, Shape};
#[cfg(feature = "graphviz")]
use graphviz_rust::dot_structures::{
    Attribute, EdgeTy, Graph as DotGraph, GraphAttributes, Id, Stmt, Subgraph, Vertex,
};
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};

const NAME: &str = "dot";

/// Points between neighbouring room centres of a graph with positions (a tiled maze's:
/// two cells apart, as in a grid maze).
const ROOM_POINTS: f64 = 20.0;

/// Where a graph with positions draws vertex `v`, in whole points, `y` upwards from 0.
// Writer side: the graph has one position per vertex (`Graph::set_positions` checks it).
#[allow(clippy::indexing_slicing)]
fn placer(graph: &Graph) -> Option<impl Fn(u32) -> (u64, u64) + '_> {
    let p = graph.positions()?;
    let (mut x0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY);
    for q in p {
        x0 = x0.min(q[0]);
        y1 = y1.max(q[1]);
    }
    Some(move |v: u32| {
        let q = p[v as usize];
        let at = |d: f64| (d * ROOM_POINTS).round().max(0.0) as u64;
        (at(q[0] - x0), at(y1 - q[1]))
    })
}

/// Points between neighbouring cell centres in `pos`.
const CELL_POINTS: u64 = 10;

/// Deepest subgraph nesting accepted (graphviz-rust recurses once per level).
const MAX_DEPTH: usize = 100;

/// graphviz-rust's grammar backtracks on broken input, and on braces nested and left open or
/// broken it backtracks exponentially (20 levels: 10 s; 30 would take hours), while valid
/// DOT takes 6 to 30 rule calls a byte (75 for 100 nested subgraphs). So the parser gets
/// [`PEST_CALLS_FLOOR`] calls plus [`PEST_CALLS_PER_BYTE`] a byte of input, and input that
/// needs more is refused: linear time whatever the input.
const PEST_CALLS_PER_BYTE: usize = 200;
/// See [`PEST_CALLS_PER_BYTE`].
const PEST_CALLS_FLOOR: usize = 1_000_000;

/// The largest call limit set so far. pest's limit is one global, read when a parse starts:
/// it only grows, so that a parse on another thread never gets less than its input needs.
static PEST_CALL_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// Caps graphviz-rust's work for an input of `len` bytes (see [`PEST_CALLS_PER_BYTE`]). Every
/// reader that calls `graphviz_rust::parse` on file input calls this first.
#[cfg(feature = "graphviz")]
pub(crate) fn limit_parser_calls(len: usize) {
    let want = len
        .saturating_mul(PEST_CALLS_PER_BYTE)
        .saturating_add(PEST_CALLS_FLOOR);
    let limit = PEST_CALL_LIMIT.fetch_max(want, Ordering::Relaxed).max(want);
    pest::set_call_limit(NonZeroUsize::new(limit));
}

// ---------------------------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------------------------

/// A byte buffer flushed to the output every 64 KiB.
struct Out<'a> {
    buf: Vec<u8>,
    out: &'a mut dyn Write,
}

impl<'a> Out<'a> {
    const CHUNK: usize = 1 << 16;

    fn new(out: &'a mut dyn Write) -> Out<'a> {
        Out {
            buf: Vec::with_capacity(Self::CHUNK + 1024),
            out,
        }
    }

    #[inline]
    fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    fn weight(&mut self, w: f64) {
        super::push_weight(&mut self.buf, w);
    }

    #[inline]
    // A u64 has at most 20 decimal digits: the index stays within the buffer.
    #[allow(clippy::indexing_slicing)]
    fn uint(&mut self, mut n: u64) {
        let mut tmp = [0u8; 20];
        let mut k = tmp.len();
        loop {
            k -= 1;
            tmp[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&tmp[k..]);
    }

    #[inline]
    fn int(&mut self, n: i64) {
        if n < 0 {
            self.buf.push(b'-');
        }
        self.uint(n.unsigned_abs());
    }

    /// A DOT quoted string: `"` and `\` escaped with a backslash.
    fn quoted(&mut self, s: &str) {
        self.buf.push(b'"');
        for &b in s.as_bytes() {
            if b == b'"' || b == b'\\' {
                self.buf.push(b'\\');
            }
            self.buf.push(b);
        }
        self.buf.push(b'"');
    }

    /// Comma-separated integers (a coordinate or a shape), unquoted.
    fn list(&mut self, xs: &[i64]) {
        for (k, &x) in xs.iter().enumerate() {
            if k > 0 {
                self.buf.push(b',');
            }
            self.int(x);
        }
    }

    #[inline]
    fn maybe_flush(&mut self) -> Result<()> {
        if self.buf.len() >= Self::CHUNK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn finish(mut self) -> Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        Ok(())
    }
}

/// Comma-separated coordinates of a flat index into `scratch` (reused, no allocation once
/// grown).
#[inline]
// Writer side: vertex ids, cells and coordinates come from the graph being written, whose
// arrays have an entry per vertex and per axis.
#[allow(clippy::indexing_slicing)]
fn cell_text(shape: &Shape, cell: usize, coords: &mut [usize], scratch: &mut Vec<u8>) {
    shape.coords_into(cell, coords);
    scratch.clear();
    for (k, &c) in coords.iter().enumerate() {
        if k > 0 {
            scratch.push(b',');
        }
        let mut tmp = [0u8; 20];
        let mut i = tmp.len();
        let mut n = c as u64;
        loop {
            i -= 1;
            tmp[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        scratch.extend_from_slice(&tmp[i..]);
    }
}

/// The text of a name label as a DOT id (with quotes where needed) and whether it needs a
/// `coord` attribute.
fn write_name_id(o: &mut Out<'_>, label: &Label) {
    match label {
        Label::Int(i) => o.int(*i),
        Label::Str(s) => o.quoted(s),
        Label::Coord(c) => {
            o.bytes(b"\"");
            o.list(c);
            // `"5,"` as Python writes a 1-tuple: `"5"` would be the same DOT node as the
            // integer name 5 (a quoted and a bare id are one id), merging two vertices.
            if c.len() == 1 {
                o.bytes(b",");
            }
            o.bytes(b"\"");
        }
    }
}

/// The value of `maze_start` / `maze_goal` for a name label (the node id's text, quoted).
fn write_name_value(o: &mut Out<'_>, label: &Label) {
    match label {
        Label::Int(i) => {
            o.bytes(b"\"");
            o.int(*i);
            o.bytes(b"\"");
        }
        other => write_name_id(o, other),
    }
}

/// Start and goal vertices: larger dots in [`crate::palette::START`] and
/// [`crate::palette::GOAL`] (a test checks the hex against the palette).
const TERMINAL_STYLE: [&[u8]; 2] = [
    b", color=\"#00aa00\", fillcolor=\"#00aa00\", width=0.12, height=0.12",
    b", color=\"#dc1e1e\", fillcolor=\"#dc1e1e\", width=0.12, height=0.12",
];

/// Writes a graph as DOT (see the [module documentation](self) for the layout).
///
/// Complexity: O(V + E) time, O(1) extra memory beyond a 64 KiB buffer.
///
/// ```
/// use mazegraph::{format::dot, Graph, Maze};
/// let maze = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
/// let mut out = Vec::new();
/// dot::write(&Graph::from_maze(&maze), &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains(r#""0,1" -- "1,1";"#));
/// assert!(text.contains(r#""1,2" [pos="20,10!", coord="1,2""#));
/// ```
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let mut o = Out::new(out);
    let weighted = graph.is_weighted();
    o.bytes(b"graph maze {\n");
    match graph.vertices() {
        Vertices::Cells { shape, cells } => write_cells(&mut o, graph, shape, cells, weighted)?,
        Vertices::Names(names) => write_names(&mut o, graph, names, weighted)?,
    }
    o.bytes(b"}\n");
    o.finish()
}

fn terminal_index(graph: &Graph, v: u32) -> Option<usize> {
    if graph.start() == Some(v) {
        Some(0)
    } else if graph.goal() == Some(v) {
        Some(1)
    } else {
        None
    }
}

// Writer side: vertex ids, cells and coordinates come from the graph being written, whose
// arrays have an entry per vertex and per axis.
#[allow(clippy::indexing_slicing)]
fn write_cells(
    o: &mut Out<'_>,
    graph: &Graph,
    shape: &Shape,
    cells: &[usize],
    weighted: bool,
) -> Result<()> {
    let dims = shape.dims();
    let n = dims.len();
    let mut coords = vec![0usize; n];
    let mut a = Vec::with_capacity(64);
    let mut b = Vec::with_capacity(64);
    o.bytes(b"  graph [maze_shape=\"");
    for (k, &d) in dims.iter().enumerate() {
        if k > 0 {
            o.bytes(b",");
        }
        o.uint(d as u64);
    }
    o.bytes(b"\"");
    for (key, t) in [
        (&b"maze_start"[..], graph.start()),
        (b"maze_goal", graph.goal()),
    ] {
        if let Some(v) = t {
            o.bytes(b", ");
            o.bytes(key);
            o.bytes(b"=\"");
            cell_text(shape, cells[v as usize], &mut coords, &mut a);
            o.bytes(&a);
            o.bytes(b"\"");
        }
    }
    if weighted {
        o.bytes(b", maze_weighted=true");
    }
    o.bytes(b", splines=false, outputorder=edgesfirst, inputscale=72];\n");
    o.bytes(b"  node [shape=circle, style=filled, color=black, fillcolor=black, label=\"\", width=0.08, height=0.08, fixedsize=true];\n");
    o.bytes(b"  edge [penwidth=2];\n");
    // Rows and columns are the last two axes; the higher axes, flattened, are slabs side by side.
    let (rows, cols) = if n >= 2 {
        (dims[n - 2], dims[n - 1])
    } else {
        (1, dims[0])
    };
    let slab = rows * cols;
    let placed = placer(graph);
    for (v, &cell) in cells.iter().enumerate() {
        cell_text(shape, cell, &mut coords, &mut a);
        let (r, c) = if n >= 2 {
            (coords[n - 2], coords[n - 1])
        } else {
            (0, coords[0])
        };
        let h = cell / slab;
        let (x, y) = match &placed {
            // A tiled maze: its rooms where they lie, not where their labels would put them.
            Some(at) => at(v as u32),
            None => (
                (h as u64 * (cols as u64 + 1) + c as u64) * CELL_POINTS,
                (rows - 1 - r) as u64 * CELL_POINTS,
            ),
        };
        o.bytes(b"  \"");
        o.bytes(&a);
        o.bytes(b"\" [pos=\"");
        o.uint(x);
        o.bytes(b",");
        o.uint(y);
        o.bytes(b"!\", coord=\"");
        o.bytes(&a);
        o.bytes(b"\"");
        if let Some(t) = terminal_index(graph, v as u32) {
            o.bytes(TERMINAL_STYLE[t]);
        }
        o.bytes(b"];\n");
        o.maybe_flush()?;
    }
    for u in 0..cells.len() as u32 {
        let ns = graph.neighbours(u);
        let ws = graph.neighbour_weights(u);
        let mut have_a = false;
        for (k, &v) in ns.iter().enumerate() {
            if v <= u {
                continue;
            }
            if !have_a {
                cell_text(shape, cells[u as usize], &mut coords, &mut a);
                have_a = true;
            }
            cell_text(shape, cells[v as usize], &mut coords, &mut b);
            o.bytes(b"  \"");
            o.bytes(&a);
            o.bytes(b"\" -- \"");
            o.bytes(&b);
            o.bytes(b"\"");
            if weighted {
                o.bytes(b" [weight=");
                o.weight(ws.map_or(1.0, |w| w[k]));
                o.bytes(b"]");
            }
            o.bytes(b";\n");
            o.maybe_flush()?;
        }
    }
    Ok(())
}

// Writer side: vertex ids, cells and coordinates come from the graph being written, whose
// arrays have an entry per vertex and per axis.
#[allow(clippy::indexing_slicing)]
fn write_names(o: &mut Out<'_>, graph: &Graph, names: &[Label], weighted: bool) -> Result<()> {
    let mut attrs = Vec::new();
    for (key, t) in [("maze_start", graph.start()), ("maze_goal", graph.goal())] {
        if let Some(v) = t {
            attrs.push((key, v));
        }
    }
    // No positions (unless the graph has its own, a tiled maze's): neato and dot lay the
    // graph out, names in ellipses that do not overlap.
    let placed = placer(graph);
    o.bytes(b"  graph [overlap=false");
    if placed.is_some() {
        o.bytes(b", splines=false, inputscale=72");
    }
    for (key, v) in &attrs {
        o.bytes(b", ");
        o.bytes(key.as_bytes());
        o.bytes(b"=");
        write_name_value(o, &names[*v as usize]);
    }
    if weighted {
        o.bytes(b", maze_weighted=true");
    }
    o.bytes(b"];\n");
    if placed.is_some() {
        // Drawn where the rooms lie, as a cell graph is: small dots joined by thick edges.
        o.bytes(b"  node [shape=circle, style=filled, color=black, fillcolor=black, label=\"\", width=0.08, height=0.08, fixedsize=true];\n");
        o.bytes(b"  edge [penwidth=2];\n");
    } else {
        o.bytes(b"  node [shape=ellipse];\n");
    }
    for (v, label) in names.iter().enumerate() {
        o.bytes(b"  ");
        write_name_id(o, label);
        let term = terminal_index(graph, v as u32);
        let coord = matches!(label, Label::Coord(_));
        if coord || term.is_some() || placed.is_some() {
            o.bytes(b" [");
            if let Some(at) = &placed {
                let (x, y) = at(v as u32);
                o.bytes(b"pos=\"");
                o.uint(x);
                o.bytes(b",");
                o.uint(y);
                o.bytes(b"!\"");
                if coord || term.is_some() {
                    o.bytes(b", ");
                }
            }
            if let Label::Coord(c) = label {
                o.bytes(b"coord=\"");
                o.list(c);
                o.bytes(b"\"");
            }
            if let Some(t) = term {
                if coord {
                    o.bytes(b", ");
                }
                o.bytes(if t == 0 {
                    b"style=filled, fillcolor=\"#00aa00\""
                } else {
                    b"style=filled, fillcolor=\"#dc1e1e\""
                });
            }
            o.bytes(b"]");
        }
        o.bytes(b";\n");
        o.maybe_flush()?;
    }
    for (u, v, w) in graph.edges() {
        o.bytes(b"  ");
        write_name_id(o, &names[u as usize]);
        o.bytes(b" -- ");
        write_name_id(o, &names[v as usize]);
        if weighted {
            o.bytes(b" [weight=");
            o.weight(w);
            o.bytes(b"]");
        }
        o.bytes(b";\n");
        o.maybe_flush()?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Labels and attribute values (shared by both readers)
// ---------------------------------------------------------------------------------------------

/// Integers separated by commas, optionally in parentheses, with an optional trailing comma
/// (`"1,4"`, `"(1, 4)"`, `"(5,)"`). With `need_comma`, a lone integer is not a tuple.
fn parse_coords(s: &str, need_comma: bool) -> Option<Vec<i64>> {
    let t = s.trim();
    let inner = match t.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')')?,
        None => t,
    };
    if need_comma && !inner.contains(',') {
        return None;
    }
    let mut parts: Vec<&str> = inner.split(',').collect();
    if parts.len() > 1 && parts.last().is_some_and(|p| p.trim().is_empty()) {
        parts.pop();
    }
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        let p = p.trim();
        let digits = p.strip_prefix('-').unwrap_or(p);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        out.push(p.parse().ok()?);
    }
    Some(out)
}

/// The label a node id's text stands for: a coordinate tuple, an integer (canonical form
/// only, so `007` stays a string), or a string.
fn label_of_text(s: &str) -> Label {
    if let Ok(i) = s.parse::<i64>() {
        if i.to_string() == s {
            return Label::Int(i);
        }
    }
    match parse_coords(s, true) {
        Some(c) => Label::Coord(c),
        None => Label::Str(s.to_string()),
    }
}

/// Grid axis lengths from `maze_shape`.
fn parse_dims(s: &str) -> Option<Vec<usize>> {
    let c = parse_coords(s, false)?;
    c.into_iter()
        .map(|x| usize::try_from(x).ok().filter(|&d| d > 0))
        .collect()
}

fn is_true(s: &str) -> bool {
    matches!(s.trim().to_ascii_lowercase().as_str(), "true" | "yes" | "1")
}

/// The length an edge's `weight` value stands for (see the module documentation).
fn edge_length(
    raw: Option<&str>,
    declared_weighted: bool,
    edge: impl FnOnce() -> String,
    line: usize,
) -> Result<f64> {
    let Some(raw) = raw else { return Ok(1.0) };
    let ok = !raw.is_empty()
        && raw
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    match raw.parse::<f64>() {
        Ok(w) if ok && w.is_finite() && w > 0.0 => Ok(w),
        // Graphviz's layout hint, in a graph that does not say its weights are lengths.
        Ok(w) if ok && w == 0.0 && !declared_weighted => Ok(1.0),
        _ => Err(Error::parse(
            NAME,
            line,
            format!(
                "edge {} has weight={raw:?}, not a positive number{}",
                edge(),
                if declared_weighted {
                    " (the graph declares maze_weighted=true)"
                } else {
                    ""
                }
            ),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------------------------

/// Parses DOT into a graph (see the [module documentation](self) for what is accepted).
///
/// Complexity: O(size of the text) for files in this writer's shape (one pass, no
/// allocation per vertex); otherwise graphviz-rust's parse plus O((V + E) log(V + E)).
///
/// ```
/// use mazegraph::format::dot;
/// use mazegraph::graph::Label;
/// let g = dot::parse("digraph { a -> b -> c; b -> a }", &Default::default()).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
/// let g = dot::parse(r#"graph { "(0, 1)" -- "(1, 1)" }"#, &Default::default()).unwrap();
/// assert_eq!(g.label(0), Label::Coord(vec![0, 1]));
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    parse_noted(text, opts).map(|(g, _)| g)
}

/// [`parse`], with a note for what the graph cannot hold: a digraph's directions, parallel
/// edges (merged, the lighter kept; a `strict` graph has none).
///
/// ```
/// use mazegraph::format::dot;
/// let (g, notes) = dot::parse_noted("digraph { a -> b; b -> a; b -> c }", &Default::default()).unwrap();
/// assert_eq!(g.edge_count(), 2);
/// assert_eq!(notes, ["the graph is directed: 3 edges are read as 2 undirected edges"]);
/// ```
pub fn parse_noted(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    match fast::parse(text, opts)? {
        Some(g) => Ok((g, Vec::new())),
        None => parse_general(text, opts),
    }
}

/// A node id no DOT file uses: the normalizer puts it before an edge statement that starts
/// with a subgraph, and the reader drops it with its edges.
const ANCHOR: &str = "\u{1}mazegraph-anchor\u{1}";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NTok {
    Word,
    Num,
    Quoted,
    Html,
    /// `--` or `->`
    Edge,
    Open,
    Close,
    /// Any other single character (`[ ] = ; , : +` or junk, left for the parser to judge).
    Other,
}

/// Splits DOT into tokens (whitespace and comments skipped), as spans of the text. Fails on
/// an unterminated string, comment or HTML id, naming the line where it starts.
// Every `b[i]` / `b[j]` is behind an `i < b.len()` (`j < b.len()`) test of its loop.
#[allow(clippy::indexing_slicing)]
fn dot_tokens(text: &str) -> Result<Vec<(NTok, usize, usize)>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let id_byte = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match text[i + 2..].find("*/") {
                Some(k) => {
                    i += k + 4;
                    continue;
                }
                None => return Err(unterminated(text, i, "comment")),
            },
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |k| i + k);
                continue;
            }
            b'#' => {
                i = text[i..].find('\n').map_or(b.len(), |k| i + k);
                continue;
            }
            b'-' if matches!(b.get(i + 1), Some(b'-' | b'>')) => {
                i += 2;
                NTok::Edge
            }
            b'-' | b'.' | b'0'..=b'9' => {
                i += 1;
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                    i += 1;
                }
                if i == start + 1 && !c.is_ascii_digit() {
                    NTok::Other
                } else {
                    NTok::Num
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if i >= b.len() {
                    return Err(unterminated(text, start, "string"));
                }
                i += 1;
                NTok::Quoted
            }
            b'<' => {
                let mut depth = 0usize;
                let mut j = i;
                while j < b.len() {
                    match b[j] {
                        b'<' => depth += 1,
                        b'>' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                if j >= b.len() {
                    return Err(unterminated(text, start, "HTML id"));
                }
                i = j + 1;
                NTok::Html
            }
            b'{' => {
                i += 1;
                NTok::Open
            }
            b'}' => {
                i += 1;
                NTok::Close
            }
            c if id_byte(c) && !c.is_ascii_digit() => {
                while i < b.len() && id_byte(b[i]) {
                    i += 1;
                }
                NTok::Word
            }
            _ => {
                // One character (UTF-8 aware, so later slices stay on boundaries).
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                NTok::Other
            }
        };
        out.push((kind, start, i));
    }
    Ok(out)
}

fn unterminated(text: &str, at: usize, what: &str) -> Error {
    let line = 1 + text[..at].bytes().filter(|&b| b == b'\n').count();
    let col = 1 + text[..at].rfind('\n').map_or(at, |p| at - p - 1);
    Error::parse(NAME, line, format!("column {col}: unterminated {what}"))
}

/// Rewrites DOT that Graphviz accepts but graphviz-rust 0.9 does not into an equivalent
/// form, keeping every token on its line:
///
/// - keywords in any case (`Graph`, `NODE`) are lower-cased;
/// - an anonymous subgraph `{ … }` gets its `subgraph` keyword;
/// - an edge statement starting with a subgraph (`{a b} -- c`; graphviz-rust reads any
///   statement starting with `subgraph` as a subgraph statement) gets the [`ANCHOR`] node in
///   front, which the reader drops;
/// - HTML ids, numerals and ids with non-ASCII letters become quoted strings (graphviz-rust
///   only knows HTML ids ending in `>>`, numerals without leading zeros or trailing dots,
///   ASCII names); `"a" + "b"` becomes `"ab"`;
/// - whitespace graphviz-rust does not know (a lone `\r`, form feed) becomes a space, and a
///   byte-order mark is dropped.
// Indices are token numbers below `toks.len()` (loop bounds; `toks[k + 2]` only after
// `toks.get(k + 2)` matched); `add_keyword` and `anchor_before` have one entry per token;
// `toks[start - 1]` only when `start > 0`.
#[allow(clippy::indexing_slicing)]
fn normalize(text: &str) -> Result<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let toks = dot_tokens(text)?;
    let kw = |k: usize| -> Option<&'static str> {
        let (t, s, e) = *toks.get(k)?;
        if t != NTok::Word {
            return None;
        }
        ["strict", "graph", "digraph", "subgraph", "node", "edge"]
            .into_iter()
            .find(|w| w.eq_ignore_ascii_case(&text[s..e]))
    };
    let is_id = |k: usize| {
        matches!(
            toks.get(k).map(|t| t.0),
            Some(NTok::Word | NTok::Num | NTok::Quoted | NTok::Html)
        ) && kw(k).is_none()
    };
    // Subgraph bodies: where each starts (its keyword, if any) and whether it is anonymous.
    let mut add_keyword = vec![false; toks.len()];
    let mut anchor_before = vec![false; toks.len()];
    let mut stack: Vec<(usize, usize)> = Vec::new(); // (open token, subgraph start token)
    let mut first_open = true;
    for k in 0..toks.len() {
        match toks[k].0 {
            NTok::Open if first_open => first_open = false,
            NTok::Open => {
                let start = if k >= 1 && kw(k - 1) == Some("subgraph") {
                    k - 1
                } else if k >= 2 && is_id(k - 1) && kw(k - 2) == Some("subgraph") {
                    k - 2
                } else {
                    add_keyword[k] = true;
                    k
                };
                stack.push((k, start));
            }
            NTok::Close => {
                if let Some((_, start)) = stack.pop() {
                    let edge_after = toks.get(k + 1).is_some_and(|t| t.0 == NTok::Edge);
                    let edge_before = start > 0 && toks[start - 1].0 == NTok::Edge;
                    if edge_after && !edge_before {
                        anchor_before[start] = true;
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(text.len() + text.len() / 8 + 16);
    let trivia = |out: &mut String, s: &str| {
        for ch in s.chars() {
            out.push(match ch {
                '\r' | '\u{b}' | '\u{c}' => ' ',
                c => c,
            });
        }
    };
    let push_quoted = |out: &mut String, s: &str| {
        out.push('"');
        for ch in s.chars() {
            if ch == '"' || ch == '\\' {
                out.push('\\');
            }
            out.push(ch);
        }
        out.push('"');
    };
    let mut prev = 0;
    let mut k = 0;
    while k < toks.len() {
        let (t, s, e) = toks[k];
        let gap = &text[prev..s];
        // Keep `\r\n` whole: it is a line break graphviz-rust knows.
        if gap.contains("\r\n") {
            out.push_str(
                &gap.replace("\r\n", "\n")
                    .replace(['\r', '\u{b}', '\u{c}'], " "),
            );
        } else {
            trivia(&mut out, gap);
        }
        prev = e;
        if anchor_before[k] {
            push_quoted(&mut out, ANCHOR);
            out.push_str(" -- ");
        }
        match t {
            NTok::Word => match kw(k) {
                Some(w) => out.push_str(w),
                None if text[s..e].is_ascii() => out.push_str(&text[s..e]),
                None => push_quoted(&mut out, &text[s..e]),
            },
            NTok::Num => push_quoted(&mut out, &text[s..e]),
            NTok::Html => push_quoted(&mut out, &text[s + 1..e - 1]),
            NTok::Quoted => {
                // `"a" + "b" + …` is one string.
                let mut inner = String::from(&text[s..e]);
                let mut lines = 0;
                while toks.get(k + 1).is_some_and(|t| &text[t.1..t.2] == "+")
                    && toks.get(k + 2).is_some_and(|t| t.0 == NTok::Quoted)
                    && inner.ends_with('"')
                {
                    let (_, s2, e2) = toks[k + 2];
                    lines += text[prev..s2].matches('\n').count();
                    inner.pop();
                    inner.push_str(&text[s2 + 1..e2]);
                    prev = e2;
                    k += 2;
                }
                out.push_str(&inner);
                for _ in 0..lines {
                    out.push('\n');
                }
            }
            NTok::Open if add_keyword[k] => out.push_str("subgraph {"),
            _ => out.push_str(&text[s..e]),
        }
        k += 1;
    }
    trivia(&mut out, &text[prev..]);
    Ok(out)
}

/// The general reader without graphviz-rust: DOT this writer did not write needs the feature.
#[cfg(not(feature = "graphviz"))]
fn parse_general(_text: &str, _opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    Err(Error::Unsupported(
        "this DOT is not in the shape mazegraph writes: reading any DOT needs mazegraph's \
         `graphviz` feature"
            .into(),
    ))
}

/// The general reader, through graphviz-rust.
#[cfg(feature = "graphviz")]
fn parse_general(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let normalized = normalize(text)?;
    let text = normalized.as_str();
    check_depth(text)?;
    limit_parser_calls(text.len());
    let dot = graphviz_rust::parse(text).map_err(|e| pest_error(&e))?;
    let (stmts, directed, strict) = match &dot {
        DotGraph::Graph { stmts, strict, .. } => (stmts, false, *strict),
        DotGraph::DiGraph { stmts, strict, .. } => (stmts, true, *strict),
    };
    let mut root = RootAttrs::default();
    for st in stmts {
        match st {
            Stmt::Attribute(a) => root.set(a),
            Stmt::GAttribute(GraphAttributes::Graph(attrs)) => {
                attrs.iter().for_each(|a| root.set(a))
            }
            _ => {}
        }
    }
    let mut coords = HashMap::new();
    collect_coords(stmts, &mut coords, 0)?;
    let mut cx = Reader {
        builder: GraphBuilder::with_limits(opts.limits),
        limits: opts.limits,
        coords,
        weighted: root.weighted.as_deref().is_some_and(is_true),
        names: Vec::new(),
    };
    if let Some(s) = &root.shape {
        let dims = parse_dims(s).ok_or_else(|| {
            Error::parse(
                NAME,
                line_of(text, "maze_shape"),
                format!("maze_shape={s:?} is not a list of positive axis lengths such as \"2,10\""),
            )
        })?;
        cx.builder.set_shape(dims);
    }
    if cx.weighted {
        cx.builder.set_weighted();
    }
    cx.stmts(stmts, None, 0)?;
    let start = root.start.as_deref().map(|s| cx.label(s));
    let goal = root.goal.as_deref().map(|s| cx.label(s));
    if start.is_some() || goal.is_some() {
        cx.builder.set_terminals(start, goal);
    }
    let added = cx.builder.edge_count();
    let g = cx.builder.finish(&opts.limits)?;
    // A strict graph merges its repeated edges by definition: nothing is lost.
    let kept = if strict && !directed {
        added
    } else {
        g.edge_count()
    };
    let notes = super::merge_notes(directed, added, kept);
    Ok((g, notes))
}

/// The 1-based line of the first occurrence of `needle`, 0 when absent.
fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map_or(0, |p| 1 + text[..p].bytes().filter(|&b| b == b'\n').count())
}

/// Refuses brace nesting deeper than [`MAX_DEPTH`] (outside strings and comments).
// Every `b[i]` is behind an `i < b.len()` test of its loop.
#[allow(clippy::indexing_slicing)]
fn check_depth(text: &str) -> Result<()> {
    let b = text.as_bytes();
    let (mut i, mut depth, mut line) = (0usize, 0usize, 1usize);
    while i < b.len() {
        match b[i] {
            b'\n' => line += 1,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    if i < b.len() && b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(Error::parse(
                        NAME,
                        line,
                        format!("subgraphs nested more than {MAX_DEPTH} deep"),
                    ));
                }
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// A graphviz-rust (pest) error as a parse error: pest writes ` --> L:C`, the offending
/// line, a caret, and `= expected …`.
fn pest_error(msg: &str) -> Error {
    if msg.contains("call limit reached") {
        return Error::parse(
            NAME,
            0,
            "too tangled to parse: the DOT parser gave up after trying too many ways to read it \
             (braces nested deep and left open or broken?)",
        );
    }
    let pos = msg.split("--> ").nth(1).and_then(|rest| {
        let mut it = rest.split(|c: char| !c.is_ascii_digit());
        let line = it.next()?.parse::<usize>().ok()?;
        let col = it.next()?.parse::<usize>().ok()?;
        Some((line, col))
    });
    let what = msg
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("= "))
        .unwrap_or("malformed DOT")
        .trim();
    // The grammar's rule names, in words (pest says "expected bare_attr").
    let words = what
        .replace(
            "bare_attr",
            "an attribute name=value (a value that is not a word or a plain number, such as \
             1e5 or two words, needs quotes)",
        )
        .replace("attr_list", "an attribute list [...]")
        .replace("node_id", "a node id")
        .replace("edge_tail", "an edge -- or ->")
        .replace("string_qt", "a quoted string")
        .replace("graph_ty", "graph or digraph");
    let what = words.as_str();
    match pos {
        Some((line, col)) => Error::parse(NAME, line, format!("column {col}: {what}")),
        None => Error::parse(NAME, 0, what.to_string()),
    }
}

/// The text an id stands for: quotes removed and unescaped, HTML brackets removed.
#[cfg(feature = "graphviz")]
fn id_text(id: &Id) -> Cow<'_, str> {
    match id {
        Id::Plain(s) | Id::Anonymous(s) => Cow::Borrowed(s),
        Id::Html(s) => {
            let inner = s.strip_prefix('<').unwrap_or(s);
            Cow::Borrowed(inner.strip_suffix('>').unwrap_or(inner).trim_end())
        }
        Id::Escaped(s) => {
            let inner = s.strip_prefix('"').unwrap_or(s);
            let inner = inner.strip_suffix('"').unwrap_or(inner);
            if !inner.contains('\\') {
                return Cow::Borrowed(inner);
            }
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    out.push(c);
                    continue;
                }
                match chars.peek() {
                    Some('"') | Some('\\') => out.extend(chars.next()),
                    Some('\n') => {
                        chars.next();
                    }
                    Some('\r') => {
                        chars.next();
                        if chars.peek() == Some(&'\n') {
                            chars.next();
                        }
                    }
                    _ => out.push('\\'),
                }
            }
            Cow::Owned(out)
        }
    }
}

#[cfg(feature = "graphviz")]
fn attr_value<'a>(attrs: &'a [Attribute], key: &str) -> Option<Cow<'a, str>> {
    attrs
        .iter()
        .rev()
        .find(|a| id_text(&a.0) == key)
        .map(|a| id_text(&a.1))
}

#[derive(Default)]
struct RootAttrs {
    shape: Option<String>,
    start: Option<String>,
    goal: Option<String>,
    weighted: Option<String>,
}

#[cfg(feature = "graphviz")]
impl RootAttrs {
    fn set(&mut self, a: &Attribute) {
        let slot = match &*id_text(&a.0) {
            "maze_shape" => &mut self.shape,
            "maze_start" => &mut self.start,
            "maze_goal" => &mut self.goal,
            "maze_weighted" => &mut self.weighted,
            _ => return,
        };
        *slot = Some(id_text(&a.1).into_owned());
    }
}

fn too_deep() -> Error {
    Error::parse(
        NAME,
        0,
        format!("subgraphs nested more than {MAX_DEPTH} deep"),
    )
}

/// Records the `coord` attribute of every node statement, at any depth.
#[cfg(feature = "graphviz")]
fn collect_coords(
    stmts: &[Stmt],
    coords: &mut HashMap<String, Vec<i64>>,
    depth: usize,
) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(too_deep());
    }
    for st in stmts {
        match st {
            Stmt::Node(n) => {
                if let Some(c) = attr_value(&n.attributes, "coord") {
                    let name = id_text(&n.id.0);
                    let v = parse_coords(&c, false).ok_or_else(|| {
                        Error::parse(
                            NAME,
                            0,
                            format!("node {name:?} has coord={c:?}, not integers such as \"1,4\""),
                        )
                    })?;
                    coords.insert(name.into_owned(), v);
                }
            }
            Stmt::Subgraph(s) => collect_coords(&s.stmts, coords, depth + 1)?,
            Stmt::Edge(e) => {
                for v in ends(&e.ty) {
                    if let Vertex::S(s) = v {
                        collect_coords(&s.stmts, coords, depth + 1)?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The ends of an edge statement, in order.
#[cfg(feature = "graphviz")]
fn ends(ty: &EdgeTy) -> Vec<&Vertex> {
    match ty {
        EdgeTy::Pair(a, b) => vec![a, b],
        EdgeTy::Chain(v) => v.iter().collect(),
    }
}

/// The general reader's state while walking statements.
struct Reader {
    builder: GraphBuilder,
    limits: Limits,
    coords: HashMap<String, Vec<i64>>,
    weighted: bool,
    /// Labels by builder id (the builder numbers vertices in insertion order), for messages.
    names: Vec<Label>,
}

#[cfg(feature = "graphviz")]
impl Reader {
    fn label(&self, id: &str) -> Label {
        match self.coords.get(id) {
            Some(c) => Label::Coord(c.clone()),
            None => label_of_text(id),
        }
    }

    fn vertex(&mut self, id: &Id) -> u32 {
        let l = self.label(&id_text(id));
        let v = self.builder.vertex(l.clone());
        if v as usize == self.names.len() {
            self.names.push(l);
        }
        v
    }

    /// Walks statements; `weight` is the `edge [weight=…]` default in scope.
    // `ranges` are spans of `nodes`, recorded as it grew: always in bounds.
    #[allow(clippy::indexing_slicing)]
    fn stmts(&mut self, stmts: &[Stmt], weight: Option<&str>, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        let mut weight: Option<String> = weight.map(str::to_string);
        for st in stmts {
            match st {
                Stmt::Node(n) => {
                    self.vertex(&n.id.0);
                }
                Stmt::GAttribute(GraphAttributes::Edge(attrs)) => {
                    if let Some(w) = attr_value(attrs, "weight") {
                        weight = Some(w.into_owned());
                    }
                }
                Stmt::Subgraph(s) => self.stmts(&s.stmts, weight.as_deref(), depth + 1)?,
                Stmt::Edge(e) => {
                    let own = attr_value(&e.attributes, "weight");
                    let raw = own.as_deref().or(weight.as_deref());
                    // Each end as a range of node ids in `nodes`.
                    let mut nodes: Vec<u32> = Vec::new();
                    let mut ranges = Vec::new();
                    for v in ends(&e.ty) {
                        let from = nodes.len();
                        match v {
                            Vertex::N(id) if id_text(&id.0) == ANCHOR => {}
                            Vertex::N(id) => nodes.push(self.vertex(&id.0)),
                            Vertex::S(s) => {
                                let mut inner = Vec::new();
                                self.subgraph_end(s, weight.as_deref(), depth + 1, &mut inner)?;
                                nodes.extend(inner);
                            }
                        }
                        ranges.push(from..nodes.len());
                    }
                    // `{a b …} -- {x y …}` makes |A|·|B| edges: refuse at once what would
                    // go over the cap, rather than after adding edges up to it.
                    let made = ranges.windows(2).fold(0u64, |n, p| {
                        let (a, b) = (p[0].len() as u64, p[1].len() as u64);
                        n.saturating_add(a.saturating_mul(b))
                    });
                    self.limits
                        .check((self.builder.edge_count() as u64).saturating_add(made))?;
                    for pair in ranges.windows(2) {
                        for &a in &nodes[pair[0].clone()] {
                            for &b in &nodes[pair[1].clone()] {
                                self.edge(a, b, raw)?;
                            }
                        }
                    }
                }
                Stmt::Attribute(_)
                | Stmt::GAttribute(GraphAttributes::Graph(_))
                | Stmt::GAttribute(GraphAttributes::Node(_)) => {}
            }
        }
        Ok(())
    }

    /// A subgraph used as an edge end: its statements take effect, and `out` receives every
    /// node it mentions.
    fn subgraph_end(
        &mut self,
        s: &Subgraph,
        weight: Option<&str>,
        depth: usize,
        out: &mut Vec<u32>,
    ) -> Result<()> {
        self.stmts(&s.stmts, weight, depth)?;
        self.mentioned(&s.stmts, depth, out)?;
        out.sort_unstable();
        out.dedup();
        Ok(())
    }

    /// Every node a list of statements mentions (node statements and edge ends, nested).
    fn mentioned(&mut self, stmts: &[Stmt], depth: usize, out: &mut Vec<u32>) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        for st in stmts {
            match st {
                Stmt::Node(n) => out.push(self.vertex(&n.id.0)),
                Stmt::Subgraph(s) => self.mentioned(&s.stmts, depth + 1, out)?,
                Stmt::Edge(e) => {
                    for v in ends(&e.ty) {
                        match v {
                            Vertex::N(id) if id_text(&id.0) == ANCHOR => {}
                            Vertex::N(id) => out.push(self.vertex(&id.0)),
                            Vertex::S(s) => self.mentioned(&s.stmts, depth + 1, out)?,
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn edge(&mut self, a: u32, b: u32, raw: Option<&str>) -> Result<()> {
        let w = edge_length(
            raw,
            self.weighted,
            || format!("{} -- {}", self.label_text(a), self.label_text(b)),
            0,
        )?;
        self.builder.edge(a, b, w).map_err(|e| match e {
            e @ Error::TooLarge { .. } => e,
            e => Error::parse(NAME, 0, e.to_string()),
        })
    }

    fn label_text(&self, v: u32) -> String {
        self.names
            .get(v as usize)
            .map_or_else(|| format!("#{v}"), |l| l.to_string())
    }
}

// ---------------------------------------------------------------------------------------------
// Fast path: the exact subset this writer emits for cell graphs
// ---------------------------------------------------------------------------------------------

mod fast {
    //! A one-pass scanner for DOT in the writer's own shape. It returns `Ok(None)` as soon as
    //! the input leaves that shape, and the caller falls back to graphviz-rust; every input it
    //! accepts, graphviz-rust accepts too, with the same meaning.

    use super::{edge_length, is_true, ReadOptions, NAME};
    use crate::error::{Error, Result};
    use crate::graph::{Graph, Vertices};
    use crate::grid::{fmt_coords, Shape};

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Tok<'a> {
        /// An id: unquoted (`quoted == false`) or the inside of a quoted string without
        /// backslashes.
        Id(&'a str, bool),
        LBrack,
        RBrack,
        LBrace,
        RBrace,
        Eq,
        Semi,
        Comma,
        /// `--`
        Edge,
        Eof,
    }

    struct Lexer<'a> {
        s: &'a str,
        i: usize,
        line: usize,
        peeked: Option<(Tok<'a>, usize)>,
    }

    impl<'a> Lexer<'a> {
        fn new(s: &'a str) -> Lexer<'a> {
            Lexer {
                s,
                i: 0,
                line: 1,
                peeked: None,
            }
        }

        /// Skips whitespace (exactly graphviz-rust's: space, tab, `\n`, `\r\n`) and comments.
        /// `None` on anything it does not know.
        fn skip(&mut self) -> Option<()> {
            let b = self.s.as_bytes();
            loop {
                match b.get(self.i) {
                    Some(b' ' | b'\t') => self.i += 1,
                    Some(b'\n') => {
                        self.i += 1;
                        self.line += 1;
                    }
                    Some(b'\r') if b.get(self.i + 1) == Some(&b'\n') => {
                        self.i += 2;
                        self.line += 1;
                    }
                    Some(b'/') if b.get(self.i + 1) == Some(&b'*') => {
                        let rest = &self.s[self.i + 2..];
                        let end = rest.find("*/")?;
                        self.line += rest[..end].bytes().filter(|&c| c == b'\n').count();
                        self.i += 2 + end + 2;
                    }
                    Some(b'/') if b.get(self.i + 1) == Some(&b'/') => self.line_comment(),
                    Some(b'#') => self.line_comment(),
                    _ => return Some(()),
                }
            }
        }

        fn line_comment(&mut self) {
            match self.s[self.i..].find('\n') {
                Some(k) => {
                    self.i += k + 1;
                    self.line += 1;
                }
                None => self.i = self.s.len(),
            }
        }

        /// The next token and its line.
        // `b[self.i]` exists (just peeked), so slices from `self.i + 1` start at most at the end;
        // `b[j]` is behind `j < b.len()`.
        #[allow(clippy::indexing_slicing)]
        fn next(&mut self) -> Option<(Tok<'a>, usize)> {
            if let Some(t) = self.peeked.take() {
                return Some(t);
            }
            self.skip()?;
            let b = self.s.as_bytes();
            let line = self.line;
            let Some(&c) = b.get(self.i) else {
                return Some((Tok::Eof, line));
            };
            let single = match c {
                b'[' => Some(Tok::LBrack),
                b']' => Some(Tok::RBrack),
                b'{' => Some(Tok::LBrace),
                b'}' => Some(Tok::RBrace),
                b'=' => Some(Tok::Eq),
                b';' => Some(Tok::Semi),
                b',' => Some(Tok::Comma),
                _ => None,
            };
            if let Some(t) = single {
                self.i += 1;
                return Some((t, line));
            }
            match c {
                b'-' if b.get(self.i + 1) == Some(&b'-') => {
                    self.i += 2;
                    Some((Tok::Edge, line))
                }
                b'"' => {
                    let start = self.i + 1;
                    let len = b[start..].iter().position(|&c| c == b'"')?;
                    let inner = &b[start..start + len];
                    if inner.contains(&b'\\') {
                        return None;
                    }
                    self.line += inner.iter().filter(|&&c| c == b'\n').count();
                    self.i = start + len + 1;
                    Some((Tok::Id(&self.s[start..start + len], true), line))
                }
                b'-' | b'.' | b'0'..=b'9' => {
                    // graphviz-rust's numeral: -?(0|[1-9][0-9]*)(\.[0-9]+)? or -?\.[0-9]+
                    let start = self.i;
                    let mut j = start + usize::from(c == b'-');
                    let digits =
                        |j: usize| b[j..].iter().take_while(|c| c.is_ascii_digit()).count();
                    match b.get(j) {
                        Some(b'0') => j += 1,
                        Some(b'1'..=b'9') => j += digits(j),
                        Some(b'.') => {}
                        _ => return None,
                    }
                    if b.get(j) == Some(&b'.') {
                        let d = digits(j + 1);
                        if d == 0 {
                            return None;
                        }
                        j += 1 + d;
                    }
                    if j == start + usize::from(c == b'-') {
                        return None;
                    }
                    self.i = j;
                    Some((Tok::Id(&self.s[start..j], false), line))
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    let start = self.i;
                    let mut j = start;
                    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                        j += 1;
                    }
                    self.i = j;
                    Some((Tok::Id(&self.s[start..j], false), line))
                }
                _ => None,
            }
        }

        fn peek(&mut self) -> Option<Tok<'a>> {
            if self.peeked.is_none() {
                self.peeked = Some(self.next()?);
            }
            self.peeked.map(|t| t.0)
        }

        /// The next token's id text, if it is an id.
        fn id(&mut self) -> Option<&'a str> {
            match self.next()?.0 {
                Tok::Id(s, _) => Some(s),
                _ => None,
            }
        }
    }

    /// The attributes this reader cares about, last value wins.
    #[derive(Default)]
    struct Attrs<'a> {
        maze_shape: Option<&'a str>,
        maze_start: Option<&'a str>,
        maze_goal: Option<&'a str>,
        maze_weighted: Option<&'a str>,
        coord: Option<&'a str>,
        weight: Option<&'a str>,
    }

    impl<'a> Attrs<'a> {
        fn any_maze(&self) -> bool {
            self.maze_shape.is_some()
                || self.maze_start.is_some()
                || self.maze_goal.is_some()
                || self.maze_weighted.is_some()
        }
    }

    /// `[k=v, …]` after the `[`; then refuses a second list (`[…][…]`).
    fn attr_list<'a>(lx: &mut Lexer<'a>) -> Option<Attrs<'a>> {
        let mut a = Attrs::default();
        loop {
            let key = match lx.next()?.0 {
                Tok::RBrack => break,
                Tok::Id(k, _) => k,
                _ => return None,
            };
            if lx.next()?.0 != Tok::Eq {
                return None;
            }
            let val = lx.id()?;
            match key {
                "maze_shape" => a.maze_shape = Some(val),
                "maze_start" => a.maze_start = Some(val),
                "maze_goal" => a.maze_goal = Some(val),
                "maze_weighted" => a.maze_weighted = Some(val),
                "coord" => a.coord = Some(val),
                "weight" => a.weight = Some(val),
                _ => {}
            }
            if matches!(lx.peek()?, Tok::Comma | Tok::Semi) {
                lx.next()?;
            }
        }
        if lx.peek()? == Tok::LBrack {
            return None;
        }
        Some(a)
    }

    fn opt_attr_list<'a>(lx: &mut Lexer<'a>) -> Option<Attrs<'a>> {
        if lx.peek()? == Tok::LBrack {
            lx.next()?;
            attr_list(lx)
        } else {
            Some(Attrs::default())
        }
    }

    /// Comma-separated axis lengths or coordinates, digits only: `"2,10"`. Calls `f` with
    /// each number's position and value; returns how many there were.
    #[inline]
    fn numbers(s: &str, mut f: impl FnMut(usize, u64) -> Option<()>) -> Option<usize> {
        let mut k = 0;
        let (mut x, mut len) = (0u64, 0usize);
        for &b in s.as_bytes() {
            if b == b',' {
                if len == 0 {
                    return None;
                }
                f(k, x)?;
                k += 1;
                (x, len) = (0, 0);
            } else if b.is_ascii_digit() && len < 19 {
                x = x * 10 + (b - b'0') as u64;
                len += 1;
            } else {
                return None;
            }
        }
        if len == 0 {
            return None;
        }
        f(k, x)?;
        Some(k + 1)
    }

    /// The flat index of `"r,c,…"` in `shape`.
    #[inline]
    fn cell(s: &str, shape: &Shape) -> Option<usize> {
        let dims = shape.dims();
        let strides = shape.strides();
        let mut idx = 0usize;
        let n = numbers(s, |k, x| {
            let d = *dims.get(k)?;
            if x >= d as u64 {
                return None;
            }
            idx += x as usize * strides.get(k)?;
            Some(())
        })?;
        (n == dims.len()).then_some(idx)
    }

    /// Position of `target` in the sorted `cells`, searching outward from `hint`.
    #[inline]
    // `n > 0` and `h < n`; probes stay below `n`; `lo <= hi <= n`; `cells[k]` only when `k < n`.
    #[allow(clippy::indexing_slicing)]
    fn rank(cells: &[usize], target: usize, hint: usize) -> Option<u32> {
        let n = cells.len();
        let h = hint.min(n.saturating_sub(1));
        if n == 0 {
            return None;
        }
        let (lo, hi) = if cells[h] <= target {
            // Gallop up.
            let mut step = 1;
            let mut lo = h;
            loop {
                let probe = h.saturating_add(step);
                if probe >= n {
                    break (lo, n);
                }
                if cells[probe] > target {
                    break (lo, probe);
                }
                lo = probe;
                step *= 2;
            }
        } else {
            (0, h)
        };
        let k = lo + cells[lo..hi].partition_point(|&c| c < target);
        (k < n && cells[k] == target).then_some(k as u32)
    }

    /// `Ok(None)` when the text is not in the writer's shape.
    pub(super) fn parse(text: &str, opts: &ReadOptions) -> Result<Option<Graph>> {
        let mut lx = Lexer::new(text);
        macro_rules! get {
            ($e:expr) => {
                match $e {
                    Some(x) => x,
                    None => return Ok(None),
                }
            };
        }
        if get!(lx.next()).0 != Tok::Id("graph", false) {
            return Ok(None);
        }
        if let Tok::Id(_, _) = get!(lx.peek()) {
            lx.next();
        }
        if get!(lx.next()).0 != Tok::LBrace {
            return Ok(None);
        }
        let mut shape: Option<Shape> = None;
        let mut declared_weighted = false;
        let (mut start, mut goal): (Option<&str>, Option<&str>) = (None, None);
        let mut edge_weight: Option<&str> = None;
        let mut cells: Vec<usize> = Vec::new();
        // After the first node, maze_* attributes are no longer accepted here; after the
        // first edge, nodes are not either.
        let mut seen_node = false;
        let mut edges: Vec<[u32; 2]> = Vec::new();
        let mut weights: Option<Vec<f64>> = None;
        let mut hint = 0usize;
        loop {
            let (tok, line) = get!(lx.next());
            let id = match tok {
                Tok::RBrace => break,
                Tok::Semi => continue,
                Tok::Id(s, quoted) => (quoted, s),
                _ => return Ok(None),
            };
            match id {
                (false, "graph" | "node" | "edge") => {
                    if get!(lx.next()).0 != Tok::LBrack {
                        return Ok(None);
                    }
                    let a = get!(attr_list(&mut lx));
                    match id.1 {
                        "graph" if a.any_maze() => {
                            if seen_node {
                                return Ok(None);
                            }
                            if let Some(s) = a.maze_shape {
                                let mut dims = Vec::new();
                                get!(numbers(s, |_, x| {
                                    dims.push(usize::try_from(x).ok().filter(|&d| d > 0)?);
                                    Some(())
                                }));
                                shape = Some(Shape::with_limits(dims, &opts.limits)?);
                            }
                            if let Some(w) = a.maze_weighted {
                                declared_weighted = is_true(w);
                            }
                            start = a.maze_start.or(start);
                            goal = a.maze_goal.or(goal);
                        }
                        "edge" => edge_weight = a.weight.or(edge_weight),
                        _ => {}
                    }
                }
                (false, "subgraph" | "digraph" | "strict") => return Ok(None),
                (_, name) => match get!(lx.peek()) {
                    Tok::Eq => {
                        // A bare graph attribute: only harmless ones here.
                        lx.next();
                        get!(lx.id());
                        if name.starts_with("maze_") {
                            return Ok(None);
                        }
                    }
                    Tok::Edge => {
                        lx.next();
                        let other = get!(lx.id());
                        let a = get!(opt_attr_list(&mut lx));
                        let Some(sh) = &shape else { return Ok(None) };
                        let (ca, cb) = (get!(cell(name, sh)), get!(cell(other, sh)));
                        let ra = get!(rank(&cells, ca, hint));
                        let rb = get!(rank(&cells, cb, ra as usize));
                        hint = ra as usize;
                        if ra == rb {
                            return Err(Error::parse(
                                NAME,
                                line,
                                format!(
                                    "invalid graph: self-loop on vertex {} (a maze cannot link a cell to itself)",
                                    fmt_coords(&sh.coords(ca))
                                ),
                            ));
                        }
                        let w = edge_length(
                            a.weight.or(edge_weight),
                            declared_weighted,
                            || format!("\"{name}\" -- \"{other}\""),
                            line,
                        )?;
                        opts.limits.check_edge(edges.len())?;
                        if w != 1.0 && weights.is_none() {
                            weights = Some(vec![1.0; edges.len()]);
                        }
                        if let Some(ws) = &mut weights {
                            ws.push(w);
                        }
                        edges.push([ra, rb]);
                    }
                    _ => {
                        let a = get!(opt_attr_list(&mut lx));
                        let Some(sh) = &shape else { return Ok(None) };
                        if !edges.is_empty() {
                            return Ok(None);
                        }
                        let c = get!(cell(name, sh));
                        match a.coord {
                            Some(co) if get!(cell(co, sh)) != c => return Ok(None),
                            None if sh.ndim() == 1 => return Ok(None),
                            _ => {}
                        }
                        if cells.last().is_some_and(|&p| p >= c) {
                            return Ok(None);
                        }
                        seen_node = true;
                        cells.push(c);
                    }
                },
            }
        }
        if get!(lx.next()).0 != Tok::Eof {
            return Ok(None);
        }
        let Some(shape) = shape else { return Ok(None) };
        opts.limits.check(cells.len() as u64)?;
        if cells.len() >= u32::MAX as usize {
            return Err(Error::TooLarge {
                cells: cells.len() as u64,
                limit: u32::MAX as u64 - 1,
            });
        }
        let term = |t: Option<&str>| -> Option<Option<u32>> {
            match t {
                None => Some(None),
                Some(s) => Some(Some(rank(&cells, cell(s, &shape)?, 0)?)),
            }
        };
        let s = get!(term(start));
        let g = get!(term(goal));
        if declared_weighted && weights.is_none() {
            weights = Some(vec![1.0; edges.len()]);
        }
        let mut graph = build(shape, cells, &edges, weights.as_deref());
        graph.set_terminals(s, g)?;
        Ok(Some(graph))
    }

    /// Compressed rows from an edge list: both directions, sorted lists, parallel edges
    /// merged keeping the smallest weight (as [`crate::graph::GraphBuilder`] does).
    // A counting sort: every edge end is a rank below `n`, `offsets` has `n + 1` entries
    // ending at `targets.len()`, and each fill slot stays below the next offset.
    #[allow(clippy::indexing_slicing)]
    fn build(
        shape: Shape,
        cells: Vec<usize>,
        edges: &[[u32; 2]],
        weights: Option<&[f64]>,
    ) -> Graph {
        let n = cells.len();
        let mut offsets = vec![0usize; n + 1];
        for &[a, b] in edges {
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[n]];
        let mut ws = weights.map(|_| vec![0.0f64; offsets[n]]);
        for (k, &[a, b]) in edges.iter().enumerate() {
            for (x, y) in [(a, b), (b, a)] {
                let p = fill[x as usize];
                targets[p] = y;
                if let (Some(ws), Some(w)) = (&mut ws, weights) {
                    ws[p] = w[k];
                }
                fill[x as usize] += 1;
            }
        }
        // Sort each list (already sorted for the writer's edge order) and merge duplicates.
        let mut scratch: Vec<(u32, f64)> = Vec::new();
        let mut write = 0usize;
        let mut new_offsets = Vec::with_capacity(n + 1);
        new_offsets.push(0usize);
        for v in 0..n {
            let (lo, hi) = (offsets[v], offsets[v + 1]);
            let sorted = targets[lo..hi].windows(2).all(|p| p[0] < p[1]);
            if !sorted {
                scratch.clear();
                for p in lo..hi {
                    scratch.push((targets[p], ws.as_ref().map_or(1.0, |w| w[p])));
                }
                scratch.sort_unstable_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
                scratch.dedup_by(|next, prev| next.0 == prev.0);
                for (k, &(t, w)) in scratch.iter().enumerate() {
                    targets[write + k] = t;
                    if let Some(ws) = &mut ws {
                        ws[write + k] = w;
                    }
                }
                write += scratch.len();
            } else {
                if write != lo {
                    targets.copy_within(lo..hi, write);
                    if let Some(ws) = &mut ws {
                        ws.copy_within(lo..hi, write);
                    }
                }
                write += hi - lo;
            }
            new_offsets.push(write);
        }
        targets.truncate(write);
        if let Some(ws) = &mut ws {
            ws.truncate(write);
        }
        Graph::from_csr(Vertices::Cells { shape, cells }, new_offsets, targets, ws)
    }
}

#[cfg(all(test, feature = "graphviz"))]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;
    use crate::maze::Maze;

    fn opts() -> ReadOptions {
        ReadOptions::default()
    }

    #[test]
    fn terminal_colours_are_the_palette_s() {
        use crate::palette::{hex, GOAL, START};
        for (style, colour) in TERMINAL_STYLE.iter().zip([START, GOAL]) {
            let style = std::str::from_utf8(style).unwrap();
            assert!(style.contains(&format!("fillcolor=\"{}\"", hex(colour))));
        }
    }

    fn dot_of(g: &Graph) -> String {
        let mut out = Vec::new();
        write(g, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Both readers on the same text: the fast one must accept it and agree exactly.
    fn both(text: &str) -> Graph {
        let fast = fast::parse(text, &opts())
            .unwrap()
            .expect("the fast path accepts the writer's output");
        let slow = parse_general(text, &opts()).unwrap();
        assert_eq!(fast, slow.0, "fast and general readers differ on\n{text}");
        fast
    }

    fn is_fast(text: &str) -> bool {
        fast::parse(text, &opts()).unwrap().is_some()
    }

    #[test]
    fn labels_from_id_text() {
        assert_eq!(label_of_text("7"), Label::Int(7));
        assert_eq!(label_of_text("-2"), Label::Int(-2));
        assert_eq!(label_of_text("007"), Label::Str("007".into()));
        assert_eq!(label_of_text("1.5"), Label::Str("1.5".into()));
        assert_eq!(label_of_text("1,4"), Label::Coord(vec![1, 4]));
        assert_eq!(label_of_text("(1, 4)"), Label::Coord(vec![1, 4]));
        assert_eq!(label_of_text(" ( -1 ,4 ) "), Label::Coord(vec![-1, 4]));
        assert_eq!(label_of_text("(5,)"), Label::Coord(vec![5]));
        assert_eq!(label_of_text("(5)"), Label::Str("(5)".into()));
        assert_eq!(label_of_text("1,,4"), Label::Str("1,,4".into()));
        assert_eq!(label_of_text("a,b"), Label::Str("a,b".into()));
        assert_eq!(label_of_text(""), Label::Str(String::new()));
        assert_eq!(
            label_of_text("99999999999999999999"),
            Label::Str("99999999999999999999".into())
        );
        assert_eq!(parse_coords("5", false), Some(vec![5]));
        assert_eq!(parse_coords("5", true), None);
        assert_eq!(parse_dims("2,10"), Some(vec![2, 10]));
        assert_eq!(parse_dims("(3, 4, 5)"), Some(vec![3, 4, 5]));
        assert_eq!(parse_dims("2,0"), None);
        assert_eq!(parse_dims("2,-1"), None);
    }

    #[test]
    fn unescaping_quoted_ids() {
        let t = |s: &str| id_text(&Id::Escaped(s.to_string())).into_owned();
        assert_eq!(t(r#""a\"b""#), "a\"b");
        assert_eq!(t(r#""a\\b""#), "a\\b");
        assert_eq!(t("\"a\\\nb\""), "ab");
        assert_eq!(t(r#""a\lb""#), "a\\lb");
        assert_eq!(id_text(&Id::Html("<<b>x</b>>".into())), "<b>x</b>");
    }

    #[test]
    fn pest_messages_become_line_and_column() {
        let e = pest_error(" --> 3:5\n  |\n3 | a -- ;\n  |     ^---\n  |\n  = expected id");
        assert_eq!(e.to_string(), "line 3: column 5: expected id");
        assert!(matches!(e, Error::Parse { line: 3, .. }));
        assert_eq!(pest_error("garbage").to_string(), "malformed DOT");
        // The grammar's rule names are said in words.
        let e = pest_error(" --> 2:21\n  |\n2 | a -- b [w=1e5];\n  |\n  = expected bare_attr");
        assert!(
            e.to_string()
                .contains("column 21: expected an attribute name=value"),
            "{e}"
        );
    }

    #[test]
    fn fast_and_general_readers_agree_on_writer_output() {
        // 2-D with terminals, a portal and a 1-D, a 3-D, an empty graph, weighted graphs.
        let mut m = Maze::from_text_rows(&["#.#####", "#...#.#", "###...#", "#####.#"]).unwrap();
        let s = m.shape().clone();
        m.add_portal(s.index(&[1, 1]).unwrap(), s.index(&[2, 5]).unwrap())
            .unwrap();
        let g = Graph::from_maze(&m);
        assert_eq!(both(&dot_of(&g)), g);
        let line = Maze::new({
            let mut grid = crate::grid::Grid::walls(Shape::new(vec![6]).unwrap());
            for i in [0, 1, 2, 4, 5] {
                grid.set_path(i, true);
            }
            grid
        });
        let g = Graph::from_maze(&line);
        assert_eq!(both(&dot_of(&g)), g);
        let mut grid = crate::grid::Grid::walls(Shape::new(vec![2, 3, 4]).unwrap());
        for i in [0, 1, 2, 5, 6, 13, 17, 18, 19, 23] {
            grid.set_path(i, true);
        }
        let g = Graph::from_maze(&Maze::new(grid));
        assert_eq!(both(&dot_of(&g)), g);
        let empty = Graph::from_maze(&Maze::from_text_rows(&["###", "###"]).unwrap());
        assert_eq!(both(&dot_of(&empty)).vertex_count(), 0);
        assert_eq!(both(&dot_of(&empty)), empty);

        let mut b = GraphBuilder::default();
        let x = b.vertex(Label::Coord(vec![0, 0]));
        let y = b.vertex(Label::Coord(vec![0, 4]));
        let z = b.vertex(Label::Coord(vec![3, 4]));
        b.edge(x, y, 4.0).unwrap();
        b.edge(y, z, 3.0).unwrap();
        b.set_shape(vec![5, 5]);
        b.set_terminals(
            Some(Label::Coord(vec![0, 0])),
            Some(Label::Coord(vec![3, 4])),
        );
        let g = b.finish(&Default::default()).unwrap();
        let text = dot_of(&g);
        assert!(text.contains("maze_weighted=true") && text.contains("[weight=4]"));
        assert_eq!(both(&text), g);
        let mut b = GraphBuilder::default();
        let x = b.vertex(Label::Coord(vec![0, 0]));
        let y = b.vertex(Label::Coord(vec![0, 1]));
        b.edge(x, y, 1.0).unwrap();
        b.set_weighted();
        let g = b.finish(&Default::default()).unwrap();
        assert!(g.is_weighted());
        assert_eq!(both(&dot_of(&g)), g);
    }

    #[test]
    fn fast_path_merges_parallel_edges_like_the_builder() {
        let text = "graph {\n graph [maze_shape=\"1,3\"]\n \"0,0\" \"0,1\" \"0,2\"\n \"0,2\" -- \"0,1\" [weight=5]\n \"0,1\" -- \"0,2\" [weight=2]\n \"0,0\" -- \"0,1\"\n}";
        let g = both(text);
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.neighbour_weights(1), Some(&[1.0, 2.0][..]));
    }

    #[test]
    fn fast_path_accepts_comments_and_spacing_variants() {
        let text = "// made by hand\ngraph maze{graph[maze_shape=\"2,2\";maze_start=\"0,0\"]\n/* two\ncells */\"0,0\"[coord=\"0,0\"];\"1,0\"# note\n\"0,0\"--\"1,0\"[color=red,weight=1]}\n";
        let g = both(text);
        assert_eq!(
            (g.vertex_count(), g.edge_count(), g.start()),
            (2, 1, Some(0))
        );
    }

    #[test]
    fn fast_path_falls_back_outside_its_subset() {
        let base = "graph [maze_shape=\"2,2\"]; \"0,0\"; \"0,1\";";
        for body in [
            "\"0,0\" -- \"0,1\" -- \"1,1\"",        // chain
            "\"0,0\":n -- \"0,1\"",                 // port
            "subgraph { \"1,1\" }",                 // subgraph
            "{ \"0,0\" } -- \"0,1\"",               // subgraph end
            "\"1,1\" -- \"0,0\"",                   // undeclared node
            "\"1,1\"; \"0,0\" -- \"0,1\"; \"1,0\"", // node after edge
            "\"0,0\"",                              // nodes out of order
            "graph [maze_start=\"0,0\"]",           // maze attribute after nodes
            "\"0,0\" -- \"0,1\" [label=\"a\\nb\"]", // escapes
            "5",                                    // numeral
            "a",                                    // a name
        ] {
            let text = format!("graph {{ {base} {body} }}");
            assert!(!is_fast(&text), "fast path took {text}");
            parse(&text, &opts()).unwrap();
        }
        for text in [
            "digraph { graph [maze_shape=\"1,2\"]; \"0,0\"; \"0,1\"; }",
            "strict graph { graph [maze_shape=\"1,2\"]; \"0,0\"; \"0,1\"; }",
            "graph { \"0,0\"; graph [maze_shape=\"1,2\"]; \"0,1\"; }",
            "graph { \"0,0\"; \"0,1\"; }",
            "graph { graph [maze_shape=\"1,2\"][x=y]; \"0,0\"; \"0,1\"; }",
            "graph { graph [maze_shape=\"1,2\"]; \"0,0\"; \"0,1\"; \"0,5\" }",
            "graph { graph [maze_shape=\"2\"]; \"0\"; \"1\"; }",
            "graph { graph [maze_shape=\"1,2\"]; \"0,0\" [coord=\"0,1\"]; }",
        ] {
            assert!(!is_fast(text), "fast path took {text}");
            parse(text, &opts()).unwrap();
        }
        // Malformed: not fast, and the general reader reports it.
        for text in [
            "graph { graph [maze_shape=\"1,2\"]; \"0,0\"",
            "graph {} x",
            "graph { \"a }",
        ] {
            assert!(!is_fast(text), "{text}");
            assert!(parse(text, &opts()).is_err(), "{text}");
        }
    }

    #[test]
    fn a_one_axis_coordinate_and_an_integer_stay_two_vertices() {
        // Found by fuzzing (read -> write -> read): (1,) was written "1", the same DOT id as
        // the integer 1.
        let mut b = GraphBuilder::default();
        let c = b.vertex(Label::Coord(vec![1]));
        let i = b.vertex(Label::Int(1));
        let s = b.vertex(Label::Str("x".into()));
        b.edge(c, s, 1.0).unwrap();
        b.edge(i, s, 1.0).unwrap();
        let mut g = b.finish(&Default::default()).unwrap();
        g.set_terminals(Some(0), Some(1)).unwrap();
        let text = dot_of(&g);
        assert!(text.contains("\"1,\" [coord=\"1\""), "{text}");
        let back = parse(&text, &opts()).unwrap();
        assert_eq!(g.difference(&back), None, "{text}");
        assert_eq!((back.start(), back.goal()), (Some(0), Some(1)));
    }

    #[test]
    fn one_dimensional_ids_need_coord() {
        // Without `coord`, "3" is the integer 3; with it, the cell (3,).
        let g = parse("graph { \"3\" -- \"4\" }", &opts()).unwrap();
        assert_eq!(g.label(0), Label::Int(3));
        let text = "graph { graph [maze_shape=\"5\"]; \"3\" [coord=\"3\"]; \"4\" [coord=\"4\"]; \"3\" -- \"4\" }";
        let g = both(text);
        assert_eq!(g.label(0), Label::Coord(vec![3]));
        assert_eq!(g.shape().unwrap().dims(), &[5]);
    }

    #[test]
    fn weights_follow_the_rules() {
        // Positive weights are kept, whole or not; others (Graphviz's weight=0) are layout
        // hints: weight 1.
        let g = parse(
            "graph { a -- b [weight=0.5]; b -- c [weight=3]; c -- d [weight=0] }",
            &opts(),
        )
        .unwrap();
        assert!(g.is_weighted());
        let ws: Vec<f64> = g.edges().map(|e| e.2).collect();
        assert_eq!(ws, vec![0.5, 3.0, 1.0]);
        // Defaults from `edge [weight=…]`, scoped to their subgraph.
        let g = parse(
            "graph { edge [weight=2]; a -- b; subgraph { edge [weight=7]; c -- d }; e -- f }",
            &opts(),
        )
        .unwrap();
        let ws: Vec<f64> = g.edges().map(|e| e.2).collect();
        assert_eq!(ws, vec![2.0, 7.0, 2.0]);
        assert!(!parse("graph { a -- b }", &opts()).unwrap().is_weighted());
        // Declared weighted: a bad weight is an error naming the edge.
        let e = parse("graph { maze_weighted=true; a -- b [weight=0] }", &opts()).unwrap_err();
        assert!(
            e.to_string().contains("edge 'a' -- 'b' has weight=\"0\""),
            "{e}"
        );
        let text = "graph {\n graph [maze_shape=\"1,2\", maze_weighted=true]\n \"0,0\"; \"0,1\"\n \"0,0\" -- \"0,1\" [weight=x]\n}";
        let e = parse(text, &opts()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: edge \"0,0\" -- \"0,1\" has weight=\"x\", not a positive number (the graph declares maze_weighted=true)"
        );
        assert!(parse_general(text, &opts()).is_err());
    }

    #[test]
    fn self_loops_are_errors() {
        let e = parse("graph { a -- a }", &opts()).unwrap_err();
        assert!(e.to_string().contains("self-loop on vertex 'a'"), "{e}");
        let text =
            "graph {\n graph [maze_shape=\"1,2\"]\n \"0,0\"; \"0,1\"\n \"0,1\" -- \"0,1\"\n}";
        let e = parse(text, &opts()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 4: invalid graph: self-loop on vertex (0, 1)"),
            "{e}"
        );
        assert!(parse_general(text, &opts()).is_err());
    }

    #[test]
    fn tangled_input_is_refused_in_linear_time() {
        // Without the parser's call limit these take hours (the grammar backtracks
        // exponentially in the depth of broken nested braces); with it, milliseconds.
        for text in [
            format!("graph {{{} a = {}}}", "{".repeat(30), "}".repeat(30)),
            format!("graph {{\n{} a -- b;\n", "{".repeat(40)),
            format!(
                "graph {{{} a [ {}}}",
                "subgraph { ".repeat(30),
                "}".repeat(30)
            ),
        ] {
            let e = parse(&text, &opts()).unwrap_err();
            assert!(e.to_string().contains("too tangled to parse"), "{e}");
        }
        // Valid input nested as deep as allowed still reads.
        let deep = format!("graph {{{} a -- b {}}}", "{".repeat(99), "}".repeat(99));
        assert_eq!(parse(&deep, &opts()).unwrap().edge_count(), 1);
    }

    #[test]
    fn deep_nesting_is_refused_not_a_crash() {
        let mut text = String::from("graph {");
        for _ in 0..5000 {
            text.push_str("subgraph {");
        }
        text.push('a');
        for _ in 0..5000 {
            text.push('}');
        }
        text.push('}');
        let e = parse(&text, &opts()).unwrap_err();
        assert!(e.to_string().contains("nested more than 100 deep"), "{e}");
        // Braces in strings and comments do not count.
        let text = format!(
            "graph {{ a [label=\"{}\"] /* {} */ }}",
            "{".repeat(500),
            "{".repeat(500)
        );
        assert_eq!(parse(&text, &opts()).unwrap().vertex_count(), 1);
        let ok = format!("graph {{{} a {}}}", "subgraph {".repeat(90), "}".repeat(90));
        assert_eq!(parse(&ok, &opts()).unwrap().vertex_count(), 1);
    }

    #[test]
    fn bad_graph_attributes_are_errors() {
        let e = parse("graph {\n maze_shape=\"2,x\"\n a }", &opts()).unwrap_err();
        assert!(
            e.to_string().starts_with("line 2: maze_shape=\"2,x\""),
            "{e}"
        );
        let e = parse("graph { a [coord=\"x\"] }", &opts()).unwrap_err();
        assert!(e.to_string().contains("coord=\"x\""), "{e}");
    }

    #[test]
    fn limits_apply_to_both_readers() {
        // Edges are capped as they are made: `{…} -- {…}` makes |A|·|B| edges from a few
        // bytes, and stops at the cap instead of exhausting memory.
        let ten = ReadOptions {
            limits: crate::grid::Limits::cells(10),
            ..Default::default()
        };
        let side = |p: &str| (0..100).map(|i| format!("{p}{i}")).collect::<Vec<_>>();
        let bomb = format!(
            "graph {{ {{{}}} -- {{{}}} }}",
            side("a").join(" "),
            side("b").join(" ")
        );
        let e = parse(&bomb, &ReadOptions::default()).map(|g| g.edge_count());
        assert_eq!(e.unwrap(), 10_000);
        let e = parse(&bomb, &ten).unwrap_err();
        assert!(
            matches!(
                e,
                Error::TooLarge {
                    cells: 10_000,
                    limit: 10
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("raise it with --max-cells"), "{e}");
        // The cap counts every statement's edges together.
        let two = "graph { {a b c} -- {x y}; {d e} -- {z w} }";
        assert_eq!(
            parse(two, &ReadOptions::default()).unwrap().edge_count(),
            10
        );
        let e = parse(two, &ten).map(|g| g.edge_count());
        assert_eq!(e.unwrap(), 10);
        let nine = ReadOptions {
            limits: crate::grid::Limits::cells(9),
            ..Default::default()
        };
        assert!(matches!(
            parse(two, &nine),
            Err(Error::TooLarge {
                cells: 10,
                limit: 9
            })
        ));
        // The fast path (the writer's own output) counts its edges too: a fully open 2x5
        // grid has 10 cells and 13 edges.
        let open = crate::Maze::from_text_rows(&[".....", "....."]).unwrap();
        let fast = dot_of(&Graph::from_maze(&open));
        assert!(is_fast(&fast), "{fast}");
        let e = parse(&fast, &ten).unwrap_err();
        assert!(
            matches!(
                e,
                Error::TooLarge {
                    cells: 11,
                    limit: 10
                }
            ),
            "{e}"
        );
        let fine = ReadOptions {
            limits: crate::grid::Limits::cells(13),
            ..Default::default()
        };
        assert_eq!(parse(&fast, &fine).unwrap().edge_count(), 13);

        let small = ReadOptions {
            limits: crate::grid::Limits::cells(3),
            ..Default::default()
        };
        let text = "graph { graph [maze_shape=\"2,2\"]; \"0,0\"; }";
        assert!(matches!(parse(text, &small), Err(Error::TooLarge { .. })));
        assert!(matches!(
            parse("graph { a; b; c; d }", &small),
            Err(Error::TooLarge { .. })
        ));
    }

    #[test]
    fn names_round_trip_with_escapes() {
        let mut b = GraphBuilder::default();
        let v: Vec<u32> = [
            Label::Int(-3),
            Label::Int(12),
            Label::Str("a \"quoted\" \\ name".into()),
            Label::Str("two\nlines".into()),
            Label::Str("graph".into()),
            Label::Coord(vec![-1, 2]),
            Label::Coord(vec![4, 5, 6]),
        ]
        .into_iter()
        .map(|l| b.vertex(l))
        .collect();
        for w in v.windows(2) {
            b.edge(w[0], w[1], 1.0).unwrap();
        }
        b.set_terminals(Some(Label::Int(12)), Some(Label::Str("graph".into())));
        let g = b.finish(&Default::default()).unwrap();
        let text = dot_of(&g);
        assert!(!is_fast(&text));
        let back = parse(&text, &opts()).unwrap();
        assert_eq!(back, g, "{text}");
        assert_eq!(g.difference(&back), None);
    }
}

#[cfg(all(test, feature = "graphviz"))]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod normalize_tests {
    use super::*;
    use crate::maze::Maze;
    use proptest::prelude::*;

    #[test]
    fn rewrites_what_graphviz_rust_misses_and_keeps_lines() {
        let n = |s: &str| normalize(s).unwrap();
        assert_eq!(n("GRAPH { Node [a=b] }"), "graph { node [a=b] }");
        assert_eq!(n("graph { a -- {b} }"), "graph { a -- subgraph {b} }");
        assert_eq!(
            n("graph { {a} -- b }"),
            format!("graph {{ \"{ANCHOR}\" -- subgraph {{a}} -- b }}")
        );
        assert_eq!(
            n("graph { subgraph s {a} -- b; subgraph t {c} }"),
            format!("graph {{ \"{ANCHOR}\" -- subgraph s {{a}} -- b; subgraph t {{c}} }}")
        );
        assert_eq!(
            n("graph { <x> -- 007 -- caf\u{e9} }"),
            "graph { \"x\" -- \"007\" -- \"caf\u{e9}\" }"
        );
        assert_eq!(
            n("graph { \"a\" +\n \"b\" -- c }"),
            "graph { \"ab\"\n -- c }"
        );
        assert_eq!(n("\u{feff}graph {\ra}"), "graph { a}");
        let text = "graph {\n  a -- b /* x\n y */ -- c\n}\n";
        assert_eq!(n(text), text);
        let e = normalize("graph {\n a [label=\"x]\n}").unwrap_err();
        assert_eq!(e.to_string(), "line 2: column 11: unterminated string");
        let e = normalize("graph {\n /* x \n}").unwrap_err();
        assert_eq!(e.to_string(), "line 2: column 2: unterminated comment");
    }

    #[test]
    fn fast_path_applies_edge_defaults() {
        let text = "graph { graph [maze_shape=\"1,3\"]; \"0,0\"; \"0,1\"; \"0,2\"; edge [weight=3]; \"0,0\" -- \"0,1\"; \"0,1\" -- \"0,2\" [weight=1] }";
        let fast = fast::parse(text, &Default::default()).unwrap().unwrap();
        assert_eq!(fast, parse_general(text, &Default::default()).unwrap().0);
        assert_eq!(
            fast.edges().map(|e| e.2).collect::<Vec<_>>(),
            vec![3.0, 1.0]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// On the writer's output for random cell graphs, the fast reader answers, and
        /// exactly as graphviz-rust does.
        #[test]
        fn fast_and_general_readers_agree(
            dims in proptest::collection::vec(1usize..5, 1..4),
            bits in proptest::collection::vec(any::<bool>(), 64),
        ) {
            let shape = Shape::new(dims).unwrap();
            let mut grid = crate::grid::Grid::walls(shape);
            for i in 0..grid.len() {
                grid.set_path(i, bits[i % 64]);
            }
            let g = Graph::from_maze(&Maze::new(grid));
            let mut out = Vec::new();
            write(&g, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let fast = fast::parse(&text, &Default::default()).unwrap();
            prop_assert!(fast.is_some());
            prop_assert_eq!(fast.as_ref(), Some(&parse_general(&text, &Default::default()).unwrap().0));
            prop_assert_eq!(fast, Some(g));
        }
    }
}
