//! Upsilon: octagons and squares in turn (the truncated square tiling). On a `ROWSxCOLS`
//! board room `(r, c)` is an octagon when `r + c` is even, a square otherwise; an octagon
//! has eight neighbours (the squares beside it and the octagons on its diagonals), a square
//! four. Centres are one unit apart along rows and columns.
//!
//! ```
//! use mazegraph::tiling::{Upsilon, Tiles};
//! let u = Upsilon::new(&[3, 3], &Default::default()).unwrap();
//! let mut ns = Vec::new();
//! u.neighbours(4, &mut ns); // the centre octagon: all eight others
//! assert_eq!(ns.len(), 8);
//! ns.clear();
//! u.neighbours(1, &mut ns); // a square on the top row: left, right, below
//! assert_eq!(ns.len(), 3);
//! ```

use super::{check_rooms, line, two, Point, Side, Tiles};
use crate::error::Result;
use crate::grid::Limits;

/// Half an octagon's width (its apothem): √2 / 2, so that an octagon and a square beside it
/// are one unit apart.
const A: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// Half a side (of the octagon and of the square): 1 − √2 / 2.
const H: f64 = 1.0 - std::f64::consts::FRAC_1_SQRT_2;

/// A board of octagons and squares.
#[derive(Clone, Debug, PartialEq)]
pub struct Upsilon {
    rows: usize,
    cols: usize,
}

/// A corner of a room and the (row, col) step to the neighbour behind the side it starts.
type Corner = (Point, (i64, i64));

/// The octagon's corners (from the top right, clockwise on the page) and the neighbour
/// behind each side (corner k to k+1) as (row, col) steps.
const OCTAGON: [Corner; 8] = [
    ([H, -A], (-1, 1)),
    ([A, -H], (0, 1)),
    ([A, H], (1, 1)),
    ([H, A], (1, 0)),
    ([-H, A], (1, -1)),
    ([-A, H], (0, -1)),
    ([-A, -H], (-1, -1)),
    ([-H, -A], (-1, 0)),
];

/// The square's corners and the neighbour behind each side.
const SQUARE: [Corner; 4] = [
    ([H, -H], (0, 1)),
    ([H, H], (1, 0)),
    ([-H, H], (0, -1)),
    ([-H, -H], (-1, 0)),
];

impl Upsilon {
    /// A board of `[rows, cols]` rooms.
    pub fn new(size: &[usize], limits: &Limits) -> Result<Upsilon> {
        let (rows, cols) = two("upsilon", size)?;
        check_rooms((rows as u64).checked_mul(cols as u64), 8, limits)?;
        Ok(Upsilon { rows, cols })
    }

    /// The size as [`Upsilon::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        vec![self.rows, self.cols]
    }

    /// The smallest box holding every room.
    pub fn bounds(&self) -> [Point; 2] {
        // Room (0, 0) is an octagon; the last row and column hold one unless a single
        // square ends them.
        let reach = |last: usize, across: usize| {
            if across > 1 || last.is_multiple_of(2) {
                A
            } else {
                H
            }
        };
        [
            [-A, -A],
            [
                (self.cols - 1) as f64 + reach(self.cols - 1, self.rows),
                (self.rows - 1) as f64 + reach(self.rows - 1, self.cols),
            ],
        ]
    }

    fn shape(&self, room: u32) -> (i64, i64, &'static [Corner]) {
        let (r, c) = (room as usize / self.cols, room as usize % self.cols);
        let rooms: &[_] = if (r + c).is_multiple_of(2) {
            &OCTAGON
        } else {
            &SQUARE
        };
        (r as i64, c as i64, rooms)
    }

    #[inline]
    fn at(&self, r: i64, c: i64) -> Option<u32> {
        (r >= 0 && c >= 0 && r < self.rows as i64 && c < self.cols as i64)
            .then(|| (r as usize * self.cols + c as usize) as u32)
    }
}

impl Tiles for Upsilon {
    fn room_count(&self) -> usize {
        self.rows * self.cols
    }

    #[inline]
    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        let (r, c, shape) = self.shape(room);
        out.extend(
            shape
                .iter()
                .filter_map(|&(_, (dr, dc))| self.at(r + dr, c + dc)),
        );
    }

    fn label(&self, room: u32) -> Vec<i64> {
        let (r, c, _) = self.shape(room);
        vec![r, c]
    }

    fn room(&self, label: &[i64]) -> Option<u32> {
        let &[r, c] = label else { return None };
        self.at(r, c)
    }

    fn centre(&self, room: u32) -> Point {
        let (r, c, _) = self.shape(room);
        [c as f64, r as f64]
    }

    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        let (r, c, shape) = self.shape(room);
        let (x, y) = (c as f64, r as f64);
        let k = shape.len();
        for (i, &(p, (dr, dc))) in shape.iter().enumerate() {
            let q = shape[(i + 1) % k].0;
            out.push(line(
                [x + p[0], y + p[1]],
                [x + q[0], y + q[1]],
                self.at(r + dr, c + dc),
            ));
        }
    }
}
