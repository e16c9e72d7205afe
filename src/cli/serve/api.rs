//! The playground's JSON API: one function per endpoint, each a thin layer over the library.
//!
//! | endpoint | method | body | answer |
//! |---|---|---|---|
//! | `info` | GET | – | generators, shapes, formats (exactly those `convert` writes), the tilings with their generators and formats, the picture palette, the limits |
//! | `generate` | POST | `{"size": [r0, r1, …], "algorithm", "seed", "loops", "braid", "shape", "turns", "pick", "closed", "keep"}`; or with `"tiling"` | `{"maze": MAZE, "seed"}`; a tiling's `{"tiled": TILED, "geometry": …, "seed"}` ([`tiled`]) |
//! | `solve` | POST | `{"maze": MAZE, "method", "steps"}` or `{"tiled": TILED, …}` | length, path, kept count; with `steps`, the fill order and the BFS layers |
//! | `attractor` | POST | `{"maze": MAZE}` | the goal's attractor in the oriented game: ranks, strategy |
//! | `stats` | POST | `{"maze": MAZE}` | `mazegraph stats --json`'s figures |
//! | `pursuit` | POST | `{"maze": MAZE, "wolf": CELL, "sheep": [CELL, …], "turn": "sheep"}` | the wolf and the sheep ([`mazegraph::game::arena`]): each sheep's capture time and the best move of the piece to move; the fate of every path cell |
//! | `convert?to=FORMAT` | POST | `{"maze": MAZE}`, or `{"tiled": TILED, "solution"}` | the file, as an attachment |
//! | `upload?name=FILE` | POST | the file's bytes | `{"maze": MAZE, "notes": […]}`; a tiled maze's JSON or PNG: `{"tiled": TILED, "geometry": …, "notes"}` |
//!
//! `MAZE` is the maze JSON format ([`mazegraph::format::json`]): shape, cells, start, goal,
//! portals. Cells in answers are flat row-major indices into `cells`. `TILED` is the CLI's
//! tiled maze JSON ([`mazegraph::format::tiled`]): a maze of hexagons, triangles, rings,
//! octagons or a weave, which `generate` (with `"tiling"`), `solve`, `stats`, `convert` (to
//! `json`, `svg`, `png` or a graph format) and `upload` take; rooms in answers are the
//! tiling's room numbers, and a reply bringing a tiled maze adds its geometry ([`tiled`]). Errors are
//! `{"error": "one line"}` with a 4xx status: 413 when an input is over a limit, 404 for an
//! unknown endpoint, 405 for a wrong method, 400 for anything else wrong with the request,
//! 503 (with `Retry-After`) when the server's memory budget is taken by other requests. The
//! library's messages give the command line's advice (`raise it with --max-cells`); the API
//! says it in the server's words ([`in_server_words`]).
//!
//! Each endpoint's work takes its estimate (the command line's: [`Work::bytes_per_cell`] of
//! the maze, [`GENERATE_BYTES_PER_CELL`] for a generation) from the server's one memory
//! budget ([`Budget`]) before it starts, and gives it back when its answer has been sent.

mod tiled;

use super::budget::{Budget, Held, Refusal};
use super::http::Reply;
use crate::cli::budget::{self, Work};
use mazegraph::convert::to_maze;
use mazegraph::format::{Format, Holds, Item, ReadOptions};
use mazegraph::game::arena::{Arena, Piece, Position, Pursuit, Rules};
use mazegraph::game::format::GameFormat;
use mazegraph::game::{attractor, orient, Player};
use mazegraph::generate::{
    generate, rng_from_seed, shaped_lattice, Algorithm, Figure, Options, Pick,
};
use mazegraph::layout::Layout;
use mazegraph::render;
use mazegraph::solve::{solve_between, steps, Method};
use mazegraph::stats::cell_graph_stats;
use mazegraph::{Graph, Maze};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;

/// The largest request body read, in bytes (a maze of 16 million cells in maze JSON, or a
/// 16 MB picture); the global limits then apply to what it holds.
pub const MAX_BODY: u64 = 16 << 20;

/// Bytes per cell a generation takes at most, counted before it starts: the generators' work
/// space (a union-find or a stack of 8-byte indices), the grid and the answer's text.
const GENERATE_BYTES_PER_CELL: u64 = 24;

/// The most sheep one `pursuit` request asks about (each costs a breadth-first search of the
/// maze for its move's tie-break).
pub const MAX_SHEEP: usize = 64;

/// A 200 JSON answer.
fn json_reply(v: &Value) -> Reply {
    Reply::bytes(200, "application/json", v.to_string().into_bytes(), None)
}

/// A failed request: its status and message.
#[derive(Debug)]
struct Failure(u16, String);

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        match r {
            Refusal::TooLarge(e) => e.into(),
            Refusal::Busy(message) => Failure(503, message),
        }
    }
}

impl From<mazegraph::Error> for Failure {
    fn from(e: mazegraph::Error) -> Failure {
        use mazegraph::Error as E;
        let status = match e {
            E::TooLarge { .. } | E::OverBudget { .. } | E::OutOfMemory { .. } => 413,
            _ => 400,
        };
        Failure(status, e.to_string())
    }
}

/// The command line's advice in errors, and what it means to the API's users (the page's,
/// in a browser): the limits are the server's, set by whoever started it, and a request says
/// what a command's flags say. [`in_server_words`] replaces the first with the second.
const SERVER_WORDS: [(&str, &str); 12] = [
    (
        "more than the limit of ",
        "more than the server's limit of ",
    ),
    (
        "(raise it with --max-cells)",
        "(whoever started the server can raise it with --max-cells)",
    ),
    (
        "more than the memory budget of ",
        "more than the server's memory budget of ",
    ),
    (
        "(raise it with --max-memory)",
        "(whoever started the server can raise it with --max-memory)",
    ),
    (", --max-memory)", ", set by the server's --max-memory)"),
    (
        "(give the cell size with --cells PITCH[,WALL], or --cells pixel)",
        "(the server reads pictures with its --cells setting: whoever started it can give the \
         cell size with --cells PITCH[,WALL], or --cells pixel)",
    ),
    (
        "--cells pixel reads a pixel a cell)",
        "whoever started the server can give --cells pixel, which reads a pixel a cell)",
    ),
    (
        "read it with --doubtful majority, wall or open",
        "whoever started the server can have it read with --doubtful majority, wall or open",
    ),
    (
        "read them with --doubtful majority, wall or open",
        "whoever started the server can have them read with --doubtful majority, wall or open",
    ),
    (
        "; or name it with --from/--to)",
        "; rename the file to end in one of them)",
    ),
    (
        "(give --start and --goal: a cell like 1,0 or a room like room:0,0)",
        "(give the maze a \"start\" and a \"goal\")",
    ),
    (
        "(try --method dead-end or bfs)",
        "(try the method dead-end or bfs)",
    ),
];

/// An error message in the API's words ([`SERVER_WORDS`]): the one place where the command
/// line's advice (`raise it with --max-cells`) becomes advice a browser's user can follow.
fn in_server_words(message: &str) -> String {
    SERVER_WORDS
        .iter()
        .fold(message.to_string(), |m, (cli, api)| m.replace(cli, api))
}

fn bad(message: impl Into<String>) -> Failure {
    Failure(400, message.into())
}

type Answer = Result<Reply, Failure>;

/// The API, with the limits every input is read under and the server's memory budget.
pub struct Api {
    opts: ReadOptions,
    budget: Arc<Budget>,
}

impl Api {
    /// An API reading inputs with `opts` (the global `--max-cells`, `--max-memory`, `--cells`),
    /// its work drawing on `budget`.
    pub fn new(opts: ReadOptions, budget: Arc<Budget>) -> Api {
        Api { opts, budget }
    }

    /// Answers `method` on `endpoint` (the path after `/api/`).
    pub fn handle(&self, method: &str, endpoint: &str, query: &str, body: &[u8]) -> Reply {
        let want = if endpoint == "info" { "GET" } else { "POST" };
        let known = [
            "info",
            "generate",
            "solve",
            "attractor",
            "stats",
            "pursuit",
            "convert",
            "upload",
        ];
        if !known.contains(&endpoint) {
            return Reply::error(404, &format!("no API endpoint {endpoint:?}"));
        }
        if method != want {
            return Reply::error(405, &format!("/api/{endpoint} takes {want}"));
        }
        let answer = match endpoint {
            "info" => Ok(self.info()),
            "generate" => self.generate(body),
            "solve" => self.solve(body),
            "attractor" => self.attractor(body),
            "stats" => self.stats(body),
            "pursuit" => self.pursuit(body),
            "convert" => self.convert(query, body),
            _ => self.upload(query, body),
        };
        answer.unwrap_or_else(|Failure(status, message)| {
            Reply::error(status, &in_server_words(&message))
        })
    }

    fn info(&self) -> Reply {
        use mazegraph::palette::hex;
        let colour = |i: u8| hex(render::rgb(i));
        let formats: Vec<&str> = Target::all().map(Target::name).collect();
        json_reply(&json!({
            "generators": Algorithm::NAMES,
            "shapes": Figure::ALL.map(Figure::name),
            "formats": formats,
            "colours": {
                "wall": colour(render::WALL), "open": colour(render::OPEN),
                "filled": colour(render::FILLED), "kept": colour(render::KEPT),
                "path": colour(render::PATH), "start": colour(render::START),
                "goal": colour(render::GOAL), "background": colour(render::BACKGROUND),
                "near": hex(render::NEAR), "far": hex(render::FAR),
                "wolf": hex(mazegraph::palette::WOLF), "sheep": hex(mazegraph::palette::SHEEP),
            },
            "tilings": tilings(),
            "tiling_generators": mazegraph::generate::graph::NAMES,
            "tiled_formats": tiled_formats(),
            "max_cells": self.opts.limits.max_cells,
            "max_body": MAX_BODY,
        }))
    }

    fn generate(&self, body: &[u8]) -> Answer {
        let mut req: GenerateRequest = parse(body)?;
        if let Some(name) = req.tiling.take().filter(|t| t != SQUARE) {
            if req.algorithm.is_empty() {
                req.algorithm =
                    mazegraph::tiling::maze::default_algorithm(Some(name.as_str())).into();
            }
            return self.generate_tiled(&req, &name);
        }
        if req.algorithm.is_empty() {
            req.algorithm = mazegraph::tiling::maze::default_algorithm(None).into();
        }
        let limits = &self.opts.limits;
        let mut algorithm = Algorithm::from_name(&req.algorithm)?;
        if let Some(p) = &req.pick {
            algorithm = with_pick(algorithm, p)?;
        }
        if req.size.is_empty() || req.size.contains(&0) {
            return Err(bad(
                "size: give at least one room on every axis, e.g. [20, 30]",
            ));
        }
        // The generators' work space, the maze and the answer's text, from the size alone;
        // the shape's own boxes are checked by `shaped_lattice` before they are made.
        let cells = req.size.iter().fold(1u64, |p, &d| {
            p.saturating_mul((d as u64).saturating_mul(2).saturating_add(1))
        });
        limits.check(cells)?;
        let held = self.budget.reserve_blocking(
            &format!("generating a maze of {cells} cells"),
            cells.saturating_mul(GENERATE_BYTES_PER_CELL),
        )?;
        let figure = Figure::from_name(req.shape.as_deref().unwrap_or("box"))?;
        let lattice = shaped_lattice(figure, &req.size, req.turns, limits)?;
        let seed = req.seed.unwrap_or_else(fresh_seed);
        let opts = Options {
            algorithm,
            loops: req.loops,
            braid: req.braid,
        };
        let mut maze = generate(&lattice, &opts, &mut rng_from_seed(seed))?;
        if req.closed {
            close(&mut maze, req.keep.as_deref())?;
        }
        Ok(json_reply(&json!({ "maze": maze_value(&maze)?, "seed": seed })).holding(held))
    }

    fn solve(&self, body: &[u8]) -> Answer {
        let req: MazeRequest = parse(body)?;
        if let Some(t) = &req.tiled {
            return self.solve_tiled(t.get(), req.method.as_deref(), req.steps);
        }
        let (maze, held) = self.maze(&req.maze, Work::Solve)?;
        let method = Method::from_name(req.method.as_deref().unwrap_or("dead-end"))?;
        let (start, goal) = maze.require_terminals()?;
        let sol = solve_between(&maze, method, start, goal)?;
        let mut answer = json!({
            "method": method.name(),
            "start": start,
            "goal": goal,
            "length": sol.length,
            "path": sol.path,
            "kept_count": sol.kept_count(),
            "visited": sol.visited,
        });
        if req.steps {
            answer["fill"] = json!(steps::fill_order(&maze, &[start, goal]));
            answer["layers"] = json!(steps::bfs_layers(&maze, start, goal));
        }
        Ok(json_reply(&answer).holding(held))
    }

    fn attractor(&self, body: &[u8]) -> Answer {
        let req: MazeRequest = parse(body)?;
        if let Some(t) = &req.tiled {
            return self.attractor_tiled(t.get());
        }
        let (maze, held) = self.maze(&req.maze, Work::Attractor)?;
        let o = orient(&maze)?;
        let a = attractor(&o.game, Player::Zero, &[o.goal])?;
        let cell = |v: u32| o.cells[v as usize];
        let ranks: Vec<Vec<u32>> = (0..=a.max_rank())
            .map(|r| a.round(r).iter().map(|&v| cell(v)).collect())
            .filter(|r: &Vec<u32>| !r.is_empty())
            .collect();
        let strategy: Vec<[u32; 2]> = a
            .vertices()
            .iter()
            .filter_map(|&v| a.strategy(v).map(|w| [cell(v), cell(w)]))
            .collect();
        Ok(json_reply(&json!({
            "start": cell(o.start),
            "goal": cell(o.goal),
            "ranks": ranks,
            "strategy": strategy,
            "start_attracted": a.contains(o.start),
            "size": a.len(),
        }))
        .holding(held))
    }

    fn stats(&self, body: &[u8]) -> Answer {
        let req: MazeRequest = parse(body)?;
        if let Some(t) = &req.tiled {
            return self.stats_tiled(t.get());
        }
        let (maze, held) = self.maze(&req.maze, Work::Stats)?;
        let stats = cell_graph_stats(&Graph::from_maze(&maze), Some(&maze));
        let v = serde_json::to_value(&stats).map_err(|e| bad(e.to_string()))?;
        Ok(json_reply(&v).holding(held))
    }

    /// The wolf and the sheep (both may pass): the arena of the maze is solved once per
    /// request, its memory ([`Arena::bytes_needed`]) taken from the budget while it lives.
    /// For each sheep: whether the wolf forces its capture from the position (`wolf`, that
    /// sheep, `turn`) and in how many moves (`capture_in`, moves of both pieces), and `move`,
    /// the cell the piece to move goes to by its strategy ([`Pursuit::best_move`]; `null`
    /// after a capture). `fate` is `[cell, moves to capture or null]` for every path cell, a
    /// sheep standing there ([`Pursuit::fate`]).
    fn pursuit(&self, body: &[u8]) -> Answer {
        let req: PursuitRequest = parse(body)?;
        if req.sheep.len() > MAX_SHEEP {
            return Err(bad(format!(
                "{} sheep: ask about at most {MAX_SHEEP} at once",
                req.sheep.len()
            )));
        }
        let turn = Piece::from_name(&req.turn)?;
        let (maze, held) = self.maze(&req.maze, Work::Solve)?;
        let rules = Rules::default();
        let bytes = Arena::bytes_needed(&maze, rules);
        let what = "the arena of the wolf and the sheep";
        self.opts.limits.check_bytes(what, bytes)?;
        let _arena = self
            .budget
            .reserve_blocking(&format!("solving {what}"), bytes)?;
        let pursuit = Pursuit::solve(&maze, rules, &self.opts.limits)?;
        let sheep = req
            .sheep
            .iter()
            .map(|&s| {
                let pos = Position {
                    wolf: req.wolf,
                    sheep: s,
                    turn,
                };
                let time = pursuit.capture_time(pos)?;
                let next = pursuit.best_move(pos)?.map(|p| match turn {
                    Piece::Wolf => p.wolf,
                    Piece::Sheep => p.sheep,
                });
                Ok(json!({
                    "cell": s,
                    "wolf_wins": time.is_some(),
                    "capture_in": time,
                    "move": next,
                }))
            })
            .collect::<Result<Vec<Value>, Failure>>()?;
        let fate = pursuit.fate(req.wolf, turn)?;
        Ok(json_reply(&json!({
            "wolf": req.wolf,
            "turn": turn.name(),
            "passing": rules.passing_name(),
            "sheep": sheep,
            "fate": fate,
        }))
        .holding(held))
    }

    fn convert(&self, query: &str, body: &[u8]) -> Answer {
        let to = param(query, "to").ok_or_else(|| bad("say the format: /api/convert?to=dot"))?;
        let req: MazeRequest = parse(body)?;
        if let Some(t) = &req.tiled {
            return self.convert_tiled(&to, t.get(), req.solution);
        }
        let target = Target::from_name(&to)?;
        let (maze, held) = self.maze(&req.maze, Work::Attractor)?;
        // What the reply holds: the maze's game, its graph, or the maze itself.
        let made = match target {
            Target::Game(g) => {
                let o = orient(&maze)?;
                let mut game = o.reachability_game()?;
                let names = o
                    .cells
                    .iter()
                    .map(|&c| maze.shape().fmt_index(c as usize))
                    .collect();
                game.set_names(Some(names))?;
                Made::Game(g, game)
            }
            Target::File(f) if f.holds() == Holds::Graph => Made::Graph(f, Graph::from_maze(&maze)),
            Target::File(f) => Made::Maze(f),
        };
        let write = |out: &mut dyn std::io::Write| -> Result<(), Failure> {
            match &made {
                Made::Game(g, game) => g.write(game, out)?,
                Made::Graph(f, graph) => f.write_graph(graph, out)?,
                Made::Maze(f) => f.write_maze(&maze, out)?,
            }
            Ok(())
        };
        // The reply is counted before it is made, and reserved: written once into a counter,
        // then into a buffer of exactly its size, held until it is sent (a buffer doubling as
        // it grew took twice the reply, unreserved).
        let mut counted = Counted(0);
        write(&mut counted)?;
        let size = counted.0;
        let reply = self.budget.reserve_more_blocking(
            &held,
            &format!("the reply of {size} bytes"),
            size,
        )?;
        let mut out = Vec::new();
        out.try_reserve_exact(usize::try_from(size).unwrap_or(usize::MAX))
            .map_err(|_| Failure::from(mazegraph::Error::OutOfMemory { bytes: size }))?;
        write(&mut out)?;
        let (mime, extension) = match target {
            Target::Game(g) => ("text/plain; charset=utf-8", g.extensions()[0]),
            Target::File(f) if f.is_binary() => ("image/png", f.extensions()[0]),
            Target::File(f) => ("text/plain; charset=utf-8", f.extensions()[0]),
        };
        let file = format!("maze.{extension}");
        Ok(Reply::bytes(200, mime, out, Some(file)).holding(held.and(reply)))
    }

    fn upload(&self, query: &str, body: &[u8]) -> Answer {
        let name = param(query, "name")
            .ok_or_else(|| bad("say the file's name: /api/upload?name=maze.png"))?;
        let format = Format::from_path(Path::new(&name))?;
        // A picture's decoding is reserved from its header before it is decoded (the reader
        // checks it against --max-memory too, but two at once must fit the shared budget).
        let decoding = match mazegraph::picture::reading_bytes(body) {
            Some(bytes) => Some(self.budget.reserve_blocking("decoding a picture", bytes)?),
            None => None,
        };
        if matches!(format, Format::Json | Format::Png) {
            // A tiled maze (its JSON, or its picture written by mazegraph) is shown as one.
            if let Some(maze) = mazegraph::format::read_tiled(body, &self.opts)? {
                drop(decoding);
                return self.upload_tiled(maze, Vec::new());
            }
        }
        let (item, mut notes) = format.read_noted(body, &self.opts)?;
        drop(decoding);
        let held = self.reserve(&item, Work::Solve)?;
        if let Item::Graph(g) = &item {
            notes.push(format!(
                "a graph of {} vertices, placed as a maze",
                g.vertex_count()
            ));
        }
        let maze = to_maze(item, Layout::Auto, &self.opts.limits)?;
        Ok(json_reply(&json!({
            "maze": maze_value(&maze)?,
            "notes": notes,
        }))
        .holding(held))
    }

    /// Takes the estimate of `work` on `item` from the budget: refused as the command line
    /// refuses it when it is over `--max-memory`, busy when other requests hold the budget.
    fn reserve(&self, item: &Item, work: Work) -> Result<Held, Failure> {
        budget::check(item, work, &self.opts.limits)?;
        // The units budget::check counted: a maze's cells, a graph's vertices and edges.
        let units = match item {
            Item::Maze(m) => m.shape().len() as u64,
            Item::Graph(g) => (g.vertex_count() as u64).saturating_add(g.edge_count() as u64),
        };
        let bytes = units.saturating_mul(work.bytes_per_cell());
        Ok(self
            .budget
            .reserve_blocking(&format!("working on {units} cells"), bytes)?)
    }

    /// The maze of a request, read with the registry's maze JSON reader under the limits, and
    /// the estimate of its `work` taken from the memory budget.
    fn maze(&self, v: &Value, work: Work) -> Result<(Maze, Held), Failure> {
        if !v.is_object() {
            return Err(bad(
                "give the maze as \"maze\": {\"shape\": …, \"cells\": …} (or a tiled maze as \"tiled\": {\"tiling\": …})",
            ));
        }
        let text = v.to_string();
        let item = Format::Json.read(text.as_bytes(), &self.opts)?;
        let held = self.reserve(&item, work)?;
        match item {
            Item::Maze(m) => Ok((m, held)),
            Item::Graph(_) => Err(bad("\"maze\" is a graph; give a maze (shape and cells)")),
        }
    }
}

/// What a conversion writes: a maze's game, its graph, or the maze.
enum Made {
    Game(GameFormat, mazegraph::game::Game),
    Graph(Format, Graph),
    Maze(Format),
}

/// A writer that only counts the bytes written to it.
struct Counted(u64);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(buf.len() as u64);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What `/api/convert` writes (and `/api/info` lists, in this order): the maze and graph
/// formats mazegraph writes, then the game formats, which hold the maze's reachability game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Target {
    File(Format),
    Game(GameFormat),
}

impl Target {
    /// Every target, in the order `/api/info` lists them: the formats of [`Format::ALL`]
    /// that are written ([`Format::is_writable`]), then every game format.
    fn all() -> impl Iterator<Item = Target> {
        let files = Format::ALL.into_iter().filter(|f| f.is_writable());
        files
            .map(Target::File)
            .chain(GameFormat::ALL.into_iter().map(Target::Game))
    }

    fn name(self) -> &'static str {
        match self {
            Target::File(f) => f.name(),
            Target::Game(g) => g.name(),
        }
    }

    /// The target named `name` (a format's name or extension, game formats first, so that
    /// `game.json` is a game and `json` a maze), refused when it is not written.
    fn from_name(name: &str) -> Result<Target, Failure> {
        let found = match GameFormat::from_name(name) {
            Ok(g) => Target::Game(g),
            Err(_) => Target::File(Format::from_name(name).map_err(|_| {
                bad(format!(
                    "unknown format {name:?} (written here: {})",
                    Target::names()
                ))
            })?),
        };
        if Target::all().any(|t| t == found) {
            Ok(found)
        } else {
            Err(bad(format!(
                "{} is read only here; write one of {}",
                found.name(),
                Target::names()
            )))
        }
    }

    /// The names of every target, for messages.
    fn names() -> String {
        let names: Vec<&str> = Target::all().map(Target::name).collect();
        names.join(", ")
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    size: Vec<usize>,
    /// The generator; empty: the tiling's default ([`mazegraph::tiling::maze::default_algorithm`]).
    #[serde(default)]
    algorithm: String,
    /// `square` (the default: the cell grid) or one of [`mazegraph::tiling::NAMES`].
    #[serde(default)]
    tiling: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    loops: usize,
    #[serde(default)]
    braid: bool,
    #[serde(default)]
    shape: Option<String>,
    /// Turns of a spiral shape (default: a band about 4 rooms wide).
    #[serde(default)]
    turns: Option<f64>,
    #[serde(default)]
    pick: Option<String>,
    /// No entrance or exit (the wolf game's maze).
    #[serde(default)]
    closed: bool,
    /// A cell (coordinates) that must be a passage (the wolf's).
    #[serde(default)]
    keep: Option<Vec<usize>>,
}

/// The name of the cell grid among the tilings the page offers.
const SQUARE: &str = "square";

/// The tilings `/api/info` lists: the cell grid (`square`), then every tiling of the library.
fn tilings() -> Vec<&'static str> {
    std::iter::once(SQUARE)
        .chain(mazegraph::tiling::NAMES)
        .collect()
}

/// The formats a tiled maze is written in by `convert`: its tiled JSON, its pictures, then
/// the graph formats.
fn tiled_formats() -> Vec<&'static str> {
    let graphs = Format::ALL
        .into_iter()
        .filter(|f| f.holds() == Holds::Graph && f.is_writable())
        .map(Format::name);
    ["json", "svg", "png"].into_iter().chain(graphs).collect()
}

/// Growing-tree with the cell pick named `p`; refused for any other generator.
fn with_pick(algorithm: Algorithm, p: &str) -> Result<Algorithm, Failure> {
    let pick = Pick::from_name(p).ok_or_else(|| {
        bad(format!(
            "pick {p:?}: expected newest, random, oldest, mixed or mixed:P"
        ))
    })?;
    if !matches!(algorithm, Algorithm::GrowingTree(_)) {
        return Err(bad("pick applies to growing-tree only"));
    }
    Ok(Algorithm::GrowingTree(pick))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MazeRequest {
    #[serde(default)]
    maze: Value,
    /// A tiled maze (the CLI's tiled maze JSON), kept as text until its size is checked.
    #[serde(default)]
    tiled: Option<Box<serde_json::value::RawValue>>,
    /// `convert`'s pictures of a tiled maze: drawn with the solution.
    #[serde(default)]
    solution: bool,
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    steps: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PursuitRequest {
    maze: Value,
    wolf: usize,
    #[serde(default)]
    sheep: Vec<usize>,
    /// Who moves next: `"sheep"` (the default: the wolf has just moved) or `"wolf"`.
    #[serde(default = "sheep_name")]
    turn: String,
}

fn sheep_name() -> String {
    Piece::Sheep.name().into()
}

/// A request body as JSON of type `T`, or one line saying what is wrong with it.
fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Failure> {
    serde_json::from_slice(body)
        .map_err(|e| bad(format!("the request is not what this endpoint takes: {e}")))
}

/// The maze as a JSON value, as the maze JSON writer writes it, with its start and goal
/// written out when they are the default ones (the page shows them and moves them).
fn maze_value(maze: &Maze) -> Result<Value, Failure> {
    let mut out = Vec::new();
    match maze.terminals() {
        Some((s, g)) if maze.explicit_start().is_none() || maze.explicit_goal().is_none() => {
            let mut m = maze.clone();
            m.set_terminals(Some(s), Some(g))?;
            Format::Json.write_maze(&m, &mut out)?;
        }
        _ => Format::Json.write_maze(maze, &mut out)?,
    }
    serde_json::from_slice(&out).map_err(|e| bad(e.to_string()))
}

/// Closes the maze's frame (no entrance, no exit) and makes `keep` a passage when it is a cell
/// inside the frame.
fn close(maze: &mut Maze, keep: Option<&[usize]>) -> Result<(), Failure> {
    for i in maze.openings() {
        maze.grid_mut().set_path(i, false);
    }
    maze.set_terminals(None, None)?;
    if let Some(coords) = keep {
        let shape = maze.shape();
        let i = shape
            .index(coords)
            .ok_or_else(|| bad(format!("keep: {coords:?} is outside the maze")))?;
        if !shape.on_border(i) {
            maze.grid_mut().set_path(i, true);
        }
    }
    Ok(())
}

/// The value of `key` in a query string (`to=dot&x=1`), percent-decoded.
fn param(query: &str, key: &str) -> Option<String> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == key).then(|| percent_decode(v))
    })
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A seed from the operating system.
fn fresh_seed() -> u64 {
    use rand::TryRng;
    rand::rngs::SysRng.try_next_u64().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_are_decoded() {
        assert_eq!(
            param("to=graph.json&x=1", "to").as_deref(),
            Some("graph.json")
        );
        assert_eq!(
            param("name=my%20maze.png", "name").as_deref(),
            Some("my maze.png")
        );
        assert_eq!(param("name=a%2", "name").as_deref(), Some("a%2"));
        assert_eq!(param("x=1", "to"), None);
    }

    /// The library's messages still hold the advice [`SERVER_WORDS`] replaces (a changed
    /// wording would otherwise reach the page unchanged), and each says the server's words.
    #[test]
    fn the_command_lines_advice_is_said_in_the_servers_words() {
        use mazegraph::grid::{Grid, Limits, Shape};
        let limits = Limits {
            max_cells: 10,
            max_bytes: 1000,
        };
        let walls = Maze::new(Grid::walls(Shape::new(vec![3, 3, 3]).unwrap()));
        let open3d = {
            let mut m = Maze::new(Grid::walls(Shape::new(vec![3, 3, 3]).unwrap()));
            m.grid_mut().set_path(0, true);
            m.grid_mut().set_path(26, true);
            m
        };
        let doubtful = "2 cells of the 4×4-room maze found are in doubt, at cells (1, 2), (3, 4): \
            a stroke covers between 35% and 65% of each; read them with --doubtful majority, \
            wall or open";
        let busy = "the server is busy: other requests use its memory budget (1.0 KiB, \
            --max-memory), and generating waited 2 s for its share; try again in a moment";
        let wall_follower = Method::from_name("wall-follower").unwrap();
        let cases = [
            limits.check(11).unwrap_err().to_string(),
            limits
                .check_bytes("a picture", 2000)
                .unwrap_err()
                .to_string(),
            mazegraph::Error::NoLattice(
                "one colour (give the cell size with --cells PITCH[,WALL], or --cells pixel)"
                    .into(),
            )
            .to_string(),
            mazegraph::Error::NoLattice(
                "the best reading found, 20×20 rooms (20×20 rooms, pitch 30 px, walls 3 px, \
                 margin 0 px), does not explain it: its frame has 9 openings, 22% of it \
                 (--cells 30 is the size found; --cells pixel reads a pixel a cell)"
                    .into(),
            )
            .to_string(),
            Format::from_path(Path::new("maze.zzz"))
                .unwrap_err()
                .to_string(),
            walls.require_terminals().unwrap_err().to_string(),
            solve_between(&open3d, wall_follower, 0, 26)
                .unwrap_err()
                .to_string(),
            doubtful.replace("  ", ""),
            busy.to_string(),
        ];
        let mut used = [false; SERVER_WORDS.len()];
        for m in &cases {
            let said = in_server_words(m);
            for (k, (cli, api)) in SERVER_WORDS.iter().enumerate() {
                used[k] |= m.contains(cli);
                assert!(!said.contains(cli) || api.contains(cli), "{said}");
            }
            assert_ne!(&said, m, "no advice found in {m:?}");
            if said.contains("--max-") || said.contains("--cells") || said.contains("--doubtful") {
                assert!(said.contains("server"), "{said}");
            }
            assert!(
                !said.contains("--start") && !said.contains("--method"),
                "{said}"
            );
        }
        // Every entry of the table meets a message (the doubtful one: read it, or them).
        let unused: Vec<_> = (0..used.len())
            .filter(|&k| !used[k] && !SERVER_WORDS[k].0.starts_with("read it"))
            .map(|k| SERVER_WORDS[k].0)
            .collect();
        assert!(unused.is_empty(), "{unused:?}");
    }

    #[test]
    fn a_closed_maze_keeps_the_wolf_cell() {
        let api = Api::new(ReadOptions::default(), Arc::new(Budget::new(1 << 30)));
        let r = api.handle(
            "POST",
            "generate",
            "",
            br#"{"size": [4, 4], "seed": 3, "closed": true, "keep": [2, 1]}"#,
        );
        assert_eq!(r.status, 200);
        let v: Value = serde_json::from_slice(&r.body).unwrap();
        let cells = v["maze"]["cells"].as_str().unwrap().as_bytes();
        assert_eq!(cells[2 * 9 + 1], b'.');
        // The frame is all wall.
        assert!(cells[..9].iter().all(|&c| c == b'#'));
        assert!(cells[72..].iter().all(|&c| c == b'#'));
    }
}
