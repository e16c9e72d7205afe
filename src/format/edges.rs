//! Edge lists (`.edges`, `.edgelist`, `.el`): one edge a line, as networkx's
//! `write_edgelist` / `read_edgelist` and igraph's `write_edgelist` / `Read_Ncol` use them.
//!
//! ```text
//! # shape: 3,3
//! # start: 0,1
//! # goal: 1,2
//! 0,1 1,1
//! 1,1 1,2
//! ```
//!
//! **Writer.** `u v` a line, or `u v w` when the graph is weighted, edges sorted. Labels are
//! one token each, so that networkx's `read_edgelist` (which splits lines on whitespace) reads
//! them: integers as digits, strings as themselves, coordinates as numbers joined by commas,
//! `0,1` (`5,` for one axis; networkx reads the string `"0,1"`, mazegraph the coordinate). The
//! grid shape of a cell graph and the terminals go in comment lines that networkx skips and
//! this reader reads back: `# shape: 6,8`, `# start: 0,0`, `# goal: 5,7`. An edge list names
//! vertices only in its edges: **a graph with an isolated vertex is refused** (never written
//! with the vertex dropped), as are string labels an edge list cannot hold (empty, with
//! whitespace or `#`, starting with `(` or `{`, or reading back as a number or coordinate).
//! igraph's `Read_Ncol` knows no comments: a file with the header lines (a maze's graph) loads
//! there after `grep -v '^#'`; a graph without terminals or grid (a named graph) has no header
//! and loads as is. Pick GraphML or GML to keep the terminals for igraph.
//!
//! **Reader.** One edge a line: `u v`, `u v w` (a number: the weight, as networkx writes with
//! `data=["weight"]`) or `u v {'weight': 2.5, …}` (networkx's `data=True`: a Python dict
//! literal; `weight` is kept, other keys skipped; `{}` is no weight). `#` starts a comment
//! (outside quotes); blank lines are skipped. A vertex is a parenthesised tuple, which may
//! hold spaces (`(0, 0) (0, 1)`, as networkx writes tuple labels), or a token without spaces
//! read as networkx and igraph write labels: a decimal integer is an integer, `0,1` a
//! coordinate, anything else a string. The comment lines `# start: X`, `# goal: X` and
//! `# shape: 6,8` name the terminals and the grid. An edge given twice (in either direction)
//! is merged, the lighter kept, and said in the notes of [`parse_noted`]
//! ([`super::Format::read_noted`]).
//!
//! Refused, with the line: a line with one vertex, a malformed tuple, anything but one number
//! or one dict after the two vertices, weights that are not positive numbers, self-loops,
//! terminals naming no vertex.
//!
//! Complexity: O(input) time and memory; vertices and edges are counted against the limits
//! as they come.
//!
//! ```
//! use mazegraph::format::{edges, ReadOptions};
//! use mazegraph::{Graph, Maze};
//! let g = Graph::from_maze(&Maze::from_text_rows(&["#S#", "#.G", "###"]).unwrap());
//! let mut out = Vec::new();
//! edges::write(&g, &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert_eq!(text, "# shape: 3,3\n# start: 0,1\n# goal: 1,2\n0,1 1,1\n1,1 1,2\n");
//! let (back, notes) = edges::parse_noted(&text, &ReadOptions::default()).unwrap();
//! assert_eq!(back, g);
//! assert!(notes.is_empty());
//! // An isolated vertex cannot be held: refused, not dropped.
//! let lone = Graph::from_maze(&Maze::from_text_rows(&[".#."]).unwrap());
//! let e = edges::write(&lone, &mut Vec::new()).unwrap_err();
//! assert!(e.to_string().starts_with("an edge list cannot hold the isolated vertex (0, 0)"));
//! ```
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::exchange::{self, label_of, label_text, CoordStyle};
use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{Graph, Label};
use std::io::Write;

const NAME: &str = "edges";

/// The formats to name when an edge list cannot hold a graph.
const OTHERS: &str = "write graphml, gml, graph.json or adj";

/// A label as one token of an edge list, or why it cannot be one.
fn token(label: &Label) -> Result<String> {
    let t = label_text(label, CoordStyle::Bare, "an edge list")?;
    if let Label::Str(s) = label {
        if s.is_empty()
            || s.chars().any(char::is_whitespace)
            || s.contains('#')
            || s.starts_with(['(', '{'])
        {
            return Err(Error::Unsupported(format!(
                "an edge list cannot hold the string vertex {label} (labels are single words there); {OTHERS}"
            )));
        }
    }
    Ok(t)
}

/// Writes a graph as an edge list (see the [module docs](self)).
///
/// Complexity: O(V + E) time; the output is written in 64 KiB chunks.
pub fn write(graph: &Graph, out: &mut dyn Write) -> Result<()> {
    let n = graph.vertex_count() as u32;
    let mut tokens = Vec::with_capacity(n as usize);
    for v in 0..n {
        if graph.degree(v) == 0 {
            return Err(Error::Unsupported(format!(
                "an edge list cannot hold the isolated vertex {} (it names vertices only in edges); {OTHERS}",
                graph.label(v)
            )));
        }
        tokens.push(token(&graph.label(v))?);
    }
    let mut buf = String::with_capacity(1 << 16);
    if let Some(s) = graph.shape() {
        let dims: Vec<i64> = s.dims().iter().map(|&d| d as i64).collect();
        buf.push_str(&format!(
            "# shape: {}\n",
            exchange::coord_text(&dims, CoordStyle::Bare)
        ));
    }
    for (key, t) in [("start", graph.start()), ("goal", graph.goal())] {
        if let Some(tok) = t.and_then(|v| tokens.get(v as usize)) {
            buf.push_str(&format!("# {key}: {tok}\n"));
        }
    }
    let weighted = graph.is_weighted();
    for (u, v, w) in graph.edges() {
        let (Some(a), Some(b)) = (tokens.get(u as usize), tokens.get(v as usize)) else {
            continue;
        };
        buf.push_str(a);
        buf.push(' ');
        buf.push_str(b);
        if weighted {
            buf.push(' ');
            buf.push_str(&super::weight_text(w));
        }
        buf.push('\n');
        if buf.len() >= 1 << 16 {
            out.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    out.write_all(buf.as_bytes())?;
    Ok(())
}

/// Reads an edge list (see the [module docs](self)).
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Graph> {
    parse_noted(text, opts).map(|(g, _)| g)
}

/// The line without its comment, and the comment: from the first `#` outside a dict's
/// quoted strings (`{'color': '#fff'}` holds no comment; a label such as `it's` quotes
/// nothing).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut braces = 0usize;
    for (i, ch) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == q {
                    quote = None;
                }
            }
            None => match ch {
                '{' => braces += 1,
                '}' => braces = braces.saturating_sub(1),
                '\'' | '"' if braces > 0 => quote = Some(ch),
                '#' => return (line.get(..i).unwrap_or(""), line.get(i + 1..)),
                _ => {}
            },
        }
    }
    (line, None)
}

/// A vertex at the start of `s`: a parenthesised tuple, or a token up to whitespace; and the
/// rest.
fn vertex(s: &str) -> std::result::Result<(Label, &str), String> {
    let s = s.trim_start();
    if s.starts_with('(') {
        let close = s
            .find(')')
            .ok_or_else(|| format!("a tuple is not closed: {s:?}"))?;
        let (t, rest) = s.split_at(close + 1);
        return match exchange::coord_of(t) {
            Some(c) => Ok((Label::Coord(c), rest)),
            None => Err(format!("{t:?} is not a tuple of integers such as (0, 1)")),
        };
    }
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    let (t, rest) = s.split_at(end);
    Ok((label_of(t), rest))
}

/// The weight in a Python dict literal `{'weight': 2.5, 'color': 'red'}` (`None` when it has
/// none).
fn dict_weight(s: &str) -> std::result::Result<Option<f64>, String> {
    let b = s.as_bytes();
    let mut i = 1; // after '{'
    let mut weight = None;
    let ws = |i: &mut usize| {
        while b.get(*i).is_some_and(u8::is_ascii_whitespace) {
            *i += 1;
        }
    };
    // A quoted string starting at b[i]; returns its raw contents.
    let string = |i: &mut usize| -> std::result::Result<String, String> {
        let q = b.get(*i).copied().ok_or("a dict is not closed")?;
        let from = *i + 1;
        *i += 1;
        while let Some(&c) = b.get(*i) {
            if c == b'\\' {
                *i += 2;
                continue;
            }
            if c == q {
                let raw = s.get(from..*i).unwrap_or("");
                *i += 1;
                return Ok(raw.to_string());
            }
            *i += 1;
        }
        Err("a string in the dict is not closed".into())
    };
    loop {
        ws(&mut i);
        match b.get(i) {
            Some(b'}') => {
                i += 1;
                break;
            }
            Some(b'\'' | b'"') => {}
            Some(_) => return Err("expected a quoted key or '}' in the dict".into()),
            None => return Err("a dict is not closed (no '}')".into()),
        }
        let key = string(&mut i)?;
        ws(&mut i);
        if b.get(i) != Some(&b':') {
            return Err(format!("expected ':' after the key {key:?} in the dict"));
        }
        i += 1;
        ws(&mut i);
        // The value: up to a ',' or '}' outside brackets and quotes.
        let from = i;
        let mut depth = 0usize;
        loop {
            match b.get(i) {
                None => return Err("a dict is not closed (no '}')".into()),
                Some(b'\'' | b'"') => {
                    string(&mut i)?;
                    continue;
                }
                Some(b'(' | b'[' | b'{') => depth += 1,
                Some(b')' | b']') => depth = depth.saturating_sub(1),
                Some(b'}') if depth > 0 => depth -= 1,
                Some(b',' | b'}') if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        if key == "weight" {
            let v = s.get(from..i).unwrap_or("").trim();
            weight = Some(exchange::weight_of(v)?);
        }
        if b.get(i) == Some(&b',') {
            i += 1;
        }
    }
    let rest = s.get(i..).unwrap_or("").trim();
    if !rest.is_empty() {
        return Err(format!("unexpected {rest:?} after the dict"));
    }
    Ok(weight)
}

/// [`parse`], with the notes: what reading changed (edges given twice merged).
pub fn parse_noted(text: &str, opts: &ReadOptions) -> Result<(Graph, Vec<String>)> {
    let mut c = exchange::Collector::new(opts.limits);
    let mut start: Option<(Label, usize)> = None;
    let mut goal: Option<(Label, usize)> = None;
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let err = |m: String| Error::parse(NAME, line, m);
        let (body, comment) = split_comment(raw);
        if let Some(cm) = comment {
            if body.trim().is_empty() {
                let cm = cm.trim();
                let header = |key: &str| cm.strip_prefix(key).map(str::trim);
                if let Some(t) = header("start:") {
                    start = Some((vertex(t).map_err(err)?.0, line));
                } else if let Some(t) = header("goal:") {
                    goal = Some((vertex(t).map_err(err)?.0, line));
                } else if let Some(t) = header("shape:") {
                    let d = exchange::shape_of(t)
                        .ok_or_else(|| err(format!("shape {t:?} is not sizes such as 6,8")))?;
                    c.set_shape(d);
                }
            }
        }
        let body = body.trim();
        if body.is_empty() {
            continue;
        }
        let (u, rest) = vertex(body).map_err(err)?;
        if rest.trim().is_empty() {
            return Err(err(format!(
                "only one vertex on the line ({u}); an edge is two vertices"
            )));
        }
        let (v, rest) = vertex(rest).map_err(err)?;
        let rest = rest.trim();
        let weight = if rest.is_empty() {
            None
        } else if rest.starts_with('{') {
            dict_weight(rest).map_err(err)?
        } else if rest.split_whitespace().count() == 1 {
            Some(exchange::weight_of(rest).map_err(err)?)
        } else {
            return Err(err(format!(
                "expected a weight or a dict after the two vertices, found {rest:?}"
            )));
        };
        let (a, _) = c.vertex(u)?;
        let (b, _) = c.vertex(v)?;
        c.edge(a, b, weight, false).map_err(|x| match x {
            Error::InvalidGraph(m) => err(m),
            other => other,
        })?;
    }
    // Terminals must be vertices of the edges.
    let mut check = |t: Option<(Label, usize)>, name: &str| -> Result<Option<Label>> {
        match t {
            None => Ok(None),
            Some((l, line)) => match c.vertex(l.clone())? {
                (_, false) => Ok(Some(l)),
                (_, true) => Err(Error::parse(
                    NAME,
                    line,
                    format!("the {name} {l} is in no edge"),
                )),
            },
        }
    };
    let start = check(start, "start")?;
    let goal = check(goal, "goal")?;
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
    fn networkx_lines() {
        let text = "# made by networkx\n(0, 0) (0, 1)\n\n(0, 1) (1, 1) # a comment\n";
        let (g, _) = p(text).unwrap();
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.label(2), Label::Coord(vec![1, 1]));
        let (g, _) = p("it's b # a comment\n").unwrap();
        assert_eq!(g.label(1), Label::Str("it's".into()));
        let text = "a b {'weight': 2.5, 'color': 'r#d, }', 'pos': (1, {2: 3})}\nb c {}\nc d 4\n";
        let (g, _) = p(text).unwrap();
        let ws: Vec<f64> = g.edges().map(|e| e.2).collect();
        assert_eq!(ws, vec![2.5, 1.0, 4.0]);
        assert!(g.is_weighted());
    }

    #[test]
    fn parallel_edges_are_noted() {
        let (g, notes) = p("1 2 3\n2 1 2\n2 3\n2 3\n").unwrap();
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.edges().next().unwrap().2, 2.0);
        assert_eq!(
            notes,
            ["2 parallel edges merged into the edge they repeat (the lighter kept)"]
        );
    }

    #[test]
    fn refusals_name_the_line() {
        assert_eq!(
            err("1 2\n3\n"),
            "line 2: only one vertex on the line (3); an edge is two vertices"
        );
        assert_eq!(
            err("1 2\n(1, 2 3\n"),
            "line 2: a tuple is not closed: \"(1, 2 3\""
        );
        assert_eq!(
            err("(1, x) 2\n"),
            "line 1: \"(1, x)\" is not a tuple of integers such as (0, 1)"
        );
        assert_eq!(
            err("1 2 3 4\n"),
            "line 1: expected a weight or a dict after the two vertices, found \"3 4\""
        );
        assert_eq!(
            err("1 2 -3\n"),
            "line 1: edge weight -3 is not a positive number"
        );
        assert_eq!(
            err("1 2 {'weight': 0}\n"),
            "line 1: edge weight 0 is not a positive number"
        );
        assert_eq!(
            err("1 2 {'weight': 1\n"),
            "line 1: a dict is not closed (no '}')"
        );
        assert_eq!(
            err("1 1\n"),
            "line 1: self-loop on vertex 1 (a maze cannot link a cell to itself)"
        );
        assert_eq!(
            err("# start: 9\n1 2\n"),
            "line 1: the start 9 is in no edge"
        );
    }

    #[test]
    fn writer_refuses_what_it_cannot_hold() {
        let mut b = crate::graph::GraphBuilder::default();
        let x = b.vertex(Label::Str("a b".into()));
        let y = b.vertex(Label::Int(1));
        b.edge(x, y, 1.0).unwrap();
        let g = b.finish(&Limits::default()).unwrap();
        let e = write(&g, &mut Vec::new()).unwrap_err().to_string();
        assert_eq!(e, "an edge list cannot hold the string vertex 'a b' (labels are single words there); write graphml, gml, graph.json or adj");
    }

    #[test]
    fn limits_are_honoured() {
        let opts = ReadOptions {
            limits: Limits::cells(2),
            ..Default::default()
        };
        assert!(matches!(
            parse("1 2\n2 3\n3 4\n", &opts),
            Err(Error::TooLarge { .. })
        ));
    }
}
