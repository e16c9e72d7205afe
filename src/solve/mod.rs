//! Solving mazes: dead-end filling (the seed's rule, "every dead end is a wall") and the
//! classic solvers, one file each, all sharing one [`Solution`] type.
//!
//! Every solver works on the cell grid directly (flat indices, bitsets, no per-cell hashing),
//! in any number of dimensions and through portals, except the wall follower, which is 2-D
//! only and refuses portals.
//!
//! | method | file | promises | `kept` is | `visited` counts |
//! |---|---|---|---|---|
//! | [`Method::DeadEnd`] | [`dead_end`] | a shortest path | cells left after filling | cells filled |
//! | [`Method::Bfs`] | [`bfs`] | a shortest path | cells reached | cells reached |
//! | [`Method::AStar`] | [`astar`] | a shortest path | cells expanded | cells expanded |
//! | [`Method::Dijkstra`] | [`dijkstra`] | a shortest path | junction cells settled | junctions settled |
//! | [`Method::Dfs`] | [`dfs`] | a path | cells reached | cells reached |
//! | [`Method::WallFollower`] | [`wall_follower`] | a path, when not on an island | cells walked | steps walked |
//! | [`Method::Tremaux`] | [`tremaux`] | a path | cells walked | steps walked |
//! | [`Method::ShortestSet`] | [`shortest_set`] | a shortest path | cells on *any* shortest path | cells reached |
//!
//! "No solution" is not an error: [`Solution::path`] is `None`. Errors are for mazes that cannot
//! be solved as asked (no start or goal, a terminal on a wall, the wall follower in 3-D).
//!
//! ```
//! use mazegraph::{solve::{solve, Method}, Maze};
//! let m = Maze::from_text_rows(&[
//!     "#.#####",
//!     "#...#.#",
//!     "#.#...#",
//!     "#.#.###",
//!     "###.###",
//! ]).unwrap();
//! let s = solve(&m, Method::DeadEnd).unwrap();
//! assert_eq!(s.length, Some(6));
//! assert_eq!(s.kept.count_ones(..), 7); // a perfect maze: exactly the path is left
//! ```

pub mod astar;
pub mod bfs;
pub mod dead_end;
pub mod dfs;
pub mod dijkstra;
pub mod lightest;
pub mod render;
pub mod shortest_set;
pub mod steps;
pub mod tremaux;
pub mod wall_follower;

use crate::error::{Error, Result};
use crate::grid::{Grid, Shape};
use crate::maze::{Maze, PortalIndex};
use fixedbitset::FixedBitSet;

/// Which hand the wall follower keeps on the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    /// Left hand on the wall: prefer left turns.
    Left,
    /// Right hand on the wall: prefer right turns.
    Right,
}

/// A solving method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Iterated dead-end filling, then the path through what is left ([`dead_end`]).
    DeadEnd,
    /// Breadth-first search: a shortest path in cells ([`bfs`]).
    Bfs,
    /// A* with the Manhattan distance ([`astar`]).
    AStar,
    /// Dijkstra on the junction graph: exact cell distances, few vertices ([`dijkstra`]).
    Dijkstra,
    /// Depth-first search with Ariadne's thread ([`dfs`]).
    Dfs,
    /// Hand on the wall, 2-D only ([`wall_follower`]).
    WallFollower(Hand),
    /// Trémaux's marks on passages ([`tremaux`]).
    Tremaux,
    /// The cells on any shortest solution ([`shortest_set`]).
    ShortestSet,
}

impl Method {
    /// Every method (the wall follower with its right hand).
    pub const ALL: [Method; 8] = [
        Method::DeadEnd,
        Method::Bfs,
        Method::AStar,
        Method::Dijkstra,
        Method::Dfs,
        Method::WallFollower(Hand::Right),
        Method::Tremaux,
        Method::ShortestSet,
    ];

    /// The method's name as the CLI takes it (`dead-end`, `bfs`, `astar`, …).
    pub fn name(self) -> &'static str {
        match self {
            Method::DeadEnd => "dead-end",
            Method::Bfs => "bfs",
            Method::AStar => "astar",
            Method::Dijkstra => "dijkstra",
            Method::Dfs => "dfs",
            Method::WallFollower(Hand::Right) => "wall-follower",
            Method::WallFollower(Hand::Left) => "wall-follower-left",
            Method::Tremaux => "tremaux",
            Method::ShortestSet => "shortest-set",
        }
    }

    /// What [`Solution::visited`] counts for this method, in words, as a summary says it:
    /// `cells filled`, `cells reached`, `cells expanded`, `junctions settled` or `steps walked`.
    ///
    /// ```
    /// use mazegraph::solve::Method;
    /// assert_eq!(Method::DeadEnd.visited_unit(), "cells filled");
    /// ```
    pub fn visited_unit(self) -> &'static str {
        match self {
            Method::DeadEnd => "cells filled",
            Method::Bfs | Method::Dfs | Method::ShortestSet => "cells reached",
            Method::AStar => "cells expanded",
            Method::Dijkstra => "junctions settled",
            Method::WallFollower(_) | Method::Tremaux => "steps walked",
        }
    }

    /// What a picture of this method's solution calls its kept cells off the path and the
    /// other path cells, in that order (see the table above).
    ///
    /// ```
    /// use mazegraph::solve::Method;
    /// assert_eq!(Method::Bfs.kept_names(), ("reached", "not reached"));
    /// ```
    pub fn kept_names(self) -> (&'static str, &'static str) {
        match self {
            Method::DeadEnd => ("kept off the path", "dead ends filled"),
            Method::Bfs | Method::Dfs => ("reached", "not reached"),
            Method::AStar => ("expanded", "not expanded"),
            Method::Dijkstra => ("junctions settled", "not settled"),
            Method::WallFollower(_) | Method::Tremaux => ("walked", "not walked"),
            Method::ShortestSet => ("on another shortest path", "on no shortest path"),
        }
    }

    /// The method with this name (`wall-follower-right` is accepted too).
    ///
    /// ```
    /// use mazegraph::solve::{Hand, Method};
    /// assert_eq!(Method::from_name("astar").unwrap(), Method::AStar);
    /// assert_eq!(Method::from_name("wall-follower-left").unwrap(), Method::WallFollower(Hand::Left));
    /// assert!(Method::from_name("magic").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Method> {
        if name == "wall-follower-right" {
            return Ok(Method::WallFollower(Hand::Right));
        }
        let left = Method::WallFollower(Hand::Left);
        Method::ALL
            .into_iter()
            .chain([left])
            .find(|m| m.name() == name)
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "unknown method {name:?} (known: {})",
                    Method::ALL.map(Method::name).join(", ")
                ))
            })
    }

    /// True when the method's path is always a shortest one.
    pub fn is_shortest(self) -> bool {
        matches!(
            self,
            Method::DeadEnd | Method::Bfs | Method::AStar | Method::Dijkstra | Method::ShortestSet
        )
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a solver found. Cells are flat indices into the maze's grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The method that produced it.
    pub method: Method,
    /// The start cell.
    pub start: usize,
    /// The goal cell.
    pub goal: usize,
    /// The cells from start to goal, both included; `None` when no solution was found.
    pub path: Option<Vec<usize>>,
    /// The number of steps of `path` (its cell count minus one).
    pub length: Option<usize>,
    /// The cells the method keeps or marks (see the table in [`crate::solve`]), over the grid.
    pub kept: FixedBitSet,
    /// How much work the method did (see the table in [`crate::solve`]).
    pub visited: usize,
}

impl Solution {
    fn new(
        method: Method,
        (start, goal): (usize, usize),
        path: Option<Vec<usize>>,
        kept: FixedBitSet,
        visited: usize,
    ) -> Solution {
        let length = path.as_ref().map(|p| p.len().saturating_sub(1));
        Solution {
            method,
            start,
            goal,
            path,
            length,
            kept,
            visited,
        }
    }

    /// True when a path was found.
    pub fn is_solved(&self) -> bool {
        self.path.is_some()
    }

    /// Number of kept cells.
    pub fn kept_count(&self) -> usize {
        crate::grid::count_ones(self.kept.as_slice())
    }

    /// What the method did, in its own words, for a summary line: `"7 cells kept, 46 cells
    /// filled"` for dead-end filling (the cells it keeps are its answer), `"11 cells reached"`
    /// for a search (what it keeps is what it reached).
    ///
    /// ```
    /// use mazegraph::solve::{solve, Method};
    /// let maze = mazegraph::Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
    /// let s = solve(&maze, Method::DeadEnd).unwrap();
    /// assert_eq!(s.work_phrase(), "5 cells kept, 0 cells filled");
    /// assert_eq!(solve(&maze, Method::Bfs).unwrap().work_phrase(), "5 cells reached");
    /// ```
    pub fn work_phrase(&self) -> String {
        let did = format!("{} {}", self.visited, self.method.visited_unit());
        match self.method {
            Method::DeadEnd => format!("{} cells kept, {did}", self.kept_count()),
            _ => did,
        }
    }

    /// The path's cells as coordinates in `maze` (the maze solved), from start to goal;
    /// nothing when no path was found ([`Solution::is_solved`]).
    ///
    /// Complexity: O(ndim) a cell.
    ///
    /// ```
    /// use mazegraph::{solve::{solve, Method}, Maze};
    /// let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
    /// let s = solve(&maze, Method::Bfs).unwrap();
    /// let path: Vec<Vec<usize>> = s.path_coords(&maze).collect();
    /// assert_eq!(path, [[0, 1], [1, 1], [1, 2], [1, 3], [2, 3]]);
    /// assert_eq!(maze.shape().coords(s.start), [0, 1]);
    /// ```
    pub fn path_coords<'a>(&'a self, maze: &'a Maze) -> impl Iterator<Item = Vec<usize>> + 'a {
        let cells = self.path.iter().flatten().copied();
        maze.shape().coords_of(cells)
    }

    /// The kept cells ([`Solution::kept`]) as coordinates in `maze`, in flat-index order.
    ///
    /// Complexity: O(cells / 64 + kept · ndim).
    ///
    /// ```
    /// use mazegraph::{solve::{solve, Method}, Maze};
    /// // (2, 1) is a dead end: filled, so not kept.
    /// let maze = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
    /// let s = solve(&maze, Method::DeadEnd).unwrap();
    /// let kept: Vec<Vec<usize>> = s.kept_coords(&maze).collect();
    /// assert_eq!(kept, [[0, 1], [1, 1], [1, 2], [1, 3], [2, 3], [3, 3]]);
    /// ```
    pub fn kept_coords<'a>(&'a self, maze: &'a Maze) -> impl Iterator<Item = Vec<usize>> + 'a {
        maze.shape().coords_of(self.kept.ones())
    }
}

/// Solves `maze` between its terminals ([`Maze::require_terminals`]) with `method`.
///
/// Errors: missing terminals, an inconsistent maze ([`Maze::validate`]), or a method that does
/// not apply (the wall follower on a maze that is not 2-D or has portals). An unreachable
/// goal is not an error: the solution has no path.
///
/// Complexity: that of the method, O(cells) for all but A* and Dijkstra (O(cells · log cells)).
///
/// ```
/// use mazegraph::{solve::{solve, Method}, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#.#", "###", "#.#"]).unwrap(); // goal walled off
/// assert_eq!(solve(&m, Method::Bfs).unwrap().path, None);
/// ```
pub fn solve(maze: &Maze, method: Method) -> Result<Solution> {
    maze.validate()?;
    let (start, goal) = maze.require_terminals()?;
    solve_between(maze, method, start, goal)
}

/// Solves `maze` from `start` to `goal` (flat indices of path cells) with `method`.
pub fn solve_between(maze: &Maze, method: Method, start: usize, goal: usize) -> Result<Solution> {
    check_terminals(maze, start, goal)?;
    Ok(match method {
        Method::DeadEnd => dead_end::solve(maze, start, goal),
        Method::Bfs => bfs::solve(maze, start, goal),
        Method::AStar => astar::solve(maze, start, goal),
        Method::Dijkstra => dijkstra::solve(maze, start, goal),
        Method::Dfs => dfs::solve(maze, start, goal),
        Method::WallFollower(hand) => wall_follower::solve(maze, start, goal, hand)?,
        Method::Tremaux => tremaux::solve(maze, start, goal)?,
        Method::ShortestSet => shortest_set::solve(maze, start, goal),
    })
}

/// Checks that start and goal are distinct path cells inside the grid.
pub(crate) fn check_terminals(maze: &Maze, start: usize, goal: usize) -> Result<()> {
    let grid = maze.grid();
    for (what, t) in [("start", start), ("goal", goal)] {
        if t >= grid.len() {
            return Err(Error::InvalidMaze(format!(
                "the {what} is outside the grid"
            )));
        }
        if !grid.is_path(t) {
            return Err(Error::InvalidMaze(format!(
                "the {what} {} is a wall",
                maze.shape().fmt_index(t)
            )));
        }
    }
    if start == goal {
        return Err(Error::InvalidMaze(format!(
            "the start and the goal are the same cell {}",
            maze.shape().fmt_index(start)
        )));
    }
    Ok(())
}

/// The distinct neighbours of path cells: grid neighbours that are path, then portal ends that
/// are not also grid neighbours. One bit per cell marks portal ends (nothing when there are no
/// portals), so cells without portals pay one bit test.
pub(crate) struct Links<'a> {
    grid: &'a Grid,
    shape: &'a Shape,
    /// (height, width) of a 2-D grid, whose neighbours are found with one division.
    plane: Option<(usize, usize)>,
    portal_cells: FixedBitSet,
    index: PortalIndex,
}

impl<'a> Links<'a> {
    pub(crate) fn new(maze: &'a Maze) -> Links<'a> {
        let index = maze.portal_index();
        let mut portal_cells = FixedBitSet::new();
        if !index.is_empty() {
            portal_cells.grow(maze.grid().len());
            for &(a, b) in maze.portals() {
                portal_cells.insert(a);
                portal_cells.insert(b);
            }
        }
        let dims = maze.shape().dims();
        Links {
            grid: maze.grid(),
            shape: maze.shape(),
            plane: (dims.len() == 2).then(|| (dims[0], dims[1])),
            portal_cells,
            index,
        }
    }

    /// True when the maze has portals.
    pub(crate) fn has_portals(&self) -> bool {
        !self.index.is_empty()
    }

    /// True when cell `i` is a portal end.
    #[inline]
    pub(crate) fn is_portal(&self, i: usize) -> bool {
        self.portal_cells.contains(i)
    }

    /// Calls `f` with the portal ends of `i` that are not grid neighbours of `i`.
    #[inline]
    pub(crate) fn for_each_portal(&self, i: usize, mut f: impl FnMut(usize)) {
        if self.portal_cells.contains(i) {
            for &j in self.index.ends(i) {
                if !self.shape.adjacent(i, j) {
                    f(j);
                }
            }
        }
    }

    /// Calls `f` with every distinct neighbour of path cell `i`.
    #[inline]
    pub(crate) fn for_each(&self, i: usize, mut f: impl FnMut(usize)) {
        match self.plane {
            Some((h, w)) => {
                // The same order as `Shape::for_each_neighbour`: up, left, right, down.
                let (r, c) = (i / w, i % w);
                let g = self.grid;
                if r > 0 && g.is_path(i - w) {
                    f(i - w);
                }
                if c > 0 && g.is_path(i - 1) {
                    f(i - 1);
                }
                if c + 1 < w && g.is_path(i + 1) {
                    f(i + 1);
                }
                if r + 1 < h && g.is_path(i + w) {
                    f(i + w);
                }
            }
            None => self.grid.for_each_path_neighbour(i, &mut f),
        }
        self.for_each_portal(i, f);
    }
}

/// True when `path` is a walk from `start` to `goal` along grid adjacencies between path
/// cells and portals, visiting no cell twice. Tests and callers use it to check solvers.
///
/// ```
/// use mazegraph::{solve::is_simple_path, Maze};
/// let m = Maze::from_text_rows(&["#.#", "#..", "###"]).unwrap();
/// assert!(is_simple_path(&m, &[1, 4, 5], 1, 5));
/// assert!(!is_simple_path(&m, &[1, 5], 1, 5));
/// ```
pub fn is_simple_path(maze: &Maze, path: &[usize], start: usize, goal: usize) -> bool {
    let grid = maze.grid();
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return false;
    }
    if path.iter().any(|&c| c >= grid.len() || !grid.is_path(c)) {
        return false;
    }
    let mut seen = FixedBitSet::with_capacity(grid.len());
    for &c in path {
        if seen.put(c) {
            return false;
        }
    }
    let links = Links::new(maze);
    path.windows(2).all(|w| {
        let mut linked = false;
        links.for_each(w[0], |j| linked |= j == w[1]);
        linked
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in Method::ALL
            .into_iter()
            .chain([Method::WallFollower(Hand::Left)])
        {
            assert_eq!(Method::from_name(m.name()).unwrap(), m);
        }
        assert!(Method::from_name("").is_err());
    }

    #[test]
    fn bad_terminals_are_errors() {
        let m = Maze::from_text_rows(&["#.#", "#.#", "#.#"]).unwrap();
        assert!(solve_between(&m, Method::Bfs, 0, 7).is_err());
        assert!(solve_between(&m, Method::Bfs, 1, 1).is_err());
        assert!(solve_between(&m, Method::Bfs, 1, 99).is_err());
        let closed = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        let e = solve(&closed, Method::DeadEnd).unwrap_err().to_string();
        assert!(e.contains("0 openings"), "{e}");
    }

    #[test]
    fn links_skip_portals_that_duplicate_adjacencies() {
        let mut m = Maze::from_text_rows(&["...", "###", "..."]).unwrap();
        m.add_portal(0, 1).unwrap();
        m.add_portal(0, 6).unwrap();
        let links = Links::new(&m);
        let mut v = Vec::new();
        links.for_each(0, |j| v.push(j));
        assert_eq!(v, vec![1, 6]);
    }
}
