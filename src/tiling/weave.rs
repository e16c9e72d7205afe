//! Weave: a square grid whose passages may cross, one under the other, where the passage
//! above runs straight through a room (as in *Mazes for Programmers*). `ROWSxCOLS` rooms,
//! labels `(row, col)`. A room's neighbours are the four beside it and, through a tunnel, the
//! four two rooms away: the tunnel passes under the room between, which must then carry a
//! straight passage across it (open on the two other sides, closed on the tunnel's) and no
//! other tunnel ([`Weave::check`]). A tunnel has no wall: its rooms share no side.
//!
//! Weave mazes are carved by [`Weave::carve`] (Kruskal with the crossings placed first); the
//! other generators do not know the rule. Pictures draw each room inset, so that a tunnel
//! shows going under the passage above.
//!
//! ```
//! use mazegraph::generate::{rng_from_seed, Algorithm, Options};
//! use mazegraph::tiling::{Tiles, TiledMaze, Tiling, Weave};
//! let w = Weave::new(&[6, 6], &Default::default()).unwrap();
//! let mut ns = Vec::new();
//! w.neighbours(14, &mut ns); // (2, 2): four beside it, four through tunnels
//! assert_eq!(ns.len(), 8);
//! assert_eq!(w.under(12, 14), Some(13));
//! let opts = Options::new(Algorithm::Kruskal);
//! let m = TiledMaze::generate(Tiling::Weave(w.clone()), &opts, &mut rng_from_seed(4)).unwrap();
//! assert!(m.is_perfect());
//! w.check(&m).unwrap();
//! ```

use super::{check_rooms, line, two, Point, Side, TiledMaze, Tiles};
use crate::error::{Error, Result};
use crate::generate::lattice::below;
use crate::grid::{fmt_coords, Limits};
use crate::tiling::Adjacency;
use fixedbitset::FixedBitSet;
use rand::Rng;

/// A square grid whose passages may cross.
#[derive(Clone, Debug, PartialEq)]
pub struct Weave {
    rows: usize,
    cols: usize,
}

/// The four directions as (row, col) steps: north, east, south, west.
const DIRS: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

impl Weave {
    /// A grid of `[rows, cols]` rooms.
    pub fn new(size: &[usize], limits: &Limits) -> Result<Weave> {
        let (rows, cols) = two("weave", size)?;
        check_rooms((rows as u64).checked_mul(cols as u64), 8, limits)?;
        Ok(Weave { rows, cols })
    }

    /// The size as [`Weave::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        vec![self.rows, self.cols]
    }

    /// The smallest box holding every room.
    pub fn bounds(&self) -> [Point; 2] {
        [
            [-0.5, -0.5],
            [self.cols as f64 - 0.5, self.rows as f64 - 0.5],
        ]
    }

    fn rc(&self, v: u32) -> (i64, i64) {
        (
            (v as usize / self.cols) as i64,
            (v as usize % self.cols) as i64,
        )
    }

    fn at(&self, r: i64, c: i64) -> Option<u32> {
        (r >= 0 && c >= 0 && r < self.rows as i64 && c < self.cols as i64)
            .then(|| (r as usize * self.cols + c as usize) as u32)
    }

    /// The room a tunnel between `a` and `b` passes under, when they are two apart in a row
    /// or a column.
    pub fn under(&self, a: u32, b: u32) -> Option<u32> {
        let ((r0, c0), (r1, c1)) = (self.rc(a), self.rc(b));
        let straight = (r0 == r1 && (c0 - c1).abs() == 2) || (c0 == c1 && (r0 - r1).abs() == 2);
        straight
            .then(|| self.at((r0 + r1) / 2, (c0 + c1) / 2))
            .flatten()
    }

    /// Checks the crossings of a maze on this weave: each open tunnel passes under a room
    /// whose only passages are the two across the tunnel, and only one tunnel passes under a
    /// room. The error names the tunnel.
    pub fn check(&self, maze: &TiledMaze) -> Result<()> {
        let adj = maze.adjacency();
        let mut under_count = vec![0u8; self.rows * self.cols];
        for e in maze.open().ones() {
            let [a, b] = adj.ends(e as u32);
            let Some(m) = self.under(a, b) else { continue };
            let bad = |why: &str| {
                Error::InvalidMaze(format!(
                    "the tunnel {} - {} passes under {}, which {why}",
                    fmt_coords(&self.label(a)),
                    fmt_coords(&self.label(b)),
                    fmt_coords(&self.label(m))
                ))
            };
            under_count[m as usize] += 1;
            if under_count[m as usize] > 1 {
                return Err(bad("has another tunnel under it"));
            }
            let (rm, cm) = self.rc(m);
            let (ra, _) = self.rc(a);
            // Across the tunnel: the two rooms beside m on the other axis.
            let across: Vec<u32> = if ra == rm {
                [self.at(rm - 1, cm), self.at(rm + 1, cm)]
            } else {
                [self.at(rm, cm - 1), self.at(rm, cm + 1)]
            }
            .into_iter()
            .flatten()
            .collect();
            let mut passages: Vec<u32> = maze.passages(m).collect();
            passages.sort_unstable();
            if across.len() != 2 || passages != across {
                return Err(bad("is not a straight passage across it"));
            }
        }
        Ok(())
    }

    /// Carves a perfect weave maze: Kruskal with crossings placed first. Rooms not on the
    /// border are visited in random order; about one in three becomes a crossing (a straight
    /// passage through it, a tunnel under it, across) when its four neighbours are in four
    /// different trees and none of them is a crossing; then the walls between neighbours are
    /// opened in random order as Kruskal does, never beside a crossing across its passage.
    ///
    /// Complexity: O(edges · α(rooms)) time; 4 bytes per room and per edge.
    pub fn carve(&self, adj: &Adjacency, rng: &mut impl Rng) -> FixedBitSet {
        let n = self.rows * self.cols;
        let mut open = FixedBitSet::with_capacity(adj.edge_count());
        let mut blocked = FixedBitSet::with_capacity(adj.edge_count());
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut crossed = FixedBitSet::with_capacity(n);
        let mut used = FixedBitSet::with_capacity(n);
        let mut inner: Vec<u32> = (0..n as u32)
            .filter(|&v| {
                let (r, c) = self.rc(v);
                r > 0 && c > 0 && r + 1 < self.rows as i64 && c + 1 < self.cols as i64
            })
            .collect();
        for i in (1..inner.len()).rev() {
            inner.swap(i, below(rng, i + 1));
        }
        for m in inner {
            crate::stop::check();
            if below(rng, 3) != 0 || used.contains(m as usize) {
                continue;
            }
            let (r, c) = self.rc(m);
            let vertical = below(rng, 2) == 0;
            let [n_, e_, s_, w_] = DIRS.map(|(dr, dc)| self.at(r + dr, c + dc).unwrap_or(m));
            let (o1, o2, u1, u2) = if vertical {
                (n_, s_, w_, e_)
            } else {
                (w_, e_, n_, s_)
            };
            if [o1, o2, u1, u2]
                .iter()
                .any(|&x| crossed.contains(x as usize))
            {
                continue;
            }
            let roots = [o1, o2, u1, u2, m].map(|x| find(&mut parent, x));
            let distinct = (0..5).all(|i| (i + 1..5).all(|j| roots[i] != roots[j]));
            if !distinct {
                continue;
            }
            let edge = |a: u32, b: u32| adj.edge_between(a, b).map(|e| e as usize);
            let (Some(a), Some(b), Some(t), Some(x), Some(y)) = (
                edge(o1, m),
                edge(m, o2),
                edge(u1, u2),
                edge(m, u1),
                edge(m, u2),
            ) else {
                continue;
            };
            open.insert(a);
            open.insert(b);
            open.insert(t);
            blocked.insert(x);
            blocked.insert(y);
            for (p, q) in [(o1, m), (m, o2), (u1, u2)] {
                let (rp, rq) = (find(&mut parent, p), find(&mut parent, q));
                parent[rp as usize] = rq;
            }
            crossed.insert(m as usize);
            for v in [m, o1, o2, u1, u2] {
                used.insert(v as usize);
            }
        }
        // Kruskal over the walls between neighbours (no other tunnels).
        let mut order: Vec<u32> = (0..adj.edge_count() as u32)
            .filter(|&e| {
                let [a, b] = adj.ends(e);
                self.under(a, b).is_none() && !blocked.contains(e as usize)
            })
            .collect();
        for i in (1..order.len()).rev() {
            order.swap(i, below(rng, i + 1));
        }
        for e in order {
            let [a, b] = adj.ends(e);
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra != rb {
                parent[ra as usize] = rb;
                open.insert(e as usize);
            }
        }
        open
    }
}

/// The set of `v`, halving the paths on the way.
fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let p = parent[v as usize];
        parent[v as usize] = parent[p as usize];
        v = p;
    }
    v
}

impl Tiles for Weave {
    fn room_count(&self) -> usize {
        self.rows * self.cols
    }

    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        let (r, c) = self.rc(room);
        for (dr, dc) in DIRS {
            out.extend(self.at(r + dr, c + dc));
            out.extend(self.at(r + 2 * dr, c + 2 * dc));
        }
    }

    fn label(&self, room: u32) -> Vec<i64> {
        let (r, c) = self.rc(room);
        vec![r, c]
    }

    fn room(&self, label: &[i64]) -> Option<u32> {
        let &[r, c] = label else { return None };
        self.at(r, c)
    }

    fn centre(&self, room: u32) -> Point {
        let (r, c) = self.rc(room);
        [c as f64, r as f64]
    }

    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        let (r, c) = self.rc(room);
        let (x, y) = (c as f64, r as f64);
        let corner = [[0.5, -0.5], [0.5, 0.5], [-0.5, 0.5], [-0.5, -0.5]];
        // North: from the top-left corner; then east, south, west.
        for (k, (dr, dc)) in DIRS.iter().enumerate() {
            let (p, q) = (corner[(k + 3) % 4], corner[k]);
            out.push(line(
                [x + p[0], y + p[1]],
                [x + q[0], y + q[1]],
                self.at(r + dr, c + dc),
            ));
        }
    }

    fn under(&self, a: u32, b: u32) -> Option<u32> {
        Weave::under(self, a, b)
    }
}
