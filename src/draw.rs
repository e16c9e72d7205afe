//! Pictures of graphs and games through [Graphviz](https://graphviz.org): the item is written as
//! DOT ([`crate::format::dot`] for mazes and graphs, [`crate::game::format::dot`] for games) and
//! laid out and drawn by Graphviz's `dot` program, run through graphviz-rust's
//! [`exec_dot`](graphviz_rust::exec_dot).
//!
//! - A **maze** is drawn as its cell graph (or, with [`DrawOptions::junctions`], its junction
//!   graph: terminals, dead ends, junctions and turns only), each vertex at its cell's place;
//!   the start green, the goal red.
//! - A **graph** whose vertices are cells is drawn at its cells' places too; a graph of names
//!   is laid out by a Graphviz engine.
//! - A **game** is drawn as parity game solvers draw them: player 0's vertices diamonds, player
//!   1's boxes, the priority under the name.
//!
//! [`Engine::Auto`] picks `neato -n` (keep the positions written in the DOT: the maze's own
//! geometry) when the DOT has positions, else `sfdp` above [`SFDP_ABOVE`] vertices and `dot`
//! below. Graphviz's layouts grow faster than linearly, so graphs of more than
//! [`MAX_VERTICES`] vertices are refused ([`crate::render`] draws mazes of any size, and the
//! junction graph is far smaller than the cell graph).
//!
//! Graphviz must be installed (the `graphviz` package); [`graphviz_installed`] tells whether
//! it is. The rest of mazegraph never needs it.

use crate::error::{Error, Result};
use crate::format::Item;
use crate::game::format::dot as game_dot;
use crate::game::Game;
use crate::graph::Graph;
use crate::grid::Limits;
use crate::junction::junction_graph;
use crate::maze::Maze;
use std::io::{ErrorKind, Read, Write};
use std::process::{Command, Stdio};

/// Graphs with more vertices than this are not handed to Graphviz.
pub const MAX_VERTICES: usize = 200_000;

/// [`Engine::Auto`] lays out graphs without positions with `sfdp` above this many vertices
/// (`dot` below, when they are nearly trees: [`DOT_EXTRA_EDGES`]).
pub const SFDP_ABOVE: usize = 5_000;

/// [`Engine::Auto`] gives `dot` only graphs with at most this many edges more than vertices:
/// `dot`'s crossing minimisation grows steeply with cycles (a random game of 100 vertices and
/// 351 edges takes it 3 s, of 200 and 717 over a minute; `sfdp` draws both in 0.05 s).
pub const DOT_EXTRA_EDGES: usize = 100;

/// The message when Graphviz's `dot` program cannot be run.
pub const GRAPHVIZ_MISSING: &str = "Graphviz is not installed (the `dot` program was not found): \
install the `graphviz` package, e.g. `apt-get install graphviz` or `brew install graphviz`";

/// A Graphviz layout engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// `neato -n` when the DOT has positions, else `sfdp` for large graphs and `dot` for the
    /// others.
    #[default]
    Auto,
    /// Layered drawing (trees and directed graphs).
    Dot,
    /// Spring model (stress majorisation); honours pinned positions.
    Neato,
    /// Multiscale force-directed placement, for large graphs.
    Sfdp,
    /// Force-directed placement.
    Fdp,
    /// Circular layout.
    Circo,
}

impl Engine {
    /// Every engine.
    pub const ALL: [Engine; 6] = [
        Engine::Auto,
        Engine::Dot,
        Engine::Neato,
        Engine::Sfdp,
        Engine::Fdp,
        Engine::Circo,
    ];

    /// The engine's name (`auto`, `dot`, `neato`, `sfdp`, `fdp`, `circo`).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Dot => "dot",
            Engine::Neato => "neato",
            Engine::Sfdp => "sfdp",
            Engine::Fdp => "fdp",
            Engine::Circo => "circo",
        }
    }

    /// The engine with this name (any case).
    ///
    /// ```
    /// use mazegraph::draw::Engine;
    /// assert_eq!(Engine::from_name("SFDP").unwrap(), Engine::Sfdp);
    /// assert!(Engine::from_name("twopi").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Engine> {
        let n = name.to_ascii_lowercase();
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == n)
            .ok_or_else(|| {
                Error::UnknownFormat(format!(
                    "unknown Graphviz engine {name:?} (known: {})",
                    Engine::ALL.map(Engine::name).join(", ")
                ))
            })
    }

    /// The engine [`Engine::Auto`] stands for, given whether the DOT has positions and its
    /// vertex and edge counts; other engines stand for themselves. The flag is true for
    /// `neato -n` (keep the positions).
    ///
    /// ```
    /// use mazegraph::draw::Engine;
    /// assert_eq!(Engine::Auto.resolve(true, 10, 9), (Engine::Neato, true));
    /// assert_eq!(Engine::Auto.resolve(false, 10, 9), (Engine::Dot, false));
    /// assert_eq!(Engine::Auto.resolve(false, 300, 1000), (Engine::Sfdp, false));
    /// assert_eq!(Engine::Auto.resolve(false, 50_000, 49_999), (Engine::Sfdp, false));
    /// assert_eq!(Engine::Circo.resolve(true, 10, 9), (Engine::Circo, false));
    /// ```
    pub fn resolve(self, positioned: bool, vertices: usize, edges: usize) -> (Engine, bool) {
        match self {
            Engine::Auto if positioned => (Engine::Neato, true),
            Engine::Auto
                if vertices > SFDP_ABOVE || edges > vertices.saturating_add(DOT_EXTRA_EDGES) =>
            {
                (Engine::Sfdp, false)
            }
            Engine::Auto => (Engine::Dot, false),
            other => (other, false),
        }
    }
}

/// Picture formats Graphviz writes for [`draw`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DrawFormat {
    /// SVG text.
    #[default]
    Svg,
    /// PNG bitmap.
    Png,
    /// PDF document.
    Pdf,
}

impl DrawFormat {
    /// The format a name or file extension names (`svg`, `png`, `pdf`; any case, with or
    /// without a dot).
    ///
    /// ```
    /// use mazegraph::draw::DrawFormat;
    /// assert_eq!(DrawFormat::from_name(".PDF").unwrap(), DrawFormat::Pdf);
    /// assert!(DrawFormat::from_name("jpg").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<DrawFormat> {
        match name.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "svg" => Ok(DrawFormat::Svg),
            "png" => Ok(DrawFormat::Png),
            "pdf" => Ok(DrawFormat::Pdf),
            _ => Err(Error::UnknownFormat(format!(
                "cannot draw a graph as {name:?} (known: svg, png, pdf)"
            ))),
        }
    }

    /// True for the binary formats (PNG, PDF).
    pub fn is_binary(self) -> bool {
        self != DrawFormat::Svg
    }

    /// Graphviz's name of the format (`-T`).
    fn graphviz(self) -> &'static str {
        match self {
            DrawFormat::Svg => "svg",
            DrawFormat::Png => "png",
            DrawFormat::Pdf => "pdf",
        }
    }
}

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawOptions {
    /// The layout engine.
    pub engine: Engine,
    /// The picture format.
    pub format: DrawFormat,
    /// Draw a maze's junction graph instead of its cell graph (a graph whose vertices are
    /// cells is drawn as a maze first).
    pub junctions: bool,
    /// Refuse graphs with more vertices than this (default [`MAX_VERTICES`]).
    pub max_vertices: usize,
    /// Limits for placing a graph as a maze (with `junctions`).
    pub limits: Limits,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions {
            engine: Engine::Auto,
            format: DrawFormat::Svg,
            junctions: false,
            max_vertices: MAX_VERTICES,
            limits: Limits::default(),
        }
    }
}

/// DOT text ready for Graphviz, with what [`Engine::Auto`] needs to choose a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    /// The DOT text.
    pub text: String,
    /// True when every node has a position (`pos`).
    pub positioned: bool,
    /// Number of vertices (nodes).
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
}

fn check_size(vertices: usize, max: usize) -> Result<()> {
    if vertices > max {
        return Err(Error::Unsupported(format!(
            "the graph has {vertices} vertices, too many for Graphviz (at most {max}): \
             `mazegraph render` draws mazes of any size, and --junctions shrinks the graph"
        )));
    }
    Ok(())
}

/// The DOT of a graph (positions when its vertices are cells).
///
/// Complexity: O(V + E).
///
/// ```
/// use mazegraph::{draw::dot_of_graph, Graph, Maze};
/// let g = Graph::from_maze(&Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap());
/// let dot = dot_of_graph(&g).unwrap();
/// assert!(dot.positioned && dot.vertices == 3 && dot.text.starts_with("graph maze {"));
/// ```
pub fn dot_of_graph(graph: &Graph) -> Result<Dot> {
    let mut text = Vec::new();
    crate::format::dot::write(graph, &mut text)?;
    Ok(Dot {
        text: String::from_utf8(text)
            .map_err(|e| Error::Unsupported(format!("DOT writer: {e}")))?,
        positioned: graph.shape().is_some(),
        vertices: graph.vertex_count(),
        edges: graph.edge_count(),
    })
}

/// The DOT of a maze's cell graph, or of its junction graph when `junctions`. Refuses mazes
/// with more than `max_vertices` path cells before building the cell graph.
///
/// Complexity: O(cells).
///
/// ```
/// use mazegraph::{draw::dot_of_maze, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// assert_eq!(dot_of_maze(&m, false, 100).unwrap().vertices, 5);
/// assert_eq!(dot_of_maze(&m, true, 100).unwrap().vertices, 4); // the straight cell goes
/// assert!(dot_of_maze(&m, false, 4).is_err());
/// ```
pub fn dot_of_maze(maze: &Maze, junctions: bool, max_vertices: usize) -> Result<Dot> {
    if junctions {
        let g = junction_graph(maze);
        check_size(g.vertex_count(), max_vertices)?;
        dot_of_graph(&g)
    } else {
        check_size(maze.grid().count_paths(), max_vertices)?;
        dot_of_graph(&Graph::from_maze(maze))
    }
}

/// The DOT of a game: diamonds for player 0, boxes for player 1, no positions.
///
/// Complexity: O(V + E).
///
/// ```
/// use mazegraph::{draw::dot_of_game, game::{Game, Player}};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![0, 1], &[(0, 1), (1, 0)]).unwrap();
/// let dot = dot_of_game(&g).unwrap();
/// assert!(!dot.positioned && dot.text.starts_with("digraph game {"));
/// ```
pub fn dot_of_game(game: &Game) -> Result<Dot> {
    let mut text = Vec::new();
    game_dot::write(game, &Default::default(), &mut text)?;
    Ok(Dot {
        text: String::from_utf8(text)
            .map_err(|e| Error::Unsupported(format!("game DOT writer: {e}")))?,
        positioned: false,
        vertices: game.vertex_count(),
        edges: game.edge_count(),
    })
}

/// The DOT of what a file holds: a maze (see [`dot_of_maze`]) or a graph, drawn as a maze's
/// junction graph when `opts.junctions`.
pub fn dot_of_item(item: &Item, opts: &DrawOptions) -> Result<Dot> {
    match item {
        Item::Maze(m) => dot_of_maze(m, opts.junctions, opts.max_vertices),
        Item::Graph(_) if opts.junctions => {
            let j =
                crate::convert::to_graph(item, crate::convert::GraphKind::Junctions, &opts.limits)
                    .map_err(|e| match e {
                        Error::InvalidGraph(m) => Error::InvalidGraph(format!(
                            "{m} (--junctions needs a graph whose vertices are coordinates)"
                        )),
                        other => other,
                    })?;
            check_size(j.vertex_count(), opts.max_vertices)?;
            dot_of_graph(&j)
        }
        Item::Graph(g) => {
            check_size(g.vertex_count(), opts.max_vertices)?;
            dot_of_graph(g)
        }
    }
}

/// Runs Graphviz on `dot` with `engine` (resolved by [`Engine::resolve`]) and returns the
/// picture in `format`.
///
/// Errors: [`Error::Unsupported`] with [`GRAPHVIZ_MISSING`] when the `dot` program is not
/// found, with Graphviz's own message when it fails, and when the graph has more than
/// `max_vertices` vertices.
pub fn run_graphviz(
    dot: &Dot,
    engine: Engine,
    format: DrawFormat,
    max_vertices: usize,
) -> Result<Vec<u8>> {
    check_size(dot.vertices, max_vertices)?;
    let text = with_key(&dot.text);
    let (engine, keep_positions) = engine.resolve(dot.positioned, dot.vertices, dot.edges);
    let mut args = vec![
        format!("-K{}", engine.name()),
        format!("-T{}", format.graphviz()),
    ];
    if keep_positions {
        args.push("-n".to_string());
    }
    exec(&text, &args).map_err(|e| graphviz_error(engine, e))
}

/// Runs Graphviz's `dot` program with `args`, the DOT `text` on its standard input (no file
/// is written), and returns its standard output; its standard error is the error's text when
/// it fails.
fn exec(text: &str, args: &[String]) -> std::io::Result<Vec<u8>> {
    let mut child = Command::new("dot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err(std::io::Error::other(
            "the dot program's pipes were not opened",
        ));
    };
    // The input is written on its own thread, so that a large picture on the output pipe
    // cannot block both ends; standard error is read on another.
    let (out, err) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || {
            // A program that stops reading (an error) says why on standard error.
            let _ = stdin.write_all(text.as_bytes());
        });
        let errors = scope.spawn(move || {
            let mut e = Vec::new();
            let _ = stderr.read_to_end(&mut e);
            e
        });
        let mut out = Vec::new();
        let read = stdout.read_to_end(&mut out);
        let _ = writer.join();
        let err = errors.join().unwrap_or_default();
        (read.map(|_| out), err)
    });
    let status = child.wait()?;
    if status.success() {
        out
    } else {
        Err(std::io::Error::other(
            String::from_utf8_lossy(&err).into_owned(),
        ))
    }
}

/// The key of a drawing: what its shapes and colours mean, as a caption under it, read from
/// the DOT mazegraph wrote (the palette's start and goal colours, a game's shapes, its initial
/// vertex); empty when nothing in the drawing needs one.
///
/// ```
/// use mazegraph::{draw::{dot_of_game, dot_of_maze, key}, game::{Game, Player}, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
/// assert!(key(&dot_of_maze(&m, false, 100).unwrap().text).contains("start"));
/// let g = Game::new(vec![Player::Zero, Player::One], vec![0, 1], &[(0, 1), (1, 0)]).unwrap();
/// assert!(key(&dot_of_game(&g).unwrap().text).contains("player 0"));
/// ```
pub fn key(dot: &str) -> String {
    use crate::palette::{hex, GOAL, START};
    let swatch = |c, text: &str| format!(r#"<font color="{}">&#9679;</font> {text}"#, hex(c));
    let mut parts = Vec::new();
    if dot.starts_with("digraph game") {
        parts.push("diamond: player 0".to_string());
        parts.push("box: player 1".to_string());
        parts.push("number: priority".to_string());
        if dot.contains("initial=true") {
            parts.push(format!(
                r#"<font color="{}">double outline</font>: initial vertex"#,
                hex(START)
            ));
        }
    } else {
        let (start, goal) = (hex(START), hex(GOAL));
        if dot.contains(&start) {
            parts.push(swatch(START, "start"));
        }
        if dot.contains(&goal) {
            parts.push(swatch(GOAL, "goal"));
        }
    }
    parts.join("     ")
}

/// `dot` drawn for a person: [`key`] as the graph's caption under the drawing, and a small
/// maze (its cells 10 points apart, [`crate::format::dot`]) scaled up to about 640 pixels
/// across, so that a maze of a few cells is not a thumbnail.
fn with_key(dot: &str) -> String {
    // `maze_shape="R,C[,…]"`: the grid the positions come from, 10 points a cell.
    let longest = dot
        .split_once("maze_shape=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .and_then(|(shape, _)| {
            shape
                .split(',')
                .map(|d| d.trim().parse::<u64>().ok())
                .collect::<Option<Vec<_>>>()
        })
        .and_then(|dims| dims.into_iter().max())
        .filter(|&n| n > 0 && n < 48);
    // Scaled up (`!`) to 6.5 inches, 468 points (624 pixels at Graphviz's 96 dots an inch);
    // the caption's text shrunk as much, so that it keeps its size in the picture.
    let grow = longest.map_or(1.0, |cells| 468.0 / (cells as f64 * 10.0));
    let mut attrs = Vec::new();
    let key = key(dot);
    if !key.is_empty() {
        attrs.push(format!(
            "label=<{key}>, labelloc=b, fontsize={:.1}, fontname=\"Helvetica\"",
            12.0 / grow
        ));
    }
    if longest.is_some() {
        attrs.push("size=\"6.5,6.5!\"".to_string());
    }
    match dot.split_once('{') {
        Some((head, body)) if !attrs.is_empty() => {
            format!("{head}{{\n  graph [{}];{body}", attrs.join(", "))
        }
        _ => dot.to_string(),
    }
}

/// One line for a failed Graphviz run.
fn graphviz_error(engine: Engine, e: std::io::Error) -> Error {
    if e.kind() == ErrorKind::NotFound {
        return Error::Unsupported(GRAPHVIZ_MISSING.to_string());
    }
    let text = e.to_string();
    let mut message: String = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    if message.chars().count() > 300 {
        message = message.chars().take(300).collect::<String>() + "…";
    }
    if message.is_empty() {
        message = "no message".to_string();
    }
    Error::Unsupported(format!("Graphviz ({}) failed: {message}", engine.name()))
}

/// Draws a maze or graph: [`dot_of_item`] then [`run_graphviz`].
///
/// Complexity: O(V + E) to write the DOT, then Graphviz's layout (`neato -n` is linear;
/// the others are superlinear, seconds for tens of thousands of vertices).
///
/// ```
/// use mazegraph::{draw::{draw, graphviz_installed, DrawOptions}, format::Item, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
/// if graphviz_installed() {
///     let svg = draw(&Item::Maze(m), &DrawOptions::default()).unwrap();
///     assert!(String::from_utf8(svg).unwrap().contains("<svg"));
/// }
/// ```
pub fn draw(item: &Item, opts: &DrawOptions) -> Result<Vec<u8>> {
    let dot = dot_of_item(item, opts)?;
    run_graphviz(&dot, opts.engine, opts.format, opts.max_vertices)
}

/// Draws a game: [`dot_of_game`] then [`run_graphviz`] (`opts.junctions` does not apply).
pub fn draw_game(game: &Game, opts: &DrawOptions) -> Result<Vec<u8>> {
    check_size(game.vertex_count(), opts.max_vertices)?;
    let dot = dot_of_game(game)?;
    run_graphviz(&dot, opts.engine, opts.format, opts.max_vertices)
}

/// True when Graphviz's `dot` program can be run (`dot -V` succeeds).
pub fn graphviz_installed() -> bool {
    std::process::Command::new("dot")
        .arg("-V")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAZE: [&str; 5] = ["#.#####", "#...#.#", "#.#...#", "#.#.###", "###.###"];

    #[test]
    fn auto_engine_follows_positions_and_size() {
        let m = Maze::from_text_rows(&MAZE).unwrap();
        let dot = dot_of_maze(&m, false, MAX_VERTICES).unwrap();
        assert!(dot.positioned);
        assert_eq!(dot.vertices, m.grid().count_paths());
        assert_eq!(
            Engine::Auto
                .resolve(dot.positioned, dot.vertices, dot.edges)
                .0,
            Engine::Neato
        );
        assert_eq!(
            Engine::Auto.resolve(false, SFDP_ABOVE, SFDP_ABOVE).0,
            Engine::Dot
        );
        assert_eq!(
            Engine::Auto.resolve(false, SFDP_ABOVE + 1, 0).0,
            Engine::Sfdp
        );
        assert_eq!(Engine::Auto.resolve(false, 300, 1029).0, Engine::Sfdp);
        assert_eq!(Engine::Neato.resolve(true, 3, 2), (Engine::Neato, false));
        for e in Engine::ALL {
            assert_eq!(Engine::from_name(e.name()).unwrap(), e);
        }
    }

    #[test]
    fn names_and_games_have_no_positions() {
        let text = "{'a': ['b'], 'b': ['a']}";
        let g = crate::format::Format::Adj
            .read(text.as_bytes(), &Default::default())
            .unwrap();
        let Item::Graph(g) = g else { panic!("a graph") };
        let dot = dot_of_graph(&g).unwrap();
        assert!(!dot.positioned);
        assert!(!dot.text.contains("pos="));
        let game = Game::new(
            vec![crate::game::Player::Zero; 3],
            vec![0; 3],
            &[(0, 1), (1, 2)],
        )
        .unwrap();
        let dot = dot_of_game(&game).unwrap();
        assert_eq!((dot.positioned, dot.vertices), (false, 3));
    }

    #[test]
    fn junctions_shrink_and_sizes_are_refused() {
        let m = Maze::from_text_rows(&MAZE).unwrap();
        let cells = dot_of_item(&Item::Maze(m.clone()), &DrawOptions::default()).unwrap();
        let opts = DrawOptions {
            junctions: true,
            ..Default::default()
        };
        let j = dot_of_item(&Item::Maze(m.clone()), &opts).unwrap();
        assert!(
            j.vertices < cells.vertices,
            "{} {}",
            j.vertices,
            cells.vertices
        );
        assert!(j.positioned);
        // A graph of cells gets its junction graph through the maze it draws.
        let g = Item::Graph(Graph::from_maze(&m));
        assert_eq!(dot_of_item(&g, &opts).unwrap().vertices, j.vertices);
        let small = DrawOptions {
            max_vertices: 3,
            ..Default::default()
        };
        let e = dot_of_item(&Item::Maze(m), &small).unwrap_err().to_string();
        assert!(
            e.contains("too many for Graphviz") && e.contains("--junctions"),
            "{e}"
        );
        let e = run_graphviz(&cells, Engine::Auto, DrawFormat::Svg, 3).unwrap_err();
        assert!(e.to_string().contains("at most 3"), "{e}");
    }

    #[test]
    fn missing_and_failing_graphviz_are_one_line() {
        let e = graphviz_error(Engine::Dot, std::io::Error::from(ErrorKind::NotFound));
        assert_eq!(e.to_string(), GRAPHVIZ_MISSING);
        let e = graphviz_error(
            Engine::Sfdp,
            std::io::Error::other("Error: syntax error\n\nin line 3\n"),
        );
        assert_eq!(
            e.to_string(),
            "Graphviz (sfdp) failed: Error: syntax error; in line 3"
        );
    }

    #[test]
    fn formats_by_name() {
        assert_eq!(DrawFormat::from_name("svg").unwrap(), DrawFormat::Svg);
        assert!(DrawFormat::Png.is_binary() && !DrawFormat::Svg.is_binary());
        assert!(DrawFormat::from_name("dot").is_err());
    }

    #[test]
    fn graphviz_draws_each_node() {
        if !graphviz_installed() {
            println!("note: Graphviz is not installed; skipping");
            return;
        }
        let m = Maze::from_text_rows(&MAZE).unwrap();
        let svg = draw(&Item::Maze(m.clone()), &DrawOptions::default()).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert_eq!(
            svg.matches("class=\"node\"").count(),
            m.grid().count_paths()
        );
        let broken = Dot {
            text: "graph { a -- }".to_string(),
            positioned: false,
            vertices: 1,
            edges: 0,
        };
        let e = run_graphviz(&broken, Engine::Dot, DrawFormat::Svg, 10).unwrap_err();
        assert!(e.to_string().starts_with("Graphviz (dot) failed: "), "{e}");
        assert!(!e.to_string().contains('\n'));
    }
}
