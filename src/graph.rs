//! Undirected graphs of mazes: [`Graph`] (compressed adjacency, sorted vertices), the *cell
//! graph* of a maze ([`Graph::from_maze`]) and graph comparison ([`Graph::difference`]).
//!
//! Vertices are kept in increasing label order and every neighbour list is sorted, so writers
//! produce the seed's sorted adjacency list directly. A graph whose vertices are grid
//! coordinates stores them as flat indices into a [`Shape`] ([`Vertices::Cells`]): 8 bytes a
//! vertex instead of a heap-allocated tuple.

use crate::error::{Error, Result};
use crate::grid::{fmt_coords, Limits, Shape};
use crate::maze::Maze;
use std::collections::HashMap;

/// A hash map with a fast seeded hasher (foldhash) for the tables that graph readers fill
/// with one entry per vertex of a file: SipHash was a fifth of reading a big edge list.
pub(crate) type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;
use std::fmt;

/// The name of a vertex: a coordinate tuple, an integer, or a string. Ordered as Python sorts
/// tuples (lexicographically), with coordinates before integers before strings.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// A coordinate tuple such as `(1, 4)`.
    Coord(Vec<i64>),
    /// An integer name.
    Int(i64),
    /// A string name.
    Str(String),
}

impl fmt::Display for Label {
    /// Python literal syntax: `(1, 4)`, `7`, `'name'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Coord(c) => f.write_str(&fmt_coords(c)),
            Label::Int(i) => write!(f, "{i}"),
            Label::Str(s) => f.write_str(&python_str(s)),
        }
    }
}

/// A Python string literal for `s` (single quotes, like `repr`), readable by `ast.literal_eval`.
pub fn python_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The vertex set of a [`Graph`], sorted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vertices {
    /// Grid cells: vertex `v` is the cell with flat index `cells[v]` in `shape`
    /// (strictly increasing).
    Cells {
        /// The grid the coordinates refer to.
        shape: Shape,
        /// Flat indices, strictly increasing.
        cells: Vec<usize>,
    },
    /// Arbitrary names, strictly increasing.
    Names(Vec<Label>),
}

impl Vertices {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        match self {
            Vertices::Cells { cells, .. } => cells.len(),
            Vertices::Names(n) => n.len(),
        }
    }

    /// True when there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An undirected graph with sorted vertices and sorted neighbour lists (compressed sparse
/// rows), optional edge weights (corridor lengths in cells), and optional terminals.
///
/// Self-loops are refused and parallel edges merged (keeping the smaller weight).
///
/// ```
/// use mazegraph::{Graph, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
/// let g = Graph::from_maze(&m);
/// assert_eq!(g.vertex_count(), 3);
/// assert_eq!(g.edge_count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    vertices: Vertices,
    offsets: Vec<usize>,
    targets: Vec<u32>,
    weights: Option<Vec<f64>>,
    /// Every weight is a whole number (cached from `weights`).
    whole: bool,
    start: Option<u32>,
    goal: Option<u32>,
    /// Where each vertex is drawn (a tiled maze's room centres), when known; writers that
    /// place vertices (DOT's `pos`) use it.
    positions: Option<Vec<[f64; 2]>>,
}

// Weights are finite and positive (the builder and every reader refuse anything else), so
// equality on them is an equivalence.
impl Eq for Graph {}

impl Graph {
    /// The *cell graph* of a maze: a vertex per path cell, an edge per pair of adjacent path
    /// cells and per portal. Terminals are carried over when the maze has them.
    ///
    /// Complexity: O(cells + portals·log portals) time; 8 bytes per vertex and 4 per
    /// adjacency entry, plus one rank word per 64 cells.
    pub fn from_maze(maze: &Maze) -> Graph {
        let grid = maze.grid();
        let shape = grid.shape().clone();
        let rank = Rank::new(grid.bits().as_slice());
        let cells: Vec<usize> = grid.paths().collect();
        let portals = maze.portal_index();
        let mut offsets = Vec::with_capacity(cells.len() + 1);
        let mut targets: Vec<u32> = Vec::with_capacity(cells.len() * 2 + 2);
        offsets.push(0);
        let mut buf: Vec<usize> = Vec::with_capacity(16);
        // Cells are visited in increasing order, line by line along the last axis: the
        // coordinates on the other axes change only between lines, so they are computed once
        // per line (a few divisions) rather than once per neighbour.
        let dims = shape.dims();
        let strides = shape.strides();
        let n = dims.len();
        let line = dims.last().copied().unwrap_or(1).max(1);
        let mut outer = vec![0usize; n.saturating_sub(1)];
        let mut line_start = 0usize;
        let mut line_end = 0usize;
        let bits = grid.bits();
        for (i, &c) in cells.iter().enumerate() {
            crate::stop::check();
            if c >= line_end {
                let l = c / line;
                line_start = l * line;
                line_end = line_start + line;
                for k in 0..outer.len() {
                    outer[k] = (c / strides[k]) % dims[k];
                }
            }
            let x = c - line_start;
            if portals.is_empty() || !portals.has(c) {
                let i = i as u32;
                for k in 0..outer.len() {
                    if outer[k] > 0 && bits.contains(c - strides[k]) {
                        targets.push(rank.rank(c - strides[k]));
                    }
                }
                if x > 0 && bits.contains(c - 1) {
                    targets.push(i - 1);
                }
                if x + 1 < line && bits.contains(c + 1) {
                    targets.push(i + 1);
                }
                for k in (0..outer.len()).rev() {
                    if outer[k] + 1 < dims[k] && bits.contains(c + strides[k]) {
                        targets.push(rank.rank(c + strides[k]));
                    }
                }
            } else {
                buf.clear();
                grid.for_each_path_neighbour(c, |j| buf.push(j));
                buf.extend(portals.ends(c));
                buf.sort_unstable();
                buf.dedup();
                targets.extend(buf.iter().map(|&j| rank.rank(j)));
            }
            offsets.push(targets.len());
        }
        let (start, goal) = match maze.terminals() {
            Some((s, g)) => (Some(rank.rank(s)), Some(rank.rank(g))),
            None => (None, None),
        };
        Graph {
            vertices: Vertices::Cells { shape, cells },
            offsets,
            targets,
            weights: None,
            whole: true,
            start,
            goal,
            positions: None,
        }
    }

    /// A graph from raw compressed rows. Every list must be sorted, without self-loops, and
    /// symmetric; `weights`, when given, parallel to `targets` and symmetric too. Used by the
    /// junction-graph builder and readers; checked in debug builds.
    pub(crate) fn from_csr(
        vertices: Vertices,
        offsets: Vec<usize>,
        targets: Vec<u32>,
        weights: Option<Vec<f64>>,
    ) -> Graph {
        debug_assert_eq!(offsets.len(), vertices.len() + 1);
        let whole = weights
            .as_ref()
            .is_none_or(|w| w.iter().all(|&x| x.fract() == 0.0));
        Graph {
            vertices,
            offsets,
            targets,
            weights,
            whole,
            start: None,
            goal: None,
            positions: None,
        }
    }

    /// Where each vertex is drawn, `[x, y]` with `y` downwards, in room units (a tiled
    /// maze's room centres), when known.
    pub fn positions(&self) -> Option<&[[f64; 2]]> {
        self.positions.as_deref()
    }

    /// Sets where each vertex is drawn (one position per vertex; otherwise an error).
    pub fn set_positions(&mut self, positions: Vec<[f64; 2]>) -> Result<()> {
        if positions.len() != self.vertex_count() {
            return Err(Error::InvalidGraph(format!(
                "{} positions for {} vertices",
                positions.len(),
                self.vertex_count()
            )));
        }
        self.positions = Some(positions);
        Ok(())
    }

    /// The vertex set.
    pub fn vertices(&self) -> &Vertices {
        &self.vertices
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// Number of (undirected) edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The sorted neighbours of vertex `v`.
    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// The weights of `v`'s edges, parallel to [`Graph::neighbours`]; `None` when unweighted.
    #[inline]
    pub fn neighbour_weights(&self, v: u32) -> Option<&[f64]> {
        let v = v as usize;
        self.weights
            .as_ref()
            .map(|w| &w[self.offsets[v]..self.offsets[v + 1]])
    }

    /// Degree of vertex `v`.
    pub fn degree(&self, v: u32) -> usize {
        self.neighbours(v).len()
    }

    /// True when edges carry weights (a junction graph's corridor lengths, or any positive
    /// weights a graph file gave).
    pub fn is_weighted(&self) -> bool {
        self.weights.is_some()
    }

    /// True when every weight is a whole number (always for an unweighted graph): the
    /// weights can stand for corridor lengths in cells.
    pub fn has_integer_weights(&self) -> bool {
        self.whole
    }

    /// True when the edges carry lengths in steps: weights that are all whole numbers (a
    /// junction graph's corridor lengths). Shortest paths in steps then add them; a graph
    /// with fractional weights counts one step per edge and its weights separately.
    pub fn has_lengths(&self) -> bool {
        self.weights.is_some() && self.whole
    }

    /// Sum of all edge weights (for a maze's graphs, the number of cell-to-cell steps the edges
    /// stand for).
    pub fn total_weight(&self) -> f64 {
        match &self.weights {
            Some(w) => w.iter().sum::<f64>() / 2.0,
            None => self.edge_count() as f64,
        }
    }

    /// Iterates over the edges `(u, v, weight)` with `u < v`, in sorted order (weight 1 in an
    /// unweighted graph).
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32, f64)> + '_ {
        (0..self.vertex_count() as u32).flat_map(move |u| {
            let ns = self.neighbours(u);
            let ws = self.neighbour_weights(u);
            ns.iter()
                .enumerate()
                .filter(move |(_, &v)| v > u)
                .map(move |(k, &v)| (u, v, ws.map_or(1.0, |w| w[k])))
        })
    }

    /// The label of vertex `v`.
    pub fn label(&self, v: u32) -> Label {
        match &self.vertices {
            Vertices::Cells { shape, cells } => Label::Coord(
                shape
                    .coords(cells[v as usize])
                    .into_iter()
                    .map(|c| c as i64)
                    .collect(),
            ),
            Vertices::Names(n) => n[v as usize].clone(),
        }
    }

    /// The grid cell (flat index) of vertex `v`, when vertices are cells.
    pub fn cell(&self, v: u32) -> Option<usize> {
        match &self.vertices {
            Vertices::Cells { cells, .. } => Some(cells[v as usize]),
            Vertices::Names(_) => None,
        }
    }

    /// The grid shape, when vertices are cells.
    pub fn shape(&self) -> Option<&Shape> {
        match &self.vertices {
            Vertices::Cells { shape, .. } => Some(shape),
            Vertices::Names(_) => None,
        }
    }

    /// The vertex with this label, if any (binary search).
    pub fn find(&self, label: &Label) -> Option<u32> {
        match (&self.vertices, label) {
            (Vertices::Cells { shape, cells }, Label::Coord(c)) => {
                let i = shape.index_signed(c)?;
                cells.binary_search(&i).ok().map(|v| v as u32)
            }
            (Vertices::Cells { .. }, _) => None,
            (Vertices::Names(n), l) => n.binary_search(l).ok().map(|v| v as u32),
        }
    }

    /// The vertex of grid cell `cell`, when vertices are cells.
    pub fn find_cell(&self, cell: usize) -> Option<u32> {
        match &self.vertices {
            Vertices::Cells { cells, .. } => cells.binary_search(&cell).ok().map(|v| v as u32),
            Vertices::Names(_) => None,
        }
    }

    /// The start vertex, when known.
    pub fn start(&self) -> Option<u32> {
        self.start
    }

    /// The goal vertex, when known.
    pub fn goal(&self) -> Option<u32> {
        self.goal
    }

    /// Sets or clears the terminals (vertex ids, which must exist).
    pub fn set_terminals(&mut self, start: Option<u32>, goal: Option<u32>) -> Result<()> {
        for t in [start, goal].into_iter().flatten() {
            if t as usize >= self.vertex_count() {
                return Err(Error::InvalidGraph(format!(
                    "terminal vertex {t} does not exist"
                )));
            }
        }
        self.start = start;
        self.goal = goal;
        Ok(())
    }

    /// The first difference between two graphs' vertex and edge sets (labels compared, not
    /// ids; weights compared when both are weighted), or `None` when they are equal.
    /// Terminals are not compared: two mazes are equal iff their graphs are.
    pub fn difference(&self, other: &Graph) -> Option<String> {
        let (n, m) = (self.vertex_count(), other.vertex_count());
        let mut i = 0;
        let mut j = 0;
        while i < n || j < m {
            let a = (i < n).then(|| self.label(i as u32));
            let b = (j < m).then(|| other.label(j as u32));
            match (a, b) {
                (Some(a), Some(b)) if a == b => {}
                (Some(a), Some(b)) if a < b => {
                    return Some(format!("vertex {a} is only in the first"));
                }
                (Some(_), Some(b)) | (None, Some(b)) => {
                    return Some(format!("vertex {b} is only in the second"));
                }
                (Some(a), None) => return Some(format!("vertex {a} is only in the first")),
                // Not while the loop runs: one side is always left.
                (None, None) => break,
            }
            i += 1;
            j += 1;
        }
        // Same labels in the same sorted order, hence the same ids.
        for v in 0..n as u32 {
            let (x, y) = (self.neighbours(v), other.neighbours(v));
            if x != y {
                // Sorted, deduplicated lists that differ: one holds a vertex the other lacks.
                let (u, side) = match x.iter().find(|u| !y.contains(u)) {
                    Some(&u) => (u, "first"),
                    None => match y.iter().find(|u| !x.contains(u)) {
                        Some(&u) => (u, "second"),
                        None => continue,
                    },
                };
                return Some(format!(
                    "edge {} -- {} is only in the {side}",
                    self.label(v),
                    self.label(u)
                ));
            }
            if let (Some(wx), Some(wy)) = (self.neighbour_weights(v), other.neighbour_weights(v)) {
                if let Some(k) = (0..wx.len()).find(|&k| wx[k] != wy[k]) {
                    return Some(format!(
                        "edge {} -- {} has weight {} in the first and {} in the second",
                        self.label(v),
                        self.label(x[k]),
                        wx[k],
                        wy[k]
                    ));
                }
            }
        }
        None
    }

    /// The graph as a petgraph `UnGraph`, node weights the labels, edge weights the lengths.
    /// Node `i` of the result is vertex `i`.
    pub fn to_petgraph(&self) -> petgraph::graph::UnGraph<Label, f64> {
        let mut g = petgraph::graph::UnGraph::with_capacity(self.vertex_count(), self.edge_count());
        for v in 0..self.vertex_count() as u32 {
            g.add_node(self.label(v));
        }
        for (u, v, w) in self.edges() {
            g.add_edge(u.into(), v.into(), w);
        }
        g
    }
}

/// O(1) rank queries over a bitset: the number of set bits before position `i`.
pub(crate) struct Rank<'a> {
    words: &'a [usize],
    before: Vec<u32>,
}

impl<'a> Rank<'a> {
    pub(crate) fn new(words: &'a [usize]) -> Rank<'a> {
        let mut before = Vec::with_capacity(words.len() + 1);
        let mut acc = 0u32;
        for w in words {
            before.push(acc);
            acc += w.count_ones();
        }
        before.push(acc);
        Rank { words, before }
    }

    /// Number of set bits strictly before position `i`.
    #[inline]
    pub(crate) fn rank(&self, i: usize) -> u32 {
        const B: usize = usize::BITS as usize;
        let (w, b) = (i / B, i % B);
        let mask = (1usize << b).wrapping_sub(1);
        self.before[w] + (self.words[w] & mask).count_ones()
    }
}

/// Collects labelled vertices and edges in any order and builds a sorted [`Graph`]. Readers
/// of graph formats use it.
///
/// The edges collected are capped by [`Limits`] ([`GraphBuilder::with_limits`]; the default
/// limits otherwise): [`GraphBuilder::edge`] refuses the edge past the cap, so a file that
/// expands into many edges stops there instead of exhausting memory. Vertices are checked by
/// [`GraphBuilder::finish`] (readers check them as they go).
///
/// ```
/// use mazegraph::graph::{GraphBuilder, Label};
/// let mut b = GraphBuilder::default();
/// let x = b.vertex(Label::Str("x".into()));
/// let y = b.vertex(Label::Int(3));
/// b.edge(x, y, 1.0).unwrap();
/// let g = b.finish(&Default::default()).unwrap();
/// assert_eq!(g.label(0), Label::Int(3));
/// ```
#[derive(Default, Debug)]
pub struct GraphBuilder {
    ids: FastMap<Label, u32>,
    labels: Vec<Label>,
    edges: Vec<(u32, u32, f64)>,
    weighted: bool,
    shape: Option<Vec<usize>>,
    start: Option<Label>,
    goal: Option<Label>,
    limits: Limits,
}

impl GraphBuilder {
    /// An empty builder whose [`GraphBuilder::edge`] holds the edge count to `limits`.
    ///
    /// ```
    /// use mazegraph::graph::{GraphBuilder, Label};
    /// use mazegraph::grid::Limits;
    /// let mut b = GraphBuilder::with_limits(Limits::cells(1));
    /// let (x, y) = (b.vertex(Label::Int(1)), b.vertex(Label::Int(2)));
    /// assert!(b.edge(x, y, 1.0).is_ok());
    /// assert!(b.edge(y, x, 1.0).is_err()); // a second edge is over the cap
    /// ```
    pub fn with_limits(limits: Limits) -> GraphBuilder {
        GraphBuilder {
            limits,
            ..GraphBuilder::default()
        }
    }

    /// The id of the vertex with this label, adding it when new.
    pub fn vertex(&mut self, label: Label) -> u32 {
        if let Some(&id) = self.ids.get(&label) {
            return id;
        }
        let id = self.labels.len() as u32;
        self.ids.insert(label.clone(), id);
        self.labels.push(label);
        id
    }

    /// Number of vertices so far.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// Number of edges added so far (an edge added twice counts twice).
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Adds the edge `a -- b` with `weight` (1 for an unweighted edge), two vertex ids this
    /// builder gave. Self-loops, weights that are not finite and positive, unknown ids and
    /// edges past the limits' cap ([`Error::TooLarge`]) are refused.
    pub fn edge(&mut self, a: u32, b: u32, weight: f64) -> Result<()> {
        let name = |v: u32| {
            self.labels
                .get(v as usize)
                .ok_or_else(|| Error::InvalidGraph(format!("vertex id {v} does not exist")))
        };
        let (la, lb) = (name(a)?, name(b)?);
        if a == b {
            return Err(Error::InvalidGraph(format!(
                "self-loop on vertex {la} (a maze cannot link a cell to itself)"
            )));
        }
        if !(weight.is_finite() && weight > 0.0) {
            return Err(Error::InvalidGraph(format!(
                "edge {la} -- {lb} has weight {weight} (weights are positive numbers)"
            )));
        }
        self.limits.check_edge(self.edges.len())?;
        if weight != 1.0 {
            self.weighted = true;
        }
        self.edges.push((a, b, weight));
        Ok(())
    }

    /// Marks the graph as weighted even if every weight is 1 (a junction graph).
    pub fn set_weighted(&mut self) {
        self.weighted = true;
    }

    /// Declares the grid shape the coordinates refer to (kept by graph JSON and DOT).
    pub fn set_shape(&mut self, dims: Vec<usize>) {
        self.shape = Some(dims);
    }

    /// Declares the terminals by label (they are added as vertices when missing).
    pub fn set_terminals(&mut self, start: Option<Label>, goal: Option<Label>) {
        if let Some(s) = &start {
            self.vertex(s.clone());
        }
        if let Some(g) = &goal {
            self.vertex(g.clone());
        }
        self.start = start;
        self.goal = goal;
    }

    /// Sorts, merges parallel edges (smallest weight kept) and builds the graph. Vertices are
    /// cells ([`Vertices::Cells`]) when every label is a non-negative coordinate with the same
    /// number of axes; the shape is the declared one, or one past the largest coordinate on
    /// each axis.
    pub fn finish(self, limits: &Limits) -> Result<Graph> {
        self.finish_counted(limits).map(|(g, _)| g)
    }

    /// [`GraphBuilder::finish`], also counting the edges merged into another with the same
    /// ends (added twice, in either direction), so that a reader can say it dropped them.
    ///
    /// ```
    /// use mazegraph::graph::{GraphBuilder, Label};
    /// let mut b = GraphBuilder::default();
    /// let (x, y) = (b.vertex(Label::Int(1)), b.vertex(Label::Int(2)));
    /// b.edge(x, y, 2.5).unwrap();
    /// b.edge(y, x, 1.5).unwrap();
    /// let (g, merged) = b.finish_counted(&Default::default()).unwrap();
    /// assert_eq!((g.edge_count(), merged), (1, 1));
    /// assert_eq!(g.edges().next().unwrap().2, 1.5); // the lighter one is kept
    /// ```
    pub fn finish_counted(self, limits: &Limits) -> Result<(Graph, usize)> {
        limits.check(self.labels.len() as u64)?;
        limits.check(self.edges.len() as u64)?;
        let n = self.labels.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by(|&a, &b| self.labels[a as usize].cmp(&self.labels[b as usize]));
        let mut new_id = vec![0u32; n];
        for (new, &old) in order.iter().enumerate() {
            new_id[old as usize] = new as u32;
        }
        let mut adj: Vec<(u32, u32, f64)> = Vec::with_capacity(self.edges.len() * 2);
        for &(a, b, w) in &self.edges {
            let (a, b) = (new_id[a as usize], new_id[b as usize]);
            adj.push((a, b, w));
            adj.push((b, a, w));
        }
        adj.sort_unstable_by(|x, y| (x.0, x.1).cmp(&(y.0, y.1)).then(x.2.total_cmp(&y.2)));
        let before = adj.len();
        adj.dedup_by(|next, prev| next.0 == prev.0 && next.1 == prev.1);
        let merged = (before - adj.len()) / 2;
        let mut offsets = vec![0usize; n + 1];
        for &(a, _, _) in &adj {
            offsets[a as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let targets: Vec<u32> = adj.iter().map(|e| e.1).collect();
        let weights = self.weighted.then(|| adj.iter().map(|e| e.2).collect());
        let labels: Vec<Label> = order
            .iter()
            .map(|&old| self.labels[old as usize].clone())
            .collect();
        let vertices = cells_from_labels(&labels, self.shape.as_deref(), limits)?
            .unwrap_or(Vertices::Names(labels));
        let mut g = Graph::from_csr(vertices, offsets, targets, weights);
        let find = |l: &Option<Label>| l.as_ref().and_then(|l| g.find(l));
        let (s, t) = (find(&self.start), find(&self.goal));
        g.start = s;
        g.goal = t;
        Ok((g, merged))
    }
}

/// `Some(Cells)` when every label is a non-negative coordinate of one arity (and fits the
/// declared shape, when one is given).
fn cells_from_labels(
    labels: &[Label],
    declared: Option<&[usize]>,
    limits: &Limits,
) -> Result<Option<Vertices>> {
    let mut dims: Option<Vec<usize>> = None;
    for l in labels {
        let Label::Coord(c) = l else { return Ok(None) };
        if c.is_empty() || c.iter().any(|&x| x < 0) {
            return Ok(None);
        }
        let d = dims.get_or_insert_with(|| vec![0; c.len()]);
        if d.len() != c.len() {
            return Ok(None);
        }
        for (k, &x) in c.iter().enumerate() {
            let need = usize::try_from(x).ok().and_then(|x| x.checked_add(1));
            let Some(need) = need else { return Ok(None) };
            d[k] = d[k].max(need);
        }
    }
    let Some(mut dims) = dims else {
        // No vertex at all: cells of the declared shape, if any.
        return match declared {
            Some(d) => Ok(Some(Vertices::Cells {
                shape: Shape::with_limits(d.to_vec(), limits)?,
                cells: Vec::new(),
            })),
            None => Ok(None),
        };
    };
    if let Some(d) = declared {
        if d.len() == dims.len() && d.iter().zip(&dims).all(|(a, b)| a >= b) {
            dims = d.to_vec();
        }
    }
    let shape = Shape::with_limits(dims, limits)?;
    let cells = labels
        .iter()
        .map(|l| match l {
            Label::Coord(c) => shape.index_signed(c).unwrap_or(usize::MAX),
            _ => usize::MAX,
        })
        .collect();
    Ok(Some(Vertices::Cells { shape, cells }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use fixedbitset::FixedBitSet;

    fn seed_maze() -> Maze {
        // The seed's example: (0,4) above (1,4) on a corridor (1,0)..(1,9).
        Maze::from_text_rows(&["####.#####", ".........."]).unwrap()
    }

    #[test]
    fn cell_graph_lists_the_grid_neighbours_in_every_dimension() {
        // The line-by-line fast path against the plain neighbour enumeration, on pseudo-random
        // grids of 1 to 4 axes, some of them with a portal.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for dims in [
            vec![9],
            vec![4, 7],
            vec![1, 5],
            vec![3, 4, 5],
            vec![2, 3, 2, 4],
        ] {
            for round in 0..20 {
                let shape = Shape::new(dims.clone()).unwrap();
                let mut bits = FixedBitSet::with_capacity(shape.len());
                for i in 0..shape.len() {
                    bits.set(i, next() % 3 != 0);
                }
                let mut maze = Maze::new(Grid::from_bits(shape, bits).unwrap());
                let paths: Vec<usize> = maze.grid().paths().collect();
                if round % 2 == 1 && paths.len() >= 2 {
                    let (a, b) = (paths[0], paths[paths.len() - 1]);
                    maze.add_portal(a, b).unwrap();
                }
                let g = Graph::from_maze(&maze);
                let portals = maze.portal_index();
                for (v, &c) in paths.iter().enumerate() {
                    let mut want = Vec::new();
                    maze.grid().for_each_path_neighbour(c, |j| want.push(j));
                    want.extend(portals.ends(c));
                    want.sort_unstable();
                    want.dedup();
                    let got: Vec<usize> = g
                        .neighbours(v as u32)
                        .iter()
                        .map(|&u| paths[u as usize])
                        .collect();
                    assert_eq!(got, want, "dims {dims:?}, cell {c}");
                }
            }
        }
    }

    #[test]
    fn cell_graph_of_the_seed_maze() {
        let g = Graph::from_maze(&seed_maze());
        assert_eq!(g.vertex_count(), 11);
        assert_eq!(g.edge_count(), 10);
        let v = g.find(&Label::Coord(vec![1, 4])).unwrap();
        let ns: Vec<Label> = g.neighbours(v).iter().map(|&u| g.label(u)).collect();
        assert_eq!(
            ns,
            vec![
                Label::Coord(vec![0, 4]),
                Label::Coord(vec![1, 3]),
                Label::Coord(vec![1, 5])
            ]
        );
    }

    #[test]
    fn portals_become_sorted_deduplicated_edges() {
        let mut m = seed_maze();
        let s = m.shape().clone();
        m.add_portal(s.index(&[1, 9]).unwrap(), s.index(&[1, 0]).unwrap())
            .unwrap();
        m.add_portal(s.index(&[1, 1]).unwrap(), s.index(&[1, 0]).unwrap())
            .unwrap(); // duplicates an adjacency
        let g = Graph::from_maze(&m);
        assert_eq!(g.edge_count(), 11);
        let v = g.find(&Label::Coord(vec![1, 0])).unwrap();
        let ns: Vec<String> = g
            .neighbours(v)
            .iter()
            .map(|&u| g.label(u).to_string())
            .collect();
        assert_eq!(ns, vec!["(1, 1)", "(1, 9)"]);
    }

    #[test]
    fn builder_sorts_and_detects_cells() {
        let mut b = GraphBuilder::default();
        let a = b.vertex(Label::Coord(vec![2, 1]));
        let c = b.vertex(Label::Coord(vec![0, 3]));
        b.edge(a, c, 1.0).unwrap();
        b.edge(c, a, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        assert_eq!(g.shape().unwrap().dims(), &[3, 4]);
        assert_eq!(g.label(0), Label::Coord(vec![0, 3]));
        assert_eq!(g.edge_count(), 1);
    }

    #[test]
    fn self_loops_are_refused() {
        let mut b = GraphBuilder::default();
        let a = b.vertex(Label::Int(1));
        assert!(b.edge(a, a, 1.0).is_err());
        // Ids the builder never gave are errors, not panics.
        assert!(matches!(b.edge(a, 7, 1.0), Err(Error::InvalidGraph(_))));
        assert!(matches!(b.edge(9, a, 1.0), Err(Error::InvalidGraph(_))));
    }

    #[test]
    fn edges_are_capped_as_they_come() {
        let mut b = GraphBuilder::with_limits(Limits::cells(2));
        let (x, y, z) = (
            b.vertex(Label::Int(1)),
            b.vertex(Label::Int(2)),
            b.vertex(Label::Int(3)),
        );
        b.edge(x, y, 1.0).unwrap();
        b.edge(y, z, 1.0).unwrap();
        assert!(matches!(
            b.edge(x, z, 1.0),
            Err(Error::TooLarge { cells: 3, limit: 2 })
        ));
        // A builder with the default limits is still held to smaller ones when finishing.
        let mut b = GraphBuilder::default();
        let v: Vec<u32> = (0..4).map(|i| b.vertex(Label::Int(i))).collect();
        for i in 0..4 {
            for j in i + 1..4 {
                b.edge(v[i], v[j], 1.0).unwrap();
            }
        }
        assert!(matches!(
            b.finish(&Limits::cells(4)),
            Err(Error::TooLarge { cells: 6, limit: 4 })
        ));
    }

    #[test]
    fn difference_names_the_first_mismatch() {
        let g1 = Graph::from_maze(&seed_maze());
        let mut m = seed_maze();
        let s = m.shape().clone();
        m.add_portal(s.index(&[1, 9]).unwrap(), s.index(&[1, 0]).unwrap())
            .unwrap();
        let g2 = Graph::from_maze(&m);
        assert_eq!(g1.difference(&g1.clone()), None);
        assert_eq!(
            g1.difference(&g2).unwrap(),
            "edge (1, 0) -- (1, 9) is only in the second"
        );
        let m3 = Maze::from_text_rows(&["####.#####", ".........#"]).unwrap();
        assert_eq!(
            g1.difference(&Graph::from_maze(&m3)).unwrap(),
            "vertex (1, 9) is only in the first"
        );
    }

    #[test]
    fn rank_counts_bits_before() {
        let words = [0b1011usize, usize::MAX];
        let r = Rank::new(&words);
        assert_eq!(r.rank(0), 0);
        assert_eq!(r.rank(2), 2);
        assert_eq!(r.rank(4), 3);
        assert_eq!(r.rank(64), 3);
        assert_eq!(r.rank(70), 9);
    }
}
