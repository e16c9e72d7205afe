//! Trémaux's algorithm: mark each passage as you walk it, never take a passage marked twice.
//!
//! Rules, at each cell reached through passage `e`:
//! - if the cell had been visited before and `e` has just been marked for the first time,
//!   turn back through `e`;
//! - otherwise take an unmarked passage if there is one, else the passage marked once.
//!
//! If the goal is reachable the walker reaches it; the passages marked exactly once then form
//! a path from the start to the goal. If not, it comes back to the start with every passage
//! marked twice. Passages are the edges of the cell graph: grid adjacencies and portals.

use super::bfs::Crumbs;
use super::{Links, Method, Solution};
use crate::error::{Error, Result};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Marks on passages: two bits per (cell, axis) for the grid edge from a cell to its upper
/// neighbour on that axis, and two bits per portal after those.
struct Marks {
    ndim: usize,
    marks: Crumbs,
    /// Portals as (low, high) cell pairs, sorted, without those joining grid neighbours.
    portals: Vec<(usize, usize)>,
    grid_edges: usize,
}

impl Marks {
    fn new(maze: &Maze) -> Result<Marks> {
        let shape = maze.shape();
        let ndim = shape.ndim();
        let grid_edges = maze.grid().len().checked_mul(ndim).ok_or(Error::TooLarge {
            cells: u64::MAX,
            limit: crate::grid::DEFAULT_MAX_CELLS,
        })?;
        let mut portals: Vec<(usize, usize)> = maze
            .portals()
            .iter()
            .filter(|&&(a, b)| !shape.adjacent(a, b))
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        portals.sort_unstable();
        portals.dedup();
        Ok(Marks {
            ndim,
            marks: Crumbs::new(grid_edges + portals.len()),
            portals,
            grid_edges,
        })
    }

    /// The passage id between neighbours `a` and `b`.
    fn passage(&self, maze: &Maze, a: usize, b: usize) -> usize {
        let (lo, hi) = (a.min(b), a.max(b));
        let strides = maze.shape().strides();
        if let Some(k) =
            (0..self.ndim).find(|&k| hi - lo == strides[k] && maze.shape().adjacent(lo, hi))
        {
            return lo * self.ndim + k;
        }
        match self.portals.binary_search(&(lo, hi)) {
            Ok(p) => self.grid_edges + p,
            Err(_) => {
                debug_assert!(false, "not a passage");
                self.grid_edges
            }
        }
    }
}

/// Trémaux's walk from `start` to `goal`: a path (the passages marked once), not necessarily
/// shortest. `kept` holds the cells walked, `visited` the steps taken.
///
/// Complexity: O(cells) steps (each passage is walked at most twice); two bits per passage
/// (2 × dimensions bits per cell) and one bit per cell.
///
/// ```
/// use mazegraph::{solve::tremaux, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = tremaux::solve(&m, s, g).unwrap();
/// assert!(sol.length.unwrap() >= 6);
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Result<Solution> {
    let links = Links::new(maze);
    let mut marks = Marks::new(maze)?;
    let mut walked = FixedBitSet::with_capacity(maze.grid().len());
    walked.insert(start);
    let mut cell = start;
    let mut came: Option<(usize, usize)> = None; // (passage, cell we came from)
    let mut revisit = false; // the current cell had been visited before this arrival
    let mut steps = 0usize;
    let mut options: Vec<(usize, usize, u8)> = Vec::with_capacity(16);
    let found = loop {
        crate::stop::check();
        if cell == goal {
            break true;
        }
        options.clear();
        links.for_each(cell, |j| {
            let p = marks.passage(maze, cell, j);
            options.push((j, p, marks.marks.get(p)));
        });
        let choice = match came {
            Some((p, from)) if revisit && marks.marks.get(p) == 1 => Some((from, p)),
            _ => options
                .iter()
                .find(|o| o.2 == 0)
                .or_else(|| options.iter().find(|o| o.2 == 1))
                .map(|o| (o.0, o.1)),
        };
        let Some((next, p)) = choice else {
            break false;
        };
        let m = marks.marks.get(p);
        marks.marks.set(p, (m + 1).min(3));
        steps += 1;
        came = Some((p, cell));
        cell = next;
        revisit = walked.put(cell);
    };
    let path = found.then(|| once_marked_path(maze, &links, &marks, start, goal));
    Ok(Solution::new(
        Method::Tremaux,
        (start, goal),
        path,
        walked,
        steps,
    ))
}

/// The passages marked once, followed from the start: they form a simple path to the goal.
fn once_marked_path(
    maze: &Maze,
    links: &Links,
    marks: &Marks,
    start: usize,
    goal: usize,
) -> Vec<usize> {
    let mut path = vec![start];
    let mut prev = usize::MAX;
    let mut c = start;
    while c != goal && path.len() <= maze.grid().len() {
        crate::stop::check();
        let mut next = None;
        links.for_each(c, |j| {
            if next.is_none() && j != prev && marks.marks.get(marks.passage(maze, c, j)) == 1 {
                next = Some(j);
            }
        });
        let Some(j) = next else {
            debug_assert!(false, "broken Trémaux thread");
            break;
        };
        path.push(j);
        prev = c;
        c = j;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::is_simple_path;

    #[test]
    fn braid_with_portal() {
        let mut m = Maze::from_text_rows(&[
            "#.#######", //
            "#.......#", //
            "#.#.#.#.#", //
            "#.......#", //
            "#.#.#.#.#", //
            "#.......#", //
            "#######.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g).unwrap();
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
        // each passage at most twice
        assert!(sol.visited <= 2 * crate::Graph::from_maze(&m).edge_count());
        let sh = m.shape().clone();
        m.add_portal(sh.index(&[1, 3]).unwrap(), sh.index(&[5, 5]).unwrap())
            .unwrap();
        let sol = solve(&m, s, g).unwrap();
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
    }

    #[test]
    fn unreachable_goal_returns_to_start() {
        let m = Maze::from_text_rows(&["#.#", "#.#", "###", "#.#"]).unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g).unwrap();
        assert_eq!(sol.path, None);
        assert_eq!(sol.visited, 2); // down and back
    }
}
