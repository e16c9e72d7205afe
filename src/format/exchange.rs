//! What the exchange formats (GraphML, GML, edge lists) share: vertex labels read from and
//! written as text, and a [`Collector`] that builds the graph and says what reading it changed
//! (directed edges read as undirected, parallel edges merged), for [`super::Format::read_noted`].
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::error::{Error, Result};
use crate::graph::{Graph, GraphBuilder, Label};
use crate::grid::Limits;

/// The label a text names, as networkx and igraph write labels: a decimal integer (`7`,
/// `-3`) is an integer; a coordinate tuple, parenthesised or not (`(0, 0)`, `(0,0)`, `0,0`,
/// `(5,)`, `5,`), is a coordinate; anything else is the string itself.
///
/// ```text
/// "12" -> Int(12)   "(1, 4)" -> Coord([1, 4])   "1,4" -> Coord([1, 4])   "n0" -> Str("n0")
/// ```
pub(crate) fn label_of(s: &str) -> Label {
    if let Some(i) = int_of(s) {
        return Label::Int(i);
    }
    match coord_of(s) {
        Some(c) => Label::Coord(c),
        None => Label::Str(s.to_string()),
    }
}

/// A decimal integer with an optional `-`, nothing else (no spaces, no `+`), within `i64`.
pub(crate) fn int_of(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A coordinate tuple: `(a, b, …)` or `a,b,…` (spaces around numbers allowed), with at least
/// one comma (`(5,)` and `5,` are 1-tuples; `(5)` is not a tuple, as in Python).
pub(crate) fn coord_of(s: &str) -> Option<Vec<i64>> {
    let t = s.trim();
    let inner = match t.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')')?,
        None => t,
    };
    if !inner.contains(',') {
        return None;
    }
    let inner = inner.trim_end();
    let inner = inner.strip_suffix(',').unwrap_or(inner);
    let mut c = Vec::new();
    for part in inner.split(',') {
        c.push(int_of(part.trim())?);
    }
    Some(c)
}

/// How coordinates are written as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoordStyle {
    /// Python's `str` of a tuple: `(0, 1)`, `(5,)`.
    Python,
    /// networkx's GML stringizer: `(0,1)`, `(5,)`.
    Compact,
    /// Bare numbers: `0,1`, `5,` (no spaces: one token of an edge list).
    Bare,
}

/// Writes coordinates in `style`.
pub(crate) fn coord_text(c: &[i64], style: CoordStyle) -> String {
    let sep = if style == CoordStyle::Python {
        ", "
    } else {
        ","
    };
    let mut s = String::new();
    if style != CoordStyle::Bare {
        s.push('(');
    }
    for (k, x) in c.iter().enumerate() {
        if k > 0 {
            s.push_str(sep);
        }
        s.push_str(&x.to_string());
    }
    if c.len() == 1 {
        s.push(',');
    }
    if style != CoordStyle::Bare {
        s.push(')');
    }
    s
}

/// A label as text that [`label_of`] reads back as the same label; a string that would read
/// back as something else (`"12"`, `"(1, 2)"`) is refused, naming the format (`what`).
pub(crate) fn label_text(label: &Label, style: CoordStyle, what: &str) -> Result<String> {
    match label {
        Label::Coord(c) => Ok(coord_text(c, style)),
        Label::Int(i) => Ok(i.to_string()),
        Label::Str(s) => {
            if label_of(s) != *label {
                return Err(Error::Unsupported(format!(
                    "{what} cannot hold the string vertex {label}: it would read back as {}; write graph.json or adj",
                    label_of(s)
                )));
            }
            Ok(s.clone())
        }
    }
}

/// Builds a graph from a reader's vertices and edges, within the limits, counting what it
/// changes: edges given as directed, and edges that repeat another.
pub(crate) struct Collector {
    builder: GraphBuilder,
    limits: Limits,
    /// The edges given as directed, as (from, to).
    directed: Vec<(u32, u32)>,
    /// Some edge carried a weight (the graph is weighted even if every weight is 1).
    weighted: bool,
}

impl Collector {
    pub(crate) fn new(limits: Limits) -> Collector {
        Collector {
            builder: GraphBuilder::with_limits(limits),
            limits,
            directed: Vec::new(),
            weighted: false,
        }
    }

    /// The vertex with this label, added when new; `(id, true)` when it was new. The vertex
    /// count is held to the limits.
    pub(crate) fn vertex(&mut self, label: Label) -> Result<(u32, bool)> {
        let before = self.builder.vertex_count();
        let v = self.builder.vertex(label);
        let new = self.builder.vertex_count() > before;
        if new {
            self.limits.check(self.builder.vertex_count() as u64)?;
        }
        Ok((v, new))
    }

    /// Adds the edge `a -- b` (`a -> b` when `directed`); `weight` is `None` for an edge
    /// without one (weight 1). Errors are the builder's (self-loops, bad weights, the cap).
    pub(crate) fn edge(
        &mut self,
        a: u32,
        b: u32,
        weight: Option<f64>,
        directed: bool,
    ) -> Result<()> {
        if weight.is_some() {
            self.weighted = true;
        }
        self.builder.edge(a, b, weight.unwrap_or(1.0))?;
        if directed {
            self.directed.push((a, b));
        }
        Ok(())
    }

    /// Marks the graph as weighted even without any edge (the file declares weights).
    pub(crate) fn set_weighted(&mut self) {
        self.weighted = true;
    }

    /// Declares the grid shape (see [`GraphBuilder::set_shape`]).
    pub(crate) fn set_shape(&mut self, dims: Vec<usize>) {
        self.builder.set_shape(dims);
    }

    /// Builds the graph with these terminals (vertices of this collector), and the notes: what
    /// reading changed.
    pub(crate) fn finish(
        mut self,
        start: Option<Label>,
        goal: Option<Label>,
    ) -> Result<(Graph, Vec<String>)> {
        if self.weighted {
            self.builder.set_weighted();
        }
        self.builder.set_terminals(start, goal);
        let mut notes = Vec::new();
        let mut pairs = 0;
        if !self.directed.is_empty() {
            let given = self.directed.len();
            let mut d = std::mem::take(&mut self.directed);
            d.sort_unstable();
            d.dedup();
            let two_way = d
                .iter()
                .filter(|&&(a, b)| d.binary_search(&(b, a)).is_ok())
                .count();
            let one_way = d.len() - two_way;
            pairs = two_way / 2;
            notes.push(format!(
                "the graph is directed: {} read as undirected ({} made two-way, {} merged into one each, the lighter kept)",
                plural(given, "edge is", "edges are"),
                plural(one_way, "one-way edge", "one-way edges"),
                plural(pairs, "pair of opposite edges", "pairs of opposite edges"),
            ));
        }
        let (g, merged) = self.builder.finish_counted(&self.limits)?;
        let parallel = merged.saturating_sub(pairs);
        if parallel > 0 {
            notes.push(parallel_note(parallel));
        }
        Ok((g, notes))
    }
}

/// The note for `n` parallel edges merged into the ones they repeat (the lighter kept).
pub(crate) fn parallel_note(n: usize) -> String {
    format!(
        "{} merged into the edge {} (the lighter kept)",
        plural(n, "parallel edge", "parallel edges"),
        if n == 1 { "it repeats" } else { "they repeat" }
    )
}

/// `n` and the noun, singular or plural: `1 edge`, `3 edges`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The 1-based line of byte offset `pos` in `text`.
pub(crate) fn line_at(text: &str, pos: usize) -> usize {
    let end = pos.min(text.len());
    1 + text
        .as_bytes()
        .get(..end)
        .map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count())
}

/// Parses a grid shape written `6,8` or `(6, 8)`: positive integers.
pub(crate) fn shape_of(s: &str) -> Option<Vec<usize>> {
    let c = coord_of(s).or_else(|| int_of(s.trim()).map(|i| vec![i]))?;
    c.into_iter()
        .map(|x| usize::try_from(x).ok().filter(|&x| x > 0))
        .collect()
}

/// A positive weight from text (`3`, `2.5`, `1e-3`), or what is wrong with it.
pub(crate) fn weight_of(s: &str) -> std::result::Result<f64, String> {
    let t = s.trim();
    match t.parse::<f64>() {
        Ok(w) if w.is_finite() && w > 0.0 => Ok(w),
        Ok(_) => Err(format!("edge weight {t} is not a positive number")),
        Err(_) => Err(format!("edge weight {t:?} is not a number")),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::format::{edges, gml, graphml, ReadOptions};

    /// The three exchange formats' writers and readers, by name.
    type Write = fn(&Graph, &mut dyn std::io::Write) -> Result<()>;
    type Read = fn(&str, &ReadOptions) -> Result<(Graph, Vec<String>)>;
    const FORMATS: [(&str, Write, Read); 3] = [
        ("edges", edges::write, edges::parse_noted),
        ("gml", gml::write, gml::parse_noted),
        ("graphml", graphml::write, graphml::parse_noted),
    ];

    #[test]
    fn a_maze_round_trips_with_terminals_and_shape_in_each_format() {
        let m = crate::Maze::from_text_rows(&["#S###", "#...#", "###.G", "#####"]).unwrap();
        let g = Graph::from_maze(&m);
        for (name, write, read) in FORMATS {
            let mut out = Vec::new();
            write(&g, &mut out).unwrap();
            let text = std::str::from_utf8(&out).unwrap();
            let (back, notes) = read(text, &ReadOptions::default()).unwrap();
            assert_eq!(back, g, "{name}");
            assert_eq!(back.shape().unwrap().dims(), &[4, 5], "{name}");
            assert!(notes.is_empty(), "{name}: {notes:?}");
        }
    }

    #[test]
    fn labels_read_as_networkx_and_igraph_write_them() {
        assert_eq!(label_of("12"), Label::Int(12));
        assert_eq!(label_of("-3"), Label::Int(-3));
        assert_eq!(label_of("(0, 0)"), Label::Coord(vec![0, 0]));
        assert_eq!(label_of("(0,1)"), Label::Coord(vec![0, 1]));
        assert_eq!(label_of("5,7"), Label::Coord(vec![5, 7]));
        assert_eq!(label_of("(5,)"), Label::Coord(vec![5]));
        assert_eq!(label_of("5,"), Label::Coord(vec![5]));
        for s in [
            "(5)",
            "n0",
            "+5",
            " 5",
            "1.5",
            "(1, a)",
            "",
            ",",
            "()",
            "99999999999999999999",
        ] {
            assert_eq!(label_of(s), Label::Str(s.into()), "{s:?}");
        }
    }

    #[test]
    fn label_text_round_trips_or_refuses() {
        for (l, style) in [
            (Label::Coord(vec![1, -4]), CoordStyle::Python),
            (Label::Coord(vec![3]), CoordStyle::Compact),
            (Label::Coord(vec![3, 4, 5]), CoordStyle::Bare),
            (Label::Int(-7), CoordStyle::Bare),
            (Label::Str("Valjean".into()), CoordStyle::Bare),
        ] {
            assert_eq!(label_of(&label_text(&l, style, "x").unwrap()), l);
        }
        let e = label_text(&Label::Str("12".into()), CoordStyle::Bare, "gml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "gml cannot hold the string vertex '12': it would read back as 12; write graph.json or adj"
        );
    }

    #[test]
    fn notes_count_one_way_opposite_and_parallel_edges() {
        let mut c = Collector::new(Limits::default());
        let v: Vec<u32> = (0..4).map(|i| c.vertex(Label::Int(i)).unwrap().0).collect();
        // 0->1 and 1->0 (a pair), 1->2 twice (parallel), 2->3 (one way).
        for (a, b) in [(0, 1), (1, 0), (1, 2), (1, 2), (2, 3)] {
            c.edge(v[a], v[b], None, true).unwrap();
        }
        let (g, notes) = c.finish(None, None).unwrap();
        assert_eq!(g.edge_count(), 3);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(
            notes[0],
            "the graph is directed: 5 edges are read as undirected (2 one-way edges made two-way, 1 pair of opposite edges merged into one each, the lighter kept)"
        );
        assert_eq!(
            notes[1],
            "1 parallel edge merged into the edge it repeats (the lighter kept)"
        );
    }

    #[test]
    fn shapes_and_weights() {
        assert_eq!(shape_of("6,8"), Some(vec![6, 8]));
        assert_eq!(shape_of("(6, 8)"), Some(vec![6, 8]));
        assert_eq!(shape_of("0,8"), None);
        assert_eq!(weight_of(" 2.5 "), Ok(2.5));
        assert!(weight_of("-1").is_err() && weight_of("x").is_err() && weight_of("inf").is_err());
        assert_eq!(line_at("a\nb\nc", 2), 2);
        assert_eq!(line_at("a\nb\nc", 99), 3);
    }
}
