//! The adjacency-list format (`.adj`): the seed's notation, a Python dict literal that
//! `ast.literal_eval` reads.
//!
//! ```text
//! {(0, 4): [(1, 4)], (1, 0): [(1, 1)], (1, 1): [(1, 0), (1, 2)], (3, 3): []}
//! ```
//!
//! Each key is a vertex, its value the list of its neighbours. Vertices are coordinate tuples
//! of any length (`(5,)` for one axis), integers or strings (`'a'` or `"a"`). A weighted graph
//! (a junction graph) writes each neighbour list as a dict neighbour → weight:
//! `{(0, 4): {(1, 4): 3}, …}`.
//!
//! **Writer**: keys sorted, neighbour lists sorted, `", "` between items and `": "` after keys,
//! all on one line, then a newline; an isolated vertex is `(3, 3): []`, the empty graph `{}`.
//! Labels print as [`Label`]'s `Display` (Python literal syntax).
//!
//! **Reader** (hand-written, byte level, errors name the 1-based line):
//! - any whitespace and newlines, `#` comments, trailing commas;
//! - keys and neighbours: tuples of decimal integers (negative allowed), integers, strings with
//!   Python escapes (`\\ \' \" \a \b \f \n \r \t \v \ooo \xHH \uHHHH \UHHHHHHHH`); as in Python,
//!   `(5)` is the integer 5 and `(5,)` a 1-tuple;
//! - values: the neighbours as a list `[a, b]`, a tuple `(a, b)` or `(a,)`, a set `{a, b}` or
//!   `set()`; or a dict neighbour → positive weight, whole or not (`{a: 3, b: 2.5}`: the graph
//!   is then weighted; lists in the same file give weight 1); or a dict neighbour → edge
//!   attributes, as networkx's `to_dict_of_dicts` writes (`{a: {'weight': 2.5}, b: {}}`: the
//!   `weight` is kept, other attributes may hold any Python literal and are skipped);
//! - the graph is undirected: an edge listed from one side only is still an edge; vertices
//!   that appear only as neighbours are added; when both sides give different weights the
//!   smaller is kept;
//! - refused: a key that appears twice (Python would silently keep only the last list, so
//!   the file means something else to Python than to us), floats and other non-decimal
//!   numbers as vertices, nested or empty tuples as vertices, tuples holding strings,
//!   self-loops, weights that are not positive numbers,
//!   unbalanced brackets, anything after the closing `}`.
//!
//! The grammar has a fixed depth (dict → list or dict → tuple), so no input can exhaust the
//! stack; memory grows with the input and the vertex count is checked against
//! [`Limits`]. A maze's cell graph (every vertex a non-negative tuple of
//! one length) is read on a fast path without hashing (an 8-million-vertex adjacency list of
//! 340 MB reads in about 2 s); any other graph is read through
//! [`GraphBuilder`].
// Reader code: no unwrap, expect or unchecked indexing that file input could reach. Sites
// that index by the reader's own invariants allow it locally and say why.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{python_str, Graph, GraphBuilder, Label, Rank, Vertices};
use crate::grid::{Limits, Shape};
use fixedbitset::FixedBitSet;
use std::io::Write;

const NAME: &str = "adj";

/// Size at which writers hand their buffer to the output.
pub(crate) const CHUNK: usize = 1 << 16;

/// Appends the decimal digits of `n` (hand-rolled itoa, no allocation).
#[inline]
// A u64 has at most 20 decimal digits: `i` stays within `tmp`.
#[allow(clippy::indexing_slicing)]
pub(crate) fn push_u64(buf: &mut Vec<u8>, mut n: u64) {
    let mut tmp = [0u8; 20];
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&tmp[i..]);
}

/// Appends the decimal digits of `n`, with a `-` when negative.
#[inline]
pub(crate) fn push_i64(buf: &mut Vec<u8>, n: i64) {
    if n < 0 {
        buf.push(b'-');
    }
    push_u64(buf, n.unsigned_abs());
}

/// Appends a coordinate tuple in Python syntax: `(1, 4)`, `(5,)`.
#[inline]
fn push_tuple(buf: &mut Vec<u8>, coords: impl ExactSizeIterator<Item = i64>) {
    let one = coords.len() == 1;
    buf.push(b'(');
    for (k, c) in coords.enumerate() {
        if k > 0 {
            buf.extend_from_slice(b", ");
        }
        push_i64(buf, c);
    }
    if one {
        buf.push(b',');
    }
    buf.push(b')');
}

/// Writes vertex labels of one graph in Python syntax, reusing a coordinate buffer.
struct LabelWriter<'g> {
    graph: &'g Graph,
    coords: Vec<usize>,
}

impl<'g> LabelWriter<'g> {
    fn new(graph: &'g Graph) -> Self {
        let ndim = graph.shape().map_or(0, |s| s.ndim());
        LabelWriter {
            graph,
            coords: vec![0; ndim],
        }
    }

    #[inline]
    // Writer side: `v` is a vertex of the graph being written, which has an entry per vertex.
    #[allow(clippy::indexing_slicing)]
    fn push(&mut self, buf: &mut Vec<u8>, v: u32) {
        match self.graph.vertices() {
            Vertices::Cells { shape, cells } => {
                shape.coords_into(cells[v as usize], &mut self.coords);
                push_tuple(buf, self.coords.iter().map(|&c| c as i64));
            }
            Vertices::Names(names) => match &names[v as usize] {
                Label::Coord(c) => push_tuple(buf, c.iter().copied()),
                Label::Int(i) => push_i64(buf, *i),
                Label::Str(s) => buf.extend_from_slice(python_str(s).as_bytes()),
            },
        }
    }
}

/// Writes a graph as the seed's adjacency list (one line, keys and neighbours sorted; a dict
/// of weights per vertex when the graph is weighted).
///
/// Complexity: O(V + E) time; output goes through `out` in 64 KiB chunks, with no
/// allocation per vertex for cell graphs.
///
/// ```
/// use mazegraph::{format::adj, Graph, Maze};
/// let g = Graph::from_maze(&Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap());
/// let mut out = Vec::new();
/// adj::write(&g, &mut out).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "{(0, 1): [(1, 1)], (1, 1): [(0, 1), (1, 2)], (1, 2): [(1, 1)]}\n"
/// );
/// ```
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let weighted = graph.is_weighted();
    let (open, close) = if weighted { (b'{', b'}') } else { (b'[', b']') };
    let mut labels = LabelWriter::new(graph);
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    buf.push(b'{');
    for v in 0..graph.vertex_count() as u32 {
        if v > 0 {
            buf.extend_from_slice(b", ");
        }
        labels.push(&mut buf, v);
        buf.extend_from_slice(b": ");
        buf.push(open);
        let ws = graph.neighbour_weights(v);
        for (k, &u) in graph.neighbours(v).iter().enumerate() {
            if k > 0 {
                buf.extend_from_slice(b", ");
            }
            labels.push(&mut buf, u);
            if let Some(&w) = ws.and_then(|ws| ws.get(k)) {
                buf.extend_from_slice(b": ");
                super::push_weight(&mut buf, w);
            }
        }
        buf.push(close);
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(b"}\n");
    out.write_all(&buf)?;
    Ok(())
}

/// Parses an adjacency list (see the [module docs](self) for what is accepted).
///
/// Complexity: O(input length). When every vertex is a non-negative coordinate tuple of one
/// length (a maze's cell graph), vertices are packed into integers and the graph is built
/// with a bitset, rank queries and a counting sort: O(V + E + cells/64) time, about 24 bytes
/// per adjacency entry at peak. Otherwise the text is parsed again through
/// [`GraphBuilder`] (one hash look-up per vertex mention, O((V + E) log(V + E)) sort), which
/// also gives the exact line of semantic errors (duplicate keys, self-loops).
///
/// ```
/// use mazegraph::format::adj;
/// let g = adj::parse("{(0, 4): [(1, 4)],\n (1, 4): []}", &Default::default()).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (2, 1));
/// let e = adj::parse("{(0, 4): [(1, 4]}", &Default::default()).unwrap_err();
/// assert_eq!(e.to_string(), "line 1: expected ',' or ')' after tuple element, found ']'");
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    match parse_with(text, opts, true) {
        Err(Fail::Fallback) => {}
        Err(Fail::Error(e)) => return Err(e),
        Ok(g) => return Ok(g),
    }
    parse_with(text, opts, false).map_err(|f| match f {
        Fail::Error(e) => e,
        Fail::Fallback => Error::InvalidGraph("internal: the general reader fell back".into()),
    })
}

/// One reading of the text, on the fast cell path or through [`GraphBuilder`].
fn parse_with(text: &str, opts: &ReadOptions, fast: bool) -> std::result::Result<Graph, Fail> {
    let sink = if fast {
        Sink::Fast(FastCells::with_limits(opts.limits))
    } else {
        Sink::Slow {
            builder: GraphBuilder::with_limits(opts.limits),
            is_key: Vec::new(),
        }
    };
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        pos: 0,
        sink,
        coords: Vec::with_capacity(8),
        max_vertices: opts.limits.max_cells,
        empty_dict: false,
        unweighted: false,
    };
    p.document()?;
    match p.sink {
        Sink::Fast(f) => f.finish(None, &opts.limits)?.ok_or(Fail::Fallback),
        Sink::Slow { builder, .. } => Ok(builder.finish(&opts.limits)?),
    }
}

/// Why a reading stopped: an error to report, or the fast path cannot hold this graph.
pub(crate) enum Fail {
    Error(Error),
    Fallback,
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Error(e)
    }
}

type PResult<T> = std::result::Result<T, Fail>;

/// A graph whose vertices are non-negative coordinate tuples of one length, collected as
/// packed integers (`bits` bits an axis, lexicographic order kept) in dense arrays: no
/// hashing and no allocation per vertex. Readers use it first and fall back to
/// [`GraphBuilder`] when a vertex does not fit (see [`FastCells::pack`]).
#[derive(Default)]
pub(crate) struct FastCells {
    ndim: usize,
    bits: u32,
    max: Vec<u64>,
    /// Vertices named explicitly (adjacency keys, nodes), in order of appearance.
    verts: Vec<u64>,
    /// True while `verts` is strictly increasing (then it has no duplicate).
    unsorted: bool,
    ends: Vec<(u64, u64)>,
    /// Edge weights parallel to `ends`, once a weight other than 1 was seen.
    weights: Vec<f64>,
    weighted: bool,
    /// Caps the edges collected.
    limits: Limits,
}

impl FastCells {
    /// An empty collection whose [`FastCells::edge`] holds the edge count to `limits`.
    pub(crate) fn with_limits(limits: Limits) -> FastCells {
        FastCells {
            limits,
            ..FastCells::default()
        }
    }

    /// The packed key of a coordinate, or `None` when it does not fit the fast path
    /// (empty, negative, another length than the first, too large to pack).
    #[inline]
    pub(crate) fn pack(&mut self, c: &[i64]) -> Option<u64> {
        if self.ndim == 0 {
            if c.is_empty() || c.len() > 64 {
                return None;
            }
            self.ndim = c.len();
            self.bits = 64 / c.len() as u32;
            self.max = vec![0; c.len()];
        }
        if c.len() != self.ndim {
            return None;
        }
        let mut key = 0u64;
        for (k, &x) in c.iter().enumerate() {
            let x = u64::try_from(x).ok()?;
            if self.bits < 64 {
                if x >> self.bits != 0 {
                    return None;
                }
                key = (key << self.bits) | x;
            } else {
                key = x;
            }
            if let Some(m) = self.max.get_mut(k) {
                *m = (*m).max(x);
            }
        }
        Some(key)
    }

    /// Records an explicitly named vertex.
    #[inline]
    pub(crate) fn vertex(&mut self, key: u64) {
        if self.verts.last().is_some_and(|&last| key <= last) {
            self.unsorted = true;
        }
        self.verts.push(key);
    }

    /// Records an edge; false for a self-loop (the general reader reports it),
    /// [`Error::TooLarge`] past the limits' edge cap.
    #[inline]
    pub(crate) fn edge(&mut self, a: u64, b: u64, w: f64) -> Result<bool> {
        if a == b {
            return Ok(false);
        }
        self.limits.check_edge(self.ends.len())?;
        if w != 1.0 && self.weights.is_empty() {
            self.weights.resize(self.ends.len(), 1.0);
        }
        if w != 1.0 || !self.weights.is_empty() {
            self.weights.push(w);
        }
        self.ends.push((a, b));
        Ok(true)
    }

    /// True when every edge end is a vertex named by [`FastCells::vertex`] (node-link files
    /// must name their edges' ends; adjacency lists need not).
    ///
    /// Complexity: O(V log V + E log V), no hashing.
    pub(crate) fn only_named(&self) -> bool {
        let sorted;
        let verts = if self.unsorted {
            let mut v = self.verts.clone();
            v.sort_unstable();
            sorted = v;
            &sorted
        } else {
            &self.verts
        };
        self.ends
            .iter()
            .all(|&(a, b)| verts.binary_search(&a).is_ok() && verts.binary_search(&b).is_ok())
    }

    /// Marks the graph as weighted even if every weight is 1.
    pub(crate) fn set_weighted(&mut self) {
        self.weighted = true;
    }

    #[inline]
    fn flat(&self, key: u64, strides: &[usize]) -> usize {
        if self.bits == 64 {
            return key as usize;
        }
        let mask = (1u64 << self.bits) - 1;
        let mut i = 0;
        for (k, &s) in strides.iter().enumerate() {
            let shift = self.bits * (self.ndim - 1 - k) as u32;
            i += ((key >> shift) & mask) as usize * s;
        }
        i
    }

    /// Builds the graph (the same one [`GraphBuilder::finish`] would build), or `None` when
    /// the general reader must decide: no vertex at all, or a vertex named twice.
    ///
    /// Indexing here follows a counting sort's invariants, not the file: every key in
    /// `verts` and `ends` is set in `bits`, so its rank is below `n`; `offsets` has `n + 1`
    /// entries whose last is `targets.len()`, and each vertex's fill slot stays below the
    /// next vertex's offset.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn finish(
        self,
        declared: Option<&[usize]>,
        limits: &Limits,
    ) -> Result<Option<Graph>> {
        if self.ndim == 0 {
            return Ok(None);
        }
        if self.unsorted {
            let mut v = self.verts.clone();
            v.sort_unstable();
            if v.windows(2).any(|w| w[0] == w[1]) {
                return Ok(None);
            }
        }
        let mut dims = Vec::with_capacity(self.ndim);
        for &m in &self.max {
            let d = usize::try_from(m).ok().and_then(|m| m.checked_add(1));
            let Some(d) = d else {
                return Err(Error::TooLarge {
                    cells: u64::MAX,
                    limit: limits.max_cells,
                });
            };
            dims.push(d);
        }
        if let Some(d) = declared {
            if d.len() == dims.len() && d.iter().zip(&dims).all(|(a, b)| a >= b) {
                dims = d.to_vec();
            }
        }
        let shape = Shape::with_limits(dims, limits)?;
        let strides = shape.strides().to_vec();
        let mut bits = FixedBitSet::with_capacity(shape.len());
        for &k in &self.verts {
            bits.insert(self.flat(k, &strides));
        }
        for &(a, b) in &self.ends {
            bits.insert(self.flat(a, &strides));
            bits.insert(self.flat(b, &strides));
        }
        let cells: Vec<usize> = bits.ones().collect();
        let n = cells.len();
        limits.check(n as u64)?;
        let rank = Rank::new(bits.as_slice());
        let id = |key: u64| rank.rank(self.flat(key, &strides));
        let mut offsets = vec![0usize; n + 1];
        for &(a, b) in &self.ends {
            offsets[id(a) as usize + 1] += 1;
            offsets[id(b) as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let weighted = self.weighted || !self.weights.is_empty();
        let mut targets = vec![0u32; offsets[n]];
        let mut ws = if weighted {
            vec![1.0f64; offsets[n]]
        } else {
            Vec::new()
        };
        let mut fill = offsets[..n].to_vec();
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            let (a, b) = (id(a), id(b));
            let w = self.weights.get(e).copied().unwrap_or(1.0);
            for (x, y) in [(a, b), (b, a)] {
                let slot = fill[x as usize];
                targets[slot] = y;
                if weighted {
                    ws[slot] = w;
                }
                fill[x as usize] += 1;
            }
        }
        drop(fill);
        // Sort each list and merge parallel edges (keeping the smallest weight), compacting
        // in place.
        let mut out = 0;
        let mut start = 0;
        let mut scratch: Vec<(u32, f64)> = Vec::new();
        for v in 0..n {
            let end = offsets[v + 1];
            if weighted {
                scratch.clear();
                scratch.extend(
                    targets[start..end]
                        .iter()
                        .copied()
                        .zip(ws[start..end].iter().copied()),
                );
                scratch.sort_unstable_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
                scratch.dedup_by_key(|p| p.0);
                for &(t, w) in &scratch {
                    targets[out] = t;
                    ws[out] = w;
                    out += 1;
                }
            } else {
                targets[start..end].sort_unstable();
                let mut last = None;
                for k in start..end {
                    let t = targets[k];
                    if last != Some(t) {
                        targets[out] = t;
                        out += 1;
                        last = Some(t);
                    }
                }
            }
            offsets[v + 1] = out;
            start = end;
        }
        targets.truncate(out);
        targets.shrink_to_fit();
        let weights = weighted.then(|| {
            ws.truncate(out);
            ws.shrink_to_fit();
            ws
        });
        Ok(Some(Graph::from_csr(
            Vertices::Cells { shape, cells },
            offsets,
            targets,
            weights,
        )))
    }
}

/// Where the parser puts what it reads.
enum Sink {
    Fast(FastCells),
    Slow {
        builder: GraphBuilder,
        /// `is_key[v]`: vertex `v` (builder id) was already a key.
        is_key: Vec<bool>,
    },
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    sink: Sink,
    /// The coordinates of the last tuple read.
    coords: Vec<i64>,
    max_vertices: u64,
    /// Some vertex's neighbours were an empty dict `{}`: a weighted graph's isolated vertex,
    /// unless the rest of the file says otherwise ([`Parser::unweighted`]).
    empty_dict: bool,
    /// Some neighbours came as a list, tuple, set or attribute dict without a weight.
    unweighted: bool,
}

/// A vertex as read: a tuple (its coordinates are in [`Parser::coords`]), an integer or a
/// string.
enum Parsed {
    Tuple,
    Int(i64),
    Str(String),
}

/// What a parenthesised atom turned out to be.
enum Atom {
    Int(i64),
    Str(String),
}

impl Parser<'_> {
    fn line_at(&self, pos: usize) -> usize {
        // The end of input after a final newline is on the last line, not a line past it.
        let last = match self.b.last() {
            Some(b'\n') => self.b.len() - 1,
            _ => self.b.len(),
        };
        let end = pos.min(last);
        let before = self.b.get(..end).unwrap_or_default();
        1 + before.iter().filter(|&&c| c == b'\n').count()
    }

    fn err_at(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::parse(NAME, self.line_at(pos), msg)
    }

    /// A description of what is at `pos`: `'x'` or `end of input`.
    fn found(&self, pos: usize) -> String {
        match self.text.get(pos..).and_then(|s| s.chars().next()) {
            None => "end of input".into(),
            Some('\n') => "end of line".into(),
            Some('\'') => "\"'\"".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn expected(&self, what: &str) -> Error {
        self.err_at(
            self.pos,
            format!("expected {what}, found {}", self.found(self.pos)),
        )
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Skips whitespace and `#` comments.
    #[inline]
    fn ws(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0c => self.pos += 1,
                b'#' => {
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn document(&mut self) -> PResult<()> {
        self.ws();
        if self.peek() != Some(b'{') {
            return Err(self.expected("'{' opening the adjacency dict").into());
        }
        self.pos += 1;
        loop {
            self.ws();
            if self.peek() == Some(b'}') {
                self.pos += 1;
                break;
            }
            let key_pos = self.pos;
            let key = self.label()?;
            let u = self.vertex(key)?;
            let repeated = match &mut self.sink {
                Sink::Fast(f) => {
                    f.vertex(u);
                    false
                }
                // `is_key` gets an entry with each new vertex: `u` has one.
                Sink::Slow { is_key, .. } => is_key
                    .get_mut(u as usize)
                    .is_some_and(|k| std::mem::replace(k, true)),
            };
            if repeated {
                self.pos = key_pos;
                let key = self.label()?;
                let key = self.to_label(key);
                return Err(self
                    .err_at(
                        key_pos,
                        format!(
                            "vertex {key} appears twice as a key (Python would keep only the last list)"
                        ),
                    )
                    .into());
            }
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.expected("':' after a key").into());
            }
            self.pos += 1;
            self.ws();
            self.neighbours(u)?;
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.expected("',' or '}' after a neighbour list").into()),
            }
        }
        self.ws();
        if self.pos < self.b.len() {
            return Err(self.expected("nothing after the closing '}'").into());
        }
        if self.empty_dict && !self.unweighted {
            self.set_weighted();
        }
        Ok(())
    }

    fn to_label(&self, p: Parsed) -> Label {
        match p {
            Parsed::Tuple => Label::Coord(self.coords.clone()),
            Parsed::Int(i) => Label::Int(i),
            Parsed::Str(s) => Label::Str(s),
        }
    }

    /// The vertex's handle: its packed coordinates on the fast path, its builder id
    /// otherwise (checking the vertex limit when it is new).
    #[inline]
    fn vertex(&mut self, p: Parsed) -> PResult<u64> {
        if let Sink::Fast(f) = &mut self.sink {
            return match p {
                Parsed::Tuple => f.pack(&self.coords).ok_or(Fail::Fallback),
                _ => Err(Fail::Fallback),
            };
        }
        let label = self.to_label(p);
        let Sink::Slow { builder, is_key } = &mut self.sink else {
            return Err(Fail::Fallback);
        };
        let before = builder.vertex_count();
        let v = builder.vertex(label);
        if builder.vertex_count() > before {
            let n = builder.vertex_count() as u64;
            if n > self.max_vertices {
                return Err(Error::TooLarge {
                    cells: n,
                    limit: self.max_vertices,
                }
                .into());
            }
            is_key.push(false);
        }
        Ok(u64::from(v))
    }

    fn edge(&mut self, u: u64, v: u64, w: f64, pos: usize) -> PResult<()> {
        match &mut self.sink {
            Sink::Fast(f) => {
                if f.edge(u, v, w)? {
                    Ok(())
                } else {
                    Err(Fail::Fallback)
                }
            }
            Sink::Slow { builder, .. } => {
                // Handles are builder ids (u32) on this path.
                let r = builder.edge(u as u32, v as u32, w);
                r.map_err(|e| match e {
                    Error::InvalidGraph(m) => Fail::Error(self.err_at(pos, m)),
                    other => Fail::Error(other),
                })
            }
        }
    }

    /// The neighbours of vertex `u`: a list `[a, b]`, a tuple `(a, b)`, a set `{a, b}` or
    /// `set()`, a weight dict `{a: 3, b: 2.5}`, or a dict of edge attributes
    /// `{a: {'weight': 3}, b: {}}` (networkx's `to_dict_of_dicts`).
    fn neighbours(&mut self, u: u64) -> PResult<()> {
        let close = match self.peek() {
            Some(b'[') => b']',
            Some(b'(') => b')',
            Some(b'{') => b'}',
            Some(b's') if self.b.get(self.pos..self.pos + 5) == Some(b"set()") => {
                self.pos += 5;
                return Ok(());
            }
            _ => {
                return Err(self
                    .expected("a neighbour list ('[', '(', '{' or 'set()')")
                    .into())
            }
        };
        // A `{…}` is a dict or a set, told by what follows its first element.
        let mut dict: Option<bool> = (close != b'}').then_some(false);
        self.pos += 1;
        loop {
            self.ws();
            if self.peek() == Some(close) {
                self.pos += 1;
                match dict {
                    None => self.empty_dict = true,
                    Some(false) => self.unweighted = true,
                    Some(true) => {}
                }
                return Ok(());
            }
            let at = self.pos;
            let label = self.label()?;
            let v = self.vertex(label)?;
            self.ws();
            if dict.is_none() {
                dict = Some(self.peek() == Some(b':'));
            }
            let mut w = 1.0;
            if dict == Some(true) {
                if self.peek() != Some(b':') {
                    return Err(self.expected("':' and a weight after a neighbour").into());
                }
                self.pos += 1;
                self.ws();
                w = if self.peek() == Some(b'{') {
                    match self.attributes()? {
                        Some(w) => {
                            self.set_weighted();
                            w
                        }
                        None => {
                            self.unweighted = true;
                            1.0
                        }
                    }
                } else {
                    self.set_weighted();
                    self.weight()?
                };
                self.ws();
            }
            self.edge(u, v, w, at)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    if dict == Some(false) {
                        self.unweighted = true;
                    }
                    return Ok(());
                }
                _ => {
                    return Err(self
                        .expected(match (dict, close) {
                            (Some(true), _) => "',' or '}' after a weight",
                            (_, b')') => "',' or ')' after a neighbour",
                            (_, b'}') => "',' or '}' after a neighbour",
                            _ => "',' or ']' after a neighbour",
                        })
                        .into())
                }
            }
        }
    }

    fn set_weighted(&mut self) {
        match &mut self.sink {
            Sink::Fast(f) => f.set_weighted(),
            Sink::Slow { builder, .. } => builder.set_weighted(),
        }
    }

    /// An edge's attribute dict `{'weight': 2.5, 'color': 'red'}`: its weight, if it has one.
    /// Other attributes may hold any Python literal; they are skipped.
    fn attributes(&mut self) -> Result<Option<f64>> {
        self.pos += 1;
        let mut weight = None;
        loop {
            self.ws();
            if self.peek() == Some(b'}') {
                self.pos += 1;
                return Ok(weight);
            }
            if !matches!(self.peek(), Some(b'\'' | b'"')) {
                return Err(self.expected("an attribute name (a string)"));
            }
            let key = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.expected("':' after an attribute name"));
            }
            self.pos += 1;
            self.ws();
            if key == "weight" {
                weight = Some(self.weight()?);
            } else {
                self.skip_literal(0)?;
            }
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(weight);
                }
                _ => return Err(self.expected("',' or '}' after an attribute")),
            }
        }
    }

    /// Skips one Python literal (a number, string, `True`, `False`, `None`, or a list, tuple,
    /// dict or set of them, at most 32 deep).
    fn skip_literal(&mut self, depth: usize) -> Result<()> {
        if depth >= 32 {
            return Err(self.err_at(self.pos, "an attribute value nested more than 32 deep"));
        }
        match self.peek() {
            Some(b'\'' | b'"') => self.string().map(drop),
            Some(open @ (b'[' | b'(' | b'{')) => {
                let close = match open {
                    b'[' => b']',
                    b'(' => b')',
                    _ => b'}',
                };
                self.pos += 1;
                loop {
                    self.ws();
                    match self.peek() {
                        Some(c) if c == close => {
                            self.pos += 1;
                            return Ok(());
                        }
                        Some(b',' | b':') => self.pos += 1,
                        None => return Err(self.expected("the end of an attribute value")),
                        _ => self.skip_literal(depth + 1)?,
                    }
                }
            }
            Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.') => {
                let start = self.pos;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.' | b'_'))
                {
                    self.pos += 1;
                }
                let word = &self.text[start..self.pos];
                let number = word
                    .bytes()
                    .next()
                    .is_some_and(|c| !c.is_ascii_alphabetic());
                if number || matches!(word, "True" | "False" | "None" | "inf" | "nan") {
                    Ok(())
                } else {
                    Err(self.err_at(start, format!("'{word}' is not a Python literal")))
                }
            }
            _ => Err(self.expected("an attribute value")),
        }
    }

    /// A weight: a positive decimal number, integer (`3`) or not (`2.5`, `1e-3`).
    fn weight(&mut self) -> Result<f64> {
        let at = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.' | b'_'))
        {
            self.pos += 1;
        }
        let token = &self.text[at..self.pos];
        if token.is_empty() {
            return Err(self.expected("a weight (a positive number)"));
        }
        let w: f64 = token
            .replace('_', "")
            .parse()
            .map_err(|_| self.err_at(at, format!("weight '{token}' is not a number")))?;
        if w.is_finite() && w > 0.0 {
            Ok(w)
        } else {
            Err(self.err_at(at, format!("weight {token} is not a positive number")))
        }
    }

    /// A vertex: tuple, integer or string.
    fn label(&mut self) -> Result<Parsed> {
        match self.peek() {
            Some(b'(') => self.paren(),
            Some(b'\'' | b'"') => Ok(Parsed::Str(self.string()?)),
            Some(b'0'..=b'9' | b'-' | b'+') => Ok(Parsed::Int(self.int()?)),
            _ => Err(self.expected("a vertex (a tuple, an integer or a string)")),
        }
    }

    /// After `(`: a tuple of integers (left in `self.coords`), or a parenthesised integer or
    /// string.
    fn paren(&mut self) -> Result<Parsed> {
        let open = self.pos;
        self.pos += 1;
        self.ws();
        let first = match self.peek() {
            Some(b')') => return Err(self.err_at(open, "the empty tuple () is not a vertex")),
            Some(b'(') => {
                return Err(self.err_at(self.pos, "nested tuples are not vertices"));
            }
            Some(b'\'' | b'"') => Atom::Str(self.string()?),
            Some(b'0'..=b'9' | b'-' | b'+') => Atom::Int(self.int()?),
            _ => return Err(self.expected("an integer in a tuple")),
        };
        self.ws();
        match self.peek() {
            Some(b')') => {
                // `(5)` is 5 in Python, not a tuple.
                self.pos += 1;
                return Ok(match first {
                    Atom::Int(i) => Parsed::Int(i),
                    Atom::Str(s) => Parsed::Str(s),
                });
            }
            Some(b',') => self.pos += 1,
            _ => return Err(self.expected("',' or ')' after tuple element")),
        }
        let Atom::Int(first) = first else {
            return Err(self.err_at(open, "tuple elements must be integers, found a string"));
        };
        self.coords.clear();
        self.coords.push(first);
        loop {
            self.ws();
            match self.peek() {
                Some(b')') => {
                    self.pos += 1;
                    return Ok(Parsed::Tuple);
                }
                Some(b'0'..=b'9' | b'-' | b'+') => {
                    let x = self.int()?;
                    self.coords.push(x);
                }
                Some(b'(') => {
                    return Err(self.err_at(self.pos, "nested tuples are not vertices"));
                }
                Some(b'\'' | b'"') => {
                    return Err(
                        self.err_at(self.pos, "tuple elements must be integers, found a string")
                    );
                }
                _ => return Err(self.expected("an integer or ')' in a tuple")),
            }
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    return Ok(Parsed::Tuple);
                }
                _ => return Err(self.expected("',' or ')' after tuple element")),
            }
        }
    }

    /// A decimal integer with optional sign and `_` separators, as Python writes them.
    fn int(&mut self) -> Result<i64> {
        let start = self.pos;
        let negative = match self.peek() {
            Some(b'-') => {
                self.pos += 1;
                true
            }
            Some(b'+') => {
                self.pos += 1;
                false
            }
            _ => false,
        };
        let digits_start = self.pos;
        let mut value: u64 = 0;
        let mut overflow = false;
        let mut last_underscore = false;
        while let Some(c) = self.peek() {
            match c {
                b'0'..=b'9' => {
                    match value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(u64::from(c - b'0')))
                    {
                        Some(v) => value = v,
                        None => overflow = true,
                    }
                    last_underscore = false;
                }
                b'_' if self.pos > digits_start && !last_underscore => last_underscore = true,
                _ => break,
            }
            self.pos += 1;
        }
        let digits = &self.text[digits_start..self.pos];
        let bad_tail =
            matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'.' || c == b'_');
        if digits.is_empty() || last_underscore || bad_tail {
            let mut end = self.pos;
            while matches!(self.b.get(end), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'+' | b'-'))
            {
                end += 1;
            }
            let token = &self.text[start..end.max(start + 1).min(self.b.len())];
            return Err(self.err_at(
                start,
                if digits.is_empty() {
                    format!(
                        "expected digits after the sign, found {}",
                        self.found(self.pos)
                    )
                } else {
                    format!("only decimal integers are allowed, found '{token}'")
                },
            ));
        }
        if digits.len() > 1
            && digits.starts_with('0')
            && digits.bytes().any(|c| c != b'0' && c != b'_')
        {
            return Err(self.err_at(
                start,
                format!("leading zeros are not allowed in Python integers ('{digits}')"),
            ));
        }
        let v = if negative {
            0i64.checked_sub_unsigned(value)
        } else {
            i64::try_from(value).ok()
        };
        match v {
            Some(v) if !overflow => Ok(v),
            _ => Err(self.err_at(
                start,
                format!(
                    "integer {} does not fit in 64 bits",
                    &self.text[start..self.pos]
                ),
            )),
        }
    }

    /// A string literal in single or double quotes, with Python escapes.
    fn string(&mut self) -> Result<String> {
        let open = self.pos;
        let Some(quote) = self.peek() else {
            return Err(self.expected("a string"));
        };
        self.pos += 1;
        let mut s = String::new();
        let mut run = self.pos;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err_at(open, "unterminated string"));
            };
            match c {
                _ if c == quote => {
                    s.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    return Ok(s);
                }
                b'\n' => return Err(self.err_at(open, "unterminated string")),
                b'\\' => {
                    s.push_str(&self.text[run..self.pos]);
                    self.escape(&mut s)?;
                    run = self.pos;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// After a backslash at `self.pos`: pushes the escaped character.
    fn escape(&mut self, s: &mut String) -> Result<()> {
        let at = self.pos;
        self.pos += 1;
        let Some(c) = self.peek() else {
            return Err(self.err_at(at, "unterminated string"));
        };
        self.pos += 1;
        let simple = match c {
            b'\\' => Some('\\'),
            b'\'' => Some('\''),
            b'"' => Some('"'),
            b'a' => Some('\x07'),
            b'b' => Some('\x08'),
            b'f' => Some('\x0c'),
            b'n' => Some('\n'),
            b'r' => Some('\r'),
            b't' => Some('\t'),
            b'v' => Some('\x0b'),
            _ => None,
        };
        if let Some(ch) = simple {
            s.push(ch);
            return Ok(());
        }
        let code = match c {
            b'\n' => return Ok(()), // line continuation
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                v
            }
            b'x' | b'u' | b'U' => {
                let n = match c {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let hex = self.text.get(self.pos..self.pos + n).unwrap_or("");
                let v = (hex.len() == n && hex.bytes().all(|d| d.is_ascii_hexdigit()))
                    .then(|| u32::from_str_radix(hex, 16).ok())
                    .flatten()
                    .ok_or_else(|| {
                        self.err_at(at, format!("escape \\{} needs {n} hex digits", c as char))
                    })?;
                self.pos += n;
                v
            }
            _ => {
                let ch = self.text[at + 1..].chars().next().unwrap_or('?');
                return Err(self.err_at(at, format!("unsupported escape '\\{ch}' in string")));
            }
        };
        let ch = char::from_u32(code).ok_or_else(|| {
            self.err_at(
                at,
                format!("escape gives U+{code:04X}, which is not a character"),
            )
        })?;
        s.push(ch);
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::maze::Maze;

    const SEED: &str = "{(0, 4): [(1, 4)], (1, 0): [(1, 1)], (1, 1): [(1, 0), (1, 2)], (1, 2): [(1, 1), (1, 3)], (1, 3): [(1, 2), (1, 4)], (1, 4): [(0, 4), (1, 3), (1, 5)], (1, 5): [(1, 4), (1, 6)], (1, 6): [(1, 5), (1, 7)], (1, 7): [(1, 6), (1, 8)], (1, 8): [(1, 7), (1, 9)], (1, 9): [(1, 8)]}";

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
    fn seed_example_round_trips_byte_for_byte() {
        let g = p(SEED).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (11, 10));
        assert_eq!(w(&g), format!("{SEED}\n"));
        let m = Maze::from_text_rows(&["####.#####", ".........."]).unwrap();
        assert_eq!(w(&Graph::from_maze(&m)), format!("{SEED}\n"));
    }

    #[test]
    fn itoa_matches_std() {
        for n in [0u64, 1, 9, 10, 99, 100, 12345, u64::MAX] {
            let mut b = Vec::new();
            push_u64(&mut b, n);
            assert_eq!(String::from_utf8(b).unwrap(), n.to_string());
        }
        for n in [0i64, -1, -10, i64::MIN, i64::MAX] {
            let mut b = Vec::new();
            push_i64(&mut b, n);
            assert_eq!(String::from_utf8(b).unwrap(), n.to_string());
        }
    }

    #[test]
    fn empty_isolated_one_axis_and_names() {
        assert_eq!(w(&p("{}").unwrap()), "{}\n");
        assert_eq!(w(&p(" {\n} \n").unwrap()), "{}\n");
        let g = p("{(3, 3): [], (0, 0): [(0, 1)]}").unwrap();
        assert_eq!(w(&g), "{(0, 0): [(0, 1)], (0, 1): [(0, 0)], (3, 3): []}\n");
        let g = p("{(5,): [(6,)]}").unwrap();
        assert_eq!(g.shape().unwrap().dims(), &[7]);
        assert_eq!(w(&g), "{(5,): [(6,)], (6,): [(5,)]}\n");
        let g = p("{'a': [\"b\", 3], (-1, 2): [3]}").unwrap();
        assert!(matches!(g.vertices(), Vertices::Names(_)));
        assert_eq!(
            w(&g),
            "{(-1, 2): [3], 3: [(-1, 2), 'a'], 'a': [3, 'b'], 'b': ['a']}\n"
        );
    }

    #[test]
    fn python_syntax_variants() {
        let g =
            p("# a comment\n{\n  (0,0) : [ (0,1) , ] , # trailing\n  (0, +1): [],\n}\n").unwrap();
        assert_eq!(w(&g), "{(0, 0): [(0, 1)], (0, 1): [(0, 0)]}\n");
        // `(5)` is the integer 5, as in Python.
        let g = p("{(5): [1_000]}").unwrap();
        assert_eq!(w(&g), "{5: [1000], 1000: [5]}\n");
        let g = p(r#"{'a\'b\\c': ["\x41\u00e9\U0001F600\n\t\101"]}"#).unwrap();
        let labels: Vec<Label> = (0..2).map(|v| g.label(v)).collect();
        assert_eq!(
            labels,
            vec![
                Label::Str("A\u{e9}\u{1F600}\n\tA".into()),
                Label::Str("a'b\\c".into())
            ]
        );
        assert_eq!(
            w(&g),
            "{'A\u{e9}\u{1F600}\\n\\tA': ['a\\'b\\\\c'], 'a\\'b\\\\c': ['A\u{e9}\u{1F600}\\n\\tA']}\n"
        );
    }

    #[test]
    fn one_sided_edges_and_neighbour_only_vertices() {
        let g = p("{(0, 0): [(0, 1), (1, 0)]}").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
        assert_eq!(
            w(&g),
            "{(0, 0): [(0, 1), (1, 0)], (0, 1): [(0, 0)], (1, 0): [(0, 0)]}\n"
        );
    }

    #[test]
    fn weighted_dicts() {
        let text = "{(0, 4): {(1, 4): 3}, (1, 4): {(0, 4): 3, (1, 9): 5}, (1, 9): {(1, 4): 5}}\n";
        let g = p(text).unwrap();
        assert!(g.is_weighted());
        assert_eq!(g.total_weight(), 8.0);
        assert_eq!(w(&g), text);
        // All weights 1 still reads as weighted, and lists mix with dicts.
        let g = p("{1: {2: 1}, 3: []}").unwrap();
        assert!(g.is_weighted());
        assert_eq!(w(&g), "{1: {2: 1}, 2: {1: 1}, 3: {}}\n");
        let g = p("{1: {2: 4}, 2: [3]}").unwrap();
        assert_eq!(w(&g), "{1: {2: 4}, 2: {1: 4, 3: 1}, 3: {2: 1}}\n");
    }

    #[test]
    fn networkx_shapes_of_neighbours_read() {
        // Sets (and `set()`), tuples (a 1-tuple needs its comma), dicts of attribute dicts
        // with or without a weight, real weights.
        let plain = "{1: [2, 3], 2: [1], 3: [1]}\n";
        for text in [
            "{1: {2, 3}, 2: {1}, 3: set()}",
            "{1: (2, 3), 2: (1,), 3: ()}",
            "{1: {2: {}, 3: {'color': 'red', 'pos': (1.5, -2e3), 'ok': True}}, 2: {}, 3: {}}",
        ] {
            let g = p(text).unwrap();
            assert!(!g.is_weighted(), "{text}");
            assert_eq!(w(&g), plain, "{text}");
        }
        let g = p("{'a': {'b': {'weight': 2.5, 'label': 'x'}, 'c': {'weight': 1}}}").unwrap();
        assert!(g.is_weighted() && !g.has_integer_weights());
        assert_eq!(
            w(&g),
            "{'a': {'b': 2.5, 'c': 1}, 'b': {'a': 2.5}, 'c': {'a': 1}}\n"
        );
        assert_eq!(p(&w(&g)).unwrap(), g);
        let g = p("{1: {2: 1e-3}}").unwrap();
        assert_eq!(g.total_weight(), 0.001);
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        assert_eq!(
            err("{(0, 4): [(1, 4]}"),
            "line 1: expected ',' or ')' after tuple element, found ']'"
        );
        assert_eq!(
            err("{(0, 4): [(1, 4)],\n (1, 4): [(1.5, 2)]}"),
            "line 2: only decimal integers are allowed, found '1.5'"
        );
        assert_eq!(
            err("{(0, 4): [(1, 4)]"),
            "line 1: expected ',' or '}' after a neighbour list, found end of input"
        );
        assert_eq!(
            err("{\n(0, 4): [(1, 4)]}}"),
            "line 2: expected nothing after the closing '}', found '}'"
        );
        assert_eq!(
            err("[]"),
            "line 1: expected '{' opening the adjacency dict, found '['"
        );
        assert_eq!(
            err(""),
            "line 1: expected '{' opening the adjacency dict, found end of input"
        );
        assert_eq!(
            err("{(0, (1, 2)): []}"),
            "line 1: nested tuples are not vertices"
        );
        assert_eq!(
            err("{(): []}"),
            "line 1: the empty tuple () is not a vertex"
        );
        assert_eq!(
            err("{(0, 'a'): []}"),
            "line 1: tuple elements must be integers, found a string"
        );
        assert_eq!(
            err("{(1, 2): [],\n\n (1, 2): [(1, 3)]}"),
            "line 3: vertex (1, 2) appears twice as a key (Python would keep only the last list)"
        );
        assert_eq!(
            err("{\n(1, 2): [(1, 2)]}"),
            "line 2: self-loop on vertex (1, 2) (a maze cannot link a cell to itself)"
        );
        assert_eq!(
            err("{1: {2: 0}}"),
            "line 1: weight 0 is not a positive number"
        );
        assert_eq!(
            err("{1: {2: -3}}"),
            "line 1: weight -3 is not a positive number"
        );
        assert_eq!(
            err("{1: {2: 1, 3}}"),
            "line 1: expected ':' and a weight after a neighbour, found '}'"
        );
        assert_eq!(
            err("{1: {2, 3: 1}}"),
            "line 1: expected ',' or '}' after a neighbour, found ':'"
        );
        assert_eq!(
            err("{1: {2: {'weight': 'heavy'}}}"),
            "line 1: expected a weight (a positive number), found \"'\""
        );
        assert_eq!(
            err("{1: {2: {'color': [1, (2, {3: nope})]}}}"),
            "line 1: 'nope' is not a Python literal"
        );
        assert_eq!(
            err("{1: [2: 3]}"),
            "line 1: expected ',' or ']' after a neighbour, found ':'"
        );
        assert_eq!(
            err("{1: <2>}"),
            "line 1: expected a neighbour list ('[', '(', '{' or 'set()'), found '<'"
        );
        assert_eq!(
            err("{1: [None]}"),
            "line 1: expected a vertex (a tuple, an integer or a string), found 'N'"
        );
        assert_eq!(
            err("{99999999999999999999: []}"),
            "line 1: integer 99999999999999999999 does not fit in 64 bits"
        );
        assert_eq!(
            err("{-9223372036854775808: [9223372036854775808]}"),
            "line 1: integer 9223372036854775808 does not fit in 64 bits"
        );
        assert_eq!(
            err("{0x10: []}"),
            "line 1: only decimal integers are allowed, found '0x10'"
        );
        assert_eq!(
            err("{012: []}"),
            "line 1: leading zeros are not allowed in Python integers ('012')"
        );
        assert_eq!(
            err("{1_: []}"),
            "line 1: only decimal integers are allowed, found '1_'"
        );
        assert_eq!(
            err("{-: []}"),
            "line 1: expected digits after the sign, found ':'"
        );
        assert_eq!(err("{'ab: []}"), "line 1: unterminated string");
        assert_eq!(err("{'a\nb': []}"), "line 1: unterminated string");
        assert_eq!(
            err("{'\\q': []}"),
            "line 1: unsupported escape '\\q' in string"
        );
        assert_eq!(err("{'\\x4': []}"), "line 1: escape \\x needs 2 hex digits");
        assert_eq!(
            err("{'\\ud800': []}"),
            "line 1: escape gives U+D800, which is not a character"
        );
        assert_eq!(
            err("{1 [2]}"),
            "line 1: expected ':' after a key, found '['"
        );
        assert_eq!(
            err("{1: [2,, 3]}"),
            "line 1: expected a vertex (a tuple, an integer or a string), found ','"
        );
    }

    /// Both readings of `text`: the fast one (`None` when it falls back) and the general one.
    fn both(text: &str) -> (Option<Graph>, Graph) {
        let o = ReadOptions::default();
        let fast = match parse_with(text, &o, true) {
            Ok(g) => Some(g),
            Err(Fail::Fallback) => None,
            Err(Fail::Error(e)) => panic!("fast path failed on {text}: {e}"),
        };
        let slow = match parse_with(text, &o, false) {
            Ok(g) => g,
            Err(Fail::Error(e)) => panic!("general path failed on {text}: {e}"),
            Err(Fail::Fallback) => panic!("general path fell back"),
        };
        (fast, slow)
    }

    #[test]
    fn fast_path_builds_what_the_builder_builds() {
        // Cases the fast path must take, including one-sided and repeated edges, weights,
        // unsorted keys, neighbour-only vertices, 1-D and 5-D tuples.
        for text in [
            SEED,
            "{(2, 0): [(0, 0), (0, 0)], (0, 0): [(2, 0)], (1, 1): []}",
            "{(0, 0): {(0, 1): 5}, (0, 1): {(0, 0): 3, (0, 2): 1}}",
            "{(0, 0): {(0, 1): 1}}",
            "{(0, 0): [(0, 1)], (0, 1): {(0, 0): 1, (0, 2): 4}}",
            "{(7,): [(3,), (9,)], (3,): [(7,)]}",
            "{(0, 1, 2, 3, 4): [(4, 3, 2, 1, 0)]}",
        ] {
            let (fast, slow) = both(text);
            assert_eq!(fast.as_ref(), Some(&slow), "{text}");
        }
        // Too large a grid is refused on both paths.
        let huge = "{(9223372036854775807,): [(0,)]}";
        let o = ReadOptions::default();
        assert!(matches!(
            parse_with(huge, &o, true),
            Err(Fail::Error(Error::TooLarge { .. }))
        ));
        assert!(matches!(
            parse_with(huge, &o, false),
            Err(Fail::Error(Error::TooLarge { .. }))
        ));
        // Cases that must fall back (and then read as before).
        for text in [
            "{}",
            "{1: [2]}",
            "{(0, 0): [(0, 0, 1)]}",
            "{(0, 0): [(-1, 0)]}",
            "{(0, 0, 0): [(2097152, 0, 0)]}",
            "{(0, 1): [], (0, 0): [], (0, 1): []}",
        ] {
            assert!(
                matches!(parse_with(text, &o, true), Err(Fail::Fallback)),
                "{text}"
            );
        }
        // Random coordinate graphs in random order, one-sided edges, repeats and weights.
        let mut x: u64 = 0x2545f4914f6cdd1d;
        let mut rnd = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for case in 0..300 {
            let ndim = 1 + rnd(4) as usize;
            let weighted = case % 3 == 0;
            let coord = |rnd: &mut dyn FnMut(u64) -> u64| {
                let c: Vec<String> = (0..ndim).map(|_| rnd(5).to_string()).collect();
                format!("({},)", c.join(", "))
            };
            let mut keys: Vec<String> = (0..1 + rnd(12)).map(|_| coord(&mut rnd)).collect();
            keys.sort();
            keys.dedup();
            // Shuffle.
            for i in (1..keys.len()).rev() {
                keys.swap(i, rnd(i as u64 + 1) as usize);
            }
            let rows: Vec<String> = keys
                .iter()
                .map(|k| {
                    let mut ns = Vec::new();
                    for _ in 0..rnd(5) {
                        let n = coord(&mut rnd);
                        if &n != k {
                            ns.push(if weighted {
                                format!("{n}: {}", 1 + rnd(3))
                            } else {
                                n
                            });
                        }
                    }
                    let (o, c) = if weighted { ('{', '}') } else { ('[', ']') };
                    format!("{k}: {o}{}{c}", ns.join(", "))
                })
                .collect();
            let text = format!("{{{}}}", rows.join(", "));
            let (fast, slow) = both(&text);
            assert_eq!(fast.as_ref(), Some(&slow), "{text}");
        }
    }

    #[test]
    fn limits_and_hostile_input() {
        // Edges are capped as read, on both paths (an edge listed at both ends counts
        // twice), before the graph is built.
        let o4 = ReadOptions {
            limits: crate::grid::Limits::cells(4),
            ..Default::default()
        };
        let cells = "{(0, 0): [(0, 1), (1, 0)], (0, 1): [(0, 0), (1, 1)], (1, 0): [(0, 0)]}";
        let e = parse(cells, &o4).unwrap_err();
        assert!(matches!(e, Error::TooLarge { cells: 5, limit: 4 }), "{e}");
        let names = "{'a': ['b', 'c'], 'b': ['a', 'c'], 'c': ['a']}";
        let e = parse(names, &o4).unwrap_err();
        assert!(matches!(e, Error::TooLarge { cells: 5, limit: 4 }), "{e}");
        assert!(e.to_string().contains("raise it with --max-cells"), "{e}");
        assert_eq!(
            parse("{'a': ['b', 'c'], 'b': ['c']}", &o4)
                .unwrap()
                .edge_count(),
            3
        );

        let o = ReadOptions {
            limits: crate::grid::Limits::cells(3),
            ..Default::default()
        };
        let e = parse("{1: [2, 3, 4]}", &o).unwrap_err();
        assert!(matches!(e, Error::TooLarge { cells: 4, limit: 3 }), "{e}");
        // Deep brackets are refused at once, never recursed into.
        let deep = format!("{{1: [{}]}}", "(".repeat(100_000));
        assert_eq!(err(&deep), "line 1: nested tuples are not vertices");
        let deep = "[".repeat(100_000);
        assert!(err(&deep).contains("expected '{'"));
        // Non-ASCII garbage is reported, not sliced mid-character.
        assert_eq!(
            err("{é: []}"),
            "line 1: expected a vertex (a tuple, an integer or a string), found 'é'"
        );
        assert_eq!(
            err("{1: [2]}\u{a0}"),
            "line 1: expected nothing after the closing '}', found '\u{a0}'"
        );
    }
}
