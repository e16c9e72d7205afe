//! All shortest paths at once: the set of cells that lie on *some* shortest solution.
//!
//! A breadth-first search from the start stops when the goal is reached at distance `D`; then
//! a sweep back from the goal keeps every cell at distance `d − 1` next to a kept cell at
//! distance `d`. A kept cell at distance `d` from the start reaches the goal in `D − d`
//! steps, so the kept cells are exactly those with `dist(start, c) + dist(c, goal) = D`.
//! Both passes read the two-bit distance crumbs of [`crate::solve::bfs`].

use super::bfs::{crumb, layers, walk_back};
use super::{Links, Method, Solution};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// The cells on any shortest path from `start` to `goal` (`kept`), and one of those paths.
/// `visited` counts the cells the search reached.
///
/// Complexity: O(cells) time; two bits per cell, one bit per cell for the set, and a stack.
///
/// ```
/// use mazegraph::{solve::shortest_set, Maze};
/// // A 2×3 room: several shortest ways through it.
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = shortest_set::solve(&m, s, g);
/// assert_eq!(sol.length, Some(5));
/// assert_eq!(sol.kept_count(), 8); // both terminals and all six room cells
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let links = Links::new(maze);
    let len = maze.grid().len();
    let l = layers(&links, len, start, goal, None);
    let mut set = FixedBitSet::with_capacity(len);
    let path = l.dist.map(|dist| {
        set.insert(goal);
        let mut stack = vec![(goal, dist)];
        while let Some((c, d)) = stack.pop() {
            if d == 0 {
                continue;
            }
            let want = crumb(d - 1);
            links.for_each(c, |j| {
                if l.crumbs.get(j) == want && !set.put(j) {
                    stack.push((j, d - 1));
                }
            });
        }
        walk_back(&links, &l.crumbs, goal, dist)
    });
    Solution::new(Method::ShortestSet, (start, goal), path, set, l.reached)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_has_many_shortest_paths() {
        let m = Maze::from_text_rows(&[
            "#.####", //
            "#....#", //
            "#....#", //
            "#....#", //
            "####.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.length, Some(7));
        // every room cell lies in the bounding box of (1,1)..(3,4): all 12 are on some
        // monotone path, plus the two terminals
        assert_eq!(sol.kept_count(), 14);
    }

    #[test]
    fn a_side_branch_is_left_out() {
        let m = Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#.#...#", //
            "#.#.###", //
            "#.#.###",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g);
        assert!(sol.path.is_some());
        let kept: Vec<Vec<usize>> = sol.kept.ones().map(|i| m.shape().coords(i)).collect();
        assert!(!kept.contains(&vec![5, 1]));
        assert_eq!(sol.kept_count(), sol.length.unwrap() + 1);
    }
}
