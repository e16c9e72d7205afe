//! GraphML (`.graphml`), the XML graph format of networkx (`write_graphml` / `read_graphml`),
//! igraph (`Graph.write_graphml` / `Read_GraphML`), yEd, Gephi and Cytoscape.
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <graphml xmlns="http://graphml.graphdrawing.org/xmlns" …>
//!   <key id="coord" for="node" attr.name="coord" attr.type="string"/>
//!   <key id="shape" for="graph" attr.name="shape" attr.type="string"/>
//!   <key id="start" for="graph" attr.name="start" attr.type="string"/>
//!   <key id="goal" for="graph" attr.name="goal" attr.type="string"/>
//!   <graph id="G" edgedefault="undirected">
//!     <data key="shape">3,3</data>
//!     <data key="start">(0, 1)</data>
//!     <data key="goal">(1, 2)</data>
//!     <node id="(0, 1)"><data key="coord">0,1</data></node>
//!     <node id="(1, 1)"><data key="coord">1,1</data></node>
//!     <node id="(1, 2)"><data key="coord">1,2</data></node>
//!     <edge source="(0, 1)" target="(1, 1)"/>
//!     <edge source="(1, 1)" target="(1, 2)"/>
//!   </graph>
//! </graphml>
//! ```
//!
//! **Writer.** Node ids are the vertex labels as text, XML-escaped: integers as digits,
//! strings as themselves, coordinates as Python prints a tuple, `(0, 1)`. That is exactly what
//! networkx writes for a graph whose nodes are tuples (it writes `str(node)`), so a maze
//! written here and the same maze written by networkx read back in networkx as the same graph,
//! node for node; `ast.literal_eval` turns the ids back into tuples. Cell graphs also carry
//! each node's coordinates as the node attribute `coord` (`"0,1"`, a string that igraph and
//! spreadsheets take as is) and the grid as the graph attribute `shape`. Keys are declared only
//! when used: `weight` (`double`, on edges, only for weighted graphs), `coord`, and the graph
//! attributes `shape`, `start`, `goal` (the terminals' node ids). A string label that would
//! read back as something else (`"12"`, `"(1, 2)"`) is refused, not written ambiguously.
//!
//! **Reader** (streaming, through quick-xml: no DOM, no recursion):
//! - `<key id for attr.name attr.type>` with an optional `<default>`, for `node`, `edge`,
//!   `graph` or `all`; keys are matched by their `attr.name`, whatever their `id`;
//! - one `<graph>`, with `edgedefault="directed"` or `"undirected"`; `<node id>`;
//!   `<edge source target>` with an optional `directed="true|false"`; edges may come before
//!   the nodes they name, graph `<data>` anywhere in the graph (networkx puts it last);
//! - edge weight: the `<data>` whose key has `attr.name="weight"` (any numeric type, or a
//!   string holding a number), or that key's `<default>`; a positive number; the graph is
//!   weighted when such a key is declared (an edge without a weight weighs 1);
//! - a node's label, first that applies: its `coord` attribute (`"1,4"` or `"(1, 4)"`, as
//!   written here); its id, unless the id is igraph's `n0`, `n1`, … (the vertex index), in
//!   which case its `name` attribute (igraph's `v_name`), else integer `row` and `col`
//!   attributes (a coordinate `(row, col)`), else the id. So a networkx graph whose nodes
//!   carry a `name` attribute keeps its node ids. A name or id that reads as a coordinate
//!   tuple (`"(0, 0)"`, `"0,0"`) is that coordinate, a decimal integer is that integer,
//!   anything else a string;
//! - terminals: graph attributes `start` / `goal` naming a node (by id, or by label), else
//!   boolean node attributes `start` / `goal` (`true`, `True` or `1`);
//! - grid shape: graph attribute `shape` (`"6,8"`);
//! - other attributes and elements (`<desc>`, yFiles' graphics, …) are skipped; text and
//!   attribute values may hold the XML entities and character references.
//! - directed graphs are read as undirected and parallel edges merged (the lighter kept); both
//!   are said in the notes of [`parse_noted`] ([`super::Format::read_noted`]).
//!
//! Refused, with the line: malformed XML, nested graphs, hyperedges, ports, a second graph, a
//! node id given twice, two nodes with the same label, an edge naming no node, self-loops,
//! weights that are not positive numbers, entities other than XML's five, `<data>` with an
//! undeclared key, terminals naming no node, more than one node marked `start` (or `goal`).
//!
//! Complexity: O(input) time and memory (nodes and edges are kept until the end, as edges may
//! name nodes declared later); vertices and edges are counted against the limits as they come.
//!
//! ```
//! use mazegraph::format::{graphml, Format, ReadOptions};
//! use mazegraph::{Graph, Maze};
//! let g = Graph::from_maze(&Maze::from_text_rows(&["#S#", "#.G", "###"]).unwrap());
//! let mut out = Vec::new();
//! graphml::write(&g, &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains(r#"<node id="(0, 1)"><data key="coord">0,1</data></node>"#));
//! let (back, notes) = graphml::parse_noted(&text, &ReadOptions::default()).unwrap();
//! assert_eq!(back, g);
//! assert!(notes.is_empty());
//! // A directed graph is read as undirected, and the caller is told.
//! let xml = r#"<graphml><graph edgedefault="directed">
//!   <node id="a"/><node id="b"/><edge source="a" target="b"/><edge source="b" target="a"/>
//! </graph></graphml>"#;
//! let (item, notes) = Format::GraphMl.read_noted(xml.as_bytes(), &ReadOptions::default()).unwrap();
//! assert_eq!(notes.len(), 1);
//! assert!(notes[0].starts_with("the graph is directed"));
//! ```
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::exchange::{self, label_of, label_text, line_at, CoordStyle};
use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{FastMap, Graph, Label};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::HashMap;
use std::io::Write;

const NAME: &str = "graphml";

/// Escapes text for an XML (or HTML) attribute value or element content. The one escaper of
/// the crate: the gamebook's HTML and the notebook pictures use it too.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters cannot appear in XML 1.0 at all, even escaped; tabs and
            // newlines in attributes would be normalised to spaces: keep them as references.
            '\t' | '\n' | '\r' => out.push_str(&format!("&#{};", ch as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Writes a graph as GraphML (see the [module docs](self)).
///
/// Refuses string labels that would read back as another label, and labels holding characters
/// XML 1.0 cannot carry (control characters).
///
/// Complexity: O(V + E) time; the output is written in 64 KiB chunks.
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let n = graph.vertex_count() as u32;
    let mut ids = Vec::with_capacity(n as usize);
    for v in 0..n {
        let t = label_text(&graph.label(v), CoordStyle::Python, NAME)?;
        if t.chars()
            .any(|c| (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
        {
            return Err(Error::Unsupported(format!(
                "{NAME} cannot hold the vertex {}: XML has no control characters; write graph.json or adj",
                graph.label(v)
            )));
        }
        ids.push(escape(&t));
    }
    let mut buf = String::with_capacity(1 << 16);
    buf.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    buf.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
    let shape = graph.shape();
    if graph.is_weighted() {
        buf.push_str(
            "  <key id=\"weight\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n",
        );
    }
    if shape.is_some() {
        buf.push_str(
            "  <key id=\"coord\" for=\"node\" attr.name=\"coord\" attr.type=\"string\"/>\n",
        );
        buf.push_str(
            "  <key id=\"shape\" for=\"graph\" attr.name=\"shape\" attr.type=\"string\"/>\n",
        );
    }
    let terminals = [("start", graph.start()), ("goal", graph.goal())];
    for (key, t) in terminals {
        if t.is_some() {
            buf.push_str(&format!(
                "  <key id=\"{key}\" for=\"graph\" attr.name=\"{key}\" attr.type=\"string\"/>\n"
            ));
        }
    }
    buf.push_str("  <graph id=\"G\" edgedefault=\"undirected\">\n");
    if let Some(s) = shape {
        let dims: Vec<i64> = s.dims().iter().map(|&d| d as i64).collect();
        buf.push_str(&format!(
            "    <data key=\"shape\">{}</data>\n",
            exchange::coord_text(&dims, CoordStyle::Bare)
        ));
    }
    for (key, t) in terminals {
        if let Some(v) = t.and_then(|v| ids.get(v as usize)) {
            buf.push_str(&format!("    <data key=\"{key}\">{v}</data>\n"));
        }
    }
    for (v, id) in ids.iter().enumerate() {
        buf.push_str("    <node id=\"");
        buf.push_str(id);
        match graph.label(v as u32) {
            Label::Coord(c) if shape.is_some() => {
                buf.push_str("\"><data key=\"coord\">");
                buf.push_str(&exchange::coord_text(&c, CoordStyle::Bare));
                buf.push_str("</data></node>\n");
            }
            _ => buf.push_str("\"/>\n"),
        }
        if buf.len() >= 1 << 16 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    let weighted = graph.is_weighted();
    for (u, v, w) in graph.edges() {
        let (Some(a), Some(b)) = (ids.get(u as usize), ids.get(v as usize)) else {
            continue;
        };
        buf.push_str("    <edge source=\"");
        buf.push_str(a);
        buf.push_str("\" target=\"");
        buf.push_str(b);
        if weighted {
            buf.push_str("\"><data key=\"weight\">");
            buf.push_str(&super::weight_text(w));
            buf.push_str("</data></edge>\n");
        } else {
            buf.push_str("\"/>\n");
        }
        if buf.len() >= 1 << 16 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    buf.push_str("  </graph>\n</graphml>\n");
    out.write_all(buf.as_bytes())?;
    Ok(())
}

/// Reads a GraphML graph (see the [module docs](self)).
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    parse_noted(text, opts).map(|(g, _)| g)
}

/// What a `<key>` declares.
struct Key {
    domain: Domain,
    name: String,
    default: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Domain {
    Node,
    Edge,
    Graph,
    All,
    Other,
}

impl Domain {
    fn covers(self, d: Domain) -> bool {
        self == d || self == Domain::All
    }
}

/// The attributes of a node that matter here.
#[derive(Default)]
struct NodeAttrs {
    coord: Option<String>,
    name: Option<String>,
    row: Option<String>,
    col: Option<String>,
    start: Option<String>,
    goal: Option<String>,
}

struct Node {
    id: String,
    attrs: NodeAttrs,
    pos: usize,
}

struct Edge {
    source: String,
    target: String,
    weight: Option<String>,
    directed: bool,
    pos: usize,
}

/// An open element.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    GraphMl,
    Key,
    Default,
    Graph,
    Node,
    Edge,
    /// A `<data>` under the graph, a node or an edge.
    Data,
    /// Anything else: skipped with what it holds.
    Other,
}

struct State<'a> {
    text: &'a str,
    opts: ReadOptions,
    keys: HashMap<String, Key>,
    /// The key being declared (its id).
    key: Option<(String, Key)>,
    graphs: usize,
    directed_default: bool,
    nodes: Vec<Node>,
    node_ids: FastMap<String, usize>,
    edges: Vec<Edge>,
    /// Graph attributes: name → (value, position of its `<data>`).
    graph_attrs: HashMap<String, (String, usize)>,
    /// The `<data>` being read: its attribute name, its text so far, its position.
    data: Option<(String, String, usize)>,
    /// Text of a `<default>`.
    default_text: Option<String>,
    stack: Vec<Open>,
}

impl State<'_> {
    fn err(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::parse(NAME, line_at(self.text, pos), msg)
    }

    fn attr(&self, e: &BytesStart, name: &str, pos: usize) -> Result<Option<String>> {
        for a in e.attributes() {
            let a = a.map_err(|x| self.err(pos, format!("bad attribute: {x}")))?;
            if a.key.local_name().as_ref() == name {
                let v = a
                    .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .map_err(|x| self.err(pos, format!("bad attribute value: {x}")))?;
                return Ok(Some(v.into_owned()));
            }
        }
        Ok(None)
    }

    fn need(&self, e: &BytesStart, name: &str, what: &str, pos: usize) -> Result<String> {
        self.attr(e, name, pos)?
            .ok_or_else(|| self.err(pos, format!("<{what}> without the attribute {name}")))
    }

    /// An element opens (`empty`: it closes at once).
    fn open(&mut self, e: &BytesStart, pos: usize) -> Result<()> {
        let parent = self.stack.last().copied();
        let local = e.local_name();
        let name = local.as_ref();
        let open = match (parent, name) {
            (Some(Open::Data | Open::Other | Open::Default), _) => Open::Other,
            (None, "graphml") => Open::GraphMl,
            (None, _) => return Err(self.err(pos, format!("expected <graphml>, found <{}>", name))),
            (_, "hyperedge") => {
                return Err(self.err(
                    pos,
                    "hyperedges are not supported (a maze's graph has plain edges)",
                ))
            }
            (_, "port") => {
                return Err(self.err(
                    pos,
                    "ports are not supported (a maze's graph has plain edges)",
                ))
            }
            (Some(Open::Node | Open::Edge | Open::Graph), "graph") => {
                return Err(self.err(pos, "nested graphs are not supported"))
            }
            (Some(Open::GraphMl), "key") => {
                let id = self.need(e, "id", "key", pos)?;
                let domain = match self.attr(e, "for", pos)?.as_deref() {
                    Some("node") => Domain::Node,
                    Some("edge") => Domain::Edge,
                    Some("graph") => Domain::Graph,
                    Some("all") | None => Domain::All,
                    Some(_) => Domain::Other,
                };
                let name = self
                    .attr(e, "attr.name", pos)?
                    .unwrap_or_else(|| id.clone());
                self.key = Some((
                    id,
                    Key {
                        domain,
                        name,
                        default: None,
                    },
                ));
                Open::Key
            }
            (Some(Open::Key), "default") => {
                self.default_text = Some(String::new());
                Open::Default
            }
            (Some(Open::GraphMl), "graph") => {
                self.graphs += 1;
                if self.graphs > 1 {
                    return Err(self.err(
                        pos,
                        "the file holds more than one graph (mazegraph reads one)",
                    ));
                }
                self.directed_default = match self.attr(e, "edgedefault", pos)?.as_deref() {
                    Some("directed") => true,
                    Some("undirected") | None => false,
                    Some(other) => {
                        return Err(self.err(
                            pos,
                            format!("edgedefault is {other:?}, not \"directed\" or \"undirected\""),
                        ))
                    }
                };
                Open::Graph
            }
            (Some(Open::Graph), "node") => {
                let id = self.need(e, "id", "node", pos)?;
                if self.node_ids.contains_key(&id) {
                    return Err(self.err(pos, format!("node id {id:?} appears twice")));
                }
                self.opts.limits.check(self.nodes.len() as u64 + 1)?;
                self.node_ids.insert(id.clone(), self.nodes.len());
                self.nodes.push(Node {
                    id,
                    attrs: NodeAttrs::default(),
                    pos,
                });
                Open::Node
            }
            (Some(Open::Graph), "edge") => {
                let source = self.need(e, "source", "edge", pos)?;
                let target = self.need(e, "target", "edge", pos)?;
                let directed = match self.attr(e, "directed", pos)?.as_deref() {
                    Some("true") | Some("1") => true,
                    Some("false") | Some("0") => false,
                    None => self.directed_default,
                    Some(other) => {
                        return Err(self.err(
                            pos,
                            format!("edge attribute directed is {other:?}, not true or false"),
                        ))
                    }
                };
                self.opts.limits.check_edge(self.edges.len())?;
                self.edges.push(Edge {
                    source,
                    target,
                    weight: None,
                    directed,
                    pos,
                });
                Open::Edge
            }
            (Some(Open::Graph | Open::Node | Open::Edge), "data") => {
                let key = self.need(e, "key", "data", pos)?;
                let Some(k) = self.keys.get(&key) else {
                    return Err(self.err(
                        pos,
                        format!("<data key={key:?}>: no <key> declares {key:?}"),
                    ));
                };
                self.data = Some((k.name.clone(), String::new(), pos));
                Open::Data
            }
            _ => Open::Other,
        };
        self.stack.push(open);
        Ok(())
    }

    /// The innermost element closes.
    fn close(&mut self) {
        let Some(open) = self.stack.pop() else { return };
        let parent = self.stack.last().copied();
        match open {
            Open::Default => {
                if let (Some((_, k)), Some(t)) = (&mut self.key, self.default_text.take()) {
                    k.default = Some(t);
                }
            }
            Open::Key => {
                if let Some((id, k)) = self.key.take() {
                    self.keys.insert(id, k);
                }
            }
            Open::Data => {
                let Some((name, value, pos)) = self.data.take() else {
                    return;
                };
                match parent {
                    Some(Open::Graph) => {
                        self.graph_attrs.insert(name, (value, pos));
                    }
                    Some(Open::Node) => {
                        if let Some(node) = self.nodes.last_mut() {
                            let a = &mut node.attrs;
                            let slot = match name.as_str() {
                                "coord" => &mut a.coord,
                                "name" => &mut a.name,
                                "row" => &mut a.row,
                                "col" => &mut a.col,
                                "start" => &mut a.start,
                                "goal" => &mut a.goal,
                                _ => return,
                            };
                            *slot = Some(value);
                        }
                    }
                    Some(Open::Edge) if name == "weight" => {
                        if let Some(edge) = self.edges.last_mut() {
                            edge.weight = Some(value);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// Text inside the innermost element.
    fn text(&mut self, s: &str) {
        match self.stack.last() {
            Some(Open::Data) => {
                if let Some((_, t, _)) = &mut self.data {
                    t.push_str(s);
                }
            }
            Some(Open::Default) => {
                if let Some(t) = &mut self.default_text {
                    t.push_str(s);
                }
            }
            _ => {}
        }
    }

    /// A key's default for an attribute name in a domain.
    fn default_of(&self, domain: Domain, name: &str) -> Option<&str> {
        self.keys
            .values()
            .find(|k| k.domain.covers(domain) && k.name == name)
            .and_then(|k| k.default.as_deref())
    }
}

fn truthy(s: &str) -> bool {
    matches!(s.trim(), "true" | "True" | "TRUE" | "1")
}

/// An id as igraph writes them, `n` and the vertex's index (`n0`, `n17`): the vertex is then
/// named by its `name` attribute, or its `row` and `col`, when it has them.
fn igraph_id(id: &str) -> bool {
    id.strip_prefix('n')
        .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// A whole number written as an integer or a float (`3`, `3.0`): igraph writes `row` and
/// `col` as doubles.
fn whole(s: &str) -> Option<i64> {
    let t = s.trim();
    exchange::int_of(t).or_else(|| {
        let f: f64 = t.parse().ok()?;
        (f.fract() == 0.0 && f.abs() < 9.0e15).then_some(f as i64)
    })
}

/// [`parse`], with the notes: what reading changed (a directed graph read as undirected,
/// parallel edges merged).
pub fn parse_noted(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let skipped = text.len() - body.len();
    let reader = &mut Reader::from_str(body);
    // Text is kept as written (a label may start or end with a space): values are trimmed
    // where they are numbers or coordinates.
    let mut st = State {
        text,
        opts: *opts,
        keys: HashMap::new(),
        key: None,
        graphs: 0,
        directed_default: false,
        nodes: Vec::new(),
        node_ids: FastMap::default(),
        edges: Vec::new(),
        graph_attrs: HashMap::new(),
        data: None,
        default_text: None,
        stack: Vec::new(),
    };
    loop {
        let ev = reader.read_event();
        let pos = skipped + reader.buffer_position() as usize;
        let ev = match ev {
            Ok(ev) => ev,
            Err(e) => {
                let at = skipped + reader.error_position() as usize;
                return Err(st.err(at, format!("malformed XML: {e}")));
            }
        };
        match ev {
            Event::Start(e) => st.open(&e, pos)?,
            Event::Empty(e) => {
                st.open(&e, pos)?;
                st.close();
            }
            Event::End(_) => st.close(),
            Event::Text(t) => {
                let s = t.xml10_content();
                st.text(&s);
            }
            Event::CData(t) => {
                let s = t.xml10_content();
                st.text(&s);
            }
            Event::GeneralRef(r) => {
                let ch = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    Ok(None) => match quick_xml::escape::resolve_predefined_entity(&r) {
                        Some(s) => s.to_string(),
                        None => return Err(st.err(pos, format!("unknown entity &{};", &*r))),
                    },
                    Err(e) => return Err(st.err(pos, format!("bad character reference: {e}"))),
                };
                st.text(&ch);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if st.graphs == 0 {
        return Err(st.err(text.len(), "no <graph> in the file"));
    }
    finish(st)
}

fn finish(st: State) -> Result<(Graph, Vec<String>)> {
    let mut c = exchange::Collector::new(st.opts.limits);
    let mut vertex = Vec::with_capacity(st.nodes.len());
    let mut by_label: FastMap<Label, usize> = FastMap::default();
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    for (k, node) in st.nodes.iter().enumerate() {
        let a = &node.attrs;
        let coord = a.coord.as_deref().or(st.default_of(Domain::Node, "coord"));
        let name = a.name.as_deref().or(st.default_of(Domain::Node, "name"));
        let label = if let Some(c) = coord {
            match exchange::coord_of(c) {
                Some(c) => Label::Coord(c),
                None => {
                    return Err(st.err(
                        node.pos,
                        format!(
                            "node {:?} has coord {c:?}, not a coordinate such as \"1,4\"",
                            node.id
                        ),
                    ))
                }
            }
        } else if !igraph_id(&node.id) {
            label_of(&node.id)
        } else if let Some(n) = name {
            label_of(n)
        } else if let (Some(r), Some(col)) = (
            a.row.as_deref().and_then(whole),
            a.col.as_deref().and_then(whole),
        ) {
            Label::Coord(vec![r, col])
        } else {
            label_of(&node.id)
        };
        if let Some(&other) = by_label.get(&label) {
            let first = st.nodes.get(other).map_or("", |n| n.id.as_str());
            return Err(st.err(
                node.pos,
                format!(
                    "nodes {first:?} and {:?} are both the vertex {label}",
                    node.id
                ),
            ));
        }
        let (v, _) = c.vertex(label.clone())?;
        by_label.insert(label.clone(), k);
        vertex.push((v, label.clone()));
        let flag = |own: &Option<String>, name: &str| {
            own.as_deref()
                .or(st.default_of(Domain::Node, name))
                .is_some_and(truthy)
        };
        if flag(&a.start, "start") {
            starts.push((label.clone(), node.pos));
        }
        if flag(&a.goal, "goal") {
            goals.push((label, node.pos));
        }
    }
    let end = |id: &str, e: &Edge| {
        st.node_ids
            .get(id)
            .and_then(|&k| vertex.get(k))
            .map(|(v, _)| *v)
            .ok_or_else(|| {
                st.err(
                    e.pos,
                    format!(
                        "edge {:?} -- {:?} names {id:?}, which is no node",
                        e.source, e.target
                    ),
                )
            })
    };
    let weight_default = st.default_of(Domain::Edge, "weight");
    // A declared weight key makes the graph weighted, edges or not.
    if st
        .keys
        .values()
        .any(|k| k.domain.covers(Domain::Edge) && k.name == "weight")
    {
        c.set_weighted();
    }
    for e in &st.edges {
        let (a, b) = (end(&e.source, e)?, end(&e.target, e)?);
        let w = match e.weight.as_deref().or(weight_default) {
            Some(t) => Some(exchange::weight_of(t).map_err(|m| st.err(e.pos, m))?),
            None => None,
        };
        c.edge(a, b, w, e.directed).map_err(|x| match x {
            Error::InvalidGraph(m) => st.err(e.pos, m),
            other => other,
        })?;
    }
    // A graph attribute and the position to name in an error: its `<data>`, or the end.
    let graph_attr = |name: &str| {
        st.graph_attrs
            .get(name)
            .map(|(v, pos)| (v.as_str(), *pos))
            .or(st
                .default_of(Domain::Graph, name)
                .map(|v| (v, st.text.len())))
    };
    let terminal = |name: &str, flagged: &[(Label, usize)]| -> Result<Option<Label>> {
        if let Some((t, pos)) = graph_attr(name) {
            if let Some((_, l)) = st.node_ids.get(t).and_then(|&k| vertex.get(k)) {
                return Ok(Some(l.clone()));
            }
            let l = label_of(t);
            if by_label.contains_key(&l) {
                return Ok(Some(l));
            }
            return Err(st.err(
                pos,
                format!("the graph's {name} is {t:?}, which is no node"),
            ));
        }
        match flagged {
            [] => Ok(None),
            [(l, _)] => Ok(Some(l.clone())),
            [_, (_, pos), ..] => Err(st.err(*pos, format!("more than one node is marked {name}"))),
        }
    };
    let start = terminal("start", &starts)?;
    let goal = terminal("goal", &goals)?;
    if let Some((s, pos)) = graph_attr("shape") {
        match exchange::shape_of(s) {
            Some(d) => c.set_shape(d),
            None => {
                return Err(st.err(
                    pos,
                    format!("the graph's shape is {s:?}, not sizes such as \"6,8\""),
                ))
            }
        }
    }
    c.finish(start, goal)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::grid::Limits;

    fn p(text: &str) -> Result<(Graph, Vec<String>)> {
        parse_noted(text, &ReadOptions::default())
    }

    fn err(text: &str) -> String {
        p(text).unwrap_err().to_string()
    }

    fn doc(body: &str) -> String {
        format!("<?xml version=\"1.0\"?>\n<graphml>\n{body}\n</graphml>\n")
    }

    #[test]
    fn names_weights_and_escapes_round_trip() {
        let text = doc(
            r#"<key id="d0" for="edge" attr.name="weight" attr.type="double"/>
<graph edgedefault="undirected">
<node id="a &amp; b"/><node id="x&lt;y"/><node id="7"/>
<edge source="a &amp; b" target="x&lt;y"><data key="d0">2.5</data></edge>
<edge source="7" target="x&lt;y"/>
</graph>"#,
        );
        let (g, _) = p(&text).unwrap();
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.label(0), Label::Int(7));
        assert!(g.find(&Label::Str("a & b".into())).is_some());
        let ws: Vec<f64> = g.edges().map(|e| e.2).collect();
        assert_eq!(ws, vec![1.0, 2.5]);
        let mut out = Vec::new();
        write(&g, &mut out).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert!(s.contains(r#"<node id="a &amp; b"/>"#), "{s}");
        assert_eq!(p(&s).unwrap().0, g);
    }

    #[test]
    fn igraph_names_rows_and_cols() {
        let text = doc(
            r#"<key id="v_name" for="node" attr.name="name" attr.type="string"/>
<key id="v_row" for="node" attr.name="row" attr.type="double"/>
<key id="v_col" for="node" attr.name="col" attr.type="double"/>
<graph id="G" edgedefault="undirected">
<node id="n0"><data key="v_name">0,0</data></node>
<node id="n1"><data key="v_row">0</data><data key="v_col">1.0</data></node>
<edge source="n0" target="n1"/>
</graph>"#,
        );
        let (g, _) = p(&text).unwrap();
        assert_eq!(g.label(0), Label::Coord(vec![0, 0]));
        assert_eq!(g.label(1), Label::Coord(vec![0, 1]));
        // Ids that are not igraph's keep their names: a name attribute is only data.
        let text = doc(r#"<key id="d" for="node" attr.name="name"/>
<graph><node id="x"><data key="d">same</data></node><node id="y"><data key="d">same</data></node></graph>"#);
        let (g, _) = p(&text).unwrap();
        assert_eq!(g.label(1), Label::Str("y".into()));
    }

    #[test]
    fn terminals_after_the_edges_and_node_flags() {
        let text = doc(
            r#"<key id="d0" for="graph" attr.name="start" attr.type="string"/>
<key id="d1" for="node" attr.name="goal" attr.type="boolean"><default>false</default></key>
<graph edgedefault="undirected">
<edge source="s" target="t"/>
<node id="s"/><node id="t"><data key="d1">True</data></node>
<data key="d0">s</data>
</graph>"#,
        );
        let (g, _) = p(&text).unwrap();
        assert_eq!(g.label(g.start().unwrap()), Label::Str("s".into()));
        assert_eq!(g.label(g.goal().unwrap()), Label::Str("t".into()));
    }

    #[test]
    fn directed_and_parallel_edges_are_noted() {
        let text = doc(r#"<graph edgedefault="directed">
<node id="1"/><node id="2"/><node id="3"/>
<edge source="1" target="2"/><edge source="2" target="1"/><edge source="2" target="3"/>
<edge source="2" target="3" directed="false"/>
</graph>"#);
        let (g, notes) = p(&text).unwrap();
        assert_eq!(g.edge_count(), 2);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(
            notes[0].contains("3 edges are read as undirected"),
            "{notes:?}"
        );
        assert!(notes[1].starts_with("1 parallel edge merged"), "{notes:?}");
    }

    #[test]
    fn refusals_name_the_line() {
        assert_eq!(
            err(&doc("<graph>\n<node id=\"a\"><graph/></node></graph>")),
            "line 4: nested graphs are not supported"
        );
        assert_eq!(
            err(&doc("<graph>\n<hyperedge/></graph>")),
            "line 4: hyperedges are not supported (a maze's graph has plain edges)"
        );
        assert_eq!(
            err(&doc(
                "<graph>\n<node id=\"a\"><port name=\"p\"/></node></graph>"
            )),
            "line 4: ports are not supported (a maze's graph has plain edges)"
        );
        assert_eq!(
            err(&doc("<graph/><graph/>")),
            "line 3: the file holds more than one graph (mazegraph reads one)"
        );
        assert_eq!(
            err(&doc(
                "<graph>\n<node id=\"a\"/>\n<edge source=\"a\" target=\"b\"/></graph>"
            )),
            "line 5: edge \"a\" -- \"b\" names \"b\", which is no node"
        );
        assert_eq!(
            err(&doc("<graph>\n<node id=\"a\"/>\n<node id=\"a\"/></graph>")),
            "line 5: node id \"a\" appears twice"
        );
        assert_eq!(
            err(&doc(
                "<graph>\n<node id=\"(0, 0)\"/>\n<node id=\"0,0\"/></graph>"
            )),
            "line 5: nodes \"(0, 0)\" and \"0,0\" are both the vertex (0, 0)"
        );
        assert_eq!(
            err(&doc(
                "<graph>\n<node id=\"a\"/>\n<edge source=\"a\" target=\"a\"/></graph>"
            )),
            "line 5: self-loop on vertex 'a' (a maze cannot link a cell to itself)"
        );
        assert!(err(&doc("<graph>\n<node id=\"a\">\n</graph>")).contains("malformed XML"));
        assert_eq!(err("<foo/>"), "line 1: expected <graphml>, found <foo>");
        assert_eq!(err("<graphml/>"), "line 1: no <graph> in the file");
        assert_eq!(
            err(&doc("<graph><node id=\"&x;\"/></graph>")),
            "line 3: bad attribute value: at 1..2: unrecognized entity `x`"
        );
        assert_eq!(
            err(&doc("<key id=\"w\" for=\"edge\" attr.name=\"weight\"/><graph><node id=\"a\"/><node id=\"b\"/>\n<edge source=\"a\" target=\"b\"><data key=\"w\">-2</data></edge></graph>")),
            "line 4: edge weight -2 is not a positive number"
        );
        assert_eq!(
            err(&doc(
                "<graph><node id=\"a\"><data key=\"nope\">1</data></node></graph>"
            )),
            "line 3: <data key=\"nope\">: no <key> declares \"nope\""
        );
    }

    #[test]
    fn graph_data_errors_name_their_line() {
        let text = doc("<key id=\"s\" for=\"graph\" attr.name=\"start\"/>\n<graph>\n<node id=\"a\"/>\n<data key=\"s\">b</data>\n</graph>");
        assert_eq!(
            err(&text),
            "line 6: the graph's start is \"b\", which is no node"
        );
        let text = doc("<key id=\"s\" for=\"graph\" attr.name=\"shape\"/>\n<graph>\n<data key=\"s\">0,x</data>\n</graph>");
        assert_eq!(
            err(&text),
            "line 5: the graph's shape is \"0,x\", not sizes such as \"6,8\""
        );
    }

    #[test]
    fn limits_are_honoured() {
        let text = doc("<graph><node id=\"a\"/><node id=\"b\"/><node id=\"c\"/></graph>");
        let opts = ReadOptions {
            limits: Limits::cells(2),
            ..Default::default()
        };
        assert!(matches!(parse(&text, &opts), Err(Error::TooLarge { .. })));
    }

    #[test]
    fn ambiguous_strings_are_refused_by_the_writer() {
        let mut b = crate::graph::GraphBuilder::default();
        let x = b.vertex(Label::Str("12".into()));
        let y = b.vertex(Label::Str("a".into()));
        b.edge(x, y, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        let e = write(&g, &mut Vec::new()).unwrap_err().to_string();
        assert!(e.contains("would read back as 12"), "{e}");
    }
}
