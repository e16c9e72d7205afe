//! Delta: triangles, pointing up and down in turn. A `ROWSxCOLS` board (room `(r, c)` points
//! up when `r + c` is even) or a triangle-shaped board of side `N` (row `r` holds `2r + 1`
//! rooms, those at even columns pointing up). Three neighbours inside; triangles of side 1.
//!
//! ```
//! use mazegraph::tiling::{Delta, Tiles};
//! let d = Delta::new(&[2, 3], &Default::default()).unwrap();
//! let mut ns = Vec::new();
//! d.neighbours(0, &mut ns); // (0, 0) points up: its right and the room below
//! ns.sort();
//! assert_eq!(ns, vec![1, 3]);
//! let t = Delta::new(&[3], &Default::default()).unwrap();
//! assert_eq!((t.room_count(), t.label(8)), (9, vec![2, 4]));
//! ```

use super::{check_rooms, line, two, Point, Side, Tiles};
use crate::error::{Error, Result};
use crate::grid::Limits;

/// A triangle's height: √3 / 2.
const HEIGHT: f64 = 0.866_025_403_784_438_6;

/// A board of triangles.
#[derive(Clone, Debug, PartialEq)]
pub struct Delta {
    rows: usize,
    /// Columns of the rectangular board; `None` for the triangle of side `rows`.
    cols: Option<usize>,
}

impl Delta {
    /// A board of `[rows, cols]` triangles, or a triangle of side `[n]` (`n²` rooms).
    pub fn new(size: &[usize], limits: &Limits) -> Result<Delta> {
        if let [n] = *size {
            if n == 0 {
                return Err(Error::InvalidArgument(
                    "a triangle board needs a side of at least 1".into(),
                ));
            }
            check_rooms((n as u64).checked_mul(n as u64), 3, limits)?;
            return Ok(Delta {
                rows: n,
                cols: None,
            });
        }
        let (r, c) = two("delta", size)?;
        check_rooms((r as u64).checked_mul(c as u64), 3, limits)?;
        Ok(Delta {
            rows: r,
            cols: Some(c),
        })
    }

    /// The size as [`Delta::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        match self.cols {
            Some(c) => vec![self.rows, c],
            None => vec![self.rows],
        }
    }

    /// The smallest box holding every room.
    pub fn bounds(&self) -> [Point; 2] {
        let w = match self.cols {
            Some(c) => (c as f64 + 1.0) / 2.0,
            None => self.rows as f64,
        };
        [[0.0, 0.0], [w, HEIGHT * self.rows as f64]]
    }

    #[inline]
    fn coords(&self, room: u32) -> (usize, usize) {
        let room = room as usize;
        match self.cols {
            Some(c) => (room / c, room % c),
            None => {
                let r = room.isqrt();
                (r, room - r * r)
            }
        }
    }

    /// Columns of row `r`.
    #[inline]
    fn width(&self, r: usize) -> usize {
        self.cols.unwrap_or(2 * r + 1)
    }

    #[inline]
    fn at(&self, r: usize, c: usize) -> u32 {
        match self.cols {
            Some(w) => (r * w + c) as u32,
            None => (r * r + c) as u32,
        }
    }

    #[inline]
    fn up(&self, r: usize, c: usize) -> bool {
        match self.cols {
            Some(_) => (r + c).is_multiple_of(2),
            None => c.is_multiple_of(2),
        }
    }

    /// The room across the horizontal side (below an up room, above a down one).
    #[inline]
    fn across(&self, r: usize, c: usize) -> Option<u32> {
        let up = self.up(r, c);
        match (self.cols, up) {
            (Some(_), true) => (r + 1 < self.rows).then(|| self.at(r + 1, c)),
            (Some(_), false) => (r > 0).then(|| self.at(r - 1, c)),
            (None, true) => (r + 1 < self.rows).then(|| self.at(r + 1, c + 1)),
            (None, false) => Some(self.at(r - 1, c - 1)),
        }
    }

    /// Left edge of the room's box.
    fn x0(&self, r: usize, c: usize) -> f64 {
        let shift = match self.cols {
            Some(_) => 0.0,
            None => (self.rows - 1 - r) as f64 / 2.0,
        };
        shift + c as f64 / 2.0
    }
}

impl Tiles for Delta {
    fn room_count(&self) -> usize {
        self.rows * self.cols.unwrap_or(self.rows)
    }

    #[inline]
    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        let (r, c) = self.coords(room);
        if c > 0 {
            out.push(room - 1);
        }
        if c + 1 < self.width(r) {
            out.push(room + 1);
        }
        if let Some(x) = self.across(r, c) {
            out.push(x);
        }
    }

    fn label(&self, room: u32) -> Vec<i64> {
        let (r, c) = self.coords(room);
        vec![r as i64, c as i64]
    }

    fn room(&self, label: &[i64]) -> Option<u32> {
        let &[r, c] = label else { return None };
        let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        (r < self.rows && c < self.width(r)).then(|| self.at(r, c))
    }

    fn centre(&self, room: u32) -> Point {
        let (r, c) = self.coords(room);
        let y = HEIGHT * r as f64;
        // The centroid: a third of the way from the flat side.
        let dy = if self.up(r, c) { 2.0 } else { 1.0 } * HEIGHT / 3.0;
        [self.x0(r, c) + 0.5, y + dy]
    }

    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        let (r, c) = self.coords(room);
        let (x, y) = (self.x0(r, c), HEIGHT * r as f64);
        let left = (c > 0).then(|| room - 1);
        let right = (c + 1 < self.width(r)).then(|| room + 1);
        let across = self.across(r, c);
        if self.up(r, c) {
            let (apex, bl, br) = ([x + 0.5, y], [x, y + HEIGHT], [x + 1.0, y + HEIGHT]);
            out.push(line(apex, br, right));
            out.push(line(br, bl, across));
            out.push(line(bl, apex, left));
        } else {
            let (tl, tr, apex) = ([x, y], [x + 1.0, y], [x + 0.5, y + HEIGHT]);
            out.push(line(tl, tr, across));
            out.push(line(tr, apex, right));
            out.push(line(apex, tl, left));
        }
    }
}
