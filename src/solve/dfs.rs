//! Depth-first search with Ariadne's thread: go forward into any unvisited neighbour, wind the
//! thread back at a dead end. The thread (an explicit stack, no recursion) is the path.

use super::{Links, Method, Solution};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Depth-first search from `start` to `goal`: a path, not necessarily a shortest one.
/// Neighbours are tried in increasing flat-index order, then portal ends. `kept` holds the
/// cells reached.
///
/// The stack holds only cells: when the thread is wound back from a child, its parent resumes
/// with the neighbours after that child.
///
/// Complexity: O(cells) time (each neighbour list is scanned a bounded number of times per
/// child); one bit per cell and 8 bytes per cell of thread.
///
/// ```
/// use mazegraph::{solve::dfs, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = dfs::solve(&m, s, g);
/// assert!(sol.length.unwrap() >= 6);
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let links = Links::new(maze);
    let mut seen = FixedBitSet::with_capacity(maze.grid().len());
    seen.insert(start);
    let mut reached = 1;
    let mut thread = vec![start];
    // The child just wound back from, whose later siblings the top cell tries next.
    let mut resume: Option<usize> = None;
    while let Some(&c) = thread.last() {
        crate::stop::check();
        if c == goal {
            break;
        }
        let mut passed = resume.is_none();
        let mut next = None;
        links.for_each(c, |j| {
            if next.is_some() {
                return;
            }
            if !passed {
                passed = Some(j) == resume;
                return;
            }
            if !seen.contains(j) {
                next = Some(j);
            }
        });
        match next {
            Some(j) => {
                seen.insert(j);
                reached += 1;
                thread.push(j);
                resume = None;
            }
            None => {
                resume = thread.pop();
            }
        }
    }
    let path = (!thread.is_empty()).then_some(thread);
    Solution::new(Method::Dfs, (start, goal), path, seen, reached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::is_simple_path;

    #[test]
    fn finds_a_way_through_branches_and_portals() {
        let mut m = Maze::from_text_rows(&[
            "#.#####", //
            "#.#.#.#", //
            "#.....#", //
            "#.#.###", //
            "#.#.#.#", //
        ])
        .unwrap();
        let sh = m.shape().clone();
        let (s, g) = (1, sh.index(&[4, 3]).unwrap());
        let sol = solve(&m, s, g);
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
        // (4, 5) is walled in; a portal from (1, 5) reaches it
        let walled = sh.index(&[4, 5]).unwrap();
        assert!(solve(&m, s, walled).path.is_none());
        m.add_portal(sh.index(&[1, 5]).unwrap(), walled).unwrap();
        let sol = solve(&m, s, walled);
        assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, walled));
    }
}
