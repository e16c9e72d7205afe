//! [`TiledMaze`]: a tiling, its adjacency, the walls opened between its rooms, a start and a
//! goal.

use super::{Adjacency, Side, Tiles, Tiling};
use crate::error::{Error, Result};
use crate::generate::graph::{carve, check, imperfect};
use crate::generate::Options;
use crate::graph::{Graph, Label, Vertices};
use crate::grid::Shape;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// The generator's name used when none is given for a maze on the tiling named `tiling` (or
/// on the square grid, `None`): kruskal for the weave (the only one that carves it), else
/// backtracker. The CLI's `generate`, `dataset` and `book` and the Python package share it.
///
/// ```
/// use mazegraph::tiling::maze::default_algorithm;
/// assert_eq!(default_algorithm(Some("weave")), "kruskal");
/// assert_eq!(default_algorithm(Some("sigma")), "backtracker");
/// assert_eq!(default_algorithm(None), "backtracker");
/// ```
pub fn default_algorithm(tiling: Option<&str>) -> &'static str {
    match tiling {
        Some("weave") => "kruskal",
        _ => "backtracker",
    }
}

/// Checks that `opts` can carve `tiling`, before anything is made: the graph generators
/// ([`crate::generate::graph::NAMES`]) carve every tiling but the weave, which kruskal alone
/// carves (its crossings placed first), perfect (no loops, no braid).
pub fn check_options(tiling: &Tiling, opts: &Options) -> Result<()> {
    if let Tiling::Weave(_) = tiling {
        // Crossings follow a rule the graph generators do not know.
        if opts.algorithm != crate::generate::Algorithm::Kruskal {
            return Err(Error::Unsupported(format!(
                "weave mazes are carved by kruskal only (its crossings are placed first), not by {}",
                opts.algorithm.name()
            )));
        }
        if opts.loops > 0 || opts.braid {
            return Err(Error::Unsupported(
                "weave mazes are perfect: no --loops or --braid".into(),
            ));
        }
        return Ok(());
    }
    check(opts.algorithm, &format!("{} tilings", tiling.name()))
}

/// A maze on a tiling: one bit per wall between two rooms (set: open), and the terminals.
/// The maze opens to the outside at the start and the goal (see [`TiledMaze::openings`]).
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{TiledMaze, Tiling};
/// let t = Tiling::new("sigma", &[6, 8], &Default::default()).unwrap();
/// let maze = TiledMaze::generate(t, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(5)).unwrap();
/// assert_eq!(maze.open_count(), 47); // a perfect maze: rooms − 1 open walls
/// assert!(maze.is_perfect());
/// assert_eq!((maze.start(), maze.goal()), (0, 47));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TiledMaze {
    tiling: Tiling,
    adjacency: Adjacency,
    open: FixedBitSet,
    start: u32,
    goal: u32,
}

impl TiledMaze {
    /// Every wall closed; the tiling's default terminals.
    pub fn closed(tiling: Tiling) -> TiledMaze {
        let adjacency = Adjacency::of(&tiling);
        let open = FixedBitSet::with_capacity(adjacency.edge_count());
        let (start, goal) = tiling.terminals();
        TiledMaze {
            tiling,
            adjacency,
            open,
            start,
            goal,
        }
    }

    /// Generates a maze on `tiling`: carves a spanning tree with `opts.algorithm` (one of
    /// [`crate::generate::graph::NAMES`]; the others are refused in one line naming those;
    /// a weave by kruskal only: [`check_options`]), opens `opts.loops` more walls, braids when
    /// asked.
    ///
    /// Complexity: the algorithm's, on the tiling's rooms and walls.
    pub fn generate(tiling: Tiling, opts: &Options, rng: &mut impl Rng) -> Result<TiledMaze> {
        check_options(&tiling, opts)?;
        if let Tiling::Weave(w) = &tiling {
            let w = w.clone();
            let mut maze = TiledMaze::closed(tiling);
            maze.open = w.carve(&maze.adjacency, rng);
            return Ok(maze);
        }
        let mut maze = TiledMaze::closed(tiling);
        maze.open = carve(opts.algorithm, &maze.adjacency, rng)?;
        if opts.loops > 0 {
            imperfect::add_loops(&maze.adjacency, &mut maze.open, opts.loops, rng)?;
        }
        if opts.braid {
            imperfect::braid(&maze.adjacency, &mut maze.open, rng);
        }
        Ok(maze)
    }

    /// The tiling.
    pub fn tiling(&self) -> &Tiling {
        &self.tiling
    }

    /// The adjacency of the rooms (every wall between two rooms, open or not).
    pub fn adjacency(&self) -> &Adjacency {
        &self.adjacency
    }

    /// The open walls, one bit per edge of [`TiledMaze::adjacency`].
    pub fn open(&self) -> &FixedBitSet {
        &self.open
    }

    /// Number of open walls.
    pub fn open_count(&self) -> usize {
        self.open.count_ones(..)
    }

    /// True when the wall between `a` and `b` (neighbours) is open.
    pub fn is_open(&self, a: u32, b: u32) -> bool {
        self.adjacency
            .edge_between(a, b)
            .is_some_and(|e| self.open.contains(e as usize))
    }

    /// Opens (or closes) the wall between two neighbours; an error when they are not.
    pub fn set_open(&mut self, a: u32, b: u32, open: bool) -> Result<()> {
        let n = self.tiling.room_count() as u32;
        let e = (a < n && b < n)
            .then(|| self.adjacency.edge_between(a, b))
            .flatten()
            .ok_or_else(|| {
                Error::InvalidMaze(format!(
                    "rooms {} and {} are not neighbours",
                    crate::grid::fmt_coords(&self.label_or_id(a)),
                    crate::grid::fmt_coords(&self.label_or_id(b))
                ))
            })?;
        self.open.set(e as usize, open);
        Ok(())
    }

    fn label_or_id(&self, r: u32) -> Vec<i64> {
        if (r as usize) < self.tiling.room_count() {
            self.tiling.label(r)
        } else {
            vec![i64::from(r)]
        }
    }

    /// The rooms reached from `v` through an open wall.
    pub fn passages(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.adjacency
            .neighbours(v)
            .iter()
            .zip(self.adjacency.edges(v))
            .filter(|(_, &e)| self.open.contains(e as usize))
            .map(|(&u, _)| u)
    }

    /// The start room.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The goal room.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Sets the terminals (rooms, which must exist).
    pub fn set_terminals(&mut self, start: u32, goal: u32) -> Result<()> {
        let n = self.tiling.room_count() as u32;
        if start >= n || goal >= n {
            return Err(Error::InvalidMaze(format!(
                "a terminal is outside the {n} rooms"
            )));
        }
        (self.start, self.goal) = (start, goal);
        Ok(())
    }

    /// True when the maze is perfect: one way between any two rooms (a spanning tree).
    pub fn is_perfect(&self) -> bool {
        let n = self.tiling.room_count();
        n == 0 || (self.open_count() == n - 1 && self.reached(0).count_ones(..) == n)
    }

    /// The rooms reached from `v`.
    pub fn reached(&self, v: u32) -> FixedBitSet {
        let mut seen = FixedBitSet::with_capacity(self.tiling.room_count());
        seen.insert(v as usize);
        let mut stack = vec![v];
        while let Some(v) = stack.pop() {
            for u in self.passages(v) {
                if !seen.contains(u as usize) {
                    seen.insert(u as usize);
                    stack.push(u);
                }
            }
        }
        seen
    }

    /// The maze's graph: a vertex per room, labelled with its coordinates (`(row, col)`,
    /// `(ring, sector)`, axial `(q, r)`), an edge per open wall, the terminals, and each
    /// room's centre as its position (so that DOT's `pos` draws the maze's geometry). Every
    /// graph writer and graph solver takes it. Vertices are sorted by label, as in every
    /// [`Graph`]; labels that are all non-negative make them grid cells of the smallest box
    /// holding them.
    ///
    /// Complexity: O(rooms + walls) time, O(rooms · log rooms) when the rooms' order is not
    /// their labels' (the hexagon board).
    ///
    /// ```
    /// use mazegraph::tiling::{TiledMaze, Tiling};
    /// use mazegraph::graph::Label;
    /// let mut m = TiledMaze::closed(Tiling::new("theta", &[2], &Default::default()).unwrap());
    /// m.set_open(0, 3, true).unwrap();
    /// let g = m.to_graph();
    /// assert_eq!((g.vertex_count(), g.edge_count()), (7, 1));
    /// assert_eq!(g.label(3), Label::Coord(vec![1, 2]));
    /// assert_eq!(g.positions().unwrap()[0], [0.0, 0.0]);
    /// ```
    pub fn to_graph(&self) -> Graph {
        let t = &self.tiling;
        let n = t.room_count();
        let labels: Vec<Vec<i64>> = (0..n as u32).map(|v| t.label(v)).collect();
        let order = label_order(&labels);
        let mut rank = vec![0u32; n];
        for (i, &v) in order.iter().enumerate() {
            rank[v as usize] = i as u32;
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(2 * self.open_count());
        offsets.push(0usize);
        for &v in &order {
            let from = targets.len();
            targets.extend(self.passages(v).map(|u| rank[u as usize]));
            targets[from..].sort_unstable();
            offsets.push(targets.len());
        }
        let cells = labels.iter().all(|l| l.iter().all(|&x| x >= 0));
        let box_dims: Vec<usize> = (0..2)
            .map(|k| {
                labels
                    .iter()
                    .map(|l| l[k].max(0) as usize + 1)
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let vertices = match Shape::new(box_dims) {
            Ok(shape) if cells => {
                let cells = order
                    .iter()
                    .map(|&v| {
                        let l = &labels[v as usize];
                        shape.index(&[l[0] as usize, l[1] as usize]).unwrap_or(0)
                    })
                    .collect();
                Vertices::Cells { shape, cells }
            }
            _ => Vertices::Names(
                order
                    .iter()
                    .map(|&v| Label::Coord(labels[v as usize].clone()))
                    .collect(),
            ),
        };
        let mut g = Graph::from_csr(vertices, offsets, targets, None);
        // One position and two terminals per room count: neither can fail.
        let _ = g.set_terminals(
            Some(rank[self.start as usize]),
            Some(rank[self.goal as usize]),
        );
        let _ = g.set_positions(order.iter().map(|&v| t.centre(v)).collect());
        g
    }

    /// The room of each vertex of [`TiledMaze::to_graph`]: the graph numbers the rooms in
    /// the order of their labels. O(rooms · log rooms).
    ///
    /// ```
    /// use mazegraph::tiling::{TiledMaze, Tiles, Tiling};
    /// use mazegraph::graph::Label;
    /// let m = TiledMaze::closed(Tiling::new("sigma-flat", &[3], &Default::default()).unwrap());
    /// let (g, rooms) = (m.to_graph(), m.graph_rooms());
    /// for v in 0..g.vertex_count() as u32 {
    ///     assert_eq!(g.label(v), Label::Coord(m.tiling().label(rooms[v as usize])));
    /// }
    /// ```
    pub fn graph_rooms(&self) -> Vec<u32> {
        let t = &self.tiling;
        let labels: Vec<Vec<i64>> = (0..t.room_count() as u32).map(|v| t.label(v)).collect();
        label_order(&labels)
    }

    /// The gaps in the outer boundary where the maze is entered and left: an outer side of
    /// the start room (the highest on the page) and of the goal room (the lowest). `None`
    /// for a terminal with no outer side (theta's centre).
    pub fn openings(&self) -> [Option<Side>; 2] {
        let mut sides = Vec::new();
        let mut pick = |room: u32, lowest: bool| {
            sides.clear();
            self.tiling.sides(room, &mut sides);
            let mid = |s: &Side| s.a[1] + s.b[1];
            sides
                .iter()
                .filter(|s| s.neighbour.is_none())
                .copied()
                .reduce(|x, y| {
                    let better = if lowest {
                        mid(&y) > mid(&x) + 1e-9
                    } else {
                        mid(&y) < mid(&x) - 1e-9
                    };
                    if better {
                        y
                    } else {
                        x
                    }
                })
        };
        let entrance = pick(self.start, false);
        let exit = if self.goal == self.start {
            None
        } else {
            pick(self.goal, true)
        };
        [entrance, exit]
    }
}

/// The rooms in the order of their labels (the vertices of [`TiledMaze::to_graph`]).
fn label_order(labels: &[Vec<i64>]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..labels.len() as u32).collect();
    if !labels.windows(2).all(|w| w[0] < w[1]) {
        order.sort_unstable_by(|&a, &b| labels[a as usize].cmp(&labels[b as usize]));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm};

    #[test]
    fn generated_mazes_are_perfect_and_seeds_reproduce() {
        for t in crate::tiling::tests::small() {
            for name in crate::generate::graph::NAMES {
                let opts = Options::new(Algorithm::from_name(name).unwrap());
                let a = TiledMaze::generate(t.clone(), &opts, &mut rng_from_seed(9)).unwrap();
                let b = TiledMaze::generate(t.clone(), &opts, &mut rng_from_seed(9)).unwrap();
                assert!(a.is_perfect(), "{name} on {t:?}");
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn loops_and_braids() {
        let t = Tiling::new("delta", &[6, 9], &Default::default()).unwrap();
        let mut opts = Options::new(Algorithm::Backtracker);
        opts.loops = 5;
        let m = TiledMaze::generate(t.clone(), &opts, &mut rng_from_seed(1)).unwrap();
        assert_eq!(m.open_count(), 53 + 5);
        opts.loops = 0;
        opts.braid = true;
        let m = TiledMaze::generate(t, &opts, &mut rng_from_seed(1)).unwrap();
        assert!((0..54).all(|v| m.passages(v).count() >= 2));
    }

    #[test]
    fn row_bound_generators_are_refused() {
        let t = Tiling::new("theta", &[5], &Default::default()).unwrap();
        let e = TiledMaze::generate(t, &Options::new(Algorithm::Eller), &mut rng_from_seed(1))
            .unwrap_err();
        assert!(e
            .to_string()
            .contains("eller works on square grids only, not on theta"));
    }

    #[test]
    fn the_graph_goes_through_every_graph_format_and_solver() {
        use crate::format::{Format, Holds, Item, ReadOptions};
        for t in crate::tiling::tests::small() {
            let m = TiledMaze::generate(
                t.clone(),
                &Options::new(Algorithm::Wilson),
                &mut rng_from_seed(2),
            )
            .unwrap();
            let g = m.to_graph();
            assert_eq!(g.vertex_count(), t.room_count());
            assert_eq!(g.edge_count(), m.open_count());
            let (s, goal) = (g.start().unwrap(), g.goal().unwrap());
            assert_eq!(g.label(s), Label::Coord(t.label(m.start())));
            assert_eq!(g.label(goal), Label::Coord(t.label(m.goal())));
            for f in Format::ALL {
                if f.holds() != Holds::Graph
                    || !f.is_writable()
                    || (f == Format::Edges && t.room_count() == 1)
                    // Reading any DOT but the grid's own shape needs the graphviz feature.
                    || (f == Format::Dot && !cfg!(feature = "graphviz"))
                {
                    continue;
                }
                let mut out = Vec::new();
                f.write_graph(&g, &mut out).unwrap();
                let Item::Graph(back) = f.read(&out, &ReadOptions::default()).unwrap() else {
                    panic!("{f} read as a maze")
                };
                assert_eq!(back.difference(&g), None, "{f} on {t:?}");
            }
            let mut dot = Vec::new();
            Format::Dot.write_graph(&g, &mut dot).unwrap();
            assert!(String::from_utf8(dot).unwrap().contains("pos=\""));
            // A perfect maze: the path from start to goal is what dead-end filling keeps.
            let kept = crate::solve::dead_end::fill_graph(&g, &[s, goal]);
            let path = crate::solve::lightest::lightest_path(&g, s, goal).unwrap();
            assert_eq!(kept.count_ones(..), path.path.unwrap().len(), "{t:?}");
        }
    }

    #[test]
    fn openings_are_outer_sides_of_the_terminals() {
        for t in crate::tiling::tests::small() {
            let m = TiledMaze::closed(t.clone());
            let [a, b] = m.openings();
            if m.tiling().room_count() > 1 && !matches!(t, Tiling::Theta(_)) {
                assert!(a.is_some() && b.is_some(), "{t:?}");
            }
            if let Tiling::Theta(th) = &t {
                assert!(a.is_none() || th.rings() == 1);
            }
        }
    }
}
