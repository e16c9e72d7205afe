//! Gamebooks from perfect mazes (seed 003: "a gamebook is a tree, and a perfect maze is a
//! connected acyclic graph, hence a tree: generating a perfect maze gives the structure of a
//! gamebook").
//!
//! [`build`] roots the maze's [junction graph](crate::junction) at the entrance and writes one
//! [`Section`] per place where something happens: the entrance (section 1), every junction,
//! every dead end and the exit. Corridors, with their turns and any portals on the way, are
//! the [`Choice`]s that lead from one section to the next: a direction word for the first step
//! (north/east/south/west in 2-D, "along axis k, +/−" in other dimensions, "through the
//! portal") and the corridor's length in steps.
//!
//! Conventions:
//! - **The way back is implicit.** A section offers only the corridors leading on, away from
//!   the entrance, so the book is a tree: every reading from section 1 ends at a dead end
//!   ("you are lost": an ending that sends the reader back to section 1) or at the exit (the
//!   happy ending).
//! - **Numbering.** Section 1 is the entrance; sections 2..=N are numbered by a seeded shuffle
//!   ([`crate::generate::rng_from_seed`]), so the numbers do not give the path away. The same
//!   maze and seed give the same book on every platform.
//! - **The exit ends the story**, even when the goal is not a dead end: any part of the maze
//!   reached only through the exit is left out of the book.
//! - Only perfect mazes make books: a maze with cycles, or with path cells the entrance cannot
//!   reach, is refused ([`Error::InvalidMaze`]).
//!
//! ```
//! use mazegraph::{gamebook, Maze};
//! let maze = Maze::from_text_rows(&[
//!     "#.#####",
//!     "#.....#",
//!     "#.###.#",
//!     "#...#.#",
//!     "#####.#",
//! ]).unwrap();
//! let book = gamebook::build(&maze, 7).unwrap();
//! // The entrance, the junction at (1, 1), the dead end at (3, 3) and the exit.
//! assert_eq!(book.sections.len(), 4);
//! let first = book.section(1).unwrap();
//! assert_eq!(first.choices.len(), 1);
//! assert_eq!(first.choices[0].to_string(), "Go south (1 step)");
//! assert_eq!(book.solution().len(), 3);
//! assert!(book.to_markdown().contains("## Section 1"));
//! ```

use crate::error::{Error, Result};
use crate::generate::{lattice::shuffle, rng_from_seed};
use crate::graph::Graph;
use crate::grid::{fmt_coords, Shape};
use crate::junction::junction_graph;
use crate::maze::Maze;
use crate::tiling::{TiledMaze, Tiles};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A gamebook: numbered sections, section 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gamebook {
    /// The book's title.
    pub title: String,
    /// The seed of the section numbering.
    pub seed: u64,
    /// The maze's grid dimensions, in cells (a tiled maze's size, as its tiling counts it).
    pub shape: Vec<usize>,
    /// The tiling of a maze whose rooms are not square cells (`sigma`, `theta`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiling: Option<String>,
    /// The sections in reading order: `sections[k].number == k + 1`.
    pub sections: Vec<Section>,
}

/// One numbered section: a place in the maze and the ways on from there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// The section number (1 is the entrance).
    pub number: usize,
    /// What the place is.
    pub kind: SectionKind,
    /// The cell's coordinates in the maze (a tiled maze's room label).
    pub cell: Vec<i64>,
    /// Where the reader stands, in words.
    pub text: String,
    /// The corridors leading on (none for the endings).
    pub choices: Vec<Choice>,
}

/// What a section's place is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    /// The way in: section 1.
    Entrance,
    /// A place where the corridor branches.
    Junction,
    /// A dead end: an ending that sends the reader back to section 1.
    DeadEnd,
    /// The way out: the happy ending.
    Exit,
}

/// A corridor from one section to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The direction of the corridor's first step.
    pub direction: Direction,
    /// The corridor's length in steps (cells walked, a portal counting as one step).
    pub steps: u64,
    /// How many portals the corridor goes through.
    pub portals: u32,
    /// The section the corridor leads to.
    pub section: usize,
}

/// The direction of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Up a 2-D maze (towards row 0).
    North,
    /// Right in a 2-D maze (towards higher columns).
    East,
    /// Down a 2-D maze (towards higher rows).
    South,
    /// Left in a 2-D maze (towards column 0).
    West,
    /// Up and right (a tiled maze's rooms: hexagons, triangles, octagons).
    NorthEast,
    /// Down and right.
    SouthEast,
    /// Down and left.
    SouthWest,
    /// Up and left.
    NorthWest,
    /// Towards the centre of a circular maze.
    Inward,
    /// Away from the centre of a circular maze.
    Outward,
    /// Round a circular maze, clockwise.
    Clockwise,
    /// Round a circular maze, anticlockwise.
    Anticlockwise,
    /// Along an axis of a maze that is not 2-D.
    Axis {
        /// The axis (0 is the first).
        axis: usize,
        /// True towards higher coordinates.
        positive: bool,
    },
    /// Through a portal.
    Portal,
}

impl Direction {
    /// The direction of a grid step along `axis` (`positive`: towards higher coordinates) in
    /// a maze of `ndim` axes.
    pub fn of_step(ndim: usize, axis: usize, positive: bool) -> Direction {
        match (ndim, axis, positive) {
            (2, 0, false) => Direction::North,
            (2, 0, true) => Direction::South,
            (2, _, false) => Direction::West,
            (2, _, true) => Direction::East,
            _ => Direction::Axis { axis, positive },
        }
    }

    /// The compass direction of a step by `(dx, dy)` on the page (`y` downwards), to the
    /// nearest of eight points.
    ///
    /// ```
    /// use mazegraph::gamebook::Direction;
    /// assert_eq!(Direction::of_vector(1.0, -1.7), Direction::NorthEast); // a hexagon's
    /// assert_eq!(Direction::of_vector(0.0, 1.0), Direction::South);
    /// ```
    pub fn of_vector(dx: f64, dy: f64) -> Direction {
        const POINTS: [Direction; 8] = [
            Direction::East,
            Direction::NorthEast,
            Direction::North,
            Direction::NorthWest,
            Direction::West,
            Direction::SouthWest,
            Direction::South,
            Direction::SouthEast,
        ];
        let turns = (-dy).atan2(dx) / std::f64::consts::TAU;
        POINTS[((turns * 8.0).round() as i64).rem_euclid(8) as usize]
    }

    /// Sort key: clockwise from north; axes in order, − before +; inward, outward, round;
    /// portals last.
    fn order(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::NorthEast => 1,
            Direction::East => 2,
            Direction::SouthEast => 3,
            Direction::South => 4,
            Direction::SouthWest => 5,
            Direction::West => 6,
            Direction::NorthWest => 7,
            Direction::Inward => 8,
            Direction::Outward => 9,
            Direction::Clockwise => 10,
            Direction::Anticlockwise => 11,
            Direction::Axis { axis, positive } => 2 * axis + usize::from(positive),
            Direction::Portal => usize::MAX,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Direction::North => f.write_str("north"),
            Direction::East => f.write_str("east"),
            Direction::South => f.write_str("south"),
            Direction::West => f.write_str("west"),
            Direction::NorthEast => f.write_str("north-east"),
            Direction::SouthEast => f.write_str("south-east"),
            Direction::SouthWest => f.write_str("south-west"),
            Direction::NorthWest => f.write_str("north-west"),
            Direction::Inward => f.write_str("inward"),
            Direction::Outward => f.write_str("outward"),
            Direction::Clockwise => f.write_str("clockwise"),
            Direction::Anticlockwise => f.write_str("anticlockwise"),
            Direction::Axis { axis, positive } => {
                write!(
                    f,
                    "along axis {axis}, {}",
                    if *positive { '+' } else { '−' }
                )
            }
            Direction::Portal => f.write_str("through the portal"),
        }
    }
}

impl fmt::Display for Choice {
    /// "Go west (8 steps)", "Go along axis 2, + (3 steps, through 1 portal)", "Step through
    /// the portal (1 step)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.direction {
            Direction::Portal => write!(f, "Step through the portal")?,
            d => write!(f, "Go {d}")?,
        }
        write!(f, " ({} step{}", self.steps, plural(self.steps))?;
        let through = if self.direction == Direction::Portal {
            self.portals.saturating_sub(1)
        } else {
            self.portals
        };
        if through > 0 {
            let more = if self.direction == Direction::Portal {
                " more"
            } else {
                ""
            };
            write!(
                f,
                ", through {through}{more} portal{}",
                plural(u64::from(through))
            )?;
        }
        f.write_str(")")
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl Gamebook {
    /// The section numbered `n` (1-based).
    pub fn section(&self, n: usize) -> Option<&Section> {
        n.checked_sub(1).and_then(|k| self.sections.get(k))
    }

    /// The exit's section number.
    pub fn exit(&self) -> Option<usize> {
        self.sections
            .iter()
            .find(|s| s.kind == SectionKind::Exit)
            .map(|s| s.number)
    }

    /// The section numbers read on the way from section 1 to the exit (both included).
    ///
    /// Complexity: O(sections).
    pub fn solution(&self) -> Vec<usize> {
        let Some(exit) = self.exit() else {
            return Vec::new();
        };
        // Parent of each section in the tree of choices.
        let mut parent = vec![0usize; self.sections.len() + 1];
        for s in &self.sections {
            for c in &s.choices {
                if let Some(p) = parent.get_mut(c.section) {
                    *p = s.number;
                }
            }
        }
        let mut path = vec![exit];
        let mut at = exit;
        while at != 1 && path.len() <= self.sections.len() {
            at = parent.get(at).copied().unwrap_or(1);
            if at == 0 {
                return Vec::new();
            }
            path.push(at);
        }
        path.reverse();
        path
    }

    /// The book in Markdown: the title, a short preface, then "Section N" headings (each
    /// with an HTML anchor `<a id="N">`) whose choices link to their sections.
    ///
    /// Complexity: O(size of the book). [`Gamebook::write_markdown`] writes it without
    /// holding it in memory.
    pub fn to_markdown(&self) -> String {
        let mut out = Vec::with_capacity(self.sections.len() * 160 + 512);
        // Writing to a Vec cannot fail, and only UTF-8 text is written.
        let _ = self.write_markdown(&mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// The preface: what the book is and how to read it, `link` standing for section 1.
    fn preface(&self, link: &str) -> String {
        format!(
            "A gamebook of {} sections, drawn from a perfect {}maze of {}{}{} (numbering seed \
             {}). Start at {link}. Each section tells where you stand and which corridors lead \
             on; pick one and go to the section it names. The way back is not offered: a dead \
             end sends you back to §1, and only one way leads out.",
            self.sections.len(),
            self.tiling
                .as_ref()
                .map_or(String::new(), |t| format!("{t} ")),
            if self.tiling.is_some() { "size " } else { "" },
            self.shape
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("×"),
            if self.tiling.is_some() { "" } else { " cells" },
            self.seed,
        )
    }

    /// Writes [`Gamebook::to_markdown`]'s text to `out`, section by section.
    pub fn write_markdown(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(out, "# {}\n", self.title)?;
        writeln!(out, "*{}*\n", self.preface("[§1](#1)"))?;
        for s in &self.sections {
            writeln!(out, "<a id=\"{0}\"></a>\n\n## Section {0}\n", s.number)?;
            writeln!(out, "{}\n", s.text)?;
            for c in &s.choices {
                writeln!(out, "- {c}: go to [§{0}](#{0})", c.section)?;
            }
            match s.kind {
                SectionKind::DeadEnd => writeln!(out, "*The end.* Start again at [§1](#1).")?,
                SectionKind::Exit => writeln!(out, "***The end.***")?,
                _ => {}
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

impl Gamebook {
    /// Writes the book as one HTML page: the same text as [`Gamebook::write_markdown`], each
    /// section an element with `id="N"`, each choice a link to its section; a little CSS keeps
    /// one section on screen at a time when followed by its link (`:target`).
    ///
    /// Complexity: O(size of the book), written section by section.
    ///
    /// ```
    /// use mazegraph::gamebook::build;
    /// use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
    /// let lattice = Lattice::new(&[3, 3], &Default::default()).unwrap();
    /// let maze = generate(&lattice, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(1)).unwrap();
    /// let mut html = Vec::new();
    /// build(&maze, 7).unwrap().write_html(&mut html).unwrap();
    /// let html = String::from_utf8(html).unwrap();
    /// assert!(html.starts_with("<!DOCTYPE html>") && html.contains(r#"<section id="1">"#));
    /// ```
    pub fn write_html(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let title = crate::format::graphml::escape(&self.title);
        writeln!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{title}</title>\n<style>\nbody {{ font-family: Georgia, serif; max-width: 40em; \
             margin: 2em auto; line-height: 1.5; }}\nsection {{ border-top: 1px solid #ccc; \
             padding: 0.5em 0; }}\nsection:target {{ background: #fff8dc; }}\n</style>\n</head>\n<body>\n\
             <h1>{title}</h1>"
        )?;
        writeln!(
            out,
            "<p><em>{}</em></p>",
            self.preface("<a href=\"#1\">§1</a>")
        )?;
        for s in &self.sections {
            writeln!(out, "<section id=\"{0}\">\n<h2>Section {0}</h2>", s.number)?;
            writeln!(out, "<p>{}</p>", crate::format::graphml::escape(&s.text))?;
            if !s.choices.is_empty() {
                writeln!(out, "<ul>")?;
                for c in &s.choices {
                    let text = crate::format::graphml::escape(&c.to_string());
                    writeln!(
                        out,
                        "<li>{text}: go to <a href=\"#{0}\">§{0}</a></li>",
                        c.section
                    )?;
                }
                writeln!(out, "</ul>")?;
            }
            match s.kind {
                SectionKind::DeadEnd => writeln!(
                    out,
                    "<p><em>The end.</em> Start again at <a href=\"#1\">§1</a>.</p>"
                )?,
                SectionKind::Exit => writeln!(out, "<p><strong><em>The end.</em></strong></p>")?,
                _ => {}
            }
            writeln!(out, "</section>")?;
        }
        writeln!(out, "</body>\n</html>")
    }
}

/// Builds the gamebook of a perfect maze, its sections numbered by `seed`.
///
/// The maze needs a start and a goal ([`Maze::terminals`]), and its graph (portals included)
/// must be a tree: connected, without cycles. Otherwise: [`Error::InvalidMaze`], saying why.
///
/// Complexity: O(cells) time (the junction graph, then one walk over it); memory O(cells/64 +
/// junction vertices).
///
/// ```
/// use mazegraph::gamebook::{build, SectionKind};
/// use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
/// let lattice = Lattice::new(&[6, 6], &Default::default()).unwrap();
/// let maze = generate(&lattice, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(1)).unwrap();
/// let book = build(&maze, 42).unwrap();
/// assert_eq!(book.section(1).unwrap().kind, SectionKind::Entrance);
/// assert_eq!(book, build(&maze, 42).unwrap()); // same seed, same book
/// let braid = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// # use mazegraph::Maze;
/// assert!(build(&braid, 42).unwrap_err().to_string().contains("cycle"));
/// ```
pub fn build(maze: &Maze, seed: u64) -> Result<Gamebook> {
    let (start, goal) = maze.require_terminals()?;
    let shape = maze.shape();
    let j = junction_graph(maze);
    let vertex = |cell: usize, what: &str| {
        j.find_cell(cell).ok_or_else(|| {
            Error::InvalidMaze(format!(
                "the {what} {} is not in the maze's junction graph",
                shape.fmt_index(cell)
            ))
        })
    };
    let (root, exit) = (vertex(start, "start")?, vertex(goal, "goal")?);
    let board = Board {
        graph: &j,
        root,
        exit,
        direction: &|u, v, w| step_direction(&j, shape, u, v, w),
        place: &|v| match j.cell(v) {
            Some(c) => (
                shape.coords(c).iter().map(|&x| x as i64).collect(),
                shape.on_border(c),
            ),
            None => (Vec::new(), false),
        },
    };
    let dims = shape.dims();
    let title = format!(
        "Lost in a {} maze",
        dims.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("×")
    );
    walk(&board, seed, title, dims.to_vec(), None)
}

/// A gamebook from a perfect tiled maze (hexagons, triangles, rings, octagons, a weave), as
/// [`build`] makes one from a square maze: its rooms are the places, a section for the
/// entrance, each junction, dead end and the exit; a choice's direction is the compass point
/// of its first step from room centre to room centre (eight points: "north-east" on
/// hexagons), or on a circular maze inward, outward, clockwise or anticlockwise.
///
/// Complexity: O(rooms · log rooms + walls).
///
/// ```
/// use mazegraph::gamebook::{build_tiled, SectionKind};
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{TiledMaze, Tiling};
/// let t = Tiling::new("theta", &[5], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Backtracker), &mut rng_from_seed(4)).unwrap();
/// let book = build_tiled(&m, 1).unwrap();
/// assert_eq!(book.section(1).unwrap().kind, SectionKind::Entrance);
/// assert!(book.to_markdown().contains("ward ("), "inward or outward");
/// ```
pub fn build_tiled(maze: &TiledMaze, seed: u64) -> Result<Gamebook> {
    let g = maze.to_graph();
    let rooms = maze.graph_rooms();
    let vertex = |room: u32| rooms.iter().position(|&r| r == room).unwrap_or(0) as u32;
    let (root, exit) = (vertex(maze.start()), vertex(maze.goal()));
    let t = maze.tiling();
    let circular = matches!(t, crate::tiling::Tiling::Theta(_));
    let mut outer = vec![false; rooms.len()];
    let mut sides = Vec::with_capacity(8);
    for (v, &r) in rooms.iter().enumerate() {
        sides.clear();
        t.sides(r, &mut sides);
        outer[v] = sides.iter().any(|s| s.neighbour.is_none());
    }
    let direction = |u: u32, v: u32, _w: u64| {
        let (a, b) = (t.centre(rooms[u as usize]), t.centre(rooms[v as usize]));
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        // From a circular maze's centre every way is outward: its compass point says which.
        if !circular || a[0].hypot(a[1]) < 1e-9 {
            return Direction::of_vector(dx, dy);
        }
        // Radial and tangential parts, seen from the centre of the step (y downwards: the
        // clockwise tangent of a point (x, y) is (−y, x)).
        let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let r = m[0].hypot(m[1]).max(f64::MIN_POSITIVE);
        let radial = (dx * m[0] + dy * m[1]) / r;
        let round = (-dx * m[1] + dy * m[0]) / r;
        match (radial.abs() >= round.abs(), radial > 0.0, round > 0.0) {
            (true, true, _) => Direction::Outward,
            (true, false, _) => Direction::Inward,
            (false, _, true) => Direction::Clockwise,
            (false, _, false) => Direction::Anticlockwise,
        }
    };
    let board = Board {
        graph: &g,
        root,
        exit,
        direction: &direction,
        place: &|v| (t.label(rooms[v as usize]), outer[v as usize]),
    };
    let title = format!("Lost in a {} {} maze", t.size_text(), t.name());
    walk(&board, seed, title, t.size(), Some(t.name().to_string()))
}

/// What a gamebook is walked on: a tree of places (a square maze's junction graph, a tiled
/// maze's rooms), its entrance and exit, the direction of a step and where a place is.
struct Board<'a> {
    graph: &'a Graph,
    root: u32,
    exit: u32,
    /// The direction of the edge `u`–`v` of length `w`, seen from `u`.
    direction: &'a dyn Fn(u32, u32, u64) -> Direction,
    /// A place's coordinates, and whether it is on the maze's outer border.
    place: &'a dyn Fn(u32) -> (Vec<i64>, bool),
}

/// The book of `board`: its sections walked from the entrance, numbered by `seed`.
fn walk(
    board: &Board,
    seed: u64,
    title: String,
    shape: Vec<usize>,
    tiling: Option<String>,
) -> Result<Gamebook> {
    let (j, root, exit) = (board.graph, board.root, board.exit);
    let name = |v: u32| {
        let (c, _) = (board.place)(v);
        if c.is_empty() {
            j.label(v).to_string()
        } else {
            fmt_coords(&c)
        }
    };
    check_tree(j, &name, root)?;

    // Walk the tree from the root: each node found is a section (index in `nodes`), each
    // corridor a choice. The exit ends the story, so nothing is explored beyond it.
    struct Node {
        vertex: u32,
        /// The vertex before this one on the corridor that led here (the way back).
        came_from: Option<u32>,
        kind: SectionKind,
        /// The ways on; `section` holds the index in `nodes` until sections are numbered.
        choices: Vec<Choice>,
    }
    let mut nodes: Vec<Node> = vec![Node {
        vertex: root,
        came_from: None,
        kind: SectionKind::Entrance,
        choices: Vec::new(),
    }];
    let mut next = 0;
    while next < nodes.len() {
        let (u, came_from) = (nodes[next].vertex, nodes[next].came_from);
        let mut choices = Vec::new();
        if u != exit {
            for (k, &v) in j.neighbours(u).iter().enumerate() {
                if Some(v) == came_from {
                    continue;
                }
                let first = (board.direction)(u, v, weight(j, u, k));
                let (end, prev, steps, portals) = follow(board, u, v);
                let kind = if end == exit {
                    SectionKind::Exit
                } else if j.degree(end) == 1 {
                    SectionKind::DeadEnd
                } else {
                    SectionKind::Junction
                };
                choices.push(Choice {
                    direction: first,
                    steps,
                    portals,
                    section: nodes.len(),
                });
                nodes.push(Node {
                    vertex: end,
                    came_from: Some(prev),
                    kind,
                    choices: Vec::new(),
                });
            }
        }
        choices.sort_by_key(|c| (c.direction.order(), c.steps));
        nodes[next].choices = choices;
        next += 1;
    }

    // Section numbers: 1 for the entrance, a seeded shuffle of 2..=N for the rest.
    let mut numbers: Vec<usize> = (2..=nodes.len()).collect();
    shuffle(&mut numbers, &mut rng_from_seed(seed));
    let number = |i: usize| if i == 0 { 1 } else { numbers[i - 1] };
    let mut node_of = vec![0usize; nodes.len()];
    for i in 0..nodes.len() {
        node_of[number(i) - 1] = i;
    }
    let mut sections = Vec::with_capacity(nodes.len());
    for (k, &i) in node_of.iter().enumerate() {
        let node = &mut nodes[i];
        let (cell, border) = (board.place)(node.vertex);
        let mut choices = std::mem::take(&mut node.choices);
        for c in &mut choices {
            c.section = number(c.section);
        }
        sections.push(Section {
            number: k + 1,
            kind: node.kind,
            text: describe(node.kind, &cell, border, choices.len()),
            cell,
            choices,
        });
    }
    Ok(Gamebook {
        title,
        seed,
        shape,
        tiling,
        sections,
    })
}

/// The weight of the `k`-th edge of `u` (1 when unweighted).
fn weight(j: &Graph, u: u32, k: usize) -> u64 {
    j.neighbour_weights(u)
        .and_then(|w| w.get(k))
        .map_or(1, |&w| w as u64)
}

/// The weight of the edge `u`–`v`.
fn edge_weight(j: &Graph, u: u32, v: u32) -> u64 {
    match j.neighbours(u).binary_search(&v) {
        Ok(k) => weight(j, u, k),
        Err(_) => 1,
    }
}

/// The direction of the junction-graph edge `u`–`v` of length `w`, seen from `u`: a straight
/// run along one axis (the coordinates differ on one axis, by `w`), or else a portal.
fn step_direction(j: &Graph, shape: &Shape, u: u32, v: u32, w: u64) -> Direction {
    let (Some(a), Some(b)) = (j.cell(u), j.cell(v)) else {
        return Direction::Portal;
    };
    let mut axis = None;
    for k in 0..shape.ndim() {
        let (x, y) = (shape.coord(a, k), shape.coord(b, k));
        if x != y {
            if axis.is_some() || x.abs_diff(y) as u64 != w {
                return Direction::Portal;
            }
            axis = Some((k, y > x));
        }
    }
    match axis {
        Some((k, up)) => Direction::of_step(shape.ndim(), k, up),
        None => Direction::Portal,
    }
}

/// Follows the corridor that leaves `u` towards `v` through corridor vertices (degree 2, not
/// a terminal) to the next section's vertex. Returns it, the vertex before it, the length in
/// steps and the number of portals crossed.
fn follow(board: &Board, u: u32, v: u32) -> (u32, u32, u64, u32) {
    let j = board.graph;
    let (mut prev, mut at) = (u, v);
    let mut steps = 0u64;
    let mut portals = 0u32;
    loop {
        let w = edge_weight(j, prev, at);
        steps += w;
        if (board.direction)(prev, at, w) == Direction::Portal {
            portals += 1;
        }
        let n = j.neighbours(at);
        if n.len() != 2 || at == board.root || at == board.exit {
            return (at, prev, steps, portals);
        }
        let onward = if n[0] == prev { n[1] } else { n[0] };
        prev = at;
        at = onward;
    }
}

/// Refuses a junction graph that is not a tree containing `root`: cycles or unreachable
/// cells. O(vertices + edges).
fn check_tree(j: &Graph, at: &dyn Fn(u32) -> String, root: u32) -> Result<()> {
    let n = j.vertex_count();
    let mut seen = vec![false; n];
    let mut stack = vec![root];
    seen[root as usize] = true;
    let (mut reached, mut degree_sum) = (0usize, 0usize);
    while let Some(u) = stack.pop() {
        reached += 1;
        degree_sum += j.degree(u);
        for &v in j.neighbours(u) {
            if !seen[v as usize] {
                seen[v as usize] = true;
                stack.push(v);
            }
        }
    }
    let edges = degree_sum / 2;
    if edges + 1 > reached {
        let cycles = edges + 1 - reached;
        return Err(Error::InvalidMaze(format!(
            "the maze has {cycles} independent cycle{}: a gamebook needs a perfect maze (a tree, \
             one way between any two cells); `mazegraph stats` counts cycles and dead ends",
            if cycles == 1 { "" } else { "s" }
        )));
    }
    if let Some(v) = seen.iter().position(|s| !s) {
        return Err(Error::InvalidMaze(format!(
            "the maze is not connected: cell {} cannot be reached from the entrance {} (a \
             gamebook needs a perfect maze; `mazegraph stats` counts its parts)",
            at(v as u32),
            at(root)
        )));
    }
    Ok(())
}

/// Where the reader stands, in words (`border`: the cell is on the maze's outer border).
fn describe(kind: SectionKind, cell: &[i64], border: bool, ways: usize) -> String {
    let at = fmt_coords(cell);
    let ahead = match ways {
        1 => "a single corridor".to_string(),
        n => format!("{n} corridors"),
    };
    match kind {
        SectionKind::Entrance if border => format!(
            "You stand at the entrance of the maze, at {at}. Behind you, daylight; ahead, {ahead}."
        ),
        SectionKind::Entrance => {
            format!("You wake up deep inside the maze, at {at}. Around you, {ahead}.")
        }
        SectionKind::Junction => {
            format!("You reach a junction at {at}. Besides the way you came, {ways} ways lead on.")
        }
        SectionKind::DeadEnd => {
            format!("A dead end at {at}: walls on every side. You are lost in the maze.")
        }
        SectionKind::Exit if border => format!(
            "Light at the end of the corridor: at {at} you step out of the maze. You have \
             found the way out!"
        ),
        SectionKind::Exit => format!(
            "At {at} a hidden door opens under your hand: it leads out of the maze. You have \
             found the way out!"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Maze {
        Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#...#.#", //
            "#####.#",
        ])
        .unwrap()
    }

    #[test]
    fn sections_choices_and_words() {
        let book = build(&sample(), 3).unwrap();
        assert_eq!(book.sections.len(), 4);
        for (k, s) in book.sections.iter().enumerate() {
            assert_eq!(s.number, k + 1);
        }
        let entrance = book.section(1).unwrap();
        assert_eq!(entrance.kind, SectionKind::Entrance);
        assert_eq!(entrance.cell, vec![0, 1]);
        let junction = book.section(entrance.choices[0].section).unwrap();
        assert_eq!(junction.kind, SectionKind::Junction);
        assert_eq!(junction.cell, vec![1, 1]);
        // East along row 1 then down to the exit: 4 + 3 steps; south then east to the dead
        // end: 2 + 2 steps. Compass order: east before south.
        let words: Vec<String> = junction.choices.iter().map(|c| c.to_string()).collect();
        assert_eq!(words, ["Go east (7 steps)", "Go south (4 steps)"]);
        let exit = book.section(junction.choices[0].section).unwrap();
        assert_eq!(
            (exit.kind, exit.cell.clone()),
            (SectionKind::Exit, vec![4, 5])
        );
        assert!(exit.choices.is_empty());
        let dead = book.section(junction.choices[1].section).unwrap();
        assert_eq!(dead.kind, SectionKind::DeadEnd);
        assert_eq!(book.exit(), Some(exit.number));
        assert_eq!(book.solution(), vec![1, junction.number, exit.number]);
    }

    #[test]
    fn markdown_has_anchors_and_links() {
        let book = build(&sample(), 3).unwrap();
        let md = book.to_markdown();
        assert!(md.starts_with("# Lost in a 5×7 maze\n"));
        for s in &book.sections {
            assert!(md.contains(&format!("<a id=\"{0}\"></a>\n\n## Section {0}\n", s.number)));
            for c in &s.choices {
                assert!(md.contains(&format!("(#{})", c.section)));
            }
        }
        assert!(md.contains("Go east (7 steps): go to [§"));
        assert_eq!(md.matches("Start again at [§1](#1)").count(), 1);
    }

    #[test]
    fn n_d_and_portal_directions() {
        assert_eq!(
            Direction::of_step(3, 2, false).to_string(),
            "along axis 2, −"
        );
        assert_eq!(
            Direction::of_step(1, 0, true).to_string(),
            "along axis 0, +"
        );
        assert_eq!(Direction::of_step(2, 1, true), Direction::East);
        // A row with a portal: the entrance (0,0) walks east to (0,1), a portal end, which
        // jumps to (0,4); from there east to the exit (0,5). Cells 2 and 3 are walls.
        let mut m = Maze::from_text_rows(&["..##.."]).unwrap();
        m.add_portal(1, 4).unwrap();
        let book = build(&m, 1).unwrap();
        let first = &book.section(1).unwrap().choices;
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].to_string(), "Go east (3 steps, through 1 portal)");
        assert_eq!(book.sections.len(), 2);
        // Starting on the portal end itself.
        let mut m = Maze::from_text_rows(&[".#..#"]).unwrap();
        m.add_portal(0, 2).unwrap();
        m.set_terminals(Some(0), Some(3)).unwrap();
        let book = build(&m, 1).unwrap();
        assert_eq!(
            book.section(1).unwrap().choices[0].to_string(),
            "Step through the portal (2 steps)"
        );
    }

    #[test]
    fn the_exit_ends_the_story() {
        // The goal (1, 3) is in the middle of a corridor: what lies beyond is left out.
        let mut m = Maze::from_text_rows(&["#######", "S.....#", "#######"]).unwrap();
        let goal = m.shape().index(&[1, 3]).unwrap();
        m.set_terminals(m.explicit_start(), Some(goal)).unwrap();
        let book = build(&m, 0).unwrap();
        assert_eq!(book.sections.len(), 2);
        assert_eq!(book.section(2).unwrap().kind, SectionKind::Exit);
        assert!(book.section(2).unwrap().text.contains("hidden door"));
        assert!(book.section(1).unwrap().text.contains("daylight"));
        assert_eq!(book.section(1).unwrap().choices[0].steps, 3);
    }

    #[test]
    fn refusals() {
        let braid = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
        let e = build(&braid, 0).unwrap_err().to_string();
        assert!(
            e.contains("1 independent cycle") && e.contains("stats"),
            "{e}"
        );
        let apart = Maze::from_text_rows(&["#.###", "#.#.#", "#.###", "#.###"]).unwrap();
        let e = build(&apart, 0).unwrap_err().to_string();
        assert!(e.contains("(1, 3) cannot be reached"), "{e}");
        let closed = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        assert!(build(&closed, 0).is_err());
    }

    #[test]
    fn json_round_trip() {
        let book = build(&sample(), 9).unwrap();
        let text = serde_json::to_string(&book).unwrap();
        assert!(text.contains("\"kind\":\"dead_end\""));
        assert!(text.contains("\"direction\":\"east\""));
        let back: Gamebook = serde_json::from_str(&text).unwrap();
        assert_eq!(back, book);
    }
}
