//! Sigma: hexagons. A `ROWSxCOLS` board in offset rows (pointy-topped, odd rows shifted half a
//! room right) or offset columns (flat-topped, odd columns shifted half a room down), labels
//! `(row, col)`; or a hexagon-shaped board of side `N` in axial coordinates `(q, r)` (the
//! centre `(0, 0)`, `|q|, |r|, |q + r| < N`). Six neighbours inside, neighbouring centres one
//! unit apart.
//!
//! A flat-topped board is the pointy one transposed (rows and columns, `x` and `y` swapped),
//! so one set of rules serves both.
//!
//! ```
//! use mazegraph::tiling::{Sigma, Tiles};
//! let s = Sigma::new(&[3, 4], false, &Default::default()).unwrap();
//! assert_eq!(s.room_count(), 12);
//! let mut ns = Vec::new();
//! s.neighbours(5, &mut ns); // (1, 1): an odd row, shifted right
//! ns.sort();
//! assert_eq!(ns, vec![1, 2, 4, 6, 9, 10]);
//! let h = Sigma::new(&[3], false, &Default::default()).unwrap();
//! assert_eq!(h.room_count(), 19); // 3·3·2 + 1
//! assert_eq!(h.label(9), vec![0, 0]); // the centre
//! ```

use super::{check_rooms, line, two, Point, Side, Tiles};
use crate::error::{Error, Result};
use crate::grid::Limits;

/// √3 / 2: the rows' pitch.
const ROW: f64 = 0.866_025_403_784_438_6;
/// The hexagon's circumradius (corner distance) when neighbouring centres are 1 apart: 1/√3.
const RADIUS: f64 = 0.577_350_269_189_625_8;

/// The board's shape.
#[derive(Clone, Debug, PartialEq)]
enum Board {
    /// Rows and columns (of the pointy board: a flat board's columns and rows).
    Rect { rows: usize, cols: usize },
    /// A hexagon of this side; `starts[i]` is the first room of axial row `i - (side - 1)`.
    Hexagon { side: usize, starts: Vec<usize> },
}

/// A board of hexagons.
#[derive(Clone, Debug, PartialEq)]
pub struct Sigma {
    board: Board,
    flat: bool,
}

impl Sigma {
    /// A board of `[rows, cols]` hexagons, or a hexagon of side `[n]`; flat-topped when `flat`.
    pub fn new(size: &[usize], flat: bool, limits: &Limits) -> Result<Sigma> {
        let board = if let [n] = *size {
            if n == 0 {
                return Err(Error::InvalidArgument(
                    "a hexagon board needs a side of at least 1".into(),
                ));
            }
            let n64 = n as u64;
            // 3n(n-1) + 1 rooms.
            let rooms = n64
                .checked_mul(n64 - 1)
                .and_then(|x| x.checked_mul(3))
                .and_then(|x| x.checked_add(1));
            check_rooms(rooms, 6, limits)?;
            let mut starts = Vec::with_capacity(2 * n);
            let mut at = 0;
            for i in 0..2 * n - 1 {
                starts.push(at);
                at += 2 * n - 1 - i.abs_diff(n - 1);
            }
            starts.push(at);
            Board::Hexagon { side: n, starts }
        } else {
            let (r, c) = two(if flat { "sigma-flat" } else { "sigma" }, size)?;
            check_rooms((r as u64).checked_mul(c as u64), 6, limits)?;
            // The pointy board is the flat one transposed.
            let (rows, cols) = if flat { (c, r) } else { (r, c) };
            Board::Rect { rows, cols }
        };
        Ok(Sigma { board, flat })
    }

    /// True for flat-topped hexagons.
    pub fn is_flat(&self) -> bool {
        self.flat
    }

    /// The size as [`Sigma::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        match &self.board {
            Board::Rect { rows, cols } if self.flat => vec![*cols, *rows],
            Board::Rect { rows, cols } => vec![*rows, *cols],
            Board::Hexagon { side, .. } => vec![*side],
        }
    }

    /// The smallest box holding every room.
    pub fn bounds(&self) -> [Point; 2] {
        let (lo, hi) = match &self.board {
            Board::Rect { rows, cols } => {
                let shift = if *rows > 1 { 0.5 } else { 0.0 };
                (
                    [-0.5, -RADIUS],
                    [
                        *cols as f64 - 0.5 + shift,
                        ROW * (*rows as f64 - 1.0) + RADIUS,
                    ],
                )
            }
            Board::Hexagon { side, .. } => {
                let m = *side as f64 - 1.0;
                ([-m - 0.5, -ROW * m - RADIUS], [m + 0.5, ROW * m + RADIUS])
            }
        };
        if self.flat {
            [[lo[1], lo[0]], [hi[1], hi[0]]]
        } else {
            [lo, hi]
        }
    }

    /// Pointy-board coordinates of a room: `(row, col)` or axial `(q, r)`.
    #[inline]
    fn coords(&self, room: u32) -> (i64, i64) {
        let room = room as usize;
        match &self.board {
            Board::Rect { rows, cols } => {
                if self.flat {
                    // Flat rooms are numbered row-major on the flat board (rows = pointy cols).
                    let (fr, fc) = (room / *rows, room % *rows);
                    (fc as i64, fr as i64)
                } else {
                    ((room / cols) as i64, (room % cols) as i64)
                }
            }
            Board::Hexagon { side, starts } => {
                let i = starts.partition_point(|&s| s <= room) - 1;
                let r = i as i64 - (*side as i64 - 1);
                (q_min(*side, r) + (room - starts[i]) as i64, r)
            }
        }
    }

    /// The room at pointy-board coordinates, if on the board.
    #[inline]
    fn at(&self, a: i64, b: i64) -> Option<u32> {
        match &self.board {
            Board::Rect { rows, cols } => {
                if a < 0 || b < 0 || a >= *rows as i64 || b >= *cols as i64 {
                    return None;
                }
                let (a, b) = (a as usize, b as usize);
                Some(if self.flat {
                    b * rows + a
                } else {
                    a * cols + b
                } as u32)
            }
            Board::Hexagon { side, starts } => {
                let (q, r) = (a, b);
                let m = *side as i64 - 1;
                if r.abs() > m {
                    return None;
                }
                let lo = q_min(*side, r);
                let width = 2 * m + 1 - r.abs();
                if q < lo || q >= lo + width {
                    return None;
                }
                Some((starts[(r + m) as usize] + (q - lo) as usize) as u32)
            }
        }
    }

    /// The neighbour in direction `d` (NE, E, SE, SW, W, NW on the pointy board).
    #[inline]
    fn step(&self, (a, b): (i64, i64), d: usize) -> Option<u32> {
        let (da, db) = match self.board {
            Board::Rect { .. } => {
                let odd = a & 1;
                [
                    (-1, odd),
                    (0, 1),
                    (1, odd),
                    (1, odd - 1),
                    (0, -1),
                    (-1, odd - 1),
                ][d]
            }
            // Axial (q, r): the pairs are (dq, dr).
            Board::Hexagon { .. } => [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)][d],
        };
        self.at(a + da, b + db)
    }

    /// The pointy-board centre of a room.
    fn pointy_centre(&self, (a, b): (i64, i64)) -> Point {
        match self.board {
            Board::Rect { .. } => [b as f64 + 0.5 * (a & 1) as f64, ROW * a as f64],
            Board::Hexagon { .. } => [a as f64 + 0.5 * b as f64, ROW * b as f64],
        }
    }

    fn orient(&self, p: Point) -> Point {
        if self.flat {
            [p[1], p[0]]
        } else {
            p
        }
    }
}

/// The first `q` of axial row `r` on a hexagon of side `n`.
fn q_min(n: usize, r: i64) -> i64 {
    let m = n as i64 - 1;
    (-m).max(-m - r)
}

impl Tiles for Sigma {
    fn room_count(&self) -> usize {
        match &self.board {
            Board::Rect { rows, cols } => rows * cols,
            Board::Hexagon { starts, .. } => starts.last().copied().unwrap_or(0),
        }
    }

    #[inline]
    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        let c = self.coords(room);
        out.extend((0..6).filter_map(|d| self.step(c, d)));
    }

    fn label(&self, room: u32) -> Vec<i64> {
        let (a, b) = self.coords(room);
        match self.board {
            Board::Rect { .. } if self.flat => vec![b, a],
            _ => vec![a, b],
        }
    }

    fn room(&self, label: &[i64]) -> Option<u32> {
        match (label, &self.board) {
            (&[a, b], Board::Rect { .. }) if self.flat => self.at(b, a),
            (&[a, b], _) => self.at(a, b),
            _ => None,
        }
    }

    fn centre(&self, room: u32) -> Point {
        self.orient(self.pointy_centre(self.coords(room)))
    }

    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        let c = self.coords(room);
        let [x, y] = self.pointy_centre(c);
        // Corner k at -90° + 60°k; side k (corner k to k+1) faces direction k (NE first).
        let corner = |k: usize| {
            let t = (-90.0 + 60.0 * k as f64).to_radians();
            self.orient([x + RADIUS * t.cos(), y + RADIUS * t.sin()])
        };
        for d in 0..6 {
            out.push(line(corner(d), corner(d + 1), self.step(c, d)));
        }
    }
}
