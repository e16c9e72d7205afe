//! [`Maze`]: a cell grid with terminals and portals (an *augmented* maze when it has portals).

use crate::error::{Error, Result};
use crate::grid::{Grid, Shape};

/// A maze: an n-dimensional grid of wall and path cells, optional explicit terminals, and
/// portals (two-way links between path cells).
///
/// Terminals default to the *openings*, the path cells on the outer border: the start is the
/// first opening in row-major order and the goal the last (see [`Maze::terminals`]).
///
/// ```
/// use mazegraph::Maze;
/// let m = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// assert_eq!((m.shape().coords(s), m.shape().coords(g)), (vec![0, 1], vec![2, 3]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    grid: Grid,
    start: Option<usize>,
    goal: Option<usize>,
    portals: Vec<(usize, usize)>,
}

impl Maze {
    /// A maze from a grid, with no explicit terminals and no portals.
    pub fn new(grid: Grid) -> Maze {
        Maze {
            grid,
            start: None,
            goal: None,
            portals: Vec::new(),
        }
    }

    /// A 2-D maze from rows of `#` (wall) and `.`/space (path) characters; `S` and `G` mark
    /// explicit terminals. Meant for examples and tests; files go through [`crate::format`].
    pub fn from_text_rows(rows: &[&str]) -> Result<Maze> {
        let text = rows.join("\n");
        crate::format::txt::parse(&text, &Default::default())
    }

    /// The cell grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cell grid, mutably (terminals and portals are not re-checked: call
    /// [`Maze::validate`] after editing).
    pub fn grid_mut(&mut self) -> &mut Grid {
        &mut self.grid
    }

    /// The grid's shape.
    pub fn shape(&self) -> &Shape {
        self.grid.shape()
    }

    /// The explicit start, if one was given.
    pub fn explicit_start(&self) -> Option<usize> {
        self.start
    }

    /// The explicit goal, if one was given.
    pub fn explicit_goal(&self) -> Option<usize> {
        self.goal
    }

    /// Sets or clears the explicit start and goal (flat indices). They must be path cells.
    pub fn set_terminals(&mut self, start: Option<usize>, goal: Option<usize>) -> Result<()> {
        for (what, t) in [("start", start), ("goal", goal)] {
            if let Some(t) = t {
                self.check_path_cell(t, what)?;
            }
        }
        if start.is_some() && start == goal {
            return Err(Error::InvalidMaze(
                "the start and the goal are the same cell".into(),
            ));
        }
        self.start = start;
        self.goal = goal;
        Ok(())
    }

    /// The portals, as pairs of flat indices, in the order they were added.
    pub fn portals(&self) -> &[(usize, usize)] {
        &self.portals
    }

    /// Adds a portal between two distinct path cells.
    pub fn add_portal(&mut self, a: usize, b: usize) -> Result<()> {
        self.check_path_cell(a, "portal end")?;
        self.check_path_cell(b, "portal end")?;
        if a == b {
            return Err(Error::InvalidMaze(format!(
                "portal links cell {} to itself",
                self.shape().fmt_index(a)
            )));
        }
        self.portals.push((a, b));
        Ok(())
    }

    /// Removes every portal.
    pub fn clear_portals(&mut self) {
        self.portals.clear();
    }

    fn check_path_cell(&self, i: usize, what: &str) -> Result<()> {
        if i >= self.grid.len() {
            return Err(Error::InvalidMaze(format!("{what} is outside the grid")));
        }
        if !self.grid.is_path(i) {
            return Err(Error::InvalidMaze(format!(
                "{what} {} is a wall",
                self.shape().fmt_index(i)
            )));
        }
        Ok(())
    }

    /// Checks that terminals and portals are on path cells inside the grid.
    pub fn validate(&self) -> Result<()> {
        if let Some(s) = self.start {
            self.check_path_cell(s, "start")?;
        }
        if let Some(g) = self.goal {
            self.check_path_cell(g, "goal")?;
        }
        for &(a, b) in &self.portals {
            self.check_path_cell(a, "portal end")?;
            self.check_path_cell(b, "portal end")?;
            if a == b {
                return Err(Error::InvalidMaze("a portal links a cell to itself".into()));
            }
        }
        Ok(())
    }

    /// The path cells on the outer border, in row-major order.
    pub fn openings(&self) -> Vec<usize> {
        self.grid.openings()
    }

    /// Start and goal: the explicit ones where given, otherwise the first and last openings.
    /// `None` when a terminal is missing (no explicit one and fewer than two openings).
    pub fn terminals(&self) -> Option<(usize, usize)> {
        let derived = if self.start.is_none() || self.goal.is_none() {
            self.grid.first_last_openings()
        } else {
            None
        };
        let start = self.start.or(derived.map(|d| d.0))?;
        let goal = self.goal.or(derived.map(|d| d.1))?;
        if start == goal {
            return None;
        }
        Some((start, goal))
    }

    /// Like [`Maze::terminals`], with an error saying what is missing.
    pub fn require_terminals(&self) -> Result<(usize, usize)> {
        self.terminals().ok_or_else(|| {
            Error::InvalidMaze(format!(
                "{} (give --start and --goal: a cell like 1,0 or a room like room:0,0)",
                self.missing_terminals().unwrap_or_default()
            ))
        })
    }

    /// What keeps [`Maze::terminals`] from giving a start and a goal, in words ("the maze needs
    /// a start and a goal: it has a start, at (1, 1), but no goal …"), without advice on how
    /// to give them (each front end has its own); `None` when the maze has both.
    pub fn missing_terminals(&self) -> Option<String> {
        if self.terminals().is_some() {
            return None;
        }
        let shape = self.shape();
        let n = self.openings().len();
        let openings = format!("{n} opening{}", if n == 1 { "" } else { "s" });
        let (last, first) = match n {
            1 => (
                "the only opening".to_string(),
                "the only opening".to_string(),
            ),
            _ => (
                format!("the last of the {openings}"),
                format!("the first of the {openings}"),
            ),
        };
        // The text format marks the start S and the goal G (or maze-dataset's E).
        let why = match (self.start, self.goal) {
            (None, None) => format!("it has {openings} on its border and no explicit terminals"),
            (Some(s), None) if n == 0 => format!(
                "it has a start (S in a text maze), at {}, but no goal (G or E in a text maze), and no opening on its border to take the goal from",
                shape.fmt_index(s)
            ),
            (Some(s), None) => format!(
                "it has a start (S in a text maze), at {}, but no goal (G or E in a text maze), and {last} on its border, which would be the goal, is the start",
                shape.fmt_index(s)
            ),
            (None, Some(g)) if n == 0 => format!(
                "it has a goal (G or E in a text maze), at {}, but no start (S in a text maze), and no opening on its border to take the start from",
                shape.fmt_index(g)
            ),
            (None, Some(g)) => format!(
                "it has a goal (G or E in a text maze), at {}, but no start (S in a text maze), and {first} on its border, which would be the start, is the goal",
                shape.fmt_index(g)
            ),
            (Some(s), Some(_)) => format!(
                "its start and its goal are the same cell, {}",
                shape.fmt_index(s)
            ),
        };
        Some(format!("the maze needs a start and a goal: {why}"))
    }

    /// Calls `f` with every neighbour of path cell `i` through the grid or a portal.
    /// Grid neighbours come first, in increasing order; portal ends follow, possibly repeating
    /// a grid neighbour. Use [`crate::graph::Graph::from_maze`] for deduplicated sorted lists.
    pub fn for_each_link(&self, i: usize, portal_index: &PortalIndex, mut f: impl FnMut(usize)) {
        self.grid.for_each_path_neighbour(i, &mut f);
        for &j in portal_index.ends(i) {
            f(j);
        }
    }

    /// An index of portal ends by cell, for [`Maze::for_each_link`].
    pub fn portal_index(&self) -> PortalIndex {
        PortalIndex::new(&self.portals)
    }
}

/// Portal ends grouped by cell (sorted by cell, then by the other end), for neighbour queries.
#[derive(Clone, Debug, Default)]
pub struct PortalIndex {
    /// (cell, other end), sorted.
    pairs: Vec<(usize, usize)>,
}

impl PortalIndex {
    /// Builds the index from portal pairs (both directions are recorded, duplicates dropped).
    pub fn new(portals: &[(usize, usize)]) -> PortalIndex {
        let mut pairs: Vec<(usize, usize)> = portals
            .iter()
            .flat_map(|&(a, b)| [(a, b), (b, a)])
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        PortalIndex { pairs }
    }

    /// The other ends of the portals at cell `i`, sorted.
    pub fn ends(&self, i: usize) -> impl Iterator<Item = &usize> + '_ {
        let lo = self.pairs.partition_point(|p| p.0 < i);
        self.pairs[lo..]
            .iter()
            .take_while(move |p| p.0 == i)
            .map(|p| &p.1)
    }

    /// True when no portal is indexed.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// True when cell `i` is a portal end.
    pub fn has(&self, i: usize) -> bool {
        self.ends(i).next().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_terminals_are_first_and_last_openings() {
        let m = Maze::from_text_rows(&["###.#", "#...#", "#.###", "#.###"]).unwrap();
        let (s, g) = m.terminals().unwrap();
        assert_eq!(m.shape().coords(s), vec![0, 3]);
        assert_eq!(m.shape().coords(g), vec![3, 1]);
    }

    #[test]
    fn one_opening_is_not_enough() {
        let m = Maze::from_text_rows(&["###.#", "#...#", "#####"]).unwrap();
        assert!(m.terminals().is_none());
        assert!(m
            .require_terminals()
            .unwrap_err()
            .to_string()
            .contains("1 opening"));
    }

    #[test]
    fn a_start_without_a_goal_is_said() {
        // S and no goal, no opening: not "no explicit terminals".
        let m = Maze::from_text_rows(&["#####", "#S..#", "#####"]).unwrap();
        assert_eq!(
            m.require_terminals().unwrap_err().to_string(),
            "invalid maze: the maze needs a start and a goal: it has a start (S in a text maze), at (1, 1), but no goal (G or E in a text maze), and no opening on its border to take the goal from (give --start and --goal: a cell like 1,0 or a room like room:0,0)"
        );
        let m = Maze::from_text_rows(&["#####", "#..G#", "#####"]).unwrap();
        let e = m.require_terminals().unwrap_err().to_string();
        assert!(
            e.contains(
                "it has a goal (G or E in a text maze), at (1, 3), but no start (S in a text maze)"
            ),
            "{e}"
        );
        // The start is the only opening: the goal taken from the border would be the start.
        let m = Maze::from_text_rows(&["#S###", "#...#", "#####"]).unwrap();
        let e = m.require_terminals().unwrap_err().to_string();
        assert!(
            e.contains("and the only opening on its border, which would be the goal, is the start"),
            "{e}"
        );
        // With an opening to take the goal from, the maze has both.
        let m = Maze::from_text_rows(&["#####", "#S...", "#####"]).unwrap();
        assert!(m.missing_terminals().is_none());
    }

    #[test]
    fn portals_must_join_path_cells() {
        let mut m = Maze::from_text_rows(&["#.#", "#.#", "#.#"]).unwrap();
        assert!(m.add_portal(1, 7).is_ok());
        assert!(m.add_portal(1, 0).is_err());
        assert!(m.add_portal(1, 1).is_err());
        assert!(m.add_portal(1, 99).is_err());
        let idx = m.portal_index();
        assert_eq!(idx.ends(7).copied().collect::<Vec<_>>(), vec![1]);
    }
}
