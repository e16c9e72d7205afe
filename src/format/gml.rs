//! GML, the Graph Modelling Language (`.gml`), as networkx (`write_gml` / `read_gml`) and
//! igraph (`Graph.write_gml` / `Read_GML`) write and read it.
//!
//! ```text
//! graph [
//!   directed 0
//!   shape "3,3"
//!   start "(0,1)"
//!   goal "(1,2)"
//!   node [
//!     id 0
//!     label "(0,1)"
//!   ]
//!   node [
//!     id 1
//!     label "(1,1)"
//!   ]
//!   edge [
//!     source 0
//!     target 1
//!   ]
//! ]
//! ```
//!
//! **Writer.** Nodes are numbered `0..n-1` (`id`) and carry their label as the string `label`,
//! which networkx's `read_gml` requires and makes the node's name: integers as digits, strings
//! as themselves, coordinates as networkx writes a tuple label, `"(0,1)"` (its
//! `literal_stringizer`, no space), so that a maze written here reads in networkx as the same
//! graph as the maze written by networkx. Edges carry `weight` when the graph is weighted
//! (integers as GML integers, others as reals); the graph carries `directed 0`, `weighted 1`
//! when weighted (so that a weighted graph without edges stays weighted), the grid
//! `shape` (`"6,8"`, cell graphs) and the terminals `start` / `goal` (their labels). Strings
//! are escaped for both readers: `&amp;`, `&quot;`, and `&#N;` for characters outside
//! printable ASCII (networkx reads ASCII only; igraph keeps `&#N;` as written).
//! A string label that would read back as another label (`"12"`) is refused.
//!
//! **Reader** (hand-written, no recursion):
//! - key–value pairs; keys are words (`[A-Za-z_][A-Za-z0-9_]*`), values integers, reals
//!   (`2.5`, `1e-3`, `INF`, `NAN`), strings in double quotes (any character but `"`, lines
//!   included; `&quot;`, `&amp;`, `&lt;`, `&gt;`, `&apos;`, `&#N;` and `&#xH;` decoded, other
//!   `&…;` kept as written), or lists `[ … ]`; `#` starts a comment to the end of the line;
//! - top-level pairs before and after the graph (`Creator "…"`, `Version 1`) are skipped;
//!   one `graph [ … ]` is read;
//! - in the graph: `directed 0/1`, `multigraph 0/1`, `weighted 1` (weighted even without
//!   edges; an edge with a weight makes it weighted too), `node [ … ]`, `edge [ … ]`, `start`,
//!   `goal` (a node's label, or its integer `id` when no label is that integer), `shape`
//!   (`"6,8"`); anything else is skipped, nested lists included;
//! - in a node: `id` (an integer or a string), and the label, first that applies: `coord`
//!   (`"1,4"`), `label`, `name` (igraph writes `name`), the `id`; a label that reads as a
//!   coordinate tuple (`"(0,0)"`, `"0,0"`) is that coordinate, a decimal integer that integer,
//!   anything else a string; `start 1` / `goal 1` mark terminals;
//! - in an edge: `source`, `target` (node ids), `weight` (a positive number);
//! - directed graphs are read as undirected and parallel edges merged (the lighter kept); both
//!   are said in the notes of [`parse_noted`] ([`super::Format::read_noted`]).
//!
//! Refused, with the line: syntax errors (unbalanced brackets, unterminated strings, a key
//! without a value), no graph or two graphs, a node without `id`, a node id given twice, two
//! nodes with the same label, an edge naming no node id, self-loops, weights that are not
//! positive numbers, terminals naming no node, more than one node marked `start` (or `goal`).
//!
//! Complexity: O(input) time and memory; vertices and edges are counted against the limits
//! as they come.
//!
//! ```
//! use mazegraph::format::{gml, ReadOptions};
//! use mazegraph::{Graph, Maze};
//! let g = Graph::from_maze(&Maze::from_text_rows(&["#S#", "#.G", "###"]).unwrap());
//! let mut out = Vec::new();
//! gml::write(&g, &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("    label \"(0,1)\"\n"));
//! let (back, notes) = gml::parse_noted(&text, &ReadOptions::default()).unwrap();
//! assert_eq!(back, g);
//! assert!(notes.is_empty());
//! ```
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::exchange::{self, label_of, label_text, CoordStyle};
use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{FastMap, Graph, Label};
use std::io::Write;

const NAME: &str = "gml";

/// A string as GML: `&` as `&amp;` and `"` as `&quot;` (the two entities both networkx and
/// igraph decode), characters outside printable ASCII as `&#N;` (networkx's `read_gml` takes
/// ASCII only and decodes them; igraph keeps them as written, with a warning).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            ' '..='~' => out.push(ch),
            _ => out.push_str(&format!("&#{};", ch as u32)),
        }
    }
    out.push('"');
    out
}

/// Writes a graph as GML (see the [module docs](self)).
///
/// Complexity: O(V + E) time; the output is written in 64 KiB chunks.
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let n = graph.vertex_count() as u32;
    let mut labels = Vec::with_capacity(n as usize);
    for v in 0..n {
        labels.push(escape(&label_text(
            &graph.label(v),
            CoordStyle::Compact,
            NAME,
        )?));
    }
    let mut buf = String::with_capacity(1 << 16);
    buf.push_str("graph [\n  directed 0\n");
    if graph.is_weighted() {
        buf.push_str("  weighted 1\n");
    }
    if let Some(s) = graph.shape() {
        let dims: Vec<i64> = s.dims().iter().map(|&d| d as i64).collect();
        buf.push_str(&format!(
            "  shape \"{}\"\n",
            exchange::coord_text(&dims, CoordStyle::Bare)
        ));
    }
    for (key, t) in [("start", graph.start()), ("goal", graph.goal())] {
        if let Some(l) = t.and_then(|v| labels.get(v as usize)) {
            buf.push_str(&format!("  {key} {l}\n"));
        }
    }
    for (v, l) in labels.iter().enumerate() {
        buf.push_str(&format!("  node [\n    id {v}\n    label {l}\n  ]\n"));
        if buf.len() >= 1 << 16 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    let weighted = graph.is_weighted();
    for (u, v, w) in graph.edges() {
        buf.push_str(&format!("  edge [\n    source {u}\n    target {v}\n"));
        if weighted {
            let t = super::weight_text(w);
            // A whole weight is a GML integer; a real needs a point or an exponent.
            buf.push_str(&format!("    weight {t}\n"));
        }
        buf.push_str("  ]\n");
        if buf.len() >= 1 << 16 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    buf.push_str("]\n");
    out.write_all(buf.as_bytes())?;
    Ok(())
}

/// Reads a GML graph (see the [module docs](self)).
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    parse_noted(text, opts).map(|(g, _)| g)
}

/// A token of GML.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Key(String),
    Int(i64),
    Real(f64),
    Str(String),
    Open,
    Close,
}

/// A scalar value.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Int(i64),
    Real(f64),
    Str(String),
}

impl Value {
    fn describe(&self) -> String {
        match self {
            Value::Int(i) => i.to_string(),
            Value::Real(r) => r.to_string(),
            Value::Str(s) => format!("{s:?}"),
        }
    }
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl Lexer<'_> {
    fn err(&self, line: usize, msg: impl Into<String>) -> Error {
        Error::parse(NAME, line, msg)
    }

    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    /// The next token and its line, or `None` at the end.
    fn next(&mut self) -> Result<Option<(Tok, usize)>> {
        loop {
            match self.peek() {
                Some(b'\n') => {
                    self.line += 1;
                    self.pos += 1;
                }
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'#') => {
                    while self.peek().is_some_and(|b| b != b'\n') {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
        let line = self.line;
        let Some(b) = self.peek() else {
            return Ok(None);
        };
        let start = self.pos;
        let tok = match b {
            b'[' => {
                self.pos += 1;
                Tok::Open
            }
            b']' => {
                self.pos += 1;
                Tok::Close
            }
            b'"' => {
                self.pos += 1;
                let from = self.pos;
                while self.peek().is_some_and(|b| b != b'"') {
                    if self.peek() == Some(b'\n') {
                        self.line += 1;
                    }
                    self.pos += 1;
                }
                if self.peek().is_none() {
                    return Err(self.err(line, "a string is not closed (no '\"')"));
                }
                let raw = self.text.get(from..self.pos).unwrap_or("");
                self.pos += 1;
                Tok::Str(unescape(raw))
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                while self
                    .peek()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    self.pos += 1;
                }
                let word = self.text.get(start..self.pos).unwrap_or("");
                match word {
                    "INF" | "inf" => Tok::Real(f64::INFINITY),
                    "NAN" | "nan" => Tok::Real(f64::NAN),
                    w => Tok::Key(w.to_string()),
                }
            }
            b if b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.') => {
                while self
                    .peek()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.'))
                {
                    self.pos += 1;
                }
                let word = self.text.get(start..self.pos).unwrap_or("");
                let w = word.strip_prefix('+').unwrap_or(word);
                if let Some(i) = exchange::int_of(w) {
                    Tok::Int(i)
                } else if let Some(inf) = w
                    .strip_prefix('-')
                    .filter(|r| r.eq_ignore_ascii_case("inf"))
                {
                    let _ = inf;
                    Tok::Real(f64::NEG_INFINITY)
                } else {
                    match w.parse::<f64>() {
                        Ok(r) if w.bytes().any(|b| b.is_ascii_digit()) => Tok::Real(r),
                        _ => return Err(self.err(line, format!("{word:?} is not a number"))),
                    }
                }
            }
            _ => {
                let ch = self
                    .text
                    .get(start..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('?');
                return Err(self.err(line, format!("unexpected character {ch:?}")));
            }
        };
        Ok(Some((tok, line)))
    }

    /// Skips the rest of a list whose `[` was read (nested lists included).
    fn skip_list(&mut self, open_line: usize) -> Result<()> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()? {
                Some((Tok::Open, _)) => depth += 1,
                Some((Tok::Close, _)) => depth -= 1,
                Some(_) => {}
                None => return Err(self.err(open_line, "a '[' is not closed")),
            }
        }
        Ok(())
    }
}

/// Decodes the entities networkx's GML writer uses (and HTML's basic ones); others are kept.
fn unescape(raw: &str) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let tail = rest.get(i..).unwrap_or("");
        let decoded = tail.find(';').filter(|&j| j <= 12).and_then(|j| {
            let name = tail.get(1..j)?;
            let ch = match name {
                "quot" => '"',
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "apos" => '\'',
                n => {
                    let n = n.strip_prefix('#')?;
                    let code = match n.strip_prefix(['x', 'X']) {
                        Some(h) => u32::from_str_radix(h, 16).ok()?,
                        None => n.parse().ok()?,
                    };
                    char::from_u32(code)?
                }
            };
            Some((ch, j + 1))
        });
        match decoded {
            Some((ch, len)) => {
                out.push(ch);
                rest = tail.get(len..).unwrap_or("");
            }
            None => {
                out.push('&');
                rest = tail.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// A node as read.
struct Node {
    id: Value,
    label: Label,
    start: bool,
    goal: bool,
    line: usize,
}

/// An edge as read.
struct RawEdge {
    source: Value,
    target: Value,
    weight: Option<f64>,
    line: usize,
}

/// Reads the pairs of a list whose `[` was read, calling `f` on each scalar pair and
/// skipping nested lists unless `f` is given them (`key`, `None`: the caller reads the list).
fn pairs(
    lx: &mut Lexer,
    open_line: usize,
    mut f: impl FnMut(&mut Lexer, &str, Option<Value>, usize) -> Result<()>,
) -> Result<()> {
    loop {
        let Some((tok, line)) = lx.next()? else {
            return Err(lx.err(open_line, "a '[' is not closed"));
        };
        let key = match tok {
            Tok::Close => return Ok(()),
            Tok::Key(k) => k,
            other => {
                return Err(lx.err(
                    line,
                    format!("expected a key or ']', found {}", show(&other)),
                ))
            }
        };
        let Some((value, vline)) = lx.next()? else {
            return Err(lx.err(line, format!("{key} has no value")));
        };
        match value {
            Tok::Open => f(lx, &key, None, vline)?,
            Tok::Int(i) => f(lx, &key, Some(Value::Int(i)), vline)?,
            Tok::Real(r) => f(lx, &key, Some(Value::Real(r)), vline)?,
            Tok::Str(s) => f(lx, &key, Some(Value::Str(s)), vline)?,
            other => {
                return Err(lx.err(
                    vline,
                    format!("{key} has no value (found {})", show(&other)),
                ))
            }
        }
    }
}

fn show(t: &Tok) -> String {
    match t {
        Tok::Key(k) => format!("the key {k}"),
        Tok::Int(i) => i.to_string(),
        Tok::Real(r) => r.to_string(),
        Tok::Str(s) => format!("{s:?}"),
        Tok::Open => "'['".into(),
        Tok::Close => "']'".into(),
    }
}

fn label_value(v: &Value) -> Label {
    match v {
        Value::Int(i) => Label::Int(*i),
        Value::Real(r) => label_of(&r.to_string()),
        Value::Str(s) => label_of(s),
    }
}

/// The graph's contents as read, before building.
#[derive(Default)]
struct Contents {
    directed: bool,
    weighted: bool,
    nodes: Vec<Node>,
    edges: Vec<RawEdge>,
    start: Option<(Value, usize)>,
    goal: Option<(Value, usize)>,
    shape: Option<(Value, usize)>,
}

fn read_graph(lx: &mut Lexer, open_line: usize, opts: &ReadOptions) -> Result<Contents> {
    let mut g = Contents::default();
    let limits = opts.limits;
    pairs(lx, open_line, |lx, key, value, line| {
        match (key, value) {
            ("node", None) => {
                limits.check(g.nodes.len() as u64 + 1)?;
                let node = read_node(lx, line)?;
                g.nodes.push(node);
            }
            ("edge", None) => {
                limits.check_edge(g.edges.len())?;
                let edge = read_edge(lx, line)?;
                g.edges.push(edge);
            }
            (_, None) => lx.skip_list(line)?,
            ("directed", Some(v)) => g.directed = v != Value::Int(0),
            ("weighted", Some(v)) => g.weighted = v == Value::Int(1),
            ("start", Some(v)) => g.start = Some((v, line)),
            ("goal", Some(v)) => g.goal = Some((v, line)),
            ("shape", Some(v)) => g.shape = Some((v, line)),
            _ => {}
        }
        Ok(())
    })?;
    Ok(g)
}

fn read_node(lx: &mut Lexer, open_line: usize) -> Result<Node> {
    let mut id = None;
    let (mut coord, mut label, mut name) = (None, None, None);
    let (mut start, mut goal) = (false, false);
    pairs(lx, open_line, |lx, key, value, line| {
        match (key, value) {
            (_, None) => lx.skip_list(line)?,
            ("id", Some(v)) => id = Some(v),
            ("coord", Some(v)) => coord = Some((v, line)),
            ("label", Some(v)) => label = Some(v),
            ("name", Some(v)) => name = Some(v),
            ("start", Some(v)) => start = v == Value::Int(1),
            ("goal", Some(v)) => goal = v == Value::Int(1),
            _ => {}
        }
        Ok(())
    })?;
    let Some(id) = id else {
        return Err(lx.err(open_line, "a node without an id"));
    };
    let label = if let Some((c, line)) = coord {
        match &c {
            Value::Str(s) => match exchange::coord_of(s) {
                Some(c) => Label::Coord(c),
                None => {
                    return Err(lx.err(
                        line,
                        format!("coord {s:?} is not a coordinate such as \"1,4\""),
                    ))
                }
            },
            other => {
                return Err(lx.err(
                    line,
                    format!(
                        "coord {} is not a coordinate such as \"1,4\"",
                        other.describe()
                    ),
                ))
            }
        }
    } else {
        label_value(label.as_ref().or(name.as_ref()).unwrap_or(&id))
    };
    Ok(Node {
        id,
        label,
        start,
        goal,
        line: open_line,
    })
}

fn read_edge(lx: &mut Lexer, open_line: usize) -> Result<RawEdge> {
    let (mut source, mut target, mut weight) = (None, None, None);
    pairs(lx, open_line, |lx, key, value, line| {
        match (key, value) {
            (_, None) => lx.skip_list(line)?,
            ("source", Some(v)) => source = Some(v),
            ("target", Some(v)) => target = Some(v),
            ("weight", Some(v)) => {
                let w = match v {
                    Value::Int(i) => i as f64,
                    Value::Real(r) => r,
                    Value::Str(s) => exchange::weight_of(&s).map_err(|m| lx.err(line, m))?,
                };
                if !(w.is_finite() && w > 0.0) {
                    return Err(lx.err(line, format!("edge weight {w} is not a positive number")));
                }
                weight = Some(w);
            }
            _ => {}
        }
        Ok(())
    })?;
    match (source, target) {
        (Some(source), Some(target)) => Ok(RawEdge {
            source,
            target,
            weight,
            line: open_line,
        }),
        _ => Err(lx.err(open_line, "an edge without a source and a target")),
    }
}

/// A node id as a hashable key.
#[derive(Clone, PartialEq, Eq, Hash)]
enum IdKey {
    Int(i64),
    Str(String),
    Real(u64),
}

fn id_key(v: &Value) -> IdKey {
    match v {
        Value::Int(i) => IdKey::Int(*i),
        Value::Str(s) => IdKey::Str(s.clone()),
        Value::Real(r) => IdKey::Real(r.to_bits()),
    }
}

/// [`parse`], with the notes: what reading changed (a directed graph read as undirected,
/// parallel edges merged).
pub fn parse_noted(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let mut lx = Lexer {
        text,
        pos: 0,
        line: 1,
    };
    let mut graph: Option<Contents> = None;
    while let Some((tok, line)) = lx.next()? {
        let key = match tok {
            Tok::Key(k) => k,
            other => {
                return Err(lx.err(
                    line,
                    format!("expected a key such as graph, found {}", show(&other)),
                ))
            }
        };
        let Some((value, vline)) = lx.next()? else {
            return Err(lx.err(line, format!("{key} has no value")));
        };
        match (key.as_str(), value) {
            ("graph", Tok::Open) => {
                if graph.is_some() {
                    return Err(lx.err(
                        line,
                        "the file holds more than one graph (mazegraph reads one)",
                    ));
                }
                graph = Some(read_graph(&mut lx, vline, opts)?);
            }
            (_, Tok::Open) => lx.skip_list(vline)?,
            (_, Tok::Close | Tok::Key(_)) => {
                return Err(lx.err(vline, format!("{key} has no value")))
            }
            _ => {}
        }
    }
    let Some(g) = graph else {
        return Err(lx.err(lx.line, "no graph [ … ] in the file"));
    };
    build(&lx, g, opts)
}

fn build(lx: &Lexer, g: Contents, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let mut c = exchange::Collector::new(opts.limits);
    if g.weighted {
        c.set_weighted();
    }
    let mut ids: FastMap<IdKey, (u32, usize)> =
        FastMap::with_capacity_and_hasher(g.nodes.len(), Default::default());
    let mut by_label: FastMap<Label, usize> =
        FastMap::with_capacity_and_hasher(g.nodes.len(), Default::default());
    let (mut starts, mut goals) = (Vec::new(), Vec::new());
    for (k, node) in g.nodes.iter().enumerate() {
        if ids.contains_key(&id_key(&node.id)) {
            return Err(lx.err(
                node.line,
                format!("node id {} appears twice", node.id.describe()),
            ));
        }
        if let Some(&other) = by_label.get(&node.label) {
            let first = g
                .nodes
                .get(other)
                .map_or(String::new(), |n| n.id.describe());
            return Err(lx.err(
                node.line,
                format!(
                    "the nodes with ids {first} and {} are both the vertex {}",
                    node.id.describe(),
                    node.label
                ),
            ));
        }
        let (v, _) = c.vertex(node.label.clone())?;
        ids.insert(id_key(&node.id), (v, k));
        by_label.insert(node.label.clone(), k);
        if node.start {
            starts.push(node);
        }
        if node.goal {
            goals.push(node);
        }
    }
    for e in &g.edges {
        let end = |id: &Value| {
            ids.get(&id_key(id)).map(|&(v, _)| v).ok_or_else(|| {
                lx.err(
                    e.line,
                    format!("edge names node id {}, which is no node", id.describe()),
                )
            })
        };
        let (a, b) = (end(&e.source)?, end(&e.target)?);
        c.edge(a, b, e.weight, g.directed).map_err(|x| match x {
            Error::InvalidGraph(m) => lx.err(e.line, m),
            other => other,
        })?;
    }
    let terminal = |name: &str, given: &Option<(Value, usize)>, flagged: &[&Node]| {
        if let Some((v, line)) = given {
            let l = label_value(v);
            if by_label.contains_key(&l) {
                return Ok(Some(l));
            }
            if let Some(node) = ids.get(&id_key(v)).and_then(|&(_, k)| g.nodes.get(k)) {
                return Ok(Some(node.label.clone()));
            }
            return Err(lx.err(
                *line,
                format!("the graph's {name} is {}, which is no node", v.describe()),
            ));
        }
        match flagged {
            [] => Ok(None),
            [n] => Ok(Some(n.label.clone())),
            [_, n, ..] => Err(lx.err(n.line, format!("more than one node is marked {name}"))),
        }
    };
    let start = terminal("start", &g.start, &starts)?;
    let goal = terminal("goal", &g.goal, &goals)?;
    if let Some((v, line)) = &g.shape {
        let dims = match v {
            Value::Str(s) => exchange::shape_of(s),
            _ => None,
        };
        match dims {
            Some(d) => c.set_shape(d),
            None => {
                return Err(lx.err(
                    *line,
                    format!("shape {} is not sizes such as \"6,8\"", v.describe()),
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

    #[test]
    fn networkx_and_igraph_shapes() {
        let text = r#"Creator "igraph version 1.0"
Version 1
graph
[
  directed 0
  node [ id 0 name "0,0" graphics [ x 1.0 y 2.0 ] ]
  node [ id 1 name "0,1" ]
  edge [ source 0 target 1 weight 2.5 ]
]
"#;
        let (g, _) = p(text).unwrap();
        assert_eq!(g.label(1), Label::Coord(vec![0, 1]));
        assert_eq!(g.edges().next().unwrap().2, 2.5);
        // networkx: labels with entities, graph attributes after the nodes.
        let text = "graph [\n  node [ id 0 label \"a&#34;b&amp;c\" ]\n  node [ id 1 label \"(1,2)\" start 1 ]\n  edge [ source 0 target 1 ]\n  goal \"a&#34;b&amp;c\"\n]\n";
        let (g, _) = p(text).unwrap();
        assert_eq!(g.label(g.goal().unwrap()), Label::Str("a\"b&c".into()));
        assert_eq!(g.label(g.start().unwrap()), Label::Coord(vec![1, 2]));
        let mut out = Vec::new();
        write(&g, &mut out).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert!(s.contains("label \"a&quot;b&amp;c\""), "{s}");
        assert_eq!(p(&s).unwrap().0, g);
    }

    #[test]
    fn directed_and_multigraph_are_noted() {
        let text = "graph [ directed 1 multigraph 1\n node [ id 1 ] node [ id 2 ]\n edge [ source 1 target 2 ] edge [ source 1 target 2 weight 0.5 ] ]";
        let (g, notes) = p(text).unwrap();
        assert_eq!(g.edge_count(), 1);
        assert_eq!(g.edges().next().unwrap().2, 0.5);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[1].starts_with("1 parallel edge merged"));
    }

    #[test]
    fn refusals_name_the_line() {
        assert_eq!(
            err("graph [\n node [ id 0 ]\n"),
            "line 1: a '[' is not closed"
        );
        assert_eq!(
            err("graph [\n node [ label \"x\" ]\n]"),
            "line 2: a node without an id"
        );
        assert_eq!(
            err("graph [\n node [ id 0 label \"x ]\n]"),
            "line 2: a string is not closed (no '\"')"
        );
        assert_eq!(err("Creator \"x\"\n"), "line 2: no graph [ … ] in the file");
        assert_eq!(
            err("graph [ ]\ngraph [ ]"),
            "line 2: the file holds more than one graph (mazegraph reads one)"
        );
        assert_eq!(
            err("graph [\nnode [ id 0 ]\nnode [ id 0 ]\n]"),
            "line 3: node id 0 appears twice"
        );
        assert_eq!(
            err("graph [\nnode [ id 0 ]\nedge [ source 0 target 1 ]\n]"),
            "line 3: edge names node id 1, which is no node"
        );
        assert_eq!(
            err("graph [\nnode [ id 0 ]\nedge [ source 0 target 0 ]\n]"),
            "line 3: self-loop on vertex 0 (a maze cannot link a cell to itself)"
        );
        assert_eq!(
            err("graph [\nnode [ id 0 ] node [ id 1 ]\nedge [ source 0 target 1\nweight -1 ]\n]"),
            "line 4: edge weight -1 is not a positive number"
        );
        assert_eq!(
            err("graph [ node [ id 0 ] start \"q\" ]"),
            "line 1: the graph's start is \"q\", which is no node"
        );
        assert_eq!(err("graph [ id ]"), "line 1: id has no value (found ']')");
        assert_eq!(err("graph [ @ ]"), "line 1: unexpected character '@'");
        assert_eq!(
            err("graph [ x 1.2.3 ]"),
            "line 1: \"1.2.3\" is not a number"
        );
    }

    #[test]
    fn limits_are_honoured() {
        let text = "graph [ node [ id 0 ] node [ id 1 ] node [ id 2 ] ]";
        let opts = ReadOptions {
            limits: Limits::cells(2),
            ..Default::default()
        };
        assert!(matches!(parse(text, &opts), Err(Error::TooLarge { .. })));
    }

    #[test]
    fn deep_nesting_is_skipped_without_recursion() {
        let text = format!(
            "graph [ x {} ]",
            "[ ".repeat(100_000) + &"] ".repeat(100_000)
        );
        assert_eq!(p(&text).unwrap().0.vertex_count(), 0);
    }
}
