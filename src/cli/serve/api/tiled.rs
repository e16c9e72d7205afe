//! The API's tiled mazes (hexagons, triangles, rings, octagons, weaves): what `generate`,
//! `solve`, `stats`, `convert` and `upload` do when the request names a tiling or holds a
//! tiled maze. A tiled maze travels as the CLI's tiled maze JSON
//! ([`mazegraph::format::tiled`]), and a reply that brings one adds its [geometry](geometry)
//! for the page to draw at any zoom.
//!
//! Every reply is estimated before the work ([`reply_bytes`], from the tiling's size alone)
//! and that estimate, with the maze's own memory ([`mazegraph::tiling::bytes_needed`]), is
//! taken from the server's budget; the room count is checked against `--max-cells` first.

use super::{bad, json_reply, Answer, Api, Failure, Held};
use mazegraph::format::{tiled, Format, Holds};
use mazegraph::generate::{rng_from_seed, Algorithm, Options};
use mazegraph::solve::Method;
use mazegraph::stats::cell_graph_stats;
use mazegraph::tiling::draw::{picture_size, TiledPicture};
use mazegraph::tiling::overlay;
use mazegraph::tiling::solve as tsolve;
use mazegraph::tiling::{maze::check_options, Side, TiledMaze, Tiles, Tiling};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// The most sides a room of `tiling` has, on average over its rooms (theta's centre has as
/// many as ring 1 has rooms, each of which has at most 5: 6 on average at most).
fn sides_per_room(tiling: &Tiling) -> u64 {
    match tiling {
        Tiling::Sigma(_) => 6,
        Tiling::Delta(_) => 3,
        Tiling::Theta(_) => 6,
        Tiling::Upsilon(_) => 8,
        Tiling::Weave(_) => 4,
    }
}

/// The neighbours a room of `tiling` has at most (the budget's degree).
fn degree(tiling: &Tiling) -> u64 {
    match tiling {
        Tiling::Weave(_) => 8,
        t => sides_per_room(t),
    }
}

/// Characters of a number written by [`num`] for a tiling whose coordinates are at most
/// `reach` from the origin: a sign, the whole part, a point and 3 decimals.
fn number_width(reach: f64) -> u64 {
    let whole = reach.abs().max(1.0).log10().floor() as u64 + 1;
    whole + 5
}

/// Characters of a room number below `rooms`.
fn index_width(rooms: u64) -> u64 {
    rooms.max(10).ilog10() as u64 + 1
}

/// The most bytes a reply bringing a maze on `tiling` takes ([`write_reply`]: its tiled maze
/// JSON and its geometry), from the tiling's size alone: counted before the maze is made.
///
/// Per room: its label and centre, each of its sides (four coordinates, the neighbour, two
/// flags), its open walls in the tiled JSON (with loops or braid every wall may be open:
/// each one line of two labels) and a tunnel; plus a fixed head.
pub fn reply_bytes(tiling: &Tiling) -> u64 {
    let rooms = tiling.room_count() as u64;
    let [lo, hi] = tiling.bounds();
    let reach = [lo[0], lo[1], hi[0], hi[1]]
        .iter()
        .fold(0f64, |m, x| m.max(x.abs()));
    let number = number_width(reach);
    let index = index_width(rooms);
    // A label's coordinates are room counts along an axis (or axial coordinates, signed).
    let coord = index + 1;
    let label = 2 * coord + 3;
    let side = 4 * number + (index + 1) + 2 + 10;
    let wall = 2 * label + 8;
    let per_room = label
        + 2 * number
        + 6
        + sides_per_room(tiling) * side
        + 4
        + degree(tiling).div_ceil(2) * wall
        + (3 * index + 4);
    rooms.saturating_mul(per_room).saturating_add(4096)
}

/// A coordinate as the geometry writes it: at most 3 decimals, no trailing zeros.
fn num(out: &mut String, x: f64) {
    let mut s = format!("{x:.3}");
    if s.contains('.') {
        let t = s.trim_end_matches('0').trim_end_matches('.').len();
        s.truncate(t);
    }
    if s == "-0" {
        s = "0".into();
    }
    out.push_str(&s);
}

/// Writes the maze's geometry as a JSON object: what the page draws and walks on.
///
/// ```json
/// {"tiling": "sigma", "size": [4, 5], "rooms": 20, "bounds": [x0, y0, x1, y1],
///  "start": 0, "goal": 19,
///  "labels": [[0, 0], [0, 1], …],
///  "centres": [[x, y], …],
///  "sides": [[[ax, ay, bx, by, arc, neighbour, open], …], …],
///  "tunnels": [[a, b, under], …]}
/// ```
///
/// Rooms are numbered `0..rooms` (the tiling's order); coordinates are in room units (`y`
/// down, neighbouring centres about one apart). Each room's sides go round it in order: a
/// segment from `a` to `b`, or (`arc` 1) the shorter arc about the origin from `a` to `b`;
/// `neighbour` is the room behind it (-1: the outer boundary) and `open` is 1 when the wall
/// there is open. `tunnels` are a weave's open passages under a room: between `a` and `b`,
/// under `under`. `start` and `goal` are rooms.
///
/// Complexity: O(rooms · sides) time; the text.
pub fn geometry(maze: &TiledMaze, out: &mut String) {
    let t = maze.tiling();
    let n = t.room_count();
    let [lo, hi] = t.bounds();
    let _ = write!(
        out,
        "{{\"tiling\":\"{}\",\"size\":{:?},\"rooms\":{n},\"bounds\":[",
        t.name(),
        t.size()
    );
    for (k, x) in [lo[0], lo[1], hi[0], hi[1]].into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        num(out, x);
    }
    let _ = write!(
        out,
        "],\"start\":{},\"goal\":{},\"labels\":[",
        maze.start(),
        maze.goal()
    );
    for v in 0..n as u32 {
        if v > 0 {
            out.push(',');
        }
        let l = t.label(v);
        let _ = write!(out, "[{},{}]", l[0], l.get(1).copied().unwrap_or(0));
    }
    out.push_str("],\"centres\":[");
    for v in 0..n as u32 {
        if v > 0 {
            out.push(',');
        }
        let [x, y] = t.centre(v);
        out.push('[');
        num(out, x);
        out.push(',');
        num(out, y);
        out.push(']');
    }
    out.push_str("],\"sides\":[");
    let mut sides: Vec<Side> = Vec::with_capacity(8);
    for v in 0..n as u32 {
        mazegraph::stop::check();
        if v > 0 {
            out.push(',');
        }
        sides.clear();
        t.sides(v, &mut sides);
        out.push('[');
        for (k, s) in sides.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push('[');
            for x in [s.a[0], s.a[1], s.b[0], s.b[1]] {
                num(out, x);
                out.push(',');
            }
            let (behind, open) = match s.neighbour {
                Some(u) => (i64::from(u), u8::from(maze.is_open(v, u))),
                None => (-1, 0),
            };
            let _ = write!(out, "{},{behind},{open}]", u8::from(s.arc));
        }
        out.push(']');
    }
    out.push_str("],\"tunnels\":[");
    let adj = maze.adjacency();
    let mut first = true;
    for e in maze.open().ones() {
        let [a, b] = adj.ends(e as u32);
        if let Some(m) = t.under(a, b) {
            let _ = write!(out, "{}[{a},{b},{m}]", if first { "" } else { "," });
            first = false;
        }
    }
    out.push_str("]}");
}

/// The reply bringing `maze`: `{"tiled": TILED MAZE JSON, "geometry": …}` and `extra`'s
/// members (the seed, an upload's notes), written once, in a buffer reserved beforehand.
fn write_reply(maze: &TiledMaze, extra: &[(&str, Value)]) -> Result<String, Failure> {
    let size = reply_bytes(maze.tiling());
    let mut out = String::new();
    out.try_reserve(usize::try_from(size).unwrap_or(usize::MAX))
        .map_err(|_| Failure::from(mazegraph::Error::OutOfMemory { bytes: size }))?;
    out.push_str("{\"tiled\":");
    let mut text = Vec::new();
    tiled::write(maze, &mut text)?;
    out.push_str(&String::from_utf8_lossy(&text));
    drop(text);
    out.push_str(",\"geometry\":");
    geometry(maze, &mut out);
    for (key, value) in extra {
        let _ = write!(out, ",{}:{value}", Value::from(*key));
    }
    out.push('}');
    Ok(out)
}

impl Api {
    /// Reserves the work on a maze of `tiling` and its reply, from the budget: the room
    /// count against `--max-cells` (done by [`Tiling::new`]), the bytes against the whole
    /// budget.
    fn reserve_tiled(&self, tiling: &Tiling, what: &str) -> Result<Held, Failure> {
        let rooms = tiling.room_count() as u64;
        let bytes = mazegraph::tiling::bytes_needed(rooms, degree(tiling))
            .saturating_add(reply_bytes(tiling));
        self.opts.limits.check_bytes(what, bytes)?;
        Ok(self.budget.reserve_blocking(what, bytes)?)
    }

    /// `generate` with a `tiling`: the options the CLI's `generate --tiling` takes (a
    /// generator that carves graphs, loops, braid, a seed), refused as it refuses them.
    pub(super) fn generate_tiled(&self, req: &super::GenerateRequest, name: &str) -> Answer {
        for (given, key) in [
            (req.shape.as_deref().is_some_and(|s| s != "box"), "shape"),
            (req.turns.is_some(), "turns"),
            (req.closed, "closed"),
            (req.keep.is_some(), "keep"),
        ] {
            if given {
                return Err(bad(format!(
                    "a tiling takes no {key:?} (it applies to square-grid mazes)"
                )));
            }
        }
        let mut algorithm = Algorithm::from_name(&req.algorithm)?;
        if let Some(p) = &req.pick {
            algorithm = super::with_pick(algorithm, p)?;
        }
        // The generator first, as the CLI refuses it: it needs no tiling.
        mazegraph::generate::graph::check(algorithm, &format!("{name} tilings"))?;
        let tiling = Tiling::new(name, &req.size, &self.opts.limits).map_err(|e| {
            let size: Vec<String> = req.size.iter().map(usize::to_string).collect();
            let mut f = Failure::from(e);
            f.1 = format!("tiling {name} of size {}: {}", size.join("x"), f.1);
            f
        })?;
        let opts = Options {
            algorithm,
            loops: req.loops,
            braid: req.braid,
        };
        check_options(&tiling, &opts)?;
        let held = self.reserve_tiled(
            &tiling,
            &format!("generating a {name} maze of {} rooms", tiling.room_count()),
        )?;
        let seed = req.seed.unwrap_or_else(super::fresh_seed);
        let maze = TiledMaze::generate(tiling, &opts, &mut rng_from_seed(seed))?;
        let text = write_reply(&maze, &[("seed", json!(seed))])?;
        Ok(text_reply(text).holding(held))
    }

    /// The tiled maze of a request (tiled maze JSON, read by the CLI's reader under the
    /// limits), with its work and reply reserved.
    fn tiled_maze(&self, text: &str, what: &str) -> Result<(TiledMaze, Held), Failure> {
        // The size first, cheaply: the reader checks the room count before it allocates,
        // and the budget is taken before the maze is made.
        #[derive(serde::Deserialize)]
        struct Head {
            tiling: String,
            size: Vec<usize>,
        }
        let head: Head = serde_json::from_str(text)
            .map_err(|e| bad(format!("\"tiled\" is not a tiled maze: {e}")))?;
        let tiling = Tiling::new(&head.tiling, &head.size, &self.opts.limits)?;
        let held = self.reserve_tiled(&tiling, what)?;
        let maze = tiled::parse(text, &self.opts)?;
        Ok((maze, held))
    }

    /// `solve` of a tiled maze: `bfs`, `astar` or `dead-end` (filling, then a search in the
    /// rooms left); the path as rooms, and with `steps` the fill order and the BFS layers.
    pub(super) fn solve_tiled(&self, text: &str, method: Option<&str>, steps: bool) -> Answer {
        let method = Method::from_name(method.unwrap_or("dead-end"))?;
        if !matches!(method, Method::DeadEnd | Method::Bfs | Method::AStar) {
            return Err(bad(format!(
                "the method {} walks a square grid's corridors; a tiled maze is solved here by dead-end, bfs or astar",
                method.name()
            )));
        }
        let (maze, held) = self.tiled_maze(text, "solving a tiled maze")?;
        let n = maze.tiling().room_count();
        let fill = (steps || method == Method::DeadEnd).then(|| tsolve::fill_order(&maze));
        let (found, kept) = match method {
            Method::AStar => (tsolve::astar(&maze), n),
            Method::Bfs => (tsolve::bfs(&maze, None), n),
            _ => {
                let mut rooms = fixedbitset::FixedBitSet::with_capacity(n);
                rooms.insert_range(..);
                for &v in fill.iter().flatten() {
                    rooms.set(v as usize, false);
                }
                (tsolve::bfs(&maze, Some(&rooms)), rooms.count_ones(..))
            }
        };
        let mut answer = json!({
            "method": method.name(),
            "start": maze.start(),
            "goal": maze.goal(),
            "length": found.path.as_ref().map(|p| p.len().saturating_sub(1)),
            "path": found.path,
            "kept_count": kept,
            "visited": found.visited,
        });
        if steps {
            answer["fill"] = json!(fill);
            answer["layers"] = json!(tsolve::bfs_layers(&maze));
        }
        Ok(json_reply(&answer).holding(held))
    }

    /// `attractor` of a tiled maze: the goal's attractor in the maze oriented away from its
    /// start, as `/api/attractor` gives a square maze's, by rooms: the rooms of each rank,
    /// the strategy's moves, and whether the start is in it.
    pub(super) fn attractor_tiled(&self, text: &str) -> Answer {
        let (maze, held) = self.tiled_maze(text, "the attractor of a tiled maze")?;
        let a = overlay::attractor(&maze, mazegraph::game::Player::Zero)?;
        let top = a.iter().map(|r| r.rank).max();
        let mut ranks: Vec<Vec<u32>> = vec![Vec::new(); top.map_or(0, |t| t as usize + 1)];
        for r in &a {
            ranks[r.rank as usize].push(r.room);
        }
        let strategy: Vec<[u32; 2]> = a.iter().filter_map(|r| Some([r.room, r.next?])).collect();
        Ok(json_reply(&json!({
            "start": maze.start(),
            "goal": maze.goal(),
            "ranks": ranks,
            "strategy": strategy,
            "start_attracted": a.iter().any(|r| r.room == maze.start()),
            "size": a.len(),
        }))
        .holding(held))
    }

    /// `stats` of a tiled maze: `mazegraph stats --json`'s figures of its graph.
    pub(super) fn stats_tiled(&self, text: &str) -> Answer {
        let (maze, held) = self.tiled_maze(text, "the statistics of a tiled maze")?;
        let stats = cell_graph_stats(&maze.to_graph(), None);
        let v = serde_json::to_value(&stats).map_err(|e| bad(e.to_string()))?;
        Ok(json_reply(&v).holding(held))
    }

    /// `convert` of a tiled maze: its tiled maze JSON (`json`), its picture (`svg`, `png`, at
    /// the CLI's default scale, with its solution when `solution`), or its graph in a graph
    /// format; anything else is refused in one line.
    pub(super) fn convert_tiled(&self, to: &str, text: &str, solution: bool) -> Answer {
        let picture = mazegraph::render::PictureFormat::from_name(to).ok();
        let graph = Format::from_name(to)
            .ok()
            .filter(|f| f.holds() == Holds::Graph && f.is_writable());
        if picture.is_none() && graph.is_none() && !matches!(to, "json" | "tiled") {
            return Err(bad(format!(
                "a tiled maze is written as json, svg, png or a graph format ({}), not {to}",
                mazegraph::format::graph_format_names()
            )));
        }
        let (maze, held) = self.tiled_maze(text, "writing a tiled maze")?;
        let path = if solution { maze.solution() } else { None };
        let (mime, file, out) = if let Some(p) = picture {
            let scale = crate::cli::tiled::auto_scale(maze.tiling());
            let (w, h) = picture_size(maze.tiling(), scale);
            crate::cli::budget::check_pixels(w as u64, h as u64, self.opts.limits.max_cells)
                .map_err(|e| bad(e.to_string()))?;
            let bytes = (w as u64).saturating_mul(h as u64).saturating_mul(5);
            let _drawing =
                self.budget
                    .reserve_more_blocking(&held, &format!("a {w}×{h} picture"), bytes)?;
            let pic = TiledPicture::new(&maze, scale, path.as_deref());
            let mut out = Vec::new();
            match p {
                mazegraph::render::PictureFormat::Png => {
                    pic.write_png(&mut out)?;
                    ("image/png", "maze.png", out)
                }
                mazegraph::render::PictureFormat::Svg => {
                    pic.write_svg(&mut out)?;
                    ("image/svg+xml", "maze.svg", out)
                }
            }
        } else if let Some(f) = graph {
            let mut out = Vec::new();
            f.write_graph(&maze.to_graph(), &mut out)?;
            let name = format!("maze.{}", f.extensions()[0]);
            let mime = if f.is_binary() {
                "application/octet-stream"
            } else {
                "text/plain; charset=utf-8"
            };
            return Ok(super::Reply::bytes(200, mime, out, Some(name)).holding(held));
        } else {
            let mut out = Vec::new();
            tiled::write(&maze, &mut out)?;
            ("application/json", "maze.json", out)
        };
        Ok(super::Reply::bytes(200, mime, out, Some(file.into())).holding(held))
    }

    /// `upload` of a tiled maze (its JSON, or its PNG written by mazegraph): the reply
    /// [`Api::generate_tiled`] gives, with the reader's notes.
    pub(super) fn upload_tiled(&self, maze: TiledMaze, notes: Vec<String>) -> Answer {
        let held = self.reserve_tiled(maze.tiling(), "an uploaded tiled maze")?;
        let text = write_reply(&maze, &[("notes", json!(notes))])?;
        Ok(text_reply(text).holding(held))
    }
}

/// A 200 JSON reply of text already written.
fn text_reply(text: String) -> super::Reply {
    super::Reply::bytes(200, "application/json", text.into_bytes(), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegraph::generate::Algorithm;

    /// The reply's estimate holds every reply, with loops enough to open most walls, and
    /// is not more than a few times the reply.
    #[test]
    fn the_reply_estimate_holds_the_reply() {
        for (name, size) in [
            ("sigma", vec![7, 9]),
            ("sigma", vec![6]),
            ("sigma-flat", vec![40, 3]),
            ("delta", vec![5, 12]),
            ("delta", vec![9]),
            ("theta", vec![6]),
            ("theta", vec![3, 40]),
            ("upsilon", vec![8, 6]),
            ("weave", vec![9, 9]),
            ("sigma", vec![1, 2]),
            ("sigma", vec![60, 70]),
        ] {
            let t = Tiling::new(name, &size, &Default::default()).unwrap();
            let estimate = reply_bytes(&t);
            let mut opts = Options::new(if name == "weave" {
                Algorithm::Kruskal
            } else {
                Algorithm::Backtracker
            });
            if name != "weave" {
                // Every wall open: the longest reply.
                let walls = mazegraph::tiling::Adjacency::of(&t).edge_count();
                opts.loops = walls + 1 - t.room_count();
            }
            let m = TiledMaze::generate(t, &opts, &mut rng_from_seed(1)).unwrap();
            let text = write_reply(&m, &[("seed", json!(u64::MAX))]).unwrap();
            let len = text.len() as u64;
            assert!(len <= estimate, "{name} {size:?}: {len} > {estimate}");
            assert!(
                estimate <= 4 * len + 4096,
                "{name} {size:?}: {estimate} ≫ {len}"
            );
            let v: Value = serde_json::from_str(&text).unwrap();
            let g = &v["geometry"];
            let rooms = m.tiling().room_count();
            assert_eq!(g["rooms"], json!(rooms));
            assert_eq!(g["sides"].as_array().unwrap().len(), rooms);
            // The tiled JSON reads back as the same maze.
            let back = tiled::parse(&v["tiled"].to_string(), &Default::default()).unwrap();
            assert_eq!(back, m);
        }
    }

    #[test]
    fn open_sides_are_the_open_walls_and_tunnels_are_weaves() {
        let t = Tiling::new("weave", &[8, 8], &Default::default()).unwrap();
        let m = TiledMaze::generate(t, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(5))
            .unwrap();
        let mut text = String::new();
        geometry(&m, &mut text);
        let g: Value = serde_json::from_str(&text).unwrap();
        let mut open = 0;
        for (v, sides) in g["sides"].as_array().unwrap().iter().enumerate() {
            for s in sides.as_array().unwrap() {
                let (u, o) = (s[5].as_i64().unwrap(), s[6].as_u64().unwrap());
                if u >= 0 {
                    assert_eq!(o == 1, m.is_open(v as u32, u as u32));
                    open += o;
                }
            }
        }
        let tunnels = g["tunnels"].as_array().unwrap().len() as u64;
        // Each open wall seen from both rooms; the tunnels are the rest of the open walls.
        assert_eq!(open / 2 + tunnels, m.open_count() as u64);
        assert!(tunnels > 0, "seed 5 weaves no tunnel");
    }

    #[test]
    fn numbers_are_short() {
        let mut s = String::new();
        for x in [1.0, -0.0001, 0.5, -2.25, 1.23456] {
            num(&mut s, x);
            s.push(' ');
        }
        assert_eq!(s, "1 0 0.5 -2.25 1.235 ");
    }
}
