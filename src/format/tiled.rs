//! Tiled maze JSON (`.json`): a maze on a [tiling](crate::tiling) of hexagons, triangles,
//! rings or octagons.
//!
//! ```json
//! {"tiling": "sigma", "version": 1, "size": [2, 3], "start": [0, 0], "goal": [1, 2],
//!  "open": [
//!   [[0, 0], [0, 1]],
//!   [[0, 1], [1, 1]]
//!  ]}
//! ```
//!
//! `tiling` is one of [`crate::tiling::NAMES`] and `size` its size (`[rows, cols]`, `[n]`
//! for a board of the tiling's own shape, theta's `[rings]` or `[rings, sectors]`); `open`
//! lists the open walls, each as the two rooms it joins, by their labels (`(row, col)`,
//! `(ring, sector)`, axial `(q, r)` on a hexagon). `start` and `goal` (labels) may be
//! omitted for the tiling's default terminals; `version` is 1; other keys are ignored. The
//! writer puts `tiling` first (a `.json` file is read by its content, and this key tells) and
//! one wall a line.
//!
//! Read as an [`Item`](super::Item), a tiled maze is its graph
//! ([`TiledMaze::to_graph`]): every graph format and solver takes it. [`parse`] gives the
//! tiled maze itself (for pictures).
// Reader code: no unwrap, expect or unchecked indexing that file input could reach.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::ReadOptions;
use crate::error::{Error, Result};
use crate::tiling::{TiledMaze, Tiles, Tiling};
use serde::Deserialize;
use std::io::Write;

const NAME: &str = "json";

/// The version this module reads and writes.
pub const VERSION: u64 = 1;

#[derive(Deserialize)]
struct TiledJson {
    tiling: String,
    #[serde(default)]
    version: Option<u64>,
    size: Vec<i64>,
    #[serde(default)]
    start: Option<Vec<i64>>,
    #[serde(default)]
    goal: Option<Vec<i64>>,
    #[serde(default)]
    open: Vec<[Vec<i64>; 2]>,
}

/// Parses tiled maze JSON. The tiling's size is checked against the limits before anything
/// of its size is allocated; every wall must join two neighbouring rooms of the tiling.
///
/// ```
/// use mazegraph::format::tiled;
/// let text = r#"{"tiling": "delta", "size": [2, 2], "open": [[[0, 0], [0, 1]], [[0, 0], [1, 0]]]}"#;
/// let m = tiled::parse(text, &Default::default()).unwrap();
/// assert_eq!(m.open_count(), 2);
/// let e = tiled::parse(r#"{"tiling": "delta", "size": [2, 2], "open": [[[0, 0], [1, 1]]]}"#, &Default::default());
/// assert_eq!(e.unwrap_err().to_string(), "line 1: open[0]: rooms (0, 0) and (1, 1) are not neighbours");
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<TiledMaze> {
    let doc: TiledJson = serde_json::from_str(text).map_err(|e| super::json_error(NAME, &e))?;
    let line_of = |key: &str| super::key_line(text, key);
    if let Some(v) = doc.version.filter(|&v| v != VERSION) {
        return Err(Error::parse(
            NAME,
            line_of("version"),
            format!("tiled maze JSON version {v}; this mazegraph reads version {VERSION}"),
        ));
    }
    let mut size = Vec::with_capacity(doc.size.len().min(3));
    for &d in &doc.size {
        let d = usize::try_from(d).map_err(|_| {
            Error::parse(
                NAME,
                line_of("size"),
                format!(
                    "size {:?}: every number is a count of rooms, 0 or more",
                    doc.size
                ),
            )
        })?;
        size.push(d);
    }
    let tiling = Tiling::new(&doc.tiling, &size, &opts.limits).map_err(|e| match e {
        Error::TooLarge { .. } | Error::OverBudget { .. } => e,
        other => Error::parse(
            NAME,
            line_of("tiling").max(line_of("size")),
            other.to_string(),
        ),
    })?;
    let mut maze = TiledMaze::closed(tiling);
    let lines = || pair_lines(text);
    for (k, [a, b]) in doc.open.iter().enumerate() {
        let at = |what: String| {
            let line = lines().get(k).copied().unwrap_or(line_of("open"));
            Error::parse(NAME, line, format!("open[{k}]: {what}"))
        };
        let room = |l: &[i64]| {
            maze.tiling().room(l).ok_or_else(|| {
                at(format!(
                    "room {} is not in the {} tiling of size {}",
                    crate::grid::fmt_coords(l),
                    maze.tiling().name(),
                    maze.tiling().size_text()
                ))
            })
        };
        let (ra, rb) = (room(a)?, room(b)?);
        if maze.set_open(ra, rb, true).is_err() {
            return Err(at(format!(
                "rooms {} and {} are not neighbours",
                crate::grid::fmt_coords(a),
                crate::grid::fmt_coords(b)
            )));
        }
    }
    let (mut start, mut goal) = (maze.start(), maze.goal());
    for (key, given, slot) in [
        ("start", &doc.start, &mut start),
        ("goal", &doc.goal, &mut goal),
    ] {
        if let Some(l) = given {
            *slot = maze.tiling().room(l).ok_or_else(|| {
                Error::parse(
                    NAME,
                    line_of(key),
                    format!(
                        "{key} {} is not a room of the {} tiling of size {}",
                        crate::grid::fmt_coords(l),
                        maze.tiling().name(),
                        maze.tiling().size_text()
                    ),
                )
            })?;
        }
    }
    maze.set_terminals(start, goal)?;
    if let Tiling::Weave(w) = maze.tiling() {
        w.check(&maze).map_err(|e| {
            let why = match e {
                Error::InvalidMaze(why) => why,
                other => other.to_string(),
            };
            Error::parse(NAME, line_of("open"), why)
        })?;
    }
    Ok(maze)
}

/// The key of the PNG text chunk naming a tiled maze picture's tiling and size
/// (`sigma 6x8`), written by [`crate::tiling::draw::TiledPicture::write_png`].
pub const PNG_KEY: &str = "mazegraph-tiling";

/// Reads a PNG picture of a tiled maze written by mazegraph: `None` when the PNG has no
/// [`PNG_KEY`] chunk (any other maze picture). The chunk says which tiling to look for; the
/// maze is read from the pixels and checked against them ([`crate::tiling::picture`]). The
/// picture's size and the tiling's rooms are checked against the limits before decoding.
///
/// ```
/// use mazegraph::format::{tiled, Format, Item};
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{draw::TiledPicture, TiledMaze, Tiling};
/// let t = Tiling::new("upsilon", &[4, 6], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Prim), &mut rng_from_seed(3)).unwrap();
/// let mut png = Vec::new();
/// TiledPicture::new(&m, 12.0, None).write_png(&mut png).unwrap();
/// assert_eq!(tiled::read_png(&png, &Default::default()).unwrap(), Some(m.clone()));
/// let Item::Graph(g) = Format::Png.read(&png, &Default::default()).unwrap() else { panic!() };
/// assert_eq!(g.difference(&m.to_graph()), None);
/// ```
pub fn read_png(bytes: &[u8], opts: &ReadOptions) -> Result<Option<TiledMaze>> {
    // Any other PNG (or bytes that are no PNG) is left to the picture reader, untouched: the
    // chunk comes before the image data, in the file's first few hundred bytes.
    let key = [&b"tEXt"[..], PNG_KEY.as_bytes()].concat();
    let head = bytes.get(..bytes.len().min(1 << 16)).unwrap_or(bytes);
    if !head.windows(key.len()).any(|w| w == key) {
        return Ok(None);
    }
    let head = super::png::header(bytes)?;
    let Some((_, text)) = head.text.iter().find(|(k, _)| k == PNG_KEY) else {
        return Ok(None);
    };
    let bad = || Error::Corrupt {
        format: "png",
        message: format!(
            "its {PNG_KEY} chunk {text:?} is not a tiling and a size such as \"sigma 6x8\""
        ),
    };
    let (name, size) = text.split_once(' ').ok_or_else(bad)?;
    let size = size
        .split('x')
        .map(|d| d.trim().parse::<usize>())
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|_| bad())?;
    let tiling = Tiling::new(name, &size, &opts.limits).map_err(|e| match e {
        Error::TooLarge { .. } | Error::OverBudget { .. } => e,
        _ => bad(),
    })?;
    // The decoded picture and the one drawn to check it: 3 and 4 bytes a pixel.
    let pixels = (head.width as u64).saturating_mul(head.height as u64);
    opts.limits
        .check_bytes("reading this tiled maze picture", pixels.saturating_mul(7))?;
    let (w, h, mut rgb) = super::png::decode_rgb(bytes, &opts.limits)?;
    // A legend strip under the maze is left out.
    let legend = head
        .text
        .iter()
        .find(|(k, _)| k == crate::legend::PNG_KEYWORD)
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .filter(|&rows| rows < h)
        .unwrap_or(0);
    rgb.truncate(w * (h - legend) * 3);
    crate::tiling::picture::read(w, h - legend, &rgb, tiling).map(Some)
}

/// The line of each element of the `"open"` list (found by scanning its brackets).
fn pair_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let Some(key) = text.find("\"open\"") else {
        return out;
    };
    let b = text.as_bytes();
    let mut line = 1 + text[..key].matches('\n').count();
    let mut depth = 0usize;
    for &c in b.iter().skip(key + 6) {
        match c {
            b'\n' => line += 1,
            b'[' => {
                depth += 1;
                if depth == 2 {
                    out.push(line);
                }
            }
            b']' => {
                if depth <= 1 {
                    break;
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    out
}

/// Writes a tiled maze as JSON, one open wall a line.
///
/// Complexity: O(rooms + walls) time; streamed through a 64 KiB buffer.
///
/// ```
/// use mazegraph::format::tiled;
/// use mazegraph::tiling::{TiledMaze, Tiling};
/// let mut m = TiledMaze::closed(Tiling::new("upsilon", &[1, 2], &Default::default()).unwrap());
/// m.set_open(0, 1, true).unwrap();
/// let mut out = Vec::new();
/// tiled::write(&m, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text, "{\"tiling\": \"upsilon\", \"version\": 1, \"size\": [1, 2], \"start\": [0, 0], \"goal\": [0, 1],\n \"open\": [\n  [[0, 0], [0, 1]]\n ]}\n");
/// assert_eq!(tiled::parse(&text, &Default::default()).unwrap(), m);
/// ```
pub fn write(maze: &TiledMaze, out: &mut dyn Write) -> Result<()> {
    let t = maze.tiling();
    let list = |l: &[i64]| l.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 16);
    write!(
        buf,
        "{{\"tiling\": \"{}\", \"version\": {VERSION}, \"size\": [{}], \"start\": [{}], \"goal\": [{}],\n \"open\": [",
        t.name(),
        t.size()
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        list(&t.label(maze.start())),
        list(&t.label(maze.goal())),
    )?;
    let adj = maze.adjacency();
    let mut first = true;
    for e in maze.open().ones() {
        let [a, b] = adj.ends(e as u32);
        let (la, lb) = (t.label(a), t.label(b));
        buf.extend_from_slice(if first { b"\n  [[" } else { b",\n  [[" });
        first = false;
        for (i, l) in [la, lb].iter().enumerate() {
            if i > 0 {
                buf.extend_from_slice(b"], [");
            }
            for (j, x) in l.iter().enumerate() {
                if j > 0 {
                    buf.extend_from_slice(b", ");
                }
                write!(buf, "{x}")?;
            }
        }
        buf.extend_from_slice(b"]]");
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(b"\n ]}\n");
    out.write_all(&buf)?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm, Options};

    #[test]
    fn every_tiling_round_trips() {
        for t in crate::tiling::tests::small() {
            let m = TiledMaze::generate(t, &Options::new(Algorithm::Prim), &mut rng_from_seed(4))
                .unwrap();
            let mut out = Vec::new();
            write(&m, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(parse(&text, &Default::default()).unwrap(), m, "{text}");
        }
    }

    #[test]
    fn bad_files_name_their_line() {
        let o = ReadOptions::default();
        let err = |t: &str| parse(t, &o).unwrap_err().to_string();
        let text = "{\"tiling\": \"sigma\", \"size\": [2, 2],\n \"open\": [\n  [[0, 0], [0, 1]],\n  [[0, 0], [7, 7]]\n ]}";
        assert_eq!(
            err(text),
            "line 4: open[1]: room (7, 7) is not in the sigma tiling of size 2x2"
        );
        assert_eq!(
            err("{\"tiling\": \"pentagon\", \"size\": [2, 2]}"),
            "line 1: unknown tiling \"pentagon\" (known: sigma, sigma-flat, delta, theta, upsilon, weave)"
        );
        assert!(err("{\"tiling\": \"theta\",\n \"size\": [4, 2]}")
            .starts_with("line 2: theta's ring 1 has from 3"));
        assert!(err("{\"tiling\": \"theta\", \"size\": [-4]}").contains("0 or more"));
        assert!(
            err("{\"tiling\": \"sigma\", \"size\": [2, 2], \"version\": 2}").contains("version 2")
        );
        assert!(
            err("{\"tiling\": \"sigma\", \"size\": [2, 2],\n\"goal\": [5, 5]}")
                .starts_with("line 2: goal (5, 5)")
        );
        let big = ReadOptions {
            limits: crate::grid::Limits::cells(100),
            ..Default::default()
        };
        let e = parse(
            "{\"tiling\": \"sigma\", \"size\": [1000000, 1000000]}",
            &big,
        )
        .unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        let e = parse(
            "{\"tiling\": \"theta\", \"size\": [9223372036854775807, 3]}",
            &big,
        )
        .unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    }
}
