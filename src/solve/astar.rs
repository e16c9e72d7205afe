//! A* search with the Manhattan distance to the goal.
//!
//! The Manhattan distance never overestimates on a grid, in any number of dimensions. A
//! portal can jump, so with portals the estimate is capped at `1 + m`, where `m` is the
//! smallest Manhattan distance from a portal end to the goal: any way that uses a portal is at
//! least that long. The capped estimate is still consistent, so the first time the goal is
//! expanded its distance is the shortest.

use super::{Links, Method, Solution};
use crate::graph::Rank;
use crate::maze::Maze;
use fixedbitset::FixedBitSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A* from `start` to `goal`: a shortest path in cells. Ties between equal estimates go to the
/// cell nearer the goal. `kept` holds the cells expanded.
///
/// Complexity: O(cells · log cells) time; 4 bytes per path cell for distances (indexed by
/// rank among path cells), one bit per cell for the expanded set, and the open heap.
///
/// ```
/// use mazegraph::{solve::astar, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// assert_eq!(astar::solve(&m, s, g).length, Some(6));
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let grid = maze.grid();
    let shape = maze.shape();
    let links = Links::new(maze);
    let rank = Rank::new(grid.bits().as_slice());
    let goal_at = shape.coords(goal);
    let manhattan = |i: usize| -> u64 {
        let mut d = 0u64;
        let mut rest = i;
        for (k, &s) in shape.strides().iter().enumerate() {
            let c = rest / s;
            rest %= s;
            d += c.abs_diff(goal_at[k]) as u64;
        }
        d
    };
    let cap = if links.has_portals() {
        maze.portals()
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .map(|p| 1 + manhattan(p))
            .min()
            .unwrap_or(u64::MAX)
    } else {
        u64::MAX
    };
    let estimate = |i: usize| manhattan(i).min(cap);
    // dist[rank] = distance + 1; 0 = not seen.
    let mut dist = vec![0u32; grid.count_paths()];
    let mut closed = FixedBitSet::with_capacity(grid.len());
    let mut heap = BinaryHeap::new();
    dist[rank.rank(start) as usize] = 1;
    heap.push(Reverse((estimate(start), estimate(start), start)));
    let mut expanded = 0;
    let mut reached = None;
    while let Some(Reverse((_, _, c))) = heap.pop() {
        crate::stop::check();
        if closed.put(c) {
            continue;
        }
        expanded += 1;
        let dc = dist[rank.rank(c) as usize];
        if c == goal {
            reached = Some(dc as usize - 1);
            break;
        }
        links.for_each(c, |j| {
            if closed.contains(j) {
                return;
            }
            let slot = &mut dist[rank.rank(j) as usize];
            if *slot == 0 || *slot > dc + 1 {
                *slot = dc + 1;
                let h = estimate(j);
                heap.push(Reverse((u64::from(dc) + h, h, j)));
            }
        });
    }
    let path = reached.map(|d| {
        // Expanded cells have exact distances, and each was reached from an expanded cell one
        // step nearer: follow those back.
        let mut path = vec![goal];
        let mut c = goal;
        for want in (1..=d as u32).rev() {
            let mut prev = None;
            links.for_each(c, |j| {
                if prev.is_none() && closed.contains(j) && dist[rank.rank(j) as usize] == want {
                    prev = Some(j);
                }
            });
            match prev {
                Some(j) => {
                    path.push(j);
                    c = j;
                }
                None => {
                    debug_assert!(false, "broken A* trail");
                    break;
                }
            }
        }
        path.reverse();
        path
    });
    Solution::new(Method::AStar, (start, goal), path, closed, expanded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{bfs, is_simple_path};

    #[test]
    fn expands_less_than_bfs_in_an_open_room() {
        let rows: Vec<String> = (0..20)
            .map(|r| {
                if r == 0 {
                    format!("{}{}", ".", "#".repeat(19))
                } else if r == 19 {
                    format!("{}{}", "#".repeat(19), ".")
                } else {
                    ".".repeat(20)
                }
            })
            .collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let m = Maze::from_text_rows(&refs).unwrap();
        let (s, g) = m.terminals().unwrap();
        let a = solve(&m, s, g);
        let b = bfs::solve(&m, s, g);
        assert_eq!(a.length, b.length);
        assert!(a.visited < b.visited, "{} vs {}", a.visited, b.visited);
        assert!(is_simple_path(&m, a.path.as_ref().unwrap(), s, g));
    }

    #[test]
    fn portal_shortcut_is_found() {
        let mut m = Maze::from_text_rows(&[
            ".........", //
            "########.", //
            ".........", //
            ".########", //
            ".........",
        ])
        .unwrap();
        let sh = m.shape().clone();
        let (s, g) = (0, sh.index(&[4, 8]).unwrap());
        m.set_terminals(Some(s), Some(g)).unwrap();
        assert_eq!(solve(&m, s, g).length, Some(28));
        m.add_portal(sh.index(&[0, 1]).unwrap(), sh.index(&[4, 7]).unwrap())
            .unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.length, Some(3));
        assert_eq!(sol.length, bfs::solve(&m, s, g).length);
    }
}
