//! # mazegraph
//!
//! Mazes as graphs and games. A [`Maze`] is an n-dimensional grid of wall and path cells with
//! terminals and portals; its [`Graph`] has a vertex per path cell and an edge per adjacency or
//! portal. Two mazes are *equal* iff their graphs are.
//!
//! Read a maze from a file (the extension names the format), solve it, and draw the solution:
//!
//! ```
//! use mazegraph::render::{Overlay, Picture, RenderOptions};
//! use mazegraph::solve::{solve, Method};
//! use mazegraph::Maze;
//!
//! let maze = Maze::open(concat!(env!("CARGO_MANIFEST_DIR"), "/data/perfect15x20.png"))?;
//! let solution = solve(&maze, Method::DeadEnd)?;
//! assert_eq!(solution.length, Some(300));
//! // Cells are flat indices into the grid; the same path in coordinates, start first:
//! let path: Vec<Vec<usize>> = solution.path_coords(&maze).collect();
//! assert_eq!(path[0], maze.shape().coords(solution.start));
//! // Any path, set of cells or ranks can be drawn over the maze.
//! let overlays = Overlay::solution(&solution);
//! let picture = Picture::new(&maze, &RenderOptions { scale: 8, overlays })?;
//! let dir = tempfile::tempdir()?;
//! picture.save(dir.path().join("solved.png"))?;
//! maze.save(dir.path().join("maze.txt"))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every feature is on by default; `default-features = false` keeps the model, the formats
//! and the algorithms without the command line's crates (see the README, "Using the
//! library"): `cli` (the binary), `graphviz` ([`draw`](mod@draw), `display`, reading DOT of
//! other tools), `chart` (the experiment's chart), `parallel` (rayon), `pictures` (JPEG, BMP,
//! GIF and WebP mazes), `transform` (shape transforms, nalgebra), `files` ([`files`]: safe
//! output files, for the CLI and the Python package), `book` ([`book`](mod@book): puzzle
//! books as PDF or SVG pages), `dataset` ([`dataset`]: Parquet shards).
//!
//! - [`grid`]: shapes, flat indices, bit-packed grids;
//! - [`maze`]: the maze model (terminals, portals);
//! - [`graph`]: cell graphs, graph comparison;
//! - [`junction`]: junction graphs (weighted, far fewer vertices, same distances);
//! - [`layout`]: graph → maze (at the vertices' coordinates, or the seed's row of portals);
//! - [`solve`]: dead-end filling and the classic solvers (BFS, A*, Dijkstra, DFS, wall follower,
//!   Trémaux, all shortest paths), in n dimensions and through portals;
//! - [`format`](mod@format): the registry of file formats; [`io`]: opening and saving by path;
//!   [`files`]: output files written safely (devices, FIFOs, links, signals, several at once);
//! - [`palette`]: the colours of every picture, one colour for one meaning;
//! - [`legend`]: what the colours of a picture mean, drawn under it;
//! - [`picture`]: maze pictures at any scale (lattice recovery, colour marks, JPEG), results
//!   drawn on the original;
//! - [`generate`]: maze generators in n dimensions, shapes, huge mazes;
//! - [`game`]: games on graphs: attractors, maze orientation, safety/Büchi/parity solvers,
//!   PGSolver format;
//! - [`render`](mod@render): pictures of mazes (PNG streamed row by row, SVG), with overlays;
//! - [`draw`](mod@draw): pictures of graphs and games through Graphviz;
//! - [`book`](mod@book): puzzle books of mazes with answer pages, as PDF or SVG pages;
//! - [`gamebook`]: gamebooks from perfect mazes (numbered sections, choices, Markdown/JSON);
//! - [`display`]: inline pictures in evcxr Jupyter notebooks (`evcxr_display` methods);
//! - [`stats`]: maze classes (perfect, unicursal, braid, …) and figures, the tree view;
//! - [`experiment`]: the seeds' experiment, many random mazes per generator compared;
//! - [`dataset`]: datasets of mazes, their solutions and figures as Parquet shards;
//! - [`stop`]: stopping long work on request (Ctrl-C in Python);
//! - [`tiling`]: mazes of other room shapes: hexagons, triangles, circles, octagons.
//!
//! ```
//! use mazegraph::{Graph, Maze};
//! let maze = Maze::from_text_rows(&["####.#####", ".........."]).unwrap();
//! let graph = Graph::from_maze(&maze);
//! assert_eq!((graph.vertex_count(), graph.edge_count()), (11, 10));
//! ```
#![warn(missing_docs)]
// Docs link to the modules and items of every feature; a build without some of them drops
// those links (the full documentation is built, and checked, with the default features).
#![cfg_attr(
    not(all(
        feature = "graphviz",
        feature = "chart",
        feature = "transform",
        feature = "files",
        feature = "book",
        feature = "dataset"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]
// n-D code indexes several parallel arrays (dims, strides, coordinates) by axis.
#![allow(clippy::needless_range_loop)]

// Unit tests share helpers with the integration tests (tests/common), which name the crate.
#[cfg(test)]
extern crate self as mazegraph;

#[cfg(feature = "book")]
pub mod book;
pub mod convert;
#[cfg(feature = "dataset")]
pub mod dataset;
#[cfg(all(feature = "graphviz", feature = "chart"))]
pub mod display;
#[cfg(feature = "graphviz")]
pub mod draw;
pub mod error;
pub mod experiment;
#[cfg(feature = "files")]
pub mod files;
#[cfg(any(feature = "chart", feature = "book"))]
mod fonts;
pub mod format;
pub mod game;
pub mod gamebook;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod io;
pub mod junction;
pub mod layout;
pub mod legend;
pub mod maze;
pub mod mesh;
pub mod palette;
mod par;
pub mod picture;
pub mod render;
pub mod rooms;
pub mod solve;
pub mod stats;
pub mod stop;
pub mod tiling;

pub use error::{Error, Result};
pub use graph::Graph;
pub use maze::Maze;
