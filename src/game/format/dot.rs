//! Games as Graphviz DOT (`.game.dot`), drawn as parity game solvers draw them: player 0's
//! vertices as diamonds, player 1's as boxes, the priority under the label.
//!
//! The writer also stores what the drawing shows as attributes (`owner`, `priority`,
//! `vertex_name`, `initial=true` on the start) so the reader gets the game back exactly. The
//! attributes are plain DOT: pydot, `networkx.nx_pydot.read_dot` and `nx_agraph` read them
//! (the vertex name was once the attribute `name`, which pydot cannot hold as a node
//! attribute; the reader still takes it).
//!
//! The reader takes
//! - the owner from `owner`, else from the shape (`box`, `rect`, `rectangle`, `square` are
//!   player 1, anything else player 0);
//! - the priority from `priority`; else from the label when it is a natural number, as Oink's
//!   `--dot` writes games (`3 [ shape="box", label="5"];`); else 0. A game that gives some
//!   priorities in labels must give all of them (in labels or as `priority`): a node whose
//!   label is not a number there is refused, never read as priority 0;
//! - the name from `vertex_name` (or `name`).
//!
//! Node ids that are exactly `0..n` are the vertex ids; otherwise vertices are numbered in
//! order of appearance and the DOT ids become their names.
//!
//! [`write`](fn@write) can colour an attractor: attracted vertices filled (targets darker), ranks in the
//! labels, the attracting player's strategy edges drawn thick and red. With positions
//! ([`Style::pos`], points) it sets `inputscale=72`, so that plain `neato` reads them in
//! points as `neato -n` does.

#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::error::{Error, Result};
#[cfg(feature = "graphviz")]
use crate::game::check_limits;
use crate::game::{Attractor, Game};
use crate::grid::Limits;
use crate::palette;
#[cfg(feature = "graphviz")]
use graphviz_rust::dot_structures::{Attribute, EdgeTy, Graph as DotGraph, Id, Stmt, Vertex};
#[cfg(feature = "graphviz")]
use std::collections::HashMap;
use std::io::Write;

const FORMAT: &str = "game.dot";

/// How [`write`](fn@write) draws a game.
#[derive(Default, Clone, Copy)]
pub struct Style<'a> {
    /// The text shown for a vertex (default: its name, or its id).
    pub label: Option<&'a dyn Fn(u32) -> String>,
    /// An attractor to colour, with its strategy edges.
    pub attractor: Option<&'a Attractor>,
    /// Node positions in points, written as `pos="x,y!"` for `neato -n`; nodes are then drawn
    /// 0.75 inch wide, so positions 72 points apart do not overlap.
    pub pos: Option<&'a dyn Fn(u32) -> (f64, f64)>,
}

/// A DOT double-quoted string.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A DOT double-quoted string for data read back by [`parse`]: only `"` and `\` escaped, a
/// newline kept as it is (`\n` is a line break in a Graphviz label, but the reader keeps it
/// as the two characters; found by fuzzing the round trip).
fn quoted_data(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        if ch == '"' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('"');
    out
}

/// Writes a game as DOT.
///
/// ```
/// use mazegraph::game::{format::dot, Game, Player};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![0, 1], &[(0, 1), (1, 0)]).unwrap();
/// let mut out = Vec::new();
/// dot::write(&g, &Default::default(), &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("0 [shape=diamond") && text.contains("1 [shape=box"));
/// assert_eq!(dot::parse(&text, &Default::default()).unwrap(), g);
/// ```
pub fn write(game: &Game, style: &Style, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "digraph game {{")?;
    writeln!(
        out,
        "  node [fontname=\"Helvetica\", style=filled, fillcolor=white];"
    )?;
    if style.pos.is_some() {
        // Positions are in points: `neato -n` takes them so, plain `neato` (which reads
        // inches) once told the scale; `dot` ignores them.
        writeln!(out, "  graph [inputscale=72];")?;
        // Drawn at fixed positions (a maze's geometry): small nodes that do not overlap.
        writeln!(
            out,
            "  node [fixedsize=true, width=0.75, height=0.75, fontsize=9];"
        )?;
    }
    let show_prio = game.max_priority() > 0;
    for v in 0..game.vertex_count() as u32 {
        let mut label = match style.label {
            Some(f) => f(v),
            None => game.label(v),
        };
        if show_prio {
            label.push_str(&format!("\n{}", game.priority(v)));
        }
        let mut attrs = format!(
            "shape={}, owner={}, priority={}",
            if game.owner(v).index() == 0 {
                "diamond"
            } else {
                "box"
            },
            game.owner(v),
            game.priority(v)
        );
        if let Some(name) = game.name(v) {
            attrs.push_str(&format!(", vertex_name={}", quoted_data(name)));
        }
        if game.start() == Some(v) {
            attrs.push_str(&format!(
                ", initial=true, peripheries=2, color=\"{}\"",
                palette::hex(palette::START)
            ));
        }
        if let Some(a) = style.attractor {
            if let Some(r) = a.rank(v) {
                label.push_str(&format!("\nrank {r}"));
                // Shaded by rank as in maze pictures; the targets outlined in the goal's red.
                let fill = palette::shade(r, a.max_rank() + 1);
                attrs.push_str(&format!(", fillcolor=\"{}\"", palette::hex(fill)));
                if palette::is_dark(fill) {
                    attrs.push_str(", fontcolor=white");
                }
                if r == 0 {
                    attrs.push_str(&format!(
                        ", color=\"{}\", penwidth=2",
                        palette::hex(palette::GOAL)
                    ));
                }
            }
        }
        if let Some(pos) = style.pos {
            let (x, y) = pos(v);
            attrs.push_str(&format!(", pos=\"{x},{y}!\""));
        }
        writeln!(out, "  {v} [{attrs}, label={}];", quoted(&label))?;
    }
    for (v, w) in game.edges() {
        let chosen = style.attractor.and_then(|a| a.strategy(v)) == Some(w);
        if chosen {
            writeln!(
                out,
                "  {v} -> {w} [color=\"{}\", penwidth=2.5];",
                palette::hex(palette::PATH)
            )?;
        } else {
            writeln!(out, "  {v} -> {w};")?;
        }
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// The text of a DOT id, quotes removed and `\"` unescaped.
#[cfg(feature = "graphviz")]
fn id_text(id: &Id) -> String {
    match id {
        Id::Escaped(s) => {
            let inner = s
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .unwrap_or(s);
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    match chars.next() {
                        Some('"') => out.push('"'),
                        Some('\\') => out.push('\\'),
                        Some('\n') => {}
                        Some(o) => {
                            out.push('\\');
                            out.push(o);
                        }
                        None => out.push('\\'),
                    }
                } else {
                    out.push(c);
                }
            }
            out
        }
        Id::Html(s) | Id::Plain(s) | Id::Anonymous(s) => s.clone(),
    }
}

#[cfg(feature = "graphviz")]
#[derive(Default)]
struct Collect {
    ids: HashMap<String, u32>,
    keys: Vec<String>,
    attrs: Vec<HashMap<String, String>>,
    edges: Vec<(u32, u32)>,
    defaults: HashMap<String, String>,
}

#[cfg(feature = "graphviz")]
impl Collect {
    fn node(&mut self, key: String) -> u32 {
        if let Some(&v) = self.ids.get(&key) {
            return v;
        }
        let v = self.keys.len() as u32;
        self.ids.insert(key.clone(), v);
        self.keys.push(key);
        self.attrs.push(self.defaults.clone());
        v
    }

    fn stmts(&mut self, stmts: &[Stmt]) -> Result<()> {
        for st in stmts {
            match st {
                Stmt::Node(n) => {
                    let v = self.node(id_text(&n.id.0));
                    if let Some(attrs) = self.attrs.get_mut(v as usize) {
                        for Attribute(k, val) in &n.attributes {
                            attrs.insert(id_text(k), id_text(val));
                        }
                    }
                }
                Stmt::Edge(e) => {
                    let ends: Vec<&Vertex> = match &e.ty {
                        EdgeTy::Pair(a, b) => vec![a, b],
                        EdgeTy::Chain(vs) => vs.iter().collect(),
                    };
                    let mut ids = Vec::with_capacity(ends.len());
                    for end in ends {
                        match end {
                            Vertex::N(n) => ids.push(self.node(id_text(&n.0))),
                            Vertex::S(_) => {
                                return Err(Error::parse(
                                    FORMAT,
                                    0,
                                    "edges to subgraphs are not supported in games",
                                ))
                            }
                        }
                    }
                    for w in ids.windows(2) {
                        if let [a, b] = *w {
                            self.edges.push((a, b));
                        }
                    }
                }
                Stmt::Subgraph(s) => self.stmts(&s.stmts)?,
                Stmt::GAttribute(graphviz_rust::dot_structures::GraphAttributes::Node(a)) => {
                    for Attribute(k, val) in a {
                        self.defaults.insert(id_text(k), id_text(val));
                    }
                }
                Stmt::GAttribute(_) | Stmt::Attribute(_) => {}
            }
        }
        Ok(())
    }
}

/// The line number in a pest error message (` --> 3:5`), or 0.
#[cfg(feature = "graphviz")]
fn pest_line(message: &str) -> usize {
    message
        .split_once("--> ")
        .and_then(|(_, rest)| rest.split(':').next())
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0)
}

/// Reads a game from DOT: needs the `graphviz` feature (graphviz-rust's parser).
#[cfg(not(feature = "graphviz"))]
pub fn parse(_text: &str, _limits: &Limits) -> Result<Game> {
    Err(Error::Unsupported(format!(
        "reading {FORMAT} needs mazegraph's `graphviz` feature"
    )))
}

/// Reads a game from DOT (a `digraph`).
#[cfg(feature = "graphviz")]
pub fn parse(text: &str, limits: &Limits) -> Result<Game> {
    // Linear time on broken nested input too (see crate::format::dot).
    crate::format::dot::limit_parser_calls(text.len());
    let parsed = std::panic::catch_unwind(|| graphviz_rust::parse(text))
        .map_err(|_| Error::parse(FORMAT, 0, "the DOT parser failed on this input"))?;
    let graph = parsed.map_err(|m| {
        let first = m.lines().last().unwrap_or("").trim().to_string();
        Error::parse(FORMAT, pest_line(&m), format!("not valid DOT ({first})"))
    })?;
    let stmts = match graph {
        DotGraph::DiGraph { stmts, .. } => stmts,
        DotGraph::Graph { .. } => {
            return Err(Error::parse(
                FORMAT,
                0,
                "a game is a directed graph: expected `digraph`, found `graph`",
            ))
        }
    };
    let mut c = Collect::default();
    c.stmts(&stmts)?;
    let n = c.keys.len();
    check_limits(n as u64, limits)?;
    // Vertex ids: the DOT ids when they are exactly 0..n, else the order of appearance.
    let numeric: Option<Vec<u32>> = c
        .keys
        .iter()
        .map(|k| k.parse::<u32>().ok().filter(|&x| (x as usize) < n))
        .collect();
    let perm: Vec<u32> = match numeric {
        Some(ids) => {
            let mut seen = vec![false; n];
            for &i in &ids {
                if let Some(s) = seen.get_mut(i as usize) {
                    *s = true;
                }
            }
            if seen.iter().all(|&s| s) {
                ids
            } else {
                (0..n as u32).collect()
            }
        }
        None => (0..n as u32).collect(),
    };
    let renamed = perm.iter().zip(&c.keys).any(|(&p, k)| *k != p.to_string());
    let mut owners = vec![0u8; n];
    let mut prios = vec![0u32; n];
    let mut names = vec![String::new(); n];
    let mut start = None;
    // Priorities: the attribute, else a label that is a number (Oink's DOT), else none.
    let from_label: Vec<Option<u32>> = c
        .attrs
        .iter()
        .map(|a| match a.get("priority") {
            Some(_) => None,
            None => a.get("label").and_then(|l| l.trim().parse::<u32>().ok()),
        })
        .collect();
    let labelled = from_label.iter().any(Option::is_some);
    // `perm` is a permutation of 0..n (checked above) and every edge end is a vertex id below
    // n (`Collect::node`), so the indexing below cannot go out of bounds.
    #[allow(clippy::indexing_slicing)]
    for (((attrs, key), &v), label_prio) in c.attrs.iter().zip(&c.keys).zip(&perm).zip(&from_label)
    {
        let v = v as usize;
        owners[v] = match attrs.get("owner").map(String::as_str) {
            Some("0") => 0,
            Some("1") => 1,
            Some(o) => {
                return Err(Error::parse(
                    FORMAT,
                    0,
                    format!("node {key}: the owner must be 0 or 1, not {o:?}"),
                ))
            }
            None => match attrs
                .get("shape")
                .map(|s| s.to_ascii_lowercase())
                .as_deref()
            {
                Some("box" | "rect" | "rectangle" | "square") => 1,
                _ => 0,
            },
        };
        if let Some(p) = attrs.get("priority") {
            prios[v] = p.trim().parse().map_err(|_| {
                Error::parse(
                    FORMAT,
                    0,
                    format!("node {key}: the priority must be a natural number, not {p:?}"),
                )
            })?;
        } else if let Some(p) = label_prio {
            prios[v] = *p;
        } else if labelled {
            return Err(Error::parse(
                FORMAT,
                0,
                format!(
                    "node {key} has no priority: other nodes give theirs as their label (as Oink's --dot writes), but its label is {}; give it priority=N",
                    attrs.get("label").map_or("missing".to_string(), |l| format!("{l:?}"))
                ),
            ));
        }
        names[v] = match attrs.get("vertex_name").or_else(|| attrs.get("name")) {
            Some(nm) => nm.clone(),
            None if renamed => key.clone(),
            None => String::new(),
        };
        if attrs.get("initial").is_some_and(|s| s == "true") {
            start = Some(v as u32);
        }
    }
    #[allow(clippy::indexing_slicing)] // see above: ids below n, perm of length n
    let edges: Vec<(u32, u32)> = c
        .edges
        .iter()
        .map(|&(a, b)| (perm[a as usize], perm[b as usize]))
        .collect();
    let mut game = Game::from_parts(owners, prios, &edges)?;
    game.set_names(Some(names))?;
    game.set_start(start)?;
    Ok(game)
}

#[cfg(all(test, feature = "graphviz"))]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::game::{attractor, Player};

    #[test]
    fn roundtrip_with_names_and_start() {
        let mut g = Game::new(
            vec![Player::Zero, Player::One, Player::One],
            vec![3, 0, 1],
            &[(0, 1), (1, 2), (2, 0), (2, 2)],
        )
        .unwrap();
        g.set_names(Some(vec!["a \"b\"".into(), String::new(), "c".into()]))
            .unwrap();
        g.set_start(Some(2)).unwrap();
        let mut out = Vec::new();
        write(&g, &Style::default(), &mut out).unwrap();
        assert_eq!(
            parse(std::str::from_utf8(&out).unwrap(), &Limits::default()).unwrap(),
            g
        );
    }

    #[test]
    fn names_with_newlines_and_backslashes_round_trip() {
        // Found by fuzzing: a name holding a newline came back as `\n`.
        let mut g = Game::new(vec![Player::Zero; 2], vec![0, 1], &[(0, 1)]).unwrap();
        g.set_names(Some(vec!["two\nlines".into(), "back\\slash \\n".into()]))
            .unwrap();
        let mut out = Vec::new();
        write(&g, &Style::default(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(parse(&text, &Limits::default()).unwrap(), g, "{text}");
    }

    #[test]
    fn foreign_dot_by_shapes() {
        let g = parse(
            "digraph { node [shape=box]; x -> y; y -> x; x [shape=diamond, priority=2]; }",
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(g.vertex_count(), 2);
        assert_eq!(g.name(0), Some("x"));
        assert_eq!((g.owner(0), g.owner(1)), (Player::Zero, Player::One));
        assert_eq!(g.priority(0), 2);
        let e = |t: &str| parse(t, &Limits::default()).unwrap_err().to_string();
        assert!(e("graph { a -- b }").contains("digraph"));
        assert!(e("digraph { a [owner=3] }").contains("owner must be 0 or 1"));
        assert!(e("digraph { a [priority=x] }").contains("priority"));
        assert!(e("digraph {\n a -> \n}").starts_with("line 3"));
    }

    #[test]
    fn oink_dot_priorities_from_labels() {
        // As Oink's `--dot` writes a game.
        let text = "digraph G {\n0 [ shape=\"diamond\", label=\"3\"];\n0 -> 1;\n1 [ shape=\"box\", label=\"2\"];\n1 -> 0;\n1 -> 1;\n}\n";
        let g = parse(text, &Limits::default()).unwrap();
        let want = Game::new(
            vec![Player::Zero, Player::One],
            vec![3, 2],
            &[(0, 1), (1, 0), (1, 1)],
        )
        .unwrap();
        assert_eq!(g, want);
        // some priorities in labels, one node without: refused, not read as 0
        let e = parse(
            "digraph { 0 [shape=box, label=\"3\"]; 1 [label=\"x\"]; 0 -> 1 }",
            &Limits::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("node 1 has no priority"), "{e}");
        let e = parse("digraph { 0 [label=\"3\"]; 0 -> 1 }", &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("its label is missing"), "{e}");
        // a `priority` attribute wins over a numeric label
        let g = parse(
            "digraph { 0 [label=\"3\", priority=4]; 1 [label=\"a\", priority=1] }",
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(g.priorities(), &[4, 1]);
    }

    #[test]
    fn vertex_name_attribute_and_the_old_name() {
        let mut g = Game::new(vec![Player::Zero; 2], vec![0, 1], &[(0, 1)]).unwrap();
        g.set_names(Some(vec!["a".into(), "b".into()])).unwrap();
        let mut out = Vec::new();
        write(&g, &Style::default(), &mut out).unwrap();
        let t = String::from_utf8(out).unwrap();
        assert!(
            t.contains("vertex_name=\"a\"") && !t.contains(" name="),
            "{t}"
        );
        let old = t.replace("vertex_name=", "name=");
        assert_eq!(parse(&old, &Limits::default()).unwrap(), g);
        // positions in points: inputscale for plain neato
        let pos = |v: u32| (72.0 * v as f64, 0.0);
        let style = Style {
            pos: Some(&pos),
            ..Style::default()
        };
        let mut out = Vec::new();
        write(&g, &style, &mut out).unwrap();
        let t = String::from_utf8(out).unwrap();
        assert!(t.contains("graph [inputscale=72];"), "{t}");
        assert_eq!(parse(&t, &Limits::default()).unwrap(), g);
    }

    #[test]
    fn attractor_colours_and_strategy() {
        let g = Game::new(vec![Player::Zero; 3], vec![0; 3], &[(0, 1), (1, 2), (0, 2)]).unwrap();
        let a = attractor(&g, Player::Zero, &[2]).unwrap();
        let mut out = Vec::new();
        let label = |v: u32| format!("v{v}");
        let style = Style {
            label: Some(&label),
            attractor: Some(&a),
            pos: None,
        };
        write(&g, &style, &mut out).unwrap();
        let t = String::from_utf8(out).unwrap();
        assert!(t.contains("label=\"v2\\nrank 0\""), "{t}");
        assert!(t.contains("0 -> 2 [color="), "{t}");
        assert!(t.contains("0 -> 1;"), "{t}");
    }
}
