//! Breadth-first search: a shortest path, counted in cells.
//!
//! Distances are kept modulo 3 in two bits per cell ("crumbs"): neighbouring cells differ
//! by at most one in distance, so from the goal at distance `d` the way back is always a
//! neighbour whose crumb says `d − 1`. No parent array, no per-cell integer: a 15001×15001
//! grid needs 56 MB of crumbs at most, and pages of cells never reached are never touched.
//! The search stops as soon as the goal is reached.

use super::{Links, Method, Solution};
use crate::maze::Maze;
use fixedbitset::FixedBitSet;

/// Two bits per cell, all zero at first (the memory is requested zeroed, so untouched pages
/// cost nothing).
pub(crate) struct Crumbs {
    words: Vec<u64>,
}

impl Crumbs {
    pub(crate) fn new(len: usize) -> Crumbs {
        Crumbs {
            words: vec![0; len.div_ceil(32)],
        }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> u8 {
        ((self.words[i >> 5] >> ((i & 31) * 2)) & 3) as u8
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize, v: u8) {
        let sh = (i & 31) * 2;
        let w = &mut self.words[i >> 5];
        *w = (*w & !(3u64 << sh)) | (u64::from(v & 3) << sh);
    }
}

/// The crumb of distance `d`: 1, 2 or 3 (0 means "not reached").
#[inline]
pub(crate) fn crumb(d: usize) -> u8 {
    (d % 3) as u8 + 1
}

/// A breadth-first search's result: crumbs, the number of cells reached, and the goal's
/// distance when it was reached.
pub(crate) struct Layers {
    pub(crate) crumbs: Crumbs,
    pub(crate) reached: usize,
    pub(crate) dist: Option<usize>,
}

/// Breadth-first search from `start` until `goal` is reached (or everything reachable is),
/// moving only through cells of `within` when given. When the goal is reached at distance
/// `D`, every cell at distance `< D` has been reached, with its crumb.
pub(crate) fn layers(
    links: &Links,
    len: usize,
    start: usize,
    goal: usize,
    within: Option<&FixedBitSet>,
) -> Layers {
    let mut crumbs = Crumbs::new(len);
    crumbs.set(start, crumb(0));
    let mut reached = 1;
    if start == goal {
        return Layers {
            crumbs,
            reached,
            dist: Some(0),
        };
    }
    let mut frontier = vec![start];
    let mut next = Vec::new();
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mark = crumb(d);
        let mut found = false;
        for &c in &frontier {
            crate::stop::check();
            links.for_each(c, |j| {
                if crumbs.get(j) == 0 && within.is_none_or(|w| w.contains(j)) {
                    crumbs.set(j, mark);
                    reached += 1;
                    next.push(j);
                    found |= j == goal;
                }
            });
            if found {
                return Layers {
                    crumbs,
                    reached,
                    dist: Some(d),
                };
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    Layers {
        crumbs,
        reached,
        dist: None,
    }
}

/// The path from the search's start to `goal` (at distance `dist`), following crumbs back.
pub(crate) fn walk_back(links: &Links, crumbs: &Crumbs, goal: usize, dist: usize) -> Vec<usize> {
    let mut path = Vec::with_capacity(dist + 1);
    path.push(goal);
    let mut c = goal;
    for d in (0..dist).rev() {
        let want = crumb(d);
        let mut prev = None;
        links.for_each(c, |j| {
            if prev.is_none() && crumbs.get(j) == want {
                prev = Some(j);
            }
        });
        match prev {
            Some(j) => {
                path.push(j);
                c = j;
            }
            None => {
                // Cannot happen: a cell at distance d > 0 has a neighbour at d − 1.
                debug_assert!(false, "broken crumb trail");
                break;
            }
        }
    }
    path.reverse();
    path
}

/// Breadth-first search from `start` to `goal`: a shortest path in cells (portals count one
/// step). `kept` holds the cells reached.
///
/// Complexity: O(cells) time; two bits per cell plus the frontier.
///
/// ```
/// use mazegraph::{solve::bfs, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = bfs::solve(&m, s, g);
/// assert_eq!(sol.length, Some(6));
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let links = Links::new(maze);
    let len = maze.grid().len();
    let l = layers(&links, len, start, goal, None);
    let path = l.dist.map(|d| walk_back(&links, &l.crumbs, goal, d));
    let mut kept = FixedBitSet::with_capacity(len);
    for i in maze.grid().paths() {
        crate::stop::check();
        if l.crumbs.get(i) != 0 {
            kept.insert(i);
        }
    }
    Solution::new(Method::Bfs, (start, goal), path, kept, l.reached)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crumbs_pack_two_bits() {
        let mut c = Crumbs::new(100);
        for i in 0..100 {
            c.set(i, (i % 4) as u8);
        }
        for i in 0..100 {
            assert_eq!(c.get(i), (i % 4) as u8);
        }
        c.set(33, 0);
        assert_eq!((c.get(32), c.get(33), c.get(34)), (0, 0, 2));
    }

    #[test]
    fn shortest_through_a_cycle_and_a_portal() {
        let mut m = Maze::from_text_rows(&[
            "#.#####", //
            "#.....#", //
            "#.###.#", //
            "#.....#", //
            "#####.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        assert_eq!(solve(&m, s, g).length, Some(8));
        // A portal from (1, 1) to (3, 5) cuts the trip to 1 + 1 + 1.
        let sh = m.shape().clone();
        m.add_portal(sh.index(&[1, 1]).unwrap(), sh.index(&[3, 5]).unwrap())
            .unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.length, Some(3));
        assert!(super::super::is_simple_path(
            &m,
            sol.path.as_ref().unwrap(),
            s,
            g
        ));
    }

    #[test]
    fn unreachable_goal_has_no_path() {
        let m = Maze::from_text_rows(&["#.#", "###", "#.#"]).unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g);
        assert_eq!((sol.path, sol.length, sol.visited), (None, None, 1));
    }
}
