//! Theta: a circular maze. A centre disc (ring 0) and rings around it, one unit deep, each
//! split into sectors: ring 1 into `SECTORS` (6 by default), and each further ring into as
//! many as the ring inside it, doubled where they would grow too wide (where the ring's inner
//! arc per sector reaches two units, as in *Mazes for Programmers*), so that every room stays
//! about as wide as it is deep. Size `RINGS` (counting the centre) or `RINGSxSECTORS`.
//!
//! Labels are `(ring, sector)`, sectors counted clockwise from the top; the centre is
//! `(0, 0)`. A room's neighbours: the two beside it in its ring, the one inside it (the
//! centre for ring 1) and the one or two outside it. Its inner and outer sides are arcs
//! about the centre. The default start is the centre, the goal the bottom room of the outer
//! ring, where the maze opens.
//!
//! Complexity: a room's ring is found by binary search over the rings (O(log rings)).
//!
//! ```
//! use mazegraph::tiling::{Theta, Tiles};
//! let t = Theta::new(&[9], &Default::default()).unwrap();
//! assert_eq!(t.sectors(), &[1, 6, 12, 12, 24, 24, 24, 24, 48]);
//! assert_eq!(t.terminals(), (0, t.room(&[8, 24]).unwrap()));
//! ```

use super::{check_rooms, polar, Point, Side, Tiles};
use crate::error::{Error, Result};
use crate::grid::Limits;
use std::f64::consts::TAU;

/// The most sectors ring 1 may have.
pub const MAX_SECTORS: usize = 1 << 20;

/// A circular board.
#[derive(Clone, Debug, PartialEq)]
pub struct Theta {
    /// Sectors of each ring (the centre's 1 first).
    counts: Vec<usize>,
    /// First room of each ring, and the room count last.
    starts: Vec<usize>,
    /// Whether `SECTORS` was given (for [`Theta::size`]).
    given: bool,
}

impl Theta {
    /// A board of `[rings]` (6 sectors in ring 1) or `[rings, sectors]`; `rings` counts the
    /// centre, `sectors` is at least 3. Refused before allocating when the rooms are over
    /// `limits` (the rooms are counted ring by ring with checked arithmetic, stopping at the
    /// limit).
    pub fn new(size: &[usize], limits: &Limits) -> Result<Theta> {
        let (rings, first, given) = match *size {
            [r] => (r, 6, false),
            [r, s] => (r, s, true),
            _ => {
                return Err(Error::InvalidArgument(
                    "theta takes --size RINGS or RINGSxSECTORS".into(),
                ))
            }
        };
        if rings == 0 {
            return Err(Error::InvalidArgument(
                "theta needs at least 1 ring (the centre)".into(),
            ));
        }
        if !(3..=MAX_SECTORS).contains(&first) {
            return Err(Error::InvalidArgument(format!(
                "theta's ring 1 has from 3 to {MAX_SECTORS} sectors, not {first}"
            )));
        }
        // Each ring past the centre adds at least 3 rooms: the ring count alone can be refused.
        check_rooms(Some(rings as u64), 6, limits)?;
        let mut total: u64 = 1;
        let mut n = first;
        for r in 1..rings {
            if r >= 2 && grows(r, n) {
                n *= 2;
            }
            total = total.saturating_add(n as u64);
            if total > limits.max_cells {
                break;
            }
        }
        check_rooms(Some(total), 6, limits)?;
        let mut counts = Vec::with_capacity(rings);
        let mut starts = Vec::with_capacity(rings + 1);
        counts.push(1);
        for r in 1..rings {
            let prev = counts[r - 1];
            let n = if r == 1 {
                first
            } else if grows(r, prev) {
                prev * 2
            } else {
                prev
            };
            counts.push(n);
        }
        let mut at = 0;
        for &n in &counts {
            starts.push(at);
            at += n;
        }
        starts.push(at);
        Ok(Theta {
            counts,
            starts,
            given,
        })
    }

    /// Sectors of each ring, the centre's 1 first.
    pub fn sectors(&self) -> &[usize] {
        &self.counts
    }

    /// Rings, the centre included.
    pub fn rings(&self) -> usize {
        self.counts.len()
    }

    /// The size as [`Theta::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        if self.given {
            vec![self.rings(), self.counts.get(1).copied().unwrap_or(6)]
        } else {
            vec![self.rings()]
        }
    }

    /// The smallest box holding every room.
    pub fn bounds(&self) -> [Point; 2] {
        let r = self.rings() as f64;
        [[-r, -r], [r, r]]
    }

    #[inline]
    fn coords(&self, room: u32) -> (usize, usize) {
        let room = room as usize;
        let ring = self.starts.partition_point(|&s| s <= room) - 1;
        (ring, room - self.starts[ring])
    }

    #[inline]
    fn at(&self, ring: usize, sector: usize) -> u32 {
        (self.starts[ring] + sector) as u32
    }

    /// The room inside `(ring, s)`, ring ≥ 1.
    #[inline]
    fn inner(&self, ring: usize, s: usize) -> u32 {
        if ring == 1 {
            return 0;
        }
        let ratio = self.counts[ring] / self.counts[ring - 1];
        self.at(ring - 1, s / ratio)
    }

    /// The rooms outside `(ring, s)`: one or two (none on the outer ring).
    #[inline]
    fn outer(&self, ring: usize, s: usize) -> [Option<u32>; 2] {
        if ring + 1 >= self.rings() {
            return [None, None];
        }
        if self.counts[ring + 1] == 2 * self.counts[ring] {
            [
                Some(self.at(ring + 1, 2 * s)),
                Some(self.at(ring + 1, 2 * s + 1)),
            ]
        } else {
            [Some(self.at(ring + 1, s)), None]
        }
    }
}

/// True when ring `r` (≥ 2) doubles the `n` sectors of the ring inside it: a sector's inner
/// arc, `2πr / n`, would reach two units.
fn grows(r: usize, n: usize) -> bool {
    TAU * r as f64 >= 2.0 * n as f64
}

fn angle(k: usize, n: usize) -> f64 {
    TAU * k as f64 / n as f64
}

fn arc(a: Point, b: Point, neighbour: Option<u32>) -> Side {
    Side {
        a,
        b,
        arc: true,
        neighbour,
    }
}

impl Tiles for Theta {
    fn room_count(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        let (ring, s) = self.coords(room);
        if ring == 0 {
            if self.rings() > 1 {
                out.extend((0..self.counts[1]).map(|k| self.at(1, k)));
            }
            return;
        }
        let n = self.counts[ring];
        out.push(self.inner(ring, s));
        out.push(self.at(ring, (s + n - 1) % n));
        out.push(self.at(ring, (s + 1) % n));
        out.extend(self.outer(ring, s).into_iter().flatten());
    }

    fn label(&self, room: u32) -> Vec<i64> {
        let (r, s) = self.coords(room);
        vec![r as i64, s as i64]
    }

    fn room(&self, label: &[i64]) -> Option<u32> {
        let &[r, s] = label else { return None };
        let (r, s) = (usize::try_from(r).ok()?, usize::try_from(s).ok()?);
        (r < self.rings() && s < self.counts[r]).then(|| self.at(r, s))
    }

    fn centre(&self, room: u32) -> Point {
        let (ring, s) = self.coords(room);
        if ring == 0 {
            return [0.0, 0.0];
        }
        polar(ring as f64 + 0.5, angle(2 * s + 1, 2 * self.counts[ring]))
    }

    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        let (ring, s) = self.coords(room);
        if ring == 0 {
            let k = self.counts.get(1).copied().unwrap_or(6);
            for j in 0..k {
                let (a, b) = (polar(1.0, angle(j, k)), polar(1.0, angle(j + 1, k)));
                let nb = (self.rings() > 1).then(|| self.at(1, j));
                out.push(arc(a, b, nb));
            }
            return;
        }
        let n = self.counts[ring];
        let (r0, r1) = (ring as f64, ring as f64 + 1.0);
        let (t0, t1) = (angle(s, n), angle(s + 1, n));
        // Outward along the sector's first edge, clockwise along the outer arc(s), inward
        // along its last edge, back along the inner arc.
        out.push(super::line(
            polar(r0, t0),
            polar(r1, t0),
            Some(self.at(ring, (s + n - 1) % n)),
        ));
        match self.outer(ring, s) {
            [Some(a), Some(b)] => {
                let tm = angle(2 * s + 1, 2 * n);
                out.push(arc(polar(r1, t0), polar(r1, tm), Some(a)));
                out.push(arc(polar(r1, tm), polar(r1, t1), Some(b)));
            }
            [one, _] => out.push(arc(polar(r1, t0), polar(r1, t1), one)),
        }
        out.push(super::line(
            polar(r1, t1),
            polar(r0, t1),
            Some(self.at(ring, (s + 1) % n)),
        ));
        out.push(arc(polar(r0, t1), polar(r0, t0), Some(self.inner(ring, s))));
    }

    fn terminals(&self) -> (u32, u32) {
        let last = self.rings() - 1;
        (0, self.at(last, self.counts[last] / 2))
    }
}
