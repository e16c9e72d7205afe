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
        sweep(&links, &l.crumbs, goal, dist, &mut set, |_, _| {});
        walk_back(&links, &l.crumbs, goal, dist)
    });
    Solution::new(Method::ShortestSet, (start, goal), path, set, l.reached)
}

/// Calls `f(cell, steps to the goal)` once for every cell on some shortest path from `start` to
/// `goal`, goal first (0 steps), and returns the length of those paths; `None` when the goal
/// cannot be reached, after calling `f(goal, 0)` alone.
///
/// In the maze oriented away from its start ([`crate::game::orient()`]) these are exactly the
/// cells of the goal's one-player attractor, and the steps are their attractor ranks; this pass
/// finds them with two bits per cell where the game takes tens of bytes per cell (see
/// `tests/game_props.rs`, which checks the attractor against the shortest-path cells).
///
/// Complexity: O(cells) time; two bits and one bit per cell, and a stack.
///
/// ```
/// use mazegraph::{solve::shortest_set, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let mut ranks = Vec::new();
/// assert_eq!(shortest_set::ranks(&m, s, g, |c, r| ranks.push((c, r))), Some(5));
/// assert_eq!(ranks.len(), 6); // the path; the dead end at (2, 1) is left out
/// assert!(ranks.contains(&(s, 5)) && ranks.contains(&(g, 0)));
/// ```
pub fn ranks(maze: &Maze, start: usize, goal: usize, mut f: impl FnMut(usize, u32)) -> Option<u32> {
    let links = Links::new(maze);
    let len = maze.grid().len();
    let l = layers(&links, len, start, goal, None);
    let Some(dist) = l.dist else {
        f(goal, 0);
        return None;
    };
    let mut set = FixedBitSet::with_capacity(len);
    sweep(&links, &l.crumbs, goal, dist, &mut set, |c, d| {
        f(c, (dist - d) as u32)
    });
    Some(dist as u32)
}

/// The sweep back from the goal (at distance `dist` from the start): marks in `set` and reports
/// `(cell, distance from the start)` for every cell on a shortest path.
fn sweep(
    links: &Links,
    crumbs: &super::bfs::Crumbs,
    goal: usize,
    dist: usize,
    set: &mut FixedBitSet,
    mut f: impl FnMut(usize, usize),
) {
    set.insert(goal);
    f(goal, dist);
    let mut stack = vec![(goal, dist)];
    while let Some((c, d)) = stack.pop() {
        crate::stop::check();
        if d == 0 {
            continue;
        }
        let want = crumb(d - 1);
        links.for_each(c, |j| {
            if crumbs.get(j) == want && !set.put(j) {
                f(j, d - 1);
                stack.push((j, d - 1));
            }
        });
    }
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
