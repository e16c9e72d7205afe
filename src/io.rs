//! Files by path: [`Maze::open`] and [`Maze::save`], the same for [`Graph`], [`Game`] and
//! the pictures of [`crate::render`]. The format is the one the file name's extension names
//! (the registries [`Format`] and [`GameFormat`], as the command line reads them), and a
//! file holding the other kind is converted as the command line converts it: a maze saved as
//! a graph format writes its cell graph, a graph opened as a maze is laid out
//! ([`Layout::Auto`]).
//!
//! Reading checks the file's size against the limits before reading it
//! ([`ReadOptions::limits`]); saving encodes the whole file in memory, writes it to a
//! temporary file beside `path` and renames it over `path`, so that a failure never leaves a
//! half-written file. Errors name the file: [`Error::File`] (`maze.txt:3: …`).
//!
//! ```
//! use mazegraph::{solve::{solve, Method}, Graph, Maze};
//! let dir = tempfile::tempdir().unwrap();
//! let maze = Maze::open(concat!(env!("CARGO_MANIFEST_DIR"), "/data/perfect15x20.png")).unwrap();
//! maze.save(dir.path().join("maze.txt")).unwrap();
//! assert_eq!(Maze::open(dir.path().join("maze.txt")).unwrap(), maze);
//! // A maze saved in a graph format is its cell graph; opened as a maze, it is laid out again.
//! maze.save(dir.path().join("maze.graphml")).unwrap();
//! let graph = Graph::open(dir.path().join("maze.graphml")).unwrap();
//! assert_eq!(graph, Graph::from_maze(&maze));
//! let again = Maze::open(dir.path().join("maze.graphml")).unwrap();
//! assert_eq!(solve(&again, Method::Bfs).unwrap().length, solve(&maze, Method::Bfs).unwrap().length);
//! // Errors name the file.
//! let e = Maze::open(dir.path().join("missing.txt")).unwrap_err().to_string();
//! assert!(e.contains("missing.txt: "), "{e}");
//! ```

use crate::convert::to_maze;
use crate::error::{Error, Result};
use crate::format::{Format, Holds, Item, ReadOptions};
use crate::game::format::GameFormat;
use crate::game::Game;
use crate::graph::Graph;
use crate::layout::{graph_to_maze, Layout};
use crate::maze::Maze;
use crate::render::{Picture, PictureFormat};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

impl Maze {
    /// Reads the maze in `path`, in the format its extension names, with the default limits
    /// ([`Maze::open_with`]).
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown extension, an I/O error, a
    /// parse error or a graph that cannot be laid out as a maze.
    pub fn open(path: impl AsRef<Path>) -> Result<Maze> {
        Maze::open_with(path, &ReadOptions::default())
    }

    /// [`Maze::open`] with reading options (limits, picture cells). A graph file is laid out
    /// as a maze ([`Layout::Auto`]: at its vertices' coordinates, or as rooms, or in a row).
    ///
    /// Complexity: that of the format's reader, O(file size) for most.
    pub fn open_with(path: impl AsRef<Path>, opts: &ReadOptions) -> Result<Maze> {
        let path = path.as_ref();
        in_file(path, || {
            to_maze(read_item(path, opts)?, Layout::Auto, &opts.limits)
        })
    }

    /// Writes the maze to `path`, in the format its extension names: a maze format (`.png`
    /// one pixel per cell, `.txt`, `.json`), or a graph format, which gets the maze's cell
    /// graph ([`Graph::from_maze`]). Replaces `path` only once the whole file is written.
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown or read-only extension, a
    /// maze the format cannot hold (a 3-D maze as PNG), an I/O error.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        in_file(path, || {
            let format = Format::from_path(path)?;
            match format.holds() {
                Holds::Maze => write_file(path, |out| format.write_maze(self, out)),
                Holds::Graph => {
                    let graph = Graph::from_maze(self);
                    write_file(path, |out| format.write_graph(&graph, out))
                }
            }
        })
    }
}

impl Graph {
    /// Reads the graph in `path`, in the format its extension names, with the default limits
    /// ([`Graph::open_with`]).
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown extension, an I/O error or a
    /// parse error.
    pub fn open(path: impl AsRef<Path>) -> Result<Graph> {
        Graph::open_with(path, &ReadOptions::default())
    }

    /// [`Graph::open`] with reading options. A maze file gives its cell graph
    /// ([`Graph::from_maze`]).
    ///
    /// Complexity: that of the format's reader, O(file size) for most.
    pub fn open_with(path: impl AsRef<Path>, opts: &ReadOptions) -> Result<Graph> {
        let path = path.as_ref();
        in_file(path, || match read_item(path, opts)? {
            Item::Graph(g) => Ok(g),
            Item::Maze(m) => Ok(Graph::from_maze(&m)),
        })
    }

    /// Writes the graph to `path`, in the format its extension names: a graph format, or a
    /// maze format, which gets the graph laid out as a maze ([`Layout::Auto`]). Replaces
    /// `path` only once the whole file is written.
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown or read-only extension, a
    /// graph that cannot be laid out, an I/O error.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        in_file(path, || {
            let format = Format::from_path(path)?;
            match format.holds() {
                Holds::Graph => write_file(path, |out| format.write_graph(self, out)),
                Holds::Maze => {
                    let limits = ReadOptions::default().limits;
                    let maze = graph_to_maze(self, Layout::Auto, &limits)?.maze;
                    write_file(path, |out| format.write_maze(&maze, out))
                }
            }
        })
    }
}

impl Game {
    /// Reads the game in `path`, in the format its extension names (`.pg`, `.gm`,
    /// `.game.json`, `.game.dot`), with the default limits.
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown extension, an I/O error or a
    /// parse error.
    ///
    /// ```
    /// use mazegraph::game::Game;
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("g.pg");
    /// std::fs::write(&path, "parity 1;\n0 1 0 1;\n1 2 1 0;\n").unwrap();
    /// let game = Game::open(&path).unwrap();
    /// game.save(dir.path().join("g.game.json")).unwrap();
    /// assert_eq!(Game::open(dir.path().join("g.game.json")).unwrap(), game);
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Game> {
        Game::open_with(path, &ReadOptions::default())
    }

    /// [`Game::open`] with reading options (the limits).
    ///
    /// Complexity: O(file size).
    pub fn open_with(path: impl AsRef<Path>, opts: &ReadOptions) -> Result<Game> {
        let path = path.as_ref();
        in_file(path, || {
            let format = GameFormat::from_path(path)?;
            format.read(&read_bytes(path, opts)?, opts)
        })
    }

    /// Writes the game to `path`, in the format its extension names. Replaces `path` only
    /// once the whole file is written.
    ///
    /// Errors: [`Error::File`] naming the file, around an unknown extension or an I/O error.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        in_file(path, || {
            let format = GameFormat::from_path(path)?;
            write_file(path, |out| format.write(self, out))
        })
    }
}

impl Picture<'_> {
    /// Writes the picture to `path`, as PNG or SVG by its extension. Replaces `path` only once
    /// the whole file is written.
    ///
    /// Errors: [`Error::File`] naming the file, around an extension other than `.png` and
    /// `.svg` or an I/O error.
    ///
    /// ```
    /// use mazegraph::{render::{Picture, RenderOptions}, Maze};
    /// let dir = tempfile::tempdir().unwrap();
    /// let maze = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
    /// let picture = Picture::new(&maze, &RenderOptions { scale: 8, ..Default::default() }).unwrap();
    /// picture.save(dir.path().join("maze.svg")).unwrap();
    /// assert!(picture.save(dir.path().join("maze.gif")).is_err());
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        in_file(path, || {
            let ext = path.extension().unwrap_or_default().to_string_lossy();
            let format = PictureFormat::from_name(&ext)?;
            write_file(path, |out| self.write(format, out))
        })
    }
}

/// Runs `f`, its error wrapped in [`Error::File`] naming `path`.
fn in_file<T>(path: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    f().map_err(|e| Error::File {
        path: path.to_path_buf(),
        error: Box::new(e),
    })
}

/// The bytes of the file at `path`, its size checked against the limits first.
fn read_bytes(path: &Path, opts: &ReadOptions) -> Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    opts.limits.check_bytes("reading the file", len)?;
    let mut bytes = crate::grid::try_with_capacity(len as usize)?;
    std::io::Read::read_to_end(&mut &file, &mut bytes)?;
    Ok(bytes)
}

/// The maze or graph in `path`, read in the format its extension names.
fn read_item(path: &Path, opts: &ReadOptions) -> Result<Item> {
    let format = Format::from_path(path)?;
    format.read(&read_bytes(path, opts)?, opts)
}

/// Writes `path` through `write`: the whole file into memory, then a temporary file beside
/// `path` renamed over it. A failure removes the temporary and leaves `path` as it was.
fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let mut bytes = Vec::new();
    write(&mut bytes)?;
    let name = path
        .file_name()
        .ok_or_else(|| Error::Unsupported("not a file name".into()))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp: PathBuf = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = std::fs::File::create_new(&tmp)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    Ok(written?)
}

/// What is done with a maze or a graph, for the memory budget's estimate made before the work
/// starts ([`Work::check`]): bytes per cell at the peak, measured as the peak resident memory
/// on big mazes divided by their cells, with a margin (BENCHMARKS.md, "Memory per cell"). The
/// command line and the Python package both refuse work with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Dead-end filling or a breadth- or depth-first search on the grid, drawing, converting
    /// to a grid format: bits per cell and the path (1 byte a cell; measured 0.5–1.0 on a
    /// 15001² maze; a path through most of the cells adds up to 4).
    Solve,
    /// A* or Trémaux on the grid: a distance or a mark count per cell (4).
    Search,
    /// Building the junction graph (and Dijkstra, which solves on it) (10).
    JunctionGraph,
    /// Building the graph of every path cell (16).
    CellGraph,
    /// Statistics: the cell graph, distances and components (22).
    Stats,
    /// The maze as a game and its attractor (24).
    Attractor,
    /// Comparing two mazes: both canonical graphs (32).
    Equal,
    /// A gamebook: graph, sections, shuffle (36).
    Gamebook,
}

impl Work {
    /// Bytes per cell (or per vertex and edge of a graph) at the peak.
    pub fn bytes_per_cell(self) -> u64 {
        match self {
            Work::Solve => 1,
            Work::Search => 4,
            Work::JunctionGraph => 10,
            Work::CellGraph => 16,
            Work::Stats => 22,
            Work::Attractor => 24,
            Work::Equal => 32,
            Work::Gamebook => 36,
        }
    }

    /// Refuses this work on `units` cells (or vertices and edges) of `what` ("a 20×20 maze")
    /// with [`Error::OverBudget`] when its estimate is over `limits.max_bytes`.
    ///
    /// ```
    /// use mazegraph::{grid::Limits, io::Work};
    /// let limits = Limits { max_cells: 1 << 40, max_bytes: 1 << 30 };
    /// assert!(Work::Solve.check(100_000_000, "a 10000×10000 maze", &limits).is_ok());
    /// let e = Work::Stats.check(100_000_000, "a 10000×10000 maze", &limits).unwrap_err();
    /// assert!(e.to_string().starts_with("computing the statistics of a 10000×10000 maze needs about"));
    /// ```
    pub fn check(self, units: u64, what: &str, limits: &crate::grid::Limits) -> Result<()> {
        let doing = match self {
            Work::Solve | Work::Search => format!("solving {what}"),
            Work::JunctionGraph => format!("building the junction graph of {what}"),
            Work::CellGraph => format!("building the graph of every path cell of {what}"),
            Work::Stats => format!("computing the statistics of {what}"),
            Work::Attractor => format!("computing the attractor of {what}"),
            Work::Equal => format!("comparing {what}"),
            Work::Gamebook => format!("writing the gamebook of {what}"),
        };
        limits.check_bytes(&doing, units.saturating_mul(self.bytes_per_cell()))
    }
}

/// Three quarters of the memory this process may use: the machine's memory, or less when an
/// address-space limit (`ulimit -v`) or the control group (a container) says so: the default
/// of [`Limits::max_bytes`](crate::grid::Limits::max_bytes) in the command line
/// (`--max-memory`) and the Python package (`max_memory=`). 6 GiB when `/proc` says nothing.
///
/// ```
/// assert!(mazegraph::io::default_max_memory() > 0);
/// ```
pub fn default_max_memory() -> u64 {
    let mut total = meminfo_total().unwrap_or(8 << 30);
    if let Some(c) = cgroup_limit() {
        total = total.min(c);
    }
    if let Some(r) = address_space_limit() {
        total = total.min(r);
    }
    total / 4 * 3
}

fn meminfo_total() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

fn cgroup_limit() -> Option<u64> {
    [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .find_map(|p| std::fs::read_to_string(p).ok()?.trim().parse().ok())
}

/// The soft `RLIMIT_AS`, from `/proc/self/limits` ("Max address space").
fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(name)
    }

    #[test]
    fn opens_every_kind_and_names_the_file_in_errors() {
        let maze = Maze::open(data("cube.json")).unwrap();
        assert_eq!(maze.shape().ndim(), 3);
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, "#.#\n#?#\n").unwrap();
        let e = Maze::open(&bad).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{}:", bad.display())), "{e}");
        let e = Maze::open(dir.path().join("x.unknown")).unwrap_err();
        assert!(
            matches!(&e, Error::File { error, .. } if matches!(**error, Error::UnknownFormat(_)))
        );
        let e = Game::open(dir.path().join("x.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("is not named as a game"), "{e}");
    }

    #[test]
    fn save_refuses_what_the_format_cannot_hold_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cube = Maze::open(data("cube.json")).unwrap();
        let png = dir.path().join("cube.png");
        assert!(cube.save(&png).is_err());
        assert!(cube.save(dir.path().join("cube.jpg")).is_err());
        // Neither the target nor a temporary is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        cube.save(dir.path().join("cube.json")).unwrap();
        assert_eq!(Maze::open(dir.path().join("cube.json")).unwrap(), cube);
    }

    #[test]
    fn limits_are_checked_before_reading() {
        let opts = ReadOptions {
            limits: crate::grid::Limits {
                max_bytes: 10,
                ..Default::default()
            },
            ..Default::default()
        };
        let e = Maze::open_with(data("cube.json"), &opts)
            .unwrap_err()
            .to_string();
        assert!(e.contains("memory budget"), "{e}");
    }

    #[test]
    fn dot_mazegraph_wrote_reads_with_or_without_graphviz() {
        let dir = tempfile::tempdir().unwrap();
        let maze = Maze::open(data("perfect15x20.png")).unwrap();
        let dot = dir.path().join("m.dot");
        maze.save(&dot).unwrap();
        assert_eq!(Graph::open(&dot).unwrap(), Graph::from_maze(&maze));
        let junctions = crate::junction::junction_graph(&maze);
        junctions.save(&dot).unwrap();
        assert_eq!(Graph::open(&dot).unwrap(), junctions);
        let seed = Graph::open(data("seed.adj")).unwrap();
        seed.save(&dot).unwrap();
        assert_eq!(Graph::open(&dot).unwrap(), seed);
        let other = dir.path().join("other.gv");
        std::fs::write(&other, "graph { a -- b; b -- c }").unwrap();
        let read = Graph::open(&other);
        #[cfg(feature = "graphviz")]
        assert_eq!(read.unwrap().edge_count(), 2);
        #[cfg(not(feature = "graphviz"))]
        {
            let e = read.unwrap_err().to_string();
            assert!(e.contains("needs mazegraph's `graphviz` feature"), "{e}");
        }
    }

    #[test]
    fn graph_saved_as_a_maze_is_laid_out() {
        let dir = tempfile::tempdir().unwrap();
        let maze = Maze::open(data("perfect15x20.png")).unwrap();
        let graph = Graph::from_maze(&maze);
        graph.save(dir.path().join("m.txt")).unwrap();
        assert_eq!(Graph::open(dir.path().join("m.txt")).unwrap(), graph);
    }
}
