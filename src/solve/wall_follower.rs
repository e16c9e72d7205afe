//! The wall follower: keep one hand on the wall and walk.
//!
//! It needs a plane (left and right mean nothing in 3-D, and a portal has no wall to follow),
//! so it refuses mazes that are not 2-D or have portals. It reaches the goal whenever the goal
//! lies on a wall connected to the wall the start touches, which is always the case in a
//! perfect maze; it **fails on islands**: when the goal sits by a wall not connected to the
//! start's, the walker comes back to where it began and the solution has no path.

use super::{Hand, Method, Solution};
use crate::error::{Error, Result};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Walks from `start` with `hand` on the wall until `goal` is reached, or until the walker is
/// back in its first position and heading (it would loop forever: the goal is on an island).
/// The path is the walk with its loops erased (a simple path, not necessarily shortest);
/// `kept` holds the cells walked and `visited` the steps taken.
///
/// Errors with [`Error::Unsupported`] on mazes that are not 2-D or have portals.
///
/// Complexity: O(cells) steps (each cell is entered at most four times, once per heading);
/// two bits per cell (cells walked, cells on the loop-erased path) and the path itself.
///
/// ```
/// use mazegraph::{solve::{wall_follower, Hand}, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = wall_follower::solve(&m, s, g, Hand::Left).unwrap();
/// assert_eq!(sol.length, Some(6));
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize, hand: Hand) -> Result<Solution> {
    let shape = maze.shape();
    if shape.ndim() != 2 {
        return Err(Error::Unsupported(format!(
            "the wall follower needs a 2-D maze; this one has {} axes (try --method dead-end or bfs)",
            shape.ndim()
        )));
    }
    if !maze.portals().is_empty() {
        return Err(Error::Unsupported(
            "the wall follower cannot follow a wall through portals (try --method dead-end or bfs)"
                .into(),
        ));
    }
    let grid = maze.grid();
    let (h, w) = (shape.dims()[0], shape.dims()[1]);
    // Headings clockwise: north, east, south, west.
    let step = |i: usize, d: u8| -> Option<usize> {
        let (r, c) = (i / w, i % w);
        let j = match d {
            0 if r > 0 => i - w,
            1 if c + 1 < w => i + 1,
            2 if r + 1 < h => i + w,
            3 if c > 0 => i - 1,
            _ => return None,
        };
        grid.is_path(j).then_some(j)
    };
    // Turn order relative to the heading: the hand's side first, then ahead, the other side,
    // and back.
    let turns: [u8; 4] = match hand {
        Hand::Right => [1, 0, 3, 2],
        Hand::Left => [3, 0, 1, 2],
    };
    let mut walked = FixedBitSet::with_capacity(grid.len());
    walked.insert(start);
    let mut on_path = FixedBitSet::with_capacity(grid.len());
    on_path.insert(start);
    let mut path = vec![start];
    let Some(mut heading) = (0..4).find(|&d| step(start, d).is_some()) else {
        return Ok(Solution::new(
            Method::WallFollower(hand),
            (start, goal),
            None,
            walked,
            0,
        ));
    };
    let mut cell = start;
    let mut first: Option<(usize, u8)> = None;
    let mut steps = 0usize;
    let limit = 4 * grid.count_paths() + 4;
    let found = loop {
        crate::stop::check();
        let Some((next, d)) = turns.iter().find_map(|&t| {
            let d = (heading + t) % 4;
            step(cell, d).map(|j| (j, d))
        }) else {
            break false;
        };
        cell = next;
        heading = d;
        steps += 1;
        if first == Some((cell, heading)) || steps > limit {
            break false;
        }
        first.get_or_insert((cell, heading));
        walked.insert(cell);
        if on_path.contains(cell) {
            while let Some(&top) = path.last() {
                if top == cell {
                    break;
                }
                on_path.remove(top);
                path.pop();
            }
        } else {
            on_path.insert(cell);
            path.push(cell);
        }
        if cell == goal {
            break true;
        }
    };
    Ok(Solution::new(
        Method::WallFollower(hand),
        (start, goal),
        found.then_some(path),
        walked,
        steps,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{bfs, is_simple_path};

    #[test]
    fn both_hands_solve_a_perfect_maze() {
        let m = Maze::from_text_rows(&[
            "#.#######", //
            "#.#.....#", //
            "#.#.###.#", //
            "#...#...#", //
            "#####.###", //
            "#.....#.#", //
            "#.###.#.#", //
            "#...#...#", //
            "#######.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let best = bfs::solve(&m, s, g).length;
        for hand in [Hand::Left, Hand::Right] {
            let sol = solve(&m, s, g, hand).unwrap();
            assert!(is_simple_path(&m, sol.path.as_ref().unwrap(), s, g));
            // a tree has one simple path
            assert_eq!(sol.length, best);
            assert!(sol.visited >= best.unwrap());
        }
    }

    #[test]
    fn fails_on_an_island() {
        // The goal is next to the island in the middle, a wall not connected to the border.
        let mut m = Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#.#.#.#", //
            "#.###.#", //
            "#.....#", //
            "#######",
        ])
        .unwrap();
        let sh = m.shape().clone();
        let (s, g) = (sh.index(&[0, 1]).unwrap(), sh.index(&[3, 3]).unwrap());
        // (3, 3) is enclosed: open the island's east side to let one reach the goal.
        m.grid_mut().set_path(sh.index(&[3, 4]).unwrap(), true);
        m.set_terminals(Some(s), Some(g)).unwrap();
        assert!(bfs::solve(&m, s, g).path.is_some());
        // Walls of the island: (2,2)-(2,4), (3,2), (4,2)-(4,4): not connected to the border.
        for hand in [Hand::Left, Hand::Right] {
            let sol = solve(&m, s, g, hand).unwrap();
            assert_eq!(sol.path, None, "{hand:?}");
            assert!(sol.visited > 0);
        }
    }

    #[test]
    fn refuses_portals_and_3d() {
        let mut m = Maze::from_text_rows(&["#.#", "#.#", "#.#"]).unwrap();
        m.add_portal(1, 7).unwrap();
        assert!(matches!(
            solve(&m, 1, 7, Hand::Right),
            Err(Error::Unsupported(_))
        ));
        let shape = crate::grid::Shape::new(vec![2, 2, 2]).unwrap();
        let mut grid = crate::grid::Grid::walls(shape);
        grid.set_path(0, true);
        grid.set_path(1, true);
        let m3 = Maze::new(grid);
        assert!(solve(&m3, 0, 1, Hand::Left).is_err());
    }
}
