//! The one registry of file formats: [`Format`] maps names and file extensions to readers and
//! writers. Every format has its own module.
//!
//! | name | extensions | holds |
//! |---|---|---|
//! | `png` | `.png` | 2-D maze (a picture: any scale, see [`crate::picture`]); or a tiled maze's picture written by mazegraph, read back from its pixels ([`tiled::read_png`]) as its graph |
//! | `jpeg` | `.jpg`, `.jpeg` | 2-D maze picture, read only |
//! | `bmp` | `.bmp` | 2-D maze picture, read only |
//! | `gif` | `.gif` | 2-D maze picture, read only |
//! | `webp` | `.webp` | 2-D maze picture, read only |
//! | `txt` | `.txt` | 2-D maze with terminals and portals |
//! | `json` | `.json` | n-D maze with terminals and portals; or a tiled maze ([`tiled`]: hexagons, triangles, rings, octagons), read as its graph |
//! | `adj` | `.adj` | graph (the seed's adjacency list, Python literal) |
//! | `graph.json` | `.graph.json` | graph (networkx node-link JSON) |
//! | `dot` | `.dot`, `.gv` | graph (Graphviz, with `pos` for the maze's geometry) |
//! | `graphml` | `.graphml` | graph (GraphML: networkx, igraph, yEd, Gephi) |
//! | `gml` | `.gml` | graph (GML: networkx, igraph) |
//! | `edges` | `.edges`, `.edgelist`, `.el` | graph without isolated vertices (one edge a line, networkx's `write_edgelist`) |
//! | `tokens` | `.tokens`, `.tokens_indexed` | graph with terminals (maze-dataset's tokens), read only |
//!
//! Readers may change what they read to fit a [`Graph`]: a directed graph is read as
//! undirected, parallel edges are merged. [`Format::read_noted`] says so, one note per change;
//! [`Format::read`] reads the same and drops the notes.
//!
//! `json` and `graph.json` files are read by their content ([`json::read_item`]): maze JSON,
//! node-link JSON and maze-dataset's files ([`maze_dataset`]) under either extension.
//!
//! ```
//! use mazegraph::format::Format;
//! use std::path::Path;
//! assert_eq!(Format::from_path(Path::new("a.JSON")).unwrap(), Format::Json);
//! assert_eq!(Format::from_name("txt").unwrap(), Format::Txt);
//! assert_eq!(Format::from_path(Path::new("a.graph.json")).unwrap(), Format::GraphJson);
//! assert_eq!(Format::from_name("gv").unwrap(), Format::Dot);
//! assert_eq!(Format::from_path(Path::new("a.edgelist")).unwrap(), Format::Edges);
//! assert_eq!(Format::from_name("graphml").unwrap(), Format::GraphMl);
//! ```

pub mod adj;
pub mod deflate;
pub mod dot;
pub mod edges;
mod exchange;
pub mod gml;
pub mod graph_json;
pub mod graphml;
pub mod json;
pub mod maze_dataset;
pub mod png;
pub mod tiled;
pub mod txt;

use crate::error::{Error, Result};
use crate::graph::Graph;
use crate::grid::Limits;
use crate::maze::Maze;
use std::io::Write;
use std::path::Path;

/// What a file holds once read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A maze (grid, terminals, portals).
    Maze(Maze),
    /// A graph.
    Graph(Graph),
}

/// Options for readers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReadOptions {
    /// Resource limits, checked before allocating.
    pub limits: Limits,
    /// How maze pictures are read (pictures only; see [`crate::picture`]).
    pub picture: crate::picture::Options,
}

/// The kind of content a format holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// A maze grid.
    Maze,
    /// A graph.
    Graph,
}

/// A file format known to mazegraph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PNG picture, 2-D, at any scale (lattice recovery, [`crate::picture`]); written one
    /// pixel per cell, black walls.
    Png,
    /// JPEG picture of a 2-D maze (read only).
    Jpeg,
    /// BMP picture of a 2-D maze (read only).
    Bmp,
    /// GIF picture of a 2-D maze, first frame (read only).
    Gif,
    /// WebP picture of a 2-D maze (read only).
    Webp,
    /// Text grid: `#` wall, `.` or space path, `S`/`G` terminals, portal lines (and
    /// maze-dataset's ASCII: `E` goal, `X` path).
    Txt,
    /// Maze JSON, any number of dimensions; read by content ([`json::read_item`]), so
    /// node-link and maze-dataset's JSON read under this name too.
    Json,
    /// The seed's adjacency list (a Python dict literal).
    Adj,
    /// Node-link graph JSON (networkx).
    GraphJson,
    /// Graphviz DOT.
    Dot,
    /// GraphML (XML).
    GraphMl,
    /// GML (Graph Modelling Language).
    Gml,
    /// Edge list: one edge a line, `u v` or `u v weight`.
    Edges,
    /// maze-dataset's tokens (read only; [`maze_dataset::parse_tokens`]).
    Tokens,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 14] = [
        Format::Png,
        Format::Jpeg,
        Format::Bmp,
        Format::Gif,
        Format::Webp,
        Format::Txt,
        Format::Json,
        Format::Adj,
        Format::GraphJson,
        Format::Dot,
        Format::GraphMl,
        Format::Gml,
        Format::Edges,
        Format::Tokens,
    ];

    /// The format's name, as `--from`/`--to` take it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpeg",
            Format::Bmp => "bmp",
            Format::Gif => "gif",
            Format::Webp => "webp",
            Format::Txt => "txt",
            Format::Json => "json",
            Format::Adj => "adj",
            Format::GraphJson => "graph.json",
            Format::Dot => "dot",
            Format::GraphMl => "graphml",
            Format::Gml => "gml",
            Format::Edges => "edges",
            Format::Tokens => "tokens",
        }
    }

    /// File extensions (lower case, without the dot), the first being the one written.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Png => &["png"],
            Format::Jpeg => &["jpg", "jpeg"],
            Format::Bmp => &["bmp"],
            Format::Gif => &["gif"],
            Format::Webp => &["webp"],
            Format::Txt => &["txt"],
            Format::Json => &["json"],
            Format::Adj => &["adj"],
            Format::GraphJson => &["graph.json"],
            Format::Dot => &["dot", "gv"],
            Format::GraphMl => &["graphml"],
            Format::Gml => &["gml"],
            Format::Edges => &["edges", "edgelist", "el"],
            Format::Tokens => &["tokens", "tokens_indexed"],
        }
    }

    /// What the format holds.
    pub fn holds(self) -> Holds {
        match self {
            Format::Png
            | Format::Jpeg
            | Format::Bmp
            | Format::Gif
            | Format::Webp
            | Format::Txt
            | Format::Json => Holds::Maze,
            Format::Adj
            | Format::GraphJson
            | Format::Dot
            | Format::GraphMl
            | Format::Gml
            | Format::Edges
            | Format::Tokens => Holds::Graph,
        }
    }

    /// True for formats that are not text (not written to a terminal).
    pub fn is_binary(self) -> bool {
        self.is_picture()
    }

    /// True for pictures (read through [`crate::picture::read`], lattice recovery).
    pub fn is_picture(self) -> bool {
        matches!(
            self,
            Format::Png | Format::Jpeg | Format::Bmp | Format::Gif | Format::Webp
        )
    }

    /// True for formats mazegraph writes (every one but the read-only pictures and tokens).
    pub fn is_writable(self) -> bool {
        (!self.is_picture() || self == Format::Png) && self != Format::Tokens
    }

    /// The format with this name or extension (case-insensitive; `gv` is `dot`,
    /// `graphjson` and `graph-json` are `graph.json`).
    pub fn from_name(name: &str) -> Result<Format> {
        let n = name.trim_start_matches('.').to_ascii_lowercase();
        let n = match n.as_str() {
            "graphjson" | "graph-json" | "node-link" => "graph.json",
            other => other,
        };
        Format::ALL
            .into_iter()
            .find(|f| f.name() == n || f.extensions().contains(&n))
            .ok_or_else(|| {
                Error::UnknownFormat(format!("unknown format {name:?} (known: {})", known()))
            })
    }

    /// The format a file name's extension names (`x.graph.json` is graph JSON).
    pub fn from_path(path: &Path) -> Result<Format> {
        let name = path
            .file_name()
            .map(|s| s.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        // Longest extension first, so that `.graph.json` wins over `.json`.
        let mut best: Option<(usize, Format)> = None;
        for f in Format::ALL {
            for ext in f.extensions() {
                let suffix = format!(".{ext}");
                if name.ends_with(&suffix) && best.is_none_or(|(len, _)| suffix.len() > len) {
                    best = Some((suffix.len(), f));
                }
            }
        }
        best.map(|(_, f)| f).ok_or_else(|| {
            Error::UnknownFormat(format!(
                "cannot tell the format of {} from its extension (known: {}; or name it with --from/--to)",
                path.display(),
                known()
            ))
        })
    }

    /// Reads an item from the bytes of a file in this format ([`Format::read_noted`] without
    /// the notes).
    pub fn read(self, bytes: &[u8], opts: &ReadOptions) -> Result<Item> {
        self.read_noted(bytes, opts).map(|(item, _)| item)
    }

    /// Reads an item from the bytes of a file in this format, with notes: one line for each
    /// way the item differs from what the file says, so that a caller can tell its user
    /// nothing was dropped silently. For example `"the graph is directed: 8 edges are read as
    /// undirected (4 one-way edges made two-way, 2 pairs of opposite edges merged into one
    /// each, the lighter kept)"` or `"2 parallel edges merged into the edge they repeat (the
    /// lighter kept)"`. No notes when the item holds everything the file says (attributes
    /// mazegraph has no use for, such as colours or positions, are not noted).
    ///
    /// The graph readers that can meet directions or parallel edges (GraphML, GML, edge
    /// lists, node-link JSON, DOT) give notes; the others have nothing to note.
    ///
    /// ```
    /// use mazegraph::format::{Format, ReadOptions};
    /// let (_, notes) = Format::Edges.read_noted(b"a b 3\nb a 2\n", &ReadOptions::default()).unwrap();
    /// assert_eq!(notes, ["1 parallel edge merged into the edge it repeats (the lighter kept)"]);
    /// let text = br#"{"multigraph": true, "nodes": [{"id": 1}, {"id": 2}],
    ///   "links": [{"source": 1, "target": 2, "key": 0}, {"source": 1, "target": 2, "key": 1}]}"#;
    /// let (_, notes) = Format::GraphJson.read_noted(text, &Default::default()).unwrap();
    /// assert_eq!(notes, ["1 parallel edge merged into the edge it repeats (the lighter kept)"]);
    /// ```
    pub fn read_noted(self, bytes: &[u8], opts: &ReadOptions) -> Result<(Item, Vec<String>)> {
        let noted = |r: Result<(Graph, Vec<String>)>| r.map(|(g, n)| (Item::Graph(g), n));
        let item = match self {
            Format::GraphMl => return noted(graphml::parse_noted(text(self, bytes)?, opts)),
            Format::Gml => return noted(gml::parse_noted(text(self, bytes)?, opts)),
            Format::Edges => return noted(edges::parse_noted(text(self, bytes)?, opts)),
            Format::Json => return json::read_item_noted(text(self, bytes)?, opts, None),
            Format::GraphJson => {
                let t = text(self, bytes)?;
                return json::read_item_noted(t, opts, Some(json::Kind::NodeLink));
            }
            Format::Dot => return noted(dot::parse_noted(text(self, bytes)?, opts)),
            Format::Png => match tiled::read_png(bytes, opts) {
                // A tiled maze's picture, read as its graph.
                Ok(Some(m)) => Ok(Item::Graph(m.to_graph())),
                Ok(None) => crate::picture::read_png(bytes, opts).map(|p| Item::Maze(p.maze)),
                Err(e) => Err(e),
            },
            Format::Jpeg | Format::Bmp | Format::Gif | Format::Webp => {
                crate::picture::read(bytes, opts).map(|p| Item::Maze(p.maze))
            }
            Format::Txt => txt::parse(text(self, bytes)?, opts).map(Item::Maze),
            Format::Adj => adj::parse(text(self, bytes)?, opts).map(Item::Graph),
            Format::Tokens => maze_dataset::parse_tokens(text(self, bytes)?, opts).map(Item::Graph),
        };
        item.map(|i| (i, Vec::new()))
    }

    /// Writes a maze in this maze format. Graph formats take a graph: see
    /// [`Format::write_graph`].
    pub fn write_maze(self, maze: &Maze, out: &mut dyn Write) -> Result<()> {
        match self {
            Format::Png => png::write(maze, out),
            Format::Txt => txt::write(maze, out),
            Format::Json => json::write(maze, out),
            Format::Jpeg | Format::Bmp | Format::Gif | Format::Webp => Err(Error::Unsupported(
                format!("{} is read only here; write png", self.name()),
            )),
            _ => Err(Error::Unsupported(format!(
                "{} holds graphs, not mazes",
                self.name()
            ))),
        }
    }

    /// Writes a graph in this graph format.
    pub fn write_graph(self, graph: &Graph, out: &mut dyn Write) -> Result<()> {
        match self {
            Format::Adj => adj::write(graph, out),
            Format::GraphJson => graph_json::write(graph, out),
            Format::Dot => dot::write(graph, out),
            Format::GraphMl => graphml::write(graph, out),
            Format::Gml => gml::write(graph, out),
            Format::Edges => edges::write(graph, out),
            Format::Tokens => Err(Error::Unsupported(
                "tokens (maze-dataset's) is read only here; write adj, graph.json, dot, graphml, gml or edges".into(),
            )),
            _ => Err(Error::Unsupported(format!(
                "{} holds mazes, not graphs",
                self.name()
            ))),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format> {
        Format::from_name(s)
    }
}

/// The tiled maze in these bytes, when they are tiled maze JSON or a tiled maze's PNG
/// ([`tiled`], [`tiled::read_png`]); `None` for
/// anything else (which [`Format::read`] reads as usual). The one place that tells a tiled
/// maze by its content, for the commands that draw it in its own geometry.
pub fn read_tiled(bytes: &[u8], opts: &ReadOptions) -> Result<Option<crate::tiling::TiledMaze>> {
    if bytes.starts_with(b"\x89PNG") {
        return tiled::read_png(bytes, opts);
    }
    let Ok(text) = std::str::from_utf8(without_bom(bytes)) else {
        return Ok(None);
    };
    if json::sniff(text) != Some(json::Kind::Tiled) {
        return Ok(None);
    }
    tiled::parse(text, opts).map(Some)
}

/// serde_json's error `e` as a parse error of `format` at its line, without the
/// " at line L column C" serde_json appends (the line goes in front).
pub(crate) fn json_error(format: &'static str, e: &serde_json::Error) -> Error {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    Error::parse(format, e.line(), msg)
}

/// The line (from 1) of the first `"key"` in JSON `text`, 0 when there is none: where an
/// error about that key's value is said to be.
pub(crate) fn key_line(text: &str, key: &str) -> usize {
    text.find(&format!("\"{key}\""))
        .map_or(0, |p| 1 + text[..p].matches('\n').count())
}

/// The names of the formats that hold graphs and are written, comma-separated (`adj,
/// graph.json, dot, …`): what an error says when only a graph format can hold something.
pub fn graph_format_names() -> String {
    Format::ALL
        .into_iter()
        .filter(|f| f.holds() == Holds::Graph && f.is_writable())
        .map(Format::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The known format names, comma-separated.
fn known() -> String {
    Format::ALL.map(Format::name).join(", ")
}

/// `bytes` without the UTF-8 byte-order mark that Windows editors (Notepad, PowerShell's
/// `Out-File`) put in front of text files, when it is there.
pub(crate) fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The bytes as UTF-8 text (without a byte-order mark), or a parse error naming the line of
/// the first bad byte.
pub fn text(format: Format, bytes: &[u8]) -> Result<&str> {
    // An edge list of no lines is a graph of no edges; in the other formats, nothing.
    named_text(format.name(), bytes, format == Format::Edges)
}

/// The bytes as UTF-8 text, or a parse error in format `name` naming the line of the first bad
/// byte; an empty (or blank) text is an error unless `empty_ok`. The one check of the text
/// formats, mazes, graphs and games alike.
pub(crate) fn named_text<'a>(
    name: &'static str,
    bytes: &'a [u8],
    empty_ok: bool,
) -> Result<&'a str> {
    let bytes = without_bom(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let upto = &bytes[..e.valid_up_to()];
        let line = 1 + upto.iter().filter(|&&b| b == b'\n').count();
        Error::parse(name, line, "not UTF-8 text")
    })?;
    if !empty_ok && text.trim().is_empty() {
        return Err(Error::parse(name, 1, "the file is empty"));
    }
    Ok(text)
}

/// The notes of a reader that read `added` edges into a graph of `kept` undirected ones: the
/// directions dropped (a directed graph), or parallel edges merged (the lighter kept).
pub(crate) fn merge_notes(directed: bool, added: usize, kept: usize) -> Vec<String> {
    use exchange::plural;
    if directed {
        vec![format!(
            "the graph is directed: {} read as {}",
            plural(added, "edge is", "edges are"),
            plural(kept, "undirected edge", "undirected edges")
        )]
    } else if added > kept {
        vec![exchange::parallel_note(added - kept)]
    } else {
        Vec::new()
    }
}

/// Appends an edge weight as the text formats write it: a whole number without a fraction
/// (`3`), any other number in the shortest form that reads back to the same `f64` (`2.5`).
pub(crate) fn push_weight(buf: &mut Vec<u8>, w: f64) {
    if w.fract() == 0.0 && w.abs() < 9.0e15 {
        buf.extend_from_slice(format!("{}", w as i64).as_bytes());
    } else {
        buf.extend_from_slice(format!("{w}").as_bytes());
    }
}

/// An edge weight as the text formats write it: `3` for a whole number, else the shortest
/// decimal that reads back the same (`2.5`).
pub fn weight_text(w: f64) -> String {
    let mut b = Vec::new();
    push_weight(&mut b, w);
    String::from_utf8(b).unwrap_or_default()
}

/// The coordinates a vertex name written as a tuple stands for (`"(1, 4)"`, as Python's
/// `str` of a tuple writes it, and as networkx's GraphML and GML writers leave tuple nodes):
/// `None` unless the whole name is one parenthesised tuple of integers.
///
/// ```
/// use mazegraph::format::tuple_name;
/// assert_eq!(tuple_name("(1, 4)"), Some(vec![1, 4]));
/// assert_eq!(tuple_name(" (0,0) "), Some(vec![0, 0]));
/// assert_eq!(tuple_name("(1, 4) x"), None);
/// assert_eq!(tuple_name("n1"), None);
/// ```
pub fn tuple_name(s: &str) -> Option<Vec<i64>> {
    let (c, rest) = parse_tuple(s)?;
    (rest.trim().is_empty() && !c.is_empty()).then_some(c)
}

/// Parses a coordinate tuple such as `(1, 3)` or `(1,3)` at the start of `s`, returning the
/// numbers and the rest of the string. Used by the text formats.
pub(crate) fn parse_tuple(s: &str) -> Option<(Vec<i64>, &str)> {
    let s = s.trim_start();
    let rest = s.strip_prefix('(')?;
    let close = rest.find(')')?;
    let inner = &rest[..close];
    let mut v = Vec::new();
    for part in inner.split(',') {
        let p = part.trim();
        if p.is_empty() {
            continue;
        }
        v.push(p.parse().ok()?);
    }
    if v.is_empty() {
        return None;
    }
    Some((v, &rest[close + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_skipped_in_every_text_format() {
        let bom = |t: &str| [b"\xEF\xBB\xBF".as_slice(), t.as_bytes()].concat();
        let opts = ReadOptions::default();
        for (format, text) in [
            (Format::Txt, "#.#\n#.#\n"),
            (Format::Adj, "{(0, 0): [(0, 1)], (0, 1): [(0, 0)]}"),
            (
                Format::GraphJson,
                r#"{"nodes": [{"id": 0}, {"id": 1}], "links": [{"source": 0, "target": 1}]}"#,
            ),
            (Format::Edges, "a b\n"),
        ] {
            let plain = format.read(text.as_bytes(), &opts).unwrap();
            let marked = format
                .read(&bom(text), &opts)
                .unwrap_or_else(|e| panic!("{format}: {e}"));
            let graph = |i: Item| {
                crate::convert::to_graph(&i, crate::convert::GraphKind::Cells, &opts.limits)
                    .unwrap()
            };
            assert_eq!(
                graph(plain).edge_count(),
                graph(marked).edge_count(),
                "{format}"
            );
        }
        // Not UTF-8 after the mark: still the line of the bad byte.
        let e = Format::Txt.read(&bom("#.#\n#\u{0}"), &opts);
        assert!(e.is_err());
        let e = named_text("txt", b"\xEF\xBB\xBF#.#\n\xff", false).unwrap_err();
        assert!(matches!(e, Error::Parse { line: 2, .. }), "{e:?}");
    }
}
