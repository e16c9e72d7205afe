//! Node-link graph JSON (`.graph.json`), the format of networkx's `node_link_data` /
//! `node_link_graph`.
//!
//! ```json
//! {"directed": false, "multigraph": false, "graph": {"shape": [2, 3], "start": [0, 1], "goal": [1, 2], "weighted": false},
//! "nodes": [
//! {"id": [0, 1]},
//! {"id": [1, 1]},
//! {"id": [1, 2]}
//! ],
//! "edges": [
//! {"source": [0, 1], "target": [1, 1]},
//! {"source": [1, 1], "target": [1, 2]}
//! ],
//! "links": [
//! {"source": [0, 1], "target": [1, 1]},
//! {"source": [1, 1], "target": [1, 2]}
//! ]}
//! ```
//!
//! **Edges are written twice, under `"edges"` and `"links"`**, so that the plain call
//! `networkx.node_link_graph(data)` loads the file in every networkx 3.x: up to 3.3 it reads
//! `data["links"]` (the `link="links"` default), from 3.6 on `data["edges"]` (the new
//! `edges="edges"` default), without warning in both. Networkx 3.4 and 3.5 read `"links"` too
//! but warn (`FutureWarning`) on *every* plain call whatever the file holds; only passing
//! `edges=` silences them. `"multigraph": false` matters: without it networkx builds a
//! `MultiGraph`.
//!
//! **Nodes.** A node's id is its vertex label: in a cell graph (vertices are grid coordinates)
//! its coordinates as a list, which networkx turns into a tuple — `(0, 1)`, as in networkx's
//! own grid graphs, so no map from ids to coordinates is needed; the graph attributes hold the
//! grid `"shape"`, so maze → graph JSON → maze loses nothing. In other graphs the id is an
//! integer, a string, or a list of integers.
//! Edges carry `"weight"` when the graph is weighted. Graph attributes: `"shape"` (cell graphs),
//! `"start"` / `"goal"` (vertex labels: coordinates for cell graphs; only when the graph has
//! them) and `"weighted"`.
//!
//! **Reader.** Accepts `"edges"` or `"links"` (when a file has both and `"edges"` comes first,
//! as written here, `"links"` is skipped; otherwise both are read and their union taken);
//! a file without either has no edges. A node with `"coord"` (as this crate wrote cell graphs
//! before coordinates became ids) is that coordinate, otherwise its id is its label (integer,
//! string, or list of integers = coordinate; coordinate ids are read on the fast path, with no
//! map from ids to vertices); a node without
//! `"id"` gets its position in `"nodes"`, as networkx does. A node with `"start": true` or
//! `"goal": true` is that terminal when the graph attributes name none. Other attributes
//! (`"pos"`, …) are ignored. Directed graphs are read as undirected and multigraphs' parallel
//! edges merged (the lighter kept), which [`parse_noted`] says. Weights are positive numbers,
//! whole (`3`, `3.0`) or not (`2.5`). Refused:
//! edges naming an unknown node id, two nodes with the same id or the same coordinate, ids
//! that are not integers, strings or integer lists, self-loops, terminals that are not
//! vertices. Syntax and per-node/per-edge errors carry the line (serde_json's).
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::adj::{push_i64, FastCells, CHUNK};
use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{FastMap, Graph, GraphBuilder, Label, Vertices};
use crate::grid::Limits;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::io::Write;

const NAME: &str = "graph.json";

/// A JSON list of integers, `[1, 4]`.
fn push_list(buf: &mut Vec<u8>, items: impl Iterator<Item = i64>) {
    buf.push(b'[');
    for (k, c) in items.enumerate() {
        if k > 0 {
            buf.extend_from_slice(b", ");
        }
        push_i64(buf, c);
    }
    buf.push(b']');
}

fn push_json_str(buf: &mut Vec<u8>, s: &str) -> Result<()> {
    serde_json::to_writer(&mut *buf, s).map_err(|e| Error::Io(e.into()))
}

/// Writes node ids and labels of one graph as JSON, reusing a coordinate buffer.
struct JsonLabels<'g> {
    graph: &'g Graph,
    coords: Vec<usize>,
}

// Writer side: vertex ids come from the graph being written (v < vertex_count()), whose
// vertex arrays have one entry per vertex.
#[allow(clippy::indexing_slicing)]
impl JsonLabels<'_> {
    /// The vertex's label: coordinates as a list, integers, strings.
    fn label(&mut self, buf: &mut Vec<u8>, v: u32) -> Result<()> {
        match self.graph.vertices() {
            Vertices::Cells { shape, cells } => {
                shape.coords_into(cells[v as usize], &mut self.coords);
                push_list(buf, self.coords.iter().map(|&c| c as i64));
            }
            Vertices::Names(names) => match &names[v as usize] {
                Label::Coord(c) => push_list(buf, c.iter().copied()),
                Label::Int(i) => push_i64(buf, *i),
                Label::Str(s) => push_json_str(buf, s)?,
            },
        }
        Ok(())
    }

    /// The vertex's node id: its label (coordinates as a list in a cell graph).
    #[inline]
    fn id(&mut self, buf: &mut Vec<u8>, v: u32) -> Result<()> {
        self.label(buf, v)
    }
}

/// Writes a graph as node-link JSON (one node or edge a line; see the [module docs](self)).
///
/// Complexity: O(V + E) time; output goes through `out` in 64 KiB chunks, with no allocation
/// per vertex for cell graphs.
///
/// ```
/// use mazegraph::{format::graph_json, Graph, Maze};
/// let g = Graph::from_maze(&Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap());
/// let mut out = Vec::new();
/// graph_json::write(&g, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with(r#"{"directed": false, "multigraph": false, "graph": {"shape": [3, 3], "start": [0, 1], "goal": [1, 2], "weighted": false},"#));
/// assert!(text.contains(r#"{"id": [1, 2]}"#));
/// ```
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let mut labels = JsonLabels {
        graph,
        coords: vec![0; graph.shape().map_or(0, |s| s.ndim())],
    };
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    buf.extend_from_slice(b"{\"directed\": false, \"multigraph\": false, \"graph\": {");
    if let Some(shape) = graph.shape() {
        buf.extend_from_slice(b"\"shape\": ");
        push_list(&mut buf, shape.dims().iter().map(|&d| d as i64));
        buf.extend_from_slice(b", ");
    }
    for (key, t) in [("start", graph.start()), ("goal", graph.goal())] {
        if let Some(v) = t {
            buf.extend_from_slice(format!("\"{key}\": ").as_bytes());
            labels.label(&mut buf, v)?;
            buf.extend_from_slice(b", ");
        }
    }
    buf.extend_from_slice(b"\"weighted\": ");
    buf.extend_from_slice(if graph.is_weighted() {
        b"true"
    } else {
        b"false"
    });
    buf.extend_from_slice(b"},\n\"nodes\": [");
    let n = graph.vertex_count() as u32;
    for v in 0..n {
        buf.extend_from_slice(if v > 0 {
            b",\n{\"id\": "
        } else {
            b"\n{\"id\": "
        });
        labels.id(&mut buf, v)?;
        buf.push(b'}');
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(if n > 0 { b"\n]" } else { b"]" });
    for key in ["edges", "links"] {
        buf.extend_from_slice(format!(",\n\"{key}\": [").as_bytes());
        let mut any = false;
        for (u, v, w) in graph.edges() {
            buf.extend_from_slice(if any {
                b",\n{\"source\": "
            } else {
                b"\n{\"source\": "
            });
            any = true;
            labels.id(&mut buf, u)?;
            buf.extend_from_slice(b", \"target\": ");
            labels.id(&mut buf, v)?;
            if graph.is_weighted() {
                buf.extend_from_slice(b", \"weight\": ");
                super::push_weight(&mut buf, w);
            }
            buf.push(b'}');
            if buf.len() >= CHUNK {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
        buf.extend_from_slice(if any { b"\n]" } else { b"]" });
    }
    buf.extend_from_slice(b"}\n");
    out.write_all(&buf)?;
    Ok(())
}

/// A node id as found in the file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Id {
    Int(i64),
    Str(String),
    List(Vec<i64>),
}

impl Id {
    fn into_label(self) -> Label {
        match self {
            Id::Int(i) => Label::Int(i),
            Id::Str(s) => Label::Str(s),
            Id::List(c) => Label::Coord(c),
        }
    }
}

fn fmt_list(c: &[i64]) -> String {
    let items: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Int(i) => write!(f, "{i}"),
            Id::Str(s) => write!(f, "{s:?}"),
            Id::List(c) => f.write_str(&fmt_list(c)),
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer, a string or a list of integers")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                Ok(Id::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                i64::try_from(v)
                    .map(Id::Int)
                    .map_err(|_| E::custom(format!("integer {v} does not fit in 64 bits")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                Ok(Id::Str(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Id, E> {
                Ok(Id::Str(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Id, A::Error> {
                let mut c = Vec::with_capacity(seq.size_hint().unwrap_or(2).min(16));
                while let Some(x) = seq.next_element::<i64>()? {
                    c.push(x);
                }
                if c.is_empty() {
                    return Err(de::Error::custom("an empty list is not a vertex"));
                }
                Ok(Id::List(c))
            }
        }
        d.deserialize_any(V)
    }
}

/// An edge weight: a positive finite number.
struct Weight(f64);

impl<'de> Deserialize<'de> for Weight {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Weight, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Weight;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a positive number")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Weight, E> {
                self.visit_f64(v as f64)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Weight, E> {
                self.visit_f64(v as f64)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Weight, E> {
                if v.is_finite() && v > 0.0 {
                    Ok(Weight(v))
                } else {
                    Err(E::custom(format!("weight {v} is not a positive number")))
                }
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
struct RawNode {
    id: Option<Id>,
    coord: Option<Vec<i64>>,
    /// `"start": true` marks the start (any other value is an attribute we do not use).
    #[serde(default)]
    start: Option<serde_json::Value>,
    /// `"goal": true` marks the goal.
    #[serde(default)]
    goal: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct RawEdge {
    source: Id,
    target: Id,
    weight: Option<Weight>,
}

#[derive(Deserialize, Default)]
struct Attrs {
    shape: Option<Vec<i64>>,
    start: Option<Id>,
    goal: Option<Id>,
    weighted: Option<bool>,
}

/// Where nodes and edges go: packed coordinates while every vertex is a non-negative
/// coordinate of one length (see [`FastCells`]), else a [`GraphBuilder`]. Handles are packed
/// coordinates on the first, builder ids on the second.
enum Sink {
    Fast(FastCells),
    Slow(GraphBuilder),
}

/// Everything the reader accumulates while serde_json walks the document.
struct State {
    sink: Sink,
    /// Caps the edges (the sinks check them) and the pending edges.
    limits: Limits,
    max_vertices: u64,
    nodes: u64,
    /// Handle of node `k`, while every node id so far equals its position.
    node_vertex: Vec<u64>,
    dense: bool,
    /// Node id → handle, once ids stopped being positions (and are not coordinates on the
    /// fast path).
    ids: FastMap<Id, u64>,
    /// Every node id so far is a coordinate list on the fast path, its own handle (packed):
    /// edges are resolved by packing, with no map; [`FastCells::only_named`] checks at the end
    /// that every edge end is a node.
    coord_ids: bool,
    nodes_seen: bool,
    edges_seen: bool,
    links_seen: bool,
    /// Edges read before the nodes, with their list and index in it.
    pending: Vec<(&'static str, usize, RawEdge)>,
    attrs: Attrs,
    has_weights: bool,
    /// The document says `"directed": true`.
    directed: bool,
    /// Nodes marked `"start": true` / `"goal": true` (their ids), used when the graph
    /// attributes name no terminal.
    marked: [Option<Id>; 2],
    /// Edges added (before parallel ones are merged).
    edges_added: usize,
    /// The fast path cannot hold this graph: read again through the builder.
    fallback: bool,
    /// A typed error (size limit) that aborted the walk.
    fatal: Option<Error>,
    /// A node or edge that was refused: message, list key and index in that list. Its line
    /// is found afterwards by [`element_line`] (serde_json would give the line where the
    /// list goes on, not the element's).
    refused: Option<(String, &'static str, usize)>,
}

impl State {
    fn new(fast: bool, limits: Limits) -> State {
        State {
            sink: if fast {
                Sink::Fast(FastCells::with_limits(limits))
            } else {
                Sink::Slow(GraphBuilder::with_limits(limits))
            },
            limits,
            max_vertices: limits.max_cells,
            nodes: 0,
            node_vertex: Vec::new(),
            dense: true,
            ids: FastMap::default(),
            coord_ids: false,
            nodes_seen: false,
            edges_seen: false,
            links_seen: false,
            pending: Vec::new(),
            attrs: Attrs::default(),
            has_weights: false,
            directed: false,
            marked: [None, None],
            edges_added: 0,
            fallback: false,
            fatal: None,
            refused: None,
        }
    }

    fn fall_back(&mut self) -> String {
        self.fallback = true;
        "the fast path cannot hold this graph".into()
    }

    fn add_node(&mut self, node: RawNode, pos: usize) -> Result<(), String> {
        let id = node.id.unwrap_or(Id::Int(pos as i64));
        let flags = [(&node.start, "start"), (&node.goal, "goal")];
        for (slot, (flag, what)) in self.marked.iter_mut().zip(flags) {
            if flag.as_ref().is_some_and(|v| *v == true) {
                if let Some(other) = slot {
                    return Err(format!(
                        "nodes {other} and {id} are both marked \"{what}\": true"
                    ));
                }
                *slot = Some(id.clone());
            }
        }
        // Coordinate ids on the fast path: the packed coordinate is the handle.
        let coord_id = matches!(&id, Id::List(c) if node.coord.as_ref().is_none_or(|k| k == c))
            && matches!(self.sink, Sink::Fast(_));
        if node.coord.as_ref().is_some_and(|c| c.is_empty()) {
            return Err(format!("node {id} has an empty coord"));
        }
        self.nodes += 1;
        if self.nodes > self.max_vertices {
            self.fatal = Some(Error::TooLarge {
                cells: self.nodes,
                limit: self.max_vertices,
            });
            return Err("too many vertices".into());
        }
        let v = match &mut self.sink {
            Sink::Fast(f) => {
                let coords = match (&node.coord, &id) {
                    (Some(c), _) | (None, Id::List(c)) => f.pack(c),
                    _ => None,
                };
                let Some(key) = coords else {
                    return Err(self.fall_back());
                };
                // A coordinate named twice is found by `FastCells::finish` (then the
                // builder reports it).
                f.vertex(key);
                key
            }
            Sink::Slow(builder) => {
                let by_coord = node.coord.is_some();
                let label = match node.coord {
                    Some(c) => Label::Coord(c),
                    None => id.clone().into_label(),
                };
                let before = builder.vertex_count();
                let v = builder.vertex(label);
                if builder.vertex_count() == before {
                    return Err(if by_coord {
                        format!("node {id} has the same coord as an earlier node")
                    } else {
                        format!("node id {id} appears twice")
                    });
                }
                u64::from(v)
            }
        };
        if self.dense && id == Id::Int(pos as i64) {
            self.node_vertex.push(v);
            return Ok(());
        }
        if pos == 0 && coord_id {
            self.coord_ids = true;
            self.dense = false;
        }
        if self.coord_ids {
            if !coord_id {
                // Mixed ids: the general reader handles them.
                return Err(self.fall_back());
            }
            return Ok(());
        }
        if self.dense {
            self.dense = false;
            self.ids.reserve(self.node_vertex.len() + 1);
            for (k, &u) in self.node_vertex.iter().enumerate() {
                self.ids.insert(Id::Int(k as i64), u);
            }
            self.node_vertex = Vec::new();
        }
        match self.ids.entry(id) {
            std::collections::hash_map::Entry::Occupied(e) => {
                Err(format!("node id {} appears twice", e.key()))
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(v);
                Ok(())
            }
        }
    }

    #[inline]
    fn resolve(&mut self, id: &Id) -> Option<u64> {
        if self.coord_ids {
            return match (id, &mut self.sink) {
                (Id::List(c), Sink::Fast(f)) => f.pack(c),
                _ => None,
            };
        }
        if self.dense {
            match id {
                Id::Int(k) => usize::try_from(*k)
                    .ok()
                    .and_then(|k| self.node_vertex.get(k).copied()),
                _ => None,
            }
        } else {
            self.ids.get(id).copied()
        }
    }

    fn add_edge(&mut self, k: usize, e: RawEdge) -> Result<(), String> {
        let mut end = |id: &Id, what: &str| {
            self.resolve(id)
                .ok_or_else(|| format!("edge {k} has {what} {id}, which is not a node id"))
        };
        let s = end(&e.source, "source")?;
        let t = end(&e.target, "target")?;
        self.edges_added += 1;
        let w = match e.weight {
            Some(Weight(w)) => {
                self.has_weights = true;
                w
            }
            None => 1.0,
        };
        let added = match &mut self.sink {
            Sink::Fast(f) => match f.edge(s, t, w) {
                Ok(true) => Ok(()),
                // A self-loop: the builder reports it.
                Ok(false) => return Err(self.fall_back()),
                Err(e) => Err(e),
            },
            // Handles are builder ids (u32) on this path.
            Sink::Slow(builder) => builder.edge(s as u32, t as u32, w),
        };
        added.map_err(|e| self.refuse(e))
    }

    /// The message for a refused element; a size limit is kept as the walk's typed error.
    fn refuse(&mut self, e: Error) -> String {
        match e {
            Error::InvalidGraph(m) => m,
            Error::TooLarge { .. } => {
                let m = e.to_string();
                self.fatal = Some(e);
                m
            }
            other => other.to_string(),
        }
    }

    /// Keeps an edge read before the nodes, within the edge cap.
    fn defer(&mut self, key: &'static str, k: usize, e: RawEdge) -> Result<(), String> {
        if let Err(e) = self.limits.check_edge(self.pending.len()) {
            return Err(self.refuse(e));
        }
        self.pending.push((key, k, e));
        Ok(())
    }
}

struct DocSeed<'s>(&'s mut State);
struct NodesSeed<'s>(&'s mut State);
struct EdgesSeed<'s>(&'s mut State, &'static str);

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DocSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a node-link graph object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let st = self.0;
        let mut graph_seen = false;
        while let Some(key) = map.next_key::<String>()? {
            let twice = || de::Error::custom(format!("\"{key}\" appears twice"));
            match key.as_str() {
                "nodes" => {
                    if st.nodes_seen {
                        return Err(twice());
                    }
                    map.next_value_seed(NodesSeed(&mut *st))?;
                    st.nodes_seen = true;
                }
                "edges" => {
                    if st.edges_seen {
                        return Err(twice());
                    }
                    map.next_value_seed(EdgesSeed(&mut *st, "edges"))?;
                    st.edges_seen = true;
                }
                "links" => {
                    if st.links_seen {
                        return Err(twice());
                    }
                    if st.edges_seen {
                        map.next_value::<IgnoredAny>()?;
                    } else {
                        map.next_value_seed(EdgesSeed(&mut *st, "links"))?;
                    }
                    st.links_seen = true;
                }
                "directed" => {
                    st.directed = map.next_value::<serde_json::Value>()? == true;
                }
                "adjacency" => {
                    // networkx's adjacency_data: never read as a node-link graph without edges.
                    return Err(de::Error::custom(
                        "this is networkx's adjacency_data JSON, not node-link: write the graph \
                         with networkx.node_link_data(G)",
                    ));
                }
                "graph" => {
                    if graph_seen {
                        return Err(twice());
                    }
                    // An object of graph attributes; networkx's adjacency_data writes a list
                    // of pairs instead, which holds nothing read here.
                    let v: serde_json::Value = map.next_value()?;
                    if v.is_object() {
                        st.attrs = serde_json::from_value(v).map_err(de::Error::custom)?;
                    }
                    graph_seen = true;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for NodesSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for NodesSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of nodes")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut pos = 0;
        while let Some(node) = seq.next_element::<RawNode>()? {
            if let Err(m) = self.0.add_node(node, pos) {
                self.0.refused = Some((m.clone(), "nodes", pos));
                return Err(de::Error::custom(m));
            }
            pos += 1;
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for EdgesSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EdgesSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of edges")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let (st, key) = (self.0, self.1);
        let mut k = 0;
        while let Some(edge) = seq.next_element::<RawEdge>()? {
            if st.nodes_seen {
                if let Err(m) = st.add_edge(k, edge) {
                    st.refused = Some((m.clone(), key, k));
                    return Err(de::Error::custom(m));
                }
            } else if let Err(m) = st.defer(key, k, edge) {
                st.refused = Some((m.clone(), key, k));
                return Err(de::Error::custom(m));
            }
            k += 1;
        }
        Ok(())
    }
}

/// The 1-based line where element `k` of the top-level list `key` starts (0 when not
/// found). A small scan of valid JSON (the document was parsed up to that element), used on
/// the error path only.
fn element_line(text: &str, key: &str, k: usize) -> usize {
    let b = text.as_bytes();
    let mut line = 1;
    let mut depth = 0usize;
    let mut i = 0;
    // The last string seen at depth 1, the key of the current top-level entry, and whether
    // we are inside the wanted list (its depth is 2) waiting for an element to start.
    let mut last_str: (usize, usize) = (0, 0);
    let mut entry_key: (usize, usize) = (0, 0);
    let mut in_list = false;
    let mut want_value = false;
    let mut index = 0;
    while let Some(&c) = b.get(i) {
        if in_list && depth == 2 && want_value && !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
            if c == b']' {
                return 0;
            }
            if index == k {
                return line;
            }
            index += 1;
            want_value = false;
        }
        match c {
            b'\n' => line += 1,
            b'"' => {
                let start = i + 1;
                i += 1;
                while let Some(&d) = b.get(i) {
                    if d == b'"' {
                        break;
                    }
                    if d == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if depth == 1 {
                    last_str = (start, i.min(b.len()));
                }
            }
            b':' if depth == 1 => entry_key = last_str,
            b'{' | b'[' => {
                depth += 1;
                if depth == 2 && c == b'[' && text.get(entry_key.0..entry_key.1) == Some(key) {
                    in_list = true;
                    want_value = true;
                }
            }
            b'}' | b']' => {
                if depth == 2 && in_list {
                    return 0;
                }
                depth = depth.saturating_sub(1);
            }
            b',' if depth == 2 && in_list => want_value = true,
            _ => {}
        }
        i += 1;
    }
    0
}

/// Parses node-link graph JSON (see the [module docs](self) for what is accepted).
///
/// Complexity: O(input length) parsing. When every vertex is a non-negative coordinate of
/// one length (a maze's cell graph), the graph is built from packed coordinates with a
/// bitset, rank queries and a counting sort, O(V + E + cells/64); otherwise the document is
/// read again through [`GraphBuilder`] (hashing, O((V + E) log(V + E))). Node ids that are
/// their position (as written here and by networkx for integer-labelled graphs) are looked
/// up in a dense array, others hashed.
///
/// ```
/// use mazegraph::format::graph_json;
/// use mazegraph::graph::Label;
/// let text = r#"{"nodes": [{"id": "a"}, {"id": "b", "pos": [3, 4]}],
///                "links": [{"source": "a", "target": "b"}]}"#;
/// let g = graph_json::parse(text, &Default::default()).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (2, 1));
/// assert_eq!(g.label(1), Label::Str("b".into()));
/// let bad = r#"{"nodes": [{"id": 0},
///                         {"id": 1}],
///               "edges": [{"source": 0, "target": 7}]}"#;
/// let e = graph_json::parse(bad, &Default::default()).unwrap_err();
/// assert_eq!(e.to_string(), "line 3: edge 0 has target 7, which is not a node id");
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    parse_noted(text, opts).map(|(g, _)| g)
}

/// [`parse`], with a note for what the graph cannot hold: a directed graph's directions, a
/// multigraph's parallel edges (merged, the lighter kept).
///
/// ```
/// use mazegraph::format::graph_json;
/// let text = r#"{"directed": true, "nodes": [{"id": "a"}, {"id": "b"}],
///                "edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "a"}]}"#;
/// let (g, notes) = graph_json::parse_noted(text, &Default::default()).unwrap();
/// assert_eq!(g.edge_count(), 1);
/// assert_eq!(notes, ["the graph is directed: 2 edges are read as 1 undirected edge"]);
/// ```
pub fn parse_noted(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let (g, directed, added) = match parse_with(text, opts, true)? {
        Some(read) => read,
        None => parse_with(text, opts, false)?
            .ok_or_else(|| Error::InvalidGraph("internal: the general reader fell back".into()))?,
    };
    let notes = super::merge_notes(directed, added, g.edge_count());
    Ok((g, notes))
}

/// One reading of the document: the graph, whether it said it is directed and the edges it
/// listed; `Ok(None)` when the fast path cannot hold the graph.
fn parse_with(text: &str, opts: &ReadOptions, fast: bool) -> Result<Option<(Graph, bool, usize)>> {
    let mut st = State::new(fast, opts.limits);
    let mut de = serde_json::Deserializer::from_str(text);
    let walked = DocSeed(&mut st)
        .deserialize(&mut de)
        .and_then(|()| de.end());
    if st.fallback {
        return Ok(None);
    }
    if let Some(e) = st.fatal.take() {
        return Err(e);
    }
    if let Some((msg, key, k)) = st.refused.take() {
        return Err(Error::parse(NAME, element_line(text, key, k), msg));
    }
    walked.map_err(|e| super::json_error(NAME, &e))?;
    let line_of = |key: &str| super::key_line(text, key);
    if !st.nodes_seen {
        return Err(Error::parse(NAME, 0, "no \"nodes\" list"));
    }
    for (key, k, e) in std::mem::take(&mut st.pending) {
        let added = st.add_edge(k, e);
        if st.fallback {
            return Ok(None);
        }
        if let Some(e) = st.fatal.take() {
            return Err(e);
        }
        added.map_err(|m| Error::parse(NAME, element_line(text, key, k), m))?;
    }
    let attrs = std::mem::take(&mut st.attrs);
    let mut declared = None;
    if let Some(shape) = attrs.shape {
        let mut dims = Vec::with_capacity(shape.len());
        for d in shape {
            match usize::try_from(d) {
                Ok(d) if d >= 1 => dims.push(d),
                _ => {
                    return Err(Error::parse(
                        NAME,
                        line_of("shape"),
                        format!(
                            "shape has length {d} on an axis; every axis needs at least 1 cell"
                        ),
                    ))
                }
            }
        }
        if dims.is_empty() {
            return Err(Error::parse(NAME, line_of("shape"), "shape is empty"));
        }
        declared = Some(dims);
    }
    let weighted = attrs.weighted == Some(true) || st.has_weights;
    let [marked_start, marked_goal] = std::mem::take(&mut st.marked);
    let terminals = [
        ("start", attrs.start.or(marked_start)),
        ("goal", attrs.goal.or(marked_goal)),
    ];
    let not_a_vertex =
        |key: &str, t: &Id| Error::parse(NAME, line_of(key), format!("{key} {t} is not a vertex"));
    match st.sink {
        Sink::Fast(mut f) => {
            if weighted {
                f.set_weighted();
            }
            // An edge to a coordinate no node has: the general reader names it.
            if st.coord_ids && !f.only_named() {
                return Ok(None);
            }
            let Some(mut g) = f.finish(declared.as_deref(), &opts.limits)? else {
                return Ok(None);
            };
            let mut ends = [None, None];
            for (end, (key, t)) in ends.iter_mut().zip(terminals) {
                if let Some(t) = t {
                    let v = g.find(&t.clone().into_label());
                    *end = Some(v.ok_or_else(|| not_a_vertex(key, &t))?);
                }
            }
            let [start, goal] = ends;
            g.set_terminals(start, goal)?;
            Ok(Some((g, st.directed, st.edges_added)))
        }
        Sink::Slow(mut builder) => {
            if let Some(dims) = declared {
                builder.set_shape(dims);
            }
            if weighted {
                builder.set_weighted();
            }
            let mut ends = [None, None];
            for (end, (key, t)) in ends.iter_mut().zip(terminals) {
                if let Some(t) = t {
                    let label = t.clone().into_label();
                    let before = builder.vertex_count();
                    builder.vertex(label.clone());
                    if builder.vertex_count() > before {
                        return Err(not_a_vertex(key, &t));
                    }
                    *end = Some(label);
                }
            }
            let [start, goal] = ends;
            builder.set_terminals(start, goal);
            let (directed, added) = (st.directed, st.edges_added);
            builder
                .finish(&opts.limits)
                .map(|g| Some((g, directed, added)))
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::maze::Maze;

    fn p(text: &str) -> Result<Graph> {
        parse(text, &ReadOptions::default())
    }

    fn w(g: &Graph) -> String {
        let mut out = Vec::new();
        write(g, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn err(text: &str) -> String {
        p(text).unwrap_err().to_string()
    }

    #[test]
    fn cell_graph_text_and_round_trip() {
        let m = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
        let g = Graph::from_maze(&m);
        let text = w(&g);
        let edges = "[\n{\"source\": [0, 1], \"target\": [1, 1]},\n{\"source\": [1, 1], \"target\": [1, 2]}\n]";
        assert_eq!(
            text,
            format!(
                "{{\"directed\": false, \"multigraph\": false, \"graph\": {{\"shape\": [3, 3], \"start\": [0, 1], \"goal\": [1, 2], \"weighted\": false}},\n\"nodes\": [\n{{\"id\": [0, 1]}},\n{{\"id\": [1, 1]}},\n{{\"id\": [1, 2]}}\n],\n\"edges\": {edges},\n\"links\": {edges}}}\n"
            )
        );
        let back = p(&text).unwrap();
        assert_eq!(g.difference(&back), None);
        assert_eq!(back.shape().unwrap().dims(), &[3, 3]);
        assert_eq!((back.start(), back.goal()), (g.start(), g.goal()));
        assert_eq!(w(&back), text);
    }

    #[test]
    fn empty_graph() {
        let g = p(r#"{"nodes": [], "edges": []}"#).unwrap();
        assert_eq!(g.vertex_count(), 0);
        let text = w(&g);
        assert_eq!(
            text,
            "{\"directed\": false, \"multigraph\": false, \"graph\": {\"weighted\": false},\n\"nodes\": [],\n\"edges\": [],\n\"links\": []}\n"
        );
        assert_eq!(p(&text).unwrap().vertex_count(), 0);
    }

    #[test]
    fn named_weighted_graph_round_trips() {
        let mut b = GraphBuilder::default();
        let x = b.vertex(Label::Str("x \"q\"".into()));
        let y = b.vertex(Label::Int(-3));
        let z = b.vertex(Label::Coord(vec![-1, 2]));
        b.edge(x, y, 4.0).unwrap();
        b.edge(y, z, 1.0).unwrap();
        b.set_terminals(Some(Label::Int(-3)), Some(Label::Coord(vec![-1, 2])));
        let g = b.finish(&Default::default()).unwrap();
        let text = w(&g);
        assert!(text.contains("{\"id\": \"x \\\"q\\\"\"}"), "{text}");
        assert!(
            text.contains("{\"source\": [-1, 2], \"target\": -3, \"weight\": 1}"),
            "{text}"
        );
        assert!(
            text.contains("\"start\": -3, \"goal\": [-1, 2], \"weighted\": true"),
            "{text}"
        );
        let back = p(&text).unwrap();
        assert_eq!(g.difference(&back), None);
        assert!(back.is_weighted());
        assert_eq!(back.total_weight(), 5.0);
        assert_eq!((back.start(), back.goal()), (g.start(), g.goal()));
        assert_eq!(w(&back), text);
    }

    #[test]
    fn foreign_files() {
        // networkx's own output for a graph with tuple nodes: ids are lists.
        let g = p(
            r#"{"directed": true, "multigraph": true, "graph": {"name": "g"},
            "nodes": [{"id": [0, 1], "pos": [0.5, 1]}, {"id": [1, 1]}],
            "edges": [{"source": [0, 1], "target": [1, 1], "key": 0},
                      {"source": [1, 1], "target": [0, 1], "key": 0}]}"#,
        )
        .unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (2, 1));
        assert_eq!(g.shape().unwrap().dims(), &[2, 2]);
        // Missing ids are positions; edges before nodes; float weights that are integers.
        let g = p(r#"{"links": [{"source": 1, "target": 0, "weight": 2.0}],
            "nodes": [{"coord": [5]}, {"coord": [7]}]}"#)
        .unwrap();
        assert_eq!(g.label(1), Label::Coord(vec![7]));
        assert_eq!(g.total_weight(), 2.0);
        // Links after edges: union of both.
        let g = p(r#"{"nodes": [{"id": 1}, {"id": 2}, {"id": 3}],
            "links": [{"source": 1, "target": 2}], "edges": [{"source": 2, "target": 3}]}"#)
        .unwrap();
        assert_eq!(g.edge_count(), 2);
        // Sparse integer ids switch to the hashed map.
        let g = p(r#"{"nodes": [{"id": 0}, {"id": 10}, {"id": 1}],
            "edges": [{"source": 0, "target": 1}, {"source": 10, "target": 1}]}"#)
        .unwrap();
        assert_eq!(g.edge_count(), 2);
        // No edge list at all.
        assert_eq!(p(r#"{"nodes": [{"id": 0}]}"#).unwrap().edge_count(), 0);
    }

    #[test]
    fn nodes_marked_as_terminals() {
        let text = r#"{"nodes": [{"id": "in", "start": true, "goal": false}, {"id": "x", "start": "no"},
            {"id": "out", "goal": true}], "links": [{"source": "in", "target": "x"}, {"source": "x", "target": "out"}]}"#;
        let g = parse(text, &ReadOptions::default()).unwrap();
        let name = |v: Option<u32>| v.map(|v| g.label(v));
        assert_eq!(name(g.start()), Some(Label::Str("in".into())));
        assert_eq!(name(g.goal()), Some(Label::Str("out".into())));
        // Graph attributes win over node marks.
        let text = text.replacen('{', r#"{"graph": {"start": "x"}, "#, 1);
        let g = parse(&text, &ReadOptions::default()).unwrap();
        assert_eq!(g.label(g.start().unwrap()), Label::Str("x".into()));
        let two = r#"{"nodes": [{"id": 1, "start": true}, {"id": 2, "start": true}], "links": []}"#;
        let e = parse(two, &ReadOptions::default()).unwrap_err().to_string();
        assert!(
            e.contains("nodes 1 and 2 are both marked \"start\": true"),
            "{e}"
        );
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0},\n {\"id\": 1.5}]}"),
            "line 2: invalid type: floating point `1.5`, expected an integer, a string or a list of integers"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0},\n {\"id\": true}]}"),
            "line 2: invalid type: boolean `true`, expected an integer, a string or a list of integers"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0},\n {\"id\": 0}]}"),
            "line 2: node id 0 appears twice"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0, \"coord\": [1]},\n {\"id\": 1, \"coord\": [1]}]}"),
            "line 2: node 1 has the same coord as an earlier node"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0}, {\"id\": 3},\n {\"id\": 3}]}"),
            "line 2: node id 3 appears twice"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": \"a\"}],\n\"edges\": [\n{\"source\": \"a\", \"target\": \"a\"}]}"),
            "line 3: self-loop on vertex 'a' (a maze cannot link a cell to itself)"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": \"a\"}],\n\"edges\": [\n{\"source\": \"a\", \"target\": \"b\"}]}"),
            "line 3: edge 0 has target \"b\", which is not a node id"
        );
        assert_eq!(
            err("{\"edges\": [{\"source\": 0, \"target\": 9}],\n\"nodes\": [{\"id\": 0}]}"),
            "line 1: edge 0 has target 9, which is not a node id"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0}, {\"id\": 1}],\n\"edges\": [{\"source\": 0, \"target\": 1, \"weight\": 0}]}"),
            "line 2: weight 0 is not a positive number"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0}, {\"id\": 1}],\n\"edges\": [{\"source\": 0, \"target\": 1, \"weight\": -2.5}]}"),
            "line 2: weight -2.5 is not a positive number"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0}],\n\"edges\": [{\"source\": 0}]}"),
            "line 2: missing field `target`"
        );
        assert_eq!(err("{\"nodes\": [\n"), "line 2: EOF while parsing a list");
        assert_eq!(
            err("[]"),
            "line 1: invalid type: sequence, expected a node-link graph object"
        );
        assert_eq!(err("{\"edges\": []}"), "no \"nodes\" list");
        assert_eq!(
            err("{\"nodes\": [], \"nodes\": []}"),
            "line 1: \"nodes\" appears twice"
        );
        assert_eq!(
            err("{\"graph\": {\"start\": [0, 0]},\n\"nodes\": [{\"id\": [1, 1]}]}"),
            "line 1: start [0, 0] is not a vertex"
        );
        assert_eq!(
            err("{\"graph\": {\"shape\": [0, 3]},\n\"nodes\": []}"),
            "line 1: shape has length 0 on an axis; every axis needs at least 1 cell"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": []}]}"),
            "line 1: an empty list is not a vertex"
        );
        assert_eq!(
            err("{\"nodes\": [{\"id\": 0}]} x"),
            "line 1: trailing characters"
        );
    }

    #[test]
    fn refused_elements_are_located_exactly() {
        let nodes = "{\"graph\": {\"x\": [\"edges\", {\"nodes\": 1}]}, \"nodes\": [\n{\"id\": \"a]\\\"\"},\n{\"id\": 1,\n \"pos\": [0]},\n{\"id\": 1}\n],";
        // The refused node is the last, on line 5, though the list ends on line 6.
        assert_eq!(
            err(&format!("{nodes} \"edges\": []}}")),
            "line 5: node id 1 appears twice"
        );
        let ok = nodes.replace("{\"id\": 1}\n", "{\"id\": 2}\n");
        let edges = "\n\"edges\": [\n{\"source\": 1, \"target\": 2},\n{\"source\": 1,\n \"target\": 1},\n{\"source\": 1, \"target\": 3}\n]}";
        assert_eq!(
            err(&format!("{ok}{edges}")),
            "line 9: self-loop on vertex 1 (a maze cannot link a cell to itself)"
        );
        let last = edges.replace("\"target\": 1}", "\"target\": 2}");
        assert_eq!(
            err(&format!("{ok}{last}")),
            "line 11: edge 2 has target 3, which is not a node id"
        );
        // Edges before nodes are checked afterwards, still with their own line.
        let first = format!("{{{}, {}", &last[1..last.len() - 1], &ok[1..ok.len() - 1]);
        assert_eq!(
            err(&format!("{first}}}")),
            "line 5: edge 2 has target 3, which is not a node id"
        );
    }

    #[test]
    fn fast_path_builds_what_the_builder_builds() {
        let o = ReadOptions::default();
        let m = Maze::from_text_rows(&["#.#.#", "#...#", "##..."]).unwrap();
        let cells = w(&Graph::from_maze(&m));
        for text in [
            cells.as_str(),
            // Unordered nodes, list ids, one-sided and repeated edges, weights, declared
            // shape too small (ignored) and large enough (kept), terminals.
            r#"{"graph": {"shape": [1, 1], "goal": [0, 0]}, "nodes": [{"id": [2, 0]}, {"id": [0, 0]}, {"id": [1, 1]}],
                "edges": [{"source": [0, 0], "target": [2, 0], "weight": 3},
                          {"source": [2, 0], "target": [0, 0], "weight": 2},
                          {"source": [1, 1], "target": [2, 0]}]}"#,
            r#"{"graph": {"shape": [5, 5], "weighted": true, "start": [1, 1]}, "links": [{"source": "b", "target": "a"}],
                "nodes": [{"id": "a", "coord": [4, 0]}, {"id": "b", "coord": [1, 1]}]}"#,
        ] {
            let fast = parse_with(text, &o, true).unwrap();
            let slow = parse_with(text, &o, false).unwrap().unwrap();
            assert_eq!(fast.as_ref(), Some(&slow), "{text}");
        }
        for text in [
            r#"{"nodes": []}"#,
            r#"{"nodes": [{"id": [0, 0]}, {"id": 5}]}"#,
            r#"{"nodes": [{"id": [0, 0]}, {"id": [0, 0, 0]}]}"#,
            r#"{"nodes": [{"id": [0, 0]}, {"id": 1, "coord": [0, 0]}]}"#,
            r#"{"nodes": [{"id": [0, 0]}], "edges": [{"source": [0, 0], "target": [0, 0]}]}"#,
        ] {
            assert!(parse_with(text, &o, true).unwrap().is_none(), "{text}");
        }
        let e = parse(r#"{"nodes": [{"id": [0, 0]}], "graph": {"start": 3}}"#, &o).unwrap_err();
        assert_eq!(e.to_string(), "line 1: start 3 is not a vertex");
    }

    #[test]
    fn limits_and_depth() {
        // Edges are capped as read: on the fast path, through the builder, and while they
        // wait for a "nodes" list that comes after them.
        let o3 = ReadOptions {
            limits: crate::grid::Limits::cells(3),
            ..Default::default()
        };
        let edges = r#"[{"source": 0, "target": 1}, {"source": 1, "target": 2},
            {"source": 2, "target": 0}, {"source": 0, "target": 2}]"#;
        for nodes in [
            r#"[{"id": 0, "coord": [0, 0]}, {"id": 1, "coord": [0, 1]}, {"id": 2, "coord": [1, 1]}]"#,
            r#"[{"id": 0}, {"id": 1}, {"id": 2}]"#,
        ] {
            for text in [
                format!(r#"{{"nodes": {nodes}, "edges": {edges}}}"#),
                format!(r#"{{"edges": {edges}, "nodes": {nodes}}}"#),
            ] {
                let e = parse(&text, &o3).unwrap_err();
                assert!(matches!(e, Error::TooLarge { cells: 4, limit: 3 }), "{e}");
            }
        }

        let o = ReadOptions {
            limits: crate::grid::Limits::cells(2),
            ..Default::default()
        };
        let e = parse(r#"{"nodes": [{"id": 0}, {"id": 1}, {"id": 2}]}"#, &o).unwrap_err();
        assert!(matches!(e, Error::TooLarge { cells: 3, limit: 2 }), "{e}");
        // Deeply nested ignored attributes are skipped without recursing.
        let deep = format!(
            "{{\"nodes\": [{{\"id\": 0, \"pos\": {}{}}}]}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(p(&deep).unwrap().vertex_count(), 1);
        // Nesting where a value is read stops at the first level that does not fit.
        let deep = format!("{{\"nodes\": [{{\"id\": {}", "[".repeat(100_000));
        assert!(err(&deep).contains("expected i64"), "{}", err(&deep));
        let deep = "[".repeat(100_000);
        assert!(err(&deep).contains("expected a node-link graph object"));
    }
}
