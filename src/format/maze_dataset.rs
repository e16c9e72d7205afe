//! Readers for the files [maze-dataset](https://github.com/understanding-search/maze-dataset)
//! writes (checked on its version 1.4.2 with muutils 0.8.12, `tests/foreign/`), and a writer
//! of its token text ([`tokens`], for the dataset writer's `tokens` column).
//!
//! maze-dataset's mazes live on a *lattice* of rooms `(r, c)`, joined by passages between
//! neighbours. mazegraph's grid has walls as cells, so room `(r, c)` is cell
//! `(2r + 1, 2c + 1)` of a `(2R + 1) x (2C + 1)` grid, the passage between two rooms the cell
//! between them, and a path of `k` steps between rooms is `2k` steps between cells.
//!
//! - **Adjacency list** ([`parse_adj_list`]; `json.dumps(maze.as_adj_list().tolist())`, read
//!   as `.json` by its content): a JSON list of `[[r, c], [r, c]]` pairs, the passages, in any
//!   order and direction. Read as a graph whose vertices are the rooms `(r, c)` (a room
//!   without a passage is not in the file). No terminals.
//! - **Serialized maze** ([`parse_maze`]; `json_serialize(maze.serialize())`, read as `.json`
//!   by its content): an object with `"connection_list"`, a boolean array of shape
//!   `[2][R][C]` where `[0][r][c]` opens the passage from room `(r, c)` down to `(r + 1, c)`
//!   and `[1][r][c]` the one right to `(r, c + 1)`; `"start_pos"` / `"end_pos"` (rooms) when
//!   the maze has them. Arrays are plain nested lists or muutils's wrappers
//!   `{"__muutils_format__": "numpy.ndarray:array_list_meta", "data": …}`. Read as the maze
//!   above with the start and end rooms as its terminals; `"solution"` and the generation
//!   metadata are not kept (`solve` finds the solution again).
//! - **Tokens** ([`parse_tokens`], format `tokens`, `.tokens`; `" ".join(maze.as_tokens(…))`):
//!   `<ADJLIST_START> (0,0) <--> (0,1) ; … <ADJLIST_END> <ORIGIN_START> (r,c) <ORIGIN_END>
//!   <TARGET_START> (r,c) <TARGET_END> <PATH_START> (r,c) … <PATH_END>`, coordinates written
//!   `(1,4)` or `( 1 , 4 )` (the indexed tokenizer). Read as the room graph with the origin
//!   and the target as its start and goal; the path is checked for syntax, not kept.
//!   Written by [`tokens`] (plain coordinates, passages in row-major order, each written
//!   from its upper or left room).
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::json::line_at;
use super::ReadOptions;
use crate::error::{Error, Result};
use crate::graph::{Graph, GraphBuilder, Label};
use crate::grid::{fmt_coords, Grid, Shape};
use crate::maze::Maze;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::collections::HashSet;
use std::fmt;
use std::marker::PhantomData;

const JSON: &str = "json";
const TOKENS: &str = "tokens";

/// serde_json's message without its " at line L column C" (the line goes in front).
fn json_error(e: &serde_json::Error) -> Error {
    super::json_error(JSON, e)
}

/// Reads maze-dataset's adjacency list, `[[[r, c], [r, c]], …]`, as the graph of its rooms
/// (see the [module docs](self)).
///
/// Errors: not such a list (with serde_json's line), an empty list, an empty coordinate, a
/// passage from a room to itself, more passages than the limits allow.
///
/// ```
/// use mazegraph::format::maze_dataset;
/// use mazegraph::graph::Label;
/// let g = maze_dataset::parse_adj_list("[[[0, 1], [0, 0]], [[1, 1], [0, 1]]]", &Default::default()).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
/// assert_eq!(g.label(0), Label::Coord(vec![0, 0]));
/// ```
pub fn parse_adj_list(text: &str, opts: &ReadOptions) -> Result<Graph> {
    let mut builder = GraphBuilder::with_limits(opts.limits);
    let mut fatal = None;
    let mut de = serde_json::Deserializer::from_str(text);
    let walked = Pairs {
        builder: &mut builder,
        fatal: &mut fatal,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    if let Some(e) = fatal {
        return Err(e);
    }
    walked.map_err(|e| json_error(&e))?;
    if builder.edge_count() == 0 {
        return Err(Error::parse(
            JSON,
            1,
            "an empty adjacency list: no rooms (maze-dataset lists one [[r, c], [r, c]] pair per passage)",
        ));
    }
    builder.finish(&opts.limits)
}

/// The pairs of an adjacency list, streamed into the builder (errors get serde_json's line).
struct Pairs<'a> {
    builder: &'a mut GraphBuilder,
    /// An error that is not about the text (over the limits), kept as it is.
    fatal: &'a mut Option<Error>,
}

impl<'de> DeserializeSeed<'de> for Pairs<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Pairs<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("maze-dataset's adjacency list [[[r, c], [r, c]], …]")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut k = 0usize;
        while let Some(pair) = seq.next_element::<Vec<Vec<i64>>>()? {
            let n = pair.len();
            let Ok([u, v]) = <[Vec<i64>; 2]>::try_from(pair) else {
                return Err(de::Error::custom(format!(
                    "pair {k} has {n} coordinates; expected two, [[r, c], [r, c]]"
                )));
            };
            if u.is_empty() || v.is_empty() {
                return Err(de::Error::custom(format!(
                    "pair {k}: an empty coordinate (expected [[r, c], [r, c]])"
                )));
            }
            let (x, y) = (
                self.builder.vertex(Label::Coord(u)),
                self.builder.vertex(Label::Coord(v)),
            );
            match self.builder.edge(x, y, 1.0) {
                Ok(()) => {}
                Err(Error::InvalidGraph(m)) => {
                    return Err(de::Error::custom(format!("pair {k}: {m}")))
                }
                Err(other) => {
                    *self.fatal = Some(other);
                    return Err(de::Error::custom("stopped"));
                }
            }
            k += 1;
        }
        Ok(())
    }
}

/// A numpy array as muutils writes it: `{"__muutils_format__": …, "data": …}`, or plain.
/// Read without buffering (serde's untagged enums would build the whole array twice).
enum Array<T> {
    Plain(T),
    Wrapped { data: T },
    Other { format: String },
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Array<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Array<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list, or muutils's {\"__muutils_format__\": …, \"data\": […]}")
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                seq: A,
            ) -> std::result::Result<Array<T>, A::Error> {
                T::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(Array::Plain)
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Array<T>, A::Error> {
                let (mut data, mut format) = (None, None::<String>);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        // A list's data is read; another layout's (hex, base64) skipped.
                        "data" if format.as_deref().is_none_or(is_list_format) => {
                            data = Some(map.next_value::<T>()?);
                        }
                        "__muutils_format__" => format = Some(map.next_value()?),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                match (data, format) {
                    (Some(data), _) => Ok(Array::Wrapped { data }),
                    (None, Some(format)) => Ok(Array::Other { format }),
                    (None, None) => Err(de::Error::custom(
                        "expected a list or muutils's {\"__muutils_format__\": …, \"data\": […]}",
                    )),
                }
            }
        }
        d.deserialize_any(V(PhantomData))
    }
}

/// muutils's array layouts whose `"data"` is a nested list.
fn is_list_format(format: &str) -> bool {
    format.ends_with("array_list_meta") || format.ends_with(":list") || format == "list"
}

impl<T> Array<T> {
    fn data(self, key: &str, line: usize) -> Result<T> {
        match self {
            Array::Wrapped { data } | Array::Plain(data) => Ok(data),
            Array::Other { format } => Err(Error::parse(
                JSON,
                line,
                format!(
                    "{key} is stored as {format:?}, which is not read here (save it with muutils's \
                     array_mode \"array_list_meta\" or \"list\")"
                ),
            )),
        }
    }
}

#[derive(Deserialize)]
struct Serialized {
    connection_list: Option<Array<Vec<Vec<Vec<bool>>>>>,
    #[serde(default)]
    start_pos: Option<Array<Vec<i64>>>,
    #[serde(default)]
    end_pos: Option<Array<Vec<i64>>>,
}

/// Reads maze-dataset's serialized maze (`json_serialize(maze.serialize())`) as a maze: rooms
/// at odd cells, passages between, the start and end rooms as terminals (see the
/// [module docs](self)).
///
/// Errors: no `"connection_list"`, one that is not a `[2][R][C]` boolean array, a passage
/// out of the lattice, terminals outside it, a grid over the limits.
///
/// ```
/// use mazegraph::format::maze_dataset;
/// // 1x2 rooms joined by a passage; start (0, 0), end (0, 1).
/// let m = maze_dataset::parse_maze(
///     r#"{"connection_list": [[[false, false]], [[true, false]]], "start_pos": [0, 0], "end_pos": [0, 1]}"#,
///     &Default::default(),
/// ).unwrap();
/// assert_eq!(m.shape().dims(), &[3, 5]);
/// assert_eq!(m.grid().count_paths(), 3);
/// assert_eq!((m.explicit_start(), m.explicit_goal()), (Some(6), Some(8)));
/// ```
pub fn parse_maze(text: &str, opts: &ReadOptions) -> Result<Maze> {
    let line_of = |key: &str| {
        text.find(&format!("\"{key}\""))
            .map_or(0, |p| line_at(text, p))
    };
    let doc: Serialized = serde_json::from_str(text).map_err(|e| json_error(&e))?;
    let Some(list) = doc.connection_list else {
        return Err(Error::parse(
            JSON,
            1,
            "no \"connection_list\": expected maze-dataset's serialized maze \
             {\"connection_list\": [2][rows][cols] booleans, \"start_pos\": …, \"end_pos\": …}",
        ));
    };
    let cl_line = line_of("connection_list");
    let list = list.data("connection_list", cl_line)?;
    let bad = |msg: String| Error::parse(JSON, cl_line, msg);
    let [down, right] = <[Vec<Vec<bool>>; 2]>::try_from(list).map_err(|l| {
        bad(format!(
            "connection_list has {} layers; expected 2 (down, right)",
            l.len()
        ))
    })?;
    let rows = down.len();
    let cols = down.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return Err(bad("connection_list has no rooms".into()));
    }
    if right.len() != rows || down.iter().chain(&right).any(|row| row.len() != cols) {
        return Err(bad(format!(
            "connection_list is not a [2][{rows}][{cols}] array (rows of different lengths)"
        )));
    }
    let dims = [rows, cols].map(|n| n.checked_mul(2).and_then(|n| n.checked_add(1)));
    let [Some(h), Some(w)] = dims else {
        return Err(bad("connection_list is too large".into()));
    };
    let shape = Shape::with_limits(vec![h, w], &opts.limits)?;
    let mut grid = Grid::walls(shape);
    for (r, (drow, rrow)) in down.iter().zip(&right).enumerate() {
        for (c, (&d, &rt)) in drow.iter().zip(rrow).enumerate() {
            let room = (2 * r + 1) * w + 2 * c + 1;
            grid.set_path(room, true);
            if d {
                if r + 1 == rows {
                    return Err(bad(format!(
                        "connection_list opens a passage down from room ({r}, {c}), out of the {rows}x{cols} lattice"
                    )));
                }
                grid.set_path(room + w, true);
            }
            if rt {
                if c + 1 == cols {
                    return Err(bad(format!(
                        "connection_list opens a passage right from room ({r}, {c}), out of the {rows}x{cols} lattice"
                    )));
                }
                grid.set_path(room + 1, true);
            }
        }
    }
    let mut maze = Maze::new(grid);
    let room = |key: &str, pos: Option<Array<Vec<i64>>>| -> Result<Option<usize>> {
        let Some(pos) = pos else { return Ok(None) };
        let line = line_of(key);
        let p = pos.data(key, line)?;
        match p.as_slice() {
            &[r, c] if (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) => {
                Ok(Some((2 * r as usize + 1) * w + 2 * c as usize + 1))
            }
            _ => Err(Error::parse(
                JSON,
                line,
                format!(
                    "{key} {} is not a room of the {rows}x{cols} lattice",
                    fmt_coords(&p)
                ),
            )),
        }
    };
    let start = room("start_pos", doc.start_pos)?;
    let goal = room("end_pos", doc.end_pos)?;
    maze.set_terminals(start, goal)
        .map_err(|e| Error::parse(JSON, line_of("start_pos"), e.to_string()))?;
    Ok(maze)
}

/// One token of maze-dataset's token text, with its line.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    /// `<NAME>`, including the connector `<-->`.
    Special(&'a str),
    /// `(r, c)`.
    Coord(Vec<i64>),
    /// `;`, after each passage.
    Semicolon,
}

/// Splits token text into tokens with their lines.
fn lex(text: &str) -> Result<Vec<(Token<'_>, usize)>> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        line += rest
            .get(..rest.len() - trimmed.len())
            .map_or(0, |ws| ws.matches('\n').count());
        rest = trimmed;
        let Some(first) = rest.chars().next() else {
            return Ok(out);
        };
        let (token, len) = match first {
            '<' => {
                let end = rest
                    .find('>')
                    .ok_or_else(|| Error::parse(TOKENS, line, "a '<' without its '>'"))?;
                let name = rest.get(..=end).unwrap_or_default();
                if name.contains('\n') {
                    return Err(Error::parse(
                        TOKENS,
                        line,
                        "a '<' without its '>' on its line",
                    ));
                }
                (Token::Special(name), end + 1)
            }
            '(' => {
                let end = rest
                    .find(')')
                    .ok_or_else(|| Error::parse(TOKENS, line, "a '(' without its ')'"))?;
                let inner = rest.get(1..end).unwrap_or_default();
                let mut c = Vec::with_capacity(2);
                for part in inner.split(',') {
                    let n = part.trim().parse::<i64>().map_err(|_| {
                        Error::parse(
                            TOKENS,
                            line,
                            format!("({inner}) is not a coordinate (r, c) of integers"),
                        )
                    })?;
                    c.push(n);
                }
                line += inner.matches('\n').count();
                (Token::Coord(c), end + 1)
            }
            ';' => (Token::Semicolon, 1),
            other => {
                return Err(Error::parse(
                    TOKENS,
                    line,
                    format!(
                        "unexpected {other:?}: expected a token <…>, a coordinate (r, c) or ';'"
                    ),
                ))
            }
        };
        out.push((token, line));
        rest = rest.get(len..).unwrap_or_default();
    }
}

/// Reads maze-dataset's tokens (`" ".join(maze.as_tokens(tokenizer))`, plain or indexed
/// coordinates) as the graph of the rooms, with the origin and the target as start and goal
/// (see the [module docs](self)).
///
/// Errors name the line: tokens out of order or unknown, a passage without `<-->` or `;`,
/// a terminal that is not a room of the adjacency list, more passages than the limits allow.
///
/// ```
/// use mazegraph::format::maze_dataset;
/// let g = maze_dataset::parse_tokens(
///     "<ADJLIST_START> (0,0) <--> (0,1) ; ( 0 , 1 ) <--> ( 1 , 1 ) ; <ADJLIST_END> \
///      <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (1,1) <TARGET_END> \
///      <PATH_START> (0,0) (0,1) (1,1) <PATH_END>",
///     &Default::default(),
/// ).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
/// assert_eq!((g.start(), g.goal()), (Some(0), Some(2)));
/// ```
pub fn parse_tokens(text: &str, opts: &ReadOptions) -> Result<Graph> {
    let tokens = lex(text)?;
    let mut it = tokens.into_iter().peekable();
    let last_line = text.matches('\n').count() + 1;
    let mut next = |what: &str| {
        it.next().ok_or_else(|| {
            Error::parse(
                TOKENS,
                last_line,
                format!("the text ends where {what} should be"),
            )
        })
    };
    let expect = |(t, line): (Token<'_>, usize), want: &str| -> Result<()> {
        match t {
            Token::Special(s) if s == want => Ok(()),
            other => Err(Error::parse(
                TOKENS,
                line,
                format!("expected {want}, found {}", describe(&other)),
            )),
        }
    };
    let coord = |(t, line): (Token<'_>, usize), what: &str| -> Result<(Vec<i64>, usize)> {
        match t {
            Token::Coord(c) => Ok((c, line)),
            other => Err(Error::parse(
                TOKENS,
                line,
                format!("expected {what} (r, c), found {}", describe(&other)),
            )),
        }
    };
    expect(next("<ADJLIST_START>")?, "<ADJLIST_START>")?;
    let mut b = GraphBuilder::with_limits(opts.limits);
    let mut rooms: HashSet<Vec<i64>> = HashSet::new();
    loop {
        let tok = next("a passage or <ADJLIST_END>")?;
        if tok.0 == Token::Special("<ADJLIST_END>") {
            break;
        }
        let (u, line) = coord(tok, "a room")?;
        expect(next("<-->")?, "<-->")?;
        let (v, _) = coord(next("a room")?, "a room")?;
        let semi = next("';'")?;
        if semi.0 != Token::Semicolon {
            return Err(Error::parse(
                TOKENS,
                semi.1,
                format!("expected ';' after a passage, found {}", describe(&semi.0)),
            ));
        }
        rooms.insert(u.clone());
        rooms.insert(v.clone());
        let (x, y) = (b.vertex(Label::Coord(u)), b.vertex(Label::Coord(v)));
        b.edge(x, y, 1.0).map_err(|e| match e {
            Error::InvalidGraph(m) => Error::parse(TOKENS, line, m),
            other => other,
        })?;
    }
    if b.edge_count() == 0 {
        return Err(Error::parse(
            TOKENS,
            1,
            "the adjacency list has no passages",
        ));
    }
    let mut terminal = |open: &str, close: &str| -> Result<Option<Label>> {
        let Some((Token::Special(s), _)) = it.peek() else {
            return Ok(None);
        };
        if *s != open {
            return Ok(None);
        }
        it.next();
        let tok = it.next().ok_or_else(|| {
            Error::parse(TOKENS, last_line, format!("the text ends after {open}"))
        })?;
        let (c, line) = coord(tok, "a room")?;
        if !rooms.contains(&c) {
            return Err(Error::parse(
                TOKENS,
                line,
                format!(
                    "{open} {} is not a room of the adjacency list",
                    fmt_coords(&c)
                ),
            ));
        }
        let end = it.next().ok_or_else(|| {
            Error::parse(
                TOKENS,
                last_line,
                format!("the text ends where {close} should be"),
            )
        })?;
        expect(end, close)?;
        Ok(Some(Label::Coord(c)))
    };
    let start = terminal("<ORIGIN_START>", "<ORIGIN_END>")?;
    let goal = terminal("<TARGET_START>", "<TARGET_END>")?;
    if let Some((Token::Special("<PATH_START>"), _)) = it.peek() {
        it.next();
        loop {
            let tok = it.next().ok_or_else(|| {
                Error::parse(
                    TOKENS,
                    last_line,
                    "the text ends where <PATH_END> should be",
                )
            })?;
            match tok {
                (Token::Special("<PATH_END>"), _) => break,
                (Token::Coord(_), _) => {}
                (other, line) => {
                    return Err(Error::parse(
                        TOKENS,
                        line,
                        format!(
                            "expected a room (r, c) or <PATH_END>, found {}",
                            describe(&other)
                        ),
                    ))
                }
            }
        }
    }
    if let Some((t, line)) = it.next() {
        return Err(Error::parse(
            TOKENS,
            line,
            format!(
                "unexpected {} after the maze (expected <ORIGIN_START>, <TARGET_START> or <PATH_START> in this order)",
                describe(&t)
            ),
        ));
    }
    b.set_terminals(start, goal);
    b.finish(&opts.limits)
}

fn describe(t: &Token<'_>) -> String {
    match t {
        Token::Special(s) => s.to_string(),
        Token::Coord(c) => fmt_coords(c),
        Token::Semicolon => "';'".to_string(),
    }
}

/// maze-dataset's token text (`AOTP_UT_uniform`, as [`parse_tokens`] reads it) of a 2-D maze
/// of rooms (a `(2R + 1) × (2C + 1)` grid, room `(r, c)` at cell `(2r + 1, 2c + 1)`, as
/// `generate` makes one) with its solution `path` (cells from start to goal): the passages
/// between rooms in row-major order (down, then right, from each room), the origin and the
/// target (the rooms of the path's ends; an opening on the border stands for the room beside
/// it) and the rooms of the path. `None` when the maze is not such a grid (another number of
/// dimensions, an even side), has portals, or `path` is empty.
///
/// Complexity: O(cells + path).
///
/// ```
/// use mazegraph::format::maze_dataset::tokens;
/// use mazegraph::Maze;
/// // Two rooms side by side, entered from above the first, left below the second.
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let text = tokens(&m, &[1, 6, 7, 8, 13]).unwrap();
/// assert_eq!(text, "<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) \
///     <ORIGIN_END> <TARGET_START> (0,1) <TARGET_END> <PATH_START> (0,0) (0,1) <PATH_END>");
/// ```
pub fn tokens(maze: &Maze, path: &[usize]) -> Option<String> {
    use std::fmt::Write;
    let (&[h, w], false) = (
        maze.shape().dims(),
        path.is_empty() || !maze.portals().is_empty(),
    ) else {
        return None;
    };
    if h < 3 || w < 3 || h % 2 == 0 || w % 2 == 0 {
        return None;
    }
    let (rows, cols) = (h / 2, w / 2);
    let grid = maze.grid();
    let open = |i: usize, j: usize| grid.is_path(i * w + j);
    // About 20 bytes a passage (a tree has rooms − 1) and 6 a room of the path.
    let mut out = String::with_capacity(rows * cols * 20 + path.len() * 4 + 120);
    out.push_str("<ADJLIST_START> ");
    for r in 0..rows {
        for c in 0..cols {
            let (i, j) = (2 * r + 1, 2 * c + 1);
            if r + 1 < rows && open(i, j) && open(i + 1, j) && open(i + 2, j) {
                let _ = write!(out, "({r},{c}) <--> ({},{c}) ; ", r + 1);
            }
            if c + 1 < cols && open(i, j) && open(i, j + 1) && open(i, j + 2) {
                let _ = write!(out, "({r},{c}) <--> ({r},{}) ; ", c + 1);
            }
        }
    }
    // The room of a cell: itself, or the room beside an opening on the border.
    let room = |cell: usize| {
        let (i, j) = (cell / w, cell % w);
        ((i.max(1) - 1) / 2, (j.max(1) - 1) / 2)
    };
    let (first, last) = (room(*path.first()?), room(*path.last()?));
    let _ = write!(
        out,
        "<ADJLIST_END> <ORIGIN_START> ({},{}) <ORIGIN_END> <TARGET_START> ({},{}) <TARGET_END> <PATH_START>",
        first.0, first.1, last.0, last.1
    );
    for &cell in path {
        let (i, j) = (cell / w, cell % w);
        if i % 2 == 1 && j % 2 == 1 {
            let _ = write!(out, " ({},{})", i / 2, j / 2);
        }
    }
    out.push_str(" <PATH_END>");
    Some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn o() -> ReadOptions {
        ReadOptions::default()
    }

    #[test]
    fn adj_list_errors_name_the_pair_and_its_line() {
        let e = parse_adj_list("[[[0, 0], [0, 1]],\n [[1, 1], [1, 1]]]", &o()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: pair 1: self-loop on vertex (1, 1) (a maze cannot link a cell to itself)"
        );
        let e = parse_adj_list("[[[0, 0], [0, 1]],\n [[1, 1]]]", &o()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: pair 1 has 1 coordinates; expected two, [[r, c], [r, c]]"
        );
        let e = parse_adj_list("[]", &o()).unwrap_err();
        assert!(e.to_string().contains("empty adjacency list"), "{e}");
        let e = parse_adj_list("[[[0, 0], []]]", &o()).unwrap_err();
        assert!(e.to_string().contains("an empty coordinate"), "{e}");
        let capped = ReadOptions {
            limits: crate::grid::Limits::cells(1),
            ..o()
        };
        let e = parse_adj_list("[[[0, 0], [0, 1]], [[0, 1], [0, 2]]]", &capped).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        // muutils's wrapper, its format key before or after the data.
        let g = parse_maze(
            r#"{"connection_list": {"data": [[[false, false]], [[true, false]]], "__muutils_format__": "numpy.ndarray:array_list_meta"}}"#,
            &o(),
        )
        .unwrap();
        assert_eq!(g.grid().count_paths(), 3);
    }

    #[test]
    fn tokens_written_are_maze_datasets_own() {
        // maze-dataset's serialized mazes and its tokens of them (tests/foreign): the tokens we
        // write for the maze read from JSON name the same passages, origin, target and path.
        let passages = |text: &str| -> std::collections::BTreeSet<[String; 2]> {
            let list = text
                .split("<ADJLIST_START>")
                .nth(1)
                .and_then(|t| t.split("<ADJLIST_END>").next())
                .unwrap();
            list.split(';')
                .filter(|p| !p.trim().is_empty())
                .map(|p| {
                    let (a, b) = p.split_once("<-->").unwrap();
                    let mut pair = [a.trim().to_string(), b.trim().to_string()];
                    pair.sort();
                    pair
                })
                .collect()
        };
        let tail = |text: &str| {
            text.split("<ADJLIST_END>")
                .nth(1)
                .unwrap()
                .trim()
                .to_string()
        };
        for name in ["md_dfs_4x6", "md_dfs_5x5", "md_wilson_5x5"] {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/foreign/");
            let json = std::fs::read_to_string(format!("{dir}{name}.mazedataset.json")).unwrap();
            let theirs = std::fs::read_to_string(format!("{dir}{name}.tokens")).unwrap();
            let maze = parse_maze(&json, &o()).unwrap();
            let path = crate::solve::solve(&maze, crate::solve::Method::Bfs)
                .unwrap()
                .path
                .unwrap();
            let ours = tokens(&maze, &path).unwrap();
            assert_eq!(passages(&ours), passages(&theirs), "{name}");
            assert_eq!(tail(&ours), tail(&theirs), "{name}");
            let g = parse_tokens(&ours, &o()).unwrap();
            assert_eq!(g.edge_count(), passages(&theirs).len());
        }
        // Not a 2-D maze of rooms: no tokens.
        let m = Maze::from_text_rows(&["#.##", "#..#", "##.#"]).unwrap();
        assert_eq!(tokens(&m, &[1, 5, 6, 10]), None);
    }

    #[test]
    fn serialized_maze_checks_its_array() {
        let e = parse_maze(r#"{"connection_list": [[[true]], [[false]]]}"#, &o()).unwrap_err();
        assert!(
            e.to_string().contains("passage down from room (0, 0)"),
            "{e}"
        );
        let e = parse_maze(r#"{"connection_list": [[[false]]]}"#, &o()).unwrap_err();
        assert!(e.to_string().contains("has 1 layers; expected 2"), "{e}");
        let e = parse_maze(
            r#"{"connection_list": [[[false, false]], [[false]]]}"#,
            &o(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not a [2][1][2] array"), "{e}");
        let e = parse_maze(
            "{\"connection_list\": [[[false]], [[false]]],\n\"start_pos\": [0, 3]}",
            &o(),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: start_pos (0, 3) is not a room of the 1x1 lattice"
        );
        let e = parse_maze(
            r#"{"__muutils_format__": "X", "connection_list": {"__muutils_format__": "numpy.ndarray:array_hex_meta", "hex": "00"}}"#,
            &o(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("array_hex_meta"), "{e}");
        let e = parse_maze(r#"{"__muutils_format__": "X"}"#, &o()).unwrap_err();
        assert!(e.to_string().contains("no \"connection_list\""), "{e}");
    }

    #[test]
    fn tokens_errors_name_the_line() {
        let e = parse_tokens("<ADJLIST_START> (0,0) <--> (0,1)\n <ADJLIST_END>", &o()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: expected ';' after a passage, found <ADJLIST_END>"
        );
        let e = parse_tokens(
            "<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END>\n<ORIGIN_START> (5,5) <ORIGIN_END>",
            &o(),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: <ORIGIN_START> (5, 5) is not a room of the adjacency list"
        );
        let e = parse_tokens("<ADJLIST_START> (0,x) <--> (0,1) ;", &o()).unwrap_err();
        assert!(e.to_string().contains("(0,x) is not a coordinate"), "{e}");
        let e = parse_tokens("<ADJLIST_START> (0,0) <--> (0,1) ;", &o()).unwrap_err();
        assert!(e.to_string().contains("the text ends where"), "{e}");
        let e = parse_tokens("", &o()).unwrap_err();
        assert!(e.to_string().contains("<ADJLIST_START>"), "{e}");
        let e = parse_tokens("hello", &o()).unwrap_err();
        assert!(e.to_string().starts_with("line 1: unexpected 'h'"), "{e}");
        let e = parse_tokens(
            "<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <PATH_START> (0,0) <PATH_END> <EOS>",
            &o(),
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("unexpected <EOS> after the maze"),
            "{e}"
        );
    }

    #[test]
    fn tokens_without_terminals_or_path_read() {
        let g = parse_tokens("<ADJLIST_START> (0,0) <--> (1,0) ; <ADJLIST_END>", &o()).unwrap();
        assert_eq!((g.edge_count(), g.start(), g.goal()), (1, None, None));
    }
}
